//! The samplers, encodings and whole algorithms against the spec, one
//! module per concern: at algorithm level on every backend, and end to end
//! through the public API (on the backend it selects).
//!
//! One test binary: the algorithms are `#[inline(always)]` throughout, so
//! each crate that instantiates them for the three parameter sets and both
//! backends pays minutes of compile time; here that happens once, through
//! the `#[inline(never)]` wrappers of `calls`.

#[path = "../common/mod.rs"]
mod common;

mod calls;

mod boundaries;
mod encodings;
mod expanded_keys;
mod malformed;
mod sampling;
mod signing;
mod verify;
