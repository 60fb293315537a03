//! One SIMD lane's arithmetic, the vocabulary the intrinsic models
//! (`avx2_model`, `avx512_model`, `neon_model`) are written in: a 32-bit lane ([`Lane`])
//! and a 64-bit lane ([`WideLane`]), two's complement, every operation
//! modulo 2^32 or 2^64 as the instructions compute it.
//!
//! Three instances: `i32` / `i64` (the plain evaluator, tested against the
//! instructions), `smt::Bv32` / `Bv64` (z3 terms) and `interval::I32` /
//! `I64` (ranges, which also record the additions that could wrap: in the
//! kernels proven on intervals every addition is meant to be exact).

use std::marker::PhantomData;

/// A 32-bit lane.
pub trait Lane: Copy {
    /// The 64-bit lane of the same instance.
    type Wide: WideLane<Narrow = Self>;
    /// A constant.
    fn lit(v: i32) -> Self;
    /// a + b mod 2^32.
    fn add(self, b: Self) -> Self;
    /// a - b mod 2^32.
    fn sub(self, b: Self) -> Self;
    /// The low 32 bits of a * b.
    fn mul(self, b: Self) -> Self;
    /// Arithmetic shift right by k < 32.
    fn sar(self, k: u32) -> Self;
    /// Shift left by k < 32 (the bits shifted out are lost).
    fn shl(self, k: u32) -> Self;
    /// Bitwise and.
    fn and(self, b: Self) -> Self;
    /// Bitwise or.
    fn or(self, b: Self) -> Self;
    /// Bitwise xor.
    fn xor(self, b: Self) -> Self;
    /// Bitwise not.
    fn not(self) -> Self;
    /// All ones if a = b, else zero.
    fn eq_mask(self, b: Self) -> Self;
    /// All ones if a > b (signed), else zero.
    fn gt_mask(self, b: Self) -> Self;
    /// |a| mod 2^32 (|-2^31| = -2^31).
    fn abs(self) -> Self;
    /// Sign extension.
    fn widen(self) -> Self::Wide;
    /// The value, if it is a known constant (a table entry): what an
    /// instruction that takes a lane as an index (`vpermt2d`) needs.
    fn constant(self) -> Option<i32>;
}

/// A 64-bit lane.
pub trait WideLane: Copy {
    /// The 32-bit lane of the same instance.
    type Narrow: Lane<Wide = Self>;
    /// A constant.
    fn lit(v: i64) -> Self;
    /// a + b mod 2^64.
    fn add(self, b: Self) -> Self;
    /// a - b mod 2^64.
    fn sub(self, b: Self) -> Self;
    /// The low 64 bits of a * b.
    fn mul(self, b: Self) -> Self;
    /// Arithmetic shift right by k < 64.
    fn sar(self, k: u32) -> Self;
    /// Bits 31..0.
    fn low(self) -> Self::Narrow;
    /// Bits 63..32.
    fn high(self) -> Self::Narrow;
    /// high * 2^32 + (low read unsigned).
    fn join(high: Self::Narrow, low: Self::Narrow) -> Self;
    /// The value clamped to [-2^31, 2^31 - 1].
    fn saturate(self) -> Self::Narrow;
    /// A kernel's precondition lo <= self <= hi: intervals record a value
    /// that could break it; the other instances ignore it.
    fn requires(self, lo: i64, hi: i64);
}

/// The methods [`Lane`] and [`WideLane`] share, on the primitive integer
/// itself: the constant, wrapping +, - and *, and >>.
macro_rules! wrapping_methods {
    ($t:ty) => {
        fn lit(v: $t) -> $t {
            v
        }
        fn add(self, b: $t) -> $t {
            self.wrapping_add(b)
        }
        fn sub(self, b: $t) -> $t {
            self.wrapping_sub(b)
        }
        fn mul(self, b: $t) -> $t {
            self.wrapping_mul(b)
        }
        fn sar(self, k: u32) -> $t {
            self >> k
        }
    };
}

