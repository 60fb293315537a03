//! Intervals as instances of `mldsa`'s `Word` / `Wide`: running a portable
//! kernel on them computes, for every operation of its source, a range that
//! contains every value the operation can take when the inputs lie in their
//! ranges. An operation that could leave its type's range (a `+`, `-`, `*`
//! or `<<` overflow), or a `requires` that a value could break, is recorded
//! as a failure. (Correlations between values are ignored: the ranges are
//! safe over-approximations.)

use mldsa::backend::portable::word::{Half, Wide, Word};
use std::cell::RefCell;
use std::ops::{Add, BitAnd, BitOr, BitXor, Mul, Shl, Shr, Sub};

thread_local! {
    static FAILURES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Forgets the failures recorded so far.
pub fn reset() {
    FAILURES.with(|f| f.borrow_mut().clear());
}

/// The failures recorded since [`reset`].
pub fn failures() -> Vec<String> {
    FAILURES.with(|f| f.borrow().clone())
}

/// After a run: its first failure, with their count, as the error.
pub fn check() -> Result<(), String> {
    let failures = failures();
    match failures.first() {
        Some(first) => Err(format!("{} failures, first: {first}", failures.len())),
        None => Ok(()),
    }
}

fn fail(what: String) {
    FAILURES.with(|f| f.borrow_mut().push(what));
}

/// An interval type [lo, hi] within the integer type `$int`: its
/// constructor, magnitude, and the checked and wrapping reads of an exact
/// i128 range (a range outside `$int` is a failure, or every value).
macro_rules! bounded_interval {
    ($name:ident, $int:ident, $full:ident, $doc:literal) => {
        #[doc = $doc]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name {
            /// Least possible value.
            pub lo: i64,
            /// Greatest possible value.
            pub hi: i64,
        }

        const $full: $name = $name {
            lo: $int::MIN as i64,
            hi: $int::MAX as i64,
        };

        impl $name {
            /// Every value in [lo, hi].
            pub fn new(lo: i64, hi: i64) -> $name {
                $name { lo, hi }
            }
            /// The largest absolute value.
            pub fn magnitude(self) -> i64 {
                self.lo.abs().max(self.hi.abs())
            }
            /// [lo, hi] read in i128, where the operations below are exact.
            fn wide(self) -> Range {
                (self.lo as i128, self.hi as i128)
            }
            fn checked((lo, hi): Range, op: &str) -> $name {
                if lo < $int::MIN as i128 || hi > $int::MAX as i128 {
                    fail(format!(
                        "{} {op} can overflow: [{lo}, {hi}]",
                        stringify!($int)
                    ));
                    return $full;
                }
                $name::new(lo as i64, hi as i64)
            }
            fn wrapped((lo, hi): Range) -> $name {
                if lo < $int::MIN as i128 || hi > $int::MAX as i128 {
                    $full
                } else {
                    $name::new(lo as i64, hi as i64)
                }
            }
        }
    };
}

bounded_interval!(I32, i32, FULL32, "[lo, hi] within i32.");

/// [lo, hi] within i64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct I64 {
    /// Least possible value.
    pub lo: i128,
    /// Greatest possible value.
    pub hi: i128,
}

/// [lo, hi] in i128, where the ranges of +, -, * and << on either type
/// are exact.
type Range = (i128, i128);

fn sums(a: Range, b: Range) -> Range {
    (a.0 + b.0, a.1 + b.1)
}

fn differences(a: Range, b: Range) -> Range {
    (a.0 - b.1, a.1 - b.0)
}

fn products(a: Range, b: Range) -> Range {
    let p = [a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1];
    (*p.iter().min().unwrap_or(&0), *p.iter().max().unwrap_or(&0))
}

fn shifted(a: Range, k: u32) -> Range {
    (a.0 << k, a.1 << k)
}

/// `+`, `-` and `*` on `$t`, each checked for overflow, and `>>`.
macro_rules! checked_arithmetic {
    ($($t:ident),+) => {$(
        impl Add for $t {
            type Output = $t;
            fn add(self, b: $t) -> $t {
                $t::checked(sums(self.wide(), b.wide()), "+")
            }
        }
        impl Sub for $t {
            type Output = $t;
            fn sub(self, b: $t) -> $t {
                $t::checked(differences(self.wide(), b.wide()), "-")
            }
        }
        impl Mul for $t {
            type Output = $t;
            fn mul(self, b: $t) -> $t {
                $t::checked(products(self.wide(), b.wide()), "*")
            }
        }
        // Exact: the shift is monotonic.
        impl Shr<u32> for $t {
            type Output = $t;
            fn shr(self, k: u32) -> $t {
                $t {
                    lo: self.lo >> k,
                    hi: self.hi >> k,
                }
            }
        }
    )+};
}
checked_arithmetic!(I32, I64, I16);

