#!/usr/bin/env bash
# `make extract-check` (part of `make test`): hax's engine extracts the spec
# with zero diagnostics, and what it writes is what fstar-extract/ holds.
#
# 1. Runs hax (the bundle at ../shared/hax, HAX_BUNDLE; else `make extract`'s
#    hax from PATH) into a temporary folder. Fails on a non-zero exit or on
#    any diagnostic line (`error`, `warning`) in its output.
# 2. Fails when the committed fstar-extract/*.fst differ from the fresh ones
#    (a contract changed in spec/ without `make extract`), or a module was
#    added or removed.
# 3. Counts the contracts of spec/src against the refinements of the fresh
#    F* (a contract hax dropped fails here) and checks that the committed
#    OBLIGATIONS.md is the one they give (xtask obligations).
# 4. Checks that the hand-written interfaces name only modules and values
#    that hax's F* libraries or the generated modules define (xtask
#    fstar-names).
#
# Without any hax (no bundle, no cargo-hax): says so in one line; exits 2
# under CI=true, else 0 after printing SKIPPED, since a user's machine need
# not have hax (make extract-missing tests that path of make extract).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
committed="$root/fstar-extract"
bundle="${HAX_BUNDLE-$root/../shared/hax}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fresh="$tmp/fstar-extract"
mkdir -p "$fresh"
cp -r "$committed/interfaces" "$fresh/"
start=$SECONDS

if [[ -n "$bundle" && -x "$bundle/extract.sh" ]]; then
    hax_version="$(cut -d' ' -f1-2 "$bundle/VERSION")"
    libs="$bundle/src/hax-lib"
    rc=0
    HAX_EXTRACT_TARGET_DIR="${HAX_EXTRACT_TARGET_DIR:-$root/target/hax-extract}" \
        "$bundle/extract.sh" "$root" "$fresh" >"$tmp/log" 2>&1 || rc=$?
else
    echo "extract-check: no hax bundle at ${bundle:-(HAX_BUNDLE empty)}; falling back to make extract's hax from PATH"
    if ! command -v cargo-hax >/dev/null 2>&1; then
        bash scripts/extract.sh >/dev/null 2>"$tmp/log" || true
        cat "$tmp/log" >&2
        if [[ "${CI:-}" == true ]]; then
            echo "extract-check: FAILED: CI must extract the spec, and no hax is here" >&2
            exit 2
        fi
        echo "extract-check: SKIPPED: no hax on this machine (CI runs it with ../shared/hax)"
        exit 0
    fi
    hax_version="hax $(sed -n '/^name = "hax-lib"$/{n;s/^version = "\(.*\)"$/\1/p;}' Cargo.lock)"
    libs="${HAX_HOME:-}/hax-lib"
    rc=0
    EXTRACT_OUT="$fresh" bash scripts/extract.sh >"$tmp/log" 2>&1 || rc=$?
fi

diagnostics="$(grep -E '^(error|warning)(\[[A-Z0-9]+\])?:' "$tmp/log" || true)"
if [[ $rc -ne 0 || -n "$diagnostics" ]]; then
    cat "$tmp/log" >&2
    echo "extract-check: FAILED: hax exited $rc with $(grep -cE '^(error|warning)' <<<"$diagnostics" || true) diagnostic(s)" >&2
    exit 1
fi
modules=$(find "$fresh" -maxdepth 1 -name '*.fst' | wc -l)
echo "extract-check: $hax_version extracted $modules modules with no diagnostic in $((SECONDS - start)) s"

status=0
if ! diff -r -q -x interfaces -x OBLIGATIONS.md -x README.md -x Makefile -x .cache -x lean \
    "$committed" "$fresh" >"$tmp/diff" 2>&1; then
    cat "$tmp/diff" >&2
    diff -r -u -x interfaces -x OBLIGATIONS.md -x README.md -x Makefile -x .cache -x lean \
        "$committed" "$fresh" | head -40 >&2 || true
    echo "extract-check: FAILED: fstar-extract/ is stale: run 'make extract' and commit the result" >&2
    status=1
fi

cargo run -q -p xtask -- obligations --fstar "$fresh" --hax "$hax_version" --check "$committed/OBLIGATIONS.md" || status=1

if [[ -d "$libs/proof-libs/fstar" ]]; then
    cargo run -q -p xtask -- fstar-names --lib "$libs/proof-libs/fstar" --lib "$libs/proofs/fstar/extraction" \
        --generated "$fresh" "$committed"/interfaces/*.fsti || status=1
else
    echo "extract-check: hax's F* libraries not found (HAX_HOME); interface names not checked" >&2
    [[ "${CI:-}" == true ]] && status=1
fi

[[ $status -eq 0 ]] && echo "extract-check: ok: fstar-extract/ is fresh, every contract is in the F*"
exit $status
