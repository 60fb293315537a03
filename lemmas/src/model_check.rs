//! The intrinsic models against the instructions: every method of
//! `Avx2Ops` (natively, on x86-64 with AVX2) or `NeonOps` (on AArch64:
//! under qemu here), for every immediate the kernels use and a few more,
//! on every combination of boundary values per lane (0, +-1, +-q,
//! +-2^31, ... in every lane position) and on 10^6 random inputs, the
//! model's evaluator (`i32` lanes) must give the instruction's bits.
//!
//! The model's z3 and interval instances are the same source on other
//! lanes; `lanes_agree` checks those lane operations against the `i32`
//! ones on constants. And a model with one intrinsic deliberately wrong
//! must be caught (the `mutant` lines).

use crate::Lemma;
use mldsa::params::{N, Q};

/// Random inputs per intrinsic and immediate.
pub const RANDOM: usize = 1_000_000;

/// The boundary values every lane takes in turn.
pub const BOUNDARIES: &[i32] = &[
    0,
    1,
    -1,
    2,
    -2,
    Q,
    -Q,
    Q - 1,
    -(Q - 1),
    Q + 1,
    (Q - 1) / 2,
    -(Q - 1) / 2,
    9 * Q,
    -9 * Q,
    (Q - 1) / 88,
    (Q - 1) / 32,
    43,
    44,
    127,
    1 << 12,
    (1 << 13) - 1,
    1 << 13,
    (1 << 22) - 1,
    1 << 22,
    -(1 << 22),
    1 << 23,
    0x7F_FFFF,
    1 << 30,
    -(1 << 30),
    i32::MAX - (1 << 22),
    mldsa::backend::portable::QINV,
    0x5555_5555,
    0xAAAA_AAAAu32 as i32,
    i32::MAX - 1,
    i32::MAX,
    i32::MIN,
    i32::MIN + 1,
];

/// splitmix64: a fixed seed, so a failure repeats.
pub struct Rng(u64);

