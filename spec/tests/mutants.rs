//! Mutants: a deliberately weakened `requires` or strengthened `ensures` must
//! be caught by the run-time checks of `make unit`.
//!
//! A weakened `requires` is applied by calling the function with its own
//! precondition check off (`contract::without_requires_of`) on inputs that
//! only the mutant admits: the mutant is caught when the body then panics,
//! or one of its own or its callees' contracts fails. A strengthened
//! `ensures` is applied by evaluating it on the function's real outputs: it
//! is caught when one of them falsifies it. Each test also checks that the
//! real contract holds on the same inputs, so what catches the mutant is
//! the mutation.

// The run-time checks do not exist under hax (`make hax-cfg`).
#![cfg(not(hax))]

use std::panic::{AssertUnwindSafe, catch_unwind};

use mldsa_spec::contract::without_requires_of;
use mldsa_spec::conversions::{bits_to_integer, hint_bit_pack};
use mldsa_spec::encodings::pk_encode;
use mldsa_spec::params::{D, N, Q};
use mldsa_spec::ring::{Poly, count_nonzero};
use mldsa_spec::rounding::{decompose, power2round};
use mldsa_spec::sampling::sample_in_ball;
use mldsa_spec::{ML_DSA_44, ML_DSA_87};

/// Whether `f` panics (with the panic message kept quiet).
fn panics<T>(f: impl FnOnce() -> T) -> bool {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = catch_unwind(AssertUnwindSafe(f));
    std::panic::set_hook(hook);
    result.is_err()
}

/// Mutant 1, HintBitPack: `count_ones(h) <= omega` (1's only, the old
/// precondition) instead of the nonzero count. 100 coefficients equal to 2
/// satisfy it, and line 6 writes past y.
#[test]
fn hint_bit_pack_counting_ones_only_is_caught() {
    let (omega, k) = (ML_DSA_44.omega(), ML_DSA_44.k());
    let mut h: Vec<Poly> = vec![[0; N]; k];
    h[0][..100].fill(2);
    let ones = h.iter().flatten().filter(|&&c| c == 1).count();
    assert!(ones <= omega, "the mutant admits h");
    assert!(count_nonzero(&h) > omega, "the real requires rejects h");
    assert!(panics(|| without_requires_of("hint_bit_pack", || {
        hint_bit_pack(&h, omega, k)
    })));
    assert!(
        panics(|| hint_bit_pack(&h, omega, k)),
        "the real requires fails"
    );
}

/// Mutant 2, BitsToInteger: `alpha <= 33` instead of `alpha <= 32`:
/// 33 bits overflow u32.
#[test]
fn bits_to_integer_with_33_bits_is_caught() {
    let y = [true; 33];
    assert!(panics(|| without_requires_of("bits_to_integer", || {
        bits_to_integer(&y, 33)
    })));
    assert_eq!(bits_to_integer(&y, 32), u32::MAX);
}

/// Mutant 3, SampleInBall: `tau <= 65` instead of `tau <= 64`: h has 64
/// bits, and line 12 reads h[64].
#[test]
fn sample_in_ball_with_tau_65_is_caught() {
    let rho = [7u8; 32];
    assert!(panics(|| without_requires_of("sample_in_ball", || {
        sample_in_ball(&rho, 65)
    })));
    let c = sample_in_ball(&rho, 64);
    assert_eq!(c.iter().filter(|&&x| x != 0).count(), 64);
}

/// Mutant 4, Decompose: `0 <= r` without `r < q`: r = q breaks the
/// postcondition (r is no longer (2 gamma2 r1 + r0) mod q).
#[test]
fn decompose_without_upper_bound_is_caught() {
    let gamma2 = ML_DSA_87.gamma2();
    assert!(panics(|| without_requires_of("decompose", || decompose(
        Q, gamma2
    ))));
    let _ = decompose(Q - 1, gamma2);
}

/// Mutant 5, pkEncode: t1 in [0, 2047] instead of [0, 1023]: the callee
/// SimpleBitPack's precondition (checked at run time) catches it.
#[test]
fn pk_encode_with_wider_t1_is_caught() {
    let p = ML_DSA_44;
    let mut t1: Vec<Poly> = vec![[0; N]; p.k()];
    t1[0][0] = 2047;
    assert!(panics(|| without_requires_of("pk_encode", || pk_encode(
        &p, &[0; 32], &t1
    ))));
    t1[0][0] = 1023;
    assert_eq!(pk_encode(&p, &[0; 32], &t1).len(), p.pk_len());
}

/// The text of `function`'s `#[hax_lib::ensures(|..| body)]` in `source`:
/// the body, whitespace removed.
fn ensures_body(source: &str, function: &str) -> String {
    let at = source
        .find(&format!("pub fn {function}("))
        .expect("the function is in the file");
    let start = source[..at]
        .rfind("#[hax_lib::ensures(")
        .expect("the function has an ensures");
    let attribute = &source[start..at];
    let end = attribute.rfind(")]").expect("the attribute closes");
    let closure = &attribute["#[hax_lib::ensures(".len()..end];
    // Drop the closure's parameters, `|..|`.
    let body = &closure[closure[1..].find('|').expect("a closure") + 2..];
    body.split_whitespace().collect()
}

/// Mutant 6, Power2Round: ensures `r0 < 2^(d-1)` instead of `<=`: r = 2^(d-1)
/// gives r0 = 2^(d-1), a boundary the property tests draw. The mutant is the
/// real ensures of spec/src/rounding.rs with that one `<=` made strict: the
/// test fails if its copy below is not exactly that text.
#[test]
fn power2round_strict_r0_bound_is_caught() {
    let real = ensures_body(include_str!("../src/rounding.rs"), "power2round");
    let mutated = real.replacen("r0<=1<<(D-1)", "r0<1<<(D-1)", 1);
    assert_ne!(mutated, real, "the real ensures bounds r0 by <= 2^(d-1)");
    // The mutant as code, and its text.
    macro_rules! mutant {
        ($r:ident, $r1:ident, $r0:ident => $($body:tt)*) => {
            (
                #[allow(clippy::manual_range_contains)]
                |$r: i32, ($r1, $r0): (i32, i32)| -> bool { $($body)* },
                stringify!($($body)*),
            )
        };
    }
    let (strengthened, text) = mutant!(r, r1, r0 => 0 <= r1 && r1 <= (Q - 1) >> D
        && -(1 << (D - 1)) < r0 && r0 < 1 << (D - 1)
        && (r1 << D) + r0 == r);
    assert_eq!(
        text.split_whitespace().collect::<String>(),
        mutated,
        "the mutant is the real ensures with one <= made strict"
    );
    let boundaries = [0, 1, 1 << (D - 1), (1 << (D - 1)) + 1, Q - 1];
    // The real ensures holds on each (checked inside power2round); the
    // mutant fails on one.
    assert!(boundaries.iter().any(|&r| !strengthened(r, power2round(r))));
}

/// A contract failure names the function, the contract and the inputs.
#[test]
fn violation_message_names_function_and_inputs() {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let err = catch_unwind(|| decompose(Q, ML_DSA_44.gamma2())).unwrap_err();
    std::panic::set_hook(hook);
    let message = err.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("requires of decompose"), "{message}");
    assert!(message.contains(&format!("r = {Q}")), "{message}");
}
