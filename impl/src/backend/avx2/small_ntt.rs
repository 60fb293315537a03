//! `Backend::small_ntt` and `Backend::small_product` on sixteen 16-bit
//! lanes: the transforms of `lanes::avx2::small_ntt` (written over
//! `SmallOps`, proven on its model by the `lemmas` crate) on the
//! intrinsics, and the registers wiped after them. The AVX-512 backend runs these on its 32 registers (no
//! spills).

use core::arch::x86_64::*;

use crate::backend::lanes::avx2::small_ntt::{self as lanes, Regs};
#[cfg(test)]
use crate::params::N;
use crate::poly::{Poly, SmallHat};

use super::Avx2Intrinsics;

/// `Backend::small_ntt`: a's coefficients narrowed to 16 bits (|a_i| <= 4,
/// no saturation), transformed, stored.
#[inline]
#[target_feature(enable = "avx2")]
pub fn small_ntt(out: &mut SmallHat, a: &Poly) {
    let mut v = [_mm256_setzero_si256(); 16];
    lanes::small_ntt(Avx2Intrinsics::new(), &mut v, &mut out.coeffs, &a.coeffs);
    wipe(&mut v);
}

/// `Backend::small_product`: the pointwise Montgomery product, the
/// inverse, each value widened to 32 bits.
#[inline]
#[target_feature(enable = "avx2")]
pub fn small_product(c: &mut Poly, a: &SmallHat, b: &SmallHat) {
    let mut v = [_mm256_setzero_si256(); 16];
    let isa = Avx2Intrinsics::new();
    lanes::small_product(isa, &mut v, &mut c.coeffs, &a.coeffs, &b.coeffs);
    wipe(&mut v);
}

/// The registers' copy on the stack (where the compiler spilled them, it
/// wrote them there), zeroed: they held a transform of s1 or s2.
#[inline]
#[target_feature(enable = "avx2")]
fn wipe(v: &mut Regs<Avx2Intrinsics>) {
    for x in v.iter_mut() {
        *x = _mm256_setzero_si256();
    }
    core::hint::black_box(v);
}

/// The transposed order of this backend's transforms: value i of
/// `portable::small_ntt::forward`'s output sits at `transposed(i)`.
#[cfg(test)]
const fn transposed(i: usize) -> usize {
    (i % 16) * 16 + i / 16
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::backend::portable::small_ntt;

    fn sample(seed: u64, bound: i32) -> Poly {
        let mut x = seed;
        let mut a = Poly::ZERO;
        for c in a.coeffs.iter_mut() {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            *c = ((x >> 33) % (2 * bound as u64 + 1)) as i32 - bound;
        }
        a
    }

    /// The transform is the portable one's values in the transposed order,
    /// and the product the portable product.
    #[test]
    fn matches_portable() {
        if !super::super::available() {
            return;
        }
        for seed in 0..50 {
            let (a, b) = (sample(seed, 1), sample(seed + 1000, 4));
            let mut reference = a.clone();
            let mut flat = [0i16; N];
            for (f, &x) in flat.iter_mut().zip(&reference.coeffs) {
                *f = x as i16;
            }
            small_ntt::forward(&mut flat);
            let mut hat = SmallHat::ZERO;
            // SAFETY: the CPU has AVX2 (checked above).
            unsafe { small_ntt(&mut hat, &a) };
            for (i, &x) in flat.iter().enumerate() {
                assert_eq!(hat.coeffs[transposed(i)], x, "value {i}");
            }
            let (mut ah, mut bh) = (SmallHat::ZERO, SmallHat::ZERO);
            small_ntt::small_ntt(&mut ah, &a);
            small_ntt::small_ntt(&mut bh, &b);
            small_ntt::small_product(&mut reference, &ah, &bh);
            let mut bh2 = SmallHat::ZERO;
            let mut product = Poly::ZERO;
            // SAFETY: the CPU has AVX2 (checked above).
            unsafe { small_ntt(&mut bh2, &b) };
            // SAFETY: as above.
            unsafe { small_product(&mut product, &hat, &bh2) };
            assert_eq!(product, reference);
        }
    }
}
