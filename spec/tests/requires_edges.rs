//! The edges of every `requires`: each function of `spec/src` with a
//! `requires` is called at the edges of the domain its requires admits
//! (lengths, counts and parameters at their largest and smallest admitted
//! values, not only the three parameter sets), and one step past each
//! edge.
//!
//! * [`inside`]: an admitted input. Every contract inside the call is
//!   checked (`#[checked]`), so a callee whose requires the caller's
//!   requires does not imply fails here, as F\* would reject the call.
//! * [`outside`]: an input one step past an edge. It must be rejected by
//!   the function's own requires, and by nothing else first: a panic in
//!   the body or a callee's contract means the requires admits it.
//!
//! One test per function, named after it; its doc comment lists the edges,
//! and `cargo run -p xtask -- obligations` copies it into
//! `fstar-extract/OBLIGATIONS.md`, where a function with a requires and no
//! test here is reported (and fails `make extract-check`). Lengths at the
//! limits of usize (`bytes_to_bits`, `format_message`, `ml_dsa_sign`,
//! `ml_dsa_verify`) do not fit in memory; their doc comments say so. The
//! 32-bit run (`make spec-i686`) runs these at usize = 32 bits.
//!
//! The last tests plant the defect this check exists for (HintBitUnpack
//! without `k <= 255`) and show that `outside` reports it.

// The run-time checks do not exist under hax (`make hax-cfg`).
#![cfg(not(hax))]

mod panics;

use mldsa_spec::contract::without_requires_of;
use mldsa_spec::encodings::T1_MAX;
use mldsa_spec::params::{D, N, Q, bitlen};
use mldsa_spec::ring::Poly;
use mldsa_spec::{ML_DSA_44, ML_DSA_65, ML_DSA_87, ParamSet, ml_dsa_sign_internal_external_mu};
use panics::{quietly, violation};

const PARAMS: [ParamSet; 3] = [ML_DSA_44, ML_DSA_65, ML_DSA_87];
const GAMMA2S: [i32; 2] = [(Q - 1) / 88, (Q - 1) / 32];

/// An admitted input: the call and every contract inside it must hold.
fn inside<T>(function: &str, f: impl FnOnce() -> T) -> T {
    quietly(f).unwrap_or_else(|message| {
        panic!("{function}: an input its requires admits fails: {message}")
    })
}

/// An input past an edge: `function`'s own requires must reject it, before
/// its body or any callee sees it.
fn outside<T>(function: &str, f: impl FnOnce() -> T) {
    let message =
        violation(f).unwrap_or_else(|| panic!("{function}: an input past the edge ran to the end"));
    assert!(
        message.contains(&format!("requires of {function}:")),
        "{function}: an input past the edge is admitted by its requires and fails elsewhere: \
         {message}"
    );
}

/// alpha = 32 with x = 2^32 - 1, alpha = 0. Past: alpha = 33.
#[test]
fn integer_to_bits() {
    let f = "integer_to_bits";
    assert_eq!(
        inside(f, || mldsa_spec::conversions::integer_to_bits(u32::MAX, 32)).len(),
        32
    );
    inside(f, || mldsa_spec::conversions::integer_to_bits(0, 0));
    outside(f, || mldsa_spec::conversions::integer_to_bits(1, 33));
}

/// alpha = 32 of 32 and of 40 bits, alpha = 0 of none. Past: alpha = 33,
/// |y| = alpha - 1.
#[test]
fn bits_to_integer() {
    let f = "bits_to_integer";
    assert_eq!(
        inside(f, || mldsa_spec::conversions::bits_to_integer(
            &[true; 32],
            32
        )),
        u32::MAX
    );
    inside(f, || {
        mldsa_spec::conversions::bits_to_integer(&[true; 40], 32)
    });
    inside(f, || mldsa_spec::conversions::bits_to_integer(&[], 0));
    outside(f, || {
        mldsa_spec::conversions::bits_to_integer(&[true; 33], 33)
    });
    outside(f, || {
        mldsa_spec::conversions::bits_to_integer(&[true; 3], 4)
    });
}

/// alpha = 8 with x = 2^64 - 1, alpha = 0. Past: alpha = 9.
#[test]
fn integer_to_bytes() {
    let f = "integer_to_bytes";
    inside(f, || mldsa_spec::conversions::integer_to_bytes(u64::MAX, 8));
    inside(f, || mldsa_spec::conversions::integer_to_bytes(0, 0));
    outside(f, || mldsa_spec::conversions::integer_to_bytes(0, 9));
}

/// |z| = 0 and 2^16 bytes of 0xff. |z| = usize::MAX / 8 (and past it)
/// does not fit in memory.
#[test]
fn bytes_to_bits() {
    let f = "bytes_to_bits";
    inside(f, || mldsa_spec::conversions::bytes_to_bits(&[]));
    let bits = inside(f, || {
        mldsa_spec::conversions::bytes_to_bits(&vec![0xff; 1 << 16])
    });
    assert_eq!(bits.len(), 1 << 19);
}

