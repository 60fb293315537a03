//! The z3 lemmas of the small NTT mod p = 7681 (16-bit values): the
//! portable steps (their own source, generic over `Half`, on `Bv16`) for
//! every input, and the AVX2 source's steps (over `SmallOps`, on the
//! intrinsic model `small_model` with z3 lanes) equal to the portable ones
//! in every lane, bit for bit. Each with a mutant that z3 must refute.

use crate::Lemma;
use crate::small_model::{Mutation, SmallModel};
use crate::smt::{self, Bv16, Term, Verdict, ctx};
use crate::smt_lemmas::{proven, refuted};
use mldsa::backend::lanes::avx2::small_ntt as simd;
use mldsa::backend::portable::small_ntt::{self as k, HALF_P, P, PINV};
use mldsa::backend::portable::word::Half;
use z3::ast::{Ast, BV, Bool};

/// A 16-bit term sign-extended to 32 bits (where a b - t p and r 2^16 fit:
/// |a b| <= 2^30, |t p| < 2^28, |r| < 2^15).
fn wide(x: Bv16) -> BV<'static> {
    x.bv().sign_ext(16)
}

fn int32(v: i64) -> BV<'static> {
    BV::from_i64(ctx(), v, 32)
}

/// PINV p = 1 mod 2^16: with it, t p = a (b PINV) p = a b mod 2^16 for
/// t = a (b PINV) mod 2^16, the precondition the z3 lemma below takes
/// instead of reasoning through three multipliers (also swept whole:
/// [`quotient_agrees`]).
fn pinv_is_inverse() -> Result<String, String> {
    let product = PINV.wrapping_mul(P);
    if product == 1 {
        Ok("PINV p mod 2^16 = 1".into())
    } else {
        Err(format!("PINV p mod 2^16 = {product}"))
    }
}

/// The precondition of [`montgomery`], for every a, b: t p = a b mod 2^16
/// for t = a (b PINV) mod 2^16, swept over all 2^32 pairs (the ring
/// identity a (b PINV) p = a b (PINV p), machine-checked).
fn quotient_agrees() -> Result<String, String> {
    // Opaque to the optimizer, which would otherwise fold PINV p to 1 and
    // the whole sweep away.
    let (pinv, p) = std::hint::black_box((PINV as u16, P as u16));
    for a in 0..=u16::MAX {
        // An OR over the row, so that the loop vectorizes.
        let mut differ = 0u16;
        for b in 0..=u16::MAX {
            let t = a.wrapping_mul(b.wrapping_mul(pinv));
            differ |= t.wrapping_mul(p) ^ a.wrapping_mul(b);
        }
        if differ != 0 {
            return Err(format!("a = {}: t p != a b mod 2^16 for some b", a as i16));
        }
    }
    Ok("all 2^32 pairs (a, b)".into())
}

/// r = f(a, b) satisfies r 2^16 = a b - t p for t = a (b PINV) mod+- 2^16
/// (the Montgomery quotient), given that t p and a b agree mod 2^16 (true
/// for every a, b: [`quotient_agrees`]): hence r = a b 2^-16 (mod p) and
/// |r| <= |a b| / 2^16 + p / 2, for every 16-bit a and b, with no overflow
/// inside f.
fn montgomery(f: fn(Bv16, Bv16) -> Bv16) -> Verdict {
    smt::reset();
    let (a, b) = (Bv16::var("a"), Bv16::var("b"));
    let r = f(a, b);
    let ab = wide(a).bvmul(&wide(b));
    let t = a.bv().bvmul(&b.bv().bvmul(&Bv16::int(PINV as i64).bv()));
    let tp = t.sign_ext(16).bvmul(&int32(P as i64));
    let pre = ab.extract(15, 0)._eq(&tp.extract(15, 0));
    let lhs = wide(r).bvshl(&int32(16));
    smt::prove(
        &[("a", a.bv()), ("b", b.bv())],
        &pre,
        &lhs._eq(&ab.bvsub(&tp)),
    )
}

/// r = f(a) = a mod p and |r| <= (p - 1) / 2, for every 16-bit a, with no
/// overflow inside f.
fn barrett(f: fn(Bv16) -> Bv16) -> Verdict {
    smt::reset();
    let a = Bv16::var("a");
    let r = f(a);
    let d = wide(a).bvsub(&wide(r));
    let divisible = d.bvsrem(&int32(P as i64))._eq(&int32(0));
    let goal = Bool::and(
        ctx(),
        &[&divisible, &r.within(-(HALF_P as i64), HALF_P as i64)],
    );
    smt::prove(&[("a", a.bv())], &Bool::from_bool(ctx(), true), &goal)
}

/// The mutants: p^-1 off by 2; Barrett rounding at 2^8 instead of 2^9.
fn montgomery_pinv_plus_2<W: Half>(a: W, b: W) -> W {
    k::montgomery_mul_pre(a, b, b.wrapping_mul(W::lit(PINV + 2)))
}

