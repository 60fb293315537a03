//! The number-theoretic transform and arithmetic in T_q, FIPS 204 section 7.5
//! (Algorithms 41 to 48), and MontgomeryReduce from Appendix A (Algorithm 49).
//!
//! NTT and NTT^-1 read zeta^BitRev8(m) mod q from [`ZETAS`], the table of
//! Appendix B, as line 10 of both algorithms does; a test checks every entry
//! against [`zeta_pow`].

use crate::contract::{checked, predicate};
use crate::conversions::{bits_to_integer, integer_to_bits};
use crate::params::{N, Q, ZETA};
use crate::ring::{Poly, coefficients_in, mod_q, vector_in, zero, zero_vector};
#[cfg(hax)]
use hax_lib::Prop;

/// FIPS 204 Appendix B: zetas[m] = zeta^BitRev8(m) mod q for m = 1 .. 255.
/// Entry 0 is written 0 in the standard; NTT and NTT^-1 never read it.
pub const ZETAS: [i32; N] = [
    0, 4808194, 3765607, 3761513, 5178923, 5496691, 5234739, 5178987, 7778734, 3542485, 2682288,
    2129892, 3764867, 7375178, 557458, 7159240, 5010068, 4317364, 2663378, 6705802, 4855975,
    7946292, 676590, 7044481, 5152541, 1714295, 2453983, 1460718, 7737789, 4795319, 2815639,
    2283733, 3602218, 3182878, 2740543, 4793971, 5269599, 2101410, 3704823, 1159875, 394148,
    928749, 1095468, 4874037, 2071829, 4361428, 3241972, 2156050, 3415069, 1759347, 7562881,
    4805951, 3756790, 6444618, 6663429, 4430364, 5483103, 3192354, 556856, 3870317, 2917338,
    1853806, 3345963, 1858416, 3073009, 1277625, 5744944, 3852015, 4183372, 5157610, 5258977,
    8106357, 2508980, 2028118, 1937570, 4564692, 2811291, 5396636, 7270901, 4158088, 1528066,
    482649, 1148858, 5418153, 7814814, 169688, 2462444, 5046034, 4213992, 4892034, 1987814,
    5183169, 1736313, 235407, 5130263, 3258457, 5801164, 1787943, 5989328, 6125690, 3482206,
    4197502, 7080401, 6018354, 7062739, 2461387, 3035980, 621164, 3901472, 7153756, 2925816,
    3374250, 1356448, 5604662, 2683270, 5601629, 4912752, 2312838, 7727142, 7921254, 348812,
    8052569, 1011223, 6026202, 4561790, 6458164, 6143691, 1744507, 1753, 6444997, 5720892, 6924527,
    2660408, 6600190, 8321269, 2772600, 1182243, 87208, 636927, 4415111, 4423672, 6084020, 5095502,
    4663471, 8352605, 822541, 1009365, 5926272, 6400920, 1596822, 4423473, 4620952, 6695264,
    4969849, 2678278, 4611469, 4829411, 635956, 8129971, 5925040, 4234153, 6607829, 2192938,
    6653329, 2387513, 4768667, 8111961, 5199961, 3747250, 2296099, 1239911, 4541938, 3195676,
    2642980, 1254190, 8368000, 2998219, 141835, 8291116, 2513018, 7025525, 613238, 7070156,
    6161950, 7921677, 6458423, 4040196, 4908348, 2039144, 6500539, 7561656, 6201452, 6757063,
    2105286, 6006015, 6346610, 586241, 7200804, 527981, 5637006, 6903432, 1994046, 2491325,
    6987258, 507927, 7192532, 7655613, 6545891, 5346675, 8041997, 2647994, 3009748, 5767564,
    4148469, 749577, 4357667, 3980599, 2569011, 6764887, 1723229, 1665318, 2028038, 1163598,
    5011144, 3994671, 8368538, 7009900, 3020393, 3363542, 214880, 545376, 7609976, 3105558,
    7277073, 508145, 7826699, 860144, 3430436, 140244, 6866265, 6195333, 3123762, 2358373, 6187330,
    5365997, 6663603, 2926054, 7987710, 8077412, 3531229, 4405932, 4606686, 1900052, 7598542,
    1054478, 7648983,
];

/// zeta^e mod q, by square and multiply: the definition [`ZETAS`] is tested
/// against.
#[checked]
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

