//! The internal ML-DSA functions, FIPS 204 section 6 (Algorithms 6 to 8):
//! deterministic key generation from a seed, signing and verification of a
//! formatted message M', and the external-mu variants that start from a given
//! message representative mu (which ACVP tests) without a flag inside them.

use crate::contract::checked;
use crate::conversions::integer_to_bytes;
use crate::encodings::{
    pk_decode, pk_encode, sig_decode, sig_encode, sk_decode, sk_encode, w1_encode,
};
use crate::error::Error;
use crate::hash;
use crate::ntt::{
    add_vector_ntt, matrix_vector_ntt, ntt, ntt_inverse_vector, ntt_vector, scalar_vector_ntt,
};
use crate::params::{D, ParamSet, Q};
use crate::ring::{
    Poly, count_nonzero, is_binary, neg_vector, shift_left, sub_vector, vector_in,
    vector_infinity_norm, vector_mod_pm_q, vector_mod_q, zero_vector,
};
#[cfg(hax)]
use hax_lib::Prop;

/// The most iterations of Sign_internal's loop (line 10): 814, the smallest
/// bound FIPS 204 Appendix C (Table 3) allows, which a correct signer exceeds
/// with probability below 2^-256 for every parameter set. Past it,
/// Sign_internal returns bottom ([`Error::SigningAttemptsExhausted`]). It also
/// keeps kappa below 814 * 7 < 2^16.
pub const SIGN_ATTEMPTS_BOUND: usize = 814;
use crate::rounding::{
    high_bits_vector, low_bits_vector, make_hint_vector, power2round_vector, use_hint_vector,
};
use crate::sampling::{expand_a, expand_mask, expand_s, sample_in_ball};

/// Algorithm 6, ML-DSA.KeyGen_internal(xi): the key pair (pk, sk) from the
/// 32-byte seed xi.
#[checked]
#[hax_lib::ensures(|(pk, sk)| pk.len() == params.pk_len() && sk.len() == params.sk_len())]
pub fn ml_dsa_key_gen_internal(params: &ParamSet, xi: &[u8; 32]) -> (Vec<u8>, Vec<u8>) {
    // 1: (rho, rho', K) <- H(xi || IntegerToBytes(k, 1) || IntegerToBytes(l, 1), 128)
    let mut seed = xi.to_vec();
    seed.extend_from_slice(&integer_to_bytes(params.k() as u64, 1));
    seed.extend_from_slice(&integer_to_bytes(params.l() as u64, 1));
    let expanded = hash::h(&seed, 128);
    let mut rho = [0u8; 32];
    rho.copy_from_slice(&expanded[0..32]);
    let mut rho_prime = [0u8; 64];
    rho_prime.copy_from_slice(&expanded[32..96]);
    let mut cap_k = [0u8; 32];
    cap_k.copy_from_slice(&expanded[96..128]);
    // 2: (expand seed)
    // 3: A_hat <- ExpandA(rho)
    let a_hat = expand_a(params, &rho);
    // 4: (s1, s2) <- ExpandS(rho')
    let (s1, s2) = expand_s(params, &rho_prime);
    // 5: t <- NTT^-1(A_hat o NTT(s1)) + s2
    //    (s1 and s2 have signed coefficients; they enter R_q mod q)
    //    (the sum is coefficient-wise mod q, AddVectorNTT's computation)
    let a_s1 = ntt_inverse_vector(&matrix_vector_ntt(&a_hat, &ntt_vector(&vector_mod_q(&s1))));
    let t = add_vector_ntt(&a_s1, &vector_mod_q(&s2));
    // 6: (t1, t0) <- Power2Round(t)
    let (t1, t0) = power2round_vector(&t);
    // 7: (PKE public key)
    // 8: pk <- pkEncode(rho, t1)
    let pk = pk_encode(params, &rho, &t1);
    // 9: tr <- H(pk, 64)
    let mut tr = [0u8; 64];
    tr.copy_from_slice(&hash::h(&pk, 64));
    // 10: sk <- skEncode(rho, K, tr, s1, s2, t0)
    let sk = sk_encode(params, &rho, &cap_k, &tr, &s1, &s2, &t0);
    // 11: return (pk, sk)
    (pk, sk)
}