impl Lane for i32 {
    type Wide = i64;
    wrapping_methods!(i32);
    fn shl(self, k: u32) -> i32 {
        self.wrapping_shl(k)
    }
    fn and(self, b: i32) -> i32 {
        self & b
    }
    fn or(self, b: i32) -> i32 {
        self | b
    }
    fn xor(self, b: i32) -> i32 {
        self ^ b
    }
    fn not(self) -> i32 {
        !self
    }
    fn eq_mask(self, b: i32) -> i32 {
        -((self == b) as i32)
    }
    fn gt_mask(self, b: i32) -> i32 {
        -((self > b) as i32)
    }
    fn abs(self) -> i32 {
        self.wrapping_abs()
    }
    fn widen(self) -> i64 {
        self as i64
    }
    fn constant(self) -> Option<i32> {
        Some(self)
    }
}

impl WideLane for i64 {
    type Narrow = i32;
    wrapping_methods!(i64);
    fn low(self) -> i32 {
        self as i32
    }
    fn high(self) -> i32 {
        (self >> 32) as i32
    }
    fn join(high: i32, low: i32) -> i64 {
        ((high as i64) << 32) | (low as u32 as i64)
    }
    fn saturate(self) -> i32 {
        self.clamp(i32::MIN as i64, i32::MAX as i64) as i32
    }
    fn requires(self, _lo: i64, _hi: i64) {}
}

/// A vector register of `D` 32-bit lanes, kept as those or as `H` = D / 2
/// 64-bit lanes, whichever the instruction that made it wrote, and
/// converted when an instruction reads it the other way (exact for the
/// evaluator and z3; intervals keep a 64-bit lane whole, where splitting
/// it would lose its range). The NEON model's (4, 2), the AVX2 model's
/// (8, 4) and the AVX-512 model's (16, 8).
#[derive(Clone, Copy, Debug)]
pub enum Reg<L: Lane, const D: usize, const H: usize> {
    /// The 32-bit lanes, lane 0 first.
    D([L; D]),
    /// The 64-bit lanes, lane 0 first.
    Q([L::Wide; H]),
}

impl<L: Lane, const D: usize, const H: usize> Reg<L, D, H> {
    /// The 32-bit lanes.
    pub fn d(self) -> [L; D] {
        match self {
            Reg::D(d) => d,
            Reg::Q(q) => core::array::from_fn(|i| {
                if i % 2 == 0 {
                    q[i / 2].low()
                } else {
                    q[i / 2].high()
                }
            }),
        }
    }

    /// The 64-bit lanes.
    pub fn q(self) -> [L::Wide; H] {
        match self {
            Reg::Q(q) => q,
            Reg::D(d) => core::array::from_fn(|i| L::Wide::join(d[2 * i + 1], d[2 * i])),
        }
    }

    /// `f` on every 32-bit lane.
    pub fn map(self, f: impl Fn(L) -> L) -> Self {
        let a = self.d();
        Reg::D(core::array::from_fn(|i| f(a[i])))
    }

    /// `f` on every pair of 32-bit lanes.
    pub fn zip(self, b: Self, f: impl Fn(L, L) -> L) -> Self {
        let (a, b) = (self.d(), b.d());
        Reg::D(core::array::from_fn(|i| f(a[i], b[i])))
    }

    /// `f` on every pair of 64-bit lanes.
    pub fn zip64(self, b: Self, f: impl Fn(L::Wide, L::Wide) -> L::Wide) -> Self {
        let (a, b) = (self.q(), b.q());
        Reg::Q(core::array::from_fn(|i| f(a[i], b[i])))
    }

    /// `mul_epi32`: in every 64-bit lane i, the product of the 32-bit
    /// lanes 2i sign-extended (`unsigned`: zero-extended, as `mul_epu32`).
    pub fn mul_even(self, b: Self, unsigned: bool) -> Self {
        let (a, b) = (self.d(), b.d());
        if unsigned {
            let zero = L::lit(0);
            return Reg::Q(core::array::from_fn(|i| {
                L::Wide::join(zero, a[2 * i]).mul(L::Wide::join(zero, b[2 * i]))
            }));
        }
        Reg::Q(core::array::from_fn(|i| {
            a[2 * i].widen().mul(b[2 * i].widen())
        }))
    }

    /// A kernel's precondition lo <= x <= hi on every 64-bit lane x.
    pub fn requires64(self, lo: i64, hi: i64) {
        for x in self.q() {
            x.requires(lo, hi);
        }
    }
}

