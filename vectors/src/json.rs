//! Loading the ACVP JSON files and joining `prompt.json` with
//! `expectedResults.json` on `tgId` / `tcId`.
//!
//! The vectors are test data: a missing file, a malformed or missing field,
//! or a prompt without its expected result is a panic naming the file, the
//! group, the case and the field.

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use serde_json::{Map, Value};

use crate::{HashAlg, Interface, ParameterSet, SignInput, hash_alg_from_acvp, hex};

/// The folder names under [`acvp_dir`](crate::acvp_dir).
pub(crate) const KEY_GEN_DIR: &str = "ML-DSA-keyGen-FIPS204";
pub(crate) const SIG_GEN_DIR: &str = "ML-DSA-sigGen-FIPS204";
pub(crate) const SIG_VER_DIR: &str = "ML-DSA-sigVer-FIPS204";

/// One keyGen case: ξ and the expected key pair.
#[derive(Clone, Debug)]
pub struct KeyGenCase {
    /// ACVP test group id.
    pub tg_id: u64,
    /// ACVP test case id.
    pub tc_id: u64,
    /// The parameter set of the group.
    pub parameter_set: ParameterSet,
    /// The seed ξ.
    pub seed: [u8; 32],
    /// The expected encoded public key.
    pub pk: Vec<u8>,
    /// The expected encoded (expanded) secret key.
    pub sk: Vec<u8>,
}

/// The owned form of a [`SignInput`], as read from the vectors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// See [`SignInput::Pure`].
    Pure {
        /// The message M.
        message: Vec<u8>,
        /// The context string ctx.
        context: Vec<u8>,
    },
    /// See [`SignInput::PreHash`].
    PreHash {
        /// The message M.
        message: Vec<u8>,
        /// The context string ctx.
        context: Vec<u8>,
        /// The pre-hash function.
        hash: HashAlg,
    },
    /// See [`SignInput::Internal`].
    Internal {
        /// The formatted message M'.
        message: Vec<u8>,
    },
    /// See [`SignInput::ExternalMu`].
    ExternalMu {
        /// The message representative μ.
        mu: [u8; 64],
    },
}

impl Input {
    /// Borrows this input as a [`SignInput`].
    pub fn as_sign_input(&self) -> SignInput<'_> {
        match self {
            Self::Pure { message, context } => SignInput::Pure { message, context },
            Self::PreHash {
                message,
                context,
                hash,
            } => SignInput::PreHash {
                message,
                context,
                hash: *hash,
            },
            Self::Internal { message } => SignInput::Internal { message },
            Self::ExternalMu { mu } => SignInput::ExternalMu { mu },
        }
    }

    /// The interface this input goes through.
    pub fn interface(&self) -> Interface {
        self.as_sign_input().interface()
    }
}

/// One sigGen case: the inputs and the expected signature.
#[derive(Clone, Debug)]
pub struct SigGenCase {
    /// ACVP test group id.
    pub tg_id: u64,
    /// ACVP test case id.
    pub tc_id: u64,
    /// The parameter set of the group.
    pub parameter_set: ParameterSet,
    /// Whether the group is deterministic (`rnd` is then 32 zero bytes).
    pub deterministic: bool,
    /// The encoded secret key.
    pub sk: Vec<u8>,
    /// What is signed, and how.
    pub input: Input,
    /// The randomness: 32 zero bytes for deterministic groups, else `rnd`.
    pub rnd: [u8; 32],
    /// The expected signature.
    pub signature: Vec<u8>,
}

/// One sigVer case: the inputs and whether the signature must verify.
#[derive(Clone, Debug)]
pub struct SigVerCase {
    /// ACVP test group id.
    pub tg_id: u64,
    /// ACVP test case id.
    pub tc_id: u64,
    /// The parameter set of the group.
    pub parameter_set: ParameterSet,
    /// The encoded public key.
    pub pk: Vec<u8>,
    /// What was signed, and how.
    pub input: Input,
    /// The signature to check.
    pub signature: Vec<u8>,
    /// The expected verification result (`testPassed`).
    pub expected: bool,
}

/// All ACVP cases, joined with their expected results.
#[derive(Clone, Debug)]
pub struct Vectors {
    /// The keyGen cases (75 in the shipped set).
    pub key_gen: Vec<KeyGenCase>,
    /// The sigGen cases (360 in the shipped set).
    pub sig_gen: Vec<SigGenCase>,
    /// The sigVer cases (180 in the shipped set).
    pub sig_ver: Vec<SigVerCase>,
}

