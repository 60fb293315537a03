//! The run-time loop checks of `#[checked]` evaluate invariants and measures
//! in the states hax's `fold_range` / `while_loop` need them: before the
//! first iteration (also of a loop that runs zero times), after each one,
//! and at exit with the loop variable at its end value. Each planted
//! contract below is false in exactly one such state, and must fail. A
//! `#[hax_lib::lemma]`'s run-time copy checks its statement for the
//! arguments it is called with.

// The run-time checks do not exist under hax (`make hax-cfg`).
#![cfg(not(hax))]

mod panics;

use mldsa_spec::contract::checked;
use panics::violation;

/// `#[checked]` reports through `crate::contract`, as inside mldsa-spec.
mod contract {
    pub use mldsa_spec::contract::violated;
}

/// `f` must panic with a contract violation whose message contains `what`.
fn assert_caught<T>(f: impl FnOnce() -> T, what: &str) {
    let message = violation(f).expect("caught");
    assert!(message.contains(what), "{message}");
}

/// `count <= i && i < n`: true at the start of every iteration, false
/// after the last one (i = n).
#[checked]
fn false_only_at_exit(n: usize) -> usize {
    let mut count = 0;
    for i in 0..n {
        hax_lib::loop_invariant!(|i: usize| count <= i && i < n);
        count += 1;
    }
    count
}

/// `n > 0`: never false inside the loop, false before a loop of zero
/// iterations.
#[checked]
fn false_only_on_zero_iterations(n: usize) -> usize {
    let mut count = 0;
    for _ in 0..n {
        hax_lib::loop_invariant!(|_: usize| n > 0);
        count += 1;
    }
    count
}

/// The same invariant, true where the loop never runs: no false alarm.
#[checked]
fn true_everywhere(n: usize) -> usize {
    let mut count = 0;
    for i in 0..n {
        hax_lib::loop_invariant!(|i: usize| count == i && i <= n);
        count += 1;
    }
    count
}

/// `while`: `x != 0` holds in every iteration and is false in the exit
/// state.
#[checked]
fn while_false_only_at_exit(mut x: u32) -> u32 {
    while x > 0 {
        hax_lib::loop_invariant!(x != 0);
        hax_lib::loop_decreases!(x);
        x -= 1;
    }
    x
}

/// `while` of zero iterations whose invariant is false at entry.
#[checked]
fn while_false_on_zero_iterations(x: u32) -> u32 {
    let mut y = x;
    while y > 10 {
        hax_lib::loop_invariant!(y > 5);
        hax_lib::loop_decreases!(y);
        y -= 1;
    }
    y
}

/// A measure that decreases at every iteration start but not on the last
/// step: in the exit state (x = 2) it is 3, as at the last iteration.
#[checked]
fn measure_not_decreasing_into_exit(mut x: u32) -> u32 {
    while x > 2 {
        hax_lib::loop_invariant!(true);
        hax_lib::loop_decreases!(if x > 2 { x } else { 3 });
        x -= 1;
    }
    x
}

#[test]
fn invariant_false_only_at_exit_is_caught() {
    assert_caught(|| false_only_at_exit(3), "after the loop");
}

#[test]
fn invariant_false_only_before_zero_iterations_is_caught() {
    assert_caught(|| false_only_on_zero_iterations(0), "before the loop");
    assert_eq!(false_only_on_zero_iterations(2), 2);
}

#[test]
fn true_invariants_pass_at_entry_and_exit() {
    assert_eq!(true_everywhere(0), 0);
    assert_eq!(true_everywhere(5), 5);
}

#[test]
fn while_invariant_false_only_at_exit_is_caught() {
    assert_caught(|| while_false_only_at_exit(3), "after the loop");
}

#[test]
fn while_invariant_false_before_zero_iterations_is_caught() {
    assert_caught(|| while_false_on_zero_iterations(3), "before the loop");
    assert_eq!(while_false_on_zero_iterations(20), 10);
}

#[test]
fn measure_not_decreasing_on_the_last_step_is_caught() {
    assert_caught(
        || measure_not_decreasing_into_exit(6),
        "loop_decreases (into the exit state)",
    );
}

/// A lemma false for x in 50..100 (and vacuous from 100 on).
#[checked]
#[hax_lib::lemma]
fn doubling_stays_below_100(x: u32) -> Proof<{ hax_lib::implies(x < 100, 2 * x < 100) }> {}

#[test]
fn a_false_lemma_is_caught_where_it_is_false() {
    doubling_stays_below_100(10);
    doubling_stays_below_100(200);
    assert_caught(
        || doubling_stays_below_100(60),
        "lemma of doubling_stays_below_100",
    );
}
