//! Property tests of the spec on its own: the identities FIPS 204 relies on,
//! round trips of every encoding, and sign / verify round trips. Each
//! identity that `mldsa_spec::properties` states as a hax lemma is checked
//! here by calling the lemma (its run-time copy panics when the statement
//! is false), on random inputs and on the boundaries.

mod common;

use mldsa_spec::conversions::*;
use mldsa_spec::encodings::*;
use mldsa_spec::ntt::{ntt, ntt_inverse};
use mldsa_spec::params::{D, Q};
use mldsa_spec::properties;
use mldsa_spec::ring::{Poly, mod_q};
use mldsa_spec::rounding::*;
use mldsa_spec::*;
use proptest::prelude::*;

const PARAMS: [ParamSet; 3] = [ML_DSA_44, ML_DSA_65, ML_DSA_87];

fn poly_in(lo: i32, hi: i32) -> impl Strategy<Value = Poly> {
    prop::collection::vec(lo..=hi, 256).prop_map(|v| {
        let mut p = [0i32; 256];
        p.copy_from_slice(&v);
        p
    })
}

fn any_params() -> impl Strategy<Value = ParamSet> {
    prop::sample::select(PARAMS.to_vec())
}

fn gamma2s() -> impl Strategy<Value = i32> {
    prop::sample::select(vec![(Q - 1) / 88, (Q - 1) / 32])
}

/// A hint vector of k polynomials with at most omega ones.
fn hint(k: usize, omega: usize) -> impl Strategy<Value = Vec<Poly>> {
    prop::collection::vec((0..k, 0..256usize), 0..=omega).prop_map(move |ones| {
        let mut h = vec![[0i32; 256]; k];
        for (i, j) in ones {
            h[i][j] = 1;
        }
        h
    })
}

