//! The peers of the `mldsa` benchmarks, and what the benchmarks share: the
//! workload ([`SEED`], [`MESSAGES`], [`CONTEXT`]), the operations ([`Op`]),
//! the implementations ([`Impl`]) and the interface every one is driven
//! through ([`Subject`]).
//!
//! A crate of its own (a member of the `bench` workspace) so that the peers,
//! whose generic code takes minutes to compile, are built once: a change in
//! `mldsa` recompiles only `mldsa-bench`.

mod peers;
pub mod rng;

pub use peers::peer;

/// The number of messages signed and verified: signing time depends on the
/// number of rejection iterations, which depends on the message, so every
/// figure for sign (and verify, for symmetry) is the mean over these.
pub const N_MESSAGES: usize = 16;

/// The length of each message: a 32-byte digest-sized message.
pub const MESSAGE_LEN: usize = 32;

/// The context string: empty for every implementation (aws-lc-rs's public API
/// has no context parameter; the others are called with `b""`).
pub const CONTEXT: &[u8] = b"";

/// xorshift64*, enough to make fixed, arbitrary-looking test bytes.
const fn fill<const N: usize>(mut state: u64) -> [u8; N] {
    let mut out = [0u8; N];
    let mut i = 0;
    while i < N {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        out[i] = (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 56) as u8;
        i += 1;
    }
    out
}

/// The key-generation seed xi used for every key in every benchmark.
pub static SEED: [u8; 32] = fill::<32>(0x6d6c_6473_615f_7365);

/// The messages: message i is 32 fixed pseudo-random bytes.
pub static MESSAGES: [[u8; MESSAGE_LEN]; N_MESSAGES] = {
    let mut m = [[0u8; MESSAGE_LEN]; N_MESSAGES];
    let mut i = 0;
    while i < N_MESSAGES {
        m[i] = fill::<MESSAGE_LEN>(0x9e37_79b9_7f4a_7c15 ^ ((i as u64 + 1) << 17));
        i += 1;
    }
    m
};

/// 32 zero bytes: rnd for the deterministic variant of ML-DSA.Sign.
pub static ZERO_RND: [u8; 32] = [0u8; 32];

/// A parameter set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    /// ML-DSA-44.
    P44,
    /// ML-DSA-65.
    P65,
    /// ML-DSA-87.
    P87,
}

impl Param {
    /// All three, in order.
    pub const ALL: [Param; 3] = [Param::P44, Param::P65, Param::P87];

    /// "ML-DSA-44", ...
    pub fn name(self) -> &'static str {
        match self {
            Param::P44 => "ML-DSA-44",
            Param::P65 => "ML-DSA-65",
            Param::P87 => "ML-DSA-87",
        }
    }

    /// "44", "65", "87": the command-line spelling.
    pub fn short(self) -> &'static str {
        match self {
            Param::P44 => "44",
            Param::P65 => "65",
            Param::P87 => "87",
        }
    }

    /// Parses "44", "65", "87" (or "ML-DSA-44", ...).
    pub fn parse(s: &str) -> Option<Param> {
        let s = s
            .trim_start_matches("ML-DSA-")
            .trim_start_matches("ml-dsa-");
        Param::ALL.into_iter().find(|p| p.short() == s)
    }
}

/// An operation, as measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// ML-DSA.KeyGen_internal from [`SEED`] as user code calls it: the
    /// implementation's constructor, its public key taken, and its own key
    /// pair objects (whatever its keygen returns, expanded or encoded)
    /// returned by value to the caller, which keeps them (`black_box` by
    /// value) and drops them (see [`Subject::keygen`]).
    Keygen,
    /// Deterministic ML-DSA.Sign (rnd = 0) of one of [`MESSAGES`] with an
    /// already loaded signing key (the implementation's own in-memory form;
    /// mldsa's default, compact `SigningKey`), to the encoded signature.
    Sign,
    /// [`Op::Sign`] with mldsa's `PrecomputedSigningKey` (A_hat kept in the
    /// key). The peers have one form of signing key each: for them this is
    /// [`Op::Sign`] again, measured once and shown in both rows.
    SignPrecomputed,
    /// ML-DSA.Verify from bytes: decode the encoded public key (with whatever
    /// precomputation the implementation does at decode), then verify the
    /// encoded signature of one of [`MESSAGES`].
    Verify,
}

impl Op {
    /// All four, in order.
    pub const ALL: [Op; 4] = [Op::Keygen, Op::Sign, Op::SignPrecomputed, Op::Verify];

