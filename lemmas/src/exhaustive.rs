//! Exhaustive checks: the compiled kernels of every backend this machine
//! runs, on every input of their domain, against `mldsa-spec` (or, for the
//! reductions, which the standard does not name, against the arithmetic
//! they promise). Inputs go through the `Backend` trait 256 at a time, as
//! the algorithms call them.

use crate::Lemma;
use mldsa::backend::Backend;
use mldsa::backend::portable::Portable;
use mldsa::params::{
    Eta2, Eta4, Gamma2Q32, Gamma2Q88, MlDsa44, MlDsa65, N, ParameterSet, PolyVec, Q,
};
use mldsa::poly::Poly;
use mldsa_diff_tests::typed;
use mldsa_spec::{conversions as sc, ring, rounding as sr};

const GAMMA2: [i32; 2] = [(Q - 1) / 88, (Q - 1) / 32];

/// Runs `f(batch)` on [lo, hi] in batches of 256 (the last one padded with
/// lo); `f` returns the first input it finds wrong. The range is split
/// into one contiguous share per core (whole batches each), so that the
/// 2^32-input sweeps take half the time on two cores, natively and under
/// qemu (which runs guest threads in parallel); of the counterexamples
/// found, the lowest share's is reported.
fn sweep(lo: i64, hi: i64, f: impl Fn(&Poly) -> Option<i32> + Sync) -> Result<String, String> {
    let batches = (hi - lo) / N as i64 + 1;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as i64;
    let per_thread = (batches + threads - 1) / threads;
    let share = |first: i64| {
        let mut start = lo + first * N as i64;
        let end = (start + per_thread * N as i64 - 1).min(hi);
        while start <= end {
            let batch = Poly::from_coeffs(core::array::from_fn(|i| {
                let v = start + i as i64;
                (if v <= hi { v } else { lo }) as i32
            }));
            if let Some(bad) = f(&batch) {
                return Some(bad);
            }
            start += N as i64;
        }
        None
    };
    let found = std::thread::scope(|scope| {
        let shares: Vec<_> = (0..batches)
            .step_by(per_thread as usize)
            .map(|first| scope.spawn(move || share(first)))
            .collect();
        shares
            .into_iter()
            .find_map(|s| s.join().expect("a sweep share panicked"))
    });
    match found {
        Some(bad) => Err(format!("counterexample: {bad}")),
        None => Ok(format!("{} inputs", hi - lo + 1)),
    }
}

fn power2round<B: Backend>() -> Result<String, String> {
    sweep(0, Q as i64 - 1, |a| {
        let (mut a1, mut a0) = (Poly::ZERO, Poly::ZERO);
        B::power2round(&mut a1, &mut a0, a);
        (0..N)
            .find(|&i| sr::power2round(a.coeffs[i]) != (a1.coeffs[i], a0.coeffs[i]))
            .map(|i| a.coeffs[i])
    })
}

/// Keygen's t = a0 + b (b = s2_i, |b| <= 4) and Power2Round in one pass,
/// for every a0 in (-q, q) (the inverse NTT's outputs), b cycling through
/// -4 ..= 4 along the coefficients.
fn add_power2round<B: Backend>() -> Result<String, String> {
    let b = Poly::from_coeffs(core::array::from_fn(|i| (i % 9) as i32 - 4));
    sweep(-(Q as i64) + 1, Q as i64 - 1, |a| {
        let (mut a1, mut a0) = (Poly::ZERO, a.clone());
        B::add_power2round(&mut a1, &mut a0, &b);
        (0..N)
            .find(|&i| {
                let t = (a.coeffs[i] + b.coeffs[i]).rem_euclid(Q);
                sr::power2round(t) != (a1.coeffs[i], a0.coeffs[i])
            })
            .map(|i| a.coeffs[i])
    })
}

fn decompose<B: Backend>(gamma2: i32) -> Result<String, String> {
    sweep(0, Q as i64 - 1, |a| {
        let (mut a1, mut a0) = (Poly::ZERO, Poly::ZERO);
        typed::decompose::<B>(gamma2, &mut a1, &mut a0, a);
        (0..N)
            .find(|&i| sr::decompose(a.coeffs[i], gamma2) != (a1.coeffs[i], a0.coeffs[i]))
            .map(|i| a.coeffs[i])
    })
}

fn use_hint<B: Backend>(gamma2: i32, h: i32) -> Result<String, String> {
    let hints = Poly::from_coeffs([h; N]);
    sweep(0, Q as i64 - 1, |r| {
        let mut out = Poly::ZERO;
        typed::use_hint::<B>(gamma2, &mut out, &hints, r);
        (0..N)
            .find(|&i| sr::use_hint(h, r.coeffs[i], gamma2) != out.coeffs[i])
            .map(|i| r.coeffs[i])
    })
}

/// MakeHint on every r for the boundary z (as residues): 0, +-1, +-gamma2,
/// +-(gamma2 + 1); and the count of ones.
fn make_hint<B: Backend>(gamma2: i32) -> Result<String, String> {
    let zs = [0, 1, Q - 1, gamma2, Q - gamma2, gamma2 + 1, Q - gamma2 - 1];
    let mut total = 0;
    for z in zs {
        let zpoly = Poly::from_coeffs([z; N]);
        sweep(0, Q as i64 - 1, |r| {
            let mut h = Poly::ZERO;
            let count = typed::make_hint::<B>(gamma2, &mut h, &zpoly, r);
            let ones = h.coeffs.iter().filter(|&&x| x == 1).count();
            if count != ones {
                return Some(r.coeffs[0]);
            }
            (0..N)
                .find(|&i| sr::make_hint(z, r.coeffs[i], gamma2) != h.coeffs[i])
                .map(|i| r.coeffs[i])
        })
        .map_err(|e| format!("z = {z}: {e}"))?;
        total += Q as i64;
    }
    Ok(format!("{total} inputs (7 z per r)"))
}

