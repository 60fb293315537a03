//! z3 bit-vector instances of `mldsa`'s `Word` / `Wide` traits, and the
//! prover that checks a lemma.
//!
//! Running a kernel of `mldsa::backend::portable` on [`Bv32`] builds the
//! z3 term of its result from the kernel's own source. Every `+`, `-`, `*`
//! and `<<` of the kernel also records an obligation (no signed overflow),
//! proven together with the lemma's statement, so the proof covers the
//! `i32` code in debug builds (which would panic) and release builds alike.
//!
//! z3 terms are not `Copy` but `Word` is, so [`Bv32`] and [`Bv64`] are
//! indices into a per-thread table of terms.

use mldsa::backend::portable::word::{Half, Wide, Word};
use std::cell::RefCell;
use std::ops::{Add, BitAnd, BitOr, BitXor, Mul, Shl, Shr, Sub};
use z3::ast::{Ast, BV, Bool};
use z3::{Config, Context, SatResult, Solver};

/// Seconds z3 may spend on one query before the lemma counts as failed.
pub const TIMEOUT_SECONDS: u64 = 300;

thread_local! {
    static CTX: &'static Context = Box::leak(Box::new({
        let mut config = Config::new();
        config.set_timeout_msec(TIMEOUT_SECONDS * 1000);
        config.set_model_generation(true);
        Context::new(&config)
    }));
    static TERMS: RefCell<Vec<BV<'static>>> = const { RefCell::new(Vec::new()) };
    static OBLIGATIONS: RefCell<Vec<(&'static str, Bool<'static>)>> = const { RefCell::new(Vec::new()) };
    static PRODUCTS: RefCell<Option<Vec<(BV<'static>, BV<'static>, Bv64)>>> = const { RefCell::new(None) };
    static FACTS: RefCell<Vec<Bool<'static>>> = const { RefCell::new(Vec::new()) };
}

/// This thread's z3 context.
pub fn ctx() -> &'static Context {
    CTX.with(|c| *c)
}

fn store(term: BV<'static>) -> usize {
    TERMS.with(|t| {
        let mut t = t.borrow_mut();
        t.push(term);
        t.len() - 1
    })
}

fn load(index: usize) -> BV<'static> {
    TERMS.with(|t| t.borrow()[index].clone())
}

fn oblige(what: &'static str, holds: Bool<'static>) {
    OBLIGATIONS.with(|o| o.borrow_mut().push((what, holds)));
}

/// Starts a lemma: forgets the terms and obligations of the previous one.
pub fn reset() {
    TERMS.with(|t| t.borrow_mut().clear());
    OBLIGATIONS.with(|o| o.borrow_mut().clear());
    FACTS.with(|f| f.borrow_mut().clear());
    PRODUCTS.with(|p| *p.borrow_mut() = None);
}

/// From here to the next [`reset`], every 64-bit product `x * y` of a
/// sign-extended 32-bit value x and another one or a constant y is a fresh
/// unknown `P = hi : (x y mod 2^32)`: the low half the 32-bit product, the
/// high half free but for the facts every such product satisfies (P within
/// the range of x y over all 32-bit x, y; and for two unknown factors,
/// P = 2^62 exactly when x = y = -2^31). The same factors (after z3's
/// simplification) give the same unknown, in the model's terms and in the
/// portable kernel's alike. A statement proven for every such P holds for
/// the real products (they are among them): z3 no longer reasons through
/// 64-bit multipliers, where the two sides compute the same product in
/// different words (NEON's `sqdmulh` doubling high halves against the
/// portable 64-bit product). Mutants run without it, so that their
/// counterexamples are real products.
pub fn abstract_products() {
    PRODUCTS.with(|p| *p.borrow_mut() = Some(Vec::new()));
}

fn constant_value(x: &BV<'static>) -> Option<i64> {
    constant::<Bv64>(&x.simplify())
}

