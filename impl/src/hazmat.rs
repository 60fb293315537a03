//! FIPS 204's internal interfaces, for ACVP-style testing: signing and
//! verifying a formatted message M' with no domain separation or context.
//! Applications must use the external functions.

use crate::error::Error;
use crate::mu::internal_mu;
use crate::params::ParameterSet;
use crate::signature::Signature;
use crate::signing_key::{KeyForm, SigningKey};
use crate::verifying_key::VerifyingKey;

/// ML-DSA.Sign_internal (FIPS 204 Algorithm 7) on M' as given.
///
/// ```
/// use mldsa::hazmat::{sign_internal, verify_internal};
/// use mldsa::ml_dsa_65::SigningKey;
/// let sk = SigningKey::from_seed(&[7u8; 32]);
/// // M' of pure ML-DSA with an empty context is 0 || 0 || M.
/// let sig = sign_internal(&sk, b"\x00\x00message", &[0u8; 32]);
/// assert_eq!(sig, sk.sign_deterministic(b"message", b"")?);
/// assert!(verify_internal(sk.verifying_key(), b"\x00\x00message", sig.as_ref()).is_ok());
/// # Ok::<(), mldsa::Error>(())
/// ```
pub fn sign_internal<P: ParameterSet, F: KeyForm>(
    sk: &SigningKey<P, F>,
    m_prime: &[u8],
    rnd: &[u8; 32],
) -> Signature<P> {
    sk.sign_mu(&internal_mu(sk.tr(), m_prime), rnd)
}

/// ML-DSA.Verify_internal (Algorithm 8) on M' as given.
///
/// ```
/// use mldsa::hazmat::{sign_internal, verify_internal};
/// use mldsa::ml_dsa_44::SigningKey;
/// let sk = SigningKey::from_seed(&[7u8; 32]);
/// let sig = sign_internal(&sk, b"formatted message", &[0u8; 32]);
/// let vk = sk.verifying_key();
/// assert!(verify_internal(vk, b"formatted message", sig.as_ref()).is_ok());
/// // No domain separation: `verify` would check a different M'.
/// assert!(vk.verify_with_context(b"formatted message", sig.as_ref(), b"").is_err());
/// ```
pub fn verify_internal<P: ParameterSet>(
    vk: &VerifyingKey<P>,
    m_prime: &[u8],
    sig: &[u8],
) -> Result<(), Error> {
    vk.verify_mu(&internal_mu(vk.tr(), m_prime), sig)
}
