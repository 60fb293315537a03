//! Encodings of ML-DSA keys and signatures, FIPS 204 section 7.2
//! (Algorithms 22 to 28).
//!
//! The standard takes inputs of the right length for granted; the decoders
//! here check the length first and return `Error::WrongLength` otherwise.

use crate::contract::checked;
use crate::conversions::{
    bit_pack, bit_unpack, hint_bit_pack, hint_bit_unpack, simple_bit_pack, simple_bit_unpack,
};
use crate::error::Error;
use crate::params::{BITLEN_Q_MINUS_1, D, ParamSet, Q, bitlen};
use crate::ring::{Poly, count_nonzero, vector_in};
#[cfg(hax)]
use hax_lib::Prop;

/// 2^(bitlen(q-1) - d) - 1, the largest coefficient of t1.
pub const T1_MAX: u32 = (1 << (BITLEN_Q_MINUS_1 - D)) - 1;

/// Algorithm 22, pkEncode(rho, t1): the public key, 32 + 32 k (bitlen(q-1) - d)
/// bytes.
#[checked]
#[hax_lib::requires(vector_in(t1, params.k(), 0, T1_MAX as i32))]
#[hax_lib::ensures(|pk| pk.len() == params.pk_len())]
pub fn pk_encode(params: &ParamSet, rho: &[u8; 32], t1: &[Poly]) -> Vec<u8> {
    // 1: pk <- rho
    let mut pk = rho.to_vec();
    // 2: for i from 0 to k - 1 do
    for i in 0..params.k() {
        hax_lib::loop_invariant!(|i: usize| pk.len() == 32 + i * 32 * (BITLEN_Q_MINUS_1 - D));
        // 3: pk <- pk || SimpleBitPack(t1[i], 2^(bitlen(q-1)-d) - 1)
        pk.extend_from_slice(&simple_bit_pack(&t1[i], T1_MAX));
    } // 4: end for
    // 5: return pk
    pk
}

/// Algorithm 23, pkDecode(pk): reverses pkEncode. Every byte string of the
/// right length decodes; a wrong length is an error.
#[checked]
#[hax_lib::ensures(|r| match r {
    Ok((_rho, t1)) => vector_in(&t1, params.k(), 0, T1_MAX as i32),
    Err(_) => Prop::from(pk.len() != params.pk_len()),
})]
pub fn pk_decode(params: &ParamSet, pk: &[u8]) -> Result<([u8; 32], Vec<Poly>), Error> {
    if pk.len() != params.pk_len() {
        return Err(Error::WrongLength);
    }
    let z_len = 32 * (BITLEN_Q_MINUS_1 - D);
    // 1: (rho, z_0, ..., z_{k-1}) <- pk
    let mut rho = [0u8; 32];
    rho.copy_from_slice(&pk[0..32]);
    let mut t1: Vec<Poly> = Vec::new();
    // 2: for i from 0 to k - 1 do
    for i in 0..params.k() {
        hax_lib::loop_invariant!(|i: usize| vector_in(&t1, i, 0, T1_MAX as i32));
        let z_i = &pk[32 + i * z_len..32 + (i + 1) * z_len];
        // 3: t1[i] <- SimpleBitUnpack(z_i, 2^(bitlen(q-1)-d) - 1)
        t1.push(simple_bit_unpack(z_i, T1_MAX));
    } // 4: end for
    // 5: return (rho, t1)
    Ok((rho, t1))
}

/// Algorithm 24, skEncode(rho, K, tr, s1, s2, t0): the private key,
/// 32 + 32 + 64 + 32 ((l + k) bitlen(2 eta) + d k) bytes. KeyGen passes s1,
/// s2 in [-eta, eta]; the precondition admits all that skDecode returns
/// (down to eta - 2^bitlen(2 eta) + 1), which BitPack encodes as well.
#[checked]
#[hax_lib::requires(vector_in(s1, params.l(), params.eta() + 1 - (1 << params.bitlen_2eta()), params.eta())
    .and(vector_in(s2, params.k(), params.eta() + 1 - (1 << params.bitlen_2eta()), params.eta()))
    .and(vector_in(t0, params.k(), -(1 << (D - 1)) + 1, 1 << (D - 1))))]
