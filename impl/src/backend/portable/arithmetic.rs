//! Scalar modular arithmetic: Montgomery reduction (FIPS 204 Algorithm 49),
//! reduce32, caddq, and the branch-free selects the kernels are built from.
//! Written once over [`Word`] (the `lemmas` crate proves them on that same
//! source) and used on `i32` by every portable kernel.

use super::word::{Wide, Word};
use crate::params::{N, Q};

/// q^-1 mod 2^32 (FIPS 204 Algorithm 49, line 1).
pub const QINV: i32 = 58728449;

/// The largest |a| MontgomeryReduce accepts: 2^31 q.
pub const MONTGOMERY_BOUND: i64 = (1 << 31) * Q as i64;

/// MontgomeryReduce (Algorithm 49): r = a * 2^-32 mod q, |r| <= q, for
/// |a| <= 2^31 q. The wrapping i32 product is (a mod 2^32) * QINV taken in
/// [-2^31, 2^31): it differs from Algorithm 49's mod+- (range (-2^31, 2^31])
/// only when that is exactly 2^31, where r is the spec's result plus q (same
/// residue, still |r| <= q).
#[inline(always)]
pub fn montgomery_reduce<W: Word>(a: W::Wide) -> W {
    a.requires(-MONTGOMERY_BOUND, MONTGOMERY_BOUND);
    let t = a.truncate().wrapping_mul(W::lit(QINV));
    ((a - t.widen() * W::Wide::lit(Q as i64)) >> 32).truncate()
}

/// a * b * 2^-32 mod q, for |a * b| <= 2^31 q: MontgomeryReduce(a b),
/// bit for bit (z3 lemma `montgomery_mul = montgomery_reduce(a b)`), with
/// its t = (a b mod 2^32) QINV mod 2^32 made from the 32-bit product, and
/// the result as the difference of the high halves of a b and t q (a b - t
/// q is a multiple of 2^32, since t q = a b mod 2^32). Compiled for SSE2,
/// the 32-bit products cost far less than the 64-bit one they replace:
/// the portable NTT is about 15 % faster.
#[inline(always)]
pub fn montgomery_mul<W: Word>(a: W, b: W) -> W {
    // a (b QINV) = (a b) QINV mod 2^32: the same t.
    montgomery_mul_pre(a, b, b.wrapping_mul(W::lit(QINV)))
}

/// [`montgomery_mul`] with b's factor of t made beforehand: `b_qinv` = b
/// QINV mod 2^32 (z3 lemma `montgomery_mul_pre = montgomery_reduce(a b)`,
/// given that). For a constant b (the NTT's zetas) one 32-bit product
/// fewer a multiplication.
#[inline(always)]
pub fn montgomery_mul_pre<W: Word>(a: W, b: W, b_qinv: W) -> W {
    let product = a.widen() * b.widen();
    product.requires(-MONTGOMERY_BOUND, MONTGOMERY_BOUND);
    let t = a.wrapping_mul(b_qinv);
    (product >> 32).truncate() - ((t.widen() * W::Wide::lit(Q as i64)) >> 32).truncate()
}

/// `Backend::pointwise_acc_montgomery` on coefficient arrays: c = sum over
/// j of a_j o b_j, each sum of 64-bit products reduced by
/// MontgomeryReduce. The sums must stay within its precondition (interval
/// lemma `pointwise_acc`: l = 4, 5, 7 terms, a from ExpandA in [0, q),
/// |b| < 9q).
#[inline(always)]
pub fn pointwise_acc<'a, W: Word + 'a>(
    c: &mut [W; N],
    terms: impl Iterator<Item = (&'a [W; N], &'a [W; N])>,
) {
    let mut sum = [W::Wide::lit(0); N];
    for (x, y) in terms {
        for ((s, &xi), &yi) in sum.iter_mut().zip(x).zip(y) {
            *s = *s + xi.widen() * yi.widen();
        }
    }
    for (ci, &s) in c.iter_mut().zip(&sum) {
        *ci = montgomery_reduce(s);
    }
}

/// A representative of a mod q in [-6283009, 6283008], for
/// a <= 2^31 - 2^22 - 1: subtract round(a / 2^23) * q.
#[inline(always)]
pub fn reduce32<W: Word>(a: W) -> W {
    let t = (a + W::lit(1 << 22)) >> 23;
    a - t * W::lit(Q)
}

/// a + q if a is negative: maps (-q, q) into [0, q).
#[inline(always)]
pub fn caddq<W: Word>(a: W) -> W {
    add_if_negative(a, W::lit(Q))
}

/// The representative of a mod q in [0, q).
#[inline(always)]
pub fn freeze<W: Word>(a: W) -> W {
    caddq(reduce32(a))
}

/// x + v if x < 0, else x, without a branch (x >> 31 is all ones or zero).
#[inline(always)]
pub fn add_if_negative<W: Word>(x: W, v: W) -> W {
    x + ((x >> 31) & v)
}

/// x - v if x > bound, else x, without a branch, for bound - x in i32.
#[inline(always)]
pub fn sub_if_above<W: Word>(x: W, bound: W, v: W) -> W {
    x - (((bound - x) >> 31) & v)
}

/// 1 if x != 0 else 0, without a branch: x | -x has its sign bit set
/// exactly when x is nonzero.
#[inline(always)]
pub fn is_nonzero<W: Word>(x: W) -> W {
    ((x | W::lit(0).wrapping_sub(x)) >> 31) & W::lit(1)
}
