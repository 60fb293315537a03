module Mldsa_spec.Sampling
#set-options "--fuel 0 --ifuel 1 --z3rlimit 100"
open FStar.Mul
open Core_models

/// The most iterations a rejection-sampling loop here makes: 2^16. FIPS 204
/// Appendix C allows an implementation to bound these loops, at no fewer
/// iterations than its Table 3 gives (a few hundred for each sampler); 2^16 is
/// far above those, so that no input reachable with a real SHAKE stream stops
/// early, and it is what the `loop_decreases!` measures count down. Should a
/// loop ever reach it, the sampler returns the coefficients drawn so far and
/// zeros for the rest.
let v_SAMPLER_ITERATIONS_BOUND: usize = mk_usize 1 <<! mk_i32 16

/// Every coefficient of c is 0, 1 or -1 (q - 1 in R_q).
let is_ternary (c: t_Array i32 (mk_usize 256)) : Hax_lib.Prop.t_Prop =
  forall (i: usize).
    b2t (i <. Mldsa_spec.Params.v_N <: bool) ==>
    b2t
    (((c.[ i ] <: i32) =. mk_i32 0 <: bool) || ((c.[ i ] <: i32) =. mk_i32 1 <: bool) ||
      ((c.[ i ] <: i32) =. (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) <: bool))

