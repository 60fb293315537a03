//! The backend's SHAKE types against the spec's G (SHAKE128) and H
//! (SHAKE256) of FIPS 204 section 3.7: `B::Shake128` and `B::Shake256` with
//! absorbing and squeezing in random piece sizes, the four-lane
//! `B::Shake128x4` / `B::Shake256x4` squeezing whole blocks, with lanes
//! restarted on new inputs between blocks, and the eight-lane
//! `B::Shake128x8` (and the four-lane `B::Shake128x4` with an idle lane)
//! squeezing while a `Carried` SHAKE256 (given its input in pieces between
//! the squeezes) rides on its permutations.

use crate::common::*;
use mldsa::backend::keccak::Carried;
use mldsa::backend::{Backend, Xof, XofX4, XofX8};
use mldsa_spec::hash::{g, h};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Absorbs `input` cut at `absorb_cuts`, squeezes pieces of `squeeze_sizes`
/// bytes, and compares the concatenation with the spec's one-shot output.
fn check_xof<X: Xof>(
    name: &str,
    spec: fn(&[u8], usize) -> Vec<u8>,
    input: &[u8],
    absorb_cuts: &[usize],
    squeeze_sizes: &[usize],
) -> Result<(), TestCaseError> {
    let mut xof = X::new();
    let mut cuts: Vec<usize> = absorb_cuts.iter().map(|c| c % (input.len() + 1)).collect();
    cuts.sort_unstable();
    let mut start = 0;
    for cut in cuts.into_iter().chain([input.len()]) {
        xof.absorb(&input[start..cut]);
        start = cut;
    }
    let mut out = Vec::new();
    for &size in squeeze_sizes {
        let mut piece = vec![0xA5u8; size];
        xof.squeeze(&mut piece);
        out.extend(piece);
    }
    let expected = spec(input, out.len());
    prop_assert_eq!(
        out,
        expected,
        "{}: input {} bytes absorbed in pieces {:?}, squeezed in {:?}",
        name,
        input.len(),
        absorb_cuts,
        squeeze_sizes
    );
    Ok(())
}

/// Four inputs of one length absorbed at once, then `blocks[i]` blocks per
/// lane squeezed at call i; each lane against the spec.
fn check_x4<X: XofX4>(
    name: &str,
    spec: fn(&[u8], usize) -> Vec<u8>,
    inputs: &[Vec<u8>; 4],
    blocks: &[usize],
) -> Result<(), TestCaseError> {
    let mut xof = X::new_x4();
    xof.absorb_x4([&inputs[0], &inputs[1], &inputs[2], &inputs[3]]);
    let mut out: [Vec<u8>; 4] = Default::default();
    for &n in blocks {
        let mut bufs: [Vec<u8>; 4] = core::array::from_fn(|_| vec![0x5Au8; X::RATE * n]);
        {
            let [b0, b1, b2, b3] = &mut bufs;
            xof.squeeze_blocks_x4([b0, b1, b2, b3]);
        }
        for lane in 0..4 {
            out[lane].extend_from_slice(&bufs[lane]);
        }
    }
    for lane in 0..4 {
        let expected = spec(&inputs[lane], out[lane].len());
        prop_assert_eq!(
            &out[lane],
            &expected,
            "{}: lane {} (input {} bytes, blocks {:?})",
            name,
            lane,
            inputs[lane].len(),
            blocks
        );
    }
    Ok(())
}

/// Four inputs absorbed at once, then one block per lane at each step,
/// after which the step's lane (if below 4) restarts on the step's input
/// (shorter than the rate), or (lane 5) every lane does at once
/// ([`XofX4::restart_x4`]), lane k on the input with k added to its first
/// byte; each lane's blocks since its last (re)start against the spec's
/// output for that input.
fn check_x4_restart<X: XofX4>(
    name: &str,
    spec: fn(&[u8], usize) -> Vec<u8>,
    inputs: &[Vec<u8>; 4],
    steps: &[(usize, Vec<u8>)],
) -> Result<(), TestCaseError> {
    let mut xof = X::new_x4();
    xof.absorb_x4([&inputs[0], &inputs[1], &inputs[2], &inputs[3]]);
    let mut current = inputs.clone();
    let mut out: [Vec<u8>; 4] = Default::default();
    let check = |lane: usize, input: &[u8], got: &[u8]| -> Result<(), TestCaseError> {
        prop_assert_eq!(
            got,
            &spec(input, got.len())[..],
            "{}: lane {} (input {} bytes, steps {:?})",
            name,
            lane,
            input.len(),
            steps.iter().map(|(l, i)| (*l, i.len())).collect::<Vec<_>>()
        );
        Ok(())
    };
    for (lane, input) in steps {
        let mut bufs: [Vec<u8>; 4] = core::array::from_fn(|_| vec![0x5Au8; X::RATE]);
        {
            let [b0, b1, b2, b3] = &mut bufs;
            xof.squeeze_blocks_x4([b0, b1, b2, b3]);
        }
        for (o, b) in out.iter_mut().zip(&bufs) {
            o.extend_from_slice(b);
        }
        if *lane < 4 {
            check(*lane, &current[*lane], &out[*lane])?;
            xof.restart_lane(*lane, input);
            current[*lane] = input.clone();
            out[*lane].clear();
        } else if *lane == 5 {
            let fresh: [Vec<u8>; 4] = core::array::from_fn(|k| {
                let mut v = input.clone();
                if let Some(b) = v.first_mut() {
                    *b = b.wrapping_add(k as u8);
                }
                v
            });
            for k in 0..4 {
                check(k, &current[k], &out[k])?;
                out[k].clear();
            }
            xof.restart_x4([&fresh[0], &fresh[1], &fresh[2], &fresh[3]]);
            current = fresh;
        }
    }
    for lane in 0..4 {
        check(lane, &current[lane], &out[lane])?;
    }
    Ok(())
}