/// b = 15 and 0 for eta = 2 and 4. Past: b = 16, eta = 3.
#[test]
fn coeff_from_half_byte() {
    let f = "coeff_from_half_byte";
    for eta in [2, 4] {
        inside(f, || mldsa_spec::conversions::coeff_from_half_byte(15, eta));
        inside(f, || mldsa_spec::conversions::coeff_from_half_byte(0, eta));
    }
    outside(f, || mldsa_spec::conversions::coeff_from_half_byte(16, 2));
    outside(f, || mldsa_spec::conversions::coeff_from_half_byte(0, 3));
}

/// b = 1 and 2^23 - 1, coefficients 0 and b. Past: b = 0, b = 2^23, a
/// coefficient b + 1 or -1.
#[test]
fn simple_bit_pack() {
    let f = "simple_bit_pack";
    for b in [1u32, (1 << 23) - 1] {
        inside(f, || {
            mldsa_spec::conversions::simple_bit_pack(&[b as i32; N], b)
        });
        inside(f, || mldsa_spec::conversions::simple_bit_pack(&[0; N], b));
        let mut w = [0; N];
        w[N - 1] = b as i32 + 1;
        outside(f, || mldsa_spec::conversions::simple_bit_pack(&w, b));
        w[N - 1] = -1;
        outside(f, || mldsa_spec::conversions::simple_bit_pack(&w, b));
    }
    outside(f, || mldsa_spec::conversions::simple_bit_pack(&[0; N], 0));
    outside(f, || {
        mldsa_spec::conversions::simple_bit_pack(&[0; N], 1 << 23)
    });
}

/// a = 0 and 2^23 - 1, b = 1 and 2^23 - 1, coefficients at b + 1 -
/// 2^bitlen(a+b) and at b. Past: a = 2^23, b = 0, b = 2^23, a coefficient
/// one past either end.
#[test]
fn bit_pack() {
    let f = "bit_pack";
    for (a, b) in [
        (0u32, 1u32),
        ((1 << 23) - 1, (1 << 23) - 1),
        (0, (1 << 23) - 1),
    ] {
        let lo = b as i32 + 1 - (1 << bitlen(a + b));
        inside(f, || mldsa_spec::conversions::bit_pack(&[lo; N], a, b));
        inside(f, || {
            mldsa_spec::conversions::bit_pack(&[b as i32; N], a, b)
        });
        let mut w = [b as i32; N];
        w[N - 1] = b as i32 + 1;
        outside(f, || mldsa_spec::conversions::bit_pack(&w, a, b));
        w[N - 1] = lo - 1;
        outside(f, || mldsa_spec::conversions::bit_pack(&w, a, b));
    }
    outside(f, || mldsa_spec::conversions::bit_pack(&[0; N], 1 << 23, 1));
    outside(f, || mldsa_spec::conversions::bit_pack(&[0; N], 0, 0));
    outside(f, || mldsa_spec::conversions::bit_pack(&[0; N], 0, 1 << 23));
}

/// b = 1 and 2^23 - 1 with |v| = 32 bitlen(b) bytes of 0xff and 0x00.
/// Past: |v| one byte short or long, b = 0, b = 2^23.
#[test]
fn simple_bit_unpack() {
    let f = "simple_bit_unpack";
    for b in [1u32, (1 << 23) - 1] {
        let len = 32 * bitlen(b);
        inside(f, || {
            mldsa_spec::conversions::simple_bit_unpack(&vec![0xff; len], b)
        });
        inside(f, || {
            mldsa_spec::conversions::simple_bit_unpack(&vec![0; len], b)
        });
        outside(f, || {
            mldsa_spec::conversions::simple_bit_unpack(&vec![0; len - 1], b)
        });
        outside(f, || {
            mldsa_spec::conversions::simple_bit_unpack(&vec![0; len + 1], b)
        });
    }
    outside(f, || mldsa_spec::conversions::simple_bit_unpack(&[], 0));
    outside(f, || {
        mldsa_spec::conversions::simple_bit_unpack(&vec![0; 32 * 24], 1 << 23)
    });
}

/// a = 0 and 2^23 - 1, b = 1 and 2^23 - 1, |v| = 32 bitlen(a + b) bytes of
/// 0xff and 0x00. Past: |v| one byte off, a = 2^23, b = 0, b = 2^23.
#[test]
fn bit_unpack() {
    let f = "bit_unpack";
    for (a, b) in [
        (0u32, 1u32),
        ((1 << 23) - 1, (1 << 23) - 1),
        (0, (1 << 23) - 1),
    ] {
        let len = 32 * bitlen(a + b);
        inside(f, || {
            mldsa_spec::conversions::bit_unpack(&vec![0xff; len], a, b)
        });
        inside(f, || {
            mldsa_spec::conversions::bit_unpack(&vec![0; len], a, b)
        });
        outside(f, || {
            mldsa_spec::conversions::bit_unpack(&vec![0; len + 1], a, b)
        });
    }
    outside(f, || {
        mldsa_spec::conversions::bit_unpack(&vec![0; 32 * 25], 1 << 23, 1)
    });
    outside(f, || mldsa_spec::conversions::bit_unpack(&[], 0, 0));
    outside(f, || {
        mldsa_spec::conversions::bit_unpack(&vec![0; 32 * 24], 0, 1 << 23)
    });
}