fn barrett_round_2_8<W: Half>(a: W) -> W {
    let t = a.mul_high(W::lit(k::BARRETT_V));
    let t = (t + W::lit(1 << 8)) >> 10;
    a - t * W::lit(P)
}

/// Every lane of `f` on the model (sixteen lanes of unknowns a, b, c)
/// equals `reference` on that lane's values, bit for bit; the model's
/// proven steps' ranges are obligations.
fn lanes_equal(model: SmallModel<Bv16>, f: LaneCheck, reference: Reference) -> Verdict {
    smt::reset();
    let vars =
        |name: &str| -> [Bv16; 16] { core::array::from_fn(|i| Bv16::var(&format!("{name}{i}"))) };
    let (a, b, c) = (vars("a"), vars("b"), vars("c"));
    let want: Vec<Bv16> = (0..16).map(|i| reference(a[i], b[i], c[i])).collect();
    // The portable steps' own obligations are their lemmas'.
    smt::forget_obligations();
    let got = f(model, a, b, c);
    let goal: Vec<Bool<'static>> = (0..16).map(|i| got[i].eq(want[i])).collect();
    let inputs = [("a", &a), ("b", &b), ("c", &c)]
        .map(|(name, x)| smt::named(name, x.iter().map(|v| v.bv())));
    smt::prove_named(&inputs, &Bool::from_bool(ctx(), true), &goal)
}

/// A step of the AVX2 source on three registers of z3 lanes.
type LaneCheck = fn(SmallModel<Bv16>, [Bv16; 16], [Bv16; 16], [Bv16; 16]) -> [Bv16; 16];
/// The portable step it must equal, on one lane's three values.
type Reference = fn(Bv16, Bv16, Bv16) -> Bv16;

fn lane_mont_pre(s: SmallModel<Bv16>, a: [Bv16; 16], z: [Bv16; 16], zq: [Bv16; 16]) -> [Bv16; 16] {
    simd::mont_pre(s, a, z, zq)
}

fn lane_mont_mul(s: SmallModel<Bv16>, a: [Bv16; 16], b: [Bv16; 16], _: [Bv16; 16]) -> [Bv16; 16] {
    simd::mont_mul(s, a, b)
}

fn lane_barrett(s: SmallModel<Bv16>, a: [Bv16; 16], _: [Bv16; 16], _: [Bv16; 16]) -> [Bv16; 16] {
    simd::barrett(s, a)
}

/// The portable lemmas.
pub fn portable() -> Vec<Lemma> {
    let domain = "every 16-bit a, b";
    vec![
        Lemma::run(
            "PINV p = 1 mod 2^16",
            "computed",
            "the constant",
            "portable",
            pinv_is_inverse,
        ),
        Lemma::run(
            "small t p = a b mod 2^16, t = a (b PINV)",
            "exhaustive",
            "every 16-bit a, b",
            "portable",
            quotient_agrees,
        ),
        Lemma::run(
            "small montgomery_mul: a b 2^-16 mod p",
            "z3",
            domain,
            "portable",
            || proven(montgomery(k::montgomery_mul::<Bv16>)),
        ),
        Lemma::run(
            "small montgomery_mul, PINV + 2",
            "z3 mutant",
            domain,
            "portable",
            || refuted(montgomery(montgomery_pinv_plus_2::<Bv16>)),
        ),
        Lemma::run(
            "small barrett_reduce: a mod p, centered",
            "z3",
            "every 16-bit a",
            "portable",
            || proven(barrett(k::barrett_reduce::<Bv16>)),
        ),
        Lemma::run(
            "small barrett_reduce, rounding at 2^8",
            "z3 mutant",
            "every 16-bit a",
            "portable",
            || refuted(barrett(barrett_round_2_8::<Bv16>)),
        ),
    ]
}

/// The AVX2 source's steps on the model, lane by lane.
pub fn simd() -> Vec<Lemma> {
    let right = SmallModel::<Bv16>::new();
    let cases: [(&str, LaneCheck, Reference, Mutation); 3] = [
        (
            "small mont_pre lanes = portable",
            lane_mont_pre,
            |a, z, zq| k::montgomery_mul_pre(a, z, zq),
            Mutation::MulhiUnsigned,
        ),
        (
            "small mont_mul lanes = portable",
            lane_mont_mul,
            |a, b, _| k::montgomery_mul(a, b),
            Mutation::MulhiUnsigned,
        ),
        (
            "small barrett lanes = portable",
            lane_barrett,
            |a, _, _| k::barrett_reduce(a),
            Mutation::SraiLogical,
        ),
    ];
    let mut out = Vec::new();
    for (name, f, reference, mutation) in cases {
        out.push(Lemma::run(
            name,
            "z3",
            "every lane value",
            "avx2, avx512",
            || proven(lanes_equal(right, f, reference)),
        ));
        out.push(Lemma::run(
            format!("{name}, {mutation:?}"),
            "z3 mutant",
            "every lane value",
            "avx2, avx512",
            || refuted(lanes_equal(SmallModel::mutated(mutation), f, reference)),
        ));
    }
    out
}
