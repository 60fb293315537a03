//! ExpandA, ExpandS, ExpandMask and SampleInBall (FIPS 204 Algorithms 29 to
//! 34), four polynomials at a time where the backend has a four-lane SHAKE.

use zeroize::Zeroize;

use crate::backend::{Backend, Xof, XofX4};
use crate::params::{N, ParameterSet, PolyVec};
use crate::poly::Poly;

const SHAKE128_RATE: usize = 168;
const SHAKE256_RATE: usize = 136;
/// Blocks of SHAKE128 squeezed up front for RejNTTPoly: 5 * 168 bytes give 280
/// candidates, enough for 256 in all but ~2^-37 of the cases.
const UNIFORM_BLOCKS: usize = 5;
/// Blocks of SHAKE256 squeezed up front for RejBoundedPoly: 2 blocks give 544
/// half-bytes (eta = 2 keeps 15/16 of them; eta = 4 keeps 9/16).
const ETA_BLOCKS: usize = 2;

/// RejNTTPoly (Algorithm 30) for four seeds at once; only the first `active`
/// lanes are waited for (the others are idle lanes of a last, partial group).
#[inline(always)]
fn rej_ntt_poly_x4<B: Backend>(seeds: [[u8; 34]; 4], polys: [&mut Poly; 4], active: usize) {
    let mut xof = B::Shake128x4::absorb_x4([&seeds[0], &seeds[1], &seeds[2], &seeds[3]]);
    let mut buf = [[0u8; UNIFORM_BLOCKS * SHAKE128_RATE]; 4];
    {
        let [b0, b1, b2, b3] = &mut buf;
        xof.squeeze_blocks_x4([b0, b1, b2, b3]);
    }
    let mut ctr = [0usize; 4];
    for lane in 0..4 {
        ctr[lane] = B::rej_uniform(&mut polys[lane].coeffs, &buf[lane]);
    }
    while ctr[..active].iter().any(|&c| c < N) {
        let mut block = [[0u8; SHAKE128_RATE]; 4];
        {
            let [b0, b1, b2, b3] = &mut block;
            xof.squeeze_blocks_x4([b0, b1, b2, b3]);
        }
        for lane in 0..4 {
            let c = ctr[lane];
            ctr[lane] += B::rej_uniform(&mut polys[lane].coeffs[c..], &block[lane]);
        }
    }
}

/// RejNTTPoly (Algorithm 30) for one seed.
#[inline(always)]
fn rej_ntt_poly<B: Backend>(seed: &[u8; 34], out: &mut Poly) {
    let mut xof = B::Shake128::new();
    xof.absorb(seed);
    let mut buf = [0u8; UNIFORM_BLOCKS * SHAKE128_RATE];
    xof.squeeze(&mut buf);
    let mut ctr = B::rej_uniform(&mut out.coeffs, &buf);
    while ctr < N {
        let mut block = [0u8; SHAKE128_RATE];
        xof.squeeze(&mut block);
        ctr += B::rej_uniform(&mut out.coeffs[ctr..], &block);
    }
}

/// ExpandA (Algorithm 32): `A_hat[r][s] = RejNTTPoly(rho || s || r)`, four
/// entries at a time in row-major order.
#[inline(always)]
pub fn expand_a<P: ParameterSet, B: Backend>(rho: &[u8; 32], a_hat: &mut P::Matrix) {
    let rows = a_hat.as_mut();
    let total = P::K * P::L;
    let seed = |index: usize| {
        let mut s = [0u8; 34];
        s[..32].copy_from_slice(rho);
        s[32] = (index % P::L) as u8;
        s[33] = (index / P::L) as u8;
        s
    };
    // Groups of four, written straight into A_hat; with a SIMD SHAKE a last
    // group of two or three runs four-wide with idle lanes, otherwise leftover
    // entries run one lane at a time.
    let mut entries = rows.iter_mut().flat_map(|row| row.as_mut().iter_mut());
    let mut spare = [Poly::ZERO; 3];
    let mut index = 0;
    while index < total {
        let left = total - index;
        let n = if B::WIDE_SHAKE {
            left.min(4)
        } else if left >= 4 {
            4
        } else {
            1
        };
        if n == 1 {
            if let Some(entry) = entries.next() {
                rej_ntt_poly::<B>(&seed(index), entry);
            }
        } else {
            let mut seeds = [[0u8; 34]; 4];
            for (lane, s) in seeds.iter_mut().enumerate().take(n) {
                *s = seed(index + lane);
            }
            let [s0, s1, s2] = &mut spare;
            let mut slots = [s0, s1, s2].into_iter();
            let mut lane = || entries.next().or_else(|| slots.next());
            if let (Some(p0), Some(p1), Some(p2), Some(p3)) = (lane(), lane(), lane(), lane()) {
                rej_ntt_poly_x4::<B>(seeds, [p0, p1, p2, p3], n);
            }
        }
        index += n;
    }
}

