//! The driver of `make ct-timing` (scripts/ct-timing.sh): a two-class
//! timing test in the manner of dudect, on the backend `MLDSA_BACKEND`
//! selects, AVX-512 included (which valgrind, and so `make ct`, cannot run).
//!
//! For each operation that handles secrets, one class of inputs holds a
//! fixed secret, the other a random one; the class of each measurement is
//! drawn at random, and Welch's t-test compares the two classes' times,
//! uncropped and cropped at the 95th percentile of all measurements (dudect's
//! way of setting measurement noise aside). A |t| above 4.5 on any of them
//! is a leak. How the test keeps public and declassified data from passing
//! for a leak is said at [`measure`] and in `run`.
//!
//! `ct_timing N`              N measurements per operation and set: keygen
//!                            after ExpandS, ExpandS's sampler, expanded-key
//!                            import, and signing with the compact and the
//!                            precomputed key, on ML-DSA-44, 65 and 87
//!                            (`--sets 65` for one set)
//! `ct_timing N --planted`    signing only, with the library's planted leak
//!                            switched on (16 k NTTs more when a secret
//!                            coefficient is odd): each |t| must exceed 4.5
//!
//! Prints one line per operation, `<op> <set> max|t| <t> n <n>`, and exits
//! with 1 when a clean run finds a leak or a planted run misses one. With
//! `CT_TIMING_DEBUG` set, also each class's mean and median time and the t
//! of each crop, on standard error.

use std::hint::black_box;

use zeroize::Zeroize;

use cpu_time::ThreadTime;
use mldsa::algorithms::internal::key_gen_from_secrets;
use mldsa::algorithms::sampling::expand_s;
use mldsa::algorithms::{ExpandedSigningKey, ExpandedVerifyingKey, Streamed};
use mldsa::backend::Backend;
use mldsa::backend::selected::Selected;
use mldsa::ct::{plant_timing_leak, take_attempts};
use mldsa::params::{Eta, PolyVec};
use mldsa::{Compact, KeyForm, MlDsa44, MlDsa65, MlDsa87, ParameterSet, Precomputed, SigningKey};

/// The threshold of dudect (and of the issue this check answers).
const THRESHOLD: f64 = 4.5;
/// How many times a clean test is run, on new keys each time, before a |t|
/// over the threshold fails it (see `run`).
const RUNS: usize = 3;
/// The pause before a clean test is run again, so that the runs do not all
/// fall in one stretch of load from the host's other processes (or virtual
/// machines), which can last longer than a run: in 45 invocations of
/// `ct_timing 2000` (675 tests, AMD Zen 4, 4 December 2026) five first
/// runs exceeded 4.5 and the next run passed, but one import test on AVX2
/// exceeded three times in a row, within a second (6.1, 7.2, 4.7).
const RETRY_PAUSE: std::time::Duration = std::time::Duration::from_secs(2);
/// How many different secrets the random class draws from, and how many
/// copies of its secret the fixed class holds.
const POOL: usize = 64;
const CTX: &[u8] = b"timing check";

/// xorshift64*: the class and pool draws (not a secret).
struct Rng(u64);

impl Rng {
    fn new() -> Self {
        let mut seed = [0u8; 8];
        getrandom::fill(&mut seed).expect("the OS generator");
        Self(u64::from_le_bytes(seed) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        for chunk in out.chunks_mut(8) {
            chunk.copy_from_slice(&self.next().to_le_bytes()[..chunk.len()]);
        }
        out
    }
}

/// Welch's t of two samples.
fn welch(a: &[f64], b: &[f64]) -> f64 {
    let stats = |x: &[f64]| {
        let n = x.len() as f64;
        let mean = x.iter().sum::<f64>() / n;
        let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0);
        (n, mean, var)
    };
    let ((na, ma, va), (nb, mb, vb)) = (stats(a), stats(b));
    (ma - mb) / (va / na + vb / nb).sqrt()
}

