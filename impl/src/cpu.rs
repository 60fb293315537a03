//! CPU feature detection for the AVX2 backend that works without `std`
//! (CPUID through the `cpufeatures` crate, cached in an atomic), so that a
//! `no_std` x86-64 build can select AVX2 at run time instead of silently
//! running portable.
//!
//! `backend/avx2`'s `available()` calls [`avx2_available`] without `std`
//! (with `std` it keeps `std::is_x86_feature_detected!`, cached by std).
//! The test below checks that both detections agree.

#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
cpufeatures::new!(avx2_cpuid, "avx2", "bmi1", "bmi2", "popcnt");

/// Whether the CPU runs the AVX2 backend (AVX2, BMI1, BMI2, POPCNT), without `std`.
#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
#[cfg_attr(all(feature = "std", not(test)), allow(dead_code))]
pub(crate) fn avx2_available() -> bool {
    avx2_cpuid::get()
}

/// Not x86: never.
#[cfg(not(any(target_arch = "x86_64", target_arch = "x86")))]
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn avx2_available() -> bool {
    false
}

#[cfg(all(test, feature = "std"))]
mod tests {
    #[test]
    fn agrees_with_std_detection() {
        #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
        let expected = std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt");
        #[cfg(not(any(target_arch = "x86_64", target_arch = "x86")))]
        let expected = false;
        assert_eq!(super::avx2_available(), expected);
    }
}
