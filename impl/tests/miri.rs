//! The selection `make miri` runs under Miri (`cargo +nightly miri test
//! --test miri`, with AVX2, BMI1, BMI2 and POPCNT as target features so that
//! Miri runs the AVX2 kernels' intrinsics): every kernel that takes a slice,
//! on the portable and the AVX2 backend, at the buffer lengths where a SIMD
//! loop hands over to its scalar tail or a load would run past the end
//! (each buffer its own allocation, so Miri reports any read or write out of
//! it), compared with the portable backend; and one whole ML-DSA-44 key
//! generation, signature and verification on AVX2 through the public API
//! (and so `Selected`'s unchecked AVX2 CPU tokens). The same
//! on the portable backend runs natively only: it has no `unsafe` for Miri
//! to check.
//!
//! Natively these are ordinary tests (`make unit`), and quick.

use mldsa::algorithms::{
    ExpandedSigningKey, ExpandedVerifyingKey, Streamed, expand_a, key_gen_internal, sign_internal,
    verify_internal,
};
use mldsa::backend::portable::Portable;
use mldsa::backend::{Backend, Xof, XofX4};
use mldsa::params::{
    ByteArray, Eta, Eta2, Eta4, Gamma1, Gamma1Pow17, Gamma1Pow19, Gamma2, Gamma2Q32, Gamma2Q88,
    MlDsa44, N, ParameterSet, PolyMatrix, PolyVec,
};
use mldsa::poly::Poly;

/// `$run::<..., B>(args)` on the portable backend and, on x86-64, on AVX2,
/// whose result must equal portable's (each runs once: Miri is slow).
/// Under Miri AVX2 must be enabled: its kernels would otherwise fall back to
/// portable, and the run would check nothing of them.
macro_rules! each_backend {
    ($run:ident $(::<$($p:ty),+>)? ( $($arg:expr),* )) => {{
        let portable = $run::<$($($p,)+)? Portable>($($arg),*);
        #[cfg(not(target_arch = "x86_64"))]
        let _ = portable;
        #[cfg(target_arch = "x86_64")]
        if avx2_required() {
            let avx2 = $run::<$($($p,)+)? mldsa::backend::avx2::Avx2>($($arg),*);
            assert!(avx2 == portable, "avx2 differs from portable: {}", stringify!($run));
        }
    }};
}

/// Whether to run the AVX2 backend: when the CPU (or Miri's target features)
/// has it. Without it, a failure under Miri or with `MLDSA_REQUIRE_AVX2=1`
/// (CI), a skip otherwise.
#[cfg(target_arch = "x86_64")]
fn avx2_required() -> bool {
    let available = mldsa::backend::avx2::available();
    if !available && cfg!(miri) {
        panic!(
            "Miri without the AVX2 target features: run `make miri` \
             (RUSTFLAGS=\"-C target-feature=+avx2,+bmi1,+bmi2,+popcnt\")"
        );
    }
    if !available && std::env::var("MLDSA_REQUIRE_AVX2").as_deref() == Ok("1") {
        panic!("MLDSA_REQUIRE_AVX2=1 but this CPU cannot run the avx2 backend");
    }
    available
}

/// `len` bytes from a small linear generator, in an allocation of exactly
/// `len` bytes.
fn bytes(len: usize, seed: u32) -> Vec<u8> {
    let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
    (0..len)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (x >> 16) as u8
        })
        .collect()
}

/// Buffer lengths around the AVX2 loops' steps (24 of 32 loaded bytes for
/// rej_uniform, 8 for rej_eta).
const BUF_LENS: [usize; 10] = [0, 1, 3, 4, 5, 23, 24, 32, 33, 57];
/// Output lengths around the eight lanes a SIMD store writes.
const OUT_LENS: [usize; 5] = [0, 7, 8, 9, 17];

/// What a sampler wrote and its count, for every buffer and output length.
type Samples = Vec<(usize, Vec<i32>)>;

fn rej_uniform<B: Backend>() -> Samples {
    let mut all = Vec::new();
    for &len in &BUF_LENS {
        for &out_len in &OUT_LENS {
            let buf = bytes(len, len as u32);
            let mut out = vec![-1i32; out_len];
            let n = B::rej_uniform(&mut out, &buf);
            all.push((n, out[..n].to_vec()));
        }
    }
    all
}

fn rej_eta<E: Eta, B: Backend>() -> Samples {
    let mut all = Vec::new();
    for &len in &BUF_LENS {
        for &out_len in &OUT_LENS {
            let buf = bytes(len, 7 + len as u32);
            // Room for out_len after N - out_len coefficients.
            let mut out = [-9i32; N];
            let ctr = N - out_len;
            let n = B::rej_eta::<E>(&mut out, ctr, &buf);
            all.push((n - ctr, out[ctr..n].to_vec()));
        }
    }
    all
}

