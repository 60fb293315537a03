//! A planted defect for the 32-bit run (`make spec-i686`): a requires
//! written with `1 << 32` on usize, a counter bound of ExpandMask's kind. At
//! 64 bits it compiles and holds; with usize 32 bits wide, as hax's F*
//! allows, the shift itself overflows and the build must fail
//! (`scripts/spec-i686.sh` checks that it does, with rustc's
//! `arithmetic_overflow` error). Compiled only with the feature
//! `plant-usize-bound`, which nothing else enables.

#![cfg(all(feature = "plant-usize-bound", not(hax)))]

use mldsa_spec::contract::checked;

/// `#[checked]` reports through `crate::contract`, as inside mldsa-spec.
mod contract {
    pub use mldsa_spec::contract::{requires_enabled, violated};
}

/// A counter bound, written on usize as 2^32.
#[checked]
#[hax_lib::requires(mu < 1 << 32)]
fn counter_below_2_to_the_32(mu: usize) -> usize {
    mu
}

#[test]
fn planted_bound_holds_at_64_bits() {
    assert_eq!(counter_below_2_to_the_32(7), 7);
}
