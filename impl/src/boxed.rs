//! Boxed key constructors (feature `alloc`), for small stacks: the key
//! (compact: 4, 6 or 8 KiB; precomputed: 20, 36 or 64 KiB) is built in
//! place on the heap, so key generation needs only its working stack, not
//! room for the key as well (a small thread, an embedded task), and no
//! copy of the key is left on the stack.

use alloc::boxed::Box;

use const_oid::AssociatedOid;
#[cfg(feature = "std")]
use zeroize::Zeroizing;

use crate::error::Error;
use crate::params::ParameterSet;
use crate::signing_key::{KeyForm, SigningKey};

impl<P: ParameterSet, F: KeyForm> SigningKey<P, F> {
    /// [`SigningKey::from_seed`], built in place on the heap.
    ///
    /// ```
    /// use mldsa::ml_dsa_87::{PrecomputedSigningKey, SigningKey};
    /// let sk: Box<SigningKey> = SigningKey::from_seed_boxed(&[7u8; 32]);
    /// assert_eq!(sk.verifying_key(), SigningKey::from_seed(&[7u8; 32]).verifying_key());
    /// assert_eq!(sk.seed(), Some(&[7u8; 32]));
    /// // The 64 KiB precomputed form, never on the stack.
    /// let fast = PrecomputedSigningKey::from_seed_boxed(&[7u8; 32]);
    /// assert_eq!(fast.verifying_key(), sk.verifying_key());
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn from_seed_boxed(xi: &[u8; 32]) -> Box<Self> {
        let mut key = Box::new(Self::empty());
        key.generate_in_place(xi);
        key
    }

    /// [`SigningKey::try_from_expanded`] on the heap (the same checks), in
    /// either form.
    ///
    /// # Errors
    ///
    /// As [`SigningKey::try_from_expanded`].
    ///
    /// ```
    /// use mldsa::ml_dsa_87::{PrecomputedSigningKey, SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let fast = PrecomputedSigningKey::try_from_expanded_boxed(&sk.to_expanded_bytes()[..])?;
    /// assert_eq!(fast.sign_deterministic(b"m", b"")?, sk.sign_deterministic(b"m", b"")?);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn try_from_expanded_boxed(sk: &[u8]) -> Result<Box<Self>, Error> {
        let mut key = Box::new(Self::empty());
        key.import_in_place(sk)?;
        Ok(key)
    }

    /// [`SigningKey::generate_os`] on the heap.
    ///
    /// # Errors
    ///
    /// [`Error::RandomnessFailure`] if the operating system's generator fails.
    ///
    /// ```
    /// use mldsa::ml_dsa_65::SigningKey;
    /// let sk = SigningKey::generate_os_boxed()?;
    /// assert!(sk.seed().is_some());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub fn generate_os_boxed() -> Result<Box<Self>, Error> {
        let mut xi = Zeroizing::new([0u8; 32]);
        getrandom::fill(xi.as_mut()).map_err(|_| Error::RandomnessFailure)?;
        Ok(Self::from_seed_boxed(&xi))
    }
}

impl<P: ParameterSet + AssociatedOid, F: KeyForm> SigningKey<P, F> {
    /// [`SigningKey::decode_pkcs8_der`] on the heap (a seed is expanded in
    /// place; the checks are the same).
    ///
    /// # Errors
    ///
    /// As [`SigningKey::decode_pkcs8_der`].
    ///
    /// ```
    /// use mldsa::ml_dsa_87::SigningKey;
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let der = sk.pkcs8_der(Default::default())?;
    /// let boxed = SigningKey::decode_pkcs8_der_boxed(der.as_bytes())?;
    /// assert_eq!(boxed.verifying_key(), sk.verifying_key());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn decode_pkcs8_der_boxed(der: &[u8]) -> Result<Box<Self>, Error> {
        let mut key = Box::new(Self::empty());
        crate::encoding::decode_pkcs8_into(der, &mut key)?;
        Ok(key)
    }

    /// [`SigningKey::decode_pkcs8_pem`] on the heap, in either form (the
    /// checks are the same).
    ///
    /// # Errors
    ///
    /// As [`SigningKey::decode_pkcs8_pem`].
    ///
    /// ```
    /// use mldsa::ml_dsa_87::{PrecomputedSigningKey, SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let pem = sk.pkcs8_pem(Default::default())?;
    /// let fast = PrecomputedSigningKey::decode_pkcs8_pem_boxed(&pem)?;
    /// assert_eq!(fast.verifying_key(), sk.verifying_key());
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    #[cfg(feature = "pem")]
    #[cfg_attr(docsrs, doc(cfg(feature = "pem")))]
    pub fn decode_pkcs8_pem_boxed(pem: &str) -> Result<Box<Self>, Error> {
        let der = crate::encoding::pem_decode(pem, crate::encoding::PRIVATE_KEY_PEM_LABEL)?;
        Self::decode_pkcs8_der_boxed(&der)
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use crate::{MlDsa87, SigningKey};

    /// ML-DSA-87 key generation fits a 150 KiB thread boxed; by value (the
    /// key is 90 KiB) it needs 195 to 208 KiB (`make stack-usage`).
    #[test]
    fn boxed_keygen_fits_150_kib() {
        let worker = std::thread::Builder::new()
            .stack_size(150 * 1024)
            .spawn(|| {
                let sk = SigningKey::<MlDsa87>::from_seed_boxed(&[7u8; 32]);
                sk.seed().is_some()
            })
            .unwrap();
        assert!(worker.join().unwrap());
    }
}
