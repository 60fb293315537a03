//! SHAKE on several Keccak states side by side, lane i of every state in
//! one vector: [`ShakeX`], absorbing and squeezing written once over the
//! vector operations ([`Wide`]) and the permutation ([`PermuteX`]) of a
//! SIMD backend. AVX2 and AVX-512 hold four states in `__m256i` with the
//! same vector operations (AVX2's) and their own permutations; NEON two
//! in `uint64x2_t`.

use zeroize::Zeroize;

use super::Lanes;
#[cfg(target_arch = "x86_64")]
use crate::backend::Carry;

/// `N` Keccak states side by side: the vector operations the sponge
/// needs, on a backend's [`Lanes`] token. The sponge code runs inside
/// [`Wide::with_features`], so that it inlines the intrinsics.
pub trait Wide<const N: usize>: Lanes<V: Zeroize> {
    /// A vector of one word per state.
    fn gather(self, words: [u64; N]) -> Self::V;
    /// The words of `v`, one per state, into `words`.
    fn scatter(self, v: Self::V, words: &mut [u64; N]);
    /// `f()`, run in a function compiled with the token's target features.
    fn with_features<R>(self, f: impl FnOnce() -> R) -> R;
    /// `N` consecutive lanes of the states (one vector each), transposed:
    /// the `N` lanes of each state, one vector per state.
    fn transpose(self, lanes: [Self::V; N]) -> [Self::V; N];
    /// Stores `v` (its `N` words, little-endian) to the first `8N` bytes of
    /// `dst`.
    fn store(self, v: Self::V, dst: &mut [u8]);
    /// The same states as words, word i of state k at `[i][k]`: for
    /// writing one state with scalar stores ([`ShakeX::restart_lane`]).
    fn words_mut(state: &mut [Self::V; 25]) -> &mut [[u64; N]; 25];
}

/// `Keccak-f[1600]` on several states side by side in vectors `V`: a
/// backend's out-of-line copy of [`permute`](super::permute), on a token.
pub trait PermuteX<V>: Copy {
    /// The permutation on every state of `state`, in place.
    fn keccak_f(self, state: &mut [V; 25]);
}

/// A several-state permutation that can run one scalar state beside its
/// own ([`super::permute_pair_with`]), for a one-lane sponge carried
/// along ([`Carry`]): AVX-512's eight-state permutation.
#[cfg(target_arch = "x86_64")]
pub trait PermuteCarry<V>: PermuteX<V> {
    /// The permutation on every state of `state` and on `one`, in place.
    fn keccak_f_carry(self, state: &mut [V; 25], one: &mut [u64; 25]);
}

/// `N` SHAKE sponges with a rate of `RATE` bytes, advanced together: each
/// absorbs one input (all of the same length), then squeezes whole blocks.
/// `W` does the vector operations, `P` the permutation.
#[derive(Clone)]
pub struct ShakeX<W: Wide<N>, P: PermuteX<W::V>, const N: usize, const RATE: usize> {
    state: [W::V; 25],
    cpu: W,
    permutation: P,
}

/// As the one-state sponge's: the states hold what was absorbed; out of
/// line, as the one-state sponge's.
impl<W: Wide<N>, P: PermuteX<W::V>, const N: usize, const RATE: usize> Drop
    for ShakeX<W, P, N, RATE>
{
    #[inline(never)]
    fn drop(&mut self) {
        self.state.zeroize();
    }
}

/// The word holding the end of an input, `rest` (its bytes after its last
/// whole word, fewer than 8), and SHAKE's 0x1F after them, into `word`
/// (all zero before). Byte by byte: a `copy_from_slice` of the variable
/// length compiled to a call to `memcpy` for its two bytes (the seeds of
/// ExpandA, ExpandS and ExpandMask are 34 and 66 bytes long).
#[inline(always)]
fn end_word(word: &mut [u8; 8], rest: &[u8]) {
    for (w, &b) in word.iter_mut().zip(rest) {
        *w = b;
    }
    word[rest.len()] = 0x1F;
}

