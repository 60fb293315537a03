//! The rejection-sampling kernels against the spec's Algorithms 14 and 15
//! applied in order: `rej_uniform` (CoeffFromThreeBytes on 3-byte
//! candidates) and `rej_eta` (CoeffFromHalfByte, low half-byte first, eta 2
//! and 4), including the count returned and stopping when `out` is full;
//! and `ball_swaps`, SampleInBall's (Algorithm 29) lines 7 and 8 for
//! every i from 256 - tau.

use crate::common::*;
use mldsa::backend::Backend;
use mldsa_spec::conversions::{coeff_from_half_byte, coeff_from_three_bytes};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// The spec's RejNTTPoly inner loop over a buffer: candidates in order,
/// accepted ones appended, stopping once `len` are accepted.
fn spec_rej_uniform(len: usize, buf: &[u8]) -> Vec<i32> {
    let mut out = Vec::new();
    for c in buf.chunks_exact(3) {
        if out.len() == len {
            break;
        }
        if let Some(v) = coeff_from_three_bytes(c[0], c[1], c[2]) {
            out.push(v);
        }
    }
    out
}

/// The spec's RejBoundedPoly inner loop: z mod 16 then floor(z / 16) for
/// each byte z, accepted ones appended, stopping once `len` are accepted.
fn spec_rej_eta(eta: i32, len: usize, buf: &[u8]) -> Vec<i32> {
    let mut out = Vec::new();
    for &z in buf {
        for half in [z % 16, z / 16] {
            if out.len() < len
                && let Some(v) = coeff_from_half_byte(half, eta)
            {
                out.push(v);
            }
        }
    }
    out
}

fn check_rej_uniform<B: Backend>(len: usize, buf: &[u8]) -> Result<(), TestCaseError> {
    let mut out = vec![-1i32; len];
    let count = B::rej_uniform(&mut out, buf);
    let expected = spec_rej_uniform(len, buf);
    prop_assert_eq!(
        count,
        expected.len(),
        "{}: rej_uniform's count (out {}, buf {})",
        B::NAME,
        len,
        buf.len()
    );
    prop_assert_eq!(
        &out[..count],
        &expected[..],
        "{}: rej_uniform's values",
        B::NAME
    );
    Ok(())
}

/// `rej_eta` with room for `len` more coefficients: after N - len already
/// there (which it must leave as they are), then those of the spec.
fn check_rej_eta<B: Backend>(eta: i32, len: usize, buf: &[u8]) -> Result<(), TestCaseError> {
    let ctr = N - len;
    let before: [i32; N] = core::array::from_fn(|i| 1000 + i as i32);
    let mut out = before;
    let count = typed::rej_eta::<B>(eta, &mut out, ctr, buf);
    let expected = spec_rej_eta(eta, len, buf);
    prop_assert_eq!(
        count,
        ctr + expected.len(),
        "{}: rej_eta({})'s count (from {}, buf {})",
        B::NAME,
        eta,
        ctr,
        buf.len()
    );
    prop_assert_eq!(
        &out[..ctr],
        &before[..ctr],
        "{}: rej_eta({}) changed the coefficients before {}",
        B::NAME,
        eta,
        ctr
    );
    prop_assert_eq!(
        &out[ctr..count],
        &expected[..],
        "{}: rej_eta({})'s values",
        B::NAME,
        eta
    );
    Ok(())
}

/// A 3-byte candidate: uniform, or near q (accepted q - 1, rejected q), with
/// or without the ignored top bit.
fn candidate() -> impl Strategy<Value = [u8; 3]> {
    let near_q = (-3i32..3, any::<bool>()).prop_map(|(d, top)| {
        let v = (Q + d) as u32 | if top { 0x80_0000 } else { 0 };
        [v as u8, (v >> 8) as u8, (v >> 16) as u8]
    });
    prop_oneof![4 => any::<[u8; 3]>(), 1 => near_q, 1 => Just([0xFF; 3]), 1 => Just([0; 3])]
}

/// A buffer of whole candidates, as the algorithms pass (5 or 1 SHAKE128
/// blocks), or of any number of candidates up to 300.
fn uniform_buf() -> impl Strategy<Value = Vec<u8>> {
    let count = prop_oneof![Just(280usize), Just(56), 0usize..300];
    count.prop_flat_map(|n| prop::collection::vec(candidate(), n).prop_map(|v| v.concat()))
}

/// A buffer of half-bytes: uniform bytes, or bytes made of edge half-bytes
/// (the largest accepted and the smallest rejected for eta 2 and 4).
fn eta_buf() -> impl Strategy<Value = Vec<u8>> {
    let len = prop_oneof![Just(136usize), Just(272), 0usize..300];
    let byte = prop_oneof![
        3 => any::<u8>(),
        1 => prop::sample::select(vec![0u8, 8, 9, 14, 15]).prop_flat_map(|lo| {
            prop::sample::select(vec![0u8, 8, 9, 14, 15]).prop_map(move |hi| lo | hi << 4)
        }),
    ];
    len.prop_flat_map(move |n| prop::collection::vec(byte.clone(), n))
}

