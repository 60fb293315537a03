//! The Keccak-only reference (`keccak-only`): for each operation, only the
//! Keccak-f[1600] permutations that FIPS 204 makes it perform, run on
//! mldsa's fastest Keccak kernels (AVX-512: `avx512::keccak_f1600_x8`,
//! eight states in `__m512i`, for ExpandA, `avx512::keccak_f1600_x4`, four
//! states in `__m256i`, and `avx512::keccak_f1600_x1`; on a CPU without
//! AVX-512, `avx2::keccak_f1600_x4` and the scalar `portable::keccak_f1600`,
//! what mldsa's AVX2 backend runs: see [`kernels`]). An operation's time
//! divided by this is how far it is from the limit that its Keccak work
//! sets.
//!
//! The counts ([`counts`]) come from FIPS 204's hashing and sampling, on the
//! fixed workload:
//!
//! - A one-lane hash of `n` input bytes to `m` output bytes at rate `r`
//!   (136 for SHAKE256, 168 for SHAKE128) costs `n / r + 1` permutations to
//!   absorb (the padding takes at least one byte) and `ceil(m / r) - 1`
//!   more to squeeze: H(xi || k || l) in keygen, tr = H(pk) in keygen and
//!   verify, mu = H(tr || M') (M' = 0 || 0 || the 32-byte message), rho'' =
//!   H(K || rnd || mu), c~ = H(mu || w1Encode(w1)).
//! - A sampler costs the blocks it reads: ExpandA's RejNTTPoly (SHAKE128,
//!   3 bytes per candidate) and ExpandS's RejBoundedPoly (SHAKE256, a byte
//!   per two candidates) are rejection samplers, so their blocks are
//!   counted by running them on the workload's seeds with a reference SHAKE
//!   (the `sha3` crate) and counting the bytes they consume; the
//!   polynomials they make are checked against mldsa's. ExpandMask
//!   reads a fixed 32 * (1 + bitlen(gamma1 - 1)) bytes per polynomial: 5
//!   blocks. SampleInBall reads 8 + tau bytes and one per rejection (a
//!   block, 136 bytes, in practice): counted on each attempt's c~.
//! - How many attempts each signature takes, and each attempt's c~, come
//!   from running mldsa's own `sign_internal` once per message (setup, not
//!   measured) over the portable kernels with a logging one-lane SHAKE256
//!   ([`Counting`]): it records the inputs of c~'s length, which are
//!   exactly SampleInBall's. The signatures it makes are checked against
//!   the public API's.
//! - The independent sponges of one step (ExpandA's k * l, ExpandS's k + l
//!   in keygen, the l of ExpandMask in each attempt) run four at a time:
//!   ceil(blocks / 4) calls of the x4 kernel per step (perfect packing: a
//!   lower bound); ExpandA's (in keygen, verify and a compact key's sign)
//!   eight at a time where the CPU has AVX-512, ceil(blocks / 8) calls of
//!   the x8 kernel. The one-lane hashes and SampleInBall run on the x1
//!   kernel.
//!
//! Sign with the compact key (`sign`) runs ExpandA; with the precomputed
//! key (`sign-pre`) it does not. The counts are printed at the start of
//! `make bench`.

use std::cell::RefCell;
use std::hint::black_box;

use mldsa::ParameterSet;
use mldsa::algorithms::{ExpandedSigningKey, ExpandedVerifyingKey, MuHasher};
use mldsa::backend::portable::{self, Portable};
use mldsa::backend::{Backend, Xof};
use mldsa::params::{ByteArray, Eta, Gamma1, Gamma2, N, PolyMatrix, PolyVec};
use mldsa::poly::{Poly, SmallHat};
use sha3::digest::{ExtendableOutput, Update, XofReader};

use crate::{CONTEXT, MESSAGES, N_MESSAGES, Param, SEED, Subject, ZERO_RND};

