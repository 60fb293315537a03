//! # mldsa-diff-tests: the optimized `mldsa` held to the executable spec
//!
//! The tests live in two binaries, `tests/kernels/` and `tests/algorithms/`,
//! one module file per concern (see `README.md`).
//! This library holds what they share and what must have one definition:
//!
//! - [`cases`]: the number of cases of a property, scaled by the environment
//!   variable `MLDSA_DIFF_CASES` (`make fuzz-diff` runs the same properties
//!   much longer);
//! - [`for_each_backend!`]: runs a kernel check once per backend this machine
//!   runs (portable; AVX2 on x86-64 CPUs with AVX2, BMI1, BMI2 and POPCNT;
//!   AVX-512 on those with AVX-512 F, VL, BW and DQ too; NEON on AArch64).
//!   Adding a backend is one line there;
//! - [`proptest_config!`]: the proptest configuration every property uses
//!   (case count from [`cases`], failing seeds persisted next to the test file
//!   as `tests/<binary>/<file>.regressions`);
//! - [`missing_backend`]: fails when CI requires a backend the CPU lacks.
//!
//! - [`typed`]: the kernels that take a parameter type, called with the
//!   parameter's value.
//!
//! The macros name `::mldsa` and `::proptest` by absolute path: they expand
//! in the test crates, which have those as dev-dependencies.

#![forbid(unsafe_code)]

/// The environment variable that scales every property's case count.
pub const CASES_VAR: &str = "MLDSA_DIFF_CASES";

/// The number of cases for a property whose default is `default`.
///
/// `MLDSA_DIFF_CASES` unset or empty: `default`. `MLDSA_DIFF_CASES=20x` (or
/// `x20`): `default * 20`. `MLDSA_DIFF_CASES=5000`: 5000 for every property.
/// Anything else panics, so a typo cannot silently run the short suite.
pub fn cases(default: u32) -> u32 {
    match std::env::var(CASES_VAR) {
        Ok(value) => scale(default, &value).unwrap_or_else(|| {
            panic!("{CASES_VAR}={value:?}: expected a case count (5000) or a multiplier (20x)")
        }),
        Err(_) => default,
    }
}

/// `cases` on an explicit setting: `None` when it does not parse.
pub fn scale(default: u32, setting: &str) -> Option<u32> {
    let setting = setting.trim();
    if setting.is_empty() {
        return Some(default);
    }
    let multiplier = setting
        .strip_suffix(['x', 'X'])
        .or_else(|| setting.strip_prefix(['x', 'X']));
    match multiplier {
        Some(m) => m
            .trim()
            .parse::<u32>()
            .ok()
            .map(|m| default.saturating_mul(m).max(1)),
        None => setting.parse::<u32>().ok().map(|n| n.max(1)),
    }
}

/// Runs `check::<..., B>(args)?` once for every backend `B` this machine
/// runs, inside a function returning `Result<_, proptest::test_runner::TestCaseError>`.
///
/// ```ignore
/// fn check_ntt<B: Backend>(a: &[i32; 256]) -> Result<(), TestCaseError> { ... }
/// fn check_expand_a<P: ParameterSet, B: Backend>(rho: &[u8; 32]) -> Result<(), TestCaseError> { ... }
///
/// for_each_backend!(check_ntt(&a));                  // check_ntt::<Portable>(&a)?; ...
/// for_each_backend!(check_expand_a::<MlDsa65>(&rho)); // check_expand_a::<MlDsa65, Portable>(&rho)?; ...
/// ```
///
/// The backend is always the last type parameter. The arguments are
/// evaluated once per backend, so pass references, not moved values.
///
/// A backend is one line below: its type, behind the `cfg` of the targets
/// that have it and the runtime check that this CPU runs it (`available()`);
/// a new backend adds its line. The `backends` test fails when the public
/// API selects a backend missing here.
#[macro_export]
macro_rules! for_each_backend {
    ($check:ident $(::<$($param:ty),+ $(,)?>)? ( $($arg:expr),* $(,)? )) => {{
        $check::<$($($param,)+)? ::mldsa::backend::portable::Portable>($($arg),*)?;
        #[cfg(target_arch = "x86_64")]
        if ::mldsa::backend::avx2::available() { $check::<$($($param,)+)? ::mldsa::backend::avx2::Avx2>($($arg),*)?; } else { $crate::missing_backend("avx2"); }
        #[cfg(target_arch = "x86_64")]
        if ::mldsa::backend::avx512::available() { $check::<$($($param,)+)? ::mldsa::backend::avx512::Avx512>($($arg),*)?; } else { $crate::missing_backend("avx512"); }
        #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
        if ::mldsa::backend::neon::available() { $check::<$($($param,)+)? ::mldsa::backend::neon::Neon>($($arg),*)?; } else { $crate::missing_backend("neon"); }
    }};
}

