module Mldsa_spec.Properties
#set-options "--fuel 0 --ifuel 1 --z3rlimit 100"
open FStar.Mul
open Core_models

/// Algorithms 41 and 42: NTT^-1(NTT(w)) = w for w in R_q.
let ntt_inverse_undoes_ntt (w: t_Array i32 (mk_usize 256))
    : Lemma
    (ensures
      Mldsa_spec.Ring.coefficients_in w (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) ==>
      b2t
      ((Mldsa_spec.Ntt.ntt_inverse (Mldsa_spec.Ntt.ntt w <: t_Array i32 (mk_usize 256))
          <:
          t_Array i32 (mk_usize 256)) =.
        w
        <:
        bool)) = admit ()

/// Algorithms 41 and 42: NTT(NTT^-1(w_hat)) = w_hat for w_hat in T_q.
let ntt_undoes_ntt_inverse (w_hat: t_Array i32 (mk_usize 256))
    : Lemma
    (ensures
      Mldsa_spec.Ring.coefficients_in w_hat (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) ==>
      b2t
      ((Mldsa_spec.Ntt.ntt (Mldsa_spec.Ntt.ntt_inverse w_hat <: t_Array i32 (mk_usize 256))
          <:
          t_Array i32 (mk_usize 256)) =.
        w_hat
        <:
        bool)) = admit ()

/// Algorithms 39 and 40 (section 7.4): for |z| <= gamma2,
/// UseHint(MakeHint(z, r), r) = HighBits(r + z). Verify relies on it to
/// recover w1 from w\'_Approx. `is_gamma2` comes first: it is what makes
/// `-gamma2` defined (gamma2 != i32::MIN) where F* types it.
let uuse_hint_recovers_high_bits (z r gamma2: i32)
    : Lemma
    (ensures
      Mldsa_spec.Rounding.is_gamma2 gamma2 /\
      b2t
      ((mk_i32 0 <=. r <: bool) && (r <. Mldsa_spec.Params.v_Q <: bool) &&
        ((Rust_primitives.Arithmetic.neg gamma2 <: i32) <=. z <: bool) &&
        (z <=. gamma2 <: bool)) ==>
      b2t
      ((Mldsa_spec.Rounding.uuse_hint (Mldsa_spec.Rounding.make_hint (Mldsa_spec.Ring.mod_q (cast (z
                          <:
                          i32)
                      <:
                      i64)
                  <:
                  i32)
                r
                gamma2
              <:
              i32)
            r
            gamma2
          <:
          i32) =.
        (Mldsa_spec.Rounding.high_bits (Mldsa_spec.Ring.mod_q ((cast (r <: i32) <: i64) +!
                  (cast (z <: i32) <: i64)
                  <:
                  i64)
              <:
              i32)
            gamma2
          <:
          i32)
        <:
        bool)) = admit ()

/// Algorithms 9 and 10: BitsToInteger(IntegerToBits(x, alpha), alpha) = x
/// for x < 2^alpha.
let integer_to_bits_round_trips (x: u32) (alpha: usize)
    : Lemma
    (ensures
      b2t
      ((alpha <=. mk_usize 32 <: bool) &&
        ((cast (x <: u32) <: u64) <. (mk_u64 1 <<! alpha <: u64) <: bool)) ==>
      b2t
      ((Mldsa_spec.Conversions.bits_to_integer (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.integer_to_bits
                    x
                    alpha
                  <:
                  Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global)
              <:
              t_Slice bool)
            alpha
          <:
          u32) =.
        x
        <:
        bool)) = admit ()

