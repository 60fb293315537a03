//! A model of the AVX-512 intrinsics of
//! `mldsa::backend::lanes::avx512::Avx512Ops` (the 16-lane NTT, NTT^-1 and
//! pointwise products) and of the 16-lane instance of `LaneOps` (the AVX2
//! rounding kernels, reduce32, caddq, freeze and the norm check, as the
//! AVX-512 backend runs them on `__m512i`): each one as Intel's pseudocode
//! (the Intrinsics Guide's "Operation") states it, lane by lane, over any
//! [`Lane`], on registers of 16 32-bit or eight 64-bit lanes
//! ([`crate::lane::Reg`]).

use crate::lane::{Lane, LaneMutation, Model, WideLane, x86_common_ops, x86_lane_ops};
use mldsa::backend::lanes::avx2::LaneOps;
use mldsa::backend::lanes::avx512::Avx512Ops;
use mldsa::params::N;

/// A 512-bit register: 16 32-bit or eight 64-bit lanes.
pub type Reg<L> = crate::lane::Reg<L, 16, 8>;

/// One deliberately wrong intrinsic, for the mutant runs ([`Model`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// A lane-wise intrinsic.
    Lane(LaneMutation),
    /// `mask_shuffle_epi32` with mask `from` uses the mask `to` instead.
    Mask { from: u16, to: u16 },
    /// `permutex2var_epi32` reads only a (index bit 4 ignored).
    PermuteOneSource,
}

/// The AVX-512 model over lanes `L`.
pub type Avx512Model<L> = Model<Mutation, L>;

impl<L> Avx512Model<L> {
    fn mask(self, k: u16) -> u16 {
        match self.mutation {
            Some(Mutation::Mask { from, to }) if from == k => to,
            _ => k,
        }
    }
}

// The lane-wise operations on 16 lanes: what the AVX-512 backend's
// `LaneOps` instance computes with the `_mm512_` forms (`srav` / `sllv` by
// a broadcast count, comparisons into a mask register expanded by `movm`).
x86_lane_ops!(Avx512Model, 16);

impl<L: Lane> Avx512Ops for Avx512Model<L> {
    type V = Reg<L>;
    type Lane = L;

    x86_common_ops!(16);

    fn set1_epi32(self, x: i32) -> Reg<L> {
        LaneOps::set1_epi32(self, x)
    }
    fn setzero(self) -> Reg<L> {
        LaneOps::setzero_si256(self)
    }
    fn add_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        LaneOps::add_epi32(self, a, b)
    }
    fn sub_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        LaneOps::sub_epi32(self, a, b)
    }
    fn mullo_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        LaneOps::mullo_epi32(self, a, b)
    }
    // dst[i+31:i] := SELECT4(a[128q+127:128q], imm8[2j+1:2j]) for lane j of quarter q
    fn shuffle_epi32<const IMM: i32>(self, a: Reg<L>) -> Reg<L> {
        let imm = IMM as usize;
        let a = a.d();
        Reg::D(core::array::from_fn(|i| {
            a[(i & !3) | ((imm >> (2 * (i & 3))) & 3)]
        }))
    }
    // tmp := shuffle_epi32(a, imm8); IF k[j]: dst[j] := tmp[j] ELSE dst[j] := src[j]
    fn mask_shuffle_epi32<const K: u16, const IMM: i32>(self, src: Reg<L>, a: Reg<L>) -> Reg<L> {
        let k = self.mask(K);
        let shuffled = Avx512Ops::shuffle_epi32::<IMM>(self, a).d();
        let src = src.d();
        Reg::D(core::array::from_fn(|i| {
            if (k >> i) & 1 == 1 {
                shuffled[i]
            } else {
                src[i]
            }
        }))
    }
    // off := idx[j][3:0]; dst[j] := idx[j][4] ? b[off] : a[off]
    fn permutex2var_epi32(self, a: Reg<L>, idx: Reg<L>, b: Reg<L>) -> Reg<L> {
        let (a, b) = (a.d(), b.d());
        let idx = lit_lanes(idx);
        let one_source = self.is(Mutation::PermuteOneSource);
        Reg::D(core::array::from_fn(|i| {
            let j = (idx[i] & 15) as usize;
            if idx[i] & 16 == 0 || one_source {
                a[j]
            } else {
                b[j]
            }
        }))
    }
}

/// The lanes of an index register: the kernels' indices are constants
/// (`load_row` of a table), which every lane instance keeps.
fn lit_lanes<L: Lane>(idx: Reg<L>) -> [i32; 16] {
    let idx = idx.d();
    core::array::from_fn(|i| {
        idx[i]
            .constant()
            .expect("permutex2var_epi32's indices are constants in the kernels")
    })
}
