//! Calls made to panic: the checks that expect a contract violation read
//! its message, without the default hook printing it.

use std::panic::{AssertUnwindSafe, catch_unwind};

/// `f`'s result, or the message it panicked with (kept quiet).
pub fn quietly<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = catch_unwind(AssertUnwindSafe(f));
    std::panic::set_hook(hook);
    result.map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

/// The panic message of `f`, if it panics (kept quiet).
pub fn violation<T>(f: impl FnOnce() -> T) -> Option<String> {
    quietly(f).err()
}
