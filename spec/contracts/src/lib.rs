//! Run-time checking of `mldsa-spec`'s hax contracts, from their one text.
//!
//! A contract of the spec is written once, in hax's own syntax:
//! `#[hax_lib::requires(..)]`, `#[hax_lib::ensures(|r| ..)]`,
//! `hax_lib::loop_invariant!(..)` and `hax_lib::loop_decreases!(..)`. hax-lib
//! erases all four outside hax, so on their own they are never evaluated.
//!
//! [`macro@checked`] on a function emits two copies of it:
//!
//! * under `cfg(hax)`, the function exactly as written: this is what the hax
//!   driver (and `make hax-cfg`) compiles and extracts;
//! * otherwise, the same function whose body evaluates the same expressions:
//!   the `requires` on entry, every `loop_invariant!` where it stands, every
//!   `loop_decreases!` measure (non-negative and strictly decreasing from one
//!   iteration to the next), and the `ensures` on the result. A false one
//!   panics with the function's name, the contract's text and the inputs.
//!   The checks are compiled in when `mldsa-spec`'s `check-contracts`
//!   feature is on (the default).
//!
//! Quantifiers have no run-time meaning in hax-lib (`hax_lib::forall` is
//! always true there), so the run-time copy reads the hax forms as bounded
//! loops: `hax_lib::forall(|i: usize| hax_lib::implies(i < n, p))` is
//! evaluated as "p holds for every i in 0..n", `hax_lib::implies(a, b)` as
//! `!a || b`, `Prop::from(b)` as `b`, and `.and` / `.or` / `.implies` on
//! propositions as `&&` / `||` / implication. Any other `forall` or `exists`
//! is a compile error, never a silently true check.
//!
//! [`macro@predicate`] marks a named predicate (a function returning
//! `hax_lib::Prop`, used inside contracts): hax sees it as written, and the
//! run-time copy returns the `bool` the same expression evaluates to.

use proc_macro::TokenStream;
use proc_macro2::{Span, TokenStream as TokenStream2};
use quote::{ToTokens, quote};
use syn::visit_mut::{self, VisitMut};
use syn::{
    Attribute, Block, Expr, ExprClosure, FnArg, ItemFn, Pat, ReturnType, Stmt, Type,
    parse_macro_input, parse_quote,
};

/// Checks the function's hax contracts at run time (see the crate docs).
#[proc_macro_attribute]
pub fn checked(attr: TokenStream, item: TokenStream) -> TokenStream {
    if !attr.is_empty() {
        return syn::Error::new(Span::call_site(), "#[checked] takes no arguments")
            .to_compile_error()
            .into();
    }
    let original = parse_macro_input!(item as ItemFn);
    match checked_copy(&original) {
        Ok(runtime) => quote! {
            #[cfg(hax)]
            #original
            #[cfg(not(hax))]
            #runtime
        }
        .into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// A named predicate used in contracts (see the crate docs).
#[proc_macro_attribute]
pub fn predicate(attr: TokenStream, item: TokenStream) -> TokenStream {
    if !attr.is_empty() {
        return syn::Error::new(Span::call_site(), "#[predicate] takes no arguments")
            .to_compile_error()
            .into();
    }
    let original = parse_macro_input!(item as ItemFn);
    let mut runtime = original.clone();
    runtime.sig.output = parse_quote!(-> bool);
    let mut rewriter = RuntimeProp::default();
    rewriter.visit_block_mut(&mut runtime.block);
    if let Some(e) = rewriter.error {
        return e.to_compile_error().into();
    }
    quote! {
        #[cfg(hax)]
        #original
        #[cfg(not(hax))]
        #runtime
    }
    .into()
}

/// `path` is `hax_lib::<name>` (or `::hax_lib::<name>`).
fn is_hax(path: &syn::Path, name: &str) -> bool {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    segments.len() == 2 && segments[0] == "hax_lib" && segments[1] == name
}

/// The path names `Prop::<name>` (with or without a `hax_lib::` prefix).
fn is_prop_fn(path: &syn::Path, name: &str) -> bool {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    segments.len() >= 2
        && segments[segments.len() - 2] == "Prop"
        && segments[segments.len() - 1] == name
}

fn hax_attr<'a>(attrs: &'a [Attribute], name: &str) -> Option<&'a Attribute> {
    attrs.iter().find(|a| is_hax(a.path(), name))
}