impl<W: Wide<N>, P: PermuteX<W::V>, const N: usize, const RATE: usize> ShakeX<W, P, N, RATE> {
    /// `N` all-zero states, on the CPU the tokens vouch for.
    #[inline(always)]
    pub fn new(cpu: W, permutation: P) -> Self {
        cpu.with_features(|| ShakeX {
            state: [cpu.splat(0); 25],
            cpu,
            permutation,
        })
    }

    /// Absorbs one input per state (all of the same length) into fresh
    /// states and pads with SHAKE's 0x1F ... 0x80, leaving them ready to
    /// squeeze.
    #[inline(always)]
    pub fn absorb(&mut self, inputs: [&[u8]; N]) {
        let (cpu, permutation, state) = (self.cpu, self.permutation, &mut self.state);
        cpu.with_features(move || {
            let len = inputs[0].len();
            let mut offset = 0;
            loop {
                let take = (len - offset).min(RATE);
                // Each input's block as whole words and the bytes after
                // them; the words are read in place.
                let pieces = inputs.map(|input| {
                    input
                        .get(offset..offset + take)
                        .unwrap_or(&[])
                        .as_chunks::<8>()
                });
                // In the last block, each state's word holding the end of its
                // input and SHAKE's 0x1F.
                let mut last = [[0u8; 8]; N];
                let words = if take < RATE {
                    for (word, (_, rest)) in last.iter_mut().zip(&pieces) {
                        end_word(word, rest);
                    }
                    take / 8 + 1
                } else {
                    RATE / 8
                };
                for (i, lane) in state.iter_mut().enumerate().take(words) {
                    let w = core::array::from_fn(|k| match pieces[k].0.get(i) {
                        Some(bytes) => u64::from_le_bytes(*bytes),
                        None => u64::from_le_bytes(last[k]),
                    });
                    *lane = cpu.xor(*lane, cpu.gather(w));
                }
                // `last` holds the ends of the inputs (ExpandS's and
                // ExpandMask's seeds).
                last.zeroize();
                if take < RATE {
                    // SHAKE's final 0x80, in the block's last byte.
                    state[RATE / 8 - 1] = cpu.xor(state[RATE / 8 - 1], cpu.splat(0x80 << 56));
                    break;
                }
                permutation.keccak_f(state);
                offset += RATE;
            }
        })
    }

    /// Every state made fresh, in place, and given `inputs` to absorb as
    /// [`Self::absorb`] does.
    #[inline(always)]
    pub fn restart(&mut self, inputs: [&[u8]; N]) {
        let (cpu, state) = (self.cpu, &mut self.state);
        cpu.with_features(|| *state = [cpu.splat(0); 25]);
        self.absorb(inputs);
    }

    /// Lane `lane` alone made a fresh state that absorbed `input` (shorter
    /// than the rate: one padded block; a longer input is cut to
    /// `RATE - 1` bytes), the other lanes' states kept: each word of the
    /// padded block, or zero, written to that lane by a scalar store. (A
    /// blend of each vector with the word at a lane known only at run time
    /// compiles to masked stores, `vpmaskmovq`, microcoded on some CPUs:
    /// ExpandS 7 % slower at ML-DSA-44.)
    #[inline(always)]
    pub fn restart_lane(&mut self, lane: usize, input: &[u8]) {
        let take = input.len().min(RATE - 1);
        let (words, rest) = input.get(..take).unwrap_or(&[]).as_chunks::<8>();
        let mut last = [0u8; 8];
        end_word(&mut last, rest);
        for (i, x) in W::words_mut(&mut self.state).iter_mut().enumerate() {
            let mut w = match words.get(i) {
                Some(bytes) => u64::from_le_bytes(*bytes),
                None if i == words.len() => u64::from_le_bytes(last),
                None => 0,
            };
            if i == RATE / 8 - 1 {
                w ^= 0x80 << 56;
            }
            if let Some(x) = x.get_mut(lane) {
                *x = w;
            }
        }
        // `last` holds the end of the input (ExpandS's seed).
        last.zeroize();
    }

