module Mldsa_spec.Rounding
#set-options "--fuel 0 --ifuel 1 --z3rlimit 100"
open FStar.Mul
open Core_models

/// gamma2 is one of the two values of Table 1, (q-1)/88 or (q-1)/32.
let is_gamma2 (gamma2: i32) : Hax_lib.Prop.t_Prop =
  b2t
  ((gamma2 =. ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! mk_i32 88 <: i32) <: bool) ||
    (gamma2 =. ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! mk_i32 32 <: i32) <: bool))

/// Algorithm 35, Power2Round(r): (r1, r0) with r1 * 2^d + r0 = r mod q and
/// -2^(d-1) < r0 <= 2^(d-1).
let power2round (r: i32)
    : Prims.Pure (i32 & i32)
      (requires mk_i32 0 <=. r && r <. Mldsa_spec.Params.v_Q)
      (ensures
        fun temp_0_ ->
          let (r1: i32), (r0: i32) = temp_0_ in
          mk_i32 0 <=. r1 &&
          r1 <=. ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) >>! Mldsa_spec.Params.v_D <: i32) &&
          (Rust_primitives.Arithmetic.neg (mk_i32 1 <<!
                (Mldsa_spec.Params.v_D -! mk_usize 1 <: usize)
                <:
                i32)
            <:
            i32) <.
          r0 &&
          r0 <=. (mk_i32 1 <<! (Mldsa_spec.Params.v_D -! mk_usize 1 <: usize) <: i32) &&
          ((r1 <<! Mldsa_spec.Params.v_D <: i32) +! r0 <: i32) =. r) =
  let r_plus:i32 = Mldsa_spec.Ring.mod_q (cast (r <: i32) <: i64) in
  let r0:i32 =
    cast (Mldsa_spec.Ring.mod_pm (cast (r_plus <: i32) <: i64)
          (mk_i64 1 <<! Mldsa_spec.Params.v_D <: i64)
        <:
        i64)
    <:
    i32
  in
  (r_plus -! r0 <: i32) >>! Mldsa_spec.Params.v_D, r0 <: (i32 & i32)

/// Algorithm 36, Decompose(r): (r1, r0) with r = r1 (2 gamma2) + r0 mod q,
/// -gamma2 <= r0 <= gamma2 and 0 <= r1 < (q-1)/(2 gamma2).
/// The ensures pins the one value FIPS 204 gives: either r = r1 (2 gamma2)
/// + r0 exactly with -gamma2 < r0 <= gamma2 (line 2\'s centered remainder),
/// or the wrap of lines 3 to 5, r1 = 0 and r0 = r - q in [-gamma2, 0).
let decompose (r gamma2: i32)
    : Prims.Pure (i32 & i32)
      (requires
        b2t ((mk_i32 0 <=. r <: bool) && (r <. Mldsa_spec.Params.v_Q <: bool)) /\ is_gamma2 gamma2)
      (ensures
        fun temp_0_ ->
          let (r1: i32), (r0: i32) = temp_0_ in
          mk_i32 0 <=. r1 &&
          r1 <. ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! (mk_i32 2 *! gamma2 <: i32) <: i32) &&
          (Rust_primitives.Arithmetic.neg gamma2 <: i32) <=. r0 &&
          r0 <=. gamma2 &&
          (Mldsa_spec.Ring.mod_q ((((cast (r1 <: i32) <: i64) *! mk_i64 2 <: i64) *!
                  (cast (gamma2 <: i32) <: i64)
                  <:
                  i64) +!
                (cast (r0 <: i32) <: i64)
                <:
                i64)
            <:
            i32) =.
          r &&
          ((((r1 *! mk_i32 2 <: i32) *! gamma2 <: i32) +! r0 <: i32) =. r &&
          (Rust_primitives.Arithmetic.neg gamma2 <: i32) <. r0 ||
          r1 =. mk_i32 0 && r0 =. (r -! Mldsa_spec.Params.v_Q <: i32))) =
  let r_plus:i32 = Mldsa_spec.Ring.mod_q (cast (r <: i32) <: i64) in
  let r0:i32 =
    cast (Mldsa_spec.Ring.mod_pm (cast (r_plus <: i32) <: i64)
          (mk_i64 2 *! (cast (gamma2 <: i32) <: i64) <: i64)
        <:
        i64)
    <:
    i32
  in
  if (r_plus -! r0 <: i32) =. (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)
  then mk_i32 0, r0 -! mk_i32 1 <: (i32 & i32)
  else (r_plus -! r0 <: i32) /! (mk_i32 2 *! gamma2 <: i32), r0 <: (i32 & i32)

