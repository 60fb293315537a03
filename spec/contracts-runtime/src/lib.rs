//! Run-time support for the contract checks that `mldsa-spec-contracts`'
//! `#[checked]` inserts into mldsa-spec (re-exported there as
//! `mldsa_spec::contract`). A crate of its own because it holds a
//! thread-local switch (interior mutability), which hax's subset excludes
//! from mldsa-spec's source; nothing here is extracted.

use std::cell::Cell;

thread_local! {
    /// The function whose `requires` check is off on this thread.
    static UNCHECKED_REQUIRES: Cell<Option<&'static str>> = const { Cell::new(None) };
}

/// A contract of `function` is false: fail with its text and the inputs.
#[cold]
#[track_caller]
pub fn violated(function: &str, kind: &str, text: &str, inputs: String) {
    panic!("contract violated: {kind} of {function}: {text}\n  inputs: {inputs}");
}

/// Whether `function`'s `requires` is checked (always, except inside
/// [`without_requires_of`]).
pub fn requires_enabled(function: &str) -> bool {
    UNCHECKED_REQUIRES.with(|off| off.get() != Some(function))
}

/// Runs `f` with `function`'s own `requires` check off, everything else
/// on. The mutant tests use it to call a function on inputs that only a
/// weakened precondition would admit, and see what its body then does.
pub fn without_requires_of<T>(function: &'static str, f: impl FnOnce() -> T) -> T {
    struct Restore(Option<&'static str>);
    impl Drop for Restore {
        fn drop(&mut self) {
            UNCHECKED_REQUIRES.with(|off| off.set(self.0));
        }
    }
    let _restore = Restore(UNCHECKED_REQUIRES.with(|off| off.replace(Some(function))));
    f()
}
