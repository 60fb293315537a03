//! The rows of A_hat as the operations consume them (`MatrixSource`:
//! streamed row by row, or a precomputed key's whole matrix), and one row
//! of t = A_hat s1 + s2 split by Power2Round: shared by key generation
//! (`internal`) and the expanded key's import check (`keys`).

use super::sampling::{MatrixRows, Refill, expand_a, rows_refilled};
use crate::backend::{Backend, Carry};
use crate::params::{ParameterSet, PolyVec};
use crate::poly::Poly;

/// Where the rows of A_hat come from, asked for in order 0, 1, .., k - 1,
/// made on backend `B`.
pub(crate) trait MatrixSource<P: ParameterSet, B: Backend> {
    /// Row i of A_hat = ExpandA(rho); its permutations, if it makes any,
    /// carry `carry`'s waiting blocks.
    fn row(&mut self, rho: &[u8; 32], i: usize, carry: &mut impl Carry) -> &P::VecL;
    /// Whether [`Self::row`] may carry blocks (a carrier that nothing
    /// carries absorbs as it goes, rather than keep blocks waiting).
    fn carries(&self) -> bool;
}

/// ExpandA row by row into one row of stack ([`MatrixRows`], on lanes
/// refilled one by one where [`rows_refilled`] holds).
pub(crate) struct Streamed<P: ParameterSet, B: Backend> {
    rows: MatrixRows,
    refill: Refill<B::Shake128x4>,
    row: P::VecL,
}

impl<P: ParameterSet, B: Backend> Streamed<P, B> {
    pub(crate) fn new() -> Self {
        Streamed {
            rows: MatrixRows::new(),
            refill: Refill::new(),
            row: P::VecL::zeroed(),
        }
    }
}

impl<P: ParameterSet, B: Backend> MatrixSource<P, B> for Streamed<P, B> {
    #[inline(never)]
    fn row(&mut self, rho: &[u8; 32], _i: usize, carry: &mut impl Carry) -> &P::VecL {
        if rows_refilled::<P, B>(carry) {
            self.rows
                .next_row_refilled::<P, B>(rho, &mut self.row, carry, &mut self.refill);
        } else {
            let xof = self.refill.xof_mut();
            self.rows
                .next_row_carrying::<P, B>(rho, &mut self.row, carry, xof);
        }
        &self.row
    }

    #[inline(always)]
    fn carries(&self) -> bool {
        true
    }
}

/// The whole of A_hat, expanded into the matrix at the first row (a
/// precomputed key's).
pub(crate) struct ExpandInto<'a, P: ParameterSet>(pub(crate) &'a mut P::Matrix);

impl<P: ParameterSet, B: Backend> MatrixSource<P, B> for ExpandInto<'_, P> {
    #[inline(always)]
    fn row(&mut self, rho: &[u8; 32], i: usize, _carry: &mut impl Carry) -> &P::VecL {
        // The whole matrix at once, before any of pk is made: nothing to
        // carry.
        if i == 0 {
            expand_a::<P, B>(rho, self.0);
        }
        &self.0.as_ref()[i]
    }

    #[inline(always)]
    fn carries(&self) -> bool {
        false
    }
}

/// Row i of t = NTT^-1(A_hat o s1_hat) + s2, split by Power2Round into
/// (t1_i, t0_i): t is made in t0_i, which the caller zeroizes.
#[inline(always)]
pub(crate) fn t_row<P: ParameterSet, B: Backend>(
    row: &P::VecL,
    s1_hat: &P::VecL,
    s2_i: &Poly,
    t1_i: &mut Poly,
    t0_i: &mut Poly,
) {
    B::pointwise_acc_montgomery(t0_i, row.as_ref(), s1_hat.as_ref());
    B::invntt_tomont(t0_i);
    B::add_power2round(t1_i, t0_i, s2_i);
}
