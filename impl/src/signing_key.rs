//! Signing (private) keys: generation, import / export, signing.

use zeroize::{ZeroizeOnDrop, Zeroizing};

use crate::dispatch::{self, ExpandedSigningKey, ExpandedVerifyingKey};
use crate::error::Error;
use crate::mu::{Mu, MuBuilder, prehash_mu};
use crate::params::{ByteArray, ParameterSet};
use crate::prehash::PreHash;
use crate::signature::Signature;
use crate::verifying_key::VerifyingKey;

/// An ML-DSA signing key. Seed-first: a key made from a 32-byte seed xi keeps
/// it (and can return it); a key imported from its expanded encoding has no
/// seed. Every secret is zeroized on drop.
///
/// Besides s1, s2 and t0 the key keeps the matrix A_hat = ExpandA(rho)
/// (public), computed once when the key is made or imported, so that each
/// signature skips ExpandA: k l KiB (16, 30 and 56 KiB for ML-DSA-44, 65
/// and 87), which makes the whole key 34, 55 and 90 KiB. Box it where
/// stack is tight.
///
/// ```
/// use mldsa::ml_dsa_65::SigningKey;
/// let sk = SigningKey::from_seed(&[42u8; 32]);
/// let sig = sk.sign_deterministic(b"message", b"context")?;
/// sk.verifying_key().verify(b"message", sig.as_ref(), b"context")?;
/// // Export and re-import the 4032-byte expanded form (validated on import).
/// let expanded = sk.to_expanded_bytes();
/// let again = SigningKey::try_from_expanded(&expanded[..])?;
/// assert_eq!(again.verifying_key(), sk.verifying_key());
/// assert_eq!(sk.seed(), Some(&[42u8; 32]));
/// # Ok::<(), mldsa::Error>(())
/// ```
pub struct SigningKey<P: ParameterSet> {
    pub(crate) seed: Option<Zeroizing<[u8; 32]>>,
    pub(crate) expanded: ExpandedSigningKey<P>,
    pub(crate) verifying_key: VerifyingKey<P>,
}

impl<P: ParameterSet> ZeroizeOnDrop for SigningKey<P> {}

impl<P: ParameterSet> core::fmt::Debug for SigningKey<P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "SigningKey<{}>(..)", P::NAME)
    }
}

impl<P: ParameterSet> Clone for SigningKey<P> {
    fn clone(&self) -> Self {
        SigningKey {
            seed: self.seed.clone(),
            expanded: self.expanded.clone(),
            verifying_key: self.verifying_key.clone(),
        }
    }
}

impl<P: ParameterSet> SigningKey<P> {
    /// ML-DSA.KeyGen_internal (FIPS 204 Algorithm 6) from the seed xi.
    ///
    /// ```
    /// use mldsa::ml_dsa_65::SigningKey;
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// // The same seed always gives the same key pair, another seed another one.
    /// let again = SigningKey::from_seed(&[7u8; 32]);
    /// assert_eq!(again.verifying_key(), sk.verifying_key());
    /// let other = SigningKey::from_seed(&[8u8; 32]);
    /// assert_ne!(other.verifying_key(), sk.verifying_key());
    /// ```
    pub fn from_seed(xi: &[u8; 32]) -> Self {
        let mut key = SigningKey {
            seed: Some(Zeroizing::new(*xi)),
            expanded: ExpandedSigningKey::zeroed(),
            verifying_key: VerifyingKey {
                expanded: ExpandedVerifyingKey::zeroed(),
            },
        };
        dispatch::key_gen::<P>(xi, &mut key.verifying_key.expanded, &mut key.expanded);
        key
    }

