//! The SIMD arithmetic kernels, written once over the intrinsics they use.
//!
//! Each instruction set is a trait whose methods are its intrinsics
//! ([`avx2::Avx2Ops`], [`avx512::Avx512Ops`], [`neon::NeonOps`], and
//! [`avx2::SmallOps`] for signing's small NTT on 16-bit lanes), the way
//! the portable kernels are
//! written over [`super::portable::word::Word`]. The backends run the
//! kernels on the real intrinsics; the `lemmas` crate runs the same source
//! on a model of each intrinsic (Intel's and Arm's pseudocode, lane by
//! lane), which it tests against the instruction, and proves the kernels
//! on that model with z3 and intervals.
//!
//! This module has no `unsafe` and no `cfg` on the target: both kernel sets
//! compile everywhere, so that the proofs of the NEON kernels run on x86-64
//! (where z3 is) and the other way round.

// Each kernel set where its backend is built, and everywhere with
// `internals` (the lemmas prove the NEON kernels on x86-64, on models).
#[cfg(any(feature = "internals", target_arch = "x86_64"))]
pub mod avx2;
#[cfg(any(feature = "internals", target_arch = "x86_64"))]
pub mod avx512;
#[cfg(any(
    feature = "internals",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub mod neon;

use crate::params::N;
use crate::poly::Poly;

/// A polynomial's coefficients, for the kernels that take slices of
/// polynomials: [`Poly`] on the CPU, plain arrays of lanes in a model.
pub trait Coeffs<L> {
    /// The 256 coefficients.
    fn coeffs(&self) -> &[L; N];
}

impl Coeffs<i32> for Poly {
    #[inline(always)]
    fn coeffs(&self) -> &[i32; N] {
        &self.coeffs
    }
}

impl<L> Coeffs<L> for [L; N] {
    #[inline(always)]
    fn coeffs(&self) -> &[L; N] {
        self
    }
}
