//! The message representative mu = H(tr || M', 64), computed incrementally
//! (external mu: sign and verify from mu, FIPS 204 Algorithm 7 line 6 and
//! Algorithm 8 line 7 done by the caller).

use crate::dispatch::MuXof;
use crate::error::Error;
use crate::prehash::PreHash;

/// A 64-byte message representative mu.
///
/// ```
/// use mldsa::{Error, Mu, ml_dsa_65::SigningKey};
/// let sk = SigningKey::from_seed(&[7u8; 32]);
/// // mu received as bytes, e.g. from a party that hashed the message.
/// let mu = Mu::try_from(&[5u8; 64][..])?;
/// assert_eq!(mu, Mu([5u8; 64]));
/// assert_eq!(Mu::try_from(&[5u8; 63][..]), Err(Error::WrongLength));
/// let sig = sk.sign_mu_deterministic(&mu);
/// assert!(sk.verifying_key().verify_mu(&mu, sig.as_ref()).is_ok());
/// # Ok::<(), mldsa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mu(pub [u8; 64]);

impl Mu {
    /// The 64 bytes of mu.
    ///
    /// ```
    /// use mldsa::{Mu, MuBuilder, ml_dsa_65::SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let mut builder = MuBuilder::new(sk.verifying_key(), b"")?;
    /// builder.update(b"message");
    /// let mu = builder.finalize();
    /// let bytes: &[u8; 64] = mu.as_bytes();
    /// assert_eq!(Mu(*bytes), mu);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
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
/// assert!(vk.verify_with_context(b"a long message, streamed in pieces", sig.as_ref(), b"ctx").is_ok());
/// # Ok::<(), mldsa::Error>(())
/// ```
pub struct MuBuilder {
    xof: MuXof,
}

impl MuBuilder {
    /// Starts mu from tr = H(pk, 64) directly.
    ///
    /// ```
    /// use mldsa::{MuBuilder, ml_dsa_65::SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// // Only the 64-byte tr is needed, not the whole verifying key.
    /// let tr: [u8; 64] = *sk.verifying_key().tr();
    /// let mut builder = MuBuilder::from_tr(&tr, b"")?;
    /// builder.update(b"message");
    /// let sig = sk.sign_mu_deterministic(&builder.finalize());
    /// assert_eq!(sig, sk.sign_deterministic(b"message", b"")?);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn from_tr(tr: &[u8; 64], ctx: &[u8]) -> Result<Self, Error> {
        Self::start(tr, 0, ctx)
    }

    /// Starts pure ML-DSA's mu with the empty context (which cannot be too long).
    pub(crate) fn empty_context(tr: &[u8; 64]) -> Self {
        let mut xof = MuXof::new(tr);
        xof.update(&[0, 0]);
        MuBuilder { xof }
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
    ///
    /// ```
    /// use mldsa::{MuBuilder, ml_dsa_44::SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let mut pieces = MuBuilder::new(sk.verifying_key(), b"")?;
    /// pieces.update(b"hello, ").update(b"world");
    /// let mut whole = MuBuilder::new(sk.verifying_key(), b"")?;
    /// whole.update(b"hello, world");
    /// // How the message is split does not matter.
    /// assert_eq!(pieces.finalize(), whole.finalize());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn update(&mut self, piece: &[u8]) -> &mut Self {
        self.xof.update(piece);
        self
    }

    /// mu.
    ///
    /// ```
    /// use mldsa::{MuBuilder, ml_dsa_44::SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let mut builder = MuBuilder::new(sk.verifying_key(), b"")?;
    /// builder.update(b"message");
    /// let mu = builder.finalize();
    /// // Signing mu is signing the message under that context.
    /// let sig = sk.sign_deterministic(b"message", b"")?;
    /// assert_eq!(sk.sign_mu_deterministic(&mu), sig);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
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
#[cfg(feature = "hazmat")]
pub(crate) fn internal_mu(tr: &[u8; 64], m_prime: &[u8]) -> Mu {
    let mut xof = MuXof::new(tr);
    xof.update(m_prime);
    Mu(xof.finalize())
}
