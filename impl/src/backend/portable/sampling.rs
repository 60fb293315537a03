//! Rejection sampling of coefficients from SHAKE output.

use zeroize::Zeroize;

use crate::params::{Eta, EtaKind, N, Q};

/// CoeffFromThreeBytes (Algorithm 14) over a buffer: 23-bit candidates,
/// accepted when below q. The buffer is public (derived from rho).
///
/// Eight candidates (24 bytes, three words) at a time while `out` has room
/// for eight: each is stored at the count so far and counted when
/// accepted, so a rejected one is overwritten by the next (no branch on
/// the candidates; `out` may hold scratch past the count returned). The
/// rest one candidate at a time.
#[inline(always)]
pub fn rej_uniform(out: &mut [i32], buf: &[u8]) -> usize {
    let mut ctr = 0;
    let mut pos = 0;
    while let (Some(room), Some(bytes)) = (
        out.get_mut(ctr..ctr + 8),
        buf.get(pos..).and_then(<[u8]>::first_chunk::<24>),
    ) {
        let [w0, w1, w2] = words(bytes);
        let candidates = [
            w0,
            w0 >> 24,
            w0 >> 48 | w1 << 16,
            w1 >> 8,
            w1 >> 32,
            w1 >> 56 | w2 << 8,
            w2 >> 16,
            w2 >> 40,
        ];
        let mut k = 0;
        for c in candidates {
            let t = (c & 0x7F_FFFF) as i32;
            // k <= 7 here: one more than the candidates before, at most.
            room[k & 7] = t;
            k += usize::from(t < Q);
        }
        ctr += k;
        pos += 24;
    }
    for chunk in buf.get(pos..).unwrap_or_default().chunks_exact(3) {
        if ctr == out.len() {
            break;
        }
        let t = (chunk[0] as i32 | (chunk[1] as i32) << 8 | (chunk[2] as i32) << 16) & 0x7F_FFFF;
        if t < Q {
            out[ctr] = t;
            ctr += 1;
        }
    }
    ctr
}

/// The three little-endian words of 24 bytes.
#[inline(always)]
fn words(bytes: &[u8; 24]) -> [u64; 3] {
    let (chunks, _) = bytes.as_chunks::<8>();
    [
        u64::from_le_bytes(chunks[0]),
        u64::from_le_bytes(chunks[1]),
        u64::from_le_bytes(chunks[2]),
    ]
}

/// (-1)^h as a byte, h = bit k of `signs` (0 past bit 63): the sign
/// SampleInBall's step k writes (the AVX2 backend's swaps).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn ball_sign(signs: u64, k: usize) -> i8 {
    1 - 2 * sign_bit(signs, k) as i8
}

/// Bit k of `signs`, 0 past bit 63: h of SampleInBall's step k.
#[inline(always)]
fn sign_bit(signs: u64, k: usize) -> u64 {
    signs.checked_shr(k as u32).unwrap_or(0) & 1
}

/// `Backend::ball_swaps` on c held as two 256-bit sets, its nonzero
/// coefficients and its negative ones (four words each).
///
/// Step k reads bit j of both sets and writes it to bit i (public; c_i is
/// zero before, as no earlier step reached i), then sets bit j and writes
/// its sign. A bit at j is reached through a one-hot mask of j built in
/// every word from a shift by j mod 64 and a mask of j / 64 == word: no
/// memory access or branch depends on j or the signs. Then each byte of c
/// is read off the two sets: about fifty word operations a step, and
/// none on the bytes of c until the end.
#[inline(always)]
pub fn ball_swaps(c: &mut [i8; N], js: &[u8], signs: u64) {
    let mut nonzero = [0u64; 4];
    let mut negative = [0u64; 4];
    let first = N.saturating_sub(js.len());
    for (k, &j) in js.iter().enumerate().take(N) {
        let i = first + k;
        let j = j as usize;
        let at_j = one_hot(j);
        // c_i <- c_j
        let (nonzero_j, negative_j) = (any_common(&nonzero, &at_j), any_common(&negative, &at_j));
        nonzero[i / 64] |= nonzero_j << (i % 64);
        negative[i / 64] |= negative_j << (i % 64);
        // c_j <- (-1)^h
        let h = 0u64.wrapping_sub(sign_bit(signs, k));
        for w in 0..4 {
            nonzero[w] |= at_j[w];
            negative[w] = (negative[w] & !at_j[w]) | (at_j[w] & h);
        }
    }
    for (m, x) in c.iter_mut().enumerate() {
        let (word, bit) = (m / 64, m % 64);
        *x = ((nonzero[word] >> bit) & 1) as i8 - 2 * ((negative[word] >> bit) & 1) as i8;
    }
    nonzero.zeroize();
    negative.zeroize();
}

