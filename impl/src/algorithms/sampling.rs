//! ExpandS, ExpandMask and SampleInBall (FIPS 204 Algorithms 33, 34 and
//! 29). ExpandA (Algorithm 32) has a file of its own, with its forms
//! ([`mod@super::expand_a`]); RejNTTPoly and RejBoundedPoly (Algorithms 30 and
//! 31) run inside the backend's schedules (`crate::backend::sampler`),
//! which fill as many SHAKE lanes at once as the backend's Keccak permutes.

use zeroize::Zeroize;

use crate::backend::sampler;
use crate::backend::{Backend, Xof};
use crate::ct;
use crate::params::{N, ParameterSet};
use crate::poly::Poly;

pub use crate::backend::sampler::MaskStream;

/// SHAKE256's rate in bytes: SampleInBall squeezes H(c~) a block at a
/// time.
const SHAKE256_RATE: usize = 136;

/// ExpandS (Algorithm 33): `s1[r] = RejBoundedPoly(rho' ||
/// IntegerToBytes(r, 2))` for r < l (lines 1 and 2) and `s2[r] =
/// RejBoundedPoly(rho' || IntegerToBytes(r + l, 2))` for r < k (lines 3
/// and 4); coefficients in [-eta, eta].
#[inline(always)]
pub fn expand_s<P: ParameterSet, B: Backend>(
    rho_prime: &[u8; 64],
    s1: &mut P::VecL,
    s2: &mut P::VecK,
) {
    sampler::expand_s::<P, B>(rho_prime, s1, s2)
}

/// ExpandMask (Algorithm 34): `y[r] = BitUnpack(H(rho'' ||
/// IntegerToBytes(kappa + r, 2), 32 c), gamma1 - 1, gamma1)` for r < l
/// (lines 2 to 5, c = 1 + bitlen(gamma1 - 1)); coefficients in
/// (-gamma1, gamma1]. `stream` keeps the polynomials the backend made
/// ahead for the next kappa (Sign_internal's loop asks for kappa = 0, l,
/// 2l, ..): one per signing operation, secret.
#[inline(always)]
pub fn expand_mask<P: ParameterSet, B: Backend>(
    stream: &mut MaskStream,
    rho_pp: &[u8; 64],
    kappa: u16,
    y: &mut P::VecL,
) {
    stream.expand::<P, B>(rho_pp, kappa, y)
}

/// Whose c~ SampleInBall reads, which decides how lines 7 and 8 swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Challenge {
    /// Signing's: in the attempts Sign_internal rejects, c~ and so the
    /// positions j stay secret, and the swaps may neither index memory nor
    /// branch by them ([`Backend::ball_swaps`]).
    Secret,
    /// Verification's, from the signature: the swaps made as written,
    /// indexing c by the j's.
    Public,
}

/// SampleInBall (Algorithm 29): the challenge c from c~, with tau
/// coefficients +-1 and the others 0.
#[inline(never)]
pub fn sample_in_ball<P: ParameterSet, B: Backend>(c_tilde: &[u8], c: &mut Poly, whose: Challenge) {
    // Lines 1 to 6: the sign bits and the position j of each i.
    let mut js = [0u8; 64];
    let signs = ball_positions::<P, B>(c_tilde, &mut js);
    // Lines 7 to 9: c_i <- c_j; c_j <- (-1)^h[i + tau - 256].
    match whose {
        Challenge::Secret => {
            // On c as bytes (a quarter of the vectors to touch). Which
            // bytes `ball_positions` rejected reveals only those bytes.
            let mut ball = [0i8; N];
            B::ball_swaps(&mut ball, &js[..P::TAU], signs);
            for (x, &b) in c.coeffs.iter_mut().zip(ball.iter()) {
                *x = b as i32;
            }
            ball.as_mut_slice().zeroize();
        }
        Challenge::Public => {
            c.coeffs = [0; N];
            for (k, &j) in js[..P::TAU].iter().enumerate() {
                // i = 256 - tau + k; j <= i (a u8 indexes the 256
                // coefficients).
                let j = usize::from(j);
                if let Some(&c_j) = c.coeffs.get(j) {
                    c.coeffs[(N - P::TAU + k) % N] = c_j;
                    c.coeffs[j] = 1 - 2 * ((signs >> k) & 1) as i32;
                }
            }
        }
    }
    js.as_mut_slice().zeroize();
}

/// Lines 1 to 6 of SampleInBall: the 64 sign bits (H(c~)'s first 8 bytes)
/// returned, and the j of each i from 256 - tau in `js[..tau]`.
#[inline(always)]
fn ball_positions<P: ParameterSet, B: Backend>(c_tilde: &[u8], js: &mut [u8; 64]) -> u64 {
    let mut xof = B::Shake256::new();
    xof.absorb(c_tilde);
    // The first block holds the 8 sign bytes and the first candidates:
    // squeezing the 8 bytes on their own, then a block, would cost a second
    // permutation for the block's last 8 bytes.
    let mut block = [0u8; SHAKE256_RATE];
    xof.squeeze(&mut block);
    let mut signs_bytes = [0u8; 8];
    signs_bytes.copy_from_slice(&block[..8]);
    let signs = u64::from_le_bytes(signs_bytes);
    signs_bytes.zeroize();
    const { assert!(P::TAU <= 64) };
    let mut pos = 8;
    for (k, i) in ((N - P::TAU)..N).enumerate() {
        let j = loop {
            if pos == SHAKE256_RATE {
                xof.squeeze(&mut block);
                pos = 0;
            }
            let j = block[pos];
            pos += 1;
            // Constant-time check: whether this byte is rejected is public.
            // The c~ of a rejected signing attempt stays secret, but which
            // of its bytes were rejected says nothing about the j accepted
            // (uniform on [0, i] whatever came before), so nothing about c.
            if ct::public(j as usize <= i) {
                break j;
            }
        };
        js[k] = j;
    }
    block.as_mut_slice().zeroize();
    signs
}
