//! Pseudorandom sampling, FIPS 204 section 7.3 (Algorithms 29 to 34).

use crate::contract::{checked, predicate};
use crate::conversions::{
    bit_unpack, bytes_to_bits, coeff_from_half_byte, coeff_from_three_bytes, integer_to_bytes,
};
use crate::hash::{g_absorb, g_init, g_squeeze, h, h_absorb, h_init, h_squeeze};
use crate::params::{N, ParamSet, Q};
use crate::ring::{
    Poly, coefficients_in, count_nonzero_prefix, mod_q, nonzero_count, vector_in, zero,
};
#[cfg(hax)]
use hax_lib::Prop;

/// The most iterations a rejection-sampling loop here makes: 2^16. FIPS 204
/// Appendix C allows an implementation to bound these loops, at no fewer
/// iterations than its Table 3 gives (a few hundred for each sampler); 2^16 is
/// far above those, so that no input reachable with a real SHAKE stream stops
/// early, and it is what the `loop_decreases!` measures count down. Should a
/// loop ever reach it, the sampler returns the coefficients drawn so far and
/// zeros for the rest.
pub const SAMPLER_ITERATIONS_BOUND: usize = 1 << 16;

/// Algorithm 29, SampleInBall(rho): the challenge polynomial c, with exactly
/// tau coefficients in {-1, 1} and the rest 0, from the seed rho = c~.
/// The coefficients are returned in R_q (so -1 is q - 1).
#[checked]
#[hax_lib::requires(tau <= 64)]
#[hax_lib::ensures(|c| Prop::from(count_nonzero_prefix(&c, N) == tau).and(is_ternary(&c)))]
pub fn sample_in_ball(rho: &[u8], tau: usize) -> Poly {
    // 1: c <- 0
    let mut c = zero();
    // 2: ctx <- H.Init()
    let ctx = h_init();
    // 3: ctx <- H.Absorb(ctx, rho)
    let ctx = h_absorb(ctx, rho);
    // 4: (ctx, s) <- H.Squeeze(ctx, 8)
    let (mut ctx, s) = h_squeeze(ctx, 8);
    // 5: h <- BytesToBits(s)
    let h = bytes_to_bits(&s);
    // 6: for i from 256 - tau to 255 do
    for i in (N - tau)..N {
        // i - (256 - tau) coefficients are +-1 so far, all below i.
        hax_lib::loop_invariant!(|i: usize| Prop::from(nonzero_count(&c, N) == i - (N - tau))
            .and(is_ternary(&c))
            .and(hax_lib::forall(|p: usize| hax_lib::implies(
                p < N,
                p < i || c[p] == 0
            ))));
        // 7: (ctx, j) <- H.Squeeze(ctx, 1)
        let (next, j_bytes) = h_squeeze(ctx, 1);
        ctx = next;
        let mut j = j_bytes[0] as usize;
        let mut squeezes: usize = 0;
        // 8: while j > i do  (at most SAMPLER_ITERATIONS_BOUND times)
        while j > i && squeezes < SAMPLER_ITERATIONS_BOUND {
            hax_lib::loop_invariant!(j < 256 && squeezes <= SAMPLER_ITERATIONS_BOUND);
            hax_lib::loop_decreases!(SAMPLER_ITERATIONS_BOUND - squeezes);
            // 9: (ctx, j) <- H.Squeeze(ctx, 1)
            let (next, j_bytes) = h_squeeze(ctx, 1);
            ctx = next;
            j = j_bytes[0] as usize;
            squeezes += 1;
        } // 10: end while
        // Only past the bound can j > i remain; then i stands in for j.
        if j > i {
            j = i;
        }
        // 11: c_i <- c_j
        c[i] = c[j];
        // 12: c_j <- (-1)^h[i + tau - 256]
        c[j] = if h[i + tau - N] { mod_q(-1) } else { 1 };
    } // 13: end for
    // 14: return c
    c
}

/// Every coefficient of c is 0, 1 or -1 (q - 1 in R_q).
#[predicate]
pub fn is_ternary(c: &Poly) -> Prop {
    hax_lib::forall(|i: usize| hax_lib::implies(i < N, c[i] == 0 || c[i] == 1 || c[i] == Q - 1))
}