#[test]
fn rej_uniform_edges() {
    each_backend!(rej_uniform());
}

#[test]
fn rej_eta_edges() {
    each_backend!(rej_eta::<Eta2>());
    each_backend!(rej_eta::<Eta4>());
}

/// A polynomial with coefficients in [lo, hi] (both ends included).
fn poly_in(lo: i32, hi: i32, seed: u32) -> Poly {
    let raw = bytes(4 * N, seed);
    let span = (hi - lo) as u32 + 1;
    let mut p = Poly::ZERO;
    for (i, c) in p.coeffs.iter_mut().enumerate() {
        let x = u32::from_le_bytes(raw[4 * i..4 * i + 4].try_into().unwrap());
        *c = lo + (x % span) as i32;
    }
    p.coeffs[0] = lo;
    p.coeffs[N - 1] = hi;
    p
}

/// unpack_z from a buffer of exactly 32 * bits bytes (the last group's
/// 16-byte loads would run past it) and from one with spare bytes; pack_z
/// gives the bytes back.
fn z<G: Gamma1, B: Backend>() -> Vec<[i32; N]> {
    let bits = G::BITS;
    let mut all = Vec::new();
    for extra in [0, 1, 16] {
        let v = bytes(32 * bits + extra, bits as u32 + extra as u32);
        let mut a = Poly::ZERO;
        B::unpack_z::<G>(&mut a, &v);
        let mut out = vec![0u8; 32 * bits];
        B::pack_z::<G>(&mut out, &a);
        assert_eq!(out, v[..32 * bits], "{}: pack_z(unpack_z(v))", B::NAME);
        all.push(a.coeffs);
    }
    all
}

/// pack_w1 into exactly 32 * bits bytes.
fn w1<G: Gamma2, B: Backend>() -> Vec<u8> {
    let a = poly_in(0, G::M - 1, G::M as u32);
    let mut out = vec![0u8; 32 * G::W1_BITS];
    B::pack_w1::<G>(&mut out, &a);
    out
}

#[test]
fn packing_edges() {
    each_backend!(z::<Gamma1Pow17>());
    each_backend!(z::<Gamma1Pow19>());
    each_backend!(w1::<Gamma2Q88>());
    each_backend!(w1::<Gamma2Q32>());
}

/// One SHAKE: `input` absorbed in two pieces (cut at the middle), then
/// `out_len` bytes squeezed in two.
fn shake_run<X: Xof>(input: &[u8], out_len: usize) -> Vec<u8> {
    let mut x = X::new();
    let cut = input.len() / 2;
    x.absorb(&input[..cut]);
    x.absorb(&input[cut..]);
    let mut out = vec![0u8; out_len];
    let half = out_len / 2;
    x.squeeze(&mut out[..half]);
    x.squeeze(&mut out[half..]);
    out
}

/// Absorbing and squeezing around the rate: 0, rate - 1, rate, rate + 1
/// bytes in, rate + 1 out.
fn shake<B: Backend>() -> Vec<Vec<u8>> {
    let mut all = Vec::new();
    for len in [0, 135, 136, 137] {
        all.push(shake_run::<B::Shake256>(&bytes(len, len as u32), 137));
    }
    for len in [167, 168, 169] {
        all.push(shake_run::<B::Shake128>(&bytes(len, len as u32), 169));
    }
    all
}

/// Four lanes: inputs of `len` bytes, `blocks` blocks squeezed.
fn x4_run<X: XofX4>(len: usize, blocks: usize) -> Vec<Vec<u8>> {
    let inputs: Vec<Vec<u8>> = (0..4).map(|k| bytes(len, 100 * k + len as u32)).collect();
    let mut x = X::new_x4();
    x.absorb_x4([&inputs[0], &inputs[1], &inputs[2], &inputs[3]]);
    let mut outs: Vec<Vec<u8>> = (0..4).map(|_| vec![0u8; X::RATE * blocks]).collect();
    let [o0, o1, o2, o3] = &mut outs[..] else {
        unreachable!()
    };
    x.squeeze_blocks_x4([o0, o1, o2, o3]);
    outs
}

/// Inputs of 34 (ExpandA's), 66 (ExpandS's), rate and rate + 1 bytes; one
/// and two blocks. Lane 3 is checked against the one-lane sponge.
fn shake_x4<B: Backend>() -> Vec<Vec<Vec<u8>>> {
    let mut all = Vec::new();
    for (len, blocks) in [(66, 2), (136, 1), (137, 1)] {
        let outs = x4_run::<B::Shake256x4>(len, blocks);
        let lane3 = bytes(len, 300 + len as u32);
        assert_eq!(outs[3], shake_run::<B::Shake256>(&lane3, 136 * blocks));
        all.push(outs);
    }
    for len in [34, 168] {
        all.push(x4_run::<B::Shake128x4>(len, 1));
    }
    all
}

