//! Intervals as instances of `mldsa`'s `Word` / `Wide`: running a portable
//! kernel on them computes, for every operation of its source, a range that
//! contains every value the operation can take when the inputs lie in their
//! ranges. An operation that could leave its type's range (a `+`, `-`, `*`
//! or `<<` overflow), or a `requires` that a value could break, is recorded
//! as a failure. (Correlations between values are ignored: the ranges are
//! safe over-approximations.)

use mldsa::backend::portable::word::{Wide, Word};
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

fn fail(what: String) {
    FAILURES.with(|f| f.borrow_mut().push(what));
}

/// [lo, hi] within i32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct I32 {
    /// Least possible value.
    pub lo: i64,
    /// Greatest possible value.
    pub hi: i64,
}

/// [lo, hi] within i64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct I64 {
    /// Least possible value.
    pub lo: i128,
    /// Greatest possible value.
    pub hi: i128,
}

const FULL32: I32 = I32 {
    lo: i32::MIN as i64,
    hi: i32::MAX as i64,
};

impl I32 {
    /// Every value in [lo, hi].
    pub fn new(lo: i64, hi: i64) -> I32 {
        I32 { lo, hi }
    }
    /// The largest absolute value.
    pub fn magnitude(self) -> i64 {
        self.lo.abs().max(self.hi.abs())
    }
    fn checked(lo: i128, hi: i128, op: &str) -> I32 {
        if lo < i32::MIN as i128 || hi > i32::MAX as i128 {
            fail(format!("i32 {op} can overflow: [{lo}, {hi}]"));
            return FULL32;
        }
        I32 {
            lo: lo as i64,
            hi: hi as i64,
        }
    }
    fn wrapped(lo: i128, hi: i128) -> I32 {
        if lo < i32::MIN as i128 || hi > i32::MAX as i128 {
            FULL32
        } else {
            I32 {
                lo: lo as i64,
                hi: hi as i64,
            }
        }
    }
}

fn products(a: (i128, i128), b: (i128, i128)) -> (i128, i128) {
    let p = [a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1];
    (*p.iter().min().unwrap_or(&0), *p.iter().max().unwrap_or(&0))
}

impl Add for I32 {
    type Output = I32;
    fn add(self, b: I32) -> I32 {
        I32::checked(
            self.lo as i128 + b.lo as i128,
            self.hi as i128 + b.hi as i128,
            "+",
        )
    }
}
impl Sub for I32 {
    type Output = I32;
    fn sub(self, b: I32) -> I32 {
        I32::checked(
            self.lo as i128 - b.hi as i128,
            self.hi as i128 - b.lo as i128,
            "-",
        )
    }
}
impl Mul for I32 {
    type Output = I32;
    fn mul(self, b: I32) -> I32 {
        let (lo, hi) = products(
            (self.lo as i128, self.hi as i128),
            (b.lo as i128, b.hi as i128),
        );
        I32::checked(lo, hi, "*")
    }
}
impl Shl<u32> for I32 {
    type Output = I32;
    fn shl(self, k: u32) -> I32 {
        I32::checked((self.lo as i128) << k, (self.hi as i128) << k, "<<")
    }
}
impl Shr<u32> for I32 {
    type Output = I32;
    fn shr(self, k: u32) -> I32 {
        I32 {
            lo: self.lo >> k,
            hi: self.hi >> k,
        }
    }
}
// Bitwise operations never overflow; their range is not tracked.
impl BitAnd for I32 {
    type Output = I32;
    fn bitand(self, _: I32) -> I32 {
        FULL32
    }
}
impl BitOr for I32 {
    type Output = I32;
    fn bitor(self, _: I32) -> I32 {
        FULL32
    }
}
impl BitXor for I32 {
    type Output = I32;
    fn bitxor(self, _: I32) -> I32 {
        FULL32
    }
}

impl Word for I32 {
    type Wide = I64;
    fn lit(v: i32) -> I32 {
        I32 {
            lo: v as i64,
            hi: v as i64,
        }
    }
    fn wrapping_mul(self, b: I32) -> I32 {
        let (lo, hi) = products(
            (self.lo as i128, self.hi as i128),
            (b.lo as i128, b.hi as i128),
        );
        I32::wrapped(lo, hi)
    }
    fn wrapping_sub(self, b: I32) -> I32 {
        I32::wrapped(
            self.lo as i128 - b.hi as i128,
            self.hi as i128 - b.lo as i128,
        )
    }
    fn widen(self) -> I64 {
        I64 {
            lo: self.lo as i128,
            hi: self.hi as i128,
        }
    }
}

impl I64 {
    fn checked(lo: i128, hi: i128, op: &str) -> I64 {
        if lo < i64::MIN as i128 || hi > i64::MAX as i128 {
            fail(format!("i64 {op} can overflow: [{lo}, {hi}]"));
            return I64 {
                lo: i64::MIN as i128,
                hi: i64::MAX as i128,
            };
        }
        I64 { lo, hi }
    }
}

impl Add for I64 {
    type Output = I64;
    fn add(self, b: I64) -> I64 {
        I64::checked(self.lo + b.lo, self.hi + b.hi, "+")
    }
}
impl Sub for I64 {
    type Output = I64;
    fn sub(self, b: I64) -> I64 {
        I64::checked(self.lo - b.hi, self.hi - b.lo, "-")
    }
}
impl Mul for I64 {
    type Output = I64;
    fn mul(self, b: I64) -> I64 {
        let (lo, hi) = products((self.lo, self.hi), (b.lo, b.hi));
        I64::checked(lo, hi, "*")
    }
}
impl Shr<u32> for I64 {
    type Output = I64;
    fn shr(self, k: u32) -> I64 {
        I64 {
            lo: self.lo >> k,
            hi: self.hi >> k,
        }
    }
}

impl Wide for I64 {
    type Narrow = I32;
    fn lit(v: i64) -> I64 {
        I64 {
            lo: v as i128,
            hi: v as i128,
        }
    }
    fn truncate(self) -> I32 {
        I32::wrapped(self.lo, self.hi)
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
