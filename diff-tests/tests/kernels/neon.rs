//! NEON only (AArch64): both forms of the two-way Keccak-f[1600] (plain NEON
//! and the SHA3-extension form, when the CPU has it) against the portable
//! permutation, and the SHA3 detection against what the test run expects
//! (`MLDSA_EXPECT_SHA3=1` or `0`, set by `make test-neon` for its `-cpu max`
//! and `-cpu cortex-a72` runs), so that both Keccak paths of the dispatch
//! are known to have run.
#![cfg(all(target_arch = "aarch64", target_feature = "neon"))]

use mldsa::backend::neon::{has_sha3, keccak_f1600_x2_form};
use mldsa::backend::portable::keccak_f1600;
use proptest::prelude::*;

fn check_forms(states: [[u64; 25]; 2]) -> Result<(), TestCaseError> {
    let mut expected = states;
    keccak_f1600(&mut expected[0]);
    keccak_f1600(&mut expected[1]);
    let mut plain = states;
    prop_assert!(keccak_f1600_x2_form(&mut plain, false));
    prop_assert_eq!(plain, expected, "plain NEON Keccak-f[1600] x2");
    let mut sha3 = states;
    let ran = keccak_f1600_x2_form(&mut sha3, true);
    prop_assert_eq!(ran, has_sha3());
    if ran {
        prop_assert_eq!(sha3, expected, "SHA3-extension Keccak-f[1600] x2");
    }
    Ok(())
}

proptest! {
    #![proptest_config(mldsa_diff_tests::proptest_config!(256))]

    #[test]
    fn keccak_x2_forms_match_portable(a in prop::array::uniform25(any::<u64>()), b in prop::array::uniform25(any::<u64>())) {
        check_forms([a, b])?;
    }
}

#[test]
fn keccak_x2_forms_edges() -> Result<(), TestCaseError> {
    for (a, b) in [
        (0, 0),
        (0, u64::MAX),
        (u64::MAX, 1),
        (1 << 63, 0x0123_4567_89AB_CDEF),
    ] {
        check_forms([[a; 25], [b; 25]])?;
    }
    Ok(())
}

#[test]
fn sha3_detected_as_expected() {
    eprintln!("SHA3 extension: {}", has_sha3());
    match std::env::var("MLDSA_EXPECT_SHA3").as_deref() {
        Ok("1") => assert!(
            has_sha3(),
            "MLDSA_EXPECT_SHA3=1 but the CPU has no SHA3 extension"
        ),
        Ok("0") => assert!(
            !has_sha3(),
            "MLDSA_EXPECT_SHA3=0 but the CPU has the SHA3 extension"
        ),
        _ => {}
    }
}
