//! The key and signature encodings at algorithm level, for the three
//! parameter sets (and every backend where the impl takes one), against the
//! spec's Algorithms 22 to 28: pkEncode / pkDecode, skEncode / skDecode
//! (with the impl's range check on s1 and s2), sigEncode / sigDecode (with
//! HintBitUnpack's bottom) and w1Encode.

use crate::calls::{pk_decode, pk_encode, sig_decode, sig_encode, sk_decode, sk_encode, w1_encode};
use crate::common::*;
use mldsa::algorithms::encodings::SkParts;
use mldsa::backend::Backend;
use mldsa::params::{ParameterSet, PolyVec};
use mldsa::poly::Poly;
use mldsa_spec::encodings as spec;
use mldsa_spec::params::ParamSet;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

fn vec_of<V: PolyVec>(polys: &[Coeffs]) -> V {
    let mut v = V::zeroed();
    assert_eq!(v.as_ref().len(), polys.len());
    for (p, c) in v.as_mut().iter_mut().zip(polys) {
        *p = Poly::from_coeffs(*c);
    }
    v
}

fn coeffs_of<V: PolyVec>(v: &V) -> Vec<Coeffs> {
    v.as_ref().iter().map(|p| p.coeffs).collect()
}

fn check_pk_encode<P: ParameterSet, B: Backend>(
    rho: &[u8; 32],
    t1: &[Coeffs],
) -> Result<(), TestCaseError> {
    let params = spec_params::<P>();
    let mut pk = vec![0xA5u8; P::PK_LEN];
    pk_encode::<P, B>(rho, &vec_of::<P::VecK>(t1), &mut pk);
    prop_assert_eq!(
        pk,
        spec::pk_encode(&params, rho, t1),
        "{} {}: pkEncode",
        P::NAME,
        B::NAME
    );
    Ok(())
}

fn check_pk_decode<P: ParameterSet>(pk: &[u8]) -> Result<(), TestCaseError> {
    let params = spec_params::<P>();
    let mut rho = [0u8; 32];
    let mut t1 = P::VecK::zeroed();
    pk_decode::<P>(pk, &mut rho, &mut t1);
    let (e_rho, e_t1) = spec::pk_decode(&params, pk).unwrap();
    prop_assert_eq!(rho, e_rho, "{}: pkDecode rho", P::NAME);
    prop_assert_eq!(coeffs_of(&t1), e_t1, "{}: pkDecode t1", P::NAME);
    Ok(())
}

/// The parts of an expanded key: rho, K, tr, s1, s2, t0.
type SkData = (
    [u8; 32],
    [u8; 32],
    [u8; 64],
    Vec<Coeffs>,
    Vec<Coeffs>,
    Vec<Coeffs>,
);

fn check_sk_encode<P: ParameterSet, B: Backend>(d: &SkData) -> Result<(), TestCaseError> {
    let params = spec_params::<P>();
    let (s1, s2, t0) = (
        vec_of::<P::VecL>(&d.3),
        vec_of::<P::VecK>(&d.4),
        vec_of::<P::VecK>(&d.5),
    );
    let parts = SkParts::<P> {
        rho: &d.0,
        k: &d.1,
        tr: &d.2,
        s1: &s1,
        s2: &s2,
        t0: &t0,
    };
    let mut sk = vec![0xA5u8; P::SK_LEN];
    sk_encode::<P, B>(&parts, &mut sk);
    let expected = spec::sk_encode(&params, &d.0, &d.1, &d.2, &d.3, &d.4, &d.5);
    prop_assert_eq!(sk, expected, "{} {}: skEncode", P::NAME, B::NAME);
    Ok(())
}

