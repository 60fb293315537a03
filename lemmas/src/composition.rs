//! The algorithms' bounds, for all inputs: the generic algorithms of
//! `mldsa::algorithms` run on [`Trace`], a `Backend` that forwards every
//! kernel to the portable one (so the algorithm really runs) and keeps a
//! side table, coefficient address -> proven range. A range comes only
//! from a kernel's proven output statement (or, for the few buffers the
//! algorithms fill in plain code, from the source's statement, listed in
//! [`ASSUMED`]), never from the values. At each call the argument buffers'
//! ranges must meet the kernel's precondition (the one the lemmas prove it
//! under); the output buffers then get the kernel's output range. The call
//! sequence is compared across seeds, messages and parameter sets, modulo
//! the rejection loops.

use std::cell::RefCell;
use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};
use std::panic::Location;

use mldsa::algorithms::{
    ExpandedSigningKey, ExpandedVerifyingKey, MuHasher, PrecomputedParts, Streamed, Whole,
};
use mldsa::backend::portable::Portable;
use mldsa::backend::{Backend, PairX4};
use mldsa::params::{
    ByteArray, D, Eta, Gamma1, Gamma2, MlDsa44, MlDsa65, MlDsa87, N, ParameterSet, PolyMatrix,
    PolyVec, Q,
};
use mldsa::poly::{Poly, SmallHat};

use crate::Lemma;

const Q64: i64 = Q as i64;
/// 2^31 q: the Montgomery reduction's input bound.
const MONT: i64 = (1i64 << 31) * Q64;
/// reduce32's and freeze's domain: a <= 2^31 - 2^22 - 1.
const R32_MAX: i64 = (1i64 << 31) - (1 << 22) - 1;

/// A closed integer interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iv {
    lo: i64,
    hi: i64,
}

impl Iv {
    const fn new(lo: i64, hi: i64) -> Iv {
        Iv { lo, hi }
    }
    fn join(self, o: Iv) -> Iv {
        Iv::new(self.lo.min(o.lo), self.hi.max(o.hi))
    }
    fn abs(self) -> i64 {
        self.lo.abs().max(self.hi.abs())
    }
    fn within(self, o: Iv) -> bool {
        o.lo <= self.lo && self.hi <= o.hi
    }
    fn has(self, v: i64) -> bool {
        self.lo <= v && v <= self.hi
    }
    const I32: Iv = Iv::new(i32::MIN as i64, i32::MAX as i64);
}

impl std::fmt::Display for Iv {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let show = |v: i64| -> String {
            let a = v.abs();
            let s = if a == Q64 {
                "q".into()
            } else if a > Q64 && a % Q64 == 0 {
                format!("{}q", a / Q64)
            } else if a == Q64 - 1 {
                if v < 0 { "(q-1)".into() } else { "q-1".into() }
            } else if a > 4096 && a.count_ones() == 1 {
                format!("2^{}", a.trailing_zeros())
            } else {
                a.to_string()
            };
            if v < 0 { format!("-{s}") } else { s }
        };
        write!(f, "[{}, {}]", show(self.lo), show(self.hi))
    }
}

/// A planted mistake: the tracing backend then runs a wrong algorithm,
/// which the composition check must refute, naming the call site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutant {
    None,
    /// Sign_internal without its `freeze` (w into [0, q) before
    /// Decompose): the call is dropped.
    DropFreeze,
    /// Verify_internal without its `caddq` (w'_approx into [0, q) before
    /// UseHint): the call is dropped.
    DropCaddq,
    /// t1 passed unshifted: `unpack_t1_shifted` returns t1, not t1 2^d.
    UnshiftedT1,
    /// t1 2^(d+5) (a scaling left unreduced) reaching the NTT: the
    /// decoder's output range is then that of the wrong value.
    UnreducedT1,
}

/// The panic that stops a planted algorithm at its first refutation.
struct Refuted;

/// Where a read range came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Source {
    /// Every coefficient as the last kernel that wrote it left it.
    Kernel,
    /// A copy (plain Rust) of a buffer a kernel wrote: its range.
    Copy,
    /// Filled in plain code by the algorithm (see [`ASSUMED`]).
    Assumed,
    /// None of these: a failure.
    Unknown,
}

/// One call, for the sequence comparison: site, kernel, and the norm
/// check's answer (the rejection branches).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Event {
    site: String,
    kernel: &'static str,
    ret: Option<bool>,
}

/// One line of the table: a call site.
#[derive(Clone, Debug, Default)]
struct Row {
    calls: usize,
    ins: Vec<(String, Iv, Source)>,
    pre: String,
    out: Vec<(String, Iv)>,
}

#[derive(Default)]
struct State {
    on: bool,
    /// Only the sequence of calls (the search for a seed that takes a
    /// rare branch), no ranges.
    light: bool,
    mutant: Option<Mutant>,
    tau: i64,
    cells: HashMap<usize, (Iv, i32)>,
    contents: HashMap<u64, Iv>,
    small: HashMap<usize, (Iv, i64)>,
    l1: HashMap<usize, i64>,
    events: Vec<Event>,
    errors: Vec<String>,
    rows: BTreeMap<(String, &'static str), Row>,
}

thread_local! {
    static ST: RefCell<State> = RefCell::new(State::default());
}

fn with<R>(f: impl FnOnce(&mut State) -> R) -> R {
    ST.with(|s| f(&mut s.borrow_mut()))
}

fn site_name(l: &Location<'_>) -> String {
    let f = l.file();
    let f = f.rsplit_once("impl/src/").map(|(_, t)| t).unwrap_or(f);
    format!("{}:{}", f, l.line())
}

fn content_key(c: &[i32]) -> u64 {
    let mut h = DefaultHasher::new();
    c.hash(&mut h);
    h.finish()
}

const INTERNAL_RS: &str = include_str!("../../impl/src/algorithms/internal.rs");
const PRODUCTS_RS: &str = include_str!("../../impl/src/algorithms/secret_products.rs");

/// The buffers the algorithms fill in plain Rust and then pass to a
/// kernel, with the range their source gives: (file, text of the call's
/// line, kernel, argument, range, at most tau nonzero?, why).
const ASSUMED: &[(&str, &str, &str, &str, Iv, bool, &str)] = &[
    (
        "algorithms/internal.rs",
        "B::ntt(&mut c_hat)",
        "ntt",
        "a",
        Iv::new(-1, 1),
        true,
        "c = SampleInBall(c~) (Algorithm 29, plain code: 0, c_j or 1 - 2 h_k)",
    ),
    (
        "algorithms/internal.rs",
        "B::use_hint",
        "use_hint",
        "h",
        Iv::new(0, 1),
        false,
        "h from sigDecode's HintBitUnpack (plain code: zeroed, then ones)",
    ),
    (
        "algorithms/secret_products.rs",
        "B::ntt(c_hat)",
        "ntt",
        "a",
        Iv::new(-1, 1),
        true,
        "c = SampleInBall(c~) (Algorithm 29: ball_swaps' bytes widened)",
    ),
    (
        "algorithms/secret_products.rs",
        "B::small_ntt(&mut self.c, c_hat)",
        "small_ntt",
        "a",
        Iv::new(-1, 1),
        true,
        "c = SampleInBall(c~) (Algorithm 29: ball_swaps' bytes widened)",
    ),
];

fn assumed(site: &Location<'_>, kernel: &str, arg: &str) -> Option<(Iv, bool, &'static str)> {
    for &(file, text, k, a, iv, sparse, why) in ASSUMED {
        if k != kernel || a != arg || !site.file().ends_with(file) {
            continue;
        }
        let src = if file.ends_with("internal.rs") {
            INTERNAL_RS
        } else {
            PRODUCTS_RS
        };
        let line = src.lines().nth(site.line() as usize - 1).unwrap_or("");
        if line.contains(text) {
            return Some((iv, sparse, why));
        }
    }
    None
}

impl State {
    /// In the light mode, records the call alone.
    fn light_event(&mut self, loc: &Location<'_>, kernel: &'static str) -> bool {
        if self.light {
            self.events.push(Event {
                site: site_name(loc),
                kernel,
                ret: None,
            });
        }
        self.light
    }

