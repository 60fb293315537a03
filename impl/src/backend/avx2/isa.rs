//! The instance of [`Avx2Ops`] that runs: each method is its intrinsic.
//!
//! [`Avx2Intrinsics`] is a token: a value exists only where the CPU has AVX2, because
//! the one way to make it, [`Avx2Intrinsics::new`], is a `#[target_feature(enable =
//! "avx2")]` function, which safe code can call only from code that already
//! runs with AVX2 (after the backend's CPU check), and [`Avx2Intrinsics::detect`]
//! checks the CPU itself. Each method can therefore call its intrinsic.

use core::arch::x86_64::*;

use crate::backend::lanes::avx2::{Avx2Ops, LaneOps, SmallOps};
use crate::params::N;

/// Proof that this CPU has AVX2; the AVX2 intrinsics as [`Avx2Ops`].
#[derive(Clone, Copy, Debug)]
pub struct Avx2Intrinsics(());

impl Avx2Intrinsics {
    /// The token, inside code compiled and reached with AVX2.
    ///
    /// # Safety
    ///
    /// Outside a function with AVX2 enabled, callable only in `unsafe`:
    /// the caller must have checked that the CPU has AVX2.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub fn new() -> Avx2Intrinsics {
        Avx2Intrinsics(())
    }

    /// The 32 bytes of `v` (8 i32 or 16 i16) as a register.
    #[inline(always)]
    fn loadu<T: Int, const K: usize>(self, v: &[T; K]) -> __m256i {
        const { assert!(K * size_of::<T>() == 32) };
        // SAFETY: `v` is 32 readable bytes (the assertion, at compile
        // time); loadu has no alignment need; the CPU has AVX2 (`self`
        // exists).
        unsafe { _mm256_loadu_si256(v.as_ptr().cast()) }
    }

    /// `x` written over the 32 bytes of `v` (8 i32 or 16 i16).
    #[inline(always)]
    fn storeu<T: Int, const K: usize>(self, v: &mut [T; K], x: __m256i) {
        const { assert!(K * size_of::<T>() == 32) };
        // SAFETY: `v` is 32 writable bytes (the assertion, at compile
        // time) of integers, for which every bit pattern is a value;
        // storeu has no alignment need; the CPU has AVX2 (`self` exists).
        unsafe { _mm256_storeu_si256(v.as_mut_ptr().cast(), x) }
    }

    /// The token if this CPU has AVX2 (`super::available`).
    #[inline(always)]
    pub fn detect() -> Option<Avx2Intrinsics> {
        super::available().then_some(Avx2Intrinsics(()))
    }
}

/// Calls an AVX2 intrinsic: every method below holds an `Avx2Intrinsics`, so the CPU
/// has AVX2.
macro_rules! avx2 {
    ($e:expr) => {
        // SAFETY: an `Avx2Intrinsics` exists, so this CPU has AVX2 (see the module
        // documentation); the intrinsic has no other requirement.
        unsafe { $e }
    };
}

/// Methods that are each one intrinsic on their `__m256i` operands:
/// `name(operands) = intrinsic`, and `name<IMM>` passes the method's
/// immediate on to the intrinsic.
macro_rules! intrinsics {
    ($($name:ident $(<$imm:ident>)? ($($arg:ident),*) = $intrinsic:ident;)*) => {$(
        #[inline(always)]
        fn $name$(<const $imm: i32>)?(self, $($arg: __m256i),*) -> __m256i {
            avx2!($intrinsic$(::<$imm>)?($($arg),*))
        }
    )*};
}

impl LaneOps for Avx2Intrinsics {
    type V = __m256i;

    #[inline(always)]
    fn set1_epi32(self, x: i32) -> __m256i {
        avx2!(_mm256_set1_epi32(x))
    }

    intrinsics! {
        setzero_si256() = _mm256_setzero_si256;
        add_epi32(a, b) = _mm256_add_epi32;
        sub_epi32(a, b) = _mm256_sub_epi32;
        mullo_epi32(a, b) = _mm256_mullo_epi32;
        srai_epi32<K>(a) = _mm256_srai_epi32;
        slli_epi32<K>(a) = _mm256_slli_epi32;
        and_si256(a, b) = _mm256_and_si256;
        andnot_si256(a, b) = _mm256_andnot_si256;
        or_si256(a, b) = _mm256_or_si256;
        xor_si256(a, b) = _mm256_xor_si256;
        cmpeq_epi32(a, b) = _mm256_cmpeq_epi32;
        cmpgt_epi32(a, b) = _mm256_cmpgt_epi32;
        abs_epi32(a) = _mm256_abs_epi32;
    }
}

impl Avx2Ops for Avx2Intrinsics {
    type Lane = i32;

    #[inline(always)]
    fn load(self, coeffs: &[i32; N], i: usize) -> __m256i {
        self.loadu(&coeffs.as_chunks::<8>().0[i])
    }

