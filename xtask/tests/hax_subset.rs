//! Tests for the hax-subset checker: one negative test per rule (the
//! snippet must produce that rule and no other), positive tests for
//! constructs that must be accepted, positions, and the command line.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use xtask::hax_subset::{PARSE_ERROR, Violation, all_rules, check_source};

/// The set of rule names reported for `src`.
fn rules(src: &str) -> BTreeSet<&'static str> {
    check_source(src).into_iter().map(|v| v.rule).collect()
}

/// Asserts that `src` produces at least one violation and that every
/// violation is of rule `rule`.
#[track_caller]
fn assert_only(rule: &str, src: &str) {
    assert!(
        all_rules().any(|(name, _)| *name == rule),
        "unknown rule {rule}"
    );
    let violations = check_source(src);
    assert!(
        !violations.is_empty(),
        "expected `{rule}` for:\n{src}\ngot no violation"
    );
    assert!(
        violations.iter().all(|v| v.rule == rule),
        "expected only `{rule}` for:\n{src}\ngot {violations:#?}"
    );
}

#[track_caller]
fn assert_clean(src: &str) {
    let violations = check_source(src);
    assert!(
        violations.is_empty(),
        "expected no violation for:\n{src}\ngot {violations:#?}"
    );
}

// ----- negative tests, one or more per rule ---------------------------------

#[test]
fn declare_first_let() {
    // spec/src/rounding.rs's Decompose, as hax's engine refused it (HAX0001).
    assert_only(
        "declare-first-let",
        "fn f(c: bool) -> i32 { let r1; if c { r1 = 0; } else { r1 = 1; } r1 }",
    );
    assert_only(
        "declare-first-let",
        "fn f() { let x: u8; x = 1; let _ = x; }",
    );
    assert_clean("fn f(c: bool) -> i32 { let r1 = if c { 0 } else { 1 }; r1 }");
}

#[test]
fn indexed_compound_assign() {
    // spec/src/conversions.rs's BitsToBytes and BytesToBits (HAX0010).
    assert_only(
        "indexed-compound-assign",
        "fn f(z: &mut [u8], i: usize, b: u8) { z[i / 8] += b << (i % 8); }",
    );
    assert_only(
        "indexed-compound-assign",
        "fn f(z: &mut [u8], i: usize) { z[i] /= 2; }",
    );
    assert_only(
        "indexed-compound-assign",
        "fn f(z: &mut [[u8; 2]; 2]) { z[0][1] -= 1; }",
    );
    assert_only(
        "indexed-compound-assign",
        "struct P { c: u8 } fn f(z: &mut [P]) { z[0].c ^= 1; }",
    );
    // A local, and an indexed place assigned whole, are fine.
    assert_clean("fn f(z: &mut [u8], i: usize) { let mut x = 1u8; x += 1; z[i] = z[i] / 2 + x; }");
}

#[test]
fn unsafe_block() {
    assert_only("unsafe", "fn f() -> u8 { unsafe { 1 } }");
}

#[test]
fn unsafe_fn_impl_trait() {
    assert_only("unsafe", "unsafe fn f() {}");
    assert_only("unsafe", "struct S; unsafe impl Send for S {}");
    assert_only("unsafe", "unsafe trait T {}");
    assert_only("unsafe", "struct S; impl S { unsafe fn g(&self) {} }");
    assert_eq!(
        check_source("unsafe trait T { unsafe fn g(); }").len(),
        2,
        "both the trait and its method are reported"
    );
}

#[test]
fn raw_pointer_type() {
    assert_only("raw-pointer", "fn f(p: *const u8, q: *mut u8) {}");
    assert_eq!(check_source("fn f(p: *const u8, q: *mut u8) {}").len(), 2);
}

#[test]
fn raw_pointer_borrow() {
    assert_only("raw-pointer", "fn f(x: u8) { let _p = &raw const x; }");
    assert_only("raw-pointer", "fn f(mut x: u8) { let _p = &raw mut x; }");
    assert_only(
        "raw-pointer",
        "fn f(x: u8) { let _p = core::ptr::addr_of!(x); }",
    );
}

