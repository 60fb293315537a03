//! Keccak-f[1600] on one state in plain 64-bit lanes. Without an and-not
//! instruction (x86-64 before BMI1), chi's x ^ (!y & z) would cost a NOT
//! per lane: keeping the lanes of [`KECCAK_COMPLEMENTED`] inverted between
//! rounds lets chi use AND and OR instead, leaving 5 NOTs a round.

#[cfg(any(feature = "internals", target_arch = "x86_64"))]
use super::{KECCAK_RC, permute_with};
use super::{Lanes, permute};

/// The lanes kept inverted between rounds (the pattern of the Keccak
/// team's implementation overview, "lane complementing transform").
pub const KECCAK_COMPLEMENTED: [usize; 6] = [1, 2, 8, 12, 17, 20];

/// How chi computes one output lane from the stored (possibly inverted)
/// lanes x, y, z: x' ^ (y' & z'), or x' ^ (y' | z') if `or`, where x' is
/// !x if `not_x`, else x, and so on.
#[derive(Clone, Copy)]
struct ChiForm {
    not_x: bool,
    not_y: bool,
    not_z: bool,
    or: bool,
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

/// The form of an output lane whose true value is X ^ (!Y & Z), from
/// stored lanes inverted where `f` says (f_x, f_y, f_z), to be stored
/// inverted if `g`. With AND: y' must be !Y and z' Z; with OR, !Y & Z =
/// !(Y | !Z): y' must be Y and z' !Z, and the outer NOT goes to x's side.
const fn chi_form(f: [bool; 3], g: bool, or: bool) -> ChiForm {
    let [fx, fy, fz] = f;
    ChiForm {
        not_x: fx ^ g ^ or,
        not_y: fy ^ !or,
        not_z: fz ^ or,
        or,
    }
}

/// Theta keeps a lane's inversion and flips it where D[x] is inverted,
/// that is where one of the column parities C[x - 1], C[x + 1] sums an odd
/// number of inverted lanes; rho's rotation and pi's move keep it. Chi's
/// output lane must come out inverted exactly where it is in the pattern.
///
/// Each output lane can take the AND or the OR form; in each row, the
/// choice of the five is the first (of 32) that inverts a single lane of
/// the row (an inverted lane is computed once and used by every output
/// that needs it), as in the Keccak team's implementation.
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
    let mut forms = [chi_form([false; 3], false, false); 25];
    let mut row = 0;
    while row < 25 {
        // The first of the 32 choices that inverts a single lane of the
        // row (there is one with this pattern; checked when the table is
        // built: the module's NOT count).
        let mut choice = 0;
        while row_inverted(&b, row, choice).count_ones() != 1 {
            choice += 1;
            assert!(choice < 32);
        }
        let mut x = 0;
        while x < 5 {
            forms[row + x] = row_form(&b, row, choice, x);
            x += 1;
        }
        row += 5;
    }
    forms
}

/// The form of output lane `x` of `row` under `choice` (bit x: the OR
/// form), from `b`, whether each rho-pi output is inverted.
const fn row_form(b: &[bool; 25], row: usize, choice: u32, x: usize) -> ChiForm {
    let f = [b[row + x], b[row + (x + 1) % 5], b[row + (x + 2) % 5]];
    chi_form(f, complemented(row + x), choice >> x & 1 == 1)
}

/// The lanes of `row` that its forms under `choice` use inverted (bit i:
/// lane i, as x of output i, y of output i - 1 or z of output i - 2).
const fn row_inverted(b: &[bool; 25], row: usize, choice: u32) -> u32 {
    let mut inverted = 0;
    let mut x = 0;
    while x < 5 {
        let form = row_form(b, row, choice, x);
        inverted |= (form.not_x as u32) << x
            | (form.not_y as u32) << ((x + 1) % 5)
            | (form.not_z as u32) << ((x + 2) % 5);
        x += 1;
    }
    inverted
}

/// A 64-bit lane's operations, as [`ScalarLanes`] uses them: `u64` runs;
/// the lemmas' instance builds z3 bit-vector terms from the same source.
/// (Methods, not the operator traits: on `u64` each is the built-in
/// operation, where a generic `^` would call `BitXor::bitxor`, which
/// compiled the rounds with a few more register spills.)
pub trait LaneWord: Copy {
    /// The constant `v`.
    fn lit(v: u64) -> Self;
    /// self ^ y.
    fn xor(self, y: Self) -> Self;
    /// self & y.
    fn and(self, y: Self) -> Self;
    /// self | y.
    fn or(self, y: Self) -> Self;
    /// !self.
    fn not(self) -> Self;
    /// Rotated left by `n` bits (n < 64).
    fn rotate_left(self, n: u32) -> Self;
}

