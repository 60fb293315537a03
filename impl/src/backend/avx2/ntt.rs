//! Forward and inverse NTT on 32 vectors of 8 coefficients: the same
//! butterflies, zetas and lazy-reduction bounds as the portable NTT.
//!
//! Layers with len >= 8 pair whole vectors. The three layers with len 4, 2
//! and 1 pair lanes of one vector: each lane's partner is brought next to it
//! by duplicating the low (L) and high (H) halves of every block, so one
//! Montgomery multiplication per vector serves all four blocks' butterflies.

use core::arch::x86_64::*;

use super::arithmetic::{load, montgomery_mul_pre, store};
use crate::backend::portable::QINV;
use crate::backend::portable::{INV_NTT_FACTOR, INV_NTT_FACTOR_ZETA, ZETAS_MONT};
use crate::poly::Poly;

/// Zetas laid out per lane for the three intra-vector layers, vector v:
/// len 4: ZETAS_MONT[32 + v] everywhere; len 2: [64 + 2v] x4, [65 + 2v] x4;
/// len 1: [128 + 4v .. 132 + 4v], each twice.
const fn forward_tables() -> [[[i32; 8]; 32]; 3] {
    let mut t = [[[0i32; 8]; 32]; 3];
    let mut v = 0;
    while v < 32 {
        let mut lane = 0;
        while lane < 8 {
            t[0][v][lane] = ZETAS_MONT[32 + v];
            t[1][v][lane] = ZETAS_MONT[64 + 2 * v + lane / 4];
            t[2][v][lane] = ZETAS_MONT[128 + 4 * v + lane / 2];
            lane += 1;
        }
        v += 1;
    }
    t
}

/// The same for the inverse NTT, negated and in its order (m counting down):
/// len 1: -ZETAS_MONT[255 - 4v - lane/2]; len 2: -[127 - 2v - lane/4];
/// len 4: -[63 - v].
const fn inverse_tables() -> [[[i32; 8]; 32]; 3] {
    let mut t = [[[0i32; 8]; 32]; 3];
    let mut v = 0;
    while v < 32 {
        let mut lane = 0;
        while lane < 8 {
            t[0][v][lane] = -ZETAS_MONT[255 - 4 * v - lane / 2];
            t[1][v][lane] = -ZETAS_MONT[127 - 2 * v - lane / 4];
            t[2][v][lane] = -ZETAS_MONT[63 - v];
            lane += 1;
        }
        v += 1;
    }
    t
}

/// Each zeta times QINV mod 2^32, for `montgomery_mul_pre`.
const fn times_qinv(t: [[[i32; 8]; 32]; 3]) -> [[[i32; 8]; 32]; 3] {
    let mut out = t;
    let mut i = 0;
    while i < 3 * 32 * 8 {
        out[i / 256][(i / 8) % 32][i % 8] = t[i / 256][(i / 8) % 32][i % 8].wrapping_mul(QINV);
        i += 1;
    }
    out
}

static FORWARD: [[[i32; 8]; 32]; 3] = forward_tables();
static FORWARD_QINV: [[[i32; 8]; 32]; 3] = times_qinv(forward_tables());
static INVERSE: [[[i32; 8]; 32]; 3] = inverse_tables();
static INVERSE_QINV: [[[i32; 8]; 32]; 3] = times_qinv(inverse_tables());

/// zeta and zeta * QINV broadcast to all lanes.
#[inline]
#[target_feature(enable = "avx2")]
fn broadcast(zeta: i32) -> (__m256i, __m256i) {
    (
        _mm256_set1_epi32(zeta),
        _mm256_set1_epi32(zeta.wrapping_mul(QINV)),
    )
}

/// zeta * x with the zeta lanes and their QINV multiples given first.
#[inline]
#[target_feature(enable = "avx2")]
fn montgomery_mul_pre_rev(zeta: __m256i, zeta_qinv: __m256i, x: __m256i) -> __m256i {
    montgomery_mul_pre(x, zeta, zeta_qinv)
}

#[inline]
#[target_feature(enable = "avx2")]
fn lanes(t: &[i32; 8]) -> __m256i {
    // SAFETY: `t` is 8 readable i32.
    unsafe { _mm256_loadu_si256(t.as_ptr().cast()) }
}

