//! The portable backend: plain Rust, any CPU.

mod arithmetic;
// The kernels with their hax contracts, for `--cfg hax` builds (`make
// hax-cfg`, extraction): hax's entry points, which nothing here calls.
#[cfg(hax)]
#[allow(dead_code)]
pub mod contracts;
mod ntt;
pub(crate) mod packing;
mod rounding;
mod sampling;
pub mod small_ntt;
pub mod word;

pub use super::keccak::{Sha3, Shake, Shake128, Shake256};
pub use arithmetic::{caddq, freeze, montgomery_mul, reduce32};
// For the lemmas and tests (feature `internals`): their only callers are
// inside.
#[cfg(feature = "internals")]
pub use arithmetic::{montgomery_mul_pre, montgomery_reduce, pointwise_acc};
// What the SIMD backends build on: the constants of the arithmetic, the
// permutation and the sponge over another permutation, and the scalar
// tails of the rejection samplers.
#[cfg(target_arch = "x86_64")]
pub use sampling::ball_sign;
#[cfg(any(
    feature = "internals",
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub use {
    arithmetic::{MONTGOMERY_BOUND, QINV},
    ntt::{INV_NTT_FACTOR, INV_NTT_FACTOR_ZETA, ZETAS_MONT},
    sampling::rej_uniform as rej_uniform_scalar,
};
// NEON's scalar tail of RejBoundedPoly (AVX2's reads whole words).
#[cfg(any(
    feature = "internals",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub use sampling::rej_eta as rej_eta_scalar;
// The x86-64 backends' fallback permutation.
#[cfg(any(feature = "internals", target_arch = "x86_64"))]
pub use super::keccak::keccak_f1600_scalar;
// The lemmas', diff tests' and benchmarks' view: the word-level helpers
// and the NTT on plain arrays.
pub use rounding::{decompose, exceeds, make_hint, power2round, use_hint};
#[cfg(feature = "internals")]
pub use {
    super::keccak::{KECCAK_RC, Scalar, keccak_f1600},
    arithmetic::{add_if_negative, is_nonzero, sub_if_above},
    ntt::{invntt_tomont, ntt},
};

use super::{Backend, PairX4};
use crate::params::{D, Eta, Gamma1, Gamma2, N};
use crate::poly::{Poly, SmallHat};

/// The portable backend.
#[derive(Clone, Copy, Debug)]
pub struct Portable;

/// `a_i = f(a_i)` for every coefficient: the lane-wise kernels.
#[inline(always)]
fn each(a: &mut Poly, f: impl Fn(i32) -> i32) {
    for x in a.coeffs.iter_mut() {
        *x = f(*x);
    }
}

impl Backend for Portable {
    const NAME: &'static str = "portable";
    const WIDE_SHAKE: bool = false;
    type Shake128 = Shake128;
    type Shake256 = Shake256;
    type Shake128x4 = [Shake128; 4];
    type Shake256x4 = [Shake256; 4];
    type Shake128x8 = PairX4<[Shake128; 4]>;

    fn ntt(a: &mut Poly) {
        super::pre::ntt(&a);
        ntt::ntt(&mut a.coeffs)
    }

    fn invntt_tomont(a: &mut Poly) {
        super::pre::invntt_tomont(&a);
        ntt::invntt_tomont(&mut a.coeffs)
    }

    fn pointwise_montgomery(c: &mut Poly, a: &Poly, b: &Poly) {
        super::pre::pointwise_montgomery(&c, &a, &b);
        for i in 0..256 {
            c.coeffs[i] = montgomery_mul(a.coeffs[i], b.coeffs[i]);
        }
    }

    fn pointwise_acc_montgomery(c: &mut Poly, a: &[Poly], b: &[Poly]) {
        super::pre::pointwise_acc_montgomery(&c, &a, &b);
        let terms = a.iter().zip(b).map(|(x, y)| (&x.coeffs, &y.coeffs));
        arithmetic::pointwise_acc(&mut c.coeffs, terms);
    }

    fn add(a: &mut Poly, b: &Poly) {
        super::pre::add(&a, &b);
        for (x, y) in a.coeffs.iter_mut().zip(b.coeffs.iter()) {
            *x += y;
        }
    }

    fn sub(a: &mut Poly, b: &Poly) {
        super::pre::sub(&a, &b);
        for (x, y) in a.coeffs.iter_mut().zip(b.coeffs.iter()) {
            *x -= y;
        }
    }

    fn shift_left_d(a: &mut Poly) {
        super::pre::shift_left_d(&a);
        each(a, |x| x << D);
    }

    fn reduce32(a: &mut Poly) {
        super::pre::reduce32(&a);
        each(a, reduce32);
    }

    fn caddq(a: &mut Poly) {
        super::pre::caddq(&a);
        each(a, caddq);
    }

    fn freeze(a: &mut Poly) {
        super::pre::freeze(&a);
        each(a, freeze);
    }

