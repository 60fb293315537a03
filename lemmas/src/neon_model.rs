//! A model of the NEON intrinsics of `mldsa::backend::lanes::neon::NeonOps`:
//! each one as Arm's pseudocode (the Architecture Reference Manual's
//! instruction "Operation") states it, lane by lane, over any [`Lane`].
//!
//! A 128-bit register is kept as four 32-bit lanes or two 64-bit lanes,
//! whichever the instruction that made it wrote ([`crate::lane::Reg`]).

use crate::lane::{Lane, Model, WideLane};
use mldsa::backend::lanes::neon::NeonOps;
use mldsa::params::N;

/// A 128-bit register: four 32-bit or two 64-bit lanes.
pub type Reg<L> = crate::lane::Reg<L, 4, 2>;

/// SMLAL / SMLSL: `op(acc_i, SInt(a_i) * SInt(b_i))` in each 64-bit lane.
fn widening_acc<L: Lane>(
    acc: Reg<L>,
    a: [L; 2],
    b: [L; 2],
    op: impl Fn(L::Wide, L::Wide) -> L::Wide,
) -> Reg<L> {
    let acc = acc.q();
    Reg::Q(core::array::from_fn(|i| {
        op(acc[i], a[i].widen().mul(b[i].widen()))
    }))
}

/// SQDMULH on one lane: SignedSatQ((2 a b) >> 32, 32). 2ab >> 32 is
/// floor(ab / 2^31), and ab (|ab| <= 2^62) is exact in 64 bits.
fn sqdmulh<L: Lane>(a: L, b: L) -> L {
    a.widen().mul(b.widen()).sar(31).saturate()
}

/// One deliberately wrong intrinsic, for the mutant runs ([`Model`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// `vshrq_n_s32` by `from` shifts by `to` instead.
    Shr { from: i32, to: i32 },
    /// `vhsubq_s32` does not halve.
    HsubNoHalving,
    /// `vceqq_s32` compares with >= instead.
    CeqAsCge,
    /// `vabsq_s32` returns its input.
    AbsIdentity,
    /// `vcgtzq_s32` compares with >= 0.
    CgtzAsCgez,
    /// `vqdmulhq_s32` does not saturate (wraps at -2^31 * -2^31).
    QdmulhWraps,
    /// `vuzp2q_s32` takes the even lanes (as `vuzp1q_s32`).
    Uzp2AsUzp1,
    /// `vqdmulhq_laneq_s32::<L>` reads lane L + 1 (mod 4).
    LaneqNext,
}

/// The NEON model over lanes `L`.
pub type NeonModel<L> = Model<Mutation, L>;

impl<L> NeonModel<L> {
    fn sqdmulh<T: Lane>(self, a: T, b: T) -> T {
        if self.is(Mutation::QdmulhWraps) {
            return a.widen().mul(b.widen()).sar(31).low();
        }
        sqdmulh(a, b)
    }
}

impl<L: Lane> NeonOps for NeonModel<L> {
    type V = Reg<L>;
    type U = Reg<L>;
    type D = Reg<L>;
    type H = [L; 2];
    type Lane = L;

    fn load(self, coeffs: &[L; N], i: usize) -> Reg<L> {
        Reg::D(core::array::from_fn(|k| coeffs[4 * i + k]))
    }
    fn store(self, coeffs: &mut [L; N], i: usize, v: Reg<L>) {
        coeffs[4 * i..4 * i + 4].copy_from_slice(&v.d());
    }
    fn load_row(self, row: &[i32; 4]) -> Reg<L> {
        Reg::D(row.map(L::lit))
    }
    // LD4: element e of structure i (memory 4i + e) to lane i of register e
    fn ld4(self, coeffs: &[L; N], b: usize) -> [Reg<L>; 4] {
        core::array::from_fn(|e| Reg::D(core::array::from_fn(|i| coeffs[16 * b + 4 * i + e])))
    }
    fn st4(self, coeffs: &mut [L; N], b: usize, v: [Reg<L>; 4]) {
        for (e, r) in v.iter().enumerate() {
            for (i, x) in r.d().into_iter().enumerate() {
                coeffs[16 * b + 4 * i + e] = x;
            }
        }
    }

