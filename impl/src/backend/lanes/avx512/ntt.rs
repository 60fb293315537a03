//! Forward and inverse NTT on 16 vectors of 16 coefficients: the same
//! butterflies, zetas and lazy-reduction bounds as the portable NTT, so the
//! same outputs bit for bit.
//!
//! The whole polynomial stays in registers (16 of the 32): one load and one
//! store per vector. Layers with len >= 16 pair whole vectors, with a
//! broadcast zeta. The four layers with len 8, 4, 2 and 1 pair coefficients
//! inside a vector; they run on two vectors x = 2p, y = 2p + 1 at a time,
//! regrouped by `vpermt2d` so that register A holds the first element of 16
//! butterflies and register B the second: every lane of every Montgomery
//! multiplication is used. Which coefficient each lane holds is
//! `layout`'s; the permutations between layers and the per-lane zetas
//! are computed from it at compile time.

use super::Avx512Ops;
use super::arithmetic::{Multiplier, montgomery_mul_pre};
use crate::backend::portable::{INV_NTT_FACTOR, INV_NTT_FACTOR_ZETA, QINV, ZETAS_MONT};
use crate::params::N;

/// The coefficients (0 .. 32: x's 0 .. 16, then y's) that register A holds
/// for the layer with this len, lane by lane: those with bit `len` clear,
/// in increasing order; register B holds each plus len. For len 16 this is
/// the natural order (A = x, B = y).
const fn layout(len: usize) -> [usize; 16] {
    let mut a = [0; 16];
    let (mut c, mut i) = (0, 0);
    while c < 32 {
        if c & len == 0 {
            a[i] = c;
            i += 1;
        }
        c += 1;
    }
    a
}

/// The `vpermt2d` indices that take the registers (A, B) of layer `from`
/// to register A (or B, if `second`) of layer `to`: lane i fetches the
/// lane of A (index j) or B (index 16 + j) holding its coefficient.
const fn regroup(from: usize, to: usize, second: bool) -> [i32; 16] {
    let (src, dst) = (layout(from), layout(to));
    let mut idx = [0i32; 16];
    let mut i = 0;
    while i < 16 {
        let c = dst[i] + if second { to } else { 0 };
        let mut j = 0;
        while j < 16 {
            if src[j] == c {
                idx[i] = j as i32;
            } else if src[j] + from == c {
                idx[i] = 16 + j as i32;
            }
            j += 1;
        }
        i += 1;
    }
    idx
}

/// The regroupings in the order the forward NTT runs them (natural, len 8,
/// 4, 2, 1, natural), A then B for each step.
pub static FORWARD_REGROUP: [[[i32; 16]; 2]; 5] = steps([16, 8, 4, 2, 1, 16]);
/// The inverse NTT's (natural, len 1, 2, 4, 8, natural).
pub static INVERSE_REGROUP: [[[i32; 16]; 2]; 5] = steps([16, 1, 2, 4, 8, 16]);

const fn steps(lens: [usize; 6]) -> [[[i32; 16]; 2]; 5] {
    let mut t = [[[0; 16]; 2]; 5];
    let mut k = 0;
    while k < 5 {
        t[k] = [
            regroup(lens[k], lens[k + 1], false),
            regroup(lens[k], lens[k + 1], true),
        ];
        k += 1;
    }
    t
}

/// Per-lane zetas of the intra-vector layers for the vector pair p (each
/// times QINV if `times_qinv`; the odd lanes moved to the even positions
/// if `odd`, as `Multiplier::b_odd`); index 0 .. 4 is len 8, 4, 2, 1. The butterfly of lane
/// i at len L starts at coefficient c = 32p + layout(L)_i, in block
/// c / 2L of its layer: the forward NTT's zeta is ZETAS_MONT[N / 2L +
/// block] (Algorithm 41's m), the inverse's ZETAS_MONT[N / L - 1 - block]
/// negated (Algorithm 42's m, counting down).
const fn intra_zetas(inverse: bool, times_qinv: bool, odd: bool) -> [[[i32; 16]; 8]; 4] {
    let mut t = [[[0; 16]; 8]; 4];
    let mut layer = 0;
    while layer < 4 {
        let len = 8 >> layer;
        let lanes = layout(len);
        let mut p = 0;
        while p < 8 {
            let mut i = 0;
            while i < 16 {
                let lane = if odd { i | 1 } else { i };
                let block = (32 * p + lanes[lane]) / (2 * len);
                let zeta = if inverse {
                    -ZETAS_MONT[N / len - 1 - block]
                } else {
                    ZETAS_MONT[N / (2 * len) + block]
                };
                t[layer][p][i] = if times_qinv {
                    zeta.wrapping_mul(QINV)
                } else {
                    zeta
                };
                i += 1;
            }
            p += 1;
        }
        layer += 1;
    }
    t
}

