//! RFC 9881 encodings: round trips, and one test per refusal.

use alloc::vec::Vec;

use der::asn1::{AnyRef, BitStringRef, ContextSpecific, OctetStringRef};
use der::{Encode, TagMode, TagNumber};
use pkcs8::PrivateKeyInfoRef;
use spki::{AlgorithmIdentifier, SubjectPublicKeyInfoRef};

use super::private_key::Both;
use super::*;
use crate::error::Error;
use crate::ml_dsa_44;
use crate::ml_dsa_65;
use crate::params::ParameterSet;
use crate::signing_key::SigningKey;
use crate::verifying_key::VerifyingKey;

const RSA: ObjectIdentifier = ObjectIdentifier::new_unwrap("1.2.840.113549.1.1.1");

fn enc(e: EncodingError) -> Result<(), Error> {
    Err(Error::Encoding(e))
}

/// A PKCS#8 document from its parts (`public_key`: v2).
fn pkcs8(
    oid: ObjectIdentifier,
    params: Option<AnyRef<'_>>,
    inner: &[u8],
    pk: Option<&[u8]>,
) -> Vec<u8> {
    PrivateKeyInfoRef {
        algorithm: AlgorithmIdentifier {
            oid,
            parameters: params,
        },
        private_key: OctetStringRef::new(inner).unwrap(),
        public_key: pk.map(|pk| BitStringRef::from_bytes(pk).unwrap()),
    }
    .to_der()
    .unwrap()
}

fn spki(oid: ObjectIdentifier, params: Option<AnyRef<'_>>, key: BitStringRef<'_>) -> Vec<u8> {
    SubjectPublicKeyInfoRef {
        algorithm: AlgorithmIdentifier {
            oid,
            parameters: params,
        },
        subject_public_key: key,
    }
    .to_der()
    .unwrap()
}

fn seed_choice(seed: &[u8]) -> Vec<u8> {
    ContextSpecific {
        tag_number: TagNumber(0),
        tag_mode: TagMode::Implicit,
        value: OctetStringRef::new(seed).unwrap(),
    }
    .to_der()
    .unwrap()
}

/// The `expandedKey` alternative: the OCTET STRING itself.
fn expanded_choice(expanded: &[u8]) -> Vec<u8> {
    OctetStringRef::new(expanded).unwrap().to_der().unwrap()
}

fn both_choice(seed: &[u8], expanded: &[u8]) -> Vec<u8> {
    Both {
        seed: OctetStringRef::new(seed).unwrap(),
        expanded: OctetStringRef::new(expanded).unwrap(),
    }
    .to_der()
    .unwrap()
}

fn key65() -> ml_dsa_65::SigningKey {
    ml_dsa_65::SigningKey::from_seed(&[3u8; 32])
}

fn decode65(der: &[u8]) -> Result<(), Error> {
    ml_dsa_65::SigningKey::decode_pkcs8_der(der).map(|_| ())
}

fn decode65_pk(der: &[u8]) -> Result<(), Error> {
    ml_dsa_65::VerifyingKey::decode_spki_der(der).map(|_| ())
}

/// An ML-DSA-65 v1 PKCS#8 document around `inner`, decoded.
fn decode65_inner(inner: &[u8]) -> Result<(), Error> {
    decode65(&pkcs8(ID_ML_DSA_65, None, inner, None))
}

/// An ML-DSA-65 SPKI document around `key`, decoded.
fn decode65_pk_bits(key: BitStringRef<'_>) -> Result<(), Error> {
    decode65_pk(&spki(ID_ML_DSA_65, None, key))
}

