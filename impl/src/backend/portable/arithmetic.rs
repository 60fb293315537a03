//! Scalar modular arithmetic: Montgomery reduction (FIPS 204 Algorithm 49),
//! reduce32, caddq. Written once for i32 and used by every portable kernel.

use crate::params::Q;

/// q^-1 mod 2^32 (FIPS 204 Algorithm 49, line 1).
pub const QINV: i32 = 58728449;

/// MontgomeryReduce (Algorithm 49): r = a * 2^-32 mod q, |r| <= q, for
/// |a| <= 2^31 q. The wrapping i32 product is (a mod 2^32) * QINV taken in
/// [-2^31, 2^31): it differs from Algorithm 49's mod+- (range (-2^31, 2^31])
/// only when that is exactly 2^31, where r is the spec's result plus q (same
/// residue, still |r| <= q).
#[inline(always)]
pub const fn montgomery_reduce(a: i64) -> i32 {
    let t = (a as i32).wrapping_mul(QINV);
    ((a - t as i64 * Q as i64) >> 32) as i32
}

/// a * b * 2^-32 mod q.
#[inline(always)]
pub const fn montgomery_mul(a: i32, b: i32) -> i32 {
    montgomery_reduce(a as i64 * b as i64)
}

/// A representative of a mod q in [-6283009, 6283008], for
/// a <= 2^31 - 2^22 - 1: subtract round(a / 2^23) * q.
#[inline(always)]
pub const fn reduce32(a: i32) -> i32 {
    let t = (a + (1 << 22)) >> 23;
    a - t * Q
}

/// a + q if a is negative (no branch): maps (-q, q) into [0, q).
#[inline(always)]
pub const fn caddq(a: i32) -> i32 {
    a + ((a >> 31) & Q)
}

/// The representative of a mod q in [0, q).
#[inline(always)]
pub const fn freeze(a: i32) -> i32 {
    caddq(reduce32(a))
}

/// 1 if x != 0 else 0, without a branch.
#[inline(always)]
pub const fn is_nonzero(x: i32) -> i32 {
    let x = x as u32;
    ((x | x.wrapping_neg()) >> 31) as i32
}
