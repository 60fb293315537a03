//! Rejection sampling eight candidates at a time: compare, movemask, and
//! compact the accepted lanes with a permutation looked up by the mask.
//!
//! The table index is the acceptance mask. For RejNTTPoly the candidates are
//! public (from rho). For RejBoundedPoly they are secret, but the mask only
//! says which candidates were rejected, and rejected half-bytes are discarded
//! and independent of the accepted ones (the portable backend reveals the
//! same through its counter).

use core::arch::x86_64::*;

use zeroize::Zeroize;

use crate::backend::{CompactTable, portable};
use crate::params::{Eta, EtaKind, N, Q};

static COMPACT: [[u8; 8]; 256] = crate::backend::set_bit_positions();

/// The compaction table the samplers run with.
#[derive(Clone, Copy, Debug)]
pub struct Avx2Compaction;

impl CompactTable for Avx2Compaction {
    const SET_BITS: &'static [[u8; 8]; 256] = &COMPACT;
}

/// The accepted lanes of `v` (mask bit i set = lane i accepted) moved to
/// the front, in order (the lanes after them are left over).
#[inline]
#[target_feature(enable = "avx2")]
fn compacted<T: CompactTable>(v: __m256i, mask: usize) -> __m256i {
    let idx_bytes = &T::SET_BITS[mask & 0xFF];
    // SAFETY: `idx_bytes` is 8 readable bytes.
    let idx = _mm256_cvtepu8_epi32(unsafe { _mm_loadl_epi64(idx_bytes.as_ptr().cast()) });
    _mm256_permutevar8x32_epi32(v, idx)
}

/// [`compacted`], with all eight lanes stored at `out[..8]`; returns how
/// many were accepted.
#[inline]
#[target_feature(enable = "avx2,popcnt")]
fn compact_store<T: CompactTable>(out: &mut [i32], v: __m256i, mask: usize) -> usize {
    let packed = compacted::<T>(v, mask);
    let dst = &mut out[..8];
    // SAFETY: `dst` is 8 writable i32.
    unsafe { _mm256_storeu_si256(dst.as_mut_ptr().cast(), packed) };
    (mask as u32).count_ones() as usize
}

/// Eight uniform candidates (CoeffFromThreeBytes) from `bytes[..24]`, one
/// 32-bit lane each: bytes 0..12 from a 16-byte load at 0, bytes 12..24
/// from one at 8 (at 4..16 of the high lane), so that 24 readable bytes
/// are enough.
#[inline]
#[target_feature(enable = "avx2")]
fn uniform_candidates(bytes: &[u8; 24]) -> __m256i {
    let spread = _mm256_setr_epi8(
        0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1, //
        4, 5, 6, -1, 7, 8, 9, -1, 10, 11, 12, -1, 13, 14, 15, -1,
    );
    let (first, last) = (&bytes[..16], &bytes[8..]);
    // SAFETY: `first` is 16 readable bytes.
    let lo = unsafe { _mm_loadu_si128(first.as_ptr().cast()) };
    // SAFETY: `last` is 16 readable bytes.
    let hi = unsafe { _mm_loadu_si128(last.as_ptr().cast()) };
    let v = _mm256_inserti128_si256::<1>(_mm256_castsi128_si256(lo), hi);
    _mm256_and_si256(_mm256_shuffle_epi8(v, spread), _mm256_set1_epi32(0x7F_FFFF))
}

/// The eight candidates of `bytes` below q, moved to the front and stored
/// at `out[..8]`; returns how many there are.
#[inline]
#[target_feature(enable = "avx2,popcnt")]
fn rej_uniform_step<T: CompactTable>(out: &mut [i32], bytes: &[u8; 24]) -> usize {
    let v = uniform_candidates(bytes);
    let good = _mm256_cmpgt_epi32(_mm256_set1_epi32(Q), v);
    let mask = _mm256_movemask_ps(_mm256_castsi256_ps(good)) as usize;
    compact_store::<T>(out, v, mask)
}

