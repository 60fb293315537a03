//! The NEON backend (AArch64): four coefficients per 128-bit register, two
//! Keccak states per register set (four-lane SHAKE as two of them), and the
//! SHA3-extension Keccak when the CPU has it (also for the one-lane SHAKE).
//!
//! NEON is part of every AArch64 target this module is compiled for (it is
//! behind `cfg(target_feature = "neon")`), so unlike AVX2 there is no
//! run-time check and no fallback: every kernel is a
//! `#[target_feature(enable = "neon")]` function, called from the `Backend`
//! methods below. Only the SHA3 Keccak checks the CPU, per permutation (a
//! cached flag). The arithmetic kernels are written once over the
//! intrinsics (`crate::backend::lanes::neon`, generic over `NeonOps`) and
//! run here on [`NeonIntrinsics`], the intrinsics themselves.
//!
//! Against mldsa-native's hand-written NEON (the reference for speed), the
//! same choices: NTT layers merged (len 128 .. 16 on 16 registers, len 8 .. 1
//! on one transposed 16-coefficient block), lazy reduction (no reduction
//! between layers, the portable bounds), zetas loaded four to a register
//! and used by lane, 64-bit accumulation for the pointwise dot product,
//! four-way SHAKE for the samplers, `tbl` compaction in rejection sampling
//! and the SHA3-extension Keccak. Not (yet) the same: the multiplication by
//! a constant is the exact Montgomery product (`sqdmulh`, `mul`, `sqdmulh`,
//! `shsub`: four instructions, bit for bit the portable result) rather
//! than the three-instruction Barrett multiplication (`sqrdmulh`, `mul`,
//! `mls`) of the Neon NTT paper that mldsa-native uses; the four-way SHAKE
//! is two two-way states (no NEON plus scalar hybrid); uniform sampling
//! takes 8 candidates a step (mldsa-native 16, with `ld3`); packing stays
//! portable.

#[macro_use]
mod isa;
mod keccak;
mod sampling;

use core::arch::aarch64::*;

#[cfg(feature = "internals")]
use super::CompactTable;
use super::lanes::neon::{self as kernels, NeonOps};
use super::portable::Portable;
use super::{Backend, XofX4};
use crate::params::{D, Eta, Gamma1, Gamma2, N};
use crate::poly::{Poly, SmallHat};
use isa::{load, store};

pub use isa::NeonIntrinsics;
pub use sampling::{EtaCompact, UniformCompact, UniformTable};

pub use keccak::ShakeX2;
#[cfg(feature = "internals")]
pub use keccak::{Sha3, has_sha3, keccak_f1600_x2, keccak_f1600_x2_form};

/// Whether this CPU runs the NEON backend: always, on the targets it is
/// compiled for.
#[inline(always)]
pub fn available() -> bool {
    true
}

/// The NEON backend.
#[derive(Clone, Copy, Debug)]
pub struct Neon;

/// Runs a NEON kernel call.
macro_rules! neon {
    ($simd:expr) => {
        // SAFETY: NEON is a target feature of this build (the module is
        // compiled only with `cfg(target_feature = "neon")`).
        unsafe { $simd }
    };
}

simd_poly_loops!("neon", int32x4_t, 64);

// The kernels as named functions, each one copy called from every site:
// with the loops' closures at the call sites, every kernel would be inlined
// into whole operations, and sign would execute 1.2-1.9 % more
// instructions (qemu's count).

// add, sub and shift_left_d: one `NeonOps` method each (the intrinsic),
// the method the lemmas prove exact on the model.

#[target_feature(enable = "neon")]
fn add_poly(a: &mut Poly, b: &Poly) {
    zip_map(a, b, |x, y| NeonOps::vaddq_s32(NeonIntrinsics, x, y))
}

#[target_feature(enable = "neon")]
fn sub_poly(a: &mut Poly, b: &Poly) {
    zip_map(a, b, |x, y| NeonOps::vsubq_s32(NeonIntrinsics, x, y))
}

#[target_feature(enable = "neon")]
fn shift_left_d_poly(a: &mut Poly) {
    map(a, |x| {
        NeonOps::vshlq_n_s32::<{ D as i32 }>(NeonIntrinsics, x)
    })
}

