//! Every way into a signing key from an encoding, and every encoder, on
//! valid and refused input: PKCS#8 DER by value and boxed (both forms),
//! PEM (a bad base64 character half way through the body, a wrong label,
//! DER refused inside valid PEM), `pem_or_der`, the `pkcs8` traits
//! (`DecodePrivateKey`, `EncodePrivateKey`) and `TryFrom<PrivateKeyInfoRef>`.

use std::hint::black_box;

use mldsa::const_oid::AssociatedOid;
use mldsa::encoding::{PRIVATE_KEY_PEM_LABEL, PrivateKeyFormat, pem_or_der};
use mldsa::pkcs8::{DecodePrivateKey, EncodePrivateKey, PrivateKeyInfoRef};
use mldsa::{ParameterSet, Precomputed, SigningKey};

use super::{Secrets, check, find_left, run_scanned};

/// A PEM document of `der` under `label` (built here, not by the code
/// under test).
fn pem_of(label: &str, der: &[u8]) -> String {
    mldsa::der::pem::encode_string(label, mldsa::der::pem::LineEnding::LF, der).unwrap()
}

/// `pem` with its body's middle character replaced by one outside base64:
/// the decoder has written the first half of the key when it stops.
fn bad_base64(pem: &str) -> String {
    let body_start = pem.find('\n').unwrap() + 1;
    let body_end = pem.rfind("-----END").unwrap();
    let mut bytes = pem.as_bytes().to_vec();
    let mut at = (body_start + body_end) / 2;
    while bytes[at] == b'\n' {
        at += 1;
    }
    bytes[at] = b'*';
    String::from_utf8(bytes).unwrap()
}

/// A decoder's result is accepted exactly when `valid`; `black_box` keeps
/// the whole result (the key, on success) until it is checked. Inlined
/// into each check's closure, which is what the scan measures.
#[inline(always)]
fn decodes<T, E>(result: Result<T, E>, valid: bool) {
    assert_eq!(black_box(&result).is_ok(), valid);
}