/// caddq on (-q, q): a mod q.
fn caddq<B: Backend>() -> Result<String, String> {
    sweep(-(Q as i64) + 1, Q as i64 - 1, |a| {
        let mut r = a.clone();
        B::caddq(&mut r);
        (0..N)
            .find(|&i| r.coeffs[i] != ring::mod_q(a.coeffs[i] as i64))
            .map(|i| a.coeffs[i])
    })
}

/// How much of the reductions' domain [-2^31, 2^31 - 2^22 - 1] to sweep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reductions {
    /// Every input: 4,290,772,992 of them (about 45 s per backend on one
    /// core here; the sweep uses every core).
    Full,
    /// 2^28 inputs, for the code under emulation (portable and NEON under
    /// qemu, about 16 times faster than the whole domain there): the 2^26
    /// lowest, the 2^26 highest, and the 2^27 around zero (where the results
    /// wrap through every residue class many times over). The whole domain
    /// is covered elsewhere: portable's source is swept whole natively and
    /// proven by z3, NEON's lane source is proven by z3 on the intrinsic
    /// models (`make lemmas`), which `model` checks against qemu.
    Window,
}

impl Reductions {
    const TOP: i64 = (1 << 31) - (1 << 22) - 1;

    fn ranges(self) -> Vec<(i64, i64)> {
        match self {
            Reductions::Full => vec![(i32::MIN as i64, Self::TOP)],
            Reductions::Window => vec![
                (i32::MIN as i64, i32::MIN as i64 + (1 << 26) - 1),
                (-(1 << 26), (1 << 26) - 1),
                (Self::TOP - (1 << 26) + 1, Self::TOP),
            ],
        }
    }

    fn domain(self) -> &'static str {
        match self {
            Reductions::Full => "[-2^31, 2^31-2^22-1] (all contract)",
            Reductions::Window => "2^28 of [-2^31, 2^31-2^22-1]: both ends, +-2^26",
        }
    }
}

/// reduce32 and freeze on every i32 of `ranges` (up to 2^31 - 2^22 - 1).
fn reduce32_freeze<B: Backend>(reductions: Reductions) -> Result<String, String> {
    let mut total = 0;
    for (lo, hi) in reductions.ranges() {
        total += reduce32_freeze_on::<B>(lo, hi)?;
    }
    Ok(format!("{total} inputs"))
}

fn reduce32_freeze_on<B: Backend>(lo: i64, hi: i64) -> Result<i64, String> {
    sweep(lo, hi, |a| {
        let (mut r, mut f) = (a.clone(), a.clone());
        B::reduce32(&mut r);
        B::freeze(&mut f);
        (0..N)
            .find(|&i| {
                let x = a.coeffs[i] as i64;
                let reduced = r.coeffs[i];
                !(-6283009..=6283008).contains(&reduced)
                    || ring::mod_q(reduced as i64) != ring::mod_q(x)
                    || f.coeffs[i] != ring::mod_q(x)
            })
            .map(|i| a.coeffs[i])
    })?;
    Ok(hi - lo + 1)
}

/// The field of `bits` (<= 24) bits at bit offset `i * bits`, little-endian
/// as BitPack lays it out (IntegerToBits, then BitsToBytes).
fn field(bytes: &[u8], bits: usize, i: usize) -> u32 {
    let offset = i * bits;
    let mut window = [0u8; 4];
    for (j, w) in window.iter_mut().enumerate() {
        *w = bytes.get(offset / 8 + j).copied().unwrap_or(0);
    }
    (u32::from_le_bytes(window) >> (offset % 8)) & ((1 << bits) - 1)
}

/// pack_z / unpack_z (BitPack / BitUnpack with a = gamma1 - 1, b = gamma1):
/// every value of [-gamma1 + 1, gamma1] at every position (coefficient i
/// of sweep step s is the value number (s + i) mod 2^bits). Each field
/// must hold gamma1 - w_i, unpacking must give w back, and every 4099th
/// step is compared byte for byte with the spec's BitPack.
fn pack_z<B: Backend>(bits: usize) -> Result<String, String> {
    let gamma1 = 1i32 << (bits - 1);
    let size = 1usize << bits;
    let mut out = vec![0u8; 32 * bits];
    for step in 0..size {
        let w = Poly::from_coeffs(core::array::from_fn(|i| {
            -gamma1 + 1 + ((step + i) % size) as i32
        }));
        typed::pack_z::<B>(bits, &mut out, &w);
        if let Some(i) = (0..N).find(|&i| field(&out, bits, i) != (gamma1 - w.coeffs[i]) as u32) {
            return Err(format!(
                "counterexample: w_{i} = {} packs wrong",
                w.coeffs[i]
            ));
        }
        let mut back = Poly::ZERO;
        typed::unpack_z::<B>(bits, &mut back, &out);
        if let Some(i) = (0..N).find(|&i| back.coeffs[i] != w.coeffs[i]) {
            return Err(format!(
                "counterexample: field {} unpacks to {}",
                gamma1 - w.coeffs[i],
                back.coeffs[i]
            ));
        }
        if step % 4099 == 0 && sc::bit_pack(&w.coeffs, gamma1 as u32 - 1, gamma1 as u32) != out {
            return Err(format!("step {step}: bytes differ from the spec's BitPack"));
        }
    }
    Ok(format!("{size} values x 256 positions"))
}

