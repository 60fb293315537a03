//! The instance of [`Avx512Ops`] that runs: each method is its intrinsic.
//!
//! [`Avx512Intrinsics`] is a token: a value exists only where the CPU has the
//! backend's features, because the one way to make it, [`Avx512Intrinsics::new`], is
//! a `#[target_feature]` function, which safe code can call only from code
//! that already runs with those features (after the backend's CPU check).
//! [`Avx512Intrinsics::detect`] checks the CPU itself. Each method can therefore call
//! its intrinsic.

use core::arch::x86_64::*;

use crate::backend::lanes::avx2::LaneOps;
use crate::backend::lanes::avx512::Avx512Ops;
use crate::params::N;

/// Proof that this CPU has AVX-512 F (and the rest of the backend's
/// features); the AVX-512 intrinsics as [`Avx512Ops`].
#[derive(Clone, Copy, Debug)]
pub struct Avx512Intrinsics(());

impl Avx512Intrinsics {
    /// The token, inside code compiled and reached with AVX-512.
    ///
    /// # Safety
    ///
    /// Outside a function with AVX-512 F enabled, callable only in
    /// `unsafe`: the caller must have checked that the CPU has it.
    #[inline]
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512dq")]
    pub fn new() -> Avx512Intrinsics {
        Avx512Intrinsics(())
    }

    /// The token if this CPU runs the AVX-512 backend (`super::available`):
    /// the lemmas' way to the instructions.
    #[cfg(feature = "internals")]
    #[inline(always)]
    pub fn detect() -> Option<Avx512Intrinsics> {
        super::available().then_some(Avx512Intrinsics(()))
    }
}

/// Calls an AVX-512 intrinsic: every method below holds an `Avx512Intrinsics`, so
/// the CPU has AVX-512 F.
macro_rules! avx512 {
    ($e:expr) => {
        // SAFETY: an `Avx512Intrinsics` exists, so this CPU has AVX-512 F (see the
        // module documentation); the intrinsic has no other requirement.
        unsafe { $e }
    };
}

impl Avx512Ops for Avx512Intrinsics {
    type V = __m512i;
    type Lane = i32;

    #[inline(always)]
    fn load(self, coeffs: &[i32; N], i: usize) -> __m512i {
        self.load_row(&coeffs.as_chunks::<16>().0[i])
    }

    #[inline(always)]
    fn store(self, coeffs: &mut [i32; N], i: usize, v: __m512i) {
        let chunk: &mut [i32; 16] = &mut coeffs.as_chunks_mut::<16>().0[i];
        // SAFETY: `chunk` is 16 writable i32 (64 bytes); storeu has no
        // alignment need; the CPU has AVX-512 F (an `Avx512Intrinsics` exists).
        unsafe { _mm512_storeu_si512(chunk.as_mut_ptr().cast(), v) }
    }

    #[inline(always)]
    fn load_row(self, row: &[i32; 16]) -> __m512i {
        // SAFETY: `row` is 16 readable i32 (64 bytes); loadu has no
        // alignment need; the CPU has AVX-512 F (an `Avx512Intrinsics` exists).
        unsafe { _mm512_loadu_si512(row.as_ptr().cast()) }
    }

    #[inline(always)]
    fn set1_epi32(self, x: i32) -> __m512i {
        avx512!(_mm512_set1_epi32(x))
    }

    #[inline(always)]
    fn setzero(self) -> __m512i {
        avx512!(_mm512_setzero_si512())
    }

    intrinsic_methods! { avx512;
        add_epi32(a: __m512i, b: __m512i) -> __m512i = _mm512_add_epi32;
        sub_epi32(a: __m512i, b: __m512i) -> __m512i = _mm512_sub_epi32;
        mullo_epi32(a: __m512i, b: __m512i) -> __m512i = _mm512_mullo_epi32;
        mul_epi32(a: __m512i, b: __m512i) -> __m512i = _mm512_mul_epi32;
        add_epi64(a: __m512i, b: __m512i) -> __m512i = _mm512_add_epi64;
        sub_epi64(a: __m512i, b: __m512i) -> __m512i = _mm512_sub_epi64;
    }

    #[inline(always)]
    fn shuffle_epi32<const IMM: i32>(self, a: __m512i) -> __m512i {
        avx512!(_mm512_shuffle_epi32::<IMM>(a))
    }

    #[inline(always)]
    fn mask_shuffle_epi32<const K: u16, const IMM: i32>(self, src: __m512i, a: __m512i) -> __m512i {
        avx512!(_mm512_mask_shuffle_epi32::<IMM>(src, K, a))
    }

    #[inline(always)]
    fn permutex2var_epi32(self, a: __m512i, idx: __m512i, b: __m512i) -> __m512i {
        avx512!(_mm512_permutex2var_epi32(a, idx, b))
    }
}

/// The lane-wise operations on 16 lanes: each method runs the `_mm512_`
/// form of the `_mm256_` intrinsic it is named after (comparisons through
/// a mask register, expanded back to all-ones lanes), so that the AVX2
/// backend's rounding kernels, reduce32 and caddq run on `__m512i`.
impl LaneOps for Avx512Intrinsics {
    type V = __m512i;

    #[inline(always)]
    fn set1_epi32(self, x: i32) -> __m512i {
        avx512!(_mm512_set1_epi32(x))
    }

    #[inline(always)]
    fn setzero_si256(self) -> __m512i {
        avx512!(_mm512_setzero_si512())
    }

    intrinsic_methods! { avx512;
        add_epi32(a: __m512i, b: __m512i) -> __m512i = _mm512_add_epi32;
        sub_epi32(a: __m512i, b: __m512i) -> __m512i = _mm512_sub_epi32;
        mullo_epi32(a: __m512i, b: __m512i) -> __m512i = _mm512_mullo_epi32;
        and_si256(a: __m512i, b: __m512i) -> __m512i = _mm512_and_si512;
        andnot_si256(a: __m512i, b: __m512i) -> __m512i = _mm512_andnot_si512;
        or_si256(a: __m512i, b: __m512i) -> __m512i = _mm512_or_si512;
        xor_si256(a: __m512i, b: __m512i) -> __m512i = _mm512_xor_si512;
    }

    // The shift counts as a vector: `_mm512_srai_epi32` takes its count as
    // a `u32` constant, which `K` cannot become. LLVM emits the
    // immediate form for a constant count.
    #[inline(always)]
    fn srai_epi32<const K: i32>(self, a: __m512i) -> __m512i {
        avx512!(_mm512_srav_epi32(a, _mm512_set1_epi32(K)))
    }

    #[inline(always)]
    fn slli_epi32<const K: i32>(self, a: __m512i) -> __m512i {
        avx512!(_mm512_sllv_epi32(a, _mm512_set1_epi32(K)))
    }

    #[inline(always)]
    fn cmpeq_epi32(self, a: __m512i, b: __m512i) -> __m512i {
        avx512!(_mm512_movm_epi32(_mm512_cmpeq_epi32_mask(a, b)))
    }

    #[inline(always)]
    fn cmpgt_epi32(self, a: __m512i, b: __m512i) -> __m512i {
        avx512!(_mm512_movm_epi32(_mm512_cmpgt_epi32_mask(a, b)))
    }

    #[inline(always)]
    fn abs_epi32(self, a: __m512i) -> __m512i {
        avx512!(_mm512_abs_epi32(a))
    }
}
