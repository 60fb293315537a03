//! SPKI public-key decoding on arbitrary DER: never a panic, a typed
//! error; a key that decodes names its parameter set through
//! `Algorithm::of_spki_der`, and encodes back to exactly the input (DER has
//! one encoding of a key).
//!
//! Input: parameter set, then the DER.

use crate::{Input, with_params};
use mldsa::encoding::{Algorithm, SPKI_MAX_LEN};
use mldsa::pkcs8::AssociatedOid;
use mldsa::{ParameterSet, VerifyingKey};

fn check<P: ParameterSet + AssociatedOid>(der: &[u8]) {
    let algorithm = Algorithm::of_spki_der(der);
    let Ok(vk) = VerifyingKey::<P>::decode_spki_der(der) else {
        return;
    };
    assert_eq!(algorithm.map(Algorithm::name), Ok(P::NAME));
    let mut buf = [0u8; SPKI_MAX_LEN];
    assert_eq!(
        vk.encode_spki_der(&mut buf).unwrap(),
        der,
        "{}: SPKI round trip",
        P::NAME
    );
}

/// One fuzz input.
pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    let sel = input.byte();
    let der = input.rest();
    with_params!(sel, P => check::<P>(der));
}
