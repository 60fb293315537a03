//! Data type conversion functions, FIPS 204 section 7.1 (Algorithms 9 to 21).
//!
//! Bit strings are `Vec<u8>` holding one bit (0 or 1) per entry; byte strings
//! are `Vec<u8>` / `&[u8]`. A returned `None` is the standard's bottom.

use crate::params::N;
use crate::ring::{Poly, zero, zero_vector};

/// Algorithm 9, IntegerToBits(x, alpha): the alpha-bit little-endian binary
/// representation of x (section 7.1).
#[hax_lib::requires(alpha <= 32)]
#[hax_lib::ensures(|y| y.len() == alpha)]
pub fn integer_to_bits(x: u32, alpha: usize) -> Vec<u8> {
    let mut y = vec![0u8; alpha];
    // 1: x' <- x
    let mut x_prime = x;
    // 2: for i from 0 to alpha - 1 do
    for i in 0..alpha {
        // 3: y[i] <- x' mod 2
        y[i] = (x_prime % 2) as u8;
        // 4: x' <- floor(x'/2)
        x_prime /= 2;
    } // 5: end for
    // 6: return y
    y
}

/// Algorithm 10, BitsToInteger(y, alpha): the integer whose alpha-bit
/// little-endian representation is y.
#[hax_lib::requires(alpha <= 32 && y.len() >= alpha)]
pub fn bits_to_integer(y: &[u8], alpha: usize) -> u32 {
    // 1: x <- 0
    let mut x: u32 = 0;
    // 2: for i from 1 to alpha do
    for i in 1..=alpha {
        // 3: x <- 2x + y[alpha - i]
        x = 2 * x + y[alpha - i] as u32;
    } // 4: end for
    // 5: return x
    x
}

/// Algorithm 11, IntegerToBytes(x, alpha): the alpha-byte little-endian
/// representation of x.
#[hax_lib::requires(alpha <= 8)]
#[hax_lib::ensures(|y| y.len() == alpha)]
pub fn integer_to_bytes(x: u64, alpha: usize) -> Vec<u8> {
    let mut y = vec![0u8; alpha];
    // 1: x' <- x
    let mut x_prime = x;
    // 2: for i from 0 to alpha - 1 do
    for i in 0..alpha {
        // 3: y[i] <- x' mod 256
        y[i] = (x_prime % 256) as u8;
        // 4: x' <- floor(x'/256)
        x_prime /= 256;
    } // 5: end for
    // 6: return y
    y
}

/// Algorithm 12, BitsToBytes(y): packs a bit string into ceil(alpha/8) bytes,
/// little-endian within each byte.
#[hax_lib::ensures(|z| z.len() == y.len().div_ceil(8))]
pub fn bits_to_bytes(y: &[u8]) -> Vec<u8> {
    let alpha = y.len();
    // 1: z <- 0^ceil(alpha/8)
    let mut z = vec![0u8; alpha.div_ceil(8)];
    // 2: for i from 0 to alpha - 1 do
    for i in 0..alpha {
        // 3: z[floor(i/8)] <- z[floor(i/8)] + y[i] * 2^(i mod 8)
        z[i / 8] += y[i] << (i % 8);
    } // 4: end for
    // 5: return z
    z
}

/// Algorithm 13, BytesToBits(z): the 8 * alpha bits of the byte string z.
#[hax_lib::ensures(|y| y.len() == 8 * z.len())]
pub fn bytes_to_bits(z: &[u8]) -> Vec<u8> {
    let alpha = z.len();
    let mut y = vec![0u8; 8 * alpha];
    // 1: z' <- z
    let mut z_prime = z.to_vec();
    // 2: for i from 0 to alpha - 1 do
    for i in 0..alpha {
        // 3: for j from 0 to 7 do
        for j in 0..8 {
            // 4: y[8i + j] <- z'[i] mod 2
            y[8 * i + j] = z_prime[i] % 2;
            // 5: z'[i] <- floor(z'[i]/2)
            z_prime[i] /= 2;
        } // 6: end for
    } // 7: end for
    // 8: return y
    y
}

