//! Two Keccak-f[1600] states side by side: lane i of the two states sits in
//! the two 64-bit halves of one `uint64x2_t`. SHAKE128x2 / SHAKE256x2 on top
//! absorb one equal-length input per state and squeeze whole blocks; the
//! four-lane SHAKE of the backend is two of them.
//!
//! Two permutations: plain NEON (rotations as `shl` + `sri`, chi with `bic`),
//! and, on CPUs with the SHA3 extension, the form with `eor3` (theta's
//! column sums), `rax1` (theta's d), `xar` (theta, rho and the rotation in
//! one) and `bcax` (chi in one).

use core::arch::aarch64::*;

use zeroize::Zeroize;

use super::Isa;
use crate::backend::keccak::{Lanes, permute, wide};

/// Whether this CPU has the SHA3 extension (std: detected once and cached
/// by std; no_std: whether the build targets it).
#[inline(always)]
pub fn has_sha3() -> bool {
    #[cfg(feature = "std")]
    {
        std::arch::is_aarch64_feature_detected!("sha3")
    }
    #[cfg(not(feature = "std"))]
    {
        cfg!(target_feature = "sha3")
    }
}

/// Two states, lane i of each in one `uint64x2_t`, in plain NEON:
/// rotations as `shl` + `sri`, chi with `bic`.
impl Lanes for Isa {
    type V = uint64x2_t;

    #[inline(always)]
    fn splat(self, rc: u64) -> uint64x2_t {
        // SAFETY: NEON is a target feature of this build.
        unsafe { vdupq_n_u64(rc) }
    }

    #[inline(always)]
    fn xor(self, x: uint64x2_t, y: uint64x2_t) -> uint64x2_t {
        // SAFETY: as above.
        unsafe { veorq_u64(x, y) }
    }

    #[inline(always)]
    fn rotl<const L: i32, const R: i32>(self, x: uint64x2_t) -> uint64x2_t {
        // SAFETY: as above.
        let shifted = unsafe { vshlq_n_u64::<L>(x) };
        // SAFETY: as above.
        unsafe { vsriq_n_u64::<R>(shifted, x) }
    }

    #[inline(always)]
    fn chi(self, _k: usize, x: uint64x2_t, y: uint64x2_t, z: uint64x2_t) -> uint64x2_t {
        // SAFETY: as above.
        self.xor(x, unsafe { vbicq_u64(z, y) })
    }
}

/// Two states as [`Isa`]'s, with the SHA3 extension: `eor3` (theta's
/// column parities), `rax1` (theta's D), `xar` (D added, then rho's
/// rotation) and `bcax` (chi). A value exists only inside
/// [`keccak_f1600_x2_sha3`], which runs with the extension.
#[derive(Clone, Copy, Debug)]
struct Sha3(());

/// Calls one of the instructions below from a method of [`Sha3`].
macro_rules! sha3 {
    ($e:expr) => {
        // SAFETY: a `Sha3` exists, so this CPU has the SHA3 extension; the
        // instruction has no other requirement.
        unsafe { $e }
    };
}

// The SHA3-extension instructions, each in a function compiled with the
// extension: it inlines once the `Sha3` method calling it is inlined into
// `keccak_f1600_x2_sha3` (the intrinsics, `inline(always)`, would not
// inline into the method itself, compiled without the extension).

#[inline]
#[target_feature(enable = "sha3")]
fn eor3(a: uint64x2_t, b: uint64x2_t, c: uint64x2_t) -> uint64x2_t {
    veor3q_u64(a, b, c)
}

#[inline]
#[target_feature(enable = "sha3")]
fn rax1(x: uint64x2_t, y: uint64x2_t) -> uint64x2_t {
    vrax1q_u64(x, y)
}

#[inline]
#[target_feature(enable = "sha3")]
fn xar<const R: i32>(x: uint64x2_t, y: uint64x2_t) -> uint64x2_t {
    vxarq_u64::<R>(x, y)
}

#[inline]
#[target_feature(enable = "sha3")]
fn bcax(x: uint64x2_t, y: uint64x2_t, z: uint64x2_t) -> uint64x2_t {
    vbcaxq_u64(x, y, z)
}

impl Lanes for Sha3 {
    type V = uint64x2_t;

    #[inline(always)]
    fn splat(self, rc: u64) -> uint64x2_t {
        Isa.splat(rc)
    }

    #[inline(always)]
    fn xor(self, x: uint64x2_t, y: uint64x2_t) -> uint64x2_t {
        Isa.xor(x, y)
    }

    #[inline(always)]
    fn rotl<const L: i32, const R: i32>(self, x: uint64x2_t) -> uint64x2_t {
        Isa.rotl::<L, R>(x)
    }

    #[inline(always)]
    fn chi(self, _k: usize, x: uint64x2_t, y: uint64x2_t, z: uint64x2_t) -> uint64x2_t {
        sha3!(bcax(x, z, y))
    }

    #[inline(always)]
    fn xor5(
        self,
        a: uint64x2_t,
        b: uint64x2_t,
        c: uint64x2_t,
        d: uint64x2_t,
        e: uint64x2_t,
    ) -> uint64x2_t {
        let abc = sha3!(eor3(a, b, c));
        sha3!(eor3(abc, d, e))
    }

    #[inline(always)]
    fn xor_rol1(self, x: uint64x2_t, y: uint64x2_t) -> uint64x2_t {
        sha3!(rax1(x, y))
    }

    /// `xar` rotates right, by `R` = 64 - `L`.
    #[inline(always)]
    fn xor_rotl<const L: i32, const R: i32>(self, x: uint64x2_t, d: uint64x2_t) -> uint64x2_t {
        sha3!(xar::<R>(x, d))
    }
}

