//! Data type conversion functions, FIPS 204 section 7.1 (Algorithms 9 to 21).
//!
//! Bit strings are `Vec<bool>` / `&[bool]`, one bit per entry, so that every
//! entry is 0 or 1 by its type: BitsToInteger and BitsToBytes overflow on
//! any other value (BitsToInteger((2, ..., 2), 32) does not fit 32 bits), and
//! the type is a precondition no caller can miss. Byte strings are
//! `Vec<u8>` / `&[u8]`. A returned `None` is the standard's bottom.

use crate::contract::checked;
use crate::params::N;
use crate::ring::{
    Poly, coefficients_in, count_nonzero, nonzero_count, vector_nonzero_count, zero, zero_vector,
};
#[cfg(hax)]
use hax_lib::Prop;

/// Algorithm 9, IntegerToBits(x, alpha): the alpha-bit little-endian binary
/// representation of x (section 7.1).
#[checked]
#[hax_lib::requires(alpha <= 32)]
#[hax_lib::ensures(|y| Prop::from(y.len() == alpha).and(hax_lib::forall(|i: usize| hax_lib::implies(
    i < alpha,
    y[i] == (((x as u64) >> i) & 1 == 1)
))))]
pub fn integer_to_bits(x: u32, alpha: usize) -> Vec<bool> {
    let mut y = vec![false; alpha];
    // 1: x' <- x
    let mut x_prime = x;
    // 2: for i from 0 to alpha - 1 do
    for i in 0..alpha {
        // x' is x without the i bits already in y.
        hax_lib::loop_invariant!(|i: usize| Prop::from(
            y.len() == alpha && (x_prime as u64) == (x as u64) >> i
        )
        .and(hax_lib::forall(|j: usize| hax_lib::implies(
            j < i,
            y[j] == (((x as u64) >> j) & 1 == 1)
        ))));
        // 3: y[i] <- x' mod 2
        y[i] = x_prime % 2 == 1;
        // 4: x' <- floor(x'/2)
        x_prime /= 2;
    } // 5: end for
    // 6: return y
    y
}

/// Algorithm 10, BitsToInteger(y, alpha): the integer whose alpha-bit
/// little-endian representation is y.
#[checked]
#[hax_lib::requires(alpha <= 32 && y.len() >= alpha)]
#[hax_lib::ensures(|x| Prop::from((x as u64) < 1u64 << alpha).and(hax_lib::forall(|i: usize| {
    hax_lib::implies(i < alpha, ((x as u64) >> i) & 1 == y[i] as u64)
})))]
pub fn bits_to_integer(y: &[bool], alpha: usize) -> u32 {
    // 1: x <- 0
    let mut x: u32 = 0;
    // 2: for i from 1 to alpha do
    for i in 1..alpha + 1 {
        // x holds the i - 1 bits read so far: y[alpha - i + 1 ..] from the
        // least significant bit up.
        hax_lib::loop_invariant!(|i: usize| Prop::from((x as u64) < 1u64 << (i - 1)).and(
            hax_lib::forall(|j: usize| hax_lib::implies(
                j < i - 1,
                ((x as u64) >> j) & 1 == y[alpha + 1 - i + j] as u64
            ))
        ));
        // 3: x <- 2x + y[alpha - i]
        x = 2 * x + y[alpha - i] as u32;
    } // 4: end for
    // 5: return x
    x
}

/// Algorithm 11, IntegerToBytes(x, alpha): the alpha-byte little-endian
/// representation of x.
#[checked]
#[hax_lib::requires(alpha <= 8)]
#[hax_lib::ensures(|y| y.len() == alpha)]
pub fn integer_to_bytes(x: u64, alpha: usize) -> Vec<u8> {
    let mut y = vec![0u8; alpha];
    // 1: x' <- x
    let mut x_prime = x;
    // 2: for i from 0 to alpha - 1 do
    for i in 0..alpha {
        hax_lib::loop_invariant!(|_: usize| y.len() == alpha);
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
#[checked]
#[hax_lib::ensures(|z| Prop::from(z.len() == y.len().div_ceil(8))
    .and(hax_lib::forall(|i: usize| hax_lib::implies(i < y.len(),
        (z[i / 8] >> (i % 8)) & 1 == y[i] as u8))))]