/// The key encodings' packers of 3 to 13 bits (skEncode's s1 / s2 and
/// t0, pkEncode's t1): every value of [lo, hi] at every position
/// (coefficient i of sweep step s is lo + (s + i) mod (hi - lo + 1)), over
/// an output filled with 0x00 or 0xFF before each step. Each field must
/// hold `field_of(w_i)`; since the fields tile the output, every bit is
/// checked. Every 4099th step (and the first) is compared byte for byte
/// with the spec's packing, `spec`.
fn pack_key(
    bits: usize,
    (lo, hi): (i32, i32),
    field_of: &dyn Fn(i32) -> u32,
    pack: &dyn Fn(&mut [u8], &Poly),
    spec: &dyn Fn(&[i32; N]) -> Vec<u8>,
) -> Result<String, String> {
    let size = (hi - lo + 1) as usize;
    let mut out = vec![0u8; 32 * bits];
    for step in 0..size {
        let w = Poly::from_coeffs(core::array::from_fn(|i| lo + ((step + i) % size) as i32));
        out.fill(if step % 2 == 0 { 0xFF } else { 0x00 });
        pack(&mut out, &w);
        if let Some(i) = (0..N).find(|&i| field(&out, bits, i) != field_of(w.coeffs[i])) {
            return Err(format!(
                "counterexample: w_{i} = {} packs wrong",
                w.coeffs[i]
            ));
        }
        if step % 4099 == 0 && spec(&w.coeffs) != out {
            return Err(format!("step {step}: bytes differ from the spec's packing"));
        }
    }
    Ok(format!("{size} values x 256 positions"))
}

/// The key decoding's unpackers (skDecode's s1 / s2 and t0, pkDecode's t1
/// as verification shifts it): every field value of BITS bits (all 2^BITS
/// of them, so also those of s1 / s2 above 2 eta) at every position: field
/// i of sweep step s is (s + i) mod 2^BITS, into a polynomial filled with
/// junk. Each coefficient must be `value(field)`: base - field for skDecode,
/// field 2^d for t1. For s1 / s2 (`flag`), the out-of-range flag is checked
/// too: set in those sweeps (each has fields above 2 eta); clear in a
/// second sweep over the fields in [0, 2 eta] only; and set for every
/// field above 2 eta alone at every position, the others 0.
fn unpack_key(
    bits: usize,
    base: i32,
    flag: bool,
    value: &dyn Fn(u32) -> i32,
    unpack: &dyn Fn(&mut Poly, &[u8]) -> i32,
) -> Result<String, String> {
    let encode = |fields: &[u32]| {
        let mut v = vec![0u8; 32 * bits];
        for (i, &f) in fields.iter().enumerate() {
            for b in 0..bits {
                if f >> b & 1 == 1 {
                    let bit = i * bits + b;
                    v[bit / 8] |= 1 << (bit % 8);
                }
            }
        }
        v
    };
    let sweep = |size: usize, expect_flag: bool| -> Result<(), String> {
        for step in 0..size {
            let fields: Vec<u32> = (0..N).map(|i| ((step + i) % size) as u32).collect();
            let mut a = Poly::from_coeffs([0x1234567; N]);
            let out = unpack(&mut a, &encode(&fields));
            if let Some(i) = (0..N).find(|&i| a.coeffs[i] != value(fields[i])) {
                return Err(format!(
                    "counterexample: field {} at {i} unpacks to {}",
                    fields[i], a.coeffs[i]
                ));
            }
            if flag && (out != 0) != expect_flag {
                return Err(format!("values below {size}, step {step}: flag {out}"));
            }
        }
        Ok(())
    };
    sweep(1 << bits, true)?;
    if flag {
        sweep(2 * base as usize + 1, false)?;
        for i in 0..N {
            for x in 2 * base as u32 + 1..1 << bits {
                let mut fields = vec![0u32; N];
                fields[i] = x;
                let mut a = Poly::ZERO;
                if unpack(&mut a, &encode(&fields)) == 0 {
                    return Err(format!("field {x} at {i} is not flagged"));
                }
            }
        }
    }
    Ok(format!("{} values x 256 positions", 1 << bits))
}

/// skEncode's s1 packing (BitPack(s, eta, eta)) for every value at every
/// position, against the spec; and skDecode on every field value at every
/// position: eta - x for x <= 2 eta, MalformedKey above.
fn pack_eta<P: ParameterSet>() -> Result<String, String> {
    use mldsa::algorithms::encodings::{SkParts, sk_decode, sk_encode};
    let eta = P::ETA;
    let values = 2 * eta as usize + 1;
    let bits = P::ETA_BITS;
    let (rho, key, tr) = ([0u8; 32], [0u8; 32], [0u8; 64]);
    let (mut s1, s2, t0) = (P::VecL::zeroed(), P::VecK::zeroed(), P::VecK::zeroed());
    let mut sk = vec![0u8; P::SK_LEN];
    for step in 0..values {
        let w = Poly::from_coeffs(core::array::from_fn(|i| {
            -eta + ((step + i) % values) as i32
        }));
        s1.as_mut()[0] = w.clone();
        sk_encode::<P, mldsa::backend::portable::Portable>(
            &SkParts {
                rho: &rho,
                k: &key,
                tr: &tr,
                s1: &s1,
                s2: &s2,
                t0: &t0,
            },
            &mut sk,
        );
        if sk[128..128 + 32 * bits] != sc::bit_pack(&w.coeffs, eta as u32, eta as u32)[..] {
            return Err(format!(
                "step {step}: s1 bytes differ from the spec's BitPack"
            ));
        }
    }
    // Fields all 0 (coefficient eta), but field `i` set to x.
    let (mut rho2, mut key2, mut tr2) = ([0u8; 32], [0u8; 32], [0u8; 64]);
    let (mut d1, mut d2, mut d0) = (P::VecL::zeroed(), P::VecK::zeroed(), P::VecK::zeroed());
    for i in 0..N {
        for x in 0..1u32 << bits {
            let mut sk = vec![0u8; P::SK_LEN];
            let bit = 128 * 8 + i * bits;
            for b in 0..bits {
                sk[(bit + b) / 8] |= (((x >> b) & 1) as u8) << ((bit + b) % 8);
            }
            let r = sk_decode::<P, Portable>(
                &sk, &mut rho2, &mut key2, &mut tr2, &mut d1, &mut d2, &mut d0,
            );
            let valid = x as i32 <= 2 * eta;
            if r.is_ok() != valid || (valid && d1.as_ref()[0].coeffs[i] != eta - x as i32) {
                return Err(format!("counterexample: field {x} at position {i}"));
            }
        }
    }
    Ok(format!(
        "{values} values x 256 positions; {} fields x 256 positions",
        1 << bits
    ))
}

