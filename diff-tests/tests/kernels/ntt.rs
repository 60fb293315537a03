//! The NTT kernels against the spec's Algorithms 41, 42, 45 and 49:
//! `ntt`, `invntt_tomont`, `pointwise_montgomery`, `pointwise_acc_montgomery`,
//! `pointwise_acc_sub_montgomery`,
//! and the scalar `montgomery_reduce`, on random inputs and on edge values,
//! each inside its documented precondition and checked against its
//! documented output range.

use crate::common::*;
use mldsa::backend::Backend;
use mldsa::poly::Poly;
use mldsa_spec::ntt as spec;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// 2^31 q: the bound on |a_i * b_i| of the Montgomery products.
const PRODUCT_BOUND: i64 = (1i64 << 31) * Q as i64;
/// Just inside the bound, for the edge pairs (the bound itself, the one
/// product whose result is q, is `pointwise_at_exact_bound`'s).
const PRODUCT_MAX: i64 = PRODUCT_BOUND - 1;

/// ntt: input |a_i| < q; output |a_i| < 9q and equal mod q to NTT(a mod q).
fn check_ntt<B: Backend>(a: &Coeffs) -> Result<(), TestCaseError> {
    let mut p = poly(a);
    B::ntt(&mut p);
    let expected = spec::ntt(&mod_q(a));
    for i in 0..N {
        prop_assert!(
            p.coeffs[i].abs() < 9 * Q,
            "{}: ntt output [{}] = {} outside (-9q, 9q)",
            B::NAME,
            i,
            p.coeffs[i]
        );
    }
    prop_assert_eq!(mod_q(&p.coeffs), expected, "{}: ntt differs mod q", B::NAME);
    Ok(())
}

/// invntt_tomont: input |a_i| < q; output |a_i| < q and equal mod q to
/// 2^32 * NTT^-1(a mod q).
fn check_invntt_tomont<B: Backend>(a: &Coeffs) -> Result<(), TestCaseError> {
    let mut p = poly(a);
    B::invntt_tomont(&mut p);
    let inv = spec::ntt_inverse(&mod_q(a));
    let expected: Coeffs = core::array::from_fn(|i| mod_q64(inv[i] as i64 * MONT));
    for i in 0..N {
        prop_assert!(
            p.coeffs[i].abs() < Q,
            "{}: invntt_tomont output [{}] = {} outside (-q, q)",
            B::NAME,
            i,
            p.coeffs[i]
        );
    }
    prop_assert_eq!(
        mod_q(&p.coeffs),
        expected,
        "{}: invntt_tomont differs mod q from 2^32 NTT^-1",
        B::NAME
    );
    Ok(())
}

/// The round trip the algorithms rely on: invntt_tomont(ntt(a)) = 2^32 a mod q.
fn check_ntt_round_trip<B: Backend>(a: &Coeffs) -> Result<(), TestCaseError> {
    let mut p = poly(a);
    B::ntt(&mut p);
    // ntt's output (< 9q) goes through a Montgomery product with 1 before
    // the inverse, as in the algorithms (|c_i| < q after it).
    let one = Poly::from_coeffs([MONT as i32; N]);
    let mut c = Poly::ZERO;
    B::pointwise_montgomery(&mut c, &p, &one);
    B::invntt_tomont(&mut c);
    let expected: Coeffs = core::array::from_fn(|i| mod_q64(a[i] as i64 * MONT));
    prop_assert_eq!(mod_q(&c.coeffs), expected, "{}: round trip", B::NAME);
    Ok(())
}

/// pointwise_montgomery: |a_i b_i| <= 2^31 q; c = a o b 2^-32 with |c_i| <= q,
/// and |c_i| < q except for the product +2^31 q (as documented).
fn check_pointwise_montgomery<B: Backend>(a: &Coeffs, b: &Coeffs) -> Result<(), TestCaseError> {
    for i in 0..N {
        assert!((a[i] as i64 * b[i] as i64).abs() <= PRODUCT_BOUND);
    }
    let mut c = Poly::from_coeffs([0x5A5A5A5; N]);
    B::pointwise_montgomery(&mut c, &poly(a), &poly(b));
    let product = spec::multiply_ntt(&mod_q(a), &mod_q(b));
    let expected: Coeffs = core::array::from_fn(|i| mod_q64(product[i] as i64 * MONT_INV));
    for i in 0..N {
        let extreme = a[i] as i64 * b[i] as i64 == PRODUCT_BOUND;
        prop_assert!(
            c.coeffs[i].abs() < Q || (extreme && c.coeffs[i].abs() == Q),
            "{}: pointwise_montgomery({}, {}) = {} outside the documented range",
            B::NAME,
            a[i],
            b[i],
            c.coeffs[i]
        );
    }
    prop_assert_eq!(
        mod_q(&c.coeffs),
        expected,
        "{}: pointwise_montgomery",
        B::NAME
    );
    Ok(())
}