/// `L` inputs of one length absorbed into an `L`-lane SHAKE128 (`kind`);
/// then, step by step, the next piece of `pieces` given to a `Carried`
/// SHAKE256 and `blocks[i]` blocks per lane squeezed carrying it
/// (`squeeze`); the rest of the pieces after the last step. Every lane but
/// `idle` (which may carry) against the spec's G, and the carried hash
/// (`out_len` bytes) against the spec's H of the pieces joined, with the
/// carrier on (`carried`) and off.
#[allow(clippy::too_many_arguments)]
fn check_carrying<B: Backend, const L: usize>(
    kind: &str,
    mut squeeze: impl FnMut([&mut [u8]; L], &mut Carried<B::Shake256>),
    inputs: &[Vec<u8>; L],
    idle: Option<usize>,
    blocks: &[usize],
    pieces: &[Vec<u8>],
    out_len: usize,
    carried: bool,
) -> Result<(), TestCaseError> {
    let rate = 168;
    let mut hash = Carried::<B::Shake256>::new(carried);
    let mut pieces_left = pieces.iter();
    let mut out: [Vec<u8>; L] = core::array::from_fn(|_| Vec::new());
    for &n in blocks {
        if let Some(piece) = pieces_left.next() {
            hash.extend(piece);
        }
        let mut bufs: [Vec<u8>; L] = core::array::from_fn(|_| vec![0x5Au8; rate * n]);
        squeeze(bufs.each_mut().map(|b| b.as_mut_slice()), &mut hash);
        for (o, b) in out.iter_mut().zip(&bufs) {
            o.extend_from_slice(b);
        }
    }
    for piece in pieces_left {
        hash.extend(piece);
    }
    let mut digest = vec![0xA5u8; out_len];
    hash.finish(&mut digest);
    let name = B::NAME;
    for lane in (0..L).filter(|&lane| Some(lane) != idle) {
        prop_assert_eq!(
            &out[lane],
            &g(&inputs[lane], out[lane].len()),
            "{} {} carrying: lane {} (input {} bytes, blocks {:?})",
            name,
            kind,
            lane,
            inputs[lane].len(),
            blocks
        );
    }
    let joined: Vec<u8> = pieces.concat();
    prop_assert_eq!(
        digest,
        h(&joined, out_len),
        "{} Carried<Shake256> beside {} (carried {}): pieces {:?}, blocks {:?}",
        name,
        kind,
        carried,
        pieces.iter().map(Vec::len).collect::<Vec<_>>(),
        blocks
    );
    Ok(())
}

/// Backend B's eight-lane SHAKE128, every lane checked, carrying beside
/// them ([`check_carrying`]).
fn check_x8_carrying<B: Backend>(
    inputs: &[Vec<u8>; 8],
    blocks: &[usize],
    pieces: &[Vec<u8>],
    out_len: usize,
    carried: bool,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(<B::Shake128x8 as XofX8>::RATE, 168);
    let mut xof = B::Shake128x8::new_x8();
    xof.absorb_x8(core::array::from_fn(|i| inputs[i].as_slice()));
    let squeeze = |out: [&mut [u8]; 8], hash: &mut Carried<B::Shake256>| {
        xof.squeeze_blocks_x8_carrying(out, hash)
    };
    check_carrying::<B, 8>(
        "Shake128x8",
        squeeze,
        inputs,
        None,
        blocks,
        pieces,
        out_len,
        carried,
    )
}

