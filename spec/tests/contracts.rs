//! One property per contracted function: inputs drawn to satisfy its
//! `requires`, boundaries included, and the call must neither panic nor
//! break a contract (every requires / ensures / loop invariant is checked
//! inside the call, `#[checked]`). Bug 1 of issue 12 (HintBitPack with
//! coefficients other than 0 and 1) is the kind of failure this finds.
//! Each property also asserts what the call returns, computed another
//! way, so that it fails when the checks are compiled out too; and
//! `contract_checks_are_compiled_in` fails when they are.
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
        prop_assert_eq!(modulo(m, alpha), m.rem_euclid(alpha));
        let a = alpha.min(1 << 32);
        let r = mod_pm(m, a);
        prop_assert!(-((a + 1) / 2) < r && r <= a / 2);
        prop_assert_eq!((r as i128 - m as i128).rem_euclid(a as i128), 0);
        prop_assert_eq!(mod_q(m) as i64, m.rem_euclid(Q as i64));
    }

    #[test]
    fn bit_functions(x in any::<u32>(), alpha in 0usize..=32, bytes in prop::collection::vec(any::<u8>(), 0..40)) {
        let y = integer_to_bits(x, alpha);
        prop_assert_eq!(y.len(), alpha);
        prop_assert_eq!(bits_to_integer(&y, alpha) as u64, x as u64 & ((1u64 << alpha) - 1));
        prop_assert_eq!(integer_to_bytes(x as u64, alpha.min(8)).len(), alpha.min(8));
        let bits = bytes_to_bits(&bytes);
        prop_assert_eq!(bits.len(), 8 * bytes.len());
        prop_assert_eq!(bits_to_bytes(&bits), bytes.clone());
        let short = &bits[..bits.len().saturating_sub(alpha % 8)];
        prop_assert_eq!(bits_to_bytes(short).len(), short.len().div_ceil(8));
    }

    #[test]
    fn coefficient_samplers(b0 in any::<u8>(), b1 in any::<u8>(), b2 in any::<u8>(), eta in prop::sample::select(vec![2, 4])) {
        let z = 65536 * (b2 % 128) as i32 + 256 * b1 as i32 + b0 as i32;
        prop_assert_eq!(coeff_from_three_bytes(b0, b1, b2), (z < Q).then_some(z));
        let b = (b0 % 16) as i32;
        let expected = match eta {
            2 if b < 15 => Some(2 - b % 5),
            4 if b < 9 => Some(4 - b),
            _ => None,
        };
        prop_assert_eq!(coeff_from_half_byte(b0 % 16, eta), expected);
    }

    /// Every nonzero value counts against omega, not only 1's.
    #[test]
    fn hint_bit_pack_any_nonzero(p in any_params(), h in sparse(8, 80)) {
        let h = h[..p.k()].to_vec();
        prop_assume!(count_nonzero(&h) <= p.omega());
        let y = hint_bit_pack(&h, p.omega(), p.k());
        prop_assert_eq!(y.len(), p.omega() + p.k());
        let ones: Vec<Poly> = h.iter().map(|w| core::array::from_fn(|j| (w[j] != 0) as i32)).collect();
        prop_assert_eq!(hint_bit_unpack(&y, p.omega(), p.k()), Some(ones));
    }

    #[test]
    fn hint_bit_unpack_any_bytes(p in any_params(), y in prop::collection::vec(any::<u8>(), 84)) {
        if let Some(h) = hint_bit_unpack(&y[..p.omega() + p.k()], p.omega(), p.k()) {
            prop_assert_eq!(h.len(), p.k());
            prop_assert!(h.iter().flatten().all(|&c| c == 0 || c == 1));
            prop_assert!(h.iter().flatten().filter(|&&c| c != 0).count() <= p.omega());
        }
    }

    #[test]
    fn packers(which in 0usize..5, w in poly(0, i32::MAX)) {
        let (a, b): (u32, u32) = [(2, 2), (4, 4), ((1 << 12) - 1, 1 << 12), ((1 << 17) - 1, 1 << 17), ((1 << 19) - 1, 1 << 19)][which];
        let w_ab: Poly = core::array::from_fn(|i| w[i] % (a + b + 1) as i32 - a as i32);
        let v = bit_pack(&w_ab, a, b);
        prop_assert_eq!(v.len(), 32 * bitlen(a + b));
        prop_assert_eq!(bit_unpack(&v, a, b), w_ab);
        let w_b: Poly = core::array::from_fn(|i| w[i] % (b + 1) as i32);
        let v = simple_bit_pack(&w_b, b);
        prop_assert_eq!(simple_bit_unpack(&v, b), w_b);
        prop_assert_eq!(v.len(), 32 * bitlen(b));
    }

    #[test]
    fn rounding(r in edgy(0, Q - 1), z in edgy(0, Q - 1), gamma2 in gamma2s(), h in 0..=1i32) {
        let (r1, r0) = power2round(r);
        prop_assert_eq!((r1 << D) + r0, r);
        prop_assert!(-(1 << (D - 1)) < r0 && r0 <= 1 << (D - 1));
        let (r1, r0) = decompose(r, gamma2);
        prop_assert_eq!((r1 as i64 * 2 * gamma2 as i64 + r0 as i64).rem_euclid(Q as i64), r as i64);
        prop_assert!(-gamma2 <= r0 && r0 <= gamma2);
        prop_assert_eq!(high_bits(r, gamma2), r1);
        prop_assert_eq!(low_bits(r, gamma2), r0);
        let hint = make_hint(z, r, gamma2);
        prop_assert_eq!(hint, (high_bits(r, gamma2) != high_bits((r + z) % Q, gamma2)) as i32);
        prop_assert!((0..(Q - 1) / (2 * gamma2)).contains(&use_hint(h, r, gamma2)));
    }

    #[test]
    fn montgomery(a in edgy(i32::MIN, i32::MAX), scale in prop_oneof![Just(-(1i64 << 31)), Just(1i64 << 31), -(1i64 << 31)..=(1i64 << 31)]) {
        let bound = (1i64 << 31) * Q as i64;
        let a = (a as i64 * scale).clamp(-bound, bound);
        let r = montgomery_reduce(a);
        prop_assert!((-Q..=Q).contains(&r));
        prop_assert_eq!((r as i128 * (1i128 << 32) - a as i128).rem_euclid(Q as i128), 0);
    }

    #[test]
    fn zetas_and_bitrev(m in 0u32..256, e in any::<u32>()) {
        let r = bit_rev8(m);
        prop_assert_eq!(r, m.reverse_bits() >> 24);
        let z = zeta_pow(e) as i64;
        // zeta has order 512: zeta^e * zeta^(-e mod 512) = 1.
        prop_assert_eq!(z * zeta_pow(e.wrapping_neg() % 512) as i64 % Q as i64, 1);
    }
}

