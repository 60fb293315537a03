//! The external ML-DSA functions, FIPS 204 section 5.2 (Algorithms 1 to 3).
//!
//! The spec has no random bit generator of its own: the caller passes the
//! random bytes of line "xi <- B^32" / "rnd <- B^32", and `None` stands for
//! the generator's failure (NULL), which the standard turns into bottom.

use crate::contract::checked;
use crate::conversions::integer_to_bytes;
use crate::error::Error;
use crate::internal::{ml_dsa_key_gen_internal, ml_dsa_sign_internal, ml_dsa_verify_internal};
use crate::params::ParamSet;

/// Algorithm 1, ML-DSA.KeyGen(): a key pair (pk, sk) from the random seed xi.
#[checked]
#[hax_lib::ensures(|r| match r {
    Ok((pk, sk)) => xi.is_some() && pk.len() == params.pk_len() && sk.len() == params.sk_len(),
    Err(e) => xi.is_none() && e == Error::RandomBitGenerationFailed,
})]
pub fn ml_dsa_key_gen(
    params: &ParamSet,
    xi: Option<[u8; 32]>,
) -> Result<(Vec<u8>, Vec<u8>), Error> {
    // 1: xi <- B^32  (drawn by the caller)
    // 2: if xi = NULL then
    let xi = match xi {
        // 3: return bottom
        None => return Err(Error::RandomBitGenerationFailed),
        Some(xi) => xi,
    }; // 4: end if
    // 5: return ML-DSA.KeyGen_internal(xi)
    Ok(ml_dsa_key_gen_internal(params, &xi))
}

/// M' = IntegerToBytes(domain, 1) || IntegerToBytes(|ctx|, 1) || ctx || rest:
/// the formatted message of Algorithms 2 to 5 (domain 0 for pure ML-DSA,
/// 1 for HashML-DSA, where rest is OID || PH_M). M' must fit usize: rest
/// has at most usize::MAX - 257 bytes, which every slice does whose
/// length fits isize (every slice Rust can hold, at any width).
#[checked]
#[hax_lib::requires(ctx.len() <= 255 && domain <= 1 && rest.len() <= usize::MAX - 257)]
#[hax_lib::ensures(|m_prime| m_prime.len() == 2 + ctx.len() + rest.len())]
pub fn format_message(domain: u8, ctx: &[u8], rest: &[u8]) -> Vec<u8> {
    let mut m_prime = integer_to_bytes(domain as u64, 1);
    m_prime.extend_from_slice(&integer_to_bytes(ctx.len() as u64, 1));
    m_prime.extend_from_slice(ctx);
    m_prime.extend_from_slice(rest);
    m_prime
}

/// Algorithm 2, ML-DSA.Sign(sk, M, ctx): a signature of M under the context
/// string ctx (at most 255 bytes) with randomness rnd (32 zero bytes for the
/// deterministic variant). M' (|M| + |ctx| + 2 bytes) must fit usize.
#[checked]
#[hax_lib::requires(m.len() <= usize::MAX - 257)]
#[hax_lib::ensures(|r| match r {
    Ok(sigma) => ctx.len() <= 255 && rnd.is_some() && sigma.len() == params.sig_len(),
    Err(Error::ContextTooLong) => ctx.len() > 255,
    Err(Error::RandomBitGenerationFailed) => ctx.len() <= 255 && rnd.is_none(),
    Err(Error::WrongLength) => ctx.len() <= 255 && sk.len() != params.sk_len(),
    Err(Error::SigningAttemptsExhausted) => ctx.len() <= 255,
})]
pub fn ml_dsa_sign(
    params: &ParamSet,
    sk: &[u8],
    m: &[u8],
    ctx: &[u8],
    rnd: Option<[u8; 32]>,
) -> Result<Vec<u8>, Error> {
    // 1: if |ctx| > 255 then
    if ctx.len() > 255 {
        // 2: return bottom
        return Err(Error::ContextTooLong);
    } // 3: end if
    // 4:
    // 5: rnd <- B^32  (drawn by the caller; {0}^32 for the deterministic variant)
    // 6: if rnd = NULL then
    let rnd = match rnd {
        // 7: return bottom
        None => return Err(Error::RandomBitGenerationFailed),
        Some(rnd) => rnd,
    }; // 8: end if
    // 9:
    // 10: M' <- BytesToBits(IntegerToBytes(0, 1) || IntegerToBytes(|ctx|, 1) || ctx) || M
    let m_prime = format_message(0, ctx, m);
    // 11: sigma <- ML-DSA.Sign_internal(sk, M', rnd)
    let sigma = ml_dsa_sign_internal(params, sk, &m_prime, &rnd)?;
    // 12: return sigma
    Ok(sigma)
}

/// Algorithm 3, ML-DSA.Verify(pk, M, sigma, ctx): whether sigma is a valid
/// signature of M under ctx. A context over 255 bytes is an error; a key or
/// signature of the wrong length verifies as false. M' (|M| + |ctx| + 2
/// bytes) must fit usize.
#[checked]
#[hax_lib::requires(m.len() <= usize::MAX - 257)]
#[hax_lib::ensures(|r| match r {
    Ok(_) => ctx.len() <= 255,
    Err(e) => ctx.len() > 255 && e == Error::ContextTooLong,
})]
pub fn ml_dsa_verify(
    params: &ParamSet,
    pk: &[u8],
    m: &[u8],
    sigma: &[u8],
    ctx: &[u8],
) -> Result<bool, Error> {
    // 1: if |ctx| > 255 then
    if ctx.len() > 255 {
        // 2: return bottom
        return Err(Error::ContextTooLong);
    } // 3: end if
    // 4:
    // 5: M' <- BytesToBits(IntegerToBytes(0, 1) || IntegerToBytes(|ctx|, 1) || ctx) || M
    let m_prime = format_message(0, ctx, m);
    // 6: return ML-DSA.Verify_internal(pk, M', sigma)
    Ok(ml_dsa_verify_internal(params, pk, &m_prime, sigma))
}