/// Backend B's four-lane SHAKE128 with lane `idle` carrying (a group of
/// three has lane 3 idle; ExpandA's refilled rows any lane), the others
/// checked ([`check_carrying`]).
fn check_x4_carrying<B: Backend>(
    inputs: &[Vec<u8>; 4],
    idle: usize,
    blocks: &[usize],
    pieces: &[Vec<u8>],
    out_len: usize,
    carried: bool,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(<B::Shake128x4 as XofX4>::RATE, 168);
    let mut xof = B::Shake128x4::new_x4();
    xof.absorb_x4(core::array::from_fn(|i| inputs[i].as_slice()));
    let squeeze = |out: [&mut [u8]; 4], hash: &mut Carried<B::Shake256>| {
        xof.squeeze_blocks_x4_carrying(out, idle, hash)
    };
    let kind = format!("Shake128x4 (lane {idle} idle)");
    check_carrying::<B, 4>(
        &kind,
        squeeze,
        inputs,
        Some(idle),
        blocks,
        pieces,
        out_len,
        carried,
    )
}

/// `fn $name<B: Backend>(args)`: backend B's `$xof` has rate `$rate`, and
/// `$check` finds it equal to the spec's `$spec`.
macro_rules! backend_xofs {
    ($(
        $name:ident: $xof:ident: $kind:ident($rate:literal, $spec:ident),
        $check:ident($($arg:ident: $ty:ty),+);
    )+) => {$(
        fn $name<B: Backend>($($arg: $ty),+) -> Result<(), TestCaseError> {
            prop_assert_eq!(<B::$xof as $kind>::RATE, $rate);
            let name = format!("{} {}", B::NAME, stringify!($xof));
            $check::<B::$xof>(&name, $spec, $($arg),+)
        }
    )+};
}

backend_xofs! {
    check_shake128: Shake128: Xof(168, g),
        check_xof(input: &[u8], cuts: &[usize], sizes: &[usize]);
    check_shake256: Shake256: Xof(136, h),
        check_xof(input: &[u8], cuts: &[usize], sizes: &[usize]);
    check_shake128x4: Shake128x4: XofX4(168, g), check_x4(inputs: &[Vec<u8>; 4], blocks: &[usize]);
    check_shake256x4: Shake256x4: XofX4(136, h), check_x4(inputs: &[Vec<u8>; 4], blocks: &[usize]);
    check_shake128x4_restart: Shake128x4: XofX4(168, g),
        check_x4_restart(inputs: &[Vec<u8>; 4], steps: &[(usize, Vec<u8>)]);
    check_shake256x4_restart: Shake256x4: XofX4(136, h),
        check_x4_restart(inputs: &[Vec<u8>; 4], steps: &[(usize, Vec<u8>)]);
}

/// Restart steps: a lane (4: none; 5: all at once) and an input shorter
/// than both rates (ExpandS's seeds are 66 bytes).
fn restart_steps() -> impl Strategy<Value = Vec<(usize, Vec<u8>)>> {
    let len = prop_oneof![0usize..136, prop::sample::select(vec![0, 1, 7, 8, 66, 135])];
    prop::collection::vec(
        (
            0usize..=5,
            len.prop_flat_map(|n| prop::collection::vec(any::<u8>(), n)),
        ),
        1..10,
    )
}

/// Input lengths around the rates, and anything up to 600 bytes.
fn input() -> impl Strategy<Value = Vec<u8>> {
    let len = prop_oneof![
        0usize..600,
        prop::sample::select(vec![
            0, 1, 34, 66, 135, 136, 137, 167, 168, 169, 271, 272, 273, 335, 336, 337
        ]),
    ];
    len.prop_flat_map(|n| prop::collection::vec(any::<u8>(), n))
}

/// Squeeze piece sizes: small, around the rates, and zero.
fn squeeze_sizes() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(
        prop_oneof![
            0usize..20,
            0usize..400,
            prop::sample::select(vec![1, 3, 7, 8, 9, 135, 136, 137, 167, 168, 169])
        ],
        0..8,
    )
}

fn four_inputs() -> impl Strategy<Value = [Vec<u8>; 4]> {
    prop_oneof![
        prop::sample::select(vec![0usize, 1, 34, 66, 135, 136, 137, 167, 168, 169]),
        0usize..400,
    ]
    .prop_flat_map(|n| {
        prop_oneof![
            3 => prop::array::uniform4(prop::collection::vec(any::<u8>(), n)),
            // Equal lanes, and lanes differing in one byte.
            1 => prop::collection::vec(any::<u8>(), n).prop_map(|v| core::array::from_fn(|i| {
                let mut v = v.clone();
                if i > 0 && !v.is_empty() {
                    v[0] ^= 1;
                }
                v
            })),
        ]
    })
}

