//! # mldsa-lemmas: machine-checked facts about the optimized `mldsa` kernels
//!
//! Three methods, each named in the report line of every lemma it proves
//! (see `README.md` for the inventory):
//!
//! - `exhaustive` ([`exhaustive`]): the compiled release kernels of every
//!   backend this machine runs, on every input of their domain, against
//!   `mldsa-spec`;
//! - `z3` ([`smt_lemmas`]): the portable kernels' own source (generic over
//!   `mldsa::backend::portable::word::Word`) run on z3 bit-vectors, the
//!   statement and every no-overflow obligation proven for all inputs in
//!   the precondition, each lemma with a mutant that z3 must refute;
//! - `interval` and `basis` ([`ntt`]): the portable NTT evaluated over
//!   intervals (no intermediate overflows, every Montgomery input within its
//!   proven precondition), hence Z_q-linear, and equal to the spec's NTT on
//!   the 256 basis vectors: equal for every input. The same for signing's
//!   small NTT mod 7681 ([`small_ntt`], its z3 steps in `small_smt`, the
//!   model of its 16-bit intrinsics in [`small_model`]), and the plain
//!   add / sub / shift_left_d helpers ([`plain`]).

#![forbid(unsafe_code)]

pub mod avx2_model;
pub mod avx512_model;
pub mod composition;
pub mod exhaustive;
#[cfg(feature = "smt")]
pub mod fips;
pub mod interval;
// Keccak-f[1600] = FIPS 202 (keccak_fips202, keccak_model, keccak_lemmas).
pub mod keccak_fips202;
#[cfg(feature = "smt")]
pub mod keccak_lemmas;
#[macro_use]
pub mod keccak_model;
pub mod lane;
pub mod model_check;
#[cfg(feature = "smt")]
pub mod mutants;
pub mod neon_model;
pub mod ntt;
pub mod plain;
#[cfg(feature = "smt")]
pub mod simd_lemmas;
pub mod simd_ntt;
pub mod small_model;
pub mod small_ntt;
#[cfg(feature = "smt")]
pub mod small_smt;
#[cfg(feature = "smt")]
pub mod smt;
#[cfg(feature = "smt")]
pub mod smt_lemmas;

use std::time::Instant;

/// One checked statement: what the report prints.
pub struct Lemma {
    /// Short name, e.g. `montgomery_reduce`.
    pub name: String,
    /// `exhaustive`, `z3`, `interval`, `basis`, or `z3 mutant`.
    pub method: &'static str,
    /// The domain or precondition, in words.
    pub domain: String,
    /// The backends it covers (`portable`, `avx2`, `spec`).
    pub backends: String,
    /// `Ok(what was shown)` or `Err(counterexample)`.
    pub result: Result<String, String>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl Lemma {
    /// Times `check` and records its outcome.
    pub fn run(
        name: impl Into<String>,
        method: &'static str,
        domain: impl Into<String>,
        backends: impl Into<String>,
        check: impl FnOnce() -> Result<String, String>,
    ) -> Lemma {
        let start = Instant::now();
        let result = check();
        let lemma = Lemma {
            name: name.into(),
            method,
            domain: domain.into(),
            backends: backends.into(),
            result,
            seconds: start.elapsed().as_secs_f64(),
        };
        // Printed as soon as known: the long ones should not hide the rest.
        println!("{}", lemma.line());
        lemma
    }

    /// The report line: result, name, method, domain, backends, seconds,
    /// and the counterexample of a failure.
    pub fn line(&self) -> String {
        let (verdict, detail) = match &self.result {
            Ok(d) => ("ok  ", d),
            Err(d) => ("FAIL", d),
        };
        format!(
            "{verdict} {:<34} {:<11} {:<52} {:<14} {:>7.2} s  {detail}",
            self.name, self.method, self.domain, self.backends, self.seconds
        )
    }
}