/// k = 255 and omega = 255 with 255 nonzero coefficients (value 3, one at
/// the top of each polynomial); k = 0 and omega = 0; the three parameter
/// sets with omega nonzero. Past: omega + 1 nonzero, k = 256, omega = 256,
/// |h| != k.
#[test]
fn hint_bit_pack() {
    let f = "hint_bit_pack";
    let mut h = vec![[0; N]; 255];
    for p in h.iter_mut() {
        p[N - 1] = 3;
    }
    assert_eq!(
        inside(f, || mldsa_spec::conversions::hint_bit_pack(&h, 255, 255)).len(),
        510
    );
    inside(f, || mldsa_spec::conversions::hint_bit_pack(&[], 0, 0));
    for p in PARAMS {
        let mut h = vec![[0; N]; p.k()];
        for j in 0..p.omega() {
            h[j % p.k()][j] = 1;
        }
        inside(f, || {
            mldsa_spec::conversions::hint_bit_pack(&h, p.omega(), p.k())
        });
        h[p.k() - 1][N - 1] = 1;
        outside(f, || {
            mldsa_spec::conversions::hint_bit_pack(&h, p.omega(), p.k())
        });
    }
    outside(f, || {
        mldsa_spec::conversions::hint_bit_pack(&vec![[0; N]; 256], 255, 256)
    });
    outside(f, || {
        mldsa_spec::conversions::hint_bit_pack(&[[0; N]], 256, 1)
    });
    outside(f, || {
        mldsa_spec::conversions::hint_bit_pack(&[[0; N]], 0, 2)
    });
}

/// k = 255 and omega = 255 (y of 510 bytes: all 0x00, all 0xff, and a
/// valid encoding of 255 hints), k = 0 and omega = 0. Past: k = 256,
/// omega = 256, |y| != omega + k.
#[test]
fn hint_bit_unpack() {
    let f = "hint_bit_unpack";
    assert!(
        inside(f, || mldsa_spec::conversions::hint_bit_unpack(
            &[0; 510], 255, 255
        ))
        .is_some()
    );
    inside(f, || {
        mldsa_spec::conversions::hint_bit_unpack(&[0xff; 510], 255, 255)
    });
    let mut y = [0u8; 510];
    for i in 0..255 {
        y[i] = 7;
        y[255 + i] = (i + 1) as u8;
    }
    let h = inside(f, || mldsa_spec::conversions::hint_bit_unpack(&y, 255, 255)).unwrap();
    assert_eq!(mldsa_spec::ring::count_nonzero(&h), 255);
    inside(f, || mldsa_spec::conversions::hint_bit_unpack(&[], 0, 0));
    outside(f, || {
        mldsa_spec::conversions::hint_bit_unpack(&[0; 511], 255, 256)
    });
    outside(f, || {
        mldsa_spec::conversions::hint_bit_unpack(&[0; 257], 256, 1)
    });
    outside(f, || {
        mldsa_spec::conversions::hint_bit_unpack(&[0; 84], 80, 5)
    });
}

/// Every parameter set, t1 all 0 and all 2^10 - 1. Past: a coefficient
/// 2^10 or -1, k + 1 and k - 1 polynomials.
#[test]
fn pk_encode() {
    let f = "pk_encode";
    for p in PARAMS {
        for c in [0, T1_MAX as i32] {
            inside(f, || {
                mldsa_spec::encodings::pk_encode(&p, &[0; 32], &vec![[c; N]; p.k()])
            });
        }
        for c in [T1_MAX as i32 + 1, -1] {
            let mut t1 = vec![[0; N]; p.k()];
            t1[p.k() - 1][N - 1] = c;
            outside(f, || mldsa_spec::encodings::pk_encode(&p, &[0; 32], &t1));
        }
        for len in [p.k() + 1, p.k() - 1] {
            outside(f, || {
                mldsa_spec::encodings::pk_encode(&p, &[0; 32], &vec![[0; N]; len])
            });
        }
    }
}

