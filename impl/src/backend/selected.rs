//! The backend of this process: chosen once, at the first operation (the
//! best the CPU runs, or the one `MLDSA_BACKEND` names), and [`Selected`],
//! the [`Backend`] whose every kernel forwards to it.
//!
//! The operations run generic over `Selected`, so each is compiled once per
//! parameter set, not once per backend as well: the kernels are the only
//! code compiled per backend (each SIMD kernel a `#[target_feature]`
//! function). Each forwarding method is one out-of-line function, a branch
//! on the cached choice and a call: a few instructions against the hundreds
//! of a kernel on a whole polynomial.

pub mod upper_state;

use core::sync::atomic::{AtomicU8, Ordering};

#[cfg(target_arch = "x86_64")]
use super::avx2::{Avx2, Avx2Cpu};
#[cfg(all(target_arch = "x86_64", not(feature = "ct-check")))]
use super::avx512::{Avx512, Avx512Cpu};
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
use super::neon::Neon;
use super::portable::Portable;
use super::{Backend, Carry, Xof, XofX4};
use crate::params::{Eta, Gamma1, Gamma2, N};
use crate::poly::{Poly, SmallHat};

/// The backends this crate has.
///
/// ```
/// use mldsa::{BackendKind, selected_backend};
/// let backend = selected_backend();
/// assert!(backend.is_available());
/// let kind = match backend {
///     BackendKind::Portable => "plain Rust",
///     _ => "SIMD",
/// };
/// println!("ML-DSA runs on the {} backend ({kind})", backend.name());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackendKind {
    /// Plain Rust, any CPU.
    Portable,
    /// AVX2 (x86-64).
    Avx2,
    /// AVX-512 (x86-64 with AVX-512 F, VL, BW and DQ).
    Avx512,
    /// NEON (AArch64).
    Neon,
}

impl BackendKind {
    /// The backend's short name.
    ///
    /// ```
    /// use mldsa::BackendKind;
    /// assert_eq!(BackendKind::Portable.name(), "portable");
    /// // The name is what `MLDSA_BACKEND` takes.
    /// assert_eq!(BackendKind::Avx2.name(), "avx2");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Portable => "portable",
            BackendKind::Avx2 => "avx2",
            BackendKind::Avx512 => "avx512",
            BackendKind::Neon => "neon",
        }
    }

    /// Whether this CPU can run the backend.
    ///
    /// ```
    /// use mldsa::{BackendKind, selected_backend};
    /// assert!(BackendKind::Portable.is_available()); // on every CPU
    /// // Only a backend the CPU runs is ever selected.
    /// assert!(selected_backend().is_available());
    /// if cfg!(not(target_arch = "x86_64")) {
    ///     assert!(!BackendKind::Avx2.is_available());
    /// }
    /// ```
    pub fn is_available(self) -> bool {
        match self {
            BackendKind::Portable => true,
            #[cfg(target_arch = "x86_64")]
            BackendKind::Avx2 => super::avx2::available(),
            #[cfg(not(target_arch = "x86_64"))]
            BackendKind::Avx2 => false,
            #[cfg(all(target_arch = "x86_64", not(feature = "ct-check")))]
            BackendKind::Avx512 => super::avx512::available(),
            // The constant-time check's build (test-only `ct-check`) leaves
            // the AVX-512 backend out: valgrind cannot run it.
            #[cfg(any(not(target_arch = "x86_64"), feature = "ct-check"))]
            BackendKind::Avx512 => false,
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            BackendKind::Neon => super::neon::available(),
            #[cfg(not(all(target_arch = "aarch64", target_feature = "neon")))]
            BackendKind::Neon => false,
        }
    }
}

/// Every backend, indexed by its code in `SELECTED` minus one.
const KINDS: [BackendKind; 4] = [
    BackendKind::Portable,
    BackendKind::Avx2,
    BackendKind::Avx512,
    BackendKind::Neon,
];

/// 0 until the first operation; then 1 + the index in `KINDS` of a backend
/// that [`BackendKind::is_available`] said this CPU runs. This is what
/// makes the SIMD kernels sound to call from [`Selected`]: a value naming
/// a SIMD backend is only ever stored after its CPU check.
static SELECTED: AtomicU8 = AtomicU8::new(0);

