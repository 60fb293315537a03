//! The absorbing half of the SHAKE sponge for several Keccak states side by
//! side, written once for the SIMD backends (AVX2: four states in
//! `__m256i`, NEON: two in `uint64x2_t`): lane i of every state sits in one
//! vector `V`. Each backend supplies its vector operations as closures from
//! inside its `#[target_feature]` functions, so everything here inlines
//! into code compiled with that feature. Squeezing stays per backend: each
//! stores its lanes its own way (AVX2 four words per store, NEON two lanes
//! of one state per `trn`), and a shared loop measured slower.

use zeroize::Zeroize;

/// The LANES blocks' lane `i` (8 bytes at 8i, little-endian), one per state.
#[inline(always)]
fn words<const LANES: usize>(blocks: &[[u8; 200]; LANES], i: usize) -> [u64; LANES] {
    core::array::from_fn(|k| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&blocks[k][8 * i..8 * i + 8]);
        u64::from_le_bytes(w)
    })
}

/// Absorbs one input per state (all of the same length) into `state`, all
/// zero on entry, and pads with SHAKE's 0x1F ... 0x80, leaving the states
/// ready to squeeze. `gather` makes a vector of one word per state, `xor`
/// and `permute` are the backend's.
#[inline(always)]
pub fn absorb<V: Copy, const LANES: usize, const RATE: usize>(
    state: &mut [V; 25],
    inputs: [&[u8]; LANES],
    gather: impl Fn([u64; LANES]) -> V,
    xor: impl Fn(V, V) -> V,
    permute: impl Fn(&mut [V; 25]),
) {
    let len = inputs[0].len();
    let mut offset = 0;
    loop {
        let take = (len - offset).min(RATE);
        let mut blocks = [[0u8; 200]; LANES];
        for (block, input) in blocks.iter_mut().zip(inputs) {
            let piece = input.get(offset..offset + take).unwrap_or(&[]);
            block[..piece.len()].copy_from_slice(piece);
            if take < RATE {
                block[take] ^= 0x1F;
                block[RATE - 1] ^= 0x80;
            }
        }
        for i in 0..RATE / 8 {
            state[i] = xor(state[i], gather(words(&blocks, i)));
        }
        // The blocks hold the inputs (ExpandS's and ExpandMask's seeds).
        blocks.as_flattened_mut().zeroize();
        if take < RATE {
            break;
        }
        permute(state);
        offset += RATE;
    }
}
