//! Helpers shared by the differential tests: conversions between the two
//! crates' types, the edge values of FIPS 204, proptest strategies.
//!
//! Included by both test binaries (`#[path = "../common/mod.rs"] mod
//! common;`); neither uses every helper.
#![allow(dead_code)]

use mldsa::params::ParameterSet;
use mldsa::poly::Poly;
use mldsa_spec::params::ParamSet;
use proptest::prelude::*;

#[allow(unused_imports)]
pub use mldsa_diff_tests::{for_each_backend, proptest_config};

/// q.
pub const Q: i32 = 8380417;
/// The number of coefficients.
pub const N: usize = 256;
/// 2^32 mod q: the Montgomery factor R.
pub const MONT: i64 = (1i64 << 32) % Q as i64;
/// 2^-32 mod q.
pub const MONT_INV: i64 = 8265825;
/// The two values of gamma2.
pub const GAMMA2S: [i32; 2] = [(Q - 1) / 88, (Q - 1) / 32];
/// The three spec parameter sets.
pub const SPEC_PARAMS: [ParamSet; 3] = [
    mldsa_spec::ML_DSA_44,
    mldsa_spec::ML_DSA_65,
    mldsa_spec::ML_DSA_87,
];

/// Runs `body` with the type `P` set to the impl's parameter set number
/// `index` (0, 1, 2: ML-DSA-44, 65, 87), for properties that draw the
/// parameter set with their data (see `per_params`).
#[allow(unused_macros)]
macro_rules! with_params {
    ($index:expr, $body:block) => {
        match $index {
            0 => {
                type P = mldsa::MlDsa44;
                $body
            }
            1 => {
                type P = mldsa::MlDsa65;
                $body
            }
            _ => {
                type P = mldsa::MlDsa87;
                $body
            }
        }
    };
}
#[allow(unused_imports)]
pub(crate) use with_params;

/// One `#[test]` per `$test => $check`: `$check::<P>()` for the three
/// parameter sets, stopping at the first failure.
#[allow(unused_macros)]
macro_rules! per_set {
    ($($test:ident => $check:ident),* $(,)?) => {$(
        #[test]
        fn $test() -> Result<(), proptest::test_runner::TestCaseError> {
            $check::<mldsa::MlDsa44>()?;
            $check::<mldsa::MlDsa65>()?;
            $check::<mldsa::MlDsa87>()
        }
    )*};
}
#[allow(unused_imports)]
pub(crate) use per_set;

/// `$check::<P>(args)?` (`$check::<P, B>` with `::<_, B>`) for the three
/// parameter sets, in order.
#[allow(unused_macros)]
macro_rules! for_each_set {
    ($check:ident$(::<_, $b:ty>)?($($arg:expr),* $(,)?)) => {
        $check::<mldsa::MlDsa44 $(, $b)?>($($arg),*)?;
        $check::<mldsa::MlDsa65 $(, $b)?>($($arg),*)?;
        $check::<mldsa::MlDsa87 $(, $b)?>($($arg),*)?;
    };
}
#[allow(unused_imports)]
pub(crate) use for_each_set;

/// A parameter set index (for `with_params!`) with data drawn for it.
pub fn per_params<S: Strategy, F: Fn(ParamSet) -> S>(
    f: F,
) -> impl Strategy<Value = (usize, S::Value)> {
    (0usize..3).prop_flat_map(move |i| (Just(i), f(SPEC_PARAMS[i])))
}

/// quickcheck: one of `edges` one time in four, else `other(g)`.
pub fn edge_or(
    g: &mut quickcheck::Gen,
    edges: &[i32],
    other: impl FnOnce(&mut quickcheck::Gen) -> i32,
) -> i32 {
    match <u8 as quickcheck::Arbitrary>::arbitrary(g) % 4 {
        0 => *g.choose(edges).unwrap(),
        _ => other(g),
    }
}

/// A signing case a property draws: the key seed xi, the message, its
/// context and rnd.
#[derive(Clone, Copy, Debug)]
pub struct Case<'a> {
    pub xi: &'a [u8; 32],
    pub msg: &'a [u8],
    pub ctx: &'a [u8],
    pub rnd: &'a [u8; 32],
}

/// Coefficients of one polynomial.
pub type Coeffs = [i32; N];