/// The best backend this CPU runs, unless the environment variable
/// `MLDSA_BACKEND` (std builds) names another one the CPU runs.
fn detect() -> BackendKind {
    #[cfg(feature = "std")]
    if let Ok(name) = std::env::var("MLDSA_BACKEND")
        && let Some(&kind) = KINDS.iter().find(|k| k.name() == name)
        && kind.is_available()
    {
        return kind;
    }
    if BackendKind::Avx512.is_available() {
        BackendKind::Avx512
    } else if BackendKind::Avx2.is_available() {
        BackendKind::Avx2
    } else if BackendKind::Neon.is_available() {
        BackendKind::Neon
    } else {
        BackendKind::Portable
    }
}

/// The backend every operation of this process uses, chosen once: the best
/// the CPU runs, or the one `MLDSA_BACKEND` names (if the CPU runs it).
///
/// ```
/// use mldsa::selected_backend;
/// let backend = selected_backend();
/// assert!(backend.is_available());
/// assert_eq!(selected_backend(), backend); // chosen once per process
/// println!("ML-DSA backend: {}", backend.name());
/// ```
#[inline]
pub fn selected_backend() -> BackendKind {
    let code = SELECTED.load(Ordering::Relaxed);
    match KINDS.get((code as usize).wrapping_sub(1)) {
        Some(&kind) => kind,
        None => select(),
    }
}

/// The first call's detection, stored.
#[cold]
#[inline(never)]
fn select() -> BackendKind {
    let kind = detect();
    let index = KINDS.iter().position(|&k| k == kind).unwrap_or(0);
    SELECTED.store(index as u8 + 1, Ordering::Relaxed);
    kind
}

/// The selected backend as a [`Backend`]: the API's operations run on it.
#[derive(Clone, Copy, Debug)]
pub struct Selected;

/// One of the backends' SHAKE states, whichever the selected backend's
/// `$assoc` is (one lane with `Xof`, four with `XofX4`): made on the
/// selected backend, and used on the one it was made on.
macro_rules! selected_xof {
    ($name:ident, $assoc:ident, $trait:ident, $new:ident; $(fn $method:ident($($arg:ident: $ty:ty),*) $(-> $ret:ty)?;)*) => {
        /// The selected backend's state (see `selected_xof!`).
        pub enum $name {
            /// Portable's.
            Portable(<Portable as Backend>::$assoc),
            /// AVX2's.
            #[cfg(target_arch = "x86_64")]
            Avx2(<Avx2 as Backend>::$assoc),
            /// AVX-512's.
            #[cfg(all(target_arch = "x86_64", not(feature = "ct-check")))]
            Avx512(<Avx512 as Backend>::$assoc),
            /// NEON's.
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            Neon(<Neon as Backend>::$assoc),
        }

        impl $trait for $name {
            const RATE: usize = <<Portable as Backend>::$assoc as $trait>::RATE;

            #[inline(never)]
            fn $new() -> Self {
                match selected_backend() {
                    #[cfg(target_arch = "x86_64")]
                    BackendKind::Avx2 => $name::Avx2($trait::$new()),
                    #[cfg(all(target_arch = "x86_64", not(feature = "ct-check")))]
                    BackendKind::Avx512 => $name::Avx512($trait::$new()),
                    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
                    BackendKind::Neon => $name::Neon($trait::$new()),
                    _ => $name::Portable($trait::$new()),
                }
            }

            $(
                #[inline(never)]
                fn $method(&mut self, $($arg: $ty),*) $(-> $ret)? {
                    match self {
                        $name::Portable(x) => x.$method($($arg),*),
                        #[cfg(target_arch = "x86_64")]
                        $name::Avx2(x) => x.$method($($arg),*),
                        #[cfg(all(target_arch = "x86_64", not(feature = "ct-check")))]
                        $name::Avx512(x) => x.$method($($arg),*),
                        #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
                        $name::Neon(x) => x.$method($($arg),*),
                    }
                }
            )*
        }
    };
}

selected_xof!(SelectedShake128, Shake128, Xof, new;
    fn absorb(input: &[u8]); fn squeeze(out: &mut [u8]););
selected_xof!(SelectedShake256, Shake256, Xof, new;
    fn absorb(input: &[u8]); fn squeeze(out: &mut [u8]);
    fn absorb_block_deferred(block: &[u8]) -> Option<&mut [u64; 25]>;);
selected_xof!(SelectedShake128x4, Shake128x4, XofX4, new_x4;
    fn absorb_x4(inputs: [&[u8]; 4]); fn squeeze_blocks_x4(out: [&mut [u8]; 4]);
    fn restart_x4(inputs: [&[u8]; 4]); fn restart_lane(lane: usize, input: &[u8]);
    fn squeeze_blocks_x4_carrying(out: [&mut [u8]; 4], lane: usize, carry: &mut impl Carry););