proptest! {
    #![proptest_config(common::cases(64))]

    #[test]
    fn ntt_inverse_undoes_ntt(w in poly_in(0, Q - 1)) {
        properties::ntt_inverse_undoes_ntt(&w);
        properties::ntt_undoes_ntt_inverse(&w);
        prop_assert_eq!(ntt_inverse(&ntt(&w)), w);
        prop_assert_eq!(ntt(&ntt_inverse(&w)), w);
    }

    /// NTT turns the negacyclic product of R_q into the pointwise product.
    #[test]
    fn ntt_multiplies(a in poly_in(0, Q - 1), b in poly_in(0, Q - 1)) {
        let mut c = [0i64; 256];
        for i in 0..256 {
            for j in 0..256 {
                let p = a[i] as i64 * b[j] as i64 % Q as i64;
                if i + j < 256 { c[i + j] += p } else { c[i + j - 256] -= p }
            }
        }
        let c: Poly = core::array::from_fn(|i| mod_q(c[i]));
        let c_hat = mldsa_spec::ntt::multiply_ntt(&ntt(&a), &ntt(&b));
        prop_assert_eq!(ntt_inverse(&c_hat), c);
    }

    #[test]
    fn power2round_reconstructs(r in 0..Q) {
        let (r1, r0) = power2round(r);
        prop_assert_eq!((r1 << D) + r0, r);
        prop_assert!(-(1 << (D - 1)) < r0 && r0 <= 1 << (D - 1));
    }

    #[test]
    fn decompose_reconstructs(r in 0..Q, gamma2 in gamma2s()) {
        let (r1, r0) = decompose(r, gamma2);
        prop_assert_eq!(mod_q(r1 as i64 * 2 * gamma2 as i64 + r0 as i64), r);
        prop_assert!(-gamma2 <= r0 && r0 <= gamma2);
        prop_assert!(0 <= r1 && r1 < (Q - 1) / (2 * gamma2));
        prop_assert_eq!(high_bits(r, gamma2), r1);
        prop_assert_eq!(low_bits(r, gamma2), r0);
    }

    /// Lemma of section 3.6.2: UseHint(MakeHint(z, r), r) = HighBits(r + z)
    /// for ||z||_inf <= gamma2.
    #[test]
    fn use_hint_recovers_high_bits(r in 0..Q, gamma2 in gamma2s(), z0 in -1_000_000i32..=1_000_000) {
        let z = z0.clamp(-gamma2, gamma2);
        let z_q = mod_q(z as i64);
        let h = make_hint(z_q, r, gamma2);
        prop_assert_eq!(use_hint(h, r, gamma2), high_bits(mod_q(r as i64 + z as i64), gamma2));
        properties::use_hint_recovers_high_bits(z, r, gamma2);
    }

    #[test]
    fn integer_bits_bytes_round_trip(x in any::<u32>(), bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        prop_assert_eq!(bits_to_integer(&integer_to_bits(x, 32), 32), x);
        prop_assert_eq!(bits_to_bytes(&bytes_to_bits(&bytes)), bytes.clone());
        properties::integer_to_bits_round_trips(x, 32);
        properties::integer_to_bits_round_trips(x >> (x % 32), 32 - (x % 32) as usize);
        properties::bytes_to_bits_round_trips(&bytes);
        let le = integer_to_bytes(x as u64, 4);
        prop_assert_eq!(le, x.to_le_bytes().to_vec());
    }

    #[test]
    fn simple_bit_pack_round_trips(w in poly_in(0, 1023), b in prop::sample::select(vec![15u32, 43, 1023])) {
        let w: Poly = core::array::from_fn(|i| w[i] % (b as i32 + 1));
        let packed = simple_bit_pack(&w, b);
        prop_assert_eq!(packed.len(), 32 * mldsa_spec::params::bitlen(b));
        prop_assert_eq!(simple_bit_unpack(&packed, b), w);
        properties::simple_bit_pack_round_trips(&w, b);
    }

    #[test]
    fn bit_pack_round_trips(seed in poly_in(0, i32::MAX), which in 0usize..5) {
        let (a, b): (u32, u32) = [(2, 2), (4, 4), ((1 << 12) - 1, 1 << 12), ((1 << 17) - 1, 1 << 17), ((1 << 19) - 1, 1 << 19)][which];
        let w: Poly = core::array::from_fn(|i| (seed[i] % (a + b + 1) as i32) - a as i32);
        prop_assert_eq!(bit_unpack(&bit_pack(&w, a, b), a, b), w);
        properties::bit_pack_round_trips(&w, a, b);
    }

    #[test]
    fn hint_bit_pack_round_trips(params in any_params(), h in hint(8, 75)) {
        let h: Vec<Poly> = h[..params.k()].to_vec();
        let ones = mldsa_spec::ring::count_nonzero(&h);
        prop_assume!(ones <= params.omega());
        let y = hint_bit_pack(&h, params.omega(), params.k());
        prop_assert_eq!(hint_bit_unpack(&y, params.omega(), params.k()), Some(h.clone()));
        properties::hint_bit_pack_round_trips(&h, params.omega(), params.k());
    }

    #[test]
    fn key_and_signature_encodings_round_trip(params in any_params(), xi in any::<[u8; 32]>(), rnd in any::<[u8; 32]>()) {
        let (pk, sk) = ml_dsa_key_gen_internal(&params, &xi);
        let (rho, t1) = pk_decode(&params, &pk).unwrap();
        prop_assert_eq!(pk_encode(&params, &rho, &t1), pk.clone());
        properties::pk_encode_round_trips(&params, &rho, &t1);
        let (rho, k, tr, s1, s2, t0) = sk_decode(&params, &sk).unwrap();
        prop_assert_eq!(sk_encode(&params, &rho, &k, &tr, &s1, &s2, &t0), sk.clone());
        properties::sk_encode_round_trips(&params, &rho, &k, &tr, &s1, &s2, &t0);
        let sigma = ml_dsa_sign_internal(&params, &sk, b"m", &rnd).unwrap();
        let (c_tilde, z, h) = sig_decode(&params, &sigma).unwrap();
        let h = h.unwrap();
        prop_assert_eq!(sig_encode(&params, &c_tilde, &z, &h), sigma);
        properties::sig_encode_round_trips(&params, &c_tilde, &z, &h);
    }
}

