(* Hand-written F* interface of mldsa-spec's `hash` module (spec/src/hash.rs):
   H = SHAKE256 and G = SHAKE128 of FIPS 204 section 3.7. hax does not
   translate the sha3 crate, so scripts/extract.sh leaves this module out of
   the extraction and F* takes this interface instead (fstar-extract/Makefile
   puts this folder on the include path).

   Everything here is ASSUMED. The types are abstract; the functions have no
   body; the only facts F* gets are the output lengths, which are exactly
   the `ensures` of the Rust functions (checked at run time on every call by
   `#[checked]`, and by ACVP). Nothing ties these functions to FIPS 202.

   Written against hax's F* proof libraries (Rust_primitives, Core_models, Alloc);
   not type-checked here: F* cannot be installed on this project's machines. *)
module Mldsa_spec.Hash
#set-options "--fuel 0 --ifuel 1 --z3rlimit 15"
open Core_models
open FStar.Mul

(* The context of H (SHAKE256) and of G (SHAKE128): opaque in Rust too. *)
val t_HContext: Type0
val t_GContext: Type0

(* H.Init(), H.Absorb(ctx, str), H.Squeeze(ctx, l) *)
val h_init: Prims.unit -> t_HContext
val h_absorb (ctx: t_HContext) (str: t_Slice u8) : t_HContext
val h_squeeze (ctx: t_HContext) (l: usize)
    : Prims.Pure (t_HContext & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      Prims.l_True
      (ensures fun (result: (t_HContext & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)) ->
          let (_ctx, out) = result in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global out <: usize) =. l)

(* G.Init(), G.Absorb(ctx, str), G.Squeeze(ctx, l) *)
val g_init: Prims.unit -> t_GContext
val g_absorb (ctx: t_GContext) (str: t_Slice u8) : t_GContext
val g_squeeze (ctx: t_GContext) (l: usize)
    : Prims.Pure (t_GContext & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      Prims.l_True
      (ensures fun (result: (t_GContext & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)) ->
          let (_ctx, out) = result in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global out <: usize) =. l)

(* H(str, l) and G(str, l): l bytes of output *)
val h (str: t_Slice u8) (l: usize)
    : Prims.Pure (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      Prims.l_True
      (ensures fun (out: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) ->
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global out <: usize) =. l)

val g (str: t_Slice u8) (l: usize)
    : Prims.Pure (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      Prims.l_True
      (ensures fun (out: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) ->
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global out <: usize) =. l)
