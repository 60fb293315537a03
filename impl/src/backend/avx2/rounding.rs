//! Power2Round, Decompose, MakeHint, UseHint and the norm check on eight
//! lanes: the portable formulas, lane by lane, with no branch.

use core::arch::x86_64::*;

use crate::params::{D, Gamma2, Gamma2Kind, Q};

/// Power2Round for a in [0, q): (a1, a0).
#[inline]
#[target_feature(enable = "avx2")]
pub fn power2round(a: __m256i) -> (__m256i, __m256i) {
    let a1 = _mm256_srai_epi32::<{ D as i32 }>(_mm256_add_epi32(
        a,
        _mm256_set1_epi32((1 << (D - 1)) - 1),
    ));
    let a0 = _mm256_sub_epi32(a, _mm256_slli_epi32::<{ D as i32 }>(a1));
    (a1, a0)
}

/// Decompose for a in [0, q): (HighBits, LowBits) for gamma2 `G`.
#[inline]
#[target_feature(enable = "avx2")]
pub fn decompose<G: Gamma2>(a: __m256i) -> (__m256i, __m256i) {
    let b = _mm256_srai_epi32::<7>(_mm256_add_epi32(a, _mm256_set1_epi32(127)));
    let a1 = match G::KIND {
        Gamma2Kind::Q32 => {
            let t = _mm256_mullo_epi32(b, _mm256_set1_epi32(1025));
            let t = _mm256_srai_epi32::<22>(_mm256_add_epi32(t, _mm256_set1_epi32(1 << 21)));
            _mm256_and_si256(t, _mm256_set1_epi32(15))
        }
        Gamma2Kind::Q88 => {
            let t = _mm256_mullo_epi32(b, _mm256_set1_epi32(11275));
            let t = _mm256_srai_epi32::<24>(_mm256_add_epi32(t, _mm256_set1_epi32(1 << 23)));
            // t = 44 (only) wraps to 0
            let over = _mm256_srai_epi32::<31>(_mm256_sub_epi32(_mm256_set1_epi32(43), t));
            _mm256_xor_si256(t, _mm256_and_si256(over, t))
        }
    };
    let mut a0 = _mm256_sub_epi32(a, _mm256_mullo_epi32(a1, _mm256_set1_epi32(2 * G::GAMMA2)));
    let above = _mm256_srai_epi32::<31>(_mm256_sub_epi32(_mm256_set1_epi32((Q - 1) / 2), a0));
    a0 = _mm256_sub_epi32(a0, _mm256_and_si256(above, _mm256_set1_epi32(Q)));
    (a1, a0)
}

/// MakeHint for z, r in [0, q): 1 where HighBits(r) != HighBits(r + z mod q).
#[inline]
#[target_feature(enable = "avx2")]
pub fn make_hint<G: Gamma2>(z: __m256i, r: __m256i) -> __m256i {
    let q = _mm256_set1_epi32(Q);
    let s = _mm256_sub_epi32(_mm256_add_epi32(r, z), q);
    let s = _mm256_add_epi32(s, _mm256_and_si256(_mm256_srai_epi32::<31>(s), q));
    let (r1, _) = decompose::<G>(r);
    let (v1, _) = decompose::<G>(s);
    _mm256_andnot_si256(_mm256_cmpeq_epi32(r1, v1), _mm256_set1_epi32(1))
}

/// UseHint for r in [0, q), h in {0, 1}.
#[inline]
#[target_feature(enable = "avx2")]
pub fn use_hint<G: Gamma2>(h: __m256i, r: __m256i) -> __m256i {
    let m = _mm256_set1_epi32(G::M);
    let (r1, r0) = decompose::<G>(r);
    // delta = h if r0 > 0, else -h
    let positive = _mm256_cmpgt_epi32(r0, _mm256_setzero_si256());
    let delta = _mm256_sub_epi32(_mm256_and_si256(positive, _mm256_add_epi32(h, h)), h);
    let v = _mm256_add_epi32(r1, delta);
    let v = _mm256_add_epi32(v, _mm256_and_si256(_mm256_srai_epi32::<31>(v), m));
    let wrap = _mm256_cmpgt_epi32(m, v); // v < m
    _mm256_sub_epi32(v, _mm256_andnot_si256(wrap, m))
}

/// All ones in the lanes with |a| >= bound.
#[inline]
#[target_feature(enable = "avx2")]
pub fn exceeds(a: __m256i, bound: i32) -> __m256i {
    _mm256_cmpgt_epi32(_mm256_abs_epi32(a), _mm256_set1_epi32(bound - 1))
}