proptest! {
    #![proptest_config(common::cases(24))]

    #[test]
    fn sign_then_verify(
        params in any_params(),
        xi in any::<[u8; 32]>(),
        rnd in any::<[u8; 32]>(),
        m in prop::collection::vec(any::<u8>(), 0..200),
        ctx in prop::collection::vec(any::<u8>(), 0..=255),
    ) {
        let (pk, sk) = ml_dsa_key_gen(&params, Some(xi)).unwrap();
        prop_assert_eq!((pk.len(), sk.len()), (params.pk_len(), params.sk_len()));
        let sigma = ml_dsa_sign(&params, &sk, &m, &ctx, Some(rnd)).unwrap();
        prop_assert_eq!(sigma.len(), params.sig_len());
        prop_assert_eq!(ml_dsa_verify(&params, &pk, &m, &sigma, &ctx), Ok(true));
        // Another message or context does not verify.
        let mut other = m.clone();
        other.push(0);
        prop_assert_eq!(ml_dsa_verify(&params, &pk, &other, &sigma, &ctx), Ok(false));
        let mut other_ctx = ctx.clone();
        if other_ctx.len() < 255 { other_ctx.push(1) } else { other_ctx[0] ^= 1 }
        prop_assert_eq!(ml_dsa_verify(&params, &pk, &m, &sigma, &other_ctx), Ok(false));
        // HashML-DSA round trip too, and the two are not interchangeable.
        let ph = PreHash::Sha2_512;
        let hsig = hash_ml_dsa_sign(&params, &sk, &m, &ctx, ph, Some(rnd)).unwrap();
        prop_assert_eq!(hash_ml_dsa_verify(&params, &pk, &m, &hsig, &ctx, ph), Ok(true));
        prop_assert_eq!(ml_dsa_verify(&params, &pk, &m, &hsig, &ctx), Ok(false));
    }

    /// Flipping any single bit of a signature makes it invalid.
    #[test]
    fn verify_rejects_any_single_bit_flip(params in any_params(), xi in any::<[u8; 32]>(), bits in prop::collection::vec(any::<prop::sample::Index>(), 16)) {
        let (pk, sk) = ml_dsa_key_gen_internal(&params, &xi);
        let sigma = ml_dsa_sign(&params, &sk, b"flip", b"", Some([0; 32])).unwrap();
        for bit in bits {
            let i = bit.index(sigma.len() * 8);
            let mut bad = sigma.clone();
            bad[i / 8] ^= 1 << (i % 8);
            prop_assert_eq!(ml_dsa_verify(&params, &pk, b"flip", &bad, b""), Ok(false), "bit {} accepted", i);
        }
    }
}

#[test]
fn bottom_cases_are_errors_not_panics() {
    let p = ML_DSA_44;
    let (pk, sk) = ml_dsa_key_gen_internal(&p, &[1; 32]);
    let long_ctx = [0u8; 256];
    assert_eq!(
        ml_dsa_sign(&p, &sk, b"m", &long_ctx, Some([0; 32])),
        Err(Error::ContextTooLong)
    );
    assert_eq!(
        ml_dsa_verify(&p, &pk, b"m", &[0; 2420], &long_ctx),
        Err(Error::ContextTooLong)
    );
    // A context of 255 bytes is taken (Algorithms 2 and 3, line 1).
    let sigma = ml_dsa_sign(&p, &sk, b"m", &[7u8; 255], Some([0; 32])).unwrap();
    assert_eq!(ml_dsa_verify(&p, &pk, b"m", &sigma, &[7u8; 255]), Ok(true));
    // HashML-DSA (Algorithms 4 and 5, line 1) refuses the same contexts,
    // and takes one of 255 bytes.
    let ph = PreHash::Sha2_256;
    let sigma = hash_ml_dsa_sign(&p, &sk, b"m", &[0u8; 255], ph, Some([0; 32])).unwrap();
    assert_eq!(
        hash_ml_dsa_verify(&p, &pk, b"m", &sigma, &[0u8; 255], ph),
        Ok(true)
    );
    assert_eq!(
        hash_ml_dsa_sign(&p, &sk, b"m", &long_ctx, ph, Some([0; 32])),
        Err(Error::ContextTooLong)
    );
    assert_eq!(
        hash_ml_dsa_verify(&p, &pk, b"m", &[0; 2420], &long_ctx, ph),
        Err(Error::ContextTooLong)
    );
    assert_eq!(
        ml_dsa_key_gen(&p, None),
        Err(Error::RandomBitGenerationFailed)
    );
    assert_eq!(
        ml_dsa_sign(&p, &sk, b"m", b"", None),
        Err(Error::RandomBitGenerationFailed)
    );
    assert_eq!(
        ml_dsa_sign(&p, &sk[1..], b"m", b"", Some([0; 32])),
        Err(Error::WrongLength)
    );
    let sigma = ml_dsa_sign(&p, &sk, b"m", b"", Some([0; 32])).unwrap();
    assert_eq!(ml_dsa_verify(&p, &pk[1..], b"m", &sigma, b""), Ok(false));
    assert_eq!(ml_dsa_verify(&p, &pk, b"m", &sigma[1..], b""), Ok(false));
    assert_eq!(ml_dsa_verify(&p, &pk, b"m", &[], b""), Ok(false));
    assert_eq!(ml_dsa_verify(&ML_DSA_65, &pk, b"m", &sigma, b""), Ok(false));
    // A malformed hint (count above omega) is bottom, hence false.
    let mut bad = sigma.clone();
    let last = bad.len() - 1;
    bad[last] = (p.omega() + 1) as u8;
    assert_eq!(ml_dsa_verify(&p, &pk, b"m", &bad, b""), Ok(false));
}