#[test]
fn dyn_trait() {
    assert_only("dyn", "fn f(g: &dyn Fn(u8) -> u8) -> u8 { g(1) }");
    assert_only("dyn", "trait T {} fn f(x: Box<dyn T>) {}");
}

#[test]
fn loop_expression() {
    assert_only("loop", "fn f() { loop { break; } }");
}

#[test]
fn while_let_loop() {
    assert_only(
        "while-let",
        "fn f(v: Option<u8>) { let mut o = v; while let Some(_x) = o { o = None; } }",
    );
    assert_only(
        "while-let",
        "fn f(v: Option<u8>, b: bool) { let mut o = v; while b && let Some(_x) = o { o = None; } }",
    );
}

#[test]
fn returns_mut_ref() {
    assert_only(
        "returns-mut-ref",
        "fn f(x: &mut [u8; 4]) -> &mut u8 { &mut x[0] }",
    );
    assert_only(
        "returns-mut-ref",
        "struct S { a: u8 } impl S { fn a(&mut self) -> &mut u8 { &mut self.a } }",
    );
    assert_only(
        "returns-mut-ref",
        "fn f(x: &mut [u8; 4]) -> Option<(u8, &mut u8)> { None }",
    );
    assert_only(
        "returns-mut-ref",
        "trait T { fn get(&mut self) -> &mut u8; }",
    );
}

#[test]
fn mutating_closure_compound_assign() {
    assert_only(
        "mutating-closure",
        "fn f() -> i32 { let mut acc = 0; let mut g = |x: i32| acc += x; g(1); acc }",
    );
}

#[test]
fn mutating_closure_assign_field_and_index() {
    assert_only(
        "mutating-closure",
        "fn f(s: &mut S) { let mut g = |x: u8| { s.a[0] = x; }; g(1); }",
    );
    assert_only(
        "mutating-closure",
        "fn f(r: &mut u8) { let mut g = |x: u8| *r = x; g(1); }",
    );
}

#[test]
fn mutating_closure_method_and_borrow() {
    assert_only(
        "mutating-closure",
        "fn f(v: &mut Vec<u8>) { (0..4).for_each(|i| v.push(i)); }",
    );
    assert_only(
        "mutating-closure",
        "fn f(mut a: [u8; 4]) { let g = || h(&mut a); g(); }",
    );
    assert_only(
        "mutating-closure",
        "struct S { n: u8 } impl S { fn f(&mut self) { let mut g = || self.n += 1; g(); } }",
    );
}

#[test]
fn mutating_closure_message_names_variable() {
    let violations = check_source(
        "fn f() {\n    let mut n = 0;\n    let mut g = || {\n        n += 1;\n    };\n}",
    );
    assert_eq!(violations.len(), 1);
    let v = &violations[0];
    assert_eq!((v.rule, v.line, v.column), ("mutating-closure", 3, 17));
    assert!(v.message.contains("`n`"), "{}", v.message);
    assert!(v.message.contains("4:9"), "{}", v.message);
}

#[test]
fn range_pattern() {
    assert_only(
        "range-pattern",
        "fn f(x: u8) -> u8 { match x { 0..=9 => 1, 10..20 => 2, _ => 0 } }",
    );
    assert_eq!(
        check_source("fn f(x: u8) -> u8 { match x { 0..=9 => 1, 10..20 => 2, _ => 0 } }").len(),
        2
    );
}

#[test]
fn slice_pattern() {
    assert_only(
        "slice-pattern",
        "fn f(v: &[u8]) -> u8 { match v { [a, _b, ..] => *a, _ => 0 } }",
    );
    assert_only(
        "slice-pattern",
        "fn f(v: [u8; 2]) -> u8 { let [a, b] = v; a + b }",
    );
}

#[test]
fn at_pattern() {
    assert_only(
        "at-pattern",
        "fn f(x: u8) -> u8 { match x { n @ 1 => n, _ => 0 } }",
    );
}

