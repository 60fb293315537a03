//! The coefficient-wise arithmetic kernels against the spec's R_q
//! arithmetic: `add`, `sub`, `shift_left_d`, `reduce32`, `caddq`, `freeze`.
//! Random inputs with proptest and (for reduce32, caddq and freeze) with
//! quickcheck too, and edge values; every input inside the kernel's
//! documented precondition, every output checked against its documented
//! range.

use crate::common::*;
use mldsa::backend::Backend;
use mldsa::poly::Poly;
use mldsa_spec::ring as spec;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use quickcheck::{Arbitrary, Gen, TestResult};

/// reduce32's precondition: a <= 2^31 - 2^22 - 1 (no lower bound).
const REDUCE32_MAX: i32 = i32::MAX - (1 << 22);
/// reduce32's documented output range.
const REDUCE32_OUT: core::ops::RangeInclusive<i32> = -6283009..=6283008;
/// add / sub do not reduce: inputs whose sums and differences fit in i32.
const ADD_BOUND: i32 = 1 << 30;

/// `kernel` (a op= b) gives `exact` in every coefficient (no reduction),
/// equal mod q to the spec's `spec_op`; `name` is the operation's.
fn check_exact<B: Backend>(
    name: &str,
    kernel: fn(&mut Poly, &Poly),
    exact: fn(i32, i32) -> i32,
    spec_op: fn(&Coeffs, &Coeffs) -> Coeffs,
    a: &Coeffs,
    b: &Coeffs,
) -> Result<(), TestCaseError> {
    let mut p = poly(a);
    kernel(&mut p, &poly(b));
    let exact: Coeffs = core::array::from_fn(|i| exact(a[i], b[i]));
    prop_assert_eq!(p.coeffs, exact, "{}: {}", B::NAME, name);
    prop_assert_eq!(
        mod_q(&p.coeffs),
        spec_op(&mod_q(a), &mod_q(b)),
        "{}: {} mod q",
        B::NAME,
        name
    );
    Ok(())
}

/// a += b exactly (no reduction), and equal mod q to the spec's a + b.
fn check_add<B: Backend>(a: &Coeffs, b: &Coeffs) -> Result<(), TestCaseError> {
    check_exact::<B>("add", B::add, |x, y| x + y, spec::add, a, b)
}

/// a -= b exactly, and equal mod q to the spec's a - b.
fn check_sub<B: Backend>(a: &Coeffs, b: &Coeffs) -> Result<(), TestCaseError> {
    check_exact::<B>("sub", B::sub, |x, y| x - y, spec::sub, a, b)
}

/// shift_left_d for 0 <= a_i < 2^10: exactly the spec's t1 * 2^d (which is
/// below q, so no reduction happens in either).
fn check_shift_left_d<B: Backend>(a: &Coeffs) -> Result<(), TestCaseError> {
    assert!(a.iter().all(|&x| (0..1 << 10).contains(&x)));
    let mut p = poly(a);
    B::shift_left_d(&mut p);
    prop_assert_eq!(
        p.coeffs,
        spec::shift_left(a, 13),
        "{}: shift_left_d",
        B::NAME
    );
    Ok(())
}

/// reduce32 for a_i <= 2^31 - 2^22 - 1: the same residue, in
/// [-6283009, 6283008].
fn check_reduce32<B: Backend>(a: &Coeffs) -> Result<(), TestCaseError> {
    assert!(a.iter().all(|&x| x <= REDUCE32_MAX));
    let mut p = poly(a);
    B::reduce32(&mut p);
    for (x, r) in a.iter().zip(p.coeffs.iter()) {
        prop_assert!(
            REDUCE32_OUT.contains(r),
            "{}: reduce32({}) = {} outside [-6283009, 6283008]",
            B::NAME,
            x,
            r
        );
    }
    prop_assert_eq!(
        mod_q(&p.coeffs),
        mod_q(a),
        "{}: reduce32 changed a residue",
        B::NAME
    );
    Ok(())
}

/// caddq for a_i in (-q, q): exactly the spec's a mod q in [0, q).
fn check_caddq<B: Backend>(a: &Coeffs) -> Result<(), TestCaseError> {
    assert!(a.iter().all(|&x| -Q < x && x < Q));
    let mut p = poly(a);
    B::caddq(&mut p);
    let expected: Coeffs = core::array::from_fn(|i| spec::mod_q(a[i] as i64));
    prop_assert_eq!(p.coeffs, expected, "{}: caddq", B::NAME);
    Ok(())
}

/// freeze for a_i <= 2^31 - 2^22 - 1 (reduce32's precondition): exactly the
/// spec's a mod q in [0, q).
fn check_freeze<B: Backend>(a: &Coeffs) -> Result<(), TestCaseError> {
    assert!(a.iter().all(|&x| x <= REDUCE32_MAX));
    let mut p = poly(a);
    B::freeze(&mut p);
    let expected: Coeffs = core::array::from_fn(|i| spec::mod_q(a[i] as i64));
    prop_assert_eq!(p.coeffs, expected, "{}: freeze", B::NAME);
    Ok(())
}

/// Values around the multiples of 2^22 and 2^23 where reduce32's rounding
/// changes, and the ends of its range.
fn reduce32_edges() -> Vec<i32> {
    let mut v = edges_in(i32::MIN, REDUCE32_MAX);
    for k in -256i64..=256 {
        for d in [-1, 0, 1] {
            let x = k * (1 << 22) + d;
            if x >= i32::MIN as i64 && x <= REDUCE32_MAX as i64 {
                v.push(x as i32);
            }
        }
    }
    v.extend([i32::MIN, i32::MIN + 1, REDUCE32_MAX, REDUCE32_MAX - 1]);
    v.sort_unstable();
    v.dedup();
    v
}

