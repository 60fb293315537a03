//! Four-lane modular arithmetic on `int32x4_t`.
//!
//! Every function here is `#[target_feature(enable = "neon")]`; NEON is part
//! of the AArch64 targets this backend is compiled for (the module is behind
//! `cfg(target_feature = "neon")`).
//!
//! Montgomery multiplication uses the doubling high products of `sqdmulh`:
//! hi(2ab) - hi(2tq) = 2 (ab - tq) / 2^32 exactly, because 2ab and 2tq agree
//! in their low 33 bits, so a halving subtract gives the same result as the
//! portable `montgomery_reduce`, bit for bit.

use core::arch::aarch64::*;

use crate::backend::portable::QINV;
use crate::params::Q;

/// a * b * 2^-32 mod q lane by lane, given b_qinv = b * QINV mod 2^32 (for
/// constants such as the zetas, precomputed). Requires |a_i b_i| <= 2^31 q;
/// |result| <= q.
#[inline]
#[target_feature(enable = "neon")]
pub fn montgomery_mul_pre(a: int32x4_t, b: int32x4_t, b_qinv: int32x4_t) -> int32x4_t {
    let hi = vqdmulhq_s32(a, b);
    let t = vmulq_s32(a, b_qinv);
    let tq = vqdmulhq_s32(t, vdupq_n_s32(Q));
    vhsubq_s32(hi, tq)
}

/// a * b * 2^-32 mod q lane by lane, for |a_i b_i| <= 2^31 q; |result| <= q.
#[inline]
#[target_feature(enable = "neon")]
pub fn montgomery_mul(a: int32x4_t, b: int32x4_t) -> int32x4_t {
    montgomery_mul_pre(a, b, vmulq_s32(b, vdupq_n_s32(QINV)))
}

/// sum_j a_j * b_j * 2^-32 mod q, accumulating exact 64-bit products first
/// (`smlal` / `smlal2`, low and high halves); requires |sum| <= 2^31 q.
#[derive(Clone, Copy)]
pub struct DotAcc {
    lo: int64x2_t,
    hi: int64x2_t,
}

impl DotAcc {
    #[inline]
    #[target_feature(enable = "neon")]
    pub fn new() -> Self {
        DotAcc {
            lo: vdupq_n_s64(0),
            hi: vdupq_n_s64(0),
        }
    }

    /// Adds the lane products x * y.
    #[inline]
    #[target_feature(enable = "neon")]
    pub fn add(&mut self, x: int32x4_t, y: int32x4_t) {
        self.lo = vmlal_s32(self.lo, vget_low_s32(x), vget_low_s32(y));
        self.hi = vmlal_high_s32(self.hi, x, y);
    }

    /// The Montgomery reduction of the sums: t = low32(sum) * QINV, and
    /// sum - t q has zero low halves, so its high halves are the result.
    #[inline]
    #[target_feature(enable = "neon")]
    pub fn reduce(self) -> int32x4_t {
        let low = vuzp1q_s32(
            vreinterpretq_s32_s64(self.lo),
            vreinterpretq_s32_s64(self.hi),
        );
        let t = vmulq_s32(low, vdupq_n_s32(QINV));
        let lo = vmlsl_s32(self.lo, vget_low_s32(t), vdup_n_s32(Q));
        let hi = vmlsl_high_s32(self.hi, t, vdupq_n_s32(Q));
        vuzp2q_s32(vreinterpretq_s32_s64(lo), vreinterpretq_s32_s64(hi))
    }
}

/// reduce32: a - round(a / 2^23) q, into [-6283009, 6283008].
#[inline]
#[target_feature(enable = "neon")]
pub fn reduce32(a: int32x4_t) -> int32x4_t {
    let t = vshrq_n_s32::<23>(vaddq_s32(a, vdupq_n_s32(1 << 22)));
    vmlsq_s32(a, t, vdupq_n_s32(Q))
}

/// a + q where a < 0.
#[inline]
#[target_feature(enable = "neon")]
pub fn caddq(a: int32x4_t) -> int32x4_t {
    vaddq_s32(a, vandq_s32(vshrq_n_s32::<31>(a), vdupq_n_s32(Q)))
}

/// Loads lanes 4i .. 4i+4 of a polynomial.
#[inline]
#[target_feature(enable = "neon")]
pub fn load(coeffs: &[i32; 256], i: usize) -> int32x4_t {
    let chunk = &coeffs[4 * i..4 * i + 4];
    // SAFETY: `chunk` is 4 readable i32; ld1 has no alignment need.
    unsafe { vld1q_s32(chunk.as_ptr()) }
}

/// Stores 4 lanes at 4i .. 4i+4 of a polynomial.
#[inline]
#[target_feature(enable = "neon")]
pub fn store(coeffs: &mut [i32; 256], i: usize, v: int32x4_t) {
    let chunk = &mut coeffs[4 * i..4 * i + 4];
    // SAFETY: `chunk` is 4 writable i32; st1 has no alignment need.
    unsafe { vst1q_s32(chunk.as_mut_ptr(), v) }
}

/// Loads four i32 from a table row.
#[inline]
#[target_feature(enable = "neon")]
pub fn lanes(t: &[i32; 4]) -> int32x4_t {
    // SAFETY: `t` is 4 readable i32.
    unsafe { vld1q_s32(t.as_ptr()) }
}
