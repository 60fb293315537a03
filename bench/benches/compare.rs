//! `cargo bench --bench compare`: criterion, every implementation in this one
//! process, then the side-by-side table of medians read back from criterion's
//! `estimates.json` files.
//!
//! One criterion iteration is: one keygen from the fixed seed; or 16
//! deterministic signatures, one of each message (signing time depends on
//! the message through the number of rejection iterations); or 16
//! verifications, one of each signature. The tables divide by 16, so sign and
//! verify are the mean over the 16 messages. Criterion's median is the median
//! over its samples of the per-iteration time.
//!
//! `mldsa` is the backend mldsa selects on this CPU. mldsa chooses its backend
//! once per process, so `mldsa-portable` (`MLDSA_BACKEND=portable`) is
//! measured by a second run of this same executable, started at the end with
//! `MLDSA_BENCH_PORTABLE_CHILD=1` and the same arguments; its estimates land
//! in the same directory and join the table.
//!
//! Defaults (1 s warm-up, 2 s measurement, 20 samples per benchmark; the 72
//! benchmarks take about 4 minutes) keep `make bench` short; criterion's own
//! flags override them: `cargo bench --bench compare -- --measurement-time 5`,
//! or a filter: `cargo bench --bench compare -- ML-DSA-65_sign`.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use criterion::{Criterion, Throughput};
use mldsa_bench::table::{Row, fmt_value, legend, render};
use mldsa_bench::{
    Impl, N_MESSAGES, Op, Param, cross_check, force_mldsa_portable, mldsa_backend, subject,
};

/// Set in the second process, which measures `mldsa-portable` only.
const CHILD_ENV: &str = "MLDSA_BENCH_PORTABLE_CHILD";

/// Operations per criterion iteration.
fn per_iteration(op: Op) -> usize {
    match op {
        Op::Keygen => 1,
        Op::Sign | Op::Verify => N_MESSAGES,
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

/// The 1-minute load average, to show how busy the shared machine was.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_owned))
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
    let child = std::env::var_os(CHILD_ENV).is_some();
    if child {
        force_mldsa_portable();
    }

    match cross_check() {
        Ok(lines) if !child => {
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
    let impls: Vec<Impl> = if child {
        vec![Impl::MldsaPortable]
    } else {
        Impl::ALL
            .into_iter()
            .filter(|i| i.available() && !i.needs_own_process())
            .collect()
    };

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
            for &imp in &impls {
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
    if child {
        return;
    }

    // mldsa-portable, in a process of its own.
    let mut measured = impls.clone();
    if mldsa_backend() != "portable" {
        println!("\nmldsa-portable (a second process, MLDSA_BACKEND=portable):");
        let status = std::env::current_exe()
            .and_then(|exe| {
                std::process::Command::new(exe)
                    .args(std::env::args_os().skip(1))
                    .env(CHILD_ENV, "1")
                    .status()
            })
            .expect("start the mldsa-portable run");
        assert!(status.success(), "the mldsa-portable run failed");
        measured.insert(1, Impl::MldsaPortable);
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
    let report = format!(
        "{}\n{}\nLoad average (1 min) at the start: {load_before}, at the end: {}; cores: {}.\n",
        render(
            "Time per operation (criterion median)",
            "microseconds",
            fmt_value,
            &rows
        ),
        legend(),
        load_average(),
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    println!("\n{report}");
    let path = out_dir.join("compare-table.md");
    if std::fs::write(&path, &report).is_ok() {
        println!("(also written to {})", path.display());
    }
}