    fn vdupq_n_s32(self, x: i32) -> Reg<L> {
        Reg::D([L::lit(x); 4])
    }
    fn vdupq_n_u32(self, x: u32) -> Reg<L> {
        Reg::D([L::lit(x as i32); 4])
    }
    fn vdupq_n_s64(self, x: i64) -> Reg<L> {
        Reg::Q([L::Wide::lit(x); 2])
    }
    fn vdup_n_s32(self, x: i32) -> [L; 2] {
        [L::lit(x); 2]
    }

    // ADD: element1 + element2 (mod 2^32)
    fn vaddq_s32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, L::add)
    }
    fn vsubq_s32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, L::sub)
    }
    // MUL: (element1 * element2)<31:0>
    fn vmulq_s32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, L::mul)
    }
    // MLA: acc + (element1 * element2) (mod 2^32)
    fn vmlaq_s32(self, a: Reg<L>, b: Reg<L>, c: Reg<L>) -> Reg<L> {
        let (a, b, c) = (a.d(), b.d(), c.d());
        Reg::D(core::array::from_fn(|i| a[i].add(b[i].mul(c[i]))))
    }
    // MLS: acc - (element1 * element2) (mod 2^32)
    fn vmlsq_s32(self, a: Reg<L>, b: Reg<L>, c: Reg<L>) -> Reg<L> {
        let (a, b, c) = (a.d(), b.d(), c.d());
        Reg::D(core::array::from_fn(|i| a[i].sub(b[i].mul(c[i]))))
    }
    fn vqdmulhq_s32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, |x, y| self.sqdmulh(x, y))
    }
    // SQDMULH (by element): element2 is lane L of b for every lane
    fn vqdmulhq_laneq_s32<const LANE: i32>(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        let lane = if self.is(Mutation::LaneqNext) {
            (LANE as usize + 1) % 4
        } else {
            LANE as usize
        };
        let z = b.d()[lane];
        a.map(|x| self.sqdmulh(x, z))
    }
    fn vmulq_laneq_s32<const LANE: i32>(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        let z = b.d()[LANE as usize];
        a.map(|x| x.mul(z))
    }
    // SHSUB: (SInt(element1) - SInt(element2)) >> 1, in wider precision
    fn vhsubq_s32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        if self.is(Mutation::HsubNoHalving) {
            return a.zip(b, L::sub);
        }
        a.zip(b, |x, y| x.widen().sub(y.widen()).sar(1).low())
    }
    // SSHR #shift (1..32): SInt(element) >> shift
    fn vshrq_n_s32<const K: i32>(self, a: Reg<L>) -> Reg<L> {
        let k = match self.mutation {
            Some(Mutation::Shr { from, to }) if from == K => to,
            _ => K,
        };
        let k = (k as u32).min(31);
        a.map(|x| x.sar(k))
    }
    // SHL #shift (0..31): element << shift
    fn vshlq_n_s32<const K: i32>(self, a: Reg<L>) -> Reg<L> {
        a.map(|x| x.shl(K as u32))
    }
    fn vandq_s32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, L::and)
    }
    fn veorq_s32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, L::xor)
    }
    // ABS: Abs(SInt(element))<31:0>
    fn vabsq_s32(self, a: Reg<L>) -> Reg<L> {
        if self.is(Mutation::AbsIdentity) {
            return a;
        }
        a.map(L::abs)
    }
    // CMEQ: all ones if element1 == element2
    fn vceqq_s32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        if self.is(Mutation::CeqAsCge) {
            return self.vcgeq_s32(a, b);
        }
        a.zip(b, L::eq_mask)
    }
    // CMGE: all ones if SInt(element1) >= SInt(element2), i.e. not (b > a)
    fn vcgeq_s32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, |x, y| y.gt_mask(x).not())
    }
    // CMGT #0: all ones if SInt(element) > 0
    fn vcgtzq_s32(self, a: Reg<L>) -> Reg<L> {
        if self.is(Mutation::CgtzAsCgez) {
            return a.map(|x| x.gt_mask(L::lit(-1)));
        }
        a.map(|x| x.gt_mask(L::lit(0)))
    }
    fn vorrq_u32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        a.zip(b, L::or)
    }
    fn vreinterpretq_s32_u32(self, a: Reg<L>) -> Reg<L> {
        a
    }
    fn vreinterpretq_u32_s32(self, a: Reg<L>) -> Reg<L> {
        a
    }

    fn vget_low_s32(self, a: Reg<L>) -> [L; 2] {
        let a = a.d();
        [a[0], a[1]]
    }
    // SMLAL: acc + SInt(element1) * SInt(element2), 64-bit (mod 2^64)
    fn vmlal_s32(self, acc: Reg<L>, a: [L; 2], b: [L; 2]) -> Reg<L> {
        widening_acc(acc, a, b, L::Wide::add)
    }
    // SMLAL2: the same on the upper halves of a and b
    fn vmlal_high_s32(self, acc: Reg<L>, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        let (a, b) = (a.d(), b.d());
        self.vmlal_s32(acc, [a[2], a[3]], [b[2], b[3]])
    }
    // SMLSL: acc - SInt(element1) * SInt(element2), 64-bit (mod 2^64)
    fn vmlsl_s32(self, acc: Reg<L>, a: [L; 2], b: [L; 2]) -> Reg<L> {
        widening_acc(acc, a, b, L::Wide::sub)
    }
    fn vmlsl_high_s32(self, acc: Reg<L>, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        let (a, b) = (a.d(), b.d());
        self.vmlsl_s32(acc, [a[2], a[3]], [b[2], b[3]])
    }
    // UZP1: the even-numbered elements of a:b
    fn vuzp1q_s32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        let (a, b) = (a.d(), b.d());
        Reg::D([a[0], a[2], b[0], b[2]])
    }
    // UZP2: the odd-numbered elements of a:b
    fn vuzp2q_s32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        if self.is(Mutation::Uzp2AsUzp1) {
            return self.vuzp1q_s32(a, b);
        }
        let (a, b) = (a.d(), b.d());
        Reg::D([a[1], a[3], b[1], b[3]])
    }
    // TRN1: a0 b0 a2 b2
    fn vtrn1q_s32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        let (a, b) = (a.d(), b.d());
        Reg::D([a[0], b[0], a[2], b[2]])
    }
    // TRN2: a1 b1 a3 b3
    fn vtrn2q_s32(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        let (a, b) = (a.d(), b.d());
        Reg::D([a[1], b[1], a[3], b[3]])
    }
    // TRN1 (64-bit elements): a0 b0. On registers of 32-bit lanes, moved
    // as pairs of them (the same bits; intervals keep their ranges).
    fn vtrn1q_s64(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        match (a, b) {
            (Reg::D(a), Reg::D(b)) => Reg::D([a[0], a[1], b[0], b[1]]),
            _ => Reg::Q([a.q()[0], b.q()[0]]),
        }
    }
    // TRN2 (64-bit elements): a1 b1
    fn vtrn2q_s64(self, a: Reg<L>, b: Reg<L>) -> Reg<L> {
        match (a, b) {
            (Reg::D(a), Reg::D(b)) => Reg::D([a[2], a[3], b[2], b[3]]),
            _ => Reg::Q([a.q()[1], b.q()[1]]),
        }
    }
    fn vreinterpretq_s32_s64(self, a: Reg<L>) -> Reg<L> {
        a
    }
    fn vreinterpretq_s64_s32(self, a: Reg<L>) -> Reg<L> {
        a
    }

    fn requires_product(self, a: Reg<L>, b: Reg<L>, lo: i64, hi: i64) {
        let (a, b) = (a.d(), b.d());
        for i in 0..4 {
            a[i].widen().mul(b[i].widen()).requires(lo, hi);
        }
    }
    fn requires_product_lane<const LANE: i32>(self, a: Reg<L>, b: Reg<L>, lo: i64, hi: i64) {
        let z = b.d()[LANE as usize];
        for x in a.d() {
            x.widen().mul(z.widen()).requires(lo, hi);
        }
    }
    fn requires_s64(self, v: Reg<L>, lo: i64, hi: i64) {
        v.requires64(lo, hi)
    }
}
