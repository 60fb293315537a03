//! The helpers that turn `der`'s errors and wrong lengths into the reasons
//! an encoded key is refused ([`EncodingError`], defined with the crate's
//! [`Error`] in `crate::error`).

use der::{Encode, ErrorKind, Tag, TagNumber};

pub use crate::error::EncodingError;
use crate::error::Error;

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
