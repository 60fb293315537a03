//! The AVX-512 arithmetic kernels (the NTT, its inverse and the pointwise
//! products on 16 lanes), written once over [`Avx512Ops`]: the backend
//! (`crate::backend::avx512`) runs them on the intrinsics, its unit tests
//! on a lane-by-lane model of each intrinsic (`backend/avx512/model.rs`).

pub mod arithmetic;
pub mod ntt;
mod ops;

pub use ops::Avx512Ops;
