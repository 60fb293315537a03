//! Key and signature encodings (FIPS 204 Algorithms 20 to 28, section 7.2;
//! `encodings` in `mldsa-spec`): the byte strings pk, sk, sigma and w1,
//! generic over the parameter set; the hot packers come from the backend.
//! The RFC 9881 key formats around pk and sk (PKCS#8, SPKI) are
//! `crate::encoding`.

use crate::backend::Backend;
use crate::error::Error;
use crate::params::ParameterSet;
use crate::poly::Poly;

/// Bytes of one packed t1 polynomial (10 bits per coefficient).
pub const T1_BYTES: usize = 320;
/// Bytes of one packed t0 polynomial (13 bits per coefficient).
pub const T0_BYTES: usize = 416;

/// Where row i of t1 sits in pk (after rho).
#[inline(always)]
pub fn t1_row(i: usize) -> core::ops::Range<usize> {
    32 + i * T1_BYTES..32 + (i + 1) * T1_BYTES
}

// Whole-key form, for the differential tests (the operations work row by
// row).
#[cfg(feature = "internals")]
/// pkEncode (Algorithm 22): rho || `SimpleBitPack(t1[i], 2^10 - 1)`.
pub fn pk_encode<P: ParameterSet, B: Backend>(rho: &[u8; 32], t1: &P::VecK, pk: &mut [u8]) {
    pk[..32].copy_from_slice(rho);
    for (i, p) in t1.as_ref().iter().enumerate() {
        pack_t1_row::<B>(pk, i, p);
    }
}

/// SimpleBitPack(`t1[i]`, 2^10 - 1) into row i of pk (pkEncode, one row).
#[inline(always)]
pub fn pack_t1_row<B: Backend>(pk: &mut [u8], i: usize, t1_i: &Poly) {
    B::pack_t1(&mut pk[t1_row(i)], t1_i);
}

// Whole-key form, for the differential tests (the operations work row by
// row).
#[cfg(feature = "internals")]
/// pkDecode (Algorithm 23). `pk` must have P::PK_LEN bytes.
pub fn pk_decode<P: ParameterSet>(pk: &[u8], rho: &mut [u8; 32], t1: &mut P::VecK) {
    rho.copy_from_slice(&pk[..32]);
    for (i, p) in t1.as_mut().iter_mut().enumerate() {
        crate::bitpack::unpack_bits::<10>(p, &pk[t1_row(i)], |x| x as i32);
    }
}

// Whole-key form, for the differential tests (the operations work row by
// row).
#[cfg(feature = "internals")]
/// The parts of an expanded signing key (skDecode's output).
pub struct SkParts<'a, P: ParameterSet> {
    /// Public seed rho.
    pub rho: &'a [u8; 32],
    /// Private seed K.
    pub k: &'a [u8; 32],
    /// tr = H(pk, 64).
    pub tr: &'a [u8; 64],
    /// s1, coefficients in [-eta, eta].
    pub s1: &'a P::VecL,
    /// s2, coefficients in [-eta, eta].
    pub s2: &'a P::VecK,
    /// t0, coefficients in (-2^12, 2^12].
    pub t0: &'a P::VecK,
}

/// Where each part of an encoded signing key starts: rho, K and tr (32,
/// 32 and 64 bytes) at 0, 32 and 64; then s1[0..l], s2[0..k] (32 * ETA_BITS
/// bytes each) and t0[0..k] (`T0_BYTES` each).
pub struct SkLayout<P: ParameterSet>(core::marker::PhantomData<P>);

impl<P: ParameterSet> SkLayout<P> {
    /// Bytes of one packed s1 or s2 polynomial.
    pub const ETA_BYTES: usize = 32 * P::ETA_BITS;

    /// The bytes of `s1[i]`.
    #[inline(always)]
    pub fn s1(sk: &[u8], i: usize) -> &[u8] {
        let at = 128 + i * Self::ETA_BYTES;
        &sk[at..at + Self::ETA_BYTES]
    }

    /// The bytes of `s2[i]`.
    #[inline(always)]
    pub fn s2(sk: &[u8], i: usize) -> &[u8] {
        Self::s1(sk, P::L + i)
    }

    /// The bytes of `t0[i]`.
    #[inline(always)]
    pub fn t0(sk: &[u8], i: usize) -> &[u8] {
        let at = 128 + (P::L + P::K) * Self::ETA_BYTES + i * T0_BYTES;
        &sk[at..at + T0_BYTES]
    }

    /// The same, writable.
    #[inline(always)]
    pub fn s1_mut(sk: &mut [u8], i: usize) -> &mut [u8] {
        let at = 128 + i * Self::ETA_BYTES;
        &mut sk[at..at + Self::ETA_BYTES]
    }

    /// The same, writable.
    #[inline(always)]
    pub fn s2_mut(sk: &mut [u8], i: usize) -> &mut [u8] {
        Self::s1_mut(sk, P::L + i)
    }

