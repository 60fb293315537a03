# Every command of the README goes through here.
# bench/ is a workspace of its own (the peers are its dependencies): `make test`
# never builds it.
.PHONY: bench bench-instructions
.PHONY: test-neon lemmas-neon neon-instructions
.PHONY: spec-i686
.PHONY: ct setup setup-neon check-unsafe check-layers all demo test lint fmt-check clippy doc package-check hax-cfg hax-subset acvp unit lemmas fuzz-diff extract extract-missing stack-usage stack-check zeroize help interop no-std msrv extract-check mutants mutants-shard dep-cost ct-timing ct-timing-short avx512-audit
.PHONY: fuzz fuzz-smoke fuzz-seeds fuzz-long fuzz-cmin miri

# scripts/release-set.sh: one package and feature set for every optimized
# build, so that mldsa is compiled once per profile.
RELEASE_SET := $(shell bash scripts/release-set.sh)

HAX_CFG_FLAGS := --cfg hax --cfg hax_compilation --cfg hax_backend_fstar \
	-Zcrate-attr=feature(register_tool) -Zcrate-attr=register_tool(_hax)

help:
	@echo "make setup       install what the tests need and are missing (rustup components, Debian packages)"
	@echo "make demo        the mldsa CLI on this README (keygen, sign, verify, tamper), then the spec demo"
	@echo "make test        everything CI runs: lint, hax checks, unit/property/CLI tests, no_std builds, ACVP, pyca interop"
	@echo "make acvp        the 615 NIST ACVP cases against every implementation"
	@echo "make ct          valgrind memcheck as a constant-time checker, portable and AVX2 (SECURITY.md; part of make test)"
	@echo "make ct-timing   timing (dudect) test of keygen / ExpandS / sign / import on every backend, AVX-512 included, 20000 measurements"
	@echo "make ct-timing-short  the same with 2000 measurements (part of make test)"
	@echo "make avx512-audit  the AVX-512 machine code's branches and indexed accesses, each listed as public (part of make test)"
	@echo "make test-neon   AArch64 under qemu: ACVP and diff tests of the NEON backend (with and without SHA3)"
	@echo "make neon-instructions  instructions executed under qemu, NEON vs portable, keygen / sign / verify"
	@echo "make lemmas      exhaustive, z3 and interval proofs about the kernels (lemmas/README.md)"
	@echo "make fuzz-diff   the differential tests (diff-tests/) with 20 times the cases"
	@echo "make fuzz        cargo fuzz (nightly): every target of fuzz/ for FUZZ_SECONDS (default 300) each"
	@echo "make fuzz-long   every fuzz target until its coverage stops growing (10 to 30 min each)"
	@echo "make fuzz-cmin   minimize the grown corpus into the committed fuzz/corpus/"
	@echo "make fuzz-smoke  every fuzz target for FUZZ_SMOKE_SECONDS (default 10) each, as .ci/run does"
	@echo "make miri        Miri (nightly) on the kernels at edge buffer lengths and one keygen / sign / verify on AVX2"
	@echo "make hax-cfg     build mldsa-spec the way the hax driver does (type-checks contracts)"
	@echo "make hax-subset  reject Rust constructs hax cannot extract in spec/src"
	@echo "make spec-i686   the spec's tests with a 32-bit usize (i686), contracts and overflow checks on (part of make test)"
	@echo "make extract     hax: mldsa-spec to F* (fstar-extract/, with OBLIGATIONS.md); Lean with a hax from PATH"
	@echo "make extract-check  hax's engine extracts the spec with no diagnostic; fstar-extract/ is fresh (part of make test)"
	@echo "make mutants     cargo-mutants on spec/src against the spec's tests (all 862 mutants: about 80 minutes)"
	@echo "make mutants-shard  one shard of make mutants, chosen by the commit (part of make test)"
	@echo "make bench       times: mldsa against the other ML-DSA crates (bench/README.md)"
	@echo "make bench-instructions  callgrind instructions per operation, same comparison"
	@echo "make dep-cost    a user's release build of mldsa against the peers': CPU time, binary size (bench/README.md)"
	@echo "make stack-usage peak stack of every operation, backend and parameter set"
	@echo "make stack-check every operation on a stack of its documented figure, each at most 128 KiB (part of make test)"
	@echo "make zeroize     no secret left on the stack or in freed heap after any operation, every backend, release build (part of make test)"
	@echo "make interop     the mldsa command against pyca/cryptography, both directions (part of make test)"
	@echo "make package-check  cargo publish --dry-run of the five published crates (part of make test)"
	@echo "make msrv        mldsa and the mldsa command on the MSRV toolchain (rust-version)"
	@echo "make no-std      no_std builds for thumbv7em-none-eabihf and wasm32 (part of make test)"