/// The spec's parameter set for the impl's `P`; also checks that the two
/// crates agree on every constant.
pub fn spec_params<P: ParameterSet>() -> ParamSet {
    let s = match P::NAME {
        "ML-DSA-44" => mldsa_spec::ML_DSA_44,
        "ML-DSA-65" => mldsa_spec::ML_DSA_65,
        "ML-DSA-87" => mldsa_spec::ML_DSA_87,
        other => panic!("unknown parameter set {other}"),
    };
    assert_eq!(
        (P::K, P::L, P::ETA, P::TAU, P::LAMBDA),
        (s.k(), s.l(), s.eta(), s.tau(), s.lambda())
    );
    assert_eq!(
        (P::GAMMA1, P::GAMMA2, P::BETA, P::OMEGA),
        (s.gamma1(), s.gamma2(), s.beta(), s.omega())
    );
    assert_eq!(
        (P::PK_LEN, P::SK_LEN, P::SIG_LEN),
        (s.pk_len(), s.sk_len(), s.sig_len())
    );
    assert_eq!(P::GAMMA1_BITS, s.gamma1_bits());
    assert_eq!(P::W1_BITS, s.w1_bits());
    assert_eq!(P::ETA_BITS, s.bitlen_2eta());
    s
}

/// An impl polynomial with these coefficients.
pub fn poly(c: &Coeffs) -> Poly {
    Poly::from_coeffs(*c)
}

/// Each coefficient mod q, in [0, q).
pub fn mod_q(c: &Coeffs) -> Coeffs {
    core::array::from_fn(|i| c[i].rem_euclid(Q))
}

/// x mod q in [0, q) for any i64.
pub fn mod_q64(x: i64) -> i32 {
    x.rem_euclid(Q as i64) as i32
}

/// The edge values of FIPS 204 the kernels are checked on: 0, +-1, q-1, q,
/// -q+1, -q, +-gamma2, +-gamma2 +- 1 (both gamma2), +-(gamma1 - beta),
/// +-(gamma1 - beta) +- 1, +-gamma1, +-gamma1 +- 1, +-(gamma2 - beta) and
/// +- 1 (every parameter set), and the same values mod q.
pub fn edge_values() -> Vec<i32> {
    let mut base: Vec<i64> = vec![0, 1, 2, (Q - 1) as i64, Q as i64, (Q - 1) as i64 / 2];
    for gamma2 in GAMMA2S {
        base.push(gamma2 as i64);
        base.push(2 * gamma2 as i64);
    }
    for p in SPEC_PARAMS {
        base.push((p.gamma1() - p.beta()) as i64);
        base.push(p.gamma1() as i64);
        base.push((p.gamma2() - p.beta()) as i64);
        base.push(p.eta() as i64);
    }
    let mut out = Vec::new();
    for b in base {
        for d in [-1, 0, 1] {
            for s in [1, -1] {
                let v = s * (b + d);
                out.push(v);
                out.push(v.rem_euclid(Q as i64));
            }
        }
    }
    let mut out: Vec<i32> = out
        .into_iter()
        .filter_map(|v| i32::try_from(v).ok())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The edge values in [lo, hi], with lo and hi themselves.
pub fn edges_in(lo: i32, hi: i32) -> Vec<i32> {
    let mut v: Vec<i32> = edge_values()
        .into_iter()
        .filter(|&x| lo <= x && x <= hi)
        .collect();
    v.extend([lo, hi]);
    for x in [lo.checked_add(1), hi.checked_sub(1)].into_iter().flatten() {
        if lo <= x && x <= hi {
            v.push(x);
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// Polynomials made of edge values in [lo, hi]: one constant polynomial per
/// value, and polynomials cycling through all of them at several offsets.
pub fn edge_polys(lo: i32, hi: i32) -> Vec<Coeffs> {
    let edges = edges_in(lo, hi);
    let mut polys: Vec<Coeffs> = edges.iter().map(|&e| [e; N]).collect();
    for offset in [0, 1, 7, 100] {
        polys.push(core::array::from_fn(|i| edges[(i + offset) % edges.len()]));
    }
    // Alternating extremes.
    polys.push(core::array::from_fn(|i| if i % 2 == 0 { lo } else { hi }));
    polys
}

/// 256 coefficients, uniform in [lo, hi].
pub fn coeffs(lo: i32, hi: i32) -> impl Strategy<Value = Coeffs> {
    prop::collection::vec(lo..=hi, N).prop_map(|v| v.try_into().unwrap())
}

/// 256 coefficients in [lo, hi], one in four an edge value.
pub fn coeffs_with_edges(lo: i32, hi: i32) -> impl Strategy<Value = Coeffs> {
    let edges = edges_in(lo, hi);
    prop::collection::vec(
        prop_oneof![3 => lo..=hi, 1 => prop::sample::select(edges)],
        N,
    )
    .prop_map(|v| v.try_into().unwrap())
}

/// A byte string of exactly `len` bytes: uniform, all zero or all 0xFF.
pub fn bytes_exact(len: usize) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        8 => prop::collection::vec(any::<u8>(), len),
        1 => Just(vec![0u8; len]),
        1 => Just(vec![0xFFu8; len]),
    ]
}

#[allow(unused_imports)] // the algorithm tests use it, the kernel tests do not
pub use mldsa_diff_tests::PREHASHES;

/// Writes `value` (`width` bits, little-endian) at bit `offset` of `bytes`,
/// as BitPack lays out coefficients.
pub fn set_bits(bytes: &mut [u8], offset: usize, width: usize, value: u32) {
    for b in 0..width {
        let bit = offset + b;
        let mask = 1u8 << (bit % 8);
        if (value >> b) & 1 == 1 {
            bytes[bit / 8] |= mask;
        } else {
            bytes[bit / 8] &= !mask;
        }
    }
}

/// Reads `width` bits at bit `offset` of `bytes`, little-endian.
pub fn get_bits(bytes: &[u8], offset: usize, width: usize) -> u32 {
    (0..width).fold(0, |acc, b| {
        let bit = offset + b;
        acc | ((((bytes[bit / 8] >> (bit % 8)) & 1) as u32) << b)
    })
}

/// A hint vector of k polynomials with at most `omega` ones, from `ones`
/// (polynomial, coefficient) pairs.
pub fn hint_from(k: usize, omega: usize, ones: &[(usize, usize)]) -> Vec<Coeffs> {
    let mut h = vec![[0i32; N]; k];
    let mut count = 0;
    for &(i, j) in ones {
        if count < omega && h[i % k][j % N] == 0 {
            h[i % k][j % N] = 1;
            count += 1;
        }
    }
    h
}

/// A message: 0 to 299 bytes.
pub fn message() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 0..300)
}