/// The largest |t| over the uncropped times and the times at or below the
/// 95th percentile of both classes together (which sets aside the tail of
/// interrupts and of load from other processes). Not lower: the 80th and
/// 50th percentiles cut through the dense part of the distribution, where
/// a difference of a few tens of nanoseconds in where the two classes'
/// peaks sit (0.1 % of a key generation: code and data alignment, the
/// branch predictor) moves many measurements across the cut. In 40 clean
/// runs of the short form (1,440 tests) the 80th gave |t| over 4.5 nine
/// times (up to 13.6) and the 95th and the uncropped times never (at most
/// 4.1); the planted leak gave 5.4 at the least without the 80th.
fn max_t(times: &[(bool, f64)]) -> f64 {
    let mut sorted: Vec<f64> = times.iter().map(|&(_, t)| t).collect();
    sorted.sort_by(f64::total_cmp);
    let mut worst: f64 = 0.0;
    for crop in [1.0, 0.95] {
        let limit = sorted[((sorted.len() - 1) as f64 * crop) as usize];
        let class = |c: bool| -> Vec<f64> {
            times
                .iter()
                .filter(|&&(k, t)| k == c && t <= limit)
                .map(|&(_, t)| t)
                .collect()
        };
        let (fixed, random) = (class(false), class(true));
        if fixed.len() > 10 && random.len() > 10 {
            let t = welch(&fixed, &random);
            if std::env::var_os("CT_TIMING_DEBUG").is_some() {
                eprint!(" crop {crop}: t {t:.2}");
            }
            worst = worst.max(t.abs());
        }
    }
    worst
}

/// Times `op` on `n` inputs, each drawn at random from one of the two
/// classes' pools (after a warm-up of n / 20 that is not counted), and
/// returns max |t|.
///
/// The fixed class's pool holds copies of one secret, as many as the
/// random class's holds different ones. Each input is first cloned into
/// the same place (a stack slot, or the heap block the allocator hands
/// back each time), where both classes' inputs are read from: where an
/// input sits shifts the time by some nanoseconds (4 KiB aliasing with
/// the stack, cache sets). Read where they were made, precomputed-key
/// signing at ML-DSA-44 on AVX2 gave |t| over 4.5 in 2 of 8 runs under
/// load from the other core (up to 9.3; three runs in a row failed CI),
/// and up to 3.6 with the same key in both classes; with the clone, at
/// most 3.4 in 20 runs under the same load (AMD Zen 4, 4 December 2026).
/// Each input is then run twice untimed, then timed: the fixed secret
/// comes round every other measurement, and the branch predictor would
/// otherwise learn its declassified data (the trip counts and exits of its
/// rejection samplers) better than those of any random one. Measured right
/// after two runs on the same input, both classes start from a predictor
/// and caches that have just seen it. With one run, AVX2 keygen at
/// ML-DSA-44 still came out with the fixed secret faster at times (|t| 8
/// to 25 in most runs for minutes on end, on an AMD Zen 3, whatever the
/// version of the code): 7 first runs over 4.5 in 42, against 1 in 42
/// with two, interleaved in the same minutes.
///
/// The clock is the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), not the
/// wall clock: on a shared machine with more busy processes than cores,
/// the time slices of the others would otherwise land inside a large share
/// of the measurements, as noise the crop does not remove, and hide a leak.
fn measure<T: Clone>(n: usize, rng: &mut Rng, fixed: &[T], random: &[T], op: impl Fn(&T)) -> f64 {
    let warm = n / 20;
    let mut times = Vec::with_capacity(n);
    for i in 0..n + warm {
        let class = rng.next() & 1 == 1;
        let pool = if class { random } else { fixed };
        let input = &pool[(rng.next() % pool.len() as u64) as usize].clone();
        op(input);
        op(input);
        let start = ThreadTime::now();
        op(input);
        let elapsed = start.elapsed().as_nanos() as f64;
        if i >= warm {
            times.push((class, elapsed));
        }
    }
    if std::env::var_os("CT_TIMING_DEBUG").is_some() {
        let mean = |c: bool| {
            let v: Vec<f64> = times.iter().filter(|x| x.0 == c).map(|x| x.1).collect();
            let mut s = v.clone();
            s.sort_by(f64::total_cmp);
            (v.iter().sum::<f64>() / v.len() as f64, s[s.len() / 2])
        };
        eprintln!(
            "  fixed mean/median {:?} random {:?}",
            mean(false),
            mean(true)
        );
    }
    max_t(&times)
}