    fn fail(&mut self, site: &str, kernel: &str, what: String) {
        if self.errors.len() < 20 {
            self.errors.push(format!("{site} {kernel}: {what}"));
        }
        // A planted algorithm stops at its first refutation (it may never
        // accept a signature): `refuted` catches the panic.
        if self.mutant.is_some_and(|m| m != Mutant::None) {
            std::panic::panic_any(Refuted);
        }
    }

    /// The proven ranges of a plain kernel's two inputs `a` and `b`; every
    /// i32 where nothing is traced.
    fn read_two(
        &mut self,
        loc: &Location<'_>,
        kernel: &'static str,
        a: &[i32],
        b: &[i32],
    ) -> (Iv, Iv) {
        if self.on && !self.light {
            (
                self.read(loc, kernel, "a", a).0,
                self.read(loc, kernel, "b", b).0,
            )
        } else {
            (Iv::I32, Iv::I32)
        }
    }

    /// The proven range of the coefficients `c` (at their addresses).
    fn read(
        &mut self,
        loc: &Location<'_>,
        kernel: &'static str,
        arg: &str,
        c: &[i32],
    ) -> (Iv, Source) {
        let base = c.as_ptr() as usize;
        let mut hull: Option<Iv> = None;
        let mut all = true;
        for (i, &v) in c.iter().enumerate() {
            match self.cells.get(&(base + 4 * i)) {
                Some(&(iv, val)) if val == v => hull = Some(hull.map_or(iv, |h| h.join(iv))),
                _ => {
                    all = false;
                    break;
                }
            }
        }
        if all && let Some(h) = hull {
            if c.len() == N {
                self.contents.insert(content_key(c), h);
            }
            return (h, Source::Kernel);
        }
        if c.len() == N
            && let Some(&h) = self.contents.get(&content_key(c))
        {
            self.set(c, h);
            return (h, Source::Copy);
        }
        let site = site_name(loc);
        if let Some((iv, sparse, why)) = assumed(loc, kernel, arg) {
            let nonzero = c.iter().filter(|&&v| v != 0).count() as i64;
            if c.iter().any(|&v| !iv.has(v as i64)) || (sparse && nonzero > self.tau) {
                self.fail(
                    &site,
                    kernel,
                    format!("{arg}: plain-code input outside {iv} ({why})"),
                );
            }
            self.set(c, iv);
            if sparse {
                self.l1.insert(base, self.tau);
            }
            return (iv, Source::Assumed);
        }
        self.fail(
            &site,
            kernel,
            format!("{arg}: no proven range (written by plain code)"),
        );
        (Iv::I32, Source::Unknown)
    }

    fn set(&mut self, c: &[i32], iv: Iv) {
        let base = c.as_ptr() as usize;
        for (i, &v) in c.iter().enumerate() {
            self.cells.insert(base + 4 * i, (iv, v));
        }
    }

    /// The kernel wrote `c`: its proven range `iv` (every value a multiple
    /// of `step`), checked against the values it wrote (a kernel that
    /// breaks its statement is caught here).
    fn write(
        &mut self,
        loc: &Location<'_>,
        kernel: &'static str,
        arg: &str,
        c: &[i32],
        iv: Iv,
        step: i64,
    ) {
        if let Some(&v) = c
            .iter()
            .find(|&&v| !iv.has(v as i64) || (v as i64) % step != 0)
        {
            let site = site_name(loc);
            let m = if step > 1 {
                format!(", multiples of {step}")
            } else {
                String::new()
            };
            self.fail(
                &site,
                kernel,
                format!("{arg} = {v} outside its proven output {iv}{m}"),
            );
        }
        self.set(c, iv);
        if c.len() == N {
            self.contents.insert(content_key(c), iv);
        }
        self.l1.remove(&(c.as_ptr() as usize));
    }

    /// Records the call and checks its precondition.
    fn call(
        &mut self,
        loc: &Location<'_>,
        kernel: &'static str,
        ins: Vec<(String, Iv, Source)>,
        pre: &str,
        ok: bool,
    ) {
        let site = site_name(loc);
        if !ok {
            let args: Vec<String> = ins
                .iter()
                .map(|(a, iv, _)| format!("{a} in {iv}"))
                .collect();
            self.fail(
                &site,
                kernel,
                format!("precondition {pre} not met: {}", args.join(", ")),
            );
        }
        self.events.push(Event {
            site: site.clone(),
            kernel,
            ret: None,
        });
        let row = self.rows.entry((site, kernel)).or_default();
        row.calls += 1;
        row.pre = pre.to_string();
        if row.ins.is_empty() {
            row.ins = ins;
        } else {
            for (r, n) in row.ins.iter_mut().zip(ins) {
                r.1 = r.1.join(n.1);
                r.2 = r.2.max(n.2);
            }
        }
    }

