module Mldsa_spec.Internal
#set-options "--fuel 0 --ifuel 1 --z3rlimit 100"
open FStar.Mul
open Core_models

/// The most iterations of Sign_internal's loop (line 10): 814, the smallest
/// bound FIPS 204 Appendix C (Table 3) allows, which a correct signer exceeds
/// with probability below 2^-256 for every parameter set. Past it,
/// Sign_internal returns bottom ([`Error::SigningAttemptsExhausted`]). It also
/// keeps kappa below 814 * 7 < 2^16.
let v_SIGN_ATTEMPTS_BOUND: usize = mk_usize 814

/// Algorithm 6, ML-DSA.KeyGen_internal(xi): the key pair (pk, sk) from the
/// 32-byte seed xi.
let ml_dsa_key_gen_internal (params: Mldsa_spec.Params.t_ParamSet) (xi: t_Array u8 (mk_usize 32))
    : Prims.Pure (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      Prims.l_True
      (ensures
        fun temp_0_ ->
          let
          (pk: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global),
          (sk: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
            temp_0_
          in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global pk <: usize) =.
          (Mldsa_spec.Params.impl_ParamSet__pk_len params <: usize) &&
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global sk <: usize) =.
          (Mldsa_spec.Params.impl_ParamSet__sk_len params <: usize)) =
  let seed:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Slice.impl__to_vec #u8 (xi <: t_Slice u8)
  in
  let seed:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Vec.impl_2__extend_from_slice #u8
      #Alloc.Alloc.t_Global
      seed
      (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.integer_to_bytes (cast (Mldsa_spec.Params.impl_ParamSet__k
                      params
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
  let seed:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Vec.impl_2__extend_from_slice #u8
      #Alloc.Alloc.t_Global
      seed
      (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.integer_to_bytes (cast (Mldsa_spec.Params.impl_ParamSet__l
                      params
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
  let expanded:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Mldsa_spec.Hash.h (Alloc.Vec.impl_1__as_slice seed <: t_Slice u8) (mk_usize 128)
  in
  let rho:t_Array u8 (mk_usize 32) = Rust_primitives.Hax.repeat (mk_u8 0) (mk_usize 32) in
  let rho:t_Array u8 (mk_usize 32) =
    Core_models.Slice.impl__copy_from_slice #u8
      rho
      (expanded.[ {
            Core_models.Ops.Range.f_start = mk_usize 0;
            Core_models.Ops.Range.f_end = mk_usize 32
          }
          <:
          Core_models.Ops.Range.t_Range usize ]
        <:
        t_Slice u8)
  in
  let rho_prime:t_Array u8 (mk_usize 64) = Rust_primitives.Hax.repeat (mk_u8 0) (mk_usize 64) in
  let rho_prime:t_Array u8 (mk_usize 64) =
    Core_models.Slice.impl__copy_from_slice #u8
      rho_prime
      (expanded.[ {
            Core_models.Ops.Range.f_start = mk_usize 32;
            Core_models.Ops.Range.f_end = mk_usize 96
          }
          <:
          Core_models.Ops.Range.t_Range usize ]
        <:
        t_Slice u8)
  in
  let cap_k:t_Array u8 (mk_usize 32) = Rust_primitives.Hax.repeat (mk_u8 0) (mk_usize 32) in
  let cap_k:t_Array u8 (mk_usize 32) =
    Core_models.Slice.impl__copy_from_slice #u8
      cap_k
      (expanded.[ {
            Core_models.Ops.Range.f_start = mk_usize 96;
            Core_models.Ops.Range.f_end = mk_usize 128
          }
          <:
          Core_models.Ops.Range.t_Range usize ]
        <:
        t_Slice u8)
  in
  let a_hat:Alloc.Vec.t_Vec (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
    Alloc.Alloc.t_Global =
    Mldsa_spec.Sampling.expand_a params rho
  in
  let
  (s1: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
  (s2: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
    Mldsa_spec.Sampling.expand_s params rho_prime
  in
  let a_s1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ntt.ntt_inverse_vector (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ntt.matrix_vector_ntt (
                Alloc.Vec.impl_1__as_slice a_hat
                <:
                t_Slice (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
              (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ntt.ntt_vector (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ring.vector_mod_q
                              (Alloc.Vec.impl_1__as_slice s1 <: t_Slice (t_Array i32 (mk_usize 256))
                              )
                            <:
                            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                        <:
                        t_Slice (t_Array i32 (mk_usize 256)))
                    <:
                    Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
            <:
            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
        <:
        t_Slice (t_Array i32 (mk_usize 256)))
  in
  let t:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ntt.add_vector_ntt (Alloc.Vec.impl_1__as_slice a_s1
        <:
        t_Slice (t_Array i32 (mk_usize 256)))
      (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ring.vector_mod_q (Alloc.Vec.impl_1__as_slice s2
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
            <:
            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
        <:
        t_Slice (t_Array i32 (mk_usize 256)))
  in
  let
  (t1: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
  (t0: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
    Mldsa_spec.Rounding.power2round_vector (Alloc.Vec.impl_1__as_slice t
        <:
        t_Slice (t_Array i32 (mk_usize 256)))
  in
  let pk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Mldsa_spec.Encodings.pk_encode params
      rho
      (Alloc.Vec.impl_1__as_slice t1 <: t_Slice (t_Array i32 (mk_usize 256)))
  in
  let tr:t_Array u8 (mk_usize 64) = Rust_primitives.Hax.repeat (mk_u8 0) (mk_usize 64) in
  let tr:t_Array u8 (mk_usize 64) =
    Core_models.Slice.impl__copy_from_slice #u8
      tr
      (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Hash.h (Alloc.Vec.impl_1__as_slice pk <: t_Slice u8)
              (mk_usize 64)
            <:
            Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
        <:
        t_Slice u8)
  in
  let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Mldsa_spec.Encodings.sk_encode params
      rho
      cap_k
      tr
      (Alloc.Vec.impl_1__as_slice s1 <: t_Slice (t_Array i32 (mk_usize 256)))
      (Alloc.Vec.impl_1__as_slice s2 <: t_Slice (t_Array i32 (mk_usize 256)))
      (Alloc.Vec.impl_1__as_slice t0 <: t_Slice (t_Array i32 (mk_usize 256)))
  in
  pk, sk <: (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)

/// Algorithm 7 lines 2 to 5 and 7 to 34: everything after skDecode that
/// does not compute mu. Line numbers are Algorithm 7\'s. s1, s2 and t0 are
/// what skDecode returns (its ensures): the lengths and ranges lines 2 to 4
/// and the vector operations after them rely on.
let sign_from_mu
      (params: Mldsa_spec.Params.t_ParamSet)
      (rho cap_k: t_Array u8 (mk_usize 32))
      (s1 s2 t0: t_Slice (t_Array i32 (mk_usize 256)))
      (mu: t_Array u8 (mk_usize 64))
      (rnd: t_Array u8 (mk_usize 32))
    : Prims.Pure
      (Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
          Mldsa_spec.Error.t_Error)
      (requires
        Mldsa_spec.Ring.vector_in s1
          (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
          (((Mldsa_spec.Params.impl_ParamSet__eta params <: i32) +! mk_i32 1 <: i32) -!
            (mk_i32 1 <<! (Mldsa_spec.Params.impl_ParamSet__bitlen_2eta params <: usize) <: i32)
            <:
            i32)
          (Mldsa_spec.Params.impl_ParamSet__eta params <: i32) /\
        Mldsa_spec.Ring.vector_in s2
          (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
          (((Mldsa_spec.Params.impl_ParamSet__eta params <: i32) +! mk_i32 1 <: i32) -!
            (mk_i32 1 <<! (Mldsa_spec.Params.impl_ParamSet__bitlen_2eta params <: usize) <: i32)
            <:
            i32)
          (Mldsa_spec.Params.impl_ParamSet__eta params <: i32) /\
        Mldsa_spec.Ring.vector_in t0
          (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
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
      (ensures
        fun r ->
          let r:Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
            Mldsa_spec.Error.t_Error =
            r
          in
          match
            r
            <:
            Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
              Mldsa_spec.Error.t_Error
          with
          | Core_models.Result.Result_Ok sigma ->
            (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global sigma <: usize) =.
            (Mldsa_spec.Params.impl_ParamSet__sig_len params <: usize)
          | Core_models.Result.Result_Err e ->
            e =. (Mldsa_spec.Error.Error_SigningAttemptsExhausted <: Mldsa_spec.Error.t_Error)) =
  let gamma1:i32 = Mldsa_spec.Params.impl_ParamSet__gamma1 params in
  let gamma2:i32 = Mldsa_spec.Params.impl_ParamSet__gamma2 params in
  let beta:i32 = Mldsa_spec.Params.impl_ParamSet__beta params in
  let s1_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ntt.ntt_vector (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ring.vector_mod_q s1
            <:
            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
        <:
        t_Slice (t_Array i32 (mk_usize 256)))
  in
  let s2_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ntt.ntt_vector (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ring.vector_mod_q s2
            <:
            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
        <:
        t_Slice (t_Array i32 (mk_usize 256)))
  in
  let t0_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ntt.ntt_vector (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ring.vector_mod_q t0
            <:
            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
        <:
        t_Slice (t_Array i32 (mk_usize 256)))
  in
  let a_hat:Alloc.Vec.t_Vec (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
    Alloc.Alloc.t_Global =
    Mldsa_spec.Sampling.expand_a params rho
  in
  let k_rnd_mu:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Slice.impl__to_vec #u8 (cap_k <: t_Slice u8)
  in
  let k_rnd_mu:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Vec.impl_2__extend_from_slice #u8 #Alloc.Alloc.t_Global k_rnd_mu (rnd <: t_Slice u8)
  in
  let k_rnd_mu:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Vec.impl_2__extend_from_slice #u8 #Alloc.Alloc.t_Global k_rnd_mu (mu <: t_Slice u8)
  in
  let rho_double_prime:t_Array u8 (mk_usize 64) =
    Rust_primitives.Hax.repeat (mk_u8 0) (mk_usize 64)
  in
  let rho_double_prime:t_Array u8 (mk_usize 64) =
    Core_models.Slice.impl__copy_from_slice #u8
      rho_double_prime
      (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Hash.h (Alloc.Vec.impl_1__as_slice k_rnd_mu
                <:
                t_Slice u8)
              (mk_usize 64)
            <:
            Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
        <:
        t_Slice u8)
  in
  let (kappa: usize):usize = mk_usize 0 in
  let
  (z_h:
    Core_models.Option.t_Option
    (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
      Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)):Core_models.Option.t_Option
  (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
    Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
    Core_models.Option.Option_None
    <:
    Core_models.Option.t_Option
    (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
      Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
  in
  let c_tilde:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Vec.from_elem #u8
      (mk_u8 0)
      ((Mldsa_spec.Params.impl_ParamSet__lambda params <: usize) /! mk_usize 4 <: usize)
  in
  let (attempts: usize):usize = mk_usize 0 in
  let
  (attempts: usize),
  (c_tilde: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global),
  (kappa: usize),
  (z_h:
    Core_models.Option.t_Option
    (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
      Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)) =
    Rust_primitives.Hax.while_loop (fun temp_0_ ->
          let
          (attempts: usize),
          (c_tilde: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global),
          (kappa: usize),
          (z_h:
            Core_models.Option.t_Option
            (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)) =
            temp_0_
          in
          b2t
          (((Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global c_tilde <: usize) =.
              ((Mldsa_spec.Params.impl_ParamSet__lambda params <: usize) /! mk_usize 4 <: usize)
              <:
              bool) &&
            (attempts <=. v_SIGN_ATTEMPTS_BOUND <: bool) &&
            (kappa =. (attempts *! (Mldsa_spec.Params.impl_ParamSet__l params <: usize) <: usize)
              <:
              bool)) /\
          (match
              z_h
              <:
              Core_models.Option.t_Option
              (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
                Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
            with
            | Core_models.Option.Option_Some (z, h) ->
              Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ring.vector_mod_pm_q
                        (Alloc.Vec.impl_1__as_slice z <: t_Slice (t_Array i32 (mk_usize 256)))
                      <:
                      Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                  <:
                  t_Slice (t_Array i32 (mk_usize 256)))
                (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
                ((Rust_primitives.Arithmetic.neg ((Mldsa_spec.Params.impl_ParamSet__gamma1 params
                          <:
                          i32) -!
                        (Mldsa_spec.Params.impl_ParamSet__beta params <: i32)
                        <:
                        i32)
                    <:
                    i32) +!
                  mk_i32 1
                  <:
                  i32)
                (((Mldsa_spec.Params.impl_ParamSet__gamma1 params <: i32) -!
                    (Mldsa_spec.Params.impl_ParamSet__beta params <: i32)
                    <:
                    i32) -!
                  mk_i32 1
                  <:
                  i32) /\
              b2t
              (((Alloc.Vec.impl_1__len #(t_Array i32 (mk_usize 256)) #Alloc.Alloc.t_Global h
                    <:
                    usize) =.
                  (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
                  <:
                  bool) &&
                ((Mldsa_spec.Ring.count_nonzero (Alloc.Vec.impl_1__as_slice h
                        <:
                        t_Slice (t_Array i32 (mk_usize 256)))
                    <:
                    usize) <=.
                  (Mldsa_spec.Params.impl_ParamSet__omega params <: usize)
                  <:
                  bool)) /\
              Mldsa_spec.Ring.is_binary (Alloc.Vec.impl_1__as_slice h
                  <:
                  t_Slice (t_Array i32 (mk_usize 256)))
            | Core_models.Option.Option_None  -> b2t true))
      (fun temp_0_ ->
          let
          (attempts: usize),
          (c_tilde: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global),
          (kappa: usize),
          (z_h:
            Core_models.Option.t_Option
            (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)) =
            temp_0_
          in
          (Core_models.Option.impl__is_none #(Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256))
                  Alloc.Alloc.t_Global &
                Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
              z_h
            <:
            bool) &&
          (attempts <. v_SIGN_ATTEMPTS_BOUND <: bool))
      (fun temp_0_ ->
          let
          (attempts: usize),
          (c_tilde: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global),
          (kappa: usize),
          (z_h:
            Core_models.Option.t_Option
            (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)) =
            temp_0_
          in
          Rust_primitives.Hax.Int.from_machine (v_SIGN_ATTEMPTS_BOUND -! attempts <: usize)
          <:
          Hax_lib.Int.t_Int)
      (attempts, c_tilde, kappa, z_h
        <:
        (usize & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global & usize &
          Core_models.Option.t_Option
          (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)))
      (fun temp_0_ ->
          let
          (attempts: usize),
          (c_tilde: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global),
          (kappa: usize),
          (z_h:
            Core_models.Option.t_Option
            (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)) =
            temp_0_
          in
          let attempts:usize = attempts +! mk_usize 1 in
          let y:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Mldsa_spec.Sampling.expand_mask params rho_double_prime kappa
          in
          let w:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Mldsa_spec.Ntt.ntt_inverse_vector (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ntt.matrix_vector_ntt
                      (Alloc.Vec.impl_1__as_slice a_hat
                        <:
                        t_Slice (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
                      (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ntt.ntt_vector (Alloc.Vec.impl_1__as_slice
                                  (Mldsa_spec.Ring.vector_mod_q (Alloc.Vec.impl_1__as_slice y
                                        <:
                                        t_Slice (t_Array i32 (mk_usize 256)))
                                    <:
                                    Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256))
                                      Alloc.Alloc.t_Global)
                                <:
                                t_Slice (t_Array i32 (mk_usize 256)))
                            <:
                            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                        <:
                        t_Slice (t_Array i32 (mk_usize 256)))
                    <:
                    Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
          in
          let w1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Mldsa_spec.Rounding.high_bits_vector (Alloc.Vec.impl_1__as_slice w
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
              gamma2
          in
          let mu_w1:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Slice.impl__to_vec #u8 (mu <: t_Slice u8)
          in
          let mu_w1:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Vec.impl_2__extend_from_slice #u8
              #Alloc.Alloc.t_Global
              mu_w1
              (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Encodings.w1_encode params
                      (Alloc.Vec.impl_1__as_slice w1 <: t_Slice (t_Array i32 (mk_usize 256)))
                    <:
                    Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
                <:
                t_Slice u8)
          in
          let c_tilde:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Mldsa_spec.Hash.h (Alloc.Vec.impl_1__as_slice mu_w1 <: t_Slice u8)
              ((Mldsa_spec.Params.impl_ParamSet__lambda params <: usize) /! mk_usize 4 <: usize)
          in
          let c:t_Array i32 (mk_usize 256) =
            Mldsa_spec.Sampling.sample_in_ball (Alloc.Vec.impl_1__as_slice c_tilde <: t_Slice u8)
              (Mldsa_spec.Params.impl_ParamSet__tau params <: usize)
          in
          let c_hat:t_Array i32 (mk_usize 256) = Mldsa_spec.Ntt.ntt c in
          let c_s1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Mldsa_spec.Ntt.ntt_inverse_vector (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ntt.scalar_vector_ntt
                      c_hat
                      (Alloc.Vec.impl_1__as_slice s1_hat <: t_Slice (t_Array i32 (mk_usize 256)))
                    <:
                    Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
          in
          let c_s2:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Mldsa_spec.Ntt.ntt_inverse_vector (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ntt.scalar_vector_ntt
                      c_hat
                      (Alloc.Vec.impl_1__as_slice s2_hat <: t_Slice (t_Array i32 (mk_usize 256)))
                    <:
                    Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
          in
          let z:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Mldsa_spec.Ntt.add_vector_ntt (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ring.vector_mod_q (
                        Alloc.Vec.impl_1__as_slice y <: t_Slice (t_Array i32 (mk_usize 256)))
                    <:
                    Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
              (Alloc.Vec.impl_1__as_slice c_s1 <: t_Slice (t_Array i32 (mk_usize 256)))
          in
          let w_minus_c_s2:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Mldsa_spec.Ring.sub_vector (Alloc.Vec.impl_1__as_slice w
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
              (Alloc.Vec.impl_1__as_slice c_s2 <: t_Slice (t_Array i32 (mk_usize 256)))
          in
          let r0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Mldsa_spec.Rounding.low_bits_vector (Alloc.Vec.impl_1__as_slice w_minus_c_s2
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
              gamma2
          in
          let z_h:Core_models.Option.t_Option
          (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
            if
              (Mldsa_spec.Ring.vector_infinity_norm (Alloc.Vec.impl_1__as_slice z
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                <:
                i32) >=.
              (gamma1 -! beta <: i32) ||
              (Mldsa_spec.Ring.vector_infinity_norm (Alloc.Vec.impl_1__as_slice r0
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                <:
                i32) >=.
              (gamma2 -! beta <: i32)
            then
              let z_h:Core_models.Option.t_Option
              (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
                Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
                Core_models.Option.Option_None
                <:
                Core_models.Option.t_Option
                (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
                  Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
              in
              z_h
            else
              let c_t0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                Mldsa_spec.Ntt.ntt_inverse_vector (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ntt.scalar_vector_ntt
                          c_hat
                          (Alloc.Vec.impl_1__as_slice t0_hat <: t_Slice (t_Array i32 (mk_usize 256))
                          )
                        <:
                        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
              in
              let h:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                Mldsa_spec.Rounding.make_hint_vector (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ring.neg_vector
                          (Alloc.Vec.impl_1__as_slice c_t0 <: t_Slice (t_Array i32 (mk_usize 256)))
                        <:
                        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ntt.add_vector_ntt (Alloc.Vec.impl_1__as_slice
                              w_minus_c_s2
                            <:
                            t_Slice (t_Array i32 (mk_usize 256)))
                          (Alloc.Vec.impl_1__as_slice c_t0 <: t_Slice (t_Array i32 (mk_usize 256)))
                        <:
                        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  gamma2
              in
              if
                (Mldsa_spec.Ring.vector_infinity_norm (Alloc.Vec.impl_1__as_slice c_t0
                      <:
                      t_Slice (t_Array i32 (mk_usize 256)))
                  <:
                  i32) >=.
                gamma2 ||
                (Mldsa_spec.Ring.count_nonzero (Alloc.Vec.impl_1__as_slice h
                      <:
                      t_Slice (t_Array i32 (mk_usize 256)))
                  <:
                  usize) >.
                (Mldsa_spec.Params.impl_ParamSet__omega params <: usize)
              then
                let z_h:Core_models.Option.t_Option
                (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
                  Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
                  Core_models.Option.Option_None
                  <:
                  Core_models.Option.t_Option
                  (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
                    Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                in
                z_h
              else
                let z_h:Core_models.Option.t_Option
                (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
                  Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
                  Core_models.Option.Option_Some
                  (z, h
                    <:
                    (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
                      Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
                  <:
                  Core_models.Option.t_Option
                  (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
                    Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                in
                z_h
          in
          let kappa:usize = kappa +! (Mldsa_spec.Params.impl_ParamSet__l params <: usize) in
          attempts, c_tilde, kappa, z_h
          <:
          (usize & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global & usize &
            Core_models.Option.t_Option
            (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)))
  in
  match
    z_h
    <:
    Core_models.Option.t_Option
    (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
      Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
  with
  | Core_models.Option.Option_Some (z, h) ->
    let sigma:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
      Mldsa_spec.Encodings.sig_encode params
        (Alloc.Vec.impl_1__as_slice c_tilde <: t_Slice u8)
        (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ring.vector_mod_pm_q (Alloc.Vec.impl_1__as_slice z
                  <:
                  t_Slice (t_Array i32 (mk_usize 256)))
              <:
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
          <:
          t_Slice (t_Array i32 (mk_usize 256)))
        (Alloc.Vec.impl_1__as_slice h <: t_Slice (t_Array i32 (mk_usize 256)))
    in
    Core_models.Result.Result_Ok sigma
    <:
    Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) Mldsa_spec.Error.t_Error
  | Core_models.Option.Option_None  ->
    Core_models.Result.Result_Err
    (Mldsa_spec.Error.Error_SigningAttemptsExhausted <: Mldsa_spec.Error.t_Error)
    <:
    Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) Mldsa_spec.Error.t_Error

/// Algorithm 7, ML-DSA.Sign_internal(sk, M\', rnd): a signature of the
/// formatted message M\' with the 32-byte randomness rnd (all zeros for the
/// deterministic variant). A private key of the wrong length is an error.
/// M\' enters Algorithm 7 at line 6 only, through mu; the other lines are
/// [`sign_from_mu`], which the external-mu variant shares.
let ml_dsa_sign_internal
      (params: Mldsa_spec.Params.t_ParamSet)
      (sk m_prime: t_Slice u8)
      (rnd: t_Array u8 (mk_usize 32))
    : Prims.Pure
      (Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
          Mldsa_spec.Error.t_Error)
      Prims.l_True
      (ensures
        fun r ->
          let r:Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
            Mldsa_spec.Error.t_Error =
            r
          in
          match
            r
            <:
            Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
              Mldsa_spec.Error.t_Error
          with
          | Core_models.Result.Result_Ok sigma ->
            (Core_models.Slice.impl__len #u8 sk <: usize) =.
            (Mldsa_spec.Params.impl_ParamSet__sk_len params <: usize) &&
            (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global sigma <: usize) =.
            (Mldsa_spec.Params.impl_ParamSet__sig_len params <: usize)
          | Core_models.Result.Result_Err (Mldsa_spec.Error.Error_WrongLength ) ->
            (Core_models.Slice.impl__len #u8 sk <: usize) <>.
            (Mldsa_spec.Params.impl_ParamSet__sk_len params <: usize)
          | Core_models.Result.Result_Err (Mldsa_spec.Error.Error_SigningAttemptsExhausted ) ->
            (Core_models.Slice.impl__len #u8 sk <: usize) =.
            (Mldsa_spec.Params.impl_ParamSet__sk_len params <: usize)
          | Core_models.Result.Result_Err _ -> false) =
  match
    Mldsa_spec.Encodings.sk_decode params sk
    <:
    Core_models.Result.t_Result
      (t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 64) &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) Mldsa_spec.Error.t_Error
  with
  | Core_models.Result.Result_Ok (rho, cap_k, tr, s1, s2, t0) ->
    let ctx:Mldsa_spec.Hash.t_HContext =
      Mldsa_spec.Hash.h_absorb (Mldsa_spec.Hash.h_absorb (Mldsa_spec.Hash.h_init ()
              <:
              Mldsa_spec.Hash.t_HContext)
            (tr <: t_Slice u8)
          <:
          Mldsa_spec.Hash.t_HContext)
        m_prime
    in
    let (e_ctx: Mldsa_spec.Hash.t_HContext), (mu_bytes: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
      Mldsa_spec.Hash.h_squeeze ctx (mk_usize 64)
    in
    let mu:t_Array u8 (mk_usize 64) = Rust_primitives.Hax.repeat (mk_u8 0) (mk_usize 64) in
    let mu:t_Array u8 (mk_usize 64) =
      Core_models.Slice.impl__copy_from_slice #u8
        mu
        (Alloc.Vec.impl_1__as_slice mu_bytes <: t_Slice u8)
    in
    sign_from_mu params
      rho
      cap_k
      (Alloc.Vec.impl_1__as_slice s1 <: t_Slice (t_Array i32 (mk_usize 256)))
      (Alloc.Vec.impl_1__as_slice s2 <: t_Slice (t_Array i32 (mk_usize 256)))
      (Alloc.Vec.impl_1__as_slice t0 <: t_Slice (t_Array i32 (mk_usize 256)))
      mu
      rnd
  | Core_models.Result.Result_Err err ->
    Core_models.Result.Result_Err err
    <:
    Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) Mldsa_spec.Error.t_Error

/// Algorithm 7 started from a given message representative mu (the
/// \"external mu\" variant that ACVP tests): line 6 is the caller\'s.
let ml_dsa_sign_internal_external_mu
      (params: Mldsa_spec.Params.t_ParamSet)
      (sk: t_Slice u8)
      (mu: t_Array u8 (mk_usize 64))
      (rnd: t_Array u8 (mk_usize 32))
    : Prims.Pure
      (Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
          Mldsa_spec.Error.t_Error)
      Prims.l_True
      (ensures
        fun r ->
          let r:Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
            Mldsa_spec.Error.t_Error =
            r
          in
          match
            r
            <:
            Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
              Mldsa_spec.Error.t_Error
          with
          | Core_models.Result.Result_Ok sigma ->
            (Core_models.Slice.impl__len #u8 sk <: usize) =.
            (Mldsa_spec.Params.impl_ParamSet__sk_len params <: usize) &&
            (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global sigma <: usize) =.
            (Mldsa_spec.Params.impl_ParamSet__sig_len params <: usize)
          | Core_models.Result.Result_Err (Mldsa_spec.Error.Error_WrongLength ) ->
            (Core_models.Slice.impl__len #u8 sk <: usize) <>.
            (Mldsa_spec.Params.impl_ParamSet__sk_len params <: usize)
          | Core_models.Result.Result_Err (Mldsa_spec.Error.Error_SigningAttemptsExhausted ) ->
            (Core_models.Slice.impl__len #u8 sk <: usize) =.
            (Mldsa_spec.Params.impl_ParamSet__sk_len params <: usize)
          | Core_models.Result.Result_Err _ -> false) =
  match
    Mldsa_spec.Encodings.sk_decode params sk
    <:
    Core_models.Result.t_Result
      (t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 64) &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) Mldsa_spec.Error.t_Error
  with
  | Core_models.Result.Result_Ok (rho, cap_k, e_tr, s1, s2, t0) ->
    sign_from_mu params
      rho
      cap_k
      (Alloc.Vec.impl_1__as_slice s1 <: t_Slice (t_Array i32 (mk_usize 256)))
      (Alloc.Vec.impl_1__as_slice s2 <: t_Slice (t_Array i32 (mk_usize 256)))
      (Alloc.Vec.impl_1__as_slice t0 <: t_Slice (t_Array i32 (mk_usize 256)))
      mu
      rnd
  | Core_models.Result.Result_Err err ->
    Core_models.Result.Result_Err err
    <:
    Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) Mldsa_spec.Error.t_Error

/// Algorithm 8 lines 1 to 5 and 8 to 13: everything that does not compute
/// tr and mu. Line numbers are Algorithm 8\'s.
let verify_from_mu
      (params: Mldsa_spec.Params.t_ParamSet)
      (pk: t_Slice u8)
      (mu: t_Array u8 (mk_usize 64))
      (sigma: t_Slice u8)
    : Prims.Pure bool
      Prims.l_True
      (ensures
        fun valid ->
          let valid:bool = valid in
          ~.valid ||
          (Core_models.Slice.impl__len #u8 pk <: usize) =.
          (Mldsa_spec.Params.impl_ParamSet__pk_len params <: usize) &&
          (Core_models.Slice.impl__len #u8 sigma <: usize) =.
          (Mldsa_spec.Params.impl_ParamSet__sig_len params <: usize)) =
  match
    Mldsa_spec.Encodings.pk_decode params pk
    <:
    Core_models.Result.t_Result
      (t_Array u8 (mk_usize 32) & Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      Mldsa_spec.Error.t_Error
  with
  | Core_models.Result.Result_Ok decoded ->
    let
    (rho: t_Array u8 (mk_usize 32)),
    (t1: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
      decoded
    in
    (match
        Mldsa_spec.Encodings.sig_decode params sigma
        <:
        Core_models.Result.t_Result
          (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global &
            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
            Core_models.Option.t_Option
            (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
          Mldsa_spec.Error.t_Error
      with
      | Core_models.Result.Result_Ok decoded ->
        let
        (c_tilde: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global),
        (z: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
        (h_or_bottom:
          Core_models.Option.t_Option
          (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)) =
          decoded
        in
        (match
            h_or_bottom
            <:
            Core_models.Option.t_Option
            (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
          with
          | Core_models.Option.Option_Some h ->
            let h:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = h in
            let a_hat:Alloc.Vec.t_Vec
              (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
              Alloc.Alloc.t_Global =
              Mldsa_spec.Sampling.expand_a params rho
            in
            let c:t_Array i32 (mk_usize 256) =
              Mldsa_spec.Sampling.sample_in_ball (Alloc.Vec.impl_1__as_slice c_tilde <: t_Slice u8)
                (Mldsa_spec.Params.impl_ParamSet__tau params <: usize)
            in
            let a_z:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
              Mldsa_spec.Ntt.matrix_vector_ntt (Alloc.Vec.impl_1__as_slice a_hat
                  <:
                  t_Slice (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
                (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ntt.ntt_vector (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ring.vector_mod_q
                                (Alloc.Vec.impl_1__as_slice z
                                  <:
                                  t_Slice (t_Array i32 (mk_usize 256)))
                              <:
                              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                          <:
                          t_Slice (t_Array i32 (mk_usize 256)))
                      <:
                      Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                  <:
                  t_Slice (t_Array i32 (mk_usize 256)))
            in
            let t1_2d:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
              Mldsa_spec.Ring.zero_vector (Alloc.Vec.impl_1__len #(t_Array i32 (mk_usize 256))
                    #Alloc.Alloc.t_Global
                    t1
                  <:
                  usize)
            in
            let t1_2d:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
              Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
                (Alloc.Vec.impl_1__len #(t_Array i32 (mk_usize 256)) #Alloc.Alloc.t_Global t1
                  <:
                  usize)
                (fun t1_2d temp_1_ ->
                    let t1_2d:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                      t1_2d
                    in
                    let _:usize = temp_1_ in
                    Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice t1_2d
                        <:
                        t_Slice (t_Array i32 (mk_usize 256)))
                      (Alloc.Vec.impl_1__len #(t_Array i32 (mk_usize 256)) #Alloc.Alloc.t_Global t1
                        <:
                        usize)
                      (mk_i32 0)
                      (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
                t1_2d
                (fun t1_2d i ->
                    let t1_2d:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                      t1_2d
                    in
                    let i:usize = i in
                    let t1_2d:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                      Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize
                            (Alloc.Vec.impl_1__as_slice t1_2d
                              <:
                              t_Slice (t_Array i32 (mk_usize 256)))
                            i
                            (Mldsa_spec.Ring.shift_left (t1.[ i ] <: t_Array i32 (mk_usize 256))
                                Mldsa_spec.Params.v_D
                              <:
                              t_Array i32 (mk_usize 256))
                          <:
                          t_Slice (t_Array i32 (mk_usize 256)))
                    in
                    t1_2d)
            in
            let c_t1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
              Mldsa_spec.Ntt.scalar_vector_ntt (Mldsa_spec.Ntt.ntt c <: t_Array i32 (mk_usize 256))
                (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ntt.ntt_vector (Alloc.Vec.impl_1__as_slice t1_2d

                          <:
                          t_Slice (t_Array i32 (mk_usize 256)))
                      <:
                      Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                  <:
                  t_Slice (t_Array i32 (mk_usize 256)))
            in
            let w_approx:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
              Mldsa_spec.Ntt.ntt_inverse_vector (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ntt.add_vector_ntt
                        (Alloc.Vec.impl_1__as_slice a_z <: t_Slice (t_Array i32 (mk_usize 256)))
                        (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Ring.neg_vector (Alloc.Vec.impl_1__as_slice
                                    c_t1
                                  <:
                                  t_Slice (t_Array i32 (mk_usize 256)))
                              <:
                              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                          <:
                          t_Slice (t_Array i32 (mk_usize 256)))
                      <:
                      Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                  <:
                  t_Slice (t_Array i32 (mk_usize 256)))
            in
            let w1_prime:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
              Mldsa_spec.Rounding.uuse_hint_vector (Alloc.Vec.impl_1__as_slice h
                  <:
                  t_Slice (t_Array i32 (mk_usize 256)))
                (Alloc.Vec.impl_1__as_slice w_approx <: t_Slice (t_Array i32 (mk_usize 256)))
                (Mldsa_spec.Params.impl_ParamSet__gamma2 params <: i32)
            in
            let mu_w1:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
              Alloc.Slice.impl__to_vec #u8 (mu <: t_Slice u8)
            in
            let mu_w1:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
              Alloc.Vec.impl_2__extend_from_slice #u8
                #Alloc.Alloc.t_Global
                mu_w1
                (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Encodings.w1_encode params
                        (Alloc.Vec.impl_1__as_slice w1_prime <: t_Slice (t_Array i32 (mk_usize 256))
                        )
                      <:
                      Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
                  <:
                  t_Slice u8)
            in
            let c_tilde_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
              Mldsa_spec.Hash.h (Alloc.Vec.impl_1__as_slice mu_w1 <: t_Slice u8)
                ((Mldsa_spec.Params.impl_ParamSet__lambda params <: usize) /! mk_usize 4 <: usize)
            in
            (Mldsa_spec.Ring.vector_infinity_norm (Alloc.Vec.impl_1__as_slice z
                  <:
                  t_Slice (t_Array i32 (mk_usize 256)))
              <:
              i32) <.
            ((Mldsa_spec.Params.impl_ParamSet__gamma1 params <: i32) -!
              (Mldsa_spec.Params.impl_ParamSet__beta params <: i32)
              <:
              i32) &&
            c_tilde =. c_tilde_prime
          | Core_models.Option.Option_None  -> false)
      | Core_models.Result.Result_Err _ -> false)
  | Core_models.Result.Result_Err _ -> false

/// Algorithm 8, ML-DSA.Verify_internal(pk, M\', sigma): whether sigma is a
/// valid signature of the formatted message M\'. Keys and signatures of the
/// wrong length are rejected (false), never a panic.
/// M\' enters Algorithm 8 at line 7 only, through mu (from tr, line 6); the
/// other lines are [`verify_from_mu`], which the external-mu variant shares.
/// A valid signature has the parameter set\'s key and signature lengths.
let ml_dsa_verify_internal (params: Mldsa_spec.Params.t_ParamSet) (pk m_prime sigma: t_Slice u8)
    : Prims.Pure bool
      Prims.l_True
      (ensures
        fun valid ->
          let valid:bool = valid in
          ~.valid ||
          (Core_models.Slice.impl__len #u8 pk <: usize) =.
          (Mldsa_spec.Params.impl_ParamSet__pk_len params <: usize) &&
          (Core_models.Slice.impl__len #u8 sigma <: usize) =.
          (Mldsa_spec.Params.impl_ParamSet__sig_len params <: usize)) =
  let tr:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = Mldsa_spec.Hash.h pk (mk_usize 64) in
  let ctx:Mldsa_spec.Hash.t_HContext =
    Mldsa_spec.Hash.h_absorb (Mldsa_spec.Hash.h_absorb (Mldsa_spec.Hash.h_init ()
            <:
            Mldsa_spec.Hash.t_HContext)
          (Alloc.Vec.impl_1__as_slice tr <: t_Slice u8)
        <:
        Mldsa_spec.Hash.t_HContext)
      m_prime
  in
  let (e_ctx: Mldsa_spec.Hash.t_HContext), (mu_bytes: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
    Mldsa_spec.Hash.h_squeeze ctx (mk_usize 64)
  in
  let mu:t_Array u8 (mk_usize 64) = Rust_primitives.Hax.repeat (mk_u8 0) (mk_usize 64) in
  let mu:t_Array u8 (mk_usize 64) =
    Core_models.Slice.impl__copy_from_slice #u8
      mu
      (Alloc.Vec.impl_1__as_slice mu_bytes <: t_Slice u8)
  in
  verify_from_mu params pk mu sigma

/// Algorithm 8 started from a given message representative mu: lines 6 and
/// 7 are the caller\'s.
let ml_dsa_verify_internal_external_mu
      (params: Mldsa_spec.Params.t_ParamSet)
      (pk: t_Slice u8)
      (mu: t_Array u8 (mk_usize 64))
      (sigma: t_Slice u8)
    : Prims.Pure bool
      Prims.l_True
      (ensures
        fun valid ->
          let valid:bool = valid in
          ~.valid ||
          (Core_models.Slice.impl__len #u8 pk <: usize) =.
          (Mldsa_spec.Params.impl_ParamSet__pk_len params <: usize) &&
          (Core_models.Slice.impl__len #u8 sigma <: usize) =.
          (Mldsa_spec.Params.impl_ParamSet__sig_len params <: usize)) =
  verify_from_mu params pk mu sigma
