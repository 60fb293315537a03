//! The rounding kernels against the spec's Algorithms 35 to 40 and its
//! infinity norm: `power2round` (and `add_power2round`, keygen's sum and
//! Power2Round in one pass), `decompose` (both gamma2), `make_hint`
//! (both gamma2, with the count it returns), `use_hint` (h = 0 and 1) and
//! `exceeds_norm`. Random inputs (proptest; quickcheck for power2round),
//! and edge values (the exhaustive sweeps of [0, q) are the lemmas').

use crate::common::*;
use mldsa::backend::Backend;
use mldsa::poly::Poly;
use mldsa_spec::ring::infinity_norm;
use mldsa_spec::rounding as spec;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use quickcheck::{Arbitrary, Gen, TestResult};

/// exceeds_norm's precondition on the coefficients: |a_i| <= 2^31 - 2^22.
const NORM_INPUT_MAX: i32 = i32::MAX - (1 << 22) + 1;
/// reduce32's precondition (so add_power2round's on a0 + b): at most
/// 2^31 - 2^22 - 1.
const REDUCE32_MAX: i32 = i32::MAX - (1 << 22);
/// exceeds_norm's precondition on the bound: bound <= (q-1)/8.
const NORM_BOUND_MAX: i32 = (Q - 1) / 8;

/// power2round for a in [0, q): exactly the spec's (r1, r0).
fn check_power2round<B: Backend>(a: &Coeffs) -> Result<(), TestCaseError> {
    let mut a1 = Poly::from_coeffs([-7; N]);
    let mut a0 = Poly::from_coeffs([-7; N]);
    B::power2round(&mut a1, &mut a0, &poly(a));
    for (i, &x) in a.iter().enumerate() {
        prop_assert_eq!(
            (a1.coeffs[i], a0.coeffs[i]),
            spec::power2round(x),
            "{}: power2round({})",
            B::NAME,
            x
        );
    }
    Ok(())
}

/// add_power2round (keygen's t = a0 + b, then Power2Round, in place):
/// exactly the spec's (r1, r0) of (a0 + b) mod q.
fn check_add_power2round<B: Backend>(a: &Coeffs, b: &Coeffs) -> Result<(), TestCaseError> {
    let mut a1 = Poly::from_coeffs([-7; N]);
    let mut a0 = poly(a);
    B::add_power2round(&mut a1, &mut a0, &poly(b));
    for (i, (&x, &y)) in a.iter().zip(b).enumerate() {
        prop_assert_eq!(
            (a1.coeffs[i], a0.coeffs[i]),
            spec::power2round((x + y).rem_euclid(Q)),
            "{}: add_power2round({}, {})",
            B::NAME,
            x,
            y
        );
    }
    Ok(())
}

/// decompose for a in [0, q): exactly the spec's (r1, r0), r0 centered.
fn check_decompose<B: Backend>(gamma2: i32, a: &Coeffs) -> Result<(), TestCaseError> {
    let mut a1 = Poly::from_coeffs([-7; N]);
    let mut a0 = Poly::from_coeffs([-7; N]);
    typed::decompose::<B>(gamma2, &mut a1, &mut a0, &poly(a));
    for (i, &x) in a.iter().enumerate() {
        prop_assert_eq!(
            (a1.coeffs[i], a0.coeffs[i]),
            spec::decompose(x, gamma2),
            "{}: decompose({}) with gamma2 = {}",
            B::NAME,
            x,
            gamma2
        );
    }
    Ok(())
}

