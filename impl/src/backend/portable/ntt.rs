//! Forward and inverse NTT with Montgomery multiplication by precomputed
//! zetas, in place, with lazy reduction (no reduction between layers).

use super::arithmetic::{QINV, montgomery_mul_pre};
use super::word::Word;
use crate::params::{N, Q};

/// zeta^BitRev8(m) * 2^32 mod q, centered, for m = 0..255 (m = 0 unused).
pub const ZETAS_MONT: [i32; N] = zetas_mont();

/// 2^64 / 256 mod q: the final factor of the inverse NTT, which both divides
/// by 256 and leaves the result times 2^32 (Montgomery form).
pub const INV_NTT_FACTOR: i32 = pow2_mod_q(56);

/// 2^e mod q by square and multiply.
const fn pow2_mod_q(e: u32) -> i32 {
    let mut r: i64 = 1;
    let mut b: i64 = 2;
    let mut e = e;
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % Q as i64;
        }
        b = b * b % Q as i64;
        e >>= 1;
    }
    r as i32
}

const fn zetas_mont() -> [i32; N] {
    let mut table = [0i32; N];
    let mut power: i64 = 1; // zeta^i mod q
    let mut i = 0;
    while i < N {
        let m = (i as u8).reverse_bits() as usize;
        let mont = (power << 32) % Q as i64;
        table[m] = if mont > (Q as i64) / 2 {
            (mont - Q as i64) as i32
        } else {
            mont as i32
        };
        power = power * 1753 % Q as i64;
        i += 1;
    }
    table
}

/// ZETAS_MONT[m] QINV mod 2^32: `montgomery_mul_pre`'s factor for each
/// zeta, made at compile time.
const ZETAS_MONT_QINV: [i32; N] = {
    let mut table = [0i32; N];
    let mut m = 0;
    while m < N {
        table[m] = ZETAS_MONT[m].wrapping_mul(QINV);
        m += 1;
    }
    table
};

/// A constant multiplier c and c QINV mod 2^32, for `montgomery_mul_pre`
/// (the final factors).
#[inline(always)]
fn with_qinv<W: Word>(c: i32) -> (W, W) {
    (W::lit(c), W::lit(c.wrapping_mul(QINV)))
}

/// zeta_m and its factor, from the tables.
#[inline(always)]
fn zeta<W: Word>(m: usize) -> (W, W) {
    (W::lit(ZETAS_MONT[m]), W::lit(ZETAS_MONT_QINV[m]))
}

/// -zeta_m and its factor (the inverse NTT's).
#[inline(always)]
fn minus_zeta<W: Word>(m: usize) -> (W, W) {
    (
        W::lit(-ZETAS_MONT[m]),
        W::lit(ZETAS_MONT_QINV[m].wrapping_neg()),
    )
}

/// The Cooley-Tukey butterfly (a + zeta b, a - zeta b).
#[inline(always)]
fn forward_butterfly<W: Word>(a: W, b: W, (zeta, zeta_qinv): (W, W)) -> (W, W) {
    let t = montgomery_mul_pre(b, zeta, zeta_qinv);
    (a + t, a - t)
}

