//! FIPS 204's rounding functions as z3 relations, transcribed from the
//! standard's definitions rather than from any code: r0 = r mod+- alpha is
//! "the r0 in (-alpha/2, alpha/2] with r0 = r mod alpha" (section 2.3), and
//! an integer quotient is a fresh unknown k with r = k * alpha + r0.
//!
//! Each function returns its values and the constraints that define them.
//! A lemma asserts the constraints next to its precondition: they have
//! exactly one solution (the mod+- representative exists and is unique),
//! so a statement proven under them holds for the standard's values. The
//! quotients are bounded as well, so the 32-bit products cannot wrap to a
//! spurious solution.

use crate::smt::{Bv32, Term, ctx};
use z3::ast::{BV, Bool};

/// Q as a constant.
pub const Q: i64 = mldsa::params::Q as i64;

fn fresh(prefix: &str) -> Bv32 {
    Bv32::of(BV::fresh_const(ctx(), prefix, 32))
}

fn add(a: Bv32, b: Bv32) -> Bv32 {
    Bv32::of(a.bv().bvadd(&b.bv()))
}

fn sub(a: Bv32, b: Bv32) -> Bv32 {
    Bv32::of(a.bv().bvsub(&b.bv()))
}

fn mul(a: Bv32, k: i64) -> Bv32 {
    Bv32::of(a.bv().bvmul(&Bv32::int(k).bv()))
}

/// Values with their defining constraints.
pub struct Defined<T> {
    /// The value(s).
    pub value: T,
    /// The constraints that define them.
    pub defs: Vec<Bool<'static>>,
}

/// r mod+- alpha for |r| < 2^30, alpha even and positive: (quotient, r0)
/// with r = quotient * alpha + r0, -alpha/2 < r0 <= alpha/2.
fn mod_pm(r: Bv32, alpha: i64, quotient_max: i64, defs: &mut Vec<Bool<'static>>) -> (Bv32, Bv32) {
    let k = fresh("k");
    let r0 = fresh("r0");
    defs.push(k.within(-quotient_max, quotient_max));
    defs.push(r0.within(-(alpha / 2) + 1, alpha / 2));
    defs.push(r.eq(add(mul(k, alpha), r0)));
    (k, r0)
}

/// r mod q for r in (-q, 2q).
pub fn mod_q(r: Bv32) -> Bv32 {
    let q = Bv32::int(Q);
    let low = Bv32::ite(&r.lt(Bv32::int(0)), add(r, q), r);
    Bv32::ite(&low.lt(q).not(), sub(low, q), low)
}

/// Power2Round (Algorithm 35) for r in [0, q): (r1, r0).
pub fn power2round(r: Bv32) -> Defined<(Bv32, Bv32)> {
    let mut defs = Vec::new();
    // 1: r+ <- r mod q (r is in [0, q) already); 2: r0 <- r+ mod+- 2^d
    // 3: return ((r+ - r0) / 2^d, r0): the quotient of mod+-.
    let (r1, r0) = mod_pm(r, 1 << 13, Q >> 12, &mut defs);
    Defined {
        value: (r1, r0),
        defs,
    }
}

/// Decompose (Algorithm 36) for r in [0, q): (r1, r0).
pub fn decompose(r: Bv32, gamma2: i64) -> Defined<(Bv32, Bv32)> {
    let mut defs = Vec::new();
    // 1: r+ <- r mod q (already); 2: r0 <- r+ mod+- (2 gamma2)
    let (k, r0) = mod_pm(r, 2 * gamma2, Q / gamma2, &mut defs);
    // 3: if r+ - r0 = q - 1 then r1 <- 0, r0 <- r0 - 1; 6: else r1 <- (r+ - r0) / (2 gamma2)
    let top = sub(r, r0).eq(Bv32::int(Q - 1));
    let r1 = Bv32::ite(&top, Bv32::int(0), k);
    let r0 = Bv32::ite(&top, sub(r0, Bv32::int(1)), r0);
    Defined {
        value: (r1, r0),
        defs,
    }
}

/// HighBits (Algorithm 37) for r in [0, q).
pub fn high_bits(r: Bv32, gamma2: i64) -> Defined<Bv32> {
    let d = decompose(r, gamma2);
    Defined {
        value: d.value.0,
        defs: d.defs,
    }
}

/// MakeHint (Algorithm 39) for r in [0, q), z in (-q, q): 1 if
/// HighBits(r) != HighBits(r + z), the sum taken mod q (Decompose's line 1).
pub fn make_hint(z: Bv32, r: Bv32, gamma2: i64) -> Defined<Bv32> {
    let r1 = high_bits(r, gamma2);
    let v1 = high_bits(mod_q(add(r, z)), gamma2);
    let mut defs = r1.defs;
    defs.extend(v1.defs);
    let h = Bv32::ite(&r1.value.eq(v1.value), Bv32::int(0), Bv32::int(1));
    Defined { value: h, defs }
}

/// UseHint (Algorithm 40) for h in {0, 1}, r in [0, q).
pub fn use_hint(h: Bv32, r: Bv32, gamma2: i64) -> Defined<Bv32> {
    // 1: m <- (q - 1) / (2 gamma2); 2: (r1, r0) <- Decompose(r)
    let m = (Q - 1) / (2 * gamma2);
    let d = decompose(r, gamma2);
    let (r1, r0) = d.value;
    let one = h.eq(Bv32::int(1));
    // 3: if h = 1 and r0 > 0 return (r1 + 1) mod m (r1 + 1 in [1, m])
    let up = add(r1, Bv32::int(1));
    let up = Bv32::ite(&up.eq(Bv32::int(m)), Bv32::int(0), up);
    // 4: if h = 1 and r0 <= 0 return (r1 - 1) mod m (r1 - 1 in [-1, m - 2])
    let down = sub(r1, Bv32::int(1));
    let down = Bv32::ite(&down.eq(Bv32::int(-1)), Bv32::int(m - 1), down);
    let positive = Bv32::int(0).lt(r0);
    let hinted = Bv32::ite(&positive, up, down);
    // 5: return r1
    Defined {
        value: Bv32::ite(&one, hinted, r1),
        defs: d.defs,
    }
}

/// All constraints as one.
pub fn all(defs: &[Bool<'static>]) -> Bool<'static> {
    let refs: Vec<&Bool<'static>> = defs.iter().collect();
    Bool::and(ctx(), &refs)
}
