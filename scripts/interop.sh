#!/usr/bin/env bash
# `make interop`: the mldsa command against pyca/cryptography (its wheel
# bundles OpenSSL), an implementation nobody here wrote: keys, signatures
# and external mu in both directions, and every `keygen --format`: pyca
# must read the seed form and refuse the expanded and both forms, as the
# CLI's help says (scripts/interop.py). pyca is installed
# from PyPI into a virtual environment under target/, so this needs python3
# and access to the package index. Without python3 it skips, loudly, except
# under CI=true, where a skip would hide a missing check: it fails instead.
set -euo pipefail
cd "$(dirname "$0")/.."

PYCA='cryptography>=50,<51'
venv=target/interop-venv

unavailable() {
    if [ "${CI:-}" = true ]; then
        echo "interop: FAILED: $1 (CI=true: the interop test must run)" >&2
        exit 1
    fi
    echo "interop: SKIPPED: $1" >&2
    echo "interop: SKIPPED: the pyca/cryptography interop test did not run" >&2
    exit 0
}

command -v python3 >/dev/null || unavailable "python3 not found (install python3 to run it)"

# Debian ships the venv module and ensurepip in python3-venv, not python3.
if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "interop: installing python3-venv (apt-get): python3 here lacks venv/ensurepip, needed for the test's virtual environment"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
    else
        unavailable "python3 has no venv/ensurepip module (install python3-venv as root)"
    fi
fi

if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import sys' 2>/dev/null; then
    rm -rf "$venv"
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" - "$PYCA" <<'PY' 2>/dev/null
import sys
from importlib.metadata import version
major = int(version("cryptography").split(".")[0])
sys.exit(0 if major == 50 else 1)
PY
then
    echo "interop: installing $PYCA from PyPI into $venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check "$PYCA"
fi

# With an example target and scripts/release-set.sh: the same build of
# mldsa as the other optimized tests of make test.
cargo build -q --release $(bash scripts/release-set.sh) --bin mldsa --example stack_usage
"$venv/bin/python" scripts/interop.py target/release/mldsa
