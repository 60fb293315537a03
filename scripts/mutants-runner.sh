#!/usr/bin/env bash
# The test runner of `make mutants` (scripts/mutants.sh sets it as cargo's
# target runner): runs a test binary so that it stops at its first failing
# test. cargo-mutants needs one failure per mutant, and cargo test already
# stops at the first failing binary; this stops the binary too, instead of
# running its other property tests (seconds each) to the end. libtest's
# `--fail-fast` is still unstable: RUSTC_BOOTSTRAP lets the stable test
# harness accept it, set here for the test process only, not for rustc.
set -euo pipefail
RUSTC_BOOTSTRAP=1 exec "$@" -Zunstable-options --fail-fast
