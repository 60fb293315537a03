#!/usr/bin/env bash
# Part of `make lint`: scripts/check-layers.sh must reject what it is there
# to reject. On a copy of impl/src and scripts/, each planted line below
# (a concrete backend, a lane-schedule predicate or type named in
# algorithms/, an API file reaching past dispatch, an import cycle) must
# fail the check, naming the planted file; the unplanted copy must pass.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

fresh() { # a clean copy of what check-layers.sh reads
    rm -rf "$work/tree"
    mkdir -p "$work/tree/impl"
    cp -r "$repo/impl/src" "$work/tree/impl/src"
    cp -r "$repo/scripts" "$work/tree/scripts"
}

fresh
LAYERS_ROOT="$work/tree" bash "$work/tree/scripts/check-layers.sh" >/dev/null 2>&1 || {
    echo "test-check-layers: the unplanted copy fails the check" >&2
    exit 1
}

failed=0
plant() { # file line expected-in-the-message
    local file=$1 line=$2 expect=$3
    fresh
    printf '%s\n' "$line" >>"$work/tree/$file"
    local out
    if out=$(LAYERS_ROOT="$work/tree" bash "$work/tree/scripts/check-layers.sh" 2>&1); then
        echo "test-check-layers: NOT caught: '$line' in $file" >&2
        failed=1
    elif ! grep -q "$expect" <<<"$out"; then
        echo "test-check-layers: '$line' in $file failed the check without naming $expect:" >&2
        echo "$out" >&2
        failed=1
    fi
}

alg=impl/src/algorithms/internal.rs
for backend in Portable Avx2 Avx512 Neon Selected; do
    plant "$alg" "type Planted = crate::backend::Planted<$backend>;" "$alg"
done
plant "$alg" "use crate::backend::avx2::Avx2Cpu;" "$alg"
plant "$alg" "// Four lanes at once on AVX2." "$alg"
for predicate in wide_shake eight_lane_shake idle_lane_carry; do
    plant "$alg" "fn planted<B: Backend>() -> bool { B::$predicate() }" "$alg"
done
for constant in WIDE_SHAKE EIGHT_LANE_SHAKE IDLE_LANE_CARRY; do
    plant "$alg" "const PLANTED: bool = crate::backend::portable::Portable::$constant;" "$alg"
done
for lanes in Shake128x4 Shake256x4 Shake128x8; do
    plant "$alg" "type Planted<B> = <B as Backend>::$lanes;" "$alg"
done
plant "$alg" "// ML-DSA-65's last entries run as two groups of three." "$alg"
plant "$alg" "// The idle lane carries tr's blocks." "$alg"
plant impl/src/signing_key.rs "use crate::backend::Backend;" "impl/src/signing_key.rs"
plant impl/src/algorithms/hash.rs "use crate::algorithms::internal::sign_internal;" "import cycle"
# The cycle plant only closes a cycle if internal.rs already reaches hash.rs.
grep -q 'super::hash' "$repo/$alg" || {
    echo "test-check-layers: internal.rs no longer uses hash.rs: plant another cycle" >&2
    failed=1
}
if [[ $failed != 0 ]]; then
    exit 1
fi
echo "test-check-layers: every planted line caught"