    /// ML-DSA.KeyGen (Algorithm 1) with xi drawn from `rng`.
    ///
    /// ```
    /// # // `Fixed` is a toy generator that outputs one repeated byte.
    /// # struct Fixed(u8);
    /// # impl rand_core::TryRng for Fixed {
    /// #     type Error = core::convert::Infallible;
    /// #     fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
    /// #         Ok(u32::from_le_bytes([self.0; 4]))
    /// #     }
    /// #     fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
    /// #         Ok(u64::from_le_bytes([self.0; 8]))
    /// #     }
    /// #     fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
    /// #         Ok(dst.fill(self.0))
    /// #     }
    /// # }
    /// # impl rand_core::TryCryptoRng for Fixed {}
    /// use mldsa::ml_dsa_44::SigningKey;
    /// // Any rand_core 0.10 `CryptoRng`; `Fixed(7)` (hidden, a toy) fills with 7s.
    /// let mut rng = Fixed(7);
    /// let sk = SigningKey::generate(&mut rng);
    /// // xi is the first 32 bytes the generator gives, and the key keeps it.
    /// assert_eq!(sk.seed(), Some(&[7u8; 32]));
    /// let expected = SigningKey::from_seed(&[7u8; 32]);
    /// assert_eq!(sk.verifying_key(), expected.verifying_key());
    /// ```
    pub fn generate<R: rand_core::CryptoRng + ?Sized>(rng: &mut R) -> Self {
        let mut xi = Zeroizing::new([0u8; 32]);
        rng.fill_bytes(xi.as_mut());
        Self::from_seed(&xi)
    }

