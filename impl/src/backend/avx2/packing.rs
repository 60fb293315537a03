//! BitUnpack of z (18 or 20 bits per coefficient) eight coefficients at a
//! time: each 128-bit half of a register takes the bytes of four fields, a
//! byte shuffle puts each field's three bytes in its 32-bit lane, and a
//! per-lane shift and mask finish it. BitPack of z the other way: fields
//! merged pairwise by 64-bit shifts, then stored half by half.
//! SimpleBitPack of w1 (4 or 6 bits) 32 coefficients at a time: narrowed to
//! bytes, then pairs and quadruples merged by multiply-adds.
//! SimpleBitUnpack of t1 (10 bits) the same way, each field shifted to
//! t1 2^d.
//! BitPack of the key encodings' narrow fields (s1 and s2: 3 or 4 bits;
//! t1: 10; t0: 13) 16 coefficients at a time: narrowed to 16-bit lanes,
//! merged pairwise by a multiply-add, then as z's.

use core::arch::x86_64::*;

use super::isa::{load, store};
use crate::params::{Gamma1, Gamma1Kind, Gamma2, Gamma2Kind};
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

/// 10 bits (t1): fields at bits 0, 10, 20, 30 of each 5 bytes.
const BITS10: Layout = Layout {
    half: 5,
    spread: [0, 1, -1, -1, 1, 2, -1, -1, 2, 3, -1, -1, 3, 4, -1, -1],
    shifts: [0, 2, 4, 6],
};

/// The bytes of the eight fields of `bytes` (at least `half + 16` bytes;
/// only the first 2 * half are used), field k's in lane k, not yet
/// shifted or masked.
#[inline]
#[target_feature(enable = "avx2")]
fn spread_fields(bytes: &[u8], layout: &Layout, spread: __m256i) -> __m256i {
    let lo = &bytes[..16];
    let hi = &bytes[layout.half..layout.half + 16];
    // SAFETY: `hi` is 16 readable bytes.
    let hi = unsafe { _mm_loadu_si128(hi.as_ptr().cast()) };
    // SAFETY: `lo` is 16 readable bytes.
    let lo = unsafe { _mm_loadu_si128(lo.as_ptr().cast()) };
    _mm256_shuffle_epi8(_mm256_set_m128i(hi, lo), spread)
}

/// The layout's byte shuffle, in both 128-bit halves.
#[inline]
#[target_feature(enable = "avx2")]
fn spread_of(layout: &Layout) -> __m256i {
    let mut s = [0i8; 32];
    s[..16].copy_from_slice(&layout.spread);
    s[16..].copy_from_slice(&layout.spread);
    // SAFETY: `s` is 32 readable bytes.
    unsafe { _mm256_loadu_si256(s.as_ptr().cast()) }
}

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
    let fields = _mm256_and_si256(
        _mm256_srlv_epi32(spread_fields(bytes, layout, spread), shift),
        mask,
    );
    _mm256_sub_epi32(gamma1, fields)
}

