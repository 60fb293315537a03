//! The instance of [`NeonOps`] that runs: each method is its intrinsic.
//! NEON is part of every target this backend is compiled for, so the token
//! [`NeonIntrinsics`] carries no CPU check.

use core::arch::aarch64::*;

use crate::backend::lanes::neon::NeonOps;
use crate::params::N;

/// Calls a NEON intrinsic.
macro_rules! neon {
    ($e:expr) => {
        // SAFETY: NEON is a target feature of this build (the module is
        // compiled only with `cfg(target_feature = "neon")`).
        unsafe { $e }
    };
}

/// The NEON intrinsics as [`NeonOps`].
#[derive(Clone, Copy, Debug)]
pub struct NeonIntrinsics;

impl NeonOps for NeonIntrinsics {
    type V = int32x4_t;
    type U = uint32x4_t;
    type D = int64x2_t;
    type H = int32x2_t;
    type Lane = i32;

    #[inline(always)]
    fn load(self, coeffs: &[i32; N], i: usize) -> int32x4_t {
        let chunk = &coeffs[4 * i..4 * i + 4];
        // SAFETY: `chunk` is 4 readable i32; ld1 has no alignment need.
        unsafe { vld1q_s32(chunk.as_ptr()) }
    }

    #[inline(always)]
    fn store(self, coeffs: &mut [i32; N], i: usize, v: int32x4_t) {
        let chunk = &mut coeffs[4 * i..4 * i + 4];
        // SAFETY: `chunk` is 4 writable i32; st1 has no alignment need.
        unsafe { vst1q_s32(chunk.as_mut_ptr(), v) }
    }

    #[inline(always)]
    fn load_row(self, row: &[i32; 4]) -> int32x4_t {
        // SAFETY: `row` is 4 readable i32.
        unsafe { vld1q_s32(row.as_ptr()) }
    }

    #[inline(always)]
    fn ld4(self, coeffs: &[i32; N], b: usize) -> [int32x4_t; 4] {
        let block = &coeffs[16 * b..16 * b + 16];
        // SAFETY: `block` is 16 readable i32.
        let x = unsafe { vld4q_s32(block.as_ptr()) };
        [x.0, x.1, x.2, x.3]
    }

    #[inline(always)]
    fn st4(self, coeffs: &mut [i32; N], b: usize, v: [int32x4_t; 4]) {
        let block = &mut coeffs[16 * b..16 * b + 16];
        // SAFETY: `block` is 16 writable i32.
        unsafe { vst4q_s32(block.as_mut_ptr(), int32x4x4_t(v[0], v[1], v[2], v[3])) }
    }

