//! `Keccak-f[1600]` (FIPS 202 section 3) and the SHAKE sponges on it, for
//! every backend.
//!
//! The permutation is written once, [`permute`], over [`Lanes`]: the
//! operations on one lane type, whose value holds lane A[x + 5y] of one
//! state (`u64`) or of several states side by side (a SIMD vector, lane i
//! of every state in one register). Each backend implements [`Lanes`] with
//! its instructions (in its own module, the only place where `unsafe` may
//! call an intrinsic) and compiles [`permute`] once inside a
//! `#[target_feature]` function. The sponges: [`Shake`] on one state, over
//! any one-state permutation, and `wide::ShakeX` on several states side by
//! side, over a backend's several-state permutation.

mod carried;
#[cfg(any(
    feature = "internals",
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
mod forms;
mod scalar;
mod sponge;
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub mod wide;

pub use carried::Carried;
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub(crate) use forms::lanes_by_form;
#[cfg(any(feature = "internals", target_arch = "x86_64"))]
pub use forms::{Avx2Form, Avx2KeccakOps, TernaryForm, TernaryOps};
#[cfg(any(
    feature = "internals",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub use forms::{NeonForm, NeonKeccakOps, Sha3Form, Sha3Ops};
pub use sponge::{Sha3, Shake, Shake128, Shake256};
// The x86-64 backends': the and-not rounds (AVX2's one-lane SHAKE) and the
// portable permutation (their fallback).
#[cfg(any(feature = "internals", target_arch = "x86_64"))]
pub use scalar::{keccak_f1600_andnot, keccak_f1600_scalar};
// What the SIMD backends build their one-lane sponges and NEON's fallback on.
#[cfg(any(
    feature = "internals",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub use scalar::keccak_f1600;
#[cfg(any(
    feature = "internals",
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub use sponge::Permutation;
// The lemmas' and benchmarks' view of the scalar permutation.
#[cfg(feature = "internals")]
pub use {scalar::KECCAK_COMPLEMENTED, sponge::Scalar};
// Also the x86-64 backends' scalar lanes beside their wide permutations.
#[cfg(any(feature = "internals", target_arch = "x86_64"))]
pub use scalar::ScalarLanes;
// The lane word the lemmas run `ScalarLanes` on.
#[cfg(feature = "internals")]
pub use scalar::LaneWord;

/// Round constants `RC[i]` of iota (FIPS 202 Algorithm 5, precomputed).
pub const KECCAK_RC: [u64; 24] = [
    0x0000000000000001,
    0x0000000000008082,
    0x800000000000808A,
    0x8000000080008000,
    0x000000000000808B,
    0x0000000080000001,
    0x8000000080008081,
    0x8000000000008009,
    0x000000000000008A,
    0x0000000000000088,
    0x0000000080008009,
    0x000000008000000A,
    0x000000008000808B,
    0x800000000000008B,
    0x8000000000008089,
    0x8000000000008003,
    0x8000000000008002,
    0x8000000000000080,
    0x000000000000800A,
    0x800000008000000A,
    0x8000000080008081,
    0x8000000000008080,
    0x0000000080000001,
    0x8000000080008008,
];

/// The operations [`permute`] needs on one lane type. `self` is a token:
/// for a SIMD implementation, a value exists only where the CPU has its
/// instructions. Every method is `#[inline(always)]`, so that the whole
/// permutation compiles into the backend's `#[target_feature]` function.
///
/// The provided methods are the plain forms; a backend with fused
/// instructions overrides them (AVX-512's `vpternlogq`, Arm's SHA3
/// extension).
pub trait Lanes: Copy {
    /// Lane A[x + 5y] of the states.
    type V: Copy;

    /// `rc` in every state's lane.
    fn splat(self, rc: u64) -> Self::V;
    /// x ^ y.
    fn xor(self, x: Self::V, y: Self::V) -> Self::V;
    /// Each state's lane of `x` rotated left by `L` bits; `R` = 64 - `L`
    /// (for shift pairs, which need both as constants).
    fn rotl<const L: i32, const R: i32>(self, x: Self::V) -> Self::V;
    /// Chi's output lane `k`: x ^ (!y & z), for the row's lanes x, y, z
    /// (y and z the next two). `k` is a constant once inlined; only the
    /// lane-complementing scalar form ([`ScalarLanes`]) looks at it.
    fn chi(self, k: usize, x: Self::V, y: Self::V, z: Self::V) -> Self::V;

    /// a ^ b ^ c ^ d ^ e: theta's column parity.
    #[inline(always)]
    fn xor5(self, a: Self::V, b: Self::V, c: Self::V, d: Self::V, e: Self::V) -> Self::V {
        self.xor(self.xor(self.xor(a, b), self.xor(c, d)), e)
    }
    /// x ^ rotl(y, 1): theta's `D[x]` from the parities `C[x - 1]` and
    /// `C[x + 1]`.
    #[inline(always)]
    fn xor_rol1(self, x: Self::V, y: Self::V) -> Self::V {
        self.xor(x, self.rotl::<1, 63>(y))
    }
    /// rotl(x ^ d, L): theta's D added to a lane, then rho's rotation;
    /// `R` = 64 - `L`.
    #[inline(always)]
    fn xor_rotl<const L: i32, const R: i32>(self, x: Self::V, d: Self::V) -> Self::V {
        self.rotl::<L, R>(self.xor(x, d))
    }
    /// Maps the state into the form the rounds work on, and back (an
    /// involution): nothing, except for the lane-complementing scalar form.
    #[inline(always)]
    fn complement(self, _state: &mut [Self::V; 25]) {}
}

