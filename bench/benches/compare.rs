//! `cargo bench --bench compare`: every implementation timed in turn, cell
//! by cell, then the side-by-side table of medians, which is also written
//! to `target/bench/`: `compare-table.md`, `results.csv` (one line per
//! value, `mldsa_bench::results`) and `chart.svg` (`mldsa_bench::chart`).
//!
//! A cell is one parameter set and one operation. Its implementations are
//! timed in rounds: in each round every implementation runs one batch of
//! iterations, back to back with the others (the order rotates from round
//! to round). The machines this runs on are shared, and their speed drifts
//! by tens of percent within minutes; timed in turn, every implementation
//! of a cell sees the same drift, so the ratios the goals are stated in
//! hold even where the absolute times move. (Timed one after the other for
//! seconds each, as criterion does, two implementations of one cell could
//! land in a fast and a slow minute.) The value of an implementation is the
//! median over the rounds of its time per operation.
//!
//! One iteration is: one keygen from the fixed seed (the key returned by
//! value out of the implementation's keygen, kept with `black_box` and
//! dropped: see `Subject::keygen`); or 16 deterministic signatures, one of
//! each message (signing time depends on the message through the number of
//! rejection iterations); or 16 verifications, one of each signature. The
//! tables divide by 16, so sign and verify are the mean over the 16
//! messages.
//!
//! `mldsa` is the backend mldsa selects on this CPU. mldsa chooses its
//! backend once per process, so `mldsa-avx2` (`MLDSA_BACKEND=avx2`) and
//! `mldsa-portable` (`MLDSA_BACKEND=portable`) run in further processes of
//! this same executable (`MLDSA_BENCH_CHILD=avx2` or `portable`), started
//! at the beginning and kept waiting: when their turn in a round comes,
//! this process sends them the batch to run (a line on their standard
//! input) and waits for the time they measured (a line on their standard
//! output), so that they are timed in turn with the others too. `sign-pre`
//! is mldsa's precomputed key (and the Keccak-only reference's count
//! without ExpandA); the peers have one key form, which signs again in
//! that cell, so that the ratios of its row compare times of the same
//! rounds.
//!
//! Options (after `--`): `--rounds N` (default 20), `--batch-ms M` (the
//! length of one batch, default 30), and a filter: only the cells whose
//! name (`ML-DSA-65_sign`) contains it. A warm-up of about 10 batches per
//! implementation and cell comes first. The whole run takes about 2 to 3
//! minutes.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use mldsa_bench::table::{Row, fmt_value, legend, render};
use mldsa_bench::{
    Impl, N_MESSAGES, Op, Param, Subject, chart, cross_check, force_mldsa_backend, keccak,
    mldsa_backend, results, subject,
};

/// Set in the further processes, to the backend (`avx2`, `portable`) of the
/// one implementation each measures.
const CHILD_ENV: &str = "MLDSA_BENCH_CHILD";

/// Operations per iteration.
fn per_iteration(op: Op) -> usize {
    match op {
        Op::Keygen => 1,
        Op::Sign | Op::SignPrecomputed | Op::Verify => N_MESSAGES,
    }
}

fn cell_name(param: Param, op: Op) -> String {
    format!("{}_{}", param.name(), op.name())
}

/// Runs `iterations` iterations of `op` on `s`; the time they took.
fn run_batch(s: &dyn Subject, op: Op, iterations: usize) -> Duration {
    mldsa_bench::clean_upper_state();
    let start = Instant::now();
    for _ in 0..iterations {
        for k in 0..per_iteration(op) {
            op.run(s, k);
        }
    }
    start.elapsed()
}

/// The load averages (1, 5 and 15 minutes) of /proc/loadavg, to show how
/// busy the shared machine was.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" / "))
        .unwrap_or_else(|| "?".into())
}

/// The command-line options.
struct Options {
    rounds: usize,
    batch: Duration,
    filter: Option<String>,
}

fn options() -> Options {
    let mut o = Options {
        rounds: 20,
        batch: Duration::from_millis(30),
        filter: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut number = |name: &str| -> u64 {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{name} needs a number"))
        };
        match a.as_str() {
            // What `cargo bench` passes to every bench target.
            "--bench" => {}
            "--rounds" => o.rounds = number("--rounds").max(1) as usize,
            "--batch-ms" => o.batch = Duration::from_millis(number("--batch-ms").max(1)),
            _ if a.starts_with("--") => panic!("unknown option {a}"),
            _ => o.filter = Some(a),
        }
    }
    o
}

/// A further process measuring `mldsa-avx2` or `mldsa-portable`.
struct Helper {
    imp: Impl,
    child: Child,
    to: ChildStdin,
    from: BufReader<ChildStdout>,
}

