//! Four Keccak-f[1600] states side by side: lane i of the four states sits
//! in the four 64-bit parts of one `__m256i`. SHAKE128x4 and SHAKE256x4 on
//! top absorb one equal-length input per state and squeeze whole blocks.

use core::arch::x86_64::*;

use zeroize::Zeroize;

use super::Isa;
use crate::backend::keccak::{Lanes, permute, wide};

/// Four states, lane i of each in one `__m256i`.
impl Lanes for Isa {
    type V = __m256i;

    #[inline(always)]
    fn splat(self, rc: u64) -> __m256i {
        avx2!(_mm256_set1_epi64x(rc as i64))
    }

    #[inline(always)]
    fn xor(self, x: __m256i, y: __m256i) -> __m256i {
        avx2!(_mm256_xor_si256(x, y))
    }

    #[inline(always)]
    fn rotl<const L: i32, const R: i32>(self, x: __m256i) -> __m256i {
        let l = avx2!(_mm256_slli_epi64::<L>(x));
        let r = avx2!(_mm256_srli_epi64::<R>(x));
        avx2!(_mm256_or_si256(l, r))
    }

    #[inline(always)]
    fn chi(self, _k: usize, x: __m256i, y: __m256i, z: __m256i) -> __m256i {
        self.xor(x, avx2!(_mm256_andnot_si256(y, z)))
    }
}

/// `Keccak-f[1600]` on four interleaved states.
///
/// # Safety
/// The CPU must have AVX2 (a `#[target_feature]` function).
#[inline(never)]
#[target_feature(enable = "avx2")]
pub fn keccak_f1600_x4(state: &mut [__m256i; 25]) {
    permute(Isa::new(), state)
}

/// Four SHAKE sponges with a rate of `RATE` bytes, advanced together.
#[derive(Clone)]
pub struct ShakeX4<const RATE: usize> {
    state: [__m256i; 25],
}

/// As the portable sponge's: the states hold what was absorbed.
impl<const RATE: usize> Drop for ShakeX4<RATE> {
    fn drop(&mut self) {
        self.state.zeroize();
    }
}

impl<const RATE: usize> ShakeX4<RATE> {
    /// Four all-zero states.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub fn new() -> Self {
        ShakeX4 {
            state: [_mm256_setzero_si256(); 25],
        }
    }

    /// Absorbs one input per state (all of the same length) and pads, into
    /// fresh states.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub fn absorb(&mut self, inputs: [&[u8]; 4]) {
        wide::absorb::<_, 4, RATE>(
            &mut self.state,
            inputs,
            |[w0, w1, w2, w3]| _mm256_set_epi64x(w3 as i64, w2 as i64, w1 as i64, w0 as i64),
            |x, y| _mm256_xor_si256(x, y),
            |s| keccak_f1600_x4(s),
        );
    }

    /// Squeezes `out[k].len() / RATE` whole blocks into each output.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub fn squeeze_blocks(&mut self, out: [&mut [u8]; 4]) {
        let [o0, o1, o2, o3] = out;
        // Block by block, each output's block as a fixed-size array: the
        // stores below need no bounds checks, inlined or not.
        let blocks = o0
            .chunks_exact_mut(RATE)
            .zip(o1.chunks_exact_mut(RATE))
            .zip(o2.chunks_exact_mut(RATE).zip(o3.chunks_exact_mut(RATE)));
        let mut words = [0u64; 4];
        for ((b0, b1), (b2, b3)) in blocks {
            keccak_f1600_x4(&mut self.state);
            for i in 0..RATE / 8 {
                // SAFETY: `words` is 32 writable bytes.
                unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), self.state[i]) };
                for (block, w) in [&mut *b0, &mut *b1, &mut *b2, &mut *b3]
                    .into_iter()
                    .zip(words)
                {
                    block[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
                }
            }
        }
        // The last words squeezed (ExpandS's, ExpandMask's are secret).
        words.zeroize();
    }
}
