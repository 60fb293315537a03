//! Power2Round, Decompose, MakeHint, UseHint and the norm check on a
//! register of lanes (eight, or 16 on AVX-512): the portable formulas,
//! lane by lane, with no branch.

use super::LaneOps;
use crate::params::{D, Gamma2, Gamma2Kind, Q};

/// Power2Round for a in [0, q): (a1, a0).
#[inline(always)]
pub fn power2round<S: LaneOps>(s: S, a: S::V) -> (S::V, S::V) {
    let a1 = s.srai_epi32::<{ D as i32 }>(s.add_epi32(a, s.set1_epi32((1 << (D - 1)) - 1)));
    let a0 = s.sub_epi32(a, s.slli_epi32::<{ D as i32 }>(a1));
    (a1, a0)
}

/// Decompose's HighBits of a in [0, q) before its wrap: in [0, m], m = (q
/// - 1) / (2 gamma2), where m stands for HighBits 0 (a > q - 1 - gamma2).
#[inline(always)]
fn high_bits_unwrapped<S: LaneOps, G: Gamma2>(s: S, a: S::V) -> S::V {
    let b = s.srai_epi32::<7>(s.add_epi32(a, s.set1_epi32(127)));
    match G::KIND {
        Gamma2Kind::Q32 => {
            let t = s.mullo_epi32(b, s.set1_epi32(1025));
            s.srai_epi32::<22>(s.add_epi32(t, s.set1_epi32(1 << 21)))
        }
        Gamma2Kind::Q88 => {
            let t = s.mullo_epi32(b, s.set1_epi32(11275));
            s.srai_epi32::<24>(s.add_epi32(t, s.set1_epi32(1 << 23)))
        }
    }
}

/// Decompose for a in [0, q): (HighBits, LowBits) for gamma2 `G`.
#[inline(always)]
pub fn decompose<S: LaneOps, G: Gamma2>(s: S, a: S::V) -> (S::V, S::V) {
    let t = high_bits_unwrapped::<S, G>(s, a);
    let a1 = match G::KIND {
        // t = 16 (only) wraps to 0
        Gamma2Kind::Q32 => s.and_si256(t, s.set1_epi32(15)),
        Gamma2Kind::Q88 => {
            // t = 44 (only) wraps to 0
            let over = s.srai_epi32::<31>(s.sub_epi32(s.set1_epi32(43), t));
            s.xor_si256(t, s.and_si256(over, t))
        }
    };
    let mut a0 = s.sub_epi32(a, s.mullo_epi32(a1, s.set1_epi32(2 * G::GAMMA2)));
    let above = s.srai_epi32::<31>(s.sub_epi32(s.set1_epi32((Q - 1) / 2), a0));
    a0 = s.sub_epi32(a0, s.and_si256(above, s.set1_epi32(Q)));
    (a1, a0)
}

/// MakeHint for z, r in [0, q): 1 where HighBits(r) != HighBits(r + z mod q).
#[inline(always)]
pub fn make_hint<S: LaneOps, G: Gamma2>(s: S, z: S::V, r: S::V) -> S::V {
    let q = s.set1_epi32(Q);
    let sum = s.sub_epi32(s.add_epi32(r, z), q);
    let sum = s.add_epi32(sum, s.and_si256(s.srai_epi32::<31>(sum), q));
    let (r1, _) = decompose::<S, G>(s, r);
    let (v1, _) = decompose::<S, G>(s, sum);
    s.andnot_si256(s.cmpeq_epi32(r1, v1), s.set1_epi32(1))
}

/// UseHint for r in [0, q), h in {0, 1}. From HighBits before its wrap,
/// t in [0, m]: r0 > 0 exactly where r - t 2 gamma2 > 0 (at t = m, where
/// Decompose makes r1 = 0 and r0 = r - q, both are at most 0), and t + 1 or
/// t - 1 mod m is the result (t = m standing for 0).
#[inline(always)]
pub fn use_hint<S: LaneOps, G: Gamma2>(s: S, h: S::V, r: S::V) -> S::V {
    let m = s.set1_epi32(G::M);
    let t = high_bits_unwrapped::<S, G>(s, r);
    let r0 = s.sub_epi32(r, s.mullo_epi32(t, s.set1_epi32(2 * G::GAMMA2)));
    // delta = h if r0 > 0, else -h
    let positive = s.cmpgt_epi32(r0, s.setzero_si256());
    let delta = s.sub_epi32(s.and_si256(positive, s.add_epi32(h, h)), h);
    // t + delta in [-1, m + 1], into [0, m)
    let v = s.add_epi32(t, delta);
    let v = s.add_epi32(v, s.and_si256(s.srai_epi32::<31>(v), m));
    let wrap = s.cmpgt_epi32(m, v); // v < m
    s.sub_epi32(v, s.andnot_si256(wrap, m))
}

/// All ones in the lanes with |a| >= bound.
#[inline(always)]
pub fn exceeds<S: LaneOps>(s: S, a: S::V, bound: i32) -> S::V {
    s.cmpgt_epi32(s.abs_epi32(a), s.set1_epi32(bound - 1))
}