/// len is one of the layer widths 1, 2, 4, .., 256 of NTT and NTT^-1.
#[predicate]
pub fn is_layer_len(len: usize) -> Prop {
    Prop::from(
        len == 1
            || len == 2
            || len == 4
            || len == 8
            || len == 16
            || len == 32
            || len == 64
            || len == 128
            || len == 256,
    )
}

/// Algorithm 41, NTT(w): the NTT representation w_hat in T_q of w in R_q.
///
/// The loop invariants carry what bounds every index: len is a power of two
/// (so len = 128, 64, .., 1, then 0), start is a multiple of 2 len below 256
/// (so j + len <= start + 2 len - 1 <= 255), and m counts the zetas used
/// (so m <= 255 at line 10).
#[checked]
#[hax_lib::requires(coefficients_in(w, 0, Q - 1))]
#[hax_lib::ensures(|w_hat| coefficients_in(&w_hat, 0, Q - 1))]
pub fn ntt(w: &Poly) -> Poly {
    let mut w_hat = zero();
    // 1: for j from 0 to 255 do
    for j in 0..N {
        hax_lib::loop_invariant!(|_: usize| coefficients_in(&w_hat, 0, Q - 1));
        // 2: w_hat[j] <- w_j
        w_hat[j] = w[j];
    } // 3: end for
    // 4: m <- 0
    let mut m: usize = 0;
    // 5: len <- 128
    let mut len: usize = 128;
    // 6: while len >= 1 do
    while len >= 1 {
        // m counts the zetas used so far: 128/len - 1 before the layer of len.
        hax_lib::loop_invariant!(
            Prop::from(len <= 128)
                .and(Prop::from(len == 0).or(is_layer_len(len)))
                .and(if len == 0 {
                    m == 255
                } else {
                    m == 128 / len - 1
                })
                .and(coefficients_in(&w_hat, 0, Q - 1))
        );
        hax_lib::loop_decreases!(len);
        // 7: start <- 0
        let mut start: usize = 0;
        // 8: while start < 256 do
        while start < N {
            hax_lib::loop_invariant!(
                is_layer_len(len)
                    .and(len <= 128 && start <= N && start % (2 * len) == 0)
                    .and(m == 128 / len - 1 + start / (2 * len))
                    .and(coefficients_in(&w_hat, 0, Q - 1))
            );
            hax_lib::loop_decreases!(N - start);
            // 9: m <- m + 1
            m += 1;
            // 10: z <- zetas[m]
            let z = ZETAS[m];
            // 11: for j from start to start + len - 1 do
            for j in start..start + len {
                hax_lib::loop_invariant!(|_: usize| coefficients_in(&w_hat, 0, Q - 1));
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
/// Same index facts as [`ntt`], with len = 1, 2, .., 128, then 256, and m
/// counting down from 256.
#[checked]
#[hax_lib::requires(coefficients_in(w_hat, 0, Q - 1))]
#[hax_lib::ensures(|w| coefficients_in(&w, 0, Q - 1))]
pub fn ntt_inverse(w_hat: &Poly) -> Poly {
    let mut w = zero();
    // 1: for j from 0 to 255 do
    for j in 0..N {
        hax_lib::loop_invariant!(|_: usize| coefficients_in(&w, 0, Q - 1));
        // 2: w_j <- w_hat[j]
        w[j] = w_hat[j];
    } // 3: end for
    // 4: m <- 256
    let mut m: usize = 256;
    // 5: len <- 1
    let mut len: usize = 1;
    // 6: while len < 256 do
    while len < N {
        // m counts down the zetas: 256/len before the layer of len.
        hax_lib::loop_invariant!(is_layer_len(len).and(m == N / len).and(coefficients_in(
            &w,
            0,
            Q - 1
        )));
        hax_lib::loop_decreases!(N - len);
        // 7: start <- 0
        let mut start: usize = 0;
        // 8: while start < 256 do
        while start < N {
            hax_lib::loop_invariant!(
                is_layer_len(len)
                    .and(len <= 128 && start <= N && start % (2 * len) == 0)
                    .and(m + start / (2 * len) == N / len)
                    .and(coefficients_in(&w, 0, Q - 1))
            );
            hax_lib::loop_decreases!(N - start);
            // 9: m <- m - 1
            m -= 1;
            // 10: z <- -zetas[m]
            //    (in i64: the negation of any i32 fits, with no fact about
            //    the table's entries)
            let z = -(ZETAS[m] as i64);
            // 11: for j from start to start + len - 1 do
            for j in start..start + len {
                hax_lib::loop_invariant!(|_: usize| coefficients_in(&w, 0, Q - 1));
                // 12: t <- w_j
                let t = w[j];
                // 13: w_j <- (t + w_{j+len}) mod q
                w[j] = mod_q(t as i64 + w[j + len] as i64);
                // 14: w_{j+len} <- (t - w_{j+len}) mod q
                w[j + len] = mod_q(t as i64 - w[j + len] as i64);
                // 15: w_{j+len} <- (z * w_{j+len}) mod q
                w[j + len] = mod_q(z * w[j + len] as i64);
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
        hax_lib::loop_invariant!(|_: usize| coefficients_in(&w, 0, Q - 1));
        // 23: w_j <- (f * w_j) mod q
        w[j] = mod_q(f * w[j] as i64);
    } // 24: end for
    // 25: return w
    w
}

/// Algorithm 43, BitRev8(m): the 8-bit integer whose bits are those of m in
/// reverse order.
#[checked]
#[hax_lib::requires(m < 256)]
#[hax_lib::ensures(|r| r < 256)]
pub fn bit_rev8(m: u32) -> u32 {
    // 1: b <- IntegerToBits(m, 8)
    let b = integer_to_bits(m, 8);
    // 2: b_rev <- 0^8
    let mut b_rev = [false; 8];
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
#[checked]
#[hax_lib::ensures(|c_hat| coefficients_in(&c_hat, 0, Q - 1))]
pub fn add_ntt(a_hat: &Poly, b_hat: &Poly) -> Poly {
    let mut c_hat = zero();
    // 1: for i from 0 to 255 do
    for i in 0..N {
        hax_lib::loop_invariant!(|_: usize| coefficients_in(&c_hat, 0, Q - 1));
        // 2: c_hat[i] <- a_hat[i] + b_hat[i] mod q
        c_hat[i] = mod_q(a_hat[i] as i64 + b_hat[i] as i64);
    } // 3: end for
    // 4: return c_hat
    c_hat
}

/// Algorithm 45, MultiplyNTT(a_hat, b_hat): the product in T_q (coefficient
/// by coefficient). Inputs in [0, q) keep the product inside i64.
#[checked]
#[hax_lib::requires(coefficients_in(a_hat, 0, Q - 1).and(coefficients_in(b_hat, 0, Q - 1)))]
#[hax_lib::ensures(|c_hat| coefficients_in(&c_hat, 0, Q - 1))]
pub fn multiply_ntt(a_hat: &Poly, b_hat: &Poly) -> Poly {
    let mut c_hat = zero();
    // 1: for i from 0 to 255 do
    for i in 0..N {
        hax_lib::loop_invariant!(|_: usize| coefficients_in(&c_hat, 0, Q - 1));
        // 2: c_hat[i] <- a_hat[i] * b_hat[i] mod q
        c_hat[i] = mod_q(a_hat[i] as i64 * b_hat[i] as i64);
    } // 3: end for
    // 4: return c_hat
    c_hat
}

/// Algorithm 46, AddVectorNTT(v_hat, w_hat): the sum of two vectors over T_q.
/// Addition is coefficient-wise mod q in R_q as in T_q (section 2.5), so the
/// spec also adds vectors over R_q with it (KeyGen line 5, Sign lines 20, 26).
#[checked]
#[hax_lib::requires(v_hat.len() == w_hat.len())]
#[hax_lib::ensures(|u_hat| vector_in(&u_hat, v_hat.len(), 0, Q - 1))]
pub fn add_vector_ntt(v_hat: &[Poly], w_hat: &[Poly]) -> Vec<Poly> {
    let mut u_hat = zero_vector(v_hat.len());
    // 1: for i from 0 to l - 1 do
    for i in 0..v_hat.len() {
        hax_lib::loop_invariant!(|_: usize| vector_in(&u_hat, v_hat.len(), 0, Q - 1));
        // 2: u_hat[i] <- AddNTT(v_hat[i], w_hat[i])
        u_hat[i] = add_ntt(&v_hat[i], &w_hat[i]);
    } // 3: end for
    // 4: return u_hat
    u_hat
}

/// Algorithm 47, ScalarVectorNTT(c_hat, v_hat): c_hat times each entry of v_hat.
#[checked]
#[hax_lib::requires(coefficients_in(c_hat, 0, Q - 1).and(vector_in(v_hat, v_hat.len(), 0, Q - 1)))]
#[hax_lib::ensures(|w_hat| vector_in(&w_hat, v_hat.len(), 0, Q - 1))]
pub fn scalar_vector_ntt(c_hat: &Poly, v_hat: &[Poly]) -> Vec<Poly> {
    let mut w_hat = zero_vector(v_hat.len());
    // 1: for i from 0 to l - 1 do
    for i in 0..v_hat.len() {
        hax_lib::loop_invariant!(|_: usize| vector_in(&w_hat, v_hat.len(), 0, Q - 1));
        // 2: w_hat[i] <- MultiplyNTT(c_hat, v_hat[i])
        w_hat[i] = multiply_ntt(c_hat, &v_hat[i]);
    } // 3: end for
    // 4: return w_hat
    w_hat
}

/// Algorithm 48, MatrixVectorNTT(M_hat, v_hat): the product of a k x l matrix
/// and a vector of length l over T_q.
#[checked]
#[hax_lib::requires(hax_lib::forall(|i: usize| {
    hax_lib::implies(i < m_hat.len(), vector_in(&m_hat[i], v_hat.len(), 0, Q - 1))
}).and(vector_in(v_hat, v_hat.len(), 0, Q - 1)))]
#[hax_lib::ensures(|w_hat| vector_in(&w_hat, m_hat.len(), 0, Q - 1))]
pub fn matrix_vector_ntt(m_hat: &[Vec<Poly>], v_hat: &[Poly]) -> Vec<Poly> {
    let k = m_hat.len();
    let l = v_hat.len();
    // 1: w_hat <- 0^k
    let mut w_hat = zero_vector(k);
    // 2: for i from 0 to k - 1 do
    for i in 0..k {
        hax_lib::loop_invariant!(|_: usize| vector_in(&w_hat, k, 0, Q - 1));
        // 3: for j from 0 to l - 1 do
        for j in 0..l {
            hax_lib::loop_invariant!(|_: usize| vector_in(&w_hat, k, 0, Q - 1));
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
#[checked]
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
#[checked]
#[hax_lib::requires(vector_in(v, v.len(), 0, Q - 1))]
#[hax_lib::ensures(|v_hat| vector_in(&v_hat, v.len(), 0, Q - 1))]
pub fn ntt_vector(v: &[Poly]) -> Vec<Poly> {
    let mut v_hat = zero_vector(v.len());
    for i in 0..v.len() {
        hax_lib::loop_invariant!(|_: usize| vector_in(&v_hat, v.len(), 0, Q - 1));
        v_hat[i] = ntt(&v[i]);
    }
    v_hat
}

/// NTT^-1 of every entry of a vector over T_q.
#[checked]
#[hax_lib::requires(vector_in(v_hat, v_hat.len(), 0, Q - 1))]
#[hax_lib::ensures(|v| vector_in(&v, v_hat.len(), 0, Q - 1))]
pub fn ntt_inverse_vector(v_hat: &[Poly]) -> Vec<Poly> {
    let mut v = zero_vector(v_hat.len());
    for i in 0..v_hat.len() {
        hax_lib::loop_invariant!(|_: usize| vector_in(&v, v_hat.len(), 0, Q - 1));
        v[i] = ntt_inverse(&v_hat[i]);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every entry of Appendix B's table is zeta^BitRev8(m) mod q, except
    /// entry 0, which the standard writes 0 and NTT never reads (m >= 1 at
    /// line 10 of Algorithm 41, m <= 255 at line 10 of Algorithm 42).
    #[test]
    fn zetas_match_appendix_b() {
        assert_eq!(ZETAS[0], 0);
        for m in 1..N {
            assert_eq!(ZETAS[m], zeta_pow(bit_rev8(m as u32)), "zetas[{m}]");
        }
        // The first row as printed in Appendix B.
        assert_eq!(
            ZETAS[0..16],
            [
                0, 4808194, 3765607, 3761513, 5178923, 5496691, 5234739, 5178987, 7778734, 3542485,
                2682288, 2129892, 3764867, 7375178, 557458, 7159240,
            ]
        );
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
