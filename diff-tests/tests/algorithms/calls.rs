//! The impl's generic algorithm functions behind `#[inline(never)]`
//! wrappers: every one of them is `#[inline(always)]`, so without these each
//! call site of a check would get its own copy of a whole algorithm, and the
//! test binary would take far longer to compile. One instance per parameter
//! set and backend instead.

use mldsa::algorithms::encodings::{self, SkParts};
use mldsa::algorithms::sampling::{self, Challenge, MaskStream};
use mldsa::algorithms::{
    self, ExpandedSigningKey, ExpandedVerifyingKey, PrecomputedParts, Streamed, Whole,
};
use mldsa::backend::Backend;
use mldsa::params::{ParameterSet, PolyMatrix, PolyVec};
use mldsa::poly::Poly;

/// An `#[inline(never)]` function for each impl function, of the same name
/// and signature, that calls it.
macro_rules! out_of_line {
    ($($module:ident::$name:ident<$($g:ident: $bound:ident),*>($($arg:ident: $ty:ty),*) $(-> $ret:ty)?;)*) => {$(
        #[inline(never)]
        pub fn $name<$($g: $bound),*>($($arg: $ty),*) $(-> $ret)? {
            $module::$name::<$($g),*>($($arg),*)
        }
    )*};
}

out_of_line! {
    algorithms::expand_a<P: ParameterSet, B: Backend>(rho: &[u8; 32], a_hat: &mut P::Matrix);
    sampling::expand_s<P: ParameterSet, B: Backend>(rho_prime: &[u8; 64], s1: &mut P::VecL, s2: &mut P::VecK);
    encodings::pk_encode<P: ParameterSet, B: Backend>(rho: &[u8; 32], t1: &P::VecK, pk: &mut [u8]);
    encodings::pk_decode<P: ParameterSet>(pk: &[u8], rho: &mut [u8; 32], t1: &mut P::VecK);
    encodings::sk_encode<P: ParameterSet, B: Backend>(parts: &SkParts<'_, P>, sk: &mut [u8]);
    encodings::w1_encode<P: ParameterSet, B: Backend>(w1: &P::VecK, out: &mut [u8]);
    algorithms::verify_internal<P: ParameterSet, B: Backend>(vk: &ExpandedVerifyingKey<P>, mu: &[u8; 64], sig: &[u8]) -> bool;
}

#[inline(never)]
pub fn expand_mask<P: ParameterSet, B: Backend>(rho_pp: &[u8; 64], kappa: u16, y: &mut P::VecL) {
    sampling::expand_mask::<P, B>(&mut MaskStream::new(), rho_pp, kappa, y)
}

/// ExpandMask for each kappa of `kappas` in turn, on one stream (as
/// Sign_internal's loop calls it), into `ys`.
#[inline(never)]
pub fn expand_mask_stream<P: ParameterSet, B: Backend>(
    rho_pp: &[u8; 64],
    kappas: &[u16],
    ys: &mut [P::VecL],
) {
    let mut stream = MaskStream::new();
    for (&kappa, y) in kappas.iter().zip(ys) {
        sampling::expand_mask::<P, B>(&mut stream, rho_pp, kappa, y);
    }
}

#[inline(never)]
pub fn sample_in_ball<P: ParameterSet, B: Backend>(c_tilde: &[u8], c: &mut Poly) {
    sampling::sample_in_ball::<P, B>(c_tilde, c, Challenge::Secret)
}

#[inline(never)]
pub fn sample_in_ball_public<P: ParameterSet, B: Backend>(c_tilde: &[u8], c: &mut Poly) {
    sampling::sample_in_ball::<P, B>(c_tilde, c, Challenge::Public)
}

/// skDecode's outputs.
pub struct SkDecoded<P: ParameterSet> {
    pub rho: [u8; 32],
    pub k: [u8; 32],
    pub tr: [u8; 64],
    pub s1: P::VecL,
    pub s2: P::VecK,
    pub t0: P::VecK,
}

#[inline(never)]
pub fn sk_decode<P: ParameterSet, B: Backend>(
    sk: &[u8],
) -> (SkDecoded<P>, Result<(), mldsa::Error>) {
    let mut d = SkDecoded::<P> {
        rho: [0; 32],
        k: [0; 32],
        tr: [0; 64],
        s1: P::VecL::zeroed(),
        s2: P::VecK::zeroed(),
        t0: P::VecK::zeroed(),
    };
    let r = encodings::sk_decode::<P, B>(
        sk, &mut d.rho, &mut d.k, &mut d.tr, &mut d.s1, &mut d.s2, &mut d.t0,
    );
    (d, r)
}

// sigEncode and sigDecode are `#[inline(never)]` already.
pub use encodings::{sig_decode, sig_encode};

#[inline(never)]
pub fn key_gen_internal<P: ParameterSet, B: Backend>(
    xi: &[u8; 32],
) -> (ExpandedVerifyingKey<P>, ExpandedSigningKey<P>) {
    let mut vk = ExpandedVerifyingKey::zeroed();
    let mut sk = ExpandedSigningKey::zeroed();
    let (mut s1, mut s2) = (P::VecL::zeroed(), P::VecK::zeroed());
    let rows = &mut Streamed::<P, B>::new();
    algorithms::key_gen_internal::<P, B>(xi, rows, &mut s1, &mut s2, &mut vk, &mut sk);
    (vk, sk)
}

#[inline(never)]
pub fn sign_internal<P: ParameterSet, B: Backend>(
    sk: &ExpandedSigningKey<P>,
    mu: &[u8; 64],
    rnd: &[u8; 32],
    sig: &mut P::SigBytes,
) {
    let mut a_hat = P::Matrix::zeroed();
    algorithms::expand_a::<P, B>(sk.rho(), &mut a_hat);
    algorithms::sign_internal::<P, B>(sk, &a_hat, mu, rnd, sig)
}

#[inline(never)]
pub fn key_gen_internal_precomputed<P: ParameterSet, B: Backend>(
    xi: &[u8; 32],
) -> (
    ExpandedVerifyingKey<P>,
    ExpandedSigningKey<P>,
    PrecomputedParts<P>,
) {
    let mut vk = ExpandedVerifyingKey::zeroed();
    let mut sk = ExpandedSigningKey::zeroed();
    let mut pre = PrecomputedParts::zeroed();
    let (mut s1, mut s2) = (P::VecL::zeroed(), P::VecK::zeroed());
    let a_hat = &mut Whole(pre.a_hat_mut());
    algorithms::key_gen_internal::<P, B>(xi, a_hat, &mut s1, &mut s2, &mut vk, &mut sk);
    (vk, sk, pre)
}

#[inline(never)]
pub fn precompute<P: ParameterSet, B: Backend>(sk: &ExpandedSigningKey<P>) -> PrecomputedParts<P> {
    let mut pre = PrecomputedParts::zeroed();
    pre.precompute::<B>(sk);
    pre
}

#[inline(never)]
pub fn sign_internal_precomputed<P: ParameterSet, B: Backend>(
    sk: &ExpandedSigningKey<P>,
    pre: &PrecomputedParts<P>,
    mu: &[u8; 64],
    rnd: &[u8; 32],
    sig: &mut P::SigBytes,
) {
    algorithms::sign_internal::<P, B>(sk, pre.a_hat(), mu, rnd, sig)
}

#[inline(never)]
pub fn decode_verifying_key<P: ParameterSet, B: Backend>(
    pk: &[u8],
) -> Result<ExpandedVerifyingKey<P>, mldsa::Error> {
    let mut vk = ExpandedVerifyingKey::<P>::zeroed();
    vk.decode_from::<B>(pk)?;
    Ok(vk)
}

/// The validated import of an expanded key: the key and its public key.
#[inline(never)]
pub fn import_signing_key<P: ParameterSet, B: Backend>(
    sk: &[u8],
) -> Result<(ExpandedSigningKey<P>, ExpandedVerifyingKey<P>), mldsa::Error> {
    let mut key = ExpandedSigningKey::<P>::zeroed();
    let mut vk = ExpandedVerifyingKey::<P>::zeroed();
    algorithms::import_signing_key::<P, B>(sk, &mut key, &mut vk)?;
    Ok((key, vk))
}

#[inline(never)]
pub fn encode_signing_key<P: ParameterSet>(sk: &ExpandedSigningKey<P>) -> Vec<u8> {
    sk.encoded().as_ref().to_vec()
}

/// mu = H(tr || pieces, 64) with the backend's MuHasher.
#[inline(never)]
pub fn mu_hasher<B: Backend>(tr: &[u8; 64], pieces: &[&[u8]]) -> [u8; 64] {
    let mut hasher = algorithms::MuHasher::<B>::new(tr);
    for piece in pieces {
        hasher.update(piece);
    }
    hasher.finalize()
}
