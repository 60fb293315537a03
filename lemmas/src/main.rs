//! `make lemmas`: runs every lemma, prints one line each, exits 1 if any
//! fails. Arguments select methods: `z3`, `interval` (NTT), `exhaustive`;
//! none runs all three.

use mldsa_lemmas::{Lemma, exhaustive, ntt, smt_lemmas};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let wants = |m: &str| args.is_empty() || args.iter().any(|a| a == m);
    let mut groups: Vec<fn() -> Vec<Lemma>> = Vec::new();
    if wants("z3") {
        groups.push(smt_lemmas::all);
    }
    if wants("interval") {
        groups.push(ntt::all);
    }
    if wants("exhaustive") {
        groups.push(exhaustive::all);
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
