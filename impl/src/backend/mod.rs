//! The backend trait: every kernel that SIMD accelerates, with its input and
//! output ranges. The algorithms in `crate::algorithms` are written once,
//! generic over this trait; each backend lives in its own folder.

pub mod keccak;
// How each backend's SHAKE lanes serve ExpandA, ExpandS and ExpandMask.
pub mod sampler;
// The SIMD backends' per-polynomial loops.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
#[macro_use]
mod simd_poly;
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
#[macro_use]
mod intrinsics;
#[cfg(target_arch = "x86_64")]
#[macro_use]
mod cpu_kernels;
#[cfg(target_arch = "x86_64")]
pub(crate) use cpu_kernels::{align_frame_32, cold};

// The SIMD backends are where `unsafe` may appear (intrinsic loads and
// stores, calls into `#[target_feature]` kernels after the CPU check); the
// workspace denies it everywhere else in the crate.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
pub mod avx2;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
pub mod avx512;
// The SIMD backends' lane kernels (and the lemmas' view of them).
#[cfg(any(
    feature = "internals",
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub mod lanes;
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
#[allow(unsafe_code)]
pub mod neon;
pub mod portable;
// The kernels' preconditions, asserted in debug builds at each call.
pub(crate) mod pre;
// The selection makes the x86-64 SIMD backends' CPU tokens from the
// choice it stored after their CPU checks (`unsafe`, one per kernel), and
// its `upper_state` marks the vector registers' upper halves unused before
// each operation (`vzeroupper`, after a CPU check).
#[allow(unsafe_code)]
pub mod selected;

use crate::params::{Eta, Gamma1, Gamma2, N};
use crate::poly::{Poly, SmallHat};

