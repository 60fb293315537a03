//! Key encodings of RFC 9881 (the LAMPS ML-DSA key formats): private keys in
//! PKCS#8 (`OneAsymmetricKey`) with the `ML-DSA-PrivateKey` CHOICE, public
//! keys in SPKI (`SubjectPublicKeyInfo`), both as DER or PEM.
//!
//! ```text
//! id-ml-dsa-44 = 2.16.840.1.101.3.4.3.17, -65 = .18, -87 = .19 (no parameters)
//! ML-DSA-PrivateKey ::= CHOICE {
//!   seed        [0] IMPLICIT OCTET STRING (SIZE (32)),
//!   expandedKey OCTET STRING (SIZE (2560 | 4032 | 4896)),
//!   both        SEQUENCE { seed OCTET STRING (SIZE (32)),
//!                          expandedKey OCTET STRING (SIZE (2560 | 4032 | 4896)) } }
//! ```
//!
//! All the DER is read and written by RustCrypto's `der`, `pkcs8` and `spki`.
//! Decoding and encoding DER needs no heap; PEM and the `Vec`-backed documents
//! need the `alloc` / `pem` features.

use core::fmt;

use const_oid::{AssociatedOid, ObjectIdentifier};
use der::asn1::{AnyRef, BitStringRef, ContextSpecific, OctetStringRef};
use der::{
    Decode, Encode, EncodeValue, ErrorKind, FixedTag, Length, Tag, TagMode, TagNumber, Tagged,
};
use pkcs8::PrivateKeyInfoRef;
use spki::{AlgorithmIdentifier, AlgorithmIdentifierRef, SubjectPublicKeyInfoRef};
use zeroize::Zeroizing;

use crate::error::Error;
use crate::params::{MlDsa44, MlDsa65, MlDsa87, ParameterSet};
use crate::signing_key::{Compact, KeyForm, SigningKey};
use crate::verifying_key::VerifyingKey;

/// id-ml-dsa-44, 2.16.840.1.101.3.4.3.17.
pub const ID_ML_DSA_44: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.3.17");
/// id-ml-dsa-65, 2.16.840.1.101.3.4.3.18.
pub const ID_ML_DSA_65: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.3.18");
/// id-ml-dsa-87, 2.16.840.1.101.3.4.3.19.
pub const ID_ML_DSA_87: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.3.19");

impl AssociatedOid for MlDsa44 {
    const OID: ObjectIdentifier = ID_ML_DSA_44;
}
impl AssociatedOid for MlDsa65 {
    const OID: ObjectIdentifier = ID_ML_DSA_65;
}
impl AssociatedOid for MlDsa87 {
    const OID: ObjectIdentifier = ID_ML_DSA_87;
}

/// The PEM label of PKCS#8 private keys.
pub const PRIVATE_KEY_PEM_LABEL: &str = "PRIVATE KEY";
/// The PEM label of SPKI public keys.
pub const PUBLIC_KEY_PEM_LABEL: &str = "PUBLIC KEY";

/// The largest PKCS#8 encoding this crate writes (ML-DSA-87 in the `both`
/// form): a buffer of this size always fits [`SigningKey::encode_pkcs8_der`].
///
/// ```
/// use mldsa::encoding::{PKCS8_MAX_LEN, PrivateKeyFormat};
/// use mldsa::ml_dsa_87::SigningKey;
/// let sk = SigningKey::from_seed(&[1u8; 32]);
/// let mut buf = [0u8; PKCS8_MAX_LEN];
/// let der = sk.encode_pkcs8_der(PrivateKeyFormat::Both, &mut buf)?;
/// assert_eq!(der.len(), PKCS8_MAX_LEN);
/// # Ok::<(), mldsa::Error>(())
/// ```
pub const PKCS8_MAX_LEN: usize = 4 + 3 + 13 + 4 + (4 + 34 + 4 + MlDsa87::SK_LEN);

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
pub const SPKI_MAX_LEN: usize = 4 + 13 + 5 + MlDsa87::PK_LEN;

