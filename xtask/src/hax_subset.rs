//! A syntactic checker for the Rust subset accepted by the hax extractor.
//!
//! [hax](https://github.com/cryspen/hax) translates Rust to F* and Lean, but
//! only for a functional subset of the language: no `unsafe`, no raw
//! pointers, no trait objects, no unbounded loops, no mutable references
//! escaping a function, no closures with mutable captures, no interior
//! mutability, no floating point, and a few patterns and expression forms
//! that the backends do not (reliably) support.
//!
//! [`check_source`] parses one Rust source file with `syn` and reports every
//! construct outside that subset as a [`Violation`] carrying a stable rule
//! name (see [`RULES`]). The check is purely syntactic: it has no name
//! resolution and no type information, so a few rules (notably
//! `mutating-closure` and `long-iterator-chain`) are heuristics.
//!
//! Items annotated `#[cfg(test)]` (or a `cfg` predicate that implies `test`,
//! such as `all(test, feature = "x")`) and `#[test]` functions are skipped,
//! because tests are not extracted.
//!
//! Macro invocations are opaque to `syn`. As a best effort, the arguments
//! of function-like macros that parse as a comma-separated list of
//! expressions (`assert!`, `assert_eq!`, `vec![..]`, `format!`, ...) or as
//! `vec![elem; len]` are checked like ordinary expressions; other macro
//! bodies (including `macro_rules!` definitions) are not inspected.

use std::collections::HashSet;

use proc_macro2::Span;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{
    Attribute, BinOp, Expr, ExprClosure, ExprMethodCall, Meta, Pat, ReturnType, Token, UnOp,
};

/// Every rule name that [`check_source`] can report, with a one-line summary.
pub const RULES: &[(&str, &str)] = &[
    (
        "unsafe",
        "unsafe blocks, unsafe fn, unsafe impl, unsafe trait",
    ),
    ("raw-pointer", "`*const T` / `*mut T` types, `&raw` borrows"),
    ("dyn", "trait object types (`dyn Trait`)"),
    ("loop", "`loop { .. }` expressions"),
    ("while-let", "`while let` loops"),
    (
        "returns-mut-ref",
        "functions whose return type mentions `&mut`",
    ),
    (
        "mutating-closure",
        "closures that mutate captured variables (FnMut)",
    ),
    ("range-pattern", "range patterns (`0..=9 =>`)"),
    ("slice-pattern", "slice patterns (`[a, b, ..]`)"),
    ("at-pattern", "`name @ pattern` bindings"),
    (
        "interior-mutability",
        "Cell, RefCell, Mutex, Atomic*, OnceLock, ... types and paths",
    ),
    ("float", "`f32` / `f64` types and float literals"),
    ("inline-const", "inline `const { .. }` blocks"),
    (
        "long-iterator-chain",
        "method chains with 3 or more iterator adaptors",
    ),
    (
        "declare-first-let",
        "`let x;` assigned later (hax: HAX0001, declare-first let bindings)",
    ),
    (
        "indexed-compound-assign",
        "`a[i] += e` and the like on an indexed place (hax: HAX0010)",
    ),
];

/// Every rule name: [`RULES`] and the contract rules of
/// [`crate::hax_contracts::CONTRACT_RULES`].
pub fn all_rules() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    RULES
        .iter()
        .chain(crate::hax_contracts::CONTRACT_RULES.iter())
}

/// Rule name used when the file cannot be parsed at all.
pub const PARSE_ERROR: &str = "parse-error";

/// One construct outside the hax subset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// Stable rule name, one of [`RULES`] (or [`PARSE_ERROR`]).
    pub rule: &'static str,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column number, counted in characters.
    pub column: usize,
    /// Human-readable explanation.
    pub message: String,
}

