//! Rejection sampling with table-driven compaction: compare a vector of
//! candidates, turn the comparison into a bit mask, and move the accepted
//! lanes to the front with a `tbl` byte shuffle looked up by the mask.
//!
//! The table index is the acceptance mask. For RejNTTPoly the candidates are
//! public (from rho). For RejBoundedPoly they are secret, but the mask only
//! says which candidates were rejected, and rejected half-bytes are discarded
//! and independent of the accepted ones (the portable backend reveals the
//! same through its counter). The accepted values themselves are computed
//! arithmetically, never looked up.

use core::arch::aarch64::*;

use crate::backend::{CompactTable, portable};
use crate::params::{Eta, EtaKind, Q};

/// For each 4-bit mask, `tbl` indices moving the bytes of the accepted
/// 32-bit lanes to the front, in order (0xFF, which `tbl` turns into zero,
/// for the rest).
const fn uniform_table() -> [[u8; 16]; 16] {
    let mut t = [[0xFFu8; 16]; 16];
    let mut mask = 0;
    while mask < 16 {
        let mut n = 0;
        let mut lane = 0;
        while lane < 4 {
            if mask & (1 << lane) != 0 {
                let mut byte = 0;
                while byte < 4 {
                    t[mask][4 * n + byte] = (4 * lane + byte) as u8;
                    byte += 1;
                }
                n += 1;
            }
            lane += 1;
        }
        mask += 1;
    }
    t
}

static UNIFORM_COMPACT: [[u8; 16]; 16] = uniform_table();

/// The four-lane compaction table of `rej_uniform`: for each 4-bit mask,
/// the `tbl` indices of `uniform_table`. A trait, as [`CompactTable`] is
/// for the eight-lane one, so that the lemmas can run the sampler on a
/// table with a row planted wrong.
pub trait UniformTable {
    /// The 16 rows, indexed by the acceptance mask.
    const ROWS: &'static [[u8; 16]; 16];
}

/// The table `rej_uniform` runs with.
#[derive(Clone, Copy, Debug)]
pub struct UniformCompact;

impl UniformTable for UniformCompact {
    const ROWS: &'static [[u8; 16]; 16] = &UNIFORM_COMPACT;
}
static ETA_COMPACT: [[u8; 8]; 256] = crate::backend::set_bit_positions();

/// The eight-lane compaction table `rej_eta` runs with.
#[derive(Clone, Copy, Debug)]
pub struct EtaCompact;

impl CompactTable for EtaCompact {
    const SET_BITS: &'static [[u8; 8]; 256] = &ETA_COMPACT;
}

