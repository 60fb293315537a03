//! `mldsa`: ML-DSA (FIPS 204) keys and signatures from the command line.
//!
//! Keys are RFC 9881 PKCS#8 (private) and SPKI (public), read as PEM or DER;
//! signatures are the raw FIPS 204 encoding. Exit status: 0 success (a valid
//! signature), 1 an invalid signature, 2 an error ([`EXIT_STATUS`]).

use std::ffi::OsString;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use mldsa::const_oid::AssociatedOid;
use mldsa::encoding::{
    Algorithm, EncodingError, PRIVATE_KEY_PEM_LABEL, PUBLIC_KEY_PEM_LABEL, PrivateKeyFormat,
    pem_or_der,
};
use mldsa::{
    MlDsa44, MlDsa65, MlDsa87, Mu, MuBuilder, ParameterSet, PreHash, SigningKey, VerifyingKey,
};
use zeroize::Zeroizing;

/// Read and hash the input in pieces of this size: memory stays fixed
/// whatever the input's size.
const CHUNK: usize = 64 * 1024;
/// Key and signature files are small; refuse to read more than this.
const MAX_SMALL_FILE: u64 = 1 << 20;

/// The rule for exit status 1 against 2, in `--help` and the README.
/// FIPS 204's ML-DSA.Verify returns false, not an error, for a signature of
/// the wrong length (sigDecode fails) as for a forged one: so does `verify`.
/// It is an error only when the check cannot be made as asked.
const EXIT_STATUS: &str = "\
Exit status:
  0  success; for verify, a valid signature
  1  verify only: the signature was read and is not a valid signature of the
     input under this key and context, whatever is wrong with it: its bytes,
     its length (a signature of another parameter set, an empty or truncated
     file, a file over 1 MiB) or the key, message, context or pre-hash it was
     made with (as FIPS 204's ML-DSA.Verify, which returns false for all)
  2  error, nothing decided: bad arguments, a file that cannot be read or
     written, a key file that is not an ML-DSA key, a context over 255 bytes,
     an --external-mu input that is not 64 bytes, a terminal where a message,
     seed, key, signature or mu is read or a private key or binary output
     is written";

/// What `--format` gives whom, in `keygen --help` and the README.
const FORMAT_HELP: &str = "Which RFC 9881 private-key form to write. seed (the default) is the one \
form pyca/cryptography reads today (version 50, checked by `make interop`); \
it refuses expanded and both. OpenSSL 3.5+ documents all three as inputs (not tested here)";

#[derive(Parser)]
#[command(
    name = "mldsa",
    version,
    about = "ML-DSA (FIPS 204) keys and signatures: RFC 9881 PKCS#8 / SPKI keys (PEM or DER), raw signatures",
    after_help = EXIT_STATUS
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Generate a private key (PKCS#8, mode 0600), from the OS generator or a seed file.
    Keygen(KeygenArgs),
    /// Write the public key (SPKI) of a private key.
    Pubkey(PubkeyArgs),
    /// Sign a file or standard input (streamed: memory does not grow with the input).
    Sign(SignArgs),
    /// Verify a signature: exit 0 if valid, 1 if invalid (a wrong length too), 2 if not checked.
    #[command(after_help = EXIT_STATUS)]
    Verify(VerifyArgs),
    /// Print the message representative mu (hex) of a file for a public key (external mu).
    Mu(MuArgs),
}

#[derive(Clone, Copy, ValueEnum)]
enum ParamSet {
    #[value(name = "ML-DSA-44", alias = "44", alias = "ml-dsa-44")]
    MlDsa44,
    #[value(name = "ML-DSA-65", alias = "65", alias = "ml-dsa-65")]
    MlDsa65,
    #[value(name = "ML-DSA-87", alias = "87", alias = "ml-dsa-87")]
    MlDsa87,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// RFC 9881 seed [0]: the 32-byte seed only (recommended; what pyca/cryptography reads)
    Seed,
    /// expandedKey: the expanded private key only, no seed (pyca/cryptography refuses it)
    Expanded,
    /// both: seed and expanded key (pyca/cryptography refuses it)
    Both,
}

#[derive(Clone, Copy, ValueEnum)]
enum PreHashName {
    #[value(name = "SHA2-224")]
    Sha2_224,
    #[value(name = "SHA2-256")]
    Sha2_256,
    #[value(name = "SHA2-384")]
    Sha2_384,
    #[value(name = "SHA2-512")]
    Sha2_512,
    #[value(name = "SHA2-512/224")]
    Sha2_512_224,
    #[value(name = "SHA2-512/256")]
    Sha2_512_256,
    #[value(name = "SHA3-224")]
    Sha3_224,
    #[value(name = "SHA3-256")]
    Sha3_256,
    #[value(name = "SHA3-384")]
    Sha3_384,
    #[value(name = "SHA3-512")]
    Sha3_512,
    #[value(name = "SHAKE-128")]
    Shake128,
    #[value(name = "SHAKE-256")]
    Shake256,
}

#[derive(Args)]
struct KeygenArgs {
    /// Parameter set.
    #[arg(short = 'a', long = "algorithm", value_name = "ALG")]
    algorithm: ParamSet,
    #[arg(long, value_enum, default_value = "seed", help = FORMAT_HELP)]
    format: Format,
    /// Take the 32-byte seed (raw, or 64 hex digits) from this file ('-' for
    /// standard input) instead of the OS generator. Never from an argument.
    #[arg(long, value_name = "FILE")]
    seed_file: Option<PathBuf>,
    /// Write DER instead of PEM.
    #[arg(long)]
    der: bool,
    /// Replace an existing output file.
    #[arg(long)]
    force: bool,
    /// The private key file to create (mode 0600); '-' writes it to standard
    /// output, which must not be a terminal (pipe it: `-o - | ...`).
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    out: PathBuf,
}

#[derive(Args)]
struct PubkeyArgs {
    /// The private key (PKCS#8, PEM or DER).
    key: PathBuf,
    /// Output file (standard output if absent).
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    out: Option<PathBuf>,
    /// Write DER instead of PEM.
    #[arg(long)]
    der: bool,
    /// Replace an existing output file.
    #[arg(long)]
    force: bool,
}

#[derive(Args)]
struct ContextArgs {
    /// Context string (at most 255 bytes).
    #[arg(long, value_name = "STR", conflicts_with = "context_hex")]
    context: Option<String>,
    /// Context string in hex (at most 255 bytes).
    #[arg(long, value_name = "HEX")]
    context_hex: Option<String>,
}

#[derive(Args)]
struct SignArgs {
    /// The private key (PKCS#8, PEM or DER); it gives the parameter set.
    #[arg(short = 'k', long = "key", value_name = "FILE")]
    key: PathBuf,
    #[command(flatten)]
    context: ContextArgs,
    /// Deterministic signing (rnd = 0) instead of hedged (rnd from the OS).
    #[arg(long)]
    deterministic: bool,
    /// HashML-DSA with this pre-hash function instead of pure ML-DSA.
    #[arg(long, value_enum, value_name = "HASH", conflicts_with = "external_mu")]
    prehash: Option<PreHashName>,
    /// The input is a 64-byte mu (raw or 128 hex digits), computed elsewhere
    /// (its context is part of it).
    #[arg(long, conflicts_with_all = ["context", "context_hex"])]
    external_mu: bool,
    /// Signature file (standard output if absent, not a terminal).
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    out: Option<PathBuf>,
    /// Replace an existing output file.
    #[arg(long)]
    force: bool,
    /// The input file ('-' or absent: standard input).
    input: Option<PathBuf>,
}

#[derive(Args)]
struct VerifyArgs {
    /// The public key (SPKI, PEM or DER); it gives the parameter set.
    #[arg(short = 'p', long = "pubkey", value_name = "FILE")]
    pubkey: PathBuf,
    /// The signature file (raw FIPS 204 signature).
    #[arg(short = 's', long = "signature", value_name = "FILE")]
    signature: PathBuf,
    #[command(flatten)]
    context: ContextArgs,
    /// HashML-DSA with this pre-hash function instead of pure ML-DSA.
    #[arg(long, value_enum, value_name = "HASH", conflicts_with = "external_mu")]
    prehash: Option<PreHashName>,
    /// The input is a 64-byte mu (raw or 128 hex digits).
    #[arg(long, conflicts_with_all = ["context", "context_hex"])]
    external_mu: bool,
    /// The input file ('-' or absent: standard input).
    input: Option<PathBuf>,
}

#[derive(Args)]
struct MuArgs {
    /// The public key (SPKI, PEM or DER).
    #[arg(short = 'p', long = "pubkey", value_name = "FILE")]
    pubkey: PathBuf,
    #[command(flatten)]
    context: ContextArgs,
    /// The input file ('-' or absent: standard input).
    input: Option<PathBuf>,
}

/// A failure: exit status 2 with this message.
struct Failure(String);

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn fail<T>(msg: impl Into<String>) -> Result<T, Failure> {
    Err(Failure(msg.into()))
}

/// How a path is shown in messages ('-' is standard input).
fn shown(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

fn io_failure(path: &Path, what: &str, e: &io::Error) -> Failure {
    Failure(format!("{}: cannot {what}: {e}", shown(path)))
}

/// What the program concluded.
enum Outcome {
    Done,
    Invalid,
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version print and exit 0; usage errors exit 2.
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let outcome = match cli.command {
        Command::Keygen(a) => keygen(&a),
        Command::Pubkey(a) => pubkey(&a),
        Command::Sign(a) => sign(&a),
        Command::Verify(a) => verify(&a),
        Command::Mu(a) => mu(&a),
    };
    match outcome {
        Ok(Outcome::Done) => ExitCode::SUCCESS,
        Ok(Outcome::Invalid) => ExitCode::from(1),
        Err(Failure(msg)) => {
            let _ = writeln!(io::stderr(), "mldsa: {msg}");
            ExitCode::from(2)
        }
    }
}

// ---------------------------------------------------------------- inputs

/// Standard input, unless it is a terminal: a message (or a seed, key or
/// mu) typed there would be read until end of file without a prompt, and a
/// secret would be echoed. Piping it through `cat` types it on purpose.
fn stdin_not_terminal(what: &str) -> Result<io::StdinLock<'static>, Failure> {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        return fail(format!(
            "<stdin>: expected the {what} from a file or a pipe, found a terminal \
             (give a FILE, or redirect: < FILE; to type it on purpose: cat | mldsa ...)"
        ));
    }
    Ok(stdin.lock())
}

