//! One property per contracted function: inputs drawn to satisfy its
//! `requires`, boundaries included, and the call must neither panic nor
//! break a contract (every requires / ensures / loop invariant is checked
//! inside the call, `#[checked]`). Bug 1 of issue 12 (HintBitPack with
//! coefficients other than 0 and 1) is the kind of failure this finds.
//! The big functions (KeyGen, Sign, Verify) run in properties.rs and ACVP.

mod common;

use mldsa_spec::conversions::*;
use mldsa_spec::encodings::*;
use mldsa_spec::ntt::*;
use mldsa_spec::params::{D, N, Q, bitlen};
use mldsa_spec::ring::*;
use mldsa_spec::rounding::*;
use mldsa_spec::sampling::*;
use mldsa_spec::*;
use proptest::prelude::*;

const PARAMS: [ParamSet; 3] = [ML_DSA_44, ML_DSA_65, ML_DSA_87];

fn any_params() -> impl Strategy<Value = ParamSet> {
    prop::sample::select(PARAMS.to_vec())
}

/// Values in [lo, hi], the two ends drawn often.
fn edgy(lo: i32, hi: i32) -> impl Strategy<Value = i32> {
    prop_oneof![Just(lo), Just(hi), lo..=hi]
}

fn poly(lo: i32, hi: i32) -> impl Strategy<Value = Poly> {
    prop::collection::vec(edgy(lo, hi), N).prop_map(|v| core::array::from_fn(|i| v[i]))
}

fn polys(len: usize, lo: i32, hi: i32) -> impl Strategy<Value = Vec<Poly>> {
    prop::collection::vec(poly(lo, hi), len)
}

fn gamma2s() -> impl Strategy<Value = i32> {
    prop::sample::select(vec![(Q - 1) / 88, (Q - 1) / 32])
}

/// A hint-like vector: at most `omega` nonzero coefficients of any value.
fn sparse(k: usize, omega: usize) -> impl Strategy<Value = Vec<Poly>> {
    prop::collection::vec((0..k, 0..N, 1..=3i32), 0..=omega).prop_map(move |entries| {
        let mut h = vec![[0; N]; k];
        for (i, j, v) in entries {
            h[i][j] = v;
        }
        h
    })
}

proptest! {
    #![proptest_config(common::cases(64))]

    #[test]
    fn mod_functions(m in any::<i64>(), alpha in prop_oneof![Just(1i64), Just(i64::MAX), 1..=i64::MAX]) {
        modulo(m, alpha);
        mod_pm(m, alpha.min(1 << 32));
        mod_q(m);
    }

    #[test]
    fn bit_functions(x in any::<u32>(), alpha in 0usize..=32, bytes in prop::collection::vec(any::<u8>(), 0..40)) {
        let y = integer_to_bits(x, alpha);
        bits_to_integer(&y, alpha);
        integer_to_bytes(x as u64, alpha.min(8));
        let bits = bytes_to_bits(&bytes);
        bits_to_bytes(&bits);
        bits_to_bytes(&bits[..bits.len().saturating_sub(alpha % 8)]);
    }

    #[test]
    fn coefficient_samplers(b0 in any::<u8>(), b1 in any::<u8>(), b2 in any::<u8>(), eta in prop::sample::select(vec![2, 4])) {
        coeff_from_three_bytes(b0, b1, b2);
        coeff_from_half_byte(b0 % 16, eta);
    }

    /// Every nonzero value counts against omega, not only 1's.
    #[test]
    fn hint_bit_pack_any_nonzero(p in any_params(), h in sparse(8, 80)) {
        let h = h[..p.k()].to_vec();
        prop_assume!(count_nonzero(&h) <= p.omega());
        let y = hint_bit_pack(&h, p.omega(), p.k());
        hint_bit_unpack(&y, p.omega(), p.k());
    }

    #[test]
    fn hint_bit_unpack_any_bytes(p in any_params(), y in prop::collection::vec(any::<u8>(), 84)) {
        hint_bit_unpack(&y[..p.omega() + p.k()], p.omega(), p.k());
    }

    #[test]
    fn packers(which in 0usize..5, w in poly(0, i32::MAX)) {
        let (a, b): (u32, u32) = [(2, 2), (4, 4), ((1 << 12) - 1, 1 << 12), ((1 << 17) - 1, 1 << 17), ((1 << 19) - 1, 1 << 19)][which];
        let w_ab: Poly = core::array::from_fn(|i| w[i] % (a + b + 1) as i32 - a as i32);
        let v = bit_pack(&w_ab, a, b);
        bit_unpack(&v, a, b);
        let w_b: Poly = core::array::from_fn(|i| w[i] % (b + 1) as i32);
        let v = simple_bit_pack(&w_b, b);
        simple_bit_unpack(&v, b);
        prop_assert_eq!(v.len(), 32 * bitlen(b));
    }

    #[test]
    fn rounding(r in edgy(0, Q - 1), z in edgy(0, Q - 1), gamma2 in gamma2s(), h in 0..=1i32) {
        power2round(r);
        decompose(r, gamma2);
        high_bits(r, gamma2);
        low_bits(r, gamma2);
        make_hint(z, r, gamma2);
        use_hint(h, r, gamma2);
    }

    #[test]
    fn montgomery(a in edgy(i32::MIN, i32::MAX), scale in prop_oneof![Just(-(1i64 << 31)), Just(1i64 << 31), -(1i64 << 31)..=(1i64 << 31)]) {
        let bound = (1i64 << 31) * Q as i64;
        montgomery_reduce((a as i64 * scale).clamp(-bound, bound));
    }

    #[test]
    fn zetas_and_bitrev(m in 0u32..256, e in any::<u32>()) {
        bit_rev8(m);
        zeta_pow(e);
    }
}

