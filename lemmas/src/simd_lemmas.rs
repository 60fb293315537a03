//! The z3 lemmas of the SIMD kernels: each runs an AVX2, AVX-512 or NEON
//! kernel of `mldsa::backend::lanes` (its own generic source) on the
//! intrinsic model (`avx2_model`, `avx512_model`, `neon_model`) with a z3
//! bit-vector in every lane, and
//! proves its statement for every lane and every input of the
//! precondition. Each is run again on the model with one intrinsic mutated
//! (one immediate or one operation changed), which z3 must refute.
//!
//! Every lane gets its own unknowns, so a kernel that mixed up lanes would
//! fail. Two kinds of statement:
//! - against FIPS 204 or the arithmetic the kernel promises, as the
//!   portable lemmas of `smt_lemmas` state it (rounding, hints, norm,
//!   reduce32, caddq, freeze);
//! - for the Montgomery multiplications and reductions: equal, bit for bit
//!   and for every input, to the portable `montgomery_mul` /
//!   `montgomery_reduce` (their own source on bit-vectors), which the
//!   `montgomery_reduce` lemma proves equal to Algorithm 49 within its
//!   precondition. Both factors symbolic, the equality stays cheap: the
//!   64-bit products are the same terms on both sides.

use crate::Lemma;
use crate::avx2_model::{self, Avx2Model};
use crate::avx512_model::{self, Avx512Model};
use crate::fips::Q;
use crate::lane::{Lane, LaneMutation, WideLane};
use crate::neon_model::{self, NeonModel};
use crate::smt::{self, Bv32, Bv64, Term, Verdict, ctx};
use crate::smt_lemmas::{proven, refuted};
use mldsa::backend::lanes::avx512::{arithmetic as w, ntt as wn};
use mldsa::backend::lanes::{avx2 as x, neon as n};
use mldsa::backend::portable as k;
use mldsa::params::{Gamma2, Gamma2Q32, Gamma2Q88};
use z3::ast::{BV, Bool};

type X = Avx2Model<Bv32>;
type XReg = avx2_model::Reg<Bv32>;
type Nm = NeonModel<Bv32>;
type W = Avx512Model<Bv32>;
type WReg = avx512_model::Reg<Bv32>;
type NReg = neon_model::Reg<Bv32>;

