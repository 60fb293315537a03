//! The SIMD NTTs and the pointwise accumulation, on the intrinsic models:
//!
//! (a) `interval`: the AVX2, AVX-512 and NEON forward and inverse NTT (their own
//!     generic source, `mldsa::backend::lanes`) run on the models with an
//!     interval in every lane: no addition or subtraction of a lane can
//!     wrap, every Montgomery multiplication's product lies within
//!     MontgomeryReduce's precondition (the `requires` hooks of the
//!     kernels), and the outputs meet their bounds;
//! (b) every multiplication is a Montgomery multiplication by a constant
//!     zeta (the tables checked by `SIMD zeta tables`), which the z3 lemmas
//!     (`simd_lemmas`) prove equal, lane by lane, to the portable
//!     `montgomery_mul`, hence to a multiplication by zeta 2^-32 mod q
//!     within the precondition; the lane moves (shuffles, blends,
//!     transposes) are fixed: so each transform is a fixed Z_q-linear map;
//! (c) `basis`: on the 256 basis vectors (and at the bounds) the model's
//!     transform (the evaluator) equals the spec's NTT / 2^32 NTT^-1 mod q.
//!
//! Hence the model's NTT equals the spec's for every input within the
//! bounds. The same source runs on the CPU with the intrinsics, which the
//! `model` checks compare with the model one by one, and `ntt` runs the
//! basis check on the CPU as well.
//!
//! The pointwise accumulation: for l = 4, 5, 7 terms (ML-DSA's l) with
//! a in [0, q) (ExpandA) and |b| < 9q (NTT outputs), the interval run of
//! `pointwise_acc` shows every 64-bit sum exact (no wrap) and within
//! 2^31 q, where the z3 lemma `dot_finish` / `DotAcc::reduce` =
//! `montgomery_reduce` gives r 2^32 = sum (mod q) and |r| <= q; on AVX2
//! also with verification's term x o y (|x|, |y| < 9q) subtracted.
//!
//! The single pointwise product (AVX2's and NEON's `montgomery_mul` on
//! each vector, AVX-512's `pointwise`): for |a|, |b| < 9q (two NTT
//! outputs, as the algorithms pass them) and for every i32 a with |b| <= q,
//! every product lies within MontgomeryReduce's precondition, where
//! `montgomery_mul = portable` (z3) makes the result a b 2^-32 mod q.

use crate::Lemma;
use crate::avx2_model::Avx2Model;
use crate::avx512_model::Avx512Model;
use crate::interval::{self, I32};
use crate::neon_model::NeonModel;
use crate::ntt::{basis_lemmas, bounds, caught};
use mldsa::backend::lanes::avx512::{arithmetic as w, ntt as wn};
use mldsa::backend::lanes::{avx2 as x, neon as n};
use mldsa::params::{N, Q};
use mldsa::poly::Poly;

/// The pointwise accumulation of `l` terms with a_j in `a` and b_j in `b`
/// on the interval model, less the product of x in `minus.0` and y in
/// `minus.1` where given (AVX2's form for verification's row): every
/// vector of the polynomial.
fn accumulate(
    l: usize,
    a: I32,
    b: I32,
    minus: Option<(I32, I32)>,
    isa: &str,
) -> Result<String, String> {
    interval::reset();
    let xs = vec![[a; N]; l];
    let ys = vec![[b; N]; l];
    let minus = minus.map(|(u, v)| ([u; N], [v; N]));
    let mut worst = 0;
    let largest = |lanes: &[I32]| lanes.iter().map(|v| v.magnitude()).max().unwrap_or(0);
    if isa == "avx2" {
        let minus = minus.as_ref().map(|(u, v)| (u, v));
        for i in 0..N / 8 {
            let r = x::pointwise_acc(Avx2Model::<I32>::new(), &xs, &ys, minus, i).d();
            worst = worst.max(largest(&r));
        }
    } else if isa == "avx512" {
        let mut r = [I32::new(0, 0); N];
        w::pointwise_acc(Avx512Model::<I32>::new(), &mut r, &xs, &ys);
        worst = largest(&r);
    } else {
        for i in 0..N / 4 {
            let r = n::pointwise_acc(NeonModel::<I32>::new(), &xs, &ys, i).d();
            worst = worst.max(largest(&r));
        }
    }
    interval::check()?;
    if worst > Q as i64 {
        return Err(format!("outputs reach {worst} > q"));
    }
    Ok(format!("sums exact and within 2^31 q; |r| <= {worst}"))
}

