//! Power2Round, Decompose, MakeHint, UseHint and the norm check on single
//! coefficients, without branches on the coefficient.

use super::arithmetic::is_nonzero;
use crate::params::{D, Q};

/// Power2Round (Algorithm 35) for a in [0, q): a1 = ceil((a - 2^(d-1)) / 2^d)
/// rounds so that a0 = a - a1 2^d lies in (-2^(d-1), 2^(d-1)].
#[inline(always)]
pub const fn power2round(a: i32) -> (i32, i32) {
    let a1 = (a + (1 << (D - 1)) - 1) >> D;
    (a1, a - (a1 << D))
}

/// Decompose (Algorithm 36) for a in [0, q) and gamma2 in {(q-1)/88, (q-1)/32}.
///
/// a1 = round(a / 2 gamma2) is computed by multiplying ceil(a / 128) by a
/// fixed-point reciprocal; the top value ((q-1)/(2 gamma2)) wraps to 0 (the
/// special case of lines 3 to 5), and a0 is then centered, subtracting q
/// from the values above (q-1)/2, which gives line 5's r0 - 1.
#[inline(always)]
pub const fn decompose(gamma2: i32, a: i32) -> (i32, i32) {
    let b = (a + 127) >> 7;
    let a1 = if gamma2 == (Q - 1) / 32 {
        // 2 gamma2 = 523776 = 1023 * 512; 1025 / 2^22 ~ 1 / 4092
        ((b * 1025 + (1 << 21)) >> 22) & 15
    } else {
        // 2 gamma2 = 190464 = 1488 * 128; 11275 / 2^24 ~ 1 / 1488
        let t = (b * 11275 + (1 << 23)) >> 24;
        t ^ (((43 - t) >> 31) & t)
    };
    let mut a0 = a - a1 * 2 * gamma2;
    a0 -= (((Q - 1) / 2 - a0) >> 31) & Q;
    (a1, a0)
}

/// MakeHint (Algorithm 39) for z, r in [0, q): 1 iff HighBits(r) differs from
/// HighBits(r + z mod q).
#[inline(always)]
pub const fn make_hint(gamma2: i32, z: i32, r: i32) -> i32 {
    let mut s = r + z - Q;
    s += (s >> 31) & Q;
    let (r1, _) = decompose(gamma2, r);
    let (v1, _) = decompose(gamma2, s);
    is_nonzero(r1 ^ v1)
}

/// UseHint (Algorithm 40) for r in [0, q) and h in {0, 1}. Verification only
/// (public data), but branch-free all the same.
#[inline(always)]
pub const fn use_hint(gamma2: i32, h: i32, r: i32) -> i32 {
    let m = (Q - 1) / (2 * gamma2);
    let (r1, r0) = decompose(gamma2, r);
    // delta = h * (r0 > 0 ? 1 : -1)
    let positive = ((-r0) >> 31) & 1;
    let delta = h * (2 * positive - 1);
    let mut v = r1 + delta;
    v += (v >> 31) & m;
    v -= ((m - 1 - v) >> 31) & m;
    v
}

/// |a| >= bound, as 0 or -1 (all ones), without a branch, for
/// |a| <= 2^31 - 2^22 and 0 < bound.
#[inline(always)]
pub const fn exceeds(a: i32, bound: i32) -> i32 {
    let sign = a >> 31;
    let abs = (a ^ sign).wrapping_sub(sign);
    (bound - 1 - abs) >> 31
}