fn and(parts: &[Bool<'static>]) -> Bool<'static> {
    let refs: Vec<&Bool<'static>> = parts.iter().collect();
    Bool::and(ctx(), &refs)
}

/// `n` fresh lanes named `name0`, `name1`, ...
fn lanes(name: &str, n: usize) -> Vec<Bv32> {
    (0..n).map(|i| Bv32::var(&format!("{name}{i}"))).collect()
}

fn named(name: &str, v: &[Bv32]) -> Vec<(String, BV<'static>)> {
    smt::named(name, v.iter().map(|x| x.bv()))
}

fn prove(
    inputs: &[Vec<(String, BV<'static>)>],
    pre: &Bool<'static>,
    goal: &Bool<'static>,
) -> Verdict {
    smt::prove_named(inputs, pre, core::slice::from_ref(goal))
}

fn truth() -> Bool<'static> {
    Bool::from_bool(ctx(), true)
}

// ---------------------------------------------------------------- kernels
//
// Each SIMD kernel as a function of lane vectors (8 lanes for AVX2, 16 for
// AVX-512, 4 for NEON), on the model `m` (the right one, or a mutant).
// AVX-512 runs AVX2's lane-wise kernels (reduce32 .. the norm check) on its
// 16-lane `LaneOps` instance, and its own Montgomery multiplication.

/// A one-input kernel on lanes.
pub type Lanes1 = Box<dyn Fn(&[Bv32]) -> Vec<Bv32>>;
/// A two-input kernel on lanes.
pub type Lanes2 = Box<dyn Fn(&[Bv32], &[Bv32]) -> Vec<Bv32>>;
/// A kernel with a constant parameter on lanes.
pub type LanesBound = Box<dyn Fn(&[Bv32], i32) -> Vec<Bv32>>;
/// A kernel on registers of lanes (inputs to outputs).
pub type Registers<'a> = &'a dyn Fn(&[Vec<Bv32>]) -> Vec<Vec<Bv32>>;
/// A two-output kernel on lanes.
pub type Lanes1x2 = Box<dyn Fn(&[Bv32]) -> (Vec<Bv32>, Vec<Bv32>)>;

fn xr(a: &[Bv32]) -> XReg {
    avx2_model::Reg::D(core::array::from_fn(|i| a[i]))
}
fn nr(a: &[Bv32]) -> NReg {
    neon_model::Reg::D(core::array::from_fn(|i| a[i]))
}
fn wr(a: &[Bv32]) -> WReg {
    avx512_model::Reg::D(core::array::from_fn(|i| a[i]))
}

/// One instruction set's kernels on a model.
pub struct Isa {
    /// "avx2", "avx512" or "neon".
    pub name: &'static str,
    /// Lanes per register.
    pub lanes: usize,
    reduce32: Lanes1,
    caddq: Lanes1,
    freeze: Lanes1,
    power2round: Lanes1x2,
    decompose: [Lanes1x2; 2],
    make_hint: [Lanes2; 2],
    use_hint: [Lanes2; 2],
    exceeds: LanesBound,
    montgomery_mul: Lanes2,
}

/// `pub fn $isa(m: $M) -> Isa`: the lane-wise kernels of module `$k` and
/// the Montgomery multiplication of `$mont` on model `m`, their registers
/// made by `$reg` and read by `.d()`.
macro_rules! isa {
    ($(#[$doc:meta])* $isa:ident($M:ty), $lanes:literal, $k:ident, $mont:ident, $reg:ident) => {
        $(#[$doc])*
        pub fn $isa(m: $M) -> Isa {
            fn g<G: Gamma2>(m: $M) -> (Lanes1x2, Lanes2, Lanes2) {
                (
                    Box::new(move |a| {
                        let (h, l) = $k::decompose::<$M, G>(m, $reg(a));
                        (h.d().to_vec(), l.d().to_vec())
                    }),
                    Box::new(move |z, r| {
                        $k::make_hint::<$M, G>(m, $reg(z), $reg(r)).d().to_vec()
                    }),
                    Box::new(move |h, r| {
                        $k::use_hint::<$M, G>(m, $reg(h), $reg(r)).d().to_vec()
                    }),
                )
            }
            let (d88, m88, u88) = g::<Gamma2Q88>(m);
            let (d32, m32, u32_) = g::<Gamma2Q32>(m);
            Isa {
                name: stringify!($isa),
                lanes: $lanes,
                reduce32: Box::new(move |a| $k::reduce32(m, $reg(a)).d().to_vec()),
                caddq: Box::new(move |a| $k::caddq(m, $reg(a)).d().to_vec()),
                freeze: Box::new(move |a| $k::freeze(m, $reg(a)).d().to_vec()),
                power2round: Box::new(move |a| {
                    let (h, l) = $k::power2round(m, $reg(a));
                    (h.d().to_vec(), l.d().to_vec())
                }),
                decompose: [d88, d32],
                make_hint: [m88, m32],
                use_hint: [u88, u32_],
                exceeds: Box::new(move |a, b| $k::exceeds(m, $reg(a), b).d().to_vec()),
                montgomery_mul: Box::new(move |a, b| {
                    $mont::montgomery_mul(m, $reg(a), $reg(b)).d().to_vec()
                }),
            }
        }
    };
}

isa!(
    /// The AVX2 kernels on model `m`.
    avx2(X), 8, x, x, xr
);
isa!(
    /// The NEON kernels on model `m`.
    neon(Nm), 4, n, n, nr
);
isa!(
    /// The AVX-512 kernels on model `m`: AVX2's lane-wise ones on 16
    /// lanes, its own Montgomery multiplication.
    avx512(W), 16, x, w, wr
);

// ------------------------------------------------------------- statements

/// Every lane of the SIMD kernel's outputs equals the portable kernel's
/// output (its own source, on bit-vectors) on that lane's inputs, for
/// every input with `pre` in every lane. `inputs` names the input
/// registers; `simd` maps them (one lane vector each) to the output
/// registers, `portable` one lane's inputs to its outputs.
///
/// The portable kernel's obligations (no overflow) are dropped: its own
/// lemma proves them, and its statement (= FIPS 204), under the same
/// precondition. So this lemma and that one prove the SIMD kernel equal to
/// FIPS 204 on the precondition; stated as an equality the query stays
/// small (the two sides share most of their terms), where the FIPS
/// statement per lane would cost the portable lemma's time per lane.
fn equals_portable(
    n: usize,
    inputs: &[&str],
    pre: &dyn Fn(&[Bv32]) -> Bool<'static>,
    simd: Registers<'_>,
    portable: &dyn Fn(&[Bv32]) -> Vec<Bv32>,
) -> Verdict {
    smt::reset();
    let regs: Vec<Vec<Bv32>> = inputs.iter().map(|name| lanes(name, n)).collect();
    let lane_inputs = |k: usize| regs.iter().map(|r| r[k]).collect::<Vec<_>>();
    let want: Vec<Vec<Bv32>> = (0..n).map(|k| portable(&lane_inputs(k))).collect();
    smt::forget_obligations();
    let got = simd(&regs);
    let mut goal = Vec::new();
    for (k, want_k) in want.iter().enumerate() {
        for (out, w) in got.iter().zip(want_k) {
            goal.push(out[k].eq(*w));
        }
    }
    let pre = and(&(0..n).map(|k| pre(&lane_inputs(k))).collect::<Vec<_>>());
    let named_inputs: Vec<_> = inputs
        .iter()
        .zip(&regs)
        .map(|(name, r)| named(name, r))
        .collect();
    prove(&named_inputs, &pre, &and(&goal))
}

fn below_reduce_limit(a: &[Bv32]) -> Bool<'static> {
    a[0].within(i32::MIN as i64, (1 << 31) - (1 << 22) - 1)
}

fn in_zq(a: &[Bv32]) -> Bool<'static> {
    and(&a.iter().map(|x| x.within(0, Q - 1)).collect::<Vec<_>>())
}

fn one(f: &Lanes1) -> impl Fn(&[Vec<Bv32>]) -> Vec<Vec<Bv32>> + '_ {
    move |r| vec![f(&r[0])]
}

fn two_out(f: &Lanes1x2) -> impl Fn(&[Vec<Bv32>]) -> Vec<Vec<Bv32>> + '_ {
    move |r| {
        let (h, l) = f(&r[0]);
        vec![h, l]
    }
}

fn two_in(f: &Lanes2) -> impl Fn(&[Vec<Bv32>]) -> Vec<Vec<Bv32>> + '_ {
    move |r| vec![f(&r[0], &r[1])]
}