impl Rng {
    /// The generator at `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// 64 random bits.
    pub fn bits(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A lane: a boundary value (1/4), a small value (1/4: |x| < 2^24,
    /// where the reductions and Montgomery products live) or any (1/2).
    pub fn lane(&mut self) -> i32 {
        let r = self.bits();
        match r & 3 {
            0 => BOUNDARIES[(r >> 8) as usize % BOUNDARIES.len()],
            1 => ((r >> 32) as i32) >> 7,
            _ => (r >> 32) as i32,
        }
    }
}

/// The inputs of one check: `arity` registers of `W` lanes, first every
/// boundary combination (for arity <= 3: all of them, in every lane
/// position, by rotating the boundary list per lane), then `random`
/// random ones. `f` returns a description of the first mismatch.
pub fn sweep<const W: usize>(
    arity: usize,
    random: usize,
    seed: u64,
    mut f: impl FnMut(&[[i32; W]]) -> Option<String>,
) -> Result<usize, String> {
    let b = BOUNDARIES;
    let nb = b.len();
    let mut count = 0;
    let combos = nb.pow(arity as u32);
    let mut all_args = [[0i32; W]; 3];
    let args = &mut all_args[..arity];
    for c in 0..combos {
        let mut rest = c;
        for (j, arg) in args.iter_mut().enumerate() {
            let start = rest % nb;
            rest /= nb;
            // Lane k of argument j: a different rotation per argument, so
            // every lane sees every pair of boundary values.
            *arg = core::array::from_fn(|k| b[(start + k * (2 * j + 1)) % nb]);
        }
        if let Some(bad) = f(args) {
            return Err(format!("inputs {args:?}: {bad}"));
        }
        count += 1;
    }
    let mut rng = Rng::new(seed);
    for _ in 0..random {
        for arg in args.iter_mut() {
            *arg = core::array::from_fn(|_| rng.lane());
        }
        if let Some(bad) = f(args) {
            return Err(format!("inputs {args:?}: {bad}"));
        }
        count += 1;
    }
    Ok(count)
}

/// The lane operations of the z3 and interval instances agree with `i32`
/// on constants.
pub fn lanes_agree() -> Result<String, String> {
    use crate::interval::I32;
    use crate::lane::{Lane, WideLane};
    let mut rng = Rng::new(7);
    let mut n = 0;
    // Interval singletons: every operation gives the i32 result (or, for
    // a wrapping + or -, records it and gives a range containing it).
    for _ in 0..100_000 {
        let (a, b) = (rng.lane(), rng.lane());
        let k = (rng.bits() % 32) as u32;
        let (ia, ib) = (<I32 as Lane>::lit(a), <I32 as Lane>::lit(b));
        let same = |what: &str, x: I32, y: i32| -> Result<(), String> {
            if x.lo <= y as i64 && y as i64 <= x.hi {
                Ok(())
            } else {
                Err(format!(
                    "interval {what}({a}, {b}, {k}) = {x:?}, i32 gives {y}"
                ))
            }
        };
        crate::interval::reset();
        same("add", ia.add(ib), a.add(b))?;
        same("sub", ia.sub(ib), a.sub(b))?;
        same("mul", ia.mul(ib), a.mul(b))?;
        same("sar", ia.sar(k), a.sar(k))?;
        same("shl", ia.shl(k), a.shl(k))?;
        same("and", ia.and(ib), a.and(b))?;
        same("or", ia.or(ib), a.or(b))?;
        same("xor", ia.xor(ib), a.xor(b))?;
        same("not", ia.not(), a.not())?;
        same("eq", ia.eq_mask(ib), a.eq_mask(b))?;
        same("gt", ia.gt_mask(ib), a.gt_mask(b))?;
        same("abs", ia.abs(), a.abs())?;
        let (wa, wb) = (a.widen().mul(b.widen()), (b as i64) << 17);
        let (iwa, iwb) = (ia.widen().mul(ib.widen()), <I32 as Lane>::lit(b).widen());
        let iwb = iwb.mul(WideLane::lit(1 << 17));
        same("low", iwa.low(), wa.low())?;
        same("high", iwa.high(), wa.high())?;
        same("saturate", iwa.sar(31).saturate(), wa.sar(31).saturate())?;
        let joined = <crate::interval::I64 as WideLane>::join(ia, ib);
        let j = <i64 as WideLane>::join(a, b);
        if !(joined.lo <= j as i128 && j as i128 <= joined.hi) {
            return Err(format!("interval join({a}, {b})"));
        }
        let sum = iwa.add(iwb);
        let s = wa.wrapping_add(wb);
        if !(sum.lo <= s as i128 && s as i128 <= sum.hi) {
            return Err(format!("interval wide add({a}, {b})"));
        }
        n += 1;
    }
    #[cfg(feature = "smt")]
    {
        n += smt_lanes_agree(&mut rng)?;
    }
    Ok(format!("{n} random operand sets"))
}

/// z3 constants: each operation, simplified, is the i32 result.
#[cfg(feature = "smt")]
fn smt_lanes_agree(rng: &mut Rng) -> Result<usize, String> {
    use crate::lane::{Lane, WideLane};
    use crate::smt::{self, Bv32, Bv64, Term};
    use z3::ast::Ast;
    fn value32(x: Bv32) -> Option<i32> {
        x.bv().simplify().as_u64().map(|u| u as u32 as i32)
    }
    fn value64(x: Bv64) -> Option<i64> {
        x.bv().simplify().as_u64().map(|u| u as i64)
    }
    let mut n = 0;
    for _ in 0..2_000 {
        smt::reset();
        let (a, b) = (rng.lane(), rng.lane());
        let k = (rng.bits() % 32) as u32;
        let (za, zb) = (<Bv32 as Lane>::lit(a), <Bv32 as Lane>::lit(b));
        let checks: [(&str, Bv32, i32); 15] = [
            ("add", za.add(zb), a.add(b)),
            ("sub", za.sub(zb), a.sub(b)),
            ("mul", za.mul(zb), a.mul(b)),
            ("sar", za.sar(k), a.sar(k)),
            ("shl", za.shl(k), a.shl(k)),
            ("and", za.and(zb), a.and(b)),
            ("or", za.or(zb), a.or(b)),
            ("xor", za.xor(zb), a.xor(b)),
            ("not", za.not(), a.not()),
            ("eq", za.eq_mask(zb), a.eq_mask(b)),
            ("gt", za.gt_mask(zb), a.gt_mask(b)),
            ("abs", za.abs(), a.abs()),
            (
                "low",
                za.widen().mul(zb.widen()).low(),
                a.widen().mul(b.widen()).low(),
            ),
            (
                "high",
                za.widen().mul(zb.widen()).high(),
                a.widen().mul(b.widen()).high(),
            ),
            (
                "saturate",
                za.widen().mul(zb.widen()).sar(31).saturate(),
                a.widen().mul(b.widen()).sar(31).saturate(),
            ),
        ];
        for (what, z, want) in checks {
            if value32(z) != Some(want) {
                return Err(format!("z3 {what}({a}, {b}, {k}) != {want}"));
            }
        }
        let wide: [(&str, Bv64, i64); 3] = [
            ("join", Bv64::join(za, zb), i64::join(a, b)),
            (
                "wide sub",
                za.widen().sub(zb.widen().mul(Bv64::lit(1 << 40))),
                (a as i64).wrapping_sub((b as i64).wrapping_mul(1 << 40)),
            ),
            ("wide sar", za.widen().sar(k), (a as i64) >> k),
        ];
        for (what, z, want) in wide {
            if value64(z) != Some(want) {
                return Err(format!("z3 {what}({a}, {b}, {k}) != {want}"));
            }
        }
        let _ = Term::eq(za, zb);
        n += 1;
    }
    Ok(n)
}

/// What the one check driver needs of an instruction set with `W` lanes a
/// register: its real instance (the intrinsics) and its model's evaluator.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub trait Bench<const W: usize> {
    /// The intrinsics (a token).
    type Real: Copy;
    /// A register of the intrinsics.
    type RealV: Copy;
    /// The model on `i32` lanes.
    type Model: Copy;
    /// A register of the model.
    type ModelReg: Copy;
    /// `x` in a register of the CPU, loaded through `scratch`.
    fn real_load(isa: Self::Real, scratch: &mut [i32; N], x: &[i32; W]) -> Self::RealV;
    /// The lanes of a register of the CPU, stored through `scratch`.
    fn real_lanes(isa: Self::Real, scratch: &mut [i32; N], v: Self::RealV) -> [i32; W];
    /// `x` in a register of the model.
    fn model_reg(x: [i32; W]) -> Self::ModelReg;
    /// The lanes of a register of the model.
    fn model_lanes(r: Self::ModelReg) -> [i32; W];
}

/// One intrinsic (at one immediate), written once for both instances.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub struct Op<B: Bench<W>, const W: usize> {
    pub name: &'static str,
    pub arity: usize,
    pub real: RealOp<B, W>,
    pub model: ModelOp<B, W>,
}

