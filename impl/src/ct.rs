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

#[cfg(feature = "ct-check")]
static PLANTED_LEAK: core::sync::atomic::AtomicBool = core::sync::atomic::AtomicBool::new(false);

/// Switches on the planted leak: from now on signing branches on a secret
/// coefficient (a test that `make ct` catches a leak; never in a normal
/// build, where this does not exist).
#[cfg(feature = "ct-check")]
pub fn plant_leak() {
    PLANTED_LEAK.store(true, core::sync::atomic::Ordering::Relaxed);
}

#[cfg(feature = "ct-check")]
static PLANTED_UNWIPED: core::sync::atomic::AtomicBool = core::sync::atomic::AtomicBool::new(false);

/// Switches on the planted missing wipe: from now on a dropped signing key
/// is not zeroized (a test that the stack scan, `make zeroize`, catches a
/// secret left behind; never in a normal build).
#[cfg(feature = "ct-check")]
pub fn plant_unwiped() {
    PLANTED_UNWIPED.store(true, core::sync::atomic::Ordering::Relaxed);
}

/// Whether [`plant_unwiped`] was called (always false without `ct-check`).
#[inline(always)]
pub(crate) fn planted_unwiped() -> bool {
    #[cfg(feature = "ct-check")]
    {
        PLANTED_UNWIPED.load(core::sync::atomic::Ordering::Relaxed)
    }
    #[cfg(not(feature = "ct-check"))]
    false
}

#[cfg(feature = "ct-check")]
static PLANTED_UNWIPED_PEM: core::sync::atomic::AtomicBool =
    core::sync::atomic::AtomicBool::new(false);

/// Switches on the planted missing wipe of PEM decoding: from now on a PEM
/// document that fails to decode half way frees its decode buffer (holding
/// the part of the key decoded so far) without wiping it (a test that the
/// heap half of the stack scan catches it; never in a normal build).
#[cfg(feature = "ct-check")]
pub fn plant_unwiped_pem() {
    PLANTED_UNWIPED_PEM.store(true, core::sync::atomic::Ordering::Relaxed);
}

/// Whether [`plant_unwiped_pem`] was called (always false without
/// `ct-check`).
#[cfg_attr(not(feature = "pem"), allow(dead_code))]
#[inline(always)]
pub(crate) fn planted_unwiped_pem() -> bool {
    #[cfg(feature = "ct-check")]
    {
        PLANTED_UNWIPED_PEM.load(core::sync::atomic::Ordering::Relaxed)
    }
    #[cfg(not(feature = "ct-check"))]
    false
}

/// Whether [`plant_leak`] was called (always false without `ct-check`).
#[inline(always)]
pub(crate) fn planted_leak() -> bool {
    #[cfg(feature = "ct-check")]
    {
        PLANTED_LEAK.load(core::sync::atomic::Ordering::Relaxed)
    }
    #[cfg(not(feature = "ct-check"))]
    false
}

// The timing check (`make ct-timing`, impl/examples/ct_timing.rs), built
// with the test-only feature `ct-timing`: a count of Sign's attempts, so
// that its driver can compare signatures that make the same number of
// attempts (their count is public), and a planted leak it must catch.

#[cfg(feature = "ct-timing")]
static ATTEMPTS: core::sync::atomic::AtomicU32 = core::sync::atomic::AtomicU32::new(0);

/// Counts one attempt of Sign's rejection loop (nothing without
/// `ct-timing`).
#[inline(always)]
pub(crate) fn count_attempt() {
    #[cfg(feature = "ct-timing")]
    ATTEMPTS.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
}

/// The attempts Sign made since the last call (`ct-timing` builds).
#[cfg(feature = "ct-timing")]
pub fn take_attempts() -> u32 {
    ATTEMPTS.swap(0, core::sync::atomic::Ordering::Relaxed)
}

#[cfg(feature = "ct-timing")]
static PLANTED_TIMING_LEAK: core::sync::atomic::AtomicBool =
    core::sync::atomic::AtomicBool::new(false);

/// Switches on the planted timing leak: from now on signing does extra
/// work (16 k NTTs of a scratch polynomial) when a secret coefficient is odd (a
/// test that `make ct-timing` catches a leak; never in a normal build).
#[cfg(feature = "ct-timing")]
pub fn plant_timing_leak() {
    PLANTED_TIMING_LEAK.store(true, core::sync::atomic::Ordering::Relaxed);
}

/// Whether [`plant_timing_leak`] was called (always false without
/// `ct-timing`).
#[inline(always)]
pub(crate) fn planted_timing_leak() -> bool {
    #[cfg(feature = "ct-timing")]
    {
        PLANTED_TIMING_LEAK.load(core::sync::atomic::Ordering::Relaxed)
    }
    #[cfg(not(feature = "ct-timing"))]
    false
}
