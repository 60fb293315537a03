//! Eight-lane modular arithmetic (i32 lanes): Montgomery multiplication,
//! the dot-product accumulator, reduce32 and caddq.

use super::{Avx2Ops, LaneOps};
use crate::backend::lanes::Coeffs;
use crate::backend::portable::{MONTGOMERY_BOUND, QINV};
use crate::params::Q;

/// Moves the odd 32-bit lanes to the even positions: [x1, x1, x3, x3, ...].
#[inline(always)]
fn odd<S: Avx2Ops>(s: S, x: S::V) -> S::V {
    s.shuffle_epi32::<0xF5>(x)
}

/// Finishes a Montgomery reduction of 64-bit values: given the even-lane and
/// odd-lane 64-bit products (or sums of products) p and, in the low 32 bits
/// of each 64-bit lane, t = low32(p) * QINV mod 2^32 (even and odd lanes
/// alike), returns (p - t q) / 2^32 in 32-bit lanes. p - t q is divisible
/// by 2^32, so its high half is the result.
///
/// Only `vpmuldq` multiplies: it reads the low 32 bits of each 64-bit lane,
/// so t can stay where the multiplication that made it left it (no 32-bit
/// `vpmulld`, two micro-operations and twice the latency on Intel cores,
/// and no shuffle to line t up).
#[inline(always)]
fn finish<S: Avx2Ops>(s: S, p_even: S::V, p_odd: S::V, t_even: S::V, t_odd: S::V) -> S::V {
    s.requires_epi64(p_even, -MONTGOMERY_BOUND, MONTGOMERY_BOUND);
    s.requires_epi64(p_odd, -MONTGOMERY_BOUND, MONTGOMERY_BOUND);
    let q = s.set1_epi32(Q);
    let r_even = s.sub_epi64(p_even, s.mul_epi32(t_even, q));
    let r_odd = s.sub_epi64(p_odd, s.mul_epi32(t_odd, q));
    s.blend_epi32::<0b1010_1010>(odd(s, r_even), r_odd)
}

/// a * b * 2^-32 mod q lane by lane, given b_qinv = b * QINV mod 2^32 (for
/// constants such as the zetas, precomputed). Requires |a_i b_i| <= 2^31 q;
/// |result| <= q.
#[inline(always)]
pub fn montgomery_mul_pre<S: Avx2Ops>(s: S, a: S::V, b: S::V, b_qinv: S::V) -> S::V {
    montgomery_mul_odd(s, a, (b, odd(s, b)), (b_qinv, odd(s, b_qinv)))
}

/// [`montgomery_mul_pre`] with b and b_qinv each also given with its odd
/// lanes moved to the even positions (`odd`), as the per-lane zeta tables
/// keep them: two shuffles fewer per multiplication.
#[inline(always)]
pub fn montgomery_mul_odd<S: Avx2Ops>(
    s: S,
    a: S::V,
    (b, b_odd): (S::V, S::V),
    (b_qinv, b_qinv_odd): (S::V, S::V),
) -> S::V {
    let a_odd = odd(s, a);
    let p_even = s.mul_epi32(a, b);
    let p_odd = s.mul_epi32(a_odd, b_odd);
    // low32(a b) QINV = a (b QINV) mod 2^32.
    let t_even = s.mul_epi32(a, b_qinv);
    let t_odd = s.mul_epi32(a_odd, b_qinv_odd);
    finish(s, p_even, p_odd, t_even, t_odd)
}

/// a * b * 2^-32 mod q lane by lane, for |a_i b_i| <= 2^31 q; |result| <= q.
#[inline(always)]
pub fn montgomery_mul<S: Avx2Ops>(s: S, a: S::V, b: S::V) -> S::V {
    dot_finish(s, dot_step(s, (s.setzero_si256(), s.setzero_si256()), a, b))
}

/// Adds the exact 64-bit products x * y to a dot-product accumulator: even
/// lanes in `acc.0`, odd lanes in `acc.1`.
#[inline(always)]
pub fn dot_step<S: Avx2Ops>(s: S, acc: (S::V, S::V), x: S::V, y: S::V) -> (S::V, S::V) {
    (
        s.add_epi64(acc.0, s.mul_epi32(x, y)),
        s.add_epi64(acc.1, s.mul_epi32(odd(s, x), odd(s, y))),
    )
}

/// sum * 2^-32 mod q for a [`dot_step`] accumulator; requires |sum| <= 2^31 q
/// per lane.
#[inline(always)]
pub fn dot_finish<S: Avx2Ops>(s: S, (even, sum_odd): (S::V, S::V)) -> S::V {
    // t = low32(sum) QINV: `vpmuldq` reads each sum's low 32 bits.
    let qinv = s.set1_epi32(QINV);
    let t_even = s.mul_epi32(even, qinv);
    let t_odd = s.mul_epi32(sum_odd, qinv);
    finish(s, even, sum_odd, t_even, t_odd)
}

/// (sum_j a_j o b_j - x o y) * 2^-32 on vector i of the polynomials, the
/// term x o y where `minus` is (x, y): exact 64-bit sums, one reduction per
/// lane. Requires |sum| <= 2^31 q per lane.
#[inline(always)]
pub fn pointwise_acc<S: Avx2Ops, P: Coeffs<S::Lane>>(
    s: S,
    a: &[P],
    b: &[P],
    minus: Option<(&P, &P)>,
    i: usize,
) -> S::V {
    let mut acc = (s.setzero_si256(), s.setzero_si256());
    for (x, y) in a.iter().zip(b) {
        acc = dot_step(s, acc, s.load(x.coeffs(), i), s.load(y.coeffs(), i));
    }
    if let Some((x, y)) = minus {
        let minus_x = s.sub_epi32(s.setzero_si256(), s.load(x.coeffs(), i));
        acc = dot_step(s, acc, minus_x, s.load(y.coeffs(), i));
    }
    dot_finish(s, acc)
}

/// reduce32: a - round(a / 2^23) q, into [-6283009, 6283008].
#[inline(always)]
pub fn reduce32<S: LaneOps>(s: S, a: S::V) -> S::V {
    let t = s.srai_epi32::<23>(s.add_epi32(a, s.set1_epi32(1 << 22)));
    s.sub_epi32(a, s.mullo_epi32(t, s.set1_epi32(Q)))
}

/// a + q where a < 0.
#[inline(always)]
pub fn caddq<S: LaneOps>(s: S, a: S::V) -> S::V {
    s.add_epi32(a, s.and_si256(s.srai_epi32::<31>(a), s.set1_epi32(Q)))
}

/// reduce32 then caddq: the representative in [0, q).
#[inline(always)]
pub fn freeze<S: LaneOps>(s: S, a: S::V) -> S::V {
    caddq(s, reduce32(s, a))
}
