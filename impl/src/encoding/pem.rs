//! PEM (RFC 7468) around the DER of the two formats: the `*_pem` methods of
//! the keys, and [`pem_or_der`] for key files that may hold either.

use alloc::string::String;
use alloc::vec::Vec;

use const_oid::AssociatedOid;
use der::pem::LineEnding;
use zeroize::Zeroizing;

use super::error::EncodingError;
use super::private_key::{PKCS8_MAX_LEN, PrivateKeyFormat};
use super::public_key::SPKI_MAX_LEN;
use super::{PRIVATE_KEY_PEM_LABEL, PUBLIC_KEY_PEM_LABEL};
use crate::error::Error;
use crate::params::ParameterSet;
use crate::signing_key::{Compact, KeyForm, SigningKey};
use crate::verifying_key::VerifyingKey;

impl<P: ParameterSet + AssociatedOid, F: KeyForm> SigningKey<P, F> {
    /// The PEM PKCS#8 encoding (label `PRIVATE KEY`, LF line endings) in
    /// `format`.
    ///
    /// # Errors
    ///
    /// [`EncodingError::NoSeed`] for the seed or `both` form of a key
    /// that has no seed.
    ///
    /// ```
    /// use mldsa::encoding::PrivateKeyFormat;
    /// use mldsa::ml_dsa_44::SigningKey;
    /// let sk = SigningKey::from_seed(&[1u8; 32]);
    /// let pem = sk.pkcs8_pem(PrivateKeyFormat::Seed)?;
    /// assert!(pem.starts_with("-----BEGIN PRIVATE KEY-----\n"));
    /// assert_eq!(SigningKey::decode_pkcs8_pem(&pem)?.seed(), Some(&[1u8; 32]));
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "pem")))]
    pub fn pkcs8_pem(&self, format: PrivateKeyFormat) -> Result<Zeroizing<String>, Error> {
        let mut buf = Zeroizing::new([0u8; PKCS8_MAX_LEN]);
        let der = self.encode_pkcs8_der(format, buf.as_mut())?;
        der::pem::encode_string(PRIVATE_KEY_PEM_LABEL, LineEnding::LF, der)
            .map(Zeroizing::new)
            .map_err(|_| EncodingError::MalformedPem.into())
    }
}

impl<P: ParameterSet + AssociatedOid> SigningKey<P, Compact> {
    /// Reads a PEM PKCS#8 private key (label `PRIVATE KEY`), with the
    /// checks of [`SigningKey::decode_pkcs8_der`].
    ///
    /// # Errors
    ///
    /// [`EncodingError::MalformedPem`], [`EncodingError::WrongPemLabel`],
    /// or any error of [`SigningKey::decode_pkcs8_der`].
    ///
    /// ```
    /// use mldsa::encoding::EncodingError;
    /// use mldsa::{Error, ml_dsa_65::SigningKey};
    /// let sk = SigningKey::from_seed(&[1u8; 32]);
    /// let pem = sk.pkcs8_pem(Default::default())?;
    /// assert_eq!(SigningKey::decode_pkcs8_pem(&pem)?.verifying_key(), sk.verifying_key());
    /// // A public key where a private key was expected.
    /// let public = sk.verifying_key().spki_pem()?;
    /// let err = SigningKey::decode_pkcs8_pem(&public).unwrap_err();
    /// assert_eq!(err, Error::Encoding(EncodingError::WrongPemLabel { expected: "PRIVATE KEY" }));
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "pem")))]
    pub fn decode_pkcs8_pem(pem: &str) -> Result<Self, Error> {
        let der = pem_decode(pem, PRIVATE_KEY_PEM_LABEL)?;
        Self::decode_pkcs8_der(&der)
    }
}

