module Mldsa_spec.Hash_ml_dsa
#set-options "--fuel 0 --ifuel 1 --z3rlimit 100"
open FStar.Mul
open Core_models

/// A pre-hash function PH of HashML-DSA: the approved hash functions and XOFs
/// (section 5.4.1), all twelve of which ACVP tests.
type t_PreHash =
  | PreHash_Sha2_224_ : t_PreHash
  | PreHash_Sha2_256_ : t_PreHash
  | PreHash_Sha2_384_ : t_PreHash
  | PreHash_Sha2_512_ : t_PreHash
  | PreHash_Sha2_512_224_ : t_PreHash
  | PreHash_Sha2_512_256_ : t_PreHash
  | PreHash_Sha3_224_ : t_PreHash
  | PreHash_Sha3_256_ : t_PreHash
  | PreHash_Sha3_384_ : t_PreHash
  | PreHash_Sha3_512_ : t_PreHash
  | PreHash_Shake128 : t_PreHash
  | PreHash_Shake256 : t_PreHash

let t_PreHash_cast_to_repr (x: t_PreHash) : isize =
  match x <: t_PreHash with
  | PreHash_Sha2_224_  -> mk_isize 0
  | PreHash_Sha2_256_  -> mk_isize 1
  | PreHash_Sha2_384_  -> mk_isize 2
  | PreHash_Sha2_512_  -> mk_isize 3
  | PreHash_Sha2_512_224_  -> mk_isize 4
  | PreHash_Sha2_512_256_  -> mk_isize 5
  | PreHash_Sha3_224_  -> mk_isize 6
  | PreHash_Sha3_256_  -> mk_isize 7
  | PreHash_Sha3_384_  -> mk_isize 8
  | PreHash_Sha3_512_  -> mk_isize 9
  | PreHash_Shake128  -> mk_isize 10
  | PreHash_Shake256  -> mk_isize 11

let impl_1: Core_models.Clone.t_Clone t_PreHash =
  { f_clone = (fun x -> x); f_clone_pre = (fun _ -> True); f_clone_post = (fun _ _ -> True) }

[@@ FStar.Tactics.Typeclasses.tcinstance]
assume
val impl_2': Core_models.Marker.t_Copy t_PreHash

unfold
let impl_2 = impl_2'

[@@ FStar.Tactics.Typeclasses.tcinstance]
assume
val impl_3': Core_models.Fmt.t_Debug t_PreHash

unfold
let impl_3 = impl_3'

[@@ FStar.Tactics.Typeclasses.tcinstance]
assume
val impl_4': Core_models.Marker.t_StructuralPartialEq t_PreHash

unfold
let impl_4 = impl_4'

[@@ FStar.Tactics.Typeclasses.tcinstance]
assume
val impl_5': Core_models.Cmp.t_PartialEq t_PreHash t_PreHash

unfold
let impl_5 = impl_5'

[@@ FStar.Tactics.Typeclasses.tcinstance]
assume
val impl_6': Core_models.Cmp.t_Eq t_PreHash

unfold
let impl_6 = impl_6'

/// The DER encoding of the function's OID, 2.16.840.1.101.3.4.2.x, as the
/// 11 bytes written in the standard (06 09 60 86 48 01 65 03 04 02 x).
/// FIPS 204 writes OID <- IntegerToBytes(0x06096086...02xx, 11); the bytes
/// meant (and tested by ACVP) are the DER bytes in that written order,
/// which is not the little-endian IntegerToBytes of that number.
let impl_PreHash__oid (self: t_PreHash) : t_Array u8 (mk_usize 11) =
  let last:u8 =
    match self <: t_PreHash with
    | PreHash_Sha2_256_  -> mk_u8 1
    | PreHash_Sha2_384_  -> mk_u8 2
    | PreHash_Sha2_512_  -> mk_u8 3
    | PreHash_Sha2_224_  -> mk_u8 4
    | PreHash_Sha2_512_224_  -> mk_u8 5
    | PreHash_Sha2_512_256_  -> mk_u8 6
    | PreHash_Sha3_224_  -> mk_u8 7
    | PreHash_Sha3_256_  -> mk_u8 8
    | PreHash_Sha3_384_  -> mk_u8 9
    | PreHash_Sha3_512_  -> mk_u8 10
    | PreHash_Shake128  -> mk_u8 11
    | PreHash_Shake256  -> mk_u8 12
  in
  let list =
    [
      mk_u8 6; mk_u8 9; mk_u8 96; mk_u8 134; mk_u8 72; mk_u8 1; mk_u8 101; mk_u8 3; mk_u8 4; mk_u8 2;
      last
    ]
  in
  FStar.Pervasives.assert_norm (Prims.eq2 (List.Tot.length list) 11);
  Rust_primitives.Hax.array_of_list 11 list

/// The length of PH(M) in bytes.
let impl_PreHash__digest_len (self: t_PreHash) : usize =
  match self <: t_PreHash with
  | PreHash_Sha2_224_  | PreHash_Sha2_512_224_  | PreHash_Sha3_224_  -> mk_usize 28
  | PreHash_Sha2_256_  | PreHash_Sha2_512_256_  | PreHash_Sha3_256_  -> mk_usize 32
  | PreHash_Shake128  -> mk_usize 32
  | PreHash_Sha2_384_  | PreHash_Sha3_384_  -> mk_usize 48
  | PreHash_Sha2_512_  | PreHash_Sha3_512_  | PreHash_Shake256  -> mk_usize 64

