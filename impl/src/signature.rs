//! Encoded signatures.

use crate::error::Error;
use crate::params::{ByteArray, ParameterSet};

/// An encoded ML-DSA signature (sigEncode's output): 2420, 3309 or 4627 bytes.
///
/// ```
/// use mldsa::Error;
/// use mldsa::ml_dsa_44::{Signature, SigningKey};
/// let sk = SigningKey::from_seed(&[7u8; 32]);
/// let sig = sk.sign_deterministic(b"message", b"")?;
/// assert_eq!(sig.as_ref().len(), 2420);
/// // Parsing checks only the length; `verify` decides the rest.
/// let received = Signature::try_from(sig.as_ref())?;
/// assert_eq!(received, sig);
/// let short = Signature::try_from(&sig.as_ref()[..100]);
/// assert_eq!(short, Err(Error::WrongLength));
/// # Ok::<(), mldsa::Error>(())
/// ```
pub struct Signature<P: ParameterSet> {
    pub(crate) bytes: P::SigBytes,
}

impl<P: ParameterSet> Signature<P> {
    /// The encoded bytes.
    ///
    /// ```
    /// use mldsa::ml_dsa_65::{Signature, SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let sig = sk.sign_deterministic(b"message", b"")?;
    /// let bytes: [u8; 3309] = sig.to_bytes();
    /// assert_eq!(&bytes[..], sig.as_ref());
    /// assert_eq!(Signature::try_from(&bytes[..])?, sig);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn to_bytes(&self) -> P::SigBytes {
        self.bytes
    }
}

impl<P: ParameterSet> AsRef<[u8]> for Signature<P> {
    fn as_ref(&self) -> &[u8] {
        self.bytes.as_ref()
    }
}

impl<P: ParameterSet> Clone for Signature<P> {
    fn clone(&self) -> Self {
        Signature { bytes: self.bytes }
    }
}

impl<P: ParameterSet> core::fmt::Debug for Signature<P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Signature<{}>({} bytes)", P::NAME, P::SIG_LEN)
    }
}

impl<P: ParameterSet> PartialEq for Signature<P> {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl<P: ParameterSet> Eq for Signature<P> {}

/// Accepts any byte string of the right length (whether it verifies is
/// decided by `verify`). A wrong length is `Error::WrongLength`.
impl<P: ParameterSet> TryFrom<&[u8]> for Signature<P> {
    type Error = Error;
    fn try_from(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() != P::SIG_LEN {
            return Err(Error::WrongLength);
        }
        let mut out = P::SigBytes::zeroed();
        out.as_mut().copy_from_slice(bytes);
        Ok(Signature { bytes: out })
    }
}
