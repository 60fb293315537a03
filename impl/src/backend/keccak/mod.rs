//! Keccak-f[1600] and the SHAKE sponges on it, for every backend.

/// One Keccak-f[1600] round (FIPS 202 section 3.2: theta, rho and pi, chi,
/// iota) from the 25 lanes `$a[x + 5y]` into `$e`, written out lane by lane so
/// that every index is a constant. Chi is done a row at a time, so only five
/// rho-pi outputs are live at once. The lane operations are parameters, so the
/// scalar and the four-way SIMD permutations share this one text.
macro_rules! keccak_round {
    // andnot(x, y) = !x & y; rotl(x, r) rotates each 64-bit lane left by r.
    ($a:ident, $e:ident, $rc:expr, $xor:path, $andnot:path, $rotl:path) => {{
        // theta
        let c0 = $xor($xor($xor($a[0], $a[5]), $xor($a[10], $a[15])), $a[20]);
        let c1 = $xor($xor($xor($a[1], $a[6]), $xor($a[11], $a[16])), $a[21]);
        let c2 = $xor($xor($xor($a[2], $a[7]), $xor($a[12], $a[17])), $a[22]);
        let c3 = $xor($xor($xor($a[3], $a[8]), $xor($a[13], $a[18])), $a[23]);
        let c4 = $xor($xor($xor($a[4], $a[9]), $xor($a[14], $a[19])), $a[24]);
        let d0 = $xor(c4, $rotl(c1, 1));
        let d1 = $xor(c0, $rotl(c2, 1));
        let d2 = $xor(c1, $rotl(c3, 1));
        let d3 = $xor(c2, $rotl(c4, 1));
        let d4 = $xor(c3, $rotl(c0, 1));
        // row 0: rho and pi into b00..b04, then chi (and iota on lane 0)
        let b0 = $xor($a[0], d0);
        let b1 = $rotl($xor($a[6], d1), 44);
        let b2 = $rotl($xor($a[12], d2), 43);
        let b3 = $rotl($xor($a[18], d3), 21);
        let b4 = $rotl($xor($a[24], d4), 14);
        $e[0] = $xor($xor(b0, $andnot(b1, b2)), $rc);
        $e[1] = $xor(b1, $andnot(b2, b3));
        $e[2] = $xor(b2, $andnot(b3, b4));
        $e[3] = $xor(b3, $andnot(b4, b0));
        $e[4] = $xor(b4, $andnot(b0, b1));
        // row 1: rho and pi into b10..b14, then chi (and iota on lane 0)
        let b0 = $rotl($xor($a[3], d3), 28);
        let b1 = $rotl($xor($a[9], d4), 20);
        let b2 = $rotl($xor($a[10], d0), 3);
        let b3 = $rotl($xor($a[16], d1), 45);
        let b4 = $rotl($xor($a[22], d2), 61);
        $e[5] = $xor(b0, $andnot(b1, b2));
        $e[6] = $xor(b1, $andnot(b2, b3));
        $e[7] = $xor(b2, $andnot(b3, b4));
        $e[8] = $xor(b3, $andnot(b4, b0));
        $e[9] = $xor(b4, $andnot(b0, b1));
        // row 2: rho and pi into b20..b24, then chi (and iota on lane 0)
        let b0 = $rotl($xor($a[1], d1), 1);
        let b1 = $rotl($xor($a[7], d2), 6);
        let b2 = $rotl($xor($a[13], d3), 25);
        let b3 = $rotl($xor($a[19], d4), 8);
        let b4 = $rotl($xor($a[20], d0), 18);
        $e[10] = $xor(b0, $andnot(b1, b2));
        $e[11] = $xor(b1, $andnot(b2, b3));
        $e[12] = $xor(b2, $andnot(b3, b4));
        $e[13] = $xor(b3, $andnot(b4, b0));
        $e[14] = $xor(b4, $andnot(b0, b1));
        // row 3: rho and pi into b30..b34, then chi (and iota on lane 0)
        let b0 = $rotl($xor($a[4], d4), 27);
        let b1 = $rotl($xor($a[5], d0), 36);
        let b2 = $rotl($xor($a[11], d1), 10);
        let b3 = $rotl($xor($a[17], d2), 15);
        let b4 = $rotl($xor($a[23], d3), 56);
        $e[15] = $xor(b0, $andnot(b1, b2));
        $e[16] = $xor(b1, $andnot(b2, b3));
        $e[17] = $xor(b2, $andnot(b3, b4));
        $e[18] = $xor(b3, $andnot(b4, b0));
        $e[19] = $xor(b4, $andnot(b0, b1));
        // row 4: rho and pi into b40..b44, then chi (and iota on lane 0)
        let b0 = $rotl($xor($a[2], d2), 62);
        let b1 = $rotl($xor($a[8], d3), 55);
        let b2 = $rotl($xor($a[14], d4), 39);
        let b3 = $rotl($xor($a[15], d0), 41);
        let b4 = $rotl($xor($a[21], d1), 2);
        $e[20] = $xor(b0, $andnot(b1, b2));
        $e[21] = $xor(b1, $andnot(b2, b3));
        $e[22] = $xor(b2, $andnot(b3, b4));
        $e[23] = $xor(b3, $andnot(b4, b0));
        $e[24] = $xor(b4, $andnot(b0, b1));
    }};
}

