//! The planted leaks that `make ct` and `make ct-timing` must catch, and
//! the count of Sign's attempts that `make ct-timing` compares signatures
//! by (the count is public). Compiled only with the test-only features
//! `ct-check` and `ct-timing`; they reach signing through [`Observed`],
//! the form of s1 and s2 Sign_internal runs with in those builds, and
//! nowhere else.

#[cfg(feature = "ct-check")]
use core::sync::atomic::AtomicBool;
use core::sync::atomic::Ordering::Relaxed;
#[cfg(feature = "ct-timing")]
use core::sync::atomic::{AtomicBool as TimingFlag, AtomicU32};

use crate::algorithms::keys::{ExpandedSigningKey, SecretVector};
use crate::algorithms::secret_products::SecretProducts;
use crate::backend::Backend;
use crate::params::ParameterSet;
use crate::poly::Poly;

#[cfg(feature = "ct-check")]
static PLANTED_LEAK: AtomicBool = AtomicBool::new(false);

/// Switches on the planted leak: from now on signing branches on a secret
/// byte of the key (a test that `make ct` catches a leak).
#[cfg(feature = "ct-check")]
pub fn plant_leak() {
    PLANTED_LEAK.store(true, Relaxed);
}

#[cfg(feature = "ct-timing")]
static ATTEMPTS: AtomicU32 = AtomicU32::new(0);

/// The attempts Sign made since the last call.
#[cfg(feature = "ct-timing")]
pub fn take_attempts() -> u32 {
    ATTEMPTS.swap(0, Relaxed)
}

#[cfg(feature = "ct-timing")]
static PLANTED_TIMING_LEAK: TimingFlag = TimingFlag::new(false);

/// Switches on the planted timing leak: from now on signing does extra
/// work (16 k NTTs of a scratch polynomial: about as large a part of each
/// set's signature) when a secret byte of the key is odd (a test that
/// `make ct-timing` catches a leak).
#[cfg(feature = "ct-timing")]
pub fn plant_timing_leak() {
    PLANTED_TIMING_LEAK.store(true, Relaxed);
}

/// The form `S` of s1 and s2, observed: [`SecretProducts::prepare`] runs
/// the planted leaks once switched on, [`SecretProducts::challenge`]
/// (once per attempt) counts the attempt.
pub(crate) struct Observed<S>(S);

impl<P: ParameterSet, B: Backend, S: SecretProducts<P, B>> SecretProducts<P, B> for Observed<S> {
    fn zeroed() -> Self
    where
        Self: Sized,
    {
        Observed(S::zeroed())
    }

    #[inline(always)]
    fn prepare(&mut self, sk: &ExpandedSigningKey<P>) {
        self.0.prepare(sk);
        // The secret is read only once a leak is switched on, in a
        // function of its own: the branch on the switch comes first.
        #[cfg(feature = "ct-check")]
        if PLANTED_LEAK.load(Relaxed) {
            planted_leak(sk);
        }
        #[cfg(feature = "ct-timing")]
        if PLANTED_TIMING_LEAK.load(Relaxed) {
            planted_timing_leak::<P, B>(sk);
        }
    }

    #[inline(always)]
    fn challenge(&mut self, c_hat: &mut Poly) {
        #[cfg(feature = "ct-timing")]
        ATTEMPTS.fetch_add(1, Relaxed);
        self.0.challenge(c_hat)
    }

    #[inline(always)]
    fn challenge_hat(&self, c_hat: &mut Poly) {
        self.0.challenge_hat(c_hat)
    }

    #[inline(always)]
    fn c_times(&self, c_hat: &Poly, which: SecretVector, i: usize, out: &mut Poly) {
        self.0.c_times(c_hat, which, i, out)
    }
}

/// K's first byte, secret.
#[cfg(any(feature = "ct-check", feature = "ct-timing"))]
fn secret_byte<P: ParameterSet>(sk: &ExpandedSigningKey<P>) -> u8 {
    sk.encoded().as_ref()[32]
}

/// A branch on a secret byte.
#[cfg(feature = "ct-check")]
#[inline(never)]
fn planted_leak<P: ParameterSet>(sk: &ExpandedSigningKey<P>) {
    if secret_byte(sk) > 127 {
        core::hint::black_box(sk);
    }
}

/// 16 k NTTs of a scratch polynomial when a secret byte is odd.
#[cfg(feature = "ct-timing")]
#[inline(never)]
fn planted_timing_leak<P: ParameterSet, B: Backend>(sk: &ExpandedSigningKey<P>) {
    let secret = secret_byte(sk);
    if secret & 1 == 1 {
        let mut scratch = Poly::ZERO;
        scratch.coeffs[0] = i32::from(secret);
        for _ in 0..16 * P::K {
            B::ntt(core::hint::black_box(&mut scratch));
        }
        zeroize::Zeroize::zeroize(&mut scratch);
    }
}
