//! The scan must be able to fail: a key whose wipe is skipped (its drop
//! never runs: [`skip_wipe`] for a key by value, [`skip_wipe_boxed`] for a
//! boxed one, freed without its drop) must be found, made by every
//! constructor and decoder the scan covers (on the stack for a key by
//! value, in the freed heap for a boxed one); and a PEM decode buffer freed
//! unwiped, as `der`'s own `decode_vec` frees it on an error half way (the
//! failure mode `mldsa::encoding`'s PEM decoding guards against), must be
//! found in the freed heap. Nothing is planted in mldsa itself.

use std::hint::black_box;

use mldsa::encoding::{PRIVATE_KEY_PEM_LABEL, PrivateKeyFormat};
use mldsa::pkcs8::{DecodePrivateKey, PrivateKeyInfoRef};
use mldsa::{MlDsa44, Precomputed, SigningKey};

use super::quarantine::free_without_drop;
use super::{find_left, run_scanned, secrets};

/// Whether the key's sk and K are found after `op`.
fn key_found(what: &str, op: impl FnOnce() + Send) -> Result<(), String> {
    let xi: [u8; 32] = core::array::from_fn(|i| (i as u8) ^ 0x5c);
    let found = find_left(&run_scanned(op), &secrets::<MlDsa44>(&xi));
    let packed = found.iter().any(|f| f.contains("packed s1, s2, t0"));
    let k = found.iter().any(|f| f.contains("K: "));
    if packed && k {
        Ok(())
    } else {
        Err(format!(
            "{what}: the unwiped key's sk and K, found: {found:?}"
        ))
    }
}

/// `value` left where it is, its drop (and so its wipe) never run.
fn skip_wipe<T>(value: T) {
    std::mem::forget(black_box(value));
}

/// The boxed key, if any, freed without its drop (and so its wipe) run.
fn skip_wipe_boxed<T>(boxed: Option<Box<T>>) {
    if let Some(boxed) = boxed {
        free_without_drop(black_box(boxed));
    }
}

#[test]
fn a_skipped_wipe_is_found_on_every_path() {
    let xi: Box<[u8; 32]> = Box::new(core::array::from_fn(|i| (i as u8) ^ 0x5c));
    let sk = SigningKey::<MlDsa44>::from_seed_boxed(&xi);
    let expanded = sk.to_expanded_bytes().to_vec();
    let seed_der = sk.pkcs8_der(PrivateKeyFormat::Seed).unwrap();
    let seed_der = seed_der.as_bytes();
    let pem = sk.pkcs8_pem(PrivateKeyFormat::Expanded).unwrap();
    let mut rng = Box::new(super::patterns::Repeat(*xi));
    let results = [
        key_found("from_seed", || {
            skip_wipe(SigningKey::<MlDsa44>::from_seed(&xi));
        }),
        key_found("from_seed, precomputed", || {
            skip_wipe(SigningKey::<MlDsa44, Precomputed>::from_seed(&xi));
        }),
        key_found("generate", || {
            skip_wipe(SigningKey::<MlDsa44>::generate(&mut *rng));
        }),
        key_found("from_seed_boxed, precomputed", || {
            skip_wipe_boxed(Some(SigningKey::<MlDsa44, Precomputed>::from_seed_boxed(
                &xi,
            )));
        }),
        key_found("try_from_expanded", || {
            skip_wipe(SigningKey::<MlDsa44>::try_from_expanded(&expanded));
        }),
        key_found("try_from_expanded_boxed, precomputed", || {
            let key = SigningKey::<MlDsa44, Precomputed>::try_from_expanded_boxed(&expanded);
            skip_wipe_boxed(key.ok());
        }),
        key_found("decode_pkcs8_der", || {
            skip_wipe(SigningKey::<MlDsa44>::decode_pkcs8_der(seed_der));
        }),
        key_found("decode_pkcs8_der_boxed", || {
            skip_wipe_boxed(SigningKey::<MlDsa44>::decode_pkcs8_der_boxed(seed_der).ok());
        }),
        key_found("decode_pkcs8_pem", || {
            skip_wipe(SigningKey::<MlDsa44>::decode_pkcs8_pem(&pem));
        }),
        key_found("decode_pkcs8_pem_boxed", || {
            skip_wipe_boxed(SigningKey::<MlDsa44, Precomputed>::decode_pkcs8_pem_boxed(&pem).ok());
        }),
        key_found("pkcs8::DecodePrivateKey::from_pkcs8_der", || {
            skip_wipe(<SigningKey<MlDsa44> as DecodePrivateKey>::from_pkcs8_der(
                seed_der,
            ));
        }),
        key_found("pkcs8::DecodePrivateKey::from_pkcs8_pem", || {
            skip_wipe(<SigningKey<MlDsa44> as DecodePrivateKey>::from_pkcs8_pem(
                &pem,
            ));
        }),
        key_found("TryFrom<PrivateKeyInfoRef>", || {
            let info = PrivateKeyInfoRef::try_from(seed_der).unwrap();
            skip_wipe(SigningKey::<MlDsa44>::try_from(info));
        }),
        key_found("precompute()", || {
            skip_wipe(sk.precompute());
        }),
    ];
    let failed: Vec<String> = results.into_iter().filter_map(Result::err).collect();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn a_skipped_wipe_is_found_in_the_pem_decode_buffer() {
    let xi: [u8; 32] = core::array::from_fn(|i| (i as u8) ^ 0x5c);
    let sk = SigningKey::<MlDsa44>::from_seed_boxed(&xi);
    let pem = sk.pkcs8_pem(PrivateKeyFormat::Expanded).unwrap();
    // A character outside base64 half way through the body.
    let mut bad = pem.as_bytes().to_vec();
    let mut at = bad.len() / 2;
    while bad[at] == b'\n' {
        at += 1;
    }
    bad[at] = b'*';
    let bad = String::from_utf8(bad).unwrap();
    let found = find_left(
        &run_scanned(|| {
            let key = SigningKey::<MlDsa44>::decode_pkcs8_pem(&bad);
            assert!(black_box(&key).is_err());
            let der = mldsa::encoding::pem_or_der(bad.as_bytes(), PRIVATE_KEY_PEM_LABEL);
            assert!(black_box(&der).is_err());
            // The unwiped path: `der`'s decoder frees what it decoded so
            // far without wiping it.
            let unwiped = mldsa::der::pem::decode_vec(bad.as_bytes());
            assert!(black_box(&unwiped).is_err());
        }),
        &secrets::<MlDsa44>(&xi),
    );
    assert!(
        found
            .iter()
            .filter(|f| f.starts_with("freed heap block") && f.contains("K: "))
            .count()
            >= 1,
        "K in the freed decode buffer, found: {found:?}"
    );
}
