//! What FIPS 204 relies on its algorithms to compute, as hax lemmas: the
//! NTT and its inverse undo each other, UseHint recovers the high bits that
//! MakeHint hid, and every encoding is undone by its decoding.
//!
//! Each lemma is a proof obligation under hax: `#[hax_lib::lemma]` gives F*
//! `Lemma (ensures ..)`; the hypotheses are the left side of the `implies`
//! (hax 0.3.7 drops a `requires` on a lemma). **Nothing here is proven.**
//! No statement here follows by SMT alone (each needs induction over a
//! loop, or the NTT's algebra), so every body is `hax_lib::fstar!("admit ()")`:
//! the extracted F* reads `= admit ()`, an assumption a reader sees, and
//! `fstar-extract/OBLIGATIONS.md` lists each as admitted with the tests that
//! check it. At run time `#[checked]` turns each lemma into a check of its
//! statement for the arguments it is given; `spec/tests/properties.rs` and
//! `spec/tests/requires_edges.rs` call them on random and boundary inputs in
//! every `make unit`.
//!
//! The counting lemmas at the end are the facts about `ring::nonzero_count`
//! that the loops counting hints need (HintBitPack's Index stays below
//! omega; SampleInBall and HintBitUnpack change one coefficient at a time).

use crate::contract::checked;
use crate::conversions::{
    bit_pack, bit_unpack, bits_to_bytes, bits_to_integer, bytes_to_bits, hint_bit_pack,
    hint_bit_unpack, integer_to_bits, simple_bit_pack, simple_bit_unpack,
};
use crate::encodings::{
    T1_MAX, pk_decode, pk_encode, sig_decode, sig_encode, sk_decode, sk_encode,
};
use crate::ntt::{ntt, ntt_inverse};
use crate::params::{D, N, ParamSet, Q};
use crate::ring::{
    Poly, coefficients_in, count_nonzero, is_binary, mod_q, nonzero_count, vector_in,
    vector_nonzero_count,
};
use crate::rounding::{high_bits, is_gamma2, make_hint, use_hint};
#[cfg(hax)]
use hax_lib::Prop;

/// Algorithms 41 and 42: NTT^-1(NTT(w)) = w for w in R_q.
#[checked]
#[hax_lib::lemma]
pub fn ntt_inverse_undoes_ntt(
    w: &Poly,
) -> Proof<{ hax_lib::implies(coefficients_in(w, 0, Q - 1), ntt_inverse(&ntt(w)) == *w) }> {
    hax_lib::fstar!("admit ()")
}

/// Algorithms 41 and 42: NTT(NTT^-1(w_hat)) = w_hat for w_hat in T_q.
#[checked]
#[hax_lib::lemma]
pub fn ntt_undoes_ntt_inverse(
    w_hat: &Poly,
) -> Proof<
    {
        hax_lib::implies(
            coefficients_in(w_hat, 0, Q - 1),
            ntt(&ntt_inverse(w_hat)) == *w_hat,
        )
    },
> {
    hax_lib::fstar!("admit ()")
}

/// Algorithms 39 and 40 (section 7.4): for |z| <= gamma2,
/// UseHint(MakeHint(z, r), r) = HighBits(r + z). Verify relies on it to
/// recover w1 from w'_Approx. `is_gamma2` comes first: it is what makes
/// `-gamma2` defined (gamma2 != i32::MIN) where F* types it.
#[checked]
#[hax_lib::lemma]
pub fn use_hint_recovers_high_bits(
    z: i32,
    r: i32,
    gamma2: i32,
) -> Proof<
    {
        hax_lib::implies(
            is_gamma2(gamma2).and(Prop::from(0 <= r && r < Q && -gamma2 <= z && z <= gamma2)),
            use_hint(make_hint(mod_q(z as i64), r, gamma2), r, gamma2)
                == high_bits(mod_q(r as i64 + z as i64), gamma2),
        )
    },
> {
    hax_lib::fstar!("admit ()")
}

