//! What the spec's property tests share.

use proptest::test_runner::Config;

/// `default` cases, or `MLDSA_SPEC_CASES` when set: `make mutants` runs
/// each mutant against fewer cases, so that a shard fits CI's time.
pub fn cases(default: u32) -> Config {
    let cases = std::env::var("MLDSA_SPEC_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    Config::with_cases(cases)
}