demo:
	bash scripts/demo.sh

test: setup lint hax-cfg hax-subset extract-check extract-missing unit spec-i686 mutants-shard no-std acvp zeroize stack-check ct ct-timing-short avx512-audit lemmas interop package-check

# What a fresh Debian machine with only rustup and make lacks, installed
# when missing, one line each saying what and why (scripts/setup.sh).
setup:
	bash scripts/setup.sh

setup-neon:
	bash scripts/setup.sh neon

lint: fmt-check check-unsafe check-layers clippy doc

# The unsafe policy (impl/README.md) is still switched on.
check-unsafe:
	bash scripts/check-unsafe.sh

# The API reaches the algorithms and backends only through dispatch; the
# algorithms name no backend and no lane schedule; no import cycle. Then
# the check on planted violations (each must be caught).
check-layers:
	bash scripts/check-layers.sh
	bash scripts/test-check-layers.sh

fmt-check:
	cargo fmt --all -- --check

# One clippy run, every feature on (the workspace unifies mldsa's features
# anyway, so a default-feature run re-checked everything to add only the
# serde-off paths); make no-std builds the bare crate with -D warnings.
# All features, then mldsa as published (its default features) and with one
# parameter set: items only the tests use are behind `internals`, so a
# build without it must report no dead code either.
clippy:
	cargo clippy --workspace --all-targets --all-features -- -D warnings
	cargo clippy -p mldsa-fips204 -- -D warnings
	cargo clippy -p mldsa-fips204 --no-default-features --features std,ml-dsa-65 -- -D warnings

# mldsa's API docs, internals included: no broken links or warnings. Then
# the docs as docs.rs builds them (scripts/docs-rs.sh): the public API only.
doc:
	RUSTDOCFLAGS="-D warnings" cargo doc -p mldsa-fips204 --no-deps --all-features
	bash scripts/docs-rs.sh

# The published crates packaged and built alone, as crates.io would
# (scripts/package-check.sh; reads the crates.io index). About 45 s warm.
package-check:
	bash scripts/package-check.sh

# hax-lib erases contracts in a normal build; with the hax cfgs they are
# expanded and type-checked, so a contract naming something wrong fails here.
# Both the spec and mldsa's kernel contracts (impl/src/backend/portable/contracts.rs).
# The libraries only: the contracts are there, and hax extracts nothing else.
hax-cfg:
	RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR=target/hax-cfg RUSTFLAGS="$(HAX_CFG_FLAGS) -D warnings" \
		cargo check -p mldsa-spec --lib
	RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR=target/hax-cfg RUSTFLAGS="$(HAX_CFG_FLAGS) -D warnings" \
		cargo check -p mldsa-fips204 --lib

hax-subset:
	cargo run -q -p xtask -- hax-subset spec/src

# The mldsa command against pyca/cryptography (OpenSSL), both directions
# (scripts/interop.sh: needs python3 and PyPI; skips loudly without python3,
# never under CI=true).
interop:
	bash scripts/interop.sh

