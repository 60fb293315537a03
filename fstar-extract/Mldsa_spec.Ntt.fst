module Mldsa_spec.Ntt
#set-options "--fuel 0 --ifuel 1 --z3rlimit 100"
open FStar.Mul
open Core_models

/// FIPS 204 Appendix B: zetas[m] = zeta^BitRev8(m) mod q for m = 1 .. 255.
/// Entry 0 is written 0 in the standard; NTT and NTT^-1 never read it.
let v_ZETAS: t_Array i32 (mk_usize 256) =
  let list =
    [
      mk_i32 0; mk_i32 4808194; mk_i32 3765607; mk_i32 3761513; mk_i32 5178923; mk_i32 5496691;
      mk_i32 5234739; mk_i32 5178987; mk_i32 7778734; mk_i32 3542485; mk_i32 2682288; mk_i32 2129892;
      mk_i32 3764867; mk_i32 7375178; mk_i32 557458; mk_i32 7159240; mk_i32 5010068; mk_i32 4317364;
      mk_i32 2663378; mk_i32 6705802; mk_i32 4855975; mk_i32 7946292; mk_i32 676590; mk_i32 7044481;
      mk_i32 5152541; mk_i32 1714295; mk_i32 2453983; mk_i32 1460718; mk_i32 7737789; mk_i32 4795319;
      mk_i32 2815639; mk_i32 2283733; mk_i32 3602218; mk_i32 3182878; mk_i32 2740543; mk_i32 4793971;
      mk_i32 5269599; mk_i32 2101410; mk_i32 3704823; mk_i32 1159875; mk_i32 394148; mk_i32 928749;
      mk_i32 1095468; mk_i32 4874037; mk_i32 2071829; mk_i32 4361428; mk_i32 3241972; mk_i32 2156050;
      mk_i32 3415069; mk_i32 1759347; mk_i32 7562881; mk_i32 4805951; mk_i32 3756790; mk_i32 6444618;
      mk_i32 6663429; mk_i32 4430364; mk_i32 5483103; mk_i32 3192354; mk_i32 556856; mk_i32 3870317;
      mk_i32 2917338; mk_i32 1853806; mk_i32 3345963; mk_i32 1858416; mk_i32 3073009; mk_i32 1277625;
      mk_i32 5744944; mk_i32 3852015; mk_i32 4183372; mk_i32 5157610; mk_i32 5258977; mk_i32 8106357;
      mk_i32 2508980; mk_i32 2028118; mk_i32 1937570; mk_i32 4564692; mk_i32 2811291; mk_i32 5396636;
      mk_i32 7270901; mk_i32 4158088; mk_i32 1528066; mk_i32 482649; mk_i32 1148858; mk_i32 5418153;
      mk_i32 7814814; mk_i32 169688; mk_i32 2462444; mk_i32 5046034; mk_i32 4213992; mk_i32 4892034;
      mk_i32 1987814; mk_i32 5183169; mk_i32 1736313; mk_i32 235407; mk_i32 5130263; mk_i32 3258457;
      mk_i32 5801164; mk_i32 1787943; mk_i32 5989328; mk_i32 6125690; mk_i32 3482206; mk_i32 4197502;
      mk_i32 7080401; mk_i32 6018354; mk_i32 7062739; mk_i32 2461387; mk_i32 3035980; mk_i32 621164;
      mk_i32 3901472; mk_i32 7153756; mk_i32 2925816; mk_i32 3374250; mk_i32 1356448; mk_i32 5604662;
      mk_i32 2683270; mk_i32 5601629; mk_i32 4912752; mk_i32 2312838; mk_i32 7727142; mk_i32 7921254;
      mk_i32 348812; mk_i32 8052569; mk_i32 1011223; mk_i32 6026202; mk_i32 4561790; mk_i32 6458164;
      mk_i32 6143691; mk_i32 1744507; mk_i32 1753; mk_i32 6444997; mk_i32 5720892; mk_i32 6924527;
      mk_i32 2660408; mk_i32 6600190; mk_i32 8321269; mk_i32 2772600; mk_i32 1182243; mk_i32 87208;
      mk_i32 636927; mk_i32 4415111; mk_i32 4423672; mk_i32 6084020; mk_i32 5095502; mk_i32 4663471;
      mk_i32 8352605; mk_i32 822541; mk_i32 1009365; mk_i32 5926272; mk_i32 6400920; mk_i32 1596822;
      mk_i32 4423473; mk_i32 4620952; mk_i32 6695264; mk_i32 4969849; mk_i32 2678278; mk_i32 4611469;
      mk_i32 4829411; mk_i32 635956; mk_i32 8129971; mk_i32 5925040; mk_i32 4234153; mk_i32 6607829;
      mk_i32 2192938; mk_i32 6653329; mk_i32 2387513; mk_i32 4768667; mk_i32 8111961; mk_i32 5199961;
      mk_i32 3747250; mk_i32 2296099; mk_i32 1239911; mk_i32 4541938; mk_i32 3195676; mk_i32 2642980;
      mk_i32 1254190; mk_i32 8368000; mk_i32 2998219; mk_i32 141835; mk_i32 8291116; mk_i32 2513018;
      mk_i32 7025525; mk_i32 613238; mk_i32 7070156; mk_i32 6161950; mk_i32 7921677; mk_i32 6458423;
      mk_i32 4040196; mk_i32 4908348; mk_i32 2039144; mk_i32 6500539; mk_i32 7561656; mk_i32 6201452;
      mk_i32 6757063; mk_i32 2105286; mk_i32 6006015; mk_i32 6346610; mk_i32 586241; mk_i32 7200804;
      mk_i32 527981; mk_i32 5637006; mk_i32 6903432; mk_i32 1994046; mk_i32 2491325; mk_i32 6987258;
      mk_i32 507927; mk_i32 7192532; mk_i32 7655613; mk_i32 6545891; mk_i32 5346675; mk_i32 8041997;
      mk_i32 2647994; mk_i32 3009748; mk_i32 5767564; mk_i32 4148469; mk_i32 749577; mk_i32 4357667;
      mk_i32 3980599; mk_i32 2569011; mk_i32 6764887; mk_i32 1723229; mk_i32 1665318; mk_i32 2028038;
      mk_i32 1163598; mk_i32 5011144; mk_i32 3994671; mk_i32 8368538; mk_i32 7009900; mk_i32 3020393;
      mk_i32 3363542; mk_i32 214880; mk_i32 545376; mk_i32 7609976; mk_i32 3105558; mk_i32 7277073;
      mk_i32 508145; mk_i32 7826699; mk_i32 860144; mk_i32 3430436; mk_i32 140244; mk_i32 6866265;
      mk_i32 6195333; mk_i32 3123762; mk_i32 2358373; mk_i32 6187330; mk_i32 5365997; mk_i32 6663603;
      mk_i32 2926054; mk_i32 7987710; mk_i32 8077412; mk_i32 3531229; mk_i32 4405932; mk_i32 4606686;
      mk_i32 1900052; mk_i32 7598542; mk_i32 1054478; mk_i32 7648983
    ]
  in
  FStar.Pervasives.assert_norm (Prims.eq2 (List.Tot.length list) 256);
  Rust_primitives.Hax.array_of_list 256 list

