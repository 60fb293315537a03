//! ExpandS (Algorithm 33): s1 and s2, by RejBoundedPoly on one, or four,
//! SHAKE256 lanes.

use zeroize::Zeroize;

use super::rejection::{SHAKE256_RATE, rej_bounded_poly, rej_bounded_poly_x4};
use super::schedule::{in_groups_of_four, indexed_seed, indexed_seeds};
use crate::backend::{Backend, XofX4};
use crate::params::{Eta, EtaKind, N, ParameterSet};

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
            indexed_seed(&mut s, rho_prime, index as u16);
            rej_bounded_poly::<P, B>(&s, p);
            s.as_mut_slice().zeroize();
        },
        |index, n, polys| {
            let mut seeds = [[0u8; 66]; 4];
            indexed_seeds(&mut seeds, rho_prime, index as u16);
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
/// kept) RejBoundedPoly reads one block or two: groups of four wait for
/// their slowest lane, where refilled lanes permute no more often than
/// the blocks need (three four-lane permutations for ML-DSA-44's eleven
/// blocks instead of four). With eta = 4 every polynomial reads two
/// blocks or three, the groups lose nothing, and the restarts would only
/// cost time.
#[inline(always)]
fn expand_s_refilled<P: ParameterSet, B: Backend>(
    rho_prime: &[u8; 64],
    s1: &mut P::VecL,
    s2: &mut P::VecK,
) {
    let total = P::L + P::K;
    let mut seeds = [[0u8; 66]; 4];
    indexed_seeds(&mut seeds, rho_prime, 0);
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
                    indexed_seed(&mut seeds[lane], rho_prime, next as u16);
                    xof.restart_lane(lane, &seeds[lane]);
                    next += 1;
                }
            }
        }
    }
    block.as_flattened_mut().zeroize();
    seeds.as_flattened_mut().zeroize();
}
