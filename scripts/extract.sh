#!/usr/bin/env bash
# `make extract`: extract mldsa-spec with hax to F* (fstar-extract/), write
# the inventory fstar-extract/OBLIGATIONS.md, and type-check the F* modules
# if F* is installed.
#
# Which hax: the project pins hax 0.3.7 (hax-lib =0.3.7 in Cargo.toml).
# - The prebuilt bundle at ../shared/hax (HAX_BUNDLE), when present: hax
#   0.3.7+37ecb82, the one CI runs (make extract-check). It produces F* only.
# - Otherwise cargo-hax and hax-engine from PATH, installed as
#   fstar-extract/README.md says (hax's setup.sh at commit 37ecb82, the
#   bundle's); this route also runs hax's Lean backend into
#   fstar-extract/lean/.
#
# Exit codes: 0 extracted (and checked, if F* was found); 2 hax is not
# installed; anything else is the failing hax, cargo or F* command's code.
#
# Without F* the script still exits 0 after extracting, because extraction
# itself succeeded; it says "NOT type-checked" on stderr. Set REQUIRE_FSTAR=1
# to make a missing F* an error (exit 3) instead.
#
# See fstar-extract/README.md for what is produced and what F* is asked to prove.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${EXTRACT_OUT:-$root/fstar-extract}" # EXTRACT_OUT: elsewhere (make extract-check)
toolchain="nightly-2025-11-08" # the toolchain hax 0.3.7+37ecb82 is built against
z3rlimit="${Z3RLIMIT:-100}"    # written by hax into every module's #set-options

# The hash module (H, G: sha3) is not extracted: F* reads the hand-written
# fstar-extract/interfaces/Mldsa_spec.Hash.fsti instead. PreHash's PH(M),
# `pre_hash` (sha2 / sha3), is extracted as its signature and contract only
# (`+:`), and `shake_digest` (sha3 traits) not at all. See "Hash functions"
# in fstar-extract/README.md.
include_clauses="-mldsa_spec::hash::** +:mldsa_spec::hash_ml_dsa::pre_hash -mldsa_spec::hash_ml_dsa::shake_digest"

# The F* inventory of the proof obligations, from what was just extracted.
obligations() { # hax-version-string
    (cd "$root" && cargo run -q -p xtask -- obligations --fstar "$out" --hax "$1" --write "$out/OBLIGATIONS.md")
}

# F*, when installed, type-checks what was extracted.
type_check() {
    if command -v fstar.exe >/dev/null 2>&1 || [[ -x "${FSTAR_HOME:-/nonexistent}/bin/fstar.exe" ]]; then
        make -C "$out"
        echo "extract: F* type-checked every module in fstar-extract/"
    else
        echo "extract: NOT type-checked: F* (fstar.exe) not found on PATH or in \$FSTAR_HOME/bin; fstar-extract/ holds unchecked output" >&2
        [[ "${REQUIRE_FSTAR:-0}" == 1 ]] && exit 3
    fi
    return 0
}

bundle="${HAX_BUNDLE-$root/../shared/hax}"
if [[ -n "$bundle" && -x "$bundle/extract.sh" ]]; then
    hax_version="$(cut -d' ' -f1-2 "$bundle/VERSION")"
    echo "extract: the hax bundle in $bundle ($hax_version)"
    HAX_INCLUDE="$include_clauses" Z3RLIMIT="$z3rlimit" \
        HAX_EXTRACT_TARGET_DIR="${HAX_EXTRACT_TARGET_DIR:-$root/target/hax-extract}" \
        "$bundle/extract.sh" "$root" "$out"
    obligations "$hax_version"
    echo "extract: no Lean: the bundle runs hax's F* backend only (fstar-extract/README.md)" >&2
    type_check
    exit 0
fi

# Prefer the pinned nightly when rustup has it; otherwise cargo-hax picks (and
# if needed installs through rustup) the toolchain itself.
cargo_hax=(cargo hax)
toolchain_note="default cargo; cargo-hax selects its own toolchain"
if command -v rustup >/dev/null 2>&1 && rustup toolchain list 2>/dev/null | grep "^$toolchain" >/dev/null; then
    cargo_hax=(cargo "+$toolchain" hax)
    toolchain_note="toolchain $toolchain"
fi

# hax = cargo-hax (the Rust frontend) + hax-engine (the OCaml engine, found
# through $HAX_ENGINE_BINARY or PATH, as cargo-hax itself does).
missing=()
command -v cargo-hax >/dev/null 2>&1 || missing+=("cargo-hax")
command -v "${HAX_ENGINE_BINARY:-hax-engine}" >/dev/null 2>&1 || missing+=("hax-engine")
if [[ ${#missing[@]} -eq 0 ]] && ! hax_version="$("${cargo_hax[@]}" --version 2>/dev/null)"; then
    missing+=("a working '${cargo_hax[*]} --version'")
fi
if [[ ${#missing[@]} -gt 0 ]]; then
    printf -v list '%s, ' "${missing[@]}"
    echo "make extract: hax is not installed (missing: ${list%, }); install hax 0.3.7 with its setup.sh (git clone https://github.com/cryspen/hax && cd hax && git checkout 37ecb8240fc237377f63614622650190a45617ff && ./setup.sh) or with Nix (nix profile install github:cryspen/hax), then rerun make extract" >&2
    exit 2
fi

# hax refuses a hax-lib of another version than itself; say so up front.
hax_lib_version="$(sed -n '/^name = "hax-lib"$/{n;s/^version = "\(.*\)"$/\1/p;}' "$root/Cargo.lock")"
if [[ -n "$hax_lib_version" && "$hax_version" != *"$hax_lib_version"* ]]; then
    echo "extract: warning: '$hax_version' does not look like hax $hax_lib_version, the hax-lib version mldsa-spec uses" >&2
fi

echo "extract: ${cargo_hax[*]} ($toolchain_note): $hax_version"
cd "$root"

# F*: one module per Rust module of mldsa-spec. Old modules are removed first
# so that a renamed Rust module leaves no stale F* file behind.
rm -f "$out"/*.fst "$out"/*.fsti # interfaces/ is kept
"${cargo_hax[@]}" -C -p mldsa-spec \; into --output-dir "$out" -i "$include_clauses" fstar --z3rlimit "$z3rlimit"

obligations "hax $hax_lib_version"

# Lean: hax's `lean` backend. It takes the crate from the current directory
# and ignores -i. Never run on the project's machines (no Lean there).
(cd "$root/spec" && "${cargo_hax[@]}" into --output-dir "$out/lean" lean)

type_check
exit 0
