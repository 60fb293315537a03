//! End to end, for the three parameter sets: keys and signatures of the
//! public API byte for byte equal to the spec's, for random xi, messages
//! (0 to 299 bytes), contexts (0 to 255 bytes) and rnd. Pure ML-DSA
//! (`sign_with_rnd`, `sign_deterministic`), HashML-DSA with each of the 12
//! pre-hash functions, external mu (`MuBuilder`, `sign_mu`) and the hazmat
//! internal interface, all on the backend the public API selects (AVX2
//! where the CPU has it); and the generic algorithms (`key_gen_internal`,
//! `sign_internal`, `verify_internal`, the expanded keys' decoding,
//! `MuHasher`) on the portable backend, which the public API does not reach
//! on such CPUs. (The public API runs them on `Selected`, whose kernels
//! are the selected backend's; `MLDSA_BACKEND=portable` runs the public API
//! on the portable backend.)

use crate::calls::{
    decode_verifying_key, encode_signing_key, import_signing_key, key_gen_internal,
    key_gen_internal_precomputed, mu_hasher, precompute, sign_internal, sign_internal_precomputed,
    verify_internal,
};
use crate::common::*;
use mldsa::backend::Backend;
use mldsa::backend::portable::Portable;
use mldsa::params::{ByteArray, ParameterSet};
use mldsa::{Mu, MuBuilder, SigningKey, VerifyingKey};
use mldsa_spec::hash::h;
use mldsa_spec::ml_dsa::format_message;
use mldsa_spec::params::ParamSet;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// The spec's parameters and key pair (pk, sk) for xi, and mldsa's key
/// from xi.
fn keys<P: ParameterSet>(xi: &[u8; 32]) -> (ParamSet, Vec<u8>, Vec<u8>, SigningKey<P>) {
    let params = spec_params::<P>();
    let (pk, sk_bytes) = mldsa_spec::ml_dsa_key_gen(&params, Some(*xi)).unwrap();
    (params, pk, sk_bytes, SigningKey::<P>::from_seed(xi))
}

/// KeyGen: the encoded public key and expanded private key are the spec's,
/// and re-importing both gives the same key.
fn check_keys<P: ParameterSet>(xi: &[u8; 32]) -> Result<(), TestCaseError> {
    let (_, pk, sk_bytes, sk) = keys::<P>(xi);
    prop_assert_eq!(
        sk.verifying_key().as_bytes(),
        &pk[..],
        "{}: public key",
        P::NAME
    );
    prop_assert_eq!(sk.verifying_key().to_bytes().as_ref().to_vec(), pk.clone());
    let expanded = sk.to_expanded_bytes();
    prop_assert_eq!(
        (*expanded).as_ref(),
        &sk_bytes[..],
        "{}: expanded private key",
        P::NAME
    );
    prop_assert_eq!(sk.seed(), Some(xi));
    prop_assert_eq!(
        sk.verifying_key().tr().to_vec(),
        h(&pk, 64),
        "{}: tr",
        P::NAME
    );
    let vk = VerifyingKey::<P>::try_from(&pk[..]).unwrap();
    prop_assert_eq!(&vk, sk.verifying_key());
    Ok(())
}

/// Pure ML-DSA with rnd, and deterministic: the spec's signature; each
/// side accepts the other's.
fn check_pure<P: ParameterSet>(case: Case<'_>) -> Result<(), TestCaseError> {
    let Case { xi, msg, ctx, rnd } = case;
    let (params, pk, sk_bytes, sk) = keys::<P>(xi);
    for rnd in [*rnd, [0u8; 32]] {
        let sig = sk.sign_with_rnd(msg, ctx, &rnd).unwrap();
        let expected = mldsa_spec::ml_dsa_sign(&params, &sk_bytes, msg, ctx, Some(rnd)).unwrap();
        prop_assert_eq!(
            sig.as_ref(),
            &expected[..],
            "{}: ML-DSA.Sign, rnd {:?}",
            P::NAME,
            rnd
        );
        prop_assert_eq!(
            sk.verifying_key()
                .verify_with_context(msg, sig.as_ref(), ctx),
            Ok(())
        );
        prop_assert_eq!(
            mldsa_spec::ml_dsa_verify(&params, &pk, msg, sig.as_ref(), ctx),
            Ok(true)
        );
    }
    let det = sk.sign_deterministic(msg, ctx).unwrap();
    let expected = mldsa_spec::ml_dsa_sign(&params, &sk_bytes, msg, ctx, Some([0; 32])).unwrap();
    prop_assert_eq!(
        det.as_ref(),
        &expected[..],
        "{}: deterministic ML-DSA.Sign",
        P::NAME
    );
    let parsed = mldsa::Signature::<P>::try_from(det.as_ref()).unwrap();
    prop_assert_eq!(parsed.to_bytes().as_ref().to_vec(), det.as_ref().to_vec());
    Ok(())
}

