module Mldsa_spec.Ml_dsa
#set-options "--fuel 0 --ifuel 1 --z3rlimit 100"
open FStar.Mul
open Core_models

/// Algorithm 1, ML-DSA.KeyGen(): a key pair (pk, sk) from the random seed xi.
let ml_dsa_key_gen
      (params: Mldsa_spec.Params.t_ParamSet)
      (xi: Core_models.Option.t_Option (t_Array u8 (mk_usize 32)))
    : Prims.Pure
      (Core_models.Result.t_Result
          (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
          Mldsa_spec.Error.t_Error)
      Prims.l_True
      (ensures
        fun r ->
          let r:Core_models.Result.t_Result
            (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
            Mldsa_spec.Error.t_Error =
            r
          in
          match
            r
            <:
            Core_models.Result.t_Result
              (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
              Mldsa_spec.Error.t_Error
          with
          | Core_models.Result.Result_Ok (pk, sk) ->
            Core_models.Option.impl__is_some #(t_Array u8 (mk_usize 32)) xi &&
            (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global pk <: usize) =.
            (Mldsa_spec.Params.impl_ParamSet__pk_len params <: usize) &&
            (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global sk <: usize) =.
            (Mldsa_spec.Params.impl_ParamSet__sk_len params <: usize)
          | Core_models.Result.Result_Err e ->
            Core_models.Option.impl__is_none #(t_Array u8 (mk_usize 32)) xi &&
            e =. (Mldsa_spec.Error.Error_RandomBitGenerationFailed <: Mldsa_spec.Error.t_Error)) =
  match xi <: Core_models.Option.t_Option (t_Array u8 (mk_usize 32)) with
  | Core_models.Option.Option_None  ->
    Core_models.Result.Result_Err
    (Mldsa_spec.Error.Error_RandomBitGenerationFailed <: Mldsa_spec.Error.t_Error)
    <:
    Core_models.Result.t_Result
      (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      Mldsa_spec.Error.t_Error
  | Core_models.Option.Option_Some xi ->
    let xi:t_Array u8 (mk_usize 32) = xi in
    Core_models.Result.Result_Ok (Mldsa_spec.Internal.ml_dsa_key_gen_internal params xi)
    <:
    Core_models.Result.t_Result
      (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      Mldsa_spec.Error.t_Error

/// M\' = IntegerToBytes(domain, 1) || IntegerToBytes(|ctx|, 1) || ctx || rest:
/// the formatted message of Algorithms 2 to 5 (domain 0 for pure ML-DSA,
/// 1 for HashML-DSA, where rest is OID || PH_M). M\' must fit usize: rest
/// has at most usize::MAX - 257 bytes, which every slice does whose
/// length fits isize (every slice Rust can hold, at any width).
let format_message (domain: u8) (ctx rest: t_Slice u8)
    : Prims.Pure (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      (requires
        (Core_models.Slice.impl__len #u8 ctx <: usize) <=. mk_usize 255 && domain <=. mk_u8 1 &&
        (Core_models.Slice.impl__len #u8 rest <: usize) <=.
        (Core_models.Num.impl_usize__MAX -! mk_usize 257 <: usize))
      (ensures
        fun m_prime ->
          let m_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = m_prime in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global m_prime <: usize) =.
          ((mk_usize 2 +! (Core_models.Slice.impl__len #u8 ctx <: usize) <: usize) +!
            (Core_models.Slice.impl__len #u8 rest <: usize)
            <:
            usize)) =
  let m_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Mldsa_spec.Conversions.integer_to_bytes (cast (domain <: u8) <: u64) (mk_usize 1)
  in
  let m_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Vec.impl_2__extend_from_slice #u8
      #Alloc.Alloc.t_Global
      m_prime
      (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.integer_to_bytes (cast (Core_models.Slice.impl__len
                      #u8
                      ctx
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
  let m_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Vec.impl_2__extend_from_slice #u8 #Alloc.Alloc.t_Global m_prime ctx
  in
  let m_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Vec.impl_2__extend_from_slice #u8 #Alloc.Alloc.t_Global m_prime rest
  in
  m_prime

/// Algorithm 2, ML-DSA.Sign(sk, M, ctx): a signature of M under the context
/// string ctx (at most 255 bytes) with randomness rnd (32 zero bytes for the
/// deterministic variant). M\' (|M| + |ctx| + 2 bytes) must fit usize.
let ml_dsa_sign
      (params: Mldsa_spec.Params.t_ParamSet)
      (sk m ctx: t_Slice u8)
      (rnd: Core_models.Option.t_Option (t_Array u8 (mk_usize 32)))
    : Prims.Pure
      (Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
          Mldsa_spec.Error.t_Error)
      (requires
        (Core_models.Slice.impl__len #u8 m <: usize) <=.
        (Core_models.Num.impl_usize__MAX -! mk_usize 257 <: usize))
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
            (Core_models.Slice.impl__len #u8 ctx <: usize) <=. mk_usize 255 &&
            Core_models.Option.impl__is_some #(t_Array u8 (mk_usize 32)) rnd &&
            (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global sigma <: usize) =.
            (Mldsa_spec.Params.impl_ParamSet__sig_len params <: usize)
          | Core_models.Result.Result_Err (Mldsa_spec.Error.Error_ContextTooLong ) ->
            (Core_models.Slice.impl__len #u8 ctx <: usize) >. mk_usize 255
          | Core_models.Result.Result_Err (Mldsa_spec.Error.Error_RandomBitGenerationFailed ) ->
            (Core_models.Slice.impl__len #u8 ctx <: usize) <=. mk_usize 255 &&
            Core_models.Option.impl__is_none #(t_Array u8 (mk_usize 32)) rnd
          | Core_models.Result.Result_Err (Mldsa_spec.Error.Error_WrongLength ) ->
            (Core_models.Slice.impl__len #u8 ctx <: usize) <=. mk_usize 255 &&
            (Core_models.Slice.impl__len #u8 sk <: usize) <>.
            (Mldsa_spec.Params.impl_ParamSet__sk_len params <: usize)
          | Core_models.Result.Result_Err (Mldsa_spec.Error.Error_SigningAttemptsExhausted ) ->
            (Core_models.Slice.impl__len #u8 ctx <: usize) <=. mk_usize 255) =
  if (Core_models.Slice.impl__len #u8 ctx <: usize) >. mk_usize 255
  then
    Core_models.Result.Result_Err
    (Mldsa_spec.Error.Error_ContextTooLong <: Mldsa_spec.Error.t_Error)
    <:
    Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) Mldsa_spec.Error.t_Error
  else
    match rnd <: Core_models.Option.t_Option (t_Array u8 (mk_usize 32)) with
    | Core_models.Option.Option_None  ->
      Core_models.Result.Result_Err
      (Mldsa_spec.Error.Error_RandomBitGenerationFailed <: Mldsa_spec.Error.t_Error)
      <:
      Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) Mldsa_spec.Error.t_Error
    | Core_models.Option.Option_Some rnd ->
      let rnd:t_Array u8 (mk_usize 32) = rnd in
      let m_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = format_message (mk_u8 0) ctx m in
      match
        Mldsa_spec.Internal.ml_dsa_sign_internal params
          sk
          (Alloc.Vec.impl_1__as_slice m_prime <: t_Slice u8)
          rnd
        <:
        Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
          Mldsa_spec.Error.t_Error
      with
      | Core_models.Result.Result_Ok sigma ->
        Core_models.Result.Result_Ok sigma
        <:
        Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
          Mldsa_spec.Error.t_Error
      | Core_models.Result.Result_Err err ->
        Core_models.Result.Result_Err err
        <:
        Core_models.Result.t_Result (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
          Mldsa_spec.Error.t_Error

/// Algorithm 3, ML-DSA.Verify(pk, M, sigma, ctx): whether sigma is a valid
/// signature of M under ctx. A context over 255 bytes is an error; a key or
/// signature of the wrong length verifies as false. M\' (|M| + |ctx| + 2
/// bytes) must fit usize.
let ml_dsa_verify (params: Mldsa_spec.Params.t_ParamSet) (pk m sigma ctx: t_Slice u8)
    : Prims.Pure (Core_models.Result.t_Result bool Mldsa_spec.Error.t_Error)
      (requires
        (Core_models.Slice.impl__len #u8 m <: usize) <=.
        (Core_models.Num.impl_usize__MAX -! mk_usize 257 <: usize))
      (ensures
        fun r ->
          let r:Core_models.Result.t_Result bool Mldsa_spec.Error.t_Error = r in
          match r <: Core_models.Result.t_Result bool Mldsa_spec.Error.t_Error with
          | Core_models.Result.Result_Ok _ ->
            (Core_models.Slice.impl__len #u8 ctx <: usize) <=. mk_usize 255
          | Core_models.Result.Result_Err e ->
            (Core_models.Slice.impl__len #u8 ctx <: usize) >. mk_usize 255 &&
            e =. (Mldsa_spec.Error.Error_ContextTooLong <: Mldsa_spec.Error.t_Error)) =
  if (Core_models.Slice.impl__len #u8 ctx <: usize) >. mk_usize 255
  then
    Core_models.Result.Result_Err
    (Mldsa_spec.Error.Error_ContextTooLong <: Mldsa_spec.Error.t_Error)
    <:
    Core_models.Result.t_Result bool Mldsa_spec.Error.t_Error
  else
    let m_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = format_message (mk_u8 0) ctx m in
    Core_models.Result.Result_Ok
    (Mldsa_spec.Internal.ml_dsa_verify_internal params
        pk
        (Alloc.Vec.impl_1__as_slice m_prime <: t_Slice u8)
        sigma)
    <:
    Core_models.Result.t_Result bool Mldsa_spec.Error.t_Error
