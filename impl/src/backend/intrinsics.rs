//! `intrinsic_methods!`: the methods of the SIMD backends' intrinsic
//! tokens that are each one intrinsic, written as lists.

/// Methods that are each one intrinsic: `name(operands) -> type =
/// intrinsic;`, and `name<IMM>` passes the method's const immediate on to
/// the intrinsic. `$call` is the backend's macro making the call (its
/// `SAFETY` says why the token's existence makes it sound).
macro_rules! intrinsic_methods {
    ($call:ident; $(
        $name:ident $(<$imm:ident>)? ($($arg:ident: $ty:ty),*) -> $ret:ty = $intrinsic:ident;
    )*) => {$(
        #[inline(always)]
        fn $name$(<const $imm: i32>)?(self, $($arg: $ty),*) -> $ret {
            $call!($intrinsic$(::<$imm>)?($($arg),*))
        }
    )*};
}
