//! ExpandA (Algorithm 32): the whole matrix A_hat, or its rows one at a
//! time ([`MatrixRows`]), with RejNTTPoly on one, four or eight SHAKE128
//! lanes; and the one-lane sponges (tr, c~') whose blocks ride on its
//! permutations.

use super::rejection::{
    UniformBuffer, rej_ntt_poly, rej_ntt_poly_x4, rej_ntt_poly_x8, zeroed_buffer,
};
use super::schedule::{in_groups_of_four, matrix_seed, to_spare_lifetime};
use crate::backend::keccak::Carried;
use crate::backend::{Backend, Carry, NoCarry, XofX4};
use crate::params::{N, ParameterSet};
use crate::poly::Poly;

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
fn rows_carry<B: Backend>() -> bool {
    B::eight_lane_shake() || B::idle_lane_carry()
}

/// Whether ExpandA's groups themselves carry a one-lane sponge's blocks
/// (their rows not refilled, [`rows_refilled`]): groups of eight beside a
/// scalar state (AVX-512), and groups of three with an idle lane (AVX2,
/// `k l` not a multiple of four: ML-DSA-65's 30 entries).
#[inline(always)]
fn groups_carry<P: ParameterSet, B: Backend>() -> bool {
    B::eight_lane_shake() || (B::idle_lane_carry() && (P::K * P::L) % 4 != 0)
}

/// The sponge of tr = H(pk) for key generation and key import, where pk
/// is made row by row as [`RowStream`] makes A_hat's rows (`riding`:
/// whether its blocks may ride on those rows' permutations; false for a
/// matrix expanded whole, whose permutations are over before pk starts).
#[inline(always)]
pub fn tr_hasher<P: ParameterSet, B: Backend>(riding: bool) -> Carried<B::Shake256> {
    Carried::before_last_row(riding && rows_carry::<B>(), pk_before_last_row::<P>())
}

/// The sponge of c~' = H(mu || w1Encode(w'1)) for verification, w'1 made
/// row by row as [`RowStream`] makes A_hat's rows: its blocks ride on
/// those rows' groups where they have room for them.
#[inline(always)]
pub fn c_tilde_hasher<P: ParameterSet, B: Backend>() -> Carried<B::Shake256> {
    Carried::new(groups_carry::<P, B>())
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
    let seed = |index: usize| matrix_seed::<P>(rho, index);
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
        let mut slots = entries.map(to_spare_lifetime).chain([s0, s1, s2]);
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
    pub(super) next: usize,
    pub(super) ahead_len: usize,
    /// The groups' buffers, for every row.
    pub(super) groups: Groups,
}

/// [`MatrixRows`] whose permutations may carry a one-lane sponge's blocks
/// ([`Carry`]), with the four-lane sponge kept from group to group and row
/// to row, and what each of its lanes does where they are refilled one by
/// one.
pub struct RowStream<B: Backend> {
    rows: MatrixRows,
    refill: Refill<B::Shake128x4>,
}

