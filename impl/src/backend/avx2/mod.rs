//! The AVX2 backend (x86-64): eight coefficients per 256-bit register, four
//! Keccak states per register set.
//!
//! The arithmetic kernels are written once over the intrinsics
//! (`crate::backend::lanes::avx2`, generic over `Avx2Ops`) and run here on
//! [`Avx2Intrinsics`], the intrinsics themselves; the samplers, packers and Keccak
//! are written on the intrinsics directly. Every kernel runs in a
//! `#[target_feature(enable = "avx2")]` function, out of line, and is a
//! method of [`Avx2Cpu`], the token only the CPU check makes. The
//! operations call them through `backend::selected`, with the token; the
//! `Backend` methods below check the CPU (a cached flag) and fall back to
//! the portable kernel otherwise, so calling them is sound on any x86-64
//! CPU.

#[macro_use]
mod isa;
mod keccak;
mod packing;
mod sampling;
pub(crate) mod small_ntt;

use core::arch::x86_64::*;

use super::Backend;
#[cfg(feature = "internals")]
use super::CompactTable;
use super::lanes::avx2 as kernels;
use super::portable::{self, Portable};
use crate::params::{D, Eta, EtaKind, Gamma1, Gamma2, N};
use crate::poly::{Poly, SmallHat};
use isa::{load, store};
use zeroize::Zeroize;

pub use isa::Avx2Intrinsics;
pub use sampling::Avx2Compaction;

#[cfg(feature = "internals")]
pub use keccak::{ShakeX4, keccak_f1600_x4};
pub use keccak::{ShakeX4OrPortable, X4Permutation};

/// Whether this CPU has AVX2, and BMI1, BMI2 and POPCNT, which every AVX2
/// CPU has and which the one-lane Keccak and the rejection samplers use:
/// one CPUID probe, cached, through `crate::cpu`, with or without `std`
/// (std's detection would link its own CPUID code beside it).
#[inline(always)]
pub fn available() -> bool {
    crate::cpu::avx2_available()
}

/// The AVX2 backend.
#[derive(Clone, Copy, Debug)]
pub struct Avx2;

simd_poly_loops!("avx2", __m256i, 32);

#[inline(never)]
#[target_feature(enable = "avx2")]
fn small_ntt_poly(out: &mut SmallHat, a: &Poly) {
    crate::backend::align_frame_32();
    small_ntt::small_ntt(out, a)
}

#[inline(never)]
#[target_feature(enable = "avx2")]
fn small_product_poly(c: &mut Poly, a: &SmallHat, b: &SmallHat) {
    crate::backend::align_frame_32();
    small_ntt::small_product(c, a, b)
}

#[inline(never)]
#[target_feature(enable = "avx2")]
fn ntt_poly(a: &mut Poly) {
    crate::backend::align_frame_32();
    kernels::ntt(Avx2Intrinsics::new(), &mut a.coeffs)
}

#[inline(never)]
#[target_feature(enable = "avx2")]
fn invntt_poly(a: &mut Poly) {
    crate::backend::align_frame_32();
    kernels::invntt_tomont(Avx2Intrinsics::new(), &mut a.coeffs)
}

#[target_feature(enable = "avx2")]
fn pointwise(c: &mut Poly, a: &Poly, b: &Poly) {
    let s = Avx2Intrinsics::new();
    zip_into(c, a, b, |x, y| kernels::montgomery_mul(s, x, y))
}

/// c = sum_j a_j o b_j * 2^-32: exact 64-bit sums, one reduction per lane.
#[inline(never)]
#[target_feature(enable = "avx2")]
fn pointwise_acc(c: &mut Poly, a: &[Poly], b: &[Poly]) {
    sum_products(c, a, b, None)
}

/// c = (sum_j a_j o b_j - x o y) * 2^-32: the products of x and -y in the
/// same exact sums.
#[inline(never)]
#[target_feature(enable = "avx2")]
fn pointwise_acc_sub(c: &mut Poly, a: &[Poly], b: &[Poly], x: &Poly, y: &Poly) {
    sum_products(c, a, b, Some((x, y)))
}

/// The two above (`minus` is a constant in each, once inlined).
#[inline]
#[target_feature(enable = "avx2")]
fn sum_products(c: &mut Poly, a: &[Poly], b: &[Poly], minus: Option<(&Poly, &Poly)>) {
    // The parameter sets' lengths l (4, 5, 7) as arrays: the sum over the
    // l products unrolls. Other lengths loop over the slices.
    if let (Ok(a), Ok(b)) = (<&[Poly; 4]>::try_from(a), <&[Poly; 4]>::try_from(b)) {
        pointwise_acc_of(c, a, b, minus)
    } else if let (Ok(a), Ok(b)) = (<&[Poly; 5]>::try_from(a), <&[Poly; 5]>::try_from(b)) {
        pointwise_acc_of(c, a, b, minus)
    } else if let (Ok(a), Ok(b)) = (<&[Poly; 7]>::try_from(a), <&[Poly; 7]>::try_from(b)) {
        pointwise_acc_of(c, a, b, minus)
    } else {
        pointwise_acc_of(c, a, b, minus)
    }
}