/// Forward NTT in place: input |a_i| < q, output |a_i| < 9q.
#[inline]
#[target_feature(enable = "avx2")]
pub fn ntt(a: &mut Poly) {
    let c = &mut a.coeffs;
    // len = 128 .. 8: vectors j and j + len/8 of each block.
    let mut m = 0;
    let mut len = 128;
    while len >= 8 {
        let step = len / 8;
        let mut start = 0;
        while start < 32 {
            m += 1;
            let (zeta, zeta_qinv) = broadcast(ZETAS_MONT[m]);
            for j in start..start + step {
                let x = load(c, j);
                let t = montgomery_mul_pre(load(c, j + step), zeta, zeta_qinv);
                store(c, j + step, _mm256_sub_epi32(x, t));
                store(c, j, _mm256_add_epi32(x, t));
            }
            start += 2 * step;
        }
        len /= 2;
    }
    // len = 4, 2, 1 inside each vector: result = L + sign * zeta H.
    let sign4 = _mm256_setr_epi32(1, 1, 1, 1, -1, -1, -1, -1);
    let sign2 = _mm256_setr_epi32(1, 1, -1, -1, 1, 1, -1, -1);
    let sign1 = _mm256_setr_epi32(1, -1, 1, -1, 1, -1, 1, -1);
    for v in 0..32 {
        let x = load(c, v);
        let t = montgomery_mul_pre_rev(
            lanes(&FORWARD[0][v]),
            lanes(&FORWARD_QINV[0][v]),
            _mm256_permute2x128_si256::<0x11>(x, x),
        );
        let x = _mm256_add_epi32(
            _mm256_permute2x128_si256::<0x00>(x, x),
            _mm256_sign_epi32(t, sign4),
        );
        let t = montgomery_mul_pre_rev(
            lanes(&FORWARD[1][v]),
            lanes(&FORWARD_QINV[1][v]),
            _mm256_shuffle_epi32::<0xEE>(x),
        );
        let x = _mm256_add_epi32(_mm256_shuffle_epi32::<0x44>(x), _mm256_sign_epi32(t, sign2));
        let t = montgomery_mul_pre_rev(
            lanes(&FORWARD[2][v]),
            lanes(&FORWARD_QINV[2][v]),
            _mm256_shuffle_epi32::<0xF5>(x),
        );
        let x = _mm256_add_epi32(_mm256_shuffle_epi32::<0xA0>(x), _mm256_sign_epi32(t, sign1));
        store(c, v, x);
    }
}

/// Inverse NTT times 2^32 in place: input |a_i| < q, output |a_i| <= q.
#[inline]
#[target_feature(enable = "avx2")]
pub fn invntt_tomont(a: &mut Poly) {
    let c = &mut a.coeffs;
    // len = 1, 2, 4 inside each vector: L <- L + H, H <- zeta (L - H).
    for v in 0..32 {
        let x = load(c, v);
        let (l, h) = (
            _mm256_shuffle_epi32::<0xA0>(x),
            _mm256_shuffle_epi32::<0xF5>(x),
        );
        let d = montgomery_mul_pre_rev(
            lanes(&INVERSE[0][v]),
            lanes(&INVERSE_QINV[0][v]),
            _mm256_sub_epi32(l, h),
        );
        let x = _mm256_blend_epi32::<0b1010_1010>(_mm256_add_epi32(l, h), d);
        let (l, h) = (
            _mm256_shuffle_epi32::<0x44>(x),
            _mm256_shuffle_epi32::<0xEE>(x),
        );
        let d = montgomery_mul_pre_rev(
            lanes(&INVERSE[1][v]),
            lanes(&INVERSE_QINV[1][v]),
            _mm256_sub_epi32(l, h),
        );
        let x = _mm256_blend_epi32::<0b1100_1100>(_mm256_add_epi32(l, h), d);
        let (l, h) = (
            _mm256_permute2x128_si256::<0x00>(x, x),
            _mm256_permute2x128_si256::<0x11>(x, x),
        );
        let d = montgomery_mul_pre_rev(
            lanes(&INVERSE[2][v]),
            lanes(&INVERSE_QINV[2][v]),
            _mm256_sub_epi32(l, h),
        );
        let x = _mm256_blend_epi32::<0b1111_0000>(_mm256_add_epi32(l, h), d);
        store(c, v, x);
    }
    // len = 8 .. 64 between vectors, m counting down from 31.
    let mut m = 32;
    let mut len = 8;
    while len < 128 {
        let step = len / 8;
        let mut start = 0;
        while start < 32 {
            m -= 1;
            let (zeta, zeta_qinv) = broadcast(-ZETAS_MONT[m]);
            for j in start..start + step {
                let t = load(c, j);
                let u = load(c, j + step);
                store(c, j, _mm256_add_epi32(t, u));
                store(
                    c,
                    j + step,
                    montgomery_mul_pre(_mm256_sub_epi32(t, u), zeta, zeta_qinv),
                );
            }
            start += 2 * step;
        }
        len *= 2;
    }
    // len = 128 with the final factor: sums times f, differences times f zeta.
    let (f, f_qinv) = broadcast(INV_NTT_FACTOR);
    let (fz, fz_qinv) = broadcast(INV_NTT_FACTOR_ZETA);
    for j in 0..16 {
        let t = load(c, j);
        let u = load(c, j + 16);
        store(c, j, montgomery_mul_pre(_mm256_add_epi32(t, u), f, f_qinv));
        store(
            c,
            j + 16,
            montgomery_mul_pre(_mm256_sub_epi32(t, u), fz, fz_qinv),
        );
    }
}