/// zeta^e mod q, by square and multiply: the definition [`ZETAS`] is tested
/// against.
let zeta_pow (e: u32)
    : Prims.Pure i32
      Prims.l_True
      (ensures
        fun r ->
          let r:i32 = r in
          mk_i32 0 <=. r && r <. Mldsa_spec.Params.v_Q) =
  let (result: i64):i64 = mk_i64 1 in
  let base:i64 = cast (Mldsa_spec.Params.v_ZETA <: i32) <: i64 in
  let exp:u32 = e in
  let (base: i64), (exp: u32), (result: i64) =
    Rust_primitives.Hax.while_loop (fun temp_0_ ->
          let (base: i64), (exp: u32), (result: i64) = temp_0_ in
          b2t
          ((mk_i64 0 <=. result <: bool) &&
            (result <. (cast (Mldsa_spec.Params.v_Q <: i32) <: i64) <: bool) &&
            (mk_i64 0 <=. base <: bool) &&
            (base <. (cast (Mldsa_spec.Params.v_Q <: i32) <: i64) <: bool)))
      (fun temp_0_ ->
          let (base: i64), (exp: u32), (result: i64) = temp_0_ in
          exp >. mk_u32 0 <: bool)
      (fun temp_0_ ->
          let (base: i64), (exp: u32), (result: i64) = temp_0_ in
          Rust_primitives.Hax.Int.from_machine exp <: Hax_lib.Int.t_Int)
      (base, exp, result <: (i64 & u32 & i64))
      (fun temp_0_ ->
          let (base: i64), (exp: u32), (result: i64) = temp_0_ in
          let result:i64 =
            if (exp %! mk_u32 2 <: u32) =. mk_u32 1
            then
              let result:i64 =
                (result *! base <: i64) %! (cast (Mldsa_spec.Params.v_Q <: i32) <: i64)
              in
              result
            else result
          in
          let base:i64 = (base *! base <: i64) %! (cast (Mldsa_spec.Params.v_Q <: i32) <: i64) in
          let exp:u32 = exp /! mk_u32 2 in
          base, exp, result <: (i64 & u32 & i64))
  in
  cast (result <: i64) <: i32