pub fn all<P: ParameterSet + AssociatedOid>(xi: &[u8; 32], secrets: &Secrets) {
    let sk = SigningKey::<P>::from_seed_boxed(xi);
    let der = |format| sk.pkcs8_der(format).unwrap().as_bytes().to_vec();
    let (seed, expanded, both) = (
        der(PrivateKeyFormat::Seed),
        der(PrivateKeyFormat::Expanded),
        der(PrivateKeyFormat::Both),
    );
    // The `both` form whose halves disagree (a byte of t0), an expanded key
    // with a wrong tr, and a DER one byte short.
    let mut mismatch = both.clone();
    let last = mismatch.len() - 1;
    mismatch[last] ^= 1;
    let mut wrong_tr = expanded.clone();
    let tr_at = expanded.len() - P::SK_LEN + 64;
    wrong_tr[tr_at] ^= 1;
    let short = expanded[..expanded.len() - 1].to_vec();
    let ders: [(&str, &[u8], bool); 6] = [
        ("seed", &seed, true),
        ("expanded", &expanded, true),
        ("both", &both, true),
        ("both, halves disagree", &mismatch, false),
        ("expanded, wrong tr", &wrong_tr, false),
        ("expanded, one byte short", &short, false),
    ];
    for (case, der, valid) in ders {
        let name = |path: &str| format!("{} {path} ({case})", P::NAME);
        check(&name("decode_pkcs8_der"), secrets, || {
            decodes(SigningKey::<P>::decode_pkcs8_der(der), valid)
        });
        check(&name("decode_pkcs8_der_boxed"), secrets, || {
            decodes(SigningKey::<P>::decode_pkcs8_der_boxed(der), valid)
        });
        check(
            &name("decode_pkcs8_der_boxed, precomputed"),
            secrets,
            || {
                decodes(
                    SigningKey::<P, Precomputed>::decode_pkcs8_der_boxed(der),
                    valid,
                )
            },
        );
        check(
            &name("pkcs8::DecodePrivateKey::from_pkcs8_der"),
            secrets,
            || {
                decodes(
                    <SigningKey<P> as DecodePrivateKey>::from_pkcs8_der(der),
                    valid,
                )
            },
        );
        check(&name("TryFrom<PrivateKeyInfoRef>"), secrets, || {
            let key = PrivateKeyInfoRef::try_from(der)
                .ok()
                .map(SigningKey::<P>::try_from);
            assert_eq!(black_box(&key).as_ref().is_some_and(Result::is_ok), valid);
        });
    }

    let pem_seed = pem_of(PRIVATE_KEY_PEM_LABEL, &seed);
    let pem_expanded = pem_of(PRIVATE_KEY_PEM_LABEL, &expanded);
    let pems: [(&str, String, bool); 6] = [
        ("seed", pem_seed.clone(), true),
        ("expanded", pem_expanded.clone(), true),
        (
            "expanded, bad base64 half way",
            bad_base64(&pem_expanded),
            false,
        ),
        ("seed, bad base64 half way", bad_base64(&pem_seed), false),
        (
            "expanded, label PUBLIC KEY",
            pem_of("PUBLIC KEY", &expanded),
            false,
        ),
        (
            "expanded, wrong tr",
            pem_of(PRIVATE_KEY_PEM_LABEL, &wrong_tr),
            false,
        ),
    ];
    for (case, pem, valid) in &pems {
        let (pem, valid) = (pem.as_str(), *valid);
        let name = |path: &str| format!("{} {path} ({case})", P::NAME);
        check(&name("decode_pkcs8_pem"), secrets, || {
            decodes(SigningKey::<P>::decode_pkcs8_pem(pem), valid)
        });
        check(
            &name("decode_pkcs8_pem_boxed, precomputed"),
            secrets,
            || {
                decodes(
                    SigningKey::<P, Precomputed>::decode_pkcs8_pem_boxed(pem),
                    valid,
                )
            },
        );
        check(&name("pem_or_der"), secrets, || {
            let der = pem_or_der(pem.as_bytes(), PRIVATE_KEY_PEM_LABEL);
            black_box(&der);
        });
        let trait_pem = || {
            let key = <SigningKey<P> as DecodePrivateKey>::from_pkcs8_pem(pem);
            assert_eq!(black_box(&key).is_ok(), valid);
        };
        if case.contains("bad base64") {
            // `from_pkcs8_pem` is the `pkcs8` crate's provided method: its
            // `SecretDocument::from_pem` (crate `der`) decodes into a `Vec`
            // that it frees unwiped when the base64 is bad, before this
            // crate's code is reached (SECURITY.md). Printed, not failed.
            let found = find_left(&run_scanned(trait_pem), secrets);
            if !found.is_empty() {
                eprintln!(
                    "note: {} (in pkcs8 / der, not mldsa): {}",
                    name("pkcs8::DecodePrivateKey::from_pkcs8_pem"),
                    found.join("; ")
                );
            }
        } else {
            check(
                &name("pkcs8::DecodePrivateKey::from_pkcs8_pem"),
                secrets,
                trait_pem,
            );
        }
    }

    // The encoders: what they return is dropped (zeroizing), and the
    // caller's buffer is the caller's to wipe.
    for format in [
        PrivateKeyFormat::Seed,
        PrivateKeyFormat::Expanded,
        PrivateKeyFormat::Both,
    ] {
        let name = |path: &str| format!("{} {path} ({format:?})", P::NAME);
        check(&name("pkcs8_der"), secrets, || {
            black_box(&sk.pkcs8_der(format).unwrap());
        });
        check(&name("pkcs8_pem"), secrets, || {
            black_box(&sk.pkcs8_pem(format).unwrap());
        });
        let mut out = vec![0u8; mldsa::encoding::PKCS8_MAX_LEN];
        check(&name("encode_pkcs8_der"), secrets, || {
            black_box(sk.encode_pkcs8_der(format, &mut out).unwrap());
            zeroize_slice(&mut out);
        });
    }
    let name = |path: &str| format!("{} {path}", P::NAME);
    check(
        &name("pkcs8::EncodePrivateKey::to_pkcs8_der"),
        secrets,
        || {
            black_box(&EncodePrivateKey::to_pkcs8_der(&*sk).unwrap());
        },
    );
    check(
        &name("pkcs8::EncodePrivateKey::to_pkcs8_pem"),
        secrets,
        || {
            let pem = EncodePrivateKey::to_pkcs8_pem(&*sk, Default::default());
            black_box(&pem.unwrap());
        },
    );
    check(&name("to_expanded_bytes"), secrets, || {
        black_box(&sk.to_expanded_bytes());
    });
}

/// The caller's wipe of its buffer (what `zeroize` does, in the test).
#[inline(never)]
fn zeroize_slice(buf: &mut [u8]) {
    for b in buf.iter_mut() {
        // A volatile-like write the optimizer keeps: black_box each byte.
        *b = black_box(0);
    }
}
