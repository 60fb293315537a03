//! The polynomial type shared by all backends.

use zeroize::Zeroize;

/// n, the number of coefficients of a polynomial (FIPS 204 Table 1);
/// `params` re-exports it with the other parameters. Defined here, at the
/// bottom of the crate's module graph, so that `poly` depends on nothing.
pub const N: usize = 256;

/// A polynomial of R_q (or of T_q in NTT form): 256 signed 32-bit
/// coefficients, 32-byte aligned so SIMD backends load whole registers.
///
/// Coefficients are not kept canonical: each backend function documents the
/// range it accepts and returns (for example (-q, q) after a Montgomery
/// multiplication).
///
/// Not `Copy`: a polynomial often holds a secret (s1, y, c s1, ...), and
/// every copy is one more place to zeroize; copies are explicit `clone`s.
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub struct Poly {
    /// The coefficients w_0 .. w_255.
    pub coeffs: [i32; N],
}

/// As one slice: zeroize's impl for arrays writes element by element with
/// volatile stores, several times slower than its slice fill.
impl Zeroize for Poly {
    fn zeroize(&mut self) {
        self.coeffs.as_mut_slice().zeroize();
    }
}

impl Poly {
    /// The zero polynomial.
    pub const ZERO: Poly = Poly { coeffs: [0; N] };

    /// A polynomial with the given coefficients.
    pub const fn from_coeffs(coeffs: [i32; N]) -> Self {
        Poly { coeffs }
    }
}

impl Default for Poly {
    fn default() -> Self {
        Poly::ZERO
    }
}

/// A polynomial with small coefficients (c, s1, s2) in the NTT domain mod
/// the prime p = 7681 (`Backend::small_ntt`): 256 signed 16-bit values, in
/// the order of the backend that made it, for `Backend::small_product`.
/// 512 bytes, half a [`Poly`]; it holds a transform of s1 or s2 during
/// signing, so it is zeroized like one.
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub struct SmallHat {
    /// The 256 values, each in [-(p - 1) / 2, (p - 1) / 2].
    pub coeffs: [i16; N],
}

impl SmallHat {
    /// All zero.
    pub const ZERO: SmallHat = SmallHat { coeffs: [0; N] };
}

/// As one slice, as [`Poly`].
impl Zeroize for SmallHat {
    fn zeroize(&mut self) {
        self.coeffs.as_mut_slice().zeroize();
    }
}
