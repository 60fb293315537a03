//! Sixteen-lane Montgomery multiplication and the dot-product accumulator:
//! the AVX2 kernels' formulas (`crate::backend::lanes::avx2`) on 512-bit
//! registers, with the final odd/even merge as one masked shuffle.

use super::Avx512Ops;
use crate::backend::lanes::Coeffs;
use crate::backend::portable::{MONTGOMERY_BOUND, QINV};
use crate::params::{N, Q};

/// Moves the odd 32-bit lanes to the even positions: [x1, x1, x3, x3, ...].
#[inline(always)]
fn odd<S: Avx512Ops>(s: S, x: S::V) -> S::V {
    s.shuffle_epi32::<0xF5>(x)
}

/// Finishes a Montgomery reduction of 64-bit values: given the even-lane and
/// odd-lane 64-bit products (or sums of products) p and the 32-bit lanes
/// t = low32(p) * QINV mod 2^32, returns (p - t q) / 2^32 in 32-bit lanes.
/// p - t q is divisible by 2^32, so its high half is the result: the even
/// lanes take the high halves of r_even (one masked shuffle), the odd lanes
/// are already in place in r_odd.
#[inline(always)]
fn finish<S: Avx512Ops>(s: S, p_even: S::V, p_odd: S::V, t: S::V) -> S::V {
    s.requires_epi64(p_even, -MONTGOMERY_BOUND, MONTGOMERY_BOUND);
    s.requires_epi64(p_odd, -MONTGOMERY_BOUND, MONTGOMERY_BOUND);
    let q = s.set1_epi32(Q);
    let r_even = s.sub_epi64(p_even, s.mul_epi32(t, q));
    let r_odd = s.sub_epi64(p_odd, s.mul_epi32(odd(s, t), q));
    s.mask_shuffle_epi32::<0x5555, 0xF5>(r_odd, r_even)
}

/// A multiplier b in the three forms [`montgomery_mul_pre`] uses: b, its
/// odd lanes moved to the even positions (`odd(b)`), and b * QINV mod
/// 2^32. For constants (the zetas) all three are precomputed: a broadcast
/// constant is its own `odd`, and the per-lane zeta tables keep an odd
/// copy, which saves a shuffle per multiplication.
#[derive(Clone, Copy)]
pub struct Multiplier<V> {
    /// b.
    pub b: V,
    /// `odd(b)`: [b1, b1, b3, b3, ...] (only the even lanes are read).
    pub b_odd: V,
    /// b * QINV mod 2^32.
    pub b_qinv: V,
}

/// a * b * 2^-32 mod q lane by lane, for a multiplier b given in the forms
/// of [`Multiplier`]. Requires |a_i b_i| <= 2^31 q; |result| <= q. The same
/// value, bit for bit, as the portable `montgomery_mul`: the same t, the
/// same exact 64-bit difference.
#[inline(always)]
pub fn montgomery_mul_pre<S: Avx512Ops>(s: S, a: S::V, m: Multiplier<S::V>) -> S::V {
    let t = s.mullo_epi32(a, m.b_qinv);
    let p_even = s.mul_epi32(a, m.b);
    let p_odd = s.mul_epi32(odd(s, a), m.b_odd);
    finish(s, p_even, p_odd, t)
}

/// a * b * 2^-32 mod q lane by lane, for |a_i b_i| <= 2^31 q; |result| <= q.
#[inline(always)]
pub fn montgomery_mul<S: Avx512Ops>(s: S, a: S::V, b: S::V) -> S::V {
    let m = Multiplier {
        b,
        b_odd: odd(s, b),
        b_qinv: s.mullo_epi32(b, s.set1_epi32(QINV)),
    };
    montgomery_mul_pre(s, a, m)
}

/// c = a o b * 2^-32, 16 coefficients at a time.
#[inline(always)]
pub fn pointwise<S: Avx512Ops, P: Coeffs<S::Lane>>(s: S, c: &mut [S::Lane; N], a: &P, b: &P) {
    for i in 0..N / 16 {
        let v = montgomery_mul(s, s.load(a.coeffs(), i), s.load(b.coeffs(), i));
        s.store(c, i, v);
    }
}

/// sum * 2^-32 mod q lane by lane, for 64-bit sums given as the even
/// lanes' (`even`) and the odd lanes' (`sum_odd`); requires |sum| <= 2^31 q
/// per lane.
#[inline(always)]
pub fn dot_finish<S: Avx512Ops>(s: S, even: S::V, sum_odd: S::V) -> S::V {
    // The low 32 bits of each sum, back in lane order: the odd lanes
    // take the low halves of the odd sums.
    let low = s.mask_shuffle_epi32::<0xAAAA, 0xA0>(even, sum_odd);
    let t = s.mullo_epi32(low, s.set1_epi32(QINV));
    finish(s, even, sum_odd, t)
}

/// c = sum_j a_j o b_j * 2^-32: exact 64-bit sums (even lanes and odd
/// lanes apart), one reduction per lane. Requires |sum| <= 2^31 q per lane.
#[inline(always)]
pub fn pointwise_acc<S: Avx512Ops, P: Coeffs<S::Lane>>(
    s: S,
    c: &mut [S::Lane; N],
    a: &[P],
    b: &[P],
) {
    for i in 0..N / 16 {
        let (mut even, mut sum_odd) = (s.setzero(), s.setzero());
        for (x, y) in a.iter().zip(b) {
            let (x, y) = (s.load(x.coeffs(), i), s.load(y.coeffs(), i));
            even = s.add_epi64(even, s.mul_epi32(x, y));
            sum_odd = s.add_epi64(sum_odd, s.mul_epi32(odd(s, x), odd(s, y)));
        }
        s.store(c, i, dot_finish(s, even, sum_odd));
    }
}