/// Algorithm 37, HighBits(r): r1 of Decompose(r).
let high_bits (r gamma2: i32)
    : Prims.Pure i32
      (requires
        b2t ((mk_i32 0 <=. r <: bool) && (r <. Mldsa_spec.Params.v_Q <: bool)) /\ is_gamma2 gamma2)
      (ensures
        fun r1 ->
          let r1:i32 = r1 in
          mk_i32 0 <=. r1 &&
          r1 <. ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! (mk_i32 2 *! gamma2 <: i32) <: i32)) =
  let (r1: i32), (e_r0: i32) = decompose r gamma2 in
  r1

/// Algorithm 38, LowBits(r): r0 of Decompose(r).
let low_bits (r gamma2: i32)
    : Prims.Pure i32
      (requires
        b2t ((mk_i32 0 <=. r <: bool) && (r <. Mldsa_spec.Params.v_Q <: bool)) /\ is_gamma2 gamma2)
      (ensures
        fun r0 ->
          let r0:i32 = r0 in
          (Rust_primitives.Arithmetic.neg gamma2 <: i32) <=. r0 && r0 <=. gamma2) =
  let (e_r1: i32), (r0: i32) = decompose r gamma2 in
  r0

/// Algorithm 39, MakeHint(z, r): 1 if adding z to r changes the high bits,
/// else 0. z and r are elements of Z_q.
let make_hint (z r gamma2: i32)
    : Prims.Pure i32
      (requires
        b2t
        ((mk_i32 0 <=. z <: bool) && (z <. Mldsa_spec.Params.v_Q <: bool) &&
          (mk_i32 0 <=. r <: bool) &&
          (r <. Mldsa_spec.Params.v_Q <: bool)) /\ is_gamma2 gamma2)
      (ensures
        fun h ->
          let h:i32 = h in
          h =. mk_i32 0 || h =. mk_i32 1) =
  let r1:i32 = high_bits r gamma2 in
  let v1:i32 =
    high_bits (Mldsa_spec.Ring.mod_q ((cast (r <: i32) <: i64) +! (cast (z <: i32) <: i64) <: i64)
        <:
        i32)
      gamma2
  in
  if r1 <>. v1 then mk_i32 1 else mk_i32 0

