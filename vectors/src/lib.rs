//! NIST ACVP test vectors for ML-DSA (FIPS 204) and one runner that checks any
//! implementation against them.
//!
//! The vectors live in `acvp/` beside this crate's `Cargo.toml` (see
//! `README.md`): 75 keyGen, 360 sigGen and 180 sigVer cases from the NIST
//! ACVP-Server. An implementation plugs in by implementing [`Target`];
//! [`run_all`] loads the vectors, runs every case and returns a [`Report`]
//! that lists every failure instead of stopping at the first.
//!
//! ```no_run
//! # struct MyImpl;
//! # impl mldsa_vectors::Target for MyImpl {
//! #     fn name(&self) -> String { "mine".into() }
//! #     fn key_gen(&self, _: mldsa_vectors::ParameterSet, _: &[u8; 32]) -> (Vec<u8>, Vec<u8>) { unimplemented!() }
//! #     fn sign(&self, _: mldsa_vectors::ParameterSet, _: &[u8], _: mldsa_vectors::SignInput<'_>, _: &[u8; 32]) -> Option<Vec<u8>> { None }
//! #     fn verify(&self, _: mldsa_vectors::ParameterSet, _: &[u8], _: mldsa_vectors::SignInput<'_>, _: &[u8]) -> bool { false }
//! # }
//! let report = mldsa_vectors::run_all(&MyImpl);
//! println!("{report}");
//! assert!(report.failures.is_empty());
//! ```

#![warn(missing_docs)]

mod hex;
mod json;
mod runner;

use core::fmt;
use std::path::PathBuf;

pub use json::{Input, KeyGenCase, SigGenCase, SigVerCase, Vectors};
pub use runner::{Bucket, Kind, Randomness, Report, Tally, run, run_all};

/// The folder holding the ACVP vectors (`vectors/acvp`), located from this
/// crate's manifest directory so that tests of any crate find it.
pub fn acvp_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("acvp")
}

/// An ML-DSA parameter set (FIPS 204, Table 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ParameterSet {
    /// ML-DSA-44 (security category 2).
    MlDsa44,
    /// ML-DSA-65 (security category 3).
    MlDsa65,
    /// ML-DSA-87 (security category 5).
    MlDsa87,
}

impl ParameterSet {
    /// All parameter sets, in increasing strength.
    pub const ALL: [ParameterSet; 3] = [Self::MlDsa44, Self::MlDsa65, Self::MlDsa87];

    /// The ACVP / FIPS 204 name, e.g. `"ML-DSA-44"`.
    pub fn name(self) -> &'static str {
        match self {
            Self::MlDsa44 => "ML-DSA-44",
            Self::MlDsa65 => "ML-DSA-65",
            Self::MlDsa87 => "ML-DSA-87",
        }
    }

    /// Parses an ACVP `parameterSet` value such as `"ML-DSA-65"`.
    pub fn from_acvp(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|ps| ps.name() == name)
    }
}

impl fmt::Display for ParameterSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A pre-hash function for HashML-DSA (FIPS 204, Algorithm 4): `mldsa`'s
/// list of the twelve, reused here rather than listed again.
pub use mldsa::PreHash as HashAlg;

/// Each pre-hash function with its name in the ACVP `hashAlg` field.
pub const HASH_ALG_NAMES: [(HashAlg, &str); 12] = [
    (HashAlg::Sha2_224, "SHA2-224"),
    (HashAlg::Sha2_256, "SHA2-256"),
    (HashAlg::Sha2_384, "SHA2-384"),
    (HashAlg::Sha2_512, "SHA2-512"),
    (HashAlg::Sha2_512_224, "SHA2-512/224"),
    (HashAlg::Sha2_512_256, "SHA2-512/256"),
    (HashAlg::Sha3_224, "SHA3-224"),
    (HashAlg::Sha3_256, "SHA3-256"),
    (HashAlg::Sha3_384, "SHA3-384"),
    (HashAlg::Sha3_512, "SHA3-512"),
    (HashAlg::Shake128, "SHAKE-128"),
    (HashAlg::Shake256, "SHAKE-256"),
];

/// The ACVP name of a pre-hash function, e.g. `"SHA2-512/224"` or `"SHAKE-128"`.
pub fn hash_alg_name(hash: HashAlg) -> &'static str {
    HASH_ALG_NAMES
        .iter()
        .find(|(h, _)| *h == hash)
        .map_or("?", |(_, name)| name)
}