fn round_trips<P: ParameterSet + AssociatedOid>() {
    let sk = SigningKey::<P>::from_seed(&[9u8; 32]);
    for format in [
        PrivateKeyFormat::Seed,
        PrivateKeyFormat::Expanded,
        PrivateKeyFormat::Both,
    ] {
        let der = sk.pkcs8_der(format).unwrap();
        let again = SigningKey::<P>::decode_pkcs8_der(der.as_bytes()).unwrap();
        assert_eq!(again.verifying_key(), sk.verifying_key());
        assert_eq!(again.to_expanded_bytes(), sk.to_expanded_bytes());
        let expect_seed = format != PrivateKeyFormat::Expanded;
        assert_eq!(again.seed().is_some(), expect_seed, "{format:?}");
        let pem = sk.pkcs8_pem(format).unwrap();
        let from_pem = SigningKey::<P>::decode_pkcs8_pem(&pem).unwrap();
        assert_eq!(from_pem.verifying_key(), sk.verifying_key());
        assert_eq!(
            Algorithm::of_pkcs8_der(der.as_bytes()).unwrap().name(),
            P::NAME
        );
    }
    let vk = sk.verifying_key();
    let der = vk.spki_der().unwrap();
    assert_eq!(
        &VerifyingKey::<P>::decode_spki_der(der.as_bytes()).unwrap(),
        vk
    );
    assert_eq!(
        &VerifyingKey::<P>::decode_spki_pem(&vk.spki_pem().unwrap()).unwrap(),
        vk
    );
    assert_eq!(
        Algorithm::of_spki_der(der.as_bytes()).unwrap().name(),
        P::NAME
    );
}

#[test]
fn round_trip_all_forms_and_sets() {
    round_trips::<MlDsa44>();
    round_trips::<MlDsa65>();
    round_trips::<MlDsa87>();
}

/// The encodings are the ones of RFC 9881's structure, byte for byte.
#[test]
fn seed_form_bytes() {
    let der = key65().pkcs8_der(PrivateKeyFormat::Seed).unwrap();
    let mut expected = Vec::from(*b"\x30\x34\x02\x01\x00\x30\x0b\x06\x09\x60\x86\x48\x01\x65\x03\x04\x03\x12\x04\x22\x80\x20");
    expected.extend_from_slice(&[3u8; 32]);
    assert_eq!(der.as_bytes(), &expected[..]);
    let spki = key65().verifying_key().spki_der().unwrap();
    assert_eq!(
        &spki.as_bytes()[..22],
        b"\x30\x82\x07\xb2\x30\x0b\x06\x09\x60\x86\x48\x01\x65\x03\x04\x03\x12\x03\x82\x07\xa1\x00"
    );
}

#[test]
fn refuses_unknown_oid() {
    let der = pkcs8(RSA, None, &seed_choice(&[3u8; 32]), None);
    assert_eq!(decode65(&der), enc(EncodingError::UnknownAlgorithm));
    assert_eq!(
        Algorithm::of_pkcs8_der(&der),
        Err(EncodingError::UnknownAlgorithm.into())
    );
    let vk = *key65().verifying_key();
    let der = spki(RSA, None, BitStringRef::from_bytes(vk.as_bytes()).unwrap());
    assert_eq!(decode65_pk(&der), enc(EncodingError::UnknownAlgorithm));
    assert_eq!(
        Algorithm::of_spki_der(&der),
        Err(EncodingError::UnknownAlgorithm.into())
    );
}

#[test]
fn refuses_other_parameter_set() {
    let wrong = EncodingError::WrongParameterSet {
        expected: "ML-DSA-44",
        found: "ML-DSA-65",
    };
    let sk = key65();
    let der = sk.pkcs8_der(PrivateKeyFormat::Seed).unwrap();
    let err = ml_dsa_44::SigningKey::decode_pkcs8_der(der.as_bytes()).unwrap_err();
    assert_eq!(err, Error::Encoding(wrong));
    let der = sk.verifying_key().spki_der().unwrap();
    let err = ml_dsa_44::VerifyingKey::decode_spki_der(der.as_bytes()).unwrap_err();
    assert_eq!(err, Error::Encoding(wrong));
    // The OID of ML-DSA-44 around an ML-DSA-65 seed is a 44 key, not an error;
    // around a 65 expanded key it is a length error.
    let expanded = sk.to_expanded_bytes();
    let der = pkcs8(ID_ML_DSA_44, None, &expanded_choice(&expanded[..]), None);
    let err = ml_dsa_44::SigningKey::decode_pkcs8_der(&der).unwrap_err();
    let length = EncodingError::WrongLength {
        field: "expanded key",
        expected: 2560,
        found: 4032,
    };
    assert_eq!(err, Error::Encoding(length));
}