// The statements on an instruction set's kernels, each on all its lanes.

/// The one-input kernel `f` equals the portable `kernel`, where `pre`.
fn one_input(
    isa: &Isa,
    pre: &dyn Fn(&[Bv32]) -> Bool<'static>,
    f: &Lanes1,
    kernel: fn(Bv32) -> Bv32,
) -> Verdict {
    equals_portable(isa.lanes, &["a"], pre, &one(f), &|a| vec![kernel(a[0])])
}

/// The two-output kernel `f` equals the portable `kernel`, on [0, q).
fn two_outputs(isa: &Isa, f: &Lanes1x2, kernel: fn(Bv32) -> (Bv32, Bv32)) -> Verdict {
    equals_portable(isa.lanes, &["a"], &in_zq, &two_out(f), &|a| {
        let (h, l) = kernel(a[0]);
        vec![h, l]
    })
}

/// The two-input kernel `f` equals the portable `kernel`, where `pre`;
/// `inputs` names its inputs.
fn two_inputs(
    isa: &Isa,
    inputs: &[&str; 2],
    pre: &dyn Fn(&[Bv32]) -> Bool<'static>,
    f: &Lanes2,
    kernel: fn(Bv32, Bv32) -> Bv32,
) -> Verdict {
    equals_portable(isa.lanes, inputs, pre, &two_in(f), &|a| {
        vec![kernel(a[0], a[1])]
    })
}

fn reduce32(isa: &Isa) -> Verdict {
    one_input(isa, &below_reduce_limit, &isa.reduce32, k::reduce32::<Bv32>)
}

fn freeze(isa: &Isa) -> Verdict {
    one_input(isa, &below_reduce_limit, &isa.freeze, k::freeze::<Bv32>)
}

fn caddq(isa: &Isa) -> Verdict {
    let pre = |a: &[Bv32]| a[0].within(-Q + 1, Q - 1);
    one_input(isa, &pre, &isa.caddq, k::caddq::<Bv32>)
}

fn power2round(isa: &Isa) -> Verdict {
    two_outputs(isa, &isa.power2round, k::power2round::<Bv32>)
}

