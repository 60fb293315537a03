//! H (SHAKE256, FIPS 204 section 3.7) on the backend's sponge, and the
//! incremental mu = H(tr || M', 64) of Algorithms 7 and 8.

use crate::backend::{Backend, Xof};

/// H(x_0 || x_1 || ..., LEN) with the backend's SHAKE256.
#[inline(always)]
pub fn h_shake256<B: Backend, const LEN: usize>(parts: &[&[u8]]) -> [u8; LEN] {
    let mut out = [0u8; LEN];
    h_shake256_into::<B>(parts, &mut out);
    out
}

/// H(x_0 || x_1 || ..., out.len()) into `out`: for secret outputs, written
/// where they are kept rather than returned (a returned array may be
/// copied, and the copy left behind).
#[inline(always)]
pub fn h_shake256_into<B: Backend>(parts: &[&[u8]], out: &mut [u8]) {
    xof_into::<B::Shake256>(parts, out)
}

/// The sponge `X` on x_0 || x_1 || ..., squeezed into `out`.
#[inline(always)]
pub fn xof_into<X: Xof>(parts: &[&[u8]], out: &mut [u8]) {
    let mut xof = X::new();
    for part in parts {
        xof.absorb(part);
    }
    xof.squeeze(out);
}

/// An incremental computation of mu = H(tr || M', 64) (Algorithm 7 line 6,
/// Algorithm 8 line 7).
pub struct MuHasher<B: Backend> {
    xof: B::Shake256,
}

impl<B: Backend> MuHasher<B> {
    /// Starts mu for the key with this tr.
    pub fn new(tr: &[u8; 64]) -> Self {
        let mut xof = B::Shake256::new();
        xof.absorb(tr);
        MuHasher { xof }
    }

    /// Absorbs the next piece of M'.
    pub fn update(&mut self, piece: &[u8]) {
        self.xof.absorb(piece);
    }

    /// mu.
    pub fn finalize(mut self) -> [u8; 64] {
        let mut mu = [0u8; 64];
        self.xof.squeeze(&mut mu);
        mu
    }
}
