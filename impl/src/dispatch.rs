//! The one door from the API to the backends: one CPU check, cached, then
//! every operation that touches a kernel (key generation, signing,
//! verification, key import and its consistency check, public-key
//! decoding, mu hashing) runs monomorphized for the chosen backend. The API
//! files (`signing_key.rs`, `verifying_key.rs`, `mu.rs`, ...) reach the
//! algorithms and the backends only through here.
//! Tests force a backend with the environment variable `MLDSA_BACKEND`
//! (`portable`, `avx2`, `avx512`, `neon`; std builds only). A backend the CPU cannot run is
//! never selected: the best available one runs instead, and
//! [`selected_backend`] says which.

use core::sync::atomic::{AtomicU8, Ordering};

use crate::algorithms::{self, MuHasher};
#[cfg(target_arch = "x86_64")]
use crate::backend::avx2::Avx2;
#[cfg(target_arch = "x86_64")]
use crate::backend::avx512::Avx512;
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
use crate::backend::neon::Neon;
use crate::backend::portable::Portable;
use crate::error::Error;
use crate::params::{MlDsa44, MlDsa65, MlDsa87, ParameterSet, PolyVec};

/// The key types the API holds (their fields are the algorithms' business).
pub(crate) use crate::algorithms::{ExpandedSigningKey, ExpandedVerifyingKey, PrecomputedParts};

/// The backends this crate has.
///
/// ```
/// use mldsa::{BackendKind, selected_backend};
/// let backend = selected_backend();
/// assert!(backend.is_available());
/// let kind = match backend {
///     BackendKind::Portable => "plain Rust",
///     _ => "SIMD",
/// };
/// println!("ML-DSA runs on the {} backend ({kind})", backend.name());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackendKind {
    /// Plain Rust, any CPU.
    Portable,
    /// AVX2 (x86-64).
    Avx2,
    /// AVX-512 (x86-64 with AVX-512 F, VL, BW and DQ).
    Avx512,
    /// NEON (AArch64).
    Neon,
}

impl BackendKind {
    /// The backend's short name.
    ///
    /// ```
    /// use mldsa::BackendKind;
    /// assert_eq!(BackendKind::Portable.name(), "portable");
    /// // The name is what `MLDSA_BACKEND` takes.
    /// assert_eq!(BackendKind::Avx2.name(), "avx2");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Portable => "portable",
            BackendKind::Avx2 => "avx2",
            BackendKind::Avx512 => "avx512",
            BackendKind::Neon => "neon",
        }
    }

    /// Whether this CPU can run the backend.
    ///
    /// ```
    /// use mldsa::{BackendKind, selected_backend};
    /// assert!(BackendKind::Portable.is_available()); // on every CPU
    /// // Only a backend the CPU runs is ever selected.
    /// assert!(selected_backend().is_available());
    /// if cfg!(not(target_arch = "x86_64")) {
    ///     assert!(!BackendKind::Avx2.is_available());
    /// }
    /// ```
    pub fn is_available(self) -> bool {
        match self {
            BackendKind::Portable => true,
            #[cfg(target_arch = "x86_64")]
            BackendKind::Avx2 => crate::backend::avx2::available(),
            #[cfg(not(target_arch = "x86_64"))]
            BackendKind::Avx2 => false,
            #[cfg(all(target_arch = "x86_64", not(feature = "ct-check")))]
            BackendKind::Avx512 => crate::backend::avx512::available(),
            // The constant-time check's build (test-only `ct-check`) has no
            // AVX-512 entry points: valgrind cannot run them.
            #[cfg(any(not(target_arch = "x86_64"), feature = "ct-check"))]
            BackendKind::Avx512 => false,
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            BackendKind::Neon => crate::backend::neon::available(),
            #[cfg(not(all(target_arch = "aarch64", target_feature = "neon")))]
            BackendKind::Neon => false,
        }
    }
}

/// Every backend, indexed by its code in `SELECTED` minus one.
const KINDS: [BackendKind; 4] = [
    BackendKind::Portable,
    BackendKind::Avx2,
    BackendKind::Avx512,
    BackendKind::Neon,
];

/// 0 until the first operation; then 1 + the index in `KINDS`.
static SELECTED: AtomicU8 = AtomicU8::new(0);

