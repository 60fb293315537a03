#!/usr/bin/env bash
# `make no-std`: mldsa built without std for a microcontroller (Cortex-M4F,
# thumbv7em-none-eabihf) and for wasm32-unknown-unknown, with -D warnings:
# the bare crate (no heap), with PEM and serde (alloc only), each with the
# three parameter sets, and the bare crate with one set.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(thumbv7em-none-eabihf wasm32-unknown-unknown)
for t in "${targets[@]}"; do
    if ! rustup target list --installed | grep -qx "$t"; then
        echo "no-std: rustup target add $t (the cross builds need its precompiled core/alloc)"
        rustup target add "$t" >/dev/null
    fi
done
for t in "${targets[@]}"; do
    all=ml-dsa-44,ml-dsa-65,ml-dsa-87
    for features in "$all" "pem,serde,$all" "ml-dsa-65"; do
        echo "no-std: mldsa --no-default-features ${features:+--features $features} --target $t"
        CARGO_TARGET_DIR=target/no-std RUSTFLAGS="-D warnings" \
            cargo build -q -p mldsa-fips204 --no-default-features ${features:+--features "$features"} --target "$t"
    done
done
