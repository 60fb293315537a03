//! No secret stays on the stack or in freed heap after an operation: key
//! generation (both key forms, on the stack and boxed), signing (both
//! forms; deterministic, hedged, external mu and the `signature` traits'
//! `Signer` and `RandomizedSigner`), the expanded-key import
//! (accepted, and refused for a wrong tr and for s1 out of range), every
//! PKCS#8 / PEM decoder and encoder, the `pkcs8` traits and `TryFrom`
//! (`decoders`), and the caller's patterns of the docs (`patterns`), each
//! on a fresh thread of a known stack. After the operation returns (and
//! its results are dropped), the thread copies its whole stack, through
//! /proc/self/mem, and every heap block it freed meanwhile
//! (`quarantine`), and the copies are searched for xi, rho', K, rho'', and
//! s1, s2, t0 as the code holds them: packed (the bytes of sk) and as
//! 32-bit coefficients, in the normal domain and after the NTT (matched
//! mod q, so any representative counts).
//!
//! The test keeps no copy where it looks: keys for signing live on the
//! heap, inputs are passed by reference to heap memory, and the patterns
//! are computed with the spec on the main thread, which is not scanned.
//! Before the operation, the thread clears the stack it scans, so that a
//! finding belongs to that operation. A canary, written by a callee and
//! left behind, must be found, or the scan proves nothing (this is what
//! makes the test trustworthy under qemu too).
//!
//! The backend is the one the process selects: `MLDSA_BACKEND` picks it
//! (`make zeroize` runs every backend this machine has; `make test-neon`
//! runs NEON under qemu).
//!
//! Each kind of finding must be possible (`plants`): with the test-only
//! plants of `mldsa::ct` on, a key that is not wiped when dropped is found
//! through every constructor and decoder, and a PEM decode buffer freed
//! unwiped is found in the heap.

mod decoders;
mod patterns;
mod plants;
mod quarantine;

use std::collections::HashMap;
use std::fs::File;
use std::hint::black_box;
use std::os::unix::fs::FileExt;

use mldsa::const_oid::AssociatedOid;
use mldsa::signature_traits::{RandomizedSigner, Signer};
use mldsa::{
    Compact, KeyForm, MlDsa44, MlDsa65, MlDsa87, Mu, MuBuilder, ParameterSet, Precomputed,
    SigningKey, selected_backend,
};
use mldsa_spec::params::ParamSet;

/// The system allocator, except that blocks the scanned thread frees are
/// held back for the heap scan.
#[global_allocator]
static ALLOCATOR: quarantine::Quarantine = quarantine::Quarantine;

/// The scanned thread's stack.
const STACK: usize = 512 * 1024;
/// What the thread clears before the operation: all but the top, where
/// the thread's own frames sit.
const CLEAR: usize = STACK - 64 * 1024;
const Q: i64 = 8380417;

const MSG: &[u8] = b"a message whose signature leaves nothing behind";
const CTX: &[u8] = b"context";
const RND: [u8; 32] = [0x5a; 32];

/// Clears CLEAR bytes of stack below the caller's frame.
#[inline(never)]
fn clear_stack() {
    let buf = [0u8; CLEAR];
    black_box(&buf);
}

/// Writes the canary into a callee's frame and leaves it there.
#[inline(never)]
fn leave_canary(canary: &[u8; 64]) {
    let mut buf = [0u8; 256];
    buf[96..160].copy_from_slice(canary);
    black_box(&mut buf);
}

/// Runs `op` below a frame of padding: the stack read after it (its own
/// frames go where `op`'s went) then overwrites padding, not what `op` left.
#[inline(never)]
fn below_padding(op: impl FnOnce()) {
    let pad = [0u8; 16 * 1024];
    black_box(&pad);
    op();
    black_box(&pad);
}

/// The lowest and highest address of the mapping holding `addr`
/// (/proc/self/maps, which qemu-user emulates for its guest).
fn mapping_of(addr: usize) -> (usize, usize) {
    let maps = std::fs::read_to_string("/proc/self/maps").expect("read /proc/self/maps");
    for line in maps.lines() {
        let range = line.split_whitespace().next().unwrap_or("");
        if let Some((lo, hi)) = range.split_once('-') {
            let lo = usize::from_str_radix(lo, 16).unwrap_or(0);
            let hi = usize::from_str_radix(hi, 16).unwrap_or(0);
            if lo <= addr && addr < hi {
                return (lo, hi);
            }
        }
    }
    panic!("no mapping holds the stack address {addr:#x}");
}

