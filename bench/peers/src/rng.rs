//! Scripted randomness for the peers whose API draws it from getrandom.
//!
//! PQClean (through `pqcrypto-mldsa`) takes the key-generation seed xi and the
//! signing randomness rnd from `randombytes`, that is getrandom 0.3, with no
//! way to pass them in. `.cargo/config.toml` builds getrandom 0.3 with
//! `getrandom_backend = "custom"`, which calls `__getrandom_v03_custom` below.
//! While [`scripted`] runs a closure, that function serves the given bytes
//! (xi for a keygen, 32 zeros for a deterministic signature) and panics if the
//! peer asks for more or fewer than scripted; outside it, it reads the OS
//! generator. So PQClean's keygen is seeded like every other implementation's
//! and its signatures are the deterministic variant, byte-identical to the
//! others' (checked by `check::cross_check`).

use std::cell::Cell;

thread_local! {
    /// The scripted bytes and how many of them were served.
    static SCRIPT: Cell<Option<(&'static [u8], usize)>> = const { Cell::new(None) };
}

/// Runs `f` with getrandom 0.3 serving exactly `bytes`, then checks they were
/// all taken. `bytes` must be `'static` (a constant, or the fixed seed).
pub fn scripted<T>(bytes: &'static [u8], f: impl FnOnce() -> T) -> T {
    SCRIPT.with(|s| s.set(Some((bytes, 0))));
    let out = f();
    let (_, used) = SCRIPT.with(|s| s.take()).expect("script was set");
    assert_eq!(
        used,
        bytes.len(),
        "the peer drew fewer random bytes than scripted"
    );
    out
}

/// True when getrandom 0.3 really goes through [`__getrandom_v03_custom`]
/// (the cfg of `.cargo/config.toml` was applied: a `RUSTFLAGS` in the
/// environment replaces it). Without it PQClean runs on OS randomness.
pub fn custom_backend_active() -> bool {
    static PROBE: [u8; 4] = [1, 2, 3, 4];
    let mut out = [0u8; 4];
    let served = scripted_probe(&PROBE, &mut out);
    served && out == PROBE
}

fn scripted_probe(bytes: &'static [u8], out: &mut [u8]) -> bool {
    SCRIPT.with(|s| s.set(Some((bytes, 0))));
    let ok = getrandom::fill(out).is_ok();
    let (_, used) = SCRIPT.with(|s| s.take()).expect("script was set");
    ok && used == bytes.len()
}

fn os_fill(dest: &mut [u8]) -> std::io::Result<()> {
    use std::io::Read;
    std::fs::File::open("/dev/urandom")?.read_exact(dest)
}

/// getrandom 0.3's custom backend (see the module documentation).
///
/// # Safety
/// getrandom calls it with a valid, writable `dest` of `len` bytes.
#[unsafe(no_mangle)]
unsafe extern "Rust" fn __getrandom_v03_custom(
    dest: *mut u8,
    len: usize,
) -> Result<(), getrandom::Error> {
    // SAFETY: getrandom passes a buffer of `len` writable bytes.
    let dest = unsafe { std::slice::from_raw_parts_mut(dest, len) };
    let scripted = SCRIPT.with(|s| s.get());
    match scripted {
        Some((bytes, used)) => {
            let end = used + len;
            assert!(
                end <= bytes.len(),
                "the peer drew more random bytes than scripted"
            );
            dest.copy_from_slice(&bytes[used..end]);
            SCRIPT.with(|s| s.set(Some((bytes, end))));
            Ok(())
        }
        None => os_fill(dest).map_err(|_| getrandom::Error::UNSUPPORTED),
    }
}
