//! Run-time support for the contract checks that `#[checked]` inserts (see
//! the `mldsa-spec-contracts` crate). Nothing here is extracted: under hax the
//! functions are compiled exactly as written and the checks do not exist.

pub use mldsa_spec_contracts::{checked, predicate};

// The failure report and the mutant tests' switch live in a crate of their
// own (a thread-local `Cell`: interior mutability, outside hax's subset).
#[cfg(not(hax))]
pub use mldsa_spec_contracts_runtime::{requires_enabled, violated, without_requires_of};