impl LaneWord for u64 {
    #[inline(always)]
    fn lit(v: u64) -> u64 {
        v
    }

    #[inline(always)]
    fn xor(self, y: u64) -> u64 {
        self ^ y
    }

    #[inline(always)]
    fn and(self, y: u64) -> u64 {
        self & y
    }

    #[inline(always)]
    fn or(self, y: u64) -> u64 {
        self | y
    }

    #[inline(always)]
    fn not(self) -> u64 {
        !self
    }

    #[inline(always)]
    fn rotate_left(self, n: u32) -> u64 {
        u64::rotate_left(self, n)
    }
}

/// One state in plain 64-bit lanes `W` (`u64`): lane-complemented if
/// `COMPLEMENT`, for CPUs without an and-not instruction; chi as FIPS 202
/// writes it if not.
#[derive(Debug)]
pub struct ScalarLanes<const COMPLEMENT: bool, W = u64>(core::marker::PhantomData<W>);

impl<const COMPLEMENT: bool, W> ScalarLanes<COMPLEMENT, W> {
    /// The lane operations.
    #[inline(always)]
    pub const fn new() -> Self {
        ScalarLanes(core::marker::PhantomData)
    }
}

impl<const COMPLEMENT: bool, W> Default for ScalarLanes<COMPLEMENT, W> {
    #[inline(always)]
    fn default() -> Self {
        Self::new()
    }
}

impl<const COMPLEMENT: bool, W> Clone for ScalarLanes<COMPLEMENT, W> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl<const COMPLEMENT: bool, W> Copy for ScalarLanes<COMPLEMENT, W> {}

impl<const COMPLEMENT: bool, W: LaneWord> Lanes for ScalarLanes<COMPLEMENT, W> {
    type V = W;

    #[inline(always)]
    fn splat(self, rc: u64) -> W {
        W::lit(rc)
    }

    #[inline(always)]
    fn xor(self, x: W, y: W) -> W {
        x.xor(y)
    }

    #[inline(always)]
    fn rotl<const L: i32, const R: i32>(self, x: W) -> W {
        x.rotate_left(L as u32)
    }

    #[inline(always)]
    fn chi(self, k: usize, x: W, y: W, z: W) -> W {
        if !COMPLEMENT {
            return x.xor(y.not().and(z));
        }
        let form = CHI_FORMS[k];
        let (x, y, z) = (
            if form.not_x { x.not() } else { x },
            if form.not_y { y.not() } else { y },
            if form.not_z { z.not() } else { z },
        );
        if form.or {
            x.xor(y.or(z))
        } else {
            x.xor(y.and(z))
        }
    }

    #[inline(always)]
    fn complement(self, state: &mut [W; 25]) {
        if !COMPLEMENT {
            return;
        }
        for i in KECCAK_COMPLEMENTED {
            state[i] = state[i].not();
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
    permute(ScalarLanes::<true, u64>::new(), state)
}

/// `Keccak-f[1600]` on the state, in place, chi with and-not: for copies
/// compiled where the CPU has the instruction (the AVX2 backend's BMI1).
///
/// The round constants are read from a copy in the caller's frame, not
/// from the binary's constants: the 25 lanes do not fit in 16 registers,
/// and a round's load of its constant can share its address modulo 4096
/// with a spill stored just before (the distance from the stack to the
/// constants differs from process to process, and with the stack's depth)
/// and wait for that store ("4K aliasing"), as the AVX2 four-state
/// permutation can. Over a sweep of stack depths, with the constants in
/// the binary one or two depths take about half again as long as the
/// others (enough to slow AVX2 verification by 5 % in a whole process);
/// with the copy every depth takes the same time, within 5 %. (The
/// lane-complementing form, [`keccak_f1600`], keeps such spikes with the
/// copy and is 2 % slower at the other depths, so it reads the binary's
/// constants.)
#[cfg(any(feature = "internals", target_arch = "x86_64"))]
#[inline(always)]
pub fn keccak_f1600_andnot(state: &mut [u64; 25]) {
    let rcs = core::hint::black_box(KECCAK_RC);
    permute_with(ScalarLanes::<false, u64>::new(), state, &rcs)
}