/// Bytes 0..12 of a 16-byte load as four 3-byte little-endian lanes.
static SPREAD: [u8; 16] = [0, 1, 2, 0xFF, 3, 4, 5, 0xFF, 6, 7, 8, 0xFF, 9, 10, 11, 0xFF];
static BITS32: [u32; 4] = [1, 2, 4, 8];
static BITS16: [u16; 8] = [1, 2, 4, 8, 16, 32, 64, 128];
static BITS8: [u8; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

#[inline]
#[target_feature(enable = "neon")]
fn load16(bytes: &[u8; 16]) -> uint8x16_t {
    // SAFETY: `bytes` is 16 readable bytes.
    unsafe { vld1q_u8(bytes.as_ptr()) }
}

/// Stores four i32 lanes at `out[..4]`.
#[inline]
#[target_feature(enable = "neon")]
fn store4(out: &mut [i32], v: int32x4_t) {
    let dst = &mut out[..4];
    // SAFETY: `dst` is 4 writable i32.
    unsafe { vst1q_s32(dst.as_mut_ptr(), v) }
}

/// Four uniform candidates from bytes 0..12 of `bytes`: 23-bit lanes.
#[inline]
#[target_feature(enable = "neon")]
fn candidates(bytes: &[u8; 16], spread: uint8x16_t) -> uint32x4_t {
    let v = vqtbl1q_u8(load16(bytes), spread);
    vandq_u32(vreinterpretq_u32_u8(v), vdupq_n_u32(0x7F_FFFF))
}

/// Stores the lanes of `v` selected by the 4-bit `mask` at `out[..4]`, in
/// order, and returns how many there are.
#[inline]
#[target_feature(enable = "neon")]
fn compact4<T: UniformTable>(out: &mut [i32], v: uint32x4_t, mask: usize) -> usize {
    let packed = vqtbl1q_u8(vreinterpretq_u8_u32(v), load16(&T::ROWS[mask & 15]));
    store4(out, vreinterpretq_s32_u8(packed));
    (mask & 15).count_ones() as usize
}

/// Uniform candidates (CoeffFromThreeBytes): eight from each 24 bytes (two
/// loads, one mask for both), then four from each 12, then one at a time.
#[inline]
#[target_feature(enable = "neon")]
pub fn rej_uniform<T: UniformTable>(out: &mut [i32], buf: &[u8]) -> usize {
    let q = vdupq_n_u32(Q as u32);
    let spread = load16(&SPREAD);
    // SAFETY: `BITS16` is 8 readable u16.
    let bits16 = unsafe { vld1q_u16(BITS16.as_ptr()) };
    // SAFETY: `BITS32` is 4 readable u32.
    let bits32 = unsafe { vld1q_u32(BITS32.as_ptr()) };
    let mut ctr = 0;
    let mut pos = 0;
    while ctr + 8 <= out.len() && pos + 28 <= buf.len() {
        let mut lo = [0u8; 16];
        let mut hi = [0u8; 16];
        lo.copy_from_slice(&buf[pos..pos + 16]);
        hi.copy_from_slice(&buf[pos + 12..pos + 28]);
        let (lo, hi) = (candidates(&lo, spread), candidates(&hi, spread));
        let good = vcombine_u16(vmovn_u32(vcltq_u32(lo, q)), vmovn_u32(vcltq_u32(hi, q)));
        let mask = vaddvq_u16(vandq_u16(good, bits16)) as usize;
        ctr += compact4::<T>(&mut out[ctr..], lo, mask);
        ctr += compact4::<T>(&mut out[ctr..], hi, mask >> 4);
        pos += 24;
    }
    while ctr + 4 <= out.len() && pos + 16 <= buf.len() {
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(&buf[pos..pos + 16]);
        let v = candidates(&bytes, spread);
        let mask = vaddvq_u32(vandq_u32(vcltq_u32(v, q), bits32)) as usize;
        ctr += compact4::<T>(&mut out[ctr..], v, mask);
        pos += 12;
    }
    ctr + portable::rej_uniform_scalar(&mut out[ctr..], &buf[pos..])
}

/// Bounded candidates (CoeffFromHalfByte, low half-byte first), eight from
/// each 4 bytes, computed in 8-bit lanes and widened after compaction.
#[inline]
#[target_feature(enable = "neon")]
pub fn rej_eta<T: CompactTable, E: Eta>(out: &mut [i32], buf: &[u8]) -> usize {
    let limit = vdup_n_u8(match E::KIND {
        EtaKind::Two => 15,
        EtaKind::Four => 9,
    });
    // SAFETY: `BITS8` is 8 readable bytes.
    let bits = unsafe { vld1_u8(BITS8.as_ptr()) };
    let mut ctr = 0;
    let mut pos = 0;
    while ctr + 8 <= out.len() && pos + 4 <= buf.len() {
        let mut word = [0u8; 4];
        word.copy_from_slice(&buf[pos..pos + 4]);
        let x = vcreate_u8(u32::from_le_bytes(word) as u64);
        let t = vzip1_u8(vand_u8(x, vdup_n_u8(0x0F)), vshr_n_u8::<4>(x));
        let good = vclt_u8(t, limit);
        let value = match E::KIND {
            EtaKind::Two => {
                // 2 - (t mod 5), floor(t / 5) = (13 t) >> 6 for t < 15
                let div5 = vshr_n_u8::<6>(vmul_u8(t, vdup_n_u8(13)));
                let rem = vmls_u8(t, div5, vdup_n_u8(5));
                vsub_u8(vdup_n_u8(2), rem)
            }
            EtaKind::Four => vsub_u8(vdup_n_u8(4), t),
        };
        let mask = vaddv_u8(vand_u8(good, bits)) as usize;
        let idx = &T::SET_BITS[mask & 0xFF];
        // SAFETY: `idx` is 8 readable bytes.
        let packed = vtbl1_u8(value, unsafe { vld1_u8(idx.as_ptr()) });
        let wide = vmovl_s8(vreinterpret_s8_u8(packed));
        let dst = &mut out[ctr..ctr + 8];
        store4(&mut dst[..4], vmovl_s16(vget_low_s16(wide)));
        store4(&mut dst[4..], vmovl_high_s16(wide));
        ctr += mask.count_ones() as usize;
        pos += 4;
    }
    ctr + portable::rej_eta_scalar::<E>(&mut out[ctr..], &buf[pos..])
}
