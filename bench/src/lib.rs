//! Benchmarks of `mldsa` against the other ML-DSA implementations.
//!
//! Every implementation is driven through [`Subject`], with the same workload
//! ([`SEED`], [`MESSAGES`], empty context) and the same definition of each
//! operation (see [`Op`]). `benches/compare.rs` times them, in turn;
//! `src/bin/instructions.rs` runs one of them under callgrind. [`table`]
//! prints the side-by-side tables both use; [`results`] is the CSV of
//! `make bench`'s times and [`chart`] draws them (`src/bin/chart.rs`). The
//! peers, and everything the benchmarks share, are in the crate
//! `mldsa-bench-peers` (`peers/`), built once; this crate adds mldsa, so a
//! change in `../impl` recompiles only it.

use std::hint::black_box;

pub use mldsa_bench_peers::*;

pub mod chart;
pub mod keccak;
pub mod results;
pub mod table;

/// Sets `MLDSA_BACKEND=<backend>` ("portable", "avx2") for this process.
/// Call it before the first mldsa operation (mldsa reads the variable once),
/// while the process has a single thread.
pub fn force_mldsa_backend(backend: &str) {
    // SAFETY: called at start-up, before any other thread exists.
    unsafe { std::env::set_var("MLDSA_BACKEND", backend) };
}

/// The mldsa backend this process selected (the first call selects it).
pub fn mldsa_backend() -> &'static str {
    mldsa::selected_backend().name()
}

/// Sets up `imp` (mldsa, a peer, or the Keccak-only reference) at `param`.
/// Panics if `!imp.available()`, and for `mldsa-avx2` and `mldsa-portable`
/// unless [`force_mldsa_backend`] ran first with their backend.
pub fn subject(imp: Impl, param: Param) -> Box<dyn Subject> {
    match imp {
        Impl::Mldsa => mldsa_subject(param),
        Impl::MldsaAvx2 | Impl::MldsaPortable => {
            let backend = imp.forced_backend().unwrap();
            assert_eq!(
                mldsa_backend(),
                backend,
                "{}: call force_mldsa_backend(\"{backend}\") first",
                imp.name()
            );
            mldsa_subject(param)
        }
        Impl::KeccakOnly => keccak::subject(param),
        _ => peer(imp, param),
    }
}

fn mldsa_subject(param: Param) -> Box<dyn Subject> {
    match param {
        Param::P44 => Box::new(p44::Mldsa::new()),
        Param::P65 => Box::new(p65::Mldsa::new()),
        Param::P87 => Box::new(p87::Mldsa::new()),
    }
}

/// Checks that every available implementation, at every parameter set,
/// derives the same public key from [`SEED`] as mldsa, signs every message
/// into the same bytes (deterministic signing, so they must be identical),
/// and verifies; mldsa's precomputed key signs into the same bytes too.
/// Returns one line per parameter set. mldsa runs with this process's
/// backend (so `mldsa-avx2` and `mldsa-portable` are checked only in a
/// process forced to theirs).
pub fn cross_check() -> Result<Vec<String>, String> {
    if !crate::rng::custom_backend_active() {
        return Err(
            "getrandom's custom backend is not active (was RUSTFLAGS set? it \
                    replaces bench/.cargo/config.toml's cfg), so PQClean cannot be seeded"
                .into(),
        );
    }
    let mut lines = Vec::new();
    for param in Param::ALL {
        let reference = subject(Impl::Mldsa, param);
        let pk = reference.public_key();
        let sigs: Vec<Vec<u8>> = (0..N_MESSAGES).map(|i| reference.signature(i)).collect();
        let mut names = Vec::new();
        let in_process = |i: &Impl| {
            i.available() && i.signs() && i.forced_backend().is_none_or(|b| b == mldsa_backend())
        };
        for imp in Impl::ALL.into_iter().filter(in_process) {
            let s = subject(imp, param);
            if s.public_key() != pk {
                return Err(format!(
                    "{} {}: public key differs from mldsa's",
                    imp.name(),
                    param.name()
                ));
            }
            for (i, sig) in sigs.iter().enumerate() {
                if &s.signature(i) != sig {
                    return Err(format!(
                        "{} {}: signature of message {i} differs from mldsa's",
                        imp.name(),
                        param.name()
                    ));
                }
                s.verify(i);
                s.sign_precomputed(i);
            }
            s.keygen();
            names.push(imp.name());
        }
        lines.push(format!(
            "{}: identical public key and {} identical signatures from {}",
            param.name(),
            N_MESSAGES,
            names.join(", ")
        ));
    }
    Ok(lines)
}