/// `Keccak-f[1600]` on two interleaved states, plain NEON.
#[inline]
#[target_feature(enable = "neon")]
fn keccak_f1600_x2_neon(state: &mut [uint64x2_t; 25]) {
    permute(Isa, state)
}

/// `Keccak-f[1600]` on two interleaved states with the SHA3 extension.
#[inline]
#[target_feature(enable = "sha3")]
pub(super) fn keccak_f1600_x2_sha3(state: &mut [uint64x2_t; 25]) {
    permute(Sha3(()), state)
}

/// `Keccak-f[1600]` on two interleaved states: the SHA3-extension form when
/// the CPU has it, plain NEON otherwise.
///
/// # Safety
/// The CPU must have NEON (a `#[target_feature]` function).
#[inline]
#[target_feature(enable = "neon")]
pub fn keccak_f1600_x2(state: &mut [uint64x2_t; 25]) {
    if has_sha3() {
        // SAFETY: the CPU has the SHA3 extension, checked just above.
        unsafe { keccak_f1600_x2_sha3(state) }
    } else {
        keccak_f1600_x2_neon(state)
    }
}

/// `Keccak-f[1600]` on two states given as plain lanes, in the SHA3-extension
/// form when `sha3` (returning false, states untouched, if the CPU lacks
/// it) or the plain NEON form: lets the tests check both forms on one CPU.
pub fn keccak_f1600_x2_form(states: &mut [[u64; 25]; 2], sha3: bool) -> bool {
    if sha3 && !has_sha3() {
        return false;
    }
    let mut v = [[0u64; 2]; 25];
    for (i, lane) in v.iter_mut().enumerate() {
        *lane = [states[0][i], states[1][i]];
    }
    // SAFETY: `[u64; 2]` and `uint64x2_t` have the same size, and every
    // bit pattern is valid for both.
    let mut state: [uint64x2_t; 25] = unsafe { core::mem::transmute(v) };
    if sha3 {
        // SAFETY: the CPU has the SHA3 extension, checked above.
        unsafe { keccak_f1600_x2_sha3(&mut state) }
    } else {
        // SAFETY: NEON is a target feature of this build.
        unsafe { keccak_f1600_x2_neon(&mut state) }
    }
    // SAFETY: as above.
    let v: [[u64; 2]; 25] = unsafe { core::mem::transmute(state) };
    for (i, lane) in v.iter().enumerate() {
        states[0][i] = lane[0];
        states[1][i] = lane[1];
    }
    true
}

/// Two SHAKE sponges with a rate of `RATE` bytes, advanced together.
#[derive(Clone)]
pub struct ShakeX2<const RATE: usize> {
    state: [uint64x2_t; 25],
}

/// The 16 bytes of a vector, little-endian.
#[inline]
#[target_feature(enable = "neon")]
fn bytes16(v: uint64x2_t) -> [u8; 16] {
    let mut out = [0u8; 16];
    let v = vreinterpretq_u8_u64(v);
    // SAFETY: `out` is 16 writable bytes.
    unsafe { vst1q_u8(out.as_mut_ptr(), v) };
    out
}

/// As the portable sponge's: the states hold what was absorbed.
impl<const RATE: usize> Drop for ShakeX2<RATE> {
    fn drop(&mut self) {
        self.state.zeroize();
    }
}

impl<const RATE: usize> ShakeX2<RATE> {
    /// Two all-zero states.
    ///
    /// # Safety
    /// The CPU must have NEON.
    #[inline]
    #[target_feature(enable = "neon")]
    pub fn new() -> Self {
        ShakeX2 {
            state: [vdupq_n_u64(0); 25],
        }
    }

    /// Absorbs one input per state (both of the same length) and pads, into
    /// fresh states.
    ///
    /// # Safety
    /// The CPU must have NEON.
    #[inline]
    #[target_feature(enable = "neon")]
    pub fn absorb(&mut self, inputs: [&[u8]; 2]) {
        wide::absorb::<_, 2, RATE>(
            &mut self.state,
            inputs,
            |[w0, w1]| vcombine_u64(vcreate_u64(w0), vcreate_u64(w1)),
            |x, y| veorq_u64(x, y),
            |s| keccak_f1600_x2(s),
        );
    }

    /// Squeezes `out[k].len() / RATE` whole blocks into each output.
    ///
    /// # Safety
    /// The CPU must have NEON.
    #[inline]
    #[target_feature(enable = "neon")]
    pub fn squeeze_blocks(&mut self, out: [&mut [u8]; 2]) {
        let blocks = out[0].len() / RATE;
        let [o0, o1] = out;
        for b in 0..blocks {
            keccak_f1600_x2(&mut self.state);
            // Lanes i and i + 1 of one state are 16 consecutive output
            // bytes: `trn1` / `trn2` gather them for one store per state.
            let mut i = 0;
            while i + 2 <= RATE / 8 {
                let at = b * RATE + 8 * i;
                let (x, y) = (self.state[i], self.state[i + 1]);
                o0[at..at + 16].copy_from_slice(&bytes16(vtrn1q_u64(x, y)));
                o1[at..at + 16].copy_from_slice(&bytes16(vtrn2q_u64(x, y)));
                i += 2;
            }
            if i < RATE / 8 {
                let at = b * RATE + 8 * i;
                let lane = self.state[i];
                o0[at..at + 8].copy_from_slice(&vgetq_lane_u64::<0>(lane).to_le_bytes());
                o1[at..at + 8].copy_from_slice(&vgetq_lane_u64::<1>(lane).to_le_bytes());
            }
        }
    }
}
