//! The NEON intrinsics the arithmetic kernels use, as the methods of one
//! trait.
//!
//! The instance that runs is `crate::backend::neon::NeonIntrinsics`: each method is
//! the intrinsic (NEON is part of every target that backend is built for).
//! The `lemmas` crate's instance gives each method the semantics of Arm's
//! pseudocode, lane by lane, and evaluates it on plain integers (to test it
//! against the instruction under qemu), on z3 bit-vectors and on intervals
//! (to prove the kernels).

use crate::params::N;

/// One NEON register file and the intrinsics on it, each named after its
/// intrinsic. `V` is `int32x4_t`, `U` `uint32x4_t`, `D` `int64x2_t` and
/// `H` `int32x2_t` (the `vreinterpret` casts between them emit nothing).
pub trait NeonOps: Copy {
    /// Four signed 32-bit lanes.
    type V: Copy;
    /// Four unsigned 32-bit lanes (comparison masks).
    type U: Copy;
    /// Two signed 64-bit lanes.
    type D: Copy;
    /// Two signed 32-bit lanes (a 64-bit register).
    type H: Copy;
    /// A coefficient in memory: `i32` on the CPU, a symbolic lane in a model.
    type Lane: Copy;

    /// `vld1q_s32` of coefficients 4i .. 4i + 4.
    fn load(self, coeffs: &[Self::Lane; N], i: usize) -> Self::V;
    /// `vst1q_s32` of `v` to coefficients 4i .. 4i + 4.
    fn store(self, coeffs: &mut [Self::Lane; N], i: usize, v: Self::V);
    /// `vld1q_s32` of a row of a constant table.
    fn load_row(self, row: &[i32; 4]) -> Self::V;
    /// `vld4q_s32` of coefficients 16b .. 16b + 16: coefficient 4i + k to
    /// lane i of register k.
    fn ld4(self, coeffs: &[Self::Lane; N], b: usize) -> [Self::V; 4];
    /// `vst4q_s32` to coefficients 16b .. 16b + 16: lane i of register k to
    /// coefficient 4i + k.
    fn st4(self, coeffs: &mut [Self::Lane; N], b: usize, v: [Self::V; 4]);

    /// `vdupq_n_s32`.
    fn vdupq_n_s32(self, x: i32) -> Self::V;
    /// `vdupq_n_u32`.
    fn vdupq_n_u32(self, x: u32) -> Self::U;
    /// `vdupq_n_s64`.
    fn vdupq_n_s64(self, x: i64) -> Self::D;
    /// `vdup_n_s32`.
    fn vdup_n_s32(self, x: i32) -> Self::H;