/// RejBoundedPoly (Algorithm 31) for four seeds at once; only the first
/// `active` lanes are waited for.
#[inline(always)]
fn rej_bounded_poly_x4<B: Backend>(
    eta: i32,
    seeds: &[[u8; 66]; 4],
    polys: [&mut Poly; 4],
    active: usize,
) {
    let mut xof = B::Shake256x4::absorb_x4([&seeds[0], &seeds[1], &seeds[2], &seeds[3]]);
    let mut buf = [[0u8; ETA_BLOCKS * SHAKE256_RATE]; 4];
    {
        let [b0, b1, b2, b3] = &mut buf;
        xof.squeeze_blocks_x4([b0, b1, b2, b3]);
    }
    let mut ctr = [0usize; 4];
    for lane in 0..4 {
        ctr[lane] = B::rej_eta(eta, &mut polys[lane].coeffs, &buf[lane]);
    }
    while ctr[..active].iter().any(|&c| c < N) {
        let mut block = [[0u8; SHAKE256_RATE]; 4];
        {
            let [b0, b1, b2, b3] = &mut block;
            xof.squeeze_blocks_x4([b0, b1, b2, b3]);
        }
        for lane in 0..4 {
            let c = ctr[lane];
            ctr[lane] += B::rej_eta(eta, &mut polys[lane].coeffs[c..], &block[lane]);
        }
        block.as_flattened_mut().zeroize();
    }
    buf.as_flattened_mut().zeroize();
}

/// RejBoundedPoly (Algorithm 31) for one seed.
#[inline(always)]
fn rej_bounded_poly<B: Backend>(eta: i32, seed: &[u8; 66], out: &mut Poly) {
    let mut xof = B::Shake256::new();
    xof.absorb(seed);
    let mut buf = [0u8; ETA_BLOCKS * SHAKE256_RATE];
    xof.squeeze(&mut buf);
    let mut ctr = B::rej_eta(eta, &mut out.coeffs, &buf);
    while ctr < N {
        let mut block = [0u8; SHAKE256_RATE];
        xof.squeeze(&mut block);
        ctr += B::rej_eta(eta, &mut out.coeffs[ctr..], &block);
        block.as_mut_slice().zeroize();
    }
    buf.as_mut_slice().zeroize();
}