/// SHAKE128's rate in bytes.
const RATE_128: usize = 168;
/// SHAKE256's rate in bytes.
const RATE_256: usize = 136;

/// Permutations of an operation: ExpandA's blocks (run on the x8 kernel, or
/// the x4 one), calls of the x4 kernel and of the x1 kernel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Perms {
    /// Blocks of ExpandA's k l sponges: ceil(/ 8) calls of the eight-state
    /// kernel where the CPU has AVX-512, else ceil(/ 4) of the four-state.
    pub a: usize,
    /// Calls of the four-state kernel.
    pub x4: usize,
    /// Calls of the one-state kernel.
    pub x1: usize,
}

impl std::ops::AddAssign for Perms {
    fn add_assign(&mut self, o: Perms) {
        self.a += o.a;
        self.x4 += o.x4;
        self.x1 += o.x1;
    }
}

/// The permutations of every operation at one parameter set.
#[derive(Clone, Debug)]
pub struct Counts {
    /// Keygen.
    pub keygen: Perms,
    /// Sign with the compact key, per message.
    pub sign: Vec<Perms>,
    /// Sign with the precomputed key, per message.
    pub sign_pre: Vec<Perms>,
    /// Verify, per message.
    pub verify: Vec<Perms>,
    /// Signing attempts, per message.
    pub attempts: Vec<usize>,
    /// Blocks of ExpandA, ExpandS (for information).
    pub expand_a_blocks: usize,
    /// Blocks of ExpandS.
    pub expand_s_blocks: usize,
}

/// Permutations of a one-lane hash of `input` bytes to `output` bytes.
fn hash_perms(input: usize, output: usize, rate: usize) -> usize {
    input / rate + 1 + output.div_ceil(rate) - 1
}

/// x4 calls for `blocks` permutations of independent sponges.
fn wide(blocks: usize) -> usize {
    blocks.div_ceil(4)
}

fn shake256(parts: &[&[u8]]) -> sha3::Shake256Reader {
    let mut h = sha3::Shake256::default();
    for p in parts {
        h.update(p);
    }
    h.finalize_xof()
}

/// q.
const Q: i64 = 8_380_417;

/// RejNTTPoly (FIPS 204 Algorithm 30) for the seed `rho || s || r`: the
/// bytes it reads, and the polynomial (to check against mldsa's).
fn rej_ntt(seed: &[u8]) -> (usize, Vec<i64>) {
    let mut h = sha3::Shake128::default();
    h.update(seed);
    let mut xof = h.finalize_xof();
    let (mut coeffs, mut read) = (Vec::with_capacity(N), 0);
    while coeffs.len() < N {
        let mut b = [0u8; 3];
        xof.read(&mut b);
        read += 3;
        let c = b[0] as i64 | (b[1] as i64) << 8 | ((b[2] & 0x7f) as i64) << 16;
        if c < Q {
            coeffs.push(c);
        }
    }
    (read, coeffs)
}

/// RejBoundedPoly (Algorithm 31) for the seed `rho' || r`: the bytes it
/// reads, and the polynomial.
fn rej_bounded(seed: &[u8], eta: i32) -> (usize, Vec<i64>) {
    let mut xof = shake256(&[seed]);
    let (mut coeffs, mut read) = (Vec::with_capacity(N), 0);
    while coeffs.len() < N {
        let mut b = [0u8; 1];
        xof.read(&mut b);
        read += 1;
        for z in [b[0] & 15, b[0] >> 4] {
            // CoeffFromHalfByte (Algorithm 15).
            let c = match eta {
                2 if z < 15 => Some(2 - (z % 5) as i64),
                4 if z < 9 => Some(4 - z as i64),
                _ => None,
            };
            if let Some(c) = c
                && coeffs.len() < N
            {
                coeffs.push(c);
            }
        }
    }
    (read, coeffs)
}

/// Whether `poly` is `model` mod q.
fn same_mod_q(poly: &Poly, model: &[i64]) -> bool {
    poly.coeffs
        .iter()
        .zip(model)
        .all(|(&a, &b)| (a as i64 - b).rem_euclid(Q) == 0)
}

