//! Typed errors.

use core::fmt;

/// Why an ML-DSA operation failed.
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
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}