/// The unknown standing for x * y (64-bit), if products are abstracted and
/// x is a sign-extended 32-bit value (y too, or a constant).
fn abstract_product(x: &BV<'static>, y: &BV<'static>) -> Option<Bv64> {
    let active = PRODUCTS.with(|p| p.borrow().is_some());
    if !active {
        return None;
    }
    // The constant, if any, second.
    let (x, y) = match (constant_value(x), constant_value(y)) {
        (Some(_), Some(_)) => return None,
        (Some(_), None) => (y, x),
        _ => (x, y),
    };
    let (x, y) = (x.simplify(), y.simplify());
    if let Some(p) = PRODUCTS.with(|p| {
        p.borrow().as_ref().and_then(|list| {
            list.iter()
                .find(|(a, b, _)| (*a == x && *b == y) || (*a == y && *b == x))
                .map(|(_, _, p)| *p)
        })
    }) {
        return Some(p);
    }
    let in_i32 = |v: &BV<'static>| Bv64::of(v.clone()).within(i32::MIN as i64, i32::MAX as i64);
    let low = x.extract(31, 0).bvmul(&y.extract(31, 0)).simplify();
    let high = BV::fresh_const(ctx(), "product_high", 32);
    let p = Bv64::of(high.concat(&low));
    let fact = match constant_value(&y) {
        Some(c) => {
            let ends = [c as i128 * i32::MIN as i128, c as i128 * i32::MAX as i128];
            let (lo, hi) = (ends[0].min(ends[1]), ends[0].max(ends[1]));
            in_i32(&x).implies(&p.within(lo as i64, hi as i64))
        }
        None => {
            let min = Bv64::int(i32::MIN as i64).bv();
            let both_min = Bool::and(ctx(), &[&x._eq(&min), &y._eq(&min)]);
            Bool::and(ctx(), &[&in_i32(&x), &in_i32(&y)]).implies(&Bool::and(
                ctx(),
                &[
                    &p.within(-(1i64 << 62) + (1 << 31), 1 << 62),
                    &both_min
                        .not()
                        .implies(&p.within(i64::MIN, (1i64 << 62) - (1 << 31))),
                    &both_min.implies(&p.eq(Bv64::int(1 << 62))),
                ],
            ))
        }
    };
    FACTS.with(|f| f.borrow_mut().push(fact));
    PRODUCTS.with(|list| {
        if let Some(list) = list.borrow_mut().as_mut() {
            list.push((x, y, p));
        }
    });
    Some(p)
}

/// Forgets the obligations recorded so far, keeping the terms: for a
/// reference value computed by a portable kernel whose obligations its own
/// lemma proves (under the same precondition).
pub fn forget_obligations() {
    OBLIGATIONS.with(|o| o.borrow_mut().clear());
}

/// A 32-bit bit-vector term.
#[derive(Clone, Copy, Debug)]
pub struct Bv32(usize);
/// A 64-bit bit-vector term.
#[derive(Clone, Copy, Debug)]
pub struct Bv64(usize);
/// A 16-bit bit-vector term (the small NTT mod p = 7681).
#[derive(Clone, Copy, Debug)]
pub struct Bv16(usize);

/// Signed integer constants and comparisons on either width.
pub trait Term: Copy {
    /// The width in bits.
    const BITS: u32;
    /// The z3 term.
    fn bv(self) -> BV<'static>;
    /// Wraps a z3 term of this width.
    fn of(term: BV<'static>) -> Self;
    /// A fresh unknown named `name`.
    fn var(name: &str) -> Self {
        Self::of(BV::new_const(ctx(), name, Self::BITS))
    }
    /// A constant.
    fn int(v: i64) -> Self {
        Self::of(BV::from_i64(ctx(), v, Self::BITS))
    }
    /// self == other
    fn eq(self, other: Self) -> Bool<'static> {
        self.bv()._eq(&other.bv())
    }
    /// lo <= self <= hi (signed)
    fn within(self, lo: i64, hi: i64) -> Bool<'static> {
        let v = self.bv();
        Bool::and(
            ctx(),
            &[&v.bvsge(&Self::int(lo).bv()), &v.bvsle(&Self::int(hi).bv())],
        )
    }
    /// self * c does not overflow.
    fn fits_times(self, c: i64) -> Bool<'static> {
        let (min, max) = match Self::BITS {
            64 => (i64::MIN as i128, i64::MAX as i128),
            32 => (i32::MIN as i128, i32::MAX as i128),
            _ => (i16::MIN as i128, i16::MAX as i128),
        };
        if c == 0 {
            return Bool::from_bool(ctx(), true);
        }
        let c = c as i128;
        // The integers x with min <= x c <= max.
        let (lo, hi) = if c > 0 {
            (
                min.div_euclid(c) + (min.rem_euclid(c) != 0) as i128,
                max.div_euclid(c),
            )
        } else {
            (
                max.div_euclid(c) + (max.rem_euclid(c) != 0) as i128,
                min.div_euclid(c),
            )
        };
        self.within(lo.max(min) as i64, hi.min(max) as i64)
    }
    /// self < other (signed)
    fn lt(self, other: Self) -> Bool<'static> {
        self.bv().bvslt(&other.bv())
    }
    /// if c { a } else { b }
    fn ite(c: &Bool<'static>, a: Self, b: Self) -> Self {
        Self::of(c.ite(&a.bv(), &b.bv()))
    }
    /// self mod m == 0 (signed remainder; m a positive constant).
    fn divisible_by(self, m: i64) -> Bool<'static> {
        self.bv().bvsrem(&Self::int(m).bv())._eq(&Self::int(0).bv())
    }
}