/// The best backend this CPU runs, unless the environment variable
/// `MLDSA_BACKEND` (std builds) names another one the CPU runs.
fn detect() -> BackendKind {
    #[cfg(feature = "std")]
    if let Ok(name) = std::env::var("MLDSA_BACKEND")
        && let Some(&kind) = KINDS.iter().find(|k| k.name() == name)
        && kind.is_available()
    {
        return kind;
    }
    if BackendKind::Avx512.is_available() {
        BackendKind::Avx512
    } else if BackendKind::Avx2.is_available() {
        BackendKind::Avx2
    } else if BackendKind::Neon.is_available() {
        BackendKind::Neon
    } else {
        BackendKind::Portable
    }
}

/// The backend every operation of this process uses, chosen once: the best
/// the CPU runs, or the one `MLDSA_BACKEND` names (if the CPU runs it).
///
/// ```
/// use mldsa::selected_backend;
/// let backend = selected_backend();
/// assert!(backend.is_available());
/// assert_eq!(selected_backend(), backend); // chosen once per process
/// println!("ML-DSA backend: {}", backend.name());
/// ```
pub fn selected_backend() -> BackendKind {
    let code = SELECTED.load(Ordering::Relaxed);
    if let Some(&kind) = KINDS.get((code as usize).wrapping_sub(1)) {
        return kind;
    }
    let kind = detect();
    let index = KINDS.iter().position(|&k| k == kind).unwrap_or(0);
    SELECTED.store(index as u8 + 1, Ordering::Relaxed);
    kind
}

/// The entry points of one x86-64 SIMD backend: every whole operation
/// compiled with the backend's target features enabled, so that every
/// kernel and every generic function of the operation inlines into one
/// body for that instruction set. Unsafe to call: the caller checks that
/// the CPU has the features.
#[cfg(target_arch = "x86_64")]
macro_rules! entry_points {
    ($name:ident, $backend:ty, $features:literal) => {
        mod $name {
            use super::{
                Error, ExpandedSigningKey, ExpandedVerifyingKey, ParameterSet, PrecomputedParts,
                algorithms,
            };

            #[target_feature(enable = $features)]
            pub fn key_gen<P: ParameterSet>(
                xi: &[u8; 32],
                vk: &mut ExpandedVerifyingKey<P>,
                sk: &mut ExpandedSigningKey<P>,
            ) {
                algorithms::key_gen_internal::<P, $backend>(xi, vk, sk)
            }

            #[target_feature(enable = $features)]
            pub fn key_gen_precomputed<P: ParameterSet>(
                xi: &[u8; 32],
                vk: &mut ExpandedVerifyingKey<P>,
                sk: &mut ExpandedSigningKey<P>,
                pre: &mut PrecomputedParts<P>,
            ) {
                algorithms::key_gen_internal_precomputed::<P, $backend>(xi, vk, sk, pre)
            }

            #[target_feature(enable = $features)]
            pub fn precompute<P: ParameterSet>(
                sk: &ExpandedSigningKey<P>,
                pre: &mut PrecomputedParts<P>,
            ) {
                pre.precompute::<$backend>(sk)
            }

            #[target_feature(enable = $features)]
            pub fn next_row<P: ParameterSet>(
                rows: &mut algorithms::MatrixRows,
                rho: &[u8; 32],
                row: &mut P::VecL,
            ) {
                rows.next_row::<P, $backend>(rho, row)
            }

            #[target_feature(enable = $features)]
            pub fn sign<P: ParameterSet>(
                sk: &ExpandedSigningKey<P>,
                mu: &[u8; 64],
                rnd: &[u8; 32],
                sig: &mut P::SigBytes,
            ) {
                algorithms::sign_internal::<P, $backend>(sk, mu, rnd, sig)
            }

            #[target_feature(enable = $features)]
            pub fn sign_precomputed<P: ParameterSet>(
                sk: &ExpandedSigningKey<P>,
                pre: &PrecomputedParts<P>,
                mu: &[u8; 64],
                rnd: &[u8; 32],
                sig: &mut P::SigBytes,
            ) {
                algorithms::sign_internal_precomputed::<P, $backend>(sk, pre, mu, rnd, sig)
            }

            #[target_feature(enable = $features)]
            pub fn verify<P: ParameterSet>(
                vk: &ExpandedVerifyingKey<P>,
                mu: &[u8; 64],
                sig: &[u8],
            ) -> bool {
                algorithms::verify_internal::<P, $backend>(vk, mu, sig)
            }

            #[target_feature(enable = $features)]
            pub fn import_signing_key<P: ParameterSet>(
                bytes: &[u8],
                sk: &mut ExpandedSigningKey<P>,
                vk: &mut ExpandedVerifyingKey<P>,
            ) -> Result<(), Error> {
                algorithms::import_signing_key::<P, $backend>(bytes, sk, vk)
            }

            #[target_feature(enable = $features)]
            pub fn decode_verifying_key<P: ParameterSet>(
                pk: &[u8],
                vk: &mut ExpandedVerifyingKey<P>,
            ) -> Result<(), Error> {
                vk.decode_from::<$backend>(pk)
            }
        }
    };
}