/// A group width's buffers: the coefficients of the entries a group makes
/// ahead of their row (`AHEAD`, one fewer than the group's `LANES`) and the
/// squeeze buffer. (Coefficient arrays, not [`Poly`]s: with a 32-byte
/// aligned member, the compiler built the buffers in a temporary and
/// copied them in.)
pub(super) struct GroupBuffers<const AHEAD: usize, const LANES: usize> {
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
pub(super) enum Groups {
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
    pub(super) fn ahead(&mut self) -> &mut [[i32; N]] {
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
    pub(super) fn four(&mut self) -> Option<(&mut [[i32; N]], &mut UniformBuffer<4>)> {
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

    /// The next row of A_hat = ExpandA(rho) into `row`, in groups of eight
    /// or four across row boundaries.
    #[inline(never)]
    pub fn next_row<P: ParameterSet, B: Backend>(&mut self, rho: &[u8; 32], row: &mut P::VecL) {
        self.next_row_grouped::<P, B>(rho, row, &mut NoCarry, &mut None)
    }

    /// [`Self::next_row`], each of its permutations carrying `carry`'s
    /// next block if one is waiting; groups of four run on the sponge in
    /// `xof`.
    #[inline(always)]
    fn next_row_grouped<P: ParameterSet, B: Backend>(
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
            let seeds = |lane| matrix_seed::<P>(rho, self.next + lane);
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

impl Default for MatrixRows {
    fn default() -> Self {
        Self::new()
    }
}

impl<B: Backend> RowStream<B> {
    /// The rows from the first.
    pub fn new() -> Self {
        RowStream {
            rows: MatrixRows::new(),
            refill: Refill::new(),
        }
    }

    /// The next row of A_hat = ExpandA(rho) into `row`, each of its
    /// permutations carrying `carry`'s next block if one is waiting
    /// ([`Carry`]): in groups of eight or four across row boundaries, or on
    /// four lanes refilled one by one where a four-lane sponge carries in
    /// any lane and the groups would leave it none.
    #[inline(never)]
    pub fn next_row<P: ParameterSet>(
        &mut self,
        rho: &[u8; 32],
        row: &mut P::VecL,
        carry: &mut impl Carry,
    ) {
        if rows_refilled::<P, B>(carry) {
            self.rows
                .next_row_refilled::<P, B>(rho, row, carry, &mut self.refill);
        } else {
            self.rows
                .next_row_grouped::<P, B>(rho, row, carry, &mut self.refill.xof);
        }
    }
}

impl<B: Backend> Default for RowStream<B> {
    fn default() -> Self {
        Self::new()
    }
}

/// A lane of [`Refill`] with no entry to sample.
pub(super) const FREE: usize = usize::MAX;

/// ExpandA's four-lane sponge for [`MatrixRows::next_row`], kept
/// from row to row, and what each lane does: the entry it samples, if
/// any, and the permutations it may still give to a carried sponge.
pub(super) struct Refill<X: XofX4> {
    /// The sponge, also for the groups of four where the rows are not
    /// refilled.
    pub(super) xof: Option<X>,
    /// Row-major index of the next row's first entry.
    pub(super) first: usize,
    /// Each lane's entry (row-major index), or `FREE`.
    pub(super) entry: [usize; 4],
    /// The blocks of each lane's entry squeezed into its buffer and not
    /// yet sampled.
    pub(super) held: [usize; 4],
    /// The coefficients each lane's entry has (0 until its first
    /// `UNIFORM_MIN_BLOCKS` blocks are sampled).
    pub(super) ctr: [usize; 4],
    /// How many more permutations each lane may carry a block in.
    pub(super) budget: [usize; 4],
}

impl<X: XofX4> Refill<X> {
    /// No sponge yet, every lane free.
    fn new() -> Self {
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

/// The bytes of pk before its last row of t1 (rho and k - 1 rows of 320
/// bytes): what tr = H(pk) has to absorb before ExpandA's last row is made
/// ([`Carry::blocks_before_last_row`]).
fn pk_before_last_row<P: ParameterSet>() -> usize {
    P::PK_LEN - (P::PK_LEN - 32) / P::K
}

/// Whether ExpandA's rows run as [`MatrixRows::next_row`] for
/// `carry`: on a four-lane sponge that carries in any lane
/// ([`Backend::idle_lane_carry`], not an eight-lane one), for a carrier
/// that expects blocks before the last row, where the groups of four fill
/// every lane (`k l` a multiple of four: ML-DSA-44 and 87; ML-DSA-65's two
/// groups of three carry in their idle lane).
#[inline(always)]
fn rows_refilled<P: ParameterSet, B: Backend>(carry: &impl Carry) -> bool {
    B::idle_lane_carry()
        && !B::eight_lane_shake()
        && (P::K * P::L) % 4 == 0
        && carry.blocks_before_last_row() > 0
}
