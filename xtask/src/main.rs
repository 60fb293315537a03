//! `cargo run -q -p xtask -- <task> [args]`: developer tasks for the workspace.
//!
//! Tasks:
//!
//! * `hax-subset [PATH]...` checks that every `.rs` file under the given
//!   directories (or the given files; default `spec/src`) stays inside the
//!   Rust subset accepted by hax. Violations are printed as
//!   `path:line:col: rule-name: message`; the exit status is 0 when there
//!   are none, 1 when there are some, and 2 on usage or I/O errors.
//! * `obligations --fstar DIR --hax VERSION (--write FILE | --check FILE)`
//!   counts the contracts of `spec/src` and the refinements of hax's F*
//!   output in DIR (and DIR/interfaces), fails on any difference, and
//!   writes or checks DIR's inventory `OBLIGATIONS.md`
//!   ([`xtask::obligations`]). Exit status as for `hax-subset`.
//! * `fstar-names --lib DIR... --generated DIR INTERFACE...` checks that the
//!   hand-written F* interfaces name only modules and values that hax's
//!   libraries or the generated modules define ([`xtask::fstar_names`]).

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
        Some("obligations") => match obligations_task(&args[1..]) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::from(1),
            Err(message) => {
                eprintln!("obligations: {message}");
                ExitCode::from(2)
            }
        },
        Some("fstar-names") => match fstar_names_task(&args[1..]) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::from(1),
            Err(message) => {
                eprintln!("fstar-names: {message}");
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

/// `obligations`: `Ok(true)` when both sides agree (and, with `--check`,
/// the inventory is fresh).
fn obligations_task(args: &[String]) -> Result<bool, String> {
    use std::collections::BTreeMap;
    use xtask::obligations::{
        Inventory, compare, edge_tests, fstar_module, fstar_obligations, lemma_tests, render,
        rust_contracts,
    };
    let mut fstar_dir = None;
    let mut hax = None;
    let mut write = None;
    let mut check = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{a} takes a value"));
        match a.as_str() {
            "--fstar" => fstar_dir = Some(PathBuf::from(value()?)),
            "--hax" => hax = Some(value()?),
            "--write" => write = Some(PathBuf::from(value()?)),
            "--check" => check = Some(PathBuf::from(value()?)),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    let fstar_dir = fstar_dir.ok_or("--fstar DIR is required")?;
    let hax = hax.ok_or("--hax VERSION is required")?;
    let spec = default_root();

    let mut files = Vec::new();
    collect_rust_files(&spec, &mut files)?;
    let mut rust: Inventory = BTreeMap::new();
    let mut modules = BTreeMap::new();
    let mut fstar: Inventory = BTreeMap::new();
    for file in &files {
        let stem = file
            .file_stem()
            .and_then(|s| s.to_str())
            .ok_or("bad file name")?
            .to_string();
        if stem == "lib" {
            continue;
        }
        let src =
            fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let contracts =
            rust_contracts(&src).map_err(|e| format!("cannot parse {}: {e}", file.display()))?;
        // hax writes a module per Rust module; one it does not extract has
        // a hand-written interface instead.
        let module = fstar_module(&stem);
        let candidates = [
            (
                fstar_dir.join(format!("{module}.fst")),
                format!("{module}.fst"),
            ),
            (
                fstar_dir.join("interfaces").join(format!("{module}.fsti")),
                format!("interfaces/{module}.fsti"),
            ),
        ];
        let found = candidates.iter().find(|(p, _)| p.is_file());
        match found {
            Some((path, shown)) => {
                let text = fs::read_to_string(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                let defs = fstar_obligations(&text);
                fstar.insert(
                    stem.clone(),
                    defs.iter().map(|d| (d.name.clone(), d.counts())).collect(),
                );
                modules.insert(stem.clone(), (shown.clone(), defs));
            }
            None if contracts.is_empty() => {}
            None => {
                return Err(format!(
                    "no F* module for spec/src/{stem}.rs in {}",
                    fstar_dir.display()
                ));
            }
        }
        if !contracts.is_empty() {
            rust.insert(stem, contracts);
        }
    }
    // The requires-edge tests, and the tests that call each lemma.
    let tests_dir = spec.parent().map(|p| p.join("tests")).unwrap_or_default();
    let edges_file = tests_dir.join("requires_edges.rs");
    let edges_src = fs::read_to_string(&edges_file)
        .map_err(|e| format!("cannot read {}: {e}", edges_file.display()))?;
    let edges = edge_tests(&edges_src)
        .map_err(|e| format!("cannot parse {}: {e}", edges_file.display()))?;
    let mut lemma_by = BTreeMap::new();
    let mut test_files: Vec<PathBuf> = fs::read_dir(&tests_dir)
        .map_err(|e| format!("cannot read {}: {e}", tests_dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    test_files.sort();
    for file in &test_files {
        let src =
            fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let shown = format!(
            "spec/tests/{}",
            file.file_name().and_then(|n| n.to_str()).unwrap_or("")
        );
        lemma_tests(&shown, &src, &mut lemma_by)
            .map_err(|e| format!("cannot parse {}: {e}", file.display()))?;
    }
    let mut diffs = compare(&rust, &fstar);
    // Every admitted lemma is checked at run time by some test.
    for (stem, (_, defs)) in &modules {
        for d in defs.iter().filter(|d| d.admitted) {
            let name = xtask::obligations::rust_name(&d.name);
            if lemma_by
                .get(name)
                .is_none_or(|t: &Vec<String>| t.is_empty())
            {
                diffs.push(format!(
                    "{stem}::{name} is admitted and no test in spec/tests calls it"
                ));
            }
        }
    }
    // Every function with a requires has its edge test.
    for (m, fns) in &rust {
        for (n, c) in fns {
            if c.requires > 0 && !edges.contains_key(n) {
                diffs.push(format!(
                    "{m}::{n} has a requires and no test in spec/tests/requires_edges.rs"
                ));
            }
        }
    }
    for d in &diffs {
        eprintln!("obligations: differs: {d}");
    }
    let total = |inv: &Inventory| -> usize {
        inv.values()
            .flat_map(|m| m.values())
            .map(|c| c.total())
            .sum()
    };
    println!(
        "obligations: {} contracts in spec/src, {} refinements in the F* ({} modules)",
        total(&rust),
        total(&fstar),
        modules.len()
    );
    let text = render(&modules, &rust, &hax, &edges, &lemma_by);
    let mut ok = diffs.is_empty();
    if let Some(path) = write {
        fs::write(&path, &text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if let Some(path) = check {
        let committed = fs::read_to_string(&path).unwrap_or_default();
        if committed != text {
            eprintln!(
                "obligations: {} is stale: run `make extract` and commit it",
                path.display()
            );
            ok = false;
        }
    }
    Ok(ok)
}

/// Every `.fst` / `.fsti` under `dir`, by module name (both files of a
/// module joined).
fn fstar_modules(
    dir: &Path,
    out: &mut std::collections::BTreeMap<String, String>,
) -> Result<(), String> {
    let entries =
        fs::read_dir(dir).map_err(|e| format!("cannot read directory {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            fstar_modules(&path, out)?;
            continue;
        }
        let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
            continue;
        };
        if ext != "fst" && ext != "fsti" {
            continue;
        }
        let Some(module) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        let text = fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        out.entry(module.to_string()).or_default().push_str(&text);
    }
    Ok(())
}

/// `fstar-names`: `Ok(true)` when every interface names only what exists.
fn fstar_names_task(args: &[String]) -> Result<bool, String> {
    use std::collections::BTreeMap;
    let mut libs = BTreeMap::new();
    let mut generated = BTreeMap::new();
    let mut interfaces = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--lib" => fstar_modules(Path::new(it.next().ok_or("--lib takes a DIR")?), &mut libs)?,
            "--generated" => {
                let dir = it.next().ok_or("--generated takes a DIR")?;
                // The top-level modules only: interfaces/ is checked, not trusted.
                for entry in fs::read_dir(dir).map_err(|e| format!("cannot read {dir}: {e}"))? {
                    let path = entry.map_err(|e| e.to_string())?.path();
                    if path.extension().is_some_and(|e| e == "fst") {
                        let module = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
                        let text = fs::read_to_string(&path).map_err(|e| e.to_string())?;
                        generated.insert(module.to_string(), text);
                    }
                }
            }
            other => interfaces.push(PathBuf::from(other)),
        }
    }
    if libs.is_empty() || generated.is_empty() || interfaces.is_empty() {
        return Err("usage: fstar-names --lib DIR... --generated DIR INTERFACE...".into());
    }
    let mut all = libs.clone();
    all.extend(generated.iter().map(|(k, v)| (k.clone(), v.clone())));
    let mut problems = Vec::new();
    for path in &interfaces {
        let text =
            fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        all.insert(name.to_string(), text.clone());
        problems.extend(xtask::fstar_names::check_interface(
            name, &text, &all, &generated,
        ));
    }
    for p in &problems {
        eprintln!("fstar-names: {p}");
    }
    println!(
        "fstar-names: {} interface(s) against {} library and {} generated modules: {}",
        interfaces.len(),
        libs.len(),
        generated.len(),
        if problems.is_empty() {
            "every name exists".to_string()
        } else {
            format!("{} problem(s)", problems.len())
        }
    );
    Ok(problems.is_empty())
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