    fn out_row(&mut self, loc: &Location<'_>, kernel: &'static str, arg: &str, iv: Iv) {
        let row = self.rows.entry((site_name(loc), kernel)).or_default();
        match row.out.iter_mut().find(|(a, _)| a == arg) {
            Some(o) => o.1 = o.1.join(iv),
            None => row.out.push((arg.to_string(), iv)),
        }
    }
}

/// The tracing backend: `SMALL` chooses the form of s1 and s2 in signing
/// (the 16-bit transform when true, FIPS 204's NTT otherwise).
#[derive(Clone, Copy, Debug)]
pub struct Trace<const SMALL: bool>;

macro_rules! traced {
    ($loc:ident, $kernel:literal, $pre:expr, [$($arg:literal = $buf:expr),*], |$ivs:ident| $ok:expr) => {{
        with(|s| {
            if !s.on || s.light_event($loc, $kernel) {
                return;
            }
            #[allow(unused_mut)]
            let mut v: Vec<(String, Iv, Source)> = Vec::new();
            $(
                let (iv, src) = s.read($loc, $kernel, $arg, &$buf[..]);
                v.push(($arg.to_string(), iv, src));
            )*
            let $ivs: Vec<Iv> = v.iter().map(|x| x.1).collect();
            let _ = &$ivs;
            let ok = $ok;
            s.call($loc, $kernel, v, &$pre, ok);
        })
    }};
}

/// The tracer's `add` and `sub` (`a = a op b`, no reduction): the output's
/// range from the inputs' by `range`, which must stay within i32.
macro_rules! plain_kernel {
    ($name:ident, $kernel:literal, $pre:literal, |$x:ident, $y:ident| $range:expr) => {
        #[track_caller]
        fn $name(a: &mut Poly, b: &Poly) {
            let l = Location::caller();
            let r = with(|s| {
                let ($x, $y) = s.read_two(l, $kernel, &a.coeffs, &b.coeffs);
                $range
            });
            traced!(l, $kernel, $pre, ["a" = a.coeffs, "b" = b.coeffs], |_i| r
                .within(Iv::I32));
            Portable::$name(a, b);
            out(l, $kernel, "a", &a.coeffs, r, 1);
        }
    };
}

fn out(loc: &Location<'_>, kernel: &'static str, arg: &str, c: &[i32], iv: Iv, step: i64) {
    with(|s| {
        if s.on && !s.light {
            s.write(loc, kernel, arg, c, iv, step);
            s.out_row(loc, kernel, arg, iv);
        }
    })
}

fn mutant() -> Mutant {
    with(|s| s.mutant.unwrap_or(Mutant::None))
}

fn sym(b: i64) -> Iv {
    Iv::new(-b, b)
}

const T0_RANGE: Iv = Iv::new(-(1 << 12) + 1, 1 << 12);
const T1_RANGE: Iv = Iv::new(0, (1 << 10) - 1);
const TQ: Iv = Iv::new(0, Q64 - 1);

fn eta_range<E: Eta>(flag: i32) -> Iv {
    let eta = E::ETA as i64;
    if flag == 0 {
        sym(eta)
    } else {
        Iv::new(eta - ((1 << E::BITS) - 1), eta)
    }
}

impl<const SMALL: bool> Backend for Trace<SMALL> {
    const NAME: &'static str = "trace";
    const WIDE_SHAKE: bool = false;
    const SMALL_NTT: bool = SMALL;
    type Shake128 = <Portable as Backend>::Shake128;
    type Shake256 = <Portable as Backend>::Shake256;
    type Shake128x4 = <Portable as Backend>::Shake128x4;
    type Shake256x4 = <Portable as Backend>::Shake256x4;
    type Shake128x8 = PairX4<<Portable as Backend>::Shake128x4>;

    #[track_caller]
    fn ntt(a: &mut Poly) {
        let l = Location::caller();
        traced!(l, "ntt", "|a| < q", ["a" = a.coeffs], |i| i[0].abs() < Q64);
        Portable::ntt(a);
        out(l, "ntt", "a", &a.coeffs, sym(9 * Q64 - 1), 1);
    }

    #[track_caller]
    fn invntt_tomont(a: &mut Poly) {
        let l = Location::caller();
        traced!(l, "invntt_tomont", "|a| <= q", ["a" = a.coeffs], |i| i[0]
            .abs()
            <= Q64);
        Portable::invntt_tomont(a);
        out(l, "invntt_tomont", "a", &a.coeffs, sym(Q64 - 1), 1);
    }

    #[track_caller]
    fn pointwise_montgomery(c: &mut Poly, a: &Poly, b: &Poly) {
        let l = Location::caller();
        traced!(
            l,
            "pointwise_montgomery",
            "|a b| <= 2^31 q",
            ["a" = a.coeffs, "b" = b.coeffs],
            |i| i[0].abs() * i[1].abs() <= MONT
        );
        Portable::pointwise_montgomery(c, a, b);
        out(l, "pointwise_montgomery", "c", &c.coeffs, sym(Q64), 1);
    }

    #[track_caller]
    fn pointwise_acc_montgomery(c: &mut Poly, a: &[Poly], b: &[Poly]) {
        let l = Location::caller();
        with(|s| {
            if !s.on || s.light_event(l, "pointwise_acc_montgomery") {
                return;
            }
            let (mut ha, mut hb, mut sum) = (None::<Iv>, None::<Iv>, 0i64);
            let mut src = Source::Kernel;
            for (x, y) in a.iter().zip(b) {
                let (ix, sx) = s.read(l, "pointwise_acc_montgomery", "a", &x.coeffs);
                let (iy, sy) = s.read(l, "pointwise_acc_montgomery", "b", &y.coeffs);
                sum += ix.abs() * iy.abs();
                ha = Some(ha.map_or(ix, |h| h.join(ix)));
                hb = Some(hb.map_or(iy, |h| h.join(iy)));
                src = src.max(sx).max(sy);
            }
            let ins = vec![
                ("a_j".into(), ha.unwrap_or(Iv::I32), src),
                ("b_j".into(), hb.unwrap_or(Iv::I32), src),
            ];
            s.call(
                l,
                "pointwise_acc_montgomery",
                ins,
                "sum_j |a_j b_j| <= 2^31 q",
                sum <= MONT,
            );
        });
        Portable::pointwise_acc_montgomery(c, a, b);
        out(l, "pointwise_acc_montgomery", "c", &c.coeffs, sym(Q64), 1);
    }

    #[track_caller]
    fn pointwise_acc_sub_montgomery(c: &mut Poly, a: &[Poly], b: &[Poly], x: &Poly, y: &Poly) {
        let l = Location::caller();
        let k = "pointwise_acc_sub_montgomery";
        with(|s| {
            if !s.on || s.light_event(l, k) {
                return;
            }
            let (mut ha, mut hb, mut sum) = (None::<Iv>, None::<Iv>, 0i64);
            let mut src = Source::Kernel;
            for (p, r) in a.iter().zip(b) {
                let (ip, sp) = s.read(l, k, "a", &p.coeffs);
                let (ir, sr) = s.read(l, k, "b", &r.coeffs);
                sum += ip.abs() * ir.abs();
                ha = Some(ha.map_or(ip, |h| h.join(ip)));
                hb = Some(hb.map_or(ir, |h| h.join(ir)));
                src = src.max(sp).max(sr);
            }
            let (ix, sx) = s.read(l, k, "x", &x.coeffs);
            let (iy, sy) = s.read(l, k, "y", &y.coeffs);
            sum += ix.abs() * iy.abs();
            let ins = vec![
                ("a_j".into(), ha.unwrap_or(Iv::I32), src),
                ("b_j".into(), hb.unwrap_or(Iv::I32), src),
                ("x".into(), ix, sx),
                ("y".into(), iy, sy),
            ];
            s.call(l, k, ins, "sum_j |a_j b_j| + |x y| <= 2^31 q", sum <= MONT);
        });
        Portable::pointwise_acc_sub_montgomery(c, a, b, x, y);
        out(l, k, "c", &c.coeffs, sym(Q64), 1);
    }

    plain_kernel!(add, "add", "a + b in i32", |x, y| Iv::new(
        x.lo + y.lo,
        x.hi + y.hi
    ));
    plain_kernel!(sub, "sub", "a - b in i32", |x, y| Iv::new(
        x.lo - y.hi,
        x.hi - y.lo
    ));

    #[track_caller]
    fn shift_left_d(a: &mut Poly) {
        let l = Location::caller();
        traced!(l, "shift_left_d", "0 <= a < 2^10", ["a" = a.coeffs], |i| i
            [0]
        .within(T1_RANGE));
        Portable::shift_left_d(a);
        out(
            l,
            "shift_left_d",
            "a",
            &a.coeffs,
            Iv::new(0, 1023 << D),
            1 << D,
        );
    }

    #[track_caller]
    fn reduce32(a: &mut Poly) {
        let l = Location::caller();
        traced!(
            l,
            "reduce32",
            "a <= 2^31 - 2^22 - 1",
            ["a" = a.coeffs],
            |i| i[0].hi <= R32_MAX
        );
        Portable::reduce32(a);
        out(l, "reduce32", "a", &a.coeffs, Iv::new(-6283009, 6283008), 1);
    }

