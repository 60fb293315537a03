//! The ring R_q = Z_q[X]/(X^256 + 1) and the notation of FIPS 204 section 2.3:
//! mod, mod+-, the infinity norm, and coefficient-wise arithmetic on
//! polynomials and vectors of polynomials.
//!
//! A polynomial is its 256 coefficients. Elements of R_q are kept with
//! coefficients in [0, q); elements of R (small polynomials such as s1, z or
//! t0) carry signed coefficients. The standard switches between the two with
//! "mod q" and "mod+- q"; the functions here make each switch visible.

use crate::contract::{checked, predicate};
use crate::params::{N, Q};
#[cfg(hax)]
use hax_lib::Prop;

/// A polynomial of R or R_q (or, in the NTT domain, of T_q): its 256
/// coefficients w_0 .. w_255.
pub type Poly = [i32; N];

/// m mod alpha, the representative in [0, alpha) (section 2.3): Rust's
/// remainder m % alpha (in (-alpha, alpha), the sign of m), moved into
/// [0, alpha) when negative.
#[checked]
#[hax_lib::requires(alpha > 0)]
#[hax_lib::ensures(|r| 0 <= r && r < alpha
    && r == (if m % alpha < 0 { m % alpha + alpha } else { m % alpha }))]
pub fn modulo(m: i64, alpha: i64) -> i64 {
    m.rem_euclid(alpha)
}

/// m mod+- alpha: the unique m' congruent to m with
/// -ceil(alpha/2) < m' <= floor(alpha/2) (section 2.3).
#[checked]
#[hax_lib::requires(alpha > 0 && alpha <= 1 << 32)]
#[hax_lib::ensures(|r| -((alpha + 1) / 2) < r && r <= alpha / 2
    && modulo(r, alpha) == modulo(m, alpha))]
pub fn mod_pm(m: i64, alpha: i64) -> i64 {
    let r = modulo(m, alpha);
    if r > alpha / 2 { r - alpha } else { r }
}

/// m mod q as an element of Z_q, in [0, q).
#[checked]
#[hax_lib::ensures(|r| 0 <= r && r < Q && r as i64 == modulo(m, Q as i64))]
pub fn mod_q(m: i64) -> i32 {
    modulo(m, Q as i64) as i32
}

/// The zero polynomial.
pub fn zero() -> Poly {
    [0; N]
}

/// A vector of `len` zero polynomials.
#[checked]
#[hax_lib::ensures(|v| v.len() == len)]
pub fn zero_vector(len: usize) -> Vec<Poly> {
    vec![zero(); len]
}

/// Every coefficient of w lies in [lo, hi].
#[predicate]
pub fn coefficients_in(w: &Poly, lo: i32, hi: i32) -> Prop {
    hax_lib::forall(|i: usize| hax_lib::implies(i < N, lo <= w[i] && w[i] <= hi))
}

/// Every coefficient of every entry of v lies in [lo, hi].
#[predicate]
pub fn vector_coefficients_in(v: &[Poly], lo: i32, hi: i32) -> Prop {
    hax_lib::forall(|i: usize| {
        hax_lib::implies(
            i < v.len(),
            hax_lib::forall(|j: usize| hax_lib::implies(j < N, lo <= v[i][j] && v[i][j] <= hi)),
        )
    })
}

/// v has `len` entries, each with coefficients in [lo, hi]: the shape of
/// every vector the algorithms pass around.
#[predicate]
pub fn vector_in(v: &[Poly], len: usize, lo: i32, hi: i32) -> Prop {
    Prop::from(v.len() == len).and(vector_coefficients_in(v, lo, hi))
}

/// ||w||_inf for w in R_q: the largest |w_i mod+- q| (section 2.3). The
/// ensures bounds every |w_i mod+- q| by the norm: what Sign needs from
/// ||z||_inf < gamma1 - beta (line 23) for sigEncode's range (line 33).
#[checked]
#[hax_lib::ensures(|norm| Prop::from(0 <= norm && norm <= (Q - 1) / 2).and(hax_lib::forall(
    |p: usize| hax_lib::implies(
        p < N,
        mod_pm(w[p] as i64, Q as i64).abs() <= norm as i64
    )
)))]
pub fn infinity_norm(w: &Poly) -> i32 {
    let mut max = 0;
    for i in 0..N {
        hax_lib::loop_invariant!(|i: usize| Prop::from(0 <= max && max <= (Q - 1) / 2).and(
            hax_lib::forall(|p: usize| hax_lib::implies(
                p < i,
                mod_pm(w[p] as i64, Q as i64).abs() <= max as i64
            ))
        ));
        let a = mod_pm(w[i] as i64, Q as i64).abs() as i32;
        if a > max {
            max = a;
        }
    }
    max
}

