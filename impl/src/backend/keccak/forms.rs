//! The SIMD backends' Keccak lane operations ([`Lanes`]), written once over
//! the intrinsics they use, the way `crate::backend::lanes` writes the
//! arithmetic kernels: each instruction set's intrinsics are the methods of
//! one trait ([`Avx2KeccakOps`], [`TernaryOps`], [`NeonKeccakOps`],
//! [`Sha3Ops`]), and each form ([`Avx2Form`], [`TernaryForm`], [`NeonForm`],
//! [`Sha3Form`]) is the [`Lanes`] instance over them. The backends run the
//! forms on the intrinsics; the `lemmas` crate runs the same forms on a
//! model of each intrinsic (Intel's and Arm's pseudocode, lane by lane),
//! which it tests against the instructions, and proves the permutation's
//! round on that model equal to FIPS 202's.
//!
//! No `unsafe` here: each form compiles where its backend is built, and
//! everywhere with `internals`, so that the NEON forms are proven on x86-64
//! (where z3 is).

use super::Lanes;

/// `impl Lanes for $token` by the form `$form($token)`: every method, the
/// provided ones included, is the form's, so that the token's lane
/// operations (the sponges') are the ones the permutation runs.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
macro_rules! lanes_by_form {
    ($token:ty, $form:ident) => {
        impl $crate::backend::keccak::Lanes for $token {
            type V = <$form<$token> as $crate::backend::keccak::Lanes>::V;

            #[inline(always)]
            fn splat(self, rc: u64) -> Self::V {
                $crate::backend::keccak::Lanes::splat($form(self), rc)
            }
            #[inline(always)]
            fn xor(self, x: Self::V, y: Self::V) -> Self::V {
                $crate::backend::keccak::Lanes::xor($form(self), x, y)
            }
            #[inline(always)]
            fn rotl<const L: i32, const R: i32>(self, x: Self::V) -> Self::V {
                $crate::backend::keccak::Lanes::rotl::<L, R>($form(self), x)
            }
            #[inline(always)]
            fn chi(self, k: usize, x: Self::V, y: Self::V, z: Self::V) -> Self::V {
                $crate::backend::keccak::Lanes::chi($form(self), k, x, y, z)
            }
            #[inline(always)]
            fn xor5(self, a: Self::V, b: Self::V, c: Self::V, d: Self::V, e: Self::V) -> Self::V {
                $crate::backend::keccak::Lanes::xor5($form(self), a, b, c, d, e)
            }
            #[inline(always)]
            fn xor_rol1(self, x: Self::V, y: Self::V) -> Self::V {
                $crate::backend::keccak::Lanes::xor_rol1($form(self), x, y)
            }
            #[inline(always)]
            fn xor_rotl<const L: i32, const R: i32>(self, x: Self::V, d: Self::V) -> Self::V {
                $crate::backend::keccak::Lanes::xor_rotl::<L, R>($form(self), x, d)
            }
            #[inline(always)]
            fn complement(self, state: &mut [Self::V; 25]) {
                $crate::backend::keccak::Lanes::complement($form(self), state)
            }
        }
    };
}

#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub(crate) use lanes_by_form;

/// The AVX2 intrinsics of the four-state permutation, each named after its
/// `_mm256_` intrinsic: 64-bit lanes.
#[cfg(any(feature = "internals", target_arch = "x86_64"))]
pub trait Avx2KeccakOps: Copy {
    /// A register: four 64-bit lanes.
    type V: Copy;
    /// `_mm256_set1_epi64x`.
    fn set1_epi64x(self, x: i64) -> Self::V;
    /// `_mm256_xor_si256`.
    fn xor_si256(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_or_si256`.
    fn or_si256(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_andnot_si256`: (not a) and b.
    fn andnot_si256(self, a: Self::V, b: Self::V) -> Self::V;
    /// `_mm256_slli_epi64`: each 64-bit lane shifted left by `IMM` (zero
    /// from 64 on).
    fn slli_epi64<const IMM: i32>(self, a: Self::V) -> Self::V;
    /// `_mm256_srli_epi64`: each 64-bit lane shifted right by `IMM`,
    /// zeros in (zero from 64 on).
    fn srli_epi64<const IMM: i32>(self, a: Self::V) -> Self::V;
}

#[cfg(any(feature = "internals", target_arch = "x86_64"))]
/// Four states in AVX2 registers: rotations as two shifts and an or, chi
/// with `vpandn`.
#[derive(Clone, Copy, Debug)]
pub struct Avx2Form<O>(pub O);

#[cfg(any(feature = "internals", target_arch = "x86_64"))]
impl<O: Avx2KeccakOps> Lanes for Avx2Form<O> {
    type V = O::V;