pub fn bits_to_bytes(y: &[bool]) -> Vec<u8> {
    let alpha = y.len();
    // 1: z <- 0^ceil(alpha/8)
    let mut z = vec![0u8; alpha.div_ceil(8)];
    // 2: for i from 0 to alpha - 1 do
    for i in 0..alpha {
        // Bits 0..i are in place; the byte being filled, i / 8, holds its
        // i mod 8 bits so far (no carry, no overflow); the bytes after it
        // are 0. Written with i / 8 and i % 8, which cannot overflow at any
        // width of usize (8 * b + 8 could, for b near usize::MAX / 8).
        hax_lib::loop_invariant!(|i: usize| Prop::from(z.len() == alpha.div_ceil(8))
            .and(hax_lib::forall(|j: usize| hax_lib::implies(
                j < i,
                (z[j / 8] >> (j % 8)) & 1 == y[j] as u8
            )))
            .and(hax_lib::forall(|b: usize| hax_lib::implies(
                b < z.len(),
                Prop::from(b <= i / 8 || z[b] == 0)
                    .and(Prop::from(b != i / 8 || (z[b] as u32) < 1u32 << (i % 8)))
            ))));
        // 3: z[floor(i/8)] <- z[floor(i/8)] + y[i] * 2^(i mod 8)
        z[i / 8] = z[i / 8] + ((y[i] as u8) << (i % 8));
    } // 4: end for
    // 5: return z
    z
}

/// Algorithm 13, BytesToBits(z): the 8 * alpha bits of the byte string z.
/// 8 * alpha must fit usize (at 32 bits too): no slice the spec converts
/// comes near it (at most 32 * 23 bytes).
#[checked]
#[hax_lib::requires(z.len() <= usize::MAX / 8)]
#[hax_lib::ensures(|y| y.len() == 8 * z.len())]
pub fn bytes_to_bits(z: &[u8]) -> Vec<bool> {
    let alpha = z.len();
    let mut y = vec![false; 8 * alpha];
    // 1: z' <- z
    let mut z_prime = z.to_vec();
    // 2: for i from 0 to alpha - 1 do
    for i in 0..alpha {
        hax_lib::loop_invariant!(|_: usize| y.len() == 8 * alpha && z_prime.len() == alpha);
        // 3: for j from 0 to 7 do
        for j in 0..8 {
            hax_lib::loop_invariant!(|_: usize| y.len() == 8 * alpha && z_prime.len() == alpha);
            // 4: y[8i + j] <- z'[i] mod 2
            y[8 * i + j] = z_prime[i] % 2 == 1;
            // 5: z'[i] <- floor(z'[i]/2)
            z_prime[i] = z_prime[i] / 2;
        } // 6: end for
    } // 7: end for
    // 8: return y
    y
}

/// Algorithm 14, CoeffFromThreeBytes(b0, b1, b2): an element of Z_q or
/// bottom (`None`), for rejection sampling in RejNTTPoly: the 23-bit
/// little-endian integer of b0, b1 and b2 without its top bit, accepted
/// when it is below q.
#[checked]
#[hax_lib::ensures(|r| match r {
    Some(z) => 0 <= z && z < crate::params::Q
        && z == 65536 * (b2 % 128) as i32 + 256 * b1 as i32 + b0 as i32,
    None => 65536 * (b2 % 128) as i32 + 256 * b1 as i32 + b0 as i32 >= crate::params::Q,
})]
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
/// for rejection sampling in RejBoundedPoly: for eta = 2, 2 - (b mod 5)
/// when b < 15; for eta = 4, 4 - b when b < 9; bottom otherwise.
#[checked]
#[hax_lib::requires(b < 16 && (eta == 2 || eta == 4))]
#[hax_lib::ensures(|r| match r {
    Some(c) => -eta <= c && c <= eta
        && ((eta == 2 && b < 15 && c == 2 - (b % 5) as i32)
            || (eta == 4 && b < 9 && c == 4 - b as i32)),
    None => (eta == 2 && b >= 15) || (eta == 4 && b >= 9),
})]
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
#[checked]
#[hax_lib::requires(Prop::from(b > 0 && b < 1 << 23).and(coefficients_in(w, 0, b as i32)))]
#[hax_lib::ensures(|v| v.len() == 32 * crate::params::bitlen(b))]
pub fn simple_bit_pack(w: &Poly, b: u32) -> Vec<u8> {
    let bitlen_b = crate::params::bitlen(b);
    // 1: z <- ()
    let mut z: Vec<bool> = Vec::new();
    // 2: for i from 0 to 255 do
    for i in 0..N {
        hax_lib::loop_invariant!(|i: usize| z.len() == i * bitlen_b);
        // 3: z <- z || IntegerToBits(w_i, bitlen b)
        z.extend_from_slice(&integer_to_bits(w[i] as u32, bitlen_b));
    } // 4: end for
    // 5: return BitsToBytes(z)
    bits_to_bytes(&z)
}