/// Parses `src` as a Rust source file and returns every construct outside
/// the hax subset, sorted by position.
///
/// A file that does not parse yields a single [`PARSE_ERROR`] violation.
pub fn check_source(src: &str) -> Vec<Violation> {
    let file = match syn::parse_file(src) {
        Ok(file) => file,
        Err(err) => {
            let start = err.span().start();
            return vec![Violation {
                rule: PARSE_ERROR,
                line: start.line,
                column: start.column + 1,
                message: err.to_string(),
            }];
        }
    };
    let mut checker = Checker {
        loop_predicates: crate::hax_contracts::loop_predicates(&file),
        ..Checker::default()
    };
    checker.visit_file(&file);
    let mut violations = checker.violations;
    violations.sort_by(|a, b| (a.line, a.column, a.rule).cmp(&(b.line, b.column, b.rule)));
    violations
}

/// Types and constructors that provide interior mutability.
const INTERIOR_MUTABILITY: &[&str] = &[
    "Cell",
    "RefCell",
    "UnsafeCell",
    "OnceCell",
    "Mutex",
    "RwLock",
    "OnceLock",
    "LazyCell",
    "LazyLock",
];

/// Method names counted by the `long-iterator-chain` rule.
const ITERATOR_ADAPTORS: &[&str] = &[
    "map",
    "filter",
    "filter_map",
    "flat_map",
    "zip",
    "enumerate",
    "rev",
    "skip",
    "take",
    "step_by",
    "chain",
    "fold",
    "collect",
    "sum",
    "any",
    "all",
    "for_each",
];

/// Chains with at least this many iterator adaptors are reported.
const MAX_ADAPTORS_PLUS_ONE: usize = 3;

/// Method names that (usually) take `&mut self`; calling one of them on a
/// captured variable makes a closure `FnMut`.
const MUTATING_METHODS: &[&str] = &[
    "push",
    "insert",
    "extend",
    "clear",
    "truncate",
    "pop",
    "remove",
    "swap",
    "fill",
    "copy_from_slice",
    "sort",
    "reverse",
    "append",
    "drain",
];

fn is_interior_mutability(name: &str) -> bool {
    INTERIOR_MUTABILITY.contains(&name)
        || name
            .strip_prefix("Atomic")
            .and_then(|rest| rest.chars().next())
            .is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

fn is_float_type_name(name: &str) -> bool {
    name == "f32" || name == "f64"
}

/// Whether the attributes make the item test-only: `#[test]`, or a
/// `#[cfg(..)]` whose predicate can only hold when `test` is set.
fn is_test_only(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|attr| {
        let path = attr.path();
        if path.is_ident("test") {
            return true;
        }
        path.is_ident("cfg")
            && attr
                .parse_args::<Meta>()
                .is_ok_and(|predicate| cfg_implies_test(&predicate))
    })
}

/// Whether a `cfg` predicate implies `cfg(test)`, or `not(hax)`: hax never
/// sees such items (the run-time contract support of the spec is one).
fn cfg_implies_test(predicate: &Meta) -> bool {
    match predicate {
        Meta::Path(path) => path.is_ident("test"),
        Meta::List(list) if list.path.is_ident("not") => list
            .parse_args::<Meta>()
            .is_ok_and(|inner| matches!(&inner, Meta::Path(p) if p.is_ident("hax"))),
        Meta::List(list) => {
            let Ok(args) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            else {
                return false;
            };
            if list.path.is_ident("all") {
                args.iter().any(cfg_implies_test)
            } else if list.path.is_ident("any") {
                !args.is_empty() && args.iter().all(cfg_implies_test)
            } else {
                false
            }
        }
        Meta::NameValue(_) => false,
    }
}

/// The expressions inside a function-like macro invocation, when its body
/// parses as `expr, expr, ...` or `expr; expr` (as in `vec![0; n]`).
///
/// Named format arguments (`name = value`) are reduced to their value so
/// that they are not mistaken for assignments.
fn macro_args(mac: &syn::Macro) -> Vec<Expr> {
    if let Ok(args) = mac.parse_body_with(Punctuated::<Expr, Token![,]>::parse_terminated) {
        return args
            .into_iter()
            .map(|arg| match arg {
                Expr::Assign(assign) if matches!(*assign.left, Expr::Path(_)) => *assign.right,
                other => other,
            })
            .collect();
    }
    let repeat = |input: syn::parse::ParseStream<'_>| -> syn::Result<Vec<Expr>> {
        let elem: Expr = input.parse()?;
        input.parse::<Token![;]>()?;
        let len: Expr = input.parse()?;
        Ok(vec![elem, len])
    };
    mac.parse_body_with(repeat).unwrap_or_default()
}

