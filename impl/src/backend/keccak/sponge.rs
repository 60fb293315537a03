//! SHAKE128, SHAKE256 and SHA-3 (FIPS 202) on one Keccak state: a sponge
//! generic over its permutation, the scalar one ([`Scalar`]) for the
//! portable backend and the pre-hashes, the backends' own for their
//! one-lane SHAKE (AVX2: and-not rounds compiled with BMI; AVX-512: the
//! three-input rounds in an `__m128i`; NEON: the SHA3 extension). The
//! portable backend's four-lane SHAKE runs four of them in turn.

use core::marker::PhantomData;

use zeroize::Zeroize;

use super::scalar::keccak_f1600_scalar;
use crate::backend::{Xof, XofX4};

/// A `Keccak-f[1600]` implementation for [`Shake`].
pub trait Permutation {
    /// `Keccak-f[1600]` on the state, in place.
    fn permute(state: &mut [u64; 25]);
}

/// The portable scalar permutation, [`keccak_f1600_scalar`].
#[derive(Clone, Copy, Debug)]
pub struct Scalar;

impl Permutation for Scalar {
    #[inline(always)]
    fn permute(state: &mut [u64; 25]) {
        keccak_f1600_scalar(state)
    }
}

/// A SHAKE sponge with a rate of `RATE` bytes (168 for SHAKE128, 136 for
/// SHAKE256) over the permutation `F`. Absorbs until the first squeeze,
/// then squeezes. `PAD` is the domain's first padding byte: SHAKE's 1111
/// then pad10*1 (0x1F), or SHA-3's 01 then pad10*1 (0x06, [`Sha3`]).
pub struct Shake<const RATE: usize, F: Permutation = Scalar, const PAD: u8 = 0x1F> {
    state: [u64; 25],
    /// Bytes absorbed into, or squeezed from, the current block.
    pos: usize,
    squeezing: bool,
    permutation: PhantomData<F>,
}

impl<const RATE: usize, F: Permutation, const PAD: u8> Clone for Shake<RATE, F, PAD> {
    fn clone(&self) -> Self {
        Shake {
            state: self.state,
            pos: self.pos,
            squeezing: self.squeezing,
            permutation: PhantomData,
        }
    }
}

/// The state holds what was absorbed (a seed, a key), recoverable by
/// inverting the permutation: zeroized on drop. Out of line: one copy of
/// the 25 volatile stores per sponge type, called from every drop (the
/// portable backend's four-lane sponges, and every enum holding a sponge,
/// would otherwise inline them at each drop site, unwinding paths
/// included).
impl<const RATE: usize, F: Permutation, const PAD: u8> Drop for Shake<RATE, F, PAD> {
    #[inline(never)]
    fn drop(&mut self) {
        self.state.as_mut_slice().zeroize();
    }
}

/// SHA3-224, -256, -384 and -512 (FIPS 202): the sponge with SHA-3's
/// padding, rates 144, 136, 104 and 72, squeezed for 28, 32, 48 and 64
/// bytes (HashML-DSA's pre-hashes).
pub type Sha3<const RATE: usize> = Shake<RATE, Scalar, 0x06>;

/// SHAKE128.
pub type Shake128 = Shake<168>;
/// SHAKE256.
pub type Shake256 = Shake<136>;

impl<const RATE: usize, F: Permutation, const PAD: u8> Shake<RATE, F, PAD> {
    /// The sponge's state with what its type fixes as values.
    #[inline(always)]
    fn sponge(&mut self) -> Sponge<'_> {
        Sponge {
            state: &mut self.state,
            pos: &mut self.pos,
            squeezing: &mut self.squeezing,
            rate: RATE,
            pad: PAD,
            permute: F::permute,
        }
    }

    /// Squeezes whole blocks, a lane at a time with no per-byte position
    /// logic, when the output starts at a block boundary (as in the
    /// samplers); anything else goes through `squeeze`.
    #[inline(always)]
    fn squeeze_blocks(&mut self, out: &mut [u8]) {
        self.sponge().squeeze_blocks(out)
    }
}

/// A sponge's state, its rate, padding byte and permutation as values:
/// [`Shake`]'s operations out of line, one copy for every rate, padding
/// and permutation (a call through `permute` costs nothing beside the
/// permutation it calls).
struct Sponge<'a> {
    state: &'a mut [u64; 25],
    /// Bytes absorbed into, or squeezed from, the current block: below
    /// `rate` while absorbing, at most `rate` while squeezing.
    pos: &'a mut usize,
    squeezing: &'a mut bool,
    /// A multiple of 8 below 200.
    rate: usize,
    pad: u8,
    permute: fn(&mut [u64; 25]),
}