    #[inline(always)]
    fn splat(self, rc: u64) -> O::V {
        self.0.set1_epi64x(rc as i64)
    }

    #[inline(always)]
    fn xor(self, x: O::V, y: O::V) -> O::V {
        self.0.xor_si256(x, y)
    }

    #[inline(always)]
    fn rotl<const L: i32, const R: i32>(self, x: O::V) -> O::V {
        let l = self.0.slli_epi64::<L>(x);
        let r = self.0.srli_epi64::<R>(x);
        self.0.or_si256(l, r)
    }

    #[inline(always)]
    fn chi(self, _k: usize, x: O::V, y: O::V, z: O::V) -> O::V {
        self.0.xor_si256(x, self.0.andnot_si256(y, z))
    }
}

#[cfg(any(feature = "internals", target_arch = "x86_64"))]
/// The AVX-512 intrinsics of the three-input permutation, at one register
/// width (`_mm_`, `_mm256_` or `_mm512_`, the same instructions on 2, 4 or
/// 8 64-bit lanes), each named after its intrinsic.
pub trait TernaryOps: Copy {
    /// A register of 64-bit lanes.
    type V: Copy;
    /// `set1_epi64`: `x` in every lane.
    fn set1_epi64(self, x: i64) -> Self::V;
    /// `xor_si*` (`vpxorq`).
    fn xor(self, a: Self::V, b: Self::V) -> Self::V;
    /// `ternarylogic_epi64` (`vpternlogq`): bit i of each result lane is
    /// bit (4 a_i + 2 b_i + c_i) of `IMM`.
    fn ternarylogic_epi64<const IMM: i32>(self, a: Self::V, b: Self::V, c: Self::V) -> Self::V;
    /// `rol_epi64` (`vprolq`): each lane rotated left by `IMM` mod 64.
    fn rol_epi64<const IMM: i32>(self, a: Self::V) -> Self::V;
}

#[cfg(any(feature = "internals", target_arch = "x86_64"))]
/// States in AVX-512 registers, in the three-input form: `vpternlogq`
/// computes theta's five-way column sums in two instructions and chi in
/// one, `vprolq` rotates in one.
#[derive(Clone, Copy, Debug)]
pub struct TernaryForm<O>(pub O);

#[cfg(any(feature = "internals", target_arch = "x86_64"))]
impl<O: TernaryOps> Lanes for TernaryForm<O> {
    type V = O::V;

    #[inline(always)]
    fn splat(self, rc: u64) -> O::V {
        self.0.set1_epi64(rc as i64)
    }

    #[inline(always)]
    fn xor(self, x: O::V, y: O::V) -> O::V {
        self.0.xor(x, y)
    }

    /// One `vprolq`.
    #[inline(always)]
    fn rotl<const L: i32, const R: i32>(self, x: O::V) -> O::V {
        self.0.rol_epi64::<L>(x)
    }

    /// One `vpternlogq`: 0xD2 is x ^ (!y & z).
    #[inline(always)]
    fn chi(self, _k: usize, x: O::V, y: O::V, z: O::V) -> O::V {
        self.0.ternarylogic_epi64::<0xD2>(x, y, z)
    }

    /// Two `vpternlogq`: 0x96 is a ^ b ^ c.
    #[inline(always)]
    fn xor5(self, a: O::V, b: O::V, c: O::V, d: O::V, e: O::V) -> O::V {
        let abc = self.0.ternarylogic_epi64::<0x96>(a, b, c);
        self.0.ternarylogic_epi64::<0x96>(abc, d, e)
    }
}

#[cfg(any(
    feature = "internals",
    all(target_arch = "aarch64", target_feature = "neon")
))]
/// The NEON intrinsics of the two-state permutation, each named after its
/// intrinsic (`uint64x2_t` lanes).
pub trait NeonKeccakOps: Copy {
    /// A register: two 64-bit lanes.
    type V: Copy;
    /// A 64-bit register (`uint64x1_t`).
    type D: Copy;
    /// `vdupq_n_u64`.
    fn vdupq_n_u64(self, x: u64) -> Self::V;
    /// `vcreate_u64`: the word as a 64-bit register.
    fn vcreate_u64(self, x: u64) -> Self::D;
    /// `vcombine_u64`: `low` in lane 0, `high` in lane 1.
    fn vcombine_u64(self, low: Self::D, high: Self::D) -> Self::V;
    /// `veorq_u64`.
    fn veorq_u64(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vbicq_u64`: a and not b.
    fn vbicq_u64(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vshlq_n_u64`: each lane shifted left by `N` (0 <= N < 64).
    fn vshlq_n_u64<const N: i32>(self, a: Self::V) -> Self::V;
    /// `vsriq_n_u64`: each lane of `b` shifted right by `N` (1 <= N <=
    /// 64), inserted into `a`, whose top `N` bits are kept.
    fn vsriq_n_u64<const N: i32>(self, a: Self::V, b: Self::V) -> Self::V;
}

#[cfg(any(
    feature = "internals",
    all(target_arch = "aarch64", target_feature = "neon")
))]
/// Two states in NEON registers, plain NEON: rotations as `shl` + `sri`,
/// chi with `bic`.
#[derive(Clone, Copy, Debug)]
pub struct NeonForm<O>(pub O);

