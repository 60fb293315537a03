//! # mldsa: ML-DSA (FIPS 204) signatures
//!
//! Key generation, signing and verification for ML-DSA-44, ML-DSA-65 and
//! ML-DSA-87, held to the executable specification `mldsa-spec` by
//! differential tests and to NIST's ACVP vectors.
//!
//! ```
//! use mldsa::ml_dsa_65::{SigningKey, VerifyingKey};
//! let sk = SigningKey::from_seed(&[9u8; 32]);           // or SigningKey::generate_os()?
//! let sig = sk.sign_deterministic(b"message", b"")?;     // or sk.sign(msg, ctx)? (hedged)
//! let vk = VerifyingKey::try_from(sk.verifying_key().as_bytes())?;
//! vk.verify(b"message", sig.as_ref(), b"")?;
//! # Ok::<(), mldsa::Error>(())
//! ```
//!
//! ## Keys in the formats others exchange (RFC 9881)
//!
//! Private keys are PKCS#8 with the `ML-DSA-PrivateKey` CHOICE (the seed,
//! the expanded key, or both, all three read, the seed written by default),
//! public keys SPKI, as DER or PEM ([`encoding`]): what OpenSSL 3.5+,
//! pyca/cryptography and RustCrypto's `ml-dsa` read and write. A key of the
//! wrong parameter set, OID, version or length is an [`Error::Encoding`]
//! saying which.
//!
//! ```
//! use mldsa::encoding::PrivateKeyFormat;
//! use mldsa::ml_dsa_65::{SigningKey, VerifyingKey};
//! let sk = SigningKey::from_seed(&[9u8; 32]);
//! let pem = sk.pkcs8_pem(PrivateKeyFormat::Seed)?;         // "-----BEGIN PRIVATE KEY-----"
//! let again = SigningKey::decode_pkcs8_pem(&pem)?;
//! assert_eq!(again.seed(), Some(&[9u8; 32]));
//! let vk = VerifyingKey::decode_spki_pem(&sk.verifying_key().spki_pem()?)?;
//! assert_eq!(&vk, sk.verifying_key());
//! # Ok::<(), mldsa::Error>(())
//! ```
//!
//! ## The RustCrypto `signature` traits
//!
//! [`SigningKey`] implements `Signer`, `MultipartSigner`, `RandomizedSigner`,
//! `RandomizedMultipartSigner` and `Keypair`; [`VerifyingKey`] `Verifier`
//! and `MultipartVerifier`; [`Signature`] `SignatureEncoding` (the raw FIPS
//! 204 bytes), all of `signature` 3 (re-exported as [`signature_traits`]).
//! The multipart ones stream the pieces into [`MuBuilder`]. The traits
//! have no context string: they sign and verify with the empty context,
//! while the inherent methods take one.
//!
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
//! - The inherent [`SigningKey::sign`] (`std`) is hedged with the operating
//!   system's generator; [`SigningKey::sign_deterministic`],
//!   [`SigningKey::sign_with_rnd`] and [`SigningKey::sign_with_rng`] say so in
//!   their names.
//!
//! Method-call syntax picks the inherent `sign` / `verify` (which take a
//! context) over the traits'; call those as `Signer::sign(&sk, msg)`.
//!
//! ```
//! use mldsa::signature_traits::{Keypair, Signer, Verifier};
//! use mldsa::ml_dsa_44::SigningKey;
//! let sk = SigningKey::from_seed(&[9u8; 32]);
//! let sig = Signer::sign(&sk, b"message");                 // deterministic, empty context
//! assert_eq!(sig, sk.sign_deterministic(b"message", b"")?);
//! let vk = Keypair::verifying_key(&sk);                     // an owned VerifyingKey
//! assert!(Verifier::verify(&vk, b"message", &sig).is_ok());
//! # Ok::<(), mldsa::Error>(())
//! ```
//!
//! ## Features
//!
//! | feature | default | what |
//! |---|---|---|
//! | `std` | yes | the OS generator (`generate_os`, hedged `sign`); implies `alloc` |
//! | `alloc` | via `std` | boxed key constructors (`from_seed_boxed`, ... for small stacks), PKCS#8 / SPKI as `Document`s, `pkcs8` / `spki` encoding traits |
//! | `pem` | yes | PEM keys (`pkcs8_pem`, `decode_pkcs8_pem`, `spki_pem`, ...); implies `alloc` |
//! | `serde` | no | `Serialize` / `Deserialize` for [`VerifyingKey`] and [`Signature`] (hex or bytes, via `serdect`) |
//! | `hazmat` | no | FIPS 204's internal interface (ACVP-style testing) |
//! | `internals` | no | the kernels and algorithms, for this workspace's tests; no stability promise |
//! | `ct-check` | no | test-only: the valgrind hooks of `make ct` (`mldsa::ct`), and no AVX-512 entry points (valgrind cannot run them); without it the hooks compile to nothing |
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
//! (x86-64 with AVX-512 F, VL, BW and DQ), `avx2`, `neon` (AArch64) or
//! `portable` ([`selected_backend`]; `MLDSA_BACKEND` forces one in `std`
//! builds). All are written without secret-dependent branches or memory
//! indices. The constant-time checks that run under valgrind cover the
//! portable and AVX2 backends only: valgrind cannot execute AVX-512
//! instructions (and hides AVX-512 from CPUID, so under valgrind the AVX2
//! backend runs). The AVX-512 kernels keep the AVX2 kernels' branch-free
//! shapes, and compress only on public rejection masks.
//!
//! ## Constant time
//!
//! No branch and no memory address depends on a secret (the seed, rnd,
//! K, s1, s2, t0 and everything derived from them), beyond what FIPS 204
//! makes public: each signing attempt's rejection decision, the signature,
//! the public key, and which SHAKE output bytes the samplers reject.
//! `make ct` checks it with valgrind's memcheck on the portable and AVX2
//! backends (not AVX-512 or NEON, which valgrind cannot run here).
//! SECURITY.md at the repository root lists each declassification and why,
//! and the threat model: timing and cache attacks are in scope, power
//! analysis and fault injection are not.
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
//! figure to at most 128 KiB:
//!
//! | KiB | keygen | sign | verify | import | PKCS#8 decode | keygen, precomputed | precompute() | keygen, precomputed (boxed) | import, precomputed (boxed) | PKCS#8 decode, precomputed (boxed) | sign, precomputed |
//! |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
//! | ML-DSA-44 portable | 34 | 60 | 25 | 27 | 34 | 50 | 31 | 44 | 39 | 45 | 44 |
//! | ML-DSA-44 avx2 | 35 | 61 | 24 | 27 | 35 | 51 | 31 | 44 | 39 | 45 | 45 |
//! | ML-DSA-44 avx512 | 34 | 63 | 24 | 30 | 35 | 51 | 31 | 44 | 42 | 45 | 47 |
//! | ML-DSA-65 portable | 48 | 87 | 29 | 36 | 49 | 79 | 48 | 73 | 66 | 73 | 54 |
//! | ML-DSA-65 avx2 | 48 | 87 | 28 | 36 | 49 | 79 | 48 | 73 | 66 | 73 | 54 |
//! | ML-DSA-65 avx512 | 48 | 87 | 28 | 36 | 49 | 79 | 48 | 73 | 66 | 73 | 55 |
//! | ML-DSA-87 portable | 63 | 124 | 35 | 47 | 64 | 120 | 78 | 112 | 96 | 113 | 68 |
//! | ML-DSA-87 avx2 | 63 | 124 | 34 | 47 | 64 | 120 | 78 | 112 | 96 | 113 | 68 |
//! | ML-DSA-87 avx512 | 63 | 125 | 34 | 47 | 64 | 120 | 78 | 112 | 96 | 113 | 69 |

