//! The plain polynomial helpers `add`, `sub` and `shift_left_d` (lane-wise
//! +, -, << d, no reduction).
//!
//! - z3 on the models (`simd` below, with the `smt` feature): the one
//!   intrinsic each backend's kernel is (`LaneOps::add_epi32`,
//!   `sub_epi32`, `slli_epi32::<13>` on AVX2's 8 lanes and on AVX-512's
//!   16-lane instance; `NeonOps::vaddq_s32`, `vsubq_s32`,
//!   `vshlq_n_s32::<13>` on NEON), every lane its own unknowns: each lane
//!   equals the wrapping i32 operation of the same lane for every input,
//!   and the exact integer result wherever that does not wrap (the sum or
//!   difference within i32, the precondition `composition` checks at every
//!   call; 0 <= a < 2^18 for the shift, whose call sites pass a < 2^10).
//!   Mutant: the domain one value wider must be refuted (the wrap is seen).
//! - exhaustive on the compiled kernels (`sweep`): every coefficient
//!   position with its own value, and the extremes of the precondition at
//!   every position, through `Backend` on every backend this machine runs:
//!   each position's result lands at the same position (the loops' loads
//!   and stores), portable's `+`, `-`, `<<` included.

use crate::Lemma;
use mldsa::backend::Backend;
use mldsa::params::{D, N};
use mldsa::poly::Poly;

/// The inputs of the sweeps: (a, b) pairs whose sums or differences stay
/// within i32, with a distinct value at every position, and the extremes.
fn pairs(sub: bool) -> Vec<(Poly, Poly)> {
    let mut out = Vec::new();
    // Distinct values per position (a lane moved to another position
    // would show).
    out.push((
        Poly::from_coeffs(core::array::from_fn(|i| i as i32 * 1000 + 7)),
        Poly::from_coeffs(core::array::from_fn(|i| -(i as i32) * 37 - 1)),
    ));
    // The extremes: a + b (a - b) at i32::MAX and i32::MIN, each position
    // in turn taking the other extreme than its neighbours.
    let (max, min) = (i32::MAX, i32::MIN);
    for k in 0..4 {
        out.push((
            Poly::from_coeffs(core::array::from_fn(|i| {
                let v = (i as i32 % 64) * 1_000_000;
                if (i + k) % 2 == 0 { max - v } else { min + v }
            })),
            Poly::from_coeffs(core::array::from_fn(|i| {
                let v = (i as i32 % 64) * 1_000_000;
                match ((i + k) % 2 == 0, sub) {
                    (true, false) => v,
                    (false, false) => -v,
                    (true, true) => -v,
                    (false, true) => v,
                }
            })),
        ));
    }
    out
}

/// `add`, `sub` and `shift_left_d` of backend B against i32 arithmetic at
/// every position.
fn sweep<B: Backend>() -> Result<String, String> {
    let mut n = 0;
    for sub in [false, true] {
        for (a, b) in pairs(sub) {
            let mut c = a.clone();
            if sub {
                B::sub(&mut c, &b);
            } else {
                B::add(&mut c, &b);
            }
            for i in 0..N {
                let (x, y) = (a.coeffs[i], b.coeffs[i]);
                let want = if sub {
                    x.checked_sub(y)
                } else {
                    x.checked_add(y)
                };
                if Some(c.coeffs[i]) != want {
                    let op = if sub { "sub" } else { "add" };
                    return Err(format!("{op} at {i}: {x}, {y} -> {}", c.coeffs[i]));
                }
            }
            n += 1;
        }
    }
    // shift_left_d: every value of [0, 2^10) at every position.
    for r in 0..4 {
        let a = Poly::from_coeffs(core::array::from_fn(|i| ((i + N * r) % 1024) as i32));
        let mut c = a.clone();
        B::shift_left_d(&mut c);
        for i in 0..N {
            if c.coeffs[i] != a.coeffs[i] << D {
                return Err(format!(
                    "shift_left_d at {i}: {} -> {}",
                    a.coeffs[i], c.coeffs[i]
                ));
            }
        }
        n += 1;
    }
    Ok(format!(
        "{n} polynomials: distinct values, extremes, every position"
    ))
}