macro_rules! mldsa_param_set {
    ($module:ident, $mldsa:ident) => {
        mod $module {
            use super::*;

            pub(super) struct Mldsa {
                sk: mldsa::$mldsa::SigningKey,
                pre: Box<mldsa::$mldsa::PrecomputedSigningKey>,
                pk: Vec<u8>,
                sigs: Vec<Vec<u8>>,
            }

            impl Mldsa {
                pub(super) fn new() -> Self {
                    let sk = mldsa::$mldsa::SigningKey::from_seed(&SEED);
                    let pre = Box::new(sk.precompute());
                    let pk = sk.verifying_key().as_bytes().to_vec();
                    let sigs: Vec<Vec<u8>> = MESSAGES
                        .iter()
                        .map(|m| sk.sign_deterministic(m, CONTEXT).unwrap().as_ref().to_vec())
                        .collect();
                    for (m, sig) in MESSAGES.iter().zip(&sigs) {
                        let again = pre.sign_deterministic(m, CONTEXT).unwrap();
                        assert_eq!(again.as_ref(), &sig[..], "the two key forms sign alike");
                    }
                    Mldsa { sk, pre, pk, sigs }
                }
            }

            /// Key generation as user code writes it: the key from the seed,
            /// its public key taken, the key returned to the caller by value
            /// (a real call, so the return is not optimized away).
            #[inline(never)]
            fn keygen_as_user() -> mldsa::$mldsa::SigningKey {
                let sk = mldsa::$mldsa::SigningKey::from_seed(black_box(&SEED));
                black_box(sk.verifying_key().as_bytes());
                sk
            }

            impl Subject for Mldsa {
                fn keygen(&self) {
                    black_box(keygen_as_user());
                }
                fn sign(&self, i: usize) {
                    let sig = self.sk.sign_deterministic(black_box(&MESSAGES[i]), CONTEXT);
                    black_box(&sig.unwrap());
                }
                fn sign_precomputed(&self, i: usize) {
                    let sig = self
                        .pre
                        .sign_deterministic(black_box(&MESSAGES[i]), CONTEXT);
                    black_box(&sig.unwrap());
                }
                fn verify(&self, i: usize) {
                    let vk =
                        mldsa::$mldsa::VerifyingKey::try_from(black_box(&self.pk[..])).unwrap();
                    vk.verify_with_context(
                        black_box(&MESSAGES[i]),
                        black_box(&self.sigs[i][..]),
                        CONTEXT,
                    )
                    .unwrap();
                }
                fn public_key(&self) -> Vec<u8> {
                    self.pk.clone()
                }
                fn signature(&self, i: usize) -> Vec<u8> {
                    self.sigs[i].clone()
                }
            }
        }
    };
}

mldsa_param_set!(p44, ml_dsa_44);
mldsa_param_set!(p65, ml_dsa_65);
mldsa_param_set!(p87, ml_dsa_87);

/// Marks the upper halves of the vector registers unused (`vzeroupper`,
/// mldsa's own, where the CPU has AVX): every batch, of every
/// implementation, starts as in a process where no 256-bit code left them
/// in use. Some peers' assembly returns with them in use (AWS-LC's, through
/// `aws-lc-rs`), and code compiled for SSE2 run after it then pays on every
/// SSE instruction (AMD Zen 4: mldsa's portable backend before it cleaned
/// up itself, 13 % in ML-DSA-44 verification); the peers compiled for SSE2
/// would pay whenever they came after it in a round.
pub fn clean_upper_state() {
    mldsa::backend::selected::upper_state::clean_upper_state();
}
