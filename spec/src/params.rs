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

use crate::contract::checked;

/// The three ML-DSA parameter sets of FIPS 204 Table 1, and nothing else:
/// every algorithm takes one of these, so every contract may rely on the
/// real gamma2, eta, omega and sizes (an open struct would let a caller pass
/// eta = 3, which makes KeyGen loop forever, or a pk_len that falsifies
/// KeyGen's postcondition).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamSet {
    /// ML-DSA-44 (security category 2).
    MlDsa44,
    /// ML-DSA-65 (security category 3).
    MlDsa65,
    /// ML-DSA-87 (security category 5).
    MlDsa87,
}

/// ML-DSA-44 (security category 2).
pub const ML_DSA_44: ParamSet = ParamSet::MlDsa44;
/// ML-DSA-65 (security category 3).
pub const ML_DSA_65: ParamSet = ParamSet::MlDsa65;
/// ML-DSA-87 (security category 5).
pub const ML_DSA_87: ParamSet = ParamSet::MlDsa87;

/// Table 1 and Table 2, one row per parameter set.
#[hax_lib::attributes]
impl ParamSet {
    /// tau: the number of +-1 coefficients of the challenge c.
    pub fn tau(&self) -> usize {
        match self {
            ParamSet::MlDsa44 => 39,
            ParamSet::MlDsa65 => 49,
            ParamSet::MlDsa87 => 60,
        }
    }

    /// lambda: the collision strength of c~ (its length is lambda/4 bytes).
    pub fn lambda(&self) -> usize {
        match self {
            ParamSet::MlDsa44 => 128,
            ParamSet::MlDsa65 => 192,
            ParamSet::MlDsa87 => 256,
        }
    }

    /// gamma1: the coefficient range of y.
    pub fn gamma1(&self) -> i32 {
        match self {
            ParamSet::MlDsa44 => 1 << 17,
            ParamSet::MlDsa65 => 1 << 19,
            ParamSet::MlDsa87 => 1 << 19,
        }
    }

    /// gamma2: the low-order rounding range.
    pub fn gamma2(&self) -> i32 {
        match self {
            ParamSet::MlDsa44 => (Q - 1) / 88,
            ParamSet::MlDsa65 => (Q - 1) / 32,
            ParamSet::MlDsa87 => (Q - 1) / 32,
        }
    }

    /// k: the number of rows of A.
    pub fn k(&self) -> usize {
        match self {
            ParamSet::MlDsa44 => 4,
            ParamSet::MlDsa65 => 6,
            ParamSet::MlDsa87 => 8,
        }
    }

    /// l (ell): the number of columns of A.
    pub fn l(&self) -> usize {
        match self {
            ParamSet::MlDsa44 => 4,
            ParamSet::MlDsa65 => 5,
            ParamSet::MlDsa87 => 7,
        }
    }

    /// eta: the private key range.
    pub fn eta(&self) -> i32 {
        match self {
            ParamSet::MlDsa44 => 2,
            ParamSet::MlDsa65 => 4,
            ParamSet::MlDsa87 => 2,
        }
    }

    /// beta = tau * eta.
    pub fn beta(&self) -> i32 {
        match self {
            ParamSet::MlDsa44 => 78,
            ParamSet::MlDsa65 => 196,
            ParamSet::MlDsa87 => 120,
        }
    }

    /// omega: the maximum number of 1's in the hint h.
    pub fn omega(&self) -> usize {
        match self {
            ParamSet::MlDsa44 => 80,
            ParamSet::MlDsa65 => 55,
            ParamSet::MlDsa87 => 75,
        }
    }

    /// Public key size in bytes (Table 2).
    pub fn pk_len(&self) -> usize {
        match self {
            ParamSet::MlDsa44 => 1312,
            ParamSet::MlDsa65 => 1952,
            ParamSet::MlDsa87 => 2592,
        }
    }

