//! Expanded signing-key import (`SigningKey::try_from_expanded`) on
//! arbitrary bytes: `WrongLength` exactly when the length is wrong, else
//! accepted exactly when the spec's KeyGen steps say the key is valid
//! (s1, s2 in [-eta, eta], t0 and tr those of (rho, s1, s2)), with
//! `MalformedKey` otherwise. An accepted key re-encodes to the same bytes,
//! has the spec's public key, and signs as the spec does.
//!
//! Input: parameter set, then the key.

use crate::{Input, spec_expanded_key, spec_params, with_params};
use mldsa::{Error, ParameterSet, SigningKey};

fn check<P: ParameterSet>(sk: &[u8]) {
    let key = SigningKey::<P>::try_from_expanded(sk);
    if sk.len() != P::SK_LEN {
        assert_eq!(key.err(), Some(Error::WrongLength));
        return;
    }
    let p = spec_params::<P>();
    let expected = spec_expanded_key(&p, sk);
    match (key, expected) {
        (Ok(key), Some(pk)) => {
            assert_eq!((*key.to_expanded_bytes()).as_ref(), sk);
            assert_eq!(key.verifying_key().as_bytes(), &pk[..]);
            let sig = key.sign_deterministic(b"fuzz", b"").unwrap();
            let spec = mldsa_spec::ml_dsa_sign(&p, sk, b"fuzz", b"", Some([0; 32])).unwrap();
            assert_eq!(sig.as_ref(), &spec[..], "{}: signature", P::NAME);
        }
        (Err(e), None) => assert_eq!(e, Error::MalformedKey),
        (Ok(_), None) => panic!("{}: an invalid expanded key was accepted", P::NAME),
        (Err(e), Some(_)) => panic!("{}: a valid expanded key was refused: {e:?}", P::NAME),
    }
}

/// One fuzz input.
pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    let sel = input.byte();
    let sk = input.rest();
    with_params!(sel, P => check::<P>(sk));
}