/// The 256-bit set {b} for b < N = 256: in each word, 1 << (b mod 64) masked
/// by whether b / 64 is that word, with no branch or access on b.
#[inline(always)]
fn one_hot(b: usize) -> [u64; 4] {
    core::array::from_fn(|w| {
        // All ones in word b / 64, else zero.
        let here = nonzero(((b / 64) ^ w) as u64).wrapping_sub(1);
        (1u64 << (b % 64)) & here
    })
}

/// 1 if the sets share a bit, else 0.
#[inline(always)]
fn any_common(a: &[u64; 4], b: &[u64; 4]) -> u64 {
    nonzero((a[0] & b[0]) | (a[1] & b[1]) | (a[2] & b[2]) | (a[3] & b[3]))
}

/// 1 if x is nonzero, else 0, without a branch.
#[inline(always)]
fn nonzero(x: u64) -> u64 {
    (x | x.wrapping_neg()) >> 63
}

/// CoeffFromHalfByte (Algorithm 15) over a buffer, low half-byte first.
///
/// The accepted values are secret (s1, s2). Every candidate is computed and
/// stored the same way; only the count, which depends on rejected half-bytes
/// (discarded, independent of the accepted ones), decides where the next one
/// goes. Eight half-bytes (4 bytes) at a time while `out` has room for
/// eight, as in [`rej_uniform`]; then one at a time.
#[inline(always)]
pub fn rej_eta<E: Eta>(out: &mut [i32], buf: &[u8]) -> usize {
    let mut ctr = 0;
    let mut pos = 0;
    while let (Some(room), Some(bytes)) = (
        out.get_mut(ctr..ctr + 8),
        buf.get(pos..).and_then(<[u8]>::first_chunk::<4>),
    ) {
        let word = u32::from_le_bytes(*bytes);
        let mut k = 0;
        for i in 0..8 {
            let t = (word >> (4 * i) & 0x0F) as i32;
            // k <= 7 here: one more than the half-bytes before, at most.
            room[k & 7] = eta_value::<E>(t);
            k += accepted::<E>(t);
        }
        ctr += k;
        pos += 4;
    }
    for &byte in buf.get(pos..).unwrap_or_default() {
        for t in [(byte & 0x0F) as i32, (byte >> 4) as i32] {
            if ctr < out.len() {
                out[ctr] = eta_value::<E>(t);
                ctr += accepted::<E>(t);
            }
        }
        if ctr == out.len() {
            break;
        }
    }
    ctr
}

/// The coefficient of half-byte t (0 <= t < 16) if accepted: eta - t for
/// eta = 4, 2 - (t mod 5) for eta = 2, with t mod 5 = t - 5 floor(205 t /
/// 1024) (exact for t < 15). No branch on t.
#[inline(always)]
fn eta_value<E: Eta>(t: i32) -> i32 {
    match E::KIND {
        EtaKind::Two => 2 - (t - ((205 * t) >> 10) * 5),
        EtaKind::Four => 4 - t,
    }
}

/// 1 if half-byte t is accepted (below 15 for eta = 2, below 9 for eta =
/// 4), else 0. Constant-time check: whether t is accepted is public (the
/// rejected half-bytes are discarded).
#[inline(always)]
fn accepted<E: Eta>(t: i32) -> usize {
    let limit = match E::KIND {
        EtaKind::Two => 15,
        EtaKind::Four => 9,
    };
    crate::ct::public((t - limit) >> 31 & 1) as usize
}
