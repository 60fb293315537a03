//! The proof obligations of `mldsa-spec`, counted on both sides of hax.
//!
//! [`rust_contracts`] reads `spec/src` with `syn` and lists, per function,
//! the contracts written there: `#[hax_lib::requires]`, `#[hax_lib::ensures]`,
//! `hax_lib::loop_invariant!`, `hax_lib::loop_decreases!` and
//! `#[hax_lib::lemma]`. [`fstar_obligations`] reads hax's F* output and
//! lists, per top-level definition, the same clauses as F* states them:
//! `(requires ..)` and `(ensures ..)` of a `Prims.Pure` or `Lemma` type, the
//! invariant of every `Rust_primitives.Hax.Folds.fold_range` (a `for` loop)
//! and the invariant and measure (`fuel`) of every
//! `Rust_primitives.Hax.while_loop`. A loop that has no invariant in Rust has
//! the invariant `true` in F*, which is not counted.
//!
//! [`render`] writes `fstar-extract/OBLIGATIONS.md` from the F* side, and
//! [`compare`] reports every module and function whose counts differ, so
//! that a contract hax dropped (or one F* gained) fails `make extract-check`.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use syn::visit::{self, Visit};
use syn::{Attribute, ImplItem, Item, Stmt};

use crate::hax_contracts::{hax_macro, is_hax, quote_type};

/// How many clauses of each kind one function (or module) has.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    pub requires: usize,
    pub ensures: usize,
    pub invariants: usize,
    pub decreases: usize,
    pub lemmas: usize,
}

impl Counts {
    pub fn total(&self) -> usize {
        self.requires + self.ensures + self.invariants + self.decreases + self.lemmas
    }

    fn add(&mut self, other: &Counts) {
        self.requires += other.requires;
        self.ensures += other.ensures;
        self.invariants += other.invariants;
        self.decreases += other.decreases;
        self.lemmas += other.lemmas;
    }

    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }
}

/// Per module (the Rust file stem, e.g. `rounding`), per function (its F*
/// name: `decompose`, or `impl_ParamSet__bitlen` for a method), the counts.
pub type Inventory = BTreeMap<String, BTreeMap<String, Counts>>;

fn attr_counts(attrs: &[Attribute]) -> Counts {
    let mut c = Counts::default();
    for a in attrs {
        if is_hax(a.path(), "requires") {
            c.requires += 1;
        } else if is_hax(a.path(), "ensures") {
            c.ensures += 1;
        } else if is_hax(a.path(), "lemma") {
            c.lemmas += 1;
        } else if is_hax(a.path(), "decreases") {
            c.decreases += 1;
        }
    }
    c
}

/// Test-only items are not extracted.
fn is_test_only(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("test")
            || (a.path().is_ident("cfg")
                && a.meta
                    .require_list()
                    .is_ok_and(|l| l.tokens.to_string().split_whitespace().next() == Some("test")))
    })
}

/// The loop macros in a body.
#[derive(Default)]
struct LoopMacros(Counts);

impl<'ast> Visit<'ast> for LoopMacros {
    fn visit_stmt(&mut self, stmt: &'ast Stmt) {
        if hax_macro(stmt, "loop_invariant").is_some() {
            self.0.invariants += 1;
        } else if hax_macro(stmt, "loop_decreases").is_some() {
            self.0.decreases += 1;
        }
        visit::visit_stmt(self, stmt);
    }
}

fn fn_counts(attrs: &[Attribute], block: &syn::Block) -> Counts {
    let mut c = attr_counts(attrs);
    let mut loops = LoopMacros::default();
    loops.visit_block(block);
    c.add(&loops.0);
    c
}