impl Helper {
    fn start(imp: Impl) -> Helper {
        let backend = imp.forced_backend().unwrap();
        let mut child = std::env::current_exe()
            .and_then(|exe| {
                Command::new(exe)
                    .env(CHILD_ENV, backend)
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .spawn()
            })
            .unwrap_or_else(|e| panic!("start the {} process: {e}", imp.name()));
        let to = child.stdin.take().unwrap();
        let from = BufReader::new(child.stdout.take().unwrap());
        let mut h = Helper {
            imp,
            child,
            to,
            from,
        };
        let ready = h.line();
        assert_eq!(ready, "ready", "the {} process did not start", imp.name());
        h
    }

    fn line(&mut self) -> String {
        let mut l = String::new();
        self.from
            .read_line(&mut l)
            .unwrap_or_else(|e| panic!("read from the {} process: {e}", self.imp.name()));
        l.trim().to_string()
    }

    /// Runs a batch in the further process; the time it measured there.
    fn run(&mut self, param: Param, op: Op, iterations: usize) -> Duration {
        writeln!(self.to, "{} {} {iterations}", param.name(), op.name())
            .and_then(|()| self.to.flush())
            .unwrap_or_else(|e| panic!("write to the {} process: {e}", self.imp.name()));
        let reply = self.line();
        let ns: u64 = reply
            .parse()
            .unwrap_or_else(|_| panic!("the {} process answered {reply:?}", self.imp.name()));
        Duration::from_nanos(ns)
    }
}

impl Drop for Helper {
    fn drop(&mut self) {
        let _ = writeln!(self.to, "quit");
        let _ = self.to.flush();
        let _ = self.child.wait();
    }
}

/// A further process's loop: set up once, then run each batch asked for
/// and answer the nanoseconds it took.
fn child_main(backend: &str) {
    force_mldsa_backend(backend);
    let imp = Impl::ALL
        .into_iter()
        .find(|i| i.forced_backend() == Some(backend))
        .unwrap_or_else(|| panic!("{CHILD_ENV}={backend}: no such backend"));
    if let Err(e) = cross_check() {
        eprintln!("cross-check failed in the {} process: {e}", imp.name());
        std::process::exit(1);
    }
    let subjects: Vec<(Param, Box<dyn Subject>)> = Param::ALL
        .map(|p| (p, subject(imp, p)))
        .into_iter()
        .collect();
    let mut out = std::io::stdout().lock();
    writeln!(out, "ready").and_then(|()| out.flush()).unwrap();
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let f: Vec<&str> = line.split_whitespace().collect();
        let [param, op, iterations] = f[..] else {
            break; // "quit", or the parent is gone
        };
        let s = &subjects
            .iter()
            .find(|(p, _)| p.name() == param)
            .unwrap_or_else(|| panic!("no parameter set {param}"))
            .1;
        let op = Op::parse(op).unwrap_or_else(|| panic!("no operation {op}"));
        let t = run_batch(&**s, op, iterations.parse().unwrap());
        writeln!(out, "{}", t.as_nanos())
            .and_then(|()| out.flush())
            .unwrap();
    }
}

/// Where an implementation of a cell runs.
enum Runner<'a> {
    Here(Box<dyn Subject>),
    Helper(&'a mut Helper),
}

impl Runner<'_> {
    fn run(&mut self, param: Param, op: Op, iterations: usize) -> Duration {
        match self {
            Runner::Here(s) => run_batch(&**s, op, iterations),
            Runner::Helper(h) => h.run(param, op, iterations),
        }
    }
}