/// `impl Term` for each `$t` of `$bits` bits: its term in the store.
macro_rules! terms {
    ($($t:ident: $bits:literal),+) => {$(
        impl Term for $t {
            const BITS: u32 = $bits;
            fn bv(self) -> BV<'static> {
                load(self.0)
            }
            fn of(term: BV<'static>) -> Self {
                $t(store(term))
            }
        }
    )+};
}
terms!(Bv32: 32, Bv64: 64, Bv16: 16);

/// Methods `fn $method(self, b: Self) -> Self`, each the one bit-vector
/// operation `$op` (modulo 2^BITS, no obligation).
macro_rules! bv_methods {
    ($($method:ident => $op:ident),+) => {$(
        fn $method(self, b: Self) -> Self {
            Self::of(self.bv().$op(&b.bv()))
        }
    )+};
}

/// The value of a constant term of type T, read signed.
fn constant<T: Term>(term: &BV<'static>) -> Option<i64> {
    let u = term.as_u64()?;
    Some(if T::BITS < 64 && u >= 1 << (T::BITS - 1) {
        (u as i64) - (1i64 << T::BITS)
    } else {
        u as i64
    })
}

macro_rules! checked_ops {
    ($t:ty) => {
        impl Add for $t {
            type Output = $t;
            fn add(self, rhs: $t) -> $t {
                let (a, b) = (self.bv(), rhs.bv());
                oblige("+ overflows", a.bvadd_no_overflow(&b, true));
                oblige("+ underflows", a.bvadd_no_underflow(&b));
                Self::of(a.bvadd(&b))
            }
        }
        impl Sub for $t {
            type Output = $t;
            fn sub(self, rhs: $t) -> $t {
                let (a, b) = (self.bv(), rhs.bv());
                oblige("- overflows", a.bvsub_no_overflow(&b));
                oblige("- underflows", a.bvsub_no_underflow(&b, true));
                Self::of(a.bvsub(&b))
            }
        }
        impl Mul for $t {
            type Output = $t;
            fn mul(self, rhs: $t) -> $t {
                let (a, b) = (self.bv(), rhs.bv());
                if Self::BITS == 64 {
                    if let Some(p) = abstract_product(&a, &b) {
                        return Self::of(p.bv());
                    }
                }
                // By a constant c (every product in the kernels): a range
                // test on the other factor, [MIN / c, MAX / c], instead of
                // z3's double-width product, which is slow at 64 bits.
                match (constant::<$t>(&a), constant::<$t>(&b)) {
                    (_, Some(c)) => oblige("* overflows", self.fits_times(c)),
                    (Some(c), None) => oblige("* overflows", rhs.fits_times(c)),
                    (None, None) => {
                        oblige("* overflows", a.bvmul_no_overflow(&b, true));
                        oblige("* underflows", a.bvmul_no_underflow(&b));
                    }
                }
                Self::of(a.bvmul(&b))
            }
        }
        impl Shr<u32> for $t {
            type Output = $t;
            fn shr(self, k: u32) -> $t {
                Self::of(self.bv().bvashr(&BV::from_u64(ctx(), k as u64, Self::BITS)))
            }
        }
        impl Shl<u32> for $t {
            type Output = $t;
            fn shl(self, k: u32) -> $t {
                let a = self.bv();
                let shifted = a.bvshl(&BV::from_u64(ctx(), k as u64, Self::BITS));
                let back = shifted.bvashr(&BV::from_u64(ctx(), k as u64, Self::BITS));
                oblige("<< overflows", back._eq(&a));
                Self::of(shifted)
            }
        }
    };
}

checked_ops!(Bv32);
checked_ops!(Bv64);
checked_ops!(Bv16);

/// `impl $op for Bv32` by the bit-vector operation `$bv`.
macro_rules! bitwise_ops {
    ($($op:ident::$method:ident => $bv:ident),+) => {$(
        impl $op for Bv32 {
            type Output = Bv32;
            bv_methods!($method => $bv);
        }
    )+};
}
bitwise_ops!(BitAnd::bitand => bvand, BitOr::bitor => bvor, BitXor::bitxor => bvxor);

impl Word for Bv32 {
    type Wide = Bv64;
    fn lit(v: i32) -> Bv32 {
        Self::int(v as i64)
    }
    bv_methods!(wrapping_mul => bvmul, wrapping_sub => bvsub);
    fn widen(self) -> Bv64 {
        Bv64::of(self.bv().sign_ext(32))
    }
}