proptest! {
    #![proptest_config(common::cases(16))]

    #[test]
    fn ring_and_ntt_vectors(u in polys(3, 0, Q - 1), v in polys(3, 0, Q - 1), s in polys(2, -Q, Q)) {
        let sum = add_vector_ntt(&u, &v);
        let difference = sub_vector(&u, &v);
        let negation = neg_vector(&u);
        for i in 0..3 {
            for j in 0..N {
                prop_assert_eq!(sum[i][j], (u[i][j] + v[i][j]) % Q);
                prop_assert_eq!(difference[i][j], (u[i][j] - v[i][j]).rem_euclid(Q));
                prop_assert_eq!(negation[i][j], (-u[i][j]).rem_euclid(Q));
            }
        }
        let s_q = vector_mod_q(&s);
        let u_pm = vector_mod_pm_q(&u);
        let mut norm = 0;
        for i in 0..2 {
            for j in 0..N {
                prop_assert_eq!(s_q[i][j], s[i][j].rem_euclid(Q));
                let c = s[i][j].rem_euclid(Q);
                norm = norm.max(if c > (Q - 1) / 2 { Q - c } else { c });
            }
        }
        prop_assert_eq!(vector_infinity_norm(&s), norm);
        for i in 0..3 {
            for j in 0..N {
                let c = u[i][j];
                prop_assert_eq!(u_pm[i][j], if c > (Q - 1) / 2 { c - Q } else { c });
            }
        }
        let shifted = shift_left(&u[0], D);
        prop_assert_eq!(shifted[N - 1] as i64, ((u[0][N - 1] as i64) << D).rem_euclid(Q as i64));
        let v_hat = ntt_vector(&v);
        prop_assert_eq!(ntt_inverse_vector(&v_hat), v.clone());
        prop_assert_eq!(scalar_vector_ntt(&u[0], &v).len(), 3);
        prop_assert_eq!(matrix_vector_ntt(&[u.clone(), v.clone()], &v).len(), 2);
    }

    #[test]
    fn rounding_vectors(r in polys(2, 0, Q - 1), z in polys(2, 0, Q - 1), gamma2 in gamma2s(), h in polys(2, 0, 1)) {
        let (t1, t0) = power2round_vector(&r);
        let r1 = high_bits_vector(&r, gamma2);
        let r0 = low_bits_vector(&r, gamma2);
        let hints = make_hint_vector(&z, &r, gamma2);
        let used = use_hint_vector(&h, &r, gamma2);
        for i in 0..2 {
            for j in [0, N / 2, N - 1] {
                prop_assert_eq!((t1[i][j], t0[i][j]), power2round(r[i][j]));
                prop_assert_eq!((r1[i][j], r0[i][j]), decompose(r[i][j], gamma2));
                prop_assert_eq!(hints[i][j], make_hint(z[i][j], r[i][j], gamma2));
                prop_assert_eq!(used[i][j], use_hint(h[i][j], r[i][j], gamma2));
            }
        }
    }

    #[test]
    fn encodings(p in any_params(), seed in any::<u64>(), mask_seed in any::<[u8; 32]>()) {
        let rho = [seed as u8; 32];
        let t1 = vec![[1023; N]; p.k()];
        let pk = pk_encode(&p, &rho, &t1);
        prop_assert_eq!(pk_decode(&p, &pk), Ok((rho, t1.clone())));
        let eta = p.eta();
        let s1 = vec![[-eta; N]; p.l()];
        let s2 = vec![[eta; N]; p.k()];
        let t0 = vec![[1 << (D - 1); N]; p.k()];
        let sk = sk_encode(&p, &rho, &rho, &[0; 64], &s1, &s2, &t0);
        prop_assert_eq!(sk_decode(&p, &sk), Ok((rho, rho, [0; 64], s1, s2, t0)));
        let z = vec![[-p.gamma1() + 1; N]; p.l()];
        let mut h = vec![[0; N]; p.k()];
        for j in 0..p.omega() {
            h[j % p.k()][j] = 1;
        }
        let sigma = sig_encode(&p, &vec![0; p.lambda() / 4], &z, &h);
        prop_assert_eq!(sig_decode(&p, &sigma), Ok((vec![0; p.lambda() / 4], z, Some(h))));
        let w1 = vec![[(Q - 1) / (2 * p.gamma2()) - 1; N]; p.k()];
        prop_assert_eq!(w1_encode(&p, &w1).len(), p.k() * 32 * p.w1_bits());
        let mut rho_prime = [0u8; 64];
        rho_prime[..32].copy_from_slice(&mask_seed);
        // IntegerToBytes(mu + r, 2) keeps 16 bits: mu = 2^16 and 0 agree.
        prop_assert_eq!(expand_mask(&p, &rho_prime, 1 << 16), expand_mask(&p, &rho_prime, 0));
        let y = expand_mask(&p, &rho_prime, (1 << 16) - 1);
        prop_assert!(y.len() == p.l() && y.iter().flatten().all(|&c| -p.gamma1() < c && c <= p.gamma1()));
    }

    #[test]
    fn samplers(p in any_params(), seed in any::<[u8; 32]>(), tau in prop_oneof![Just(0usize), Just(64usize), 0usize..=64]) {
        let c = sample_in_ball(&seed, tau);
        prop_assert_eq!(c.iter().filter(|&&x| x != 0).count(), tau);
        prop_assert!(c.iter().all(|&x| x == 0 || x == 1 || x == Q - 1));
        let mut rho = seed.to_vec();
        rho.extend_from_slice(&[1, 2]);
        prop_assert!(rej_ntt_poly(&rho).iter().all(|&x| (0..Q).contains(&x)));
        let mut rho = [seed, seed].concat();
        rho.extend_from_slice(&[3, 4]);
        let eta = p.eta();
        prop_assert!(rej_bounded_poly(&rho, eta).iter().all(|&x| -eta <= x && x <= eta));
        let (s1, s2) = expand_s(&p, &[seed, seed].concat().try_into().unwrap());
        prop_assert_eq!((s1.len(), s2.len()), (p.l(), p.k()));
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

/// The checks these properties rely on are compiled in: a false requires
/// is reported (a build without the feature `check-contracts` fails here).
#[test]
fn contract_checks_are_compiled_in() {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = std::panic::catch_unwind(|| decompose(Q, (Q - 1) / 32));
    std::panic::set_hook(hook);
    let message = result
        .err()
        .and_then(|e| e.downcast_ref::<String>().cloned())
        .expect("decompose(q, gamma2) ran: the contract checks are compiled out");
    assert!(message.contains("requires of decompose"), "{message}");
}
