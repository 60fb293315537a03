//! The NEON arithmetic kernels, written once over [`NeonOps`]: the backend
//! (`crate::backend::neon`) runs them on the intrinsics, the `lemmas` crate
//! on a model of each intrinsic.

mod arithmetic;
mod ntt;
mod ops;
mod rounding;

pub use arithmetic::{
    DotAcc, caddq, montgomery_mul, montgomery_mul_pre, mul_lane, pointwise_acc, reduce32,
};
pub use ntt::{
    FORWARD, FORWARD_COLUMN, FORWARD_COLUMN_QINV, FORWARD_QINV, INVERSE, INVERSE_COLUMN,
    INVERSE_COLUMN_QINV, INVERSE_QINV, invntt_tomont, ntt,
};
pub use ops::NeonOps;
pub use rounding::{decompose, exceeds, exceeds_any, make_hint, power2round, use_hint};
