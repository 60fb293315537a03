//! Backend selection: one CPU check, cached, then the whole operation runs
//! monomorphized for the chosen backend.
//! Tests force a backend with the environment variable `MLDSA_BACKEND`
//! (`portable`, `avx2`, `neon`; std builds only). A backend the CPU cannot run is
//! never selected: the best available one runs instead, and
//! [`selected_backend`] says which.

use core::sync::atomic::{AtomicU8, Ordering};

use crate::algorithms::{self, ExpandedSigningKey, ExpandedVerifyingKey};
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
use crate::backend::neon::Neon;
use crate::backend::portable::Portable;
use crate::params::ParameterSet;

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
            BackendKind::Avx2 => crate::backend::avx2::available(),
            #[cfg(not(target_arch = "x86_64"))]
            BackendKind::Avx2 => false,
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            BackendKind::Neon => crate::backend::neon::available(),
            #[cfg(not(all(target_arch = "aarch64", target_feature = "neon")))]
            BackendKind::Neon => false,
        }
    }
}

/// Every backend, indexed by its code in `SELECTED` minus one.
const KINDS: [BackendKind; 3] = [BackendKind::Portable, BackendKind::Avx2, BackendKind::Neon];

/// 0 until the first operation; then 1 + the index in `KINDS`.
static SELECTED: AtomicU8 = AtomicU8::new(0);

/// The best backend this CPU runs, unless the environment variable
/// `MLDSA_BACKEND` (std builds) names another one the CPU runs.
fn detect() -> BackendKind {
    #[cfg(feature = "std")]
    if let Ok(name) = std::env::var("MLDSA_BACKEND") {
        if let Some(&kind) = KINDS.iter().find(|k| k.name() == name) {
            if kind.is_available() {
                return kind;
            }
        }
    }
    if BackendKind::Avx2.is_available() {
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
pub fn selected_backend() -> BackendKind {
    let code = SELECTED.load(Ordering::Relaxed);
    if let Some(&kind) = KINDS.get((code as usize).wrapping_sub(1)) {
        return kind;
    }
    let kind = detect();
    let index = KINDS.iter().position(|&k| k == kind).unwrap_or(0);
    SELECTED.store(index as u8 + 1, Ordering::Relaxed);
    kind
}

/// Whole operations compiled with AVX2 enabled, so that every kernel and
/// every generic function of the operation inlines into one AVX2 body.
#[cfg(target_arch = "x86_64")]
mod avx2_entry {
    use crate::algorithms::{self, ExpandedSigningKey, ExpandedVerifyingKey};
    use crate::backend::avx2::Avx2;
    use crate::params::ParameterSet;

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
    pub fn key_gen<P: ParameterSet>(
        xi: &[u8; 32],
        vk: &mut ExpandedVerifyingKey<P>,
        sk: &mut ExpandedSigningKey<P>,
    ) {
        algorithms::key_gen_internal::<P, Avx2>(xi, vk, sk)
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
    pub fn sign<P: ParameterSet>(
        sk: &ExpandedSigningKey<P>,
        mu: &[u8; 64],
        rnd: &[u8; 32],
        sig: &mut P::SigBytes,
    ) {
        algorithms::sign_internal::<P, Avx2>(sk, mu, rnd, sig)
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
    pub fn verify<P: ParameterSet>(
        vk: &ExpandedVerifyingKey<P>,
        mu: &[u8; 64],
        sig: &[u8],
    ) -> bool {
        algorithms::verify_internal::<P, Avx2>(vk, mu, sig)
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
    pub fn check_signing_key<P: ParameterSet>(
        sk: &mut ExpandedSigningKey<P>,
    ) -> Result<ExpandedVerifyingKey<P>, crate::Error> {
        sk.check_consistency::<Avx2>()
    }
}

/// Runs `$avx2` (an `avx2_entry` call) on the AVX2 backend, `$neon` on the
/// NEON backend, else `$portable`.
macro_rules! dispatch {
    ($avx2:expr, $neon:expr, $portable:expr) => {
        match selected_backend() {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Avx2` is selected only when the CPU has AVX2.
            BackendKind::Avx2 => unsafe { $avx2 },
            #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
            BackendKind::Neon => $neon,
            _ => $portable,
        }
    };
}

pub(crate) fn key_gen<P: ParameterSet>(
    xi: &[u8; 32],
    vk: &mut ExpandedVerifyingKey<P>,
    sk: &mut ExpandedSigningKey<P>,
) {
    dispatch!(
        avx2_entry::key_gen::<P>(xi, vk, sk),
        algorithms::key_gen_internal::<P, Neon>(xi, vk, sk),
        algorithms::key_gen_internal::<P, Portable>(xi, vk, sk)
    )
}

pub(crate) fn sign<P: ParameterSet>(
    sk: &ExpandedSigningKey<P>,
    mu: &[u8; 64],
    rnd: &[u8; 32],
    sig: &mut P::SigBytes,
) {
    dispatch!(
        avx2_entry::sign::<P>(sk, mu, rnd, sig),
        algorithms::sign_internal::<P, Neon>(sk, mu, rnd, sig),
        algorithms::sign_internal::<P, Portable>(sk, mu, rnd, sig)
    )
}

pub(crate) fn verify<P: ParameterSet>(
    vk: &ExpandedVerifyingKey<P>,
    mu: &[u8; 64],
    sig: &[u8],
) -> bool {
    dispatch!(
        avx2_entry::verify::<P>(vk, mu, sig),
        algorithms::verify_internal::<P, Neon>(vk, mu, sig),
        algorithms::verify_internal::<P, Portable>(vk, mu, sig)
    )
}

pub(crate) fn decode_verifying_key<P: ParameterSet>(
    pk: &[u8],
) -> Result<ExpandedVerifyingKey<P>, crate::Error> {
    // Unpacking and one SHAKE256: no kernel worth dispatching.
    ExpandedVerifyingKey::decode::<Portable>(pk)
}

/// Checks a decoded signing key (see `check_consistency`) and fills its
/// A_hat.
pub(crate) fn check_signing_key<P: ParameterSet>(
    sk: &mut ExpandedSigningKey<P>,
) -> Result<ExpandedVerifyingKey<P>, crate::Error> {
    dispatch!(
        avx2_entry::check_signing_key::<P>(sk),
        sk.check_consistency::<Neon>(),
        sk.check_consistency::<Portable>()
    )
}

/// mu = H(tr || M') with the portable SHAKE (absorbing is not worth a dispatch).
pub(crate) type MuXof = algorithms::MuHasher<Portable>;
