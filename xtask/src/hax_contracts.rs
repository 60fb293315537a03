//! The contract and loop-shape rules of the hax-subset checker: the shapes
//! hax 0.4 extracts in a way F* rejects or where it drops a contract, and
//! the link between every contract and its run-time check.
//!
//! * `while-without-decreases`: a `while` loop without `hax_lib::loop_decreases!`
//!   gets a constant fuel of 0, whose obligation F* rejects.
//! * `return-in-loop` / `break-in-loop`: hax extracts such loops with
//!   `fold_range_return` / `while_loop_return`, which ignore the invariant.
//! * `iterator-loop-invariant`: an invariant on a `for` loop over anything
//!   but an integer range `a..b` is not among the shapes hax folds with it.
//! * `contract-loop-predicate`: a contract that checks a range with `.all` /
//!   `.any`, or calls a predicate (a function of this file returning `bool`
//!   or `Prop`) whose body is a loop instead of `hax_lib::forall`: an SMT
//!   solver cannot see through the loop.
//! * `unchecked-contract`: a function with a `requires`, `ensures` or loop
//!   contract but no `#[checked]`, so that its contracts are never evaluated.

use std::collections::HashSet;

use proc_macro2::Span;
use syn::visit::{self, Visit};
use syn::{Attribute, Expr, ItemFn, Stmt};

/// The rules of this module, with their summaries.
pub const CONTRACT_RULES: &[(&str, &str)] = &[
    (
        "while-without-decreases",
        "`while` loops without `hax_lib::loop_decreases!`",
    ),
    ("return-in-loop", "`return` inside a loop body"),
    ("break-in-loop", "`break` inside a loop body"),
    (
        "iterator-loop-invariant",
        "loop invariants on `for` loops over iterators instead of a range",
    ),
    (
        "contract-loop-predicate",
        "range predicates in contracts written as loops or `.all` / `.any` instead of `hax_lib::forall`",
    ),
    (
        "unchecked-contract",
        "functions with hax contracts but without `#[checked]` (run-time checking)",
    ),
];

/// A violation before it becomes a [`crate::hax_subset::Violation`].
pub struct Found {
    pub rule: &'static str,
    pub span: Span,
    pub message: String,
}

/// `path` is `hax_lib::<name>`.
pub(crate) fn is_hax(path: &syn::Path, name: &str) -> bool {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    segments.len() == 2 && segments[0] == "hax_lib" && segments[1] == name
}

/// The statement is the macro `hax_lib::<name>!(..)`.
pub(crate) fn hax_macro<'a>(stmt: &'a Stmt, name: &str) -> Option<&'a syn::Macro> {
    match stmt {
        Stmt::Macro(m) if is_hax(&m.mac.path, name) => Some(&m.mac),
        Stmt::Expr(Expr::Macro(m), _) if is_hax(&m.mac.path, name) => Some(&m.mac),
        _ => None,
    }
}

fn contract_attrs(attrs: &[Attribute]) -> impl Iterator<Item = &Attribute> {
    attrs
        .iter()
        .filter(|a| is_hax(a.path(), "requires") || is_hax(a.path(), "ensures"))
}

/// Predicates of the file (functions returning `bool` or `Prop`) whose body
/// contains a loop.
pub fn loop_predicates(file: &syn::File) -> HashSet<String> {
    let mut names = HashSet::new();
    for item in &file.items {
        if let syn::Item::Fn(f) = item {
            let returns_predicate = match &f.sig.output {
                syn::ReturnType::Type(_, ty) => {
                    let text = quote_type(ty);
                    text == "bool" || text.ends_with("Prop")
                }
                syn::ReturnType::Default => false,
            };
            let mut loops = LoopFinder::default();
            loops.visit_block(&f.block);
            if returns_predicate && loops.found {
                names.insert(f.sig.ident.to_string());
            }
        }
    }
    names
}

/// The last segment of a path type (`ParamSet` of `crate::params::ParamSet`).
pub(crate) fn quote_type(ty: &syn::Type) -> String {
    match ty {
        syn::Type::Path(p) => p
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default(),
        _ => String::new(),
    }
}

#[derive(Default)]
struct LoopFinder {
    found: bool,
}

impl<'ast> Visit<'ast> for LoopFinder {
    fn visit_expr(&mut self, expr: &'ast Expr) {
        if matches!(expr, Expr::ForLoop(_) | Expr::While(_) | Expr::Loop(_)) {
            self.found = true;
        }
        visit::visit_expr(self, expr);
    }
}

/// Finds `.all(..)` / `.any(..)` and calls of loop predicates in a contract.
struct ContractScan<'a> {
    loop_predicates: &'a HashSet<String>,
    found: Vec<Found>,
}

impl<'ast> Visit<'ast> for ContractScan<'_> {
    fn visit_expr(&mut self, expr: &'ast Expr) {
        match expr {
            Expr::MethodCall(m) if m.method == "all" || m.method == "any" => {
                self.found.push(Found {
                    rule: "contract-loop-predicate",
                    span: m.method.span(),
                    message: format!(
                        "`.{}` in a contract is a loop to the prover; state the range with \
                         `hax_lib::forall(|i: usize| hax_lib::implies(i < n, ..))`",
                        m.method
                    ),
                });
            }
            Expr::Call(c) => {
                if let Expr::Path(p) = &*c.func
                    && let Some(last) = p.path.segments.last()
                    && self.loop_predicates.contains(&last.ident.to_string())
                {
                    self.found.push(Found {
                        rule: "contract-loop-predicate",
                        span: last.ident.span(),
                        message: format!(
                            "predicate `{}` is written as a loop; write it with `hax_lib::forall`",
                            last.ident
                        ),
                    });
                }
            }
            _ => {}
        }
        visit::visit_expr(self, expr);
    }
}

