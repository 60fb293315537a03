//! The small NTT mod p = 7681 (signing's c s1, c s2 on 16-bit values):
//! `small_product(small_ntt(c), small_ntt(s)) = c s` in Z\[X\] / (X^256 + 1),
//! exactly, for |c_i| <= 1, |s_i| <= eta and sum |c_i| max |s_i| <= 240.
//!
//! (a) `interval`: the portable transforms (their own source, generic over
//!     `Half`) and the AVX2 ones (over `SmallOps`, on the intrinsic model
//!     `small_model` with interval lanes) run on intervals: no 16-bit `+`,
//!     `-` or `*` can overflow for inputs |a_i| <= 4 (forward) and for the
//!     pointwise product of two forward outputs (|x| <= (p - 1) / 2) then
//!     the inverse; the outputs are within 3840 and `B` (printed). The
//!     Barrett steps' range |r| <= 3840 is their z3 lemma's, for every
//!     16-bit input (`Half::proven_step`).
//! (b) hence each transform is Z_p-linear: additions exact, each Montgomery
//!     product by a constant z multiplies by z 2^-16 mod p and each Barrett
//!     step keeps the residue (z3 lemmas, `small_smt`, every input), and the
//!     pointwise product multiplies by 2^-16 mod p (same lemma).
//! (c) `basis`: on the 256 unit vectors (and inputs at the bounds) the
//!     forward transform equals [`spec_ntt`] (evaluation at the 256 roots
//!     psi^(2 BitRev8(j) + 1) of X^256 + 1, psi = 62 of order 512) mod p,
//!     and the inverse equals 2^16 [`spec_ntt`]^-1 mod p (for the SIMD
//!     backends in their transposed order).
//!
//! Then small_product(small_ntt(c), small_ntt(s)) = c s mod p (evaluation at
//! every root of X^256 + 1 is a ring isomorphism Z_p\[X\] / (X^256 + 1) ->
//! Z_p^256, the Chinese remainder theorem), its output x has |x| <= B and
//! |(c s)_i| <= sum |c_j| max |s_j| <= 240, so |x - (c s)_i| <= B + 240 < p:
//! x = (c s)_i.

use crate::Lemma;
use crate::interval::{self, I16};
use crate::small_model::SmallModel;
use mldsa::backend::Backend;
use mldsa::backend::lanes::avx2::small_ntt as simd;
use mldsa::backend::portable::Portable;
use mldsa::backend::portable::small_ntt::{self as k, HALF_P};
use mldsa::params::N;
use mldsa::poly::{Poly, SmallHat};

/// The prime.
pub const P: i64 = k::P as i64;
/// The primitive 512th root of unity mod p.
const PSI: i64 = 62;
/// ML-DSA's largest |(c s)_i|: tau eta <= 60 * 4 (sum |c_i| <= tau, the
/// coefficients of c in {-1, 0, 1}; |s_i| <= eta).
pub const PRODUCT_BOUND: i64 = 240;

fn pow(mut b: i64, mut e: u64) -> i64 {
    let mut r = 1;
    b = b.rem_euclid(P);
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % P;
        }
        b = b * b % P;
        e >>= 1;
    }
    r
}

fn bitrev8(j: usize) -> usize {
    (j as u8).reverse_bits() as usize
}

/// The evaluation points' exponents: psi^(2 BitRev8(j) + 1) for output j.
fn exponent(j: usize) -> u64 {
    2 * bitrev8(j) as u64 + 1
}

/// NTT mod p as the standard defines the NTT (FIPS 204 Algorithm 41, with
/// p, psi = 62 for q, zeta = 1753): output j is a evaluated at
/// psi^(2 BitRev8(j) + 1), written as that sum, not as butterflies.
pub fn spec_ntt(a: &[i64; N]) -> [i64; N] {
    core::array::from_fn(|j| {
        let w = pow(PSI, exponent(j));
        let mut x = 1;
        let mut s = 0;
        for &ai in a {
            s = (s + ai.rem_euclid(P) * x) % P;
            x = x * w % P;
        }
        s
    })
}

