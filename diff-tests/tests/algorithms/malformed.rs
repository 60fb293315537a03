//! Named malformed-input cases, the known classes of verifier and key
//! import bugs, for the three parameter sets: each decision is the spec's,
//! through the public API (on the backend it selects) and through
//! Verify_internal / the key import on every backend (`for_each_backend!`),
//! with the typed error the API promises and never a panic.
//!
//! Signatures that must verify are crafted, not searched for: under a public
//! key with t1 = 0 (the key of s1 = s2 = 0), Verify_internal computes
//! w'_approx = A z whatever c is, so for any z and any hint h, c~ =
//! H(mu || w1Encode(UseHint(h, A z))) makes (c~, z, h) a signature whose
//! only remaining checks are the norm of z and the encoding of h. That
//! isolates each check:
//!
//! - z with one coefficient at gamma1 - beta - 1 verifies, at gamma1 - beta
//!   or gamma1 - beta + 1 it does not (c~ matches: only the norm check
//!   rejects);
//! - a hint encoded with a repeated index, indices out of order or nonzero
//!   padding decodes, in a decoder that skips the check, to the same h as the
//!   canonical encoding, so c~ still matches and only the check rejects (a
//!   second valid encoding of a signature is the malleability the 2026 CVE
//!   was about).

use crate::calls::{decode_verifying_key, import_signing_key};
use crate::common::*;
use crate::verify::{Verdict, agree, spec_mu};
use mldsa::backend::Backend;
use mldsa::backend::portable::Portable;
use mldsa::params::ParameterSet;
use mldsa::{Error, MuBuilder, Signature, SigningKey, VerifyingKey};
use mldsa_spec::encodings::{pk_encode, sig_encode, sk_decode, sk_encode, w1_encode};
use mldsa_spec::hash::h;
use mldsa_spec::ntt::{add_vector_ntt, matrix_vector_ntt, ntt_inverse_vector, ntt_vector};
use mldsa_spec::params::ParamSet;
use mldsa_spec::ring::{Poly as SpecPoly, vector_infinity_norm, vector_mod_q};
use mldsa_spec::rounding::{power2round_vector, use_hint_vector};
use mldsa_spec::sampling::expand_a;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// `agree`, and the verdict must be `expected`.
fn expect<P: ParameterSet>(
    what: &str,
    pk: &[u8],
    msg: &[u8],
    sig: &[u8],
    ctx: &[u8],
    expected: Verdict,
) -> Result<(), TestCaseError> {
    let v = agree::<P>(what, pk, msg, sig, ctx)?;
    prop_assert_eq!(v, expected, "{}: {}", P::NAME, what);
    Ok(())
}

/// Signatures under the public key (rho, t1 = 0), where c~ can be computed
/// for any (z, h) (see the module comment).
struct Crafter {
    p: ParamSet,
    pk: Vec<u8>,
    a_hat: Vec<Vec<SpecPoly>>,
}

const MSG: &[u8] = b"crafted";
const CTX: &[u8] = b"ctx";

impl Crafter {
    /// `expect` of `sig` on MSG and CTX under the crafted key.
    fn expect<P: ParameterSet>(
        &self,
        what: &str,
        sig: &[u8],
        expected: Verdict,
    ) -> Result<(), TestCaseError> {
        expect::<P>(what, &self.pk, MSG, sig, CTX, expected)
    }

    fn new<P: ParameterSet>() -> Self {
        let p = spec_params::<P>();
        let rho = [0x3C; 32];
        Crafter {
            pk: pk_encode(&p, &rho, &vec![[0; N]; p.k()]),
            a_hat: expand_a(&p, &rho),
            p,
        }
    }

    /// The c~ under which (c~, z, h) passes Verify_internal's line 12.
    fn c_tilde(&self, z: &[SpecPoly], hint: &[SpecPoly]) -> Vec<u8> {
        let p = &self.p;
        let w = ntt_inverse_vector(&matrix_vector_ntt(
            &self.a_hat,
            &ntt_vector(&vector_mod_q(z)),
        ));
        let w1 = use_hint_vector(hint, &w, p.gamma2());
        let mu = spec_mu(&self.pk, MSG, CTX);
        h(&[&mu[..], &w1_encode(p, &w1)].concat(), p.lambda() / 4)
    }