selected_xof!(SelectedShake256x4, Shake256x4, XofX4, new_x4;
    fn absorb_x4(inputs: [&[u8]; 4]); fn squeeze_blocks_x4(out: [&mut [u8]; 4]);
    fn restart_lane(lane: usize, input: &[u8]););
/// The selected backend's eight-lane SHAKE128 (ExpandA's): made only where
/// [`Backend::eight_lane_shake`] holds, that is on AVX-512, so the AVX-512
/// backend's, whose two-sponge fallback keeps it correct anywhere else.
#[cfg(all(target_arch = "x86_64", not(feature = "ct-check")))]
pub type SelectedShake128x8 = super::avx512::ShakeX8OrPair<168>;
/// The selected backend's eight-lane SHAKE128: two four-lane ones (no
/// backend here has an eight-state permutation).
#[cfg(not(all(target_arch = "x86_64", not(feature = "ct-check"))))]
pub type SelectedShake128x8 = super::PairX4<SelectedShake128x4>;

/// The forwarding methods of [`Selected`]: each one out-of-line function
/// that branches on the selected backend and calls its kernel, with the
/// CPU token of an x86-64 SIMD backend made from the selection.
macro_rules! selected_kernels {
    ($($(#[$doc:meta])* fn $name:ident $(<$g:ident: $bound:ident>)? ($($arg:ident: $ty:ty),*) $(-> $ret:ty)?;)*) => {$(
        #[inline(never)]
        fn $name $(<$g: $bound>)? ($($arg: $ty),*) $(-> $ret)? {
            // The kernel's precondition, in debug builds.
            super::pre::$name $(::<$g>)? ($(&$arg),*);
            match selected_backend() {
                #[cfg(target_arch = "x86_64")]
                BackendKind::Avx2 => {
                    // SAFETY: `SELECTED` names AVX2 only after
                    // `BackendKind::is_available` held for it.
                    let cpu = unsafe { Avx2Cpu::new_unchecked() };
                    cpu.$name $(::<$g>)? ($($arg),*)
                }
                #[cfg(all(target_arch = "x86_64", not(feature = "ct-check")))]
                BackendKind::Avx512 => {
                    // SAFETY: `SELECTED` names AVX-512 only after
                    // `BackendKind::is_available` held for it.
                    let cpu = unsafe { Avx512Cpu::new_unchecked() };
                    cpu.$name $(::<$g>)? ($($arg),*)
                }
                #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
                BackendKind::Neon => Neon::$name $(::<$g>)? ($($arg),*),
                _ => Portable::$name $(::<$g>)? ($($arg),*),
            }
        }
    )*};
}

impl Backend for Selected {
    const NAME: &'static str = "selected";
    // Not a constant here: `wide_shake` says it for the backend selected.
    const WIDE_SHAKE: bool = true;
    type Shake128 = SelectedShake128;
    type Shake256 = SelectedShake256;
    type Shake128x4 = SelectedShake128x4;
    type Shake256x4 = SelectedShake256x4;
    type Shake128x8 = SelectedShake128x8;

    #[inline(always)]
    fn wide_shake() -> bool {
        !matches!(selected_backend(), BackendKind::Portable)
    }

    #[inline(always)]
    fn small_ntt_fast() -> bool {
        match selected_backend() {
            #[cfg(target_arch = "x86_64")]
            BackendKind::Avx2 => Avx2::SMALL_NTT,
            #[cfg(all(target_arch = "x86_64", not(feature = "ct-check")))]
            BackendKind::Avx512 => Avx512::SMALL_NTT,
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            BackendKind::Neon => Neon::SMALL_NTT,
            _ => Portable::SMALL_NTT,
        }
    }

    #[inline(always)]
    fn idle_lane_carry() -> bool {
        #[cfg(target_arch = "x86_64")]
        return !matches!(selected_backend(), BackendKind::Portable);
        #[cfg(not(target_arch = "x86_64"))]
        false
    }

    #[inline(always)]
    fn eight_lane_shake() -> bool {
        #[cfg(all(target_arch = "x86_64", not(feature = "ct-check")))]
        return matches!(selected_backend(), BackendKind::Avx512);
        #[cfg(not(all(target_arch = "x86_64", not(feature = "ct-check"))))]
        false
    }

    crate::backend_kernels!(selected_kernels);
    selected_kernels! {
        fn pointwise_acc_sub_montgomery(c: &mut Poly, a: &[Poly], b: &[Poly], x: &Poly, y: &Poly);
    }
}
