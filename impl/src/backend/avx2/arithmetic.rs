//! Eight-lane modular arithmetic on `__m256i` (i32 lanes).
//!
//! Every function here is `#[target_feature(enable = "avx2")]`: it is only
//! reached through the `Avx2` backend, whose methods check that the CPU has
//! AVX2 before calling in.

use core::arch::x86_64::*;

use crate::backend::portable::QINV;
use crate::params::Q;

/// Montgomery products of the even lanes of `prod` (64-bit): the result
/// a * 2^-32 mod q sits in the high 32 bits of each 64-bit lane.
///
/// t = low32(prod) * QINV mod 2^32; prod - t q is divisible by 2^32, so its
/// high half is prod_hi - (t q)_hi exactly.
#[inline]
#[target_feature(enable = "avx2")]
fn reduce_even(prod: __m256i) -> __m256i {
    let qinv = _mm256_set1_epi32(QINV);
    let q = _mm256_set1_epi32(Q);
    let t = _mm256_mul_epi32(prod, qinv);
    let tq = _mm256_mul_epi32(t, q);
    _mm256_sub_epi64(prod, tq)
}

/// a * b * 2^-32 mod q lane by lane, for |a_i b_i| <= 2^31 q; |result| <= q.
#[inline]
#[target_feature(enable = "avx2")]
pub fn montgomery_mul(a: __m256i, b: __m256i) -> __m256i {
    let even = reduce_even(_mm256_mul_epi32(a, b));
    let odd = reduce_even(_mm256_mul_epi32(
        _mm256_srli_epi64(a, 32),
        _mm256_srli_epi64(b, 32),
    ));
    // even results are in the high halves of the even 64-bit lanes: move them
    // down; odd results are already in the odd 32-bit lanes.
    _mm256_blend_epi32::<0b1010_1010>(_mm256_srli_epi64(even, 32), odd)
}

/// sum_j a_j * b_j * 2^-32 mod q, accumulating exact 64-bit products first;
/// requires |sum| <= 2^31 q per lane.
#[inline]
#[target_feature(enable = "avx2")]
pub fn montgomery_dot(a: &[__m256i], b: &[__m256i]) -> __m256i {
    let mut even = _mm256_setzero_si256();
    let mut odd = _mm256_setzero_si256();
    for (&x, &y) in a.iter().zip(b) {
        even = _mm256_add_epi64(even, _mm256_mul_epi32(x, y));
        odd = _mm256_add_epi64(
            odd,
            _mm256_mul_epi32(_mm256_srli_epi64(x, 32), _mm256_srli_epi64(y, 32)),
        );
    }
    let even = reduce_even(even);
    let odd = reduce_even(odd);
    _mm256_blend_epi32::<0b1010_1010>(_mm256_srli_epi64(even, 32), odd)
}

/// reduce32: a - round(a / 2^23) q, into [-6283009, 6283008].
#[inline]
#[target_feature(enable = "avx2")]
pub fn reduce32(a: __m256i) -> __m256i {
    let t = _mm256_srai_epi32::<23>(_mm256_add_epi32(a, _mm256_set1_epi32(1 << 22)));
    _mm256_sub_epi32(a, _mm256_mullo_epi32(t, _mm256_set1_epi32(Q)))
}

/// a + q where a < 0.
#[inline]
#[target_feature(enable = "avx2")]
pub fn caddq(a: __m256i) -> __m256i {
    _mm256_add_epi32(
        a,
        _mm256_and_si256(_mm256_srai_epi32::<31>(a), _mm256_set1_epi32(Q)),
    )
}

/// Loads lanes i*8 .. i*8+8 of a polynomial.
#[inline]
#[target_feature(enable = "avx2")]
pub fn load(coeffs: &[i32; 256], i: usize) -> __m256i {
    let chunk = &coeffs[8 * i..8 * i + 8];
    // SAFETY: `chunk` is 8 readable i32 (32 bytes); loadu has no alignment need.
    unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) }
}

/// Stores 8 lanes at i*8 .. i*8+8 of a polynomial.
#[inline]
#[target_feature(enable = "avx2")]
pub fn store(coeffs: &mut [i32; 256], i: usize, v: __m256i) {
    let chunk = &mut coeffs[8 * i..8 * i + 8];
    // SAFETY: `chunk` is 8 writable i32 (32 bytes); storeu has no alignment need.
    unsafe { _mm256_storeu_si256(chunk.as_mut_ptr().cast(), v) }
}