/// BitUnpack(v, gamma1 - 1, gamma1), with v at least 32 * bits bytes.
/// Returns false (and writes nothing) otherwise.
#[inline(never)]
#[target_feature(enable = "avx2")]
pub fn unpack_z<G: Gamma1>(a: &mut Poly, v: &[u8]) -> bool {
    let bits = G::BITS;
    let layout = match G::KIND {
        Gamma1Kind::Pow17 => &BITS18,
        Gamma1Kind::Pow19 => &BITS20,
    };
    if v.len() < 32 * bits {
        return false;
    }
    let spread = spread_of(layout);
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

/// SimpleBitUnpack(v, 2^10 - 1) times 2^d (one row of pkDecode's t1, as
/// verification uses it), with v of 320 bytes. Returns false (and writes
/// nothing) otherwise. Eight coefficients (10 bytes) at a time: the byte
/// shuffle of `unpack_z`, then each field shifted left to bit d (its
/// 16-bit window moved by d - shift) and masked there.
#[inline(never)]
#[target_feature(enable = "avx2")]
pub fn unpack_t1_shifted(a: &mut Poly, v: &[u8]) -> bool {
    const BITS: usize = 10;
    const D: i32 = crate::params::D as i32;
    if v.len() != 32 * BITS {
        return false;
    }
    let layout = &BITS10;
    let spread = spread_of(layout);
    let [s0, s1, s2, s3] = layout.shifts.map(|s| D - s);
    let shift = _mm256_setr_epi32(s0, s1, s2, s3, s0, s1, s2, s3);
    let mask = _mm256_set1_epi32(((1 << BITS) - 1) << D);
    for i in 0..32 {
        let offset = i * BITS;
        let fields = if offset + layout.half + 16 <= v.len() {
            spread_fields(&v[offset..], layout, spread)
        } else {
            // The last groups: their 16-byte loads would run past v.
            let mut padded = [0u8; 32];
            padded[..BITS].copy_from_slice(&v[offset..offset + BITS]);
            spread_fields(&padded, layout, spread)
        };
        let x = _mm256_and_si256(_mm256_sllv_epi32(fields, shift), mask);
        store(&mut a.coeffs, i, x);
    }
    true
}

/// BitPack(a, gamma1 - 1, gamma1) into `out`, at least 32 * bits bytes
/// (18 or 20 bits a coefficient, |a_i| < gamma1 or a_i = gamma1). Returns
/// false (and writes nothing) for a shorter `out`.
///
/// Eight coefficients (18 or 20 bytes) at a time: the fields t = gamma1 -
/// a_i are merged pairwise into each 64-bit lane (t_even | t_odd << bits),
/// then the two lanes of each 128-bit half into its low 9 or 10 bytes; the
/// halves are stored one after the other, each store's surplus bytes
/// overwritten by the next (the last group goes through a buffer, so that
/// no store runs past `out`).
#[inline(never)]
#[target_feature(enable = "avx2")]
pub fn pack_z<G: Gamma1>(out: &mut [u8], a: &Poly) -> bool {
    let bits = G::BITS;
    let half = bits / 2;
    if out.len() < 32 * bits {
        return false;
    }
    let gamma1 = _mm256_set1_epi32(G::GAMMA1);
    let low = _mm256_set1_epi64x((1i64 << bits) - 1);
    let high_half = _mm256_set1_epi64x(-1i64 << 32);
    let count_pair = _mm_cvtsi32_si128(32 - bits as i32);
    let count_up = _mm_cvtsi32_si128(2 * bits as i32);
    let count_down = _mm_cvtsi32_si128(64 - 2 * bits as i32);
    for i in 0..32 {
        let t = _mm256_sub_epi32(gamma1, load(&a.coeffs, i));
        // Each 64-bit lane: t_even | t_odd << bits (2 bits in all).
        let pairs = _mm256_or_si256(
            _mm256_and_si256(t, low),
            _mm256_srl_epi64(_mm256_and_si256(t, high_half), count_pair),
        );
        // Each 128-bit half: lane 0 | lane 1 << 2 bits, as a low and a high
        // 64-bit word.
        let next = _mm256_bsrli_epi128::<8>(pairs);
        let lo = _mm256_or_si256(pairs, _mm256_sll_epi64(next, count_up));
        let hi = _mm256_srl_epi64(next, count_down);
        let packed = _mm256_unpacklo_epi64(lo, hi);
        let offset = i * bits;
        if offset + half + 16 <= 32 * bits {
            store_halves(&mut out[offset..offset + half + 16], packed, half);
        } else {
            let mut buffer = [0u8; 32];
            store_halves(&mut buffer[..half + 16], packed, half);
            out[offset..offset + bits].copy_from_slice(&buffer[..bits]);
        }
    }
    true
}

/// The low 128-bit half of `v` at `dst[..16]`, the high one at
/// `dst[half..half + 16]` (`dst` is `half + 16` bytes).
#[inline]
#[target_feature(enable = "avx2")]
fn store_halves(dst: &mut [u8], v: __m256i, half: usize) {
    let halves = [_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v)];
    for (k, h) in halves.into_iter().enumerate() {
        let dst = &mut dst[k * half..k * half + 16];
        // SAFETY: `dst` is 16 writable bytes.
        unsafe { _mm_storeu_si128(dst.as_mut_ptr().cast(), h) };
    }
}

/// The low `half` bytes (at most 16) of each 128-bit half of `v`, at
/// `dst[..half]` and `dst[half..2 half]` (`dst` is `2 half` bytes): a word
/// at a time from the registers, where `store_halves` would write past
/// `dst`. No buffer holds them (the fields of s1, s2 or t0 are secret).
#[inline]
#[target_feature(enable = "avx2")]
fn store_halves_exact(dst: &mut [u8], v: __m256i, half: usize) {
    let halves = [_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v)];
    for (h, dst) in halves.into_iter().zip(dst.chunks_mut(half)) {
        let words = [_mm_cvtsi128_si64(h), _mm_extract_epi64::<1>(h)];
        for (w, dst) in words.into_iter().zip(dst.chunks_mut(8)) {
            dst.copy_from_slice(&w.to_le_bytes()[..dst.len()]);
        }
    }
}

