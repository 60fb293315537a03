//! Boxed key constructors (feature `alloc`), for small stacks: the key (34,
//! 55 or 90 KiB with its matrix A_hat) is built in place on the heap, so key
//! generation needs only its working stack, not room for the key and its
//! copies as well (a 1 MiB main thread, an embedded task).

use alloc::boxed::Box;

use const_oid::AssociatedOid;
use zeroize::Zeroizing;

use crate::dispatch::{self, ExpandedSigningKey, ExpandedVerifyingKey};
use crate::error::Error;
use crate::params::ParameterSet;
use crate::signing_key::SigningKey;
use crate::verifying_key::VerifyingKey;

impl<P: ParameterSet> SigningKey<P> {
    /// [`SigningKey::from_seed`], built in place on the heap.
    ///
    /// ```
    /// use mldsa::ml_dsa_87::SigningKey;
    /// let sk: Box<SigningKey> = SigningKey::from_seed_boxed(&[7u8; 32]);
    /// assert_eq!(sk.verifying_key(), SigningKey::from_seed(&[7u8; 32]).verifying_key());
    /// assert_eq!(sk.seed(), Some(&[7u8; 32]));
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn from_seed_boxed(xi: &[u8; 32]) -> Box<Self> {
        let mut key = Box::new(SigningKey {
            seed: Some(Zeroizing::new(*xi)),
            expanded: ExpandedSigningKey::zeroed(),
            verifying_key: VerifyingKey {
                expanded: ExpandedVerifyingKey::zeroed(),
            },
        });
        let key_ref = &mut *key;
        dispatch::key_gen::<P>(
            xi,
            &mut key_ref.verifying_key.expanded,
            &mut key_ref.expanded,
        );
        key
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

impl<P: ParameterSet + AssociatedOid> SigningKey<P> {
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
        crate::encoding::decode_pkcs8_with(der, Self::from_seed_boxed, |expanded| {
            Self::try_from_expanded(expanded).map(Box::new)
        })
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
