//! Signature and hint decoding (sigDecode, HintBitUnpack) on arbitrary
//! bytes: `Signature::try_from` accepts exactly the right length; sigDecode
//! on every backend gives the spec's z and h, or refuses exactly when the
//! spec's h is bottom; and a decoded signature encodes back to the same
//! bytes (the encoding is canonical: no second encoding of the same
//! (c~, z, h) is accepted).
//!
//! Input: parameter set, then the signature.

use crate::{Input, assert_all, on_every_backend, spec_params, with_params};
use mldsa::algorithms::encodings::{sig_decode, sig_encode};
use mldsa::backend::Backend;
use mldsa::params::PolyVec;
use mldsa::{ParameterSet, Signature};

type Decoded = Option<(Vec<[i32; 256]>, Vec<[i32; 256]>)>;

/// sigDecode on `B`, and sigEncode of its result checked to give `sig` back.
fn decode_on<P: ParameterSet, B: Backend>(sig: &[u8]) -> Decoded {
    let mut z = P::VecL::zeroed();
    let mut h = P::VecK::zeroed();
    sig_decode::<P, B>(sig, &mut z, &mut h).ok()?;
    let mut again = vec![0u8; P::SIG_LEN];
    sig_encode::<P, B>(&sig[..P::C_TILDE_LEN], &z, &h, &mut again);
    assert_eq!(
        again,
        sig,
        "{} {}: sigEncode(sigDecode(sig)) != sig",
        B::NAME,
        P::NAME
    );
    let coeffs = |v: &[mldsa::poly::Poly]| v.iter().map(|p| p.coeffs).collect();
    Some((coeffs(z.as_ref()), coeffs(h.as_ref())))
}

fn check<P: ParameterSet>(sig: &[u8]) {
    let typed = Signature::<P>::try_from(sig);
    if sig.len() != P::SIG_LEN {
        assert_eq!(typed.err(), Some(mldsa::Error::WrongLength));
        return;
    }
    assert_eq!(typed.unwrap().as_ref(), sig);
    let (_, z, h) = mldsa_spec::encodings::sig_decode(&spec_params::<P>(), sig).unwrap();
    let expected: Decoded = h.map(|h| (z, h));
    let per_backend = on_every_backend!(decode_on::<P>(sig));
    assert_all("sigDecode", P::NAME, &per_backend, &expected);
}

/// One fuzz input.
pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    let sel = input.byte();
    let sig = input.rest();
    with_params!(sel, P => check::<P>(sig));
}