#[cfg(any(
    feature = "internals",
    all(target_arch = "aarch64", target_feature = "neon")
))]
impl<O: NeonKeccakOps> Lanes for NeonForm<O> {
    type V = O::V;

    /// Two `vcreate_u64` combined: the plain permutation compiles with
    /// fewer register spills than from `vdupq_n_u64` (the SHA3 form's
    /// choice, the other way round).
    #[inline(always)]
    fn splat(self, rc: u64) -> O::V {
        let (lo, hi) = (self.0.vcreate_u64(rc), self.0.vcreate_u64(rc));
        self.0.vcombine_u64(lo, hi)
    }

    #[inline(always)]
    fn xor(self, x: O::V, y: O::V) -> O::V {
        self.0.veorq_u64(x, y)
    }

    #[inline(always)]
    fn rotl<const L: i32, const R: i32>(self, x: O::V) -> O::V {
        let shifted = self.0.vshlq_n_u64::<L>(x);
        self.0.vsriq_n_u64::<R>(shifted, x)
    }

    #[inline(always)]
    fn chi(self, _k: usize, x: O::V, y: O::V, z: O::V) -> O::V {
        self.0.veorq_u64(x, self.0.vbicq_u64(z, y))
    }
}

#[cfg(any(
    feature = "internals",
    all(target_arch = "aarch64", target_feature = "neon")
))]
/// The SHA3 extension's intrinsics (beside the plain NEON ones), each named
/// after its intrinsic.
pub trait Sha3Ops: NeonKeccakOps {
    /// `veor3q_u64`: a ^ b ^ c.
    fn veor3q_u64(self, a: Self::V, b: Self::V, c: Self::V) -> Self::V;
    /// `vrax1q_u64`: a ^ (b rotated left by 1).
    fn vrax1q_u64(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vxarq_u64`: (a ^ b) rotated right by `IMM` (0 <= IMM < 64).
    fn vxarq_u64<const IMM: i32>(self, a: Self::V, b: Self::V) -> Self::V;
    /// `vbcaxq_u64`: a ^ (b and not c).
    fn vbcaxq_u64(self, a: Self::V, b: Self::V, c: Self::V) -> Self::V;
}

#[cfg(any(
    feature = "internals",
    all(target_arch = "aarch64", target_feature = "neon")
))]
/// Two states with the SHA3 extension: `eor3` (theta's column parities),
/// `rax1` (theta's D), `xar` (D added, then rho's rotation) and `bcax`
/// (chi).
#[derive(Clone, Copy, Debug)]
pub struct Sha3Form<O>(pub O);

#[cfg(any(
    feature = "internals",
    all(target_arch = "aarch64", target_feature = "neon")
))]
impl<O: Sha3Ops> Lanes for Sha3Form<O> {
    type V = O::V;

    #[inline(always)]
    fn splat(self, rc: u64) -> O::V {
        self.0.vdupq_n_u64(rc)
    }

    #[inline(always)]
    fn xor(self, x: O::V, y: O::V) -> O::V {
        self.0.veorq_u64(x, y)
    }

    #[inline(always)]
    fn rotl<const L: i32, const R: i32>(self, x: O::V) -> O::V {
        NeonForm(self.0).rotl::<L, R>(x)
    }

    /// `bcax(x, z, y)` = x ^ (z & !y).
    #[inline(always)]
    fn chi(self, _k: usize, x: O::V, y: O::V, z: O::V) -> O::V {
        self.0.vbcaxq_u64(x, z, y)
    }

    #[inline(always)]
    fn xor5(self, a: O::V, b: O::V, c: O::V, d: O::V, e: O::V) -> O::V {
        let abc = self.0.veor3q_u64(a, b, c);
        self.0.veor3q_u64(abc, d, e)
    }

    #[inline(always)]
    fn xor_rol1(self, x: O::V, y: O::V) -> O::V {
        self.0.vrax1q_u64(x, y)
    }

    /// `xar` rotates right, by `R` = 64 - `L`.
    #[inline(always)]
    fn xor_rotl<const L: i32, const R: i32>(self, x: O::V, d: O::V) -> O::V {
        self.0.vxarq_u64::<R>(x, d)
    }
}