    /// The encoded signature (c~, z, h), c~ matching.
    fn sign(&self, z: &[SpecPoly], hint: &[SpecPoly]) -> Vec<u8> {
        sig_encode(&self.p, &self.c_tilde(z, hint), z, hint)
    }

    /// Small deterministic z coefficients, far from any bound.
    fn z(&self) -> Vec<SpecPoly> {
        (0..self.p.l())
            .map(|i| core::array::from_fn(|j| ((i * N + j) * 7919 % 2001) as i32 - 1000))
            .collect()
    }

    /// Hints at these (polynomial, coefficient) positions.
    fn hints(&self, ones: &[(usize, usize)]) -> Vec<SpecPoly> {
        let mut hint = vec![[0; N]; self.p.k()];
        for &(i, j) in ones {
            hint[i][j] = 1;
        }
        hint
    }

    /// The signature (c~, z, h) with its hint section y replaced by `y`
    /// (omega index bytes, then k cumulative counts).
    fn with_hint_bytes(&self, sig: &[u8], y: &[u8]) -> Vec<u8> {
        let start = self.p.sig_len() - self.p.omega() - self.p.k();
        let mut s = sig.to_vec();
        s[start..].copy_from_slice(y);
        s
    }
}

/// A hint section: per polynomial, its indices in the order given.
fn hint_bytes(p: &ParamSet, per_poly: &[Vec<u8>]) -> Vec<u8> {
    let mut y = vec![0u8; p.omega() + p.k()];
    let mut index = 0;
    for (i, indices) in per_poly.iter().enumerate() {
        for &j in indices {
            y[index] = j;
            index += 1;
        }
        y[p.omega() + i] = index as u8;
    }
    y
}

/// The hint layout every hint case starts from: polynomial 0 has ones at
/// 3, 17, 200, the last polynomial at 5.
fn base_hints(p: &ParamSet) -> Vec<Vec<u8>> {
    let mut per_poly = vec![Vec::new(); p.k()];
    per_poly[0] = vec![3, 17, 200];
    per_poly[p.k() - 1] = vec![5];
    per_poly
}

/// The crafted signature with the base hints, and its canonical hint bytes
/// (checked to be what sigEncode writes, and to verify).
fn hinted<P: ParameterSet>(c: &Crafter) -> Result<(Vec<u8>, Vec<u8>), TestCaseError> {
    let p = &c.p;
    let ones: Vec<(usize, usize)> = base_hints(p)
        .iter()
        .enumerate()
        .flat_map(|(i, js)| js.iter().map(move |&j| (i, j as usize)))
        .collect();
    let sig = c.sign(&c.z(), &c.hints(&ones));
    let y = hint_bytes(p, &base_hints(p));
    prop_assert_eq!(&c.with_hint_bytes(&sig, &y), &sig, "canonical hint bytes");
    c.expect::<P>("crafted, canonical hints", &sig, Verdict::Accept)?;
    Ok((sig, y))
}

fn hint_indices_repeated_for<P: ParameterSet>() -> Result<(), TestCaseError> {
    let c = Crafter::new::<P>();
    let (sig, _) = hinted::<P>(&c)?;
    let p = &c.p;
    // The same set of ones, one index written twice: a decoder without the
    // order check rebuilds the same h (c~ matches) and would accept.
    for repeated in [
        vec![3, 3, 17, 200],
        vec![3, 17, 17, 200],
        vec![3, 17, 200, 200],
    ] {
        let mut per_poly = base_hints(p);
        per_poly[0] = repeated.clone();
        let s = c.with_hint_bytes(&sig, &hint_bytes(p, &per_poly));
        let what = format!("hint indices {repeated:?}");
        c.expect::<P>(&what, &s, Verdict::Reject)?;
    }
    // The last polynomial's single index repeated.
    let mut per_poly = base_hints(p);
    per_poly[p.k() - 1] = vec![5, 5];
    let s = c.with_hint_bytes(&sig, &hint_bytes(p, &per_poly));
    c.expect::<P>("last hint index repeated", &s, Verdict::Reject)?;
    Ok(())
}

