//! The three parameter sets of FIPS 204 (Tables 1 and 2) as types, so that
//! every array size is known at compile time and the algorithms are written
//! once, generic over [`ParameterSet`].

use crate::error::Error;
use crate::poly::Poly;

/// q = 8380417.
pub const Q: i32 = 8380417;
/// d = 13 dropped bits of t.
pub const D: u32 = 13;
pub use crate::poly::N;

/// A fixed-size byte array, `[u8; LEN]`, usable where the length comes from a
/// parameter set.
pub trait ByteArray:
    AsRef<[u8]> + AsMut<[u8]> + Clone + Copy + core::fmt::Debug + Eq + zeroize::Zeroize + Send + Sync
{
    /// The length in bytes.
    const LEN: usize;
    /// All zero bytes.
    fn zeroed() -> Self;
}

impl<const LEN: usize> ByteArray for [u8; LEN] {
    const LEN: usize = LEN;
    fn zeroed() -> Self {
        [0u8; LEN]
    }
}

/// A vector of polynomials, `[Poly; LEN]` (internal: the algorithms' working type).
#[cfg_attr(not(feature = "internals"), doc(hidden))]
pub trait PolyVec: AsRef<[Poly]> + AsMut<[Poly]> + Clone + zeroize::Zeroize + Send + Sync {
    /// The number of polynomials.
    const LEN: usize;
    /// All polynomials zero.
    fn zeroed() -> Self;
}

impl<const LEN: usize> PolyVec for [Poly; LEN] {
    const LEN: usize = LEN;
    fn zeroed() -> Self {
        [Poly::ZERO; LEN]
    }
}

/// A k x l matrix of polynomials, `[[Poly; L]; K]` (internal).
#[cfg_attr(not(feature = "internals"), doc(hidden))]
pub trait PolyMatrix<VecL: PolyVec>: AsRef<[VecL]> + AsMut<[VecL]> + Clone + Send + Sync {
    /// All entries zero.
    fn zeroed() -> Self;
}

impl<const K: usize, const L: usize> PolyMatrix<[Poly; L]> for [[Poly; L]; K] {
    fn zeroed() -> Self {
        core::array::from_fn(|_| [Poly::ZERO; L])
    }
}

/// `bitlen(x)`: the number of bits of x > 0 (FIPS 204 section 2.3).
const fn bitlen(x: i32) -> usize {
    (i32::BITS - x.leading_zeros()) as usize
}

mod sealed {
    /// Only this crate's types implement the parameter traits: no other value
    /// of gamma1, gamma2 or eta can reach a kernel, and `ParameterSet` is
    /// FIPS 204's three sets and nothing else.
    pub trait Sealed {}
}