/// (rho', K) of a key.
type Seeds = ([u8; 64], [u8; 32]);

/// ExpandS's output (s1, s2) and K of a key.
type Secrets<P> = (
    <P as ParameterSet>::VecL,
    <P as ParameterSet>::VecK,
    [u8; 32],
);

/// (s1, s2) = ExpandS(rho') and K.
fn secrets<P: ParameterSet>((rho_prime, k): &Seeds) -> Secrets<P> {
    let (mut s1, mut s2) = (P::VecL::zeroed(), P::VecK::zeroed());
    expand_s::<P, Selected>(rho_prime, &mut s1, &mut s2);
    (s1, s2, *k)
}

/// KeyGen_internal from rho, K and ExpandS's output: FIPS 204's sk.
fn key_gen_after_expand_s<P: ParameterSet>(rho: &[u8; 32], (s1, s2, k): &Secrets<P>) -> Vec<u8> {
    let mut vk = ExpandedVerifyingKey::<P>::zeroed();
    let mut sk = ExpandedSigningKey::<P>::zeroed();
    let (mut s1, mut s2) = (s1.clone(), s2.clone());
    let rows = &mut Streamed::<P, Selected>::new();
    key_gen_from_secrets::<P, Selected>(rows, &mut s1, &mut s2, rho, k, &mut vk, &mut sk);
    s1.zeroize();
    s2.zeroize();
    sk.encoded().as_ref().to_vec()
}

/// A signing key and a message and rnd it signs in one attempt.
type Signer<F, P> = (Box<SigningKey<P, F>>, [u8; 32], [u8; 32]);

/// For the key `sk`, a message and rnd it signs in one attempt: what FIPS
/// 204 lets signing's time show, the number of attempts, is then the same
/// in both classes. Messages and signatures are public, and vary in both.
fn one_attempt<F: KeyForm, P: ParameterSet>(rng: &mut Rng, sk: &[u8]) -> Signer<F, P> {
    let key = SigningKey::<P, F>::try_from_expanded_boxed(sk).expect("a valid key");
    loop {
        let (msg, rnd) = (rng.bytes::<32>(), rng.bytes::<32>());
        take_attempts();
        key.sign_with_rnd(&msg, CTX, &rnd).expect("a short context");
        if take_attempts() == 1 {
            break (key, msg, rnd);
        }
    }
}

/// Times signing with the key form F.
fn sign<F: KeyForm, P: ParameterSet>(n: usize, rng: &mut Rng) -> f64 {
    let (_, _, keys) = keys::<P>(rng);
    let fixed: Vec<_> = (0..POOL)
        .map(|_| one_attempt::<F, P>(rng, &keys[0]))
        .collect();
    let random: Vec<_> = keys[1..]
        .iter()
        .map(|sk| one_attempt::<F, P>(rng, sk))
        .collect();
    measure(n, rng, &fixed, &random, |(sk, msg, rnd)| {
        black_box(sk.sign_with_rnd(msg, CTX, rnd).expect("a short context"));
    })
}