#[test]
fn hint_bit_unpack_rejects_malformed_encodings() {
    let (omega, k) = (80, 4);
    // indices not strictly increasing within a polynomial
    let mut y = vec![0u8; omega + k];
    y[0] = 5;
    y[1] = 5;
    y[omega] = 2;
    y[omega + 1..].fill(2);
    assert_eq!(hint_bit_unpack(&y, omega, k), None);
    // decreasing cumulative count
    let mut y = vec![0u8; omega + k];
    y[0] = 1;
    y[omega] = 1;
    assert_eq!(hint_bit_unpack(&y, omega, k), None);
    // nonzero padding after the last index
    let mut y = vec![0u8; omega + k];
    y[3] = 9;
    assert_eq!(hint_bit_unpack(&y, omega, k), None);
    // well formed: one 1 in h[0] at 5, nothing else
    let mut y = vec![0u8; omega + k];
    y[0] = 5;
    y[omega..].fill(1);
    let h = hint_bit_unpack(&y, omega, k).unwrap();
    assert_eq!(h[0][5], 1);
    assert_eq!(mldsa_spec::ring::count_nonzero(&h), 1);
}

/// The lemmas on the boundaries of their hypotheses: every extreme
/// coefficient, every z at +-gamma2 and 0 around each multiple of
/// 2 gamma2, the largest hints and the extreme keys.
#[test]
fn lemmas_hold_on_the_boundaries() {
    for gamma2 in [(Q - 1) / 88, (Q - 1) / 32] {
        let m = (Q - 1) / (2 * gamma2);
        let mut rs = vec![0, 1, Q - 2, Q - 1];
        for j in 0..=m {
            let c = j * 2 * gamma2;
            for d in [
                -gamma2 - 1,
                -gamma2,
                -gamma2 + 1,
                -1,
                0,
                1,
                gamma2 - 1,
                gamma2,
                gamma2 + 1,
            ] {
                rs.push(c + d);
            }
        }
        for r in rs.into_iter().filter(|r| (0..Q).contains(r)) {
            for z in [-gamma2, -gamma2 + 1, -1, 0, 1, gamma2 - 1, gamma2] {
                properties::use_hint_recovers_high_bits(z, r, gamma2);
            }
        }
    }
    for w in [
        [0; 256],
        [Q - 1; 256],
        core::array::from_fn(|i| if i % 2 == 0 { 0 } else { Q - 1 }),
    ] {
        properties::ntt_inverse_undoes_ntt(&w);
        properties::ntt_undoes_ntt_inverse(&w);
    }
    for b in [1u32, 15, 1023, (1 << 23) - 1] {
        properties::simple_bit_pack_round_trips(&[b as i32; 256], b);
        properties::simple_bit_pack_round_trips(&[0; 256], b);
    }
    for (a, b) in [
        (2u32, 2u32),
        (4, 4),
        ((1 << 12) - 1, 1 << 12),
        ((1 << 19) - 1, 1 << 19),
    ] {
        properties::bit_pack_round_trips(&[-(a as i32); 256], a, b);
        properties::bit_pack_round_trips(&[b as i32; 256], a, b);
    }
    properties::integer_to_bits_round_trips(u32::MAX, 32);
    properties::integer_to_bits_round_trips(0, 0);
    properties::bytes_to_bits_round_trips(&[]);
    properties::bytes_to_bits_round_trips(&[0xff; 33]);
    for params in PARAMS {
        let (omega, k) = (params.omega(), params.k());
        // omega 1's, packed at the top of the last polynomials.
        let mut h: Vec<Poly> = vec![[0; 256]; k];
        let mut left = omega;
        for row in h.iter_mut().rev() {
            for c in row.iter_mut().rev() {
                if left > 0 {
                    *c = 1;
                    left -= 1;
                }
            }
        }
        properties::hint_bit_pack_round_trips(&h, omega, k);
        properties::hint_bit_pack_round_trips(&vec![[0; 256]; k], omega, k);
        let t1_max = (1 << (23 - D)) - 1;
        properties::pk_encode_round_trips(&params, &[0xff; 32], &vec![[t1_max; 256]; k]);
        let eta = params.eta();
        let low = eta + 1 - (1 << params.bitlen_2eta());
        let t0_low = -(1 << (D - 1)) + 1;
        properties::sk_encode_round_trips(
            &params,
            &[1; 32],
            &[2; 32],
            &[3; 64],
            &vec![[low; 256]; params.l()],
            &vec![[eta; 256]; k],
            &vec![[t0_low; 256]; k],
        );
        let gamma1 = params.gamma1();
        let c_tilde = vec![0xa5; params.lambda() / 4];
        properties::sig_encode_round_trips(&params, &c_tilde, &vec![[gamma1; 256]; params.l()], &h);
        properties::sig_encode_round_trips(
            &params,
            &c_tilde,
            &vec![[-gamma1 + 1; 256]; params.l()],
            &h,
        );
    }
}

