//! A program written the way users of RustCrypto's `ml-dsa` write code
//! against the `signature` 3 traits: method-call syntax throughout
//! (`sk.sign(msg)`, `sk.try_sign(msg)`, `sk.sign_with_rng(&mut rng, msg)`,
//! `vk.verify(msg, &sig)`, `sk.verifying_key()`), generic functions bound by
//! the traits, trait objects, and the `pkcs8` / `spki` encoding traits. That
//! it compiles is half the test: an inherent method of the same name with
//! other arguments would shadow the trait's and fail to compile here. The
//! other half checks what the calls return.

use getrandom::SysRng;
use mldsa::pkcs8::{DecodePrivateKey, EncodePrivateKey};
use mldsa::signature_traits::{
    Keypair, MultipartSigner, MultipartVerifier, RandomizedSigner, SignatureEncoding, Signer,
    Verifier,
};
use mldsa::spki::{DecodePublicKey, EncodePublicKey};
use mldsa::{MlDsa44, MlDsa65, MlDsa87, ParameterSet, Precomputed, Signature, SigningKey};
use rand_core::UnwrapErr;

const MSG: &[u8] = b"Hello, ML-DSA!";

#[test]
fn sign_and_verify_with_method_syntax() {
    let mut rng = UnwrapErr(SysRng);
    let sk = SigningKey::<MlDsa65>::generate(&mut rng);

    let sig = sk.sign(MSG);
    let vk = sk.verifying_key();
    vk.verify(MSG, &sig).expect("a fresh signature verifies");
    assert!(vk.verify(b"Hello, ML-DSA?", &sig).is_err());

    // Signer is deterministic, with the empty context.
    let again = sk.try_sign(MSG).expect("signing never fails");
    assert_eq!(again, sig);
    assert_eq!(sig, sk.sign_deterministic(MSG, b"").unwrap());
    assert!(vk.verify_with_context(MSG, sig.as_ref(), b"ctx").is_err());

    // RandomizedSigner is hedged: two signatures differ, both verify.
    let hedged = sk.sign_with_rng(&mut rng, MSG);
    let hedged_again = sk.try_sign_with_rng(&mut rng, MSG).unwrap();
    assert_ne!(hedged, sig);
    assert_ne!(hedged, hedged_again);
    vk.verify(MSG, &hedged).unwrap();
    vk.verify(MSG, &hedged_again).unwrap();

    // Another key does not verify it.
    let other = SigningKey::<MlDsa65>::generate(&mut rng);
    assert!(other.verifying_key().verify(MSG, &sig).is_err());
}

#[test]
fn signature_bytes_round_trip() {
    let sk = SigningKey::<MlDsa44>::generate(&mut UnwrapErr(SysRng));
    let sig = sk.sign(MSG);
    let bytes = sig.to_bytes();
    assert_eq!(bytes.len(), sig.encoded_len());
    assert_eq!(sig.to_vec(), bytes.to_vec());
    let decoded = Signature::<MlDsa44>::try_from(&bytes[..]).unwrap();
    sk.verifying_key().verify(MSG, &decoded).unwrap();
    assert!(Signature::<MlDsa44>::try_from(&bytes[1..]).is_err());
}

/// Trait-bound code, as a library generic over signature schemes has it.
fn sign_then_verify<S, Sig>(signer: &S, msg: &[u8]) -> Result<Sig, mldsa::signature_traits::Error>
where
    S: Signer<Sig> + Keypair,
    S::VerifyingKey: Verifier<Sig>,
{
    let sig = signer.try_sign(msg)?;
    signer.verifying_key().verify(msg, &sig)?;
    Ok(sig)
}

fn each_set<P: ParameterSet>()
where
    Signature<P>: SignatureEncoding,
{
    let sk = SigningKey::<P>::generate(&mut UnwrapErr(SysRng));
    let sig = sign_then_verify(&sk, MSG).unwrap();
    assert_eq!(sig.encoded_len(), P::SIG_LEN);
    // The precomputed form signs the same bytes through the same traits.
    let fast: SigningKey<P, Precomputed> = sk.precompute();
    assert_eq!(sign_then_verify(&fast, MSG).unwrap(), sig);
    // The owned verifying key of Keypair, stored away from the signing key.
    let vk = Keypair::verifying_key(&fast);
    drop(fast);
    assert!(vk.verify(MSG, &sig).is_ok());
    assert!(vk.verify(b"", &sig).is_err());
}

