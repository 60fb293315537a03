//! Do the hand-written F* interfaces name only what exists?
//!
//! F* cannot run here, so nothing type-checks `fstar-extract/interfaces/`.
//! This check reads them as text against the modules they may use: hax's F*
//! libraries (the bundle's `proof-libs/fstar` and `Hax_lib.*`) and the
//! modules hax generated. It reports
//!
//! * an `open` / `include` of a module that is in none of them (F*'s own
//!   `FStar.*` and `Prims` are taken as given);
//! * a qualified name `A.B.x` whose module `A.B` does not define `x`;
//! * an unqualified type or integer name (`t_Slice`, `usize`, ...) that the
//!   interface neither declares nor reaches through its `open`s (and their
//!   `include`s);
//! * a name of the interface's module that a generated module uses
//!   (`Mldsa_spec.Hash.h_squeeze`) but the interface does not declare.
//!
//! It is a name check, not a type check.

use std::collections::{BTreeMap, BTreeSet};

/// F* source text by module name.
pub type Modules = BTreeMap<String, String>;

fn is_std(module: &str) -> bool {
    module == "Prims" || module.starts_with("FStar.")
}

/// The names a module defines at top level (`let`, `val`, `type`, `class`,
/// `assume val`, `unfold let`, ...), and the constructors of its types.
pub fn definitions(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let mut words = line.split_whitespace().peekable();
        // Qualifiers before the keyword.
        while let Some(w) = words.peek() {
            if [
                "assume",
                "unfold",
                "inline_for_extraction",
                "noextract",
                "private",
                "irreducible",
                "noeq",
                "rec",
                "[@@",
                "new",
            ]
            .contains(w)
            {
                words.next();
            } else {
                break;
            }
        }
        let starts_at_column_0 = !line.starts_with(' ');
        match words.next() {
            Some("let" | "val" | "type" | "class" | "and" | "instance") if starts_at_column_0 => {
                let mut name = words.next().unwrap_or("");
                if name == "rec" {
                    name = words.next().unwrap_or("");
                }
                let name = name
                    .trim_start_matches('(')
                    .split([':', '(', ' '])
                    .next()
                    .unwrap_or("")
                    .trim_end_matches('\'');
                if !name.is_empty() {
                    out.insert(name.to_string());
                }
            }
            // `| Ctor : ..` or `| Ctor` lines of a type.
            Some("|") => {
                if let Some(c) = words.next() {
                    let c = c.trim_end_matches(':');
                    if c.chars().next().is_some_and(|ch| ch.is_ascii_uppercase()) {
                        out.insert(c.to_string());
                    }
                }
            }
            _ => {}
        }
        // Record fields `{ f_x: t; .. }` and typeclass methods.
        for piece in line.split(['{', ';']) {
            let piece = piece.trim();
            if let Some((field, _)) = piece.split_once(':') {
                let field = field.trim();
                if field.starts_with("f_") && field.chars().all(|c| c.is_alphanumeric() || c == '_')
                {
                    out.insert(field.to_string());
                }
            }
        }
    }
    out
}

/// `open X` and `include X` lines.
fn imports(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            match (w.next(), w.next()) {
                (Some(k @ ("open" | "include")), Some(m)) => Some((k.to_string(), m.to_string())),
                _ => None,
            }
        })
        .collect()
}

/// Text with comments `(* .. *)` and string literals removed.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut depth = 0;
    while i < b.len() {
        if i + 1 < b.len() && b[i] == b'(' && b[i + 1] == b'*' {
            depth += 1;
            i += 2;
        } else if depth > 0 && i + 1 < b.len() && b[i] == b'*' && b[i + 1] == b')' {
            depth -= 1;
            i += 2;
        } else if depth > 0 {
            i += 1;
        } else if b[i] == b'/' && i + 1 < b.len() && b[i + 1] == b'/' {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// Every dotted or plain identifier in the code.
fn identifiers(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in code.chars().chain(std::iter::once(' ')) {
        if c.is_alphanumeric() || c == '_' || c == '.' || c == '\'' {
            cur.push(c);
        } else {
            let t = cur.trim_matches('.').to_string();
            if !t.is_empty() && !t.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                out.push(t);
            }
            cur.clear();
        }
    }
    out
}

/// The definitions reachable from `module` through `include`s.
fn reachable(module: &str, libs: &Modules, seen: &mut BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    if !seen.insert(module.to_string()) {
        return out;
    }
    if let Some(text) = libs.get(module) {
        out.extend(definitions(text));
        for (kind, m) in imports(text) {
            if kind == "include" {
                out.extend(reachable(&m, libs, seen));
            }
        }
    }
    out
}

const SCALARS: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
];

/// Problems with `interface` (module `name`), given every module it may use
/// (`libs`, the generated modules included) and the generated modules.
pub fn check_interface(
    name: &str,
    interface: &str,
    libs: &Modules,
    generated: &Modules,
) -> Vec<String> {
    let mut problems = Vec::new();
    let own = definitions(interface);
    let mut visible = own.clone();
    for (_, m) in imports(interface) {
        if is_std(&m) {
            continue;
        }
        if !libs.contains_key(&m) {
            problems.push(format!(
                "{name}: opens `{m}`, a module in none of hax's libraries"
            ));
            continue;
        }
        visible.extend(reachable(&m, libs, &mut BTreeSet::new()));
    }
    let code: String = code_only(interface)
        .lines()
        .filter(|l| {
            !["module ", "open ", "include "]
                .iter()
                .any(|k| l.starts_with(k))
        })
        .collect::<Vec<_>>()
        .join("\n");
    for ident in identifiers(&code) {
        if let Some((module, value)) = ident.rsplit_once('.') {
            if is_std(module) || module.split('.').next().is_some_and(|m| m == "FStar") {
                continue;
            }
            // `x.f` field access on a lower-case binder is not a module path.
            if !module
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_uppercase())
            {
                continue;
            }
            match libs.get(module) {
                None => problems.push(format!("{name}: `{ident}`: no module `{module}`")),
                Some(text) => {
                    let defs = reachable(module, libs, &mut BTreeSet::new());
                    if !defs.contains(value) && !definitions(text).contains(value) {
                        problems.push(format!(
                            "{name}: `{ident}`: `{module}` defines no `{value}`"
                        ));
                    }
                }
            }
        } else if (ident.starts_with("t_") || SCALARS.contains(&ident.as_str()))
            && !visible.contains(&ident)
        {
            problems.push(format!(
                "{name}: `{ident}` is neither declared here nor in an opened module"
            ));
        }
    }
    // What the generated modules take from this one.
    for (g, text) in generated {
        for ident in identifiers(&code_only(text)) {
            if let Some(value) = ident
                .strip_prefix(name)
                .and_then(|rest| rest.strip_prefix('.'))
                && !value.contains('.')
                && !own.contains(value)
            {
                problems.push(format!(
                    "{name}: {g} uses `{ident}`, which it does not declare"
                ));
            }
        }
    }
    problems.sort();
    problems.dedup();
    problems
}
