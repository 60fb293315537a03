//! Signing (private) keys in two forms: generation, import / export,
//! signing.

use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use crate::dispatch::{ExpandedSigningKey, ExpandedVerifyingKey, PrecomputedParts};
use crate::error::Error;
use crate::mu::{Mu, MuBuilder, prehash_mu};
use crate::params::{ByteArray, ParameterSet};
use crate::prehash::PreHash;
use crate::signature::Signature;
use crate::verifying_key::VerifyingKey;

mod sealed {
    use super::{ExpandedSigningKey, ParameterSet, PrecomputedParts};

    /// Only [`Compact`](super::Compact) and
    /// [`Precomputed`](super::Precomputed) are key forms.
    pub trait Sealed {}

    /// What a form adds to a key, and the crate's way to it.
    pub trait FormParts<P: ParameterSet>: Clone + Send + Sync {
        /// Empty, to be filled in place.
        fn zeroed() -> Self;
        /// The parts of the key `sk`, by value (public: A_hat at most).
        fn of(sk: &ExpandedSigningKey<P>) -> Self;
        /// A precomputed key's parts.
        fn precomputed(&self) -> Option<&PrecomputedParts<P>>;
        /// The same, to fill.
        fn precomputed_mut(&mut self) -> Option<&mut PrecomputedParts<P>>;
    }

    /// A compact key adds nothing.
    #[derive(Clone, Copy, Debug)]
    pub struct NoParts;

    impl<P: ParameterSet> FormParts<P> for NoParts {
        fn zeroed() -> Self {
            NoParts
        }
        fn of(_: &ExpandedSigningKey<P>) -> Self {
            NoParts
        }
        fn precomputed(&self) -> Option<&PrecomputedParts<P>> {
            None
        }
        fn precomputed_mut(&mut self) -> Option<&mut PrecomputedParts<P>> {
            None
        }
    }

    impl<P: ParameterSet> FormParts<P> for PrecomputedParts<P> {
        fn zeroed() -> Self {
            PrecomputedParts::zeroed()
        }
        #[inline(always)]
        fn of(sk: &ExpandedSigningKey<P>) -> Self {
            PrecomputedParts {
                a_hat: P::a_hat(sk),
            }
        }
        fn precomputed(&self) -> Option<&PrecomputedParts<P>> {
            Some(self)
        }
        fn precomputed_mut(&mut self) -> Option<&mut PrecomputedParts<P>> {
            Some(self)
        }
    }
}

use sealed::FormParts;

/// What a key holds in either form: its secrets (FIPS 204's sk, the seed
/// xi if known) and its verifying key. `Copy`, and the secrets wiped by
/// the key's drop: a key handed out by value ([`SigningKey::copy_to_return`])
/// gets a copy, written where the caller keeps it, and the original is
/// wiped in place. A type with a destructor could only be moved out, and a
/// move leaves the original behind whenever the compiler copies it (as it
/// does a value whose address was taken to fill it). One `Copy` field, so
/// that such a copy is one memory copy, which compilers forward through
/// the temporary of an `Ok(..)`.
pub(crate) struct Inner<P: ParameterSet> {
    pub(crate) sk: ExpandedSigningKey<P>,
    pub(crate) verifying_key: VerifyingKey<P>,
    seed: [u8; 32],
    seed_known: bool,
}

impl<P: ParameterSet> Clone for Inner<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: ParameterSet> Copy for Inner<P> {}

impl<P: ParameterSet> Inner<P> {
    fn wipe(&mut self) {
        self.sk.wipe();
        self.seed.as_mut_slice().zeroize();
    }
}

/// How a [`SigningKey`] keeps its secrets: [`Compact`] (the default) or
/// [`Precomputed`]. Both sign byte for byte alike; they differ in size and
/// speed.
///
/// ```
/// use mldsa::{Compact, KeyForm, Precomputed};
/// assert_eq!((Compact::NAME, Precomputed::NAME), ("compact", "precomputed"));
/// ```
pub trait KeyForm: sealed::Sealed + 'static {
    /// "compact" or "precomputed".
    const NAME: &'static str;
    /// What the form adds to the key (private).
    #[doc(hidden)]
    type Parts<P: ParameterSet>: FormParts<P>;
}

