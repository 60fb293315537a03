#!/usr/bin/env bash
# `make fuzz-long`: grow each target's corpus until its coverage stops
# growing (fuzz/README.md, "Corpus").
#
# Each target runs in rounds of FUZZ_ROUND seconds (default 300) of
# scripts/fuzz.sh, from its corpora (the local one it grows, the committed
# one, the seeds). It stops after a round that reached no new edge
# (libFuzzer's cov:), once it has run FUZZ_MIN seconds (default 600), or at
# FUZZ_MAX seconds (default 1800). A crash, panic, leak or timeout stops
# everything, as in scripts/fuzz.sh.
# Prints, per target: seconds run, executions, edges and features at the
# end, and the local corpus size. `make fuzz-cmin` then minimizes what was
# found into the committed corpus.
#
# usage: scripts/fuzz-long.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
round=${FUZZ_ROUND:-300}
min=${FUZZ_MIN:-600}
max=${FUZZ_MAX:-1800}

targets=("$@")
if (( ${#targets[@]} == 0 )); then
    FUZZ_BUILD_ONLY=1 bash scripts/fuzz.sh 1
    mapfile -t targets < <(cargo +nightly fuzz list)
fi

log=$(mktemp)
summary=$(mktemp)
trap 'rm -f "$log" "$summary"' EXIT
printf '%-14s %7s %11s %7s %7s %7s\n' target seconds executions cov ft local >"$summary"
for t in "${targets[@]}"; do
    ran=0 execs=0 last_cov=-1 cov=0 ft=0
    while (( ran < max )); do
        # One round: scripts/fuzz.sh (which fails on a crash, panic, leak or
        # timeout) and its table's row for the target.
        if ! bash scripts/fuzz.sh "$round" "$t" >"$log" 2>&1; then
            cat "$log"
            exit 1
        fi
        ran=$((ran + round))
        read -r _ round_execs _ cov ft _ < <(grep "^$t " "$log" | tail -n 1)
        execs=$((execs + round_execs))
        echo "fuzz-long: $t ${ran}s: cov $cov ft $ft ($execs executions)"
        if (( ran >= min && cov <= last_cov )); then
            break
        fi
        last_cov=$cov
    done
    printf '%-14s %7s %11s %7s %7s %7s\n' "$t" "$ran" "$execs" "$cov" "$ft" \
        "$(find "fuzz/corpus-local/$t" -type f | wc -l)" >>"$summary"
done
cat "$summary"
