//! ML-DSA.KeyGen_internal, Sign_internal and Verify_internal (FIPS 204
//! Algorithms 6 to 8), written once, generic over the parameter set `P` and
//! the backend `B`.

use zeroize::Zeroize;

use super::encodings::{sig_decode, sig_encode, w1_encode};
use super::hash::h_shake256;
use super::keys::{ExpandedSigningKey, ExpandedVerifyingKey};
use super::sampling::{MaskStream, expand_a, expand_mask, expand_s, ntt_vec, sample_in_ball};
use crate::backend::{Backend, Xof};
use crate::ct;
use crate::params::{ParameterSet, PolyMatrix, PolyVec};
use crate::poly::Poly;

/// t = NTT^-1(A_hat o NTT(s1)) + s2, split by Power2Round into (t1, t0);
/// A_hat = ExpandA(rho) is left in `a_hat`.
#[inline(always)]
pub(crate) fn compute_t<P: ParameterSet, B: Backend>(
    rho: &[u8; 32],
    s1: &P::VecL,
    s2: &P::VecK,
    a_hat: &mut P::Matrix,
    t1: &mut P::VecK,
    t0: &mut P::VecK,
) {
    expand_a::<P, B>(rho, a_hat);
    let mut s1_hat = s1.clone();
    ntt_vec::<P::VecL, B>(&mut s1_hat);
    for (i, row) in a_hat.as_ref().iter().enumerate() {
        let mut t = Poly::ZERO;
        B::pointwise_acc_montgomery(&mut t, row.as_ref(), s1_hat.as_ref());
        B::invntt_tomont(&mut t);
        B::add(&mut t, &s2.as_ref()[i]);
        B::freeze(&mut t);
        B::power2round(&mut t1.as_mut()[i], &mut t0.as_mut()[i], &t);
        t.zeroize();
    }
    s1_hat.zeroize();
}

/// ML-DSA.KeyGen_internal (Algorithm 6): the key pair from the seed xi,
/// written into `vk` and `sk` (filled in place: the keys are tens of KiB,
/// and returning them by value costs copies).
#[inline(always)]
pub fn key_gen_internal<P: ParameterSet, B: Backend>(
    xi: &[u8; 32],
    vk: &mut ExpandedVerifyingKey<P>,
    sk: &mut ExpandedSigningKey<P>,
) {
    // (rho, rho', K) <- H(xi || k || l, 128)
    let mut seeds: [u8; 128] = h_shake256::<B, 128>(&[xi, &[P::K as u8, P::L as u8]]);
    sk.rho.copy_from_slice(&seeds[..32]);
    // Constant-time check: rho is public, the first 32 bytes of pk.
    ct::public_mem(&mut sk.rho);
    let mut rho_prime = [0u8; 64];
    rho_prime.copy_from_slice(&seeds[32..96]);
    sk.k.copy_from_slice(&seeds[96..]);
    seeds.as_mut_slice().zeroize();
    expand_s::<P, B>(&rho_prime, &mut sk.s1, &mut sk.s2);
    rho_prime.as_mut_slice().zeroize();
    vk.rho = sk.rho;
    compute_t::<P, B>(
        &sk.rho,
        &sk.s1,
        &sk.s2,
        &mut sk.a_hat,
        &mut vk.t1,
        &mut sk.t0,
    );
    // Constant-time check: t1 is public, the rest of pk (and so is tr =
    // H(pk), computed next).
    ct::public_mem(&mut vk.t1);
    vk.encode_and_hash::<B>();
    sk.tr = vk.tr;
}

/// The largest w1Encode(w1): k = 8 polynomials of 32 * 6 bytes (6 bits a
/// coefficient), whatever the parameter set.
const W1_MAX_LEN: usize = 8 * 32 * 6;

/// Secrets of one signing operation, zeroized on drop.
struct SignSecrets<P: ParameterSet> {
    s1_hat: P::VecL,
    s2_hat: P::VecK,
    t0_hat: P::VecK,
    rho_pp: [u8; 64],
    y: P::VecL,
    z: P::VecL,
    w: P::VecK,
    cs: Poly,
    /// Scratch for low parts and -<<c t0>>, reused across iterations.
    scratch: [Poly; 2],
}

impl<P: ParameterSet> Drop for SignSecrets<P> {
    fn drop(&mut self) {
        self.s1_hat.zeroize();
        self.s2_hat.zeroize();
        self.t0_hat.zeroize();
        self.rho_pp.as_mut_slice().zeroize();
        self.y.zeroize();
        self.z.zeroize();
        self.w.zeroize();
        self.cs.zeroize();
        self.scratch.zeroize();
    }
}

