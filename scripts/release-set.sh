#!/usr/bin/env bash
# The packages and features the optimized test builds of `make test` and
# `make test-neon` name (ACVP, the stack scan and stack check, ct, interop;
# always with a test or example target, so that dev-dependencies count;
# `make lemmas` runs on its own). Cargo resolves features per invocation: the same
# set resolves mldsa and its dependencies identically each time, so that
# mldsa and the workspace's libraries are built once per profile and target
# instead of once per command, and a binary two commands need (the
# stack_usage example: make stack-check, and make interop's example target)
# once. With `aarch64`: without the z3 lemmas (no libz3 for that target
# here).
set -euo pipefail
set=(-p mldsa-fips204 -p mldsa-cli -p mldsa-diff-tests -p mldsa-lemmas -p mldsa-vectors)
if [[ "${1:-}" != aarch64 ]]; then
    set+=(--features mldsa-lemmas/smt)
fi
echo "${set[@]}"
