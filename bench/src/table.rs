//! The side-by-side tables (Markdown) that `make bench` and
//! `make bench-instructions` print: one of values, one of ratios.

use std::fmt::Write;

use crate::{Impl, Op, Param};

/// One cell of the comparison: a parameter set and an operation, with the
/// value of each implementation that has one (a lower value is better).
#[derive(Clone, Debug)]
pub struct Row {
    /// The parameter set.
    pub param: Param,
    /// The operation.
    pub op: Op,
    /// The value per implementation.
    pub values: Vec<(Impl, f64)>,
}

impl Row {
    fn get(&self, imp: Impl) -> Option<f64> {
        self.values.iter().find(|(i, _)| *i == imp).map(|&(_, v)| v)
    }

    /// The lowest value among the peers (every implementation but mldsa's;
    /// the Keccak-only reference is not one).
    pub fn best_peer(&self) -> Option<(Impl, f64)> {
        self.best_of(Impl::is_peer)
    }

    /// The lowest value among the portable peers (no SIMD code).
    pub fn best_portable_peer(&self) -> Option<(Impl, f64)> {
        self.best_of(Impl::is_portable_peer)
    }

    fn best_of(&self, keep: impl Fn(Impl) -> bool) -> Option<(Impl, f64)> {
        self.values
            .iter()
            .filter(|(i, _)| keep(*i))
            .copied()
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }
}

/// Puts the peers' `sign` values into the `sign-pre` row of the same
/// parameter set, where they have none: a peer has one form of signing key,
/// measured once, and the precomputed key's sign is compared with it.
pub fn fill_sign_pre(rows: &mut [Row]) {
    let signs: Vec<Row> = rows.iter().filter(|r| r.op == Op::Sign).cloned().collect();
    for r in rows.iter_mut().filter(|r| r.op == Op::SignPrecomputed) {
        let Some(sign) = signs.iter().find(|s| s.param == r.param) else {
            continue;
        };
        for &(imp, v) in &sign.values {
            if imp.is_peer() && r.get(imp).is_none() {
                r.values.push((imp, v));
            }
        }
    }
}

/// Three significant digits at least, no exponent: 0.123, 12.3, 1234.
pub fn fmt_value(v: f64) -> String {
    if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else if v >= 1.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    }
}

/// Thousands of instructions with a thousands separator: 1,234.5k.
pub fn fmt_kilo(v: f64) -> String {
    let k = v / 1000.0;
    let whole = k.trunc() as u64;
    let tenth = ((k - k.trunc()) * 10.0).round() as u64;
    let (whole, tenth) = if tenth == 10 {
        (whole + 1, 0)
    } else {
        (whole, tenth)
    };
    let digits = whole.to_string();
    let mut out = String::new();
    for (n, c) in digits.chars().enumerate() {
        if n > 0 && (digits.len() - n) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    format!("{out}.{tenth}k")
}

/// A table's header and rule rows: param set, op, then each of `columns`
/// with its rule cell (`---:` right-aligned, `---` left).
fn header(columns: &[(&str, &str)]) -> String {
    let mut header = String::from("| param set | op |");
    let mut rule = String::from("|---|---|");
    for (name, cell) in columns {
        let _ = write!(header, " {name} |");
        let _ = write!(rule, "{cell}|");
    }
    format!("{header}\n{rule}")
}

/// Prints the two tables: the values (`unit` names them, `fmt` formats them)
/// with the best peer, then mldsa / peer for each peer and mldsa / best peer
/// (and, where they were measured, mldsa-avx2 / the best peer, mldsa-portable
/// / the best portable peer, and mldsa / the Keccak-only reference). A ratio
/// above 1 means mldsa is slower (or runs more instructions).
pub fn render(title: &str, unit: &str, fmt: fn(f64) -> String, rows: &[Row]) -> String {
    let impls: Vec<Impl> = Impl::ALL
        .into_iter()
        .filter(|i| rows.iter().any(|r| r.get(*i).is_some()))
        .collect();
    let peers: Vec<Impl> = impls.iter().copied().filter(|i| i.is_peer()).collect();
    let with_avx2 = impls.contains(&Impl::MldsaAvx2);
    let with_portable = impls.contains(&Impl::MldsaPortable);
    let with_keccak = impls.contains(&Impl::KeccakOnly);
    let mut out = String::new();

    let _ = writeln!(out, "### {title}: {unit}\n");
    let mut columns: Vec<(&str, &str)> = impls.iter().map(|i| (i.name(), "---:")).collect();
    columns.push(("best peer", "---"));
    let _ = writeln!(out, "{}", header(&columns));
    for r in rows {
        let mut line = format!("| {} | {} |", r.param.name(), r.op.name());
        for i in &impls {
            let _ = write!(
                line,
                " {} |",
                r.get(*i).map(fmt).unwrap_or_else(|| "-".into())
            );
        }
        match r.best_peer() {
            Some((i, _)) => {
                let _ = write!(line, " {} |", i.name());
            }
            None => line.push_str(" - |"),
        }
        let _ = writeln!(out, "{line}");
    }

    let _ = writeln!(out, "\n### {title}: mldsa / peer (above 1: mldsa slower)\n");
    let mut columns: Vec<&str> = peers.iter().map(|i| i.name()).collect();
    columns.push("**mldsa / best peer**");
    for (shown, column) in [
        (with_avx2, "**mldsa-avx2 / best peer**"),
        (with_portable, "mldsa-portable / best portable peer"),
        (with_keccak, "mldsa / keccak-only"),
    ] {
        if shown {
            columns.push(column);
        }
    }
    let columns: Vec<(&str, &str)> = columns.into_iter().map(|c| (c, "---:")).collect();
    let _ = writeln!(out, "{}", header(&columns));
    let ratio = |mine: Option<f64>, peer: Option<f64>| match (mine, peer) {
        (Some(m), Some(p)) if p > 0.0 => format!("{:.2}", m / p),
        _ => "-".into(),
    };
    for r in rows {
        let mine = r.get(Impl::Mldsa);
        let mut line = format!("| {} | {} |", r.param.name(), r.op.name());
        for i in &peers {
            let _ = write!(line, " {} |", ratio(mine, r.get(*i)));
        }
        let _ = write!(
            line,
            " **{}** |",
            ratio(mine, r.best_peer().map(|(_, v)| v))
        );
        if with_avx2 {
            let _ = write!(
                line,
                " **{}** |",
                ratio(r.get(Impl::MldsaAvx2), r.best_peer().map(|(_, v)| v))
            );
        }
        if with_portable {
            let best = r.best_portable_peer();
            let _ = write!(
                line,
                " {} ({}) |",
                ratio(r.get(Impl::MldsaPortable), best.map(|(_, v)| v)),
                best.map_or("-", |(i, _)| i.name())
            );
        }
        if with_keccak {
            let _ = write!(line, " {} |", ratio(mine, r.get(Impl::KeccakOnly)));
        }
        let _ = writeln!(out, "{line}");
    }
    out
}

/// The descriptions of the implementations in `rows` (and of those this CPU
/// does not run), one Markdown bullet each.
pub fn legend(rows: &[Row]) -> String {
    let mut out = String::new();
    let shown = |i: &Impl| !i.available() || rows.iter().any(|r| r.get(*i).is_some());
    for i in Impl::ALL.into_iter().filter(shown) {
        let note = if i.available() {
            ""
        } else {
            " (not run: no AVX2 on this CPU)"
        };
        let _ = writeln!(out, "- `{}`: {}{}", i.name(), i.description(), note);
    }
    out
}