/// len is one of the layer widths 1, 2, 4, .., 256 of NTT and NTT^-1.
let is_layer_len (len: usize) : Hax_lib.Prop.t_Prop =
  b2t
  ((len =. mk_usize 1 <: bool) || (len =. mk_usize 2 <: bool) || (len =. mk_usize 4 <: bool) ||
    (len =. mk_usize 8 <: bool) ||
    (len =. mk_usize 16 <: bool) ||
    (len =. mk_usize 32 <: bool) ||
    (len =. mk_usize 64 <: bool) ||
    (len =. mk_usize 128 <: bool) ||
    (len =. mk_usize 256 <: bool))

/// Algorithm 41, NTT(w): the NTT representation w_hat in T_q of w in R_q.
/// The loop invariants carry what bounds every index: len is a power of two
/// (so len = 128, 64, .., 1, then 0), start is a multiple of 2 len below 256
/// (so j + len <= start + 2 len - 1 <= 255), and m counts the zetas used
/// (so m <= 255 at line 10).
let ntt (w: t_Array i32 (mk_usize 256))
    : Prims.Pure (t_Array i32 (mk_usize 256))
      (requires
        Mldsa_spec.Ring.coefficients_in w (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      (ensures
        fun w_hat ->
          let w_hat:t_Array i32 (mk_usize 256) = w_hat in
          Mldsa_spec.Ring.coefficients_in w_hat
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let w_hat:t_Array i32 (mk_usize 256) = Mldsa_spec.Ring.zero () in
  let w_hat:t_Array i32 (mk_usize 256) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      Mldsa_spec.Params.v_N
      (fun w_hat temp_1_ ->
          let w_hat:t_Array i32 (mk_usize 256) = w_hat in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.coefficients_in w_hat
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      w_hat
      (fun w_hat j ->
          let w_hat:t_Array i32 (mk_usize 256) = w_hat in
          let j:usize = j in
          let w_hat:t_Array i32 (mk_usize 256) =
            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize w_hat j (w.[ j ] <: i32)
          in
          w_hat)
  in
  let (m: usize):usize = mk_usize 0 in
  let (len: usize):usize = mk_usize 128 in
  let (len: usize), (m: usize), (w_hat: t_Array i32 (mk_usize 256)) =
    Rust_primitives.Hax.while_loop (fun temp_0_ ->
          let (len: usize), (m: usize), (w_hat: t_Array i32 (mk_usize 256)) = temp_0_ in
          b2t (len <=. mk_usize 128 <: bool) /\
          (b2t (len =. mk_usize 0 <: bool) \/ is_layer_len len) /\
          b2t
          (if len =. mk_usize 0 <: bool
            then m =. mk_usize 255 <: bool
            else m =. ((mk_usize 128 /! len <: usize) -! mk_usize 1 <: usize) <: bool) /\
          Mldsa_spec.Ring.coefficients_in w_hat
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      (fun temp_0_ ->
          let (len: usize), (m: usize), (w_hat: t_Array i32 (mk_usize 256)) = temp_0_ in
          len >=. mk_usize 1 <: bool)
      (fun temp_0_ ->
          let (len: usize), (m: usize), (w_hat: t_Array i32 (mk_usize 256)) = temp_0_ in
          Rust_primitives.Hax.Int.from_machine len <: Hax_lib.Int.t_Int)
      (len, m, w_hat <: (usize & usize & t_Array i32 (mk_usize 256)))
      (fun temp_0_ ->
          let (len: usize), (m: usize), (w_hat: t_Array i32 (mk_usize 256)) = temp_0_ in
          let (start: usize):usize = mk_usize 0 in
          let (m: usize), (start: usize), (w_hat: t_Array i32 (mk_usize 256)) =
            Rust_primitives.Hax.while_loop (fun temp_0_ ->
                  let (m: usize), (start: usize), (w_hat: t_Array i32 (mk_usize 256)) = temp_0_ in
                  is_layer_len len /\
                  b2t
                  ((len <=. mk_usize 128 <: bool) && (start <=. Mldsa_spec.Params.v_N <: bool) &&
                    ((start %! (mk_usize 2 *! len <: usize) <: usize) =. mk_usize 0 <: bool)) /\
                  b2t
                  (m =.
                    (((mk_usize 128 /! len <: usize) -! mk_usize 1 <: usize) +!
                      (start /! (mk_usize 2 *! len <: usize) <: usize)
                      <:
                      usize)
                    <:
                    bool) /\
                  Mldsa_spec.Ring.coefficients_in w_hat
                    (mk_i32 0)
                    (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
              (fun temp_0_ ->
                  let (m: usize), (start: usize), (w_hat: t_Array i32 (mk_usize 256)) = temp_0_ in
                  start <. Mldsa_spec.Params.v_N <: bool)
              (fun temp_0_ ->
                  let (m: usize), (start: usize), (w_hat: t_Array i32 (mk_usize 256)) = temp_0_ in
                  Rust_primitives.Hax.Int.from_machine (Mldsa_spec.Params.v_N -! start <: usize)
                  <:
                  Hax_lib.Int.t_Int)
              (m, start, w_hat <: (usize & usize & t_Array i32 (mk_usize 256)))
              (fun temp_0_ ->
                  let (m: usize), (start: usize), (w_hat: t_Array i32 (mk_usize 256)) = temp_0_ in
                  let m:usize = m +! mk_usize 1 in
                  let z:i32 = v_ZETAS.[ m ] in
                  let w_hat:t_Array i32 (mk_usize 256) =
                    Rust_primitives.Hax.Folds.fold_range start
                      (start +! len <: usize)
                      (fun w_hat temp_1_ ->
                          let w_hat:t_Array i32 (mk_usize 256) = w_hat in
                          let _:usize = temp_1_ in
                          Mldsa_spec.Ring.coefficients_in w_hat
                            (mk_i32 0)
                            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
                      w_hat
                      (fun w_hat j ->
                          let w_hat:t_Array i32 (mk_usize 256) = w_hat in
                          let j:usize = j in
                          let t:i32 =
                            Mldsa_spec.Ring.mod_q ((cast (z <: i32) <: i64) *!
                                (cast (w_hat.[ j +! len <: usize ] <: i32) <: i64)
                                <:
                                i64)
                          in
                          let w_hat:t_Array i32 (mk_usize 256) =
                            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize w_hat
                              (j +! len <: usize)
                              (Mldsa_spec.Ring.mod_q ((cast (w_hat.[ j ] <: i32) <: i64) -!
                                    (cast (t <: i32) <: i64)
                                    <:
                                    i64)
                                <:
                                i32)
                          in
                          let w_hat:t_Array i32 (mk_usize 256) =
                            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize w_hat
                              j
                              (Mldsa_spec.Ring.mod_q ((cast (w_hat.[ j ] <: i32) <: i64) +!
                                    (cast (t <: i32) <: i64)
                                    <:
                                    i64)
                                <:
                                i32)
                          in
                          w_hat)
                  in
                  let start:usize = start +! (mk_usize 2 *! len <: usize) in
                  m, start, w_hat <: (usize & usize & t_Array i32 (mk_usize 256)))
          in
          let len:usize = len /! mk_usize 2 in
          len, m, w_hat <: (usize & usize & t_Array i32 (mk_usize 256)))
  in
  w_hat

/// Algorithm 42, NTT^-1(w_hat): the polynomial w in R_q whose NTT is w_hat.
/// Same index facts as [`ntt`], with len = 1, 2, .., 128, then 256, and m
/// counting down from 256.
let ntt_inverse (w_hat: t_Array i32 (mk_usize 256))
    : Prims.Pure (t_Array i32 (mk_usize 256))
      (requires
        Mldsa_spec.Ring.coefficients_in w_hat (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      (ensures
        fun w ->
          let w:t_Array i32 (mk_usize 256) = w in
          Mldsa_spec.Ring.coefficients_in w (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let w:t_Array i32 (mk_usize 256) = Mldsa_spec.Ring.zero () in
  let w:t_Array i32 (mk_usize 256) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      Mldsa_spec.Params.v_N
      (fun w temp_1_ ->
          let w:t_Array i32 (mk_usize 256) = w in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.coefficients_in w (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      w
      (fun w j ->
          let w:t_Array i32 (mk_usize 256) = w in
          let j:usize = j in
          let w:t_Array i32 (mk_usize 256) =
            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize w j (w_hat.[ j ] <: i32)
          in
          w)
  in
  let (m: usize):usize = mk_usize 256 in
  let (len: usize):usize = mk_usize 1 in
  let (len: usize), (m: usize), (w: t_Array i32 (mk_usize 256)) =
    Rust_primitives.Hax.while_loop (fun temp_0_ ->
          let (len: usize), (m: usize), (w: t_Array i32 (mk_usize 256)) = temp_0_ in
          is_layer_len len /\ b2t (m =. (Mldsa_spec.Params.v_N /! len <: usize) <: bool) /\
          Mldsa_spec.Ring.coefficients_in w (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      (fun temp_0_ ->
          let (len: usize), (m: usize), (w: t_Array i32 (mk_usize 256)) = temp_0_ in
          len <. Mldsa_spec.Params.v_N <: bool)
      (fun temp_0_ ->
          let (len: usize), (m: usize), (w: t_Array i32 (mk_usize 256)) = temp_0_ in
          Rust_primitives.Hax.Int.from_machine (Mldsa_spec.Params.v_N -! len <: usize)
          <:
          Hax_lib.Int.t_Int)
      (len, m, w <: (usize & usize & t_Array i32 (mk_usize 256)))
      (fun temp_0_ ->
          let (len: usize), (m: usize), (w: t_Array i32 (mk_usize 256)) = temp_0_ in
          let (start: usize):usize = mk_usize 0 in
          let (m: usize), (start: usize), (w: t_Array i32 (mk_usize 256)) =
            Rust_primitives.Hax.while_loop (fun temp_0_ ->
                  let (m: usize), (start: usize), (w: t_Array i32 (mk_usize 256)) = temp_0_ in
                  is_layer_len len /\
                  b2t
                  ((len <=. mk_usize 128 <: bool) && (start <=. Mldsa_spec.Params.v_N <: bool) &&
                    ((start %! (mk_usize 2 *! len <: usize) <: usize) =. mk_usize 0 <: bool)) /\
                  b2t
                  ((m +! (start /! (mk_usize 2 *! len <: usize) <: usize) <: usize) =.
                    (Mldsa_spec.Params.v_N /! len <: usize)
                    <:
                    bool) /\
                  Mldsa_spec.Ring.coefficients_in w
                    (mk_i32 0)
                    (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
              (fun temp_0_ ->
                  let (m: usize), (start: usize), (w: t_Array i32 (mk_usize 256)) = temp_0_ in
                  start <. Mldsa_spec.Params.v_N <: bool)
              (fun temp_0_ ->
                  let (m: usize), (start: usize), (w: t_Array i32 (mk_usize 256)) = temp_0_ in
                  Rust_primitives.Hax.Int.from_machine (Mldsa_spec.Params.v_N -! start <: usize)
                  <:
                  Hax_lib.Int.t_Int)
              (m, start, w <: (usize & usize & t_Array i32 (mk_usize 256)))
              (fun temp_0_ ->
                  let (m: usize), (start: usize), (w: t_Array i32 (mk_usize 256)) = temp_0_ in
                  let m:usize = m -! mk_usize 1 in
                  let z:i64 = Rust_primitives.Arithmetic.neg (cast (v_ZETAS.[ m ] <: i32) <: i64) in
                  let w:t_Array i32 (mk_usize 256) =
                    Rust_primitives.Hax.Folds.fold_range start
                      (start +! len <: usize)
                      (fun w temp_1_ ->
                          let w:t_Array i32 (mk_usize 256) = w in
                          let _:usize = temp_1_ in
                          Mldsa_spec.Ring.coefficients_in w
                            (mk_i32 0)
                            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
                      w
                      (fun w j ->
                          let w:t_Array i32 (mk_usize 256) = w in
                          let j:usize = j in
                          let t:i32 = w.[ j ] in
                          let w:t_Array i32 (mk_usize 256) =
                            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize w
                              j
                              (Mldsa_spec.Ring.mod_q ((cast (t <: i32) <: i64) +!
                                    (cast (w.[ j +! len <: usize ] <: i32) <: i64)
                                    <:
                                    i64)
                                <:
                                i32)
                          in
                          let w:t_Array i32 (mk_usize 256) =
                            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize w
                              (j +! len <: usize)
                              (Mldsa_spec.Ring.mod_q ((cast (t <: i32) <: i64) -!
                                    (cast (w.[ j +! len <: usize ] <: i32) <: i64)
                                    <:
                                    i64)
                                <:
                                i32)
                          in
                          let w:t_Array i32 (mk_usize 256) =
                            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize w
                              (j +! len <: usize)
                              (Mldsa_spec.Ring.mod_q (z *!
                                    (cast (w.[ j +! len <: usize ] <: i32) <: i64)
                                    <:
                                    i64)
                                <:
                                i32)
                          in
                          w)
                  in
                  let start:usize = start +! (mk_usize 2 *! len <: usize) in
                  m, start, w <: (usize & usize & t_Array i32 (mk_usize 256)))
          in
          let len:usize = len *! mk_usize 2 in
          len, m, w <: (usize & usize & t_Array i32 (mk_usize 256)))
  in
  let (f: i64):i64 = mk_i64 8347681 in
  let w:t_Array i32 (mk_usize 256) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      Mldsa_spec.Params.v_N
      (fun w temp_1_ ->
          let w:t_Array i32 (mk_usize 256) = w in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.coefficients_in w (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      w
      (fun w j ->
          let w:t_Array i32 (mk_usize 256) = w in
          let j:usize = j in
          let w:t_Array i32 (mk_usize 256) =
            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize w
              j
              (Mldsa_spec.Ring.mod_q (f *! (cast (w.[ j ] <: i32) <: i64) <: i64) <: i32)
          in
          w)
  in
  w

/// Algorithm 43, BitRev8(m): the 8-bit integer whose bits are those of m in
/// reverse order.
let bit_rev8 (m: u32)
    : Prims.Pure u32
      (requires m <. mk_u32 256)
      (ensures
        fun r ->
          let r:u32 = r in
          r <. mk_u32 256) =
  let b:Alloc.Vec.t_Vec bool Alloc.Alloc.t_Global =
    Mldsa_spec.Conversions.integer_to_bits m (mk_usize 8)
  in
  let b_rev:t_Array bool (mk_usize 8) = Rust_primitives.Hax.repeat false (mk_usize 8) in
  let b_rev:t_Array bool (mk_usize 8) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (mk_usize 8)
      (fun b_rev temp_1_ ->
          let b_rev:t_Array bool (mk_usize 8) = b_rev in
          let _:usize = temp_1_ in
          true)
      b_rev
      (fun b_rev i ->
          let b_rev:t_Array bool (mk_usize 8) = b_rev in
          let i:usize = i in
          Rust_primitives.Hax.Monomorphized_update_at.update_at_usize b_rev
            i
            (b.[ mk_usize 7 -! i <: usize ] <: bool)
          <:
          t_Array bool (mk_usize 8))
  in
  Mldsa_spec.Conversions.bits_to_integer (b_rev <: t_Slice bool) (mk_usize 8)

/// Algorithm 44, AddNTT(a_hat, b_hat): the sum in T_q.
let add_ntt (a_hat b_hat: t_Array i32 (mk_usize 256))
    : Prims.Pure (t_Array i32 (mk_usize 256))
      Prims.l_True
      (ensures
        fun c_hat ->
          let c_hat:t_Array i32 (mk_usize 256) = c_hat in
          Mldsa_spec.Ring.coefficients_in c_hat
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let c_hat:t_Array i32 (mk_usize 256) = Mldsa_spec.Ring.zero () in
  let c_hat:t_Array i32 (mk_usize 256) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      Mldsa_spec.Params.v_N
      (fun c_hat temp_1_ ->
          let c_hat:t_Array i32 (mk_usize 256) = c_hat in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.coefficients_in c_hat
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      c_hat
      (fun c_hat i ->
          let c_hat:t_Array i32 (mk_usize 256) = c_hat in
          let i:usize = i in
          let c_hat:t_Array i32 (mk_usize 256) =
            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize c_hat
              i
              (Mldsa_spec.Ring.mod_q ((cast (a_hat.[ i ] <: i32) <: i64) +!
                    (cast (b_hat.[ i ] <: i32) <: i64)
                    <:
                    i64)
                <:
                i32)
          in
          c_hat)
  in
  c_hat

/// Algorithm 45, MultiplyNTT(a_hat, b_hat): the product in T_q (coefficient
/// by coefficient). Inputs in [0, q) keep the product inside i64.
let multiply_ntt (a_hat b_hat: t_Array i32 (mk_usize 256))
    : Prims.Pure (t_Array i32 (mk_usize 256))
      (requires
        Mldsa_spec.Ring.coefficients_in a_hat (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /\
        Mldsa_spec.Ring.coefficients_in b_hat (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      (ensures
        fun c_hat ->
          let c_hat:t_Array i32 (mk_usize 256) = c_hat in
          Mldsa_spec.Ring.coefficients_in c_hat
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let c_hat:t_Array i32 (mk_usize 256) = Mldsa_spec.Ring.zero () in
  let c_hat:t_Array i32 (mk_usize 256) =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      Mldsa_spec.Params.v_N
      (fun c_hat temp_1_ ->
          let c_hat:t_Array i32 (mk_usize 256) = c_hat in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.coefficients_in c_hat
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      c_hat
      (fun c_hat i ->
          let c_hat:t_Array i32 (mk_usize 256) = c_hat in
          let i:usize = i in
          let c_hat:t_Array i32 (mk_usize 256) =
            Rust_primitives.Hax.Monomorphized_update_at.update_at_usize c_hat
              i
              (Mldsa_spec.Ring.mod_q ((cast (a_hat.[ i ] <: i32) <: i64) *!
                    (cast (b_hat.[ i ] <: i32) <: i64)
                    <:
                    i64)
                <:
                i32)
          in
          c_hat)
  in
  c_hat

/// Algorithm 46, AddVectorNTT(v_hat, w_hat): the sum of two vectors over T_q.
/// Addition is coefficient-wise mod q in R_q as in T_q (section 2.5), so the
/// spec also adds vectors over R_q with it (KeyGen line 5, Sign lines 20, 26).
let add_vector_ntt (vv_hat w_hat: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      (requires
        (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat <: usize) =.
        (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) w_hat <: usize))
      (ensures
        fun u_hat ->
          let u_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = u_hat in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice u_hat
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat <: usize)
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let u_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ring.zero_vector (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat
        <:
        usize)
  in
  let u_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat <: usize)
      (fun u_hat temp_1_ ->
          let u_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = u_hat in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice u_hat
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat <: usize)
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      u_hat
      (fun u_hat i ->
          let u_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = u_hat in
          let i:usize = i in
          let u_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (Alloc.Vec.impl_1__as_slice
                      u_hat
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  i
                  (add_ntt (vv_hat.[ i ] <: t_Array i32 (mk_usize 256))
                      (w_hat.[ i ] <: t_Array i32 (mk_usize 256))
                    <:
                    t_Array i32 (mk_usize 256))
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
          in
          u_hat)
  in
  u_hat

/// Algorithm 47, ScalarVectorNTT(c_hat, v_hat): c_hat times each entry of v_hat.
let scalar_vector_ntt
      (c_hat: t_Array i32 (mk_usize 256))
      (vv_hat: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      (requires
        Mldsa_spec.Ring.coefficients_in c_hat (mk_i32 0) (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32) /\
        Mldsa_spec.Ring.vector_in vv_hat
          (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat <: usize)
          (mk_i32 0)
          (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      (ensures
        fun w_hat ->
          let w_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w_hat in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice w_hat
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat <: usize)
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let w_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ring.zero_vector (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat
        <:
        usize)
  in
  let w_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat <: usize)
      (fun w_hat temp_1_ ->
          let w_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w_hat in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice w_hat
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat <: usize)
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      w_hat
      (fun w_hat i ->
          let w_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w_hat in
          let i:usize = i in
          let w_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (Alloc.Vec.impl_1__as_slice
                      w_hat
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  i
                  (multiply_ntt c_hat (vv_hat.[ i ] <: t_Array i32 (mk_usize 256))
                    <:
                    t_Array i32 (mk_usize 256))
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
          in
          w_hat)
  in
  w_hat

/// Algorithm 48, MatrixVectorNTT(M_hat, v_hat): the product of a k x l matrix
/// and a vector of length l over T_q.
let matrix_vector_ntt
      (m_hat: t_Slice (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global))
      (vv_hat: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      (requires
        (forall (i: usize).
            b2t
            (i <.
              (Core_models.Slice.impl__len #(Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256))
                      Alloc.Alloc.t_Global)
                  m_hat
                <:
                usize)
              <:
              bool) ==>
            Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice (m_hat.[ i ]
                    <:
                    Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
              (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat <: usize)
              (mk_i32 0)
              (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) /\
        Mldsa_spec.Ring.vector_in vv_hat
          (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat <: usize)
          (mk_i32 0)
          (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      (ensures
        fun w_hat ->
          let w_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w_hat in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice w_hat
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256))
                    Alloc.Alloc.t_Global)
                m_hat
              <:
              usize)
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let k:usize =
    Core_models.Slice.impl__len #(Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      m_hat
  in
  let l:usize = Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat in
  let w_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ring.zero_vector k
  in
  let w_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      k
      (fun w_hat temp_1_ ->
          let w_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w_hat in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice w_hat
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            k
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      w_hat
      (fun w_hat i ->
          let w_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = w_hat in
          let i:usize = i in
          Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
            l
            (fun w_hat temp_1_ ->
                let w_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                  w_hat
                in
                let _:usize = temp_1_ in
                Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice w_hat
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  k
                  (mk_i32 0)
                  (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
            w_hat
            (fun w_hat j ->
                let w_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                  w_hat
                in
                let j:usize = j in
                let w_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
                  Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize
                        (Alloc.Vec.impl_1__as_slice w_hat <: t_Slice (t_Array i32 (mk_usize 256)))
                        i
                        (add_ntt (w_hat.[ i ] <: t_Array i32 (mk_usize 256))
                            (multiply_ntt ((m_hat.[ i ]
                                    <:
                                    Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256))
                                      Alloc.Alloc.t_Global).[ j ]
                                  <:
                                  t_Array i32 (mk_usize 256))
                                (vv_hat.[ j ] <: t_Array i32 (mk_usize 256))
                              <:
                              t_Array i32 (mk_usize 256))
                          <:
                          t_Array i32 (mk_usize 256))
                      <:
                      t_Slice (t_Array i32 (mk_usize 256)))
                in
                w_hat)
          <:
          Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
  in
  w_hat

/// Algorithm 49, MontgomeryReduce(a): r = a * 2^-32 mod q, with |r| <= q.
/// The standard does not use it in Algorithms 1 to 48; it is here because the
/// optimized code is held to it. t is the centered representative
/// (mod+- 2^32), which is what gives the bound on r.
let montgomery_reduce (a: i64)
    : Prims.Pure i32
      (requires
        ((Rust_primitives.Arithmetic.neg (mk_i64 1 <<! mk_i32 31 <: i64) <: i64) *!
          (cast (Mldsa_spec.Params.v_Q <: i32) <: i64)
          <:
          i64) <=.
        a &&
        a <=.
        ((mk_i64 1 <<! mk_i32 31 <: i64) *! (cast (Mldsa_spec.Params.v_Q <: i32) <: i64) <: i64))
      (ensures
        fun r ->
          let r:i32 = r in
          (Rust_primitives.Arithmetic.neg Mldsa_spec.Params.v_Q <: i32) <=. r &&
          r <=. Mldsa_spec.Params.v_Q &&
          ((((cast (r <: i32) <: i64) *! (mk_i64 1 <<! mk_i32 32 <: i64) <: i64) -! a <: i64) %!
            (cast (Mldsa_spec.Params.v_Q <: i32) <: i64)
            <:
            i64) =.
          mk_i64 0) =
  let (qinv: i64):i64 = mk_i64 58728449 in
  let t:i64 =
    Mldsa_spec.Ring.mod_pm ((Mldsa_spec.Ring.modulo a (mk_i64 1 <<! mk_i32 32 <: i64) <: i64) *!
        qinv
        <:
        i64)
      (mk_i64 1 <<! mk_i32 32 <: i64)
  in
  let r:i64 =
    (a -! (t *! (cast (Mldsa_spec.Params.v_Q <: i32) <: i64) <: i64) <: i64) >>! mk_i32 32
  in
  cast (r <: i64) <: i32

/// NTT of every entry of a vector over R_q.
let ntt_vector (v: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      (requires
        Mldsa_spec.Ring.vector_in v
          (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
          (mk_i32 0)
          (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      (ensures
        fun vv_hat ->
          let vv_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = vv_hat in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice vv_hat
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let vv_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ring.zero_vector (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v
        <:
        usize)
  in
  let vv_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
      (fun vv_hat temp_1_ ->
          let vv_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = vv_hat in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice vv_hat
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) v <: usize)
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      vv_hat
      (fun vv_hat i ->
          let vv_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = vv_hat in
          let i:usize = i in
          let vv_hat:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (Alloc.Vec.impl_1__as_slice
                      vv_hat
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  i
                  (ntt (v.[ i ] <: t_Array i32 (mk_usize 256)) <: t_Array i32 (mk_usize 256))
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
          in
          vv_hat)
  in
  vv_hat

/// NTT^-1 of every entry of a vector over T_q.
let ntt_inverse_vector (vv_hat: t_Slice (t_Array i32 (mk_usize 256)))
    : Prims.Pure (Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global)
      (requires
        Mldsa_spec.Ring.vector_in vv_hat
          (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat <: usize)
          (mk_i32 0)
          (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      (ensures
        fun v ->
          let v:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = v in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice v
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat <: usize)
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32)) =
  let v:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Mldsa_spec.Ring.zero_vector (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat
        <:
        usize)
  in
  let v:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat <: usize)
      (fun v temp_1_ ->
          let v:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = v in
          let _:usize = temp_1_ in
          Mldsa_spec.Ring.vector_in (Alloc.Vec.impl_1__as_slice v
              <:
              t_Slice (t_Array i32 (mk_usize 256)))
            (Core_models.Slice.impl__len #(t_Array i32 (mk_usize 256)) vv_hat <: usize)
            (mk_i32 0)
            (Mldsa_spec.Params.v_Q -! mk_i32 1 <: i32))
      v
      (fun v i ->
          let v:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global = v in
          let i:usize = i in
          let v:Alloc.Vec.t_Vec (t_Array i32 (mk_usize 256)) Alloc.Alloc.t_Global =
            Alloc.Slice.impl__to_vec (Rust_primitives.Hax.Monomorphized_update_at.update_at_usize (Alloc.Vec.impl_1__as_slice
                      v
                    <:
                    t_Slice (t_Array i32 (mk_usize 256)))
                  i
                  (ntt_inverse (vv_hat.[ i ] <: t_Array i32 (mk_usize 256))
                    <:
                    t_Array i32 (mk_usize 256))
                <:
                t_Slice (t_Array i32 (mk_usize 256)))
          in
          v)
  in
  v