/// An op on the CPU's registers (and the raw lanes, for scalar operands).
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub type RealOp<B, const W: usize> =
    fn(<B as Bench<W>>::Real, &[<B as Bench<W>>::RealV], &[[i32; W]]) -> <B as Bench<W>>::RealV;

/// The same op on the model's registers.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub type ModelOp<B, const W: usize> = fn(
    <B as Bench<W>>::Model,
    &[<B as Bench<W>>::ModelReg],
    &[[i32; W]],
) -> <B as Bench<W>>::ModelReg;

/// The `Op` list of bench `$b` (`$w` lanes): each body is written once and
/// typed for both instances.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
macro_rules! ops {
    ($b:ty, $w:literal; $( $name:literal, $arity:literal, |$s:ident, $a:ident, $raw:ident| $body:expr; )*) => {
        vec![$(super::Op::<$b, $w> {
            name: $name,
            arity: $arity,
            real: |$s: <$b as super::Bench<$w>>::Real, $a: &[<$b as super::Bench<$w>>::RealV], $raw: &[[i32; $w]]| {
                let _ = (&$s, &$raw, &$a);
                $body
            },
            model: |$s: <$b as super::Bench<$w>>::Model, $a: &[<$b as super::Bench<$w>>::ModelReg], $raw: &[[i32; $w]]| {
                let _ = (&$s, &$raw, &$a);
                $body
            },
        }),*]
    };
}

/// Runs `op` on the CPU and on `model`, on the boundary and random inputs.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub fn check<B: Bench<W>, const W: usize>(
    isa: B::Real,
    op: &Op<B, W>,
    model: B::Model,
    random: usize,
    seed: u64,
) -> Result<String, String> {
    let mut scratch = [0i32; N];
    let mut real_args = [B::real_load(isa, &mut scratch, &[0; W]); 3];
    let mut model_args = [B::model_reg([0; W]); 3];
    let count = sweep::<W>(op.arity, random, seed, |args| {
        for (j, x) in args.iter().enumerate() {
            real_args[j] = B::real_load(isa, &mut scratch, x);
            model_args[j] = B::model_reg(*x);
        }
        let got = (op.real)(isa, &real_args[..args.len()], args);
        let got = B::real_lanes(isa, &mut scratch, got);
        let want = B::model_lanes((op.model)(model, &model_args[..args.len()], args));
        (got != want).then(|| format!("the CPU gives {got:?}, the model {want:?}"))
    })?;
    Ok(format!("{count} inputs"))
}

/// One lemma per op: the model against the CPU.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub fn op_lemmas<B: Bench<W>, const W: usize>(
    isa: B::Real,
    ops: &[Op<B, W>],
    model: B::Model,
    backend: &str,
) -> Vec<Lemma> {
    ops.iter()
        .enumerate()
        .map(|(i, op)| {
            Lemma::run(
                format!("model = CPU: {}", op.name),
                "model",
                "boundaries per lane + 10^6 random",
                backend,
                || check(isa, op, model, RANDOM, i as u64),
            )
        })
        .collect()
}

/// The lemma `name`: the check of op `op` must fail on the `mutant` model.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub fn mutant_lemma<B: Bench<W>, const W: usize>(
    isa: B::Real,
    ops: &[Op<B, W>],
    (name, op, mutant): (&str, &str, B::Model),
    backend: &str,
) -> Lemma {
    let op = ops.iter().find(|o| o.name == op);
    Lemma::run(
        name,
        "model mutant",
        "boundaries + 10^6 random",
        backend,
        || {
            let Some(op) = op else {
                return Err("no such check".into());
            };
            match check(isa, op, mutant, RANDOM, 99) {
                Ok(_) => Err("the wrong model agreed with the CPU".into()),
                Err(e) => Ok(format!("caught: {e}")),
            }
        },
    )
}