fn hint_indices_unordered_for<P: ParameterSet>() -> Result<(), TestCaseError> {
    let c = Crafter::new::<P>();
    let (sig, _) = hinted::<P>(&c)?;
    let p = &c.p;
    for order in [vec![17, 3, 200], vec![3, 200, 17], vec![200, 17, 3]] {
        let mut per_poly = base_hints(p);
        per_poly[0] = order.clone();
        let s = c.with_hint_bytes(&sig, &hint_bytes(p, &per_poly));
        let what = format!("hint indices {order:?}");
        c.expect::<P>(&what, &s, Verdict::Reject)?;
    }
    // Across polynomials the indices start again: 200 then 3 is fine.
    let hint = c.hints(&[(0, 200), (1, 3)]);
    let s = c.sign(&c.z(), &hint);
    c.expect::<P>("indices restart per polynomial", &s, Verdict::Accept)
}

fn hint_count_above_omega_for<P: ParameterSet>() -> Result<(), TestCaseError> {
    let c = Crafter::new::<P>();
    let (sig, y) = hinted::<P>(&c)?;
    let (omega, k) = (c.p.omega(), c.p.k());
    // Exactly omega ones verify.
    let all: Vec<(usize, usize)> = (0..omega).map(|n| (n % k, 2 * (n / k))).collect();
    let full = c.sign(&c.z(), &c.hints(&all));
    c.expect::<P>("omega hints", &full, Verdict::Accept)?;
    // A count over omega, in each polynomial's count byte.
    for i in 0..k {
        for count in [omega + 1, 255] {
            let mut bad = y.clone();
            bad[omega + i] = count as u8;
            let s = c.with_hint_bytes(&sig, &bad);
            let what = format!("hint count {count} in polynomial {i}");
            c.expect::<P>(&what, &s, Verdict::Reject)?;
        }
    }
    // A decreasing cumulative count.
    let mut bad = y.clone();
    bad[omega + 1] = 2;
    let s = c.with_hint_bytes(&sig, &bad);
    c.expect::<P>("decreasing hint count", &s, Verdict::Reject)?;
    Ok(())
}

fn hint_padding_nonzero_for<P: ParameterSet>() -> Result<(), TestCaseError> {
    let c = Crafter::new::<P>();
    let (sig, y) = hinted::<P>(&c)?;
    let omega = c.p.omega();
    // Four ones: padding from index 4 to omega - 1. A decoder that ignores
    // the padding rebuilds the same h.
    for (at, value) in [(4, 1u8), (4, 0x80), (omega - 1, 1), (omega - 1, 0xFF)] {
        let mut bad = y.clone();
        bad[at] = value;
        let s = c.with_hint_bytes(&sig, &bad);
        let what = format!("hint padding byte {at} = {value}");
        c.expect::<P>(&what, &s, Verdict::Reject)?;
    }
    Ok(())
}

/// z with one coefficient at and around gamma1 - beta (both signs), at the
/// first and last position; and every coefficient at +-(gamma1 - beta - 1).
/// c~ always matches, so the norm check alone decides.
fn z_at_norm_bound_for<P: ParameterSet>() -> Result<(), TestCaseError> {
    let c = Crafter::new::<P>();
    let p = &c.p;
    let bound = p.gamma1() - p.beta();
    let no_hints = c.hints(&[]);
    let last = (p.l() - 1, N - 1);
    for (i, j) in [(0, 0), last] {
        for value in [bound - 1, bound, bound + 1, p.gamma1()] {
            for v in [value, -value] {
                if v == -p.gamma1() {
                    continue; // not encodable: z lies in (-gamma1, gamma1]
                }
                let mut z = c.z();
                z[i][j] = v;
                prop_assert_eq!(vector_infinity_norm(&z), v.abs());
                let s = c.sign(&z, &no_hints);
                let expected = if v.abs() < bound {
                    Verdict::Accept
                } else {
                    Verdict::Reject
                };
                let what = format!("z[{i}][{j}] = {v} (gamma1 - beta = {bound})");
                c.expect::<P>(&what, &s, expected)?;
            }
        }
    }
    for v in [bound - 1, -(bound - 1)] {
        let z = vec![[v; N]; p.l()];
        let s = c.sign(&z, &no_hints);
        c.expect::<P>(&format!("every z = {v}"), &s, Verdict::Accept)?;
    }
    Ok(())
}

/// The norm kernel itself at the bounds verification and signing use.
fn check_norm_kernel<B: Backend>(bound: i32) -> Result<(), TestCaseError> {
    for at in [0, 128, N - 1] {
        for value in [bound - 1, bound, bound + 1] {
            for v in [value, -value] {
                let mut c = [0i32; N];
                c[at] = v;
                let spec = vector_infinity_norm(&[c]) >= bound;
                prop_assert_eq!(spec, v.abs() >= bound);
                prop_assert_eq!(
                    B::exceeds_norm(&poly(&c), bound),
                    spec,
                    "{}: exceeds_norm([.. {} at {} ..], {})",
                    B::NAME,
                    v,
                    at,
                    bound
                );
            }
        }
    }
    Ok(())
}