impl Sponge<'_> {
    #[inline(always)]
    fn xor_byte(&mut self, pos: usize, byte: u8) {
        if let Some(lane) = self.state.get_mut(pos / 8) {
            *lane ^= (byte as u64) << (8 * (pos % 8));
        }
    }

    /// Pads (the domain bits, then pad10*1) and starts squeezing.
    #[inline(always)]
    fn finalize(&mut self) {
        self.xor_byte(*self.pos, self.pad);
        self.xor_byte(self.rate - 1, 0x80);
        (self.permute)(self.state);
        *self.pos = 0;
        *self.squeezing = true;
    }

    /// The lanes from `pos` to the end of the block.
    #[inline(always)]
    fn block_rest(&mut self) -> &mut [u64] {
        self.state
            .get_mut(*self.pos / 8..self.rate / 8)
            .unwrap_or_default()
    }

    #[inline(never)]
    fn absorb(mut self, mut input: &[u8]) {
        if *self.squeezing {
            return;
        }
        while let Some((&first, rest)) = input.split_first() {
            if self.pos.is_multiple_of(8) && input.len() >= 8 {
                // Whole lanes, to the end of the block or of the input.
                let lanes = self.block_rest();
                let n = lanes.len().min(input.len() / 8);
                let (words, rest) = input.split_at(8 * n);
                for (lane, word) in lanes.iter_mut().zip(words.as_chunks::<8>().0) {
                    *lane ^= u64::from_le_bytes(*word);
                }
                *self.pos += 8 * n;
                input = rest;
            } else {
                self.xor_byte(*self.pos, first);
                *self.pos += 1;
                input = rest;
            }
            if *self.pos == self.rate {
                (self.permute)(self.state);
                *self.pos = 0;
            }
        }
    }

    #[inline(never)]
    fn squeeze(mut self, mut out: &mut [u8]) {
        if !*self.squeezing {
            self.finalize();
        }
        while !out.is_empty() {
            if *self.pos == self.rate {
                (self.permute)(self.state);
                *self.pos = 0;
            }
            let taken = core::mem::take(&mut out);
            if self.pos.is_multiple_of(8) && taken.len() >= 8 {
                // Whole lanes, to the end of the block or of the output.
                let lanes = self.block_rest();
                let n = lanes.len().min(taken.len() / 8);
                let (words, rest) = taken.split_at_mut(8 * n);
                for (word, lane) in words.as_chunks_mut::<8>().0.iter_mut().zip(lanes) {
                    *word = lane.to_le_bytes();
                }
                *self.pos += 8 * n;
                out = rest;
            } else if let Some((first, rest)) = taken.split_first_mut() {
                let lane = self.state.get(*self.pos / 8).copied().unwrap_or(0);
                *first = (lane >> (8 * (*self.pos % 8))) as u8;
                *self.pos += 1;
                out = rest;
            }
        }
    }

    #[inline(never)]
    fn squeeze_blocks(mut self, out: &mut [u8]) {
        if !*self.squeezing {
            self.finalize();
        }
        if *self.pos != 0 && *self.pos != self.rate {
            return self.squeeze(out);
        }
        let mut blocks = out.chunks_exact_mut(self.rate);
        for block in &mut blocks {
            if *self.pos == self.rate {
                (self.permute)(self.state);
            }
            for (bytes, lane) in block.chunks_exact_mut(8).zip(self.state.iter()) {
                bytes.copy_from_slice(&lane.to_le_bytes());
            }
            *self.pos = self.rate;
        }
        self.squeeze(blocks.into_remainder());
    }
}

impl<const RATE: usize, F: Permutation, const PAD: u8> Xof for Shake<RATE, F, PAD> {
    const RATE: usize = RATE;

    fn new() -> Self {
        Shake {
            state: [0; 25],
            pos: 0,
            squeezing: false,
            permutation: PhantomData,
        }
    }

    #[inline(always)]
    fn absorb(&mut self, input: &[u8]) {
        self.sponge().absorb(input)
    }

    #[inline(always)]
    fn squeeze(&mut self, out: &mut [u8]) {
        self.sponge().squeeze(out)
    }

    #[inline(always)]
    fn absorb_block_deferred(&mut self, block: &[u8]) -> Option<&mut [u64; 25]> {
        let block = block.get(..RATE).unwrap_or(block);
        if self.squeezing || self.pos != 0 || block.len() != RATE {
            self.absorb(block);
            return None;
        }
        let (words, _) = block.as_chunks::<8>();
        for (lane, word) in self.state.iter_mut().zip(words) {
            *lane ^= u64::from_le_bytes(*word);
        }
        // The caller permutes: the sponge is then at the next block's start.
        Some(&mut self.state)
    }
}

/// Out of line, each method: one copy serves the portable backend and the
/// SIMD backends' fallbacks (`avx2::ShakeX4OrPortable`), where an inlined
/// copy per call site would be code that runs only on a CPU without them;
/// a call costs nothing next to the four permutations of a block.
impl<const RATE: usize> XofX4 for [Shake<RATE>; 4] {
    const RATE: usize = RATE;

    #[inline(never)]
    fn new_x4() -> Self {
        core::array::from_fn(|_| <Shake<RATE> as Xof>::new())
    }

    #[inline(never)]
    fn absorb_x4(&mut self, inputs: [&[u8]; 4]) {
        for (lane, input) in self.iter_mut().zip(inputs) {
            lane.absorb(input);
        }
    }

    #[inline(never)]
    fn squeeze_blocks_x4(&mut self, out: [&mut [u8]; 4]) {
        for (lane, buf) in self.iter_mut().zip(out) {
            lane.squeeze_blocks(buf);
        }
    }

    #[inline(never)]
    fn restart_lane(&mut self, lane: usize, input: &[u8]) {
        if let Some(state) = self.get_mut(lane) {
            // The old state is zeroized as it is dropped.
            *state = <Shake<RATE> as Xof>::new();
            // One block at most, as the SIMD sponges take it.
            state.absorb(input.get(..RATE - 1).unwrap_or(input));
        }
    }
}