/// The keys of one measurement: a rho they share, and (rho', K) and FIPS
/// 204's sk for the fixed one (the first) and the POOL random ones.
fn keys<P: ParameterSet>(rng: &mut Rng) -> ([u8; 32], Vec<Seeds>, Vec<Vec<u8>>) {
    let rho = rng.bytes::<32>();
    let seeds: Vec<Seeds> = (0..=POOL).map(|_| (rng.bytes(), rng.bytes())).collect();
    let keys = seeds
        .iter()
        .map(|s| key_gen_after_expand_s::<P>(&rho, &secrets::<P>(s)))
        .collect();
    (rho, seeds, keys)
}

/// Times key generation after ExpandS: the fixed key's (s1, s2, K) against
/// the random keys'. ExpandS is timed on its own ([`expand_s_sampler`]):
/// where its sampler rejects half-bytes is public (SECURITY.md) but decides
/// where it stores, and that costs time by seed (a fixed seed against
/// random ones with the same SHAKE256 block counts gave |t| over 4.5 in a
/// third of the runs on ExpandS alone, and the whole key generation now and
/// then three runs in a row).
fn keygen<P: ParameterSet>(n: usize, rng: &mut Rng) -> f64 {
    let (rho, seeds, _) = keys::<P>(rng);
    let all: Vec<Secrets<P>> = seeds.iter().map(secrets::<P>).collect();
    measure(n, rng, &vec![all[0].clone(); POOL], &all[1..], |s| {
        black_box(key_gen_after_expand_s::<P>(&rho, s));
    })
}

/// Bytes of SHAKE256 output the sampler test gives one polynomial: four
/// blocks, more than RejBoundedPoly reads but with a chance of about
/// 2^-100 (eta = 4; far less for eta = 2).
const SAMPLER_BYTES: usize = 4 * 136;

/// ExpandS's sampler on one polynomial's SHAKE256 output as RejBoundedPoly
/// (`expand_s`) reads it: two blocks, then one at a time until 256
/// coefficients.
fn sample<P: ParameterSet>(stream: &[u8; SAMPLER_BYTES]) -> [i32; 256] {
    let mut out = [0i32; 256];
    let mut ctr = <Selected as Backend>::rej_eta::<P::Eta>(&mut out, 0, &stream[..272]);
    let mut at = 272;
    while ctr < 256 && at < SAMPLER_BYTES {
        ctr = <Selected as Backend>::rej_eta::<P::Eta>(&mut out, ctr, &stream[at..at + 136]);
        at += 136;
    }
    out
}

/// `stream` with each accepted half-byte replaced by a random accepted
/// value and each rejected one by a random rejected value: the same
/// positions rejected, other secrets.
fn same_rejections<P: ParameterSet>(
    stream: &[u8; SAMPLER_BYTES],
    rng: &mut Rng,
) -> [u8; SAMPLER_BYTES] {
    let bound = if <P::Eta as Eta>::ETA == 2 { 15 } else { 9 };
    let mut half = |t: u8| -> u8 {
        let r = rng.next() as u8;
        if t < bound {
            r % bound
        } else {
            bound + r % (16 - bound)
        }
    };
    stream.map(|b| half(b & 15) | half(b >> 4) << 4)
}

/// Times ExpandS's sampler (`Backend::rej_eta`, the one kernel of ExpandS
/// that handles the secret coefficients; the SHAKE256 around it is the
/// same as everywhere) on one polynomial: a fixed SHAKE256 output against
/// random ones that reject the half-bytes at the same positions (what FIPS
/// 204 lets the sampler's time show: SECURITY.md) and accept other values.
/// On its own, so that a difference in the sampler's time (a few hundred
/// nanoseconds a polynomial) is not lost in the rest of key generation's
/// 15 to 60 microseconds.
fn expand_s_sampler<P: ParameterSet>(n: usize, rng: &mut Rng) -> f64 {
    let fixed: [u8; SAMPLER_BYTES] = rng.bytes();
    let random: Vec<[u8; SAMPLER_BYTES]> = (0..POOL)
        .map(|_| same_rejections::<P>(&fixed, rng))
        .collect();
    measure(n, rng, &vec![fixed; POOL], &random, |stream| {
        black_box(sample::<P>(stream));
    })
}

