//! A model of the AVX2 intrinsics of `mldsa::backend::lanes::avx2::Avx2Ops`:
//! each one as Intel's pseudocode (the Intrinsics Guide's "Operation")
//! states it, lane by lane, over any [`Lane`], on registers of eight 32-bit
//! or four 64-bit lanes ([`crate::lane::Reg`]).

use crate::lane::{Lane, LaneMutation, Model, WideLane, x86_common_ops, x86_lane_ops};
use mldsa::backend::lanes::avx2::{Avx2Ops, LaneOps};
use mldsa::params::N;

/// A 256-bit register: eight 32-bit or four 64-bit lanes.
pub type Reg<L> = crate::lane::Reg<L, 8, 4>;

/// Per 128-bit half h, lane i (0..4) of the result is `f(h, i)`.
fn halves<L: Lane>(f: impl Fn(usize, usize) -> L) -> Reg<L> {
    Reg::D(core::array::from_fn(|j| f(j / 4, j % 4)))
}

/// One deliberately wrong intrinsic, for the mutant runs ([`Model`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// A lane-wise intrinsic.
    Lane(LaneMutation),
    /// `shuffle_epi32` with `from` uses the immediate `to` instead.
    Shuffle { from: i32, to: i32 },
    /// `blend_epi32` with `from` uses the immediate `to` instead.
    Blend { from: i32, to: i32 },
}

/// The AVX2 model over lanes `L`.
pub type Avx2Model<L> = Model<Mutation, L>;

impl<L> Avx2Model<L> {
    fn imm(self, which: fn(Mutation) -> Option<(i32, i32)>, imm: i32) -> i32 {
        match self.mutation.and_then(which) {
            Some((from, to)) if from == imm => to,
            _ => imm,
        }
    }
}

x86_lane_ops!(Avx2Model, 8);

impl<L: Lane> Avx2Ops for Avx2Model<L> {
    type Lane = L;

    x86_common_ops!(8);

    // dst[31:0] := SELECT4(a[127:0], imm8[1:0]) ... for each 128-bit half
    fn shuffle_epi32<const IMM: i32>(self, a: Reg<L>) -> Reg<L> {
        let imm = self.imm(
            |m| match m {
                Mutation::Shuffle { from, to } => Some((from, to)),
                _ => None,
            },
            IMM,
        ) as usize;
        let a = a.d();
        halves(|h, i| a[4 * h + ((imm >> (2 * i)) & 3)])
    }
    // IF imm8[j]: dst[i+31:i] := b[i+31:i] ELSE dst[i+31:i] := a[i+31:i]
    fn blend_epi32<const IMM: i32>(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        let imm = self.imm(
            |m| match m {
                Mutation::Blend { from, to } => Some((from, to)),
                _ => None,
            },
            IMM,
        );
        let (a, b) = (a.d(), b.d());
        Reg::D(core::array::from_fn(|i| {
            if (imm >> i) & 1 == 1 { b[i] } else { a[i] }
        }))
    }
    // dst[127:0] := SELECT4(a, b, imm8[3:0]); dst[255:128] := SELECT4(a, b, imm8[7:4]),
    // SELECT4 picking a[127:0], a[255:128], b[127:0], b[255:128] by bits 1:0, zero if bit 3.
    fn permute2x128_si256<const IMM: i32>(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        let (a, b) = (a.d(), b.d());
        halves(|h, i| {
            let control = (IMM as usize >> (4 * h)) & 0xF;
            if control & 8 != 0 {
                return L::lit(0);
            }
            let source = if control & 2 == 0 { &a } else { &b };
            source[4 * (control & 1) + i]
        })
    }
    // INTERLEAVE_DWORDS(a[127:0], b[127:0]): a0 b0 a1 b1, per half
    fn unpacklo_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        let (a, b) = (a.d(), b.d());
        halves(|h, i| {
            if i % 2 == 0 {
                a[4 * h + i / 2]
            } else {
                b[4 * h + i / 2]
            }
        })
    }
    // INTERLEAVE_HIGH_DWORDS: a2 b2 a3 b3, per half
    fn unpackhi_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        let (a, b) = (a.d(), b.d());
        halves(|h, i| {
            if i % 2 == 0 {
                a[4 * h + 2 + i / 2]
            } else {
                b[4 * h + 2 + i / 2]
            }
        })
    }
    // INTERLEAVE_QWORDS: a[63:0] b[63:0], per half
    fn unpacklo_epi64(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        let (a, b) = (a.d(), b.d());
        halves(|h, i| {
            if i < 2 {
                a[4 * h + i]
            } else {
                b[4 * h + i - 2]
            }
        })
    }
    // INTERLEAVE_HIGH_QWORDS: a[127:64] b[127:64], per half
    fn unpackhi_epi64(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        let (a, b) = (a.d(), b.d());
        halves(|h, i| {
            if i < 2 {
                a[4 * h + 2 + i]
            } else {
                b[4 * h + i]
            }
        })
    }
    // dst[31:0] := SELECT4(a, imm8[1:0]); dst[63:32] := SELECT4(a, imm8[3:2]);
    // dst[95:64] := SELECT4(b, imm8[5:4]); dst[127:96] := SELECT4(b, imm8[7:6]), per half
    fn shuffle_ps<const IMM: i32>(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        let (a, b) = (a.d(), b.d());
        halves(|h, i| {
            let pick = (IMM as usize >> (2 * i)) & 3;
            if i < 2 {
                a[4 * h + pick]
            } else {
                b[4 * h + pick]
            }
        })
    }
}
