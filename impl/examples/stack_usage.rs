//! Runs one operation on a thread with a given stack size, so that
//! `scripts/stack-usage.sh` can find the smallest stack each operation fits
//! in (a thread whose stack is too small dies of a stack overflow).
//!
//! `stack_usage <none|keygen|sign|verify> <44|65|87> <stack bytes>`

use std::hint::black_box;

use mldsa::{MlDsa44, MlDsa65, MlDsa87, ParameterSet, SigningKey};

// Each operation in its own frame: one closure with all three inlined would
// reserve the largest frame (the key keygen returns) for `none` too, and
// the baseline would hide it.
#[inline(never)]
fn keygen<P: ParameterSet>() {
    black_box(SigningKey::<P>::from_seed(black_box(&[7u8; 32])));
}

#[inline(never)]
fn sign<P: ParameterSet>(sk: &SigningKey<P>) {
    black_box(sk.sign_deterministic(black_box(b"stack usage"), b"").ok());
}

#[inline(never)]
fn verify<P: ParameterSet>(sk: &SigningKey<P>, sig: &mldsa::Signature<P>) {
    assert!(
        sk.verifying_key()
            .verify(black_box(b"stack usage"), sig.as_ref(), b"")
            .is_ok()
    );
}

fn run<P: ParameterSet>(op: &str, stack: usize) {
    // Keys and signatures for sign / verify are made on the main thread and
    // borrowed: only the measured operation runs on the small stack.
    let sk = SigningKey::<P>::from_seed(&[7u8; 32]);
    let sig = sk.sign_deterministic(b"stack usage", b"").ok();
    let (sk, sig) = (&sk, &sig);
    let ok = std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .stack_size(stack)
            .spawn_scoped(scope, move || match op {
                "keygen" => keygen::<P>(),
                "sign" => sign::<P>(sk),
                "verify" => {
                    if let Some(sig) = sig.as_ref() {
                        verify::<P>(sk, sig);
                    }
                }
                _ => {}
            });
        worker.is_ok_and(|w| w.join().is_ok())
    });
    if !ok {
        std::process::exit(1);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let op = args.get(1).map(String::as_str).unwrap_or("none");
    let stack = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1 << 20);
    match args.get(2).map(String::as_str).unwrap_or("65") {
        "44" => run::<MlDsa44>(op, stack),
        "87" => run::<MlDsa87>(op, stack),
        _ => run::<MlDsa65>(op, stack),
    }
}