fn sweep_lemma<B: Backend>(backend: &str) -> Lemma {
    Lemma::run(
        "add / sub / shift_left_d positions",
        "exhaustive",
        "each position, extremes",
        backend,
        sweep::<B>,
    )
}

/// The sweeps on every backend this machine runs.
pub fn sweeps() -> Vec<Lemma> {
    let mut out = vec![sweep_lemma::<mldsa::backend::portable::Portable>(
        "portable",
    )];
    #[cfg(target_arch = "x86_64")]
    {
        if mldsa::backend::avx2::available() {
            out.push(sweep_lemma::<mldsa::backend::avx2::Avx2>("avx2"));
        } else {
            mldsa_diff_tests::missing_backend("avx2");
        }
        if mldsa::backend::avx512::available() {
            out.push(sweep_lemma::<mldsa::backend::avx512::Avx512>("avx512"));
        } else {
            mldsa_diff_tests::missing_backend("avx512");
        }
    }
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    out.push(sweep_lemma::<mldsa::backend::neon::Neon>("neon"));
    out
}

/// The z3 lemmas on the models.
#[cfg(feature = "smt")]
pub mod simd {
    use crate::Lemma;
    use crate::avx2_model::{self, Avx2Model};
    use crate::avx512_model::{self, Avx512Model};
    use crate::neon_model::{self, NeonModel};
    use crate::smt::{self, Bv32, Term, Verdict, ctx};
    use crate::smt_lemmas::{proven, refuted};
    use mldsa::backend::lanes::avx2::LaneOps;
    use mldsa::backend::lanes::neon::NeonOps;
    use mldsa::params::D;
    use z3::ast::{Ast, BV, Bool};

    /// A lane-wise operation on `n` lanes of a model.
    type Op = Box<dyn Fn(&[Bv32], &[Bv32]) -> Vec<Bv32>>;

    /// add, sub, shift_left_d of one instruction set, as lane functions.
    fn ops(isa: &str) -> [Op; 3] {
        macro_rules! on {
            ($m:expr, $reg:path, |$s:ident, $x:ident, $y:ident| $e:expr) => {{
                let op: Op = Box::new(move |a: &[Bv32], b: &[Bv32]| {
                    let $s = $m;
                    let $x = $reg(core::array::from_fn(|i| a[i]));
                    let $y = $reg(core::array::from_fn(|i| b[i]));
                    let _ = &$y;
                    ($e).d().to_vec()
                });
                op
            }};
        }
        const K: i32 = D as i32;
        match isa {
            "avx2" => {
                let m = Avx2Model::<Bv32>::new();
                [
                    on!(m, avx2_model::Reg::D, |s, x, y| LaneOps::add_epi32(s, x, y)),
                    on!(m, avx2_model::Reg::D, |s, x, y| LaneOps::sub_epi32(s, x, y)),
                    on!(m, avx2_model::Reg::D, |s, x, y| LaneOps::slli_epi32::<K>(
                        s, x
                    )),
                ]
            }
            "avx512" => {
                let m = Avx512Model::<Bv32>::new();
                [
                    on!(m, avx512_model::Reg::D, |s, x, y| LaneOps::add_epi32(
                        s, x, y
                    )),
                    on!(m, avx512_model::Reg::D, |s, x, y| LaneOps::sub_epi32(
                        s, x, y
                    )),
                    on!(m, avx512_model::Reg::D, |s, x, y| LaneOps::slli_epi32::<K>(
                        s, x
                    )),
                ]
            }
            _ => {
                let m = NeonModel::<Bv32>::new();
                [
                    on!(m, neon_model::Reg::D, |s, x, y| NeonOps::vaddq_s32(s, x, y)),
                    on!(m, neon_model::Reg::D, |s, x, y| NeonOps::vsubq_s32(s, x, y)),
                    on!(m, neon_model::Reg::D, |s, x, y| NeonOps::vshlq_n_s32::<K>(
                        s, x
                    )),
                ]
            }
        }
    }