    intrinsic_methods! { neon;
        vdupq_n_s32(x: i32) -> int32x4_t = vdupq_n_s32;
        vdupq_n_u32(x: u32) -> uint32x4_t = vdupq_n_u32;
        vdupq_n_s64(x: i64) -> int64x2_t = vdupq_n_s64;
        vdup_n_s32(x: i32) -> int32x2_t = vdup_n_s32;
        vaddq_s32(a: int32x4_t, b: int32x4_t) -> int32x4_t = vaddq_s32;
        vsubq_s32(a: int32x4_t, b: int32x4_t) -> int32x4_t = vsubq_s32;
        vmulq_s32(a: int32x4_t, b: int32x4_t) -> int32x4_t = vmulq_s32;
        vmlaq_s32(a: int32x4_t, b: int32x4_t, c: int32x4_t) -> int32x4_t = vmlaq_s32;
        vmlsq_s32(a: int32x4_t, b: int32x4_t, c: int32x4_t) -> int32x4_t = vmlsq_s32;
        vqdmulhq_s32(a: int32x4_t, b: int32x4_t) -> int32x4_t = vqdmulhq_s32;
        vqdmulhq_laneq_s32<L>(a: int32x4_t, b: int32x4_t) -> int32x4_t = vqdmulhq_laneq_s32;
        vmulq_laneq_s32<L>(a: int32x4_t, b: int32x4_t) -> int32x4_t = vmulq_laneq_s32;
        vhsubq_s32(a: int32x4_t, b: int32x4_t) -> int32x4_t = vhsubq_s32;
        vshrq_n_s32<K>(a: int32x4_t) -> int32x4_t = vshrq_n_s32;
        vshlq_n_s32<K>(a: int32x4_t) -> int32x4_t = vshlq_n_s32;
        vandq_s32(a: int32x4_t, b: int32x4_t) -> int32x4_t = vandq_s32;
        veorq_s32(a: int32x4_t, b: int32x4_t) -> int32x4_t = veorq_s32;
        vabsq_s32(a: int32x4_t) -> int32x4_t = vabsq_s32;
        vceqq_s32(a: int32x4_t, b: int32x4_t) -> uint32x4_t = vceqq_s32;
        vcgeq_s32(a: int32x4_t, b: int32x4_t) -> uint32x4_t = vcgeq_s32;
        vcgtzq_s32(a: int32x4_t) -> uint32x4_t = vcgtzq_s32;
        vorrq_u32(a: uint32x4_t, b: uint32x4_t) -> uint32x4_t = vorrq_u32;
        vreinterpretq_s32_u32(a: uint32x4_t) -> int32x4_t = vreinterpretq_s32_u32;
    }

    #[cfg(feature = "internals")]
    intrinsic_methods! { neon;
        vreinterpretq_u32_s32(a: int32x4_t) -> uint32x4_t = vreinterpretq_u32_s32;
    }

    intrinsic_methods! { neon;
        vget_low_s32(a: int32x4_t) -> int32x2_t = vget_low_s32;
        vmlal_s32(acc: int64x2_t, a: int32x2_t, b: int32x2_t) -> int64x2_t = vmlal_s32;
        vmlal_high_s32(acc: int64x2_t, a: int32x4_t, b: int32x4_t) -> int64x2_t = vmlal_high_s32;
        vmlsl_s32(acc: int64x2_t, a: int32x2_t, b: int32x2_t) -> int64x2_t = vmlsl_s32;
        vmlsl_high_s32(acc: int64x2_t, a: int32x4_t, b: int32x4_t) -> int64x2_t = vmlsl_high_s32;
        vuzp1q_s32(a: int32x4_t, b: int32x4_t) -> int32x4_t = vuzp1q_s32;
        vuzp2q_s32(a: int32x4_t, b: int32x4_t) -> int32x4_t = vuzp2q_s32;
        vtrn1q_s32(a: int32x4_t, b: int32x4_t) -> int32x4_t = vtrn1q_s32;
        vtrn2q_s32(a: int32x4_t, b: int32x4_t) -> int32x4_t = vtrn2q_s32;
        vtrn1q_s64(a: int64x2_t, b: int64x2_t) -> int64x2_t = vtrn1q_s64;
        vtrn2q_s64(a: int64x2_t, b: int64x2_t) -> int64x2_t = vtrn2q_s64;
        vreinterpretq_s32_s64(a: int64x2_t) -> int32x4_t = vreinterpretq_s32_s64;
        vreinterpretq_s64_s32(a: int32x4_t) -> int64x2_t = vreinterpretq_s64_s32;
    }
}

/// Loads lanes 4i .. 4i+4 of a polynomial.
#[inline]
#[target_feature(enable = "neon")]
pub fn load(coeffs: &[i32; N], i: usize) -> int32x4_t {
    NeonIntrinsics.load(coeffs, i)
}

/// Stores 4 lanes at 4i .. 4i+4 of a polynomial.
#[inline]
#[target_feature(enable = "neon")]
pub fn store(coeffs: &mut [i32; N], i: usize, v: int32x4_t) {
    NeonIntrinsics.store(coeffs, i, v)
}
