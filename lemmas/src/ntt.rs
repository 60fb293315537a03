//! NTT correctness for every input:
//!
//! (a) `interval`: the portable NTT and inverse NTT (their own generic
//!     source) run on intervals: no `+`/`-`/`*` can overflow for any input
//!     in the precondition, every Montgomery multiplication's product lies
//!     within MontgomeryReduce's precondition (where the z3 lemma proves it
//!     congruent to a * 2^-32 mod q), and the outputs meet their documented
//!     bounds;
//! (b) hence each transform is, mod q, a fixed Z_q-linear map: additions and
//!     subtractions are exact, and each Montgomery multiplication by a
//!     constant multiplies by that constant times 2^-32 mod q;
//! (c) `basis`: on the 256 basis vectors the transform equals the spec's
//!     NTT (Algorithm 41) / 2^32 NTT^-1 (Algorithm 42) mod q.
//!
//! Linear maps that agree on a basis agree everywhere: NTT_impl(w) =
//! NTT_spec(w) mod q for every w with |w_i| < q. For the AVX2 NTT only (c)
//! and inputs at the extreme bounds are run: tested, not proven.

use crate::Lemma;
use crate::interval::{self, I32};
use mldsa::backend::Backend;
use mldsa::backend::portable::{self as k, Portable};
use mldsa::params::{N, Q};
use mldsa::poly::Poly;
use mldsa_spec::ntt as spec;

fn mod_q(a: i64) -> i64 {
    a.rem_euclid(Q as i64)
}

/// 2^32 mod q.
const MONT: i64 = (1i64 << 32) % Q as i64;

/// (a): the interval run of `f` on inputs |w_i| <= input_bound; the
/// outputs must satisfy |out_i| <= output_bound.
pub fn bounds(f: fn(&mut [I32; N]), input_bound: i64, output_bound: i64) -> Result<String, String> {
    interval::reset();
    let mut a = [I32::new(-input_bound, input_bound); N];
    f(&mut a);
    interval::check()?;
    let worst = a.iter().map(|x| x.magnitude()).max().unwrap_or(0);
    if worst > output_bound {
        return Err(format!("outputs reach {worst} > {output_bound}"));
    }
    Ok(format!(
        "no overflow; |out| <= {worst} ({:.3} q)",
        worst as f64 / Q as f64
    ))
}

/// (c): `transform(e_i) = factor * spec(e_i) mod q` for every basis vector
/// e_i, and on the inputs at the extreme bounds, with every output below
/// `bound` in absolute value.
pub fn basis(
    transform: fn(&mut Poly),
    spec: fn(&[i32; N]) -> [i32; N],
    factor: i64,
    bound: i64,
) -> Result<String, String> {
    let mut inputs: Vec<[i32; N]> = (0..N)
        .map(|i| {
            let mut e = [0; N];
            e[i] = 1;
            e
        })
        .collect();
    inputs.extend(extremes());
    for w in &inputs {
        let mut a = Poly::from_coeffs(*w);
        transform(&mut a);
        let expected = spec(w);
        for (i, (&got, &want)) in a.coeffs.iter().zip(expected.iter()).enumerate() {
            if mod_q(got as i64) != mod_q(want as i64 * factor) {
                return Err(format!("input {:?}..: coefficient {i}", &w[..4]));
            }
            if (got as i64).abs() >= bound {
                return Err(format!(
                    "input {:?}..: |out_{i}| = {got} >= {bound}",
                    &w[..4]
                ));
            }
        }
    }
    Ok(format!(
        "{} inputs (256 basis vectors, {} at the bounds)",
        inputs.len(),
        inputs.len() - N
    ))
}

/// B::ntt = NTT (Algorithm 41) mod q, outputs below 9q.
pub fn forward_basis<B: Backend>() -> Result<String, String> {
    basis(B::ntt, spec::ntt, 1, 9 * Q as i64)
}