/// Every parameter set: s1 and s2 at eta - 2^bitlen(2 eta) + 1 (the least
/// skDecode returns) and at eta, t0 at -2^12 + 1 and 2^12. Past: one step
/// beyond each, and s1 with l + 1 polynomials.
#[test]
fn sk_encode() {
    let f = "sk_encode";
    for p in PARAMS {
        let (l, k, eta) = (p.l(), p.k(), p.eta());
        let s_min = eta + 1 - (1 << p.bitlen_2eta());
        let (t_min, t_max) = (-(1 << (D - 1)) + 1, 1 << (D - 1));
        for (s, t) in [(s_min, t_min), (eta, t_max)] {
            let sk = inside(f, || {
                mldsa_spec::encodings::sk_encode(
                    &p,
                    &[0; 32],
                    &[0; 32],
                    &[0; 64],
                    &vec![[s; N]; l],
                    &vec![[s; N]; k],
                    &vec![[t; N]; k],
                )
            });
            assert_eq!(sk.len(), p.sk_len());
        }
        let enc = |s1: Vec<Poly>, s2: Vec<Poly>, t0: Vec<Poly>| {
            move || {
                mldsa_spec::encodings::sk_encode(&p, &[0; 32], &[0; 32], &[0; 64], &s1, &s2, &t0)
            }
        };
        let zero = |n: usize| vec![[0; N]; n];
        for s in [s_min - 1, eta + 1] {
            let mut bad = zero(l);
            bad[l - 1][N - 1] = s;
            outside(f, enc(bad, zero(k), zero(k)));
            let mut bad = zero(k);
            bad[k - 1][N - 1] = s;
            outside(f, enc(zero(l), bad, zero(k)));
        }
        for t in [t_min - 1, t_max + 1] {
            let mut bad = zero(k);
            bad[k - 1][N - 1] = t;
            outside(f, enc(zero(l), zero(k), bad));
        }
        outside(f, enc(zero(l + 1), zero(k), zero(k)));
    }
}

/// Every parameter set: z at -gamma1 + 1 and gamma1, h with exactly omega
/// nonzero coefficients. Past: omega + 1 nonzero, z at gamma1 + 1 and
/// -gamma1, |c~| = lambda/4 + 1.
#[test]
fn sig_encode() {
    let f = "sig_encode";
    for p in PARAMS {
        let (l, k, g1) = (p.l(), p.k(), p.gamma1());
        let c = vec![0u8; p.lambda() / 4];
        let mut h = vec![[0; N]; k];
        for j in 0..p.omega() {
            h[j % k][j] = 1;
        }
        for z in [-g1 + 1, g1] {
            let sigma = inside(f, || {
                mldsa_spec::encodings::sig_encode(&p, &c, &vec![[z; N]; l], &h)
            });
            assert_eq!(sigma.len(), p.sig_len());
        }
        let z0 = vec![[0; N]; l];
        let mut more = h.clone();
        more[k - 1][N - 1] = 1;
        outside(f, || mldsa_spec::encodings::sig_encode(&p, &c, &z0, &more));
        for bad in [g1 + 1, -g1] {
            let mut z = z0.clone();
            z[l - 1][N - 1] = bad;
            outside(f, || mldsa_spec::encodings::sig_encode(&p, &c, &z, &h));
        }
        let longer = vec![0u8; p.lambda() / 4 + 1];
        outside(f, || {
            mldsa_spec::encodings::sig_encode(&p, &longer, &z0, &h)
        });
    }
}

/// Every parameter set, w1 all 0 and all (q-1)/(2 gamma2) - 1. Past: one
/// coefficient (q-1)/(2 gamma2), k + 1 polynomials.
#[test]
fn w1_encode() {
    let f = "w1_encode";
    for p in PARAMS {
        let top = (Q - 1) / (2 * p.gamma2()) - 1;
        for c in [0, top] {
            inside(f, || {
                mldsa_spec::encodings::w1_encode(&p, &vec![[c; N]; p.k()])
            });
        }
        let mut w1 = vec![[0; N]; p.k()];
        w1[p.k() - 1][N - 1] = top + 1;
        outside(f, || mldsa_spec::encodings::w1_encode(&p, &w1));
        outside(f, || {
            mldsa_spec::encodings::w1_encode(&p, &vec![[0; N]; p.k() + 1])
        });
    }
}

/// (private: reached through ML-DSA.Sign_internal with external mu) every
/// parameter set with sk all 0x00 bytes (s1, s2 at eta, t0 at 2^12, the
/// upper edges skDecode returns). Its callers pass skDecode's output, so no
/// input past the edges reaches it.
#[test]
fn sign_from_mu() {
    let f = "sign_from_mu";
    for p in PARAMS {
        let sk = vec![0u8; p.sk_len()];
        let r = inside(f, || {
            ml_dsa_sign_internal_external_mu(&p, &sk, &[0; 64], &[0; 32])
        });
        assert_eq!(r.map(|s| s.len()), Ok(p.sig_len()));
    }
}

/// |ctx| = 255 and 0, domain 0 and 1, |rest| = 2^20. |rest| =
/// usize::MAX - 257 does not fit in memory. Past: |ctx| = 256, domain 2.
#[test]
fn format_message() {
    let f = "format_message";
    let m = inside(f, || {
        mldsa_spec::ml_dsa::format_message(1, &[7; 255], &vec![0; 1 << 20])
    });
    assert_eq!(m.len(), 2 + 255 + (1 << 20));
    inside(f, || mldsa_spec::ml_dsa::format_message(0, &[], &[]));
    outside(f, || mldsa_spec::ml_dsa::format_message(0, &[0; 256], &[]));
    outside(f, || mldsa_spec::ml_dsa::format_message(2, &[], &[]));
}

/// The empty message with a 255-byte context. |M| = usize::MAX - 257 does
/// not fit in memory.
#[test]
fn ml_dsa_sign() {
    let f = "ml_dsa_sign";
    let (_pk, sk) = mldsa_spec::ml_dsa_key_gen(&ML_DSA_44, Some([1; 32])).unwrap();
    let sigma = inside(f, || {
        mldsa_spec::ml_dsa_sign(&ML_DSA_44, &sk, &[], &[9; 255], Some([0; 32]))
    });
    assert!(sigma.is_ok());
}

