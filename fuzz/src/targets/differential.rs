//! mldsa's verification decision against mldsa-spec's, on arbitrary inputs
//! and on mutated valid signatures.
//!
//! First byte even: arbitrary, the layout of the `verify` target
//! (parameter set, pk, sig, ctx, then the message). First byte odd:
//! mutated valid: parameter set, key seed byte, ctx and msg fields, then
//! mutations of four bytes each (operation, position as u16, value) applied
//! to a fresh signature of msg under ctx (and to its public key). The
//! operations aim at what verification checks: single bytes anywhere, the
//! hint section (indices, counts, padding), z coefficients at and around
//! gamma1 - beta re-encoded with the spec's sigEncode, lengths.
//!
//! The public API's decision (selected backend) and Verify_internal on every
//! backend must equal `ml_dsa_verify`'s.

use crate::{Input, assert_all, on_every_backend, spec_mu, spec_params, verify_on, with_params};
use mldsa::{Error, ParameterSet, SigningKey, VerifyingKey};
use mldsa_spec::encodings::{sig_decode, sig_encode};

/// Verdicts: accepted, rejected, context too long.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    Accept,
    Reject,
    ContextTooLong,
}

fn compare<P: ParameterSet>(pk: &[u8], sig: &[u8], ctx: &[u8], msg: &[u8]) {
    let spec = match mldsa_spec::ml_dsa_verify(&spec_params::<P>(), pk, msg, sig, ctx) {
        Ok(true) => Verdict::Accept,
        Ok(false) => Verdict::Reject,
        Err(mldsa_spec::Error::ContextTooLong) => Verdict::ContextTooLong,
        Err(e) => panic!("spec verify: {e:?}"),
    };
    let api = match VerifyingKey::<P>::try_from(pk)
        .and_then(|vk| vk.verify_with_context(msg, sig, ctx))
    {
        Ok(()) => Verdict::Accept,
        Err(Error::ContextTooLong) => Verdict::ContextTooLong,
        // A public key of the wrong length is refused before there is a
        // key to check a context with; ML-DSA.Verify (the spec) checks the
        // context first. Both refuse: with both faults, either error.
        Err(Error::WrongLength) if pk.len() != P::PK_LEN && ctx.len() > 255 => {
            Verdict::ContextTooLong
        }
        Err(Error::WrongLength | Error::InvalidSignature) => Verdict::Reject,
        Err(e) => panic!("{}: unexpected error {e:?}", P::NAME),
    };
    assert_eq!(
        api,
        spec,
        "{}: public verify disagrees with the spec",
        P::NAME
    );
    if ctx.len() <= 255 {
        let mu = spec_mu(pk, msg, ctx);
        let per_backend = on_every_backend!(verify_on::<P>(pk, &mu, sig));
        assert_all(
            "Verify_internal",
            P::NAME,
            &per_backend,
            &(spec == Verdict::Accept),
        );
    }
}

/// z's replacement values: around the norm bound and the ends of the range.
fn z_value(p: &mldsa_spec::ParamSet, v: u8) -> i32 {
    let bound = p.gamma1() - p.beta();
    let values = [
        bound,
        -bound,
        bound - 1,
        -(bound - 1),
        bound + 1,
        -(bound + 1),
        p.gamma1(),
        -(p.gamma1() - 1),
        0,
    ];
    values[v as usize % values.len()]
}

fn mutate<P: ParameterSet>(input: &mut Input<'_>, pk: &mut [u8], sig: &mut Vec<u8>) {
    let p = spec_params::<P>();
    let hint_start = P::SIG_LEN - P::OMEGA - P::K;
    for _ in 0..16 {
        let op = input.byte();
        let pos = input.u16() as usize;
        let value = input.byte();
        match op % 8 {
            _ if sig.is_empty() => return,
            0 => {
                let i = pos % sig.len();
                sig[i] ^= value.max(1);
            }
            1 if sig.len() == P::SIG_LEN => {
                // A byte of the hint section: indices, then the counts.
                sig[hint_start + pos % (P::OMEGA + P::K)] = value;
            }
            2 if sig.len() == P::SIG_LEN => {
                // One z coefficient set, the signature re-encoded.
                if let Ok((c, mut z, Some(h))) = sig_decode(&p, sig) {
                    let i = pos % (P::L * 256);
                    z[i / 256][i % 256] = z_value(&p, value);
                    *sig = sig_encode(&p, &c, &z, &h);
                }
            }
            3 if sig.len() == P::SIG_LEN => {
                // Two adjacent hint indices swapped, or one repeated.
                let i = hint_start + pos % (P::OMEGA - 1);
                if value & 1 == 0 {
                    sig.swap(i, i + 1);
                } else {
                    sig[i + 1] = sig[i];
                }
            }
            4 => {
                let i = pos % pk.len();
                pk[i] ^= value.max(1);
            }
            5 => {
                // Longer or shorter by a few bytes.
                if value & 1 == 0 {
                    sig.resize(sig.len() + 1 + value as usize % 4, value);
                } else {
                    sig.truncate(sig.len().saturating_sub(1 + value as usize % 4));
                }
            }
            6 => {
                let i = pos % sig.len();
                sig[i] = value;
            }
            _ => return,
        }
    }
}

fn mutated<P: ParameterSet>(input: &mut Input<'_>) {
    let seed = input.byte();
    let ctx = input.field();
    let ctx = &ctx[..ctx.len().min(255)];
    let msg = input.field();
    let sk = SigningKey::<P>::from_seed(&[seed; 32]);
    let mut pk = sk.verifying_key().as_bytes().to_vec();
    let mut sig = sk.sign_deterministic(msg, ctx).unwrap().as_ref().to_vec();
    mutate::<P>(input, &mut pk, &mut sig);
    compare::<P>(&pk, &sig, ctx, msg);
}

/// One fuzz input.
pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    let mode = input.byte();
    let sel = input.byte();
    if mode & 1 == 0 {
        let pk = input.field();
        let sig = input.field();
        let ctx = input.field();
        let msg = input.rest();
        with_params!(sel, P => compare::<P>(pk, sig, ctx, msg));
    } else {
        with_params!(sel, P => mutated::<P>(&mut input));
    }
}
