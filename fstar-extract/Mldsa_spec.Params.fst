module Mldsa_spec.Params
#set-options "--fuel 0 --ifuel 1 --z3rlimit 100"
open FStar.Mul
open Core_models

/// The modulus q = 2^23 - 2^13 + 1 (Table 1).
let v_Q: i32 = mk_i32 8380417

/// zeta = 1753, a primitive 512-th root of unity modulo q (Table 1).
let v_ZETA: i32 = mk_i32 1753

/// d = 13, the number of dropped bits from t (Table 1).
let v_D: usize = mk_usize 13

/// n = 256, the degree of the polynomials of R_q (section 2.3).
let v_N: usize = mk_usize 256

/// bitlen(q - 1) = 23, used by pkEncode / pkDecode (Algorithms 22, 23).
let v_BITLEN_Q_MINUS_1_: usize = mk_usize 23

/// The three ML-DSA parameter sets of FIPS 204 Table 1, and nothing else:
/// every algorithm takes one of these, so every contract may rely on the
/// real gamma2, eta, omega and sizes (an open struct would let a caller pass
/// eta = 3, which makes KeyGen loop forever, or a pk_len that falsifies
/// KeyGen's postcondition).
type t_ParamSet =
  | ParamSet_MlDsa44 : t_ParamSet
  | ParamSet_MlDsa65 : t_ParamSet
  | ParamSet_MlDsa87 : t_ParamSet

let t_ParamSet_cast_to_repr (x: t_ParamSet) : isize =
  match x <: t_ParamSet with
  | ParamSet_MlDsa44  -> mk_isize 0
  | ParamSet_MlDsa65  -> mk_isize 1
  | ParamSet_MlDsa87  -> mk_isize 2

let impl: Core_models.Clone.t_Clone t_ParamSet =
  { f_clone = (fun x -> x); f_clone_pre = (fun _ -> True); f_clone_post = (fun _ _ -> True) }

[@@ FStar.Tactics.Typeclasses.tcinstance]
assume
val impl_1': Core_models.Marker.t_Copy t_ParamSet

unfold
let impl_1 = impl_1'

[@@ FStar.Tactics.Typeclasses.tcinstance]
assume
val impl_2': Core_models.Fmt.t_Debug t_ParamSet

unfold
let impl_2 = impl_2'

[@@ FStar.Tactics.Typeclasses.tcinstance]
assume
val impl_3': Core_models.Marker.t_StructuralPartialEq t_ParamSet

unfold
let impl_3 = impl_3'

[@@ FStar.Tactics.Typeclasses.tcinstance]
assume
val impl_4': Core_models.Cmp.t_PartialEq t_ParamSet t_ParamSet

unfold
let impl_4 = impl_4'

[@@ FStar.Tactics.Typeclasses.tcinstance]
assume
val impl_5': Core_models.Cmp.t_Eq t_ParamSet

unfold
let impl_5 = impl_5'

/// ML-DSA-44 (security category 2).
let v_ML_DSA_44_: t_ParamSet = ParamSet_MlDsa44 <: t_ParamSet

/// ML-DSA-65 (security category 3).
let v_ML_DSA_65_: t_ParamSet = ParamSet_MlDsa65 <: t_ParamSet

/// ML-DSA-87 (security category 5).
let v_ML_DSA_87_: t_ParamSet = ParamSet_MlDsa87 <: t_ParamSet

/// tau: the number of +-1 coefficients of the challenge c.
let impl_ParamSet__tau (self: t_ParamSet) : usize =
  match self <: t_ParamSet with
  | ParamSet_MlDsa44  -> mk_usize 39
  | ParamSet_MlDsa65  -> mk_usize 49
  | ParamSet_MlDsa87  -> mk_usize 60

/// lambda: the collision strength of c~ (its length is lambda/4 bytes).
let impl_ParamSet__lambda (self: t_ParamSet) : usize =
  match self <: t_ParamSet with
  | ParamSet_MlDsa44  -> mk_usize 128
  | ParamSet_MlDsa65  -> mk_usize 192
  | ParamSet_MlDsa87  -> mk_usize 256

/// gamma1: the coefficient range of y.
let impl_ParamSet__gamma1 (self: t_ParamSet) : i32 =
  match self <: t_ParamSet with
  | ParamSet_MlDsa44  -> mk_i32 1 <<! mk_i32 17
  | ParamSet_MlDsa65  -> mk_i32 1 <<! mk_i32 19
  | ParamSet_MlDsa87  -> mk_i32 1 <<! mk_i32 19

