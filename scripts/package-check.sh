#!/usr/bin/env bash
# `make package-check`: the five published crates packaged and each built
# from its .crate file alone, as crates.io will (cargo publish --dry-run,
# which reads the crates.io index). The spec's two contract crates are not on
# crates.io yet, so `cargo publish --dry-run -p mldsa-spec` alone cannot
# resolve them: packaged together, cargo serves them to mldsa-spec from a
# local registry, and a real `cargo publish` of the same list uploads them
# first. Any warning fails the check but the dry run's own and mldsa's
# examples and tests left out on purpose (its `include` ships the library,
# the README and the licenses).
set -euo pipefail
cd "$(dirname "$0")/.."

# `cargo install --path cli` warns for every per-package profile override
# of the root manifest that the CLI's dependencies do not match: they live
# in .cargo/config.toml (see there).
if grep -n '^\[profile\.[a-z_-]*\.package\.' Cargo.toml >&2; then
    echo "package-check: per-package profile overrides belong in .cargo/config.toml" >&2
    exit 1
fi

# cargo serves the packaged crates to each other from a local registry and
# extracts them under $CARGO_HOME/registry/src, by name and version only:
# a copy left there by an earlier run (another commit, same version) would
# be built instead of this one. Remove this project's crates there first.
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
for crate in mldsa-spec-contracts mldsa-spec-contracts-runtime mldsa-spec mldsa-fips204 mldsa-cli; do
    rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"$crate-$version"
done

log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "package-check: cargo publish --dry-run of mldsa-spec-contracts, mldsa-spec-contracts-runtime, mldsa-spec, mldsa-fips204, mldsa-cli"
if ! cargo publish --dry-run --allow-dirty \
    -p mldsa-spec-contracts -p mldsa-spec-contracts-runtime -p mldsa-spec \
    -p mldsa-fips204 -p mldsa-cli >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
fi
if grep 'warning' "$log" |
    grep -v -e 'aborting upload due to dry run' \
        -e 'ignoring \(example\|test\) `[a-z_]*` as `\(examples\|tests\)/[a-z_]*\.rs` is not included in the published package' >&2; then
    echo "package-check: warnings above" >&2
    exit 1
fi
grep -E '^ *(Packaged|Uploading)' "$log"