/// The scalar rule of RejNTTPoly's inner loop (FIPS 204 Algorithm 30,
/// lines 4 to 9, CoeffFromThreeBytes from `mldsa-spec`) over one buffer:
/// what `rej_uniform(out, buf)` must write and return.
fn rej_uniform_rule(room: usize, buf: &[u8]) -> Vec<i32> {
    let mut out = Vec::new();
    for c in buf.chunks_exact(3) {
        if out.len() == room {
            break;
        }
        if let Some(z) = sc::coeff_from_three_bytes(c[0], c[1], c[2]) {
            out.push(z);
        }
    }
    out
}

/// The scalar rule of RejBoundedPoly's inner loop (Algorithm 31, lines 5
/// to 14, CoeffFromHalfByte): low half-byte first.
fn rej_eta_rule(eta: i32, room: usize, buf: &[u8]) -> Vec<i32> {
    let mut out = Vec::new();
    for &b in buf {
        for nibble in [b & 15, b >> 4] {
            if out.len() < room
                && let Some(z) = sc::coeff_from_half_byte(nibble, eta)
            {
                out.push(z);
            }
        }
    }
    out
}

/// `sampler(out, buf)` against `rule(room, buf)` on `buf` cut at every
/// length (with room for 256) and with room for every count up to all of
/// it plus one (whole buffer): the count returned and the values written
/// before it (the SIMD samplers may write scratch past the count).
fn sampler_vs_rule(
    buf: &[u8],
    sampler: &dyn Fn(&mut [i32], &[u8]) -> usize,
    rule: &dyn Fn(usize, &[u8]) -> Vec<i32>,
) -> Option<String> {
    let mut out = [0i32; N];
    let mut case = |room: usize, len: usize| {
        let want = rule(room, &buf[..len]);
        out.fill(-1);
        let got = sampler(&mut out[..room], &buf[..len]);
        (got != want.len() || out[..want.len()] != want[..]).then(|| {
            format!(
                "buffer {:02x?} cut at {len}, room {room}: {got} values, the rule {}",
                buf,
                want.len()
            )
        })
    };
    for len in 0..=buf.len() {
        if let Some(bad) = case(N, len) {
            return Some(bad);
        }
    }
    let all = rule(N, buf).len();
    (0..=all + 1).find_map(|room| case(room, buf.len()))
}

/// Uniform candidates around the acceptance boundary: accepted (below q),
/// rejected (q and above); with the ignored top bit set in some.
const UNIFORM_ACCEPTED: [u32; 8] = [
    0,
    1,
    Q as u32 - 1,
    Q as u32 - 2,
    1 << 22,
    (Q as u32 - 1) | 1 << 23,
    1 << 23,
    0x12_3456,
];
const UNIFORM_REJECTED: [u32; 6] = [
    Q as u32,
    Q as u32 + 1,
    0x7F_FFFF,
    0xFF_FFFF,
    Q as u32 | 1 << 23,
    0x7F_E001,
];

/// rej_uniform = the rule, for every acceptance mask of 8 consecutive
/// candidates (the SIMD step), at each of the 8 candidate offsets from the
/// buffer start (so every mask meets every lane alignment), followed by
/// groups with masks !m, m and all-accepted, 15 in all (up to 360 bytes:
/// past two 168-byte SHAKE128 blocks, which the AVX2 sampler takes whole);
/// the buffer cut at every byte and the output room at every count
/// (`sampler_vs_rule`).
fn rej_uniform<B: Backend>() -> Result<String, String> {
    rej_uniform_vs_rule(&B::rej_uniform)
}

/// `rej_uniform`'s check on any sampler (the backend's, or one on a
/// planted table).
fn rej_uniform_vs_rule(sampler: &dyn Fn(&mut [i32], &[u8]) -> usize) -> Result<String, String> {
    let mut calls = 0;
    for m in 0..256u32 {
        for shift in 0..8 {
            let n = !m & 0xFF;
            let masks = [0xFF, m, n, m, 0xFF, m, n, 0xFF, m, n, m, 0xFF, n, m, 0xFF];
            let mut buf = Vec::new();
            for (j, mask) in masks.iter().enumerate() {
                for lane in 0..8 {
                    if j == 0 && lane < 8 - shift {
                        continue;
                    }
                    let k = (m as usize + 3 * j + lane) % 8;
                    let v = if mask >> lane & 1 == 1 {
                        UNIFORM_ACCEPTED[k]
                    } else {
                        UNIFORM_REJECTED[k % UNIFORM_REJECTED.len()]
                    };
                    buf.extend_from_slice(&v.to_le_bytes()[..3]);
                }
            }
            if let Some(bad) = sampler_vs_rule(&buf, sampler, &rej_uniform_rule) {
                return Err(format!("mask {m:08b}, shift {shift}: {bad}"));
            }
            calls += 1;
        }
    }
    Ok(format!(
        "{calls} buffers (256 masks x 8 offsets), every cut and room"
    ))
}

