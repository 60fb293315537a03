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

    #[inline(always)]
    fn vdupq_n_s32(self, x: i32) -> int32x4_t {
        neon!(vdupq_n_s32(x))
    }

    #[inline(always)]
    fn vdupq_n_u32(self, x: u32) -> uint32x4_t {
        neon!(vdupq_n_u32(x))
    }

    #[inline(always)]
    fn vdupq_n_s64(self, x: i64) -> int64x2_t {
        neon!(vdupq_n_s64(x))
    }

    #[inline(always)]
    fn vdup_n_s32(self, x: i32) -> int32x2_t {
        neon!(vdup_n_s32(x))
    }

    #[inline(always)]
    fn vaddq_s32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        neon!(vaddq_s32(a, b))
    }

    #[inline(always)]
    fn vsubq_s32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        neon!(vsubq_s32(a, b))
    }

    #[inline(always)]
    fn vmulq_s32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        neon!(vmulq_s32(a, b))
    }

    #[inline(always)]
    fn vmlaq_s32(self, a: int32x4_t, b: int32x4_t, c: int32x4_t) -> int32x4_t {
        neon!(vmlaq_s32(a, b, c))
    }

    #[inline(always)]
    fn vmlsq_s32(self, a: int32x4_t, b: int32x4_t, c: int32x4_t) -> int32x4_t {
        neon!(vmlsq_s32(a, b, c))
    }

    #[inline(always)]
    fn vqdmulhq_s32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        neon!(vqdmulhq_s32(a, b))
    }

    #[inline(always)]
    fn vqdmulhq_laneq_s32<const L: i32>(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        neon!(vqdmulhq_laneq_s32::<L>(a, b))
    }

    #[inline(always)]
    fn vmulq_laneq_s32<const L: i32>(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        neon!(vmulq_laneq_s32::<L>(a, b))
    }

    #[inline(always)]
    fn vhsubq_s32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        neon!(vhsubq_s32(a, b))
    }

    #[inline(always)]
    fn vshrq_n_s32<const K: i32>(self, a: int32x4_t) -> int32x4_t {
        neon!(vshrq_n_s32::<K>(a))
    }

    #[inline(always)]
    fn vshlq_n_s32<const K: i32>(self, a: int32x4_t) -> int32x4_t {
        neon!(vshlq_n_s32::<K>(a))
    }

    #[inline(always)]
    fn vandq_s32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        neon!(vandq_s32(a, b))
    }

    #[inline(always)]
    fn veorq_s32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        neon!(veorq_s32(a, b))
    }

    #[inline(always)]
    fn vabsq_s32(self, a: int32x4_t) -> int32x4_t {
        neon!(vabsq_s32(a))
    }

    #[inline(always)]
    fn vceqq_s32(self, a: int32x4_t, b: int32x4_t) -> uint32x4_t {
        neon!(vceqq_s32(a, b))
    }

    #[inline(always)]
    fn vcgeq_s32(self, a: int32x4_t, b: int32x4_t) -> uint32x4_t {
        neon!(vcgeq_s32(a, b))
    }

    #[inline(always)]
    fn vcgtzq_s32(self, a: int32x4_t) -> uint32x4_t {
        neon!(vcgtzq_s32(a))
    }

    #[inline(always)]
    fn vorrq_u32(self, a: uint32x4_t, b: uint32x4_t) -> uint32x4_t {
        neon!(vorrq_u32(a, b))
    }

    #[inline(always)]
    fn vreinterpretq_s32_u32(self, a: uint32x4_t) -> int32x4_t {
        neon!(vreinterpretq_s32_u32(a))
    }

    #[cfg(feature = "internals")]
    #[inline(always)]
    fn vreinterpretq_u32_s32(self, a: int32x4_t) -> uint32x4_t {
        neon!(vreinterpretq_u32_s32(a))
    }

    #[inline(always)]
    fn vget_low_s32(self, a: int32x4_t) -> int32x2_t {
        neon!(vget_low_s32(a))
    }

    #[inline(always)]
    fn vmlal_s32(self, acc: int64x2_t, a: int32x2_t, b: int32x2_t) -> int64x2_t {
        neon!(vmlal_s32(acc, a, b))
    }

    #[inline(always)]
    fn vmlal_high_s32(self, acc: int64x2_t, a: int32x4_t, b: int32x4_t) -> int64x2_t {
        neon!(vmlal_high_s32(acc, a, b))
    }

    #[inline(always)]
    fn vmlsl_s32(self, acc: int64x2_t, a: int32x2_t, b: int32x2_t) -> int64x2_t {
        neon!(vmlsl_s32(acc, a, b))
    }

    #[inline(always)]
    fn vmlsl_high_s32(self, acc: int64x2_t, a: int32x4_t, b: int32x4_t) -> int64x2_t {
        neon!(vmlsl_high_s32(acc, a, b))
    }

    #[inline(always)]
    fn vuzp1q_s32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        neon!(vuzp1q_s32(a, b))
    }

    #[inline(always)]
    fn vuzp2q_s32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        neon!(vuzp2q_s32(a, b))
    }

    #[inline(always)]
    fn vtrn1q_s32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        neon!(vtrn1q_s32(a, b))
    }

    #[inline(always)]
    fn vtrn2q_s32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        neon!(vtrn2q_s32(a, b))
    }

    #[inline(always)]
    fn vtrn1q_s64(self, a: int64x2_t, b: int64x2_t) -> int64x2_t {
        neon!(vtrn1q_s64(a, b))
    }

    #[inline(always)]
    fn vtrn2q_s64(self, a: int64x2_t, b: int64x2_t) -> int64x2_t {
        neon!(vtrn2q_s64(a, b))
    }

    #[inline(always)]
    fn vreinterpretq_s32_s64(self, a: int64x2_t) -> int32x4_t {
        neon!(vreinterpretq_s32_s64(a))
    }

    #[inline(always)]
    fn vreinterpretq_s64_s32(self, a: int32x4_t) -> int64x2_t {
        neon!(vreinterpretq_s64_s32(a))
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
