module Mldsa_spec.Conversions
#set-options "--fuel 0 --ifuel 1 --z3rlimit 100"
open FStar.Mul
open Core_models

/// Algorithm 9, IntegerToBits(x, alpha): the alpha-bit little-endian binary
/// representation of x (section 7.1).
let integer_to_bits (x: u32) (alpha: usize)
    : Prims.Pure (Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global)
      (requires alpha <=. mk_usize 32)
      (ensures
        fun y ->
          let y:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global = y in
          b2t ((Alloc.Vec.impl_1__len #bool #Alloc.Alloc.t_Global y <: usize) =. alpha <: bool) /\
          (forall (i: usize).
              b2t (i <. alpha <: bool) ==>
              b2t
              ((y.[ i ] <: bool) =.
                ((((cast (x <: u32) <: u64) >>! i <: u64) &. mk_u64 1 <: u64) =. mk_u64 1 <: bool)
                <:
                bool))) =
  let y:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global = Alloc.Vec.from_elem #bool false alpha in
  let x_prime:u32 = x in
  let (x_prime: u32), (y: Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      alpha
      (fun temp_0_ i ->
          let (x_prime: u32), (y: Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global) = temp_0_ in
          let i:usize = i in
          b2t
          (((Alloc.Vec.impl_1__len #bool #Alloc.Alloc.t_Global y <: usize) =. alpha <: bool) &&
            ((cast (x_prime <: u32) <: u64) =. ((cast (x <: u32) <: u64) >>! i <: u64) <: bool)) /\
          (forall (j: usize).
              b2t (j <. i <: bool) ==>
              b2t
              ((y.[ j ] <: bool) =.
                ((((cast (x <: u32) <: u64) >>! j <: u64) &. mk_u64 1 <: u64) =. mk_u64 1 <: bool)
                <:
                bool)))
      (x_prime, y <: (u32 & Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global))
      (fun temp_0_ i ->
          let (x_prime: u32), (y: Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global) = temp_0_ in
          let i:usize = i in
          let y:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global =
            Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (Alloc.Vec.impl_1__as_slice
                      y
                    <:
                    t_Slice bool)
                  i
                  ((x_prime %! mk_u32 2 <: u32) =. mk_u32 1 <: bool)
                <:
                t_Slice bool)
          in
          let x_prime:u32 = x_prime /! mk_u32 2 in
          x_prime, y <: (u32 & Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global))
  in
  y

/// Algorithm 10, BitsToInteger(y, alpha): the integer whose alpha-bit
/// little-endian representation is y.
let bits_to_integer (y: t_Slice bool) (alpha: usize)
    : Prims.Pure u32
      (requires alpha <=. mk_usize 32 && (Core_models.Slice.impl__len #bool y <: usize) >=. alpha)
      (ensures
        fun x ->
          let x:u32 = x in
          b2t ((cast (x <: u32) <: u64) <. (mk_u64 1 <<! alpha <: u64) <: bool) /\
          (forall (i: usize).
              b2t (i <. alpha <: bool) ==>
              b2t
              ((((cast (x <: u32) <: u64) >>! i <: u64) &. mk_u64 1 <: u64) =.
                (cast (y.[ i ] <: bool) <: u64)
                <:
                bool))) =
  let (x: u32):u32 = mk_u32 0 in
  let x:u32 =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 1)
      (alpha +! mk_usize 1 <: usize)
      (fun x i ->
          let x:u32 = x in
          let i:usize = i in
          b2t ((cast (x <: u32) <: u64) <. (mk_u64 1 <<! (i -! mk_usize 1 <: usize) <: u64) <: bool) /\
          (forall (j: usize).
              b2t (j <. (i -! mk_usize 1 <: usize) <: bool) ==>
              b2t
              ((((cast (x <: u32) <: u64) >>! j <: u64) &. mk_u64 1 <: u64) =.
                (cast (y.[ ((alpha +! mk_usize 1 <: usize) -! i <: usize) +! j <: usize ] <: bool)
                  <:
                  u64)
                <:
                bool)))
      x
      (fun x i ->
          let x:u32 = x in
          let i:usize = i in
          let x:u32 = (mk_u32 2 *! x <: u32) +! (cast (y.[ alpha -! i <: usize ] <: bool) <: u32) in
          x)
  in
  x

/// Algorithm 11, IntegerToBytes(x, alpha): the alpha-byte little-endian
/// representation of x.
let integer_to_bytes (x: u64) (alpha: usize)
    : Prims.Pure (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      (requires alpha <=. mk_usize 8)
      (ensures
        fun y ->
          let y:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = y in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global y <: usize) =. alpha) =
  let y:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = Alloc.Vec.from_elem #u8 (mk_u8 0) alpha in
  let x_prime:u64 = x in
  let (x_prime: u64), (y: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      alpha
      (fun temp_0_ temp_1_ ->
          let (x_prime: u64), (y: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) = temp_0_ in
          let _:usize = temp_1_ in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global y <: usize) =. alpha <: bool)
      (x_prime, y <: (u64 & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global))
      (fun temp_0_ i ->
          let (x_prime: u64), (y: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) = temp_0_ in
          let i:usize = i in
          let y:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (Alloc.Vec.impl_1__as_slice
                      y
                    <:
                    t_Slice u8)
                  i
                  (cast (x_prime %! mk_u64 256 <: u64) <: u8)
                <:
                t_Slice u8)
          in
          let x_prime:u64 = x_prime /! mk_u64 256 in
          x_prime, y <: (u64 & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global))
  in
  y

/// Algorithm 12, BitsToBytes(y): packs a bit string into ceil(alpha/8) bytes,
/// little-endian within each byte.
let bits_to_bytes (y: t_Slice bool)
    : Prims.Pure (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      Prims.l_True
      (ensures
        fun z ->
          let z:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = z in
          b2t
          ((Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global z <: usize) =.
            (Core_models.Num.impl_usize__div_ceil (Core_models.Slice.impl__len #bool y <: usize)
                (mk_usize 8)
              <:
              usize)
            <:
            bool) /\
          (forall (i: usize).
              b2t (i <. (Core_models.Slice.impl__len #bool y <: usize) <: bool) ==>
              b2t
              ((((z.[ i /! mk_usize 8 <: usize ] <: u8) >>! (i %! mk_usize 8 <: usize) <: u8) &.
                  mk_u8 1
                  <:
                  u8) =.
                (cast (y.[ i ] <: bool) <: u8)
                <:
                bool))) =
  let alpha:usize = Core_models.Slice.impl__len #bool y in
  let z:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Vec.from_elem #u8
      (mk_u8 0)
      (Core_models.Num.impl_usize__div_ceil alpha (mk_usize 8) <: usize)
  in
  let z:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      alpha
      (fun z i ->
          let z:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = z in
          let i:usize = i in
          b2t
          ((Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global z <: usize) =.
            (Core_models.Num.impl_usize__div_ceil alpha (mk_usize 8) <: usize)
            <:
            bool) /\
          (forall (j: usize).
              b2t (j <. i <: bool) ==>
              b2t
              ((((z.[ j /! mk_usize 8 <: usize ] <: u8) >>! (j %! mk_usize 8 <: usize) <: u8) &.
                  mk_u8 1
                  <:
                  u8) =.
                (cast (y.[ j ] <: bool) <: u8)
                <:
                bool)) /\
          (forall (b: usize).
              b2t (b <. (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global z <: usize) <: bool) ==>
              b2t
              ((b <=. (i /! mk_usize 8 <: usize) <: bool) || ((z.[ b ] <: u8) =. mk_u8 0 <: bool)) /\
              b2t
              ((b <>. (i /! mk_usize 8 <: usize) <: bool) ||
                ((cast (z.[ b ] <: u8) <: u32) <. (mk_u32 1 <<! (i %! mk_usize 8 <: usize) <: u32)
                  <:
                  bool))))
      z
      (fun z i ->
          let z:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = z in
          let i:usize = i in
          let z:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (Alloc.Vec.impl_1__as_slice
                      z
                    <:
                    t_Slice u8)
                  (i /! mk_usize 8 <: usize)
                  ((z.[ i /! mk_usize 8 <: usize ] <: u8) +!
                    ((cast (y.[ i ] <: bool) <: u8) <<! (i %! mk_usize 8 <: usize) <: u8)
                    <:
                    u8)
                <:
                t_Slice u8)
          in
          z)
  in
  z

/// Algorithm 13, BytesToBits(z): the 8 * alpha bits of the byte string z.
/// 8 * alpha must fit usize (at 32 bits too): no slice the spec converts
/// comes near it (at most 32 * 23 bytes).
let bytes_to_bits (z: t_Slice u8)
    : Prims.Pure (Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global)
      (requires
        (Core_models.Slice.impl__len #u8 z <: usize) <=.
        (Core_models.Num.impl_usize__MAX /! mk_usize 8 <: usize))
      (ensures
        fun y ->
          let y:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global = y in
          (Alloc.Vec.impl_1__len #bool #Alloc.Alloc.t_Global y <: usize) =.
          (mk_usize 8 *! (Core_models.Slice.impl__len #u8 z <: usize) <: usize)) =
  let alpha:usize = Core_models.Slice.impl__len #u8 z in
  let y:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global =
    Alloc.Vec.from_elem #bool false (mk_usize 8 *! alpha <: usize)
  in
  let z_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = Alloc.Slice.impl__to_vec #u8 z in
  let
  (y: Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global), (z_prime: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
  =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      alpha
      (fun temp_0_ temp_1_ ->
          let
          (y: Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global),
          (z_prime: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
            temp_0_
          in
          let _:usize = temp_1_ in
          ((Alloc.Vec.impl_1__len #bool #Alloc.Alloc.t_Global y <: usize) =.
            (mk_usize 8 *! alpha <: usize)
            <:
            bool) &&
          ((Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global z_prime <: usize) =. alpha <: bool))
      (y, z_prime
        <:
        (Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global))
      (fun temp_0_ i ->
          let
          (y: Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global),
          (z_prime: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
            temp_0_
          in
          let i:usize = i in
          Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
            (mk_usize 8)
            (fun temp_0_ temp_1_ ->
                let
                (y: Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global),
                (z_prime: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
                  temp_0_
                in
                let _:usize = temp_1_ in
                ((Alloc.Vec.impl_1__len #bool #Alloc.Alloc.t_Global y <: usize) =.
                  (mk_usize 8 *! alpha <: usize)
                  <:
                  bool) &&
                ((Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global z_prime <: usize) =. alpha <: bool
                ))
            (y, z_prime
              <:
              (Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global))
            (fun temp_0_ j ->
                let
                (y: Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global),
                (z_prime: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
                  temp_0_
                in
                let j:usize = j in
                let y:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global =
                  Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize
                        (Alloc.Vec.impl_1__as_slice y <: t_Slice bool)
                        ((mk_usize 8 *! i <: usize) +! j <: usize)
                        (((z_prime.[ i ] <: u8) %! mk_u8 2 <: u8) =. mk_u8 1 <: bool)
                      <:
                      t_Slice bool)
                in
                let z_prime:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
                  Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize
                        (Alloc.Vec.impl_1__as_slice z_prime <: t_Slice u8)
                        i
                        ((z_prime.[ i ] <: u8) /! mk_u8 2 <: u8)
                      <:
                      t_Slice u8)
                in
                y, z_prime
                <:
                (Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global
                ))
          <:
          (Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global))
  in
  y

/// Algorithm 14, CoeffFromThreeBytes(b0, b1, b2): an element of Z_q or
/// bottom (`None`), for rejection sampling in RejNTTPoly: the 23-bit
/// little-endian integer of b0, b1 and b2 without its top bit, accepted
/// when it is below q.
let coeff_from_three_bytes (b0 b1 b2: u8)
    : Prims.Pure (Core_models.Option.t_Option i32)
      Prims.l_True
      (ensures
        fun r ->
          let r:Core_models.Option.t_Option i32 = r in
          match r <: Core_models.Option.t_Option i32 with
          | Core_models.Option.Option_Some z ->
            mk_i32 0 <=. z && z <. Mldsa_spec.Params.v_Q &&
            z =.
            (((mk_i32 65536 *! (cast (b2 %! mk_u8 128 <: u8) <: i32) <: i32) +!
                (mk_i32 256 *! (cast (b1 <: u8) <: i32) <: i32)
                <:
                i32) +!
              (cast (b0 <: u8) <: i32)
              <:
              i32)
          | Core_models.Option.Option_None  ->
            (((mk_i32 65536 *! (cast (b2 %! mk_u8 128 <: u8) <: i32) <: i32) +!
                (mk_i32 256 *! (cast (b1 <: u8) <: i32) <: i32)
                <:
                i32) +!
              (cast (b0 <: u8) <: i32)
              <:
              i32) >=.
            Mldsa_spec.Params.v_Q) =
  let b2_prime:i32 = cast (b2 <: u8) <: i32 in
  let b2_prime:i32 =
    if b2_prime >. mk_i32 127
    then
      let b2_prime:i32 = b2_prime -! mk_i32 128 in
      b2_prime
    else b2_prime
  in
  let z:i32 =
    ((mk_i32 65536 *! b2_prime <: i32) +! (mk_i32 256 *! (cast (b1 <: u8) <: i32) <: i32) <: i32) +!
    (cast (b0 <: u8) <: i32)
  in
  if z <. Mldsa_spec.Params.v_Q
  then Core_models.Option.Option_Some z <: Core_models.Option.t_Option i32
  else Core_models.Option.Option_None <: Core_models.Option.t_Option i32

/// Algorithm 15, CoeffFromHalfByte(b): an element of [-eta, eta] or bottom,
/// for rejection sampling in RejBoundedPoly: for eta = 2, 2 - (b mod 5)
/// when b < 15; for eta = 4, 4 - b when b < 9; bottom otherwise.
let coeff_from_half_byte (b: u8) (eta: i32)
    : Prims.Pure (Core_models.Option.t_Option i32)
      (requires b <. mk_u8 16 && (eta =. mk_i32 2 || eta =. mk_i32 4))
      (ensures
        fun r ->
          let r:Core_models.Option.t_Option i32 = r in
          match r <: Core_models.Option.t_Option i32 with
          | Core_models.Option.Option_Some c ->
            (Rust_primitives.Arithmetic.neg eta <: i32) <=. c && c <=. eta &&
            (eta =. mk_i32 2 && b <. mk_u8 15 &&
            c =. (mk_i32 2 -! (cast (b %! mk_u8 5 <: u8) <: i32) <: i32) ||
            eta =. mk_i32 4 && b <. mk_u8 9 && c =. (mk_i32 4 -! (cast (b <: u8) <: i32) <: i32))
          | Core_models.Option.Option_None  ->
            eta =. mk_i32 2 && b >=. mk_u8 15 || eta =. mk_i32 4 && b >=. mk_u8 9) =
  let b:i32 = cast (b <: u8) <: i32 in
  if eta =. mk_i32 2 && b <. mk_i32 15
  then
    Core_models.Option.Option_Some (mk_i32 2 -! (b %! mk_i32 5 <: i32))
    <:
    Core_models.Option.t_Option i32
  else
    if eta =. mk_i32 4 && b <. mk_i32 9
    then Core_models.Option.Option_Some (mk_i32 4 -! b) <: Core_models.Option.t_Option i32
    else Core_models.Option.Option_None <: Core_models.Option.t_Option i32

/// Algorithm 16, SimpleBitPack(w, b): encodes a polynomial with coefficients
/// in [0, b] as 32 * bitlen(b) bytes.
let simple_bit_pack (w: t_Array i32 (mk_usize 256)) (b: u32)
    : Prims.Pure (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      (requires
        b2t ((b >. mk_u32 0 <: bool) && (b <. (mk_u32 1 <<! mk_i32 23 <: u32) <: bool)) /\
        Mldsa_spec.Ring.coefficients_in w (mk_i32 0) (cast (b <: u32) <: i32))
      (ensures
        fun v ->
          let v:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = v in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global v <: usize) =.
          (mk_usize 32 *! (Mldsa_spec.Params.bitlen b <: usize) <: usize)) =
  let bitlen_b:usize = Mldsa_spec.Params.bitlen b in
  let (z: Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global):Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global =
    Alloc.Vec.impl__new #bool ()
  in
  let z:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      Mldsa_spec.Params.v_N
      (fun z i ->
          let z:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global = z in
          let i:usize = i in
          (Alloc.Vec.impl_1__len #bool #Alloc.Alloc.t_Global z <: usize) =. (i *! bitlen_b <: usize)
          <:
          bool)
      z
      (fun z i ->
          let z:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global = z in
          let i:usize = i in
          let z:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global =
            Alloc.Vec.impl_2__extend_from_slice #bool
              #Alloc.Alloc.t_Global
              z
              (Alloc.Vec.impl_1__as_slice (integer_to_bits (cast (w.[ i ] <: i32) <: u32) bitlen_b
                    <:
                    Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global)
                <:
                t_Slice bool)
          in
          z)
  in
  bits_to_bytes (Alloc.Vec.impl_1__as_slice z <: t_Slice bool)

/// Algorithm 17, BitPack(w, a, b): encodes a polynomial with coefficients in
/// [-a, b] as 32 * bitlen(a + b) bytes. Every b - w_i that fits bitlen(a + b)
/// bits encodes, so the precondition admits down to b - 2^bitlen(a+b) + 1:
/// the range BitUnpack returns, which skDecode gives a malformed key.
let bit_pack (w: t_Array i32 (mk_usize 256)) (a b: u32)
    : Prims.Pure (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      (requires
        b2t
        ((b >. mk_u32 0 <: bool) && (a <. (mk_u32 1 <<! mk_i32 23 <: u32) <: bool) &&
          (b <. (mk_u32 1 <<! mk_i32 23 <: u32) <: bool)) /\
        Mldsa_spec.Ring.coefficients_in w
          (((cast (b <: u32) <: i32) +! mk_i32 1 <: i32) -!
            (mk_i32 1 <<! (Mldsa_spec.Params.bitlen (a +! b <: u32) <: usize) <: i32)
            <:
            i32)
          (cast (b <: u32) <: i32))
      (ensures
        fun v ->
          let v:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = v in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global v <: usize) =.
          (mk_usize 32 *! (Mldsa_spec.Params.bitlen (a +! b <: u32) <: usize) <: usize)) =
  let bitlen_a_plus_b:usize = Mldsa_spec.Params.bitlen (a +! b <: u32) in
  let (z: Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global):Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global =
    Alloc.Vec.impl__new #bool ()
  in
  let z:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      Mldsa_spec.Params.v_N
      (fun z i ->
          let z:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global = z in
          let i:usize = i in
          (Alloc.Vec.impl_1__len #bool #Alloc.Alloc.t_Global z <: usize) =.
          (i *! bitlen_a_plus_b <: usize)
          <:
          bool)
      z
      (fun z i ->
          let z:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global = z in
          let i:usize = i in
          let z:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global =
            Alloc.Vec.impl_2__extend_from_slice #bool
              #Alloc.Alloc.t_Global
              z
              (Alloc.Vec.impl_1__as_slice (integer_to_bits (cast ((cast (b <: u32) <: i32) -!
                            (w.[ i ] <: i32)
                            <:
                            i32)
                        <:
                        u32)
                      bitlen_a_plus_b
                    <:
                    Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global)
                <:
                t_Slice bool)
          in
          z)
  in
  bits_to_bytes (Alloc.Vec.impl_1__as_slice z <: t_Slice bool)

/// Algorithm 18, SimpleBitUnpack(v, b): reverses SimpleBitPack. When b + 1
/// is a power of 2 every coefficient is in [0, b]; otherwise it may reach
/// 2^bitlen(b) - 1.
let simple_bit_unpack (v: t_Slice u8) (b: u32)
    : Prims.Pure (t_Array i32 (mk_usize 256))
      (requires
        b >. mk_u32 0 && b <. (mk_u32 1 <<! mk_i32 23 <: u32) &&
        (Core_models.Slice.impl__len #u8 v <: usize) =.
        (mk_usize 32 *! (Mldsa_spec.Params.bitlen b <: usize) <: usize))
      (ensures
        fun w ->
          let w:t_Array i32 (mk_usize 256) = w in
          Mldsa_spec.Ring.coefficients_in w
            (mk_i32 0)
            (cast ((mk_u32 1 <<! (Mldsa_spec.Params.bitlen b <: usize) <: u32) -! mk_u32 1 <: u32)
              <:
              i32)) =
  let w:t_Array i32 (mk_usize 256) = Mldsa_spec.Ring.zero () in
  let c:usize = Mldsa_spec.Params.bitlen b in
  let z:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global = bytes_to_bits v in
  let w:t_Array i32 (mk_usize 256) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      Mldsa_spec.Params.v_N
      (fun w temp_1_ ->
          let w:t_Array i32 (mk_usize 256) = w in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.coefficients_in w
            (mk_i32 0)
            (cast ((mk_u32 1 <<! c <: u32) -! mk_u32 1 <: u32) <: i32))
      w
      (fun w i ->
          let w:t_Array i32 (mk_usize 256) = w in
          let i:usize = i in
          let w:t_Array i32 (mk_usize 256) =
            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize w
              i
              (cast (bits_to_integer (z.[ {
                            Core_models.Ops.Range.f_start = i *! c <: usize;
                            Core_models.Ops.Range.f_end = (i *! c <: usize) +! c <: usize
                          }
                          <:
                          Core_models.Ops.Range.t_Range usize ]
                        <:
                        t_Slice bool)
                      c
                    <:
                    u32)
                <:
                i32)
          in
          w)
  in
  w

/// Algorithm 19, BitUnpack(v, a, b): reverses BitPack. When a + b + 1 is a
/// power of 2 every coefficient is in [-a, b]; otherwise it may reach
/// b - 2^bitlen(a+b) + 1.
let bit_unpack (v: t_Slice u8) (a b: u32)
    : Prims.Pure (t_Array i32 (mk_usize 256))
      (requires
        b >. mk_u32 0 && a <. (mk_u32 1 <<! mk_i32 23 <: u32) &&
        b <. (mk_u32 1 <<! mk_i32 23 <: u32) &&
        (Core_models.Slice.impl__len #u8 v <: usize) =.
        (mk_usize 32 *! (Mldsa_spec.Params.bitlen (a +! b <: u32) <: usize) <: usize))
      (ensures
        fun w ->
          let w:t_Array i32 (mk_usize 256) = w in
          Mldsa_spec.Ring.coefficients_in w
            ((cast (b <: u32) <: i32) -!
              (cast ((mk_u32 1 <<! (Mldsa_spec.Params.bitlen (a +! b <: u32) <: usize) <: u32) -!
                    mk_u32 1
                    <:
                    u32)
                <:
                i32)
              <:
              i32)
            (cast (b <: u32) <: i32)) =
  let w:t_Array i32 (mk_usize 256) = Mldsa_spec.Ring.zero () in
  let c:usize = Mldsa_spec.Params.bitlen (a +! b <: u32) in
  let z:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global = bytes_to_bits v in
  let w:t_Array i32 (mk_usize 256) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      Mldsa_spec.Params.v_N
      (fun w temp_1_ ->
          let w:t_Array i32 (mk_usize 256) = w in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.coefficients_in w
            ((cast (b <: u32) <: i32) -! (cast ((mk_u32 1 <<! c <: u32) -! mk_u32 1 <: u32) <: i32)
              <:
              i32)
            (cast (b <: u32) <: i32))
      w
      (fun w i ->
          let w:t_Array i32 (mk_usize 256) = w in
          let i:usize = i in
          let w:t_Array i32 (mk_usize 256) =
            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize w
              i
              ((cast (b <: u32) <: i32) -!
                (cast (bits_to_integer (z.[ {
                              Core_models.Ops.Range.f_start = i *! c <: usize;
                              Core_models.Ops.Range.f_end = (i *! c <: usize) +! c <: usize
                            }
                            <:
                            Core_models.Ops.Range.t_Range usize ]
                          <:
                          t_Slice bool)
                        c
                      <:
                      u32)
                  <:
                  i32)
                <:
                i32)
          in
          w)
  in
  w

#push-options "--fuel 1"

/// Algorithm 20, HintBitPack(h): encodes a hint vector of k polynomials as
/// omega + k bytes. The standard packs every nonzero coefficient (line 5), so
/// the precondition bounds the nonzero coefficients, not only the 1\'s: with
/// 100 coefficients equal to 2 and none equal to 1, line 6 writes past y.
/// The invariants unfold the counting ghosts one step per iteration (fuel 1).
let hint_bit_pack (h: t_Slice (t_Array i32 (mk_usize 256))) (omega k: usize)
    : Prims.Pure (Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
      (requires
        (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) h <: usize) =. k &&
        omega <=. mk_usize 255 &&
        k <=. mk_usize 255 &&
        (Mldsa_spec.Ring.count_nonzero h <: usize) <=. omega)
      (ensures
        fun y ->
          let y:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global = y in
          (Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global y <: usize) =. (omega +! k <: usize)) =
  let y:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
    Alloc.Vec.from_elem #u8 (mk_u8 0) (omega +! k <: usize)
  in
  let index:usize = mk_usize 0 in
  let (index: usize), (y: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      k
      (fun temp_0_ i ->
          let (index: usize), (y: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) = temp_0_ in
          let i:usize = i in
          ((Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global y <: usize) =. (omega +! k <: usize)
            <:
            bool) &&
          (index =. (Mldsa_spec.Ring.vector_nonzero_count h i <: usize) <: bool))
      (index, y <: (usize & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global))
      (fun temp_0_ i ->
          let (index: usize), (y: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) = temp_0_ in
          let i:usize = i in
          let index_before_row:usize = index in
          let (index: usize), (y: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) =
            Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
              Mldsa_spec.Params.v_N
              (fun temp_0_ j ->
                  let (index: usize), (y: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) = temp_0_ in
                  let j:usize = j in
                  ((Alloc.Vec.impl_1__len #u8 #Alloc.Alloc.t_Global y <: usize) =.
                    (omega +! k <: usize)
                    <:
                    bool) &&
                  (index =.
                    (index_before_row +!
                      (Mldsa_spec.Ring.nonzero_count (h.[ i ] <: t_Array i32 (mk_usize 256)) j
                        <:
                        usize)
                      <:
                      usize)
                    <:
                    bool))
              (index, y <: (usize & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global))
              (fun temp_0_ j ->
                  let (index: usize), (y: Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global) = temp_0_ in
                  let j:usize = j in
                  if ((h.[ i ] <: t_Array i32 (mk_usize 256)).[ j ] <: i32) <>. mk_i32 0 <: bool
                  then
                    let y:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
                      Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize
                            (Alloc.Vec.impl_1__as_slice y <: t_Slice u8)
                            index
                            (cast (j <: usize) <: u8)
                          <:
                          t_Slice u8)
                    in
                    let index:usize = index +! mk_usize 1 in
                    index, y <: (usize & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global)
                  else index, y <: (usize & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global))
          in
          let y:Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global =
            Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (Alloc.Vec.impl_1__as_slice
                      y
                    <:
                    t_Slice u8)
                  (omega +! i <: usize)
                  (cast (index <: usize) <: u8)
                <:
                t_Slice u8)
          in
          index, y <: (usize & Alloc.Vec.t_Vec u8 Alloc.Alloc.t_Global))
  in
  y

#pop-options

/// Algorithm 21, HintBitUnpack(y): reverses HintBitPack, or returns bottom
/// (`None`) on a malformed encoding (indices not strictly increasing, counts
/// decreasing or above omega, nonzero padding).
/// k <= 255 (every parameter set has k <= 8): the invariants count the 1\'s
/// of h with `count_nonzero`, which takes at most 255 polynomials.
/// The standard returns bottom from inside its loops; hax extracts no return
/// inside a loop, so `bottom` records it and the loops do nothing once it
/// is set. The result is the same.
let hint_bit_unpack (y: t_Slice u8) (omega k: usize)
    : Prims.Pure
      (Core_models.Option.t_Option
        (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
      (requires
        (Core_models.Slice.impl__len #u8 y <: usize) =. (omega +! k <: usize) &&
        omega <=. mk_usize 255 &&
        k <=. mk_usize 255)
      (ensures
        fun r ->
          let r:Core_models.Option.t_Option
          (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global) =
            r
          in
          match
            r
            <:
            Core_models.Option.t_Option
            (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
          with
          | Core_models.Option.Option_Some h ->
            b2t
            (((Alloc.Vec.impl_1__len #(t_Array i32 (mk_usize 256)) #Alloc.Alloc.t_Global h <: usize) =.
                k
                <:
                bool) &&
              ((Mldsa_spec.Ring.count_nonzero (Alloc.Vec.impl_1__as_slice h
                      <:
                      t_Slice (t_Array i32 (mk_usize 256)))
                  <:
                  usize) <=.
                omega
                <:
                bool)) /\
            Mldsa_spec.Ring.is_binary (Alloc.Vec.impl_1__as_slice h
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
          | Core_models.Option.Option_None  -> b2t true) =
  let h:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ring.zero_vector k
  in
  let (index: usize):usize = mk_usize 0 in
  let bottom:bool = false in
  let
  (bottom: bool),
  (h: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
  (index: usize) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      k
      (fun temp_0_ i ->
          let
          (bottom: bool),
          (h: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
          (index: usize) =
            temp_0_
          in
          let i:usize = i in
          b2t
          (((Alloc.Vec.impl_1__len #(t_Array i32 (mk_usize 256)) #Alloc.Alloc.t_Global h <: usize) =.
              k
              <:
              bool) &&
            (index <=. omega <: bool)) /\
          (b2t bottom \/
            b2t
            ((Mldsa_spec.Ring.vector_nonzero_count (Alloc.Vec.impl_1__as_slice h
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  k
                <:
                usize) =.
              index
              <:
              bool) /\
            Mldsa_spec.Ring.is_binary (Alloc.Vec.impl_1__as_slice h
                <:
                t_Slice (t_Array i32 (mk_usize 256))) /\
            (forall (r: usize).
                b2t (r <. k <: bool) ==>
                b2t (r <. i <: bool) \/
                Mldsa_spec.Ring.coefficients_in (h.[ r ] <: t_Array i32 (mk_usize 256))
                  (mk_i32 0)
                  (mk_i32 0))))
      (bottom, h, index
        <:
        (bool & Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global & usize))
      (fun temp_0_ i ->
          let
          (bottom: bool),
          (h: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
          (index: usize) =
            temp_0_
          in
          let i:usize = i in
          let bottom:bool =
            if
              (cast (y.[ omega +! i <: usize ] <: u8) <: usize) <. index ||
              (cast (y.[ omega +! i <: usize ] <: u8) <: usize) >. omega
            then
              let bottom:bool = true in
              bottom
            else bottom
          in
          let first:usize = index in
          Rust_primitives.Hax.while_loop (fun temp_0_ ->
                let
                (bottom: bool),
                (h: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
                (index: usize) =
                  temp_0_
                in
                b2t
                (((Alloc.Vec.impl_1__len #(t_Array i32 (mk_usize 256)) #Alloc.Alloc.t_Global h
                      <:
                      usize) =.
                    k
                    <:
                    bool) &&
                  (first <=. index <: bool) &&
                  (index <=. omega <: bool)) /\
                (b2t bottom \/
                  b2t
                  ((index <=. (cast (y.[ omega +! i <: usize ] <: u8) <: usize) <: bool) &&
                    ((cast (y.[ omega +! i <: usize ] <: u8) <: usize) <=. omega <: bool) &&
                    ((Mldsa_spec.Ring.vector_nonzero_count (Alloc.Vec.impl_1__as_slice h
                            <:
                            t_Slice (t_Array i32 (mk_usize 256)))
                          k
                        <:
                        usize) =.
                      index
                      <:
                      bool)) /\
                  Mldsa_spec.Ring.is_binary (Alloc.Vec.impl_1__as_slice h
                      <:
                      t_Slice (t_Array i32 (mk_usize 256))) /\
                  (forall (r: usize).
                      b2t (r <. k <: bool) ==>
                      b2t (r <=. i <: bool) \/
                      Mldsa_spec.Ring.coefficients_in (h.[ r ] <: t_Array i32 (mk_usize 256))
                        (mk_i32 0)
                        (mk_i32 0)) /\
                  (forall (c: usize).
                      b2t (c <. Mldsa_spec.Params.v_N <: bool) ==>
                      b2t
                      ((((h.[ i ] <: t_Array i32 (mk_usize 256)).[ c ] <: i32) =. mk_i32 0 <: bool) ||
                        (index >. first <: bool) &&
                        (c <=. (cast (y.[ index -! mk_usize 1 <: usize ] <: u8) <: usize) <: bool)))
                ))
            (fun temp_0_ ->
                let
                (bottom: bool),
                (h: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
                (index: usize) =
                  temp_0_
                in
                (~.bottom <: bool) &&
                (index <. (cast (y.[ omega +! i <: usize ] <: u8) <: usize) <: bool))
            (fun temp_0_ ->
                let
                (bottom: bool),
                (h: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
                (index: usize) =
                  temp_0_
                in
                Rust_primitives.Hax.Int.from_machine (((omega +! mk_usize 1 <: usize) -! index
                      <:
                      usize) -!
                    (cast (bottom <: bool) <: usize)
                    <:
                    usize)
                <:
                Hax_lib.Int.t_Int)
            (bottom, h, index
              <:
              (bool & Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global & usize))
            (fun temp_0_ ->
                let
                (bottom: bool),
                (h: Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global),
                (index: usize) =
                  temp_0_
                in
                let bottom:bool =
                  if index >. first
                  then
                    if (y.[ index -! mk_usize 1 <: usize ] <: u8) >=. (y.[ index ] <: u8)
                    then
                      let bottom:bool = true in
                      bottom
                    else bottom
                  else bottom
                in
                if ~.bottom
                then
                  let h:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                    Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize
                          (Alloc.Vec.impl_1__as_slice h <: t_Slice (t_Array i32 (mk_usize 256)))
                          i
                          (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (h.[ i ]
                                <:
                                t_Array i32 (mk_usize 256))
                              (cast (y.[ index ] <: u8) <: usize)
                              (mk_i32 1)
                            <:
                            t_Array i32 (mk_usize 256))
                        <:
                        t_Slice (t_Array i32 (mk_usize 256)))
                  in
                  let index:usize = index +! mk_usize 1 in
                  bottom, h, index
                  <:
                  (bool & Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global & usize)
                else
                  bottom, h, index
                  <:
                  (bool & Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global & usize)
            ))
  in
  let bottom:bool =
    Rust_primitives.Hax.Folds.fold_range index
      omega
      (fun bottom temp_1_ ->
          let bottom:bool = bottom in
          let _:usize = temp_1_ in
          true)
      bottom
      (fun bottom i ->
          let bottom:bool = bottom in
          let i:usize = i in
          if (y.[ i ] <: u8) <>. mk_u8 0 <: bool
          then
            let bottom:bool = true in
            bottom
          else bottom)
  in
  if bottom
  then
    Core_models.Option.Option_None
    <:
    Core_models.Option.t_Option (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
  else
    Core_models.Option.Option_Some h
    <:
    Core_models.Option.t_Option (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