/// gamma2: the low-order rounding range.
let impl_ParamSet__gamma2 (self: t_ParamSet) : i32 =
  match self <: t_ParamSet with
  | ParamSet_MlDsa44  -> (v_Q -! mk_i32 1 <: i32) /! mk_i32 88
  | ParamSet_MlDsa65  -> (v_Q -! mk_i32 1 <: i32) /! mk_i32 32
  | ParamSet_MlDsa87  -> (v_Q -! mk_i32 1 <: i32) /! mk_i32 32

/// k: the number of rows of A.
let impl_ParamSet__k (self: t_ParamSet) : usize =
  match self <: t_ParamSet with
  | ParamSet_MlDsa44  -> mk_usize 4
  | ParamSet_MlDsa65  -> mk_usize 6
  | ParamSet_MlDsa87  -> mk_usize 8

/// l (ell): the number of columns of A.
let impl_ParamSet__l (self: t_ParamSet) : usize =
  match self <: t_ParamSet with
  | ParamSet_MlDsa44  -> mk_usize 4
  | ParamSet_MlDsa65  -> mk_usize 5
  | ParamSet_MlDsa87  -> mk_usize 7

/// eta: the private key range.
let impl_ParamSet__eta (self: t_ParamSet) : i32 =
  match self <: t_ParamSet with
  | ParamSet_MlDsa44  -> mk_i32 2
  | ParamSet_MlDsa65  -> mk_i32 4
  | ParamSet_MlDsa87  -> mk_i32 2

/// beta = tau * eta.
let impl_ParamSet__beta (self: t_ParamSet) : i32 =
  match self <: t_ParamSet with
  | ParamSet_MlDsa44  -> mk_i32 78
  | ParamSet_MlDsa65  -> mk_i32 196
  | ParamSet_MlDsa87  -> mk_i32 120

/// omega: the maximum number of 1\'s in the hint h.
let impl_ParamSet__omega (self: t_ParamSet) : usize =
  match self <: t_ParamSet with
  | ParamSet_MlDsa44  -> mk_usize 80
  | ParamSet_MlDsa65  -> mk_usize 55
  | ParamSet_MlDsa87  -> mk_usize 75

/// Public key size in bytes (Table 2).
let impl_ParamSet__pk_len (self: t_ParamSet) : usize =
  match self <: t_ParamSet with
  | ParamSet_MlDsa44  -> mk_usize 1312
  | ParamSet_MlDsa65  -> mk_usize 1952
  | ParamSet_MlDsa87  -> mk_usize 2592

/// Private key size in bytes (Table 2).
let impl_ParamSet__sk_len (self: t_ParamSet) : usize =
  match self <: t_ParamSet with
  | ParamSet_MlDsa44  -> mk_usize 2560
  | ParamSet_MlDsa65  -> mk_usize 4032
  | ParamSet_MlDsa87  -> mk_usize 4896

/// Signature size in bytes (Table 2).
let impl_ParamSet__sig_len (self: t_ParamSet) : usize =
  match self <: t_ParamSet with
  | ParamSet_MlDsa44  -> mk_usize 2420
  | ParamSet_MlDsa65  -> mk_usize 3309
  | ParamSet_MlDsa87  -> mk_usize 4627

/// The name FIPS 204 gives this parameter set.
let impl_ParamSet__name (self: t_ParamSet) : string =
  match self <: t_ParamSet with
  | ParamSet_MlDsa44  -> "ML-DSA-44"
  | ParamSet_MlDsa65  -> "ML-DSA-65"
  | ParamSet_MlDsa87  -> "ML-DSA-87"

