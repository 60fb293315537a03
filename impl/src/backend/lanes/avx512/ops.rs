//! The AVX-512 intrinsics the arithmetic kernels use, as the methods of one
//! trait, the way `crate::backend::lanes::avx2::Avx2Ops` holds AVX2's.
//!
//! The instance that runs is `crate::backend::avx512::Avx512Intrinsics`: each method is its
//! intrinsic. The `lemmas` crate's instance gives each method the semantics
//! of Intel's pseudocode, lane by lane, and evaluates it on plain integers
//! (to test it against the instruction), on z3 bit-vectors and on
//! intervals (to prove the kernels), on any CPU.

use crate::params::N;

/// One AVX-512 register file: 512-bit registers ([`Avx512Ops::V`]) and the
/// intrinsics on them, each named after its `_mm512_` intrinsic.
pub trait Avx512Ops: Copy {
    /// A 512-bit register (`__m512i`): 16 32-bit or eight 64-bit lanes.
    type V: Copy;
    /// A coefficient in memory: `i32` on the CPU, a symbolic lane in a model.
    type Lane: Copy;

    /// `_mm512_loadu_si512` of coefficients 16i .. 16i + 16.
    fn load(self, coeffs: &[Self::Lane; N], i: usize) -> Self::V;
    /// `_mm512_storeu_si512` of `v` to coefficients 16i .. 16i + 16.
    fn store(self, coeffs: &mut [Self::Lane; N], i: usize, v: Self::V);
    /// `_mm512_loadu_si512` of a row of a constant table.
    fn load_row(self, row: &[i32; 16]) -> Self::V;
    /// `_mm512_set1_epi32`.
    fn set1_epi32(self, x: i32) -> Self::V;
    /// `_mm512_setzero_si512`.
    fn setzero(self) -> Self::V;

    /// `_mm512_add_epi32`: a + b mod 2^32 in each 32-bit lane.
    fn add_epi32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm512_sub_epi32`: a - b mod 2^32 in each 32-bit lane.
    fn sub_epi32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm512_mullo_epi32`: the low 32 bits of a * b in each 32-bit lane.
    fn mullo_epi32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm512_mul_epi32`: the 64-bit product of the sign-extended even
    /// 32-bit lanes (0, 2, .., 14), in the eight 64-bit lanes.
    fn mul_epi32(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm512_add_epi64`: a + b mod 2^64 in each 64-bit lane.
    fn add_epi64(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm512_sub_epi64`: a - b mod 2^64 in each 64-bit lane.
    fn sub_epi64(self, a: Self::V, b: Self::V) -> Self::V;

    /// `_mm512_shuffle_epi32`: in each 128-bit quarter, lane i takes lane
    /// `(IMM >> 2i) & 3` of the same quarter.
    fn shuffle_epi32<const IMM: i32>(self, a: Self::V) -> Self::V;
    /// `_mm512_mask_shuffle_epi32`: [`Avx512Ops::shuffle_epi32`] of `a` in
    /// the lanes whose bit of `K` is set, `src` in the others.
    fn mask_shuffle_epi32<const K: u16, const IMM: i32>(self, src: Self::V, a: Self::V) -> Self::V;
    /// `_mm512_permutex2var_epi32` (`vpermt2d`): lane i is lane
    /// `idx_i & 15` of a where bit 4 of `idx_i` is clear, of b where set.
    fn permutex2var_epi32(self, a: Self::V, idx: Self::V, b: Self::V) -> Self::V;

    /// A kernel's precondition on the 64-bit lanes of `v`: lo <= lane <= hi.
    /// Nothing on the CPU; the model checks it.
    #[inline(always)]
    fn requires_epi64(self, v: Self::V, lo: i64, hi: i64) {
        let _ = (v, lo, hi);
    }
}