#[target_feature(enable = "neon")]
fn reduce32_poly(a: &mut Poly) {
    map(a, |x| kernels::reduce32(NeonIntrinsics, x))
}

#[target_feature(enable = "neon")]
fn caddq_poly(a: &mut Poly) {
    map(a, |x| kernels::caddq(NeonIntrinsics, x))
}

#[target_feature(enable = "neon")]
fn freeze_poly(a: &mut Poly) {
    map(a, |x| kernels::freeze(NeonIntrinsics, x))
}

#[inline]
#[target_feature(enable = "neon")]
fn ntt_poly(a: &mut Poly) {
    kernels::ntt(NeonIntrinsics, &mut a.coeffs)
}

#[inline]
#[target_feature(enable = "neon")]
fn invntt_poly(a: &mut Poly) {
    kernels::invntt_tomont(NeonIntrinsics, &mut a.coeffs)
}

#[target_feature(enable = "neon")]
fn pointwise(c: &mut Poly, a: &Poly, b: &Poly) {
    zip_into(c, a, b, |x, y| {
        kernels::montgomery_mul(NeonIntrinsics, x, y)
    })
}

#[target_feature(enable = "neon")]
fn pointwise_acc(c: &mut Poly, a: &[Poly], b: &[Poly]) {
    for i in 0..64 {
        store(
            &mut c.coeffs,
            i,
            kernels::pointwise_acc(NeonIntrinsics, a, b, i),
        );
    }
}

#[target_feature(enable = "neon")]
fn power2round_poly(a1: &mut Poly, a0: &mut Poly, a: &Poly) {
    split_into(a1, a0, a, |x| kernels::power2round(NeonIntrinsics, x))
}

#[target_feature(enable = "neon")]
fn add_power2round_poly(a1: &mut Poly, a0: &mut Poly, b: &Poly) {
    split_sum(a1, a0, b, |x, y| {
        kernels::power2round(
            NeonIntrinsics,
            kernels::freeze(NeonIntrinsics, NeonOps::vaddq_s32(NeonIntrinsics, x, y)),
        )
    })
}

#[inline(never)] // one copy per gamma2 would inline into sign otherwise
#[target_feature(enable = "neon")]
fn decompose_poly<G: Gamma2>(a1: &mut Poly, a0: &mut Poly, a: &Poly) {
    split_into(a1, a0, a, |x| kernels::decompose::<_, G>(NeonIntrinsics, x))
}

#[inline(never)] // one copy per gamma2 would inline into sign otherwise
#[target_feature(enable = "neon")]
fn make_hint_poly<G: Gamma2>(h: &mut Poly, z: &Poly, r: &Poly) -> usize {
    let mut count = vdupq_n_s32(0);
    for i in 0..64 {
        let hint =
            kernels::make_hint::<_, G>(NeonIntrinsics, load(&z.coeffs, i), load(&r.coeffs, i));
        count = vaddq_s32(count, hint);
        store(&mut h.coeffs, i, hint);
    }
    vaddvq_s32(count) as usize
}

#[inline(never)] // one copy per gamma2 would inline into sign otherwise
#[target_feature(enable = "neon")]
fn use_hint_poly<G: Gamma2>(a: &mut Poly, h: &Poly, r: &Poly) {
    zip_into(a, h, r, |x, y| {
        kernels::use_hint::<_, G>(NeonIntrinsics, x, y)
    })
}

#[target_feature(enable = "neon")]
fn exceeds_norm_poly(a: &Poly, bound: i32) -> bool {
    let any = kernels::exceeds_any(NeonIntrinsics, &a.coeffs, bound);
    vmaxvq_u32(any) != 0
}

/// SHAKE x4 for the NEON backend: two two-way states.
#[derive(Clone)]
pub struct NeonShakeX4<const RATE: usize>([ShakeX2<RATE>; 2]);

impl<const RATE: usize> XofX4 for NeonShakeX4<RATE> {
    const RATE: usize = RATE;

