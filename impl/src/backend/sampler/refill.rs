//! ExpandA's rows on four SHAKE128 lanes refilled one by one, where a
//! lane may carry a one-lane sponge's block instead
//! ([`RowStream::next_row`](super::RowStream::next_row)).

use super::matrix::{FREE, MatrixRows, Refill};
use super::rejection::{SHAKE128_RATE, UNIFORM_MIN_BLOCKS};
use super::schedule::matrix_seed;
use crate::backend::{Backend, Carry, XofX4, append_after};
use crate::params::{N, ParameterSet};

impl MatrixRows {
    /// [`Self::next_row`] on a four-lane sponge whose lanes are refilled
    /// one by one (`refill`, kept from row to row): a lane whose
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
    /// schedule, where a four-lane permutation costs about 1.4 one-lane
    /// ones and a lane restarted or carrying a twelfth of one more.
    /// ML-DSA-44 key generation then runs 22 four-lane permutations for
    /// ExpandA and 5 one-lane ones in all, instead of 20 and 11; ML-DSA-87
    /// 74 and 5, instead of 70 and 21. (Verification's c~' has only three
    /// to seven blocks to carry before the last row, too few to gain: it
    /// keeps the groups.)
    ///
    /// Each entry's first five blocks (fewer cannot make 256 coefficients)
    /// are squeezed into its lane's buffer, back to back until the first
    /// lane is due, and sampled at once; any later block one at a time.
    /// An entry of the next row sampled before this row is done (at most
    /// three: a lane holds this row's last entry) waits in the group
    /// buffers.
    #[inline(always)]
    pub(super) fn next_row_refilled<P: ParameterSet, B: Backend>(
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
                let mut seeds = [matrix_seed::<P>(rho, self.next); 4];
                for (lane, seed) in seeds.iter_mut().enumerate() {
                    if carrying != Some(lane) && self.next < limit {
                        *seed = matrix_seed::<P>(rho, self.next);
                        refill.entry[lane] = self.next;
                        self.next += 1;
                    }
                }
                xof.restart_x4([&seeds[0], &seeds[1], &seeds[2], &seeds[3]]);
            }
            for lane in 0..4 {
                if refill.entry[lane] == FREE && carrying != Some(lane) && self.next < limit {
                    xof.restart_lane(lane, &matrix_seed::<P>(rho, self.next));
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
