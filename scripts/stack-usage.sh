#!/usr/bin/env bash
# Peak stack of mldsa's keygen, sign and verify: for each operation the
# smallest thread stack (to 1 KiB) it runs on without overflowing, minus what
# an empty thread needs. An upper bound, repeatable; `make stack-usage`.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release -p mldsa-fips204 --example stack_usage
bin=target/release/examples/stack_usage

smallest() { # op param-set -> bytes
    local lo=4096 hi=$((4 << 20)) mid
    while (( hi - lo > 1024 )); do
        mid=$(( (lo + hi) / 2 ))
        if "$bin" "$1" "$2" "$mid" >/dev/null 2>&1; then hi=$mid; else lo=$mid; fi
    done
    echo "$hi"
}

printf '%-10s %10s %10s %10s   (KiB, backend: %s)\n' "" keygen sign verify "${MLDSA_BACKEND:-auto}"
for ps in 44 65 87; do
    base=$(smallest none "$ps")
    row=()
    for op in keygen sign verify; do
        row+=("$(( ($(smallest "$op" "$ps") - base + 1023) / 1024 ))")
    done
    printf 'ML-DSA-%-3s %10s %10s %10s\n' "$ps" "${row[@]}"
done