#[hax_lib::ensures(|sk| sk.len() == params.sk_len())]
pub fn sk_encode(
    params: &ParamSet,
    rho: &[u8; 32],
    cap_k: &[u8; 32],
    tr: &[u8; 64],
    s1: &[Poly],
    s2: &[Poly],
    t0: &[Poly],
) -> Vec<u8> {
    let eta = params.eta() as u32;
    // 1: sk <- rho || K || tr
    let mut sk = rho.to_vec();
    sk.extend_from_slice(cap_k);
    sk.extend_from_slice(tr);
    // 2: for i from 0 to l - 1 do
    for i in 0..params.l() {
        hax_lib::loop_invariant!(|i: usize| sk.len() == 128 + i * 32 * params.bitlen_2eta());
        // 3: sk <- sk || BitPack(s1[i], eta, eta)
        sk.extend_from_slice(&bit_pack(&s1[i], eta, eta));
    } // 4: end for
    // 5: for i from 0 to k - 1 do
    for i in 0..params.k() {
        hax_lib::loop_invariant!(
            |i: usize| sk.len() == 128 + (params.l() + i) * 32 * params.bitlen_2eta()
        );
        // 6: sk <- sk || BitPack(s2[i], eta, eta)
        sk.extend_from_slice(&bit_pack(&s2[i], eta, eta));
    } // 7: end for
    // 8: for i from 0 to k - 1 do
    for i in 0..params.k() {
        hax_lib::loop_invariant!(|i: usize| sk.len()
            == 128 + (params.l() + params.k()) * 32 * params.bitlen_2eta() + i * 32 * D);
        // 9: sk <- sk || BitPack(t0[i], 2^(d-1) - 1, 2^(d-1))
        sk.extend_from_slice(&bit_pack(&t0[i], (1 << (D - 1)) - 1, 1 << (D - 1)));
    } // 10: end for
    // 11: return sk
    sk
}

/// The decoded private key (rho, K, tr, s1, s2, t0) of Algorithm 25.
pub type DecodedSk = (
    [u8; 32],
    [u8; 32],
    [u8; 64],
    Vec<Poly>,
    Vec<Poly>,
    Vec<Poly>,
);

/// Algorithm 25, skDecode(sk): reverses skEncode. As in the standard, s1 and
/// s2 may fall outside [-eta, eta] when sk is malformed (down to
/// eta - 2^bitlen(2 eta) + 1); t0 is always in range.
#[checked]
#[hax_lib::ensures(|r| match r {
    Ok((_rho, _cap_k, _tr, s1, s2, t0)) => {
        vector_in(&s1, params.l(), params.eta() + 1 - (1 << params.bitlen_2eta()), params.eta())
            .and(vector_in(&s2, params.k(), params.eta() + 1 - (1 << params.bitlen_2eta()), params.eta()))
            .and(vector_in(&t0, params.k(), -(1 << (D - 1)) + 1, 1 << (D - 1)))
    }
    Err(_) => Prop::from(sk.len() != params.sk_len()),
})]
pub fn sk_decode(params: &ParamSet, sk: &[u8]) -> Result<DecodedSk, Error> {
    if sk.len() != params.sk_len() {
        return Err(Error::WrongLength);
    }
    let eta = params.eta() as u32;
    let y_len = 32 * bitlen(2 * eta);
    let w_len = 32 * D;
    // 1: (rho, K, tr, y_0, ..., y_{l-1}, z_0, ..., z_{k-1}, w_0, ..., w_{k-1}) <- sk
    let mut rho = [0u8; 32];
    rho.copy_from_slice(&sk[0..32]);
    let mut cap_k = [0u8; 32];
    cap_k.copy_from_slice(&sk[32..64]);
    let mut tr = [0u8; 64];
    tr.copy_from_slice(&sk[64..128]);
    let y_start = 128;
    let z_start = y_start + params.l() * y_len;
    let w_start = z_start + params.k() * y_len;
    let mut s1: Vec<Poly> = Vec::new();
    let mut s2: Vec<Poly> = Vec::new();
    let mut t0: Vec<Poly> = Vec::new();
    // The least coefficient BitUnpack(., eta, eta) can return.
    let s_min = params.eta() + 1 - (1 << params.bitlen_2eta());
    // 2: for i from 0 to l - 1 do
    for i in 0..params.l() {
        hax_lib::loop_invariant!(|i: usize| vector_in(&s1, i, s_min, params.eta()));
        // 3: s1[i] <- BitUnpack(y_i, eta, eta)
        s1.push(bit_unpack(
            &sk[y_start + i * y_len..y_start + (i + 1) * y_len],
            eta,
            eta,
        ));
    } // 4: end for
    // 5: for i from 0 to k - 1 do
    for i in 0..params.k() {
        hax_lib::loop_invariant!(|i: usize| vector_in(&s2, i, s_min, params.eta()));
        // 6: s2[i] <- BitUnpack(z_i, eta, eta)
        s2.push(bit_unpack(
            &sk[z_start + i * y_len..z_start + (i + 1) * y_len],
            eta,
            eta,
        ));
    } // 7: end for
    // 8: for i from 0 to k - 1 do
    for i in 0..params.k() {
        hax_lib::loop_invariant!(|i: usize| vector_in(&t0, i, -(1 << (D - 1)) + 1, 1 << (D - 1)));
        // 9: t0[i] <- BitUnpack(w_i, 2^(d-1) - 1, 2^(d-1))
        let w_i = &sk[w_start + i * w_len..w_start + (i + 1) * w_len];
        t0.push(bit_unpack(w_i, (1 << (D - 1)) - 1, 1 << (D - 1)));
    } // 10: end for
    // 11: return (rho, K, tr, s1, s2, t0)
    Ok((rho, cap_k, tr, s1, s2, t0))
}

