//! The portable packers of the hot encodings (z and w1 in signing and
//! verification; s1, s2, t0 and t1 in key generation), on the shared bit
//! packer.

use crate::bitpack::{pack_bits, unpack_bits};
use crate::params::{D, Eta, EtaKind, Gamma1, Gamma1Kind, Gamma2, Gamma2Kind};
use crate::poly::Poly;

// The widths are named per kind: `G::BITS` as a const generic argument
// would need generic_const_exprs. Each match folds away at compile time.

/// BitUnpack(v, gamma1 - 1, gamma1).
#[inline(always)]
pub fn unpack_z<G: Gamma1>(a: &mut Poly, v: &[u8]) {
    match G::KIND {
        Gamma1Kind::Pow17 => unpack_bits::<18>(a, v, |x| G::GAMMA1 - x as i32),
        Gamma1Kind::Pow19 => unpack_bits::<20>(a, v, |x| G::GAMMA1 - x as i32),
    }
}

/// BitPack(a, gamma1 - 1, gamma1).
#[inline(always)]
pub fn pack_z<G: Gamma1>(out: &mut [u8], a: &Poly) {
    match G::KIND {
        Gamma1Kind::Pow17 => pack_bits::<18>(out, a, |c| (G::GAMMA1 - c) as u32),
        Gamma1Kind::Pow19 => pack_bits::<20>(out, a, |c| (G::GAMMA1 - c) as u32),
    }
}

/// SimpleBitUnpack(v, 2^10 - 1) (one row of pkDecode's t1), times 2^d.
#[inline(always)]
pub fn unpack_t1_shifted(a: &mut Poly, v: &[u8]) {
    unpack_bits::<10>(a, v, |x| (x << D) as i32)
}

/// SimpleBitPack(w1, m - 1).
#[inline(always)]
pub fn pack_w1<G: Gamma2>(out: &mut [u8], a: &Poly) {
    match G::KIND {
        Gamma2Kind::Q88 => pack_bits::<6>(out, a, |c| c as u32),
        Gamma2Kind::Q32 => pack_bits::<4>(out, a, |c| c as u32),
    }
}

/// BitPack(a, eta, eta): one s1 or s2 polynomial of skEncode.
#[inline(always)]
pub fn pack_eta<E: Eta>(out: &mut [u8], a: &Poly) {
    let f = |c| (E::ETA - c) as u32;
    match E::KIND {
        EtaKind::Two => pack_bits::<3>(out, a, f),
        EtaKind::Four => pack_bits::<4>(out, a, f),
    }
}

/// BitPack(a, 2^(d-1) - 1, 2^(d-1)): one t0 polynomial of skEncode.
#[inline(always)]
pub fn pack_t0(out: &mut [u8], a: &Poly) {
    pack_bits::<{ D as usize }>(out, a, |c| ((1 << (D - 1)) - c) as u32);
}

/// BitUnpack(v, eta, eta): one s1 or s2 polynomial of skDecode, and
/// whether some coefficient fell outside [-eta, eta] (nonzero then),
/// computed without a branch on the secret.
#[inline(always)]
pub fn unpack_eta<E: Eta>(a: &mut Poly, v: &[u8]) -> i32 {
    let g = |x| E::ETA - x as i32;
    match E::KIND {
        EtaKind::Two => unpack_bits::<3>(a, v, g),
        EtaKind::Four => unpack_bits::<4>(a, v, g),
    }
    let mut out_of_range = 0i32;
    for &c in a.coeffs.iter() {
        // c < -eta, as a sign bit.
        out_of_range |= (c + E::ETA) >> 31;
    }
    out_of_range
}

/// BitUnpack(v, 2^(d-1) - 1, 2^(d-1)): one t0 polynomial of skDecode.
#[inline(always)]
pub fn unpack_t0(a: &mut Poly, v: &[u8]) {
    unpack_bits::<{ D as usize }>(a, v, |x| (1 << (D - 1)) - x as i32);
}

/// SimpleBitPack(a, 2^10 - 1): one t1 polynomial of pkEncode.
#[inline(always)]
pub fn pack_t1(out: &mut [u8], a: &Poly) {
    pack_bits::<10>(out, a, |c| c as u32);
}
