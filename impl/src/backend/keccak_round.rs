//! The Keccak-f[1600] round shared by the scalar and SIMD permutations.

/// One Keccak-f[1600] round (FIPS 202 section 3.2: theta, rho and pi, chi,
/// iota) on the 25 lanes `$a[x + 5y]`, written out lane by lane so that
/// every index is a constant. The lane operations are parameters, so the
/// scalar and the four-way SIMD permutations share this one text.
macro_rules! keccak_round {
    // $andnot(x, y) = !x & y; $rotl(x, r) rotates each 64-bit lane left by r.
    ($a:ident, $rc:expr, $xor:path, $andnot:path, $rotl:path) => {{
        // theta
        let c0 = $xor($xor($xor($a[0], $a[5]), $xor($a[10], $a[15])), $a[20]);
        let c1 = $xor($xor($xor($a[1], $a[6]), $xor($a[11], $a[16])), $a[21]);
        let c2 = $xor($xor($xor($a[2], $a[7]), $xor($a[12], $a[17])), $a[22]);
        let c3 = $xor($xor($xor($a[3], $a[8]), $xor($a[13], $a[18])), $a[23]);
        let c4 = $xor($xor($xor($a[4], $a[9]), $xor($a[14], $a[19])), $a[24]);
        let d0 = $xor(c4, $rotl(c1, 1));
        let d1 = $xor(c0, $rotl(c2, 1));
        let d2 = $xor(c1, $rotl(c3, 1));
        let d3 = $xor(c2, $rotl(c4, 1));
        let d4 = $xor(c3, $rotl(c0, 1));
        // theta applied, then rho and pi: b[PI(i)] = $rotl(a[i] ^ d[i mod 5], RHO(i))
        let b0 = $xor($a[0], d0);
        let b1 = $rotl($xor($a[6], d1), 44);
        let b2 = $rotl($xor($a[12], d2), 43);
        let b3 = $rotl($xor($a[18], d3), 21);
        let b4 = $rotl($xor($a[24], d4), 14);
        let b5 = $rotl($xor($a[3], d3), 28);
        let b6 = $rotl($xor($a[9], d4), 20);
        let b7 = $rotl($xor($a[10], d0), 3);
        let b8 = $rotl($xor($a[16], d1), 45);
        let b9 = $rotl($xor($a[22], d2), 61);
        let b10 = $rotl($xor($a[1], d1), 1);
        let b11 = $rotl($xor($a[7], d2), 6);
        let b12 = $rotl($xor($a[13], d3), 25);
        let b13 = $rotl($xor($a[19], d4), 8);
        let b14 = $rotl($xor($a[20], d0), 18);
        let b15 = $rotl($xor($a[4], d4), 27);
        let b16 = $rotl($xor($a[5], d0), 36);
        let b17 = $rotl($xor($a[11], d1), 10);
        let b18 = $rotl($xor($a[17], d2), 15);
        let b19 = $rotl($xor($a[23], d3), 56);
        let b20 = $rotl($xor($a[2], d2), 62);
        let b21 = $rotl($xor($a[8], d3), 55);
        let b22 = $rotl($xor($a[14], d4), 39);
        let b23 = $rotl($xor($a[15], d0), 41);
        let b24 = $rotl($xor($a[21], d1), 2);
        // chi
        $a[0] = $xor(b0, $andnot(b1, b2));
        $a[1] = $xor(b1, $andnot(b2, b3));
        $a[2] = $xor(b2, $andnot(b3, b4));
        $a[3] = $xor(b3, $andnot(b4, b0));
        $a[4] = $xor(b4, $andnot(b0, b1));
        $a[5] = $xor(b5, $andnot(b6, b7));
        $a[6] = $xor(b6, $andnot(b7, b8));
        $a[7] = $xor(b7, $andnot(b8, b9));
        $a[8] = $xor(b8, $andnot(b9, b5));
        $a[9] = $xor(b9, $andnot(b5, b6));
        $a[10] = $xor(b10, $andnot(b11, b12));
        $a[11] = $xor(b11, $andnot(b12, b13));
        $a[12] = $xor(b12, $andnot(b13, b14));
        $a[13] = $xor(b13, $andnot(b14, b10));
        $a[14] = $xor(b14, $andnot(b10, b11));
        $a[15] = $xor(b15, $andnot(b16, b17));
        $a[16] = $xor(b16, $andnot(b17, b18));
        $a[17] = $xor(b17, $andnot(b18, b19));
        $a[18] = $xor(b18, $andnot(b19, b15));
        $a[19] = $xor(b19, $andnot(b15, b16));
        $a[20] = $xor(b20, $andnot(b21, b22));
        $a[21] = $xor(b21, $andnot(b22, b23));
        $a[22] = $xor(b22, $andnot(b23, b24));
        $a[23] = $xor(b23, $andnot(b24, b20));
        $a[24] = $xor(b24, $andnot(b20, b21));
        // iota
        $a[0] = $xor($a[0], $rc);
    }};
}