/// Algorithm 40, UseHint(h, r): the high bits of r adjusted by the hint h.
/// For |z| <= gamma2, UseHint(MakeHint(z, r), r) = HighBits(r + z).
let uuse_hint (h r gamma2: i32)
    : Prims.Pure i32
      (requires
        b2t
        (((h =. mk_i32 0 <: bool) || (h =. mk_i32 1 <: bool)) && (mk_i32 0 <=. r <: bool) &&
          (r <. Mldsa_spec.Params.v_Q <: bool)) /\ is_gamma2 gamma2)
      (ensures
        fun r1 ->
          let r1:i32 = r1 in
          mk_i32 0 <=. r1 &&
          r1 <. ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! (mk_i32 2 *! gamma2 <: i32) <: i32)) =
  let m:i32 = (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! (mk_i32 2 *! gamma2 <: i32) in
  let (r1: i32), (r0: i32) = decompose r gamma2 in
  if h =. mk_i32 1 && r0 >. mk_i32 0
  then
    cast (Mldsa_spec.Ring.modulo ((cast (r1 <: i32) <: i64) +! mk_i64 1 <: i64)
          (cast (m <: i32) <: i64)
        <:
        i64)
    <:
    i32
  else
    if h =. mk_i32 1 && r0 <=. mk_i32 0
    then
      cast (Mldsa_spec.Ring.modulo ((cast (r1 <: i32) <: i64) -! mk_i64 1 <: i64)
            (cast (m <: i32) <: i64)
          <:
          i64)
      <:
      i32
    else r1

/// Power2Round on every coefficient of a vector over R_q: (t1, t0).
let power2round_vector (t: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure
      (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      (requires
        Mldsa_spec.Ring.vector_in t
          (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) t <: usize)
          (mk_i32 0)
          (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      (ensures
        fun temp_0_ ->
          let
          (t1: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
          (t0: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
            temp_0_
          in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice t1
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) t <: usize)
            (mk_i32 0)
            ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) >>! Mldsa_spec.Params.v_D <: i32) /\
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice t0
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) t <: usize)
            ((Rust_primitives.Arithmetic.neg (mk_i32 1 <<!
                    (Mldsa_spec.Params.v_D -! mk_usize 1 <: usize)
                    <:
                    i32)
                <:
                i32) +!
              mk_i32 1
              <:
              i32)
            (mk_i32 1 <<! (Mldsa_spec.Params.v_D -! mk_usize 1 <: usize) <: i32)) =
  let t1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ring.zero_vector (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) t
        <:
        usize)
  in
  let t0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ring.zero_vector (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) t
        <:
        usize)
  in
  let
  (t0: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
  (t1: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) t <: usize)
      (fun temp_0_ temp_1_ ->
          let
          (t0: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
          (t1: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
            temp_0_
          in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice t1
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) t <: usize)
            (mk_i32 0)
            ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) >>! Mldsa_spec.Params.v_D <: i32) /\
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice t0
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) t <: usize)
            ((Rust_primitives.Arithmetic.neg (mk_i32 1 <<!
                    (Mldsa_spec.Params.v_D -! mk_usize 1 <: usize)
                    <:
                    i32)
                <:
                i32) +!
              mk_i32 1
              <:
              i32)
            (mk_i32 1 <<! (Mldsa_spec.Params.v_D -! mk_usize 1 <: usize) <: i32))
      (t0, t1
        <:
        (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
          Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
      (fun temp_0_ i ->
          let
          (t0: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
          (t1: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
            temp_0_
          in
          let i:usize = i in
          Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
            Mldsa_spec.Params.v_N
            (fun temp_0_ temp_1_ ->
                let
                (t0: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
                (t1: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
                  temp_0_
                in
                let _:usize = temp_1_ in
                Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice t1
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) t <: usize)
                  (mk_i32 0)
                  ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) >>! Mldsa_spec.Params.v_D <: i32) /\
                Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice t0
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) t <: usize)
                  ((Rust_primitives.Arithmetic.neg (mk_i32 1 <<!
                          (Mldsa_spec.Params.v_D -! mk_usize 1 <: usize)
                          <:
                          i32)
                      <:
                      i32) +!
                    mk_i32 1
                    <:
                    i32)
                  (mk_i32 1 <<! (Mldsa_spec.Params.v_D -! mk_usize 1 <: usize) <: i32))
            (t0, t1
              <:
              (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
                Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
            (fun temp_0_ j ->
                let
                (t0: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
                (t1: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
                  temp_0_
                in
                let j:usize = j in
                let (a1: i32), (a0: i32) =
                  power2round ((t.[ i ] <: t_Array i32 (mk_usize 256)).[ j ] <: i32)
                in
                let t1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                  Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize
                        (Alloc.Vec.impl_1__as_slice t1 <: t_Slice (t_Array i32 (mk_usize 256)))
                        i
                        (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (t1.[ i ]
                              <:
                              t_Array i32 (mk_usize 256))
                            j
                            a1
                          <:
                          t_Array i32 (mk_usize 256))
                      <:
                      t_Slice (t_Array i32 (mk_usize 256)))
                in
                let t0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                  Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize
                        (Alloc.Vec.impl_1__as_slice t0 <: t_Slice (t_Array i32 (mk_usize 256)))
                        i
                        (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (t0.[ i ]
                              <:
                              t_Array i32 (mk_usize 256))
                            j
                            a0
                          <:
                          t_Array i32 (mk_usize 256))
                      <:
                      t_Slice (t_Array i32 (mk_usize 256)))
                in
                t0, t1
                <:
                (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
                  Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
          <:
          (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
  in
  t1, t0
  <:
  (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
    Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)

/// HighBits on every coefficient of a vector over R_q.
let high_bits_vector (r: t_Slice (t_Array i32 (mk_usize 256))) (gamma2: i32)
    : Prims.Pure (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      (requires
        Mldsa_spec.Ring.vector_in r
          (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r <: usize)
          (mk_i32 0)
          (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /\ is_gamma2 gamma2)
      (ensures
        fun r1 ->
          let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = r1 in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice r1
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r <: usize)
            (mk_i32 0)
            (((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! (mk_i32 2 *! gamma2 <: i32) <: i32) -!
              mk_i32 1
              <:
              i32)) =
  let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ring.zero_vector (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r
        <:
        usize)
  in
  let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r <: usize)
      (fun r1 temp_1_ ->
          let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = r1 in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice r1
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r <: usize)
            (mk_i32 0)
            (((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! (mk_i32 2 *! gamma2 <: i32) <: i32) -!
              mk_i32 1
              <:
              i32))
      r1
      (fun r1 i ->
          let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = r1 in
          let i:usize = i in
          Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
            Mldsa_spec.Params.v_N
            (fun r1 temp_1_ ->
                let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = r1 in
                let _:usize = temp_1_ in
                Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice r1
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r <: usize)
                  (mk_i32 0)
                  (((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! (mk_i32 2 *! gamma2 <: i32) <: i32
                    ) -!
                    mk_i32 1
                    <:
                    i32))
            r1
            (fun r1 j ->
                let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = r1 in
                let j:usize = j in
                let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                  Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize
                        (Alloc.Vec.impl_1__as_slice r1 <: t_Slice (t_Array i32 (mk_usize 256)))
                        i
                        (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (r1.[ i ]
                              <:
                              t_Array i32 (mk_usize 256))
                            j
                            (high_bits ((r.[ i ] <: t_Array i32 (mk_usize 256)).[ j ] <: i32) gamma2
                              <:
                              i32)
                          <:
                          t_Array i32 (mk_usize 256))
                      <:
                      t_Slice (t_Array i32 (mk_usize 256)))
                in
                r1)
          <:
          Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
  in
  r1

/// LowBits on every coefficient of a vector over R_q; the result is in R
/// (signed coefficients in [-gamma2, gamma2]).
let low_bits_vector (r: t_Slice (t_Array i32 (mk_usize 256))) (gamma2: i32)
    : Prims.Pure (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      (requires
        Mldsa_spec.Ring.vector_in r
          (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r <: usize)
          (mk_i32 0)
          (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /\ is_gamma2 gamma2)
      (ensures
        fun r0 ->
          let r0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = r0 in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice r0
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r <: usize)
            (Rust_primitives.Arithmetic.neg gamma2 <: i32)
            gamma2) =
  let r0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ring.zero_vector (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r
        <:
        usize)
  in
  let r0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r <: usize)
      (fun r0 temp_1_ ->
          let r0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = r0 in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice r0
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r <: usize)
            (Rust_primitives.Arithmetic.neg gamma2 <: i32)
            gamma2)
      r0
      (fun r0 i ->
          let r0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = r0 in
          let i:usize = i in
          Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
            Mldsa_spec.Params.v_N
            (fun r0 temp_1_ ->
                let r0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = r0 in
                let _:usize = temp_1_ in
                Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice r0
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r <: usize)
                  (Rust_primitives.Arithmetic.neg gamma2 <: i32)
                  gamma2)
            r0
            (fun r0 j ->
                let r0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = r0 in
                let j:usize = j in
                let r0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                  Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize
                        (Alloc.Vec.impl_1__as_slice r0 <: t_Slice (t_Array i32 (mk_usize 256)))
                        i
                        (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (r0.[ i ]
                              <:
                              t_Array i32 (mk_usize 256))
                            j
                            (low_bits ((r.[ i ] <: t_Array i32 (mk_usize 256)).[ j ] <: i32) gamma2
                              <:
                              i32)
                          <:
                          t_Array i32 (mk_usize 256))
                      <:
                      t_Slice (t_Array i32 (mk_usize 256)))
                in
                r0)
          <:
          Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
  in
  r0

/// MakeHint on every pair of coefficients of two vectors over R_q.
let make_hint_vector (z r: t_Slice (t_Array i32 (mk_usize 256))) (gamma2: i32)
    : Prims.Pure (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      (requires
        b2t
        ((Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) z <: usize) =.
          (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r <: usize)
          <:
          bool) /\
        Mldsa_spec.Ring.vector_in z
          (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) z <: usize)
          (mk_i32 0)
          (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /\
        Mldsa_spec.Ring.vector_in r
          (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r <: usize)
          (mk_i32 0)
          (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /\ is_gamma2 gamma2)
      (ensures
        fun h ->
          let h:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = h in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice h
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) z <: usize)
            (mk_i32 0)
            (mk_i32 1)) =
  let h:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ring.zero_vector (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) z
        <:
        usize)
  in
  let h:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) z <: usize)
      (fun h temp_1_ ->
          let h:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = h in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice h
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) z <: usize)
            (mk_i32 0)
            (mk_i32 1))
      h
      (fun h i ->
          let h:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = h in
          let i:usize = i in
          Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
            Mldsa_spec.Params.v_N
            (fun h temp_1_ ->
                let h:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = h in
                let _:usize = temp_1_ in
                Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice h
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) z <: usize)
                  (mk_i32 0)
                  (mk_i32 1))
            h
            (fun h j ->
                let h:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = h in
                let j:usize = j in
                let h:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                  Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize
                        (Alloc.Vec.impl_1__as_slice h <: t_Slice (t_Array i32 (mk_usize 256)))
                        i
                        (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (h.[ i ]
                              <:
                              t_Array i32 (mk_usize 256))
                            j
                            (make_hint ((z.[ i ] <: t_Array i32 (mk_usize 256)).[ j ] <: i32)
                                ((r.[ i ] <: t_Array i32 (mk_usize 256)).[ j ] <: i32)
                                gamma2
                              <:
                              i32)
                          <:
                          t_Array i32 (mk_usize 256))
                      <:
                      t_Slice (t_Array i32 (mk_usize 256)))
                in
                h)
          <:
          Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
  in
  h

