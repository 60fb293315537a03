//! The driver of `make ct` (scripts/ct.sh): every secret input marked
//! undefined for valgrind's memcheck, then every operation that handles
//! secrets, on the three parameter sets and the backend `MLDSA_BACKEND`
//! selects. memcheck reports any branch or memory address that depends on
//! a secret the library did not declassify (SECURITY.md at the repository
//! root lists what it declassifies, and why), and any output that should
//! be public but is not. Needs the `ct-check` feature, and refuses to run
//! outside valgrind.
//!
//! `ct_check`                  all of it
//! `ct_check --planted-leak`   one ML-DSA-44 signature, with the library's
//!                             planted branch on a secret coefficient
//!                             switched on: memcheck must report it

use mldsa::const_oid::AssociatedOid;
use mldsa::ct::{is_public, plant_leak, secret_mem};
use mldsa::encoding::{EncodingError, PrivateKeyFormat};
use mldsa::{Error, MlDsa44, MlDsa65, MlDsa87, MuBuilder, ParameterSet, SigningKey};

const FORMATS: [PrivateKeyFormat; 3] = [
    PrivateKeyFormat::Seed,
    PrivateKeyFormat::Expanded,
    PrivateKeyFormat::Both,
];

/// Marks secret K, s1, s2 and t0 of the expanded key (rho || K || tr || s1
/// || s2 || t0) at `at` in `bytes`; rho and tr stay public.
fn mark_expanded(bytes: &mut [u8], at: usize, len: usize) {
    secret_mem(&mut bytes[at + 32..at + 64]);
    secret_mem(&mut bytes[at + 128..at + len]);
}

/// Where `needle` starts in `hay` (the driver knows the key it encoded).
fn find(hay: &[u8], needle: &[u8]) -> usize {
    hay.windows(needle.len())
        .position(|w| w == needle)
        .expect("part not found in the encoding")
}

/// Fails unless memcheck sees every byte as public (it also reports the
/// first one that is not).
fn check_public(what: &str, bytes: &[u8]) -> Result<(), String> {
    if is_public(bytes) {
        Ok(())
    } else {
        Err(format!("{what} is not public"))
    }
}