    #[inline(always)]
    fn store(self, coeffs: &mut [i32; N], i: usize, v: __m256i) {
        self.storeu(&mut coeffs.as_chunks_mut::<8>().0[i], v)
    }

    #[inline(always)]
    fn load_row(self, row: &[i32; 8]) -> __m256i {
        self.loadu(row)
    }

    intrinsics! {
        mul_epi32(a, b) = _mm256_mul_epi32;
        add_epi64(a, b) = _mm256_add_epi64;
        sub_epi64(a, b) = _mm256_sub_epi64;
        shuffle_epi32<IMM>(a) = _mm256_shuffle_epi32;
        blend_epi32<IMM>(a, b) = _mm256_blend_epi32;
        permute2x128_si256<IMM>(a, b) = _mm256_permute2x128_si256;
        unpacklo_epi32(a, b) = _mm256_unpacklo_epi32;
        unpackhi_epi32(a, b) = _mm256_unpackhi_epi32;
        unpacklo_epi64(a, b) = _mm256_unpacklo_epi64;
        unpackhi_epi64(a, b) = _mm256_unpackhi_epi64;
    }

    #[inline(always)]
    fn shuffle_ps<const IMM: i32>(self, a: __m256i, b: __m256i) -> __m256i {
        let a = avx2!(_mm256_castsi256_ps(a));
        let b = avx2!(_mm256_castsi256_ps(b));
        let r = avx2!(_mm256_shuffle_ps::<IMM>(a, b));
        avx2!(_mm256_castps_si256(r))
    }
}

impl SmallOps for Avx2Intrinsics {
    type V = __m256i;
    type Lane = i16;

    #[inline(always)]
    fn set1_epi16(self, x: i16) -> __m256i {
        avx2!(_mm256_set1_epi16(x))
    }

    #[inline(always)]
    fn load_epi16(self, values: &[i16; N], i: usize) -> __m256i {
        self.loadu(&values.as_chunks::<16>().0[i])
    }

    #[inline(always)]
    fn store_epi16(self, values: &mut [i16; N], i: usize, v: __m256i) {
        self.storeu(&mut values.as_chunks_mut::<16>().0[i], v)
    }

    #[inline(always)]
    fn load_row_epi16(self, row: &[i16; 16]) -> __m256i {
        self.loadu(row)
    }

    #[inline(always)]
    fn load_narrow(self, coeffs: &[i32; N], i: usize) -> __m256i {
        let (lo, hi) = (self.load(coeffs, 2 * i), self.load(coeffs, 2 * i + 1));
        // packs interleaves the 128-bit halves: 0-3, 8-11, 4-7, 12-15.
        avx2!(_mm256_permute4x64_epi64::<0xD8>(_mm256_packs_epi32(lo, hi)))
    }

    #[inline(always)]
    fn store_wide(self, coeffs: &mut [i32; N], i: usize, v: __m256i) {
        let lo = avx2!(_mm256_cvtepi16_epi32(_mm256_castsi256_si128(v)));
        let hi = avx2!(_mm256_cvtepi16_epi32(_mm256_extracti128_si256::<1>(v)));
        self.store(coeffs, 2 * i, lo);
        self.store(coeffs, 2 * i + 1, hi);
    }

    intrinsics! {
        add_epi16(a, b) = _mm256_add_epi16;
        sub_epi16(a, b) = _mm256_sub_epi16;
        mullo_epi16(a, b) = _mm256_mullo_epi16;
        mulhi_epi16(a, b) = _mm256_mulhi_epi16;
        srai_epi16<K>(a) = _mm256_srai_epi16;
        unpacklo_epi16(a, b) = _mm256_unpacklo_epi16;
        unpackhi_epi16(a, b) = _mm256_unpackhi_epi16;
        unpacklo_epi32(a, b) = _mm256_unpacklo_epi32;
        unpackhi_epi32(a, b) = _mm256_unpackhi_epi32;
        unpacklo_epi64(a, b) = _mm256_unpacklo_epi64;
        unpackhi_epi64(a, b) = _mm256_unpackhi_epi64;
        permute2x128_si256<IMM>(a, b) = _mm256_permute2x128_si256;
    }
}

/// Loads lanes i*8 .. i*8+8 of a polynomial.
#[inline]
#[target_feature(enable = "avx2")]
pub fn load(coeffs: &[i32; N], i: usize) -> __m256i {
    Avx2Intrinsics::new().load(coeffs, i)
}

/// Stores 8 lanes at i*8 .. i*8+8 of a polynomial.
#[inline]
#[target_feature(enable = "avx2")]
pub fn store(coeffs: &mut [i32; N], i: usize, v: __m256i) {
    Avx2Intrinsics::new().store(coeffs, i, v)
}

/// The lane types the loads and stores move: integers, for which every
/// bit pattern is a value.
trait Int: Copy {}
impl Int for i16 {}
impl Int for i32 {}
