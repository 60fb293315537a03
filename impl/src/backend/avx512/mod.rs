//! The AVX-512 backend (x86-64 with AVX-512 F, VL, BW and DQ).
//!
//! Every kernel is a `#[target_feature]` function and a method of
//! [`Avx512Cpu`], the token only the CPU check makes; the operations call
//! them through `backend::selected`, with the token. The `Backend` methods
//! below check that the CPU has the features (one cached flag,
//! [`available`]) and fall back to the AVX2 or portable kernel otherwise,
//! so calling them is sound on any x86-64 CPU. Every CPU with AVX-512 F
//! has AVX2, BMI1, BMI2 and POPCNT, which [`available`] checks too: the
//! AVX2 kernels serve where AVX-512 brings nothing.
//!
//! Own kernels: Keccak (`keccak`), and the NTT, its inverse and the
//! pointwise products on 16 lanes (`crate::backend::lanes::avx512`, as
//! AVX2's and NEON's lane kernels are in `lanes`), written once over the
//! intrinsics they use (`Avx512Ops`): the instance that runs is the
//! intrinsics (`isa`); the `lemmas` crate runs the same kernels on a
//! lane-by-lane model of them, which it checks against the instructions,
//! and proves them there (z3, intervals, the basis). The lane-wise kernels
//! (Power2Round, Decompose, MakeHint, UseHint, the norm check, reduce32,
//! caddq, freeze, add, sub) are the AVX2 backend's, written over
//! `LaneOps`, run on 16 lanes by `isa`'s instance of it. The samplers and
//! the packers are AVX2's.
//!
//! Constant time: the same branch-free shapes as the AVX2 backend (masks
//! from comparisons, no branch and no memory index on a secret). Valgrind
//! cannot run AVX-512 code, so `make ct` covers the portable and AVX2
//! backends, not this one. Two checks do: the timing test of `make
//! ct-timing` runs every operation on this backend, and `make
//! avx512-audit` lists every conditional jump and indexed memory access of
//! this backend's own machine code (the NTT and the products have none but
//! loop counters over fixed counts, and constant tables indexed by the
//! round or chunk counter), failing on any that scripts/avx512-audit.txt
//! does not list with why it is public.

mod isa;
mod keccak;

use core::arch::x86_64::*;

use super::Backend;
use super::avx2::{Avx2, Avx2Cpu, ShakeX4OrPortable};
use super::keccak::{Permutation, keccak_f1600_scalar};
use super::lanes::avx512::{Avx512Ops, arithmetic, ntt};
use super::portable;
use crate::params::{Eta, Gamma1, Gamma2, N};
use crate::poly::{Poly, SmallHat};
pub use isa::Avx512Intrinsics;

#[cfg(feature = "internals")]
pub use keccak::{ShakeX4, keccak_f1600_x4, keccak_f1600_x8, keccak_f1600_x8_carry};
pub use keccak::{ShakeX8OrPair, keccak_f1600_x1};
// The Keccak tokens, for the lemmas' model checks.
#[cfg(feature = "internals")]
pub use keccak::{X1, X4, X8};

/// Whether this CPU runs the AVX-512 backend: AVX-512 F, VL, BW and DQ
/// (with the operating system saving the 512-bit registers), and AVX2,
/// BMI1, BMI2 and POPCNT. One CPUID probe, cached (`crate::cpu`).
#[inline(always)]
pub fn available() -> bool {
    crate::cpu::avx512_available()
}

/// The AVX-512 backend.
#[derive(Clone, Copy, Debug)]
pub struct Avx512;

// The 16-lane kernels under the backend's features, each with the token
// that lets it call the intrinsics (`isa`).
#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512dq")]
fn ntt_poly(a: &mut Poly) {
    ntt::ntt(Avx512Intrinsics::new(), &mut a.coeffs)
}

#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512dq")]
fn invntt_poly(a: &mut Poly) {
    ntt::invntt_tomont(Avx512Intrinsics::new(), &mut a.coeffs)
}

#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512dq")]
fn pointwise(c: &mut Poly, a: &Poly, b: &Poly) {
    arithmetic::pointwise(Avx512Intrinsics::new(), &mut c.coeffs, a, b)
}

#[inline(never)]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512dq")]
fn pointwise_acc(c: &mut Poly, a: &[Poly], b: &[Poly]) {
    arithmetic::pointwise_acc(Avx512Intrinsics::new(), &mut c.coeffs, a, b)
}

/// Coefficients 16i .. 16i + 16 of a polynomial (the loads and stores of
/// `simd_poly_loops!`).
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512dq")]
fn load(coeffs: &[i32; N], i: usize) -> __m512i {
    Avx512Ops::load(Avx512Intrinsics::new(), coeffs, i)
}

#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512dq")]
fn store(coeffs: &mut [i32; N], i: usize, v: __m512i) {
    Avx512Ops::store(Avx512Intrinsics::new(), coeffs, i, v)
}

simd_poly_loops!("avx2,avx512f,avx512vl,avx512bw,avx512dq", __m512i, 16);

// The lane-wise kernels on 16 lanes.
lane_poly_kernels!(
    "avx2,avx512f,avx512vl,avx512bw,avx512dq",
    Avx512Intrinsics::new(),
    N / 16
);

