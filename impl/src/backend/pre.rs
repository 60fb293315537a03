//! The kernels' preconditions, asserted in debug builds at each call (the
//! same statements the lemmas prove each kernel under, and which
//! `mldsa-lemmas composition` shows the algorithms meet): each function
//! takes a reference to each argument of the kernel of the same name.
//! Called by the portable backend, the x86-64 SIMD backends' `Backend`
//! methods and the selected backend's forwarding, so that the diff tests,
//! ACVP and fuzzing in debug builds check every call they make. Nothing
//! here runs in a release build.

// Each function has its kernel's generics, so that the backends' macros
// call it as they call the kernel; some need none.
#![allow(clippy::extra_unused_type_parameters)]

use crate::params::{Eta, Gamma1, Gamma2, N, Q};
use crate::poly::{Poly, SmallHat};

/// 2^31 q: MontgomeryReduce's input bound.
const MONT: i64 = (1i64 << 31) * Q as i64;
/// reduce32's and freeze's domain: a <= 2^31 - 2^22 - 1.
const R32_MAX: i64 = (1i64 << 31) - (1 << 22) - 1;

/// Whether every coefficient of `a` is in [lo, hi].
#[inline(always)]
fn all_in(a: &Poly, lo: i64, hi: i64) -> bool {
    a.coeffs.iter().all(|&x| lo <= x as i64 && x as i64 <= hi)
}

/// Whether the checked operation `op` has a value (no overflow) on every
/// pair of coefficients of `a` and `b` at one position.
#[inline(always)]
fn pairwise(a: &Poly, b: &Poly, op: fn(i32, i32) -> Option<i32>) -> bool {
    a.coeffs
        .iter()
        .zip(&b.coeffs)
        .all(|(&x, &y)| op(x, y).is_some())
}

macro_rules! pre {
    ($kernel:literal, $cond:expr) => {
        debug_assert!($cond, "kernel precondition broken: {}", $kernel)
    };
}

#[inline(always)]
pub fn ntt(a: &&mut Poly) {
    pre!("ntt: |a_i| < q", all_in(a, 1 - Q as i64, Q as i64 - 1));
}

#[inline(always)]
pub fn invntt_tomont(a: &&mut Poly) {
    pre!(
        "invntt_tomont: |a_i| <= q",
        all_in(a, -(Q as i64), Q as i64)
    );
}

#[inline(always)]
pub fn pointwise_montgomery(_c: &&mut Poly, a: &&Poly, b: &&Poly) {
    pre!(
        "pointwise_montgomery: |a_i b_i| <= 2^31 q",
        a.coeffs
            .iter()
            .zip(&b.coeffs)
            .all(|(&x, &y)| (x as i64 * y as i64).abs() <= MONT)
    );
}

/// sum_j |a_j,i b_j,i| (+ |x_i y_i|) <= 2^31 q for every i.
#[inline(always)]
fn sums_within(a: &[Poly], b: &[Poly], xy: Option<(&Poly, &Poly)>) -> bool {
    (0..N).all(|i| {
        let mut s: i64 = a
            .iter()
            .zip(b)
            .map(|(p, r)| (p.coeffs[i] as i64 * r.coeffs[i] as i64).abs())
            .sum();
        if let Some((x, y)) = xy {
            s += (x.coeffs[i] as i64 * y.coeffs[i] as i64).abs();
        }
        s <= MONT
    })
}

#[inline(always)]
pub fn pointwise_acc_montgomery(_c: &&mut Poly, a: &&[Poly], b: &&[Poly]) {
    pre!(
        "pointwise_acc_montgomery: sum_j |a_j b_j| <= 2^31 q",
        sums_within(a, b, None)
    );
}

#[inline(always)]
pub fn pointwise_acc_sub_montgomery(
    _c: &&mut Poly,
    a: &&[Poly],
    b: &&[Poly],
    x: &&Poly,
    y: &&Poly,
) {
    pre!(
        "pointwise_acc_sub_montgomery: sum_j |a_j b_j| + |x y| <= 2^31 q",
        sums_within(a, b, Some((x, y)))
    );
}

#[inline(always)]
pub fn add(a: &&mut Poly, b: &&Poly) {
    pre!("add: no overflow", pairwise(a, b, i32::checked_add));
}

#[inline(always)]
pub fn sub(a: &&mut Poly, b: &&Poly) {
    pre!("sub: no overflow", pairwise(a, b, i32::checked_sub));
}

#[inline(always)]
pub fn shift_left_d(a: &&mut Poly) {
    pre!("shift_left_d: 0 <= a_i < 2^10", all_in(a, 0, (1 << 10) - 1));
}

#[inline(always)]
pub fn reduce32(a: &&mut Poly) {
    pre!(
        "reduce32: a_i <= 2^31 - 2^22 - 1",
        all_in(a, i32::MIN as i64, R32_MAX)
    );
}

#[inline(always)]
pub fn caddq(a: &&mut Poly) {
    pre!("caddq: |a_i| < q", all_in(a, 1 - Q as i64, Q as i64 - 1));
}

#[inline(always)]
pub fn freeze(a: &&mut Poly) {
    pre!(
        "freeze: a_i <= 2^31 - 2^22 - 1",
        all_in(a, i32::MIN as i64, R32_MAX)
    );
}

#[inline(always)]
pub fn power2round(_a1: &&mut Poly, _a0: &&mut Poly, a: &&Poly) {
    pre!("power2round: 0 <= a_i < q", all_in(a, 0, Q as i64 - 1));
}

