//! FIPS 204's internal interfaces, for ACVP-style testing: signing and
//! verifying a formatted message M' with no domain separation or context.
//! Applications must use the external functions.

use crate::error::Error;
use crate::mu::internal_mu;
use crate::params::ParameterSet;
use crate::signature::Signature;
use crate::signing_key::SigningKey;
use crate::verifying_key::VerifyingKey;

/// ML-DSA.Sign_internal (FIPS 204 Algorithm 7) on M' as given.
pub fn sign_internal<P: ParameterSet>(
    sk: &SigningKey<P>,
    m_prime: &[u8],
    rnd: &[u8; 32],
) -> Signature<P> {
    sk.sign_mu(&internal_mu(sk.tr(), m_prime), rnd)
}

/// ML-DSA.Verify_internal (Algorithm 8) on M' as given.
pub fn verify_internal<P: ParameterSet>(
    vk: &VerifyingKey<P>,
    m_prime: &[u8],
    sig: &[u8],
) -> Result<(), Error> {
    vk.verify_mu(&internal_mu(vk.tr(), m_prime), sig)
}
