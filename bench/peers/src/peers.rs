//! The peers, each behind [`Subject`], for each parameter set.
//!
//! What each one runs for each operation (see [`crate::Op`] for the shared
//! definitions):
//!
//! | impl | keygen | sign (deterministic) | verify (from bytes) |
//! |---|---|---|---|
//! | mldsa | `SigningKey::from_seed` | `sign_deterministic` on the `SigningKey` (sign-pre: on the `PrecomputedSigningKey`) | `VerifyingKey::try_from(pk)` + `verify_with_context` |
//! | libcrux-portable / -avx2 | `ml_dsa_NN::{portable,avx2}::generate_key_pair` | `..::sign` with rnd = 0 on the encoded sk | `..::verify` on the encoded pk |
//! | rustcrypto | `SigningKey::from_seed` | `ExpandedSigningKey::sign_deterministic` | `VerifyingKey::decode` + `Signature::try_from` + `verify_with_context` |
//! | fips204 | `KG::keygen_from_seed` | `PrivateKey::try_sign_with_seed(&[0; 32], ..)` | `PublicKey::try_from_bytes` + `verify` |
//! | pqclean-clean / -avx2 | `crypto_sign_keypair` (seed scripted, see [`crate::rng`]) | `crypto_sign_signature_ctx` (rnd = 0 scripted) on the encoded sk | `crypto_sign_verify_ctx` on the encoded pk |
//! | aws-lc-rs | `PqdsaKeyPair::from_seed` | `ml_dsa_NN_sign_internal` of AWS-LC with rnd = 0 and M' prefix `0 ‖ 0` (see below) on the expanded sk | `UnparsedPublicKey::verify` (raw pk) |
//!
//! aws-lc-rs's public signing API (`PqdsaKeyPair::sign`) is hedged only (AWS-LC
//! draws rnd itself) and has no context parameter. To sign deterministically,
//! and so repeat the other implementations' rejection iterations exactly, the
//! sign benchmark calls the function that `PqdsaKeyPair::sign` ends in,
//! AWS-LC's exported `ml_dsa_NN_sign_internal`, through its aws-lc-sys symbol
//! (`aws_lc_0_47_0_` prefix), with rnd = 0. What is skipped is the EVP
//! wrapper and one RAND_bytes call.

use std::ffi::c_int;
use std::hint::black_box;

use crate::{CONTEXT, Impl, MESSAGES, N_MESSAGES, Param, SEED, Subject, ZERO_RND};

/// Sets up the peer `imp` at `param`. Panics for mldsa (set up by the
/// `mldsa-bench` crate) and if `!imp.available()`.
pub fn peer(imp: Impl, param: Param) -> Box<dyn Subject> {
    assert!(!imp.is_mldsa(), "mldsa is not a peer");
    assert!(imp.available(), "{} does not run on this CPU", imp.name());
    match param {
        Param::P44 => p44::subject(imp),
        Param::P65 => p65::subject(imp),
        Param::P87 => p87::subject(imp),
    }
}

/// AWS-LC's M' prefix for pure ML-DSA with the empty context: 0 ‖ |ctx| ‖ ctx.
const AWS_LC_PRE: [u8; 2] = [0, 0];
const _: () = assert!(CONTEXT.is_empty(), "AWS_LC_PRE encodes the empty context");

/// PQClean's keygen, sign and verify of one parameter set, in its `clean`
/// or its `avx2` code (pqcrypto-mldsa's `ffi`).
#[derive(Clone, Copy)]
struct PqcleanCode {
    keypair: unsafe extern "C" fn(pk: *mut u8, sk: *mut u8) -> c_int,
    sign: unsafe extern "C" fn(
        sig: *mut u8,
        siglen: *mut usize,
        m: *const u8,
        mlen: usize,
        ctx: *const u8,
        ctxlen: usize,
        sk: *const u8,
    ) -> c_int,
    verify: unsafe extern "C" fn(
        sig: *const u8,
        siglen: usize,
        m: *const u8,
        mlen: usize,
        ctx: *const u8,
        ctxlen: usize,
        pk: *const u8,
    ) -> c_int,
}

