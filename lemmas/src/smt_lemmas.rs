//! The z3 lemmas: each statement runs a portable kernel of `mldsa` (its own
//! generic source, on bit-vectors) and proves it for every input of the
//! precondition; each is run again on a mutant (`mutants.rs`) that must be
//! refuted.

use crate::Lemma;
use crate::fips::{self, Q};
use crate::mutants;
use crate::smt::{self, Bv32, Bv64, Term, Verdict, ctx};
use mldsa::backend::portable as k;
use mldsa::backend::portable::MONTGOMERY_BOUND;
use mldsa::backend::portable::word::Word;
use mldsa_diff_tests::typed;
use z3::ast::{Ast, Bool};

const GAMMA2: [i64; 2] = [(Q - 1) / 88, (Q - 1) / 32];

fn and(parts: &[&Bool<'static>]) -> Bool<'static> {
    Bool::and(ctx(), parts)
}

/// A lemma's verdict: passes if z3 proved it.
pub(crate) fn proven(v: Verdict) -> Result<String, String> {
    match v {
        Verdict::Proven => Ok("proven".into()),
        Verdict::Refuted(c) => Err(format!("counterexample: {c}")),
        Verdict::Unknown(r) => Err(format!("z3 gave up: {r}")),
    }
}

/// A mutant's verdict: passes if z3 refuted it.
pub(crate) fn refuted(v: Verdict) -> Result<String, String> {
    match v {
        Verdict::Proven => Err("the mutant was not refuted: the lemma cannot tell".into()),
        Verdict::Refuted(c) => Ok(format!("refuted: {c}")),
        Verdict::Unknown(r) => Err(format!("z3 gave up on the mutant: {r}")),
    }
}

/// r = MontgomeryReduce(a) (Algorithm 49) for |a| <= 2^31 q: r is the
/// standard's result, or that plus q where the standard's t is 2^31 (the
/// wrapping i32 product gives -2^31 there), and |r| <= q.
///
/// The standard's side, from its text: t = (a mod+- 2^32) QINV mod+- 2^32
/// (x mod+- 2^32 written out as a formula) and r' = (a - t q) / 2^32 (a
/// fresh unknown with r' 2^32 = a - t q). That division is exact for every
/// a because QINV q = 1 mod 2^32 (the `QINV q = 1` lemma), so r' always
/// exists, and r' 2^32 = a - t q gives r 2^32 = a (mod q). (Asking z3 for
/// the congruence directly makes it prove (x QINV) q = x mod 2^32 through
/// two multiplier circuits, which it does not finish in 10 minutes.)
fn montgomery(f: fn(Bv64) -> Bv32) -> Verdict {
    smt::reset();
    let a = Bv64::var("a");
    let (spec_pre, statement) = algorithm_49(a);
    let pre = and(&[&a.within(-MONTGOMERY_BOUND, MONTGOMERY_BOUND), &spec_pre]);
    let r = f(a);
    let goal = statement(r);
    smt::prove(&[("a", a.bv())], &pre, &goal)
}

/// Algorithm 49 on a, as a relation: what its fresh unknown r' must
/// satisfy, and the statement "r is Algorithm 49's result (+q at t = 2^31)
/// and |r| <= q" for a given r.
fn algorithm_49(a: Bv64) -> (Bool<'static>, impl Fn(Bv32) -> Bool<'static>) {
    // t = (a mod+- 2^32) QINV mod+- 2^32: x mod+- 2^32 of the 32-bit x read
    // unsigned is x when x <= 2^31, else x - 2^32.
    let low = a.bv().extract(31, 0);
    let product = low.bvmul(&Bv32::int(k::QINV as i64).bv());
    let above_half = product.bvugt(&Bv32::int(1 << 31).bv());
    let t = Bv64::of(above_half.ite(&product.sign_ext(32), &product.zero_ext(32)));
    let r_spec = Bv64::of(z3::ast::BV::fresh_const(ctx(), "r", 64));
    let q = Bv64::int(Q).bv();
    let r_def = r_spec
        .bv()
        .bvshl(&Bv64::int(32).bv())
        ._eq(&a.bv().bvsub(&t.bv().bvmul(&q)));
    let pre = and(&[&r_spec.within(-(1 << 30), 1 << 30), &r_def]);
    let statement = move |r: Bv32| {
        let wide = Bv64::of(r.bv().sign_ext(32));
        let same = wide.eq(r_spec);
        let half_way = and(&[
            &t.eq(Bv64::int(1 << 31)),
            &wide.bv()._eq(&r_spec.bv().bvadd(&q)),
        ]);
        and(&[&Bool::or(ctx(), &[&same, &half_way]), &r.within(-Q, Q)])
    };
    (pre, statement)
}

/// f(a, b) = montgomery_reduce(a b) bit for bit, for every a, b with
/// |a b| <= 2^31 q, and no overflow inside f (the portable
/// `montgomery_mul`, which makes its own t and takes high halves). With
/// `abstracted`, the 64-bit products are `smt::abstract_products`
/// unknowns (their low halves the 32-bit products): z3 then needs no
/// multiplier circuit to see that both sides make the same t, and that
/// t q and a b have the same low half (QINV q = 1 mod 2^32).
fn montgomery_mul(f: fn(Bv32, Bv32) -> Bv32, abstracted: bool) -> Verdict {
    smt::reset();
    if abstracted {
        smt::abstract_products();
    }
    let (a, b) = (Bv32::var("a"), Bv32::var("b"));
    let product = a.widen() * b.widen();
    let pre = product.within(-MONTGOMERY_BOUND, MONTGOMERY_BOUND);
    let want = k::montgomery_reduce::<Bv32>(product);
    smt::forget_obligations();
    let r = f(a, b);
    smt::prove(&[("a", a.bv()), ("b", b.bv())], &pre, &r.eq(want))
}

/// b QINV mod 2^32: `montgomery_mul_pre`'s precomputed factor, as the NTT
/// makes it for each zeta.
fn with_qinv(b: Bv32) -> Bv32 {
    b.wrapping_mul(Bv32::lit(k::QINV))
}

/// QINV q = 1 mod 2^32: what makes Algorithm 49's division exact.
fn qinv_is_inverse() -> Result<String, String> {
    let product = k::QINV.wrapping_mul(Q as i32);
    if product == 1 {
        Ok("QINV * q mod 2^32 = 1".into())
    } else {
        Err(format!("QINV * q mod 2^32 = {product}"))
    }
}

/// r = f(a) is a mod q with lo <= r <= hi, for a <= 2^31 - 2^22 - 1
/// (reduce32: [-6283009, 6283008]; freeze: [0, q - 1]).
fn reduces_into(f: fn(Bv32) -> Bv32, lo: i64, hi: i64) -> Verdict {
    smt::reset();
    let a = Bv32::var("a");
    let pre = a.within(i32::MIN as i64, (1 << 31) - (1 << 22) - 1);
    let r = f(a);
    let d = Bv64::of(a.bv().sign_ext(32).bvsub(&r.bv().sign_ext(32)));
    let goal = and(&[&d.divisible_by(Q), &r.within(lo, hi)]);
    smt::prove(&[("a", a.bv())], &pre, &goal)
}

fn reduce32(f: fn(Bv32) -> Bv32) -> Verdict {
    reduces_into(f, -6283009, 6283008)
}

fn freeze(f: fn(Bv32) -> Bv32) -> Verdict {
    reduces_into(f, 0, Q - 1)
}

/// caddq(a) = if a < 0 { a + q } else { a }, in [0, q), for -q < a < q.
fn caddq(f: fn(Bv32) -> Bv32) -> Verdict {
    smt::reset();
    let a = Bv32::var("a");
    let pre = a.within(-Q + 1, Q - 1);
    let r = f(a);
    let expected = Bv32::ite(
        &a.lt(Bv32::int(0)),
        Bv32::of(a.bv().bvadd(&Bv32::int(Q).bv())),
        a,
    );
    let goal = and(&[&r.eq(expected), &r.within(0, Q - 1)]);
    smt::prove(&[("a", a.bv())], &pre, &goal)
}

/// add_if_negative(x, v) = if x < 0 { x + v } else { x }, for all x and v >= 0.
fn add_if_negative(f: fn(Bv32, Bv32) -> Bv32) -> Verdict {
    smt::reset();
    let (x, v) = (Bv32::var("x"), Bv32::var("v"));
    let pre = v.within(0, i32::MAX as i64);
    let r = f(x, v);
    let expected = Bv32::ite(&x.lt(Bv32::int(0)), Bv32::of(x.bv().bvadd(&v.bv())), x);
    smt::prove(&[("x", x.bv()), ("v", v.bv())], &pre, &r.eq(expected))
}

/// sub_if_above(x, b, v) = if x > b { x - v } else { x }, for |x|, |b| < 2^30, 0 <= v <= 2^30.
fn sub_if_above(f: fn(Bv32, Bv32, Bv32) -> Bv32) -> Verdict {
    smt::reset();
    let (x, b, v) = (Bv32::var("x"), Bv32::var("bound"), Bv32::var("v"));
    let m = (1 << 30) - 1;
    let pre = and(&[&x.within(-m, m), &b.within(-m, m), &v.within(0, 1 << 30)]);
    let r = f(x, b, v);
    let expected = Bv32::ite(&b.lt(x), Bv32::of(x.bv().bvsub(&v.bv())), x);
    smt::prove(
        &[("x", x.bv()), ("bound", b.bv()), ("v", v.bv())],
        &pre,
        &r.eq(expected),
    )
}

/// is_nonzero(x) = if x != 0 { 1 } else { 0 }, for all x.
fn is_nonzero(f: fn(Bv32) -> Bv32) -> Verdict {
    smt::reset();
    let x = Bv32::var("x");
    let r = f(x);
    let expected = Bv32::ite(&x.eq(Bv32::int(0)), Bv32::int(0), Bv32::int(1));
    smt::prove(
        &[("x", x.bv())],
        &Bool::from_bool(ctx(), true),
        &r.eq(expected),
    )
}

/// exceeds(a, b) = if |a| >= b { -1 } else { 0 }, for |a| <= 2^31 - 2^22, 0 < b <= (q-1)/8.
fn norm(f: fn(Bv32, Bv32) -> Bv32) -> Verdict {
    smt::reset();
    let (a, b) = (Bv32::var("a"), Bv32::var("bound"));
    let limit = (1i64 << 31) - (1 << 22);
    let pre = and(&[&a.within(-limit, limit), &b.within(1, (Q - 1) / 8)]);
    let r = f(a, b);
    let abs = Bv32::ite(&a.lt(Bv32::int(0)), Bv32::of(a.bv().bvneg()), a);
    let expected = Bv32::ite(&abs.lt(b), Bv32::int(0), Bv32::int(-1));
    smt::prove(&[("a", a.bv()), ("bound", b.bv())], &pre, &r.eq(expected))
}

/// power2round(a) = Power2Round(a) (Algorithm 35), for a in [0, q).
fn power2round(f: fn(Bv32) -> (Bv32, Bv32)) -> Verdict {
    smt::reset();
    let a = Bv32::var("a");
    let spec = fips::power2round(a);
    let pre = and(&[&a.within(0, Q - 1), &fips::all(&spec.defs)]);
    let (r1, r0) = f(a);
    let goal = and(&[&r1.eq(spec.value.0), &r0.eq(spec.value.1)]);
    smt::prove(&[("a", a.bv())], &pre, &goal)
}

/// decompose(a) = Decompose(a) (Algorithm 36), for a in [0, q).
fn decompose(gamma2: i64, f: fn(i32, Bv32) -> (Bv32, Bv32)) -> Verdict {
    smt::reset();
    let a = Bv32::var("a");
    let spec = fips::decompose(a, gamma2);
    let pre = and(&[&a.within(0, Q - 1), &fips::all(&spec.defs)]);
    let (r1, r0) = f(gamma2 as i32, a);
    let goal = and(&[&r1.eq(spec.value.0), &r0.eq(spec.value.1)]);
    smt::prove(&[("a", a.bv())], &pre, &goal)
}

/// make_hint(z, r) = MakeHint(z, r) (Algorithm 39), for z, r in [0, q).
fn make_hint(gamma2: i64, f: fn(i32, Bv32, Bv32) -> Bv32) -> Verdict {
    smt::reset();
    let (z, r) = (Bv32::var("z"), Bv32::var("r"));
    let spec = fips::make_hint(z, r, gamma2);
    let pre = and(&[
        &z.within(0, Q - 1),
        &r.within(0, Q - 1),
        &fips::all(&spec.defs),
    ]);
    let h = f(gamma2 as i32, z, r);
    smt::prove(&[("z", z.bv()), ("r", r.bv())], &pre, &h.eq(spec.value))
}

/// use_hint(h, r) = UseHint(h, r) (Algorithm 40), for h in {0, 1}, r in [0, q).
fn use_hint(gamma2: i64, f: fn(i32, Bv32, Bv32) -> Bv32) -> Verdict {
    smt::reset();
    let (h, r) = (Bv32::var("h"), Bv32::var("r"));
    let spec = fips::use_hint(h, r, gamma2);
    let pre = and(&[&h.within(0, 1), &r.within(0, Q - 1), &fips::all(&spec.defs)]);
    let v = f(gamma2 as i32, h, r);
    smt::prove(&[("h", h.bv()), ("r", r.bv())], &pre, &v.eq(spec.value))
}

/// The hint lemma on the standard's functions: UseHint(MakeHint(z, r), r) =
/// HighBits(r + z) for r in [0, q) and |z| <= bound (gamma2; the mutant
/// widens it by one).
fn hint_lemma(gamma2: i64, bound: i64) -> Verdict {
    smt::reset();
    let (z, r) = (Bv32::var("z"), Bv32::var("r"));
    let h = fips::make_hint(z, r, gamma2);
    let used = fips::use_hint(h.value, r, gamma2);
    let high = fips::high_bits(fips::mod_q(Bv32::of(r.bv().bvadd(&z.bv()))), gamma2);
    let mut defs = h.defs;
    defs.extend(used.defs);
    defs.extend(high.defs);
    let pre = and(&[
        &z.within(-bound, bound),
        &r.within(0, Q - 1),
        &fips::all(&defs),
    ]);
    smt::prove(
        &[("z", z.bv()), ("r", r.bv())],
        &pre,
        &used.value.eq(high.value),
    )
}

fn g2(gamma2: i64) -> &'static str {
    if gamma2 == (Q - 1) / 88 {
        "(q-1)/88"
    } else {
        "(q-1)/32"
    }
}

/// A lemma's check, run by z3.
type Check<'a> = &'a dyn Fn() -> Verdict;

/// Every z3 lemma and its mutant.
pub fn all() -> Vec<Lemma> {
    let mut out = vec![Lemma::run(
        "QINV q = 1 mod 2^32",
        "computed",
        "the constant",
        "portable",
        qinv_is_inverse,
    )];
    let mut pair = |name: String,
                    domain: String,
                    backends: &str,
                    right: &dyn Fn() -> Verdict,
                    wrong: &dyn Fn() -> Verdict| {
        out.push(Lemma::run(
            name.clone(),
            "z3",
            domain.clone(),
            backends,
            || proven(right()),
        ));
        out.push(Lemma::run(name, "z3 mutant", domain, backends, || {
            refuted(wrong())
        }));
    };
    // The portable kernels: name, domain, the kernel's check and its
    // mutant's.
    let kernels: [(&str, &str, Check, Check); 11] = [
        (
            "montgomery_reduce = Algorithm 49",
            "|a| <= 2^31 q: r = Alg. 49 (+q), |r| <= q",
            &|| montgomery(k::montgomery_reduce::<Bv32>),
            &|| montgomery(mutants::montgomery_reduce::<Bv32>),
        ),
        (
            "montgomery_mul = montgomery_reduce(a b)",
            "|a b| <= 2^31 q: the same bits",
            &|| montgomery_mul(k::montgomery_mul::<Bv32>, true),
            &|| montgomery_mul(mutants::montgomery_mul::<Bv32>, false),
        ),
        (
            "montgomery_mul_pre = montgomery_reduce(a b)",
            "|a b| <= 2^31 q, b_qinv = b QINV mod 2^32: the same bits",
            &|| montgomery_mul(|a, b| k::montgomery_mul_pre(a, b, with_qinv(b)), true),
            &|| {
                montgomery_mul(
                    |a, b| mutants::montgomery_mul_pre(a, b, with_qinv(b)),
                    false,
                )
            },
        ),
        (
            "reduce32",
            "a <= 2^31-2^22-1: r = a mod q, |r| <= 6283009",
            &|| reduce32(k::reduce32::<Bv32>),
            &|| reduce32(mutants::reduce32::<Bv32>),
        ),
        (
            "freeze",
            "a <= 2^31-2^22-1: r = a mod q in [0, q)",
            &|| freeze(k::freeze::<Bv32>),
            &|| freeze(|a| mutants::caddq(k::reduce32::<Bv32>(a))),
        ),
        (
            "caddq = if/else",
            "-q < a < q",
            &|| caddq(k::caddq::<Bv32>),
            &|| caddq(mutants::caddq::<Bv32>),
        ),
        (
            "add_if_negative = if/else",
            "all x, v >= 0",
            &|| add_if_negative(k::add_if_negative::<Bv32>),
            &|| add_if_negative(mutants::add_if_negative_30::<Bv32>),
        ),
        (
            "sub_if_above = if/else",
            "|x|, |bound| < 2^30, 0 <= v <= 2^30",
            &|| sub_if_above(k::sub_if_above::<Bv32>),
            &|| sub_if_above(mutants::sub_if_above_plus1::<Bv32>),
        ),
        (
            "is_nonzero = if/else",
            "all x",
            &|| is_nonzero(k::is_nonzero::<Bv32>),
            &|| is_nonzero(mutants::is_nonzero_sign::<Bv32>),
        ),
        (
            "norm check = (|a| >= bound)",
            "|a| <= 2^31-2^22, 0 < bound <= (q-1)/8",
            &|| norm(k::exceeds::<Bv32>),
            &|| norm(mutants::exceeds::<Bv32>),
        ),
        (
            "power2round = Power2Round",
            "a in [0, q)",
            &|| power2round(k::power2round::<Bv32>),
            &|| power2round(mutants::power2round::<Bv32>),
        ),
    ];
    for (name, domain, right, wrong) in kernels {
        pair(name.into(), domain.into(), "portable", right, wrong);
    }
    for gamma2 in GAMMA2 {
        // The rounding and hint lemmas at this gamma2: name, domain,
        // backends, the check and its mutant's.
        let rounding: [(&str, &str, &str, Check, Check); 4] = [
            (
                "decompose = Decompose",
                "a in [0, q)",
                "portable",
                &|| decompose(gamma2, typed::decompose_scalar::<Bv32>),
                &|| decompose(gamma2, mutants::decompose::<Bv32>),
            ),
            (
                "make_hint = MakeHint",
                "z, r in [0, q)",
                "portable",
                &|| make_hint(gamma2, typed::make_hint_scalar::<Bv32>),
                &|| make_hint(gamma2, mutants::make_hint::<Bv32>),
            ),
            (
                "use_hint = UseHint",
                "h in {0, 1}, r in [0, q)",
                "portable",
                &|| use_hint(gamma2, typed::use_hint_scalar::<Bv32>),
                &|| use_hint(gamma2, mutants::use_hint::<Bv32>),
            ),
            (
                "UseHint(MakeHint(z,r),r)=HighBits(r+z)",
                "r in [0, q), |z| <= gamma2 (mutant: +1)",
                "FIPS 204",
                &|| hint_lemma(gamma2, gamma2),
                &|| hint_lemma(gamma2, gamma2 + 1),
            ),
        ];
        let g = g2(gamma2);
        for (name, domain, backends, right, wrong) in rounding {
            pair(
                format!("{name}, g2={g}"),
                domain.into(),
                backends,
                right,
                wrong,
            );
        }
    }
    out
}
