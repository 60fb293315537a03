//! Little-endian bit packing of coefficients (SimpleBitPack / BitPack and
//! their inverses, Algorithms 16 to 19) for the hot encodings.

use crate::poly::Poly;

/// Writes GROUP values of BITS bits as BYTES little-endian bytes at a time
/// (GROUP * BITS = 8 * BYTES), so every length is a constant.
#[inline(always)]
fn pack_groups<const BITS: usize, const GROUP: usize, const BYTES: usize>(
    out: &mut [u8],
    a: &Poly,
    f: impl Fn(i32) -> u32,
) {
    for (coeffs, chunk) in a
        .coeffs
        .chunks_exact(GROUP)
        .zip(out.chunks_exact_mut(BYTES))
    {
        let mut x: u128 = 0;
        for (k, &c) in coeffs.iter().enumerate() {
            x |= (f(c) as u128) << (k * BITS);
        }
        chunk.copy_from_slice(&x.to_le_bytes()[..BYTES]);
    }
}

/// Reads GROUP values of BITS bits from BYTES bytes at a time.
#[inline(always)]
fn unpack_groups<const BITS: usize, const GROUP: usize, const BYTES: usize>(
    a: &mut Poly,
    v: &[u8],
    g: impl Fn(u32) -> i32,
) {
    let mask = (1u128 << BITS) - 1;
    for (coeffs, chunk) in a.coeffs.chunks_exact_mut(GROUP).zip(v.chunks_exact(BYTES)) {
        let mut word = [0u8; 16];
        word[..BYTES].copy_from_slice(chunk);
        let x = u128::from_le_bytes(word);
        for (k, c) in coeffs.iter_mut().enumerate() {
            *c = g(((x >> (k * BITS)) & mask) as u32);
        }
    }
}

/// Writes each of the 256 values `f(a_i)` with `bits` bits, little-endian
/// (SimpleBitPack / BitPack), for the widths ML-DSA uses: 3, 4, 6, 10, 13,
/// 18 and 20.
#[inline(always)]
pub fn pack_bits(bits: usize, out: &mut [u8], a: &Poly, f: impl Fn(i32) -> u32) {
    match bits {
        3 => pack_groups::<3, 8, 3>(out, a, f),
        4 => pack_groups::<4, 2, 1>(out, a, f),
        6 => pack_groups::<6, 4, 3>(out, a, f),
        10 => pack_groups::<10, 4, 5>(out, a, f),
        13 => pack_groups::<13, 8, 13>(out, a, f),
        18 => pack_groups::<18, 4, 9>(out, a, f),
        _ => pack_groups::<20, 2, 5>(out, a, f),
    }
}

/// Reads 256 values of `bits` bits, little-endian, into `g(value)`; the
/// widths of [`pack_bits`].
#[inline(always)]
pub fn unpack_bits(bits: usize, a: &mut Poly, v: &[u8], g: impl Fn(u32) -> i32) {
    match bits {
        3 => unpack_groups::<3, 8, 3>(a, v, g),
        4 => unpack_groups::<4, 2, 1>(a, v, g),
        6 => unpack_groups::<6, 4, 3>(a, v, g),
        10 => unpack_groups::<10, 4, 5>(a, v, g),
        13 => unpack_groups::<13, 8, 13>(a, v, g),
        18 => unpack_groups::<18, 4, 9>(a, v, g),
        _ => unpack_groups::<20, 2, 5>(a, v, g),
    }
}

/// BitUnpack(v, gamma1 - 1, gamma1) for 18 or 20 bits per coefficient.
#[inline(always)]
pub fn unpack_z(bits: usize, a: &mut Poly, v: &[u8]) {
    let gamma1 = 1i32 << (bits - 1);
    unpack_bits(bits, a, v, |x| gamma1 - x as i32)
}

/// BitPack(a, gamma1 - 1, gamma1) for 18 or 20 bits per coefficient.
#[inline(always)]
pub fn pack_z(bits: usize, out: &mut [u8], a: &Poly) {
    let gamma1 = 1i32 << (bits - 1);
    pack_bits(bits, out, a, |c| (gamma1 - c) as u32)
}

/// SimpleBitPack(w1, (q-1)/(2 gamma2) - 1) for 4 or 6 bits per coefficient.
#[inline(always)]
pub fn pack_w1(bits: usize, out: &mut [u8], a: &Poly) {
    pack_bits(bits, out, a, |c| c as u32)
}