    /// Squeezes `out[k].len() / RATE` whole blocks into each output (all of
    /// the same length).
    #[inline(always)]
    pub fn squeeze_blocks(&mut self, out: [&mut [u8]; N]) {
        self.squeeze_permuting(out, |p, state| p.keccak_f(state))
    }

    /// [`Self::squeeze_blocks`] with state `lane` idle (what it squeezes is
    /// not used): each permutation permutes `carry`'s next waiting block in
    /// that lane, the one-lane state moved in before and back out after.
    /// (x86-64's four-lane sponges use it; NEON's pairs of two do not.)
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub fn squeeze_blocks_carrying_in(
        &mut self,
        out: [&mut [u8]; N],
        lane: usize,
        carry: &mut impl Carry,
    ) {
        let cpu = self.cpu;
        self.squeeze_permuting(out, |p, state| match carry.next_block() {
            Some(one) => {
                // All ones in the lanes kept, zero in `lane`; opaque to the
                // compiler, which would otherwise see each update below as
                // a select and store it with a masked store (`vpmaskmovq`,
                // microcoded on some CPUs).
                let keep = core::hint::black_box(cpu.gather(core::array::from_fn(|k| {
                    if k == lane { 0 } else { u64::MAX }
                })));
                let mut words = [0u64; N];
                for (x, &w) in state.iter_mut().zip(one.iter()) {
                    // x ^ (!keep & (x ^ w)), as in `restart_lane`.
                    *x = cpu.chi(0, *x, keep, cpu.xor(*x, cpu.splat(w)));
                }
                p.keccak_f(state);
                for (x, w) in state.iter().zip(one.iter_mut()) {
                    cpu.scatter(*x, &mut words);
                    *w = words.get(lane).copied().unwrap_or(*w);
                }
            }
            None => p.keccak_f(state),
        })
    }

    /// [`Self::squeeze_blocks`] with `permute` as each block's permutation.
    #[inline(always)]
    fn squeeze_permuting(
        &mut self,
        out: [&mut [u8]; N],
        mut permute: impl FnMut(P, &mut [W::V; 25]),
    ) {
        let (cpu, permutation, state) = (self.cpu, self.permutation, &mut self.state);
        cpu.with_features(move || {
            let mut blocks = out.map(|o| o.as_chunks_mut::<RATE>().0);
            let count = blocks.iter().map(|b| b.len()).min().unwrap_or(0);
            let mut words = [0u64; N];
            for b in 0..count {
                permute(permutation, state);
                let mut out = blocks.each_mut().map(|blocks| &mut blocks[b]);
                // N lanes at a time, transposed: one store per state.
                let mut i = 0;
                while i + N <= RATE / 8 {
                    let rows = cpu.transpose(core::array::from_fn(|k| state[i + k]));
                    for (block, v) in out.iter_mut().zip(rows) {
                        cpu.store(v, &mut block[8 * i..8 * (i + N)]);
                    }
                    i += N;
                }
                // The rest a word at a time.
                for i in i..RATE / 8 {
                    cpu.scatter(state[i], &mut words);
                    for (block, w) in out.iter_mut().zip(words) {
                        block[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
                    }
                }
            }
            // The last words squeezed (ExpandS's, ExpandMask's are secret).
            words.zeroize();
        })
    }
}

#[cfg(target_arch = "x86_64")]
impl<W: Wide<N>, P: PermuteCarry<W::V>, const N: usize, const RATE: usize> ShakeX<W, P, N, RATE> {
    /// [`Self::squeeze_blocks`], each permutation carrying `carry`'s next
    /// block if one is waiting.
    #[inline(always)]
    pub fn squeeze_blocks_carrying(&mut self, out: [&mut [u8]; N], carry: &mut impl Carry) {
        self.squeeze_permuting(out, |p, state| match carry.next_block() {
            Some(one) => p.keccak_f_carry(state, one),
            None => p.keccak_f(state),
        })
    }
}