impl Vectors {
    /// Loads the three ACVP folders under `dir` (normally
    /// [`acvp_dir`](crate::acvp_dir)).
    ///
    /// # Panics
    /// If a file is missing or malformed, or a prompt has no expected result.
    pub fn load(dir: &Path) -> Self {
        Vectors {
            key_gen: load_folder(dir, KEY_GEN_DIR, "keyGen", key_gen_case),
            sig_gen: load_folder(dir, SIG_GEN_DIR, "sigGen", sig_gen_case),
            sig_ver: load_folder(dir, SIG_VER_DIR, "sigVer", sig_ver_case),
        }
    }
}

/// Reads and joins one folder, turning each joined case into a `T`.
fn load_folder<T>(dir: &Path, folder: &str, mode: &str, case: fn(&Joined<'_>) -> T) -> Vec<T> {
    let prompt = read_json(&dir.join(folder).join("prompt.json"));
    let expected = read_json(&dir.join(folder).join("expectedResults.json"));
    join(
        &prompt,
        &format!("{folder}/prompt.json"),
        &expected,
        &format!("{folder}/expectedResults.json"),
        mode,
    )
    .iter()
    .map(case)
    .collect()
}

fn read_json(path: &Path) -> Value {
    let text = fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read ACVP file {}: {e}", path.display()));
    serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("ACVP file {} is not valid JSON: {e}", path.display()))
}

/// A JSON object together with a description of where it is, for messages.
#[derive(Clone)]
pub(crate) struct Obj<'a> {
    map: &'a Map<String, Value>,
    at: String,
}

impl<'a> Obj<'a> {
    fn new(value: &'a Value, at: String) -> Self {
        match value.as_object() {
            Some(map) => Obj { map, at },
            None => panic!("{at}: expected a JSON object, found {}", kind(value)),
        }
    }

    fn opt(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key)
    }

    fn get(&self, key: &str) -> &'a Value {
        self.opt(key)
            .unwrap_or_else(|| panic!("{}: missing field `{key}`", self.at))
    }

    fn wrong(&self, key: &str, want: &str) -> ! {
        panic!(
            "{}: field `{key}` should be {want}, found {}",
            self.at,
            kind(self.get(key))
        )
    }

    fn str(&self, key: &str) -> &'a str {
        self.get(key)
            .as_str()
            .unwrap_or_else(|| self.wrong(key, "a string"))
    }

    fn u64(&self, key: &str) -> u64 {
        self.get(key)
            .as_u64()
            .unwrap_or_else(|| self.wrong(key, "a non-negative integer"))
    }

    fn bool(&self, key: &str) -> bool {
        self.get(key)
            .as_bool()
            .unwrap_or_else(|| self.wrong(key, "a boolean"))
    }

    fn array(&self, key: &str) -> &'a [Value] {
        self.get(key)
            .as_array()
            .unwrap_or_else(|| self.wrong(key, "an array"))
    }

    fn bytes(&self, key: &str) -> Vec<u8> {
        hex::decode(self.str(key))
            .unwrap_or_else(|e| panic!("{}: field `{key}` is not hex: {e}", self.at))
    }

    fn byte_array<const N: usize>(&self, key: &str) -> [u8; N] {
        let bytes = self.bytes(key);
        bytes.as_slice().try_into().unwrap_or_else(|_| {
            panic!(
                "{}: field `{key}` should be {N} bytes, found {}",
                self.at,
                bytes.len()
            )
        })
    }

    fn parameter_set(&self) -> ParameterSet {
        let name = self.str("parameterSet");
        ParameterSet::from_acvp(name)
            .unwrap_or_else(|| panic!("{}: unknown parameterSet {name:?}", self.at))
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// One prompt test joined with its expected result, plus its group.
pub(crate) struct Joined<'a> {
    group: Obj<'a>,
    test: Obj<'a>,
    expected: Obj<'a>,
}