/// For each 8-bit mask, the positions of its set bits in increasing order:
/// the compaction table of the SIMD rejection samplers (indexed by the
/// public acceptance mask).
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub const fn set_bit_positions() -> [[u8; 8]; 256] {
    let mut t = [[0u8; 8]; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut n = 0;
        let mut bit = 0;
        while bit < 8 {
            if mask & (1 << bit) != 0 {
                t[mask][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    t
}

/// Where a SIMD rejection sampler reads its compaction table (the rows of
/// `set_bit_positions`). A type, not a value, so that the running sampler
/// compiles to the same code as with the static named directly; the
/// lemmas run the sampler on a table with one row planted wrong.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
pub trait CompactTable {
    /// Row `mask`: the positions of the set bits of `mask`, in order.
    const SET_BITS: &'static [[u8; 8]; 256];
}

/// A sampler over the room left, `sample(&mut out[ctr..])` (it returns how
/// many it wrote), appending to the first `ctr` (at most N) coefficients
/// of `out`: the new count.
#[inline(always)]
pub(crate) fn append_after(
    out: &mut [i32; N],
    ctr: usize,
    sample: impl FnOnce(&mut [i32]) -> usize,
) -> usize {
    let ctr = Ord::min(ctr, N);
    ctr + sample(&mut out[ctr..])
}

/// An incremental SHAKE (one lane): absorb, then squeeze.
pub trait Xof: Sized {
    /// The rate in bytes (168 for SHAKE128, 136 for SHAKE256).
    const RATE: usize;
    /// A fresh state.
    fn new() -> Self;
    /// Absorb more input. Must not be called after the first squeeze.
    fn absorb(&mut self, input: &[u8]);
    /// Squeeze `out.len()` more bytes of output.
    fn squeeze(&mut self, out: &mut [u8]);
    /// Absorbs `block`, one whole block (`RATE` bytes). If it can (while
    /// absorbing, at a block boundary), only XORs it into the state and
    /// returns the state, which the caller must then permute once with
    /// `Keccak-f[1600]` (a wide sponge, beside its own states: [`Carry`]):
    /// the sponge is then as if it had absorbed the block. Otherwise
    /// absorbs it itself and returns `None`.
    fn absorb_block_deferred(&mut self, block: &[u8]) -> Option<&mut [u64; 25]> {
        self.absorb(block);
        None
    }
}

/// A one-lane sponge whose next block a wide sponge may permute with its
/// own states: the one-lane work (tr = H(pk) in key generation and import,
/// the challenge hash in verification) rides on ExpandA's permutations,
/// beside them on the scalar units they leave idle (AVX-512's eight
/// states) or in an idle lane (AVX2's four states, in a group of three).
/// Its input must be public: where the block is permuted, in the wide
/// sponge's frame, may be outside the stack an operation scrubs (compact
/// signing expands A above it).
pub trait Carry {
    /// The state with the next block XORed in, to permute once now; `None`
    /// when no whole block is waiting.
    fn next_block(&mut self) -> Option<&mut [u64; 25]>;
    /// Whether a whole block is waiting ([`Self::next_block`] would give
    /// one).
    #[inline(always)]
    fn waiting(&self) -> bool {
        false
    }
    /// The whole blocks the carrier's owner expects to have waiting before
    /// ExpandA's last row is made (its input up to that row, in blocks):
    /// how many a four-lane sponge that takes lanes out of ExpandA for them
    /// ([`RowStream`](crate::backend::sampler::RowStream)) plans for.
    /// None by default: the lanes stay with ExpandA.
    #[inline(always)]
    fn blocks_before_last_row(&self) -> usize {
        0
    }
}

/// A carrier behind a reference (`&mut dyn Carry`: one copy of the code
/// that takes it for every carrier).
impl<C: Carry + ?Sized> Carry for &mut C {
    #[inline(always)]
    fn next_block(&mut self) -> Option<&mut [u64; 25]> {
        (**self).next_block()
    }

    #[inline(always)]
    fn waiting(&self) -> bool {
        (**self).waiting()
    }

    #[inline(always)]
    fn blocks_before_last_row(&self) -> usize {
        (**self).blocks_before_last_row()
    }
}

/// Nothing carried.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoCarry;

impl Carry for NoCarry {
    #[inline(always)]
    fn next_block(&mut self) -> Option<&mut [u64; 25]> {
        None
    }
}

/// Four SHAKE instances run side by side, each absorbing one input.
pub trait XofX4: Sized {
    /// The rate in bytes.
    const RATE: usize;
    /// Four fresh states.
    fn new_x4() -> Self;
    /// Absorb one complete input per lane (the inputs have equal lengths),
    /// once, into fresh states: in place, because a state returned by value
    /// would leave a copy of what it absorbed (a seed) behind.
    fn absorb_x4(&mut self, inputs: [&[u8]; 4]);
    /// Four fresh states, in place, that absorb `inputs` as
    /// [`Self::absorb_x4`] does: every lane restarted at once.
    #[inline(always)]
    fn restart_x4(&mut self, inputs: [&[u8]; 4]) {
        *self = Self::new_x4();
        self.absorb_x4(inputs);
    }
    /// Squeeze `RATE * n` bytes into each lane's buffer (all of length RATE * n).
    fn squeeze_blocks_x4(&mut self, out: [&mut [u8]; 4]);
    /// Lane `lane` (0 to 3) alone made a fresh state that absorbed `input`,
    /// which is shorter than the rate (one padded block; every
    /// implementation cuts a longer one to `RATE - 1` bytes): the next
    /// squeeze gives that lane the first block of SHAKE(`input`), and the
    /// other lanes their next blocks. ExpandS gives a lane the next
    /// polynomial's seed as soon as its own polynomial is complete.
    fn restart_lane(&mut self, lane: usize, input: &[u8]);
    /// [`Self::squeeze_blocks_x4`] with lane `lane` (0 to 3) idle (what it
    /// squeezes is not used, and its state is lost): each permutation
    /// permutes `carry`'s next waiting block in that lane, where the
    /// backend can ([`Backend::idle_lane_carry`]); otherwise the blocks
    /// wait for the carrier's owner to absorb them.
    #[inline(always)]
    fn squeeze_blocks_x4_carrying(
        &mut self,
        out: [&mut [u8]; 4],
        lane: usize,
        carry: &mut impl Carry,
    ) {
        let _ = (lane, carry);
        self.squeeze_blocks_x4(out);
    }
}

/// Eight SHAKE instances run side by side, each absorbing one input: ExpandA
/// eight entries at a time.
pub trait XofX8: Sized {
    /// The rate in bytes.
    const RATE: usize;
    /// Eight fresh states.
    fn new_x8() -> Self;
    /// Absorb one complete input per lane (the inputs have equal lengths),
    /// once, into fresh states.
    fn absorb_x8(&mut self, inputs: [&[u8]; 8]);
    /// Squeeze `RATE * n` bytes into each lane's buffer (all of length RATE * n).
    fn squeeze_blocks_x8(&mut self, out: [&mut [u8]; 8]);
    /// [`Self::squeeze_blocks_x8`], permuting `carry`'s waiting blocks
    /// beside the eight states, one per block squeezed, where the backend
    /// gains by it (AVX-512's eight-state permutation); otherwise they wait
    /// for the carrier's owner to absorb them.
    #[inline(always)]
    fn squeeze_blocks_x8_carrying(&mut self, out: [&mut [u8]; 8], carry: &mut impl Carry) {
        let _ = carry;
        self.squeeze_blocks_x8(out);
    }
}

/// Eight lanes as two four-lane SHAKEs, one after the other: the eight-lane
/// form of every backend without an eight-state permutation.
#[derive(Clone)]
pub struct PairX4<X: XofX4>([X; 2]);

impl<X: XofX4> XofX8 for PairX4<X> {
    const RATE: usize = X::RATE;

    #[inline(always)]
    fn new_x8() -> Self {
        PairX4([X::new_x4(), X::new_x4()])
    }

    #[inline(always)]
    fn absorb_x8(&mut self, [i0, i1, i2, i3, i4, i5, i6, i7]: [&[u8]; 8]) {
        let [lo, hi] = &mut self.0;
        lo.absorb_x4([i0, i1, i2, i3]);
        hi.absorb_x4([i4, i5, i6, i7]);
    }

    #[inline(always)]
    fn squeeze_blocks_x8(&mut self, [o0, o1, o2, o3, o4, o5, o6, o7]: [&mut [u8]; 8]) {
        let [lo, hi] = &mut self.0;
        lo.squeeze_blocks_x4([o0, o1, o2, o3]);
        hi.squeeze_blocks_x4([o4, o5, o6, o7]);
    }
}

/// [`Backend::pointwise_acc_sub_montgomery`] in the kernels it combines:
/// the sum, the product x o y, their difference, reduce32 (|c_i| <= 2q
/// into |c_i| < q). For public operands (verification's): the product's
/// polynomial is not wiped.
#[inline(always)]
pub fn pointwise_acc_steps<B: Backend>(c: &mut Poly, a: &[Poly], b: &[Poly], x: &Poly, y: &Poly) {
    let mut xy = Poly::ZERO;
    B::pointwise_acc_montgomery(c, a, b);
    B::pointwise_montgomery(&mut xy, x, y);
    B::sub(c, &xy);
    B::reduce32(c);
}

/// `$callback! { ... }` on every kernel of [`Backend`] without a default
/// (`pointwise_acc_sub_montgomery` has one), each with its docs: the
/// trait's declarations (`declare_kernels!`) and the code that forwards
/// each kernel to another backend (`Selected`, the benchmarks' counting
/// backend) from one list. The names in the signatures (`Poly`,
/// `SmallHat`, `N`, `Gamma1`, `Gamma2`, `Eta`) resolve where it is called.
#[doc(hidden)]
#[macro_export]
macro_rules! backend_kernels {
    ($callback:ident) => {
        $callback! {
            /// Forward NTT in place. Input |a_i| < q; output |a_i| < 9q, equal mod q
            /// to FIPS 204's NTT (Algorithm 41).
            fn ntt(a: &mut Poly);
            /// Inverse NTT times 2^32 in place. Input |a_i| < q; output |a_i| < q,
            /// equal mod q to 2^32 * NTT^-1(a) (Algorithm 42).
            fn invntt_tomont(a: &mut Poly);
            /// c = a o b * 2^-32 (pointwise Montgomery product). Requires
            /// |a_i * b_i| <= 2^31 q; output |c_i| <= q (q itself only at the
            /// extreme product +2^31 q).
            fn pointwise_montgomery(c: &mut Poly, a: &Poly, b: &Poly);
            /// c = sum_j a_j o b_j * 2^-32. Requires sum_j |a_j,i * b_j,i| <= 2^31 q;
            /// output |c_i| <= q.
            fn pointwise_acc_montgomery(c: &mut Poly, a: &[Poly], b: &[Poly]);
            /// a += b, no reduction.
            fn add(a: &mut Poly, b: &Poly);
            /// a -= b, no reduction.
            fn sub(a: &mut Poly, b: &Poly);
            /// a <<= d (t1 * 2^d). Requires 0 <= a_i < 2^10.
            fn shift_left_d(a: &mut Poly);
            /// a mod q into [-6283009, 6283008]. Requires a_i <= 2^31 - 2^22 - 1.
            fn reduce32(a: &mut Poly);
            /// a + q where a < 0: maps (-q, q) to [0, q).
            fn caddq(a: &mut Poly);
            /// reduce32 then caddq: the representative in [0, q).
            fn freeze(a: &mut Poly);
            /// Power2Round (Algorithm 35) on each coefficient: a in [0, q) to
            /// (a1, a0) with a = a1 * 2^d + a0.
            fn power2round(a1: &mut Poly, a0: &mut Poly, a: &Poly);
            /// KeyGen_internal's lines 5 and 6 after the inverse NTT, on each
            /// coefficient, in one pass: t = a0 + b (b = s2) taken to [0, q)
            /// ([`Backend::freeze`]), then Power2Round(t) into (a1, a0). Requires
            /// a0_i + b_i <= 2^31 - 2^22 - 1 (reduce32's domain).
            fn add_power2round(a1: &mut Poly, a0: &mut Poly, b: &Poly);
            /// Decompose (Algorithm 36) on each coefficient: a in [0, q) to
            /// (HighBits, LowBits) for gamma2 `G`.
            fn decompose<G: Gamma2>(a1: &mut Poly, a0: &mut Poly, a: &Poly);
            /// MakeHint (Algorithm 39) on each coefficient: h_i = MakeHint(z_i, r_i)
            /// for z, r in [0, q). Returns the number of ones.
            fn make_hint<G: Gamma2>(h: &mut Poly, z: &Poly, r: &Poly) -> usize;
            /// UseHint (Algorithm 40) on each coefficient: a = UseHint(h_i, r_i) for
            /// r in [0, q), h in {0, 1}.
            fn use_hint<G: Gamma2>(a: &mut Poly, h: &Poly, r: &Poly);
            /// Whether some |a_i| >= bound (the infinity norm check), for
            /// |a_i| <= 2^31 - 2^22 and bound <= (q-1)/8. Constant time: every
            /// coefficient is examined.
            fn exceeds_norm(a: &Poly, bound: i32) -> bool;
            /// c <- SampleInBall's (Algorithm 29) lines 7 and 8 for each i from
            /// 256 - tau to 255, with tau = `js.len()`, from c = 0 (lines 1 and 2):
            /// c_i <- c_j, then c_j <- (-1)^h, where j = js[i + tau - 256] <= i and
            /// h is bit i + tau - 256 of `signs`; c held as bytes (its coefficients
            /// are -1, 0, 1), its previous content overwritten. Constant time in
            /// the j's and the signs: no memory access or branch depends on them.
            fn ball_swaps(c: &mut [i8; N], js: &[u8], signs: u64);
            /// The NTT mod the prime p = 7681 of `a` (`portable::small_ntt`), in
            /// this backend's order. Requires |a_i| <= 4.
            fn small_ntt(out: &mut SmallHat, a: &Poly);
            /// c = a b in Z\[X\] / (X^256 + 1), over the integers, from the
            /// [`Self::small_ntt`] of a and of b made by this backend. Requires
            /// |a_i|, |b_i| <= 4 and sum_i |a_i| max_i |b_i| <= 240 (a = c with
            /// tau <= 60, b = s1 or s2 with eta <= 4), so that the product mod p is
            /// the product.
            fn small_product(c: &mut Poly, a: &SmallHat, b: &SmallHat);
            /// Uniform rejection sampling (RejNTTPoly's inner step): reads 3-byte
            /// candidates from `buf`, writes those < q to `out`, stops when `out` is
            /// full. Returns the number written.
            fn rej_uniform(out: &mut [i32], buf: &[u8]) -> usize;
            /// Bounded rejection sampling (RejBoundedPoly's inner step) for eta `E`:
            /// the accepted values in [-eta, eta] of the half-bytes of `buf` (low
            /// half-byte first) appended to the first `ctr` (at most N)
            /// coefficients of `out` until it holds N. Returns the new count. On
            /// AVX2 and AVX-512 the whole of `buf` is read whatever `ctr`, so that
            /// the control flow depends on `buf.len()` alone.
            fn rej_eta<E: Eta>(out: &mut [i32; N], ctr: usize, buf: &[u8]) -> usize;
            /// BitPack(a, gamma1 - 1, gamma1) into `out` (32 * `G::BITS` bytes).
            fn pack_z<G: Gamma1>(out: &mut [u8], a: &Poly);
            /// BitUnpack(v, gamma1 - 1, gamma1) from 32 * `G::BITS` bytes.
            fn unpack_z<G: Gamma1>(a: &mut Poly, v: &[u8]);
            /// SimpleBitPack(w1, m - 1) into 32 * `G::W1_BITS` bytes.
            fn pack_w1<G: Gamma2>(out: &mut [u8], a: &Poly);
            /// t1 2^d from one row of pkEncode's t1: SimpleBitUnpack(v, 2^10 - 1)
            /// of 320 bytes, each coefficient shifted left by d (verification's
            /// t1 2^d).
            fn unpack_t1_shifted(a: &mut Poly, v: &[u8]);
            /// BitPack(a, eta, eta) into 32 * `E::BITS` bytes (skEncode's s1 and
            /// s2), for a_i in [-eta, eta].
            fn pack_eta<E: Eta>(out: &mut [u8], a: &Poly);
            /// BitPack(a, 2^(d-1) - 1, 2^(d-1)) into 416 bytes (skEncode's t0), for
            /// a_i in [-(2^(d-1) - 1), 2^(d-1)].
            fn pack_t0(out: &mut [u8], a: &Poly);
            /// SimpleBitPack(a, 2^10 - 1) into 320 bytes (pkEncode's t1), for a_i
            /// in [0, 2^10).
            fn pack_t1(out: &mut [u8], a: &Poly);
            /// BitUnpack(v, eta, eta) from 32 * `E::BITS` bytes (skDecode's s1 and
            /// s2), and whether some coefficient fell outside [-eta, eta] (nonzero
            /// then), without a branch on the secret.
            fn unpack_eta<E: Eta>(a: &mut Poly, v: &[u8]) -> i32;
            /// BitUnpack(v, 2^(d-1) - 1, 2^(d-1)) from 416 bytes (skDecode's t0).
            fn unpack_t0(a: &mut Poly, v: &[u8]);
        }
    };
}

/// [`Backend`]'s kernel declarations, from [`backend_kernels!`].
macro_rules! declare_kernels {
    ($(
        $(#[$attr:meta])*
        fn $name:ident $(<$g:ident: $bound:ident>)? ($($arg:ident: $ty:ty),*) $(-> $ret:ty)?;
    )*) => {$(
        $(#[$attr])*
        fn $name $(<$g: $bound>)? ($($arg: $ty),*) $(-> $ret)?;
    )*};
}

/// The kernels an ML-DSA backend provides. All functions are constant time
/// in the polynomial coefficients unless documented otherwise (rejection
/// sampling reads public SHAKE output).
pub trait Backend: Copy + 'static {
    /// A short name ("portable", "avx2", "avx512", "neon").
    const NAME: &'static str;
    /// Whether the four-lane SHAKE costs about as much as one lane (true for
    /// SIMD Keccak), so that a partial group of two or three is best run
    /// four-wide with idle lanes rather than one lane at a time.
    const WIDE_SHAKE: bool;
    /// [`Self::WIDE_SHAKE`], asked at run time: for the selected backend
    /// ([`selected::Selected`]) it depends on which one was selected.
    #[inline(always)]
    fn wide_shake() -> bool {
        Self::WIDE_SHAKE
    }
    /// Whether [`Self::Shake128x8`] permutes eight states at once (AVX-512),
    /// so that ExpandA runs eight entries at a time; otherwise it runs four
    /// at a time, as the other samplers do.
    const EIGHT_LANE_SHAKE: bool = false;
    /// [`Self::EIGHT_LANE_SHAKE`], asked at run time (as [`Self::wide_shake`]).
    #[inline(always)]
    fn eight_lane_shake() -> bool {
        Self::EIGHT_LANE_SHAKE
    }
    /// Whether [`Self::Shake128x4`] carries a one-lane sponge's blocks in
    /// the idle lane of a group of three
    /// ([`XofX4::squeeze_blocks_x4_carrying`]): four states in vectors,
    /// where a block costs a lane of a permutation already paid for
    /// instead of a one-lane permutation.
    const IDLE_LANE_CARRY: bool = false;
    /// [`Self::IDLE_LANE_CARRY`], asked at run time (as [`Self::wide_shake`]).
    #[inline(always)]
    fn idle_lane_carry() -> bool {
        Self::IDLE_LANE_CARRY
    }
    /// SHAKE128 (G), one lane.
    type Shake128: Xof;
    /// SHAKE256 (H), one lane.
    type Shake256: Xof;
    /// SHAKE128 four lanes.
    type Shake128x4: XofX4;
    /// SHAKE256 four lanes.
    type Shake256x4: XofX4;
    /// SHAKE128 eight lanes (ExpandA): [`PairX4`] of [`Self::Shake128x4`]
    /// unless the backend permutes eight states at once.
    type Shake128x8: XofX8;

    /// Whether [`Self::small_ntt`] and [`Self::small_product`] compute c s1
    /// and c s2 in less time than the NTT mod q (SIMD backends with 16-bit
    /// multiplies: AVX2, AVX-512); signing then takes them.
    const SMALL_NTT: bool = false;
    /// [`Self::SMALL_NTT`], asked at run time (as [`Self::wide_shake`]).
    #[inline(always)]
    fn small_ntt_fast() -> bool {
        Self::SMALL_NTT
    }
    /// [`Self::unpack_eta`] in scalar code, for a one-off operation (the
    /// key import) whose frame a SIMD unpacker would make deeper by more
    /// than its speed is worth there.
    #[inline(always)]
    fn unpack_eta_scalar<E: Eta>(a: &mut Poly, v: &[u8]) -> i32 {
        portable::packing::unpack_eta::<E>(a, v)
    }

    /// c = (sum_j a_j o b_j - x o y) * 2^-32: a row of Verify's A_hat o
    /// NTT(z) - NTT(c) o NTT(t1 2^d), before its inverse NTT. Requires
    /// sum_j |a_j,i * b_j,i| + |x_i * y_i| <= 2^31 q; output |c_i| <= q.
    /// By default [`pointwise_acc_steps`]; AVX2 adds the products of x and
    /// -y to its exact sums before their one reduction.
    #[inline(always)]
    fn pointwise_acc_sub_montgomery(c: &mut Poly, a: &[Poly], b: &[Poly], x: &Poly, y: &Poly) {
        pointwise_acc_steps::<Self>(c, a, b, x, y)
    }

    backend_kernels!(declare_kernels);
}
