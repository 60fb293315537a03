//! Signing (private) keys: generation, import / export, signing.

use zeroize::{ZeroizeOnDrop, Zeroizing};

use crate::algorithms::ExpandedSigningKey;
use crate::dispatch;
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
    seed: Option<Zeroizing<[u8; 32]>>,
    expanded: ExpandedSigningKey<P>,
    verifying_key: VerifyingKey<P>,
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
    pub fn from_seed(xi: &[u8; 32]) -> Self {
        let (vk, sk) = dispatch::key_gen::<P>(xi);
        SigningKey {
            seed: Some(Zeroizing::new(*xi)),
            expanded: sk,
            verifying_key: VerifyingKey { expanded: vk },
        }
    }

    /// ML-DSA.KeyGen (Algorithm 1) with xi drawn from `rng`.
    pub fn generate<R: rand_core::CryptoRng + ?Sized>(rng: &mut R) -> Self {
        let mut xi = Zeroizing::new([0u8; 32]);
        rng.fill_bytes(xi.as_mut());
        Self::from_seed(&xi)
    }

    /// ML-DSA.KeyGen (Algorithm 1) with xi from the operating system.
    #[cfg(feature = "std")]
    pub fn generate_os() -> Result<Self, Error> {
        let mut xi = Zeroizing::new([0u8; 32]);
        getrandom::fill(xi.as_mut()).map_err(|_| Error::RandomnessFailure)?;
        Ok(Self::from_seed(&xi))
    }

    /// The seed xi, if the key was made from one.
    pub fn seed(&self) -> Option<&[u8; 32]> {
        self.seed.as_deref()
    }

    /// The matching verifying key.
    pub fn verifying_key(&self) -> &VerifyingKey<P> {
        &self.verifying_key
    }

    /// skEncode (Algorithm 24): the 2560 / 4032 / 4896-byte expanded key.
    pub fn to_expanded_bytes(&self) -> Zeroizing<P::SkBytes> {
        Zeroizing::new(self.expanded.encode())
    }

    /// Imports an expanded key, validated: the length, s1 and s2 in
    /// [-eta, eta], and t0 and tr consistent with (rho, s1, s2).
    pub fn try_from_expanded(sk: &[u8]) -> Result<Self, Error> {
        let expanded = ExpandedSigningKey::<P>::decode(sk)?;
        let vk = dispatch::check_signing_key::<P>(&expanded)?;
        Ok(SigningKey {
            seed: None,
            expanded,
            verifying_key: VerifyingKey { expanded: vk },
        })
    }

    /// ML-DSA.Sign (Algorithm 2), hedged: rnd from the operating system.
    #[cfg(feature = "std")]
    pub fn sign(&self, msg: &[u8], ctx: &[u8]) -> Result<Signature<P>, Error> {
        let mut rnd = Zeroizing::new([0u8; 32]);
        getrandom::fill(rnd.as_mut()).map_err(|_| Error::RandomnessFailure)?;
        self.sign_with_rnd(msg, ctx, &rnd)
    }

    /// ML-DSA.Sign, hedged with rnd from `rng`.
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
    pub fn sign_deterministic(&self, msg: &[u8], ctx: &[u8]) -> Result<Signature<P>, Error> {
        self.sign_with_rnd(msg, ctx, &[0u8; 32])
    }

    /// ML-DSA.Sign with the caller's 32 bytes of randomness rnd.
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
    pub fn sign_mu(&self, mu: &Mu, rnd: &[u8; 32]) -> Signature<P> {
        let mut bytes = P::SigBytes::zeroed();
        dispatch::sign::<P>(&self.expanded, &mu.0, rnd, &mut bytes);
        Signature { bytes }
    }

    /// Sign_internal from mu, deterministic (rnd = 0).
    pub fn sign_mu_deterministic(&self, mu: &Mu) -> Signature<P> {
        self.sign_mu(mu, &[0u8; 32])
    }

    pub(crate) fn tr(&self) -> &[u8; 64] {
        self.verifying_key.tr()
    }
}
