//! The RustCrypto `signature` traits (version 3): `Signer`, `Verifier`,
//! `Keypair`, `SignatureEncoding`, `RandomizedSigner` and the multipart
//! signers and verifier, on top of [`MuBuilder`].
//!
//! The trait methods take no context string: they sign and verify pure
//! ML-DSA with the empty context. [`Signer`] and [`MultipartSigner`] are
//! deterministic (rnd = 0, the same signature each time, on every target,
//! with or without an OS generator); [`RandomizedSigner`] and
//! [`RandomizedMultipartSigner`] are hedged with 32 bytes from the caller's
//! generator.
//!
//! No inherent method of the keys has a trait method's name (the ones with
//! a context are `sign_with_context`, `sign_with_rng_and_context` and
//! `verify_with_context`), so method-call syntax reaches the traits:
//! `sk.sign(msg)`, `sk.try_sign(msg)`, `sk.sign_with_rng(&mut rng, msg)`,
//! `vk.verify(msg, &sig)`. `sk.verifying_key()` is the inherent one, which
//! borrows; `Keypair::verifying_key` returns a copy.

use ::signature::rand_core::TryCryptoRng;
use ::signature::{
    Error as SignatureError, Keypair, MultipartSigner, MultipartVerifier,
    RandomizedMultipartSigner, RandomizedSigner, SignatureEncoding, Signer, Verifier,
};
use zeroize::Zeroizing;

use crate::error::Error;
use crate::mu::{Mu, MuBuilder};
#[cfg(feature = "ml-dsa-44")]
use crate::params::MlDsa44;
#[cfg(feature = "ml-dsa-65")]
use crate::params::MlDsa65;
#[cfg(feature = "ml-dsa-87")]
use crate::params::MlDsa87;
use crate::params::ParameterSet;
use crate::signature::Signature;
use crate::signing_key::{KeyForm, SigningKey};
use crate::verifying_key::VerifyingKey;

/// mu of the pieces of a message, empty context.
fn mu_of<P: ParameterSet>(vk: &VerifyingKey<P>, pieces: &[&[u8]]) -> Mu {
    let mut builder = MuBuilder::empty_context(vk.tr());
    for piece in pieces {
        builder.update(piece);
    }
    builder.finalize()
}

fn rnd_from<R: TryCryptoRng + ?Sized>(rng: &mut R) -> Result<Zeroizing<[u8; 32]>, SignatureError> {
    let mut rnd = Zeroizing::new([0u8; 32]);
    rng.try_fill_bytes(rnd.as_mut())
        .map_err(|_| SignatureError::new())?;
    Ok(rnd)
}

/// Deterministic ML-DSA.Sign with the empty context (see the module docs).
///
/// ```
/// use mldsa::signature_traits::{Signer, Verifier};
/// use mldsa::ml_dsa_65::{Signature, SigningKey};
/// let sk = SigningKey::from_seed(&[1u8; 32]);
/// let sig: Signature = sk.sign(b"message");
/// assert_eq!(sig, sk.sign_deterministic(b"message", b"")?);
/// assert_eq!(sk.try_sign(b"message").ok(), Some(sig.clone()));
/// assert!(sk.verifying_key().verify(b"message", &sig).is_ok());
/// # Ok::<(), mldsa::Error>(())
/// ```
impl<P: ParameterSet, F: KeyForm> Signer<Signature<P>> for SigningKey<P, F> {
    fn try_sign(&self, msg: &[u8]) -> Result<Signature<P>, SignatureError> {
        self.try_multipart_sign(&[msg])
    }
}

/// Deterministic, the message in pieces (streamed into mu).
///
/// ```
/// use mldsa::signature_traits::{MultipartSigner, Signer};
/// use mldsa::ml_dsa_44::SigningKey;
/// let sk = SigningKey::from_seed(&[1u8; 32]);
/// assert_eq!(sk.multipart_sign(&[b"mess", b"age"]), Signer::sign(&sk, b"message"));
/// ```
impl<P: ParameterSet, F: KeyForm> MultipartSigner<Signature<P>> for SigningKey<P, F> {
    fn try_multipart_sign(&self, msg: &[&[u8]]) -> Result<Signature<P>, SignatureError> {
        Ok(self.sign_mu_deterministic(&mu_of(self.verifying_key(), msg)))
    }
}

/// Hedged ML-DSA.Sign with the empty context: rnd from `rng`.
///
/// ```
/// use mldsa::signature_traits::{RandomizedSigner, Verifier, rand_core};
/// use mldsa::ml_dsa_65::SigningKey;
/// # struct Fixed(u8);
/// # impl rand_core::TryRng for Fixed {
/// #     type Error = core::convert::Infallible;
/// #     fn try_next_u32(&mut self) -> Result<u32, Self::Error> { Ok(self.0.into()) }
/// #     fn try_next_u64(&mut self) -> Result<u64, Self::Error> { Ok(self.0.into()) }
/// #     fn try_fill_bytes(&mut self, d: &mut [u8]) -> Result<(), Self::Error> { Ok(d.fill(self.0)) }
/// # }
/// # impl rand_core::TryCryptoRng for Fixed {}
/// let sk = SigningKey::from_seed(&[1u8; 32]);
/// // `Fixed(5)` (hidden, a toy) fills with 5s; use your CSPRNG.
/// let sig = sk.sign_with_rng(&mut Fixed(5), b"message");
/// assert_eq!(sig, sk.sign_with_rnd(b"message", b"", &[5u8; 32])?);
/// assert!(sk.verifying_key().verify(b"message", &sig).is_ok());
/// # Ok::<(), mldsa::Error>(())
/// ```
impl<P: ParameterSet, F: KeyForm> RandomizedSigner<Signature<P>> for SigningKey<P, F> {
    fn try_sign_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
    ) -> Result<Signature<P>, SignatureError> {
        self.try_multipart_sign_with_rng(rng, &[msg])
    }
}

