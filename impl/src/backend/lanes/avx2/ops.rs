//! The AVX2 intrinsics the arithmetic kernels use, as the methods of one
//! trait.
//!
//! The instance that runs is `crate::backend::avx2::Avx2Intrinsics`: each method is
//! the intrinsic, and a value of that type exists only where the CPU has
//! AVX2. The `lemmas` crate's instance gives each method the semantics of
//! Intel's pseudocode, lane by lane, and evaluates it on plain integers (to
//! test it against the instruction), on z3 bit-vectors and on intervals (to
//! prove the kernels).

use crate::params::N;

/// The lane-wise 32-bit operations of [`Avx2Ops`], each named after its
/// `_mm256_` intrinsic: all that the rounding kernels, reduce32 and caddq
/// use. The AVX-512 backend's instance runs the `_mm512_` form of each on
/// 16 lanes, so that those kernels serve both widths.
pub trait LaneOps: Copy {
    /// A register: eight (or, for AVX-512, 16) 32-bit lanes.
    type V: Copy;

    /// `_mm256_set1_epi32`.
    fn set1_epi32(self, x: i32) -> Self::V;
    /// `_mm256_setzero_si256`.
    fn setzero_si256(self) -> Self::V;

    /// `_mm256_add_epi32`: a + b mod 2^32 in each 32-bit lane.
    fn add_epi32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_sub_epi32`: a - b mod 2^32 in each 32-bit lane.
    fn sub_epi32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_mullo_epi32`: the low 32 bits of a * b in each 32-bit lane.
    fn mullo_epi32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_srai_epi32`: arithmetic shift right by `K` (0 <= K < 32).
    fn srai_epi32<const K: i32>(self, a: Self::V) -> Self::V;
    /// `_mm256_slli_epi32`: shift left by `K` (0 <= K < 32).
    fn slli_epi32<const K: i32>(self, a: Self::V) -> Self::V;
    /// `_mm256_and_si256`.
    fn and_si256(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_andnot_si256`: (not a) and b.
    fn andnot_si256(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_or_si256`.
    fn or_si256(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_xor_si256`.
    fn xor_si256(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_cmpeq_epi32`: all ones where a = b, else zero.
    fn cmpeq_epi32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_cmpgt_epi32`: all ones where a > b (signed), else zero.
    fn cmpgt_epi32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_abs_epi32`: |a| (|-2^31| wraps to -2^31).
    fn abs_epi32(self, a: Self::V) -> Self::V;
}

/// One AVX2 register file: 256-bit registers (`V`, eight 32-bit or four
/// 64-bit lanes) and the intrinsics on them, each named after its
/// `_mm256_` intrinsic.
pub trait Avx2Ops: LaneOps {
    /// A coefficient in memory: `i32` on the CPU, a symbolic lane in a model.
    type Lane: Copy;

    /// `_mm256_loadu_si256` of coefficients 8i .. 8i + 8.
    fn load(self, coeffs: &[Self::Lane; N], i: usize) -> Self::V;
    /// `_mm256_storeu_si256` of `v` to coefficients 8i .. 8i + 8.
    fn store(self, coeffs: &mut [Self::Lane; N], i: usize, v: Self::V);
    /// `_mm256_loadu_si256` of a row of a constant table.
    fn load_row(self, row: &[i32; 8]) -> Self::V;
    /// `_mm256_mul_epi32`: the 64-bit product of the sign-extended even
    /// 32-bit lanes (0, 2, 4, 6), in the four 64-bit lanes.
    fn mul_epi32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_add_epi64`: a + b mod 2^64 in each 64-bit lane.
    fn add_epi64(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_sub_epi64`: a - b mod 2^64 in each 64-bit lane.
    fn sub_epi64(self, a: Self::V, b: Self::V) -> Self::V;

    /// `_mm256_shuffle_epi32`: in each 128-bit half, lane i takes lane
    /// `(IMM >> 2i) & 3` of the same half.
    fn shuffle_epi32<const IMM: i32>(self, a: Self::V) -> Self::V;
    /// `_mm256_blend_epi32`: lane i from b where bit i of `IMM` is set,
    /// else from a.
    fn blend_epi32<const IMM: i32>(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_permute2x128_si256`: each 128-bit half of the result is
    /// the half of a or b (or zero) that its 4 bits of `IMM` select.
    fn permute2x128_si256<const IMM: i32>(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_unpacklo_epi32`: in each half, a0 b0 a1 b1.
    fn unpacklo_epi32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_unpackhi_epi32`: in each half, a2 b2 a3 b3.
    fn unpackhi_epi32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_unpacklo_epi64`: in each half, the low 64-bit lanes of a, b.
    fn unpacklo_epi64(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_unpackhi_epi64`: in each half, the high 64-bit lanes of a, b.
    fn unpackhi_epi64(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_shuffle_ps` on integer registers (between
    /// `_mm256_castsi256_ps` and `_mm256_castps_si256`, which emit nothing):
    /// in each half, `a[IMM bits 1:0]`, `a[3:2]`, `b[5:4]`, `b[7:6]`.
    fn shuffle_ps<const IMM: i32>(self, a: Self::V, b: Self::V) -> Self::V;

    /// A kernel's precondition on the 64-bit lanes of `v`: lo <= lane <= hi.
    /// Nothing on the CPU; the interval model fails if a caller can break
    /// it.
    #[inline(always)]
    fn requires_epi64(self, v: Self::V, lo: i64, hi: i64) {
        let _ = (v, lo, hi);
    }
}

/// The AVX2 intrinsics on sixteen 16-bit lanes that the small NTT mod
/// p = 7681 uses (`Backend::small_ntt`, `Backend::small_product`), each
/// named after its `_mm256_` intrinsic. The AVX-512 backend runs the AVX2
/// instance's compiled transforms.
pub trait SmallOps: Copy {
    /// A register: sixteen 16-bit lanes.
    type V: Copy;
    /// A value in memory: `i16` on the CPU, a symbolic lane in a model.
    type Lane: Copy;

    /// `_mm256_set1_epi16`.
    fn set1_epi16(self, x: i16) -> Self::V;
    /// `_mm256_loadu_si256` of values 16i .. 16i + 16.
    fn load_epi16(self, values: &[Self::Lane; N], i: usize) -> Self::V;
    /// `_mm256_storeu_si256` of `v` to values 16i .. 16i + 16.
    fn store_epi16(self, values: &mut [Self::Lane; N], i: usize, v: Self::V);
    /// `_mm256_loadu_si256` of a row of a constant table.
    fn load_row_epi16(self, row: &[i16; 16]) -> Self::V;
    /// Coefficients 16i .. 16i + 16 narrowed to 16 bits, in order: two
    /// `_mm256_loadu_si256` of eight, `_mm256_packs_epi32` (each 32-bit
    /// lane saturated to 16 bits, the operands' 128-bit halves interleaved),
    /// `_mm256_permute4x64_epi64::<0xD8>` (the 64-bit lanes back in order).
    fn load_narrow(self, coeffs: &[i32; N], i: usize) -> Self::V;
    /// The lanes of `v` sign-extended to coefficients 16i .. 16i + 16:
    /// `_mm256_cvtepi16_epi32` of each 128-bit half (`_mm256_castsi256_si128`,
    /// `_mm256_extracti128_si256::<1>`), two `_mm256_storeu_si256`.
    fn store_wide(self, coeffs: &mut [i32; N], i: usize, v: Self::V);
    /// `_mm256_add_epi16`: a + b mod 2^16 in each 16-bit lane.
    fn add_epi16(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_sub_epi16`: a - b mod 2^16 in each 16-bit lane.
    fn sub_epi16(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_mullo_epi16`: the low 16 bits of a * b in each lane.
    fn mullo_epi16(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_mulhi_epi16`: the high 16 bits of the signed a * b.
    fn mulhi_epi16(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_srai_epi16`: arithmetic shift right by `K` (0 <= K < 16).
    fn srai_epi16<const K: i32>(self, a: Self::V) -> Self::V;
    /// `_mm256_unpacklo_epi16`: in each 128-bit half, a0 b0 a1 b1 .. a3 b3.
    fn unpacklo_epi16(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_unpackhi_epi16`: in each half, a4 b4 .. a7 b7.
    fn unpackhi_epi16(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_unpacklo_epi32`: in each half, the 32-bit lanes a0 b0 a1 b1.
    fn unpacklo_epi32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_unpackhi_epi32`: in each half, the 32-bit lanes a2 b2 a3 b3.
    fn unpackhi_epi32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_unpacklo_epi64`: in each half, the low 64 bits of a, b.
    fn unpacklo_epi64(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_unpackhi_epi64`: in each half, the high 64 bits of a, b.
    fn unpackhi_epi64(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_permute2x128_si256`: each 128-bit half of the result is
    /// the half of a or b (or zero) that its 4 bits of `IMM` select.
    fn permute2x128_si256<const IMM: i32>(self, a: Self::V, b: Self::V) -> Self::V;

    /// `step(v)`, a step proven lane by lane equal to a portable one that
    /// z3 proves in range, [lo, hi], for every input (`Half::proven_step`):
    /// the step itself on the CPU; the z3 model runs it and proves the
    /// range again, the interval model takes [lo, hi] in every lane.
    #[inline(always)]
    fn proven_epi16(
        self,
        v: Self::V,
        step: impl FnOnce(Self::V) -> Self::V,
        lo: i16,
        hi: i16,
    ) -> Self::V {
        let _ = (lo, hi);
        step(v)
    }
}
