//! HashML-DSA, FIPS 204 section 5.4 (Algorithms 4 and 5), with the pre-hash
//! functions ACVP tests and their DER-encoded OIDs.

use sha2::{Digest, Sha224, Sha256, Sha384, Sha512, Sha512_224, Sha512_256};
use sha3::digest::{ExtendableOutput, Update, XofReader};
use sha3::{Sha3_224, Sha3_256, Sha3_384, Sha3_512, Shake128, Shake256};

use crate::contract::checked;
use crate::error::Error;
use crate::internal::{ml_dsa_sign_internal, ml_dsa_verify_internal};
use crate::ml_dsa::format_message;
use crate::params::ParamSet;

/// A pre-hash function PH of HashML-DSA: the approved hash functions and XOFs
/// (section 5.4.1), all twelve of which ACVP tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PreHash {
    /// SHA-224 (FIPS 180-4).
    Sha2_224,
    /// SHA-256.
    Sha2_256,
    /// SHA-384.
    Sha2_384,
    /// SHA-512.
    Sha2_512,
    /// SHA-512/224.
    Sha2_512_224,
    /// SHA-512/256.
    Sha2_512_256,
    /// SHA3-224 (FIPS 202).
    Sha3_224,
    /// SHA3-256.
    Sha3_256,
    /// SHA3-384.
    Sha3_384,
    /// SHA3-512.
    Sha3_512,
    /// SHAKE128 with 256 bits of output.
    Shake128,
    /// SHAKE256 with 512 bits of output.
    Shake256,
}

impl PreHash {
    /// The DER encoding of the function's OID, 2.16.840.1.101.3.4.2.x, as the
    /// 11 bytes written in the standard (06 09 60 86 48 01 65 03 04 02 x).
    ///
    /// FIPS 204 writes OID <- IntegerToBytes(0x06096086...02xx, 11); the bytes
    /// meant (and tested by ACVP) are the DER bytes in that written order,
    /// which is not the little-endian IntegerToBytes of that number.
    pub fn oid(&self) -> [u8; 11] {
        let last = match self {
            PreHash::Sha2_256 => 0x01,
            PreHash::Sha2_384 => 0x02,
            PreHash::Sha2_512 => 0x03,
            PreHash::Sha2_224 => 0x04,
            PreHash::Sha2_512_224 => 0x05,
            PreHash::Sha2_512_256 => 0x06,
            PreHash::Sha3_224 => 0x07,
            PreHash::Sha3_256 => 0x08,
            PreHash::Sha3_384 => 0x09,
            PreHash::Sha3_512 => 0x0a,
            PreHash::Shake128 => 0x0b,
            PreHash::Shake256 => 0x0c,
        };
        [
            0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, last,
        ]
    }

    /// The length of PH(M) in bytes.
    pub fn digest_len(&self) -> usize {
        match self {
            PreHash::Sha2_224 | PreHash::Sha2_512_224 | PreHash::Sha3_224 => 28,
            PreHash::Sha2_256 | PreHash::Sha2_512_256 | PreHash::Sha3_256 => 32,
            PreHash::Shake128 => 32,
            PreHash::Sha2_384 | PreHash::Sha3_384 => 48,
            PreHash::Sha2_512 | PreHash::Sha3_512 | PreHash::Shake256 => 64,
        }
    }

    /// PH(M), see [`pre_hash`].
    pub fn digest(&self, m: &[u8]) -> Vec<u8> {
        pre_hash(*self, m)
    }
}

