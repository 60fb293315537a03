//! A model of the 16-bit AVX2 intrinsics of
//! `mldsa::backend::lanes::avx2::SmallOps` (the small NTT mod p = 7681):
//! each as Intel's pseudocode (the Intrinsics Guide's "Operation") states
//! it, lane by lane, over any [`Lane16`], on registers of sixteen 16-bit
//! lanes. `model_check` tests it against the instructions; `small_ntt` and
//! `small_smt` prove the transforms on it.

#[cfg(target_arch = "x86_64")]
use crate::Lemma;
use crate::lane::{Lane16, Model};
use mldsa::backend::lanes::avx2::SmallOps;
#[cfg(target_arch = "x86_64")]
use mldsa::backend::portable::small_ntt::{P, PINV};
use mldsa::params::N;

/// A 256-bit register as sixteen 16-bit lanes, lane 0 first.
pub type Reg16<L> = [L; 16];

/// One deliberately wrong intrinsic, for the mutant runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// `mulhi_epi16` zero-extends its factors (as `mulhi_epu16`).
    MulhiUnsigned,
    /// `srai_epi16` shifts in zeros (as `srli_epi16`).
    SraiLogical,
    /// `unpackhi_epi32` takes the low elements (as `unpacklo_epi32`).
    UnpackhiAsLo,
}

/// The model over lanes `L`.
pub type SmallModel<L> = Model<Mutation, L>;

/// In each 128-bit half (eight lanes), the elements of `e` lanes of a and
/// b interleaved: a's element k / 2 at even k, b's at odd k, from the low
/// elements or (`high`) the high ones (INTERLEAVE_*(a[127:0], b[127:0])).
fn interleave<L: Copy>(a: Reg16<L>, b: Reg16<L>, e: usize, high: bool) -> Reg16<L> {
    core::array::from_fn(|j| {
        let (half, within) = (j / 8, j % 8);
        let (k, sub) = (within / e, within % e);
        let from = k / 2 + if high { 4 / e } else { 0 };
        let source = if k % 2 == 0 { &a } else { &b };
        source[8 * half + e * from + sub]
    })
}

impl<L: Lane16> SmallModel<L> {
    fn zip(a: Reg16<L>, b: Reg16<L>, f: impl Fn(L, L) -> L) -> Reg16<L> {
        core::array::from_fn(|i| f(a[i], b[i]))
    }
}

impl<L: Lane16> SmallOps for SmallModel<L> {
    type V = Reg16<L>;
    type Lane = L;