/// Every parameter set once, whatever the random draws above picked:
/// KeyGen, Sign and Verify with their lengths, and a wrong message refused.
#[test]
fn every_parameter_set_signs_and_verifies() {
    for params in PARAMS {
        let (pk, sk) = ml_dsa_key_gen(&params, Some([params.k() as u8; 32])).unwrap();
        assert_eq!((pk.len(), sk.len()), (params.pk_len(), params.sk_len()));
        for rnd in [[0u8; 32], [0xa5; 32]] {
            let sigma = ml_dsa_sign(&params, &sk, b"message", b"ctx", Some(rnd)).unwrap();
            assert_eq!(sigma.len(), params.sig_len());
            assert_eq!(
                ml_dsa_verify(&params, &pk, b"message", &sigma, b"ctx"),
                Ok(true)
            );
            assert_eq!(
                ml_dsa_verify(&params, &pk, b"messagf", &sigma, b"ctx"),
                Ok(false)
            );
        }
    }
}

/// Line 28's second test: ML-DSA-44 with xi = 4^32 and M = 44 as 4 bytes
/// (empty context, rnd = 0^32) meets an attempt whose hint has more than
/// omega 1's with ||<<c t0>>|| below gamma2 (found by search): only
/// "count > omega" rejects it, and signing goes on to a valid signature.
///
/// The test replays Algorithm 7's attempts with the spec's own functions
/// and asserts the reason each is rejected: one by the count alone, and the
/// replayed signature is the one ML-DSA.Sign returns.
#[test]
fn an_attempt_with_more_than_omega_hints_is_rejected() {
    use mldsa_spec::hash::h;
    use mldsa_spec::ml_dsa::format_message;
    use mldsa_spec::ntt::{
        add_vector_ntt, matrix_vector_ntt, ntt_inverse_vector, ntt_vector, scalar_vector_ntt,
    };
    use mldsa_spec::ring::{
        count_nonzero, neg_vector, sub_vector, vector_infinity_norm, vector_mod_pm_q, vector_mod_q,
    };
    use mldsa_spec::sampling::{expand_a, expand_mask, sample_in_ball};
    let params = ML_DSA_44;
    let (pk, sk) = ml_dsa_key_gen(&params, Some([4u8; 32])).unwrap();
    let m = 44u32.to_le_bytes();
    let sigma = ml_dsa_sign(&params, &sk, &m, b"", Some([0u8; 32])).unwrap();
    assert_eq!(ml_dsa_verify(&params, &pk, &m, &sigma, b""), Ok(true));

    // Algorithm 7 on M' = format_message(0, "", M), rnd = 0^32.
    let (gamma1, gamma2, beta) = (params.gamma1(), params.gamma2(), params.beta());
    let (rho, cap_k, tr, s1, s2, t0) = sk_decode(&params, &sk).unwrap();
    let s1_hat = ntt_vector(&vector_mod_q(&s1));
    let s2_hat = ntt_vector(&vector_mod_q(&s2));
    let t0_hat = ntt_vector(&vector_mod_q(&t0));
    let a_hat = expand_a(&params, &rho);
    let mu: [u8; 64] = h(&[&tr[..], &format_message(0, b"", &m)].concat(), 64)
        .try_into()
        .unwrap();
    let rho2: [u8; 64] = h(&[&cap_k[..], &[0u8; 32], &mu].concat(), 64)
        .try_into()
        .unwrap();
    let mut reasons = Vec::new();
    let mut kappa = 0;
    let replayed = loop {
        let y = expand_mask(&params, &rho2, kappa);
        let w = ntt_inverse_vector(&matrix_vector_ntt(&a_hat, &ntt_vector(&vector_mod_q(&y))));
        let w1 = high_bits_vector(&w, gamma2);
        let c_tilde = h(
            &[&mu[..], &w1_encode(&params, &w1)].concat(),
            params.lambda() / 4,
        );
        let c_hat = ntt(&sample_in_ball(&c_tilde, params.tau()));
        let c_s1 = ntt_inverse_vector(&scalar_vector_ntt(&c_hat, &s1_hat));
        let c_s2 = ntt_inverse_vector(&scalar_vector_ntt(&c_hat, &s2_hat));
        let z = add_vector_ntt(&vector_mod_q(&y), &c_s1);
        let w_minus_c_s2 = sub_vector(&w, &c_s2);
        let r0 = low_bits_vector(&w_minus_c_s2, gamma2);
        kappa += params.l();
        if vector_infinity_norm(&z) >= gamma1 - beta || vector_infinity_norm(&r0) >= gamma2 - beta {
            reasons.push("line 23: a norm");
            continue;
        }
        let c_t0 = ntt_inverse_vector(&scalar_vector_ntt(&c_hat, &t0_hat));
        let hint = make_hint_vector(
            &neg_vector(&c_t0),
            &add_vector_ntt(&w_minus_c_s2, &c_t0),
            gamma2,
        );
        let t0_norm_ok = vector_infinity_norm(&c_t0) < gamma2;
        let count = count_nonzero(&hint);
        if !t0_norm_ok {
            reasons.push("line 28: ||<<c t0>>|| >= gamma2");
            continue;
        }
        if count > params.omega() {
            reasons.push("line 28: only the count of 1's > omega");
            continue;
        }
        break sig_encode(&params, &c_tilde, &vector_mod_pm_q(&z), &hint);
    };
    assert_eq!(replayed, sigma, "the replay is the signer: {reasons:?}");
    assert!(
        reasons.contains(&"line 28: only the count of 1's > omega"),
        "no attempt was rejected by the count alone: {reasons:?}"
    );
}