/// A table of per-lane zetas in the three forms of a [`Multiplier`],
/// indexed by layer, then pair, then lane.
pub struct ZetaTable {
    /// The zetas.
    pub b: [[[i32; 16]; 8]; 4],
    /// Each row with its odd lanes moved to the even positions.
    pub b_odd: [[[i32; 16]; 8]; 4],
    /// Each zeta times QINV mod 2^32.
    pub b_qinv: [[[i32; 16]; 8]; 4],
}

const fn zeta_table(inverse: bool) -> ZetaTable {
    ZetaTable {
        b: intra_zetas(inverse, false, false),
        b_odd: intra_zetas(inverse, false, true),
        b_qinv: intra_zetas(inverse, true, false),
    }
}

/// The forward NTT's per-lane zetas.
pub static FORWARD: ZetaTable = zeta_table(false);
/// The inverse NTT's per-lane zetas (negated, Algorithm 42).
pub static INVERSE: ZetaTable = zeta_table(true);

/// zeta broadcast to all lanes, as a [`Multiplier`] (its own odd form).
#[inline(always)]
fn broadcast<S: Avx512Ops>(s: S, zeta: i32) -> Multiplier<S::V> {
    let b = s.set1_epi32(zeta);
    Multiplier {
        b,
        b_odd: b,
        b_qinv: s.set1_epi32(zeta.wrapping_mul(QINV)),
    }
}

/// (a + zeta b, a - zeta b) for every lane.
#[inline(always)]
fn forward_butterfly<S: Avx512Ops>(s: S, a: S::V, b: S::V, zeta: Multiplier<S::V>) -> (S::V, S::V) {
    let t = montgomery_mul_pre(s, b, zeta);
    (s.add_epi32(a, t), s.sub_epi32(a, t))
}

/// (a + b, zeta (a - b)) for every lane.
#[inline(always)]
fn inverse_butterfly<S: Avx512Ops>(s: S, a: S::V, b: S::V, zeta: Multiplier<S::V>) -> (S::V, S::V) {
    (
        s.add_epi32(a, b),
        montgomery_mul_pre(s, s.sub_epi32(a, b), zeta),
    )
}

/// Step k of a regrouping table on (a, b).
#[inline(always)]
fn regroup_step<S: Avx512Ops>(
    s: S,
    table: &[[[i32; 16]; 2]; 5],
    k: usize,
    a: S::V,
    b: S::V,
) -> (S::V, S::V) {
    (
        s.permutex2var_epi32(a, s.load_row(&table[k][0]), b),
        s.permutex2var_epi32(a, s.load_row(&table[k][1]), b),
    )
}

/// Layer `layer` of a per-lane zeta table for pair p.
#[inline(always)]
fn zetas<S: Avx512Ops>(s: S, table: &ZetaTable, layer: usize, p: usize) -> Multiplier<S::V> {
    Multiplier {
        b: s.load_row(&table.b[layer][p]),
        b_odd: s.load_row(&table.b_odd[layer][p]),
        b_qinv: s.load_row(&table.b_qinv[layer][p]),
    }
}

/// The len = 8, 4, 2, 1 layers of vectors x = 2p and y = 2p + 1.
#[inline(always)]
fn forward_pair<S: Avx512Ops>(s: S, x: S::V, y: S::V, p: usize) -> (S::V, S::V) {
    let (mut a, mut b) = (x, y);
    for layer in 0..4 {
        (a, b) = regroup_step(s, &FORWARD_REGROUP, layer, a, b);
        let z = zetas(s, &FORWARD, layer, p);
        (a, b) = forward_butterfly(s, a, b, z);
    }
    regroup_step(s, &FORWARD_REGROUP, 4, a, b)
}

/// The len = 1, 2, 4, 8 layers of the inverse on vectors x = 2p, y = 2p + 1.
#[inline(always)]
fn inverse_pair<S: Avx512Ops>(s: S, x: S::V, y: S::V, p: usize) -> (S::V, S::V) {
    let (mut a, mut b) = (x, y);
    for k in 0..4 {
        (a, b) = regroup_step(s, &INVERSE_REGROUP, k, a, b);
        // Step k runs len 2^k: table index 3 - k.
        let z = zetas(s, &INVERSE, 3 - k, p);
        (a, b) = inverse_butterfly(s, a, b, z);
    }
    regroup_step(s, &INVERSE_REGROUP, 4, a, b)
}