#[test]
fn generic_code_on_every_parameter_set() {
    each_set::<MlDsa44>();
    each_set::<MlDsa65>();
    each_set::<MlDsa87>();
}

#[test]
fn trait_objects() {
    let sk = SigningKey::<MlDsa87>::generate(&mut UnwrapErr(SysRng));
    let signer: &dyn Signer<Signature<MlDsa87>> = &sk;
    let verifier: &dyn Verifier<Signature<MlDsa87>> = sk.verifying_key();
    let sig = signer.sign(MSG);
    assert!(verifier.verify(MSG, &sig).is_ok());
    assert!(verifier.verify(&MSG[1..], &sig).is_err());
}

#[test]
fn multipart_equals_whole() {
    let sk = SigningKey::<MlDsa65>::generate(&mut UnwrapErr(SysRng));
    let sig = sk.multipart_sign(&[b"Hello, ", b"ML-DSA!"]);
    assert_eq!(sig, sk.sign(MSG));
    let vk = sk.verifying_key();
    assert!(vk.multipart_verify(&[b"Hel", b"lo, ML-DSA!"], &sig).is_ok());
    assert!(vk.multipart_verify(&[b"Hello, "], &sig).is_err());
}

#[test]
fn pkcs8_and_spki_traits() {
    let sk = SigningKey::<MlDsa65>::generate(&mut UnwrapErr(SysRng));
    let der = sk.to_pkcs8_der().unwrap();
    let back = SigningKey::<MlDsa65>::from_pkcs8_der(der.as_bytes()).unwrap();
    assert_eq!(back.sign(MSG), sk.sign(MSG));
    let spki = sk.verifying_key().to_public_key_der().unwrap();
    let vk = mldsa::VerifyingKey::<MlDsa65>::from_public_key_der(spki.as_bytes()).unwrap();
    assert!(vk.verify(MSG, &sk.sign(MSG)).is_ok());
    // A key of another parameter set is refused.
    assert!(mldsa::VerifyingKey::<MlDsa44>::from_public_key_der(spki.as_bytes()).is_err());
}

// The encoding of signatures and the context the traits sign with.
#[test]
fn signature_encoding_is_the_raw_bytes() {
    let sk = mldsa::ml_dsa_44::SigningKey::from_seed(&[1u8; 32]);
    let sig = Signer::sign(&sk, b"m");
    assert_eq!(SignatureEncoding::to_bytes(&sig), sig.to_bytes());
    assert_eq!(sig.encoded_len(), 2420);
    let sk = mldsa::ml_dsa_65::SigningKey::from_seed(&[1u8; 32]);
    assert_eq!(Signer::sign(&sk, b"m").encoded_len(), 3309);
    let sk = mldsa::ml_dsa_87::SigningKey::from_seed(&[1u8; 32]);
    let sig = Signer::sign(&sk, b"m");
    assert_eq!(sig.encoded_len(), 4627);
    let decoded = mldsa::ml_dsa_87::Signature::try_from(&sig.to_bytes()[..]).unwrap();
    assert!(Verifier::verify(sk.verifying_key(), b"m", &decoded).is_ok());
}

#[test]
fn trait_signatures_use_the_empty_context() {
    let sk = mldsa::ml_dsa_65::SigningKey::from_seed(&[1u8; 32]);
    let sig = Signer::sign(&sk, b"message");
    let vk = sk.verifying_key();
    assert!(
        vk.verify_with_context(b"message", sig.as_ref(), b"")
            .is_ok()
    );
    assert!(
        vk.verify_with_context(b"message", sig.as_ref(), b"ctx")
            .is_err()
    );
    let with_ctx = sk.sign_deterministic(b"message", b"ctx").unwrap();
    assert!(Verifier::verify(vk, b"message", &with_ctx).is_err());
}