    /// "keygen", "sign", "sign-pre", "verify".
    pub fn name(self) -> &'static str {
        match self {
            Op::Keygen => "keygen",
            Op::Sign => "sign",
            Op::SignPrecomputed => "sign-pre",
            Op::Verify => "verify",
        }
    }

    /// Parses the name.
    pub fn parse(s: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|o| o.name() == s)
    }

    /// Runs this operation once on `s`; `i` picks the message (sign, verify).
    #[inline(always)]
    pub fn run(self, s: &dyn Subject, i: usize) {
        match self {
            Op::Keygen => s.keygen(),
            Op::Sign => s.sign(i % N_MESSAGES),
            Op::SignPrecomputed => s.sign_precomputed(i % N_MESSAGES),
            Op::Verify => s.verify(i % N_MESSAGES),
        }
    }
}

/// One implementation (a peer crate may give two: portable and AVX2 code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Impl {
    /// This workspace's crate, with the backend it selects (the best this CPU
    /// runs, unless `MLDSA_BACKEND` says otherwise).
    Mldsa,
    /// This workspace's crate forced to its AVX2 backend
    /// (`MLDSA_BACKEND=avx2`), in a process of its own as
    /// [`Impl::MldsaPortable`]: on an AVX-512 CPU, where `mldsa` is `avx512`.
    MldsaAvx2,
    /// This workspace's crate forced to its portable backend
    /// (`MLDSA_BACKEND=portable`, set before its first operation). The
    /// backend is chosen once per process, so this runs in a process of its
    /// own (see [`Impl::needs_own_process`]).
    MldsaPortable,
    /// libcrux-ml-dsa, portable code.
    LibcruxPortable,
    /// libcrux-ml-dsa, AVX2 code (what its default entry points pick on an AVX2 CPU).
    LibcruxAvx2,
    /// RustCrypto's ml-dsa.
    RustCrypto,
    /// fips204 (IntegrityChain).
    Fips204,
    /// PQClean's reference C, through pqcrypto-mldsa.
    PqcleanClean,
    /// PQClean's AVX2 C/assembly, through pqcrypto-mldsa (what its safe API picks on an AVX2 CPU).
    PqcleanAvx2,
    /// AWS-LC (mldsa-native, with its AVX2 backend on an AVX2 CPU), through aws-lc-rs.
    AwsLc,
    /// Not an implementation: only the Keccak-f[1600] permutations each
    /// operation must perform, run with mldsa's fastest Keccak kernels
    /// (AVX-512's where the CPU has it, else AVX2's): the limit of an
    /// implementation whose Keccak is that fast; see `mldsa_bench::keccak`.
    KeccakOnly,
}

impl Impl {
    /// Every implementation, mldsa first.
    pub const ALL: [Impl; 11] = [
        Impl::Mldsa,
        Impl::MldsaAvx2,
        Impl::MldsaPortable,
        Impl::LibcruxPortable,
        Impl::LibcruxAvx2,
        Impl::RustCrypto,
        Impl::Fips204,
        Impl::PqcleanClean,
        Impl::PqcleanAvx2,
        Impl::AwsLc,
        Impl::KeccakOnly,
    ];