impl Shl<u32> for I32 {
    type Output = I32;
    fn shl(self, k: u32) -> I32 {
        I32::checked(shifted(self.wide(), k), "<<")
    }
}

/// Bitwise operations never overflow; their range is not tracked.
macro_rules! untracked {
    ($($op:ident::$method:ident),+) => {$(
        impl $op for I32 {
            type Output = I32;
            fn $method(self, _: I32) -> I32 {
                FULL32
            }
        }
    )+};
}
untracked!(BitAnd::bitand, BitOr::bitor, BitXor::bitxor);

impl Word for I32 {
    type Wide = I64;
    fn lit(v: i32) -> I32 {
        I32::of(v as i64)
    }
    fn wrapping_mul(self, b: I32) -> I32 {
        I32::wrapped(products(self.wide(), b.wide()))
    }
    fn wrapping_sub(self, b: I32) -> I32 {
        I32::wrapped(differences(self.wide(), b.wide()))
    }
    fn widen(self) -> I64 {
        let (lo, hi) = self.wide();
        I64 { lo, hi }
    }
}

impl I64 {
    fn wide(self) -> Range {
        (self.lo, self.hi)
    }
    fn checked((lo, hi): Range, op: &str) -> I64 {
        if lo < FULL64.lo || hi > FULL64.hi {
            fail(format!("i64 {op} can overflow: [{lo}, {hi}]"));
            return FULL64;
        }
        I64 { lo, hi }
    }
}

impl Wide for I64 {
    type Narrow = I32;
    fn lit(v: i64) -> I64 {
        let v = v as i128;
        I64 { lo: v, hi: v }
    }
    fn truncate(self) -> I32 {
        I32::wrapped(self.wide())
    }
    fn requires(self, lo: i64, hi: i64) {
        if self.lo < lo as i128 || self.hi > hi as i128 {
            fail(format!(
                "precondition [{lo}, {hi}] can fail: value in [{}, {}]",
                self.lo, self.hi
            ));
        }
    }
}

// The lane instances of the SIMD models (`crate::lane`): wrapping
// multiplications and shifts give the whole i32 range when they could
// wrap; additions and subtractions that could wrap are recorded as
// failures (in the kernels run on intervals every one is meant to be
// exact).

const FULL64: I64 = I64 {
    lo: i64::MIN as i128,
    hi: i64::MAX as i128,
};

impl I32 {
    fn exact(self) -> Option<i64> {
        (self.lo == self.hi).then_some(self.lo)
    }
    fn of(v: i64) -> I32 {
        I32 { lo: v, hi: v }
    }
    fn bitwise(self, b: I32, f: impl Fn(i32, i32) -> i32) -> I32 {
        match (self.exact(), b.exact()) {
            (Some(x), Some(y)) => I32::of(f(x as i32, y as i32) as i64),
            _ => FULL32,
        }
    }
    fn mask(always: bool, never: bool) -> I32 {
        if always {
            I32::of(-1)
        } else if never {
            I32::of(0)
        } else {
            I32 { lo: -1, hi: 0 }
        }
    }
}

impl crate::lane::Lane for I32 {
    type Wide = I64;
    fn lit(v: i32) -> I32 {
        I32::of(v as i64)
    }
    fn add(self, b: I32) -> I32 {
        self + b
    }
    fn sub(self, b: I32) -> I32 {
        self - b
    }
    fn mul(self, b: I32) -> I32 {
        I32::wrapped(products(self.wide(), b.wide()))
    }
    fn sar(self, k: u32) -> I32 {
        self >> k
    }
    fn shl(self, k: u32) -> I32 {
        I32::wrapped(shifted(self.wide(), k))
    }
    fn and(self, b: I32) -> I32 {
        self.bitwise(b, |x, y| x & y)
    }
    fn or(self, b: I32) -> I32 {
        self.bitwise(b, |x, y| x | y)
    }
    fn xor(self, b: I32) -> I32 {
        self.bitwise(b, |x, y| x ^ y)
    }
    fn not(self) -> I32 {
        I32 {
            lo: -self.hi - 1,
            hi: -self.lo - 1,
        }
    }
    fn eq_mask(self, b: I32) -> I32 {
        let always = self.exact().is_some() && self.exact() == b.exact();
        I32::mask(always, self.hi < b.lo || b.hi < self.lo)
    }
    fn gt_mask(self, b: I32) -> I32 {
        I32::mask(self.lo > b.hi, self.hi <= b.lo)
    }
    fn abs(self) -> I32 {
        if self.lo == i32::MIN as i64 {
            FULL32
        } else if self.lo >= 0 {
            self
        } else if self.hi <= 0 {
            I32 {
                lo: -self.hi,
                hi: -self.lo,
            }
        } else {
            I32 {
                lo: 0,
                hi: self.hi.max(-self.lo),
            }
        }
    }
    fn widen(self) -> I64 {
        Word::widen(self)
    }
    fn constant(self) -> Option<i32> {
        self.exact().map(|v| v as i32)
    }
}