    #[track_caller]
    fn caddq(a: &mut Poly) {
        let l = Location::caller();
        if mutant() == Mutant::DropCaddq {
            return;
        }
        traced!(l, "caddq", "|a| < q", ["a" = a.coeffs], |i| i[0].abs()
            < Q64);
        Portable::caddq(a);
        out(l, "caddq", "a", &a.coeffs, TQ, 1);
    }

    #[track_caller]
    fn freeze(a: &mut Poly) {
        let l = Location::caller();
        if mutant() == Mutant::DropFreeze {
            return;
        }
        traced!(l, "freeze", "a <= 2^31 - 2^22 - 1", ["a" = a.coeffs], |i| i
            [0]
        .hi
            <= R32_MAX);
        Portable::freeze(a);
        out(l, "freeze", "a", &a.coeffs, TQ, 1);
    }

    #[track_caller]
    fn power2round(a1: &mut Poly, a0: &mut Poly, a: &Poly) {
        let l = Location::caller();
        traced!(l, "power2round", "0 <= a < q", ["a" = a.coeffs], |i| i[0]
            .within(TQ));
        Portable::power2round(a1, a0, a);
        out(l, "power2round", "a1", &a1.coeffs, T1_RANGE, 1);
        out(l, "power2round", "a0", &a0.coeffs, T0_RANGE, 1);
    }

    #[track_caller]
    fn add_power2round(a1: &mut Poly, a0: &mut Poly, b: &Poly) {
        let l = Location::caller();
        traced!(
            l,
            "add_power2round",
            "a0 + b <= 2^31 - 2^22 - 1",
            ["a0" = a0.coeffs, "b" = b.coeffs],
            |i| { i[0].lo + i[1].lo >= i32::MIN as i64 && i[0].hi + i[1].hi <= R32_MAX }
        );
        Portable::add_power2round(a1, a0, b);
        out(l, "add_power2round", "a1", &a1.coeffs, T1_RANGE, 1);
        out(l, "add_power2round", "a0", &a0.coeffs, T0_RANGE, 1);
    }

    #[track_caller]
    fn decompose<G: Gamma2>(a1: &mut Poly, a0: &mut Poly, a: &Poly) {
        let l = Location::caller();
        traced!(l, "decompose", "0 <= a < q", ["a" = a.coeffs], |i| i[0]
            .within(TQ));
        Portable::decompose::<G>(a1, a0, a);
        out(
            l,
            "decompose",
            "a1",
            &a1.coeffs,
            Iv::new(0, G::M as i64 - 1),
            1,
        );
        out(l, "decompose", "a0", &a0.coeffs, sym(G::GAMMA2 as i64), 1);
    }

    #[track_caller]
    fn make_hint<G: Gamma2>(h: &mut Poly, z: &Poly, r: &Poly) -> usize {
        let l = Location::caller();
        traced!(
            l,
            "make_hint",
            "0 <= z, r < q",
            ["z" = z.coeffs, "r" = r.coeffs],
            |i| i[0].within(TQ) && i[1].within(TQ)
        );
        let n = Portable::make_hint::<G>(h, z, r);
        out(l, "make_hint", "h", &h.coeffs, Iv::new(0, 1), 1);
        n
    }

    #[track_caller]
    fn use_hint<G: Gamma2>(a: &mut Poly, h: &Poly, r: &Poly) {
        let l = Location::caller();
        traced!(
            l,
            "use_hint",
            "h in {0, 1}, 0 <= r < q",
            ["h" = h.coeffs, "r" = r.coeffs],
            |i| i[0].within(Iv::new(0, 1)) && i[1].within(TQ)
        );
        Portable::use_hint::<G>(a, h, r);
        out(
            l,
            "use_hint",
            "a",
            &a.coeffs,
            Iv::new(0, G::M as i64 - 1),
            1,
        );
    }

    #[track_caller]
    fn exceeds_norm(a: &Poly, bound: i32) -> bool {
        let l = Location::caller();
        let b = bound as i64;
        traced!(
            l,
            "exceeds_norm",
            "|a| <= 2^31 - 2^22, 0 < bound <= (q-1)/8",
            ["a" = a.coeffs],
            |i| i[0].abs() <= (1 << 31) - (1 << 22) && 0 < b && b <= (Q64 - 1) / 8
        );
        let r = Portable::exceeds_norm(a, bound);
        with(|s| {
            if s.on {
                if let Some(e) = s.events.last_mut() {
                    e.ret = Some(r);
                }
                // The proven statement: false means every |a_i| < bound.
                if !r && !s.light {
                    let (iv, _) = s.read(l, "exceeds_norm", "a", &a.coeffs);
                    let refined = Iv::new(iv.lo.max(1 - b), iv.hi.min(b - 1));
                    s.set(&a.coeffs, refined);
                    s.contents.insert(content_key(&a.coeffs), refined);
                }
            }
        });
        r
    }

    #[track_caller]
    fn ball_swaps(c: &mut [i8; N], js: &[u8], signs: u64) {
        let l = Location::caller();
        traced!(l, "ball_swaps", "j's <= i (tau of them)", [], |_i| true);
        Portable::ball_swaps(c, js, signs)
    }

    #[track_caller]
    fn small_ntt(out: &mut SmallHat, a: &Poly) {
        let l = Location::caller();
        traced!(l, "small_ntt", "|a| <= 4", ["a" = a.coeffs], |i| i[0].abs()
            <= 4);
        Portable::small_ntt(out, a);
        with(|s| {
            if s.on && !s.light {
                let (iv, _) = s.read(l, "small_ntt", "a", &a.coeffs);
                let l1 =
                    s.l1.get(&(a.coeffs.as_ptr() as usize))
                        .copied()
                        .unwrap_or(N as i64 * iv.abs());
                s.small.insert(out as *const SmallHat as usize, (iv, l1));
            }
        });
    }

    #[track_caller]
    fn small_product(c: &mut Poly, a: &SmallHat, b: &SmallHat) {
        let l = Location::caller();
        let bound = with(|s| {
            if !s.on || s.light_event(l, "small_product") {
                return 0;
            }
            let site = site_name(l);
            let get = |s: &mut State, x: &SmallHat, n: &str| match s
                .small
                .get(&(x as *const SmallHat as usize))
            {
                Some(&r) => r,
                None => {
                    s.fail(&site, "small_product", format!("{n}: no small_ntt made it"));
                    (Iv::I32, i64::MAX / 4)
                }
            };
            let (ia, l1a) = get(s, a, "a");
            let (ib, _) = get(s, b, "b");
            let bound = l1a.saturating_mul(ib.abs());
            let ins = vec![
                ("a".into(), ia, Source::Kernel),
                ("b".into(), ib, Source::Kernel),
            ];
            let ok = ia.abs() <= 4 && ib.abs() <= 4 && bound <= 240;
            s.call(
                l,
                "small_product",
                ins,
                "|a|, |b| <= 4, sum|a_i| max|b_i| <= 240",
                ok,
            );
            bound
        });
        Portable::small_product(c, a, b);
        out(l, "small_product", "c", &c.coeffs, sym(bound), 1);
    }

