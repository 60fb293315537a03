//! Forward and inverse NTT on 64 vectors of 4 coefficients: the same
//! butterflies, zetas and lazy-reduction bounds as the portable NTT (and,
//! since the Montgomery products are exact, the same outputs).
//!
//! Layers are merged as in mldsa-native: the first four layers run on one
//! column of 16 vectors (vectors j, j+4, ..., j+60) held in registers, the
//! last four on one block of 16 coefficients (4 vectors). In a block the two
//! innermost layers (len 2 and 1) pair lanes of one vector, so the block is
//! transposed (`trn1` / `trn2`, or a de-interleaving `ld4` / interleaving
//! `st4`), which turns them into butterflies between whole vectors whose
//! zetas vary by lane.

use super::NeonOps;
use super::arithmetic::{montgomery_mul_pre, mul_lane};
use crate::backend::portable::{INV_NTT_FACTOR, INV_NTT_FACTOR_ZETA, QINV, ZETAS_MONT};
use crate::params::N;

/// The zetas of one 16-coefficient block b. Rows 0 to 2 are per lane, for
/// the two innermost layers in transposed form (lane i holds coefficient
/// 4i + k of vector k): [0]: len 2, Z[64 + 4b + i]; [1]: len 1 for vectors
/// (0, 1), Z[128 + 8b + 2i]; [2]: len 1 for vectors (2, 3), Z[129 + 8b + 2i].
/// Row 3 holds the block's other zetas, one per lane: len 8, Z[16 + b]; len 4,
/// Z[32 + 2b] and Z[33 + 2b].
const fn forward_tables() -> [[[i32; 4]; 16]; 4] {
    let mut t = [[[0i32; 4]; 16]; 4];
    let mut b = 0;
    while b < 16 {
        let mut i = 0;
        while i < 4 {
            t[0][b][i] = ZETAS_MONT[64 + 4 * b + i];
            t[1][b][i] = ZETAS_MONT[128 + 8 * b + 2 * i];
            t[2][b][i] = ZETAS_MONT[129 + 8 * b + 2 * i];
            i += 1;
        }
        t[3][b] = [
            ZETAS_MONT[16 + b],
            ZETAS_MONT[32 + 2 * b],
            ZETAS_MONT[33 + 2 * b],
            0,
        ];
        b += 1;
    }
    t
}

/// The same for the inverse NTT, negated, in its order (m counting down):
/// [0]: len 1 for vectors (0, 1), -Z[255 - 8b - 2i]; [1]: for (2, 3),
/// -Z[254 - 8b - 2i]; [2]: len 2, -Z[127 - 4b - i]; [3]: len 4, -Z[63 - 2b]
/// and -Z[62 - 2b], len 8, -Z[31 - b].
const fn inverse_tables() -> [[[i32; 4]; 16]; 4] {
    let mut t = [[[0i32; 4]; 16]; 4];
    let mut b = 0;
    while b < 16 {
        let mut i = 0;
        while i < 4 {
            t[0][b][i] = -ZETAS_MONT[255 - 8 * b - 2 * i];
            t[1][b][i] = -ZETAS_MONT[254 - 8 * b - 2 * i];
            t[2][b][i] = -ZETAS_MONT[127 - 4 * b - i];
            i += 1;
        }
        t[3][b] = [
            -ZETAS_MONT[63 - 2 * b],
            -ZETAS_MONT[62 - 2 * b],
            -ZETAS_MONT[31 - b],
            0,
        ];
        b += 1;
    }
    t
}

/// Each zeta times QINV mod 2^32, for `montgomery_mul_pre`.
const fn times_qinv<const R: usize, const C: usize>(t: [[[i32; 4]; C]; R]) -> [[[i32; 4]; C]; R] {
    let mut out = t;
    let mut r = 0;
    while r < R {
        let mut c = 0;
        while c < C {
            let mut i = 0;
            while i < 4 {
                out[r][c][i] = t[r][c][i].wrapping_mul(QINV);
                i += 1;
            }
            c += 1;
        }
        r += 1;
    }
    out
}