impl crate::lane::WideLane for I64 {
    type Narrow = I32;
    fn lit(v: i64) -> I64 {
        Wide::lit(v)
    }
    fn add(self, b: I64) -> I64 {
        self + b
    }
    fn sub(self, b: I64) -> I64 {
        self - b
    }
    fn mul(self, b: I64) -> I64 {
        self * b
    }
    fn sar(self, k: u32) -> I64 {
        self >> k
    }
    fn low(self) -> I32 {
        I32::wrapped(self.wide())
    }
    fn high(self) -> I32 {
        I32 {
            lo: (self.lo >> 32) as i64,
            hi: (self.hi >> 32) as i64,
        }
    }
    fn join(high: I32, low: I32) -> I64 {
        // low read unsigned
        let (ulo, uhi) = if low.lo >= 0 {
            (low.lo as i128, low.hi as i128)
        } else if low.hi < 0 {
            (low.lo as i128 + (1 << 32), low.hi as i128 + (1 << 32))
        } else {
            (0, (1i128 << 32) - 1)
        };
        let r = I64 {
            lo: ((high.lo as i128) << 32) + ulo,
            hi: ((high.hi as i128) << 32) + uhi,
        };
        if r.lo < FULL64.lo || r.hi > FULL64.hi {
            FULL64
        } else {
            r
        }
    }
    fn saturate(self) -> I32 {
        I32 {
            lo: self.lo.clamp(i32::MIN as i128, i32::MAX as i128) as i64,
            hi: self.hi.clamp(i32::MIN as i128, i32::MAX as i128) as i64,
        }
    }
    fn requires(self, lo: i64, hi: i64) {
        Wide::requires(self, lo, hi)
    }
}

bounded_interval!(
    I16,
    i16,
    FULL16,
    "[lo, hi] within i16: the small NTT mod p = 7681 (`Half`, and the lanes of the 16-bit intrinsics' model)."
);

impl I16 {
    /// (a b) >> 16: exact, never leaves i16.
    fn product_high(self, b: I16) -> I16 {
        let (lo, hi) = products(self.wide(), b.wide());
        I16::new((lo >> 16) as i64, (hi >> 16) as i64)
    }
    /// A proven step's range [lo, hi] (its z3 lemma holds for every 16-bit
    /// input, and an interval never leaves i16).
    fn step_range(lo: i16, hi: i16) -> I16 {
        I16::new(lo as i64, hi as i64)
    }
}

impl Half for I16 {
    fn lit(v: i16) -> I16 {
        I16::new(v as i64, v as i64)
    }
    fn wrapping_mul(self, b: I16) -> I16 {
        I16::wrapped(products(self.wide(), b.wide()))
    }
    fn mul_high(self, b: I16) -> I16 {
        self.product_high(b)
    }
    fn proven_step(self, _step: impl FnOnce(I16) -> I16, lo: i16, hi: i16) -> I16 {
        I16::step_range(lo, hi)
    }
}

// The model's lanes: additions and subtractions that could wrap are
// recorded (every one in the small NTT is meant to be exact); the low half
// of a product is the whole range where it could wrap.
impl crate::lane::Lane16 for I16 {
    fn lit(v: i16) -> I16 {
        Half::lit(v)
    }
    fn add(self, b: I16) -> I16 {
        self + b
    }
    fn sub(self, b: I16) -> I16 {
        self - b
    }
    fn mullo(self, b: I16) -> I16 {
        Half::wrapping_mul(self, b)
    }
    fn mulhi(self, b: I16) -> I16 {
        self.product_high(b)
    }
    fn sar(self, k: u32) -> I16 {
        self >> k
    }
    fn proven(_x: I16, _step: impl FnOnce(I16) -> I16, lo: i16, hi: i16) -> I16 {
        I16::step_range(lo, hi)
    }
    fn skips_proven_steps() -> bool {
        true
    }
    fn value(self) -> Option<i16> {
        (self.lo == self.hi).then_some(self.lo as i16)
    }
}
