//! The `mldsa` binary end to end: every command, and every bad input gets
//! exit status 2 and a message naming the file, what was expected and what
//! was found; a signature that is not valid, whatever its length, exit
//! status 1. The terminal cases run the command on a pseudo-terminal
//! (util-linux `script`).

use std::ffi::OsStr;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const SEED: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

/// A fresh directory under the target directory, removed at the end.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("cli-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Dir(dir)
    }
    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
    fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let p = self.path(name);
        fs::write(&p, bytes).unwrap();
        p
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn run<I, S>(args: I, stdin: &[u8]) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut child = Command::new(env!("CARGO_BIN_EXE_mldsa"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Exit status 2, and the message contains every one of `parts`.
#[track_caller]
fn fails_with(out: &Output, parts: &[&str]) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    for part in parts {
        assert!(err.contains(part), "{part:?} not in {err:?}");
    }
    assert!(!err.contains("panicked"), "{err}");
}

#[track_caller]
fn ok(out: &Output) {
    assert_eq!(out.status.code(), Some(0), "stderr: {}", stderr(out));
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// keygen from a seed file, pubkey, sign and verify.
fn setup(dir: &Dir, alg: &str) -> (PathBuf, PathBuf) {
    let seed = dir.write("seed", SEED.as_bytes());
    let key = dir.path("key.pem");
    ok(&keygen(alg, &["--seed-file", s(&seed), "-o", s(&key)]));
    let public = dir.path("key.pub.pem");
    ok(&run(["pubkey", s(&key), "-o", s(&public)], b""));
    (key, public)
}

/// `setup`, then the message "m" signed into "sig": (key, public, msg, sig).
fn signed(dir: &Dir, alg: &str) -> (PathBuf, PathBuf, PathBuf, PathBuf) {
    let (key, public) = setup(dir, alg);
    let msg = dir.write("msg", b"m");
    let sig = dir.path("sig");
    ok(&sign(&key, &["-o", s(&sig), s(&msg)]));
    (key, public, msg, sig)
}

/// `mldsa` with `command` then `args`, nothing on standard input.
fn run_with<S: AsRef<OsStr>>(command: &[&OsStr], args: &[S]) -> Output {
    let args = args.iter().map(AsRef::as_ref);
    run(command.iter().copied().chain(args), b"")
}

/// `mldsa keygen -a ALG ARGS...`
fn keygen<S: AsRef<OsStr>>(alg: &str, args: &[S]) -> Output {
    let o = OsStr::new;
    run_with(&[o("keygen"), o("-a"), o(alg)], args)
}

/// `mldsa sign -k KEY ARGS...`
fn sign<S: AsRef<OsStr>>(key: &Path, args: &[S]) -> Output {
    let o = OsStr::new;
    run_with(&[o("sign"), o("-k"), key.as_os_str()], args)
}

/// `mldsa verify -p PUBLIC -s SIG ARGS...`
fn verify<S: AsRef<OsStr>>(public: &Path, sig: &Path, args: &[S]) -> Output {
    let o = OsStr::new;
    let command = [
        o("verify"),
        o("-p"),
        public.as_os_str(),
        o("-s"),
        sig.as_os_str(),
    ];
    run_with(&command, args)
}

/// On Unix, the file's mode is 0600: its owner's alone.
#[track_caller]
fn assert_owner_only(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            fs::metadata(path).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
    #[cfg(not(unix))]
    let _ = path;
}

const PRIVATE: &str = "expected an ML-DSA private key";
const PUBLIC: &str = "expected an ML-DSA public key";

#[test]
fn round_trip_every_parameter_set_pem_and_der() {
    let dir = Dir::new("round-trip");
    for alg in ["ML-DSA-44", "ML-DSA-65", "ML-DSA-87"] {
        for der in [false, true] {
            let key = dir.path(&format!("{alg}-{der}.key"));
            let public = dir.path(&format!("{alg}-{der}.pub"));
            let sig = dir.path(&format!("{alg}-{der}.sig"));
            let msg = dir.write("msg", b"a message");
            let der_flag: &[&str] = if der { &["--der"] } else { &[] };
            ok(&keygen(alg, &[&["-o", s(&key)], der_flag].concat()));
            ok(&run(
                [&["pubkey", s(&key), "-o", s(&public)], der_flag].concat(),
                b"",
            ));
            let head = fs::read(&key).unwrap();
            assert_eq!(head.starts_with(b"-----BEGIN PRIVATE KEY-----"), !der);
            ok(&sign(&key, &["-o", s(&sig), s(&msg)]));
            let out = verify(&public, &sig, &[s(&msg)]);
            ok(&out);
            assert!(
                String::from_utf8_lossy(&out.stdout).contains(&format!("valid {alg} signature"))
            );
            let other = dir.write("other", b"another message");
            let out = verify(&public, &sig, &[s(&other)]);
            assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        }
    }
}

#[test]
fn every_key_form_signs() {
    let dir = Dir::new("forms");
    let seed = dir.write("seed", SEED.as_bytes());
    let msg = dir.write("msg", b"m");
    let mut sigs = Vec::new();
    for format in ["seed", "expanded", "both"] {
        let key = dir.path(&format!("{format}.pem"));
        let args = ["--format", format, "--seed-file", s(&seed), "-o", s(&key)];
        ok(&keygen("65", &args));
        let out = sign(&key, &["--deterministic", s(&msg)]);
        ok(&out);
        sigs.push(out.stdout);
    }
    // The same key in three forms: the same deterministic signature.
    assert_eq!(sigs[0], sigs[1]);
    assert_eq!(sigs[0], sigs[2]);
}

#[test]
fn contexts_prehash_external_mu_and_stdin() {
    let dir = Dir::new("modes");
    let (key, public) = setup(&dir, "ML-DSA-44");
    let msg = dir.write("msg", b"streamed message");
    let sig = dir.path("sig");
    // --context and --context-hex are the same context.
    ok(&sign(&key, &["--context", "abc", "-o", s(&sig), s(&msg)]));
    ok(&verify(
        &public,
        &sig,
        &["--context-hex", "616263", s(&msg)],
    ));
    let out = verify(&public, &sig, &[s(&msg)]);
    assert_eq!(out.status.code(), Some(1));
    // Standard input, '-' or absent, is the message; no '-.sig' file appears.
    let out = run(
        ["sign", "-k", s(&key), "--deterministic", "-"],
        b"streamed message",
    );
    ok(&out);
    let from_file = sign(&key, &["--deterministic", s(&msg)]);
    assert_eq!(out.stdout, from_file.stdout);
    assert!(!Path::new("-.sig").exists());
    let sig2 = dir.write("sig2", &out.stdout);
    ok(&run(
        ["verify", "-p", s(&public), "-s", s(&sig2)],
        b"streamed message",
    ));
    // HashML-DSA: signed and verified with the same function only.
    let ph = dir.path("ph");
    ok(&sign(
        &key,
        &["--prehash", "SHA2-512", "-o", s(&ph), s(&msg)],
    ));
    ok(&verify(&public, &ph, &["--prehash", "SHA2-512", s(&msg)]));
    let out = verify(&public, &ph, &["--prehash", "SHA3-512", s(&msg)]);
    assert_eq!(out.status.code(), Some(1));
    let out = verify(&public, &ph, &[s(&msg)]);
    assert_eq!(out.status.code(), Some(1));
    // External mu: `mu` prints it; signing mu is signing the message.
    let out = run(["mu", "-p", s(&public), "--context", "abc", s(&msg)], b"");
    ok(&out);
    let mu = dir.write("mu", &out.stdout);
    assert_eq!(out.stdout.len(), 129);
    let musig = dir.path("musig");
    ok(&sign(&key, &["--external-mu", "-o", s(&musig), s(&mu)]));
    ok(&verify(&public, &musig, &["--context", "abc", s(&msg)]));
    ok(&verify(&public, &sig, &["--external-mu", s(&mu)]));
}

#[test]
fn key_files_are_0600_and_never_overwritten_without_force() {
    let dir = Dir::new("modes-0600");
    let key = dir.path("key.pem");
    ok(&keygen("ML-DSA-65", &["-o", s(&key)]));
    assert_owner_only(&key);
    let before = fs::read(&key).unwrap();
    let out = keygen("ML-DSA-65", &["-o", s(&key)]);
    fails_with(
        &out,
        &[s(&key), "expected a new file", "existing", "--force"],
    );
    assert_eq!(fs::read(&key).unwrap(), before);
    ok(&keygen("ML-DSA-65", &["--force", "-o", s(&key)]));
    assert_ne!(fs::read(&key).unwrap(), before);
    assert_owner_only(&key);
    // Nothing left behind.
    assert_eq!(fs::read_dir(&dir.0).unwrap().count(), 1);
    // The signature output is refused the same way.
    let msg = dir.write("msg", b"m");
    let out = sign(&key, &["-o", s(&msg), s(&msg)]);
    fails_with(&out, &[s(&msg), "existing"]);
}

#[test]
fn seeds_come_from_files_or_stdin_only() {
    let dir = Dir::new("seeds");
    let [a, b, c] = ["a.pem", "b.pem", "c.pem"].map(|name| dir.path(name));
    ok(&run(
        ["keygen", "-a", "44", "--seed-file", "-", "-o", s(&a)],
        SEED.as_bytes(),
    ));
    let raw: Vec<u8> = (0u8..32).collect();
    let seed = dir.write("seed.bin", &raw);
    ok(&keygen("44", &["--seed-file", s(&seed), "-o", s(&b)]));
    assert_eq!(fs::read(&a).unwrap(), fs::read(&b).unwrap());
    // No way to pass the seed itself as an argument.
    let out = keygen("44", &["--seed", SEED, "-o", s(&c)]);
    fails_with(&out, &["--seed"]);
    let out = keygen("44", &["-o", s(&c), SEED]);
    fails_with(&out, &["unexpected argument"]);
    // A bad seed file: named, with what was expected and found.
    let short = dir.write("short", &[1u8; 31]);
    let out = keygen("44", &["--seed-file", s(&short), "-o", s(&c)]);
    fails_with(
        &out,
        &[s(&short), "expected a 32-byte seed", "found 31 bytes"],
    );
    assert!(!c.exists());
}

#[test]
fn bad_keys_are_refused_with_file_expectation_and_finding() {
    let dir = Dir::new("bad-keys");
    let (key, public, msg, sig) = signed(&dir, "ML-DSA-65");
    // A public key where a private key is expected, and the other way round.
    let out = sign(&public, &[s(&msg)]);
    fails_with(
        &out,
        &[s(&public), PRIVATE, "found PEM labelled \"PUBLIC KEY\""],
    );
    let out = verify(&key, &sig, &[s(&msg)]);
    fails_with(
        &out,
        &[s(&key), PUBLIC, "found PEM labelled \"PRIVATE KEY\""],
    );
    // Not a key at all.
    let junk = dir.write("junk", b"hello");
    let out = sign(&junk, &[s(&msg)]);
    fails_with(
        &out,
        &[s(&junk), PRIVATE, "5 bytes that are neither PEM nor DER"],
    );
    let empty = dir.write("empty", b"");
    let out = verify(&empty, &sig, &[s(&msg)]);
    fails_with(&out, &[s(&empty), PUBLIC, "an empty file"]);
    // Broken PEM.
    let text = fs::read_to_string(&key).unwrap();
    let broken = dir.write(
        "broken.pem",
        text.replace("-----END PRIVATE KEY-----", "").as_bytes(),
    );
    let out = sign(&broken, &[s(&msg)]);
    fails_with(&out, &[s(&broken), PRIVATE, "malformed PEM"]);
    // Trailing bytes after the DER.
    let der_key = dir.path("key.der");
    ok(&keygen("65", &["--der", "-o", s(&der_key)]));
    let mut der = fs::read(&der_key).unwrap();
    der.push(0);
    let trailing = dir.write("trailing.der", &der);
    let out = sign(&trailing, &[s(&msg)]);
    fails_with(&out, &[s(&trailing), PRIVATE, "trailing bytes"]);
    // Another algorithm's OID (RSA's) where ML-DSA's was.
    let mut der = fs::read(&der_key).unwrap();
    let oid = [
        0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x12,
    ];
    let at = der.windows(11).position(|w| w == oid).unwrap();
    der[at + 2..at + 11].copy_from_slice(&[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01]);
    let rsa = dir.write("rsa.der", &der);
    let out = sign(&rsa, &[s(&msg)]);
    fails_with(
        &out,
        &[
            s(&rsa),
            PRIVATE,
            "found a key of another algorithm, OID 1.2.840.113549.1.1.1 (RSA)",
        ],
    );
    // A directory, a missing file.
    let out = sign(&dir.0, &[s(&msg)]);
    fails_with(
        &out,
        &[s(&dir.0), "expected the private key, found a directory"],
    );
    let missing = dir.path("missing.pem");
    let out = sign(&missing, &[s(&msg)]);
    fails_with(&out, &[s(&missing), "cannot open the private key"]);
}

#[test]
fn both_form_with_disagreeing_halves_is_refused() {
    let dir = Dir::new("both");
    let one = dir.path("one.der");
    let two = dir.path("two.der");
    for key in [&one, &two] {
        ok(&keygen("44", &["--format", "both", "--der", "-o", s(key)]));
    }
    // Splice: the seed of one, the expanded key (last 2560 bytes) of two.
    let mut spliced = fs::read(&one).unwrap();
    let other = fs::read(&two).unwrap();
    let n = spliced.len();
    spliced[n - 2560..].copy_from_slice(&other[n - 2560..]);
    let bad = dir.write("spliced.der", &spliced);
    let msg = dir.write("msg", b"m");
    let out = sign(&bad, &[s(&msg)]);
    fails_with(
        &out,
        &[
            s(&bad),
            PRIVATE,
            "seed does not regenerate the expanded key",
        ],
    );
    let out = run(["pubkey", s(&bad)], b"");
    fails_with(&out, &[s(&bad), "seed does not regenerate"]);
}

#[test]
fn bad_signatures_contexts_and_arguments() {
    let dir = Dir::new("bad-args");
    let (key, _) = setup(&dir, "ML-DSA-87");
    let msg = dir.write("msg", b"m");
    let long = "x".repeat(256);
    let out = sign(&key, &["--context", &long, s(&msg)]);
    fails_with(&out, &["context", "at most 255 bytes", "found 256 bytes"]);
    let out = sign(&key, &["--context-hex", "zz", s(&msg)]);
    fails_with(&out, &["--context-hex", "expected hex digits", "\"zz\""]);
    let out = sign(&key, &["--context", "a", "--context-hex", "61", s(&msg)]);
    fails_with(&out, &["cannot be used with"]);
    let out = keygen("ML-DSA-99", &["-o", s(&dir.path("k"))]);
    fails_with(&out, &["ML-DSA-99", "possible values"]);
    let out = sign(&key, &["--prehash", "MD5", s(&msg)]);
    fails_with(&out, &["MD5"]);
    let missing = dir.path("nope");
    let out = sign(&key, &[s(&missing)]);
    fails_with(&out, &[s(&missing), "cannot open the input"]);
    let badmu = dir.write("badmu", b"0011");
    let out = sign(&key, &["--external-mu", s(&badmu)]);
    fails_with(&out, &[s(&badmu), "expected a 64-byte mu", "found 4 bytes"]);
    let out = sign(&key, &["--external-mu", "--context", "x", s(&badmu)]);
    fails_with(&out, &["cannot be used with"]);
    let out = run::<[&str; 0], _>([], b"");
    fails_with(&out, &["Usage"]);
    // `-h` is help, not a parameter set; every subcommand has --help.
    for sub in ["keygen", "pubkey", "sign", "verify", "mu"] {
        let out = run([sub, "--help"], b"");
        ok(&out);
        assert!(String::from_utf8_lossy(&out.stdout).contains("Usage: mldsa"));
    }
    ok(&run(["-h"], b""));
}

#[cfg(unix)]
#[test]
fn non_utf8_arguments_never_panic() {
    use std::ffi::OsString;
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    let dir = Dir::new("non-utf8");
    let (key, public) = setup(&dir, "ML-DSA-44");
    let bad = OsString::from_vec(b"\xff\xfe".to_vec());
    // A non-UTF-8 file name is a file name like any other.
    let mut name = dir.0.as_os_str().as_bytes().to_vec();
    name.extend_from_slice(b"/\xffmsg");
    let msg_path = PathBuf::from(OsString::from_vec(name));
    fs::write(&msg_path, b"m").unwrap();
    let sig_path = PathBuf::from(OsString::from_vec(
        [msg_path.as_os_str().as_bytes(), b".sig"].concat(),
    ));
    let out = sign(
        &key,
        &[OsStr::new("-o"), sig_path.as_ref(), msg_path.as_ref()],
    );
    ok(&out);
    ok(&verify(&public, &sig_path, &[&msg_path]));
    // Non-UTF-8 where text is expected: exit 2, no panic.
    for args in [
        vec![bad.clone()],
        vec![
            "keygen".into(),
            "-a".into(),
            bad.clone(),
            "-o".into(),
            "x".into(),
        ],
        vec![
            "sign".into(),
            "-k".into(),
            key.clone().into_os_string(),
            "--context".into(),
            bad.clone(),
        ],
        vec!["sign".into(), "-k".into(), bad.clone()],
    ] {
        let out = run(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"));
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Exit status 1 (invalid), the INVALID line on standard output with every
/// one of `parts`, nothing on standard error.
#[track_caller]
fn invalid_with(out: &Output, parts: &[&str]) {
    let text = stdout(out);
    assert_eq!(
        out.status.code(),
        Some(1),
        "stdout {text:?}, stderr {:?}",
        stderr(out)
    );
    assert!(text.contains("INVALID"), "{text:?}");
    for part in parts {
        assert!(text.contains(part), "{part:?} not in {text:?}");
    }
    assert_eq!(stderr(out), "");
}

#[test]
fn exit_1_for_every_invalid_signature_2_when_nothing_was_checked() {
    let dir = Dir::new("exit-codes");
    let (key, public, msg, sig) = signed(&dir, "ML-DSA-87");
    let good = fs::read(&sig).unwrap();
    let verify_msg = |sig: &Path| verify(&public, sig, &[s(&msg)]);
    let out = verify_msg(&sig);
    ok(&out);
    assert_eq!(
        stdout(&out),
        format!("{}: valid ML-DSA-87 signature\n", s(&msg))
    );

    // 1: the signature is read and is not valid, whatever is wrong with it.
    let mut flipped = good.clone();
    flipped[100] ^= 1;
    let out = verify_msg(&dir.write("flipped.sig", &flipped));
    invalid_with(&out, &[s(&msg), "INVALID ML-DSA-87 signature"]);
    assert_eq!(
        stdout(&out),
        format!("{}: INVALID ML-DSA-87 signature\n", s(&msg))
    );
    let short = dir.write("short.sig", &good[..100]);
    invalid_with(
        &verify_msg(&short),
        &[s(&short), "expected 4627 bytes, found 100 bytes"],
    );
    let long = dir.write("long.sig", &[&good[..], &[0]].concat());
    invalid_with(
        &verify_msg(&long),
        &["expected 4627 bytes, found 4628 bytes"],
    );
    let empty = dir.write("empty.sig", b"");
    invalid_with(&verify_msg(&empty), &["expected 4627 bytes, found 0 bytes"]);
    let huge = dir.write("huge.sig", &vec![0u8; (1 << 20) + 5]);
    invalid_with(
        &verify_msg(&huge),
        &["expected 4627 bytes, found more than 1 MiB"],
    );
    // A valid ML-DSA-44 signature of the same message: another set's length.
    let dir44 = Dir::new("exit-codes-44");
    let (key44, _) = setup(&dir44, "ML-DSA-44");
    let sig44 = dir.path("sig44");
    ok(&sign(&key44, &["-o", s(&sig44), s(&msg)]));
    invalid_with(
        &verify_msg(&sig44),
        &["expected 4627 bytes, found 2420 bytes"],
    );
    // Another message, another context.
    let other = dir.write("other", b"M");
    invalid_with(&verify(&public, &sig, &[s(&other)]), &[s(&other)]);
    invalid_with(&verify(&public, &sig, &["--context", "c", s(&msg)]), &[]);

    // 2: nothing was decided.
    let missing = dir.path("missing.sig");
    fails_with(
        &verify_msg(&missing),
        &[s(&missing), "cannot open the signature"],
    );
    fails_with(
        &verify_msg(&dir.0),
        &[s(&dir.0), "expected the signature, found a directory"],
    );
    let long_ctx = "x".repeat(256);
    let out = verify(&public, &sig, &["--context", &long_ctx, s(&msg)]);
    fails_with(&out, &["context", "at most 255 bytes"]);
    let out = verify(&key, &sig, &[s(&msg)]);
    fails_with(&out, &[s(&key), PUBLIC]);
    let out = verify(&public, &sig, &["--external-mu", s(&msg)]);
    fails_with(&out, &[s(&msg), "expected a 64-byte mu", "found 1 bytes"]);
    let out = verify(&public, &sig, &[s(&missing)]);
    fails_with(&out, &[s(&missing), "cannot open the input"]);
    assert_eq!(stdout(&out), "");
}

#[test]
fn help_states_the_exit_status_rule_and_what_pyca_reads() {
    let exit_status = [
        "Exit status:",
        "0  success; for verify, a valid signature",
        "its length (a signature of another parameter set",
        "2  error, nothing decided",
    ];
    for args in [&["--help"][..], &["verify", "--help"]] {
        help_says(args, &exit_status);
    }
    help_says(
        &["keygen", "--help"],
        &[
            "seed (the default) is the one form pyca/cryptography reads",
            "it refuses expanded and both",
            "what pyca/cryptography reads",
            "pyca/cryptography refuses it",
        ],
    );
}

/// `mldsa ARGS` succeeds and prints every one of `parts`.
#[track_caller]
fn help_says(args: &[&str], parts: &[&str]) {
    let out = run(args, b"");
    ok(&out);
    let text = stdout(&out);
    for part in parts {
        assert!(text.contains(part), "{args:?}: {part:?} not in {text}");
    }
}

#[test]
fn garbage_and_foreign_keys_are_named() {
    let dir = Dir::new("foreign");
    let (_, public, msg, sig) = signed(&dir, "ML-DSA-65");
    // 500 bytes of neither PEM nor DER: one clear phrase, the whole message.
    let junk = dir.write("junk", &[0x5au8; 500]);
    let out = sign(&junk, &[s(&msg)]);
    fails_with(&out, &[]);
    assert_eq!(
        stderr(&out),
        format!(
            "mldsa: {}: expected an ML-DSA private key (PKCS#8, PEM \"PRIVATE KEY\" or DER), \
             found 500 bytes that are neither PEM nor DER\n",
            s(&junk)
        )
    );
    // PEM with the right label around bytes that are not DER.
    let bad_body = dir.write(
        "body.pem",
        b"-----BEGIN PRIVATE KEY-----\nAAECAwQF\n-----END PRIVATE KEY-----\n",
    );
    let out = sign(&bad_body, &[s(&msg)]);
    fails_with(
        &out,
        &[
            s(&bad_body),
            "found PEM labelled \"PRIVATE KEY\" whose contents are not valid DER",
        ],
    );
    // Ed25519 keys (RFC 8410), private and public: the OID found is named.
    let ed_private = [
        &[
            0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70,
        ][..],
        &[0x04, 0x22, 0x04, 0x20],
        &[7u8; 32],
    ]
    .concat();
    let ed_public = [
        &[
            0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00,
        ][..],
        &[9u8; 32],
    ]
    .concat();
    let ed_key = dir.write("ed25519.der", &ed_private);
    let ed25519 = "found a key of another algorithm, OID 1.3.101.112 (Ed25519)";
    let out = sign(&ed_key, &[s(&msg)]);
    fails_with(&out, &[s(&ed_key), PRIVATE, ed25519]);
    let ed_pub = dir.write("ed25519.pub.der", &ed_public);
    let out = verify(&ed_pub, &sig, &[s(&msg)]);
    fails_with(&out, &[s(&ed_pub), PUBLIC, ed25519]);
    // An OID without a name here is still given, dotted.
    let mut odd = ed_public.clone();
    odd[8] = 0x7f; // 1.3.101.127
    let odd = dir.write("odd.pub.der", &odd);
    let out = run(["mu", "-p", s(&odd), s(&msg)], b"");
    fails_with(
        &out,
        &[s(&odd), "found a key of another algorithm, OID 1.3.101.127"],
    );
    // The public key still works: the refusals are about the files only.
    ok(&verify(&public, &sig, &[s(&msg)]));
}

/// Single-quoted for `sh -c`.
fn sh_quote(arg: &str) -> String {
    format!("'{}'", arg.replace('\'', r"'\''"))
}

/// `command` (a shell command line; `$MLDSA` is the binary) run by util-linux
/// `script` on a new pseudo-terminal: its standard input, output and error
/// are that terminal unless the command line redirects them. Returns the exit
/// status and everything written to the terminal.
fn on_terminal(dir: &Dir, command: &str) -> (Option<i32>, String) {
    let bin = sh_quote(env!("CARGO_BIN_EXE_mldsa"));
    let line = format!("cd {} && MLDSA={bin} && {command}", sh_quote(s(&dir.0)));
    // Under `timeout`: a command that waited for terminal input would
    // otherwise hang the test instead of failing it (exit status 124).
    let out = Command::new("timeout")
        .args([
            "60",
            "script",
            "--quiet",
            "--return",
            "--command",
            &line,
            "/dev/null",
        ])
        .env("SHELL", "/bin/sh")
        .stdin(Stdio::null())
        .output()
        .expect(
            "coreutils `timeout` and util-linux `script` (Debian: bsdutils) run the terminal tests",
        );
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n"),
    )
}

#[cfg(unix)]
#[test]
fn terminals_are_refused_for_messages_secrets_and_binary_output() {
    let dir = Dir::new("terminal");
    let (_, _) = setup(&dir, "ML-DSA-44");
    dir.write("msg", b"m");
    let (code, text) = on_terminal(&dir, "$MLDSA sign -k key.pem -o sig msg");
    assert_eq!(code, Some(0), "{text}");
    // The control: on a terminal, `script` works and the command runs.
    let (code, text) = on_terminal(&dir, "$MLDSA verify -p key.pub.pem -s sig msg");
    assert_eq!(
        (code, text.as_str()),
        (Some(0), "msg: valid ML-DSA-44 signature\n")
    );

    let refused_message = "<stdin>: expected the message from a file or a pipe, found a terminal \
                           (give a FILE, or redirect: < FILE; to type it on purpose: cat | mldsa ...)";
    for command in [
        "$MLDSA verify -p key.pub.pem -s sig",
        "$MLDSA verify -p key.pub.pem -s sig -",
        "$MLDSA sign -k key.pem -o sig2",
        "$MLDSA sign -k key.pem -o sig2 -",
        "$MLDSA mu -p key.pub.pem",
    ] {
        let (code, text) = on_terminal(&dir, command);
        assert_eq!(code, Some(2), "{command}: {text}");
        assert_eq!(text, format!("mldsa: {refused_message}\n"), "{command}");
    }
    assert!(!dir.path("sig2").exists());
    for (command, what) in [
        ("$MLDSA keygen -a 44 --seed-file - -o k2.pem", "seed"),
        ("$MLDSA sign -k key.pem --external-mu -o sig2", "mu"),
        ("$MLDSA sign -k - -o sig2 msg", "private key"),
        ("$MLDSA verify -p key.pub.pem -s - msg", "signature"),
    ] {
        let (code, text) = on_terminal(&dir, command);
        assert_eq!(code, Some(2), "{command}: {text}");
        let expected =
            format!("<stdin>: expected the {what} from a file or a pipe, found a terminal");
        assert!(
            text.starts_with(&format!("mldsa: {expected}")),
            "{command}: {text}"
        );
    }
    // On purpose: the same input through a pipe or a redirect is read.
    let (code, text) = on_terminal(&dir, "cat msg | $MLDSA verify -p key.pub.pem -s sig");
    assert_eq!(
        (code, text.as_str()),
        (Some(0), "<stdin>: valid ML-DSA-44 signature\n")
    );
    let (code, text) = on_terminal(&dir, "$MLDSA verify -p key.pub.pem -s sig - < msg");
    assert_eq!(
        (code, text.as_str()),
        (Some(0), "<stdin>: valid ML-DSA-44 signature\n")
    );

    // A private key is not written to a terminal, in any form.
    for format in ["seed", "expanded", "both"] {
        let command = format!("$MLDSA keygen -a 65 --format {format} -o -");
        let (code, text) = on_terminal(&dir, &command);
        assert_eq!(code, Some(2), "{command}: {text}");
        assert_eq!(
            text,
            "mldsa: standard output: expected a file or a pipe for a private key, found a \
             terminal (use -o FILE; to print it on purpose: -o - | cat)\n"
        );
    }
    // On purpose, through a pipe: the PEM key is printed.
    let (code, text) = on_terminal(&dir, "$MLDSA keygen -a 65 -o - | cat");
    assert_eq!(code, Some(0), "{text}");
    assert!(text.starts_with("-----BEGIN PRIVATE KEY-----\n"), "{text}");
    // A public key (not secret, PEM) may go to the terminal; a DER one or a
    // signature (binary) may not.
    let (code, text) = on_terminal(&dir, "$MLDSA pubkey key.pem");
    assert_eq!(code, Some(0), "{text}");
    assert!(text.starts_with("-----BEGIN PUBLIC KEY-----\n"), "{text}");
    for command in ["$MLDSA pubkey key.pem --der", "$MLDSA sign -k key.pem msg"] {
        let (code, text) = on_terminal(&dir, command);
        assert_eq!(code, Some(2), "{command}: {text}");
        assert!(
            text.contains("for binary output, found a terminal"),
            "{command}: {text}"
        );
    }
}

#[test]
fn keygen_to_a_pipe_writes_the_key() {
    let dir = Dir::new("keygen-pipe");
    let seed = dir.write("seed", SEED.as_bytes());
    let out = keygen("44", &["--seed-file", s(&seed), "-o", "-"]);
    ok(&out);
    let (key, _) = setup(&dir, "ML-DSA-44");
    assert_eq!(out.stdout, fs::read(key).unwrap());
}
