//! Verification agreement, for the three parameter sets: the impl's
//! `VerifyingKey::verify_with_context`, and Verify_internal on every backend,
//! accept exactly when the spec's `ml_dsa_verify` returns `Ok(true)`, on valid signatures and on mutated ones: random bit
//! flips anywhere, c~ changed, malformed hints (an index repeated, indices
//! out of order, a count over omega, a decreasing count, nonzero padding),
//! z coefficients at and around gamma1 - beta (re-encoded with the spec's
//! sigEncode), signatures and public keys of the wrong length, and contexts
//! over 255 bytes (an error in both).

use crate::calls::{decode_verifying_key, verify_internal};
use crate::common::*;
use mldsa::backend::Backend;
use mldsa::params::ParameterSet;
use mldsa::{Error, SigningKey, VerifyingKey};
use mldsa_spec::encodings::{sig_decode, sig_encode};
use mldsa_spec::hash::h;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// What a verification said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Accept,
    Reject,
    ContextTooLong,
}

/// The spec's verdict on (pk, msg, sig, ctx).
pub(crate) fn spec_verdict<P: ParameterSet>(
    pk: &[u8],
    msg: &[u8],
    sig: &[u8],
    ctx: &[u8],
) -> Verdict {
    match mldsa_spec::ml_dsa_verify(&spec_params::<P>(), pk, msg, sig, ctx) {
        Ok(true) => Verdict::Accept,
        Ok(false) => Verdict::Reject,
        Err(mldsa_spec::Error::ContextTooLong) => Verdict::ContextTooLong,
        Err(e) => panic!("spec verify: {e:?}"),
    }
}

/// mu = H(H(pk, 64) || 0 || |ctx| || ctx || msg, 64), by the spec.
pub(crate) fn spec_mu(pk: &[u8], msg: &[u8], ctx: &[u8]) -> [u8; 64] {
    let m_prime = mldsa_spec::ml_dsa::format_message(0, ctx, msg);
    h(&[&h(pk, 64)[..], &m_prime].concat(), 64)
        .try_into()
        .unwrap()
}

/// Verify_internal on backend `B` (the key decoded on `B`) gives `expected`.
fn check_backend<P: ParameterSet, B: Backend>(
    what: &str,
    pk: &[u8],
    mu: &[u8; 64],
    sig: &[u8],
    expected: bool,
) -> Result<(), TestCaseError> {
    let got = match decode_verifying_key::<P, B>(pk) {
        Ok(vk) => verify_internal::<P, B>(&vk, mu, sig),
        Err(e) => {
            prop_assert_eq!(e, Error::WrongLength, "{}: {}", P::NAME, what);
            false
        }
    };
    prop_assert_eq!(
        got,
        expected,
        "{} {}: {}: Verify_internal differs from the spec",
        B::NAME,
        P::NAME,
        what
    );
    Ok(())
}

/// The spec's verdict on (pk, msg, sig, ctx), which the public API (with
/// the error it promises, never another) and every backend's
/// Verify_internal must give; returns it.
pub(crate) fn agree<P: ParameterSet>(
    what: &str,
    pk: &[u8],
    msg: &[u8],
    sig: &[u8],
    ctx: &[u8],
) -> Result<Verdict, TestCaseError> {
    let spec = spec_verdict::<P>(pk, msg, sig, ctx);
    let api = match VerifyingKey::<P>::try_from(pk) {
        Err(e) => {
            prop_assert_eq!(e, Error::WrongLength, "{}: {}", P::NAME, what);
            prop_assert_ne!(pk.len(), P::PK_LEN);
            Verdict::Reject
        }
        Ok(vk) => match vk.verify_with_context(msg, sig, ctx) {
            Ok(()) => Verdict::Accept,
            Err(Error::InvalidSignature) => Verdict::Reject,
            Err(Error::ContextTooLong) => Verdict::ContextTooLong,
            Err(e) => return Err(TestCaseError::fail(format!("{what}: error {e:?}"))),
        },
    };
    prop_assert_eq!(
        api,
        spec,
        "{}: {}: the API differs from the spec",
        P::NAME,
        what
    );
    if ctx.len() <= 255 {
        let mu = spec_mu(pk, msg, ctx);
        let accept = spec == Verdict::Accept;
        for_each_backend!(check_backend::<P>(what, pk, &mu, sig, accept));
    }
    Ok(spec)
}