/// The scalar round with lane complementing: the six lanes of
/// `KECCAK_COMPLEMENTED` are kept inverted between rounds, which lets chi use
/// AND and OR where it would need a NOT, leaving few NOTs per round (plain
/// 64-bit code has no and-not instruction). Same interface as `keccak_round!`
/// plus $and, $or and $not; generated from the complement pattern, which
/// theta, rho and pi carry to the chi inputs.
macro_rules! keccak_round_complemented {
    ($a:ident, $e:ident, $rc:expr, $xor:path, $and:path, $or:path, $not:path, $rotl:path) => {{
        // theta
        let c0 = $xor($xor($xor($a[0], $a[5]), $xor($a[10], $a[15])), $a[20]);
        let c1 = $xor($xor($xor($a[1], $a[6]), $xor($a[11], $a[16])), $a[21]);
        let c2 = $xor($xor($xor($a[2], $a[7]), $xor($a[12], $a[17])), $a[22]);
        let c3 = $xor($xor($xor($a[3], $a[8]), $xor($a[13], $a[18])), $a[23]);
        let c4 = $xor($xor($xor($a[4], $a[9]), $xor($a[14], $a[19])), $a[24]);
        let d0 = $xor(c4, $rotl(c1, 1));
        let d1 = $xor(c0, $rotl(c2, 1));
        let d2 = $xor(c1, $rotl(c3, 1));
        let d3 = $xor(c2, $rotl(c4, 1));
        let d4 = $xor(c3, $rotl(c0, 1));
        // row 0
        let b0 = $xor($a[0], d0);
        let b1 = $rotl($xor($a[6], d1), 44);
        let b2 = $rotl($xor($a[12], d2), 43);
        let b3 = $rotl($xor($a[18], d3), 21);
        let b4 = $rotl($xor($a[24], d4), 14);
        $e[0] = $xor($xor(b0, $or(b1, b2)), $rc);
        $e[1] = $xor($not(b1), $and(b2, $not(b3)));
        $e[2] = $xor(b2, $and(b3, b4));
        $e[3] = $xor(b3, $or(b4, b0));
        $e[4] = $xor(b4, $and(b0, b1));
        // row 1
        let b0 = $rotl($xor($a[3], d3), 28);
        let b1 = $rotl($xor($a[9], d4), 20);
        let b2 = $rotl($xor($a[10], d0), 3);
        let b3 = $rotl($xor($a[16], d1), 45);
        let b4 = $rotl($xor($a[22], d2), 61);
        $e[5] = $xor(b0, $or(b1, b2));
        $e[6] = $xor(b1, $and(b2, b3));
        $e[7] = $xor($not(b2), $and($not(b3), b4));
        $e[8] = $xor(b3, $or(b4, b0));
        $e[9] = $xor(b4, $and(b0, b1));
        // row 2
        let b0 = $rotl($xor($a[1], d1), 1);
        let b1 = $rotl($xor($a[7], d2), 6);
        let b2 = $rotl($xor($a[13], d3), 25);
        let b3 = $rotl($xor($a[19], d4), 8);
        let b4 = $rotl($xor($a[20], d0), 18);
        $e[10] = $xor(b0, $or(b1, b2));
        $e[11] = $xor(b1, $and(b2, b3));
        $e[12] = $xor(b2, $and($not(b3), b4));
        $e[13] = $xor($not(b3), $or(b4, b0));
        $e[14] = $xor(b4, $and(b0, b1));
        // row 3
        let b0 = $rotl($xor($a[4], d4), 27);
        let b1 = $rotl($xor($a[5], d0), 36);
        let b2 = $rotl($xor($a[11], d1), 10);
        let b3 = $rotl($xor($a[17], d2), 15);
        let b4 = $rotl($xor($a[23], d3), 56);
        $e[15] = $xor(b0, $and(b1, b2));
        $e[16] = $xor(b1, $or(b2, b3));
        $e[17] = $xor($not(b2), $and(b3, $not(b4)));
        $e[18] = $xor($not(b3), $and(b4, b0));
        $e[19] = $xor(b4, $or(b0, b1));
        // row 4
        let b0 = $rotl($xor($a[2], d2), 62);
        let b1 = $rotl($xor($a[8], d3), 55);
        let b2 = $rotl($xor($a[14], d4), 39);
        let b3 = $rotl($xor($a[15], d0), 41);
        let b4 = $rotl($xor($a[21], d1), 2);
        $e[20] = $xor(b0, $and($not(b1), b2));
        $e[21] = $xor($not(b1), $or(b2, b3));
        $e[22] = $xor(b2, $and(b3, b4));
        $e[23] = $xor(b3, $or(b4, b0));
        $e[24] = $xor(b4, $and(b0, b1));
    }};
}

