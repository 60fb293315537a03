//! The packing kernels against the spec's Algorithms 16, 17 and 19:
//! `pack_z` / `unpack_z` (18 and 20 bits, BitPack / BitUnpack with
//! a = gamma1 - 1, b = gamma1), `pack_w1` (4 and 6 bits, SimpleBitPack
//! with b = (q-1)/(2 gamma2) - 1), `unpack_t1_shifted` (SimpleBitUnpack
//! with b = 2^10 - 1, one row of pkDecode's t1, times 2^d), and skEncode's
//! and pkEncode's polynomials: `pack_eta` (BitPack(s, eta, eta), 3 and 4
//! bits), `pack_t0` (BitPack(t0, 2^(d-1) - 1, 2^(d-1)), 13 bits) and
//! `pack_t1` (SimpleBitPack(t1, 2^10 - 1)), and skDecode's `unpack_eta`
//! (with its out-of-range flag) and `unpack_t0`.

use crate::common::*;
use mldsa::backend::Backend;
use mldsa::params::{Eta2, Eta4};
use mldsa::poly::Poly;
use mldsa_spec::conversions::{bit_pack, bit_unpack, simple_bit_pack, simple_bit_unpack};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// gamma1 for 18 and 20 bits.
fn gamma1(bits: usize) -> i32 {
    1 << (bits - 1)
}

/// The largest w1 coefficient for 4 and 6 bits: 15 ((q-1)/32) and 43 ((q-1)/88).
fn w1_max(bits: usize) -> i32 {
    if bits == 4 { 15 } else { 43 }
}

/// pack_z for coefficients in [-(gamma1 - 1), gamma1]: exactly
/// BitPack(a, gamma1 - 1, gamma1) in all 32 * bits bytes of `out`, whatever
/// `out` held before.
fn check_pack_z<B: Backend>(bits: usize, a: &Coeffs, junk: u8) -> Result<(), TestCaseError> {
    let g1 = gamma1(bits);
    assert!(a.iter().all(|&x| -(g1 - 1) <= x && x <= g1));
    let mut out = vec![junk; 32 * bits];
    typed::pack_z::<B>(bits, &mut out, &poly(a));
    let expected = bit_pack(a, (g1 - 1) as u32, g1 as u32);
    prop_assert_eq!(out, expected, "{}: pack_z({} bits)", B::NAME, bits);
    Ok(())
}

/// unpack_z on any 32 * bits bytes: exactly BitUnpack(v, gamma1 - 1, gamma1),
/// every coefficient in [-(gamma1 - 1), gamma1]; and pack_z undoes it.
fn check_unpack_z<B: Backend>(bits: usize, v: &[u8]) -> Result<(), TestCaseError> {
    let g1 = gamma1(bits);
    let mut p = Poly::from_coeffs([0x1234567; N]);
    typed::unpack_z::<B>(bits, &mut p, v);
    let expected = bit_unpack(v, (g1 - 1) as u32, g1 as u32);
    prop_assert_eq!(p.coeffs, expected, "{}: unpack_z({} bits)", B::NAME, bits);
    for &x in p.coeffs.iter() {
        prop_assert!(
            -(g1 - 1) <= x && x <= g1,
            "{}: unpack_z gave {}",
            B::NAME,
            x
        );
    }
    let mut again = vec![0u8; 32 * bits];
    typed::pack_z::<B>(bits, &mut again, &p);
    prop_assert_eq!(again, v.to_vec(), "{}: pack_z(unpack_z(v)) != v", B::NAME);
    Ok(())
}

/// pack_w1 for coefficients in [0, b]: exactly SimpleBitPack(a, b).
fn check_pack_w1<B: Backend>(bits: usize, a: &Coeffs, junk: u8) -> Result<(), TestCaseError> {
    let b = w1_max(bits);
    assert!(a.iter().all(|&x| (0..=b).contains(&x)));
    let mut out = vec![junk; 32 * bits];
    typed::pack_w1::<B>(bits, &mut out, &poly(a));
    prop_assert_eq!(
        out,
        simple_bit_pack(a, b as u32),
        "{}: pack_w1({} bits)",
        B::NAME,
        bits
    );
    Ok(())
}

