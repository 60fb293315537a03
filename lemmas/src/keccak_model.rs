//! A model of the Keccak intrinsics of `mldsa::backend::keccak`'s forms
//! (`Avx2KeccakOps`, `TernaryOps`, `NeonKeccakOps`, `Sha3Ops`): each one as
//! Intel's pseudocode (the Intrinsics Guide's "Operation") or Arm's (the
//! Architecture Reference Manual's instruction pseudocode) states it, lane
//! by lane, over any 64-bit lane type [`Bits`]: `u64` (the evaluator,
//! checked against the instructions below) and the z3 terms of
//! `keccak_lemmas`.
//!
//! The checks: every modelled intrinsic, at every immediate the
//! permutation uses (recorded by running a round on the model, not
//! listed by hand), on every combination of boundary lanes and 10^6
//! random inputs, gives the instruction's bits; and one deliberately wrong
//! intrinsic per instruction set is caught.

use crate::Lemma;
use mldsa::backend::keccak::{Avx2KeccakOps, LaneWord, NeonKeccakOps, Sha3Ops, TernaryOps, round};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::marker::PhantomData;

/// A 64-bit lane: [`LaneWord`]'s operations (xor, and, or, not, rotation),
/// the same as operators, and the shifts the models are written with.
pub trait Bits:
    LaneWord
    + std::ops::BitXor<Output = Self>
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::Not<Output = Self>
{
    /// Shifted left by k < 64, zeros in.
    fn shl(self, k: u32) -> Self;
    /// Shifted right by k < 64, zeros in.
    fn shr(self, k: u32) -> Self;
}

impl Bits for u64 {
    fn shl(self, k: u32) -> u64 {
        self << k
    }
    fn shr(self, k: u32) -> u64 {
        self >> k
    }
}

/// One deliberately wrong intrinsic, for the mutant runs: the model check
/// must catch it against the instruction, and the z3 round lemma must
/// refute the round run on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// `andnot_si256(a, b)` computes a and b.
    AndnotAsAnd,
    /// `ternarylogic_epi64` indexes its table by 4c + 2b + a.
    TernaryOperandsReversed,
    /// `vsriq_n_u64` keeps none of a's bits.
    SriOverwrites,
    /// `vxarq_u64` rotates left.
    XarRotatesLeft,
}