/// Which alternative of the `ML-DSA-PrivateKey` CHOICE to write. RFC 9881
/// recommends the seed; some toolkits accept only it.
///
/// ```
/// use mldsa::encoding::PrivateKeyFormat;
/// use mldsa::ml_dsa_44::SigningKey;
/// let sk = SigningKey::from_seed(&[1u8; 32]);
/// let mut buf = [0u8; 3000];
/// for (format, len) in [(PrivateKeyFormat::Seed, 54), (PrivateKeyFormat::Expanded, 2588)] {
///     assert_eq!(sk.encode_pkcs8_der(format, &mut buf)?.len(), len);
/// }
/// assert_eq!(PrivateKeyFormat::default(), PrivateKeyFormat::Seed);
/// # Ok::<(), mldsa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PrivateKeyFormat {
    /// `seed [0]`: the 32-byte seed xi only (the default).
    #[default]
    Seed,
    /// `expandedKey`: the expanded key skEncode(...) only.
    Expanded,
    /// `both`: the seed and the expanded key; readers check they agree.
    Both,
}

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
            Algorithm::MlDsa44 => MlDsa44::NAME,
            Algorithm::MlDsa65 => MlDsa65::NAME,
            Algorithm::MlDsa87 => MlDsa87::NAME,
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
fn der_error(e: der::Error) -> Error {
    match e.kind() {
        ErrorKind::TrailingData { .. } => EncodingError::TrailingBytes.into(),
        _ => EncodingError::MalformedDer.into(),
    }
}

/// A `der` error from decoding `PrivateKeyInfo`: its only INTEGER is the
/// version, and a public key [1] present or absent against the version is a
/// version error too.
fn pkcs8_der_error(e: der::Error) -> Error {
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

/// The algorithm identifier must be exactly P's OID with absent parameters.
fn check_algorithm<P: ParameterSet + AssociatedOid>(
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

fn check_len(field: &'static str, expected: usize, bytes: &[u8]) -> Result<(), Error> {
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

/// Equality of two secrets in time independent of where they differ.
fn ct_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    // Constant-time check: whether they are equal is public (the caller's
    // result).
    crate::ct::public(core::hint::black_box(diff)) == 0
}

/// The `both` alternative: SEQUENCE { seed OCTET STRING, expandedKey OCTET STRING }.
struct Both<'a> {
    seed: &'a OctetStringRef,
    expanded: &'a OctetStringRef,
}

impl FixedTag for Both<'_> {
    const TAG: Tag = Tag::Sequence;
}

impl EncodeValue for Both<'_> {
    fn value_len(&self) -> der::Result<Length> {
        self.seed.encoded_len()? + self.expanded.encoded_len()?
    }
    fn encode_value(&self, writer: &mut impl der::Writer) -> der::Result<()> {
        self.seed.encode(writer)?;
        self.expanded.encode(writer)
    }
}

/// The decoded `ML-DSA-PrivateKey` CHOICE (borrowing the DER).
enum PrivateKeyChoice<'a> {
    Seed(&'a [u8]),
    Expanded(&'a [u8]),
    Both(&'a [u8], &'a [u8]),
}

fn decode_choice(der: &[u8]) -> Result<PrivateKeyChoice<'_>, Error> {
    let any = AnyRef::from_der(der).map_err(der_error)?;
    match any.tag() {
        Tag::ContextSpecific {
            constructed: false,
            number: TagNumber(0),
        } => Ok(PrivateKeyChoice::Seed(any.value())),
        Tag::OctetString => Ok(PrivateKeyChoice::Expanded(any.value())),
        Tag::Sequence => any
            .sequence(|reader| {
                let seed = <&OctetStringRef>::decode(reader)?;
                let expanded = <&OctetStringRef>::decode(reader)?;
                Ok::<_, der::Error>(PrivateKeyChoice::Both(seed.as_bytes(), expanded.as_bytes()))
            })
            .map_err(der_error),
        _ => Err(EncodingError::MalformedDer.into()),
    }
}