# The MSRV (rust-version in Cargo.toml) builds mldsa and the mldsa command.
MSRV := $(shell sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)
msrv:
	rustup toolchain list | grep -q "^$(MSRV)-" || rustup toolchain install $(MSRV) --profile minimal
	CARGO_TARGET_DIR=target/msrv cargo +$(MSRV) check -p mldsa-fips204 -p mldsa-cli --all-targets --all-features

# mldsa without std for thumbv7em-none-eabihf and wasm32-unknown-unknown, -D warnings.
no-std:
	bash scripts/no-std.sh

# Includes diff-tests/ (mldsa against the spec on every backend) and the
# mldsa command's tests (cli/tests). Every contract of mldsa-spec is
# evaluated at run time (#[checked], feature check-contracts, on by default)
# in the spec's own tests and on the 615 ACVP cases, each in its own cargo
# run: the diff tests and lemmas take the spec without it (the checks would
# only slow them), and one workspace-wide run would unify it back on.
unit:
	cargo test --workspace --exclude mldsa-spec --features mldsa-lemmas/smt
	cargo test -p mldsa-spec
	cargo test $(RELEASE_SET) --release --features mldsa-spec/check-contracts --test acvp_spec -- --nocapture

# The spec's tests (spec/tests/requires_edges.rs included) with usize 32
# bits wide, as hax's F* allows: i686, natively on x86-64, contracts and
# overflow checks on; then a planted `1 << 32` bound on usize must fail to
# build (scripts/spec-i686.sh).
spec-i686:
	bash scripts/spec-i686.sh

# The same differential properties, 20 times the cases (MLDSA_DIFF_CASES).
fuzz-diff:
	MLDSA_DIFF_CASES=20x cargo test -p mldsa-diff-tests

lemmas:
	cargo build -q $(RELEASE_SET) --release --bin mldsa-lemmas --example stack_usage
	target/release/mldsa-lemmas

# cargo fuzz (fuzz/README.md): every target from the committed seeds, fails
# on any crash; prints executions per second and coverage per target.
# Installs nightly and cargo-fuzz when missing (scripts/fuzz.sh).
FUZZ_SECONDS ?= 300
FUZZ_SMOKE_SECONDS ?= 10
fuzz:
	bash scripts/fuzz.sh $(FUZZ_SECONDS)

# The short run .ci/run makes.
fuzz-smoke:
	FUZZ_SMOKE=1 bash scripts/fuzz.sh $(FUZZ_SMOKE_SECONDS)

# Grows the local corpus until coverage stops growing, then minimizes it
# into the committed one (scripts/fuzz-long.sh, scripts/fuzz-cmin.sh).
fuzz-long:
	bash scripts/fuzz-long.sh

fuzz-cmin:
	bash scripts/fuzz-cmin.sh

# Rewrites fuzz/seeds/ (valid keys, signatures and encodings per target).
fuzz-seeds:
	cargo run -q --manifest-path fuzz/Cargo.toml --example seeds

# impl/tests/miri.rs under Miri with the AVX2 target features (scripts/miri.sh).
miri:
	bash scripts/miri.sh

# mldsa on every backend this machine runs (scripts/backends.sh); the
# spec's run, with its contracts checked, is in `make unit`.
acvp:
	for b in $$(bash scripts/backends.sh); do \
		MLDSA_BACKEND=$$b cargo test $(RELEASE_SET) --release --test acvp_mldsa -- --nocapture || exit 1; \
	done

# valgrind's memcheck as a constant-time checker (scripts/ct.sh,
# SECURITY.md): every secret marked undefined, keygen / sign / import /
# PKCS#8 on the three parameter sets, once per backend; a secret-dependent
# branch or address fails it, and so must the planted leak.
ct:
	bash scripts/ct.sh

# A two-class timing test (dudect) of keygen, import and signing, fixed
# against random secrets, on every backend this CPU runs, AVX-512 included;
# fails on |t| > 4.5, and when the planted leak is not caught
# (scripts/ct-timing.sh, SECURITY.md). The short form is in make test.
ct-timing:
	bash scripts/ct-timing.sh 20000

