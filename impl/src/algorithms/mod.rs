//! The algorithms of FIPS 204 above the kernels, written once, generic over
//! the parameter set `P` and the backend `B`, module for module as in
//! `mldsa-spec` (the table in the crate's README maps each algorithm to both):
//!
//! - [`internal`]: KeyGen_internal, Sign_internal, Verify_internal
//!   (Algorithms 6 to 8);
//! - [`mod@expand_a`]: ExpandA (Algorithm 32) and the forms in which the
//!   operations consume A_hat;
//! - [`sampling`]: ExpandS, ExpandMask, SampleInBall (Algorithms 33, 34,
//!   29);
//! - [`encodings`]: the key and signature encodings (Algorithms 22 to 28);
//! - [`hash`]: H and the incremental mu;
//! - [`keys`]: the key types (sk kept encoded, a precomputed key's parts,
//!   pk decoded) and the validated key import;
//! - `secret_products`: the forms of s1 and s2 that Sign_internal
//!   multiplies by c.
//!
//! No module here names a concrete backend or how many SHAKE lanes a
//! backend runs (`make lint`'s layer check): `crate::dispatch` picks the
//! backend, and the backend's samplers (`crate::backend::sampler`) fill its
//! lanes.

pub mod encodings;
pub mod expand_a;
pub mod hash;
pub mod internal;
pub mod keys;
pub mod sampling;
pub(crate) mod secret_products;

use crate::backend::Backend;
use crate::params::PolyVec;

pub use expand_a::{Streamed, Whole, expand_a};
#[cfg(feature = "internals")]
pub use hash::h_shake256;
pub use hash::{MuHasher, xof_into};
pub use internal::{key_gen_internal, sign_internal, verify_internal};
pub use keys::import_signing_key;
#[cfg(feature = "internals")]
pub use keys::{ExpandedSigningKey, ExpandedVerifyingKey, PrecomputedParts};

/// NTT of every entry of a vector, through the backend's NTT.
#[inline(always)]
pub fn ntt_vec<V: PolyVec, B: Backend>(v: &mut V) {
    for p in v.as_mut() {
        B::ntt(p);
    }
}
