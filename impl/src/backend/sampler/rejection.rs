//! The rejection loops of RejNTTPoly (Algorithm 30) and RejBoundedPoly
//! (Algorithm 31) on one, four or eight SHAKE lanes: each lane's bytes
//! through the backend's acceptance kernel until its polynomial has 256
//! coefficients.

use zeroize::Zeroize;

use crate::backend::{Backend, Carry, Xof, XofX4, XofX8, append_after};
use crate::params::{N, ParameterSet};
use crate::poly::Poly;

pub(super) const SHAKE128_RATE: usize = 168;
pub(super) const SHAKE256_RATE: usize = 136;
/// Blocks of SHAKE128 squeezed up front by the one-lane RejNTTPoly: one,
/// then one at a time (56 candidates each; 168 bytes hold whole 3-byte
/// candidates, so the blocks' order alone decides the result).
pub(super) const UNIFORM_BLOCKS: usize = 1;
/// The blocks every RejNTTPoly reads (four hold 224 candidates, fewer than
/// 256), squeezed up front by ExpandA's four- and eight-lane groups. Each
/// lane's five blocks are then sampled in one call, and the five
/// permutations run back to back, faster than a block at a time on the
/// SIMD sponges, for four blocks a lane more in the frame (the crate docs'
/// stack table).
pub(super) const UNIFORM_MIN_BLOCKS: usize = 5;
/// The bytes each lane of ExpandA's groups squeezes up front.
pub(super) const UNIFORM_FIRST: usize = UNIFORM_MIN_BLOCKS * SHAKE128_RATE;
/// The squeeze buffer of ExpandA's groups of `L` lanes.
pub(super) type UniformBuffer<const L: usize> = [[u8; UNIFORM_FIRST]; L];
/// A zeroed squeeze buffer: in a function, so that the lazily zeroed
/// buffers' `get_or_insert_with` does not build one on each call.
pub(super) fn zeroed_buffer<const L: usize>() -> UniformBuffer<L> {
    [[0; UNIFORM_FIRST]; L]
}
/// Blocks of SHAKE256 squeezed up front for RejBoundedPoly: 2 blocks give 544
/// half-bytes (eta = 2 keeps 15/16 of them; eta = 4 keeps 9/16).
pub(super) const ETA_BLOCKS: usize = 2;

/// The rejection loop of RejNTTPoly and RejBoundedPoly for L seeds at once
/// (L = 4, or 8 for ExpandA), held absorbed by the L-lane SHAKE that
/// `squeeze` squeezes: FIRST bytes of each lane up front, then one block of
/// RATE bytes at a time until the first `active` lanes have 256
/// coefficients (the others are idle lanes of a last, partial group: their
/// bytes are not sampled, and their polynomials not written).
/// `sample(coefficients, count, bytes)` is the backend's acceptance kernel:
/// it appends the accepted candidates of `bytes` and returns the new count
/// (at most 256); with SECRET the squeezed bytes are zeroized (ExpandS's
/// are secret, ExpandA's public). `buf` receives the squeezed bytes (its
/// contents on entry are not read): ExpandA's groups share one.
#[inline(always)]
pub(super) fn rej_poly_lanes<
    const L: usize,
    const FIRST: usize,
    const RATE: usize,
    const SECRET: bool,
>(
    mut squeeze: impl FnMut([&mut [u8]; L]),
    buf: &mut [[u8; FIRST]; L],
    polys: [&mut [i32; N]; L],
    active: usize,
    sample: impl Fn(&mut [i32; N], usize, &[u8]) -> usize,
) {
    const { assert!(FIRST >= RATE) };
    squeeze(buf.each_mut().map(|b| b.as_mut_slice()));
    // The active lanes only: an idle lane's bytes are not its polynomial's
    // (a carried sponge's state, [`XofX4::squeeze_blocks_x4_carrying`]).
    let active = active.min(L);
    let mut ctr = [0usize; L];
    for lane in 0..active {
        ctr[lane] = sample(&mut *polys[lane], 0, &buf[lane]);
    }
    // The later blocks, one at a time, into the first RATE bytes of the
    // same buffer.
    while ctr[..active].iter().any(|&c| c < N) {
        squeeze(buf.each_mut().map(|b| &mut b[..RATE]));
        for lane in 0..active {
            ctr[lane] = sample(&mut *polys[lane], ctr[lane], &buf[lane][..RATE]);
        }
    }
    if SECRET {
        buf.as_flattened_mut().zeroize();
    }
}

/// [`rej_poly_lanes`] for four seeds absorbed in `xof`.
#[inline(always)]
pub(super) fn rej_poly_x4<X: XofX4, const FIRST: usize, const RATE: usize, const SECRET: bool>(
    xof: &mut X,
    buf: &mut [[u8; FIRST]; 4],
    polys: [&mut Poly; 4],
    active: usize,
    sample: impl Fn(&mut [i32; N], usize, &[u8]) -> usize,
) {
    rej_poly_lanes::<4, FIRST, RATE, SECRET>(
        |out| xof.squeeze_blocks_x4(out),
        buf,
        polys.map(|p| &mut p.coeffs),
        active,
        sample,
    )
}

