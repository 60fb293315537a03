//! Verifying (public) keys and verification.

use crate::dispatch::ExpandedVerifyingKey;
use crate::error::Error;
use crate::mu::{Mu, MuBuilder, prehash_mu};
use crate::params::ParameterSet;
use crate::prehash::PreHash;

/// An ML-DSA verifying key (public key): the 1312, 1952 or 2592-byte
/// encoding and its hash tr, computed once.
///
/// ```
/// use mldsa::ml_dsa_44::{SigningKey, VerifyingKey};
/// let sk = SigningKey::from_seed(&[7u8; 32]);
/// let pk_bytes = sk.verifying_key().to_bytes();
/// let vk = VerifyingKey::try_from(&pk_bytes[..])?;
/// let sig = sk.sign_deterministic(b"hello", b"")?;
/// assert!(vk.verify_with_context(b"hello", sig.as_ref(), b"").is_ok());
/// assert!(VerifyingKey::try_from(&pk_bytes[1..]).is_err());
/// # Ok::<(), mldsa::Error>(())
/// ```
pub struct VerifyingKey<P: ParameterSet> {
    pub(crate) expanded: ExpandedVerifyingKey<P>,
}

impl<P: ParameterSet> Clone for VerifyingKey<P> {
    fn clone(&self) -> Self {
        *self
    }
}

/// Plain data (the encoded key and its hash), so that a signing key, which
/// holds one, can be copied out and wiped (see `SigningKey::copy_to_return`).
impl<P: ParameterSet> Copy for VerifyingKey<P> {}

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
        let mut vk = VerifyingKey {
            expanded: ExpandedVerifyingKey::zeroed(),
        };
        P::decode_verifying_key(pk, &mut vk.expanded)?;
        Ok(vk)
    }
}

