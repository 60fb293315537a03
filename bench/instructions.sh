#!/usr/bin/env bash
# make bench-instructions: instructions per operation, counted by callgrind,
# for every implementation x parameter set x operation, and the tables of
# bench/README.md. Instruction counts are repeatable from run to run (the
# workload is deterministic end to end), unlike times on a shared machine.
#
# Each cell is one run of `instructions <impl> <param> <op> <N>` under
# callgrind with --toggle-collect=mldsa_bench_measured: only the N measured
# operations are counted, not the setup (key generation, the 16 signatures
# that verify checks) nor the warm-up operation before them.
#
# Environment: IMPLS ("mldsa fips204 ..."; default: every one this CPU runs),
# PARAMS (default "44 65 87"), OPS (default "keygen sign sign-pre verify";
# sign-pre, mldsa's precomputed key, only for the mldsa columns: the table
# repeats each peer's sign there),
# N_KEYGEN (default 4), N_SIGN and N_VERIFY (default 16: each of the 16
# messages once; keep them multiples of 16).
set -euo pipefail
cd "$(dirname "$0")"

command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed (apt-get install -y valgrind)" >&2; exit 1; }

# --all-targets: the same feature resolution (dev-dependencies included) as
# `cargo bench`, so the two share one build of the crates.
cargo build --release --quiet --all-targets
TARGET=${CARGO_TARGET_DIR:-target}
BIN="$TARGET/release/instructions"
OUT="$TARGET/callgrind"
mkdir -p "$OUT"

if rev=$(git -C .. rev-parse --short HEAD 2>/dev/null); then
  dirty=$(git -C .. status --porcelain -- impl | wc -l)
  echo "mldsa: ../impl at $rev$( [ "$dirty" -gt 0 ] && echo " plus $dirty uncommitted file(s)")"
fi
echo "cross-check (natively), mldsa with its default backend, then forced to avx2 and to portable:"
"$BIN" check | sed 's/^/  /'
MLDSA_BACKEND=avx2 "$BIN" check | sed 's/^/  /'
MLDSA_BACKEND=portable "$BIN" check | sed 's/^/  /'

IMPLS=${IMPLS:-$("$BIN" list | tr '\n' ' ')}
PARAMS=${PARAMS:-44 65 87}
OPS=${OPS:-keygen sign sign-pre verify}
TSV="$OUT/instructions.tsv"
: > "$TSV"

for param in $PARAMS; do
  for op in $OPS; do
    case "$op" in
      keygen) n=${N_KEYGEN:-4} ;;
      sign|sign-pre) n=${N_SIGN:-16} ;;
      verify) n=${N_VERIFY:-16} ;;
      *) echo "unknown op $op" >&2; exit 2 ;;
    esac
    for impl in $IMPLS; do
      case "$op/$impl" in sign-pre/mldsa*) ;; sign-pre/*) continue ;; esac
      file="$OUT/$impl-$param-$op.out"
      valgrind --tool=callgrind --callgrind-out-file="$file" \
        --collect-atstart=no --toggle-collect=mldsa_bench_measured \
        "$BIN" "$impl" "$param" "$op" "$n" > "$OUT/$impl-$param-$op.log" 2>&1 \
        || { echo "valgrind failed for $impl $param $op; see $OUT/$impl-$param-$op.log" >&2; exit 1; }
      total=$(awk '/^(summary|totals):/ { print $2; exit }' "$file")
      per_op=$(awk -v t="$total" -v n="$n" 'BEGIN { printf "%.1f", t / n }')
      printf '%s\t%s\t%s\t%s\n' "$impl" "$param" "$op" "$per_op" >> "$TSV"
      printf '  %-14s ML-DSA-%s %-6s %12s instructions/op\n' "$impl" "$param" "$op" "$per_op"
    done
  done
done

echo
"$BIN" table "$TSV" | tee "$OUT/instructions-table.md"
echo "(raw: $TSV; table: $OUT/instructions-table.md; callgrind files: $OUT/*.out)"
