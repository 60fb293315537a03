//! Parameters of ML-DSA: the constants of FIPS 204 section 4 (Table 1) and
//! the three parameter sets with their sizes (Tables 1 and 2).

/// The modulus q = 2^23 - 2^13 + 1 (Table 1).
pub const Q: i32 = 8380417;
/// zeta = 1753, a primitive 512-th root of unity modulo q (Table 1).
pub const ZETA: i32 = 1753;
/// d = 13, the number of dropped bits from t (Table 1).
pub const D: usize = 13;
/// n = 256, the degree of the polynomials of R_q (section 2.3).
pub const N: usize = 256;
/// bitlen(q - 1) = 23, used by pkEncode / pkDecode (Algorithms 22, 23).
pub const BITLEN_Q_MINUS_1: usize = 23;

/// One ML-DSA parameter set of FIPS 204 Table 1, with the derived sizes of
/// Table 2. Every algorithm of this crate takes one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSet {
    /// tau: the number of +-1 coefficients of the challenge c.
    pub tau: usize,
    /// lambda: the collision strength of c~ (its length is lambda/4 bytes).
    pub lambda: usize,
    /// gamma1: the coefficient range of y.
    pub gamma1: i32,
    /// gamma2: the low-order rounding range.
    pub gamma2: i32,
    /// k: the number of rows of A.
    pub k: usize,
    /// l (ell): the number of columns of A.
    pub l: usize,
    /// eta: the private key range.
    pub eta: i32,
    /// beta = tau * eta.
    pub beta: i32,
    /// omega: the maximum number of 1's in the hint h.
    pub omega: usize,
    /// Public key size in bytes (Table 2).
    pub pk_len: usize,
    /// Private key size in bytes (Table 2).
    pub sk_len: usize,
    /// Signature size in bytes (Table 2).
    pub sig_len: usize,
}

/// ML-DSA-44 (security category 2).
pub const ML_DSA_44: ParamSet = ParamSet {
    tau: 39,
    lambda: 128,
    gamma1: 1 << 17,
    gamma2: (Q - 1) / 88,
    k: 4,
    l: 4,
    eta: 2,
    beta: 78,
    omega: 80,
    pk_len: 1312,
    sk_len: 2560,
    sig_len: 2420,
};

/// ML-DSA-65 (security category 3).
pub const ML_DSA_65: ParamSet = ParamSet {
    tau: 49,
    lambda: 192,
    gamma1: 1 << 19,
    gamma2: (Q - 1) / 32,
    k: 6,
    l: 5,
    eta: 4,
    beta: 196,
    omega: 55,
    pk_len: 1952,
    sk_len: 4032,
    sig_len: 3309,
};

/// ML-DSA-87 (security category 5).
pub const ML_DSA_87: ParamSet = ParamSet {
    tau: 60,
    lambda: 256,
    gamma1: 1 << 19,
    gamma2: (Q - 1) / 32,
    k: 8,
    l: 7,
    eta: 2,
    beta: 120,
    omega: 75,
    pk_len: 2592,
    sk_len: 4896,
    sig_len: 4627,
};

impl ParamSet {
    /// The name FIPS 204 gives this parameter set.
    pub fn name(&self) -> &'static str {
        match self.k {
            4 => "ML-DSA-44",
            6 => "ML-DSA-65",
            _ => "ML-DSA-87",
        }
    }

    /// bitlen(2 * eta): bits per coefficient of s1 and s2 in skEncode.
    pub fn bitlen_2eta(&self) -> usize {
        bitlen((2 * self.eta) as u32)
    }

    /// 1 + bitlen(gamma1 - 1): bits per coefficient of z (sigEncode,
    /// ExpandMask line 1).
    pub fn gamma1_bits(&self) -> usize {
        1 + bitlen((self.gamma1 - 1) as u32)
    }

    /// bitlen((q - 1) / (2 * gamma2) - 1): bits per coefficient of w1
    /// (w1Encode).
    pub fn w1_bits(&self) -> usize {
        bitlen(((Q - 1) / (2 * self.gamma2) - 1) as u32)
    }
}

/// bitlen a: the length of the binary representation of a positive integer
/// (section 2.3).
pub fn bitlen(a: u32) -> usize {
    let mut x = a;
    let mut len = 0;
    while x > 0 {
        hax_lib::loop_invariant!(len <= 32 && (x as u64) < (1u64 << (32 - len)));
        hax_lib::loop_decreases!(x);
        x /= 2;
        len += 1;
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Table 2 sizes follow from Table 1: pk = 32 + 32 k (bitlen(q-1) - d),
    /// sk = 128 + 32 ((k + l) bitlen(2 eta) + d k), sig = lambda/4 + l 32
    /// (1 + bitlen(gamma1 - 1)) + omega + k.
    #[test]
    fn table_2_sizes_follow_from_table_1() {
        for p in [ML_DSA_44, ML_DSA_65, ML_DSA_87] {
            assert_eq!(p.pk_len, 32 + 32 * p.k * (BITLEN_Q_MINUS_1 - D));
            assert_eq!(
                p.sk_len,
                128 + 32 * ((p.k + p.l) * p.bitlen_2eta() + D * p.k)
            );
            assert_eq!(
                p.sig_len,
                p.lambda / 4 + p.l * 32 * p.gamma1_bits() + p.omega + p.k
            );
            assert_eq!(p.beta, p.tau as i32 * p.eta);
        }
        assert_eq!(bitlen((Q - 1) as u32), BITLEN_Q_MINUS_1);
    }
}
