//! Tests of the two sides of `xtask obligations` and of `xtask fstar-names`,
//! on small texts shaped as spec/src and as hax's F* output are.

use std::collections::BTreeMap;

use xtask::fstar_names::check_interface;
use xtask::obligations::{Counts, compare, fstar_obligations, rust_contracts, rust_name};

const RUST: &str = r#"
#[checked]
#[hax_lib::requires(n < 8)]
#[hax_lib::ensures(|r| r < 256)]
pub fn f(n: usize) -> u32 {
    let mut x = 0;
    for i in 0..n {
        hax_lib::loop_invariant!(|i: usize| x < 1 << i);
        x = 2 * x + 1;
    }
    for _ in 0..n {}
    let mut j = n;
    while j > 0 {
        hax_lib::loop_invariant!(j <= n);
        hax_lib::loop_decreases!(j);
        j -= 1;
    }
    x
}
impl ParamSet {
    #[hax_lib::ensures(|r| r > 0)]
    pub fn k(&self) -> usize { 4 }
}
pub fn no_contract() {}
#[cfg(test)]
mod tests { #[hax_lib::ensures(|r| r)] fn t() -> bool { true } }
"#;

const FSTAR: &str = "module Mldsa_spec.M
let f (n: usize)
    : Prims.Pure u32
      (requires n <. mk_usize 8)
      (ensures
        fun r ->
          let r:u32 = r in
          r <. mk_u32 256) =
  let x:u32 =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      n
      (fun x i ->
          let x:u32 = x in
          let i:usize = i in
          x <. (mk_u32 1 <<! i <: u32) <: bool)
      x
      (fun x i -> x)
  in
  let _:Prims.unit =
    Rust_primitives.Hax.Folds.fold_range (mk_usize 0)
      n
      (fun temp_0_ temp_1_ ->
          let _:Prims.unit = temp_0_ in
          let _:usize = temp_1_ in
          true)
      ()
      (fun temp_0_ temp_1_ -> ())
  in
  let j:usize =
    Rust_primitives.Hax.while_loop (fun j ->
          let j:usize = j in
          j <=. n <: bool)
      (fun j -> let j:usize = j in j >. mk_usize 0 <: bool)
      (fun j -> let j:usize = j in Rust_primitives.Hax.Int.from_machine j <: Hax_lib.Int.t_Int)
      j
      (fun j -> j -! mk_usize 1)
  in
  x

let impl_ParamSet__k (self: t_ParamSet)
    : Prims.Pure usize Prims.l_True (ensures fun r -> let r:usize = r in r >. mk_usize 0) =
  mk_usize 4

let no_contract (_: Prims.unit) : Prims.unit = ()
";

fn counts(requires: usize, ensures: usize, invariants: usize, decreases: usize) -> Counts {
    Counts {
        requires,
        ensures,
        invariants,
        decreases,
        lemmas: 0,
    }
}

#[test]
fn rust_side_counts_attributes_and_loop_macros() {
    let got = rust_contracts(RUST).unwrap();
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got["f"], counts(1, 1, 2, 1));
    assert_eq!(got["impl_ParamSet__k"], counts(0, 1, 0, 0));
}

#[test]
fn fstar_side_counts_clauses_and_skips_true_invariants() {
    let defs = fstar_obligations(FSTAR);
    let names: Vec<&str> = defs.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, ["f", "impl_ParamSet__k"]);
    assert_eq!(defs[0].counts(), counts(1, 1, 2, 1));
    assert_eq!(defs[0].clauses[0].text, "n <. mk_usize 8");
    assert_eq!(defs[1].counts(), counts(0, 1, 0, 0));
}

#[test]
fn compare_reports_a_dropped_contract() {
    let rust = BTreeMap::from([("m".to_string(), rust_contracts(RUST).unwrap())]);
    let mut fstar_fns: BTreeMap<String, Counts> = fstar_obligations(FSTAR)
        .iter()
        .map(|d| (d.name.clone(), d.counts()))
        .collect();
    let fstar = BTreeMap::from([("m".to_string(), fstar_fns.clone())]);
    assert!(compare(&rust, &fstar).is_empty());
    // hax losing the while loop's invariant must show.
    fstar_fns.insert("f".into(), counts(1, 1, 1, 1));
    let fstar = BTreeMap::from([("m".to_string(), fstar_fns)]);
    let diffs = compare(&rust, &fstar);
    assert_eq!(diffs.len(), 1, "{diffs:?}");
    assert!(diffs[0].starts_with("m::f:"), "{diffs:?}");
}

#[test]
fn hax_doubled_u_maps_back() {
    assert_eq!(rust_name("uuse_hint"), "use_hint");
    assert_eq!(rust_name("decompose"), "decompose");
    assert_eq!(rust_name("u8_to"), "u8_to");
}

const LIB: &str = "module Lib.Vec
type t_Vec (t: Type0) = list t
let len (#t: Type0) (v: t_Vec t) : usize = mk_usize 0
";

const BASE: &str = "module Base
type usize = nat
type u8 = nat
type t_Slice t = list t
";

fn libs() -> BTreeMap<String, String> {
    BTreeMap::from([
        ("Lib.Vec".to_string(), LIB.to_string()),
        ("Base".to_string(), BASE.to_string()),
    ])
}

#[test]
fn interface_names_that_exist_pass() {
    let iface = "module M.Hash\nopen Base\nval t_Ctx: Type0\nval h (s: t_Slice u8) (l: usize) : Lib.Vec.t_Vec u8\n";
    let generated = BTreeMap::from([("M.Sign".to_string(), "let x = M.Hash.h".to_string())]);
    let problems = check_interface("M.Hash", iface, &libs(), &generated);
    assert!(problems.is_empty(), "{problems:?}");
}

#[test]
fn interface_names_that_do_not_exist_fail() {
    // A module hax's libraries lack (`Core`), a value its module lacks, a
    // type nobody declares, and a name the generated code wants but the
    // interface does not declare.
    let iface = "module M.Hash\nopen Core\nval h (s: t_Bytes) : Lib.Vec.t_Vector u8\n";
    let generated = BTreeMap::from([("M.Sign".to_string(), "let x = M.Hash.g".to_string())]);
    let problems = check_interface("M.Hash", iface, &libs(), &generated);
    let text = problems.join("\n");
    assert!(text.contains("opens `Core`"), "{text}");
    assert!(text.contains("`Lib.Vec` defines no `t_Vector`"), "{text}");
    assert!(text.contains("`t_Bytes` is neither declared"), "{text}");
    assert!(text.contains("uses `M.Hash.g`"), "{text}");
}
