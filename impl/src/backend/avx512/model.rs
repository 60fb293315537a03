//! A model of each AVX-512 intrinsic of [`Avx512Ops`], lane by lane on
//! plain integers (Intel's pseudocode), and the unit tests that run the
//! arithmetic kernels on it against the portable kernels: evidence that
//! holds on a CPU without AVX-512, where the instructions cannot run. On a
//! CPU with it, the tests also run the kernels on the instructions and
//! compare them with the model; on a CPU with AVX2 only, the model's
//! lane-wise intrinsics are compared with their 256-bit twins, half by half.

use crate::backend::lanes::avx512::Avx512Ops;
use crate::params::N;

/// The model: a register is 16 i32 lanes.
#[derive(Clone, Copy, Debug)]
pub struct Model;

/// 64-bit lane k of v.
fn lane64(v: &[i32; 16], k: usize) -> i64 {
    (v[2 * k] as u32 as i64) | ((v[2 * k + 1] as i64) << 32)
}

/// Eight 64-bit lanes back into 16 32-bit ones.
fn from64(f: impl Fn(usize) -> i64) -> [i32; 16] {
    let mut out = [0; 16];
    for k in 0..8 {
        let x = f(k);
        out[2 * k] = x as i32;
        out[2 * k + 1] = (x >> 32) as i32;
    }
    out
}

impl Avx512Ops for Model {
    type V = [i32; 16];

    fn load(self, coeffs: &[i32; N], i: usize) -> [i32; 16] {
        let mut v = [0; 16];
        v.copy_from_slice(&coeffs[16 * i..16 * i + 16]);
        v
    }

    fn store(self, coeffs: &mut [i32; N], i: usize, v: [i32; 16]) {
        coeffs[16 * i..16 * i + 16].copy_from_slice(&v);
    }

    fn load_row(self, row: &[i32; 16]) -> [i32; 16] {
        *row
    }

    fn set1_epi32(self, x: i32) -> [i32; 16] {
        [x; 16]
    }

    fn setzero(self) -> [i32; 16] {
        [0; 16]
    }

    fn add_epi32(self, a: [i32; 16], b: [i32; 16]) -> [i32; 16] {
        core::array::from_fn(|i| a[i].wrapping_add(b[i]))
    }

    fn sub_epi32(self, a: [i32; 16], b: [i32; 16]) -> [i32; 16] {
        core::array::from_fn(|i| a[i].wrapping_sub(b[i]))
    }

    fn mullo_epi32(self, a: [i32; 16], b: [i32; 16]) -> [i32; 16] {
        core::array::from_fn(|i| a[i].wrapping_mul(b[i]))
    }

    fn mul_epi32(self, a: [i32; 16], b: [i32; 16]) -> [i32; 16] {
        from64(|k| a[2 * k] as i64 * b[2 * k] as i64)
    }

    fn add_epi64(self, a: [i32; 16], b: [i32; 16]) -> [i32; 16] {
        from64(|k| lane64(&a, k).wrapping_add(lane64(&b, k)))
    }

    fn sub_epi64(self, a: [i32; 16], b: [i32; 16]) -> [i32; 16] {
        from64(|k| lane64(&a, k).wrapping_sub(lane64(&b, k)))
    }

    fn shuffle_epi32<const IMM: i32>(self, a: [i32; 16]) -> [i32; 16] {
        core::array::from_fn(|i| a[i & !3 | ((IMM as usize >> (2 * (i & 3))) & 3)])
    }

    fn mask_shuffle_epi32<const K: u16, const IMM: i32>(
        self,
        src: [i32; 16],
        a: [i32; 16],
    ) -> [i32; 16] {
        let shuffled = self.shuffle_epi32::<IMM>(a);
        core::array::from_fn(|i| if K >> i & 1 == 1 { shuffled[i] } else { src[i] })
    }

    fn permutex2var_epi32(self, a: [i32; 16], idx: [i32; 16], b: [i32; 16]) -> [i32; 16] {
        core::array::from_fn(|i| {
            let j = idx[i] as usize & 15;
            if idx[i] & 16 == 0 { a[j] } else { b[j] }
        })
    }

    fn requires_epi64(self, v: [i32; 16], lo: i64, hi: i64) {
        for k in 0..8 {
            assert!(
                (lo..=hi).contains(&lane64(&v, k)),
                "64-bit lane {k} out of range"
            );
        }
    }
}

mod tests {
    extern crate std;
    use std::vec::Vec;

    use super::Model;
    use crate::backend::Backend;
    use crate::backend::avx512::{available, isa::Isa512};
    use crate::backend::lanes::avx512::{arithmetic, ntt};
    use crate::backend::portable::Portable;
    use crate::params::{N, Q};
    use crate::poly::Poly;

