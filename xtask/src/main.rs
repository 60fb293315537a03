//! `cargo run -q -p xtask -- <task> [args]`: developer tasks for the workspace.
//!
//! Tasks:
//!
//! * `hax-subset [PATH]...` checks that every `.rs` file under the given
//!   directories (or the given files; default `spec/src`) stays inside the
//!   Rust subset accepted by hax. Violations are printed as
//!   `path:line:col: rule-name: message`; the exit status is 0 when there
//!   are none, 1 when there are some, and 2 on usage or I/O errors.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use xtask::hax_subset::{self, all_rules};

const USAGE: &str = "\
usage: cargo run -q -p xtask -- hax-subset [PATH]...

Checks that every .rs file under each PATH (default: spec/src) stays inside
the Rust subset accepted by the hax extractor. Violations are printed as
`path:line:col: rule-name: message`. Exit status: 0 = clean,
1 = violations found, 2 = usage or I/O error.

Tests (#[cfg(test)] items and #[test] functions) are skipped.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("hax-subset") => match hax_subset_task(&args[1..]) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::from(1),
            Err(message) => {
                eprintln!("hax-subset: {message}");
                ExitCode::from(2)
            }
        },
        Some("-h" | "--help" | "help") => {
            print_usage();
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("xtask: unknown task `{other}`\n");
            print_usage();
            ExitCode::from(2)
        }
        None => {
            print_usage();
            ExitCode::from(2)
        }
    }
}

fn print_usage() {
    eprintln!("{USAGE}\n\nRules:");
    for (name, summary) in all_rules() {
        eprintln!("  {name:<22} {summary}");
    }
}

/// Runs the check; `Ok(true)` when no violation was found.
fn hax_subset_task(args: &[String]) -> Result<bool, String> {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        print_usage();
        return Ok(true);
    }
    if let Some(flag) = args.iter().find(|a| a.starts_with('-')) {
        return Err(format!("unknown option `{flag}` (try --help)"));
    }
    let roots: Vec<PathBuf> = if args.is_empty() {
        vec![default_root()]
    } else {
        args.iter().map(PathBuf::from).collect()
    };

    let mut files = Vec::new();
    for root in &roots {
        collect_rust_files(root, &mut files)?;
    }

    let mut total = 0usize;
    let mut dirty_files = 0usize;
    for file in &files {
        let src =
            fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let violations = hax_subset::check_source(&src);
        if !violations.is_empty() {
            dirty_files += 1;
        }
        for v in &violations {
            println!(
                "{}:{}:{}: {}: {}",
                file.display(),
                v.line,
                v.column,
                v.rule,
                v.message
            );
        }
        total += violations.len();
    }

    if total == 0 {
        println!("hax-subset: {} files checked, no violations", files.len());
        Ok(true)
    } else {
        eprintln!(
            "hax-subset: {total} violations in {dirty_files} of {} files checked",
            files.len()
        );
        Ok(false)
    }
}

/// `spec/src` relative to the current directory if it exists there (the
/// usual case: running from the workspace root), else relative to the
/// workspace root this binary was built from.
fn default_root() -> PathBuf {
    let relative = PathBuf::from("spec/src");
    if relative.is_dir() {
        return relative;
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or(relative.clone(), |workspace| workspace.join(&relative))
}

/// Appends every `.rs` file under `path` (or `path` itself if it is a
/// file), in sorted order. Hidden directories and `target` are skipped.
fn collect_rust_files(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let meta = fs::metadata(path).map_err(|e| format!("cannot access {}: {e}", path.display()))?;
    if meta.is_file() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    let entries =
        fs::read_dir(path).map_err(|e| format!("cannot read directory {}: {e}", path.display()))?;
    let mut children = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read directory {}: {e}", path.display()))?;
        children.push(entry.path());
    }
    children.sort();
    for child in children {
        let name = child.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if child.is_dir() {
            if !name.starts_with('.') && name != "target" {
                collect_rust_files(&child, out)?;
            }
        } else if child.extension().is_some_and(|ext| ext == "rs") {
            out.push(child);
        }
    }
    Ok(())
}
