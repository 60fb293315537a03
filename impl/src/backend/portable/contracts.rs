//! The lemmas of `lemmas/` as hax contracts, on the `i32` instances of the
//! portable kernels: the code that runs, with the statements a hax user
//! gets as F* proof obligations. Compiled only with `--cfg hax` (`make
//! hax-cfg` type-checks them); in a normal build this module does not exist.
//!
//! Which of these are proven here, and how, is `lemmas/README.md`'s
//! inventory; F* is not run on them here.

use super::{arithmetic, ntt as transform, rounding};
use crate::params::{Gamma2, Gamma2Q32, Gamma2Q88, N, Q};

/// |a_i| <= bound for every i.
pub fn bounded(a: &[i32; N], bound: i32) -> bool {
    let mut ok = true;
    for &x in a.iter() {
        ok = ok && -bound <= x && x <= bound;
    }
    ok
}

/// MontgomeryReduce (Algorithm 49): z3 lemma `montgomery_reduce`.
#[hax_lib::requires(-(1i64 << 31) * (Q as i64) <= a && a <= (1i64 << 31) * (Q as i64))]
#[hax_lib::ensures(|r| -Q <= r && r <= Q && ((r as i64) * (1i64 << 32) - a) % (Q as i64) == 0)]
pub fn montgomery_reduce(a: i64) -> i32 {
    arithmetic::montgomery_reduce::<i32>(a)
}

/// Montgomery multiplication: interval lemma `montgomery_mul` (the product
/// meets MontgomeryReduce's precondition), z3 lemma `montgomery_mul =
/// montgomery_reduce(a b)` (the same bits) and the z3 lemma above.
#[hax_lib::requires(-Q <= b && b <= Q)]
#[hax_lib::ensures(|r| -Q <= r && r <= Q && ((r as i64) * (1i64 << 32) - (a as i64) * (b as i64)) % (Q as i64) == 0)]
pub fn montgomery_mul(a: i32, b: i32) -> i32 {
    arithmetic::montgomery_mul(a, b)
}

/// reduce32: z3 lemma `reduce32`, exhaustive on every input.
#[hax_lib::requires(a <= (1 << 31) - (1 << 22) - 1)]
#[hax_lib::ensures(|r| -6283009 <= r && r <= 6283008 && ((a as i64) - (r as i64)) % (Q as i64) == 0)]
pub fn reduce32(a: i32) -> i32 {
    arithmetic::reduce32(a)
}

/// caddq: z3 lemma `caddq = if/else`.
#[hax_lib::requires(-Q < a && a < Q)]
#[hax_lib::ensures(|r| r == if a < 0 { a + Q } else { a })]
pub fn caddq(a: i32) -> i32 {
    arithmetic::caddq(a)
}

/// The branch-free select: z3 lemma `add_if_negative = if/else`.
#[hax_lib::requires(v >= 0)]
#[hax_lib::ensures(|r| r == if x < 0 { x.wrapping_add(v) } else { x })]
pub fn add_if_negative(x: i32, v: i32) -> i32 {
    arithmetic::add_if_negative(x, v)
}

/// The branch-free select: z3 lemma `sub_if_above = if/else`.
#[hax_lib::requires(-(1 << 30) < x && x < (1 << 30) && -(1 << 30) < bound && bound < (1 << 30) && 0 <= v && v <= (1 << 30))]
#[hax_lib::ensures(|r| r == if x > bound { x - v } else { x })]
pub fn sub_if_above(x: i32, bound: i32, v: i32) -> i32 {
    arithmetic::sub_if_above(x, bound, v)
}

/// The branch-free test: z3 lemma `is_nonzero = if/else`.
#[hax_lib::ensures(|r| r == if x != 0 { 1 } else { 0 })]
pub fn is_nonzero(x: i32) -> i32 {
    arithmetic::is_nonzero(x)
}