    /// The same, writable.
    #[inline(always)]
    pub fn t0_mut(sk: &mut [u8], i: usize) -> &mut [u8] {
        let at = 128 + (P::L + P::K) * Self::ETA_BYTES + i * T0_BYTES;
        &mut sk[at..at + T0_BYTES]
    }
}

/// BitPack(a, eta, eta): one s1 or s2 polynomial (32 * ETA_BITS bytes).
#[inline(always)]
pub fn pack_eta<P: ParameterSet, B: Backend>(out: &mut [u8], a: &Poly) {
    B::pack_eta::<P::Eta>(out, a)
}

/// BitUnpack(v, eta, eta), and whether some coefficient fell outside
/// [-eta, eta] (nonzero then), computed without a branch on the secret.
#[inline(always)]
pub fn unpack_eta<P: ParameterSet, B: Backend>(a: &mut Poly, v: &[u8]) -> i32 {
    B::unpack_eta::<P::Eta>(a, v)
}

/// BitPack(a, 2^(d-1) - 1, 2^(d-1)): one t0 polynomial (`T0_BYTES`).
#[inline(always)]
pub fn pack_t0<B: Backend>(out: &mut [u8], a: &Poly) {
    B::pack_t0(out, a)
}

/// BitUnpack(v, 2^(d-1) - 1, 2^(d-1)): one t0 polynomial.
#[inline(always)]
pub fn unpack_t0<B: Backend>(a: &mut Poly, v: &[u8]) {
    B::unpack_t0(a, v)
}

// Whole-key form, for the differential tests (the operations work row by
// row).
#[cfg(feature = "internals")]
/// skEncode (Algorithm 24). `sk` must have P::SK_LEN bytes.
pub fn sk_encode<P: ParameterSet, B: Backend>(parts: &SkParts<'_, P>, sk: &mut [u8]) {
    sk[..32].copy_from_slice(parts.rho);
    sk[32..64].copy_from_slice(parts.k);
    sk[64..128].copy_from_slice(parts.tr);
    for (i, p) in parts.s1.as_ref().iter().enumerate() {
        pack_eta::<P, B>(SkLayout::<P>::s1_mut(sk, i), p);
    }
    for (i, p) in parts.s2.as_ref().iter().enumerate() {
        pack_eta::<P, B>(SkLayout::<P>::s2_mut(sk, i), p);
    }
    for (i, p) in parts.t0.as_ref().iter().enumerate() {
        pack_t0::<B>(SkLayout::<P>::t0_mut(sk, i), p);
    }
}

// Whole-key form, for the differential tests (the operations work row by
// row).
#[cfg(feature = "internals")]
/// skDecode (Algorithm 25) with the range check the standard leaves to the
/// caller: every s1 and s2 coefficient must lie in [-eta, eta]
/// (`Error::MalformedKey` otherwise). `sk` must have P::SK_LEN bytes.
pub fn sk_decode<P: ParameterSet, B: Backend>(
    sk: &[u8],
    rho: &mut [u8; 32],
    k: &mut [u8; 32],
    tr: &mut [u8; 64],
    s1: &mut P::VecL,
    s2: &mut P::VecK,
    t0: &mut P::VecK,
) -> Result<(), Error> {
    rho.copy_from_slice(&sk[..32]);
    k.copy_from_slice(&sk[32..64]);
    tr.copy_from_slice(&sk[64..128]);
    let mut out_of_range = 0i32;
    for (i, p) in s1.as_mut().iter_mut().enumerate() {
        out_of_range |= unpack_eta::<P, B>(p, SkLayout::<P>::s1(sk, i));
    }
    for (i, p) in s2.as_mut().iter_mut().enumerate() {
        out_of_range |= unpack_eta::<P, B>(p, SkLayout::<P>::s2(sk, i));
    }
    for (i, p) in t0.as_mut().iter_mut().enumerate() {
        unpack_t0::<B>(p, SkLayout::<P>::t0(sk, i));
    }
    // Constant-time check: whether the key is refused is public (the
    // caller's result).
    if crate::ct::public(out_of_range) != 0 {
        Err(Error::MalformedKey)
    } else {
        Ok(())
    }
}

