//! Eight-lane modular arithmetic on `__m256i` (i32 lanes).
//!
//! Every function here is `#[target_feature(enable = "avx2")]`: it is only
//! reached through the `Avx2` backend, whose methods check that the CPU has
//! AVX2 before calling in.

use core::arch::x86_64::*;

use crate::backend::portable::QINV;
use crate::params::Q;

/// Moves the odd 32-bit lanes to the even positions: [x1, x1, x3, x3, ...].
#[inline]
#[target_feature(enable = "avx2")]
fn odd(x: __m256i) -> __m256i {
    _mm256_shuffle_epi32::<0xF5>(x)
}

/// Finishes a Montgomery reduction of 64-bit values: given the even-lane and
/// odd-lane 64-bit products (or sums of products) p and the 32-bit lanes
/// t = low32(p) * QINV mod 2^32, returns (p - t q) / 2^32 in 32-bit lanes.
/// p - t q is divisible by 2^32, so its high half is the result.
#[inline]
#[target_feature(enable = "avx2")]
fn finish(p_even: __m256i, p_odd: __m256i, t: __m256i) -> __m256i {
    let q = _mm256_set1_epi32(Q);
    let r_even = _mm256_sub_epi64(p_even, _mm256_mul_epi32(t, q));
    let r_odd = _mm256_sub_epi64(p_odd, _mm256_mul_epi32(odd(t), q));
    _mm256_blend_epi32::<0b1010_1010>(odd(r_even), r_odd)
}

/// a * b * 2^-32 mod q lane by lane, given b_qinv = b * QINV mod 2^32 (for
/// constants such as the zetas, precomputed). Requires |a_i b_i| <= 2^31 q;
/// |result| <= q.
#[inline]
#[target_feature(enable = "avx2")]
pub fn montgomery_mul_pre(a: __m256i, b: __m256i, b_qinv: __m256i) -> __m256i {
    let t = _mm256_mullo_epi32(a, b_qinv);
    let p_even = _mm256_mul_epi32(a, b);
    let p_odd = _mm256_mul_epi32(odd(a), odd(b));
    finish(p_even, p_odd, t)
}

/// a * b * 2^-32 mod q lane by lane, for |a_i b_i| <= 2^31 q; |result| <= q.
#[inline]
#[target_feature(enable = "avx2")]
pub fn montgomery_mul(a: __m256i, b: __m256i) -> __m256i {
    montgomery_mul_pre(a, b, _mm256_mullo_epi32(b, _mm256_set1_epi32(QINV)))
}

/// Adds the exact 64-bit products x * y to a dot-product accumulator: even
/// lanes in `acc.0`, odd lanes in `acc.1`.
#[inline]
#[target_feature(enable = "avx2")]
pub fn dot_step(acc: (__m256i, __m256i), x: __m256i, y: __m256i) -> (__m256i, __m256i) {
    (
        _mm256_add_epi64(acc.0, _mm256_mul_epi32(x, y)),
        _mm256_add_epi64(acc.1, _mm256_mul_epi32(odd(x), odd(y))),
    )
}

/// sum * 2^-32 mod q for a [`dot_step`] accumulator; requires |sum| <= 2^31 q
/// per lane.
#[inline]
#[target_feature(enable = "avx2")]
pub fn dot_finish((even, sum_odd): (__m256i, __m256i)) -> __m256i {
    // low 32 bits of each sum, back in lane order
    let low = _mm256_blend_epi32::<0b1010_1010>(even, _mm256_shuffle_epi32::<0xA0>(sum_odd));
    let t = _mm256_mullo_epi32(low, _mm256_set1_epi32(QINV));
    finish(even, sum_odd, t)
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
