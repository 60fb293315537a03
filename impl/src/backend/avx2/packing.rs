//! BitUnpack of z (18 or 20 bits per coefficient) eight coefficients at a
//! time: each 128-bit half of a register takes the bytes of four fields, a
//! byte shuffle puts each field's three bytes in its 32-bit lane, and a
//! per-lane shift and mask finish it.

use core::arch::x86_64::*;

use super::arithmetic::store;
use crate::poly::Poly;

/// Where the four fields of each half lie: the byte shuffle that moves
/// field k's three bytes into lane k, and the shift that aligns it there.
struct Layout {
    /// Byte offset of the second half's four fields (fields 4..8).
    half: usize,
    spread: [i8; 16],
    shifts: [i32; 4],
}

/// 18 bits: fields at bits 0, 18, 36, 54 of each 9 bytes.
const BITS18: Layout = Layout {
    half: 9,
    spread: [0, 1, 2, -1, 2, 3, 4, -1, 4, 5, 6, -1, 6, 7, 8, -1],
    shifts: [0, 2, 4, 6],
};

/// 20 bits: fields at bits 0, 20, 40, 60 of each 10 bytes.
const BITS20: Layout = Layout {
    half: 10,
    spread: [0, 1, 2, -1, 2, 3, 4, -1, 5, 6, 7, -1, 7, 8, 9, -1],
    shifts: [0, 4, 0, 4],
};

/// gamma1 - field for the eight fields of `bytes` (at least `half + 16`
/// bytes; only the first 2 * half are used).
#[inline]
#[target_feature(enable = "avx2")]
fn eight(
    bytes: &[u8],
    layout: &Layout,
    spread: __m256i,
    shift: __m256i,
    gamma1: __m256i,
    mask: __m256i,
) -> __m256i {
    let lo = &bytes[..16];
    let hi = &bytes[layout.half..layout.half + 16];
    // SAFETY: `lo` and `hi` are 16 readable bytes each.
    let v = unsafe {
        _mm256_set_m128i(
            _mm_loadu_si128(hi.as_ptr().cast()),
            _mm_loadu_si128(lo.as_ptr().cast()),
        )
    };
    let fields = _mm256_and_si256(
        _mm256_srlv_epi32(_mm256_shuffle_epi8(v, spread), shift),
        mask,
    );
    _mm256_sub_epi32(gamma1, fields)
}

/// BitUnpack(v, gamma1 - 1, gamma1) for `bits` = 18 or 20, with v at least
/// 32 * bits bytes. Returns false (and writes nothing) otherwise.
#[inline]
#[target_feature(enable = "avx2")]
pub fn unpack_z(bits: usize, a: &mut Poly, v: &[u8]) -> bool {
    let layout = match bits {
        18 => &BITS18,
        20 => &BITS20,
        _ => return false,
    };
    if v.len() < 32 * bits {
        return false;
    }
    let mut s = [0i8; 32];
    s[..16].copy_from_slice(&layout.spread);
    s[16..].copy_from_slice(&layout.spread);
    // SAFETY: `s` is 32 readable bytes.
    let spread = unsafe { _mm256_loadu_si256(s.as_ptr().cast()) };
    let [s0, s1, s2, s3] = layout.shifts;
    let shift = _mm256_setr_epi32(s0, s1, s2, s3, s0, s1, s2, s3);
    let gamma1 = _mm256_set1_epi32(1 << (bits - 1));
    let mask = _mm256_set1_epi32((1 << bits) - 1);
    for i in 0..32 {
        let offset = i * bits;
        let x = if offset + layout.half + 16 <= v.len() {
            eight(&v[offset..], layout, spread, shift, gamma1, mask)
        } else {
            // The last group: its 16-byte loads would run past v.
            let mut padded = [0u8; 32];
            padded[..bits].copy_from_slice(&v[offset..offset + bits]);
            eight(&padded, layout, spread, shift, gamma1, mask)
        };
        store(&mut a.coeffs, i, x);
    }
    true
}