/// Checks the headers of both files and pairs every prompt test with its
/// expected result. Panics on any mismatch.
pub(crate) fn join<'a>(
    prompt: &'a Value,
    prompt_name: &str,
    expected: &'a Value,
    expected_name: &str,
    mode: &str,
) -> Vec<Joined<'a>> {
    let prompt_top = Obj::new(prompt, prompt_name.to_owned());
    let expected_top = Obj::new(expected, expected_name.to_owned());
    for top in [&prompt_top, &expected_top] {
        for (key, want) in [
            ("algorithm", "ML-DSA"),
            ("mode", mode),
            ("revision", "FIPS204"),
        ] {
            let found = top.str(key);
            assert!(
                found == want,
                "{}: `{key}` is {found:?}, expected {want:?}",
                top.at
            );
        }
    }
    let (vs_prompt, vs_expected) = (prompt_top.u64("vsId"), expected_top.u64("vsId"));
    assert!(
        vs_prompt == vs_expected,
        "{prompt_name} has vsId {vs_prompt} but {expected_name} has vsId {vs_expected}"
    );

    // Index the expected results by (tgId, tcId).
    let mut results: HashMap<(u64, u64), Obj<'a>> = HashMap::new();
    for (g, group) in expected_top.array("testGroups").iter().enumerate() {
        let group = Obj::new(group, format!("{expected_name} testGroups[{g}]"));
        let tg_id = group.u64("tgId");
        for (t, test) in group.array("tests").iter().enumerate() {
            let test = Obj::new(test, format!("{expected_name} tgId {tg_id} tests[{t}]"));
            let tc_id = test.u64("tcId");
            let at = format!("{expected_name} tgId {tg_id} tcId {tc_id}");
            let previous = results.insert((tg_id, tc_id), Obj { at, ..test });
            assert!(
                previous.is_none(),
                "{expected_name}: duplicate tgId {tg_id} tcId {tc_id}"
            );
        }
    }

    let mut joined = Vec::new();
    for (g, group) in prompt_top.array("testGroups").iter().enumerate() {
        let group = Obj::new(group, format!("{prompt_name} testGroups[{g}]"));
        let tg_id = group.u64("tgId");
        let group = Obj {
            at: format!("{prompt_name} tgId {tg_id}"),
            ..group
        };
        for (t, test) in group.array("tests").iter().enumerate() {
            let test = Obj::new(test, format!("{prompt_name} tgId {tg_id} tests[{t}]"));
            let tc_id = test.u64("tcId");
            let expected = results.remove(&(tg_id, tc_id)).unwrap_or_else(|| {
                panic!("{expected_name}: no expected result for tgId {tg_id} tcId {tc_id}")
            });
            let test = Obj {
                at: format!("{prompt_name} tgId {tg_id} tcId {tc_id}"),
                ..test
            };
            joined.push(Joined {
                group: group.clone(),
                test,
                expected,
            });
        }
    }
    if let Some(((tg_id, tc_id), _)) = results.iter().min_by_key(|(id, _)| **id) {
        panic!(
            "{expected_name}: {} expected result(s) without a prompt, e.g. tgId {tg_id} tcId {tc_id}",
            results.len()
        );
    }
    joined
}

fn ids(j: &Joined<'_>) -> (u64, u64) {
    (j.group.u64("tgId"), j.test.u64("tcId"))
}

pub(crate) fn key_gen_case(j: &Joined<'_>) -> KeyGenCase {
    let (tg_id, tc_id) = ids(j);
    KeyGenCase {
        tg_id,
        tc_id,
        parameter_set: j.group.parameter_set(),
        seed: j.test.byte_array("seed"),
        pk: j.expected.bytes("pk"),
        sk: j.expected.bytes("sk"),
    }
}

/// The interface a sigGen / sigVer group declares.
fn group_interface(group: &Obj<'_>) -> Interface {
    match group.str("signatureInterface") {
        "external" => match group.str("preHash") {
            "pure" => Interface::Pure,
            "preHash" => Interface::PreHash,
            other => panic!("{}: unknown preHash {other:?}", group.at),
        },
        "internal" => {
            if group.bool("externalMu") {
                Interface::ExternalMu
            } else {
                Interface::Internal
            }
        }
        other => panic!("{}: unknown signatureInterface {other:?}", group.at),
    }
}

fn input(interface: Interface, test: &Obj<'_>) -> Input {
    match interface {
        Interface::Pure => Input::Pure {
            message: test.bytes("message"),
            context: test.bytes("context"),
        },
        Interface::PreHash => {
            let name = test.str("hashAlg");
            Input::PreHash {
                message: test.bytes("message"),
                context: test.bytes("context"),
                hash: hash_alg_from_acvp(name)
                    .unwrap_or_else(|| panic!("{}: unknown hashAlg {name:?}", test.at)),
            }
        }
        Interface::Internal => Input::Internal {
            message: test.bytes("message"),
        },
        Interface::ExternalMu => Input::ExternalMu {
            mu: test.byte_array("mu"),
        },
    }
}

pub(crate) fn sig_gen_case(j: &Joined<'_>) -> SigGenCase {
    let (tg_id, tc_id) = ids(j);
    let deterministic = j.group.bool("deterministic");
    let rnd = match (deterministic, j.test.opt("rnd").is_some()) {
        (true, false) => [0; 32],
        (false, true) => j.test.byte_array("rnd"),
        (true, true) => panic!("{}: deterministic group but the case has `rnd`", j.test.at),
        (false, false) => panic!("{}: hedged group: missing field `rnd`", j.test.at),
    };
    SigGenCase {
        tg_id,
        tc_id,
        parameter_set: j.group.parameter_set(),
        deterministic,
        sk: j.test.bytes("sk"),
        input: input(group_interface(&j.group), &j.test),
        rnd,
        signature: j.expected.bytes("signature"),
    }
}

