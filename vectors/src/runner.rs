//! Running every ACVP case against a [`Target`] and summarising the outcome.

use std::any::Any;
use std::collections::BTreeMap;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};

use crate::{Interface, ParameterSet, SignInput, Target, Vectors, acvp_dir};

/// At most this many failures are listed by `Display for Report`; all of them
/// are in [`Report::failures`].
const MAX_LISTED_FAILURES: usize = 100;

/// The three ACVP test kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// Key generation from ξ.
    KeyGen,
    /// Signature generation.
    SigGen,
    /// Signature verification.
    SigVer,
}

impl Kind {
    /// All kinds, in the order the report lists them.
    pub const ALL: [Kind; 3] = [Self::KeyGen, Self::SigGen, Self::SigVer];

    /// The ACVP mode name: `keyGen`, `sigGen` or `sigVer`.
    pub fn name(self) -> &'static str {
        match self {
            Self::KeyGen => "keyGen",
            Self::SigGen => "sigGen",
            Self::SigVer => "sigVer",
        }
    }
}

/// Whether a sigGen case is deterministic (rnd = 32 zero bytes) or hedged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Randomness {
    /// rnd is 32 zero bytes.
    Deterministic,
    /// rnd is given by the case.
    Hedged,
}

impl Randomness {
    /// Both variants, in the order the report lists them.
    pub const ALL: [Randomness; 2] = [Self::Deterministic, Self::Hedged];

    /// `deterministic` or `hedged`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Deterministic => "deterministic",
            Self::Hedged => "hedged",
        }
    }
}

/// The finest grouping a [`Report`] counts by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bucket {
    /// keyGen, sigGen or sigVer.
    pub kind: Kind,
    /// The parameter set of the case.
    pub parameter_set: ParameterSet,
    /// The interface (sigGen and sigVer only).
    pub interface: Option<Interface>,
    /// Deterministic or hedged (sigGen only).
    pub randomness: Option<Randomness>,
}

/// How many cases were checked and how many of them passed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Cases run.
    pub checked: usize,
    /// Cases whose result matched the expected one.
    pub passed: usize,
}

impl Tally {
    /// Cases that failed.
    pub fn failed(&self) -> usize {
        self.checked - self.passed
    }
}

impl fmt::Display for Tally {
    /// `passed/checked`, e.g. `75/75`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.passed, self.checked)
    }
}

/// The outcome of running the vectors against one [`Target`].
///
/// `Display` prints a summary such as
/// `acvp[mldsa-spec]: keyGen 75/75, sigGen 360/360, sigVer 180/180 checked, 0 failures`
/// (each pair is passed/checked), then a breakdown per parameter set and per
/// interface, then the failures.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The target's [`Target::name`].
    pub target: String,
    /// keyGen cases checked.
    pub key_gen: usize,
    /// sigGen cases checked.
    pub sig_gen: usize,
    /// sigVer cases checked.
    pub sig_ver: usize,
    /// One description per failed case: kind, tgId, tcId, parameter set,
    /// interface and what differed.
    pub failures: Vec<String>,
    /// Checked / passed counts per [`Bucket`].
    pub tallies: BTreeMap<Bucket, Tally>,
}

impl Report {
    /// The case counts of the whole ACVP set: (keyGen, sigGen, sigVer).
    pub const COMPLETE: (usize, usize, usize) = (75, 360, 180);

    /// Prints the report (stdout, shown with `--nocapture`) and panics,
    /// with the report on stderr so that it shows in the test output, if a
    /// case failed or the counts are not [`Self::COMPLETE`] (a truncated
    /// vector file would otherwise pass silently).
    pub fn assert_complete_and_passed(&self) {
        println!("{self}");
        let counts = (self.key_gen, self.sig_gen, self.sig_ver);
        if !self.failures.is_empty() || counts != Self::COMPLETE {
            eprintln!("{self}");
        }
        assert!(
            self.failures.is_empty(),
            "{} ACVP case(s) failed against {} (see the report above)",
            self.failures.len(),
            self.target
        );
        assert_eq!(
            counts,
            Self::COMPLETE,
            "wrong number of ACVP cases (keyGen, sigGen, sigVer)"
        );
    }

