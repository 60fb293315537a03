//! Verifying (public) keys and verification.

use crate::algorithms::ExpandedVerifyingKey;
use crate::dispatch;
use crate::error::Error;
use crate::mu::{Mu, MuBuilder, prehash_mu};
use crate::params::ParameterSet;
use crate::prehash::PreHash;

/// An ML-DSA verifying key (public key), decoded once: 1312, 1952 or 2592
/// bytes encoded.
///
/// ```
/// use mldsa::ml_dsa_44::{SigningKey, VerifyingKey};
/// let sk = SigningKey::from_seed(&[7u8; 32]);
/// let pk_bytes = sk.verifying_key().to_bytes();
/// let vk = VerifyingKey::try_from(&pk_bytes[..])?;
/// let sig = sk.sign_deterministic(b"hello", b"")?;
/// assert!(vk.verify(b"hello", sig.as_ref(), b"").is_ok());
/// assert!(VerifyingKey::try_from(&pk_bytes[1..]).is_err());
/// # Ok::<(), mldsa::Error>(())
/// ```
pub struct VerifyingKey<P: ParameterSet> {
    pub(crate) expanded: ExpandedVerifyingKey<P>,
}

impl<P: ParameterSet> Clone for VerifyingKey<P> {
    fn clone(&self) -> Self {
        VerifyingKey {
            expanded: self.expanded.clone(),
        }
    }
}

impl<P: ParameterSet> core::fmt::Debug for VerifyingKey<P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "VerifyingKey<{}>", P::NAME)
    }
}

impl<P: ParameterSet> PartialEq for VerifyingKey<P> {
    fn eq(&self, other: &Self) -> bool {
        self.expanded.encoded == other.expanded.encoded
    }
}

impl<P: ParameterSet> Eq for VerifyingKey<P> {}

impl<P: ParameterSet> TryFrom<&[u8]> for VerifyingKey<P> {
    type Error = Error;
    /// pkDecode: any byte string of the right length is a key.
    fn try_from(pk: &[u8]) -> Result<Self, Error> {
        Ok(VerifyingKey {
            expanded: dispatch::decode_verifying_key::<P>(pk)?,
        })
    }
}

impl<P: ParameterSet> VerifyingKey<P> {
    /// The encoded key (pkEncode).
    pub fn to_bytes(&self) -> P::PkBytes {
        self.expanded.encoded.clone()
    }

    /// The encoded key, borrowed.
    pub fn as_bytes(&self) -> &[u8] {
        self.expanded.encoded.as_ref()
    }

    /// tr = H(pk, 64), the key's hash that mu starts with.
    pub fn tr(&self) -> &[u8; 64] {
        &self.expanded.tr
    }

    /// ML-DSA.Verify (FIPS 204 Algorithm 3): `Ok(())` if `sig` is a valid
    /// signature of `msg` under context `ctx`. Never panics: a context over
    /// 255 bytes is `ContextTooLong`, anything else wrong `InvalidSignature`.
    pub fn verify(&self, msg: &[u8], sig: &[u8], ctx: &[u8]) -> Result<(), Error> {
        let mut builder = MuBuilder::new(self, ctx)?;
        builder.update(msg);
        self.verify_mu(&builder.finalize(), sig)
    }

    /// HashML-DSA.Verify (Algorithm 5) of the message `msg`, hashed here with `ph`.
    pub fn verify_prehashed(
        &self,
        ph: PreHash,
        msg: &[u8],
        sig: &[u8],
        ctx: &[u8],
    ) -> Result<(), Error> {
        let mut digest = [0u8; 64];
        let n = ph.digest_into(msg, &mut digest);
        self.verify_prehash_digest(ph, &digest[..n], sig, ctx)
    }

    /// HashML-DSA.Verify from the caller's digest PH(M) (`WrongLength` if it
    /// is not the function's digest length).
    pub fn verify_prehash_digest(
        &self,
        ph: PreHash,
        digest: &[u8],
        sig: &[u8],
        ctx: &[u8],
    ) -> Result<(), Error> {
        let mu = prehash_mu(&self.expanded.tr, ctx, ph, digest)?;
        self.verify_mu(&mu, sig)
    }

    /// Verify_internal from a message representative mu (external mu).
    pub fn verify_mu(&self, mu: &Mu, sig: &[u8]) -> Result<(), Error> {
        if dispatch::verify::<P>(&self.expanded, &mu.0, sig) {
            Ok(())
        } else {
            Err(Error::InvalidSignature)
        }
    }
}
