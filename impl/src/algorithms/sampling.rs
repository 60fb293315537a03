//! ExpandA, ExpandS, ExpandMask and SampleInBall (FIPS 204 Algorithms 29 to
//! 34), four polynomials at a time where the backend has a four-lane SHAKE.

use zeroize::Zeroize;

use crate::backend::{Backend, Carry, NoCarry, Xof, XofX4, XofX8, append_after};
use crate::ct;
use crate::params::{Eta, EtaKind, N, ParameterSet, PolyVec};
use crate::poly::Poly;

const SHAKE128_RATE: usize = 168;
const SHAKE256_RATE: usize = 136;
/// Blocks of SHAKE128 squeezed up front by the one-lane RejNTTPoly: one,
/// then one at a time (56 candidates each; 168 bytes hold whole 3-byte
/// candidates, so the blocks' order alone decides the result).
const UNIFORM_BLOCKS: usize = 1;
/// The blocks every RejNTTPoly reads (four hold 224 candidates, fewer than
/// 256), squeezed up front by ExpandA's four- and eight-lane groups. Each
/// lane's five blocks are then sampled in one call, and the five
/// permutations run back to back: ExpandA about 8 % faster than with one
/// block up front on AVX-512, about 4 % on AVX2 (the portable sponges,
/// one lane at a time, neither gain nor lose), for four blocks a lane
/// more in the frame: in the crate docs' stack table, 2 to 3 KiB more for
/// verify, import and precompute (6 to 8 KiB on AVX-512, keygen too);
/// signing unchanged (its deepest frame is not under ExpandA's).
const UNIFORM_MIN_BLOCKS: usize = 5;
/// The bytes each lane of ExpandA's groups squeezes up front.
const UNIFORM_FIRST: usize = UNIFORM_MIN_BLOCKS * SHAKE128_RATE;
/// The squeeze buffer of ExpandA's groups of `L` lanes.
type UniformBuffer<const L: usize> = [[u8; UNIFORM_FIRST]; L];
/// A zeroed squeeze buffer: in a function, so that the lazily zeroed
/// buffers' `get_or_insert_with` does not build one on each call.
fn zeroed_buffer<const L: usize>() -> UniformBuffer<L> {
    [[0; UNIFORM_FIRST]; L]
}
/// Blocks of SHAKE256 squeezed up front for RejBoundedPoly: 2 blocks give 544
/// half-bytes (eta = 2 keeps 15/16 of them; eta = 4 keeps 9/16).
const ETA_BLOCKS: usize = 2;

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
fn rej_poly_lanes<const L: usize, const FIRST: usize, const RATE: usize, const SECRET: bool>(
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
fn rej_poly_x4<X: XofX4, const FIRST: usize, const RATE: usize, const SECRET: bool>(
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
fn rej_poly<X: Xof, const FIRST: usize, const RATE: usize, const SECRET: bool>(
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
/// idle lane 3 ([`XofX4::squeeze_blocks_x4_carrying`]).
#[inline(always)]
fn rej_ntt_poly_x4<B: Backend>(
    xof: &mut Option<B::Shake128x4>,
    seeds: [[u8; 34]; 4],
    buf: &mut UniformBuffer<4>,
    polys: [&mut [i32; N]; 4],
    active: usize,
    carry: &mut impl Carry,
) {
    let xof = xof.get_or_insert_with(B::Shake128x4::new_x4);
    xof.restart_x4([&seeds[0], &seeds[1], &seeds[2], &seeds[3]]);
    rej_poly_lanes::<4, UNIFORM_FIRST, SHAKE128_RATE, false>(
        |out| {
            if active < 4 {
                xof.squeeze_blocks_x4_carrying(out, 3, carry)
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
/// four-lane path's in the caller's frame.
#[inline(never)]
fn rej_ntt_poly_x8<B: Backend>(
    seeds: [[u8; 34]; 8],
    buf: &mut UniformBuffer<8>,
    polys: [&mut [i32; N]; 8],
    active: usize,
    carry: &mut impl Carry,
) {
    let mut xof = B::Shake128x8::new_x8();
    xof.absorb_x8(seeds.each_ref().map(|s| s.as_slice()));
    rej_poly_lanes::<8, UNIFORM_FIRST, SHAKE128_RATE, false>(
        |out| xof.squeeze_blocks_x8_carrying(out, carry),
        buf,
        polys,
        active,
        |out, c, buf| append_after(out, c, |room| B::rej_uniform(room, buf)),
    )
}

/// RejNTTPoly (Algorithm 30) for one seed.
#[inline(always)]
fn rej_ntt_poly<B: Backend>(seed: &[u8; 34], out: &mut Poly) {
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
fn rej_bounded_poly_x4<P: ParameterSet, B: Backend>(
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
fn rej_bounded_poly<P: ParameterSet, B: Backend>(seed: &[u8; 66], out: &mut Poly) {
    let mut xof = B::Shake256::new();
    xof.absorb(seed);
    rej_poly::<_, { ETA_BLOCKS * SHAKE256_RATE }, SHAKE256_RATE, true>(&mut xof, out, |o, c, b| {
        B::rej_eta::<P::Eta>(o, c, b)
    })
}

/// The output borrow, shortened to the spare polynomials' lifetime.
fn shorten<'s, 'a: 's>(p: &'a mut Poly) -> &'s mut Poly {
    p
}

/// The group-of-four schedule of ExpandA, ExpandS and ExpandMask: the
/// `total` polynomials of `outputs`, in order, four at a time through
/// `four(first index, lanes in use, four outputs)`. With a SIMD SHAKE
/// ([`Backend::WIDE_SHAKE`]) a last group of two or three runs four-wide
/// with idle lanes (written to spare polynomials, zeroized after use);
/// otherwise, and for a single last polynomial, the leftovers run one lane
/// at a time through `one(index, output)`.
#[inline(always)]
fn in_groups_of_four<'a, B: Backend>(
    total: usize,
    outputs: impl Iterator<Item = &'a mut Poly>,
    mut one: impl FnMut(usize, &mut Poly),
    mut four: impl FnMut(usize, usize, [&mut Poly; 4]),
) {
    let mut spare = [Poly::ZERO; 3];
    let [s0, s1, s2] = &mut spare;
    let mut slots = outputs.map(shorten).chain([s0, s1, s2]);
    let mut index = 0;
    let mut spare_used = false;
    while index < total {
        let left = total - index;
        let n = if B::wide_shake() {
            left.min(4)
        } else if left >= 4 {
            4
        } else {
            1
        };
        if n == 1 {
            if let Some(p) = slots.next() {
                one(index, p);
            }
        } else if let (Some(p0), Some(p1), Some(p2), Some(p3)) =
            (slots.next(), slots.next(), slots.next(), slots.next())
        {
            four(index, n, [p0, p1, p2, p3]);
            spare_used |= n < 4;
        }
        index += n;
    }
    drop(slots);
    // Idle lanes of ExpandS hold secret polynomials.
    if spare_used {
        spare.zeroize();
    }
}

/// rho || IntegerToBytes(s, 1) || IntegerToBytes(r, 1): the seed of entry
/// `index` = r l + s of A_hat (row-major).
#[inline(always)]
fn seed_34<P: ParameterSet>(rho: &[u8; 32], index: usize) -> [u8; 34] {
    let mut s = [0u8; 34];
    s[..32].copy_from_slice(rho);
    s[32] = (index % P::L) as u8;
    s[33] = (index / P::L) as u8;
    s
}

/// How many entries of A_hat ExpandA makes together when `left` remain:
/// with an eight-lane SHAKE128 ([`Backend::EIGHT_LANE_SHAKE`]), eight while
/// eight remain, and a last five to seven eight-wide with idle lanes (one
/// eight-lane permutation costs less than two four-lane ones); then, and
/// on the other backends, [`in_groups_of_four`]'s rule, except that six
/// left make two groups of three where an idle lane carries
/// ([`Backend::idle_lane_carry`]). More than four means the eight-lane
/// kernel.
#[inline(always)]
fn a_group<B: Backend>(left: usize) -> usize {
    // (A group of eight needs room for seven entries ahead of their row.)
    if left > 4 && AHEAD >= 7 && B::eight_lane_shake() {
        left.min(8)
    } else if B::wide_shake() {
        // Six left (ML-DSA-65's last two groups of four) as three and
        // three, where an idle lane carries: the same permutations as four
        // and two, and one more group with a lane for the one-lane sponge
        // (its blocks follow one another, so a group carries in one lane).
        if left == 6 && B::idle_lane_carry() {
            3
        } else {
            left.min(4)
        }
    } else if left >= 4 {
        4
    } else {
        1
    }
}

/// Whether ExpandA's rows ([`MatrixRows`]) carry the blocks of a one-lane
/// sponge ([`Carry`]): where groups of eight permute a scalar state beside
/// theirs (AVX-512), and where a four-lane sponge can permute it in a lane
/// (AVX2: ML-DSA-65's groups of three, ML-DSA-44's and 87's refilled
/// lanes, [`rows_refilled`]). Otherwise the sponge absorbs its input as it
/// comes.
#[inline(always)]
pub fn rows_carry<B: Backend>() -> bool {
    B::eight_lane_shake() || B::idle_lane_carry()
}

/// Whether ExpandA's groups themselves carry a one-lane sponge's blocks
/// (their rows not refilled, [`rows_refilled`]): groups of eight beside a
/// scalar state (AVX-512), and groups of three with an idle lane (AVX2,
/// `k l` not a multiple of four: ML-DSA-65's 30 entries).
#[inline(always)]
pub fn groups_carry<P: ParameterSet, B: Backend>() -> bool {
    B::eight_lane_shake() || (B::idle_lane_carry() && (P::K * P::L) % 4 != 0)
}

/// The next eight entries of `outputs` (ExpandA's eight-lane group), or
/// `None` where fewer are left.
#[inline(always)]
fn next_eight<T>(outputs: &mut impl Iterator<Item = T>) -> Option<[T; 8]> {
    let [p0, p1, p2, p3, p4, p5, p6, p7] = core::array::from_fn(|_| outputs.next());
    Some([p0?, p1?, p2?, p3?, p4?, p5?, p6?, p7?])
}

/// ExpandA (Algorithm 32): `A_hat[r][s] = RejNTTPoly(rho || s || r)`, eight
/// entries at a time in row-major order, the last ones as `a_group`
/// schedules them.
#[inline(never)]
pub fn expand_a<P: ParameterSet, B: Backend>(rho: &[u8; 32], a_hat: &mut P::Matrix) {
    let seed = |index: usize| seed_34::<P>(rho, index);
    let mut entries = a_hat
        .as_mut()
        .iter_mut()
        .flat_map(|row| row.as_mut().iter_mut());
    let total = P::K * P::L;
    // The groups' squeeze buffers, each zeroed when first used: a backend
    // uses only one of them for the parameter sets' k l (16, 30, 56).
    let mut buf8: Option<UniformBuffer<8>> = None;
    let mut buf4: Option<UniformBuffer<4>> = None;
    let mut index = 0;
    while a_group::<B>(total - index) == 8 {
        if let Some(polys) = next_eight(&mut entries) {
            let seeds = core::array::from_fn(|lane| seed(index + lane));
            let buf = buf8.get_or_insert_with(zeroed_buffer);
            rej_ntt_poly_x8::<B>(seeds, buf, polys.map(|p| &mut p.coeffs), 8, &mut NoCarry);
        }
        index += 8;
    }
    let left = total - index;
    // (Five to seven left happens for ML-DSA-65's 30 entries only; the
    // test is on constants, so the other sets have no spare polynomials.)
    if total % 8 > 4 && a_group::<B>(left) > 4 {
        // The idle lanes write to spare polynomials (A_hat is public).
        let mut spare = [Poly::ZERO; 3];
        let [s0, s1, s2] = &mut spare;
        let mut slots = entries.map(shorten).chain([s0, s1, s2]);
        if let Some(polys) = next_eight(&mut slots) {
            let seeds = core::array::from_fn(|lane| seed(index + lane));
            let buf = buf8.get_or_insert_with(zeroed_buffer);
            let polys = polys.map(|p| &mut p.coeffs);
            rej_ntt_poly_x8::<B>(seeds, buf, polys, left, &mut NoCarry);
        }
        return;
    }
    let first = index;
    let mut xof4 = None;
    in_groups_of_four::<B>(
        total - first,
        entries,
        |index, p| rej_ntt_poly::<B>(&seed(first + index), p),
        |index, n, polys| {
            let seeds = core::array::from_fn(|lane| seed(first + index + lane));
            let buf = buf4.get_or_insert_with(zeroed_buffer);
            let polys = polys.map(|p| &mut p.coeffs);
            rej_ntt_poly_x4::<B>(&mut xof4, seeds, buf, polys, n, &mut NoCarry)
        },
    );
}

/// ExpandA (Algorithm 32) one row at a time, in order, for the operations
/// that use each row once (KeyGen's and the key import's t = A_hat s1_hat,
/// Verify's A_hat z_hat, the compact key's expansion): l polynomials of
/// stack instead of k l. The groups are [`expand_a`]'s, across row
/// boundaries; entries made ahead of their row wait here.
pub struct MatrixRows {
    /// Row-major index of the next entry to generate.
    next: usize,
    ahead_len: usize,
    /// The groups' buffers, for every row.
    groups: Groups,
}

/// A group width's buffers: the coefficients of the entries a group makes
/// ahead of their row (`AHEAD`, one fewer than the group's `LANES`) and the
/// squeeze buffer. (Coefficient arrays, not [`Poly`]s: with a 32-byte
/// aligned member, the compiler built the buffers in a temporary and
/// copied them in.)
struct GroupBuffers<const AHEAD: usize, const LANES: usize> {
    ahead: [[i32; N]; AHEAD],
    squeezed: UniformBuffer<LANES>,
}

impl<const AHEAD: usize, const LANES: usize> GroupBuffers<AHEAD, LANES> {
    #[inline(always)]
    fn zeroed() -> Self {
        GroupBuffers {
            ahead: [[0; N]; AHEAD],
            squeezed: zeroed_buffer(),
        }
    }
}

/// The buffers of the groups' width, zeroed for the first group (one width
/// per backend, so per process): groups of four zero 6.4 KB, where buffers
/// sized for AVX-512's groups of eight would take 13.7 KB; the storage is
/// shared, so the frame holds the larger only. (Buffers zeroed for each
/// group or row would add 13 to 47 KiB of `memset` to each AVX-512 key
/// generation and verification.) The variants differ in size on purpose:
/// one slot for whichever the backend uses, and no heap to box the larger.
#[allow(clippy::large_enum_variant)]
enum Groups {
    /// Before the first group.
    Unset,
    /// Groups of four.
    Four(GroupBuffers<3, 4>),
    /// Groups of eight (on x86-64, where the AVX-512 backend may run).
    #[cfg(target_arch = "x86_64")]
    Eight(GroupBuffers<AHEAD, 8>),
}

/// How many entries a group can make ahead of their row: seven with groups
/// of eight (on x86-64, where the AVX-512 backend may run), three with
/// groups of four.
const AHEAD: usize = if cfg!(target_arch = "x86_64") { 7 } else { 3 };

impl Groups {
    /// The entries made ahead, whatever the width (none before the first
    /// group).
    #[inline(always)]
    fn ahead(&mut self) -> &mut [[i32; N]] {
        match self {
            Groups::Unset => &mut [],
            Groups::Four(g) => &mut g.ahead,
            #[cfg(target_arch = "x86_64")]
            Groups::Eight(g) => &mut g.ahead,
        }
    }

    /// The buffers of a group of four (of eight, its first four lanes, if
    /// those are the width's), zeroed at the first group.
    #[inline(always)]
    fn four(&mut self) -> Option<(&mut [[i32; N]], &mut UniformBuffer<4>)> {
        if let Groups::Unset = self {
            *self = Groups::Four(GroupBuffers::zeroed());
        }
        match self {
            Groups::Unset => None,
            Groups::Four(g) => Some((&mut g.ahead, &mut g.squeezed)),
            #[cfg(target_arch = "x86_64")]
            Groups::Eight(g) => Some((&mut g.ahead, g.squeezed.first_chunk_mut::<4>()?)),
        }
    }

    /// The buffers of a group of eight, zeroed at the first group.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn eight(&mut self) -> Option<&mut GroupBuffers<AHEAD, 8>> {
        if let Groups::Unset = self {
            *self = Groups::Eight(GroupBuffers::zeroed());
        }
        match self {
            Groups::Eight(g) => Some(g),
            _ => None,
        }
    }
}

impl MatrixRows {
    /// The rows from the first.
    pub fn new() -> Self {
        MatrixRows {
            next: 0,
            ahead_len: 0,
            groups: Groups::Unset,
        }
    }

    /// The next row of A_hat = ExpandA(rho) into `row`.
    #[inline(never)]
    pub fn next_row<P: ParameterSet, B: Backend>(&mut self, rho: &[u8; 32], row: &mut P::VecL) {
        self.next_row_carrying::<P, B>(rho, row, &mut NoCarry, &mut None)
    }

    /// [`Self::next_row`], each of its permutations carrying `carry`'s next
    /// block if one is waiting ([`Carry`]); groups of four run on the
    /// sponge in `xof`, kept from group to group and row to row.
    #[inline(always)]
    pub fn next_row_carrying<P: ParameterSet, B: Backend>(
        &mut self,
        rho: &[u8; 32],
        row: &mut P::VecL,
        carry: &mut impl Carry,
        xof: &mut Option<B::Shake128x4>,
    ) {
        let row = row.as_mut();
        let ahead = self.groups.ahead();
        let mut filled = self.ahead_len.min(row.len());
        for (p, a) in row.iter_mut().zip(&ahead[..filled]) {
            p.coeffs = *a;
        }
        // Entries made ahead of the row after this one too (a group of
        // eight can reach it), moved to the front.
        ahead[..self.ahead_len].rotate_left(filled);
        self.ahead_len -= filled;
        while filled < row.len() {
            let n = a_group::<B>(P::K * P::L - self.next);
            let to_row = (row.len() - filled).min(n);
            let seeds = |lane| seed_34::<P>(rho, self.next + lane);
            if n == 1 {
                if let Some(p) = row.get_mut(filled) {
                    rej_ntt_poly::<B>(&seeds(0), p);
                }
            } else if n > 4 {
                // Idle lanes of a last group write past the entries made
                // ahead (their count says which are real).
                #[cfg(target_arch = "x86_64")]
                if let Some(GroupBuffers { ahead, squeezed }) = self.groups.eight() {
                    let entries = row[filled..].iter_mut().map(|p| &mut p.coeffs);
                    let mut outputs = entries.chain(ahead.iter_mut());
                    if let Some(polys) = next_eight(&mut outputs) {
                        let seeds = core::array::from_fn(seeds);
                        rej_ntt_poly_x8::<B>(seeds, squeezed, polys, n, carry);
                    }
                }
                // (Groups of eight run on x86-64 only.)
            } else if let Some((ahead, squeezed)) = self.groups.four() {
                let entries = row[filled..].iter_mut().map(|p| &mut p.coeffs);
                let mut outputs = entries.chain(ahead.iter_mut());
                if let (Some(p0), Some(p1), Some(p2), Some(p3)) = (
                    outputs.next(),
                    outputs.next(),
                    outputs.next(),
                    outputs.next(),
                ) {
                    let seeds = core::array::from_fn(seeds);
                    rej_ntt_poly_x4::<B>(xof, seeds, squeezed, [p0, p1, p2, p3], n, carry);
                }
            }
            self.next += n;
            filled += to_row;
            self.ahead_len = n - to_row;
        }
    }
}

/// A lane of [`Refill`] with no entry to sample.
const FREE: usize = usize::MAX;

/// ExpandA's four-lane sponge for [`MatrixRows::next_row_refilled`], kept
/// from row to row, and what each lane does: the entry it samples, if
/// any, and the permutations it may still give to a carried sponge.
pub struct Refill<X: XofX4> {
    xof: Option<X>,
    /// Row-major index of the next row's first entry.
    first: usize,
    /// Each lane's entry (row-major index), or `FREE`.
    entry: [usize; 4],
    /// The blocks of each lane's entry squeezed into its buffer and not
    /// yet sampled.
    held: [usize; 4],
    /// The coefficients each lane's entry has (0 until its first
    /// `UNIFORM_MIN_BLOCKS` blocks are sampled).
    ctr: [usize; 4],
    /// How many more permutations each lane may carry a block in.
    budget: [usize; 4],
}

impl<X: XofX4> Refill<X> {
    /// The sponge, for [`MatrixRows::next_row_carrying`]'s groups of four
    /// where the rows are not refilled.
    pub fn xof_mut(&mut self) -> &mut Option<X> {
        &mut self.xof
    }

    /// No sponge yet, every lane free.
    pub fn new() -> Self {
        Refill {
            xof: None,
            first: 0,
            entry: [FREE; 4],
            held: [0; 4],
            ctr: [0; 4],
            budget: [0; 4],
        }
    }
}

impl<X: XofX4> Default for Refill<X> {
    fn default() -> Self {
        Self::new()
    }
}

/// The bytes of pk before its last row of t1 (rho and k - 1 rows of 320
/// bytes): what tr = H(pk) has to absorb before ExpandA's last row is made
/// ([`Carry::blocks_before_last_row`]).
pub fn pk_before_last_row<P: ParameterSet>() -> usize {
    P::PK_LEN - (P::PK_LEN - 32) / P::K
}

/// Whether ExpandA's rows run as [`MatrixRows::next_row_refilled`] for
/// `carry`: on a four-lane sponge that carries in any lane
/// ([`Backend::idle_lane_carry`], not an eight-lane one), for a carrier
/// that expects blocks before the last row, where the groups of four fill
/// every lane (`k l` a multiple of four: ML-DSA-44 and 87; ML-DSA-65's two
/// groups of three carry in their idle lane).
#[inline(always)]
pub fn rows_refilled<P: ParameterSet, B: Backend>(carry: &impl Carry) -> bool {
    B::idle_lane_carry()
        && !B::eight_lane_shake()
        && (P::K * P::L) % 4 == 0
        && carry.blocks_before_last_row() > 0
}

impl MatrixRows {
    /// [`Self::next_row_carrying`] on a four-lane sponge whose lanes are
    /// refilled one by one (`refill`, kept from row to row): a lane whose
    /// entry has 256 coefficients takes the next entry (its seed written
    /// into that lane alone, [`XofX4::restart_lane`]; four free lanes are
    /// restarted at once, [`XofX4::restart_x4`]), or, while its budget
    /// lasts and a block of `carry` waits, permutes that block instead,
    /// for one permutation ([`XofX4::squeeze_blocks_x4_carrying`]).
    ///
    /// The one-lane sponge's blocks (tr = H(pk) in key generation and
    /// import) arrive only as rows are made, one after another, and groups
    /// of four that wait for all their lanes leave no lane for them. Each
    /// lane may give up a quarter of the blocks expected before the last
    /// row, rounded up: the fewest permutations in all on a model of the
    /// schedule (a four-lane permutation 423 ns, a one-lane one 296, a lane
    /// restarted or carrying about 25 more; AMD Zen 3). ML-DSA-44 key
    /// generation then runs 22 four-lane permutations for ExpandA and 5
    /// one-lane ones in all, instead of 20 and 11; ML-DSA-87 74 and 5,
    /// instead of 70 and 21. (Verification's c~' has three or four blocks
    /// to carry before the last row at ML-DSA-44, seven at 87, and measured
    /// no faster for them: it keeps the groups.)
    ///
    /// Each entry's first five blocks (fewer cannot make 256 coefficients)
    /// are squeezed into its lane's buffer, back to back until the first
    /// lane is due, and sampled at once; any later block one at a time.
    /// An entry of the next row sampled before this row is done (at most
    /// three: a lane holds this row's last entry) waits in the group
    /// buffers.
    #[inline(always)]
    pub fn next_row_refilled<P: ParameterSet, B: Backend>(
        &mut self,
        rho: &[u8; 32],
        row: &mut P::VecL,
        carry: &mut impl Carry,
        refill: &mut Refill<B::Shake128x4>,
    ) {
        let row = row.as_mut();
        let Some((ahead, squeezed)) = self.groups.four() else {
            return;
        };
        let total = P::K * P::L;
        // Row-major indices of this row's first entry and of the next row's.
        let first = refill.first;
        let end = first + row.len();
        refill.first = end;
        // This row's entries sampled ahead of it, wholly (in no lane now)
        // or in part (in a lane, with coefficients already).
        for (j, (p, a)) in row.iter_mut().zip(ahead.iter()).enumerate() {
            let lane = refill.entry.iter().position(|&e| e == first + j);
            if first + j < self.next && lane.is_none_or(|lane| refill.ctr[lane] > 0) {
                p.coeffs = *a;
            }
        }
        // Entries up to here may be given to lanes.
        let limit = total.min(end + ahead.len());
        if first == 0 {
            refill.budget = [carry.blocks_before_last_row().div_ceil(4); 4];
        }
        let xof = refill.xof.get_or_insert_with(B::Shake128x4::new_x4);
        while self.next < end || refill.entry.iter().any(|&e| e < end) {
            let carrying = match refill.entry.iter().position(|&e| e == FREE) {
                Some(lane) if refill.budget[lane] > 0 && carry.waiting() => {
                    refill.budget[lane] -= 1;
                    Some(lane)
                }
                _ => None,
            };
            if refill.entry == [FREE; 4] && self.next < limit {
                // Every lane free: all restarted at once (a lane that
                // carries, or has no entry left, absorbs some seed too).
                let mut seeds = [seed_34::<P>(rho, self.next); 4];
                for (lane, seed) in seeds.iter_mut().enumerate() {
                    if carrying != Some(lane) && self.next < limit {
                        *seed = seed_34::<P>(rho, self.next);
                        refill.entry[lane] = self.next;
                        self.next += 1;
                    }
                }
                xof.restart_x4([&seeds[0], &seeds[1], &seeds[2], &seeds[3]]);
            }
            for lane in 0..4 {
                if refill.entry[lane] == FREE && carrying != Some(lane) && self.next < limit {
                    xof.restart_lane(lane, &seed_34::<P>(rho, self.next));
                    refill.entry[lane] = self.next;
                    self.next += 1;
                }
            }
            // Blocks until the first lane is due (its entry's first blocks
            // all held, or one more block for an entry sampled already);
            // one while a lane carries.
            let mut blocks = UNIFORM_MIN_BLOCKS;
            for lane in 0..4 {
                if refill.entry[lane] != FREE {
                    let due = match refill.ctr[lane] {
                        0 => UNIFORM_MIN_BLOCKS.saturating_sub(refill.held[lane]),
                        _ => 1,
                    };
                    blocks = blocks.min(due);
                }
            }
            if carrying.is_some() {
                blocks = 1;
            }
            let blocks = blocks.max(1);
            // Each lane's blocks after those it holds (a free lane holds
            // none: its blocks, not used, at the start of its buffer).
            let mut outs: [&mut [u8]; 4] = Default::default();
            for ((o, b), &held) in outs.iter_mut().zip(squeezed.iter_mut()).zip(&refill.held) {
                let at = held.min(UNIFORM_MIN_BLOCKS - blocks) * SHAKE128_RATE;
                *o = b
                    .get_mut(at..at + blocks * SHAKE128_RATE)
                    .unwrap_or_default();
            }
            match carrying {
                Some(lane) => xof.squeeze_blocks_x4_carrying(outs, lane, carry),
                None => xof.squeeze_blocks_x4(outs),
            }
            for (lane, buf) in squeezed.iter().enumerate() {
                let e = refill.entry[lane];
                if e == FREE {
                    continue;
                }
                let held = refill.held[lane] + blocks;
                refill.held[lane] = held;
                if refill.ctr[lane] == 0 && held < UNIFORM_MIN_BLOCKS {
                    continue;
                }
                let coeffs = if e < end {
                    row.get_mut(e - first).map(|p| &mut p.coeffs)
                } else {
                    ahead.get_mut(e - end)
                };
                let (Some(coeffs), Some(bytes)) = (coeffs, buf.get(..held * SHAKE128_RATE)) else {
                    continue;
                };
                let ctr =
                    append_after(coeffs, refill.ctr[lane], |room| B::rej_uniform(room, bytes));
                refill.held[lane] = 0;
                refill.ctr[lane] = ctr;
                if ctr == N {
                    refill.entry[lane] = FREE;
                    refill.ctr[lane] = 0;
                }
            }
        }
    }
}

impl Default for MatrixRows {
    fn default() -> Self {
        Self::new()
    }
}

/// rho' || IntegerToBytes(index, 2) into `s`: the seed of ExpandS (r or
/// r + l) and of ExpandMask (kappa + r). Written in place: the seeds are
/// secret, and a returned array may be copied and the copy left behind.
#[inline(always)]
fn seed_66(s: &mut [u8; 66], rho: &[u8; 64], index: u16) {
    s[..64].copy_from_slice(rho);
    s[64..].copy_from_slice(&index.to_le_bytes());
}

/// Four seeds rho' || IntegerToBytes(first + lane, 2), in place.
#[inline(always)]
fn seeds_66(seeds: &mut [[u8; 66]; 4], rho: &[u8; 64], first: u16) {
    for (lane, s) in seeds.iter_mut().enumerate() {
        seed_66(s, rho, first.wrapping_add(lane as u16));
    }
}

/// ExpandS (Algorithm 33): `s1[r] = RejBoundedPoly(rho' || r)` for r < l, and
/// `s2[r] = RejBoundedPoly(rho' || r + l)` for r < k; four at a time: with a
/// SIMD SHAKE ([`Backend::WIDE_SHAKE`]) and eta = 2 a lane takes the next
/// polynomial as soon as its own is complete (`expand_s_refilled`),
/// otherwise in groups of four, two blocks up front.
#[inline(never)]
pub fn expand_s<P: ParameterSet, B: Backend>(
    rho_prime: &[u8; 64],
    s1: &mut P::VecL,
    s2: &mut P::VecK,
) {
    if B::wide_shake() && matches!(<P::Eta as Eta>::KIND, EtaKind::Two) {
        expand_s_refilled::<P, B>(rho_prime, s1, s2);
        return;
    }
    let entries = s1.as_mut().iter_mut().chain(s2.as_mut().iter_mut());
    in_groups_of_four::<B>(
        P::L + P::K,
        entries,
        |index, p| {
            let mut s = [0u8; 66];
            seed_66(&mut s, rho_prime, index as u16);
            rej_bounded_poly::<P, B>(&s, p);
            s.as_mut_slice().zeroize();
        },
        |index, n, polys| {
            let mut seeds = [[0u8; 66]; 4];
            seeds_66(&mut seeds, rho_prime, index as u16);
            rej_bounded_poly_x4::<P, B>(&seeds, polys, n);
            seeds.as_flattened_mut().zeroize();
        },
    );
}

/// ExpandS on a SIMD four-lane SHAKE256, a block at a time: each lane
/// samples the next block of its polynomial's stream, and a lane whose
/// polynomial has 256 coefficients restarts with the next polynomial's seed
/// ([`XofX4::restart_lane`]), so that each polynomial still reads its own
/// SHAKE256(rho' || r) from the start. With eta = 2 (15 of 16 half-bytes
/// kept) RejBoundedPoly reads one block or two: groups of four, which wait
/// for their slowest lane, took four and eight four-lane permutations for
/// the 11 and 22 blocks of ML-DSA-44 and 87 on the benchmark's seed, where
/// this takes three and six (the fewest four lanes can). With eta = 4 every
/// polynomial reads two blocks or three, and the groups lose nothing; the
/// restarts and the calls a block at a time cost about 0.2 µs there.
#[inline(always)]
fn expand_s_refilled<P: ParameterSet, B: Backend>(
    rho_prime: &[u8; 64],
    s1: &mut P::VecL,
    s2: &mut P::VecK,
) {
    let total = P::L + P::K;
    let mut seeds = [[0u8; 66]; 4];
    seeds_66(&mut seeds, rho_prime, 0);
    let mut xof = B::Shake256x4::new_x4();
    xof.absorb_x4([&seeds[0], &seeds[1], &seeds[2], &seeds[3]]);
    // The entry (r, or l + r) each lane samples, `total` once none is left,
    // and the coefficients it has so far.
    let mut entry: [usize; 4] = [0, 1, 2, 3];
    let mut ctr = [0usize; 4];
    let mut next = 4;
    let mut block = [[0u8; SHAKE256_RATE]; 4];
    while entry.iter().any(|&e| e < total) {
        xof.squeeze_blocks_x4(block.each_mut().map(|b| b.as_mut_slice()));
        for (lane, bytes) in block.iter().enumerate() {
            let poly = match entry[lane].checked_sub(P::L) {
                None => s1.as_mut().get_mut(entry[lane]),
                Some(r) => s2.as_mut().get_mut(r),
            };
            let Some(poly) = poly else { continue };
            ctr[lane] = B::rej_eta::<P::Eta>(&mut poly.coeffs, ctr[lane], bytes);
            if ctr[lane] == N {
                entry[lane] = next;
                ctr[lane] = 0;
                if next < total {
                    seed_66(&mut seeds[lane], rho_prime, next as u16);
                    xof.restart_lane(lane, &seeds[lane]);
                    next += 1;
                }
            }
        }
    }
    block.as_flattened_mut().zeroize();
    seeds.as_flattened_mut().zeroize();
}

/// 5 * 136 = 680 >= 32 * 20 bytes: one squeeze gives a whole y polynomial.
const MASK_BLOCKS: usize = 5;

/// ExpandMask's lines 4 and 5 for one polynomial: y = BitUnpack(H(rho'' ||
/// IntegerToBytes(index, 2), 32c), gamma1 - 1, gamma1).
#[inline(always)]
fn mask_poly<P: ParameterSet, B: Backend>(rho_pp: &[u8; 64], index: u16, y: &mut Poly) {
    let bytes = 32 * P::GAMMA1_BITS;
    let mut s = [0u8; 66];
    seed_66(&mut s, rho_pp, index);
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
    seeds_66(seeds, rho_pp, first);
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

/// ExpandMask (Algorithm 34): `y[r]` = BitUnpack(H(rho'' || kappa + r, 32c),
/// gamma1 - 1, gamma1); four at a time.
#[inline(never)]
pub fn expand_mask<P: ParameterSet, B: Backend>(rho_pp: &[u8; 64], kappa: u16, y: &mut P::VecL) {
    in_groups_of_four::<B>(
        P::L,
        y.as_mut().iter_mut(),
        |r, p| mask_poly::<P, B>(rho_pp, kappa.wrapping_add(r as u16), p),
        |r, n, ys| {
            let mut bufs = MaskBuffers::new();
            mask_poly_x4::<P, B>(rho_pp, kappa.wrapping_add(r as u16), ys, n, &mut bufs)
        },
    );
}

/// ExpandMask (Algorithm 34) for the successive iterations of
/// Sign_internal's loop (kappa = 0, l, 2l, ..), four polynomials at a time
/// across iteration boundaries: `y[r]` of kappa is polynomial number
/// kappa + r of one stream, so with l = 5 or 7 a four-lane SHAKE never
/// idles a lane or falls back to one lane. Polynomials made ahead of their
/// iteration wait here (secret, zeroized on drop), and so do the
/// sponge's seeds and output buffers, made once for the whole loop.
pub struct MaskStream {
    /// kappa + r of the next polynomial to generate (mod 2^16, as
    /// IntegerToBytes(kappa + r, 2) takes it).
    next: u16,
    ahead: [Poly; 3],
    ahead_len: usize,
    bufs: MaskBuffers,
}

impl MaskStream {
    /// The stream from kappa = 0.
    pub fn new() -> Self {
        MaskStream {
            next: 0,
            ahead: [Poly::ZERO; 3],
            ahead_len: 0,
            bufs: MaskBuffers::new(),
        }
    }

    /// y for the next iteration: ExpandMask(rho'', kappa) for kappa = l
    /// times the number of earlier calls.
    #[inline(never)]
    pub fn next_y<P: ParameterSet, B: Backend>(&mut self, rho_pp: &[u8; 64], y: &mut P::VecL) {
        let y = y.as_mut();
        let mut filled = self.ahead_len.min(y.len());
        y[..filled].clone_from_slice(&self.ahead[..filled]);
        self.ahead_len = 0;
        while filled < y.len() {
            // Four lanes: the rest of y first, then the next iteration's.
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
#[inline(never)]
pub fn sample_in_ball<P: ParameterSet, B: Backend>(c_tilde: &[u8], c: &mut Poly) {
    let mut js = [0u8; 64];
    let signs = ball_positions::<P, B>(c_tilde, &mut js);
    // c_i <- c_j; c_j <- (-1)^sign for each i, on c as bytes (a quarter of
    // the vectors to touch): in the iterations Sign_internal rejects, c~
    // and so the j's stay secret, so the swaps may not index memory or
    // branch by them (`Backend::ball_swaps`). Which bytes were rejected
    // in `ball_positions` reveals only those bytes.
    let mut ball = [0i8; N];
    B::ball_swaps(&mut ball, &js[..P::TAU], signs);
    for (x, &b) in c.coeffs.iter_mut().zip(ball.iter()) {
        *x = b as i32;
    }
    ball.as_mut_slice().zeroize();
    js.as_mut_slice().zeroize();
}

/// [`sample_in_ball`] for a public c~ (verification's, from the
/// signature): the swaps of lines 7 and 8 made as written, indexing c by
/// the j's.
#[inline(never)]
pub fn sample_in_ball_public<P: ParameterSet, B: Backend>(c_tilde: &[u8], c: &mut Poly) {
    let mut js = [0u8; 64];
    let signs = ball_positions::<P, B>(c_tilde, &mut js);
    c.coeffs = [0; N];
    for (k, &j) in js[..P::TAU].iter().enumerate() {
        // i = 256 - tau + k; j <= i (a u8 indexes the 256 coefficients).
        let j = usize::from(j);
        if let Some(&c_j) = c.coeffs.get(j) {
            c.coeffs[(N - P::TAU + k) % N] = c_j;
            c.coeffs[j] = 1 - 2 * ((signs >> k) & 1) as i32;
        }
    }
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

/// Every entry of a vector through the backend's NTT.
#[inline(always)]
pub fn ntt_vec<V: PolyVec, B: Backend>(v: &mut V) {
    for p in v.as_mut() {
        B::ntt(p);
    }
}
