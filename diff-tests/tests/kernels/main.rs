//! The backend kernels against the spec, one module per concern, each check
//! generic over `B: Backend` and run on every backend this machine runs
//! (`for_each_backend!`). One test binary, so that the kernels of each
//! backend are compiled once.

#[path = "../common/mod.rs"]
mod common;

mod arithmetic;
mod backends;
mod neon;
mod ntt;
mod packing;
mod rejection;
mod rounding;
mod shake;
mod small_ntt;