/// unpack_t1_shifted on any 320 bytes: exactly SimpleBitUnpack(v, 2^10 - 1)
/// times 2^d, whatever the polynomial held before.
fn check_unpack_t1_shifted<B: Backend>(v: &[u8]) -> Result<(), TestCaseError> {
    let mut p = Poly::from_coeffs([0x1234567; N]);
    B::unpack_t1_shifted(&mut p, v);
    let expected: Vec<i32> = simple_bit_unpack(v, (1 << 10) - 1)
        .iter()
        .map(|&t1| t1 << mldsa_spec::params::D)
        .collect();
    prop_assert_eq!(
        p.coeffs.to_vec(),
        expected,
        "{}: unpack_t1_shifted",
        B::NAME
    );
    Ok(())
}

/// The polynomials of skEncode and pkEncode: which one, by its bit width.
#[derive(Clone, Copy, Debug)]
enum KeyPoly {
    /// s1 or s2 with eta = 2 (3 bits) or 4 (4 bits).
    Eta(i32),
    /// t0, 13 bits.
    T0,
    /// t1, 10 bits.
    T1,
}

impl KeyPoly {
    /// The coefficients' range: [-a, b], as BitPack's bounds.
    fn bounds(self) -> (i32, i32) {
        match self {
            KeyPoly::Eta(eta) => (eta, eta),
            KeyPoly::T0 => (4095, 4096),
            KeyPoly::T1 => (0, 1023),
        }
    }

    fn bits(self) -> usize {
        match self {
            KeyPoly::Eta(2) => 3,
            KeyPoly::Eta(_) => 4,
            KeyPoly::T0 => 13,
            KeyPoly::T1 => 10,
        }
    }
}

/// The key packers for coefficients in range: exactly BitPack (SimpleBitPack
/// for t1) in all 32 * bits bytes of `out`, whatever `out` held before.
fn check_pack_key<B: Backend>(which: KeyPoly, a: &Coeffs, junk: u8) -> Result<(), TestCaseError> {
    let (lo, hi) = which.bounds();
    assert!(a.iter().all(|&x| -lo <= x && x <= hi));
    let mut out = vec![junk; 32 * which.bits()];
    let p = poly(a);
    match which {
        KeyPoly::Eta(2) => B::pack_eta::<Eta2>(&mut out, &p),
        KeyPoly::Eta(_) => B::pack_eta::<Eta4>(&mut out, &p),
        KeyPoly::T0 => B::pack_t0(&mut out, &p),
        KeyPoly::T1 => B::pack_t1(&mut out, &p),
    }
    let expected = match which {
        KeyPoly::T1 => simple_bit_pack(a, hi as u32),
        _ => bit_pack(a, lo as u32, hi as u32),
    };
    prop_assert_eq!(out, expected, "{}: {:?}", B::NAME, which);
    Ok(())
}

/// skDecode's unpackers on any 32 * bits bytes (`which` is s1 / s2 or t0):
/// exactly BitUnpack, whatever the polynomial held before; for s1 and s2,
/// a nonzero flag exactly when a coefficient fell below -eta.
fn check_unpack_key<B: Backend>(which: KeyPoly, v: &[u8]) -> Result<(), TestCaseError> {
    let (lo, hi) = which.bounds();
    let mut p = Poly::from_coeffs([0x1234567; N]);
    let expected = bit_unpack(v, lo as u32, hi as u32);
    match which {
        KeyPoly::Eta(eta) => {
            let flag = if eta == 2 {
                B::unpack_eta::<Eta2>(&mut p, v)
            } else {
                B::unpack_eta::<Eta4>(&mut p, v)
            };
            let outside = expected.iter().any(|&x| x < -eta);
            prop_assert_eq!(flag != 0, outside, "{}: {:?} flag", B::NAME, which);
        }
        KeyPoly::T0 => B::unpack_t0(&mut p, v),
        KeyPoly::T1 => unreachable!("pkDecode's t1 is unpack_t1_shifted's"),
    }
    prop_assert_eq!(p.coeffs, expected, "{}: unpack {:?}", B::NAME, which);
    Ok(())
}

/// The four key polynomials with coefficients in range, edges included.
fn key_polys() -> impl Strategy<Value = (KeyPoly, Coeffs)> {
    prop::sample::select(vec![
        KeyPoly::Eta(2),
        KeyPoly::Eta(4),
        KeyPoly::T0,
        KeyPoly::T1,
    ])
    .prop_flat_map(|which| {
        let (lo, hi) = which.bounds();
        (Just(which), coeffs_with_edges(-lo, hi))
    })
}