impl Wide for Bv64 {
    type Narrow = Bv32;
    fn lit(v: i64) -> Bv64 {
        Self::int(v)
    }
    fn truncate(self) -> Bv32 {
        Bv32::of(self.bv().extract(31, 0))
    }
    fn requires(self, lo: i64, hi: i64) {
        oblige("a kernel's precondition fails", self.within(lo, hi));
    }
}

impl Bv16 {
    /// The high 16 bits of the signed 32-bit product (exact).
    fn product_high(self, b: Bv16) -> Bv16 {
        let p = self.bv().sign_ext(16).bvmul(&b.bv().sign_ext(16));
        Bv16::of(p.extract(31, 16))
    }
}

impl Half for Bv16 {
    fn lit(v: i16) -> Bv16 {
        Self::int(v as i64)
    }
    bv_methods!(wrapping_mul => bvmul);
    fn mul_high(self, b: Bv16) -> Bv16 {
        self.product_high(b)
    }
    fn proven_step(self, step: impl FnOnce(Bv16) -> Bv16, lo: i16, hi: i16) -> Bv16 {
        let r = step(self);
        oblige("a step's range fails", r.within(lo as i64, hi as i64));
        r
    }
}

/// The outcome of one query.
pub enum Verdict {
    /// No input satisfying the precondition violates the statement.
    Proven,
    /// A counterexample: the inputs, and what fails.
    Refuted(String),
    /// z3 gave up (timeout); the lemma is not proven.
    Unknown(String),
}

/// The inputs `name0`, `name1`, .. of [`prove_named`], one per value.
pub fn named(
    name: &str,
    values: impl IntoIterator<Item = BV<'static>>,
) -> Vec<(String, BV<'static>)> {
    values
        .into_iter()
        .enumerate()
        .map(|(i, v)| (format!("{name}{i}"), v))
        .collect()
}

