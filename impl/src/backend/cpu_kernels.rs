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

/// Methods of an enum holding a SIMD sponge (`Simd`) or its fallback
/// (the variant `$fallback`): `name(args) => simd_method / fallback_method;`
/// calls the one held, the fallback's in [`cold`].
macro_rules! simd_or_cold {
    ($fallback:ident; $(fn $name:ident(&mut self $(, $arg:ident: $ty:ty)*) => $simd:ident / $fb:ident;)*) => {$(
        #[inline(always)]
        fn $name(&mut self $(, $arg: $ty)*) {
            match self {
                Self::Simd(x) => x.$simd($($arg),*),
                Self::$fallback(x) => crate::backend::cold(|| x.$fb($($arg),*)),
            }
        }
    )*};
}

/// Gives the calling function a stack frame aligned to 32 bytes, and with
/// it the slots the compiler spills vector registers to. Without a local
/// of alignment 32, LLVM keeps the frame 16-byte aligned and spills
/// `__m256i` registers with unaligned moves, half of which cross a cache
/// line whenever the stack is at 16 mod 32 where the kernel is called (it
/// depends on the callers' frames and on where the process's stack
/// starts). The permutation, the NTTs and the sponge spill in every call:
/// the four-state permutation runs about 2 % slower with its frame at 16
/// mod 32. A one-byte local of alignment 32, kept by
/// `black_box`: a realigned frame and a few instructions. (The AVX-512
/// kernels, with 32 registers, hardly spill.)
#[inline(always)]
pub(crate) fn align_frame_32() {
    #[repr(align(32))]
    struct Anchor(u8);
    // A local (a `&Anchor(0)` would be promoted to a constant).
    let anchor = Anchor(0);
    core::hint::black_box(&anchor.0);
}

/// Runs `$simd`, a call of a backend's `#[target_feature]` function, when
/// the CPU passes the backend's check `$available`, else `$fallback`, out
/// of line (outside the kernel lists: the SIMD sponges' permutations and
/// the lemmas' samplers).
macro_rules! checked_call {
    ($available:path, $simd:expr, $fallback:expr) => {
        if $available() {
            // SAFETY: the CPU has every feature the backend's
            // `#[target_feature]` functions enable, checked just above.
            unsafe { $simd }
        } else {
            crate::backend::cold(|| $fallback)
        }
    };
}

/// The constructors of a backend's CPU token `$cpu` (a `struct $cpu(())`
/// of the backend's module, whose `available()` is the CPU check).
macro_rules! cpu_token {
    ($cpu:ident) => {
        impl $cpu {
            /// The token, if this CPU runs the backend.
            #[inline(always)]
            pub fn detect() -> Option<$cpu> {
                if available() { Some($cpu(())) } else { None }
            }

            /// The token, without a check.
            ///
            /// # Safety
            ///
            /// The CPU must run the backend: [`available`] returned true.
            // The `ct-check` build selects no AVX-512 (valgrind cannot run it).
            #[cfg_attr(feature = "ct-check", allow(dead_code))]
            #[inline(always)]
            pub(crate) unsafe fn new_unchecked() -> $cpu {
                $cpu(())
            }
        }
    };
}

/// An x86-64 SIMD backend's kernels, written once: each as a method of the
/// backend's CPU token `$cpu` (a zero-sized proof that the CPU has the
/// backend's features; `$cpu::detect` makes one after the CPU check), and
/// the backend's `Backend` impl, whose every method makes the token and
/// calls the kernel, or runs `$fallback`'s kernel on a CPU without the
/// features. Each kernel is `name(args) => unsafe |t| call`, `call` a
/// `#[target_feature]` function of the backend (so one unsafe call, sound
/// because `t` exists), or `=> safe |t| call` for a call that is safe as it is.
/// `poly_kernels;` after the block stands for the NTTs and the pointwise
/// products (`ntt_poly`, `invntt_poly`, `pointwise`, `pointwise_acc`) and
/// the kernels that `lane_poly_kernels!` defines (`add` .. `exceeds_norm`,
/// each `name_poly`), which both x86-64 SIMD backends define.
macro_rules! cpu_kernels {
    (
        impl Backend for $backend:ty, token $cpu:ident, fallback $fallback:ty {
            $($item:item)*
        }
        poly_kernels;
        $($rest:tt)*
    ) => {
        cpu_kernels! {
            impl Backend for $backend, token $cpu, fallback $fallback {
                $($item)*
            }
            fn ntt(a: &mut Poly) => unsafe |t| ntt_poly(a);
            fn invntt_tomont(a: &mut Poly) => unsafe |t| invntt_poly(a);
            fn pointwise_montgomery(c: &mut Poly, a: &Poly, b: &Poly)
                => unsafe |t| pointwise(c, a, b);
            fn pointwise_acc_montgomery(c: &mut Poly, a: &[Poly], b: &[Poly])
                => unsafe |t| pointwise_acc(c, a, b);
            fn add(a: &mut Poly, b: &Poly) => unsafe |t| add_poly(a, b);
            fn sub(a: &mut Poly, b: &Poly) => unsafe |t| sub_poly(a, b);
            fn shift_left_d(a: &mut Poly) => unsafe |t| shift_left_d_poly(a);
            fn reduce32(a: &mut Poly) => unsafe |t| reduce32_poly(a);
            fn caddq(a: &mut Poly) => unsafe |t| caddq_poly(a);
            fn freeze(a: &mut Poly) => unsafe |t| freeze_poly(a);
            fn power2round(a1: &mut Poly, a0: &mut Poly, a: &Poly)
                => unsafe |t| power2round_poly(a1, a0, a);
            fn add_power2round(a1: &mut Poly, a0: &mut Poly, b: &Poly)
                => unsafe |t| add_power2round_poly(a1, a0, b);
            fn decompose<G: Gamma2>(a1: &mut Poly, a0: &mut Poly, a: &Poly)
                => unsafe |t| decompose_poly::<G>(a1, a0, a);
            fn make_hint<G: Gamma2>(h: &mut Poly, z: &Poly, r: &Poly) -> usize
                => unsafe |t| make_hint_poly::<G>(h, z, r);
            fn use_hint<G: Gamma2>(a: &mut Poly, h: &Poly, r: &Poly)
                => unsafe |t| use_hint_poly::<G>(a, h, r);
            fn exceeds_norm(a: &Poly, bound: i32) -> bool
                => unsafe |t| exceeds_norm_poly(a, bound);
            $($rest)*
        }
    };
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
                    // The kernel's precondition, in debug builds.
                    crate::backend::pre::$name $(::<$g>)? ($(&$arg),*);
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
