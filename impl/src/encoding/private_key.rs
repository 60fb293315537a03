//! PKCS#8 private keys (`OneAsymmetricKey`) with the `ML-DSA-PrivateKey`
//! CHOICE of RFC 9881, as DER: into a caller's buffer or, with `alloc`, a
//! zeroizing document; and the `pkcs8` crate's traits over the same code.

use const_oid::AssociatedOid;
use der::asn1::{AnyRef, ContextSpecific, OctetStringRef};
use der::{Decode, Encode, EncodeValue, FixedTag, Length, Tag, TagMode, TagNumber, Tagged};
use pkcs8::PrivateKeyInfoRef;
use spki::AlgorithmIdentifier;
use zeroize::Zeroizing;

#[cfg(feature = "alloc")]
use der::SecretDocument;

use super::algorithm::check_algorithm;
use super::error::{EncodingError, check_len, der_error, encode_into, pkcs8_der_error};
use crate::error::Error;
use crate::params::ParameterSet;
use crate::signing_key::{Compact, KeyForm, SigningKey};

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
// 4896: ML-DSA-87's `SK_LEN`, also where its feature is off.
pub const PKCS8_MAX_LEN: usize = 4 + 3 + 13 + 4 + (4 + 34 + 4 + 4896);

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
pub(super) struct Both<'a> {
    pub(super) seed: &'a OctetStringRef,
    pub(super) expanded: &'a OctetStringRef,
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
        Self::fill_to_return(|key| decode_pkcs8_into(der, key))
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
        Self::fill_to_return(|key| key_from_info(&info, key).map_err(to_pkcs8_error))
    }
}

#[cfg(feature = "alloc")]
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
}

/// For `pkcs8::EncodePrivateKey`: the seed form when the key has its
/// seed, the expanded form otherwise (RFC 9881 recommends the seed).
#[cfg(feature = "alloc")]
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