/// ||v||_inf for a vector: the largest infinity norm of its entries; the
/// ensures bounds every coefficient's |v[r]_p mod+- q| by it.
#[checked]
#[hax_lib::ensures(|norm| Prop::from(0 <= norm && norm <= (Q - 1) / 2).and(hax_lib::forall(
    |r: usize| hax_lib::implies(
        r < v.len(),
        hax_lib::forall(|p: usize| hax_lib::implies(
            p < N,
            mod_pm(v[r][p] as i64, Q as i64).abs() <= norm as i64
        ))
    )
)))]
pub fn vector_infinity_norm(v: &[Poly]) -> i32 {
    let mut max = 0;
    for i in 0..v.len() {
        hax_lib::loop_invariant!(|i: usize| Prop::from(0 <= max && max <= (Q - 1) / 2).and(
            hax_lib::forall(|r: usize| hax_lib::implies(
                r < i,
                hax_lib::forall(|p: usize| hax_lib::implies(
                    p < N,
                    mod_pm(v[r][p] as i64, Q as i64).abs() <= max as i64
                ))
            ))
        ));
        let a = infinity_norm(&v[i]);
        if a > max {
            max = a;
        }
    }
    max
}

/// a + b in R_q.
#[checked]
#[hax_lib::ensures(|c| coefficients_in(&c, 0, Q - 1))]
pub fn add(a: &Poly, b: &Poly) -> Poly {
    let mut c = zero();
    for i in 0..N {
        hax_lib::loop_invariant!(|_: usize| coefficients_in(&c, 0, Q - 1));
        c[i] = mod_q(a[i] as i64 + b[i] as i64);
    }
    c
}

/// a - b in R_q.
#[checked]
#[hax_lib::ensures(|c| coefficients_in(&c, 0, Q - 1))]
pub fn sub(a: &Poly, b: &Poly) -> Poly {
    let mut c = zero();
    for i in 0..N {
        hax_lib::loop_invariant!(|_: usize| coefficients_in(&c, 0, Q - 1));
        c[i] = mod_q(a[i] as i64 - b[i] as i64);
    }
    c
}

/// -a in R_q.
#[checked]
#[hax_lib::ensures(|c| coefficients_in(&c, 0, Q - 1))]
pub fn neg(a: &Poly) -> Poly {
    let mut c = zero();
    for i in 0..N {
        hax_lib::loop_invariant!(|_: usize| coefficients_in(&c, 0, Q - 1));
        c[i] = mod_q(-(a[i] as i64));
    }
    c
}

/// a * 2^e in R_q (used for t1 * 2^d). e <= 31 keeps a_i * 2^e in i64.
#[checked]
#[hax_lib::requires(e <= 31)]
#[hax_lib::ensures(|c| coefficients_in(&c, 0, Q - 1))]
pub fn shift_left(a: &Poly, e: usize) -> Poly {
    let mut c = zero();
    for i in 0..N {
        hax_lib::loop_invariant!(|_: usize| coefficients_in(&c, 0, Q - 1));
        c[i] = mod_q((a[i] as i64) << e);
    }
    c
}

/// u - v for vectors over R_q.
#[checked]
#[hax_lib::requires(u.len() == v.len())]
#[hax_lib::ensures(|w| vector_in(&w, u.len(), 0, Q - 1))]
pub fn sub_vector(u: &[Poly], v: &[Poly]) -> Vec<Poly> {
    let mut w = zero_vector(u.len());
    for i in 0..u.len() {
        hax_lib::loop_invariant!(|_: usize| vector_in(&w, u.len(), 0, Q - 1));
        w[i] = sub(&u[i], &v[i]);
    }
    w
}

/// -v for a vector over R_q.
#[checked]
#[hax_lib::ensures(|w| vector_in(&w, v.len(), 0, Q - 1))]
pub fn neg_vector(v: &[Poly]) -> Vec<Poly> {
    let mut w = zero_vector(v.len());
    for i in 0..v.len() {
        hax_lib::loop_invariant!(|_: usize| vector_in(&w, v.len(), 0, Q - 1));
        w[i] = neg(&v[i]);
    }
    w
}

/// Each coefficient mod q: the image of a vector over R in R_q.
#[checked]
#[hax_lib::ensures(|w| vector_in(&w, v.len(), 0, Q - 1))]
pub fn vector_mod_q(v: &[Poly]) -> Vec<Poly> {
    let mut w = zero_vector(v.len());
    for i in 0..v.len() {
        hax_lib::loop_invariant!(|_: usize| vector_in(&w, v.len(), 0, Q - 1));
        for j in 0..N {
            hax_lib::loop_invariant!(|_: usize| vector_in(&w, v.len(), 0, Q - 1));
            w[i][j] = mod_q(v[i][j] as i64);
        }
    }
    w
}