/// Bytes SampleInBall (Algorithm 29) reads for `c_tilde`.
fn sample_in_ball_bytes(c_tilde: &[u8], tau: usize) -> usize {
    let mut xof = shake256(&[c_tilde]);
    let mut read = 8;
    xof.read(&mut [0u8; 8]);
    for i in N - tau..N {
        loop {
            let mut j = [0u8; 1];
            xof.read(&mut j);
            read += 1;
            if j[0] as usize <= i {
                break;
            }
        }
    }
    read
}

thread_local! {
    /// What each one-lane SHAKE256 of [`Counting`] absorbed, in order.
    static ABSORBED: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
}

/// The portable one-lane SHAKE256, logging its input when it first
/// squeezes.
pub struct LoggedShake256 {
    inner: portable::Shake256,
    input: Vec<u8>,
    logged: bool,
}

impl Xof for LoggedShake256 {
    const RATE: usize = RATE_256;
    fn new() -> Self {
        LoggedShake256 {
            inner: portable::Shake256::new(),
            input: Vec::new(),
            logged: false,
        }
    }
    fn absorb(&mut self, input: &[u8]) {
        self.input.extend_from_slice(input);
        self.inner.absorb(input);
    }
    fn squeeze(&mut self, out: &mut [u8]) {
        if !self.logged {
            self.logged = true;
            ABSORBED.with(|a| a.borrow_mut().push(std::mem::take(&mut self.input)));
        }
        self.inner.squeeze(out);
    }
}