/// pointwise_acc_montgomery: sum_j |a_j,i b_j,i| <= 2^31 q;
/// c = sum_j a_j o b_j 2^-32 with |c_i| <= q.
fn check_pointwise_acc_montgomery<B: Backend>(
    a: &[Coeffs],
    b: &[Coeffs],
) -> Result<(), TestCaseError> {
    assert_eq!(a.len(), b.len());
    for i in 0..N {
        let sum: i64 = a
            .iter()
            .zip(b)
            .map(|(x, y)| (x[i] as i64 * y[i] as i64).abs())
            .sum();
        assert!(sum <= PRODUCT_BOUND);
    }
    let pa: Vec<Poly> = a.iter().map(poly).collect();
    let pb: Vec<Poly> = b.iter().map(poly).collect();
    let mut c = Poly::from_coeffs([-0x5A5A5A5; N]);
    B::pointwise_acc_montgomery(&mut c, &pa, &pb);
    let mut sum = [0i32; N];
    for (x, y) in a.iter().zip(b) {
        sum = spec::add_ntt(&sum, &spec::multiply_ntt(&mod_q(x), &mod_q(y)));
    }
    let expected: Coeffs = core::array::from_fn(|i| mod_q64(sum[i] as i64 * MONT_INV));
    let what = format!("pointwise_acc_montgomery (length {})", a.len());
    check_sum_output::<B>(&c, expected, &what)
}

/// A Montgomery sum's output `c`: within [-q, q], and equal mod q to
/// `expected`.
fn check_sum_output<B: Backend>(
    c: &Poly,
    expected: Coeffs,
    what: &str,
) -> Result<(), TestCaseError> {
    for i in 0..N {
        prop_assert!(
            c.coeffs[i].abs() <= Q,
            "{}: {} output [{}] = {} outside [-q, q]",
            B::NAME,
            what,
            i,
            c.coeffs[i]
        );
    }
    prop_assert_eq!(mod_q(&c.coeffs), expected, "{}: {}", B::NAME, what);
    Ok(())
}

/// pointwise_acc_sub_montgomery, the last term of `a`, `b` as x, y: with
/// sum_j |a_j,i b_j,i| + |x_i y_i| <= 2^31 q, c = (sum_j a_j o b_j - x o y)
/// 2^-32 with |c_i| <= q.
fn check_pointwise_acc_sub_montgomery<B: Backend>(
    a: &[Coeffs],
    b: &[Coeffs],
) -> Result<(), TestCaseError> {
    let (Some((x, a)), Some((y, b))) = (a.split_last(), b.split_last()) else {
        return Ok(());
    };
    let pa: Vec<Poly> = a.iter().map(poly).collect();
    let pb: Vec<Poly> = b.iter().map(poly).collect();
    let mut c = Poly::from_coeffs([-0x5A5A5A5; N]);
    B::pointwise_acc_sub_montgomery(&mut c, &pa, &pb, &poly(x), &poly(y));
    let mut sum = [0i32; N];
    for (u, v) in a.iter().zip(b) {
        sum = spec::add_ntt(&sum, &spec::multiply_ntt(&mod_q(u), &mod_q(v)));
    }
    let xy = spec::multiply_ntt(&mod_q(x), &mod_q(y));
    let expected: Coeffs =
        core::array::from_fn(|i| mod_q64((sum[i] as i64 - xy[i] as i64) * MONT_INV));
    let what = format!("pointwise_acc_sub_montgomery ({} terms and x o y)", a.len());
    check_sum_output::<B>(&c, expected, &what)
}

/// Pairs (a, b) with |a b| <= 2^31 q: a anywhere in i32, b within the bound
/// a leaves; or both as the algorithms use them (< 9q and < q).
fn product_pair() -> impl Strategy<Value = (i32, i32)> {
    prop_oneof![
        any::<i32>().prop_flat_map(|a| {
            let limit = (PRODUCT_BOUND / (a as i64).abs().max(1)).min(i32::MAX as i64) as i32;
            (Just(a), -limit..=limit)
        }),
        (-9 * Q + 1..9 * Q, -9 * Q + 1..9 * Q),
        (-Q + 1..Q, -Q + 1..Q),
    ]
}

fn product_pairs() -> impl Strategy<Value = (Coeffs, Coeffs)> {
    prop::collection::vec(product_pair(), N).prop_map(|pairs| {
        let a = core::array::from_fn(|i| pairs[i].0);
        let b = core::array::from_fn(|i| pairs[i].1);
        (a, b)
    })
}

