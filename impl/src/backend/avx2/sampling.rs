//! Rejection sampling eight candidates at a time: compare, movemask, and
//! compact the accepted lanes with a permutation looked up by the mask.
//!
//! The table index is the acceptance mask. For RejNTTPoly the candidates are
//! public (from rho). For RejBoundedPoly they are secret, but the mask only
//! says which candidates were rejected, and rejected half-bytes are discarded
//! and independent of the accepted ones (the portable backend reveals the
//! same through its counter).

use core::arch::x86_64::*;

use crate::backend::{CompactTable, portable};
use crate::params::{Eta, EtaKind, Q};

static COMPACT: [[u8; 8]; 256] = crate::backend::set_bit_positions();

/// The compaction table the samplers run with.
#[derive(Clone, Copy, Debug)]
pub struct Compact;

impl CompactTable for Compact {
    const SET_BITS: &'static [[u8; 8]; 256] = &COMPACT;
}

/// Moves the accepted lanes of `v` (mask bit i set = lane i accepted) to the
/// front, in order, and stores all eight lanes at `out[..8]`.
#[inline]
#[target_feature(enable = "avx2,popcnt")]
fn compact_store<T: CompactTable>(out: &mut [i32], v: __m256i, mask: usize) -> usize {
    let idx_bytes = &T::SET_BITS[mask & 0xFF];
    // SAFETY: `idx_bytes` is 8 readable bytes.
    let idx = _mm256_cvtepu8_epi32(unsafe { _mm_loadl_epi64(idx_bytes.as_ptr().cast()) });
    let packed = _mm256_permutevar8x32_epi32(v, idx);
    let dst = &mut out[..8];
    // SAFETY: `dst` is 8 writable i32.
    unsafe { _mm256_storeu_si256(dst.as_mut_ptr().cast(), packed) };
    (mask as u32).count_ones() as usize
}

/// Eight uniform candidates (CoeffFromThreeBytes) from 24 bytes, held in
/// the 64-bit lanes of `v` as bytes 0..8, 8..16, 8..16, 16..24: stores the
/// accepted ones at `out[..8]` and returns how many there are.
#[inline]
#[target_feature(enable = "avx2,popcnt")]
fn rej_uniform_step<T: CompactTable>(out: &mut [i32], v: __m256i) -> usize {
    // Bytes 0..12 of the low 128-bit lane and 12..24 (at 4..16 of the high
    // lane, which holds bytes 8..24) become eight 3-byte little-endian lanes.
    let spread = _mm256_setr_epi8(
        0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1, //
        4, 5, 6, -1, 7, 8, 9, -1, 10, 11, 12, -1, 13, 14, 15, -1,
    );
    let v = _mm256_and_si256(_mm256_shuffle_epi8(v, spread), _mm256_set1_epi32(0x7F_FFFF));
    let good = _mm256_cmpgt_epi32(_mm256_set1_epi32(Q), v);
    let mask = _mm256_movemask_ps(_mm256_castsi256_ps(good)) as usize;
    compact_store::<T>(out, v, mask)
}

/// Uniform candidates (CoeffFromThreeBytes) from 24 bytes at a time.
#[inline(never)]
#[target_feature(enable = "avx2,popcnt")]
pub fn rej_uniform<T: CompactTable>(out: &mut [i32], buf: &[u8]) -> usize {
    let mut ctr = 0;
    let mut pos = 0;
    while ctr + 8 <= out.len() && pos + 32 <= buf.len() {
        let bytes = &buf[pos..pos + 32];
        // SAFETY: `bytes` is 32 readable bytes.
        let v = unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) };
        let v = _mm256_permute4x64_epi64::<0b10_01_01_00>(v);
        ctr += rej_uniform_step::<T>(&mut out[ctr..], v);
        pos += 24;
    }
    // The last 24 bytes, when fewer than 32 are left (a 168-byte SHAKE128
    // block ends so): loaded from 8 bytes before them, so that the load
    // stays inside the buffer, instead of going through the scalar loop.
    if ctr + 8 <= out.len() && pos >= 8 && pos + 24 <= buf.len() {
        let bytes = &buf[pos - 8..pos + 24];
        // SAFETY: `bytes` is 32 readable bytes.
        let v = unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) };
        let v = _mm256_permute4x64_epi64::<0b11_10_10_01>(v);
        ctr += rej_uniform_step::<T>(&mut out[ctr..], v);
        pos += 24;
    }
    ctr + portable::rej_uniform_scalar(&mut out[ctr..], &buf[pos..])
}

/// Bounded candidates (CoeffFromHalfByte, low half-byte first) from 4 bytes
/// at a time.
#[inline(never)]
#[target_feature(enable = "avx2,popcnt")]
pub fn rej_eta<T: CompactTable, E: Eta>(out: &mut [i32], buf: &[u8]) -> usize {
    let limit = _mm256_set1_epi32(match E::KIND {
        EtaKind::Two => 15,
        EtaKind::Four => 9,
    });
    let nibble = _mm_set1_epi8(0x0F);
    let mut ctr = 0;
    let mut pos = 0;
    while ctr + 8 <= out.len() && pos + 4 <= buf.len() {
        let mut word = [0u8; 4];
        word.copy_from_slice(&buf[pos..pos + 4]);
        let x = _mm_cvtsi32_si128(i32::from_le_bytes(word));
        let lo = _mm_and_si128(x, nibble);
        let hi = _mm_and_si128(_mm_srli_epi16::<4>(x), nibble);
        let t = _mm256_cvtepu8_epi32(_mm_unpacklo_epi8(lo, hi));
        let good = _mm256_cmpgt_epi32(limit, t);
        let value = match E::KIND {
            EtaKind::Two => {
                // 2 - (t mod 5), t mod 5 = t - 5 floor(205 t / 1024) for t < 15
                let div5 = _mm256_srli_epi32::<10>(_mm256_mullo_epi32(t, _mm256_set1_epi32(205)));
                let rem = _mm256_sub_epi32(t, _mm256_mullo_epi32(div5, _mm256_set1_epi32(5)));
                _mm256_sub_epi32(_mm256_set1_epi32(2), rem)
            }
            EtaKind::Four => _mm256_sub_epi32(_mm256_set1_epi32(4), t),
        };
        // Constant-time check: which half-bytes are accepted is public.
        let mask = crate::ct::public(_mm256_movemask_ps(_mm256_castsi256_ps(good)) as usize);
        ctr += compact_store::<T>(&mut out[ctr..], value, mask);
        pos += 4;
    }
    ctr + portable::rej_eta_scalar::<E>(&mut out[ctr..], &buf[pos..])
}
