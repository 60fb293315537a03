//! The x86-64 SIMD backends' kernels behind a CPU token: the shape of
//! their kernel lists and of their checked `Backend` impls, written once.

/// Runs an x86-64 SIMD backend's fallback out of line, on the cold path:
/// a backend's `Backend` methods check the CPU before each kernel (the
/// differential tests call them on any CPU); the operations run on
/// [`Selected`](super::selected::Selected), which calls the kernels with the backend's
/// CPU token instead, and never reaches these.
#[cold]
#[inline(never)]
pub(crate) fn cold<R>(fallback: impl FnOnce() -> R) -> R {
    fallback()
}

/// An x86-64 SIMD backend's kernels, written once: each as a method of the
/// backend's CPU token `$cpu` (a zero-sized proof that the CPU has the
/// backend's features; `$cpu::detect` makes one after the CPU check), and
/// the backend's `Backend` impl, whose every method makes the token and
/// calls the kernel, or runs `$fallback`'s kernel on a CPU without the
/// features. Each kernel is `name(args) => unsafe |t| call`, `call` a
/// `#[target_feature]` function of the backend (so one unsafe call, sound
/// because `t` exists), or `=> safe |t| call` for a call that is safe as it is.
macro_rules! cpu_kernels {
    (@body unsafe $t:ident, $self:ident, $call:expr) => {{
        let $t = $self;
        let _ = $t;
        // SAFETY: the token exists, so the CPU has every feature the
        // backend's `#[target_feature]` kernels enable.
        unsafe { $call }
    }};
    (@body safe $t:ident, $self:ident, $call:expr) => {{
        let $t = $self;
        let _ = $t;
        $call
    }};
    (
        impl Backend for $backend:ty, token $cpu:ident, fallback $fallback:ty {
            $($item:item)*
        }
        $(
            fn $name:ident $(<$g:ident: $bound:ident>)? ($($arg:ident: $ty:ty),*) $(-> $ret:ty)?
                => $kind:ident |$t:ident| $call:expr;
        )*
    ) => {
        impl $cpu {
            $(
                #[doc = concat!("The backend's `", stringify!($name), "` kernel.")]
                #[inline(always)]
                pub fn $name $(<$g: $bound>)? (self, $($arg: $ty),*) $(-> $ret)? {
                    cpu_kernels!(@body $kind $t, self, $call)
                }
            )*
        }

        impl Backend for $backend {
            $($item)*
            $(
                #[inline(always)]
                fn $name $(<$g: $bound>)? ($($arg: $ty),*) $(-> $ret)? {
                    match $cpu::detect() {
                        Some(cpu) => cpu.$name $(::<$g>)? ($($arg),*),
                        None => crate::backend::cold(|| {
                            <$fallback as Backend>::$name $(::<$g>)? ($($arg),*)
                        }),
                    }
                }
            )*
        }
    };
}