/// The inverse of [`spec_ntt`]: a_i = 256^-1 sum_j y_j psi^-(2 BitRev8(j) + 1) i.
pub fn spec_ntt_inverse(y: &[i64; N]) -> [i64; N] {
    let inv256 = pow(256, (P - 2) as u64);
    core::array::from_fn(|i| {
        let mut s = 0;
        for (j, &yj) in y.iter().enumerate() {
            let w = pow(PSI, (512 - exponent(j) * i as u64 % 512) % 512);
            s = (s + yj.rem_euclid(P) * w) % P;
        }
        s * inv256 % P
    })
}

/// psi has order 512 and the exponents 2 BitRev8(j) + 1 are the 256 odd
/// residues mod 512: [`spec_ntt`] evaluates at every root of X^256 + 1,
/// and [`spec_ntt_inverse`] inverts it (checked on the unit vectors).
fn spec_is_crt() -> Result<String, String> {
    if pow(PSI, 256) != P - 1 {
        return Err("psi^256 != -1".into());
    }
    let mut seen = [false; 512];
    for j in 0..N {
        seen[exponent(j) as usize] = true;
    }
    if (0..512).any(|e| seen[e] != (e % 2 == 1)) {
        return Err("the exponents are not the odd residues".into());
    }
    for i in 0..N {
        let e = unit(i);
        if spec_ntt_inverse(&spec_ntt(&e)) != e {
            return Err(format!("NTT^-1 NTT e_{i} != e_{i}"));
        }
    }
    Ok("psi^256 = -1; exponents = odd residues mod 512; NTT^-1 NTT = id on the basis".into())
}

fn unit(i: usize) -> [i64; N] {
    let mut e = [0; N];
    e[i] = 1;
    e
}

/// The inputs of the forward basis check: the unit vectors, then inputs at
/// the bound |a_i| = 4 (all +, all -, alternating in steps of 1 to 128).
fn forward_inputs() -> Vec<[i64; N]> {
    let mut out: Vec<[i64; N]> = (0..N).map(unit).collect();
    out.push([4; N]);
    out.push([-4; N]);
    for step in [1usize, 2, 4, 8, 16, 32, 64, 128] {
        out.push(core::array::from_fn(|i| {
            if (i / step) % 2 == 0 { 4 } else { -4 }
        }));
    }
    out
}

/// 2^16 mod p, centered: the factor b with montgomery_mul(x, b) = x for
/// x in {-1, 0, 1} (congruent, and |result| <= p / 2), through which the
/// inverse alone runs inside `small_product`.
fn r_mont() -> i16 {
    let r = (1i64 << 16) % P;
    (if r > P / 2 { r - P } else { r }) as i16
}

/// (a), the forward: the interval run of `forward` on |a_i| <= bound.
fn forward_bounds(forward: impl Fn(&mut [I16; N]), bound: i64) -> Result<String, String> {
    interval::reset();
    let mut a = [I16::new(-bound, bound); N];
    forward(&mut a);
    interval::check()?;
    let worst = a.iter().map(|x| x.magnitude()).max().unwrap_or(0);
    if worst > HALF_P as i64 {
        return Err(format!("outputs reach {worst} > {HALF_P}"));
    }
    Ok(format!("no overflow; |out| <= {worst}"))
}

/// (a), the product: the interval run of `product` on two transforms with
/// |x| <= (p - 1) / 2; the largest |output|.
fn product_bound(product: impl Fn(&[I16; N], &[I16; N]) -> [I16; N]) -> Result<i64, String> {
    interval::reset();
    let h = HALF_P as i64;
    let a = [I16::new(-h, h); N];
    let out = product(&a, &a);
    interval::check()?;
    Ok(out.iter().map(|x| x.magnitude()).max().unwrap_or(0))
}

