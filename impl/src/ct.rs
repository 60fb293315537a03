//! The hooks of the constant-time check (`make ct`, SECURITY.md at the
//! repository root). valgrind's memcheck, run on a build with the test-only
//! feature `ct-check`, is told that every secret is undefined memory; it
//! then reports each branch and each memory address that depends on one.
//! What FIPS 204 makes public is declassified (marked defined again) with
//! [`public`] or [`public_mem`] at the one place it becomes public; each
//! caller says why.
//!
//! Without `ct-check` every function here is the identity or does nothing,
//! and compiles to nothing. With it, they issue valgrind client requests
//! (`valgrind` below, x86-64 only: valgrind runs neither AVX-512 nor
//! AArch64 code here), which cost a few instructions and do nothing when the
//! program does not run under valgrind.
//!
//! Test-only: no stability promise.

#[cfg(all(feature = "ct-check", target_arch = "x86_64"))]
#[allow(unsafe_code)]
mod valgrind;

// The checks' planted leaks and attempt counter, in their builds only, and
// the one seam through which they reach signing: [`Observed`].
#[cfg(any(feature = "ct-check", feature = "ct-timing"))]
mod plants;
#[cfg(feature = "ct-check")]
pub use plants::plant_leak;
#[cfg(feature = "ct-timing")]
pub use plants::{plant_timing_leak, take_attempts};

/// The form of s1 and s2 that Sign_internal runs with: the form `S` itself.
/// In the builds of `ct-check` and `ct-timing` (never a user's), a wrapper
/// (`plants.rs`) that counts the attempts and holds the planted leaks the
/// checks must catch.
#[cfg(not(any(feature = "ct-check", feature = "ct-timing")))]
pub(crate) type Observed<S> = S;
#[cfg(any(feature = "ct-check", feature = "ct-timing"))]
pub(crate) use plants::Observed;

/// `x`, public from here on: its copy returned is defined for memcheck.
#[inline(always)]
pub fn public<T: Copy>(x: T) -> T {
    #[cfg(all(feature = "ct-check", target_arch = "x86_64"))]
    {
        let mut v = x;
        public_mem(&mut v);
        v
    }
    #[cfg(not(all(feature = "ct-check", target_arch = "x86_64")))]
    x
}

/// The memory of `x`, public from here on (defined for memcheck).
#[inline(always)]
pub fn public_mem<T: ?Sized>(x: &mut T) {
    mark(true, x)
}

/// The memory of `x`, secret from here on (undefined for memcheck): what
/// depends on it may not decide a branch or an address until declassified.
// Marks the OS generator's output (`std` builds).
#[cfg(feature = "std")]
#[inline(always)]
pub fn secret_mem<T: ?Sized>(x: &mut T) {
    mark(false, x)
}

/// Marks the memory of `x` defined (public) or undefined (secret) for
/// memcheck; nothing without `ct-check`.
#[inline(always)]
fn mark<T: ?Sized>(public: bool, x: &mut T) {
    #[cfg(all(feature = "ct-check", target_arch = "x86_64"))]
    valgrind::request(
        if public {
            valgrind::MAKE_MEM_DEFINED
        } else {
            valgrind::MAKE_MEM_UNDEFINED
        },
        x as *mut T as *mut u8 as usize,
        core::mem::size_of_val(x),
    );
    #[cfg(not(all(feature = "ct-check", target_arch = "x86_64")))]
    let _ = (public, x);
}

/// Whether every byte of `x` is public (defined for memcheck, which
/// reports the first one that is not as an error). Always true without
/// `ct-check` or outside valgrind.
#[cfg(feature = "ct-check")]
pub fn is_public<T: ?Sized>(x: &T) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        valgrind::request(
            valgrind::CHECK_MEM_IS_DEFINED,
            x as *const T as *const u8 as usize,
            core::mem::size_of_val(x),
        ) == 0
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = x;
        true
    }
}

/// Whether the program runs under valgrind (always false without `ct-check`).
/// Only the driver of `make ct` asks, so it is unused without the feature.
#[cfg_attr(not(feature = "ct-check"), allow(dead_code))]
pub fn on_valgrind() -> bool {
    #[cfg(all(feature = "ct-check", target_arch = "x86_64"))]
    {
        valgrind::request(valgrind::RUNNING_ON_VALGRIND, 0, 0) != 0
    }
    #[cfg(not(all(feature = "ct-check", target_arch = "x86_64")))]
    false
}
