module Mldsa_spec.Error
#set-options "--fuel 0 --ifuel 1 --z3rlimit 100"
open FStar.Mul
open Core_models

/// Why an algorithm returned bottom (or an input could not be decoded).
type t_Error =
  | Error_ContextTooLong : t_Error
  | Error_RandomBitGenerationFailed : t_Error
  | Error_WrongLength : t_Error
  | Error_SigningAttemptsExhausted : t_Error

let t_Error_cast_to_repr (x: t_Error) : isize =
  match x <: t_Error with
  | Error_ContextTooLong  -> mk_isize 0
  | Error_RandomBitGenerationFailed  -> mk_isize 1
  | Error_WrongLength  -> mk_isize 2
  | Error_SigningAttemptsExhausted  -> mk_isize 3

let impl: Core_models.Clone.t_Clone t_Error =
  { f_clone = (fun x -> x); f_clone_pre = (fun _ -> True); f_clone_post = (fun _ _ -> True) }

[@@ FStar.Tactics.Typeclasses.tcinstance]
assume
val impl_1': Core_models.Marker.t_Copy t_Error

unfold
let impl_1 = impl_1'

[@@ FStar.Tactics.Typeclasses.tcinstance]
assume
val impl_2': Core_models.Fmt.t_Debug t_Error

unfold
let impl_2 = impl_2'

[@@ FStar.Tactics.Typeclasses.tcinstance]
assume
val impl_3': Core_models.Marker.t_StructuralPartialEq t_Error

unfold
let impl_3 = impl_3'

[@@ FStar.Tactics.Typeclasses.tcinstance]
assume
val impl_4': Core_models.Cmp.t_PartialEq t_Error t_Error

unfold
let impl_4 = impl_4'

[@@ FStar.Tactics.Typeclasses.tcinstance]
assume
val impl_5': Core_models.Cmp.t_Eq t_Error

unfold
let impl_5 = impl_5'