/// UseHint(h, r) where Decompose gives r0 = 0 (r a multiple of 2 gamma2),
/// for both gamma2, on every backend: r0 = 0 is not > 0, so h = 1 gives
/// (r1 - 1) mod m; also r = q - 1 (Decompose's wrap: r1 = 0, r0 = -1) and
/// the neighbours of each.
fn check_use_hint_r0_zero<B: Backend>(gamma2: i32) -> Result<(), TestCaseError> {
    let m = (Q - 1) / (2 * gamma2);
    let mut rs = Vec::new();
    for r1 in 0..m {
        let r = r1 * 2 * gamma2;
        prop_assert_eq!(mldsa_spec::rounding::decompose(r, gamma2), (r1, 0));
        rs.extend([r, r + 1, (r - 1).rem_euclid(Q)]);
    }
    rs.extend([Q - 1, Q - 2]);
    for chunk in rs.chunks(N) {
        let r: Coeffs = core::array::from_fn(|i| chunk[i % chunk.len()]);
        for hint in [0, 1] {
            let mut got = poly(&[0; N]);
            typed::use_hint::<B>(gamma2, &mut got, &poly(&[hint; N]), &poly(&r));
            for (&ri, &gi) in r.iter().zip(&got.coeffs) {
                let expected = mldsa_spec::rounding::use_hint(hint, ri, gamma2);
                prop_assert_eq!(
                    gi,
                    expected,
                    "{}: UseHint({}, {}) with gamma2 = {}",
                    B::NAME,
                    hint,
                    ri,
                    gamma2
                );
                if hint == 1 && ri % (2 * gamma2) == 0 && ri != Q - 1 {
                    prop_assert_eq!(expected, (ri / (2 * gamma2) - 1).rem_euclid(m));
                }
            }
        }
    }
    Ok(())
}

/// A signing key and a signature of MSG under `ctx`.
fn signed<P: ParameterSet>(ctx: &[u8]) -> (SigningKey<P>, Vec<u8>) {
    let sk = SigningKey::<P>::from_seed(&[0x5A; 32]);
    let sig = sk.sign_deterministic(MSG, ctx).unwrap().as_ref().to_vec();
    (sk, sig)
}

fn contexts_255_256_for<P: ParameterSet>() -> Result<(), TestCaseError> {
    let p = spec_params::<P>();
    let ctx255 = [0xC7u8; 255];
    let (sk, sig) = signed::<P>(&ctx255);
    let pk = sk.verifying_key().as_bytes().to_vec();
    let expanded = sk.to_expanded_bytes();
    let spec_sk: &[u8] = (*expanded).as_ref();
    let rnd = [9u8; 32];
    // 255 bytes: a context like any other.
    let spec_sig = mldsa_spec::ml_dsa_sign(&p, spec_sk, MSG, &ctx255, Some([0; 32])).unwrap();
    prop_assert_eq!(
        &sig,
        &spec_sig,
        "{}: signature with a 255-byte context",
        P::NAME
    );
    expect::<P>("255-byte context", &pk, MSG, &sig, &ctx255, Verdict::Accept)?;
    prop_assert!(MuBuilder::new(sk.verifying_key(), &ctx255).is_ok());
    let (ph, spec_ph) = PREHASHES[1];
    let hashed = sk.sign_prehashed(ph, MSG, &ctx255, &rnd).unwrap();
    let spec_hashed =
        mldsa_spec::hash_ml_dsa_sign(&p, spec_sk, MSG, &ctx255, spec_ph, Some(rnd)).unwrap();
    prop_assert_eq!(hashed.as_ref(), &spec_hashed[..]);
    let vk = sk.verifying_key();
    prop_assert_eq!(
        vk.verify_prehashed(ph, MSG, hashed.as_ref(), &ctx255),
        Ok(())
    );
    // 256 bytes: ContextTooLong everywhere, as the spec's bottom.
    let ctx256 = [0xC7u8; 256];
    expect::<P>(
        "256-byte context",
        &pk,
        MSG,
        &sig,
        &ctx256,
        Verdict::ContextTooLong,
    )?;
    let too_long = Some(Error::ContextTooLong);
    prop_assert_eq!(sk.sign_deterministic(MSG, &ctx256).err(), too_long);
    prop_assert_eq!(sk.sign_with_rnd(MSG, &ctx256, &rnd).err(), too_long);
    prop_assert_eq!(sk.sign_prehashed(ph, MSG, &ctx256, &rnd).err(), too_long);
    prop_assert_eq!(
        vk.verify_prehashed(ph, MSG, hashed.as_ref(), &ctx256).err(),
        too_long
    );
    prop_assert_eq!(MuBuilder::new(vk, &ctx256).err(), too_long);
    prop_assert_eq!(MuBuilder::from_tr(vk.tr(), &ctx256).err(), too_long);
    let spec_too_long = Err(mldsa_spec::Error::ContextTooLong);
    prop_assert_eq!(
        mldsa_spec::ml_dsa_sign(&p, spec_sk, MSG, &ctx256, Some(rnd)),
        spec_too_long.clone()
    );
    prop_assert_eq!(
        mldsa_spec::hash_ml_dsa_verify(&p, &pk, MSG, hashed.as_ref(), &ctx256, spec_ph),
        Err(mldsa_spec::Error::ContextTooLong)
    );
    Ok(())
}