/// An input stream: a file, or standard input for '-' / absent.
fn open_input(path: Option<&Path>) -> Result<(Box<dyn Read>, PathBuf), Failure> {
    match path {
        None => Ok((Box::new(stdin_not_terminal("message")?), PathBuf::from("-"))),
        Some(p) if p == Path::new("-") => {
            Ok((Box::new(stdin_not_terminal("message")?), p.to_path_buf()))
        }
        Some(p) => {
            let file = File::open(p).map_err(|e| io_failure(p, "open the input", &e))?;
            if file.metadata().map(|m| m.is_dir()).unwrap_or(false) {
                return fail(format!("{}: expected a file, found a directory", shown(p)));
            }
            Ok((Box::new(file), p.to_path_buf()))
        }
    }
}

/// Reads the whole input through `sink` in fixed-size pieces.
fn stream(path: Option<&Path>, mut sink: impl FnMut(&[u8])) -> Result<(), Failure> {
    let (mut reader, shown_path) = open_input(path)?;
    let mut buf = vec![0u8; CHUNK];
    loop {
        match reader.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => sink(&buf[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(io_failure(&shown_path, "read the input", &e)),
        }
    }
}

/// A small file (key, seed, signature, mu), read whole; '-' is standard input.
fn read_small(path: &Path, what: &str) -> Result<Zeroizing<Vec<u8>>, Failure> {
    let data = read_at_most(path, what)?;
    if data.len() as u64 > MAX_SMALL_FILE {
        return fail(format!(
            "{}: expected the {what} (a few KiB), found more than 1 MiB",
            shown(path)
        ));
    }
    Ok(data)
}

/// At most `MAX_SMALL_FILE` + 1 bytes of a file; '-' is standard input.
fn read_at_most(path: &Path, what: &str) -> Result<Zeroizing<Vec<u8>>, Failure> {
    let mut data = Zeroizing::new(Vec::new());
    let result = if path == Path::new("-") {
        stdin_not_terminal(what)?
            .take(MAX_SMALL_FILE + 1)
            .read_to_end(&mut data)
    } else {
        let file =
            File::open(path).map_err(|e| io_failure(path, &format!("open the {what}"), &e))?;
        if file.metadata().map(|m| m.is_dir()).unwrap_or(false) {
            return fail(format!(
                "{}: expected the {what}, found a directory",
                shown(path)
            ));
        }
        file.take(MAX_SMALL_FILE + 1).read_to_end(&mut data)
    };
    result.map_err(|e| io_failure(path, &format!("read the {what}"), &e))?;
    Ok(data)
}

fn hex_decode(text: &str) -> Option<Vec<u8>> {
    let text = text.trim();
    if text.len() & 1 == 1 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

fn hex_encode(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Exactly `len` bytes, given raw or as 2 * `len` hex digits (whitespace around).
fn raw_or_hex(data: &[u8], len: usize) -> Option<Zeroizing<Vec<u8>>> {
    if data.len() == len {
        return Some(Zeroizing::new(data.to_vec()));
    }
    let text = std::str::from_utf8(data).ok()?;
    let bytes = Zeroizing::new(hex_decode(text)?);
    (bytes.len() == len).then_some(bytes)
}

fn context(args: &ContextArgs) -> Result<Vec<u8>, Failure> {
    let ctx = match (&args.context, &args.context_hex) {
        (Some(s), _) => s.as_bytes().to_vec(),
        (None, Some(h)) => match hex_decode(h) {
            Some(bytes) => bytes,
            None => return fail(format!("--context-hex: expected hex digits, found {h:?}")),
        },
        (None, None) => Vec::new(),
    };
    if ctx.len() > 255 {
        return fail(format!(
            "context: expected at most 255 bytes, found {} bytes",
            ctx.len()
        ));
    }
    Ok(ctx)
}

/// What a key file that failed to decode contains, for the message.
fn describe_found(data: &[u8]) -> String {
    match pem_label(data) {
        Some(Ok(label)) => format!("PEM labelled \"{label}\""),
        Some(Err(())) => "malformed PEM".to_string(),
        None if data.is_empty() => "an empty file".to_string(),
        None => format!("{} bytes that are neither PEM nor DER", data.len()),
    }
}

/// The label of a file that starts as PEM: `None` if it does not.
fn pem_label(data: &[u8]) -> Option<Result<&str, ()>> {
    let text = std::str::from_utf8(data).ok().map(str::trim_start)?;
    text.starts_with("-----BEGIN")
        .then(|| mldsa::der::pem::decode_label(text.as_bytes()).map_err(|_| ()))
}

/// The algorithm OID of a DER PKCS#8 private key or SPKI public key, with
/// its name when it is a common one.
fn algorithm_found(der: &[u8]) -> Option<String> {
    use mldsa::der::Decode;
    let oid = match mldsa::pkcs8::PrivateKeyInfoRef::from_der(der) {
        Ok(info) => info.algorithm.oid,
        Err(_) => {
            mldsa::spki::SubjectPublicKeyInfoRef::from_der(der)
                .ok()?
                .algorithm
                .oid
        }
    };
    let dotted = oid.to_string();
    let name = match dotted.as_str() {
        "1.3.101.110" => Some("X25519"),
        "1.3.101.111" => Some("X448"),
        "1.3.101.112" => Some("Ed25519"),
        "1.3.101.113" => Some("Ed448"),
        "1.2.840.113549.1.1.1" => Some("RSA"),
        "1.2.840.113549.1.1.10" => Some("RSASSA-PSS"),
        "1.2.840.10045.2.1" => Some("EC"),
        "1.2.840.10040.4.1" => Some("DSA"),
        "2.16.840.1.101.3.4.3.32" => Some("HashML-DSA-44 with SHA-512"),
        "2.16.840.1.101.3.4.3.33" => Some("HashML-DSA-65 with SHA-512"),
        "2.16.840.1.101.3.4.3.34" => Some("HashML-DSA-87 with SHA-512"),
        "2.16.840.1.101.3.4.4.1" => Some("ML-KEM-512"),
        "2.16.840.1.101.3.4.4.2" => Some("ML-KEM-768"),
        "2.16.840.1.101.3.4.4.3" => Some("ML-KEM-1024"),
        d if d.starts_with("2.16.840.1.101.3.4.3.") => match d[21..].parse::<u32>() {
            Ok(20..=31) => Some("SLH-DSA"),
            _ => None,
        },
        _ => None,
    };
    Some(match name {
        Some(name) => format!("a key of another algorithm, OID {dotted} ({name})"),
        None => format!("a key of another algorithm, OID {dotted}"),
    })
}

/// `data` is the file as read, `der` its DER (after PEM decoding) if known.
fn encoding_failure(
    path: &Path,
    expected: &str,
    data: &[u8],
    der: Option<&[u8]>,
    e: mldsa::Error,
) -> Failure {
    let found = match e {
        mldsa::Error::Encoding(EncodingError::WrongPemLabel { .. })
        | mldsa::Error::Encoding(EncodingError::MalformedPem) => describe_found(data),
        mldsa::Error::Encoding(EncodingError::MalformedDer) => match pem_label(data) {
            Some(Ok(label)) => format!("PEM labelled \"{label}\" whose contents are not valid DER"),
            _ => describe_found(data),
        },
        mldsa::Error::Encoding(EncodingError::UnknownAlgorithm) => der
            .and_then(algorithm_found)
            .unwrap_or_else(|| e.to_string()),
        mldsa::Error::MalformedKey => {
            "an expanded key that fails validation (s1, s2, t0 or tr)".to_string()
        }
        other => other.to_string(),
    };
    Failure(format!(
        "{}: expected {expected}, found {found}",
        shown(path)
    ))
}

/// A kind of key file: what it is called, what is expected of it, its PEM
/// label, and the parser of its DER that tells the parameter set.
struct KeyFile {
    what: &'static str,
    expected: &'static str,
    label: &'static str,
    algorithm: fn(&[u8]) -> Result<Algorithm, mldsa::Error>,
}

const PRIVATE_KEY: KeyFile = KeyFile {
    what: "private key",
    expected: "an ML-DSA private key (PKCS#8, PEM \"PRIVATE KEY\" or DER)",
    label: PRIVATE_KEY_PEM_LABEL,
    algorithm: Algorithm::of_pkcs8_der,
};

const PUBLIC_KEY: KeyFile = KeyFile {
    what: "public key",
    expected: "an ML-DSA public key (SPKI, PEM \"PUBLIC KEY\" or DER)",
    label: PUBLIC_KEY_PEM_LABEL,
    algorithm: Algorithm::of_spki_der,
};

impl KeyFile {
    /// The key file's DER and parameter set.
    fn load(&self, path: &Path) -> Result<(Zeroizing<Vec<u8>>, Algorithm), Failure> {
        let data = read_small(path, self.what)?;
        let der = pem_or_der(&data, self.label)
            .map_err(|e| encoding_failure(path, self.expected, &data, None, e))?;
        let alg = (self.algorithm)(&der)
            .map_err(|e| encoding_failure(path, self.expected, &data, Some(&der), e))?;
        Ok((der, alg))
    }
}

fn decode_private<P: ParameterSet + AssociatedOid>(
    path: &Path,
    der: &[u8],
) -> Result<Box<SigningKey<P>>, Failure> {
    SigningKey::<P>::decode_pkcs8_der_boxed(der)
        .map_err(|e| encoding_failure(path, PRIVATE_KEY.expected, der, Some(der), e))
}

fn decode_public<P: ParameterSet + AssociatedOid>(
    path: &Path,
    der: &[u8],
) -> Result<VerifyingKey<P>, Failure> {
    VerifyingKey::<P>::decode_spki_der(der)
        .map_err(|e| encoding_failure(path, PUBLIC_KEY.expected, der, Some(der), e))
}

// --------------------------------------------------------------- outputs

/// Where output goes: a new file (0600 for secrets), or standard output.
fn write_output(
    out: Option<&Path>,
    bytes: &[u8],
    secret: bool,
    force: bool,
    binary: bool,
) -> Result<(), Failure> {
    let Some(path) = out.filter(|p| *p != Path::new("-")) else {
        let mut stdout = io::stdout().lock();
        if secret && stdout.is_terminal() {
            return fail(
                "standard output: expected a file or a pipe for a private key, found a terminal \
                 (use -o FILE; to print it on purpose: -o - | cat)",
            );
        }
        if binary && stdout.is_terminal() {
            return fail(
                "standard output: expected a file or a pipe for binary output, found a terminal (use -o FILE)",
            );
        }
        return stdout
            .write_all(bytes)
            .and_then(|()| stdout.flush())
            .map_err(|e| io_failure(Path::new("<stdout>"), "write", &e));
    };
    if !force && fs::symlink_metadata(path).is_ok() {
        return fail(format!(
            "{}: expected a new file, found an existing one (use --force to replace it)",
            shown(path)
        ));
    }
    // Written to a new file next to the target, then renamed over it: the
    // target is never left half-written, and a secret is never readable by
    // others, even for a moment.
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut tmp_name = OsString::from(".");
    tmp_name.push(path.file_name().unwrap_or_default());
    tmp_name.push(format!(".tmp{}", std::process::id()));
    let tmp = dir.join(tmp_name);
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(if secret { 0o600 } else { 0o644 });
    }
    #[cfg(not(unix))]
    let _ = secret;
    let result = options
        .open(&tmp)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
        .and_then(|()| {
            if force {
                fs::rename(&tmp, path)
            } else {
                // No replacing: a hard link fails if the target appeared meanwhile.
                fs::hard_link(&tmp, path).and_then(|()| fs::remove_file(&tmp))
            }
        });
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        if e.kind() == io::ErrorKind::AlreadyExists {
            return fail(format!(
                "{}: expected a new file, found an existing one (use --force to replace it)",
                shown(path)
            ));
        }
        return Err(io_failure(path, "write", &e));
    }
    Ok(())
}

// -------------------------------------------------------------- commands

fn keygen(args: &KeygenArgs) -> Result<Outcome, Failure> {
    let mut seed = Zeroizing::new([0u8; 32]);
    match &args.seed_file {
        Some(path) => {
            let data = read_small(path, "seed")?;
            match raw_or_hex(&data, 32) {
                Some(bytes) => seed.copy_from_slice(&bytes),
                None => {
                    return fail(format!(
                        "{}: expected a 32-byte seed (raw, or 64 hex digits), found {} bytes",
                        shown(path),
                        data.len()
                    ));
                }
            }
        }
        None => getrandom::fill(seed.as_mut())
            .map_err(|e| Failure(format!("the OS random generator failed: {e}")))?,
    }
    let format = match args.format {
        Format::Seed => PrivateKeyFormat::Seed,
        Format::Expanded => PrivateKeyFormat::Expanded,
        Format::Both => PrivateKeyFormat::Both,
    };
    let encoded = match args.algorithm {
        ParamSet::MlDsa44 => encode_private::<MlDsa44>(&seed, format, args.der),
        ParamSet::MlDsa65 => encode_private::<MlDsa65>(&seed, format, args.der),
        ParamSet::MlDsa87 => encode_private::<MlDsa87>(&seed, format, args.der),
    }?;
    write_output(Some(&args.out), &encoded, true, args.force, args.der)?;
    Ok(Outcome::Done)
}

fn encode_private<P: ParameterSet + AssociatedOid>(
    seed: &[u8; 32],
    format: PrivateKeyFormat,
    der: bool,
) -> Result<Zeroizing<Vec<u8>>, Failure> {
    let sk = SigningKey::<P>::from_seed_boxed(seed);
    let encoded = if der {
        sk.pkcs8_der(format).map(|d| d.as_bytes().to_vec())
    } else {
        sk.pkcs8_pem(format).map(|p| p.as_bytes().to_vec())
    };
    encoded
        .map(Zeroizing::new)
        .map_err(|e| Failure(format!("encoding the key: {e}")))
}

fn pubkey(args: &PubkeyArgs) -> Result<Outcome, Failure> {
    let (der, alg) = PRIVATE_KEY.load(&args.key)?;
    let encoded = match alg {
        Algorithm::MlDsa44 => {
            encode_public(&*decode_private::<MlDsa44>(&args.key, &der)?, args.der)
        }
        Algorithm::MlDsa65 => {
            encode_public(&*decode_private::<MlDsa65>(&args.key, &der)?, args.der)
        }
        Algorithm::MlDsa87 => {
            encode_public(&*decode_private::<MlDsa87>(&args.key, &der)?, args.der)
        }
    }?;
    write_output(args.out.as_deref(), &encoded, false, args.force, args.der)?;
    Ok(Outcome::Done)
}

fn encode_public<P: ParameterSet + AssociatedOid>(
    sk: &SigningKey<P>,
    der: bool,
) -> Result<Vec<u8>, Failure> {
    let vk = sk.verifying_key();
    let encoded = if der {
        vk.spki_der().map(|d| d.as_bytes().to_vec())
    } else {
        vk.spki_pem().map(String::into_bytes)
    };
    encoded.map_err(|e| Failure(format!("encoding the public key: {e}")))
}

/// The message's representative, the way the flags say.
enum Message {
    Pure(Vec<u8>),
    PreHash(PreHash, Vec<u8>),
    ExternalMu,
}

fn message_mode(
    ctx: &ContextArgs,
    prehash: Option<PreHashName>,
    external_mu: bool,
) -> Result<Message, Failure> {
    let ctx = context(ctx)?;
    Ok(match (prehash, external_mu) {
        (_, true) => Message::ExternalMu,
        (Some(ph), false) => Message::PreHash(pre_hash(ph), ctx),
        (None, false) => Message::Pure(ctx),
    })
}

fn pre_hash(name: PreHashName) -> PreHash {
    match name {
        PreHashName::Sha2_224 => PreHash::Sha2_224,
        PreHashName::Sha2_256 => PreHash::Sha2_256,
        PreHashName::Sha2_384 => PreHash::Sha2_384,
        PreHashName::Sha2_512 => PreHash::Sha2_512,
        PreHashName::Sha2_512_224 => PreHash::Sha2_512_224,
        PreHashName::Sha2_512_256 => PreHash::Sha2_512_256,
        PreHashName::Sha3_224 => PreHash::Sha3_224,
        PreHashName::Sha3_256 => PreHash::Sha3_256,
        PreHashName::Sha3_384 => PreHash::Sha3_384,
        PreHashName::Sha3_512 => PreHash::Sha3_512,
        PreHashName::Shake128 => PreHash::Shake128,
        PreHashName::Shake256 => PreHash::Shake256,
    }
}

/// PH(M) of the streamed input.
fn stream_digest(ph: PreHash, input: Option<&Path>) -> Result<Vec<u8>, Failure> {
    use sha2::Digest;
    use sha3::digest::{ExtendableOutput, Update, XofReader};
    fn fixed<D: Digest>(input: Option<&Path>) -> Result<Vec<u8>, Failure> {
        let mut h = D::new();
        stream(input, |piece| Digest::update(&mut h, piece))?;
        Ok(h.finalize().to_vec())
    }
    fn xof<X: Default + Update + ExtendableOutput>(
        input: Option<&Path>,
        len: usize,
    ) -> Result<Vec<u8>, Failure> {
        let mut h = X::default();
        stream(input, |piece| h.update(piece))?;
        let mut out = vec![0u8; len];
        h.finalize_xof().read(&mut out);
        Ok(out)
    }
    match ph {
        PreHash::Sha2_224 => fixed::<sha2::Sha224>(input),
        PreHash::Sha2_256 => fixed::<sha2::Sha256>(input),
        PreHash::Sha2_384 => fixed::<sha2::Sha384>(input),
        PreHash::Sha2_512 => fixed::<sha2::Sha512>(input),
        PreHash::Sha2_512_224 => fixed::<sha2::Sha512_224>(input),
        PreHash::Sha2_512_256 => fixed::<sha2::Sha512_256>(input),
        PreHash::Sha3_224 => fixed::<sha3::Sha3_224>(input),
        PreHash::Sha3_256 => fixed::<sha3::Sha3_256>(input),
        PreHash::Sha3_384 => fixed::<sha3::Sha3_384>(input),
        PreHash::Sha3_512 => fixed::<sha3::Sha3_512>(input),
        PreHash::Shake128 => xof::<sha3::Shake128>(input, 32),
        PreHash::Shake256 => xof::<sha3::Shake256>(input, 64),
    }
}

/// mu of the streamed input for pure ML-DSA.
fn stream_mu<P: ParameterSet>(
    vk: &VerifyingKey<P>,
    ctx: &[u8],
    input: Option<&Path>,
) -> Result<Mu, Failure> {
    let mut builder = MuBuilder::new(vk, ctx).map_err(|e| Failure(format!("context: {e}")))?;
    stream(input, |piece| {
        builder.update(piece);
    })?;
    Ok(builder.finalize())
}

fn read_mu(input: Option<&Path>) -> Result<Mu, Failure> {
    let path = input.unwrap_or(Path::new("-"));
    let data = read_small(path, "mu")?;
    match raw_or_hex(&data, 64) {
        Some(bytes) => Mu::try_from(&bytes[..]).map_err(|e| Failure(e.to_string())),
        None => fail(format!(
            "{}: expected a 64-byte mu (raw, or 128 hex digits), found {} bytes",
            shown(path),
            data.len()
        )),
    }
}

fn sign(args: &SignArgs) -> Result<Outcome, Failure> {
    let (der, alg) = PRIVATE_KEY.load(&args.key)?;
    let mode = message_mode(&args.context, args.prehash, args.external_mu)?;
    let sig = match alg {
        Algorithm::MlDsa44 => sign_with(&*decode_private::<MlDsa44>(&args.key, &der)?, args, &mode),
        Algorithm::MlDsa65 => sign_with(&*decode_private::<MlDsa65>(&args.key, &der)?, args, &mode),
        Algorithm::MlDsa87 => sign_with(&*decode_private::<MlDsa87>(&args.key, &der)?, args, &mode),
    }?;
    write_output(args.out.as_deref(), &sig, false, args.force, true)?;
    Ok(Outcome::Done)
}

fn sign_with<P: ParameterSet>(
    sk: &SigningKey<P>,
    args: &SignArgs,
    mode: &Message,
) -> Result<Vec<u8>, Failure> {
    let mut rnd = Zeroizing::new([0u8; 32]);
    if !args.deterministic {
        getrandom::fill(rnd.as_mut())
            .map_err(|e| Failure(format!("the OS random generator failed: {e}")))?;
    }
    let input = args.input.as_deref();
    let sig = match mode {
        Message::Pure(ctx) => sk.sign_mu(&stream_mu(sk.verifying_key(), ctx, input)?, &rnd),
        Message::ExternalMu => sk.sign_mu(&read_mu(input)?, &rnd),
        Message::PreHash(ph, ctx) => {
            let digest = stream_digest(*ph, input)?;
            sk.sign_prehash_digest(*ph, &digest, ctx, &rnd)
                .map_err(|e| Failure(format!("signing: {e}")))?
        }
    };
    Ok(sig.as_ref().to_vec())
}

fn verify(args: &VerifyArgs) -> Result<Outcome, Failure> {
    let (der, alg) = PUBLIC_KEY.load(&args.pubkey)?;
    let mode = message_mode(&args.context, args.prehash, args.external_mu)?;
    // Any length is read (up to 1 MiB and one byte): a wrong one makes the
    // signature invalid, not the run an error (EXIT_STATUS).
    let sig = read_at_most(&args.signature, "signature")?;
    let verdict = match alg {
        Algorithm::MlDsa44 => verify_with(
            &decode_public::<MlDsa44>(&args.pubkey, &der)?,
            args,
            &mode,
            &sig,
        ),
        Algorithm::MlDsa65 => verify_with(
            &decode_public::<MlDsa65>(&args.pubkey, &der)?,
            args,
            &mode,
            &sig,
        ),
        Algorithm::MlDsa87 => verify_with(
            &decode_public::<MlDsa87>(&args.pubkey, &der)?,
            args,
            &mode,
            &sig,
        ),
    }?;
    let input = args.input.as_deref().map_or("<stdin>".to_string(), shown);
    match verdict {
        Verdict::Valid => {
            println!("{input}: valid {} signature", alg.name());
            Ok(Outcome::Done)
        }
        Verdict::Invalid => {
            println!("{input}: INVALID {} signature", alg.name());
            Ok(Outcome::Invalid)
        }
        Verdict::WrongLength(expected) => {
            let found = if sig.len() as u64 > MAX_SMALL_FILE {
                "more than 1 MiB".to_string()
            } else {
                format!("{} bytes", sig.len())
            };
            println!(
                "{input}: INVALID {} signature ({}: expected {expected} bytes, found {found})",
                alg.name(),
                shown(&args.signature),
            );
            Ok(Outcome::Invalid)
        }
    }
}

/// What verification concluded.
enum Verdict {
    Valid,
    Invalid,
    /// Not the parameter set's signature length (given): invalid, as FIPS
    /// 204's sigDecode makes it, with the lengths in the message.
    WrongLength(usize),
}

fn verify_with<P: ParameterSet>(
    vk: &VerifyingKey<P>,
    args: &VerifyArgs,
    mode: &Message,
    sig: &[u8],
) -> Result<Verdict, Failure> {
    let input = args.input.as_deref();
    let result = match mode {
        Message::Pure(ctx) => vk.verify_mu(&stream_mu(vk, ctx, input)?, sig),
        Message::ExternalMu => vk.verify_mu(&read_mu(input)?, sig),
        Message::PreHash(ph, ctx) => {
            let digest = stream_digest(*ph, input)?;
            vk.verify_prehash_digest(*ph, &digest, sig, ctx)
        }
    };
    Ok(match result {
        Ok(()) => Verdict::Valid,
        Err(_) if sig.len() != P::SIG_LEN => Verdict::WrongLength(P::SIG_LEN),
        Err(_) => Verdict::Invalid,
    })
}

fn mu(args: &MuArgs) -> Result<Outcome, Failure> {
    let (der, alg) = PUBLIC_KEY.load(&args.pubkey)?;
    let ctx = context(&args.context)?;
    let input = args.input.as_deref();
    let mu = match alg {
        Algorithm::MlDsa44 => {
            stream_mu(&decode_public::<MlDsa44>(&args.pubkey, &der)?, &ctx, input)
        }
        Algorithm::MlDsa65 => {
            stream_mu(&decode_public::<MlDsa65>(&args.pubkey, &der)?, &ctx, input)
        }
        Algorithm::MlDsa87 => {
            stream_mu(&decode_public::<MlDsa87>(&args.pubkey, &der)?, &ctx, input)
        }
    }?;
    println!("{}", hex_encode(mu.as_bytes()));
    Ok(Outcome::Done)
}
