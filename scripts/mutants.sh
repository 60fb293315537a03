#!/usr/bin/env bash
# `make mutants`: cargo-mutants on the spec (spec/src), each mutant against
# the tests `make unit` runs on the spec with its contracts on
# (`cargo test -p mldsa-spec`: unit, contract, loop-check, mutant and
# property tests, doc tests).
#
#   MUTANTS_SHARD=k/N   one shard (mutant i runs on shard i mod N)
#   MLDSA_SPEC_CASES=n  property-test cases per test (default: each test's
#                       own, 16 to 64)
#   MUTANTS_JOBS=j      mutants built and tested at once (default 1)
#
# `make mutants` runs all 862, two at a time with 8 cases: about 80 minutes
# on 2 cores. `make mutants-shard` (in make test) runs shard k/96, k =
# commits mod 96, with 8 cases: about 9 mutants, a minute or two.
#
# Equivalent mutants (no test can tell them from the spec) are listed with
# their reason in .cargo/mutants.toml (exclude_re) and not run. The script
# fails when a mutant is missed (a timeout counts as detected): each missed
# one needs a test or contract that kills it, or a line there. The outcome, per mutant, is
# in target/mutants/mutants.out/ (caught.txt, missed.txt, timeout.txt,
# unviable.txt).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo-mutants >/dev/null; then
    echo "mutants: installing cargo-mutants from crates.io"
    cargo install cargo-mutants --locked --version 27.1.0
fi

args=(mutants -p mldsa-spec --output target/mutants --no-shuffle)
if [[ -n "${MUTANTS_JOBS:-}" ]]; then
    args+=(--jobs "$MUTANTS_JOBS")
fi
if [[ -n "${MUTANTS_SHARD:-}" ]]; then
    args+=(--shard "$MUTANTS_SHARD" --sharding round-robin)
fi
# The unmutated tests pass in make unit; a shard skips that baseline run and
# allows each mutant's tests 90 s (a clean run with 8 cases takes 15 to
# 30 s). A mutant that makes a loop run past that (a sampler's 2^16 bound,
# the NTT with a wrong stride) is reported as a timeout: detected, not
# missed.
if [[ -n "${MUTANTS_SKIP_BASELINE:-}" ]]; then
    args+=(--baseline skip --timeout 90 --build-timeout 300)
fi
# A mutant is caught by its first failing test: each test binary stops
# there (scripts/mutants-runner.sh), and a failing property test is not
# shrunk to its smallest input.
host=$(rustc -vV | sed -n 's/^host: //p')
runner_var="CARGO_TARGET_$(tr 'a-z-' 'A-Z_' <<<"$host")_RUNNER"
export "$runner_var=$PWD/scripts/mutants-runner.sh"
export PROPTEST_MAX_SHRINK_ITERS=0
start=$SECONDS
rc=0
cargo "${args[@]}" || rc=$?
out=target/mutants/mutants.out
count() { [[ -f "$out/$1.txt" ]] && wc -l <"$out/$1.txt" || echo 0; }
echo "mutants: $(count caught) caught, $(count missed) missed, $(count unviable) unviable, $(count timeout) timeouts in $((SECONDS - start)) s${MUTANTS_SHARD:+ (shard $MUTANTS_SHARD)}"
if [[ -s "$out/missed.txt" ]]; then
    echo "mutants: missed (kill each with a test or contract, or list it in .cargo/mutants.toml with why it is equivalent):"
    sed 's/^/  /' "$out/missed.txt"
    exit 1
fi
# cargo-mutants: 0 all caught, 2 some missed, 3 some timed out; anything
# else (1 usage, 4 the tree does not build or its tests fail) is an error.
case "$rc" in
    0 | 3) exit 0 ;;
    *) echo "mutants: cargo mutants exited $rc" >&2; exit "$rc" ;;
esac
