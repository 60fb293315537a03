//! SPKI public keys (`SubjectPublicKeyInfo`) of RFC 9881, as DER: into a
//! caller's buffer or, with `alloc`, a document; and the `spki` crate's
//! traits over the same code.

use const_oid::AssociatedOid;
use der::Decode;
use der::asn1::BitStringRef;
use spki::{AlgorithmIdentifier, SubjectPublicKeyInfoRef};

#[cfg(feature = "alloc")]
use der::Document;

use super::algorithm::check_algorithm;
use super::error::{EncodingError, check_len, der_error, encode_into};
use crate::error::Error;
use crate::params::ParameterSet;
use crate::verifying_key::VerifyingKey;

/// The largest SPKI encoding (ML-DSA-87): a buffer of this size always fits
/// [`VerifyingKey::encode_spki_der`].
///
/// ```
/// use mldsa::encoding::SPKI_MAX_LEN;
/// use mldsa::ml_dsa_87::SigningKey;
/// let sk = SigningKey::from_seed(&[1u8; 32]);
/// let mut buf = [0u8; SPKI_MAX_LEN];
/// assert_eq!(sk.verifying_key().encode_spki_der(&mut buf)?.len(), SPKI_MAX_LEN);
/// # Ok::<(), mldsa::Error>(())
/// ```
// 2592: ML-DSA-87's `PK_LEN`, also where its feature is off.
pub const SPKI_MAX_LEN: usize = 4 + 13 + 5 + 2592;

impl<P: ParameterSet + AssociatedOid> VerifyingKey<P> {
    /// Reads a DER SPKI public key (RFC 9881: P's OID, no parameters).
    ///
    /// # Errors
    ///
    /// [`Error::Encoding`] with the reason: malformed DER, trailing bytes,
    /// another algorithm or parameter set, parameters present, unused bits,
    /// a key of the wrong length.
    ///
    /// ```
    /// use mldsa::encoding::{EncodingError, SPKI_MAX_LEN};
    /// use mldsa::{Error, ml_dsa_44, ml_dsa_87};
    /// let sk = ml_dsa_87::SigningKey::from_seed(&[1u8; 32]);
    /// let mut buf = [0u8; SPKI_MAX_LEN];
    /// let der = sk.verifying_key().encode_spki_der(&mut buf)?;
    /// assert_eq!(&ml_dsa_87::VerifyingKey::decode_spki_der(der)?, sk.verifying_key());
    /// let err = ml_dsa_44::VerifyingKey::decode_spki_der(der).unwrap_err();
    /// assert!(matches!(err, Error::Encoding(EncodingError::WrongParameterSet { .. })));
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn decode_spki_der(der: &[u8]) -> Result<Self, Error> {
        let info = SubjectPublicKeyInfoRef::from_der(der).map_err(der_error)?;
        Self::from_spki(&info)
    }

    fn from_spki(info: &SubjectPublicKeyInfoRef<'_>) -> Result<Self, Error> {
        check_algorithm::<P>(&info.algorithm)?;
        let pk = info
            .subject_public_key
            .as_bytes()
            .ok_or(EncodingError::UnusedBits)?;
        check_len("public key", P::PK_LEN, pk)?;
        VerifyingKey::try_from(pk)
    }

    /// Writes the key as DER SPKI into `out` and returns the encoding, a
    /// prefix of `out`. [`SPKI_MAX_LEN`] bytes always suffice.
    ///
    /// # Errors
    ///
    /// [`EncodingError::BufferTooSmall`] if `out` is too short.
    ///
    /// ```
    /// use mldsa::ml_dsa_44::{SigningKey, VerifyingKey};
    /// let sk = SigningKey::from_seed(&[1u8; 32]);
    /// let mut buf = [0u8; 1400];
    /// let der = sk.verifying_key().encode_spki_der(&mut buf)?;
    /// assert_eq!(der.len(), 1334); // 1312-byte key, 22 bytes of DER around it
    /// assert_eq!(&VerifyingKey::decode_spki_der(der)?, sk.verifying_key());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn encode_spki_der<'o>(&self, out: &'o mut [u8]) -> Result<&'o [u8], Error> {
        encode_into(&self.spki()?, out)
    }

    fn spki(&self) -> Result<SubjectPublicKeyInfoRef<'_>, Error> {
        Ok(SubjectPublicKeyInfoRef {
            algorithm: AlgorithmIdentifier {
                oid: P::OID,
                parameters: None,
            },
            subject_public_key: BitStringRef::from_bytes(self.as_bytes()).map_err(der_error)?,
        })
    }
}

/// For `spki::DecodePublicKey` (blanket over this impl): the same checks as
/// [`VerifyingKey::decode_spki_der`], with `spki`'s coarser error type.
impl<P: ParameterSet + AssociatedOid> TryFrom<SubjectPublicKeyInfoRef<'_>> for VerifyingKey<P> {
    type Error = spki::Error;
    fn try_from(info: SubjectPublicKeyInfoRef<'_>) -> Result<Self, spki::Error> {
        Self::from_spki(&info).map_err(|e| match e {
            Error::Encoding(EncodingError::UnknownAlgorithm)
            | Error::Encoding(EncodingError::WrongParameterSet { .. }) => spki::Error::OidUnknown {
                oid: info.algorithm.oid,
            },
            _ => spki::Error::KeyMalformed,
        })
    }
}

#[cfg(feature = "alloc")]
impl<P: ParameterSet + AssociatedOid> VerifyingKey<P> {
    /// The DER SPKI encoding as a document.
    ///
    /// # Errors
    ///
    /// None in practice (the encoding of a valid key always succeeds);
    /// the `Result` is `der`'s.
    ///
    /// ```
    /// use mldsa::ml_dsa_65::{SigningKey, VerifyingKey};
    /// let sk = SigningKey::from_seed(&[1u8; 32]);
    /// let doc = sk.verifying_key().spki_der()?;
    /// assert_eq!(&VerifyingKey::decode_spki_der(doc.as_bytes())?, sk.verifying_key());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn spki_der(&self) -> Result<Document, Error> {
        let mut buf = [0u8; SPKI_MAX_LEN];
        let der = self.encode_spki_der(&mut buf)?;
        Document::try_from(der).map_err(der_error)
    }
}

/// For `spki::EncodePublicKey`.
#[cfg(feature = "alloc")]
impl<P: ParameterSet + AssociatedOid> spki::EncodePublicKey for VerifyingKey<P> {
    fn to_public_key_der(&self) -> spki::Result<Document> {
        self.spki_der().map_err(|_| spki::Error::KeyMalformed)
    }
}
