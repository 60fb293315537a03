//! `cargo bench --bench compare`: criterion, every implementation in this one
//! process, then the side-by-side table of medians read back from criterion's
//! `estimates.json` files.
//!
//! One criterion iteration is: one keygen from the fixed seed (the key
//! returned by value out of the implementation's keygen, kept with
//! `black_box` and dropped, as `Bencher::iter` does with a closure's value:
//! see `Subject::keygen`); or 16 deterministic signatures, one of each
//! message (signing time depends on the message through the number of
//! rejection iterations); or 16 verifications, one of each signature. The
//! tables divide by 16, so sign and verify are the mean over the 16
//! messages. Criterion's median is the median over its samples of the
//! per-iteration time.
//!
//! `mldsa` is the backend mldsa selects on this CPU. mldsa chooses its backend
//! once per process, so `mldsa-avx2` (`MLDSA_BACKEND=avx2`) and
//! `mldsa-portable` (`MLDSA_BACKEND=portable`) are measured by further runs
//! of this same executable, started at the end with
//! `MLDSA_BENCH_CHILD=avx2` (or `portable`) and the same arguments; their
//! estimates land in the same directory and join the table. `sign-pre` is
//! measured for mldsa's precomputed key (and the Keccak-only reference) only:
//! the peers' one key form is `sign`, repeated in that row.
//!
//! Defaults (1 s warm-up, 2 s measurement, 20 samples per benchmark; the
//! 111 benchmarks take about 6 minutes) keep `make bench` short; criterion's
//! own flags override them: `cargo bench --bench compare -- --measurement-time 5`,
//! or a filter: `cargo bench --bench compare -- ML-DSA-65_sign`.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use criterion::{Criterion, Throughput};
use mldsa_bench::table::{Row, fill_sign_pre, fmt_value, legend, render};
use mldsa_bench::{
    Impl, N_MESSAGES, Op, Param, cross_check, force_mldsa_backend, keccak, mldsa_backend, subject,
};

/// Set in the further processes, to the backend (`avx2`, `portable`) of the
/// one implementation each measures.
const CHILD_ENV: &str = "MLDSA_BENCH_CHILD";

/// Operations per criterion iteration.
fn per_iteration(op: Op) -> usize {
    match op {
        Op::Keygen => 1,
        Op::Sign | Op::SignPrecomputed | Op::Verify => N_MESSAGES,
    }
}

fn group_name(param: Param, op: Op) -> String {
    format!("{}_{}", param.name(), op.name())
}

/// The median (ns per criterion iteration) from `<dir>/<group>/<impl>/new/estimates.json`,
/// if that benchmark ran in this process (written after `since`).
fn read_median(dir: &Path, group: &str, imp: Impl, since: SystemTime) -> Option<f64> {
    let path = dir
        .join(group)
        .join(imp.name())
        .join("new")
        .join("estimates.json");
    let modified = std::fs::metadata(&path).ok()?.modified().ok()?;
    if modified < since {
        return None;
    }
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).ok()?).ok()?;
    json["median"]["point_estimate"].as_f64()
}

/// The load averages (1, 5 and 15 minutes) of /proc/loadavg, to show how
/// busy the shared machine was.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" / "))
        .unwrap_or_else(|| "?".into())
}

fn main() {
    let started = SystemTime::now();
    let load_before = load_average();
    let out_dir = std::env::var_os("CRITERION_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("target")
                .join("criterion")
        });
    // In a further process, the one forced implementation it measures.
    let child: Option<Impl> = std::env::var(CHILD_ENV).ok().map(|backend| {
        let imp = Impl::ALL
            .into_iter()
            .find(|i| i.forced_backend() == Some(&backend[..]))
            .unwrap_or_else(|| panic!("{CHILD_ENV}={backend}: no such backend"));
        force_mldsa_backend(&backend);
        imp
    });
    let child_run = child.is_some();

    match cross_check() {
        Ok(lines) if !child_run => {
            println!("cross-check (every implementation, every parameter set):");
            for l in lines {
                println!("  {l}");
            }
        }
        Ok(_) => {}
        Err(e) => {
            eprintln!("cross-check failed: {e}");
            std::process::exit(1);
        }
    }
    println!("mldsa backend in this process: {}", mldsa_backend());
    let impls: Vec<Impl> = match child {
        Some(imp) => vec![imp],
        None => Impl::ALL
            .into_iter()
            .filter(|i| i.available() && !i.needs_own_process())
            .collect(),
    };
    if impls.contains(&Impl::KeccakOnly) {
        println!(
            "Keccak-only permutation counts (bench/src/keccak.rs), run on {}:",
            keccak::kernels()
        );
        for param in Param::ALL {
            for l in keccak::describe(param, &keccak::counts(param)) {
                println!("  {l}");
            }
        }
    }

    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
        .output_directory(&out_dir)
        .configure_from_args();

    for param in Param::ALL {
        for op in Op::ALL {
            let mut group = c.benchmark_group(group_name(param, op));
            group.throughput(Throughput::Elements(per_iteration(op) as u64));
            for imp in impls.iter().copied().filter(|&i| op.measured_for(i)) {
                let s = subject(imp, param);
                group.bench_function(imp.name(), |b| {
                    b.iter(|| {
                        for k in 0..per_iteration(op) {
                            op.run(&*s, k);
                        }
                    })
                });
            }
            group.finish();
        }
    }
    c.final_summary();
    if child_run {
        return;
    }

    // mldsa-avx2 and mldsa-portable, each in a process of its own (where
    // the CPU runs the backend and it is not this process's already).
    let mut measured = impls.clone();
    for imp in [Impl::MldsaAvx2, Impl::MldsaPortable] {
        let backend = imp.forced_backend().unwrap();
        if !imp.available() || mldsa_backend() == backend {
            continue;
        }
        println!(
            "\n{} (a further process, MLDSA_BACKEND={backend}):",
            imp.name()
        );
        let status = std::env::current_exe()
            .and_then(|exe| {
                std::process::Command::new(exe)
                    .args(std::env::args_os().skip(1))
                    .env(CHILD_ENV, backend)
                    .status()
            })
            .unwrap_or_else(|e| panic!("start the {} run: {e}", imp.name()));
        assert!(status.success(), "the {} run failed", imp.name());
        measured.push(imp);
    }

    let mut rows = Vec::new();
    for param in Param::ALL {
        for op in Op::ALL {
            let group = group_name(param, op);
            let values: Vec<(Impl, f64)> = measured
                .iter()
                .filter_map(|&imp| {
                    read_median(&out_dir, &group, imp, started)
                        .map(|ns| (imp, ns / 1000.0 / per_iteration(op) as f64))
                })
                .collect();
            if !values.is_empty() {
                rows.push(Row { param, op, values });
            }
        }
    }
    if rows.is_empty() {
        return; // `--list`, `--test`, or a filter that matched nothing
    }
    fill_sign_pre(&mut rows);
    let report = format!(
        "Load average (1 / 5 / 15 min) at the start of the run: {load_before}; at the end: {}; \
         cores: {}.\n\n{}\n{}",
        load_average(),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        render(
            "Time per operation (criterion median)",
            "microseconds",
            fmt_value,
            &rows
        ),
        legend(&rows),
    );
    println!("\n{report}");
    let path = out_dir.join("compare-table.md");
    if std::fs::write(&path, &report).is_ok() {
        println!("(also written to {})", path.display());
    }
}