/// make_hint for z, r in [0, q): h_i = MakeHint(z_i, r_i) in {0, 1}, and the
/// returned count is the number of ones.
fn check_make_hint<B: Backend>(gamma2: i32, z: &Coeffs, r: &Coeffs) -> Result<(), TestCaseError> {
    let mut h = Poly::from_coeffs([-7; N]);
    let count = typed::make_hint::<B>(gamma2, &mut h, &poly(z), &poly(r));
    let mut ones = 0;
    for i in 0..N {
        let expected = spec::make_hint(z[i], r[i], gamma2);
        prop_assert_eq!(
            h.coeffs[i],
            expected,
            "{}: make_hint(z = {}, r = {}) with gamma2 = {}",
            B::NAME,
            z[i],
            r[i],
            gamma2
        );
        ones += expected as usize;
    }
    prop_assert_eq!(count, ones, "{}: make_hint's count", B::NAME);
    Ok(())
}

/// use_hint for h in {0, 1}, r in [0, q): exactly UseHint(h_i, r_i).
fn check_use_hint<B: Backend>(gamma2: i32, h: &Coeffs, r: &Coeffs) -> Result<(), TestCaseError> {
    let mut a = Poly::from_coeffs([-7; N]);
    typed::use_hint::<B>(gamma2, &mut a, &poly(h), &poly(r));
    for i in 0..N {
        prop_assert_eq!(
            a.coeffs[i],
            spec::use_hint(h[i], r[i], gamma2),
            "{}: use_hint(h = {}, r = {}) with gamma2 = {}",
            B::NAME,
            h[i],
            r[i],
            gamma2
        );
    }
    Ok(())
}

/// exceeds_norm for |a_i| <= 2^31 - 2^22 and 0 < bound <= (q-1)/8: whether
/// some |a_i| >= bound (its documented meaning, on the integers); and for
/// coefficients in reduce32's output range [-6283009, 6283008], where the
/// algorithms call it, equal to the spec's ||a mod q||_inf >= bound.
fn check_exceeds_norm<B: Backend>(a: &Coeffs, bound: i32) -> Result<(), TestCaseError> {
    assert!(a.iter().all(|&x| x.abs() <= NORM_INPUT_MAX));
    assert!(0 < bound && bound <= NORM_BOUND_MAX);
    let got = B::exceeds_norm(&poly(a), bound);
    let integer = a.iter().any(|&x| x.abs() >= bound);
    prop_assert_eq!(
        got,
        integer,
        "{}: exceeds_norm(bound {}) on {:?}",
        B::NAME,
        bound,
        a
    );
    if a.iter().all(|&x| (-6283009..=6283008).contains(&x)) {
        let spec_norm = infinity_norm(&mod_q(a));
        prop_assert_eq!(
            got,
            spec_norm >= bound,
            "{}: exceeds_norm(bound {}) vs the spec's norm {}",
            B::NAME,
            bound,
            spec_norm
        );
    }
    Ok(())
}

/// The norm bounds the algorithms use: gamma1 - beta, gamma2 - beta, gamma2.
fn norm_bounds() -> Vec<i32> {
    let mut v = Vec::new();
    for p in SPEC_PARAMS {
        v.extend([p.gamma1() - p.beta(), p.gamma2() - p.beta(), p.gamma2()]);
    }
    v
}

fn gamma2() -> impl Strategy<Value = i32> {
    prop::sample::select(GAMMA2S.to_vec())
}