/// The `Bench` of `Isa` (the intrinsics of trait `$ops`, `$w` lanes) and
/// model `$model`, whose registers are `Reg::D` (`$w` 32-bit lanes).
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
macro_rules! bench {
    ($name:ident, $doc:literal, $ops:ident, $w:literal, $model:ty) => {
        #[doc = $doc]
        pub struct $name;

        impl super::Bench<$w> for $name {
            type Real = Isa;
            type RealV = <Isa as $ops>::V;
            type Model = $model;
            type ModelReg = Reg<i32>;
            fn real_load(isa: Isa, scratch: &mut [i32; N], x: &[i32; $w]) -> Self::RealV {
                scratch[..$w].copy_from_slice(x);
                isa.load(scratch, 0)
            }
            fn real_lanes(isa: Isa, scratch: &mut [i32; N], v: Self::RealV) -> [i32; $w] {
                isa.store(scratch, 0, v);
                core::array::from_fn(|k| scratch[k])
            }
            fn model_reg(x: [i32; $w]) -> Reg<i32> {
                Reg::D(x)
            }
            fn model_lanes(r: Reg<i32>) -> [i32; $w] {
                r.d()
            }
        }
    };
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use crate::Lemma;
    use crate::avx2_model::{Avx2Model, Mutation, Reg};
    use crate::lane::LaneMutation;
    use mldsa::backend::avx2::Avx2Intrinsics as Isa;
    use mldsa::backend::lanes::avx2::{Avx2Ops, LaneOps};
    use mldsa::params::N;

    type M = Avx2Model<i32>;

    bench!(Avx2, "The AVX2 intrinsics and their model.", LaneOps, 8, M);

    /// Every modelled intrinsic, at every immediate the kernels use and a
    /// few more.
    pub fn ops() -> Vec<super::Op<Avx2, 8>> {
        ops![Avx2, 8;
            "load/store", 1, |s, a, r| a[0];
            "load_row", 1, |s, a, r| s.load_row(&r[0]);
            "set1_epi32", 1, |s, a, r| s.set1_epi32(r[0][3]);
            "setzero_si256", 1, |s, a, r| s.setzero_si256();
            "add_epi32", 2, |s, a, r| s.add_epi32(a[0], a[1]);
            "sub_epi32", 2, |s, a, r| s.sub_epi32(a[0], a[1]);
            "mullo_epi32", 2, |s, a, r| s.mullo_epi32(a[0], a[1]);
            "mul_epi32", 2, |s, a, r| s.mul_epi32(a[0], a[1]);
            "add_epi64", 2, |s, a, r| s.add_epi64(a[0], a[1]);
            "sub_epi64", 2, |s, a, r| s.sub_epi64(a[0], a[1]);
            "add_epi64(mul_epi32)", 3, |s, a, r| s.add_epi64(a[0], s.mul_epi32(a[1], a[2]));
            "srai_epi32::<0>", 1, |s, a, r| s.srai_epi32::<0>(a[0]);
            "srai_epi32::<1>", 1, |s, a, r| s.srai_epi32::<1>(a[0]);
            "srai_epi32::<7>", 1, |s, a, r| s.srai_epi32::<7>(a[0]);
            "srai_epi32::<13>", 1, |s, a, r| s.srai_epi32::<13>(a[0]);
            "srai_epi32::<22>", 1, |s, a, r| s.srai_epi32::<22>(a[0]);
            "srai_epi32::<23>", 1, |s, a, r| s.srai_epi32::<23>(a[0]);
            "srai_epi32::<24>", 1, |s, a, r| s.srai_epi32::<24>(a[0]);
            "srai_epi32::<31>", 1, |s, a, r| s.srai_epi32::<31>(a[0]);
            "srai_epi32::<32>", 1, |s, a, r| s.srai_epi32::<32>(a[0]);
            "slli_epi32::<0>", 1, |s, a, r| s.slli_epi32::<0>(a[0]);
            "slli_epi32::<13>", 1, |s, a, r| s.slli_epi32::<13>(a[0]);
            "slli_epi32::<31>", 1, |s, a, r| s.slli_epi32::<31>(a[0]);
            "slli_epi32::<32>", 1, |s, a, r| s.slli_epi32::<32>(a[0]);
            "and_si256", 2, |s, a, r| s.and_si256(a[0], a[1]);
            "andnot_si256", 2, |s, a, r| s.andnot_si256(a[0], a[1]);
            "or_si256", 2, |s, a, r| s.or_si256(a[0], a[1]);
            "xor_si256", 2, |s, a, r| s.xor_si256(a[0], a[1]);
            "cmpeq_epi32", 2, |s, a, r| s.cmpeq_epi32(a[0], a[1]);
            "cmpeq_epi32 (equal lanes)", 1, |s, a, r| s.cmpeq_epi32(a[0], s.blend_epi32::<0x5A>(a[0], s.setzero_si256()));
            "cmpgt_epi32", 2, |s, a, r| s.cmpgt_epi32(a[0], a[1]);
            "abs_epi32", 1, |s, a, r| s.abs_epi32(a[0]);
            "shuffle_epi32::<0xF5>", 1, |s, a, r| s.shuffle_epi32::<0xF5>(a[0]);
            "shuffle_epi32::<0xA0>", 1, |s, a, r| s.shuffle_epi32::<0xA0>(a[0]);
            "shuffle_epi32::<0x1B>", 1, |s, a, r| s.shuffle_epi32::<0x1B>(a[0]);
            "shuffle_epi32::<0x4E>", 1, |s, a, r| s.shuffle_epi32::<0x4E>(a[0]);
            "blend_epi32::<0xAA>", 2, |s, a, r| s.blend_epi32::<0xAA>(a[0], a[1]);
            "blend_epi32::<0x55>", 2, |s, a, r| s.blend_epi32::<0x55>(a[0], a[1]);
            "blend_epi32::<0x0F>", 2, |s, a, r| s.blend_epi32::<0x0F>(a[0], a[1]);
            "permute2x128_si256::<0x20>", 2, |s, a, r| s.permute2x128_si256::<0x20>(a[0], a[1]);
            "permute2x128_si256::<0x31>", 2, |s, a, r| s.permute2x128_si256::<0x31>(a[0], a[1]);
            "permute2x128_si256::<0x13>", 2, |s, a, r| s.permute2x128_si256::<0x13>(a[0], a[1]);
            "permute2x128_si256::<0x82>", 2, |s, a, r| s.permute2x128_si256::<0x82>(a[0], a[1]);
            "unpacklo_epi32", 2, |s, a, r| s.unpacklo_epi32(a[0], a[1]);
            "unpackhi_epi32", 2, |s, a, r| s.unpackhi_epi32(a[0], a[1]);
            "unpacklo_epi64", 2, |s, a, r| s.unpacklo_epi64(a[0], a[1]);
            "unpackhi_epi64", 2, |s, a, r| s.unpackhi_epi64(a[0], a[1]);
            "shuffle_ps::<0x88>", 2, |s, a, r| s.shuffle_ps::<0x88>(a[0], a[1]);
            "shuffle_ps::<0xDD>", 2, |s, a, r| s.shuffle_ps::<0xDD>(a[0], a[1]);
            "shuffle_ps::<0x1B>", 2, |s, a, r| s.shuffle_ps::<0x1B>(a[0], a[1]);
        ]
    }

    /// The AVX2 model against the CPU, intrinsic by intrinsic, and the
    /// mutant that must be caught.
    pub fn all() -> Vec<Lemma> {
        let Some(isa) = Isa::detect() else {
            mldsa_diff_tests::missing_backend("avx2");
            return Vec::new();
        };
        let ops = ops();
        let mut out = super::op_lemmas(isa, &ops, M::new(), "avx2");
        let mutant = M::mutated(Mutation::Lane(LaneMutation::MulUnsigned));
        let mutant = ("mul_epi32 zero-extending is caught", "mul_epi32", mutant);
        out.push(super::mutant_lemma(isa, &ops, mutant, "avx2"));
        out
    }
}

