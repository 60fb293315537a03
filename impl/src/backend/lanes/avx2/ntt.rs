//! Forward and inverse NTT on 32 vectors of 8 coefficients: the same
//! butterflies, zetas and lazy-reduction bounds as the portable NTT.
//!
//! Layers with len >= 8 pair whole vectors. The three layers with len 4, 2
//! and 1 pair coefficients inside a vector; they run on two vectors x, y at
//! a time, regrouped so that one register holds the first element of eight
//! butterflies and another the second: every lane of every Montgomery
//! multiplication is used.

use super::Avx2Ops;
use super::arithmetic::{montgomery_mul_odd, montgomery_mul_pre};
use crate::backend::portable::QINV;
use crate::backend::portable::{INV_NTT_FACTOR, INV_NTT_FACTOR_ZETA, ZETAS_MONT};
use crate::params::N;

/// Per-lane zetas of the intra-vector layers for the vector pair p (vectors
/// 2p and 2p + 1; lanes 0..4 belong to 2p, 4..8 to 2p + 1), in the lane
/// order the regrouped registers have (see `forward_pair` and
/// `inverse_pair`). Layer 0 is len 4, 1 is len 2, 2 is len 1 (forward);
/// the inverse tables hold -zeta in the inverse order.
const fn pair_tables(inverse: bool) -> [[[i32; 8]; 16]; 3] {
    let mut t = [[[0i32; 8]; 16]; 3];
    let mut p = 0;
    while p < 16 {
        let mut lane = 0;
        while lane < 8 {
            let v = 2 * p + lane / 4;
            let k = lane % 4;
            if inverse {
                // len 1: [x1 x3 x5 x7] pairs k = 0..4; len 2: [x2 x3 x6 x7];
                // len 4: [x4 .. x7].
                t[2][p][lane] = -ZETAS_MONT[255 - 4 * v - k];
                t[1][p][lane] = -ZETAS_MONT[127 - 2 * v - k / 2];
                t[0][p][lane] = -ZETAS_MONT[63 - v];
            } else {
                // len 4: [x4 .. x7]; len 2: [x2 x3 x6 x7]; len 1: [x1 x5 x3 x7],
                // the pairs (0,1), (4,5), (2,3), (6,7).
                t[0][p][lane] = ZETAS_MONT[32 + v];
                t[1][p][lane] = ZETAS_MONT[64 + 2 * v + k / 2];
                let pair = [0, 2, 1, 3][k];
                t[2][p][lane] = ZETAS_MONT[128 + 4 * v + pair];
            }
            lane += 1;
        }
        p += 1;
    }
    t
}

/// Each zeta times QINV mod 2^32, for `montgomery_mul_pre`.
const fn times_qinv(t: [[[i32; 8]; 16]; 3]) -> [[[i32; 8]; 16]; 3] {
    let mut out = t;
    let mut i = 0;
    while i < 3 * 16 * 8 {
        out[i / 128][(i / 8) % 16][i % 8] = t[i / 128][(i / 8) % 16][i % 8].wrapping_mul(QINV);
        i += 1;
    }
    out
}

/// Each row with its odd lanes moved to the even positions, as
/// `_mm256_shuffle_epi32::<0xF5>` moves them: [x1, x1, x3, x3, ..].
const fn odd_lanes(t: [[[i32; 8]; 16]; 3]) -> [[[i32; 8]; 16]; 3] {
    let mut out = t;
    let mut i = 0;
    while i < 3 * 16 * 8 {
        out[i / 128][(i / 8) % 16][i % 8] = t[i / 128][(i / 8) % 16][(i % 8) | 1];
        i += 1;
    }
    out
}

