//! High-order and low-order bits and hints, FIPS 204 section 7.4
//! (Algorithms 35 to 40).
//!
//! The algorithms are defined on single elements of Z_q; the standard applies
//! them coefficient-wise to polynomials and vectors, which the `*_vector`
//! functions at the end of this file do.

use crate::contract::{checked, predicate};
use crate::params::{D, N, Q};
use crate::ring::{Poly, mod_pm, mod_q, modulo, vector_in, zero_vector};
#[cfg(hax)]
use hax_lib::Prop;

/// gamma2 is one of the two values of Table 1, (q-1)/88 or (q-1)/32.
#[predicate]
pub fn is_gamma2(gamma2: i32) -> Prop {
    Prop::from(gamma2 == (Q - 1) / 88 || gamma2 == (Q - 1) / 32)
}

/// Algorithm 35, Power2Round(r): (r1, r0) with r1 * 2^d + r0 = r mod q and
/// -2^(d-1) < r0 <= 2^(d-1).
#[checked]
#[hax_lib::requires(0 <= r && r < Q)]
#[hax_lib::ensures(|(r1, r0)| 0 <= r1 && r1 <= (Q - 1) >> D
    && -(1 << (D - 1)) < r0 && r0 <= 1 << (D - 1)
    && (r1 << D) + r0 == r)]
pub fn power2round(r: i32) -> (i32, i32) {
    // 1: r+ <- r mod q
    let r_plus = mod_q(r as i64);
    // 2: r0 <- r+ mod+- 2^d
    let r0 = mod_pm(r_plus as i64, 1 << D) as i32;
    // 3: return ((r+ - r0)/2^d, r0)
    ((r_plus - r0) >> D, r0)
}

/// Algorithm 36, Decompose(r): (r1, r0) with r = r1 (2 gamma2) + r0 mod q,
/// -gamma2 <= r0 <= gamma2 and 0 <= r1 < (q-1)/(2 gamma2).
///
/// The ensures pins the one value FIPS 204 gives: either r = r1 (2 gamma2)
/// + r0 exactly with -gamma2 < r0 <= gamma2 (line 2's centered remainder),
/// or the wrap of lines 3 to 5, r1 = 0 and r0 = r - q in [-gamma2, 0).
#[checked]
#[hax_lib::requires(Prop::from(0 <= r && r < Q).and(is_gamma2(gamma2)))]
#[hax_lib::ensures(|(r1, r0)| 0 <= r1 && r1 < (Q - 1) / (2 * gamma2)
    && -gamma2 <= r0 && r0 <= gamma2
    && mod_q((r1 as i64) * 2 * (gamma2 as i64) + r0 as i64) == r
    && ((r1 * 2 * gamma2 + r0 == r && -gamma2 < r0)
        || (r1 == 0 && r0 == r - Q)))]
pub fn decompose(r: i32, gamma2: i32) -> (i32, i32) {
    // 1: r+ <- r mod q
    let r_plus = mod_q(r as i64);
    // 2: r0 <- r+ mod+- (2 gamma2)
    let r0 = mod_pm(r_plus as i64, 2 * gamma2 as i64) as i32;
    // 3: if r+ - r0 = q - 1 then
    let (r1, r0) = if r_plus - r0 == Q - 1 {
        // 4: r1 <- 0
        // 5: r0 <- r0 - 1
        (0, r0 - 1)
    } else {
        // 6: else r1 <- (r+ - r0)/(2 gamma2)
        ((r_plus - r0) / (2 * gamma2), r0)
    }; // 7: end if
    // 8: return (r1, r0)
    (r1, r0)
}

/// Algorithm 37, HighBits(r): r1 of Decompose(r).
#[checked]
#[hax_lib::requires(Prop::from(0 <= r && r < Q).and(is_gamma2(gamma2)))]
#[hax_lib::ensures(|r1| 0 <= r1 && r1 < (Q - 1) / (2 * gamma2))]
pub fn high_bits(r: i32, gamma2: i32) -> i32 {
    // 1: (r1, r0) <- Decompose(r)
    let (r1, _r0) = decompose(r, gamma2);
    // 2: return r1
    r1
}