/// HashML-DSA with every pre-hash function: OIDs and digest lengths, then
/// signatures (from the message and from the digest) equal to the spec's,
/// and verification agreeing.
fn check_hash_ml_dsa<P: ParameterSet>(case: Case<'_>) -> Result<(), TestCaseError> {
    let Case { xi, msg, ctx, rnd } = case;
    let (params, pk, sk_bytes, sk) = keys::<P>(xi);
    let vk = sk.verifying_key();
    for (ph, spec_ph) in PREHASHES {
        let digest = spec_ph.digest(msg);
        prop_assert_eq!(ph.oid(), spec_ph.oid(), "{:?}: OID", ph);
        prop_assert_eq!(ph.digest_len(), digest.len(), "{:?}: digest length", ph);
        let expected =
            mldsa_spec::hash_ml_dsa_sign(&params, &sk_bytes, msg, ctx, spec_ph, Some(*rnd))
                .unwrap();
        let sig = sk.sign_prehashed(ph, msg, ctx, rnd).unwrap();
        prop_assert_eq!(
            sig.as_ref(),
            &expected[..],
            "{}: HashML-DSA.Sign with {:?}",
            P::NAME,
            ph
        );
        let sig = sk.sign_prehash_digest(ph, &digest, ctx, rnd).unwrap();
        prop_assert_eq!(
            sig.as_ref(),
            &expected[..],
            "{}: HashML-DSA.Sign from the digest, {:?}",
            P::NAME,
            ph
        );
        prop_assert_eq!(vk.verify_prehashed(ph, msg, sig.as_ref(), ctx), Ok(()));
        prop_assert_eq!(
            vk.verify_prehash_digest(ph, &digest, sig.as_ref(), ctx),
            Ok(())
        );
        prop_assert_eq!(
            mldsa_spec::hash_ml_dsa_verify(&params, &pk, msg, sig.as_ref(), ctx, spec_ph),
            Ok(true)
        );
        // Domain separation: not a pure ML-DSA signature, in either.
        prop_assert!(vk.verify_with_context(msg, sig.as_ref(), ctx).is_err());
        prop_assert_eq!(
            mldsa_spec::ml_dsa_verify(&params, &pk, msg, sig.as_ref(), ctx),
            Ok(false)
        );
        // A digest of the wrong length is refused.
        let short = &digest[..digest.len() - 1];
        prop_assert_eq!(
            sk.sign_prehash_digest(ph, short, ctx, rnd).err(),
            Some(mldsa::Error::WrongLength)
        );
        prop_assert_eq!(
            vk.verify_prehash_digest(ph, short, sig.as_ref(), ctx),
            Err(mldsa::Error::WrongLength)
        );
    }
    Ok(())
}