/// The pointwise product `c = a o b 2^-32` of `isa` (AVX2's and NEON's
/// `montgomery_mul` on every vector, as their backends run it, AVX-512's
/// `pointwise`) on the interval model, a_i in `a`, b_i in `b`: every
/// product within MontgomeryReduce's precondition (the `requires` of the
/// reduction), |r| <= q.
fn products(isa: &str, a: I32, b: I32) -> Result<String, String> {
    interval::reset();
    let (xs, ys) = ([a; N], [b; N]);
    let mut c = [I32::new(0, 0); N];
    match isa {
        "avx2" => {
            use mldsa::backend::lanes::avx2::Avx2Ops;
            let m = Avx2Model::<I32>::new();
            for i in 0..N / 8 {
                let r = x::montgomery_mul(m, m.load(&xs, i), m.load(&ys, i));
                m.store(&mut c, i, r);
            }
        }
        "avx512" => w::pointwise(Avx512Model::<I32>::new(), &mut c, &xs, &ys),
        _ => {
            use mldsa::backend::lanes::neon::NeonOps;
            let m = NeonModel::<I32>::new();
            for i in 0..N / 4 {
                let r = n::montgomery_mul(m, m.load(&xs, i), m.load(&ys, i));
                m.store(&mut c, i, r);
            }
        }
    }
    interval::check()?;
    let worst = c.iter().map(|v| v.magnitude()).max().unwrap_or(0);
    if worst > Q as i64 {
        return Err(format!("outputs reach {worst} > q"));
    }
    Ok(format!("no overflow, a b within 2^31 q; |r| <= {worst}"))
}