/// Algorithm 38, LowBits(r): r0 of Decompose(r).
#[checked]
#[hax_lib::requires(Prop::from(0 <= r && r < Q).and(is_gamma2(gamma2)))]
#[hax_lib::ensures(|r0| -gamma2 <= r0 && r0 <= gamma2)]
pub fn low_bits(r: i32, gamma2: i32) -> i32 {
    // 1: (r1, r0) <- Decompose(r)
    let (_r1, r0) = decompose(r, gamma2);
    // 2: return r0
    r0
}

/// Algorithm 39, MakeHint(z, r): 1 if adding z to r changes the high bits,
/// else 0. z and r are elements of Z_q.
#[checked]
#[hax_lib::requires(Prop::from(0 <= z && z < Q && 0 <= r && r < Q).and(is_gamma2(gamma2)))]
#[hax_lib::ensures(|h| h == 0 || h == 1)]
pub fn make_hint(z: i32, r: i32, gamma2: i32) -> i32 {
    // 1: r1 <- HighBits(r)
    let r1 = high_bits(r, gamma2);
    // 2: v1 <- HighBits(r + z)
    let v1 = high_bits(mod_q(r as i64 + z as i64), gamma2);
    // 3: return [[r1 != v1]]
    if r1 != v1 { 1 } else { 0 }
}

/// Algorithm 40, UseHint(h, r): the high bits of r adjusted by the hint h.
/// For |z| <= gamma2, UseHint(MakeHint(z, r), r) = HighBits(r + z).
#[checked]
#[hax_lib::requires(Prop::from((h == 0 || h == 1) && 0 <= r && r < Q).and(is_gamma2(gamma2)))]
#[hax_lib::ensures(|r1| 0 <= r1 && r1 < (Q - 1) / (2 * gamma2))]
pub fn use_hint(h: i32, r: i32, gamma2: i32) -> i32 {
    // 1: m <- (q - 1)/(2 gamma2)
    let m = (Q - 1) / (2 * gamma2);
    // 2: (r1, r0) <- Decompose(r)
    let (r1, r0) = decompose(r, gamma2);
    // 3: if h = 1 and r0 > 0 return (r1 + 1) mod m
    if h == 1 && r0 > 0 {
        return modulo(r1 as i64 + 1, m as i64) as i32;
    }
    // 4: if h = 1 and r0 <= 0 return (r1 - 1) mod m
    if h == 1 && r0 <= 0 {
        return modulo(r1 as i64 - 1, m as i64) as i32;
    }
    // 5: return r1
    r1
}

/// Power2Round on every coefficient of a vector over R_q: (t1, t0).
#[checked]
#[hax_lib::requires(vector_in(t, t.len(), 0, Q - 1))]
#[hax_lib::ensures(|(t1, t0)| vector_in(&t1, t.len(), 0, (Q - 1) >> D)
    .and(vector_in(&t0, t.len(), -(1 << (D - 1)) + 1, 1 << (D - 1))))]
pub fn power2round_vector(t: &[Poly]) -> (Vec<Poly>, Vec<Poly>) {
    let mut t1 = zero_vector(t.len());
    let mut t0 = zero_vector(t.len());
    for i in 0..t.len() {
        hax_lib::loop_invariant!(|_: usize| vector_in(&t1, t.len(), 0, (Q - 1) >> D)
            .and(vector_in(&t0, t.len(), -(1 << (D - 1)) + 1, 1 << (D - 1))));
        for j in 0..N {
            hax_lib::loop_invariant!(|_: usize| vector_in(&t1, t.len(), 0, (Q - 1) >> D)
                .and(vector_in(&t0, t.len(), -(1 << (D - 1)) + 1, 1 << (D - 1))));
            let (a1, a0) = power2round(t[i][j]);
            t1[i][j] = a1;
            t0[i][j] = a0;
        }
    }
    (t1, t0)
}