/// [`pointwise_acc`] on polynomials held as `A`: an array (its length
/// known where this is compiled) or a slice.
#[inline]
#[target_feature(enable = "avx2")]
fn pointwise_acc_of<A: AsRef<[Poly]> + ?Sized>(
    c: &mut Poly,
    a: &A,
    b: &A,
    minus: Option<(&Poly, &Poly)>,
) {
    let (a, b) = (a.as_ref(), b.as_ref());
    let s = Avx2Intrinsics::new();
    for i in 0..32 {
        store(&mut c.coeffs, i, kernels::pointwise_acc(s, a, b, minus, i));
    }
}

/// BitUnpack of z with the AVX2 unpacker, or the portable one for a `v`
/// of another length.
#[target_feature(enable = "avx2")]
fn unpack_z_poly<G: Gamma1>(a: &mut Poly, v: &[u8]) {
    if !packing::unpack_z::<G>(a, v) {
        Portable::unpack_z::<G>(a, v)
    }
}

/// BitPack of z with the AVX2 packer, or the portable one for an `out` of
/// another length.
#[target_feature(enable = "avx2")]
fn pack_z_poly<G: Gamma1>(out: &mut [u8], a: &Poly) {
    if !packing::pack_z::<G>(out, a) {
        Portable::pack_z::<G>(out, a)
    }
}

/// w1's SimpleBitPack with the AVX2 packer, or the portable one for an
/// `out` of another length.
#[target_feature(enable = "avx2")]
fn pack_w1_poly<G: Gamma2>(out: &mut [u8], a: &Poly) {
    if !packing::pack_w1::<G>(out, a) {
        Portable::pack_w1::<G>(out, a)
    }
}

/// skEncode's BitPack(a, eta, eta) with the AVX2 packer, or the portable
/// one for an `out` of another length.
#[target_feature(enable = "avx2")]
fn pack_eta_poly<E: Eta>(out: &mut [u8], a: &Poly) {
    let packed = match E::KIND {
        EtaKind::Two => packing::pack_eta::<3>(out, a, E::ETA),
        EtaKind::Four => packing::pack_eta::<4>(out, a, E::ETA),
    };
    if !packed {
        Portable::pack_eta::<E>(out, a)
    }
}

/// skEncode's t0 packing with the AVX2 packer, or the portable one for an
/// `out` of another length.
#[target_feature(enable = "avx2")]
fn pack_t0_poly(out: &mut [u8], a: &Poly) {
    if !packing::pack_narrow::<{ D as usize }, true>(out, a, 1 << (D - 1)) {
        Portable::pack_t0(out, a)
    }
}

/// pkEncode's t1 packing with the AVX2 packer, or the portable one for an
/// `out` of another length.
#[target_feature(enable = "avx2")]
fn pack_t1_poly(out: &mut [u8], a: &Poly) {
    if !packing::pack_narrow::<10, false>(out, a, 0) {
        Portable::pack_t1(out, a)
    }
}

/// skDecode's BitUnpack(v, eta, eta) with the AVX2 unpacker, or the
/// portable one for a `v` of another length.
#[target_feature(enable = "avx2")]
fn unpack_eta_poly<E: Eta>(a: &mut Poly, v: &[u8]) -> i32 {
    let unpacked = match E::KIND {
        EtaKind::Two => packing::unpack_narrow::<3>(a, v, E::ETA),
        EtaKind::Four => packing::unpack_narrow::<4>(a, v, E::ETA),
    };
    match unpacked {
        Some(acc) => packing::out_of_range(acc),
        None => Portable::unpack_eta::<E>(a, v),
    }
}

/// skDecode's t0 unpacking with the AVX2 unpacker, or the portable one for
/// a `v` of another length.
#[target_feature(enable = "avx2")]
fn unpack_t0_poly(a: &mut Poly, v: &[u8]) {
    if packing::unpack_narrow::<{ D as usize }>(a, v, 1 << (D - 1)).is_none() {
        Portable::unpack_t0(a, v)
    }
}

/// t1 2^d with the AVX2 unpacker, or the portable one for a `v` of another
/// length.
#[target_feature(enable = "avx2")]
fn unpack_t1_shifted_poly(a: &mut Poly, v: &[u8]) {
    if !packing::unpack_t1_shifted(a, v) {
        Portable::unpack_t1_shifted(a, v)
    }
}