    fn set1_epi16(self, x: i16) -> Reg16<L> {
        [L::lit(x); 16]
    }
    fn load_epi16(self, values: &[L; N], i: usize) -> Reg16<L> {
        core::array::from_fn(|k| values[16 * i + k])
    }
    fn store_epi16(self, values: &mut [L; N], i: usize, v: Reg16<L>) {
        values[16 * i..16 * i + 16].copy_from_slice(&v);
    }
    fn load_row_epi16(self, row: &[i16; 16]) -> Reg16<L> {
        row.map(L::lit)
    }
    // packs_epi32(a, b): dst[15:0] := Saturate16(a[31:0]) .. dst[63:48] :=
    // Saturate16(a[127:96]); dst[127:64] := the same of b[127:0]; the high
    // 128 bits the same of a[255:128], b[255:128]. Then
    // permute4x64_epi64::<0xD8>: qword j := qword imm8[2j+1:2j] = 0, 2, 1, 3.
    fn load_narrow(self, coeffs: &[i32; N], i: usize) -> Reg16<L> {
        let (a, b) = (
            &coeffs[16 * i..16 * i + 8],
            &coeffs[16 * i + 8..16 * i + 16],
        );
        let saturate = |x: i32| x.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        let packed: [i16; 16] = core::array::from_fn(|j| {
            let (half, k) = (j / 8, j % 8);
            let source = if k < 4 { a } else { b };
            saturate(source[4 * half + k % 4])
        });
        core::array::from_fn(|j| {
            let qword = (0xD8 >> (2 * (j / 4))) & 3;
            L::lit(packed[4 * qword + j % 4])
        })
    }
    // cvtepi16_epi32: dst[i+31:i] := SignExtend32(a[k+15:k]), of the low
    // 128 bits, then (extracti128 1) of the high ones. On constant lanes
    // only (the evaluator): the z3 and interval lemmas end at registers.
    fn store_wide(self, coeffs: &mut [i32; N], i: usize, v: Reg16<L>) {
        for (k, x) in v.iter().enumerate() {
            let value = x.value().expect("store_wide: a lane with a known value");
            coeffs[16 * i + k] = value as i32;
        }
    }
    // dst[i+15:i] := a[i+15:i] + b[i+15:i]
    fn add_epi16(self, a: Reg16<L>, b: Reg16<L>) -> Reg16<L> {
        Self::zip(a, b, L::add)
    }
    // dst[i+15:i] := a[i+15:i] - b[i+15:i]
    fn sub_epi16(self, a: Reg16<L>, b: Reg16<L>) -> Reg16<L> {
        Self::zip(a, b, L::sub)
    }
    // tmp[31:0] := SignExtend32(a[i+15:i]) * SignExtend32(b[i+15:i]); dst[i+15:i] := tmp[15:0]
    fn mullo_epi16(self, a: Reg16<L>, b: Reg16<L>) -> Reg16<L> {
        Self::zip(a, b, L::mullo)
    }
    // tmp[31:0] := SignExtend32(a[i+15:i]) * SignExtend32(b[i+15:i]); dst[i+15:i] := tmp[31:16]
    fn mulhi_epi16(self, a: Reg16<L>, b: Reg16<L>) -> Reg16<L> {
        if self.is(Mutation::MulhiUnsigned) {
            // (a + 2^16 [a < 0]) (b + 2^16 [b < 0]) >> 16 = (a b >> 16)
            // + [a < 0] b + [b < 0] a mod 2^16, and (a >> 15) b = -[a < 0] b.
            return Self::zip(a, b, |x, y| {
                x.mulhi(y).sub(x.sar(15).mullo(y)).sub(y.sar(15).mullo(x))
            });
        }
        Self::zip(a, b, L::mulhi)
    }
    // IF imm8 > 15: dst := (a < 0 ? 0xFFFF : 0) ELSE dst := SignExtend16(a >> imm8)
    fn srai_epi16<const K: i32>(self, a: Reg16<L>) -> Reg16<L> {
        let k = (K as u32).min(15);
        if self.is(Mutation::SraiLogical) && k > 0 {
            // Zeros shifted in: the arithmetic shift with its top k bits
            // (copies of the sign) cleared, r - (r >> 15) 2^(16 - k).
            let step = L::lit((1i32 << (16 - k)) as i16);
            return a.map(|x| {
                let r = x.sar(k);
                r.sub(r.sar(15).mullo(step))
            });
        }
        a.map(|x| x.sar(k))
    }
    // INTERLEAVE_WORDS(a[127:0], b[127:0]), per half
    fn unpacklo_epi16(self, a: Reg16<L>, b: Reg16<L>) -> Reg16<L> {
        interleave(a, b, 1, false)
    }
    // INTERLEAVE_HIGH_WORDS, per half
    fn unpackhi_epi16(self, a: Reg16<L>, b: Reg16<L>) -> Reg16<L> {
        interleave(a, b, 1, true)
    }
    // INTERLEAVE_DWORDS, per half
    fn unpacklo_epi32(self, a: Reg16<L>, b: Reg16<L>) -> Reg16<L> {
        interleave(a, b, 2, false)
    }
    // INTERLEAVE_HIGH_DWORDS, per half
    fn unpackhi_epi32(self, a: Reg16<L>, b: Reg16<L>) -> Reg16<L> {
        interleave(a, b, 2, !self.is(Mutation::UnpackhiAsLo))
    }
    // INTERLEAVE_QWORDS, per half
    fn unpacklo_epi64(self, a: Reg16<L>, b: Reg16<L>) -> Reg16<L> {
        interleave(a, b, 4, false)
    }
    // INTERLEAVE_HIGH_QWORDS, per half
    fn unpackhi_epi64(self, a: Reg16<L>, b: Reg16<L>) -> Reg16<L> {
        interleave(a, b, 4, true)
    }
    // dst[127:0] := SELECT4(a, b, imm8[3:0]); dst[255:128] := SELECT4(a, b, imm8[7:4]),
    // SELECT4 picking a[127:0], a[255:128], b[127:0], b[255:128] by bits 1:0, zero if bit 3.
    fn permute2x128_si256<const IMM: i32>(self, a: Reg16<L>, b: Reg16<L>) -> Reg16<L> {
        core::array::from_fn(|j| {
            let control = (IMM as usize >> (4 * (j / 8))) & 0xF;
            if control & 8 != 0 {
                return L::lit(0);
            }
            let source = if control & 2 == 0 { &a } else { &b };
            source[8 * (control & 1) + j % 8]
        })
    }
    // Not an intrinsic: a step of several, proven per lane (`small_smt`).
    fn proven_epi16(
        self,
        v: Reg16<L>,
        step: impl FnOnce(Reg16<L>) -> Reg16<L>,
        lo: i16,
        hi: i16,
    ) -> Reg16<L> {
        if L::skips_proven_steps() {
            return v.map(|x| L::proven(x, |x| x, lo, hi));
        }
        step(v).map(|x| L::proven(x, |x| x, lo, hi))
    }
}

