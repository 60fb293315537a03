//! Keccak-f[1600] = FIPS 202's Keccak-p[1600, 24], for every form of the
//! crate's permutation, by z3 on 64-bit bit-vector lanes.
//!
//! The permutation is written once (`mldsa::backend::keccak::permute`,
//! over `Lanes`): 24 calls of one round function, `round`, whose lane
//! operations are each form's (the portable `ScalarLanes`, plain and
//! lane-complemented; AVX2's, AVX-512's and NEON's forms over their
//! intrinsics). Here the same source runs on z3 terms: `ScalarLanes` on
//! [`Z64`] lanes, the SIMD forms on `keccak_model`'s intrinsic models
//! (checked against the instructions there). Three statements:
//!
//! - **round**: for every state and every round constant RC (an unknown
//!   lane), each output lane of `round` equals that lane of FIPS 202's
//!   Rnd = iota . chi . pi . rho . theta (section 3.2, on the 1600 bits,
//!   `keccak_fips202`), one z3 query per output lane (and SIMD lane). For
//!   the lane-complemented form: input lanes inverted on
//!   `KECCAK_COMPLEMENTED`, output lanes equal to the standard's inverted
//!   on the same set (the invariant that lets the rounds chain).
//! - **constants**: `KECCAK_RC` = the round constants of Algorithms 5 and 6.
//! - **composition**: `permute` (and `permute_with` on `KECCAK_RC`, and
//!   `permute_pair_with`) builds the very same term as: the complement
//!   mask, `round` with the standard's RC of round 0, 1, .., 23 in order,
//!   the mask again (z3 terms are hash-consed: equal construction, equal
//!   term). With the round lemma: Keccak-p[1600, 24] for every state.
//!
//! Planted errors, each refuted with a counterexample: the round with one
//! rho offset wrong (lane A[1, 1] rotated by 45, not 44), the round with a
//! wrong round constant, each SIMD form on a model with one intrinsic
//! wrong; and the composition with one table entry wrong.

use crate::Lemma;
use crate::keccak_fips202::{self as fips, round_constant, round_constants};
use crate::keccak_model::{Bits, KeccakModel, Mutation};
use crate::smt::{self, Bv64, Term, Verdict, ctx};
use mldsa::backend::keccak::{
    Avx2Form, KECCAK_COMPLEMENTED, KECCAK_RC, LaneWord, Lanes, NeonForm, ScalarLanes, Sha3Form,
    TernaryForm, permute, permute_pair_with, permute_with, round,
};
use std::ops::{BitAnd, BitOr, BitXor, Not};
use std::time::Instant;
use z3::ast::{Ast, BV};

/// A 64-bit lane as a z3 term: the bit-vector operations themselves.
#[derive(Clone, Copy, Debug)]
pub struct Z64(Bv64);

impl Z64 {
    /// The term.
    pub fn bv(self) -> BV<'static> {
        self.0.bv()
    }
    /// Wraps a 64-bit term.
    pub fn of(term: BV<'static>) -> Z64 {
        Z64(Bv64::of(term))
    }
}

macro_rules! z64_ops {
    ($($op:ident::$method:ident => $bv:ident),+) => {$(
        impl $op for Z64 {
            type Output = Z64;
            fn $method(self, b: Z64) -> Z64 {
                Z64::of(self.bv().$bv(&b.bv()))
            }
        }
    )+};
}
z64_ops!(BitXor::bitxor => bvxor, BitAnd::bitand => bvand, BitOr::bitor => bvor);

impl Not for Z64 {
    type Output = Z64;
    fn not(self) -> Z64 {
        Z64::of(self.bv().bvnot())
    }
}

fn bv64(v: u64) -> BV<'static> {
    BV::from_u64(ctx(), v, 64)
}

impl LaneWord for Z64 {
    fn lit(v: u64) -> Z64 {
        Z64::of(bv64(v))
    }
    fn xor(self, y: Z64) -> Z64 {
        self ^ y
    }
    fn and(self, y: Z64) -> Z64 {
        self & y
    }
    fn or(self, y: Z64) -> Z64 {
        self | y
    }
    fn not(self) -> Z64 {
        !self
    }
    fn rotate_left(self, n: u32) -> Z64 {
        Z64::of(self.bv().bvrotl(&bv64(n as u64)))
    }
}

