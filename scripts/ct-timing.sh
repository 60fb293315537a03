#!/usr/bin/env bash
# `make ct-timing` and `make ct-timing-short` (in make test): the timing
# check of SECURITY.md, a two-class test in the manner of dudect
# (impl/examples/ct_timing.rs), on every backend of scripts/backends.sh,
# AVX-512 included: the one check of constant time that runs there, where
# valgrind (make ct) cannot.
#
# For each backend: keygen (after ExpandS), ExpandS's sampler, expanded-key
# import and signing (compact and precomputed key) on ML-DSA-44, 65 and 87,
# fixed secret against random secrets, N measurements each; any |t| over
# 4.5 fails. Then the planted
# leak (16 k NTTs more in signing when a secret coefficient is odd, test-only
# feature ct-timing) must push every signing |t| over 4.5, or the check is
# blind and fails too.
#
# usage: scripts/ct-timing.sh N      (make ct-timing-short: 2000; make
#                                    ct-timing: 20000)
#
# x86-64 and AArch64 natively; not under qemu, whose timing is not the
# CPU's (NEON is not checked by it on an x86-64 host).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:?usage: scripts/ct-timing.sh N}

cargo build -q --release -p mldsa-fips204 --features ct-timing,internals --example ct_timing
bin=target/release/examples/ct_timing
status=0
for b in $(bash scripts/backends.sh | grep -v '^neon$'); do
    start=$SECONDS
    echo "ct-timing: $b, $n measurements per operation"
    MLDSA_BACKEND=$b "$bin" "$n" | sed 's/^/  /' || {
        status=1
        echo "ct-timing: FAILED on $b: a |t| over 4.5 (a timing difference between a fixed and random secrets)" >&2
    }
    MLDSA_BACKEND=$b "$bin" "$n" --planted | sed 's/^/  planted: /' || {
        status=1
        echo "ct-timing: FAILED on $b: the planted leak was not caught" >&2
    }
    echo "ct-timing: $b done in $((SECONDS - start)) s"
done
exit "$status"
