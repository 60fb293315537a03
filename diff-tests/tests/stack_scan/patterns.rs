//! The caller's patterns of the README and the crate docs: a key made by
//! value and kept where it was made (`let`, `?`, `unwrap`, a struct field
//! filled by the constructor), and the boxed constructors for a key that
//! moves (into a struct, out of a function, into `drop`). A move of a
//! by-value key is a memory copy whose source Rust never drops, so no
//! library can wipe it: the docs point to the boxed form for that, and
//! this checks that the boxed form leaves nothing.

use std::hint::black_box;

use mldsa::const_oid::AssociatedOid;
use mldsa::{Error, ParameterSet, Precomputed, SigningKey};

use super::{Secrets, check, find_left, record, run_scanned, secrets};

/// A caller's struct holding a key (and something else: the key is not
/// the whole of it). Read only through `black_box`.
#[allow(dead_code)]
struct Holder<K> {
    id: u64,
    key: K,
}

/// A toy generator repeating one 32-byte string (rand_core 0.10), for
/// `generate` and `RandomizedSigner`.
pub struct Repeat(pub [u8; 32]);

use mldsa::signature_traits::rand_core;

impl rand_core::TryRng for Repeat {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(0)
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(0)
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        dst.copy_from_slice(&self.0[..dst.len()]);
        Ok(())
    }
}

impl rand_core::TryCryptoRng for Repeat {}

#[inline(never)]
fn question_mark<P: ParameterSet>(expanded: &[u8]) -> Result<usize, Error> {
    let sk = SigningKey::<P>::try_from_expanded(expanded)?;
    Ok(black_box(&sk).verifying_key().as_bytes().len())
}

#[inline(never)]
fn question_mark_pkcs8<P: ParameterSet + AssociatedOid>(der: &[u8]) -> Result<usize, Error> {
    let sk = SigningKey::<P>::decode_pkcs8_der(der)?;
    Ok(black_box(&sk).verifying_key().as_bytes().len())
}

#[inline(never)]
fn question_mark_pkcs8_boxed<P: ParameterSet + AssociatedOid>(der: &[u8]) -> Result<usize, Error> {
    let sk = SigningKey::<P>::decode_pkcs8_der_boxed(der)?;
    Ok(black_box(&sk).verifying_key().as_bytes().len())
}

#[inline(never)]
fn question_mark_boxed<P: ParameterSet>(expanded: &[u8]) -> Result<usize, Error> {
    let sk = SigningKey::<P>::try_from_expanded_boxed(expanded)?;
    Ok(black_box(&sk).verifying_key().as_bytes().len())
}

/// Returns a boxed key out of the function that made it (a move).
#[inline(never)]
fn made_elsewhere<P: ParameterSet>(xi: &[u8; 32]) -> Holder<Box<SigningKey<P>>> {
    let key = SigningKey::<P>::from_seed_boxed(xi);
    Holder { id: 1, key }
}

/// The README's first lines with the boxed constructor,
/// `generate_os_boxed()?`, the seed drawn copied out to `seed` (on the
/// heap, outside the scan) so that the secrets can be computed afterwards.
#[inline(never)]
fn readme<P: ParameterSet>(seed: &mut [u8; 32]) -> Result<(), Error> {
    let sk = SigningKey::<P>::generate_os_boxed()?;
    let sig = sk.sign_deterministic(b"message", b"context")?;
    sk.verifying_key()
        .verify_with_context(b"message", sig.as_ref(), b"context")?;
    seed.copy_from_slice(sk.seed().ok_or(Error::MalformedKey)?);
    Ok(())
}