/// ExpandS (Algorithm 33): `s1[r] = RejBoundedPoly(rho' || r)` for r < l, and
/// `s2[r] = RejBoundedPoly(rho' || r + l)` for r < k; four at a time.
#[inline(always)]
pub fn expand_s<P: ParameterSet, B: Backend>(
    rho_prime: &[u8; 64],
    s1: &mut P::VecL,
    s2: &mut P::VecK,
) {
    let total = P::L + P::K;
    let seed = |index: usize| {
        let mut s = [0u8; 66];
        s[..64].copy_from_slice(rho_prime);
        s[64..].copy_from_slice(&(index as u16).to_le_bytes());
        s
    };
    // Groups of four, written straight into s1 then s2; with a SIMD SHAKE a
    // last group of two or three runs four-wide with idle lanes.
    let mut entries = s1.as_mut().iter_mut().chain(s2.as_mut().iter_mut());
    let mut spare = [Poly::ZERO; 3];
    let mut index = 0;
    while index < total {
        let left = total - index;
        let n = if B::WIDE_SHAKE {
            left.min(4)
        } else if left >= 4 {
            4
        } else {
            1
        };
        if n == 1 {
            let mut s = seed(index);
            if let Some(entry) = entries.next() {
                rej_bounded_poly::<B>(P::ETA, &s, entry);
            }
            s.as_mut_slice().zeroize();
        } else {
            let mut seeds = [[0u8; 66]; 4];
            for (lane, s) in seeds.iter_mut().enumerate().take(n) {
                *s = seed(index + lane);
            }
            let [s0, s1, s2] = &mut spare;
            let mut slots = [s0, s1, s2].into_iter();
            let mut lane = || entries.next().or_else(|| slots.next());
            if let (Some(p0), Some(p1), Some(p2), Some(p3)) = (lane(), lane(), lane(), lane()) {
                rej_bounded_poly_x4::<B>(P::ETA, &seeds, [p0, p1, p2, p3], n);
            }
            seeds.as_flattened_mut().zeroize();
        }
        index += n;
    }
    spare.zeroize();
}

/// ExpandMask (Algorithm 34): `y[r]` = BitUnpack(H(rho'' || kappa + r, 32c),
/// gamma1 - 1, gamma1); four at a time.
#[inline(always)]
pub fn expand_mask<P: ParameterSet, B: Backend>(rho_pp: &[u8; 64], kappa: u16, y: &mut P::VecL) {
    const BLOCKS: usize = 5; // 5 * 136 = 680 >= 32 * 20 bytes
    let bytes = 32 * P::GAMMA1_BITS;
    let seed = |r: usize| {
        let mut s = [0u8; 66];
        s[..64].copy_from_slice(rho_pp);
        s[64..].copy_from_slice(&kappa.wrapping_add(r as u16).to_le_bytes());
        s
    };
    let y = y.as_mut();
    // Groups of four; with a SIMD SHAKE a last group of two or three runs
    // four-wide with idle lanes; the rest runs one lane at a time.
    let mut r = 0;
    while r + 1 < P::L && (B::WIDE_SHAKE || r + 4 <= P::L) {
        let n = (P::L - r).min(4);
        let mut seeds = [[0u8; 66]; 4];
        for (lane, s) in seeds.iter_mut().enumerate().take(n) {
            *s = seed(r + lane);
        }
        let mut xof = B::Shake256x4::absorb_x4([&seeds[0], &seeds[1], &seeds[2], &seeds[3]]);
        let mut buf = [[0u8; BLOCKS * SHAKE256_RATE]; 4];
        {
            let [b0, b1, b2, b3] = &mut buf;
            xof.squeeze_blocks_x4([b0, b1, b2, b3]);
        }
        for lane in 0..n {
            B::unpack_z(P::GAMMA1_BITS, &mut y[r + lane], &buf[lane][..bytes]);
        }
        seeds.as_flattened_mut().zeroize();
        buf.as_flattened_mut().zeroize();
        r += n;
    }
    while r < P::L {
        let mut s = seed(r);
        let mut xof = B::Shake256::new();
        xof.absorb(&s);
        let mut buf = [0u8; 32 * 20];
        xof.squeeze(&mut buf[..bytes]);
        B::unpack_z(P::GAMMA1_BITS, &mut y[r], &buf[..bytes]);
        s.as_mut_slice().zeroize();
        buf.as_mut_slice().zeroize();
        r += 1;
    }
}

/// ExpandMask (Algorithm 34) for the successive iterations of
/// Sign_internal's loop (kappa = 0, l, 2l, ..), four polynomials at a time
/// across iteration boundaries: `y[r]` of kappa is polynomial number
/// kappa + r of one stream, so with l = 5 or 7 a four-lane SHAKE never
/// idles a lane or falls back to one lane. Polynomials made ahead of their
/// iteration wait here (secret, zeroized on drop).
pub struct MaskStream {
    /// kappa + r of the next polynomial to generate (mod 2^16, as
    /// IntegerToBytes(kappa + r, 2) takes it).
    next: u16,
    ahead: [Poly; 3],
    ahead_len: usize,
}