/// Coefficients 32g .. 32g + 32 as bytes in order (each must be < 256):
/// the coefficients themselves, or their fields `base - a` (NEGATE).
#[inline]
#[target_feature(enable = "avx2")]
fn bytes32<const NEGATE: bool>(a: &Poly, g: usize, base: __m256i) -> __m256i {
    let p0 = _mm256_packus_epi32(
        fields::<NEGATE>(a, 4 * g, base),
        fields::<NEGATE>(a, 4 * g + 1, base),
    );
    let p1 = _mm256_packus_epi32(
        fields::<NEGATE>(a, 4 * g + 2, base),
        fields::<NEGATE>(a, 4 * g + 3, base),
    );
    // packus works per 128-bit half: dword k of the result holds vector
    // k % 4's half k / 4.
    let b = _mm256_packus_epi16(p0, p1);
    _mm256_permutevar8x32_epi32(b, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7))
}

/// Bytes c_2k + 16 c_2k+1 of the 32 bytes (each < 16) of `b`, in order.
#[inline]
#[target_feature(enable = "avx2")]
fn nibbles(b: __m256i) -> __m128i {
    let m = _mm256_maddubs_epi16(b, _mm256_set1_epi16(0x1001));
    _mm256_castsi256_si128(_mm256_permute4x64_epi64::<0b11_10_10_00>(
        _mm256_packus_epi16(m, m),
    ))
}

/// skEncode's BitPack(a, eta, eta) (fields eta - a in [0, 2 eta]), 3 bits
/// (eta = 2) or 4 (eta = 4), into `out` of 32 * BITS bytes; false (and
/// nothing written) for another length. 32 coefficients (4 BITS bytes) at
/// a time as bytes in order ([`bytes32`]), merged by multiply-adds: 4 bits,
/// pairs of nibbles; 3 bits, pairs (6 bits), pairs of pairs (12 bits in
/// each 32-bit lane), then the two 32-bit lanes of each 64-bit lane (24
/// bits, 3 bytes).
#[inline(never)]
#[target_feature(enable = "avx2")]
pub fn pack_eta<const BITS: usize>(out: &mut [u8], a: &Poly, eta: i32) -> bool {
    const { assert!(BITS == 3 || BITS == 4) };
    if out.len() != 32 * BITS {
        return false;
    }
    let base = _mm256_set1_epi32(eta);
    for (g, dst) in out.chunks_exact_mut(4 * BITS).enumerate() {
        let b = bytes32::<true>(a, g, base);
        if BITS == 4 {
            let r = nibbles(b);
            // SAFETY: `dst` is 16 writable bytes.
            unsafe { _mm_storeu_si128(dst.as_mut_ptr().cast(), r) };
        } else {
            let m = _mm256_maddubs_epi16(b, _mm256_set1_epi16(0x0801));
            let d = _mm256_madd_epi16(m, _mm256_set1_epi32(0x0040_0001));
            let e = _mm256_or_si256(d, _mm256_srli_epi64::<20>(d));
            // Each 64-bit lane's three low bytes: the low half's at bytes
            // 0 .. 6, the high half's at 6 .. 12, merged by an OR.
            let spread = _mm256_setr_epi8(
                0, 1, 2, 8, 9, 10, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, //
                -1, -1, -1, -1, -1, -1, 0, 1, 2, 8, 9, 10, -1, -1, -1, -1,
            );
            let r = _mm256_shuffle_epi8(e, spread);
            let r = _mm_or_si128(_mm256_castsi256_si128(r), _mm256_extracti128_si256::<1>(r));
            let (lo, hi) = dst.split_at_mut(8);
            lo.copy_from_slice(&_mm_cvtsi128_si64(r).to_le_bytes());
            hi.copy_from_slice(&_mm_extract_epi32::<2>(r).to_le_bytes());
        }
    }
    true
}