/// A contract evaluated as a `bool`. Contracts are written the way a prover
/// reads them (`0 <= r && r < q`, `a % b == 0`), which clippy would rewrite.
fn as_bool(cond: &Expr) -> TokenStream2 {
    quote!({
        #[allow(
            unknown_lints,
            clippy::manual_range_contains,
            clippy::manual_is_multiple_of,
            clippy::manual_checked_ops,
            clippy::nonminimal_bool
        )]
        let __mldsa_holds: bool = #cond;
        __mldsa_holds
    })
}

/// The contract's text, as the failure message shows it.
fn text(tokens: &impl ToTokens) -> String {
    tokens.to_token_stream().to_string()
}

/// Rewrites hax's propositions into the `bool` they denote at run time.
#[derive(Default)]
struct RuntimeProp {
    error: Option<syn::Error>,
}

impl RuntimeProp {
    fn fail(&mut self, span: Span, message: &str) {
        if self.error.is_none() {
            self.error = Some(syn::Error::new(span, message));
        }
    }

    /// `hax_lib::forall(|i: T| hax_lib::implies(i < n, body))` as a loop.
    fn bounded_forall(&mut self, closure: &ExprClosure) -> Option<Expr> {
        let span = closure.or1_token.span;
        let message = "at run time, hax_lib::forall must read \
                       `hax_lib::forall(|i: T| hax_lib::implies(i < n, ..))`";
        if closure.inputs.len() != 1 {
            self.fail(span, message);
            return None;
        }
        let binder = closure.inputs[0].clone();
        let ident = match &binder {
            Pat::Type(t) => match &*t.pat {
                Pat::Ident(i) => i.ident.clone(),
                _ => {
                    self.fail(span, message);
                    return None;
                }
            },
            _ => {
                self.fail(span, message);
                return None;
            }
        };
        // The body may be a block holding just the implication.
        let mut body_expr = &*closure.body;
        while let Expr::Block(b) = body_expr
            && b.block.stmts.len() == 1
            && let Stmt::Expr(inner, None) = &b.block.stmts[0]
        {
            body_expr = inner;
        }
        let Expr::Call(call) = body_expr else {
            self.fail(span, message);
            return None;
        };
        let is_implies = matches!(&*call.func, Expr::Path(p) if is_hax(&p.path, "implies"));
        if !is_implies || call.args.len() != 2 {
            self.fail(span, message);
            return None;
        }
        let Expr::Binary(guard) = &call.args[0] else {
            self.fail(span, message);
            return None;
        };
        let guards_binder = matches!(&*guard.left, Expr::Path(p) if p.path.is_ident(&ident));
        if !guards_binder || !matches!(guard.op, syn::BinOp::Lt(_)) {
            self.fail(span, message);
            return None;
        }
        let bound = (*guard.right).clone();
        let body = call.args[1].clone();
        Some(parse_quote!({
            let __mldsa_bound = #bound;
            let mut __mldsa_all = true;
            let mut __mldsa_i = 0;
            while __mldsa_all && __mldsa_i < __mldsa_bound {
                let #binder = __mldsa_i;
                __mldsa_all = #body;
                __mldsa_i += 1;
            }
            __mldsa_all
        }))
    }
}

