//! A small command-line tool over `mldsa`: key generation, signing and
//! verification of files. `make demo` runs it on this repository's README.
//!
//! ```text
//! mldsa keygen <44|65|87> <out-prefix> [seed-hex]   writes <out-prefix>.pk and <out-prefix>.sk
//! mldsa sign   <44|65|87> <sk-file> <file> [ctx]    writes <file>.sig (hedged)
//! mldsa verify <44|65|87> <pk-file> <file> [ctx]    reads <file>.sig; exit 0 valid, 1 invalid
//! ```

use std::process::ExitCode;

use mldsa::{MlDsa44, MlDsa65, MlDsa87, ParameterSet, SigningKey, VerifyingKey};

fn hex_seed(s: &str) -> Result<[u8; 32], String> {
    let bytes: Result<Vec<u8>, _> = (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2).unwrap_or("x"), 16))
        .collect();
    let bytes = bytes.map_err(|_| "the seed must be 64 hex digits".to_string())?;
    <[u8; 32]>::try_from(bytes.as_slice()).map_err(|_| "the seed must be 64 hex digits".to_string())
}

fn read(path: &str) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{path}: {e}"))
}

fn write(path: &str, data: &[u8]) -> Result<(), String> {
    std::fs::write(path, data).map_err(|e| format!("{path}: {e}"))
}

fn run<P: ParameterSet>(args: &[String]) -> Result<bool, String> {
    let arg = |i: usize| {
        args.get(i)
            .map(String::as_str)
            .ok_or_else(|| "missing argument (see --help)".to_string())
    };
    match arg(0)? {
        "keygen" => {
            let sk = match args.get(3) {
                Some(seed) => SigningKey::<P>::from_seed(&hex_seed(seed)?),
                None => SigningKey::<P>::generate_os().map_err(|e| e.to_string())?,
            };
            let prefix = arg(2)?;
            write(&format!("{prefix}.pk"), sk.verifying_key().as_bytes())?;
            write(&format!("{prefix}.sk"), sk.to_expanded_bytes().as_ref())?;
            println!(
                "{}: wrote {prefix}.pk ({} bytes) and {prefix}.sk ({} bytes, expanded)",
                P::NAME,
                P::PK_LEN,
                P::SK_LEN
            );
            Ok(true)
        }
        "sign" => {
            let sk =
                SigningKey::<P>::try_from_expanded(&read(arg(2)?)?).map_err(|e| e.to_string())?;
            let file = arg(3)?;
            let ctx = args.get(4).map(String::as_bytes).unwrap_or(b"");
            let sig = sk.sign(&read(file)?, ctx).map_err(|e| e.to_string())?;
            write(&format!("{file}.sig"), sig.as_ref())?;
            println!(
                "{}: signed {file} -> {file}.sig ({} bytes)",
                P::NAME,
                P::SIG_LEN
            );
            Ok(true)
        }
        "verify" => {
            let vk = VerifyingKey::<P>::try_from(read(arg(2)?)?.as_slice())
                .map_err(|e| e.to_string())?;
            let file = arg(3)?;
            let ctx = args.get(4).map(String::as_bytes).unwrap_or(b"");
            let sig = read(&format!("{file}.sig"))?;
            match vk.verify(&read(file)?, &sig, ctx) {
                Ok(()) => {
                    println!("{}: {file}.sig is a valid signature of {file}", P::NAME);
                    Ok(true)
                }
                Err(e) => {
                    println!("{}: {file}.sig does NOT verify: {e}", P::NAME);
                    Ok(false)
                }
            }
        }
        other => Err(format!("unknown command {other:?} (see --help)")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args[0] == "--help" {
        println!("usage: mldsa keygen|sign|verify <44|65|87> ... (see the source's header)");
        println!("backend: {}", mldsa::selected_backend().name());
        return ExitCode::SUCCESS;
    }
    let result = match args.get(1).map(String::as_str) {
        Some("44") => run::<MlDsa44>(&args),
        Some("65") => run::<MlDsa65>(&args),
        Some("87") => run::<MlDsa87>(&args),
        _ => Err("the second argument must be 44, 65 or 87".to_string()),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("mldsa: {e}");
            ExitCode::from(2)
        }
    }
}