proptest! {
    #![proptest_config(proptest_config!(512))]

    #[test]
    fn shake128_matches_spec(input in input(), cuts in prop::collection::vec(any::<usize>(), 0..6), sizes in squeeze_sizes()) {
        for_each_backend!(check_shake128(&input, &cuts, &sizes));
    }

    #[test]
    fn shake256_matches_spec(input in input(), cuts in prop::collection::vec(any::<usize>(), 0..6), sizes in squeeze_sizes()) {
        for_each_backend!(check_shake256(&input, &cuts, &sizes));
    }

    #[test]
    fn shake128x4_matches_spec(inputs in four_inputs(), blocks in prop::collection::vec(0usize..=5, 1..4)) {
        for_each_backend!(check_shake128x4(&inputs, &blocks));
    }

    #[test]
    fn shake256x4_matches_spec(inputs in four_inputs(), blocks in prop::collection::vec(0usize..=5, 1..4)) {
        for_each_backend!(check_shake256x4(&inputs, &blocks));
    }

    #[test]
    fn wide_carrying_shake256_match_spec(
        input_len in prop::sample::select(vec![0usize, 1, 34, 167, 168, 169]),
        seed in any::<u8>(),
        blocks in prop::collection::vec(0usize..=5, 1..8),
        pieces in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..700), 0..10),
        out_len in prop::sample::select(vec![0usize, 1, 32, 48, 64, 136, 200]),
        carried in any::<bool>(),
        idle in 0usize..4,
    ) {
        let inputs: [Vec<u8>; 8] =
            core::array::from_fn(|i| vec![seed.wrapping_add(i as u8); input_len]);
        for_each_backend!(check_x8_carrying(&inputs, &blocks, &pieces, out_len, carried));
        let four: [Vec<u8>; 4] = core::array::from_fn(|i| inputs[i].clone());
        for_each_backend!(check_x4_carrying(&four, idle, &blocks, &pieces, out_len, carried));
    }

    #[test]
    fn shake128x4_restarted_lanes_match_spec(inputs in four_inputs(), steps in restart_steps()) {
        for_each_backend!(check_shake128x4_restart(&inputs, &steps));
    }

    #[test]
    fn shake256x4_restarted_lanes_match_spec(inputs in four_inputs(), steps in restart_steps()) {
        for_each_backend!(check_shake256x4_restart(&inputs, &steps));
    }
}

#[test]
fn shake_edges() -> Result<(), TestCaseError> {
    for len in [0usize, 1, 7, 8, 9, 135, 136, 137, 167, 168, 169, 336, 504] {
        for fill in [0x00u8, 0xFF] {
            let input = vec![fill; len];
            for sizes in [
                vec![],
                vec![0],
                vec![1; 200],
                vec![136, 136, 1],
                vec![168, 168, 1],
                vec![1000],
            ] {
                // One piece, and one byte at a time.
                for_each_backend!(check_shake128(&input, &[], &sizes));
                for_each_backend!(check_shake256(&input, &[], &sizes));
                let cuts: Vec<usize> = (0..len).collect();
                for_each_backend!(check_shake128(&input, &cuts, &sizes));
                for_each_backend!(check_shake256(&input, &cuts, &sizes));
            }
            let inputs: [Vec<u8>; 4] = core::array::from_fn(|_| input.clone());
            for blocks in [vec![1], vec![5], vec![5, 1, 1], vec![0, 2]] {
                for_each_backend!(check_shake128x4(&inputs, &blocks));
                for_each_backend!(check_shake256x4(&inputs, &blocks));
            }
        }
    }
    // A carried hash of pk's length (ML-DSA-87: 2,592 bytes, more than the
    // carrier's buffer) given in rows of 320 bytes after rho, with ExpandA's
    // five blocks then one: every block carried, some absorbed at once.
    let pk: Vec<u8> = (0..2592u32).map(|i| (i * 7 + 3) as u8).collect();
    let rows: Vec<Vec<u8>> = core::iter::once(pk[..32].to_vec())
        .chain(pk[32..].chunks(320).map(<[u8]>::to_vec))
        .collect();
    let seeds: [Vec<u8>; 8] = core::array::from_fn(|i| vec![i as u8; 34]);
    for blocks in [vec![5, 1], vec![0; 9], vec![5; 9], vec![1; 30]] {
        for carried in [true, false] {
            for_each_backend!(check_x8_carrying(&seeds, &blocks, &rows, 64, carried));
            let four: [Vec<u8>; 4] = core::array::from_fn(|i| seeds[i].clone());
            for idle in 0..4 {
                for_each_backend!(check_x4_carrying(&four, idle, &blocks, &rows, 64, carried));
            }
        }
    }
    // The seeds the algorithms absorb: 34 bytes (ExpandA) and 66 bytes
    // (ExpandS, ExpandMask).
    for len in [34usize, 66] {
        let inputs: [Vec<u8>; 4] = core::array::from_fn(|i| vec![i as u8; len]);
        for_each_backend!(check_shake128x4(&inputs, &[5, 1, 1]));
        for_each_backend!(check_shake256x4(&inputs, &[2, 1, 5]));
    }
    Ok(())
}