/// The main AST walker. It holds no borrowed data, so it can also visit
/// the short-lived expressions parsed out of macro bodies.
#[derive(Default)]
struct Checker {
    violations: Vec<Violation>,
    /// Predicates of the file written as loops (`contract-loop-predicate`).
    loop_predicates: HashSet<String>,
}

impl Checker {
    fn report(&mut self, rule: &'static str, span: Span, message: impl Into<String>) {
        let start = span.start();
        self.violations.push(Violation {
            rule,
            line: start.line,
            column: start.column + 1,
            message: message.into(),
        });
    }

    fn check_unsafety(&mut self, unsafety: Option<&Token![unsafe]>, what: &str) {
        if let Some(token) = unsafety {
            self.report(
                "unsafe",
                token.span,
                format!("{what} is not supported by hax"),
            );
        }
    }

    /// Reports the first interior-mutability and float segment of a path.
    fn check_path_segments<'a>(&mut self, idents: impl IntoIterator<Item = &'a syn::Ident>) {
        type Check = (&'static str, fn(&str) -> bool, fn(&str) -> String);
        let checks: [Check; 2] = [
            ("interior-mutability", is_interior_mutability, |name| {
                format!("`{name}` provides interior mutability, which hax cannot model")
            }),
            ("float", is_float_type_name, |name| {
                format!("floating-point type `{name}` is outside the hax subset")
            }),
        ];
        let mut seen = [false; 2];
        for ident in idents {
            let name = ident.to_string();
            for ((rule, applies, message), seen) in checks.iter().zip(&mut seen) {
                if !*seen && applies(&name) {
                    *seen = true;
                    self.report(rule, ident.span(), message(&name));
                }
            }
        }
    }

    /// Walks one method-call chain `base.a(..).b(..).c(..)` from the
    /// outermost call, reports it if it contains too many iterator
    /// adaptors, and then visits its parts without re-walking the inner
    /// calls as chains of their own.
    fn check_method_chain(&mut self, outer: &ExprMethodCall) {
        let mut calls = vec![outer];
        let mut base: &Expr = &outer.receiver;
        while let Expr::MethodCall(inner) = base {
            calls.push(inner);
            base = &inner.receiver;
        }
        calls.reverse(); // innermost (first applied) call first

        let adaptors: Vec<&ExprMethodCall> = calls
            .iter()
            .copied()
            .filter(|call| ITERATOR_ADAPTORS.contains(&call.method.to_string().as_str()))
            .collect();
        if adaptors.len() >= MAX_ADAPTORS_PLUS_ONE {
            let names: Vec<String> = adaptors.iter().map(|c| c.method.to_string()).collect();
            self.report(
                "long-iterator-chain",
                adaptors[0].method.span(),
                format!(
                    "method chain uses {} iterator adaptors ({}); hax handles at most {} per \
                     chain, split it with intermediate `let` bindings or use a `for` loop",
                    names.len(),
                    names.join(", "),
                    MAX_ADAPTORS_PLUS_ONE - 1,
                ),
            );
        }

        self.visit_expr(base);
        for call in calls {
            for attr in &call.attrs {
                self.visit_attribute(attr);
            }
            if let Some(turbofish) = &call.turbofish {
                self.visit_angle_bracketed_generic_arguments(turbofish);
            }
            for arg in &call.args {
                self.visit_expr(arg);
            }
        }
    }

    fn check_closure(&mut self, closure: &ExprClosure) {
        let mut bindings = BindingCollector::default();
        bindings.visit_expr_closure(closure);
        let mut finder = MutationFinder {
            bound: &bindings.names,
            found: None,
        };
        finder.visit_expr(&closure.body);
        if let Some((name, how, at)) = finder.found {
            let at = at.start();
            self.report(
                "mutating-closure",
                closure.span(),
                format!(
                    "closure mutates captured variable `{name}` ({how} at {}:{}); FnMut \
                     closures are outside the hax subset",
                    at.line,
                    at.column + 1,
                ),
            );
        }
    }
}

