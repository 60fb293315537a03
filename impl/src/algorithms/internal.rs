//! ML-DSA.KeyGen_internal, Sign_internal and Verify_internal (FIPS 204
//! Algorithms 6 to 8), written once, generic over the parameter set `P` and
//! the backend `B`.

use zeroize::Zeroize;

use super::encodings::{SkLayout, pack_eta, pack_t0, sig_decode, sig_encode};
use super::expand_a::{MatrixSource, Streamed};
use super::hash::h_shake256_into;
use super::keys::{ExpandedSigningKey, ExpandedVerifyingKey, SecretVector, t_row};
use super::ntt_vec;
use super::sampling::{Challenge, MaskStream, expand_mask, expand_s, sample_in_ball};
use super::secret_products::{NttQ, SecretProducts, SmallNtt};
use crate::backend::{Backend, Xof};
use crate::ct;
use crate::params::{ParameterSet, PolyVec};
use crate::poly::Poly;

/// ML-DSA.KeyGen_internal (Algorithm 6): the key pair from the seed xi,
/// written into `vk` and `sk` in place (returned by value, a key would be
/// copied, and the copies left behind). A_hat comes from `a_hat`: row by
/// row ([`Streamed`]), or expanded whole into a precomputed key
/// ([`super::expand_a::Whole`]). s1 and s2 are made in `s1` and `s2` (s1
/// left in NTT form), which the caller zeroizes: a caller can keep them in
/// its own frame, above the frames a stack scrub must wipe.
#[inline(never)]
pub fn key_gen_internal<P: ParameterSet, B: Backend>(
    xi: &[u8; 32],
    a_hat: &mut impl MatrixSource<P, B>,
    s1: &mut P::VecL,
    s2: &mut P::VecK,
    vk: &mut ExpandedVerifyingKey<P>,
    sk: &mut ExpandedSigningKey<P>,
) {
    // (rho, rho', K) <- H(xi || IntegerToBytes(k, 1) || IntegerToBytes(l,
    // 1), 128)
    let mut seeds = [0u8; 128];
    h_shake256_into::<B>(&[xi, &[P::K as u8, P::L as u8]], &mut seeds);
    // (The conversions cannot fail: the lengths are those of the slices.)
    let rho = seeds[..32].try_into().unwrap_or(&[0; 32]);
    let rho_prime = seeds[32..96].try_into().unwrap_or(&[0; 64]);
    let k = seeds[96..].try_into().unwrap_or(&[0; 32]);
    // (s1, s2) <- ExpandS(rho')
    expand_s::<P, B>(rho_prime, s1, s2);
    key_gen_from_secrets::<P, B>(a_hat, s1, s2, rho, k, vk, sk);
    seeds.as_mut_slice().zeroize();
}

/// KeyGen_internal from line 5 on, given A_hat's source, (s1, s2) =
/// ExpandS(rho'), rho and K; s1 is left in NTT form. (The timing check, `make ct-timing`,
/// also times this part alone: ExpandS's time follows where its sampler
/// rejects half-bytes, which is public.)
#[inline(always)]
pub fn key_gen_from_secrets<P: ParameterSet, B: Backend>(
    a_hat: &mut impl MatrixSource<P, B>,
    s1: &mut P::VecL,
    s2: &mut P::VecK,
    rho: &[u8; 32],
    k: &[u8; 32],
    vk: &mut ExpandedVerifyingKey<P>,
    sk: &mut ExpandedSigningKey<P>,
) {
    // sk <- skEncode(rho, K, tr, s1, s2, t0), made as its parts are: rho,
    // K and s1, s2 now, t0 and tr row by row below.
    let bytes = sk.bytes.as_mut();
    bytes[..32].copy_from_slice(rho);
    // Constant-time check: rho is public, the first 32 bytes of pk.
    ct::public_mem(&mut bytes[..32]);
    bytes[32..64].copy_from_slice(k);
    for (i, p) in s1.as_ref().iter().enumerate() {
        pack_eta::<P, B>(SkLayout::<P>::s1_mut(bytes, i), p);
    }
    for (i, p) in s2.as_ref().iter().enumerate() {
        pack_eta::<P, B>(SkLayout::<P>::s2_mut(bytes, i), p);
    }
    ntt_vec::<P::VecL, B>(s1);
    let mut rho = [0u8; 32];
    rho.copy_from_slice(&bytes[..32]);
    vk.set_rho(&rho);
    let (mut t1_i, mut t0_i) = (Poly::ZERO, Poly::ZERO);
    // tr <- H(pk, 64), absorbed as pk is made (rho, then each row of t1).
    let mut tr = a_hat.tr_hasher();
    tr.extend(&rho);
    for i in 0..P::K {
        // A_hat <- ExpandA(rho), row i; t <- NTT^-1(A_hat o NTT(s1)) + s2
        // and (t1, t0) <- Power2Round(t), row i.
        let row = a_hat.row(&rho, i, &mut tr);
        t_row::<P, B>(row, s1, &s2.as_ref()[i], &mut t1_i, &mut t0_i);
        // Constant-time check: t1 is public, the rest of pk (and so is tr =
        // H(pk)).
        ct::public_mem(&mut t1_i);
        // pk <- pkEncode(rho, t1), row i.
        vk.set_t1::<B>(i, &t1_i);
        tr.extend(vk.t1_bytes(i));
        pack_t0::<B>(SkLayout::<P>::t0_mut(bytes, i), &t0_i);
    }
    t0_i.zeroize();
    vk.set_tr(tr);
    bytes[64..128].copy_from_slice(&vk.tr);
}