    /// Private key size in bytes (Table 2).
    pub fn sk_len(&self) -> usize {
        match self {
            ParamSet::MlDsa44 => 2560,
            ParamSet::MlDsa65 => 4032,
            ParamSet::MlDsa87 => 4896,
        }
    }

    /// Signature size in bytes (Table 2).
    pub fn sig_len(&self) -> usize {
        match self {
            ParamSet::MlDsa44 => 2420,
            ParamSet::MlDsa65 => 3309,
            ParamSet::MlDsa87 => 4627,
        }
    }

    /// The name FIPS 204 gives this parameter set.
    pub fn name(&self) -> &'static str {
        match self {
            ParamSet::MlDsa44 => "ML-DSA-44",
            ParamSet::MlDsa65 => "ML-DSA-65",
            ParamSet::MlDsa87 => "ML-DSA-87",
        }
    }

    /// bitlen(2 * eta): bits per coefficient of s1 and s2 in skEncode
    /// (bitlen 4 = 3, bitlen 8 = 4).
    #[checked]
    #[hax_lib::ensures(|bits| bits == bitlen((2 * self.eta()) as u32)
        && bits == (if self.eta() == 2 { 3 } else { 4 }))]
    pub fn bitlen_2eta(&self) -> usize {
        bitlen((2 * self.eta()) as u32)
    }

    /// 1 + bitlen(gamma1 - 1): bits per coefficient of z (sigEncode,
    /// ExpandMask line 1): 18 for gamma1 = 2^17, 20 for gamma1 = 2^19.
    #[checked]
    #[hax_lib::ensures(|bits| bits == 1 + bitlen((self.gamma1() - 1) as u32)
        && bits == (if self.gamma1() == 1 << 17 { 18 } else { 20 }))]
    pub fn gamma1_bits(&self) -> usize {
        1 + bitlen((self.gamma1() - 1) as u32)
    }

    /// bitlen((q - 1) / (2 * gamma2) - 1): bits per coefficient of w1
    /// (w1Encode): 6 for gamma2 = (q-1)/88 (w1 < 44), 4 for (q-1)/32
    /// (w1 < 16).
    #[checked]
    #[hax_lib::ensures(|bits| bits == bitlen(((Q - 1) / (2 * self.gamma2()) - 1) as u32)
        && bits == (if self.gamma2() == (Q - 1) / 88 { 6 } else { 4 }))]
    pub fn w1_bits(&self) -> usize {
        bitlen(((Q - 1) / (2 * self.gamma2()) - 1) as u32)
    }
}

/// bitlen a: the length of the binary representation of a positive integer
/// (section 2.3): 2^(len-1) <= a < 2^len, and 0 for a = 0.
#[checked]
#[hax_lib::ensures(|len| len <= 32
    && (a as u64) < (1u64 << len)
    && (len == 0 || (a as u64) >= (1u64 << (len - 1)))
    && (len > 0 || a == 0))]
pub fn bitlen(a: u32) -> usize {
    let mut x = a;
    let mut len = 0;
    while x > 0 {
        // x is a with its len low bits shifted out, each of them under a
        // nonzero x, so a >= 2^(len-1).
        hax_lib::loop_invariant!(
            len <= 32
                && (x as u64) < (1u64 << (32 - len))
                && (x as u64) == (a as u64) >> len
                && (len == 0 || (a as u64) >= (1u64 << (len - 1)))
        );
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
            assert_eq!(p.pk_len(), 32 + 32 * p.k() * (BITLEN_Q_MINUS_1 - D));
            assert_eq!(
                p.sk_len(),
                128 + 32 * ((p.k() + p.l()) * p.bitlen_2eta() + D * p.k())
            );
            assert_eq!(
                p.sig_len(),
                p.lambda() / 4 + p.l() * 32 * p.gamma1_bits() + p.omega() + p.k()
            );
            assert_eq!(p.beta(), p.tau() as i32 * p.eta());
        }
        assert_eq!(bitlen((Q - 1) as u32), BITLEN_Q_MINUS_1);
    }
}