/// Uniform candidates (CoeffFromThreeBytes) from 24 bytes at a time.
///
/// A whole SHAKE128 block (168 bytes, 7 steps) with room for all 56 runs
/// without a branch: each step's store goes where the counts before it
/// put it, so the steps overlap. The rest (a block that may fill `out`,
/// any other length) runs step by step, then the scalar rule.
#[inline(never)]
#[target_feature(enable = "avx2,popcnt")]
pub fn rej_uniform<T: CompactTable>(out: &mut [i32], buf: &[u8]) -> usize {
    let mut ctr = 0;
    let mut pos = 0;
    while let (Some(room), Some(block)) = (
        out.get_mut(ctr..ctr + 56),
        buf.get(pos..).and_then(<[u8]>::first_chunk::<168>),
    ) {
        let mut k = 0;
        // Seven steps: before each, k is at most 8 per step taken, so
        // room[k..k + 8] lies within room.
        for bytes in block.as_chunks::<24>().0 {
            k += rej_uniform_step::<T>(&mut room[k..], bytes);
        }
        ctr += k;
        pos += 168;
    }
    while ctr + 8 <= out.len() {
        let Some(bytes) = buf.get(pos..).and_then(<[u8]>::first_chunk::<24>) else {
            break;
        };
        ctr += rej_uniform_step::<T>(&mut out[ctr..], bytes);
        pos += 24;
    }
    ctr + portable::rej_uniform_scalar(&mut out[ctr..], buf.get(pos..).unwrap_or_default())
}

/// The values (eta - t for eta = 4, 2 - (t mod 5) for eta = 2) of the
/// half-bytes t of the low 8 bytes of `x`, low half-byte first, one byte
/// each, and the mask of those accepted (bit i: half-byte i below the
/// bound). The value is looked up with a byte shuffle, a permutation of
/// registers: no memory access depends on the secret half-bytes.
#[inline]
#[target_feature(enable = "avx2")]
fn half_bytes<E: Eta>(x: __m128i) -> (__m128i, usize) {
    let (limit, values) = match E::KIND {
        EtaKind::Two => (
            15,
            _mm_setr_epi8(2, 1, 0, -1, -2, 2, 1, 0, -1, -2, 2, 1, 0, -1, -2, 0),
        ),
        EtaKind::Four => (
            9,
            _mm_setr_epi8(4, 3, 2, 1, 0, -1, -2, -3, -4, 0, 0, 0, 0, 0, 0, 0),
        ),
    };
    let nibble = _mm_set1_epi8(0x0F);
    let lo = _mm_and_si128(x, nibble);
    let hi = _mm_and_si128(_mm_srli_epi16::<4>(x), nibble);
    let t = _mm_unpacklo_epi8(lo, hi);
    let good = _mm_cmpgt_epi8(_mm_set1_epi8(limit), t);
    // Constant-time check: which half-bytes are accepted is public (the
    // rejected ones are discarded, independent of the accepted ones).
    let mask = crate::ct::public(_mm_movemask_epi8(good) as usize);
    (_mm_shuffle_epi8(values, t), mask)
}

/// min(a, b) by a conditional move. LLVM may turn a `min` or an `if` in a
/// loop into a branch when it expects that to be faster (even
/// `core::hint::select_unpredictable` folded into a `min` did so), and
/// where the polynomial fills up must not decide a branch. (Miri runs no
/// assembly: there, `Ord::min`.)
#[inline(always)]
fn min_cmov(a: usize, b: usize) -> usize {
    #[cfg(not(miri))]
    {
        let mut r = a;
        // SAFETY: compares two registers and moves one into another: no
        // memory or stack access (flags are clobbered, which asm! assumes).
        unsafe {
            core::arch::asm!(
                "cmp {r}, {b}",
                "cmova {r}, {b}",
                r = inout(reg) r,
                b = in(reg) b,
                options(pure, nomem, nostack),
            )
        };
        r
    }
    #[cfg(miri)]
    Ord::min(a, b)
}

/// Where [`rej_eta`] appends: the count `ctr` (at most N) and `window`,
/// the last eight coefficients `out[N - 8..N]` as far as they are set (the
/// lanes below ctr - (N - 8)), kept in a register: the appends near the
/// end take the coefficients they keep from it, not from memory just
/// stored.
struct Tail {
    ctr: usize,
    window: __m256i,
}