/// ML-DSA.Sign_internal (Algorithm 7) from mu (lines 1 to 5 and 7 to 34;
/// line 6 is the caller's, through [`MuHasher`](super::hash::MuHasher)).
#[inline(always)]
pub fn sign_internal<P: ParameterSet, B: Backend>(
    sk: &ExpandedSigningKey<P>,
    mu: &[u8; 64],
    rnd: &[u8; 32],
    sig: &mut P::SigBytes,
) {
    let mut sec = SignSecrets::<P> {
        s1_hat: sk.s1.clone(),
        s2_hat: sk.s2.clone(),
        t0_hat: sk.t0.clone(),
        rho_pp: h_shake256::<B, 64>(&[&sk.k, rnd, mu]),
        y: P::VecL::zeroed(),
        z: P::VecL::zeroed(),
        w: P::VecK::zeroed(),
        cs: Poly::ZERO,
        scratch: [Poly::ZERO; 2],
    };
    ntt_vec::<P::VecL, B>(&mut sec.s1_hat);
    ntt_vec::<P::VecK, B>(&mut sec.s2_hat);
    ntt_vec::<P::VecK, B>(&mut sec.t0_hat);
    // The constant-time check's planted leak (`make ct` must report it): a
    // branch on a secret coefficient, only in `ct-check` builds and only
    // once switched on.
    if crate::ct::planted_leak() && sec.s1_hat.as_ref()[0].coeffs[0] > 0 {
        core::hint::black_box(&mut sec.s1_hat);
    }
    // A_hat: ExpandA(rho), expanded when the key was made or decoded.
    let a_hat = &sk.a_hat;

    let mut w1 = P::VecK::zeroed();
    let mut h_vec = P::VecK::zeroed();
    let mut w1_bytes = [0u8; W1_MAX_LEN];
    let mut c_tilde = [0u8; 64];
    let mut c_hat = Poly::ZERO;
    let mut kappa: u16 = 0;
    let mut mask = MaskStream::new();
    loop {
        // y <- ExpandMask(rho'', kappa); w <- NTT^-1(A_hat o NTT(y))
        if B::WIDE_SHAKE {
            mask.next_y::<P, B>(&sec.rho_pp, &mut sec.y);
        } else {
            expand_mask::<P, B>(&sec.rho_pp, kappa, &mut sec.y);
        }
        kappa = kappa.wrapping_add(P::L as u16);
        sec.z.clone_from(&sec.y);
        ntt_vec::<P::VecL, B>(&mut sec.z);
        for (i, row) in a_hat.as_ref().iter().enumerate() {
            let w_i = &mut sec.w.as_mut()[i];
            B::pointwise_acc_montgomery(w_i, row.as_ref(), sec.z.as_ref());
            B::invntt_tomont(w_i);
            B::freeze(w_i);
            B::decompose::<P::Gamma2>(&mut w1.as_mut()[i], &mut sec.scratch[0], w_i);
        }
        // c~ <- H(mu || w1Encode(w1), lambda/4); c <- SampleInBall(c~)
        w1_encode::<P, B>(&w1, &mut w1_bytes[..P::W1_LEN]);
        let mut xof = B::Shake256::new();
        xof.absorb(mu);
        xof.absorb(&w1_bytes[..P::W1_LEN]);
        xof.squeeze(&mut c_tilde[..P::C_TILDE_LEN]);
        sample_in_ball::<P, B>(&c_tilde[..P::C_TILDE_LEN], &mut c_hat);
        B::ntt(&mut c_hat);

        // z <- y + <<c s1>>, rejected if ||z|| >= gamma1 - beta
        let mut reject = false;
        for i in 0..P::L {
            B::pointwise_montgomery(&mut sec.cs, &c_hat, &sec.s1_hat.as_ref()[i]);
            B::invntt_tomont(&mut sec.cs);
            let z_i = &mut sec.z.as_mut()[i];
            *z_i = sec.y.as_ref()[i];
            B::add(z_i, &sec.cs);
            B::reduce32(z_i);
            reject |= B::exceeds_norm(z_i, P::GAMMA1 - P::BETA);
        }
        // Constant-time check: each rejection decision is public (FIPS 204
        // lets the loop's length show). It reveals nothing about s1: for y
        // uniform, whether y_i + (c s1)_i leaves the bound has the same
        // probability whatever (c s1)_i; which coefficient failed would
        // not, and stays secret (the norm check examines them all).
        if ct::public(reject) {
            continue;
        }
        // r0 <- LowBits(w - <<c s2>>), rejected if ||r0|| >= gamma2 - beta;
        // w becomes w - <<c s2>>.
        for i in 0..P::K {
            B::pointwise_montgomery(&mut sec.cs, &c_hat, &sec.s2_hat.as_ref()[i]);
            B::invntt_tomont(&mut sec.cs);
            let w_i = &mut sec.w.as_mut()[i];
            B::sub(w_i, &sec.cs);
            B::freeze(w_i);
            let [r1, r0] = &mut sec.scratch;
            B::decompose::<P::Gamma2>(r1, r0, w_i);
            reject |= B::exceeds_norm(r0, P::GAMMA2 - P::BETA);
        }
        // Constant-time check: the second rejection decision, public.
        if ct::public(reject) {
            continue;
        }
        // <<c t0>>, rejected if ||c t0|| >= gamma2;
        // h <- MakeHint(-<<c t0>>, w - <<c s2>> + <<c t0>>)
        let mut ones = 0;
        for i in 0..P::K {
            B::pointwise_montgomery(&mut sec.cs, &c_hat, &sec.t0_hat.as_ref()[i]);
            B::invntt_tomont(&mut sec.cs);
            B::reduce32(&mut sec.cs);
            reject |= B::exceeds_norm(&sec.cs, P::GAMMA2);
            let w_i = &mut sec.w.as_mut()[i];
            B::add(w_i, &sec.cs);
            B::freeze(w_i);
            let minus_ct0 = &mut sec.scratch[0];
            *minus_ct0 = Poly::ZERO;
            B::sub(minus_ct0, &sec.cs);
            B::freeze(minus_ct0);
            ones += B::make_hint::<P::Gamma2>(&mut h_vec.as_mut()[i], minus_ct0, w_i);
        }
        // Constant-time check: the last rejection decision, public (the
        // number of ones only once the signature is out, in h).
        if ct::public(reject | (ones > P::OMEGA)) {
            continue;
        }
        break;
    }
    // Constant-time check: accepted, so (c~, z, h) is the signature, public
    // from here on; sigEncode may branch on h's coefficients.
    ct::public_mem(&mut c_tilde);
    ct::public_mem(&mut sec.z);
    ct::public_mem(&mut h_vec);
    // sigma <- sigEncode(c~, z mod+- q, h): z passed the norm check after
    // reduce32, so it is already the centered representative.
    sig_encode::<P, B>(&c_tilde[..P::C_TILDE_LEN], &sec.z, &h_vec, sig.as_mut());
    c_hat.zeroize();
    w1.zeroize();
    w1_bytes.as_mut_slice().zeroize();
}

