//! The schedule shared by ExpandA, ExpandS and ExpandMask (groups of
//! four), and the seeds of each polynomial's SHAKE stream.

use zeroize::Zeroize;

use crate::backend::Backend;
use crate::params::ParameterSet;
use crate::poly::Poly;

/// The output borrow, shortened to the spare polynomials' lifetime.
pub(super) fn to_spare_lifetime<'s, 'a: 's>(p: &'a mut Poly) -> &'s mut Poly {
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
pub(super) fn in_groups_of_four<'a, B: Backend>(
    total: usize,
    outputs: impl Iterator<Item = &'a mut Poly>,
    mut one: impl FnMut(usize, &mut Poly),
    mut four: impl FnMut(usize, usize, [&mut Poly; 4]),
) {
    let mut spare = [Poly::ZERO; 3];
    let [s0, s1, s2] = &mut spare;
    let mut slots = outputs.map(to_spare_lifetime).chain([s0, s1, s2]);
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
pub(super) fn matrix_seed<P: ParameterSet>(rho: &[u8; 32], index: usize) -> [u8; 34] {
    let mut s = [0u8; 34];
    s[..32].copy_from_slice(rho);
    s[32] = (index % P::L) as u8;
    s[33] = (index / P::L) as u8;
    s
}

/// rho' || IntegerToBytes(index, 2) into `s`: the seed of ExpandS (r or
/// r + l) and of ExpandMask (kappa + r). Written in place: the seeds are
/// secret, and a returned array may be copied and the copy left behind.
#[inline(always)]
pub(super) fn indexed_seed(s: &mut [u8; 66], rho: &[u8; 64], index: u16) {
    s[..64].copy_from_slice(rho);
    s[64..].copy_from_slice(&index.to_le_bytes());
}

/// Four seeds rho' || IntegerToBytes(first + lane, 2), in place.
#[inline(always)]
pub(super) fn indexed_seeds(seeds: &mut [[u8; 66]; 4], rho: &[u8; 64], first: u16) {
    for (lane, s) in seeds.iter_mut().enumerate() {
        indexed_seed(s, rho, first.wrapping_add(lane as u16));
    }
}