/// rej_eta = the rule, for every acceptance mask of 8 half-bytes (one SIMD
/// compaction; the AVX2 step of 16 half-bytes meets each mask in both
/// halves, as m and as !m), every half-byte value at every position of it,
/// at each of the 4 byte offsets; the buffer cut at every byte and the room
/// at every count.
fn rej_eta<B: Backend>(eta: i32) -> Result<String, String> {
    rej_eta_vs_rule(
        eta,
        &with_room(&|out, ctr, b| typed::rej_eta::<B>(eta, out, ctr, b)),
    )
}

/// A `rej_eta` kernel: appends to `out` after `ctr` coefficients, returns
/// the new count ([`Backend::rej_eta`]).
type EtaKernel<'a> = &'a dyn Fn(&mut [i32; N], usize, &[u8]) -> usize;

/// An [`EtaKernel`] seen as a sampler into `out.len()` values of room: it
/// appends after N - room coefficients, which must stay as they were; if
/// one changed, the count returned is `usize::MAX`, which no rule gives.
fn with_room(kernel: EtaKernel<'_>) -> impl Fn(&mut [i32], &[u8]) -> usize {
    move |out, buf| {
        let ctr = N - out.len();
        let before: [i32; N] = core::array::from_fn(|i| 1000 + i as i32);
        let mut poly = before;
        let count = kernel(&mut poly, ctr, buf)
            .saturating_sub(ctr)
            .min(out.len());
        out[..count].copy_from_slice(&poly[ctr..ctr + count]);
        if poly[..ctr] == before[..ctr] {
            count
        } else {
            usize::MAX
        }
    }
}

/// `rej_eta`'s check on any sampler for `eta`.
fn rej_eta_vs_rule(
    eta: i32,
    sampler: &dyn Fn(&mut [i32], &[u8]) -> usize,
) -> Result<String, String> {
    let limit = if eta == 2 { 15 } else { 9 };
    let accepted: Vec<u8> = (0..limit).collect();
    let rejected: Vec<u8> = (limit..16).collect();
    let mut calls = 0;
    for m in 0..256u32 {
        for rotation in 0..16 {
            for shift in 0..4 {
                let masks = [0xFF, m, !m & 0xFF, m, 0xFF];
                let mut nibbles = Vec::new();
                for (j, mask) in masks.iter().enumerate() {
                    for pos in 0..8 {
                        if j == 0 && pos < 8 - 2 * shift {
                            continue;
                        }
                        let k = rotation + 5 * j + pos;
                        nibbles.push(if mask >> pos & 1 == 1 {
                            accepted[k % accepted.len()]
                        } else {
                            rejected[k % rejected.len()]
                        });
                    }
                }
                let buf: Vec<u8> = nibbles.chunks(2).map(|p| p[0] | p[1] << 4).collect();
                let rule = |room: usize, b: &[u8]| rej_eta_rule(eta, room, b);
                if let Some(bad) = sampler_vs_rule(&buf, sampler, &rule) {
                    return Err(format!("mask {m:08b}, shift {shift}: {bad}"));
                }
                calls += 1;
            }
        }
    }
    Ok(format!(
        "{calls} buffers (256 masks x 16 value rotations x 4 offsets), every cut and room"
    ))
}

/// A planted bug in the SIMD samplers' compaction table: the row of mask
/// 0b1010_0110 (lanes 1, 2, 5, 7 accepted) moves lane 6, a rejected
/// candidate, in place of lane 5.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
static PLANTED_ROW: [[u8; 8]; 256] = {
    let mut t = mldsa::backend::set_bit_positions();
    t[0b1010_0110][2] = 6;
    t
};

/// The table with the planted row.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
struct Planted;

#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
impl mldsa::backend::CompactTable for Planted {
    const SET_BITS: &'static [[u8; 8]; 256] = &PLANTED_ROW;
}

/// A sampler check on the planted table must fail: passes with what it
/// found.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
fn caught(check: Result<String, String>) -> Result<String, String> {
    match check {
        Ok(_) => Err("the sampler on the planted table agreed with the rule".to_string()),
        Err(e) => Ok(format!("caught: {e}")),
    }
}

/// The uniform and eta = 2 samplers of `backend` on the planted tables:
/// the rule checks must fail on them.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "aarch64", target_feature = "neon")
))]
fn planted_samplers(
    out: &mut Vec<Lemma>,
    backend: &'static str,
    uniform: &dyn Fn(&mut [i32], &[u8]) -> usize,
    eta: &dyn Fn(&mut [i32], &[u8]) -> usize,
) {
    out.push(Lemma::run(
        "rej_uniform, table row planted wrong",
        "exhaustive mutant",
        "as rej_uniform",
        backend,
        || caught(rej_uniform_vs_rule(uniform)),
    ));
    out.push(Lemma::run(
        "rej_eta, table row planted wrong, eta=2",
        "exhaustive mutant",
        "as rej_eta",
        backend,
        || caught(rej_eta_vs_rule(2, eta)),
    ));
}

/// The AVX2 samplers on the planted table: the rule checks above must
/// fail on them (pass only if they do, and print what they found).
#[cfg(target_arch = "x86_64")]
fn planted_table(out: &mut Vec<Lemma>) {
    use mldsa::backend::avx2::{rej_eta_on, rej_uniform_on};
    planted_samplers(
        out,
        "avx2",
        &|o, b| rej_uniform_on::<Planted>(o, b).unwrap_or(0),
        &with_room(&|o, c, b| rej_eta_on::<Planted, mldsa::params::Eta2>(o, c, b).unwrap_or(0)),
    );
}

