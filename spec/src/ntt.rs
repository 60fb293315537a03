//! The number-theoretic transform and arithmetic in T_q, FIPS 204 section 7.5
//! (Algorithms 41 to 48), and MontgomeryReduce from Appendix A (Algorithm 49).
//!
//! The spec computes zeta^BitRev8(m) mod q directly instead of reading the
//! table of Appendix B; a test checks a few entries of that table.

use crate::conversions::{bits_to_integer, integer_to_bits};
use crate::params::{N, Q, ZETA};
use crate::ring::{Poly, mod_q, zero, zero_vector};

/// zeta^e mod q, by square and multiply.
#[hax_lib::ensures(|r| 0 <= r && r < Q)]
pub fn zeta_pow(e: u32) -> i32 {
    let mut result: i64 = 1;
    let mut base = ZETA as i64;
    let mut exp = e;
    while exp > 0 {
        hax_lib::loop_invariant!(0 <= result && result < Q as i64 && 0 <= base && base < Q as i64);
        hax_lib::loop_decreases!(exp);
        if exp % 2 == 1 {
            result = (result * base) % Q as i64;
        }
        base = (base * base) % Q as i64;
        exp /= 2;
    }
    result as i32
}

/// Algorithm 41, NTT(w): the NTT representation w_hat in T_q of w in R_q.
#[hax_lib::requires(crate::ring::coefficients_in(w, 0, Q - 1))]
#[hax_lib::ensures(|w_hat| crate::ring::coefficients_in(&w_hat, 0, Q - 1))]
pub fn ntt(w: &Poly) -> Poly {
    let mut w_hat = zero();
    // 1: for j from 0 to 255 do
    for j in 0..N {
        // 2: w_hat[j] <- w_j
        w_hat[j] = w[j];
    } // 3: end for
    // 4: m <- 0
    let mut m: u32 = 0;
    // 5: len <- 128
    let mut len = 128;
    // 6: while len >= 1 do
    while len >= 1 {
        // m counts the zetas used so far: 128/len - 1 before the layer of this len.
        hax_lib::loop_invariant!(
            (len == 0 && m == 255) || (len >= 1 && len <= 128 && m as usize == 128 / len - 1)
        );
        hax_lib::loop_decreases!(len);
        // 7: start <- 0
        let mut start = 0;
        // 8: while start < 256 do
        while start < N {
            hax_lib::loop_invariant!(start <= N && m as usize == 128 / len - 1 + start / (2 * len));
            hax_lib::loop_decreases!(N - start);
            // 9: m <- m + 1
            m += 1;
            // 10: z <- zeta^BitRev8(m) mod q
            let z = zeta_pow(bit_rev8(m));
            // 11: for j from start to start + len - 1 do
            for j in start..start + len {
                // 12: t <- (z * w_hat[j + len]) mod q
                let t = mod_q(z as i64 * w_hat[j + len] as i64);
                // 13: w_hat[j + len] <- (w_hat[j] - t) mod q
                w_hat[j + len] = mod_q(w_hat[j] as i64 - t as i64);
                // 14: w_hat[j] <- (w_hat[j] + t) mod q
                w_hat[j] = mod_q(w_hat[j] as i64 + t as i64);
            } // 15: end for
            // 16: start <- start + 2 * len
            start += 2 * len;
        } // 17: end while
        // 18: len <- floor(len/2)
        len /= 2;
    } // 19: end while
    // 20: return w_hat
    w_hat
}

