//! `serde` for [`VerifyingKey`] and [`Signature`] (feature `serde`), through
//! `serdect`: lower-case hex in human-readable formats (JSON, TOML), raw bytes
//! in binary ones, encoded and decoded in constant time. The bytes are the
//! raw FIPS 204 encodings (pkEncode, sigEncode), not SPKI.
//!
//! ```
//! use mldsa::ml_dsa_44::{Signature, SigningKey, VerifyingKey};
//! let sk = SigningKey::from_seed(&[1u8; 32]);
//! let vk = sk.verifying_key();
//! let json = serde_json::to_string(vk).unwrap();
//! assert_eq!(json.len(), 2 + 2 * 1312); // "hex"
//! assert_eq!(&serde_json::from_str::<VerifyingKey>(&json).unwrap(), vk);
//! let sig = sk.sign_deterministic(b"message", b"")?;
//! let json = serde_json::to_string(&sig).unwrap();
//! assert_eq!(serde_json::from_str::<Signature>(&json).unwrap(), sig);
//! // A signature of another length is refused.
//! assert!(serde_json::from_str::<Signature>("\"00ff\"").is_err());
//! assert!(serde_json::from_str::<VerifyingKey>(&json[..json.len() - 3]).is_err());
//! # Ok::<(), mldsa::Error>(())
//! ```

use serdect::serde::{Deserialize, Deserializer, Serialize, Serializer, de};

use crate::params::{ByteArray, ParameterSet};
use crate::signature::Signature;
use crate::verifying_key::VerifyingKey;

/// `Serialize` for each type, as the bytes its method gives: hex or binary.
macro_rules! serialize_as_bytes {
    ($($ty:ident: $bytes:ident),*) => {$(
        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl<P: ParameterSet> Serialize for $ty<P> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serdect::array::serialize_hex_lower_or_bin(&self.$bytes(), serializer)
            }
        }
    )*};
}

serialize_as_bytes!(VerifyingKey: as_bytes, Signature: as_ref);

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de, P: ParameterSet> Deserialize<'de> for VerifyingKey<P> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let bytes: P::PkBytes = read_exact(deserializer)?;
        VerifyingKey::try_from(bytes.as_ref()).map_err(de::Error::custom)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de, P: ParameterSet> Deserialize<'de> for Signature<P> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Signature {
            bytes: read_exact(deserializer)?,
        })
    }
}

/// Exactly `A::LEN` bytes, hex or binary: serdect fills a prefix of the
/// buffer from shorter input, which is refused.
fn read_exact<'de, A: ByteArray, D: Deserializer<'de>>(deserializer: D) -> Result<A, D::Error> {
    let mut bytes = A::zeroed();
    let read = serdect::array::deserialize_hex_or_bin(bytes.as_mut(), deserializer)?.len();
    if read == A::LEN {
        Ok(bytes)
    } else {
        Err(de::Error::invalid_length(
            read,
            &"the parameter set's length",
        ))
    }
}
