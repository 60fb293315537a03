//! The per-polynomial loop shapes of the SIMD backends, written once: each
//! backend expands `simd_poly_loops!` with its target feature, vector type
//! and vectors per polynomial, next to its own `load` and `store`, and
//! writes its kernels as one vector operation passed to these loops.

/// Defines `map`, `zip_map`, `zip_into` and `split_into` for one SIMD
/// backend: `$feature` (the `target_feature`), `$v` (the vector type) and
/// `$count` (vectors per polynomial). `load` and `store` must be in scope.
macro_rules! simd_poly_loops {
    ($feature:literal, $v:ty, $count:expr) => {
        /// a <- f(a), vector by vector.
        #[inline]
        #[target_feature(enable = $feature)]
        fn map(a: &mut Poly, f: impl Fn($v) -> $v) {
            for i in 0..$count {
                let v = f(load(&a.coeffs, i));
                store(&mut a.coeffs, i, v);
            }
        }

        /// a <- f(a, b), vector by vector.
        #[inline]
        #[target_feature(enable = $feature)]
        fn zip_map(a: &mut Poly, b: &Poly, f: impl Fn($v, $v) -> $v) {
            for i in 0..$count {
                let v = f(load(&a.coeffs, i), load(&b.coeffs, i));
                store(&mut a.coeffs, i, v);
            }
        }

        /// c <- f(a, b), vector by vector.
        #[inline]
        #[target_feature(enable = $feature)]
        fn zip_into(c: &mut Poly, a: &Poly, b: &Poly, f: impl Fn($v, $v) -> $v) {
            for i in 0..$count {
                store(&mut c.coeffs, i, f(load(&a.coeffs, i), load(&b.coeffs, i)));
            }
        }

        /// (a1, a0) <- f(a0, b), vector by vector.
        #[inline]
        #[target_feature(enable = $feature)]
        fn split_sum(a1: &mut Poly, a0: &mut Poly, b: &Poly, f: impl Fn($v, $v) -> ($v, $v)) {
            for i in 0..$count {
                let (h, l) = f(load(&a0.coeffs, i), load(&b.coeffs, i));
                store(&mut a1.coeffs, i, h);
                store(&mut a0.coeffs, i, l);
            }
        }

        /// (a1, a0) <- f(a), vector by vector.
        #[inline]
        #[target_feature(enable = $feature)]
        fn split_into(a1: &mut Poly, a0: &mut Poly, a: &Poly, f: impl Fn($v) -> ($v, $v)) {
            for i in 0..$count {
                let (h, l) = f(load(&a.coeffs, i));
                store(&mut a1.coeffs, i, h);
                store(&mut a0.coeffs, i, l);
            }
        }
    };
}

/// The lane-wise polynomial kernels of the x86-64 backends, written once
/// over `LaneOps` (the AVX2 kernels of `lanes::avx2`, which the AVX-512
/// token also implements, on 16 lanes): add, sub, shift_left_d, reduce32,
/// caddq, freeze, Power2Round, Decompose, MakeHint, UseHint and the norm
/// check. Expanded after `simd_poly_loops!`, with the backend's target
/// feature, its token (`$isa`, an expression making it) and its vectors
/// per polynomial; the backend defines `lane_sum` (the sum of a register's
/// lanes, as usize) and `any_lane` (whether a lane is nonzero).
#[cfg(target_arch = "x86_64")]
macro_rules! lane_poly_kernels {
    ($feature:literal, $isa:expr, $count:expr) => {
        use crate::backend::lanes::avx2::{self as lane_kernels, LaneOps};

        #[target_feature(enable = $feature)]
        fn add_poly(a: &mut Poly, b: &Poly) {
            let s = $isa;
            zip_map(a, b, |x, y| LaneOps::add_epi32(s, x, y))
        }

        #[target_feature(enable = $feature)]
        fn sub_poly(a: &mut Poly, b: &Poly) {
            let s = $isa;
            zip_map(a, b, |x, y| LaneOps::sub_epi32(s, x, y))
        }

        #[target_feature(enable = $feature)]
        fn shift_left_d_poly(a: &mut Poly) {
            let s = $isa;
            map(a, |x| {
                LaneOps::slli_epi32::<{ crate::params::D as i32 }>(s, x)
            })
        }

        #[target_feature(enable = $feature)]
        fn reduce32_poly(a: &mut Poly) {
            let s = $isa;
            map(a, |x| lane_kernels::reduce32(s, x))
        }

        #[target_feature(enable = $feature)]
        fn caddq_poly(a: &mut Poly) {
            let s = $isa;
            map(a, |x| lane_kernels::caddq(s, x))
        }

        #[target_feature(enable = $feature)]
        fn freeze_poly(a: &mut Poly) {
            let s = $isa;
            map(a, |x| lane_kernels::freeze(s, x))
        }

        #[target_feature(enable = $feature)]
        fn power2round_poly(a1: &mut Poly, a0: &mut Poly, a: &Poly) {
            let s = $isa;
            split_into(a1, a0, a, |x| lane_kernels::power2round(s, x))
        }

        #[target_feature(enable = $feature)]
        fn add_power2round_poly(a1: &mut Poly, a0: &mut Poly, b: &Poly) {
            let s = $isa;
            split_sum(a1, a0, b, |x, y| {
                lane_kernels::power2round(s, lane_kernels::freeze(s, LaneOps::add_epi32(s, x, y)))
            })
        }

        // Out of line, one copy per Gamma2.
        #[inline(never)]
        #[target_feature(enable = $feature)]
        fn decompose_poly<G: Gamma2>(a1: &mut Poly, a0: &mut Poly, a: &Poly) {
            let s = $isa;
            split_into(a1, a0, a, |x| lane_kernels::decompose::<_, G>(s, x))
        }

        #[inline(never)]
        #[target_feature(enable = $feature)]
        fn make_hint_poly<G: Gamma2>(h: &mut Poly, z: &Poly, r: &Poly) -> usize {
            let s = $isa;
            let mut count = LaneOps::setzero_si256(s);
            for i in 0..$count {
                let hint =
                    lane_kernels::make_hint::<_, G>(s, load(&z.coeffs, i), load(&r.coeffs, i));
                count = LaneOps::add_epi32(s, count, hint);
                store(&mut h.coeffs, i, hint);
            }
            lane_sum(count)
        }

        #[inline(never)]
        #[target_feature(enable = $feature)]
        fn use_hint_poly<G: Gamma2>(a: &mut Poly, h: &Poly, r: &Poly) {
            let s = $isa;
            zip_into(a, h, r, |x, y| lane_kernels::use_hint::<_, G>(s, x, y))
        }

        #[target_feature(enable = $feature)]
        fn exceeds_norm_poly(a: &Poly, bound: i32) -> bool {
            let s = $isa;
            let mut any = LaneOps::setzero_si256(s);
            for i in 0..$count {
                any =
                    LaneOps::or_si256(s, any, lane_kernels::exceeds(s, load(&a.coeffs, i), bound));
            }
            any_lane(any)
        }
    };
}