    fn wide(x: Bv32) -> BV<'static> {
        x.bv().sign_ext(32)
    }

    fn int64(v: i64) -> BV<'static> {
        BV::from_i64(ctx(), v, 64)
    }

    /// Which helper ([`check`]'s `widen`: 0 for the precondition, 1 for
    /// the mutant one value wider).
    #[derive(Clone, Copy)]
    enum Which {
        Add,
        Sub,
        Shift,
    }

    /// Every lane i: out_i = the wrapping operation on lane i (every
    /// input), and = the exact integer result where the precondition
    /// (widened by `widen`) holds.
    fn check(op: &Op, lanes: usize, which: Which, widen: i64) -> Verdict {
        smt::reset();
        let a: Vec<Bv32> = (0..lanes).map(|i| Bv32::var(&format!("a{i}"))).collect();
        let b: Vec<Bv32> = (0..lanes).map(|i| Bv32::var(&format!("b{i}"))).collect();
        let out = op(&a, &b);
        let mut parts = Vec::new();
        for i in 0..lanes {
            let (x, y) = (a[i].bv(), b[i].bv());
            let (wrapping, exact, pre) = match which {
                Which::Add => {
                    let s = wide(a[i]).bvadd(&wide(b[i]));
                    (x.bvadd(&y), s.clone(), in_range(&s, widen))
                }
                Which::Sub => {
                    let s = wide(a[i]).bvsub(&wide(b[i]));
                    (x.bvsub(&y), s.clone(), in_range(&s, widen))
                }
                Which::Shift => {
                    let k = BV::from_u64(ctx(), D as u64, 32);
                    let s = wide(a[i]).bvshl(&int64(D as i64));
                    let pre = Bool::and(
                        ctx(),
                        &[
                            &wide(a[i]).bvsge(&int64(0)),
                            // Every a whose shift fits i32 (the call sites
                            // pass a < 2^10), and one more in the mutant.
                            &wide(a[i]).bvslt(&int64((1 << (31 - D)) + widen)),
                        ],
                    );
                    (x.bvshl(&k), s, pre)
                }
            };
            parts.push(out[i].bv()._eq(&wrapping));
            parts.push(pre.implies(&wide(out[i])._eq(&exact)));
        }
        let inputs =
            [("a", &a), ("b", &b)].map(|(name, x)| smt::named(name, x.iter().map(|v| v.bv())));
        smt::prove_named(&inputs, &Bool::from_bool(ctx(), true), &parts)
    }

    /// s within i32 (widened by `widen` at the top).
    fn in_range(s: &BV<'static>, widen: i64) -> Bool<'static> {
        Bool::and(
            ctx(),
            &[
                &s.bvsge(&int64(i32::MIN as i64)),
                &s.bvsle(&int64(i32::MAX as i64 + widen)),
            ],
        )
    }

    /// The lemmas: per instruction set, add, sub, shift_left_d and one
    /// mutant each.
    pub fn all() -> Vec<Lemma> {
        let mut out = Vec::new();
        for (isa, lanes) in [("avx2", 8), ("avx512", 16), ("neon", 4)] {
            let ops = ops(isa);
            let cases = [
                ("add", Which::Add, "a + b within i32"),
                ("sub", Which::Sub, "a - b within i32"),
                (
                    "shift_left_d",
                    Which::Shift,
                    "0 <= a < 2^18 (call sites: 2^10)",
                ),
            ];
            for (op, (name, which, domain)) in ops.iter().zip(cases) {
                out.push(Lemma::run(
                    format!("{name}: wrapping, exact on pre"),
                    "z3",
                    domain,
                    isa,
                    || proven(check(op, lanes, which, 0)),
                ));
                out.push(Lemma::run(
                    format!("{name}: pre one wider refuted"),
                    "z3 mutant",
                    "one value past the precondition",
                    isa,
                    || refuted(check(op, lanes, which, 1)),
                ));
            }
        }
        out
    }
}