/// skDecode: Ok exactly when the spec's s1 and s2 lie in [-eta, eta], and
/// then every part equal to the spec's.
fn check_sk_decode<P: ParameterSet, B: Backend>(sk: &[u8]) -> Result<(), TestCaseError> {
    let params = spec_params::<P>();
    let (d, got) = sk_decode::<P, B>(sk);
    let (e_rho, e_k, e_tr, e_s1, e_s2, e_t0) = spec::sk_decode(&params, sk).unwrap();
    let in_range = e_s1
        .iter()
        .chain(&e_s2)
        .all(|p| p.iter().all(|&c| -P::ETA <= c && c <= P::ETA));
    prop_assert_eq!(
        got.is_ok(),
        in_range,
        "{} {}: skDecode accepted {:?}",
        P::NAME,
        B::NAME,
        got
    );
    if in_range {
        prop_assert_eq!(
            (d.rho, d.k, d.tr),
            (e_rho, e_k, e_tr),
            "{}: skDecode seeds",
            P::NAME
        );
        prop_assert_eq!(coeffs_of(&d.s1), e_s1, "{}: skDecode s1", P::NAME);
        prop_assert_eq!(coeffs_of(&d.s2), e_s2, "{}: skDecode s2", P::NAME);
        prop_assert_eq!(coeffs_of(&d.t0), e_t0, "{}: skDecode t0", P::NAME);
    } else {
        prop_assert_eq!(got, Err(mldsa::Error::MalformedKey));
    }
    Ok(())
}

fn check_sig_encode<P: ParameterSet, B: Backend>(
    c_tilde: &[u8],
    z: &[Coeffs],
    h: &[Coeffs],
) -> Result<(), TestCaseError> {
    let params = spec_params::<P>();
    let mut sig = vec![0xA5u8; P::SIG_LEN];
    sig_encode::<P, B>(
        c_tilde,
        &vec_of::<P::VecL>(z),
        &vec_of::<P::VecK>(h),
        &mut sig,
    );
    prop_assert_eq!(
        sig,
        spec::sig_encode(&params, c_tilde, z, h),
        "{} {}: sigEncode",
        B::NAME,
        P::NAME
    );
    Ok(())
}

/// sigDecode: Ok exactly when the spec's hint is not bottom; then z and h
/// equal the spec's.
fn check_sig_decode<P: ParameterSet, B: Backend>(sig: &[u8]) -> Result<(), TestCaseError> {
    let params = spec_params::<P>();
    let mut z = P::VecL::zeroed();
    let mut h = P::VecK::zeroed();
    let got = sig_decode::<P, B>(sig, &mut z, &mut h);
    let (_, e_z, e_h) = spec::sig_decode(&params, sig).unwrap();
    prop_assert_eq!(
        got.is_ok(),
        e_h.is_some(),
        "{} {}: sigDecode gave {:?}",
        B::NAME,
        P::NAME,
        got
    );
    if let Some(e_h) = e_h {
        prop_assert_eq!(coeffs_of(&z), e_z, "{} {}: sigDecode z", B::NAME, P::NAME);
        prop_assert_eq!(coeffs_of(&h), e_h, "{} {}: sigDecode h", B::NAME, P::NAME);
    } else {
        prop_assert_eq!(got, Err(mldsa::Error::MalformedSignature));
    }
    Ok(())
}

fn check_w1_encode<P: ParameterSet, B: Backend>(w1: &[Coeffs]) -> Result<(), TestCaseError> {
    let params = spec_params::<P>();
    let mut out = vec![0xA5u8; P::W1_LEN];
    w1_encode::<P, B>(&vec_of::<P::VecK>(w1), &mut out);
    prop_assert_eq!(
        out,
        spec::w1_encode(&params, w1),
        "{} {}: w1Encode",
        B::NAME,
        P::NAME
    );
    Ok(())
}

fn polys(n: usize, lo: i32, hi: i32) -> impl Strategy<Value = Vec<Coeffs>> {
    prop::collection::vec(coeffs_with_edges(lo, hi), n)
}

fn sk_data(p: ParamSet) -> impl Strategy<Value = SkData> {
    (
        any::<[u8; 32]>(),
        any::<[u8; 32]>(),
        bytes_exact(64).prop_map(|v| v.try_into().unwrap()),
        polys(p.l(), -p.eta(), p.eta()),
        polys(p.k(), -p.eta(), p.eta()),
        polys(p.k(), -(1 << 12) + 1, 1 << 12),
    )
}

/// (c~, z, h) with |z_i| < gamma1 and at most omega hints.
type SigData = (Vec<u8>, Vec<Coeffs>, Vec<Coeffs>);