/// freeze: z3 lemma `freeze`.
#[hax_lib::requires(a <= (1 << 31) - (1 << 22) - 1)]
#[hax_lib::ensures(|r| 0 <= r && r < Q && ((a as i64) - (r as i64)) % (Q as i64) == 0)]
pub fn freeze(a: i32) -> i32 {
    arithmetic::freeze(a)
}

/// Power2Round = Algorithm 35: z3 and exhaustive.
#[hax_lib::requires(0 <= a && a < Q)]
#[hax_lib::ensures(|(a1, a0)| (a1, a0) == mldsa_spec_power2round(a))]
pub fn power2round(a: i32) -> (i32, i32) {
    rounding::power2round(a)
}

/// Decompose, MakeHint and UseHint for one gamma2, monomorphic (the
/// kernels are generic over [`Gamma2`]): one instance per value below.
macro_rules! gamma2_contracts {
    ($g:ty, $decompose:ident, $make_hint:ident, $use_hint:ident) => {
        /// Decompose = Algorithm 36: z3 and exhaustive.
        #[hax_lib::requires(0 <= a && a < Q)]
        #[hax_lib::ensures(|(a1, a0)| 0 <= a1 && a1 < <$g as Gamma2>::M
                            && -<$g as Gamma2>::GAMMA2 <= a0 && a0 <= <$g as Gamma2>::GAMMA2)]
        pub fn $decompose(a: i32) -> (i32, i32) {
            rounding::decompose::<i32, $g>(a)
        }

        /// MakeHint = Algorithm 39: z3 for all z, r in [0, q).
        #[hax_lib::requires(0 <= z && z < Q && 0 <= r && r < Q)]
        #[hax_lib::ensures(|h| h == 0 || h == 1)]
        pub fn $make_hint(z: i32, r: i32) -> i32 {
            rounding::make_hint::<i32, $g>(z, r)
        }

        /// UseHint = Algorithm 40: z3 and exhaustive.
        #[hax_lib::requires((h == 0 || h == 1) && 0 <= r && r < Q)]
        #[hax_lib::ensures(|v| 0 <= v && v < <$g as Gamma2>::M)]
        pub fn $use_hint(h: i32, r: i32) -> i32 {
            rounding::use_hint::<i32, $g>(h, r)
        }
    };
}

gamma2_contracts!(Gamma2Q88, decompose_q88, make_hint_q88, use_hint_q88);
gamma2_contracts!(Gamma2Q32, decompose_q32, make_hint_q32, use_hint_q32);

/// The norm check: z3 lemma `norm check`.
#[hax_lib::requires(-((1 << 31) - (1 << 22)) <= a && a <= (1 << 31) - (1 << 22) && 0 < bound && bound <= (Q - 1) / 8)]
#[hax_lib::ensures(|r| r == if a >= bound || a <= -bound { -1 } else { 0 })]
pub fn exceeds(a: i32, bound: i32) -> i32 {
    rounding::exceeds(a, bound)
}

/// NTT: interval lemma (no overflow, |out| < 9q; measured 5.02q).
#[hax_lib::requires(bounded(a, Q - 1))]
#[hax_lib::ensures(|_| bounded(future(a), 9 * Q - 1))]
pub fn ntt(a: &mut [i32; N]) {
    transform::ntt(a)
}

/// Inverse NTT: interval lemma (no overflow, |out| < q).
#[hax_lib::requires(bounded(a, Q))]
#[hax_lib::ensures(|_| bounded(future(a), Q - 1))]
pub fn invntt_tomont(a: &mut [i32; N]) {
    transform::invntt_tomont(a)
}

/// Power2Round as the standard defines it (Algorithm 35), for the contract.
fn mldsa_spec_power2round(r: i32) -> (i32, i32) {
    let r0 = {
        let m = r % (1 << 13);
        if m > 1 << 12 { m - (1 << 13) } else { m }
    };
    ((r - r0) >> 13, r0)
}