/// The default key form: the seed (when the key has one) and FIPS 204's
/// encoded signing key sk, plus the verifying key; 4, 6 and 8 KiB for
/// ML-DSA-44, 65 and 87. Each signature expands the matrix A_hat and
/// unpacks and transforms the secrets on the stack (see the crate docs for
/// the cost).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compact {}

/// The key form for servers that sign many messages: the compact form plus
/// the matrix A_hat = ExpandA(rho), computed once when the key is made or
/// imported; 20, 36 and 64 KiB for ML-DSA-44, 65 and 87.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precomputed {}

impl sealed::Sealed for Compact {}
impl sealed::Sealed for Precomputed {}

impl KeyForm for Compact {
    const NAME: &'static str = "compact";
    type Parts<P: ParameterSet> = sealed::NoParts;
}

impl KeyForm for Precomputed {
    const NAME: &'static str = "precomputed";
    type Parts<P: ParameterSet> = PrecomputedParts<P>;
}

/// An ML-DSA signing key. Seed-first: a key made from a 32-byte seed xi keeps
/// it (and can return it); a key imported from its expanded encoding has no
/// seed. Every secret is zeroized on drop.
///
/// Two forms ([`KeyForm`]), which sign byte for byte alike:
///
/// - [`Compact`] (the default, `SigningKey<P>`): the seed and FIPS 204's
///   encoded sk, with the verifying key; 4, 6 and 8 KiB for ML-DSA-44, 65
///   and 87. Signing expands the matrix A_hat each time.
/// - [`Precomputed`] (`SigningKey<P, Precomputed>`,
///   `ml_dsa_65::PrecomputedSigningKey`): the matrix A_hat kept as well; 20, 36 and 64 KiB, the fastest signing. Box it
///   ([`SigningKey::from_seed_boxed`]) where stack is tight.
///
/// A key returned by value is written where the caller's `let` keeps it.
/// A key that moves afterwards (`?` or `unwrap()` on a `Result`, into a
/// struct, out of a function, `drop(sk)`) is copied, and Rust never wipes
/// the place it left: make a key that moves with a boxed constructor
/// (`from_seed_boxed`, `generate_os_boxed`, `try_from_expanded_boxed`,
/// `decode_pkcs8_der_boxed`, `decode_pkcs8_pem_boxed`), whose moves copy
/// only the pointer (SECURITY.md).
///
/// ```
/// use mldsa::ml_dsa_65::{PrecomputedSigningKey, SigningKey};
/// let sk = SigningKey::from_seed(&[42u8; 32]);
/// let sig = sk.sign_deterministic(b"message", b"context")?;
/// sk.verifying_key().verify_with_context(b"message", sig.as_ref(), b"context")?;
/// // Export and re-import the 4032-byte expanded form (validated on import).
/// let expanded = sk.to_expanded_bytes();
/// let again = SigningKey::try_from_expanded(&expanded[..])?;
/// assert_eq!(again.verifying_key(), sk.verifying_key());
/// assert_eq!(sk.seed(), Some(&[42u8; 32]));
/// // The precomputed form signs the same bytes, faster.
/// let server: PrecomputedSigningKey = sk.precompute();
/// assert_eq!(server.sign_deterministic(b"message", b"context")?, sig);
/// # Ok::<(), mldsa::Error>(())
/// ```
pub struct SigningKey<P: ParameterSet, F: KeyForm = Compact> {
    pub(crate) inner: Inner<P>,
    pub(crate) parts: F::Parts<P>,
}

/// The secrets (the seed, sk) are zeroized; the verifying key and A_hat are
/// public.
impl<P: ParameterSet, F: KeyForm> Drop for SigningKey<P, F> {
    fn drop(&mut self) {
        self.inner.wipe();
    }
}

impl<P: ParameterSet, F: KeyForm> ZeroizeOnDrop for SigningKey<P, F> {}

impl<P: ParameterSet, F: KeyForm> core::fmt::Debug for SigningKey<P, F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "SigningKey<{}, {}>(..)", P::NAME, F::NAME)
    }
}

impl<P: ParameterSet, F: KeyForm> Clone for SigningKey<P, F> {
    fn clone(&self) -> Self {
        self.copy_to_return()
    }
}

