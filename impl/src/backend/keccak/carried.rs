//! [`Carried`]: a one-lane SHAKE of a public input that arrives in pieces
//! (tr = H(pk) in key generation and key import, pk made row by row; c~'
//! = H(mu || w1Encode(w'1)) in verification, w'1 made row by row), whose
//! whole blocks ExpandA's wide sponge permutes with its own states
//! ([`Carry`]).
//!
//! AVX-512's eight-state permutation leaves the scalar units idle: a
//! scalar permutation run round by round beside it adds under 40 % of what
//! the one-lane sponge's permutation takes apart. On AVX2 a four-lane
//! permutation takes the block in one of its lanes, for the cost of moving
//! the state in and out: the idle lane of a group of three entries
//! (ML-DSA-65's last two groups), or a lane that ExpandA's refilled rows
//! give up (tr at ML-DSA-44 and 87,
//! [`RowStream::next_row`](crate::backend::sampler::RowStream::next_row)).
//! Elsewhere the blocks are absorbed as they come.

use crate::backend::{Carry, Xof};

/// Bytes received and not yet absorbed, at most: two rows of pk (320 bytes
/// each) and three blocks, what arrives between two of ExpandA's groups of
/// eight (of four: one row). Beyond it, blocks are absorbed by the one-lane sponge
/// ([`Carried::extend`]).
const WAITING: usize = 3 * 136 + 2 * 320;

/// A one-lane sponge `X` absorbing an input given piece by piece
/// ([`Carried::extend`]): the whole blocks go to a wide sponge that
/// permutes them ([`Carry`]), the rest to [`Carried::finish`].
pub struct Carried<X: Xof> {
    xof: X,
    /// Input received and not yet absorbed: `waiting[start..end]`.
    waiting: [u8; WAITING],
    start: usize,
    end: usize,
    /// Whether blocks wait for a wide sponge; if not, [`Carried::extend`]
    /// absorbs at once.
    carried: bool,
    /// The input expected before ExpandA's last row, in bytes
    /// ([`Carry::blocks_before_last_row`]).
    before_last_row: usize,
}

impl<X: Xof> Carried<X> {
    /// Nothing absorbed. `carried`: whether a wide sponge will carry the
    /// blocks (ExpandA's rows on a backend and parameter set where they
    /// can, [`tr_hasher`](crate::backend::sampler::tr_hasher)); if
    /// not, the input is absorbed as it comes.
    #[inline(always)]
    pub fn new(carried: bool) -> Self {
        Carried {
            xof: X::new(),
            waiting: [0; WAITING],
            start: 0,
            end: 0,
            carried,
            before_last_row: 0,
        }
    }

    /// [`Carried::new`] for an input of which `bytes` arrive before
    /// ExpandA's last row is made (tr's pk: its last row of t1 comes after
    /// it): ExpandA's four-lane rows may then plan lanes for its blocks
    /// ([`Carry::blocks_before_last_row`]).
    #[inline(always)]
    pub fn before_last_row(carried: bool, bytes: usize) -> Self {
        Carried {
            before_last_row: if carried { bytes } else { 0 },
            ..Self::new(carried)
        }
    }

    /// Appends `input` to what the sponge absorbs. Where more is waiting
    /// than the buffer holds, the first block waiting is absorbed here, one
    /// lane, as often as room is needed (the others stay for the wide
    /// sponge).
    #[inline(always)]
    pub fn extend(&mut self, mut input: &[u8]) {
        if !self.carried {
            self.xof.absorb(input);
            return;
        }
        while !input.is_empty() {
            if self.end == WAITING {
                if self.start == 0 {
                    self.xof.absorb(&self.waiting[..X::RATE]);
                    self.start = X::RATE;
                }
                self.waiting.copy_within(self.start..self.end, 0);
                self.end -= self.start;
                self.start = 0;
            }
            let n = (WAITING - self.end).min(input.len());
            self.waiting[self.end..self.end + n].copy_from_slice(&input[..n]);
            self.end += n;
            input = &input[n..];
        }
    }

    /// Absorbs what is still waiting, pads, and squeezes `out`.
    #[inline(always)]
    pub fn finish(mut self, out: &mut [u8]) {
        self.xof.absorb(&self.waiting[self.start..self.end]);
        self.xof.squeeze(out);
    }
}

impl<X: Xof> Carry for Carried<X> {
    #[inline(always)]
    fn next_block(&mut self) -> Option<&mut [u64; 25]> {
        let block = self.waiting.get(self.start..self.start + X::RATE)?;
        if self.start + X::RATE > self.end {
            return None;
        }
        self.start += X::RATE;
        self.xof.absorb_block_deferred(block)
    }

    #[inline(always)]
    fn waiting(&self) -> bool {
        self.carried && self.start + X::RATE <= self.end
    }

    #[inline(always)]
    fn blocks_before_last_row(&self) -> usize {
        self.before_last_row / X::RATE
    }
}
