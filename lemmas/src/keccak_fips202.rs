//! FIPS 202's Keccak-p[1600, 24] (section 3), written from the standard,
//! not from the implementation: the rotation offsets of rho from the walk
//! of Algorithm 2, the round constants from the LFSR of Algorithms 5 and 6,
//! and (with z3) each step mapping of a round on the state's 1600 bits
//! A[x, y, z], as section 3.2 defines it.
//!
//! The state as the implementation holds it: 25 lanes of 64 bits, bit z of
//! lane `x + 5y` being A[x, y, z] (section 3.1.2: S[64 (5y + x) + z]).

/// The lane width w of Keccak-p[1600].
pub const W: usize = 64;
/// The rounds of Keccak-f[1600] = Keccak-p[1600, 24].
pub const ROUNDS: usize = 24;

/// rho's offset of lane (x, y), `offsets[x][y]`, by Algorithm 2: (x, y)
/// starts at (1, 0); at step t = 0 .. 23 lane (x, y) is rotated by
/// (t + 1)(t + 2) / 2 mod w, then (x, y) becomes (y, (2x + 3y) mod 5).
/// Lane (0, 0) is not rotated.
pub fn rho_offsets() -> [[u32; 5]; 5] {
    let mut offsets = [[0u32; 5]; 5];
    let (mut x, mut y) = (1usize, 0usize);
    for t in 0..24 {
        offsets[x][y] = (((t + 1) * (t + 2) / 2) % W) as u32;
        (x, y) = (y, (2 * x + 3 * y) % 5);
    }
    offsets
}

/// rc(t), Algorithm 5: the output bit of the LFSR over GF(2)[x] / (x^8 +
/// x^6 + x^5 + x^4 + 1) after t mod 255 steps.
pub fn rc(t: usize) -> bool {
    if t.is_multiple_of(255) {
        return true;
    }
    // R = 10000000, R[0] first.
    let mut r = [true, false, false, false, false, false, false, false];
    for _ in 1..=t % 255 {
        // R = 0 || R: nine bits.
        let mut s = [false; 9];
        s[1..].copy_from_slice(&r);
        s[0] ^= s[8];
        s[4] ^= s[8];
        s[5] ^= s[8];
        s[6] ^= s[8];
        // R = Trunc_8(R).
        r.copy_from_slice(&s[..8]);
    }
    r[0]
}

/// The round constant RC of round `ir` (Algorithm 6, l = 6): bit 2^j - 1
/// of RC is rc(j + 7 ir) for j = 0 .. 6, every other bit 0; bit z of the
/// lane is RC[z].
pub fn round_constant(ir: usize) -> u64 {
    (0..=6).fold(0u64, |acc, j| {
        acc | ((rc(j + 7 * ir) as u64) << ((1usize << j) - 1))
    })
}

/// The round constants of Keccak-p[1600, 24], rounds ir = 12 + 2l - nr =
/// 0 .. 23 in order (Algorithm 7).
pub fn round_constants() -> [u64; ROUNDS] {
    core::array::from_fn(round_constant)
}

#[cfg(feature = "smt")]
pub use bits::*;

#[cfg(feature = "smt")]
mod bits {
    use super::{W, rho_offsets};
    use crate::smt::ctx;
    use z3::ast::BV;

    /// A state as its 1600 bits, each a one-bit z3 term: A[x, y, z] at
    /// index 64 (5y + x) + z (S's order).
    #[derive(Clone)]
    pub struct State(Vec<BV<'static>>);

    impl State {
        /// A[x, y, z].
        fn a(&self, x: usize, y: usize, z: usize) -> &BV<'static> {
            &self.0[W * (5 * y + x) + z]
        }

        /// The state whose bit (x, y, z) is `f(x, y, z)`.
        fn from_fn(f: impl Fn(usize, usize, usize) -> BV<'static>) -> State {
            State(
                (0..1600)
                    .map(|i| f((i / W) % 5, i / W / 5, i % W))
                    .collect(),
            )
        }

        /// The state of the 25 lanes, bit z of lane x + 5y being A[x, y, z].
        pub fn from_lanes(lanes: &[BV<'static>; 25]) -> State {
            State::from_fn(|x, y, z| lanes[x + 5 * y].extract(z as u32, z as u32))
        }

        /// Lane x + 5y as a 64-bit term, bit z = A[x, y, z].
        pub fn lane(&self, k: usize) -> BV<'static> {
            let (x, y) = (k % 5, k / 5);
            (0..W - 1)
                .rev()
                .fold(self.a(x, y, W - 1).clone(), |high, z| {
                    high.concat(self.a(x, y, z))
                })
        }
    }

