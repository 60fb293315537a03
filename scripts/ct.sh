#!/usr/bin/env bash
# `make ct` (part of `make test`): valgrind's memcheck as a constant-time
# checker (SECURITY.md). The driver impl/examples/ct_check.rs, built with
# the test-only feature `ct-check`, marks every secret undefined and runs
# keygen, sign (hedged, deterministic, external mu), expanded-key import and
# PKCS#8 DER decoding on ML-DSA-44, 65 and 87, once per backend of
# scripts/backends.sh. Any branch or address that depends on a secret the
# library did not declassify is an error, and fails the run. Then the
# planted leak (a branch on a secret byte of the key, switched on by
# `--planted-leak`) must be reported on every backend, or the check is
# blind and fails too.
#
# x86-64 only (valgrind cannot run AVX-512 code, nor run under qemu: NEON is
# not checked). No suppressions: every report counts.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "$(uname -m)" != x86_64 ]]; then
    if [[ "${CI:-}" == true ]]; then
        echo "ct.sh: the constant-time check runs on x86-64 only" >&2
        exit 1
    fi
    echo "ct.sh: SKIPPED: the constant-time check runs on x86-64 only" >&2
    exit 0
fi
command -v valgrind >/dev/null || {
    echo "ct.sh: valgrind is not installed (make setup installs it)" >&2
    exit 1
}

# The release build, with line tables so that reports name source lines:
# scripts/release-set.sh, and mldsa's test-only ct-check feature.
cargo build -q --profile ct $(bash scripts/release-set.sh) --features mldsa-fips204/ct-check --example ct_check
bin=target/ct/examples/ct_check
logs=target/ct
# valgrind 3.19 aborts on the AVX2 signing path ("VEX temporary storage
# exhausted") unless it translates smaller blocks.
flags=(--tool=memcheck --error-exitcode=1 --num-callers=30 --track-origins=yes
    --vex-guest-max-insns=20 --vex-guest-chase=no)
secret_use='uninitialised value|Uninitialised byte'

# valgrind runs portable and AVX2 code only: the avx512 backend (valgrind
# cannot execute AVX-512) is left out here, as SECURITY.md says.
for b in $(bash scripts/backends.sh | grep -Ex 'portable|avx2'); do
    log=$logs/ct-$b.log
    start=$SECONDS
    status=0
    MLDSA_BACKEND=$b valgrind "${flags[@]}" "$bin" >"$log" 2>&1 || status=$?
    if [[ $status -ne 0 ]] || grep -Eq "$secret_use" "$log" ||
        ! grep -qx "ct_check: backend $b" "$log" || ! grep -qx "ct_check: done" "$log"; then
        echo "ct.sh: FAILED on $b (exit $status): a secret-dependent branch or address, or a" >&2
        echo "  public output left secret; the first reports ($log has all):" >&2
        grep -E -A14 "$secret_use" "$log" | head -60 >&2 || tail -20 "$log" >&2
        exit 1
    fi
    echo "ct: $b: keygen, sign, import, PKCS#8 on ML-DSA-44/65/87: no secret-dependent branch or address ($((SECONDS - start)) s)"

    # The planted leak must be caught, at the planted line.
    log=$logs/ct-$b-planted.log
    status=0
    MLDSA_BACKEND=$b valgrind "${flags[@]}" "$bin" --planted-leak >"$log" 2>&1 || status=$?
    if [[ $status -eq 0 ]] || ! grep -A3 "Conditional jump or move depends on uninitialised" "$log" |
        grep -q "planted_leak (plants.rs"; then
        echo "ct.sh: FAILED on $b: the planted leak (impl/src/ct/plants.rs) was not reported ($log)" >&2
        exit 1
    fi
    echo "ct: $b: the planted leak is reported"
done
