//! `Backend::small_ntt` and `Backend::small_product` on sixteen 16-bit
//! lanes: the butterflies of `portable::small_ntt` (where the transform,
//! its constants and its bounds are), the same values, on a polynomial
//! held as 16 registers.
//!
//! In FIPS 204's order register i holds coefficients 16i .. 16i + 15, and
//! the layers with len = 128 to 16 pair whole registers i and i + len / 16,
//! one zeta for all lanes. Then the 16 x 16 matrix is transposed: register
//! j holds coefficient 16k + j of each lane k, and the layers with len = 8
//! to 1 pair registers j and j + len, each lane with the zeta of its own
//! block (a table of zetas per lane). The transform is left transposed (its
//! order is this backend's own: only this backend's `small_product` reads
//! it), and the inverse transposes back before its layers with len >= 16.
//! The AVX-512 backend runs these on its 32 registers (no spills).

use core::arch::x86_64::*;

use crate::backend::portable::small_ntt::{
    BARRETT_V, INV_FACTOR, INV_FACTOR_PINV, P, PINV, ZETAS, ZETAS_PINV,
};
#[cfg(test)]
use crate::params::N;
use crate::poly::{Poly, SmallHat};

use super::Avx2Intrinsics;

/// A polynomial as 16 registers of 16 lanes.
type Regs = [__m256i; 16];

// One intrinsic each, on the token (an `Avx2Intrinsics` exists only where the CPU has
// AVX2): the transforms' operations on sixteen 16-bit lanes.
#[inline(always)]
fn set1(_: Avx2Intrinsics, x: i16) -> __m256i {
    avx2!(_mm256_set1_epi16(x))
}

