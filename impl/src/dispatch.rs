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
use crate::backend::sampler::MatrixRows;
use crate::backend::selected::Selected;
use crate::backend::selected::upper_state::clean_upper_state;
use crate::error::Error;
#[cfg(feature = "ml-dsa-44")]
use crate::params::MlDsa44;
#[cfg(feature = "ml-dsa-65")]
use crate::params::MlDsa65;
#[cfg(feature = "ml-dsa-87")]
use crate::params::MlDsa87;
use crate::params::{ParameterSet, PolyMatrix, PolyVec};
use zeroize::Zeroize;

pub use crate::backend::selected::{BackendKind, selected_backend};

use crate::params::Operations;
/// The key types the API holds (their fields are the algorithms' business).
pub(crate) use crate::params::{ExpandedSigningKey, ExpandedVerifyingKey, PrecomputedParts};

/// Overwrites with zeros the stack below the caller's frame that a secret
/// operation just used: `kib_per_k` KiB per row of A (k = 4, 6, 8), within
/// the operation's own frames (the crate docs' table includes the scrub).
/// The operations zeroize the secrets they hold, but a compiler may spill a
/// register holding secret coefficients to a stack slot that no `zeroize`
/// names (seen: a piece of s2 about 40 KiB down in AVX2 keygen for
/// ML-DSA-87; a lane of rho'' in the portable permutation's local copy of
/// the state, at the low end of the signing frame; both caught by the
/// stack-scan test); this overwrites those too: 16 to 48 KiB, in
/// [`SCRUB_FRAME`] pieces, a microsecond or less.
#[inline(always)]
fn scrub_stack<P: ParameterSet>(size: (usize, usize)) {
    scrub_kib(scrub_size::<P>(size));
}

/// The KiB of `(a, b)`: a + b k.
#[inline(always)]
fn scrub_size<P: ParameterSet>((kib, kib_per_k): (usize, usize)) -> usize {
    kib + kib_per_k * P::K
}

/// [`scrub_stack`] of `kib` KiB.
#[inline(always)]
fn scrub_kib(kib: usize) {
    scrub(kib * 1024 / SCRUB_FRAME);
}

/// The KiB each operation scrubs, (a, b): a + b k for k rows of A. As much
/// of its measured peak as lies below this frame, less a KiB or two, so
/// that the scrub reaches the bottom of the operation's own frames without
/// going deeper than its callees did (signing: 24 / 36 / 48 KiB for
/// ML-DSA-44 / 65 / 87, with either key form: a compact key's A_hat,
/// public, lies above; key generation: 18 / 22 / 26 KiB, the rows of A_hat
/// it streams, public, lie above, and the compact key's k + l KiB less:
/// its s1 and s2 lie above too, zeroized where they are). Signing also
/// wipes its callees' frames itself (`algorithms::internal`), which lie
/// below its own.
const KEYGEN_SCRUB: (usize, usize) = (10, 2);
const SIGN_SCRUB: (usize, usize) = (0, 6);
const IMPORT_SCRUB: (usize, usize) = (0, 4);

/// The stack one [`scrub`] frame takes, about: its zeroed chunk of
/// `SCRUB_FRAME - 16` bytes, the return address and two saved registers
/// (2,064 bytes on x86-64). A chunk under 2 KiB: glibc's `memset` switches
/// from vector stores to `rep stosb` at 2 KiB, which on some CPUs takes
/// about twice as long for 4 KiB as vector stores.
const SCRUB_FRAME: usize = 2048;

/// Zeroes `chunks` chunks of stack, about [`SCRUB_FRAME`] bytes each, in
/// frames of its own, one below the other (`black_box` keeps the writes;
/// the call comes first, so that it is not a tail call reusing the frame).
#[inline(never)]
fn scrub(chunks: usize) {
    let mut chunk = [0u8; SCRUB_FRAME - 16];
    if chunks > 1 {
        scrub(chunks - 1);
    }
    core::hint::black_box(&mut chunk);
}

/// Runs `f` in a frame of its own: inlined into the API function that
/// calls it, an operation's locals (a whole A_hat, for signing) would be
/// in that function's frame, under the key it returns. First the vector
/// registers' upper halves are marked unused, as another library's code
/// may have left them ([`clean_upper_state`]).
#[inline(never)]
fn out_of_line<R>(f: impl FnOnce() -> R) -> R {
    clean_upper_state();
    f()
}

/// Signing with a compact key: A_hat (public) expanded in place in this
/// frame (rows returned by value, as `a_hat` makes them, would each be
/// zeroed and then copied), above the frames of the signing proper, which
/// are those of a precomputed key's signing; a frame of its own, so that
/// a precomputed key's signing has no A_hat on its stack.
#[inline(never)]
fn sign_expanding<P: ParameterSet>(
    sk: &ExpandedSigningKey<P>,
    mu: &[u8; 64],
    rnd: &[u8; 32],
    sig: &mut P::SigBytes,
) {
    let mut a_hat = P::Matrix::zeroed();
    out_of_line(|| algorithms::expand_a::<P, Selected>(sk.rho(), &mut a_hat));
    out_of_line(|| algorithms::sign_internal::<P, Selected>(sk, &a_hat, mu, rnd, sig));
}

