//! How each backend's SHAKE lanes are filled for FIPS 204's samplers:
//! ExpandA (Algorithm 32), ExpandS (Algorithm 33) and ExpandMask
//! (Algorithm 34), built from RejNTTPoly (Algorithm 30), RejBoundedPoly
//! (Algorithm 31) and BitUnpack, one lane at a time, or four or eight at a
//! time where the backend's Keccak permutes that many states at once, and
//! which one-lane sponge rides on ExpandA's permutations ([`Carry`]).
//!
//! The algorithms (`crate::algorithms`) ask for "the rows of A_hat", "s1
//! and s2" and "the mask"; how many lanes serve them, in which order, and
//! what an idle lane carries is decided here, beside the Keccak it serves,
//! from the backend's [`Backend::WIDE_SHAKE`],
//! [`Backend::EIGHT_LANE_SHAKE`] and [`Backend::IDLE_LANE_CARRY`]. Every
//! schedule gives each polynomial the bytes of its own SHAKE stream, in
//! order, so every schedule computes the same values (the differential
//! tests hold each backend's to the spec).

mod expand_mask;
mod expand_s;
mod matrix;
mod refill;
mod rejection;
mod schedule;

pub use expand_mask::MaskStream;
pub use expand_s::expand_s;
pub use matrix::{MatrixRows, RowStream, c_tilde_hasher, expand_a, tr_hasher};

#[cfg(doc)]
use crate::backend::{Backend, Carry};