/// SimpleBitPack(w1, m - 1), 4 bits (m = 16) or 6 bits (m = 44),
/// coefficients in [0, m), into `out` of 32 * bits bytes. Returns false (and
/// writes nothing) otherwise.
#[inline(never)]
#[target_feature(enable = "avx2")]
pub fn pack_w1<G: Gamma2>(out: &mut [u8], a: &Poly) -> bool {
    if out.len() != 32 * G::W1_BITS {
        return false;
    }
    for g in 0..8 {
        let b = bytes32::<false>(a, g, _mm256_setzero_si256());
        if G::KIND == Gamma2Kind::Q32 {
            let (dst, r) = (&mut out[16 * g..16 * g + 16], nibbles(b));
            // SAFETY: `dst` is 16 writable bytes.
            unsafe { _mm_storeu_si128(dst.as_mut_ptr().cast(), r) };
        } else {
            // c_4k + 64 c_4k+1 + 4096 c_4k+2 + 2^18 c_4k+3 in 32-bit lanes,
            // their three low bytes packed together: 12 per half.
            let m = _mm256_maddubs_epi16(b, _mm256_set1_epi16(0x4001));
            let d = _mm256_madd_epi16(m, _mm256_set1_epi32(0x1000_0001));
            let spread = _mm256_setr_epi8(
                0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1, //
                0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
            );
            let r = _mm256_shuffle_epi8(d, spread);
            let r = _mm256_permutevar8x32_epi32(r, _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7));
            let dst = &mut out[24 * g..24 * g + 24];
            let (lo, hi) = dst.split_at_mut(16);
            let (r_lo, r_hi) = (_mm256_castsi256_si128(r), _mm256_extracti128_si256::<1>(r));
            // SAFETY: `lo` is 16 writable bytes.
            unsafe { _mm_storeu_si128(lo.as_mut_ptr().cast(), r_lo) };
            // SAFETY: `hi` is 8 writable bytes.
            unsafe { _mm_storel_epi64(hi.as_mut_ptr().cast(), r_hi) };
        }
    }
    true
}

/// The fields of coefficients 8i .. 8i + 8: `base - a` (NEGATE) or `a`.
#[inline]
#[target_feature(enable = "avx2")]
fn fields<const NEGATE: bool>(a: &Poly, i: usize, base: __m256i) -> __m256i {
    let c = load(&a.coeffs, i);
    if NEGATE { _mm256_sub_epi32(base, c) } else { c }
}

/// BitPack of fields of BITS bits, 3 <= BITS <= 13 (skEncode's t0:
/// NEGATE with base 2^(d-1); pkEncode's t1: SimpleBitPack, the
/// coefficients themselves), each field in [0, 2^BITS), into `out` of
/// 32 * BITS bytes. Returns false (and writes nothing) for another length.
///
/// Sixteen coefficients (2 * BITS bytes) at a time: narrowed to 16-bit
/// lanes in order; merged pairwise by a multiply-add (f_2k + f_2k+1 2^BITS
/// in each 32-bit lane), then the two 32-bit lanes of each 64-bit lane
/// (4 BITS bits, at most 52), then the two 64-bit lanes of each 128-bit
/// half into its low BITS bytes; the halves stored as z's are.
#[inline(never)]
#[target_feature(enable = "avx2")]
pub fn pack_narrow<const BITS: usize, const NEGATE: bool>(
    out: &mut [u8],
    a: &Poly,
    base: i32,
) -> bool {
    const { assert!(3 <= BITS && BITS <= 13) };
    if out.len() != 32 * BITS {
        return false;
    }
    let base = _mm256_set1_epi32(base);
    // (1, 2^BITS) in each pair of 16-bit lanes.
    let pair = _mm256_set1_epi32(1 | (1 << (16 + BITS)));
    let low32 = _mm256_set1_epi64x(0xFFFF_FFFF);
    let count_pair = _mm_cvtsi32_si128(2 * BITS as i32);
    let count_up = _mm_cvtsi32_si128(4 * BITS as i32);
    let count_down = _mm_cvtsi32_si128(64 - 4 * BITS as i32);
    for g in 0..16 {
        // packus works per 128-bit half: 64-bit word k of its result is
        // vector k % 2's quarter k / 2; the permutation puts them in order.
        let narrow = _mm256_packus_epi32(
            fields::<NEGATE>(a, 2 * g, base),
            fields::<NEGATE>(a, 2 * g + 1, base),
        );
        let narrow = _mm256_permute4x64_epi64::<0b11_01_10_00>(narrow);
        let pairs = _mm256_madd_epi16(narrow, pair);
        let quads = _mm256_or_si256(
            _mm256_and_si256(pairs, low32),
            _mm256_sll_epi64(_mm256_srli_epi64::<32>(pairs), count_pair),
        );
        // Each 128-bit half: lane 0 | lane 1 << 4 BITS, as a low and a
        // high 64-bit word.
        let next = _mm256_bsrli_epi128::<8>(quads);
        let lo = _mm256_or_si256(quads, _mm256_sll_epi64(next, count_up));
        let hi = _mm256_srl_epi64(next, count_down);
        let packed = _mm256_unpacklo_epi64(lo, hi);
        let offset = g * 2 * BITS;
        if offset + BITS + 16 <= 32 * BITS {
            store_halves(&mut out[offset..offset + BITS + 16], packed, BITS);
        } else {
            // The last groups, whose 16-byte stores would run past `out`
            // (the last of the sixteen for 10 and 13 bits).
            store_halves_exact(&mut out[offset..offset + 2 * BITS], packed, BITS);
        }
    }
    true
}

