#!/usr/bin/env bash
# `make miri`: impl/tests/miri.rs under Miri (nightly), the kernels that
# take slices at their edge buffer lengths on the portable and AVX2
# backends, and one ML-DSA-44 keygen / sign / verify on AVX2 (the
# portable one has no unsafe code: it runs natively only). AVX2, BMI1,
# BMI2 and POPCNT are enabled as target features, so Miri runs the AVX2
# kernels' intrinsics (it emulates them) instead of the portable fallback.
# Installs the nightly toolchain's miri and rust-src components if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! rustup toolchain list | grep -q '^nightly-'; then
    echo "miri: installing the nightly toolchain"
    rustup toolchain install nightly --profile minimal
fi
if ! rustup +nightly component list --installed | grep -q '^miri'; then
    echo "miri: adding the miri and rust-src components to nightly"
    rustup component add --toolchain nightly miri rust-src
fi
cargo +nightly miri setup
RUSTFLAGS="-C target-feature=+avx2,+bmi1,+bmi2,+popcnt" \
    cargo +nightly miri test -p mldsa-fips204 --features internals --test miri