/// ML-DSA.Verify_internal (Algorithm 8) from mu. `sig` may have any length.
#[inline(always)]
pub fn verify_internal<P: ParameterSet, B: Backend>(
    vk: &ExpandedVerifyingKey<P>,
    mu: &[u8; 64],
    sig: &[u8],
) -> bool {
    if sig.len() != P::SIG_LEN {
        return false;
    }
    let mut z = P::VecL::zeroed();
    let mut h_vec = P::VecK::zeroed();
    if sig_decode::<P, B>(sig, &mut z, &mut h_vec).is_err() {
        return false;
    }
    // ||z|| < gamma1 - beta (line 13, checked first: it is public and cheap).
    for p in z.as_ref() {
        if B::exceeds_norm(p, P::GAMMA1 - P::BETA) {
            return false;
        }
    }
    let c_tilde = &sig[..P::C_TILDE_LEN];
    let mut c_hat = Poly::ZERO;
    sample_in_ball::<P, B>(c_tilde, &mut c_hat);
    B::ntt(&mut c_hat);
    let mut a_hat = P::Matrix::zeroed();
    expand_a::<P, B>(&vk.rho, &mut a_hat);
    ntt_vec::<P::VecL, B>(&mut z);
    let mut w1 = P::VecK::zeroed();
    for (i, row) in a_hat.as_ref().iter().enumerate() {
        // w'_approx = NTT^-1(A_hat o NTT(z) - NTT(c) o NTT(t1 2^d))
        let mut w = Poly::ZERO;
        B::pointwise_acc_montgomery(&mut w, row.as_ref(), z.as_ref());
        let mut t1 = vk.t1.as_ref()[i];
        B::shift_left_d(&mut t1);
        B::ntt(&mut t1);
        let mut ct1 = Poly::ZERO;
        B::pointwise_montgomery(&mut ct1, &c_hat, &t1);
        B::sub(&mut w, &ct1);
        B::reduce32(&mut w);
        B::invntt_tomont(&mut w);
        B::freeze(&mut w);
        // w'1 <- UseHint(h, w'_approx)
        B::use_hint::<P::Gamma2>(&mut w1.as_mut()[i], &h_vec.as_ref()[i], &w);
    }
    let mut w1_bytes = [0u8; W1_MAX_LEN];
    w1_encode::<P, B>(&w1, &mut w1_bytes[..P::W1_LEN]);
    let mut xof = B::Shake256::new();
    xof.absorb(mu);
    xof.absorb(&w1_bytes[..P::W1_LEN]);
    let mut c_tilde_prime = [0u8; 64];
    xof.squeeze(&mut c_tilde_prime[..P::C_TILDE_LEN]);
    c_tilde == &c_tilde_prime[..P::C_TILDE_LEN]
}
