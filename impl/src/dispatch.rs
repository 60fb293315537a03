//! The one door from the API to the backends: one CPU check, cached, then
//! every operation that touches a kernel (key generation, signing,
//! verification, key import and its consistency check, public-key
//! decoding, mu hashing) runs on [`Selected`], whose kernels forward to
//! the chosen backend: compiled once per parameter set. The API
//! files (`signing_key.rs`, `verifying_key.rs`, `mu.rs`, ...) reach the
//! algorithms and the backends only through here.
//! Tests force a backend with the environment variable `MLDSA_BACKEND`
//! (`portable`, `avx2`, `avx512`, `neon`; std builds only). A backend the CPU cannot run is
//! never selected: the best available one runs instead, and
//! [`selected_backend`] says which.

use crate::algorithms::{self, MuHasher};
use crate::backend::portable::{Sha3, Shake};
use crate::backend::selected::Selected;
use crate::error::Error;
#[cfg(feature = "ml-dsa-44")]
use crate::params::MlDsa44;
#[cfg(feature = "ml-dsa-65")]
use crate::params::MlDsa65;
#[cfg(feature = "ml-dsa-87")]
use crate::params::MlDsa87;
use crate::params::{ParameterSet, PolyVec};

pub use crate::backend::selected::{BackendKind, selected_backend};

/// The key types the API holds (their fields are the algorithms' business).
pub(crate) use crate::algorithms::{ExpandedSigningKey, ExpandedVerifyingKey, PrecomputedParts};

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

/// Runs `f` in a frame of its own: inlined into the API function that
/// calls it, an operation's locals (a whole A_hat, for signing) would be
/// in that function's frame, under the key it returns.
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

// Each parameter set built (its Cargo feature), with its row indices 0 to
// k - 1.
#[cfg(feature = "ml-dsa-44")]
operations!(MlDsa44: [0 1 2 3]);
#[cfg(feature = "ml-dsa-65")]
operations!(MlDsa65: [0 1 2 3 4 5]);
#[cfg(feature = "ml-dsa-87")]
operations!(MlDsa87: [0 1 2 3 4 5 6 7]);

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

/// The operations, generic over the parameter set, on the selected backend
/// ([`Selected`]); after a secret operation each scrubs the stack it used.
mod run {
    use super::*;

    /// ML-DSA.KeyGen_internal (Algorithm 6) into `vk` and `sk`, in place.
    pub(super) fn key_gen<P: ParameterSet>(
        xi: &[u8; 32],
        vk: &mut ExpandedVerifyingKey<P>,
        sk: &mut ExpandedSigningKey<P>,
    ) {
        out_of_line(|| algorithms::key_gen_internal::<P, Selected>(xi, vk, sk));
        scrub_stack::<P>(KEYGEN_SCRUB);
    }

    /// KeyGen_internal for a precomputed key: `pre` filled on the way.
    pub(super) fn key_gen_precomputed<P: ParameterSet>(
        xi: &[u8; 32],
        vk: &mut ExpandedVerifyingKey<P>,
        sk: &mut ExpandedSigningKey<P>,
        pre: &mut PrecomputedParts<P>,
    ) {
        out_of_line(|| algorithms::key_gen_internal_precomputed::<P, Selected>(xi, vk, sk, pre));
        scrub_stack::<P>(KEYGEN_SCRUB);
    }

    /// A precomputed key's parts from `sk`.
    pub(super) fn precompute<P: ParameterSet>(
        sk: &ExpandedSigningKey<P>,
        pre: &mut PrecomputedParts<P>,
    ) {
        out_of_line(|| pre.precompute::<Selected>(sk))
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
        out_of_line(|| rows.next_row::<P, Selected>(rho, &mut row));
        row
    }

    /// ML-DSA.Sign_internal (Algorithm 7) from mu into `sig`, compact key.
    pub(super) fn sign<P: ParameterSet>(
        sk: &ExpandedSigningKey<P>,
        mu: &[u8; 64],
        rnd: &[u8; 32],
        sig: &mut P::SigBytes,
    ) {
        out_of_line(|| algorithms::sign_internal::<P, Selected>(sk, mu, rnd, sig));
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
        out_of_line(|| algorithms::sign_internal_precomputed::<P, Selected>(sk, pre, mu, rnd, sig));
        scrub_stack::<P>(SIGN_PRECOMPUTED_SCRUB);
    }

    /// ML-DSA.Verify_internal (Algorithm 8) from mu.
    pub(super) fn verify<P: ParameterSet>(
        vk: &ExpandedVerifyingKey<P>,
        mu: &[u8; 64],
        sig: &[u8],
    ) -> bool {
        out_of_line(|| algorithms::verify_internal::<P, Selected>(vk, mu, sig))
    }

    /// pkDecode and tr = H(pk, 64) into `vk`.
    pub(super) fn decode_verifying_key<P: ParameterSet>(
        pk: &[u8],
        vk: &mut ExpandedVerifyingKey<P>,
    ) -> Result<(), Error> {
        out_of_line(|| vk.decode_from::<Selected>(pk))
    }

    /// An expanded signing key's import, validated (`import_signing_key`),
    /// into `sk` and its public key into `vk`, in place.
    pub(super) fn import_signing_key<P: ParameterSet>(
        bytes: &[u8],
        sk: &mut ExpandedSigningKey<P>,
        vk: &mut ExpandedVerifyingKey<P>,
    ) -> Result<(), Error> {
        let result = out_of_line(|| algorithms::import_signing_key::<P, Selected>(bytes, sk, vk));
        scrub_stack::<P>(IMPORT_SCRUB);
        result
    }
}

/// SHA3 with a rate of `RATE` bytes (FIPS 202) of `m`, into `out` (its
/// digest length): HashML-DSA's SHA3-224 .. SHA3-512 pre-hashes, on the
/// portable Keccak.
pub(crate) fn sha3_into<const RATE: usize>(m: &[u8], out: &mut [u8]) {
    algorithms::xof_into::<Sha3<RATE>>(&[m], out)
}

/// SHAKE with a rate of `RATE` bytes of `m`, into `out`: HashML-DSA's
/// SHAKE128 and SHAKE256 pre-hashes, on the portable Keccak.
pub(crate) fn shake_into<const RATE: usize>(m: &[u8], out: &mut [u8]) {
    algorithms::xof_into::<Shake<RATE>>(&[m], out)
}

/// mu = H(tr || M', 64), incremental, on the selected backend's SHAKE256.
pub(crate) type MuXof = MuHasher<Selected>;
