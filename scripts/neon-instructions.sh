#!/usr/bin/env bash
# make neon-instructions: guest instructions executed per keygen / sign /
# verify on AArch64, NEON backend vs portable, under qemu-user.
#
# No AArch64 hardware here, so instructions rather than time: qemu counts
# every guest instruction it executes with a small TCG plugin
# (scripts/qemu-insn-count.c; Debian's qemu-user supports plugins but ships
# none). Each cell runs `profile_ops <op> <param> <n>` (impl/examples) with
# n = 0 and n = N and reports (count(N) - count(0)) / N, so process start-up
# and the setup (key generation and one signature) cancel out. The workload
# is deterministic, so the counts repeat exactly from run to run.
#
# Two CPUs: `max` (has the SHA3 extension: the EOR3 / RAX1 / XAR / BCAX
# Keccak) and `cortex-a72` (none: the plain NEON Keccak). The portable
# backend's Keccak is scalar on both.
#
# Environment: PARAMS (default "44 65 87"), OPS (default "keygen sign
# verify"), CPUS (default "max cortex-a72"), N (default 8).
set -euo pipefail
cd "$(dirname "$0")/.."

command -v qemu-aarch64 >/dev/null || { echo "neon-instructions.sh: qemu-aarch64 missing (apt-get install -y qemu-user)" >&2; exit 1; }
TRIPLE=aarch64-unknown-linux-gnu
cargo build --release --quiet -p mldsa-fips204 --example profile_ops --target "$TRIPLE"
TARGET=${CARGO_TARGET_DIR:-target}
BIN="$TARGET/$TRIPLE/release/examples/profile_ops"
PLUGIN="$TARGET/qemu-insn-count.so"
gcc -O2 -shared -fPIC -o "$PLUGIN" scripts/qemu-insn-count.c

count() { # backend cpu op param n
  MLDSA_BACKEND=$1 qemu-aarch64 -L /usr/aarch64-linux-gnu -cpu "$2" -plugin "$PLUGIN" -d plugin \
    "$BIN" "$3" "$4" "$5" 2>&1 | awk '/^insns:/ { print $2 }'
}

N=${N:-8}
printf '%-11s %-9s %-7s %14s %14s %7s\n' cpu param op portable neon ratio
for cpu in ${CPUS:-max cortex-a72}; do
  for param in ${PARAMS:-44 65 87}; do
    for op in ${OPS:-keygen sign verify}; do
      declare -A per
      for b in portable neon; do
        c0=$(count "$b" "$cpu" "$op" "$param" 0)
        cn=$(count "$b" "$cpu" "$op" "$param" "$N")
        per[$b]=$(( (cn - c0) / N ))
      done
      ratio=$(awk -v p="${per[portable]}" -v n="${per[neon]}" 'BEGIN { printf "%.2f", p / n }')
      printf '%-11s ML-DSA-%-2s %-7s %14s %14s %6sx\n' "$cpu" "$param" "$op" "${per[portable]}" "${per[neon]}" "$ratio"
    done
  done
done