    /// True when no case failed.
    pub fn is_success(&self) -> bool {
        self.failures.is_empty()
    }

    /// The sum of the tallies of all buckets that `select` accepts.
    pub fn tally(&self, select: impl Fn(&Bucket) -> bool) -> Tally {
        self.tallies
            .iter()
            .filter(|(bucket, _)| select(bucket))
            .fold(Tally::default(), |sum, (_, t)| Tally {
                checked: sum.checked + t.checked,
                passed: sum.passed + t.passed,
            })
    }

    fn record(&mut self, bucket: Bucket, failure: Option<String>) {
        match bucket.kind {
            Kind::KeyGen => self.key_gen += 1,
            Kind::SigGen => self.sig_gen += 1,
            Kind::SigVer => self.sig_ver += 1,
        }
        let tally = self.tallies.entry(bucket).or_default();
        tally.checked += 1;
        match failure {
            None => tally.passed += 1,
            Some(failure) => self.failures.push(failure),
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.failures.len();
        let of_kind = |kind| self.tally(|b| b.kind == kind);
        let mut lines = vec![format!(
            "acvp[{}]: keyGen {}, sigGen {}, sigVer {} checked, {n} failure{}",
            self.target,
            of_kind(Kind::KeyGen),
            of_kind(Kind::SigGen),
            of_kind(Kind::SigVer),
            if n == 1 { "" } else { "s" },
        )];
        for ps in ParameterSet::ALL {
            let counts: Vec<String> = Kind::ALL
                .iter()
                .map(|&kind| {
                    let t = self.tally(|b| b.kind == kind && b.parameter_set == ps);
                    format!("{} {t}", kind.name())
                })
                .collect();
            lines.push(format!("  {ps}: {}", counts.join(", ")));
        }
        for interface in Interface::ALL {
            let counts: Vec<String> = Randomness::ALL
                .iter()
                .map(|&r| {
                    let t = self.tally(|b| {
                        b.kind == Kind::SigGen
                            && b.interface == Some(interface)
                            && b.randomness == Some(r)
                    });
                    format!("{} {t}", r.name())
                })
                .collect();
            lines.push(format!("  sigGen {interface}: {}", counts.join(", ")));
        }
        let counts: Vec<String> = Interface::ALL
            .iter()
            .map(|&interface| {
                let t = self.tally(|b| b.kind == Kind::SigVer && b.interface == Some(interface));
                format!("{interface} {t}")
            })
            .collect();
        lines.push(format!("  sigVer: {}", counts.join(", ")));
        for failure in self.failures.iter().take(MAX_LISTED_FAILURES) {
            lines.push(format!("  FAIL {failure}"));
        }
        if n > MAX_LISTED_FAILURES {
            lines.push(format!(
                "  ... and {} more failures (all are in Report::failures)",
                n - MAX_LISTED_FAILURES
            ));
        }
        f.write_str(&lines.join("\n"))
    }
}

/// Loads the vectors from [`acvp_dir`] and runs every case against `target`.
///
/// # Panics
/// If the vector files are missing or malformed (see [`Vectors::load`]).
/// Panics inside `target` do not propagate: each is a failure of its case.
pub fn run_all(target: &dyn Target) -> Report {
    run(&Vectors::load(&acvp_dir()), target)
}

/// Runs every case of `vectors` against `target`, collecting all failures.
pub fn run(vectors: &Vectors, target: &dyn Target) -> Report {
    let mut report = Report {
        target: target.name(),
        ..Report::default()
    };

    for case in &vectors.key_gen {
        let ps = case.parameter_set;
        let problem = match guarded(|| target.key_gen(ps, &case.seed)) {
            Err(panicked) => Some(panicked),
            Ok((pk, sk)) => {
                let diffs: Vec<String> =
                    [compare("pk", &pk, &case.pk), compare("sk", &sk, &case.sk)]
                        .into_iter()
                        .flatten()
                        .collect();
                (!diffs.is_empty()).then(|| diffs.join("; "))
            }
        };
        let bucket = Bucket {
            kind: Kind::KeyGen,
            parameter_set: ps,
            interface: None,
            randomness: None,
        };
        let failure =
            problem.map(|p| format!("keyGen tgId {} tcId {} {ps}: {p}", case.tg_id, case.tc_id));
        report.record(bucket, failure);
    }

    for case in &vectors.sig_gen {
        let ps = case.parameter_set;
        let input = case.input.as_sign_input();
        let randomness = if case.deterministic {
            Randomness::Deterministic
        } else {
            Randomness::Hedged
        };
        let problem = match guarded(|| target.sign(ps, &case.sk, input, &case.rnd)) {
            Err(panicked) => Some(panicked),
            Ok(None) => Some("the target refused to sign".to_owned()),
            Ok(Some(signature)) => compare("signature", &signature, &case.signature),
        };
        let bucket = Bucket {
            kind: Kind::SigGen,
            parameter_set: ps,
            interface: Some(input.interface()),
            randomness: Some(randomness),
        };
        let failure = problem.map(|p| {
            format!(
                "sigGen tgId {} tcId {} {ps} {} {}: {p}",
                case.tg_id,
                case.tc_id,
                describe(&input),
                randomness.name()
            )
        });
        report.record(bucket, failure);
    }

    for case in &vectors.sig_ver {
        let ps = case.parameter_set;
        let input = case.input.as_sign_input();
        let problem = match guarded(|| target.verify(ps, &case.pk, input, &case.signature)) {
            Err(panicked) => Some(panicked),
            Ok(accepted) if accepted == case.expected => None,
            Ok(true) => Some("accepted a signature that must be rejected".to_owned()),
            Ok(false) => Some("rejected a valid signature".to_owned()),
        };
        let bucket = Bucket {
            kind: Kind::SigVer,
            parameter_set: ps,
            interface: Some(input.interface()),
            randomness: None,
        };
        let failure = problem.map(|p| {
            format!(
                "sigVer tgId {} tcId {} {ps} {}: {p}",
                case.tg_id,
                case.tc_id,
                describe(&input)
            )
        });
        report.record(bucket, failure);
    }

    report
}

/// Runs `f`, turning a panic into a description of it.
fn guarded<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    panic::catch_unwind(AssertUnwindSafe(f))
        .map_err(|payload| format!("the target panicked: {}", panic_message(payload.as_ref())))
}

