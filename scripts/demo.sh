#!/usr/bin/env bash
# `make demo`: the mldsa command on a real file (this README), with PEM keys:
# a key from a fixed seed (read from a file, never from the command line),
# its public key, a signature, its verification, and a tampered copy that
# must not verify; then the executable spec's own demo.
# The builds are not quiet: the first one takes minutes (README.md gives
# the time measured), and cargo's progress shows that it is working.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p mldsa-cli
bin=${CARGO_TARGET_DIR:-target}/release/mldsa
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp README.md "$dir/README.md"
"$bin" --version
printf '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f' > "$dir/seed"
"$bin" keygen -a ML-DSA-65 --seed-file "$dir/seed" -o "$dir/key.pem"
"$bin" pubkey "$dir/key.pem" -o "$dir/key.pub.pem"
ls -l "$dir/key.pem" | cut -d' ' -f1,5,9
cat "$dir/key.pem" "$dir/key.pub.pem" | sed -n '1,3p;/END PRIVATE/p;/BEGIN PUBLIC/p'
"$bin" sign -k "$dir/key.pem" --context demo-context -o "$dir/README.md.sig" "$dir/README.md"
"$bin" verify -p "$dir/key.pub.pem" -s "$dir/README.md.sig" --context demo-context "$dir/README.md"
echo "tampered" >> "$dir/README.md"
if "$bin" verify -p "$dir/key.pub.pem" -s "$dir/README.md.sig" --context demo-context "$dir/README.md"; then
    echo "demo: a tampered file verified" >&2
    exit 1
fi
echo
cargo run --release -p mldsa-spec --example demo