/// Algorithm 17, BitPack(w, a, b): encodes a polynomial with coefficients in
/// [-a, b] as 32 * bitlen(a + b) bytes. Every b - w_i that fits bitlen(a + b)
/// bits encodes, so the precondition admits down to b - 2^bitlen(a+b) + 1:
/// the range BitUnpack returns, which skDecode gives a malformed key.
#[checked]
#[hax_lib::requires(Prop::from(b > 0 && a < 1 << 23 && b < 1 << 23).and(coefficients_in(
    w,
    b as i32 + 1 - (1 << crate::params::bitlen(a + b)),
    b as i32
)))]
#[hax_lib::ensures(|v| v.len() == 32 * crate::params::bitlen(a + b))]
pub fn bit_pack(w: &Poly, a: u32, b: u32) -> Vec<u8> {
    let bitlen_a_plus_b = crate::params::bitlen(a + b);
    // 1: z <- ()
    let mut z: Vec<bool> = Vec::new();
    // 2: for i from 0 to 255 do
    for i in 0..N {
        hax_lib::loop_invariant!(|i: usize| z.len() == i * bitlen_a_plus_b);
        // 3: z <- z || IntegerToBits(b - w_i, bitlen(a + b))
        z.extend_from_slice(&integer_to_bits((b as i32 - w[i]) as u32, bitlen_a_plus_b));
    } // 4: end for
    // 5: return BitsToBytes(z)
    bits_to_bytes(&z)
}

/// Algorithm 18, SimpleBitUnpack(v, b): reverses SimpleBitPack. When b + 1
/// is a power of 2 every coefficient is in [0, b]; otherwise it may reach
/// 2^bitlen(b) - 1.
#[checked]
#[hax_lib::requires(b > 0 && b < 1 << 23 && v.len() == 32 * crate::params::bitlen(b))]
#[hax_lib::ensures(|w| coefficients_in(&w, 0, ((1u32 << crate::params::bitlen(b)) - 1) as i32))]
pub fn simple_bit_unpack(v: &[u8], b: u32) -> Poly {
    let mut w = zero();
    // 1: c <- bitlen b
    let c = crate::params::bitlen(b);
    // 2: z <- BytesToBits(v)
    let z = bytes_to_bits(v);
    // 3: for i from 0 to 255 do
    for i in 0..N {
        hax_lib::loop_invariant!(|_: usize| coefficients_in(&w, 0, ((1u32 << c) - 1) as i32));
        // 4: w_i <- BitsToInteger((z[ic], z[ic + 1], ... z[ic + c - 1]), c)
        w[i] = bits_to_integer(&z[i * c..i * c + c], c) as i32;
    } // 5: end for
    // 6: return w
    w
}

/// Algorithm 19, BitUnpack(v, a, b): reverses BitPack. When a + b + 1 is a
/// power of 2 every coefficient is in [-a, b]; otherwise it may reach
/// b - 2^bitlen(a+b) + 1.
#[checked]
#[hax_lib::requires(b > 0 && a < 1 << 23 && b < 1 << 23
    && v.len() == 32 * crate::params::bitlen(a + b))]
#[hax_lib::ensures(|w| coefficients_in(
    &w,
    b as i32 - ((1u32 << crate::params::bitlen(a + b)) - 1) as i32,
    b as i32
))]
pub fn bit_unpack(v: &[u8], a: u32, b: u32) -> Poly {
    let mut w = zero();
    // 1: c <- bitlen(a + b)
    let c = crate::params::bitlen(a + b);
    // 2: z <- BytesToBits(v)
    let z = bytes_to_bits(v);
    // 3: for i from 0 to 255 do
    for i in 0..N {
        hax_lib::loop_invariant!(|_: usize| coefficients_in(
            &w,
            b as i32 - ((1u32 << c) - 1) as i32,
            b as i32
        ));
        // 4: w_i <- b - BitsToInteger((z[ic], z[ic + 1], ... z[ic + c - 1]), c)
        w[i] = b as i32 - bits_to_integer(&z[i * c..i * c + c], c) as i32;
    } // 5: end for
    // 6: return w
    w
}