/// The forward intra-vector zetas.
pub static FORWARD: [[[i32; 8]; 16]; 3] = pair_tables(false);
/// [`FORWARD`] times QINV.
pub static FORWARD_QINV: [[[i32; 8]; 16]; 3] = times_qinv(pair_tables(false));
/// [`FORWARD`] with its odd lanes at the even positions.
pub static FORWARD_ODD: [[[i32; 8]; 16]; 3] = odd_lanes(pair_tables(false));
/// [`FORWARD_QINV`] with its odd lanes at the even positions.
pub static FORWARD_QINV_ODD: [[[i32; 8]; 16]; 3] = odd_lanes(times_qinv(pair_tables(false)));
/// The inverse intra-vector zetas (negated).
pub static INVERSE: [[[i32; 8]; 16]; 3] = pair_tables(true);
/// [`INVERSE`] times QINV.
pub static INVERSE_QINV: [[[i32; 8]; 16]; 3] = times_qinv(pair_tables(true));
/// [`INVERSE`] with its odd lanes at the even positions.
pub static INVERSE_ODD: [[[i32; 8]; 16]; 3] = odd_lanes(pair_tables(true));
/// [`INVERSE_QINV`] with its odd lanes at the even positions.
pub static INVERSE_QINV_ODD: [[[i32; 8]; 16]; 3] = odd_lanes(times_qinv(pair_tables(true)));

/// A zeta table in the four forms `montgomery_mul_odd` takes.
struct Tables {
    b: &'static [[[i32; 8]; 16]; 3],
    b_odd: &'static [[[i32; 8]; 16]; 3],
    b_qinv: &'static [[[i32; 8]; 16]; 3],
    b_qinv_odd: &'static [[[i32; 8]; 16]; 3],
}

static FORWARD_TABLES: Tables = Tables {
    b: &FORWARD,
    b_odd: &FORWARD_ODD,
    b_qinv: &FORWARD_QINV,
    b_qinv_odd: &FORWARD_QINV_ODD,
};
static INVERSE_TABLES: Tables = Tables {
    b: &INVERSE,
    b_odd: &INVERSE_ODD,
    b_qinv: &INVERSE_QINV,
    b_qinv_odd: &INVERSE_QINV_ODD,
};

/// zeta and zeta * QINV broadcast to all lanes.
#[inline(always)]
fn broadcast<S: Avx2Ops>(s: S, zeta: i32) -> (S::V, S::V) {
    (s.set1_epi32(zeta), s.set1_epi32(zeta.wrapping_mul(QINV)))
}

/// A multiplier: a broadcast zeta (its own odd form), or a table row with
/// its odd forms.
type Zeta<V> = ((V, V), (V, V));

/// zeta and zeta * QINV broadcast to all lanes, each its own odd form.
#[inline(always)]
fn splat<S: Avx2Ops>(s: S, zeta: i32) -> Zeta<S::V> {
    let (b, b_qinv) = broadcast(s, zeta);
    ((b, b), (b_qinv, b_qinv))
}

/// Table layer `layer` of pair p, in the four forms.
#[inline(always)]
fn zetas<S: Avx2Ops>(s: S, t: &Tables, layer: usize, p: usize) -> Zeta<S::V> {
    (
        (s.load_row(&t.b[layer][p]), s.load_row(&t.b_odd[layer][p])),
        (
            s.load_row(&t.b_qinv[layer][p]),
            s.load_row(&t.b_qinv_odd[layer][p]),
        ),
    )
}

/// (a + zeta b, a - zeta b) for every lane.
#[inline(always)]
fn forward_butterfly<S: Avx2Ops>(s: S, a: S::V, b: S::V, zeta: Zeta<S::V>) -> (S::V, S::V) {
    let t = montgomery_mul_odd(s, b, zeta.0, zeta.1);
    (s.add_epi32(a, t), s.sub_epi32(a, t))
}

/// (a + b, zeta (a - b)) for every lane.
#[inline(always)]
fn inverse_butterfly<S: Avx2Ops>(s: S, a: S::V, b: S::V, zeta: Zeta<S::V>) -> (S::V, S::V) {
    (
        s.add_epi32(a, b),
        montgomery_mul_odd(s, s.sub_epi32(a, b), zeta.0, zeta.1),
    )
}

/// The low 128-bit halves of x and y, and their high halves.
#[inline(always)]
fn halves<S: Avx2Ops>(s: S, x: S::V, y: S::V) -> (S::V, S::V) {
    (
        s.permute2x128_si256::<0x20>(x, y),
        s.permute2x128_si256::<0x31>(x, y),
    )
}

/// The even 64-bit lanes of x and y, and their odd ones (per 128 bits).
#[inline(always)]
fn pairs64<S: Avx2Ops>(s: S, x: S::V, y: S::V) -> (S::V, S::V) {
    (s.unpacklo_epi64(x, y), s.unpackhi_epi64(x, y))
}