fn reduce32_input() -> impl Strategy<Value = Coeffs> {
    let edges = reduce32_edges();
    prop::collection::vec(
        prop_oneof![
            3 => i32::MIN..=REDUCE32_MAX,
            2 => -2 * Q..2 * Q,
            1 => prop::sample::select(edges),
        ],
        N,
    )
    .prop_map(|v| v.try_into().unwrap())
}

proptest! {
    #![proptest_config(proptest_config!(1024))]

    #[test]
    fn add_matches_spec(a in coeffs_with_edges(-ADD_BOUND, ADD_BOUND - 1),
                        b in coeffs_with_edges(-ADD_BOUND, ADD_BOUND - 1)) {
        for_each_backend!(check_add(&a, &b));
    }

    #[test]
    fn sub_matches_spec(a in coeffs_with_edges(-ADD_BOUND, ADD_BOUND - 1),
                        b in coeffs_with_edges(-ADD_BOUND, ADD_BOUND - 1)) {
        for_each_backend!(check_sub(&a, &b));
    }

    #[test]
    fn shift_left_d_matches_spec(a in coeffs(0, 1023)) {
        for_each_backend!(check_shift_left_d(&a));
    }

    #[test]
    fn reduce32_matches_spec(a in reduce32_input()) {
        for_each_backend!(check_reduce32(&a));
    }

    #[test]
    fn caddq_matches_spec(a in coeffs_with_edges(-Q + 1, Q - 1)) {
        for_each_backend!(check_caddq(&a));
    }

    #[test]
    fn freeze_matches_spec(a in reduce32_input()) {
        for_each_backend!(check_freeze(&a));
    }
}

#[test]
fn arithmetic_edges() -> Result<(), TestCaseError> {
    let add_polys = edge_polys(-ADD_BOUND, ADD_BOUND - 1);
    for a in &add_polys {
        for b in &add_polys {
            for_each_backend!(check_add(a, b));
            for_each_backend!(check_sub(a, b));
        }
    }
    for a in edge_polys(0, 1023) {
        for_each_backend!(check_shift_left_d(&a));
    }
    let edges = reduce32_edges();
    for chunk in edges.chunks(N) {
        let a: Coeffs = core::array::from_fn(|i| chunk[i % chunk.len()]);
        for_each_backend!(check_reduce32(&a));
        for_each_backend!(check_freeze(&a));
    }
    for a in edge_polys(i32::MIN, REDUCE32_MAX) {
        for_each_backend!(check_reduce32(&a));
        for_each_backend!(check_freeze(&a));
    }
    for a in edge_polys(-Q + 1, Q - 1) {
        for_each_backend!(check_caddq(&a));
    }
    Ok(())
}

// quickcheck: the same three reductions, with quickcheck's generation and
// shrinking, on inputs drawn by the `Arbitrary` impls below.

/// A reduce32 / freeze input: a <= 2^31 - 2^22 - 1, often an edge value.
#[derive(Clone, Copy, Debug)]
struct Reduce32In(i32);

impl Arbitrary for Reduce32In {
    fn arbitrary(g: &mut Gen) -> Self {
        let edges = reduce32_edges();
        let x = match u8::arbitrary(g) % 4 {
            0 => *g.choose(&edges).unwrap(),
            1 => i32::arbitrary(g) % (2 * Q),
            _ => i32::arbitrary(g),
        };
        Reduce32In(if x > REDUCE32_MAX { x - (1 << 23) } else { x })
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(self.0.shrink().map(Reduce32In))
    }
}

/// A caddq input: -q < a < q.
#[derive(Clone, Copy, Debug)]
struct CaddqIn(i32);

impl Arbitrary for CaddqIn {
    fn arbitrary(g: &mut Gen) -> Self {
        CaddqIn(edge_or(g, &edges_in(-Q + 1, Q - 1), |g| {
            i32::arbitrary(g) % Q
        }))
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(self.0.shrink().map(CaddqIn))
    }
}

fn qc_reduce32(values: Vec<Reduce32In>) -> TestResult {
    let a = cycle(&values.iter().map(|v| v.0).collect::<Vec<_>>());
    outcome((|| {
        for_each_backend!(check_reduce32(&a));
        Ok(())
    })())
}

fn qc_freeze(values: Vec<Reduce32In>) -> TestResult {
    let a = cycle(&values.iter().map(|v| v.0).collect::<Vec<_>>());
    outcome((|| {
        for_each_backend!(check_freeze(&a));
        Ok(())
    })())
}

fn qc_caddq(values: Vec<CaddqIn>) -> TestResult {
    let a = cycle(&values.iter().map(|v| v.0).collect::<Vec<_>>());
    outcome((|| {
        for_each_backend!(check_caddq(&a));
        Ok(())
    })())
}

#[test]
fn quickcheck_reduce32() {
    quickcheck_runner(1000).quickcheck(qc_reduce32 as fn(Vec<Reduce32In>) -> TestResult);
}

#[test]
fn quickcheck_freeze() {
    quickcheck_runner(1000).quickcheck(qc_freeze as fn(Vec<Reduce32In>) -> TestResult);
}

#[test]
fn quickcheck_caddq() {
    quickcheck_runner(1000).quickcheck(qc_caddq as fn(Vec<CaddqIn>) -> TestResult);
}