/// A message of 2^20 bytes and the empty one, against a signature of the
/// wrong length. |M| = usize::MAX - 257 does not fit in memory.
#[test]
fn ml_dsa_verify() {
    let f = "ml_dsa_verify";
    let pk = vec![0u8; ML_DSA_44.pk_len()];
    for m in [vec![0u8; 1 << 20], vec![]] {
        let r = inside(f, || {
            mldsa_spec::ml_dsa_verify(&ML_DSA_44, &pk, &m, &[0; 3], &[9; 255])
        });
        assert_eq!(r, Ok(false));
    }
}

/// `function` of one polynomial: coefficients all q - 1 and all 0 are
/// admitted, a coefficient q or -1 is past the edge.
fn coefficients_in_zq(function: &str, g: fn(&Poly) -> Poly) {
    inside(function, || g(&[Q - 1; N]));
    inside(function, || g(&[0; N]));
    for c in [Q, -1] {
        let mut w = [0; N];
        w[N - 1] = c;
        outside(function, || g(&w));
    }
}

/// Coefficients all q - 1 and all 0. Past: a coefficient q or -1.
#[test]
fn ntt() {
    coefficients_in_zq("ntt", mldsa_spec::ntt::ntt);
}

/// Coefficients all q - 1 and all 0. Past: a coefficient q or -1.
#[test]
fn ntt_inverse() {
    coefficients_in_zq("ntt_inverse", mldsa_spec::ntt::ntt_inverse);
}

/// m = 255 and 0. Past: m = 256.
#[test]
fn bit_rev8() {
    let f = "bit_rev8";
    assert_eq!(inside(f, || mldsa_spec::ntt::bit_rev8(255)), 255);
    inside(f, || mldsa_spec::ntt::bit_rev8(0));
    outside(f, || mldsa_spec::ntt::bit_rev8(256));
}

/// Both factors all q - 1. Past: a coefficient q in either.
#[test]
fn multiply_ntt() {
    let f = "multiply_ntt";
    inside(f, || {
        mldsa_spec::ntt::multiply_ntt(&[Q - 1; N], &[Q - 1; N])
    });
    let mut w = [0; N];
    w[N - 1] = Q;
    outside(f, || mldsa_spec::ntt::multiply_ntt(&w, &[0; N]));
    outside(f, || mldsa_spec::ntt::multiply_ntt(&[0; N], &w));
}

/// Lengths 0 and 256, coefficients at i32::MIN and i32::MAX (any i32
/// adds in i64). Past: lengths 1 and 0.
#[test]
fn add_vector_ntt() {
    let f = "add_vector_ntt";
    inside(f, || mldsa_spec::ntt::add_vector_ntt(&[], &[]));
    let (a, b) = (vec![[i32::MIN; N]; 256], vec![[i32::MAX; N]; 256]);
    inside(f, || mldsa_spec::ntt::add_vector_ntt(&a, &b));
    outside(f, || mldsa_spec::ntt::add_vector_ntt(&[[0; N]], &[]));
}

/// c_hat and 16 entries all q - 1, and no entries. Past: a coefficient q
/// in c_hat or in the last entry.
#[test]
fn scalar_vector_ntt() {
    let f = "scalar_vector_ntt";
    inside(f, || {
        mldsa_spec::ntt::scalar_vector_ntt(&[Q - 1; N], &vec![[Q - 1; N]; 16])
    });
    inside(f, || mldsa_spec::ntt::scalar_vector_ntt(&[Q - 1; N], &[]));
    let mut w = [0; N];
    w[N - 1] = Q;
    outside(f, || mldsa_spec::ntt::scalar_vector_ntt(&w, &[[0; N]]));
    outside(f, || {
        mldsa_spec::ntt::scalar_vector_ntt(&[0; N], &[[0; N], w])
    });
}

/// A 0 x 0 matrix, a 3 x 0 matrix with the empty vector, an 8 x 7 matrix
/// all q - 1. Past: a row one entry short, a coefficient q.
#[test]
fn matrix_vector_ntt() {
    let f = "matrix_vector_ntt";
    inside(f, || mldsa_spec::ntt::matrix_vector_ntt(&[], &[]));
    assert_eq!(
        inside(f, || mldsa_spec::ntt::matrix_vector_ntt(
            &[vec![], vec![], vec![]],
            &[]
        ))
        .len(),
        3
    );
    let m = vec![vec![[Q - 1; N]; 7]; 8];
    inside(f, || {
        mldsa_spec::ntt::matrix_vector_ntt(&m, &vec![[Q - 1; N]; 7])
    });
    let mut short = m.clone();
    short[7].pop();
    outside(f, || {
        mldsa_spec::ntt::matrix_vector_ntt(&short, &vec![[0; N]; 7])
    });
    let mut v = vec![[0; N]; 7];
    v[6][N - 1] = Q;
    outside(f, || mldsa_spec::ntt::matrix_vector_ntt(&m, &v));
}