#[test]
fn interior_mutability() {
    assert_only(
        "interior-mutability",
        "use core::cell::Cell; fn f(c: &Cell<u8>) -> u8 { c.get() }",
    );
    assert_only(
        "interior-mutability",
        "fn f() -> u32 { let a = AtomicU32::new(0); 1 }",
    );
    assert_only(
        "interior-mutability",
        "struct S { v: std::cell::RefCell<Vec<u8>>, m: Mutex<u8>, o: OnceLock<u8> }",
    );
    assert_eq!(
        check_source("struct S { v: std::cell::RefCell<Vec<u8>>, m: Mutex<u8>, o: OnceLock<u8> }")
            .len(),
        3
    );
    assert_only(
        "interior-mutability",
        "static S: LazyLock<u8> = LazyLock::new(|| 1);",
    );
}

#[test]
fn float() {
    assert_only("float", "fn f(x: f64) -> f64 { x * 2.0 }");
    assert_only("float", "fn f(x: u8) -> u8 { (x as f32) as u8 }");
    assert_only("float", "fn f() -> u8 { let _y = 1e3; let _z = 1f32; 0 }");
    assert_only(
        "float",
        "fn f() -> u8 { let _p = core::f64::consts::PI; 0 }",
    );
}

#[test]
fn inline_const() {
    assert_only("inline-const", "fn f() -> u8 { const { 3 } }");
    assert_only(
        "inline-const",
        "fn f() -> [Option<u8>; 4] { [const { None }; 4] }",
    );
}

#[test]
fn long_iterator_chain() {
    assert_only(
        "long-iterator-chain",
        "fn f(v: &[i32]) -> i32 { v.iter().map(|x| x + 1).filter(|x| *x > 0).sum() }",
    );
    assert_only(
        "long-iterator-chain",
        "fn f(v: &[i32]) -> Vec<i32> {\n    v.iter()\n        .enumerate()\n        .map(|(i, x)| x + i as i32)\n        .collect()\n}",
    );
}

#[test]
fn long_iterator_chain_reported_once_at_first_adaptor() {
    let violations = check_source(
        "fn f(v: &[i32]) -> Vec<i32> {\n    v.iter()\n        .rev()\n        .skip(1)\n        .take(2)\n        .map(|x| x + 1)\n        .collect()\n}",
    );
    assert_eq!(violations.len(), 1, "{violations:#?}");
    let v = &violations[0];
    assert_eq!((v.rule, v.line, v.column), ("long-iterator-chain", 3, 10));
    assert!(
        v.message
            .contains("5 iterator adaptors (rev, skip, take, map, collect)"),
        "{}",
        v.message
    );
}

#[test]
fn long_iterator_chain_in_argument() {
    // The inner chain is an argument of the outer (short) chain.
    assert_only(
        "long-iterator-chain",
        "fn f(v: &[i32], w: &[i32]) -> usize { v.iter().zip(w.iter().map(|x| x + 1).filter(|x| *x > 0).take(3)).count() }",
    );
}

// ----- positive tests -------------------------------------------------------

