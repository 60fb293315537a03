//! Four Keccak-f[1600] states side by side in `__m256i` (lane i of the four
//! states in one register), in the three-input form AVX-512 allows:
//! `vpternlogq` computes theta's five-way column sums in two instructions
//! and chi's `b0 ^ (!b1 & b2)` in one, and `vprolq` rotates in one (AVX2
//! needs two shifts and an or). About 95 vector instructions a round
//! against about 190 for the AVX2 form; with 32 registers the 25 lanes stay
//! in registers. SHAKE128x4 / SHAKE256x4 on top, and the one-state
//! permutation of the one-lane SHAKE in the same form.
//!
//! ExpandA, the one sampler with more than four independent sponges to
//! run, also has eight states side by side in `__m512i` (SHAKE128x8):
//! where the CPU runs 512-bit instructions at full width, eight states take
//! about a quarter less time per state than two groups of four; where a
//! 512-bit instruction costs two 256-bit ones, the same time. The other
//! samplers stay in groups of four.

use core::arch::x86_64::*;

use crate::backend::avx2::{Avx2Intrinsics, X4Permutation};
use crate::backend::keccak::wide::{PermuteCarry, PermuteX, ShakeX, Wide};
use crate::backend::keccak::{
    KECCAK_RC, ScalarLanes, TernaryForm, TernaryOps, lanes_by_form, permute, permute_pair_with,
};
use crate::backend::{Carry, PairX4, XofX8, cold};

/// Calls an intrinsic or a `#[target_feature]` function from a method of a
/// token below.
macro_rules! avx512vl {
    ($e:expr) => {
        // SAFETY: a token exists, so this CPU has AVX2, AVX-512 F and VL;
        // the call has no other requirement.
        unsafe { $e }
    };
}

/// A token for one vector type: its intrinsics as [`TernaryOps`], and
/// Keccak's lane operations in three-input form ([`TernaryForm`]).
macro_rules! ternary_lanes {
    (
        $doc:literal, $token:ident, $v:ty, $set1:ident, $xor:ident, $ternary:ident, $rol:ident,
        $lanes:literal, $load:expr, $store:expr
    ) => {
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

            /// The token if this CPU runs the AVX-512 backend.
            #[cfg(feature = "internals")]
            pub fn detect() -> Option<$token> {
                // SAFETY: the CPU has the backend's features, AVX2,
                // AVX-512 F and VL among them, checked first.
                super::available().then(|| unsafe { $token::new() })
            }

            /// The register holding the first words of `words` (a
            /// `loadu`): the model checks' way in.
            #[cfg(feature = "internals")]
            pub fn load(self, words: &[u64; 8]) -> $v {
                let words = &words[..$lanes];
                // SAFETY: `words` holds the register's size; loadu has no
                // alignment need; a token exists, so the CPU has AVX-512.
                unsafe { $load(words.as_ptr().cast()) }
            }

            /// The register's lanes, then zeros (a `storeu`).
            #[cfg(feature = "internals")]
            pub fn store(self, v: $v) -> [u64; 8] {
                let mut words = [0; 8];
                // SAFETY: `words` holds the register's size; storeu has no
                // alignment need; a token exists.
                unsafe { $store(words[..$lanes].as_mut_ptr().cast(), v) };
                words
            }
        }

        impl TernaryOps for $token {
            type V = $v;

            #[inline(always)]
            fn set1_epi64(self, x: i64) -> $v {
                avx512vl!($set1(x))
            }

            #[inline(always)]
            fn xor(self, a: $v, b: $v) -> $v {
                avx512vl!($xor(a, b))
            }

            #[inline(always)]
            fn ternarylogic_epi64<const IMM: i32>(self, a: $v, b: $v, c: $v) -> $v {
                avx512vl!($ternary::<IMM>(a, b, c))
            }

            #[inline(always)]
            fn rol_epi64<const IMM: i32>(self, a: $v) -> $v {
                avx512vl!($rol::<IMM>(a))
            }
        }

        lanes_by_form!($token, TernaryForm);
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
    _mm256_rol_epi64,
    4,
    _mm256_loadu_si256,
    _mm256_storeu_si256
);

ternary_lanes!(
    "One state in the low halves of `__m128i`: proof that the CPU has AVX2, \
     AVX-512 F and VL.",
    X1,
    __m128i,
    _mm_set1_epi64x,
    _mm_xor_si128,
    _mm_ternarylogic_epi64,
    _mm_rol_epi64,
    2,
    _mm_loadu_si128,
    _mm_storeu_si128
);

ternary_lanes!(
    "Eight states, lane i of each in one `__m512i`: proof that the CPU has \
     AVX2, AVX-512 F and VL.",
    X8,
    __m512i,
    _mm512_set1_epi64,
    _mm512_xor_si512,
    _mm512_ternarylogic_epi64,
    _mm512_rol_epi64,
    8,
    _mm512_loadu_si512,
    _mm512_storeu_si512
);