#[test]
fn refuses_parameters_present() {
    let der = pkcs8(
        ID_ML_DSA_65,
        Some(AnyRef::NULL),
        &seed_choice(&[3u8; 32]),
        None,
    );
    assert_eq!(decode65(&der), enc(EncodingError::ParametersPresent));
    let vk = *key65().verifying_key();
    let der = spki(
        ID_ML_DSA_65,
        Some(AnyRef::NULL),
        BitStringRef::from_bytes(vk.as_bytes()).unwrap(),
    );
    assert_eq!(decode65_pk(&der), enc(EncodingError::ParametersPresent));
}

#[test]
fn refuses_wrong_version() {
    let mut der = key65()
        .pkcs8_der(PrivateKeyFormat::Seed)
        .unwrap()
        .as_bytes()
        .to_vec();
    assert_eq!(&der[2..5], &[2, 1, 0]); // version INTEGER v1
    der[4] = 2; // no such version
    assert_eq!(decode65(&der), enc(EncodingError::WrongVersion));
    der[4] = 1; // v2 without a public key
    assert_eq!(decode65(&der), enc(EncodingError::WrongVersion));
}

#[test]
fn accepts_v2_with_its_public_key_and_refuses_another() {
    let sk = key65();
    let der = pkcs8(
        ID_ML_DSA_65,
        None,
        &seed_choice(&[3u8; 32]),
        Some(sk.verifying_key().as_bytes()),
    );
    assert_eq!(&der[4..7], &[2, 1, 1]); // v2 (long-form outer length)
    assert_eq!(decode65(&der), Ok(()));
    let other = ml_dsa_65::SigningKey::from_seed(&[4u8; 32]);
    let der = pkcs8(
        ID_ML_DSA_65,
        None,
        &seed_choice(&[3u8; 32]),
        Some(other.verifying_key().as_bytes()),
    );
    assert_eq!(decode65(&der), enc(EncodingError::PublicKeyMismatch));
}

#[test]
fn refuses_wrong_seed_length() {
    for len in [0, 31, 33, 64] {
        let seed = [3u8; 64];
        let e = EncodingError::WrongLength {
            field: "seed",
            expected: 32,
            found: len,
        };
        assert_eq!(decode65_inner(&seed_choice(&seed[..len])), enc(e));
        assert_eq!(
            decode65_inner(&both_choice(&seed[..len], &key65().to_expanded_bytes()[..])),
            enc(e)
        );
    }
}

#[test]
fn refuses_wrong_expanded_length() {
    let expanded = key65().to_expanded_bytes();
    for len in [0, 4031] {
        let inner = expanded_choice(&expanded[..len]);
        let e = EncodingError::WrongLength {
            field: "expanded key",
            expected: 4032,
            found: len,
        };
        assert_eq!(decode65_inner(&inner), enc(e));
        assert_eq!(
            decode65_inner(&both_choice(&[3u8; 32], &expanded[..len])),
            enc(e)
        );
    }
}

#[test]
fn refuses_wrong_public_key_length() {
    let vk = *key65().verifying_key();
    let e = EncodingError::WrongLength {
        field: "public key",
        expected: 1952,
        found: 1951,
    };
    assert_eq!(
        decode65_pk_bits(BitStringRef::from_bytes(&vk.as_bytes()[1..]).unwrap()),
        enc(e)
    );
}

#[test]
fn refuses_unused_bits() {
    let vk = *key65().verifying_key();
    assert_eq!(
        decode65_pk_bits(BitStringRef::new(1, vk.as_bytes()).unwrap()),
        enc(EncodingError::UnusedBits)
    );
}