macro_rules! param_set {
    (
        $module:ident,
        libcrux: $lc:ident, $lc_kp:ident, $lc_sk:ident, $lc_vk:ident, $lc_sig:ident,
        rustcrypto: $rc:ident,
        fips204: $fips:ident,
        pqclean_clean: $pq_kp:ident, $pq_sign:ident, $pq_verify:ident,
        pqclean_avx2: $pqa_kp:ident, $pqa_sign:ident, $pqa_verify:ident,
        pqclean_sizes: $pq_pk_len:ident, $pq_sk_len:ident, $pq_sig_len:ident,
        aws_lc: $aws_sign_alg:ident, $aws_verify_alg:ident, $aws_sign_internal:literal,
    ) => {
        mod $module {
            use super::*;

            pub(super) fn subject(imp: Impl) -> Box<dyn Subject> {
                match imp {
                    Impl::LibcruxPortable => Box::new(LibcruxPortable::new()),
                    #[cfg(target_arch = "x86_64")]
                    Impl::LibcruxAvx2 => Box::new(LibcruxAvx2::new()),
                    Impl::RustCrypto => Box::new(RustCrypto::new()),
                    Impl::Fips204 => Box::new(Fips204::new()),
                    Impl::PqcleanClean => Box::new(Pqclean::<false>::new()),
                    #[cfg(target_arch = "x86_64")]
                    Impl::PqcleanAvx2 => Box::new(Pqclean::<true>::new()),
                    Impl::AwsLc => Box::new(AwsLc::new()),
                    #[allow(unreachable_patterns)]
                    _ => unreachable!("not a peer, or checked by Impl::available"),
                }
            }

            // ---- libcrux ----
            macro_rules! libcrux {
                ($name:ident, $variant:ident) => {
                    struct $name {
                        sk: libcrux_ml_dsa::$lc::$lc_sk,
                        vk: libcrux_ml_dsa::$lc::$lc_vk,
                        sigs: Vec<libcrux_ml_dsa::$lc::$lc_sig>,
                    }

                    impl $name {
                        fn new() -> Self {
                            let kp = libcrux_ml_dsa::$lc::$variant::generate_key_pair(SEED);
                            let sigs = MESSAGES
                                .iter()
                                .map(|m| {
                                    libcrux_ml_dsa::$lc::$variant::sign(
                                        &kp.signing_key,
                                        m,
                                        CONTEXT,
                                        ZERO_RND,
                                    )
                                    .unwrap()
                                })
                                .collect();
                            $name {
                                sk: kp.signing_key,
                                vk: kp.verification_key,
                                sigs,
                            }
                        }
                    }

                    impl $name {
                        /// Keygen as user code calls it (see [`Subject::keygen`]).
                        #[inline(never)]
                        fn keygen_as_user() -> libcrux_ml_dsa::$lc::$lc_kp {
                            let kp =
                                libcrux_ml_dsa::$lc::$variant::generate_key_pair(*black_box(&SEED));
                            black_box(kp.verification_key.as_slice());
                            kp
                        }
                    }

                    impl Subject for $name {
                        fn keygen(&self) {
                            black_box(Self::keygen_as_user());
                        }
                        fn sign(&self, i: usize) {
                            let sig = libcrux_ml_dsa::$lc::$variant::sign(
                                &self.sk,
                                black_box(&MESSAGES[i]),
                                CONTEXT,
                                *black_box(&ZERO_RND),
                            );
                            black_box(&sig.unwrap());
                        }
                        fn verify(&self, i: usize) {
                            libcrux_ml_dsa::$lc::$variant::verify(
                                black_box(&self.vk),
                                black_box(&MESSAGES[i]),
                                CONTEXT,
                                black_box(&self.sigs[i]),
                            )
                            .unwrap();
                        }
                        fn public_key(&self) -> Vec<u8> {
                            self.vk.as_slice().to_vec()
                        }
                        fn signature(&self, i: usize) -> Vec<u8> {
                            self.sigs[i].as_slice().to_vec()
                        }
                    }
                };
            }
            libcrux!(LibcruxPortable, portable);
            #[cfg(target_arch = "x86_64")]
            libcrux!(LibcruxAvx2, avx2);

            // ---- RustCrypto ml-dsa ----
            type RcParams = ml_dsa::$rc;

            struct RustCrypto {
                sk: ml_dsa::ExpandedSigningKey<RcParams>,
                pk: ml_dsa::EncodedVerifyingKey<RcParams>,
                sigs: Vec<Vec<u8>>,
            }

            impl RustCrypto {
                fn new() -> Self {
                    let seed = ml_dsa::Seed::from(SEED);
                    let sk = ml_dsa::ExpandedSigningKey::<RcParams>::from_seed(&seed);
                    let pk = sk.verifying_key().encode();
                    let sigs = MESSAGES
                        .iter()
                        .map(|m| sk.sign_deterministic(m, CONTEXT).unwrap().encode().to_vec())
                        .collect();
                    RustCrypto { sk, pk, sigs }
                }
            }

            /// Keygen as user code calls it (see [`Subject::keygen`]); the
            /// public key is the one `SigningKey` keeps (`AsRef`), not
            /// `verifying_key()`, which recomputes it.
            #[inline(never)]
            fn rustcrypto_keygen_as_user() -> ml_dsa::SigningKey<RcParams> {
                let seed = ml_dsa::Seed::from(*black_box(&SEED));
                let sk = ml_dsa::SigningKey::<RcParams>::from_seed(&seed);
                black_box(AsRef::<ml_dsa::VerifyingKey<RcParams>>::as_ref(&sk));
                sk
            }

            impl Subject for RustCrypto {
                fn keygen(&self) {
                    black_box(rustcrypto_keygen_as_user());
                }
                fn sign(&self, i: usize) {
                    let sig = self.sk.sign_deterministic(black_box(&MESSAGES[i]), CONTEXT);
                    black_box(&sig.unwrap().encode());
                }
                fn verify(&self, i: usize) {
                    let vk = ml_dsa::VerifyingKey::<RcParams>::decode(black_box(&self.pk));
                    let sig = ml_dsa::Signature::<RcParams>::try_from(black_box(&self.sigs[i][..]))
                        .unwrap();
                    assert!(vk.verify_with_context(black_box(&MESSAGES[i]), CONTEXT, &sig));
                }
                fn public_key(&self) -> Vec<u8> {
                    self.pk.to_vec()
                }
                fn signature(&self, i: usize) -> Vec<u8> {
                    self.sigs[i].clone()
                }
            }

            // ---- fips204 ----
            struct Fips204 {
                sk: fips204::$fips::PrivateKey,
                pk: [u8; fips204::$fips::PK_LEN],
                sigs: Vec<[u8; fips204::$fips::SIG_LEN]>,
            }

            impl Fips204 {
                fn new() -> Self {
                    use fips204::traits::{KeyGen, SerDes, Signer};
                    let (pk, sk) = fips204::$fips::KG::keygen_from_seed(&SEED);
                    let sigs = MESSAGES
                        .iter()
                        .map(|m| sk.try_sign_with_seed(&ZERO_RND, m, CONTEXT).unwrap())
                        .collect();
                    Fips204 {
                        sk,
                        pk: pk.into_bytes(),
                        sigs,
                    }
                }
            }

            /// Keygen as user code calls it (see [`Subject::keygen`]).
            #[inline(never)]
            fn fips204_keygen_as_user() -> (fips204::$fips::PublicKey, fips204::$fips::PrivateKey) {
                use fips204::traits::KeyGen;
                let (pk, sk) = fips204::$fips::KG::keygen_from_seed(black_box(&SEED));
                black_box(&pk);
                (pk, sk)
            }

            impl Subject for Fips204 {
                fn keygen(&self) {
                    black_box(fips204_keygen_as_user());
                }
                fn sign(&self, i: usize) {
                    use fips204::traits::Signer;
                    let sig = self.sk.try_sign_with_seed(
                        black_box(&ZERO_RND),
                        black_box(&MESSAGES[i]),
                        CONTEXT,
                    );
                    black_box(&sig.unwrap());
                }
                fn verify(&self, i: usize) {
                    use fips204::traits::{SerDes, Verifier};
                    let pk =
                        fips204::$fips::PublicKey::try_from_bytes(*black_box(&self.pk)).unwrap();
                    assert!(pk.verify(black_box(&MESSAGES[i]), black_box(&self.sigs[i]), CONTEXT));
                }
                fn public_key(&self) -> Vec<u8> {
                    self.pk.to_vec()
                }
                fn signature(&self, i: usize) -> Vec<u8> {
                    self.sigs[i].to_vec()
                }
            }

            // ---- PQClean (pqcrypto-mldsa's ffi) ----
            use pqcrypto_mldsa::ffi;
            const PQ_PK: usize = ffi::$pq_pk_len;
            const PQ_SK: usize = ffi::$pq_sk_len;
            const PQ_SIG: usize = ffi::$pq_sig_len;

            /// PQClean `clean` (`AVX2 = false`) or `avx2` code.
            struct Pqclean<const AVX2: bool> {
                pk: [u8; PQ_PK],
                sk: [u8; PQ_SK],
                sigs: Vec<[u8; PQ_SIG]>,
            }

            const PQ_CLEAN: PqcleanCode = PqcleanCode {
                keypair: ffi::$pq_kp,
                sign: ffi::$pq_sign,
                verify: ffi::$pq_verify,
            };

            impl<const AVX2: bool> Pqclean<AVX2> {
                /// The `avx2` code's functions if `AVX2` (x86-64 only), else the
                /// `clean` code's.
                #[cfg(target_arch = "x86_64")]
                const CODE: PqcleanCode = if AVX2 {
                    PqcleanCode {
                        keypair: ffi::$pqa_kp,
                        sign: ffi::$pqa_sign,
                        verify: ffi::$pqa_verify,
                    }
                } else {
                    PQ_CLEAN
                };
                #[cfg(not(target_arch = "x86_64"))]
                const CODE: PqcleanCode = PQ_CLEAN;

                fn new() -> Self {
                    let (pk, sk) = Self::keypair();
                    let mut s = Pqclean {
                        pk,
                        sk,
                        sigs: Vec::new(),
                    };
                    s.sigs = (0..N_MESSAGES).map(|i| s.sign_one(&MESSAGES[i])).collect();
                    s
                }

                fn keypair() -> ([u8; PQ_PK], [u8; PQ_SK]) {
                    let mut pk = [0u8; PQ_PK];
                    let mut sk = [0u8; PQ_SK];
                    let rc = crate::rng::scripted(&SEED, || {
                        // SAFETY: pk and sk are the sizes PQClean writes.
                        unsafe { (Self::CODE.keypair)(pk.as_mut_ptr(), sk.as_mut_ptr()) }
                    });
                    assert_eq!(rc, 0);
                    (pk, sk)
                }

                fn sign_one(&self, m: &[u8]) -> [u8; PQ_SIG] {
                    let mut sig = [0u8; PQ_SIG];
                    let mut len = 0usize;
                    let rc = crate::rng::scripted(&ZERO_RND, || {
                        // SAFETY: sig has the signature size; the other
                        // pointers and lengths describe live slices.
                        unsafe {
                            (Self::CODE.sign)(
                                sig.as_mut_ptr(),
                                &mut len,
                                m.as_ptr(),
                                m.len(),
                                CONTEXT.as_ptr(),
                                CONTEXT.len(),
                                self.sk.as_ptr(),
                            )
                        }
                    });
                    assert!(rc == 0 && len == PQ_SIG);
                    sig
                }
            }

            impl<const AVX2: bool> Pqclean<AVX2> {
                /// Keygen as user code calls it (see [`Subject::keygen`]).
                #[inline(never)]
                fn keygen_as_user() -> ([u8; PQ_PK], [u8; PQ_SK]) {
                    let (pk, sk) = Self::keypair();
                    black_box(&pk);
                    (pk, sk)
                }
            }

            impl<const AVX2: bool> Subject for Pqclean<AVX2> {
                fn keygen(&self) {
                    black_box(Self::keygen_as_user());
                }
                fn sign(&self, i: usize) {
                    black_box(&self.sign_one(black_box(&MESSAGES[i])));
                }
                fn verify(&self, i: usize) {
                    let (sig, m, pk) = (
                        black_box(&self.sigs[i]),
                        black_box(&MESSAGES[i]),
                        black_box(&self.pk),
                    );
                    // SAFETY: pointers and lengths describe live slices.
                    let rc = unsafe {
                        (Self::CODE.verify)(
                            sig.as_ptr(),
                            sig.len(),
                            m.as_ptr(),
                            m.len(),
                            CONTEXT.as_ptr(),
                            CONTEXT.len(),
                            pk.as_ptr(),
                        )
                    };
                    assert_eq!(rc, 0);
                }
                fn public_key(&self) -> Vec<u8> {
                    self.pk.to_vec()
                }
                fn signature(&self, i: usize) -> Vec<u8> {
                    self.sigs[i].to_vec()
                }
            }

            // ---- aws-lc-rs ----
            unsafe extern "C" {
                /// AWS-LC's `ml_dsa_NN_sign_internal` (crypto/fipsmodule/ml_dsa/ml_dsa.h):
                /// returns 1 on success.
                #[link_name = $aws_sign_internal]
                fn aws_lc_sign_internal(
                    private_key: *const u8,
                    sig: *mut u8,
                    sig_len: *mut usize,
                    message: *const u8,
                    message_len: usize,
                    pre: *const u8,
                    pre_len: usize,
                    rnd: *const u8,
                ) -> c_int;
            }

            struct AwsLc {
                sk: Vec<u8>,
                pk: Vec<u8>,
                sigs: Vec<Vec<u8>>,
            }

            impl AwsLc {
                fn new() -> Self {
                    use aws_lc_rs::encoding::AsRawBytes;
                    use aws_lc_rs::signature::{KeyPair, PqdsaKeyPair};
                    let kp = PqdsaKeyPair::from_seed(&aws_lc_rs::signature::$aws_sign_alg, &SEED)
                        .unwrap();
                    let sk = kp.private_key().as_raw_bytes().unwrap().as_ref().to_vec();
                    let pk = kp.public_key().as_ref().to_vec();
                    let mut s = AwsLc {
                        sk,
                        pk,
                        sigs: Vec::new(),
                    };
                    s.sigs = (0..N_MESSAGES).map(|i| s.sign_one(&MESSAGES[i])).collect();
                    // The public (hedged) API's signatures verify too.
                    let mut hedged = vec![0u8; kp.algorithm().signature_len()];
                    kp.sign(&MESSAGES[0], &mut hedged).unwrap();
                    aws_lc_rs::signature::UnparsedPublicKey::new(
                        &aws_lc_rs::signature::$aws_verify_alg,
                        &s.pk,
                    )
                    .verify(&MESSAGES[0], &hedged)
                    .unwrap();
                    s
                }

                fn sign_one(&self, m: &[u8]) -> Vec<u8> {
                    let mut sig = vec![0u8; PQ_SIG];
                    let mut len = 0usize;
                    // SAFETY: sk is the expanded key of this parameter set; sig
                    // has the signature size; the rest describe live slices.
                    let rc = unsafe {
                        aws_lc_sign_internal(
                            self.sk.as_ptr(),
                            sig.as_mut_ptr(),
                            &mut len,
                            m.as_ptr(),
                            m.len(),
                            AWS_LC_PRE.as_ptr(),
                            AWS_LC_PRE.len(),
                            ZERO_RND.as_ptr(),
                        )
                    };
                    assert!(rc == 1 && len == PQ_SIG);
                    sig
                }
            }

            /// Keygen as user code calls it (see [`Subject::keygen`]).
            #[inline(never)]
            fn aws_lc_keygen_as_user() -> aws_lc_rs::signature::PqdsaKeyPair {
                use aws_lc_rs::signature::KeyPair;
                let kp = aws_lc_rs::signature::PqdsaKeyPair::from_seed(
                    &aws_lc_rs::signature::$aws_sign_alg,
                    black_box(&SEED),
                )
                .unwrap();
                black_box(kp.public_key().as_ref());
                kp
            }

            impl Subject for AwsLc {
                fn keygen(&self) {
                    black_box(aws_lc_keygen_as_user());
                }
                fn sign(&self, i: usize) {
                    black_box(&self.sign_one(black_box(&MESSAGES[i])));
                }
                fn verify(&self, i: usize) {
                    aws_lc_rs::signature::UnparsedPublicKey::new(
                        &aws_lc_rs::signature::$aws_verify_alg,
                        black_box(&self.pk),
                    )
                    .verify(black_box(&MESSAGES[i]), black_box(&self.sigs[i]))
                    .unwrap();
                }
                fn public_key(&self) -> Vec<u8> {
                    self.pk.clone()
                }
                fn signature(&self, i: usize) -> Vec<u8> {
                    self.sigs[i].clone()
                }
            }
        }
    };
}