/// `Operations` for each parameter set, the one statement of each
/// operation: the generic algorithm on [`Selected`] (so one copy per
/// parameter set for every backend), in a frame of its own, then, after a
/// secret operation, the scrub of the stack it used.
macro_rules! operations {
    ($p:ty: [$($row:literal)*]) => {
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
                let mut rows = MatrixRows::new();
                let rho = sk.rho();
                [$(next_row::<Self>(&mut rows, rho, $row)),*]
            }

            fn key_gen(
                xi: &[u8; 32],
                vk: &mut ExpandedVerifyingKey<Self>,
                sk: &mut ExpandedSigningKey<Self>,
            ) {
                // A_hat's rows are public: streamed through storage here,
                // above the frames of the key generation proper, which the
                // scrub wipes (as signing's A_hat). s1 and s2 are made here
                // too, and zeroized here: the scrub then has their k + l
                // KiB less to wipe.
                let mut rows = algorithms::Streamed::<Self, Selected>::new();
                let mut s1 = <Self as ParameterSet>::VecL::zeroed();
                let mut s2 = <Self as ParameterSet>::VecK::zeroed();
                out_of_line(|| {
                    algorithms::key_gen_internal::<Self, Selected>(
                        xi, &mut rows, &mut s1, &mut s2, vk, sk,
                    )
                });
                s1.zeroize();
                s2.zeroize();
                scrub_kib(scrub_size::<Self>(KEYGEN_SCRUB) - (Self::K + Self::L));
            }

            fn key_gen_precomputed(
                xi: &[u8; 32],
                vk: &mut ExpandedVerifyingKey<Self>,
                sk: &mut ExpandedSigningKey<Self>,
                pre: &mut PrecomputedParts<Self>,
            ) {
                // s1 and s2 made here and zeroized here, as `key_gen`'s
                // (the scrub has their k + l KiB less to wipe); A_hat
                // expanded whole into the key.
                let mut s1 = <Self as ParameterSet>::VecL::zeroed();
                let mut s2 = <Self as ParameterSet>::VecK::zeroed();
                out_of_line(|| {
                    let a_hat = &mut algorithms::Whole(&mut pre.a_hat);
                    algorithms::key_gen_internal::<Self, Selected>(
                        xi, a_hat, &mut s1, &mut s2, vk, sk,
                    )
                });
                s1.zeroize();
                s2.zeroize();
                scrub_kib(scrub_size::<Self>(KEYGEN_SCRUB) - (Self::K + Self::L));
            }

            fn precompute(sk: &ExpandedSigningKey<Self>, pre: &mut PrecomputedParts<Self>) {
                out_of_line(|| pre.precompute::<Selected>(sk))
            }

            fn sign(
                sk: &ExpandedSigningKey<Self>,
                pre: Option<&PrecomputedParts<Self>>,
                mu: &[u8; 64],
                rnd: &[u8; 32],
                sig: &mut <Self as ParameterSet>::SigBytes,
            ) {
                match pre {
                    Some(pre) => out_of_line(|| {
                        algorithms::sign_internal::<Self, Selected>(sk, &pre.a_hat, mu, rnd, sig)
                    }),
                    None => sign_expanding::<Self>(sk, mu, rnd, sig),
                }
                scrub_stack::<Self>(SIGN_SCRUB);
            }

            fn verify(vk: &ExpandedVerifyingKey<Self>, mu: &[u8; 64], sig: &[u8]) -> bool {
                out_of_line(|| algorithms::verify_internal::<Self, Selected>(vk, mu, sig))
            }

            fn decode_verifying_key(
                pk: &[u8],
                vk: &mut ExpandedVerifyingKey<Self>,
            ) -> Result<(), Error> {
                out_of_line(|| vk.decode_from::<Selected>(pk))
            }

            fn import_signing_key(
                bytes: &[u8],
                sk: &mut ExpandedSigningKey<Self>,
                vk: &mut ExpandedVerifyingKey<Self>,
            ) -> Result<(), Error> {
                let result =
                    out_of_line(|| algorithms::import_signing_key::<Self, Selected>(bytes, sk, vk));
                scrub_stack::<Self>(IMPORT_SCRUB);
                result
            }
        }
    };
}

/// The next row of A_hat that `rows` makes (`_index`, the rows coming in
/// order), by value. Not inlined: a call returning its row, which the
/// caller's array expression places straight into the matrix.
#[inline(never)]
fn next_row<P: ParameterSet>(rows: &mut MatrixRows, rho: &[u8; 32], _index: usize) -> P::VecL {
    let mut row = P::VecL::zeroed();
    out_of_line(|| rows.next_row::<P, Selected>(rho, &mut row));
    row
}

// Each parameter set built (its Cargo feature), with its row indices 0 to
// k - 1.
#[cfg(feature = "ml-dsa-44")]
operations!(MlDsa44: [0 1 2 3]);
#[cfg(feature = "ml-dsa-65")]
operations!(MlDsa65: [0 1 2 3 4 5]);
#[cfg(feature = "ml-dsa-87")]
operations!(MlDsa87: [0 1 2 3 4 5 6 7]);

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

#[cfg(all(test, feature = "std", target_arch = "x86_64"))]
mod tests {
    use crate::backend::selected::upper_state::{dirty_upper_state, upper_state_in_use};
    use std::eprintln;

    /// Every operation goes through `out_of_line`, which must hand its
    /// operation the upper halves unused even when the caller left them in
    /// use.
    #[test]
    fn operations_start_with_the_upper_halves_unused() {
        dirty_upper_state();
        if upper_state_in_use() != Some(true) {
            eprintln!("no AVX, or no XGETBV with ECX = 1: nothing to check here");
            return;
        }
        let inside = super::out_of_line(upper_state_in_use);
        assert_eq!(inside, Some(false));
    }
}