/// NEON's uniform table (four lanes: `tbl` byte indices per 4-bit mask)
/// with one row planted wrong: mask 0b0110 (lanes 1 and 2 accepted)
/// moves lane 0, a rejected one, instead of lane 1.
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
static PLANTED_UNIFORM: [[u8; 16]; 16] = {
    let mut t = *<mldsa::backend::neon::UniformCompact as mldsa::backend::neon::UniformTable>::ROWS;
    t[0b0110] = [
        0, 1, 2, 3, 8, 9, 10, 11, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    ];
    t
};

#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
impl mldsa::backend::neon::UniformTable for Planted {
    const ROWS: &'static [[u8; 16]; 16] = &PLANTED_UNIFORM;
}

/// NEON's samplers on the planted tables.
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
fn planted_table(out: &mut Vec<Lemma>) {
    use mldsa::backend::neon::{rej_eta_on, rej_uniform_on};
    planted_samplers(
        out,
        "neon",
        &rej_uniform_on::<Planted>,
        &with_room(&|o, c, b| rej_eta_on::<Planted, mldsa::params::Eta2>(o, c, b)),
    );
}

/// A `ball_swaps` kernel.
type BallSwaps<'a> = &'a dyn Fn(&mut [i8; N], &[u8], u64);
/// A MakeHint kernel at gamma2 = (q-1)/88: hints into h, the count back.
type HintKernel<'a> = &'a dyn Fn(&mut Poly, &Poly, &Poly) -> usize;

/// SampleInBall's (Algorithm 29) lines 7 and 8 as FIPS 204 writes them,
/// from c = 0: for i = 256 - tau .. 255, c_i <- c_j, c_j <- (-1)^h.
fn ball_rule(js: &[u8], signs: u64) -> [i8; N] {
    let mut c = [0i8; N];
    let first = N - js.len();
    for (k, &j) in js.iter().enumerate() {
        c[first + k] = c[j as usize];
        c[j as usize] = if signs >> k & 1 == 1 { -1 } else { 1 };
    }
    c
}

/// `ball_swaps` against [`ball_rule`], over a c filled with junk: every
/// sequence of j's (j <= i at each step) and every sign for tau = 1, 2;
/// for ML-DSA's tau (39, 49, 60), every j at every step (the other j's
/// pseudo-random, each within its step's range), with a pseudo-random
/// sign word and its complement.
fn ball_swaps(swaps: BallSwaps<'_>) -> Result<String, String> {
    let mut count = 0;
    let mut check = |js: &[u8], signs: u64| -> Result<(), String> {
        let mut c = [0x55i8; N];
        swaps(&mut c, js, signs);
        count += 1;
        if c != ball_rule(js, signs) {
            return Err(format!(
                "counterexample: tau = {}, js = {js:?}, signs = {signs:#x}",
                js.len()
            ));
        }
        Ok(())
    };
    for j in 0..=255u8 {
        for signs in 0..2 {
            check(&[j], signs)?;
        }
    }
    for j0 in 0..=254u8 {
        for j1 in 0..=255u8 {
            for signs in 0..4 {
                check(&[j0, j1], signs)?;
            }
        }
    }
    let mut rng = crate::model_check::Rng::new(29);
    for tau in [39usize, 49, 60] {
        let first = N - tau;
        for k in 0..tau {
            for j in 0..=(first + k) {
                let mut js: Vec<u8> = (0..tau)
                    .map(|m| (rng.bits() % (first + m + 1) as u64) as u8)
                    .collect();
                js[k] = j as u8;
                let signs = rng.bits();
                check(&js, signs)?;
                check(&js, !signs)?;
            }
        }
    }
    Ok(format!("{count} sequences"))
}

/// The norm check's reduction of its per-lane masks (OR over the vectors,
/// then `testz` on AVX2, `_mm512_test_epi32_mask` on AVX-512, `vmaxvq` on
/// NEON): every pattern of exceeding coefficients within each 16
/// coefficients (each block in turn: every mask a 4-, 8- or 16-lane
/// accumulator can hold), with coefficients at +-bound (exceeding) and
/// +-(bound - 1) (not); and each exceeding coefficient alone at every
/// position. The result must be whether one exceeds.
fn exceeds_reduction(exceeds_norm: &dyn Fn(&Poly, i32) -> bool) -> Result<String, String> {
    let bound = (Q - 1) / 88;
    let mut count = 0;
    for pattern in 0..1u32 << 16 {
        let block = (pattern % 16) as usize;
        let a = Poly::from_coeffs(core::array::from_fn(|i| {
            let sign = if (i / 3) % 2 == 0 { 1 } else { -1 };
            let hit = i / 16 == block && pattern >> (i % 16) & 1 == 1;
            sign * if hit { bound } else { bound - 1 }
        }));
        count += 1;
        if exceeds_norm(&a, bound) != (pattern != 0) {
            return Err(format!("lane pattern {pattern:#06x} in block {block}"));
        }
    }
    for i in 0..N {
        for sign in [1, -1] {
            let mut a = Poly::from_coeffs([bound - 1; N]);
            a.coeffs[i] = sign * bound;
            count += 1;
            if !exceeds_norm(&a, bound) {
                return Err(format!("coefficient {i} = {} alone", a.coeffs[i]));
            }
        }
    }
    Ok(format!("{count} polynomials"))
}

