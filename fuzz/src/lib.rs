//! What the fuzz targets share: the input layout, the parameter set and
//! backend loops, and the spec's verdicts to compare with.
//!
//! Every target reads its input with [`Input`]: a first byte that picks the
//! parameter set (and, in some targets, a variant), then length-prefixed
//! fields (a little-endian u16 length, then that many bytes, or fewer when
//! the input ends), then the rest. Mutating a length gives the wrong-length
//! cases; `examples/seeds.rs` writes valid inputs in this layout.

pub mod targets;

use mldsa::algorithms::{ExpandedVerifyingKey, verify_internal};
use mldsa::backend::Backend;
use mldsa::{MlDsa44, MlDsa65, MlDsa87, ParameterSet, PreHash};

/// A fuzz input read front to back; reads past the end give zeros or
/// nothing, never a panic.
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    /// The input, from its start.
    pub fn new(data: &'a [u8]) -> Self {
        Input { data }
    }

    /// The next byte (0 at the end).
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// The next little-endian u16 (missing bytes read as 0).
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    /// The next `n` bytes, or as many as are left.
    pub fn bytes(&mut self, n: usize) -> &'a [u8] {
        let (head, tail) = self.data.split_at(n.min(self.data.len()));
        self.data = tail;
        head
    }

    /// A length-prefixed field: a u16 length, then the bytes.
    pub fn field(&mut self) -> &'a [u8] {
        let n = self.u16() as usize;
        self.bytes(n)
    }

    /// Everything not read yet.
    pub fn rest(self) -> &'a [u8] {
        self.data
    }
}

/// Writes `field` as [`Input::field`] reads it (for the seed generator).
pub fn push_field(out: &mut Vec<u8>, field: &[u8]) {
    out.extend_from_slice(&(field.len() as u16).to_le_bytes());
    out.extend_from_slice(field);
}

/// Runs `$body` with the type `$p` set to parameter set `$sel % 3`
/// (0: ML-DSA-44, 1: ML-DSA-65, 2: ML-DSA-87).
#[macro_export]
macro_rules! with_params {
    ($sel:expr, $p:ident => $body:expr) => {
        match $sel % 3 {
            0 => {
                type $p = ::mldsa::MlDsa44;
                $body
            }
            1 => {
                type $p = ::mldsa::MlDsa65;
                $body
            }
            _ => {
                type $p = ::mldsa::MlDsa87;
                $body
            }
        }
    };
}

/// The spec's parameter set for `P`.
pub fn spec_params<P: ParameterSet>() -> mldsa_spec::ParamSet {
    match P::NAME {
        "ML-DSA-44" => mldsa_spec::ML_DSA_44,
        "ML-DSA-65" => mldsa_spec::ML_DSA_65,
        _ => mldsa_spec::ML_DSA_87,
    }
}

/// The parameter sets, by the index `with_params!` takes.
pub const NAMES: [&str; 3] = [MlDsa44::NAME, MlDsa65::NAME, MlDsa87::NAME];

/// A pre-hash function and its spec twin, from a byte.
pub fn prehash(b: u8) -> (PreHash, mldsa_spec::PreHash) {
    use mldsa_spec::PreHash as S;
    const SPEC: [S; 12] = [
        S::Sha2_224,
        S::Sha2_256,
        S::Sha2_384,
        S::Sha2_512,
        S::Sha2_512_224,
        S::Sha2_512_256,
        S::Sha3_224,
        S::Sha3_256,
        S::Sha3_384,
        S::Sha3_512,
        S::Shake128,
        S::Shake256,
    ];
    let i = b as usize % 12;
    (PreHash::ALL[i], SPEC[i])
}

