//! Power2Round, Decompose, MakeHint, UseHint and the norm check on four
//! lanes: the portable formulas, lane by lane, with no branch.

use core::arch::aarch64::*;

use crate::params::{D, Gamma2, Gamma2Kind, Q};

/// Power2Round for a in [0, q): (a1, a0).
#[inline]
#[target_feature(enable = "neon")]
pub fn power2round(a: int32x4_t) -> (int32x4_t, int32x4_t) {
    let a1 = vshrq_n_s32::<{ D as i32 }>(vaddq_s32(a, vdupq_n_s32((1 << (D - 1)) - 1)));
    let a0 = vsubq_s32(a, vshlq_n_s32::<{ D as i32 }>(a1));
    (a1, a0)
}

/// Decompose for a in [0, q): (HighBits, LowBits) for gamma2 `G`.
#[inline]
#[target_feature(enable = "neon")]
pub fn decompose<G: Gamma2>(a: int32x4_t) -> (int32x4_t, int32x4_t) {
    let b = vshrq_n_s32::<7>(vaddq_s32(a, vdupq_n_s32(127)));
    let a1 = match G::KIND {
        Gamma2Kind::Q32 => {
            let t = vmlaq_s32(vdupq_n_s32(1 << 21), b, vdupq_n_s32(1025));
            vandq_s32(vshrq_n_s32::<22>(t), vdupq_n_s32(15))
        }
        Gamma2Kind::Q88 => {
            let t = vmlaq_s32(vdupq_n_s32(1 << 23), b, vdupq_n_s32(11275));
            let t = vshrq_n_s32::<24>(t);
            // t = 44 (only) wraps to 0
            let over = vshrq_n_s32::<31>(vsubq_s32(vdupq_n_s32(43), t));
            veorq_s32(t, vandq_s32(over, t))
        }
    };
    let a0 = vmlsq_s32(a, a1, vdupq_n_s32(2 * G::GAMMA2));
    let above = vshrq_n_s32::<31>(vsubq_s32(vdupq_n_s32((Q - 1) / 2), a0));
    let a0 = vsubq_s32(a0, vandq_s32(above, vdupq_n_s32(Q)));
    (a1, a0)
}

/// MakeHint for z, r in [0, q): 1 where HighBits(r) != HighBits(r + z mod q).
#[inline]
#[target_feature(enable = "neon")]
pub fn make_hint<G: Gamma2>(z: int32x4_t, r: int32x4_t) -> int32x4_t {
    let q = vdupq_n_s32(Q);
    let s = vsubq_s32(vaddq_s32(r, z), q);
    let s = vaddq_s32(s, vandq_s32(vshrq_n_s32::<31>(s), q));
    let (r1, _) = decompose::<G>(r);
    let (v1, _) = decompose::<G>(s);
    // 1 - (r1 == v1 ? 1 : 0): the compare gives -1 or 0.
    vaddq_s32(vdupq_n_s32(1), vreinterpretq_s32_u32(vceqq_s32(r1, v1)))
}

/// UseHint for r in [0, q), h in {0, 1}.
#[inline]
#[target_feature(enable = "neon")]
pub fn use_hint<G: Gamma2>(h: int32x4_t, r: int32x4_t) -> int32x4_t {
    let m = vdupq_n_s32(G::M);
    let (r1, r0) = decompose::<G>(r);
    // delta = h if r0 > 0, else -h
    let positive = vreinterpretq_s32_u32(vcgtzq_s32(r0));
    let delta = vsubq_s32(vandq_s32(positive, vaddq_s32(h, h)), h);
    let v = vaddq_s32(r1, delta);
    let v = vaddq_s32(v, vandq_s32(vshrq_n_s32::<31>(v), m));
    let at_least_m = vreinterpretq_s32_u32(vcgeq_s32(v, m));
    vsubq_s32(v, vandq_s32(at_least_m, m))
}

/// All ones in the lanes with |a| >= bound.
#[inline]
#[target_feature(enable = "neon")]
pub fn exceeds(a: int32x4_t, bound: i32) -> uint32x4_t {
    vcgeq_s32(vabsq_s32(a), vdupq_n_s32(bound))
}
