//! The small NTT mod p = 7681 on sixteen 16-bit lanes, written once over
//! [`SmallOps`]: the butterflies of `portable::small_ntt` (where the
//! transform, its constants and its bounds are), the same values, on a
//! polynomial held as 16 registers. The AVX2 backend runs it on the
//! intrinsics (and the AVX-512 backend runs that compiled code); the
//! `lemmas` crate runs it on a model of each intrinsic.
//!
//! In FIPS 204's order register i holds coefficients 16i .. 16i + 15, and
//! the layers with len = 128 to 16 pair whole registers i and i + len / 16,
//! one zeta for all lanes. Then the 16 x 16 matrix is transposed: register
//! j holds coefficient 16k + j of each lane k, and the layers with len = 8
//! to 1 pair registers j and j + len, each lane with the zeta of its own
//! block (a table of zetas per lane). The transform is left transposed (its
//! order is this backend's own: only this backend's `small_product` reads
//! it), and the inverse transposes back before its layers with len >= 16.

use super::SmallOps;
use crate::backend::portable::small_ntt::{
    BARRETT_V, HALF_P, INV_FACTOR, INV_FACTOR_PINV, P, PINV, ZETAS, ZETAS_PINV,
};
use crate::params::N;

/// A polynomial as 16 registers of 16 lanes.
pub type Regs<S> = [<S as SmallOps>::V; 16];

/// Zetas per lane for the layers with len = 8, 4, 2, 1: for the blocks
/// h = 0 .. 8 / len - 1 of each 16-coefficient chunk, row 8 / len - 1 plus
/// h, its lane k the zeta of chunk k's block h (15 rows).
#[repr(C, align(32))]
pub struct LaneZetas(pub [[i16; 16]; 15]);

/// The forward layers' zetas per lane (`inverse`: the inverse's, negated),
/// `pinv`: their factors p^-1 mod 2^16.
const fn lane_zetas(inverse: bool, pinv: bool) -> LaneZetas {
    let mut t = [[0i16; 16]; 15];
    let mut len = 8;
    while len > 0 {
        let mut h = 0;
        while h < 8 / len {
            let mut k = 0;
            while k < 16 {
                let b = k * 8 / len + h;
                let m = if inverse {
                    256 / len - 1 - b
                } else {
                    128 / len + b
                };
                let z = if pinv { ZETAS_PINV[m] } else { ZETAS[m] };
                t[8 / len - 1 + h][k] = if inverse { z.wrapping_neg() } else { z };
                k += 1;
            }
            h += 1;
        }
        len /= 2;
    }
    LaneZetas(t)
}

/// The forward layers' zetas per lane.
pub static FORWARD_Z: LaneZetas = lane_zetas(false, false);
/// Their factors p^-1 mod 2^16.
pub static FORWARD_ZQ: LaneZetas = lane_zetas(false, true);
/// The inverse layers' zetas per lane (negated).
pub static INVERSE_Z: LaneZetas = lane_zetas(true, false);
/// Their factors p^-1 mod 2^16.
pub static INVERSE_ZQ: LaneZetas = lane_zetas(true, true);

/// a z 2^-16 mod p on each lane (`portable::small_ntt::montgomery_mul_pre`).
#[inline(always)]
pub fn mont_pre<S: SmallOps>(s: S, a: S::V, z: S::V, zq: S::V) -> S::V {
    let t = s.mullo_epi16(a, zq);
    s.sub_epi16(s.mulhi_epi16(a, z), s.mulhi_epi16(t, s.set1_epi16(P)))
}

/// a b 2^-16 mod p on each lane (`portable::small_ntt::montgomery_mul`):
/// the pointwise product of two transforms.
#[inline(always)]
pub fn mont_mul<S: SmallOps>(s: S, a: S::V, b: S::V) -> S::V {
    mont_pre(s, a, b, s.mullo_epi16(b, s.set1_epi16(PINV)))
}

/// The Barrett reduction on each lane (`portable::small_ntt::barrett_reduce`).
#[inline(always)]
pub fn barrett<S: SmallOps>(s: S, x: S::V) -> S::V {
    let step = |x| {
        let t = s.mulhi_epi16(x, s.set1_epi16(BARRETT_V));
        let t = s.srai_epi16::<10>(s.add_epi16(t, s.set1_epi16(1 << 9)));
        s.sub_epi16(x, s.mullo_epi16(t, s.set1_epi16(P)))
    };
    s.proven_epi16(x, step, -HALF_P, HALF_P)
}