#[test]
fn allowed_constructs() {
    assert_clean(
        r#"
pub const Q: i32 = 8380417;

pub struct Params {
    pub k: usize,
    pub eta: u8,
}

pub enum Mode {
    Sign,
    Verify(u8),
}

pub trait ParameterSet {
    const K: usize;
    const NAME: &'static str;
    fn k(&self) -> usize {
        Self::K
    }
}

pub fn add(a: &[i32; 256], b: &[i32; 256]) -> [i32; 256] {
    let mut c = [0i32; 256];
    for i in 0..256 {
        c[i] = (a[i] + b[i]) % Q;
    }
    c
}

#[checked]
pub fn reduce_in_place(a: &mut [i32; 256]) {
    let mut j = 0;
    while j < 256 {
        hax_lib::loop_decreases!(256 - j);
        a[j] = a[j] % Q;
        j += 1;
    }
}

pub fn sum_bytes(v: &[u8]) -> u32 {
    let mut s = 0u32;
    for (i, x) in v.iter().enumerate() {
        s += (*x as u32) * (i as u32);
    }
    s
}

pub fn zipped(a: &[u8], b: &[u8]) -> usize {
    let mut n = 0;
    for (i, (x, y)) in a.iter().zip(b.iter()).enumerate() {
        if x == y {
            n += i;
        }
    }
    n
}

pub fn first_nonzero(v: &[u8; 32]) -> Option<usize> {
    let mut found = None;
    for i in 0..32 {
        if found.is_none() && v[i] != 0 {
            found = Some(i);
        }
    }
    found
}

pub fn parse(b: &[u8]) -> Result<u8, ()> {
    let x = checked(b)?;
    Ok(x)
}

pub fn checked(b: &[u8]) -> Result<u8, ()> {
    if b.is_empty() { Err(()) } else { Ok(b[0]) }
}

pub fn mode_byte(m: &Mode) -> u8 {
    match m {
        Mode::Sign => 0,
        Mode::Verify(x) => *x,
    }
}

pub fn incremented(v: &[i32; 4]) -> [i32; 4] {
    let inc = |x: i32| x + 1;
    let mut out = [0; 4];
    for i in 0..4 {
        out[i] = inc(v[i]);
    }
    out
}

pub fn closure_with_local_state(n: usize) -> usize {
    let f = |k: usize| {
        let mut acc = 0;
        for i in 0..k {
            acc += i;
        }
        let mut buf = [0u8; 4];
        buf[0] = 1;
        acc + buf.len()
    };
    f(n)
}

pub fn map_filter(v: &[i32; 4]) -> usize {
    v.iter().map(|x| x * 2).filter(|x| *x > 0).count()
}

pub fn message(x: u8) -> u8 {
    assert!(x < 200, "x = {x}, limit = {limit}", limit = 200);
    let v = vec![0u8; 4];
    v[0] + x
}

impl ParameterSet for Params {
    const K: usize = 4;
    const NAME: &'static str = "ML-DSA-44";
}

#[cfg(test)]
mod tests {
    fn f() {
        loop {}
    }

    #[test]
    fn g() {
        let x = 1.5f64;
        unsafe {}
    }
}
"#,
    );
}

#[test]
fn test_only_items_are_skipped() {
    assert_clean("#[cfg(test)]\nfn helper() -> f64 { loop {} }");
    assert_clean("#[cfg(all(test, feature = \"slow\"))]\nmod slow { fn f() { loop {} } }");
    assert_clean("#[test]\nfn t() { let _x: f32 = 1.0; }");
    assert_clean("struct S; impl S { #[cfg(test)] fn t(&self) { loop {} } }");
    assert_only("loop", "#[cfg(not(test))]\nfn f() { loop {} }");
    assert_only("loop", "#[cfg(any(test, hax))]\nfn f() { loop {} }");
}

#[test]
fn argument_mut_refs_are_allowed() {
    assert_clean("fn f(a: &mut [i32; 256], b: &[i32; 256]) -> i32 { a[0] = b[0]; a[1] }");
    assert_clean("fn f(a: &mut [i32; 256]) -> &[i32; 256] { a }");
}

#[test]
fn named_format_args_are_not_assignments() {
    assert_clean("fn f(x: u8) { let g = |y: u8| assert!(y > 0, \"{z}\", z = x); g(1); }");
}

#[test]
fn macro_bodies_are_checked() {
    assert_only("float", "fn f() -> usize { let v = vec![0.5; 3]; v.len() }");
    assert_only(
        "long-iterator-chain",
        "fn f(v: &[u8]) { assert!(v.iter().map(|x| x + 1).rev().all(|x| x > 0)); }",
    );
    assert_only(
        "mutating-closure",
        "fn f() { let mut n = 0; let mut g = || assert_eq!({ n += 1; n }, 1); g(); }",
    );
}

// ----- positions and errors -------------------------------------------------

#[test]
fn reports_correct_line_and_column() {
    let src = "fn ok() -> u8 {\n    1\n}\n\nfn bad() {\n    let x = 1;\n    loop {\n        break;\n    }\n}\n";
    assert_eq!(
        check_source(src),
        vec![Violation {
            rule: "loop",
            line: 7,
            column: 5,
            message: "`loop` has no termination measure; use a bounded `for` or `while` loop"
                .to_string(),
        }]
    );
}

