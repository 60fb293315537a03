//! Public-key decoding (pkDecode and tr) on arbitrary bytes: `WrongLength`
//! exactly when the length is wrong; otherwise every backend's decoding
//! keeps the bytes, tr = H(pk, 64) as the spec computes it, the spec's
//! pkEncode(pkDecode(pk)) = pk, and the SPKI encoding reads back the same
//! key.
//!
//! Input: parameter set, then the key.

use crate::{Input, assert_all, on_every_backend, spec_params, with_params};
use mldsa::algorithms::ExpandedVerifyingKey;
use mldsa::backend::Backend;
use mldsa::encoding::SPKI_MAX_LEN;
use mldsa::{Error, ParameterSet, VerifyingKey};
use mldsa_spec::encodings::{pk_decode, pk_encode};

fn decode_on<P: ParameterSet, B: Backend>(pk: &[u8]) -> Result<(Vec<u8>, [u8; 64]), Error> {
    let mut vk = ExpandedVerifyingKey::<P>::zeroed();
    vk.decode_from::<B>(pk)?;
    Ok((vk.encoded().as_ref().to_vec(), *vk.tr()))
}

fn check<P: ParameterSet + mldsa::pkcs8::AssociatedOid>(pk: &[u8]) {
    let vk = VerifyingKey::<P>::try_from(pk);
    let per_backend = on_every_backend!(decode_on::<P>(pk));
    if pk.len() != P::PK_LEN {
        assert_eq!(vk.err(), Some(Error::WrongLength));
        assert_all("decode", P::NAME, &per_backend, &Err(Error::WrongLength));
        return;
    }
    let vk = vk.unwrap();
    assert_eq!(vk.as_bytes(), pk);
    let tr: [u8; 64] = mldsa_spec::hash::h(pk, 64).try_into().unwrap();
    assert_eq!(vk.tr(), &tr, "{}: tr", P::NAME);
    assert_all("decode", P::NAME, &per_backend, &Ok((pk.to_vec(), tr)));
    let p = spec_params::<P>();
    let (rho, t1) = pk_decode(&p, pk).unwrap();
    assert_eq!(pk_encode(&p, &rho, &t1), pk);
    let mut buf = [0u8; SPKI_MAX_LEN];
    let der = vk.encode_spki_der(&mut buf).unwrap();
    assert_eq!(VerifyingKey::<P>::decode_spki_der(der).unwrap(), vk);
}

/// One fuzz input.
pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    let sel = input.byte();
    let pk = input.rest();
    with_params!(sel, P => check::<P>(pk));
}