// The AVX-512 model against the instructions (this machine's CPU, where
// it has AVX-512 F, VL, BW and DQ).
#[cfg(target_arch = "x86_64")]
mod avx512 {
    use crate::Lemma;
    use crate::avx512_model::{Avx512Model, Mutation, Reg};
    use crate::lane::LaneMutation;
    use mldsa::backend::avx512::Avx512Intrinsics as Isa;
    use mldsa::backend::lanes::avx2::LaneOps;
    use mldsa::backend::lanes::avx512::{Avx512Ops, ntt};
    use mldsa::params::N;

    type M = Avx512Model<i32>;

    bench!(
        Avx512,
        "The AVX-512 intrinsics and their model.",
        Avx512Ops,
        16,
        M
    );

    /// The `vpermt2d` index rows the NTTs load, `r % 20` picking one.
    fn regroup_row(r: i32) -> &'static [i32; 16] {
        let k = r.rem_euclid(10) as usize;
        let table = if r.rem_euclid(20) < 10 {
            &ntt::FORWARD_REGROUP
        } else {
            &ntt::INVERSE_REGROUP
        };
        &table[k / 2][k % 2]
    }

    /// Every modelled intrinsic of `Avx512Ops`, at every immediate and mask
    /// the kernels use and a few more, and every method of the 16-lane
    /// `LaneOps` instance (`_mm512_` forms: `srav` / `sllv` by a broadcast
    /// count, comparisons through a mask register and `movm`). The names
    /// the two traits share are called through their trait.
    pub fn ops() -> Vec<super::Op<Avx512, 16>> {
        ops![Avx512, 16;
            "load/store", 1, |s, a, r| a[0];
            "load_row", 1, |s, a, r| s.load_row(&r[0]);
            "set1_epi32", 1, |s, a, r| Avx512Ops::set1_epi32(s, r[0][3]);
            "setzero_si512", 1, |s, a, r| s.setzero();
            "add_epi32", 2, |s, a, r| Avx512Ops::add_epi32(s, a[0], a[1]);
            "sub_epi32", 2, |s, a, r| Avx512Ops::sub_epi32(s, a[0], a[1]);
            "mullo_epi32", 2, |s, a, r| Avx512Ops::mullo_epi32(s, a[0], a[1]);
            "mul_epi32", 2, |s, a, r| s.mul_epi32(a[0], a[1]);
            "add_epi64", 2, |s, a, r| s.add_epi64(a[0], a[1]);
            "sub_epi64", 2, |s, a, r| s.sub_epi64(a[0], a[1]);
            "add_epi64(mul_epi32)", 3, |s, a, r| s.add_epi64(a[0], s.mul_epi32(a[1], a[2]));
            "shuffle_epi32::<0xF5>", 1, |s, a, r| s.shuffle_epi32::<0xF5>(a[0]);
            "shuffle_epi32::<0xA0>", 1, |s, a, r| s.shuffle_epi32::<0xA0>(a[0]);
            "shuffle_epi32::<0x1B>", 1, |s, a, r| s.shuffle_epi32::<0x1B>(a[0]);
            "mask_shuffle_epi32::<0x5555, 0xF5>", 2, |s, a, r| s.mask_shuffle_epi32::<0x5555, 0xF5>(a[0], a[1]);
            "mask_shuffle_epi32::<0xAAAA, 0xA0>", 2, |s, a, r| s.mask_shuffle_epi32::<0xAAAA, 0xA0>(a[0], a[1]);
            "mask_shuffle_epi32::<0x0F3C, 0x4E>", 2, |s, a, r| s.mask_shuffle_epi32::<0x0F3C, 0x4E>(a[0], a[1]);
            "permutex2var_epi32", 3, |s, a, r| s.permutex2var_epi32(a[0], a[1], a[2]);
            "permutex2var_epi32 (NTT rows)", 2, |s, a, r| s.permutex2var_epi32(a[0], s.load_row(regroup_row(r[0][5])), a[1]);
            "16 lanes: set1_epi32", 1, |s, a, r| LaneOps::set1_epi32(s, r[0][2]);
            "16 lanes: setzero", 1, |s, a, r| s.setzero_si256();
            "16 lanes: add_epi32", 2, |s, a, r| LaneOps::add_epi32(s, a[0], a[1]);
            "16 lanes: sub_epi32", 2, |s, a, r| LaneOps::sub_epi32(s, a[0], a[1]);
            "16 lanes: mullo_epi32", 2, |s, a, r| LaneOps::mullo_epi32(s, a[0], a[1]);
            "16 lanes: srai_epi32::<0>", 1, |s, a, r| s.srai_epi32::<0>(a[0]);
            "16 lanes: srai_epi32::<1>", 1, |s, a, r| s.srai_epi32::<1>(a[0]);
            "16 lanes: srai_epi32::<7>", 1, |s, a, r| s.srai_epi32::<7>(a[0]);
            "16 lanes: srai_epi32::<13>", 1, |s, a, r| s.srai_epi32::<13>(a[0]);
            "16 lanes: srai_epi32::<22>", 1, |s, a, r| s.srai_epi32::<22>(a[0]);
            "16 lanes: srai_epi32::<23>", 1, |s, a, r| s.srai_epi32::<23>(a[0]);
            "16 lanes: srai_epi32::<24>", 1, |s, a, r| s.srai_epi32::<24>(a[0]);
            "16 lanes: srai_epi32::<31>", 1, |s, a, r| s.srai_epi32::<31>(a[0]);
            "16 lanes: srai_epi32::<32>", 1, |s, a, r| s.srai_epi32::<32>(a[0]);
            "16 lanes: slli_epi32::<0>", 1, |s, a, r| s.slli_epi32::<0>(a[0]);
            "16 lanes: slli_epi32::<13>", 1, |s, a, r| s.slli_epi32::<13>(a[0]);
            "16 lanes: slli_epi32::<31>", 1, |s, a, r| s.slli_epi32::<31>(a[0]);
            "16 lanes: slli_epi32::<32>", 1, |s, a, r| s.slli_epi32::<32>(a[0]);
            "16 lanes: and", 2, |s, a, r| s.and_si256(a[0], a[1]);
            "16 lanes: andnot", 2, |s, a, r| s.andnot_si256(a[0], a[1]);
            "16 lanes: or", 2, |s, a, r| s.or_si256(a[0], a[1]);
            "16 lanes: xor", 2, |s, a, r| s.xor_si256(a[0], a[1]);
            "16 lanes: cmpeq_epi32", 2, |s, a, r| s.cmpeq_epi32(a[0], a[1]);
            "16 lanes: cmpeq_epi32 (equal lanes)", 1, |s, a, r| s.cmpeq_epi32(a[0], s.mask_shuffle_epi32::<0x5A5A, 0xE4>(a[0], s.setzero()));
            "16 lanes: cmpgt_epi32", 2, |s, a, r| s.cmpgt_epi32(a[0], a[1]);
            "16 lanes: abs_epi32", 1, |s, a, r| s.abs_epi32(a[0]);
        ]
    }

    /// The AVX-512 model against the CPU, intrinsic by intrinsic, and the
    /// mutants that must be caught. Without AVX-512 nothing (`main` says
    /// so), or a failure with `MLDSA_REQUIRE_AVX512=1`, as CI sets where
    /// the CPU has it.
    pub fn all() -> Vec<Lemma> {
        let Some(isa) = Isa::detect() else {
            mldsa_diff_tests::missing_backend("avx512");
            return Vec::new();
        };
        let ops = ops();
        let mut out = super::op_lemmas(isa, &ops, M::new(), "avx512");
        for mutant in [
            (
                "mul_epi32 zero-extending is caught",
                "mul_epi32",
                M::mutated(Mutation::Lane(LaneMutation::MulUnsigned)),
            ),
            (
                "vpermt2d from a only is caught",
                "permutex2var_epi32 (NTT rows)",
                M::mutated(Mutation::PermuteOneSource),
            ),
        ] {
            out.push(super::mutant_lemma(isa, &ops, mutant, "avx512"));
        }
        out
    }
}

