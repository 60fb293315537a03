//! s1 and s2 in the form Sign_internal multiplies them by the challenge c
//! (Algorithm 7, lines 2, 3, 18 and 19): FIPS 204's NTT form, or a
//! transform mod a small prime where the backend computes that faster.

use zeroize::Zeroize;

use super::keys::{ExpandedSigningKey, SecretVector};
use super::ntt_vec;
use crate::backend::Backend;
use crate::params::{ParameterSet, PolyVec};
use crate::poly::{Poly, SmallHat};

/// s1 and s2 made ready, once per signature (lines 2 and 3), for the
/// products of each attempt (lines 18 and 19: <<c s1>> and <<c s2>>, c s1
/// and c s2 in R_q). Two forms: NTT(s1) and NTT(s2) mod q, the
/// products by the NTT as FIPS 204 writes them ([`NttQ`]), or the NTT mod
/// the prime 7681 on 16-bit values ([`SmallNtt`], `Backend::small_ntt`),
/// where the backend computes it faster: the coefficients of c s1 and c s2
/// are at most tau eta <= 240, so the product mod 7681 is the product
/// itself, and so equal mod q to FIPS 204's. Zeroized on drop. On the
/// backend `B`; `dyn`-compatible, so that signing's loop is compiled once
/// for both forms.
pub(crate) trait SecretProducts<P: ParameterSet, B: Backend> {
    /// The form, zeroed.
    fn zeroed() -> Self
    where
        Self: Sized;
    /// s1 and s2 of `sk`, into this form.
    fn prepare(&mut self, sk: &ExpandedSigningKey<P>);
    /// c (in `c_hat`, in R: coefficients -1, 0, 1) made ready for the
    /// products (line 17): NTT(c) in `c_hat`, or its transform mod 7681
    /// kept here, which [`Self::c_times`] then reads.
    fn challenge(&mut self, c_hat: &mut Poly);
    /// `c_hat` <- NTT(c) mod q, for <<c t0>> (line 25), if
    /// [`Self::challenge`] left c in R.
    fn challenge_hat(&self, c_hat: &mut Poly);
    /// `out` <- c s1[i] or c s2[i] in R_q, |out_i| < q.
    fn c_times(&self, c_hat: &Poly, which: SecretVector, i: usize, out: &mut Poly);
}

/// NTT(s1) and NTT(s2) mod q.
pub(crate) struct NttQ<P: ParameterSet> {
    s1_hat: P::VecL,
    s2_hat: P::VecK,
}

impl<P: ParameterSet> Drop for NttQ<P> {
    fn drop(&mut self) {
        self.s1_hat.zeroize();
        self.s2_hat.zeroize();
    }
}

impl<P: ParameterSet, B: Backend> SecretProducts<P, B> for NttQ<P> {
    fn zeroed() -> Self
    where
        Self: Sized,
    {
        NttQ {
            s1_hat: P::VecL::zeroed(),
            s2_hat: P::VecK::zeroed(),
        }
    }

    #[inline(always)]
    fn prepare(&mut self, sk: &ExpandedSigningKey<P>) {
        sk.unpack_s::<B>(&mut self.s1_hat, &mut self.s2_hat);
        ntt_vec::<P::VecL, B>(&mut self.s1_hat);
        ntt_vec::<P::VecK, B>(&mut self.s2_hat);
    }

    #[inline(always)]
    fn challenge(&mut self, c_hat: &mut Poly) {
        B::ntt(c_hat);
    }

    #[inline(always)]
    fn challenge_hat(&self, _: &mut Poly) {}

    #[inline(always)]
    fn c_times(&self, c_hat: &Poly, which: SecretVector, i: usize, out: &mut Poly) {
        let s_hat = match which {
            SecretVector::S1 => &self.s1_hat.as_ref()[i],
            SecretVector::S2 => &self.s2_hat.as_ref()[i],
        };
        B::pointwise_montgomery(out, c_hat, s_hat);
        B::invntt_tomont(out);
    }
}

/// The transforms mod 7681 of s1 (the first l), s2 (the first k) and the
/// attempt's c.
pub(crate) struct SmallNtt {
    s1: [SmallHat; 8],
    s2: [SmallHat; 8],
    c: SmallHat,
}

impl Drop for SmallNtt {
    fn drop(&mut self) {
        self.s1.zeroize();
        self.s2.zeroize();
        self.c.zeroize();
    }
}

impl<P: ParameterSet, B: Backend> SecretProducts<P, B> for SmallNtt {
    fn zeroed() -> Self
    where
        Self: Sized,
    {
        SmallNtt {
            s1: [const { SmallHat::ZERO }; 8],
            s2: [const { SmallHat::ZERO }; 8],
            c: SmallHat::ZERO,
        }
    }

    #[inline(always)]
    fn prepare(&mut self, sk: &ExpandedSigningKey<P>) {
        let mut s = Poly::ZERO;
        for (i, hat) in self.s1[..P::L].iter_mut().enumerate() {
            sk.unpack_s_i::<B>(SecretVector::S1, i, &mut s);
            B::small_ntt(hat, &s);
        }
        for (i, hat) in self.s2[..P::K].iter_mut().enumerate() {
            sk.unpack_s_i::<B>(SecretVector::S2, i, &mut s);
            B::small_ntt(hat, &s);
        }
        s.zeroize();
    }

    #[inline(always)]
    fn challenge(&mut self, c_hat: &mut Poly) {
        B::small_ntt(&mut self.c, c_hat);
    }

    #[inline(always)]
    fn challenge_hat(&self, c_hat: &mut Poly) {
        B::ntt(c_hat);
    }

    #[inline(always)]
    fn c_times(&self, _: &Poly, which: SecretVector, i: usize, out: &mut Poly) {
        let s = match which {
            SecretVector::S1 => &self.s1[i],
            SecretVector::S2 => &self.s2[i],
        };
        B::small_product(out, &self.c, s);
    }
}
