//! PKCS#8 private-key decoding (RFC 9881: seed, expanded or both) on
//! arbitrary DER: never a panic, a typed error; a key that decodes names
//! its parameter set through `Algorithm::of_pkcs8_der`, and re-encoded in
//! every form it can take it decodes to the same key.
//!
//! Input: parameter set, then the DER.

use crate::{Input, NAMES, with_params};
use mldsa::encoding::{Algorithm, PKCS8_MAX_LEN, PrivateKeyFormat};
use mldsa::pkcs8::AssociatedOid;
use mldsa::{ParameterSet, SigningKey};

fn check<P: ParameterSet + AssociatedOid>(der: &[u8]) {
    let algorithm = Algorithm::of_pkcs8_der(der);
    let Ok(key) = SigningKey::<P>::decode_pkcs8_der(der) else {
        return;
    };
    assert_eq!(algorithm.map(Algorithm::name), Ok(P::NAME));
    assert!(NAMES.contains(&P::NAME));
    let mut buf = vec![0u8; PKCS8_MAX_LEN];
    for format in [
        PrivateKeyFormat::Seed,
        PrivateKeyFormat::Expanded,
        PrivateKeyFormat::Both,
    ] {
        let Ok(again) = key.encode_pkcs8_der(format, &mut buf) else {
            // Only a key without its seed cannot be written with one.
            assert!(key.seed().is_none() && format != PrivateKeyFormat::Expanded);
            continue;
        };
        let again = SigningKey::<P>::decode_pkcs8_der(again).unwrap();
        assert_eq!(again.verifying_key(), key.verifying_key());
        assert_eq!(
            (*again.to_expanded_bytes()).as_ref(),
            (*key.to_expanded_bytes()).as_ref()
        );
    }
}

/// One fuzz input.
pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    let sel = input.byte();
    let der = input.rest();
    with_params!(sel, P => check::<P>(der));
}
