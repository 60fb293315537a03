#!/usr/bin/env bash
# Part of `make lint`: `dispatch` is the one door from mldsa's API to its
# algorithms and backends (impl/README.md). No file at the top of impl/src
# other than lib.rs (which declares the modules) and dispatch.rs may name
# crate::algorithms or crate::backend.
set -euo pipefail
cd "$(dirname "$0")/.."
hits=$(grep -n 'crate::algorithms\|crate::backend' impl/src/*.rs | grep -v '^impl/src/\(lib\|dispatch\)\.rs:' || true)
if [[ -n "$hits" ]]; then
    echo "check-layers: only dispatch.rs may reach the algorithms and backends; found:" >&2
    echo "$hits" >&2
    exit 1
fi
# And no import cycle between impl/src's modules.
python3 scripts/check-cycles.py