/// Algorithm 30, RejNTTPoly(rho): a uniformly random element of T_q from the
/// 34-byte seed rho, by rejection sampling on G = SHAKE128.
#[checked]
#[hax_lib::requires(rho.len() == 34)]
#[hax_lib::ensures(|a_hat| coefficients_in(&a_hat, 0, Q - 1))]
pub fn rej_ntt_poly(rho: &[u8]) -> Poly {
    let mut a_hat = zero();
    // 1: j <- 0
    let mut j = 0;
    // 2: ctx <- G.Init()
    let ctx = g_init();
    // 3: ctx <- G.Absorb(ctx, rho)
    let mut ctx = g_absorb(ctx, rho);
    let mut squeezes: usize = 0;
    // 4: while j < 256 do  (at most SAMPLER_ITERATIONS_BOUND times)
    while j < N && squeezes < SAMPLER_ITERATIONS_BOUND {
        hax_lib::loop_invariant!(
            Prop::from(j <= N && squeezes <= SAMPLER_ITERATIONS_BOUND).and(coefficients_in(
                &a_hat,
                0,
                Q - 1
            ))
        );
        hax_lib::loop_decreases!(SAMPLER_ITERATIONS_BOUND - squeezes);
        squeezes += 1;
        // 5: (ctx, s) <- G.Squeeze(ctx, 3)
        let (next, s) = g_squeeze(ctx, 3);
        ctx = next;
        // 6: a_hat[j] <- CoeffFromThreeBytes(s[0], s[1], s[2])
        let coefficient = coeff_from_three_bytes(s[0], s[1], s[2]);
        // 7: if a_hat[j] != bottom then
        if let Some(value) = coefficient {
            a_hat[j] = value;
            // 8: j <- j + 1
            j += 1;
        } // 9: end if
    } // 10: end while
    // 11: return a_hat
    a_hat
}

/// Algorithm 31, RejBoundedPoly(rho): a polynomial with coefficients in
/// [-eta, eta] from the 66-byte seed rho, by rejection sampling on
/// H = SHAKE256. Coefficients are returned as signed integers (an element of R).
#[checked]
#[hax_lib::requires(rho.len() == 66 && (eta == 2 || eta == 4))]
#[hax_lib::ensures(|a| coefficients_in(&a, -eta, eta))]
pub fn rej_bounded_poly(rho: &[u8], eta: i32) -> Poly {
    let mut a = zero();
    // 1: j <- 0
    let mut j = 0;
    // 2: ctx <- H.Init()
    let ctx = h_init();
    // 3: ctx <- H.Absorb(ctx, rho)
    let mut ctx = h_absorb(ctx, rho);
    let mut squeezes: usize = 0;
    // 4: while j < 256 do  (at most SAMPLER_ITERATIONS_BOUND times)
    while j < N && squeezes < SAMPLER_ITERATIONS_BOUND {
        hax_lib::loop_invariant!(
            Prop::from(j <= N && squeezes <= SAMPLER_ITERATIONS_BOUND)
                .and(coefficients_in(&a, -eta, eta))
        );
        hax_lib::loop_decreases!(SAMPLER_ITERATIONS_BOUND - squeezes);
        squeezes += 1;
        // 5: (ctx, z) <- H.Squeeze(ctx, 1)
        let (next, z) = h_squeeze(ctx, 1);
        ctx = next;
        let z = z[0];
        // 6: z0 <- CoeffFromHalfByte(z mod 16, eta)
        let z0 = coeff_from_half_byte(z % 16, eta);
        // 7: z1 <- CoeffFromHalfByte(floor(z/16), eta)
        let z1 = coeff_from_half_byte(z / 16, eta);
        // 8: if z0 != bottom then
        if let Some(value) = z0 {
            // 9: a_j <- z0
            a[j] = value;
            // 10: j <- j + 1
            j += 1;
        } // 11: end if
        // 12: if z1 != bottom and j < 256 then
        if let Some(value) = z1 {
            if j < N {
                // 13: a_j <- z1
                a[j] = value;
                // 14: j <- j + 1
                j += 1;
            }
        } // 15: end if
    } // 16: end while
    // 17: return a
    a
}

