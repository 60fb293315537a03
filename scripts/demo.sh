#!/usr/bin/env bash
# `make demo`: the mldsa command-line example on a real file (this README):
# key generation from a fixed seed, signing, verification, and a tampered copy
# that must not verify; then the executable spec's own demo.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release -p mldsa --example mldsa
bin=target/release/examples/mldsa
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp README.md "$dir/README.md"
"$bin" --help | tail -1
"$bin" keygen 65 "$dir/key" 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
"$bin" sign 65 "$dir/key.sk" "$dir/README.md" demo-context
"$bin" verify 65 "$dir/key.pk" "$dir/README.md" demo-context
echo "tampered" >> "$dir/README.md"
if "$bin" verify 65 "$dir/key.pk" "$dir/README.md" demo-context; then
    echo "demo: a tampered file verified" >&2
    exit 1
fi
echo
cargo run --release -q -p mldsa-spec --example demo