param_set!(
    p44,
    libcrux: ml_dsa_44, MLDSA44KeyPair, MLDSA44SigningKey, MLDSA44VerificationKey, MLDSA44Signature,
    rustcrypto: MlDsa44,
    fips204: ml_dsa_44,
    pqclean_clean: PQCLEAN_MLDSA44_CLEAN_crypto_sign_keypair,
        PQCLEAN_MLDSA44_CLEAN_crypto_sign_signature_ctx,
        PQCLEAN_MLDSA44_CLEAN_crypto_sign_verify_ctx,
    pqclean_avx2: PQCLEAN_MLDSA44_AVX2_crypto_sign_keypair,
        PQCLEAN_MLDSA44_AVX2_crypto_sign_signature_ctx,
        PQCLEAN_MLDSA44_AVX2_crypto_sign_verify_ctx,
    pqclean_sizes: PQCLEAN_MLDSA44_CLEAN_CRYPTO_PUBLICKEYBYTES,
        PQCLEAN_MLDSA44_CLEAN_CRYPTO_SECRETKEYBYTES,
        PQCLEAN_MLDSA44_CLEAN_CRYPTO_BYTES,
    aws_lc: ML_DSA_44_SIGNING, ML_DSA_44, "aws_lc_0_47_0_ml_dsa_44_sign_internal",
);

