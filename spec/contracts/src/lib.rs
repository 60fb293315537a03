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
//!   the `requires` on entry, every `loop_invariant!` where hax's
//!   `fold_range` / `while_loop` need it, every `loop_decreases!` measure
//!   (non-negative and strictly decreasing from one iteration to the next,
//!   into the exit state too), and the `ensures` on the result. A false one
//!   panics with the function's name, the contract's text and the inputs.
//!
//! A loop invariant is checked where F\* needs it, which is more than where
//! it stands: before the loop (also when it runs zero times), at the start
//! of every iteration (which is the state after the previous one), and
//! after the loop. For `for i in a..b`, whose invariant `|i| p` names the
//! loop variable, `p` is evaluated with `i = a` before the loop and with
//! `i = b` after it, as `fold_range` reads it; an invariant loop must range
//! over `a..b`. For `while`, the invariant is evaluated before the loop and
//! in the exit state, and the measure is non-negative before the loop and
//! decreases on the last step too.
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
//! A `#[hax_lib::lemma]` function (`fn l(x: T) -> Proof<{ statement }> {}`)
//! is a proof obligation of its own under hax, with no body to run. Its
//! run-time copy returns `()` and checks the statement for the arguments
//! it is called with, so that tests call a lemma on random and boundary
//! inputs as they call any function. A `requires` on a lemma is refused:
//! hax drops it, so the hypotheses go into the statement (`implies`).
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

/// The compile error for an attribute given arguments it does not take.
fn no_arguments(attr: TokenStream, name: &str) -> Option<TokenStream> {
    if attr.is_empty() {
        return None;
    }
    let message = format!("{name} takes no arguments");
    Some(
        syn::Error::new(Span::call_site(), message)
            .to_compile_error()
            .into(),
    )
}

