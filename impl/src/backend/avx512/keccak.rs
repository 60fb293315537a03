//! Four Keccak-f[1600] states side by side in `__m256i` (lane i of the four
//! states in one register), in the three-input form AVX-512 allows:
//! `vpternlogq` computes theta's five-way column sums in two instructions
//! and chi's `b0 ^ (!b1 & b2)` in one, and `vprolq` rotates in one (AVX2
//! needs two shifts and an or). About 95 vector instructions a round
//! against about 190 for the AVX2 form; with 32 registers the 25 lanes stay
//! in registers. SHAKE128x4 / SHAKE256x4 on top, and the one-state
//! permutation of the one-lane SHAKE in the same form.
//!
//! 256-bit registers, not eight states in 512-bit ones: on the AMD CPU this
//! backend was measured on (Zen 4), a 512-bit instruction costs two 256-bit
//! ones, and eight states took as long as two groups of four (400 ns
//! against 2 x 210 ns); the samplers are built around groups of four.

use core::arch::x86_64::*;

use crate::backend::avx2::{Isa, X4Permutation};
use crate::backend::keccak::wide::PermuteX;
#[cfg(feature = "internals")]
use crate::backend::keccak::wide::ShakeX;
use crate::backend::keccak::{Lanes, permute};

/// Calls an intrinsic or a `#[target_feature]` function from a method of a
/// token below.
macro_rules! avx512vl {
    ($e:expr) => {
        // SAFETY: a token exists, so this CPU has AVX2, AVX-512 F and VL;
        // the call has no other requirement.
        unsafe { $e }
    };
}

/// A token for one vector type, with Keccak's lane operations in
/// three-input form.
macro_rules! ternary_lanes {
    ($doc:literal, $token:ident, $v:ty, $set1:ident, $xor:ident, $ternary:ident, $rol:ident) => {
        #[doc = $doc]
        #[derive(Clone, Copy, Debug)]
        pub struct $token(());

        impl $token {
            /// The token, inside code compiled and reached with the
            /// features.
            ///
            /// # Safety
            /// Outside a function with them enabled, callable only in
            /// `unsafe`: the caller must have checked that the CPU has them.
            #[inline]
            #[target_feature(enable = "avx2,avx512f,avx512vl")]
            pub fn new() -> $token {
                $token(())
            }
        }

        impl Lanes for $token {
            type V = $v;

            #[inline(always)]
            fn splat(self, rc: u64) -> $v {
                avx512vl!($set1(rc as i64))
            }

            #[inline(always)]
            fn xor(self, x: $v, y: $v) -> $v {
                avx512vl!($xor(x, y))
            }

            /// One `vprolq`.
            #[inline(always)]
            fn rotl<const L: i32, const R: i32>(self, x: $v) -> $v {
                avx512vl!($rol::<L>(x))
            }

            /// One `vpternlogq`.
            #[inline(always)]
            fn chi(self, _k: usize, x: $v, y: $v, z: $v) -> $v {
                avx512vl!($ternary::<0xD2>(x, y, z))
            }

            /// Two `vpternlogq`.
            #[inline(always)]
            fn xor5(self, a: $v, b: $v, c: $v, d: $v, e: $v) -> $v {
                let abc = avx512vl!($ternary::<0x96>(a, b, c));
                avx512vl!($ternary::<0x96>(abc, d, e))
            }
        }
    };
}

ternary_lanes!(
    "Four states, lane i of each in one `__m256i`: proof that the CPU has \
     AVX2, AVX-512 F and VL.",
    X4,
    __m256i,
    _mm256_set1_epi64x,
    _mm256_xor_si256,
    _mm256_ternarylogic_epi64,
    _mm256_rol_epi64
);

ternary_lanes!(
    "One state in the low halves of `__m128i`: proof that the CPU has AVX2, \
     AVX-512 F and VL.",
    X1,
    __m128i,
    _mm_set1_epi64x,
    _mm_xor_si128,
    _mm_ternarylogic_epi64,
    _mm_rol_epi64
);

/// `Keccak-f[1600]` on four interleaved states.
///
/// # Safety
/// The CPU must have AVX2, AVX-512 F and VL (a `#[target_feature]`
/// function).
#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub fn keccak_f1600_x4(state: &mut [__m256i; 25]) {
    permute(X4::new(), state)
}

/// `Keccak-f[1600]` on one state in the low lanes of `state`.
#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
fn keccak_f1600_x1_xmm(state: &mut [__m128i; 25]) {
    permute(X1::new(), state)
}

/// `Keccak-f[1600]` on one state, in the low lanes of 25 `__m128i`: the same
/// instruction count as four states (the vector units, not the lanes, are
/// the limit), about a quarter faster than the scalar permutation here.
///
/// # Safety
/// The CPU must have AVX2, AVX-512 F and VL.
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub fn keccak_f1600_x1(state: &mut [u64; 25]) {
    let mut v = [_mm_setzero_si128(); 25];
    for (x, &lane) in v.iter_mut().zip(state.iter()) {
        *x = _mm_cvtsi64_si128(lane as i64);
    }
    keccak_f1600_x1_xmm(&mut v);
    for (lane, x) in state.iter_mut().zip(v) {
        *lane = _mm_cvtsi128_si64(x) as u64;
    }
}

/// Four SHAKE sponges with a rate of `RATE` bytes, advanced together: the
/// AVX2 backend's sponge over this module's permutation.
#[cfg(feature = "internals")]
pub type ShakeX4<const RATE: usize> = ShakeX<Isa, X4, 4, RATE>;

impl X4Permutation for X4 {
    #[inline(always)]
    fn detect() -> Option<X4> {
        if super::available() {
            // SAFETY: the CPU has the backend's features, AVX2, AVX-512 F
            // and VL among them, checked just above.
            Some(unsafe { X4::new() })
        } else {
            None
        }
    }

    #[inline(always)]
    fn avx2(self) -> Isa {
        avx512vl!(Isa::new())
    }
}

impl PermuteX<__m256i> for X4 {
    #[inline(always)]
    fn keccak_f(self, state: &mut [__m256i; 25]) {
        avx512vl!(keccak_f1600_x4(state))
    }
}