param_set!(
    p65,
    libcrux: ml_dsa_65, MLDSA65KeyPair, MLDSA65SigningKey, MLDSA65VerificationKey, MLDSA65Signature,
    rustcrypto: MlDsa65,
    fips204: ml_dsa_65,
    pqclean_clean: PQCLEAN_MLDSA65_CLEAN_crypto_sign_keypair,
        PQCLEAN_MLDSA65_CLEAN_crypto_sign_signature_ctx,
        PQCLEAN_MLDSA65_CLEAN_crypto_sign_verify_ctx,
    pqclean_avx2: PQCLEAN_MLDSA65_AVX2_crypto_sign_keypair,
        PQCLEAN_MLDSA65_AVX2_crypto_sign_signature_ctx,
        PQCLEAN_MLDSA65_AVX2_crypto_sign_verify_ctx,
    pqclean_sizes: PQCLEAN_MLDSA65_CLEAN_CRYPTO_PUBLICKEYBYTES,
        PQCLEAN_MLDSA65_CLEAN_CRYPTO_SECRETKEYBYTES,
        PQCLEAN_MLDSA65_CLEAN_CRYPTO_BYTES,
    aws_lc: ML_DSA_65_SIGNING, ML_DSA_65, "aws_lc_0_47_0_ml_dsa_65_sign_internal",
);

