#!/usr/bin/env bash
# Prints the mldsa backends to test on this machine, one per line: portable,
# avx2 when the CPU has AVX2, BMI1, BMI2 and POPCNT, and avx512 when it has
# those and AVX-512 F, VL, BW and DQ. With MLDSA_REQUIRE_AVX2=1 or
# MLDSA_REQUIRE_AVX512=1 (CI sets both) that backend is listed regardless, so
# that a CPU without it fails the tests loudly instead of skipping them. On an
# AArch64 machine, neon too (cross-built tests run it under qemu:
# `make test-neon`).
set -euo pipefail
echo portable
flags=" $(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true) "
has() { for f in "$@"; do [[ "$flags" == *" $f "* ]] || return 1; done; }
if [[ "${MLDSA_REQUIRE_AVX2:-0}" == 1 ]] || has avx2 bmi1 bmi2 popcnt; then
    echo avx2
else
    echo "backends.sh: this CPU has no AVX2: the avx2 backend is NOT tested here" >&2
fi
if [[ "${MLDSA_REQUIRE_AVX512:-0}" == 1 ]] || has avx2 bmi1 bmi2 popcnt avx512f avx512vl avx512bw avx512dq; then
    echo avx512
else
    echo "backends.sh: this CPU has no AVX-512: the avx512 backend is NOT tested here" >&2
fi
if [[ "$(uname -m)" == aarch64 ]]; then
    echo neon
fi