/// Algorithms 12 and 13: BitsToBytes(BytesToBits(z)) = z, for every z
/// whose 8 |z| bits fit usize.
let bytes_to_bits_round_trips (z: t_Slice u8)
    : Lemma
    (ensures
      b2t
      ((Core_models.Slice.impl__len #u8 z <: usize) <=.
        (Core_models.Num.impl_usize__MAX /! mk_usize 8 <: usize)
        <:
        bool) ==>
      b2t
      ((Mldsa_spec.Conversions.bits_to_bytes (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.bytes_to_bits
                    z
                  <:
                  Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global)
              <:
              t_Slice bool)
          <:
          Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =.
        (Alloc.Slice.impl__to_vec #u8 z <: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
        <:
        bool)) = admit ()

/// Algorithms 16 and 18: SimpleBitUnpack(SimpleBitPack(w, b), b) = w for w
/// in [0, b].
let simple_bit_pack_round_trips (w: t_Array i32 (mk_usize 256)) (b: u32)
    : Lemma
    (ensures
      b2t ((b >. mk_u32 0 <: bool) && (b <. (mk_u32 1 <<! mk_i32 23 <: u32) <: bool)) /\
      Mldsa_spec.Ring.coefficients_in w (mk_i32 0) (cast (b <: u32) <: i32) ==>
      b2t
      ((Mldsa_spec.Conversions.simple_bit_unpack (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.simple_bit_pack
                    w
                    b
                  <:
                  Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
              <:
              t_Slice u8)
            b
          <:
          t_Array i32 (mk_usize 256)) =.
        w
        <:
        bool)) = admit ()

/// Algorithms 17 and 19: BitUnpack(BitPack(w, a, b), a, b) = w for w in
/// [-a, b].
let bit_pack_round_trips (w: t_Array i32 (mk_usize 256)) (a b: u32)
    : Lemma
    (ensures
      b2t
      ((b >. mk_u32 0 <: bool) && (a <. (mk_u32 1 <<! mk_i32 23 <: u32) <: bool) &&
        (b <. (mk_u32 1 <<! mk_i32 23 <: u32) <: bool)) /\
      Mldsa_spec.Ring.coefficients_in w
        (Rust_primitives.Arithmetic.neg (cast (a <: u32) <: i32) <: i32)
        (cast (b <: u32) <: i32) ==>
      b2t
      ((Mldsa_spec.Conversions.bit_unpack (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.bit_pack
                    w
                    a
                    b
                  <:
                  Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
              <:
              t_Slice u8)
            a
            b
          <:
          t_Array i32 (mk_usize 256)) =.
        w
        <:
        bool)) = admit ()

/// Algorithms 20 and 21: HintBitUnpack(HintBitPack(h)) = h for a binary h
/// with at most omega 1\'s.
let hint_bit_pack_round_trips (h: t_Slice (t_Array i32 (mk_usize 256))) (omega k: usize)
    : Lemma
    (ensures
      b2t
      (((Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize) =. k <: bool) &&
        (omega <=. mk_usize 255 <: bool) &&
        (k <=. mk_usize 255 <: bool) &&
        ((Mldsa_spec.Ring.count_nonzero h <: usize) <=. omega <: bool)) /\
      Mldsa_spec.Ring.is_binary h ==>
      b2t
      ((Mldsa_spec.Conversions.hint_bit_unpack (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Conversions.hint_bit_pack
                    h
                    omega
                    k
                  <:
                  Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
              <:
              t_Slice u8)
            omega
            k
          <:
          Core_models.Option.t_Option
          (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)) =.
        (Core_models.Option.Option_Some
          (Alloc.Slice.impl__to_vec #(t_Array i32 (mk_usize 256)) h
            <:
            Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
          <:
          Core_models.Option.t_Option
          (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
        <:
        bool)) = admit ()

/// Algorithms 22 and 23: pkDecode(pkEncode(rho, t1)) = (rho, t1).
let pk_encode_round_trips
      (params: Mldsa_spec.Params.t_ParamSet)
      (rho: t_Array u8 (mk_usize 32))
      (t1: t_Slice (t_Array i32 (mk_usize 256)))
    : Lemma
    (ensures
      Mldsa_spec.Ring.vector_in t1
        (Mldsa_spec.Params.impl_ParamSet__k params <: usize)
        (mk_i32 0)
        (cast (Mldsa_spec.Encodings.v_T1_MAX <: u32) <: i32) ==>
      b2t
      ((Mldsa_spec.Encodings.pk_decode params
            (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Encodings.pk_encode params rho t1
                  <:
                  Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
              <:
              t_Slice u8)
          <:
          Core_models.Result.t_Result
            (t_Array u8 (mk_usize 32) &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
            Mldsa_spec.Error.t_Error) =.
        (Core_models.Result.Result_Ok
          (rho,
            (Alloc.Slice.impl__to_vec #(t_Array i32 (mk_usize 256)) t1
              <:
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
            <:
            (t_Array u8 (mk_usize 32) &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
          <:
          Core_models.Result.t_Result
            (t_Array u8 (mk_usize 32) &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
            Mldsa_spec.Error.t_Error)
        <:
        bool)) = admit ()

/// Algorithms 24 and 25: skDecode(skEncode(rho, K, tr, s1, s2, t0)) =
/// (rho, K, tr, s1, s2, t0), for the ranges skDecode returns.
let sk_encode_round_trips
      (params: Mldsa_spec.Params.t_ParamSet)
      (rho cap_k: t_Array u8 (mk_usize 32))
      (tr: t_Array u8 (mk_usize 64))
      (s1 s2 t0: t_Slice (t_Array i32 (mk_usize 256)))
    : Lemma
    (ensures
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
        (mk_i32 1 <<! (Mldsa_spec.Params.v_D -! mk_usize 1 <: usize) <: i32) ==>
      b2t
      ((Mldsa_spec.Encodings.sk_decode params
            (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Encodings.sk_encode params rho cap_k tr s1 s2 t0
                  <:
                  Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
              <:
              t_Slice u8)
          <:
          Core_models.Result.t_Result
            (t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 32) & t_Array u8 (mk_usize 64) &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
            Mldsa_spec.Error.t_Error) =.
        (Core_models.Result.Result_Ok
          (rho,
            cap_k,
            tr,
            (Alloc.Slice.impl__to_vec #(t_Array i32 (mk_usize 256)) s1
              <:
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
            (Alloc.Slice.impl__to_vec #(t_Array i32 (mk_usize 256)) s2
              <:
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
            (Alloc.Slice.impl__to_vec #(t_Array i32 (mk_usize 256)) t0
              <:
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
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
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
            Mldsa_spec.Error.t_Error)
        <:
        bool)) = admit ()

/// Algorithms 26 and 27: sigDecode(sigEncode(c~, z, h)) = (c~, z, h) for a
/// binary h with at most omega 1\'s.
let sig_encode_round_trips
      (params: Mldsa_spec.Params.t_ParamSet)
      (c_tilde: t_Slice u8)
      (z h: t_Slice (t_Array i32 (mk_usize 256)))
    : Lemma
    (ensures
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
          bool)) /\ Mldsa_spec.Ring.is_binary h ==>
      b2t
      ((Mldsa_spec.Encodings.sig_decode params
            (Alloc.Vec.impl_1__as_slice (Mldsa_spec.Encodings.sig_encode params c_tilde z h
                  <:
                  Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
              <:
              t_Slice u8)
          <:
          Core_models.Result.t_Result
            (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global &
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global &
              Core_models.Option.t_Option
              (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
            Mldsa_spec.Error.t_Error) =.
        (Core_models.Result.Result_Ok
          ((Alloc.Slice.impl__to_vec #u8 c_tilde <: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global),
            (Alloc.Slice.impl__to_vec #(t_Array i32 (mk_usize 256)) z
              <:
              Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
            (Core_models.Option.Option_Some
              (Alloc.Slice.impl__to_vec #(t_Array i32 (mk_usize 256)) h
                <:
                Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
              <:
              Core_models.Option.t_Option
              (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
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
            Mldsa_spec.Error.t_Error)
        <:
        bool)) = admit ()

/// A prefix counts no more than the whole, and a nonzero coefficient at
/// (i, j) is counted after the prefix that ends before it: HintBitPack\'s
/// Index (line 6) is below count_nonzero(h) <= omega when it writes y[Index].
let nonzero_prefix_is_below_count (h: t_Slice (t_Array i32 (mk_usize 256))) (i j: usize)
    : Lemma
    (ensures
      b2t
      (((Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize) <=. mk_usize 255
          <:
          bool) &&
        (i <. (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize) <: bool) &&
        (j <. Mldsa_spec.Params.v_N <: bool) &&
        (((h.[ i ] <: t_Array i32 (mk_usize 256)).[ j ] <: i32) <>. mk_i32 0 <: bool)) ==>
      b2t
      (((Mldsa_spec.Ring.vector_nonzero_count h i <: usize) +!
          (Mldsa_spec.Ring.nonzero_count (h.[ i ] <: t_Array i32 (mk_usize 256)) j <: usize)
          <:
          usize) <.
        (Mldsa_spec.Ring.vector_nonzero_count h
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize)
          <:
          usize)
        <:
        bool)) = admit ()

/// Changing one coefficient of w changes its count by the change of that
/// coefficient\'s being nonzero (SampleInBall lines 11 and 12).
let nonzero_count_of_update (w u: t_Array i32 (mk_usize 256)) (p: usize)
    : Lemma
    (ensures
      b2t (p <. Mldsa_spec.Params.v_N <: bool) /\
      (forall (c: usize).
          b2t (c <. Mldsa_spec.Params.v_N <: bool) ==>
          b2t ((c =. p <: bool) || ((u.[ c ] <: i32) =. (w.[ c ] <: i32) <: bool))) ==>
      b2t
      (((Mldsa_spec.Ring.nonzero_count u Mldsa_spec.Params.v_N <: usize) +!
          (if (w.[ p ] <: i32) <>. mk_i32 0 <: bool then mk_usize 1 else mk_usize 0)
          <:
          usize) =.
        ((Mldsa_spec.Ring.nonzero_count w Mldsa_spec.Params.v_N <: usize) +!
          (if (u.[ p ] <: i32) <>. mk_i32 0 <: bool then mk_usize 1 else mk_usize 0)
          <:
          usize)
        <:
        bool)) = admit ()

/// The same for a vector of polynomials (HintBitUnpack line 12).
let vector_nonzero_count_of_update (h u: t_Slice (t_Array i32 (mk_usize 256))) (i p: usize)
    : Lemma
    (ensures
      b2t
      (((Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize) <=. mk_usize 255
          <:
          bool) &&
        ((Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) u <: usize) =.
          (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize)
          <:
          bool) &&
        (i <. (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize) <: bool) &&
        (p <. Mldsa_spec.Params.v_N <: bool)) /\
      (forall (r: usize).
          b2t (r <. (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize) <: bool) ==>
          (forall (c: usize).
              b2t (c <. Mldsa_spec.Params.v_N <: bool) ==>
              b2t
              ((r =. i <: bool) && (c =. p <: bool) ||
                (((u.[ r ] <: t_Array i32 (mk_usize 256)).[ c ] <: i32) =.
                  ((h.[ r ] <: t_Array i32 (mk_usize 256)).[ c ] <: i32)
                  <:
                  bool)))) ==>
      b2t
      (((Mldsa_spec.Ring.vector_nonzero_count u
              (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) u <: usize)
            <:
            usize) +!
          (if ((h.[ i ] <: t_Array i32 (mk_usize 256)).[ p ] <: i32) <>. mk_i32 0 <: bool
            then mk_usize 1
            else mk_usize 0)
          <:
          usize) =.
        ((Mldsa_spec.Ring.vector_nonzero_count h
              (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize)
            <:
            usize) +!
          (if ((u.[ i ] <: t_Array i32 (mk_usize 256)).[ p ] <: i32) <>. mk_i32 0 <: bool
            then mk_usize 1
            else mk_usize 0)
          <:
          usize)
        <:
        bool)) = admit ()
