//! Runs keygen, sign and verify a few times, for profiling with callgrind
//! or qemu's instruction count (`scripts/neon-instructions.sh`).
//! `profile_ops <keygen|sign|verify> <44|65|87> [iterations (default 10)]`

use std::hint::black_box;
use std::process::ExitCode;

use mldsa::{MlDsa44, MlDsa65, MlDsa87, ParameterSet, SigningKey};

#[derive(Clone, Copy)]
enum Op {
    KeyGen,
    Sign,
    Verify,
}

fn run<P: ParameterSet>(op: Op, n: u32) {
    let sk = SigningKey::<P>::from_seed(&[7u8; 32]);
    let sig = sk.sign_deterministic(b"m", b"").ok();
    for i in 0..n {
        let msg = i.to_le_bytes();
        match op {
            Op::KeyGen => {
                black_box(SigningKey::<P>::from_seed(&[i as u8; 32]));
            }
            Op::Sign => {
                black_box(sk.sign_deterministic(&msg, b"").ok());
            }
            Op::Verify => {
                if let Some(sig) = sig.as_ref() {
                    black_box(
                        sk.verifying_key()
                            .verify_with_context(b"m", sig.as_ref(), b"")
                            .is_ok(),
                    );
                }
            }
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let op = match args.get(1).map(String::as_str) {
        Some("keygen") => Op::KeyGen,
        Some("sign") => Op::Sign,
        Some("verify") => Op::Verify,
        _ => return usage(),
    };
    let n = match args.get(3).map(|s| s.parse()) {
        None => 10,
        Some(Ok(n)) => n,
        Some(Err(_)) => return usage(),
    };
    match args.get(2).map(String::as_str) {
        Some("44") => run::<MlDsa44>(op, n),
        Some("65") => run::<MlDsa65>(op, n),
        Some("87") => run::<MlDsa87>(op, n),
        _ => return usage(),
    }
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: profile_ops <keygen|sign|verify> <44|65|87> [iterations]");
    ExitCode::from(2)
}