/// External mu: MuBuilder fed in pieces gives the spec's
/// mu = H(tr || M', 64); signing from mu (and from an arbitrary mu) gives
/// the spec's external-mu signature; verification from mu agrees.
fn check_external_mu<P: ParameterSet>(
    case: Case<'_>,
    cuts: &[usize],
    other_mu: &[u8; 64],
) -> Result<(), TestCaseError> {
    let Case { xi, msg, ctx, rnd } = case;
    let (params, pk, sk_bytes, sk) = keys::<P>(xi);
    let vk = sk.verifying_key();
    let tr = h(&pk, 64);
    let expected_mu = h(&[&tr[..], &format_message(0, ctx, msg)].concat(), 64);
    let mut builder = MuBuilder::new(vk, ctx).unwrap();
    for piece in pieces(msg, cuts) {
        builder.update(piece);
    }
    let mu = builder.finalize();
    prop_assert_eq!(
        mu.as_bytes().to_vec(),
        expected_mu.clone(),
        "{}: mu",
        P::NAME
    );
    let mut from_tr = MuBuilder::from_tr(vk.tr(), ctx).unwrap();
    from_tr.update(msg);
    prop_assert_eq!(from_tr.finalize(), mu);
    prop_assert_eq!(Mu::try_from(&expected_mu[..]).unwrap(), mu);
    for m in [*mu.as_bytes(), *other_mu] {
        let mu = Mu(m);
        for rnd in [*rnd, [0u8; 32]] {
            let expected =
                mldsa_spec::ml_dsa_sign_internal_external_mu(&params, &sk_bytes, &m, &rnd).unwrap();
            let sig = sk.sign_mu(&mu, &rnd);
            prop_assert_eq!(
                sig.as_ref(),
                &expected[..],
                "{}: Sign_internal from mu",
                P::NAME
            );
            prop_assert_eq!(vk.verify_mu(&mu, sig.as_ref()), Ok(()));
            prop_assert!(mldsa_spec::ml_dsa_verify_internal_external_mu(
                &params,
                &pk,
                &m,
                sig.as_ref()
            ));
        }
        let expected =
            mldsa_spec::ml_dsa_sign_internal_external_mu(&params, &sk_bytes, &m, &[0; 32]).unwrap();
        prop_assert_eq!(sk.sign_mu_deterministic(&mu).as_ref().to_vec(), expected);
    }
    // The pure signature verifies from mu, and the other way round.
    let sig = sk.sign_with_rnd(msg, ctx, rnd).unwrap();
    prop_assert_eq!(vk.verify_mu(&mu, sig.as_ref()), Ok(()));
    let sig = sk.sign_mu(&mu, rnd);
    prop_assert_eq!(vk.verify_with_context(msg, sig.as_ref(), ctx), Ok(()));
    Ok(())
}

/// The hazmat internal interface: Sign_internal / Verify_internal on M'.
fn check_hazmat<P: ParameterSet>(
    xi: &[u8; 32],
    m_prime: &[u8],
    rnd: &[u8; 32],
) -> Result<(), TestCaseError> {
    let (params, pk, sk_bytes, sk) = keys::<P>(xi);
    let expected = mldsa_spec::ml_dsa_sign_internal(&params, &sk_bytes, m_prime, rnd).unwrap();
    let sig = mldsa::hazmat::sign_internal(&sk, m_prime, rnd);
    prop_assert_eq!(
        sig.as_ref(),
        &expected[..],
        "{}: hazmat sign_internal",
        P::NAME
    );
    let vk = sk.verifying_key();
    prop_assert_eq!(
        mldsa::hazmat::verify_internal(vk, m_prime, sig.as_ref()),
        Ok(())
    );
    prop_assert!(mldsa_spec::ml_dsa_verify_internal(
        &params,
        &pk,
        m_prime,
        sig.as_ref()
    ));
    let mut other = m_prime.to_vec();
    other.push(0);
    prop_assert!(mldsa::hazmat::verify_internal(vk, &other, sig.as_ref()).is_err());
    prop_assert!(!mldsa_spec::ml_dsa_verify_internal(
        &params,
        &pk,
        &other,
        sig.as_ref()
    ));
    Ok(())
}

