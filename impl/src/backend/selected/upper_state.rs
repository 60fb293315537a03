//! The upper halves of the vector registers, marked unused before each
//! operation.
//!
//! Code compiled for SSE2 (the portable backend on x86-64, and every
//! operation's glue code on every backend) runs slowly while 256-bit code
//! has left the upper halves of the YMM registers in use, as assembly that
//! returns without `vzeroupper` does (AWS-LC's, through `aws-lc-rs`, in
//! the same process): some CPUs then merge the halves into every SSE
//! instruction, and the portable backend's key generation and verification
//! take about a tenth longer. The SIMD backends' kernels clean up as
//! they return (the compiler's `vzeroupper`), so there only the code before
//! the first kernel paid. `dispatch` calls [`clean_upper_state`] as every
//! operation starts.

/// `vzeroupper` where the CPU has AVX (one cached CPUID check); nothing
/// elsewhere, and nothing under Miri, which has no CPUID. Public with
/// `internals` for the benchmarks, which start each batch of every
/// implementation with it.
#[inline(always)]
pub fn clean_upper_state() {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if crate::cpu::avx_available() {
        // SAFETY: the CPU has AVX and the operating system saves its state
        // (`cpufeatures` checks both).
        unsafe { zero_upper() }
    }
}

#[cfg(all(target_arch = "x86_64", not(miri)))]
#[target_feature(enable = "avx")]
fn zero_upper() {
    core::arch::x86_64::_mm256_zeroupper()
}

/// Whether the upper halves of the YMM registers are in use (bit 2 of
/// XINUSE: XGETBV with ECX = 1); `None` where the CPU cannot say (no AVX,
/// or no XGETBV with ECX = 1).
#[cfg(all(test, feature = "std", target_arch = "x86_64"))]
pub(crate) fn upper_state_in_use() -> Option<bool> {
    if !std::is_x86_feature_detected!("avx") || !std::is_x86_feature_detected!("xsave") {
        return None;
    }
    // CPUID leaf 0xD, sub-leaf 1: EAX bit 2 is XGETBV with ECX = 1.
    if core::arch::x86_64::__cpuid_count(0xd, 1).eax & 4 == 0 {
        return None;
    }
    let xinuse: u32;
    // SAFETY: XGETBV with ECX = 1 exists (checked above); it writes only
    // EAX and EDX.
    unsafe {
        core::arch::asm!(
            "xgetbv",
            in("ecx") 1u32,
            out("eax") xinuse,
            out("edx") _,
            options(nomem, nostack, preserves_flags)
        );
    }
    Some(xinuse & 4 != 0)
}

/// Puts the upper halves of the YMM registers in use, as assembly that
/// skips `vzeroupper` leaves them (a 256-bit write to YMM8), where the CPU
/// has AVX.
#[cfg(all(test, feature = "std", target_arch = "x86_64"))]
pub(crate) fn dirty_upper_state() {
    if std::is_x86_feature_detected!("avx") {
        // SAFETY: the CPU has AVX; YMM8 is declared clobbered.
        unsafe {
            core::arch::asm!(
                "vpcmpeqd ymm8, ymm8, ymm8",
                out("ymm8") _,
                options(nomem, nostack, preserves_flags)
            );
        }
    }
}

#[cfg(all(test, feature = "std", target_arch = "x86_64"))]
mod tests {
    use std::eprintln;

    /// The probe sees a 256-bit write, and `clean_upper_state` undoes it
    /// (where the CPU can say: XINUSE, in x86-64 CPUs from about 2015 on).
    #[test]
    fn clean_upper_state_clears_the_upper_halves() {
        super::dirty_upper_state();
        let Some(dirty) = super::upper_state_in_use() else {
            eprintln!("no AVX, or no XGETBV with ECX = 1: nothing to check here");
            return;
        };
        assert!(dirty, "the probe missed a 256-bit write");
        super::clean_upper_state();
        assert_eq!(super::upper_state_in_use(), Some(false));
    }
}