impl MaskStream {
    /// The stream from kappa = 0.
    pub fn new() -> Self {
        MaskStream {
            next: 0,
            ahead: [Poly::ZERO; 3],
            ahead_len: 0,
        }
    }

    /// y for the next iteration: ExpandMask(rho'', kappa) for kappa = l
    /// times the number of earlier calls.
    #[inline(always)]
    pub fn next_y<P: ParameterSet, B: Backend>(&mut self, rho_pp: &[u8; 64], y: &mut P::VecL) {
        const BLOCKS: usize = 5; // 5 * 136 = 680 >= 32 * 20 bytes
        let bytes = 32 * P::GAMMA1_BITS;
        let y = y.as_mut();
        let mut filled = self.ahead_len.min(y.len());
        y[..filled].clone_from_slice(&self.ahead[..filled]);
        self.ahead_len = 0;
        while filled < y.len() {
            let mut seeds = [[0u8; 66]; 4];
            for (lane, s) in seeds.iter_mut().enumerate() {
                s[..64].copy_from_slice(rho_pp);
                s[64..].copy_from_slice(&self.next.wrapping_add(lane as u16).to_le_bytes());
            }
            self.next = self.next.wrapping_add(4);
            let mut xof = B::Shake256x4::absorb_x4([&seeds[0], &seeds[1], &seeds[2], &seeds[3]]);
            let mut buf = [[0u8; BLOCKS * SHAKE256_RATE]; 4];
            {
                let [b0, b1, b2, b3] = &mut buf;
                xof.squeeze_blocks_x4([b0, b1, b2, b3]);
            }
            for lane_buf in buf.iter() {
                let out = if filled < y.len() {
                    filled += 1;
                    &mut y[filled - 1]
                } else {
                    self.ahead_len += 1;
                    &mut self.ahead[self.ahead_len - 1]
                };
                B::unpack_z(P::GAMMA1_BITS, out, &lane_buf[..bytes]);
            }
            seeds.as_flattened_mut().zeroize();
            buf.as_flattened_mut().zeroize();
        }
    }
}

impl Default for MaskStream {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for MaskStream {
    fn drop(&mut self) {
        self.ahead.zeroize();
    }
}

/// SampleInBall (Algorithm 29): the challenge c with tau coefficients +-1,
/// from c~. Coefficients are -1, 0 or 1.
#[inline(always)]
pub fn sample_in_ball<P: ParameterSet, B: Backend>(c_tilde: &[u8], c: &mut Poly) {
    let mut xof = B::Shake256::new();
    xof.absorb(c_tilde);
    let mut signs_bytes = [0u8; 8];
    xof.squeeze(&mut signs_bytes);
    let mut signs = u64::from_le_bytes(signs_bytes);
    // c as bytes while it is built: a quarter of the vectors to touch.
    let mut ball = [0i8; N];
    let mut block = [0u8; SHAKE256_RATE];
    let mut pos = SHAKE256_RATE;
    for i in (N - P::TAU)..N {
        let j = loop {
            if pos == SHAKE256_RATE {
                xof.squeeze(&mut block);
                pos = 0;
            }
            let j = block[pos] as usize;
            pos += 1;
            if j <= i {
                break j;
            }
        };
        // c_i <- c_j; c_j <- (-1)^sign, touching every position up to i the
        // same way: in the iterations Sign_internal rejects, c~ and so j
        // stay secret, so neither the memory index nor a branch may depend
        // on j. (Which bytes were rejected above reveals only those bytes.)
        let sign = 1 - 2 * (signs & 1) as i8;
        B::ball_swap(&mut ball, i, j, sign);
        signs >>= 1;
    }
    for (x, &b) in c.coeffs.iter_mut().zip(ball.iter()) {
        *x = b as i32;
    }
    ball.as_mut_slice().zeroize();
    block.as_mut_slice().zeroize();
}

/// Every entry of a vector through the backend's NTT.
#[inline(always)]
pub fn ntt_vec<V: PolyVec, B: Backend>(v: &mut V) {
    for p in v.as_mut() {
        B::ntt(p);
    }
}
