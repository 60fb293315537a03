//! The NTT mod the small prime p = 7681 on 16-bit values, for the products
//! c s1 and c s2 of signing (`Backend::small_ntt`, `Backend::small_product`).
//!
//! c has tau <= 60 coefficients +-1 and the others 0, and s1, s2 have
//! coefficients in [-eta, eta] with eta <= 4, so every coefficient of c s1
//! and c s2 (in Z\[X\] / (X^256 + 1), over the integers) is at most
//! tau eta <= 240 in absolute value: below p / 2, so the product mod p,
//! centered, is the product itself. p = 7681 is the smallest prime with
//! p = 1 mod 512, so Z_p has the primitive 512th root of unity psi = 62
//! that a negacyclic NTT of 256 points needs. On 16-bit lanes a SIMD
//! multiply-high takes twice the lanes of the 32-bit products mod q, with
//! no even / odd split: the SIMD backends' transform costs about a third of
//! the NTT mod q.
//!
//! The network is the one of the NTT mod q (`ntt.rs`, FIPS 204 Algorithms
//! 41 and 42): Cooley-Tukey butterflies layer by layer with len = 128 down
//! to 1 and zeta_m = psi^BitRev8(m), Gentleman-Sande back with -zeta_m,
//! each zeta times 2^16 mod p (Montgomery form, R = 2^16). Here on a plain
//! array, in FIPS 204's order; the SIMD backends run the same butterflies
//! on a transposed layout, so their transforms are the same values in
//! another order, and their products the same.
//!
//! Bounds (every value a signed 16-bit integer, |x| <= 32767): a Montgomery
//! product of |a| <= 32767 by |z| <= (p - 1) / 2 is at most |a| |z| / 2^16
//! plus p / 2, below 5761 in absolute value. Forward, from inputs |a_i| <= 4, each
//! layer adds at most that: 3845, 7910, 12214, 16770 after the first four
//! layers; then a Barrett reduction to |a_i| <= (p - 1) / 2 = 3840, and
//! 7905, 12209, 16765, 21588 after the next four; Barrett again. The
//! pointwise product: |a b| / 2^16 + p / 2 < 4066. Backward, each sum
//! doubles: 8131, 16262, 32524 after three layers; Barrett; 7680, 15360,
//! 30720 after three more; Barrett; 7680, 15360; the final factor leaves
//! |x| < 4289. x is congruent mod p to the product's coefficient v, and
//! |x - v| < 4289 + 240 < p: x = v, with no further reduction.
//! (`small_ntt_bounds` in the tests below runs these bounds through the
//! same steps; `mldsa-lemmas small-ntt` proves them on this source, generic
//! over `Half`: z3 for the Montgomery and Barrett steps, intervals for the
//! bounds, the basis for the transform, and the product exact for
//! sum |c_i| max |s_i| up to p - 1 - 4289 = 3391.)

use super::word::Half;
use crate::params::N;
use crate::poly::{Poly, SmallHat};

/// The prime.
pub const P: i16 = 7681;
/// p^-1 mod 2^16, signed.
pub const PINV: i16 = -7679;
/// (p - 1) / 2: a centered value's largest magnitude.
pub const HALF_P: i16 = 3840;
/// round(2^26 / p): the Barrett reduction's factor.
pub const BARRETT_V: i16 = 8737;
/// 2^32 / 256 mod p, centered: the inverse's final factor, undoing the
/// pointwise product's 2^-16, its own Montgomery product's 2^-16, and the
/// 256 of the inverse butterflies.
pub const INV_FACTOR: i16 = 1912;

/// psi^BitRev8(m) 2^16 mod p, centered, for m = 0..255 (m = 0 unused):
/// the zetas of the NTT mod p, psi = 62 of order 512.
pub const ZETAS: [i16; N] = zetas();

/// `ZETAS[m]` p^-1 mod 2^16: each zeta's factor for [`montgomery_mul_pre`].
pub const ZETAS_PINV: [i16; N] = {
    let mut t = [0i16; N];
    let mut m = 0;
    while m < N {
        t[m] = ZETAS[m].wrapping_mul(PINV);
        m += 1;
    }
    t
};

/// [`INV_FACTOR`] p^-1 mod 2^16.
pub const INV_FACTOR_PINV: i16 = INV_FACTOR.wrapping_mul(PINV);

const fn zetas() -> [i16; N] {
    let p = P as i64;
    let mut t = [0i16; N];
    let mut power: i64 = 1; // psi^i mod p
    let mut i = 0;
    while i < N {
        let m = (i as u8).reverse_bits() as usize;
        let mont = (power << 16) % p;
        t[m] = if mont > p / 2 {
            (mont - p) as i16
        } else {
            mont as i16
        };
        power = power * 62 % p;
        i += 1;
    }
    t
}

/// a z 2^-16 mod p, for zq = z p^-1 mod 2^16: the high half of a z less
/// the high half of t p, t = (a zq mod 2^16), whose low half is that of
/// a z. |result| <= |a| |z| / 2^16 + p / 2, for every a, z (z3 lemma
/// `small montgomery_mul`).
#[inline(always)]
pub fn montgomery_mul_pre<W: Half>(a: W, z: W, zq: W) -> W {
    let t = a.wrapping_mul(zq);
    a.mul_high(z) - t.mul_high(W::lit(P))
}

/// a b 2^-16 mod p, same bound.
#[inline(always)]
pub fn montgomery_mul<W: Half>(a: W, b: W) -> W {
    montgomery_mul_pre(a, b, b.wrapping_mul(W::lit(PINV)))
}