/// [`prove`] over groups of named inputs ([`named`]), with the goal every
/// one of `goals`.
pub fn prove_named(
    inputs: &[Vec<(String, BV<'static>)>],
    pre: &Bool<'static>,
    goals: &[Bool<'static>],
) -> Verdict {
    let all: Vec<(&str, BV<'static>)> = inputs
        .iter()
        .flatten()
        .map(|(n, v)| (n.as_str(), v.clone()))
        .collect();
    let refs: Vec<&Bool<'static>> = goals.iter().collect();
    prove(&all, pre, &Bool::and(ctx(), &refs))
}

/// Proves `pre => goal` and every obligation recorded since [`reset`],
/// for all values of `inputs`. Also fails if `pre` is unsatisfiable (a
/// vacuous lemma).
pub fn prove(inputs: &[(&str, BV<'static>)], pre: &Bool<'static>, goal: &Bool<'static>) -> Verdict {
    let ctx = ctx();
    // The bit-vector logic: z3 then bit-blasts after its word-level rewrites.
    let solver = Solver::new_for_logic(ctx, "QF_BV").unwrap_or_else(|| Solver::new(ctx));
    solver.assert(pre);
    for fact in FACTS.with(|f| f.borrow().clone()) {
        solver.assert(&fact);
    }
    match solver.check() {
        SatResult::Sat => {}
        SatResult::Unsat => return Verdict::Refuted("the precondition is unsatisfiable".into()),
        SatResult::Unknown => return Verdict::Unknown(reason(&solver)),
    }
    let obligations = OBLIGATIONS.with(|o| o.borrow().clone());
    let mut all = vec![("the statement is false", goal.clone())];
    all.extend(obligations.iter().map(|(w, b)| (*w, b.clone())));
    let refs: Vec<&Bool<'static>> = all.iter().map(|(_, b)| b).collect();
    solver.assert(&Bool::and(ctx, &refs).not());
    match solver.check() {
        SatResult::Unsat => Verdict::Proven,
        SatResult::Unknown => Verdict::Unknown(reason(&solver)),
        SatResult::Sat => {
            let model = solver.get_model().expect("z3 returns a model for sat");
            let mut text: Vec<String> = inputs
                .iter()
                .map(|(name, v)| {
                    let width = v.get_size();
                    match model.eval(v, true).and_then(|x| x.as_u64()) {
                        // z3 gives the bits unsigned; show them signed.
                        Some(u) if width == 64 => format!("{name} = {}", u as i64),
                        Some(u) if u >= 1 << (width - 1) => {
                            format!("{name} = {}", u as i64 - (1i64 << width))
                        }
                        Some(u) => format!("{name} = {u}"),
                        None => format!("{name} = ?"),
                    }
                })
                .collect();
            for (what, holds) in &all {
                if model.eval(holds, true).and_then(|b| b.as_bool()) == Some(false) {
                    text.push(what.to_string());
                    break;
                }
            }
            Verdict::Refuted(text.join(", "))
        }
    }
}

fn reason(solver: &Solver<'static>) -> String {
    solver
        .get_reason_unknown()
        .unwrap_or_else(|| "z3 returned unknown".into())
}

// The lane instances of the SIMD models (`crate::lane`): the bit-vector
// operations themselves, modulo 2^32 / 2^64, no obligations (an
// instruction's wrap-around is its semantics; the lemmas state what the
// result must be).

fn bv32(v: i64) -> BV<'static> {
    BV::from_i64(ctx(), v, 32)
}

impl crate::lane::Lane for Bv32 {
    type Wide = Bv64;
    fn lit(v: i32) -> Bv32 {
        Bv32::int(v as i64)
    }
    bv_methods!(add => bvadd, sub => bvsub, mul => bvmul, and => bvand, or => bvor, xor => bvxor);
    fn sar(self, k: u32) -> Bv32 {
        Bv32::of(self.bv().bvashr(&bv32(k as i64)))
    }
    fn shl(self, k: u32) -> Bv32 {
        Bv32::of(self.bv().bvshl(&bv32(k as i64)))
    }
    fn not(self) -> Bv32 {
        Bv32::of(self.bv().bvnot())
    }
    fn eq_mask(self, b: Bv32) -> Bv32 {
        Bv32::ite(&Term::eq(self, b), Bv32::int(-1), Bv32::int(0))
    }
    fn gt_mask(self, b: Bv32) -> Bv32 {
        Bv32::ite(&b.lt(self), Bv32::int(-1), Bv32::int(0))
    }
    fn abs(self) -> Bv32 {
        Bv32::ite(&self.lt(Bv32::int(0)), Bv32::of(self.bv().bvneg()), self)
    }
    fn widen(self) -> Bv64 {
        Bv64::of(self.bv().sign_ext(32))
    }
    fn constant(self) -> Option<i32> {
        constant::<Bv32>(&self.bv().simplify()).map(|v| v as i32)
    }
}

impl crate::lane::Lane16 for Bv16 {
    fn lit(v: i16) -> Bv16 {
        Bv16::int(v as i64)
    }
    bv_methods!(add => bvadd, sub => bvsub, mullo => bvmul);
    fn mulhi(self, b: Bv16) -> Bv16 {
        self.product_high(b)
    }
    fn sar(self, k: u32) -> Bv16 {
        Bv16::of(self.bv().bvashr(&BV::from_u64(ctx(), k as u64, 16)))
    }
    fn proven(x: Bv16, step: impl FnOnce(Bv16) -> Bv16, lo: i16, hi: i16) -> Bv16 {
        Half::proven_step(x, step, lo, hi)
    }
    fn value(self) -> Option<i16> {
        constant::<Bv16>(&self.bv().simplify()).map(|v| v as i16)
    }
}

impl crate::lane::WideLane for Bv64 {
    type Narrow = Bv32;
    fn lit(v: i64) -> Bv64 {
        Bv64::int(v)
    }
    bv_methods!(add => bvadd, sub => bvsub);
    fn mul(self, b: Bv64) -> Bv64 {
        let (x, y) = (self.bv(), b.bv());
        abstract_product(&x, &y).unwrap_or_else(|| Bv64::of(x.bvmul(&y)))
    }
    fn sar(self, k: u32) -> Bv64 {
        Bv64::of(self.bv().bvashr(&BV::from_u64(ctx(), k as u64, 64)))
    }
    fn low(self) -> Bv32 {
        Bv32::of(self.bv().extract(31, 0))
    }
    fn high(self) -> Bv32 {
        Bv32::of(self.bv().extract(63, 32))
    }
    fn join(high: Bv32, low: Bv32) -> Bv64 {
        Bv64::of(high.bv().concat(&low.bv()))
    }
    fn saturate(self) -> Bv32 {
        let v = self.bv();
        let max = Bv64::int(i32::MAX as i64).bv();
        let min = Bv64::int(i32::MIN as i64).bv();
        let low = v.extract(31, 0);
        Bv32::of(v.bvsgt(&max).ite(
            &Bv32::int(i32::MAX as i64).bv(),
            &v.bvslt(&min).ite(&Bv32::int(i32::MIN as i64).bv(), &low),
        ))
    }
    fn requires(self, _lo: i64, _hi: i64) {}
}
