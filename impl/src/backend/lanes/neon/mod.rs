//! The NEON arithmetic kernels, written once over [`NeonOps`]: the backend
//! (`crate::backend::neon`) runs them on the intrinsics, the `lemmas` crate
//! on a model of each intrinsic.

mod arithmetic;
mod ntt;
mod ops;
mod rounding;

pub use arithmetic::{caddq, freeze, montgomery_mul, pointwise_acc, reduce32};
pub use ntt::{invntt_tomont, ntt};
pub use ops::NeonOps;
pub use rounding::{decompose, exceeds_any, make_hint, power2round, use_hint};
// The lemmas' view: the steps and tables the kernels are built from.
#[cfg(feature = "internals")]
pub use {
    arithmetic::{DotAcc, montgomery_mul_pre, mul_lane},
    ntt::{
        FORWARD, FORWARD_COLUMN, FORWARD_COLUMN_QINV, FORWARD_QINV, INVERSE, INVERSE_COLUMN,
        INVERSE_COLUMN_QINV, INVERSE_QINV,
    },
    rounding::exceeds,
};