/// Algorithm 14, CoeffFromThreeBytes(b0, b1, b2): an element of Z_q or
/// bottom (`None`), for rejection sampling in RejNTTPoly.
#[hax_lib::ensures(|r| match r { Some(z) => 0 <= z && z < crate::params::Q, None => true })]
pub fn coeff_from_three_bytes(b0: u8, b1: u8, b2: u8) -> Option<i32> {
    // 1: b2' <- b2
    let mut b2_prime = b2 as i32;
    // 2: if b2' > 127 then
    if b2_prime > 127 {
        // 3: b2' <- b2' - 128  (set the top bit of b2' to zero)
        b2_prime -= 128;
    } // 4: end if
    // 5: z <- 2^16 * b2' + 2^8 * b1 + b0
    let z = 65536 * b2_prime + 256 * b1 as i32 + b0 as i32;
    // 6: if z < q then return z
    if z < crate::params::Q {
        Some(z)
    } else {
        // 7: else return bottom
        None
    } // 8: end if
}

/// Algorithm 15, CoeffFromHalfByte(b): an element of [-eta, eta] or bottom,
/// for rejection sampling in RejBoundedPoly.
#[hax_lib::requires(b < 16 && (eta == 2 || eta == 4))]
#[hax_lib::ensures(|r| match r { Some(c) => -eta <= c && c <= eta, None => true })]
pub fn coeff_from_half_byte(b: u8, eta: i32) -> Option<i32> {
    let b = b as i32;
    // 1: if eta = 2 and b < 15 then return 2 - (b mod 5)
    if eta == 2 && b < 15 {
        Some(2 - (b % 5))
    } else {
        // 2: else
        // 3: if eta = 4 and b < 9 then return 4 - b
        if eta == 4 && b < 9 {
            Some(4 - b)
        } else {
            // 4: else return bottom
            None
        } // 5: end if
    } // 6: end if
}

/// Algorithm 16, SimpleBitPack(w, b): encodes a polynomial with coefficients
/// in [0, b] as 32 * bitlen(b) bytes.
#[hax_lib::requires(b > 0 && crate::ring::coefficients_in(w, 0, b as i32))]
pub fn simple_bit_pack(w: &Poly, b: u32) -> Vec<u8> {
    let bitlen_b = crate::params::bitlen(b);
    // 1: z <- ()
    let mut z = Vec::new();
    // 2: for i from 0 to 255 do
    for i in 0..N {
        // 3: z <- z || IntegerToBits(w_i, bitlen b)
        z.extend_from_slice(&integer_to_bits(w[i] as u32, bitlen_b));
    } // 4: end for
    // 5: return BitsToBytes(z)
    bits_to_bytes(&z)
}

/// Algorithm 17, BitPack(w, a, b): encodes a polynomial with coefficients in
/// [-a, b] as 32 * bitlen(a + b) bytes.
#[hax_lib::requires(b > 0 && crate::ring::coefficients_in(w, -(a as i32), b as i32))]
pub fn bit_pack(w: &Poly, a: u32, b: u32) -> Vec<u8> {
    let bitlen_a_plus_b = crate::params::bitlen(a + b);
    // 1: z <- ()
    let mut z = Vec::new();
    // 2: for i from 0 to 255 do
    for i in 0..N {
        // 3: z <- z || IntegerToBits(b - w_i, bitlen(a + b))
        z.extend_from_slice(&integer_to_bits((b as i32 - w[i]) as u32, bitlen_a_plus_b));
    } // 4: end for
    // 5: return BitsToBytes(z)
    bits_to_bytes(&z)
}

/// Algorithm 18, SimpleBitUnpack(v, b): reverses SimpleBitPack. When b + 1
/// is a power of 2 every coefficient is in [0, b]; otherwise it may reach
/// 2^bitlen(b) - 1.
#[hax_lib::requires(b > 0 && v.len() == 32 * crate::params::bitlen(b))]
pub fn simple_bit_unpack(v: &[u8], b: u32) -> Poly {
    let mut w = zero();
    // 1: c <- bitlen b
    let c = crate::params::bitlen(b);
    // 2: z <- BytesToBits(v)
    let z = bytes_to_bits(v);
    // 3: for i from 0 to 255 do
    for i in 0..N {
        // 4: w_i <- BitsToInteger((z[ic], z[ic + 1], ... z[ic + c - 1]), c)
        w[i] = bits_to_integer(&z[i * c..i * c + c], c) as i32;
    } // 5: end for
    // 6: return w
    w
}