/// The attributes of `item`, a value of the syn enum `kind`, when it is one
/// of the `variant`s (each with an `attrs` field); none otherwise.
macro_rules! attrs_of {
    ($item:expr, $kind:ident: $($variant:ident),+) => {
        match $item {
            $(syn::$kind::$variant(i) => &i.attrs[..],)+
            _ => &[] as &[Attribute],
        }
    };
}

/// Visitor methods, one per node type with an `unsafety` field: each reports
/// the `unsafe` keyword as `what`, then walks the node.
macro_rules! unsafety_visits {
    ($($method:ident($node:ty): $what:literal;)+) => {$(
        fn $method(&mut self, node: &'ast $node) {
            self.check_unsafety(node.unsafety.as_ref(), $what);
            visit::$method(self, node);
        }
    )+};
}

impl<'ast> Visit<'ast> for Checker {
    // ----- test-only items are skipped -------------------------------------

    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = attrs_of!(item, Item: Const, Enum, ExternCrate, Fn, ForeignMod, Impl, Macro,
            Mod, Static, Struct, Trait, TraitAlias, Type, Union, Use);
        if !is_test_only(attrs) {
            visit::visit_item(self, item);
        }
    }

    fn visit_item_fn(&mut self, node: &'ast syn::ItemFn) {
        for found in crate::hax_contracts::check_item_fn(node, &self.loop_predicates) {
            self.report(found.rule, found.span, found.message);
        }
        visit::visit_item_fn(self, node);
    }

    fn visit_impl_item_fn(&mut self, node: &'ast syn::ImplItemFn) {
        let found = crate::hax_contracts::check_fn(
            &node.attrs,
            node.sig.ident.span(),
            &node.block,
            &self.loop_predicates,
        );
        for found in found {
            self.report(found.rule, found.span, found.message);
        }
        visit::visit_impl_item_fn(self, node);
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let attrs = attrs_of!(item, ImplItem: Const, Fn, Type, Macro);
        if !is_test_only(attrs) {
            visit::visit_impl_item(self, item);
        }
    }

    fn visit_trait_item(&mut self, item: &'ast syn::TraitItem) {
        let attrs = attrs_of!(item, TraitItem: Const, Fn, Type, Macro);
        if !is_test_only(attrs) {
            visit::visit_trait_item(self, item);
        }
    }

    fn visit_local(&mut self, local: &'ast syn::Local) {
        if !is_test_only(&local.attrs) {
            if local.init.is_none() {
                self.report(
                    "declare-first-let",
                    local.let_token.span,
                    "a `let` without an initializer, assigned later, is rejected by hax's \
                     engine (HAX0001); bind the value where it is computed, e.g. \
                     `let (a, b) = if c { .. } else { .. };`",
                );
            }
            visit::visit_local(self, local);
        }
    }

    // ----- unsafe ----------------------------------------------------------

    fn visit_expr_unsafe(&mut self, node: &'ast syn::ExprUnsafe) {
        self.check_unsafety(Some(&node.unsafe_token), "an `unsafe` block");
        visit::visit_expr_unsafe(self, node);
    }

    fn visit_signature(&mut self, sig: &'ast syn::Signature) {
        self.check_unsafety(sig.unsafety.as_ref(), "an `unsafe fn`");
        if let ReturnType::Type(_, ty) = &sig.output {
            let mut finder = MutRefFinder::default();
            finder.visit_type(ty);
            if let Some(span) = finder.found {
                self.report(
                    "returns-mut-ref",
                    span,
                    format!(
                        "`{}` returns a mutable reference; hax only supports `&mut` in \
                         argument position",
                        sig.ident
                    ),
                );
            }
        }
        visit::visit_signature(self, sig);
    }

    unsafety_visits! {
        visit_item_impl(syn::ItemImpl): "an `unsafe impl`";
        visit_item_trait(syn::ItemTrait): "an `unsafe trait`";
        visit_item_foreign_mod(syn::ItemForeignMod): "an `unsafe extern` block";
        visit_type_bare_fn(syn::TypeBareFn): "an `unsafe fn` pointer type";
    }

    // ----- raw pointers ----------------------------------------------------

    fn visit_type_ptr(&mut self, node: &'ast syn::TypePtr) {
        self.report(
            "raw-pointer",
            node.star_token.span,
            "raw pointer types are not supported by hax",
        );
        visit::visit_type_ptr(self, node);
    }

    // ----- trait objects ---------------------------------------------------

    fn visit_type_trait_object(&mut self, node: &'ast syn::TypeTraitObject) {
        let span = node
            .dyn_token
            .as_ref()
            .map_or_else(|| node.span(), |token| token.span);
        self.report(
            "dyn",
            span,
            "trait objects (`dyn Trait`) are not supported by hax; use generics",
        );
        visit::visit_type_trait_object(self, node);
    }

    // ----- expressions -----------------------------------------------------

    fn visit_expr(&mut self, expr: &'ast Expr) {
        match expr {
            Expr::Loop(node) => self.report(
                "loop",
                node.loop_token.span,
                "`loop` has no termination measure; use a bounded `for` or `while` loop",
            ),
            Expr::While(node) if contains_let(&node.cond) => self.report(
                "while-let",
                node.while_token.span,
                "`while let` is not supported by hax; use a bounded `for` or `while` loop",
            ),
            Expr::Const(node) => self.report(
                "inline-const",
                node.const_token.span,
                "inline `const { .. }` blocks are not supported by hax; use a named `const`",
            ),
            Expr::Closure(node) => self.check_closure(node),
            Expr::RawAddr(node) => self.report(
                "raw-pointer",
                node.and_token.span,
                "`&raw` borrows create raw pointers, which hax does not support",
            ),
            Expr::Binary(node) if is_compound_assign(&node.op) && has_index(&node.left) => self
                .report(
                    "indexed-compound-assign",
                    node.op.span(),
                    "compound assignment on an indexed place is rejected by hax's engine \
                     (HAX0010: it expects `&mut _`); write `a[i] = a[i] + e`",
                ),
            Expr::MethodCall(node) => {
                // Handles the whole chain, including visiting its parts.
                self.check_method_chain(node);
                return;
            }
            _ => {}
        }
        visit::visit_expr(self, expr);
    }

    fn visit_lit_float(&mut self, lit: &'ast syn::LitFloat) {
        self.report(
            "float",
            lit.span(),
            format!(
                "floating-point literal `{}` is outside the hax subset",
                lit.token()
            ),
        );
    }

    // ----- paths -----------------------------------------------------------

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.check_path_segments(path.segments.iter().map(|segment| &segment.ident));
        visit::visit_path(self, path);
    }

    fn visit_use_tree(&mut self, tree: &'ast syn::UseTree) {
        match tree {
            syn::UseTree::Path(node) => self.check_path_segments([&node.ident]),
            syn::UseTree::Name(node) => self.check_path_segments([&node.ident]),
            syn::UseTree::Rename(node) => self.check_path_segments([&node.ident]),
            syn::UseTree::Glob(_) | syn::UseTree::Group(_) => {}
        }
        visit::visit_use_tree(self, tree);
    }

    // ----- patterns --------------------------------------------------------

    fn visit_pat(&mut self, pat: &'ast Pat) {
        match pat {
            Pat::Range(node) => self.report(
                "range-pattern",
                node.span(),
                "range patterns are not supported by hax; use a guard with comparisons",
            ),
            Pat::Slice(node) => self.report(
                "slice-pattern",
                node.bracket_token.span.open(),
                "slice patterns are not supported by hax; index the array instead",
            ),
            Pat::Const(node) => self.report(
                "inline-const",
                node.const_token.span,
                "inline `const { .. }` patterns are not supported by hax",
            ),
            Pat::Ident(node) if node.subpat.is_some() => self.report(
                "at-pattern",
                node.ident.span(),
                format!(
                    "`{} @ ..` bindings are not supported by hax; bind and match separately",
                    node.ident
                ),
            ),
            _ => {}
        }
        visit::visit_pat(self, pat);
    }

    // ----- macros ----------------------------------------------------------

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let addr_of = mac
            .path
            .segments
            .last()
            .map(|last| &last.ident)
            .filter(|ident| *ident == "addr_of" || *ident == "addr_of_mut");
        if let Some(ident) = addr_of {
            self.report(
                "raw-pointer",
                ident.span(),
                format!("`{ident}!` creates a raw pointer"),
            );
        }
        visit::visit_macro(self, mac);
        for arg in macro_args(mac) {
            self.visit_expr(&arg);
        }
    }
}