/// a = -2^31 q, 2^31 q and 0. Past: one beyond either end.
#[test]
fn montgomery_reduce() {
    let f = "montgomery_reduce";
    let bound = (1i64 << 31) * Q as i64;
    for a in [-bound, bound, 0] {
        inside(f, || mldsa_spec::ntt::montgomery_reduce(a));
    }
    outside(f, || mldsa_spec::ntt::montgomery_reduce(bound + 1));
    outside(f, || mldsa_spec::ntt::montgomery_reduce(-bound - 1));
}

/// No entries, 8 entries all q - 1. Past: a coefficient q.
#[test]
fn ntt_vector() {
    let f = "ntt_vector";
    inside(f, || mldsa_spec::ntt::ntt_vector(&[]));
    inside(f, || mldsa_spec::ntt::ntt_vector(&vec![[Q - 1; N]; 8]));
    outside(f, || mldsa_spec::ntt::ntt_vector(&[[0; N], [Q; N]]));
}

/// No entries, 8 entries all q - 1. Past: a coefficient q.
#[test]
fn ntt_inverse_vector() {
    let f = "ntt_inverse_vector";
    inside(f, || mldsa_spec::ntt::ntt_inverse_vector(&[]));
    inside(f, || {
        mldsa_spec::ntt::ntt_inverse_vector(&vec![[Q - 1; N]; 8])
    });
    outside(f, || mldsa_spec::ntt::ntt_inverse_vector(&[[0; N], [Q; N]]));
}

/// alpha = 1 and 2^63 - 1, m = -2^63 and 2^63 - 1. Past: alpha = 0.
#[test]
fn modulo() {
    let f = "modulo";
    for alpha in [1, i64::MAX] {
        for m in [i64::MIN, i64::MAX, 0, -1] {
            inside(f, || mldsa_spec::ring::modulo(m, alpha));
        }
    }
    outside(f, || mldsa_spec::ring::modulo(5, 0));
}

/// alpha = 1, 2 and 2^32, m = -2^63 and 2^63 - 1. Past: alpha = 0 and
/// 2^32 + 1.
#[test]
fn mod_pm() {
    let f = "mod_pm";
    for alpha in [1, 2, 1 << 32] {
        for m in [i64::MIN, i64::MAX, 0, -1] {
            inside(f, || mldsa_spec::ring::mod_pm(m, alpha));
        }
    }
    outside(f, || mldsa_spec::ring::mod_pm(5, 0));
    outside(f, || mldsa_spec::ring::mod_pm(5, (1 << 32) + 1));
}

/// e = 31 with coefficients i32::MIN and i32::MAX, e = 0. Past: e = 32.
#[test]
fn shift_left() {
    let f = "shift_left";
    let mut a = [i32::MAX; N];
    a[0] = i32::MIN;
    inside(f, || mldsa_spec::ring::shift_left(&a, 31));
    inside(f, || mldsa_spec::ring::shift_left(&a, 0));
    outside(f, || mldsa_spec::ring::shift_left(&a, 32));
}

/// Lengths 0 and 256, coefficients i32::MIN and i32::MAX. Past: lengths
/// differ.
#[test]
fn sub_vector() {
    let f = "sub_vector";
    inside(f, || mldsa_spec::ring::sub_vector(&[], &[]));
    inside(f, || {
        mldsa_spec::ring::sub_vector(&vec![[i32::MIN; N]; 256], &vec![[i32::MAX; N]; 256])
    });
    outside(f, || mldsa_spec::ring::sub_vector(&[[0; N]], &[]));
}

/// j = 256 of a polynomial with every coefficient nonzero, j = 0. Past:
/// j = 257.
#[test]
fn nonzero_count() {
    let f = "nonzero_count";
    assert_eq!(
        inside(f, || mldsa_spec::ring::nonzero_count(&[-1; N], N)),
        N
    );
    inside(f, || mldsa_spec::ring::nonzero_count(&[1; N], 0));
    outside(f, || mldsa_spec::ring::nonzero_count(&[1; N], N + 1));
}

/// i = |h| = 255 with every coefficient nonzero (65280), i = 0 of none.
/// Past: i = |h| + 1, |h| = 256.
#[test]
fn vector_nonzero_count() {
    let f = "vector_nonzero_count";
    let h = vec![[5; N]; 255];
    assert_eq!(
        inside(f, || mldsa_spec::ring::vector_nonzero_count(&h, 255)),
        255 * N
    );
    inside(f, || mldsa_spec::ring::vector_nonzero_count(&[], 0));
    outside(f, || mldsa_spec::ring::vector_nonzero_count(&h, 256));
    outside(f, || {
        mldsa_spec::ring::vector_nonzero_count(&vec![[0; N]; 256], 0)
    });
}

