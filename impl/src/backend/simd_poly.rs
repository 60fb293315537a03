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