/// Both must reject.
fn both_reject<P: ParameterSet>(
    what: &str,
    pk: &[u8],
    msg: &[u8],
    sig: &[u8],
    ctx: &[u8],
) -> Result<(), TestCaseError> {
    let v = agree::<P>(what, pk, msg, sig, ctx)?;
    prop_assert_eq!(
        v,
        Verdict::Reject,
        "{}: {}: must be rejected",
        P::NAME,
        what
    );
    Ok(())
}

/// The hint section y (omega + k bytes) of a signature, and where it starts.
fn hint_start(p: &mldsa_spec::ParamSet) -> usize {
    p.sig_len() - p.omega() - p.k()
}

/// Every hint mutation of the standard's HintBitUnpack checks that applies
/// to this signature, each with its name.
fn hint_mutations(p: &mldsa_spec::ParamSet, sig: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
    let start = hint_start(p);
    let (omega, k) = (p.omega(), p.k());
    let counts: Vec<usize> = (0..k).map(|i| sig[start + omega + i] as usize).collect();
    let total = counts[k - 1];
    let mut out = Vec::new();
    let edit = |f: &dyn Fn(&mut [u8])| {
        let mut s = sig.to_vec();
        f(&mut s[start..]);
        s
    };
    for i in 0..k {
        let first = if i == 0 { 0 } else { counts[i - 1] };
        let end = counts[i];
        if end - first >= 2 {
            out.push(("hint index repeated", edit(&|y| y[first + 1] = y[first])));
            out.push((
                "hint indices out of order",
                edit(&|y| y.swap(first, first + 1)),
            ));
        }
        if i > 0 && counts[i - 1] > 0 {
            out.push((
                "decreasing cumulative hint count",
                edit(&|y| y[omega + i] = (counts[i - 1] - 1) as u8),
            ));
        }
        out.push((
            "hint count over omega",
            edit(&|y| y[omega + i] = omega as u8 + 1),
        ));
        out.push(("hint count 255", edit(&|y| y[omega + i] = 255)));
    }
    if total < omega {
        out.push((
            "nonzero hint padding (last byte)",
            edit(&|y| y[omega - 1] = 1),
        ));
        out.push((
            "nonzero hint padding (first byte)",
            edit(&|y| y[total] = 0x80),
        ));
    }
    out
}

/// The signature with z[i]_j replaced by `value`, re-encoded with the
/// spec's sigEncode (c~ and h kept).
fn with_z(p: &mldsa_spec::ParamSet, sig: &[u8], i: usize, j: usize, value: i32) -> Vec<u8> {
    let (c, mut z, h) = sig_decode(p, sig).unwrap();
    z[i][j] = value;
    sig_encode(p, &c, &z, &h.unwrap())
}

