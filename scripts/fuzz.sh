#!/usr/bin/env bash
# cargo fuzz over every target of fuzz/ (fuzz/README.md): `make fuzz` runs
# each for FUZZ_SECONDS, `make fuzz-smoke` (in `.ci/run`) for
# FUZZ_SMOKE_SECONDS. Installs what is missing (the nightly toolchain,
# cargo-fuzz from crates.io), builds every target once (AddressSanitizer,
# debug assertions), runs each from the committed seeds (fuzz/seeds/<target>)
# and minimized corpus (fuzz/corpus/<target>, `make fuzz-cmin`) plus the
# local corpus it grows (fuzz/corpus-local/<target>, not committed), and
# fails on the first crash, panic, leak or timeout (the input is kept in
# fuzz/artifacts/<target>/). Prints, per target, executions per second and
# libFuzzer's coverage counters (cov: edges, ft: features) at the end.
#
# usage: scripts/fuzz.sh SECONDS [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?usage: scripts/fuzz.sh SECONDS [TARGET...]}
shift

if ! rustup toolchain list | grep -q '^nightly-'; then
    echo "fuzz: installing the nightly toolchain (cargo fuzz needs it)"
    rustup toolchain install nightly --profile minimal
fi
if ! command -v cargo-fuzz >/dev/null; then
    echo "fuzz: installing cargo-fuzz from crates.io"
    cargo install cargo-fuzz --locked
fi

# -a: debug assertions (overflow checks) in mldsa as in its tests.
flags=(--debug-assertions)
# The smoke run of .ci/run (FUZZ_SMOKE=1, `make fuzz-smoke`): no
# AddressSanitizer and opt-level 1, which build the nine targets in about
# a fifth of the time; a panic or crash still fails it. `make fuzz` keeps
# ASan and full optimization.
if [[ "${FUZZ_SMOKE:-0}" == 1 ]]; then
    flags+=(--sanitizer none)
    export CARGO_PROFILE_RELEASE_OPT_LEVEL=1
fi
cargo +nightly fuzz build "${flags[@]}"
# FUZZ_BUILD_ONLY=1: the build alone (scripts/fuzz-long.sh, fuzz-cmin.sh).
if [[ "${FUZZ_BUILD_ONLY:-0}" == 1 ]]; then
    exit 0
fi
targets=("$@")
if (( ${#targets[@]} == 0 )); then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
printf '%-14s %10s %9s %8s %8s %6s\n' target executions exec/s cov ft corpus > "$log.summary"
for t in "${targets[@]}"; do
    mkdir -p "fuzz/corpus-local/$t" "fuzz/corpus/$t"
    echo "fuzz: $t for ${seconds}s"
    # -timeout: one input may take at most 60 s (the spec verifies in
    # milliseconds); -rss_limit_mb: libFuzzer's default, stated.
    if ! cargo +nightly fuzz run "${flags[@]}" "$t" \
        "fuzz/corpus-local/$t" "fuzz/corpus/$t" "fuzz/seeds/$t" -- \
        -max_total_time="$seconds" -timeout=60 -rss_limit_mb=2048 \
        -print_final_stats=1 >"$log" 2>&1; then
        tail -n 60 "$log"
        echo "fuzz: $t FAILED (the input is in fuzz/artifacts/$t/)"
        exit 1
    fi
    done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 || true)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$done_line")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$done_line")
    corp=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$done_line")
    printf '%-14s %10s %9s %8s %8s %6s\n' "$t" "$execs" "$rate" "${cov:-?}" "${ft:-?}" "${corp:-?}" >> "$log.summary"
done
cat "$log.summary"
rm -f "$log.summary"