/// j = 256 of a polynomial with every coefficient nonzero, j = 0. Past:
/// j = 257.
#[test]
fn count_nonzero_prefix() {
    let f = "count_nonzero_prefix";
    assert_eq!(
        inside(f, || mldsa_spec::ring::count_nonzero_prefix(
            &[i32::MIN; N],
            N
        )),
        N
    );
    inside(f, || mldsa_spec::ring::count_nonzero_prefix(&[1; N], 0));
    outside(f, || mldsa_spec::ring::count_nonzero_prefix(&[1; N], N + 1));
}

/// 255 polynomials with every coefficient nonzero (65280), none. Past:
/// 256 polynomials.
#[test]
fn count_nonzero() {
    let f = "count_nonzero";
    assert_eq!(
        inside(f, || mldsa_spec::ring::count_nonzero(&vec![[1; N]; 255])),
        255 * N
    );
    inside(f, || mldsa_spec::ring::count_nonzero(&[]));
    outside(f, || mldsa_spec::ring::count_nonzero(&vec![[0; N]; 256]));
}

/// r = 0 and q - 1. Past: r = -1 and q.
#[test]
fn power2round() {
    let f = "power2round";
    for r in [0, Q - 1] {
        inside(f, || mldsa_spec::rounding::power2round(r));
    }
    for r in [-1, Q] {
        outside(f, || mldsa_spec::rounding::power2round(r));
    }
}

/// The decomposition functions at r = 0 and q - 1 with both gamma2.
/// Past: r = -1 and q, gamma2 = (q-1)/88 + 1 and i32::MIN.
macro_rules! decomposition_edges {
    ($name:ident) => {
        #[doc = "r = 0 and q - 1, both gamma2. Past: r = -1 and q, gamma2 = (q-1)/88 + 1 and i32::MIN."]
        #[test]
        fn $name() {
            let f = stringify!($name);
            for gamma2 in GAMMA2S {
                for r in [0, Q - 1] {
                    inside(f, || mldsa_spec::rounding::$name(r, gamma2));
                }
                for r in [-1, Q] {
                    outside(f, || mldsa_spec::rounding::$name(r, gamma2));
                }
            }
            for gamma2 in [(Q - 1) / 88 + 1, i32::MIN] {
                outside(f, || mldsa_spec::rounding::$name(0, gamma2));
            }
        }
    };
}
decomposition_edges!(decompose);
decomposition_edges!(high_bits);
decomposition_edges!(low_bits);

/// z and r at 0 and q - 1, both gamma2. Past: z = q, r = -1, gamma2 =
/// i32::MIN.
#[test]
fn make_hint() {
    let f = "make_hint";
    for gamma2 in GAMMA2S {
        for (z, r) in [(0, 0), (Q - 1, Q - 1), (0, Q - 1), (Q - 1, 0)] {
            inside(f, || mldsa_spec::rounding::make_hint(z, r, gamma2));
        }
        outside(f, || mldsa_spec::rounding::make_hint(Q, 0, gamma2));
        outside(f, || mldsa_spec::rounding::make_hint(0, -1, gamma2));
    }
    outside(f, || mldsa_spec::rounding::make_hint(0, 0, i32::MIN));
}

/// h = 0 and 1, r = 0 and q - 1, both gamma2. Past: h = 2 and -1, r = q,
/// gamma2 = i32::MIN.
#[test]
fn use_hint() {
    let f = "use_hint";
    for gamma2 in GAMMA2S {
        for h in [0, 1] {
            for r in [0, Q - 1] {
                inside(f, || mldsa_spec::rounding::use_hint(h, r, gamma2));
            }
        }
        outside(f, || mldsa_spec::rounding::use_hint(2, 0, gamma2));
        outside(f, || mldsa_spec::rounding::use_hint(-1, 0, gamma2));
        outside(f, || mldsa_spec::rounding::use_hint(0, Q, gamma2));
    }
    outside(f, || mldsa_spec::rounding::use_hint(0, 0, i32::MIN));
}

/// No entries, 8 entries at 0 and q - 1. Past: a coefficient q.
#[test]
fn power2round_vector() {
    let f = "power2round_vector";
    inside(f, || mldsa_spec::rounding::power2round_vector(&[]));
    inside(f, || {
        mldsa_spec::rounding::power2round_vector(&[[0; N], [Q - 1; N]])
    });
    outside(f, || {
        mldsa_spec::rounding::power2round_vector(&[[0; N], [Q; N]])
    });
}

/// The vector forms of HighBits and LowBits: no entries and entries at 0
/// and q - 1, both gamma2. Past: a coefficient q, gamma2 = i32::MIN.
macro_rules! vector_decomposition_edges {
    ($name:ident) => {
        #[doc = "No entries, entries at 0 and q - 1, both gamma2. Past: a coefficient q, gamma2 = i32::MIN."]
        #[test]
        fn $name() {
            let f = stringify!($name);
            for gamma2 in GAMMA2S {
                inside(f, || mldsa_spec::rounding::$name(&[], gamma2));
                inside(f, || mldsa_spec::rounding::$name(&[[0; N], [Q - 1; N]], gamma2));
                outside(f, || mldsa_spec::rounding::$name(&[[0; N], [Q; N]], gamma2));
            }
            outside(f, || mldsa_spec::rounding::$name(&[[0; N]], i32::MIN));
        }
    };
}
vector_decomposition_edges!(high_bits_vector);
vector_decomposition_edges!(low_bits_vector);

