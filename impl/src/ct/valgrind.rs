//! valgrind's client requests on x86-64: the crate's one `unsafe` outside
//! the SIMD backends and dispatch, compiled only with the test-only feature
//! `ct-check` (`scripts/check-unsafe.sh` lists it).
//!
//! A request is valgrind.h's "special instruction sequence": rdi rotated by
//! 3, 13, 61 and 51 bits (128 in all, so rdi is unchanged), then
//! `xchg rbx, rbx`, with rax pointing to six words (the request code and
//! its arguments) and rdx holding the value returned when not under
//! valgrind. On a real CPU the sequence changes nothing but the flags;
//! valgrind recognizes it, runs the request, and puts its answer in rdx.
//! Written here rather than taken from a crate: the crates that wrap
//! valgrind.h compile a C shim and run bindgen, a build far larger than
//! these few lines.

use core::arch::asm;

/// VG_USERREQ__RUNNING_ON_VALGRIND (valgrind.h): nonzero under valgrind.
pub(super) const RUNNING_ON_VALGRIND: usize = 0x1001;
/// VG_USERREQ__MAKE_MEM_UNDEFINED (memcheck.h: tool base 'M' 'C', + 1).
pub(super) const MAKE_MEM_UNDEFINED: usize = 0x4d43_0001;
/// VG_USERREQ__MAKE_MEM_DEFINED (memcheck.h: tool base 'M' 'C', + 2).
pub(super) const MAKE_MEM_DEFINED: usize = 0x4d43_0002;
/// VG_USERREQ__CHECK_MEM_IS_DEFINED (memcheck.h: tool base 'M' 'C', + 5):
/// 0, or the address of the first undefined byte (and an error report).
pub(super) const CHECK_MEM_IS_DEFINED: usize = 0x4d43_0005;

/// Request `code` with two arguments; 0 when not under valgrind.
#[inline(always)]
pub(super) fn request(code: usize, arg1: usize, arg2: usize) -> usize {
    let args: [usize; 6] = [code, arg1, arg2, 0, 0, 0];
    let mut result: usize = 0;
    // SAFETY: on a CPU the sequence only rotates rdi back to its value and
    // exchanges rbx with itself (flags are clobbered, which asm! assumes
    // without `preserves_flags`); it touches no memory and no stack. Under
    // valgrind, valgrind reads the six words of `args` (alive across the
    // block) and, for the memcheck requests, changes only its own record
    // of whether the bytes [arg1, arg1 + arg2) are defined, never the
    // bytes (CHECK_MEM_IS_DEFINED only reads that record); no `nomem`, so the compiler reloads memory after it.
    unsafe {
        asm!(
            "rol rdi, 3",
            "rol rdi, 13",
            "rol rdi, 61",
            "rol rdi, 51",
            "xchg rbx, rbx",
            in("rax") args.as_ptr(),
            inout("rdx") result,
            options(nostack),
        );
    }
    result
}