/// Runs `$f(s, a, b, $z)` on each named pair of registers, in place.
macro_rules! butterflies {
    ($f:ident, $s:ident, $z:expr; $(($a:ident, $b:ident)),* $(,)?) => {
        let z = $z;
        $( ($a, $b) = $f($s, $a, $b, z); )*
    };
}

/// Forward NTT in place: input |a_i| < q, output |a_i| < 9q.
///
/// Every coefficient sees the butterflies of Algorithm 41 in its order,
/// with the same zetas: len 128, 64, 32, 16 on whole vectors (vector v
/// with v + 8, v + 4, v + 2, v + 1), then len 8 .. 1 on the pairs.
#[inline(always)]
pub fn ntt<S: Avx512Ops>(s: S, c: &mut [S::Lane; N]) {
    // Named registers, not an array: LLVM keeps indexed arrays in memory.
    let (mut r0, mut r1, mut r2, mut r3) = (s.load(c, 0), s.load(c, 1), s.load(c, 2), s.load(c, 3));
    let (mut r4, mut r5, mut r6, mut r7) = (s.load(c, 4), s.load(c, 5), s.load(c, 6), s.load(c, 7));
    let (mut r8, mut r9, mut r10, mut r11) =
        (s.load(c, 8), s.load(c, 9), s.load(c, 10), s.load(c, 11));
    let (mut r12, mut r13, mut r14, mut r15) =
        (s.load(c, 12), s.load(c, 13), s.load(c, 14), s.load(c, 15));
    // len 128: one block, zeta_1.
    butterflies!(forward_butterfly, s, broadcast(s, ZETAS_MONT[1]);
        (r0, r8), (r1, r9), (r2, r10), (r3, r11), (r4, r12), (r5, r13), (r6, r14), (r7, r15));
    // len 64: blocks v / 8.
    butterflies!(forward_butterfly, s, broadcast(s, ZETAS_MONT[2]); (r0, r4), (r1, r5), (r2, r6), (r3, r7));
    butterflies!(forward_butterfly, s, broadcast(s, ZETAS_MONT[3]); (r8, r12), (r9, r13), (r10, r14), (r11, r15));
    // len 32: blocks v / 4.
    butterflies!(forward_butterfly, s, broadcast(s, ZETAS_MONT[4]); (r0, r2), (r1, r3));
    butterflies!(forward_butterfly, s, broadcast(s, ZETAS_MONT[5]); (r4, r6), (r5, r7));
    butterflies!(forward_butterfly, s, broadcast(s, ZETAS_MONT[6]); (r8, r10), (r9, r11));
    butterflies!(forward_butterfly, s, broadcast(s, ZETAS_MONT[7]); (r12, r14), (r13, r15));
    // len 16: blocks v / 2.
    butterflies!(forward_butterfly, s, broadcast(s, ZETAS_MONT[8]); (r0, r1));
    butterflies!(forward_butterfly, s, broadcast(s, ZETAS_MONT[9]); (r2, r3));
    butterflies!(forward_butterfly, s, broadcast(s, ZETAS_MONT[10]); (r4, r5));
    butterflies!(forward_butterfly, s, broadcast(s, ZETAS_MONT[11]); (r6, r7));
    butterflies!(forward_butterfly, s, broadcast(s, ZETAS_MONT[12]); (r8, r9));
    butterflies!(forward_butterfly, s, broadcast(s, ZETAS_MONT[13]); (r10, r11));
    butterflies!(forward_butterfly, s, broadcast(s, ZETAS_MONT[14]); (r12, r13));
    butterflies!(forward_butterfly, s, broadcast(s, ZETAS_MONT[15]); (r14, r15));
    // len 8, 4, 2, 1 on the pairs.
    (r0, r1) = forward_pair(s, r0, r1, 0);
    (r2, r3) = forward_pair(s, r2, r3, 1);
    (r4, r5) = forward_pair(s, r4, r5, 2);
    (r6, r7) = forward_pair(s, r6, r7, 3);
    (r8, r9) = forward_pair(s, r8, r9, 4);
    (r10, r11) = forward_pair(s, r10, r11, 5);
    (r12, r13) = forward_pair(s, r12, r13, 6);
    (r14, r15) = forward_pair(s, r14, r15, 7);
    for (i, v) in [
        r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15,
    ]
    .into_iter()
    .enumerate()
    {
        s.store(c, i, v);
    }
}