/// Line 28's second test at its bound: ML-DSA-44 with xi = 0^32 and M = 157
/// as 4 bytes (empty context, rnd = 0^32) signs with exactly omega = 80
/// 1's in h (found by search), which "count > omega" accepts, and the
/// signature verifies.
#[test]
fn a_hint_of_exactly_omega_ones_is_accepted() {
    let params = ML_DSA_44;
    let (pk, sk) = ml_dsa_key_gen_internal(&params, &[0u8; 32]);
    let m = 157u32.to_le_bytes();
    let sigma = ml_dsa_sign(&params, &sk, &m, b"", Some([0u8; 32])).unwrap();
    let (_, _, h) = sig_decode(&params, &sigma).unwrap();
    let h = h.expect("HintBitUnpack accepts what sigEncode wrote");
    assert_eq!(mldsa_spec::ring::count_nonzero(&h), params.omega());
    assert_eq!(ml_dsa_verify(&params, &pk, &m, &sigma, b""), Ok(true));
}

/// Verify's line 13 at its bound: a signature whose z has norm
/// gamma1 - beta - 1 is accepted, one of gamma1 - beta refused. Signing
/// never makes the second, but for a public key with t1 = 0 anyone can:
/// w'_approx = NTT^-1(A_hat o NTT(z)) does not depend on c, so c~ can be
/// computed after choosing z (h = 0).
#[test]
fn verify_refuses_z_of_norm_gamma1_minus_beta() {
    use mldsa_spec::ntt::{matrix_vector_ntt, ntt_inverse_vector, ntt_vector};
    use mldsa_spec::ring::vector_mod_q;
    for params in PARAMS {
        let rho = [9u8; 32];
        let pk = pk_encode(&params, &rho, &vec![[0; 256]; params.k()]);
        let a_hat = mldsa_spec::sampling::expand_a(&params, &rho);
        let mu = [0x11u8; 64];
        let h = vec![[0i32; 256]; params.k()];
        let bound = params.gamma1() - params.beta();
        for (norm, accepted) in [(bound - 1, true), (bound, false)] {
            let mut z = vec![[0i32; 256]; params.l()];
            z[0][0] = norm;
            z[params.l() - 1][255] = -norm;
            let w = ntt_inverse_vector(&matrix_vector_ntt(&a_hat, &ntt_vector(&vector_mod_q(&z))));
            let w1 = use_hint_vector(&h, &w, params.gamma2());
            let mut mu_w1 = mu.to_vec();
            mu_w1.extend_from_slice(&w1_encode(&params, &w1));
            let c_tilde = mldsa_spec::hash::h(&mu_w1, params.lambda() / 4);
            let sigma = sig_encode(&params, &c_tilde, &z, &h);
            assert_eq!(
                ml_dsa_verify_internal_external_mu(&params, &pk, &mu, &sigma),
                accepted,
                "{} with ||z|| = {norm}",
                params.name()
            );
        }
    }
}

