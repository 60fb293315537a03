//! Runs every NIST ACVP vector against the executable specification
//! (`mldsa-spec`). See the report with
//! `cargo test -p mldsa-vectors --release --test acvp_spec -- --nocapture`.

use mldsa_diff_tests::PREHASHES;
use mldsa_spec::{ML_DSA_44, ML_DSA_65, ML_DSA_87, ParamSet, PreHash};
use mldsa_vectors::{HashAlg, ParameterSet, Rnd, SignInput, Target, run_all};

/// [`Target`] adapter for the specification crate.
struct Spec;

fn params(ps: ParameterSet) -> ParamSet {
    match ps {
        ParameterSet::MlDsa44 => ML_DSA_44,
        ParameterSet::MlDsa65 => ML_DSA_65,
        ParameterSet::MlDsa87 => ML_DSA_87,
    }
}

/// The spec's twin of a pre-hash function.
fn pre_hash(hash: HashAlg) -> PreHash {
    PREHASHES
        .iter()
        .find(|(h, _)| *h == hash)
        .map(|(_, ph)| *ph)
        .expect("PREHASHES lists all twelve")
}

impl Target for Spec {
    fn name(&self) -> String {
        "mldsa-spec".to_owned()
    }

    fn key_gen(&self, ps: ParameterSet, seed: &[u8; 32]) -> (Vec<u8>, Vec<u8>) {
        mldsa_spec::ml_dsa_key_gen_internal(&params(ps), seed)
    }

    fn sign(&self, ps: ParameterSet, sk: &[u8], msg: SignInput<'_>, rnd: &Rnd) -> Option<Vec<u8>> {
        let p = params(ps);
        // The runner always supplies rnd (32 zero bytes when deterministic).
        let signed = match msg {
            SignInput::Pure { message, context } => {
                mldsa_spec::ml_dsa_sign(&p, sk, message, context, Some(*rnd))
            }
            SignInput::PreHash {
                message,
                context,
                hash,
            } => mldsa_spec::hash_ml_dsa_sign(&p, sk, message, context, pre_hash(hash), Some(*rnd)),
            SignInput::Internal { message } => {
                mldsa_spec::ml_dsa_sign_internal(&p, sk, message, rnd)
            }
            SignInput::ExternalMu { mu } => {
                mldsa_spec::ml_dsa_sign_internal_external_mu(&p, sk, mu, rnd)
            }
        };
        signed.ok()
    }

    fn verify(&self, ps: ParameterSet, pk: &[u8], input: SignInput<'_>, signature: &[u8]) -> bool {
        let p = params(ps);
        match input {
            SignInput::Pure { message, context } => {
                mldsa_spec::ml_dsa_verify(&p, pk, message, signature, context).unwrap_or(false)
            }
            SignInput::PreHash {
                message,
                context,
                hash,
            } => {
                mldsa_spec::hash_ml_dsa_verify(&p, pk, message, signature, context, pre_hash(hash))
                    .unwrap_or(false)
            }
            SignInput::Internal { message } => {
                mldsa_spec::ml_dsa_verify_internal(&p, pk, message, signature)
            }
            SignInput::ExternalMu { mu } => {
                mldsa_spec::ml_dsa_verify_internal_external_mu(&p, pk, mu, signature)
            }
        }
    }
}

#[test]
fn acvp_spec() {
    run_all(&Spec).assert_complete_and_passed();
}
