//! Power2Round, Decompose, MakeHint, UseHint and the norm check on single
//! coefficients, without branches on the coefficient. Written once over
//! [`Word`]; the `lemmas` crate proves MakeHint, the norm check and the
//! selects on this source and checks the rest on every input.

use super::arithmetic::{add_if_negative, is_nonzero, sub_if_above};
use super::word::Word;
use crate::params::{D, Gamma2, Gamma2Kind, Q};

/// Power2Round (Algorithm 35) for a in [0, q): a1 = ceil((a - 2^(d-1)) / 2^d)
/// rounds so that a0 = a - a1 2^d lies in (-2^(d-1), 2^(d-1)].
#[inline(always)]
pub fn power2round<W: Word>(a: W) -> (W, W) {
    let a1 = (a + W::lit((1 << (D - 1)) - 1)) >> D;
    (a1, a - (a1 << D))
}

/// Decompose (Algorithm 36) for a in [0, q) and gamma2 `G`.
///
/// a1 = round(a / 2 gamma2) is computed by multiplying ceil(a / 128) by a
/// fixed-point reciprocal; the top value ((q-1)/(2 gamma2)) wraps to 0 (the
/// special case of lines 3 to 5), and a0 is then centered, subtracting q
/// from the values above (q-1)/2, which gives line 5's r0 - 1.
#[inline(always)]
pub fn decompose<W: Word, G: Gamma2>(a: W) -> (W, W) {
    let b = (a + W::lit(127)) >> 7;
    let a1 = match G::KIND {
        Gamma2Kind::Q32 => {
            // 2 gamma2 = 523776 = 1023 * 512; 1025 / 2^22 ~ 1 / 4092
            ((b * W::lit(1025) + W::lit(1 << 21)) >> 22) & W::lit(15)
        }
        Gamma2Kind::Q88 => {
            // 2 gamma2 = 190464 = 1488 * 128; 11275 / 2^24 ~ 1 / 1488; 44 -> 0
            let t = (b * W::lit(11275) + W::lit(1 << 23)) >> 24;
            t ^ (((W::lit(43) - t) >> 31) & t)
        }
    };
    let a0 = a - a1 * W::lit(2 * G::GAMMA2);
    (a1, sub_if_above(a0, W::lit((Q - 1) / 2), W::lit(Q)))
}

/// MakeHint (Algorithm 39) for z, r in [0, q): 1 iff HighBits(r) differs from
/// HighBits(r + z mod q).
#[inline(always)]
pub fn make_hint<W: Word, G: Gamma2>(z: W, r: W) -> W {
    let s = add_if_negative(r + z - W::lit(Q), W::lit(Q));
    let (r1, _) = decompose::<W, G>(r);
    let (v1, _) = decompose::<W, G>(s);
    is_nonzero(r1 ^ v1)
}

/// UseHint (Algorithm 40) for r in [0, q) and h in {0, 1}. Verification only
/// (public data), but branch-free all the same.
#[inline(always)]
pub fn use_hint<W: Word, G: Gamma2>(h: W, r: W) -> W {
    let m = G::M;
    let (r1, r0) = decompose::<W, G>(r);
    // delta = h * (r0 > 0 ? 1 : -1)
    let positive = ((W::lit(0) - r0) >> 31) & W::lit(1);
    let delta = h * (positive + positive - W::lit(1));
    // r1 + delta mod m, for r1 + delta in [-1, m]
    let v = add_if_negative(r1 + delta, W::lit(m));
    sub_if_above(v, W::lit(m - 1), W::lit(m))
}

/// |a| >= bound, as 0 or -1 (all ones), without a branch, for
/// |a| <= 2^31 - 2^22 and 0 < bound.
#[inline(always)]
pub fn exceeds<W: Word>(a: W, bound: W) -> W {
    let sign = a >> 31;
    let abs = (a ^ sign).wrapping_sub(sign);
    (bound - W::lit(1) - abs) >> 31
}
