//! Four Keccak-f[1600] states side by side: lane i of the four states sits
//! in the four 64-bit parts of one `__m256i`. The permutation's lane
//! operations, and the vector operations of the four-state sponge on top
//! (which the AVX-512 backend's shares).

use core::arch::x86_64::*;

use super::Avx2Intrinsics;
use crate::backend::keccak::wide::{PermuteX, ShakeX, Wide};
use crate::backend::keccak::{
    Avx2Form, Avx2KeccakOps, KECCAK_RC, Shake, lanes_by_form, permute_with,
};
use crate::backend::{Carry, XofX4, cold};

/// The intrinsics of the four-state permutation ([`Avx2Form`]).
impl Avx2KeccakOps for Avx2Intrinsics {
    type V = __m256i;

    intrinsic_methods! { avx2;
        set1_epi64x(x: i64) -> __m256i = _mm256_set1_epi64x;
        xor_si256(a: __m256i, b: __m256i) -> __m256i = _mm256_xor_si256;
        or_si256(a: __m256i, b: __m256i) -> __m256i = _mm256_or_si256;
        andnot_si256(a: __m256i, b: __m256i) -> __m256i = _mm256_andnot_si256;
        slli_epi64<IMM>(a: __m256i) -> __m256i = _mm256_slli_epi64;
        srli_epi64<IMM>(a: __m256i) -> __m256i = _mm256_srli_epi64;
    }
}

// Four states, lane i of each in one `__m256i`: the sponge's lane
// operations are the permutation's.
lanes_by_form!(Avx2Intrinsics, Avx2Form);

/// `Keccak-f[1600]` on four interleaved states.
///
/// # Safety
/// The CPU must have AVX2 (a `#[target_feature]` function).
#[inline(never)]
#[target_feature(enable = "avx2")]
pub fn keccak_f1600_x4(state: &mut [__m256i; 25]) {
    crate::backend::align_frame_32();
    // The round constants are read from a copy in this frame, not from the
    // binary's constants: there, a round's load can share its address
    // modulo 4096 with a register spill stored just before (the distance
    // from the stack to the constants differs from process to process) and
    // wait for that store ("4K aliasing"): at some stack positions this
    // permutation takes about a quarter longer, and keygen and verify vary
    // by up to 15 % from one process to the next. Within one frame of under
    // 4 KiB no two addresses
    // alias. (The one-state permutation showed no such effect; the AVX-512
    // ones, with 32 registers, hardly spill.)
    let rcs = core::hint::black_box(KECCAK_RC);
    permute_with(Avx2Form(Avx2Intrinsics::new()), state, &rcs)
}

/// Four SHAKE sponges with a rate of `RATE` bytes, advanced together.
#[cfg(feature = "internals")]
pub type ShakeX4<const RATE: usize> = ShakeX<Avx2Intrinsics, Avx2Intrinsics, 4, RATE>;

/// A four-state permutation on `__m256i`, with its backend's CPU check:
/// what [`ShakeX4OrPortable`] needs to pick its form.
pub trait X4Permutation: PermuteX<__m256i> {
    /// The token, if this CPU runs the permutation's backend.
    fn detect() -> Option<Self>;
    /// The AVX2 token, for the sponge's vector operations (every CPU with
    /// the permutation's features has AVX2).
    fn avx2(self) -> Avx2Intrinsics;
}

impl X4Permutation for Avx2Intrinsics {
    #[inline(always)]
    fn detect() -> Option<Avx2Intrinsics> {
        Avx2Intrinsics::detect()
    }

    #[inline(always)]
    fn avx2(self) -> Avx2Intrinsics {
        self
    }
}

/// An x86-64 backend's four-lane SHAKE: four states in `__m256i`, permuted
/// by `P`, when the CPU runs `P`'s backend (checked once, by `new_x4`);
/// four portable sponges otherwise.
#[derive(Clone)]
pub enum ShakeX4OrPortable<P: X4Permutation, const RATE: usize> {
    /// Four states in AVX2 registers.
    Simd(ShakeX<Avx2Intrinsics, P, 4, RATE>),
    /// Four portable sponges.
    Portable([Shake<RATE>; 4]),
}

impl<P: X4Permutation, const RATE: usize> XofX4 for ShakeX4OrPortable<P, RATE> {
    const RATE: usize = RATE;

