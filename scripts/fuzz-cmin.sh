#!/usr/bin/env bash
# `make fuzz-cmin`: minimize each target's corpus into fuzz/corpus/<target>,
# the one that is committed and that `make fuzz` and CI's smoke run start
# from (fuzz/README.md, "Corpus").
#
# libFuzzer's merge (-merge=1) takes, from the committed corpus and the
# local one that runs grow (fuzz/corpus-local/<target>), only the inputs
# that reach an edge or feature the seeds (fuzz/seeds/<target>, committed
# apart) and the inputs already taken do not. The seeds themselves are not
# copied into it: every run reads them from fuzz/seeds/.
#
# usage: scripts/fuzz-cmin.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZ_BUILD_ONLY=1 bash scripts/fuzz.sh 1
targets=("$@")
if (( ${#targets[@]} == 0 )); then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for t in "${targets[@]}"; do
    mkdir -p "fuzz/corpus-local/$t" "fuzz/corpus/$t"
    rm -rf "${work:?}/$t"
    mkdir -p "$work/$t"
    # The seeds first: merged inputs must add to what they reach.
    cp fuzz/seeds/"$t"/* "$work/$t/"
    cargo +nightly fuzz run --debug-assertions "$t" "$work/$t" \
        "fuzz/corpus/$t" "fuzz/corpus-local/$t" -- \
        -merge=1 -timeout=60 -rss_limit_mb=2048 >"$work/$t.log" 2>&1 || {
        tail -n 30 "$work/$t.log"
        echo "fuzz-cmin: $t FAILED"
        exit 1
    }
    for seed in fuzz/seeds/"$t"/*; do
        rm -f "$work/$t/$(basename "$seed")"
    done
    before=$(find "fuzz/corpus/$t" "fuzz/corpus-local/$t" -type f | wc -l)
    rm -rf "fuzz/corpus/$t"
    mv "$work/$t" "fuzz/corpus/$t"
    echo "fuzz-cmin: $t: $before inputs in, $(find "fuzz/corpus/$t" -type f | wc -l) kept ($(du -sk "fuzz/corpus/$t" | cut -f1) KiB)"
done
