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
    Encoding(EncodingError),
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

/// Why an encoded key was refused (inside [`Error::Encoding`]).
///
/// ```
/// use mldsa::encoding::EncodingError;
/// use mldsa::{Error, ml_dsa_44, ml_dsa_65};
/// let sk = ml_dsa_65::SigningKey::from_seed(&[1u8; 32]);
/// let pem = sk.pkcs8_pem(Default::default())?;
/// // An ML-DSA-65 key read as an ML-DSA-44 key.
/// let err = ml_dsa_44::SigningKey::decode_pkcs8_pem(&pem).unwrap_err();
/// let expected = EncodingError::WrongParameterSet { expected: "ML-DSA-44", found: "ML-DSA-65" };
/// assert_eq!(err, Error::Encoding(expected));
/// assert_eq!(err.to_string(), "expected an ML-DSA-44 key, found an ML-DSA-65 key");
/// # Ok::<(), mldsa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EncodingError {
    /// Not DER, or not the ASN.1 structure expected (PKCS#8 `PrivateKeyInfo`,
    /// SPKI, or the `ML-DSA-PrivateKey` CHOICE).
    MalformedDer,
    /// Bytes after the end of the DER structure.
    TrailingBytes,
    /// Not PEM (RFC 7468), or PEM with bad base64.
    MalformedPem,
    /// PEM whose label is not the one expected.
    WrongPemLabel {
        /// The label expected, `PRIVATE KEY` or `PUBLIC KEY`.
        expected: &'static str,
    },
    /// An algorithm OID that is not one of ML-DSA's three.
    UnknownAlgorithm,
    /// A key of another ML-DSA parameter set.
    WrongParameterSet {
        /// The parameter set expected.
        expected: &'static str,
        /// The parameter set the key is for.
        found: &'static str,
    },
    /// Algorithm parameters present (RFC 9881: they must be absent).
    ParametersPresent,
    /// A PKCS#8 version other than v1 (or v2 with a public key).
    WrongVersion,
    /// A seed, expanded key or public key of the wrong length.
    WrongLength {
        /// What had the wrong length: "seed", "expanded key" or "public key".
        field: &'static str,
        /// The length expected in bytes.
        expected: usize,
        /// The length found.
        found: usize,
    },
    /// A public key BIT STRING with unused bits.
    UnusedBits,
    /// The `both` form whose seed does not regenerate its expanded key.
    SeedMismatch,
    /// A PKCS#8 v2 key whose public key is not the private key's.
    PublicKeyMismatch,
    /// The seed form requested for a key that has no seed (imported expanded).
    NoSeed,
    /// The output buffer is too small.
    BufferTooSmall,
}

impl fmt::Display for EncodingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodingError::MalformedDer => f.write_str("not a DER key of the expected structure"),
            EncodingError::TrailingBytes => f.write_str("trailing bytes after the DER key"),
            EncodingError::MalformedPem => f.write_str("malformed PEM"),
            EncodingError::WrongPemLabel { expected } => {
                write!(
                    f,
                    "expected the PEM label \"{expected}\", found another label"
                )
            }
            EncodingError::UnknownAlgorithm => f.write_str("the algorithm OID is not ML-DSA"),
            EncodingError::WrongParameterSet { expected, found } => {
                write!(f, "expected an {expected} key, found an {found} key")
            }
            EncodingError::ParametersPresent => {
                f.write_str("algorithm parameters present (RFC 9881: absent)")
            }
            EncodingError::WrongVersion => f.write_str("unsupported PKCS#8 version"),
            EncodingError::WrongLength {
                field,
                expected,
                found,
            } => write!(f, "expected a {expected}-byte {field}, found {found} bytes"),
            EncodingError::UnusedBits => f.write_str("public key BIT STRING with unused bits"),
            EncodingError::SeedMismatch => {
                f.write_str("the seed does not regenerate the expanded key (`both` form)")
            }
            EncodingError::PublicKeyMismatch => {
                f.write_str("the public key is not the private key's")
            }
            EncodingError::NoSeed => f.write_str("the key has no seed (imported expanded)"),
            EncodingError::BufferTooSmall => f.write_str("output buffer too small"),
        }
    }
}

impl core::error::Error for EncodingError {}

impl From<EncodingError> for Error {
    fn from(e: EncodingError) -> Error {
        Error::Encoding(e)
    }
}