impl Tail {
    /// The tail of the first `ctr` coefficients of `out`.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn new(out: &[i32; N], ctr: usize) -> Self {
        let src = &out[N - 8..];
        // SAFETY: `src` is 8 readable i32.
        let window = unsafe { _mm256_loadu_si256(src.as_ptr().cast()) };
        Tail {
            ctr: min_cmov(ctr, N),
            window,
        }
    }

    /// Appends the accepted lanes of `v` (mask bit i set = lane i accepted),
    /// in order, but never past the end of `out`. With s = ctr - (N - 8):
    /// the window's lane j takes accepted lane j - s for j >= s, and keeps
    /// its coefficient below s. Below N - 8 (s < 0) the accepted lanes are
    /// stored at ctr; from there on the window is stored at N - 8. The
    /// count becomes min(ctr + accepted, N): where the polynomial fills up
    /// changes this arithmetic only, not a branch, and the window is the
    /// one value carried from append to append (a blend each).
    #[inline]
    #[target_feature(enable = "avx2,popcnt")]
    fn append<T: CompactTable>(&mut self, out: &mut [i32; N], v: __m256i, mask: usize) {
        let lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        let s = _mm256_set1_epi32(self.ctr as i32 - (N - 8) as i32);
        let packed = compacted::<T>(v, mask);
        // Lane j of the window is position N - 8 + j = ctr + (j - s):
        // accepted lane j - s (mod 8, as the permutation reads the index;
        // lanes past this append's are left over).
        let shifted = _mm256_permutevar8x32_epi32(packed, _mm256_sub_epi32(lane, s));
        let window = _mm256_blendv_epi8(shifted, self.window, _mm256_cmpgt_epi32(s, lane));
        let near_end = _mm256_cmpgt_epi32(s, _mm256_set1_epi32(-1));
        let p = min_cmov(self.ctr, N - 8);
        let dst = &mut out[p..p + 8];
        let new = _mm256_blendv_epi8(packed, window, near_end);
        // SAFETY: `dst` is 8 writable i32.
        unsafe { _mm256_storeu_si256(dst.as_mut_ptr().cast(), new) };
        self.ctr = min_cmov(self.ctr + (mask as u32).count_ones() as usize, N);
        self.window = window;
    }
}

/// The values of the sixteen half-bytes of `bytes` ([`half_bytes`]), as
/// two vectors of eight 32-bit lanes, each with its acceptance mask.
#[inline]
#[target_feature(enable = "avx2")]
fn eta_lanes<E: Eta>(bytes: &[u8; 8]) -> [(__m256i, usize); 2] {
    let (value, mask) = half_bytes::<E>(_mm_cvtsi64_si128(i64::from_le_bytes(*bytes)));
    [
        (_mm256_cvtepi8_epi32(value), mask & 0xFF),
        (_mm256_cvtepi8_epi32(_mm_srli_si128::<8>(value)), mask >> 8),
    ]
}

/// The accepted values of the sixteen half-bytes of `bytes` appended to
/// `out` after `tail` ([`Tail::append`]).
#[inline]
#[target_feature(enable = "avx2,popcnt")]
fn rej_eta_step<T: CompactTable, E: Eta>(out: &mut [i32; N], tail: &mut Tail, bytes: &[u8; 8]) {
    for (v, mask) in eta_lanes::<E>(bytes) {
        tail.append::<T>(out, v, mask);
    }
}

/// Bounded candidates (CoeffFromHalfByte, low half-byte first) of all of
/// `buf`, sixteen half-bytes (8 bytes) at a time, appended to the first
/// `ctr` (at most N) coefficients of `out` until it holds N; returns the new
/// count. The last 1 to 7 bytes, if any, run as an 8-byte word padded with
/// half-bytes 15, rejected for both etas.
///
/// The whole buffer is read however soon `out` fills: the control flow
/// depends on `buf.len()` and on whether `ctr` is 0 alone. Where the
/// rejected half-bytes fall is public (they are discarded, independent of
/// the accepted ones) but differs from seed to seed, and a loop that left
/// at the 256th coefficient let the branch predictor learn it for a seed
/// sampled again and again (`make ct-timing`'s fixed secret ran faster).
/// The words after the first N / 16 of an empty polynomial, and all of a
/// later block's, go through [`Tail::append`]: about twice the time of an
/// uncapped step.
#[inline(never)]
#[target_feature(enable = "avx2,popcnt")]
pub fn rej_eta<T: CompactTable, E: Eta>(out: &mut [i32; N], ctr: usize, buf: &[u8]) -> usize {
    let (words, rest) = buf.as_chunks::<8>();
    // From an empty polynomial the first N / 16 words cannot fill it (at
    // most 16 values each): they store their eight lanes twice at the
    // count, with no cap to keep. As many words run so for every seed.
    let free = if ctr == 0 {
        Ord::min(words.len(), N / 16)
    } else {
        0
    };
    let (first, words) = words.split_at(free);
    let mut at = 0;
    for bytes in first {
        for (v, mask) in eta_lanes::<E>(bytes) {
            at += compact_store::<T>(&mut out[at..], v, mask);
        }
    }
    let mut tail = Tail::new(out, if free == 0 { ctr } else { at });
    for bytes in words {
        rej_eta_step::<T, E>(out, &mut tail, bytes);
    }
    if !rest.is_empty() {
        let mut last = [0xFF; 8];
        last[..rest.len()].copy_from_slice(rest);
        rej_eta_step::<T, E>(out, &mut tail, &last);
        last.zeroize();
    }
    tail.ctr
}
