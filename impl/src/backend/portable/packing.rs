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