/// Uninhabited types, sealed: values at the type level only.
macro_rules! sealed_marker {
    ($($(#[$doc:meta])* $ty:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $ty {}
        impl sealed::Sealed for $ty {}
    )*};
}

/// A parameter's values (FIPS 204 Table 1): the enum `$kind` of them, and
/// each as a `sealed_marker!` type implementing `$trait` with `KIND` = the
/// value.
macro_rules! parameter_values {
    ($(#[$kind_doc:meta])* $trait:ident: $kind:ident {
        $($(#[$doc:meta])* $value:ident => $ty:ident,)*
    }) => {
        $(#[$kind_doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $kind {
            $($(#[$doc])* $value,)*
        }
        $(
            sealed_marker! {
                $(#[$doc])*
                $ty;
            }
            impl $trait for $ty {
                const KIND: $kind = $kind::$value;
            }
        )*
    };
}

parameter_values! {
    /// The two values FIPS 204 allows for gamma2 (Table 1).
    Gamma2: Gamma2Kind {
        /// gamma2 = (q-1)/88 (ML-DSA-44): 44 high parts, w1 in 6 bits.
        Q88 => Gamma2Q88,
        /// gamma2 = (q-1)/32 (ML-DSA-65, ML-DSA-87): 16 high parts, w1 in 4 bits.
        Q32 => Gamma2Q32,
    }
}

/// gamma2, the low-order rounding range, as a type: the rounding kernels
/// (Decompose, MakeHint, UseHint, w1's packing) are chosen at compile time
/// by [`Gamma2::KIND`], and only [`Gamma2Q88`] and [`Gamma2Q32`] implement
/// it, so another value does not compile:
///
/// ```compile_fail,E0277
/// use mldsa::params::Gamma2;
/// enum Gamma2Other {}
/// impl Gamma2 for Gamma2Other { // sealed: the trait cannot be implemented
///     const KIND: mldsa::params::Gamma2Kind = mldsa::params::Gamma2Kind::Q32;
/// }
/// ```
///
/// ```
/// use mldsa::params::{Gamma2, Gamma2Q32, Gamma2Q88};
/// assert_eq!((Gamma2Q88::GAMMA2, Gamma2Q88::M, Gamma2Q88::W1_BITS), (95232, 44, 6));
/// assert_eq!((Gamma2Q32::GAMMA2, Gamma2Q32::M, Gamma2Q32::W1_BITS), (261888, 16, 4));
/// ```
pub trait Gamma2: sealed::Sealed + 'static {
    /// Which of the two values: the one definition the others follow from.
    const KIND: Gamma2Kind;
    /// gamma2.
    const GAMMA2: i32 = match Self::KIND {
        Gamma2Kind::Q88 => (Q - 1) / 88,
        Gamma2Kind::Q32 => (Q - 1) / 32,
    };
    /// m = (q-1)/(2 gamma2), the number of high parts (44 or 16).
    const M: i32 = (Q - 1) / (2 * Self::GAMMA2);
    /// Bits per coefficient of w1: bitlen(m - 1) (Algorithm 28).
    const W1_BITS: usize = bitlen(Self::M - 1);
}

parameter_values! {
    /// The two values FIPS 204 allows for gamma1 (Table 1).
    Gamma1: Gamma1Kind {
        /// gamma1 = 2^17 (ML-DSA-44): z in 18 bits.
        Pow17 => Gamma1Pow17,
        /// gamma1 = 2^19 (ML-DSA-65, ML-DSA-87): z in 20 bits.
        Pow19 => Gamma1Pow19,
    }
}

/// gamma1, the coefficient range of y, as a type (2^17 or 2^19): the z
/// packers take their width from it at compile time.
///
/// ```
/// use mldsa::params::{Gamma1, Gamma1Pow17, Gamma1Pow19};
/// assert_eq!((Gamma1Pow17::GAMMA1, Gamma1Pow17::BITS), (1 << 17, 18));
/// assert_eq!((Gamma1Pow19::GAMMA1, Gamma1Pow19::BITS), (1 << 19, 20));
/// ```
pub trait Gamma1: sealed::Sealed + 'static {
    /// Which of the two values: the one definition the others follow from.
    const KIND: Gamma1Kind;
    /// gamma1.
    const GAMMA1: i32 = match Self::KIND {
        Gamma1Kind::Pow17 => 1 << 17,
        Gamma1Kind::Pow19 => 1 << 19,
    };
    /// Bits per coefficient of z: 1 + bitlen(gamma1 - 1) (Algorithm 26).
    const BITS: usize = 1 + bitlen(Self::GAMMA1 - 1);
}

parameter_values! {
    /// The two values FIPS 204 allows for eta (Table 1).
    Eta: EtaKind {
        /// eta = 2 (ML-DSA-44, ML-DSA-87).
        Two => Eta2,
        /// eta = 4 (ML-DSA-65).
        Four => Eta4,
    }
}

/// eta, the private key range, as a type: RejBoundedPoly's acceptance rule
/// and the s1 / s2 packing are chosen at compile time by [`Eta::KIND`].
///
/// ```
/// use mldsa::params::{Eta, Eta2, Eta4};
/// assert_eq!((Eta2::ETA, Eta2::BITS), (2, 3));
/// assert_eq!((Eta4::ETA, Eta4::BITS), (4, 4));
/// ```
pub trait Eta: sealed::Sealed + 'static {
    /// Which of the two values: the one definition the others follow from.
    const KIND: EtaKind;
    /// eta.
    const ETA: i32 = match Self::KIND {
        EtaKind::Two => 2,
        EtaKind::Four => 4,
    };
    /// Bits per coefficient of s1 and s2: bitlen(2 eta) (Algorithm 24).
    const BITS: usize = bitlen(2 * Self::ETA);
}

/// One ML-DSA parameter set (FIPS 204 Table 1) with its sizes (Table 2).
/// Sealed: [`MlDsa44`], [`MlDsa65`] and [`MlDsa87`] are the only ones.
///
/// ```compile_fail,E0277
/// use mldsa::{MlDsa44, ParameterSet};
/// enum MlDsa99 {}
/// impl ParameterSet for MlDsa99 { // sealed: another set cannot be made
///     const NAME: &'static str = "ML-DSA-99";
///     # const K: usize = 4; const L: usize = 4; const TAU: usize = 39; const LAMBDA: usize = 128;
///     # const BETA: i32 = 78; const OMEGA: usize = 80; const PK_LEN: usize = 1312;
///     # const SK_LEN: usize = 2560; const SIG_LEN: usize = 2420;
///     # type Eta = <MlDsa44 as ParameterSet>::Eta; type Gamma1 = <MlDsa44 as ParameterSet>::Gamma1;
///     # type Gamma2 = <MlDsa44 as ParameterSet>::Gamma2; type VecK = <MlDsa44 as ParameterSet>::VecK;
///     # type VecL = <MlDsa44 as ParameterSet>::VecL; type Matrix = <MlDsa44 as ParameterSet>::Matrix;
///     # type PkBytes = [u8; 1312]; type SkBytes = [u8; 2560]; type SigBytes = [u8; 2420];
/// }
/// ```
///
/// ```
/// use mldsa::{Error, MlDsa44, MlDsa65, MlDsa87, ParameterSet, SigningKey, VerifyingKey};
/// // Code written once for all three parameter sets.
/// fn round_trip<P: ParameterSet>(seed: &[u8; 32]) -> Result<(), Error> {
///     let sk = SigningKey::<P>::from_seed(seed);
///     let vk = VerifyingKey::<P>::try_from(sk.verifying_key().as_bytes())?;
///     let sig = sk.sign_deterministic(b"message", b"")?;
///     vk.verify_with_context(b"message", sig.as_ref(), b"")
/// }
/// round_trip::<MlDsa44>(&[7u8; 32])?;
/// round_trip::<MlDsa87>(&[7u8; 32])?;
/// assert_eq!((MlDsa65::K, MlDsa65::L, MlDsa65::ETA), (6, 5, 4));
/// # Ok::<(), mldsa::Error>(())
/// ```
pub trait ParameterSet: sealed::Sealed + Operations + 'static + Sized {
    /// "ML-DSA-44", "ML-DSA-65" or "ML-DSA-87".
    const NAME: &'static str;
    /// Rows of A.
    const K: usize;
    /// Columns of A.
    const L: usize;
    /// Private key range eta.
    type Eta: Eta;
    /// Number of +-1 coefficients of the challenge.
    const TAU: usize;
    /// Collision strength lambda of c~ (c~ has lambda/4 bytes).
    const LAMBDA: usize;
    /// Coefficient range of y.
    type Gamma1: Gamma1;
    /// Low-order rounding range.
    type Gamma2: Gamma2;
    /// tau * eta.
    const BETA: i32;
    /// Maximum number of 1's in the hint.
    const OMEGA: usize;
    /// Public key bytes.
    const PK_LEN: usize;
    /// Expanded private key bytes.
    const SK_LEN: usize;
    /// Signature bytes.
    const SIG_LEN: usize;

    /// A vector of K polynomials.
    #[cfg_attr(not(feature = "internals"), doc(hidden))]
    type VecK: PolyVec;
    /// A vector of L polynomials.
    #[cfg_attr(not(feature = "internals"), doc(hidden))]
    type VecL: PolyVec;
    /// The K x L matrix A.
    #[cfg_attr(not(feature = "internals"), doc(hidden))]
    type Matrix: PolyMatrix<Self::VecL>;
    /// The encoded public key.
    type PkBytes: ByteArray;
    /// The encoded expanded private key.
    type SkBytes: ByteArray;
    /// The encoded signature.
    type SigBytes: ByteArray;

    /// eta, from [`Self::Eta`].
    const ETA: i32 = <Self::Eta as Eta>::ETA;
    /// gamma1, from [`Self::Gamma1`].
    const GAMMA1: i32 = <Self::Gamma1 as Gamma1>::GAMMA1;
    /// gamma2, from [`Self::Gamma2`].
    const GAMMA2: i32 = <Self::Gamma2 as Gamma2>::GAMMA2;
    /// Bits per coefficient of s1, s2: bitlen(2 eta).
    const ETA_BITS: usize = <Self::Eta as Eta>::BITS;
    /// Bits per coefficient of z: 1 + bitlen(gamma1 - 1).
    const GAMMA1_BITS: usize = <Self::Gamma1 as Gamma1>::BITS;
    /// Bits per coefficient of w1: bitlen((q-1)/(2 gamma2) - 1).
    const W1_BITS: usize = <Self::Gamma2 as Gamma2>::W1_BITS;
    /// Bytes of c~.
    const C_TILDE_LEN: usize = Self::LAMBDA / 4;
    /// Bytes of w1Encode(w1).
    const W1_LEN: usize = Self::K * 32 * Self::W1_BITS;
}

// The storage of a parameter set's keys, and its operations on them: the
// types the `Operations` supertrait names are defined here, beside the
// sizes they are made of, so that this module depends only on `poly` and
// `error`; the algorithms give them their methods.

/// FIPS 204's signing key sk = skEncode(rho, K, tr, s1, s2, t0), kept
/// encoded (2560, 4032 or 4896 bytes): everything a key needs, unpacked
/// where it is used.
///
/// `Copy`, and not zeroized on drop: its holder wipes it ([`Self::wipe`];
/// the API's `SigningKey` does on drop). A key handed out by value is a
/// copy written straight where the caller keeps it, the original wiped in
/// place; a type with a destructor could only be moved out, and a move
/// may leave the original behind (see `SigningKey::copy_to_return`).
pub struct ExpandedSigningKey<P: ParameterSet> {
    pub(crate) bytes: P::SkBytes,
}

impl<P: ParameterSet> Clone for ExpandedSigningKey<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: ParameterSet> Copy for ExpandedSigningKey<P> {}

/// What a precomputed signing key adds to [`ExpandedSigningKey`], so that
/// signing skips ExpandA: A_hat = ExpandA(rho), public. (Keeping NTT(s1),
/// NTT(s2) and NTT(t0) as well would save about as much as unpacking them
/// costs, and put secrets in a 20 KiB structure that every by-value move
/// of the key copies.)
pub struct PrecomputedParts<P: ParameterSet> {
    pub(crate) a_hat: P::Matrix,
}

impl<P: ParameterSet> Clone for PrecomputedParts<P> {
    fn clone(&self) -> Self {
        PrecomputedParts {
            a_hat: self.a_hat.clone(),
        }
    }
}

/// A verifying key: pk, kept encoded (rho and t1 are read from it where
/// they are used), and tr = H(pk, 64). `Copy`, as the signing key's parts
/// are (see [`ExpandedSigningKey`]).
pub struct ExpandedVerifyingKey<P: ParameterSet> {
    pub(crate) encoded: P::PkBytes,
    pub(crate) tr: [u8; 64],
}

impl<P: ParameterSet> Clone for ExpandedVerifyingKey<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: ParameterSet> Copy for ExpandedVerifyingKey<P> {}

/// The operations of one parameter set, compiled in this crate (the
/// implementations are `dispatch`'s): one copy per parameter set,
/// made once when `mldsa` is built. The API's generic
/// functions call them as `P::sign(..)`, through [`ParameterSet`] (of
/// which this is a sealed supertrait), so a program
/// using `mldsa` links these copies instead of instantiating the
/// algorithms again in its own crate (rustc shares no generic instances
/// across crates in release builds): its own build takes seconds, not
/// minutes. Not nameable outside this crate.
pub trait Operations: Sized {
    /// ML-DSA.KeyGen_internal (Algorithm 6) into `vk` and `sk`, in place.
    #[doc(hidden)]
    fn key_gen(
        xi: &[u8; 32],
        vk: &mut ExpandedVerifyingKey<Self>,
        sk: &mut ExpandedSigningKey<Self>,
    ) where
        Self: ParameterSet;
    /// KeyGen_internal for a precomputed key: `pre` filled on the way.
    #[doc(hidden)]
    fn key_gen_precomputed(
        xi: &[u8; 32],
        vk: &mut ExpandedVerifyingKey<Self>,
        sk: &mut ExpandedSigningKey<Self>,
        pre: &mut PrecomputedParts<Self>,
    ) where
        Self: ParameterSet;
    /// A precomputed key's parts from `sk`.
    #[doc(hidden)]
    fn precompute(sk: &ExpandedSigningKey<Self>, pre: &mut PrecomputedParts<Self>)
    where
        Self: ParameterSet;
    /// A_hat = ExpandA(rho) of `sk`, by value, built row by row where the
    /// caller keeps it.
    #[doc(hidden)]
    fn a_hat(sk: &ExpandedSigningKey<Self>) -> <Self as ParameterSet>::Matrix
    where
        Self: ParameterSet;
    /// ML-DSA.Sign_internal (Algorithm 7) from mu into `sig`: with the
    /// precomputed key's A_hat where `pre` is given, else ExpandA first.
    #[doc(hidden)]
    fn sign(
        sk: &ExpandedSigningKey<Self>,
        pre: Option<&PrecomputedParts<Self>>,
        mu: &[u8; 64],
        rnd: &[u8; 32],
        sig: &mut <Self as ParameterSet>::SigBytes,
    ) where
        Self: ParameterSet;
    /// ML-DSA.Verify_internal (Algorithm 8) from mu.
    #[doc(hidden)]
    fn verify(vk: &ExpandedVerifyingKey<Self>, mu: &[u8; 64], sig: &[u8]) -> bool
    where
        Self: ParameterSet;
    /// pkDecode and tr = H(pk, 64) into `vk`.
    #[doc(hidden)]
    fn decode_verifying_key(pk: &[u8], vk: &mut ExpandedVerifyingKey<Self>) -> Result<(), Error>
    where
        Self: ParameterSet;
    /// An expanded signing key's import, validated, into `sk` and its public
    /// key into `vk`, in place.
    #[doc(hidden)]
    fn import_signing_key(
        bytes: &[u8],
        sk: &mut ExpandedSigningKey<Self>,
        vk: &mut ExpandedVerifyingKey<Self>,
    ) -> Result<(), Error>
    where
        Self: ParameterSet;
}

sealed_marker! {
    /// ML-DSA-44 (NIST security category 2).
    ///
    /// ```
    /// use mldsa::{MlDsa44, ParameterSet, SigningKey};
    /// assert_eq!(MlDsa44::NAME, "ML-DSA-44");
    /// assert_eq!(MlDsa44::PK_LEN, 1312);
    /// assert_eq!((MlDsa44::SK_LEN, MlDsa44::SIG_LEN), (2560, 2420));
    /// let sk = SigningKey::<MlDsa44>::from_seed(&[7u8; 32]); // = ml_dsa_44::SigningKey
    /// assert_eq!(sk.verifying_key().as_bytes().len(), MlDsa44::PK_LEN);
    /// ```
    MlDsa44;
    /// ML-DSA-65 (NIST security category 3).
    ///
    /// ```
    /// use mldsa::{MlDsa65, ParameterSet, SigningKey};
    /// assert_eq!(MlDsa65::NAME, "ML-DSA-65");
    /// assert_eq!(MlDsa65::PK_LEN, 1952);
    /// assert_eq!((MlDsa65::SK_LEN, MlDsa65::SIG_LEN), (4032, 3309));
    /// let sk = SigningKey::<MlDsa65>::from_seed(&[7u8; 32]); // = ml_dsa_65::SigningKey
    /// assert_eq!(sk.to_expanded_bytes().len(), MlDsa65::SK_LEN);
    /// ```
    MlDsa65;
    /// ML-DSA-87 (NIST security category 5).
    ///
    /// ```
    /// use mldsa::{MlDsa87, ParameterSet, SigningKey};
    /// assert_eq!(MlDsa87::NAME, "ML-DSA-87");
    /// assert_eq!(MlDsa87::PK_LEN, 2592);
    /// assert_eq!((MlDsa87::SK_LEN, MlDsa87::SIG_LEN), (4896, 4627));
    /// let sk = SigningKey::<MlDsa87>::from_seed(&[7u8; 32]); // = ml_dsa_87::SigningKey
    /// let sig = sk.sign_deterministic(b"message", b"")?;
    /// assert_eq!(sig.as_ref().len(), MlDsa87::SIG_LEN);
    /// # Ok::<(), mldsa::Error>(())
    /// ```
    MlDsa87;
}

/// A `ParameterSet` impl from its row of FIPS 204 Tables 1 and 2, behind
/// its Cargo feature.
macro_rules! parameter_set {
    ($set:ident, $feature:literal, $name:literal: k = $k:literal, l = $l:literal, $eta:ty,
     tau = $tau:literal, lambda = $lambda:literal, $gamma1:ty, $gamma2:ty, beta = $beta:literal,
     omega = $omega:literal, pk = $pk:literal, sk = $sk:literal, sig = $sig:literal) => {
        #[cfg(feature = $feature)]
        impl ParameterSet for $set {
            const NAME: &'static str = $name;
            const K: usize = $k;
            const L: usize = $l;
            type Eta = $eta;
            const TAU: usize = $tau;
            const LAMBDA: usize = $lambda;
            type Gamma1 = $gamma1;
            type Gamma2 = $gamma2;
            const BETA: i32 = $beta;
            const OMEGA: usize = $omega;
            const PK_LEN: usize = $pk;
            const SK_LEN: usize = $sk;
            const SIG_LEN: usize = $sig;
            type VecK = [Poly; $k];
            type VecL = [Poly; $l];
            type Matrix = [[Poly; $l]; $k];
            type PkBytes = [u8; $pk];
            type SkBytes = [u8; $sk];
            type SigBytes = [u8; $sig];
        }
    };
}

parameter_set!(MlDsa44, "ml-dsa-44", "ML-DSA-44": k = 4, l = 4, Eta2, tau = 39, lambda = 128, Gamma1Pow17, Gamma2Q88, beta = 78, omega = 80, pk = 1312, sk = 2560, sig = 2420);
parameter_set!(MlDsa65, "ml-dsa-65", "ML-DSA-65": k = 6, l = 5, Eta4, tau = 49, lambda = 192, Gamma1Pow19, Gamma2Q32, beta = 196, omega = 55, pk = 1952, sk = 4032, sig = 3309);
parameter_set!(MlDsa87, "ml-dsa-87", "ML-DSA-87": k = 8, l = 7, Eta2, tau = 60, lambda = 256, Gamma1Pow19, Gamma2Q32, beta = 120, omega = 75, pk = 2592, sk = 4896, sig = 4627);

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes<P: ParameterSet>() {
        assert_eq!(P::PK_LEN, 32 + 32 * P::K * 10);
        assert_eq!(
            P::SK_LEN,
            128 + 32 * ((P::K + P::L) * P::ETA_BITS + 13 * P::K)
        );
        assert_eq!(
            P::SIG_LEN,
            P::C_TILDE_LEN + P::L * 32 * P::GAMMA1_BITS + P::OMEGA + P::K
        );
        assert_eq!(<P::PkBytes as ByteArray>::LEN, P::PK_LEN);
        assert_eq!(<P::SkBytes as ByteArray>::LEN, P::SK_LEN);
        assert_eq!(<P::SigBytes as ByteArray>::LEN, P::SIG_LEN);
        assert_eq!(<P::VecK as PolyVec>::LEN, P::K);
        assert_eq!(<P::VecL as PolyVec>::LEN, P::L);
        assert_eq!(P::BETA, P::TAU as i32 * P::ETA);
    }

    #[test]
    fn table_2_sizes() {
        #[cfg(feature = "ml-dsa-44")]
        sizes::<MlDsa44>();
        #[cfg(feature = "ml-dsa-65")]
        sizes::<MlDsa65>();
        #[cfg(feature = "ml-dsa-87")]
        sizes::<MlDsa87>();
    }
}
