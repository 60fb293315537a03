//! One-lane SHAKE128 / SHAKE256 for the NEON backend: the portable sponge's
//! logic over a permutation that, on CPUs with the SHA3 extension, runs in
//! the EOR3 / RAX1 / XAR / BCAX form in one lane of the two-way permutation
//! (about 70 instructions a round against about 110 for the scalar form),
//! and is the portable scalar permutation otherwise.

use core::arch::aarch64::*;

use super::keccak::{has_sha3, keccak_f1600_x2_sha3};
use crate::backend::Xof;
use crate::backend::portable::keccak_f1600;

/// Keccak-f[1600] in lane 0 of the SHA3-extension permutation.
#[inline]
#[target_feature(enable = "sha3")]
fn keccak_f1600_sha3(state: &mut [u64; 25]) {
    let mut v = [vdupq_n_u64(0); 25];
    for (x, &lane) in v.iter_mut().zip(state.iter()) {
        *x = vcombine_u64(vcreate_u64(lane), vcreate_u64(0));
    }
    keccak_f1600_x2_sha3(&mut v);
    for (lane, x) in state.iter_mut().zip(v) {
        *lane = vgetq_lane_u64::<0>(x);
    }
}

#[inline(always)]
fn permute(state: &mut [u64; 25]) {
    if has_sha3() {
        // SAFETY: the CPU has the SHA3 extension, checked just above.
        unsafe { keccak_f1600_sha3(state) }
    } else {
        keccak_f1600(state)
    }
}

/// A SHAKE sponge with a rate of `RATE` bytes: absorbs until the first
/// squeeze, then squeezes.
#[derive(Clone)]
pub struct Shake<const RATE: usize> {
    state: [u64; 25],
    /// Bytes absorbed into, or squeezed from, the current block.
    pos: usize,
    squeezing: bool,
}

impl<const RATE: usize> Shake<RATE> {
    #[inline(always)]
    fn xor_byte(&mut self, pos: usize, byte: u8) {
        self.state[pos / 8] ^= (byte as u64) << (8 * (pos % 8));
    }

    /// Pads (SHAKE's domain bits 1111 then pad10*1) and starts squeezing.
    #[inline(always)]
    fn finalize(&mut self) {
        self.xor_byte(self.pos, 0x1F);
        self.xor_byte(RATE - 1, 0x80);
        permute(&mut self.state);
        self.pos = 0;
        self.squeezing = true;
    }
}

impl<const RATE: usize> Xof for Shake<RATE> {
    const RATE: usize = RATE;

    fn new() -> Self {
        Shake {
            state: [0; 25],
            pos: 0,
            squeezing: false,
        }
    }

    #[inline(always)]
    fn absorb(&mut self, mut input: &[u8]) {
        if self.squeezing {
            return;
        }
        while !input.is_empty() {
            if self.pos.is_multiple_of(8) && input.len() >= 8 && self.pos + 8 <= RATE {
                let mut lane = [0u8; 8];
                lane.copy_from_slice(&input[..8]);
                self.state[self.pos / 8] ^= u64::from_le_bytes(lane);
                self.pos += 8;
                input = &input[8..];
            } else {
                self.xor_byte(self.pos, input[0]);
                self.pos += 1;
                input = &input[1..];
            }
            if self.pos == RATE {
                permute(&mut self.state);
                self.pos = 0;
            }
        }
    }

    #[inline(always)]
    fn squeeze(&mut self, mut out: &mut [u8]) {
        if !self.squeezing {
            self.finalize();
        }
        while !out.is_empty() {
            if self.pos == RATE {
                permute(&mut self.state);
                self.pos = 0;
            }
            if self.pos.is_multiple_of(8) && out.len() >= 8 {
                out[..8].copy_from_slice(&self.state[self.pos / 8].to_le_bytes());
                self.pos += 8;
                out = &mut out[8..];
            } else {
                out[0] = (self.state[self.pos / 8] >> (8 * (self.pos % 8))) as u8;
                self.pos += 1;
                out = &mut out[1..];
            }
        }
    }
}
