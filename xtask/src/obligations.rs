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
}

impl FstarDef {
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for clause in &self.clauses {
            match clause.kind {
                "requires" => c.requires += 1,
                "ensures" => c.ensures += 1,
                "loop invariant" => c.invariants += 1,
                "loop measure" => c.decreases += 1,
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
        let mut words = chunk.split_whitespace();
        words.next();
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
        for kind in ["requires", "ensures"] {
            let needle = format!("({kind}");
            let mut from = 0;
            while let Some(i) = chunk[from..].find(&needle) {
                let at = from + i;
                let end = group_end(chunk.as_bytes(), at).unwrap_or(chunk.len());
                let inner = &chunk[at + needle.len()..end.saturating_sub(1)];
                let kind = if kind == "ensures" && is_lemma {
                    "lemma"
                } else {
                    kind
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

/// `fstar-extract/OBLIGATIONS.md`: the count table, then each function's
/// clauses as F* states them. `modules` maps a spec file stem to the file
/// hax wrote (or the hand-written interface) and its definitions.
pub fn render(
    modules: &BTreeMap<String, (String, Vec<FstarDef>)>,
    rust: &Inventory,
    hax_version: &str,
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
            for c in &d.clauses {
                let _ = writeln!(s, "- {}: `{}`", c.kind, c.text.replace('`', "'"));
            }
            let _ = writeln!(s);
        }
    }
    s
}