/// Times the expanded-key import.
fn import<P: ParameterSet>(n: usize, rng: &mut Rng) -> f64 {
    let (_, _, keys) = keys::<P>(rng);
    let fixed = vec![keys[0].clone(); POOL];
    measure(n, rng, &fixed, &keys[1..], |bytes| {
        black_box(SigningKey::<P>::try_from_expanded(bytes).expect("a valid key"));
    })
}

/// An operation's test: N measurements, then max |t|.
type Test = fn(usize, &mut Rng) -> f64;

/// Runs every operation on P, returns whether each max |t| is on the
/// expected side of the threshold (below it, or above when planted).
///
/// Every key of a test shares rho, so that the public matrix A is the same
/// in both classes: A's rejection sampling (ExpandA) takes a time of its
/// own for each rho, which a fixed key would show as a difference from the
/// random ones. KeyGen is therefore timed from rho, K and ExpandS's output
/// (`key_gen_from_secrets`), after H(xi) and ExpandS.
///
/// A clean test whose |t| exceeds the threshold is run again, on new keys,
/// up to RUNS times in all, and fails only if every run exceeds it: a leak
/// does so every time (the planted one gives |t| of 12 to 40 here), while
/// load from other processes (a compiler on the other core, sharing the
/// caches and the branch predictor) pushed single runs over it, and twice
/// in 40 runs two in a row (keygen, ML-DSA-44, AVX2). A planted test must
/// exceed it the first time.
fn run<P: ParameterSet>(name: &str, n: usize, planted: bool, rng: &mut Rng) -> bool {
    let tests: [(&str, Test); 5] = [
        ("sign (compact)", |n, rng| sign::<Compact, P>(n, rng)),
        ("sign (precomputed)", |n, rng| {
            sign::<Precomputed, P>(n, rng)
        }),
        ("keygen", keygen::<P>),
        ("ExpandS sampler", expand_s_sampler::<P>),
        ("import (expanded)", import::<P>),
    ];
    let mut ok = true;
    for (op, test) in tests.into_iter().take(if planted { 2 } else { 5 }) {
        let mut t = test(n, rng);
        let mut earlier = Vec::new();
        while !planted && t > THRESHOLD && earlier.len() < RUNS - 1 {
            earlier.push(format!("{t:.2}"));
            std::thread::sleep(RETRY_PAUSE);
            t = test(n, rng);
        }
        let again = if earlier.is_empty() {
            String::new()
        } else {
            format!(" (run again on new keys: before, {})", earlier.join(", "))
        };
        let pass = if planted {
            t > THRESHOLD
        } else {
            t <= THRESHOLD
        };
        ok &= pass;
        println!(
            "{op:<18} {name} max|t| {t:6.2} n {n}{again}{}",
            if pass { "" } else { "  <- FAILED" }
        );
    }
    ok
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args
        .first()
        .and_then(|a| a.parse().ok())
        .expect("usage: ct_timing N [--planted] [--sets 44,65,87]");
    let planted = args.iter().any(|a| a == "--planted");
    let sets = args
        .iter()
        .position(|a| a == "--sets")
        .and_then(|i| args.get(i + 1))
        .map_or("44,65,87", String::as_str);
    if planted {
        plant_timing_leak();
    }
    println!("ct_timing: backend {:?}", mldsa::selected_backend());
    let mut rng = Rng::new();
    let mut ok = true;
    for set in sets.split(',') {
        ok &= match set {
            "44" => run::<MlDsa44>("ML-DSA-44", n, planted, &mut rng),
            "65" => run::<MlDsa65>("ML-DSA-65", n, planted, &mut rng),
            "87" => run::<MlDsa87>("ML-DSA-87", n, planted, &mut rng),
            _ => panic!("unknown set {set}"),
        };
    }
    std::process::exit(if ok { 0 } else { 1 });
}
