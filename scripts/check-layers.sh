#!/usr/bin/env bash
# Part of `make lint`: the layers of impl/src (impl/README.md).
#
# 1. `dispatch` is the one door from mldsa's API to its algorithms and
#    backends: no file at the top of impl/src other than lib.rs (which
#    declares the modules) and dispatch.rs may name crate::algorithms or
#    crate::backend.
# 2. algorithms/ reads like FIPS 204: generic over the Backend trait, it
#    names no concrete backend and no SHAKE lane schedule (how many lanes a
#    backend's Keccak permutes, what an idle lane carries): that is the
#    backend's business (backend/sampler/). Comments included: a comment
#    that says "AVX2 does this" describes a schedule that belongs there.
# 3. No import cycle between impl/src's modules.
#
# LAYERS_ROOT (default: this repository) names the tree to check; the
# planted checks (scripts/test-check-layers.sh) run it on a copy.
set -euo pipefail
root="${LAYERS_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}"
cd "$root"
status=0
hits=$(grep -n 'crate::algorithms\|crate::backend' impl/src/*.rs | grep -v '^impl/src/\(lib\|dispatch\)\.rs:' || true)
if [[ -n "$hits" ]]; then
    echo "check-layers: only dispatch.rs may reach the algorithms and backends; found:" >&2
    echo "$hits" >&2
    status=1
fi
# Concrete backends (types, modules, names as prose) and the lane-schedule
# predicates, types and kernels of the backend's SHAKE.
backends='\b(Portable|Avx2|Avx512|Neon|Selected|Avx2Cpu|Avx512Cpu)\b|backend::(portable|avx2|avx512|neon|selected|lanes)\b|\b(AVX-?2|AVX-?512|NEON|SHA3 extension)\b'
schedule='\b(wide_shake|eight_lane_shake|idle_lane_carry|WIDE_SHAKE|EIGHT_LANE_SHAKE|IDLE_LANE_CARRY|Shake128x4|Shake256x4|Shake128x8|XofX4|XofX8|PairX4|squeeze_blocks_x4\w*|squeeze_blocks_x8\w*|restart_lane|restart_x4|rows_carry|groups_carry|rows_refilled|in_groups_of_four)\b|\b(four|eight|4|8)[- ]lanes?\b|\bidle lanes?\b|\bgroups? of (three|four|eight|3|4|8)\b'
hits=$(grep -nE "$backends|$schedule" impl/src/algorithms/*.rs || true)
if [[ -n "$hits" ]]; then
    echo "check-layers: impl/src/algorithms/ names a backend or a lane schedule (backend/sampler/ is their home); found:" >&2
    echo "$hits" >&2
    status=1
fi
python3 "$root/scripts/check-cycles.py" || status=1
exit "$status"