impl Bits for Z64 {
    fn shl(self, k: u32) -> Z64 {
        Z64::of(self.bv().bvshl(&bv64(k as u64)))
    }
    fn shr(self, k: u32) -> Z64 {
        Z64::of(self.bv().bvlshr(&bv64(k as u64)))
    }
}

/// A register of a form: its SIMD lanes (one for the scalar forms).
pub trait Reg: Copy {
    /// SIMD lanes.
    const LANES: usize;
    /// SIMD lane j.
    fn lane(self, j: usize) -> Z64;
    /// The register whose lane j is `f(j)`.
    fn make(f: impl Fn(usize) -> Z64) -> Self;
}

impl Reg for Z64 {
    const LANES: usize = 1;
    fn lane(self, _j: usize) -> Z64 {
        self
    }
    fn make(f: impl Fn(usize) -> Z64) -> Z64 {
        f(0)
    }
}

impl<const W: usize> Reg for [Z64; W] {
    const LANES: usize = W;
    fn lane(self, j: usize) -> Z64 {
        self[j]
    }
    fn make(f: impl Fn(usize) -> Z64) -> Self {
        core::array::from_fn(f)
    }
}

/// Whether lane k is kept complemented between rounds, in the form.
type Mask = [bool; 25];

const PLAIN: Mask = [false; 25];

fn complemented() -> Mask {
    core::array::from_fn(|k| KECCAK_COMPLEMENTED.contains(&k))
}

fn masked(x: Z64, on: bool) -> Z64 {
    if on { !x } else { x }
}