//! Maintainers: `impl/README.md` maps each FIPS 204 algorithm to its spec
//! and impl functions, follows a call from the API to a kernel, and says how
//! to add a backend and where `unsafe` may appear.

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![allow(clippy::needless_range_loop)]
// Without `internals` the kernel and algorithm modules are private and some of
// their items serve only the tests; the `internals` build (`make lint` runs
// clippy on it too) still reports dead code.
#![cfg_attr(not(feature = "internals"), allow(dead_code, unused_imports))]
// The shared Keccak round macro (backend/keccak_round.rs) serves only the
// SIMD backends: on targets with neither (thumbv7em, wasm32) it is unused.
#![cfg_attr(
    not(any(
        target_arch = "x86_64",
        all(target_arch = "aarch64", target_feature = "neon")
    )),
    allow(unused_macros)
)]

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
// The constant-time check's valgrind hooks (SECURITY.md): public with the
// test-only feature `ct-check` (for `make ct`'s driver), no-ops without it.
#[cfg(feature = "ct-check")]
pub mod ct;
#[cfg(not(feature = "ct-check"))]
mod ct;
mod dispatch;
pub mod encoding;
mod error;
#[cfg(feature = "hazmat")]
pub mod hazmat;
mod mu;
pub mod params;
pub mod poly;
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

