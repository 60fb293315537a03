//! Two Keccak-f[1600] states side by side: lane i of the two states sits in
//! the two 64-bit halves of one `uint64x2_t`. The two-state sponge on top
//! ([`ShakeX2`]) is the backend's four-lane SHAKE, twice; the one-lane
//! SHAKE runs in lane 0 when the CPU has the SHA3 extension.
//!
//! Two lane forms: plain NEON (rotations as `shl` + `sri`, chi with `bic`),
//! and, on CPUs with the SHA3 extension, the form with `eor3` (theta's
//! column sums), `rax1` (theta's d), `xar` (theta, rho and the rotation in
//! one) and `bcax` (chi in one).

use core::arch::aarch64::*;

use super::NeonIntrinsics;
use crate::backend::keccak::wide::{PermuteX, ShakeX, Wide};
use crate::backend::keccak::{
    self, NeonForm, NeonKeccakOps, Permutation, Sha3Form, Sha3Ops, keccak_f1600, lanes_by_form,
    permute,
};

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

/// The intrinsics of the plain NEON permutation ([`NeonForm`]).
impl NeonKeccakOps for NeonIntrinsics {
    type V = uint64x2_t;
    type D = uint64x1_t;

    intrinsic_methods! { neon;
        vdupq_n_u64(x: u64) -> uint64x2_t = vdupq_n_u64;
        vcreate_u64(x: u64) -> uint64x1_t = vcreate_u64;
        vcombine_u64(low: uint64x1_t, high: uint64x1_t) -> uint64x2_t = vcombine_u64;
        veorq_u64(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t = veorq_u64;
        vbicq_u64(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t = vbicq_u64;
        vshlq_n_u64<N>(a: uint64x2_t) -> uint64x2_t = vshlq_n_u64;
        vsriq_n_u64<N>(a: uint64x2_t, b: uint64x2_t) -> uint64x2_t = vsriq_n_u64;
    }
}

// Two states, lane i of each in one `uint64x2_t`: the sponge's lane
// operations are the plain NEON permutation's.
lanes_by_form!(NeonIntrinsics, NeonForm);

/// Proof that this CPU has the SHA3 extension: its instructions and the
/// plain NEON ones as [`Sha3Ops`], for [`Sha3Form`]. A value exists only
/// inside [`keccak_f1600_x2_sha3`], which runs with the extension, or from
/// [`Sha3::detect`].
#[derive(Clone, Copy, Debug)]
pub struct Sha3(());

impl Sha3 {
    /// The token if this CPU has the SHA3 extension.
    #[cfg(feature = "internals")]
    pub fn detect() -> Option<Sha3> {
        has_sha3().then_some(Sha3(()))
    }

    /// `v`'s two lanes.
    #[cfg(feature = "internals")]
    pub fn lanes(self, v: uint64x2_t) -> [u64; 2] {
        let mut words = [0; 2];
        NeonIntrinsics.scatter(v, &mut words);
        words
    }

    /// The register holding `words`.
    #[cfg(feature = "internals")]
    pub fn register(self, words: [u64; 2]) -> uint64x2_t {
        NeonIntrinsics.gather(words)
    }
}

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

/// The plain NEON intrinsics, as [`NeonIntrinsics`]'s.
impl NeonKeccakOps for Sha3 {
    type V = uint64x2_t;
    type D = uint64x1_t;

    #[inline(always)]
    fn vdupq_n_u64(self, x: u64) -> uint64x2_t {
        NeonIntrinsics.vdupq_n_u64(x)
    }

    #[inline(always)]
    fn vcreate_u64(self, x: u64) -> uint64x1_t {
        NeonIntrinsics.vcreate_u64(x)
    }

    #[inline(always)]
    fn vcombine_u64(self, low: uint64x1_t, high: uint64x1_t) -> uint64x2_t {
        NeonIntrinsics.vcombine_u64(low, high)
    }

    #[inline(always)]
    fn veorq_u64(self, a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        NeonIntrinsics.veorq_u64(a, b)
    }

    #[inline(always)]
    fn vbicq_u64(self, a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        NeonIntrinsics.vbicq_u64(a, b)
    }

    #[inline(always)]
    fn vshlq_n_u64<const N: i32>(self, a: uint64x2_t) -> uint64x2_t {
        NeonIntrinsics.vshlq_n_u64::<N>(a)
    }

    #[inline(always)]
    fn vsriq_n_u64<const N: i32>(self, a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        NeonIntrinsics.vsriq_n_u64::<N>(a, b)
    }
}

impl Sha3Ops for Sha3 {
    #[inline(always)]
    fn veor3q_u64(self, a: uint64x2_t, b: uint64x2_t, c: uint64x2_t) -> uint64x2_t {
        sha3!(eor3(a, b, c))
    }

    #[inline(always)]
    fn vrax1q_u64(self, a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        sha3!(rax1(a, b))
    }

    #[inline(always)]
    fn vxarq_u64<const IMM: i32>(self, a: uint64x2_t, b: uint64x2_t) -> uint64x2_t {
        sha3!(xar::<IMM>(a, b))
    }

    #[inline(always)]
    fn vbcaxq_u64(self, a: uint64x2_t, b: uint64x2_t, c: uint64x2_t) -> uint64x2_t {
        sha3!(bcax(a, b, c))
    }
}

/// `Keccak-f[1600]` on two interleaved states, plain NEON.
#[inline]
#[target_feature(enable = "neon")]
fn keccak_f1600_x2_neon(state: &mut [uint64x2_t; 25]) {
    permute(NeonForm(NeonIntrinsics), state)
}

/// `Keccak-f[1600]` on two interleaved states with the SHA3 extension.
#[inline]
#[target_feature(enable = "sha3")]
fn keccak_f1600_x2_sha3(state: &mut [uint64x2_t; 25]) {
    permute(Sha3Form(Sha3(())), state)
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
#[cfg(feature = "internals")]
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
pub type ShakeX2<const RATE: usize> = ShakeX<NeonIntrinsics, NeonIntrinsics, 2, RATE>;

impl Wide<2> for NeonIntrinsics {
    #[inline(always)]
    fn gather(self, [w0, w1]: [u64; 2]) -> uint64x2_t {
        let (lo, hi) = (neon!(vcreate_u64(w0)), neon!(vcreate_u64(w1)));
        neon!(vcombine_u64(lo, hi))
    }

    #[inline(always)]
    fn scatter(self, v: uint64x2_t, words: &mut [u64; 2]) {
        // SAFETY: `words` is two writable u64.
        unsafe { vst1q_u64(words.as_mut_ptr(), v) }
    }

    /// NEON is a target feature of the whole build.
    #[inline(always)]
    fn with_features<R>(self, f: impl FnOnce() -> R) -> R {
        f()
    }

    #[inline(always)]
    fn transpose(self, [x, y]: [uint64x2_t; 2]) -> [uint64x2_t; 2] {
        [neon!(vtrn1q_u64(x, y)), neon!(vtrn2q_u64(x, y))]
    }

    #[inline(always)]
    fn store(self, v: uint64x2_t, dst: &mut [u8]) {
        let dst = &mut dst[..16];
        let bytes = neon!(vreinterpretq_u8_u64(v));
        // SAFETY: `dst` is 16 writable bytes; st1 has no alignment need.
        unsafe { vst1q_u8(dst.as_mut_ptr(), bytes) }
    }

    #[inline(always)]
    fn words_mut(state: &mut [uint64x2_t; 25]) -> &mut [[u64; 2]; 25] {
        // SAFETY: `uint64x2_t` is 16 bytes of plain data, any bits valid, as
        // are 2 `u64`s, whose alignment (8) it meets; the borrow is
        // `state`'s.
        unsafe { &mut *(state as *mut [uint64x2_t; 25]).cast::<[[u64; 2]; 25]>() }
    }
}

/// The SHA3-extension form when the CPU has it.
impl PermuteX<uint64x2_t> for NeonIntrinsics {
    #[inline(always)]
    fn keccak_f(self, state: &mut [uint64x2_t; 25]) {
        neon!(keccak_f1600_x2(state))
    }
}

/// `Keccak-f[1600]` on one state in lane 0 of the SHA3-extension
/// permutation (about 70 instructions a round against about 110 for the
/// scalar form).
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

/// The permutation of the backend's one-lane SHAKE: the SHA3-extension
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

/// One-lane SHAKE: the one-state sponge over [`NeonPermutation`].
pub type Shake<const RATE: usize> = keccak::Shake<RATE, NeonPermutation>;
