//! A model of the AVX-512 intrinsics of
//! `mldsa::backend::lanes::avx512::Avx512Ops` (the 16-lane NTT, NTT^-1 and
//! pointwise products) and of the 16-lane instance of `LaneOps` (the AVX2
//! rounding kernels, reduce32, caddq, freeze and the norm check, as the
//! AVX-512 backend runs them on `__m512i`): each one as Intel's pseudocode
//! (the Intrinsics Guide's "Operation") states it, lane by lane, over any
//! [`Lane`], on registers of 16 32-bit or eight 64-bit lanes
//! ([`crate::lane::Reg`]).

use crate::lane::{Lane, WideLane};
use mldsa::backend::lanes::avx2::LaneOps;
use mldsa::backend::lanes::avx512::Avx512Ops;
use mldsa::params::N;
use std::marker::PhantomData;

/// A 512-bit register: 16 32-bit or eight 64-bit lanes.
pub type Reg<L> = crate::lane::Reg<L, 16, 8>;

/// One deliberately wrong intrinsic, for the mutant runs: a lemma must
/// refute the kernel run on the mutated model, and the model-vs-hardware
/// check must catch the mutated model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// `srai_epi32` by `from` shifts by `to` instead.
    Srai { from: i32, to: i32 },
    /// `mask_shuffle_epi32` with mask `from` uses the mask `to` instead.
    Mask { from: u16, to: u16 },
    /// `permutex2var_epi32` reads only a (index bit 4 ignored).
    PermuteOneSource,
    /// `cmpeq_epi32` compares with > instead.
    CmpeqAsCmpgt,
    /// `cmpgt_epi32(a, b)` computes b > a.
    CmpgtSwapped,
    /// `abs_epi32` returns its input.
    AbsIdentity,
    /// `mul_epi32` zero-extends its factors (as `_mm512_mul_epu32`).
    MulUnsigned,
}

/// The AVX-512 model over lanes `L`.
#[derive(Debug)]
pub struct Avx512Model<L> {
    mutation: Option<Mutation>,
    lanes: PhantomData<L>,
}

impl<L> Clone for Avx512Model<L> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<L> Copy for Avx512Model<L> {}

impl<L> Avx512Model<L> {
    /// The model.
    pub const fn new() -> Self {
        Avx512Model {
            mutation: None,
            lanes: PhantomData,
        }
    }

    /// The model with one intrinsic wrong.
    pub const fn mutated(mutation: Mutation) -> Self {
        Avx512Model {
            mutation: Some(mutation),
            lanes: PhantomData,
        }
    }

    fn srai_count(self, k: i32) -> i32 {
        match self.mutation {
            Some(Mutation::Srai { from, to }) if from == k => to,
            _ => k,
        }
    }

    fn mask(self, k: u16) -> u16 {
        match self.mutation {
            Some(Mutation::Mask { from, to }) if from == k => to,
            _ => k,
        }
    }
}

impl<L> Default for Avx512Model<L> {
    fn default() -> Self {
        Self::new()
    }
}

/// The lane-wise operations on 16 lanes: what the AVX-512 backend's
/// `LaneOps` instance computes with the `_mm512_` forms (`srav` / `sllv` by
/// a broadcast count, comparisons into a mask register expanded by
/// `movm`), each as the `_mm256_` operation's pseudocode on every lane.
impl<L: Lane> LaneOps for Avx512Model<L> {
    type V = Reg<L>;