#[test]
fn violations_are_sorted_by_position() {
    let src = "fn a(x: f32) {}\nfn b() { loop {} }\nfn c(p: *const u8) { unsafe {} }\n";
    let got: Vec<(&str, usize, usize)> = check_source(src)
        .iter()
        .map(|v| (v.rule, v.line, v.column))
        .collect();
    assert_eq!(
        got,
        vec![
            ("float", 1, 9),
            ("loop", 2, 10),
            ("raw-pointer", 3, 9),
            ("unsafe", 3, 22),
        ]
    );
}

#[test]
fn parse_errors_are_reported() {
    let violations = check_source("fn f( {");
    assert_eq!(violations.len(), 1);
    assert_eq!(violations[0].rule, PARSE_ERROR);
}

#[test]
fn every_rule_has_a_negative_test() {
    // Keep in sync with the tests above: each rule name here is exercised
    // by at least one snippet.
    let snippets = [
        "fn f() { unsafe {} }",
        "fn f(p: *const u8) {}",
        "fn f(g: &dyn Fn()) {}",
        "fn f() { loop {} }",
        "fn f(o: Option<u8>) { while let Some(_) = o {} }",
        "fn f(x: &mut u8) -> &mut u8 { x }",
        "fn f() { let mut n = 0; let mut g = || n += 1; g(); }",
        "fn f(x: u8) { match x { 0..=1 => {}, _ => {} } }",
        "fn f(x: [u8; 1]) { let [_a] = x; }",
        "fn f(x: u8) { match x { n @ 1 => {}, _ => {} } }",
        "fn f(c: Cell<u8>) {}",
        "fn f(x: f32) {}",
        "fn f() { const {}; }",
        "fn f(v: &[u8]) { v.iter().map(|x| x).rev().all(|x| *x > 0); }",
        "fn f(mut n: u8) { while n > 0 { n -= 1; } }",
        "fn f(n: u8) -> u8 { for i in 0..n { return i; } 0 }",
        "fn f(n: u8) { for _i in 0..n { break; } }",
        "#[checked] fn f(v: &[u8]) { for x in v.iter() { hax_lib::loop_invariant!(true); } }",
        "#[checked] #[hax_lib::requires(v.iter().all(|x| *x < 2))] fn f(v: &[u8]) {}",
        "#[hax_lib::requires(n > 0)] fn f(n: u8) {}",
        "fn f() { let x; x = 1u8; let _ = x; }",
        "fn f(z: &mut [u8]) { z[0] += 1; }",
    ];
    let covered: BTreeSet<&str> = snippets.iter().flat_map(|s| rules(s)).collect();
    let all: BTreeSet<&str> = all_rules().map(|(name, _)| *name).collect();
    assert_eq!(covered, all);
}

// ----- contract and loop-shape rules (hax_contracts) -------------------------

#[test]
fn while_without_decreases() {
    assert_only(
        "while-without-decreases",
        "#[checked] fn f(mut n: u8) { while n > 0 { hax_lib::loop_invariant!(true); n -= 1; } }",
    );
    // Nested: only the inner loop lacks a measure.
    assert_only(
        "while-without-decreases",
        "#[checked] fn f(mut n: u8) { while n > 0 { hax_lib::loop_decreases!(n); let mut m = n; \
         while m > 0 { m -= 1; } n -= 1; } }",
    );
    assert_clean(
        "#[checked] fn f(mut n: u8) { while n > 0 { hax_lib::loop_decreases!(n); n -= 1; } }",
    );
}

#[test]
fn return_and_break_in_loops() {
    assert_only(
        "return-in-loop",
        "fn f(n: u8) -> u8 { for i in 0..n { if i > 2 { return i; } } 0 }",
    );
    assert_only(
        "return-in-loop",
        "#[checked] fn f(mut n: u8) -> u8 { while n > 0 { hax_lib::loop_decreases!(n); return n; } 0 }",
    );
    assert_only(
        "break-in-loop",
        "fn f(n: u8) { for i in 0..n { if i > 2 { break; } } }",
    );
    // Outside a loop, and inside a closure within a loop, return is fine.
    assert_clean("fn f(n: u8) -> u8 { if n > 2 { return n; } 0 }");
    assert_clean("fn f(n: u8) { for _i in 0..n { let g = |x: u8| { return x; }; g(1); } }");
}