/// `bytes` short by one, long by one, and empty.
fn length_variants(bytes: &[u8]) -> [(&'static str, Vec<u8>); 3] {
    let mut long = bytes.to_vec();
    long.push(0);
    [
        ("short by one", bytes[..bytes.len() - 1].to_vec()),
        ("long by one", long),
        ("empty", Vec::new()),
    ]
}

fn check_wrong_length_key<P: ParameterSet, B: Backend>(pk: &[u8]) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        decode_verifying_key::<P, B>(pk).err(),
        Some(Error::WrongLength),
        "{} {}",
        B::NAME,
        P::NAME
    );
    Ok(())
}

fn wrong_lengths_for<P: ParameterSet>() -> Result<(), TestCaseError> {
    let p = spec_params::<P>();
    let (sk, sig) = signed::<P>(CTX);
    let pk = sk.verifying_key().as_bytes().to_vec();
    expect::<P>("valid", &pk, MSG, &sig, CTX, Verdict::Accept)?;
    for (what, wrong) in length_variants(&pk) {
        prop_assert_eq!(
            VerifyingKey::<P>::try_from(&wrong[..]).err(),
            Some(Error::WrongLength)
        );
        for_each_backend!(check_wrong_length_key::<P>(&wrong));
        expect::<P>(
            &format!("public key {what}"),
            &wrong,
            MSG,
            &sig,
            CTX,
            Verdict::Reject,
        )?;
    }
    for (what, wrong) in length_variants(&sig) {
        prop_assert_eq!(
            Signature::<P>::try_from(&wrong[..]).err(),
            Some(Error::WrongLength)
        );
        expect::<P>(
            &format!("signature {what}"),
            &pk,
            MSG,
            &wrong,
            CTX,
            Verdict::Reject,
        )?;
    }
    let expanded = sk.to_expanded_bytes();
    for (what, wrong) in length_variants((*expanded).as_ref()) {
        prop_assert_eq!(
            SigningKey::<P>::try_from_expanded(&wrong).err(),
            Some(Error::WrongLength),
            "{}: expanded key {}",
            P::NAME,
            what
        );
        prop_assert_eq!(
            import_signing_key::<P, Portable>(&wrong).err(),
            Some(Error::WrongLength)
        );
        prop_assert_eq!(
            mldsa_spec::ml_dsa_sign(&p, &wrong, MSG, CTX, Some([0; 32])),
            Err(mldsa_spec::Error::WrongLength)
        );
        prop_assert_eq!(spec_expanded_key(&p, &wrong), None);
    }
    Ok(())
}

