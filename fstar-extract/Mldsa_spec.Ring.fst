module Mldsa_spec.Ring
#set-options "--fuel 0 --ifuel 1 --z3rlimit 100"
open FStar.Mul
open Core_models

/// m mod alpha, the representative in [0, alpha) (section 2.3): Rust\'s
/// remainder m % alpha (in (-alpha, alpha), the sign of m), moved into
/// [0, alpha) when negative.
let modulo (m alpha: i64)
    : Prims.Pure i64
      (requires alpha >. mk_i64 0)
      (ensures
        fun r ->
          let r:i64 = r in
          mk_i64 0 <=. r && r <. alpha &&
          r =.
          (if (m %! alpha <: i64) <. mk_i64 0 <: bool
            then (m %! alpha <: i64) +! alpha <: i64
            else m %! alpha <: i64)) = Core_models.Num.impl_i64__rem_euclid m alpha

/// m mod+- alpha: the unique m\' congruent to m with
/// -ceil(alpha/2) < m\' <= floor(alpha/2) (section 2.3).
let mod_pm (m alpha: i64)
    : Prims.Pure i64
      (requires alpha >. mk_i64 0 && alpha <=. (mk_i64 1 <<! mk_i32 32 <: i64))
      (ensures
        fun r ->
          let r:i64 = r in
          (Rust_primitives.Arithmetic.neg ((alpha +! mk_i64 1 <: i64) /! mk_i64 2 <: i64) <: i64) <.
          r &&
          r <=. (alpha /! mk_i64 2 <: i64) &&
          (modulo r alpha <: i64) =. (modulo m alpha <: i64)) =
  let r:i64 = modulo m alpha in
  if r >. (alpha /! mk_i64 2 <: i64) then r -! alpha else r

/// m mod q as an element of Z_q, in [0, q).
let mod_q (m: i64)
    : Prims.Pure i32
      Prims.l_True
      (ensures
        fun r ->
          let r:i32 = r in
          mk_i32 0 <=. r && r <. Mldsa_spec.Params.v_Q &&
          (cast (r <: i32) <: i64) =. (modulo m (cast (Mldsa_spec.Params.v_Q <: i32) <: i64) <: i64)
      ) = cast (modulo m (cast (Mldsa_spec.Params.v_Q <: i32) <: i64) <: i64) <: i32

/// The zero polynomial.
let zero (_: Prims.unit) : t_Array i32 (mk_usize 256) =
  Rust_primitives.Hax.repeat (mk_i32 0) (mk_usize 256)