/// B::invntt_tomont = 2^32 NTT^-1 (Algorithm 42) mod q, outputs below q.
pub fn inverse_basis<B: Backend>() -> Result<String, String> {
    basis(B::invntt_tomont, spec::ntt_inverse, MONT, Q as i64)
}

/// A mutant's verdict: passes if the interval `run` failed; `accepted`
/// says what went wrong if it did not.
pub(crate) fn caught(run: Result<String, String>, accepted: &str) -> Result<String, String> {
    match run {
        Ok(_) => Err(accepted.into()),
        Err(e) => Ok(format!("refuted: {e}")),
    }
}

/// The basis lemmas of `backend`'s forward and inverse NTTs `fwd` and
/// `inv` (as [`forward_basis`] and [`inverse_basis`] state them), named
/// `names`.
pub(crate) fn basis_lemmas(
    names: [&str; 2],
    backend: &str,
    fwd: fn(&mut Poly),
    inv: fn(&mut Poly),
) -> [Lemma; 2] {
    let [forward, inverse] = names;
    let domain = "e_0..e_255 + bounds";
    [
        Lemma::run(forward, "basis", domain, backend, || {
            basis(fwd, spec::ntt, 1, 9 * Q as i64)
        }),
        Lemma::run(inverse, "basis", domain, backend, || {
            basis(inv, spec::ntt_inverse, MONT, Q as i64)
        }),
    ]
}

/// The basis lemmas of a SIMD backend, by running its compiled NTTs on the
/// basis ("tested").
fn tested_basis<B: Backend>(backend: &str) -> [Lemma; 2] {
    let names = ["ntt = NTT mod q (tested)", "invntt = 2^32 NTT^-1 (tested)"];
    basis_lemmas(names, backend, B::ntt, B::invntt_tomont)
}

/// Inputs at the bounds |w_i| = q - 1: all +, all -, alternating, and
/// halves, which drive every butterfly to its extreme sums.
fn extremes() -> Vec<[i32; N]> {
    let m = Q - 1;
    let mut out = vec![[m; N], [-m; N]];
    out.push(core::array::from_fn(|i| if i % 2 == 0 { m } else { -m }));
    out.push(core::array::from_fn(|i| if i < N / 2 { m } else { -m }));
    for step in [2usize, 4, 8, 16, 32, 64] {
        out.push(core::array::from_fn(|i| {
            if (i / step) % 2 == 0 { m } else { -m }
        }));
    }
    out
}

/// montgomery_mul(a, b) (its own source, on intervals) for |a| <= a_bound
/// and |b| <= b_bound: the 64-bit product cannot overflow and lies within
/// MontgomeryReduce's precondition |a b| <= 2^31 q, where the z3 lemma
/// `montgomery_reduce` proves r 2^32 = a b (mod q) and |r| <= q.
fn montgomery_mul(a_bound: i64, b_bound: i64) -> Result<String, String> {
    interval::reset();
    let a = I32::new(
        (-a_bound).max(i32::MIN as i64),
        a_bound.min(i32::MAX as i64),
    );
    let r = k::montgomery_mul::<I32>(a, I32::new(-b_bound, b_bound));
    interval::check()?;
    Ok(format!(
        "no overflow, a b within 2^31 q; r in [{}, {}]",
        r.lo, r.hi
    ))
}

/// The portable `pointwise_acc` (its own source, on intervals) over l
/// terms, a in [0, q) (ExpandA's output), |b| <= b_bound: every 64-bit sum
/// is exact and within MontgomeryReduce's precondition, where the z3 lemma
/// `montgomery_reduce` proves r 2^32 = sum (mod q) and |r| <= q.
fn pointwise_acc(l: usize, b_bound: i64) -> Result<String, String> {
    interval::reset();
    let a = [I32::new(0, Q as i64 - 1); N];
    let b = [I32::new(-b_bound, b_bound); N];
    let mut c = [I32::new(0, 0); N];
    k::pointwise_acc::<I32>(&mut c, (0..l).map(|_| (&a, &b)));
    interval::check()?;
    let worst = c.iter().map(|x| x.magnitude()).max().unwrap_or(0);
    Ok(format!("sums exact and within 2^31 q; |r| <= {worst}"))
}