#[test]
fn refuses_trailing_bytes() {
    let sk = key65();
    // After the PrivateKeyInfo.
    let mut der = sk
        .pkcs8_der(PrivateKeyFormat::Seed)
        .unwrap()
        .as_bytes()
        .to_vec();
    der.push(0);
    assert_eq!(decode65(&der), enc(EncodingError::TrailingBytes));
    assert_eq!(
        Algorithm::of_pkcs8_der(&der),
        Err(EncodingError::TrailingBytes.into())
    );
    // Inside privateKey, after the CHOICE.
    let mut inner = seed_choice(&[3u8; 32]);
    inner.extend_from_slice(&[4, 0]);
    assert_eq!(decode65_inner(&inner), enc(EncodingError::TrailingBytes));
    // Inside `both`, a third element.
    let both = both_choice(&[3u8; 32], &sk.to_expanded_bytes()[..]);
    let mut extended = Vec::from(&both[..2]); // 30 82 .. .. : rewrite the length
    let body_len = both.len() - 4 + 2;
    extended.extend_from_slice(&[(body_len >> 8) as u8, body_len as u8]);
    extended.extend_from_slice(&both[4..]);
    extended.extend_from_slice(&[4, 0]);
    assert_eq!(extended[1], 0x82);
    assert_eq!(decode65_inner(&extended), enc(EncodingError::TrailingBytes));
    // After the SPKI.
    let mut der = sk.verifying_key().spki_der().unwrap().as_bytes().to_vec();
    der.push(0);
    assert_eq!(decode65_pk(&der), enc(EncodingError::TrailingBytes));
}

#[test]
fn refuses_malformed_der() {
    let der = key65().pkcs8_der(PrivateKeyFormat::Both).unwrap();
    for bad in [
        &b""[..],
        b"\x30",
        b"garbage",
        &der.as_bytes()[..der.as_bytes().len() - 1],
    ] {
        assert_eq!(decode65(bad), enc(EncodingError::MalformedDer));
        assert_eq!(decode65_pk(bad), enc(EncodingError::MalformedDer));
    }
    // A CHOICE alternative that does not exist: [1] instead of [0].
    let mut inner = seed_choice(&[3u8; 32]);
    inner[0] = 0x81;
    assert_eq!(decode65_inner(&inner), enc(EncodingError::MalformedDer));
    // The seed [0] constructed instead of primitive.
    inner[0] = 0xa0;
    assert_eq!(decode65_inner(&inner), enc(EncodingError::MalformedDer));
}

#[test]
fn refuses_pem_label_mismatch() {
    let sk = key65();
    let private = sk.pkcs8_pem(PrivateKeyFormat::Seed).unwrap();
    let public = sk.verifying_key().spki_pem().unwrap();
    let err = ml_dsa_65::VerifyingKey::decode_spki_pem(&private).unwrap_err();
    assert_eq!(
        err,
        Error::Encoding(EncodingError::WrongPemLabel {
            expected: "PUBLIC KEY"
        })
    );
    let err = ml_dsa_65::SigningKey::decode_pkcs8_pem(&public).unwrap_err();
    assert_eq!(
        err,
        Error::Encoding(EncodingError::WrongPemLabel {
            expected: "PRIVATE KEY"
        })
    );
    let ec = private.replace("PRIVATE KEY", "EC PRIVATE KEY");
    let err = ml_dsa_65::SigningKey::decode_pkcs8_pem(&ec).unwrap_err();
    assert_eq!(
        err,
        Error::Encoding(EncodingError::WrongPemLabel {
            expected: "PRIVATE KEY"
        })
    );
}

#[test]
fn refuses_malformed_pem() {
    let private = key65().pkcs8_pem(PrivateKeyFormat::Seed).unwrap();
    let broken = private.replace("-----END PRIVATE KEY-----", "");
    let bad_base64 = private.replacen('M', "*", 1);
    for bad in [
        "",
        "-----BEGIN PRIVATE KEY-----",
        broken.as_str(),
        bad_base64.as_str(),
    ] {
        let err = ml_dsa_65::SigningKey::decode_pkcs8_pem(bad).unwrap_err();
        assert_eq!(err, Error::Encoding(EncodingError::MalformedPem), "{bad}");
    }
}

#[test]
fn refuses_both_with_disagreeing_halves() {
    let other = ml_dsa_65::SigningKey::from_seed(&[4u8; 32]);
    assert_eq!(
        decode65_inner(&both_choice(&[3u8; 32], &other.to_expanded_bytes()[..])),
        enc(EncodingError::SeedMismatch)
    );
    // One bit of the expanded half (tr, part of the key's hash) flipped.
    let mut expanded = key65().to_expanded_bytes();
    expanded[70] ^= 1;
    assert_eq!(
        decode65_inner(&both_choice(&[3u8; 32], &expanded[..])),
        enc(EncodingError::SeedMismatch)
    );
}