/// PH(M): the digest of the message under ph (256 bits for SHAKE128, 512
/// bits for SHAKE256). hax extracts its signature and contract only (the
/// body calls sha2 / sha3): F* assumes the output length, which this
/// contract checks on every call.
assume
val pre_hash': ph: t_PreHash -> m: t_Slice u8
  -> Prims.Pure (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      Prims.l_True
      (ensures
        fun ph_m ->
          let ph_m:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = ph_m in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global ph_m <: usize) =.
          (impl_PreHash__digest_len ph <: usize))

unfold
let pre_hash = pre_hash'

/// PH(M), see [`pre_hash`].
let impl_PreHash__digest (self: t_PreHash) (m: t_Slice u8) : Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
  pre_hash self m

/// Algorithm 4, HashML-DSA.Sign(sk, M, ctx, PH): a signature of the pre-hash
/// PH(M) under ctx, with randomness rnd (32 zero bytes for the deterministic
/// variant).
let hash_ml_dsa_sign
      (params: Mldsa_spec.Params.t_ParamSet)
      (sk m ctx: t_Slice u8)
      (ph: t_PreHash)
      (rnd: Core_models.Option.t_Option (t_Array u8 (mk_usize 32)))
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
      let (oid: t_Array u8 (mk_usize 11)), (ph_m: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
        match ph <: t_PreHash with
        | PreHash_Sha2_256_  ->
          let oid:t_Array u8 (mk_usize 11) = impl_PreHash__oid ph in
          let ph_m:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = pre_hash ph m in
          oid, ph_m <: (t_Array u8 (mk_usize 11) & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
        | PreHash_Sha2_512_  ->
          let oid:t_Array u8 (mk_usize 11) = impl_PreHash__oid ph in
          let ph_m:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = pre_hash ph m in
          oid, ph_m <: (t_Array u8 (mk_usize 11) & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
        | PreHash_Shake128  ->
          let oid:t_Array u8 (mk_usize 11) = impl_PreHash__oid ph in
          let ph_m:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = pre_hash ph m in
          oid, ph_m <: (t_Array u8 (mk_usize 11) & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
        | PreHash_Sha2_224_
        | PreHash_Sha2_384_
        | PreHash_Sha2_512_224_
        | PreHash_Sha2_512_256_
        | PreHash_Sha3_224_
        | PreHash_Sha3_256_
        | PreHash_Sha3_384_
        | PreHash_Sha3_512_
        | PreHash_Shake256  ->
          impl_PreHash__oid ph, pre_hash ph m
          <:
          (t_Array u8 (mk_usize 11) & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      in
      let oid_ph_m:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
        Alloc.Slice.impl__to_vec #u8 (oid <: t_Slice u8)
      in
      let oid_ph_m:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
        Alloc.Vec.impl_2__extend_from_slice #u8
          #Alloc.Alloc.t_Global
          oid_ph_m
          (Alloc.Vec.impl_1__as_slice ph_m <: t_Slice u8)
      in
      let m_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
        Mldsa_spec.Ml_dsa.format_message (mk_u8 1)
          ctx
          (Alloc.Vec.impl_1__as_slice oid_ph_m <: t_Slice u8)
      in
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

/// Algorithm 5, HashML-DSA.Verify(pk, M, sigma, ctx, PH): whether sigma is a
/// valid HashML-DSA signature of M under ctx.
let hash_ml_dsa_verify
      (params: Mldsa_spec.Params.t_ParamSet)
      (pk m sigma ctx: t_Slice u8)
      (ph: t_PreHash)
    : Prims.Pure (Core_models.Result.t_Result bool Mldsa_spec.Error.t_Error)
      Prims.l_True
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
    let (oid: t_Array u8 (mk_usize 11)), (ph_m: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
      match ph <: t_PreHash with
      | PreHash_Sha2_256_  ->
        let oid:t_Array u8 (mk_usize 11) = impl_PreHash__oid ph in
        let ph_m:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = pre_hash ph m in
        oid, ph_m <: (t_Array u8 (mk_usize 11) & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      | PreHash_Sha2_512_  ->
        let oid:t_Array u8 (mk_usize 11) = impl_PreHash__oid ph in
        let ph_m:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = pre_hash ph m in
        oid, ph_m <: (t_Array u8 (mk_usize 11) & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      | PreHash_Shake128  ->
        let oid:t_Array u8 (mk_usize 11) = impl_PreHash__oid ph in
        let ph_m:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = pre_hash ph m in
        oid, ph_m <: (t_Array u8 (mk_usize 11) & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      | PreHash_Sha2_224_
      | PreHash_Sha2_384_
      | PreHash_Sha2_512_224_
      | PreHash_Sha2_512_256_
      | PreHash_Sha3_224_
      | PreHash_Sha3_256_
      | PreHash_Sha3_384_
      | PreHash_Sha3_512_
      | PreHash_Shake256  ->
        impl_PreHash__oid ph, pre_hash ph m
        <:
        (t_Array u8 (mk_usize 11) & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
    in
    let oid_ph_m:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
      Alloc.Slice.impl__to_vec #u8 (oid <: t_Slice u8)
    in
    let oid_ph_m:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
      Alloc.Vec.impl_2__extend_from_slice #u8
        #Alloc.Alloc.t_Global
        oid_ph_m
        (Alloc.Vec.impl_1__as_slice ph_m <: t_Slice u8)
    in
    let m_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
      Mldsa_spec.Ml_dsa.format_message (mk_u8 1)
        ctx
        (Alloc.Vec.impl_1__as_slice oid_ph_m <: t_Slice u8)
    in
    Core_models.Result.Result_Ok
    (Mldsa_spec.Internal.ml_dsa_verify_internal params
        pk
        (Alloc.Vec.impl_1__as_slice m_prime <: t_Slice u8)
        sigma)
    <:
    Core_models.Result.t_Result bool Mldsa_spec.Error.t_Error
