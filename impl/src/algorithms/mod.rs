//! The algorithms of FIPS 204 above the kernels, written once, generic over
//! the parameter set `P` and the backend `B`, module for module as in
//! `mldsa-spec` (the table in the crate's README maps each algorithm to both):
//!
//! - [`keys`]: the key types (sk kept encoded, a precomputed key's parts,
//!   pk decoded) and the validated key import;
//! - [`internal`]: KeyGen_internal, Sign_internal, Verify_internal;
//! - [`hash`]: H and the incremental mu;
//! - [`key_sig_packing`]: the key and signature encodings (Algorithms 20 to
//!   28; the spec's `encodings`);
//! - [`sampling`]: ExpandA, ExpandS, ExpandMask, SampleInBall.
//!
//! No module here names a concrete backend: `crate::dispatch` picks one.

pub mod hash;
pub mod internal;
pub mod key_sig_packing;
pub mod keys;
pub mod matrix;
pub mod sampling;

#[cfg(feature = "internals")]
pub use hash::h_shake256;
pub use hash::{MuHasher, xof_into};
#[cfg(feature = "internals")]
pub use internal::key_gen_internal;
pub(crate) use internal::key_gen_internal_streamed;
#[cfg(feature = "internals")]
pub use internal::sign_internal;
pub use internal::{
    key_gen_internal_precomputed, sign_internal_given_a_hat, sign_internal_precomputed,
    verify_internal,
};
pub use keys::import_signing_key;
#[cfg(feature = "internals")]
pub use keys::{ExpandedSigningKey, ExpandedVerifyingKey, PrecomputedParts};
pub(crate) use matrix::Streamed;
pub use sampling::MatrixRows;
