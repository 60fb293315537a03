module Mldsa_spec.Encodings
#set-options "--fuel 0 --ifuel 1 --z3rlimit 100"
open FStar.Mul
open Core_models

/// 2^(bitlen(q-1) - d) - 1, the largest coefficient of t1.
let v_T1_MAX: u32 =
  (mk_u32 1 <<! (Mldsa_spec.Params.v_BITLEN_Q_MINUS_1_ -! Mldsa_spec.Params.v_D <: usize) <: u32) -!
  mk_u32 1

/// Algorithm 22, pkEncode(rho, t1): the public key, 32 + 32 k (bitlen(q-1) - d)
/// bytes.
let pk_encode
      (params: Mldsa_spec.Params.t_ParamSet)
      (rho: t_Array u8 (mk_usize 32))
      (t1: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      (requires
        Mldsa_spec.Ring.vector_in t1
          (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
          (mk_i32 0)
          (cast (v_T1_MAX <: u32) <: i32))
      (ensures
        fun pk ->
          let pk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = pk in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global pk <: usize) =.
          (Mldsa_spec.Params.impl_ParamSet__pk_len params <: usize)) =
  let pk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Slice.impl__to_vec #u8 (rho <: t_Slice u8)
  in
  let pk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
      (fun pk i ->
          let pk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = pk in
          let i:usize = i in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global pk <: usize) =.
          (mk_usize 32 +!
            ((i *! mk_usize 32 <: usize) *!
              (Mldsa_spec.Params.v_BITLEN_Q_MINUS_1_ -! Mldsa_spec.Params.v_D <: usize)
              <:
              usize)
            <:
            usize)
          <:
          bool)
      pk
      (fun pk i ->
          let pk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = pk in
          let i:usize = i in
          let pk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Vec.impl_2__extend_from_slice #u8
              #Alloc.Alloc.t_Global
              pk
              (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.simple_bit_pack (t1.[ i ]
                        <:
                        t_Array i32 (mk_usize 256))
                      v_T1_MAX
                    <:
                    Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
                <:
                t_Slice u8)
          in
          pk)
  in
  pk