/// bitlen a: the length of the binary representation of a positive integer
/// (section 2.3): 2^(len-1) <= a < 2^len, and 0 for a = 0.
let bitlen (a: u32)
    : Prims.Pure usize
      Prims.l_True
      (ensures
        fun len ->
          let len:usize = len in
          len <=. mk_usize 32 && (cast (a <: u32) <: u64) <. (mk_u64 1 <<! len <: u64) &&
          (len =. mk_usize 0 ||
          (cast (a <: u32) <: u64) >=. (mk_u64 1 <<! (len -! mk_usize 1 <: usize) <: u64)) &&
          (len >. mk_usize 0 || a =. mk_u32 0)) =
  let x:u32 = a in
  let len:usize = mk_usize 0 in
  let (len: usize), (x: u32) =
    Rust_primitives.Hax.while_loop (fun temp_0_ ->
          let (len: usize), (x: u32) = temp_0_ in
          b2t
          ((len <=. mk_usize 32 <: bool) &&
            ((cast (x <: u32) <: u64) <. (mk_u64 1 <<! (mk_usize 32 -! len <: usize) <: u64) <: bool
            ) &&
            ((cast (x <: u32) <: u64) =. ((cast (a <: u32) <: u64) >>! len <: u64) <: bool) &&
            ((len =. mk_usize 0 <: bool) ||
            ((cast (a <: u32) <: u64) >=. (mk_u64 1 <<! (len -! mk_usize 1 <: usize) <: u64) <: bool
            ))))
      (fun temp_0_ ->
          let (len: usize), (x: u32) = temp_0_ in
          x >. mk_u32 0 <: bool)
      (fun temp_0_ ->
          let (len: usize), (x: u32) = temp_0_ in
          Rust_primitives.Hax.Int.from_machine x <: Hax_lib.Int.t_Int)
      (len, x <: (usize & u32))
      (fun temp_0_ ->
          let (len: usize), (x: u32) = temp_0_ in
          let x:u32 = x /! mk_u32 2 in
          let len:usize = len +! mk_usize 1 in
          len, x <: (usize & u32))
  in
  len

/// bitlen(2 * eta): bits per coefficient of s1 and s2 in skEncode
/// (bitlen 4 = 3, bitlen 8 = 4).
let impl_ParamSet__bitlen_2eta (self: t_ParamSet)
    : Prims.Pure usize
      Prims.l_True
      (ensures
        fun bits ->
          let bits:usize = bits in
          bits =.
          (bitlen (cast (mk_i32 2 *! (impl_ParamSet__eta self <: i32) <: i32) <: u32) <: usize) &&
          bits =.
          (if (impl_ParamSet__eta self <: i32) =. mk_i32 2 <: bool then mk_usize 3 else mk_usize 4)) =
  bitlen (cast (mk_i32 2 *! (impl_ParamSet__eta self <: i32) <: i32) <: u32)

/// 1 + bitlen(gamma1 - 1): bits per coefficient of z (sigEncode,
/// ExpandMask line 1): 18 for gamma1 = 2^17, 20 for gamma1 = 2^19.
let impl_ParamSet__gamma1_bits (self: t_ParamSet)
    : Prims.Pure usize
      Prims.l_True
      (ensures
        fun bits ->
          let bits:usize = bits in
          bits =.
          (mk_usize 1 +!
            (bitlen (cast ((impl_ParamSet__gamma1 self <: i32) -! mk_i32 1 <: i32) <: u32) <: usize)
            <:
            usize) &&
          bits =.
          (if (impl_ParamSet__gamma1 self <: i32) =. (mk_i32 1 <<! mk_i32 17 <: i32) <: bool
            then mk_usize 18
            else mk_usize 20)) =
  mk_usize 1 +!
  (bitlen (cast ((impl_ParamSet__gamma1 self <: i32) -! mk_i32 1 <: i32) <: u32) <: usize)

/// bitlen((q - 1) / (2 * gamma2) - 1): bits per coefficient of w1
/// (w1Encode): 6 for gamma2 = (q-1)/88 (w1 < 44), 4 for (q-1)/32
/// (w1 < 16).
let impl_ParamSet__w1_bits (self: t_ParamSet)
    : Prims.Pure usize
      Prims.l_True
      (ensures
        fun bits ->
          let bits:usize = bits in
          bits =.
          (bitlen (cast (((v_Q -! mk_i32 1 <: i32) /!
                      (mk_i32 2 *! (impl_ParamSet__gamma2 self <: i32) <: i32)
                      <:
                      i32) -!
                    mk_i32 1
                    <:
                    i32)
                <:
                u32)
            <:
            usize) &&
          bits =.
          (if
              (impl_ParamSet__gamma2 self <: i32) =. ((v_Q -! mk_i32 1 <: i32) /! mk_i32 88 <: i32)
              <:
              bool
            then mk_usize 6
            else mk_usize 4)) =
  bitlen (cast (((v_Q -! mk_i32 1 <: i32) /!
            (mk_i32 2 *! (impl_ParamSet__gamma2 self <: i32) <: i32)
            <:
            i32) -!
          mk_i32 1
          <:
          i32)
      <:
      u32)