#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
mod neon {
    use super::{RANDOM, sweep};
    use crate::Lemma;
    use crate::lane::WideLane;
    use crate::neon_model::{Mutation, NeonModel, Reg};
    use mldsa::backend::lanes::neon::NeonOps;
    use mldsa::backend::neon::NeonIntrinsics as Isa;
    use mldsa::params::N;

    type M = NeonModel<i32>;

    bench!(Neon, "The NEON intrinsics and their model.", NeonOps, 4, M);

    /// Every modelled intrinsic, at every immediate the kernels use and a
    /// few more. The ones on other register types are read and written
    /// through the `vreinterpret` casts (and `vget_low_s32` / `vdup_n_s32`
    /// through the `vmlal_s32` that takes them).
    pub fn ops() -> Vec<super::Op<Neon, 4>> {
        ops![Neon, 4;
            "vld1q_s32/vst1q_s32", 1, |s, a, r| a[0];
            "vld1q_s32 (row)", 1, |s, a, r| s.load_row(&r[0]);
            "vdupq_n_s32", 1, |s, a, r| s.vdupq_n_s32(r[0][1]);
            "vdupq_n_u32", 1, |s, a, r| s.vreinterpretq_s32_u32(s.vdupq_n_u32(r[0][2] as u32));
            "vdupq_n_s64", 1, |s, a, r| s.vreinterpretq_s32_s64(s.vdupq_n_s64(<i64 as WideLane>::join(r[0][1], r[0][0])));
            "vaddq_s32", 2, |s, a, r| s.vaddq_s32(a[0], a[1]);
            "vsubq_s32", 2, |s, a, r| s.vsubq_s32(a[0], a[1]);
            "vmulq_s32", 2, |s, a, r| s.vmulq_s32(a[0], a[1]);
            "vmlaq_s32", 3, |s, a, r| s.vmlaq_s32(a[0], a[1], a[2]);
            "vmlsq_s32", 3, |s, a, r| s.vmlsq_s32(a[0], a[1], a[2]);
            "vqdmulhq_s32", 2, |s, a, r| s.vqdmulhq_s32(a[0], a[1]);
            "vqdmulhq_laneq_s32::<0>", 2, |s, a, r| s.vqdmulhq_laneq_s32::<0>(a[0], a[1]);
            "vqdmulhq_laneq_s32::<1>", 2, |s, a, r| s.vqdmulhq_laneq_s32::<1>(a[0], a[1]);
            "vqdmulhq_laneq_s32::<2>", 2, |s, a, r| s.vqdmulhq_laneq_s32::<2>(a[0], a[1]);
            "vqdmulhq_laneq_s32::<3>", 2, |s, a, r| s.vqdmulhq_laneq_s32::<3>(a[0], a[1]);
            "vmulq_laneq_s32::<0>", 2, |s, a, r| s.vmulq_laneq_s32::<0>(a[0], a[1]);
            "vmulq_laneq_s32::<1>", 2, |s, a, r| s.vmulq_laneq_s32::<1>(a[0], a[1]);
            "vmulq_laneq_s32::<2>", 2, |s, a, r| s.vmulq_laneq_s32::<2>(a[0], a[1]);
            "vmulq_laneq_s32::<3>", 2, |s, a, r| s.vmulq_laneq_s32::<3>(a[0], a[1]);
            "vhsubq_s32", 2, |s, a, r| s.vhsubq_s32(a[0], a[1]);
            "vshrq_n_s32::<1>", 1, |s, a, r| s.vshrq_n_s32::<1>(a[0]);
            "vshrq_n_s32::<7>", 1, |s, a, r| s.vshrq_n_s32::<7>(a[0]);
            "vshrq_n_s32::<13>", 1, |s, a, r| s.vshrq_n_s32::<13>(a[0]);
            "vshrq_n_s32::<22>", 1, |s, a, r| s.vshrq_n_s32::<22>(a[0]);
            "vshrq_n_s32::<23>", 1, |s, a, r| s.vshrq_n_s32::<23>(a[0]);
            "vshrq_n_s32::<24>", 1, |s, a, r| s.vshrq_n_s32::<24>(a[0]);
            "vshrq_n_s32::<31>", 1, |s, a, r| s.vshrq_n_s32::<31>(a[0]);
            "vshrq_n_s32::<32>", 1, |s, a, r| s.vshrq_n_s32::<32>(a[0]);
            "vshlq_n_s32::<0>", 1, |s, a, r| s.vshlq_n_s32::<0>(a[0]);
            "vshlq_n_s32::<13>", 1, |s, a, r| s.vshlq_n_s32::<13>(a[0]);
            "vshlq_n_s32::<31>", 1, |s, a, r| s.vshlq_n_s32::<31>(a[0]);
            "vandq_s32", 2, |s, a, r| s.vandq_s32(a[0], a[1]);
            "veorq_s32", 2, |s, a, r| s.veorq_s32(a[0], a[1]);
            "vabsq_s32", 1, |s, a, r| s.vabsq_s32(a[0]);
            "vceqq_s32", 2, |s, a, r| s.vreinterpretq_s32_u32(s.vceqq_s32(a[0], a[1]));
            "vceqq_s32 (equal lanes)", 1, |s, a, r| s.vreinterpretq_s32_u32(s.vceqq_s32(a[0], s.vtrn1q_s32(a[0], a[0])));
            "vcgeq_s32", 2, |s, a, r| s.vreinterpretq_s32_u32(s.vcgeq_s32(a[0], a[1]));
            "vcgtzq_s32", 1, |s, a, r| s.vreinterpretq_s32_u32(s.vcgtzq_s32(a[0]));
            "vorrq_u32", 2, |s, a, r| s.vreinterpretq_s32_u32(s.vorrq_u32(s.vreinterpretq_u32_s32(a[0]), s.vreinterpretq_u32_s32(a[1])));
            "vmlal_s32(vget_low_s32)", 3, |s, a, r| s.vreinterpretq_s32_s64(s.vmlal_s32(s.vreinterpretq_s64_s32(a[0]), s.vget_low_s32(a[1]), s.vget_low_s32(a[2])));
            "vmlal_s32(vdup_n_s32)", 2, |s, a, r| s.vreinterpretq_s32_s64(s.vmlal_s32(s.vreinterpretq_s64_s32(a[0]), s.vget_low_s32(a[1]), s.vdup_n_s32(r[0][3])));
            "vmlal_high_s32", 3, |s, a, r| s.vreinterpretq_s32_s64(s.vmlal_high_s32(s.vreinterpretq_s64_s32(a[0]), a[1], a[2]));
            "vmlsl_s32(vget_low_s32)", 3, |s, a, r| s.vreinterpretq_s32_s64(s.vmlsl_s32(s.vreinterpretq_s64_s32(a[0]), s.vget_low_s32(a[1]), s.vget_low_s32(a[2])));
            "vmlsl_high_s32", 3, |s, a, r| s.vreinterpretq_s32_s64(s.vmlsl_high_s32(s.vreinterpretq_s64_s32(a[0]), a[1], a[2]));
            "vuzp1q_s32", 2, |s, a, r| s.vuzp1q_s32(a[0], a[1]);
            "vuzp2q_s32", 2, |s, a, r| s.vuzp2q_s32(a[0], a[1]);
            "vtrn1q_s32", 2, |s, a, r| s.vtrn1q_s32(a[0], a[1]);
            "vtrn2q_s32", 2, |s, a, r| s.vtrn2q_s32(a[0], a[1]);
            "vtrn1q_s64", 2, |s, a, r| s.vreinterpretq_s32_s64(s.vtrn1q_s64(s.vreinterpretq_s64_s32(a[0]), s.vreinterpretq_s64_s32(a[1])));
            "vtrn2q_s64", 2, |s, a, r| s.vreinterpretq_s32_s64(s.vtrn2q_s64(s.vreinterpretq_s64_s32(a[0]), s.vreinterpretq_s64_s32(a[1])));
        ]
    }