/// The zetas of the column layers (len 128 .. 16): slot m holds Z[m].
const fn forward_column() -> [[[i32; 4]; 4]; 1] {
    let mut t = [[[0i32; 4]; 4]; 1];
    let mut m = 1;
    while m < 16 {
        t[0][m / 4][m % 4] = ZETAS_MONT[m];
        m += 1;
    }
    t
}

/// The inverse column layers (len 16 .. 128): slot m holds -Z[m] for m in
/// 1..16, slot 0 the final factor and slot 16 the final factor times the
/// last zeta.
const fn inverse_column() -> [[[i32; 4]; 5]; 1] {
    let mut t = [[[0i32; 4]; 5]; 1];
    let mut m = 1;
    while m < 16 {
        t[0][m / 4][m % 4] = -ZETAS_MONT[m];
        m += 1;
    }
    t[0][0][0] = INV_NTT_FACTOR;
    t[0][4][0] = INV_NTT_FACTOR_ZETA;
    t
}

/// The per-block zetas of the forward NTT.
pub static FORWARD: [[[i32; 4]; 16]; 4] = forward_tables();
/// [`FORWARD`] times QINV.
pub static FORWARD_QINV: [[[i32; 4]; 16]; 4] = times_qinv(forward_tables());
/// The per-block zetas of the inverse NTT (negated).
pub static INVERSE: [[[i32; 4]; 16]; 4] = inverse_tables();
/// [`INVERSE`] times QINV.
pub static INVERSE_QINV: [[[i32; 4]; 16]; 4] = times_qinv(inverse_tables());
/// The column zetas of the forward NTT.
pub static FORWARD_COLUMN: [[[i32; 4]; 4]; 1] = forward_column();
/// [`FORWARD_COLUMN`] times QINV.
pub static FORWARD_COLUMN_QINV: [[[i32; 4]; 4]; 1] = times_qinv(forward_column());
/// The column zetas of the inverse NTT and its final factors.
pub static INVERSE_COLUMN: [[[i32; 4]; 5]; 1] = inverse_column();
/// [`INVERSE_COLUMN`] times QINV.
pub static INVERSE_COLUMN_QINV: [[[i32; 4]; 5]; 1] = times_qinv(inverse_column());

/// zeta * x with per-lane zetas from a table row.
#[inline]
fn mul_lanes<S: NeonOps>(s: S, x: S::V, zetas: &[i32; 4], zetas_qinv: &[i32; 4]) -> S::V {
    montgomery_mul_pre(s, x, s.load_row(zetas), s.load_row(zetas_qinv))
}

/// 4x4 transpose: lane i of output k is lane k of input i.
#[inline]
fn transpose<S: NeonOps>(s: S, v: [S::V; 4]) -> [S::V; 4] {
    let t0 = s.vtrn1q_s32(v[0], v[1]);
    let t1 = s.vtrn2q_s32(v[0], v[1]);
    let t2 = s.vtrn1q_s32(v[2], v[3]);
    let t3 = s.vtrn2q_s32(v[2], v[3]);
    let (t0, t1, t2, t3) = (
        s.vreinterpretq_s64_s32(t0),
        s.vreinterpretq_s64_s32(t1),
        s.vreinterpretq_s64_s32(t2),
        s.vreinterpretq_s64_s32(t3),
    );
    [
        s.vreinterpretq_s32_s64(s.vtrn1q_s64(t0, t2)),
        s.vreinterpretq_s32_s64(s.vtrn1q_s64(t1, t3)),
        s.vreinterpretq_s32_s64(s.vtrn2q_s64(t0, t2)),
        s.vreinterpretq_s32_s64(s.vtrn2q_s64(t1, t3)),
    ]
}

/// Cooley-Tukey butterfly: (x, y) <- (x + zeta y, x - zeta y), given zeta y.
#[inline]
fn ct<S: NeonOps>(s: S, v: &mut [S::V], i: usize, j: usize, t: S::V) {
    v[j] = s.vsubq_s32(v[i], t);
    v[i] = s.vaddq_s32(v[i], t);
}

