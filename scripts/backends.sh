#!/usr/bin/env bash
# Prints the mldsa backends to test on this machine, one per line: portable,
# and avx2 when the CPU has AVX2, BMI1, BMI2 and POPCNT. With MLDSA_REQUIRE_AVX2=1
# (CI sets it) avx2 is listed regardless, so that a CPU without it fails the
# tests loudly instead of skipping them. On an AArch64 machine, neon too
# (cross-built tests run it under qemu: `make test-neon`).
set -euo pipefail
echo portable
flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)
if [[ "${MLDSA_REQUIRE_AVX2:-0}" == 1 ]] || { [[ " $flags " == *" avx2 "* ]] && [[ " $flags " == *" bmi1 "* ]] && [[ " $flags " == *" bmi2 "* ]] && [[ " $flags " == *" popcnt "* ]]; }; then
    echo avx2
else
    echo "backends.sh: this CPU has no AVX2: the avx2 backend is NOT tested here" >&2
fi
if [[ "$(uname -m)" == aarch64 ]]; then
    echo neon
fi