/// The even 32-bit lanes of x and y, and their odd ones (per 128 bits).
#[inline(always)]
fn evens_odds<S: Avx2Ops>(s: S, x: S::V, y: S::V) -> (S::V, S::V) {
    (
        s.shuffle_ps::<0b10_00_10_00>(x, y),
        s.shuffle_ps::<0b11_01_11_01>(x, y),
    )
}

/// [`evens_odds`] undone: the lanes of x and y interleaved, the result in
/// [`pairs64`]'s order.
#[inline(always)]
fn interleave32<S: Avx2Ops>(s: S, x: S::V, y: S::V) -> (S::V, S::V) {
    pairs64(s, s.unpacklo_epi32(x, y), s.unpackhi_epi32(x, y))
}

/// The len = 4, 2, 1 layers of vectors x = 2p and y = 2p + 1, one step a
/// layer, so that the callers can interleave the steps of several pairs:
/// one pair's three layers are a chain of dependent multiplications, and
/// the scheduler holds too few instructions to reach the next pair's on
/// its own. Shown for x (y runs in the high 128-bit halves alongside).
///
/// len 4: [x0 x1 x2 x3] with [x4 x5 x6 x7].
#[inline(always)]
fn forward_len4<S: Avx2Ops>(s: S, x: S::V, y: S::V, p: usize) -> (S::V, S::V) {
    let (a, b) = halves(s, x, y);
    forward_butterfly(s, a, b, zetas(s, &FORWARD_TABLES, 0, p))
}

/// len 2 (after [`forward_len4`]): [x0 x1 x4 x5] with [x2 x3 x6 x7].
#[inline(always)]
fn forward_len2<S: Avx2Ops>(s: S, a: S::V, b: S::V, p: usize) -> (S::V, S::V) {
    let (c, d) = pairs64(s, a, b);
    forward_butterfly(s, c, d, zetas(s, &FORWARD_TABLES, 1, p))
}

/// len 1 (after [`forward_len2`]): [x0 x4 x2 x6] with [x1 x5 x3 x7]; then
/// back to [x0 .. x7]: [x0 x1 x4 x5], [x2 x3 x6 x7], then the halves.
#[inline(always)]
fn forward_len1<S: Avx2Ops>(s: S, c: S::V, d: S::V, p: usize) -> (S::V, S::V) {
    let (e, f) = evens_odds(s, c, d);
    let (e, f) = forward_butterfly(s, e, f, zetas(s, &FORWARD_TABLES, 2, p));
    let (g, h) = interleave32(s, e, f);
    halves(s, g, h)
}

/// The len = 1, 2, 4 layers of the inverse on vectors x = 2p, y = 2p + 1,
/// one step a layer (as the forward ones).
///
/// len 1: [x0 x2 x4 x6] with [x1 x3 x5 x7].
#[inline(always)]
fn inverse_len1<S: Avx2Ops>(s: S, x: S::V, y: S::V, p: usize) -> (S::V, S::V) {
    let (g, h) = halves(s, x, y);
    let (e, f) = evens_odds(s, g, h);
    inverse_butterfly(s, e, f, zetas(s, &INVERSE_TABLES, 2, p))
}

/// len 2 (after [`inverse_len1`]): [x0 x1 x4 x5] with [x2 x3 x6 x7] (via
/// [x0 .. x3], [x4 .. x7]).
#[inline(always)]
fn inverse_len2<S: Avx2Ops>(s: S, e: S::V, f: S::V, p: usize) -> (S::V, S::V) {
    let (c, d) = interleave32(s, e, f);
    inverse_butterfly(s, c, d, zetas(s, &INVERSE_TABLES, 1, p))
}

/// len 4 (after [`inverse_len2`]): [x0 x1 x2 x3] with [x4 x5 x6 x7]; then
/// back to x, y.
#[inline(always)]
fn inverse_len4<S: Avx2Ops>(s: S, c: S::V, d: S::V, p: usize) -> (S::V, S::V) {
    let (a, b) = pairs64(s, c, d);
    let (a, b) = inverse_butterfly(s, a, b, zetas(s, &INVERSE_TABLES, 0, p));
    halves(s, a, b)
}