fn check_verify<P: ParameterSet>(
    case: Case<'_>,
    flips: &[usize],
    c_pos: usize,
    c_xor: u8,
    z_pos: (usize, usize),
) -> Result<(), TestCaseError> {
    let p = spec_params::<P>();
    let Case { xi, msg, ctx, rnd } = case;
    let sk = SigningKey::<P>::from_seed(xi);
    let pk = sk.verifying_key().to_bytes();
    let pk: &[u8] = pk.as_ref();
    let sig = sk.sign_with_rnd(msg, ctx, rnd).unwrap();
    let sig: &[u8] = sig.as_ref();

    let v = agree::<P>("valid signature", pk, msg, sig, ctx)?;
    prop_assert_eq!(
        v,
        Verdict::Accept,
        "{}: a valid signature must verify",
        P::NAME
    );
    let mut other_msg = msg.to_vec();
    other_msg.push(1);
    both_reject::<P>("other message", pk, &other_msg, sig, ctx)?;
    let mut other_ctx = ctx.to_vec();
    if other_ctx.len() < 255 {
        other_ctx.push(0);
    } else {
        other_ctx[0] ^= 1;
    }
    both_reject::<P>("other context", pk, msg, sig, &other_ctx)?;

    // Random single bit flips, anywhere in the signature and in the key.
    for &f in flips {
        let bit = f % (8 * sig.len());
        let mut s = sig.to_vec();
        s[bit / 8] ^= 1 << (bit % 8);
        agree::<P>(&format!("signature bit {bit} flipped"), pk, msg, &s, ctx)?;
        let bit = f % (8 * pk.len());
        let mut k = pk.to_vec();
        k[bit / 8] ^= 1 << (bit % 8);
        agree::<P>(&format!("public key bit {bit} flipped"), &k, msg, sig, ctx)?;
    }

    // c~ changed.
    let mut s = sig.to_vec();
    s[c_pos % (p.lambda() / 4)] ^= c_xor.max(1);
    both_reject::<P>("c~ changed", pk, msg, &s, ctx)?;

    // Malformed hints.
    for (what, s) in hint_mutations(&p, sig) {
        both_reject::<P>(what, pk, msg, &s, ctx)?;
    }

    // z at the norm bound: gamma1 - beta is rejected; gamma1 - beta - 1
    // passes the norm check (and then c~ decides); gamma1 and -(gamma1 - 1)
    // are the ends of the encoding.
    let (i, j) = (z_pos.0 % p.l(), z_pos.1 % N);
    let bound = p.gamma1() - p.beta();
    for value in [
        bound,
        -bound,
        bound + 1,
        -(bound + 1),
        p.gamma1(),
        -(p.gamma1() - 1),
    ] {
        let s = with_z(&p, sig, i, j, value);
        both_reject::<P>(&format!("z[{i}][{j}] = {value}"), pk, msg, &s, ctx)?;
    }
    for value in [bound - 1, -(bound - 1), 0] {
        let s = with_z(&p, sig, i, j, value);
        agree::<P>(&format!("z[{i}][{j}] = {value}"), pk, msg, &s, ctx)?;
    }
    // The signature re-encoded unchanged still verifies.
    let (c, z, h) = sig_decode(&p, sig).unwrap();
    let same = sig_encode(&p, &c, &z, &h.unwrap());
    prop_assert_eq!(&same[..], sig);

    // Wrong lengths.
    let mut long = sig.to_vec();
    long.push(0);
    both_reject::<P>("signature one byte too long", pk, msg, &long, ctx)?;
    both_reject::<P>(
        "signature one byte too short",
        pk,
        msg,
        &sig[..sig.len() - 1],
        ctx,
    )?;
    both_reject::<P>(
        "signature truncated",
        pk,
        msg,
        &sig[..flips.first().copied().unwrap_or(7) % sig.len()],
        ctx,
    )?;
    both_reject::<P>("empty signature", pk, msg, &[], ctx)?;
    let mut long_pk = pk.to_vec();
    long_pk.push(0);
    both_reject::<P>("public key one byte too long", &long_pk, msg, sig, ctx)?;
    both_reject::<P>(
        "public key one byte too short",
        &pk[..pk.len() - 1],
        msg,
        sig,
        ctx,
    )?;
    both_reject::<P>("empty public key", &[], msg, sig, ctx)?;
    prop_assert_eq!(
        VerifyingKey::<P>::try_from(&pk[1..]).err(),
        Some(Error::WrongLength)
    );
    prop_assert!(mldsa::Signature::<P>::try_from(&sig[1..]).is_err());

    // Contexts over 255 bytes are an error in both, signing and verifying.
    for len in [256, 300] {
        let long_ctx = vec![0x5Cu8; len];
        let v = agree::<P>("context over 255 bytes", pk, msg, sig, &long_ctx)?;
        prop_assert_eq!(v, Verdict::ContextTooLong);
        prop_assert_eq!(
            sk.sign_with_rnd(msg, &long_ctx, rnd).err(),
            Some(Error::ContextTooLong)
        );
        prop_assert_eq!(
            sk.sign_prehashed(mldsa::PreHash::Sha2_256, msg, &long_ctx, rnd)
                .err(),
            Some(Error::ContextTooLong)
        );
        prop_assert_eq!(
            sk.verifying_key()
                .verify_prehashed(mldsa::PreHash::Sha2_256, msg, sig, &long_ctx)
                .err(),
            Some(Error::ContextTooLong)
        );
        prop_assert!(mldsa::MuBuilder::new(sk.verifying_key(), &long_ctx).is_err());
        let spec_sk = sk.to_expanded_bytes();
        prop_assert_eq!(
            mldsa_spec::ml_dsa_sign(&p, (*spec_sk).as_ref(), msg, &long_ctx, Some(*rnd)),
            Err(mldsa_spec::Error::ContextTooLong)
        );
        prop_assert_eq!(
            mldsa_spec::hash_ml_dsa_verify(
                &p,
                pk,
                msg,
                sig,
                &long_ctx,
                mldsa_spec::PreHash::Sha2_256
            ),
            Err(mldsa_spec::Error::ContextTooLong)
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(proptest_config!(24))]

    #[test]
    fn verify_agrees_with_spec(
        (i, (xi, msg, ctx, rnd)) in per_params(|_| (any::<[u8; 32]>(), message(), context(), any::<[u8; 32]>())),
        flips in prop::collection::vec(any::<usize>(), 1..6),
        c_pos in any::<usize>(),
        c_xor in any::<u8>(),
        z_pos in (any::<usize>(), any::<usize>()),
    ) {
        let case = Case { xi: &xi, msg: &msg, ctx: &ctx, rnd: &rnd };
        with_params!(i, { check_verify::<P>(case, &flips, c_pos, c_xor, z_pos)?; });
    }

    /// Random bit flips only, many per signature.
    #[test]
    fn bit_flips_agree_with_spec(
        (i, (xi, msg, ctx)) in per_params(|_| (any::<[u8; 32]>(), message(), context())),
        flips in prop::collection::vec(any::<usize>(), 16..32),
    ) {
        with_params!(i, {
            let sk = SigningKey::<P>::from_seed(&xi);
            let pk = sk.verifying_key().to_bytes();
            let sig = sk.sign_deterministic(&msg, &ctx).unwrap();
            for f in flips {
                let bit = f % (8 * sig.as_ref().len());
                let mut s = sig.as_ref().to_vec();
                s[bit / 8] ^= 1 << (bit % 8);
                agree::<P>(&format!("bit {bit} flipped"), pk.as_ref(), &msg, &s, &ctx)?;
            }
        });
    }
}

fn verify_edges_for<P: ParameterSet>() -> Result<(), TestCaseError> {
    let p = spec_params::<P>();
    let sk = SigningKey::<P>::from_seed(&[3; 32]);
    let pk = sk.verifying_key().to_bytes();
    let pk: &[u8] = pk.as_ref();
    for (msg, ctx) in [(&b""[..], &b""[..]), (&b"message"[..], &[0xFFu8; 255][..])] {
        let sig = sk.sign_deterministic(msg, ctx).unwrap();
        // Every bit of c~ and of the hint section, one at a time.
        let start = hint_start(&p);
        for bit in (0..8 * p.lambda() / 4).chain(8 * start..8 * p.sig_len()) {
            let mut s = sig.as_ref().to_vec();
            s[bit / 8] ^= 1 << (bit % 8);
            agree::<P>(&format!("bit {bit} flipped"), pk, msg, &s, ctx)?;
        }
        // Every kind of hint mutation applies to these signatures.
        let kinds: std::collections::BTreeSet<&str> = hint_mutations(&p, sig.as_ref())
            .into_iter()
            .map(|(what, _)| what)
            .collect();
        prop_assert_eq!(kinds.len(), 7, "{}: hint mutations {:?}", P::NAME, kinds);
        for (what, s) in hint_mutations(&p, sig.as_ref()) {
            both_reject::<P>(what, pk, msg, &s, ctx)?;
        }
        // All-zero and all-0xFF signatures and keys.
        for fill in [0u8, 0xFF] {
            both_reject::<P>("constant signature", pk, msg, &vec![fill; p.sig_len()], ctx)?;
            agree::<P>(
                "constant public key",
                &vec![fill; p.pk_len()],
                msg,
                sig.as_ref(),
                ctx,
            )?;
        }
    }
    Ok(())
}

per_set! {
    verify_edges => verify_edges_for,
}
