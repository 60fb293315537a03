//! ML-DSA.Verify on arbitrary (pk, sig, msg, ctx): never a panic; the typed
//! error the API promises (a wrong-length key `WrongLength`, a context over
//! 255 bytes `ContextTooLong`, anything else that fails `InvalidSignature`);
//! the message streamed through `MuBuilder` gives the same decision, and so
//! does Verify_internal on every backend this CPU runs.
//!
//! Input: parameter set, pk, sig and ctx as length-prefixed fields, then
//! the message.

use crate::{Input, assert_all, on_every_backend, prehash, verify_on, with_params};
use mldsa::{Error, MuBuilder, ParameterSet, Signature, VerifyingKey};

fn check<P: ParameterSet>(sel: u8, pk: &[u8], sig: &[u8], ctx: &[u8], msg: &[u8]) {
    assert_eq!(
        Signature::<P>::try_from(sig).is_ok(),
        sig.len() == P::SIG_LEN
    );
    let vk = match VerifyingKey::<P>::try_from(pk) {
        Ok(vk) => vk,
        Err(e) => {
            assert_eq!(e, Error::WrongLength);
            assert_ne!(pk.len(), P::PK_LEN);
            return;
        }
    };
    let decision = vk.verify_with_context(msg, sig, ctx);
    let (ph, _) = prehash(sel / 3);
    let prehashed = vk.verify_prehashed(ph, msg, sig, ctx);
    if ctx.len() > 255 {
        assert_eq!(decision, Err(Error::ContextTooLong));
        assert_eq!(prehashed, Err(Error::ContextTooLong));
        assert_eq!(MuBuilder::new(&vk, ctx).err(), Some(Error::ContextTooLong));
        return;
    }
    assert!(matches!(decision, Ok(()) | Err(Error::InvalidSignature)));
    assert!(matches!(prehashed, Ok(()) | Err(Error::InvalidSignature)));
    // The same message in two pieces through MuBuilder.
    let cut = (sel as usize * 31) % (msg.len() + 1);
    let mut builder = MuBuilder::new(&vk, ctx).unwrap();
    builder.update(&msg[..cut]).update(&msg[cut..]);
    let mu = builder.finalize();
    assert_eq!(vk.verify_mu(&mu, sig), decision, "{}: verify_mu", P::NAME);
    let per_backend = on_every_backend!(verify_on::<P>(pk, &mu.0, sig));
    assert_all("Verify_internal", P::NAME, &per_backend, &decision.is_ok());
}

/// One fuzz input.
pub fn run(data: &[u8]) {
    let mut input = Input::new(data);
    let sel = input.byte();
    let pk = input.field();
    let sig = input.field();
    let ctx = input.field();
    let msg = input.rest();
    with_params!(sel, P => check::<P>(sel, pk, sig, ctx, msg));
}