/// The constructors that return a key in a `Result` exist for the compact
/// form: its key is handed out through the `Ok` without a copy left
/// behind, which compilers do not manage for the larger precomputed key.
/// A precomputed key comes from these and [`SigningKey::precompute`], or
/// from the boxed constructors (`try_from_expanded_boxed`, ...).
impl<P: ParameterSet> SigningKey<P, Compact> {
    /// ML-DSA.KeyGen (Algorithm 1) with xi from the operating system.
    ///
    /// ```
    /// use mldsa::ml_dsa_65::SigningKey;
    /// let sk = SigningKey::generate_os()?;
    /// let sig = sk.sign_deterministic(b"message", b"")?;
    /// let vk = sk.verifying_key();
    /// assert!(vk.verify_with_context(b"message", sig.as_ref(), b"").is_ok());
    /// // A fresh seed each time.
    /// assert_ne!(SigningKey::generate_os()?.seed(), sk.seed());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    #[inline(always)]
    pub fn generate_os() -> Result<Self, Error> {
        let mut xi = Zeroizing::new([0u8; 32]);
        getrandom::fill(xi.as_mut()).map_err(|_| Error::RandomnessFailure)?;
        // The constant-time check: xi is secret (a no-op in normal builds).
        crate::ct::secret_mem(&mut *xi);
        Ok(Self::from_seed(&xi))
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
        Self::fill_to_return(|key| key.import_in_place(sk))
    }

    /// The same key in the [`Precomputed`] form: A_hat computed now, once.
    ///
    /// ```
    /// use mldsa::ml_dsa_44::SigningKey;
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let fast = sk.precompute();
    /// assert_eq!(fast.verifying_key(), sk.verifying_key());
    /// assert_eq!(fast.sign_deterministic(b"m", b"")?, sk.sign_deterministic(b"m", b"")?);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn precompute(&self) -> SigningKey<P, Precomputed> {
        SigningKey::from_compact(self)
    }
}

impl<P: ParameterSet> SigningKey<P, Precomputed> {
    /// The same key in the [`Compact`] form.
    ///
    /// ```
    /// use mldsa::ml_dsa_44::PrecomputedSigningKey;
    /// let fast = PrecomputedSigningKey::from_seed(&[7u8; 32]);
    /// let small = fast.to_compact();
    /// assert_eq!(small.seed(), Some(&[7u8; 32]));
    /// assert_eq!(small.sign_deterministic(b"m", b"")?, fast.sign_deterministic(b"m", b"")?);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn to_compact(&self) -> SigningKey<P> {
        SigningKey {
            inner: self.inner,
            parts: sealed::NoParts,
        }
    }
}

impl<P: ParameterSet, F: KeyForm> SigningKey<P, F> {
    /// A key of zeros, to be filled in place.
    #[inline(always)]
    pub(crate) fn empty() -> Self {
        SigningKey {
            inner: Inner {
                sk: ExpandedSigningKey::zeroed(),
                verifying_key: VerifyingKey {
                    expanded: ExpandedVerifyingKey::zeroed(),
                },
                seed: [0; 32],
                seed_known: false,
            },
            parts: FormParts::zeroed(),
        }
    }

    /// KeyGen_internal from xi into this key, in place; the key keeps xi.
    pub(crate) fn generate_in_place(&mut self, xi: &[u8; 32]) {
        let inner = &mut self.inner;
        inner.seed.copy_from_slice(xi);
        inner.seed_known = true;
        let (vk, sk) = (&mut inner.verifying_key.expanded, &mut inner.sk);
        match self.parts.precomputed_mut() {
            Some(pre) => P::key_gen_precomputed(xi, vk, sk, pre),
            None => P::key_gen(xi, vk, sk),
        }
    }

    /// FIPS 204's sk, as the key holds it.
    pub(crate) fn expanded_bytes(&self) -> &[u8] {
        self.inner.sk.encoded().as_ref()
    }

