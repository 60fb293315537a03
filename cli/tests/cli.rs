//! The `mldsa` binary end to end: every command, and every bad input gets
//! exit status 2 and a message naming the file, what was expected and what
//! was found.

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
    ok(&run(
        ["keygen", "-a", alg, "--seed-file", s(&seed), "-o", s(&key)],
        b"",
    ));
    let public = dir.path("key.pub.pem");
    ok(&run(["pubkey", s(&key), "-o", s(&public)], b""));
    (key, public)
}

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
            ok(&run(
                [&["keygen", "-a", alg, "-o", s(&key)], der_flag].concat(),
                b"",
            ));
            ok(&run(
                [&["pubkey", s(&key), "-o", s(&public)], der_flag].concat(),
                b"",
            ));
            let head = fs::read(&key).unwrap();
            assert_eq!(head.starts_with(b"-----BEGIN PRIVATE KEY-----"), !der);
            ok(&run(["sign", "-k", s(&key), "-o", s(&sig), s(&msg)], b""));
            let out = run(["verify", "-p", s(&public), "-s", s(&sig), s(&msg)], b"");
            ok(&out);
            assert!(
                String::from_utf8_lossy(&out.stdout).contains(&format!("valid {alg} signature"))
            );
            let other = dir.write("other", b"another message");
            let out = run(["verify", "-p", s(&public), "-s", s(&sig), s(&other)], b"");
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
        ok(&run(
            [
                "keygen",
                "-a",
                "65",
                "--format",
                format,
                "--seed-file",
                s(&seed),
                "-o",
                s(&key),
            ],
            b"",
        ));
        let out = run(["sign", "-k", s(&key), "--deterministic", s(&msg)], b"");
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
    ok(&run(
        [
            "sign",
            "-k",
            s(&key),
            "--context",
            "abc",
            "-o",
            s(&sig),
            s(&msg),
        ],
        b"",
    ));
    ok(&run(
        [
            "verify",
            "-p",
            s(&public),
            "-s",
            s(&sig),
            "--context-hex",
            "616263",
            s(&msg),
        ],
        b"",
    ));
    let out = run(["verify", "-p", s(&public), "-s", s(&sig), s(&msg)], b"");
    assert_eq!(out.status.code(), Some(1));
    // Standard input, '-' or absent, is the message; no '-.sig' file appears.
    let out = run(
        ["sign", "-k", s(&key), "--deterministic", "-"],
        b"streamed message",
    );
    ok(&out);
    let from_file = run(["sign", "-k", s(&key), "--deterministic", s(&msg)], b"");
    assert_eq!(out.stdout, from_file.stdout);
    assert!(!Path::new("-.sig").exists());
    let sig2 = dir.write("sig2", &out.stdout);
    ok(&run(
        ["verify", "-p", s(&public), "-s", s(&sig2)],
        b"streamed message",
    ));
    // HashML-DSA: signed and verified with the same function only.
    ok(&run(
        [
            "sign",
            "-k",
            s(&key),
            "--prehash",
            "SHA2-512",
            "-o",
            s(&dir.path("ph")),
            s(&msg),
        ],
        b"",
    ));
    ok(&run(
        [
            "verify",
            "-p",
            s(&public),
            "-s",
            s(&dir.path("ph")),
            "--prehash",
            "SHA2-512",
            s(&msg),
        ],
        b"",
    ));
    let out = run(
        [
            "verify",
            "-p",
            s(&public),
            "-s",
            s(&dir.path("ph")),
            "--prehash",
            "SHA3-512",
            s(&msg),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let out = run(
        [
            "verify",
            "-p",
            s(&public),
            "-s",
            s(&dir.path("ph")),
            s(&msg),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    // External mu: `mu` prints it; signing mu is signing the message.
    let out = run(["mu", "-p", s(&public), "--context", "abc", s(&msg)], b"");
    ok(&out);
    let mu = dir.write("mu", &out.stdout);
    assert_eq!(out.stdout.len(), 129);
    ok(&run(
        [
            "sign",
            "-k",
            s(&key),
            "--external-mu",
            "-o",
            s(&dir.path("musig")),
            s(&mu),
        ],
        b"",
    ));
    ok(&run(
        [
            "verify",
            "-p",
            s(&public),
            "-s",
            s(&dir.path("musig")),
            "--context",
            "abc",
            s(&msg),
        ],
        b"",
    ));
    ok(&run(
        [
            "verify",
            "-p",
            s(&public),
            "-s",
            s(&sig),
            "--external-mu",
            s(&mu),
        ],
        b"",
    ));
}

#[test]
fn key_files_are_0600_and_never_overwritten_without_force() {
    let dir = Dir::new("modes-0600");
    let key = dir.path("key.pem");
    ok(&run(["keygen", "-a", "ML-DSA-65", "-o", s(&key)], b""));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            fs::metadata(&key).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
    let before = fs::read(&key).unwrap();
    let out = run(["keygen", "-a", "ML-DSA-65", "-o", s(&key)], b"");
    fails_with(
        &out,
        &[s(&key), "expected a new file", "existing", "--force"],
    );
    assert_eq!(fs::read(&key).unwrap(), before);
    ok(&run(
        ["keygen", "-a", "ML-DSA-65", "--force", "-o", s(&key)],
        b"",
    ));
    assert_ne!(fs::read(&key).unwrap(), before);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            fs::metadata(&key).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
    // Nothing left behind.
    assert_eq!(fs::read_dir(&dir.0).unwrap().count(), 1);
    // The signature output is refused the same way.
    let msg = dir.write("msg", b"m");
    let out = run(["sign", "-k", s(&key), "-o", s(&msg), s(&msg)], b"");
    fails_with(&out, &[s(&msg), "existing"]);
}

#[test]
fn seeds_come_from_files_or_stdin_only() {
    let dir = Dir::new("seeds");
    let a = dir.path("a.pem");
    let b = dir.path("b.pem");
    ok(&run(
        ["keygen", "-a", "44", "--seed-file", "-", "-o", s(&a)],
        SEED.as_bytes(),
    ));
    let raw: Vec<u8> = (0u8..32).collect();
    let seed = dir.write("seed.bin", &raw);
    ok(&run(
        ["keygen", "-a", "44", "--seed-file", s(&seed), "-o", s(&b)],
        b"",
    ));
    assert_eq!(fs::read(&a).unwrap(), fs::read(&b).unwrap());
    // No way to pass the seed itself as an argument.
    let out = run(
        [
            "keygen",
            "-a",
            "44",
            "--seed",
            SEED,
            "-o",
            s(&dir.path("c.pem")),
        ],
        b"",
    );
    fails_with(&out, &["--seed"]);
    let out = run(
        ["keygen", "-a", "44", "-o", s(&dir.path("c.pem")), SEED],
        b"",
    );
    fails_with(&out, &["unexpected argument"]);
    // A bad seed file: named, with what was expected and found.
    let short = dir.write("short", &[1u8; 31]);
    let out = run(
        [
            "keygen",
            "-a",
            "44",
            "--seed-file",
            s(&short),
            "-o",
            s(&dir.path("c.pem")),
        ],
        b"",
    );
    fails_with(
        &out,
        &[s(&short), "expected a 32-byte seed", "found 31 bytes"],
    );
    assert!(!dir.path("c.pem").exists());
}

#[test]
fn bad_keys_are_refused_with_file_expectation_and_finding() {
    let dir = Dir::new("bad-keys");
    let (key, public) = setup(&dir, "ML-DSA-65");
    let msg = dir.write("msg", b"m");
    let sig = dir.path("sig");
    ok(&run(["sign", "-k", s(&key), "-o", s(&sig), s(&msg)], b""));
    // A public key where a private key is expected, and the other way round.
    let out = run(["sign", "-k", s(&public), s(&msg)], b"");
    fails_with(
        &out,
        &[
            s(&public),
            "expected an ML-DSA private key",
            "found PEM labelled \"PUBLIC KEY\"",
        ],
    );
    let out = run(["verify", "-p", s(&key), "-s", s(&sig), s(&msg)], b"");
    fails_with(
        &out,
        &[
            s(&key),
            "expected an ML-DSA public key",
            "found PEM labelled \"PRIVATE KEY\"",
        ],
    );
    // Not a key at all.
    let junk = dir.write("junk", b"hello");
    let out = run(["sign", "-k", s(&junk), s(&msg)], b"");
    fails_with(
        &out,
        &[
            s(&junk),
            "expected an ML-DSA private key",
            "5 bytes of non-PEM data",
        ],
    );
    let empty = dir.write("empty", b"");
    let out = run(["verify", "-p", s(&empty), "-s", s(&sig), s(&msg)], b"");
    fails_with(
        &out,
        &[s(&empty), "expected an ML-DSA public key", "an empty file"],
    );
    // Broken PEM.
    let text = fs::read_to_string(&key).unwrap();
    let broken = dir.write(
        "broken.pem",
        text.replace("-----END PRIVATE KEY-----", "").as_bytes(),
    );
    let out = run(["sign", "-k", s(&broken), s(&msg)], b"");
    fails_with(
        &out,
        &[
            s(&broken),
            "expected an ML-DSA private key",
            "malformed PEM",
        ],
    );
    // Trailing bytes after the DER.
    let der_key = dir.path("key.der");
    ok(&run(
        ["keygen", "-a", "65", "--der", "-o", s(&der_key)],
        b"",
    ));
    let mut der = fs::read(&der_key).unwrap();
    der.push(0);
    let trailing = dir.write("trailing.der", &der);
    let out = run(["sign", "-k", s(&trailing), s(&msg)], b"");
    fails_with(
        &out,
        &[
            s(&trailing),
            "expected an ML-DSA private key",
            "trailing bytes",
        ],
    );
    // Another algorithm's OID (RSA's) where ML-DSA's was.
    let mut der = fs::read(&der_key).unwrap();
    let oid = [
        0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x12,
    ];
    let at = der.windows(11).position(|w| w == oid).unwrap();
    der[at + 2..at + 11].copy_from_slice(&[0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01]);
    let rsa = dir.write("rsa.der", &der);
    let out = run(["sign", "-k", s(&rsa), s(&msg)], b"");
    fails_with(
        &out,
        &[s(&rsa), "expected an ML-DSA private key", "not ML-DSA"],
    );
    // A directory, a missing file.
    let out = run(["sign", "-k", s(&dir.0), s(&msg)], b"");
    fails_with(
        &out,
        &[s(&dir.0), "expected the private key, found a directory"],
    );
    let missing = dir.path("missing.pem");
    let out = run(["sign", "-k", s(&missing), s(&msg)], b"");
    fails_with(&out, &[s(&missing), "cannot open the private key"]);
}

#[test]
fn both_form_with_disagreeing_halves_is_refused() {
    let dir = Dir::new("both");
    let one = dir.path("one.der");
    let two = dir.path("two.der");
    ok(&run(
        [
            "keygen",
            "-a",
            "44",
            "--format",
            "both",
            "--der",
            "-o",
            s(&one),
        ],
        b"",
    ));
    ok(&run(
        [
            "keygen",
            "-a",
            "44",
            "--format",
            "both",
            "--der",
            "-o",
            s(&two),
        ],
        b"",
    ));
    // Splice: the seed of one, the expanded key (last 2560 bytes) of two.
    let mut spliced = fs::read(&one).unwrap();
    let other = fs::read(&two).unwrap();
    let n = spliced.len();
    spliced[n - 2560..].copy_from_slice(&other[n - 2560..]);
    let bad = dir.write("spliced.der", &spliced);
    let msg = dir.write("msg", b"m");
    let out = run(["sign", "-k", s(&bad), s(&msg)], b"");
    fails_with(
        &out,
        &[
            s(&bad),
            "expected an ML-DSA private key",
            "seed does not regenerate the expanded key",
        ],
    );
    let out = run(["pubkey", s(&bad)], b"");
    fails_with(&out, &[s(&bad), "seed does not regenerate"]);
}

#[test]
fn bad_signatures_contexts_and_arguments() {
    let dir = Dir::new("bad-args");
    let (key, public) = setup(&dir, "ML-DSA-87");
    let msg = dir.write("msg", b"m");
    let short = dir.write("short.sig", &[0u8; 100]);
    let out = run(["verify", "-p", s(&public), "-s", s(&short), s(&msg)], b"");
    fails_with(
        &out,
        &[
            s(&short),
            "expected a 4627-byte ML-DSA-87 signature",
            "found 100 bytes",
        ],
    );
    let long = "x".repeat(256);
    let out = run(["sign", "-k", s(&key), "--context", &long, s(&msg)], b"");
    fails_with(&out, &["context", "at most 255 bytes", "found 256 bytes"]);
    let out = run(["sign", "-k", s(&key), "--context-hex", "zz", s(&msg)], b"");
    fails_with(&out, &["--context-hex", "expected hex digits", "\"zz\""]);
    let out = run(
        [
            "sign",
            "-k",
            s(&key),
            "--context",
            "a",
            "--context-hex",
            "61",
            s(&msg),
        ],
        b"",
    );
    fails_with(&out, &["cannot be used with"]);
    let out = run(["keygen", "-a", "ML-DSA-99", "-o", s(&dir.path("k"))], b"");
    fails_with(&out, &["ML-DSA-99", "possible values"]);
    let out = run(["sign", "-k", s(&key), "--prehash", "MD5", s(&msg)], b"");
    fails_with(&out, &["MD5"]);
    let missing = dir.path("nope");
    let out = run(["sign", "-k", s(&key), s(&missing)], b"");
    fails_with(&out, &[s(&missing), "cannot open the input"]);
    let badmu = dir.write("badmu", b"0011");
    let out = run(["sign", "-k", s(&key), "--external-mu", s(&badmu)], b"");
    fails_with(&out, &[s(&badmu), "expected a 64-byte mu", "found 4 bytes"]);
    let out = run(
        [
            "sign",
            "-k",
            s(&key),
            "--external-mu",
            "--context",
            "x",
            s(&badmu),
        ],
        b"",
    );
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
    let out = run(
        [
            OsStr::new("sign"),
            OsStr::new("-k"),
            key.as_os_str(),
            OsStr::new("-o"),
            sig_path.as_os_str(),
            msg_path.as_os_str(),
        ],
        b"",
    );
    ok(&out);
    ok(&run(
        [
            OsStr::new("verify"),
            OsStr::new("-p"),
            public.as_os_str(),
            OsStr::new("-s"),
            sig_path.as_os_str(),
            msg_path.as_os_str(),
        ],
        b"",
    ));
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