    fn one() -> BV<'static> {
        BV::from_u64(ctx(), 1, 1)
    }

    /// theta (Algorithm 1): C[x, z] = A[x, 0, z] ^ .. ^ A[x, 4, z];
    /// D[x, z] = C[(x - 1) mod 5, z] ^ C[(x + 1) mod 5, (z - 1) mod w];
    /// A'[x, y, z] = A[x, y, z] ^ D[x, z].
    pub fn theta(a: &State) -> State {
        let c =
            |x: usize, z: usize| (1..5).fold(a.a(x, 0, z).clone(), |s, y| s.bvxor(a.a(x, y, z)));
        let d = |x: usize, z: usize| c((x + 4) % 5, z).bvxor(&c((x + 1) % 5, (z + W - 1) % W));
        State::from_fn(|x, y, z| a.a(x, y, z).bvxor(&d(x, z)))
    }

    /// rho (Algorithm 2): A'[0, 0, z] = A[0, 0, z]; along the walk of
    /// (x, y) from (1, 0), A'[x, y, z] = A[x, y, (z - (t + 1)(t + 2)/2)
    /// mod w].
    pub fn rho(a: &State) -> State {
        let offsets = rho_offsets();
        State::from_fn(|x, y, z| {
            let r = offsets[x][y] as usize;
            a.a(x, y, (z + W - r) % W).clone()
        })
    }

    /// pi (Algorithm 3): A'[x, y, z] = A[(x + 3y) mod 5, x, z].
    pub fn pi(a: &State) -> State {
        State::from_fn(|x, y, z| a.a((x + 3 * y) % 5, x, z).clone())
    }

    /// chi (Algorithm 4): A'[x, y, z] = A[x, y, z] ^ ((A[(x + 1) mod 5, y,
    /// z] ^ 1) . A[(x + 2) mod 5, y, z]).
    pub fn chi(a: &State) -> State {
        State::from_fn(|x, y, z| {
            let t = a.a((x + 1) % 5, y, z).bvxor(&one());
            a.a(x, y, z).bvxor(&t.bvand(a.a((x + 2) % 5, y, z)))
        })
    }

    /// iota (Algorithm 6) with the round constant as a lane `rc` (bit z =
    /// RC[z]): A'[0, 0, z] = A[0, 0, z] ^ RC[z]. A constant lane gives
    /// round ir's iota; an unknown one, iota for every constant.
    pub fn iota(a: &State, rc: &BV<'static>) -> State {
        State::from_fn(|x, y, z| {
            if x == 0 && y == 0 {
                a.a(x, y, z).bvxor(&rc.extract(z as u32, z as u32))
            } else {
                a.a(x, y, z).clone()
            }
        })
    }

    /// Rnd(A, ir) = iota(chi(pi(rho(theta(A)))), ir), with RC as the lane
    /// `rc` (section 3.3).
    pub fn round(a: &State, rc: &BV<'static>) -> State {
        iota(&chi(&pi(&rho(&theta(a)))), rc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard's first constants and offsets, as an independent
    /// spot check of the LFSR and the walk (FIPS 202's example values:
    /// RC[0] = 1, RC[1] = 0x8082, RC[23] = 0x8000000080008008; rho of
    /// (1, 0) is 1, of (0, 2) is 3).
    #[test]
    fn spot_values() {
        assert_eq!(round_constant(0), 1);
        assert_eq!(round_constant(1), 0x8082);
        assert_eq!(round_constant(23), 0x8000_0000_8000_8008);
        assert_eq!(rho_offsets()[1][0], 1);
        assert_eq!(rho_offsets()[0][2], 3);
        assert_eq!(rho_offsets()[0][0], 0);
    }
}
