#!/usr/bin/env bash
# Part of `make lint`: the unsafe policy of impl/README.md stays in force.
# The compiler enforces it (the workspace denies unsafe_code, clippy denies
# undocumented or multi-operation unsafe blocks); this checks that nobody
# switched that off: the lints are inherited, and `allow(unsafe_code)`
# stands only at the allowed places: the SIMD backend modules (avx2, avx512,
# neon), backend::selected (the CPU tokens it makes from the stored backend
# selection) and ct::valgrind (the constant-time check's client request, compiled only
# with the test-only feature `ct-check`); outside the crate, only the stack
# scan's heap quarantine (diff-tests/tests/stack_scan/quarantine.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
fail=0
grep -q '^unsafe_code = "deny"' Cargo.toml || { echo "check-unsafe: Cargo.toml's [workspace.lints.rust] must deny unsafe_code" >&2; fail=1; }
for lint in undocumented_unsafe_blocks multiple_unsafe_ops_per_block; do
    grep -q "^$lint = \"deny\"" Cargo.toml || { echo "check-unsafe: Cargo.toml's [workspace.lints.clippy] must deny $lint" >&2; fail=1; }
done
grep -A1 '^\[lints\]' impl/Cargo.toml | grep -q '^workspace = true' || { echo "check-unsafe: impl/Cargo.toml must inherit the workspace lints" >&2; fail=1; }
allowed=$'impl/src/backend/mod.rs:avx2\nimpl/src/backend/mod.rs:avx512\nimpl/src/backend/mod.rs:neon\nimpl/src/backend/mod.rs:selected\nimpl/src/ct.rs:valgrind'
found=$(grep -rn -A1 'allow(unsafe_code)' impl/src | awk '
    /allow\(unsafe_code\)/ { file = $0; sub(/[:-][0-9]+[:-].*/, "", file); next }
    file != "" {
        what = "other"
        if ($0 ~ /pub mod avx2;/) what = "avx2"
        else if ($0 ~ /pub mod selected;/) what = "selected"
        else if ($0 ~ /pub mod avx512;/) what = "avx512"
        else if ($0 ~ /pub mod neon/) what = "neon"
        else if ($0 ~ /[-:]mod valgrind;/) what = "valgrind"
        print file ":" what; file = ""
    }' | sort)
if [[ "$found" != "$(sort <<<"$allowed")" ]]; then
    echo "check-unsafe: allow(unsafe_code) must stand only on backend::avx2, backend::avx512, backend::neon, backend::selected and ct::valgrind; found:" >&2
    grep -rn 'allow(unsafe_code)' impl/src >&2 || true
    fail=1
fi
# Outside the crate, one place: the stack scan's heap quarantine (a global
# allocator is an `unsafe impl`), in a test.
outside=$(grep -rln --include='*.rs' 'allow(unsafe_code)' . --exclude-dir=target --exclude-dir=.git | grep -v '^\./impl/src/' | sort || true)
if [[ "$outside" != "./diff-tests/tests/stack_scan/quarantine.rs" ]]; then
    echo "check-unsafe: outside impl/src, allow(unsafe_code) may stand only in diff-tests/tests/stack_scan/quarantine.rs; found:" >&2
    echo "$outside" >&2
    fail=1
fi
exit $fail