/// Algorithm 19, BitUnpack(v, a, b): reverses BitPack. When a + b + 1 is a
/// power of 2 every coefficient is in [-a, b]; otherwise it may reach
/// b - 2^bitlen(a+b) + 1.
#[hax_lib::requires(b > 0 && v.len() == 32 * crate::params::bitlen(a + b))]
pub fn bit_unpack(v: &[u8], a: u32, b: u32) -> Poly {
    let mut w = zero();
    // 1: c <- bitlen(a + b)
    let c = crate::params::bitlen(a + b);
    // 2: z <- BytesToBits(v)
    let z = bytes_to_bits(v);
    // 3: for i from 0 to 255 do
    for i in 0..N {
        // 4: w_i <- b - BitsToInteger((z[ic], z[ic + 1], ... z[ic + c - 1]), c)
        w[i] = b as i32 - bits_to_integer(&z[i * c..i * c + c], c) as i32;
    } // 5: end for
    // 6: return w
    w
}

/// Algorithm 20, HintBitPack(h): encodes a hint vector of k polynomials with
/// binary coefficients and at most omega 1's as omega + k bytes.
#[hax_lib::requires(h.len() == k && crate::ring::count_ones(h) <= omega)]
#[hax_lib::ensures(|y| y.len() == omega + k)]
pub fn hint_bit_pack(h: &[Poly], omega: usize, k: usize) -> Vec<u8> {
    // 1: y in B^(omega+k) <- 0^(omega+k)
    let mut y = vec![0u8; omega + k];
    // 2: Index <- 0
    let mut index = 0;
    // 3: for i from 0 to k - 1 do
    for i in 0..k {
        // 4: for j from 0 to 255 do
        for j in 0..N {
            // 5: if h[i]_j != 0 then
            if h[i][j] != 0 {
                // 6: y[Index] <- j  (store the locations of the nonzero coefficients)
                y[index] = j as u8;
                // 7: Index <- Index + 1
                index += 1;
            } // 8: end if
        } // 9: end for
        // 10: y[omega + i] <- Index  (after processing h[i], store Index)
        y[omega + i] = index as u8;
    } // 11: end for
    // 12: return y
    y
}

/// Algorithm 21, HintBitUnpack(y): reverses HintBitPack, or returns bottom
/// (`None`) on a malformed encoding (indices not strictly increasing, counts
/// decreasing or above omega, nonzero padding).
#[hax_lib::requires(y.len() == omega + k)]
pub fn hint_bit_unpack(y: &[u8], omega: usize, k: usize) -> Option<Vec<Poly>> {
    // 1: h in R_2^k <- 0^k
    let mut h = zero_vector(k);
    // 2: Index <- 0
    let mut index: usize = 0;
    // 3: for i from 0 to k - 1 do
    for i in 0..k {
        // 4: if y[omega + i] < Index or y[omega + i] > omega then return bottom
        if (y[omega + i] as usize) < index || (y[omega + i] as usize) > omega {
            return None;
        } // 5: end if
        // 6: First <- Index
        let first = index;
        // 7: while Index < y[omega + i] do
        while index < y[omega + i] as usize {
            hax_lib::loop_invariant!(first <= index && index <= omega);
            hax_lib::loop_decreases!(omega - index);
            // 8: if Index > First then
            if index > first {
                // 9: if y[Index - 1] >= y[Index] then return bottom
                if y[index - 1] >= y[index] {
                    return None;
                } // 10: end if
            } // 11: end if
            // 12: h[i]_y[Index] <- 1
            h[i][y[index] as usize] = 1;
            // 13: Index <- Index + 1
            index += 1;
        } // 14: end while
    } // 15: end for
    // 16: for i from Index to omega - 1 do  (leftover bytes must be zero)
    for i in index..omega {
        // 17: if y[i] != 0 then return bottom
        if y[i] != 0 {
            return None;
        } // 18: end if
    } // 19: end for
    // 20: return h
    Some(h)
}