/// `Keccak-f[1600]` on four interleaved states.
///
/// # Safety
/// The CPU must have AVX2, AVX-512 F and VL (a `#[target_feature]`
/// function).
#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub fn keccak_f1600_x4(state: &mut [__m256i; 25]) {
    permute(TernaryForm(X4::new()), state)
}

/// `Keccak-f[1600]` on one state in the low lanes of `state`.
#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
fn keccak_f1600_x1_xmm(state: &mut [__m128i; 25]) {
    permute(TernaryForm(X1::new()), state)
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
pub type ShakeX4<const RATE: usize> = ShakeX<Avx2Intrinsics, X4, 4, RATE>;

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
    fn avx2(self) -> Avx2Intrinsics {
        avx512vl!(Avx2Intrinsics::new())
    }
}

impl PermuteX<__m256i> for X4 {
    #[inline(always)]
    fn keccak_f(self, state: &mut [__m256i; 25]) {
        avx512vl!(keccak_f1600_x4(state))
    }
}

/// `Keccak-f[1600]` on eight interleaved states.
///
/// # Safety
/// The CPU must have AVX2, AVX-512 F and VL (a `#[target_feature]`
/// function).
#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub fn keccak_f1600_x8(state: &mut [__m512i; 25]) {
    permute(TernaryForm(X8::new()), state)
}

impl PermuteX<__m512i> for X8 {
    #[inline(always)]
    fn keccak_f(self, state: &mut [__m512i; 25]) {
        avx512vl!(keccak_f1600_x8(state))
    }
}

/// [`keccak_f1600_x8`] with one scalar state permuted beside the eight,
/// round by round ([`permute_pair_with`]; the lane-complementing scalar
/// rounds, which need no BMI1, are faster here than BMI1's `andn` or
/// and-not as not and and): the scalar state runs in the units the vector
/// rounds leave idle, for under 40 % of its time apart.
///
/// # Safety
/// The CPU must have AVX2, AVX-512 F and VL (a `#[target_feature]`
/// function).
#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub fn keccak_f1600_x8_carry(state: &mut [__m512i; 25], one: &mut [u64; 25]) {
    permute_pair_with(
        TernaryForm(X8::new()),
        state,
        ScalarLanes::<true, u64>::new(),
        one,
        &KECCAK_RC,
    )
}

impl PermuteCarry<__m512i> for X8 {
    #[inline(always)]
    fn keccak_f_carry(self, state: &mut [__m512i; 25], one: &mut [u64; 25]) {
        avx512vl!(keccak_f1600_x8_carry(state, one))
    }
}

/// The `vpermt2q` indices of the second and third steps of an 8 x 8
/// transpose (see [`X8::transpose`]).
const PAIRS_LO: [i64; 8] = [0, 1, 8, 9, 4, 5, 12, 13];
const PAIRS_HI: [i64; 8] = [2, 3, 10, 11, 6, 7, 14, 15];
const HALVES_LO: [i64; 8] = [0, 1, 2, 3, 8, 9, 10, 11];
const HALVES_HI: [i64; 8] = [4, 5, 6, 7, 12, 13, 14, 15];

impl X8 {
    /// The indices `idx` as a vector.
    #[inline(always)]
    fn indices(self, idx: &[i64; 8]) -> __m512i {
        // SAFETY: `idx` is 64 readable bytes; loadu has no alignment need;
        // the CPU has AVX-512 F (an `X8` exists).
        unsafe { _mm512_loadu_si512(idx.as_ptr().cast()) }
    }

    /// Lanes of `a` (index j) and `b` (8 + j) picked by `idx`.
    #[inline(always)]
    fn pick(self, a: __m512i, idx: &[i64; 8], b: __m512i) -> __m512i {
        avx512vl!(_mm512_permutex2var_epi64(a, self.indices(idx), b))
    }
}

impl Wide<8> for X8 {
    #[inline(always)]
    fn gather(self, words: [u64; 8]) -> __m512i {
        // SAFETY: `words` is 64 readable bytes; loadu has no alignment need;
        // the CPU has AVX-512 F (an `X8` exists).
        unsafe { _mm512_loadu_si512(words.as_ptr().cast()) }
    }

    #[inline(always)]
    fn scatter(self, v: __m512i, words: &mut [u64; 8]) {
        // SAFETY: `words` is 64 writable bytes; storeu has no alignment
        // need; the CPU has AVX-512 F (an `X8` exists).
        unsafe { _mm512_storeu_si512(words.as_mut_ptr().cast(), v) }
    }

    #[inline(always)]
    fn with_features<R>(self, f: impl FnOnce() -> R) -> R {
        #[inline]
        #[target_feature(enable = "avx2,avx512f,avx512vl")]
        fn run<R>(f: impl FnOnce() -> R) -> R {
            f()
        }
        // SAFETY: an `X8` exists, so the CPU has AVX2, AVX-512 F and VL.
        unsafe { run(f) }
    }