    #[inline(always)]
    fn new_x4() -> Self {
        NeonShakeX4([
            ShakeX2::new(NeonIntrinsics, NeonIntrinsics),
            ShakeX2::new(NeonIntrinsics, NeonIntrinsics),
        ])
    }

    #[inline(always)]
    fn absorb_x4(&mut self, inputs: [&[u8]; 4]) {
        let [i0, i1, i2, i3] = inputs;
        let [x01, x23] = &mut self.0;
        x01.absorb([i0, i1]);
        x23.absorb([i2, i3]);
    }

    #[inline(always)]
    fn squeeze_blocks_x4(&mut self, out: [&mut [u8]; 4]) {
        let [o0, o1, o2, o3] = out;
        let [x01, x23] = &mut self.0;
        x01.squeeze_blocks([o0, o1]);
        x23.squeeze_blocks([o2, o3]);
    }

    #[inline(always)]
    fn restart_lane(&mut self, lane: usize, input: &[u8]) {
        if let Some(pair) = self.0.get_mut(lane / 2) {
            pair.restart_lane(lane % 2, input);
        }
    }
}

impl Backend for Neon {
    const NAME: &'static str = "neon";
    const WIDE_SHAKE: bool = true;
    type Shake128 = keccak::Shake<168>;
    type Shake256 = keccak::Shake<136>;
    type Shake128x4 = NeonShakeX4<168>;
    type Shake256x4 = NeonShakeX4<136>;
    type Shake128x8 = crate::backend::PairX4<NeonShakeX4<168>>;

    #[inline(always)]
    fn ntt(a: &mut Poly) {
        super::pre::ntt(&a);
        neon!(ntt_poly(a))
    }

    #[inline(always)]
    fn invntt_tomont(a: &mut Poly) {
        super::pre::invntt_tomont(&a);
        neon!(invntt_poly(a))
    }

    #[inline(always)]
    fn pointwise_montgomery(c: &mut Poly, a: &Poly, b: &Poly) {
        super::pre::pointwise_montgomery(&c, &a, &b);
        neon!(pointwise(c, a, b))
    }

    #[inline(always)]
    fn pointwise_acc_montgomery(c: &mut Poly, a: &[Poly], b: &[Poly]) {
        super::pre::pointwise_acc_montgomery(&c, &a, &b);
        neon!(pointwise_acc(c, a, b))
    }

    #[inline(always)]
    fn add(a: &mut Poly, b: &Poly) {
        super::pre::add(&a, &b);
        neon!(add_poly(a, b))
    }

    #[inline(always)]
    fn sub(a: &mut Poly, b: &Poly) {
        super::pre::sub(&a, &b);
        neon!(sub_poly(a, b))
    }

    #[inline(always)]
    fn shift_left_d(a: &mut Poly) {
        super::pre::shift_left_d(&a);
        neon!(shift_left_d_poly(a))
    }

    #[inline(always)]
    fn reduce32(a: &mut Poly) {
        super::pre::reduce32(&a);
        neon!(reduce32_poly(a))
    }

    #[inline(always)]
    fn caddq(a: &mut Poly) {
        super::pre::caddq(&a);
        neon!(caddq_poly(a))
    }

    #[inline(always)]
    fn freeze(a: &mut Poly) {
        super::pre::freeze(&a);
        neon!(freeze_poly(a))
    }

    #[inline(always)]
    fn power2round(a1: &mut Poly, a0: &mut Poly, a: &Poly) {
        super::pre::power2round(&a1, &a0, &a);
        neon!(power2round_poly(a1, a0, a))
    }

    #[inline(always)]
    fn add_power2round(a1: &mut Poly, a0: &mut Poly, b: &Poly) {
        super::pre::add_power2round(&a1, &a0, &b);
        neon!(add_power2round_poly(a1, a0, b))
    }

    #[inline(always)]
    fn decompose<G: Gamma2>(a1: &mut Poly, a0: &mut Poly, a: &Poly) {
        super::pre::decompose::<G>(&a1, &a0, &a);
        neon!(decompose_poly::<G>(a1, a0, a))
    }