/// The sum of the 16 lanes (`lane_poly_kernels!`'s MakeHint count).
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512dq")]
fn lane_sum(v: __m512i) -> usize {
    _mm512_reduce_add_epi32(v) as usize
}

/// Whether a lane is nonzero (`lane_poly_kernels!`'s norm check).
#[inline]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512dq")]
fn any_lane(v: __m512i) -> bool {
    _mm512_test_epi32_mask(v, v) != 0
}

/// SHAKE x4 for the AVX-512 backend: interleaved states when the CPU has
/// AVX-512, four portable sponges otherwise.
pub type Avx512ShakeX4<const RATE: usize> = ShakeX4OrPortable<keccak::X4, RATE>;

/// The one-lane permutation of this backend: [`keccak_f1600_x1`] when the
/// CPU has AVX-512, the portable scalar one otherwise.
#[derive(Clone, Copy, Debug)]
pub struct Avx512Permutation;

impl Permutation for Avx512Permutation {
    #[inline(always)]
    fn permute(state: &mut [u64; 25]) {
        checked_call!(
            available,
            keccak_f1600_x1(state),
            keccak_f1600_scalar(state)
        )
    }
}

/// One-lane SHAKE: the portable sponge over [`Avx512Permutation`].
pub type Shake<const RATE: usize> = portable::Shake<RATE, Avx512Permutation>;

/// Proof that this CPU runs the AVX-512 backend (AVX-512 F, VL, BW, DQ and
/// the AVX2 backend's features: [`available`]): a zero-sized value with
/// the backend's kernels as methods, made by [`Avx512Cpu::detect`] after
/// the CPU check.
#[derive(Clone, Copy, Debug)]
pub struct Avx512Cpu(());

cpu_token!(Avx512Cpu);

impl Avx512Cpu {
    /// The AVX2 backend's token, for the kernels this backend shares:
    /// every CPU that runs this backend runs that one ([`available`]
    /// checks its features too).
    #[inline(always)]
    fn avx2(self) -> Avx2Cpu {
        // SAFETY: `self` exists, so `available()` held, which includes
        // every feature of the AVX2 backend.
        unsafe { Avx2Cpu::new_unchecked() }
    }
}

cpu_kernels! {
    impl Backend for Avx512, token Avx512Cpu, fallback Avx2 {
        const NAME: &'static str = "avx512";
        const WIDE_SHAKE: bool = true;
        const EIGHT_LANE_SHAKE: bool = true;
        const IDLE_LANE_CARRY: bool = true;
        type Shake128 = Shake<168>;
        type Shake256 = Shake<136>;
        type Shake128x4 = Avx512ShakeX4<168>;
        type Shake256x4 = Avx512ShakeX4<136>;
        type Shake128x8 = ShakeX8OrPair<168>;
        const SMALL_NTT: bool = true;
    }
    poly_kernels;
    fn pointwise_acc_sub_montgomery(c: &mut Poly, a: &[Poly], b: &[Poly], x: &Poly, y: &Poly)
        => safe |t| crate::backend::pointwise_acc_steps::<Avx512>(c, a, b, x, y);
    fn ball_swaps(c: &mut [i8; N], js: &[u8], signs: u64)
        => safe |t| t.avx2().ball_swaps(c, js, signs);
    // The AVX2 backend's 16-lane transforms as they are: a copy compiled
    // with AVX-512 VL's 32 registers saves a few percent of their time,
    // well under 1 % of a signature's, for 9 KB of code.
    fn small_ntt(out: &mut SmallHat, a: &Poly) => safe |t| t.avx2().small_ntt(out, a);
    fn small_product(c: &mut Poly, a: &SmallHat, b: &SmallHat)
        => safe |t| t.avx2().small_product(c, a, b);
    fn rej_uniform(out: &mut [i32], buf: &[u8]) -> usize => safe |t| t.avx2().rej_uniform(out, buf);
    fn rej_eta<E: Eta>(out: &mut [i32; N], ctr: usize, buf: &[u8]) -> usize
        => safe |t| t.avx2().rej_eta::<E>(out, ctr, buf);
    fn pack_z<G: Gamma1>(out: &mut [u8], a: &Poly) => safe |t| t.avx2().pack_z::<G>(out, a);
    fn unpack_z<G: Gamma1>(a: &mut Poly, v: &[u8]) => safe |t| t.avx2().unpack_z::<G>(a, v);
    fn pack_w1<G: Gamma2>(out: &mut [u8], a: &Poly) => safe |t| t.avx2().pack_w1::<G>(out, a);
    fn unpack_t1_shifted(a: &mut Poly, v: &[u8]) => safe |t| t.avx2().unpack_t1_shifted(a, v);
    fn pack_eta<E: Eta>(out: &mut [u8], a: &Poly) => safe |t| t.avx2().pack_eta::<E>(out, a);
    fn pack_t0(out: &mut [u8], a: &Poly) => safe |t| t.avx2().pack_t0(out, a);
    fn pack_t1(out: &mut [u8], a: &Poly) => safe |t| t.avx2().pack_t1(out, a);
    fn unpack_eta<E: Eta>(a: &mut Poly, v: &[u8]) -> i32
        => safe |t| t.avx2().unpack_eta::<E>(a, v);
    fn unpack_t0(a: &mut Poly, v: &[u8]) => safe |t| t.avx2().unpack_t0(a, v);
}