/// HintBitPack (Algorithm 20) into the last omega + k bytes.
///
/// Eight coefficients at a time: the mask of those that are nonzero picks
/// the row of [`SET_BITS`] that lists their positions, stored at the count
/// so far, and the count moves on by the mask's [`ONES`]. No branch per
/// coefficient: a branch on each of the k * 256 coefficients mispredicted
/// at most of the ones. The hints are public here (they are part of the
/// signature, `sig_encode` runs on the accepted attempt only), so the
/// tables may be indexed by them. As in FIPS 204, h has at most omega ones
/// (Sign_internal rejects more); with more, the first omega positions are
/// kept: the stores start at min(count, omega), into a buffer with eight
/// bytes to spare.
fn hint_bit_pack<P: ParameterSet>(h: &P::VecK, y: &mut [u8]) {
    const { assert!(P::OMEGA <= MAX_OMEGA) };
    let mut positions = [0u8; MAX_OMEGA + 8];
    let mut index = 0;
    for (i, p) in h.as_ref().iter().enumerate() {
        for (c, chunk) in p.coeffs.as_chunks::<8>().0.iter().enumerate() {
            let mut mask = 0;
            for (k, &x) in chunk.iter().enumerate() {
                mask |= usize::from(x != 0) << k;
            }
            let at = Ord::min(index, P::OMEGA);
            let first = 8 * c as u8;
            for (slot, &bit) in positions[at..at + 8].iter_mut().zip(&SET_BITS[mask]) {
                *slot = first + bit;
            }
            index += usize::from(ONES[mask]);
        }
        y[P::OMEGA + i] = Ord::min(index, P::OMEGA) as u8;
    }
    let count = Ord::min(index, P::OMEGA);
    y[..count].copy_from_slice(&positions[..count]);
    y[count..P::OMEGA].fill(0);
}

/// The largest omega of the parameter sets (ML-DSA-44's).
const MAX_OMEGA: usize = 80;

/// For each 8-bit mask, the positions of its set bits, lowest first (then
/// zeros): HintBitPack's compaction table.
const SET_BITS: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut bit, mut n) = (0, 0);
        while bit < 8 {
            if mask >> bit & 1 == 1 {
                table[mask][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
};

/// For each 8-bit mask, its number of set bits (`count_ones` needs a
/// `popcnt` that the x86-64 baseline lacks).
const ONES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut mask = 0;
    while mask < 256 {
        table[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    table
};

/// HintBitUnpack (Algorithm 21): `Err(MalformedSignature)` for the standard's
/// bottom.
fn hint_bit_unpack<P: ParameterSet>(y: &[u8], h: &mut P::VecK) -> Result<(), Error> {
    let mut index = 0usize;
    for (i, p) in h.as_mut().iter_mut().enumerate() {
        *p = Poly::ZERO;
        let end = y[P::OMEGA + i] as usize;
        if end < index || end > P::OMEGA {
            return Err(Error::MalformedSignature);
        }
        let first = index;
        while index < end {
            if index > first && y[index - 1] >= y[index] {
                return Err(Error::MalformedSignature);
            }
            p.coeffs[y[index] as usize] = 1;
            index += 1;
        }
    }
    if y[index..P::OMEGA].iter().any(|&b| b != 0) {
        return Err(Error::MalformedSignature);
    }
    Ok(())
}

/// sigEncode (Algorithm 26): c~ || `BitPack(z[i], gamma1 - 1, gamma1)` ||
/// HintBitPack(h). z must be centered (|z_i| < gamma1); h has at most omega ones.
#[inline(never)]
pub fn sig_encode<P: ParameterSet, B: Backend>(
    c_tilde: &[u8],
    z: &P::VecL,
    h: &P::VecK,
    sig: &mut [u8],
) {
    sig[..P::C_TILDE_LEN].copy_from_slice(c_tilde);
    let z_bytes = 32 * P::GAMMA1_BITS;
    let mut offset = P::C_TILDE_LEN;
    for p in z.as_ref() {
        B::pack_z::<P::Gamma1>(&mut sig[offset..offset + z_bytes], p);
        offset += z_bytes;
    }
    hint_bit_pack::<P>(h, &mut sig[offset..]);
}

/// sigDecode (Algorithm 27). `sig` must have P::SIG_LEN bytes; a malformed
/// hint is `Err(MalformedSignature)`.
#[inline(never)]
pub fn sig_decode<P: ParameterSet, B: Backend>(
    sig: &[u8],
    z: &mut P::VecL,
    h: &mut P::VecK,
) -> Result<(), Error> {
    let z_bytes = 32 * P::GAMMA1_BITS;
    let mut offset = P::C_TILDE_LEN;
    for p in z.as_mut() {
        B::unpack_z::<P::Gamma1>(p, &sig[offset..offset + z_bytes]);
        offset += z_bytes;
    }
    hint_bit_unpack::<P>(&sig[offset..], h)
}

// Whole-key form, for the differential tests (the operations work row by
// row).
#[cfg(feature = "internals")]
/// w1Encode (Algorithm 28) into `out` (P::W1_LEN bytes).
#[inline(always)]
pub fn w1_encode<P: ParameterSet, B: Backend>(w1: &P::VecK, out: &mut [u8]) {
    let bytes = 32 * P::W1_BITS;
    for (i, p) in w1.as_ref().iter().enumerate() {
        B::pack_w1::<P::Gamma2>(&mut out[i * bytes..(i + 1) * bytes], p);
    }
}
