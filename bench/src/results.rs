//! The machine-readable results of `make bench`: one CSV line per
//! implementation, parameter set and operation, which `benches/compare.rs`
//! writes next to its tables and the chart ([`crate::chart`]) reads.
//!
//! ```text
//! param,op,impl,microseconds
//! ML-DSA-44,keygen,mldsa,12.3
//! ```

use std::fmt::Write;

use crate::table::Row;
use crate::{Impl, Op, Param};

/// The header line.
pub const HEADER: &str = "param,op,impl,microseconds";

/// The rows as CSV, the header first, in the order of `rows` and of each
/// row's values.
pub fn to_csv(rows: &[Row]) -> String {
    let mut out = format!("{HEADER}\n");
    for r in rows {
        for &(imp, v) in &r.values {
            let _ = writeln!(out, "{},{},{},{v}", r.param.name(), r.op.name(), imp.name());
        }
    }
    out
}

/// Parses what [`to_csv`] writes (the header is optional; blank lines are
/// skipped). The rows come out in parameter set and operation order; a
/// value given twice for one cell and implementation is an error.
pub fn from_csv(text: &str) -> Result<Vec<Row>, String> {
    let mut rows: Vec<Row> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || (n == 0 && line == HEADER) {
            continue;
        }
        let bad = |why: &str| format!("line {}: {why}: {line:?}", n + 1);
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let [param, op, imp, value] = fields[..] else {
            return Err(bad("expected 4 fields"));
        };
        let param = Param::parse(param).ok_or_else(|| bad("unknown parameter set"))?;
        let op = Op::parse(op).ok_or_else(|| bad("unknown operation"))?;
        let imp = Impl::parse(imp).ok_or_else(|| bad("unknown implementation"))?;
        let value: f64 = value.parse().map_err(|_| bad("not a number"))?;
        if !(value.is_finite() && value > 0.0) {
            return Err(bad("not a positive time"));
        }
        match rows.iter_mut().find(|r| r.param == param && r.op == op) {
            Some(r) if r.values.iter().any(|(i, _)| *i == imp) => {
                return Err(bad("a second value for this cell"));
            }
            Some(r) => r.values.push((imp, value)),
            None => rows.push(Row {
                param,
                op,
                values: vec![(imp, value)],
            }),
        }
    }
    rows.sort_by_key(|r| {
        (
            Param::ALL.iter().position(|p| *p == r.param),
            Op::ALL.iter().position(|o| *o == r.op),
        )
    });
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let rows = vec![
            Row {
                param: Param::P44,
                op: Op::Keygen,
                values: vec![(Impl::Mldsa, 12.3), (Impl::PqcleanAvx2, 19.25)],
            },
            Row {
                param: Param::P87,
                op: Op::Verify,
                values: vec![(Impl::RustCrypto, 349.0)],
            },
        ];
        let back = from_csv(&to_csv(&rows)).unwrap();
        assert_eq!(back.len(), 2);
        for (a, b) in rows.iter().zip(&back) {
            assert_eq!((a.param, a.op), (b.param, b.op));
            assert_eq!(a.values, b.values);
        }
    }

    #[test]
    fn sorted_and_checked() {
        let rows = from_csv("ML-DSA-65,verify,mldsa,2\n44,sign,fips204,3\n").unwrap();
        assert_eq!((rows[0].param, rows[0].op), (Param::P44, Op::Sign));
        assert_eq!((rows[1].param, rows[1].op), (Param::P65, Op::Verify));
        for bad in [
            "ML-DSA-44,keygen,mldsa\n",
            "ML-DSA-45,keygen,mldsa,1\n",
            "ML-DSA-44,keys,mldsa,1\n",
            "ML-DSA-44,keygen,nobody,1\n",
            "ML-DSA-44,keygen,mldsa,fast\n",
            "ML-DSA-44,keygen,mldsa,0\n",
            "ML-DSA-44,keygen,mldsa,1\nML-DSA-44,keygen,mldsa,2\n",
        ] {
            assert!(from_csv(bad).is_err(), "{bad:?} accepted");
        }
    }
}