fn sig_data(p: ParamSet) -> impl Strategy<Value = SigData> {
    (
        bytes_exact(p.lambda() / 4),
        polys(p.l(), -(p.gamma1() - 1), p.gamma1() - 1),
        hint_positions(p.k(), p.omega()).prop_map(move |ones| hint_from(p.k(), p.omega(), &ones)),
    )
}

/// An encoded expanded key: a valid one, a valid one with a few bytes of
/// s1 / s2 replaced, or random bytes.
fn sk_bytes(p: ParamSet) -> impl Strategy<Value = Vec<u8>> {
    let s_start = 128;
    let s_end = 128 + 32 * (p.k() + p.l()) * p.bitlen_2eta();
    let valid = move || {
        sk_data(p).prop_map(move |d| spec::sk_encode(&p, &d.0, &d.1, &d.2, &d.3, &d.4, &d.5))
    };
    prop_oneof![
        2 => valid(),
        2 => (valid(), prop::collection::vec((s_start..s_end, any::<u8>()), 1..3)).prop_map(|(mut sk, e)| {
            for (i, b) in e {
                sk[i] = b;
            }
            sk
        }),
        1 => bytes_exact(p.sk_len()),
    ]
}

/// An encoded signature: a valid one, one with a few hint bytes replaced
/// (often malformed), or random bytes.
fn sig_bytes(p: ParamSet) -> impl Strategy<Value = Vec<u8>> {
    let hint_start = p.sig_len() - p.omega() - p.k();
    let valid = move || sig_data(p).prop_map(move |(c, z, h)| spec::sig_encode(&p, &c, &z, &h));
    prop_oneof![
        2 => valid(),
        3 => (valid(), prop::collection::vec((hint_start..p.sig_len(), any::<u8>()), 1..3)).prop_map(|(mut sig, e)| {
            for (i, b) in e {
                sig[i] = b;
            }
            sig
        }),
        1 => bytes_exact(p.sig_len()),
    ]
}

proptest! {
    #![proptest_config(proptest_config!(256))]

    #[test]
    fn pk_encode_matches_spec((i, (rho, t1)) in per_params(|p| (any::<[u8; 32]>(), polys(p.k(), 0, 1023)))) {
        with_params!(i, { for_each_backend!(check_pk_encode::<P>(&rho, &t1)); });
    }

    #[test]
    fn pk_decode_matches_spec((i, pk) in per_params(|p| bytes_exact(p.pk_len()))) {
        with_params!(i, { check_pk_decode::<P>(&pk)?; });
    }

    #[test]
    fn sk_encode_matches_spec((i, d) in per_params(sk_data)) {
        with_params!(i, { for_each_backend!(check_sk_encode::<P>(&d)); });
    }

    #[test]
    fn sk_decode_matches_spec((i, sk) in per_params(sk_bytes)) {
        with_params!(i, { for_each_backend!(check_sk_decode::<P>(&sk)); });
    }

    #[test]
    fn sig_encode_matches_spec((i, (c, z, h)) in per_params(sig_data)) {
        with_params!(i, { for_each_backend!(check_sig_encode::<P>(&c, &z, &h)); });
    }

    #[test]
    fn sig_decode_matches_spec((i, sig) in per_params(sig_bytes)) {
        with_params!(i, { for_each_backend!(check_sig_decode::<P>(&sig)); });
    }

    #[test]
    fn w1_encode_matches_spec((i, w1) in per_params(|p| polys(p.k(), 0, (Q - 1) / (2 * p.gamma2()) - 1))) {
        with_params!(i, { for_each_backend!(check_w1_encode::<P>(&w1)); });
    }
}