    #[inline(always)]
    fn new_x4() -> Self {
        match P::detect() {
            Some(p) => Self::Simd(ShakeX::new(p.avx2(), p)),
            None => cold(|| Self::Portable(<[Shake<RATE>; 4] as XofX4>::new_x4())),
        }
    }

    simd_or_cold! { Portable;
        fn absorb_x4(&mut self, inputs: [&[u8]; 4]) => absorb / absorb_x4;
        fn squeeze_blocks_x4(&mut self, out: [&mut [u8]; 4]) => squeeze_blocks / squeeze_blocks_x4;
        fn restart_x4(&mut self, inputs: [&[u8]; 4]) => restart / restart_x4;
        fn restart_lane(&mut self, lane: usize, input: &[u8]) => restart_lane / restart_lane;
    }

    #[inline(always)]
    fn squeeze_blocks_x4_carrying(
        &mut self,
        out: [&mut [u8]; 4],
        lane: usize,
        carry: &mut impl Carry,
    ) {
        match self {
            Self::Simd(x) => x.squeeze_blocks_carrying_in(out, lane, carry),
            // The blocks wait (the fallback is never this CPU's backend).
            Self::Portable(x) => cold(|| x.squeeze_blocks_x4(out)),
        }
    }
}

impl PermuteX<__m256i> for Avx2Intrinsics {
    #[inline(always)]
    fn keccak_f(self, state: &mut [__m256i; 25]) {
        // SAFETY: an `Avx2Intrinsics` exists, so the CPU has AVX2.
        unsafe { keccak_f1600_x4(state) }
    }
}

impl Wide<4> for Avx2Intrinsics {
    #[inline(always)]
    fn gather(self, [w0, w1, w2, w3]: [u64; 4]) -> __m256i {
        avx2!(_mm256_set_epi64x(
            w3 as i64, w2 as i64, w1 as i64, w0 as i64
        ))
    }

    #[inline(always)]
    fn scatter(self, v: __m256i, words: &mut [u64; 4]) {
        // SAFETY: `words` is 32 writable bytes; storeu has no alignment
        // need; the CPU has AVX2 (an `Avx2Intrinsics` exists).
        unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), v) }
    }

    #[inline(always)]
    fn with_features<R>(self, f: impl FnOnce() -> R) -> R {
        #[inline]
        #[target_feature(enable = "avx2")]
        fn run<R>(f: impl FnOnce() -> R) -> R {
            crate::backend::align_frame_32();
            f()
        }
        // SAFETY: an `Avx2Intrinsics` exists, so the CPU has AVX2.
        unsafe { run(f) }
    }

    #[inline(always)]
    fn transpose(self, [a, b, c, d]: [__m256i; 4]) -> [__m256i; 4] {
        // [a0 b0 a2 b2], [a1 b1 a3 b3], [c0 d0 c2 d2], [c1 d1 c3 d3]; then
        // the 128-bit halves.
        let ab0 = avx2!(_mm256_unpacklo_epi64(a, b));
        let ab1 = avx2!(_mm256_unpackhi_epi64(a, b));
        let cd0 = avx2!(_mm256_unpacklo_epi64(c, d));
        let cd1 = avx2!(_mm256_unpackhi_epi64(c, d));
        [
            avx2!(_mm256_permute2x128_si256::<0x20>(ab0, cd0)),
            avx2!(_mm256_permute2x128_si256::<0x20>(ab1, cd1)),
            avx2!(_mm256_permute2x128_si256::<0x31>(ab0, cd0)),
            avx2!(_mm256_permute2x128_si256::<0x31>(ab1, cd1)),
        ]
    }

    #[inline(always)]
    fn store(self, v: __m256i, dst: &mut [u8]) {
        let dst = &mut dst[..32];
        // SAFETY: `dst` is 32 writable bytes; storeu has no alignment
        // need; the CPU has AVX2 (an `Avx2Intrinsics` exists).
        unsafe { _mm256_storeu_si256(dst.as_mut_ptr().cast(), v) }
    }

    #[inline(always)]
    fn words_mut(state: &mut [__m256i; 25]) -> &mut [[u64; 4]; 25] {
        // SAFETY: `__m256i` is 32 bytes of plain data, any bits valid, as
        // are 4 `u64`s, whose alignment (8) it meets; the borrow is
        // `state`'s.
        unsafe { &mut *(state as *mut [__m256i; 25]).cast::<[[u64; 4]; 25]>() }
    }
}