    /// vld4q_s32 and vst4q_s32 on 16 coefficients.
    fn ld4_st4(random: usize) -> Result<String, String> {
        let (isa, model) = (Isa, M::new());
        let mut memory = [0i32; 256];
        let count = sweep::<16>(1, random, 4, |args| {
            memory[16..32].copy_from_slice(&args[0]);
            let real = isa.ld4(&memory, 1);
            let want = model.ld4(&memory, 1);
            for k in 0..4 {
                let mut out = [0i32; 256];
                isa.store(&mut out, 0, real[k]);
                if out[..4] != want[k].d()[..] {
                    return Some(format!("vld4q_s32 register {k}"));
                }
            }
            let mut real_out = [0i32; 256];
            let mut model_out = [0i32; 256];
            isa.st4(
                &mut real_out,
                2,
                [0, 1, 2, 3].map(|k| isa.load(&memory, 4 + k)),
            );
            model.st4(
                &mut model_out,
                2,
                [0, 1, 2, 3].map(|k| model.load(&memory, 4 + k)),
            );
            (real_out != model_out).then(|| "vst4q_s32".to_string())
        })?;
        Ok(format!("{count} inputs"))
    }

    /// The NEON model against the CPU, intrinsic by intrinsic, and the
    /// mutant that must be caught.
    pub fn all() -> Vec<Lemma> {
        let ops = ops();
        let mut out = super::op_lemmas(Isa, &ops, M::new(), "neon");
        out.push(Lemma::run(
            "model = CPU: vld4q_s32/vst4q_s32",
            "model",
            "boundaries per lane + 10^6 random",
            "neon",
            || ld4_st4(RANDOM),
        ));
        let mutant = M::mutated(Mutation::QdmulhWraps);
        let mutant = ("vqdmulhq_s32 unsaturated is caught", "vqdmulhq_s32", mutant);
        out.push(super::mutant_lemma(Isa, &ops, mutant, "neon"));
        out
    }
}

/// The model checks of this machine's instruction set, and the lane
/// instances' agreement.
pub fn all() -> Vec<Lemma> {
    let mut out = vec![Lemma::run(
        "z3 and interval lanes = i32 lanes",
        "model",
        "random constants",
        "model",
        lanes_agree,
    )];
    #[cfg(target_arch = "x86_64")]
    out.extend(avx2::all());
    #[cfg(target_arch = "x86_64")]
    out.extend(crate::small_model::checks());
    #[cfg(target_arch = "x86_64")]
    out.extend(avx512::all());
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    out.extend(neon::all());
    out
}
