//! Four-lane modular arithmetic on `int32x4_t`.
//!
//! Montgomery multiplication uses the doubling high products of `sqdmulh`:
//! hi(2ab) - hi(2tq) = 2 (ab - tq) / 2^32 exactly, because 2ab and 2tq agree
//! in their low 33 bits, so a halving subtract gives the same result as the
//! portable `montgomery_reduce`, bit for bit.

use super::NeonOps;
use crate::backend::lanes::Coeffs;
use crate::backend::portable::{MONTGOMERY_BOUND, QINV};
use crate::params::Q;

/// a * b * 2^-32 mod q lane by lane, given b_qinv = b * QINV mod 2^32 (for
/// constants such as the zetas, precomputed). Requires |a_i b_i| <= 2^31 q;
/// |result| <= q.
#[inline]
pub fn montgomery_mul_pre<S: NeonOps>(s: S, a: S::V, b: S::V, b_qinv: S::V) -> S::V {
    s.requires_product(a, b, -MONTGOMERY_BOUND, MONTGOMERY_BOUND);
    let hi = s.vqdmulhq_s32(a, b);
    let t = s.vmulq_s32(a, b_qinv);
    let tq = s.vqdmulhq_s32(t, s.vdupq_n_s32(Q));
    s.vhsubq_s32(hi, tq)
}

/// a * b * 2^-32 mod q lane by lane, for |a_i b_i| <= 2^31 q; |result| <= q.
#[inline]
pub fn montgomery_mul<S: NeonOps>(s: S, a: S::V, b: S::V) -> S::V {
    montgomery_mul_pre(s, a, b, s.vmulq_s32(b, s.vdupq_n_s32(QINV)))
}

/// zeta * x with zeta lane L of `z` (and zeta * QINV lane L of `zq`): the
/// by-element forms of `sqdmulh` and `mul`, so one table load serves four
/// zetas.
#[inline]
pub fn mul_lane<S: NeonOps, const L: i32>(s: S, x: S::V, z: S::V, zq: S::V) -> S::V {
    s.requires_product_lane::<L>(x, z, -MONTGOMERY_BOUND, MONTGOMERY_BOUND);
    let hi = s.vqdmulhq_laneq_s32::<L>(x, z);
    let t = s.vmulq_laneq_s32::<L>(x, zq);
    s.vhsubq_s32(hi, s.vqdmulhq_s32(t, s.vdupq_n_s32(Q)))
}

/// sum_j a_j * b_j * 2^-32 mod q, accumulating exact 64-bit products first
/// (`smlal` / `smlal2`, low and high halves); requires |sum| <= 2^31 q.
pub struct DotAcc<S: NeonOps> {
    /// The sums of lanes 0 and 1.
    pub lo: S::D,
    /// The sums of lanes 2 and 3.
    pub hi: S::D,
}

impl<S: NeonOps> DotAcc<S> {
    /// Zero sums.
    #[inline]
    pub fn new(s: S) -> Self {
        DotAcc {
            lo: s.vdupq_n_s64(0),
            hi: s.vdupq_n_s64(0),
        }
    }

    /// Adds the lane products x * y.
    #[inline]
    pub fn add(&mut self, s: S, x: S::V, y: S::V) {
        self.lo = s.vmlal_s32(self.lo, s.vget_low_s32(x), s.vget_low_s32(y));
        self.hi = s.vmlal_high_s32(self.hi, x, y);
    }

    /// The Montgomery reduction of the sums: t = low32(sum) * QINV, and
    /// sum - t q has zero low halves, so its high halves are the result.
    #[inline]
    pub fn reduce(self, s: S) -> S::V {
        s.requires_s64(self.lo, -MONTGOMERY_BOUND, MONTGOMERY_BOUND);
        s.requires_s64(self.hi, -MONTGOMERY_BOUND, MONTGOMERY_BOUND);
        let low = s.vuzp1q_s32(
            s.vreinterpretq_s32_s64(self.lo),
            s.vreinterpretq_s32_s64(self.hi),
        );
        let t = s.vmulq_s32(low, s.vdupq_n_s32(QINV));
        let lo = s.vmlsl_s32(self.lo, s.vget_low_s32(t), s.vdup_n_s32(Q));
        let hi = s.vmlsl_high_s32(self.hi, t, s.vdupq_n_s32(Q));
        s.vuzp2q_s32(s.vreinterpretq_s32_s64(lo), s.vreinterpretq_s32_s64(hi))
    }
}

/// sum_j a_j o b_j * 2^-32 on vector i of the polynomials. Requires |sum| <= 2^31 q per lane.
#[inline]
pub fn pointwise_acc<S: NeonOps, P: Coeffs<S::Lane>>(s: S, a: &[P], b: &[P], i: usize) -> S::V {
    let mut acc = DotAcc::new(s);
    for (x, y) in a.iter().zip(b) {
        acc.add(s, s.load(x.coeffs(), i), s.load(y.coeffs(), i));
    }
    acc.reduce(s)
}

/// reduce32: a - round(a / 2^23) q, into [-6283009, 6283008].
#[inline]
pub fn reduce32<S: NeonOps>(s: S, a: S::V) -> S::V {
    let t = s.vshrq_n_s32::<23>(s.vaddq_s32(a, s.vdupq_n_s32(1 << 22)));
    s.vmlsq_s32(a, t, s.vdupq_n_s32(Q))
}

/// a + q where a < 0.
#[inline]
pub fn caddq<S: NeonOps>(s: S, a: S::V) -> S::V {
    s.vaddq_s32(a, s.vandq_s32(s.vshrq_n_s32::<31>(a), s.vdupq_n_s32(Q)))
}

/// reduce32 then caddq: the representative in [0, q).
#[inline]
pub fn freeze<S: NeonOps>(s: S, a: S::V) -> S::V {
    caddq(s, reduce32(s, a))
}