/// The same loop for one seed, absorbed in `xof`.
#[inline(always)]
pub(super) fn rej_poly<X: Xof, const FIRST: usize, const RATE: usize, const SECRET: bool>(
    xof: &mut X,
    out: &mut Poly,
    sample: impl Fn(&mut [i32; N], usize, &[u8]) -> usize,
) {
    let mut buf = [0u8; FIRST];
    xof.squeeze(&mut buf);
    let mut ctr = sample(&mut out.coeffs, 0, &buf);
    while ctr < N {
        let mut block = [0u8; RATE];
        xof.squeeze(&mut block);
        ctr = sample(&mut out.coeffs, ctr, &block);
        if SECRET {
            block.as_mut_slice().zeroize();
        }
    }
    if SECRET {
        buf.as_mut_slice().zeroize();
    }
}

/// RejNTTPoly (Algorithm 30) for four seeds at once, on the sponge in
/// `xof`, made once and restarted in place for each group (a sponge made
/// per group is returned by value, copied into place and wiped when
/// dropped: 2.5 KB of stores a group). With three or fewer active, each
/// permutation carries `carry`'s next block, if one is waiting, in the
/// idle lane 3 ([`XofX4::squeeze_blocks_x4_carrying`]). Out of line, one
/// copy for every carrier (a call is nothing beside a group's
/// permutations).
#[inline(never)]
pub(super) fn rej_ntt_poly_x4<B: Backend>(
    xof: &mut Option<B::Shake128x4>,
    seeds: [[u8; 34]; 4],
    buf: &mut UniformBuffer<4>,
    polys: [&mut [i32; N]; 4],
    active: usize,
    carry: &mut dyn Carry,
) {
    let xof = xof.get_or_insert_with(B::Shake128x4::new_x4);
    xof.restart_x4([&seeds[0], &seeds[1], &seeds[2], &seeds[3]]);
    rej_poly_lanes::<4, UNIFORM_FIRST, SHAKE128_RATE, false>(
        |out| {
            if active < 4 {
                xof.squeeze_blocks_x4_carrying(out, 3, &mut &mut *carry)
            } else {
                xof.squeeze_blocks_x4(out)
            }
        },
        buf,
        polys,
        active,
        |out, c, buf| append_after(out, c, |room| B::rej_uniform(room, buf)),
    )
}

/// RejNTTPoly (Algorithm 30) for eight seeds at once (ExpandA), squeezing
/// into `buf`, each permutation carrying `carry`'s next block if one is
/// waiting. In a frame of its own: its sponge is not added to the
/// four-lane path's in the caller's frame; one copy for every carrier.
#[inline(never)]
pub(super) fn rej_ntt_poly_x8<B: Backend>(
    seeds: [[u8; 34]; 8],
    buf: &mut UniformBuffer<8>,
    polys: [&mut [i32; N]; 8],
    active: usize,
    carry: &mut dyn Carry,
) {
    let mut xof = B::Shake128x8::new_x8();
    xof.absorb_x8(seeds.each_ref().map(|s| s.as_slice()));
    rej_poly_lanes::<8, UNIFORM_FIRST, SHAKE128_RATE, false>(
        |out| xof.squeeze_blocks_x8_carrying(out, &mut &mut *carry),
        buf,
        polys,
        active,
        |out, c, buf| append_after(out, c, |room| B::rej_uniform(room, buf)),
    )
}

/// RejNTTPoly (Algorithm 30) for one seed.
#[inline(always)]
pub(super) fn rej_ntt_poly<B: Backend>(seed: &[u8; 34], out: &mut Poly) {
    let mut xof = B::Shake128::new();
    xof.absorb(seed);
    rej_poly::<_, { UNIFORM_BLOCKS * SHAKE128_RATE }, SHAKE128_RATE, false>(
        &mut xof,
        out,
        |o, c, b| append_after(o, c, |room| B::rej_uniform(room, b)),
    )
}

/// RejBoundedPoly (Algorithm 31) for four seeds at once.
#[inline(always)]
pub(super) fn rej_bounded_poly_x4<P: ParameterSet, B: Backend>(
    seeds: &[[u8; 66]; 4],
    polys: [&mut Poly; 4],
    active: usize,
) {
    let mut xof = B::Shake256x4::new_x4();
    xof.absorb_x4([&seeds[0], &seeds[1], &seeds[2], &seeds[3]]);
    rej_poly_x4::<_, { ETA_BLOCKS * SHAKE256_RATE }, SHAKE256_RATE, true>(
        &mut xof,
        &mut [[0; ETA_BLOCKS * SHAKE256_RATE]; 4],
        polys,
        active,
        |out, c, buf| B::rej_eta::<P::Eta>(out, c, buf),
    )
}

/// RejBoundedPoly (Algorithm 31) for one seed.
#[inline(always)]
pub(super) fn rej_bounded_poly<P: ParameterSet, B: Backend>(seed: &[u8; 66], out: &mut Poly) {
    let mut xof = B::Shake256::new();
    xof.absorb(seed);
    rej_poly::<_, { ETA_BLOCKS * SHAKE256_RATE }, SHAKE256_RATE, true>(&mut xof, out, |o, c, b| {
        B::rej_eta::<P::Eta>(o, c, b)
    })
}