    /// Rows r0 .. r7 (row k: lane i + k of the eight states) to columns
    /// (column s: lanes i .. i + 8 of state s): pairs of rows interleaved,
    /// then pairs of pairs, then halves.
    #[inline(always)]
    fn transpose(self, r: [__m512i; 8]) -> [__m512i; 8] {
        // t[2m]: rows 2m, 2m + 1 at the even columns; t[2m + 1]: the odd.
        let lo = |a, b| avx512vl!(_mm512_unpacklo_epi64(a, b));
        let hi = |a, b| avx512vl!(_mm512_unpackhi_epi64(a, b));
        let t = [
            lo(r[0], r[1]),
            hi(r[0], r[1]),
            lo(r[2], r[3]),
            hi(r[2], r[3]),
            lo(r[4], r[5]),
            hi(r[4], r[5]),
            lo(r[6], r[7]),
            hi(r[6], r[7]),
        ];
        // u[c]: rows 0 .. 4 of columns c and c + 4 (c < 4, from t[0..4]);
        // u[4 + c]: rows 4 .. 8 of the same columns (from t[4..8]).
        let u = [
            self.pick(t[0], &PAIRS_LO, t[2]),
            self.pick(t[1], &PAIRS_LO, t[3]),
            self.pick(t[0], &PAIRS_HI, t[2]),
            self.pick(t[1], &PAIRS_HI, t[3]),
            self.pick(t[4], &PAIRS_LO, t[6]),
            self.pick(t[5], &PAIRS_LO, t[7]),
            self.pick(t[4], &PAIRS_HI, t[6]),
            self.pick(t[5], &PAIRS_HI, t[7]),
        ];
        [
            self.pick(u[0], &HALVES_LO, u[4]),
            self.pick(u[1], &HALVES_LO, u[5]),
            self.pick(u[2], &HALVES_LO, u[6]),
            self.pick(u[3], &HALVES_LO, u[7]),
            self.pick(u[0], &HALVES_HI, u[4]),
            self.pick(u[1], &HALVES_HI, u[5]),
            self.pick(u[2], &HALVES_HI, u[6]),
            self.pick(u[3], &HALVES_HI, u[7]),
        ]
    }

    #[inline(always)]
    fn store(self, v: __m512i, dst: &mut [u8]) {
        let dst = &mut dst[..64];
        // SAFETY: `dst` is 64 writable bytes; storeu has no alignment need;
        // the CPU has AVX-512 F (an `X8` exists).
        unsafe { _mm512_storeu_si512(dst.as_mut_ptr().cast(), v) }
    }

    #[inline(always)]
    fn words_mut(state: &mut [__m512i; 25]) -> &mut [[u64; 8]; 25] {
        // SAFETY: `__m512i` is 64 bytes of plain data, any bits valid, as
        // are 8 `u64`s, whose alignment (8) it meets; the borrow is
        // `state`'s.
        unsafe { &mut *(state as *mut [__m512i; 25]).cast::<[[u64; 8]; 25]>() }
    }
}

/// The AVX-512 backend's eight-lane SHAKE (ExpandA's SHAKE128): eight
/// states in `__m512i` when the CPU has AVX-512, two four-lane sponges
/// otherwise.
#[derive(Clone)]
pub enum ShakeX8OrPair<const RATE: usize> {
    /// Eight states in AVX-512 registers.
    Simd(ShakeX<X8, X8, 8, RATE>),
    /// Two four-lane sponges.
    Pair(PairX4<super::Avx512ShakeX4<RATE>>),
}

impl<const RATE: usize> XofX8 for ShakeX8OrPair<RATE> {
    const RATE: usize = RATE;

    #[inline(always)]
    fn new_x8() -> Self {
        if super::available() {
            // SAFETY: the CPU has the backend's features, AVX2, AVX-512 F
            // and VL among them, checked just above.
            let x8 = unsafe { X8::new() };
            Self::Simd(ShakeX::new(x8, x8))
        } else {
            cold(|| Self::Pair(PairX4::new_x8()))
        }
    }

    simd_or_cold! { Pair;
        fn absorb_x8(&mut self, inputs: [&[u8]; 8]) => absorb / absorb_x8;
        fn squeeze_blocks_x8(&mut self, out: [&mut [u8]; 8]) => squeeze_blocks / squeeze_blocks_x8;
    }

    #[inline(always)]
    fn squeeze_blocks_x8_carrying(&mut self, out: [&mut [u8]; 8], carry: &mut impl Carry) {
        match self {
            Self::Simd(x) => x.squeeze_blocks_carrying(out, carry),
            Self::Pair(x) => cold(|| x.squeeze_blocks_x8(out)),
        }
    }
}