/// What an operation left: its thread's stack, and each heap block it freed.
struct Left {
    stack: Vec<u8>,
    heap: Vec<Vec<u8>>,
}

/// Runs `op` on a fresh thread with a STACK-byte stack, then returns that
/// thread's stack mapping as it was when `op` returned, and the blocks it
/// freed, as they were when freed.
fn run_scanned(op: impl FnOnce() + Send) -> Left {
    let _one = quarantine::ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(STACK)
            .spawn_scoped(scope, move || {
                let marker = 0u8;
                let (lo, hi) = mapping_of(black_box(&marker) as *const u8 as usize);
                let mem = File::open("/proc/self/mem").expect("open /proc/self/mem");
                let mut image = vec![0u8; hi - lo];
                clear_stack();
                quarantine::hold();
                below_padding(op);
                mem.read_exact_at(&mut image, lo as u64)
                    .expect("read the stack through /proc/self/mem");
                let heap = quarantine::take();
                Left { stack: image, heap }
            })
            .expect("spawn the scanned thread")
            .join()
            .expect("the scanned thread")
    })
}

/// The thread's stack after `op` (see [`run_scanned`]).
fn stack_after(op: impl FnOnce() + Send) -> Vec<u8> {
    run_scanned(op).stack
}

/// The secrets of one key, as the code may hold them.
pub struct Secrets {
    /// Byte strings, searched in 8-byte pieces at any offset.
    bytes: Vec<(String, Vec<u8>)>,
    /// Polynomials, searched in 16-coefficient pieces (4-byte aligned,
    /// 32-bit little-endian, equal mod q).
    polys: Vec<(String, [i32; 256])>,
}

pub fn spec_params<P: ParameterSet>() -> ParamSet {
    match P::NAME {
        "ML-DSA-44" => mldsa_spec::ML_DSA_44,
        "ML-DSA-65" => mldsa_spec::ML_DSA_65,
        _ => mldsa_spec::ML_DSA_87,
    }
}

/// mu = H(tr || 0 || |ctx| || ctx || M, 64).
fn spec_mu(tr: &[u8], ctx: &[u8], msg: &[u8]) -> [u8; 64] {
    let m_prime = mldsa_spec::ml_dsa::format_message(0, ctx, msg);
    let h = mldsa_spec::hash::h(&[tr, &m_prime[..]].concat(), 64);
    h.try_into().unwrap()
}

/// Everything secret that key generation from xi and signing MSG under
/// CTX (with rnd = 0, rnd = RND, and from mu with RND) involve, from the
/// spec.
pub fn secrets<P: ParameterSet>(xi: &[u8; 32]) -> Secrets {
    let params = spec_params::<P>();
    let (_, sk) = mldsa_spec::ml_dsa_key_gen_internal(&params, xi);
    let (_, k, tr, s1, s2, t0) = mldsa_spec::encodings::sk_decode(&params, &sk).unwrap();
    let seeds = mldsa_spec::hash::h(&[&xi[..], &[P::K as u8, P::L as u8]].concat(), 128);
    let mut bytes = vec![
        ("xi".to_string(), xi.to_vec()),
        ("rho'".to_string(), seeds[32..96].to_vec()),
        ("K".to_string(), k.to_vec()),
    ];
    // The `signature` traits sign with the empty context.
    for ctx in [CTX, b""] {
        let mu = spec_mu(&tr, ctx, MSG);
        for rnd in [[0u8; 32], RND] {
            let rho_pp = mldsa_spec::hash::h(&[&k[..], &rnd[..], &mu[..]].concat(), 64);
            let name = format!("rho'' (rnd {:#x}, ctx of {} bytes)", rnd[0], ctx.len());
            bytes.push((name, rho_pp));
        }
    }
    let eta_bytes = 32 * P::ETA_BITS;
    let packed_end = 128 + (P::K + P::L) * eta_bytes + P::K * 416;
    bytes.push((
        "packed s1, s2, t0".to_string(),
        sk[128..packed_end].to_vec(),
    ));
    let mut polys = Vec::new();
    for (name, v) in [("s1", &s1), ("s2", &s2), ("t0", &t0)] {
        let hat = mldsa_spec::ntt::ntt_vector(&mldsa_spec::ring::vector_mod_q(v));
        for (i, (p, p_hat)) in v.iter().zip(&hat).enumerate() {
            polys.push((format!("{name}[{i}]"), *p));
            polys.push((format!("NTT({name})[{i}]"), *p_hat));
        }
    }
    Secrets { bytes, polys }
}

