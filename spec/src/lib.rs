//! # mldsa-spec: an executable specification of ML-DSA (FIPS 204)
//!
//! A literal transcription of FIPS 204, written to be read side by side with
//! the standard: one function per algorithm, named and numbered after it,
//! with the standard's variable names and one comment per pseudocode line.
//! It favours clarity over speed, forbids unsafe_code, and stays inside the Rust
//! subset that hax extracts to F* and Lean (checked by `cargo run -p xtask --
//! hax-subset spec/src`). Contracts (`hax_lib::requires` / `ensures` /
//! `loop_invariant!` / `loop_decreases!`) state the input ranges the
//! algorithms rely on; they become proof obligations under hax, and
//! `#[checked]` ([`contract`]) evaluates the same expressions on every call
//! in normal builds (feature `check-contracts`, on by default).
//!
//! | FIPS 204 | here |
//! |---|---|
//! | Algorithms 1 to 3 (ML-DSA) | [`ml_dsa`] |
//! | Algorithms 4, 5 (HashML-DSA) | [`hash_ml_dsa`] |
//! | Algorithms 6 to 8 (internal) | [`internal`] |
//! | Algorithms 9 to 21 (conversions) | [`conversions`] |
//! | Algorithms 22 to 28 (encodings) | [`encodings`] |
//! | Algorithms 29 to 34 (sampling) | [`sampling`] |
//! | Algorithms 35 to 40 (rounding and hints) | [`rounding`] |
//! | Algorithms 41 to 49 (NTT, T_q arithmetic, MontgomeryReduce) | [`ntt`] |
//! | Section 3.7 (H and G) | [`hash`] |
//! | Tables 1 and 2 (parameter sets) | [`params`] |
//! | what the algorithms rely on (NTT inverse, UseHint, round trips), as hax lemmas | [`properties`] |
//! | run-time contract checks | [`contract`] |
//!
//! ```
//! use mldsa_spec::*;
//! let (pk, sk) = ml_dsa_key_gen(&ML_DSA_44, Some([7u8; 32])).unwrap();
//! let sigma = ml_dsa_sign(&ML_DSA_44, &sk, b"message", b"ctx", Some([0u8; 32])).unwrap();
//! assert_eq!(sigma.len(), ML_DSA_44.sig_len());
//! assert_eq!(ml_dsa_verify(&ML_DSA_44, &pk, b"message", &sigma, b"ctx"), Ok(true));
//! ```

#![forbid(unsafe_code)]
// The standard indexes its loops and copies coefficient by coefficient; so do we.
// Its "if z != bottom and j < 256" stays two nested ifs, as hax extracts
// them (no let chains, which clippy suggests from the 1.88 MSRV on).
// `a[i] = a[i] + x` stays written out: hax's engine refuses `a[i] += x`
// (HAX0010), and `make hax-subset` rejects it.
#![allow(
    clippy::needless_range_loop,
    clippy::manual_memcpy,
    clippy::collapsible_if,
    clippy::assign_op_pattern
)]

pub mod contract;
pub mod conversions;
pub mod encodings;
pub mod error;
pub mod hash;
pub mod hash_ml_dsa;
pub mod internal;
pub mod ml_dsa;
pub mod ntt;
pub mod params;
pub mod properties;
pub mod ring;
pub mod rounding;
pub mod sampling;

pub use error::Error;
pub use hash_ml_dsa::{PreHash, hash_ml_dsa_sign, hash_ml_dsa_verify};
pub use internal::{
    ml_dsa_key_gen_internal, ml_dsa_sign_internal, ml_dsa_sign_internal_external_mu,
    ml_dsa_verify_internal, ml_dsa_verify_internal_external_mu,
};
pub use ml_dsa::{ml_dsa_key_gen, ml_dsa_sign, ml_dsa_verify};
pub use params::{ML_DSA_44, ML_DSA_65, ML_DSA_87, ParamSet};
