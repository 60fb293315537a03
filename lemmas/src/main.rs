//! `make lemmas`: runs every lemma, prints one line each, exits 1 if any
//! fails. Arguments select methods: `z3`, `interval` (NTT), `exhaustive`,
//! `model` (the SIMD intrinsic models against this CPU), `composition`
//! (the algorithms' calls against the kernels' preconditions); none runs all.
//! `simd` keeps only the lemmas of the SIMD kernels' source (the models,
//! and the z3 and interval lemmas on them). `reduction-window` sweeps the
//! portable and NEON reductions on a 2^28 window of their domain instead of
//! all of it (`make lemmas-neon`, under qemu: the portable source is swept
//! whole natively, and NEON's lane source is proven by z3 on the models).

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
        // The algorithms' bounds (src/composition.rs).
        "composition",
    ];
    if let Some(bad) = args.iter().find(|a| !known.contains(&a.as_str())) {
        eprintln!("unknown argument {bad}; expected some of {known:?}");
        std::process::exit(2);
    }
    let methods: Vec<&String> = args
        .iter()
        .filter(|a| *a != "reduction-window" && *a != "simd")
        .collect();
    let wants = |m: &str| methods.is_empty() || methods.iter().any(|a| *a == m);
    let simd_only = args.iter().any(|a| a == "simd");
    let reductions = if args.iter().any(|a| a == "reduction-window") {
        Reductions::Window
    } else {
        Reductions::Full
    };
    let mut groups: Vec<Box<dyn Fn() -> Vec<Lemma>>> = Vec::new();
    if wants("z3") {
        #[cfg(feature = "smt")]
        {
            if !simd_only {
                groups.push(Box::new(mldsa_lemmas::smt_lemmas::all));
            }
            groups.push(Box::new(mldsa_lemmas::simd_lemmas::all));
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
        }
        groups.push(Box::new(mldsa_lemmas::simd_ntt::all));
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
    }
    let mut failed = 0;
    let mut total = 0;
    for group in groups {
        for lemma in group() {
            total += 1;
            failed += lemma.result.is_err() as usize;
        }
    }
    println!("{} lemmas, {} failed", total, failed);
    if failed > 0 {
        std::process::exit(1);
    }
}