/// MakeHint's count of ones (per-lane sums over the vectors, then summed
/// across the lanes: a store and a scalar sum on AVX2, `vpaddd`s of
/// `_mm512_reduce_add_epi32` on AVX-512, `vaddvq` on NEON): for W = 4, 8,
/// 16 lanes, every count a lane can reach (0 to 256 / W) in every lane,
/// lane L holding (s + L) mod (256 / W + 1) ones at step s. The count must
/// be the number of ones, and every hint MakeHint's.
fn hint_count(make_hint: HintKernel<'_>) -> Result<String, String> {
    let gamma2 = (Q - 1) / 88;
    // MakeHint(1, gamma2) = 1 (gamma2 + 1 has HighBits 1), MakeHint(0, r) = 0.
    let r = Poly::from_coeffs([gamma2; N]);
    let mut count = 0;
    for lanes in [4usize, 8, 16] {
        let per_lane = N / lanes;
        for step in 0..=per_lane {
            let z = Poly::from_coeffs(core::array::from_fn(|i| {
                let lane = i % lanes;
                ((i / lanes) < (step + lane) % (per_lane + 1)) as i32
            }));
            let mut h = Poly::ZERO;
            let ones = make_hint(&mut h, &z, &r);
            count += 1;
            let want: usize = z.coeffs.iter().map(|&x| x as usize).sum();
            if ones != want {
                return Err(format!(
                    "{lanes} lanes, step {step}: count {ones}, not {want}"
                ));
            }
            if let Some(i) =
                (0..N).find(|&i| sr::make_hint(z.coeffs[i], gamma2, gamma2) != h.coeffs[i])
            {
                return Err(format!("{lanes} lanes, step {step}: hint {i}"));
            }
        }
    }
    Ok(format!("{count} polynomials"))
}

fn for_backend<B: Backend>(out: &mut Vec<Lemma>, reductions: Reductions) {
    let name = B::NAME;
    let mut lemma = |what: String, domain: &str, check: &dyn Fn() -> Result<String, String>| {
        out.push(Lemma::run(what, "exhaustive", domain, name, check));
    };
    let zq = "[0, q)";
    lemma("power2round = Power2Round".into(), zq, &power2round::<B>);
    let domain = "a0 in (-q, q), b in [-4, 4]";
    let what = "add_power2round = Power2Round(a+b)".into();
    lemma(what, domain, &add_power2round::<B>);
    for g in GAMMA2 {
        let g2 = if g == (Q - 1) / 88 {
            "(q-1)/88"
        } else {
            "(q-1)/32"
        };
        lemma(format!("decompose = Decompose, g2={g2}"), zq, &|| {
            decompose::<B>(g)
        });
        for h in [0, 1] {
            let check = || use_hint::<B>(g, h);
            lemma(format!("use_hint = UseHint, h={h}, g2={g2}"), zq, &check);
        }
        let domain = "r in [0, q), 7 boundary z";
        lemma(format!("make_hint = MakeHint, g2={g2}"), domain, &|| {
            make_hint::<B>(g)
        });
    }
    lemma("caddq = mod q".into(), "(-q, q)", &caddq::<B>);
    let check = || reduce32_freeze::<B>(reductions);
    lemma("reduce32, freeze".into(), reductions.domain(), &check);
    let domain = "every 8-candidate mask, offset, cut, room";
    lemma(
        "rej_uniform = RejNTTPoly's rule".into(),
        domain,
        &rej_uniform::<B>,
    );
    for eta in [2, 4] {
        let domain = "every 8-half-byte mask, value, offset, cut, room";
        lemma(
            format!("rej_eta = RejBoundedPoly's rule, eta={eta}"),
            domain,
            &|| rej_eta::<B>(eta),
        );
    }
    for bits in [18, 20] {
        let what = format!("pack_z/unpack_z, gamma1=2^{}", bits - 1);
        lemma(what, "each value at each position", &|| pack_z::<B>(bits));
    }
    let each = "each value at each position";
    lemma("pack_eta = BitPack(s, 2, 2)".into(), each, &|| {
        let spec = |w: &[i32; N]| sc::bit_pack(w, 2, 2);
        pack_key(3, (-2, 2), &|c| (2 - c) as u32, &B::pack_eta::<Eta2>, &spec)
    });
    lemma("pack_eta = BitPack(s, 4, 4)".into(), each, &|| {
        let spec = |w: &[i32; N]| sc::bit_pack(w, 4, 4);
        pack_key(4, (-4, 4), &|c| (4 - c) as u32, &B::pack_eta::<Eta4>, &spec)
    });
    lemma(
        "pack_t0 = BitPack(t0, 2^12 - 1, 2^12)".into(),
        each,
        &|| {
            let spec = |w: &[i32; N]| sc::bit_pack(w, (1 << 12) - 1, 1 << 12);
            let range = (-(1 << 12) + 1, 1 << 12);
            pack_key(13, range, &|c| ((1 << 12) - c) as u32, &B::pack_t0, &spec)
        },
    );
    lemma("unpack_eta = BitUnpack(v, 2, 2)".into(), each, &|| {
        unpack_key(3, 2, true, &|x| 2 - x as i32, &B::unpack_eta::<Eta2>)
    });
    lemma("unpack_eta = BitUnpack(v, 4, 4)".into(), each, &|| {
        unpack_key(4, 4, true, &|x| 4 - x as i32, &B::unpack_eta::<Eta4>)
    });
    lemma(
        "unpack_t0 = BitUnpack(v, 2^12 - 1, 2^12)".into(),
        each,
        &|| {
            unpack_key(13, 1 << 12, false, &|x| (1 << 12) - x as i32, &|a, v| {
                B::unpack_t0(a, v);
                0
            })
        },
    );
    lemma(
        "pack_t1 = SimpleBitPack(t1, 2^10 - 1)".into(),
        each,
        &|| {
            let spec = |w: &[i32; N]| sc::simple_bit_pack(w, (1 << 10) - 1);
            pack_key(10, (0, (1 << 10) - 1), &|c| c as u32, &B::pack_t1, &spec)
        },
    );
    let domain = "tau <= 2 all; tau = 39, 49, 60 each j each step";
    lemma("ball_swaps = SampleInBall l. 7-8".into(), domain, &|| {
        ball_swaps(&B::ball_swaps)
    });
    let domain = "each lane mask per 16-block, each coeff alone";
    lemma("exceeds_norm's reduction = OR".into(), domain, &|| {
        exceeds_reduction(&B::exceeds_norm)
    });
    let domain = "every count in every lane (4, 8, 16 lanes)";
    lemma("make_hint's count = number of ones".into(), domain, &|| {
        hint_count(&|h, z, r| typed::make_hint::<B>((Q - 1) / 88, h, z, r))
    });
    // w1Encode's packer (SimpleBitPack(w1, (q-1)/(2 gamma2) - 1), w1 =
    // HighBits in [0, (q-1)/(2 gamma2))), and verification's t1 2^d
    // (SimpleBitUnpack(v, 2^10 - 1), shifted by d = 13).
    lemma("pack_w1 = SimpleBitPack(w1, 43)".into(), each, &|| {
        let spec = |w: &[i32; N]| sc::simple_bit_pack(w, 43);
        pack_key(6, (0, 43), &|c| c as u32, &B::pack_w1::<Gamma2Q88>, &spec)
    });
    lemma("pack_w1 = SimpleBitPack(w1, 15)".into(), each, &|| {
        let spec = |w: &[i32; N]| sc::simple_bit_pack(w, 15);
        pack_key(4, (0, 15), &|c| c as u32, &B::pack_w1::<Gamma2Q32>, &spec)
    });
    lemma(
        "unpack_t1_shifted = 2^13 SimpleBitUnpack".into(),
        each,
        &|| {
            unpack_key(10, 0, false, &|x| (x as i32) << 13, &|a, v| {
                B::unpack_t1_shifted(a, v);
                0
            })
        },
    );
}

