//! The spec against NIST's ACVP vectors (vectors/acvp), a few cases of
//! every kind: key generation, signing through each interface (pure,
//! pre-hash, internal, external mu; deterministic and hedged) and
//! verification (accepted and rejected signatures), on ML-DSA-44, 65 and 87.
//!
//! The other spec tests check the spec against itself (sign then verify,
//! encode then decode), which a change that both sides share passes: a
//! different ExpandA, a different hash input, a different packing order.
//! These values come from outside. `make unit` runs all 615 cases
//! (vectors/tests/acvp_spec.rs); this selection is in the spec's own
//! `cargo test`, which `make mutants` runs against each mutant.

use mldsa_spec::{ML_DSA_44, ML_DSA_65, ML_DSA_87, ParamSet, PreHash};
use serde_json::Value;

/// An ACVP file of vectors/acvp, parsed.
fn acvp(kind: &str, file: &str) -> Value {
    let path = format!(
        "{}/../vectors/acvp/ML-DSA-{kind}-FIPS204/{file}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The test groups of a prompt with the expected results of their tests.
fn groups(kind: &str) -> Vec<(Value, Vec<(Value, Value)>)> {
    let prompt = acvp(kind, "prompt");
    let expected = acvp(kind, "expectedResults");
    let expected_tests = |tg_id: &Value| -> Vec<Value> {
        expected["testGroups"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| &g["tgId"] == tg_id)
            .unwrap()["tests"]
            .as_array()
            .unwrap()
            .clone()
    };
    prompt["testGroups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let results = expected_tests(&g["tgId"]);
            let tests = g["tests"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| {
                    let r = results.iter().find(|r| r["tcId"] == t["tcId"]).unwrap();
                    (t.clone(), r.clone())
                })
                .collect();
            (g.clone(), tests)
        })
        .collect()
}

/// The parameter set ACVP names, by the name FIPS 204 gives it.
fn params(group: &Value) -> ParamSet {
    let name = group["parameterSet"].as_str().unwrap();
    [ML_DSA_44, ML_DSA_65, ML_DSA_87]
        .into_iter()
        .find(|p| p.name() == name)
        .unwrap_or_else(|| panic!("unknown parameter set {name}"))
}

fn bytes(v: &Value) -> Vec<u8> {
    let s = v.as_str().unwrap();
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn array<const N: usize>(v: &Value) -> [u8; N] {
    bytes(v).try_into().unwrap()
}

fn pre_hash(v: &Value) -> PreHash {
    match v.as_str().unwrap() {
        "SHA2-224" => PreHash::Sha2_224,
        "SHA2-256" => PreHash::Sha2_256,
        "SHA2-384" => PreHash::Sha2_384,
        "SHA2-512" => PreHash::Sha2_512,
        "SHA2-512/224" => PreHash::Sha2_512_224,
        "SHA2-512/256" => PreHash::Sha2_512_256,
        "SHA3-224" => PreHash::Sha3_224,
        "SHA3-256" => PreHash::Sha3_256,
        "SHA3-384" => PreHash::Sha3_384,
        "SHA3-512" => PreHash::Sha3_512,
        "SHAKE-128" => PreHash::Shake128,
        "SHAKE-256" => PreHash::Shake256,
        other => panic!("unknown hash {other}"),
    }
}

/// Algorithm 6, ML-DSA.KeyGen_internal: two seeds a parameter set.
#[test]
fn key_gen_matches_acvp() {
    for (group, tests) in groups("keyGen") {
        let p = params(&group);
        for (t, expected) in tests.iter().take(2) {
            let (pk, sk) = mldsa_spec::ml_dsa_key_gen_internal(&p, &array(&t["seed"]));
            assert_eq!(pk, bytes(&expected["pk"]), "keyGen tcId {}", t["tcId"]);
            assert_eq!(sk, bytes(&expected["sk"]), "keyGen tcId {}", t["tcId"]);
        }
    }
}

/// Algorithms 2, 4 and 7 (with external mu too): the first case of each of
/// the 24 groups (3 sets x pure / pre-hash / internal / external mu x
/// deterministic / hedged).
#[test]
fn sign_matches_acvp() {
    for (group, tests) in groups("sigGen") {
        let p = params(&group);
        let (t, expected) = &tests[0];
        let sk = bytes(&t["sk"]);
        let rnd: [u8; 32] = if group["deterministic"] == true {
            [0; 32]
        } else {
            array(&t["rnd"])
        };
        let sigma = if group["signatureInterface"] == "internal" {
            if group["externalMu"] == true {
                mldsa_spec::ml_dsa_sign_internal_external_mu(&p, &sk, &array(&t["mu"]), &rnd)
            } else {
                mldsa_spec::ml_dsa_sign_internal(&p, &sk, &bytes(&t["message"]), &rnd)
            }
        } else if group["preHash"] == "preHash" {
            let (m, ctx) = (bytes(&t["message"]), bytes(&t["context"]));
            mldsa_spec::hash_ml_dsa_sign(&p, &sk, &m, &ctx, pre_hash(&t["hashAlg"]), Some(rnd))
        } else {
            let (m, ctx) = (bytes(&t["message"]), bytes(&t["context"]));
            mldsa_spec::ml_dsa_sign(&p, &sk, &m, &ctx, Some(rnd))
        };
        assert_eq!(
            sigma.unwrap(),
            bytes(&expected["signature"]),
            "sigGen tgId {} tcId {}",
            group["tgId"],
            t["tcId"]
        );
    }
}

/// Algorithms 3, 5 and 8 (with external mu too): in each of the 12 groups,
/// the first signature ACVP expects accepted and the first it expects
/// rejected.
#[test]
fn verify_matches_acvp() {
    for (group, tests) in groups("sigVer") {
        let p = params(&group);
        for passed in [true, false] {
            let (t, _) = tests
                .iter()
                .find(|(_, e)| e["testPassed"] == passed)
                .unwrap();
            let (pk, sigma) = (bytes(&t["pk"]), bytes(&t["signature"]));
            let verdict = if group["signatureInterface"] == "internal" {
                if group["externalMu"] == true {
                    mldsa_spec::ml_dsa_verify_internal_external_mu(
                        &p,
                        &pk,
                        &array(&t["mu"]),
                        &sigma,
                    )
                } else {
                    mldsa_spec::ml_dsa_verify_internal(&p, &pk, &bytes(&t["message"]), &sigma)
                }
            } else if group["preHash"] == "preHash" {
                let (m, ctx) = (bytes(&t["message"]), bytes(&t["context"]));
                let ph = pre_hash(&t["hashAlg"]);
                mldsa_spec::hash_ml_dsa_verify(&p, &pk, &m, &sigma, &ctx, ph).unwrap_or(false)
            } else {
                let (m, ctx) = (bytes(&t["message"]), bytes(&t["context"]));
                mldsa_spec::ml_dsa_verify(&p, &pk, &m, &sigma, &ctx).unwrap_or(false)
            };
            assert_eq!(
                verdict, passed,
                "sigVer tgId {} tcId {}",
                group["tgId"], t["tcId"]
            );
        }
    }
}