pub fn all<P: ParameterSet + AssociatedOid>(xi: &[u8; 32], secrets_of_xi: &Secrets) {
    let s = secrets_of_xi;
    let name = |pattern: &str| format!("{} caller pattern: {pattern}", P::NAME);
    let compact = SigningKey::<P>::from_seed_boxed(xi);
    let expanded: Vec<u8> = compact.to_expanded_bytes().as_ref().to_vec();
    let der = compact
        .pkcs8_der(Default::default())
        .unwrap()
        .as_bytes()
        .to_vec();
    let expanded = &expanded[..];

    // By value, kept where it was made.
    check(&name("let sk = from_seed(..)"), s, || {
        let sk = SigningKey::<P>::from_seed(xi);
        black_box(&sk);
    });
    let mut rng = Box::new(Repeat(*xi));
    check(&name("let sk = generate(&mut rng)"), s, || {
        let sk = SigningKey::<P>::generate(&mut *rng);
        black_box(&sk);
    });
    check(
        &name("let sk = PrecomputedSigningKey::from_seed(..)"),
        s,
        || {
            let sk = SigningKey::<P, Precomputed>::from_seed(xi);
            black_box(&sk);
        },
    );
    check(&name("let fast = sk.precompute()"), s, || {
        let fast = compact.precompute();
        black_box(&fast);
    });

    // Boxed: the key moves, its box does not.
    check(&name("boxed, moved into a struct"), s, || {
        let key = SigningKey::<P>::from_seed_boxed(xi);
        let holder = Holder { id: 7, key };
        black_box(&holder);
    });
    check(&name("boxed, returned in a struct"), s, || {
        black_box(&made_elsewhere::<P>(xi));
    });
    check(
        &name("boxed, let sk = try_from_expanded_boxed(..)?"),
        s,
        || {
            assert!(question_mark_boxed::<P>(expanded).is_ok());
        },
    );
    check(
        &name("boxed, let sk = decode_pkcs8_der_boxed(..)?"),
        s,
        || {
            assert!(question_mark_pkcs8_boxed::<P>(&der).is_ok());
        },
    );
    check(
        &name("boxed, try_from_expanded_boxed(..).unwrap()"),
        s,
        || {
            let sk = SigningKey::<P>::try_from_expanded_boxed(expanded).unwrap();
            black_box(&sk);
        },
    );
    check(&name("boxed, drop(sk)"), s, || {
        let sk = SigningKey::<P, Precomputed>::from_seed_boxed(xi);
        black_box(&sk);
        drop(sk);
    });

    // By value, then moved: a copy Rust leaves behind and never drops
    // (the docs say so and point to the boxed form). Printed, not failed:
    // whether the compiler forwards a move is its choice.
    let moved: [(&str, &(dyn Fn() + Sync)); 5] = [
        ("let sk = try_from_expanded(..)?", &|| {
            assert!(question_mark::<P>(expanded).is_ok())
        }),
        ("let sk = decode_pkcs8_der(..)?", &|| {
            assert!(question_mark_pkcs8::<P>(&der).is_ok())
        }),
        ("let sk = try_from_expanded(..).unwrap()", &|| {
            black_box(&SigningKey::<P>::try_from_expanded(expanded).unwrap());
        }),
        ("drop(sk)", &|| {
            let sk = SigningKey::<P>::from_seed(xi);
            black_box(&sk);
            drop(sk);
        }),
        ("Holder { key: from_seed(..) }", &|| {
            black_box(&Holder {
                id: 7,
                key: SigningKey::<P>::from_seed(xi),
            });
        }),
    ];
    for (pattern, op) in moved {
        let found = find_left(&run_scanned(op), s);
        if !found.is_empty() {
            eprintln!(
                "note: {} by value, then moved ({pattern}): a copy left, as documented ({} pieces)",
                P::NAME,
                found.len()
            );
        }
    }

    // The README's example: generate_os()?, sign, verify.
    let mut seed = Box::new([0u8; 32]);
    let left = run_scanned(|| assert!(readme::<P>(&mut seed).is_ok()));
    record(
        &name("README, boxed: generate_os_boxed()?"),
        find_left(&left, &secrets::<P>(&seed)),
    );
}