fn encoding_edges_for<P: ParameterSet>() -> Result<(), TestCaseError> {
    let p = spec_params::<P>();
    for fill in [0x00u8, 0xFF] {
        check_pk_decode::<P>(&vec![fill; p.pk_len()])?;
        for_each_backend!(check_sk_decode::<P>(&vec![fill; p.sk_len()]));
        for_each_backend!(check_sig_decode::<P>(&vec![fill; p.sig_len()]));
    }
    for t1 in [0, 1, 512, 1023] {
        for_each_backend!(check_pk_encode::<P>(&[0xFF; 32], &vec![[t1; N]; p.k()]));
    }
    // Extreme keys: s1, s2 at -eta and eta, t0 at -(2^12 - 1) and 2^12.
    for (s, t) in [(-p.eta(), -(1 << 12) + 1), (p.eta(), 1 << 12), (0, 0)] {
        let d: SkData = (
            [1; 32],
            [2; 32],
            [3; 64],
            vec![[s; N]; p.l()],
            vec![[s; N]; p.k()],
            vec![[t; N]; p.k()],
        );
        for_each_backend!(check_sk_encode::<P>(&d));
        let sk = spec::sk_encode(&p, &d.0, &d.1, &d.2, &d.3, &d.4, &d.5);
        for_each_backend!(check_sk_decode::<P>(&sk));
    }
    // z at +-(gamma1 - 1), +-(gamma1 - beta) (+- 1); no hints, omega hints.
    let g1 = p.gamma1();
    let gb = p.gamma1() - p.beta();
    let c = vec![0xC3u8; p.lambda() / 4];
    let no_hints = vec![[0; N]; p.k()];
    let mut full = vec![[0; N]; p.k()];
    for n in 0..p.omega() {
        full[n % p.k()][n / p.k() * 3] = 1;
    }
    for z in [
        g1 - 1,
        -(g1 - 1),
        gb,
        -gb,
        gb - 1,
        -(gb - 1),
        gb + 1,
        -(gb + 1),
        0,
    ] {
        for h in [&no_hints, &full] {
            let zs = vec![[z; N]; p.l()];
            for_each_backend!(check_sig_encode::<P>(&c, &zs, h));
            for_each_backend!(check_sig_decode::<P>(&spec::sig_encode(&p, &c, &zs, h)));
        }
    }
    // z = gamma1 (encoded as zeros) decodes; sigEncode never writes it.
    let mut sig = spec::sig_encode(&p, &c, &vec![[0; N]; p.l()], &full);
    sig[p.lambda() / 4..p.lambda() / 4 + 32 * p.gamma1_bits()].fill(0);
    for_each_backend!(check_sig_decode::<P>(&sig));
    // Hint encodings at the edges of HintBitUnpack.
    let hint_start = p.sig_len() - p.omega() - p.k();
    let base = spec::sig_encode(&p, &c, &vec![[0; N]; p.l()], &full);
    let mut cases: Vec<Vec<u8>> = Vec::new();
    for (offset, value) in [
        (p.omega() + p.k() - 1, p.omega() as u8), // valid: the last count is omega
        (p.omega() + p.k() - 1, p.omega() as u8 + 1), // count over omega
        (p.omega(), 0),                           // first count lowered
        (p.omega() + p.k() - 1, 0),               // decreasing count
        (0, 255),                                 // index out of order
        (1, 0),                                   // index repeated or out of order
    ] {
        let mut s = base.clone();
        s[hint_start + offset] = value;
        cases.push(s);
    }
    // Exactly omega hints, the last count raised to omega + 1: y[omega] (the
    // first count) then reads as one more index, larger than the last one.
    let mut packed = vec![[0; N]; p.k()];
    for j in 0..p.omega() - 2 {
        packed[0][j + 10] = 1;
    }
    packed[p.k() - 1][0] = 1;
    packed[p.k() - 1][1] = 1;
    let mut s = spec::sig_encode(&p, &c, &vec![[0; N]; p.l()], &packed);
    s[hint_start + p.omega() + p.k() - 1] = p.omega() as u8 + 1;
    cases.push(s);
    let none = spec::sig_encode(&p, &c, &vec![[0; N]; p.l()], &no_hints);
    for pad in [0, p.omega() - 1] {
        let mut s = none.clone();
        s[hint_start + pad] = 1; // nonzero padding
        cases.push(s);
    }
    for s in cases {
        for_each_backend!(check_sig_decode::<P>(&s));
    }
    for w in [0, (Q - 1) / (2 * p.gamma2()) - 1] {
        for_each_backend!(check_w1_encode::<P>(&vec![[w; N]; p.k()]));
    }
    Ok(())
}

per_set! {
    encoding_edges => encoding_edges_for,
}
