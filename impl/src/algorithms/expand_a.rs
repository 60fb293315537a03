//! ExpandA (FIPS 204 Algorithm 32): the matrix A_hat in T_q^{k x l},
//! `A_hat[r][s] = RejNTTPoly(rho || IntegerToBytes(s, 1) ||
//! IntegerToBytes(r, 1))` for r < k and s < l (lines 1 to 8), in the forms
//! the operations consume it ([`MatrixSource`]):
//!
//! - whole ([`expand_a`]): a precomputed key's matrix, compact signing's;
//! - row by row ([`Streamed`]): key generation, the key import and
//!   verification use each row once, so one row of storage serves;
//! - carrying: while the rows are made, the blocks of the one-lane hash that
//!   follows them (tr = H(pk), c~') may be permuted with ExpandA's own
//!   ([`MatrixSource::tr_hasher`], [`Streamed::c_tilde_hasher`]).
//!
//! Every form gives the same A_hat. Which SHAKE lanes make which entries
//! is the backend's schedule (`crate::backend::sampler`).

use crate::backend::keccak::Carried;
use crate::backend::sampler::{self, RowStream};
use crate::backend::{Backend, Carry};
use crate::params::{ParameterSet, PolyVec};

/// ExpandA (Algorithm 32): the whole of A_hat = ExpandA(rho) into `a_hat`.
#[inline(always)]
pub fn expand_a<P: ParameterSet, B: Backend>(rho: &[u8; 32], a_hat: &mut P::Matrix) {
    sampler::expand_a::<P, B>(rho, a_hat)
}

/// Where the rows of A_hat come from, asked for in order 0, 1, .., k - 1,
/// made on backend `B`.
pub trait MatrixSource<P: ParameterSet, B: Backend> {
    /// Row i of A_hat = ExpandA(rho); its permutations, if it makes any,
    /// carry `carry`'s waiting blocks.
    fn row(&mut self, rho: &[u8; 32], i: usize, carry: &mut impl Carry) -> &P::VecL;
    /// The sponge for tr = H(pk), pk being made as the rows are: its
    /// blocks carried by the rows where they can be.
    fn tr_hasher(&self) -> Carried<B::Shake256>;
}

/// ExpandA row by row into one row of storage.
pub struct Streamed<P: ParameterSet, B: Backend> {
    rows: RowStream<B>,
    row: P::VecL,
}

impl<P: ParameterSet, B: Backend> Streamed<P, B> {
    /// The rows from the first.
    pub fn new() -> Self {
        Streamed {
            rows: RowStream::new(),
            row: P::VecL::zeroed(),
        }
    }

    /// The sponge for verification's c~' = H(mu || w1Encode(w'1)), w'1
    /// being made as the rows are: its blocks carried by the rows where
    /// they can be.
    #[inline(always)]
    pub fn c_tilde_hasher(&self) -> Carried<B::Shake256> {
        sampler::c_tilde_hasher::<P, B>()
    }
}

impl<P: ParameterSet, B: Backend> Default for Streamed<P, B> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: ParameterSet, B: Backend> MatrixSource<P, B> for Streamed<P, B> {
    #[inline(always)]
    fn row(&mut self, rho: &[u8; 32], _i: usize, carry: &mut impl Carry) -> &P::VecL {
        self.rows.next_row::<P>(rho, &mut self.row, carry);
        &self.row
    }

    #[inline(always)]
    fn tr_hasher(&self) -> Carried<B::Shake256> {
        sampler::tr_hasher::<P, B>(true)
    }
}

/// The whole of A_hat, expanded into the matrix at the first row (a
/// precomputed key's).
pub struct Whole<'a, P: ParameterSet>(pub &'a mut P::Matrix);

impl<P: ParameterSet, B: Backend> MatrixSource<P, B> for Whole<'_, P> {
    #[inline(always)]
    fn row(&mut self, rho: &[u8; 32], i: usize, _carry: &mut impl Carry) -> &P::VecL {
        if i == 0 {
            expand_a::<P, B>(rho, self.0);
        }
        &self.0.as_ref()[i]
    }

    /// The whole matrix is made before any of pk: nothing to carry.
    #[inline(always)]
    fn tr_hasher(&self) -> Carried<B::Shake256> {
        sampler::tr_hasher::<P, B>(false)
    }
}