/// Algorithm 26, sigEncode(c~, z, h): the signature, lambda/4 + l 32
/// (1 + bitlen(gamma1 - 1)) + omega + k bytes.
#[checked]
#[hax_lib::requires(Prop::from(c_tilde.len() == params.lambda() / 4)
    .and(vector_in(z, params.l(), -params.gamma1() + 1, params.gamma1()))
    .and(h.len() == params.k() && count_nonzero(h) <= params.omega()))]
#[hax_lib::ensures(|sigma| sigma.len() == params.sig_len())]
pub fn sig_encode(params: &ParamSet, c_tilde: &[u8], z: &[Poly], h: &[Poly]) -> Vec<u8> {
    let gamma1 = params.gamma1() as u32;
    // 1: sigma <- c~
    let mut sigma = c_tilde.to_vec();
    // 2: for i from 0 to l - 1 do
    for i in 0..params.l() {
        hax_lib::loop_invariant!(
            |i: usize| sigma.len() == params.lambda() / 4 + i * 32 * params.gamma1_bits()
        );
        // 3: sigma <- sigma || BitPack(z[i], gamma1 - 1, gamma1)
        sigma.extend_from_slice(&bit_pack(&z[i], gamma1 - 1, gamma1));
    } // 4: end for
    // 5: sigma <- sigma || HintBitPack(h)
    sigma.extend_from_slice(&hint_bit_pack(h, params.omega(), params.k()));
    // 6: return sigma
    sigma
}

/// The decoded signature (c~, z, h) of Algorithm 27; h is `None` (bottom)
/// when the hint encoding is malformed.
pub type DecodedSig = (Vec<u8>, Vec<Poly>, Option<Vec<Poly>>);

/// Algorithm 27, sigDecode(sigma): reverses sigEncode. A wrong length is an
/// error; a malformed hint gives h = bottom (`None`), as in the standard.
#[checked]
#[hax_lib::ensures(|r| match r {
    Ok((c_tilde, z, h)) => Prop::from(c_tilde.len() == params.lambda() / 4)
        .and(vector_in(&z, params.l(), -params.gamma1() + 1, params.gamma1()))
        .and(match h {
            Some(h) => Prop::from(h.len() == params.k() && count_nonzero(&h) <= params.omega())
                .and(crate::ring::is_binary(&h)),
            None => Prop::from(true),
        }),
    Err(_) => Prop::from(sigma.len() != params.sig_len()),
})]
pub fn sig_decode(params: &ParamSet, sigma: &[u8]) -> Result<DecodedSig, Error> {
    if sigma.len() != params.sig_len() {
        return Err(Error::WrongLength);
    }
    let gamma1 = params.gamma1() as u32;
    let c_len = params.lambda() / 4;
    let x_len = 32 * params.gamma1_bits();
    // 1: (c~, x_0, ..., x_{l-1}, y) <- sigma
    let c_tilde = sigma[0..c_len].to_vec();
    let y = &sigma[c_len + params.l() * x_len..];
    let mut z: Vec<Poly> = Vec::new();
    // 2: for i from 0 to l - 1 do
    for i in 0..params.l() {
        hax_lib::loop_invariant!(|i: usize| vector_in(
            &z,
            i,
            -params.gamma1() + 1,
            params.gamma1()
        ));
        // 3: z[i] <- BitUnpack(x_i, gamma1 - 1, gamma1)
        let x_i = &sigma[c_len + i * x_len..c_len + (i + 1) * x_len];
        z.push(bit_unpack(x_i, gamma1 - 1, gamma1));
    } // 4: end for
    // 5: h <- HintBitUnpack(y)
    let h = hint_bit_unpack(y, params.omega(), params.k());
    // 6: return (c~, z, h)
    Ok((c_tilde, z, h))
}

/// Algorithm 28, w1Encode(w1): encodes the commitment w1 (coefficients in
/// [0, (q-1)/(2 gamma2) - 1]) as the byte string that Sign and Verify hash.
#[checked]
#[hax_lib::requires(vector_in(w1, params.k(), 0, (Q - 1) / (2 * params.gamma2()) - 1))]
#[hax_lib::ensures(|w1_tilde| w1_tilde.len() == params.k() * 32 * params.w1_bits())]
pub fn w1_encode(params: &ParamSet, w1: &[Poly]) -> Vec<u8> {
    let b = ((Q - 1) / (2 * params.gamma2()) - 1) as u32;
    // 1: w1~ <- ()
    let mut w1_tilde: Vec<u8> = Vec::new();
    // 2: for i from 0 to k - 1 do
    for i in 0..params.k() {
        hax_lib::loop_invariant!(|i: usize| w1_tilde.len() == i * 32 * params.w1_bits());
        // 3: w1~ <- w1~ || SimpleBitPack(w1[i], (q-1)/(2 gamma2) - 1)
        w1_tilde.extend_from_slice(&simple_bit_pack(&w1[i], b));
    } // 4: end for
    // 5: return w1~
    w1_tilde
}
