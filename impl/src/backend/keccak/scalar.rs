//! Keccak-f[1600] (FIPS 202 section 3), one state, plain 64-bit lanes.
//!
//! The state is 25 lanes A[x + 5y]. One round is theta, rho and pi, chi and
//! iota; the loops over x and y have constant bounds, so the compiler unrolls
//! them and keeps the lanes in registers.

use super::KECCAK_COMPLEMENTED;

/// Round constants `RC[i]` of iota (FIPS 202 Algorithm 5, precomputed).
pub const KECCAK_RC: [u64; 24] = [
    0x0000000000000001,
    0x0000000000008082,
    0x800000000000808A,
    0x8000000080008000,
    0x000000000000808B,
    0x0000000080000001,
    0x8000000080008081,
    0x8000000000008009,
    0x000000000000008A,
    0x0000000000000088,
    0x0000000080008009,
    0x000000008000000A,
    0x000000008000808B,
    0x800000000000008B,
    0x8000000000008089,
    0x8000000000008003,
    0x8000000000008002,
    0x8000000000000080,
    0x000000000000800A,
    0x800000008000000A,
    0x8000000080008081,
    0x8000000000008080,
    0x0000000080000001,
    0x8000000080008008,
];

/// Rotation offsets of rho for lane x + 5y.
pub const KECCAK_RHO: [u32; 25] = [
    0, 1, 62, 28, 27, //
    36, 44, 6, 55, 20, //
    3, 10, 43, 25, 39, //
    41, 45, 15, 21, 8, //
    18, 2, 61, 56, 14,
];

/// pi moves lane (x, y) to (y, 2x + 3y): PI[x + 5y] is the destination index.
pub const KECCAK_PI: [usize; 25] = pi_table();

const fn pi_table() -> [usize; 25] {
    let mut t = [0usize; 25];
    let mut i = 0;
    while i < 25 {
        let (x, y) = (i % 5, i / 5);
        t[i] = y + 5 * ((2 * x + 3 * y) % 5);
        i += 1;
    }
    t
}

#[inline(always)]
fn xor(x: u64, y: u64) -> u64 {
    x ^ y
}

#[inline(always)]
fn rotl(x: u64, r: u32) -> u64 {
    x.rotate_left(r)
}

#[inline(always)]
fn and(x: u64, y: u64) -> u64 {
    x & y
}

#[inline(always)]
fn or(x: u64, y: u64) -> u64 {
    x | y
}

#[inline(always)]
fn not(x: u64) -> u64 {
    !x
}

/// `Keccak-f[1600]` on the state, in place: one out-of-line copy, which
/// every portable sponge calls (inlined, the 24 unrolled rounds would be
/// compiled again at each sponge call site of every operation).
#[inline(never)]
pub fn keccak_f1600_scalar(state: &mut [u64; 25]) {
    keccak_f1600(state)
}

/// `Keccak-f[1600]` on the state, in place: the permutation's one
/// description, inlined into [`keccak_f1600_scalar`] and into the
/// backends' copies compiled with other target features.
#[inline(always)]
pub fn keccak_f1600(state: &mut [u64; 25]) {
    // A local copy, so the lanes live in registers rather than behind `state`.
    let mut a = *state;
    for i in KECCAK_COMPLEMENTED {
        a[i] = !a[i];
    }
    let mut e = [0u64; 25];
    for rc in KECCAK_RC.chunks_exact(2) {
        keccak_round_complemented!(a, e, rc[0], xor, and, or, not, rotl);
        keccak_round_complemented!(e, a, rc[1], xor, and, or, not, rotl);
    }
    for i in KECCAK_COMPLEMENTED {
        a[i] = !a[i];
    }
    *state = a;
}