/// The last inverse layer (len 128) with the final factor: the sum times
/// f, the difference times f zeta.
#[inline(always)]
fn last<S: Avx512Ops>(
    s: S,
    x: S::V,
    y: S::V,
    f: Multiplier<S::V>,
    fz: Multiplier<S::V>,
) -> (S::V, S::V) {
    (
        montgomery_mul_pre(s, s.add_epi32(x, y), f),
        montgomery_mul_pre(s, s.sub_epi32(x, y), fz),
    )
}

/// Inverse NTT times 2^32 in place: input |a_i| < q, output |a_i| <= q.
///
/// The forward layers reversed (Algorithm 42's order and zetas): len 1 .. 8
/// on the pairs, then len 16, 32, 64 on whole vectors and the final len
/// 128 with the factors INV_NTT_FACTOR (times zeta for the differences).
#[inline(always)]
pub fn invntt_tomont<S: Avx512Ops>(s: S, c: &mut [S::Lane; N]) {
    let (mut r0, mut r1) = inverse_pair(s, s.load(c, 0), s.load(c, 1), 0);
    let (mut r2, mut r3) = inverse_pair(s, s.load(c, 2), s.load(c, 3), 1);
    let (mut r4, mut r5) = inverse_pair(s, s.load(c, 4), s.load(c, 5), 2);
    let (mut r6, mut r7) = inverse_pair(s, s.load(c, 6), s.load(c, 7), 3);
    let (mut r8, mut r9) = inverse_pair(s, s.load(c, 8), s.load(c, 9), 4);
    let (mut r10, mut r11) = inverse_pair(s, s.load(c, 10), s.load(c, 11), 5);
    let (mut r12, mut r13) = inverse_pair(s, s.load(c, 12), s.load(c, 13), 6);
    let (mut r14, mut r15) = inverse_pair(s, s.load(c, 14), s.load(c, 15), 7);
    // len 16: blocks v / 2, -zeta_{15 - v / 2}.
    butterflies!(inverse_butterfly, s, broadcast(s, -ZETAS_MONT[15]); (r0, r1));
    butterflies!(inverse_butterfly, s, broadcast(s, -ZETAS_MONT[14]); (r2, r3));
    butterflies!(inverse_butterfly, s, broadcast(s, -ZETAS_MONT[13]); (r4, r5));
    butterflies!(inverse_butterfly, s, broadcast(s, -ZETAS_MONT[12]); (r6, r7));
    butterflies!(inverse_butterfly, s, broadcast(s, -ZETAS_MONT[11]); (r8, r9));
    butterflies!(inverse_butterfly, s, broadcast(s, -ZETAS_MONT[10]); (r10, r11));
    butterflies!(inverse_butterfly, s, broadcast(s, -ZETAS_MONT[9]); (r12, r13));
    butterflies!(inverse_butterfly, s, broadcast(s, -ZETAS_MONT[8]); (r14, r15));
    // len 32: blocks v / 4, -zeta_{7 - v / 4}.
    butterflies!(inverse_butterfly, s, broadcast(s, -ZETAS_MONT[7]); (r0, r2), (r1, r3));
    butterflies!(inverse_butterfly, s, broadcast(s, -ZETAS_MONT[6]); (r4, r6), (r5, r7));
    butterflies!(inverse_butterfly, s, broadcast(s, -ZETAS_MONT[5]); (r8, r10), (r9, r11));
    butterflies!(inverse_butterfly, s, broadcast(s, -ZETAS_MONT[4]); (r12, r14), (r13, r15));
    // len 64: blocks v / 8, -zeta_{3 - v / 8}.
    butterflies!(inverse_butterfly, s, broadcast(s, -ZETAS_MONT[3]); (r0, r4), (r1, r5), (r2, r6), (r3, r7));
    butterflies!(inverse_butterfly, s, broadcast(s, -ZETAS_MONT[2]); (r8, r12), (r9, r13), (r10, r14), (r11, r15));
    // len 128 with the final factors.
    let f = broadcast(s, INV_NTT_FACTOR);
    let fz = broadcast(s, INV_NTT_FACTOR_ZETA);
    (r0, r8) = last(s, r0, r8, f, fz);
    (r1, r9) = last(s, r1, r9, f, fz);
    (r2, r10) = last(s, r2, r10, f, fz);
    (r3, r11) = last(s, r3, r11, f, fz);
    (r4, r12) = last(s, r4, r12, f, fz);
    (r5, r13) = last(s, r5, r13, f, fz);
    (r6, r14) = last(s, r6, r14, f, fz);
    (r7, r15) = last(s, r7, r15, f, fz);
    for (i, v) in [
        r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15,
    ]
    .into_iter()
    .enumerate()
    {
        s.store(c, i, v);
    }
}