/// Checks the function's hax contracts at run time (see the crate docs).
#[proc_macro_attribute]
pub fn checked(attr: TokenStream, item: TokenStream) -> TokenStream {
    if let Some(error) = no_arguments(attr, "#[checked]") {
        return error;
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
    if let Some(error) = no_arguments(attr, "#[predicate]") {
        return error;
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
    /// The invariant's condition as a `bool` expression, with its binder
    /// (`|i: usize|` of a `for` loop's invariant) if it has one.
    fn invariant_condition(
        &mut self,
        mac: &syn::Macro,
    ) -> syn::Result<(Option<Pat>, TokenStream2, String)> {
        let written: Expr = mac.parse_body()?;
        let source = text(&written);
        let (binder, mut cond) = match written {
            Expr::Closure(c) if c.inputs.len() == 1 => {
                (Some(c.inputs[0].clone()), (*c.body).clone())
            }
            other => (None, other),
        };
        self.prop.visit_expr_mut(&mut cond);
        Ok((binder, as_bool(&cond), source))
    }

    /// The invariant checked where the loop is entered or left, with the
    /// loop variable (if the invariant binds it) at `at`.
    fn invariant_at(
        &mut self,
        mac: &syn::Macro,
        at: Option<&Expr>,
        when: &str,
    ) -> syn::Result<Stmt> {
        let (binder, cond, source) = self.invariant_condition(mac)?;
        let (name, inputs) = (&self.name, &self.inputs);
        let kind = format!("loop_invariant ({when})");
        let bind = match (binder, at) {
            (Some(pat), Some(at)) => quote!(#[allow(unused_variables)] let #pat = #at;),
            _ => quote!(),
        };
        Ok(parse_quote! {
            if cfg!(feature = "check-contracts") {
                #bind
                if !#cond {
                    crate::contract::violated(#name, #kind, #source, #inputs);
                }
            }
        })
    }

    /// The measure checked before the loop (non-negative) or after it
    /// (non-negative, and below its value at the last iteration's start).
    fn measure_at(&mut self, mac: &syn::Macro, when: &str) -> syn::Result<Stmt> {
        let measure: Expr = mac.parse_body()?;
        let source = text(&measure);
        let (name, inputs) = (&self.name, &self.inputs);
        let kind = format!("loop_decreases ({when})");
        Ok(parse_quote! {
            if cfg!(feature = "check-contracts") {
                let __mldsa_now = (#measure) as i128;
                if __mldsa_now < 0 || __mldsa_measure.is_some_and(|before| __mldsa_now >= before) {
                    crate::contract::violated(#name, #kind, #source, #inputs);
                }
            }
        })
    }

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

impl LoopChecks {
    /// `while c { inv; measure; .. }` with the checks before and after it.
    fn wrap_while(
        &mut self,
        w: &syn::ExprWhile,
        invariant: Option<&syn::Macro>,
        measure: Option<&syn::Macro>,
    ) -> syn::Result<Expr> {
        let entry = invariant
            .map(|m| self.invariant_at(m, None, "before the loop"))
            .transpose()?;
        let exit = invariant
            .map(|m| self.invariant_at(m, None, "after the loop"))
            .transpose()?;
        let measure_entry = measure
            .map(|m| self.measure_at(m, "before the loop"))
            .transpose()?;
        let measure_exit = measure
            .map(|m| self.measure_at(m, "into the exit state"))
            .transpose()?;
        let declare = measure.map(|_| quote!(let mut __mldsa_measure: Option<i128> = None;));
        Ok(parse_quote!({
            #declare
            #entry
            #measure_entry
            #w
            #exit
            #measure_exit
        }))
    }

    /// `for i in a..b { inv; .. }` with the invariant at `i = a` before it and
    /// at `i = b` after it, as hax's `fold_range` states it.
    fn wrap_for(&mut self, f: &syn::ExprForLoop, invariant: &syn::Macro) -> syn::Result<Expr> {
        let Expr::Range(range) = &*f.expr else {
            return Err(syn::Error::new_spanned(
                &f.expr,
                "a loop with an invariant ranges over `a..b` (hax's fold_range)",
            ));
        };
        let (Some(start), Some(end), syn::RangeLimits::HalfOpen(_)) =
            (&range.start, &range.end, &range.limits)
        else {
            return Err(syn::Error::new_spanned(
                range,
                "a loop with an invariant ranges over `a..b` (hax's fold_range)",
            ));
        };
        let start_var: Expr = parse_quote!(__mldsa_start);
        let exit_at: Expr = parse_quote!(if __mldsa_start <= __mldsa_end {
            __mldsa_end
        } else {
            __mldsa_start
        });
        let entry = self.invariant_at(invariant, Some(&start_var), "before the loop")?;
        let exit = self.invariant_at(invariant, Some(&exit_at), "after the loop")?;
        let mut inner = f.clone();
        *inner.expr = parse_quote!(__mldsa_start..__mldsa_end);
        Ok(parse_quote!({
            #[allow(unused_parens)]
            let __mldsa_start = #start;
            #[allow(unused_parens)]
            let __mldsa_end = #end;
            #entry
            #inner
            #exit
        }))
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
        // The loop's own contracts, read before its body is rewritten.
        let body = match &*expr {
            Expr::While(w) => Some(&w.body),
            Expr::ForLoop(f) => Some(&f.body),
            _ => None,
        };
        let find = |name: &str| {
            body.and_then(|b| b.stmts.iter().find_map(|s| hax_macro(s, name)).cloned())
        };
        let invariant = find("loop_invariant");
        let measure = find("loop_decreases");
        visit_mut::visit_expr_mut(self, expr);
        let result = match &*expr {
            Expr::While(w) if invariant.is_some() || measure.is_some() => {
                self.wrap_while(w, invariant.as_ref(), measure.as_ref())
            }
            Expr::ForLoop(f) if invariant.is_some() => {
                self.wrap_for(f, invariant.as_ref().expect("checked above"))
            }
            _ => return,
        };
        match result {
            Ok(new) => *expr = new,
            Err(e) => {
                self.prop.error.get_or_insert(e);
            }
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

/// The statement of a lemma's `Proof<{ statement }>` return type.
fn proof_statement(output: &ReturnType) -> Option<Expr> {
    let ReturnType::Type(_, ty) = output else {
        return None;
    };
    let Type::Path(p) = &**ty else { return None };
    let segment = p.path.segments.last()?;
    if segment.ident != "Proof" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &segment.arguments else {
        return None;
    };
    match args.args.first()? {
        syn::GenericArgument::Const(e) => Some(e.clone()),
        _ => None,
    }
}

/// The run-time copy of a `#[checked]` lemma: the statement checked for the
/// given arguments.
fn checked_lemma(original: &ItemFn) -> syn::Result<ItemFn> {
    let mut f = original.clone();
    let name = f.sig.ident.to_string();
    let inputs = inputs_report(original);
    let Some(mut statement) = proof_statement(&f.sig.output) else {
        return Err(syn::Error::new_spanned(
            &f.sig.output,
            "a lemma returns `Proof<{ statement }>`",
        ));
    };
    // hax 0.3.7 drops a requires on a lemma without a word: the extracted
    // lemma would claim its statement for every input.
    if let Some(attr) = hax_attr(&f.attrs, "requires") {
        return Err(syn::Error::new_spanned(
            attr,
            "hax drops a requires on a lemma: state the hypotheses in the statement, \
             `Proof<{ hax_lib::implies(hypotheses, statement) }>`",
        ));
    }
    f.attrs
        .retain(|a| !is_hax(a.path(), "ensures") && !is_hax(a.path(), "lemma"));
    let mut prop = RuntimeProp::default();
    let source = text(&statement);
    prop.visit_expr_mut(&mut statement);
    let statement = as_bool(&statement);
    if let Some(e) = prop.error {
        return Err(e);
    }
    f.sig.output = ReturnType::Default;
    f.block = Box::new(parse_quote!({
        if cfg!(feature = "check-contracts") && !#statement {
            crate::contract::violated(#name, "lemma", #source, #inputs);
        }
    }));
    Ok(f)
}

/// The run-time copy of a `#[checked]` function.
fn checked_copy(original: &ItemFn) -> syn::Result<ItemFn> {
    if hax_attr(&original.attrs, "lemma").is_some() {
        return checked_lemma(original);
    }
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
