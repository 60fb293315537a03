//! ExpandMask (Algorithm 34): the mask y, by BitUnpack of SHAKE256
//! output, one or four lanes at a time.

use zeroize::Zeroize;

use super::rejection::SHAKE256_RATE;
use super::schedule::{in_groups_of_four, indexed_seed, indexed_seeds};
use crate::backend::{Backend, Xof, XofX4};
use crate::params::ParameterSet;
use crate::poly::Poly;

/// 5 * 136 = 680 >= 32 * 20 bytes: one squeeze gives a whole y polynomial.
const MASK_BLOCKS: usize = 5;

/// ExpandMask's lines 4 and 5 for one polynomial: y = BitUnpack(H(rho'' ||
/// IntegerToBytes(index, 2), 32c), gamma1 - 1, gamma1).
#[inline(always)]
fn mask_poly<P: ParameterSet, B: Backend>(rho_pp: &[u8; 64], index: u16, y: &mut Poly) {
    let bytes = 32 * P::GAMMA1_BITS;
    let mut s = [0u8; 66];
    indexed_seed(&mut s, rho_pp, index);
    let mut xof = B::Shake256::new();
    xof.absorb(&s);
    let mut buf = [0u8; 32 * 20];
    xof.squeeze(&mut buf[..bytes]);
    B::unpack_z::<P::Gamma1>(y, &buf[..bytes]);
    s.as_mut_slice().zeroize();
    buf.as_mut_slice().zeroize();
}

/// The four seeds of ExpandMask's four-lane SHAKE256 and the whole y
/// polynomials it squeezes: secret. One set per signing operation
/// ([`MaskStream`]), zeroized on drop; every call overwrites all of it
/// before reading it.
struct MaskBuffers {
    seeds: [[u8; 66]; 4],
    out: [[u8; MASK_BLOCKS * SHAKE256_RATE]; 4],
}

impl MaskBuffers {
    fn new() -> Self {
        MaskBuffers {
            seeds: [[0; 66]; 4],
            out: [[0; MASK_BLOCKS * SHAKE256_RATE]; 4],
        }
    }
}

impl Drop for MaskBuffers {
    fn drop(&mut self) {
        self.seeds.as_flattened_mut().zeroize();
        self.out.as_flattened_mut().zeroize();
    }
}

/// The same for four indices `first`, `first + 1`, .. at once, into the
/// first `active` outputs (the others are idle lanes), through `bufs`.
#[inline(always)]
fn mask_poly_x4<P: ParameterSet, B: Backend>(
    rho_pp: &[u8; 64],
    first: u16,
    ys: [&mut Poly; 4],
    active: usize,
    bufs: &mut MaskBuffers,
) {
    let bytes = 32 * P::GAMMA1_BITS;
    let seeds = &mut bufs.seeds;
    indexed_seeds(seeds, rho_pp, first);
    let mut xof = B::Shake256x4::new_x4();
    xof.absorb_x4([&seeds[0], &seeds[1], &seeds[2], &seeds[3]]);
    {
        let [b0, b1, b2, b3] = &mut bufs.out;
        xof.squeeze_blocks_x4([b0, b1, b2, b3]);
    }
    for (y, lane_buf) in ys.into_iter().zip(bufs.out.iter()).take(active) {
        B::unpack_z::<P::Gamma1>(y, &lane_buf[..bytes]);
    }
}

/// ExpandMask (Algorithm 34) for Sign_internal's loop: `y[r]` =
/// BitUnpack(H(rho'' || IntegerToBytes(kappa + r, 2), 32c), gamma1 - 1,
/// gamma1) for r < l. Where four lanes cost about one
/// ([`Backend::WIDE_SHAKE`]), the successive calls (kappa = 0, l, 2l, ..)
/// run four polynomials at a time across call boundaries: `y[r]` of kappa
/// is polynomial number kappa + r of one stream, so with l = 5 or 7 no
/// lane idles. Polynomials made ahead of their call wait here (secret,
/// zeroized on drop and when a call asks for another kappa than the one
/// they were made for), and so do the sponge's seeds and output buffers,
/// made once for the whole loop. Elsewhere each call makes its l
/// polynomials in groups of four.
pub struct MaskStream {
    /// kappa + r of the next polynomial to generate (mod 2^16, as
    /// IntegerToBytes(kappa + r, 2) takes it).
    next: u16,
    ahead: [Poly; 3],
    ahead_len: usize,
    bufs: MaskBuffers,
}

impl MaskStream {
    /// Nothing made ahead.
    pub fn new() -> Self {
        MaskStream {
            next: 0,
            ahead: [Poly::ZERO; 3],
            ahead_len: 0,
            bufs: MaskBuffers::new(),
        }
    }

    /// y = ExpandMask(rho'', kappa), for any kappa; the fastest when each
    /// call's kappa is the previous one's plus l.
    #[inline(never)]
    pub fn expand<P: ParameterSet, B: Backend>(
        &mut self,
        rho_pp: &[u8; 64],
        kappa: u16,
        y: &mut P::VecL,
    ) {
        if !B::wide_shake() {
            expand_in_groups::<P, B>(rho_pp, kappa, y, &mut self.bufs);
            return;
        }
        // The polynomials made ahead are those of kappa = next - ahead_len.
        if kappa != self.next.wrapping_sub(self.ahead_len as u16) {
            self.ahead.zeroize();
            self.ahead_len = 0;
            self.next = kappa;
        }
        let y = y.as_mut();
        let mut filled = self.ahead_len.min(y.len());
        y[..filled].clone_from_slice(&self.ahead[..filled]);
        self.ahead_len = 0;
        while filled < y.len() {
            // Four lanes: the rest of y first, then the next call's.
            let to_y = (y.len() - filled).min(4);
            let [a0, a1, a2] = &mut self.ahead;
            let mut outputs = y[filled..].iter_mut().chain([a0, a1, a2]);
            if let (Some(p0), Some(p1), Some(p2), Some(p3)) = (
                outputs.next(),
                outputs.next(),
                outputs.next(),
                outputs.next(),
            ) {
                mask_poly_x4::<P, B>(rho_pp, self.next, [p0, p1, p2, p3], 4, &mut self.bufs);
            }
            self.next = self.next.wrapping_add(4);
            filled += to_y;
            self.ahead_len = 4 - to_y;
        }
    }
}

/// ExpandMask's l polynomials in groups of four, the last ones one lane at
/// a time; in a frame of its own (its spare polynomials are not the
/// stream's).
#[inline(never)]
fn expand_in_groups<P: ParameterSet, B: Backend>(
    rho_pp: &[u8; 64],
    kappa: u16,
    y: &mut P::VecL,
    bufs: &mut MaskBuffers,
) {
    in_groups_of_four::<B>(
        P::L,
        y.as_mut().iter_mut(),
        |r, p| mask_poly::<P, B>(rho_pp, kappa.wrapping_add(r as u16), p),
        |r, n, ys| mask_poly_x4::<P, B>(rho_pp, kappa.wrapping_add(r as u16), ys, n, bufs),
    );
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