/// At gamma2 `G`, the `I`th of the [`Isa`]'s arrays (so are the next two).
fn decompose<G: Gamma2, const I: usize>(isa: &Isa) -> Verdict {
    two_outputs(isa, &isa.decompose[I], k::decompose::<Bv32, G>)
}

fn make_hint<G: Gamma2, const I: usize>(isa: &Isa) -> Verdict {
    let kernel = k::make_hint::<Bv32, G>;
    two_inputs(isa, &["z", "r"], &in_zq, &isa.make_hint[I], kernel)
}

fn use_hint<G: Gamma2, const I: usize>(isa: &Isa) -> Verdict {
    let pre = |a: &[Bv32]| and(&[a[0].within(0, 1), a[1].within(0, Q - 1)]);
    two_inputs(
        isa,
        &["h", "r"],
        &pre,
        &isa.use_hint[I],
        k::use_hint::<Bv32, G>,
    )
}

/// The bounds ML-DSA checks norms against: gamma1 - beta, gamma2 - beta
/// and gamma2 for the three parameter sets.
fn norm_bounds() -> Vec<i32> {
    use mldsa::params::{MlDsa44, MlDsa65, MlDsa87, ParameterSet};
    fn of<P: ParameterSet>() -> [i32; 3] {
        let beta = P::TAU as i32 * P::ETA;
        [P::GAMMA1 - beta, P::GAMMA2 - beta, P::GAMMA2]
    }
    let mut b: Vec<i32> = [of::<MlDsa44>(), of::<MlDsa65>(), of::<MlDsa87>()].concat();
    b.sort();
    b.dedup();
    b
}

/// The norm check's `exceeds` at one of the bounds ML-DSA uses (the SIMD
/// kernel takes it as a constant), for |a| <= 2^31 - 2^22.
fn exceeds(n: usize, bound: i32, f: &dyn Fn(&[Bv32], i32) -> Vec<Bv32>) -> Verdict {
    let limit = (1i64 << 31) - (1 << 22);
    equals_portable(
        n,
        &["a"],
        &|a| a[0].within(-limit, limit),
        &|r| vec![f(&r[0], bound)],
        &|a| vec![k::exceeds::<Bv32>(a[0], Bv32::int(bound as i64))],
    )
}

/// f(a, b) equals the portable `montgomery_mul(a_i, b_i)` (its source, on
/// bit-vectors: `montgomery_reduce(a_i b_i)`) in every lane, for every a
/// and b, except where `excluded` (a lane predicate) holds. With
/// `abstracted`, the products are `smt::abstract_products` unknowns.
fn montgomery_mul(
    n: usize,
    f: &Lanes2,
    excluded: impl Fn(Bv32, Bv32) -> Bool<'static>,
    abstracted: bool,
) -> Verdict {
    smt::reset();
    if abstracted {
        smt::abstract_products();
    }
    let (a, b) = (lanes("a", n), lanes("b", n));
    let want: Vec<Bv32> = (0..n)
        .map(|i| k::montgomery_reduce::<Bv32>(a[i].widen().mul(b[i].widen())))
        .collect();
    // The portable kernel's own obligations (no overflow, |a b| <= 2^31 q)
    // are its lemmas' business; here both sides are taken as bits.
    smt::forget_obligations();
    let pre = and(&(0..n)
        .map(|i| excluded(a[i], b[i]).not())
        .collect::<Vec<_>>());
    let r = f(&a, &b);
    let goal = and(&(0..n).map(|i| r[i].eq(want[i])).collect::<Vec<_>>());
    prove(&[named("a", &a), named("b", &b)], &pre, &goal)
}

/// No lane excluded: the x86 products (`vpmuldq`) are exact for every a, b.
fn never(_: Bv32, _: Bv32) -> Bool<'static> {
    Bool::from_bool(ctx(), false)
}

/// sqdmulh saturates only at a = b = -2^31; no product within the
/// contract |a b| <= 2^31 q is that one.
fn neon_saturating(a: Bv32, b: Bv32) -> Bool<'static> {
    let min = Bv32::int(i32::MIN as i64);
    Bool::and(ctx(), &[&a.eq(min), &b.eq(min)])
}

/// A dot-product reduction on a model: the 32-bit lanes of 64-bit sums.
type Reduce<'a> = &'a dyn Fn(&[Bv64]) -> Vec<Bv32>;