fn all_ff_public_key_for<P: ParameterSet>() -> Result<(), TestCaseError> {
    let pk = vec![0xFFu8; P::PK_LEN];
    let vk = VerifyingKey::<P>::try_from(&pk[..]);
    prop_assert!(vk.is_ok(), "{}: any {} bytes are a key", P::NAME, P::PK_LEN);
    let vk = vk.unwrap();
    prop_assert_eq!(vk.as_bytes(), &pk[..]);
    let (_, sig) = signed::<P>(CTX);
    expect::<P>(
        "all-0xFF key, another key's signature",
        &pk,
        MSG,
        &sig,
        CTX,
        Verdict::Reject,
    )?;
    for fill in [0x00u8, 0xFF] {
        let s = vec![fill; P::SIG_LEN];
        expect::<P>(
            "all-0xFF key, constant signature",
            &pk,
            MSG,
            &s,
            CTX,
            Verdict::Reject,
        )?;
    }
    // The crafted signature of the t1 = 0 key, under the all-0xFF key.
    let c = Crafter::new::<P>();
    let s = c.sign(&c.z(), &c.hints(&[]));
    expect::<P>("crafted, t1 = 0 key", &c.pk, MSG, &s, CTX, Verdict::Accept)?;
    expect::<P>("crafted, all-0xFF key", &pk, MSG, &s, CTX, Verdict::Reject)
}

/// The spec's decision on an expanded key, from its KeyGen steps (the spec
/// imports keys unchecked): `Some(pk)` when s1, s2 are in [-eta, eta] and
/// t0 and tr are those of (rho, s1, s2).
fn spec_expanded_key(p: &ParamSet, sk: &[u8]) -> Option<Vec<u8>> {
    let (rho, _, tr, s1, s2, t0) = sk_decode(p, sk).ok()?;
    if s1.iter().chain(&s2).flatten().any(|c| c.abs() > p.eta()) {
        return None;
    }
    let (t1, expected_t0) = key_t(p, &rho, &s1, &s2);
    let pk = pk_encode(p, &rho, &t1);
    (expected_t0 == t0 && h(&pk, 64) == tr).then_some(pk)
}

/// Power2Round(A s1 + s2).
fn key_t(
    p: &ParamSet,
    rho: &[u8; 32],
    s1: &[SpecPoly],
    s2: &[SpecPoly],
) -> (Vec<SpecPoly>, Vec<SpecPoly>) {
    let a_s1 = ntt_inverse_vector(&matrix_vector_ntt(
        &expand_a(p, rho),
        &ntt_vector(&vector_mod_q(s1)),
    ));
    power2round_vector(&add_vector_ntt(&a_s1, &vector_mod_q(s2)))
}

fn check_import_backend<P: ParameterSet, B: Backend>(
    what: &str,
    sk: &[u8],
    expected: &Option<Vec<u8>>,
) -> Result<(), TestCaseError> {
    let got = import_signing_key::<P, B>(sk).map(|(_, vk)| vk);
    match expected {
        Some(pk) => {
            prop_assert!(got.is_ok(), "{} {}: {}: refused", B::NAME, P::NAME, what);
            let vk = got.unwrap();
            prop_assert_eq!(vk.encoded().as_ref(), &pk[..]);
        }
        None => prop_assert_eq!(
            got.err(),
            Some(Error::MalformedKey),
            "{} {}: {}",
            B::NAME,
            P::NAME,
            what
        ),
    }
    Ok(())
}

/// The import decision equals the spec's, through the API and on every
/// backend; `valid` is what the case must be.
fn expect_import<P: ParameterSet>(what: &str, sk: &[u8], valid: bool) -> Result<(), TestCaseError> {
    let p = spec_params::<P>();
    let expected = spec_expanded_key(&p, sk);
    prop_assert_eq!(
        expected.is_some(),
        valid,
        "{}: {}: the spec's decision",
        P::NAME,
        what
    );
    match SigningKey::<P>::try_from_expanded(sk) {
        Ok(key) => {
            prop_assert!(valid, "{}: {}: accepted", P::NAME, what);
            prop_assert_eq!(
                key.verifying_key().as_bytes(),
                &expected.clone().unwrap()[..]
            );
        }
        Err(e) => {
            prop_assert!(!valid, "{}: {}: refused ({:?})", P::NAME, what, e);
            prop_assert_eq!(e, Error::MalformedKey, "{}: {}", P::NAME, what);
        }
    }
    for_each_backend!(check_import_backend::<P>(what, sk, &expected));
    Ok(())
}

