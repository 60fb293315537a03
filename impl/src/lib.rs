//! # mldsa: ML-DSA (FIPS 204) signatures
//!
//! Key generation, signing and verification for ML-DSA-44, ML-DSA-65 and
//! ML-DSA-87, held to the executable specification `mldsa-spec` by
//! differential tests and to NIST's ACVP vectors.
//!
//! ```
//! use mldsa::ml_dsa_65::{SigningKey, VerifyingKey};
//! let sk = SigningKey::generate_os_boxed()?; // xi from the OS; boxed, so `?` moves no key copy
//! let sig = sk.sign_with_context(b"message", b"my-app v1")?;    // hedged: rnd from the OS
//! let vk = VerifyingKey::try_from(sk.verifying_key().as_bytes())?; // as a peer decodes it
//! vk.verify_with_context(b"message", sig.as_ref(), b"my-app v1")?;
//! # Ok::<(), mldsa::Error>(())
//! ```
//!
//! Keep the key's 32-byte seed ([`SigningKey::seed`], or the PKCS#8 seed
//! form below) to store it; [`SigningKey::from_seed`] rebuilds the same key
//! from it. A seed written into the source, as in the tests, is no key.
//!
//! ## Keys in the formats others exchange (RFC 9881)
//!
//! Private keys are PKCS#8 with the `ML-DSA-PrivateKey` CHOICE (the seed,
//! the expanded key, or both, all three read, the seed written by default),
//! public keys SPKI, as DER or PEM ([`encoding`]): what OpenSSL 3.5+,
//! pyca/cryptography and RustCrypto's `ml-dsa` read and write
//! (pyca/cryptography 50 reads the seed form only, the one written by
//! default; `make interop` checks it). A key of the wrong parameter set,
//! OID, version or length is an [`Error::Encoding`] saying which.
//!
//! ```
//! use mldsa::encoding::PrivateKeyFormat;
//! use mldsa::ml_dsa_65::{SigningKey, VerifyingKey};
//! let sk = SigningKey::generate_os()?;
//! let pem = sk.pkcs8_pem(PrivateKeyFormat::Seed)?;         // "-----BEGIN PRIVATE KEY-----"
//! let again = SigningKey::decode_pkcs8_pem(&pem)?;
//! assert_eq!(again.seed(), sk.seed());
//! let vk = VerifyingKey::decode_spki_pem(&sk.verifying_key().spki_pem()?)?;
//! assert_eq!(&vk, sk.verifying_key());
//! # Ok::<(), mldsa::Error>(())
//! ```
//!
//! ## The RustCrypto `signature` traits
//!
//! [`SigningKey`] (both forms) implements `Signer`, `MultipartSigner`,
//! `RandomizedSigner`, `RandomizedMultipartSigner` and `Keypair`;
//! [`VerifyingKey`] `Verifier` and `MultipartVerifier`; [`Signature`]
//! `SignatureEncoding` (the raw FIPS 204 bytes), all of `signature` 3
//! (re-exported as [`signature_traits`]). With the traits in scope, code
//! written for RustCrypto's `ml-dsa` calls them with method syntax: no
//! inherent method has a trait method's name, except `verifying_key`,
//! which borrows (`&VerifyingKey`, which `Copy` or `Keypair::verifying_key`
//! turn into an owned key).
//!
//! ```
//! use mldsa::signature_traits::{Keypair, RandomizedSigner, Signer, Verifier};
//! use mldsa::ml_dsa_65::{Signature, SigningKey, VerifyingKey};
//! let sk = SigningKey::generate_os()?;
//! let sig: Signature = sk.sign(b"message");               // deterministic, empty context
//! let vk = sk.verifying_key();
//! vk.verify(b"message", &sig)?;
//! assert!(vk.verify(b"massage", &sig).is_err());
//! let owned: VerifyingKey = Keypair::verifying_key(&sk);  // or *sk.verifying_key()
//! let mut rng = rand_core::UnwrapErr(getrandom::SysRng);  // any rand_core 0.10 CryptoRng
//! let hedged = sk.sign_with_rng(&mut rng, b"message");    // hedged, empty context
//! owned.verify(b"message", &hedged)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The traits have no context string: they sign and verify with the empty
//! context. The inherent methods that take one say so in their names:
//! [`SigningKey::sign_with_context`] (hedged, `std`),
//! [`SigningKey::sign_with_rng_and_context`], [`SigningKey::sign_deterministic`],
//! [`SigningKey::sign_with_rnd`] and [`VerifyingKey::verify_with_context`].
//! Which runs how, and why:
//!
//! - `Signer::sign` / `MultipartSigner`: **deterministic** (rnd = 0). The
//!   trait gives no generator, and this crate does not pick one behind the
//!   caller's back: the result is the same on every target, `no_std`
//!   included, and reproducible. FIPS 204 allows it.
//! - `RandomizedSigner::sign_with_rng` / `RandomizedMultipartSigner`:
//!   **hedged**, rnd drawn from the caller's `CryptoRng`. FIPS 204 recommends
//!   hedged signing: fresh randomness makes fault and side-channel attacks on
//!   the deterministic signing path harder.
//! - [`SigningKey::sign_with_context`] (`std`) is hedged with the operating
//!   system's generator; [`SigningKey::sign_deterministic`],
//!   [`SigningKey::sign_with_rnd`] and
//!   [`SigningKey::sign_with_rng_and_context`] say where rnd comes from in
//!   their names.
//!
//! ## Features
//!
//! | feature | default | what |
//! |---|---|---|
//! | `std` | yes | the OS generator (`generate_os`, hedged `sign_with_context`); implies `alloc` |
//! | `alloc` | via `std` | boxed key constructors (`from_seed_boxed`, ... for small stacks), PKCS#8 / SPKI as `Document`s, `pkcs8` / `spki` encoding traits |
//! | `pem` | yes | PEM keys (`pkcs8_pem`, `decode_pkcs8_pem`, `spki_pem`, ...); implies `alloc` |
//! | `serde` | no | `Serialize` / `Deserialize` for [`VerifyingKey`] and [`Signature`] (hex or bytes, via `serdect`) |
//! | `hazmat` | no | FIPS 204's internal interface (ACVP-style testing) |
//! | `ml-dsa-44`, `ml-dsa-65`, `ml-dsa-87` | yes | each parameter set's key and signature types and operations (`ml_dsa_44`, ...); an application that uses one set can build only that one: `default-features = false, features = ["std", "pem", "ml-dsa-65"]` |
//!
//! Three more features serve this repository's tests and are not part of
//! the API (no stability promise, not on docs.rs): `internals` (the kernels
//! and algorithms, for the differential tests, lemmas and benchmarks),
//! `ct-check` (the valgrind hooks of `make ct`) and `ct-timing` (the
//! attempt count and planted leak of `make ct-timing`).
//!
//! Without default features the crate is `no_std` with no heap, DER
//! encodings included (CI builds it for `thumbv7em-none-eabihf` and
//! `wasm32-unknown-unknown`). Minimum supported Rust version: 1.89 (1.88
//! lacks the AVX-512 target features and intrinsics of the `avx512`
//! backend; `make msrv` checks it).
//!
//! ## Backends and constant time
//!
//! One backend is chosen per process, the best the CPU runs: `avx512`
//! (x86-64 with AVX-512 F, VL, BW and DQ), `avx2` (x86-64), `neon`
//! (AArch64) or `portable` (any target) ([`selected_backend`];
//! `MLDSA_BACKEND` forces one the CPU supports, in `std` builds). All sign
//! byte for byte alike.
//!
//! No branch and no memory address depends on a secret (the seed, rnd,
//! K, s1, s2, t0 and everything derived from them), beyond what FIPS 204
//! makes public: each signing attempt's rejection decision, the signature,
//! the public key, and which SHAKE output bytes the samplers reject.
//! `make ct` checks it with valgrind's memcheck on the portable and AVX2
//! backends. It cannot check AVX-512 or NEON: valgrind cannot execute
//! AVX-512 instructions (and hides AVX-512 from CPUID, so under valgrind
//! the AVX2 backend runs) and does not run here on AArch64. The AVX-512
//! kernels keep the AVX2 kernels' branch-free shapes, and compress only on
//! public rejection masks. SECURITY.md at the repository root lists each
//! declassification and why, and the threat model: timing and cache
//! attacks are in scope, power analysis and fault injection are not.
//!
//! ## Security and audit status
//!
//! **No third-party audit has been done.** What tools check, on every CI
//! run unless said otherwise:
//!
//! - correctness: NIST's 615 ACVP cases on every backend the CPU runs;
//!   differential tests against `mldsa-spec` (a line-by-line transcription
//!   of FIPS 204), kernel by kernel and end to end, on every backend;
//!   exhaustive, interval and z3 proofs of the kernels' arithmetic
//!   (`lemmas/` in the repository);
//! - constant time: valgrind memcheck, portable and AVX2 (above); a
//!   two-class timing test (dudect) of keygen, import and signing on
//!   portable, AVX2 and AVX-512, which must also catch a planted leak;
//! - memory: no secret left on the stack after keygen, sign and import
//!   (a stack scan per backend), secrets zeroized on drop; Miri on the
//!   SIMD kernels' `unsafe` code; cargo fuzz on every decoder and on
//!   verification (a short run in CI from a committed corpus that longer
//!   runs grow);
//! - no panics on any input: typed errors, checked by the fuzz targets and
//!   the malformed-input tests.
//!
//! The spec's hax contracts are type-checked and evaluated at run time;
//! their F* extraction has not been checked by F*, so nothing is formally
//! proven about the implementation as a whole. Report vulnerabilities as
//! SECURITY.md says.
//!
//! ## Stack
//!
//! The crate is `no_std`; the `std` feature (default) adds the operating
//! system's random generator. All the work runs on the stack, with no heap
//! allocation unless a boxed constructor is called. Peak stack per
//! operation in KiB, measured by `make stack-usage` (the smallest thread
//! stack each runs on, to 1 KiB, minus an empty thread's; x86-64 release
//! build). Keygen, import, PKCS#8 decode (the seed form, the one written by
//! default) and `precompute()` include the key they return by value (4, 6,
//! 8 KiB compact; 20, 36, 64 KiB precomputed, whose A_hat is expanded
//! straight into it); "(boxed)" keeps the key on the heap.
//! The figures include the zeroing of the stack after keygen, sign and
//! import (SECURITY.md).
//! `make stack-check`, part of `make test`, runs every operation on a
//! stack of exactly its figure (rounded up to 4 KiB) and holds every
//! figure to at most 128 KiB.
//!
//! | KiB | keygen | sign | verify | import | PKCS#8 decode | keygen, precomputed | precompute() | keygen, precomputed (boxed) | import, precomputed (boxed) | PKCS#8 decode, precomputed (boxed) | sign, precomputed |
//! |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
//! | ML-DSA-44 portable | 47 | 60 | 39 | 43 | 47 | 63 | 45 | 51 | 55 | 51 | 44 |
//! | ML-DSA-44 avx2 | 47 | 61 | 39 | 42 | 47 | 63 | 44 | 51 | 54 | 51 | 45 |
//! | ML-DSA-44 avx512 | 46 | 61 | 40 | 44 | 47 | 62 | 45 | 51 | 56 | 52 | 45 |
//! | ML-DSA-65 portable | 55 | 87 | 43 | 49 | 56 | 85 | 62 | 71 | 74 | 71 | 57 |
//! | ML-DSA-65 avx2 | 55 | 81 | 43 | 49 | 55 | 85 | 61 | 70 | 73 | 71 | 51 |
//! | ML-DSA-65 avx512 | 55 | 81 | 44 | 50 | 55 | 85 | 62 | 71 | 75 | 71 | 51 |
//! | ML-DSA-87 portable | 64 | 127 | 49 | 56 | 65 | 120 | 91 | 102 | 105 | 102 | 71 |
//! | ML-DSA-87 avx2 | 64 | 117 | 49 | 55 | 64 | 120 | 91 | 101 | 104 | 102 | 62 |
//! | ML-DSA-87 avx512 | 63 | 117 | 50 | 57 | 64 | 120 | 91 | 102 | 106 | 102 | 62 |

