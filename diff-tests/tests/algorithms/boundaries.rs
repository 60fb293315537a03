//! The rejection conditions of signing and verification at their exact
//! boundaries, for the three parameter sets.
//!
//! Random signatures almost never sit on a boundary, so these cases are
//! searched for: Sign_internal's loop is replayed from the spec's building
//! blocks, recording each iteration's ||z||, ||r0||, ||c t0|| and hint count,
//! until iterations are found where
//!
//! - ||z|| = gamma1 - beta exactly and every other check passes: the spec
//!   rejects that iteration, so the impl's signature (from the same key,
//!   mu and rnd) must be the spec's, from a later kappa; and the iteration's
//!   (c~, z, h), encoded, is a signature whose c~ matches and whose only
//!   flaw is the norm: both verifiers must reject it;
//! - ||r0|| = gamma2 - beta exactly and every other check passes: again the
//!   impl's signature must be the spec's;
//! - an accepted iteration has ||z|| = gamma1 - beta - 1: both verify it;
//! - an iteration has exactly omega + 1 hints and passes every other check
//!   (the spec rejects it), or exactly omega hints and is accepted: the
//!   impl's signature must be the spec's, and both verify the latter.
//!
//! ||c t0|| = gamma2 is out of reach (||c t0|| stays far below gamma2), so
//! that boundary is left to the random tests.

use crate::common::*;
use mldsa::params::ParameterSet;
use mldsa::{Mu, SigningKey, VerifyingKey};
use mldsa_spec::encodings::{sig_encode, sk_decode, w1_encode};
use mldsa_spec::hash::h;
use mldsa_spec::ntt::{
    add_vector_ntt, matrix_vector_ntt, ntt, ntt_inverse_vector, ntt_vector, scalar_vector_ntt,
};
use mldsa_spec::params::ParamSet;
use mldsa_spec::ring::{
    Poly, count_nonzero, neg_vector, sub_vector, vector_infinity_norm, vector_mod_pm_q,
    vector_mod_q,
};
use mldsa_spec::rounding::{high_bits_vector, low_bits_vector, make_hint_vector, use_hint_vector};
use mldsa_spec::sampling::{expand_a, expand_mask, sample_in_ball};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// One iteration of Sign_internal's loop.
struct Iteration {
    c_tilde: Vec<u8>,
    /// z mod+- q.
    z: Vec<Poly>,
    h: Vec<Poly>,
    z_norm: i32,
    r0_norm: i32,
    ct0_norm: i32,
    ones: usize,
}

impl Iteration {
    fn accepted(&self, p: &ParamSet) -> bool {
        self.z_norm < p.gamma1() - p.beta()
            && self.r0_norm < p.gamma2() - p.beta()
            && self.ct0_norm < p.gamma2()
            && self.ones <= p.omega()
    }
}

/// A decoded private key with its NTTs, for replaying Sign_internal.
struct Signer {
    p: ParamSet,
    sk: Vec<u8>,
    pk: Vec<u8>,
    cap_k: [u8; 32],
    a_hat: Vec<Vec<Poly>>,
    s1_hat: Vec<Poly>,
    s2_hat: Vec<Poly>,
    t0_hat: Vec<Poly>,
}

impl Signer {
    fn new(p: ParamSet, xi: &[u8; 32]) -> Self {
        let (pk, sk) = mldsa_spec::ml_dsa_key_gen_internal(&p, xi);
        let (rho, cap_k, _, s1, s2, t0) = sk_decode(&p, &sk).unwrap();
        Signer {
            p,
            pk,
            cap_k,
            a_hat: expand_a(&p, &rho),
            s1_hat: ntt_vector(&vector_mod_q(&s1)),
            s2_hat: ntt_vector(&vector_mod_q(&s2)),
            t0_hat: ntt_vector(&vector_mod_q(&t0)),
            sk,
        }
    }

