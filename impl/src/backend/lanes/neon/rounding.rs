//! Power2Round, Decompose, MakeHint, UseHint and the norm check on four
//! lanes: the portable formulas, lane by lane, with no branch.

use super::NeonOps;
use crate::params::{D, Gamma2, Gamma2Kind, N, Q};

/// Power2Round for a in [0, q): (a1, a0).
#[inline]
pub fn power2round<S: NeonOps>(s: S, a: S::V) -> (S::V, S::V) {
    let a1 = s.vshrq_n_s32::<{ D as i32 }>(s.vaddq_s32(a, s.vdupq_n_s32((1 << (D - 1)) - 1)));
    let a0 = s.vsubq_s32(a, s.vshlq_n_s32::<{ D as i32 }>(a1));
    (a1, a0)
}

/// Decompose for a in [0, q): (HighBits, LowBits) for gamma2 `G`.
#[inline]
pub fn decompose<S: NeonOps, G: Gamma2>(s: S, a: S::V) -> (S::V, S::V) {
    let b = s.vshrq_n_s32::<7>(s.vaddq_s32(a, s.vdupq_n_s32(127)));
    let a1 = match G::KIND {
        Gamma2Kind::Q32 => {
            let t = s.vmlaq_s32(s.vdupq_n_s32(1 << 21), b, s.vdupq_n_s32(1025));
            s.vandq_s32(s.vshrq_n_s32::<22>(t), s.vdupq_n_s32(15))
        }
        Gamma2Kind::Q88 => {
            let t = s.vmlaq_s32(s.vdupq_n_s32(1 << 23), b, s.vdupq_n_s32(11275));
            let t = s.vshrq_n_s32::<24>(t);
            // t = 44 (only) wraps to 0
            let over = s.vshrq_n_s32::<31>(s.vsubq_s32(s.vdupq_n_s32(43), t));
            s.veorq_s32(t, s.vandq_s32(over, t))
        }
    };
    let a0 = s.vmlsq_s32(a, a1, s.vdupq_n_s32(2 * G::GAMMA2));
    let above = s.vshrq_n_s32::<31>(s.vsubq_s32(s.vdupq_n_s32((Q - 1) / 2), a0));
    let a0 = s.vsubq_s32(a0, s.vandq_s32(above, s.vdupq_n_s32(Q)));
    (a1, a0)
}

/// MakeHint for z, r in [0, q): 1 where HighBits(r) != HighBits(r + z mod q).
#[inline]
pub fn make_hint<S: NeonOps, G: Gamma2>(s: S, z: S::V, r: S::V) -> S::V {
    let q = s.vdupq_n_s32(Q);
    let sum = s.vsubq_s32(s.vaddq_s32(r, z), q);
    let sum = s.vaddq_s32(sum, s.vandq_s32(s.vshrq_n_s32::<31>(sum), q));
    let (r1, _) = decompose::<S, G>(s, r);
    let (v1, _) = decompose::<S, G>(s, sum);
    // 1 - (r1 == v1 ? 1 : 0): the compare gives -1 or 0.
    s.vaddq_s32(
        s.vdupq_n_s32(1),
        s.vreinterpretq_s32_u32(s.vceqq_s32(r1, v1)),
    )
}

/// UseHint for r in [0, q), h in {0, 1}.
#[inline]
pub fn use_hint<S: NeonOps, G: Gamma2>(s: S, h: S::V, r: S::V) -> S::V {
    let m = s.vdupq_n_s32(G::M);
    let (r1, r0) = decompose::<S, G>(s, r);
    // delta = h if r0 > 0, else -h
    let positive = s.vreinterpretq_s32_u32(s.vcgtzq_s32(r0));
    let delta = s.vsubq_s32(s.vandq_s32(positive, s.vaddq_s32(h, h)), h);
    let v = s.vaddq_s32(r1, delta);
    let v = s.vaddq_s32(v, s.vandq_s32(s.vshrq_n_s32::<31>(v), m));
    let at_least_m = s.vreinterpretq_s32_u32(s.vcgeq_s32(v, m));
    s.vsubq_s32(v, s.vandq_s32(at_least_m, m))
}

/// All ones in the lanes with |a| >= bound.
#[inline]
pub fn exceeds<S: NeonOps>(s: S, a: S::V, bound: i32) -> S::U {
    s.vcgeq_s32(s.vabsq_s32(a), s.vdupq_n_s32(bound))
}

/// The norm check of a polynomial: the OR of [`exceeds`] over its 64
/// vectors, nonzero exactly when some |a_i| >= bound.
#[inline]
pub fn exceeds_any<S: NeonOps>(s: S, a: &[S::Lane; N], bound: i32) -> S::U {
    let mut any = s.vdupq_n_u32(0);
    for i in 0..N / 4 {
        any = s.vorrq_u32(any, exceeds(s, s.load(a, i), bound));
    }
    any
}