/// l terms of an accumulated product: as in the algorithms (A in [0, q),
/// the other factor an NTT output in (-9q, 9q)), or arbitrary with each
/// term below 2^31 q / l.
fn acc_terms() -> impl Strategy<Value = (Vec<Coeffs>, Vec<Coeffs>)> {
    (1usize..=8).prop_flat_map(|l| {
        let per_term = PRODUCT_BOUND / l as i64;
        let general = prop::collection::vec(
            any::<i32>().prop_flat_map(move |a| {
                let limit = (per_term / (a as i64).abs().max(1)).min(i32::MAX as i64) as i32;
                (Just(a), -limit..=limit)
            }),
            N * l,
        );
        let typical = prop::collection::vec((0..Q, -9 * Q + 1..9 * Q), N * l);
        prop_oneof![general, typical].prop_map(move |pairs| {
            let a = (0..l)
                .map(|j| core::array::from_fn(|i| pairs[j * N + i].0))
                .collect();
            let b = (0..l)
                .map(|j| core::array::from_fn(|i| pairs[j * N + i].1))
                .collect();
            (a, b)
        })
    })
}

proptest! {
    #![proptest_config(proptest_config!(512))]

    #[test]
    fn ntt_matches_spec(a in coeffs_with_edges(-Q + 1, Q - 1)) {
        for_each_backend!(check_ntt(&a));
    }

    #[test]
    fn invntt_tomont_matches_spec(a in coeffs_with_edges(-Q + 1, Q - 1)) {
        for_each_backend!(check_invntt_tomont(&a));
    }

    #[test]
    fn ntt_round_trip(a in coeffs(-Q + 1, Q - 1)) {
        for_each_backend!(check_ntt_round_trip(&a));
    }

    #[test]
    fn pointwise_montgomery_matches_spec((a, b) in product_pairs()) {
        for_each_backend!(check_pointwise_montgomery(&a, &b));
    }

    #[test]
    fn pointwise_acc_montgomery_matches_spec((a, b) in acc_terms()) {
        for_each_backend!(check_pointwise_acc_montgomery(&a, &b));
    }

    #[test]
    fn pointwise_acc_sub_montgomery_matches_spec((a, b) in acc_terms()) {
        for_each_backend!(check_pointwise_acc_sub_montgomery(&a, &b));
    }

    /// The scalar MontgomeryReduce of the portable backend against the
    /// spec's Algorithm 49, on the whole documented range |a| <= 2^31 q,
    /// including the inputs a = 2^31 mod 2^32 where the two choose different
    /// representatives (see `montgomery_reduce_half_way`).
    #[test]
    fn montgomery_reduce_matches_spec(a in prop_oneof![
        -PRODUCT_BOUND..=PRODUCT_BOUND,
        -(1i64 << 40)..(1i64 << 40),
        // a = 2^31 mod 2^32
        (-(Q as i64) / 2..=(Q as i64) / 2 - 1).prop_map(|m| m * (1i64 << 32) + (1i64 << 31)),
        prop::sample::select(vec![0, 1, -1, Q as i64, -(Q as i64), PRODUCT_BOUND, -PRODUCT_BOUND,
            PRODUCT_BOUND - 1, -PRODUCT_BOUND + 1, 1i64 << 31, -(1i64 << 31)]),
    ]) {
        check_montgomery_reduce(a)?;
    }
}

/// montgomery_reduce(a) = MontgomeryReduce(a) of Algorithm 49, |r| <= q and
/// r 2^32 = a mod q. Where (a mod 2^32) QINV = 2^31 mod 2^32, that is
/// a = 2^31 mod 2^32, Algorithm 49's t = 2^31 (FIPS 204's mod+- 2^32 lies in
/// (-2^31, 2^31]) while the i32 arithmetic gives t = -2^31: the result is
/// the spec's plus q, the same residue.
fn check_montgomery_reduce(a: i64) -> Result<(), TestCaseError> {
    let r = mldsa::backend::portable::montgomery_reduce::<i32>(a);
    let s = spec::montgomery_reduce(a);
    prop_assert!((-Q..=Q).contains(&r), "montgomery_reduce({}) = {}", a, r);
    prop_assert_eq!(
        mod_q64(r as i64 * (1i64 << 32)),
        mod_q64(a),
        "montgomery_reduce({})",
        a
    );
    if a.rem_euclid(1i64 << 32) == 1i64 << 31 {
        prop_assert_eq!(r, s + Q, "montgomery_reduce({}), half-way input", a);
    } else {
        prop_assert_eq!(r, s, "montgomery_reduce({})", a);
    }
    Ok(())
}

