//! cargo fuzz target `mu_builder`: `mldsa_fuzz::targets::mu_builder` (what it checks is
//! documented there). The targets' code lives in the library, compiled once
//! for all of them.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mldsa_fuzz::targets::mu_builder::run(data));
