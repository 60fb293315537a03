//! One-lane SHAKE128 / SHAKE256 for the NEON backend: the portable sponge
//! over a permutation that, on CPUs with the SHA3 extension, runs in
//! the EOR3 / RAX1 / XAR / BCAX form in one lane of the two-way permutation
//! (about 70 instructions a round against about 110 for the scalar form),
//! and is the portable scalar permutation otherwise.

use core::arch::aarch64::*;

use super::keccak::{has_sha3, keccak_f1600_x2_sha3};
use crate::backend::portable::{self, Permutation, keccak_f1600};

/// `Keccak-f[1600]` in lane 0 of the SHA3-extension permutation.
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

/// The NEON backend's permutation for the one-lane sponge: the SHA3-extension
/// form where the CPU has it, the portable scalar one otherwise.
#[derive(Clone, Copy, Debug)]
pub struct NeonPermutation;

impl Permutation for NeonPermutation {
    #[inline(always)]
    fn permute(state: &mut [u64; 25]) {
        if has_sha3() {
            // SAFETY: the CPU has the SHA3 extension, checked just above.
            unsafe { keccak_f1600_sha3(state) }
        } else {
            keccak_f1600(state)
        }
    }
}

/// The portable sponge over [`NeonPermutation`].
pub type Shake<const RATE: usize> = portable::Shake<RATE, NeonPermutation>;