impl<P: ParameterSet + AssociatedOid> SigningKey<P, Compact> {
    /// Reads a DER PKCS#8 private key in any of the three forms of RFC 9881.
    /// A seed is expanded (and kept); an expanded key goes through the
    /// validated import of [`SigningKey::try_from_expanded`]; for `both`, the
    /// seed must regenerate exactly the expanded key. A v2 key's public key
    /// must be the private key's.
    ///
    /// # Errors
    ///
    /// [`Error::Encoding`] with the reason: malformed DER, trailing bytes,
    /// another algorithm or parameter set, parameters present, a wrong
    /// version, a wrong length, a seed that disagrees with its expanded key,
    /// a public key that is not the private key's; [`Error::MalformedKey`]
    /// for an expanded key that fails validation.
    ///
    /// ```
    /// use mldsa::encoding::{EncodingError, PrivateKeyFormat};
    /// use mldsa::{Error, ml_dsa_44::SigningKey};
    /// let sk = SigningKey::from_seed(&[1u8; 32]);
    /// let mut buf = [0u8; 3000];
    /// let der = sk.encode_pkcs8_der(PrivateKeyFormat::Seed, &mut buf)?;
    /// let again = SigningKey::decode_pkcs8_der(der)?;
    /// assert_eq!(again.seed(), Some(&[1u8; 32]));
    /// // One byte more and the key is refused.
    /// let mut longer = der.to_vec();
    /// longer.push(0);
    /// let err = SigningKey::decode_pkcs8_der(&longer).unwrap_err();
    /// assert_eq!(err, Error::Encoding(EncodingError::TrailingBytes));
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn decode_pkcs8_der(der: &[u8]) -> Result<Self, Error> {
        Self::by_value(|key| decode_pkcs8_into(der, key))
    }
}

impl<P: ParameterSet + AssociatedOid, F: KeyForm> SigningKey<P, F> {
    /// Writes the key as DER PKCS#8 (v1, no public key) into `out` and
    /// returns the encoding, a prefix of `out`. [`PKCS8_MAX_LEN`] bytes
    /// always suffice.
    ///
    /// # Errors
    ///
    /// [`EncodingError::NoSeed`] for the seed or `both` form of a key that
    /// has no seed (imported in its expanded form),
    /// [`EncodingError::BufferTooSmall`] if `out` is too short.
    ///
    /// ```
    /// use mldsa::encoding::{EncodingError, PrivateKeyFormat};
    /// use mldsa::{Error, ml_dsa_65::SigningKey};
    /// let sk = SigningKey::from_seed(&[1u8; 32]);
    /// let mut buf = [0u8; 5000];
    /// let der = sk.encode_pkcs8_der(PrivateKeyFormat::Expanded, &mut buf)?;
    /// let imported = SigningKey::decode_pkcs8_der(der)?;
    /// assert_eq!(imported.verifying_key(), sk.verifying_key());
    /// // The expanded form has no seed, so the seed form cannot be written.
    /// let err = imported.encode_pkcs8_der(PrivateKeyFormat::Seed, &mut buf);
    /// assert_eq!(err.unwrap_err(), Error::Encoding(EncodingError::NoSeed));
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn encode_pkcs8_der<'o>(
        &self,
        format: PrivateKeyFormat,
        out: &'o mut [u8],
    ) -> Result<&'o [u8], Error> {
        let mut inner = Zeroizing::new([0u8; PKCS8_MAX_LEN]);
        let inner_len = self.encode_choice(format, inner.as_mut())?;
        let info = PrivateKeyInfoRef {
            algorithm: AlgorithmIdentifier {
                oid: P::OID,
                parameters: None,
            },
            private_key: OctetStringRef::new(&inner[..inner_len]).map_err(der_error)?,
            public_key: None,
        };
        encode_into(&info, out)
    }

    /// The `ML-DSA-PrivateKey` CHOICE into `out`; its length.
    fn encode_choice(&self, format: PrivateKeyFormat, out: &mut [u8]) -> Result<usize, Error> {
        let expanded = self.to_expanded_bytes();
        let expanded = OctetStringRef::new(expanded.as_ref()).map_err(der_error)?;
        let seed = match (format, self.seed()) {
            (PrivateKeyFormat::Expanded, _) => None,
            (_, Some(seed)) => Some(OctetStringRef::new(seed).map_err(der_error)?),
            (_, None) => return Err(EncodingError::NoSeed.into()),
        };
        let written = match (format, seed) {
            (PrivateKeyFormat::Seed, Some(seed)) => encode_into(
                &ContextSpecific {
                    tag_number: TagNumber(0),
                    tag_mode: TagMode::Implicit,
                    value: seed,
                },
                out,
            )?,
            (PrivateKeyFormat::Both, Some(seed)) => encode_into(&Both { seed, expanded }, out)?,
            _ => encode_into(&expanded, out)?,
        };
        Ok(written.len())
    }
}