/// The lanes `keccak_round_complemented!` keeps inverted between rounds.
#[allow(unused)]
pub const KECCAK_COMPLEMENTED: [usize; 6] = [1, 2, 8, 12, 17, 20];

/// One Keccak-f[1600] round in three-input form, for SIMD sets with a
/// three-way xor and a rotate (AVX-512's `vpternlogq` and `vprolq`): the
/// same lanes and order as `keccak_round!`, with theta's column sums as two
/// `$xor3` each and chi as one `$chi(x, y, z) = x ^ (!y & z)` per lane.
#[cfg(target_arch = "x86_64")]
macro_rules! keccak_round_xor3 {
    ($a:ident, $e:ident, $rc:expr, $xor:path, $xor3:path, $chi:path, $rotl:path) => {{
        let c0 = $xor3($xor3($a[0], $a[5], $a[10]), $a[15], $a[20]);
        let c1 = $xor3($xor3($a[1], $a[6], $a[11]), $a[16], $a[21]);
        let c2 = $xor3($xor3($a[2], $a[7], $a[12]), $a[17], $a[22]);
        let c3 = $xor3($xor3($a[3], $a[8], $a[13]), $a[18], $a[23]);
        let c4 = $xor3($xor3($a[4], $a[9], $a[14]), $a[19], $a[24]);
        let d0 = $xor(c4, $rotl(c1, 1));
        let d1 = $xor(c0, $rotl(c2, 1));
        let d2 = $xor(c1, $rotl(c3, 1));
        let d3 = $xor(c2, $rotl(c4, 1));
        let d4 = $xor(c3, $rotl(c0, 1));
        let b0 = $xor($a[0], d0);
        let b1 = $rotl($xor($a[6], d1), 44);
        let b2 = $rotl($xor($a[12], d2), 43);
        let b3 = $rotl($xor($a[18], d3), 21);
        let b4 = $rotl($xor($a[24], d4), 14);
        $e[0] = $xor($chi(b0, b1, b2), $rc);
        $e[1] = $chi(b1, b2, b3);
        $e[2] = $chi(b2, b3, b4);
        $e[3] = $chi(b3, b4, b0);
        $e[4] = $chi(b4, b0, b1);
        let b0 = $rotl($xor($a[3], d3), 28);
        let b1 = $rotl($xor($a[9], d4), 20);
        let b2 = $rotl($xor($a[10], d0), 3);
        let b3 = $rotl($xor($a[16], d1), 45);
        let b4 = $rotl($xor($a[22], d2), 61);
        $e[5] = $chi(b0, b1, b2);
        $e[6] = $chi(b1, b2, b3);
        $e[7] = $chi(b2, b3, b4);
        $e[8] = $chi(b3, b4, b0);
        $e[9] = $chi(b4, b0, b1);
        let b0 = $rotl($xor($a[1], d1), 1);
        let b1 = $rotl($xor($a[7], d2), 6);
        let b2 = $rotl($xor($a[13], d3), 25);
        let b3 = $rotl($xor($a[19], d4), 8);
        let b4 = $rotl($xor($a[20], d0), 18);
        $e[10] = $chi(b0, b1, b2);
        $e[11] = $chi(b1, b2, b3);
        $e[12] = $chi(b2, b3, b4);
        $e[13] = $chi(b3, b4, b0);
        $e[14] = $chi(b4, b0, b1);
        let b0 = $rotl($xor($a[4], d4), 27);
        let b1 = $rotl($xor($a[5], d0), 36);
        let b2 = $rotl($xor($a[11], d1), 10);
        let b3 = $rotl($xor($a[17], d2), 15);
        let b4 = $rotl($xor($a[23], d3), 56);
        $e[15] = $chi(b0, b1, b2);
        $e[16] = $chi(b1, b2, b3);
        $e[17] = $chi(b2, b3, b4);
        $e[18] = $chi(b3, b4, b0);
        $e[19] = $chi(b4, b0, b1);
        let b0 = $rotl($xor($a[2], d2), 62);
        let b1 = $rotl($xor($a[8], d3), 55);
        let b2 = $rotl($xor($a[14], d4), 39);
        let b3 = $rotl($xor($a[15], d0), 41);
        let b4 = $rotl($xor($a[21], d1), 2);
        $e[20] = $chi(b0, b1, b2);
        $e[21] = $chi(b1, b2, b3);
        $e[22] = $chi(b2, b3, b4);
        $e[23] = $chi(b3, b4, b0);
        $e[24] = $chi(b4, b0, b1);
    }};
}

mod scalar;
mod sponge;
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub(crate) mod wide;

pub use scalar::{KECCAK_PI, KECCAK_RC, KECCAK_RHO, keccak_f1600, keccak_f1600_scalar};
pub use sponge::{Permutation, Scalar, Sha3, Shake, Shake128, Shake256};