/// The contracts of one Rust source file, by F* function name.
pub fn rust_contracts(src: &str) -> Result<BTreeMap<String, Counts>, String> {
    let file = syn::parse_file(src).map_err(|e| e.to_string())?;
    let mut out = BTreeMap::new();
    for item in &file.items {
        match item {
            Item::Fn(f) if !is_test_only(&f.attrs) => {
                let c = fn_counts(&f.attrs, &f.block);
                if !c.is_empty() {
                    out.insert(f.sig.ident.to_string(), c);
                }
            }
            Item::Impl(i) if i.trait_.is_none() && !is_test_only(&i.attrs) => {
                let ty = quote_type(&i.self_ty);
                for ii in &i.items {
                    if let ImplItem::Fn(f) = ii {
                        let c = fn_counts(&f.attrs, &f.block);
                        if !c.is_empty() {
                            out.insert(format!("impl_{ty}__{}", f.sig.ident), c);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Ok(out)
}

/// One clause as F* states it, whitespace folded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clause {
    pub kind: &'static str,
    pub text: String,
}

impl Clause {
    /// A clause of `kind` stating `text`, its whitespace folded.
    fn folded(kind: &'static str, text: &str) -> Clause {
        Clause {
            kind,
            text: fold_ws(text),
        }
    }
}

/// One top-level F* definition with contracts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FstarDef {
    pub name: String,
    pub clauses: Vec<Clause>,
    /// The definition's body is (or contains) `admit ()`: its obligations
    /// are assumed, not proven.
    pub admitted: bool,
}

impl FstarDef {
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for clause in &self.clauses {
            match clause.kind {
                "requires" => c.requires += 1,
                "ensures" => c.ensures += 1,
                "loop invariant" => c.invariants += 1,
                "loop measure" | "measure" => c.decreases += 1,
                "lemma" => c.lemmas += 1,
                _ => {}
            }
        }
        c
    }
}

/// The F* module name of a spec file stem: `hash_ml_dsa` -> `Mldsa_spec.Hash_ml_dsa`.
pub fn fstar_module(stem: &str) -> String {
    let mut chars = stem.chars();
    match chars.next() {
        Some(first) => format!(
            "Mldsa_spec.{}{}",
            first.to_ascii_uppercase(),
            chars.as_str()
        ),
        None => "Mldsa_spec".to_string(),
    }
}

fn fold_ws(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The end (exclusive) of the balanced group opening at `text[start]`.
fn group_end(text: &[u8], start: usize) -> Option<usize> {
    let mut depth = 0i32;
    let mut i = start;
    let mut in_string = false;
    while i < text.len() {
        let b = text[i];
        if in_string {
            if b == b'\\' {
                i += 1;
            } else if b == b'"' {
                in_string = false;
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    None
}

/// The next `n` arguments after `pos`: each a parenthesized group or a bare
/// word.
fn arguments(text: &str, mut pos: usize, n: usize) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut args = Vec::new();
    while args.len() < n && pos < bytes.len() {
        while pos < bytes.len() && bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        if pos >= bytes.len() {
            break;
        }
        let end = if bytes[pos] == b'(' {
            match group_end(bytes, pos) {
                Some(e) => e,
                None => break,
            }
        } else {
            let mut e = pos;
            while e < bytes.len() && !bytes[e].is_ascii_whitespace() && bytes[e] != b')' {
                e += 1;
            }
            e
        };
        args.push(text[pos..end].to_string());
        pos = end;
    }
    args
}

/// A loop invariant of hax's output whose body is just `true`: the loop had
/// none in Rust. hax writes it `(fun acc i -> let .. = acc in .. in true)`:
/// bindings of the loop state, then `true`, with no connective or `match`.
fn trivial_invariant(lambda: &str) -> bool {
    let folded = fold_ws(lambda);
    (folded.ends_with(" true)") || folded.ends_with("->true)"))
        && !["match", "b2t", "&&", "||", "/\\", "\\/", "=.", "<.", ">."]
            .iter()
            .any(|op| folded.contains(op))
}

/// The contracts of one F* module's text, definition by definition.
pub fn fstar_obligations(text: &str) -> Vec<FstarDef> {
    // Top-level definitions start at column 0 with `let` or `val`.
    let mut starts = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.starts_with("let ") || line.starts_with("val ") {
            starts.push(offset);
        }
        offset += line.len();
    }
    starts.push(text.len());
    let mut defs = Vec::new();
    for w in starts.windows(2) {
        let chunk = &text[w[0]..w[1]];
        let mut words = chunk.split_whitespace().peekable();
        words.next();
        // `let rec f`: a recursive function (a ghost definition).
        words.next_if(|w| *w == "rec");
        let name = words
            .next()
            .unwrap_or("")
            .trim_end_matches(':')
            .trim_end_matches('\'')
            .to_string();
        let mut clauses = Vec::new();
        // A lemma's statement is its `ensures`.
        let signature = chunk.split(" =\n").next().unwrap_or(chunk);
        let is_lemma = signature.contains(": Lemma") || signature.contains("-> Lemma");
        for kind in ["requires", "ensures", "decreases"] {
            let needle = format!("({kind}");
            let mut from = 0;
            while let Some(i) = chunk[from..].find(&needle) {
                let at = from + i;
                let end = group_end(chunk.as_bytes(), at).unwrap_or(chunk.len());
                let inner = &chunk[at + needle.len()..end.saturating_sub(1)];
                let kind = match kind {
                    "ensures" if is_lemma => "lemma",
                    // The measure of a recursive function, counted with
                    // the loops' measures.
                    "decreases" => "measure",
                    _ => kind,
                };
                clauses.push((at, Clause::folded(kind, inner)));
                from = end;
            }
        }
        // Which of a loop's first three arguments are its invariant and its
        // measure: fold_range (start, end, inv, init, body) has no measure,
        // while_loop (inv, condition, fuel, init, body) its fuel.
        for (needle, invariant_at, measure_at) in [
            ("Rust_primitives.Hax.Folds.fold_range", 2, None),
            ("Rust_primitives.Hax.while_loop", 0, Some(2)),
        ] {
            let mut from = 0;
            while let Some(i) = chunk[from..].find(needle) {
                let at = from + i;
                let args_at = at + needle.len();
                let args = arguments(chunk, args_at, 3);
                if let Some(inv) = args.get(invariant_at)
                    && !trivial_invariant(inv)
                {
                    clauses.push((at, Clause::folded("loop invariant", inv)));
                }
                if let Some(fuel) = measure_at.and_then(|m| args.get(m)) {
                    clauses.push((at + 1, Clause::folded("loop measure", fuel)));
                }
                from = args_at;
            }
        }
        clauses.sort_by_key(|(at, _)| *at);
        if !clauses.is_empty() {
            defs.push(FstarDef {
                name,
                clauses: clauses.into_iter().map(|(_, c)| c).collect(),
                admitted: chunk.contains("admit ()"),
            });
        }
    }
    defs
}

/// The Rust name of an F* value. hax's F* printer doubles a leading `u`
/// (`use_hint` is written `uuse_hint`), which keeps such names apart from the
/// machine-integer names `u8` .. `usize`.
pub fn rust_name(fstar_name: &str) -> &str {
    match fstar_name.strip_prefix('u') {
        Some(rest) if rest.starts_with('u') => rest,
        _ => fstar_name,
    }
}

/// Every difference between the Rust and F* inventories, one line each.
pub fn compare(rust: &Inventory, fstar: &Inventory) -> Vec<String> {
    let fstar: Inventory = fstar
        .iter()
        .map(|(m, fns)| {
            let renamed = fns
                .iter()
                .map(|(n, c)| (rust_name(n).to_string(), *c))
                .collect();
            (m.clone(), renamed)
        })
        .collect();
    let fstar = &fstar;
    let mut diffs = Vec::new();
    let modules: std::collections::BTreeSet<&String> = rust.keys().chain(fstar.keys()).collect();
    let empty = BTreeMap::new();
    for m in modules {
        let r = rust.get(m).unwrap_or(&empty);
        let f = fstar.get(m).unwrap_or(&empty);
        let names: std::collections::BTreeSet<&String> = r.keys().chain(f.keys()).collect();
        for n in names {
            let rc = r.get(n).copied().unwrap_or_default();
            let fc = f.get(n).copied().unwrap_or_default();
            if rc != fc {
                diffs.push(format!("{m}::{n}: Rust {rc:?}, F* {fc:?}"));
            }
        }
    }
    diffs
}

/// Sums per module.
pub fn module_totals(inv: &Inventory) -> BTreeMap<String, Counts> {
    inv.iter()
        .map(|(m, fns)| {
            let mut c = Counts::default();
            for f in fns.values() {
                c.add(f);
            }
            (m.clone(), c)
        })
        .collect()
}

/// Obligations that SMT is not expected to discharge from the contracts
/// alone, and the lemma each needs: (F* function, clause kind, which clause
/// of that kind counting from 0 (`None`: all of them), the lemma). A lemma
/// in `properties` is stated in Rust (and admitted, see below); the others
/// are not written yet, and say so.
const NEEDS_LEMMA: &[(&str, &str, Option<usize>, &str)] = &[
    // y[Index] at line 6: Index < count_nonzero(h) <= omega.
    (
        "hint_bit_pack",
        "loop invariant",
        Some(1),
        "`properties::nonzero_prefix_is_below_count` (admitted)",
    ),
    // Lines 11 and 12 change c_i and c_j: the count grows by one.
    (
        "sample_in_ball",
        "loop invariant",
        Some(0),
        "`properties::nonzero_count_of_update` (admitted)",
    ),
    // Line 12 sets one 0 to 1: the count grows by one.
    (
        "hint_bit_unpack",
        "loop invariant",
        Some(1),
        "`properties::vector_nonzero_count_of_update` (admitted)",
    ),
    // The bit conversions: x >> i, (x >> i) & 1 and 2^i at a symbolic i.
    (
        "integer_to_bits",
        "loop invariant",
        None,
        "a lemma (x >> i) / 2 = x >> (i + 1) and (x >> i) & 1 = (x >> i) % 2 (not written)",
    ),
    (
        "integer_to_bits",
        "ensures",
        None,
        "a lemma (x >> i) & 1 = (x >> i) % 2 (not written)",
    ),
    (
        "bits_to_integer",
        "loop invariant",
        None,
        "a lemma on 2x + b for x < 2^(i-1): its bits and its bound (not written)",
    ),
    (
        "bits_to_bytes",
        "loop invariant",
        None,
        "a lemma z + b 2^(i mod 8) < 2^(i mod 8 + 1) for z < 2^(i mod 8), with its bits (not written)",
    ),
    // m, start and len of the NTT layers: nonlinear / and %, in the
    // invariants of the two while loops (the 1st and 2nd invariant; the
    // for loops' invariants are coefficient ranges).
    (
        "ntt",
        "loop invariant",
        Some(1),
        "a case split on the eight layer widths len (is_layer_len) for m, start / (2 len) (not written)",
    ),
    (
        "ntt",
        "loop invariant",
        Some(2),
        "a case split on the eight layer widths len (is_layer_len) for m, start / (2 len) (not written)",
    ),
    (
        "ntt_inverse",
        "loop invariant",
        Some(1),
        "a case split on the eight layer widths len (is_layer_len) for m, start / (2 len) (not written)",
    ),
    (
        "ntt_inverse",
        "loop invariant",
        Some(2),
        "a case split on the eight layer widths len (is_layer_len) for m, start / (2 len) (not written)",
    ),
    // Decompose: r = r1 (2 gamma2) + r0 from mod+- and the division.
    (
        "decompose",
        "ensures",
        None,
        "a lemma (r+ - r0) mod 2 gamma2 = 0 from r0 = r+ mod+- 2 gamma2 (not written)",
    ),
    // The infinity norm: every coefficient under the norm (Sign line 23 to 33).
    (
        "sign_from_mu",
        "loop invariant",
        None,
        "the ensures of `vector_infinity_norm` and `vector_mod_pm_q` (stated, SMT) and MakeHint's count (line 28); expected to need the bound -(gamma1 - beta) < z mod+- q unfolded per coefficient (not written)",
    ),
];

/// Where a statement of a lemma is tested: `file::test` for every test of
/// `spec/tests/*.rs` whose body calls `properties::<lemma>`, by lemma name.
pub type LemmaTests = BTreeMap<String, Vec<String>>;

/// The tests of one test file that call each lemma of `properties`: the
/// nearest `fn` before each `properties::<lemma>` in the token stream
/// (macro bodies such as `proptest!` included).
pub fn lemma_tests(file: &str, src: &str, out: &mut LemmaTests) -> Result<(), String> {
    fn flatten(ts: proc_macro2::TokenStream, out: &mut Vec<String>) {
        for t in ts {
            match t {
                proc_macro2::TokenTree::Group(g) => flatten(g.stream(), out),
                other => out.push(other.to_string()),
            }
        }
    }
    let ts: proc_macro2::TokenStream = src.parse().map_err(|e| format!("{e:?}"))?;
    let mut tokens = Vec::new();
    flatten(ts, &mut tokens);
    let mut current: Option<&str> = None;
    for (i, t) in tokens.iter().enumerate() {
        if t == "fn"
            && let Some(name) = tokens.get(i + 1)
        {
            current = Some(name);
        }
        if t == "properties"
            && tokens.get(i + 1).is_some_and(|x| x == ":")
            && tokens.get(i + 2).is_some_and(|x| x == ":")
            && let (Some(lemma), Some(test)) = (tokens.get(i + 3), current)
        {
            let entry = out.entry(lemma.clone()).or_default();
            let test = format!("{file}::{test}");
            if !entry.contains(&test) {
                entry.push(test);
            }
        }
    }
    Ok(())
}

/// The requires-edge tests (`spec/tests/requires_edges.rs`): the function
/// each `#[test]` is named after, and the edges its doc comment lists. A
/// test made by a macro (`name!(function)`) takes the doc comment of the
/// `macro_rules!` that defines it.
pub fn edge_tests(src: &str) -> Result<BTreeMap<String, String>, String> {
    let parsed = syn::parse_file(src).map_err(|e| e.to_string())?;
    let doc = |attrs: &[Attribute]| -> String {
        let lines: Vec<String> = attrs
            .iter()
            .filter(|a| a.path().is_ident("doc"))
            .filter_map(|a| match &a.meta {
                syn::Meta::NameValue(nv) => match &nv.value {
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(s),
                        ..
                    }) => Some(s.value().trim().to_string()),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        lines.join(" ")
    };
    let mut macros = BTreeMap::new();
    let mut out = BTreeMap::new();
    for item in &parsed.items {
        match item {
            Item::Fn(f) if f.attrs.iter().any(|a| a.path().is_ident("test")) => {
                let name = f.sig.ident.to_string();
                if !name.starts_with("planted_") {
                    out.insert(name, doc(&f.attrs));
                }
            }
            Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
                if let Some(ident) = &m.ident {
                    macros.insert(ident.to_string(), doc(&m.attrs));
                }
            }
            Item::Macro(m) => {
                let macro_name = m.mac.path.segments.last().map(|s| s.ident.to_string());
                if let Some(d) = macro_name.and_then(|n| macros.get(&n)) {
                    out.insert(m.mac.tokens.to_string().trim().to_string(), d.clone());
                }
            }
            _ => {}
        }
    }
    Ok(out)
}

/// An obligation's status: expected to discharge by SMT from what is
/// stated, needs a (named) helper lemma, or admitted (and tested by what).
fn status(def: &FstarDef, kind: &str, nth: usize, tests: &LemmaTests) -> (usize, String) {
    if def.admitted {
        let name = rust_name(&def.name);
        let by = match tests.get(name) {
            Some(t) if !t.is_empty() => t
                .iter()
                .map(|t| format!("`{t}`"))
                .collect::<Vec<_>>()
                .join(", "),
            _ => "**no test**".to_string(),
        };
        return (2, format!("admitted (`admit ()`); tested by {by}"));
    }
    for (f, k, which, lemma) in NEEDS_LEMMA {
        if *f == rust_name(&def.name) && *k == kind && which.is_none_or(|w| w == nth) {
            return (1, format!("needs a helper lemma: {lemma}"));
        }
    }
    (0, "SMT".to_string())
}

/// `fstar-extract/OBLIGATIONS.md`: the count table, then each function's
/// clauses as F* states them. `modules` maps a spec file stem to the file
/// hax wrote (or the hand-written interface) and its definitions.
pub fn render(
    modules: &BTreeMap<String, (String, Vec<FstarDef>)>,
    rust: &Inventory,
    hax_version: &str,
    edges: &BTreeMap<String, String>,
    tests: &LemmaTests,
) -> String {
    let mut s = String::new();
    let fstar: Inventory = modules
        .iter()
        .map(|(m, (_, defs))| {
            (
                m.clone(),
                defs.iter().map(|d| (d.name.clone(), d.counts())).collect(),
            )
        })
        .collect();
    let ft = module_totals(&fstar);
    let rt = module_totals(rust);
    let mut all_f = Counts::default();
    let mut all_r = Counts::default();
    ft.values().for_each(|c| all_f.add(c));
    rt.values().for_each(|c| all_r.add(c));
    let _ = writeln!(s, "# Proof obligations of mldsa-spec, as F* states them\n");
    let _ = writeln!(
        s,
        "Generated by `make extract` (`cargo run -p xtask -- obligations`) from the F* that \
         {hax_version} wrote into this folder; `make extract-check` fails when it is stale. \
         Do not edit.\n"
    );
    let _ = writeln!(
        s,
        "**{} contracts in Rust -> {} refinements in F\\*** ({} requires, {} ensures, {} loop \
         invariants, {} termination measures; {} lemmas). Each is a proof obligation, or a fact \
         F\\* may use where the function is called. A `for` loop with no invariant in Rust gets \
         the invariant `true`, not counted here. On top of these, F\\* must show that no index \
         is out of bounds, no machine integer overflows and no division is by zero.\n",
        all_r.total(),
        all_f.total(),
        all_f.requires,
        all_f.ensures,
        all_f.invariants,
        all_f.decreases,
        all_f.lemmas,
    );
    // Every clause's status, counted.
    let mut by_status = [0usize; 3];
    for (_, defs) in modules.values() {
        for d in defs {
            let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
            for c in &d.clauses {
                let nth = seen.entry(c.kind).or_default();
                by_status[status(d, c.kind, *nth, tests).0] += 1;
                *nth += 1;
            }
        }
    }
    let _ = writeln!(
        s,
        "**Status of the {} refinements:** {} stated and expected to discharge by SMT from \
         what the contracts state; {} need a helper lemma (named at each); {} admitted \
         (lemmas whose F\\* body is `admit ()`, each with the tests that check its \
         statement at run time). {} + {} + {} = {}. Expected, not observed: no F\\* has run on \
         these modules (README.md).\n",
        all_f.total(),
        by_status[0],
        by_status[1],
        by_status[2],
        by_status[0],
        by_status[1],
        by_status[2],
        by_status.iter().sum::<usize>(),
    );
    let _ = writeln!(
        s,
        "Each function with a requires is called at the edges of its domain and one step past \
         each by `spec/tests/requires_edges.rs` (also at a 32-bit usize, `make spec-i686`); \
         the edges are listed under the function.\n"
    );
    let _ = writeln!(
        s,
        "| F\\* module | from | requires | ensures | loop invariants | measures | lemmas | Rust |"
    );
    let _ = writeln!(s, "|---|---|---:|---:|---:|---:|---:|---:|");
    for (m, (file, _)) in modules {
        let c = ft.get(m).copied().unwrap_or_default();
        let r = rt.get(m).copied().unwrap_or_default();
        let _ = writeln!(
            s,
            "| `{}` | `spec/src/{m}.rs` | {} | {} | {} | {} | {} | {} |",
            file,
            c.requires,
            c.ensures,
            c.invariants,
            c.decreases,
            c.lemmas,
            r.total()
        );
    }
    let _ = writeln!(
        s,
        "| **total** | | {} | {} | {} | {} | {} | {} |\n",
        all_f.requires,
        all_f.ensures,
        all_f.invariants,
        all_f.decreases,
        all_f.lemmas,
        all_r.total()
    );
    for (m, (file, defs)) in modules {
        if defs.is_empty() {
            continue;
        }
        let _ = writeln!(s, "## `{file}` (`spec/src/{m}.rs`)\n");
        for d in defs {
            let _ = writeln!(s, "### `{}`\n", d.name);
            let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
            for c in &d.clauses {
                let nth = seen.entry(c.kind).or_default();
                let (_, st) = status(d, c.kind, *nth, tests);
                *nth += 1;
                let _ = writeln!(s, "- {} [{st}]: `{}`", c.kind, c.text.replace('`', "'"));
            }
            if d.clauses.iter().any(|c| c.kind == "requires") {
                match edges.get(rust_name(&d.name)) {
                    Some(e) => {
                        let _ = writeln!(
                            s,
                            "- requires edges (`spec/tests/requires_edges.rs::{}`): {e}",
                            rust_name(&d.name)
                        );
                    }
                    None => {
                        let _ = writeln!(s, "- requires edges: **none**");
                    }
                }
            }
            let _ = writeln!(s);
        }
    }
    s
}