//! Maintainers: `impl/README.md` maps each FIPS 204 algorithm to its spec
//! and impl functions, follows a call from the API to a kernel, and says how
//! to add a backend and where `unsafe` may appear.

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

#[cfg(not(any(feature = "ml-dsa-44", feature = "ml-dsa-65", feature = "ml-dsa-87")))]
compile_error!(
    "mldsa-fips204 needs at least one parameter set: the feature ml-dsa-44, ml-dsa-65 or ml-dsa-87"
);

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "internals")]
pub mod algorithms;
#[cfg(not(feature = "internals"))]
mod algorithms;
#[cfg(feature = "internals")]
pub mod backend;
#[cfg(not(feature = "internals"))]
mod backend;
#[cfg(feature = "internals")]
pub mod bitpack;
#[cfg(not(feature = "internals"))]
mod bitpack;
#[cfg(feature = "alloc")]
mod boxed;
mod cpu;
// The constant-time checks' hooks (SECURITY.md): public with the test-only
// features `ct-check` and `ct-timing` (for the drivers of `make ct` and
// `make ct-timing`), no-ops without them.
#[cfg(any(feature = "ct-check", feature = "ct-timing"))]
pub mod ct;
#[cfg(not(any(feature = "ct-check", feature = "ct-timing")))]
mod ct;
mod dispatch;
pub mod encoding;
mod error;
#[cfg(feature = "hazmat")]
pub mod hazmat;
mod mu;
pub mod params;
#[cfg(feature = "internals")]
pub mod poly;
#[cfg(not(feature = "internals"))]
mod poly;
mod prehash;
#[cfg(feature = "serde")]
mod serde;
mod signature;
mod signing_key;
mod traits;
mod verifying_key;