    /// Algorithm 7 lines 7 to 32 from mu, every iteration up to the first
    /// accepted one (at most `max`).
    fn iterations(&self, mu: &[u8; 64], rnd: &[u8; 32], max: usize) -> Vec<Iteration> {
        let p = &self.p;
        let rho_pp: [u8; 64] = h(&[&self.cap_k[..], rnd, mu].concat(), 64)
            .try_into()
            .unwrap();
        let mut out = Vec::new();
        let mut kappa = 0;
        while out.len() < max {
            let y = expand_mask(p, &rho_pp, kappa);
            kappa += p.l();
            let w = ntt_inverse_vector(&matrix_vector_ntt(
                &self.a_hat,
                &ntt_vector(&vector_mod_q(&y)),
            ));
            let w1 = high_bits_vector(&w, p.gamma2());
            let c_tilde = h(&[&mu[..], &w1_encode(p, &w1)].concat(), p.lambda() / 4);
            let c_hat = ntt(&sample_in_ball(&c_tilde, p.tau()));
            let c_s1 = ntt_inverse_vector(&scalar_vector_ntt(&c_hat, &self.s1_hat));
            let c_s2 = ntt_inverse_vector(&scalar_vector_ntt(&c_hat, &self.s2_hat));
            let z = add_vector_ntt(&vector_mod_q(&y), &c_s1);
            let w_cs2 = sub_vector(&w, &c_s2);
            let r0 = low_bits_vector(&w_cs2, p.gamma2());
            let c_t0 = ntt_inverse_vector(&scalar_vector_ntt(&c_hat, &self.t0_hat));
            let hint = make_hint_vector(
                &neg_vector(&c_t0),
                &add_vector_ntt(&w_cs2, &c_t0),
                p.gamma2(),
            );
            let it = Iteration {
                c_tilde,
                z_norm: vector_infinity_norm(&z),
                z: vector_mod_pm_q(&z),
                r0_norm: vector_infinity_norm(&r0),
                ct0_norm: vector_infinity_norm(&c_t0),
                ones: count_nonzero(&hint),
                h: hint,
            };
            let done = it.accepted(p);
            out.push(it);
            if done {
                break;
            }
        }
        out
    }

    /// Whether (c~, z, h) passes Verify_internal's c~ check (line 12),
    /// ignoring the norm check: the spec's building blocks, as in Algorithm 8.
    fn c_tilde_matches(&self, mu: &[u8; 64], it: &Iteration) -> bool {
        let p = &self.p;
        let (_, t1) = mldsa_spec::encodings::pk_decode(p, &self.pk).unwrap();
        let c_hat = ntt(&sample_in_ball(&it.c_tilde, p.tau()));
        let a_z = matrix_vector_ntt(&self.a_hat, &ntt_vector(&vector_mod_q(&it.z)));
        let t1_2d: Vec<Poly> = t1
            .iter()
            .map(|t| mldsa_spec::ring::shift_left(t, 13))
            .collect();
        let c_t1 = scalar_vector_ntt(&c_hat, &ntt_vector(&t1_2d));
        let w_approx = ntt_inverse_vector(&sub_vector(&a_z, &c_t1));
        let w1 = use_hint_vector(&it.h, &w_approx, p.gamma2());
        h(&[&mu[..], &w1_encode(p, &w1)].concat(), p.lambda() / 4) == it.c_tilde
    }
}

/// What a search looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Boundary {
    /// A rejected iteration whose only flaw is ||z|| = gamma1 - beta.
    ZAtBound,
    /// A rejected iteration whose only flaw is ||r0|| = gamma2 - beta.
    R0AtBound,
    /// An accepted iteration with ||z|| = gamma1 - beta - 1.
    ZJustBelow,
    /// A rejected iteration whose only flaw is omega + 1 hints.
    HintsOverOmega,
    /// An accepted iteration with exactly omega hints.
    HintsAtOmega,
}

fn matches(p: &ParamSet, it: &Iteration, b: Boundary) -> bool {
    let z_bound = p.gamma1() - p.beta();
    let r0_bound = p.gamma2() - p.beta();
    let rest = it.ct0_norm < p.gamma2() && it.ones <= p.omega();
    let norms = it.z_norm < z_bound && it.r0_norm < r0_bound && it.ct0_norm < p.gamma2();
    match b {
        Boundary::ZAtBound => it.z_norm == z_bound && it.r0_norm < r0_bound && rest,
        Boundary::R0AtBound => it.z_norm < z_bound && it.r0_norm == r0_bound && rest,
        Boundary::ZJustBelow => it.z_norm == z_bound - 1 && it.accepted(p),
        Boundary::HintsOverOmega => norms && it.ones == p.omega() + 1,
        Boundary::HintsAtOmega => norms && it.ones == p.omega(),
    }
}