/// Hedged, the message in pieces.
///
/// ```
/// use mldsa::signature_traits::{RandomizedMultipartSigner, MultipartVerifier, rand_core};
/// use mldsa::ml_dsa_87::SigningKey;
/// # struct Fixed(u8);
/// # impl rand_core::TryRng for Fixed {
/// #     type Error = core::convert::Infallible;
/// #     fn try_next_u32(&mut self) -> Result<u32, Self::Error> { Ok(self.0.into()) }
/// #     fn try_next_u64(&mut self) -> Result<u64, Self::Error> { Ok(self.0.into()) }
/// #     fn try_fill_bytes(&mut self, d: &mut [u8]) -> Result<(), Self::Error> { Ok(d.fill(self.0)) }
/// # }
/// # impl rand_core::TryCryptoRng for Fixed {}
/// let sk = SigningKey::from_seed(&[1u8; 32]);
/// let sig = sk.multipart_sign_with_rng(&mut Fixed(5), &[b"mess", b"age"]);
/// assert_eq!(sig, sk.sign_with_rnd(b"message", b"", &[5u8; 32])?);
/// assert!(sk.verifying_key().multipart_verify(&[b"message"], &sig).is_ok());
/// # Ok::<(), mldsa::Error>(())
/// ```
impl<P: ParameterSet, F: KeyForm> RandomizedMultipartSigner<Signature<P>> for SigningKey<P, F> {
    fn try_multipart_sign_with_rng<R: TryCryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[&[u8]],
    ) -> Result<Signature<P>, SignatureError> {
        let rnd = rnd_from(rng)?;
        Ok(self.sign_mu(&mu_of(self.verifying_key(), msg), &rnd))
    }
}

/// ML-DSA.Verify with the empty context.
///
/// ```
/// use mldsa::signature_traits::{Signer, Verifier};
/// use mldsa::ml_dsa_65::SigningKey;
/// let sk = SigningKey::from_seed(&[1u8; 32]);
/// let sig = sk.sign(b"message");
/// let vk = sk.verifying_key();
/// assert!(vk.verify(b"message", &sig).is_ok());
/// assert!(vk.verify(b"massage", &sig).is_err());
/// ```
impl<P: ParameterSet> Verifier<Signature<P>> for VerifyingKey<P> {
    fn verify(&self, msg: &[u8], signature: &Signature<P>) -> Result<(), SignatureError> {
        self.multipart_verify(&[msg], signature)
    }
}

/// Verification of a message given in pieces.
///
/// ```
/// use mldsa::signature_traits::{MultipartVerifier, Signer};
/// use mldsa::ml_dsa_44::SigningKey;
/// let sk = SigningKey::from_seed(&[1u8; 32]);
/// let sig = Signer::sign(&sk, b"message");
/// assert!(sk.verifying_key().multipart_verify(&[b"me", b"ssage"], &sig).is_ok());
/// ```
impl<P: ParameterSet> MultipartVerifier<Signature<P>> for VerifyingKey<P> {
    fn multipart_verify(
        &self,
        msg: &[&[u8]],
        signature: &Signature<P>,
    ) -> Result<(), SignatureError> {
        self.verify_mu(&mu_of(self, msg), signature.as_ref())
            .map_err(|_| SignatureError::new())
    }
}

/// The verifying key of a signing key.
///
/// ```
/// use mldsa::signature_traits::Keypair;
/// use mldsa::ml_dsa_65::{SigningKey, VerifyingKey};
/// let sk = SigningKey::from_seed(&[1u8; 32]);
/// let owned: VerifyingKey = Keypair::verifying_key(&sk);
/// assert_eq!(&owned, sk.verifying_key()); // method syntax: the inherent one, borrowed
/// ```
impl<P: ParameterSet, F: KeyForm> Keypair for SigningKey<P, F> {
    type VerifyingKey = VerifyingKey<P>;
    fn verifying_key(&self) -> VerifyingKey<P> {
        *SigningKey::verifying_key(self)
    }
}

/// The signing key as its verifying key, for APIs that take `AsRef`.
///
/// ```
/// use mldsa::ml_dsa_44::{SigningKey, VerifyingKey};
/// let sk = SigningKey::from_seed(&[1u8; 32]);
/// let vk: &VerifyingKey = sk.as_ref();
/// assert_eq!(vk, sk.verifying_key());
/// ```
impl<P: ParameterSet, F: KeyForm> AsRef<VerifyingKey<P>> for SigningKey<P, F> {
    fn as_ref(&self) -> &VerifyingKey<P> {
        self.verifying_key()
    }
}

macro_rules! signature_encoding {
    ($params:ty, $len:literal) => {
        /// The raw FIPS 204 encoding.
        impl From<Signature<$params>> for [u8; $len] {
            fn from(sig: Signature<$params>) -> [u8; $len] {
                sig.bytes
            }
        }

        /// The raw FIPS 204 encoding (sigEncode).
        impl SignatureEncoding for Signature<$params> {
            type Repr = [u8; $len];
        }
    };
}

#[cfg(feature = "ml-dsa-44")]
signature_encoding!(MlDsa44, 2420);
#[cfg(feature = "ml-dsa-65")]
signature_encoding!(MlDsa65, 3309);
#[cfg(feature = "ml-dsa-87")]
signature_encoding!(MlDsa87, 4627);

impl From<Error> for SignatureError {
    fn from(_: Error) -> SignatureError {
        SignatureError::new()
    }
}