/// The portable product on any `Half`: pointwise Montgomery, inverse.
fn portable_product<W: mldsa::backend::portable::word::Half>(a: &[W; N], b: &[W; N]) -> [W; N] {
    let mut t: [W; N] = core::array::from_fn(|i| k::montgomery_mul(a[i], b[i]));
    k::inverse(&mut t);
    t
}

/// The AVX2 source's forward on the model, from FIPS 204's order, its
/// output back in memory (transposed order).
fn model_forward<L: crate::lane::Lane16>(a: &mut [L; N]) {
    use mldsa::backend::lanes::avx2::SmallOps;
    let s = SmallModel::<L>::new();
    let mut v: simd::Regs<SmallModel<L>> = core::array::from_fn(|i| s.load_epi16(a, i));
    simd::forward(s, &mut v);
    for (i, x) in v.iter().enumerate() {
        s.store_epi16(a, i, *x);
    }
}

/// The AVX2 source's product on the model.
fn model_product<L: crate::lane::Lane16>(a: &[L; N], b: &[L; N]) -> [L; N] {
    use mldsa::backend::lanes::avx2::SmallOps;
    let s = SmallModel::<L>::new();
    let mut v = [[L::lit(0); 16]; 16];
    simd::product(s, &mut v, a, b);
    let mut out = [L::lit(0); N];
    for (i, x) in v.iter().enumerate() {
        s.store_epi16(&mut out, i, *x);
    }
    out
}

/// The AVX2 source's `small_ntt` on the model's evaluator, from the
/// polynomial's 32-bit coefficients (its `load_narrow` included).
fn model_small_ntt(a: &[i64; N]) -> [i16; N] {
    let s = SmallModel::<i16>::new();
    let mut v = [[0i16; 16]; 16];
    let mut out = [0i16; N];
    simd::small_ntt(s, &mut v, &mut out, &a.map(|x| x as i32));
    out
}

/// The AVX2 source's `small_product` on the model's evaluator (its
/// `store_wide` included).
fn model_small_product(a: &[i16; N], b: &[i16; N]) -> [i32; N] {
    let s = SmallModel::<i16>::new();
    let mut v = [[0i16; 16]; 16];
    let mut c = [0i32; N];
    simd::small_product(s, &mut v, &mut c, a, b);
    c
}

/// The model's `load_narrow` puts coefficient 16i + k in lane k of
/// register i and `store_wide` lane k at 16i + k, unchanged, for every
/// 16-bit value at every position (the others zero): the link between the
/// interval runs, which start and end at registers, and memory.
fn model_edges() -> Result<String, String> {
    use mldsa::backend::lanes::avx2::SmallOps;
    let s = SmallModel::<i16>::new();
    for pos in 0..N {
        let (i, k) = (pos / 16, pos % 16);
        for x in i16::MIN..=i16::MAX {
            let mut a = [0i32; N];
            a[pos] = x as i32;
            let r = s.load_narrow(&a, i);
            if r.iter()
                .enumerate()
                .any(|(j, &y)| y != if j == k { x } else { 0 })
            {
                return Err(format!("load_narrow: {x} at {pos}"));
            }
            let mut c = [0i32; N];
            let mut lanes = [0i16; 16];
            lanes[k] = x;
            s.store_wide(&mut c, i, lanes);
            if c.iter()
                .enumerate()
                .any(|(j, &y)| y != if j == pos { x as i32 } else { 0 })
            {
                return Err(format!("store_wide: {x} at {pos}"));
            }
        }
    }
    Ok("every 16-bit value at every position".into())
}

/// Where output j of the standard's order sits in a backend's transform.
type Order = fn(usize) -> usize;
/// A forward transform: input coefficients to its 16-bit values.
type Forward<'a> = &'a dyn Fn(&[i64; N]) -> [i16; N];
/// A product: two transforms to the 32-bit result.
type Product<'a> = &'a dyn Fn(&[i16; N], &[i16; N]) -> [i32; N];

fn fips_order(j: usize) -> usize {
    j
}

/// The AVX2 transform's order: value j at (j mod 16) 16 + j / 16.
fn transposed(j: usize) -> usize {
    (j % 16) * 16 + j / 16
}