/// [`Backend::ball_swaps`] on the list of c's nonzero coefficients, for
/// tau <= 64 (SampleInBall's; a longer list runs [`Portable::ball_swaps`]).
///
/// c_i <- c_j with c_i = 0 (no step before reached i) moves the
/// coefficient at j, if any, to i: the positions of the nonzero
/// coefficients, one byte each in two registers, are where every step
/// works (a compare and two blends, instead of gathering c_j from the
/// whole polynomial). Entry k (set at step k to j, then moved by later
/// steps) carries sign bit k. Then c is written from the list, every
/// entry compared with every position. No memory access or branch depends
/// on a j, a position or a sign.
#[target_feature(enable = "avx2")]
fn ball_swaps(c: &mut [i8; N], js: &[u8], signs: u64) {
    crate::backend::align_frame_32();
    let tau = js.len();
    if tau > 64 {
        return Portable::ball_swaps(c, js, signs);
    }
    let lanes = _mm256_setr_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, //
        16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
    );
    // Byte b of vector v is (entry, or position) 32 v + b, as a byte.
    let at = |v: usize| _mm256_add_epi8(lanes, _mm256_set1_epi8((32 * v) as u8 as i8));
    let mut list = [_mm256_setzero_si256(); 2];
    let first = N - tau;
    for (k, &j) in js.iter().enumerate() {
        let jv = _mm256_set1_epi8(j as i8);
        let iv = _mm256_set1_epi8((first + k) as u8 as i8);
        let kv = _mm256_set1_epi8(k as u8 as i8);
        for (v, entries) in list.iter_mut().enumerate() {
            let moved = _mm256_blendv_epi8(*entries, iv, _mm256_cmpeq_epi8(*entries, jv));
            *entries = _mm256_blendv_epi8(moved, jv, _mm256_cmpeq_epi8(at(v), kv));
        }
    }
    let mut positions = [0u8; 64];
    let (halves, _) = positions.as_chunks_mut::<32>();
    for (half, entries) in halves.iter_mut().zip(list) {
        // SAFETY: `half` is 32 writable bytes.
        unsafe { _mm256_storeu_si256(half.as_mut_ptr().cast(), entries) };
    }
    let mut out = [_mm256_setzero_si256(); 8];
    for (k, &p) in positions[..tau].iter().enumerate() {
        let pv = _mm256_set1_epi8(p as i8);
        let s = _mm256_set1_epi8(portable::ball_sign(signs, k));
        for (v, x) in out.iter_mut().enumerate() {
            // The positions are distinct: each byte is set once.
            *x = _mm256_or_si256(*x, _mm256_and_si256(_mm256_cmpeq_epi8(at(v), pv), s));
        }
    }
    positions.as_mut_slice().zeroize();
    let (vectors, _) = c.as_chunks_mut::<32>();
    for (bytes, x) in vectors.iter_mut().zip(out) {
        // SAFETY: `bytes` is 32 writable bytes.
        unsafe { _mm256_storeu_si256(bytes.as_mut_ptr().cast(), x) };
    }
}

// The lane-wise kernels on eight lanes.
lane_poly_kernels!("avx2", Avx2Intrinsics::new(), N / 8);

/// The sum of the eight lanes (`lane_poly_kernels!`'s MakeHint count).
#[inline]
#[target_feature(enable = "avx2")]
fn lane_sum(v: __m256i) -> usize {
    let mut lanes = [0i32; 8];
    // SAFETY: `lanes` is 8 writable i32.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), v) };
    lanes.iter().sum::<i32>() as usize
}

/// Whether a lane is nonzero (`lane_poly_kernels!`'s norm check).
#[inline]
#[target_feature(enable = "avx2")]
fn any_lane(v: __m256i) -> bool {
    _mm256_testz_si256(v, v) == 0
}

/// SHAKE x4 for the AVX2 backend: interleaved states when the CPU has AVX2,
/// four portable sponges otherwise.
pub type Avx2ShakeX4<const RATE: usize> = ShakeX4OrPortable<Avx2Intrinsics, RATE>;

/// Proof that this CPU runs the AVX2 backend (AVX2, BMI1, BMI2 and POPCNT:
/// [`available`]): a zero-sized value with the backend's kernels as
/// methods, made by [`Avx2Cpu::detect`] after the CPU check.
#[derive(Clone, Copy, Debug)]
pub struct Avx2Cpu(());

cpu_token!(Avx2Cpu);