/// Algorithm 29, SampleInBall(rho): the challenge polynomial c, with exactly
/// tau coefficients in {-1, 1} and the rest 0, from the seed rho = c~.
/// The coefficients are returned in R_q (so -1 is q - 1).
let sample_in_ball (rho: t_Slice u8) (tau: usize)
    : Prims.Pure (t_Array i32 (mk_usize 256))
      (requires tau <=. mk_usize 64)
      (ensures
        fun c ->
          let c:t_Array i32 (mk_usize 256) = c in
          b2t
          ((Mldsa_spec.Ring.count_nonzero_prefix c Mldsa_spec.Params.v_N <: usize) =. tau <: bool) /\
          is_ternary c) =
  let c:t_Array i32 (mk_usize 256) = Mldsa_spec.Ring.zero () in
  let ctx:Mldsa_spec.Hash.t_HContext = Mldsa_spec.Hash.h_init () in
  let ctx:Mldsa_spec.Hash.t_HContext = Mldsa_spec.Hash.h_absorb ctx rho in
  let (ctx: Mldsa_spec.Hash.t_HContext), (s: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
    Mldsa_spec.Hash.h_squeeze ctx (mk_usize 8)
  in
  let h:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global =
    Mldsa_spec.Conversions.bytes_to_bits (Alloc.Vec.impl_1__as_slice s <: t_Slice u8)
  in
  let (c: t_Array i32 (mk_usize 256)), (ctx: Mldsa_spec.Hash.t_HContext) =
    Rust_primitives.Hax.Folds.fold_range (Mldsa_spec.Params.v_N -! tau <: usize)
      Mldsa_spec.Params.v_N
      (fun temp_0_ i ->
          let (c: t_Array i32 (mk_usize 256)), (ctx: Mldsa_spec.Hash.t_HContext) = temp_0_ in
          let i:usize = i in
          b2t
          ((Mldsa_spec.Ring.nonzero_count c Mldsa_spec.Params.v_N <: usize) =.
            (i -! (Mldsa_spec.Params.v_N -! tau <: usize) <: usize)
            <:
            bool) /\ is_ternary c /\
          (forall (p: usize).
              b2t (p <. Mldsa_spec.Params.v_N <: bool) ==>
              b2t ((p <. i <: bool) || ((c.[ p ] <: i32) =. mk_i32 0 <: bool))))
      (c, ctx <: (t_Array i32 (mk_usize 256) & Mldsa_spec.Hash.t_HContext))
      (fun temp_0_ i ->
          let (c: t_Array i32 (mk_usize 256)), (ctx: Mldsa_spec.Hash.t_HContext) = temp_0_ in
          let i:usize = i in
          let (next: Mldsa_spec.Hash.t_HContext), (j_bytes: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
          =
            Mldsa_spec.Hash.h_squeeze ctx (mk_usize 1)
          in
          let ctx:Mldsa_spec.Hash.t_HContext = next in
          let j:usize = cast (j_bytes.[ mk_usize 0 ] <: u8) <: usize in
          let (squeezes: usize):usize = mk_usize 0 in
          let (ctx: Mldsa_spec.Hash.t_HContext), (j: usize), (squeezes: usize) =
            Rust_primitives.Hax.while_loop (fun temp_0_ ->
                  let (ctx: Mldsa_spec.Hash.t_HContext), (j: usize), (squeezes: usize) = temp_0_ in
                  b2t
                  ((j <. mk_usize 256 <: bool) && (squeezes <=. v_SAMPLER_ITERATIONS_BOUND <: bool))
              )
              (fun temp_0_ ->
                  let (ctx: Mldsa_spec.Hash.t_HContext), (j: usize), (squeezes: usize) = temp_0_ in
                  (j >. i <: bool) && (squeezes <. v_SAMPLER_ITERATIONS_BOUND <: bool))
              (fun temp_0_ ->
                  let (ctx: Mldsa_spec.Hash.t_HContext), (j: usize), (squeezes: usize) = temp_0_ in
                  Rust_primitives.Hax.Int.from_machine (v_SAMPLER_ITERATIONS_BOUND -! squeezes
                      <:
                      usize)
                  <:
                  Hax_lib.Int.t_Int)
              (ctx, j, squeezes <: (Mldsa_spec.Hash.t_HContext & usize & usize))
              (fun temp_0_ ->
                  let (ctx: Mldsa_spec.Hash.t_HContext), (j: usize), (squeezes: usize) = temp_0_ in
                  let
                  (next: Mldsa_spec.Hash.t_HContext),
                  (j_bytes: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
                    Mldsa_spec.Hash.h_squeeze ctx (mk_usize 1)
                  in
                  let ctx:Mldsa_spec.Hash.t_HContext = next in
                  let j:usize = cast (j_bytes.[ mk_usize 0 ] <: u8) <: usize in
                  let squeezes:usize = squeezes +! mk_usize 1 in
                  ctx, j, squeezes <: (Mldsa_spec.Hash.t_HContext & usize & usize))
          in
          let j:usize =
            if j >. i
            then
              let j:usize = i in
              j
            else j
          in
          let c:t_Array i32 (mk_usize 256) =
            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize c i (c.[ j ] <: i32)
          in
          let c:t_Array i32 (mk_usize 256) =
            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize c
              j
              (if h.[ (i +! tau <: usize) -! Mldsa_spec.Params.v_N <: usize ] <: bool
                then Mldsa_spec.Ring.mod_q (mk_i64 (-1)) <: i32
                else mk_i32 1)
          in
          c, ctx <: (t_Array i32 (mk_usize 256) & Mldsa_spec.Hash.t_HContext))
  in
  c

/// Algorithm 30, RejNTTPoly(rho): a uniformly random element of T_q from the
/// 34-byte seed rho, by rejection sampling on G = SHAKE128.
let rej_ntt_poly (rho: t_Slice u8)
    : Prims.Pure (t_Array i32 (mk_usize 256))
      (requires (Core_models.Slice.impl__len #u8 rho <: usize) =. mk_usize 34)
      (ensures
        fun a_hat ->
          let a_hat:t_Array i32 (mk_usize 256) = a_hat in
          Mldsa_spec.Ring.coefficients_in a_hat
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let a_hat:t_Array i32 (mk_usize 256) = Mldsa_spec.Ring.zero () in
  let j:usize = mk_usize 0 in
  let ctx:Mldsa_spec.Hash.t_GContext = Mldsa_spec.Hash.g_init () in
  let ctx:Mldsa_spec.Hash.t_GContext = Mldsa_spec.Hash.g_absorb ctx rho in
  let (squeezes: usize):usize = mk_usize 0 in
  let
  (a_hat: t_Array i32 (mk_usize 256)),
  (ctx: Mldsa_spec.Hash.t_GContext),
  (j: usize),
  (squeezes: usize) =
    Rust_primitives.Hax.while_loop (fun temp_0_ ->
          let
          (a_hat: t_Array i32 (mk_usize 256)),
          (ctx: Mldsa_spec.Hash.t_GContext),
          (j: usize),
          (squeezes: usize) =
            temp_0_
          in
          b2t
          ((j <=. Mldsa_spec.Params.v_N <: bool) &&
            (squeezes <=. v_SAMPLER_ITERATIONS_BOUND <: bool)) /\
          Mldsa_spec.Ring.coefficients_in a_hat
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      (fun temp_0_ ->
          let
          (a_hat: t_Array i32 (mk_usize 256)),
          (ctx: Mldsa_spec.Hash.t_GContext),
          (j: usize),
          (squeezes: usize) =
            temp_0_
          in
          (j <. Mldsa_spec.Params.v_N <: bool) && (squeezes <. v_SAMPLER_ITERATIONS_BOUND <: bool))
      (fun temp_0_ ->
          let
          (a_hat: t_Array i32 (mk_usize 256)),
          (ctx: Mldsa_spec.Hash.t_GContext),
          (j: usize),
          (squeezes: usize) =
            temp_0_
          in
          Rust_primitives.Hax.Int.from_machine (v_SAMPLER_ITERATIONS_BOUND -! squeezes <: usize)
          <:
          Hax_lib.Int.t_Int)
      (a_hat, ctx, j, squeezes
        <:
        (t_Array i32 (mk_usize 256) & Mldsa_spec.Hash.t_GContext & usize & usize))
      (fun temp_0_ ->
          let
          (a_hat: t_Array i32 (mk_usize 256)),
          (ctx: Mldsa_spec.Hash.t_GContext),
          (j: usize),
          (squeezes: usize) =
            temp_0_
          in
          let squeezes:usize = squeezes +! mk_usize 1 in
          let (next: Mldsa_spec.Hash.t_GContext), (s: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
            Mldsa_spec.Hash.g_squeeze ctx (mk_usize 3)
          in
          let ctx:Mldsa_spec.Hash.t_GContext = next in
          let coefficient:Core_models.Option.t_Option i32 =
            Mldsa_spec.Conversions.coeff_from_three_bytes (s.[ mk_usize 0 ] <: u8)
              (s.[ mk_usize 1 ] <: u8)
              (s.[ mk_usize 2 ] <: u8)
          in
          match coefficient <: Core_models.Option.t_Option i32 with
          | Core_models.Option.Option_Some value ->
            let a_hat:t_Array i32 (mk_usize 256) =
              Rust_primitives.Hax.Monomorphized_update_at.update_at_usize a_hat j value
            in
            let j:usize = j +! mk_usize 1 in
            a_hat, ctx, j, squeezes
            <:
            (t_Array i32 (mk_usize 256) & Mldsa_spec.Hash.t_GContext & usize & usize)
          | _ ->
            a_hat, ctx, j, squeezes
            <:
            (t_Array i32 (mk_usize 256) & Mldsa_spec.Hash.t_GContext & usize & usize))
  in
  a_hat

/// Algorithm 31, RejBoundedPoly(rho): a polynomial with coefficients in
/// [-eta, eta] from the 66-byte seed rho, by rejection sampling on
/// H = SHAKE256. Coefficients are returned as signed integers (an element of R).
let rej_bounded_poly (rho: t_Slice u8) (eta: i32)
    : Prims.Pure (t_Array i32 (mk_usize 256))
      (requires
        (Core_models.Slice.impl__len #u8 rho <: usize) =. mk_usize 66 &&
        (eta =. mk_i32 2 || eta =. mk_i32 4))
      (ensures
        fun a ->
          let a:t_Array i32 (mk_usize 256) = a in
          Mldsa_spec.Ring.coefficients_in a (Rust_primitives.Arithmetic.neg eta <: i32) eta) =
  let a:t_Array i32 (mk_usize 256) = Mldsa_spec.Ring.zero () in
  let j:usize = mk_usize 0 in
  let ctx:Mldsa_spec.Hash.t_HContext = Mldsa_spec.Hash.h_init () in
  let ctx:Mldsa_spec.Hash.t_HContext = Mldsa_spec.Hash.h_absorb ctx rho in
  let (squeezes: usize):usize = mk_usize 0 in
  let
  (a: t_Array i32 (mk_usize 256)), (ctx: Mldsa_spec.Hash.t_HContext), (j: usize), (squeezes: usize)
  =
    Rust_primitives.Hax.while_loop (fun temp_0_ ->
          let
          (a: t_Array i32 (mk_usize 256)),
          (ctx: Mldsa_spec.Hash.t_HContext),
          (j: usize),
          (squeezes: usize) =
            temp_0_
          in
          b2t
          ((j <=. Mldsa_spec.Params.v_N <: bool) &&
            (squeezes <=. v_SAMPLER_ITERATIONS_BOUND <: bool)) /\
          Mldsa_spec.Ring.coefficients_in a (Rust_primitives.Arithmetic.neg eta <: i32) eta)
      (fun temp_0_ ->
          let
          (a: t_Array i32 (mk_usize 256)),
          (ctx: Mldsa_spec.Hash.t_HContext),
          (j: usize),
          (squeezes: usize) =
            temp_0_
          in
          (j <. Mldsa_spec.Params.v_N <: bool) && (squeezes <. v_SAMPLER_ITERATIONS_BOUND <: bool))
      (fun temp_0_ ->
          let
          (a: t_Array i32 (mk_usize 256)),
          (ctx: Mldsa_spec.Hash.t_HContext),
          (j: usize),
          (squeezes: usize) =
            temp_0_
          in
          Rust_primitives.Hax.Int.from_machine (v_SAMPLER_ITERATIONS_BOUND -! squeezes <: usize)
          <:
          Hax_lib.Int.t_Int)
      (a, ctx, j, squeezes
        <:
        (t_Array i32 (mk_usize 256) & Mldsa_spec.Hash.t_HContext & usize & usize))
      (fun temp_0_ ->
          let
          (a: t_Array i32 (mk_usize 256)),
          (ctx: Mldsa_spec.Hash.t_HContext),
          (j: usize),
          (squeezes: usize) =
            temp_0_
          in
          let squeezes:usize = squeezes +! mk_usize 1 in
          let (next: Mldsa_spec.Hash.t_HContext), (z: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
            Mldsa_spec.Hash.h_squeeze ctx (mk_usize 1)
          in
          let ctx:Mldsa_spec.Hash.t_HContext = next in
          let z:u8 = z.[ mk_usize 0 ] in
          let z0:Core_models.Option.t_Option i32 =
            Mldsa_spec.Conversions.coeff_from_half_byte (z %! mk_u8 16 <: u8) eta
          in
          let z1:Core_models.Option.t_Option i32 =
            Mldsa_spec.Conversions.coeff_from_half_byte (z /! mk_u8 16 <: u8) eta
          in
          let (a: t_Array i32 (mk_usize 256)), (j: usize) =
            match z0 <: Core_models.Option.t_Option i32 with
            | Core_models.Option.Option_Some value ->
              let a:t_Array i32 (mk_usize 256) =
                Rust_primitives.Hax.Monomorphized_update_at.update_at_usize a j value
              in
              let j:usize = j +! mk_usize 1 in
              a, j <: (t_Array i32 (mk_usize 256) & usize)
            | _ -> a, j <: (t_Array i32 (mk_usize 256) & usize)
          in
          match z1 <: Core_models.Option.t_Option i32 with
          | Core_models.Option.Option_Some value ->
            if j <. Mldsa_spec.Params.v_N
            then
              let a:t_Array i32 (mk_usize 256) =
                Rust_primitives.Hax.Monomorphized_update_at.update_at_usize a j value
              in
              let j:usize = j +! mk_usize 1 in
              a, ctx, j, squeezes
              <:
              (t_Array i32 (mk_usize 256) & Mldsa_spec.Hash.t_HContext & usize & usize)
            else
              a, ctx, j, squeezes
              <:
              (t_Array i32 (mk_usize 256) & Mldsa_spec.Hash.t_HContext & usize & usize)
          | _ ->
            a, ctx, j, squeezes
            <:
            (t_Array i32 (mk_usize 256) & Mldsa_spec.Hash.t_HContext & usize & usize))
  in
  a

/// Algorithm 32, ExpandA(rho): the k x l matrix A_hat over T_q from the
/// 32-byte public seed rho.
let expand_a (params: Mldsa_spec.Params.t_ParamSet) (rho: t_Array u8 (mk_usize 32))
    : Prims.Pure
      (Alloc.Vec.t_Vec (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
          Alloc.Alloc.t_Global)
      Prims.l_True
      (ensures
        fun a_hat ->
          let a_hat:Alloc.Vec.t_Vec
            (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) Alloc.Alloc.t_Global
          =
            a_hat
          in
          b2t
          ((Alloc.Vec.impl_1__len #(Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256))
                    Alloc.Alloc.t_Global)
                #Alloc.Alloc.t_Global
                a_hat
              <:
              usize) =.
            (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
            <:
            bool) /\
          (forall (r: usize).
              b2t
              (r <.
                (Alloc.Vec.impl_1__len #(Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256))
                        Alloc.Alloc.t_Global)
                    #Alloc.Alloc.t_Global
                    a_hat
                  <:
                  usize)
                <:
                bool) ==>
              Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice (a_hat.[ r ]
                      <:
                      Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                  <:
                  t_Slice (t_Array i32 (mk_usize 256)))
                (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
                (mk_i32 0)
                (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))) =
  let
  (a_hat:
    Alloc.Vec.t_Vec (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      Alloc.Alloc.t_Global):Alloc.Vec.t_Vec
    (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) Alloc.Alloc.t_Global =
    Alloc.Vec.impl__new #(Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) ()
  in
  let a_hat:Alloc.Vec.t_Vec (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
    Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
      (fun a_hat r ->
          let a_hat:Alloc.Vec.t_Vec
            (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) Alloc.Alloc.t_Global
          =
            a_hat
          in
          let r:usize = r in
          b2t
          ((Alloc.Vec.impl_1__len #(Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256))
                    Alloc.Alloc.t_Global)
                #Alloc.Alloc.t_Global
                a_hat
              <:
              usize) =.
            r
            <:
            bool) /\
          (forall (i: usize).
              b2t
              (i <.
                (Alloc.Vec.impl_1__len #(Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256))
                        Alloc.Alloc.t_Global)
                    #Alloc.Alloc.t_Global
                    a_hat
                  <:
                  usize)
                <:
                bool) ==>
              Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice (a_hat.[ i ]
                      <:
                      Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                  <:
                  t_Slice (t_Array i32 (mk_usize 256)))
                (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
                (mk_i32 0)
                (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)))
      a_hat
      (fun a_hat r ->
          let a_hat:Alloc.Vec.t_Vec
            (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) Alloc.Alloc.t_Global
          =
            a_hat
          in
          let r:usize = r in
          let (row: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global):Alloc.Vec.t_Vec
            (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Alloc.Vec.impl__new #(t_Array i32 (mk_usize 256)) ()
          in
          let row:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
              (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
              (fun row s ->
                  let row:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = row in
                  let s:usize = s in
                  Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice row
                      <:
                      t_Slice (t_Array i32 (mk_usize 256)))
                    s
                    (mk_i32 0)
                    (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
              row
              (fun row s ->
                  let row:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = row in
                  let s:usize = s in
                  let rho_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
                    Alloc.Slice.impl__to_vec #u8 (rho <: t_Slice u8)
                  in
                  let rho_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
                    Alloc.Vec.impl_2__extend_from_slice #u8
                      #Alloc.Alloc.t_Global
                      rho_prime
                      (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.integer_to_bytes (cast (s
                                    <:
                                    usize)
                                <:
                                u64)
                              (mk_usize 1)
                            <:
                            Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
                        <:
                        t_Slice u8)
                  in
                  let rho_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
                    Alloc.Vec.impl_2__extend_from_slice #u8
                      #Alloc.Alloc.t_Global
                      rho_prime
                      (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.integer_to_bytes (cast (r
                                    <:
                                    usize)
                                <:
                                u64)
                              (mk_usize 1)
                            <:
                            Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
                        <:
                        t_Slice u8)
                  in
                  let row:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                    Alloc.Vec.impl_1__push #(t_Array i32 (mk_usize 256))
                      #Alloc.Alloc.t_Global
                      row
                      (rej_ntt_poly (Alloc.Vec.impl_1__as_slice rho_prime <: t_Slice u8)
                        <:
                        t_Array i32 (mk_usize 256))
                  in
                  row)
          in
          let a_hat:Alloc.Vec.t_Vec
            (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) Alloc.Alloc.t_Global
          =
            Alloc.Vec.impl_1__push #(Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256))
                  Alloc.Alloc.t_Global)
              #Alloc.Alloc.t_Global
              a_hat
              row
          in
          a_hat)
  in
  a_hat

/// Algorithm 33, ExpandS(rho): the secret vectors s1 (length l) and s2
/// (length k), coefficients in [-eta, eta], from the 64-byte seed rho\'.
let expand_s (params: Mldsa_spec.Params.t_ParamSet) (rho: t_Array u8 (mk_usize 64))
    : Prims.Pure
      (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      Prims.l_True
      (ensures
        fun temp_0_ ->
          let
          (s1: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
          (s2: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
            temp_0_
          in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice s1
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
            (Rust_primitives.Arithmetic.neg (Mldsa_spec.Params.impl_ParamSet__eta params <: i32)
              <:
              i32)
            (Mldsa_spec.Params.impl_ParamSet__eta params <: i32) /\
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice s2
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
            (Rust_primitives.Arithmetic.neg (Mldsa_spec.Params.impl_ParamSet__eta params <: i32)
              <:
              i32)
            (Mldsa_spec.Params.impl_ParamSet__eta params <: i32)) =
  let (s1: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global):Alloc.Vec.t_Vec
    (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Alloc.Vec.impl__new #(t_Array i32 (mk_usize 256)) ()
  in
  let (s2: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global):Alloc.Vec.t_Vec
    (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Alloc.Vec.impl__new #(t_Array i32 (mk_usize 256)) ()
  in
  let s1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
      (fun s1 r ->
          let s1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = s1 in
          let r:usize = r in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice s1
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            r
            (Rust_primitives.Arithmetic.neg (Mldsa_spec.Params.impl_ParamSet__eta params <: i32)
              <:
              i32)
            (Mldsa_spec.Params.impl_ParamSet__eta params <: i32))
      s1
      (fun s1 r ->
          let s1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = s1 in
          let r:usize = r in
          let seed:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Slice.impl__to_vec #u8 (rho <: t_Slice u8)
          in
          let seed:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Vec.impl_2__extend_from_slice #u8
              #Alloc.Alloc.t_Global
              seed
              (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.integer_to_bytes (cast (r <: usize
                          )
                        <:
                        u64)
                      (mk_usize 2)
                    <:
                    Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
                <:
                t_Slice u8)
          in
          let s1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Alloc.Vec.impl_1__push #(t_Array i32 (mk_usize 256))
              #Alloc.Alloc.t_Global
              s1
              (rej_bounded_poly (Alloc.Vec.impl_1__as_slice seed <: t_Slice u8)
                  (Mldsa_spec.Params.impl_ParamSet__eta params <: i32)
                <:
                t_Array i32 (mk_usize 256))
          in
          s1)
  in
  let s2:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
      (fun s2 r ->
          let s2:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = s2 in
          let r:usize = r in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice s2
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            r
            (Rust_primitives.Arithmetic.neg (Mldsa_spec.Params.impl_ParamSet__eta params <: i32)
              <:
              i32)
            (Mldsa_spec.Params.impl_ParamSet__eta params <: i32))
      s2
      (fun s2 r ->
          let s2:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = s2 in
          let r:usize = r in
          let seed:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Slice.impl__to_vec #u8 (rho <: t_Slice u8)
          in
          let seed:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Vec.impl_2__extend_from_slice #u8
              #Alloc.Alloc.t_Global
              seed
              (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.integer_to_bytes (cast (r +!
                            (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
                            <:
                            usize)
                        <:
                        u64)
                      (mk_usize 2)
                    <:
                    Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
                <:
                t_Slice u8)
          in
          let s2:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Alloc.Vec.impl_1__push #(t_Array i32 (mk_usize 256))
              #Alloc.Alloc.t_Global
              s2
              (rej_bounded_poly (Alloc.Vec.impl_1__as_slice seed <: t_Slice u8)
                  (Mldsa_spec.Params.impl_ParamSet__eta params <: i32)
                <:
                t_Array i32 (mk_usize 256))
          in
          s2)
  in
  s1, s2
  <:
  (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
    Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)

/// Algorithm 34, ExpandMask(rho, mu): the mask y (length l, coefficients in
/// [-gamma1 + 1, gamma1]) from the 64-byte seed rho\'\' and the counter mu
/// (kappa in Sign_internal). Coefficients are signed (an element of R^l).
/// IntegerToBytes(mu + r, 2) keeps the low 16 bits, as in the standard
/// (Sign_internal\'s bound keeps its kappa below 2^16); mu <= usize::MAX - l
/// keeps mu + r from overflowing, at every width of usize.
let expand_mask (params: Mldsa_spec.Params.t_ParamSet) (rho: t_Array u8 (mk_usize 64)) (mu: usize)
    : Prims.Pure (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      (requires
        mu <=.
        (Core_models.Num.impl_usize__MAX -! (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
          <:
          usize))
      (ensures
        fun y ->
          let y:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = y in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice y
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
            ((Rust_primitives.Arithmetic.neg (Mldsa_spec.Params.impl_ParamSet__gamma1 params <: i32)
                <:
                i32) +!
              mk_i32 1
              <:
              i32)
            (Mldsa_spec.Params.impl_ParamSet__gamma1 params <: i32)) =
  let gamma1:u32 = cast (Mldsa_spec.Params.impl_ParamSet__gamma1 params <: i32) <: u32 in
  let (y: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global):Alloc.Vec.t_Vec
    (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Alloc.Vec.impl__new #(t_Array i32 (mk_usize 256)) ()
  in
  let c:usize = Mldsa_spec.Params.impl_ParamSet__gamma1_bits params in
  let y:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
      (fun y r ->
          let y:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = y in
          let r:usize = r in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice y
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            r
            ((Rust_primitives.Arithmetic.neg (Mldsa_spec.Params.impl_ParamSet__gamma1 params <: i32)
                <:
                i32) +!
              mk_i32 1
              <:
              i32)
            (Mldsa_spec.Params.impl_ParamSet__gamma1 params <: i32))
      y
      (fun y r ->
          let y:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = y in
          let r:usize = r in
          let rho_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Slice.impl__to_vec #u8 (rho <: t_Slice u8)
          in
          let rho_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Vec.impl_2__extend_from_slice #u8
              #Alloc.Alloc.t_Global
              rho_prime
              (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.integer_to_bytes (cast (mu +! r
                            <:
                            usize)
                        <:
                        u64)
                      (mk_usize 2)
                    <:
                    Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
                <:
                t_Slice u8)
          in
          let v:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Mldsa_spec.Hash.h (Alloc.Vec.impl_1__as_slice rho_prime <: t_Slice u8)
              (mk_usize 32 *! c <: usize)
          in
          let y:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Alloc.Vec.impl_1__push #(t_Array i32 (mk_usize 256))
              #Alloc.Alloc.t_Global
              y
              (Mldsa_spec.Conversions.bit_unpack (Alloc.Vec.impl_1__as_slice v <: t_Slice u8)
                  (gamma1 -! mk_u32 1 <: u32)
                  gamma1
                <:
                t_Array i32 (mk_usize 256))
          in
          y)
  in
  y
