//! Little-endian bit packing of coefficients (SimpleBitPack / BitPack and
//! their inverses, Algorithms 16 to 19) for the hot encodings.

use crate::poly::Poly;

/// Writes each of the 256 values `f(a_i)` with `bits` bits, little-endian.
#[inline(always)]
pub fn pack_bits(bits: usize, out: &mut [u8], a: &Poly, f: impl Fn(i32) -> u32) {
    let mut acc: u64 = 0;
    let mut filled = 0;
    let mut o = 0;
    for &c in a.coeffs.iter() {
        acc |= (f(c) as u64) << filled;
        filled += bits;
        while filled >= 8 {
            out[o] = acc as u8;
            acc >>= 8;
            filled -= 8;
            o += 1;
        }
    }
}

/// Reads 256 values of `bits` bits, little-endian, into `g(value)`.
#[inline(always)]
pub fn unpack_bits(bits: usize, a: &mut Poly, v: &[u8], g: impl Fn(u32) -> i32) {
    let mask = (1u64 << bits) - 1;
    let mut acc: u64 = 0;
    let mut filled = 0;
    let mut i = 0;
    for c in a.coeffs.iter_mut() {
        while filled < bits {
            acc |= (v[i] as u64) << filled;
            filled += 8;
            i += 1;
        }
        *c = g((acc & mask) as u32);
        acc >>= bits;
        filled -= bits;
    }
}

/// BitUnpack(v, gamma1 - 1, gamma1) with BITS = 18 or 20 bits per
/// coefficient, GROUP coefficients from BYTES bytes at a time (4 from 9, or
/// 2 from 5), so every length is a constant.
#[inline(always)]
fn unpack_z_groups<const BITS: usize, const GROUP: usize, const BYTES: usize>(
    a: &mut Poly,
    v: &[u8],
) {
    let gamma1 = 1i32 << (BITS - 1);
    let mask = (1u64 << BITS) - 1;
    for (coeffs, chunk) in a.coeffs.chunks_exact_mut(GROUP).zip(v.chunks_exact(BYTES)) {
        let mut word = [0u8; 16];
        word[..BYTES].copy_from_slice(chunk);
        let x = u128::from_le_bytes(word);
        for (k, c) in coeffs.iter_mut().enumerate() {
            *c = gamma1 - ((x >> (k * BITS)) as u64 & mask) as i32;
        }
    }
}

/// BitPack(a, gamma1 - 1, gamma1), the inverse of `unpack_z_groups`.
#[inline(always)]
fn pack_z_groups<const BITS: usize, const GROUP: usize, const BYTES: usize>(
    out: &mut [u8],
    a: &Poly,
) {
    let gamma1 = 1i32 << (BITS - 1);
    for (coeffs, chunk) in a
        .coeffs
        .chunks_exact(GROUP)
        .zip(out.chunks_exact_mut(BYTES))
    {
        let mut x: u128 = 0;
        for (k, &c) in coeffs.iter().enumerate() {
            x |= ((gamma1 - c) as u32 as u128) << (k * BITS);
        }
        chunk.copy_from_slice(&x.to_le_bytes()[..BYTES]);
    }
}

/// BitUnpack(v, gamma1 - 1, gamma1) for 18 or 20 bits per coefficient.
#[inline(always)]
pub fn unpack_z(bits: usize, a: &mut Poly, v: &[u8]) {
    if bits == 18 {
        unpack_z_groups::<18, 4, 9>(a, v)
    } else {
        unpack_z_groups::<20, 2, 5>(a, v)
    }
}

/// BitPack(a, gamma1 - 1, gamma1) for 18 or 20 bits per coefficient.
#[inline(always)]
pub fn pack_z(bits: usize, out: &mut [u8], a: &Poly) {
    if bits == 18 {
        pack_z_groups::<18, 4, 9>(out, a)
    } else {
        pack_z_groups::<20, 2, 5>(out, a)
    }
}

/// SimpleBitPack(w1, (q-1)/(2 gamma2) - 1) for 4 or 6 bits per coefficient.
#[inline(always)]
pub fn pack_w1(bits: usize, out: &mut [u8], a: &Poly) {
    if bits == 4 {
        for (pair, byte) in a.coeffs.chunks_exact(2).zip(out.iter_mut()) {
            *byte = (pair[0] | (pair[1] << 4)) as u8;
        }
    } else {
        for (four, chunk) in a.coeffs.chunks_exact(4).zip(out.chunks_exact_mut(3)) {
            let x = four[0] | (four[1] << 6) | (four[2] << 12) | (four[3] << 18);
            chunk.copy_from_slice(&x.to_le_bytes()[..3]);
        }
    }
}