/// Four vectors of a block.
type Block<V> = (V, V, V, V);

/// Vectors v, v + d, v + 2d and v + 3d of `c`, as named values (LLVM keeps
/// indexed arrays in memory).
#[inline(always)]
fn load_block<S: Avx2Ops>(s: S, c: &[S::Lane; N], v: usize, d: usize) -> Block<S::V> {
    (
        s.load(c, v),
        s.load(c, v + d),
        s.load(c, v + 2 * d),
        s.load(c, v + 3 * d),
    )
}

/// Stores `x` as vectors v, v + d, v + 2d and v + 3d of `c`.
#[inline(always)]
fn store_block<S: Avx2Ops>(s: S, c: &mut [S::Lane; N], v: usize, d: usize, x: Block<S::V>) {
    s.store(c, v, x.0);
    s.store(c, v + d, x.1);
    s.store(c, v + 2 * d, x.2);
    s.store(c, v + 3 * d, x.3);
}

/// One in-vector layer, `$step` (one of `forward_len*`, `inverse_len*`),
/// on the four pairs of blocks b (vectors `$r`) and e (vectors `$q`), one
/// after the other. (A macro: a function taking the step as a closure or
/// `impl Fn` compiled it apart from the target features, 30 times slower.)
macro_rules! on_pairs {
    ($step:ident, $s:expr, ($b:expr, $e:expr), ($r0:ident, $r1:ident, $r2:ident, $r3:ident),
     ($q0:ident, $q1:ident, $q2:ident, $q3:ident)) => {
        ($r0, $r1) = $step($s, $r0, $r1, 2 * $b);
        ($q0, $q1) = $step($s, $q0, $q1, 2 * $e);
        ($r2, $r3) = $step($s, $r2, $r3, 2 * $b + 1);
        ($q2, $q3) = $step($s, $q2, $q3, 2 * $e + 1);
    };
}