/// PKCS#8 decoding into `key` (empty), in place.
pub(crate) fn decode_pkcs8_into<P, F>(der: &[u8], key: &mut SigningKey<P, F>) -> Result<(), Error>
where
    P: ParameterSet + AssociatedOid,
    F: KeyForm,
{
    let info = PrivateKeyInfoRef::from_der(der).map_err(pkcs8_der_error)?;
    key_from_info(&info, key)
}

fn key_from_info<P, F>(
    info: &PrivateKeyInfoRef<'_>,
    key: &mut SigningKey<P, F>,
) -> Result<(), Error>
where
    P: ParameterSet + AssociatedOid,
    F: KeyForm,
{
    check_algorithm::<P>(&info.algorithm)?;
    match decode_choice(info.private_key.as_bytes())? {
        PrivateKeyChoice::Seed(seed) => key.generate_in_place(seed_array(seed)?),
        PrivateKeyChoice::Expanded(expanded) => {
            check_len("expanded key", P::SK_LEN, expanded)?;
            key.import_in_place(expanded)?;
        }
        PrivateKeyChoice::Both(seed, expanded) => {
            let seed = seed_array(seed)?;
            check_len("expanded key", P::SK_LEN, expanded)?;
            key.generate_in_place(seed);
            if !ct_eq(key.expanded_bytes(), expanded) {
                return Err(EncodingError::SeedMismatch.into());
            }
        }
    }
    if let Some(pk) = &info.public_key
        && pk.as_bytes() != Some(key.verifying_key().as_bytes())
    {
        return Err(EncodingError::PublicKeyMismatch.into());
    }
    Ok(())
}

/// The seed, which must be 32 bytes.
fn seed_array(seed: &[u8]) -> Result<&[u8; 32], Error> {
    check_len("seed", 32, seed)?;
    seed.try_into()
        .map_err(|_| EncodingError::MalformedDer.into())
}

fn encode_into<'o, T: Encode>(value: &T, out: &'o mut [u8]) -> Result<&'o [u8], Error> {
    value.encode_to_slice(out).map_err(|e| match e.kind() {
        ErrorKind::Overlength | ErrorKind::Overflow => EncodingError::BufferTooSmall.into(),
        _ => der_error(e),
    })
}

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

/// `AlgorithmIdentifier` of RFC 9881 (for certificate builders and the
/// `spki` traits): P's OID, parameters absent.
impl<P: ParameterSet + AssociatedOid> spki::AssociatedAlgorithmIdentifier for VerifyingKey<P> {
    type Params = AnyRef<'static>;
    const ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> = AlgorithmIdentifier {
        oid: P::OID,
        parameters: None,
    };
}

/// As for [`VerifyingKey`].
impl<P: ParameterSet + AssociatedOid, F: KeyForm> spki::AssociatedAlgorithmIdentifier
    for SigningKey<P, F>
{
    type Params = AnyRef<'static>;
    const ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> = AlgorithmIdentifier {
        oid: P::OID,
        parameters: None,
    };
}

/// The signature algorithm of RFC 9881 (pure ML-DSA): the same OID, no parameters.
impl<P: ParameterSet + AssociatedOid, F: KeyForm> spki::SignatureAlgorithmIdentifier
    for SigningKey<P, F>
{
    type Params = AnyRef<'static>;
    const SIGNATURE_ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> = AlgorithmIdentifier {
        oid: P::OID,
        parameters: None,
    };
}