    /// A polynomial of pseudo-random coefficients in (-bound, bound).
    fn poly(seed: &mut u64, bound: i32) -> Poly {
        Poly::from_coeffs(core::array::from_fn(|_| {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((*seed >> 33) % (2 * bound as u64 - 1)) as i32 - (bound - 1)
        }))
    }

    /// The inputs: random ones, and the extremes (all q - 1, all -(q - 1)).
    fn inputs(bound: i32) -> Vec<Poly> {
        let mut seed = 1;
        let mut v: Vec<Poly> = (0..200).map(|_| poly(&mut seed, bound)).collect();
        v.push(Poly::from_coeffs([bound - 1; N]));
        v.push(Poly::from_coeffs([1 - bound; N]));
        v
    }

    /// `f` on the instructions, where the CPU has them; without them a
    /// failure when `MLDSA_REQUIRE_AVX512=1` (as CI sets), not a skip.
    fn on_cpu(f: impl FnOnce(Isa512)) {
        if !available() {
            assert!(
                std::env::var("MLDSA_REQUIRE_AVX512").as_deref() != Ok("1"),
                "MLDSA_REQUIRE_AVX512=1 but this CPU cannot run the avx512 backend"
            );
        } else {
            #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512dq")]
            fn run(f: impl FnOnce(Isa512)) {
                f(Isa512::new())
            }
            // SAFETY: the CPU has the backend's features, checked above.
            unsafe { run(f) }
        }
    }

    /// An in-place transform (`$kernel` of `ntt`) on the model and, where
    /// the CPU has AVX-512, on the instructions, against portable's
    /// `$reference` on every input.
    macro_rules! in_place_matches_portable {
        ($name:ident, $kernel:ident, $reference:ident) => {
            #[test]
            fn $name() {
                for a in inputs(Q) {
                    let mut want = a.clone();
                    Portable::$reference(&mut want);
                    let mut got = a.clone();
                    ntt::$kernel(Model, &mut got.coeffs);
                    assert_eq!(got, want);
                    on_cpu(|s| {
                        let mut cpu = a.clone();
                        ntt::$kernel(s, &mut cpu.coeffs);
                        assert_eq!(cpu, want);
                    });
                }
            }
        };
    }

    in_place_matches_portable!(ntt_matches_portable, ntt, ntt);
    in_place_matches_portable!(invntt_matches_portable, invntt_tomont, invntt_tomont);

    #[test]
    fn pointwise_matches_portable() {
        // |a_i b_i| <= 2^31 q: a below 9q (an NTT output), b below q.
        let a = inputs(9 * Q);
        let b = inputs(Q);
        for (x, y) in a.iter().zip(&b) {
            let mut want = Poly::ZERO;
            Portable::pointwise_montgomery(&mut want, x, y);
            let mut got = Poly::ZERO;
            arithmetic::pointwise(Model, &mut got, x, y);
            assert_eq!(got, want);
            on_cpu(|s| {
                let mut cpu = Poly::ZERO;
                arithmetic::pointwise(s, &mut cpu, x, y);
                assert_eq!(cpu, want);
            });
        }
    }

    #[test]
    fn pointwise_acc_matches_portable() {
        // Up to 7 terms (ML-DSA-87's l) of a below 9q times b below q.
        let a = inputs(9 * Q);
        let b = inputs(Q);
        for len in 1..=7 {
            for k in 0..a.len() - len {
                let (x, y) = (&a[k..k + len], &b[k..k + len]);
                let mut want = Poly::ZERO;
                Portable::pointwise_acc_montgomery(&mut want, x, y);
                let mut got = Poly::ZERO;
                arithmetic::pointwise_acc(Model, &mut got, x, y);
                assert_eq!(got, want);
                on_cpu(|s| {
                    let mut cpu = Poly::ZERO;
                    arithmetic::pointwise_acc(s, &mut cpu, x, y);
                    assert_eq!(cpu, want);
                });
            }
        }
    }