/// Algorithm 23, pkDecode(pk): reverses pkEncode. Every byte string of the
/// right length decodes; a wrong length is an error.
let pk_decode (params: Mldsa_spec.Params.t_ParamSet) (pk: t_Slice u8)
    : Prims.Pure
      (Core_models.Result.t_Result
          (t_Array u8 (mk_usize 32) &
            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
          Mldsa_spec.Error.t_Error)
      Prims.l_True
      (ensures
        fun r ->
          let r:Core_models.Result.t_Result
            (t_Array u8 (mk_usize 32) &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
            Mldsa_spec.Error.t_Error =
            r
          in
          match
            r
            <:
            Core_models.Result.t_Result
              (t_Array u8 (mk_usize 32) &
                Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
              Mldsa_spec.Error.t_Error
          with
          | Core_models.Result.Result_Ok (e_rho, t1) ->
            Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice t1
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
              (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
              (mk_i32 0)
              (cast (v_T1_MAX <: u32) <: i32)
          | Core_models.Result.Result_Err _ ->
            b2t
            ((Core_models.Slice.impl__len #u8 pk <: usize) <>.
              (Mldsa_spec.Params.impl_ParamSet__pk_len params <: usize)
              <:
              bool)) =
  if
    (Core_models.Slice.impl__len #u8 pk <: usize) <>.
    (Mldsa_spec.Params.impl_ParamSet__pk_len params <: usize)
  then
    Core_models.Result.Result_Err (Mldsa_spec.Error.Error_WrongLength <: Mldsa_spec.Error.t_Error)
    <:
    Core_models.Result.t_Result
      (t_Array u8 (mk_usize 32) & Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      Mldsa_spec.Error.t_Error
  else
    let z_len:usize =
      mk_usize 32 *! (Mldsa_spec.Params.v_BITLEN_Q_MINUS_1_ -! Mldsa_spec.Params.v_D <: usize)
    in
    let rho:t_Array u8 (mk_usize 32) = Rust_primitives.Hax.repeat (mk_u8 0) (mk_usize 32) in
    let rho:t_Array u8 (mk_usize 32) =
      Core_models.Slice.impl__copy_from_slice #u8
        rho
        (pk.[ {
              Core_models.Ops.Range.f_start = mk_usize 0;
              Core_models.Ops.Range.f_end = mk_usize 32
            }
            <:
            Core_models.Ops.Range.t_Range usize ]
          <:
          t_Slice u8)
    in
    let (t1: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global):Alloc.Vec.t_Vec
      (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
      Alloc.Vec.impl__new #(t_Array i32 (mk_usize 256)) ()
    in
    let t1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
      Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
        (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
        (fun t1 i ->
            let t1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = t1 in
            let i:usize = i in
            Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice t1
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
              i
              (mk_i32 0)
              (cast (v_T1_MAX <: u32) <: i32))
        t1
        (fun t1 i ->
            let t1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = t1 in
            let i:usize = i in
            let z_i:t_Slice u8 =
              pk.[ {
                  Core_models.Ops.Range.f_start = mk_usize 32 +! (i *! z_len <: usize) <: usize;
                  Core_models.Ops.Range.f_end
                  =
                  mk_usize 32 +! ((i +! mk_usize 1 <: usize) *! z_len <: usize) <: usize
                }
                <:
                Core_models.Ops.Range.t_Range usize ]
            in
            let t1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
              Alloc.Vec.impl_1__push #(t_Array i32 (mk_usize 256))
                #Alloc.Alloc.t_Global
                t1
                (Mldsa_spec.Conversions.simple_bit_unpack z_i v_T1_MAX <: t_Array i32 (mk_usize 256)
                )
            in
            t1)
    in
    Core_models.Result.Result_Ok
    (rho, t1
      <:
      (t_Array u8 (mk_usize 32) & Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
    )
    <:
    Core_models.Result.t_Result
      (t_Array u8 (mk_usize 32) & Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      Mldsa_spec.Error.t_Error

/// Algorithm 24, skEncode(rho, K, tr, s1, s2, t0): the private key,
/// 32 + 32 + 64 + 32 ((l + k) bitlen(2 eta) + d k) bytes. KeyGen passes s1,
/// s2 in [-eta, eta]; the precondition admits all that skDecode returns
/// (down to eta - 2^bitlen(2 eta) + 1), which BitPack encodes as well.
let sk_encode
      (params: Mldsa_spec.Params.t_ParamSet)
      (rho cap_k: t_Array u8 (mk_usize 32))
      (tr: t_Array u8 (mk_usize 64))
      (s1 s2 t0: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
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
        fun sk ->
          let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = sk in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global sk <: usize) =.
          (Mldsa_spec.Params.impl_ParamSet__sk_len params <: usize)) =
  let eta:u32 = cast (Mldsa_spec.Params.impl_ParamSet__eta params <: i32) <: u32 in
  let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Slice.impl__to_vec #u8 (rho <: t_Slice u8)
  in
  let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Vec.impl_2__extend_from_slice #u8 #Alloc.Alloc.t_Global sk (cap_k <: t_Slice u8)
  in
  let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Vec.impl_2__extend_from_slice #u8 #Alloc.Alloc.t_Global sk (tr <: t_Slice u8)
  in
  let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
      (fun sk i ->
          let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = sk in
          let i:usize = i in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global sk <: usize) =.
          (mk_usize 128 +!
            ((i *! mk_usize 32 <: usize) *!
              (Mldsa_spec.Params.impl_ParamSet__bitlen_2eta params <: usize)
              <:
              usize)
            <:
            usize)
          <:
          bool)
      sk
      (fun sk i ->
          let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = sk in
          let i:usize = i in
          let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Vec.impl_2__extend_from_slice #u8
              #Alloc.Alloc.t_Global
              sk
              (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.bit_pack (s1.[ i ]
                        <:
                        t_Array i32 (mk_usize 256))
                      eta
                      eta
                    <:
                    Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
                <:
                t_Slice u8)
          in
          sk)
  in
  let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
      (fun sk i ->
          let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = sk in
          let i:usize = i in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global sk <: usize) =.
          (mk_usize 128 +!
            ((((Mldsa_spec.Params.impl_ParamSet__l params <: usize) +! i <: usize) *! mk_usize 32
                <:
                usize) *!
              (Mldsa_spec.Params.impl_ParamSet__bitlen_2eta params <: usize)
              <:
              usize)
            <:
            usize)
          <:
          bool)
      sk
      (fun sk i ->
          let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = sk in
          let i:usize = i in
          let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Vec.impl_2__extend_from_slice #u8
              #Alloc.Alloc.t_Global
              sk
              (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.bit_pack (s2.[ i ]
                        <:
                        t_Array i32 (mk_usize 256))
                      eta
                      eta
                    <:
                    Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
                <:
                t_Slice u8)
          in
          sk)
  in
  let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
      (fun sk i ->
          let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = sk in
          let i:usize = i in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global sk <: usize) =.
          ((mk_usize 128 +!
              ((((Mldsa_spec.Params.impl_ParamSet__l params <: usize) +!
                    (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
                    <:
                    usize) *!
                  mk_usize 32
                  <:
                  usize) *!
                (Mldsa_spec.Params.impl_ParamSet__bitlen_2eta params <: usize)
                <:
                usize)
              <:
              usize) +!
            ((i *! mk_usize 32 <: usize) *! Mldsa_spec.Params.v_D <: usize)
            <:
            usize)
          <:
          bool)
      sk
      (fun sk i ->
          let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = sk in
          let i:usize = i in
          let sk:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Vec.impl_2__extend_from_slice #u8
              #Alloc.Alloc.t_Global
              sk
              (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.bit_pack (t0.[ i ]
                        <:
                        t_Array i32 (mk_usize 256))
                      ((mk_u32 1 <<! (Mldsa_spec.Params.v_D -! mk_usize 1 <: usize) <: u32) -!
                        mk_u32 1
                        <:
                        u32)
                      (mk_u32 1 <<! (Mldsa_spec.Params.v_D -! mk_usize 1 <: usize) <: u32)
                    <:
                    Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
                <:
                t_Slice u8)
          in
          sk)
  in
  sk

/// Algorithm 25, skDecode(sk): reverses skEncode. As in the standard, s1 and
/// s2 may fall outside [-eta, eta] when sk is malformed (down to
/// eta - 2^bitlen(2 eta) + 1); t0 is always in range.
let sk_decode (params: Mldsa_spec.Params.t_ParamSet) (sk: t_Slice u8)
    : Prims.Pure
      (Core_models.Result.t_Result
          (t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 64) &
            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
          Mldsa_spec.Error.t_Error)
      Prims.l_True
      (ensures
        fun r ->
          let r:Core_models.Result.t_Result
            (t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 64) &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
            Mldsa_spec.Error.t_Error =
            r
          in
          match
            r
            <:
            Core_models.Result.t_Result
              (t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 64) &
                Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
                Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
                Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
              Mldsa_spec.Error.t_Error
          with
          | Core_models.Result.Result_Ok (e_rho, e_cap_k, e_tr, s1, s2, t0) ->
            Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice s1
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
              (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
              (((Mldsa_spec.Params.impl_ParamSet__eta params <: i32) +! mk_i32 1 <: i32) -!
                (mk_i32 1 <<! (Mldsa_spec.Params.impl_ParamSet__bitlen_2eta params <: usize) <: i32)
                <:
                i32)
              (Mldsa_spec.Params.impl_ParamSet__eta params <: i32) /\
            Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice s2
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
              (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
              (((Mldsa_spec.Params.impl_ParamSet__eta params <: i32) +! mk_i32 1 <: i32) -!
                (mk_i32 1 <<! (Mldsa_spec.Params.impl_ParamSet__bitlen_2eta params <: usize) <: i32)
                <:
                i32)
              (Mldsa_spec.Params.impl_ParamSet__eta params <: i32) /\
            Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice t0
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
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
              (mk_i32 1 <<! (Mldsa_spec.Params.v_D -! mk_usize 1 <: usize) <: i32)
          | Core_models.Result.Result_Err _ ->
            b2t
            ((Core_models.Slice.impl__len #u8 sk <: usize) <>.
              (Mldsa_spec.Params.impl_ParamSet__sk_len params <: usize)
              <:
              bool)) =
  if
    (Core_models.Slice.impl__len #u8 sk <: usize) <>.
    (Mldsa_spec.Params.impl_ParamSet__sk_len params <: usize)
  then
    Core_models.Result.Result_Err (Mldsa_spec.Error.Error_WrongLength <: Mldsa_spec.Error.t_Error)
    <:
    Core_models.Result.t_Result
      (t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 64) &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) Mldsa_spec.Error.t_Error
  else
    let eta:u32 = cast (Mldsa_spec.Params.impl_ParamSet__eta params <: i32) <: u32 in
    let y_len:usize = mk_usize 32 *! (Mldsa_spec.Params.bitlen (mk_u32 2 *! eta <: u32) <: usize) in
    let w_len:usize = mk_usize 32 *! Mldsa_spec.Params.v_D in
    let rho:t_Array u8 (mk_usize 32) = Rust_primitives.Hax.repeat (mk_u8 0) (mk_usize 32) in
    let rho:t_Array u8 (mk_usize 32) =
      Core_models.Slice.impl__copy_from_slice #u8
        rho
        (sk.[ {
              Core_models.Ops.Range.f_start = mk_usize 0;
              Core_models.Ops.Range.f_end = mk_usize 32
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
        (sk.[ {
              Core_models.Ops.Range.f_start = mk_usize 32;
              Core_models.Ops.Range.f_end = mk_usize 64
            }
            <:
            Core_models.Ops.Range.t_Range usize ]
          <:
          t_Slice u8)
    in
    let tr:t_Array u8 (mk_usize 64) = Rust_primitives.Hax.repeat (mk_u8 0) (mk_usize 64) in
    let tr:t_Array u8 (mk_usize 64) =
      Core_models.Slice.impl__copy_from_slice #u8
        tr
        (sk.[ {
              Core_models.Ops.Range.f_start = mk_usize 64;
              Core_models.Ops.Range.f_end = mk_usize 128
            }
            <:
            Core_models.Ops.Range.t_Range usize ]
          <:
          t_Slice u8)
    in
    let y_start:usize = mk_usize 128 in
    let z_start:usize =
      y_start +! ((Mldsa_spec.Params.impl_ParamSet__l params <: usize) *! y_len <: usize)
    in
    let w_start:usize =
      z_start +! ((Mldsa_spec.Params.impl_ParamSet__k params <: usize) *! y_len <: usize)
    in
    let (s1: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global):Alloc.Vec.t_Vec
      (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
      Alloc.Vec.impl__new #(t_Array i32 (mk_usize 256)) ()
    in
    let (s2: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global):Alloc.Vec.t_Vec
      (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
      Alloc.Vec.impl__new #(t_Array i32 (mk_usize 256)) ()
    in
    let (t0: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global):Alloc.Vec.t_Vec
      (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
      Alloc.Vec.impl__new #(t_Array i32 (mk_usize 256)) ()
    in
    let s_min:i32 =
      ((Mldsa_spec.Params.impl_ParamSet__eta params <: i32) +! mk_i32 1 <: i32) -!
      (mk_i32 1 <<! (Mldsa_spec.Params.impl_ParamSet__bitlen_2eta params <: usize) <: i32)
    in
    let s1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
      Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
        (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
        (fun s1 i ->
            let s1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = s1 in
            let i:usize = i in
            Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice s1
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
              i
              s_min
              (Mldsa_spec.Params.impl_ParamSet__eta params <: i32))
        s1
        (fun s1 i ->
            let s1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = s1 in
            let i:usize = i in
            let s1:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
              Alloc.Vec.impl_1__push #(t_Array i32 (mk_usize 256))
                #Alloc.Alloc.t_Global
                s1
                (Mldsa_spec.Conversions.bit_unpack (sk.[ {
                          Core_models.Ops.Range.f_start = y_start +! (i *! y_len <: usize) <: usize;
                          Core_models.Ops.Range.f_end
                          =
                          y_start +! ((i +! mk_usize 1 <: usize) *! y_len <: usize) <: usize
                        }
                        <:
                        Core_models.Ops.Range.t_Range usize ]
                      <:
                      t_Slice u8)
                    eta
                    eta
                  <:
                  t_Array i32 (mk_usize 256))
            in
            s1)
    in
    let s2:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
      Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
        (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
        (fun s2 i ->
            let s2:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = s2 in
            let i:usize = i in
            Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice s2
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
              i
              s_min
              (Mldsa_spec.Params.impl_ParamSet__eta params <: i32))
        s2
        (fun s2 i ->
            let s2:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = s2 in
            let i:usize = i in
            let s2:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
              Alloc.Vec.impl_1__push #(t_Array i32 (mk_usize 256))
                #Alloc.Alloc.t_Global
                s2
                (Mldsa_spec.Conversions.bit_unpack (sk.[ {
                          Core_models.Ops.Range.f_start = z_start +! (i *! y_len <: usize) <: usize;
                          Core_models.Ops.Range.f_end
                          =
                          z_start +! ((i +! mk_usize 1 <: usize) *! y_len <: usize) <: usize
                        }
                        <:
                        Core_models.Ops.Range.t_Range usize ]
                      <:
                      t_Slice u8)
                    eta
                    eta
                  <:
                  t_Array i32 (mk_usize 256))
            in
            s2)
    in
    let t0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
      Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
        (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
        (fun t0 i ->
            let t0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = t0 in
            let i:usize = i in
            Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice t0
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
              i
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
        t0
        (fun t0 i ->
            let t0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = t0 in
            let i:usize = i in
            let w_i:t_Slice u8 =
              sk.[ {
                  Core_models.Ops.Range.f_start = w_start +! (i *! w_len <: usize) <: usize;
                  Core_models.Ops.Range.f_end
                  =
                  w_start +! ((i +! mk_usize 1 <: usize) *! w_len <: usize) <: usize
                }
                <:
                Core_models.Ops.Range.t_Range usize ]
            in
            let t0:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
              Alloc.Vec.impl_1__push #(t_Array i32 (mk_usize 256))
                #Alloc.Alloc.t_Global
                t0
                (Mldsa_spec.Conversions.bit_unpack w_i
                    ((mk_u32 1 <<! (Mldsa_spec.Params.v_D -! mk_usize 1 <: usize) <: u32) -!
                      mk_u32 1
                      <:
                      u32)
                    (mk_u32 1 <<! (Mldsa_spec.Params.v_D -! mk_usize 1 <: usize) <: u32)
                  <:
                  t_Array i32 (mk_usize 256))
            in
            t0)
    in
    Core_models.Result.Result_Ok
    (rho, cap_k, tr, s1, s2, t0
      <:
      (t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 64) &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
    <:
    Core_models.Result.t_Result
      (t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 64) &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) Mldsa_spec.Error.t_Error

/// Algorithm 26, sigEncode(c~, z, h): the signature, lambda/4 + l 32
/// (1 + bitlen(gamma1 - 1)) + omega + k bytes.
let sig_encode
      (params: Mldsa_spec.Params.t_ParamSet)
      (c_tilde: t_Slice u8)
      (z h: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      (requires
        b2t
        ((Core_models.Slice.impl__len #u8 c_tilde <: usize) =.
          ((Mldsa_spec.Params.impl_ParamSet__lambda params <: usize) /! mk_usize 4 <: usize)
          <:
          bool) /\
        Mldsa_spec.Ring.vector_in z
          (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
          ((Rust_primitives.Arithmetic.neg (Mldsa_spec.Params.impl_ParamSet__gamma1 params <: i32)
              <:
              i32) +!
            mk_i32 1
            <:
            i32)
          (Mldsa_spec.Params.impl_ParamSet__gamma1 params <: i32) /\
        b2t
        (((Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize) =.
            (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
            <:
            bool) &&
          ((Mldsa_spec.Ring.count_nonzero h <: usize) <=.
            (Mldsa_spec.Params.impl_ParamSet__omega params <: usize)
            <:
            bool)))
      (ensures
        fun sigma ->
          let sigma:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = sigma in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global sigma <: usize) =.
          (Mldsa_spec.Params.impl_ParamSet__sig_len params <: usize)) =
  let gamma1:u32 = cast (Mldsa_spec.Params.impl_ParamSet__gamma1 params <: i32) <: u32 in
  let sigma:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = Alloc.Slice.impl__to_vec #u8 c_tilde in
  let sigma:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
      (fun sigma i ->
          let sigma:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = sigma in
          let i:usize = i in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global sigma <: usize) =.
          (((Mldsa_spec.Params.impl_ParamSet__lambda params <: usize) /! mk_usize 4 <: usize) +!
            ((i *! mk_usize 32 <: usize) *!
              (Mldsa_spec.Params.impl_ParamSet__gamma1_bits params <: usize)
              <:
              usize)
            <:
            usize)
          <:
          bool)
      sigma
      (fun sigma i ->
          let sigma:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = sigma in
          let i:usize = i in
          let sigma:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Vec.impl_2__extend_from_slice #u8
              #Alloc.Alloc.t_Global
              sigma
              (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.bit_pack (z.[ i ]
                        <:
                        t_Array i32 (mk_usize 256))
                      (gamma1 -! mk_u32 1 <: u32)
                      gamma1
                    <:
                    Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
                <:
                t_Slice u8)
          in
          sigma)
  in
  let sigma:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Vec.impl_2__extend_from_slice #u8
      #Alloc.Alloc.t_Global
      sigma
      (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.hint_bit_pack h
              (Mldsa_spec.Params.impl_ParamSet__omega params <: usize)
              (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
            <:
            Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
        <:
        t_Slice u8)
  in
  sigma

/// Algorithm 27, sigDecode(sigma): reverses sigEncode. A wrong length is an
/// error; a malformed hint gives h = bottom (`None`), as in the standard.
let sig_decode (params: Mldsa_spec.Params.t_ParamSet) (sigma: t_Slice u8)
    : Prims.Pure
      (Core_models.Result.t_Result
          (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global &
            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
            Core_models.Option.t_Option
            (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
          Mldsa_spec.Error.t_Error)
      Prims.l_True
      (ensures
        fun r ->
          let r:Core_models.Result.t_Result
            (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
              Core_models.Option.t_Option
              (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
            Mldsa_spec.Error.t_Error =
            r
          in
          match
            r
            <:
            Core_models.Result.t_Result
              (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global &
                Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
                Core_models.Option.t_Option
                (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
              Mldsa_spec.Error.t_Error
          with
          | Core_models.Result.Result_Ok (c_tilde, z, h) ->
            b2t
            ((Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global c_tilde <: usize) =.
              ((Mldsa_spec.Params.impl_ParamSet__lambda params <: usize) /! mk_usize 4 <: usize)
              <:
              bool) /\
            Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice z
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
              (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
              ((Rust_primitives.Arithmetic.neg (Mldsa_spec.Params.impl_ParamSet__gamma1 params
                      <:
                      i32)
                  <:
                  i32) +!
                mk_i32 1
                <:
                i32)
              (Mldsa_spec.Params.impl_ParamSet__gamma1 params <: i32) /\
            (match
                h
                <:
                Core_models.Option.t_Option
                (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
              with
              | Core_models.Option.Option_Some h ->
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
              | Core_models.Option.Option_None  -> b2t true)
          | Core_models.Result.Result_Err _ ->
            b2t
            ((Core_models.Slice.impl__len #u8 sigma <: usize) <>.
              (Mldsa_spec.Params.impl_ParamSet__sig_len params <: usize)
              <:
              bool)) =
  if
    (Core_models.Slice.impl__len #u8 sigma <: usize) <>.
    (Mldsa_spec.Params.impl_ParamSet__sig_len params <: usize)
  then
    Core_models.Result.Result_Err (Mldsa_spec.Error.Error_WrongLength <: Mldsa_spec.Error.t_Error)
    <:
    Core_models.Result.t_Result
      (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
        Core_models.Option.t_Option
        (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
      Mldsa_spec.Error.t_Error
  else
    let gamma1:u32 = cast (Mldsa_spec.Params.impl_ParamSet__gamma1 params <: i32) <: u32 in
    let c_len:usize = (Mldsa_spec.Params.impl_ParamSet__lambda params <: usize) /! mk_usize 4 in
    let x_len:usize =
      mk_usize 32 *! (Mldsa_spec.Params.impl_ParamSet__gamma1_bits params <: usize)
    in
    let c_tilde:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
      Alloc.Slice.impl__to_vec #u8
        (sigma.[ { Core_models.Ops.Range.f_start = mk_usize 0; Core_models.Ops.Range.f_end = c_len }
            <:
            Core_models.Ops.Range.t_Range usize ]
          <:
          t_Slice u8)
    in
    let y:t_Slice u8 =
      sigma.[ {
          Core_models.Ops.Range.f_start
          =
          c_len +! ((Mldsa_spec.Params.impl_ParamSet__l params <: usize) *! x_len <: usize) <: usize
        }
        <:
        Core_models.Ops.Range.t_RangeFrom usize ]
    in
    let (z: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global):Alloc.Vec.t_Vec
      (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
      Alloc.Vec.impl__new #(t_Array i32 (mk_usize 256)) ()
    in
    let z:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
      Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
        (Mldsa_spec.Params.impl_ParamSet__l params <: usize)
        (fun z i ->
            let z:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = z in
            let i:usize = i in
            Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice z
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
              i
              ((Rust_primitives.Arithmetic.neg (Mldsa_spec.Params.impl_ParamSet__gamma1 params
                      <:
                      i32)
                  <:
                  i32) +!
                mk_i32 1
                <:
                i32)
              (Mldsa_spec.Params.impl_ParamSet__gamma1 params <: i32))
        z
        (fun z i ->
            let z:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = z in
            let i:usize = i in
            let x_i:t_Slice u8 =
              sigma.[ {
                  Core_models.Ops.Range.f_start = c_len +! (i *! x_len <: usize) <: usize;
                  Core_models.Ops.Range.f_end
                  =
                  c_len +! ((i +! mk_usize 1 <: usize) *! x_len <: usize) <: usize
                }
                <:
                Core_models.Ops.Range.t_Range usize ]
            in
            let z:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
              Alloc.Vec.impl_1__push #(t_Array i32 (mk_usize 256))
                #Alloc.Alloc.t_Global
                z
                (Mldsa_spec.Conversions.bit_unpack x_i (gamma1 -! mk_u32 1 <: u32) gamma1
                  <:
                  t_Array i32 (mk_usize 256))
            in
            z)
    in
    let h:Core_models.Option.t_Option
    (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
      Mldsa_spec.Conversions.hint_bit_unpack y
        (Mldsa_spec.Params.impl_ParamSet__omega params <: usize)
        (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
    in
    Core_models.Result.Result_Ok
    (c_tilde, z, h
      <:
      (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
        Core_models.Option.t_Option
        (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)))
    <:
    Core_models.Result.t_Result
      (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global &
        Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
        Core_models.Option.t_Option
        (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
      Mldsa_spec.Error.t_Error

/// Algorithm 28, w1Encode(w1): encodes the commitment w1 (coefficients in
/// [0, (q-1)/(2 gamma2) - 1]) as the byte string that Sign and Verify hash.
let w1_encode (params: Mldsa_spec.Params.t_ParamSet) (w1: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      (requires
        Mldsa_spec.Ring.vector_in w1
          (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
          (mk_i32 0)
          (((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /!
              (mk_i32 2 *! (Mldsa_spec.Params.impl_ParamSet__gamma2 params <: i32) <: i32)
              <:
              i32) -!
            mk_i32 1
            <:
            i32))
      (ensures
        fun w1_tilde ->
          let w1_tilde:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = w1_tilde in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global w1_tilde <: usize) =.
          (((Mldsa_spec.Params.impl_ParamSet__k params <: usize) *! mk_usize 32 <: usize) *!
            (Mldsa_spec.Params.impl_ParamSet__w1_bits params <: usize)
            <:
            usize)) =
  let b:u32 =
    cast (((Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /!
          (mk_i32 2 *! (Mldsa_spec.Params.impl_ParamSet__gamma2 params <: i32) <: i32)
          <:
          i32) -!
        mk_i32 1
        <:
        i32)
    <:
    u32
  in
  let (w1_tilde: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global):Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Vec.impl__new #u8 ()
  in
  let w1_tilde:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
      (fun w1_tilde i ->
          let w1_tilde:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = w1_tilde in
          let i:usize = i in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global w1_tilde <: usize) =.
          ((i *! mk_usize 32 <: usize) *! (Mldsa_spec.Params.impl_ParamSet__w1_bits params <: usize)
            <:
            usize)
          <:
          bool)
      w1_tilde
      (fun w1_tilde i ->
          let w1_tilde:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = w1_tilde in
          let i:usize = i in
          let w1_tilde:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Vec.impl_2__extend_from_slice #u8
              #Alloc.Alloc.t_Global
              w1_tilde
              (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.simple_bit_pack (w1.[ i ]
                        <:
                        t_Array i32 (mk_usize 256))
                      b
                    <:
                    Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
                <:
                t_Slice u8)
          in
          w1_tilde)
  in
  w1_tilde