fn run<P: ParameterSet + AssociatedOid>(seed_byte: u8) -> Result<(), String> {
    let e = |e: Error| e.to_string();
    let msg = b"constant-time check";
    let ctx = b"ctx";

    // KeyGen from a secret xi, and with xi from the OS (which the library
    // marks secret).
    let mut xi = [seed_byte; 32];
    secret_mem(&mut xi);
    let sk = SigningKey::<P>::from_seed(&xi);
    let fresh = SigningKey::<P>::generate_os().map_err(e)?;
    let vk = sk.verifying_key();
    check_public("the public key", vk.as_bytes())?;
    check_public("the public key", fresh.verifying_key().as_bytes())?;

    // Sign: hedged (rnd from the OS, marked secret by the library),
    // deterministic, with a secret rnd, and from external mu.
    let hedged = fresh.sign_with_context(msg, ctx).map_err(e)?;
    let deterministic = sk.sign_deterministic(msg, ctx).map_err(e)?;
    let mut rnd = [seed_byte ^ 0x5a; 32];
    secret_mem(&mut rnd);
    let with_rnd = sk.sign_with_rnd(msg, ctx, &rnd).map_err(e)?;
    let mut builder = MuBuilder::new(vk, ctx).map_err(e)?;
    builder.update(msg);
    let external_mu = sk.sign_mu(&builder.finalize(), &rnd);
    for sig in [&hedged, &deterministic, &with_rnd, &external_mu] {
        check_public("a signature", sig.as_ref())?;
    }
    assert_eq!(with_rnd, external_mu);
    assert_ne!(with_rnd, deterministic);

    // The encoders handle the secrets too: skEncode, PKCS#8 DER (all three
    // forms). Not PEM: see SECURITY.md.
    drop(sk.to_expanded_bytes());
    for format in FORMATS {
        drop(sk.pkcs8_der(format).map_err(e)?);
    }

    // The decoders, on encodings made from the same seed left public (so
    // that this driver can find the secret bytes in them), each secret
    // byte then marked.
    let seed = [seed_byte; 32];
    let public_sk = SigningKey::<P>::from_seed(&seed);
    let key_bytes = public_sk.to_expanded_bytes();
    let key_bytes = key_bytes.as_ref();

    // Expanded-key import: valid, then s1 out of range, then a wrong t0
    // (both refused, in constant time up to the decision).
    let mut bytes = key_bytes.to_vec();
    mark_expanded(&mut bytes, 0, P::SK_LEN);
    let imported = SigningKey::<P>::try_from_expanded(&bytes).map_err(e)?;
    check_public(
        "the imported key's public key",
        imported.verifying_key().as_bytes(),
    )?;
    assert_eq!(imported.verifying_key(), vk);
    let again = imported.sign_with_rnd(msg, ctx, &rnd).map_err(e)?;
    check_public("a signature", again.as_ref())?;
    assert_eq!(again, with_rnd);
    let mut bad_range = key_bytes.to_vec();
    bad_range[128] = 0xff; // the first s1 coefficients: eta - 7 or less
    mark_expanded(&mut bad_range, 0, P::SK_LEN);
    let refused = SigningKey::<P>::try_from_expanded(&bad_range);
    assert_eq!(refused.err(), Some(Error::MalformedKey));
    let mut bad_t0 = key_bytes.to_vec();
    bad_t0[P::SK_LEN - 1] ^= 1;
    mark_expanded(&mut bad_t0, 0, P::SK_LEN);
    let refused = SigningKey::<P>::try_from_expanded(&bad_t0);
    assert_eq!(refused.err(), Some(Error::MalformedKey));

    // PKCS#8 (RFC 9881) decoding, DER: the seed, expanded and both forms,
    // then a `both` whose halves disagree (refused). Not PEM: see
    // SECURITY.md.
    for (format, tamper) in FORMATS
        .into_iter()
        .map(|f| (f, false))
        .chain([(PrivateKeyFormat::Both, true)])
    {
        let mut der = public_sk.pkcs8_der(format).map_err(e)?.as_bytes().to_vec();
        // Found first, marked after: finding reads them.
        let seed_at = (format != PrivateKeyFormat::Expanded).then(|| find(&der, &seed));
        let key_at = (format != PrivateKeyFormat::Seed).then(|| find(&der, &key_bytes[..64]));
        if tamper && let Some(at) = key_at {
            der[at + P::SK_LEN - 1] ^= 1;
        }
        if let Some(at) = seed_at {
            secret_mem(&mut der[at..at + 32]);
        }
        if let Some(at) = key_at {
            mark_expanded(&mut der, at, P::SK_LEN);
        }
        let decoded = SigningKey::<P>::decode_pkcs8_der(&der);
        if tamper {
            let mismatch = Error::Encoding(EncodingError::SeedMismatch);
            assert_eq!(decoded.err(), Some(mismatch));
        } else {
            assert_eq!(decoded.map_err(e)?.verifying_key(), vk);
        }
    }
    Ok(())
}

fn main() {
    if !mldsa::ct::on_valgrind() {
        eprintln!("ct_check: run it under valgrind (make ct)");
        std::process::exit(2);
    }
    let planted = std::env::args().any(|a| a == "--planted-leak");
    println!("ct_check: backend {}", mldsa::selected_backend().name());
    let result = if planted {
        plant_leak();
        let mut xi = [1; 32];
        secret_mem(&mut xi);
        let sk = SigningKey::<MlDsa44>::from_seed(&xi);
        sk.sign_deterministic(b"planted", b"")
            .map(drop)
            .map_err(|e| e.to_string())
    } else {
        run::<MlDsa44>(1)
            .and_then(|()| run::<MlDsa65>(2))
            .and_then(|()| run::<MlDsa87>(3))
    };
    if let Err(e) = result {
        eprintln!("ct_check: {e}");
        std::process::exit(1);
    }
    println!("ct_check: done");
}