/// PH(M): the digest of the message under ph (256 bits for SHAKE128, 512
/// bits for SHAKE256). hax extracts its signature and contract only (the
/// body calls sha2 / sha3): F* assumes the output length, which this
/// contract checks on every call.
#[checked]
#[hax_lib::ensures(|ph_m| ph_m.len() == ph.digest_len())]
pub fn pre_hash(ph: PreHash, m: &[u8]) -> Vec<u8> {
    match ph {
        PreHash::Sha2_224 => Sha224::digest(m).to_vec(),
        PreHash::Sha2_256 => Sha256::digest(m).to_vec(),
        PreHash::Sha2_384 => Sha384::digest(m).to_vec(),
        PreHash::Sha2_512 => Sha512::digest(m).to_vec(),
        PreHash::Sha2_512_224 => Sha512_224::digest(m).to_vec(),
        PreHash::Sha2_512_256 => Sha512_256::digest(m).to_vec(),
        PreHash::Sha3_224 => Sha3_224::digest(m).to_vec(),
        PreHash::Sha3_256 => Sha3_256::digest(m).to_vec(),
        PreHash::Sha3_384 => Sha3_384::digest(m).to_vec(),
        PreHash::Sha3_512 => Sha3_512::digest(m).to_vec(),
        PreHash::Shake128 => shake_digest::<Shake128>(m, 32),
        PreHash::Shake256 => shake_digest::<Shake256>(m, 64),
    }
}

fn shake_digest<X: Default + Update + ExtendableOutput>(m: &[u8], len: usize) -> Vec<u8> {
    let mut xof = X::default();
    xof.update(m);
    let mut out = vec![0u8; len];
    xof.finalize_xof().read(&mut out);
    out
}

/// Algorithm 4, HashML-DSA.Sign(sk, M, ctx, PH): a signature of the pre-hash
/// PH(M) under ctx, with randomness rnd (32 zero bytes for the deterministic
/// variant).
#[checked]
#[hax_lib::ensures(|r| match r {
    Ok(sigma) => ctx.len() <= 255 && rnd.is_some() && sigma.len() == params.sig_len(),
    Err(Error::ContextTooLong) => ctx.len() > 255,
    Err(Error::RandomBitGenerationFailed) => ctx.len() <= 255 && rnd.is_none(),
    Err(Error::WrongLength) => ctx.len() <= 255 && sk.len() != params.sk_len(),
    Err(Error::SigningAttemptsExhausted) => ctx.len() <= 255,
})]
pub fn hash_ml_dsa_sign(
    params: &ParamSet,
    sk: &[u8],
    m: &[u8],
    ctx: &[u8],
    ph: PreHash,
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
    // 10: switch PH do
    let (oid, ph_m) = match ph {
        // 11: case SHA-256:
        PreHash::Sha2_256 => {
            // 12: OID <- IntegerToBytes(0x0609608648016503040201, 11)  (2.16.840.1.101.3.4.2.1)
            let oid = ph.oid();
            // 13: PH_M <- SHA256(M)
            let ph_m = pre_hash(ph, m);
            (oid, ph_m)
        }
        // 14: case SHA-512:
        PreHash::Sha2_512 => {
            // 15: OID <- IntegerToBytes(0x0609608648016503040203, 11)  (2.16.840.1.101.3.4.2.3)
            let oid = ph.oid();
            // 16: PH_M <- SHA512(M)
            let ph_m = pre_hash(ph, m);
            (oid, ph_m)
        }
        // 17: case SHAKE128:
        PreHash::Shake128 => {
            // 18: OID <- IntegerToBytes(0x060960864801650304020B, 11)  (2.16.840.1.101.3.4.2.11)
            let oid = ph.oid();
            // 19: PH_M <- SHAKE128(M, 256)
            let ph_m = pre_hash(ph, m);
            (oid, ph_m)
        }
        // 20: case ...  (other approved hash functions: the SHA-2 and SHA-3
        //     family and SHAKE256 with 512 bits, section 5.4.1)
        PreHash::Sha2_224
        | PreHash::Sha2_384
        | PreHash::Sha2_512_224
        | PreHash::Sha2_512_256
        | PreHash::Sha3_224
        | PreHash::Sha3_256
        | PreHash::Sha3_384
        | PreHash::Sha3_512
        | PreHash::Shake256 => {
            // 21: ...  (OID <- the function's OID; PH_M <- PH(M))
            (ph.oid(), pre_hash(ph, m))
        }
    }; // 22: end switch
    // 23: M' <- BytesToBits(IntegerToBytes(1, 1) || IntegerToBytes(|ctx|, 1) || ctx || OID || PH_M)
    let mut oid_ph_m = oid.to_vec();
    oid_ph_m.extend_from_slice(&ph_m);
    let m_prime = format_message(1, ctx, &oid_ph_m);
    // 24: sigma <- ML-DSA.Sign_internal(sk, M', rnd)
    let sigma = ml_dsa_sign_internal(params, sk, &m_prime, &rnd)?;
    // 25: return sigma
    Ok(sigma)
}

