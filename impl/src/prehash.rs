//! The pre-hash functions of HashML-DSA (FIPS 204 section 5.4).

use sha2::{Digest, Sha224, Sha256, Sha384, Sha512, Sha512_224, Sha512_256};

use crate::dispatch::{sha3_into, shake_into};

/// The enum [`PreHash`] and [`PreHash::ALL`], from the one list of its
/// variants.
macro_rules! pre_hash {
    ($(#[$attr:meta])* pub enum PreHash { $($(#[$doc:meta])* $name:ident,)* }) => {
        $(#[$attr])*
        pub enum PreHash {
            $($(#[$doc])* $name,)*
        }

        impl PreHash {
            /// All twelve functions.
            pub const ALL: [PreHash; 12] = [$(PreHash::$name),*];
        }
    };
}

pre_hash! {
    /// A pre-hash function PH for HashML-DSA: the twelve approved hash functions
    /// and XOFs that NIST's ACVP tests.
    ///
    /// ```
    /// use mldsa::{PreHash, ml_dsa_44::SigningKey};
    /// let sk = SigningKey::from_seed(&[7u8; 32]);
    /// let (vk, msg) = (sk.verifying_key(), b"message");
    /// for ph in PreHash::ALL {
    ///     let sig = sk.sign_prehashed(ph, msg, b"", &[0u8; 32])?;
    ///     assert!(vk.verify_prehashed(ph, msg, sig.as_ref(), b"").is_ok());
    /// }
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum PreHash {
        /// SHA-224.
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
        /// SHA3-224.
        Sha3_224,
        /// SHA3-256.
        Sha3_256,
        /// SHA3-384.
        Sha3_384,
        /// SHA3-512.
        Sha3_512,
        /// SHAKE128 with a 256-bit output.
        Shake128,
        /// SHAKE256 with a 512-bit output.
        Shake256,
    }
}

impl PreHash {
    /// The DER encoding of the function's OID (2.16.840.1.101.3.4.2.x).
    ///
    /// ```
    /// use mldsa::PreHash;
    /// // DER of 2.16.840.1.101.3.4.2.1 (id-sha256): tag 6, length 9, the arcs.
    /// let id_sha256 = [6, 9, 0x60, 0x86, 0x48, 1, 0x65, 3, 4, 2, 1];
    /// assert_eq!(PreHash::Sha2_256.oid(), id_sha256);
    /// assert_eq!(PreHash::Shake256.oid()[10], 12); // id-shake256 ends in .12
    /// ```
    pub fn oid(self) -> [u8; 11] {
        let last = match self {
            PreHash::Sha2_256 => 1,
            PreHash::Sha2_384 => 2,
            PreHash::Sha2_512 => 3,
            PreHash::Sha2_224 => 4,
            PreHash::Sha2_512_224 => 5,
            PreHash::Sha2_512_256 => 6,
            PreHash::Sha3_224 => 7,
            PreHash::Sha3_256 => 8,
            PreHash::Sha3_384 => 9,
            PreHash::Sha3_512 => 10,
            PreHash::Shake128 => 11,
            PreHash::Shake256 => 12,
        };
        [
            0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, last,
        ]
    }

    /// The digest length in bytes.
    ///
    /// ```
    /// use mldsa::PreHash;
    /// assert_eq!(PreHash::Sha2_384.digest_len(), 48);
    /// assert_eq!(PreHash::Sha2_512_224.digest_len(), 28);
    /// assert_eq!(PreHash::Shake128.digest_len(), 32); // 256 bits of SHAKE128 output
    /// ```
    pub fn digest_len(self) -> usize {
        match self {
            PreHash::Sha2_224 | PreHash::Sha2_512_224 | PreHash::Sha3_224 => 28,
            PreHash::Sha2_256 | PreHash::Sha2_512_256 | PreHash::Sha3_256 | PreHash::Shake128 => 32,
            PreHash::Sha2_384 | PreHash::Sha3_384 => 48,
            PreHash::Sha2_512 | PreHash::Sha3_512 | PreHash::Shake256 => 64,
        }
    }

    /// `f(PH(M))`, the digest in a buffer of this frame.
    pub(crate) fn with_digest<R>(self, m: &[u8], f: impl FnOnce(&[u8]) -> R) -> R {
        let mut digest = [0u8; 64];
        let n = self.digest_into(m, &mut digest);
        f(&digest[..n])
    }

    /// PH(M) into `out` (at least 64 bytes); returns the digest length.
    pub(crate) fn digest_into(self, m: &[u8], out: &mut [u8; 64]) -> usize {
        let n = self.digest_len();
        match self {
            PreHash::Sha2_224 => out[..n].copy_from_slice(&Sha224::digest(m)),
            PreHash::Sha2_256 => out[..n].copy_from_slice(&Sha256::digest(m)),
            PreHash::Sha2_384 => out[..n].copy_from_slice(&Sha384::digest(m)),
            PreHash::Sha2_512 => out[..n].copy_from_slice(&Sha512::digest(m)),
            PreHash::Sha2_512_224 => out[..n].copy_from_slice(&Sha512_224::digest(m)),
            PreHash::Sha2_512_256 => out[..n].copy_from_slice(&Sha512_256::digest(m)),
            // SHA-3 and SHAKE on the crate's own Keccak (rate = 200 - 2 x
            // the SHA-3 digest length; SHAKE128 168, SHAKE256 136).
            PreHash::Sha3_224 => sha3_into::<144>(m, &mut out[..n]),
            PreHash::Sha3_256 => sha3_into::<136>(m, &mut out[..n]),
            PreHash::Sha3_384 => sha3_into::<104>(m, &mut out[..n]),
            PreHash::Sha3_512 => sha3_into::<72>(m, &mut out[..n]),
            PreHash::Shake128 => shake_into::<168>(m, &mut out[..n]),
            PreHash::Shake256 => shake_into::<136>(m, &mut out[..n]),
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use sha3::digest::{Digest, ExtendableOutput, Update, XofReader};

    use super::PreHash;

    /// The SHA-3 and SHAKE pre-hashes, on the crate's Keccak, against the
    /// `sha3` crate, for every message length up to three blocks of the
    /// smallest rate and either side of each rate's block boundaries.
    #[test]
    fn sha3_and_shake_match_the_sha3_crate() {
        let msg: [u8; 600] = core::array::from_fn(|i| (i * 7 + 3) as u8);
        for len in 0..msg.len() {
            let m = &msg[..len];
            let mut expected = [0u8; 64];
            // The SHA-3 and SHAKE ones: the last six of the twelve.
            assert_eq!(PreHash::ALL.len(), 12);
            for ph in PreHash::ALL.into_iter().skip(6) {
                let n = ph.digest_len();
                match ph {
                    PreHash::Sha3_224 => expected[..n].copy_from_slice(&sha3::Sha3_224::digest(m)),
                    PreHash::Sha3_256 => expected[..n].copy_from_slice(&sha3::Sha3_256::digest(m)),
                    PreHash::Sha3_384 => expected[..n].copy_from_slice(&sha3::Sha3_384::digest(m)),
                    PreHash::Sha3_512 => expected[..n].copy_from_slice(&sha3::Sha3_512::digest(m)),
                    PreHash::Shake128 => {
                        let mut x = sha3::Shake128::default();
                        x.update(m);
                        x.finalize_xof().read(&mut expected[..n]);
                    }
                    PreHash::Shake256 => {
                        let mut x = sha3::Shake256::default();
                        x.update(m);
                        x.finalize_xof().read(&mut expected[..n]);
                    }
                    _ => unreachable!("{ph:?} is SHA-2"),
                }
                let mut out = [0u8; 64];
                assert_eq!(ph.digest_into(m, &mut out), n);
                assert_eq!(out[..n], expected[..n], "{ph:?}, {len} bytes");
            }
        }
    }
}