/// As for [`SigningKey`].
impl<P: ParameterSet + AssociatedOid> spki::SignatureAlgorithmIdentifier for VerifyingKey<P> {
    type Params = AnyRef<'static>;
    const SIGNATURE_ALGORITHM_IDENTIFIER: AlgorithmIdentifierRef<'static> = AlgorithmIdentifier {
        oid: P::OID,
        parameters: None,
    };
}

fn to_pkcs8_error(e: Error) -> pkcs8::Error {
    match e {
        Error::Encoding(EncodingError::UnknownAlgorithm)
        | Error::Encoding(EncodingError::WrongParameterSet { .. }) => {
            pkcs8::Error::KeyMalformed(pkcs8::KeyError::Invalid)
        }
        Error::Encoding(EncodingError::ParametersPresent) => pkcs8::Error::ParametersMalformed,
        Error::Encoding(EncodingError::WrongLength {
            expected, found, ..
        }) if found < expected => pkcs8::Error::KeyMalformed(pkcs8::KeyError::TooShort),
        Error::Encoding(EncodingError::WrongLength { .. }) => {
            pkcs8::Error::KeyMalformed(pkcs8::KeyError::TooLong)
        }
        _ => pkcs8::Error::KeyMalformed(pkcs8::KeyError::Invalid),
    }
}