/// A context string: 0 to 255 bytes, often empty or exactly 255.
pub fn context() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => prop::collection::vec(any::<u8>(), 0..=255),
        1 => Just(Vec::new()),
        1 => prop::collection::vec(any::<u8>(), 255),
    ]
}

/// Cut points for feeding a message in pieces.
pub fn cuts() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(any::<usize>(), 0..5)
}

/// `data` split at `cuts` (each taken mod len + 1, sorted).
pub fn pieces<'a>(data: &'a [u8], cuts: &[usize]) -> Vec<&'a [u8]> {
    let mut at: Vec<usize> = cuts.iter().map(|c| c % (data.len() + 1)).collect();
    at.sort_unstable();
    at.push(data.len());
    let mut start = 0;
    at.into_iter()
        .map(|end| {
            let p = &data[start..end];
            start = end;
            p
        })
        .collect()
}

/// Pairs (polynomial, coefficient) for `hint_from`: up to omega + 10 of
/// them, so that exactly omega ones is reached often.
pub fn hint_positions(k: usize, omega: usize) -> impl Strategy<Value = Vec<(usize, usize)>> {
    prop::collection::vec((0..k, 0..N), 0..=omega + 10)
}

// quickcheck helpers.

/// The coefficients of a polynomial from a quickcheck vector (cycled; zero
/// when empty).
pub fn cycle(values: &[i32]) -> Coeffs {
    core::array::from_fn(|i| {
        if values.is_empty() {
            0
        } else {
            values[i % values.len()]
        }
    })
}

/// A check's result as a quickcheck outcome (the message kept on failure).
pub fn outcome(result: Result<(), proptest::test_runner::TestCaseError>) -> quickcheck::TestResult {
    match result {
        Ok(()) => quickcheck::TestResult::passed(),
        Err(e) => quickcheck::TestResult::error(e.to_string()),
    }
}

/// A quickcheck runner with `cases(default_cases)` passing tests.
pub fn quickcheck_runner(default_cases: u32) -> quickcheck::QuickCheck {
    let n = mldsa_diff_tests::cases(default_cases) as u64;
    quickcheck::QuickCheck::new().tests(n).max_tests(10 * n)
}

#[allow(unused_imports)] // not every test binary calls the typed kernels
pub use mldsa_diff_tests::typed;