/// a mod p in [-(p - 1) / 2, (p - 1) / 2], for any 16-bit a: a less
/// round(a 2^-26 round(2^26 / p)) p (z3 lemma `small barrett_reduce`).
#[inline(always)]
pub fn barrett_reduce<W: Half>(a: W) -> W {
    a.proven_step(
        |a| {
            let t = a.mul_high(W::lit(BARRETT_V));
            let t = (t + W::lit(1 << 9)) >> 10;
            a - t * W::lit(P)
        },
        -HALF_P,
        HALF_P,
    )
}

/// The forward transform in place, in FIPS 204's order, for |a_i| <= 4;
/// output centered.
pub fn forward<W: Half>(a: &mut [W; N]) {
    let mut len = 128;
    while len > 0 {
        let blocks = 128 / len;
        for (b, chunk) in a.chunks_exact_mut(2 * len).enumerate() {
            let (z, zq) = (W::lit(ZETAS[blocks + b]), W::lit(ZETAS_PINV[blocks + b]));
            let (lo, hi) = chunk.split_at_mut(len);
            for (x, y) in lo.iter_mut().zip(hi) {
                let t = montgomery_mul_pre(*y, z, zq);
                (*x, *y) = (*x + t, *x - t);
            }
        }
        if len == 16 || len == 1 {
            a.iter_mut().for_each(|x| *x = barrett_reduce(*x));
        }
        len /= 2;
    }
}

/// The inverse transform in place, from FIPS 204's order, times 2^16 (it
/// follows a pointwise Montgomery product); inputs |a_i| < 4066; output
/// |a_i| < 4289, congruent to the result mod p.
pub fn inverse<W: Half>(a: &mut [W; N]) {
    let mut len = 1;
    while len < N {
        let blocks = 128 / len;
        for (b, chunk) in a.chunks_exact_mut(2 * len).enumerate() {
            let m = 2 * blocks - 1 - b;
            let (z, zq) = (W::lit(-ZETAS[m]), W::lit(ZETAS_PINV[m].wrapping_neg()));
            let (lo, hi) = chunk.split_at_mut(len);
            for (x, y) in lo.iter_mut().zip(hi) {
                let d = *x - *y;
                *x = *x + *y;
                *y = montgomery_mul_pre(d, z, zq);
            }
        }
        if len == 4 || len == 32 {
            a.iter_mut().for_each(|x| *x = barrett_reduce(*x));
        }
        len *= 2;
    }
    let (f, fq) = (W::lit(INV_FACTOR), W::lit(INV_FACTOR_PINV));
    for x in a.iter_mut() {
        *x = montgomery_mul_pre(*x, f, fq);
    }
}

/// `Backend::small_ntt`: a's coefficients (|a_i| <= 4) to 16 bits, then
/// [`forward`].
pub fn small_ntt(out: &mut SmallHat, a: &Poly) {
    for (o, &x) in out.coeffs.iter_mut().zip(&a.coeffs) {
        *o = x as i16;
    }
    forward(&mut out.coeffs);
}

/// `Backend::small_product`: the pointwise Montgomery product, [`inverse`],
/// each value widened into `c`. The result is the product itself: each
/// value is congruent to it mod p, and both are small (|x| < 4289, the
/// product's coefficients at most 240), so they differ by less than p.
pub fn small_product(c: &mut Poly, a: &SmallHat, b: &SmallHat) {
    let mut t = [0i16; N];
    for ((t, &x), &y) in t.iter_mut().zip(&a.coeffs).zip(&b.coeffs) {
        *t = montgomery_mul(x, y);
    }
    inverse(&mut t);
    for (o, &x) in c.coeffs.iter_mut().zip(&t) {
        *o = x as i32;
    }
    zeroize::Zeroize::zeroize(t.as_mut_slice());
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    /// The constants are what their comments say.
    #[test]
    fn constants() {
        let p = P as i64;
        assert_eq!((P as i32 * PINV as i32) & 0xFFFF, 1);
        assert_eq!(BARRETT_V as i64, ((1i64 << 26) + p / 2) / p);
        // psi = 62 has order 512: psi^256 = -1.
        let mut x = 1i64;
        for _ in 0..256 {
            x = x * 62 % p;
        }
        assert_eq!(x, p - 1);
        // INV_FACTOR = 2^32 / 256 mod p.
        let inv256 = (1..p).find(|y| 256 * y % p == 1).unwrap();
        assert_eq!(
            (INV_FACTOR as i64 - (1i64 << 32) % p * inv256).rem_euclid(p),
            0
        );
    }

    /// The Barrett reduction, for every 16-bit input: congruent, centered.
    #[test]
    fn barrett_every_input() {
        for a in i16::MIN..=i16::MAX {
            let r = barrett_reduce(a);
            assert!(r.abs() <= HALF_P, "{a} -> {r}");
            assert_eq!((a as i32 - r as i32).rem_euclid(P as i32), 0);
        }
    }

    /// The bounds of the module docs, run through the same steps as
    /// intervals: no value leaves 16 bits for any input in range.
    #[test]
    fn small_ntt_bounds() {
        let half_p = P as i64 / 2 + 1;
        let mont = |a: i64| a * HALF_P as i64 / 65536 + half_p;
        let mut b: i64 = 4;
        for layer in 0..8 {
            b += mont(b);
            assert!(b <= 32767, "forward layer {layer}: {b}");
            if layer == 3 || layer == 7 {
                b = HALF_P as i64;
            }
        }
        let mut b = HALF_P as i64 * HALF_P as i64 / 65536 + half_p;
        for layer in 0..8 {
            b = Ord::max(2 * b, mont(2 * b));
            assert!(b <= 32767, "inverse layer {layer}: {b}");
            if layer == 2 || layer == 5 {
                b = HALF_P as i64;
            }
        }
        let last = b * INV_FACTOR as i64 / 65536 + half_p;
        assert!(last + 240 < P as i64, "{last}");
    }
}