/// The boundary values every 16-bit lane takes in turn.
#[cfg(target_arch = "x86_64")]
const BOUNDARIES: &[i16] = &[
    0,
    1,
    -1,
    2,
    -2,
    4,
    -4,
    512,
    1023,
    1024,
    3840,
    -3840,
    7680,
    7681,
    -7681,
    8737,
    -7679,
    16384,
    -16384,
    0x5555,
    -0x5556,
    i16::MAX - 1,
    i16::MAX,
    i16::MIN,
    i16::MIN + 1,
];

/// The model against the CPU for one op: every pair of boundary values in
/// every lane (each operand's list rotated per lane), then `random`
/// random inputs.
#[cfg(target_arch = "x86_64")]
fn check(
    real: &dyn Fn(&[[i16; 16]; 2]) -> [i16; 16],
    model: &dyn Fn(&[[i16; 16]; 2]) -> [i16; 16],
    random: usize,
    seed: u64,
) -> Result<String, String> {
    let b = BOUNDARIES;
    let nb = b.len();
    let mut count = 0;
    let mut run = |args: &[[i16; 16]; 2]| {
        let (got, want) = (real(args), model(args));
        count += 1;
        (got != want).then(|| format!("inputs {args:?}: the CPU gives {got:?}, the model {want:?}"))
    };
    for c in 0..nb * nb {
        let args: [[i16; 16]; 2] = core::array::from_fn(|j| {
            let start = if j == 0 { c % nb } else { c / nb };
            core::array::from_fn(|k| b[(start + k * (2 * j + 1)) % nb])
        });
        if let Some(bad) = run(&args) {
            return Err(bad);
        }
    }
    let mut rng = crate::model_check::Rng::new(seed);
    for _ in 0..random {
        let args: [[i16; 16]; 2] = core::array::from_fn(|_| {
            core::array::from_fn(|_| {
                let r = rng.bits();
                match r & 3 {
                    0 => b[(r >> 8) as usize % nb],
                    1 => ((r >> 32) as i16) >> 4,
                    _ => (r >> 32) as i16,
                }
            })
        });
        if let Some(bad) = run(&args) {
            return Err(bad);
        }
    }
    Ok(format!("{count} inputs"))
}