    /// The short name used on the command line and in the tables.
    pub fn name(self) -> &'static str {
        match self {
            Impl::Mldsa => "mldsa",
            Impl::MldsaAvx2 => "mldsa-avx2",
            Impl::MldsaPortable => "mldsa-portable",
            Impl::LibcruxPortable => "libcrux-port",
            Impl::LibcruxAvx2 => "libcrux-avx2",
            Impl::RustCrypto => "rustcrypto",
            Impl::Fips204 => "fips204",
            Impl::PqcleanClean => "pqclean-clean",
            Impl::PqcleanAvx2 => "pqclean-avx2",
            Impl::AwsLc => "aws-lc-rs",
            Impl::KeccakOnly => "keccak-only",
        }
    }

    /// The crate, its exact version (pinned with `=` in Cargo.toml) and the code path.
    pub fn description(self) -> &'static str {
        match self {
            Impl::Mldsa => "mldsa (../impl, this workspace), the backend it selects on this CPU",
            Impl::MldsaAvx2 => {
                "mldsa with MLDSA_BACKEND=avx2 (its AVX2 backend), in a process of its own"
            }
            Impl::MldsaPortable => {
                "mldsa with MLDSA_BACKEND=portable (its portable backend), in a process of its own"
            }
            Impl::LibcruxPortable => "libcrux-ml-dsa 0.0.11, portable instantiation",
            Impl::LibcruxAvx2 => "libcrux-ml-dsa 0.0.11 (feature simd256), AVX2 instantiation",
            Impl::RustCrypto => "ml-dsa 0.1.2 (RustCrypto), features = [\"alloc\"]",
            Impl::Fips204 => "fips204 0.5.0",
            Impl::PqcleanClean => "pqcrypto-mldsa 0.1.2, PQClean `clean` (C, via ffi)",
            Impl::PqcleanAvx2 => "pqcrypto-mldsa 0.1.2, PQClean `avx2` (C + asm, via ffi)",
            Impl::AwsLc => "aws-lc-rs 1.19.0 / aws-lc-sys 0.47.0 (AWS-LC mldsa-native)",
            Impl::KeccakOnly => {
                "not an implementation: only the Keccak-f[1600] permutations the operation must \
                 perform, on mldsa's fastest Keccak kernels on this CPU (x8 for ExpandA where \
                 there is AVX-512, x4, x1; bench/README.md)"
            }
        }
    }

    /// Parses [`Impl::name`].
    pub fn parse(s: &str) -> Option<Impl> {
        Impl::ALL.into_iter().find(|i| i.name() == s)
    }

    /// Whether this CPU runs it (the AVX2 code paths and the Keccak-only
    /// reference need AVX2).
    pub fn available(self) -> bool {
        match self {
            Impl::LibcruxAvx2 | Impl::PqcleanAvx2 | Impl::MldsaAvx2 | Impl::KeccakOnly => {
                has_avx2()
            }
            _ => true,
        }
    }

    /// mldsa, with any backend (not a peer).
    pub fn is_mldsa(self) -> bool {
        matches!(self, Impl::Mldsa | Impl::MldsaAvx2 | Impl::MldsaPortable)
    }

    /// One of the other implementations (not mldsa, not the Keccak-only
    /// reference): what "best peer" is chosen among.
    pub fn is_peer(self) -> bool {
        !self.is_mldsa() && self != Impl::KeccakOnly
    }

    /// Whether it makes keys and signatures (everything but the Keccak-only
    /// reference): what the cross-check compares.
    pub fn signs(self) -> bool {
        self != Impl::KeccakOnly
    }

    /// A peer whose code is portable (no SIMD intrinsics or assembly): what
    /// `mldsa-portable` compares with.
    pub fn is_portable_peer(self) -> bool {
        matches!(
            self,
            Impl::LibcruxPortable | Impl::RustCrypto | Impl::Fips204 | Impl::PqcleanClean
        )
    }

    /// `mldsa-avx2` and `mldsa-portable` need a process whose mldsa backend
    /// is that one: before any mldsa operation, call
    /// `mldsa_bench::force_mldsa_backend` with [`Impl::forced_backend`].
    /// Where the default selection is that backend anyway, it would only
    /// repeat `mldsa`.
    pub fn needs_own_process(self) -> bool {
        self.forced_backend().is_some()
    }

    /// The `MLDSA_BACKEND` value of `mldsa-avx2` and `mldsa-portable`.
    pub fn forced_backend(self) -> Option<&'static str> {
        match self {
            Impl::MldsaAvx2 => Some("avx2"),
            Impl::MldsaPortable => Some("portable"),
            _ => None,
        }
    }
}

#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
}

#[cfg(not(target_arch = "x86_64"))]
fn has_avx2() -> bool {
    false
}

/// One implementation at one parameter set, with its key loaded and the
/// signatures of [`MESSAGES`] made (in setup, not measured).
pub trait Subject {
    /// KeyGen from [`SEED`] as user code calls it: an `#[inline(never)]`
    /// function calls the constructor, takes the public key, and returns
    /// the key objects by value; this method hands them, by value, to
    /// `black_box` (as a benchmark harness does with a closure's
    /// result), then drops them. The drop (with any zeroization) is inside
    /// the timing for every implementation.
    fn keygen(&self);
    /// Deterministic signature of `MESSAGES[i]`, empty context.
    fn sign(&self, i: usize);
    /// The same with mldsa's precomputed signing key; the peers have one
    /// form of key, so by default this is [`Subject::sign`].
    fn sign_precomputed(&self, i: usize) {
        self.sign(i)
    }
    /// Decodes the public key and verifies the signature of `MESSAGES[i]`;
    /// panics if it does not verify.
    fn verify(&self, i: usize);
    /// The encoded public key (for the cross-check).
    fn public_key(&self) -> Vec<u8>;
    /// The encoded signature of `MESSAGES[i]` (for the cross-check).
    fn signature(&self, i: usize) -> Vec<u8>;
}
