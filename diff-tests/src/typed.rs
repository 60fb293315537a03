//! The kernels that take a FIPS 204 parameter as a type (`Gamma1`,
//! `Gamma2`, `Eta`: the product picks them at compile time), called with
//! the parameter as a value, for the tests and lemmas that draw or loop
//! over both values. Another value is a bug in the caller, and panics.

use mldsa::backend::Backend;
use mldsa::backend::portable::{self, word::Word};
use mldsa::params::{Eta2, Eta4, Gamma1Pow17, Gamma1Pow19, Gamma2Q32, Gamma2Q88, N, Q};
use mldsa::poly::Poly;

macro_rules! by_value {
    ($value:expr, $what:literal, { $($v:expr => $t:ty),* }, |$T:ident| $call:expr) => {
        match $value {
            $(v if v == $v => {
                type $T = $t;
                $call
            })*
            v => panic!("{} = {} is not a FIPS 204 value", $what, v),
        }
    };
}

macro_rules! by_gamma2 {
    ($value:expr, |$T:ident| $call:expr) => {
        by_value!($value, "gamma2", { (Q - 1) / 88 => Gamma2Q88, (Q - 1) / 32 => Gamma2Q32 },
            |$T| $call)
    };
}

pub fn decompose<B: Backend>(gamma2: i32, a1: &mut Poly, a0: &mut Poly, a: &Poly) {
    by_gamma2!(gamma2, |G| B::decompose::<G>(a1, a0, a))
}

pub fn make_hint<B: Backend>(gamma2: i32, h: &mut Poly, z: &Poly, r: &Poly) -> usize {
    by_gamma2!(gamma2, |G| B::make_hint::<G>(h, z, r))
}

pub fn use_hint<B: Backend>(gamma2: i32, a: &mut Poly, h: &Poly, r: &Poly) {
    by_gamma2!(gamma2, |G| B::use_hint::<G>(a, h, r))
}

pub fn rej_eta<B: Backend>(eta: i32, out: &mut [i32; N], ctr: usize, buf: &[u8]) -> usize {
    by_value!(eta, "eta", { 2 => Eta2, 4 => Eta4 }, |E| B::rej_eta::<E>(out, ctr, buf))
}

/// pack_z for z in `bits` = 18 or 20 bits.
pub fn pack_z<B: Backend>(bits: usize, out: &mut [u8], a: &Poly) {
    by_value!(bits, "gamma1 bits", { 18 => Gamma1Pow17, 20 => Gamma1Pow19 },
        |G| B::pack_z::<G>(out, a))
}

pub fn unpack_z<B: Backend>(bits: usize, a: &mut Poly, v: &[u8]) {
    by_value!(bits, "gamma1 bits", { 18 => Gamma1Pow17, 20 => Gamma1Pow19 },
        |G| B::unpack_z::<G>(a, v))
}

/// pack_w1 for w1 in `bits` = 6 (gamma2 = (q-1)/88) or 4 bits.
pub fn pack_w1<B: Backend>(bits: usize, out: &mut [u8], a: &Poly) {
    by_value!(bits, "w1 bits", { 6 => Gamma2Q88, 4 => Gamma2Q32 },
        |G| B::pack_w1::<G>(out, a))
}

/// The portable scalar Decompose (generic over `Word`, for the z3 lemmas).
pub fn decompose_scalar<W: Word>(gamma2: i32, a: W) -> (W, W) {
    by_gamma2!(gamma2, |G| portable::decompose::<W, G>(a))
}

/// The portable scalar MakeHint.
pub fn make_hint_scalar<W: Word>(gamma2: i32, z: W, r: W) -> W {
    by_gamma2!(gamma2, |G| portable::make_hint::<W, G>(z, r))
}

/// The portable scalar UseHint.
pub fn use_hint_scalar<W: Word>(gamma2: i32, h: W, r: W) -> W {
    by_gamma2!(gamma2, |G| portable::use_hint::<W, G>(h, r))
}