ct-timing-short:
	bash scripts/ct-timing.sh 2000

# The conditional jumps and indexed memory accesses of the AVX-512 machine
# code (which valgrind cannot run) must be those scripts/avx512-audit.txt
# lists, each with why it is public; then the check must report an entry
# left out of the list (scripts/avx512-audit.py, SECURITY.md).
avx512-audit:
	cargo build -q --profile ct -p mldsa-fips204 --example profile_ops
	python3 scripts/avx512-audit.py
	python3 scripts/avx512-audit.py --planted

# Peak stack of every operation, backend and parameter set (the table of the crate docs).
stack-usage:
	bash scripts/stack-usage.sh

# Every operation runs on a stack of exactly its documented figure, each at most 128 KiB.
stack-check:
	bash scripts/stack-usage.sh check

# No secret left on the stack or in freed heap after keygen, sign, import,
# every PKCS#8 / PEM decoder and encoder, the pkcs8 traits and the caller's
# patterns (diff-tests/tests/stack_scan/), on every backend this machine
# runs, with the skipped wipes the scan must find (stack_scan/plants.rs).
zeroize:
	for b in $$(bash scripts/backends.sh); do \
		MLDSA_BACKEND=$$b cargo test $(RELEASE_SET) --release --test stack_scan || exit 1; \
	done

extract:
	bash scripts/extract.sh

# hax's engine on the spec (../shared/hax where present): no diagnostic, the
# committed F* and OBLIGATIONS.md fresh, every contract in the F*, the
# hand-written interfaces naming only what exists (scripts/extract-check.sh).
extract-check:
	bash scripts/extract-check.sh

# A fresh release build of a program using mldsa, against the peers, and
# the stripped size of one written against the signature traits, against
# the 600 KB goal (scripts/dep-cost.sh; needs crates.io).
dep-cost:
	bash scripts/dep-cost.sh

# cargo-mutants on spec/src against the spec's tests (scripts/mutants.sh):
# every mutant, two at a time, 8 property cases (as the shard), about 80
# minutes on 2 cores.
mutants:
	MUTANTS_JOBS=$${MUTANTS_JOBS:-2} MLDSA_SPEC_CASES=$${MLDSA_SPEC_CASES:-8} bash scripts/mutants.sh

# One deterministic shard of it, 8 property cases: k is the number of
# commits modulo 96, so each new commit runs the next shard.
MUTANTS_SHARDS := 96
mutants-shard:
	MUTANTS_SHARD=$$(( $$(git rev-list --count HEAD 2>/dev/null || echo 0) % $(MUTANTS_SHARDS) ))/$(MUTANTS_SHARDS) \
		MUTANTS_SKIP_BASELINE=1 MLDSA_SPEC_CASES=8 bash scripts/mutants.sh

# Without hax, `make extract` must fail with one line saying how to install it.
extract-missing:
	bash scripts/test-extract-missing.sh

# Benchmarks against libcrux, RustCrypto ml-dsa, fips204, PQClean, aws-lc-rs
# (bench/README.md): the tables, and under bench/target/bench/ the results
# as CSV and their chart (chart.svg). Cargo runs inside bench/ so
# bench/.cargo/config.toml applies.
bench:
	cd bench && cargo bench --bench compare

bench-instructions:
	bash bench/instructions.sh