#[cfg(target_arch = "x86_64")]
entry_points!(avx2_entry, super::Avx2, "avx2,bmi1,bmi2,popcnt");

// AVX-512 F, VL, BW and DQ, and AVX2, BMI1, BMI2, POPCNT, which every
// AVX-512 CPU has. Not in the test-only `ct-check` build, which only
// valgrind runs (it cannot execute AVX-512): a third fewer copies of the
// algorithms to compile there.
#[cfg(all(target_arch = "x86_64", not(feature = "ct-check")))]
entry_points!(
    avx512_entry,
    super::Avx512,
    "avx2,bmi1,bmi2,popcnt,avx512f,avx512vl,avx512bw,avx512dq"
);

/// Runs `$op::<P>($args)` on the selected backend: the `avx2_entry` or
/// `avx512_entry` copy on AVX2 or AVX-512, the generic algorithm for `Neon`
/// or `Portable` otherwise. The crate's one `unsafe` outside the SIMD
/// backends.
macro_rules! dispatch {
    ($op:ident::<$p:ty>($($arg:expr),*), |$b:ident| $generic:expr) => {
        match selected_backend() {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Avx2` is selected only when the CPU has AVX2, BMI1,
            // BMI2 and POPCNT (`avx2::available`), the entry points' features.
            #[allow(unsafe_code)]
            BackendKind::Avx2 => unsafe { avx2_entry::$op::<$p>($($arg),*) },
            #[cfg(all(target_arch = "x86_64", not(feature = "ct-check")))]
            // SAFETY: `Avx512` is selected only when the CPU has those and
            // AVX-512 F, VL, BW and DQ (`avx512::available`), the
            // `avx512_entry` points' features.
            #[allow(unsafe_code)]
            BackendKind::Avx512 => unsafe { avx512_entry::$op::<$p>($($arg),*) },
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            BackendKind::Neon => {
                type $b = Neon;
                out_of_line(|| $generic)
            }
            _ => {
                type $b = Portable;
                out_of_line(|| $generic)
            }
        }
    };
}

/// Overwrites with zeros the stack below the caller's frame that a secret
/// operation just used: `kib_per_k` KiB per row of A (k = 4, 6, 8), within
/// the operation's own frames (the crate docs' table includes the scrub).
/// The operations zeroize the secrets they hold, but a compiler may spill a
/// register holding secret coefficients to a stack slot that no `zeroize`
/// names (seen: a piece of s2 about 40 KiB down in AVX2 keygen for
/// ML-DSA-87; a lane of rho'' in the portable permutation's local copy of
/// the state, at the low end of the signing frame; both caught by the
/// stack-scan test); this overwrites those too. A `memset` of 16 to 104
/// KiB, a microsecond or less.
#[inline(always)]
fn scrub_stack<P: ParameterSet>(kib_per_k: usize) {
    scrub(kib_per_k * P::K / 4);
}

/// KiB per row of A each operation scrubs: as much of its measured peak as
/// lies below this frame, less a few KiB, so that the scrub reaches the
/// bottom of the operation's own frame without going deeper than its
/// callees did (signing with a compact key: 52 / 76 / 104 KiB for
/// ML-DSA-44 / 65 / 87). Signing also wipes its callees' frames itself
/// (`algorithms::internal`), which lie below its own.
const KEYGEN_SCRUB: usize = 6;
const SIGN_SCRUB: usize = 13;
const SIGN_PRECOMPUTED_SCRUB: usize = 6;
const IMPORT_SCRUB: usize = 4;

/// Zeroes `chunks` times 4 KiB of stack, in frames of its own, one below
/// the other (`black_box` keeps the writes; the call comes first, so that
/// it is not a tail call reusing the frame).
#[inline(never)]
fn scrub(chunks: usize) {
    let mut chunk = [0u8; 4096];
    if chunks > 1 {
        scrub(chunks - 1);
    }
    core::hint::black_box(&mut chunk);
}

/// Runs `f` in a frame of its own. The generic arms of `dispatch!` go
/// through here: inlined into the dispatching function, an operation's
/// locals (a whole A_hat, for signing) would be in its frame on every
/// backend, and the AVX2 and AVX-512 calls would need that stack on top of
/// their own.
#[inline(never)]
fn out_of_line<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// The operations of one parameter set, compiled in this crate: one copy
/// per parameter set (three, each with every backend), made once when
/// `mldsa` is built. The API's generic functions call them through
/// [`ParameterSet`] (of which this is a sealed supertrait), so a program
/// using `mldsa` links these copies instead of instantiating the
/// algorithms again in its own crate (rustc shares no generic instances
/// across crates in release builds): its own build takes seconds, not
/// minutes. Not nameable outside this crate.
pub trait Operations: Sized {
    #[doc(hidden)]
    fn key_gen(
        xi: &[u8; 32],
        vk: &mut ExpandedVerifyingKey<Self>,
        sk: &mut ExpandedSigningKey<Self>,
    ) where
        Self: ParameterSet;
    #[doc(hidden)]
    fn key_gen_precomputed(
        xi: &[u8; 32],
        vk: &mut ExpandedVerifyingKey<Self>,
        sk: &mut ExpandedSigningKey<Self>,
        pre: &mut PrecomputedParts<Self>,
    ) where
        Self: ParameterSet;
    #[doc(hidden)]
    fn precompute(sk: &ExpandedSigningKey<Self>, pre: &mut PrecomputedParts<Self>)
    where
        Self: ParameterSet;
    #[doc(hidden)]
    fn a_hat(sk: &ExpandedSigningKey<Self>) -> <Self as ParameterSet>::Matrix
    where
        Self: ParameterSet;
    #[doc(hidden)]
    fn sign(
        sk: &ExpandedSigningKey<Self>,
        mu: &[u8; 64],
        rnd: &[u8; 32],
        sig: &mut <Self as ParameterSet>::SigBytes,
    ) where
        Self: ParameterSet;
    #[doc(hidden)]
    fn sign_precomputed(
        sk: &ExpandedSigningKey<Self>,
        pre: &PrecomputedParts<Self>,
        mu: &[u8; 64],
        rnd: &[u8; 32],
        sig: &mut <Self as ParameterSet>::SigBytes,
    ) where
        Self: ParameterSet;
    #[doc(hidden)]
    fn verify(vk: &ExpandedVerifyingKey<Self>, mu: &[u8; 64], sig: &[u8]) -> bool
    where
        Self: ParameterSet;
    #[doc(hidden)]
    fn decode_verifying_key(pk: &[u8], vk: &mut ExpandedVerifyingKey<Self>) -> Result<(), Error>
    where
        Self: ParameterSet;
    #[doc(hidden)]
    fn import_signing_key(
        bytes: &[u8],
        sk: &mut ExpandedSigningKey<Self>,
        vk: &mut ExpandedVerifyingKey<Self>,
    ) -> Result<(), Error>
    where
        Self: ParameterSet;
}

/// `Operations` for each parameter set: every method calls the generic
/// operation of `run` for that set (a concrete function, so its code is
/// generated here).
macro_rules! operations {
    ($($p:ty: [$($row:literal)*]),*) => {$(
        impl Operations for $p {
            // The value returned is itself an array expression of one call
            // per row, each returning its row by value: the compiler writes
            // each row straight into the matrix returned, which is written
            // where the caller keeps it (a precomputed key handed out by
            // value), so that A_hat is on the stack once. Zeroing a whole
            // matrix and filling it would need a second one to return it
            // from. A wrong number of rows does not compile (the array is
            // the set's `Matrix`); a compiler that stopped placing the rows
            // would fail `make stack-check`.
            fn a_hat(sk: &ExpandedSigningKey<Self>) -> <Self as ParameterSet>::Matrix {
                let mut rows = algorithms::MatrixRows::new();
                let rho = sk.rho();
                [$(run::row::<Self>(&mut rows, rho, $row)),*]
            }
            fn key_gen(xi: &[u8; 32], vk: &mut ExpandedVerifyingKey<Self>, sk: &mut ExpandedSigningKey<Self>) {
                run::key_gen::<Self>(xi, vk, sk)
            }
            fn key_gen_precomputed(
                xi: &[u8; 32],
                vk: &mut ExpandedVerifyingKey<Self>,
                sk: &mut ExpandedSigningKey<Self>,
                pre: &mut PrecomputedParts<Self>,
            ) {
                run::key_gen_precomputed::<Self>(xi, vk, sk, pre)
            }
            fn precompute(sk: &ExpandedSigningKey<Self>, pre: &mut PrecomputedParts<Self>) {
                run::precompute::<Self>(sk, pre)
            }
            fn sign(
                sk: &ExpandedSigningKey<Self>,
                mu: &[u8; 64],
                rnd: &[u8; 32],
                sig: &mut <Self as ParameterSet>::SigBytes,
            ) {
                run::sign::<Self>(sk, mu, rnd, sig)
            }
            fn sign_precomputed(
                sk: &ExpandedSigningKey<Self>,
                pre: &PrecomputedParts<Self>,
                mu: &[u8; 64],
                rnd: &[u8; 32],
                sig: &mut <Self as ParameterSet>::SigBytes,
            ) {
                run::sign_precomputed::<Self>(sk, pre, mu, rnd, sig)
            }
            fn verify(vk: &ExpandedVerifyingKey<Self>, mu: &[u8; 64], sig: &[u8]) -> bool {
                run::verify::<Self>(vk, mu, sig)
            }
            fn decode_verifying_key(pk: &[u8], vk: &mut ExpandedVerifyingKey<Self>) -> Result<(), Error> {
                run::decode_verifying_key::<Self>(pk, vk)
            }
            fn import_signing_key(
                bytes: &[u8],
                sk: &mut ExpandedSigningKey<Self>,
                vk: &mut ExpandedVerifyingKey<Self>,
            ) -> Result<(), Error> {
                run::import_signing_key::<Self>(bytes, sk, vk)
            }
        }
    )*};
}

// Each with its row indices 0 to k - 1.
operations!(
    MlDsa44: [0 1 2 3],
    MlDsa65: [0 1 2 3 4 5],
    MlDsa87: [0 1 2 3 4 5 6 7]
);

/// ML-DSA.KeyGen_internal (Algorithm 6) into `vk` and `sk`, in place.
pub(crate) fn key_gen<P: ParameterSet>(
    xi: &[u8; 32],
    vk: &mut ExpandedVerifyingKey<P>,
    sk: &mut ExpandedSigningKey<P>,
) {
    P::key_gen(xi, vk, sk)
}

/// KeyGen_internal for a precomputed key: `pre` filled on the way.
pub(crate) fn key_gen_precomputed<P: ParameterSet>(
    xi: &[u8; 32],
    vk: &mut ExpandedVerifyingKey<P>,
    sk: &mut ExpandedSigningKey<P>,
    pre: &mut PrecomputedParts<P>,
) {
    P::key_gen_precomputed(xi, vk, sk, pre)
}

/// A precomputed key's parts from `sk`.
pub(crate) fn precompute<P: ParameterSet>(
    sk: &ExpandedSigningKey<P>,
    pre: &mut PrecomputedParts<P>,
) {
    P::precompute(sk, pre)
}

/// A_hat = ExpandA(rho) of `sk`, by value, built row by row where the
/// caller keeps it (`Operations::a_hat`).
#[inline(always)]
pub(crate) fn a_hat<P: ParameterSet>(sk: &ExpandedSigningKey<P>) -> P::Matrix {
    P::a_hat(sk)
}

/// ML-DSA.Sign_internal (Algorithm 7) from mu into `sig`, compact key.
pub(crate) fn sign<P: ParameterSet>(
    sk: &ExpandedSigningKey<P>,
    mu: &[u8; 64],
    rnd: &[u8; 32],
    sig: &mut P::SigBytes,
) {
    P::sign(sk, mu, rnd, sig)
}

/// ML-DSA.Sign_internal (Algorithm 7) from mu into `sig`, precomputed key.
pub(crate) fn sign_precomputed<P: ParameterSet>(
    sk: &ExpandedSigningKey<P>,
    pre: &PrecomputedParts<P>,
    mu: &[u8; 64],
    rnd: &[u8; 32],
    sig: &mut P::SigBytes,
) {
    P::sign_precomputed(sk, pre, mu, rnd, sig)
}

/// ML-DSA.Verify_internal (Algorithm 8) from mu.
pub(crate) fn verify<P: ParameterSet>(
    vk: &ExpandedVerifyingKey<P>,
    mu: &[u8; 64],
    sig: &[u8],
) -> bool {
    P::verify(vk, mu, sig)
}

/// pkDecode and tr = H(pk, 64) into `vk`.
pub(crate) fn decode_verifying_key<P: ParameterSet>(
    pk: &[u8],
    vk: &mut ExpandedVerifyingKey<P>,
) -> Result<(), Error> {
    P::decode_verifying_key(pk, vk)
}

/// An expanded signing key's import, validated (`import_signing_key`),
/// into `sk` and its public key into `vk`, in place.
pub(crate) fn import_signing_key<P: ParameterSet>(
    bytes: &[u8],
    sk: &mut ExpandedSigningKey<P>,
    vk: &mut ExpandedVerifyingKey<P>,
) -> Result<(), Error> {
    P::import_signing_key(bytes, sk, vk)
}

/// The operations, generic: each picks the backend (`dispatch!`) and, after
/// a secret operation, scrubs the stack it used.
mod run {
    use super::*;

    /// ML-DSA.KeyGen_internal (Algorithm 6) into `vk` and `sk`, in place.
    pub(super) fn key_gen<P: ParameterSet>(
        xi: &[u8; 32],
        vk: &mut ExpandedVerifyingKey<P>,
        sk: &mut ExpandedSigningKey<P>,
    ) {
        dispatch!(key_gen::<P>(xi, vk, sk), |B| {
            algorithms::key_gen_internal::<P, B>(xi, vk, sk)
        });
        scrub_stack::<P>(KEYGEN_SCRUB);
    }

    /// KeyGen_internal for a precomputed key: `pre` filled on the way.
    pub(super) fn key_gen_precomputed<P: ParameterSet>(
        xi: &[u8; 32],
        vk: &mut ExpandedVerifyingKey<P>,
        sk: &mut ExpandedSigningKey<P>,
        pre: &mut PrecomputedParts<P>,
    ) {
        dispatch!(key_gen_precomputed::<P>(xi, vk, sk, pre), |B| {
            algorithms::key_gen_internal_precomputed::<P, B>(xi, vk, sk, pre)
        });
        scrub_stack::<P>(KEYGEN_SCRUB);
    }

    /// A precomputed key's parts from `sk`.
    pub(super) fn precompute<P: ParameterSet>(
        sk: &ExpandedSigningKey<P>,
        pre: &mut PrecomputedParts<P>,
    ) {
        dispatch!(precompute::<P>(sk, pre), |B| pre.precompute::<B>(sk))
    }

    /// The next row of A_hat that `rows` makes (`_index`, the rows coming
    /// in order), by value. Not inlined: a call returning its row, which
    /// the caller's array expression places straight into the matrix.
    #[inline(never)]
    pub(super) fn row<P: ParameterSet>(
        rows: &mut algorithms::MatrixRows,
        rho: &[u8; 32],
        _index: usize,
    ) -> P::VecL {
        let mut row = P::VecL::zeroed();
        dispatch!(next_row::<P>(rows, rho, &mut row), |B| {
            rows.next_row::<P, B>(rho, &mut row)
        });
        row
    }

    /// ML-DSA.Sign_internal (Algorithm 7) from mu into `sig`, compact key.
    pub(super) fn sign<P: ParameterSet>(
        sk: &ExpandedSigningKey<P>,
        mu: &[u8; 64],
        rnd: &[u8; 32],
        sig: &mut P::SigBytes,
    ) {
        dispatch!(sign::<P>(sk, mu, rnd, sig), |B| {
            algorithms::sign_internal::<P, B>(sk, mu, rnd, sig)
        });
        scrub_stack::<P>(SIGN_SCRUB);
    }

    /// ML-DSA.Sign_internal (Algorithm 7) from mu into `sig`, precomputed key.
    pub(super) fn sign_precomputed<P: ParameterSet>(
        sk: &ExpandedSigningKey<P>,
        pre: &PrecomputedParts<P>,
        mu: &[u8; 64],
        rnd: &[u8; 32],
        sig: &mut P::SigBytes,
    ) {
        dispatch!(sign_precomputed::<P>(sk, pre, mu, rnd, sig), |B| {
            algorithms::sign_internal_precomputed::<P, B>(sk, pre, mu, rnd, sig)
        });
        scrub_stack::<P>(SIGN_PRECOMPUTED_SCRUB);
    }

    /// ML-DSA.Verify_internal (Algorithm 8) from mu.
    pub(super) fn verify<P: ParameterSet>(
        vk: &ExpandedVerifyingKey<P>,
        mu: &[u8; 64],
        sig: &[u8],
    ) -> bool {
        dispatch!(verify::<P>(vk, mu, sig), |B| {
            algorithms::verify_internal::<P, B>(vk, mu, sig)
        })
    }

    /// pkDecode and tr = H(pk, 64) into `vk`.
    pub(super) fn decode_verifying_key<P: ParameterSet>(
        pk: &[u8],
        vk: &mut ExpandedVerifyingKey<P>,
    ) -> Result<(), Error> {
        dispatch!(decode_verifying_key::<P>(pk, vk), |B| {
            vk.decode_from::<B>(pk)
        })
    }

    /// An expanded signing key's import, validated (`import_signing_key`),
    /// into `sk` and its public key into `vk`, in place.
    pub(super) fn import_signing_key<P: ParameterSet>(
        bytes: &[u8],
        sk: &mut ExpandedSigningKey<P>,
        vk: &mut ExpandedVerifyingKey<P>,
    ) -> Result<(), Error> {
        let result = dispatch!(import_signing_key::<P>(bytes, sk, vk), |B| {
            algorithms::import_signing_key::<P, B>(bytes, sk, vk)
        });
        scrub_stack::<P>(IMPORT_SCRUB);
        result
    }
}

/// mu = H(tr || M', 64), incremental, on the selected backend's SHAKE256.
pub(crate) enum MuXof {
    Portable(MuHasher<Portable>),
    #[cfg(target_arch = "x86_64")]
    Avx2(MuHasher<Avx2>),
    #[cfg(target_arch = "x86_64")]
    Avx512(MuHasher<Avx512>),
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    Neon(MuHasher<Neon>),
}

impl MuXof {
    /// Starts mu for the key with this tr.
    pub(crate) fn new(tr: &[u8; 64]) -> Self {
        match selected_backend() {
            #[cfg(target_arch = "x86_64")]
            BackendKind::Avx2 => MuXof::Avx2(MuHasher::new(tr)),
            #[cfg(target_arch = "x86_64")]
            BackendKind::Avx512 => MuXof::Avx512(MuHasher::new(tr)),
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            BackendKind::Neon => MuXof::Neon(MuHasher::new(tr)),
            _ => MuXof::Portable(MuHasher::new(tr)),
        }
    }

    /// Absorbs the next piece of M'.
    pub(crate) fn update(&mut self, piece: &[u8]) {
        match self {
            MuXof::Portable(h) => h.update(piece),
            #[cfg(target_arch = "x86_64")]
            MuXof::Avx2(h) => h.update(piece),
            #[cfg(target_arch = "x86_64")]
            MuXof::Avx512(h) => h.update(piece),
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            MuXof::Neon(h) => h.update(piece),
        }
    }

    /// mu.
    pub(crate) fn finalize(self) -> [u8; 64] {
        match self {
            MuXof::Portable(h) => h.finalize(),
            #[cfg(target_arch = "x86_64")]
            MuXof::Avx2(h) => h.finalize(),
            #[cfg(target_arch = "x86_64")]
            MuXof::Avx512(h) => h.finalize(),
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            MuXof::Neon(h) => h.finalize(),
        }
    }
}
