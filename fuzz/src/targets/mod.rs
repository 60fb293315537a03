//! The fuzz targets, one module each: `run` takes one input. The binaries
//! in `fuzz_targets/` only call these, so that the algorithms are compiled
//! once, here, not once per target.

pub mod differential;
pub mod expanded_key;
pub mod mu_builder;
pub mod pem;
pub mod pkcs8;
pub mod signature;
pub mod spki;
pub mod verify;
pub mod verifying_key;
