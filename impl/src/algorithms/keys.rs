//! The expanded key types (FIPS 204's sk and pk, decoded), their
//! encodings (skEncode / skDecode, pkEncode / pkDecode) and the validated
//! import of an expanded signing key.

use zeroize::{Zeroize, ZeroizeOnDrop};

use super::encodings::{SkParts, pk_decode, pk_encode, sk_decode, sk_encode};
use super::hash::h_shake256;
use super::internal::compute_t;
use crate::backend::Backend;
use crate::error::Error;
use crate::params::{ByteArray, N, ParameterSet, PolyMatrix, PolyVec};

/// A decoded signing key: (rho, K, tr, s1, s2, t0), and A_hat =
/// ExpandA(rho), kept so that signing does not expand it again (it is
/// public: a function of rho). Zeroized on drop.
pub struct ExpandedSigningKey<P: ParameterSet> {
    pub(crate) rho: [u8; 32],
    pub(crate) k: [u8; 32],
    pub(crate) tr: [u8; 64],
    pub(crate) s1: P::VecL,
    pub(crate) s2: P::VecK,
    pub(crate) t0: P::VecK,
    pub(crate) a_hat: P::Matrix,
}

impl<P: ParameterSet> ExpandedSigningKey<P> {
    /// All zero, to be filled in place.
    pub fn zeroed() -> Self {
        ExpandedSigningKey {
            rho: [0; 32],
            k: [0; 32],
            tr: [0; 64],
            s1: P::VecL::zeroed(),
            s2: P::VecK::zeroed(),
            t0: P::VecK::zeroed(),
            a_hat: P::Matrix::zeroed(),
        }
    }
}

impl<P: ParameterSet> Clone for ExpandedSigningKey<P> {
    fn clone(&self) -> Self {
        let mut a_hat = P::Matrix::zeroed();
        for (to, from) in a_hat.as_mut().iter_mut().zip(self.a_hat.as_ref()) {
            to.clone_from(from);
        }
        ExpandedSigningKey {
            rho: self.rho,
            k: self.k,
            tr: self.tr,
            s1: self.s1.clone(),
            s2: self.s2.clone(),
            t0: self.t0.clone(),
            a_hat,
        }
    }
}

impl<P: ParameterSet> Zeroize for ExpandedSigningKey<P> {
    fn zeroize(&mut self) {
        self.rho.as_mut_slice().zeroize();
        self.k.as_mut_slice().zeroize();
        self.tr.as_mut_slice().zeroize();
        self.s1.zeroize();
        self.s2.zeroize();
        self.t0.zeroize();
    }
}

impl<P: ParameterSet> Drop for ExpandedSigningKey<P> {
    fn drop(&mut self) {
        self.zeroize();
    }
}

impl<P: ParameterSet> ZeroizeOnDrop for ExpandedSigningKey<P> {}

impl<P: ParameterSet> ExpandedSigningKey<P> {
    /// skEncode (Algorithm 24).
    pub fn encode(&self) -> P::SkBytes {
        let mut sk = P::SkBytes::zeroed();
        let parts = SkParts::<P> {
            rho: &self.rho,
            k: &self.k,
            tr: &self.tr,
            s1: &self.s1,
            s2: &self.s2,
            t0: &self.t0,
        };
        sk_encode::<P>(&parts, sk.as_mut());
        sk
    }

    /// skDecode (Algorithm 25) into this key, in place (no copy of the
    /// secrets), with the coefficient range check; no consistency check of
    /// t0 and tr, and A_hat left as it is: call [`Self::check_consistency`],
    /// which fills it, before signing.
    pub fn decode_from(&mut self, sk: &[u8]) -> Result<(), Error> {
        if sk.len() != P::SK_LEN {
            return Err(Error::WrongLength);
        }
        sk_decode::<P>(
            sk,
            &mut self.rho,
            &mut self.k,
            &mut self.tr,
            &mut self.s1,
            &mut self.s2,
            &mut self.t0,
        )
    }