/// The byte shuffle and shifts that bring field k of eight BITS-bit fields
/// (bits k BITS .. k BITS + BITS of 16 bytes held in both 128-bit halves)
/// to the bottom of lane k: its (up to) three bytes, then a right shift.
const fn narrow_layout(bits: usize) -> ([i8; 32], [i32; 8]) {
    let mut spread = [-1i8; 32];
    let mut shifts = [0i32; 8];
    let mut k = 0;
    while k < 8 {
        let offset = k * bits / 8;
        let mut b = 0;
        while b < 3 {
            if offset + b < 16 {
                spread[4 * k + b] = (offset + b) as i8;
            }
            b += 1;
        }
        shifts[k] = (k * bits % 8) as i32;
        k += 1;
    }
    (spread, shifts)
}

/// BitUnpack of fields of BITS bits, 3 <= BITS <= 13, each to `base -
/// field` (skDecode's s1 and s2 with base eta, its t0 with base 2^(d-1)),
/// from `v` of 32 * BITS bytes; None (and nothing written) for another
/// length. Also returns the OR of every `coefficient + base` (the sign bit
/// set where a field exceeded 2 base: an s1 or s2 coefficient below -eta).
///
/// Eight coefficients (BITS bytes) at a time: 16 bytes loaded into both
/// 128-bit halves, a byte shuffle moving each field's bytes into its lane,
/// a per-lane shift and a mask.
#[inline(never)]
#[target_feature(enable = "avx2")]
pub fn unpack_narrow<const BITS: usize>(a: &mut Poly, v: &[u8], base: i32) -> Option<__m256i> {
    const { assert!(3 <= BITS && BITS <= 13) };
    if v.len() != 32 * BITS {
        return None;
    }
    let (spread, shifts) = const { narrow_layout(BITS) };
    // SAFETY: `spread` is 32 readable bytes.
    let spread = unsafe { _mm256_loadu_si256(spread.as_ptr().cast()) };
    // SAFETY: `shifts` is 32 readable bytes.
    let shift = unsafe { _mm256_loadu_si256(shifts.as_ptr().cast()) };
    let mask = _mm256_set1_epi32((1 << BITS) - 1);
    let base = _mm256_set1_epi32(base);
    let mut acc = _mm256_setzero_si256();
    for g in 0..32 {
        let offset = g * BITS;
        let x = match v.get(offset..offset + 16) {
            // SAFETY: `bytes` is 16 readable bytes.
            Some(bytes) => unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) },
            // The last groups, whose 16-byte loads would run past v.
            None => load_exact(&v[offset..offset + BITS]),
        };
        let x = _mm256_broadcastsi128_si256(x);
        let fields = _mm256_and_si256(
            _mm256_srlv_epi32(_mm256_shuffle_epi8(x, spread), shift),
            mask,
        );
        let c = _mm256_sub_epi32(base, fields);
        acc = _mm256_or_si256(acc, _mm256_add_epi32(c, base));
        store(&mut a.coeffs, g, c);
    }
    Some(acc)
}

/// `src` (at most 16 bytes) in the low bytes of a vector, zeros above: a
/// word at a time into the registers, where a 16-byte load would read past
/// `src`. No buffer holds them (the fields of s1, s2 or t0 are secret).
#[inline]
#[target_feature(enable = "avx2")]
fn load_exact(src: &[u8]) -> __m128i {
    let mut words = [0i64; 2];
    for (w, piece) in words.iter_mut().zip(src.chunks(8)) {
        let mut bytes = [0u8; 8];
        bytes[..piece.len()].copy_from_slice(piece);
        *w = i64::from_le_bytes(bytes);
    }
    _mm_set_epi64x(words[1], words[0])
}

/// -1 if the sign bit of some lane of `acc` is set, else 0, without a
/// branch ([`unpack_narrow`]'s out-of-range flag, in skDecode's form).
#[inline]
#[target_feature(enable = "avx2")]
pub fn out_of_range(acc: __m256i) -> i32 {
    let signs = _mm256_movemask_ps(_mm256_castsi256_ps(acc));
    -((signs != 0) as i32)
}