/// Cooley-Tukey butterflies (i, j, m): v[i], v[j] <- v[i] + Z v[j],
/// v[i] - Z v[j], with Z = Z[m] in lane m % 4 of vector m / 4 of `z`.
/// Written out with constant indices, so that `v` lives in registers.
macro_rules! ct_butterflies {
    ($s:ident, $v:ident, $z:ident, $zq:ident; $(($i:literal, $j:literal, $m:literal)),* $(,)?) => {
        $(
            let t = mul_lane::<_, { $m % 4 }>($s, $v[$j], $z[$m / 4], $zq[$m / 4]);
            $v[$j] = $s.vsubq_s32($v[$i], t);
            $v[$i] = $s.vaddq_s32($v[$i], t);
        )*
    };
}

/// Gentleman-Sande butterflies (i, j, m): v[i], v[j] <- v[i] + v[j],
/// Z (v[i] - v[j]), with Z as in `ct_butterflies!`.
macro_rules! gs_butterflies {
    ($s:ident, $v:ident, $z:ident, $zq:ident; $(($i:literal, $j:literal, $m:literal)),* $(,)?) => {
        $(
            let d = $s.vsubq_s32($v[$i], $v[$j]);
            $v[$i] = $s.vaddq_s32($v[$i], $v[$j]);
            $v[$j] = mul_lane::<_, { $m % 4 }>($s, d, $z[$m / 4], $zq[$m / 4]);
        )*
    };
}

/// Loads rows of a zeta table.
#[inline]
fn table<S: NeonOps, const C: usize>(s: S, t: &[[i32; 4]; C]) -> [S::V; C] {
    let mut out = [s.vdupq_n_s32(0); C];
    for (o, row) in out.iter_mut().zip(t) {
        *o = s.load_row(row);
    }
    out
}

/// Forward NTT in place: input |a_i| < q, output |a_i| < 9q.
#[inline]
pub fn ntt<S: NeonOps>(s: S, c: &mut [S::Lane; N]) {
    let z = table(s, &FORWARD_COLUMN[0]);
    let zq = table(s, &FORWARD_COLUMN_QINV[0]);
    // Layers len = 128 .. 16 on one column: v[k] is vector col + 4k.
    for col in 0..4 {
        let mut v = [s.vdupq_n_s32(0); 16];
        for (k, x) in v.iter_mut().enumerate() {
            *x = s.load(c, col + 4 * k);
        }
        ct_butterflies!(s, v, z, zq;
            (0, 8, 1), (1, 9, 1), (2, 10, 1), (3, 11, 1),
            (4, 12, 1), (5, 13, 1), (6, 14, 1), (7, 15, 1),
            (0, 4, 2), (1, 5, 2), (2, 6, 2), (3, 7, 2),
            (8, 12, 3), (9, 13, 3), (10, 14, 3), (11, 15, 3),
            (0, 2, 4), (1, 3, 4), (4, 6, 5), (5, 7, 5),
            (8, 10, 6), (9, 11, 6), (12, 14, 7), (13, 15, 7),
            (0, 1, 8), (2, 3, 9), (4, 5, 10), (6, 7, 11),
            (8, 9, 12), (10, 11, 13), (12, 13, 14), (14, 15, 15),
        );
        for (k, &x) in v.iter().enumerate() {
            s.store(c, col + 4 * k, x);
        }
    }
    // Layers len = 8 .. 1 on one block of 16 coefficients.
    for b in 0..16 {
        let mut v = [
            s.load(c, 4 * b),
            s.load(c, 4 * b + 1),
            s.load(c, 4 * b + 2),
            s.load(c, 4 * b + 3),
        ];
        let zb = [s.load_row(&FORWARD[3][b])];
        let zbq = [s.load_row(&FORWARD_QINV[3][b])];
        ct_butterflies!(s, v, zb, zbq; (0, 2, 0), (1, 3, 0), (0, 1, 1), (2, 3, 2));
        let mut w = transpose(s, v);
        let t2 = mul_lanes(s, w[2], &FORWARD[0][b], &FORWARD_QINV[0][b]);
        let t3 = mul_lanes(s, w[3], &FORWARD[0][b], &FORWARD_QINV[0][b]);
        ct(s, &mut w, 0, 2, t2);
        ct(s, &mut w, 1, 3, t3);
        let t1 = mul_lanes(s, w[1], &FORWARD[1][b], &FORWARD_QINV[1][b]);
        let t3 = mul_lanes(s, w[3], &FORWARD[2][b], &FORWARD_QINV[2][b]);
        ct(s, &mut w, 0, 1, t1);
        ct(s, &mut w, 2, 3, t3);
        // st4 writes lane i of w[k] to 4i + k, undoing the transpose.
        s.st4(c, b, w);
    }
}