/// `Keccak-f[1600]` on the states held lane by lane in `state`, in place:
/// the permutation's one description. Inlined into each backend's
/// out-of-line copy, compiled with that backend's target features.
#[inline(always)]
pub fn permute<L: Lanes>(l: L, state: &mut [L::V; 25]) {
    permute_with(l, state, &KECCAK_RC)
}

/// [`permute`] with the round constants read from `rcs`, which holds
/// [`KECCAK_RC`]: a copy in the caller's frame, where the binary's constants
/// would risk 4K aliasing (the AVX2 four-state permutation's).
#[inline(always)]
pub fn permute_with<L: Lanes>(l: L, state: &mut [L::V; 25], rcs: &[u64; 24]) {
    // A local copy, so that the lanes live in registers, not behind `state`;
    // the rounds go from `a` to `e` and back.
    let mut a = *state;
    l.complement(&mut a);
    let mut e = [l.splat(0); 25];
    for rc in rcs.chunks_exact(2) {
        round(l, &a, &mut e, l.splat(rc[0]));
        round(l, &e, &mut a, l.splat(rc[1]));
    }
    l.complement(&mut a);
    *state = a;
}

/// [`permute_with`] on two groups of states of two lane types, `first`
/// and `second`, round by round: the two permutations are independent, and
/// each round of one sits next to the other's in the instruction stream,
/// so that the CPU overlaps them where one alone leaves units idle (a SIMD
/// permutation beside a scalar one: the vector units and the scalar ones).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn permute_pair_with<L: Lanes, M: Lanes>(
    l: L,
    first: &mut [L::V; 25],
    m: M,
    second: &mut [M::V; 25],
    rcs: &[u64; 24],
) {
    let (mut a, mut b) = (*first, *second);
    l.complement(&mut a);
    m.complement(&mut b);
    let (mut e, mut f) = ([l.splat(0); 25], [m.splat(0); 25]);
    for rc in rcs.chunks_exact(2) {
        round(l, &a, &mut e, l.splat(rc[0]));
        round(m, &b, &mut f, m.splat(rc[0]));
        round(l, &e, &mut a, l.splat(rc[1]));
        round(m, &f, &mut b, m.splat(rc[1]));
    }
    l.complement(&mut a);
    m.complement(&mut b);
    (*first, *second) = (a, b);
}

/// One round (FIPS 202 section 3.2: theta, rho and pi, chi, iota) from `a`
/// into `e`, every index a constant, with `rc` as iota's round constant.
/// Chi runs a row at a time, so only five rho-pi outputs are live at once.
/// (Public for the lemmas, which prove it equal to FIPS 202's round for
/// every state and every constant.)
#[inline(always)]
pub fn round<L: Lanes>(l: L, a: &[L::V; 25], e: &mut [L::V; 25], rc: L::V) {
    // theta: the column parities C[x], then D[x] = C[x - 1] ^ rotl(C[x + 1], 1).
    let c0 = l.xor5(a[0], a[5], a[10], a[15], a[20]);
    let c1 = l.xor5(a[1], a[6], a[11], a[16], a[21]);
    let c2 = l.xor5(a[2], a[7], a[12], a[17], a[22]);
    let c3 = l.xor5(a[3], a[8], a[13], a[18], a[23]);
    let c4 = l.xor5(a[4], a[9], a[14], a[19], a[24]);
    let d = [
        l.xor_rol1(c4, c1),
        l.xor_rol1(c0, c2),
        l.xor_rol1(c1, c3),
        l.xor_rol1(c2, c4),
        l.xor_rol1(c3, c0),
    ];
    // rho and pi: position x of row y of B is A[i] ^ D[i mod 5] rotated
    // left by rho's offset r, for i = (x + 3y) mod 5 + 5x; `row!` lists the
    // (i, r) of a row, then chi runs on it.
    macro_rules! rho {
        (0, 0) => {
            l.xor(a[0], d[0])
        };
        ($i:tt, $r:tt) => {
            l.xor_rotl::<$r, { 64 - $r }>(a[$i], d[$i % 5])
        };
    }
    macro_rules! row {
        ($y:tt: $(($i:tt, $r:tt)),*) => {
            chi_row(l, e, $y, [$(rho!($i, $r)),*])
        };
    }
    row!(0: (0, 0), (6, 44), (12, 43), (18, 21), (24, 14));
    // iota
    e[0] = l.xor(e[0], rc);
    row!(1: (3, 28), (9, 20), (10, 3), (16, 45), (22, 61));
    row!(2: (1, 1), (7, 6), (13, 25), (19, 8), (20, 18));
    row!(3: (4, 27), (5, 36), (11, 10), (17, 15), (23, 56));
    row!(4: (2, 62), (8, 55), (14, 39), (15, 41), (21, 2));
}

/// Chi on row `y` of B into e[5y .. 5y + 5]. Lane 0 last: of the orders
/// tried, the one that compiled with the fewest register moves across the
/// backends.
#[inline(always)]
fn chi_row<L: Lanes>(l: L, e: &mut [L::V; 25], y: usize, b: [L::V; 5]) {
    let k = 5 * y;
    e[k + 1] = l.chi(k + 1, b[1], b[2], b[3]);
    e[k + 2] = l.chi(k + 2, b[2], b[3], b[4]);
    e[k + 3] = l.chi(k + 3, b[3], b[4], b[0]);
    e[k + 4] = l.chi(k + 4, b[4], b[0], b[1]);
    e[k] = l.chi(k, b[0], b[1], b[2]);
}
