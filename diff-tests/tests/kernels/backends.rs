//! Which backends the kernel tests run: every backend `for_each_backend!`
//! lists that this machine runs, and among them the one the public API
//! dispatches to (so the end-to-end tests exercise a tested backend), which
//! is the one `MLDSA_BACKEND` forces when set.

use crate::common::*;
use mldsa::backend::Backend;
use proptest::test_runner::TestCaseError;

fn record<B: Backend>(names: &mut Vec<&'static str>) -> Result<(), TestCaseError> {
    names.push(B::NAME);
    Ok(())
}

#[test]
fn backends_under_test() -> Result<(), TestCaseError> {
    let mut names = Vec::new();
    for_each_backend!(record(&mut names));
    eprintln!("backends under test: {names:?}");
    assert!(names.contains(&"portable"));
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(
        unique.len(),
        names.len(),
        "a backend is listed twice: {names:?}"
    );
    let selected = mldsa::selected_backend().name();
    if let Ok(forced) = std::env::var("MLDSA_BACKEND") {
        assert_eq!(
            selected, forced,
            "MLDSA_BACKEND={forced} but the public API selected {selected}"
        );
    }
    assert!(
        names.contains(&selected),
        "the public API runs on {selected}, which for_each_backend! does not test"
    );
    Ok(())
}