thread_local! {
    static RECORDING: RefCell<Option<BTreeSet<(&'static str, i32)>>> = const { RefCell::new(None) };
}

/// Notes that `op` ran with immediate `imm`, while recording.
fn used(op: &'static str, imm: i32) {
    RECORDING.with(|r| {
        if let Some(set) = r.borrow_mut().as_mut() {
            set.insert((op, imm));
        }
    });
}

/// The intrinsics and immediates `f` calls on the model.
pub fn immediates_used(f: impl FnOnce()) -> BTreeSet<(&'static str, i32)> {
    RECORDING.with(|r| *r.borrow_mut() = Some(BTreeSet::new()));
    f();
    RECORDING.with(|r| r.borrow_mut().take().unwrap_or_default())
}

/// The model of a register of `W` 64-bit lanes (lane 0 first), over `K`.
#[derive(Debug)]
pub struct KeccakModel<K, const W: usize> {
    mutation: Option<Mutation>,
    closed_forms: bool,
    lanes: PhantomData<K>,
}

impl<K, const W: usize> Clone for KeccakModel<K, W> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<K, const W: usize> Copy for KeccakModel<K, W> {}

impl<K, const W: usize> KeccakModel<K, W> {
    /// The model.
    pub const fn new() -> Self {
        KeccakModel {
            mutation: None,
            closed_forms: false,
            lanes: PhantomData,
        }
    }

    /// The model with one intrinsic wrong.
    pub const fn mutated(mutation: Mutation) -> Self {
        KeccakModel {
            mutation: Some(mutation),
            closed_forms: false,
            lanes: PhantomData,
        }
    }

    /// The model with `ternarylogic_epi64` at 0x96 and 0xD2 computed by
    /// the closed forms a ^ b ^ c and a ^ (!b & c) instead of its truth
    /// table: z3 shows the two equal for every input
    /// ([`ternary_closed_forms`]), and proves the rounds much faster on
    /// the closed forms (xor chains it rewrites, where the table's
    /// minterms leave it a parity problem).
    pub const fn with_closed_forms(self) -> Self {
        KeccakModel {
            closed_forms: true,
            ..self
        }
    }

    fn is(self, m: Mutation) -> bool {
        self.mutation == Some(m)
    }
}

impl<K, const W: usize> Default for KeccakModel<K, W> {
    fn default() -> Self {
        Self::new()
    }
}

fn map<K: Copy, const W: usize>(a: [K; W], f: impl Fn(K) -> K) -> [K; W] {
    core::array::from_fn(|i| f(a[i]))
}

fn zip<K: Copy, const W: usize>(a: [K; W], b: [K; W], f: impl Fn(K, K) -> K) -> [K; W] {
    core::array::from_fn(|i| f(a[i], b[i]))
}

fn zip3<K: Copy, const W: usize>(
    a: [K; W],
    b: [K; W],
    c: [K; W],
    f: impl Fn(K, K, K) -> K,
) -> [K; W] {
    core::array::from_fn(|i| f(a[i], b[i], c[i]))
}

/// The immediate's low 8 bits (the instructions' imm8).
fn imm8(imm: i32) -> u32 {
    imm as u32 & 0xFF
}

/// Intel's `LEFT_ROTATE_QWORDS(src, count)`: count mod 64, then (src <<
/// count) | (src >> (64 - count)), a shift by 64 giving zero.
fn rotl_by_shifts<K: Bits>(x: K, count: u32) -> K {
    let count = count % 64;
    let right = if count == 0 {
        K::lit(0)
    } else {
        x.shr(64 - count)
    };
    x.shl(count) | right
}

/// Arm's `ROR(x, shift)` for 0 <= shift < 64: (x >> shift) | (x << (64 -
/// shift)), nothing for shift = 0.
fn ror<K: Bits>(x: K, shift: u32) -> K {
    if shift == 0 {
        x
    } else {
        x.shr(shift) | x.shl(64 - shift)
    }
}

/// AVX2, four 64-bit lanes.
impl<K: Bits> Avx2KeccakOps for KeccakModel<K, 4> {
    type V = [K; 4];

    /// FOR j := 0 to 3: dst[64j+63:64j] := a[63:0].
    fn set1_epi64x(self, x: i64) -> [K; 4] {
        [K::lit(x as u64); 4]
    }
    /// dst := a XOR b.
    fn xor_si256(self, a: [K; 4], b: [K; 4]) -> [K; 4] {
        zip(a, b, |a, b| a ^ b)
    }
    /// dst := a OR b.
    fn or_si256(self, a: [K; 4], b: [K; 4]) -> [K; 4] {
        zip(a, b, |a, b| a | b)
    }
    /// dst := (NOT a) AND b.
    fn andnot_si256(self, a: [K; 4], b: [K; 4]) -> [K; 4] {
        let and = self.is(Mutation::AndnotAsAnd);
        zip(a, b, |a, b| if and { a & b } else { !a & b })
    }
    /// IF imm8 > 63: dst := 0 ELSE dst := ZeroExtend64(a << imm8).
    fn slli_epi64<const IMM: i32>(self, a: [K; 4]) -> [K; 4] {
        used("slli_epi64", IMM);
        let n = imm8(IMM);
        map(a, |a| if n > 63 { K::lit(0) } else { a.shl(n) })
    }
    /// IF imm8 > 63: dst := 0 ELSE dst := ZeroExtend64(a >> imm8).
    fn srli_epi64<const IMM: i32>(self, a: [K; 4]) -> [K; 4] {
        used("srli_epi64", IMM);
        let n = imm8(IMM);
        map(a, |a| if n > 63 { K::lit(0) } else { a.shr(n) })
    }
}

/// AVX-512 (with VL) at any width: 2, 4 or 8 64-bit lanes.
impl<K: Bits, const W: usize> TernaryOps for KeccakModel<K, W> {
    type V = [K; W];

    fn set1_epi64(self, x: i64) -> [K; W] {
        [K::lit(x as u64); W]
    }
    fn xor(self, a: [K; W], b: [K; W]) -> [K; W] {
        zip(a, b, |a, b| a ^ b)
    }
    /// FOR h := 0 to 63: index[2:0] := (a[h] << 2) | (b[h] << 1) | c[h];
    /// dst[h] := imm8[index[2:0]]. As bit vectors: the or, over the
    /// indices whose bit of imm8 is set, of the lanes (or their
    /// complements) that have that index.
    fn ternarylogic_epi64<const IMM: i32>(self, a: [K; W], b: [K; W], c: [K; W]) -> [K; W] {
        used("ternarylogic_epi64", IMM);
        let reversed = self.is(Mutation::TernaryOperandsReversed);
        let closed = self.closed_forms;
        zip3(a, b, c, |a, b, c| {
            let (a, b, c) = if reversed { (c, b, a) } else { (a, b, c) };
            match IMM {
                0x96 if closed => return a ^ b ^ c,
                0xD2 if closed => return a ^ (!b & c),
                _ => {}
            }
            let mut dst = K::lit(0);
            for index in 0..8 {
                if imm8(IMM) >> index & 1 == 1 {
                    let pick = |bit: u32, v: K| if index & bit != 0 { v } else { !v };
                    dst = dst | (pick(4, a) & pick(2, b) & pick(1, c));
                }
            }
            dst
        })
    }
    /// dst := LEFT_ROTATE_QWORDS(a, imm8).
    fn rol_epi64<const IMM: i32>(self, a: [K; W]) -> [K; W] {
        used("rol_epi64", IMM);
        map(a, |a| rotl_by_shifts(a, imm8(IMM)))
    }
}

/// NEON, two 64-bit lanes.
impl<K: Bits> NeonKeccakOps for KeccakModel<K, 2> {
    type V = [K; 2];
    type D = K;

    /// DUP: every element := x.
    fn vdupq_n_u64(self, x: u64) -> [K; 2] {
        [K::lit(x); 2]
    }
    /// The 64 bits as a 64-bit register.
    fn vcreate_u64(self, x: u64) -> K {
        K::lit(x)
    }
    /// Lower half from `low`, upper from `high`.
    fn vcombine_u64(self, low: K, high: K) -> [K; 2] {
        [low, high]
    }
    /// EOR: Vn EOR Vm.
    fn veorq_u64(self, a: [K; 2], b: [K; 2]) -> [K; 2] {
        zip(a, b, |a, b| a ^ b)
    }
    /// BIC: Vn AND NOT(Vm).
    fn vbicq_u64(self, a: [K; 2], b: [K; 2]) -> [K; 2] {
        zip(a, b, |a, b| a & !b)
    }
    /// SHL: each element LSL shift (0 <= shift < 64).
    fn vshlq_n_u64<const N: i32>(self, a: [K; 2]) -> [K; 2] {
        used("vshlq_n_u64", N);
        map(a, |a| a.shl(N as u32 % 64))
    }
    /// SRI: mask := LSR(Ones(64), shift); shifted := LSR(Vn element,
    /// shift); result := (Vd element AND NOT(mask)) OR shifted (1 <= shift
    /// <= 64: at 64, mask and shifted are zero).
    fn vsriq_n_u64<const N: i32>(self, a: [K; 2], b: [K; 2]) -> [K; 2] {
        used("vsriq_n_u64", N);
        let n = N as u32;
        let (mask, shifted) = if n >= 64 {
            (0u64, None)
        } else {
            (u64::MAX >> n, Some(n))
        };
        let overwrite = self.is(Mutation::SriOverwrites);
        zip(a, b, |a, b| {
            let shifted = match shifted {
                Some(n) => b.shr(n),
                None => K::lit(0),
            };
            if overwrite {
                shifted
            } else {
                (a & K::lit(!mask)) | shifted
            }
        })
    }
}

/// The SHA3 extension, two 64-bit lanes.
impl<K: Bits> Sha3Ops for KeccakModel<K, 2> {
    /// EOR3: Vn EOR Vm EOR Va.
    fn veor3q_u64(self, a: [K; 2], b: [K; 2], c: [K; 2]) -> [K; 2] {
        zip3(a, b, c, |a, b, c| a ^ b ^ c)
    }
    /// RAX1: Vn EOR ROL(Vm, 1).
    fn vrax1q_u64(self, a: [K; 2], b: [K; 2]) -> [K; 2] {
        zip(a, b, |a, b| a ^ (b.shl(1) | b.shr(63)))
    }
    /// XAR: ROR(Vn EOR Vm, imm6).
    fn vxarq_u64<const IMM: i32>(self, a: [K; 2], b: [K; 2]) -> [K; 2] {
        used("vxarq_u64", IMM);
        let n = IMM as u32 % 64;
        let left = self.is(Mutation::XarRotatesLeft);
        zip(a, b, |a, b| {
            let t = a ^ b;
            if left {
                rotl_by_shifts(t, n)
            } else {
                ror(t, n)
            }
        })
    }
    /// BCAX: Vn EOR (Vm AND NOT(Va)).
    fn vbcaxq_u64(self, a: [K; 2], b: [K; 2], c: [K; 2]) -> [K; 2] {
        zip3(a, b, c, |a, b, c| a ^ (b & !c))
    }
}

/// The (intrinsic, immediate) pairs one round of `lanes` calls, on the
/// `u64` model.
pub fn round_immediates<L: mldsa::backend::keccak::Lanes<V = [u64; N]>, const N: usize>(
    lanes: L,
) -> BTreeSet<(&'static str, i32)> {
    immediates_used(|| {
        let a = [[0u64; N]; 25];
        let mut e = a;
        round(lanes, &a, &mut e, [0; N]);
    })
}

/// Random inputs per intrinsic and immediate.
pub const RANDOM: usize = 1_000_000;

/// Boundary lanes: every combination of them (up to three operands) is
/// checked, then random ones.
pub const BOUNDARIES: &[u64] = &[
    0,
    1,
    2,
    3,
    u64::MAX,
    u64::MAX - 1,
    1 << 63,
    (1 << 63) - 1,
    (1 << 63) + 1,
    1 << 31,
    1 << 32,
    0xFFFF_FFFF,
    0xFFFF_FFFF_0000_0000,
    0x5555_5555_5555_5555,
    0xAAAA_AAAA_AAAA_AAAA,
    0x0123_4567_89AB_CDEF,
    0x8000_0000_8000_8008,
];

/// An intrinsic (or its model) on words: operands in, result out.
pub type OnWords<const W: usize> = Box<dyn Fn(&[[u64; W]]) -> [u64; W]>;

/// One check of an intrinsic at one immediate, on registers of `W` lanes:
/// the instruction and the model, each as words in, words out.
pub struct Check<const W: usize> {
    /// The intrinsic and immediate.
    pub name: String,
    /// Its operand count.
    pub arity: usize,
    /// The instruction.
    pub real: OnWords<W>,
    /// The model.
    pub model: OnWords<W>,
}

/// splitmix64 from a fixed seed.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Runs `check` on every boundary combination (lane k of operand j takes
/// the list rotated by k (2j + 1), so that every lane sees every pair) and
/// on `random` random inputs (a quarter of the lanes a boundary value).
pub fn run<const W: usize>(check: &Check<W>, random: usize, seed: u64) -> Result<String, String> {
    let nb = BOUNDARIES.len();
    let mut all_args = [[0u64; W]; 3];
    let args = &mut all_args[..check.arity];
    let mut count = 0;
    let mut compare = |args: &[[u64; W]]| -> Result<(), String> {
        let (got, want) = ((check.real)(args), (check.model)(args));
        count += 1;
        if got == want {
            Ok(())
        } else {
            Err(format!(
                "inputs {args:x?}: the CPU gives {got:x?}, the model {want:x?}"
            ))
        }
    };
    for c in 0..nb.pow(check.arity as u32) {
        let mut rest = c;
        for (j, arg) in args.iter_mut().enumerate() {
            let start = rest % nb;
            rest /= nb;
            *arg = core::array::from_fn(|k| BOUNDARIES[(start + k * (2 * j + 1)) % nb]);
        }
        compare(args)?;
    }
    let mut state = seed;
    for _ in 0..random {
        for arg in args.iter_mut() {
            *arg = core::array::from_fn(|_| {
                let r = next(&mut state);
                if r & 3 == 0 {
                    BOUNDARIES[(r >> 8) as usize % nb]
                } else {
                    next(&mut state)
                }
            });
        }
        compare(args)?;
    }
    Ok(format!("{count} inputs"))
}

/// One lemma per check, and the lemma that the `mutant` checks (the same
/// list on a wrong model) are caught at `op`; and a lemma that the checks
/// cover every (intrinsic, immediate) in `needed`.
pub fn lemmas<const W: usize>(
    checks: &[Check<W>],
    needed: &[BTreeSet<(&'static str, i32)>],
    mutant: (&str, &str, &[Check<W>]),
    backend: &str,
) -> Vec<Lemma> {
    let mut out = vec![Lemma::run(
        "keccak model = CPU: immediates",
        "model",
        "every intrinsic / immediate of a round",
        backend,
        || {
            let missing: Vec<String> = needed
                .iter()
                .flatten()
                .map(|(op, imm)| format!("{op}::<{imm}>"))
                .filter(|name| !checks.iter().any(|c| &c.name == name))
                .collect();
            if missing.is_empty() {
                let n: BTreeSet<_> = needed.iter().flatten().collect();
                Ok(format!("{} used, all checked", n.len()))
            } else {
                Err(format!("not checked: {missing:?}"))
            }
        },
    )];
    for (i, check) in checks.iter().enumerate() {
        out.push(Lemma::run(
            format!("keccak model = CPU: {}", check.name),
            "model",
            "boundaries per lane + 10^6 random",
            backend,
            || run(check, RANDOM, i as u64 + 1),
        ));
    }
    let (name, op, wrong) = mutant;
    out.push(Lemma::run(
        name,
        "model mutant",
        "boundaries + 10^6 random",
        backend,
        || {
            let Some(check) = wrong.iter().find(|c| c.name == op) else {
                return Err(format!("no check {op}"));
            };
            match run(check, RANDOM, 99) {
                Ok(_) => Err("the wrong model agreed with the CPU".into()),
                Err(e) => Ok(format!("caught: {e}")),
            }
        },
    ));
    out
}

/// `Check`s of instruction set `$ops` on token `$t` (registers in and out
/// by `$load`, `$store`) against model `$m`: one per entry `name, arity,
/// |s, a, r| body`, each body written once for both instances; entries with
/// `imm [k, ..]` expand once per immediate, named `name::<k>`.
#[allow(unused_macros)]
macro_rules! checks {
    ($w:literal, $t:expr, $m:expr, $load:expr, $store:expr;
     $( $name:literal, $arity:literal $(, imm [$($k:literal),*])?, |$s:ident, $a:ident, $r:ident| $body:expr; )*) => {{
        let mut v: Vec<$crate::keccak_model::Check<$w>> = Vec::new();
        $( checks!(@one v, $w, $t, $m, $load, $store, $name, $arity $(, [$($k),*])?, |$s, $a, $r| $body); )*
        v
    }};
    (@one $v:ident, $w:literal, $t:expr, $m:expr, $load:expr, $store:expr, $name:literal, $arity:literal, [$($k:literal),*], |$s:ident, $a:ident, $r:ident| $body:expr) => {
        $( {
            const K: i32 = $k;
            let (t, m) = ($t, $m);
            $v.push($crate::keccak_model::Check::<$w> {
                name: format!("{}::<{}>", $name, K),
                arity: $arity,
                real: Box::new(move |$r: &[[u64; $w]]| {
                    let $s = t;
                    let $a: [_; 3] = core::array::from_fn(|j| ($load)(t, &$r[j.min($r.len() - 1)]));
                    let _ = (&$a, &$r);
                    ($store)(t, $body)
                }),
                model: Box::new(move |$r: &[[u64; $w]]| {
                    let $s = m;
                    let $a: [[u64; $w]; 3] = core::array::from_fn(|j| $r[j.min($r.len() - 1)]);
                    let _ = (&$a, &$r);
                    $body
                }),
            });
        } )*
    };
    (@one $v:ident, $w:literal, $t:expr, $m:expr, $load:expr, $store:expr, $name:literal, $arity:literal, |$s:ident, $a:ident, $r:ident| $body:expr) => {{
        let (t, m) = ($t, $m);
        $v.push($crate::keccak_model::Check::<$w> {
            name: $name.to_string(),
            arity: $arity,
            real: Box::new(move |$r: &[[u64; $w]]| {
                let $s = t;
                let $a: [_; 3] = core::array::from_fn(|j| ($load)(t, &$r[j.min($r.len() - 1)]));
                    let _ = (&$a, &$r);
                ($store)(t, $body)
            }),
            model: Box::new(move |$r: &[[u64; $w]]| {
                let $s = m;
                let $a: [[u64; $w]; 3] = core::array::from_fn(|j| $r[j.min($r.len() - 1)]);
                    let _ = (&$a, &$r);
                $body
            }),
        });
    }};
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Check, KeccakModel, Mutation, lemmas, round_immediates};
    use crate::Lemma;
    use mldsa::backend::avx2::Avx2Intrinsics as Isa;
    use mldsa::backend::avx512::{X1, X4, X8};
    use mldsa::backend::keccak::wide::Wide;
    use mldsa::backend::keccak::{Avx2Form, Avx2KeccakOps, TernaryForm, TernaryOps};

    fn avx2_checks(isa: Isa, m: KeccakModel<u64, 4>) -> Vec<Check<4>> {
        let load = |t: Isa, x: &[u64; 4]| t.gather(*x);
        let store = |t: Isa, v| {
            let mut w = [0u64; 4];
            t.scatter(v, &mut w);
            w
        };
        checks!(4, isa, m, load, store;
            "set1_epi64x", 1, |s, a, r| s.set1_epi64x(r[0][2] as i64);
            "xor_si256", 2, |s, a, r| s.xor_si256(a[0], a[1]);
            "or_si256", 2, |s, a, r| s.or_si256(a[0], a[1]);
            "andnot_si256", 2, |s, a, r| s.andnot_si256(a[0], a[1]);
            "slli_epi64", 1, imm [1, 2, 3, 6, 8, 10, 14, 15, 18, 20, 21, 25, 27, 28, 36, 39, 41, 43, 44, 45, 55, 56, 61, 62, 63, 64], |s, a, r| s.slli_epi64::<K>(a[0]);
            "srli_epi64", 1, imm [1, 2, 3, 6, 8, 9, 19, 20, 21, 23, 25, 28, 36, 37, 39, 43, 44, 46, 49, 50, 54, 56, 58, 61, 62, 63, 64], |s, a, r| s.srli_epi64::<K>(a[0]);
        )
    }

    /// The ternary checks at width `$w` on token `$t`.
    macro_rules! ternary_checks {
        ($w:literal, $tt:ty, $t:expr, $m:expr) => {{
            let load = |t: $tt, x: &[u64; $w]| {
                let mut words = [0u64; 8];
                words[..$w].copy_from_slice(x);
                t.load(&words)
            };
            let store = |t: $tt, v| -> [u64; $w] {
                let words = t.store(v);
                core::array::from_fn(|k| words[k])
            };
            checks!($w, $t, $m, load, store;
                "set1_epi64", 1, |s, a, r| s.set1_epi64(r[0][1] as i64);
                "xor", 2, |s, a, r| s.xor(a[0], a[1]);
                "ternarylogic_epi64", 3, imm [0xD2, 0x96], |s, a, r| s.ternarylogic_epi64::<K>(a[0], a[1], a[2]);
                "rol_epi64", 1, imm [0, 1, 2, 3, 6, 8, 10, 14, 15, 18, 20, 21, 25, 27, 28, 36, 39, 41, 43, 44, 45, 55, 56, 61, 62, 63, 64], |s, a, r| s.rol_epi64::<K>(a[0]);
            )
        }};
    }

    /// The AVX2 and AVX-512 Keccak models against this CPU.
    pub fn all() -> Vec<Lemma> {
        let mut out = Vec::new();
        match Isa::detect() {
            Some(isa) => {
                let needed = [round_immediates(Avx2Form(KeccakModel::<u64, 4>::new()))];
                let right = avx2_checks(isa, KeccakModel::new());
                let wrong = avx2_checks(isa, KeccakModel::mutated(Mutation::AndnotAsAnd));
                let mutant = (
                    "keccak andnot_si256 as and is caught",
                    "andnot_si256",
                    &wrong[..],
                );
                out.extend(lemmas(&right, &needed, mutant, "avx2"));
            }
            None => mldsa_diff_tests::missing_backend("avx2"),
        }
        match (X1::detect(), X4::detect(), X8::detect()) {
            (Some(x1), Some(x4), Some(x8)) => {
                let reversed = Mutation::TernaryOperandsReversed;
                let mutant_name = "keccak ternarylogic reversed is caught";
                let op = "ternarylogic_epi64::<210>";
                // Each width: its checks, and the same checks on the
                // mutated model, which must fail.
                macro_rules! width {
                    ($w:literal, $t:ident, $x:ident, $name:literal) => {{
                        let model = KeccakModel::<u64, $w>::new();
                        let needed = [round_immediates(TernaryForm(model))];
                        let right = ternary_checks!($w, $t, $x, model);
                        let mutated = KeccakModel::<u64, $w>::mutated(reversed);
                        let wrong = ternary_checks!($w, $t, $x, mutated);
                        out.extend(lemmas(&right, &needed, (mutant_name, op, &wrong), $name));
                    }};
                }
                width!(2, X1, x1, "avx512 x1");
                width!(4, X4, x4, "avx512 x4");
                width!(8, X8, x8, "avx512 x8");
            }
            _ => mldsa_diff_tests::missing_backend("avx512"),
        }
        out
    }
}

#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
mod arm {
    use super::{Check, KeccakModel, Mutation, lemmas, round_immediates};
    use crate::Lemma;
    use mldsa::backend::keccak::wide::Wide;
    use mldsa::backend::keccak::{NeonForm, NeonKeccakOps, Sha3Form, Sha3Ops};
    use mldsa::backend::neon::{NeonIntrinsics as Isa, Sha3};

    fn neon_checks(m: KeccakModel<u64, 2>) -> Vec<Check<2>> {
        let load = |t: Isa, x: &[u64; 2]| t.gather(*x);
        let store = |t: Isa, v| {
            let mut w = [0u64; 2];
            t.scatter(v, &mut w);
            w
        };
        checks!(2, Isa, m, load, store;
            "vdupq_n_u64", 1, |s, a, r| s.vdupq_n_u64(r[0][1]);
            "vcombine_u64(vcreate_u64)", 1, |s, a, r| s.vcombine_u64(s.vcreate_u64(r[0][0]), s.vcreate_u64(r[0][1]));
            "veorq_u64", 2, |s, a, r| s.veorq_u64(a[0], a[1]);
            "vbicq_u64", 2, |s, a, r| s.vbicq_u64(a[0], a[1]);
            "vshlq_n_u64", 1, imm [0, 1, 2, 3, 6, 8, 10, 14, 15, 18, 20, 21, 25, 27, 28, 36, 39, 41, 43, 44, 45, 55, 56, 61, 62, 63], |s, a, r| s.vshlq_n_u64::<K>(a[0]);
            "vsriq_n_u64", 2, imm [1, 2, 3, 6, 8, 9, 19, 20, 21, 23, 25, 28, 36, 37, 39, 43, 44, 46, 49, 50, 54, 56, 58, 61, 62, 63, 64], |s, a, r| s.vsriq_n_u64::<K>(a[0], a[1]);
        )
    }

    fn sha3_checks(sha3: Sha3, m: KeccakModel<u64, 2>) -> Vec<Check<2>> {
        let load = |t: Sha3, x: &[u64; 2]| t.register(*x);
        let store = |t: Sha3, v| t.lanes(v);
        checks!(2, sha3, m, load, store;
            // The plain instructions Sha3Form calls through this token.
            "vdupq_n_u64 (sha3 token)", 1, |s, a, r| s.vdupq_n_u64(r[0][1]);
            "veorq_u64 (sha3 token)", 2, |s, a, r| s.veorq_u64(a[0], a[1]);
            "veor3q_u64", 3, |s, a, r| s.veor3q_u64(a[0], a[1], a[2]);
            "vrax1q_u64", 2, |s, a, r| s.vrax1q_u64(a[0], a[1]);
            "vbcaxq_u64", 3, |s, a, r| s.vbcaxq_u64(a[0], a[1], a[2]);
            "vxarq_u64", 2, imm [0, 1, 2, 3, 8, 9, 19, 20, 21, 23, 25, 28, 36, 37, 39, 43, 44, 46, 49, 50, 54, 56, 58, 61, 62, 63], |s, a, r| s.vxarq_u64::<K>(a[0], a[1]);
        )
    }

    /// The NEON and SHA3 Keccak models against this CPU (qemu here).
    pub fn all() -> Vec<Lemma> {
        let mut out = Vec::new();
        let neon_needed = [
            round_immediates(NeonForm(KeccakModel::<u64, 2>::new())),
            round_immediates(Sha3Form(KeccakModel::<u64, 2>::new()))
                .into_iter()
                .filter(|(op, _)| op.starts_with("vshl") || op.starts_with("vsri"))
                .collect(),
        ];
        let right = neon_checks(KeccakModel::new());
        let wrong = neon_checks(KeccakModel::mutated(Mutation::SriOverwrites));
        let mutant = (
            "keccak vsriq_n_u64 overwriting is caught",
            "vsriq_n_u64::<20>",
            &wrong[..],
        );
        out.extend(lemmas(&right, &neon_needed, mutant, "neon"));
        match Sha3::detect() {
            Some(sha3) => {
                let needed = [round_immediates(Sha3Form(KeccakModel::<u64, 2>::new()))
                    .into_iter()
                    .filter(|(op, _)| op.starts_with("vxar"))
                    .collect()];
                let right = sha3_checks(sha3, KeccakModel::new());
                let wrong = sha3_checks(sha3, KeccakModel::mutated(Mutation::XarRotatesLeft));
                let mutant = (
                    "keccak vxarq_u64 rotating left is caught",
                    "vxarq_u64::<20>",
                    &wrong[..],
                );
                out.extend(lemmas(&right, &needed, mutant, "neon sha3"));
            }
            None => {
                if std::env::var("MLDSA_EXPECT_SHA3").as_deref() == Ok("1") {
                    out.push(Lemma::run(
                        "keccak sha3 models",
                        "model",
                        "",
                        "neon sha3",
                        || Err("MLDSA_EXPECT_SHA3=1 but this CPU has no SHA3 extension".into()),
                    ));
                }
            }
        }
        out
    }
}

/// The Keccak models against this machine's instructions.
pub fn all() -> Vec<Lemma> {
    #[cfg(target_arch = "x86_64")]
    return x86::all();
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    return arm::all();
    #[allow(unreachable_code)]
    Vec::new()
}
