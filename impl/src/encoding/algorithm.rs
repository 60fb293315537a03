//! The algorithm identifiers: [`Algorithm`], the parameter set an encoded
//! key names, the check every decoder makes of a key's identifier, and the
//! `spki` traits that give RFC 9881's identifier to certificate builders.

use const_oid::{AssociatedOid, ObjectIdentifier};
use der::Decode;
use der::asn1::AnyRef;
use pkcs8::PrivateKeyInfoRef;
use spki::{AlgorithmIdentifier, AlgorithmIdentifierRef, SubjectPublicKeyInfoRef};

use super::error::{EncodingError, der_error, pkcs8_der_error};
use super::{ID_ML_DSA_44, ID_ML_DSA_65, ID_ML_DSA_87};
use crate::error::Error;
use crate::params::ParameterSet;
use crate::signing_key::{KeyForm, SigningKey};
use crate::verifying_key::VerifyingKey;

/// The parameter set named by an encoded key's algorithm identifier, for
/// callers that learn it from the key (a command-line tool, a key store).
///
/// ```
/// use mldsa::encoding::{Algorithm, PrivateKeyFormat};
/// use mldsa::ml_dsa_65::SigningKey;
/// let sk = SigningKey::from_seed(&[1u8; 32]);
/// let mut buf = [0u8; 100];
/// let der = sk.encode_pkcs8_der(PrivateKeyFormat::Seed, &mut buf)?;
/// assert_eq!(Algorithm::of_pkcs8_der(der)?, Algorithm::MlDsa65);
/// assert_eq!(Algorithm::MlDsa65.name(), "ML-DSA-65");
/// # Ok::<(), mldsa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// ML-DSA-44.
    MlDsa44,
    /// ML-DSA-65.
    MlDsa65,
    /// ML-DSA-87.
    MlDsa87,
}

impl Algorithm {
    /// The three parameter sets.
    pub const ALL: [Algorithm; 3] = [Algorithm::MlDsa44, Algorithm::MlDsa65, Algorithm::MlDsa87];

    /// "ML-DSA-44", "ML-DSA-65" or "ML-DSA-87".
    ///
    /// ```
    /// use mldsa::encoding::Algorithm;
    /// assert_eq!(Algorithm::MlDsa87.name(), "ML-DSA-87");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            // `ParameterSet::NAME`, also where a set's feature is off.
            Algorithm::MlDsa44 => "ML-DSA-44",
            Algorithm::MlDsa65 => "ML-DSA-65",
            Algorithm::MlDsa87 => "ML-DSA-87",
        }
    }

    /// The algorithm's OID.
    ///
    /// ```
    /// use mldsa::encoding::Algorithm;
    /// assert_eq!(Algorithm::MlDsa44.oid().to_string(), "2.16.840.1.101.3.4.3.17");
    /// ```
    pub fn oid(self) -> ObjectIdentifier {
        match self {
            Algorithm::MlDsa44 => ID_ML_DSA_44,
            Algorithm::MlDsa65 => ID_ML_DSA_65,
            Algorithm::MlDsa87 => ID_ML_DSA_87,
        }
    }

    /// The parameter set with this OID, if any.
    ///
    /// ```
    /// use mldsa::encoding::{Algorithm, ID_ML_DSA_87};
    /// assert_eq!(Algorithm::from_oid(&ID_ML_DSA_87), Some(Algorithm::MlDsa87));
    /// let rsa = "1.2.840.113549.1.1.1".parse().unwrap();
    /// assert_eq!(Algorithm::from_oid(&rsa), None);
    /// ```
    pub fn from_oid(oid: &ObjectIdentifier) -> Option<Self> {
        Algorithm::ALL.into_iter().find(|a| a.oid() == *oid)
    }

    /// The parameter set of a DER PKCS#8 private key, read from its
    /// algorithm identifier only (the key itself is not checked).
    ///
    /// # Errors
    ///
    /// [`EncodingError::MalformedDer`] or [`EncodingError::TrailingBytes`] if
    /// the input is not one DER `PrivateKeyInfo`, [`EncodingError::WrongVersion`]
    /// for a version other than v1 / v2, [`EncodingError::UnknownAlgorithm`]
    /// for an OID that is not ML-DSA.
    ///
    /// ```
    /// use mldsa::encoding::{Algorithm, EncodingError};
    /// use mldsa::Error;
    /// assert_eq!(
    ///     Algorithm::of_pkcs8_der(b"not DER"),
    ///     Err(Error::Encoding(EncodingError::MalformedDer))
    /// );
    /// ```
    pub fn of_pkcs8_der(der: &[u8]) -> Result<Self, Error> {
        let info = PrivateKeyInfoRef::from_der(der).map_err(pkcs8_der_error)?;
        Algorithm::from_oid(&info.algorithm.oid).ok_or(EncodingError::UnknownAlgorithm.into())
    }

    /// The parameter set of a DER SPKI public key, read from its algorithm
    /// identifier only.
    ///
    /// # Errors
    ///
    /// [`EncodingError::MalformedDer`] or [`EncodingError::TrailingBytes`] if
    /// the input is not one DER `SubjectPublicKeyInfo`,
    /// [`EncodingError::UnknownAlgorithm`] for an OID that is not ML-DSA.
    ///
    /// ```
    /// use mldsa::encoding::{Algorithm, SPKI_MAX_LEN};
    /// use mldsa::ml_dsa_44::SigningKey;
    /// let sk = SigningKey::from_seed(&[1u8; 32]);
    /// let mut buf = [0u8; SPKI_MAX_LEN];
    /// let der = sk.verifying_key().encode_spki_der(&mut buf)?;
    /// assert_eq!(Algorithm::of_spki_der(der)?, Algorithm::MlDsa44);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn of_spki_der(der: &[u8]) -> Result<Self, Error> {
        let info = SubjectPublicKeyInfoRef::from_der(der).map_err(der_error)?;
        Algorithm::from_oid(&info.algorithm.oid).ok_or(EncodingError::UnknownAlgorithm.into())
    }
}