/// Checks one found case against the impl.
fn check_case<P: ParameterSet>(
    signer: &Signer,
    mu: &[u8; 64],
    rnd: &[u8; 32],
    it: &Iteration,
    b: Boundary,
) -> Result<(), TestCaseError> {
    let p = &signer.p;
    let sk = SigningKey::<P>::try_from_expanded(&signer.sk).unwrap();
    let vk = VerifyingKey::<P>::try_from(&signer.pk[..]).unwrap();
    // The impl signs exactly as the spec does, rejecting (or not) the
    // boundary iteration as the spec does.
    let expected = mldsa_spec::ml_dsa_sign_internal_external_mu(p, &signer.sk, mu, rnd).unwrap();
    let sig = sk.sign_mu(&Mu(*mu), rnd);
    prop_assert_eq!(
        sig.as_ref(),
        &expected[..],
        "{}: {:?}: signatures differ",
        P::NAME,
        b
    );

    if b == Boundary::HintsOverOmega {
        // omega + 1 hints cannot be encoded.
        return Ok(());
    }
    let encoded = sig_encode(p, &it.c_tilde, &it.z, &it.h);
    prop_assert!(
        signer.c_tilde_matches(mu, it),
        "{:?}: the found case's c~ does not match",
        b
    );
    let spec_ok = mldsa_spec::ml_dsa_verify_internal_external_mu(p, &signer.pk, mu, &encoded);
    let impl_ok = vk.verify_mu(&Mu(*mu), &encoded).is_ok();
    prop_assert_eq!(
        impl_ok,
        spec_ok,
        "{}: {:?}: verification differs",
        P::NAME,
        b
    );
    match b {
        Boundary::ZAtBound => prop_assert!(!spec_ok, "||z|| = gamma1 - beta must be rejected"),
        Boundary::ZJustBelow => prop_assert!(spec_ok, "||z|| = gamma1 - beta - 1 must verify"),
        Boundary::HintsAtOmega => prop_assert!(spec_ok, "omega hints must verify"),
        Boundary::R0AtBound | Boundary::HintsOverOmega => {}
    }
    Ok(())
}

/// Searches (mu, rnd) from a counter until `wanted` cases of each boundary
/// are found, and checks each.
fn boundaries_for<P: ParameterSet>(xi: &[u8; 32], wanted: usize) -> Result<(), TestCaseError> {
    let p = spec_params::<P>();
    let signer = Signer::new(p, xi);
    let kinds = [
        Boundary::ZAtBound,
        Boundary::R0AtBound,
        Boundary::ZJustBelow,
        Boundary::HintsOverOmega,
        Boundary::HintsAtOmega,
    ];
    let mut found = [0usize; 5];
    let mut counter = 0u64;
    // Generous: the rarest case (ML-DSA-65's ||z|| = gamma1 - beta with r0
    // passing) comes about once in 4000 iterations.
    let budget = 200_000 * wanted as u64;
    while found.iter().any(|&f| f < wanted) {
        counter += 1;
        assert!(
            counter < budget,
            "{}: boundary cases not found: {:?}",
            P::NAME,
            found
        );
        let seed = h(&[P::NAME.as_bytes(), &counter.to_le_bytes()].concat(), 96);
        let mu: [u8; 64] = seed[..64].try_into().unwrap();
        let rnd: [u8; 32] = seed[64..].try_into().unwrap();
        for it in signer.iterations(&mu, &rnd, 64) {
            for (k, &b) in kinds.iter().enumerate() {
                if found[k] < wanted && matches(&p, &it, b) {
                    check_case::<P>(&signer, &mu, &rnd, &it, b)?;
                    found[k] += 1;
                }
            }
        }
    }
    eprintln!("{}: {:?} found after {} messages", P::NAME, found, counter);
    Ok(())
}

#[test]
fn boundaries_ml_dsa_44() -> Result<(), TestCaseError> {
    boundaries_for::<mldsa::MlDsa44>(&[44; 32], mldsa_diff_tests::cases(1) as usize)
}

#[test]
fn boundaries_ml_dsa_65() -> Result<(), TestCaseError> {
    boundaries_for::<mldsa::MlDsa65>(&[65; 32], mldsa_diff_tests::cases(1) as usize)
}

#[test]
fn boundaries_ml_dsa_87() -> Result<(), TestCaseError> {
    boundaries_for::<mldsa::MlDsa87>(&[87; 32], mldsa_diff_tests::cases(1) as usize)
}