fn scan_contract_tokens(tokens: proc_macro2::TokenStream, scan: &mut ContractScan<'_>) {
    if let Ok(expr) = syn::parse2::<Expr>(tokens) {
        scan.visit_expr(&expr);
    }
}

/// The loop-shape rules inside one function body.
struct BodyRules<'a> {
    loop_depth: usize,
    found: Vec<Found>,
    has_loop_contract: bool,
    scan: ContractScan<'a>,
}

/// Whether `block` states `hax_lib::name!` among its statements.
fn has_hax_macro(block: &syn::Block, name: &str) -> bool {
    block.stmts.iter().any(|s| hax_macro(s, name).is_some())
}

impl BodyRules<'_> {
    /// A `while` or `for` loop: what its check found, then its head (the
    /// condition, or the iterated expression) and, one loop deeper, its body.
    fn visit_loop<'ast>(&mut self, found: Option<Found>, head: &'ast Expr, body: &'ast syn::Block) {
        self.found.extend(found);
        self.visit_expr(head);
        self.loop_depth += 1;
        self.visit_block(body);
        self.loop_depth -= 1;
    }
}

impl<'ast> Visit<'ast> for BodyRules<'_> {
    fn visit_expr(&mut self, expr: &'ast Expr) {
        match expr {
            Expr::While(w) => {
                // `while let` is the `while-let` rule's.
                let without_decreases = !crate::hax_subset::contains_let(&w.cond)
                    && !has_hax_macro(&w.body, "loop_decreases");
                let found = without_decreases.then(|| Found {
                    rule: "while-without-decreases",
                    span: w.while_token.span,
                    message: "`while` without `hax_lib::loop_decreases!`: hax gives it a \
                              fuel of 0, which F* rejects"
                        .into(),
                });
                self.visit_loop(found, &w.cond, &w.body);
                return;
            }
            Expr::ForLoop(f) => {
                let over_range = matches!(&*f.expr, Expr::Range(_));
                let iterator_invariant = !over_range && has_hax_macro(&f.body, "loop_invariant");
                let found = iterator_invariant.then(|| Found {
                    rule: "iterator-loop-invariant",
                    span: f.for_token.span,
                    message: "loop invariant on a `for` over an iterator: hax folds only \
                                  `for i in a..b` with its invariant"
                        .into(),
                });
                self.visit_loop(found, &f.expr, &f.body);
                return;
            }
            // `loop` is the `loop` rule's, and `break` is its only way out.
            Expr::Loop(l) => {
                let depth = std::mem::take(&mut self.loop_depth);
                self.visit_block(&l.body);
                self.loop_depth = depth;
                return;
            }
            Expr::Closure(c) => {
                // A closure body is a function of its own.
                let depth = std::mem::take(&mut self.loop_depth);
                self.visit_expr(&c.body);
                self.loop_depth = depth;
                return;
            }
            Expr::Return(r) if self.loop_depth > 0 => self.found.push(Found {
                rule: "return-in-loop",
                span: r.return_token.span,
                message: "`return` inside a loop: hax extracts it without the loop invariant"
                    .into(),
            }),
            Expr::Break(b) if self.loop_depth > 0 => self.found.push(Found {
                rule: "break-in-loop",
                span: b.break_token.span,
                message: "`break` inside a loop: hax extracts it without the loop invariant".into(),
            }),
            _ => {}
        }
        visit::visit_expr(self, expr);
    }

    fn visit_stmt(&mut self, stmt: &'ast Stmt) {
        for name in ["loop_invariant", "loop_decreases"] {
            if let Some(mac) = hax_macro(stmt, name) {
                self.has_loop_contract = true;
                if name == "loop_invariant" {
                    scan_contract_tokens(mac.tokens.clone(), &mut self.scan);
                }
            }
        }
        visit::visit_stmt(self, stmt);
    }
}

/// Every rule of this module on one function.
pub fn check_fn(
    attrs: &[Attribute],
    sig_span: Span,
    block: &syn::Block,
    loop_predicates: &HashSet<String>,
) -> Vec<Found> {
    let mut body = BodyRules {
        loop_depth: 0,
        found: Vec::new(),
        has_loop_contract: false,
        scan: ContractScan {
            loop_predicates,
            found: Vec::new(),
        },
    };
    body.visit_block(block);
    let mut found = body.found;
    let mut scan = body.scan;
    let mut has_contract = body.has_loop_contract;
    for attr in contract_attrs(attrs) {
        has_contract = true;
        if let syn::Meta::List(list) = &attr.meta {
            scan_contract_tokens(list.tokens.clone(), &mut scan);
        }
    }
    found.append(&mut scan.found);
    let checked = attrs.iter().any(|a| {
        a.path()
            .segments
            .last()
            .is_some_and(|s| s.ident == "checked")
    });
    if has_contract && !checked {
        found.push(Found {
            rule: "unchecked-contract",
            span: sig_span,
            message: "function with hax contracts but no `#[checked]`: its contracts are never \
                      evaluated at run time"
                .into(),
        });
    }
    found
}

/// [`check_fn`] on a free function.
pub fn check_item_fn(f: &ItemFn, loop_predicates: &HashSet<String>) -> Vec<Found> {
    check_fn(&f.attrs, f.sig.ident.span(), &f.block, loop_predicates)
}
