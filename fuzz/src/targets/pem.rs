//! PEM decoding of PKCS#8 private keys and SPKI public keys, and
//! `pem_or_der`, on arbitrary text: never a panic, a typed error; a key
//! that decodes writes PEM that decodes to the same key.
//!
//! Input: parameter set, then the text (bytes that are not UTF-8 go to
//! `pem_or_der` only).

use crate::{Input, with_params};
use mldsa::encoding::{PRIVATE_KEY_PEM_LABEL, PUBLIC_KEY_PEM_LABEL, PrivateKeyFormat, pem_or_der};
use mldsa::pkcs8::AssociatedOid;
use mldsa::{ParameterSet, SigningKey, VerifyingKey};

fn check<P: ParameterSet + AssociatedOid>(bytes: &[u8]) {
    for label in [PRIVATE_KEY_PEM_LABEL, PUBLIC_KEY_PEM_LABEL] {
        let _ = pem_or_der(bytes, label);
    }
    let Ok(text) = core::str::from_utf8(bytes) else {
        return;
    };
    if let Ok(vk) = VerifyingKey::<P>::decode_spki_pem(text) {
        let again = VerifyingKey::<P>::decode_spki_pem(&vk.spki_pem().unwrap()).unwrap();
        assert_eq!(again, vk);
    }
    if let Ok(sk) = SigningKey::<P>::decode_pkcs8_pem(text) {
        let format = match sk.seed() {
            Some(_) => PrivateKeyFormat::Seed,
            None => PrivateKeyFormat::Expanded,
        };
        let again = SigningKey::<P>::decode_pkcs8_pem(&sk.pkcs8_pem(format).unwrap()).unwrap();
        assert_eq!(again.verifying_key(), sk.verifying_key());
    }
}

/// One fuzz input.
pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    let sel = input.byte();
    let text = input.rest();
    with_params!(sel, P => check::<P>(text));
}