    /// The validated import of an expanded key into this key, in place.
    pub(crate) fn import_in_place(&mut self, sk: &[u8]) -> Result<(), Error> {
        let inner = &mut self.inner;
        let vk = &mut inner.verifying_key.expanded;
        P::import_signing_key(sk, &mut inner.sk, vk)?;
        if let Some(pre) = self.parts.precomputed_mut() {
            P::precompute(&self.inner.sk, pre);
        }
        Ok(())
    }

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
    #[inline(always)]
    pub fn from_seed(xi: &[u8; 32]) -> Self {
        // The compact key first, A_hat (if any) then expanded straight into
        // the key handed out: a whole precomputed key built here and copied
        // out would need twice its 20 to 64 KiB of stack.
        let mut key = SigningKey::<P, Compact>::empty();
        key.generate_in_place(xi);
        Self::from_compact(&key)
    }

    /// `compact` in this form, handed out by value like
    /// [`Self::copy_to_return`]: its secrets copied into the value returned,
    /// built where the caller keeps it, and the parts of the form (A_hat,
    /// public) computed there, so that no second whole key is on the stack.
    #[inline(never)]
    pub(crate) fn from_compact(compact: &SigningKey<P, Compact>) -> Self {
        SigningKey {
            parts: FormParts::of(&compact.inner.sk),
            inner: compact.inner,
        }
    }

    /// This key, to return by value: its secrets copied (they are `Copy`)
    /// into the value returned, which is built where the caller keeps it,
    /// while `self`, dropped by the caller, is zeroized in place. Returning
    /// the key itself would move it: a value whose address was taken (as
    /// the key's is, to fill it) is copied to the caller's slot, and the
    /// original stays behind, unzeroized. The boxed constructors need
    /// neither.
    //
    // Not inlined, so that the caller passes the place it keeps the value in
    // (a `let`, or the payload of an `Ok(..)`) and the copy is written
    // there; `parts` (public) is made first, so that `inner` is copied
    // straight from `self`, with no temporary in between.
    #[inline(never)]
    pub(crate) fn copy_to_return(&self) -> Self {
        SigningKey {
            parts: self.parts.clone(),
            inner: self.inner,
        }
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
    #[inline(always)]
    pub fn generate<R: rand_core::CryptoRng + ?Sized>(rng: &mut R) -> Self {
        let mut xi = Zeroizing::new([0u8; 32]);
        rng.fill_bytes(xi.as_mut());
        Self::from_seed(&xi)
    }

    /// A key filled in place by `fill`, handed out by value
    /// ([`Self::copy_to_return`]) in an `Ok`; on an error the key is dropped, so
    /// zeroized. Not inlined: the caller passes the place it keeps the
    /// result in, and `copy_to_return` writes there. Generic in the error, so
    /// that a caller wanting another error type (the `pkcs8` traits) maps
    /// it inside `fill`: mapping the `Result` afterwards would move the key
    /// into a new one, and leave the old one behind.
    #[inline(never)]
    pub(crate) fn fill_to_return<E>(
        fill: impl FnOnce(&mut Self) -> Result<(), E>,
    ) -> Result<Self, E> {
        let mut key = Self::empty();
        fill(&mut key)?;
        Ok(key.copy_to_return())
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
        self.inner.seed_known.then_some(&self.inner.seed)
    }

    /// The matching verifying key.
    ///
    /// ```
    /// use mldsa::ml_dsa_65::{SigningKey, VerifyingKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let vk: &VerifyingKey = sk.verifying_key();
    /// assert_eq!(vk.as_bytes().len(), 1952);
    /// let sig = sk.sign_deterministic(b"message", b"")?;
    /// assert!(vk.verify_with_context(b"message", sig.as_ref(), b"").is_ok());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn verifying_key(&self) -> &VerifyingKey<P> {
        &self.inner.verifying_key
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
        Zeroizing::new(*self.inner.sk.encoded())
    }

