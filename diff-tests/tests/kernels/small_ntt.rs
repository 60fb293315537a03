//! `small_ntt` and `small_product` (the products c s1 and c s2 by the NTT
//! mod 7681) against the spec's product by its NTT mod q (Algorithms 41,
//! 42 and 45, as Algorithm 7 lines 2, 3 and 17 to 19 use them): the same
//! polynomial, and small enough to be the product over the integers.
//! Challenges of weight tau = 39, 49, 60 (ML-DSA-44, 65, 87) with random
//! positions and signs, against s with coefficients in [-eta, eta] for
//! eta = 2 and 4, random and at the extremes.

use crate::common::*;
use mldsa::backend::Backend;
use mldsa::poly::{Poly, SmallHat};
use mldsa_spec::ntt as spec;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// c s by the spec: NTT^-1(NTT(c) o NTT(s)) mod q, centered.
fn spec_product(c: &Coeffs, s: &Coeffs) -> Coeffs {
    let product = spec::ntt_inverse(&spec::multiply_ntt(
        &spec::ntt(&mod_q(c)),
        &spec::ntt(&mod_q(s)),
    ));
    core::array::from_fn(|i| {
        let x = product[i].rem_euclid(Q);
        if x > Q / 2 { x - Q } else { x }
    })
}

/// The backend's product of c and s from its transforms of both.
fn check_small_product<B: Backend>(c: &Coeffs, s: &Coeffs) -> Result<(), TestCaseError> {
    let (mut c_hat, mut s_hat) = (SmallHat::ZERO, SmallHat::ZERO);
    B::small_ntt(&mut c_hat, &poly(c));
    B::small_ntt(&mut s_hat, &poly(s));
    let mut product = Poly::from_coeffs([0x5A5A5A5; N]);
    B::small_product(&mut product, &c_hat, &s_hat);
    prop_assert_eq!(
        product.coeffs,
        spec_product(c, s),
        "{}: small_product differs from c s",
        B::NAME
    );
    Ok(())
}

/// A challenge: `tau` coefficients +-1 (`signs`' bits) at the positions
/// `order` puts first, the others 0.
fn challenge(tau: usize, order: &[usize], signs: u64) -> Coeffs {
    let mut c = [0; N];
    for (k, &i) in order[..tau].iter().enumerate() {
        c[i] = if signs >> k & 1 == 1 { -1 } else { 1 };
    }
    c
}

fn challenges() -> impl Strategy<Value = Coeffs> {
    (
        prop::sample::select(vec![39usize, 49, 60]),
        Just((0..N).collect::<Vec<_>>()).prop_shuffle(),
        any::<u64>(),
    )
        .prop_map(|(tau, order, signs)| challenge(tau, &order, signs))
}

/// s with eta = 2 or 4: uniform, or every coefficient +-eta.
fn secrets() -> impl Strategy<Value = Coeffs> {
    prop::sample::select(vec![2, 4]).prop_flat_map(|eta| {
        prop_oneof![
            coeffs(-eta, eta),
            prop::collection::vec(prop::sample::select(vec![-eta, eta]), N)
                .prop_map(|v| v.try_into().unwrap()),
        ]
    })
}

proptest! {
    #![proptest_config(proptest_config!(512))]

    #[test]
    fn small_product_matches_spec(c in challenges(), s in secrets()) {
        for_each_backend!(check_small_product(&c, &s));
    }
}

/// The largest coefficients: 60 ones against s = +-4 everywhere (240 and
/// -240 at coefficient 59), and a challenge of alternating signs.
#[test]
fn small_product_extremes() -> Result<(), TestCaseError> {
    let order: Vec<usize> = (0..N).collect();
    for signs in [0, u64::MAX, 0x5555_5555_5555_5555] {
        let c = challenge(60, &order, signs);
        for v in [4, -4, 2, -2] {
            let s = [v; N];
            if signs != 0x5555_5555_5555_5555 {
                assert_eq!(spec_product(&c, &s)[59].abs(), 60 * v.abs());
            }
            for_each_backend!(check_small_product(&c, &s));
        }
    }
    Ok(())
}
