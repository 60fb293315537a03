//! The key types (FIPS 204's sk, kept encoded; what a precomputed key adds;
//! pk, decoded), pkEncode / pkDecode, and the validated import of an
//! expanded signing key.

use zeroize::Zeroize;

use super::encodings::{SkLayout, pack_t1_row, t1_row, unpack_eta, unpack_t0};
use super::expand_a::{MatrixSource, Streamed, expand_a};
use super::hash::h_shake256;
use super::ntt_vec;
use crate::backend::keccak::Carried;
use crate::backend::{Backend, Xof};
use crate::error::Error;
use crate::params::{ByteArray, ParameterSet, PolyMatrix, PolyVec};
pub use crate::params::{ExpandedSigningKey, ExpandedVerifyingKey, PrecomputedParts};
use crate::poly::Poly;

/// One of the two secret vectors of sk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SecretVector {
    /// s1, l polynomials.
    S1,
    /// s2, k polynomials.
    S2,
}

impl<P: ParameterSet> ExpandedSigningKey<P> {
    /// All zero, to be filled in place.
    pub fn zeroed() -> Self {
        ExpandedSigningKey {
            bytes: P::SkBytes::zeroed(),
        }
    }

    /// skEncode's output, as kept.
    pub fn encoded(&self) -> &P::SkBytes {
        &self.bytes
    }

    /// rho.
    #[inline(always)]
    pub fn rho(&self) -> &[u8; 32] {
        self.bytes.as_ref()[..32].try_into().unwrap_or(&[0; 32])
    }

    /// K.
    #[inline(always)]
    pub(crate) fn k(&self) -> &[u8; 32] {
        self.bytes.as_ref()[32..64].try_into().unwrap_or(&[0; 32])
    }

    /// s1 and s2, unpacked (in range: the key was generated or validated).
    #[inline(always)]
    pub(crate) fn unpack_s<B: Backend>(&self, s1: &mut P::VecL, s2: &mut P::VecK) {
        for (i, p) in s1.as_mut().iter_mut().enumerate() {
            self.unpack_s_i::<B>(SecretVector::S1, i, p);
        }
        for (i, p) in s2.as_mut().iter_mut().enumerate() {
            self.unpack_s_i::<B>(SecretVector::S2, i, p);
        }
    }

    /// `s1[i]` or `s2[i]`, unpacked.
    #[inline(always)]
    pub(crate) fn unpack_s_i<B: Backend>(&self, which: SecretVector, i: usize, p: &mut Poly) {
        let sk = self.bytes.as_ref();
        let bytes = match which {
            SecretVector::S1 => SkLayout::<P>::s1(sk, i),
            SecretVector::S2 => SkLayout::<P>::s2(sk, i),
        };
        unpack_eta::<P, B>(p, bytes);
    }

    /// `t0[i]`, unpacked.
    #[inline(always)]
    pub(crate) fn unpack_t0<B: Backend>(&self, i: usize, t0: &mut Poly) {
        unpack_t0::<B>(t0, SkLayout::<P>::t0(self.bytes.as_ref(), i));
    }
}

impl<P: ParameterSet> ExpandedSigningKey<P> {
    /// Zeroizes the key.
    pub fn wipe(&mut self) {
        // As a slice: zeroize's array impl writes byte by byte.
        self.bytes.as_mut().zeroize();
    }
}

impl<P: ParameterSet> PrecomputedParts<P> {
    /// All zero, to be filled in place.
    pub fn zeroed() -> Self {
        PrecomputedParts {
            a_hat: P::Matrix::zeroed(),
        }
    }

    /// A_hat.
    #[cfg(feature = "internals")]
    pub fn a_hat(&self) -> &P::Matrix {
        &self.a_hat
    }

    /// A_hat, to be filled.
    #[cfg(feature = "internals")]
    pub fn a_hat_mut(&mut self) -> &mut P::Matrix {
        &mut self.a_hat
    }

    /// Fills the parts from `sk`: expands A_hat.
    #[inline(always)]
    pub fn precompute<B: Backend>(&mut self, sk: &ExpandedSigningKey<P>) {
        expand_a::<P, B>(sk.rho(), &mut self.a_hat);
    }
}

/// Imports an expanded signing key, validated, into `sk` and its public key
/// into `vk`: skDecode with the
/// range check (s1, s2 in [-eta, eta]), then t = A_hat s1 + s2 recomputed
/// row by row, its low part checked against t0 and tr against the hash of
/// the public key it gives. On an error `sk` holds a copy of `bytes`: the
/// caller drops (zeroizes) it.
#[inline(always)]
pub fn import_signing_key<P: ParameterSet, B: Backend>(
    bytes: &[u8],
    sk: &mut ExpandedSigningKey<P>,
    vk: &mut ExpandedVerifyingKey<P>,
) -> Result<(), Error> {
    if bytes.len() != P::SK_LEN {
        return Err(Error::WrongLength);
    }
    sk.bytes.as_mut().copy_from_slice(bytes);
    let mut s1_hat = P::VecL::zeroed();
    let mut scratch = [Poly::ZERO, Poly::ZERO, Poly::ZERO];
    let result = import_with::<P, B>(sk, vk, &mut s1_hat, &mut Streamed::new(), &mut scratch);
    s1_hat.zeroize();
    scratch.zeroize();
    result
}

