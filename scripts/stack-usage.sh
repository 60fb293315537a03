#!/usr/bin/env bash
# Peak stack of every operation (keygen, sign, verify, the expanded-key
# import and PKCS#8 decoding, by value; for the precomputed key form keygen
# by value, precompute(), boxed keygen, import and PKCS#8 decoding, and
# sign) for every backend this CPU runs and every parameter set: for each, the smallest thread stack (to
# 1 KiB) it runs on without overflowing, minus what an empty thread needs.
# An upper bound, repeatable; printed as the table of the crate docs
# (impl/src/lib.rs, "Stack"). `make stack-usage`.
#
# With `check`: runs every operation on a stack of exactly the documented
# figure (rounded up to 4 KiB, plus the empty thread's need), and checks
# that each figure is at most 128 KiB (`make stack-check`, in `make test`).
set -euo pipefail
cd "$(dirname "$0")/.."
# scripts/release-set.sh: the same build as the other optimized tests.
cargo build -q --release $(bash scripts/release-set.sh) --example stack_usage
bin=target/release/examples/stack_usage
if [[ "${1:-}" == check ]]; then
    "$bin" check
else
    "$bin" table
fi
