//! The integer operations of the scalar kernels, as a trait.
//!
//! The kernels of `arithmetic.rs`, `rounding.rs` and `ntt.rs` are written
//! once, generic over [`Word`]. Here they run on `i32` (with `i64` as the
//! double width) and compile to the same code as if written on `i32`. The
//! `lemmas` crate runs the very same source on z3 bit-vectors (to prove
//! MontgomeryReduce, MakeHint, the norm check and the constant-time selects
//! for every input) and on intervals (to prove the NTT never overflows), so
//! a proof there cannot drift from the code that runs.
//!
//! The operator traits (`+`, `-`, `*`, `<<`) must not overflow: the proofs
//! check that for every input in a kernel's precondition. The `wrapping_*`
//! methods and `truncate` wrap on purpose.

use core::ops::{Add, BitAnd, BitOr, BitXor, Mul, Shl, Shr, Sub};

/// A 32-bit two's complement integer: `i32`, or its symbolic stand-ins.
pub trait Word:
    Copy
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The 64-bit integer that products and sums of products live in.
    type Wide: Wide<Narrow = Self>;
    /// A constant.
    fn lit(v: i32) -> Self;
    /// Product mod 2^32 (in [-2^31, 2^31)).
    fn wrapping_mul(self, rhs: Self) -> Self;
    /// Difference mod 2^32.
    fn wrapping_sub(self, rhs: Self) -> Self;
    /// Sign extension to 64 bits.
    fn widen(self) -> Self::Wide;
}

/// A 64-bit two's complement integer.
pub trait Wide:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Shr<u32, Output = Self>
{
    /// The 32-bit type it narrows to.
    type Narrow;
    /// A constant.
    fn lit(v: i64) -> Self;
    /// The low 32 bits (wraps).
    fn truncate(self) -> Self::Narrow;
    /// A kernel's precondition `lo <= self <= hi`. Nothing at run time (the
    /// hax contract states it); the interval evaluation of the `lemmas`
    /// crate fails if a caller can break it.
    fn requires(self, lo: i64, hi: i64);
}

impl Word for i32 {
    type Wide = i64;
    #[inline(always)]
    fn lit(v: i32) -> i32 {
        v
    }
    #[inline(always)]
    fn wrapping_mul(self, rhs: i32) -> i32 {
        i32::wrapping_mul(self, rhs)
    }
    #[inline(always)]
    fn wrapping_sub(self, rhs: i32) -> i32 {
        i32::wrapping_sub(self, rhs)
    }
    #[inline(always)]
    fn widen(self) -> i64 {
        self as i64
    }
}

impl Wide for i64 {
    type Narrow = i32;
    #[inline(always)]
    fn lit(v: i64) -> i64 {
        v
    }
    #[inline(always)]
    fn truncate(self) -> i32 {
        self as i32
    }
    #[inline(always)]
    fn requires(self, _lo: i64, _hi: i64) {}
}

/// A 16-bit two's complement integer: `i16`, or its symbolic stand-ins.
/// The small NTT mod p = 7681 (`small_ntt.rs`) is written over it, as the
/// kernels mod q are over [`Word`], so that the `lemmas` crate proves its
/// steps with z3 and its bounds with intervals on the source that runs.
///
/// `+`, `-` and `*` must not overflow (the proofs check it); the methods
/// below wrap or are exact by construction.
pub trait Half:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Shr<u32, Output = Self>
{
    /// A constant.
    fn lit(v: i16) -> Self;
    /// Product mod 2^16 (in [-2^15, 2^15)).
    fn wrapping_mul(self, rhs: Self) -> Self;
    /// The high 16 bits of the 32-bit product (`(a b) >> 16`, rounded
    /// down): exact, |a b| <= 2^30 fits 32 bits.
    fn mul_high(self, rhs: Self) -> Self;
    /// `step(self)`, a step that z3 proves free of overflow, with its result
    /// in [lo, hi], for every 16-bit input (its lemma): on `i16` the step
    /// itself; the z3 instance runs it and proves the range again; the
    /// interval instance takes [lo, hi] (intervals lose the correlation
    /// between a value and its quotient that keeps such a step in range).
    fn proven_step(self, step: impl FnOnce(Self) -> Self, lo: i16, hi: i16) -> Self;
}

impl Half for i16 {
    #[inline(always)]
    fn lit(v: i16) -> i16 {
        v
    }
    #[inline(always)]
    fn wrapping_mul(self, rhs: i16) -> i16 {
        i16::wrapping_mul(self, rhs)
    }
    #[inline(always)]
    fn mul_high(self, rhs: i16) -> i16 {
        ((self as i32 * rhs as i32) >> 16) as i16
    }
    #[inline(always)]
    fn proven_step(self, step: impl FnOnce(i16) -> i16, _lo: i16, _hi: i16) -> i16 {
        step(self)
    }
}