/// The standard's round on lanes `a` with round constant lane `rc`.
fn standard_round(a: &[BV<'static>; 25], rc: &BV<'static>) -> [BV<'static>; 25] {
    let out = fips::round(&fips::State::from_lanes(a), rc);
    core::array::from_fn(|k| out.lane(k))
}

/// How the round is checked: with an unknown round constant, or with the
/// implementation using `got` where the standard's round `ir` has RC(ir).
#[derive(Clone, Copy)]
enum Constant {
    Unknown,
    Round { ir: usize, got: u64 },
}

/// Runs `round` of `l` on unknown lanes (inverted where `mask` says), and
/// proves each output lane of each SIMD lane equal to the standard round's
/// (inverted where `mask` says). `Ok` with the query count if all are
/// proven, `Err` with the first counterexample or z3's failure.
fn check_round<L: Lanes<V: Reg>>(l: L, mask: Mask, constant: Constant) -> Result<String, String> {
    smt::reset();
    let lanes = <L::V as Reg>::LANES;
    let inputs: Vec<[BV<'static>; 25]> = (0..lanes)
        .map(|j| core::array::from_fn(|k| BV::new_const(ctx(), format!("A{k}_{j}"), 64)))
        .collect();
    let (rc_impl, rc_std) = match constant {
        Constant::Unknown => {
            let rc = BV::new_const(ctx(), "RC", 64);
            (rc.clone(), rc)
        }
        Constant::Round { ir, got } => (bv64(got), bv64(round_constant(ir))),
    };
    let a: [L::V; 25] = core::array::from_fn(|k| {
        <L::V as Reg>::make(|j| masked(Z64::of(inputs[j][k].clone()), mask[k]))
    });
    let mut e = a;
    round(
        l,
        &a,
        &mut e,
        <L::V as Reg>::make(|_| Z64::of(rc_impl.clone())),
    );
    let mut queries = 0;
    for (j, input) in inputs.iter().enumerate() {
        let want = standard_round(input, &rc_std);
        for k in 0..25 {
            let got = e[k].lane(j).bv();
            let want = masked(Z64::of(want[k].clone()), mask[k]).bv();
            let mut named: Vec<(String, BV<'static>)> = (0..25)
                .map(|i| (format!("A[{}][{}]", i % 5, i / 5), input[i].clone()))
                .collect();
            if let Constant::Unknown = constant {
                named.push(("RC".into(), rc_std.clone()));
            }
            let named: Vec<(&str, BV<'static>)> =
                named.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
            let truth = z3::ast::Bool::from_bool(ctx(), true);
            queries += 1;
            match smt::prove(&named, &truth, &got._eq(&want)) {
                Verdict::Proven => {}
                Verdict::Refuted(cex) => {
                    return Err(format!(
                        "output lane A[{}][{}] (SIMD lane {j}) differs: {cex}",
                        k % 5,
                        k / 5
                    ));
                }
                Verdict::Unknown(why) => return Err(format!("z3: {why}")),
            }
        }
    }
    Ok(format!(
        "{queries} queries (25 output lanes x {lanes} SIMD lanes), all unsat"
    ))
}

/// [`check_round`] on a form that must be wrong: `Ok` with the
/// counterexample.
fn refute_round<L: Lanes<V: Reg>>(l: L, mask: Mask, constant: Constant) -> Result<String, String> {
    match check_round(l, mask, constant) {
        Ok(_) => Err("the wrong round was proven equal to the standard".into()),
        Err(e) if e.starts_with("z3:") => Err(e),
        Err(cex) => Ok(format!("refuted: {cex}")),
    }
}

/// `l`'s lane operations, but for rho's rotation of lane A[1, 1] (offset
/// 44), which rotates by 45: a round with one wrong offset.
#[derive(Clone, Copy)]
struct WrongRotation<L>(L);

impl<L: Lanes> Lanes for WrongRotation<L> {
    type V = L::V;
    fn splat(self, rc: u64) -> L::V {
        self.0.splat(rc)
    }
    fn xor(self, x: L::V, y: L::V) -> L::V {
        self.0.xor(x, y)
    }
    fn rotl<const A: i32, const B: i32>(self, x: L::V) -> L::V {
        self.0.rotl::<A, B>(x)
    }
    fn chi(self, k: usize, x: L::V, y: L::V, z: L::V) -> L::V {
        self.0.chi(k, x, y, z)
    }
    fn xor5(self, a: L::V, b: L::V, c: L::V, d: L::V, e: L::V) -> L::V {
        self.0.xor5(a, b, c, d, e)
    }
    fn xor_rol1(self, x: L::V, y: L::V) -> L::V {
        self.0.xor_rol1(x, y)
    }
    fn xor_rotl<const A: i32, const B: i32>(self, x: L::V, d: L::V) -> L::V {
        if A == 44 {
            self.0.xor_rotl::<45, 19>(x, d)
        } else {
            self.0.xor_rotl::<A, B>(x, d)
        }
    }
    fn complement(self, state: &mut [L::V; 25]) {
        self.0.complement(state)
    }
}

/// Unknown lanes for a composition check.
fn unknown_state<V: Reg>(prefix: &str) -> [V; 25] {
    core::array::from_fn(|k| {
        V::make(|j| Z64::of(BV::new_const(ctx(), format!("{prefix}{k}_{j}"), 64)))
    })
}

/// The composition as the statement has it: the mask, `round` with the
/// standard's constant of round 0, .., 23, the mask.
fn rounds_in_order<L: Lanes<V: Reg>>(l: L, state: &[L::V; 25], mask: Mask) -> [L::V; 25] {
    let flip = |s: &mut [L::V; 25]| {
        for (k, x) in s.iter_mut().enumerate() {
            let v = *x;
            *x = <L::V as Reg>::make(|j| masked(v.lane(j), mask[k]));
        }
    };
    let mut a = *state;
    flip(&mut a);
    for rc in round_constants() {
        let mut e = a;
        round(l, &a, &mut e, l.splat(rc));
        a = e;
    }
    flip(&mut a);
    a
}

/// The same term, lane by lane (z3's hash-consing: equal construction).
fn same_terms<V: Reg>(got: &[V; 25], want: &[V; 25]) -> Result<(), String> {
    for k in 0..25 {
        for j in 0..V::LANES {
            if got[k].lane(j).bv() != want[k].lane(j).bv() {
                return Err(format!(
                    "output lane A[{}][{}] (SIMD lane {j}) is not the 24 rounds in order",
                    k % 5,
                    k / 5
                ));
            }
        }
    }
    Ok(())
}

/// `run` (a permutation of `l`'s states) = [`rounds_in_order`].
fn check_composition<L: Lanes<V: Reg>>(
    l: L,
    mask: Mask,
    run: impl Fn(&mut [L::V; 25]),
) -> Result<String, String> {
    smt::reset();
    let state = unknown_state::<L::V>("S");
    let mut got = state;
    run(&mut got);
    same_terms(&got, &rounds_in_order(l, &state, mask))?;
    Ok(format!(
        "{} lanes: the same terms as mask, Rnd(RC(0)) .. Rnd(RC(23)), mask",
        25 * <L::V as Reg>::LANES
    ))
}

/// `KECCAK_RC` with round 5's constant off by one bit.
fn wrong_table() -> [u64; 24] {
    let mut t = KECCAK_RC;
    t[5] ^= 1 << 15;
    t
}

type Model<const W: usize> = KeccakModel<Z64, W>;

fn scalar<const C: bool>() -> ScalarLanes<C, Z64> {
    ScalarLanes::new()
}

/// Times one z3 lemma.
fn lemma(
    name: &str,
    domain: &str,
    backends: &str,
    check: impl FnOnce() -> Result<String, String>,
) -> Lemma {
    Lemma::run(name, "z3", domain, backends, check)
}

fn mutant(
    name: &str,
    domain: &str,
    backends: &str,
    check: impl FnOnce() -> Result<String, String>,
) -> Lemma {
    Lemma::run(name, "z3 mutant", domain, backends, check)
}

/// Z64's operations against u64's on random constants (the instance the
/// lemmas run `ScalarLanes` and the models on).
fn lanes_agree() -> Result<String, String> {
    use z3::ast::Ast as _;
    let mut state = 11u64;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let value = |x: Z64| x.bv().simplify().as_u64();
    for n in 0..2000 {
        smt::reset();
        let (a, b, k) = (next(), next(), (next() % 64) as u32);
        let (za, zb) = (Z64::lit(a), Z64::lit(b));
        let checks = [
            ("xor", value(za ^ zb), a ^ b),
            ("and", value(za & zb), a & b),
            ("or", value(za | zb), a | b),
            ("not", value(!za), !a),
            ("LaneWord::xor", value(LaneWord::xor(za, zb)), a ^ b),
            ("LaneWord::and", value(LaneWord::and(za, zb)), a & b),
            ("LaneWord::or", value(LaneWord::or(za, zb)), a | b),
            ("LaneWord::not", value(LaneWord::not(za)), !a),
            ("rotate_left", value(za.rotate_left(k)), a.rotate_left(k)),
            ("shl", value(Bits::shl(za, k)), a << k),
            ("shr", value(Bits::shr(za, k)), a >> k),
        ];
        for (what, got, want) in checks {
            if got != Some(want) {
                return Err(format!(
                    "z3 {what}({a:#x}, {b:#x}, {k}) = {got:x?}, u64 gives {want:#x}"
                ));
            }
        }
        let _ = n;
    }
    Ok("2000 random operand sets".into())
}

/// `ternarylogic_epi64`'s model (its truth table, as Intel's pseudocode
/// indexes it) at the two immediates the rounds use = the closed forms the
/// round lemmas run it with: 0x96 = a ^ b ^ c, 0xD2 = a ^ (!b & c), for
/// every 64-bit a, b, c.
fn ternary_closed_forms() -> Result<String, String> {
    use mldsa::backend::keccak::TernaryOps;
    smt::reset();
    let [a, b, c] = ["a", "b", "c"].map(|n| BV::new_const(ctx(), n, 64));
    let [za, zb, zc] = [&a, &b, &c].map(|x| [Z64::of(x.clone())]);
    let (table, closed) = (Model::<1>::new(), Model::<1>::new().with_closed_forms());
    let named = [("a", a.clone()), ("b", b.clone()), ("c", c.clone())];
    let truth = z3::ast::Bool::from_bool(ctx(), true);
    let pairs = [
        (
            table.ternarylogic_epi64::<0x96>(za, zb, zc),
            closed.ternarylogic_epi64::<0x96>(za, zb, zc),
        ),
        (
            table.ternarylogic_epi64::<0xD2>(za, zb, zc),
            closed.ternarylogic_epi64::<0xD2>(za, zb, zc),
        ),
    ];
    for (imm, (t, f)) in [0x96, 0xD2].iter().zip(pairs) {
        match smt::prove(&named, &truth, &t[0].bv()._eq(&f[0].bv())) {
            Verdict::Proven => {}
            Verdict::Refuted(cex) => return Err(format!("{imm:#x}: {cex}")),
            Verdict::Unknown(why) => return Err(format!("z3: {why}")),
        }
    }
    // The mutant: the reversed table at 0xD2 is not the closed form.
    let wrong = Model::<1>::mutated(Mutation::TernaryOperandsReversed);
    let w = wrong.ternarylogic_epi64::<0xD2>(za, zb, zc);
    let f = closed.ternarylogic_epi64::<0xD2>(za, zb, zc);
    match smt::prove(&named, &truth, &w[0].bv()._eq(&f[0].bv())) {
        Verdict::Refuted(cex) => Ok(format!(
            "0x96 and 0xD2 proven; the reversed table refuted at 0xD2: {cex}"
        )),
        _ => Err("the reversed table was not refuted".into()),
    }
}

/// Every Keccak lemma.
pub fn all() -> Vec<Lemma> {
    let start = Instant::now();
    let every = "every state, every RC";
    let mut out = vec![
        Lemma::run(
            "keccak z3 lanes = u64 lanes",
            "model",
            "random constants",
            "model",
            lanes_agree,
        ),
        Lemma::run(
            "keccak round constants",
            "exhaustive",
            "the 24 rounds",
            "all",
            || {
                let want = round_constants();
                match (0..24).find(|&i| KECCAK_RC[i] != want[i]) {
                    None => Ok("KECCAK_RC = rc LFSR (Algorithms 5, 6), rounds 0 .. 23".into()),
                    Some(i) => Err(format!(
                        "round {i}: {:#x}, FIPS 202 {:#x}",
                        KECCAK_RC[i], want[i]
                    )),
                }
            },
        ),
        Lemma::run(
            "keccak round constants (mutant)",
            "mutant",
            "the 24 rounds",
            "all",
            || {
                let want = round_constants();
                match (0..24).find(|&i| wrong_table()[i] != want[i]) {
                    Some(i) => Ok(format!("caught: round {i}")),
                    None => Err("the wrong table passed".into()),
                }
            },
        ),
        lemma("keccak round = Rnd", every, "portable", || {
            check_round(scalar::<false>(), PLAIN, Constant::Unknown)
        }),
        lemma(
            "keccak round = Rnd (complemented)",
            "every state, every RC; lanes inverted on the mask in and out",
            "portable",
            || check_round(scalar::<true>(), complemented(), Constant::Unknown),
        ),
        mutant("keccak round, rho 44 -> 45", every, "portable", || {
            refute_round(WrongRotation(scalar::<false>()), PLAIN, Constant::Unknown)
        }),
        mutant(
            "keccak round, rho 44 -> 45 (compl.)",
            every,
            "portable",
            || {
                refute_round(
                    WrongRotation(scalar::<true>()),
                    complemented(),
                    Constant::Unknown,
                )
            },
        ),
        mutant(
            "keccak round 5 with a wrong RC",
            "every state, round 5",
            "portable",
            || {
                refute_round(
                    scalar::<false>(),
                    PLAIN,
                    Constant::Round {
                        ir: 5,
                        got: wrong_table()[5],
                    },
                )
            },
        ),
        lemma(
            "keccak round 5, RC from KECCAK_RC",
            "every state, round 5",
            "portable",
            || {
                check_round(
                    scalar::<false>(),
                    PLAIN,
                    Constant::Round {
                        ir: 5,
                        got: KECCAK_RC[5],
                    },
                )
            },
        ),
        lemma("keccak round = Rnd", every, "avx2 x4", || {
            check_round(Avx2Form(Model::<4>::new()), PLAIN, Constant::Unknown)
        }),
        mutant("keccak round, andnot as and", every, "avx2 x4", || {
            refute_round(
                Avx2Form(Model::<4>::mutated(Mutation::AndnotAsAnd)),
                PLAIN,
                Constant::Unknown,
            )
        }),
        lemma(
            "keccak ternarylogic closed forms",
            "every a, b, c",
            "avx512",
            ternary_closed_forms,
        ),
        lemma("keccak round = Rnd", every, "avx512 x1", || {
            let m = Model::<2>::new().with_closed_forms();
            check_round(TernaryForm(m), PLAIN, Constant::Unknown)
        }),
        lemma("keccak round = Rnd", every, "avx512 x4", || {
            let m = Model::<4>::new().with_closed_forms();
            check_round(TernaryForm(m), PLAIN, Constant::Unknown)
        }),
        lemma("keccak round = Rnd", every, "avx512 x8", || {
            let m = Model::<8>::new().with_closed_forms();
            check_round(TernaryForm(m), PLAIN, Constant::Unknown)
        }),
        mutant("keccak round, ternlog reversed", every, "avx512 x4", || {
            let m = Model::<4>::mutated(Mutation::TernaryOperandsReversed).with_closed_forms();
            refute_round(TernaryForm(m), PLAIN, Constant::Unknown)
        }),
        lemma("keccak round = Rnd", every, "neon", || {
            check_round(NeonForm(Model::<2>::new()), PLAIN, Constant::Unknown)
        }),
        mutant("keccak round, sri overwriting", every, "neon", || {
            refute_round(
                NeonForm(Model::<2>::mutated(Mutation::SriOverwrites)),
                PLAIN,
                Constant::Unknown,
            )
        }),
        lemma("keccak round = Rnd", every, "neon sha3", || {
            check_round(Sha3Form(Model::<2>::new()), PLAIN, Constant::Unknown)
        }),
        mutant(
            "keccak round, xar rotating left",
            every,
            "neon sha3",
            || {
                refute_round(
                    Sha3Form(Model::<2>::mutated(Mutation::XarRotatesLeft)),
                    PLAIN,
                    Constant::Unknown,
                )
            },
        ),
    ];
    let order = "every state: 24 rounds in order";
    out.extend([
        lemma("keccak permute = 24 rounds", order, "portable", || {
            let l = scalar::<true>();
            check_composition(l, complemented(), |s| permute(l, s))
        }),
        lemma(
            "keccak permute_with = 24 rounds",
            order,
            "portable andnot",
            || {
                let l = scalar::<false>();
                check_composition(l, PLAIN, |s| permute_with(l, s, &KECCAK_RC))
            },
        ),
        mutant(
            "keccak permute_with, wrong table",
            order,
            "portable andnot",
            || {
                let l = scalar::<false>();
                match check_composition(l, PLAIN, |s| permute_with(l, s, &wrong_table())) {
                    Ok(_) => Err("the wrong table passed".into()),
                    Err(e) => Ok(format!("caught: {e}")),
                }
            },
        ),
        lemma("keccak permute_with = 24 rounds", order, "avx2 x4", || {
            let l = Avx2Form(Model::<4>::new());
            check_composition(l, PLAIN, |s| permute_with(l, s, &KECCAK_RC))
        }),
        lemma("keccak permute = 24 rounds", order, "avx512 x1", || {
            let l = TernaryForm(Model::<2>::new());
            check_composition(l, PLAIN, |s| permute(l, s))
        }),
        lemma("keccak permute = 24 rounds", order, "avx512 x4", || {
            let l = TernaryForm(Model::<4>::new());
            check_composition(l, PLAIN, |s| permute(l, s))
        }),
        lemma("keccak permute = 24 rounds", order, "avx512 x8", || {
            let l = TernaryForm(Model::<8>::new());
            check_composition(l, PLAIN, |s| permute(l, s))
        }),
        lemma(
            "keccak permute_pair_with = 24 rounds",
            order,
            "avx512 x8+1",
            || {
                smt::reset();
                let (l, m) = (TernaryForm(Model::<8>::new()), scalar::<true>());
                let (x8, one) = (unknown_state::<[Z64; 8]>("S"), unknown_state::<Z64>("T"));
                let (mut a, mut b) = (x8, one);
                permute_pair_with(l, &mut a, m, &mut b, &KECCAK_RC);
                same_terms(&a, &rounds_in_order(l, &x8, PLAIN))?;
                same_terms(&b, &rounds_in_order(m, &one, complemented()))?;
                Ok("200 + 25 lanes: each group's 24 rounds in order".into())
            },
        ),
        lemma("keccak permute = 24 rounds", order, "neon", || {
            let l = NeonForm(Model::<2>::new());
            check_composition(l, PLAIN, |s| permute(l, s))
        }),
        lemma("keccak permute = 24 rounds", order, "neon sha3", || {
            let l = Sha3Form(Model::<2>::new());
            check_composition(l, PLAIN, |s| permute(l, s))
        }),
    ]);
    println!("keccak z3 lemmas: {:.1} s", start.elapsed().as_secs_f64());
    out
}