#[test]
fn shake_edges() {
    each_backend!(shake());
    each_backend!(shake_x4());
}

/// SampleInBall's swaps for tau = 1, 39 and 60 and 256 (every position),
/// j from the first step's i down to 0.
fn ball_swaps<B: Backend>() -> Vec<[i8; N]> {
    let mut all = Vec::new();
    for tau in [1, 39, 60, 256] {
        let raw = bytes(N, tau as u32);
        let mut c: [i8; N] = core::array::from_fn(|k| (raw[k] % 3) as i8 - 1);
        let js: Vec<u8> = (N - tau..N)
            .map(|i| (raw[i] as usize % (i + 1)) as u8)
            .collect();
        B::ball_swaps(&mut c, &js, 0x0123_4567_89AB_CDEF);
        all.push(c);
    }
    all
}

/// The Montgomery dot product over 1, 4, 5 and 7 terms (the l of each set),
/// reduced mod q (the backends may return different representatives).
fn pointwise_acc<B: Backend>() -> Vec<[i32; N]> {
    let mut all = Vec::new();
    for terms in [1, 4, 5, 7] {
        let a: Vec<Poly> = (0..terms)
            .map(|t| poly_in(-8_380_416, 8_380_416, t))
            .collect();
        let b: Vec<Poly> = (0..terms).map(|t| poly_in(-255, 255, 50 + t)).collect();
        let mut c = Poly::ZERO;
        B::pointwise_acc_montgomery(&mut c, &a, &b);
        all.push(c.coeffs.map(|x| x.rem_euclid(8_380_417)));
    }
    all
}

#[test]
fn kernel_edges() {
    each_backend!(ball_swaps());
    each_backend!(pointwise_acc());
}

/// KeyGen_internal, Sign_internal and Verify_internal of ML-DSA-44 on the
/// portable backend (mu = 0: the first attempt is accepted): the signature
/// verifies, a changed one does not. Not under Miri, which looks for
/// undefined behaviour, and that needs `unsafe`: the portable backend and
/// the algorithms have none (`scripts/check-unsafe.sh`), and the next test
/// runs the same algorithms under Miri through the AVX2 backend's unsafe
/// code. This one took 117 s of Miri's 252.
#[test]
#[cfg_attr(
    miri,
    ignore = "no unsafe code on this path; keygen_sign_verify_selected runs the algorithms under Miri"
)]
fn keygen_sign_verify_portable() {
    type P = MlDsa44;
    let mut vk = ExpandedVerifyingKey::<P>::zeroed();
    let mut sk = ExpandedSigningKey::<P>::zeroed();
    let (mut s1, mut s2) = (
        <P as ParameterSet>::VecL::zeroed(),
        <P as ParameterSet>::VecK::zeroed(),
    );
    let rows = &mut Streamed::<P, Portable>::new();
    key_gen_internal::<P, Portable>(&[7; 32], rows, &mut s1, &mut s2, &mut vk, &mut sk);
    let mut a_hat = <P as ParameterSet>::Matrix::zeroed();
    expand_a::<P, Portable>(sk.rho(), &mut a_hat);
    let mut sig = <P as ParameterSet>::SigBytes::zeroed();
    sign_internal::<P, Portable>(&sk, &a_hat, &[0; 64], &[2; 32], &mut sig);
    assert!(verify_internal::<P, Portable>(&vk, &[0; 64], sig.as_ref()));
    let mut bad = sig.as_ref().to_vec();
    bad[0] ^= 1;
    assert!(!verify_internal::<P, Portable>(&vk, &[0; 64], &bad));
}

/// The same through the public API, on the backend it selects: AVX2 under
/// `make miri` (through the one `unsafe` dispatch into the AVX2 entry
/// points). The message is one whose first attempt is accepted.
#[test]
fn keygen_sign_verify_selected() {
    #[cfg(target_arch = "x86_64")]
    if cfg!(miri) && avx2_required() {
        assert_eq!(mldsa::selected_backend(), mldsa::BackendKind::Avx2);
    }
    let sk = mldsa::ml_dsa_44::SigningKey::from_seed(&[7; 32]);
    let sig = sk.sign_deterministic(&[0], b"").unwrap();
    let vk = sk.verifying_key();
    assert_eq!(vk.verify_with_context(&[0], sig.as_ref(), b""), Ok(()));
    assert!(vk.verify_with_context(&[1], sig.as_ref(), b"").is_err());
}