/// Algorithm 20, HintBitPack(h): encodes a hint vector of k polynomials as
/// omega + k bytes. The standard packs every nonzero coefficient (line 5), so
/// the precondition bounds the nonzero coefficients, not only the 1's: with
/// 100 coefficients equal to 2 and none equal to 1, line 6 writes past y.
/// The invariants unfold the counting ghosts one step per iteration (fuel 1).
#[checked]
#[hax_lib::fstar::options("--fuel 1")]
#[hax_lib::requires(h.len() == k && omega <= 255 && k <= 255 && count_nonzero(h) <= omega)]
#[hax_lib::ensures(|y| y.len() == omega + k)]
pub fn hint_bit_pack(h: &[Poly], omega: usize, k: usize) -> Vec<u8> {
    // 1: y in B^(omega+k) <- 0^(omega+k)
    let mut y = vec![0u8; omega + k];
    // 2: Index <- 0
    let mut index = 0;
    // 3: for i from 0 to k - 1 do
    for i in 0..k {
        // Index is the number of nonzero coefficients of h[0..i] (the ghost
        // count of `ring`, which the counting functions compute).
        hax_lib::loop_invariant!(
            |i: usize| y.len() == omega + k && index == vector_nonzero_count(h, i)
        );
        // (a ghost: Index before row i, the count of h[0..i] by the invariant
        // above; an immutable value, so that fact holds through the inner
        // loop without being restated there)
        let index_before_row = index;
        // 4: for j from 0 to 255 do
        for j in 0..N {
            hax_lib::loop_invariant!(|j: usize| y.len() == omega + k
                && index == index_before_row + nonzero_count(&h[i], j));
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
///
/// k <= 255 (every parameter set has k <= 8): the invariants count the 1's
/// of h with `count_nonzero`, which takes at most 255 polynomials.
///
/// The standard returns bottom from inside its loops; hax extracts no return
/// inside a loop, so `bottom` records it and the loops do nothing once it
/// is set. The result is the same.
#[checked]
#[hax_lib::requires(y.len() == omega + k && omega <= 255 && k <= 255)]
#[hax_lib::ensures(|r| match r {
    Some(h) => Prop::from(h.len() == k && count_nonzero(&h) <= omega).and(crate::ring::is_binary(&h)),
    None => Prop::from(true),
})]
pub fn hint_bit_unpack(y: &[u8], omega: usize, k: usize) -> Option<Vec<Poly>> {
    // 1: h in R_2^k <- 0^k
    let mut h = zero_vector(k);
    // 2: Index <- 0
    let mut index: usize = 0;
    let mut bottom = false;
    // 3: for i from 0 to k - 1 do
    for i in 0..k {
        // Unless bottom: Index 1's were set so far, in rows before i; rows
        // i.. are still 0.
        hax_lib::loop_invariant!(|i: usize| Prop::from(h.len() == k && index <= omega).and(
            Prop::from(bottom).or(Prop::from(vector_nonzero_count(&h, k) == index)
                .and(crate::ring::is_binary(&h))
                .and(hax_lib::forall(|r: usize| hax_lib::implies(
                    r < k,
                    Prop::from(r < i).or(crate::ring::coefficients_in(&h[r], 0, 0))
                ))))
        ));
        // 4: if y[omega + i] < Index or y[omega + i] > omega then return bottom
        if (y[omega + i] as usize) < index || (y[omega + i] as usize) > omega {
            bottom = true;
        } // 5: end if
        // 6: First <- Index
        let first = index;
        // 7: while Index < y[omega + i] do
        while !bottom && index < y[omega + i] as usize {
            // Unless bottom: row i holds 1's at y[First..Index] only, so the
            // next index, above y[Index - 1], is still 0 there.
            hax_lib::loop_invariant!(
                Prop::from(h.len() == k && first <= index && index <= omega).and(
                    Prop::from(bottom).or(Prop::from(
                        index <= y[omega + i] as usize
                            && y[omega + i] as usize <= omega
                            && vector_nonzero_count(&h, k) == index
                    )
                    .and(crate::ring::is_binary(&h))
                    .and(hax_lib::forall(|r: usize| hax_lib::implies(
                        r < k,
                        Prop::from(r <= i).or(crate::ring::coefficients_in(&h[r], 0, 0))
                    )))
                    .and(hax_lib::forall(|c: usize| hax_lib::implies(
                        c < N,
                        h[i][c] == 0 || (index > first && c <= y[index - 1] as usize)
                    ))))
                )
            );
            hax_lib::loop_decreases!(omega + 1 - index - bottom as usize);
            // 8: if Index > First then
            if index > first {
                // 9: if y[Index - 1] >= y[Index] then return bottom
                if y[index - 1] >= y[index] {
                    bottom = true;
                } // 10: end if
            } // 11: end if
            if !bottom {
                // 12: h[i]_y[Index] <- 1
                h[i][y[index] as usize] = 1;
                // 13: Index <- Index + 1
                index += 1;
            }
        } // 14: end while
    } // 15: end for
    // 16: for i from Index to omega - 1 do  (leftover bytes must be zero)
    for i in index..omega {
        // 17: if y[i] != 0 then return bottom
        if y[i] != 0 {
            bottom = true;
        } // 18: end if
    } // 19: end for
    // 20: return h
    if bottom { None } else { Some(h) }
}
