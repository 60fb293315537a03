#!/usr/bin/env bash
# Test of scripts/extract.sh when hax is not installed (and no bundle:
# HAX_BUNDLE=""): it must exit 2 and
# print exactly one line on stderr, which tells how to install hax (setup.sh).
#
# The script runs with a PATH holding only symlinks to bash, cargo, rustc and
# dirname, so the outcome does not depend on what this machine has installed.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

bin="$tmp/bin"
mkdir "$bin"
for tool in bash cargo rustc dirname; do
    path="$(command -v "$tool")" || fail "$tool is not on PATH"
    ln -s "$path" "$bin/$tool"
done

# Runs extract.sh with PATH=$2 and checks: exit code 2, one stderr line that
# names setup.sh and the missing piece $3.
expect_missing() {
    local name="$1" path="$2" missing="$3" rc=0
    PATH="$path" HAX_ENGINE_BINARY="" HAX_BUNDLE="" "$bin/bash" "$root/scripts/extract.sh" \
        >"$tmp/stdout" 2>"$tmp/stderr" || rc=$?
    [[ $rc -eq 2 ]] || fail "$name: exit code $rc, expected 2"
    local lines
    lines="$(wc -l <"$tmp/stderr")"
    [[ $lines -eq 1 ]] || fail "$name: $lines lines on stderr, expected 1: $(cat "$tmp/stderr")"
    grep -q "setup.sh" "$tmp/stderr" || fail "$name: stderr does not mention setup.sh: $(cat "$tmp/stderr")"
    grep -q "$missing" "$tmp/stderr" || fail "$name: stderr does not name $missing: $(cat "$tmp/stderr")"
    echo "ok: $name"
}

# 1. No cargo-hax at all (nor hax-engine).
(PATH="$bin" && ! command -v cargo-hax >/dev/null) || fail "cargo-hax is reachable through $bin"
expect_missing "no cargo-hax" "$bin" "cargo-hax"

# 2. A cargo-hax but no hax-engine (the OCaml engine F* extraction needs).
stub="$tmp/stub"
mkdir "$stub"
printf '#!%s\necho "hax 0.3.7"\n' "$bin/bash" >"$stub/cargo-hax"
chmod +x "$stub/cargo-hax"
expect_missing "cargo-hax without hax-engine" "$stub:$bin" "hax-engine"