#[test]
fn montgomery_reduce_half_way() -> Result<(), TestCaseError> {
    // Exactly the documented bound: r = q, outside pointwise_montgomery's
    // documented (-q, q).
    assert_eq!(
        mldsa::backend::portable::montgomery_reduce::<i32>(PRODUCT_BOUND),
        Q
    );
    assert_eq!(spec::montgomery_reduce(PRODUCT_BOUND), 0);
    for a in [
        1i64 << 31,
        -(1i64 << 31),
        3 << 31,
        PRODUCT_BOUND,
        -PRODUCT_BOUND,
    ] {
        check_montgomery_reduce(a)?;
    }
    Ok(())
}

#[test]
fn constants() {
    assert_eq!((MONT * MONT_INV).rem_euclid(Q as i64), 1);
    assert_eq!(MONT, 4193792);
}

#[test]
fn ntt_edges() -> Result<(), TestCaseError> {
    for a in edge_polys(-Q + 1, Q - 1) {
        for_each_backend!(check_ntt(&a));
        for_each_backend!(check_invntt_tomont(&a));
        for_each_backend!(check_ntt_round_trip(&a));
    }
    // One-hot inputs: every zeta of every layer.
    for i in 0..N {
        for v in [1, Q - 1, -Q + 1] {
            let mut a = [0; N];
            a[i] = v;
            for_each_backend!(check_ntt(&a));
            for_each_backend!(check_invntt_tomont(&a));
        }
    }
    Ok(())
}

/// Factor pairs with |a b| just inside 2^31 q (the largest products below the
/// bound), and pairs of edge values.
fn edge_product_pairs() -> Vec<(i32, i32)> {
    let mut pairs = Vec::new();
    for a in [
        i32::MIN + 1,
        i32::MAX,
        1 << 30,
        -(1 << 30),
        9 * Q - 1,
        -9 * Q + 1,
    ] {
        let limit = (PRODUCT_MAX / (a as i64).abs()).min(i32::MAX as i64) as i32;
        for b in [limit, -limit, limit - 1, -limit + 1, 0, 1, -1] {
            pairs.push((a, b));
            pairs.push((b, a));
        }
    }
    for k in 24..31 {
        // 2^k * (2^(31-k) q - 1) = 2^31 q - 2^k, just below the bound.
        let big = ((1i64 << (31 - k)) * Q as i64 - 1) as i32;
        for (a, b) in [
            (1 << k, big),
            (-(1 << k), big),
            (1 << k, -big),
            (-(1 << k), -big),
        ] {
            pairs.push((a, b));
        }
    }
    let edges = edges_in(-9 * Q + 1, 9 * Q - 1);
    for &a in &edges {
        for &b in &edges {
            if (a as i64 * b as i64).abs() <= PRODUCT_MAX {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

#[test]
fn pointwise_edges() -> Result<(), TestCaseError> {
    let pairs = edge_product_pairs();
    for chunk in pairs.chunks(N) {
        let a: Coeffs = core::array::from_fn(|i| chunk[i % chunk.len()].0);
        let b: Coeffs = core::array::from_fn(|i| chunk[i % chunk.len()].1);
        for_each_backend!(check_pointwise_montgomery(&a, &b));
        for_each_backend!(check_pointwise_acc_montgomery(&[a], &[b]));
        // Split across several terms: the same total bound.
        let half_a: Coeffs = core::array::from_fn(|i| a[i] / 2);
        for_each_backend!(check_pointwise_acc_montgomery(&[half_a, half_a], &[b, b]));
    }
    // As in the algorithms: A in [0, q) times an NTT output, l up to 8.
    for l in 1..=8 {
        let a = vec![[Q - 1; N]; l];
        let b = vec![[9 * Q - 1; N]; l];
        let nb = vec![[-9 * Q + 1; N]; l];
        for_each_backend!(check_pointwise_acc_montgomery(&a, &b));
        for_each_backend!(check_pointwise_acc_montgomery(&a, &nb));
    }
    Ok(())
}

/// Products of exactly +-2^31 q, the documented bound itself: +2^31 q is the
/// one product whose result is q (documented since the diff tests found it).
#[test]
fn pointwise_at_exact_bound() -> Result<(), TestCaseError> {
    let mut pairs = vec![(i32::MIN, -Q), (-Q, i32::MIN), (i32::MIN, Q)];
    for k in 24..31 {
        let big = ((1i64 << (31 - k)) * Q as i64) as i32;
        pairs.extend([(1 << k, big), (-(1 << k), -big), (1 << k, -big)]);
    }
    for (a, b) in pairs {
        for_each_backend!(check_pointwise_montgomery(&[a; N], &[b; N]));
        for_each_backend!(check_pointwise_acc_montgomery(&[[a; N]], &[[b; N]]));
    }
    Ok(())
}