/// Algorithm 7, ML-DSA.Sign_internal(sk, M', rnd): a signature of the
/// formatted message M' with the 32-byte randomness rnd (all zeros for the
/// deterministic variant). A private key of the wrong length is an error.
///
/// M' enters Algorithm 7 at line 6 only, through mu; the other lines are
/// [`sign_from_mu`], which the external-mu variant shares.
#[checked]
#[hax_lib::ensures(|r| match r {
    Ok(sigma) => sk.len() == params.sk_len() && sigma.len() == params.sig_len(),
    Err(Error::WrongLength) => sk.len() != params.sk_len(),
    Err(Error::SigningAttemptsExhausted) => sk.len() == params.sk_len(),
    Err(_) => false,
})]
pub fn ml_dsa_sign_internal(
    params: &ParamSet,
    sk: &[u8],
    m_prime: &[u8],
    rnd: &[u8; 32],
) -> Result<Vec<u8>, Error> {
    // 1: (rho, K, tr, s1, s2, t0) <- skDecode(sk)
    let (rho, cap_k, tr, s1, s2, t0) = sk_decode(params, sk)?;
    // 6: mu <- H(BytesToBits(tr) || M', 64)
    //    (lines 2 to 5 do not depend on mu; they are the first lines of sign_from_mu)
    //    (H of the concatenation, absorbed in two parts: tr || M' need not
    //    fit usize)
    let ctx = hash::h_absorb(hash::h_absorb(hash::h_init(), &tr), m_prime);
    let (_ctx, mu_bytes) = hash::h_squeeze(ctx, 64);
    let mut mu = [0u8; 64];
    mu.copy_from_slice(&mu_bytes);
    // 2 to 5, 7 to 34
    sign_from_mu(params, &rho, &cap_k, &s1, &s2, &t0, &mu, rnd)
}

/// Algorithm 7 started from a given message representative mu (the
/// "external mu" variant that ACVP tests): line 6 is the caller's.
#[checked]
#[hax_lib::ensures(|r| match r {
    Ok(sigma) => sk.len() == params.sk_len() && sigma.len() == params.sig_len(),
    Err(Error::WrongLength) => sk.len() != params.sk_len(),
    Err(Error::SigningAttemptsExhausted) => sk.len() == params.sk_len(),
    Err(_) => false,
})]
pub fn ml_dsa_sign_internal_external_mu(
    params: &ParamSet,
    sk: &[u8],
    mu: &[u8; 64],
    rnd: &[u8; 32],
) -> Result<Vec<u8>, Error> {
    // 1: (rho, K, tr, s1, s2, t0) <- skDecode(sk)
    let (rho, cap_k, _tr, s1, s2, t0) = sk_decode(params, sk)?;
    // 2 to 5, 7 to 34
    sign_from_mu(params, &rho, &cap_k, &s1, &s2, &t0, mu, rnd)
}