impl<P: ParameterSet + AssociatedOid> VerifyingKey<P> {
    /// The PEM SPKI encoding (label `PUBLIC KEY`, LF line endings).
    ///
    /// # Errors
    ///
    /// None in practice; the `Result` is `der`'s.
    ///
    /// ```
    /// use mldsa::ml_dsa_44::{SigningKey, VerifyingKey};
    /// let sk = SigningKey::from_seed(&[1u8; 32]);
    /// let pem = sk.verifying_key().spki_pem()?;
    /// assert!(pem.starts_with("-----BEGIN PUBLIC KEY-----\n"));
    /// assert_eq!(&VerifyingKey::decode_spki_pem(&pem)?, sk.verifying_key());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "pem")))]
    pub fn spki_pem(&self) -> Result<String, Error> {
        let mut buf = [0u8; SPKI_MAX_LEN];
        let der = self.encode_spki_der(&mut buf)?;
        der::pem::encode_string(PUBLIC_KEY_PEM_LABEL, LineEnding::LF, der)
            .map_err(|_| EncodingError::MalformedPem.into())
    }

    /// Reads a PEM SPKI public key (label `PUBLIC KEY`), with the checks
    /// of [`VerifyingKey::decode_spki_der`].
    ///
    /// # Errors
    ///
    /// [`EncodingError::MalformedPem`], [`EncodingError::WrongPemLabel`],
    /// or any error of [`VerifyingKey::decode_spki_der`].
    ///
    /// ```
    /// use mldsa::encoding::EncodingError;
    /// use mldsa::{Error, ml_dsa_44::VerifyingKey};
    /// let err = VerifyingKey::decode_spki_pem("not PEM").unwrap_err();
    /// assert_eq!(err, Error::Encoding(EncodingError::MalformedPem));
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "pem")))]
    pub fn decode_spki_pem(pem: &str) -> Result<Self, Error> {
        let der = pem_decode(pem, PUBLIC_KEY_PEM_LABEL)?;
        Self::decode_spki_der(&der)
    }
}

/// The DER inside a PEM document with label `label`. It may be a private
/// key: the buffer is allocated at its final size and wrapped in
/// `Zeroizing` before anything is decoded into it, so it is wiped on every
/// path, a decoding error half way included (`der::pem::decode_vec` frees
/// its buffer unwiped then).
pub(crate) fn pem_decode(pem: &str, label: &'static str) -> Result<Zeroizing<Vec<u8>>, Error> {
    let mut decoder =
        der::pem::Decoder::new(pem.as_bytes()).map_err(|_| EncodingError::MalformedPem)?;
    let found = decoder.type_label();
    let mut der = Zeroizing::new(alloc::vec![0u8; decoder.remaining_len()]);
    if decoder.decode(&mut der).is_err() || !decoder.is_finished() {
        return Err(EncodingError::MalformedPem.into());
    }
    if found != label {
        return Err(EncodingError::WrongPemLabel { expected: label }.into());
    }
    Ok(der)
}

/// Reads a DER or PEM key file's contents: the DER, decoded from PEM when the
/// input starts with `-----BEGIN` (after whitespace).
///
/// # Errors
///
/// [`EncodingError::MalformedPem`] or [`EncodingError::WrongPemLabel`] for
/// PEM input; DER input is returned as is.
///
/// ```
/// use mldsa::encoding::{PUBLIC_KEY_PEM_LABEL, pem_or_der};
/// use mldsa::ml_dsa_44::{SigningKey, VerifyingKey};
/// let vk = SigningKey::from_seed(&[1u8; 32]).verifying_key().clone();
/// let pem = vk.spki_pem()?;
/// let der = vk.spki_der()?;
/// for input in [pem.as_bytes(), der.as_bytes()] {
///     let bytes = pem_or_der(input, PUBLIC_KEY_PEM_LABEL)?;
///     assert_eq!(VerifyingKey::decode_spki_der(&bytes)?, vk);
/// }
/// # Ok::<(), mldsa::Error>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "pem")))]
pub fn pem_or_der(input: &[u8], label: &'static str) -> Result<Zeroizing<Vec<u8>>, Error> {
    let start = input
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(input.len());
    if input[start..].starts_with(b"-----BEGIN") {
        let text = core::str::from_utf8(input).map_err(|_| EncodingError::MalformedPem)?;
        pem_decode(text.trim(), label)
    } else {
        Ok(Zeroizing::new(input.to_vec()))
    }
}
