//! The samplers at algorithm level, for the three parameter sets and every
//! backend, against the spec's Algorithms 29 to 34: ExpandA, ExpandS,
//! ExpandMask (kappa anywhere in u16, including kappa + r wrapping past
//! 65535, and the spec's kappa beyond 65535 keeping its low 16 bits) and
//! SampleInBall.

use crate::calls::{
    expand_a, expand_mask, expand_mask_stream, expand_s, sample_in_ball, sample_in_ball_public,
};
use crate::common::*;
use mldsa::backend::Backend;
use mldsa::params::{MlDsa44, MlDsa65, MlDsa87, ParameterSet, PolyMatrix, PolyVec};
use mldsa::poly::Poly;
use mldsa_spec::sampling as spec;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// ExpandA(rho): every entry exactly the spec's (both in [0, q)).
fn check_expand_a<P: ParameterSet, B: Backend>(rho: &[u8; 32]) -> Result<(), TestCaseError> {
    let params = spec_params::<P>();
    let mut a_hat = P::Matrix::zeroed();
    expand_a::<P, B>(rho, &mut a_hat);
    let expected = spec::expand_a(&params, rho);
    for (r, row) in a_hat.as_ref().iter().enumerate() {
        for (s, p) in row.as_ref().iter().enumerate() {
            prop_assert_eq!(
                &p.coeffs,
                &expected[r][s],
                "{} {}: ExpandA entry [{}][{}]",
                B::NAME,
                P::NAME,
                r,
                s
            );
        }
    }
    Ok(())
}

/// ExpandS(rho'): s1 and s2 exactly the spec's (signed, in [-eta, eta]).
fn check_expand_s<P: ParameterSet, B: Backend>(rho_prime: &[u8; 64]) -> Result<(), TestCaseError> {
    let params = spec_params::<P>();
    let mut s1 = P::VecL::zeroed();
    let mut s2 = P::VecK::zeroed();
    expand_s::<P, B>(rho_prime, &mut s1, &mut s2);
    let (e1, e2) = spec::expand_s(&params, rho_prime);
    let got1: Vec<Coeffs> = s1.as_ref().iter().map(|p| p.coeffs).collect();
    let got2: Vec<Coeffs> = s2.as_ref().iter().map(|p| p.coeffs).collect();
    prop_assert_eq!(got1, e1, "{} {}: ExpandS s1", B::NAME, P::NAME);
    prop_assert_eq!(got2, e2, "{} {}: ExpandS s2", B::NAME, P::NAME);
    Ok(())
}

/// ExpandMask(rho'', kappa) for the impl's u16 kappa against the spec's
/// kappa + 65536 m (IntegerToBytes(kappa + r, 2) keeps the low 16 bits).
fn check_expand_mask<P: ParameterSet, B: Backend>(
    rho_pp: &[u8; 64],
    kappa: u16,
    wraps: usize,
) -> Result<(), TestCaseError> {
    let params = spec_params::<P>();
    let mut y = P::VecL::zeroed();
    expand_mask::<P, B>(rho_pp, kappa, &mut y);
    let expected = spec::expand_mask(&params, rho_pp, kappa as usize + 65536 * wraps);
    let got: Vec<Coeffs> = y.as_ref().iter().map(|p| p.coeffs).collect();
    prop_assert_eq!(
        got,
        expected,
        "{} {}: ExpandMask with kappa = {} (spec kappa + {} * 65536)",
        B::NAME,
        P::NAME,
        kappa,
        wraps
    );
    Ok(())
}

/// ExpandMask on one stream, as Sign_internal's loop calls it: kappa = 0,
/// l, 2l, .. (the backend may make polynomials ahead, across calls), then
/// a kappa out of that order (what it made ahead must not be used), then
/// the order again from there; every call's y the spec's.
fn check_expand_mask_stream<P: ParameterSet, B: Backend>(
    rho_pp: &[u8; 64],
    jump: u16,
) -> Result<(), TestCaseError> {
    let params = spec_params::<P>();
    let l = P::L as u16;
    let kappas = [0, l, 2 * l, jump, jump.wrapping_add(l), 3 * l, 4 * l];
    let mut ys = vec![P::VecL::zeroed(); kappas.len()];
    expand_mask_stream::<P, B>(rho_pp, &kappas, &mut ys);
    for (&kappa, y) in kappas.iter().zip(&ys) {
        let expected = spec::expand_mask(&params, rho_pp, kappa as usize);
        let got: Vec<Coeffs> = y.as_ref().iter().map(|p| p.coeffs).collect();
        prop_assert_eq!(
            got,
            expected,
            "{} {}: ExpandMask on a stream, kappa = {} of {:?}",
            B::NAME,
            P::NAME,
            kappa,
            kappas
        );
    }
    Ok(())
}

