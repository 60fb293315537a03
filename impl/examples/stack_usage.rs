//! Peak stack per operation, measured, and held to the table of the crate
//! docs (`src/lib.rs`, "Stack").
//!
//! - `stack_usage <op> <44|65|87> <bytes>`: runs one operation on a thread
//!   with a stack of that many bytes; a stack too small kills the process
//!   (stack overflow). The ops: `none`, and the columns of the table.
//! - `stack_usage table`: for every backend this CPU runs, parameter set
//!   and operation, the smallest stack (to 1 KiB) the operation runs on,
//!   minus what `none` (an empty thread) needs, found by running the first
//!   form in child processes; printed as the docs' table (`make
//!   stack-usage`).
//! - `stack_usage check`: runs every operation of the docs' table on a
//!   stack of exactly its figure, rounded up to 4 KiB, plus the empty
//!   thread's need measured the same way, and checks every figure is at
//!   most 128 KiB; fails if one does not fit (`make stack-check`).
//!
//! Measured on x86-64 release builds; the table holds for them.

use std::hint::black_box;
use std::process::{Command, ExitCode};

use mldsa::const_oid::AssociatedOid;
use mldsa::{
    BackendKind, Compact, KeyForm, MlDsa44, MlDsa65, MlDsa87, ParameterSet, Precomputed, SigningKey,
};

/// The operations, as the table's columns name them: the compact key's,
/// then the precomputed key's ("boxed": the key on the heap).
const OPS: [&str; 11] = [
    "keygen",
    "sign",
    "verify",
    "import",
    "PKCS#8 decode",
    "keygen, precomputed",
    "precompute()",
    "keygen, precomputed (boxed)",
    "import, precomputed (boxed)",
    "PKCS#8 decode, precomputed (boxed)",
    "sign, precomputed",
];
/// The largest figure the table may hold, in KiB.
const LIMIT_KIB: usize = 128;
const PARAMS: [&str; 3] = ["44", "65", "87"];

// Each operation in its own frame: one closure with all of them inlined
// would reserve the largest frame for `none` too, and the baseline would
// hide it.
// The key is kept where a caller would keep it (this frame) and only its
// address escapes: `black_box(key)` by value would count a second copy.
// By value: a precomputed key's 20 to 64 KiB in this frame, A_hat expanded
// straight into it.
#[inline(never)]
fn keygen<P: ParameterSet, F: KeyForm>() {
    let key = SigningKey::<P, F>::from_seed(black_box(&[7u8; 32]));
    black_box(&key);
}

#[inline(never)]
fn precompute<P: ParameterSet>(sk: &SigningKey<P>) {
    let key = sk.precompute();
    black_box(&key);
}

// Boxed: the key on the heap, as servers keep it.
#[inline(never)]
fn keygen_precomputed_boxed<P: ParameterSet>() {
    let key = SigningKey::<P, Precomputed>::from_seed_boxed(black_box(&[7u8; 32]));
    black_box(&key);
}

#[inline(never)]
fn import_precomputed_boxed<P: ParameterSet>(expanded: &[u8]) {
    let key = SigningKey::<P, Precomputed>::try_from_expanded_boxed(black_box(expanded));
    assert!(black_box(&key).is_ok());
}

// The seed form, the one written by default: decoding it is a keygen.
#[inline(never)]
fn pkcs8_decode<P: ParameterSet + AssociatedOid>(der: &[u8]) {
    let key = SigningKey::<P>::decode_pkcs8_der(black_box(der));
    assert!(black_box(&key).is_ok());
}

#[inline(never)]
fn pkcs8_decode_precomputed_boxed<P: ParameterSet + AssociatedOid>(der: &[u8]) {
    let key = SigningKey::<P, Precomputed>::decode_pkcs8_der_boxed(black_box(der));
    assert!(black_box(&key).is_ok());
}

#[inline(never)]
fn sign<P: ParameterSet, F: KeyForm>(sk: &SigningKey<P, F>) {
    black_box(sk.sign_deterministic(black_box(b"stack usage"), b"").ok());
}

#[inline(never)]
fn verify<P: ParameterSet>(sk: &SigningKey<P>, sig: &mldsa::Signature<P>) {
    assert!(
        sk.verifying_key()
            .verify_with_context(black_box(b"stack usage"), sig.as_ref(), b"")
            .is_ok()
    );
}

#[inline(never)]
fn import<P: ParameterSet>(expanded: &[u8]) {
    let key = SigningKey::<P>::try_from_expanded(black_box(expanded));
    assert!(black_box(&key).is_ok());
}