/// Where the secrets occur in what `op` left: the stack, then each freed
/// heap block, one line per run of consecutive pieces found.
fn find_left(left: &Left, secrets: &Secrets) -> Vec<String> {
    let mut found = find(&left.stack, secrets);
    for block in &left.heap {
        for hit in find(block, secrets) {
            found.push(format!("freed heap block of {} bytes: {hit}", block.len()));
        }
    }
    found
}

/// Where the secrets occur in `image`: one line per run of consecutive
/// pieces found (a secret copied whole is one line).
fn find(image: &[u8], secrets: &Secrets) -> Vec<String> {
    // (name, offset of the piece in the secret, offset in the stack)
    let mut hits: Vec<(&str, usize, usize)> = Vec::new();
    let mut pieces: HashMap<[u8; 8], (&str, usize)> = HashMap::new();
    for (name, s) in &secrets.bytes {
        for (n, piece) in s.chunks_exact(8).enumerate() {
            pieces.insert(piece.try_into().unwrap(), (name, 8 * n));
        }
    }
    for (at, window) in image.windows(8).enumerate() {
        if let Some(&(name, n)) = pieces.get(window) {
            hits.push((name, n, at));
        }
    }
    let word = |at: usize| i32::from_le_bytes(image[at..at + 4].try_into().unwrap());
    let mod_q = |x: i64| x.rem_euclid(Q);
    // First coefficient mod q -> (name, start, polynomial) of each piece.
    type Pieces<'a> = HashMap<i64, Vec<(&'a str, usize, &'a [i32; 256])>>;
    let mut heads: Pieces = HashMap::new();
    for (name, p) in &secrets.polys {
        for start in (0..256).step_by(16) {
            // All-zero pieces would match cleared memory.
            if p[start..start + 16].iter().any(|&c| mod_q(c as i64) != 0) {
                let head = mod_q(p[start] as i64);
                heads.entry(head).or_default().push((name, start, p));
            }
        }
    }
    for at in (0..image.len().saturating_sub(64)).step_by(4) {
        if let Some(candidates) = heads.get(&mod_q(word(at) as i64)) {
            for &(name, start, p) in candidates {
                if (1..16).all(|j| mod_q(word(at + 4 * j) as i64) == mod_q(p[start + j] as i64)) {
                    // In bytes, as the byte pieces are.
                    hits.push((name, 4 * start, at));
                }
            }
        }
    }
    hits.sort_by_key(|&(name, n, at)| (name, at.wrapping_sub(n), n));
    let mut runs: Vec<(&str, usize, usize, usize)> = Vec::new();
    for (name, n, at) in hits {
        match runs.last_mut() {
            Some(run) if run.0 == name && at - n == run.2 - run.1 && n > run.1 => run.3 = n,
            _ => runs.push((name, n, at, n)),
        }
    }
    runs.iter()
        .map(|(name, first, at, last)| {
            format!("{name}: bytes {first}..={last} (pieces) at offset {at:#x}")
        })
        .collect()
}

/// What every operation left, for one report at the end.
static FOUND: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// Runs `op` on a scanned thread and records every secret found.
pub fn check(what: &str, secrets: &Secrets, op: impl FnOnce() + Send) {
    let found = find_left(&run_scanned(op), secrets);
    record(what, found);
}

/// Records what `what` left, if anything.
pub fn record(what: &str, found: Vec<String>) {
    if !found.is_empty() {
        FOUND.lock().unwrap().push(format!(
            "{what} ({} backend) left secrets behind:\n  {}",
            selected_backend().name(),
            found.join("\n  ")
        ));
    }
}

fn keygen<P: ParameterSet, F: KeyForm>(xi: &[u8; 32], secrets: &Secrets) {
    check(&format!("{} keygen, {}", P::NAME, F::NAME), secrets, || {
        let sk = SigningKey::<P, F>::from_seed(xi);
        black_box(&sk);
    });
    check(
        &format!("{} keygen boxed, {}", P::NAME, F::NAME),
        secrets,
        || {
            let sk = SigningKey::<P, F>::from_seed_boxed(xi);
            black_box(&sk);
        },
    );
}

fn sign<P: ParameterSet, F: KeyForm>(sk: &SigningKey<P, F>, secrets: &Secrets) {
    let name = |path| format!("{} sign ({path}), {}", P::NAME, F::NAME);
    check(&name("deterministic"), secrets, || {
        black_box(sk.sign_deterministic(MSG, CTX).unwrap());
    });
    check(&name("hedged"), secrets, || {
        black_box(sk.sign_with_rnd(MSG, CTX, &RND).unwrap());
    });
    let mut builder = MuBuilder::new(sk.verifying_key(), CTX).unwrap();
    builder.update(MSG);
    let mu: Mu = builder.finalize();
    check(&name("external mu"), secrets, || {
        black_box(sk.sign_mu(&mu, &RND));
    });
    check(&name("signature::Signer"), secrets, || {
        black_box(Signer::sign(sk, MSG));
    });
    let mut rng = Box::new(patterns::Repeat(RND));
    check(&name("signature::RandomizedSigner"), secrets, || {
        black_box(RandomizedSigner::sign_with_rng(sk, &mut *rng, MSG));
    });
}