/// z coefficients: uniform in [-(gamma1 - 1), gamma1] with edge values,
/// among them +-(gamma1 - beta) and +-(gamma1 - beta) +- 1.
fn z_coeffs(bits: usize) -> impl Strategy<Value = Coeffs> {
    let g1 = gamma1(bits);
    coeffs_with_edges(-(g1 - 1), g1)
}

proptest! {
    #![proptest_config(proptest_config!(1024))]

    #[test]
    fn pack_z_matches_spec((bits, a) in prop::sample::select(vec![18usize, 20]).prop_flat_map(|b| (Just(b), z_coeffs(b))),
                           junk in any::<u8>()) {
        for_each_backend!(check_pack_z(bits, &a, junk));
    }

    #[test]
    fn unpack_z_matches_spec((bits, v) in prop::sample::select(vec![18usize, 20]).prop_flat_map(|b| (Just(b), bytes_exact(32 * b)))) {
        for_each_backend!(check_unpack_z(bits, &v));
    }

    #[test]
    fn unpack_t1_shifted_matches_spec(v in bytes_exact(320)) {
        for_each_backend!(check_unpack_t1_shifted(&v));
    }

    #[test]
    fn pack_w1_matches_spec((bits, a) in prop::sample::select(vec![4usize, 6]).prop_flat_map(|b| (Just(b), coeffs_with_edges(0, w1_max(b)))),
                            junk in any::<u8>()) {
        for_each_backend!(check_pack_w1(bits, &a, junk));
    }

    #[test]
    fn key_packers_match_spec((which, a) in key_polys(), junk in any::<u8>()) {
        for_each_backend!(check_pack_key(which, &a, junk));
    }

    #[test]
    fn key_unpackers_match_spec((which, v) in prop::sample::select(vec![KeyPoly::Eta(2), KeyPoly::Eta(4), KeyPoly::T0])
                                    .prop_flat_map(|w| (Just(w), bytes_exact(32 * w.bits())))) {
        for_each_backend!(check_unpack_key(which, &v));
    }
}

#[test]
fn packing_edges() -> Result<(), TestCaseError> {
    for bits in [18, 20] {
        let g1 = gamma1(bits);
        for a in edge_polys(-(g1 - 1), g1) {
            for junk in [0x00, 0xFF, 0xA5] {
                for_each_backend!(check_pack_z(bits, &a, junk));
            }
        }
        for fill in [0x00u8, 0xFF, 0x80, 0x7F, 0xA5] {
            for_each_backend!(check_unpack_z(bits, &vec![fill; 32 * bits]));
        }
        // One set bit at every position.
        for bit in 0..32 * bits * 8 {
            let mut v = vec![0u8; 32 * bits];
            v[bit / 8] = 1 << (bit % 8);
            for_each_backend!(check_unpack_z(bits, &v));
        }
    }
    for fill in [0x00u8, 0xFF, 0x80, 0x7F, 0xA5] {
        for_each_backend!(check_unpack_t1_shifted(&[fill; 320]));
    }
    for bit in 0..320 * 8 {
        let mut v = [0u8; 320];
        v[bit / 8] = 1 << (bit % 8);
        for_each_backend!(check_unpack_t1_shifted(&v));
    }
    for bits in [4, 6] {
        for a in edge_polys(0, w1_max(bits)) {
            for junk in [0x00, 0xFF, 0xA5] {
                for_each_backend!(check_pack_w1(bits, &a, junk));
            }
        }
    }
    for which in [KeyPoly::Eta(2), KeyPoly::Eta(4), KeyPoly::T0, KeyPoly::T1] {
        let (lo, hi) = which.bounds();
        for a in edge_polys(-lo, hi) {
            for junk in [0x00, 0xFF, 0xA5] {
                for_each_backend!(check_pack_key(which, &a, junk));
            }
        }
        if let KeyPoly::T1 = which {
            continue;
        }
        for fill in [0x00u8, 0xFF, 0x80, 0x7F, 0xA5, 0x49, 0x92] {
            for_each_backend!(check_unpack_key(which, &vec![fill; 32 * which.bits()]));
        }
        // One set bit at every position.
        for bit in 0..32 * which.bits() * 8 {
            let mut v = vec![0u8; 32 * which.bits()];
            v[bit / 8] = 1 << (bit % 8);
            for_each_backend!(check_unpack_key(which, &v));
        }
    }
    Ok(())
}