/// Called when this CPU cannot run a backend: panics if the environment
/// requires it (`MLDSA_REQUIRE_AVX2=1`, `MLDSA_REQUIRE_AVX512=1`, which CI
/// sets, as for the ACVP tests), so that a CI machine without it fails
/// instead of skipping it.
pub fn missing_backend(name: &str) {
    let var = format!("MLDSA_REQUIRE_{}", name.to_uppercase());
    if std::env::var(&var).as_deref() == Ok("1") {
        panic!("{var}=1 but this CPU cannot run the {name} backend");
    }
}

/// Shrinking budget of every property (proptest's default, four times the
/// case count, leaves the slow end-to-end failures half minimised).
/// `PROPTEST_MAX_SHRINK_ITERS` still overrides it.
pub const SHRINK_ITERS: u32 = 100_000;
/// Shrinking time limit in milliseconds (`PROPTEST_MAX_SHRINK_TIME`
/// overrides it).
pub const SHRINK_TIME_MS: u32 = 300_000;

/// The proptest configuration of every property: `cases(default_cases)`
/// cases, failing inputs shrunk with the budget above, and failing seeds
/// persisted with `FileFailurePersistence::WithSource("regressions")`, that
/// is in `diff-tests/tests/<binary>/<file>.regressions` (commit those files).
#[macro_export]
macro_rules! proptest_config {
    ($default_cases:expr) => {{
        let mut config = ::proptest::test_runner::Config::default();
        config.cases = $crate::cases($default_cases);
        config.failure_persistence = ::core::option::Option::Some(::std::boxed::Box::new(
            ::proptest::test_runner::FileFailurePersistence::WithSource("regressions"),
        ));
        if config.max_shrink_iters == u32::MAX {
            config.max_shrink_iters = $crate::SHRINK_ITERS;
        }
        if config.max_shrink_time == 0 {
            config.max_shrink_time = $crate::SHRINK_TIME_MS;
        }
        config
    }};
}

pub mod typed;

/// The twelve pre-hash functions, each with its spec twin (the one place
/// that pairs them: the diff tests and the spec's ACVP run use it).
pub const PREHASHES: [(mldsa::PreHash, mldsa_spec::PreHash); 12] = [
    (mldsa::PreHash::Sha2_224, mldsa_spec::PreHash::Sha2_224),
    (mldsa::PreHash::Sha2_256, mldsa_spec::PreHash::Sha2_256),
    (mldsa::PreHash::Sha2_384, mldsa_spec::PreHash::Sha2_384),
    (mldsa::PreHash::Sha2_512, mldsa_spec::PreHash::Sha2_512),
    (
        mldsa::PreHash::Sha2_512_224,
        mldsa_spec::PreHash::Sha2_512_224,
    ),
    (
        mldsa::PreHash::Sha2_512_256,
        mldsa_spec::PreHash::Sha2_512_256,
    ),
    (mldsa::PreHash::Sha3_224, mldsa_spec::PreHash::Sha3_224),
    (mldsa::PreHash::Sha3_256, mldsa_spec::PreHash::Sha3_256),
    (mldsa::PreHash::Sha3_384, mldsa_spec::PreHash::Sha3_384),
    (mldsa::PreHash::Sha3_512, mldsa_spec::PreHash::Sha3_512),
    (mldsa::PreHash::Shake128, mldsa_spec::PreHash::Shake128),
    (mldsa::PreHash::Shake256, mldsa_spec::PreHash::Shake256),
];

#[cfg(test)]
mod tests {
    use super::scale;

    #[test]
    fn case_settings() {
        assert_eq!(scale(64, ""), Some(64));
        assert_eq!(scale(64, "10x"), Some(640));
        assert_eq!(scale(64, "x10"), Some(640));
        assert_eq!(scale(64, " 3X "), Some(192));
        assert_eq!(scale(64, "0x"), Some(1));
        assert_eq!(scale(64, "5000"), Some(5000));
        assert_eq!(scale(64, "many"), None);
        assert_eq!(scale(64, "-3"), None);
        assert_eq!(scale(u32::MAX, "2x"), Some(u32::MAX));
    }
}