#[test]
fn refuses_invalid_expanded_key() {
    let mut expanded = key65().to_expanded_bytes();
    expanded[70] ^= 1; // tr no longer H(pk)
    let inner = expanded_choice(&expanded[..]);
    assert_eq!(decode65_inner(&inner), Err(Error::MalformedKey));
}

#[test]
fn encoding_errors() {
    let sk = key65();
    let mut small = [0u8; 53];
    let err = sk
        .encode_pkcs8_der(PrivateKeyFormat::Seed, &mut small)
        .unwrap_err();
    assert_eq!(err, Error::Encoding(EncodingError::BufferTooSmall));
    let mut small = [0u8; 100];
    let err = sk.verifying_key().encode_spki_der(&mut small).unwrap_err();
    assert_eq!(err, Error::Encoding(EncodingError::BufferTooSmall));
    let imported = ml_dsa_65::SigningKey::try_from_expanded(&sk.to_expanded_bytes()[..]).unwrap();
    for format in [PrivateKeyFormat::Seed, PrivateKeyFormat::Both] {
        assert_eq!(
            imported.pkcs8_der(format).unwrap_err(),
            Error::Encoding(EncodingError::NoSeed)
        );
    }
    assert!(imported.pkcs8_der(PrivateKeyFormat::Expanded).is_ok());
}

/// The `pkcs8` / `spki` traits give the same keys, the seed form by default.
#[test]
fn rustcrypto_traits() {
    use pkcs8::{DecodePrivateKey, EncodePrivateKey};
    use spki::{DecodePublicKey, EncodePublicKey};
    let sk = key65();
    let doc = EncodePrivateKey::to_pkcs8_der(&sk).unwrap();
    assert_eq!(
        doc.as_bytes(),
        sk.pkcs8_der(PrivateKeyFormat::Seed).unwrap().as_bytes()
    );
    let again =
        <ml_dsa_65::SigningKey as DecodePrivateKey>::from_pkcs8_der(doc.as_bytes()).unwrap();
    assert_eq!(again.seed(), Some(&[3u8; 32]));
    assert!(<ml_dsa_44::SigningKey as DecodePrivateKey>::from_pkcs8_der(doc.as_bytes()).is_err());
    let imported = ml_dsa_65::SigningKey::try_from_expanded(&sk.to_expanded_bytes()[..]).unwrap();
    let doc = EncodePrivateKey::to_pkcs8_der(&imported).unwrap();
    assert_eq!(
        doc.as_bytes(),
        sk.pkcs8_der(PrivateKeyFormat::Expanded).unwrap().as_bytes()
    );
    let pk = sk.verifying_key().to_public_key_der().unwrap();
    let vk =
        <ml_dsa_65::VerifyingKey as DecodePublicKey>::from_public_key_der(pk.as_bytes()).unwrap();
    assert_eq!(&vk, sk.verifying_key());
    let err = <ml_dsa_44::VerifyingKey as DecodePublicKey>::from_public_key_der(pk.as_bytes());
    assert_eq!(
        err.unwrap_err(),
        spki::Error::OidUnknown { oid: ID_ML_DSA_65 }
    );
}

#[test]
fn pem_or_der_detects() {
    let sk = key65();
    let pem = sk.pkcs8_pem(PrivateKeyFormat::Seed).unwrap();
    let der = sk.pkcs8_der(PrivateKeyFormat::Seed).unwrap();
    let padded = alloc::format!("\n  {}\n", pem.as_str());
    for input in [pem.as_bytes(), der.as_bytes(), padded.as_bytes()] {
        assert_eq!(
            &pem_or_der(input, PRIVATE_KEY_PEM_LABEL).unwrap()[..],
            der.as_bytes()
        );
    }
    let err = pem_or_der(pem.as_bytes(), PUBLIC_KEY_PEM_LABEL).unwrap_err();
    assert_eq!(
        err,
        Error::Encoding(EncodingError::WrongPemLabel {
            expected: "PUBLIC KEY"
        })
    );
}
