//! Runs keygen, sign and verify a few times, for profiling with callgrind.
//! `profile_ops <keygen|sign|verify> <44|65|87> <iterations>`

use std::hint::black_box;

use mldsa::{MlDsa44, MlDsa65, MlDsa87, ParameterSet, SigningKey};

fn run<P: ParameterSet>(op: &str, n: u32) {
    let sk = SigningKey::<P>::from_seed(&[7u8; 32]);
    let sig = sk.sign_deterministic(b"m", b"").ok();
    for i in 0..n {
        let msg = i.to_le_bytes();
        match op {
            "keygen" => {
                black_box(SigningKey::<P>::from_seed(&[i as u8; 32]));
            }
            "sign" => {
                black_box(sk.sign_deterministic(&msg, b"").ok());
            }
            _ => {
                if let Some(sig) = sig.as_ref() {
                    black_box(sk.verifying_key().verify(b"m", sig.as_ref(), b"").is_ok());
                }
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let op = args.get(1).map(String::as_str).unwrap_or("sign");
    let n = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10);
    match args.get(2).map(String::as_str).unwrap_or("65") {
        "44" => run::<MlDsa44>(op, n),
        "87" => run::<MlDsa87>(op, n),
        _ => run::<MlDsa65>(op, n),
    }
}
