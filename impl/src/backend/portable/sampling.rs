//! Rejection sampling of coefficients from SHAKE output.

use crate::params::{Eta, EtaKind, Q};

/// CoeffFromThreeBytes (Algorithm 14) over a buffer: 23-bit candidates,
/// accepted when below q. The buffer is public (derived from rho).
#[inline(always)]
pub fn rej_uniform(out: &mut [i32], buf: &[u8]) -> usize {
    let mut ctr = 0;
    for chunk in buf.chunks_exact(3) {
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

/// CoeffFromHalfByte (Algorithm 15) over a buffer, low half-byte first.
///
/// The accepted values are secret (s1, s2). Every candidate is computed and
/// stored the same way; only the count, which depends on rejected half-bytes
/// (discarded, independent of the accepted ones), decides where the next one
/// goes.
#[inline(always)]
pub fn rej_eta<E: Eta>(out: &mut [i32], buf: &[u8]) -> usize {
    let mut ctr = 0;
    // Half-bytes below `limit` are accepted.
    let limit = match E::KIND {
        EtaKind::Two => 15,
        EtaKind::Four => 9,
    };
    for &byte in buf {
        for t in [(byte & 0x0F) as i32, (byte >> 4) as i32] {
            if ctr < out.len() {
                // t mod 5 for t < 15, as (205 t) >> 10 = floor(t / 5) there.
                let value = match E::KIND {
                    EtaKind::Two => 2 - (t - ((205 * t) >> 10) * 5),
                    EtaKind::Four => 4 - t,
                };
                out[ctr] = value;
                // Constant-time check: whether t is accepted is public (the
                // rejected half-bytes are discarded).
                ctr += crate::ct::public((t - limit) >> 31 & 1) as usize;
            }
        }
        if ctr == out.len() {
            break;
        }
    }
    ctr
}