cpu_kernels! {
    impl Backend for Avx2, token Avx2Cpu, fallback Portable {
        const NAME: &'static str = "avx2";
        const WIDE_SHAKE: bool = true;
        const IDLE_LANE_CARRY: bool = true;
        type Shake128 = ShakeBmi<168>;
        type Shake256 = ShakeBmi<136>;
        type Shake128x4 = Avx2ShakeX4<168>;
        type Shake256x4 = Avx2ShakeX4<136>;
        type Shake128x8 = crate::backend::PairX4<Avx2ShakeX4<168>>;
        const SMALL_NTT: bool = true;
    }
    poly_kernels;
    fn pointwise_acc_sub_montgomery(c: &mut Poly, a: &[Poly], b: &[Poly], x: &Poly, y: &Poly)
        => unsafe |t| pointwise_acc_sub(c, a, b, x, y);
    fn ball_swaps(c: &mut [i8; N], js: &[u8], signs: u64) => unsafe |t| ball_swaps(c, js, signs);
    fn small_ntt(out: &mut SmallHat, a: &Poly) => unsafe |t| small_ntt_poly(out, a);
    fn small_product(c: &mut Poly, a: &SmallHat, b: &SmallHat)
        => unsafe |t| small_product_poly(c, a, b);
    fn rej_uniform(out: &mut [i32], buf: &[u8]) -> usize
        => unsafe |t| sampling::rej_uniform::<Avx2Compaction>(out, buf);
    fn rej_eta<E: Eta>(out: &mut [i32; N], ctr: usize, buf: &[u8]) -> usize
        => unsafe |t| sampling::rej_eta::<Avx2Compaction, E>(out, ctr, buf);
    fn pack_z<G: Gamma1>(out: &mut [u8], a: &Poly) => unsafe |t| pack_z_poly::<G>(out, a);
    fn unpack_z<G: Gamma1>(a: &mut Poly, v: &[u8]) => unsafe |t| unpack_z_poly::<G>(a, v);
    fn pack_w1<G: Gamma2>(out: &mut [u8], a: &Poly) => unsafe |t| pack_w1_poly::<G>(out, a);
    fn unpack_t1_shifted(a: &mut Poly, v: &[u8]) => unsafe |t| unpack_t1_shifted_poly(a, v);
    fn pack_eta<E: Eta>(out: &mut [u8], a: &Poly) => unsafe |t| pack_eta_poly::<E>(out, a);
    fn pack_t0(out: &mut [u8], a: &Poly) => unsafe |t| pack_t0_poly(out, a);
    fn pack_t1(out: &mut [u8], a: &Poly) => unsafe |t| pack_t1_poly(out, a);
    fn unpack_eta<E: Eta>(a: &mut Poly, v: &[u8]) -> i32
        => unsafe |t| unpack_eta_poly::<E>(a, v);
    fn unpack_t0(a: &mut Poly, v: &[u8]) => unsafe |t| unpack_t0_poly(a, v);
}

/// The permutation of the AVX2 backend's one-lane SHAKE: the scalar
/// rounds with chi as and-not, compiled with BMI1 / BMI2 (andn, rorx),
/// which every AVX2 CPU has; the portable permutation on a CPU without
/// them.
#[derive(Clone, Copy, Debug)]
pub struct BmiPermutation;

#[inline(never)]
#[target_feature(enable = "bmi1,bmi2")]
fn keccak_f1600_bmi(state: &mut [u64; 25]) {
    super::keccak::keccak_f1600_andnot(state)
}

impl super::keccak::Permutation for BmiPermutation {
    #[inline(always)]
    fn permute(state: &mut [u64; 25]) {
        checked_call!(
            available,
            keccak_f1600_bmi(state),
            portable::keccak_f1600_scalar(state)
        )
    }
}

/// One-lane SHAKE for the AVX2 backend: the portable sponge over
/// [`BmiPermutation`].
pub type ShakeBmi<const RATE: usize> = portable::Shake<RATE, BmiPermutation>;

/// RejNTTPoly's sampler on compaction table `T` (the backend runs it on
/// [`Avx2Compaction`]), for the lemmas' planted table bug; `None` without AVX2.
#[cfg(feature = "internals")]
pub fn rej_uniform_on<T: CompactTable>(out: &mut [i32], buf: &[u8]) -> Option<usize> {
    checked_call!(available, Some(sampling::rej_uniform::<T>(out, buf)), None)
}

/// RejBoundedPoly's sampler on compaction table `T`, as `rej_uniform_on`.
#[cfg(feature = "internals")]
pub fn rej_eta_on<T: CompactTable, E: Eta>(
    out: &mut [i32; N],
    ctr: usize,
    buf: &[u8],
) -> Option<usize> {
    checked_call!(
        available,
        Some(sampling::rej_eta::<T, E>(out, ctr, buf)),
        None
    )
}