/// Algorithms 9 and 10: BitsToInteger(IntegerToBits(x, alpha), alpha) = x
/// for x < 2^alpha.
#[checked]
#[hax_lib::lemma]
pub fn integer_to_bits_round_trips(
    x: u32,
    alpha: usize,
) -> Proof<
    {
        hax_lib::implies(
            alpha <= 32 && (x as u64) < 1u64 << alpha,
            bits_to_integer(&integer_to_bits(x, alpha), alpha) == x,
        )
    },
> {
    hax_lib::fstar!("admit ()")
}

/// Algorithms 12 and 13: BitsToBytes(BytesToBits(z)) = z, for every z
/// whose 8 |z| bits fit usize.
#[checked]
#[hax_lib::lemma]
pub fn bytes_to_bits_round_trips(
    z: &[u8],
) -> Proof<
    {
        hax_lib::implies(
            z.len() <= usize::MAX / 8,
            bits_to_bytes(&bytes_to_bits(z)) == z.to_vec(),
        )
    },
> {
    hax_lib::fstar!("admit ()")
}

/// Algorithms 16 and 18: SimpleBitUnpack(SimpleBitPack(w, b), b) = w for w
/// in [0, b].
#[checked]
#[hax_lib::lemma]
pub fn simple_bit_pack_round_trips(
    w: &Poly,
    b: u32,
) -> Proof<
    {
        hax_lib::implies(
            Prop::from(b > 0 && b < 1 << 23).and(coefficients_in(w, 0, b as i32)),
            simple_bit_unpack(&simple_bit_pack(w, b), b) == *w,
        )
    },
> {
    hax_lib::fstar!("admit ()")
}

/// Algorithms 17 and 19: BitUnpack(BitPack(w, a, b), a, b) = w for w in
/// [-a, b].
#[checked]
#[hax_lib::lemma]
pub fn bit_pack_round_trips(
    w: &Poly,
    a: u32,
    b: u32,
) -> Proof<
    {
        hax_lib::implies(
            Prop::from(b > 0 && a < 1 << 23 && b < 1 << 23).and(coefficients_in(
                w,
                -(a as i32),
                b as i32,
            )),
            bit_unpack(&bit_pack(w, a, b), a, b) == *w,
        )
    },
> {
    hax_lib::fstar!("admit ()")
}

/// Algorithms 20 and 21: HintBitUnpack(HintBitPack(h)) = h for a binary h
/// with at most omega 1's.
#[checked]
#[hax_lib::lemma]
pub fn hint_bit_pack_round_trips(
    h: &[Poly],
    omega: usize,
    k: usize,
) -> Proof<
    {
        hax_lib::implies(
            Prop::from(h.len() == k && omega <= 255 && k <= 255 && count_nonzero(h) <= omega)
                .and(is_binary(h)),
            hint_bit_unpack(&hint_bit_pack(h, omega, k), omega, k) == Some(h.to_vec()),
        )
    },
> {
    hax_lib::fstar!("admit ()")
}

/// Algorithms 22 and 23: pkDecode(pkEncode(rho, t1)) = (rho, t1).
#[checked]
#[hax_lib::lemma]
pub fn pk_encode_round_trips(
    params: &ParamSet,
    rho: &[u8; 32],
    t1: &[Poly],
) -> Proof<
    {
        hax_lib::implies(
            vector_in(t1, params.k(), 0, T1_MAX as i32),
            pk_decode(params, &pk_encode(params, rho, t1)) == Ok((*rho, t1.to_vec())),
        )
    },
> {
    hax_lib::fstar!("admit ()")
}

/// Algorithms 24 and 25: skDecode(skEncode(rho, K, tr, s1, s2, t0)) =
/// (rho, K, tr, s1, s2, t0), for the ranges skDecode returns.
#[checked]
#[hax_lib::lemma]
#[allow(clippy::too_many_arguments)]
pub fn sk_encode_round_trips(
    params: &ParamSet,
    rho: &[u8; 32],
    cap_k: &[u8; 32],
    tr: &[u8; 64],
    s1: &[Poly],
    s2: &[Poly],
    t0: &[Poly],
) -> Proof<
    {
        hax_lib::implies(
            vector_in(
                s1,
                params.l(),
                params.eta() + 1 - (1 << params.bitlen_2eta()),
                params.eta(),
            )
            .and(vector_in(
                s2,
                params.k(),
                params.eta() + 1 - (1 << params.bitlen_2eta()),
                params.eta(),
            ))
            .and(vector_in(t0, params.k(), -(1 << (D - 1)) + 1, 1 << (D - 1))),
            sk_decode(params, &sk_encode(params, rho, cap_k, tr, s1, s2, t0))
                == Ok((*rho, *cap_k, *tr, s1.to_vec(), s2.to_vec(), t0.to_vec())),
        )
    },