/// Forward NTT in place: input |a_i| < q, output |a_i| < 9q.
///
/// Three passes over memory, each running several layers in registers:
/// (1) len 128, 64, 32 on the eight vectors j, j + 4, .., j + 28 (j < 4);
/// (2) len 16 and 8 on the four vectors 4b .. 4b + 3, two blocks b at a
/// time; (3) len 4, 2, 1 on the pairs, four at a time: (2) and (3) apart,
/// each iteration's chain of dependent multiplications is two or three
/// layers deep, not five, which the out-of-order window covers better
/// than the extra loads and stores cost. Every coefficient sees the
/// butterflies of Algorithm 41 in its order, with the same zetas.
#[inline(always)]
pub fn ntt<S: Avx2Ops>(s: S, c: &mut [S::Lane; N]) {
    // Named registers, not an array: LLVM keeps indexed arrays in memory.
    for j in 0..4 {
        let (mut r0, mut r1, mut r2, mut r3) = load_block(s, c, j, 4);
        let (mut r4, mut r5, mut r6, mut r7) = load_block(s, c, j + 16, 4);
        // len 128 (vector v with v + 16): one block, zeta_1.
        let z = splat(s, ZETAS_MONT[1]);
        (r0, r4) = forward_butterfly(s, r0, r4, z);
        (r1, r5) = forward_butterfly(s, r1, r5, z);
        (r2, r6) = forward_butterfly(s, r2, r6, z);
        (r3, r7) = forward_butterfly(s, r3, r7, z);
        // len 64 (v with v + 8): blocks v / 16, zeta_2, zeta_3.
        let z = splat(s, ZETAS_MONT[2]);
        (r0, r2) = forward_butterfly(s, r0, r2, z);
        (r1, r3) = forward_butterfly(s, r1, r3, z);
        let z = splat(s, ZETAS_MONT[3]);
        (r4, r6) = forward_butterfly(s, r4, r6, z);
        (r5, r7) = forward_butterfly(s, r5, r7, z);
        // len 32 (v with v + 4): blocks v / 8, zeta_4 .. zeta_7.
        (r0, r1) = forward_butterfly(s, r0, r1, splat(s, ZETAS_MONT[4]));
        (r2, r3) = forward_butterfly(s, r2, r3, splat(s, ZETAS_MONT[5]));
        (r4, r5) = forward_butterfly(s, r4, r5, splat(s, ZETAS_MONT[6]));
        (r6, r7) = forward_butterfly(s, r6, r7, splat(s, ZETAS_MONT[7]));
        store_block(s, c, j, 4, (r0, r1, r2, r3));
        store_block(s, c, j + 16, 4, (r4, r5, r6, r7));
    }
    // Blocks b and e = b + 1 together, their steps interleaved (the lines
    // for e repeat those for b): one block's chain of dependent
    // multiplications would leave the multipliers idle part of the time.
    for h in 0..4 {
        let (b, e) = (2 * h, 2 * h + 1);
        let (v, w) = (4 * b, 4 * e);
        let (mut r0, mut r1, mut r2, mut r3) = load_block(s, c, v, 1);
        let (mut q0, mut q1, mut q2, mut q3) = load_block(s, c, w, 1);
        // len 16 (v with v + 2): block b, zeta_{8 + b}.
        let z = splat(s, ZETAS_MONT[8 + b]);
        let y = splat(s, ZETAS_MONT[8 + e]);
        (r0, r2) = forward_butterfly(s, r0, r2, z);
        (q0, q2) = forward_butterfly(s, q0, q2, y);
        (r1, r3) = forward_butterfly(s, r1, r3, z);
        (q1, q3) = forward_butterfly(s, q1, q3, y);
        // len 8 (v with v + 1): blocks 2b, 2b + 1.
        (r0, r1) = forward_butterfly(s, r0, r1, splat(s, ZETAS_MONT[16 + 2 * b]));
        (q0, q1) = forward_butterfly(s, q0, q1, splat(s, ZETAS_MONT[16 + 2 * e]));
        (r2, r3) = forward_butterfly(s, r2, r3, splat(s, ZETAS_MONT[17 + 2 * b]));
        (q2, q3) = forward_butterfly(s, q2, q3, splat(s, ZETAS_MONT[17 + 2 * e]));
        store_block(s, c, v, 1, (r0, r1, r2, r3));
        store_block(s, c, w, 1, (q0, q1, q2, q3));
    }
    // len 4, 2, 1 on the pairs 4h .. 4h + 3 (vectors 8h .. 8h + 7), a
    // layer of all four at a time: a pass of its own, so that each
    // iteration's chain of dependent multiplications is three layers deep
    // rather than five (the loads and stores of the extra pass cost less).
    for h in 0..4 {
        let (b, e) = (2 * h, 2 * h + 1);
        let (v, w) = (4 * b, 4 * e);
        let (mut r0, mut r1, mut r2, mut r3) = load_block(s, c, v, 1);
        let (mut q0, mut q1, mut q2, mut q3) = load_block(s, c, w, 1);
        on_pairs!(forward_len4, s, (b, e), (r0, r1, r2, r3), (q0, q1, q2, q3));
        on_pairs!(forward_len2, s, (b, e), (r0, r1, r2, r3), (q0, q1, q2, q3));
        on_pairs!(forward_len1, s, (b, e), (r0, r1, r2, r3), (q0, q1, q2, q3));
        store_block(s, c, v, 1, (r0, r1, r2, r3));
        store_block(s, c, w, 1, (q0, q1, q2, q3));
    }
}

/// The last inverse layer (len 128) with the final factor: the sum times
/// f, the difference times f zeta. (A function, not a closure: a closure
/// would not inherit the target feature of the function this inlines into.)
#[inline(always)]
fn last<S: Avx2Ops>(s: S, x: S::V, y: S::V, f: (S::V, S::V), fz: (S::V, S::V)) -> (S::V, S::V) {
    (
        montgomery_mul_pre(s, s.add_epi32(x, y), f.0, f.1),
        montgomery_mul_pre(s, s.sub_epi32(x, y), fz.0, fz.1),
    )
}