/// (c): `forward(a) = spec_ntt(a)` mod p (output j at `order(j)`), every
/// output within (p - 1) / 2, on [`forward_inputs`]; then
/// `product(e_j, 2^16) = 2^16 spec_ntt^-1(e_j)` mod p for each unit vector
/// of the transform domain (the pointwise product by 2^16 mod p is the
/// identity on e_j, so this is the inverse on the basis).
fn basis(forward: Forward, product: Product, order: Order) -> Result<String, String> {
    let inputs = forward_inputs();
    for a in &inputs {
        let got = forward(a);
        let want = spec_ntt(a);
        for j in 0..N {
            let x = got[order(j)] as i64;
            if (x - want[j]).rem_euclid(P) != 0 {
                return Err(format!("forward of {:?}..: value {j}", &a[..4]));
            }
            if x.abs() > HALF_P as i64 {
                return Err(format!("forward of {:?}..: |value {j}| = {x}", &a[..4]));
            }
        }
    }
    let r = [r_mont(); N];
    let factor = (1i64 << 16) % P;
    for j in 0..N {
        let mut e = [0i16; N];
        e[order(j)] = 1;
        let got = product(&e, &r);
        let want = spec_ntt_inverse(&unit(j));
        for (i, (&x, &w)) in got.iter().zip(&want).enumerate() {
            if (x as i64 - w * factor).rem_euclid(P) != 0 {
                return Err(format!("inverse of e_{j}: coefficient {i}"));
            }
        }
    }
    Ok(format!(
        "forward on {} inputs (256 unit vectors, {} at |a_i| = 4), inverse on 256",
        inputs.len(),
        inputs.len() - N
    ))
}

/// A backend's compiled kernels, through `Backend`.
fn backend_forward<B: Backend>(a: &[i64; N]) -> [i16; N] {
    let mut hat = SmallHat::ZERO;
    B::small_ntt(&mut hat, &Poly::from_coeffs(a.map(|x| x as i32)));
    hat.coeffs
}

fn backend_product<B: Backend>(a: &[i16; N], b: &[i16; N]) -> [i32; N] {
    let mut c = Poly::ZERO;
    B::small_product(&mut c, &SmallHat { coeffs: *a }, &SmallHat { coeffs: *b });
    c.coeffs
}

/// The exactness step: with the inverse's outputs within `b` and the
/// product's coefficients within `bound`, x = (c s)_i exactly when
/// b + bound < p.
fn exact(b: i64, bound: i64) -> Result<String, String> {
    if b + bound < P {
        Ok(format!(
            "|x| <= {b}, |(c s)_i| <= {bound}: |x - (c s)_i| <= {} < p, so x = (c s)_i (largest admissible bound {})",
            b + bound,
            P - 1 - b
        ))
    } else {
        Err(format!(
            "|x| <= {b}, |(c s)_i| <= {bound}: {} >= p, x may be (c s)_i - p",
            b + bound
        ))
    }
}

/// The challenge c with `tau` coefficients 1 then the rest 0, and s = eta:
/// the largest coefficient, tau eta; and a pseudo-random c, s.
fn samples() -> Vec<(Poly, Poly)> {
    let mut out = Vec::new();
    for sign in [4, -4] {
        let mut c = Poly::ZERO;
        c.coeffs[..60].fill(1);
        let mut s = Poly::ZERO;
        s.coeffs.fill(sign);
        out.push((c, s));
    }
    let mut rng = crate::model_check::Rng::new(55);
    for _ in 0..16 {
        let mut c = Poly::ZERO;
        let mut placed = 0;
        while placed < 60 {
            let i = rng.bits() as usize % N;
            if c.coeffs[i] == 0 {
                c.coeffs[i] = if rng.bits() & 1 == 0 { 1 } else { -1 };
                placed += 1;
            }
        }
        let mut s = Poly::ZERO;
        for x in s.coeffs.iter_mut() {
            *x = (rng.bits() % 9) as i32 - 4;
        }
        out.push((c, s));
    }
    out
}