    fn power2round(a1: &mut Poly, a0: &mut Poly, a: &Poly) {
        super::pre::power2round(&a1, &a0, &a);
        for i in 0..256 {
            (a1.coeffs[i], a0.coeffs[i]) = power2round(a.coeffs[i]);
        }
    }

    fn add_power2round(a1: &mut Poly, a0: &mut Poly, b: &Poly) {
        super::pre::add_power2round(&a1, &a0, &b);
        for i in 0..256 {
            (a1.coeffs[i], a0.coeffs[i]) = power2round(freeze(a0.coeffs[i] + b.coeffs[i]));
        }
    }

    fn decompose<G: Gamma2>(a1: &mut Poly, a0: &mut Poly, a: &Poly) {
        super::pre::decompose::<G>(&a1, &a0, &a);
        for i in 0..256 {
            (a1.coeffs[i], a0.coeffs[i]) = decompose::<i32, G>(a.coeffs[i]);
        }
    }

    fn make_hint<G: Gamma2>(h: &mut Poly, z: &Poly, r: &Poly) -> usize {
        super::pre::make_hint::<G>(&h, &z, &r);
        let mut count = 0;
        for i in 0..256 {
            h.coeffs[i] = make_hint::<i32, G>(z.coeffs[i], r.coeffs[i]);
            count += h.coeffs[i] as usize;
        }
        count
    }

    fn use_hint<G: Gamma2>(a: &mut Poly, h: &Poly, r: &Poly) {
        super::pre::use_hint::<G>(&a, &h, &r);
        for i in 0..256 {
            a.coeffs[i] = use_hint::<i32, G>(h.coeffs[i], r.coeffs[i]);
        }
    }

    fn exceeds_norm(a: &Poly, bound: i32) -> bool {
        super::pre::exceeds_norm(&a, &bound);
        let mut any = 0;
        for &x in a.coeffs.iter() {
            any |= exceeds(x, bound);
        }
        any != 0
    }

    fn ball_swaps(c: &mut [i8; N], js: &[u8], signs: u64) {
        super::pre::ball_swaps(&c, &js, &signs);
        sampling::ball_swaps(c, js, signs)
    }

    fn small_ntt(out: &mut SmallHat, a: &Poly) {
        super::pre::small_ntt(&out, &a);
        small_ntt::small_ntt(out, a)
    }

    fn small_product(c: &mut Poly, a: &SmallHat, b: &SmallHat) {
        super::pre::small_product(&c, &a, &b);
        small_ntt::small_product(c, a, b)
    }

    fn rej_uniform(out: &mut [i32], buf: &[u8]) -> usize {
        super::pre::rej_uniform(&out, &buf);
        sampling::rej_uniform(out, buf)
    }

    fn rej_eta<E: Eta>(out: &mut [i32; N], ctr: usize, buf: &[u8]) -> usize {
        super::pre::rej_eta::<E>(&out, &ctr, &buf);
        super::append_after(out, ctr, |room| sampling::rej_eta::<E>(room, buf))
    }

    fn pack_z<G: Gamma1>(out: &mut [u8], a: &Poly) {
        super::pre::pack_z::<G>(&out, &a);
        packing::pack_z::<G>(out, a)
    }

    fn unpack_z<G: Gamma1>(a: &mut Poly, v: &[u8]) {
        super::pre::unpack_z::<G>(&a, &v);
        packing::unpack_z::<G>(a, v)
    }

    fn pack_w1<G: Gamma2>(out: &mut [u8], a: &Poly) {
        super::pre::pack_w1::<G>(&out, &a);
        packing::pack_w1::<G>(out, a)
    }

    // Inlined at every call (as the other packers, generic, are): the AVX2
    // backend compiles it into a function of its own.
    #[inline(always)]
    fn unpack_t1_shifted(a: &mut Poly, v: &[u8]) {
        super::pre::unpack_t1_shifted(&a, &v);
        packing::unpack_t1_shifted(a, v)
    }

    fn pack_eta<E: Eta>(out: &mut [u8], a: &Poly) {
        super::pre::pack_eta::<E>(&out, &a);
        packing::pack_eta::<E>(out, a)
    }

    fn pack_t0(out: &mut [u8], a: &Poly) {
        super::pre::pack_t0(&out, &a);
        packing::pack_t0(out, a)
    }

    fn pack_t1(out: &mut [u8], a: &Poly) {
        super::pre::pack_t1(&out, &a);
        packing::pack_t1(out, a)
    }

    fn unpack_eta<E: Eta>(a: &mut Poly, v: &[u8]) -> i32 {
        super::pre::unpack_eta::<E>(&a, &v);
        packing::unpack_eta::<E>(a, v)
    }

    fn unpack_t0(a: &mut Poly, v: &[u8]) {
        super::pre::unpack_t0(&a, &v);
        packing::unpack_t0(a, v)
    }
}
