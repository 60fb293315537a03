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

use crate::backend::portable::KECCAK_RC;
use crate::backend::keccak::wide;

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

#[inline]
#[target_feature(enable = "neon")]
fn xor(x: uint64x2_t, y: uint64x2_t) -> uint64x2_t {
    veorq_u64(x, y)
}

/// !x & y.
#[inline]
#[target_feature(enable = "neon")]
fn andnot(x: uint64x2_t, y: uint64x2_t) -> uint64x2_t {
    vbicq_u64(y, x)
}

/// Rotation left by r, for the rotation offsets of Keccak (a constant at
/// every call once inlined, so the match folds to one `shl` + `sri`).
#[inline]
#[target_feature(enable = "neon")]
fn rotl(x: uint64x2_t, r: u32) -> uint64x2_t {
    macro_rules! by {
        ($($n:literal)*) => {
            match r {
                $($n => vsriq_n_u64::<{ 64 - $n }>(vshlq_n_u64::<$n>(x), x),)*
                _ => x,
            }
        };
    }
    by!(1 2 3 6 8 10 14 15 18 20 21 25 27 28 36 39 41 43 44 45 55 56 61 62)
}

/// `Keccak-f[1600]` on two interleaved states, plain NEON.
#[inline]
#[target_feature(enable = "neon")]
fn keccak_f1600_x2_neon(state: &mut [uint64x2_t; 25]) {
    let mut a = *state;
    let mut e = [vdupq_n_u64(0); 25];
    for rc in KECCAK_RC.chunks_exact(2) {
        keccak_round!(a, e, vdupq_n_u64(rc[0]), xor, andnot, rotl);
        keccak_round!(e, a, vdupq_n_u64(rc[1]), xor, andnot, rotl);
    }
    *state = a;
}

/// One round in the SHA3-extension form: `keccak_round!` with theta's
/// column sums as `eor3`, d as `rax1`, each xor-then-rotate as
/// `xar` (rotate right by 64 - r) and chi's x ^ (!y & z) as `bcax`.
macro_rules! keccak_round_sha3 {
    ($a:ident, $e:ident, $rc:expr) => {{
        let c0 = veor3q_u64(veor3q_u64($a[0], $a[5], $a[10]), $a[15], $a[20]);
        let c1 = veor3q_u64(veor3q_u64($a[1], $a[6], $a[11]), $a[16], $a[21]);
        let c2 = veor3q_u64(veor3q_u64($a[2], $a[7], $a[12]), $a[17], $a[22]);
        let c3 = veor3q_u64(veor3q_u64($a[3], $a[8], $a[13]), $a[18], $a[23]);
        let c4 = veor3q_u64(veor3q_u64($a[4], $a[9], $a[14]), $a[19], $a[24]);
        let d0 = vrax1q_u64(c4, c1);
        let d1 = vrax1q_u64(c0, c2);
        let d2 = vrax1q_u64(c1, c3);
        let d3 = vrax1q_u64(c2, c4);
        let d4 = vrax1q_u64(c3, c0);
        let b0 = veorq_u64($a[0], d0);
        let b1 = vxarq_u64::<{ 64 - 44 }>($a[6], d1);
        let b2 = vxarq_u64::<{ 64 - 43 }>($a[12], d2);
        let b3 = vxarq_u64::<{ 64 - 21 }>($a[18], d3);
        let b4 = vxarq_u64::<{ 64 - 14 }>($a[24], d4);
        $e[0] = veorq_u64(vbcaxq_u64(b0, b2, b1), $rc);
        $e[1] = vbcaxq_u64(b1, b3, b2);
        $e[2] = vbcaxq_u64(b2, b4, b3);
        $e[3] = vbcaxq_u64(b3, b0, b4);
        $e[4] = vbcaxq_u64(b4, b1, b0);
        let b0 = vxarq_u64::<{ 64 - 28 }>($a[3], d3);
        let b1 = vxarq_u64::<{ 64 - 20 }>($a[9], d4);
        let b2 = vxarq_u64::<{ 64 - 3 }>($a[10], d0);
        let b3 = vxarq_u64::<{ 64 - 45 }>($a[16], d1);
        let b4 = vxarq_u64::<{ 64 - 61 }>($a[22], d2);
        $e[5] = vbcaxq_u64(b0, b2, b1);
        $e[6] = vbcaxq_u64(b1, b3, b2);
        $e[7] = vbcaxq_u64(b2, b4, b3);
        $e[8] = vbcaxq_u64(b3, b0, b4);
        $e[9] = vbcaxq_u64(b4, b1, b0);
        let b0 = vxarq_u64::<{ 64 - 1 }>($a[1], d1);
        let b1 = vxarq_u64::<{ 64 - 6 }>($a[7], d2);
        let b2 = vxarq_u64::<{ 64 - 25 }>($a[13], d3);
        let b3 = vxarq_u64::<{ 64 - 8 }>($a[19], d4);
        let b4 = vxarq_u64::<{ 64 - 18 }>($a[20], d0);
        $e[10] = vbcaxq_u64(b0, b2, b1);
        $e[11] = vbcaxq_u64(b1, b3, b2);
        $e[12] = vbcaxq_u64(b2, b4, b3);
        $e[13] = vbcaxq_u64(b3, b0, b4);
        $e[14] = vbcaxq_u64(b4, b1, b0);
        let b0 = vxarq_u64::<{ 64 - 27 }>($a[4], d4);
        let b1 = vxarq_u64::<{ 64 - 36 }>($a[5], d0);
        let b2 = vxarq_u64::<{ 64 - 10 }>($a[11], d1);
        let b3 = vxarq_u64::<{ 64 - 15 }>($a[17], d2);
        let b4 = vxarq_u64::<{ 64 - 56 }>($a[23], d3);
        $e[15] = vbcaxq_u64(b0, b2, b1);
        $e[16] = vbcaxq_u64(b1, b3, b2);
        $e[17] = vbcaxq_u64(b2, b4, b3);
        $e[18] = vbcaxq_u64(b3, b0, b4);
        $e[19] = vbcaxq_u64(b4, b1, b0);
        let b0 = vxarq_u64::<{ 64 - 62 }>($a[2], d2);
        let b1 = vxarq_u64::<{ 64 - 55 }>($a[8], d3);
        let b2 = vxarq_u64::<{ 64 - 39 }>($a[14], d4);
        let b3 = vxarq_u64::<{ 64 - 41 }>($a[15], d0);
        let b4 = vxarq_u64::<{ 64 - 2 }>($a[21], d1);
        $e[20] = vbcaxq_u64(b0, b2, b1);
        $e[21] = vbcaxq_u64(b1, b3, b2);
        $e[22] = vbcaxq_u64(b2, b4, b3);
        $e[23] = vbcaxq_u64(b3, b0, b4);
        $e[24] = vbcaxq_u64(b4, b1, b0);
    }};
}

/// `Keccak-f[1600]` on two interleaved states with the SHA3 extension.
#[inline]
#[target_feature(enable = "sha3")]
pub(super) fn keccak_f1600_x2_sha3(state: &mut [uint64x2_t; 25]) {
    let mut a = *state;
    let mut e = [vdupq_n_u64(0); 25];
    for rc in KECCAK_RC.chunks_exact(2) {
        keccak_round_sha3!(a, e, vdupq_n_u64(rc[0]));
        keccak_round_sha3!(e, a, vdupq_n_u64(rc[1]));
    }
    *state = a;
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