/// Algorithm 32, ExpandA(rho): the k x l matrix A_hat over T_q from the
/// 32-byte public seed rho.
#[checked]
#[hax_lib::ensures(|a_hat| Prop::from(a_hat.len() == params.k()).and(hax_lib::forall(|r: usize| {
    hax_lib::implies(r < a_hat.len(), vector_in(&a_hat[r], params.l(), 0, Q - 1))
})))]
pub fn expand_a(params: &ParamSet, rho: &[u8; 32]) -> Vec<Vec<Poly>> {
    let mut a_hat: Vec<Vec<Poly>> = Vec::new();
    // 1: for r from 0 to k - 1 do
    for r in 0..params.k() {
        hax_lib::loop_invariant!(|r: usize| Prop::from(a_hat.len() == r).and(hax_lib::forall(
            |i: usize| hax_lib::implies(
                i < a_hat.len(),
                vector_in(&a_hat[i], params.l(), 0, Q - 1)
            )
        )));
        let mut row: Vec<Poly> = Vec::new();
        // 2: for s from 0 to l - 1 do
        for s in 0..params.l() {
            hax_lib::loop_invariant!(|s: usize| vector_in(&row, s, 0, Q - 1));
            // 3: rho' <- rho || IntegerToBytes(s, 1) || IntegerToBytes(r, 1)
            let mut rho_prime = rho.to_vec();
            rho_prime.extend_from_slice(&integer_to_bytes(s as u64, 1));
            rho_prime.extend_from_slice(&integer_to_bytes(r as u64, 1));
            // 4: A_hat[r, s] <- RejNTTPoly(rho')
            row.push(rej_ntt_poly(&rho_prime));
        } // 5: end for
        a_hat.push(row);
    } // 6: end for
    // 7: return A_hat
    a_hat
}

/// Algorithm 33, ExpandS(rho): the secret vectors s1 (length l) and s2
/// (length k), coefficients in [-eta, eta], from the 64-byte seed rho'.
#[checked]
#[hax_lib::ensures(|(s1, s2)| vector_in(&s1, params.l(), -params.eta(), params.eta())
    .and(vector_in(&s2, params.k(), -params.eta(), params.eta())))]
pub fn expand_s(params: &ParamSet, rho: &[u8; 64]) -> (Vec<Poly>, Vec<Poly>) {
    let mut s1: Vec<Poly> = Vec::new();
    let mut s2: Vec<Poly> = Vec::new();
    // 1: for r from 0 to l - 1 do
    for r in 0..params.l() {
        hax_lib::loop_invariant!(|r: usize| vector_in(&s1, r, -params.eta(), params.eta()));
        // 2: s1[r] <- RejBoundedPoly(rho || IntegerToBytes(r, 2))
        let mut seed = rho.to_vec();
        seed.extend_from_slice(&integer_to_bytes(r as u64, 2));
        s1.push(rej_bounded_poly(&seed, params.eta()));
    } // 3: end for
    // 4: for r from 0 to k - 1 do
    for r in 0..params.k() {
        hax_lib::loop_invariant!(|r: usize| vector_in(&s2, r, -params.eta(), params.eta()));
        // 5: s2[r] <- RejBoundedPoly(rho || IntegerToBytes(r + l, 2))
        let mut seed = rho.to_vec();
        seed.extend_from_slice(&integer_to_bytes((r + params.l()) as u64, 2));
        s2.push(rej_bounded_poly(&seed, params.eta()));
    } // 6: end for
    // 7: return (s1, s2)
    (s1, s2)
}

/// Algorithm 34, ExpandMask(rho, mu): the mask y (length l, coefficients in
/// [-gamma1 + 1, gamma1]) from the 64-byte seed rho'' and the counter mu
/// (kappa in Sign_internal). Coefficients are signed (an element of R^l).
/// IntegerToBytes(mu + r, 2) keeps the low 16 bits, as in the standard
/// (Sign_internal's bound keeps its kappa below 2^16); mu <= usize::MAX - l
/// keeps mu + r from overflowing, at every width of usize.
#[checked]
#[hax_lib::requires(mu <= usize::MAX - params.l())]
#[hax_lib::ensures(|y| vector_in(&y, params.l(), -params.gamma1() + 1, params.gamma1()))]
pub fn expand_mask(params: &ParamSet, rho: &[u8; 64], mu: usize) -> Vec<Poly> {
    let gamma1 = params.gamma1() as u32;
    let mut y: Vec<Poly> = Vec::new();
    // 1: c <- 1 + bitlen(gamma1 - 1)
    let c = params.gamma1_bits();
    // 2: for r from 0 to l - 1 do
    for r in 0..params.l() {
        hax_lib::loop_invariant!(|r: usize| vector_in(
            &y,
            r,
            -params.gamma1() + 1,
            params.gamma1()
        ));
        // 3: rho' <- rho || IntegerToBytes(mu + r, 2)
        let mut rho_prime = rho.to_vec();
        rho_prime.extend_from_slice(&integer_to_bytes((mu + r) as u64, 2));
        // 4: v <- H(rho', 32c)
        let v = h(&rho_prime, 32 * c);
        // 5: y[r] <- BitUnpack(v, gamma1 - 1, gamma1)
        y.push(bit_unpack(&v, gamma1 - 1, gamma1));
    } // 6: end for
    // 7: return y
    y
}