/// Forward NTT (Cooley-Tukey butterflies, FIPS 204 Algorithm 41's order).
/// Input |a_i| < q, output |a_i| < 9q: each layer adds at most q.
///
/// Layers 128 and 64, then 32 and 16, two at a pass: each quadruple of
/// coefficients j, j + len / 2, j + len, j + 3 len / 2 is loaded once,
/// takes its two butterflies of layer len (Algorithm 41's zeta_m of their
/// block, m = 256 / (2 len) + block) and its two of layer len / 2 (the
/// zetas of the two half blocks), and is stored once: half the loads and
/// stores. Layers 8 to 1 run one at a time (two at a pass is slower there,
/// and so is the inverse NTT in passes of two). Every coefficient sees
/// the same butterflies in the same order.
#[inline(always)]
pub fn ntt<W: Word>(a: &mut [W; N]) {
    let mut len = 128;
    while len > 8 {
        for (block, chunk) in a.chunks_exact_mut(2 * len).enumerate() {
            let z = zeta::<W>(N / (2 * len) + block);
            let z0 = zeta::<W>(N / len + 2 * block);
            let z1 = zeta::<W>(N / len + 2 * block + 1);
            let [q0, q1, q2, q3] = quarters(chunk);
            for (((x0, x1), x2), x3) in q0.iter_mut().zip(q1).zip(q2).zip(q3) {
                let (a0, a2) = forward_butterfly(*x0, *x2, z);
                let (a1, a3) = forward_butterfly(*x1, *x3, z);
                (*x0, *x1) = forward_butterfly(a0, a1, z0);
                (*x2, *x3) = forward_butterfly(a2, a3, z1);
            }
        }
        len /= 4;
    }
    // len = 8, 4, 2, 1 a layer at a time.
    let mut m = 16;
    while len > 0 {
        for chunk in a.chunks_exact_mut(2 * len) {
            let z = zeta::<W>(m);
            m += 1;
            let (lo, hi) = chunk.split_at_mut(len);
            for (x0, x1) in lo.iter_mut().zip(hi) {
                (*x0, *x1) = forward_butterfly(*x0, *x1, z);
            }
        }
        len /= 2;
    }
}

/// A block split into its four quarters (its length a multiple of 4).
#[inline(always)]
fn quarters<W>(chunk: &mut [W]) -> [&mut [W]; 4] {
    let (lo, hi) = chunk.split_at_mut(chunk.len() / 2);
    let (q0, q1) = lo.split_at_mut(lo.len() / 2);
    let (q2, q3) = hi.split_at_mut(hi.len() / 2);
    [q0, q1, q2, q3]
}

/// The last inverse layer's zeta (-zeta^BitRev8(1)) merged with the final
/// factor: `INV_NTT_FACTOR * -ZETAS_MONT[1] * 2^-32` (2^-32 = 2^(q-1-32)), so one Montgomery
/// multiplication does both on the difference half.
/// (Centered, so |factor| <= q/2 like every zeta.)
pub const INV_NTT_FACTOR_ZETA: i32 = centered(
    INV_NTT_FACTOR as i64 * -ZETAS_MONT[1] as i64 % Q as i64 * pow2_mod_q(Q as u32 - 1 - 32) as i64,
);

/// a mod q in [-(q-1)/2, (q-1)/2].
const fn centered(a: i64) -> i32 {
    let r = (a % Q as i64) as i32;
    if r > Q / 2 {
        r - Q
    } else if r < -(Q / 2) {
        r + Q
    } else {
        r
    }
}

/// Inverse NTT times 2^32 (Gentleman-Sande butterflies, Algorithm 42's
/// order). Input |a_i| < q: the sums grow to at most 128q before the last
/// layer, which also applies the final factor (to the sums by one Montgomery
/// multiplication, to the differences merged with the zeta), leaving every
/// coefficient below q.
#[inline(always)]
pub fn invntt_tomont<W: Word>(a: &mut [W; N]) {
    let mut m = N;
    let mut len = 1;
    while len < N / 2 {
        let mut start = 0;
        while start < N {
            m -= 1;
            let (zeta, zeta_qinv) = minus_zeta::<W>(m);
            for j in start..start + len {
                let t = a[j];
                a[j] = t + a[j + len];
                a[j + len] = montgomery_mul_pre(t - a[j + len], zeta, zeta_qinv);
            }
            start += 2 * len;
        }
        len <<= 1;
    }
    let (f, f_qinv) = with_qinv::<W>(INV_NTT_FACTOR);
    let (fz, fz_qinv) = with_qinv::<W>(INV_NTT_FACTOR_ZETA);
    let (lo, hi) = a.split_at_mut(N / 2);
    for (x0, x1) in lo.iter_mut().zip(hi) {
        let (t, u) = (*x0, *x1);
        *x0 = montgomery_mul_pre(t + u, f, f_qinv);
        *x1 = montgomery_mul_pre(t - u, fz, fz_qinv);
    }
}
