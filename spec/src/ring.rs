//! The ring R_q = Z_q[X]/(X^256 + 1) and the notation of FIPS 204 section 2.3:
//! mod, mod+-, the infinity norm, and coefficient-wise arithmetic on
//! polynomials and vectors of polynomials.
//!
//! A polynomial is its 256 coefficients. Elements of R_q are kept with
//! coefficients in [0, q); elements of R (small polynomials such as s1, z or
//! t0) carry signed coefficients. The standard switches between the two with
//! "mod q" and "mod+- q"; the functions here make each switch visible.

use crate::params::{N, Q};

/// A polynomial of R or R_q (or, in the NTT domain, of T_q): its 256
/// coefficients w_0 .. w_255.
pub type Poly = [i32; N];

/// m mod alpha, the representative in [0, alpha) (section 2.3).
#[hax_lib::requires(alpha > 0)]
#[hax_lib::ensures(|r| 0 <= r && r < alpha)]
pub fn modulo(m: i64, alpha: i64) -> i64 {
    m.rem_euclid(alpha)
}

/// m mod+- alpha: the unique m' congruent to m with
/// -ceil(alpha/2) < m' <= floor(alpha/2) (section 2.3).
#[hax_lib::requires(alpha > 0)]
#[hax_lib::ensures(|r| -((alpha + 1) / 2) < r && r <= alpha / 2)]
pub fn mod_pm(m: i64, alpha: i64) -> i64 {
    let r = modulo(m, alpha);
    if r > alpha / 2 { r - alpha } else { r }
}

/// m mod q as an element of Z_q, in [0, q).
#[hax_lib::ensures(|r| 0 <= r && r < Q)]
pub fn mod_q(m: i64) -> i32 {
    modulo(m, Q as i64) as i32
}

/// The zero polynomial.
pub fn zero() -> Poly {
    [0; N]
}

/// A vector of `len` zero polynomials.
pub fn zero_vector(len: usize) -> Vec<Poly> {
    vec![zero(); len]
}

/// ||w||_inf for w in R_q: the largest |w_i mod+- q| (section 2.3).
pub fn infinity_norm(w: &Poly) -> i32 {
    let mut max = 0;
    for i in 0..N {
        let a = mod_pm(w[i] as i64, Q as i64).abs() as i32;
        if a > max {
            max = a;
        }
    }
    max
}

/// ||v||_inf for a vector: the largest infinity norm of its entries.
pub fn vector_infinity_norm(v: &[Poly]) -> i32 {
    let mut max = 0;
    for w in v.iter() {
        let a = infinity_norm(w);
        if a > max {
            max = a;
        }
    }
    max
}

/// a + b in R_q.
pub fn add(a: &Poly, b: &Poly) -> Poly {
    let mut c = zero();
    for i in 0..N {
        c[i] = mod_q(a[i] as i64 + b[i] as i64);
    }
    c
}

/// a - b in R_q.
pub fn sub(a: &Poly, b: &Poly) -> Poly {
    let mut c = zero();
    for i in 0..N {
        c[i] = mod_q(a[i] as i64 - b[i] as i64);
    }
    c
}

/// -a in R_q.
pub fn neg(a: &Poly) -> Poly {
    let mut c = zero();
    for i in 0..N {
        c[i] = mod_q(-(a[i] as i64));
    }
    c
}

/// a * 2^e in R_q (used for t1 * 2^d).
pub fn shift_left(a: &Poly, e: usize) -> Poly {
    let mut c = zero();
    for i in 0..N {
        c[i] = mod_q((a[i] as i64) << e);
    }
    c
}

/// u + v for vectors over R_q.
pub fn add_vector(u: &[Poly], v: &[Poly]) -> Vec<Poly> {
    let mut w = Vec::new();
    for (a, b) in u.iter().zip(v.iter()) {
        w.push(add(a, b));
    }
    w
}

/// u - v for vectors over R_q.
pub fn sub_vector(u: &[Poly], v: &[Poly]) -> Vec<Poly> {
    let mut w = Vec::new();
    for (a, b) in u.iter().zip(v.iter()) {
        w.push(sub(a, b));
    }
    w
}

/// -v for a vector over R_q.
pub fn neg_vector(v: &[Poly]) -> Vec<Poly> {
    let mut w = Vec::new();
    for a in v.iter() {
        w.push(neg(a));
    }
    w
}

/// Each coefficient mod q: the image of a vector over R in R_q.
pub fn vector_mod_q(v: &[Poly]) -> Vec<Poly> {
    let mut w = Vec::new();
    for a in v.iter() {
        let mut c = zero();
        for i in 0..N {
            c[i] = mod_q(a[i] as i64);
        }
        w.push(c);
    }
    w
}

/// Each coefficient mod+- q: the representative in R of a vector over R_q.
pub fn vector_mod_pm_q(v: &[Poly]) -> Vec<Poly> {
    let mut w = Vec::new();
    for a in v.iter() {
        let mut c = zero();
        for i in 0..N {
            c[i] = mod_pm(a[i] as i64, Q as i64) as i32;
        }
        w.push(c);
    }
    w
}

/// The number of coefficients equal to 1 in a vector of polynomials with
/// binary coefficients (the number of 1's in the hint h).
pub fn count_ones(h: &[Poly]) -> usize {
    let mut count = 0;
    for p in h.iter() {
        for i in 0..N {
            if p[i] == 1 {
                count += 1;
            }
        }
    }
    count
}

/// Every coefficient of w lies in [lo, hi]. Used in contracts.
pub fn coefficients_in(w: &Poly, lo: i32, hi: i32) -> bool {
    let mut ok = true;
    for i in 0..N {
        if w[i] < lo || w[i] > hi {
            ok = false;
        }
    }
    ok
}

/// Every coefficient of every entry of v lies in [lo, hi].
pub fn vector_coefficients_in(v: &[Poly], lo: i32, hi: i32) -> bool {
    let mut ok = true;
    for w in v.iter() {
        if !coefficients_in(w, lo, hi) {
            ok = false;
        }
    }
    ok
}