/// The largest w1Encode(w1): k = 8 polynomials of 32 * 6 bytes (6 bits a
/// coefficient), whatever the parameter set.
const W1_MAX_LEN: usize = 8 * 32 * 6;

/// Secrets of one signing operation, zeroized on drop.
struct SignSecrets<P: ParameterSet> {
    rho_pp: [u8; 64],
    y: P::VecL,
    z: P::VecL,
    /// w, then w - <<c s2>> + <<c t0>>, then the hint h.
    w: P::VecK,
    cs: Poly,
    /// Scratch for the parts of Decompose, -<<c t0>>, t0_hat[i] and h_i,
    /// reused across iterations.
    scratch: [Poly; 2],
}

impl<P: ParameterSet> Drop for SignSecrets<P> {
    fn drop(&mut self) {
        self.rho_pp.as_mut_slice().zeroize();
        self.y.zeroize();
        self.z.zeroize();
        self.w.zeroize();
        self.cs.zeroize();
        self.scratch.zeroize();
    }
}

/// ML-DSA.Sign_internal (Algorithm 7) from mu (lines 1 to 5 and 7 to 34;
/// line 6 is the caller's, through [`MuHasher`](super::hash::MuHasher)),
/// given A_hat = ExpandA(rho) (line 5): a precomputed key's, or compact
/// signing's, expanded by the caller above the stack it scrubs. s1 and s2
/// are made ready in the form the backend multiplies fastest
/// (`SecretProducts`): the 16-bit NTT where `Backend::small_ntt_fast`,
/// FIPS 204's NTT otherwise (one copy of the signing for both forms).
#[inline(always)]
pub fn sign_internal<P: ParameterSet, B: Backend>(
    sk: &ExpandedSigningKey<P>,
    a_hat: &P::Matrix,
    mu: &[u8; 64],
    rnd: &[u8; 32],
    sig: &mut P::SigBytes,
) {
    // `ct::Observed` is the form itself, except in the constant-time
    // checks' builds (`crate::ct`).
    if B::small_ntt_fast() {
        in_form::<P, B, ct::Observed<SmallNtt>>(|s| sign_with::<P, B>(sk, a_hat, mu, rnd, sig, s))
    } else {
        in_form::<P, B, ct::Observed<NttQ<P>>>(|s| sign_with::<P, B>(sk, a_hat, mu, rnd, sig, s))
    }
}

/// `f` on s1 and s2's form `S`, zeroed, held in this frame: one frame per
/// form, so that a signature's stack holds its own form only.
#[inline(never)]
fn in_form<P: ParameterSet, B: Backend, S: SecretProducts<P, B>>(
    f: impl FnOnce(&mut dyn SecretProducts<P, B>),
) {
    f(&mut S::zeroed())
}