# AArch64 under qemu-user (.cargo/config.toml: the cross linker, and the
# runner with -cpu max, which has the SHA3 extension): clippy on the aarch64
# build, ACVP on neon and portable, the kernel and end-to-end diff tests
# (NEON vs spec vs portable, with the exhaustive Z_q sweeps of the rounding
# kernels) and the stack scan (neon and portable), then ACVP, the SHAKE
# kernels and the stack scan again on a CPU without SHA3 (cortex-a72: the
# plain NEON Keccak). Needs the target and qemu-user
# (make setup-neon installs them).
NEON_TARGET := aarch64-unknown-linux-gnu
# A target directory of its own: cargo locks a target directory (its host
# half too) for the whole of a build, so with this .ci/run runs the AArch64
# half beside `make test` instead of after it.
NEON_DIR := target/neon
test-neon lemmas-neon: export CARGO_TARGET_DIR := $(NEON_DIR)
NEON_SET := $(shell bash scripts/release-set.sh aarch64)
# The crates with AArch64-only code (the NEON backend, its tests and
# models); `make clippy` lints the rest, which is the same on every target.
NEON_CLIPPY := -p mldsa-fips204 -p mldsa-diff-tests -p mldsa-lemmas
NEON_RUN := qemu-aarch64 -L /usr/aarch64-linux-gnu -cpu max
NEON_NO_SHA3 := CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu -cpu cortex-a72"
test-neon: setup-neon
	cargo clippy $(NEON_CLIPPY) --all-targets --target $(NEON_TARGET) -- -D warnings
	for b in neon portable; do \
		MLDSA_BACKEND=$$b cargo test $(NEON_SET) --release --target $(NEON_TARGET) --test acvp_mldsa -- --nocapture || exit 1; \
	done
	MLDSA_EXPECT_SHA3=1 MLDSA_BACKEND=neon cargo test $(NEON_SET) --release --target $(NEON_TARGET) --test algorithms --test kernels --test stack_scan
	# Debug build: every NEON kernel call asserts its precondition (backend/pre.rs).
	MLDSA_EXPECT_SHA3=1 MLDSA_BACKEND=neon cargo test -p mldsa-diff-tests --target $(NEON_TARGET) --test kernels
	MLDSA_BACKEND=portable cargo test $(NEON_SET) --release --target $(NEON_TARGET) --test stack_scan
	$(NEON_NO_SHA3) MLDSA_BACKEND=neon cargo test $(NEON_SET) --release --target $(NEON_TARGET) --test acvp_mldsa -- --nocapture
	$(NEON_NO_SHA3) MLDSA_EXPECT_SHA3=0 MLDSA_BACKEND=neon cargo test $(NEON_SET) --release --target $(NEON_TARGET) --test kernels -- shake neon
	$(NEON_NO_SHA3) MLDSA_BACKEND=neon cargo test $(NEON_SET) --release --target $(NEON_TARGET) --test stack_scan
	$(MAKE) lemmas-neon

# The exhaustive and basis lemmas on NEON and portable under qemu, and the
# NEON intrinsic models against qemu's instructions (model: the arithmetic
# ones, about 10 s; Keccak's, plain NEON and SHA3, about 20 s of CPU time;
# MLDSA_EXPECT_SHA3=1: `-cpu max` has the extension, so its checks run).
# Both sweep their reductions (reduce32, freeze) on a 2^28 window: the whole
# 2^32 domain took 355 s under qemu for NEON alone, and `make lemmas`
# covers it natively (portable's source swept whole and proven by z3,
# NEON's lane source proven by z3 on the models that `model` checks here).
# `make lemmas-neon NEON_REDUCTIONS=` sweeps both whole. z3 is not built
# for AArch64.
NEON_REDUCTIONS ?= reduction-window
lemmas-neon:
	cargo build -q $(NEON_SET) --release --target $(NEON_TARGET) --bin mldsa-lemmas --example stack_usage
	MLDSA_EXPECT_SHA3=1 $(NEON_RUN) $(NEON_DIR)/$(NEON_TARGET)/release/mldsa-lemmas interval exhaustive model $(NEON_REDUCTIONS)

# Instructions executed under qemu (a TCG plugin counting every executed
# guest instruction), NEON vs portable on AArch64, keygen / sign / verify.
neon-instructions:
	bash scripts/neon-instructions.sh