/// Algorithm 7 lines 2 to 5 and 7 to 34: everything after skDecode that
/// does not compute mu. Line numbers are Algorithm 7's. s1, s2 and t0 are
/// what skDecode returns (its ensures): the lengths and ranges lines 2 to 4
/// and the vector operations after them rely on.
#[checked]
#[hax_lib::requires(
    vector_in(s1, params.l(), params.eta() + 1 - (1 << params.bitlen_2eta()), params.eta())
        .and(vector_in(s2, params.k(), params.eta() + 1 - (1 << params.bitlen_2eta()), params.eta()))
        .and(vector_in(t0, params.k(), -(1 << (D - 1)) + 1, 1 << (D - 1)))
)]
#[hax_lib::ensures(|r| match r {
    Ok(sigma) => sigma.len() == params.sig_len(),
    Err(e) => e == Error::SigningAttemptsExhausted,
})]
#[allow(clippy::too_many_arguments)]
fn sign_from_mu(
    params: &ParamSet,
    rho: &[u8; 32],
    cap_k: &[u8; 32],
    s1: &[Poly],
    s2: &[Poly],
    t0: &[Poly],
    mu: &[u8; 64],
    rnd: &[u8; 32],
) -> Result<Vec<u8>, Error> {
    let gamma1 = params.gamma1();
    let gamma2 = params.gamma2();
    let beta = params.beta();
    // 2: s1_hat <- NTT(s1)
    let s1_hat = ntt_vector(&vector_mod_q(s1));
    // 3: s2_hat <- NTT(s2)
    let s2_hat = ntt_vector(&vector_mod_q(s2));
    // 4: t0_hat <- NTT(t0)
    let t0_hat = ntt_vector(&vector_mod_q(t0));
    // 5: A_hat <- ExpandA(rho)
    let a_hat = expand_a(params, rho);
    // 6: (mu, the caller's)
    // 7: rho'' <- H(K || rnd || mu, 64)
    let mut k_rnd_mu = cap_k.to_vec();
    k_rnd_mu.extend_from_slice(rnd);
    k_rnd_mu.extend_from_slice(mu);
    let mut rho_double_prime = [0u8; 64];
    rho_double_prime.copy_from_slice(&hash::h(&k_rnd_mu, 64));
    // 8: kappa <- 0
    let mut kappa: usize = 0;
    // 9: (z, h) <- bottom
    let mut z_h: Option<(Vec<Poly>, Vec<Poly>)> = None;
    let mut c_tilde = vec![0u8; params.lambda() / 4];
    let mut attempts: usize = 0;
    // 10: while (z, h) = bottom do  (at most SIGN_ATTEMPTS_BOUND times)
    while z_h.is_none() && attempts < SIGN_ATTEMPTS_BOUND {
        // On exit with (z, h) != bottom: c~ has lambda/4 bytes, z mod+- q is
        // within gamma1 - beta, and h is a hint of at most omega 1's, which
        // is what sigEncode (line 33) requires.
        hax_lib::loop_invariant!(
            Prop::from(
                c_tilde.len() == params.lambda() / 4
                    && attempts <= SIGN_ATTEMPTS_BOUND
                    && kappa == attempts * params.l()
            )
            .and(match &z_h {
                Some((z, h)) => vector_in(
                    &vector_mod_pm_q(z),
                    params.l(),
                    -(params.gamma1() - params.beta()) + 1,
                    params.gamma1() - params.beta() - 1,
                )
                .and(h.len() == params.k() && count_nonzero(h) <= params.omega())
                .and(is_binary(h)),
                None => Prop::from(true),
            })
        );
        hax_lib::loop_decreases!(SIGN_ATTEMPTS_BOUND - attempts);
        attempts += 1;
        // 11: y <- ExpandMask(rho'', kappa)
        let y = expand_mask(params, &rho_double_prime, kappa);
        // 12: w <- NTT^-1(A_hat o NTT(y))
        let w = ntt_inverse_vector(&matrix_vector_ntt(&a_hat, &ntt_vector(&vector_mod_q(&y))));
        // 13: w1 <- HighBits(w)
        let w1 = high_bits_vector(&w, gamma2);
        // 14: (signer's commitment)
        // 15: c~ <- H(mu || w1Encode(w1), lambda/4)
        let mut mu_w1 = mu.to_vec();
        mu_w1.extend_from_slice(&w1_encode(params, &w1));
        c_tilde = hash::h(&mu_w1, params.lambda() / 4);
        // 16: c <- SampleInBall(c~)
        let c = sample_in_ball(&c_tilde, params.tau());
        // 17: c_hat <- NTT(c)
        let c_hat = ntt(&c);
        // 18: <<c s1>> <- NTT^-1(c_hat o s1_hat)
        let c_s1 = ntt_inverse_vector(&scalar_vector_ntt(&c_hat, &s1_hat));
        // 19: <<c s2>> <- NTT^-1(c_hat o s2_hat)
        let c_s2 = ntt_inverse_vector(&scalar_vector_ntt(&c_hat, &s2_hat));
        // 20: z <- y + <<c s1>>
        let z = add_vector_ntt(&vector_mod_q(&y), &c_s1);
        // 21: r0 <- LowBits(w - <<c s2>>)
        let w_minus_c_s2 = sub_vector(&w, &c_s2);
        let r0 = low_bits_vector(&w_minus_c_s2, gamma2);
        // 22: (signer's response and validity checks)
        // 23: if ||z||_inf >= gamma1 - beta or ||r0||_inf >= gamma2 - beta then (z, h) <- bottom
        if vector_infinity_norm(&z) >= gamma1 - beta || vector_infinity_norm(&r0) >= gamma2 - beta {
            z_h = None;
        } else {
            // 24: else
            // 25: <<c t0>> <- NTT^-1(c_hat o t0_hat)
            let c_t0 = ntt_inverse_vector(&scalar_vector_ntt(&c_hat, &t0_hat));
            // 26: h <- MakeHint(-<<c t0>>, w - <<c s2>> + <<c t0>>)
            let h = make_hint_vector(
                &neg_vector(&c_t0),
                &add_vector_ntt(&w_minus_c_s2, &c_t0),
                gamma2,
            );
            // 27: (signer's hint)
            // 28: if ||<<c t0>>||_inf >= gamma2 or the number of 1's in h is greater than omega,
            //     then (z, h) <- bottom
            if vector_infinity_norm(&c_t0) >= gamma2 || count_nonzero(&h) > params.omega() {
                z_h = None;
            } else {
                z_h = Some((z, h));
            } // 29: end if
        } // 30: end if
        // 31: kappa <- kappa + l
        kappa += params.l();
    } // 32: end while
    match z_h {
        Some((z, h)) => {
            // 33: sigma <- sigEncode(c~, z mod+- q, h)
            let sigma = sig_encode(params, &c_tilde, &vector_mod_pm_q(&z), &h);
            // 34: return sigma
            Ok(sigma)
        }
        // SIGN_ATTEMPTS_BOUND iterations without a signature (Appendix C).
        None => Err(Error::SigningAttemptsExhausted),
    }
}