/// An intrinsic model over lanes `L`: every intrinsic as its pseudocode
/// states it, but for the one deliberately wrong intrinsic `M` of a mutant
/// run (a lemma must refute the kernel run on the mutated model, and the
/// model-vs-hardware check must catch the mutated model).
#[derive(Debug)]
pub struct Model<M, L> {
    /// The wrong intrinsic, if any.
    pub mutation: Option<M>,
    lanes: PhantomData<L>,
}

impl<M: Copy, L> Clone for Model<M, L> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<M: Copy, L> Copy for Model<M, L> {}

impl<M, L> Model<M, L> {
    /// The model.
    pub const fn new() -> Self {
        Model {
            mutation: None,
            lanes: PhantomData,
        }
    }

    /// The model with one intrinsic wrong.
    pub const fn mutated(mutation: M) -> Self {
        Model {
            mutation: Some(mutation),
            lanes: PhantomData,
        }
    }
}

impl<M: Copy + PartialEq, L> Model<M, L> {
    /// Whether `m` is the wrong intrinsic.
    pub fn is(self, m: M) -> bool {
        self.mutation == Some(m)
    }
}

impl<M, L> Default for Model<M, L> {
    fn default() -> Self {
        Self::new()
    }
}

/// A wrong lane-wise intrinsic of the x86 models (those of their shared
/// `LaneOps` instance, [`x86_lane_ops`], and `mul_epi32`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaneMutation {
    /// `srai_epi32` by `from` shifts by `to` instead.
    Srai { from: i32, to: i32 },
    /// `cmpeq_epi32` compares with > instead.
    CmpeqAsCmpgt,
    /// `cmpgt_epi32(a, b)` computes b > a.
    CmpgtSwapped,
    /// `abs_epi32` returns its input.
    AbsIdentity,
    /// `mul_epi32` zero-extends its factors (as `mul_epu32`).
    MulUnsigned,
}

/// The `LaneOps` instance of an x86 model of `$lanes`-lane registers
/// ([`Reg`]): the lane-wise operations, each the `_mm256_` operation's
/// pseudocode on every lane (the AVX-512 backend's `_mm512_` forms compute
/// the same per lane). The model's `Mutation` has a variant
/// `Lane(LaneMutation)`.
macro_rules! x86_lane_ops {
    ($model:ident, $lanes:literal) => {
        impl<L: Lane> LaneOps for $model<L> {
            type V = Reg<L>;

            fn set1_epi32(self, x: i32) -> Reg<L> {
                Reg::D([L::lit(x); $lanes])
            }
            fn setzero_si256(self) -> Reg<L> {
                Reg::D([L::lit(0); $lanes])
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
            // IF imm8 > 31: dst := (a < 0 ? 0xFFFFFFFF : 0) ELSE dst := SignExtend32(a >> imm8)
            fn srai_epi32<const K: i32>(self, a: Reg<L>) -> Reg<L> {
                let k = match self.mutation {
                    Some(Mutation::Lane($crate::lane::LaneMutation::Srai { from, to }))
                        if from == K =>
                    {
                        to
                    }
                    _ => K,
                };
                let k = (k as u32).min(31);
                a.map(|x| x.sar(k))
            }
            // IF imm8 > 31: dst := 0 ELSE dst := ZeroExtend32(a << imm8)
            fn slli_epi32<const K: i32>(self, a: Reg<L>) -> Reg<L> {
                if K as u32 > 31 {
                    return LaneOps::setzero_si256(self);
                }
                a.map(|x| x.shl(K as u32))
            }
            fn and_si256(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
                a.zip(b, L::and)
            }
            // dst := (NOT a) AND b
            fn andnot_si256(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
                a.zip(b, |x, y| x.not().and(y))
            }
            fn or_si256(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
                a.zip(b, L::or)
            }
            fn xor_si256(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
                a.zip(b, L::xor)
            }
            // dst[i+31:i] := ( a[i+31:i] == b[i+31:i] ) ? 0xFFFFFFFF : 0
            fn cmpeq_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
                if self.is(Mutation::Lane($crate::lane::LaneMutation::CmpeqAsCmpgt)) {
                    return a.zip(b, L::gt_mask);
                }
                a.zip(b, L::eq_mask)
            }
            fn cmpgt_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
                if self.is(Mutation::Lane($crate::lane::LaneMutation::CmpgtSwapped)) {
                    return b.zip(a, L::gt_mask);
                }
                a.zip(b, L::gt_mask)
            }
            // dst[i+31:i] := ABS(Int(a[i+31:i])) (the low 32 bits: ABS(-2^31) = -2^31)
            fn abs_epi32(self, a: Reg<L>) -> Reg<L> {
                if self.is(Mutation::Lane($crate::lane::LaneMutation::AbsIdentity)) {
                    return a;
                }
                a.map(L::abs)
            }
        }
    };
}
pub(crate) use x86_lane_ops;

