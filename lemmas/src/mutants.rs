//! Deliberately wrong copies of kernels, one changed token each. Every z3
//! lemma is run once more on its mutant and must be refuted with a
//! counterexample: a lemma whose precondition were vacuous, or whose
//! statement were too weak to tell right from wrong, would pass its mutant.

use mldsa::backend::portable::word::{Wide, Word};
use mldsa::backend::portable::{QINV, add_if_negative, sub_if_above};
use mldsa::params::Q;

/// MontgomeryReduce with q^-1 off by 2.
pub fn montgomery_reduce<W: Word>(a: W::Wide) -> W {
    let t = a.truncate().wrapping_mul(W::lit(QINV + 2));
    ((a - t.widen() * W::Wide::lit(Q as i64)) >> 32).truncate()
}

/// montgomery_mul with q^-1 off by 2 in its t.
pub fn montgomery_mul<W: Word>(a: W, b: W) -> W {
    let t = a.wrapping_mul(b).wrapping_mul(W::lit(QINV + 2));
    ((a.widen() * b.widen()) >> 32).truncate()
        - ((t.widen() * W::Wide::lit(Q as i64)) >> 32).truncate()
}

/// montgomery_mul_pre with t made from b instead of b_qinv.
pub fn montgomery_mul_pre<W: Word>(a: W, b: W, _b_qinv: W) -> W {
    let t = a.wrapping_mul(b);
    ((a.widen() * b.widen()) >> 32).truncate()
        - ((t.widen() * W::Wide::lit(Q as i64)) >> 32).truncate()
}

/// reduce32 rounding at 2^21 instead of 2^22.
pub fn reduce32<W: Word>(a: W) -> W {
    let t = (a + W::lit(1 << 21)) >> 23;
    a - t * W::lit(Q)
}

/// caddq reading bit 22 instead of the sign (the same for a < 2^22).
pub fn caddq<W: Word>(a: W) -> W {
    a + ((a >> 22) & W::lit(Q))
}

/// add_if_negative with the mask from bit 30.
pub fn add_if_negative_30<W: Word>(x: W, v: W) -> W {
    x + ((x >> 30) & v)
}

/// sub_if_above testing x > bound + 1.
pub fn sub_if_above_plus1<W: Word>(x: W, bound: W, v: W) -> W {
    x - (((bound + W::lit(1) - x) >> 31) & v)
}

/// is_nonzero without the negation (the sign of x only).
pub fn is_nonzero_sign<W: Word>(x: W) -> W {
    (x >> 31) & W::lit(1)
}

/// The norm check without the - 1 (|a| > bound).
pub fn exceeds<W: Word>(a: W, bound: W) -> W {
    let sign = a >> 31;
    let abs = (a ^ sign).wrapping_sub(sign);
    (bound - abs) >> 31
}

/// Decompose without the wrap of the top value for gamma2 = (q-1)/32
/// (`& 15` dropped) and with the 44 -> 0 wrap dropped for (q-1)/88.
pub fn decompose<W: Word>(gamma2: i32, a: W) -> (W, W) {
    let b = (a + W::lit(127)) >> 7;
    let a1 = if gamma2 == (Q - 1) / 32 {
        (b * W::lit(1025) + W::lit(1 << 21)) >> 22
    } else {
        (b * W::lit(11275) + W::lit(1 << 23)) >> 24
    };
    let a0 = a - a1 * W::lit(2 * gamma2);
    (a1, sub_if_above(a0, W::lit((Q - 1) / 2), W::lit(Q)))
}

/// MakeHint on the mutated Decompose.
pub fn make_hint<W: Word>(gamma2: i32, z: W, r: W) -> W {
    let s = add_if_negative(r + z - W::lit(Q), W::lit(Q));
    let (r1, _) = decompose(gamma2, r);
    let (v1, _) = decompose(gamma2, s);
    mldsa::backend::portable::is_nonzero(r1 ^ v1)
}

/// Power2Round rounding 2^12 up instead of down.
pub fn power2round<W: Word>(a: W) -> (W, W) {
    let a1 = (a + W::lit(1 << 12)) >> 13;
    (a1, a - (a1 << 13))
}

/// UseHint stepping the wrong way.
pub fn use_hint<W: Word>(gamma2: i32, h: W, r: W) -> W {
    let m = (Q - 1) / (2 * gamma2);
    let (r1, r0) = mldsa_diff_tests::typed::decompose_scalar(gamma2, r);
    let positive = ((W::lit(0) - r0) >> 31) & W::lit(1);
    let delta = h * (W::lit(1) - positive - positive);
    let v = add_if_negative(r1 + delta, W::lit(m));
    sub_if_above(v, W::lit(m - 1), W::lit(m))
}