/// Backend methods that call [`Portable`]'s of the same name and signature.
macro_rules! forward_to_portable {
    ($($(#[$doc:meta])* fn $name:ident$(<$g:ident: $bound:ident>)?($($arg:ident: $ty:ty),*) $(-> $ret:ty)?;)*) => {$(
        fn $name$(<$g: $bound>)?($($arg: $ty),*) $(-> $ret)? {
            Portable::$name$(::<$g>)?($($arg),*)
        }
    )*};
}

/// The portable backend with [`LoggedShake256`] as its one-lane SHAKE256:
/// to find each signing attempt's c~ (setup only, never timed).
#[derive(Clone, Copy, Debug)]
pub struct Counting;

impl Backend for Counting {
    const NAME: &'static str = "counting";
    const WIDE_SHAKE: bool = false;
    type Shake128 = <Portable as Backend>::Shake128;
    type Shake256 = LoggedShake256;
    type Shake128x4 = <Portable as Backend>::Shake128x4;
    type Shake256x4 = <Portable as Backend>::Shake256x4;
    type Shake128x8 = <Portable as Backend>::Shake128x8;

    mldsa::backend_kernels!(forward_to_portable);
}

/// The permutation counts of every operation at `P`, on the workload.
/// `signatures` are the public API's signatures of [`MESSAGES`] (checked
/// against the counting run's).
pub fn counts_for<P: ParameterSet>(signatures: &[Vec<u8>]) -> Counts {
    let (k, l) = (P::K, P::L);
    // (rho, rho', K) <- H(xi || k || l, 128)
    let mut seeds = [0u8; 128];
    shake256(&[&SEED, &[k as u8, l as u8]]).read(&mut seeds);
    let (rho, rho_p) = (&seeds[..32], &seeds[32..96]);
    // The samplers on the reference SHAKE, checked against mldsa's: the
    // same polynomials, so the model reads what FIPS 204 reads.
    let mut a_hat = P::Matrix::zeroed();
    mldsa::algorithms::expand_a::<P, Portable>(rho.try_into().unwrap(), &mut a_hat);
    let (mut s1, mut s2) = (P::VecL::zeroed(), P::VecK::zeroed());
    mldsa::algorithms::sampling::expand_s::<P, Portable>(
        rho_p.try_into().unwrap(),
        &mut s1,
        &mut s2,
    );
    let mut expand_a_blocks = 0;
    for r in 0..k {
        for s in 0..l {
            let (bytes, poly) = rej_ntt(&[rho, &[s as u8, r as u8]].concat());
            assert!(
                same_mod_q(&a_hat.as_ref()[r].as_ref()[s], &poly),
                "ExpandA model"
            );
            expand_a_blocks += bytes.div_ceil(RATE_128);
        }
    }
    let mut expand_s_blocks = 0;
    let s_polys = s1.as_ref().iter().chain(s2.as_ref());
    for (r, mine) in s_polys.enumerate() {
        let (bytes, poly) = rej_bounded(&[rho_p, &(r as u16).to_le_bytes()].concat(), P::ETA);
        assert!(same_mod_q(mine, &poly), "ExpandS model");
        expand_s_blocks += bytes.div_ceil(RATE_256);
    }
    let tr = hash_perms(P::PK_LEN, 64, RATE_256);
    let keygen = Perms {
        a: expand_a_blocks,
        x4: wide(expand_s_blocks),
        x1: hash_perms(34, 128, RATE_256) + tr,
    };

    // The signing attempts and their c~, from mldsa's own Sign_internal.
    let mut vk = ExpandedVerifyingKey::<P>::zeroed();
    let mut sk = ExpandedSigningKey::<P>::zeroed();
    let (mut s1, mut s2) = (P::VecL::zeroed(), P::VecK::zeroed());
    let rows = &mut mldsa::algorithms::Streamed::<P, Counting>::new();
    mldsa::algorithms::key_gen_internal::<P, Counting>(
        &SEED, rows, &mut s1, &mut s2, &mut vk, &mut sk,
    );
    assert_eq!(
        &vk.encoded().as_ref()[..32],
        rho,
        "the model's rho is the key's"
    );
    let mu_perms = hash_perms(64 + 2 + CONTEXT.len() + crate::MESSAGE_LEN, 64, RATE_256);
    let rho_pp_perms = hash_perms(32 + 32 + 64, 64, RATE_256);
    let c_tilde_perms = hash_perms(64 + P::W1_LEN, P::C_TILDE_LEN, RATE_256);
    let mask_blocks = (32 * P::GAMMA1_BITS).div_ceil(RATE_256);
    let (mut sign, mut sign_pre, mut verify, mut attempts) = (vec![], vec![], vec![], vec![]);
    for (m, sig_bytes) in MESSAGES.iter().zip(signatures) {
        ABSORBED.with(|a| a.borrow_mut().clear());
        let mut mu_hasher = MuHasher::<Counting>::new(vk.tr());
        mu_hasher.update(&[0, CONTEXT.len() as u8]);
        mu_hasher.update(CONTEXT);
        mu_hasher.update(m);
        let mu = mu_hasher.finalize();
        let mut sig = P::SigBytes::zeroed();
        mldsa::algorithms::sign_internal::<P, Counting>(&sk, &a_hat, &mu, &ZERO_RND, &mut sig);
        assert_eq!(
            sig.as_ref(),
            &sig_bytes[..],
            "the counting run signs as mldsa"
        );
        let c_tildes: Vec<Vec<u8>> = ABSORBED.with(|a| {
            a.borrow()
                .iter()
                .filter(|input| input.len() == P::C_TILDE_LEN)
                .cloned()
                .collect()
        });
        assert_eq!(
            c_tildes.last().map(|c| &c[..]),
            Some(&sig_bytes[..P::C_TILDE_LEN]),
            "the last SampleInBall input is the signature's c~"
        );
        let mut pre = Perms {
            a: 0,
            x4: 0,
            x1: mu_perms + rho_pp_perms,
        };
        for c in &c_tildes {
            pre += Perms {
                a: 0,
                x4: wide(l * mask_blocks),
                x1: c_tilde_perms + sample_in_ball_bytes(c, P::TAU).div_ceil(RATE_256),
            };
        }
        let mut compact = pre;
        compact.a += expand_a_blocks;
        sign.push(compact);
        sign_pre.push(pre);
        attempts.push(c_tildes.len());
        let c_tilde = &sig_bytes[..P::C_TILDE_LEN];
        verify.push(Perms {
            a: expand_a_blocks,
            x4: 0,
            x1: tr
                + mu_perms
                + c_tilde_perms
                + sample_in_ball_bytes(c_tilde, P::TAU).div_ceil(RATE_256),
        });
    }
    Counts {
        keygen,
        sign,
        sign_pre,
        verify,
        attempts,
        expand_a_blocks,
        expand_s_blocks,
    }
}

/// [`counts_for`] at `param`, with mldsa's signatures.
pub fn counts(param: Param) -> Counts {
    fn sigs<F: Fn(&[u8]) -> Vec<u8>>(f: F) -> Vec<Vec<u8>> {
        MESSAGES.iter().map(|m| f(m)).collect()
    }
    match param {
        Param::P44 => {
            let sk = mldsa::ml_dsa_44::SigningKey::from_seed(&SEED);
            counts_for::<mldsa::MlDsa44>(&sigs(|m| {
                sk.sign_deterministic(m, CONTEXT).unwrap().as_ref().to_vec()
            }))
        }
        Param::P65 => {
            let sk = mldsa::ml_dsa_65::SigningKey::from_seed(&SEED);
            counts_for::<mldsa::MlDsa65>(&sigs(|m| {
                sk.sign_deterministic(m, CONTEXT).unwrap().as_ref().to_vec()
            }))
        }
        Param::P87 => {
            let sk = mldsa::ml_dsa_87::SigningKey::from_seed(&SEED);
            counts_for::<mldsa::MlDsa87>(&sigs(|m| {
                sk.sign_deterministic(m, CONTEXT).unwrap().as_ref().to_vec()
            }))
        }
    }
}

/// One line per parameter set and operation: the counts, for the log
/// (ExpandA's blocks as `a`, then calls of the x4 and x1 kernels).
pub fn describe(param: Param, c: &Counts) -> Vec<String> {
    let mean = |v: &[Perms]| {
        let n = v.len() as f64;
        (
            v.iter().map(|p| p.a).sum::<usize>() as f64 / n,
            v.iter().map(|p| p.x4).sum::<usize>() as f64 / n,
            v.iter().map(|p| p.x1).sum::<usize>() as f64 / n,
        )
    };
    let (sa, s4, s1) = mean(&c.sign);
    let (_, p4, p1) = mean(&c.sign_pre);
    let (va, v4, v1) = mean(&c.verify);
    let attempts = c.attempts.iter().sum::<usize>() as f64 / c.attempts.len() as f64;
    vec![
        format!(
            "{}: ExpandA {} blocks, ExpandS {} blocks; keygen a {} + {} x4 + {} x1",
            param.name(),
            c.expand_a_blocks,
            c.expand_s_blocks,
            c.keygen.a,
            c.keygen.x4,
            c.keygen.x1
        ),
        format!(
            "{}: sign a {sa:.0} + {s4:.2} x4 + {s1:.2} x1, sign-pre {p4:.2} x4 + {p1:.2} x1 \
             ({attempts:.2} attempts: {:?}); verify a {va:.0} + {v4:.2} x4 + {v1:.2} x1 \
             (means over the {N_MESSAGES} messages)",
            param.name(),
            c.attempts
        ),
    ]
}

/// Sets up the Keccak-only reference at `param`.
pub fn subject(param: Param) -> Box<dyn Subject> {
    assert!(
        crate::Impl::KeccakOnly.available(),
        "keccak-only needs AVX2"
    );
    Box::new(KeccakOnly {
        counts: counts(param),
        avx512: has_avx512(),
    })
}

/// The kernels the Keccak-only reference runs on this CPU.
pub fn kernels() -> &'static str {
    if has_avx512() {
        "mldsa's AVX-512 kernels: avx512::keccak_f1600_x8 (ExpandA), avx512::keccak_f1600_x4 \
         and avx512::keccak_f1600_x1"
    } else {
        "mldsa's AVX2 backend's kernels (no AVX-512 on this CPU): avx2::keccak_f1600_x4 \
         and the scalar avx2::BmiPermutation (BMI1 / BMI2)"
    }
}