    #[inline(always)]
    fn make_hint<G: Gamma2>(h: &mut Poly, z: &Poly, r: &Poly) -> usize {
        super::pre::make_hint::<G>(&h, &z, &r);
        neon!(make_hint_poly::<G>(h, z, r))
    }

    #[inline(always)]
    fn use_hint<G: Gamma2>(a: &mut Poly, h: &Poly, r: &Poly) {
        super::pre::use_hint::<G>(&a, &h, &r);
        neon!(use_hint_poly::<G>(a, h, r))
    }

    #[inline(always)]
    fn ball_swaps(c: &mut [i8; N], js: &[u8], signs: u64) {
        Portable::ball_swaps(c, js, signs)
    }

    // Not taken by signing here (`SMALL_NTT` false): NEON's NTT mod q
    // stays; the portable transform for the differential tests.
    fn small_ntt(out: &mut SmallHat, a: &Poly) {
        Portable::small_ntt(out, a)
    }

    fn small_product(c: &mut Poly, a: &SmallHat, b: &SmallHat) {
        Portable::small_product(c, a, b)
    }

    fn exceeds_norm(a: &Poly, bound: i32) -> bool {
        super::pre::exceeds_norm(&a, &bound);
        neon!(exceeds_norm_poly(a, bound))
    }

    #[inline(always)]
    fn rej_uniform(out: &mut [i32], buf: &[u8]) -> usize {
        super::pre::rej_uniform(&out, &buf);
        neon!(sampling::rej_uniform::<UniformCompact>(out, buf))
    }

    #[inline(always)]
    fn rej_eta<E: Eta>(out: &mut [i32; N], ctr: usize, buf: &[u8]) -> usize {
        super::pre::rej_eta::<E>(&out, &ctr, &buf);
        super::append_after(out, ctr, |room| {
            neon!(sampling::rej_eta::<EtaCompact, E>(room, buf))
        })
    }

    #[inline(always)]
    fn pack_z<G: Gamma1>(out: &mut [u8], a: &Poly) {
        Portable::pack_z::<G>(out, a)
    }

    #[inline(always)]
    fn unpack_z<G: Gamma1>(a: &mut Poly, v: &[u8]) {
        Portable::unpack_z::<G>(a, v)
    }

    #[inline(always)]
    fn pack_w1<G: Gamma2>(out: &mut [u8], a: &Poly) {
        Portable::pack_w1::<G>(out, a)
    }

    #[inline(always)]
    fn unpack_t1_shifted(a: &mut Poly, v: &[u8]) {
        Portable::unpack_t1_shifted(a, v)
    }

    #[inline(always)]
    fn pack_eta<E: Eta>(out: &mut [u8], a: &Poly) {
        Portable::pack_eta::<E>(out, a)
    }

    #[inline(always)]
    fn pack_t0(out: &mut [u8], a: &Poly) {
        Portable::pack_t0(out, a)
    }

    #[inline(always)]
    fn pack_t1(out: &mut [u8], a: &Poly) {
        Portable::pack_t1(out, a)
    }

    #[inline(always)]
    fn unpack_eta<E: Eta>(a: &mut Poly, v: &[u8]) -> i32 {
        Portable::unpack_eta::<E>(a, v)
    }

    #[inline(always)]
    fn unpack_t0(a: &mut Poly, v: &[u8]) {
        Portable::unpack_t0(a, v)
    }
}

/// RejNTTPoly's sampler on compaction table `T` (the backend runs it on
/// [`UniformCompact`]), for the lemmas' planted table bug.
#[cfg(feature = "internals")]
pub fn rej_uniform_on<T: UniformTable>(out: &mut [i32], buf: &[u8]) -> usize {
    neon!(sampling::rej_uniform::<T>(out, buf))
}

/// RejBoundedPoly's sampler on compaction table `T` (the backend runs it
/// on [`EtaCompact`]), for the lemmas' planted table bug.
#[cfg(feature = "internals")]
pub fn rej_eta_on<T: CompactTable, E: Eta>(out: &mut [i32; N], ctr: usize, buf: &[u8]) -> usize {
    super::append_after(out, ctr, |room| neon!(sampling::rej_eta::<T, E>(room, buf)))
}