/// The butterfly (a + z b, a - z b) on registers i and j.
#[inline(always)]
fn forward_butterfly<S: SmallOps>(s: S, v: &mut Regs<S>, i: usize, j: usize, z: S::V, zq: S::V) {
    let t = mont_pre(s, v[j], z, zq);
    v[j] = s.sub_epi16(v[i], t);
    v[i] = s.add_epi16(v[i], t);
}

/// The butterfly (a + b, z (a - b)) on registers i and j.
#[inline(always)]
fn inverse_butterfly<S: SmallOps>(s: S, v: &mut Regs<S>, i: usize, j: usize, z: S::V, zq: S::V) {
    let d = s.sub_epi16(v[i], v[j]);
    v[i] = s.add_epi16(v[i], v[j]);
    v[j] = mont_pre(s, d, z, zq);
}

#[inline(always)]
fn barrett_all<S: SmallOps>(s: S, v: &mut Regs<S>) {
    for x in v.iter_mut() {
        *x = barrett(s, *x);
    }
}

/// The 16 x 16 matrix of 16-bit values transposed: register j, lane k <-
/// register k, lane j. Within each 128-bit half, 8 x 8 transposes of the
/// registers 0 to 7 and 8 to 15 (three rounds of unpacking: pairs of 16,
/// 32, 64 bits), then the halves exchanged.
#[inline(always)]
pub fn transpose<S: SmallOps>(s: S, v: &mut Regs<S>) {
    let zero = s.set1_epi16(0);
    let mut out = [zero; 16];
    for half in 0..2 {
        let r = &v[8 * half..8 * half + 8];
        let mut t = [zero; 8];
        for i in 0..4 {
            t[2 * i] = s.unpacklo_epi16(r[2 * i], r[2 * i + 1]);
            t[2 * i + 1] = s.unpackhi_epi16(r[2 * i], r[2 * i + 1]);
        }
        let mut u = [zero; 8];
        for i in 0..2 {
            for j in 0..2 {
                let (a, b) = (t[4 * i + j], t[4 * i + j + 2]);
                u[4 * i + 2 * j] = s.unpacklo_epi32(a, b);
                u[4 * i + 2 * j + 1] = s.unpackhi_epi32(a, b);
            }
        }
        // Columns 2c and 2c + 1 of these eight rows in the low half (and
        // 2c + 8, 2c + 9 in the high half).
        for c in 0..4 {
            out[8 * half + 2 * c] = s.unpacklo_epi64(u[c], u[c + 4]);
            out[8 * half + 2 * c + 1] = s.unpackhi_epi64(u[c], u[c + 4]);
        }
    }
    for c in 0..8 {
        let (top, bottom) = (out[c], out[8 + c]);
        v[c] = s.permute2x128_si256::<0x20>(top, bottom);
        v[c + 8] = s.permute2x128_si256::<0x31>(top, bottom);
    }
}

/// The layer with `LEN` >= 16 on FIPS 204's order: registers i and
/// i + LEN / 16, one zeta for the block of each pair; forward (Cooley-Tukey)
/// or, if `INVERSE`, backward (Gentleman-Sande with -zeta).
#[inline(always)]
fn register_layer<S: SmallOps, const LEN: usize, const INVERSE: bool>(s: S, v: &mut Regs<S>) {
    let step = LEN / 16;
    for block in 0..8 / step {
        let (i0, i1) = (2 * step * block, 2 * step * block + step);
        if INVERSE {
            let m = 256 / LEN - 1 - block;
            let z = s.set1_epi16(ZETAS[m].wrapping_neg());
            let zq = s.set1_epi16(ZETAS_PINV[m].wrapping_neg());
            for i in i0..i1 {
                inverse_butterfly(s, v, i, i + step, z, zq);
            }
        } else {
            let m = 128 / LEN + block;
            let (z, zq) = (s.set1_epi16(ZETAS[m]), s.set1_epi16(ZETAS_PINV[m]));
            for i in i0..i1 {
                forward_butterfly(s, v, i, i + step, z, zq);
            }
        }
    }
}