/// External mu (Algorithms 7 and 8 from line 7 on): a signature of mu
/// verifies under mu, and not under another mu or key.
#[test]
fn external_mu_signs_and_verifies_only_its_mu() {
    for params in PARAMS {
        let (pk, sk) = ml_dsa_key_gen_internal(&params, &[3u8; 32]);
        let (other_pk, _) = ml_dsa_key_gen_internal(&params, &[5u8; 32]);
        let mu = [0x5a; 64];
        let sigma = ml_dsa_sign_internal_external_mu(&params, &sk, &mu, &[0u8; 32]).unwrap();
        assert!(ml_dsa_verify_internal_external_mu(
            &params, &pk, &mu, &sigma
        ));
        assert!(!ml_dsa_verify_internal_external_mu(
            &params,
            &pk,
            &[0x5b; 64],
            &sigma
        ));
        assert!(!ml_dsa_verify_internal_external_mu(
            &params, &other_pk, &mu, &sigma
        ));
    }
}

#[test]
fn rej_bounded_poly_takes_the_first_256_accepted_half_bytes() {
    // Algorithm 31 read off the whole SHAKE256 output at once: the low
    // half byte of each byte, then the high one, each kept if
    // CoeffFromHalfByte accepts it, until 256 are kept.
    for (eta, seed) in [(2, 1u8), (4, 2u8)] {
        let rho: Vec<u8> = (0..66).map(|i| seed.wrapping_mul(i as u8 + 7)).collect();
        let (_, stream) = mldsa_spec::hash::h_squeeze(
            mldsa_spec::hash::h_absorb(mldsa_spec::hash::h_init(), &rho),
            1000,
        );
        let expected: Vec<i32> = stream
            .iter()
            .flat_map(|z| [z % 16, z / 16])
            .filter_map(|b| coeff_from_half_byte(b, eta))
            .take(256)
            .collect();
        let a = mldsa_spec::sampling::rej_bounded_poly(&rho, eta);
        assert_eq!(a.to_vec(), expected, "eta {eta}");
    }
}

#[test]
fn coeff_from_half_byte_is_fips_204s_table() {
    // Algorithm 15 for every half byte: eta = 2 maps b < 15 to 2 - (b mod
    // 5), eta = 4 maps b < 9 to 4 - b, and every other b is bottom.
    let eta2 = [2, 1, 0, -1, -2, 2, 1, 0, -1, -2, 2, 1, 0, -1, -2];
    let eta4 = [4, 3, 2, 1, 0, -1, -2, -3, -4];
    for b in 0..16u8 {
        assert_eq!(
            coeff_from_half_byte(b, 2),
            eta2.get(b as usize).copied(),
            "eta 2, b {b}"
        );
        assert_eq!(
            coeff_from_half_byte(b, 4),
            eta4.get(b as usize).copied(),
            "eta 4, b {b}"
        );
    }
}