/// The algorithm identifier must be exactly P's OID with absent parameters.
pub(super) fn check_algorithm<P: ParameterSet + AssociatedOid>(
    alg: &AlgorithmIdentifierRef<'_>,
) -> Result<(), Error> {
    if alg.oid != P::OID {
        return Err(match Algorithm::from_oid(&alg.oid) {
            Some(other) => EncodingError::WrongParameterSet {
                expected: P::NAME,
                found: other.name(),
            },
            None => EncodingError::UnknownAlgorithm,
        }
        .into());
    }
    if alg.parameters.is_some() {
        return Err(EncodingError::ParametersPresent.into());
    }
    Ok(())
}

/// RFC 9881's `AlgorithmIdentifier` for the parameter set P: its OID,
/// parameters absent (for keys and signatures alike).
const fn identifier<P: AssociatedOid>() -> AlgorithmIdentifierRef<'static> {
    AlgorithmIdentifier {
        oid: P::OID,
        parameters: None,
    }
}

/// `AlgorithmIdentifier` of RFC 9881 (for certificate builders and the
/// `spki` traits): P's OID, parameters absent.
impl<P: ParameterSet + AssociatedOid> spki::AssociatedAlgorithmIdentifier for VerifyingKey<P> {
    type Params = AnyRef<'static>;
    const ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> = identifier::<P>();
}

/// As for [`VerifyingKey`].
impl<P: ParameterSet + AssociatedOid, F: KeyForm> spki::AssociatedAlgorithmIdentifier
    for SigningKey<P, F>
{
    type Params = AnyRef<'static>;
    const ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> = identifier::<P>();
}

/// The signature algorithm of RFC 9881 (pure ML-DSA): the same OID, no parameters.
impl<P: ParameterSet + AssociatedOid, F: KeyForm> spki::SignatureAlgorithmIdentifier
    for SigningKey<P, F>
{
    type Params = AnyRef<'static>;
    const SIGNATURE_ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> = identifier::<P>();
}

/// As for [`SigningKey`].
impl<P: ParameterSet + AssociatedOid> spki::SignatureAlgorithmIdentifier for VerifyingKey<P> {
    type Params = AnyRef<'static>;
    const SIGNATURE_ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> = identifier::<P>();
}