    #[track_caller]
    fn rej_uniform(o: &mut [i32], buf: &[u8]) -> usize {
        let l = Location::caller();
        traced!(l, "rej_uniform", "-", [], |_i| true);
        let n = Portable::rej_uniform(o, buf);
        out(l, "rej_uniform", "out", &o[..n], TQ, 1);
        n
    }

    #[track_caller]
    fn rej_eta<E: Eta>(o: &mut [i32; N], ctr: usize, buf: &[u8]) -> usize {
        let l = Location::caller();
        traced!(l, "rej_eta", "ctr <= N", [], |_i| ctr <= N);
        let n = Portable::rej_eta::<E>(o, ctr, buf);
        let from = ctr.min(n);
        out(l, "rej_eta", "out", &o[from..n], sym(E::ETA as i64), 1);
        n
    }

    #[track_caller]
    fn pack_z<G: Gamma1>(o: &mut [u8], a: &Poly) {
        let l = Location::caller();
        let g = G::GAMMA1 as i64;
        traced!(
            l,
            "pack_z",
            "-(gamma1-1) <= a <= gamma1",
            ["a" = a.coeffs],
            |i| i[0].within(Iv::new(1 - g, g))
        );
        Portable::pack_z::<G>(o, a)
    }

    #[track_caller]
    fn unpack_z<G: Gamma1>(a: &mut Poly, v: &[u8]) {
        let l = Location::caller();
        traced!(l, "unpack_z", "-", [], |_i| true);
        Portable::unpack_z::<G>(a, v);
        let g = G::GAMMA1 as i64;
        out(l, "unpack_z", "a", &a.coeffs, Iv::new(1 - g, g), 1);
    }

    #[track_caller]
    fn pack_w1<G: Gamma2>(o: &mut [u8], a: &Poly) {
        let l = Location::caller();
        traced!(l, "pack_w1", "0 <= a < m", ["a" = a.coeffs], |i| i[0]
            .within(Iv::new(0, G::M as i64 - 1)));
        Portable::pack_w1::<G>(o, a)
    }

    #[track_caller]
    fn unpack_t1_shifted(a: &mut Poly, v: &[u8]) {
        let l = Location::caller();
        traced!(l, "unpack_t1_shifted", "-", [], |_i| true);
        Portable::unpack_t1_shifted(a, v);
        match mutant() {
            Mutant::UnshiftedT1 => a.coeffs.iter_mut().for_each(|x| *x >>= D),
            Mutant::UnreducedT1 => {
                a.coeffs.iter_mut().for_each(|x| *x <<= 5);
                out(
                    l,
                    "unpack_t1_shifted",
                    "a",
                    &a.coeffs,
                    Iv::new(0, 1023 << (D + 5)),
                    1 << (D + 5),
                );
                return;
            }
            _ => {}
        }
        out(
            l,
            "unpack_t1_shifted",
            "a",
            &a.coeffs,
            Iv::new(0, 1023 << D),
            1 << D,
        );
    }

    #[track_caller]
    fn pack_eta<E: Eta>(o: &mut [u8], a: &Poly) {
        let l = Location::caller();
        traced!(l, "pack_eta", "|a| <= eta", ["a" = a.coeffs], |i| i[0]
            .abs()
            <= E::ETA as i64);
        Portable::pack_eta::<E>(o, a)
    }

    #[track_caller]
    fn pack_t0(o: &mut [u8], a: &Poly) {
        let l = Location::caller();
        traced!(
            l,
            "pack_t0",
            "-(2^12-1) <= a <= 2^12",
            ["a" = a.coeffs],
            |i| i[0].within(T0_RANGE)
        );
        Portable::pack_t0(o, a)
    }

    #[track_caller]
    fn pack_t1(o: &mut [u8], a: &Poly) {
        let l = Location::caller();
        traced!(l, "pack_t1", "0 <= a < 2^10", ["a" = a.coeffs], |i| i[0]
            .within(T1_RANGE));
        Portable::pack_t1(o, a)
    }

    #[track_caller]
    fn unpack_eta<E: Eta>(a: &mut Poly, v: &[u8]) -> i32 {
        let l = Location::caller();
        traced!(l, "unpack_eta", "-", [], |_i| true);
        let f = Portable::unpack_eta::<E>(a, v);
        out(l, "unpack_eta", "a", &a.coeffs, eta_range::<E>(f), 1);
        f
    }

    #[track_caller]
    fn unpack_eta_scalar<E: Eta>(a: &mut Poly, v: &[u8]) -> i32 {
        let l = Location::caller();
        traced!(l, "unpack_eta_scalar", "-", [], |_i| true);
        let f = Portable::unpack_eta_scalar::<E>(a, v);
        out(l, "unpack_eta_scalar", "a", &a.coeffs, eta_range::<E>(f), 1);
        f
    }

