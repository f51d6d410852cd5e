//! No import cycle between the files of one folder of `src/`. `tests/layers.rs` keeps the
//! top-level modules in layers; inside a folder, two files that name each other (directly or
//! round a ring) can be read, changed and tested only together, so such rings are refused
//! too. A file names a sibling with a `crate::…`, `super::…` or `self::…` path in its code
//! (comments aside); a folder module (`engine.rs` with `engine/`, or `engine/mod.rs`) is one
//! file of its parent folder.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type ModulePath = Vec<String>;

#[path = "common/source_files.rs"]
mod source_files;
use source_files::rust_files;

/// `src/http/dashboard/page.rs` → `http::dashboard::page`; `mod.rs` names its folder; the
/// crate roots are the empty path.
fn module_path(src: &Path, file: &Path) -> ModulePath {
    let relative = file.strip_prefix(src).expect("under src").with_extension("");
    let mut path: ModulePath = relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    if path.last().is_some_and(|last| last == "mod") {
        path.pop();
    }
    if path == ["lib"] || path == ["main"] {
        path.clear();
    }
    path
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The code of a file: each line up to a `//` comment (a `//` inside a string cuts a line
/// short, which can only hide a dependency, never invent one).
fn code_of(text: &str) -> String {
    text.lines().map(|line| line.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// Every path a file's code names from `crate`, `super` or `self`, resolved against the
/// file's own module path; a `{a, b::c}` group gives one path per member.
fn named_paths(module: &[String], code: &str) -> Vec<ModulePath> {
    let mut paths = Vec::new();
    for head in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(found) = code[from..].find(head) {
            let at = from + found;
            from = at + head.len();
            if code[..at].chars().next_back().is_some_and(is_ident) {
                continue;
            }
            let mut base: ModulePath = match head {
                "crate::" => Vec::new(),
                "super::" => module[..module.len().saturating_sub(1)].to_vec(),
                _ => module.to_vec(),
            };
            let mut rest = &code[from..];
            loop {
                let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
                if name.is_empty() {
                    break;
                }
                rest = &rest[name.len()..];
                if name == "super" {
                    base.pop();
                } else {
                    base.push(name);
                }
                match rest.strip_prefix("::") {
                    Some(more) => rest = more,
                    None => break,
                }
            }
            if let Some(group) = rest.strip_prefix('{') {
                let inside = &group[..group.find('}').unwrap_or(group.len())];
                for member in inside.split(',') {
                    let mut path = base.clone();
                    path.extend(
                        member
                            .trim()
                            .split("::")
                            .map(str::trim)
                            .take_while(|s| s.chars().all(is_ident))
                            .map(String::from),
                    );
                    paths.push(path);
                }
            }
            paths.push(base);
        }
    }
    paths
}

/// The rings of one folder's files (Tarjan's strongly connected components of size two or
/// more), each sorted.
fn rings(nodes: &[String], edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<String, usize>,
        low: BTreeMap<String, usize>,
        stack: Vec<String>,
        found: Vec<Vec<String>>,
    }
    fn visit(walk: &mut Walk, node: &str) {
        let n = walk.index.len();
        walk.index.insert(node.to_owned(), n);
        walk.low.insert(node.to_owned(), n);
        walk.stack.push(node.to_owned());
        for next in walk.edges.get(node).into_iter().flatten() {
            if !walk.index.contains_key(next) {
                visit(walk, next);
                let low = walk.low[node].min(walk.low[next]);
                walk.low.insert(node.to_owned(), low);
            } else if walk.stack.contains(next) {
                let low = walk.low[node].min(walk.index[next]);
                walk.low.insert(node.to_owned(), low);
            }
        }
        if walk.low[node] == walk.index[node] {
            let mut ring = Vec::new();
            loop {
                let member = walk.stack.pop().expect("on the stack");
                let last = member == node;
                ring.push(member);
                if last {
                    break;
                }
            }
            if ring.len() > 1 {
                ring.sort();
                walk.found.push(ring);
            }
        }
    }
    let mut walk = Walk { edges, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for node in nodes {
        if !walk.index.contains_key(node) {
            visit(&mut walk, node);
        }
    }
    walk.found
}

/// Every ring of `src/`, as `folder: file file …`.
fn rings_of(src: &Path) -> BTreeSet<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeMap<ModulePath, PathBuf> = files.iter().map(|f| (module_path(src, f), f.clone())).collect();
    // Each folder's files, by module path: the name a ring shows for each.
    let mut folders: BTreeMap<ModulePath, BTreeMap<ModulePath, String>> = BTreeMap::new();
    for (module, file) in &modules {
        let Some((_, folder)) = module.split_last() else { continue };
        let is_folder_module = file.ends_with("mod.rs") || file.with_extension("").is_dir();
        let name =
            if is_folder_module { module.last().unwrap().clone() } else { format!("{}.rs", module.last().unwrap()) };
        folders.entry(folder.to_vec()).or_default().insert(module.clone(), name);
    }
    let mut found = BTreeSet::new();
    for (folder, members) in &folders {
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (module, name) in members {
            let code = code_of(&std::fs::read_to_string(&modules[module]).expect("read a source file"));
            for path in named_paths(module, &code) {
                // The sibling the path goes into, if it goes into one.
                let Some(sibling) = path.get(..=folder.len()).filter(|p| p.starts_with(folder)) else { continue };
                if let Some(other) = members.get(sibling).filter(|other| *other != name) {
                    edges.entry(name.clone()).or_default().insert(other.clone());
                }
            }
        }
        let nodes: Vec<String> = members.values().cloned().collect();
        for ring in rings(&nodes, &edges) {
            let folder = if folder.is_empty() { "src".to_owned() } else { folder.join("/") };
            found.insert(format!("{folder}: {}", ring.join(" ")));
        }
    }
    found
}

#[test]
fn no_new_import_ring_between_the_files_of_one_folder() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = rings_of(&src);
    assert!(found.is_empty(), "files of one folder that name each other round a ring:\n{found:#?}");
}

#[test]
fn a_ring_is_found_and_a_comment_is_not_a_dependency() {
    let module: ModulePath = vec!["http".into(), "site".into(), "widget".into()];
    let paths = named_paths(
        &module,
        &code_of("use super::page::{self, Embedding}; // crate::store::X\nlet x = crate::domain::now();"),
    );
    assert!(paths.contains(&vec!["http".into(), "site".into(), "page".into()]), "{paths:?}");
    assert!(paths.contains(&vec!["domain".into(), "now".into()]), "{paths:?}");
    assert!(!paths.iter().any(|p| p.first().is_some_and(|s| s == "store")), "{paths:?}");
    let edges: BTreeMap<String, BTreeSet<String>> = [
        ("a.rs".to_owned(), BTreeSet::from(["b.rs".to_owned()])),
        ("b.rs".to_owned(), BTreeSet::from(["c.rs".to_owned()])),
        ("c.rs".to_owned(), BTreeSet::from(["a.rs".to_owned()])),
    ]
    .into();
    let nodes = ["a.rs", "b.rs", "c.rs", "d.rs"].map(String::from);
    assert_eq!(rings(&nodes, &edges), vec![vec!["a.rs".to_owned(), "b.rs".to_owned(), "c.rs".to_owned()]]);
}
