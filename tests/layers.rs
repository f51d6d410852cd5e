//! The crate's layers, checked. Each top-level module of `src/` may name only the modules
//! its row allows, so the graph of top-level modules has no cycle and the rules stay
//! pure: `domain` names nothing of the crate but itself, `store` only `domain`. A
//! wrong-way `crate::…` path in code (comments aside) fails with its file and line.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// What each top-level module may name. Listed bottom-up: a module names only modules above
/// it in this list, which is what keeps the graph free of cycles.
const LAYERS: &[(&str, &[&str])] = &[
    ("domain", &[]),
    ("faults", &[]),
    ("config", &[]),
    ("telemetry", &[]),
    ("metrics", &[]),
    ("auth", &["domain"]),
    ("store", &["domain", "metrics"]),
    ("views", &["domain"]),
    ("actors", &["domain", "store", "metrics"]),
    ("webhooks", &["domain", "store", "auth", "config", "views", "metrics"]),
    ("emails", &["domain", "store", "auth", "config", "faults"]),
    ("mcp", &[]),
    (
        "http",
        &["domain", "store", "auth", "config", "views", "actors", "webhooks", "emails", "faults", "metrics", "mcp"],
    ),
    (
        "startup",
        &[
            "domain",
            "store",
            "auth",
            "config",
            "views",
            "actors",
            "webhooks",
            "emails",
            "faults",
            "http",
            "telemetry",
            "metrics",
            "mcp",
        ],
    ),
];

#[path = "common/source_files.rs"]
mod source_files;
use source_files::rust_files;

/// The top-level module a file of `src/` belongs to (`None` for the crate roots).
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src).ok()?;
    let first = relative.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (!matches!(name, "lib" | "main")).then(|| name.to_owned())
}

/// Every `crate::<module>` named in a line of code.
fn named_modules(line: &str) -> Vec<String> {
    let code = line.trim_start();
    if code.starts_with("//") {
        return Vec::new();
    }
    let mut names = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        if !name.is_empty() {
            names.push(name);
        }
    }
    names
}

#[test]
fn every_module_names_only_the_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let allowed: BTreeMap<&str, BTreeSet<&str>> =
        LAYERS.iter().map(|(module, uses)| (*module, uses.iter().copied().collect())).collect();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    let mut seen_modules = BTreeSet::new();
    for file in &files {
        let Some(module) = module_of(&src, file) else { continue };
        seen_modules.insert(module.clone());
        let Some(may_use) = allowed.get(module.as_str()) else {
            wrong.push(format!("{}: module `{module}` has no row in LAYERS", file.display()));
            continue;
        };
        let text = std::fs::read_to_string(file).expect("read a source file");
        for (number, line) in text.lines().enumerate() {
            for used in named_modules(line) {
                if used != module && !may_use.contains(used.as_str()) {
                    wrong.push(format!("{}:{}: `{module}` names `crate::{used}`", file.display(), number + 1));
                }
            }
        }
    }
    assert!(seen_modules.contains("domain") && seen_modules.contains("http"), "walked {}", src.display());
    assert!(wrong.is_empty(), "wrong-way dependencies:\n{}", wrong.join("\n"));
}

/// Where sled may be named: its backend module, and the storage module that opens it.
fn may_name_sled(src: &Path, file: &Path) -> bool {
    file.starts_with(src.join("store").join("sled")) || file == src.join("store").join("mod.rs")
}

#[test]
fn nothing_outside_the_sled_backend_names_sled() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    for file in files.iter().filter(|f| !may_name_sled(&src, f)) {
        let text = std::fs::read_to_string(file).expect("read a source file");
        for (number, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if !code.starts_with("//") && (code.contains("sled::") || code.contains("SledStore")) {
                wrong.push(format!("{}:{}: {}", file.display(), number + 1, code));
            }
        }
    }
    assert!(files.len() > 50, "walked {}", src.display());
    assert!(wrong.is_empty(), "sled named outside src/store/sled:\n{}", wrong.join("\n"));
}

/// Files stay small enough to read in one go: a file of `src/` over this many lines must say
/// why in its first lines (a line with "over 500 lines").
const MAX_LINES: usize = 500;

#[test]
fn no_source_file_is_over_500_lines_without_saying_why() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut long = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read a source file");
        let lines = text.lines().count();
        let says_why = text.lines().take(10).any(|l| l.contains("over 500 lines"));
        if lines > MAX_LINES && !says_why {
            long.push(format!("{}: {lines} lines", file.display()));
        }
    }
    assert!(
        long.is_empty(),
        "split these files, or say in their first lines why they are over 500 lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_layer_table_itself_has_no_cycle() {
    for (index, (module, uses)) in LAYERS.iter().enumerate() {
        let below: BTreeSet<&str> = LAYERS[..index].iter().map(|(m, _)| *m).collect();
        for used in *uses {
            assert!(below.contains(used), "`{module}` may name `{used}`, which is not listed before it");
        }
    }
}

#[test]
fn a_comment_is_not_a_dependency_but_code_is() {
    assert!(named_modules("    //! the dispatcher (`crate::webhooks`) sends").is_empty());
    assert_eq!(named_modules("use crate::store::{Store, StoreError};"), ["store"]);
    assert_eq!(named_modules("let x = crate::http::views::a(crate::domain::now());"), ["http", "domain"]);
}