    /// Recomputes t = A s1 + s2 and checks that t0 is its low part and tr the
    /// hash of the public key it gives; writes that public key into `vk`.
    /// Fills A_hat on the way.
    #[inline(always)]
    pub fn check_consistency<B: Backend>(
        &mut self,
        vk: &mut ExpandedVerifyingKey<P>,
    ) -> Result<(), Error> {
        vk.rho = self.rho;
        let mut t0 = P::VecK::zeroed();
        compute_t::<P, B>(
            &self.rho,
            &self.s1,
            &self.s2,
            &mut self.a_hat,
            &mut vk.t1,
            &mut t0,
        );
        vk.encode_and_hash::<B>();
        let mut diff = 0;
        for (a, b) in t0.as_ref().iter().zip(self.t0.as_ref()) {
            for i in 0..N {
                diff |= a.coeffs[i] ^ b.coeffs[i];
            }
        }
        let mut tr_diff = 0u8;
        for (a, b) in vk.tr.iter().zip(self.tr.iter()) {
            tr_diff |= a ^ b;
        }
        t0.zeroize();
        // Constant-time check: whether the key is refused is public (the
        // caller's result); once accepted, its public key (rho, t1, pk and
        // tr) is public too.
        if crate::ct::public((diff != 0) | (tr_diff != 0)) {
            Err(Error::MalformedKey)
        } else {
            crate::ct::public_mem(vk);
            Ok(())
        }
    }
}

/// Imports an expanded signing key, validated, into `sk` and its public key
/// into `vk`: skDecode with the range check, then the consistency check.
#[inline(always)]
pub fn import_signing_key<P: ParameterSet, B: Backend>(
    bytes: &[u8],
    sk: &mut ExpandedSigningKey<P>,
    vk: &mut ExpandedVerifyingKey<P>,
) -> Result<(), Error> {
    sk.decode_from(bytes)?;
    sk.check_consistency::<B>(vk)
}

/// A decoded verifying key: rho, t1, tr = H(pk, 64) and the encoding pk.
pub struct ExpandedVerifyingKey<P: ParameterSet> {
    pub(crate) rho: [u8; 32],
    pub(crate) t1: P::VecK,
    pub(crate) tr: [u8; 64],
    pub(crate) encoded: P::PkBytes,
}

impl<P: ParameterSet> Clone for ExpandedVerifyingKey<P> {
    fn clone(&self) -> Self {
        ExpandedVerifyingKey {
            rho: self.rho,
            t1: self.t1.clone(),
            tr: self.tr,
            encoded: self.encoded.clone(),
        }
    }
}

impl<P: ParameterSet> ExpandedVerifyingKey<P> {
    /// All zero, to be filled in place.
    pub fn zeroed() -> Self {
        ExpandedVerifyingKey {
            rho: [0; 32],
            t1: P::VecK::zeroed(),
            tr: [0; 64],
            encoded: P::PkBytes::zeroed(),
        }
    }

    /// pkEncode(rho, t1) into `encoded`, and tr = H(pk, 64).
    #[inline(always)]
    pub(crate) fn encode_and_hash<B: Backend>(&mut self) {
        pk_encode::<P>(&self.rho, &self.t1, self.encoded.as_mut());
        self.tr = h_shake256::<B, 64>(&[self.encoded.as_ref()]);
    }

    /// pkDecode (Algorithm 23) and tr = H(pk, 64). Every byte string of the
    /// right length is a public key.
    #[inline(always)]
    pub fn decode<B: Backend>(pk: &[u8]) -> Result<Self, Error> {
        if pk.len() != P::PK_LEN {
            return Err(Error::WrongLength);
        }
        let mut encoded = P::PkBytes::zeroed();
        encoded.as_mut().copy_from_slice(pk);
        let mut rho = [0u8; 32];
        let mut t1 = P::VecK::zeroed();
        pk_decode::<P>(pk, &mut rho, &mut t1);
        let tr = h_shake256::<B, 64>(&[pk]);
        Ok(ExpandedVerifyingKey {
            rho,
            t1,
            tr,
            encoded,
        })
    }

    /// The encoded public key.
    pub fn encoded(&self) -> &P::PkBytes {
        &self.encoded
    }

    /// tr = H(pk, 64).
    pub fn tr(&self) -> &[u8; 64] {
        &self.tr
    }
}