/// Runs `$f::<P, B>($args)` for every backend `B` this CPU runs and
/// collects the results in a `Vec` (portable first).
#[macro_export]
macro_rules! on_every_backend {
    ($f:ident $(::<$($p:ty),+ $(,)?>)? ( $($arg:expr),* $(,)? )) => {{
        let mut out = ::std::vec::Vec::new();
        out.push(("portable", $f::<$($($p,)+)? ::mldsa::backend::portable::Portable>($($arg),*)));
        #[cfg(target_arch = "x86_64")]
        if ::mldsa::backend::avx2::available() {
            out.push(("avx2", $f::<$($($p,)+)? ::mldsa::backend::avx2::Avx2>($($arg),*)));
        }
        #[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
        if ::mldsa::backend::neon::available() {
            out.push(("neon", $f::<$($($p,)+)? ::mldsa::backend::neon::Neon>($($arg),*)));
        }
        out
    }};
}

/// Verify_internal from mu on backend `B`, the key decoded on `B` (a key of
/// the wrong length rejects).
pub fn verify_on<P: ParameterSet, B: Backend>(pk: &[u8], mu: &[u8; 64], sig: &[u8]) -> bool {
    let mut vk = ExpandedVerifyingKey::<P>::zeroed();
    match vk.decode_from::<B>(pk) {
        Ok(()) => verify_internal::<P, B>(&vk, mu, sig),
        Err(_) => false,
    }
}

/// The spec's Verify_internal from mu.
pub fn spec_verify_mu<P: ParameterSet>(pk: &[u8], mu: &[u8; 64], sig: &[u8]) -> bool {
    mldsa_spec::ml_dsa_verify_internal_external_mu(&spec_params::<P>(), pk, mu, sig)
}

/// mu = H(H(pk, 64) || 0 || |ctx| || ctx || msg, 64) by the spec (ctx at
/// most 255 bytes).
pub fn spec_mu(pk: &[u8], msg: &[u8], ctx: &[u8]) -> [u8; 64] {
    let mut m = mldsa_spec::hash::h(pk, 64);
    m.extend_from_slice(&mldsa_spec::ml_dsa::format_message(0, ctx, msg));
    let mu = mldsa_spec::hash::h(&m, 64);
    let mut out = [0u8; 64];
    out.copy_from_slice(&mu);
    out
}

/// Panics unless every backend's verdict equals `expected`, naming the
/// parameter set, the backend and what was checked.
pub fn assert_all<T: PartialEq + core::fmt::Debug>(
    what: &str,
    name: &str,
    got: &[(&str, T)],
    expected: &T,
) {
    for (backend, v) in got {
        assert_eq!(v, expected, "{name}: {what}: backend {backend} disagrees");
    }
}

/// The spec's decision on an expanded signing key, built from its
/// KeyGen steps (the spec itself imports keys unchecked): `Some(pk)` when
/// skDecode succeeds, every s1 / s2 coefficient is in [-eta, eta], and t0
/// and tr are those that (rho, s1, s2) give; `pk` is then the key's public
/// key.
pub fn spec_expanded_key(p: &mldsa_spec::ParamSet, sk: &[u8]) -> Option<Vec<u8>> {
    use mldsa_spec::encodings::{pk_encode, sk_decode};
    use mldsa_spec::ntt::{add_vector_ntt, matrix_vector_ntt, ntt_inverse_vector, ntt_vector};
    use mldsa_spec::ring::vector_mod_q;
    use mldsa_spec::rounding::power2round_vector;
    let (rho, _k, tr, s1, s2, t0) = sk_decode(p, sk).ok()?;
    let eta = p.eta();
    if s1.iter().chain(&s2).flatten().any(|&c| c < -eta || c > eta) {
        return None;
    }
    let a_hat = mldsa_spec::sampling::expand_a(p, &rho);
    let a_s1 = ntt_inverse_vector(&matrix_vector_ntt(&a_hat, &ntt_vector(&vector_mod_q(&s1))));
    let t = add_vector_ntt(&a_s1, &vector_mod_q(&s2));
    let (t1, t0_expected) = power2round_vector(&t);
    if t0_expected != t0 {
        return None;
    }
    let pk = pk_encode(p, &rho, &t1);
    if mldsa_spec::hash::h(&pk, 64) != tr {
        return None;
    }
    Some(pk)
}