    fn set1_epi32(self, x: i32) -> Reg<L> {
        Reg::D([L::lit(x); 16])
    }
    fn setzero_si256(self) -> Reg<L> {
        Reg::D([L::lit(0); 16])
    }
    fn add_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, L::add)
    }
    fn sub_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, L::sub)
    }
    fn mullo_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, L::mul)
    }
    // srav: IF count > 31: dst := (a < 0 ? 0xFFFFFFFF : 0) ELSE SignExtend32(a >> count)
    fn srai_epi32<const K: i32>(self, a: Reg<L>) -> Reg<L> {
        let k = (self.srai_count(K) as u32).min(31);
        a.map(|x| x.sar(k))
    }
    // sllv: IF count > 31: dst := 0 ELSE ZeroExtend32(a << count)
    fn slli_epi32<const K: i32>(self, a: Reg<L>) -> Reg<L> {
        if K as u32 > 31 {
            return LaneOps::setzero_si256(self);
        }
        a.map(|x| x.shl(K as u32))
    }
    fn and_si256(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, L::and)
    }
    fn andnot_si256(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, |x, y| x.not().and(y))
    }
    fn or_si256(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, L::or)
    }
    fn xor_si256(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, L::xor)
    }
    // movm(cmpeq_mask): k[j] := a[j] == b[j]; dst[j] := k[j] ? 0xFFFFFFFF : 0
    fn cmpeq_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        if self.mutation == Some(Mutation::CmpeqAsCmpgt) {
            return a.zip(b, L::gt_mask);
        }
        a.zip(b, L::eq_mask)
    }
    fn cmpgt_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        if self.mutation == Some(Mutation::CmpgtSwapped) {
            return b.zip(a, L::gt_mask);
        }
        a.zip(b, L::gt_mask)
    }
    fn abs_epi32(self, a: Reg<L>) -> Reg<L> {
        if self.mutation == Some(Mutation::AbsIdentity) {
            return a;
        }
        a.map(L::abs)
    }
}

impl<L: Lane> Avx512Ops for Avx512Model<L> {
    type V = Reg<L>;
    type Lane = L;

    fn load(self, coeffs: &[L; N], i: usize) -> Reg<L> {
        Reg::D(core::array::from_fn(|k| coeffs[16 * i + k]))
    }
    fn store(self, coeffs: &mut [L; N], i: usize, v: Reg<L>) {
        coeffs[16 * i..16 * i + 16].copy_from_slice(&v.d());
    }
    fn load_row(self, row: &[i32; 16]) -> Reg<L> {
        Reg::D(row.map(L::lit))
    }
    fn set1_epi32(self, x: i32) -> Reg<L> {
        Reg::D([L::lit(x); 16])
    }
    fn setzero(self) -> Reg<L> {
        Reg::D([L::lit(0); 16])
    }
    // dst[i+31:i] := a[i+31:i] + b[i+31:i]
    fn add_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, L::add)
    }
    fn sub_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, L::sub)
    }
    // tmp[63:0] := a[i+31:i] * b[i+31:i]; dst[i+31:i] := tmp[31:0]
    fn mullo_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, L::mul)
    }
    // dst[i+63:i] := SignExtend64(a[i+31:i]) * SignExtend64(b[i+31:i]), i = 0, 64, .., 448
    fn mul_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        let (a, b) = (a.d(), b.d());
        if self.mutation == Some(Mutation::MulUnsigned) {
            let zero = L::lit(0);
            return Reg::Q(core::array::from_fn(|i| {
                L::Wide::join(zero, a[2 * i]).mul(L::Wide::join(zero, b[2 * i]))
            }));
        }
        Reg::Q(core::array::from_fn(|i| {
            a[2 * i].widen().mul(b[2 * i].widen())
        }))
    }
    fn add_epi64(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip64(b, L::Wide::add)
    }
    fn sub_epi64(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip64(b, L::Wide::sub)
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
        let one_source = self.mutation == Some(Mutation::PermuteOneSource);
        Reg::D(core::array::from_fn(|i| {
            let j = (idx[i] & 15) as usize;
            if idx[i] & 16 == 0 || one_source {
                a[j]
            } else {
                b[j]
            }
        }))
    }
    fn requires_epi64(self, v: Reg<L>, lo: i64, hi: i64) {
        for x in v.q() {
            x.requires(lo, hi);
        }
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