/// The methods the x86 models' `Avx2Ops` and `Avx512Ops` instances share,
/// on `$lanes`-lane registers: loads and stores of `$lanes` coefficients,
/// and the 64-bit lane arithmetic (`mul_epi32`, `add_epi64`, `sub_epi64`
/// and the kernels' 64-bit preconditions).
macro_rules! x86_common_ops {
    ($lanes:literal) => {
        fn load(self, coeffs: &[L; N], i: usize) -> Reg<L> {
            Reg::D(core::array::from_fn(|k| coeffs[$lanes * i + k]))
        }
        fn store(self, coeffs: &mut [L; N], i: usize, v: Reg<L>) {
            coeffs[$lanes * i..$lanes * i + $lanes].copy_from_slice(&v.d());
        }
        fn load_row(self, row: &[i32; $lanes]) -> Reg<L> {
            Reg::D(row.map(L::lit))
        }
        // dst[i+63:i] := SignExtend64(a[i+31:i]) * SignExtend64(b[i+31:i]), every even i
        fn mul_epi32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
            a.mul_even(
                b,
                self.is(Mutation::Lane($crate::lane::LaneMutation::MulUnsigned)),
            )
        }
        fn add_epi64(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
            a.zip64(b, L::Wide::add)
        }
        fn sub_epi64(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
            a.zip64(b, L::Wide::sub)
        }
        fn requires_epi64(self, v: Reg<L>, lo: i64, hi: i64) {
            v.requires64(lo, hi)
        }
    };
}
pub(crate) use x86_common_ops;

/// A 16-bit lane: the vocabulary of the model of the 16-bit intrinsics
/// (`small_model`), every operation modulo 2^16 as the instructions
/// compute it. Instances: `i16` (the evaluator), `smt::Bv16` and
/// `interval::I16`.
pub trait Lane16: Copy {
    /// A constant.
    fn lit(v: i16) -> Self;
    /// a + b mod 2^16.
    fn add(self, b: Self) -> Self;
    /// a - b mod 2^16.
    fn sub(self, b: Self) -> Self;
    /// The low 16 bits of a * b.
    fn mullo(self, b: Self) -> Self;
    /// The high 16 bits of the signed 32-bit product a * b.
    fn mulhi(self, b: Self) -> Self;
    /// Arithmetic shift right by k < 16.
    fn sar(self, k: u32) -> Self;
    /// `step(x)` for a step proven in [lo, hi] for every input
    /// (`Half::proven_step`): the evaluator runs it, z3 runs it and
    /// obliges the range, intervals take [lo, hi].
    fn proven(x: Self, step: impl FnOnce(Self) -> Self, lo: i16, hi: i16) -> Self;
    /// The value, if it is a known constant (what a store to `i32` memory
    /// needs: the model's `store_wide` runs on the evaluator only).
    fn value(self) -> Option<i16>;
    /// Whether [`Lane16::proven`] skips the step (intervals): the model's
    /// vector steps then give [lo, hi] in every lane without running.
    fn skips_proven_steps() -> bool {
        false
    }
}

impl Lane16 for i16 {
    fn lit(v: i16) -> i16 {
        v
    }
    fn add(self, b: i16) -> i16 {
        self.wrapping_add(b)
    }
    fn sub(self, b: i16) -> i16 {
        self.wrapping_sub(b)
    }
    fn mullo(self, b: i16) -> i16 {
        self.wrapping_mul(b)
    }
    fn mulhi(self, b: i16) -> i16 {
        ((self as i32 * b as i32) >> 16) as i16
    }
    fn sar(self, k: u32) -> i16 {
        self >> k
    }
    fn proven(x: i16, step: impl FnOnce(i16) -> i16, _lo: i16, _hi: i16) -> i16 {
        step(x)
    }
    fn value(self) -> Option<i16> {
        Some(self)
    }
}