    /// ML-DSA.KeyGen (Algorithm 1) with xi from the operating system.
    ///
    /// ```
    /// use mldsa::ml_dsa_65::SigningKey;
    /// let sk = SigningKey::generate_os()?;
    /// let sig = sk.sign_deterministic(b"message", b"")?;
    /// let vk = sk.verifying_key();
    /// assert!(vk.verify(b"message", sig.as_ref(), b"").is_ok());
    /// // A fresh seed each time.
    /// assert_ne!(SigningKey::generate_os()?.seed(), sk.seed());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub fn generate_os() -> Result<Self, Error> {
        let mut xi = Zeroizing::new([0u8; 32]);
        getrandom::fill(xi.as_mut()).map_err(|_| Error::RandomnessFailure)?;
        // The constant-time check: xi is secret (a no-op in normal builds).
        crate::ct::secret_mem(&mut *xi);
        Ok(Self::from_seed(&xi))
    }

    /// The seed xi, if the key was made from one.
    ///
    /// ```
    /// use mldsa::ml_dsa_65::SigningKey;
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// assert_eq!(sk.seed(), Some(&[7u8; 32]));
    /// // A key imported from its expanded encoding has no seed.
    /// let imported = SigningKey::try_from_expanded(&sk.to_expanded_bytes()[..])?;
    /// assert_eq!(imported.seed(), None);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn seed(&self) -> Option<&[u8; 32]> {
        self.seed.as_deref()
    }

    /// The matching verifying key.
    ///
    /// ```
    /// use mldsa::ml_dsa_65::{SigningKey, VerifyingKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let vk: &VerifyingKey = sk.verifying_key();
    /// assert_eq!(vk.as_bytes().len(), 1952);
    /// let sig = sk.sign_deterministic(b"message", b"")?;
    /// assert!(vk.verify(b"message", sig.as_ref(), b"").is_ok());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn verifying_key(&self) -> &VerifyingKey<P> {
        &self.verifying_key
    }

    /// skEncode (Algorithm 24): the 2560 / 4032 / 4896-byte expanded key.
    ///
    /// ```
    /// use mldsa::ml_dsa_87::SigningKey;
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let expanded = sk.to_expanded_bytes(); // zeroized when dropped
    /// assert_eq!(expanded.len(), 4896);
    /// let again = SigningKey::try_from_expanded(&expanded[..])?;
    /// assert_eq!(again.to_expanded_bytes(), expanded);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn to_expanded_bytes(&self) -> Zeroizing<P::SkBytes> {
        Zeroizing::new(self.expanded.encode())
    }

    /// Imports an expanded key, validated: the length, s1 and s2 in
    /// [-eta, eta], and t0 and tr consistent with (rho, s1, s2).
    ///
    /// ```
    /// use mldsa::{Error, ml_dsa_44::SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let mut bytes = sk.to_expanded_bytes();
    /// let imported = SigningKey::try_from_expanded(&bytes[..])?;
    /// assert_eq!(imported.verifying_key(), sk.verifying_key());
    /// // A wrong length, or parts that do not fit together (here tr), are refused.
    /// let short = SigningKey::try_from_expanded(&bytes[1..]);
    /// assert_eq!(short.unwrap_err(), Error::WrongLength);
    /// bytes[100] ^= 1;
    /// let tampered = SigningKey::try_from_expanded(&bytes[..]);
    /// assert_eq!(tampered.unwrap_err(), Error::MalformedKey);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn try_from_expanded(sk: &[u8]) -> Result<Self, Error> {
        // Decoded in place: the secrets are written once, into the key
        // returned (or zeroized with it on an error).
        let mut key = SigningKey {
            seed: None,
            expanded: ExpandedSigningKey::zeroed(),
            verifying_key: VerifyingKey {
                expanded: ExpandedVerifyingKey::zeroed(),
            },
        };
        dispatch::import_signing_key::<P>(sk, &mut key.expanded, &mut key.verifying_key.expanded)?;
        Ok(key)
    }

    /// ML-DSA.Sign (Algorithm 2), hedged: rnd from the operating system.
    ///
    /// ```
    /// use mldsa::ml_dsa_65::SigningKey;
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let sig = sk.sign(b"message", b"context")?;
    /// let vk = sk.verifying_key();
    /// assert!(vk.verify(b"message", sig.as_ref(), b"context").is_ok());
    /// // Hedged: fresh randomness, so signing twice gives two different signatures.
    /// assert_ne!(sk.sign(b"message", b"context")?, sig);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub fn sign(&self, msg: &[u8], ctx: &[u8]) -> Result<Signature<P>, Error> {
        let mut rnd = Zeroizing::new([0u8; 32]);
        getrandom::fill(rnd.as_mut()).map_err(|_| Error::RandomnessFailure)?;
        // The constant-time check: rnd is secret (a no-op in normal builds).
        crate::ct::secret_mem(&mut *rnd);
        self.sign_with_rnd(msg, ctx, &rnd)
    }

    /// ML-DSA.Sign, hedged with rnd from `rng`.
    ///
    /// ```
    /// # // `Fixed` is a toy generator that outputs one repeated byte.
    /// # struct Fixed(u8);
    /// # impl rand_core::TryRng for Fixed {
    /// #     type Error = core::convert::Infallible;
    /// #     fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
    /// #         Ok(u32::from_le_bytes([self.0; 4]))
    /// #     }
    /// #     fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
    /// #         Ok(u64::from_le_bytes([self.0; 8]))
    /// #     }
    /// #     fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
    /// #         Ok(dst.fill(self.0))
    /// #     }
    /// # }
    /// # impl rand_core::TryCryptoRng for Fixed {}
    /// use mldsa::ml_dsa_65::SigningKey;
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// // Any rand_core 0.10 `CryptoRng`; `Fixed(3)` (hidden, a toy) fills with 3s.
    /// let sig = sk.sign_with_rng(&mut Fixed(3), b"message", b"")?;
    /// let vk = sk.verifying_key();
    /// assert!(vk.verify(b"message", sig.as_ref(), b"").is_ok());
    /// // rnd is the 32 bytes drawn from the generator.
    /// assert_eq!(sig, sk.sign_with_rnd(b"message", b"", &[3u8; 32])?);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn sign_with_rng<R: rand_core::CryptoRng + ?Sized>(
        &self,
        rng: &mut R,
        msg: &[u8],
        ctx: &[u8],
    ) -> Result<Signature<P>, Error> {
        let mut rnd = Zeroizing::new([0u8; 32]);
        rng.fill_bytes(rnd.as_mut());
        self.sign_with_rnd(msg, ctx, &rnd)
    }

    /// ML-DSA.Sign, deterministic variant (rnd = 32 zero bytes).
    ///
    /// ```
    /// use mldsa::ml_dsa_65::SigningKey;
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let sig = sk.sign_deterministic(b"message", b"")?;
    /// let vk = sk.verifying_key();
    /// assert!(vk.verify(b"message", sig.as_ref(), b"").is_ok());
    /// // Same key, message and context: the same signature.
    /// assert_eq!(sk.sign_deterministic(b"message", b"")?, sig);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn sign_deterministic(&self, msg: &[u8], ctx: &[u8]) -> Result<Signature<P>, Error> {
        self.sign_with_rnd(msg, ctx, &[0u8; 32])
    }

    /// ML-DSA.Sign with the caller's 32 bytes of randomness rnd.
    ///
    /// ```
    /// use mldsa::{Error, ml_dsa_65::SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let rnd = [1u8; 32]; // from your random bit generator
    /// let sig = sk.sign_with_rnd(b"message", b"ctx", &rnd)?;
    /// let vk = sk.verifying_key();
    /// assert!(vk.verify(b"message", sig.as_ref(), b"ctx").is_ok());
    /// // A context over 255 bytes is refused.
    /// let long = sk.sign_with_rnd(b"message", &[0u8; 256], &rnd);
    /// assert_eq!(long, Err(Error::ContextTooLong));
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn sign_with_rnd(
        &self,
        msg: &[u8],
        ctx: &[u8],
        rnd: &[u8; 32],
    ) -> Result<Signature<P>, Error> {
        let mut builder = MuBuilder::new(&self.verifying_key, ctx)?;
        builder.update(msg);
        Ok(self.sign_mu(&builder.finalize(), rnd))
    }

    /// HashML-DSA.Sign (Algorithm 4) of `msg`, hashed here with `ph`.
    ///
    /// ```
    /// use mldsa::{PreHash, ml_dsa_65::SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let (ph, msg) = (PreHash::Sha2_512, b"message");
    /// let sig = sk.sign_prehashed(ph, msg, b"", &[0u8; 32])?;
    /// let vk = sk.verifying_key();
    /// assert!(vk.verify_prehashed(ph, msg, sig.as_ref(), b"").is_ok());
    /// // HashML-DSA and pure ML-DSA signatures are not interchangeable.
    /// assert!(vk.verify(msg, sig.as_ref(), b"").is_err());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn sign_prehashed(
        &self,
        ph: PreHash,
        msg: &[u8],
        ctx: &[u8],
        rnd: &[u8; 32],
    ) -> Result<Signature<P>, Error> {
        let mut digest = [0u8; 64];
        let n = ph.digest_into(msg, &mut digest);
        self.sign_prehash_digest(ph, &digest[..n], ctx, rnd)
    }

    /// HashML-DSA.Sign from the caller's digest PH(M) (`WrongLength` if it is
    /// not the function's digest length).
    ///
    /// ```
    /// use mldsa::{Error, PreHash, ml_dsa_44::SigningKey};
    /// use sha2::{Digest, Sha256};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let (ph, rnd) = (PreHash::Sha2_256, [0u8; 32]);
    /// let digest = Sha256::digest(b"message"); // PH(M), computed by the caller
    /// let sig = sk.sign_prehash_digest(ph, &digest, b"", &rnd)?;
    /// assert_eq!(sig, sk.sign_prehashed(ph, b"message", b"", &rnd)?);
    /// // The digest must have the function's length (32 bytes for SHA-256).
    /// let short = sk.sign_prehash_digest(ph, &digest[..31], b"", &rnd);
    /// assert_eq!(short, Err(Error::WrongLength));
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn sign_prehash_digest(
        &self,
        ph: PreHash,
        digest: &[u8],
        ctx: &[u8],
        rnd: &[u8; 32],
    ) -> Result<Signature<P>, Error> {
        let mu = prehash_mu(self.verifying_key.tr(), ctx, ph, digest)?;
        Ok(self.sign_mu(&mu, rnd))
    }

    /// Sign_internal from a message representative mu (external mu) with
    /// randomness rnd.
    ///
    /// ```
    /// use mldsa::{MuBuilder, ml_dsa_65::SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// // mu can be computed elsewhere, from the verifying key alone.
    /// let mut builder = MuBuilder::new(sk.verifying_key(), b"ctx")?;
    /// builder.update(b"message");
    /// let sig = sk.sign_mu(&builder.finalize(), &[1u8; 32]);
    /// // The same signature as signing the message with the same rnd.
    /// assert_eq!(sig, sk.sign_with_rnd(b"message", b"ctx", &[1u8; 32])?);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn sign_mu(&self, mu: &Mu, rnd: &[u8; 32]) -> Signature<P> {
        let mut bytes = P::SigBytes::zeroed();
        dispatch::sign::<P>(&self.expanded, &mu.0, rnd, &mut bytes);
        Signature { bytes }
    }

    /// Sign_internal from mu, deterministic (rnd = 0).
    ///
    /// ```
    /// use mldsa::{MuBuilder, ml_dsa_65::SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let mut builder = MuBuilder::new(sk.verifying_key(), b"")?;
    /// builder.update(b"message");
    /// let sig = sk.sign_mu_deterministic(&builder.finalize());
    /// assert_eq!(sig, sk.sign_deterministic(b"message", b"")?);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn sign_mu_deterministic(&self, mu: &Mu) -> Signature<P> {
        self.sign_mu(mu, &[0u8; 32])
    }

    pub(crate) fn tr(&self) -> &[u8; 64] {
        self.verifying_key.tr()
    }
}