pub use dispatch::{BackendKind, selected_backend};
pub use error::Error;
pub use mu::{Mu, MuBuilder};
pub use params::{MlDsa44, MlDsa65, MlDsa87, ParameterSet};
pub use prehash::PreHash;
pub use signature::Signature;
pub use signing_key::{Compact, KeyForm, Precomputed, SigningKey};
pub use verifying_key::VerifyingKey;

/// The RustCrypto crates of the public API, re-exported so that their
/// versions match: `pkcs8` / `spki` (key encodings) and `signature` (traits,
/// as `signature_traits`: `mldsa::Signature` is the signature type).
pub use {::signature as signature_traits, const_oid, der, pkcs8, spki};

/// A parameter set's module of type aliases, behind its feature, with its
/// doc example checking the sizes of its keys and signatures.
macro_rules! parameter_set_module {
    ($module:ident, $set:ident, $feature:literal, $title:literal, $pk:literal, $sig:literal) => {
        #[doc = concat!($title, ": ", $pk, "-byte public keys, ", $sig, "-byte signatures.")]
        ///
        /// ```
        /// use mldsa::ParameterSet;
        #[doc = concat!("use mldsa::", stringify!($module), "::{Params, Signature, SigningKey, VerifyingKey};")]
        /// let sk = SigningKey::from_seed(&[7u8; 32]);
        /// let vk = VerifyingKey::try_from(sk.verifying_key().as_bytes())?;
        /// let sig: Signature = sk.sign_deterministic(b"message", b"")?;
        #[doc = concat!("assert_eq!((Params::PK_LEN, Params::SIG_LEN), (", $pk, ", ", $sig, "));")]
        /// assert_eq!(sig.as_ref().len(), Params::SIG_LEN);
        /// assert!(vk.verify_with_context(b"message", sig.as_ref(), b"").is_ok());
        /// # Ok::<(), mldsa::Error>(())
        /// ```
        #[cfg(feature = $feature)]
        pub mod $module {
            /// The parameter set.
            pub type Params = crate::$set;
            /// A signing key, compact (the default form).
            pub type SigningKey = crate::SigningKey<crate::$set>;
            /// A signing key, precomputed (faster signing, larger).
            pub type PrecomputedSigningKey = crate::SigningKey<crate::$set, crate::Precomputed>;
            /// A verifying key.
            pub type VerifyingKey = crate::VerifyingKey<crate::$set>;
            /// A signature.
            pub type Signature = crate::Signature<crate::$set>;
        }
    };
}

parameter_set_module!(
    ml_dsa_44,
    MlDsa44,
    "ml-dsa-44",
    "ML-DSA-44 (NIST security category 2)",
    1312,
    2420
);
parameter_set_module!(
    ml_dsa_65,
    MlDsa65,
    "ml-dsa-65",
    "ML-DSA-65 (NIST security category 3)",
    1952,
    3309
);
parameter_set_module!(
    ml_dsa_87,
    MlDsa87,
    "ml-dsa-87",
    "ML-DSA-87 (NIST security category 5)",
    2592,
    4627
);
