//! CPU feature detection for the AVX2 and AVX-512 backends that works
//! without `std` (CPUID through the `cpufeatures` crate, cached in an
//! atomic), so that a `no_std` x86-64 build can select them at run time
//! instead of silently running portable.
//!
//! `backend/avx2`'s `available()` calls [`avx2_available`] and
//! `backend/avx512`'s [`avx512_available`], with or without `std` (one
//! cached check for all of a backend's features). The tests below check
//! that both detections agree with std's.

#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
cpufeatures::new!(avx2_cpuid, "avx2", "bmi1", "bmi2", "popcnt");

// Everything the AVX-512 backend's kernels enable: the AVX2 backend's set (its
// kernels serve the AVX-512 backend too) and the AVX-512 subsets used.
#[cfg(target_arch = "x86_64")]
cpufeatures::new!(
    avx512_cpuid,
    "avx2",
    "bmi1",
    "bmi2",
    "popcnt",
    "avx512f",
    "avx512vl",
    "avx512bw",
    "avx512dq"
);

/// Whether the CPU runs the AVX2 backend (AVX2, BMI1, BMI2, POPCNT): one
/// CPUID probe, cached in an atomic, with or without `std`. (32-bit x86
/// has no AVX2 backend to call it.)
#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
#[cfg_attr(all(target_arch = "x86", not(test)), allow(dead_code))]
pub(crate) fn avx2_available() -> bool {
    avx2_cpuid::get()
}

/// Whether the CPU runs the AVX-512 backend (the AVX2 set plus AVX-512 F,
/// VL, BW and DQ, with the operating system saving the 512-bit state): one
/// CPUID probe, cached in an atomic, with or without `std`.
/// Under Miri (which cannot execute CPUID) only what the build enables
/// statically counts; `make miri` enables AVX2, not AVX-512.
#[cfg(target_arch = "x86_64")]
pub(crate) fn avx512_available() -> bool {
    if cfg!(miri) {
        return cfg!(all(
            target_feature = "avx2",
            target_feature = "avx512f",
            target_feature = "avx512vl",
            target_feature = "avx512bw",
            target_feature = "avx512dq"
        ));
    }
    avx512_cpuid::get()
}

#[cfg(target_arch = "x86_64")]
cpufeatures::new!(avx_cpuid, "avx");

/// Whether the CPU has AVX (and the operating system saves its state),
/// without `std`: for `backend::upper_state`.
#[cfg(target_arch = "x86_64")]
pub(crate) fn avx_available() -> bool {
    avx_cpuid::get()
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

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx512_agrees_with_std_detection() {
        let expected = std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512dq");
        assert_eq!(super::avx512_available(), expected);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx_agrees_with_std_detection() {
        assert_eq!(super::avx_available(), std::is_x86_feature_detected!("avx"));
    }
}