/// ball_swaps(c, js, signs) with j_k <= i = 256 - tau + k: exactly
/// Algorithm 29's lines 7 and 8 in order from c = 0, c_i <- c_j; c_j <-
/// (-1)^h with h bit k of `signs` (0 past bit 63), whatever c held before.
fn check_ball_swaps<B: Backend>(c: &[i8; N], js: &[u8], signs: u64) -> Result<(), TestCaseError> {
    let mut expected = [0i8; N];
    let first = N - js.len();
    for (k, &j) in js.iter().enumerate() {
        let (i, j) = (first + k, j as usize);
        let h = if k < 64 { signs >> k & 1 } else { 0 };
        expected[i] = expected[j];
        expected[j] = if h == 1 { -1 } else { 1 };
    }
    let mut got = *c;
    B::ball_swaps(&mut got, js, signs);
    prop_assert_eq!(
        got,
        expected,
        "{}: ball_swaps(js {:?}, signs {:#x})",
        B::NAME,
        js,
        signs
    );
    Ok(())
}

/// tau in 0..=80 (past the 64 sign bits) and a j <= i for each step.
fn ball_js() -> impl Strategy<Value = Vec<u8>> {
    (0usize..=80).prop_flat_map(|tau| {
        let steps: Vec<_> = (N - tau..N).map(|i| 0..=i as u8).collect();
        steps
    })
}

proptest! {
    #![proptest_config(proptest_config!(1024))]

    #[test]
    fn ball_swaps_matches_spec(c in prop::collection::vec(-1i8..=1, N).prop_map(|v| core::array::from_fn::<i8, N, _>(|k| v[k])),
                               js in ball_js(),
                               signs in any::<u64>()) {
        for_each_backend!(check_ball_swaps(&c, &js, signs));
    }

    #[test]
    fn rej_uniform_matches_spec(len in prop_oneof![Just(256usize), 0usize..=256], buf in uniform_buf()) {
        for_each_backend!(check_rej_uniform(len, &buf));
    }

    #[test]
    fn rej_eta_matches_spec(eta in prop::sample::select(vec![2, 4]),
                            len in prop_oneof![Just(256usize), 0usize..=256],
                            buf in eta_buf()) {
        for_each_backend!(check_rej_eta(eta, len, &buf));
    }
}

#[test]
fn ball_swaps_edges() -> Result<(), TestCaseError> {
    // A first step (i, j) at every pair of vector and array boundaries,
    // then steps with j = 0 and j = i in turn, over a c of distinct values
    // (which must be overwritten).
    let c: [i8; N] = core::array::from_fn(|k| k as u8 as i8);
    let places = [0usize, 1, 7, 8, 9, 15, 16, 31, 32, 127, 128, 248, 254, 255];
    for &i in &places {
        for &j in places.iter().filter(|&&j| j <= i) {
            let js: Vec<u8> = (i..N)
                .map(|m| match m - i {
                    0 => j as u8,
                    d if d % 2 == 1 => 0,
                    _ => m as u8,
                })
                .collect();
            for signs in [0, u64::MAX, 0x5555_5555_5555_5555] {
                for_each_backend!(check_ball_swaps(&c, &js, signs));
            }
        }
    }
    Ok(())
}

#[test]
fn rejection_edges() -> Result<(), TestCaseError> {
    for buf_len in [0usize, 3, 168, 5 * 168, 6 * 168] {
        for fill in [0u8, 0xFF, 0x7F, 0x80] {
            let buf = vec![fill; buf_len];
            for len in [0usize, 1, 55, 56, 57, 255, 256] {
                for_each_backend!(check_rej_uniform(len, &buf));
            }
        }
    }
    // Every candidate around q, with and without the top bit.
    let mut buf = Vec::new();
    for v in (Q as u32 - 300)..(Q as u32 + 300) {
        for top in [0, 0x80_0000] {
            let v = v | top;
            buf.extend([v as u8, (v >> 8) as u8, (v >> 16) as u8]);
        }
    }
    for len in [0usize, 1, 256] {
        for_each_backend!(check_rej_uniform(len, &buf));
    }
    for eta in [2, 4] {
        for buf_len in [0usize, 1, 127, 128, 129, 136, 272] {
            for fill in [0u8, 0xFF, 0xF0, 0x0F, 0x88, 0x99, 0xEE, 0x9E] {
                let buf = vec![fill; buf_len];
                for len in [0usize, 1, 2, 7, 8, 9, 15, 16, 17, 248, 255, 256] {
                    for_each_backend!(check_rej_eta(eta, len, &buf));
                }
            }
        }
        // Every byte value, in order.
        let all: Vec<u8> = (0..=255).collect();
        for len in [0usize, 1, 256] {
            for_each_backend!(check_rej_eta(eta, len, &all));
        }
    }
    Ok(())
}