/// The place goes through an index: `a[i]`, `a[i][j]`, `a[i].f`, `(a[i])`.
fn has_index(place: &Expr) -> bool {
    match place {
        Expr::Index(_) => true,
        Expr::Field(field) => has_index(&field.base),
        Expr::Paren(paren) => has_index(&paren.expr),
        _ => false,
    }
}

/// Whether a `while` condition is a `let` (or a let-chain `a && let ..`).
pub(crate) fn contains_let(cond: &Expr) -> bool {
    match cond {
        Expr::Let(_) => true,
        Expr::Binary(binary) if matches!(binary.op, BinOp::And(_)) => {
            contains_let(&binary.left) || contains_let(&binary.right)
        }
        Expr::Paren(paren) => contains_let(&paren.expr),
        _ => false,
    }
}

/// Finds the first `&mut` anywhere inside a (return) type.
#[derive(Default)]
struct MutRefFinder {
    found: Option<Span>,
}

impl<'ast> Visit<'ast> for MutRefFinder {
    fn visit_type_reference(&mut self, node: &'ast syn::TypeReference) {
        if self.found.is_none() && node.mutability.is_some() {
            self.found = Some(node.and_token.span);
        }
        visit::visit_type_reference(self, node);
    }
}

/// Collects every identifier bound by a pattern anywhere inside a closure:
/// its parameters, `let` statements, `for` loops, `match` arms, nested
/// closures, ...
///
/// This deliberately over-approximates the closure's own bindings (it
/// ignores scoping and shadowing), so a variable that is both captured and
/// shadowed inside the closure may be missed. See [`MutationFinder`].
#[derive(Default)]
struct BindingCollector {
    names: HashSet<String>,
}