/// The layer with `LEN` <= 8 on the transposed order: registers j and
/// j + LEN, each lane with the zeta of its chunk's block ([`LaneZetas`]).
#[inline(always)]
fn lane_layer<S: SmallOps, const LEN: usize, const INVERSE: bool>(s: S, v: &mut Regs<S>) {
    for h in 0..8 / LEN {
        let row = 8 / LEN - 1 + h;
        let (j0, j1) = (2 * LEN * h, 2 * LEN * h + LEN);
        if INVERSE {
            let z = s.load_row_epi16(&INVERSE_Z.0[row]);
            let zq = s.load_row_epi16(&INVERSE_ZQ.0[row]);
            for j in j0..j1 {
                inverse_butterfly(s, v, j, j + LEN, z, zq);
            }
        } else {
            let z = s.load_row_epi16(&FORWARD_Z.0[row]);
            let zq = s.load_row_epi16(&FORWARD_ZQ.0[row]);
            for j in j0..j1 {
                forward_butterfly(s, v, j, j + LEN, z, zq);
            }
        }
    }
}

/// The forward transform of `portable::small_ntt::forward`, from FIPS 204's
/// order, left transposed.
#[inline(always)]
pub fn forward<S: SmallOps>(s: S, v: &mut Regs<S>) {
    register_layer::<S, 128, false>(s, v);
    register_layer::<S, 64, false>(s, v);
    register_layer::<S, 32, false>(s, v);
    register_layer::<S, 16, false>(s, v);
    barrett_all(s, v);
    transpose(s, v);
    lane_layer::<S, 8, false>(s, v);
    lane_layer::<S, 4, false>(s, v);
    lane_layer::<S, 2, false>(s, v);
    lane_layer::<S, 1, false>(s, v);
    barrett_all(s, v);
}

/// The inverse transform of `portable::small_ntt::inverse`, from the
/// transposed order back to FIPS 204's, with its Barrett reductions after
/// the layers with len = 4 and 32 and its final factor.
#[inline(always)]
pub fn inverse<S: SmallOps>(s: S, v: &mut Regs<S>) {
    lane_layer::<S, 1, true>(s, v);
    lane_layer::<S, 2, true>(s, v);
    lane_layer::<S, 4, true>(s, v);
    barrett_all(s, v);
    lane_layer::<S, 8, true>(s, v);
    transpose(s, v);
    register_layer::<S, 16, true>(s, v);
    register_layer::<S, 32, true>(s, v);
    barrett_all(s, v);
    register_layer::<S, 64, true>(s, v);
    register_layer::<S, 128, true>(s, v);
    let (f, fq) = (s.set1_epi16(INV_FACTOR), s.set1_epi16(INV_FACTOR_PINV));
    for x in v.iter_mut() {
        *x = mont_pre(s, *x, f, fq);
    }
}

/// The pointwise Montgomery product of two transforms in memory, then
/// [`inverse`]; the result in `v`, in FIPS 204's order.
#[inline(always)]
pub fn product<S: SmallOps>(s: S, v: &mut Regs<S>, a: &[S::Lane; N], b: &[S::Lane; N]) {
    for (i, x) in v.iter_mut().enumerate() {
        *x = mont_mul(s, s.load_epi16(a, i), s.load_epi16(b, i));
    }
    inverse(s, v);
}

/// `Backend::small_ntt`: a's coefficients narrowed to 16 bits (|a_i| <= 4:
/// no saturation), [`forward`], stored to `out` (transposed order); `v`
/// holds the registers (the caller wipes them).
#[inline(always)]
pub fn small_ntt<S: SmallOps>(s: S, v: &mut Regs<S>, out: &mut [S::Lane; N], a: &[i32; N]) {
    for (i, x) in v.iter_mut().enumerate() {
        *x = s.load_narrow(a, i);
    }
    forward(s, v);
    for (i, x) in v.iter().enumerate() {
        s.store_epi16(out, i, *x);
    }
}

/// `Backend::small_product`: [`product`], each value widened into `c`.
#[inline(always)]
pub fn small_product<S: SmallOps>(
    s: S,
    v: &mut Regs<S>,
    c: &mut [i32; N],
    a: &[S::Lane; N],
    b: &[S::Lane; N],
) {
    product(s, v, a, b);
    for (i, x) in v.iter().enumerate() {
        s.store_wide(c, i, *x);
    }
}