/// The generic algorithms on backend B: KeyGen_internal, Sign_internal and
/// Verify_internal from mu, the expanded keys' decoding, and MuHasher.
/// Run for the portable backend (see the module comment).
fn check_internals<P: ParameterSet, B: Backend>(
    xi: &[u8; 32],
    m_prime: &[u8],
    cuts: &[usize],
    rnd: &[u8; 32],
) -> Result<(), TestCaseError> {
    let params = spec_params::<P>();
    let (pk, sk_bytes) = mldsa_spec::ml_dsa_key_gen_internal(&params, xi);
    let (vk, sk) = key_gen_internal::<P, B>(xi);
    prop_assert_eq!(
        vk.encoded().as_ref(),
        &pk[..],
        "{} {}: KeyGen_internal pk",
        B::NAME,
        P::NAME
    );
    prop_assert_eq!(
        encode_signing_key(&sk),
        sk_bytes.clone(),
        "{} {}: KeyGen_internal sk",
        B::NAME,
        P::NAME
    );
    let tr = h(&pk, 64);
    prop_assert_eq!(vk.tr().to_vec(), tr.clone());

    let mu = mu_hasher::<B>(vk.tr(), &pieces(m_prime, cuts));
    prop_assert_eq!(
        mu.to_vec(),
        h(&[&tr[..], m_prime].concat(), 64),
        "{}: MuHasher",
        B::NAME
    );

    let mut sig = P::SigBytes::zeroed();
    sign_internal::<P, B>(&sk, &mu, rnd, &mut sig);
    let expected =
        mldsa_spec::ml_dsa_sign_internal_external_mu(&params, &sk_bytes, &mu, rnd).unwrap();
    prop_assert_eq!(
        sig.as_ref(),
        &expected[..],
        "{} {}: sign_internal",
        B::NAME,
        P::NAME
    );
    prop_assert!(verify_internal::<P, B>(&vk, &mu, sig.as_ref()));

    let decoded_vk = decode_verifying_key::<P, B>(&pk).unwrap();
    prop_assert_eq!(decoded_vk.tr(), vk.tr());
    prop_assert!(verify_internal::<P, B>(&decoded_vk, &mu, sig.as_ref()));
    let (decoded_sk, checked) = import_signing_key::<P, B>(&sk_bytes).unwrap();
    prop_assert_eq!(checked.encoded().as_ref(), &pk[..]);
    let mut again = P::SigBytes::zeroed();
    sign_internal::<P, B>(&decoded_sk, &mu, rnd, &mut again);
    prop_assert_eq!(again.as_ref(), sig.as_ref());

    // The precomputed form: the same keys, made in one pass or from the
    // compact key, and the same signature.
    let (pre_vk, pre_sk, pre) = key_gen_internal_precomputed::<P, B>(xi);
    prop_assert_eq!(pre_vk.encoded().as_ref(), &pk[..]);
    prop_assert_eq!(encode_signing_key(&pre_sk), sk_bytes.clone());
    for pre in [pre, precompute::<P, B>(&decoded_sk)] {
        let mut pre_sig = P::SigBytes::zeroed();
        sign_internal_precomputed::<P, B>(&pre_sk, &pre, &mu, rnd, &mut pre_sig);
        prop_assert_eq!(
            pre_sig.as_ref(),
            sig.as_ref(),
            "{} {}: sign_internal, precomputed",
            B::NAME,
            P::NAME
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(proptest_config!(32))]

    #[test]
    fn keys_match_spec(xi in any::<[u8; 32]>()) {
        for_each_set!(check_keys(&xi));
    }

    #[test]
    fn pure_signatures_match_spec(xi in any::<[u8; 32]>(), msg in message(), ctx in context(), rnd in any::<[u8; 32]>()) {
        let case = Case { xi: &xi, msg: &msg, ctx: &ctx, rnd: &rnd };
        for_each_set!(check_pure(case));
    }

    #[test]
    fn external_mu_matches_spec(xi in any::<[u8; 32]>(), msg in message(), ctx in context(), cuts in cuts(),
                                rnd in any::<[u8; 32]>(), other_mu in bytes_exact(64)) {
        let other_mu: [u8; 64] = other_mu.try_into().unwrap();
        let case = Case { xi: &xi, msg: &msg, ctx: &ctx, rnd: &rnd };
        for_each_set!(check_external_mu(case, &cuts, &other_mu));
    }

    #[test]
    fn hazmat_internal_matches_spec(xi in any::<[u8; 32]>(), m_prime in message(), rnd in any::<[u8; 32]>()) {
        for_each_set!(check_hazmat(&xi, &m_prime, &rnd));
    }

    #[test]
    fn portable_internals_match_spec(xi in any::<[u8; 32]>(), m_prime in message(), cuts in cuts(),
                                             rnd in any::<[u8; 32]>()) {
        for_each_set!(check_internals::<_, Portable>(&xi, &m_prime, &cuts, &rnd));
    }
}

proptest! {
    #![proptest_config(proptest_config!(8))]

    #[test]
    fn hash_ml_dsa_matches_spec(xi in any::<[u8; 32]>(), msg in message(), ctx in context(), rnd in any::<[u8; 32]>()) {
        let case = Case { xi: &xi, msg: &msg, ctx: &ctx, rnd: &rnd };
        for_each_set!(check_hash_ml_dsa(case));
    }
}

#[test]
fn signing_edges() -> Result<(), TestCaseError> {
    for xi in [[0u8; 32], [0xFF; 32]] {
        for (msg, ctx) in [(&[][..], &[][..]), (&[0xFF; 299][..], &[0xFF; 255][..])] {
            for rnd in [[0u8; 32], [0xFF; 32]] {
                let case = Case {
                    xi: &xi,
                    msg,
                    ctx,
                    rnd: &rnd,
                };
                for_each_set!(check_pure(case));
            }
        }
    }
    Ok(())
}
