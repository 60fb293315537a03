//! Importing expanded signing keys, for the three parameter sets:
//! `SigningKey::try_from_expanded` accepts every key the spec's KeyGen
//! produces (and then signs exactly as the spec does with it), and rejects
//! keys with an s1 / s2 coefficient outside [-eta, eta], crafted two ways:
//! by editing the encoded bits (the spec's skEncode only takes in-range
//! values), and, so that the range check alone must catch it, by rebuilding
//! t0, tr and the public key around the out-of-range coefficient with the
//! spec's KeyGen steps. Also rejected: a modified t0, tr or rho, s1 / s2
//! changed within range, the wrong length. A modified K is a different
//! valid key: accepted, and signing agrees with the spec on it; so is a
//! rebuilt key with a coefficient at exactly -eta or eta.

use crate::common::*;
use mldsa::params::ParameterSet;
use mldsa::{Error, SigningKey};
use mldsa_spec::encodings::{pk_encode, sk_decode, sk_encode};
use mldsa_spec::hash::h;
use mldsa_spec::ntt::add_vector_ntt;
use mldsa_spec::ntt::{matrix_vector_ntt, ntt_inverse_vector, ntt_vector};
use mldsa_spec::params::ParamSet;
use mldsa_spec::ring::{Poly, vector_mod_q};
use mldsa_spec::rounding::power2round_vector;
use mldsa_spec::sampling::expand_a;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Where the parts of an expanded key start (in bytes) and the bits of one
/// s1 / s2 coefficient.
struct Layout {
    s_start: usize,
    t0_start: usize,
    eta_bits: usize,
}

fn layout(p: &mldsa_spec::ParamSet) -> Layout {
    let eta_bits = p.bitlen_2eta();
    Layout {
        s_start: 128,
        t0_start: 128 + 32 * (p.l() + p.k()) * eta_bits,
        eta_bits,
    }
}

/// KeyGen_internal lines 3 and 5 to 10 on given (rho, K, s1, s2), with the
/// spec's building blocks: the (pk, sk) of that key, with t0 and tr
/// consistent whatever s1 and s2 hold.
fn key_from_parts(
    p: &ParamSet,
    rho: &[u8; 32],
    cap_k: &[u8; 32],
    s1: &[Poly],
    s2: &[Poly],
) -> (Vec<u8>, Vec<u8>) {
    let a_hat = expand_a(p, rho);
    let a_s1 = ntt_inverse_vector(&matrix_vector_ntt(&a_hat, &ntt_vector(&vector_mod_q(s1))));
    let t = add_vector_ntt(&a_s1, &vector_mod_q(s2));
    let (t1, t0) = power2round_vector(&t);
    let pk = pk_encode(p, rho, &t1);
    let tr: [u8; 64] = h(&pk, 64).try_into().unwrap();
    let sk = sk_encode(p, rho, cap_k, &tr, s1, s2, &t0);
    (pk, sk)
}

/// The key with s1 / s2 coefficient j of polynomial `index` (s1 first, then
/// s2) set to `value`, rebuilt consistent.
fn rebuilt_with(p: &ParamSet, sk: &[u8], index: usize, j: usize, value: i32) -> (Vec<u8>, Vec<u8>) {
    let (rho, cap_k, _, mut s1, mut s2, _) = sk_decode(p, sk).unwrap();
    if index < p.l() {
        s1[index][j] = value;
    } else {
        s2[index - p.l()][j] = value;
    }
    key_from_parts(p, &rho, &cap_k, &s1, &s2)
}

fn import<P: ParameterSet>(sk: &[u8]) -> Result<SigningKey<P>, Error> {
    SigningKey::<P>::try_from_expanded(sk)
}

