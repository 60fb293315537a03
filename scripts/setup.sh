#!/usr/bin/env bash
# `make setup` (the first step of `make test` and `make test-neon`): installs
# what the tests need and a fresh Debian machine with only rustup and make
# lacks, each thing only when it is missing, with one line saying what and why.
#   setup.sh        the native tests (make test)
#   setup.sh neon   also the AArch64 cross build and qemu-user (make test-neon)
set -euo pipefail

rustup_components=(clippy rustfmt)
# Debian packages, each with why it is needed.
declare -A why=()
# A C toolchain: rustc links with cc, and some crates build C.
command -v cc >/dev/null || why[gcc]="the linker" why[libc6-dev]="the linker"
# z3-sys (the z3 lemmas, lemmas/) links Debian's libz3 and runs bindgen,
# which needs libclang.
why[libz3-dev]="z3 lemmas" why[libclang-dev]="bindgen, for the z3 lemmas"
# make ct (the constant-time check) and make bench-instructions.
why[valgrind]="make ct, the constant-time check"
# make spec-i686: the spec's tests with a 32-bit usize, linked by cc -m32
# against the 32-bit C library and libgcc (not gcc-multilib, which Debian
# marks as conflicting with the AArch64 cross gcc of make test-neon).
gcc_major=$(gcc -dumpversion 2>/dev/null | cut -d. -f1 || true)
why[libc6-dev-i386]="make spec-i686, the 32-bit link"
why[lib32gcc-${gcc_major:-12}-dev]="make spec-i686, the 32-bit link"
targets=(i686-unknown-linux-gnu)
declare -A target_why=([i686-unknown-linux-gnu]="the spec's tests with a 32-bit usize, make spec-i686")
if [[ "${1:-}" == neon ]]; then
    # NEON: the rust target, the cross gcc as linker, qemu-user to run it.
    targets+=(aarch64-unknown-linux-gnu)
    target_why[aarch64-unknown-linux-gnu]="the NEON backend, cross-built and run under qemu"
    why[gcc-aarch64-linux-gnu]="NEON cross linker" why[libc6-dev-arm64-cross]="NEON cross linker"
    why[qemu-user]="runs the NEON tests"
fi

installed_components=$(rustup component list --installed 2>/dev/null || true)
for c in "${rustup_components[@]}"; do
    if ! grep -q "^$c-" <<<"$installed_components"; then
        echo "setup: rustup component add $c (make lint runs cargo $c)"
        rustup component add "$c" >/dev/null
    fi
done

installed_targets=$(rustup target list --installed)
for t in "${targets[@]}"; do
    if ! grep -qx "$t" <<<"$installed_targets"; then
        echo "setup: rustup target add $t (${target_why[$t]})"
        rustup target add "$t" >/dev/null
    fi
done

missing=()
reasons=()
for d in "${!why[@]}"; do
    if ! dpkg -s "$d" 2>/dev/null | grep -q '^Status: install ok installed'; then
        missing+=("$d")
        reasons+=("$d: ${why[$d]}")
    fi
done
if [[ ${#missing[@]} -gt 0 ]]; then
    list=$(IFS=';'; echo "${reasons[*]}")
    echo "setup: apt-get install ${missing[*]} (${list//;/; })"
    sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
