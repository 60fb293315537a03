//! The reasons an encoded key is refused ([`EncodingError`]), and the
//! helpers that turn `der`'s errors and wrong lengths into them.

use core::fmt;

use der::{Encode, ErrorKind, Tag, TagNumber};

use crate::error::Error;

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

/// A `der` error as ours: trailing data is told apart, the rest is malformed.
pub(super) fn der_error(e: der::Error) -> Error {
    match e.kind() {
        ErrorKind::TrailingData { .. } => EncodingError::TrailingBytes.into(),
        _ => EncodingError::MalformedDer.into(),
    }
}

/// A `der` error from decoding `PrivateKeyInfo`: its only INTEGER is the
/// version, and a public key [1] present or absent against the version is a
/// version error too.
pub(super) fn pkcs8_der_error(e: der::Error) -> Error {
    match e.kind() {
        ErrorKind::Value { tag: Tag::Integer } => EncodingError::WrongVersion.into(),
        ErrorKind::Value {
            tag:
                Tag::ContextSpecific {
                    number: TagNumber(1),
                    ..
                },
        } => EncodingError::WrongVersion.into(),
        _ => der_error(e),
    }
}

/// [`EncodingError::WrongLength`] for `field` unless `bytes` has `expected`
/// bytes.
pub(super) fn check_len(field: &'static str, expected: usize, bytes: &[u8]) -> Result<(), Error> {
    if bytes.len() != expected {
        return Err(EncodingError::WrongLength {
            field,
            expected,
            found: bytes.len(),
        }
        .into());
    }
    Ok(())
}

/// Writes `value` as DER into `out` and returns the encoding, a prefix of
/// `out`; [`EncodingError::BufferTooSmall`] if `out` is too short.
pub(super) fn encode_into<'o, T: Encode>(value: &T, out: &'o mut [u8]) -> Result<&'o [u8], Error> {
    value.encode_to_slice(out).map_err(|e| match e.kind() {
        ErrorKind::Overlength | ErrorKind::Overflow => EncodingError::BufferTooSmall.into(),
        _ => der_error(e),
    })
}