fn schoolbook(c: &Poly, s: &Poly) -> Poly {
    let mut out = Poly::ZERO;
    for i in 0..N {
        for j in 0..N {
            let x = c.coeffs[i] * s.coeffs[j];
            if i + j < N {
                out.coeffs[i + j] += x;
            } else {
                out.coeffs[i + j - N] -= x;
            }
        }
    }
    out
}

/// The composed statement on a backend's compiled kernels, on [`samples`]
/// (the extreme coefficient 240 among them): a test of what the lemmas
/// above prove.
fn product_samples<B: Backend>() -> Result<String, String> {
    let cases = samples();
    for (n, (c, s)) in cases.iter().enumerate() {
        let (mut ch, mut sh) = (SmallHat::ZERO, SmallHat::ZERO);
        B::small_ntt(&mut ch, c);
        B::small_ntt(&mut sh, s);
        let mut product = Poly::ZERO;
        B::small_product(&mut product, &ch, &sh);
        if product != schoolbook(c, s) {
            return Err(format!("case {n}: small_product != c s"));
        }
    }
    Ok(format!("{} cases (c s_59 = +-240 among them)", cases.len()))
}

/// The lemmas of one backend's compiled transforms (order `order`).
fn compiled_lemmas<B: Backend>(backend: &str, order: Order) -> Vec<Lemma> {
    vec![
        Lemma::run(
            "small ntt / product: basis mod p",
            "basis",
            "e_0..e_255 + |a_i| = 4",
            backend,
            || basis(&backend_forward::<B>, &backend_product::<B>, order),
        ),
        Lemma::run(
            "small product = c s (samples)",
            "basis",
            "tau = 60, eta = 4, +-240",
            backend,
            product_samples::<B>,
        ),
    ]
}

/// Each Montgomery factor the transforms pass with a constant is that
/// constant times PINV mod 2^16 (what the z3 lemma `small montgomery_mul`
/// assumes of `montgomery_mul_pre`'s zq): the zetas, their negations (the
/// inverse's), the final factor; and each zeta is psi^BitRev8(m) 2^16 mod p.
fn factor_tables() -> Result<String, String> {
    let times_pinv = |z: i16| z.wrapping_mul(k::PINV);
    for m in 1..N {
        let (z, zq) = (k::ZETAS[m], k::ZETAS_PINV[m]);
        if zq != times_pinv(z) || zq.wrapping_neg() != times_pinv(z.wrapping_neg()) {
            return Err(format!("zeta {m}: factor"));
        }
        let want = pow(PSI, bitrev8(m) as u64) * (1 << 16) % P;
        if (z as i64 - want).rem_euclid(P) != 0 || (z as i64).abs() > HALF_P as i64 {
            return Err(format!("zeta {m} != psi^BitRev8({m}) 2^16"));
        }
    }
    if k::INV_FACTOR_PINV != times_pinv(k::INV_FACTOR) {
        return Err("INV_FACTOR's factor".into());
    }
    for (z, zq) in [
        (&simd::FORWARD_Z, &simd::FORWARD_ZQ),
        (&simd::INVERSE_Z, &simd::INVERSE_ZQ),
    ] {
        for (row, (zr, zqr)) in z.0.iter().zip(&zq.0).enumerate() {
            if zr.iter().zip(zqr).any(|(&z, &zq)| zq != times_pinv(z)) {
                return Err(format!("AVX2 lane table row {row}: factor"));
            }
        }
    }
    Ok("255 zetas, their negations, INV_FACTOR, the AVX2 lane tables' 2 x 15 x 16".into())
}

