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

// Here: the OIDs and PEM labels, which all the formats name. The rest is one
// file per concern, each public item re-exported below at
// `mldsa::encoding::X`:
// - `algorithm`: `Algorithm`, the check of a key's algorithm identifier, and
//   the `spki` identifier traits;
// - `error`: `EncodingError`, and `der`'s errors mapped into it;
// - `private_key`: PKCS#8 with the `ML-DSA-PrivateKey` CHOICE, as DER;
// - `public_key`: SPKI, as DER;
// - `pem`: PEM around either, and `pem_or_der` (with the `pem` feature).
mod algorithm;
mod error;
mod private_key;
mod public_key;

// After the two formats: rustdoc lists the keys' methods in this order, DER
// before PEM.
#[cfg(feature = "pem")]
mod pem;

use const_oid::{AssociatedOid, ObjectIdentifier};

use crate::params::{MlDsa44, MlDsa65, MlDsa87};

pub use algorithm::Algorithm;
pub use error::EncodingError;
#[cfg(feature = "pem")]
pub(crate) use pem::pem_decode;
#[cfg(feature = "pem")]
pub use pem::pem_or_der;
#[cfg(feature = "alloc")]
pub(crate) use private_key::decode_pkcs8_into;
pub use private_key::{PKCS8_MAX_LEN, PrivateKeyFormat};
pub use public_key::SPKI_MAX_LEN;

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

// The tests build keys as DER and PEM documents, which need `pem` (and so
// `alloc`).
#[cfg(all(test, feature = "pem"))]
mod tests;
