//! Runs every NIST ACVP vector against the optimized crate `mldsa`, on the
//! backend this process selected (force one with `MLDSA_BACKEND`).
//! `cargo test -p mldsa-vectors --release --test acvp_mldsa -- --nocapture`.

use mldsa::{MlDsa44, MlDsa65, MlDsa87, ParameterSet as Params, SigningKey, VerifyingKey};
use mldsa_vectors::{ParameterSet, Rnd, SignInput, Target, run_all};

/// [`Target`] adapter for `mldsa`.
struct Mldsa;

fn key_gen<P: Params>(seed: &[u8; 32]) -> (Vec<u8>, Vec<u8>) {
    let sk = SigningKey::<P>::from_seed(seed);
    (
        sk.verifying_key().as_bytes().to_vec(),
        sk.to_expanded_bytes().as_ref().to_vec(),
    )
}

fn sign<P: Params>(sk: &[u8], input: SignInput<'_>, rnd: &[u8; 32]) -> Option<Vec<u8>> {
    // Import validates the expanded key (ranges, t0 and tr consistency).
    let sk = SigningKey::<P>::try_from_expanded(sk).ok()?;
    let sig = match input {
        SignInput::Pure { message, context } => sk.sign_with_rnd(message, context, rnd).ok()?,
        SignInput::PreHash {
            message,
            context,
            hash,
        } => sk.sign_prehashed(hash, message, context, rnd).ok()?,
        SignInput::Internal { message } => mldsa::hazmat::sign_internal(&sk, message, rnd),
        SignInput::ExternalMu { mu } => sk.sign_mu(&mldsa::Mu(*mu), rnd),
    };
    Some(sig.as_ref().to_vec())
}

fn verify<P: Params>(pk: &[u8], input: SignInput<'_>, sig: &[u8]) -> bool {
    let Ok(vk) = VerifyingKey::<P>::try_from(pk) else {
        return false;
    };
    match input {
        SignInput::Pure { message, context } => {
            vk.verify_with_context(message, sig, context).is_ok()
        }
        SignInput::PreHash {
            message,
            context,
            hash,
        } => vk.verify_prehashed(hash, message, sig, context).is_ok(),
        SignInput::Internal { message } => {
            mldsa::hazmat::verify_internal(&vk, message, sig).is_ok()
        }
        SignInput::ExternalMu { mu } => vk.verify_mu(&mldsa::Mu(*mu), sig).is_ok(),
    }
}

impl Target for Mldsa {
    fn name(&self) -> String {
        format!("mldsa/{}", mldsa::selected_backend().name())
    }

    fn key_gen(&self, ps: ParameterSet, seed: &[u8; 32]) -> (Vec<u8>, Vec<u8>) {
        match ps {
            ParameterSet::MlDsa44 => key_gen::<MlDsa44>(seed),
            ParameterSet::MlDsa65 => key_gen::<MlDsa65>(seed),
            ParameterSet::MlDsa87 => key_gen::<MlDsa87>(seed),
        }
    }

    fn sign(&self, ps: ParameterSet, sk: &[u8], msg: SignInput<'_>, rnd: &Rnd) -> Option<Vec<u8>> {
        match ps {
            ParameterSet::MlDsa44 => sign::<MlDsa44>(sk, msg, rnd),
            ParameterSet::MlDsa65 => sign::<MlDsa65>(sk, msg, rnd),
            ParameterSet::MlDsa87 => sign::<MlDsa87>(sk, msg, rnd),
        }
    }

    fn verify(&self, ps: ParameterSet, pk: &[u8], input: SignInput<'_>, signature: &[u8]) -> bool {
        match ps {
            ParameterSet::MlDsa44 => verify::<MlDsa44>(pk, input, signature),
            ParameterSet::MlDsa65 => verify::<MlDsa65>(pk, input, signature),
            ParameterSet::MlDsa87 => verify::<MlDsa87>(pk, input, signature),
        }
    }
}

#[test]
fn acvp_mldsa() {
    // A forced backend the CPU cannot run would silently fall back to another
    // one: fail loudly instead (CI forces every backend it requires).
    if let Ok(forced) = std::env::var("MLDSA_BACKEND") {
        let selected = mldsa::selected_backend().name();
        assert_eq!(
            selected, forced,
            "MLDSA_BACKEND={forced} was requested but this CPU runs {selected}"
        );
    }
    run_all(&Mldsa).assert_complete_and_passed();
}