/// The expanded-key import, by value (the compact form: the constructors
/// that return a `Result` exist for it) or boxed (either form), accepted
/// and refused.
fn import<P: ParameterSet, F: KeyForm>(
    expanded: &[u8],
    secrets: &Secrets,
    import: impl Fn(&[u8]) -> bool + Sync,
) {
    let name = |case| format!("{} expanded-key import ({case}), {}", P::NAME, F::NAME);
    check(&name("accepted"), secrets, || assert!(import(expanded)));
    let mut wrong_tr = expanded.to_vec();
    wrong_tr[100] ^= 1;
    check(&name("wrong tr"), secrets, || assert!(!import(&wrong_tr)));
    // The first s1 coefficient 2^bits - 1 = eta - (2^bits - 1) < -eta.
    let mut out_of_range = expanded.to_vec();
    out_of_range[128] |= (1 << P::ETA_BITS) - 1;
    check(&name("s1 out of range"), secrets, || {
        assert!(!import(&out_of_range))
    });
}

fn all_operations<P: ParameterSet + AssociatedOid>() {
    // Bytes that do not repeat: a piece matches at one offset only.
    let xi: Box<[u8; 32]> = Box::new(core::array::from_fn(|i| (i as u8).wrapping_mul(37) ^ 0x3c));
    let secrets = secrets::<P>(&xi);
    keygen::<P, Compact>(&xi, &secrets);
    keygen::<P, Precomputed>(&xi, &secrets);
    let compact = SigningKey::<P>::from_seed_boxed(&xi);
    let precomputed = SigningKey::<P, Precomputed>::from_seed_boxed(&xi);
    sign(&*compact, &secrets);
    sign(&*precomputed, &secrets);
    let expanded: Vec<u8> = compact.to_expanded_bytes().as_ref().to_vec();
    import::<P, Compact>(&expanded, &secrets, |bytes| {
        let key = SigningKey::<P>::try_from_expanded(bytes);
        black_box(&key).is_ok()
    });
    import::<P, Compact>(&expanded, &secrets, |bytes| {
        let key = SigningKey::<P>::try_from_expanded_boxed(bytes);
        black_box(&key).is_ok()
    });
    import::<P, Precomputed>(&expanded, &secrets, |bytes| {
        let key = SigningKey::<P, Precomputed>::try_from_expanded_boxed(bytes);
        black_box(&key).is_ok()
    });
    let compact_from_bytes = SigningKey::<P>::try_from_expanded(&expanded).unwrap();
    check(&format!("{} precompute()", P::NAME), &secrets, || {
        let key = compact_from_bytes.precompute();
        black_box(&key);
    });
    decoders::all::<P>(&xi, &secrets);
    patterns::all::<P>(&xi, &secrets);
}

/// The scan sees what an operation leaves: a canary left by a callee is
/// found (if /proc/self/mem read anything else, every check would pass).
#[test]
fn the_scan_finds_what_is_left() {
    let canary: Box<[u8; 64]> = Box::new(core::array::from_fn(|i| (i as u8) ^ 0xa7));
    let secrets = Secrets {
        bytes: vec![("canary".to_string(), canary.to_vec())],
        polys: Vec::new(),
    };
    let found = find(&stack_after(|| leave_canary(&canary)), &secrets);
    assert!(
        found.iter().any(|f| f.starts_with("canary: bytes 0..=56 ")),
        "the whole canary, in one piece: {found:?}"
    );
    // And the clearing works: a thread that leaves nothing shows nothing.
    assert!(find(&stack_after(|| {}), &secrets).is_empty());
}

#[test]
fn no_secret_stays_on_the_stack() {
    if let Ok(name) = std::env::var("MLDSA_BACKEND") {
        assert_eq!(
            selected_backend().name(),
            name,
            "MLDSA_BACKEND names a backend this CPU lacks"
        );
    }
    all_operations::<MlDsa44>();
    all_operations::<MlDsa65>();
    all_operations::<MlDsa87>();
    let found = FOUND.lock().unwrap();
    assert!(found.is_empty(), "{}", found.join("\n"));
}
