//! The AVX2 arithmetic kernels, written once over [`Avx2Ops`]: the backend
//! (`crate::backend::avx2`) runs them on the intrinsics, the `lemmas` crate
//! on a model of each intrinsic.

mod arithmetic;
mod ntt;
mod ops;
mod rounding;
pub mod small_ntt;

pub use arithmetic::{caddq, freeze, montgomery_mul, pointwise_acc, reduce32};
pub use ntt::{invntt_tomont, ntt};
pub use ops::{Avx2Ops, LaneOps, SmallOps};
pub use rounding::{decompose, exceeds, make_hint, power2round, use_hint};
// The lemmas' view: the steps and tables the kernels are built from.
#[cfg(feature = "internals")]
pub use {
    arithmetic::{dot_finish, dot_step, montgomery_mul_pre},
    ntt::{
        FORWARD, FORWARD_ODD, FORWARD_QINV, FORWARD_QINV_ODD, INVERSE, INVERSE_ODD, INVERSE_QINV,
        INVERSE_QINV_ODD,
    },
};