> {
    hax_lib::fstar!("admit ()")
}

/// Algorithms 26 and 27: sigDecode(sigEncode(c~, z, h)) = (c~, z, h) for a
/// binary h with at most omega 1's.
#[checked]
#[hax_lib::lemma]
pub fn sig_encode_round_trips(
    params: &ParamSet,
    c_tilde: &[u8],
    z: &[Poly],
    h: &[Poly],
) -> Proof<
    {
        hax_lib::implies(
            Prop::from(c_tilde.len() == params.lambda() / 4)
                .and(vector_in(
                    z,
                    params.l(),
                    -params.gamma1() + 1,
                    params.gamma1(),
                ))
                .and(Prop::from(
                    h.len() == params.k() && count_nonzero(h) <= params.omega(),
                ))
                .and(is_binary(h)),
            sig_decode(params, &sig_encode(params, c_tilde, z, h))
                == Ok((c_tilde.to_vec(), z.to_vec(), Some(h.to_vec()))),
        )
    },
> {
    hax_lib::fstar!("admit ()")
}

/// A prefix counts no more than the whole, and a nonzero coefficient at
/// (i, j) is counted after the prefix that ends before it: HintBitPack's
/// Index (line 6) is below count_nonzero(h) <= omega when it writes y[Index].
#[checked]
#[hax_lib::lemma]
pub fn nonzero_prefix_is_below_count(
    h: &[Poly],
    i: usize,
    j: usize,
) -> Proof<
    {
        hax_lib::implies(
            h.len() <= 255 && i < h.len() && j < N && h[i][j] != 0,
            vector_nonzero_count(h, i) + nonzero_count(&h[i], j) < vector_nonzero_count(h, h.len()),
        )
    },
> {
    hax_lib::fstar!("admit ()")
}

/// Changing one coefficient of w changes its count by the change of that
/// coefficient's being nonzero (SampleInBall lines 11 and 12).
#[checked]
#[hax_lib::lemma]
pub fn nonzero_count_of_update(
    w: &Poly,
    u: &Poly,
    p: usize,
) -> Proof<
    {
        hax_lib::implies(
            Prop::from(p < N).and(hax_lib::forall(|c: usize| {
                hax_lib::implies(c < N, c == p || u[c] == w[c])
            })),
            nonzero_count(u, N) + if w[p] != 0 { 1 } else { 0 }
                == nonzero_count(w, N) + if u[p] != 0 { 1 } else { 0 },
        )
    },
> {
    hax_lib::fstar!("admit ()")
}

/// The same for a vector of polynomials (HintBitUnpack line 12).
#[checked]
#[hax_lib::lemma]
pub fn vector_nonzero_count_of_update(
    h: &[Poly],
    u: &[Poly],
    i: usize,
    p: usize,
) -> Proof<
    {
        hax_lib::implies(
            Prop::from(h.len() <= 255 && u.len() == h.len() && i < h.len() && p < N).and(
                hax_lib::forall(|r: usize| {
                    hax_lib::implies(
                        r < h.len(),
                        hax_lib::forall(|c: usize| {
                            hax_lib::implies(c < N, (r == i && c == p) || u[r][c] == h[r][c])
                        }),
                    )
                }),
            ),
            vector_nonzero_count(u, u.len()) + if h[i][p] != 0 { 1 } else { 0 }
                == vector_nonzero_count(h, h.len()) + if u[i][p] != 0 { 1 } else { 0 },
        )
    },
> {
    hax_lib::fstar!("admit ()")
}