/// Functions that are each one intrinsic on their `__m256i` operands:
/// `name(operands) = intrinsic`.
macro_rules! epi16_intrinsics {
    ($($(#[$doc:meta])* $name:ident($($arg:ident),*) = $intrinsic:expr;)*) => {$(
        $(#[$doc])*
        #[inline(always)]
        fn $name(_: Avx2Intrinsics, $($arg: __m256i),*) -> __m256i {
            avx2!($intrinsic($($arg),*))
        }
    )*};
}

epi16_intrinsics! {
    add(a, b) = _mm256_add_epi16;
    sub(a, b) = _mm256_sub_epi16;
    /// The low 16 bits of each product.
    mullo(a, b) = _mm256_mullo_epi16;
    /// The high 16 bits of each (signed) product.
    mulhi(a, b) = _mm256_mulhi_epi16;
    srai10(a) = _mm256_srai_epi16::<10>;
}

/// Zetas per lane for the layers with len = 8, 4, 2, 1: for the blocks
/// h = 0 .. 8 / len - 1 of each 16-coefficient chunk, row 8 / len - 1 plus
/// h, its lane k the zeta of chunk k's block h (15 rows).
#[repr(C, align(32))]
struct LaneZetas([[i16; 16]; 15]);

/// The forward layers' zetas per lane (`inverse`: the inverse's, negated),
/// `pinv`: their factors p^-1 mod 2^16.
const fn lane_zetas(inverse: bool, pinv: bool) -> LaneZetas {
    let mut t = [[0i16; 16]; 15];
    let mut len = 8;
    while len > 0 {
        let mut h = 0;
        while h < 8 / len {
            let mut k = 0;
            while k < 16 {
                let b = k * 8 / len + h;
                let m = if inverse {
                    256 / len - 1 - b
                } else {
                    128 / len + b
                };
                let z = if pinv { ZETAS_PINV[m] } else { ZETAS[m] };
                t[8 / len - 1 + h][k] = if inverse { z.wrapping_neg() } else { z };
                k += 1;
            }
            h += 1;
        }
        len /= 2;
    }
    LaneZetas(t)
}

static FORWARD_Z: LaneZetas = lane_zetas(false, false);
static FORWARD_ZQ: LaneZetas = lane_zetas(false, true);
static INVERSE_Z: LaneZetas = lane_zetas(true, false);
static INVERSE_ZQ: LaneZetas = lane_zetas(true, true);

/// Row `row` of a table of zetas per lane.
#[inline(always)]
fn lanes(_: Avx2Intrinsics, table: &LaneZetas, row: usize) -> __m256i {
    let r = &table.0[row];
    // SAFETY: `r` is 16 readable i16 (32 bytes); loadu has no alignment
    // need; the CPU has AVX2 (an `Avx2Intrinsics` exists).
    unsafe { _mm256_loadu_si256(r.as_ptr().cast()) }
}

/// a z 2^-16 mod p on each lane (`portable::small_ntt::montgomery_mul_pre`).
#[inline(always)]
fn mont_pre(isa: Avx2Intrinsics, a: __m256i, z: __m256i, zq: __m256i) -> __m256i {
    let t = mullo(isa, a, zq);
    sub(isa, mulhi(isa, a, z), mulhi(isa, t, set1(isa, P)))
}

/// The butterfly (a + z b, a - z b) on registers i and j.
#[inline(always)]
fn forward_butterfly(
    isa: Avx2Intrinsics,
    v: &mut Regs,
    i: usize,
    j: usize,
    z: __m256i,
    zq: __m256i,
) {
    let t = mont_pre(isa, v[j], z, zq);
    v[j] = sub(isa, v[i], t);
    v[i] = add(isa, v[i], t);
}

/// The butterfly (a + b, z (a - b)) on registers i and j.
#[inline(always)]
fn inverse_butterfly(
    isa: Avx2Intrinsics,
    v: &mut Regs,
    i: usize,
    j: usize,
    z: __m256i,
    zq: __m256i,
) {
    let d = sub(isa, v[i], v[j]);
    v[i] = add(isa, v[i], v[j]);
    v[j] = mont_pre(isa, d, z, zq);
}

/// The Barrett reduction on each lane (`portable::small_ntt::barrett_reduce`).
#[inline(always)]
fn barrett_all(isa: Avx2Intrinsics, v: &mut Regs) {
    for x in v.iter_mut() {
        let t = mulhi(isa, *x, set1(isa, BARRETT_V));
        let t = srai10(isa, add(isa, t, set1(isa, 1 << 9)));
        *x = sub(isa, *x, mullo(isa, t, set1(isa, P)));
    }
}

/// The 16 x 16 matrix of 16-bit values transposed: register j, lane k <-
/// register k, lane j. Within each 128-bit half, 8 x 8 transposes of the
/// registers 0 to 7 and 8 to 15 (three rounds of unpacking: pairs of 16,
/// 32, 64 bits), then the halves exchanged.
#[inline(always)]
fn transpose(isa: Avx2Intrinsics, v: &mut Regs) {
    let zero = set1(isa, 0);
    let mut out = [zero; 16];
    for half in 0..2 {
        let r = &v[8 * half..8 * half + 8];
        let mut t = [zero; 8];
        for i in 0..4 {
            t[2 * i] = avx2!(_mm256_unpacklo_epi16(r[2 * i], r[2 * i + 1]));
            t[2 * i + 1] = avx2!(_mm256_unpackhi_epi16(r[2 * i], r[2 * i + 1]));
        }
        let mut u = [zero; 8];
        for i in 0..2 {
            for j in 0..2 {
                let (a, b) = (t[4 * i + j], t[4 * i + j + 2]);
                u[4 * i + 2 * j] = avx2!(_mm256_unpacklo_epi32(a, b));
                u[4 * i + 2 * j + 1] = avx2!(_mm256_unpackhi_epi32(a, b));
            }
        }
        // Columns 2c and 2c + 1 of these eight rows in the low half (and
        // 2c + 8, 2c + 9 in the high half).
        for c in 0..4 {
            out[8 * half + 2 * c] = avx2!(_mm256_unpacklo_epi64(u[c], u[c + 4]));
            out[8 * half + 2 * c + 1] = avx2!(_mm256_unpackhi_epi64(u[c], u[c + 4]));
        }
    }
    for c in 0..8 {
        let (top, bottom) = (out[c], out[8 + c]);
        v[c] = avx2!(_mm256_permute2x128_si256::<0x20>(top, bottom));
        v[c + 8] = avx2!(_mm256_permute2x128_si256::<0x31>(top, bottom));
    }
}

/// The layer with `LEN` >= 16 on FIPS 204's order: registers i and
/// i + LEN / 16, one zeta for the block of each pair; forward (Cooley-Tukey)
/// or, if `INVERSE`, backward (Gentleman-Sande with -zeta).
#[inline(always)]
fn register_layer<const LEN: usize, const INVERSE: bool>(isa: Avx2Intrinsics, v: &mut Regs) {
    let step = LEN / 16;
    for block in 0..8 / step {
        let (i0, i1) = (2 * step * block, 2 * step * block + step);
        if INVERSE {
            let m = 256 / LEN - 1 - block;
            let z = set1(isa, ZETAS[m].wrapping_neg());
            let zq = set1(isa, ZETAS_PINV[m].wrapping_neg());
            for i in i0..i1 {
                inverse_butterfly(isa, v, i, i + step, z, zq);
            }
        } else {
            let m = 128 / LEN + block;
            let (z, zq) = (set1(isa, ZETAS[m]), set1(isa, ZETAS_PINV[m]));
            for i in i0..i1 {
                forward_butterfly(isa, v, i, i + step, z, zq);
            }
        }
    }
}

/// The layer with `LEN` <= 8 on the transposed order: registers j and
/// j + LEN, each lane with the zeta of its chunk's block ([`LaneZetas`]).
#[inline(always)]
fn lane_layer<const LEN: usize, const INVERSE: bool>(isa: Avx2Intrinsics, v: &mut Regs) {
    for h in 0..8 / LEN {
        let row = 8 / LEN - 1 + h;
        let (j0, j1) = (2 * LEN * h, 2 * LEN * h + LEN);
        if INVERSE {
            let (z, zq) = (lanes(isa, &INVERSE_Z, row), lanes(isa, &INVERSE_ZQ, row));
            for j in j0..j1 {
                inverse_butterfly(isa, v, j, j + LEN, z, zq);
            }
        } else {
            let (z, zq) = (lanes(isa, &FORWARD_Z, row), lanes(isa, &FORWARD_ZQ, row));
            for j in j0..j1 {
                forward_butterfly(isa, v, j, j + LEN, z, zq);
            }
        }
    }
}

/// The forward transform of `portable::small_ntt::forward`, from FIPS 204's
/// order, left transposed.
#[inline(always)]
fn forward(isa: Avx2Intrinsics, v: &mut Regs) {
    register_layer::<128, false>(isa, v);
    register_layer::<64, false>(isa, v);
    register_layer::<32, false>(isa, v);
    register_layer::<16, false>(isa, v);
    barrett_all(isa, v);
    transpose(isa, v);
    lane_layer::<8, false>(isa, v);
    lane_layer::<4, false>(isa, v);
    lane_layer::<2, false>(isa, v);
    lane_layer::<1, false>(isa, v);
    barrett_all(isa, v);
}

/// The inverse transform of `portable::small_ntt::inverse`, from the
/// transposed order back to FIPS 204's, with its Barrett reductions after
/// the layers with len = 4 and 32 and its final factor.
#[inline(always)]
fn inverse(isa: Avx2Intrinsics, v: &mut Regs) {
    lane_layer::<1, true>(isa, v);
    lane_layer::<2, true>(isa, v);
    lane_layer::<4, true>(isa, v);
    barrett_all(isa, v);
    lane_layer::<8, true>(isa, v);
    transpose(isa, v);
    register_layer::<16, true>(isa, v);
    register_layer::<32, true>(isa, v);
    barrett_all(isa, v);
    register_layer::<64, true>(isa, v);
    register_layer::<128, true>(isa, v);
    let (f, fq) = (set1(isa, INV_FACTOR), set1(isa, INV_FACTOR_PINV));
    for x in v.iter_mut() {
        *x = mont_pre(isa, *x, f, fq);
    }
}

/// `Backend::small_ntt`: a's coefficients packed to 16 bits (|a_i| <= 4,
/// no saturation), transformed, stored.
#[inline]
#[target_feature(enable = "avx2")]
pub fn small_ntt(out: &mut SmallHat, a: &Poly) {
    let mut v = [_mm256_setzero_si256(); 16];
    for (i, x) in v.iter_mut().enumerate() {
        let chunk = &a.coeffs[16 * i..16 * i + 16];
        // SAFETY: `chunk` is 16 readable i32: two loads of 8 (32 bytes);
        // loadu has no alignment need.
        let lo = unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) };
        // SAFETY: as above, the second 8.
        let hi = unsafe { _mm256_loadu_si256(chunk[8..].as_ptr().cast()) };
        // packs interleaves the 128-bit halves: 0-3, 8-11, 4-7, 12-15.
        *x = _mm256_permute4x64_epi64::<0xD8>(_mm256_packs_epi32(lo, hi));
    }
    forward(Avx2Intrinsics::new(), &mut v);
    store_hat(out, &v);
    wipe(&mut v);
}