/// Runs `op` on a thread with `stack` bytes of stack; false if it could
/// not start (a stack overflow kills the whole process).
fn run<P: ParameterSet + AssociatedOid>(op: &str, stack: usize) -> bool {
    // Keys and signatures are made on the main thread and borrowed: only
    // the measured operation runs on the small stack.
    let sk = SigningKey::<P>::from_seed_boxed(&[7u8; 32]);
    let pre = SigningKey::<P, Precomputed>::from_seed_boxed(&[7u8; 32]);
    let sig = sk.sign_deterministic(b"stack usage", b"").ok();
    let expanded = sk.to_expanded_bytes();
    let der = sk.pkcs8_der(Default::default()).ok();
    let der = der.as_ref().map(|d| d.as_bytes()).unwrap_or_default();
    let (sk, pre, sig, expanded) = (&*sk, &*pre, &sig, expanded.as_ref());
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .stack_size(stack)
            .spawn_scoped(scope, move || match op {
                "keygen" => keygen::<P, Compact>(),
                "PKCS#8 decode" => pkcs8_decode::<P>(der),
                "keygen, precomputed" => keygen::<P, Precomputed>(),
                "precompute()" => precompute::<P>(sk),
                "keygen, precomputed (boxed)" => keygen_precomputed_boxed::<P>(),
                "import, precomputed (boxed)" => import_precomputed_boxed::<P>(expanded),
                "PKCS#8 decode, precomputed (boxed)" => pkcs8_decode_precomputed_boxed::<P>(der),
                "sign" => sign(sk),
                "sign, precomputed" => sign(pre),
                "verify" => {
                    if let Some(sig) = sig.as_ref() {
                        verify::<P>(sk, sig);
                    }
                }
                "import" => import::<P>(expanded),
                _ => {}
            });
        worker.is_ok_and(|w| w.join().is_ok())
    })
}

/// Whether `op` runs on `stack` bytes with backend `backend`, in a child
/// process (an overflow kills it, not us).
fn fits(backend: BackendKind, op: &str, params: &str, stack: usize) -> bool {
    std::env::current_exe()
        .and_then(|exe| {
            Command::new(exe)
                .args([op, params, &stack.to_string()])
                .env("MLDSA_BACKEND", backend.name())
                .stderr(std::process::Stdio::null())
                .status()
        })
        .is_ok_and(|s| s.success())
}

/// The smallest stack (to 1 KiB) on which `op` runs.
fn smallest(backend: BackendKind, op: &str, params: &str) -> usize {
    let (mut lo, mut hi) = (4096, 4 << 20);
    while hi - lo > 1024 {
        let mid = (lo + hi) / 2;
        if fits(backend, op, params, mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

fn backends() -> Vec<BackendKind> {
    [
        BackendKind::Portable,
        BackendKind::Avx2,
        BackendKind::Avx512,
        BackendKind::Neon,
    ]
    .into_iter()
    .filter(|b| b.is_available())
    .collect()
}

fn table() {
    println!("| KiB | {} |", OPS.join(" | "));
    println!("|---|{}", "---:|".repeat(OPS.len()));
    for params in PARAMS {
        for backend in backends() {
            let base = smallest(backend, "none", params);
            let row: Vec<String> = OPS
                .iter()
                .map(|op| ((smallest(backend, op, params) - base).div_ceil(1024)).to_string())
                .collect();
            println!(
                "| ML-DSA-{params} {} | {} |",
                backend.name(),
                row.join(" | ")
            );
        }
    }
}

/// One row of the docs' table: parameter set, backend, [(op, KiB)].
type Row = (String, String, Vec<(String, usize)>);

/// The docs' table.
fn documented() -> Vec<Row> {
    let docs = include_str!("../src/lib.rs");
    let mut header: Vec<String> = Vec::new();
    let mut rows = Vec::new();
    for line in docs.lines().filter_map(|l| l.strip_prefix("//! | ")) {
        let cells: Vec<String> = line
            .trim_end_matches('|')
            .split('|')
            .map(|c| c.trim().to_string())
            .collect();
        if cells[0] == "KiB" {
            header = cells[1..].to_vec();
        } else if let Some(name) = cells[0].strip_prefix("ML-DSA-") {
            let (params, backend) = name.split_once(' ').unwrap_or((name, ""));
            let figures = header
                .iter()
                .cloned()
                .zip(cells[1..].iter().map(|c| c.parse().unwrap_or(usize::MAX)))
                .collect();
            rows.push((params.to_string(), backend.to_string(), figures));
        }
    }
    rows
}

fn check() -> bool {
    let rows = documented();
    let mut ok = !rows.is_empty();
    for backend in backends() {
        let mut seen = 0;
        // An empty thread needs the same whatever the parameter set.
        let base = smallest(backend, "none", "44");
        for (params, _, figures) in rows.iter().filter(|r| r.1 == backend.name()) {
            seen += 1;
            for (op, kib) in figures {
                let stack = (kib * 1024).next_multiple_of(4096) + base;
                let fine = *kib <= LIMIT_KIB
                    && OPS.contains(&op.as_str())
                    && fits(backend, op, params, stack);
                println!(
                    "ML-DSA-{params} {:<8} {op:<20} {kib:>4} KiB documented: {}",
                    backend.name(),
                    if fine {
                        "fits"
                    } else {
                        "DOES NOT FIT (or over 128 KiB)"
                    }
                );
                ok &= fine;
            }
        }
        if seen != PARAMS.len() {
            println!("{}: the table has {seen} rows, not 3", backend.name());
            ok = false;
        }
    }
    ok
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("table") => table(),
        Some("check") => {
            return if check() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
        }
        op => {
            let op = op.unwrap_or("none");
            let stack = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1 << 20);
            let ran = match args.get(2).map(String::as_str).unwrap_or("65") {
                "44" => run::<MlDsa44>(op, stack),
                "87" => run::<MlDsa87>(op, stack),
                _ => run::<MlDsa65>(op, stack),
            };
            if !ran {
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
