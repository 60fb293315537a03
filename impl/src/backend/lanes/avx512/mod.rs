//! The AVX-512 arithmetic kernels (the NTT, its inverse and the pointwise
//! products on 16 lanes), written once over [`Avx512Ops`]: the backend
//! (`crate::backend::avx512`) runs them on the intrinsics, the `lemmas`
//! crate on a model of each intrinsic.

pub mod arithmetic;
pub mod ntt;
mod ops;

pub use ops::Avx512Ops;