/// The checks of the import, `sk` holding the bytes: s1 unpacked into
/// `s1_hat` and NTT'd there; each row's s2, t0 and t1 in `scratch`.
#[inline(never)]
fn import_with<P: ParameterSet, B: Backend>(
    sk: &ExpandedSigningKey<P>,
    vk: &mut ExpandedVerifyingKey<P>,
    s1_hat: &mut P::VecL,
    rows: &mut impl MatrixSource<P, B>,
    scratch: &mut [Poly; 3],
) -> Result<(), Error> {
    let bytes = sk.bytes.as_ref();
    let mut out_of_range = 0i32;
    // s1 and s2 through the scalar unpacker, which keeps this one-off
    // operation's frame small (the crate docs' stack table).
    for (i, p) in s1_hat.as_mut().iter_mut().enumerate() {
        out_of_range |= B::unpack_eta_scalar::<P::Eta>(p, SkLayout::<P>::s1(bytes, i));
    }
    ntt_vec::<P::VecL, B>(s1_hat);
    let rho = sk.rho();
    vk.set_rho(rho);
    // tr = H(pk), absorbed as pk is made: rho, then each row of t1.
    let mut tr = rows.tr_hasher();
    tr.extend(rho);
    let mut diff = 0;
    for i in 0..P::K {
        // s2_i (then the key's t0_i), and the t1_i, t0_i that (rho, s1, s2)
        // give.
        let [held, t1_i, t0_i] = scratch;
        out_of_range |= B::unpack_eta_scalar::<P::Eta>(held, SkLayout::<P>::s2(bytes, i));
        let row = rows.row(rho, i, &mut tr);
        t_row::<P, B>(row, s1_hat, held, t1_i, t0_i);
        vk.set_t1::<B>(i, t1_i);
        tr.extend(vk.t1_bytes(i));
        sk.unpack_t0::<B>(i, held);
        for (a, b) in t0_i.coeffs.iter().zip(held.coeffs.iter()) {
            diff |= a ^ b;
        }
    }
    vk.set_tr(tr);
    let mut tr_diff = 0u8;
    for (a, b) in vk.tr.iter().zip(&bytes[64..128]) {
        tr_diff |= a ^ b;
    }
    // Constant-time check: whether the key is refused is public (the
    // caller's result); once accepted, its public key (rho, t1, pk and tr)
    // is public too.
    if crate::ct::public((out_of_range != 0) | (diff != 0) | (tr_diff != 0)) {
        Err(Error::MalformedKey)
    } else {
        crate::ct::public_mem(vk);
        Ok(())
    }
}

impl<P: ParameterSet> ExpandedVerifyingKey<P> {
    /// All zero, to be filled in place.
    pub fn zeroed() -> Self {
        ExpandedVerifyingKey {
            encoded: P::PkBytes::zeroed(),
            tr: [0; 64],
        }
    }

    /// rho.
    #[inline(always)]
    pub(crate) fn rho(&self) -> &[u8; 32] {
        self.encoded.as_ref()[..32].try_into().unwrap_or(&[0; 32])
    }

    /// `t1[i]` 2^d.
    #[inline(always)]
    pub(crate) fn t1_shifted<B: Backend>(&self, i: usize, a: &mut Poly) {
        B::unpack_t1_shifted(a, &self.encoded.as_ref()[t1_row(i)]);
    }

    /// pkEncode's row i: `t1[i]` into pk.
    #[inline(always)]
    pub(crate) fn set_t1<B: Backend>(&mut self, i: usize, t1_i: &Poly) {
        pack_t1_row::<B>(self.encoded.as_mut(), i, t1_i);
    }

    /// rho into pk.
    #[inline(always)]
    pub(crate) fn set_rho(&mut self, rho: &[u8; 32]) {
        self.encoded.as_mut()[..32].copy_from_slice(rho);
    }

    /// tr = H(pk, 64), pk complete.
    #[inline(always)]
    pub(crate) fn hash<B: Backend>(&mut self) {
        self.tr = h_shake256::<B, 64>(&[self.encoded.as_ref()]);
    }

    /// pk's row i, `t1[i]` packed (after [`Self::set_t1`]).
    #[inline(always)]
    pub(crate) fn t1_bytes(&self, i: usize) -> &[u8] {
        &self.encoded.as_ref()[t1_row(i)]
    }

    /// tr = H(pk, 64) from a hash that absorbed pk as it was made
    /// ([`Carried`], each row's whole blocks permuted beside the next
    /// rows' ExpandA).
    #[inline(always)]
    pub(crate) fn set_tr<X: Xof>(&mut self, hash: Carried<X>) {
        hash.finish(&mut self.tr);
    }

    /// pkDecode (Algorithm 23) and tr = H(pk, 64) into this key. Every byte
    /// string of the right length is a public key.
    #[inline(always)]
    pub fn decode_from<B: Backend>(&mut self, pk: &[u8]) -> Result<(), Error> {
        if pk.len() != P::PK_LEN {
            return Err(Error::WrongLength);
        }
        self.encoded.as_mut().copy_from_slice(pk);
        self.hash::<B>();
        Ok(())
    }

    /// The encoded public key.
    pub fn encoded(&self) -> &P::PkBytes {
        &self.encoded
    }

    /// tr = H(pk, 64).
    pub fn tr(&self) -> &[u8; 64] {
        &self.tr
    }
}

/// Row i of t = NTT^-1(A_hat o NTT(s1)) + s2 (KeyGen_internal's line 6,
/// `s1_hat` given) split by Power2Round into (t1_i, t0_i) (line 7): t is
/// made in t0_i, which the caller zeroizes. Key generation and the key
/// import's check both make t so.
#[inline(always)]
pub(crate) fn t_row<P: ParameterSet, B: Backend>(
    row: &P::VecL,
    s1_hat: &P::VecL,
    s2_i: &Poly,
    t1_i: &mut Poly,
    t0_i: &mut Poly,
) {
    B::pointwise_acc_montgomery(t0_i, row.as_ref(), s1_hat.as_ref());
    B::invntt_tomont(t0_i);
    B::add_power2round(t1_i, t0_i, s2_i);
}