/// HighBits on every coefficient of a vector over R_q.
#[checked]
#[hax_lib::requires(vector_in(r, r.len(), 0, Q - 1).and(is_gamma2(gamma2)))]
#[hax_lib::ensures(|r1| vector_in(&r1, r.len(), 0, (Q - 1) / (2 * gamma2) - 1))]
pub fn high_bits_vector(r: &[Poly], gamma2: i32) -> Vec<Poly> {
    let mut r1 = zero_vector(r.len());
    for i in 0..r.len() {
        hax_lib::loop_invariant!(|_: usize| vector_in(&r1, r.len(), 0, (Q - 1) / (2 * gamma2) - 1));
        for j in 0..N {
            hax_lib::loop_invariant!(|_: usize| vector_in(
                &r1,
                r.len(),
                0,
                (Q - 1) / (2 * gamma2) - 1
            ));
            r1[i][j] = high_bits(r[i][j], gamma2);
        }
    }
    r1
}

/// LowBits on every coefficient of a vector over R_q; the result is in R
/// (signed coefficients in [-gamma2, gamma2]).
#[checked]
#[hax_lib::requires(vector_in(r, r.len(), 0, Q - 1).and(is_gamma2(gamma2)))]
#[hax_lib::ensures(|r0| vector_in(&r0, r.len(), -gamma2, gamma2))]
pub fn low_bits_vector(r: &[Poly], gamma2: i32) -> Vec<Poly> {
    let mut r0 = zero_vector(r.len());
    for i in 0..r.len() {
        hax_lib::loop_invariant!(|_: usize| vector_in(&r0, r.len(), -gamma2, gamma2));
        for j in 0..N {
            hax_lib::loop_invariant!(|_: usize| vector_in(&r0, r.len(), -gamma2, gamma2));
            r0[i][j] = low_bits(r[i][j], gamma2);
        }
    }
    r0
}

/// MakeHint on every pair of coefficients of two vectors over R_q.
#[checked]
#[hax_lib::requires(Prop::from(z.len() == r.len())
    .and(vector_in(z, z.len(), 0, Q - 1))
    .and(vector_in(r, r.len(), 0, Q - 1))
    .and(is_gamma2(gamma2)))]
#[hax_lib::ensures(|h| vector_in(&h, z.len(), 0, 1))]
pub fn make_hint_vector(z: &[Poly], r: &[Poly], gamma2: i32) -> Vec<Poly> {
    let mut h = zero_vector(z.len());
    for i in 0..z.len() {
        hax_lib::loop_invariant!(|_: usize| vector_in(&h, z.len(), 0, 1));
        for j in 0..N {
            hax_lib::loop_invariant!(|_: usize| vector_in(&h, z.len(), 0, 1));
            h[i][j] = make_hint(z[i][j], r[i][j], gamma2);
        }
    }
    h
}

/// UseHint on every pair of coefficients of a hint vector and a vector over R_q.
#[checked]
#[hax_lib::requires(Prop::from(h.len() == r.len())
    .and(vector_in(h, h.len(), 0, 1))
    .and(vector_in(r, r.len(), 0, Q - 1))
    .and(is_gamma2(gamma2)))]
#[hax_lib::ensures(|r1| vector_in(&r1, h.len(), 0, (Q - 1) / (2 * gamma2) - 1))]
pub fn use_hint_vector(h: &[Poly], r: &[Poly], gamma2: i32) -> Vec<Poly> {
    let mut r1 = zero_vector(h.len());
    for i in 0..h.len() {
        hax_lib::loop_invariant!(|_: usize| vector_in(&r1, h.len(), 0, (Q - 1) / (2 * gamma2) - 1));
        for j in 0..N {
            hax_lib::loop_invariant!(|_: usize| vector_in(
                &r1,
                h.len(),
                0,
                (Q - 1) / (2 * gamma2) - 1
            ));
            r1[i][j] = use_hint(h[i][j], r[i][j], gamma2);
        }
    }
    r1
}