    /// The model's instructions against the CPU's, on lanes that stress
    /// the signs and the halves (only where the CPU has AVX-512).
    #[test]
    fn model_matches_cpu() {
        use crate::backend::lanes::avx512::Avx512Ops;
        let mut seed = 7;
        for _ in 0..1000 {
            let x = poly(&mut seed, i32::MAX);
            let y = poly(&mut seed, i32::MAX);
            let i = (x.coeffs[0] as usize) % 16;
            let (a, b) = (Model.load(&x.coeffs, i), Model.load(&y.coeffs, i));
            let idx = Model.load(&y.coeffs, (i + 1) % 16);
            let model = [
                Model.mullo_epi32(a, b),
                Model.mul_epi32(a, b),
                Model.add_epi64(a, b),
                Model.sub_epi64(a, b),
                Model.shuffle_epi32::<0xF5>(a),
                Model.mask_shuffle_epi32::<0x5555, 0xF5>(a, b),
                Model.mask_shuffle_epi32::<0xAAAA, 0xA0>(a, b),
                Model.permutex2var_epi32(a, idx, b),
            ];
            on_cpu(|s| {
                let (a, b) = (s.load(&x.coeffs, i), s.load(&y.coeffs, i));
                let idx = s.load(&y.coeffs, (i + 1) % 16);
                let cpu = [
                    s.mullo_epi32(a, b),
                    s.mul_epi32(a, b),
                    s.add_epi64(a, b),
                    s.sub_epi64(a, b),
                    s.shuffle_epi32::<0xF5>(a),
                    s.mask_shuffle_epi32::<0x5555, 0xF5>(a, b),
                    s.mask_shuffle_epi32::<0xAAAA, 0xA0>(a, b),
                    s.permutex2var_epi32(a, idx, b),
                ];
                for (m, c) in model.iter().zip(cpu) {
                    let mut out = [0; N];
                    s.store(&mut out, 0, c);
                    assert_eq!(out[..16], m[..]);
                }
            });
        }
    }

    /// The model's lane-wise intrinsics against their AVX2 twins on each
    /// 256-bit half (the 512-bit forms act on each half alike), so that the
    /// model is checked against instructions even where AVX-512 is missing;
    /// `permutex2var_epi32`, which crosses halves, has no such twin.
    #[test]
    fn model_matches_avx2_halves() {
        use crate::backend::lanes::avx512::Avx512Ops;
        use core::arch::x86_64::*;

        #[target_feature(enable = "avx2")]
        fn twins(a: &[i32; 8], b: &[i32; 8]) -> [[i32; 8]; 7] {
            // SAFETY: `a` and `b` are 8 readable i32; loadu has no
            // alignment need; the CPU has AVX2 (the caller checked).
            let x = unsafe { _mm256_loadu_si256(a.as_ptr().cast()) };
            // SAFETY: as above.
            let y = unsafe { _mm256_loadu_si256(b.as_ptr().cast()) };
            let v = [
                _mm256_mullo_epi32(x, y),
                _mm256_mul_epi32(x, y),
                _mm256_add_epi64(x, y),
                _mm256_sub_epi64(x, y),
                _mm256_shuffle_epi32::<0xF5>(x),
                _mm256_blend_epi32::<0x55>(x, _mm256_shuffle_epi32::<0xF5>(y)),
                _mm256_blend_epi32::<0xAA>(x, _mm256_shuffle_epi32::<0xA0>(y)),
            ];
            v.map(|r| {
                let mut out = [0i32; 8];
                // SAFETY: `out` is 8 writable i32; the CPU has AVX2.
                unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), r) };
                out
            })
        }

        if !crate::backend::avx2::available() {
            return;
        }
        let mut seed = 11;
        for round in 0..2000 {
            let (x, y) = (poly(&mut seed, i32::MAX), poly(&mut seed, i32::MAX));
            let mut a: [i32; 16] = core::array::from_fn(|i| x.coeffs[i]);
            let b: [i32; 16] = core::array::from_fn(|i| y.coeffs[i]);
            if round == 0 {
                a = [
                    i32::MIN,
                    -1,
                    i32::MAX,
                    0,
                    1,
                    Q,
                    -Q,
                    i32::MIN,
                    -1,
                    -1,
                    i32::MAX,
                    i32::MAX,
                    0,
                    1,
                    2,
                    3,
                ];
            }
            let model = [
                Model.mullo_epi32(a, b),
                Model.mul_epi32(a, b),
                Model.add_epi64(a, b),
                Model.sub_epi64(a, b),
                Model.shuffle_epi32::<0xF5>(a),
                Model.mask_shuffle_epi32::<0x5555, 0xF5>(a, b),
                Model.mask_shuffle_epi32::<0xAAAA, 0xA0>(a, b),
            ];
            for half in 0..2 {
                let h = |v: &[i32; 16]| -> [i32; 8] { core::array::from_fn(|i| v[8 * half + i]) };
                // SAFETY: the CPU has AVX2, checked above.
                let cpu = unsafe { twins(&h(&a), &h(&b)) };
                for (k, (m, c)) in model.iter().zip(cpu).enumerate() {
                    assert_eq!(h(m), c, "intrinsic {k}, half {half}");
                }
            }
        }
    }
}
