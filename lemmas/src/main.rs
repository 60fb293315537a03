//! `make lemmas`: runs every lemma, prints one line each, exits 1 if any
//! fails. Arguments select methods: `z3`, `interval` (NTT), `exhaustive`,
//! `model` (the SIMD intrinsic models against this CPU), `composition`
//! (the algorithms' calls against the kernels' preconditions); none runs all.
//! `simd` keeps only the lemmas of the SIMD kernels' source (the models,
//! and the z3 and interval lemmas on them). `reduction-window` sweeps the
//! portable and NEON reductions on a 2^28 window of their domain instead of
//! all of it (`make lemmas-neon`, under qemu: the portable source is swept
//! whole natively, and NEON's lane source is proven by z3 on the models).
//! `keccak` keeps only the Keccak lemmas (z3 and model); `small-ntt` only
//! the small NTT mod 7681's (z3, interval and basis, model), `plain` only
//! the plain add / sub / shift_left_d ones (z3, exhaustive).

use mldsa_lemmas::exhaustive::{self, Reductions};
use mldsa_lemmas::{Lemma, ntt};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let known = [
        "z3",
        "interval",
        "exhaustive",
        "model",
        "simd",
        "reduction-window",
        "keccak",
        // Only the small NTT mod 7681's lemmas; only the plain add / sub /
        // shift_left_d ones (each with the methods asked for).
        "small-ntt",
        "plain",
        // The algorithms' bounds (src/composition.rs).
        "composition",
    ];
    if let Some(bad) = args.iter().find(|a| !known.contains(&a.as_str())) {
        eprintln!("unknown argument {bad}; expected some of {known:?}");
        std::process::exit(2);
    }
    let methods: Vec<&String> = args
        .iter()
        .filter(|a| {
            !["reduction-window", "simd", "keccak", "small-ntt", "plain"].contains(&a.as_str())
        })
        .collect();
    let wants = |m: &str| methods.is_empty() || methods.iter().any(|a| *a == m);
    let simd_only = args.iter().any(|a| a == "simd");
    let reductions = if args.iter().any(|a| a == "reduction-window") {
        Reductions::Window
    } else {
        Reductions::Full
    };
    // AVX-512: where the CPU lacks it, one loud line; the groups that need
    // the instructions skip them, or fail under MLDSA_REQUIRE_AVX512=1.
    #[cfg(target_arch = "x86_64")]
    if !mldsa::backend::avx512::available() {
        println!(
            "SKIP avx512: THIS CPU HAS NO AVX-512: its model = CPU checks, sweeps and CPU basis are NOT run (the z3, interval and basis lemmas on its model are)"
        );
    }
    let mut groups: Vec<Box<dyn Fn() -> Vec<Lemma>>> = Vec::new();
    if wants("z3") {
        #[cfg(feature = "smt")]
        {
            if !simd_only {
                groups.push(Box::new(mldsa_lemmas::smt_lemmas::all));
                groups.push(Box::new(mldsa_lemmas::small_smt::portable));
            }
            groups.push(Box::new(mldsa_lemmas::simd_lemmas::all));
            groups.push(Box::new(mldsa_lemmas::small_smt::simd));
            groups.push(Box::new(mldsa_lemmas::plain::simd::all));
        }
        #[cfg(not(feature = "smt"))]
        {
            eprintln!("the z3 lemmas need the `smt` feature (and libz3)");
            if !methods.is_empty() {
                std::process::exit(2);
            }
        }
    }
    if wants("interval") {
        if !simd_only {
            groups.push(Box::new(ntt::all));
            groups.push(Box::new(mldsa_lemmas::small_ntt::portable));
        }
        groups.push(Box::new(mldsa_lemmas::simd_ntt::all));
        groups.push(Box::new(mldsa_lemmas::small_ntt::simd));
    }
    if wants("model") {
        groups.push(Box::new(mldsa_lemmas::model_check::all));
    }
    // The algorithms' bounds: every kernel call of the generic algorithms
    // traced, its arguments' proven ranges against its precondition.
    if wants("composition") && !simd_only {
        groups.push(Box::new(mldsa_lemmas::composition::all));
    }
    if wants("exhaustive") && !simd_only {
        groups.push(Box::new(move || exhaustive::all(reductions)));
        groups.push(Box::new(mldsa_lemmas::plain::sweeps));
    }
    // Keccak-f[1600] = FIPS 202: the z3 lemmas (natively) and the models of
    // the Keccak intrinsics against this CPU. `keccak` keeps only these.
    if args.iter().any(|a| a == "keccak") {
        groups.clear();
    }
    if wants("z3") {
        #[cfg(feature = "smt")]
        groups.push(Box::new(mldsa_lemmas::keccak_lemmas::all));
    }
    if wants("model") {
        groups.push(Box::new(mldsa_lemmas::keccak_model::all));
    }
    // `small-ntt` / `plain`: only those groups.
    let small = args.iter().any(|a| a == "small-ntt");
    let plain = args.iter().any(|a| a == "plain");
    if small || plain {
        groups.clear();
        #[cfg(feature = "smt")]
        if wants("z3") && small {
            groups.push(Box::new(mldsa_lemmas::small_smt::portable));
            groups.push(Box::new(mldsa_lemmas::small_smt::simd));
        }
        #[cfg(feature = "smt")]
        if wants("z3") && plain {
            groups.push(Box::new(mldsa_lemmas::plain::simd::all));
        }
        if wants("interval") && small {
            groups.push(Box::new(mldsa_lemmas::small_ntt::portable));
            groups.push(Box::new(mldsa_lemmas::small_ntt::simd));
        }
        #[cfg(target_arch = "x86_64")]
        if wants("model") && small {
            groups.push(Box::new(mldsa_lemmas::small_model::checks));
        }
        if wants("exhaustive") && plain {
            groups.push(Box::new(mldsa_lemmas::plain::sweeps));
        }
    }
    let mut failed = 0;
    let mut total = 0;
    // Lemmas per method, in the order first met (the README's counts).
    let mut methods: Vec<(&'static str, usize)> = Vec::new();
    for group in groups {
        for lemma in group() {
            total += 1;
            failed += lemma.result.is_err() as usize;
            match methods.iter_mut().find(|(m, _)| *m == lemma.method) {
                Some((_, n)) => *n += 1,
                None => methods.push((lemma.method, 1)),
            }
        }
    }
    let by_method: Vec<String> = methods.iter().map(|(m, n)| format!("{n} {m}")).collect();
    println!("by method: {}", by_method.join(", "));
    println!("{} lemmas, {} failed", total, failed);
    if failed > 0 {
        std::process::exit(1);
    }
}