/// SampleInBall(c~), both forms (signing's constant-time swaps and
/// verification's direct ones): the spec's challenge (-1 written q - 1
/// there), with exactly tau coefficients in {-1, 1} and the rest 0.
fn check_sample_in_ball<P: ParameterSet, B: Backend>(seed: &[u8]) -> Result<(), TestCaseError> {
    let params = spec_params::<P>();
    let c_tilde = &seed[..P::C_TILDE_LEN];
    let expected = spec::sample_in_ball(c_tilde, params.tau());
    type Form = fn(&[u8], &mut Poly);
    let forms: [(&str, Form); 2] = [
        ("SampleInBall", sample_in_ball::<P, B>),
        ("SampleInBall, public c~", sample_in_ball_public::<P, B>),
    ];
    for (form, sample) in forms {
        let mut c = Poly::from_coeffs([7; N]);
        sample(c_tilde, &mut c);
        prop_assert_eq!(
            mod_q(&c.coeffs),
            expected,
            "{} {}: {}",
            B::NAME,
            P::NAME,
            form
        );
        prop_assert!(c.coeffs.iter().all(|&x| (-1..=1).contains(&x)));
        prop_assert_eq!(c.coeffs.iter().filter(|&&x| x != 0).count(), P::TAU);
    }
    Ok(())
}

/// kappa: anywhere, near 0, and near 65535 where kappa + r wraps.
fn kappa() -> impl Strategy<Value = u16> {
    prop_oneof![any::<u16>(), 0u16..16, 65520u16..=65535]
}

proptest! {
    #![proptest_config(proptest_config!(64))]

    #[test]
    fn expand_a_matches_spec(rho in any::<[u8; 32]>()) {
        for_each_backend!(check_expand_a::<MlDsa44>(&rho));
        for_each_backend!(check_expand_a::<MlDsa65>(&rho));
        for_each_backend!(check_expand_a::<MlDsa87>(&rho));
    }
}

proptest! {
    #![proptest_config(proptest_config!(256))]

    #[test]
    fn expand_s_matches_spec(rho_prime in prop::array::uniform32(any::<u8>()).prop_flat_map(|a| {
        prop::array::uniform32(any::<u8>()).prop_map(move |b| {
            let mut s = [0u8; 64];
            s[..32].copy_from_slice(&a);
            s[32..].copy_from_slice(&b);
            s
        })
    })) {
        for_each_backend!(check_expand_s::<MlDsa44>(&rho_prime));
        for_each_backend!(check_expand_s::<MlDsa65>(&rho_prime));
        for_each_backend!(check_expand_s::<MlDsa87>(&rho_prime));
    }

    #[test]
    fn expand_mask_matches_spec(rho_pp in bytes_exact(64), kappa in kappa(), wraps in prop_oneof![3 => Just(0usize), 1 => 1usize..4]) {
        let rho_pp: [u8; 64] = rho_pp.try_into().unwrap();
        for_each_backend!(check_expand_mask::<MlDsa44>(&rho_pp, kappa, wraps));
        for_each_backend!(check_expand_mask::<MlDsa65>(&rho_pp, kappa, wraps));
        for_each_backend!(check_expand_mask::<MlDsa87>(&rho_pp, kappa, wraps));
    }

    #[test]
    fn expand_mask_on_a_stream_matches_spec(rho_pp in bytes_exact(64), jump in prop_oneof![Just(1u16), Just(4u16), any::<u16>()]) {
        let rho_pp: [u8; 64] = rho_pp.try_into().unwrap();
        for_each_backend!(check_expand_mask_stream::<MlDsa44>(&rho_pp, jump));
        for_each_backend!(check_expand_mask_stream::<MlDsa65>(&rho_pp, jump));
        for_each_backend!(check_expand_mask_stream::<MlDsa87>(&rho_pp, jump));
    }

    #[test]
    fn sample_in_ball_matches_spec(seed in bytes_exact(64)) {
        for_each_backend!(check_sample_in_ball::<MlDsa44>(&seed));
        for_each_backend!(check_sample_in_ball::<MlDsa65>(&seed));
        for_each_backend!(check_sample_in_ball::<MlDsa87>(&seed));
    }
}

#[test]
fn sampling_edges() -> Result<(), TestCaseError> {
    for fill in [0x00u8, 0xFF] {
        let rho = [fill; 32];
        for_each_backend!(check_expand_a::<MlDsa44>(&rho));
        for_each_backend!(check_expand_a::<MlDsa65>(&rho));
        for_each_backend!(check_expand_a::<MlDsa87>(&rho));
        let seed = [fill; 64];
        for_each_backend!(check_expand_s::<MlDsa44>(&seed));
        for_each_backend!(check_expand_s::<MlDsa65>(&seed));
        for_each_backend!(check_expand_s::<MlDsa87>(&seed));
        for_each_backend!(check_sample_in_ball::<MlDsa44>(&seed));
        for_each_backend!(check_sample_in_ball::<MlDsa65>(&seed));
        for_each_backend!(check_sample_in_ball::<MlDsa87>(&seed));
        // Every kappa whose window kappa .. kappa + l - 1 crosses 65535.
        for kappa in (65535 - 7)..=65535u16 {
            for wraps in [0, 1] {
                for_each_backend!(check_expand_mask::<MlDsa44>(&seed, kappa, wraps));
                for_each_backend!(check_expand_mask::<MlDsa65>(&seed, kappa, wraps));
                for_each_backend!(check_expand_mask::<MlDsa87>(&seed, kappa, wraps));
            }
        }
        for kappa in [0u16, 1, 4, 5, 7] {
            for_each_backend!(check_expand_mask::<MlDsa44>(&seed, kappa, 0));
            for_each_backend!(check_expand_mask::<MlDsa65>(&seed, kappa, 0));
            for_each_backend!(check_expand_mask::<MlDsa87>(&seed, kappa, 0));
        }
    }
    Ok(())
}