/// Algorithm 42, NTT^-1(w_hat): the polynomial w in R_q whose NTT is w_hat.
#[hax_lib::requires(crate::ring::coefficients_in(w_hat, 0, Q - 1))]
#[hax_lib::ensures(|w| crate::ring::coefficients_in(&w, 0, Q - 1))]
pub fn ntt_inverse(w_hat: &Poly) -> Poly {
    let mut w = zero();
    // 1: for j from 0 to 255 do
    for j in 0..N {
        // 2: w_j <- w_hat[j]
        w[j] = w_hat[j];
    } // 3: end for
    // 4: m <- 256
    let mut m: u32 = 256;
    // 5: len <- 1
    let mut len = 1;
    // 6: while len < 256 do
    while len < N {
        // m counts down the zetas: 256/len before the layer of this len.
        hax_lib::loop_invariant!(len >= 1 && len <= N && m as usize == N / len);
        hax_lib::loop_decreases!(N - len);
        // 7: start <- 0
        let mut start = 0;
        // 8: while start < 256 do
        while start < N {
            hax_lib::loop_invariant!(start <= N && m as usize + start / (2 * len) == N / len);
            hax_lib::loop_decreases!(N - start);
            // 9: m <- m - 1
            m -= 1;
            // 10: z <- -zeta^BitRev8(m) mod q
            let z = mod_q(-(zeta_pow(bit_rev8(m)) as i64));
            // 11: for j from start to start + len - 1 do
            for j in start..start + len {
                // 12: t <- w_j
                let t = w[j];
                // 13: w_j <- (t + w_{j+len}) mod q
                w[j] = mod_q(t as i64 + w[j + len] as i64);
                // 14: w_{j+len} <- (t - w_{j+len}) mod q
                w[j + len] = mod_q(t as i64 - w[j + len] as i64);
                // 15: w_{j+len} <- (z * w_{j+len}) mod q
                w[j + len] = mod_q(z as i64 * w[j + len] as i64);
            } // 16: end for
            // 17: start <- start + 2 * len
            start += 2 * len;
        } // 18: end while
        // 19: len <- 2 * len
        len *= 2;
    } // 20: end while
    // 21: f <- 8347681  (f = 256^-1 mod q)
    let f: i64 = 8347681;
    // 22: for j from 0 to 255 do
    for j in 0..N {
        // 23: w_j <- (f * w_j) mod q
        w[j] = mod_q(f * w[j] as i64);
    } // 24: end for
    // 25: return w
    w
}

/// Algorithm 43, BitRev8(m): the 8-bit integer whose bits are those of m in
/// reverse order.
#[hax_lib::requires(m < 256)]
#[hax_lib::ensures(|r| r < 256)]
pub fn bit_rev8(m: u32) -> u32 {
    // 1: b <- IntegerToBits(m, 8)
    let b = integer_to_bits(m, 8);
    // 2: b_rev <- 0^8
    let mut b_rev = [0u8; 8];
    // 3: for i from 0 to 7 do
    for i in 0..8 {
        // 4: b_rev[i] <- b[7 - i]
        b_rev[i] = b[7 - i];
    } // 5: end for
    // 6: r <- BitsToInteger(b_rev, 8)
    let r = bits_to_integer(&b_rev, 8);
    // 7: return r
    r
}

/// Algorithm 44, AddNTT(a_hat, b_hat): the sum in T_q.
pub fn add_ntt(a_hat: &Poly, b_hat: &Poly) -> Poly {
    let mut c_hat = zero();
    // 1: for i from 0 to 255 do
    for i in 0..N {
        // 2: c_hat[i] <- a_hat[i] + b_hat[i] mod q
        c_hat[i] = mod_q(a_hat[i] as i64 + b_hat[i] as i64);
    } // 3: end for
    // 4: return c_hat
    c_hat
}

/// Algorithm 45, MultiplyNTT(a_hat, b_hat): the product in T_q (coefficient
/// by coefficient).
pub fn multiply_ntt(a_hat: &Poly, b_hat: &Poly) -> Poly {
    let mut c_hat = zero();
    // 1: for i from 0 to 255 do
    for i in 0..N {
        // 2: c_hat[i] <- a_hat[i] * b_hat[i] mod q
        c_hat[i] = mod_q(a_hat[i] as i64 * b_hat[i] as i64);
    } // 3: end for
    // 4: return c_hat
    c_hat
}

/// Algorithm 46, AddVectorNTT(v_hat, w_hat): the sum of two vectors over T_q.
#[hax_lib::requires(v_hat.len() == w_hat.len())]
pub fn add_vector_ntt(v_hat: &[Poly], w_hat: &[Poly]) -> Vec<Poly> {
    let mut u_hat = zero_vector(v_hat.len());
    // 1: for i from 0 to l - 1 do
    for i in 0..v_hat.len() {
        // 2: u_hat[i] <- AddNTT(v_hat[i], w_hat[i])
        u_hat[i] = add_ntt(&v_hat[i], &w_hat[i]);
    } // 3: end for
    // 4: return u_hat
    u_hat
}