impl<'ast> Visit<'ast> for BindingCollector {
    fn visit_pat_ident(&mut self, node: &'ast syn::PatIdent) {
        self.names.insert(node.ident.to_string());
        visit::visit_pat_ident(self, node);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        visit::visit_macro(self, mac);
        for arg in macro_args(mac) {
            self.visit_expr(&arg);
        }
    }
}

/// Looks for the first mutation of a captured variable in a closure body.
///
/// Without type information `FnMut` cannot be detected exactly; this is a
/// heuristic. A closure is reported when its body
///
/// * assigns or compound-assigns (`x = ..`, `x += ..`, `x.f[i] = ..`,
///   `*x = ..`) to a place whose root identifier is not bound inside the
///   closure,
/// * takes `&mut` of such a place, or
/// * calls one of [`MUTATING_METHODS`] on such a place.
///
/// Mutation through methods not in that list, through macros whose bodies
/// cannot be parsed, or via shadowed names is not detected; conversely a
/// listed method name on a type where it does not mutate is a false
/// positive.
struct MutationFinder<'b> {
    bound: &'b HashSet<String>,
    /// Variable name, kind of mutation, location of the mutation.
    found: Option<(String, &'static str, Span)>,
}

impl MutationFinder<'_> {
    fn check_place(&mut self, place: &Expr, how: &'static str, through_calls: bool) {
        if self.found.is_some() {
            return;
        }
        if let Some(root) = place_root(place, through_calls) {
            let name = root.to_string();
            if !self.bound.contains(&name) {
                self.found = Some((name, how, place.span()));
            }
        }
    }
}