/// Algorithm 5, HashML-DSA.Verify(pk, M, sigma, ctx, PH): whether sigma is a
/// valid HashML-DSA signature of M under ctx.
#[checked]
#[hax_lib::ensures(|r| match r {
    Ok(_) => ctx.len() <= 255,
    Err(e) => ctx.len() > 255 && e == Error::ContextTooLong,
})]
pub fn hash_ml_dsa_verify(
    params: &ParamSet,
    pk: &[u8],
    m: &[u8],
    sigma: &[u8],
    ctx: &[u8],
    ph: PreHash,
) -> Result<bool, Error> {
    // 1: if |ctx| > 255 then
    if ctx.len() > 255 {
        // 2: return bottom
        return Err(Error::ContextTooLong);
    } // 3: end if
    // 4:
    // 5: switch PH do
    let (oid, ph_m) = match ph {
        // 6: case SHA-256:
        PreHash::Sha2_256 => {
            // 7: OID <- IntegerToBytes(0x0609608648016503040201, 11)  (2.16.840.1.101.3.4.2.1)
            let oid = ph.oid();
            // 8: PH_M <- SHA256(M)
            let ph_m = pre_hash(ph, m);
            (oid, ph_m)
        }
        // 9: case SHA-512:
        PreHash::Sha2_512 => {
            // 10: OID <- IntegerToBytes(0x0609608648016503040203, 11)  (2.16.840.1.101.3.4.2.3)
            let oid = ph.oid();
            // 11: PH_M <- SHA512(M)
            let ph_m = pre_hash(ph, m);
            (oid, ph_m)
        }
        // 12: case SHAKE128:
        PreHash::Shake128 => {
            // 13: OID <- IntegerToBytes(0x060960864801650304020B, 11)  (2.16.840.1.101.3.4.2.11)
            let oid = ph.oid();
            // 14: PH_M <- SHAKE128(M, 256)
            let ph_m = pre_hash(ph, m);
            (oid, ph_m)
        }
        // 15: case ...  (other approved hash functions: the SHA-2 and SHA-3
        //     family and SHAKE256 with 512 bits, section 5.4.1)
        PreHash::Sha2_224
        | PreHash::Sha2_384
        | PreHash::Sha2_512_224
        | PreHash::Sha2_512_256
        | PreHash::Sha3_224
        | PreHash::Sha3_256
        | PreHash::Sha3_384
        | PreHash::Sha3_512
        | PreHash::Shake256 => {
            // 16: ...  (OID <- the function's OID; PH_M <- PH(M))
            (ph.oid(), pre_hash(ph, m))
        }
    }; // 17: end switch
    let mut oid_ph_m = oid.to_vec();
    oid_ph_m.extend_from_slice(&ph_m);
    // 18: M' <- BytesToBits(IntegerToBytes(1, 1) || IntegerToBytes(|ctx|, 1) || ctx || OID || PH_M)
    let m_prime = format_message(1, ctx, &oid_ph_m);
    // 19: return ML-DSA.Verify_internal(pk, M', sigma)
    Ok(ml_dsa_verify_internal(params, pk, &m_prime, sigma))
}