/// What `avx512::keccak_f1600_x4` and `_x1` need.
fn has_avx512() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512vl");
    #[cfg(not(target_arch = "x86_64"))]
    false
}

struct KeccakOnly {
    counts: Counts,
    /// Whether to run the AVX-512 kernels (else the AVX2 ones).
    avx512: bool,
}

/// ExpandA's `p.a` blocks (ceil(/ 8) calls of the x8 kernel with AVX-512,
/// else ceil(/ 4) of the x4 one), `p.x4` calls of the x4 kernel and `p.x1`
/// of the x1 kernel, on states kept in memory between calls (as mldsa's
/// samplers do between blocks), inside a `#[target_feature]` function so
/// that the kernels inline.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn run(p: Perms, avx512: bool) {
    use core::arch::x86_64::{__m256i, __m512i};
    use mldsa::backend::keccak::Permutation;
    use mldsa::backend::{avx2, avx512};
    #[target_feature(enable = "avx2,avx512f,avx512vl")]
    fn on_avx512(p: Perms, s8: &mut [__m512i; 25], s4: &mut [__m256i; 25], s1: &mut [u64; 25]) {
        for _ in 0..p.a.div_ceil(8) {
            avx512::keccak_f1600_x8(s8);
        }
        for _ in 0..p.x4 {
            avx512::keccak_f1600_x4(s4);
        }
        for _ in 0..p.x1 {
            avx512::keccak_f1600_x1(s1);
        }
    }
    #[target_feature(enable = "avx2")]
    fn on_avx2(p: Perms, s4: &mut [__m256i; 25], s1: &mut [u64; 25]) {
        for _ in 0..p.a.div_ceil(4) + p.x4 {
            avx2::keccak_f1600_x4(s4);
        }
        for _ in 0..p.x1 {
            avx2::BmiPermutation::permute(s1);
        }
    }
    // SAFETY: __m512i and __m256i are plain data; all zeros is a valid
    // value.
    let (mut s8, mut s4): ([__m512i; 25], [__m256i; 25]) = unsafe { core::mem::zeroed() };
    let mut s1 = [0u64; 25];
    black_box((&mut s8, &mut s4, &mut s1));
    let p = black_box(p);
    // SAFETY: a KeccakOnly subject exists only where the CPU has AVX2
    // (`Impl::KeccakOnly.available()`, checked in `subject`), and `avx512`
    // is set only where it has AVX-512 F and VL too.
    unsafe {
        if avx512 {
            on_avx512(p, &mut s8, &mut s4, &mut s1)
        } else {
            on_avx2(p, &mut s4, &mut s1)
        }
    };
    black_box((&s8, &s4, &s1));
}

#[cfg(not(target_arch = "x86_64"))]
fn run(_: Perms, _: bool) {
    unreachable!("keccak-only needs AVX2")
}

impl Subject for KeccakOnly {
    fn keygen(&self) {
        run(self.counts.keygen, self.avx512);
    }
    fn sign(&self, i: usize) {
        run(self.counts.sign[i], self.avx512);
    }
    fn sign_precomputed(&self, i: usize) {
        run(self.counts.sign_pre[i], self.avx512);
    }
    fn verify(&self, i: usize) {
        run(self.counts.verify[i], self.avx512);
    }
    fn public_key(&self) -> Vec<u8> {
        unreachable!("keccak-only makes no keys")
    }
    fn signature(&self, _: usize) -> Vec<u8> {
        unreachable!("keccak-only makes no signatures")
    }
}
