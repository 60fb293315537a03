//! cargo fuzz target `pem`: `mldsa_fuzz::targets::pem` (what it checks is
//! documented there). The targets' code lives in the library, compiled once
//! for all of them.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mldsa_fuzz::targets::pem::run(data));
