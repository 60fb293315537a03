//! Backend selection: one CPU check, cached, then the whole operation runs
//! monomorphized for the chosen backend.
//! Today the portable backend is the only one; the AVX2 and NEON backends
//! plug in at `detect`.

use core::sync::atomic::{AtomicU8, Ordering};

use crate::algorithms::{self, ExpandedSigningKey, ExpandedVerifyingKey};
use crate::backend::portable::Portable;
use crate::params::ParameterSet;

/// The backends this crate has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackendKind {
    /// Plain Rust, any CPU.
    Portable,
}

impl BackendKind {
    /// The backend's short name.
    pub fn name(self) -> &'static str {
        match self {
            BackendKind::Portable => "portable",
        }
    }
}

/// Every backend, indexed by its code in `SELECTED` minus one.
const KINDS: [BackendKind; 1] = [BackendKind::Portable];

/// 0 until the first operation; then 1 + the index in `KINDS`.
static SELECTED: AtomicU8 = AtomicU8::new(0);

/// The best backend this CPU runs (AVX2 and NEON detection join here).
fn detect() -> BackendKind {
    BackendKind::Portable
}

/// The backend every operation of this process uses, chosen once.
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

pub(crate) fn key_gen<P: ParameterSet>(
    xi: &[u8; 32],
) -> (ExpandedVerifyingKey<P>, ExpandedSigningKey<P>) {
    match selected_backend() {
        BackendKind::Portable => algorithms::key_gen_internal::<P, Portable>(xi),
    }
}

pub(crate) fn sign<P: ParameterSet>(
    sk: &ExpandedSigningKey<P>,
    mu: &[u8; 64],
    rnd: &[u8; 32],
    sig: &mut P::SigBytes,
) {
    match selected_backend() {
        BackendKind::Portable => algorithms::sign_internal::<P, Portable>(sk, mu, rnd, sig),
    }
}

pub(crate) fn verify<P: ParameterSet>(
    vk: &ExpandedVerifyingKey<P>,
    mu: &[u8; 64],
    sig: &[u8],
) -> bool {
    match selected_backend() {
        BackendKind::Portable => algorithms::verify_internal::<P, Portable>(vk, mu, sig),
    }
}

pub(crate) fn decode_verifying_key<P: ParameterSet>(
    pk: &[u8],
) -> Result<ExpandedVerifyingKey<P>, crate::Error> {
    match selected_backend() {
        BackendKind::Portable => ExpandedVerifyingKey::decode::<Portable>(pk),
    }
}

pub(crate) fn check_signing_key<P: ParameterSet>(
    sk: &ExpandedSigningKey<P>,
) -> Result<ExpandedVerifyingKey<P>, crate::Error> {
    match selected_backend() {
        BackendKind::Portable => sk.check_consistency::<Portable>(),
    }
}

/// mu = H(tr || M') with the portable SHAKE (absorbing is not worth a dispatch).
pub(crate) type MuXof = algorithms::MuHasher<Portable>;