#[test]
fn coeff_from_three_bytes_drops_the_top_bit_of_b2() {
    // Algorithm 14 line 3: b2's top bit is cleared, not a reason to reject.
    assert_eq!(coeff_from_three_bytes(0, 0, 128), Some(0));
    assert_eq!(
        coeff_from_three_bytes(1, 2, 128 | 3),
        coeff_from_three_bytes(1, 2, 3)
    );
}

#[test]
fn coeff_from_three_bytes_accepts_exactly_below_q() {
    // Algorithm 14 line 6: q - 1 = 0x7FE000 is the largest accepted value,
    // q = 0x7FE001 the smallest rejected one, with or without b2's top bit.
    assert_eq!(coeff_from_three_bytes(0x00, 0xE0, 0x7F), Some(Q - 1));
    assert_eq!(coeff_from_three_bytes(0x00, 0xE0, 0xFF), Some(Q - 1));
    assert_eq!(coeff_from_three_bytes(0x01, 0xE0, 0x7F), None);
    assert_eq!(coeff_from_three_bytes(0x01, 0xE0, 0xFF), None);
    assert_eq!(coeff_from_three_bytes(0xFF, 0xFF, 0xFF), None);
}

/// PH(M) through `PreHash::digest` is `pre_hash`, of the length FIPS 204
/// gives each pre-hash, and SHA-256 and SHA3-256 of "abc" are the digests
/// FIPS 180-4 and FIPS 202 give.
#[test]
fn pre_hash_digests_are_the_standard_ones() {
    let all = [
        PreHash::Sha2_224,
        PreHash::Sha2_256,
        PreHash::Sha2_384,
        PreHash::Sha2_512,
        PreHash::Sha2_512_224,
        PreHash::Sha2_512_256,
        PreHash::Sha3_224,
        PreHash::Sha3_256,
        PreHash::Sha3_384,
        PreHash::Sha3_512,
        PreHash::Shake128,
        PreHash::Shake256,
    ];
    for ph in all {
        let digest = ph.digest(b"abc");
        assert_eq!(
            digest,
            mldsa_spec::hash_ml_dsa::pre_hash(ph, b"abc"),
            "{ph:?}"
        );
        assert_eq!(digest.len(), ph.digest_len(), "{ph:?}");
    }
    let hex = |d: Vec<u8>| d.iter().map(|b| format!("{b:02x}")).collect::<String>();
    assert_eq!(
        hex(PreHash::Sha2_256.digest(b"abc")),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    assert_eq!(
        hex(PreHash::Sha3_256.digest(b"abc")),
        "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"
    );
}

/// UseHint's lemma names -gamma2 only under is_gamma2(gamma2), which rules
/// out gamma2 = i32::MIN: checked with that gamma2, the statement is true
/// (its hypothesis is false) and evaluates no overflowing negation.
#[test]
fn use_hint_lemma_negates_gamma2_only_under_is_gamma2() {
    for (z, r) in [(0, 0), (i32::MIN, 0), (0, Q - 1)] {
        properties::use_hint_recovers_high_bits(z, r, i32::MIN);
    }
}

/// The counting lemmas (HintBitPack's Index, SampleInBall's and
/// HintBitUnpack's one-coefficient updates), on every position of a
/// polynomial, at both ends of a vector, and with values 0, 1, -1 and
/// extremes written over zeros and over nonzeros.
#[test]
fn counting_lemmas_hold() {
    use mldsa_spec::ring::nonzero_count;
    let w: Poly = core::array::from_fn(|i| [0, 1, -1, 0, i32::MIN, 0, 0, 7][i % 8]);
    assert_eq!(nonzero_count(&w, 256), 4 * 32);
    for p in 0..256 {
        for value in [0, 1, -1, i32::MAX] {
            let mut u = w;
            u[p] = value;
            properties::nonzero_count_of_update(&w, &u, p);
        }
    }
    let mut h = vec![w, [0; 256], w];
    h[1][255] = 2;
    for i in 0..h.len() {
        for j in 0..256 {
            properties::nonzero_prefix_is_below_count(&h, i, j);
        }
        for p in [0, 1, 254, 255] {
            let mut u = h.clone();
            u[i][p] = if h[i][p] == 0 { 1 } else { 0 };
            properties::vector_nonzero_count_of_update(&h, &u, i, p);
        }
    }
    // 255 polynomials, the most HintBitPack takes, every coefficient set.
    let full = vec![[1; 256]; 255];
    properties::nonzero_prefix_is_below_count(&full, 254, 255);
}