pub(crate) fn sig_ver_case(j: &Joined<'_>) -> SigVerCase {
    let (tg_id, tc_id) = ids(j);
    SigVerCase {
        tg_id,
        tc_id,
        parameter_set: j.group.parameter_set(),
        pk: j.test.bytes("pk"),
        input: input(group_interface(&j.group), &j.test),
        signature: j.test.bytes("signature"),
        expected: j.expected.bool("testPassed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn key_gen_files(seed: Value, expected_tc: u64) -> (Value, Value) {
        let prompt = json!({
            "vsId": 1, "algorithm": "ML-DSA", "mode": "keyGen", "revision": "FIPS204",
            "testGroups": [{ "tgId": 1, "parameterSet": "ML-DSA-44",
                             "tests": [{ "tcId": 1, "seed": seed }] }]
        });
        let expected = json!({
            "vsId": 1, "algorithm": "ML-DSA", "mode": "keyGen", "revision": "FIPS204",
            "testGroups": [{ "tgId": 1, "tests": [{ "tcId": expected_tc, "pk": "AB", "sk": "cd" }] }]
        });
        (prompt, expected)
    }

    fn load_key_gen(prompt: &Value, expected: &Value) -> Vec<KeyGenCase> {
        join(prompt, "p.json", expected, "e.json", "keyGen")
            .iter()
            .map(key_gen_case)
            .collect()
    }

    #[test]
    fn joins_a_well_formed_key_gen_file() {
        let (p, e) = key_gen_files(Value::String("00".repeat(32)), 1);
        let cases = load_key_gen(&p, &e);
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].parameter_set, ParameterSet::MlDsa44);
        assert_eq!(
            (cases[0].pk.as_slice(), cases[0].sk.as_slice()),
            (&[0xab][..], &[0xcd][..])
        );
    }

    /// One test each: loading `key_gen_files(seed, expected_tc)` panics with
    /// the message given.
    macro_rules! key_gen_refused {
        ($($name:ident: ($seed:expr, $expected_tc:expr) => $message:literal;)*) => {$(
            #[test]
            #[should_panic(expected = $message)]
            fn $name() {
                let (p, e) = key_gen_files($seed, $expected_tc);
                load_key_gen(&p, &e);
            }
        )*};
    }

    key_gen_refused! {
        short_seed_is_reported: (Value::String("00".repeat(31)), 1)
            => "p.json tgId 1 tcId 1: field `seed` should be 32 bytes, found 31";
        wrong_type_is_reported: (json!(7), 1)
            => "p.json tgId 1 tcId 1: field `seed` should be a string, found a number";
        bad_hex_is_reported: (Value::String("0X".repeat(32)), 1)
            => "p.json tgId 1 tcId 1: field `seed` is not hex";
        missing_expected_result_is_reported: (Value::String("00".repeat(32)), 2)
            => "e.json: no expected result for tgId 1 tcId 1";
    }

    #[test]
    #[should_panic(expected = "p.json: `mode` is \"keyGen\", expected \"sigGen\"")]
    fn wrong_mode_is_reported() {
        let (p, e) = key_gen_files(Value::String("00".repeat(32)), 1);
        join(&p, "p.json", &e, "e.json", "sigGen");
    }

    #[test]
    #[should_panic(expected = "p.json tgId 1 tcId 1: missing field `mu`")]
    fn missing_field_is_reported() {
        let p = json!({
            "vsId": 1, "algorithm": "ML-DSA", "mode": "sigVer", "revision": "FIPS204",
            "testGroups": [{ "tgId": 1, "parameterSet": "ML-DSA-87", "signatureInterface": "internal",
                             "externalMu": true,
                             "tests": [{ "tcId": 1, "pk": "00", "message": "00", "signature": "00" }] }]
        });
        let e = json!({
            "vsId": 1, "algorithm": "ML-DSA", "mode": "sigVer", "revision": "FIPS204",
            "testGroups": [{ "tgId": 1, "tests": [{ "tcId": 1, "testPassed": true }] }]
        });
        let _: Vec<_> = join(&p, "p.json", &e, "e.json", "sigVer")
            .iter()
            .map(sig_ver_case)
            .collect();
    }

    #[test]
    #[should_panic(expected = "cannot read ACVP file")]
    fn missing_folder_is_reported() {
        Vectors::load(Path::new("/nonexistent/acvp"));
    }
}