/// `Backend::small_product`: the pointwise Montgomery product, the
/// inverse, each value widened to 32 bits.
#[inline]
#[target_feature(enable = "avx2")]
pub fn small_product(c: &mut Poly, a: &SmallHat, b: &SmallHat) {
    let mut v = [_mm256_setzero_si256(); 16];
    let isa = Avx2Intrinsics::new();
    let pinv = _mm256_set1_epi16(PINV);
    for (i, x) in v.iter_mut().enumerate() {
        let (ai, bi) = (load_hat(a, i), load_hat(b, i));
        *x = mont_pre(isa, ai, bi, mullo(isa, bi, pinv));
    }
    inverse(isa, &mut v);
    for (i, x) in v.iter().enumerate() {
        let chunk = &mut c.coeffs[16 * i..16 * i + 16];
        let lo = _mm256_cvtepi16_epi32(_mm256_castsi256_si128(*x));
        let hi = _mm256_cvtepi16_epi32(_mm256_extracti128_si256::<1>(*x));
        // SAFETY: `chunk` is 16 writable i32: two stores of 8 (32 bytes);
        // storeu has no alignment need.
        unsafe { _mm256_storeu_si256(chunk.as_mut_ptr().cast(), lo) };
        // SAFETY: as above, the second 8.
        unsafe { _mm256_storeu_si256(chunk[8..].as_mut_ptr().cast(), hi) };
    }
    wipe(&mut v);
}

/// Register i of a transform.
#[inline]
#[target_feature(enable = "avx2")]
fn load_hat(a: &SmallHat, i: usize) -> __m256i {
    let chunk = &a.coeffs[16 * i..16 * i + 16];
    // SAFETY: `chunk` is 16 readable i16 (32 bytes); loadu has no
    // alignment need.
    unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) }
}

#[inline]
#[target_feature(enable = "avx2")]
fn store_hat(out: &mut SmallHat, v: &Regs) {
    for (i, x) in v.iter().enumerate() {
        let chunk = &mut out.coeffs[16 * i..16 * i + 16];
        // SAFETY: `chunk` is 16 writable i16 (32 bytes); storeu has no
        // alignment need.
        unsafe { _mm256_storeu_si256(chunk.as_mut_ptr().cast(), *x) };
    }
}

/// The registers' copy on the stack (where the compiler spilled them, it
/// wrote them there), zeroed: they held a transform of s1 or s2.
#[inline]
#[target_feature(enable = "avx2")]
fn wipe(v: &mut Regs) {
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