/// A vector of `len` zero polynomials.
let zero_vector (len: usize)
    : Prims.Pure (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      Prims.l_True
      (ensures
        fun v ->
          let v:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = v in
          (Alloc.Vec.impl_1__len #(t_Array i32 (mk_usize 256)) #Alloc.Alloc.t_Global v <: usize) =.
          len) =
  Alloc.Vec.from_elem #(t_Array i32 (mk_usize 256)) (zero () <: t_Array i32 (mk_usize 256)) len

/// Every coefficient of w lies in [lo, hi].
let coefficients_in (w: t_Array i32 (mk_usize 256)) (lo hi: i32) : Hax_lib.Prop.t_Prop =
  forall (i: usize).
    b2t (i <. Mldsa_spec.Params.v_N <: bool) ==>
    b2t ((lo <=. (w.[ i ] <: i32) <: bool) && ((w.[ i ] <: i32) <=. hi <: bool))

/// Every coefficient of every entry of v lies in [lo, hi].
let vector_coefficients_in (v: t_Slice (t_Array i32 (mk_usize 256))) (lo hi: i32)
    : Hax_lib.Prop.t_Prop =
  forall (i: usize).
    b2t (i <. (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize) <: bool) ==>
    (forall (j: usize).
        b2t (j <. Mldsa_spec.Params.v_N <: bool) ==>
        b2t
        ((lo <=. ((v.[ i ] <: t_Array i32 (mk_usize 256)).[ j ] <: i32) <: bool) &&
          (((v.[ i ] <: t_Array i32 (mk_usize 256)).[ j ] <: i32) <=. hi <: bool)))

/// v has `len` entries, each with coefficients in [lo, hi]: the shape of
/// every vector the algorithms pass around.
let vector_in (v: t_Slice (t_Array i32 (mk_usize 256))) (len: usize) (lo hi: i32)
    : Hax_lib.Prop.t_Prop =
  b2t ((Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize) =. len <: bool) /\
  vector_coefficients_in v lo hi

/// ||w||_inf for w in R_q: the largest |w_i mod+- q| (section 2.3). The
/// ensures bounds every |w_i mod+- q| by the norm: what Sign needs from
/// ||z||_inf < gamma1 - beta (line 23) for sigEncode\'s range (line 33).
let infinity_norm (w: t_Array i32 (mk_usize 256))
    : Prims.Pure i32
      Prims.l_True
      (ensures
        fun norm ->
          let norm:i32 = norm in
          b2t
          ((mk_i32 0 <=. norm <: bool) &&
            (norm <=. ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! mk_i32 2 <: i32) <: bool)) /\
          (forall (p: usize).
              b2t (p <. Mldsa_spec.Params.v_N <: bool) ==>
              b2t
              ((Core_models.Num.impl_i64__abs (mod_pm (cast (w.[ p ] <: i32) <: i64)
                        (cast (Mldsa_spec.Params.v_Q <: i32) <: i64)
                      <:
                      i64)
                  <:
                  i64) <=.
                (cast (norm <: i32) <: i64)
                <:
                bool))) =
  let max:i32 = mk_i32 0 in
  let max:i32 =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      Mldsa_spec.Params.v_N
      (fun max i ->
          let max:i32 = max in
          let i:usize = i in
          b2t
          ((mk_i32 0 <=. max <: bool) &&
            (max <=. ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! mk_i32 2 <: i32) <: bool)) /\
          (forall (p: usize).
              b2t (p <. i <: bool) ==>
              b2t
              ((Core_models.Num.impl_i64__abs (mod_pm (cast (w.[ p ] <: i32) <: i64)
                        (cast (Mldsa_spec.Params.v_Q <: i32) <: i64)
                      <:
                      i64)
                  <:
                  i64) <=.
                (cast (max <: i32) <: i64)
                <:
                bool)))
      max
      (fun max i ->
          let max:i32 = max in
          let i:usize = i in
          let a:i32 =
            cast (Core_models.Num.impl_i64__abs (mod_pm (cast (w.[ i ] <: i32) <: i64)
                      (cast (Mldsa_spec.Params.v_Q <: i32) <: i64)
                    <:
                    i64)
                <:
                i64)
            <:
            i32
          in
          if a >. max
          then
            let max:i32 = a in
            max
          else max)
  in
  max

/// ||v||_inf for a vector: the largest infinity norm of its entries; the
/// ensures bounds every coefficient\'s |v[r]_p mod+- q| by it.
let vector_infinity_norm (v: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure i32
      Prims.l_True
      (ensures
        fun norm ->
          let norm:i32 = norm in
          b2t
          ((mk_i32 0 <=. norm <: bool) &&
            (norm <=. ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! mk_i32 2 <: i32) <: bool)) /\
          (forall (r: usize).
              b2t
              (r <. (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize) <: bool) ==>
              (forall (p: usize).
                  b2t (p <. Mldsa_spec.Params.v_N <: bool) ==>
                  b2t
                  ((Core_models.Num.impl_i64__abs (mod_pm (cast ((v.[ r ]
                                    <:
                                    t_Array i32 (mk_usize 256)).[ p ]
                                  <:
                                  i32)
                              <:
                              i64)
                            (cast (Mldsa_spec.Params.v_Q <: i32) <: i64)
                          <:
                          i64)
                      <:
                      i64) <=.
                    (cast (norm <: i32) <: i64)
                    <:
                    bool)))) =
  let max:i32 = mk_i32 0 in
  let max:i32 =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
      (fun max i ->
          let max:i32 = max in
          let i:usize = i in
          b2t
          ((mk_i32 0 <=. max <: bool) &&
            (max <=. ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! mk_i32 2 <: i32) <: bool)) /\
          (forall (r: usize).
              b2t (r <. i <: bool) ==>
              (forall (p: usize).
                  b2t (p <. Mldsa_spec.Params.v_N <: bool) ==>
                  b2t
                  ((Core_models.Num.impl_i64__abs (mod_pm (cast ((v.[ r ]
                                    <:
                                    t_Array i32 (mk_usize 256)).[ p ]
                                  <:
                                  i32)
                              <:
                              i64)
                            (cast (Mldsa_spec.Params.v_Q <: i32) <: i64)
                          <:
                          i64)
                      <:
                      i64) <=.
                    (cast (max <: i32) <: i64)
                    <:
                    bool))))
      max
      (fun max i ->
          let max:i32 = max in
          let i:usize = i in
          let a:i32 = infinity_norm (v.[ i ] <: t_Array i32 (mk_usize 256)) in
          if a >. max
          then
            let max:i32 = a in
            max
          else max)
  in
  max

