//! The heap half of the scan: while an operation runs on the scanned
//! thread, every block that thread frees is held back (not returned to the
//! system allocator), so that after the operation each one can be read as
//! it was when it was freed and searched like the stack. A buffer freed
//! without a wipe (a decode buffer on an error path, a boxed key) is then
//! found.
//!
//! The test binary's global allocator is the system's, with this one
//! difference on the scanned thread only. Blocks are read through
//! /proc/self/mem, as the stack is, and returned to the system allocator
//! afterwards.

// The one `unsafe` of the tests: a `GlobalAlloc` implementation is an
// `unsafe impl`, and forwarding to `System` calls its unsafe methods; and
// the plants' skipped wipe of a boxed value (`free_without_drop`).
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many freed blocks one operation may hold back; more fails the test
/// (`take`), so that no freed block escapes the scan unnoticed.
const CAPACITY: usize = 4096;

/// The held blocks: address, size and alignment, written in `dealloc`
/// (which may not allocate) of the one scanned thread.
static HELD: [[AtomicUsize; 3]; CAPACITY] =
    [const { [const { AtomicUsize::new(0) }; 3] }; CAPACITY];
static COUNT: AtomicUsize = AtomicUsize::new(0);
/// Blocks freed while the quarantine was full.
static MISSED: AtomicUsize = AtomicUsize::new(0);
/// One scanned thread at a time (the tests run in parallel).
pub static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

thread_local! {
    static ON: Cell<bool> = const { Cell::new(false) };
}

pub struct Quarantine;

// SAFETY: every method forwards to `System` with the caller's arguments;
// `dealloc` may instead keep the block, which `take` later returns to
// `System` with the layout it was allocated with.
unsafe impl GlobalAlloc for Quarantine {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc`, passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    // `realloc` is the trait's default: alloc, copy, dealloc, so the block
    // it leaves is held back too.

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if ON.try_with(Cell::get).unwrap_or(false) {
            let n = COUNT.load(Ordering::Relaxed);
            if n < CAPACITY {
                HELD[n][0].store(ptr as usize, Ordering::Relaxed);
                HELD[n][1].store(layout.size(), Ordering::Relaxed);
                HELD[n][2].store(layout.align(), Ordering::Relaxed);
                COUNT.store(n + 1, Ordering::Relaxed);
                return;
            }
            MISSED.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: `ptr` was allocated by `System` with `layout` (every
        // allocation of this binary goes through `alloc` above).
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// From now on, blocks this thread frees are held back.
pub fn hold() {
    COUNT.store(0, Ordering::Relaxed);
    MISSED.store(0, Ordering::Relaxed);
    ON.with(|on| on.set(true));
}

/// Stops holding blocks back, and returns a copy of each block held (as
/// it was when freed) before returning it to the system allocator.
pub fn take() -> Vec<Vec<u8>> {
    ON.with(|on| on.set(false));
    assert_eq!(
        MISSED.load(Ordering::Relaxed),
        0,
        "more than {CAPACITY} blocks freed: raise CAPACITY"
    );
    let mem = File::open("/proc/self/mem").expect("open /proc/self/mem");
    let n = COUNT.swap(0, Ordering::Relaxed);
    let mut blocks = Vec::with_capacity(n);
    for slot in &HELD[..n] {
        let [ptr, size, align] = slot.each_ref().map(|a| a.load(Ordering::Relaxed));
        let mut copy = vec![0u8; size];
        if size > 0 {
            mem.read_exact_at(&mut copy, ptr as u64)
                .expect("read a freed block through /proc/self/mem");
        }
        blocks.push(copy);
        let layout = Layout::from_size_align(size, align).expect("the block's layout");
        // SAFETY: the block was allocated by `System` with this layout and
        // held back by `dealloc` instead of being freed; it is freed once.
        unsafe { System.dealloc(ptr as *mut u8, layout) }
    }
    blocks
}

/// Frees `boxed`'s block without running its drop: a boxed key freed
/// with its wipe skipped, which the scan must find (plants.rs).
pub fn free_without_drop<T>(boxed: Box<T>) {
    let raw = Box::into_raw(boxed);
    // SAFETY: `raw` comes from `Box::into_raw` of a `Box<T>`, allocated by
    // the global allocator with T's layout; it is freed once and never
    // read again. Not running T's drop is safe (its wipe is what is
    // skipped).
    unsafe { std::alloc::dealloc(raw.cast::<u8>(), Layout::new::<T>()) }
}
