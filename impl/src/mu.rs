//! The message representative mu = H(tr || M', 64), computed incrementally
//! (external mu: sign and verify from mu, FIPS 204 Algorithm 7 line 6 and
//! Algorithm 8 line 7 done by the caller).

use crate::dispatch::MuXof;
use crate::error::Error;
use crate::params::ParameterSet;
use crate::prehash::PreHash;
use crate::verifying_key::VerifyingKey;

/// A 64-byte message representative mu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mu(pub [u8; 64]);

impl Mu {
    /// The 64 bytes of mu.
    pub fn as_bytes(&self) -> &[u8; 64] {
        &self.0
    }
}

impl TryFrom<&[u8]> for Mu {
    type Error = Error;
    fn try_from(bytes: &[u8]) -> Result<Self, Error> {
        <[u8; 64]>::try_from(bytes)
            .map(Mu)
            .map_err(|_| Error::WrongLength)
    }
}

/// Computes mu for pure ML-DSA from a message given in pieces:
/// mu = H(tr || 0 || |ctx| || ctx || M, 64).
///
/// ```
/// # use mldsa::ml_dsa_65::SigningKey;
/// # use mldsa::MuBuilder;
/// let sk = SigningKey::from_seed(&[1u8; 32]);
/// let vk = sk.verifying_key();
/// let mut builder = MuBuilder::new(vk, b"ctx")?;
/// builder.update(b"a long message, ");
/// builder.update(b"streamed in pieces");
/// let mu = builder.finalize();
/// let sig = sk.sign_mu_deterministic(&mu);
/// assert!(vk.verify_mu(&mu, sig.as_ref()).is_ok());
/// assert!(vk.verify(b"a long message, streamed in pieces", sig.as_ref(), b"ctx").is_ok());
/// # Ok::<(), mldsa::Error>(())
/// ```
pub struct MuBuilder {
    xof: MuXof,
}

impl MuBuilder {
    /// Starts mu for messages to be verified with `vk` under context `ctx`
    /// (at most 255 bytes).
    pub fn new<P: ParameterSet>(vk: &VerifyingKey<P>, ctx: &[u8]) -> Result<Self, Error> {
        Self::from_tr(vk.tr(), ctx)
    }

    /// Starts mu from tr = H(pk, 64) directly.
    pub fn from_tr(tr: &[u8; 64], ctx: &[u8]) -> Result<Self, Error> {
        Self::start(tr, 0, ctx)
    }

    fn start(tr: &[u8; 64], domain: u8, ctx: &[u8]) -> Result<Self, Error> {
        if ctx.len() > 255 {
            return Err(Error::ContextTooLong);
        }
        let mut xof = MuXof::new(tr);
        xof.update(&[domain, ctx.len() as u8]);
        xof.update(ctx);
        Ok(MuBuilder { xof })
    }

    /// Absorbs the next piece of the message.
    pub fn update(&mut self, piece: &[u8]) -> &mut Self {
        self.xof.update(piece);
        self
    }

    /// mu.
    pub fn finalize(self) -> Mu {
        Mu(self.xof.finalize())
    }
}

/// mu for HashML-DSA: H(tr || 1 || |ctx| || ctx || OID || PH_M, 64), where
/// `digest` is PH(M) and must have the function's digest length.
pub(crate) fn prehash_mu(
    tr: &[u8; 64],
    ctx: &[u8],
    ph: PreHash,
    digest: &[u8],
) -> Result<Mu, Error> {
    if digest.len() != ph.digest_len() {
        return Err(Error::WrongLength);
    }
    let mut builder = MuBuilder::start(tr, 1, ctx)?;
    builder.xof.update(&ph.oid());
    builder.xof.update(digest);
    Ok(builder.finalize())
}

/// mu for the FIPS 204 internal interface: H(tr || M', 64) on M' as given.
pub(crate) fn internal_mu(tr: &[u8; 64], m_prime: &[u8]) -> Mu {
    let mut xof = MuXof::new(tr);
    xof.update(m_prime);
    Mu(xof.finalize())
}
