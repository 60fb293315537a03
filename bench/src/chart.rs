//! The chart of `make bench` (SVG text, no dependency): one panel per
//! parameter set (rows) and operation (columns), in each a horizontal bar
//! per implementation with its time written beside it. Each panel has its
//! own linear scale, from zero to its slowest implementation, so that the
//! implementations of one cell compare by length; across panels, read the
//! numbers.

use std::fmt::Write;

use crate::table::{Row, fmt_value};
use crate::{Impl, Op, Param};

const MARGIN: u32 = 16;
const LABEL_W: u32 = 104;
const BAR_W: u32 = 176;
const VALUE_W: u32 = 44;
const PANEL_W: u32 = LABEL_W + BAR_W + VALUE_W;
const GAP: u32 = 14;
const PANEL_TITLE_H: u32 = 22;
const ROW_H: u32 = 15;
const BAR_H: u32 = 11;
const HEADER_H: u32 = 52;

/// The fill of an implementation's bars: blues for mldsa's backends, other
/// hues for the peers, light grey for the Keccak-only reference.
fn color(imp: Impl) -> &'static str {
    match imp {
        Impl::Mldsa => "#1b4f9c",
        Impl::MldsaAvx2 => "#3d7fd6",
        Impl::MldsaPortable => "#8ab4ea",
        Impl::LibcruxPortable => "#f2b179",
        Impl::LibcruxAvx2 => "#d9741c",
        Impl::RustCrypto => "#8c6bb1",
        Impl::Fips204 => "#c2aee0",
        Impl::PqcleanClean => "#93d193",
        Impl::PqcleanAvx2 => "#2e8b57",
        Impl::AwsLc => "#c0392b",
        Impl::KeccakOnly => "#d4d4d4",
    }
}

/// `s` with the characters XML gives a meaning escaped.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// The chart of `rows` (times in microseconds, lower is better) as an SVG
/// document, with `title` and `subtitle` above the panels. Parameter sets,
/// operations and implementations appear in their `ALL` order, those with no
/// value in `rows` left out; an implementation with no value in one cell
/// shows a dash there.
pub fn svg(rows: &[Row], title: &str, subtitle: &str) -> String {
    let has = |p: Param, o: Op| rows.iter().any(|r| r.param == p && r.op == o);
    let params: Vec<Param> = Param::ALL
        .into_iter()
        .filter(|&p| Op::ALL.into_iter().any(|o| has(p, o)))
        .collect();
    let ops: Vec<Op> = Op::ALL
        .into_iter()
        .filter(|&o| Param::ALL.into_iter().any(|p| has(p, o)))
        .collect();
    let impls: Vec<Impl> = Impl::ALL
        .into_iter()
        .filter(|&i| rows.iter().any(|r| r.values.iter().any(|(j, _)| *j == i)))
        .collect();

    let cols = ops.len().max(1) as u32;
    let panel_h = PANEL_TITLE_H + impls.len() as u32 * ROW_H + 8;
    let width = 2 * MARGIN + cols * PANEL_W + (cols - 1) * GAP;
    let height = HEADER_H + params.len() as u32 * (panel_h + GAP) + MARGIN;

    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"11\">"
    );
    let _ = writeln!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    let _ = writeln!(
        out,
        "<text x=\"{MARGIN}\" y=\"24\" font-size=\"15\" font-weight=\"bold\">{}</text>",
        escape(title)
    );
    if !subtitle.is_empty() {
        let _ = writeln!(
            out,
            "<text x=\"{MARGIN}\" y=\"42\" fill=\"#555555\">{}</text>",
            escape(subtitle)
        );
    }

    for (pi, &param) in params.iter().enumerate() {
        for (oi, &op) in ops.iter().enumerate() {
            let x = MARGIN + oi as u32 * (PANEL_W + GAP);
            let y = HEADER_H + pi as u32 * (panel_h + GAP);
            let row = rows.iter().find(|r| r.param == param && r.op == op);
            let value = |imp: Impl| {
                row.and_then(|r| r.values.iter().find(|(i, _)| *i == imp))
                    .map(|&(_, v)| v)
            };
            let max = impls
                .iter()
                .filter_map(|&i| value(i))
                .fold(0.0f64, f64::max);
            let _ = writeln!(
                out,
                "<g><rect x=\"{x}\" y=\"{y}\" width=\"{PANEL_W}\" height=\"{panel_h}\" \
                 fill=\"#f8f8f8\" stroke=\"#dddddd\"/>"
            );
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{} {} (µs)</text>",
                x + 6,
                y + 15,
                param.name(),
                op.name()
            );
            for (k, &imp) in impls.iter().enumerate() {
                let top = y + PANEL_TITLE_H + k as u32 * ROW_H;
                let base = top + BAR_H - 2;
                let weight = if imp == Impl::Mldsa {
                    " font-weight=\"bold\""
                } else {
                    ""
                };
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{base}\" text-anchor=\"end\"{weight}>{}</text>",
                    x + LABEL_W - 6,
                    escape(imp.name())
                );
                let bar_x = x + LABEL_W;
                match value(imp) {
                    Some(v) if max > 0.0 => {
                        let w = (v / max * f64::from(BAR_W)).max(1.0);
                        let _ = writeln!(
                            out,
                            "<rect x=\"{bar_x}\" y=\"{top}\" width=\"{w:.1}\" \
                             height=\"{BAR_H}\" fill=\"{}\"><title>{} {} {}: {} µs</title></rect>",
                            color(imp),
                            escape(imp.name()),
                            param.name(),
                            op.name(),
                            fmt_value(v)
                        );
                        let _ = writeln!(
                            out,
                            "<text x=\"{:.1}\" y=\"{base}\"{weight}>{}</text>",
                            f64::from(bar_x) + w + 3.0,
                            fmt_value(v)
                        );
                    }
                    _ => {
                        let _ = writeln!(
                            out,
                            "<text x=\"{}\" y=\"{base}\" fill=\"#999999\">-</text>",
                            bar_x + 3
                        );
                    }
                }
            }
            let _ = writeln!(out, "</g>");
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows() -> Vec<Row> {
        vec![
            Row {
                param: Param::P44,
                op: Op::Keygen,
                values: vec![(Impl::Mldsa, 10.0), (Impl::PqcleanAvx2, 20.0)],
            },
            Row {
                param: Param::P65,
                op: Op::Verify,
                values: vec![(Impl::Mldsa, 30.0), (Impl::AwsLc, 3.0)],
            },
        ]
    }

    #[test]
    fn one_bar_per_value_scaled_per_panel() {
        let s = svg(&rows(), "t <&>", "s");
        // Four values, four bars, each with its tooltip; the panel's
        // slowest spans the whole bar width, the others in proportion.
        assert_eq!(s.matches("<title>").count(), 4);
        assert!(s.contains(&format!("width=\"{:.1}\"", f64::from(BAR_W))));
        assert!(s.contains(&format!("width=\"{:.1}\"", f64::from(BAR_W) / 2.0)));
        assert!(s.contains(&format!("width=\"{:.1}\"", f64::from(BAR_W) / 10.0)));
        // Two parameter sets by two operations: four panels, and a dash for
        // each of the three implementations each panel lacks a value of.
        assert_eq!(s.matches("<g>").count(), 4);
        assert_eq!(s.matches(">-</text>").count(), 4 * 3 - 4);
        assert!(s.contains("t &lt;&amp;&gt;"));
        assert!(s.starts_with("<svg ") && s.ends_with("</svg>\n"));
        assert_eq!(s.matches("<g>").count(), s.matches("</g>").count());
    }
}