/// Gentleman-Sande butterfly: (x, y) <- (x + y, x - y), returning x - y for
/// the caller to multiply by its zeta.
#[inline]
fn gs<S: NeonOps>(s: S, v: &mut [S::V], i: usize, j: usize) -> S::V {
    let d = s.vsubq_s32(v[i], v[j]);
    v[i] = s.vaddq_s32(v[i], v[j]);
    d
}

/// Inverse NTT times 2^32 in place: input |a_i| < q, output |a_i| <= q.
#[inline]
pub fn invntt_tomont<S: NeonOps>(s: S, c: &mut [S::Lane; N]) {
    // Layers len = 1 .. 8 on one block of 16 coefficients, m counting down.
    for b in 0..16 {
        // ld4 puts coefficient 4i + k in lane i of vector k (the transpose).
        let mut w = s.ld4(c, b);
        let d = gs(s, &mut w, 0, 1);
        w[1] = mul_lanes(s, d, &INVERSE[0][b], &INVERSE_QINV[0][b]);
        let d = gs(s, &mut w, 2, 3);
        w[3] = mul_lanes(s, d, &INVERSE[1][b], &INVERSE_QINV[1][b]);
        let d = gs(s, &mut w, 0, 2);
        w[2] = mul_lanes(s, d, &INVERSE[2][b], &INVERSE_QINV[2][b]);
        let d = gs(s, &mut w, 1, 3);
        w[3] = mul_lanes(s, d, &INVERSE[2][b], &INVERSE_QINV[2][b]);
        let mut v = transpose(s, w);
        let zb = [s.load_row(&INVERSE[3][b])];
        let zbq = [s.load_row(&INVERSE_QINV[3][b])];
        gs_butterflies!(s, v, zb, zbq; (0, 1, 0), (2, 3, 1), (0, 2, 2), (1, 3, 2));
        for (k, &x) in v.iter().enumerate() {
            s.store(c, 4 * b + k, x);
        }
    }
    // Layers len = 16 .. 64 on one column (v[k] is vector col + 4k), then
    // len = 128 with the final factor: sums times f (slot 0), differences
    // times f zeta (slot 16).
    let z = table(s, &INVERSE_COLUMN[0]);
    let zq = table(s, &INVERSE_COLUMN_QINV[0]);
    for col in 0..4 {
        let mut v = [s.vdupq_n_s32(0); 16];
        for (k, x) in v.iter_mut().enumerate() {
            *x = s.load(c, col + 4 * k);
        }
        gs_butterflies!(s, v, z, zq;
            (0, 1, 15), (2, 3, 14), (4, 5, 13), (6, 7, 12),
            (8, 9, 11), (10, 11, 10), (12, 13, 9), (14, 15, 8),
            (0, 2, 7), (1, 3, 7), (4, 6, 6), (5, 7, 6),
            (8, 10, 5), (9, 11, 5), (12, 14, 4), (13, 15, 4),
            (0, 4, 3), (1, 5, 3), (2, 6, 3), (3, 7, 3),
            (8, 12, 2), (9, 13, 2), (10, 14, 2), (11, 15, 2),
            (0, 8, 16), (1, 9, 16), (2, 10, 16), (3, 11, 16),
            (4, 12, 16), (5, 13, 16), (6, 14, 16), (7, 15, 16),
        );
        for x in v.iter_mut().take(8) {
            *x = mul_lane::<_, 0>(s, *x, z[0], zq[0]);
        }
        for (k, &x) in v.iter().enumerate() {
            s.store(c, col + 4 * k, x);
        }
    }
}