/// A valid key imports; it is the spec's key (same public key, same
/// encoding) and signs as the spec does.
fn check_valid<P: ParameterSet>(
    sk_bytes: &[u8],
    pk: &[u8],
    msg: &[u8],
    ctx: &[u8],
    rnd: &[u8; 32],
) -> Result<(), TestCaseError> {
    let p = spec_params::<P>();
    let sk = import::<P>(sk_bytes);
    prop_assert!(
        sk.is_ok(),
        "{}: a valid expanded key was refused: {:?}",
        P::NAME,
        sk.err()
    );
    let sk = sk.unwrap();
    prop_assert_eq!(sk.verifying_key().as_bytes(), pk);
    let expanded = sk.to_expanded_bytes();
    prop_assert_eq!((*expanded).as_ref(), sk_bytes);
    prop_assert_eq!(sk.seed(), None);
    let sig = sk.sign_with_rnd(msg, ctx, rnd).unwrap();
    let expected = mldsa_spec::ml_dsa_sign(&p, sk_bytes, msg, ctx, Some(*rnd)).unwrap();
    prop_assert_eq!(
        sig.as_ref(),
        &expected[..],
        "{}: signature with an imported key",
        P::NAME
    );
    Ok(())
}

/// Coefficient j of polynomial `index` of (s1, s2), decoded from `sk`.
fn s_coefficient(p: &ParamSet, sk: &[u8], index: usize, j: usize) -> i32 {
    let (_, _, _, s1, s2, _) = sk_decode(p, sk).unwrap();
    if index < p.l() {
        s1[index][j]
    } else {
        s2[index - p.l()][j]
    }
}

fn check_expanded<P: ParameterSet>(
    case: Case<'_>,
    poly_index: usize,
    coeff: usize,
    invalid: u32,
    bit: usize,
) -> Result<(), TestCaseError> {
    let p = spec_params::<P>();
    let Case { xi, msg, ctx, rnd } = case;
    let lay = layout(&p);
    let (pk, sk) = mldsa_spec::ml_dsa_key_gen(&p, Some(*xi)).unwrap();
    check_valid::<P>(&sk, &pk, msg, ctx, rnd)?;

    // One s1 / s2 coefficient out of [-eta, eta]: a field value above 2 eta.
    let index = poly_index % (p.l() + p.k());
    let j = coeff % N;
    let field_max = (1u32 << lay.eta_bits) - 1;
    let value = 2 * p.eta() as u32 + 1 + invalid % (field_max - 2 * p.eta() as u32);
    let offset = 8 * lay.s_start + (index * N + j) * lay.eta_bits;
    let mut bad = sk.clone();
    set_bits(&mut bad, offset, lay.eta_bits, value);
    let decoded = s_coefficient(&p, &bad, index, j);
    prop_assert!(
        decoded < -p.eta(),
        "the crafted coefficient {} is in range",
        decoded
    );
    prop_assert_eq!(
        import::<P>(&bad).err(),
        Some(Error::MalformedKey),
        "{}: s{} coefficient {} = {} accepted",
        P::NAME,
        if index < p.l() { 1 } else { 2 },
        j,
        decoded
    );

    // Rebuilding the unchanged key gives the spec's key back; with the
    // coefficient out of range it is consistent, and the range check alone
    // must refuse it; at exactly -eta or eta it is a valid key.
    let current = s_coefficient(&p, &sk, index, j);
    prop_assert_eq!(
        rebuilt_with(&p, &sk, index, j, current),
        (pk.clone(), sk.clone())
    );
    let (_, rebuilt) = rebuilt_with(&p, &sk, index, j, decoded);
    prop_assert_eq!(
        import::<P>(&rebuilt).err(),
        Some(Error::MalformedKey),
        "{}: consistent key with an s coefficient {} accepted",
        P::NAME,
        decoded
    );
    for edge in [-p.eta(), p.eta()] {
        let (edge_pk, edge_sk) = rebuilt_with(&p, &sk, index, j, edge);
        check_valid::<P>(&edge_sk, &edge_pk, msg, ctx, rnd)?;
    }

    // The same coefficient changed within range: t0 and tr no longer match.
    let old = get_bits(&sk, offset, lay.eta_bits);
    let new = (old + 1 + invalid % (2 * p.eta() as u32)) % (2 * p.eta() as u32 + 1);
    let mut changed = sk.clone();
    set_bits(&mut changed, offset, lay.eta_bits, new);
    prop_assert_eq!(
        import::<P>(&changed).err(),
        Some(Error::MalformedKey),
        "{}: s changed in range",
        P::NAME
    );

    // One bit of t0, tr or rho flipped.
    for (what, start, len) in [
        ("t0", lay.t0_start, p.sk_len() - lay.t0_start),
        ("tr", 64, 64),
        ("rho", 0, 32),
    ] {
        let b = bit % (8 * len);
        let mut m = sk.clone();
        m[start + b / 8] ^= 1 << (b % 8);
        prop_assert_eq!(
            import::<P>(&m).err(),
            Some(Error::MalformedKey),
            "{}: {} bit {} flipped and accepted",
            P::NAME,
            what,
            b
        );
    }

    // K is not checked: a different, valid key, signing as the spec does.
    let mut other_k = sk.clone();
    other_k[32 + (bit / 8) % 32] ^= 1 << (bit % 8);
    check_valid::<P>(&other_k, &pk, msg, ctx, rnd)?;

    // Wrong lengths.
    let mut long = sk.clone();
    long.push(0);
    for wrong in [
        &sk[..sk.len() - 1],
        &long[..],
        &[][..],
        &sk[..bit % sk.len()],
    ] {
        prop_assert_eq!(import::<P>(wrong).err(), Some(Error::WrongLength));
    }
    Ok(())
}