/// The identifier at the root of a place expression such as `x`, `x.f`,
/// `x[i]`, `*x`, `(x)`; with `through_calls`, also `x.get_mut(i).f`.
fn place_root(place: &Expr, through_calls: bool) -> Option<&syn::Ident> {
    match place {
        Expr::Path(path) if path.qself.is_none() => path.path.get_ident(),
        Expr::Field(field) => place_root(&field.base, through_calls),
        Expr::Index(index) => place_root(&index.expr, through_calls),
        Expr::Paren(paren) => place_root(&paren.expr, through_calls),
        Expr::Unary(unary) if matches!(unary.op, UnOp::Deref(_)) => {
            place_root(&unary.expr, through_calls)
        }
        Expr::MethodCall(call) if through_calls => place_root(&call.receiver, through_calls),
        _ => None,
    }
}

/// `+=`, `-=`, `<<=`, ...: the operators that take their left side by `&mut`.
fn is_compound_assign(op: &BinOp) -> bool {
    matches!(
        op,
        BinOp::AddAssign(_)
            | BinOp::SubAssign(_)
            | BinOp::MulAssign(_)
            | BinOp::DivAssign(_)
            | BinOp::RemAssign(_)
            | BinOp::BitXorAssign(_)
            | BinOp::BitAndAssign(_)
            | BinOp::BitOrAssign(_)
            | BinOp::ShlAssign(_)
            | BinOp::ShrAssign(_)
    )
}

impl<'ast> Visit<'ast> for MutationFinder<'_> {
    fn visit_expr_assign(&mut self, node: &'ast syn::ExprAssign) {
        self.check_place(&node.left, "assignment", true);
        visit::visit_expr_assign(self, node);
    }

    fn visit_expr_binary(&mut self, node: &'ast syn::ExprBinary) {
        if is_compound_assign(&node.op) {
            self.check_place(&node.left, "compound assignment", true);
        }
        visit::visit_expr_binary(self, node);
    }

    fn visit_expr_reference(&mut self, node: &'ast syn::ExprReference) {
        if node.mutability.is_some() {
            self.check_place(&node.expr, "`&mut` borrow", false);
        }
        visit::visit_expr_reference(self, node);
    }

    fn visit_expr_method_call(&mut self, node: &'ast ExprMethodCall) {
        if MUTATING_METHODS.contains(&node.method.to_string().as_str()) {
            self.check_place(&node.receiver, "mutating method call", false);
        }
        visit::visit_expr_method_call(self, node);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        visit::visit_macro(self, mac);
        for arg in macro_args(mac) {
            self.visit_expr(&arg);
        }
    }

    fn visit_item(&mut self, _item: &'ast syn::Item) {
        // Items nested in a closure body cannot capture its environment.
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_table_has_unique_names() {
        let names: HashSet<&str> = RULES.iter().map(|(name, _)| *name).collect();
        assert_eq!(names.len(), RULES.len());
        assert!(!names.contains(PARSE_ERROR));
    }

    #[test]
    fn cfg_predicates() {
        let implies = |src: &str| cfg_implies_test(&syn::parse_str::<Meta>(src).unwrap());
        for (src, expected) in [
            ("test", true),
            ("all(test, feature = \"x\")", true),
            ("any(test, all(test, unix))", true),
            ("not(test)", false),
            ("any(test, unix)", false),
            ("hax", false),
            ("any()", false),
        ] {
            assert_eq!(implies(src), expected, "{src}");
        }
    }

    #[test]
    fn atomic_names() {
        for name in ["AtomicU32", "AtomicBool", "RefCell"] {
            assert!(is_interior_mutability(name), "{name}");
        }
        for name in ["Atomic", "Atomically", "Cells"] {
            assert!(!is_interior_mutability(name), "{name}");
        }
    }
}