/// ML-DSA-44 (NIST security category 2): 1312-byte public keys, 2420-byte signatures.
///
/// ```
/// use mldsa::ParameterSet;
/// use mldsa::ml_dsa_44::{Params, Signature, SigningKey, VerifyingKey};
/// let sk = SigningKey::from_seed(&[7u8; 32]);
/// let vk = VerifyingKey::try_from(sk.verifying_key().as_bytes())?;
/// let sig: Signature = sk.sign_deterministic(b"message", b"")?;
/// assert_eq!((Params::PK_LEN, Params::SIG_LEN), (1312, 2420));
/// assert_eq!(sig.as_ref().len(), Params::SIG_LEN);
/// assert!(vk.verify(b"message", sig.as_ref(), b"").is_ok());
/// # Ok::<(), mldsa::Error>(())
/// ```
pub mod ml_dsa_44 {
    /// The parameter set.
    pub type Params = crate::MlDsa44;
    /// A signing key, compact (the default form).
    pub type SigningKey = crate::SigningKey<crate::MlDsa44>;
    /// A signing key, precomputed (faster signing, larger).
    pub type PrecomputedSigningKey = crate::SigningKey<crate::MlDsa44, crate::Precomputed>;
    /// A verifying key.
    pub type VerifyingKey = crate::VerifyingKey<crate::MlDsa44>;
    /// A signature.
    pub type Signature = crate::Signature<crate::MlDsa44>;
}

/// ML-DSA-65 (NIST security category 3): 1952-byte public keys, 3309-byte signatures.
///
/// ```
/// use mldsa::ParameterSet;
/// use mldsa::ml_dsa_65::{Params, Signature, SigningKey, VerifyingKey};
/// let sk = SigningKey::from_seed(&[7u8; 32]);
/// let vk = VerifyingKey::try_from(sk.verifying_key().as_bytes())?;
/// let sig: Signature = sk.sign_deterministic(b"message", b"")?;
/// assert_eq!((Params::PK_LEN, Params::SIG_LEN), (1952, 3309));
/// assert_eq!(sig.as_ref().len(), Params::SIG_LEN);
/// assert!(vk.verify(b"message", sig.as_ref(), b"").is_ok());
/// # Ok::<(), mldsa::Error>(())
/// ```
pub mod ml_dsa_65 {
    /// The parameter set.
    pub type Params = crate::MlDsa65;
    /// A signing key, compact (the default form).
    pub type SigningKey = crate::SigningKey<crate::MlDsa65>;
    /// A signing key, precomputed (faster signing, larger).
    pub type PrecomputedSigningKey = crate::SigningKey<crate::MlDsa65, crate::Precomputed>;
    /// A verifying key.
    pub type VerifyingKey = crate::VerifyingKey<crate::MlDsa65>;
    /// A signature.
    pub type Signature = crate::Signature<crate::MlDsa65>;
}

/// ML-DSA-87 (NIST security category 5): 2592-byte public keys, 4627-byte signatures.
///
/// ```
/// use mldsa::ParameterSet;
/// use mldsa::ml_dsa_87::{Params, Signature, SigningKey, VerifyingKey};
/// let sk = SigningKey::from_seed(&[7u8; 32]);
/// let vk = VerifyingKey::try_from(sk.verifying_key().as_bytes())?;
/// let sig: Signature = sk.sign_deterministic(b"message", b"")?;
/// assert_eq!((Params::PK_LEN, Params::SIG_LEN), (2592, 4627));
/// assert_eq!(sig.as_ref().len(), Params::SIG_LEN);
/// assert!(vk.verify(b"message", sig.as_ref(), b"").is_ok());
/// # Ok::<(), mldsa::Error>(())
/// ```
pub mod ml_dsa_87 {
    /// The parameter set.
    pub type Params = crate::MlDsa87;
    /// A signing key, compact (the default form).
    pub type SigningKey = crate::SigningKey<crate::MlDsa87>;
    /// A signing key, precomputed (faster signing, larger).
    pub type PrecomputedSigningKey = crate::SigningKey<crate::MlDsa87, crate::Precomputed>;
    /// A verifying key.
    pub type VerifyingKey = crate::VerifyingKey<crate::MlDsa87>;
    /// A signature.
    pub type Signature = crate::Signature<crate::MlDsa87>;
}