    /// ML-DSA.Sign (Algorithm 2), hedged: rnd from the operating system.
    ///
    /// ```
    /// use mldsa::ml_dsa_65::SigningKey;
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let sig = sk.sign_with_context(b"message", b"context")?;
    /// let vk = sk.verifying_key();
    /// assert!(vk.verify_with_context(b"message", sig.as_ref(), b"context").is_ok());
    /// // Hedged: fresh randomness, so signing twice gives two different signatures.
    /// assert_ne!(sk.sign_with_context(b"message", b"context")?, sig);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub fn sign_with_context(&self, msg: &[u8], ctx: &[u8]) -> Result<Signature<P>, Error> {
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
    /// let sig = sk.sign_with_rng_and_context(&mut Fixed(3), b"message", b"")?;
    /// let vk = sk.verifying_key();
    /// assert!(vk.verify_with_context(b"message", sig.as_ref(), b"").is_ok());
    /// // rnd is the 32 bytes drawn from the generator.
    /// assert_eq!(sig, sk.sign_with_rnd(b"message", b"", &[3u8; 32])?);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn sign_with_rng_and_context<R: rand_core::CryptoRng + ?Sized>(
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
    /// assert!(vk.verify_with_context(b"message", sig.as_ref(), b"").is_ok());
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
    /// assert!(vk.verify_with_context(b"message", sig.as_ref(), b"ctx").is_ok());
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
        let mut builder = MuBuilder::new(&self.inner.verifying_key, ctx)?;
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
    /// assert!(vk.verify_with_context(msg, sig.as_ref(), b"").is_err());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    pub fn sign_prehashed(
        &self,
        ph: PreHash,
        msg: &[u8],
        ctx: &[u8],
        rnd: &[u8; 32],
    ) -> Result<Signature<P>, Error> {
        ph.with_digest(msg, |digest| self.sign_prehash_digest(ph, digest, ctx, rnd))
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
        let mu = prehash_mu(self.inner.verifying_key.tr(), ctx, ph, digest)?;
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
        P::sign(
            &self.inner.sk,
            self.parts.precomputed(),
            &mu.0,
            rnd,
            &mut bytes,
        );
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

    #[cfg(feature = "hazmat")]
    pub(crate) fn tr(&self) -> &[u8; 64] {
        self.inner.verifying_key.tr()
    }
}

#[cfg(all(
    test,
    feature = "ml-dsa-44",
    feature = "ml-dsa-65",
    feature = "ml-dsa-87"
))]
mod tests {
    use core::mem::size_of;

    use super::{Precomputed, SigningKey};
    use crate::{MlDsa44, MlDsa65, MlDsa87};

    /// A precomputed key by value (A_hat built row by row in place), by
    /// `precompute()` and boxed (A_hat expanded whole) hold the same matrix:
    /// they sign alike, on every parameter set.
    #[cfg(feature = "alloc")]
    #[test]
    fn precomputed_keys_agree_however_made() {
        fn agree<P: crate::ParameterSet>() {
            let xi = [3u8; 32];
            let compact = SigningKey::<P>::from_seed(&xi);
            let sig = compact.sign_deterministic(b"m", b"").unwrap();
            let fill_to_return = SigningKey::<P, Precomputed>::from_seed(&xi);
            let converted = compact.precompute();
            let boxed = SigningKey::<P, Precomputed>::from_seed_boxed(&xi);
            for key in [&fill_to_return, &converted, &*boxed] {
                assert_eq!(
                    key.sign_deterministic(b"m", b"").unwrap(),
                    sig,
                    "{}",
                    P::NAME
                );
                let rows = key
                    .parts
                    .a_hat
                    .as_ref()
                    .iter()
                    .zip(boxed.parts.a_hat.as_ref());
                for (row, expected) in rows {
                    assert!(row.as_ref() == expected.as_ref(), "{}", P::NAME);
                }
            }
        }
        agree::<MlDsa44>();
        agree::<MlDsa65>();
        agree::<MlDsa87>();
    }

    /// The sizes the docs give (KiB, rounded up), so they cannot drift.
    #[test]
    fn documented_key_sizes() {
        let kib = |bytes: usize| bytes.div_ceil(1024);
        let compact = [
            size_of::<SigningKey<MlDsa44>>(),
            size_of::<SigningKey<MlDsa65>>(),
            size_of::<SigningKey<MlDsa87>>(),
        ];
        let precomputed = [
            size_of::<SigningKey<MlDsa44, Precomputed>>(),
            size_of::<SigningKey<MlDsa65, Precomputed>>(),
            size_of::<SigningKey<MlDsa87, Precomputed>>(),
        ];
        assert_eq!(compact.map(kib), [4, 6, 8], "{compact:?}");
        assert_eq!(precomputed.map(kib), [20, 36, 64], "{precomputed:?}");
    }
}
