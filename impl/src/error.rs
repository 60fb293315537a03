//! Typed errors.

use core::fmt;

/// Why an ML-DSA operation failed.
///
/// ```
/// use mldsa::Error;
/// use mldsa::ml_dsa_65::{SigningKey, VerifyingKey};
/// // 100 bytes are not an ML-DSA-65 public key (1952 bytes).
/// let outcome = match VerifyingKey::try_from(&[0u8; 100][..]) {
///     Ok(_) => "key accepted",
///     Err(Error::WrongLength) => "wrong length",
///     Err(_) => "other error", // `Error` is non-exhaustive
/// };
/// assert_eq!(outcome, "wrong length");
/// let sk = SigningKey::from_seed(&[7u8; 32]);
/// let err = sk.sign_deterministic(b"message", &[0u8; 256]).unwrap_err();
/// assert_eq!(err.to_string(), "context string longer than 255 bytes");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The context string is longer than 255 bytes.
    ContextTooLong,
    /// A key, signature, seed or mu has the wrong number of bytes.
    WrongLength,
    /// An expanded signing key that is not a valid ML-DSA key: s1 or s2 out
    /// of [-eta, eta], or t0 / tr inconsistent with the rest.
    MalformedKey,
    /// A signature whose hint encoding is malformed.
    MalformedSignature,
    /// The signature does not verify.
    InvalidSignature,
    /// The random number generator failed.
    RandomnessFailure,
    /// An encoded key (PKCS#8, SPKI, PEM) refused, and why.
    Encoding(crate::encoding::EncodingError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Error::ContextTooLong => "context string longer than 255 bytes",
            Error::WrongLength => "input has the wrong length",
            Error::MalformedKey => "malformed ML-DSA signing key",
            Error::MalformedSignature => "malformed ML-DSA signature",
            Error::InvalidSignature => "invalid ML-DSA signature",
            Error::RandomnessFailure => "random number generator failed",
            Error::Encoding(e) => return fmt::Display::fmt(e, f),
        })
    }
}

impl core::error::Error for Error {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Error::Encoding(e) => Some(e),
            _ => None,
        }
    }
}