/// The sweeps of `ball_swaps` and of the reductions on a kernel with one
/// plausible bug each (the portable kernel, wrapped): each sweep must
/// fail on it.
fn mutants(out: &mut Vec<Lemma>) {
    let caught = |check: Result<String, String>| match check {
        Ok(_) => Err("the sweep passed a wrong kernel".to_string()),
        Err(e) => Ok(format!("caught: {e}")),
    };
    out.push(Lemma::run(
        "ball_swaps, self-swap clears c_i, is caught",
        "exhaustive mutant",
        "as ball_swaps",
        "mutant",
        || {
            // Wrong only where some j = i (the swap's aliasing case).
            caught(ball_swaps(&|c, js, signs| {
                Portable::ball_swaps(c, js, signs);
                let first = N - js.len();
                if let Some(k) = (0..js.len()).find(|&k| js[k] as usize == first + k) {
                    c[first + k] = 0;
                }
            }))
        },
    ));
    out.push(Lemma::run(
        "OR reduction missing lane 15 is caught",
        "exhaustive mutant",
        "as exceeds_norm's reduction",
        "mutant",
        || {
            caught(exceeds_reduction(&|a, bound| {
                (0..N).any(|i| i % 16 != 15 && a.coeffs[i].abs() >= bound)
            }))
        },
    ));
    out.push(Lemma::run(
        "4-bit lane counts are caught",
        "exhaustive mutant",
        "as make_hint's count",
        "mutant",
        || {
            // Per-lane counts of 16 lanes kept in 4 bits (wrapping at 16).
            caught(hint_count(&|h, z, r| {
                Portable::make_hint::<Gamma2Q88>(h, z, r);
                (0..16)
                    .map(|lane| (0..N / 16).filter(|v| h.coeffs[16 * v + lane] == 1).count() % 16)
                    .sum()
            }))
        },
    ));
}

/// Every exhaustive check, on every backend this machine runs.
/// `reductions` is the domain of the reductions of portable and NEON:
/// `Window` under qemu (see [`Reductions::Window`] for what covers the
/// rest). The x86-64 SIMD backends, which only run natively, always sweep
/// the full domain.
pub fn all(reductions: Reductions) -> Vec<Lemma> {
    let mut out = Vec::new();
    for_backend::<Portable>(&mut out, reductions);
    #[cfg(target_arch = "x86_64")]
    if mldsa::backend::avx2::available() {
        for_backend::<mldsa::backend::avx2::Avx2>(&mut out, Reductions::Full);
        planted_table(&mut out);
    } else {
        mldsa_diff_tests::missing_backend("avx2");
    }
    #[cfg(target_arch = "x86_64")]
    if mldsa::backend::avx512::available() {
        for_backend::<mldsa::backend::avx512::Avx512>(&mut out, Reductions::Full);
    } else {
        mldsa_diff_tests::missing_backend("avx512");
    }
    #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
    {
        for_backend::<mldsa::backend::neon::Neon>(&mut out, reductions);
        planted_table(&mut out);
    }
    mutants(&mut out);
    type Check = fn() -> Result<String, String>;
    let eta_sets: [(i32, Check); 2] = [(2, pack_eta::<MlDsa44>), (4, pack_eta::<MlDsa65>)];
    for (eta, check) in eta_sets {
        out.push(Lemma::run(
            format!("skEncode/skDecode eta={eta}"),
            "exhaustive",
            "each value/field at each position",
            "all",
            check,
        ));
    }
    out
}