/// The portable transforms' lemmas, and the spec's.
pub fn portable() -> Vec<Lemma> {
    let portable_bound = product_bound(portable_product::<I16>);
    let b = portable_bound.clone().unwrap_or(P);
    let mut out = vec![
        Lemma::run(
            "small NTT spec = CRT of X^256 + 1",
            "exhaustive",
            "psi = 62, p = 7681",
            "spec",
            spec_is_crt,
        ),
        Lemma::run(
            "small zetas, factors zq = z PINV",
            "computed",
            "every entry",
            "portable, avx2",
            factor_tables,
        ),
        Lemma::run(
            "small forward: no overflow",
            "interval",
            "|a_i| <= 4",
            "portable",
            || forward_bounds(k::forward::<I16>, 4),
        ),
        Lemma::run(
            "small product: no overflow",
            "interval",
            "|a_i|, |b_i| <= (p - 1) / 2",
            "portable",
            || portable_bound.map(|b| format!("no overflow; |out| <= {b}")),
        ),
        Lemma::run(
            "small forward on |a_i| <= 2^14 is caught",
            "interval mutant",
            "|a_i| <= 2^14",
            "portable",
            || {
                let run = forward_bounds(k::forward::<I16>, 1 << 14);
                crate::ntt::caught(run, "the interval run accepted inputs it must reject")
            },
        ),
        Lemma::run(
            "small forward / inverse: basis mod p",
            "basis",
            "e_0..e_255 + |a_i| = 4",
            "portable",
            || {
                let forward = |a: &[i64; N]| {
                    let mut x = a.map(|v| v as i16);
                    k::forward(&mut x);
                    x
                };
                let product = |a: &[i16; N], b: &[i16; N]| portable_product(a, b).map(i32::from);
                basis(&forward, &product, fips_order)
            },
        ),
        Lemma::run(
            "small product = c s exactly",
            "interval",
            "sum|c_i| max|s_i| <= 240",
            "portable",
            || exact(b, PRODUCT_BOUND),
        ),
        Lemma::run(
            "small product, bound 1 too wide, caught",
            "interval mutant",
            "sum|c_i| max|s_i| <= p - B",
            "portable",
            || crate::ntt::caught(exact(b, P - b), "a product bound of p - B was admitted"),
        ),
    ];
    out.extend(compiled_lemmas::<Portable>("portable", fips_order));
    out
}

/// The AVX2 source's lemmas on the model, and the compiled transforms'
/// basis on AVX2 and AVX-512 (which runs AVX2's compiled code).
pub fn simd() -> Vec<Lemma> {
    let model_bound = product_bound(model_product::<I16>);
    let b = model_bound.clone().unwrap_or(P);
    let out = vec![
        Lemma::run(
            "small forward: no overflow (model)",
            "interval",
            "|a_i| <= 4",
            "avx2",
            || forward_bounds(model_forward::<I16>, 4),
        ),
        Lemma::run(
            "small product: no overflow (model)",
            "interval",
            "|a_i|, |b_i| <= (p - 1) / 2",
            "avx2",
            || model_bound.map(|b| format!("no overflow; |out| <= {b}")),
        ),
        Lemma::run(
            "small product = c s exactly (model)",
            "interval",
            "sum|c_i| max|s_i| <= 240",
            "avx2",
            || exact(b, PRODUCT_BOUND),
        ),
        Lemma::run(
            "small ntt / product: basis (model)",
            "basis",
            "e_0..e_255 + |a_i| = 4",
            "avx2",
            || basis(&model_small_ntt, &model_small_product, transposed),
        ),
        Lemma::run(
            "small load_narrow / store_wide (model)",
            "exhaustive",
            "every 16-bit value, every position",
            "avx2",
            model_edges,
        ),
    ];
    #[cfg(target_arch = "x86_64")]
    let out = {
        let mut out = out;
        if mldsa::backend::avx2::available() {
            out.extend(compiled_lemmas::<mldsa::backend::avx2::Avx2>(
                "avx2", transposed,
            ));
        } else {
            mldsa_diff_tests::missing_backend("avx2");
        }
        if mldsa::backend::avx512::available() {
            out.extend(compiled_lemmas::<mldsa::backend::avx512::Avx512>(
                "avx512", transposed,
            ));
        } else {
            mldsa_diff_tests::missing_backend("avx512");
        }
        out
    };
    out
}