/// Each 16-bit intrinsic of `SmallOps` (at the immediates the transforms
/// use, and a few more) on the CPU against the model; a model with
/// `mulhi_epi16` zero-extending must be caught. Empty without AVX2.
#[cfg(target_arch = "x86_64")]
pub fn checks() -> Vec<Lemma> {
    use mldsa::backend::avx2::Avx2Intrinsics;
    type Op<S> = fn(S, <S as SmallOps>::V, <S as SmallOps>::V) -> <S as SmallOps>::V;
    let Some(isa) = Avx2Intrinsics::detect() else {
        mldsa_diff_tests::missing_backend("avx2");
        return Vec::new();
    };
    /// One op, written once for the CPU and the model.
    macro_rules! op {
        ($name:literal, |$s:ident, $a:ident, $b:ident| $body:expr) => {
            (
                $name,
                (|$s, $a, $b| {
                    let _ = &$b;
                    $body
                }) as Op<Avx2Intrinsics>,
                (|$s, $a, $b| {
                    let _ = &$b;
                    $body
                }) as Op<SmallModel<i16>>,
            )
        };
    }
    let ops = [
        op!("add_epi16", |s, a, b| s.add_epi16(a, b)),
        op!("sub_epi16", |s, a, b| s.sub_epi16(a, b)),
        op!("mullo_epi16", |s, a, b| s.mullo_epi16(a, b)),
        op!("mulhi_epi16", |s, a, b| s.mulhi_epi16(a, b)),
        op!("srai_epi16::<10>", |s, a, b| s.srai_epi16::<10>(a)),
        op!("srai_epi16::<1>", |s, a, b| s.srai_epi16::<1>(a)),
        op!("srai_epi16::<15>", |s, a, b| s.srai_epi16::<15>(a)),
        op!("unpacklo_epi16", |s, a, b| s.unpacklo_epi16(a, b)),
        op!("unpackhi_epi16", |s, a, b| s.unpackhi_epi16(a, b)),
        op!("unpacklo_epi32", |s, a, b| s.unpacklo_epi32(a, b)),
        op!("unpackhi_epi32", |s, a, b| s.unpackhi_epi32(a, b)),
        op!("unpacklo_epi64", |s, a, b| s.unpacklo_epi64(a, b)),
        op!("unpackhi_epi64", |s, a, b| s.unpackhi_epi64(a, b)),
        op!("permute2x128::<0x20>", |s, a, b| s
            .permute2x128_si256::<0x20>(a, b)),
        op!("permute2x128::<0x31>", |s, a, b| s
            .permute2x128_si256::<0x31>(a, b)),
        op!("set1_epi16 (p, 2^9, PINV)", |s, a, b| {
            let c = s.add_epi16(s.set1_epi16(P), s.set1_epi16(1 << 9));
            s.mullo_epi16(s.add_epi16(a, c), s.set1_epi16(PINV))
        }),
    ];
    let real_run = |op: Op<Avx2Intrinsics>| {
        move |args: &[[i16; 16]; 2]| {
            let mut memory = [0i16; N];
            memory[..16].copy_from_slice(&args[0]);
            memory[16..32].copy_from_slice(&args[1]);
            let (a, b) = (isa.load_epi16(&memory, 0), isa.load_epi16(&memory, 1));
            isa.store_epi16(&mut memory, 2, op(isa, a, b));
            core::array::from_fn(|i| memory[32 + i])
        }
    };
    let model_run = |op: Op<SmallModel<i16>>, m: SmallModel<i16>| {
        move |args: &[[i16; 16]; 2]| {
            let (a, b) = (m.load_row_epi16(&args[0]), m.load_row_epi16(&args[1]));
            op(m, a, b)
        }
    };
    let mut out: Vec<Lemma> = ops
        .iter()
        .enumerate()
        .map(|(i, &(name, real, model))| {
            Lemma::run(
                format!("model = CPU: {name}"),
                "model",
                "boundaries per lane + 10^6 random",
                "avx2",
                || {
                    check(
                        &real_run(real),
                        &model_run(model, SmallModel::new()),
                        crate::model_check::RANDOM,
                        1000 + i as u64,
                    )
                },
            )
        })
        .collect();
    out.push(Lemma::run(
        "model = CPU: load_narrow, store_wide",
        "model",
        "boundaries at every position + random",
        "avx2",
        || edges(isa),
    ));
    let (_, real, model) = ops[3];
    out.push(Lemma::run(
        "mulhi_epi16 zero-extending is caught",
        "model mutant",
        "boundaries + 10^6 random",
        "avx2",
        || match check(
            &real_run(real),
            &model_run(model, SmallModel::mutated(Mutation::MulhiUnsigned)),
            crate::model_check::RANDOM,
            99,
        ) {
            Ok(_) => Err("the wrong model agreed with the CPU".into()),
            Err(e) => Ok(format!("caught: {}", &e[..e.len().min(120)])),
        },
    ));
    out
}

/// `load_narrow` (32-bit boundary values, every one at every position, and
/// random ones) and `store_wide` (16-bit ones) on the CPU against the model.
#[cfg(target_arch = "x86_64")]
fn edges(isa: mldsa::backend::avx2::Avx2Intrinsics) -> Result<String, String> {
    use crate::model_check::{BOUNDARIES as B32, RANDOM, Rng};
    let model = SmallModel::<i16>::new();
    let mut count = 0;
    let mut one = |coeffs: &[i32; N], wide: &[i16; 16]| -> Result<(), String> {
        for i in [0, 7, 15] {
            let (got, want) = (isa.load_narrow(coeffs, i), model.load_narrow(coeffs, i));
            let mut memory = [0i16; N];
            isa.store_epi16(&mut memory, 0, got);
            if memory[..16] != want[..] {
                return Err(format!(
                    "load_narrow {i} of {:?}",
                    &coeffs[16 * i..16 * i + 16]
                ));
            }
            let (mut real, mut modelled) = ([0i32; N], [0i32; N]);
            isa.store_wide(&mut real, i, isa.load_row_epi16(wide));
            model.store_wide(&mut modelled, i, *wide);
            if real != modelled {
                return Err(format!("store_wide {i} of {wide:?}"));
            }
        }
        count += 1;
        Ok(())
    };
    let n = B32.len();
    for start in 0..n {
        let coeffs: [i32; N] = core::array::from_fn(|j| B32[(start + j) % n]);
        let wide: [i16; 16] = core::array::from_fn(|j| BOUNDARIES[(start + j) % BOUNDARIES.len()]);
        one(&coeffs, &wide)?;
    }
    let mut rng = Rng::new(77);
    for _ in 0..RANDOM / 16 {
        let coeffs: [i32; N] = core::array::from_fn(|_| rng.lane());
        let wide: [i16; 16] = core::array::from_fn(|_| rng.bits() as i16);
        one(&coeffs, &wide)?;
    }
    Ok(format!("{count} inputs (3 registers of 16 lanes each)"))
}