/// The Montgomery reduction of 64-bit sums (AVX2 `dot_finish`, NEON
/// `DotAcc::reduce`) equals the portable `montgomery_reduce` of each sum,
/// for every 64-bit sum.
fn dot_reduce(n: usize, f: Reduce<'_>) -> Verdict {
    smt::reset();
    let sums: Vec<Bv64> = (0..n).map(|i| Bv64::var(&format!("sum{i}"))).collect();
    let want: Vec<Bv32> = sums
        .iter()
        .map(|s| k::montgomery_reduce::<Bv32>(*s))
        .collect();
    smt::forget_obligations();
    let r = f(&sums);
    let goal = and(&(0..n).map(|i| r[i].eq(want[i])).collect::<Vec<_>>());
    let inputs: Vec<(String, BV<'static>)> = sums
        .iter()
        .enumerate()
        .map(|(i, s)| (format!("sum{i}"), s.bv()))
        .collect();
    prove(&[inputs], &truth(), &goal)
}

/// AVX2 `dot_finish` on sums: lanes 0, 2, 4, 6 in the even accumulator,
/// 1, 3, 5, 7 in the odd one.
fn avx2_dot(m: X) -> impl Fn(&[Bv64]) -> Vec<Bv32> {
    move |s| {
        let even = avx2_model::Reg::Q([s[0], s[2], s[4], s[6]]);
        let odd = avx2_model::Reg::Q([s[1], s[3], s[5], s[7]]);
        x::dot_finish(m, (even, odd)).d().to_vec()
    }
}

/// AVX-512 `dot_finish` on sums: lanes 0, 2, .., 14 in the even
/// accumulator, 1, 3, .., 15 in the odd one.
fn avx512_dot(m: W) -> impl Fn(&[Bv64]) -> Vec<Bv32> {
    move |s| {
        let even = avx512_model::Reg::Q(core::array::from_fn(|k| s[2 * k]));
        let odd = avx512_model::Reg::Q(core::array::from_fn(|k| s[2 * k + 1]));
        w::dot_finish(m, even, odd).d().to_vec()
    }
}

/// NEON `DotAcc::reduce` on sums: lanes 0, 1 in `lo`, 2, 3 in `hi`.
fn neon_dot(m: Nm) -> impl Fn(&[Bv64]) -> Vec<Bv32> {
    move |s| {
        let acc = n::DotAcc::<Nm> {
            lo: neon_model::Reg::Q([s[0], s[1]]),
            hi: neon_model::Reg::Q([s[2], s[3]]),
        };
        acc.reduce(m).d().to_vec()
    }
}

/// NEON `mul_lane::<L>(x, z, z QINV)` (the by-element Montgomery
/// multiplication of the NTT) equals `montgomery_mul(x, z_L in every
/// lane)` on the model, for every x and z: the by-element forms are the
/// vector forms on a broadcast lane. With the `montgomery_mul = portable`
/// lemma, mul_lane is the portable `montgomery_mul(x_i, z_L)` (but at
/// x_i = z_L = -2^31).
fn neon_mul_lane<const L: i32>(m: Nm) -> Verdict {
    use mldsa::backend::lanes::neon::NeonOps;
    smt::reset();
    let (xs, z) = (lanes("x", 4), lanes("z", 4));
    let zq = m.vmulq_s32(nr(&z), m.vdupq_n_s32(k::QINV));
    let r = n::mul_lane::<Nm, L>(m, nr(&xs), nr(&z), zq).d();
    let want = n::montgomery_mul(Nm::new(), nr(&xs), nr(&[z[L as usize]; 4])).d();
    let goal = and(&(0..4).map(|i| r[i].eq(want[i])).collect::<Vec<_>>());
    prove(&[named("x", &xs), named("z", &z)], &truth(), &goal)
}

// ------------------------------------------------------------------ tables

/// Every table of `b * QINV` the SIMD NTTs load equals its zeta table
/// times QINV mod 2^32, entry by entry (`montgomery_mul_pre`'s
/// precondition), and every odd form of an AVX2 table is the table with
/// its odd lanes moved to the even positions (`montgomery_mul_odd`'s).
fn tables_times_qinv() -> Result<String, String> {
    let mut count = 0;
    let mut check = |name: &str, z: &[i32], zq: &[i32]| -> Result<(), String> {
        for (i, (a, b)) in z.iter().zip(zq).enumerate() {
            if a.wrapping_mul(k::QINV) != *b {
                return Err(format!("{name}[{i}] * QINV != {b}"));
            }
            count += 1;
        }
        Ok(())
    };
    /// A table's entries in order.
    fn flat<const A: usize, const B: usize, const C: usize>(t: &[[[i32; A]; B]; C]) -> &[i32] {
        t.as_flattened().as_flattened()
    }
    for (name, z, zq) in [
        ("avx2 FORWARD", flat(&x::FORWARD), flat(&x::FORWARD_QINV)),
        ("avx2 INVERSE", flat(&x::INVERSE), flat(&x::INVERSE_QINV)),
        ("neon FORWARD", flat(&n::FORWARD), flat(&n::FORWARD_QINV)),
        ("neon INVERSE", flat(&n::INVERSE), flat(&n::INVERSE_QINV)),
        (
            "neon FORWARD_COLUMN",
            flat(&n::FORWARD_COLUMN),
            flat(&n::FORWARD_COLUMN_QINV),
        ),
        (
            "neon INVERSE_COLUMN",
            flat(&n::INVERSE_COLUMN),
            flat(&n::INVERSE_COLUMN_QINV),
        ),
    ] {
        check(name, z, zq)?;
    }
    for (name, t) in [
        ("avx512 FORWARD", &wn::FORWARD),
        ("avx512 INVERSE", &wn::INVERSE),
    ] {
        check(name, flat(&t.b), flat(&t.b_qinv))?;
    }
    // The AVX2 tables' odd forms: entry 2j and 2j + 1 of each row are
    // entry 2j + 1 of the table (what `_mm256_shuffle_epi32::<0xF5>`
    // gives, which `montgomery_mul_odd` replaces with them).
    for (name, t, t_odd) in [
        ("avx2 FORWARD_ODD", flat(&x::FORWARD), flat(&x::FORWARD_ODD)),
        (
            "avx2 FORWARD_QINV_ODD",
            flat(&x::FORWARD_QINV),
            flat(&x::FORWARD_QINV_ODD),
        ),
        ("avx2 INVERSE_ODD", flat(&x::INVERSE), flat(&x::INVERSE_ODD)),
        (
            "avx2 INVERSE_QINV_ODD",
            flat(&x::INVERSE_QINV),
            flat(&x::INVERSE_QINV_ODD),
        ),
    ] {
        for (i, b) in t_odd.iter().enumerate() {
            if *b != t[i | 1] {
                return Err(format!(
                    "{name}[{i}] = {b}, not entry {} of the table",
                    i | 1
                ));
            }
            count += 1;
        }
    }
    for (name, t) in [
        ("avx512 FORWARD", &wn::FORWARD),
        ("avx512 INVERSE", &wn::INVERSE),
    ] {
        // The odd form (`Multiplier::b_odd`): what `odd`, the
        // `_mm512_shuffle_epi32::<0xF5>` it saves, gives.
        for (i, b) in flat(&t.b_odd).iter().enumerate() {
            if *b != flat(&t.b)[i | 1] {
                return Err(format!("{name} b_odd[{i}] = {b}, not entry {}", i | 1));
            }
            count += 1;
        }
    }
    Ok(format!("{count} entries"))
}

// -------------------------------------------------------------------- all

/// Runs `right` (must be proven) and `wrong` (must be refuted).
fn pair(
    out: &mut Vec<Lemma>,
    name: String,
    domain: &str,
    backend: &str,
    right: impl FnOnce() -> Verdict,
    wrong: impl FnOnce() -> Verdict,
) {
    out.push(Lemma::run(name.clone(), "z3", domain, backend, || {
        proven(right())
    }));
    out.push(Lemma::run(name, "z3 mutant", domain, backend, || {
        refuted(wrong())
    }));
}

/// A lemma of an instruction set: its name, domain, the mutant it must
/// refute, and the check run on the right model and on that mutant.
type IsaLemma = (String, &'static str, &'static str, fn(&Isa) -> Verdict);

/// The decompose, make_hint and use_hint lemmas at gamma2 `G` (`g`, the
/// `I`th of an [`Isa`]'s arrays), decompose refuting `decompose_mutant`.
fn rounding<G: Gamma2, const I: usize>(g: &str, decompose_mutant: &'static str) -> [IsaLemma; 3] {
    [
        (
            format!("decompose = portable, g2={g}"),
            "a in [0, q), every lane",
            decompose_mutant,
            decompose::<G, I>,
        ),
        (
            format!("make_hint = portable, g2={g}"),
            "z, r in [0, q), every lane",
            "make_hint",
            make_hint::<G, I>,
        ),
        (
            format!("use_hint = portable, g2={g}"),
            "h in {0, 1}, r in [0, q), every lane",
            "use_hint",
            use_hint::<G, I>,
        ),
    ]
}

/// The lemmas of one instruction set: `right` on the model, `wrong` on
/// the mutants named per lemma.
fn for_isa(out: &mut Vec<Lemma>, right: &Isa, wrong: &dyn Fn(&str) -> Isa) {
    let [decompose88, make_hint88, use_hint88] =
        rounding::<Gamma2Q88, 0>("(q-1)/88", "decompose88");
    let [decompose32, make_hint32, use_hint32] =
        rounding::<Gamma2Q32, 1>("(q-1)/32", "decompose32");
    let lemmas: [IsaLemma; 10] = [
        (
            "reduce32 = portable".into(),
            "a <= 2^31-2^22-1, every lane",
            "reduce32",
            reduce32,
        ),
        (
            "freeze = portable".into(),
            "a <= 2^31-2^22-1, every lane",
            "caddq",
            freeze,
        ),
        (
            "caddq = portable".into(),
            "-q < a < q, every lane",
            "caddq",
            caddq,
        ),
        (
            "power2round = portable".into(),
            "a in [0, q), every lane",
            "power2round",
            power2round,
        ),
        decompose88,
        decompose32,
        make_hint88,
        make_hint32,
        use_hint88,
        use_hint32,
    ];
    let (n, b) = (right.lanes, right.name);
    for (name, domain, mutant, check) in lemmas {
        pair(
            out,
            name,
            domain,
            b,
            || check(right),
            || check(&wrong(mutant)),
        );
    }
    let bounds = norm_bounds();
    out.push(Lemma::run(
        "norm check exceeds = portable",
        "z3",
        "|a| <= 2^31-2^22, ML-DSA's bounds, every lane",
        b,
        || {
            for &bound in &bounds {
                proven(exceeds(n, bound, &right.exceeds))
                    .map_err(|e| format!("bound {bound}: {e}"))?;
            }
            Ok(format!("proven ({} bounds)", bounds.len()))
        },
    ));
    out.push(Lemma::run(
        "norm check exceeds = portable",
        "z3 mutant",
        "|a| <= 2^31-2^22, the first bound",
        b,
        || refuted(exceeds(n, bounds[0], &wrong("exceeds").exceeds)),
    ));
}

/// An x86 backend's Montgomery multiplication (bit for bit the portable
/// one) and dot-product reduction (= montgomery_reduce) on `lanes` lanes:
/// each proven on the model (`mul[0]`, `dot[0]`) and refuted on its
/// mutated model (`mul[1]`, `dot[1]`).
fn x86_montgomery(
    out: &mut Vec<Lemma>,
    backend: &str,
    lanes: usize,
    mul: [Isa; 2],
    dot: [Reduce<'_>; 2],
) {
    let [right, wrong] = mul;
    pair(
        out,
        "montgomery_mul = portable, bit for bit".into(),
        &format!("every a, b ({lanes} lanes)"),
        backend,
        || montgomery_mul(lanes, &right.montgomery_mul, never, false),
        || montgomery_mul(lanes, &wrong.montgomery_mul, never, false),
    );
    pair(
        out,
        "dot_finish = montgomery_reduce".into(),
        &format!("every 64-bit sum ({lanes} lanes)"),
        backend,
        || dot_reduce(lanes, dot[0]),
        || dot_reduce(lanes, dot[1]),
    );
}

/// The mutant named by each lemma of `for_isa`: on the x86 models' lane
/// operations (AVX2 and AVX-512) and on NEON.
fn mutation(which: &str) -> (LaneMutation, neon_model::Mutation) {
    use LaneMutation as LM;
    use neon_model::Mutation as NM;
    match which {
        "reduce32" => (LM::Srai { from: 23, to: 24 }, NM::Shr { from: 23, to: 24 }),
        "caddq" => (LM::Srai { from: 31, to: 22 }, NM::Shr { from: 31, to: 22 }),
        "power2round" => (LM::Srai { from: 13, to: 12 }, NM::Shr { from: 13, to: 12 }),
        "decompose88" => (LM::Srai { from: 24, to: 23 }, NM::Shr { from: 24, to: 23 }),
        "decompose32" => (LM::Srai { from: 22, to: 21 }, NM::Shr { from: 22, to: 21 }),
        "make_hint" => (LM::CmpeqAsCmpgt, NM::CeqAsCge),
        "use_hint" => (LM::CmpgtSwapped, NM::CgtzAsCgez),
        _ => (LM::AbsIdentity, NM::AbsIdentity),
    }
}

/// Every SIMD z3 lemma and its mutant, for AVX2 and NEON (on their
/// models: these run on any machine; `model` checks the models against
/// the instructions).
pub fn all() -> Vec<Lemma> {
    use avx2_model::Mutation as XM;
    use neon_model::Mutation as NM;
    let mut out = vec![Lemma::run(
        "SIMD zeta tables: z QINV, odd lanes",
        "computed",
        "every entry",
        "avx2, avx512, neon",
        tables_times_qinv,
    )];
    for_isa(&mut out, &avx2(X::new()), &|which| {
        avx2(X::mutated(XM::Lane(mutation(which).0)))
    });
    for_isa(&mut out, &neon(Nm::new()), &|which| {
        neon(Nm::mutated(mutation(which).1))
    });
    x86_montgomery(
        &mut out,
        "avx2",
        8,
        [
            avx2(X::new()),
            avx2(X::mutated(XM::Blend {
                from: 0xAA,
                to: 0xAB,
            })),
        ],
        [
            &avx2_dot(X::new()),
            &avx2_dot(X::mutated(XM::Blend {
                from: 0xAA,
                to: 0x55,
            })),
        ],
    );
    pair(
        &mut out,
        "montgomery_mul = portable, bit for bit".into(),
        "every a, b but a_i = b_i = -2^31",
        "neon",
        || montgomery_mul(4, &neon(Nm::new()).montgomery_mul, neon_saturating, true),
        || {
            // With the same abstraction as the lemma: it must still tell.
            let m = Nm::mutated(NM::HsubNoHalving);
            montgomery_mul(4, &neon(m).montgomery_mul, neon_saturating, true)
        },
    );
    out.push(Lemma::run(
        "mul_lane::<L> = montgomery_mul by lane L",
        "z3",
        "every x, z, L = 0..3",
        "neon",
        || {
            for v in [
                neon_mul_lane::<0>(Nm::new()),
                neon_mul_lane::<1>(Nm::new()),
                neon_mul_lane::<2>(Nm::new()),
                neon_mul_lane::<3>(Nm::new()),
            ] {
                proven(v)?;
            }
            Ok("proven (4 lanes L)".into())
        },
    ));
    out.push(Lemma::run(
        "mul_lane::<L> = montgomery_mul by lane L",
        "z3 mutant",
        "sqdmulh by lane L + 1, L = 2",
        "neon",
        || refuted(neon_mul_lane::<2>(Nm::mutated(NM::LaneqNext))),
    ));
    pair(
        &mut out,
        "DotAcc::reduce = montgomery_reduce".into(),
        "every 64-bit sum (4 lanes)",
        "neon",
        || dot_reduce(4, &neon_dot(Nm::new())),
        || dot_reduce(4, &neon_dot(Nm::mutated(NM::Uzp2AsUzp1))),
    );
    avx512_lemmas(&mut out);
    out
}

/// The AVX-512 lemmas: AVX2's lane-wise kernels on the 16-lane model (the
/// `_mm512_` forms the backend runs them with), and its own Montgomery
/// multiplication and dot-product reduction (the NTTs' and pointwise
/// products' arithmetic), each with a mutant.
fn avx512_lemmas(out: &mut Vec<Lemma>) {
    use avx512_model::Mutation as WM;
    for_isa(out, &avx512(W::new()), &|which| {
        avx512(W::mutated(WM::Lane(mutation(which).0)))
    });
    x86_montgomery(
        out,
        "avx512",
        16,
        [
            avx512(W::new()),
            // The final merge takes lane 0 from the wrong register.
            avx512(W::mutated(WM::Mask {
                from: 0x5555,
                to: 0x5554,
            })),
        ],
        [
            &avx512_dot(W::new()),
            &avx512_dot(W::mutated(WM::Mask {
                from: 0xAAAA,
                to: 0x2AAA,
            })),
        ],
    );
}