impl VisitMut for RuntimeProp {
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        let replacement: Option<Expr> = match &*expr {
            Expr::Call(call) => match &*call.func {
                Expr::Path(p) if is_hax(&p.path, "forall") => match call.args.first() {
                    Some(Expr::Closure(c)) if call.args.len() == 1 => self.bounded_forall(c),
                    _ => {
                        self.fail(Span::call_site(), "hax_lib::forall takes one closure");
                        None
                    }
                },
                Expr::Path(p) if is_hax(&p.path, "exists") => {
                    self.fail(
                        Span::call_site(),
                        "hax_lib::exists has no run-time check here",
                    );
                    None
                }
                Expr::Path(p) if is_hax(&p.path, "implies") && call.args.len() == 2 => {
                    let (a, b) = (&call.args[0], &call.args[1]);
                    Some(parse_quote!((!(#a) || (#b))))
                }
                Expr::Path(p)
                    if (is_prop_fn(&p.path, "from") || is_prop_fn(&p.path, "from_bool"))
                        && call.args.len() == 1 =>
                {
                    let a = &call.args[0];
                    Some(parse_quote!((#a)))
                }
                _ => None,
            },
            Expr::MethodCall(m) if m.args.len() == 1 => {
                let (a, b) = (&m.receiver, &m.args[0]);
                match m.method.to_string().as_str() {
                    "and" => Some(parse_quote!(((#a) && (#b)))),
                    "or" => Some(parse_quote!(((#a) || (#b)))),
                    "implies" => Some(parse_quote!((!(#a) || (#b)))),
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(new) = replacement {
            *expr = new;
        }
        visit_mut::visit_expr_mut(self, expr);
    }
}

/// A parameter's value can be printed after the call: a reference, or a
/// type that is `Copy` in the spec.
fn reportable(ty: &Type) -> bool {
    match ty {
        Type::Reference(_) | Type::Array(_) => true,
        Type::Path(p) => p.path.segments.last().is_some_and(|s| {
            [
                "u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32", "i64", "isize", "bool",
                "ParamSet", "PreHash", "Poly",
            ]
            .contains(&s.ident.to_string().as_str())
        }),
        _ => false,
    }
}

/// `name = {:?}` for every reportable parameter of the function.
fn inputs_report(item: &ItemFn) -> TokenStream2 {
    let mut parts = Vec::new();
    for arg in &item.sig.inputs {
        if let FnArg::Typed(t) = arg
            && let Pat::Ident(i) = &*t.pat
            && reportable(&t.ty)
        {
            let ident = &i.ident;
            let label = format!("{ident} = {{:?}}");
            parts.push(quote!(::std::format!(#label, &#ident)));
        }
    }
    quote!(<[::std::string::String]>::join(&[#(#parts),*], "; "))
}

/// Rewrites `hax_lib::loop_invariant!` / `loop_decreases!` into checks.
struct LoopChecks {
    name: String,
    inputs: TokenStream2,
    prop: RuntimeProp,
}

impl LoopChecks {
    fn invariant_check(&mut self, mac: &syn::Macro) -> syn::Result<Stmt> {
        let written: Expr = mac.parse_body()?;
        let source = text(&written);
        // A `for` loop's invariant `|i| p` names the loop variable, which is
        // in scope where the macro stands: at the start of iteration i.
        let mut cond = match written {
            Expr::Closure(c) if c.inputs.len() == 1 => (*c.body).clone(),
            other => other,
        };
        self.prop.visit_expr_mut(&mut cond);
        let (name, inputs) = (&self.name, &self.inputs);
        let cond = as_bool(&cond);
        Ok(parse_quote! {
            if cfg!(feature = "check-contracts") && !#cond {
                crate::contract::violated(#name, "loop_invariant", #source, #inputs);
            }
        })
    }

    fn decreases_check(&mut self, mac: &syn::Macro) -> syn::Result<Stmt> {
        let measure: Expr = mac.parse_body()?;
        let source = text(&measure);
        let (name, inputs) = (&self.name, &self.inputs);
        Ok(parse_quote! {
            if cfg!(feature = "check-contracts") {
                let __mldsa_now = (#measure) as i128;
                if __mldsa_now < 0 || __mldsa_measure.is_some_and(|before| __mldsa_now >= before) {
                    crate::contract::violated(#name, "loop_decreases", #source, #inputs);
                }
                __mldsa_measure = Some(__mldsa_now);
            }
        })
    }
}

fn hax_macro<'a>(stmt: &'a Stmt, name: &str) -> Option<&'a syn::Macro> {
    match stmt {
        Stmt::Macro(m) if is_hax(&m.mac.path, name) => Some(&m.mac),
        Stmt::Expr(Expr::Macro(m), _) if is_hax(&m.mac.path, name) => Some(&m.mac),
        _ => None,
    }
}

impl VisitMut for LoopChecks {
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        // A `while` with a measure keeps the previous value next to it.
        let has_measure = matches!(&*expr, Expr::While(w) if w
            .body
            .stmts
            .iter()
            .any(|s| hax_macro(s, "loop_decreases").is_some()));
        visit_mut::visit_expr_mut(self, expr);
        if has_measure && let Expr::While(w) = &*expr {
            let w = w.clone();
            *expr = parse_quote!({
                let mut __mldsa_measure: Option<i128> = None;
                #w
            });
        }
    }

    fn visit_block_mut(&mut self, block: &mut Block) {
        let mut stmts = Vec::new();
        for stmt in block.stmts.drain(..) {
            let rewritten = if let Some(mac) = hax_macro(&stmt, "loop_invariant") {
                self.invariant_check(mac)
            } else if let Some(mac) = hax_macro(&stmt, "loop_decreases") {
                self.decreases_check(mac)
            } else {
                Ok(stmt)
            };
            match rewritten {
                Ok(s) => stmts.push(s),
                Err(e) => {
                    self.prop.error.get_or_insert(e);
                }
            }
        }
        block.stmts = stmts;
        visit_mut::visit_block_mut(self, block);
    }
}

/// The run-time copy of a `#[checked]` function.
fn checked_copy(original: &ItemFn) -> syn::Result<ItemFn> {
    let mut f = original.clone();
    let name = f.sig.ident.to_string();
    let inputs = inputs_report(original);
    let requires: Option<Expr> = hax_attr(&f.attrs, "requires")
        .map(|a| a.parse_args())
        .transpose()?;
    let ensures: Option<ExprClosure> = hax_attr(&f.attrs, "ensures")
        .map(|a| a.parse_args())
        .transpose()?;
    f.attrs
        .retain(|a| !is_hax(a.path(), "requires") && !is_hax(a.path(), "ensures"));

    let mut loops = LoopChecks {
        name: name.clone(),
        inputs: inputs.clone(),
        prop: RuntimeProp::default(),
    };
    loops.visit_block_mut(&mut f.block);
    let mut prop = std::mem::take(&mut loops.prop);

    let ret: Type = match &f.sig.output {
        ReturnType::Default => parse_quote!(()),
        ReturnType::Type(_, t) => (**t).clone(),
    };
    let body = &f.block;

    let pre = match requires {
        Some(mut cond) => {
            let source = text(&cond);
            prop.visit_expr_mut(&mut cond);
            let cond = as_bool(&cond);
            quote! {
                if cfg!(feature = "check-contracts")
                    && crate::contract::requires_enabled(#name)
                    && !#cond
                {
                    crate::contract::violated(#name, "requires", #source, #inputs);
                }
            }
        }
        None => quote!(),
    };
    let new_body: Block = match ensures {
        Some(closure) => {
            if closure.inputs.len() != 1 {
                return Err(syn::Error::new(
                    closure.or1_token.span,
                    "an ensures closure binds the result only",
                ));
            }
            let source = text(&closure);
            let binder = match &closure.inputs[0] {
                Pat::Type(t) => (*t.pat).clone(),
                p => p.clone(),
            };
            let mut cond = (*closure.body).clone();
            prop.visit_expr_mut(&mut cond);
            let cond = as_bool(&cond);
            parse_quote!({
                #pre
                #[allow(clippy::redundant_closure_call)]
                let __mldsa_result: #ret = (|| -> #ret #body)();
                if cfg!(feature = "check-contracts") {
                    #[allow(clippy::clone_on_copy, unused_variables)]
                    let __mldsa_ok = {
                        let #binder: #ret = ::core::clone::Clone::clone(&__mldsa_result);
                        #cond
                    };
                    if !__mldsa_ok {
                        let __mldsa_inputs = #inputs;
                        crate::contract::violated(
                            #name,
                            "ensures",
                            #source,
                            ::std::format!("{}; result = {:?}", __mldsa_inputs, &__mldsa_result),
                        );
                    }
                }
                __mldsa_result
            })
        }
        None => parse_quote!({
            #pre
            #body
        }),
    };
    if let Some(e) = prop.error {
        return Err(e);
    }
    f.block = Box::new(new_body);
    Ok(f)
}
