//! `instructions <impl> <param-set> <op> <iterations>`: sets up one
//! implementation at one parameter set (key from the fixed seed, the 16
//! messages' signatures), runs the operation once as a warm-up, then
//! `iterations` times inside `mldsa_bench_measured`, the only function that
//! `instructions.sh` has callgrind count (`--toggle-collect`). Sign and verify
//! take message `k % 16` at iteration k, so 16 iterations sign each message
//! once.
//!
//! `instructions check`: the cross-check (same keys, same signatures, every
//! implementation), natively.
//! `instructions table <tsv>`: renders the tables from lines
//! `impl<TAB>param<TAB>op<TAB>instructions-per-op`.
//! `instructions list`: the implementations this CPU runs, one per line
//! (`mldsa-avx2` and `mldsa-portable` only where mldsa's default backend is
//! not theirs; not the Keccak-only reference of `make bench`, a time
//! reference whose AVX-512 code callgrind cannot run).
//! `instructions keccak-counts`: the Keccak-f[1600] permutations of each
//! operation that the Keccak-only reference runs (`mldsa_bench::keccak`).
//!
//! `mldsa-avx2` and `mldsa-portable` are mldsa in a process that sets
//! `MLDSA_BACKEND=avx2` (`portable`) before its first operation; `mldsa` is
//! whatever backend mldsa selects (under valgrind, which hides AVX-512,
//! `avx2`). `sign-pre` (mldsa's precomputed key) is counted for mldsa only:
//! `table` repeats each peer's `sign` in that row.

use std::process::ExitCode;

use mldsa_bench::table::{Row, fill_sign_pre, fmt_kilo, legend, render};
use mldsa_bench::{
    Impl, Op, Param, Subject, cross_check, force_mldsa_backend, keccak, mldsa_backend, subject,
};

/// The measured loop. `no_mangle` so that callgrind's `--toggle-collect`
/// names it exactly; `inline(never)` so that it is a real call.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn mldsa_bench_measured(s: &dyn Subject, op: Op, iterations: usize) {
    for k in 0..iterations {
        op.run(s, k);
    }
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: instructions <impl> <44|65|87> <keygen|sign|sign-pre|verify> <iterations>\n       \
         instructions check | list | keccak-counts | table <tsv>\nimpls: {}",
        Impl::ALL.map(|i| i.name()).join(" ")
    );
    ExitCode::from(2)
}

fn table(path: &str) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut rows: Vec<Row> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let bad = || format!("bad line in {path}: {line:?}");
        let [imp, param, op, value] = f[..] else {
            return Err(bad());
        };
        let imp = Impl::parse(imp).ok_or_else(bad)?;
        let param = Param::parse(param).ok_or_else(bad)?;
        let op = Op::parse(op).ok_or_else(bad)?;
        let value: f64 = value.parse().map_err(|_| bad())?;
        match rows.iter_mut().find(|r| r.param == param && r.op == op) {
            Some(r) => r.values.push((imp, value)),
            None => rows.push(Row {
                param,
                op,
                values: vec![(imp, value)],
            }),
        }
    }
    fill_sign_pre(&mut rows);
    rows.sort_by_key(|r| {
        (
            Param::ALL.iter().position(|p| *p == r.param),
            Op::ALL.iter().position(|o| *o == r.op),
        )
    });
    Ok(format!(
        "{}\n{}",
        render(
            "Instructions per operation (callgrind)",
            "thousands of instructions",
            fmt_kilo,
            &rows
        ),
        legend(&rows)
    ))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args[..] {
        ["check"] => match cross_check() {
            Ok(lines) => {
                println!("mldsa backend in this process: {}", mldsa_backend());
                for l in lines {
                    println!("{l}");
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("cross-check failed: {e}");
                ExitCode::FAILURE
            }
        },
        ["list"] => {
            let default = mldsa_backend();
            for i in Impl::ALL.into_iter().filter(|i| i.available() && i.signs()) {
                if i.forced_backend() != Some(default) {
                    println!("{}", i.name());
                }
            }
            ExitCode::SUCCESS
        }
        ["keccak-counts"] => {
            for param in Param::ALL {
                for l in keccak::describe(param, &keccak::counts(param)) {
                    println!("{l}");
                }
            }
            ExitCode::SUCCESS
        }
        ["table", path] => match table(path) {
            Ok(t) => {
                print!("{t}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        },
        [imp, param, op, n] => {
            let (Some(imp), Some(param), Some(op), Ok(n)) = (
                Impl::parse(imp),
                Param::parse(param),
                Op::parse(op),
                n.parse::<usize>(),
            ) else {
                return usage();
            };
            if !imp.available() {
                eprintln!("{} does not run on this CPU", imp.name());
                return ExitCode::FAILURE;
            }
            if let Some(backend) = imp.forced_backend() {
                force_mldsa_backend(backend);
            }
            let s = subject(imp, param);
            // Warm-up: one-time work (CPU feature detection, AWS-LC's
            // self-tests, lazy symbol binding) happens here, uncounted.
            op.run(&*s, 0);
            mldsa_bench_measured(&*s, op, n);
            ExitCode::SUCCESS
        }
        _ => usage(),
    }
}
