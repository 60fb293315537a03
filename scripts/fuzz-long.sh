#!/usr/bin/env bash
# `make fuzz-long`: grow each target's corpus until its coverage stops
# growing (fuzz/README.md, "Corpus").
#
# Each target runs in rounds of FUZZ_ROUND seconds (default 300) from its
# corpora (the local one it grows, the committed one, the seeds). It stops
# after a round that reached no new edge (libFuzzer's cov:), once it has run
# FUZZ_MIN seconds (default 600), or at FUZZ_MAX seconds (default 1800). A
# crash, panic, leak or timeout stops everything, as in scripts/fuzz.sh.
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

# Builds every target with ASan (the toolchain and cargo-fuzz are installed
# by scripts/fuzz.sh when missing).
FUZZ_BUILD_ONLY=1 bash scripts/fuzz.sh 1
targets=("$@")
if (( ${#targets[@]} == 0 )); then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi

log=$(mktemp)
summary=$(mktemp)
trap 'rm -f "$log" "$summary"' EXIT
printf '%-14s %7s %11s %7s %7s %7s\n' target seconds executions cov ft local >"$summary"
for t in "${targets[@]}"; do
    mkdir -p "fuzz/corpus-local/$t" "fuzz/corpus/$t"
    ran=0 execs=0 last_cov=-1 cov=0 ft=0
    while (( ran < max )); do
        if ! cargo +nightly fuzz run --debug-assertions "$t" \
            "fuzz/corpus-local/$t" "fuzz/corpus/$t" "fuzz/seeds/$t" -- \
            -max_total_time="$round" -timeout=60 -rss_limit_mb=2048 \
            -print_final_stats=1 >"$log" 2>&1; then
            tail -n 60 "$log"
            echo "fuzz-long: $t FAILED (the input is in fuzz/artifacts/$t/)"
            exit 1
        fi
        ran=$((ran + round))
        done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 || true)
        execs=$((execs + $(sed -n 's/^stat::number_of_executed_units: *//p' "$log")))
        cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$done_line")
        ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$done_line")
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