    #[track_caller]
    fn unpack_t0(a: &mut Poly, v: &[u8]) {
        let l = Location::caller();
        traced!(l, "unpack_t0", "-", [], |_i| true);
        Portable::unpack_t0(a, v);
        out(l, "unpack_t0", "a", &a.coeffs, T0_RANGE, 1);
    }
}

/// The call sites of one operation (all parameter sets), in first-call
/// order, and what its runs showed.
#[derive(Default)]
struct Op {
    rows: Vec<((String, &'static str), Row)>,
    calls: usize,
    runs: usize,
    secs: f64,
    errors: Vec<String>,
    notes: Vec<String>,
}

impl Op {
    fn merge(
        &mut self,
        rows: BTreeMap<(String, &'static str), Row>,
        order: &[(String, &'static str)],
    ) {
        for key in order {
            let Some(r) = rows.get(key) else { continue };
            match self.rows.iter_mut().find(|(k, _)| k == key) {
                Some((_, row)) => {
                    row.calls += r.calls;
                    for (a, b) in row.ins.iter_mut().zip(&r.ins) {
                        a.1 = a.1.join(b.1);
                        a.2 = a.2.max(b.2);
                    }
                    for (a, b) in row.out.iter_mut().zip(&r.out) {
                        a.1 = a.1.join(b.1);
                    }
                }
                None => self.rows.push((key.clone(), r.clone())),
            }
        }
    }

    fn table(&self, name: &str) -> String {
        let mut s = format!(
            "  {name}: {} call sites, {} calls in {} runs\n",
            self.rows.len(),
            self.calls,
            self.runs
        );
        for ((site, kernel), r) in &self.rows {
            let ins: Vec<String> = r
                .ins
                .iter()
                .map(|(a, iv, src)| {
                    let tag = match src {
                        Source::Kernel => "",
                        Source::Copy => " (copy)",
                        Source::Assumed => " (plain code)",
                        Source::Unknown => " (UNKNOWN)",
                    };
                    format!("{a} {iv}{tag}")
                })
                .collect();
            let outs: Vec<String> = r.out.iter().map(|(a, iv)| format!("{a} {iv}")).collect();
            s += &format!(
                "    {:<38} {:<28} x{:<6} in: {:<44} pre: {:<40} out: {}\n",
                site,
                kernel,
                r.calls,
                if ins.is_empty() {
                    "-".into()
                } else {
                    ins.join(", ")
                },
                r.pre,
                if outs.is_empty() {
                    "-".into()
                } else {
                    outs.join(", ")
                }
            );
        }
        s
    }
}

/// Runs `f` traced; the events, errors and rows of the run go to `op`.
fn traced_run<R>(
    op: &mut Op,
    tau: usize,
    mutant: Mutant,
    f: impl FnOnce() -> R,
) -> (R, Vec<Event>) {
    traced_run_from(op, tau, mutant, HashMap::new(), f)
}

/// [`traced_run`] from `cells`: the ranges an earlier run left in a
/// buffer that outlives it (a precomputed key's A_hat).
fn traced_run_from<R>(
    op: &mut Op,
    tau: usize,
    mutant: Mutant,
    cells: HashMap<usize, (Iv, i32)>,
    f: impl FnOnce() -> R,
) -> (R, Vec<Event>) {
    with(|s| {
        *s = State {
            on: true,
            mutant: Some(mutant),
            tau: tau as i64,
            cells,
            ..State::default()
        };
        s.contents.insert(content_key(&[0; N]), Iv::new(0, 0));
    });
    let start = std::time::Instant::now();
    let r = f();
    op.secs += start.elapsed().as_secs_f64();
    let (events, errors, rows) = with(|s| {
        s.on = false;
        (
            std::mem::take(&mut s.events),
            std::mem::take(&mut s.errors),
            std::mem::take(&mut s.rows),
        )
    });
    let mut order: Vec<(String, &'static str)> = Vec::new();
    for e in &events {
        let k = (e.site.clone(), e.kernel);
        if !order.contains(&k) {
            order.push(k);
        }
    }
    op.merge(rows, &order);
    op.calls += events.len();
    op.runs += 1;
    for e in errors {
        if op.errors.len() < 10 {
            op.errors.push(e);
        }
    }
    (r, events)
}

/// The sequence modulo the samplers' block counts: consecutive calls of
/// one rejection sampler site are one.
fn normalize(events: &[Event]) -> Vec<Event> {
    let mut v: Vec<Event> = Vec::new();
    for e in events {
        let sampler = e.kernel == "rej_uniform" || e.kernel == "rej_eta";
        if sampler
            && v.last()
                .is_some_and(|l| l.site == e.site && l.kernel == e.kernel)
        {
            continue;
        }
        v.push(e.clone());
    }
    v
}

fn same_calls(a: &[Event], b: &[Event]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.site == y.site && x.kernel == y.kernel)
}

/// One operation's normalized sequences must all equal the first.
fn compare_all(op: &mut Op, what: &str, runs: &[Vec<Event>]) {
    let Some(first) = runs.first() else { return };
    for (i, r) in runs.iter().enumerate() {
        if !same_calls(first, r) {
            op.errors.push(format!(
                "{what}: run {i}'s call sequence differs from run 0's"
            ));
            return;
        }
    }
    op.notes.push(format!(
        "{what}: {} runs, one call sequence of {} calls",
        runs.len(),
        first.len()
    ));
}

/// Signing's runs: a common prefix (s1, s2 made ready), attempts, the
/// accepted attempt and sigEncode. Each rejected attempt is a prefix of
/// the accepted one that ends in a norm check that answered true (r0 or
/// z), or the whole attempt (<<c t0>> or the hint count). Returns the
/// counts (r0 or z checks by site, and whole attempts).
fn compare_sign(op: &mut Op, what: &str, runs: &[Vec<Event>], seen: &mut BTreeMap<String, usize>) {
    let start = |v: &[Event], i: usize| {
        v[i].kernel == "unpack_z"
            && v[i].site.contains("expand_mask")
            && (i == 0 || !(v[i - 1].kernel == "unpack_z" && v[i - 1].site.contains("expand_mask")))
    };
    let mut reference: Option<(Vec<Event>, Vec<Event>, usize)> = None;
    for (n, run) in runs.iter().enumerate() {
        let starts: Vec<usize> = (0..run.len()).filter(|&i| start(run, i)).collect();
        let Some(&first) = starts.first() else {
            op.errors.push(format!("{what}: run {n} has no attempt"));
            return;
        };
        let prefix = run[..first].to_vec();
        let last_start = *starts.last().unwrap_or(&first);
        let last = run[last_start..].to_vec();
        let full = last
            .iter()
            .rposition(|e| e.kernel == "make_hint")
            .map_or(0, |p| p + 1);
        if last
            .iter()
            .any(|e| e.ret == Some(true) && !e.site.contains("internal.rs"))
        {
            op.errors.push(format!(
                "{what}: run {n}: a norm check outside Sign_internal answered true"
            ));
        }
        let (rp, rl, rf) = reference.get_or_insert_with(|| (prefix.clone(), last.clone(), full));
        if !same_calls(rp, &prefix) || !same_calls(rl, &last) || *rf != full {
            op.errors.push(format!(
                "{what}: run {n}'s prefix or accepted attempt differs from run 0's"
            ));
            return;
        }
        for w in starts.windows(2) {
            let seg = &run[w[0]..w[1]];
            if seg.len() == full && same_calls(seg, &last[..full]) {
                *seen
                    .entry("whole attempt (<<c t0>> or hint count)".into())
                    .or_default() += 1;
            } else if seg.len() < full
                && same_calls(seg, &last[..seg.len()])
                && seg
                    .last()
                    .is_some_and(|e| e.kernel == "exceeds_norm" && e.ret == Some(true))
            {
                let at = seg.last().map(|e| e.site.clone()).unwrap_or_default();
                *seen.entry(format!("norm check at {at}")).or_default() += 1;
            } else {
                op.errors.push(format!(
                    "{what}: run {n}: a rejected attempt is not a prefix of the accepted one"
                ));
                return;
            }
        }
        *seen.entry("accepted".into()).or_default() += 1;
    }
}

/// A small deterministic generator for seeds and messages.
struct Rng(u64);

impl Rng {
    fn fill(&mut self, out: &mut [u8]) {
        for b in out {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            *b = (self.0 >> 24) as u8;
        }
    }
}

/// The operations, traced; per operation name, its `Op`.
#[derive(Default)]
struct Ops(
    BTreeMap<&'static str, Op>,
    BTreeMap<&'static str, BTreeMap<String, usize>>,
);

impl Ops {
    fn op(&mut self, name: &'static str) -> &mut Op {
        self.0.entry(name).or_default()
    }
}

/// The three ways to mu (Sign_internal and Verify_internal take mu
/// whatever made it): ML-DSA's M' = 0 || |ctx| || ctx || M, HashML-DSA's
/// M' = 1 || |ctx| || ctx || OID || PH(M), and an external mu.
fn mus(tr: &[u8; 64], rng: &mut Rng, n: usize) -> [u8; 64] {
    let mut msg = [0u8; 40];
    rng.fill(&mut msg);
    match n % 3 {
        0 => {
            let mut h = MuHasher::<Portable>::new(tr);
            h.update(&[0, 3]);
            h.update(b"ctx");
            h.update(&msg);
            h.finalize()
        }
        1 => {
            // SHA-256's OID, and 32 bytes standing for PH(M).
            let oid = [
                0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01,
            ];
            let mut h = MuHasher::<Portable>::new(tr);
            h.update(&[1, 0]);
            h.update(&oid);
            h.update(&msg[..32]);
            h.finalize()
        }
        _ => {
            let mut mu = [0u8; 64];
            rng.fill(&mut mu);
            mu
        }
    }
}

const KEYS: usize = 3;
const SIGNS: usize = 12;
/// How many signatures the search for a whole-attempt rejection may try.
const SEARCH: usize = 20_000;

/// A (mu, rnd) whose signing with `sk` rejects a whole attempt: more
/// MakeHint calls than k (one per row of the accepted attempt). Runs in
/// the light mode (the calls alone), with the precomputed A_hat.
fn find_whole_rejection<P: ParameterSet>(
    sk: &ExpandedSigningKey<P>,
    pre: &PrecomputedParts<P>,
    rng: &mut Rng,
) -> Option<([u8; 64], [u8; 32], usize)> {
    for n in 0..SEARCH {
        let mut mu = [0u8; 64];
        let mut rnd = [0u8; 32];
        rng.fill(&mut mu);
        rng.fill(&mut rnd);
        with(|s| {
            *s = State {
                on: true,
                light: true,
                ..State::default()
            }
        });
        let mut sig = P::SigBytes::zeroed();
        mldsa::algorithms::sign_internal::<P, Trace<false>>(sk, pre.a_hat(), &mu, &rnd, &mut sig);
        let hints = with(|s| {
            s.on = false;
            let n = s.events.iter().filter(|e| e.kernel == "make_hint").count();
            s.events.clear();
            n
        });
        if hints > P::K {
            return Some((mu, rnd, n + 1));
        }
    }
    None
}

/// Every operation of parameter set `P` traced, `mutant` planted.
fn run_set<P: ParameterSet>(ops: &mut Ops, mutant: Mutant) {
    type T = Trace<false>;
    type TS = Trace<true>;
    let tau = P::TAU;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ P::K as u64);
    let (mut kg, mut kgw, mut pc, mut imp) = (vec![], vec![], vec![], vec![]);
    let mut keys = Vec::new();
    for _ in 0..KEYS {
        let mut xi = [0u8; 32];
        rng.fill(&mut xi);
        let mut vk = ExpandedVerifyingKey::<P>::zeroed();
        let mut sk = ExpandedSigningKey::<P>::zeroed();
        let (mut s1, mut s2) = (P::VecL::zeroed(), P::VecK::zeroed());
        let (_, e) = traced_run(ops.op("keygen (rows streamed)"), tau, mutant, || {
            mldsa::algorithms::key_gen_internal::<P, T>(
                &xi,
                &mut Streamed::<P, T>::new(),
                &mut s1,
                &mut s2,
                &mut vk,
                &mut sk,
            )
        });
        kg.push(normalize(&e));
        let mut vk2 = ExpandedVerifyingKey::<P>::zeroed();
        let mut sk2 = ExpandedSigningKey::<P>::zeroed();
        let mut pre = Box::new(PrecomputedParts::<P>::zeroed());
        let (_, e) = traced_run(
            ops.op("keygen (precomputed: whole A_hat)"),
            tau,
            mutant,
            || {
                mldsa::algorithms::key_gen_internal::<P, T>(
                    &xi,
                    &mut Whole::<P>(pre.a_hat_mut()),
                    &mut s1,
                    &mut s2,
                    &mut vk2,
                    &mut sk2,
                )
            },
        );
        kgw.push(normalize(&e));
        // The ranges keygen left in the key's A_hat, for its signing runs.
        let lo = pre.a_hat() as *const P::Matrix as usize;
        let hi = lo + std::mem::size_of::<P::Matrix>();
        let a_cells: HashMap<usize, (Iv, i32)> = with(|s| {
            s.cells
                .iter()
                .filter(|(a, _)| (lo..hi).contains(*a))
                .map(|(a, c)| (*a, *c))
                .collect()
        });
        if sk2.encoded().as_ref() != sk.encoded().as_ref() {
            ops.op("keygen (precomputed: whole A_hat)")
                .errors
                .push("the two key forms differ".into());
        }
        let mut pre2 = Box::new(PrecomputedParts::<P>::zeroed());
        let (_, e) = traced_run(ops.op("precompute (ExpandA whole)"), tau, mutant, || {
            pre2.precompute::<T>(&sk)
        });
        pc.push(normalize(&e));
        let mut sk3 = ExpandedSigningKey::<P>::zeroed();
        let mut vk3 = ExpandedVerifyingKey::<P>::zeroed();
        let (r, e) = traced_run(ops.op("import (valid key)"), tau, mutant, || {
            mldsa::algorithms::import_signing_key::<P, T>(sk.encoded().as_ref(), &mut sk3, &mut vk3)
        });
        imp.push(normalize(&e));
        if r.is_err() {
            ops.op("import (valid key)")
                .errors
                .push("a generated key was refused".into());
        }
        keys.push((sk, vk, pre, a_cells));
    }
    // A key with s1's and s2's first coefficients out of range (field
    // 2 eta + 1; s2's first byte follows s1's l * 32 * bits): the import
    // runs to its end, then refuses it.
    let mut bad = keys[0].0.encoded().as_ref().to_vec();
    for at in [128, 128 + P::L * 32 * P::ETA_BITS] {
        bad[at] = (bad[at] & !((1 << P::ETA_BITS) - 1)) | (2 * P::ETA as u8 + 1);
    }
    let mut skb = ExpandedSigningKey::<P>::zeroed();
    let mut vkb = ExpandedVerifyingKey::<P>::zeroed();
    let (r, e) = traced_run(ops.op("import (s1, s2 out of range)"), tau, mutant, || {
        mldsa::algorithms::import_signing_key::<P, T>(&bad, &mut skb, &mut vkb)
    });
    if r.is_ok() {
        ops.op("import (s1, s2 out of range)")
            .errors
            .push("a malformed key was accepted".into());
    }
    let bad_run = normalize(&e);
    if same_calls(&bad_run, &imp[0]) {
        let note = format!("{}: refused, after the valid keys' call sequence", P::NAME);
        ops.op("import (s1, s2 out of range)").notes.push(note);
    } else {
        let err = "its call sequence differs from a valid key's".to_string();
        ops.op("import (s1, s2 out of range)").errors.push(err);
    }
    compare_all(ops.op("keygen (rows streamed)"), P::NAME, &kg);
    compare_all(ops.op("keygen (precomputed: whole A_hat)"), P::NAME, &kgw);
    compare_all(ops.op("precompute (ExpandA whole)"), P::NAME, &pc);
    compare_all(ops.op("import (valid key)"), P::NAME, &imp);

    // Signing: compact (A_hat expanded, as `sign` does), both forms of s1
    // and s2, and precomputed; then verification of each signature.
    // The cases: (key, mu, rnd), mu made the three ways in turn; first one
    // whose signing rejects a whole attempt (<<c t0>> or the hint count:
    // rare, so searched for in the light mode).
    let mut cases: Vec<(usize, [u8; 64], [u8; 32])> = Vec::new();
    for n in 0..SIGNS {
        let mu = mus(keys[n % KEYS].1.tr(), &mut rng, n);
        let mut rnd = [0u8; 32];
        rng.fill(&mut rnd);
        cases.push((n % KEYS, mu, rnd));
    }
    match find_whole_rejection::<P>(&keys[0].0, &keys[0].2, &mut rng) {
        Some((mu, rnd, tries)) => {
            cases.insert(0, (0, mu, rnd));
            ops.op("sign compact (NTT form)").notes.push(format!(
                "{}: a whole attempt rejected after {tries} light signatures",
                P::NAME
            ));
        }
        None => ops.op("sign compact (NTT form)").errors.push(format!(
            "{}: no whole-attempt rejection in {SEARCH} signatures",
            P::NAME
        )),
    }
    let mut sigs: Vec<(usize, [u8; 64], Vec<u8>)> = Vec::new();
    for (form, name) in [
        (0, "sign compact (NTT form)"),
        (1, "sign compact (16-bit form)"),
        (2, "sign precomputed"),
    ] {
        let mut runs = Vec::new();
        let mut seen = BTreeMap::new();
        for &(kidx, mu, rnd) in &cases {
            let (sk, _, pre, a_cells) = &keys[kidx];
            let mut sig = P::SigBytes::zeroed();
            let from = if form == 2 {
                a_cells.clone()
            } else {
                HashMap::new()
            };
            let (_, e) = traced_run_from(ops.op(name), tau, mutant, from, || match form {
                0 => {
                    let mut a_hat = P::Matrix::zeroed();
                    mldsa::algorithms::expand_a::<P, T>(sk.rho(), &mut a_hat);
                    mldsa::algorithms::sign_internal::<P, T>(sk, &a_hat, &mu, &rnd, &mut sig)
                }
                1 => {
                    let mut a_hat = P::Matrix::zeroed();
                    mldsa::algorithms::expand_a::<P, TS>(sk.rho(), &mut a_hat);
                    mldsa::algorithms::sign_internal::<P, TS>(sk, &a_hat, &mu, &rnd, &mut sig)
                }
                _ => mldsa::algorithms::sign_internal::<P, T>(sk, pre.a_hat(), &mu, &rnd, &mut sig),
            });
            // (The compact forms' ExpandA calls are part of the prefix.)
            runs.push(normalize(&e));
            if form == 0 {
                sigs.push((kidx, mu, sig.as_ref().to_vec()));
            }
        }
        seen.clear();
        compare_sign(ops.op(name), P::NAME, &runs, &mut seen);
        let counts: Vec<String> = seen.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        ops.op(name).notes.push(format!(
            "{}: {} signatures; attempts: {}",
            P::NAME,
            runs.len(),
            counts.join("; ")
        ));
        let all = ops.1.entry(name).or_default();
        for (k, v) in seen {
            *all.entry(k).or_default() += v;
        }
    }

    // Verification: valid signatures (every mu form), the same with c~
    // changed (the whole path, false), z out of bounds (returns at the
    // norm check), a malformed hint (returns at sigDecode).
    let (mut valid, mut early) = (Vec::new(), 0usize);
    for (i, (kidx, mu, sig)) in sigs.iter().take(SIGNS).enumerate() {
        let vk = &keys[*kidx].1;
        let mut cases = vec![(sig.clone(), true)];
        let mut s = sig.clone();
        s[0] ^= 1;
        cases.push((s, false));
        if i == 0 {
            let mut s = sig.clone();
            s[P::C_TILDE_LEN..P::C_TILDE_LEN + 3].fill(0);
            cases.push((s, false));
            let mut s = sig.clone();
            *s.last_mut().unwrap_or(&mut 0) = 0xff;
            cases.push((s, false));
        }
        for (c, (s, want)) in cases.into_iter().enumerate() {
            let (ok, e) = traced_run(ops.op("verify"), tau, mutant, || {
                mldsa::algorithms::verify_internal::<P, T>(vk, mu, &s)
            });
            if ok != want && mutant == Mutant::None {
                ops.op("verify").errors.push(format!(
                    "{}: signature {i} case {c}: verified {ok}",
                    P::NAME
                ));
            }
            let e = normalize(&e);
            if c < 2 {
                valid.push(e);
            } else if !valid
                .first()
                .is_some_and(|v| same_calls(&e, &v[..e.len().min(v.len())]) && e.len() < v.len())
            {
                ops.op("verify").errors.push(format!(
                    "{}: an early return is not a prefix of the whole path",
                    P::NAME
                ));
            } else {
                early += 1;
            }
        }
    }
    compare_all(ops.op("verify"), P::NAME, &valid);
    ops.op("verify").notes.push(format!(
        "{}: {early} early returns (z out of bounds, malformed hint), prefixes",
        P::NAME
    ));
}

fn run_all(mutant: Mutant) -> Ops {
    let mut ops = Ops::default();
    run_set::<MlDsa44>(&mut ops, mutant);
    run_set::<MlDsa65>(&mut ops, mutant);
    run_set::<MlDsa87>(&mut ops, mutant);
    ops
}

/// The group: one lemma per operation (its table printed first), and one
/// per planted mistake, which must be refuted at the named call site.
pub fn all() -> Vec<Lemma> {
    let mut lemmas = Vec::new();
    let ops = run_all(Mutant::None);
    println!(
        "composition: each call site of the generic algorithms on the tracing backend; ranges proven, not seen; hulls over ML-DSA-44/65/87:"
    );
    for (name, op) in &ops.0 {
        print!("{}", op.table(name));
    }
    for (name, op) in ops.0 {
        let result = if op.errors.is_empty() {
            let mut d = format!(
                "{} sites, {} calls meet their preconditions ({:.2} s traced); {}",
                op.rows.len(),
                op.calls,
                op.secs,
                op.notes.join("; ")
            );
            if let Some(seen) = ops.1.get(name) {
                let c: Vec<String> = seen.iter().map(|(k, v)| format!("{k}: {v}")).collect();
                d += &format!("; rejections taken, all sets: {}", c.join(", "));
            }
            Ok(d)
        } else {
            Err(op.errors.join("; "))
        };
        lemmas.push(Lemma::run(
            format!("composition: {name}"),
            "trace",
            "ML-DSA-44/65/87; every call's argument ranges",
            "generic source",
            || result,
        ));
    }
    let plants = [
        (
            Mutant::DropFreeze,
            "sign: freeze dropped before Decompose",
            "decompose",
        ),
        (
            Mutant::DropCaddq,
            "verify: caddq dropped before UseHint",
            "use_hint",
        ),
        (
            Mutant::UnshiftedT1,
            "verify: t1 unshifted",
            "unpack_t1_shifted",
        ),
        (
            Mutant::UnreducedT1,
            "verify: t1 2^(d+5) into the NTT",
            "ntt",
        ),
    ];
    for (m, what, kernel) in plants {
        lemmas.push(Lemma::run(
            format!("composition mutant: {what}"),
            "trace mutant",
            "must be refuted at a call site",
            "generic source",
            || {
                let hook = std::panic::take_hook();
                std::panic::set_hook(Box::new(|info| {
                    if !info.payload().is::<Refuted>() {
                        eprintln!("{info}");
                    }
                }));
                let outcome = std::panic::catch_unwind(|| run_all(m));
                std::panic::set_hook(hook);
                let errs = with(|s| {
                    s.on = false;
                    std::mem::take(&mut s.errors)
                });
                match (outcome, errs.first()) {
                    (Err(p), Some(e))
                        if p.is::<Refuted>() && e.contains(&format!(" {kernel}: ")) =>
                    {
                        Ok(format!("refuted: {e}"))
                    }
                    (Err(p), Some(e)) if p.is::<Refuted>() => {
                        Err(format!("refuted elsewhere than at {kernel}: {e}"))
                    }
                    (Err(_), _) => Err("the run panicked".into()),
                    (Ok(_), _) => Err(format!("not refuted at {kernel}")),
                }
            },
        ));
    }
    lemmas
}