/// Each coefficient mod+- q of one polynomial: its representative in R.
#[checked]
#[hax_lib::ensures(|w| coefficients_in(&w, -(Q - 1) / 2, (Q - 1) / 2).and(hax_lib::forall(
    |p: usize| hax_lib::implies(p < N, w[p] as i64 == mod_pm(c[p] as i64, Q as i64))
)))]
pub fn mod_pm_q(c: &Poly) -> Poly {
    let mut w = zero();
    for j in 0..N {
        hax_lib::loop_invariant!(
            |j: usize| coefficients_in(&w, -(Q - 1) / 2, (Q - 1) / 2).and(hax_lib::forall(
                |p: usize| hax_lib::implies(p < j, w[p] as i64 == mod_pm(c[p] as i64, Q as i64))
            ))
        );
        w[j] = mod_pm(c[j] as i64, Q as i64) as i32;
    }
    w
}

/// Each coefficient mod+- q: the representative in R of a vector over R_q.
#[checked]
#[hax_lib::ensures(|w| vector_in(&w, v.len(), -(Q - 1) / 2, (Q - 1) / 2).and(hax_lib::forall(
    |r: usize| hax_lib::implies(
        r < v.len(),
        hax_lib::forall(|p: usize| hax_lib::implies(
            p < N,
            w[r][p] as i64 == mod_pm(v[r][p] as i64, Q as i64)
        ))
    )
)))]
pub fn vector_mod_pm_q(v: &[Poly]) -> Vec<Poly> {
    let mut w = zero_vector(v.len());
    for i in 0..v.len() {
        hax_lib::loop_invariant!(
            |i: usize| vector_in(&w, v.len(), -(Q - 1) / 2, (Q - 1) / 2).and(hax_lib::forall(
                |r: usize| hax_lib::implies(
                    r < i,
                    hax_lib::forall(|p: usize| hax_lib::implies(
                        p < N,
                        w[r][p] as i64 == mod_pm(v[r][p] as i64, Q as i64)
                    ))
                )
            ))
        );
        w[i] = mod_pm_q(&v[i]);
    }
    w
}

/// The number of nonzero coefficients among w_0, .., w_{j-1}, by recursion
/// on j: the definition the counting loops below compute (their ensures),
/// a ghost that only contracts and lemmas use. F* unfolds it one step per
/// loop iteration; facts about all of it (a prefix counts at most the
/// whole) are the lemmas of `properties`. The measure is j as a
/// mathematical integer: F* orders ints, not hax's boxed machine integers.
#[checked]
#[hax_lib::requires(j <= N)]
#[hax_lib::decreases(hax_lib::int::ToInt::to_int(j))]
#[hax_lib::ensures(|count| count <= j)]
pub fn nonzero_count(w: &Poly, j: usize) -> usize {
    if j == 0 {
        0
    } else {
        nonzero_count(w, j - 1) + if w[j - 1] != 0 { 1 } else { 0 }
    }
}

/// The number of nonzero coefficients of h[0], .., h[i-1], by recursion on
/// i: the definition [`count_nonzero`] computes.
#[checked]
#[hax_lib::requires(i <= h.len() && h.len() <= 255)]
#[hax_lib::decreases(hax_lib::int::ToInt::to_int(i))]
#[hax_lib::ensures(|count| count <= N * i)]
pub fn vector_nonzero_count(h: &[Poly], i: usize) -> usize {
    if i == 0 {
        0
    } else {
        vector_nonzero_count(h, i - 1) + nonzero_count(&h[i - 1], N)
    }
}

/// The number of nonzero coefficients of w[0..j] (for a hint: its 1's).
/// Each step of the invariant unfolds `nonzero_count` once (fuel 1; the
/// modules run with fuel 0).
#[checked]
#[hax_lib::fstar::options("--fuel 1")]
#[hax_lib::requires(j <= N)]
#[hax_lib::ensures(|count| count <= j && count == nonzero_count(w, j))]
pub fn count_nonzero_prefix(w: &Poly, j: usize) -> usize {
    let mut count = 0;
    for i in 0..j {
        hax_lib::loop_invariant!(|i: usize| count <= i && count == nonzero_count(w, i));
        if w[i] != 0 {
            count += 1;
        }
    }
    count
}

/// The number of nonzero coefficients in a vector of polynomials: for a hint
/// h with binary coefficients, "the number of 1's in h". HintBitPack writes
/// one byte per nonzero coefficient, whatever its value. Each step of the
/// invariant unfolds `vector_nonzero_count` once (fuel 1).
#[checked]
#[hax_lib::fstar::options("--fuel 1")]
#[hax_lib::requires(h.len() <= 255)]
#[hax_lib::ensures(|count| count <= N * h.len() && count == vector_nonzero_count(h, h.len()))]
pub fn count_nonzero(h: &[Poly]) -> usize {
    let mut count = 0;
    for i in 0..h.len() {
        hax_lib::loop_invariant!(|i: usize| count <= N * i && count == vector_nonzero_count(h, i));
        count += count_nonzero_prefix(&h[i], N);
    }
    count
}

/// Every coefficient of every entry of h is 0 or 1: h is in R_2^k.
#[predicate]
pub fn is_binary(h: &[Poly]) -> Prop {
    vector_coefficients_in(h, 0, 1)
}
