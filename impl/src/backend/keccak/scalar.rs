//! Keccak-f[1600] on one state in plain 64-bit lanes. Without an and-not
//! instruction (x86-64 before BMI1), chi's x ^ (!y & z) would cost a NOT
//! per lane: keeping the lanes of [`KECCAK_COMPLEMENTED`] inverted between
//! rounds lets chi use AND and OR instead, leaving 11 NOTs a round.

use super::{Lanes, permute};

/// The lanes kept inverted between rounds (the pattern of the Keccak
/// team's implementation overview, "lane complementing transform").
pub const KECCAK_COMPLEMENTED: [usize; 6] = [1, 2, 8, 12, 17, 20];

/// How chi computes one output lane from stored (possibly inverted) lanes
/// x, y, z: `not_x` ^ x ^ `term`(y, z).
#[derive(Clone, Copy)]
struct ChiForm {
    not_x: bool,
    term: Term,
}

#[derive(Clone, Copy)]
enum Term {
    And,
    Or,
    AndNotY,
    AndNotZ,
}

/// Chi's form for each output lane, derived from [`KECCAK_COMPLEMENTED`].
const CHI_FORMS: [ChiForm; 25] = chi_forms();

const fn complemented(i: usize) -> bool {
    let mut j = 0;
    while j < KECCAK_COMPLEMENTED.len() {
        if KECCAK_COMPLEMENTED[j] == i {
            return true;
        }
        j += 1;
    }
    false
}

/// Theta keeps a lane's inversion and flips it where D[x] is inverted,
/// that is where one of the column parities C[x - 1], C[x + 1] sums an odd
/// number of inverted lanes; rho's rotation and pi's move keep it. Chi's
/// output lane must come out inverted exactly where it is in the pattern.
const fn chi_forms() -> [ChiForm; 25] {
    let mut parity = [false; 5];
    let mut i = 0;
    while i < 25 {
        parity[i % 5] ^= complemented(i);
        i += 1;
    }
    // Whether B[x + 5y], the rho-pi output chi reads, is inverted.
    let mut b = [false; 25];
    let mut k = 0;
    while k < 25 {
        let (x, y) = (k % 5, k / 5);
        let source = (x + 3 * y) % 5 + 5 * x;
        let column = source % 5;
        b[k] = complemented(source) ^ parity[(column + 4) % 5] ^ parity[(column + 1) % 5];
        k += 1;
    }
    let mut forms = [ChiForm {
        not_x: false,
        term: Term::And,
    }; 25];
    let mut k = 0;
    while k < 25 {
        let row = k - k % 5;
        let y = b[row + (k + 1) % 5];
        let z = b[row + (k + 2) % 5];
        // !y & z on the true lanes; with both stored inverted it is
        // !(y | z), whose NOT goes to x's side.
        let (term, flip) = match (y, z) {
            (true, false) => (Term::And, false),
            (false, false) => (Term::AndNotY, false),
            (true, true) => (Term::AndNotZ, false),
            (false, true) => (Term::Or, true),
        };
        forms[k] = ChiForm {
            not_x: b[k] ^ complemented(k) ^ flip,
            term,
        };
        k += 1;
    }
    forms
}

/// One state in plain `u64` lanes: lane-complemented if `COMPLEMENT`, for
/// CPUs without an and-not instruction; chi as FIPS 202 writes it if not.
#[derive(Clone, Copy, Debug)]
pub struct ScalarLanes<const COMPLEMENT: bool>;

impl<const COMPLEMENT: bool> Lanes for ScalarLanes<COMPLEMENT> {
    type V = u64;

    #[inline(always)]
    fn splat(self, rc: u64) -> u64 {
        rc
    }

    #[inline(always)]
    fn xor(self, x: u64, y: u64) -> u64 {
        x ^ y
    }

    #[inline(always)]
    fn rotl<const L: i32, const R: i32>(self, x: u64) -> u64 {
        x.rotate_left(L as u32)
    }

    #[inline(always)]
    fn chi(self, k: usize, x: u64, y: u64, z: u64) -> u64 {
        if !COMPLEMENT {
            return x ^ (!y & z);
        }
        let form = CHI_FORMS[k];
        let term = match form.term {
            Term::And => y & z,
            Term::Or => y | z,
            Term::AndNotY => !y & z,
            Term::AndNotZ => y & !z,
        };
        if form.not_x { !x ^ term } else { x ^ term }
    }

    #[inline(always)]
    fn complement(self, state: &mut [u64; 25]) {
        if !COMPLEMENT {
            return;
        }
        for i in KECCAK_COMPLEMENTED {
            state[i] = !state[i];
        }
    }
}

/// `Keccak-f[1600]` on the state, in place: one out-of-line copy, which
/// every portable sponge calls (inlined, the 24 unrolled rounds would be
/// compiled again at each sponge call site of every operation).
#[inline(never)]
pub fn keccak_f1600_scalar(state: &mut [u64; 25]) {
    keccak_f1600(state)
}

/// `Keccak-f[1600]` on the state, in place, lane-complemented: inlined
/// into [`keccak_f1600_scalar`] and into the backends' copies compiled with
/// other target features.
#[inline(always)]
pub fn keccak_f1600(state: &mut [u64; 25]) {
    permute(ScalarLanes::<true>, state)
}

/// `Keccak-f[1600]` on the state, in place, chi with and-not: for copies
/// compiled where the CPU has the instruction (the AVX2 backend's BMI1).
#[cfg(any(feature = "internals", target_arch = "x86_64"))]
#[inline(always)]
pub fn keccak_f1600_andnot(state: &mut [u64; 25]) {
    permute(ScalarLanes::<false>, state)
}