    /// `vaddq_s32`: a + b mod 2^32.
    fn vaddq_s32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vsubq_s32`: a - b mod 2^32.
    fn vsubq_s32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vmulq_s32`: the low 32 bits of a * b.
    fn vmulq_s32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vmlaq_s32`: a + b * c mod 2^32.
    fn vmlaq_s32(self, a: Self::V, b: Self::V, c: Self::V) -> Self::V;
    /// `vmlsq_s32`: a - b * c mod 2^32.
    fn vmlsq_s32(self, a: Self::V, b: Self::V, c: Self::V) -> Self::V;
    /// `vqdmulhq_s32`: the high 32 bits of 2 a b, saturated (only
    /// a = b = -2^31 saturates, to 2^31 - 1).
    fn vqdmulhq_s32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vqdmulhq_laneq_s32`: [`NeonOps::vqdmulhq_s32`] by lane `L` of b.
    fn vqdmulhq_laneq_s32<const L: i32>(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vmulq_laneq_s32`: [`NeonOps::vmulq_s32`] by lane `L` of b.
    fn vmulq_laneq_s32<const L: i32>(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vhsubq_s32`: (a - b) >> 1, computed without overflow.
    fn vhsubq_s32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vshrq_n_s32`: arithmetic shift right by `K` (1 <= K <= 32).
    fn vshrq_n_s32<const K: i32>(self, a: Self::V) -> Self::V;
    /// `vshlq_n_s32`: shift left by `K` (0 <= K < 32).
    fn vshlq_n_s32<const K: i32>(self, a: Self::V) -> Self::V;
    /// `vandq_s32`.
    fn vandq_s32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `veorq_s32`.
    fn veorq_s32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vabsq_s32`: |a| (|-2^31| wraps to -2^31).
    fn vabsq_s32(self, a: Self::V) -> Self::V;
    /// `vceqq_s32`: all ones where a = b.
    fn vceqq_s32(self, a: Self::V, b: Self::V) -> Self::U;
    /// `vcgeq_s32`: all ones where a >= b (signed).
    fn vcgeq_s32(self, a: Self::V, b: Self::V) -> Self::U;
    /// `vcgtzq_s32`: all ones where a > 0.
    fn vcgtzq_s32(self, a: Self::V) -> Self::U;
    /// `vorrq_u32`.
    fn vorrq_u32(self, a: Self::U, b: Self::U) -> Self::U;
    /// `vreinterpretq_s32_u32`.
    fn vreinterpretq_s32_u32(self, a: Self::U) -> Self::V;
    /// `vreinterpretq_u32_s32` (the lemmas' model check).
    #[cfg(feature = "internals")]
    fn vreinterpretq_u32_s32(self, a: Self::V) -> Self::U;

    /// `vget_low_s32`: lanes 0 and 1.
    fn vget_low_s32(self, a: Self::V) -> Self::H;
    /// `vmlal_s32`: acc + a * b, 64-bit lanes (mod 2^64), a and b
    /// sign-extended.
    fn vmlal_s32(self, acc: Self::D, a: Self::H, b: Self::H) -> Self::D;
    /// `vmlal_high_s32`: `vmlal_s32` on lanes 2 and 3 of a and b.
    fn vmlal_high_s32(self, acc: Self::D, a: Self::V, b: Self::V) -> Self::D;
    /// `vmlsl_s32`: acc - a * b, 64-bit lanes (mod 2^64).
    fn vmlsl_s32(self, acc: Self::D, a: Self::H, b: Self::H) -> Self::D;
    /// `vmlsl_high_s32`: `vmlsl_s32` on lanes 2 and 3 of a and b.
    fn vmlsl_high_s32(self, acc: Self::D, a: Self::V, b: Self::V) -> Self::D;
    /// `vuzp1q_s32`: the even lanes of a, then of b.
    fn vuzp1q_s32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vuzp2q_s32`: the odd lanes of a, then of b.
    fn vuzp2q_s32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vtrn1q_s32`: a0 b0 a2 b2.
    fn vtrn1q_s32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vtrn2q_s32`: a1 b1 a3 b3.
    fn vtrn2q_s32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vtrn1q_s64`: a0 b0 (64-bit lanes).
    fn vtrn1q_s64(self, a: Self::D, b: Self::D) -> Self::D;
    /// `vtrn2q_s64`: a1 b1 (64-bit lanes).
    fn vtrn2q_s64(self, a: Self::D, b: Self::D) -> Self::D;
    /// `vreinterpretq_s32_s64`.
    fn vreinterpretq_s32_s64(self, a: Self::D) -> Self::V;
    /// `vreinterpretq_s64_s32`.
    fn vreinterpretq_s64_s32(self, a: Self::V) -> Self::D;

    /// A kernel's precondition on the lane products: lo <= a_i b_i <= hi.
    /// Nothing on the CPU; the interval model fails if a caller can break
    /// it.
    #[inline(always)]
    fn requires_product(self, a: Self::V, b: Self::V, lo: i64, hi: i64) {
        let _ = (a, b, lo, hi);
    }
    /// [`NeonOps::requires_product`] with lane `L` of b in every lane.
    #[inline(always)]
    fn requires_product_lane<const L: i32>(self, a: Self::V, b: Self::V, lo: i64, hi: i64) {
        let _ = (a, b, lo, hi);
    }
    /// A kernel's precondition on 64-bit lanes: lo <= lane <= hi.
    #[inline(always)]
    fn requires_s64(self, v: Self::D, lo: i64, hi: i64) {
        let _ = (v, lo, hi);
    }
}