fn panic_message(payload: &(dyn Any + Send)) -> &str {
    if let Some(message) = payload.downcast_ref::<&str>() {
        message
    } else if let Some(message) = payload.downcast_ref::<String>() {
        message
    } else {
        "(a non-string panic payload)"
    }
}

/// `None` if equal, else where `got` first differs from `expected`.
fn compare(what: &str, got: &[u8], expected: &[u8]) -> Option<String> {
    if got == expected {
        return None;
    }
    let (n, m) = (got.len(), expected.len());
    Some(match got.iter().zip(expected).position(|(a, b)| a != b) {
        Some(i) => format!(
            "{what} differs from byte {i} on (got {:02X}, expected {:02X}; {n} bytes, expected {m})",
            got[i], expected[i]
        ),
        None => format!("{what} has {n} bytes, expected {m} (the common prefix matches)"),
    })
}

/// The interface of an input for failure messages, with the hash if any.
fn describe(input: &SignInput<'_>) -> String {
    match input {
        SignInput::PreHash { hash, .. } => format!("preHash {}", crate::hash_alg_name(*hash)),
        other => other.interface().name().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{HashAlg, Rnd, hash_alg_from_acvp, hash_alg_name};
    use std::collections::HashSet;
    use std::sync::OnceLock;

    fn vectors() -> &'static Vectors {
        static VECTORS: OnceLock<Vectors> = OnceLock::new();
        VECTORS.get_or_init(|| Vectors::load(&acvp_dir()))
    }

    #[test]
    fn shipped_vectors_have_the_expected_counts() {
        let v = vectors();
        assert_eq!(
            (v.key_gen.len(), v.sig_gen.len(), v.sig_ver.len()),
            (75, 360, 180)
        );
        for ps in ParameterSet::ALL {
            assert_eq!(
                v.key_gen.iter().filter(|c| c.parameter_set == ps).count(),
                25
            );
            assert_eq!(
                v.sig_gen.iter().filter(|c| c.parameter_set == ps).count(),
                120
            );
            assert_eq!(
                v.sig_ver.iter().filter(|c| c.parameter_set == ps).count(),
                60
            );
        }
        for interface in Interface::ALL {
            for deterministic in [true, false] {
                let n = v
                    .sig_gen
                    .iter()
                    .filter(|c| {
                        c.input.interface() == interface && c.deterministic == deterministic
                    })
                    .count();
                assert_eq!(n, 45, "sigGen {interface} deterministic={deterministic}");
            }
            let n = v
                .sig_ver
                .iter()
                .filter(|c| c.input.interface() == interface)
                .count();
            assert_eq!(n, 45, "sigVer {interface}");
        }
        // 3 valid and 12 invalid signatures per sigVer group.
        assert_eq!(v.sig_ver.iter().filter(|c| c.expected).count(), 36);
        // Deterministic groups sign with rnd = 0^32, hedged ones with a given rnd.
        assert!(
            v.sig_gen
                .iter()
                .filter(|c| c.deterministic)
                .all(|c| c.rnd == [0; 32])
        );
        assert!(
            v.sig_gen
                .iter()
                .filter(|c| !c.deterministic)
                .all(|c| c.rnd != [0; 32])
        );
    }

    #[test]
    fn every_hash_alg_name_parses_and_all_occur() {
        for hash in HashAlg::ALL {
            assert_eq!(hash_alg_from_acvp(hash_alg_name(hash)), Some(hash));
        }
        for name in [
            "SHA2-512/224",
            "SHA2-512/256",
            "SHAKE-128",
            "SHAKE-256",
            "SHA3-224",
        ] {
            assert!(hash_alg_from_acvp(name).is_some(), "{name}");
        }
        for name in ["SHA-256", "sha2-256", "SHAKE128", "SHA2-512-224", ""] {
            assert_eq!(hash_alg_from_acvp(name), None, "{name}");
        }
        let v = vectors();
        let used = |inputs: Vec<&Input>| -> HashSet<HashAlg> {
            inputs
                .into_iter()
                .filter_map(|i| match i {
                    Input::PreHash { hash, .. } => Some(*hash),
                    _ => None,
                })
                .collect()
        };
        let all: HashSet<HashAlg> = HashAlg::ALL.into_iter().collect();
        assert_eq!(used(v.sig_gen.iter().map(|c| &c.input).collect()), all);
        assert_eq!(used(v.sig_ver.iter().map(|c| &c.input).collect()), all);
    }

    #[test]
    fn parameter_set_names_parse() {
        for ps in ParameterSet::ALL {
            assert_eq!(ParameterSet::from_acvp(ps.name()), Some(ps));
        }
        assert_eq!(ParameterSet::from_acvp("ML-DSA-128"), None);
    }

    use crate::Input;

    /// What the oracle does wrong, and on which case.
    #[derive(Clone, Copy)]
    enum Fault {
        None,
        Wrong(Kind, u64, u64),
        Panic(Kind, u64, u64),
    }

    /// Answers from the vectors themselves, except for one injected fault.
    struct Oracle {
        fault: Fault,
    }

    impl Oracle {
        /// Whether to misbehave on this case; panics if the fault says so.
        fn faulty(&self, kind: Kind, tg_id: u64, tc_id: u64) -> bool {
            match self.fault {
                Fault::Panic(k, g, c) if (k, g, c) == (kind, tg_id, tc_id) => panic!("boom"),
                Fault::Wrong(k, g, c) => (k, g, c) == (kind, tg_id, tc_id),
                _ => false,
            }
        }
    }

    impl Target for Oracle {
        fn name(&self) -> String {
            "oracle".into()
        }

        fn key_gen(&self, ps: ParameterSet, seed: &[u8; 32]) -> (Vec<u8>, Vec<u8>) {
            let c = vectors()
                .key_gen
                .iter()
                .find(|c| c.parameter_set == ps && &c.seed == seed)
                .expect("unknown seed");
            let mut sk = c.sk.clone();
            if self.faulty(Kind::KeyGen, c.tg_id, c.tc_id) {
                sk[1000] ^= 0x80;
            }
            (c.pk.clone(), sk)
        }

        fn sign(
            &self,
            ps: ParameterSet,
            sk: &[u8],
            input: SignInput<'_>,
            rnd: &Rnd,
        ) -> Option<Vec<u8>> {
            let c = vectors().sig_gen.iter().find(|c| {
                c.parameter_set == ps
                    && c.sk == sk
                    && c.input.as_sign_input() == input
                    && &c.rnd == rnd
            })?;
            let mut signature = c.signature.clone();
            if self.faulty(Kind::SigGen, c.tg_id, c.tc_id) {
                signature[7] ^= 1;
            }
            Some(signature)
        }

        fn verify(
            &self,
            ps: ParameterSet,
            pk: &[u8],
            input: SignInput<'_>,
            signature: &[u8],
        ) -> bool {
            let c = vectors()
                .sig_ver
                .iter()
                .find(|c| {
                    c.parameter_set == ps
                        && c.pk == pk
                        && c.input.as_sign_input() == input
                        && c.signature == signature
                })
                .expect("unknown sigVer case");
            c.expected != self.faulty(Kind::SigVer, c.tg_id, c.tc_id)
        }
    }

    #[test]
    fn a_correct_target_passes_everything() {
        let report = run(vectors(), &Oracle { fault: Fault::None });
        assert!(report.is_success(), "{report}");
        assert_eq!(
            (report.key_gen, report.sig_gen, report.sig_ver),
            (75, 360, 180)
        );
        let text = report.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "acvp[oracle]: keyGen 75/75, sigGen 360/360, sigVer 180/180 checked, 0 failures"
        );
        assert_eq!(
            lines[1],
            "  ML-DSA-44: keyGen 25/25, sigGen 120/120, sigVer 60/60"
        );
        assert_eq!(lines[4], "  sigGen pure: deterministic 45/45, hedged 45/45");
        assert_eq!(
            lines[7],
            "  sigGen externalMu: deterministic 45/45, hedged 45/45"
        );
        assert_eq!(
            lines[8],
            "  sigVer: pure 45/45, preHash 45/45, internal 45/45, externalMu 45/45"
        );
        assert_eq!(lines.len(), 9);
    }

    /// Injects `fault` and checks that exactly that case fails with `expect`.
    fn one_failure(fault: Fault, kind: Kind, expect: &str) -> Report {
        let report = run(vectors(), &Oracle { fault });
        assert_eq!(report.failures.len(), 1, "{report}");
        assert!(report.failures[0].contains(expect), "{report}");
        assert_eq!(
            (report.key_gen, report.sig_gen, report.sig_ver),
            (75, 360, 180)
        );
        assert_eq!(report.tally(|b| b.kind == kind).failed(), 1);
        assert!(report.to_string().contains(" 1 failure\n"), "{report}");
        report
    }

    #[test]
    fn a_wrong_answer_is_one_failure() {
        one_failure(
            Fault::Wrong(Kind::KeyGen, 1, 3),
            Kind::KeyGen,
            "keyGen tgId 1 tcId 3 ML-DSA-44: sk differs from byte 1000 on",
        );
        // sigGen tgId 2 (cases 15..30) is ML-DSA-44 preHash deterministic.
        let c = &vectors().sig_gen[20];
        one_failure(
            Fault::Wrong(Kind::SigGen, c.tg_id, c.tc_id),
            Kind::SigGen,
            &format!(
                "sigGen tgId {} tcId {} ML-DSA-44 preHash {} deterministic: signature differs from byte 7 on",
                c.tg_id,
                c.tc_id,
                match c.input {
                    Input::PreHash { hash, .. } => hash_alg_name(hash),
                    _ => panic!("sigGen case 20 is not a preHash case"),
                }
            ),
        );
        let valid = vectors().sig_ver.iter().find(|c| c.expected).unwrap();
        one_failure(
            Fault::Wrong(Kind::SigVer, valid.tg_id, valid.tc_id),
            Kind::SigVer,
            "rejected a valid signature",
        );
        let invalid = vectors().sig_ver.iter().find(|c| !c.expected).unwrap();
        one_failure(
            Fault::Wrong(Kind::SigVer, invalid.tg_id, invalid.tc_id),
            Kind::SigVer,
            "accepted a signature that must be rejected",
        );
    }

    #[test]
    fn a_panic_is_one_failure_and_the_run_goes_on() {
        for (kind, index) in [(Kind::KeyGen, 10), (Kind::SigGen, 200), (Kind::SigVer, 100)] {
            let v = vectors();
            let (tg_id, tc_id) = match kind {
                Kind::KeyGen => (v.key_gen[index].tg_id, v.key_gen[index].tc_id),
                Kind::SigGen => (v.sig_gen[index].tg_id, v.sig_gen[index].tc_id),
                Kind::SigVer => (v.sig_ver[index].tg_id, v.sig_ver[index].tc_id),
            };
            let report = one_failure(
                Fault::Panic(kind, tg_id, tc_id),
                kind,
                "the target panicked: boom",
            );
            let prefix = format!("{} tgId {tg_id} tcId {tc_id} ML-DSA-", kind.name());
            assert!(report.failures[0].starts_with(&prefix), "{report}");
        }
    }

    /// Answers everything wrongly.
    struct Garbage;

    impl Target for Garbage {
        fn name(&self) -> String {
            "garbage".into()
        }
        fn key_gen(&self, _: ParameterSet, _: &[u8; 32]) -> (Vec<u8>, Vec<u8>) {
            (vec![0; 1312], vec![])
        }
        fn sign(&self, ps: ParameterSet, _: &[u8], _: SignInput<'_>, _: &Rnd) -> Option<Vec<u8>> {
            // Refuse the ML-DSA-87 cases, answer the others wrongly.
            (ps != ParameterSet::MlDsa87).then(|| vec![0xAA; 16])
        }
        fn verify(&self, _: ParameterSet, _: &[u8], _: SignInput<'_>, _: &[u8]) -> bool {
            true
        }
    }

    #[test]
    fn a_wrong_target_fails_every_case_it_gets_wrong() {
        let report = run(vectors(), &Garbage);
        // Every keyGen and sigGen case, and the 144 invalid sigVer signatures.
        assert_eq!(report.failures.len(), 75 + 360 + 144);
        assert_eq!(report.tally(|b| b.kind == Kind::SigVer).passed, 36);
        assert_eq!(
            report
                .failures
                .iter()
                .filter(|f| f.contains("refused"))
                .count(),
            120
        );
        let text = report.to_string();
        assert!(text.starts_with(
            "acvp[garbage]: keyGen 0/75, sigGen 0/360, sigVer 36/180 checked, 579 failures\n"
        ));
        assert!(text.ends_with("  ... and 479 more failures (all are in Report::failures)"));
        assert!(text.contains("FAIL keyGen tgId 1 tcId 1 ML-DSA-44: pk differs from byte 0 on"));
        assert!(text.contains("sk has 0 bytes, expected 2560 (the common prefix matches)"));
    }

    #[test]
    fn compare_describes_differences() {
        assert_eq!(compare("x", &[1, 2], &[1, 2]), None);
        assert_eq!(
            compare("x", &[1, 2], &[1, 3]).unwrap(),
            "x differs from byte 1 on (got 02, expected 03; 2 bytes, expected 2)"
        );
        assert_eq!(
            compare("x", &[1], &[1, 3]).unwrap(),
            "x has 1 bytes, expected 2 (the common prefix matches)"
        );
    }
}