proptest! {
    #![proptest_config(proptest_config!(48))]

    #[test]
    fn expanded_keys_are_validated(
        (i, (xi, msg, ctx, rnd)) in per_params(|_| (any::<[u8; 32]>(), message(), context(), any::<[u8; 32]>())),
        poly_index in any::<usize>(),
        coeff in any::<usize>(),
        invalid in any::<u32>(),
        bit in any::<usize>(),
    ) {
        let case = Case { xi: &xi, msg: &msg, ctx: &ctx, rnd: &rnd };
        with_params!(i, { check_expanded::<P>(case, poly_index, coeff, invalid, bit)?; });
    }
}

/// Every invalid field value, in the first and last coefficient of s1 and
/// of s2; t0 at its extremes.
fn expanded_edges_for<P: ParameterSet>() -> Result<(), TestCaseError> {
    let p = spec_params::<P>();
    let lay = layout(&p);
    let (pk, sk) = mldsa_spec::ml_dsa_key_gen(&p, Some([0xFF; 32])).unwrap();
    check_valid::<P>(&sk, &pk, b"", b"", &[0; 32])?;
    let field_max = (1u32 << lay.eta_bits) - 1;
    let positions = [0, N - 1, p.l() * N - 1, p.l() * N, (p.l() + p.k()) * N - 1];
    for pos in positions {
        for value in 0..=field_max {
            let mut m = sk.clone();
            set_bits(
                &mut m,
                8 * lay.s_start + pos * lay.eta_bits,
                lay.eta_bits,
                value,
            );
            let got = import::<P>(&m);
            // Out of range, or in range but another key than the spec's.
            if value > 2 * p.eta() as u32
                || value != get_bits(&sk, 8 * lay.s_start + pos * lay.eta_bits, lay.eta_bits)
            {
                prop_assert_eq!(
                    got.err(),
                    Some(Error::MalformedKey),
                    "{}: field {} at {}",
                    P::NAME,
                    value,
                    pos
                );
            } else {
                prop_assert!(got.is_ok());
            }
        }
    }
    // Rebuilt consistent keys with every out-of-range value at those
    // positions: the range check alone must refuse them.
    for pos in positions {
        for value in 0..=field_max {
            let c = p.eta() - value as i32;
            let (edge_pk, edge_sk) = rebuilt_with(&p, &sk, pos / N, pos % N, c);
            if value > 2 * p.eta() as u32 {
                prop_assert_eq!(
                    import::<P>(&edge_sk).err(),
                    Some(Error::MalformedKey),
                    "{}: {} at {}",
                    P::NAME,
                    c,
                    pos
                );
            } else {
                check_valid::<P>(&edge_sk, &edge_pk, b"m", b"", &[1; 32])?;
            }
        }
    }
    // t0 coefficients set to the ends of their range.
    for value in [0u32, (1 << 13) - 1, 1 << 12] {
        let mut m = sk.clone();
        let offset = 8 * lay.t0_start;
        if get_bits(&m, offset, 13) != value {
            set_bits(&mut m, offset, 13, value);
            prop_assert_eq!(import::<P>(&m).err(), Some(Error::MalformedKey));
        }
    }
    Ok(())
}

per_set! {
    expanded_key_edges => expanded_edges_for,
}
