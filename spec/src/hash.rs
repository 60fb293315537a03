//! The hash functions H and G of FIPS 204 section 3.7, with their one-shot
//! form H(str, l) and the incremental Init / Absorb / Squeeze interface.
//!
//! H is SHAKE256 and G is SHAKE128; the output length l is in bytes, as in the
//! standard. The incremental functions take and return the context, as the
//! pseudocode writes `(ctx, s) <- H.Squeeze(ctx, 8)`.

//!
//! hax does not translate the `sha3` crate: this module is left out of the
//! extraction, and `fstar-extract/interfaces/Mldsa_spec.Hash.fsti` declares
//! its types and functions for F*, with the output lengths below as their
//! postconditions (assumed there, checked here on every call).

use crate::contract::checked;
use sha3::digest::{ExtendableOutput, Update, XofReader};
use sha3::{Shake128, Shake256};

/// The state of an incremental SHAKE computation (section 3.7).
///
/// It absorbs until the first Squeeze; FIPS 204 never absorbs after
/// squeezing, and neither does this crate.
#[derive(Clone)]
struct Context<X: ExtendableOutput + Clone> {
    absorbing: X,
    squeezing: Option<X::Reader>,
}

/// Context of H = SHAKE256, opaque outside this module.
#[derive(Clone)]
pub struct HContext(Context<Shake256>);
/// Context of G = SHAKE128, opaque outside this module.
#[derive(Clone)]
pub struct GContext(Context<Shake128>);

// The state is not shown: a contract failure prints the name only.
impl core::fmt::Debug for HContext {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("HContext")
    }
}

impl core::fmt::Debug for GContext {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("GContext")
    }
}

fn init<X: ExtendableOutput + Clone + Default>() -> Context<X> {
    Context {
        absorbing: X::default(),
        squeezing: None,
    }
}

fn absorb<X: ExtendableOutput + Update + Clone>(ctx: Context<X>, str: &[u8]) -> Context<X> {
    let mut absorbing = ctx.absorbing;
    absorbing.update(str);
    Context {
        absorbing,
        squeezing: ctx.squeezing,
    }
}

fn squeeze<X: ExtendableOutput + Clone>(ctx: Context<X>, l: usize) -> (Context<X>, Vec<u8>)
where
    X::Reader: Clone,
{
    let mut reader = match ctx.squeezing {
        Some(reader) => reader,
        None => ctx.absorbing.clone().finalize_xof(),
    };
    let mut out = vec![0u8; l];
    reader.read(&mut out);
    (
        Context {
            absorbing: ctx.absorbing,
            squeezing: Some(reader),
        },
        out,
    )
}

/// H.Init(): a fresh SHAKE256 context.
pub fn h_init() -> HContext {
    HContext(init())
}

/// H.Absorb(ctx, str): absorb the bytes str into ctx.
pub fn h_absorb(ctx: HContext, str: &[u8]) -> HContext {
    HContext(absorb(ctx.0, str))
}

/// H.Squeeze(ctx, l): the next l bytes of output.
#[checked]
#[hax_lib::ensures(|(_ctx, out)| out.len() == l)]
pub fn h_squeeze(ctx: HContext, l: usize) -> (HContext, Vec<u8>) {
    let (ctx, out) = squeeze(ctx.0, l);
    (HContext(ctx), out)
}

/// G.Init(): a fresh SHAKE128 context.
pub fn g_init() -> GContext {
    GContext(init())
}

/// G.Absorb(ctx, str): absorb the bytes str into ctx.
pub fn g_absorb(ctx: GContext, str: &[u8]) -> GContext {
    GContext(absorb(ctx.0, str))
}

/// G.Squeeze(ctx, l): the next l bytes of output.
#[checked]
#[hax_lib::ensures(|(_ctx, out)| out.len() == l)]
pub fn g_squeeze(ctx: GContext, l: usize) -> (GContext, Vec<u8>) {
    let (ctx, out) = squeeze(ctx.0, l);
    (GContext(ctx), out)
}

/// H(str, l) = SHAKE256(str, 8l): l bytes of SHAKE256 output on str.
#[checked]
#[hax_lib::ensures(|out| out.len() == l)]
pub fn h(str: &[u8], l: usize) -> Vec<u8> {
    let ctx = h_absorb(h_init(), str);
    let (_, out) = h_squeeze(ctx, l);
    out
}

/// G(str, l) = SHAKE128(str, 8l): l bytes of SHAKE128 output on str.
#[checked]
#[hax_lib::ensures(|out| out.len() == l)]
pub fn g(str: &[u8], l: usize) -> Vec<u8> {
    let ctx = g_absorb(g_init(), str);
    let (_, out) = g_squeeze(ctx, l);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SHAKE256("") and SHAKE128("") from the FIPS 202 example values.
    #[test]
    fn empty_string_digests() {
        assert_eq!(h(b"", 8), [0x46, 0xb9, 0xdd, 0x2b, 0x0b, 0xa8, 0x8d, 0x13]);
        assert_eq!(g(b"", 8), [0x7f, 0x9c, 0x2b, 0xa4, 0xe8, 0x8f, 0x82, 0x7d]);
    }

    /// Squeezing in pieces gives the same stream as one squeeze.
    #[test]
    fn incremental_squeeze_is_one_stream() {
        let whole = h(b"abc", 40);
        let ctx = h_absorb(h_absorb(h_init(), b"a"), b"bc");
        let (ctx, first) = h_squeeze(ctx, 8);
        let (ctx, second) = h_squeeze(ctx, 1);
        let (_, rest) = h_squeeze(ctx, 31);
        assert_eq!([first, second, rest].concat(), whole);
    }

    /// A contract failure names the context and shows none of its state.
    #[test]
    fn contexts_print_their_name_only() {
        assert_eq!(format!("{:?}", h_absorb(h_init(), b"secret")), "HContext");
        assert_eq!(format!("{:?}", g_absorb(g_init(), b"secret")), "GContext");
    }
}