/// Every SIMD NTT and accumulation lemma, on the models (any machine).
pub fn all() -> Vec<Lemma> {
    let q = Q as i64;
    let mut out = Vec::new();
    type Transform = fn(&mut [I32; N]);
    let isas: [(&str, Transform, Transform); 3] = [
        (
            "avx2",
            |a| x::ntt(Avx2Model::<I32>::new(), a),
            |a| x::invntt_tomont(Avx2Model::<I32>::new(), a),
        ),
        (
            "avx512",
            |a| wn::ntt(Avx512Model::<I32>::new(), a),
            |a| wn::invntt_tomont(Avx512Model::<I32>::new(), a),
        ),
        (
            "neon",
            |a| n::ntt(NeonModel::<I32>::new(), a),
            |a| n::invntt_tomont(NeonModel::<I32>::new(), a),
        ),
    ];
    for (name, fwd, inv) in isas {
        out.push(Lemma::run(
            "ntt: no overflow, |out| < 9q",
            "interval",
            "|w_i| <= q - 1 (model)",
            name,
            || bounds(fwd, q - 1, 9 * q - 1),
        ));
        out.push(Lemma::run(
            "invntt_tomont: no overflow, |out| < q",
            "interval",
            "|w_i| <= q (model)",
            name,
            || bounds(inv, q, q - 1),
        ));
        out.push(Lemma::run(
            "ntt on |w_i| < 2^31 is caught",
            "interval mutant",
            "|w_i| < 2^31 (model)",
            name,
            || {
                let run = bounds(fwd, i32::MAX as i64, i32::MAX as i64);
                caught(run, "the interval run accepted inputs it must reject")
            },
        ));
        out.push(Lemma::run(
            "invntt on |w_i| <= 2^24 is caught",
            "interval mutant",
            "|w_i| <= 2^24 (model)",
            name,
            || {
                let run = bounds(inv, 1 << 24, i32::MAX as i64);
                caught(run, "the interval run accepted inputs it must reject")
            },
        ));
        for l in [4, 5, 7] {
            out.push(Lemma::run(
                format!("pointwise_acc, l = {l}: exact sums"),
                "interval",
                "a in [0, q), |b| < 9q (model)",
                name,
                || {
                    accumulate(
                        l,
                        I32::new(0, q - 1),
                        I32::new(-9 * q + 1, 9 * q - 1),
                        None,
                        name,
                    )
                },
            ));
        }
        // AVX2's verification row also subtracts NTT(c) o NTT(t1 2^d), two
        // NTT outputs, in the same sums (`pointwise_acc_sub_montgomery`).
        for l in [4, 5, 7].into_iter().filter(|_| name == "avx2") {
            out.push(Lemma::run(
                format!("pointwise_acc less x o y, l = {l}: exact sums"),
                "interval",
                "a in [0, q), |b|, |x|, |y| < 9q (model)",
                name,
                || {
                    let ntt_out = I32::new(-9 * q + 1, 9 * q - 1);
                    accumulate(
                        l,
                        I32::new(0, q - 1),
                        ntt_out,
                        Some((ntt_out, ntt_out)),
                        name,
                    )
                },
            ));
        }
        // The algorithms' single products: NTT(c) o NTT(s1), NTT(s2),
        // NTT(t0) when signing, NTT(c) o NTT(t1 2^d) in verification's
        // default steps: both factors NTT outputs. And any a times a
        // reduced b.
        let ntt_out = I32::new(-9 * q + 1, 9 * q - 1);
        let any = I32::new(i32::MIN as i64, i32::MAX as i64);
        out.push(Lemma::run(
            "pointwise: products within 2^31 q",
            "interval",
            "|a|, |b| < 9q (NTT outputs) (model)",
            name,
            || products(name, ntt_out, ntt_out),
        ));
        out.push(Lemma::run(
            "pointwise: products within 2^31 q",
            "interval",
            "every i32 a, |b| <= q (model)",
            name,
            || products(name, any, I32::new(-q, q)),
        ));
        out.push(Lemma::run(
            "pointwise, |b| <= q + 1 is caught",
            "interval mutant",
            "every i32 a, |b| <= q + 1 (model)",
            name,
            || {
                let run = products(name, any, I32::new(-q - 1, q + 1));
                caught(run, "the interval run accepted a product over 2^31 q")
            },
        ));
        out.push(Lemma::run(
            "pointwise_acc, |b| < 2^31 is caught",
            "interval mutant",
            "l = 4, a in [0, q), any b (model)",
            name,
            || {
                let any = I32::new(i32::MIN as i64, i32::MAX as i64);
                let run = accumulate(4, I32::new(0, q - 1), any, None, name);
                caught(run, "the interval run accepted sums over 2^31 q")
            },
        ));
    }
    type OnPoly = fn(&mut Poly);
    let model_basis: [(&str, OnPoly, OnPoly); 3] = [
        (
            "avx2",
            |p| x::ntt(Avx2Model::<i32>::new(), &mut p.coeffs),
            |p| x::invntt_tomont(Avx2Model::<i32>::new(), &mut p.coeffs),
        ),
        (
            "avx512",
            |p| wn::ntt(Avx512Model::<i32>::new(), &mut p.coeffs),
            |p| wn::invntt_tomont(Avx512Model::<i32>::new(), &mut p.coeffs),
        ),
        (
            "neon",
            |p| n::ntt(NeonModel::<i32>::new(), &mut p.coeffs),
            |p| n::invntt_tomont(NeonModel::<i32>::new(), &mut p.coeffs),
        ),
    ];
    let names = [
        "ntt = NTT mod q on a basis (model)",
        "invntt = 2^32 NTT^-1, basis (model)",
    ];
    for (name, fwd, inv) in model_basis {
        out.extend(basis_lemmas(names, name, fwd, inv));
    }
    out
}
