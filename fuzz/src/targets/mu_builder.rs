//! External mu (`MuBuilder`) on arbitrary tr, context and message pieces:
//! a context over 255 bytes is `ContextTooLong`; otherwise mu equals the
//! spec's H(tr || 0 || |ctx| || ctx || M, 64) however the message is cut,
//! and so does every backend's incremental `MuHasher` fed the same pieces.
//! `Mu::try_from` takes exactly 64 bytes.
//!
//! Input: tr (64 bytes), ctx as a length-prefixed field, a count n and n
//! cut points (u16), then the message.

use crate::{Input, assert_all};
use mldsa::algorithms::MuHasher;
use mldsa::backend::Backend;
use mldsa::{Error, Mu, MuBuilder};

fn mu_on<B: Backend>(tr: &[u8; 64], prefix: &[u8], pieces: &[&[u8]]) -> [u8; 64] {
    let mut hasher = MuHasher::<B>::new(tr);
    hasher.update(prefix);
    for piece in pieces {
        hasher.update(piece);
    }
    hasher.finalize()
}

/// One fuzz input.
pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    let mut tr = [0u8; 64];
    let head = input.bytes(64);
    tr[..head.len()].copy_from_slice(head);
    let ctx = input.field();
    let n = input.byte() % 8;
    let mut cuts: Vec<usize> = (0..n).map(|_| input.u16() as usize).collect();
    let msg = input.rest();
    assert_eq!(Mu::try_from(msg).is_ok(), msg.len() == 64);
    let builder = MuBuilder::from_tr(&tr, ctx);
    if ctx.len() > 255 {
        assert_eq!(builder.err(), Some(Error::ContextTooLong));
        return;
    }
    let mut builder = builder.unwrap();
    for c in cuts.iter_mut() {
        *c %= msg.len() + 1;
    }
    cuts.sort_unstable();
    cuts.push(msg.len());
    let mut start = 0;
    let pieces: Vec<&[u8]> = cuts
        .iter()
        .map(|&end| {
            let piece = &msg[start..end];
            start = end;
            piece
        })
        .collect();
    for piece in &pieces {
        builder.update(piece);
    }
    let mu = builder.finalize();
    let mut m = tr.to_vec();
    m.extend_from_slice(&mldsa_spec::ml_dsa::format_message(0, ctx, msg));
    let expected = mldsa_spec::hash::h(&m, 64);
    assert_eq!(&mu.0[..], &expected[..], "MuBuilder");
    let prefix = [&[0u8, ctx.len() as u8][..], ctx].concat();
    let per_backend = crate::on_every_backend!(mu_on(&tr, &prefix, &pieces));
    assert_all("MuHasher", "mu", &per_backend, &mu.0);
}