fn expanded_keys_for<P: ParameterSet>() -> Result<(), TestCaseError> {
    let p = spec_params::<P>();
    let (sk, _) = signed::<P>(CTX);
    let expanded = sk.to_expanded_bytes();
    let valid: &[u8] = (*expanded).as_ref();
    expect_import::<P>("valid", valid, true)?;
    let (rho, cap_k, tr, s1, s2, t0) = sk_decode(&p, valid).unwrap();
    let eta_bits = p.bitlen_2eta();
    let s_start = 128;
    let t0_start = s_start + 32 * eta_bits * (p.l() + p.k());

    // s1 / s2 out of [-eta, eta]: every field value above 2 eta (decoded
    // eta - value < -eta; nothing decodes above eta), at the first and last
    // coefficient of s1 and of s2.
    let positions = [0, p.l() * N - 1, p.l() * N, (p.l() + p.k()) * N - 1];
    for pos in positions {
        for value in 2 * p.eta() as u32 + 1..1 << eta_bits {
            let mut bad = valid.to_vec();
            set_bits(&mut bad, 8 * s_start + pos * eta_bits, eta_bits, value);
            let what = format!("s coefficient {pos} = {}", p.eta() - value as i32);
            expect_import::<P>(&what, &bad, false)?;
        }
    }
    // Out of range but consistent (t0, tr and the public key rebuilt from
    // it), so that only the range check can refuse: -eta - 1; and -eta,
    // in range, accepted.
    for pos in positions {
        for (v, ok) in [(-p.eta() - 1, false), (-p.eta(), true)] {
            let (mut s1, mut s2) = (s1.clone(), s2.clone());
            if pos < p.l() * N {
                s1[pos / N][pos % N] = v;
            } else {
                s2[pos / N - p.l()][pos % N] = v;
            }
            let (t1, t0) = key_t(&p, &rho, &s1, &s2);
            let tr: [u8; 64] = h(&pk_encode(&p, &rho, &t1), 64).try_into().unwrap();
            let rebuilt = sk_encode(&p, &rho, &cap_k, &tr, &s1, &s2, &t0);
            let what = format!("consistent key, s coefficient {pos} = {v}");
            expect_import::<P>(&what, &rebuilt, ok)?;
        }
    }
    // A wrong tr: one bit flipped, and another key's tr.
    let mut bad = valid.to_vec();
    bad[64] ^= 1;
    expect_import::<P>("tr bit flipped", &bad, false)?;
    let other = SigningKey::<P>::from_seed(&[0xA5; 32]);
    let mut bad = valid.to_vec();
    bad[64..128].copy_from_slice(other.verifying_key().tr());
    expect_import::<P>("another key's tr", &bad, false)?;
    prop_assert_ne!(&tr[..], other.verifying_key().tr());
    // t0 at the ends of its range: every 13-bit field decodes into
    // [-(2^12 - 1), 2^12], Power2Round's whole range, so t0 cannot be out of
    // range as encoded; an extreme that is not the key's t0 is inconsistent.
    for (pos, field) in [
        (0, 0u32),
        (0, (1 << 13) - 1),
        (p.k() * N - 1, 0),
        (p.k() * N - 1, (1 << 13) - 1),
    ] {
        let decoded = (1 << 12) - field as i32;
        if t0[pos / N][pos % N] == decoded {
            continue;
        }
        let mut bad = valid.to_vec();
        set_bits(&mut bad, 8 * t0_start + 13 * pos, 13, field);
        expect_import::<P>(&format!("t0 coefficient {pos} = {decoded}"), &bad, false)?;
    }
    Ok(())
}

per_set! {
    hint_indices_repeated => hint_indices_repeated_for,
    hint_indices_unordered => hint_indices_unordered_for,
    hint_count_above_omega => hint_count_above_omega_for,
    hint_padding_nonzero => hint_padding_nonzero_for,
    z_at_norm_bound => z_at_norm_bound_for,
    contexts_255_and_256 => contexts_255_256_for,
    wrong_lengths => wrong_lengths_for,
    all_ff_public_key => all_ff_public_key_for,
    expanded_keys_malformed => expanded_keys_for,
}

#[test]
fn norm_check_kernel_at_bound() -> Result<(), TestCaseError> {
    for p in SPEC_PARAMS {
        for bound in [p.gamma1() - p.beta(), p.gamma2() - p.beta()] {
            for_each_backend!(check_norm_kernel(bound));
        }
    }
    Ok(())
}

#[test]
fn use_hint_r0_zero() -> Result<(), TestCaseError> {
    for gamma2 in GAMMA2S {
        for_each_backend!(check_use_hint_r0_zero(gamma2));
    }
    Ok(())
}