proptest! {
    #![proptest_config(common::cases(16))]

    #[test]
    fn ring_and_ntt_vectors(u in polys(3, 0, Q - 1), v in polys(3, 0, Q - 1), s in polys(2, -Q, Q)) {
        add_vector_ntt(&u, &v);
        sub_vector(&u, &v);
        neg_vector(&u);
        vector_mod_q(&s);
        vector_mod_pm_q(&u);
        vector_infinity_norm(&s);
        shift_left(&u[0], D);
        let v_hat = ntt_vector(&v);
        ntt_inverse_vector(&v_hat);
        scalar_vector_ntt(&u[0], &v);
        matrix_vector_ntt(&[u.clone(), v.clone()], &v);
    }

    #[test]
    fn rounding_vectors(r in polys(2, 0, Q - 1), z in polys(2, 0, Q - 1), gamma2 in gamma2s(), h in polys(2, 0, 1)) {
        power2round_vector(&r);
        high_bits_vector(&r, gamma2);
        low_bits_vector(&r, gamma2);
        make_hint_vector(&z, &r, gamma2);
        use_hint_vector(&h, &r, gamma2);
    }

    #[test]
    fn encodings(p in any_params(), seed in any::<u64>(), mask_seed in any::<[u8; 32]>()) {
        let rho = [seed as u8; 32];
        let t1 = vec![[1023; N]; p.k()];
        let pk = pk_encode(&p, &rho, &t1);
        pk_decode(&p, &pk).unwrap();
        let eta = p.eta();
        let s1 = vec![[-eta; N]; p.l()];
        let s2 = vec![[eta; N]; p.k()];
        let t0 = vec![[1 << (D - 1); N]; p.k()];
        let sk = sk_encode(&p, &rho, &rho, &[0; 64], &s1, &s2, &t0);
        sk_decode(&p, &sk).unwrap();
        let z = vec![[-p.gamma1() + 1; N]; p.l()];
        let mut h = vec![[0; N]; p.k()];
        for j in 0..p.omega() {
            h[j % p.k()][j] = 1;
        }
        let sigma = sig_encode(&p, &vec![0; p.lambda() / 4], &z, &h);
        sig_decode(&p, &sigma).unwrap();
        let w1 = vec![[(Q - 1) / (2 * p.gamma2()) - 1; N]; p.k()];
        w1_encode(&p, &w1);
        let mut rho_prime = [0u8; 64];
        rho_prime[..32].copy_from_slice(&mask_seed);
        expand_mask(&p, &rho_prime, (1 << 16) - 1);
        expand_mask(&p, &rho_prime, 0);
    }

    #[test]
    fn samplers(p in any_params(), seed in any::<[u8; 32]>(), tau in prop_oneof![Just(0usize), Just(64usize), 0usize..=64]) {
        sample_in_ball(&seed, tau);
        let mut rho = seed.to_vec();
        rho.extend_from_slice(&[1, 2]);
        rej_ntt_poly(&rho);
        let mut rho = [seed, seed].concat();
        rho.extend_from_slice(&[3, 4]);
        rej_bounded_poly(&rho, p.eta());
        expand_s(&p, &[seed, seed].concat().try_into().unwrap());
    }
}

/// The named predicates of the contracts are exact: true on their bounds,
/// false one step past them, in the last coefficient of the last entry too
/// (a predicate that is true too often would let every contract built on it
/// pass).
#[test]
fn predicates_hold_exactly_on_their_bounds() {
    let inside = [5i32; N];
    let mut above = inside;
    above[N - 1] = 6;
    let mut below = inside;
    below[N - 1] = -1;
    assert!(coefficients_in(&inside, 0, 5));
    assert!(!coefficients_in(&above, 0, 5));
    assert!(!coefficients_in(&below, 0, 5));
    assert!(vector_coefficients_in(&[inside, inside], 0, 5));
    assert!(!vector_coefficients_in(&[inside, above], 0, 5));
    assert!(!vector_coefficients_in(&[inside, below], 0, 5));
    assert!(vector_in(&[inside, inside], 2, 0, 5));
    assert!(!vector_in(&[inside, inside], 3, 0, 5));
    assert!(!vector_in(&[inside, above], 2, 0, 5));
    assert!(is_binary(&[[1; N], [0; N]]));
    assert!(!is_binary(&[[1; N], below]));
    let mut c = [0i32; N];
    (c[0], c[1]) = (1, Q - 1);
    assert!(is_ternary(&c));
    c[N - 1] = 2;
    assert!(!is_ternary(&c));
    c[N - 1] = Q - 2;
    assert!(!is_ternary(&c));
}

/// a + b, a - b and -a in R_q, against integer arithmetic mod q.
#[test]
fn ring_operations_compute_mod_q() {
    let a: Poly = core::array::from_fn(|i| (i as i32 * 32_771) % Q);
    let b: Poly = core::array::from_fn(|i| Q - 1 - (i as i32 * 7_919) % Q);
    let (sum, difference, negation) = (add(&a, &b), sub(&a, &b), neg(&a));
    for i in 0..N {
        let (x, y) = (a[i] as i64, b[i] as i64);
        assert_eq!(sum[i] as i64, (x + y).rem_euclid(Q as i64), "a + b at {i}");
        assert_eq!(
            difference[i] as i64,
            (x - y).rem_euclid(Q as i64),
            "a - b at {i}"
        );
        assert_eq!(negation[i] as i64, (-x).rem_euclid(Q as i64), "-a at {i}");
    }
}
