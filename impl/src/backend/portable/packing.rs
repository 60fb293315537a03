//! The portable z and w1 packers (the hot encodings of signing and
//! verification), on the shared bit packer.

use crate::bitpack::{pack_bits, unpack_bits};
use crate::params::{D, Gamma1, Gamma1Kind, Gamma2, Gamma2Kind};
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
