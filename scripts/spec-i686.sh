#!/usr/bin/env bash
# `make spec-i686` (part of make test): the spec's tests with usize 32 bits
# wide, as hax's F* allows (size_bits is 32 or 64), on i686-unknown-linux-gnu,
# which runs natively on x86-64 (make setup installs the target and the
# 32-bit C libraries). The test profile: contracts checked (the default
# feature check-contracts), overflow checks on. Anything that assumes a
# 64-bit usize fails here, at compile time (a constant such as 1 << 32) or
# at run time (an overflow, a contract).
#
# Then the planted defect of this kind (spec/tests/planted_usize_bound.rs,
# a `1 << 32` bound on usize) must fail to build, with rustc's overflow
# error; a 32-bit run that does not catch it fails the target.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
target=i686-unknown-linux-gnu

# Every test and every requires edge runs; the property tests draw 8
# random cases each (MLDSA_SPEC_CASES, as the mutants shard does): their
# full counts run at 64 bits in make unit, and what depends on the width
# of usize sits at the edges, which requires_edges.rs runs whole.
start=$SECONDS
MLDSA_SPEC_CASES="${MLDSA_SPEC_CASES:-8}" cargo test -p mldsa-spec --target "$target"
echo "spec-i686: the spec's tests pass with a 32-bit usize ($((SECONDS - start)) s)"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if cargo test -p mldsa-spec --target "$target" --features plant-usize-bound \
    --test planted_usize_bound --no-run >"$log" 2>&1; then
    echo "spec-i686: the planted 1 << 32 bound on usize built for $target: the 32-bit run would not catch it" >&2
    exit 1
fi
if ! grep -q "this arithmetic operation will overflow" "$log"; then
    echo "spec-i686: the planted build failed, but not on the 1 << 32 bound:" >&2
    cat "$log" >&2
    exit 1
fi
echo "spec-i686: the planted 1 << 32 bound on usize is caught (does not build for $target)"