#[inline(always)]
pub fn add_power2round(_a1: &&mut Poly, a0: &&mut Poly, b: &&Poly) {
    pre!(
        "add_power2round: a0_i + b_i <= 2^31 - 2^22 - 1",
        a0.coeffs.iter().zip(&b.coeffs).all(|(&x, &y)| {
            let s = x as i64 + y as i64;
            i32::MIN as i64 <= s && s <= R32_MAX
        })
    );
}

#[inline(always)]
pub fn decompose<G: Gamma2>(_a1: &&mut Poly, _a0: &&mut Poly, a: &&Poly) {
    pre!("decompose: 0 <= a_i < q", all_in(a, 0, Q as i64 - 1));
}

#[inline(always)]
pub fn make_hint<G: Gamma2>(_h: &&mut Poly, z: &&Poly, r: &&Poly) {
    pre!(
        "make_hint: 0 <= z_i, r_i < q",
        all_in(z, 0, Q as i64 - 1) && all_in(r, 0, Q as i64 - 1)
    );
}

#[inline(always)]
pub fn use_hint<G: Gamma2>(_a: &&mut Poly, h: &&Poly, r: &&Poly) {
    pre!(
        "use_hint: h_i in {0, 1}, 0 <= r_i < q",
        all_in(h, 0, 1) && all_in(r, 0, Q as i64 - 1)
    );
}

#[inline(always)]
pub fn exceeds_norm(a: &&Poly, bound: &i32) {
    pre!(
        "exceeds_norm: |a_i| <= 2^31 - 2^22, 0 < bound <= (q - 1) / 8",
        all_in(a, -((1i64 << 31) - (1 << 22)), (1i64 << 31) - (1 << 22))
            && 0 < *bound
            && *bound <= (Q - 1) / 8
    );
}

#[inline(always)]
pub fn ball_swaps(_c: &&mut [i8; N], js: &&[u8], _signs: &u64) {
    let tau = js.len();
    pre!(
        "ball_swaps: tau <= 256, j <= i for each i from 256 - tau",
        tau <= N
            && js
                .iter()
                .enumerate()
                .all(|(k, &j)| j as usize <= N - tau + k)
    );
}

#[inline(always)]
pub fn small_ntt(_out: &&mut SmallHat, a: &&Poly) {
    pre!("small_ntt: |a_i| <= 4", all_in(a, -4, 4));
}

/// `small_product`'s no-overflow precondition: both transforms within
/// (p - 1) / 2 = 3840, as `small_ntt` leaves them (the lemmas' interval run
/// of the inverse starts there; its output is then within 4289). Its
/// exactness (the result is c s, not c s mod p) needs
/// sum_i |c_i| max_i |s_i| <= 3391 (= p - 1 - 4289; ML-DSA's c s is within
/// tau eta <= 240), a bound on the polynomials the transforms were made
/// from, which this call no longer sees: `mldsa-lemmas composition`
/// checks it at every call.
#[inline(always)]
pub fn small_product(_c: &&mut Poly, a: &&SmallHat, b: &&SmallHat) {
    let half = crate::backend::portable::small_ntt::HALF_P;
    pre!(
        "small_product: |a_i|, |b_i| <= (p - 1) / 2",
        a.coeffs
            .iter()
            .chain(&b.coeffs)
            .all(|x| -half <= *x && *x <= half)
    );
}

#[inline(always)]
pub fn rej_uniform(_out: &&mut [i32], _buf: &&[u8]) {}

#[inline(always)]
pub fn rej_eta<E: Eta>(_out: &&mut [i32; N], ctr: &usize, _buf: &&[u8]) {
    pre!("rej_eta: ctr <= N", *ctr <= N);
}

#[inline(always)]
pub fn pack_z<G: Gamma1>(_out: &&mut [u8], a: &&Poly) {
    pre!(
        "pack_z: -(gamma1 - 1) <= a_i <= gamma1",
        all_in(a, 1 - G::GAMMA1 as i64, G::GAMMA1 as i64)
    );
}

#[inline(always)]
pub fn unpack_z<G: Gamma1>(_a: &&mut Poly, _v: &&[u8]) {}

#[inline(always)]
pub fn pack_w1<G: Gamma2>(_out: &&mut [u8], a: &&Poly) {
    pre!("pack_w1: 0 <= a_i < m", all_in(a, 0, G::M as i64 - 1));
}

#[inline(always)]
pub fn unpack_t1_shifted(_a: &&mut Poly, _v: &&[u8]) {}

#[inline(always)]
pub fn pack_eta<E: Eta>(_out: &&mut [u8], a: &&Poly) {
    pre!(
        "pack_eta: |a_i| <= eta",
        all_in(a, -(E::ETA as i64), E::ETA as i64)
    );
}

#[inline(always)]
pub fn pack_t0(_out: &&mut [u8], a: &&Poly) {
    pre!(
        "pack_t0: -(2^12 - 1) <= a_i <= 2^12",
        all_in(a, 1 - (1 << 12), 1 << 12)
    );
}

#[inline(always)]
pub fn pack_t1(_out: &&mut [u8], a: &&Poly) {
    pre!("pack_t1: 0 <= a_i < 2^10", all_in(a, 0, (1 << 10) - 1));
}

#[inline(always)]
pub fn unpack_eta<E: Eta>(_a: &&mut Poly, _v: &&[u8]) {}

#[inline(always)]
pub fn unpack_t0(_a: &&mut Poly, _v: &&[u8]) {}