/// Sign_internal given A_hat: s1 and s2 unpacked into `secrets` (either
/// form, the one body), each t0_i where it is used; then the rejection
/// loop.
#[inline(never)]
fn sign_with<P: ParameterSet, B: Backend>(
    sk: &ExpandedSigningKey<P>,
    a_hat: &P::Matrix,
    mu: &[u8; 64],
    rnd: &[u8; 32],
    sig: &mut P::SigBytes,
    secrets: &mut dyn SecretProducts<P, B>,
) {
    secrets.prepare(sk);
    let k = sk.k();
    let mut sec = SignSecrets::<P> {
        rho_pp: [0; 64],
        y: P::VecL::zeroed(),
        z: P::VecL::zeroed(),
        w: P::VecK::zeroed(),
        cs: Poly::ZERO,
        scratch: [Poly::ZERO, Poly::ZERO],
    };
    // rho'' <- H(K || rnd || mu, 64)
    h_shake256_into::<B>(&[k, rnd, mu], &mut sec.rho_pp);
    let w1_bytes_per_poly = 32 * P::W1_BITS;
    let mut w1_bytes = [0u8; W1_MAX_LEN];
    let mut c_tilde = [0u8; 64];
    let mut c_hat = Poly::ZERO;
    let mut kappa: u16 = 0;
    let mut mask = MaskStream::new();
    'attempt: loop {
        // y <- ExpandMask(rho'', kappa); w <- NTT^-1(A_hat o NTT(y))
        expand_mask::<P, B>(&mut mask, &sec.rho_pp, kappa, &mut sec.y);
        kappa = kappa.wrapping_add(P::L as u16);
        sec.z.clone_from(&sec.y);
        ntt_vec::<P::VecL, B>(&mut sec.z);
        for (i, row) in a_hat.as_ref().iter().enumerate() {
            let w_i = &mut sec.w.as_mut()[i];
            B::pointwise_acc_montgomery(w_i, row.as_ref(), sec.z.as_ref());
            B::invntt_tomont(w_i);
            B::freeze(w_i);
            // w1 <- HighBits(w), packed row by row (w1Encode).
            let [w0, w1] = &mut sec.scratch;
            B::decompose::<P::Gamma2>(w1, w0, w_i);
            let at = i * w1_bytes_per_poly;
            B::pack_w1::<P::Gamma2>(&mut w1_bytes[at..at + w1_bytes_per_poly], w1);
        }
        // c~ <- H(mu || w1Encode(w1), lambda/4); c <- SampleInBall(c~)
        let mut xof = B::Shake256::new();
        xof.absorb(mu);
        xof.absorb(&w1_bytes[..P::W1_LEN]);
        xof.squeeze(&mut c_tilde[..P::C_TILDE_LEN]);
        drop(xof);
        sample_in_ball::<P, B>(&c_tilde[..P::C_TILDE_LEN], &mut c_hat, Challenge::Secret);
        secrets.challenge(&mut c_hat);

        // r0 <- LowBits(w - <<c s2>>), rejected if ||r0|| >= gamma2 - beta
        // (from the first r0_i out of bounds on); w becomes w - <<c s2>>.
        // Checked before z: line 23 rejects if either check fails, so the
        // order changes no result, and this one fails more often (about 57
        // / 68 / 61 % of attempts for ML-DSA-44 / 65 / 87, against 46 / 38
        // / 34 % for z), so fewer attempts pay for both.
        //
        // Constant-time check: each rejection decision is public (FIPS 204
        // lets the loop's length show), and so is which r0_i or z_i failed
        // first. It reveals nothing about s1 or s2. For y uniform, w = A y
        // is uniform mod q, and so is w - <<c s2>> whatever <<c s2>>: r0,
        // and whether it leaves the bound, do not depend on s2.
        for i in 0..P::K {
            secrets.c_times(&c_hat, SecretVector::S2, i, &mut sec.cs);
            let w_i = &mut sec.w.as_mut()[i];
            B::sub(w_i, &sec.cs);
            B::freeze(w_i);
            let [r1, r0] = &mut sec.scratch;
            B::decompose::<P::Gamma2>(r1, r0, w_i);
            if ct::public(B::exceeds_norm(r0, P::GAMMA2 - P::BETA)) {
                continue 'attempt;
            }
        }
        // z <- y + <<c s1>>, rejected if ||z|| >= gamma1 - beta: from the
        // first z_i out of bounds on, the attempt is dropped.
        //
        // Constant-time check: for y uniform, whether a coefficient y_j +
        // (c s1)_j leaves the bound has the same probability whatever (c
        // s1)_j, independently of the others; which side it left on would
        // not, and stays secret (the norm check examines every coefficient
        // of the polynomial the same way).
        for i in 0..P::L {
            secrets.c_times(&c_hat, SecretVector::S1, i, &mut sec.cs);
            let z_i = &mut sec.z.as_mut()[i];
            z_i.clone_from(&sec.y.as_ref()[i]);
            B::add(z_i, &sec.cs);
            B::reduce32(z_i);
            if ct::public(B::exceeds_norm(z_i, P::GAMMA1 - P::BETA)) {
                continue 'attempt;
            }
        }
        // <<c t0>>, rejected if ||c t0|| >= gamma2;
        // h <- MakeHint(-<<c t0>>, w - <<c s2>> + <<c t0>>), into w.
        secrets.challenge_hat(&mut c_hat);
        let mut reject = false;
        let mut ones = 0;
        for i in 0..P::K {
            let [minus_ct0, h_i] = &mut sec.scratch;
            // t0_hat[i], in h_i's place until h_i is made.
            sk.unpack_t0::<B>(i, h_i);
            B::ntt(h_i);
            B::pointwise_montgomery(&mut sec.cs, &c_hat, h_i);
            B::invntt_tomont(&mut sec.cs);
            B::reduce32(&mut sec.cs);
            reject |= B::exceeds_norm(&sec.cs, P::GAMMA2);
            let w_i = &mut sec.w.as_mut()[i];
            B::add(w_i, &sec.cs);
            B::freeze(w_i);
            minus_ct0.clone_from(&Poly::ZERO);
            B::sub(minus_ct0, &sec.cs);
            B::freeze(minus_ct0);
            ones += B::make_hint::<P::Gamma2>(h_i, minus_ct0, w_i);
            w_i.clone_from(h_i);
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
    ct::public_mem(&mut sec.w);
    // sigma <- sigEncode(c~, z mod+- q, h): z passed the norm check after
    // reduce32, so it is already the centered representative.
    sig_encode::<P, B>(&c_tilde[..P::C_TILDE_LEN], &sec.z, &sec.w, sig.as_mut());
    c_hat.zeroize();
    w1_bytes.as_mut_slice().zeroize();
    wipe_callee_frames();
}

/// Zeroes the 4 KiB of stack below the caller's frame, where signing's
/// callees had theirs: the samplers' and sponges' frames, whose spill
/// slots no `zeroize` names (seen: a lane of rho'' left by ExpandMask's
/// scalar permutation, at the deepest point of signing).
/// About as deep as signing's deepest callee (the samplers' frames), so
/// the peak stays where it was; `black_box` keeps the writes.
#[inline(never)]
fn wipe_callee_frames() {
    let mut frames = [0u8; 4 * 1024];
    core::hint::black_box(&mut frames);
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
    sample_in_ball::<P, B>(c_tilde, &mut c_hat, Challenge::Public);
    B::ntt(&mut c_hat);
    ntt_vec::<P::VecL, B>(&mut z);
    let mut rows = Streamed::<P, B>::new();
    // c~' <- H(mu || w1Encode(w'1), lambda/4), absorbed as w'1 is made
    // row by row, its whole blocks permuted beside the later rows' ExpandA
    // where the backend can.
    let mut hash = rows.c_tilde_hasher();
    hash.extend(mu);
    let mut w1_row = [0u8; W1_MAX_LEN / 8];
    let w1_bytes_per_poly = 32 * P::W1_BITS;
    // Each row overwrites both (made once: zeroing them per row cost a
    // memset a row).
    let (mut w, mut t1) = (Poly::ZERO, Poly::ZERO);
    for i in 0..P::K {
        // w'_approx = NTT^-1(A_hat o NTT(z) - NTT(c) o NTT(t1 2^d)). The
        // sum's terms: A_hat in [0, q), NTT outputs under 9q, l <= 7:
        // 7 * 9 q^2 + 81 q^2 = 144 q^2 <= 2^31 q.
        let row = rows.row(vk.rho(), i, &mut hash);
        vk.t1_shifted::<B>(i, &mut t1);
        B::ntt(&mut t1);
        B::pointwise_acc_sub_montgomery(&mut w, row.as_ref(), z.as_ref(), &c_hat, &t1);
        B::invntt_tomont(&mut w);
        // Into [0, q) for UseHint: the inverse NTT's output is in (-q, q).
        B::caddq(&mut w);
        // w'1 <- UseHint(h, w'_approx), packed row by row (w1Encode)
        B::use_hint::<P::Gamma2>(&mut t1, &h_vec.as_ref()[i], &w);
        let w1_i = &mut w1_row[..w1_bytes_per_poly];
        B::pack_w1::<P::Gamma2>(w1_i, &t1);
        hash.extend(w1_i);
    }
    let mut c_tilde_prime = [0u8; 64];
    hash.finish(&mut c_tilde_prime[..P::C_TILDE_LEN]);
    c_tilde == &c_tilde_prime[..P::C_TILDE_LEN]
}
