//! `chart <results.csv> <chart.svg> [title] [subtitle]`: the chart of a
//! results file (`mldsa_bench::results`: what `make bench` writes to
//! `target/bench/results.csv`) as SVG. `make bench` writes its own chart
//! (`target/bench/chart.svg`); this redraws one from any results file,
//! such as `bench/chart.csv`, the recorded run behind `bench/chart.svg`.

use std::process::ExitCode;

use mldsa_bench::{chart, results};

const DEFAULT_TITLE: &str =
    "Time per operation, microseconds (median over the rounds; lower is better)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (input, output, title, subtitle) = match &args[..] {
        [i, o] => (i, o, DEFAULT_TITLE, ""),
        [i, o, t] => (i, o, t.as_str(), ""),
        [i, o, t, s] => (i, o, t.as_str(), s.as_str()),
        _ => {
            eprintln!("usage: chart <results.csv> <chart.svg> [title] [subtitle]");
            return ExitCode::from(2);
        }
    };
    let rows = match std::fs::read_to_string(input)
        .map_err(|e| e.to_string())
        .and_then(|text| results::from_csv(&text))
    {
        Ok(rows) if !rows.is_empty() => rows,
        Ok(_) => {
            eprintln!("chart: {input}: no results");
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("chart: {input}: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = std::fs::write(output, chart::svg(&rows, title, subtitle)) {
        eprintln!("chart: {output}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