/// Algorithm 47, ScalarVectorNTT(c_hat, v_hat): c_hat times each entry of v_hat.
pub fn scalar_vector_ntt(c_hat: &Poly, v_hat: &[Poly]) -> Vec<Poly> {
    let mut w_hat = zero_vector(v_hat.len());
    // 1: for i from 0 to l - 1 do
    for i in 0..v_hat.len() {
        // 2: w_hat[i] <- MultiplyNTT(c_hat, v_hat[i])
        w_hat[i] = multiply_ntt(c_hat, &v_hat[i]);
    } // 3: end for
    // 4: return w_hat
    w_hat
}

/// Algorithm 48, MatrixVectorNTT(M_hat, v_hat): the product of a k x l matrix
/// and a vector of length l over T_q.
#[hax_lib::requires(hax_lib::Prop::from(m_hat.len() > 0).and(hax_lib::forall(|i: usize| {
    hax_lib::implies(i < m_hat.len(), m_hat[i].len() == v_hat.len())
})))]
pub fn matrix_vector_ntt(m_hat: &[Vec<Poly>], v_hat: &[Poly]) -> Vec<Poly> {
    let k = m_hat.len();
    let l = v_hat.len();
    // 1: w_hat <- 0^k
    let mut w_hat = zero_vector(k);
    // 2: for i from 0 to k - 1 do
    for i in 0..k {
        // 3: for j from 0 to l - 1 do
        for j in 0..l {
            // 4: w_hat[i] <- AddNTT(w_hat[i], MultiplyNTT(M_hat[i, j], v_hat[j]))
            w_hat[i] = add_ntt(&w_hat[i], &multiply_ntt(&m_hat[i][j], &v_hat[j]));
        } // 5: end for
    } // 6: end for
    // 7: return w_hat
    w_hat
}

/// Algorithm 49, MontgomeryReduce(a): r = a * 2^-32 mod q, with |r| <= q.
///
/// The standard does not use it in Algorithms 1 to 48; it is here because the
/// optimized code is held to it. t is the centered representative
/// (mod+- 2^32), which is what gives the bound on r.
#[hax_lib::requires(-(1i64 << 31) * (Q as i64) <= a && a <= (1i64 << 31) * (Q as i64))]
#[hax_lib::ensures(|r| -Q <= r && r <= Q && ((r as i64) * (1i64 << 32) - a) % (Q as i64) == 0)]
pub fn montgomery_reduce(a: i64) -> i32 {
    // 1: QINV <- 58728449  (the inverse of q modulo 2^32)
    let qinv: i64 = 58728449;
    // 2: t <- ((a mod 2^32) * QINV) mod+- 2^32
    let t = crate::ring::mod_pm(crate::ring::modulo(a, 1 << 32) * qinv, 1 << 32);
    // 3: r <- (a - t * q)/2^32
    let r = (a - t * Q as i64) >> 32;
    // 4: return r
    r as i32
}

/// NTT of every entry of a vector over R_q.
pub fn ntt_vector(v: &[Poly]) -> Vec<Poly> {
    let mut v_hat = Vec::new();
    for p in v.iter() {
        v_hat.push(ntt(p));
    }
    v_hat
}

/// NTT^-1 of every entry of a vector over T_q.
pub fn ntt_inverse_vector(v_hat: &[Poly]) -> Vec<Poly> {
    let mut v = Vec::new();
    for p in v_hat.iter() {
        v.push(ntt_inverse(p));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first entries of the zetas table of FIPS 204 Appendix B.
    #[test]
    fn zetas_match_appendix_b() {
        let expected = [
            0, 4808194, 3765607, 3761513, 5178923, 5496691, 5234739, 5178987, 7778734, 3542485,
            2682288, 2129892, 3764867, 7375178, 557458, 7159240,
        ];
        for (m, &z) in expected.iter().enumerate().skip(1) {
            assert_eq!(zeta_pow(bit_rev8(m as u32)), z);
        }
        // 256 * f = 1 mod q
        assert_eq!((256i64 * 8347681) % Q as i64, 1);
    }

    #[test]
    fn montgomery_reduce_examples() {
        for a in [
            0i64,
            1,
            -1,
            Q as i64,
            (1i64 << 31) * Q as i64,
            -(1i64 << 31) * Q as i64,
            123456789012,
        ] {
            let r = montgomery_reduce(a);
            assert!((-Q..=Q).contains(&r));
            assert_eq!((r as i64 * (1i64 << 32) - a).rem_euclid(Q as i64), 0);
        }
    }
}