/// Algorithm 8, ML-DSA.Verify_internal(pk, M', sigma): whether sigma is a
/// valid signature of the formatted message M'. Keys and signatures of the
/// wrong length are rejected (false), never a panic.
///
/// M' enters Algorithm 8 at line 7 only, through mu (from tr, line 6); the
/// other lines are [`verify_from_mu`], which the external-mu variant shares.
/// A valid signature has the parameter set's key and signature lengths.
#[checked]
#[hax_lib::ensures(|valid| !valid || (pk.len() == params.pk_len() && sigma.len() == params.sig_len()))]
pub fn ml_dsa_verify_internal(params: &ParamSet, pk: &[u8], m_prime: &[u8], sigma: &[u8]) -> bool {
    // 6: tr <- H(pk, 64)
    //    (lines 1 to 5 do not depend on tr; they are the first lines of verify_from_mu)
    let tr = hash::h(pk, 64);
    // 7: mu <- H(BytesToBits(tr) || M', 64)
    //    (H of the concatenation, absorbed in two parts: tr || M' need not
    //    fit usize)
    let ctx = hash::h_absorb(hash::h_absorb(hash::h_init(), &tr), m_prime);
    let (_ctx, mu_bytes) = hash::h_squeeze(ctx, 64);
    let mut mu = [0u8; 64];
    mu.copy_from_slice(&mu_bytes);
    // 1 to 5, 8 to 13
    verify_from_mu(params, pk, &mu, sigma)
}

/// Algorithm 8 started from a given message representative mu: lines 6 and
/// 7 are the caller's.
#[checked]
#[hax_lib::ensures(|valid| !valid || (pk.len() == params.pk_len() && sigma.len() == params.sig_len()))]
pub fn ml_dsa_verify_internal_external_mu(
    params: &ParamSet,
    pk: &[u8],
    mu: &[u8; 64],
    sigma: &[u8],
) -> bool {
    // 1 to 5, 8 to 13
    verify_from_mu(params, pk, mu, sigma)
}

/// Algorithm 8 lines 1 to 5 and 8 to 13: everything that does not compute
/// tr and mu. Line numbers are Algorithm 8's.
#[checked]
#[hax_lib::ensures(|valid| !valid || (pk.len() == params.pk_len() && sigma.len() == params.sig_len()))]
fn verify_from_mu(params: &ParamSet, pk: &[u8], mu: &[u8; 64], sigma: &[u8]) -> bool {
    // 1: (rho, t1) <- pkDecode(pk)
    let (rho, t1) = match pk_decode(params, pk) {
        Ok(decoded) => decoded,
        Err(_) => return false,
    };
    // 2: (c~, z, h) <- sigDecode(sigma)
    let (c_tilde, z, h_or_bottom) = match sig_decode(params, sigma) {
        Ok(decoded) => decoded,
        Err(_) => return false,
    };
    // 3: if h = bottom then return false
    let h = match h_or_bottom {
        Some(h) => h,
        None => return false,
    }; // 4: end if
    // 5: A_hat <- ExpandA(rho)
    let a_hat = expand_a(params, &rho);
    // 6, 7: (tr and mu, the caller's)
    // 8: c <- SampleInBall(c~)
    let c = sample_in_ball(&c_tilde, params.tau());
    // 9: w'_approx <- NTT^-1(A_hat o NTT(z) - NTT(c) o NTT(t1 * 2^d))
    //    (z has signed coefficients; it enters R_q mod q)
    //    (the difference in T_q is AddVectorNTT of the negation)
    let a_z = matrix_vector_ntt(&a_hat, &ntt_vector(&vector_mod_q(&z)));
    let mut t1_2d = zero_vector(t1.len());
    for i in 0..t1.len() {
        hax_lib::loop_invariant!(|_: usize| vector_in(&t1_2d, t1.len(), 0, Q - 1));
        t1_2d[i] = shift_left(&t1[i], D);
    }
    let c_t1 = scalar_vector_ntt(&ntt(&c), &ntt_vector(&t1_2d));
    let w_approx = ntt_inverse_vector(&add_vector_ntt(&a_z, &neg_vector(&c_t1)));
    // 10: w'1 <- UseHint(h, w'_approx)
    let w1_prime = use_hint_vector(&h, &w_approx, params.gamma2());
    // 11: (reconstruction of the signer's commitment)
    // 12: c~' <- H(mu || w1Encode(w'1), lambda/4)
    let mut mu_w1 = mu.to_vec();
    mu_w1.extend_from_slice(&w1_encode(params, &w1_prime));
    let c_tilde_prime = hash::h(&mu_w1, params.lambda() / 4);
    // 13: return [[ ||z||_inf < gamma1 - beta ]] and [[ c~ = c~' ]]
    vector_infinity_norm(&z) < params.gamma1() - params.beta() && c_tilde == c_tilde_prime
}