/// The median of `v` (sorted in place).
fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// One cell: each implementation's median time per operation, in
/// microseconds.
fn measure_cell(
    param: Param,
    op: Op,
    runners: &mut [(Impl, Runner<'_>)],
    o: &Options,
) -> Vec<(Impl, f64)> {
    // Warm-up (caches, branch predictors, the CPU's clock), about 10
    // batches each, which also sizes each implementation's batch.
    let mut iterations = Vec::new();
    for (_, r) in runners.iter_mut() {
        let mut n = 1;
        let mut spent = Duration::ZERO;
        let mut done = 0;
        while spent < o.batch * 10 {
            spent += r.run(param, op, n);
            done += n;
            n *= 2;
        }
        let per_iteration = spent.as_secs_f64() / done as f64;
        iterations.push(((o.batch.as_secs_f64() / per_iteration) as usize).max(1));
    }
    let mut samples = vec![Vec::with_capacity(o.rounds); runners.len()];
    for round in 0..o.rounds {
        for k in 0..runners.len() {
            let i = (k + round) % runners.len();
            let t = runners[i].1.run(param, op, iterations[i]);
            let per_op = t.as_secs_f64() * 1e6 / (iterations[i] * per_iteration(op)) as f64;
            samples[i].push(per_op);
        }
    }
    runners
        .iter()
        .zip(&mut samples)
        .map(|((imp, _), s)| (*imp, median(s)))
        .collect()
}

/// Keeps this process, and the processes it starts (they inherit the
/// mask), on the CPU it runs on now. Two virtual CPUs of a shared machine
/// are not equally fast (their neighbours on the host differ); a further
/// process on another CPU than the main one would be timed on another
/// machine, in effect. The processes take turns, so one CPU is enough.
/// Returns the CPU, or `None` where the mask could not be set (the run
/// goes on unpinned).
#[cfg(target_os = "linux")]
fn pin_to_this_cpu() -> Option<usize> {
    // SAFETY: sched_getcpu has no preconditions; `set` is a valid,
    // zero-initialised cpu_set_t, and CPU_SET writes within it for any cpu
    // below CPU_SETSIZE (checked); sched_setaffinity reads `size_of` bytes.
    unsafe {
        let cpu = usize::try_from(libc::sched_getcpu()).ok()?;
        if cpu >= libc::CPU_SETSIZE as usize {
            return None;
        }
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        let size = std::mem::size_of::<libc::cpu_set_t>();
        (libc::sched_setaffinity(0, size, &set) == 0).then_some(cpu)
    }
}

#[cfg(not(target_os = "linux"))]
fn pin_to_this_cpu() -> Option<usize> {
    None
}

fn main() {
    if let Ok(backend) = std::env::var(CHILD_ENV) {
        child_main(&backend);
        return;
    }
    let o = options();
    // Counted before the run is pinned to one of them.
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    match pin_to_this_cpu() {
        Some(cpu) => println!("every process of this run on CPU {cpu}"),
        None => println!("not pinned to one CPU: further processes may run on another"),
    }
    let load_before = load_average();
    let out_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"))
        .join("bench");

    match cross_check() {
        Ok(lines) => {
            println!("cross-check (every implementation, every parameter set):");
            for l in lines {
                println!("  {l}");
            }
        }
        Err(e) => {
            eprintln!("cross-check failed: {e}");
            std::process::exit(1);
        }
    }
    println!("mldsa backend in this process: {}", mldsa_backend());
    let here: Vec<Impl> = Impl::ALL
        .into_iter()
        .filter(|i| i.available() && !i.needs_own_process())
        .collect();
    // mldsa-avx2 and mldsa-portable, where the CPU runs the backend and it
    // is not this process's already.
    let mut helpers: Vec<Helper> = [Impl::MldsaAvx2, Impl::MldsaPortable]
        .into_iter()
        .filter(|i| i.available() && Some(mldsa_backend()) != i.forced_backend())
        .map(Helper::start)
        .collect();
    for h in &helpers {
        println!(
            "{}: a further process, MLDSA_BACKEND={}",
            h.imp.name(),
            h.imp.forced_backend().unwrap()
        );
    }
    if here.contains(&Impl::KeccakOnly) {
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
    println!(
        "{} rounds of {} ms batches per cell, every implementation in turn:",
        o.rounds,
        o.batch.as_millis()
    );

    let mut rows = Vec::new();
    for param in Param::ALL {
        for op in Op::ALL {
            let name = cell_name(param, op);
            if o.filter
                .as_ref()
                .is_some_and(|f| !name.contains(f.as_str()))
            {
                continue;
            }
            // Every implementation in every cell: in `sign-pre`, a peer's
            // one key form signs again, so that mldsa's precomputed key is
            // compared with peers timed in the same rounds.
            let mut runners: Vec<(Impl, Runner<'_>)> = here
                .iter()
                .map(|&i| (i, Runner::Here(subject(i, param))))
                .collect();
            for h in helpers.iter_mut() {
                runners.push((h.imp, Runner::Helper(h)));
            }
            let values = measure_cell(param, op, &mut runners, &o);
            let shown: Vec<String> = values
                .iter()
                .map(|(i, v)| format!("{} {}", i.name(), fmt_value(*v)))
                .collect();
            println!("  {name}: {} (us)", shown.join(", "));
            rows.push(Row { param, op, values });
        }
    }
    drop(helpers);
    if rows.is_empty() {
        return; // a filter that matched nothing
    }
    let report = format!(
        "Load average (1 / 5 / 15 min) at the start of the run: {load_before}; at the end: {}; \
         cores: {}.\n\n{}\n{}",
        load_average(),
        cores,
        render(
            "Time per operation (median over the rounds)",
            "microseconds",
            fmt_value,
            &rows
        ),
        legend(&rows),
    );
    println!("\n{report}");
    let _ = std::fs::create_dir_all(&out_dir);
    let path = out_dir.join("compare-table.md");
    if std::fs::write(&path, &report).is_ok() {
        println!("(also written to {})", path.display());
    }
    // The times as CSV, and their chart (`bench/README.md`; `chart`
    // redraws one from any such file).
    let path = out_dir.join("results.csv");
    if std::fs::write(&path, results::to_csv(&rows)).is_ok() {
        println!("(results: {})", path.display());
    }
    let subtitle = format!(
        "mldsa backend {}; {} rounds of {} ms batches per cell; load average {load_before} at the start",
        mldsa_backend(),
        o.rounds,
        o.batch.as_millis()
    );
    let path = out_dir.join("chart.svg");
    let svg = chart::svg(
        &rows,
        "Time per operation, microseconds (median over the rounds; lower is better)",
        &subtitle,
    );
    if std::fs::write(&path, svg).is_ok() {
        println!("(chart: {})", path.display());
    }
}
