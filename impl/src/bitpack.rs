//! Little-endian bit packing of polynomial coefficients: SimpleBitPack /
//! BitPack and their inverses (FIPS 204 Algorithms 16 to 19), for every
//! width ML-DSA uses. Shared by the algorithms (the key encodings) and the
//! backends (the portable z / w1 packers and the SIMD fallbacks), so it
//! belongs to neither.

use zeroize::Zeroize;

use crate::poly::Poly;

/// GROUP coefficients of BITS bits fill BYTES bytes exactly (GROUP * BITS =
/// 8 * BYTES), the smallest such group for each width; any other width does
/// not compile.
const fn group(bits: usize) -> (usize, usize) {
    match bits {
        3 => (8, 3),
        4 => (2, 1),
        6 => (4, 3),
        10 => (4, 5),
        13 => (8, 13),
        18 => (4, 9),
        20 => (2, 5),
        _ => panic!("ML-DSA packs 3, 4, 6, 10, 13, 18 or 20 bits per coefficient"),
    }
}

/// Writes each of the 256 values `f(a_i)` with BITS bits, little-endian
/// (SimpleBitPack / BitPack), GROUP values at a time so every length is a
/// constant. `out` has 32 * BITS bytes.
#[inline(always)]
pub fn pack_bits<const BITS: usize>(out: &mut [u8], a: &Poly, f: impl Fn(i32) -> u32) {
    let (group, bytes) = const { group(BITS) };
    let mut word = [0u8; 16];
    for (coeffs, chunk) in a
        .coeffs
        .chunks_exact(group)
        .zip(out.chunks_exact_mut(bytes))
    {
        let mut x: u128 = 0;
        for (k, &c) in coeffs.iter().enumerate() {
            x |= (f(c) as u128) << (k * BITS);
        }
        word = x.to_le_bytes();
        chunk.copy_from_slice(&word[..bytes]);
    }
    // The last group written (of s1, s2 or t0, when `out` is a signing
    // key's).
    word.zeroize();
}

/// Reads 256 values of BITS bits, little-endian, into `g(value)`: the
/// inverse of [`pack_bits`]. `v` has 32 * BITS bytes.
#[inline(always)]
pub fn unpack_bits<const BITS: usize>(a: &mut Poly, v: &[u8], g: impl Fn(u32) -> i32) {
    let (group, bytes) = const { group(BITS) };
    let mask = (1u128 << BITS) - 1;
    let mut word = [0u8; 16];
    for (coeffs, chunk) in a.coeffs.chunks_exact_mut(group).zip(v.chunks_exact(bytes)) {
        word[..bytes].copy_from_slice(chunk);
        let x = u128::from_le_bytes(word);
        for (k, c) in coeffs.iter_mut().enumerate() {
            *c = g(((x >> (k * BITS)) & mask) as u32);
        }
    }
    // The last group read (of s1, s2 or t0, when `v` is a signing key's).
    word.zeroize();
}