/// a + b in R_q.
let add (a b: t_Array i32 (mk_usize 256))
    : Prims.Pure (t_Array i32 (mk_usize 256))
      Prims.l_True
      (ensures
        fun c ->
          let c:t_Array i32 (mk_usize 256) = c in
          coefficients_in c (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let c:t_Array i32 (mk_usize 256) = zero () in
  let c:t_Array i32 (mk_usize 256) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      Mldsa_spec.Params.v_N
      (fun c temp_1_ ->
          let c:t_Array i32 (mk_usize 256) = c in
          let _:usize = temp_1_ in
          coefficients_in c (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      c
      (fun c i ->
          let c:t_Array i32 (mk_usize 256) = c in
          let i:usize = i in
          let c:t_Array i32 (mk_usize 256) =
            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize c
              i
              (mod_q ((cast (a.[ i ] <: i32) <: i64) +! (cast (b.[ i ] <: i32) <: i64) <: i64)
                <:
                i32)
          in
          c)
  in
  c

/// a - b in R_q.
let sub (a b: t_Array i32 (mk_usize 256))
    : Prims.Pure (t_Array i32 (mk_usize 256))
      Prims.l_True
      (ensures
        fun c ->
          let c:t_Array i32 (mk_usize 256) = c in
          coefficients_in c (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let c:t_Array i32 (mk_usize 256) = zero () in
  let c:t_Array i32 (mk_usize 256) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      Mldsa_spec.Params.v_N
      (fun c temp_1_ ->
          let c:t_Array i32 (mk_usize 256) = c in
          let _:usize = temp_1_ in
          coefficients_in c (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      c
      (fun c i ->
          let c:t_Array i32 (mk_usize 256) = c in
          let i:usize = i in
          let c:t_Array i32 (mk_usize 256) =
            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize c
              i
              (mod_q ((cast (a.[ i ] <: i32) <: i64) -! (cast (b.[ i ] <: i32) <: i64) <: i64)
                <:
                i32)
          in
          c)
  in
  c

/// -a in R_q.
let neg (a: t_Array i32 (mk_usize 256))
    : Prims.Pure (t_Array i32 (mk_usize 256))
      Prims.l_True
      (ensures
        fun c ->
          let c:t_Array i32 (mk_usize 256) = c in
          coefficients_in c (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let c:t_Array i32 (mk_usize 256) = zero () in
  let c:t_Array i32 (mk_usize 256) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      Mldsa_spec.Params.v_N
      (fun c temp_1_ ->
          let c:t_Array i32 (mk_usize 256) = c in
          let _:usize = temp_1_ in
          coefficients_in c (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      c
      (fun c i ->
          let c:t_Array i32 (mk_usize 256) = c in
          let i:usize = i in
          let c:t_Array i32 (mk_usize 256) =
            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize c
              i
              (mod_q (Rust_primitives.Arithmetic.neg (cast (a.[ i ] <: i32) <: i64) <: i64) <: i32)
          in
          c)
  in
  c

/// a * 2^e in R_q (used for t1 * 2^d). e <= 31 keeps a_i * 2^e in i64.
let shift_left (a: t_Array i32 (mk_usize 256)) (e: usize)
    : Prims.Pure (t_Array i32 (mk_usize 256))
      (requires e <=. mk_usize 31)
      (ensures
        fun c ->
          let c:t_Array i32 (mk_usize 256) = c in
          coefficients_in c (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let c:t_Array i32 (mk_usize 256) = zero () in
  let c:t_Array i32 (mk_usize 256) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      Mldsa_spec.Params.v_N
      (fun c temp_1_ ->
          let c:t_Array i32 (mk_usize 256) = c in
          let _:usize = temp_1_ in
          coefficients_in c (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      c
      (fun c i ->
          let c:t_Array i32 (mk_usize 256) = c in
          let i:usize = i in
          let c:t_Array i32 (mk_usize 256) =
            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize c
              i
              (mod_q ((cast (a.[ i ] <: i32) <: i64) <<! e <: i64) <: i32)
          in
          c)
  in
  c

/// u - v for vectors over R_q.
let sub_vector (u v: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      (requires
        (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) u <: usize) =.
        (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize))
      (ensures
        fun w ->
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w in
          vector_in (Alloc.Vec.impl_1__as_slice w <: t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) u <: usize)
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    zero_vector (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) u <: usize)
  in
  let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) u <: usize)
      (fun w temp_1_ ->
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w in
          let _:usize = temp_1_ in
          vector_in (Alloc.Vec.impl_1__as_slice w <: t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) u <: usize)
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      w
      (fun w i ->
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w in
          let i:usize = i in
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (Alloc.Vec.impl_1__as_slice
                      w
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  i
                  (sub (u.[ i ] <: t_Array i32 (mk_usize 256))
                      (v.[ i ] <: t_Array i32 (mk_usize 256))
                    <:
                    t_Array i32 (mk_usize 256))
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
          in
          w)
  in
  w

/// -v for a vector over R_q.
let neg_vector (v: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      Prims.l_True
      (ensures
        fun w ->
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w in
          vector_in (Alloc.Vec.impl_1__as_slice w <: t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    zero_vector (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
  in
  let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
      (fun w temp_1_ ->
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w in
          let _:usize = temp_1_ in
          vector_in (Alloc.Vec.impl_1__as_slice w <: t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      w
      (fun w i ->
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w in
          let i:usize = i in
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (Alloc.Vec.impl_1__as_slice
                      w
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  i
                  (neg (v.[ i ] <: t_Array i32 (mk_usize 256)) <: t_Array i32 (mk_usize 256))
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
          in
          w)
  in
  w

/// Each coefficient mod q: the image of a vector over R in R_q.
let vector_mod_q (v: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      Prims.l_True
      (ensures
        fun w ->
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w in
          vector_in (Alloc.Vec.impl_1__as_slice w <: t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    zero_vector (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
  in
  let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
      (fun w temp_1_ ->
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w in
          let _:usize = temp_1_ in
          vector_in (Alloc.Vec.impl_1__as_slice w <: t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      w
      (fun w i ->
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w in
          let i:usize = i in
          Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
            Mldsa_spec.Params.v_N
            (fun w temp_1_ ->
                let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w in
                let _:usize = temp_1_ in
                vector_in (Alloc.Vec.impl_1__as_slice w <: t_Slice (t_Array i32 (mk_usize 256)))
                  (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
                  (mk_i32 0)
                  (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
            w
            (fun w j ->
                let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w in
                let j:usize = j in
                let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                  Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize
                        (Alloc.Vec.impl_1__as_slice w <: t_Slice (t_Array i32 (mk_usize 256)))
                        i
                        (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (w.[ i ]
                              <:
                              t_Array i32 (mk_usize 256))
                            j
                            (mod_q (cast ((v.[ i ] <: t_Array i32 (mk_usize 256)).[ j ] <: i32)
                                  <:
                                  i64)
                              <:
                              i32)
                          <:
                          t_Array i32 (mk_usize 256))
                      <:
                      t_Slice (t_Array i32 (mk_usize 256)))
                in
                w)
          <:
          Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
  in
  w

/// Each coefficient mod+- q of one polynomial: its representative in R.
let mod_pm_q (c: t_Array i32 (mk_usize 256))
    : Prims.Pure (t_Array i32 (mk_usize 256))
      Prims.l_True
      (ensures
        fun w ->
          let w:t_Array i32 (mk_usize 256) = w in
          coefficients_in w
            ((Rust_primitives.Arithmetic.neg (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) <: i32) /!
              mk_i32 2
              <:
              i32)
            ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! mk_i32 2 <: i32) /\
          (forall (p: usize).
              b2t (p <. Mldsa_spec.Params.v_N <: bool) ==>
              b2t
              ((cast (w.[ p ] <: i32) <: i64) =.
                (mod_pm (cast (c.[ p ] <: i32) <: i64) (cast (Mldsa_spec.Params.v_Q <: i32) <: i64)
                  <:
                  i64)
                <:
                bool))) =
  let w:t_Array i32 (mk_usize 256) = zero () in
  let w:t_Array i32 (mk_usize 256) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      Mldsa_spec.Params.v_N
      (fun w j ->
          let w:t_Array i32 (mk_usize 256) = w in
          let j:usize = j in
          coefficients_in w
            ((Rust_primitives.Arithmetic.neg (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) <: i32) /!
              mk_i32 2
              <:
              i32)
            ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! mk_i32 2 <: i32) /\
          (forall (p: usize).
              b2t (p <. j <: bool) ==>
              b2t
              ((cast (w.[ p ] <: i32) <: i64) =.
                (mod_pm (cast (c.[ p ] <: i32) <: i64) (cast (Mldsa_spec.Params.v_Q <: i32) <: i64)
                  <:
                  i64)
                <:
                bool)))
      w
      (fun w j ->
          let w:t_Array i32 (mk_usize 256) = w in
          let j:usize = j in
          let w:t_Array i32 (mk_usize 256) =
            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize w
              j
              (cast (mod_pm (cast (c.[ j ] <: i32) <: i64)
                      (cast (Mldsa_spec.Params.v_Q <: i32) <: i64)
                    <:
                    i64)
                <:
                i32)
          in
          w)
  in
  w

/// Each coefficient mod+- q: the representative in R of a vector over R_q.
let vector_mod_pm_q (v: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      Prims.l_True
      (ensures
        fun w ->
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w in
          vector_in (Alloc.Vec.impl_1__as_slice w <: t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
            ((Rust_primitives.Arithmetic.neg (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) <: i32) /!
              mk_i32 2
              <:
              i32)
            ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! mk_i32 2 <: i32) /\
          (forall (r: usize).
              b2t
              (r <. (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize) <: bool) ==>
              (forall (p: usize).
                  b2t (p <. Mldsa_spec.Params.v_N <: bool) ==>
                  b2t
                  ((cast ((w.[ r ] <: t_Array i32 (mk_usize 256)).[ p ] <: i32) <: i64) =.
                    (mod_pm (cast ((v.[ r ] <: t_Array i32 (mk_usize 256)).[ p ] <: i32) <: i64)
                        (cast (Mldsa_spec.Params.v_Q <: i32) <: i64)
                      <:
                      i64)
                    <:
                    bool)))) =
  let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    zero_vector (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
  in
  let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
      (fun w i ->
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w in
          let i:usize = i in
          vector_in (Alloc.Vec.impl_1__as_slice w <: t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
            ((Rust_primitives.Arithmetic.neg (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) <: i32) /!
              mk_i32 2
              <:
              i32)
            ((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /! mk_i32 2 <: i32) /\
          (forall (r: usize).
              b2t (r <. i <: bool) ==>
              (forall (p: usize).
                  b2t (p <. Mldsa_spec.Params.v_N <: bool) ==>
                  b2t
                  ((cast ((w.[ r ] <: t_Array i32 (mk_usize 256)).[ p ] <: i32) <: i64) =.
                    (mod_pm (cast ((v.[ r ] <: t_Array i32 (mk_usize 256)).[ p ] <: i32) <: i64)
                        (cast (Mldsa_spec.Params.v_Q <: i32) <: i64)
                      <:
                      i64)
                    <:
                    bool))))
      w
      (fun w i ->
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w in
          let i:usize = i in
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (Alloc.Vec.impl_1__as_slice
                      w
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  i
                  (mod_pm_q (v.[ i ] <: t_Array i32 (mk_usize 256)) <: t_Array i32 (mk_usize 256))
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
          in
          w)
  in
  w

/// Every coefficient of every entry of h is 0 or 1: h is in R_2^k.
let is_binary (h: t_Slice (t_Array i32 (mk_usize 256))) : Hax_lib.Prop.t_Prop =
  vector_coefficients_in h (mk_i32 0) (mk_i32 1)

/// The number of nonzero coefficients among w_0, .., w_{j-1}, by recursion
/// on j: the definition the counting loops below compute (their ensures),
/// a ghost that only contracts and lemmas use. F* unfolds it one step per
/// loop iteration; facts about all of it (a prefix counts at most the
/// whole) are the lemmas of `properties`. The measure is j as a
/// mathematical integer: F* orders ints, not hax\'s boxed machine integers.
let rec nonzero_count (w: t_Array i32 (mk_usize 256)) (j: usize)
    : Prims.Pure usize
      (requires j <=. Mldsa_spec.Params.v_N)
      (ensures
        fun count ->
          let count:usize = count in
          count <=. j)
      (decreases (Rust_primitives.Hax.Int.from_machine j <: Hax_lib.Int.t_Int)) =
  if j =. mk_usize 0
  then mk_usize 0
  else
    (nonzero_count w (j -! mk_usize 1 <: usize) <: usize) +!
    (if (w.[ j -! mk_usize 1 <: usize ] <: i32) <>. mk_i32 0 <: bool then mk_usize 1 else mk_usize 0
    )

#push-options "--fuel 1"

/// The number of nonzero coefficients of w[0..j] (for a hint: its 1\'s).
/// Each step of the invariant unfolds `nonzero_count` once (fuel 1; the
/// modules run with fuel 0).
let count_nonzero_prefix (w: t_Array i32 (mk_usize 256)) (j: usize)
    : Prims.Pure usize
      (requires j <=. Mldsa_spec.Params.v_N)
      (ensures
        fun count ->
          let count:usize = count in
          count <=. j && count =. (nonzero_count w j <: usize)) =
  let count:usize = mk_usize 0 in
  let count:usize =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      j
      (fun count i ->
          let count:usize = count in
          let i:usize = i in
          (count <=. i <: bool) && (count =. (nonzero_count w i <: usize) <: bool))
      count
      (fun count i ->
          let count:usize = count in
          let i:usize = i in
          if (w.[ i ] <: i32) <>. mk_i32 0 <: bool
          then
            let count:usize = count +! mk_usize 1 in
            count
          else count)
  in
  count

#pop-options

/// The number of nonzero coefficients of h[0], .., h[i-1], by recursion on
/// i: the definition [`count_nonzero`] computes.
let rec vector_nonzero_count (h: t_Slice (t_Array i32 (mk_usize 256))) (i: usize)
    : Prims.Pure usize
      (requires
        i <=. (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize) &&
        (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize) <=. mk_usize 255)
      (ensures
        fun count ->
          let count:usize = count in
          count <=. (Mldsa_spec.Params.v_N *! i <: usize))
      (decreases (Rust_primitives.Hax.Int.from_machine i <: Hax_lib.Int.t_Int)) =
  if i =. mk_usize 0
  then mk_usize 0
  else
    (vector_nonzero_count h (i -! mk_usize 1 <: usize) <: usize) +!
    (nonzero_count (h.[ i -! mk_usize 1 <: usize ] <: t_Array i32 (mk_usize 256))
        Mldsa_spec.Params.v_N
      <:
      usize)

#push-options "--fuel 1"

/// The number of nonzero coefficients in a vector of polynomials: for a hint
/// h with binary coefficients, \"the number of 1\'s in h\". HintBitPack writes
/// one byte per nonzero coefficient, whatever its value. Each step of the
/// invariant unfolds `vector_nonzero_count` once (fuel 1).
let count_nonzero (h: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure usize
      (requires
        (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize) <=. mk_usize 255)
      (ensures
        fun count ->
          let count:usize = count in
          count <=.
          (Mldsa_spec.Params.v_N *!
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize)
            <:
            usize) &&
          count =.
          (vector_nonzero_count h
              (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize)
            <:
            usize)) =
  let count:usize = mk_usize 0 in
  let count:usize =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize)
      (fun count i ->
          let count:usize = count in
          let i:usize = i in
          (count <=. (Mldsa_spec.Params.v_N *! i <: usize) <: bool) &&
          (count =. (vector_nonzero_count h i <: usize) <: bool))
      count
      (fun count i ->
          let count:usize = count in
          let i:usize = i in
          let count:usize =
            count +!
            (count_nonzero_prefix (h.[ i ] <: t_Array i32 (mk_usize 256)) Mldsa_spec.Params.v_N
              <:
              usize)
          in
          count)
  in
  count

#pop-options
