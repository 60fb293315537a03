#!/usr/bin/env bash
# Part of `make doc`: mldsa's documentation as docs.rs builds it, with the
# features of [package.metadata.docs.rs] in impl/Cargo.toml and -D warnings,
# in a target directory of its own (so that all.html lists this build's
# items only). Fails if an internal module shows (algorithms, backend,
# bitpack, ct, poly), if `hazmat` is missing, or if the front page lost its
# security section or its first example stopped drawing the key from the OS.
# Stable rustdoc, without docs.rs's nightly `--cfg docsrs` (which only adds
# the "Available on crate feature ..." labels).
set -euo pipefail
cd "$(dirname "$0")/.."

features=$(sed -n '/^\[package.metadata.docs.rs\]/,/^\[/s/^features = \[\(.*\)\]/\1/p' impl/Cargo.toml | tr -d '" ')
if [ -z "$features" ]; then
    echo "docs-rs: no features in impl/Cargo.toml's [package.metadata.docs.rs]" >&2
    exit 1
fi
dir=${CARGO_TARGET_DIR:-target}/docs-rs
echo "docs-rs: cargo doc -p mldsa-fips204 --no-deps --features $features (in $dir)"
CARGO_TARGET_DIR=$dir RUSTDOCFLAGS="-D warnings" \
    cargo doc -q -p mldsa-fips204 --no-deps --features "$features"

doc=$dir/doc/mldsa
fail=0
for module in algorithms backend bitpack ct poly; do
    if grep -q "href=\"$module/" "$doc/all.html"; then
        echo "docs-rs: the internal module mldsa::$module shows in the docs" >&2
        fail=1
    fi
done
grep -q 'href="hazmat/' "$doc/all.html" || { echo "docs-rs: mldsa::hazmat is missing" >&2; fail=1; }
grep -q 'Security and audit status' "$doc/index.html" ||
    { echo "docs-rs: the front page has no \"Security and audit status\" section" >&2; fail=1; }
first_example=$(awk '/<pre/ { on = 1 } on { print } on && /<\/pre>/ { exit }' "$doc/index.html")
case "$first_example" in
    *generate_os*) ;;
    *) echo "docs-rs: the front page's first example does not use generate_os" >&2; fail=1 ;;
esac
exit $fail