/// No entries, entries at 0 and q - 1, both gamma2. Past: lengths differ,
/// a coefficient q.
#[test]
fn make_hint_vector() {
    let f = "make_hint_vector";
    for gamma2 in GAMMA2S {
        inside(f, || {
            mldsa_spec::rounding::make_hint_vector(&[], &[], gamma2)
        });
        let v = [[0; N], [Q - 1; N]];
        inside(f, || mldsa_spec::rounding::make_hint_vector(&v, &v, gamma2));
        outside(f, || {
            mldsa_spec::rounding::make_hint_vector(&v, &v[..1], gamma2)
        });
        outside(f, || {
            mldsa_spec::rounding::make_hint_vector(&[[Q; N]], &[[0; N]], gamma2)
        });
    }
}

/// No entries, hints 0 and 1 with r at 0 and q - 1, both gamma2. Past:
/// lengths differ, a hint 2.
#[test]
fn use_hint_vector() {
    let f = "use_hint_vector";
    for gamma2 in GAMMA2S {
        inside(f, || {
            mldsa_spec::rounding::use_hint_vector(&[], &[], gamma2)
        });
        let (h, r) = ([[0; N], [1; N]], [[0; N], [Q - 1; N]]);
        inside(f, || mldsa_spec::rounding::use_hint_vector(&h, &r, gamma2));
        outside(f, || {
            mldsa_spec::rounding::use_hint_vector(&h, &r[..1], gamma2)
        });
        outside(f, || {
            mldsa_spec::rounding::use_hint_vector(&[[2; N]], &[[0; N]], gamma2)
        });
    }
}

/// tau = 64 and 0. Past: tau = 65.
#[test]
fn sample_in_ball() {
    let f = "sample_in_ball";
    let c = inside(f, || mldsa_spec::sampling::sample_in_ball(&[3; 32], 64));
    assert_eq!(c.iter().filter(|&&x| x != 0).count(), 64);
    inside(f, || mldsa_spec::sampling::sample_in_ball(&[], 0));
    outside(f, || mldsa_spec::sampling::sample_in_ball(&[3; 32], 65));
}

/// |rho| = 34. Past: 33 and 35.
#[test]
fn rej_ntt_poly() {
    let f = "rej_ntt_poly";
    inside(f, || mldsa_spec::sampling::rej_ntt_poly(&[0xff; 34]));
    outside(f, || mldsa_spec::sampling::rej_ntt_poly(&[0; 33]));
    outside(f, || mldsa_spec::sampling::rej_ntt_poly(&[0; 35]));
}

/// |rho| = 66 with eta = 2 and 4. Past: |rho| = 65, eta = 3.
#[test]
fn rej_bounded_poly() {
    let f = "rej_bounded_poly";
    for eta in [2, 4] {
        inside(f, || {
            mldsa_spec::sampling::rej_bounded_poly(&[0xff; 66], eta)
        });
    }
    outside(f, || mldsa_spec::sampling::rej_bounded_poly(&[0; 65], 2));
    outside(f, || mldsa_spec::sampling::rej_bounded_poly(&[0; 66], 3));
}

/// Every parameter set with mu = usize::MAX - l (mu + r reaches
/// usize::MAX - 1, at 32 bits too) and mu = 0. Past: mu = usize::MAX - l + 1.
#[test]
fn expand_mask() {
    let f = "expand_mask";
    for p in PARAMS {
        let top = usize::MAX - p.l();
        inside(f, || mldsa_spec::sampling::expand_mask(&p, &[1; 64], top));
        inside(f, || mldsa_spec::sampling::expand_mask(&p, &[1; 64], 0));
        outside(f, || {
            mldsa_spec::sampling::expand_mask(&p, &[1; 64], top + 1)
        });
    }
}

/// The planted defect of this check's kind: HintBitUnpack with `k <= 255`
/// dropped from its requires (applied by turning its requires off on an
/// input the weakened one admits). `outside` must then fail, naming the
/// callee whose requires the weakened one does not imply.
#[test]
fn planted_hint_bit_unpack_without_k_bound_is_caught() {
    let (y, omega, k) = (vec![0u8; 511], 255usize, 256usize);
    // The weakened requires admits the input.
    assert!(y.len() == omega + k && omega <= 255);
    let report = violation(|| {
        without_requires_of("hint_bit_unpack", || {
            outside("hint_bit_unpack", || {
                mldsa_spec::conversions::hint_bit_unpack(&y, omega, k)
            })
        })
    })
    .expect("the edge check misses HintBitUnpack without k <= 255");
    assert!(
        report.contains("admitted by its requires") && report.contains("vector_nonzero_count"),
        "{report}"
    );
}

/// The planted defect's other half: at the edge k = 255 the real requires
/// admits, nothing fails, so what the test above catches is the dropped
/// bound.
#[test]
fn planted_defect_control_k_255_passes() {
    assert!(mldsa_spec::conversions::hint_bit_unpack(&[0; 510], 255, 255).is_some());
}
