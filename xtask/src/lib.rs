//! Developer tasks for the ML-DSA workspace.
//!
//! The only task so far is [`hax_subset`], a syntactic checker that keeps
//! the executable specification inside the Rust subset that the hax
//! extractor (Rust -> F*/Lean) accepts.

pub mod fstar_names;
pub mod hax_contracts;
pub mod hax_subset;
pub mod obligations;