#[test]
fn iterator_loop_invariant() {
    assert_only(
        "iterator-loop-invariant",
        "#[checked] fn f(v: &[u8]) { for x in v.iter() { hax_lib::loop_invariant!(true); } }",
    );
    assert_only(
        "iterator-loop-invariant",
        "#[checked] fn f(a: &[u8], b: &[u8]) { for (x, y) in a.iter().zip(b.iter()) \
         { hax_lib::loop_invariant!(true); } }",
    );
    assert_clean(
        "#[checked] fn f(v: &[u8]) { for i in 0..v.len() { hax_lib::loop_invariant!(|i: usize| i <= v.len()); } }",
    );
}

#[test]
fn contract_loop_predicate() {
    assert_only(
        "contract-loop-predicate",
        "#[checked] #[hax_lib::requires(v.iter().all(|x| *x < 2))] fn f(v: &[u8]) {}",
    );
    assert_only(
        "contract-loop-predicate",
        "fn small(v: &[u8]) -> bool { let mut ok = true; for i in 0..v.len() { ok = ok && v[i] < 2; } ok }
         #[checked] #[hax_lib::requires(small(v))] fn f(v: &[u8]) {}",
    );
    // The same predicate written with forall is accepted.
    assert_clean(
        "fn small(v: &[u8]) -> Prop { hax_lib::forall(|i: usize| hax_lib::implies(i < v.len(), v[i] < 2)) }
         #[checked] #[hax_lib::requires(small(v))] fn f(v: &[u8]) {}",
    );
}

#[test]
fn unchecked_contract() {
    assert_only(
        "unchecked-contract",
        "#[hax_lib::requires(n > 0)] fn f(n: u8) {}",
    );
    assert_only(
        "unchecked-contract",
        "#[hax_lib::ensures(|r| r > 0)] fn f() -> u8 { 1 }",
    );
    assert_only(
        "unchecked-contract",
        "fn f(n: usize) { for i in 0..n { hax_lib::loop_invariant!(|i: usize| i <= n); } }",
    );
    assert_only(
        "unchecked-contract",
        "struct S; impl S { #[hax_lib::requires(n > 0)] fn f(&self, n: u8) {} }",
    );
    assert_clean("#[checked] #[hax_lib::requires(n > 0)] fn f(n: u8) {}");
}

#[test]
fn not_hax_items_are_skipped() {
    assert_clean("#[cfg(not(hax))] fn f(c: Cell<u8>) { loop {} }");
}

// ----- command line ---------------------------------------------------------

/// `xtask hax-subset PATH`.
fn hax_subset_cli(path: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("hax-subset")
        .arg(path)
        .output()
        .unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xtask-hax-subset-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("nested")).unwrap();
    dir
}

#[test]
fn cli_reports_violations_and_fails() {
    let dir = temp_dir("dirty");
    std::fs::write(dir.join("a.rs"), "fn a() -> u8 { 1 }\n").unwrap();
    std::fs::write(dir.join("nested/b.rs"), "fn b() {\n    loop {}\n}\n").unwrap();
    std::fs::write(dir.join("nested/notes.txt"), "loop {}").unwrap();
    let out = hax_subset_cli(&dir);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let expected = format!("{}:2:5: loop: ", dir.join("nested").join("b.rs").display());
    assert!(stdout.starts_with(&expected), "{stdout}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_clean_directory_succeeds() {
    let dir = temp_dir("clean");
    std::fs::write(dir.join("a.rs"), "fn a() -> u8 { 1 }\n").unwrap();
    std::fs::write(dir.join("nested/b.rs"), "fn b(x: u8) -> u8 { x }\n").unwrap();
    let out = hax_subset_cli(&dir);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "hax-subset: 2 files checked, no violations\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_rejects_missing_path_and_unknown_task() {
    let out = hax_subset_cli(Path::new("/nonexistent/xtask-hax-subset"));
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("frobnicate")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