param_set!(
    p87,
    libcrux: ml_dsa_87, MLDSA87KeyPair, MLDSA87SigningKey, MLDSA87VerificationKey, MLDSA87Signature,
    rustcrypto: MlDsa87,
    fips204: ml_dsa_87,
    pqclean_clean: PQCLEAN_MLDSA87_CLEAN_crypto_sign_keypair,
        PQCLEAN_MLDSA87_CLEAN_crypto_sign_signature_ctx,
        PQCLEAN_MLDSA87_CLEAN_crypto_sign_verify_ctx,
    pqclean_avx2: PQCLEAN_MLDSA87_AVX2_crypto_sign_keypair,
        PQCLEAN_MLDSA87_AVX2_crypto_sign_signature_ctx,
        PQCLEAN_MLDSA87_AVX2_crypto_sign_verify_ctx,
    pqclean_sizes: PQCLEAN_MLDSA87_CLEAN_CRYPTO_PUBLICKEYBYTES,
        PQCLEAN_MLDSA87_CLEAN_CRYPTO_SECRETKEYBYTES,
        PQCLEAN_MLDSA87_CLEAN_CRYPTO_BYTES,
    aws_lc: ML_DSA_87_SIGNING, ML_DSA_87, "aws_lc_0_47_0_ml_dsa_87_sign_internal",
);