/// Values of [0, q) where the rounding kernels change their answer: around
/// multiples of 2 gamma2 and gamma2, of 2^d and 2^(d-1), and q - 1.
fn rounding_edges() -> Vec<i32> {
    let mut v = edges_in(0, Q - 1);
    for gamma2 in GAMMA2S {
        let mut m = 0;
        while m < Q {
            for d in [-2, -1, 0, 1, 2] {
                for base in [m, m + gamma2] {
                    let x = base + d;
                    if (0..Q).contains(&x) {
                        v.push(x);
                    }
                }
            }
            m += 2 * gamma2;
        }
        v.extend([Q - 1 - gamma2, Q - gamma2, Q - 2 - gamma2]);
    }
    for k in [0, 1, 2, 1000, 1023] {
        for d in [-1, 0, 1] {
            for base in [k << 13, (k << 13) + (1 << 12)] {
                let x = base + d;
                if (0..Q).contains(&x) {
                    v.push(x);
                }
            }
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// A coefficient of [0, q), near a rounding edge one time in two.
fn rounding_coeff() -> impl Strategy<Value = i32> {
    prop_oneof![0..Q, prop::sample::select(rounding_edges())]
}

fn rounding_coeffs() -> impl Strategy<Value = Coeffs> {
    prop::collection::vec(rounding_coeff(), N).prop_map(|v| v.try_into().unwrap())
}

/// z for make_hint as in signing (-<<c t0>> mod q: near 0 or near q), or
/// anywhere in [0, q).
fn hint_z() -> impl Strategy<Value = Coeffs> {
    prop::collection::vec(
        prop_oneof![0..Q, 0..(1 << 19), (Q - (1 << 19))..Q, rounding_coeff()],
        N,
    )
    .prop_map(|v| v.try_into().unwrap())
}

/// Coefficients for exceeds_norm with one or more at the boundary.
fn norm_input() -> impl Strategy<Value = (Coeffs, i32)> {
    let bound = prop_oneof![
        prop::sample::select(norm_bounds()),
        1..=NORM_BOUND_MAX,
        Just(NORM_BOUND_MAX),
        Just(1),
    ];
    bound.prop_flat_map(|bound| {
        let coeff = prop_oneof![
            // Below the bound, so that the answer is often false.
            4 => -(bound - 1)..=(bound - 1),
            1 => prop::sample::select(vec![bound, -bound, bound - 1, -(bound - 1), bound + 1, -(bound + 1)]),
            1 => -6283009..=6283008,
            1 => -NORM_INPUT_MAX..=NORM_INPUT_MAX,
        ];
        let below = prop::collection::vec(-(bound - 1)..=(bound - 1), N);
        let mixed = prop::collection::vec(coeff, N);
        (prop_oneof![below, mixed], 0..N, prop::sample::select(vec![0, bound, -bound, bound - 1, -(bound - 1)]))
            .prop_map(move |(v, at, edge)| {
                let mut a: Coeffs = v.try_into().unwrap();
                if edge != 0 {
                    a[at] = edge;
                }
                (a, bound)
            })
    })
}

proptest! {
    #![proptest_config(proptest_config!(512))]

    #[test]
    fn power2round_matches_spec(a in rounding_coeffs()) {
        for_each_backend!(check_power2round(&a));
    }

    /// a0 over reduce32's whole domain less b's 4, and the inverse NTT's
    /// outputs (|a0| < q) that keygen gives it; b as s2 (|b| <= eta).
    #[test]
    fn add_power2round_matches_spec(
        a in prop_oneof![
            coeffs_with_edges(i32::MIN + 4, REDUCE32_MAX - 4),
            coeffs_with_edges(-Q + 1, Q - 1),
        ],
        b in coeffs(-4, 4),
    ) {
        for_each_backend!(check_add_power2round(&a, &b));
    }

    #[test]
    fn decompose_matches_spec(gamma2 in gamma2(), a in rounding_coeffs()) {
        for_each_backend!(check_decompose(gamma2, &a));
    }

    #[test]
    fn make_hint_matches_spec(gamma2 in gamma2(), z in hint_z(), r in rounding_coeffs()) {
        for_each_backend!(check_make_hint(gamma2, &z, &r));
    }

    #[test]
    fn use_hint_matches_spec(gamma2 in gamma2(), h in coeffs(0, 1), r in rounding_coeffs()) {
        for_each_backend!(check_use_hint(gamma2, &h, &r));
    }

    #[test]
    fn exceeds_norm_matches_spec((a, bound) in norm_input()) {
        for_each_backend!(check_exceeds_norm(&a, bound));
    }
}

#[test]
fn rounding_edge_values() -> Result<(), TestCaseError> {
    let edges = rounding_edges();
    for chunk in edges.chunks(N) {
        let a: Coeffs = core::array::from_fn(|i| chunk[i % chunk.len()]);
        for_each_backend!(check_power2round(&a));
        for gamma2 in GAMMA2S {
            for_each_backend!(check_decompose(gamma2, &a));
            for_each_backend!(check_use_hint(gamma2, &[0; N], &a));
            for_each_backend!(check_use_hint(gamma2, &[1; N], &a));
            // z at every edge against r at every edge.
            for &z in &edges {
                for_each_backend!(check_make_hint(gamma2, &[z; N], &a));
            }
        }
    }
    Ok(())
}

// The sweep of every r in [0, q) is the lemmas' (`lemmas/src/exhaustive.rs`,
// `make lemmas` natively and `make lemmas-neon` under qemu): the same
// kernels through the same `Backend` calls against the same spec functions,
// with two more boundary z for MakeHint and its count checked. Running it
// here too only doubled that work (and under qemu, by minutes).

#[test]
fn exceeds_norm_boundaries() -> Result<(), TestCaseError> {
    for bound in norm_bounds().into_iter().chain([1, 2, NORM_BOUND_MAX]) {
        let below = bound - 1;
        // All coefficients just below: false; one at the bound: true.
        for_each_backend!(check_exceeds_norm(&[below; N], bound));
        for_each_backend!(check_exceeds_norm(&[-below; N], bound));
        for at in [0, 1, 127, 255] {
            for edge in [bound, -bound, bound + 1, -(bound + 1)] {
                let mut a = [below; N];
                a[at] = edge;
                for_each_backend!(check_exceeds_norm(&a, bound));
                let mut a = [0; N];
                a[at] = edge;
                for_each_backend!(check_exceeds_norm(&a, bound));
            }
        }
        // reduce32's output range ends: far above every bound.
        for x in [6283008, -6283009, Q - 1, -(Q - 1), Q, -Q] {
            for_each_backend!(check_exceeds_norm(&[x; N], bound));
        }
    }
    Ok(())
}

/// The documented input range goes up to |a_i| = 2^31 - 2^22.
#[test]
fn exceeds_norm_large_inputs() -> Result<(), TestCaseError> {
    for x in [
        1 << 29,
        (1 << 30) - 1,
        1 << 30,
        -(1 << 30),
        NORM_INPUT_MAX,
        -NORM_INPUT_MAX,
    ] {
        for bound in [1, NORM_BOUND_MAX] {
            for_each_backend!(check_exceeds_norm(&[x; N], bound));
        }
    }
    Ok(())
}

// quickcheck: power2round on inputs of [0, q).

/// A coefficient of [0, q).
#[derive(Clone, Copy, Debug)]
struct Zq(i32);

impl Arbitrary for Zq {
    fn arbitrary(g: &mut Gen) -> Self {
        Zq(edge_or(g, &rounding_edges(), |g| {
            (u32::arbitrary(g) % Q as u32) as i32
        }))
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(self.0.shrink().filter(|x| *x >= 0).map(Zq))
    }
}

fn qc_power2round(values: Vec<Zq>) -> TestResult {
    let a = cycle(&values.iter().map(|v| v.0).collect::<Vec<_>>());
    outcome((|| {
        for_each_backend!(check_power2round(&a));
        Ok(())
    })())
}

fn qc_decompose(values: Vec<Zq>, high: bool) -> TestResult {
    let a = cycle(&values.iter().map(|v| v.0).collect::<Vec<_>>());
    let gamma2 = GAMMA2S[high as usize];
    outcome((|| {
        for_each_backend!(check_decompose(gamma2, &a));
        Ok(())
    })())
}

#[test]
fn quickcheck_power2round() {
    quickcheck_runner(1000).quickcheck(qc_power2round as fn(Vec<Zq>) -> TestResult);
}

#[test]
fn quickcheck_decompose() {
    quickcheck_runner(1000).quickcheck(qc_decompose as fn(Vec<Zq>, bool) -> TestResult);
}