/// Parses an ACVP `hashAlg` value.
pub fn hash_alg_from_acvp(name: &str) -> Option<HashAlg> {
    HASH_ALG_NAMES
        .iter()
        .find(|(_, n)| *n == name)
        .map(|(h, _)| *h)
}

/// Which signing / verification interface a case exercises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Interface {
    /// External, pure: ML-DSA.Sign / ML-DSA.Verify (Algorithms 2, 3).
    Pure,
    /// External, pre-hash: HashML-DSA.Sign / Verify (Algorithms 4, 5).
    PreHash,
    /// Internal on M': ML-DSA.Sign_internal / Verify_internal (Algorithms 7, 8).
    Internal,
    /// Internal, starting from an externally computed μ.
    ExternalMu,
}

impl Interface {
    /// All interfaces, in the order the report lists them.
    pub const ALL: [Interface; 4] = [Self::Pure, Self::PreHash, Self::Internal, Self::ExternalMu];

    /// Short name used in reports: `pure`, `preHash`, `internal`, `externalMu`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Pure => "pure",
            Self::PreHash => "preHash",
            Self::Internal => "internal",
            Self::ExternalMu => "externalMu",
        }
    }
}

impl fmt::Display for Interface {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What is signed or verified, and through which interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignInput<'a> {
    /// ML-DSA.Sign / ML-DSA.Verify (Algorithms 2, 3): message M and context
    /// string ctx (0 to 255 bytes).
    Pure {
        /// The message M.
        message: &'a [u8],
        /// The context string ctx.
        context: &'a [u8],
    },
    /// HashML-DSA.Sign / HashML-DSA.Verify (Algorithms 4, 5): the message is
    /// hashed with `hash` by the implementation.
    PreHash {
        /// The message M (not yet hashed).
        message: &'a [u8],
        /// The context string ctx.
        context: &'a [u8],
        /// The pre-hash function PH.
        hash: HashAlg,
    },
    /// ML-DSA.Sign_internal / ML-DSA.Verify_internal (Algorithms 7, 8) on the
    /// formatted message M' exactly as given: no prefix, no context.
    Internal {
        /// The formatted message M'.
        message: &'a [u8],
    },
    /// ML-DSA.Sign_internal / Verify_internal starting from μ (the line that
    /// computes μ = H(tr || M') is skipped).
    ExternalMu {
        /// The message representative μ.
        mu: &'a [u8; 64],
    },
}

impl SignInput<'_> {
    /// The interface this input goes through.
    pub fn interface(&self) -> Interface {
        match self {
            Self::Pure { .. } => Interface::Pure,
            Self::PreHash { .. } => Interface::PreHash,
            Self::Internal { .. } => Interface::Internal,
            Self::ExternalMu { .. } => Interface::ExternalMu,
        }
    }
}

/// The signing randomness rnd (FIPS 204, Algorithm 2): 32 random bytes, or
/// 32 zero bytes for the deterministic variant.
pub type Rnd = [u8; 32];

/// An ML-DSA implementation under test.
///
/// Keys and signatures use the FIPS 204 encodings: `pk` as pkEncode
/// (Algorithm 22), `sk` as the expanded skEncode (Algorithm 24), signatures as
/// sigEncode (Algorithm 26). Implementations may panic: the runner catches the
/// panic and records it as a failure of that case only.
pub trait Target {
    /// A short name for reports, e.g. `"mldsa-spec"`.
    fn name(&self) -> String;

    /// ML-DSA.KeyGen_internal (Algorithm 6) from the seed ξ; returns `(pk, sk)`.
    fn key_gen(&self, ps: ParameterSet, seed: &[u8; 32]) -> (Vec<u8>, Vec<u8>);

    /// Signs `msg` with `sk` using the randomness `rnd` (32 zero bytes for
    /// the deterministic variant). `None` means the implementation refused
    /// (e.g. it reported an error).
    fn sign(&self, ps: ParameterSet, sk: &[u8], msg: SignInput<'_>, rnd: &Rnd) -> Option<Vec<u8>>;

    /// Verifies `signature` on `input` under `pk`. An error is `false`.
    fn verify(&self, ps: ParameterSet, pk: &[u8], input: SignInput<'_>, signature: &[u8]) -> bool;
}