/// The NTT lemmas, and the Montgomery multiplication they rest on.
pub fn all() -> Vec<Lemma> {
    let q = Q as i64;
    let mut out = vec![
        Lemma::run(
            "montgomery_mul: a b in Alg. 49's domain",
            "interval",
            "all i32 a, |b| <= q",
            "portable",
            || montgomery_mul(i32::MAX as i64 + 1, q),
        ),
        // The algorithms' pointwise products: both factors NTT outputs.
        Lemma::run(
            "montgomery_mul: a b in Alg. 49's domain",
            "interval",
            "|a|, |b| < 9q (NTT outputs)",
            "portable",
            || montgomery_mul(9 * q - 1, 9 * q - 1),
        ),
        Lemma::run(
            "montgomery_mul, |b| <= q + 1 is caught",
            "interval mutant",
            "all i32 a, |b| <= q + 1",
            "portable",
            || {
                let run = montgomery_mul(i32::MAX as i64 + 1, q + 1);
                caught(run, "the interval run accepted a product over 2^31 q")
            },
        ),
        Lemma::run(
            "pointwise_acc, l = 4, 5, 7: exact sums",
            "interval",
            "a in [0, q), |b| < 9q",
            "portable",
            || {
                let runs = [4, 5, 7].map(|l| pointwise_acc(l, 9 * q - 1));
                runs.into_iter()
                    .collect::<Result<Vec<_>, _>>()
                    .map(|r| r.join("; "))
            },
        ),
        Lemma::run(
            "pointwise_acc, |b| < 2^31 is caught",
            "interval mutant",
            "l = 7, a in [0, q), any b",
            "portable",
            || {
                let run = pointwise_acc(7, i32::MAX as i64);
                caught(run, "the interval run accepted a sum over 2^31 q")
            },
        ),
        Lemma::run(
            "ntt: no overflow, |out| < 9q",
            "interval",
            "|w_i| <= q - 1",
            "portable",
            || bounds(k::ntt::<I32>, q - 1, 9 * q - 1),
        ),
        Lemma::run(
            "invntt_tomont: no overflow, |out| < q",
            "interval",
            "|w_i| <= q",
            "portable",
            || bounds(k::invntt_tomont::<I32>, q, q - 1),
        ),
        // The method's own mutant: inputs far outside the precondition must
        // be caught (a Montgomery product over 2^31 q, or an overflow).
        Lemma::run(
            "ntt on |w_i| < 2^31 is caught",
            "interval mutant",
            "|w_i| < 2^31",
            "portable",
            || {
                let run = bounds(k::ntt::<I32>, i32::MAX as i64, i32::MAX as i64);
                caught(run, "the interval run accepted inputs it must reject")
            },
        ),
        Lemma::run(
            "ntt = NTT mod q on a basis",
            "basis",
            "e_0..e_255 + bounds",
            "portable",
            forward_basis::<Portable>,
        ),
        Lemma::run(
            "invntt = 2^32 NTT^-1 mod q, basis",
            "basis",
            "e_0..e_255 + bounds",
            "portable",
            inverse_basis::<Portable>,
        ),
    ];
    #[cfg(target_arch = "x86_64")]
    if mldsa::backend::avx2::available() {
        use mldsa::backend::avx2::Avx2;
        out.extend(tested_basis::<Avx2>("avx2"));
    } else {
        mldsa_diff_tests::missing_backend("avx2");
    }
    #[cfg(target_arch = "x86_64")]
    if mldsa::backend::avx512::available() {
        use mldsa::backend::avx512::Avx512;
        out.extend(tested_basis::<Avx512>("avx512"));
    } else {
        mldsa_diff_tests::missing_backend("avx512");
    }
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    {
        use mldsa::backend::neon::Neon;
        out.extend(tested_basis::<Neon>("neon"));
    }
    out
}