/// Inverse NTT times 2^32 in place: input |a_i| < q, output |a_i| <= q.
///
/// Two passes: (1) len 1, 2, 4 on the pairs (a layer of four pairs at a
/// time), then len 8 and 16, on the four vectors 4b .. 4b + 3, two blocks
/// at a time; (2) len 32, 64 and the final len 128 with the factors
/// INV_NTT_FACTOR (times zeta for the differences) on the vectors j, j +
/// 4, .., j + 28. (A pass of its own for the pairs, as in `ntt`, is no
/// faster here.)
#[inline(always)]
pub fn invntt_tomont<S: Avx2Ops>(s: S, c: &mut [S::Lane; N]) {
    // Blocks b and e = b + 1 together, interleaved, as in `ntt`.
    for h in 0..4 {
        let (b, e) = (2 * h, 2 * h + 1);
        let (v, w) = (4 * b, 4 * e);
        // len 1, 2, 4 on the four pairs, a layer of all four at a time.
        let (mut r0, mut r1, mut r2, mut r3) = load_block(s, c, v, 1);
        let (mut q0, mut q1, mut q2, mut q3) = load_block(s, c, w, 1);
        on_pairs!(inverse_len1, s, (b, e), (r0, r1, r2, r3), (q0, q1, q2, q3));
        on_pairs!(inverse_len2, s, (b, e), (r0, r1, r2, r3), (q0, q1, q2, q3));
        on_pairs!(inverse_len4, s, (b, e), (r0, r1, r2, r3), (q0, q1, q2, q3));
        // len 8: blocks 2b, 2b + 1: -zeta_{31 - 2b}, -zeta_{30 - 2b}.
        (r0, r1) = inverse_butterfly(s, r0, r1, splat(s, -ZETAS_MONT[31 - 2 * b]));
        (q0, q1) = inverse_butterfly(s, q0, q1, splat(s, -ZETAS_MONT[31 - 2 * e]));
        (r2, r3) = inverse_butterfly(s, r2, r3, splat(s, -ZETAS_MONT[30 - 2 * b]));
        (q2, q3) = inverse_butterfly(s, q2, q3, splat(s, -ZETAS_MONT[30 - 2 * e]));
        // len 16: block b: -zeta_{15 - b}.
        let z = splat(s, -ZETAS_MONT[15 - b]);
        let y = splat(s, -ZETAS_MONT[15 - e]);
        (r0, r2) = inverse_butterfly(s, r0, r2, z);
        (q0, q2) = inverse_butterfly(s, q0, q2, y);
        (r1, r3) = inverse_butterfly(s, r1, r3, z);
        (q1, q3) = inverse_butterfly(s, q1, q3, y);
        store_block(s, c, v, 1, (r0, r1, r2, r3));
        store_block(s, c, w, 1, (q0, q1, q2, q3));
    }
    let f = broadcast(s, INV_NTT_FACTOR);
    let fz = broadcast(s, INV_NTT_FACTOR_ZETA);
    for j in 0..4 {
        let (mut r0, mut r1, mut r2, mut r3) = load_block(s, c, j, 4);
        let (mut r4, mut r5, mut r6, mut r7) = load_block(s, c, j + 16, 4);
        // len 32: blocks v / 8: -zeta_7 .. -zeta_4.
        (r0, r1) = inverse_butterfly(s, r0, r1, splat(s, -ZETAS_MONT[7]));
        (r2, r3) = inverse_butterfly(s, r2, r3, splat(s, -ZETAS_MONT[6]));
        (r4, r5) = inverse_butterfly(s, r4, r5, splat(s, -ZETAS_MONT[5]));
        (r6, r7) = inverse_butterfly(s, r6, r7, splat(s, -ZETAS_MONT[4]));
        // len 64: blocks v / 16: -zeta_3, -zeta_2.
        let z = splat(s, -ZETAS_MONT[3]);
        (r0, r2) = inverse_butterfly(s, r0, r2, z);
        (r1, r3) = inverse_butterfly(s, r1, r3, z);
        let z = splat(s, -ZETAS_MONT[2]);
        (r4, r6) = inverse_butterfly(s, r4, r6, z);
        (r5, r7) = inverse_butterfly(s, r5, r7, z);
        (r0, r4) = last(s, r0, r4, f, fz);
        (r1, r5) = last(s, r1, r5, f, fz);
        (r2, r6) = last(s, r2, r6, f, fz);
        (r3, r7) = last(s, r3, r7, f, fz);
        store_block(s, c, j, 4, (r0, r1, r2, r3));
        store_block(s, c, j + 16, 4, (r4, r5, r6, r7));
    }
}