/// UseHint on every pair of coefficients of a hint vector and a vector over R_q.
let uuse_hint_vector (h r: t_Slice (t_Array i32 (mk_usize 256))) (gamma2: i32)
    : Prims.Pure (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      (requires
        b2t
        ((Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize) =.
          (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r <: usize)
          <:
          bool) /\
        Mldsa_spec.Ring.vector_in h
          (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize)
          (mk_i32 0)
          (mk_i32 1) /\
        Mldsa_spec.Ring.vector_in r
          (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) r <: usize)
          (mk_i32 0)
          (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /\ is_gamma2 gamma2)
      (ensures
        fun r1 ->
          let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = r1 in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice r1
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize)
            (mk_i32 0)
            (((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! (mk_i32 2 *! gamma2 <: i32) <: i32) -!
              mk_i32 1
              <:
              i32)) =
  let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ring.zero_vector (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h
        <:
        usize)
  in
  let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize)
      (fun r1 temp_1_ ->
          let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = r1 in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice r1
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize)
            (mk_i32 0)
            (((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! (mk_i32 2 *! gamma2 <: i32) <: i32) -!
              mk_i32 1
              <:
              i32))
      r1
      (fun r1 i ->
          let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = r1 in
          let i:usize = i in
          Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
            Mldsa_spec.Params.v_N
            (fun r1 temp_1_ ->
                let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = r1 in
                let _:usize = temp_1_ in
                Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice r1
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize)
                  (mk_i32 0)
                  (((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! (mk_i32 2 *! gamma2 <: i32) <: i32
                    ) -!
                    mk_i32 1
                    <:
                    i32))
            r1
            (fun r1 j ->
                let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = r1 in
                let j:usize = j in
                let r1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                  Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize
                        (Alloc.Vec.impl_1__as_slice r1 <: t_Slice (t_Array i32 (mk_usize 256)))
                        i
                        (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (r1.[ i ]
                              <:
                              t_Array i32 (mk_usize 256))
                            j
                            (uuse_hint ((h.[ i ] <: t_Array i32 (mk_usize 256)).[ j ] <: i32)
                                ((r.[ i ] <: t_Array i32 (mk_usize 256)).[ j ] <: i32)
                                gamma2
                              <:
                              i32)
                          <:
                          t_Array i32 (mk_usize 256))
                      <:
                      t_Slice (t_Array i32 (mk_usize 256)))
                in
                r1)
          <:
          Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
  in
  r1