impl<P: ParameterSet> VerifyingKey<P> {
    /// The encoded key (pkEncode).
    ///
    /// ```
    /// use mldsa::ml_dsa_44::{SigningKey, VerifyingKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let bytes: [u8; 1312] = sk.verifying_key().to_bytes();
    /// let vk = VerifyingKey::try_from(&bytes[..])?;
    /// assert_eq!(&vk, sk.verifying_key());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn to_bytes(&self) -> P::PkBytes {
        self.expanded.encoded
    }

    /// The encoded key, borrowed.
    ///
    /// ```
    /// use mldsa::ml_dsa_65::SigningKey;
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let vk = sk.verifying_key();
    /// assert_eq!(vk.as_bytes().len(), 1952);
    /// assert_eq!(vk.as_bytes(), &vk.to_bytes()[..]);
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        self.expanded.encoded.as_ref()
    }

    /// tr = H(pk, 64), the key's hash that mu starts with.
    ///
    /// ```
    /// use mldsa::ml_dsa_65::SigningKey;
    /// use sha3::Shake256;
    /// use sha3::digest::ExtendableOutput;
    /// let vk = SigningKey::from_seed(&[7u8; 32]).verifying_key().clone();
    /// let mut tr = [0u8; 64];
    /// Shake256::digest_xof(vk.as_bytes(), &mut tr); // H = SHAKE256
    /// assert_eq!(vk.tr(), &tr);
    /// ```
    pub fn tr(&self) -> &[u8; 64] {
        &self.expanded.tr
    }

    /// ML-DSA.Verify (FIPS 204 Algorithm 3): `Ok(())` if `sig` is a valid
    /// signature of `msg` under context `ctx`. Never panics: a context over
    /// 255 bytes is `ContextTooLong`, anything else wrong `InvalidSignature`.
    ///
    /// ```
    /// use mldsa::{Error, ml_dsa_65::SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let vk = sk.verifying_key();
    /// let sig = sk.sign_deterministic(b"message", b"ctx")?;
    /// assert_eq!(vk.verify_with_context(b"message", sig.as_ref(), b"ctx"), Ok(()));
    /// // Another message, another context or a cut signature: all rejected.
    /// let bad = Err(Error::InvalidSignature);
    /// assert_eq!(vk.verify_with_context(b"massage", sig.as_ref(), b"ctx"), bad);
    /// assert_eq!(vk.verify_with_context(b"message", sig.as_ref(), b"xtc"), bad);
    /// assert_eq!(vk.verify_with_context(b"message", &sig.as_ref()[1..], b"ctx"), bad);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn verify_with_context(&self, msg: &[u8], sig: &[u8], ctx: &[u8]) -> Result<(), Error> {
        let mut builder = MuBuilder::new(self, ctx)?;
        builder.update(msg);
        self.verify_mu(&builder.finalize(), sig)
    }

    /// HashML-DSA.Verify (Algorithm 5) of the message `msg`, hashed here with `ph`.
    ///
    /// ```
    /// use mldsa::{PreHash, ml_dsa_87::SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let (ph, msg) = (PreHash::Shake256, b"message");
    /// let sig = sk.sign_prehashed(ph, msg, b"", &[0u8; 32])?;
    /// let vk = sk.verifying_key();
    /// assert!(vk.verify_prehashed(ph, msg, sig.as_ref(), b"").is_ok());
    /// // The verifier must use the signer's hash function.
    /// let other = PreHash::Sha3_512;
    /// assert!(vk.verify_prehashed(other, msg, sig.as_ref(), b"").is_err());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn verify_prehashed(
        &self,
        ph: PreHash,
        msg: &[u8],
        sig: &[u8],
        ctx: &[u8],
    ) -> Result<(), Error> {
        ph.with_digest(msg, |digest| {
            self.verify_prehash_digest(ph, digest, sig, ctx)
        })
    }

    /// HashML-DSA.Verify from the caller's digest PH(M) (`WrongLength` if it
    /// is not the function's digest length).
    ///
    /// ```
    /// use mldsa::{Error, PreHash, ml_dsa_65::SigningKey};
    /// use sha3::{Digest, Sha3_256};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let ph = PreHash::Sha3_256;
    /// let sig = sk.sign_prehashed(ph, b"message", b"", &[0u8; 32])?;
    /// let (vk, sig) = (sk.verifying_key(), sig.as_ref());
    /// let digest = Sha3_256::digest(b"message"); // PH(M), computed by the verifier
    /// assert!(vk.verify_prehash_digest(ph, &digest, sig, b"").is_ok());
    /// // The digest must have the function's length (32 bytes for SHA3-256).
    /// let short = vk.verify_prehash_digest(ph, &digest[..16], sig, b"");
    /// assert_eq!(short, Err(Error::WrongLength));
    /// # Ok::<(), mldsa::Error>(())
    /// ```
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
    ///
    /// ```
    /// use mldsa::{Mu, MuBuilder, ml_dsa_44::SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let vk = sk.verifying_key();
    /// let sig = sk.sign_deterministic(b"message", b"")?;
    /// let mut builder = MuBuilder::new(vk, b"")?;
    /// builder.update(b"message");
    /// assert!(vk.verify_mu(&builder.finalize(), sig.as_ref()).is_ok());
    /// assert!(vk.verify_mu(&Mu([0u8; 64]), sig.as_ref()).is_err());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn verify_mu(&self, mu: &Mu, sig: &[u8]) -> Result<(), Error> {
        if P::verify(&self.expanded, &mu.0, sig) {
            Ok(())
        } else {
            Err(Error::InvalidSignature)
        }
    }
}

// `MuBuilder`'s constructor from a verifying key, here so that `mu` does not
// depend on this module (which depends on it).
impl MuBuilder {
    /// Starts mu for messages to be verified with `vk` under context `ctx`
    /// (at most 255 bytes).
    ///
    /// ```
    /// use mldsa::{Error, MuBuilder, ml_dsa_65::SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let mut builder = MuBuilder::new(sk.verifying_key(), b"ctx")?;
    /// builder.update(b"message");
    /// let sig = sk.sign_mu_deterministic(&builder.finalize());
    /// let vk = sk.verifying_key();
    /// assert!(vk.verify_with_context(b"message", sig.as_ref(), b"ctx").is_ok());
    /// let long = MuBuilder::new(sk.verifying_key(), &[0u8; 256]);
    /// assert_eq!(long.err(), Some(Error::ContextTooLong));
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn new<P: ParameterSet>(vk: &VerifyingKey<P>, ctx: &[u8]) -> Result<Self, Error> {
        Self::from_tr(vk.tr(), ctx)
    }
}