/// For `pkcs8::DecodePrivateKey` (blanket over this impl): the same checks as
/// [`SigningKey::decode_pkcs8_der`], with `pkcs8`'s coarser error type.
/// The error is mapped inside the in-place decoding: a `map_err` on the
/// returned `Result` would move the key into another `Result` and leave
/// a copy behind.
impl<P: ParameterSet + AssociatedOid> TryFrom<PrivateKeyInfoRef<'_>> for SigningKey<P, Compact> {
    type Error = pkcs8::Error;
    fn try_from(info: PrivateKeyInfoRef<'_>) -> Result<Self, pkcs8::Error> {
        Self::by_value(|key| key_from_info(&info, key).map_err(to_pkcs8_error))
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
mod allocating {
    use alloc::string::String;

    use const_oid::AssociatedOid;
    use der::{Document, SecretDocument};
    use zeroize::Zeroizing;

    use super::{EncodingError, PKCS8_MAX_LEN, PrivateKeyFormat, SPKI_MAX_LEN, der_error};
    use crate::error::Error;
    use crate::params::ParameterSet;
    use crate::signing_key::{Compact, KeyForm, SigningKey};
    use crate::verifying_key::VerifyingKey;

    #[cfg(feature = "pem")]
    use der::pem::LineEnding;

    impl<P: ParameterSet + AssociatedOid, F: KeyForm> SigningKey<P, F> {
        /// The DER PKCS#8 encoding in `format`, as a zeroizing document.
        ///
        /// # Errors
        ///
        /// [`EncodingError::NoSeed`] for the seed or `both` form of a key
        /// that has no seed.
        ///
        /// ```
        /// use mldsa::encoding::PrivateKeyFormat;
        /// use mldsa::ml_dsa_65::SigningKey;
        /// let sk = SigningKey::from_seed(&[1u8; 32]);
        /// let doc = sk.pkcs8_der(PrivateKeyFormat::Both)?;
        /// let again = SigningKey::decode_pkcs8_der(doc.as_bytes())?;
        /// assert_eq!(again.seed(), Some(&[1u8; 32]));
        /// # Ok::<(), mldsa::Error>(())
        /// ```
        #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
        pub fn pkcs8_der(&self, format: PrivateKeyFormat) -> Result<SecretDocument, Error> {
            let mut buf = Zeroizing::new([0u8; PKCS8_MAX_LEN]);
            let der = self.encode_pkcs8_der(format, buf.as_mut())?;
            SecretDocument::try_from(der).map_err(der_error)
        }

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
        #[cfg(feature = "pem")]
        #[cfg_attr(docsrs, doc(cfg(feature = "pem")))]
        pub fn pkcs8_pem(&self, format: PrivateKeyFormat) -> Result<Zeroizing<String>, Error> {
            let mut buf = Zeroizing::new([0u8; PKCS8_MAX_LEN]);
            let der = self.encode_pkcs8_der(format, buf.as_mut())?;
            der::pem::encode_string(super::PRIVATE_KEY_PEM_LABEL, LineEnding::LF, der)
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
        #[cfg(feature = "pem")]
        #[cfg_attr(docsrs, doc(cfg(feature = "pem")))]
        pub fn decode_pkcs8_pem(pem: &str) -> Result<Self, Error> {
            let der = super::pem_decode(pem, super::PRIVATE_KEY_PEM_LABEL)?;
            Self::decode_pkcs8_der(&der)
        }
    }

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
        #[cfg(feature = "pem")]
        #[cfg_attr(docsrs, doc(cfg(feature = "pem")))]
        pub fn spki_pem(&self) -> Result<String, Error> {
            let mut buf = [0u8; SPKI_MAX_LEN];
            let der = self.encode_spki_der(&mut buf)?;
            der::pem::encode_string(super::PUBLIC_KEY_PEM_LABEL, LineEnding::LF, der)
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
        #[cfg(feature = "pem")]
        #[cfg_attr(docsrs, doc(cfg(feature = "pem")))]
        pub fn decode_spki_pem(pem: &str) -> Result<Self, Error> {
            let der = super::pem_decode(pem, super::PUBLIC_KEY_PEM_LABEL)?;
            Self::decode_spki_der(&der)
        }
    }

    /// For `pkcs8::EncodePrivateKey`: the seed form when the key has its
    /// seed, the expanded form otherwise (RFC 9881 recommends the seed).
    impl<P: ParameterSet + AssociatedOid, F: KeyForm> pkcs8::EncodePrivateKey for SigningKey<P, F> {
        fn to_pkcs8_der(&self) -> pkcs8::Result<SecretDocument> {
            let format = match self.seed() {
                Some(_) => PrivateKeyFormat::Seed,
                None => PrivateKeyFormat::Expanded,
            };
            self.pkcs8_der(format)
                .map_err(|_| pkcs8::Error::KeyMalformed(pkcs8::KeyError::Invalid))
        }
    }

    /// For `spki::EncodePublicKey`.
    impl<P: ParameterSet + AssociatedOid> spki::EncodePublicKey for VerifyingKey<P> {
        fn to_public_key_der(&self) -> spki::Result<Document> {
            self.spki_der().map_err(|_| spki::Error::KeyMalformed)
        }
    }
}

/// The DER inside a PEM document with label `label`. It may be a private
/// key: the buffer is allocated at its final size and wrapped in
/// `Zeroizing` before anything is decoded into it, so it is wiped on every
/// path, a decoding error half way included (`der::pem::decode_vec` frees
/// its buffer unwiped then).
#[cfg(feature = "pem")]
pub(crate) fn pem_decode(
    pem: &str,
    label: &'static str,
) -> Result<Zeroizing<alloc::vec::Vec<u8>>, Error> {
    let mut decoder =
        der::pem::Decoder::new(pem.as_bytes()).map_err(|_| EncodingError::MalformedPem)?;
    let found = decoder.type_label();
    let mut der = Zeroizing::new(alloc::vec![0u8; decoder.remaining_len()]);
    if decoder.decode(&mut der).is_err() || !decoder.is_finished() {
        // The stack scan's planted missing wipe (test-only `ct-check`):
        // the buffer freed as `decode_vec` frees it.
        if crate::ct::planted_unwiped_pem() {
            drop(core::mem::take(&mut *der));
        }
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
#[cfg(feature = "pem")]
#[cfg_attr(docsrs, doc(cfg(feature = "pem")))]
pub fn pem_or_der(
    input: &[u8],
    label: &'static str,
) -> Result<Zeroizing<alloc::vec::Vec<u8>>, Error> {
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

// The tests build keys as DER and PEM documents, which need `pem` (and so
// `alloc`).
#[cfg(all(test, feature = "pem"))]
mod tests;
