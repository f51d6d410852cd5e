//! No import cycle between the files of one folder of `src/`. `tests/layers.rs` keeps the
//! top-level modules in layers; inside a folder, two files that name each other (directly or
//! round a ring) can be read, changed and tested only together, so such rings are refused
//! too.
//!
//! What counts as naming: a file's `use` declarations and every `crate::…`, `super::…`,
//! `self::…` path in its code (comments aside), and every path that starts with a name the
//! file imported or with one of its child modules. A path is followed to the file that
//! declares what it names, through any `use` of the modules on the way: `crate::domain::Contest`
//! leads through `domain/mod.rs`'s `pub use contest::Contest` to `domain/contest.rs`.
//!
//! Each folder is looked at on its own: its members are its files and its subfolders, and a
//! subfolder stands for every file under it (`engine/` with `engine.rs` or `engine/mod.rs`
//! is one member). The folder's own module file (`mod.rs`) is its face, not a member.

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

/// One path of a `use` tree, as written, with the name it brings into scope (`None` for a
/// glob).
#[derive(Debug, Clone, PartialEq)]
struct Import {
    path: Vec<String>,
    name: Option<String>,
}

/// Every `use` declaration of a file's code, each tree flattened to its leaves:
/// `use a::{b, c::{d as e, self}, f::*};` gives `a::b` as `b`, `a::c::d` as `e`, `a::c` as
/// `c`, and the glob `a::f`.
fn imports(code: &str) -> Vec<Import> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("use ").map(|at| from + at) {
        from = at + 4;
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| is_ident(c) || c == ':' || c == '.') {
            continue;
        }
        let Some(end) = code[from..].find(';') else { break };
        // `d as e` becomes `d@e`, then every other space goes: `a :: { b }` is `a::{b}`.
        let spaced = code[from..from + end].split_whitespace().collect::<Vec<_>>().join(" ");
        let tree: String = spaced.replace(" as ", "@").chars().filter(|c| !c.is_whitespace()).collect();
        flatten(&tree, &mut Vec::new(), &mut found);
        from += end;
    }
    found
}

/// Adds the leaves of one `use` tree (whitespace removed) under `prefix` to `out`.
fn flatten(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Import>) {
    let depth = prefix.len();
    let mut rest = tree.strip_prefix("::").unwrap_or(tree);
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            let inside = &group[..group.rfind('}').unwrap_or(group.len())];
            for member in split_top_level(inside) {
                flatten(member, prefix, out);
            }
            break;
        }
        if rest.starts_with('*') {
            out.push(Import { path: prefix.clone(), name: None });
            break;
        }
        let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
        if name.is_empty() {
            break;
        }
        rest = &rest[name.len()..];
        if name == "self" && depth > 0 && prefix.len() == depth && rest.is_empty() {
            let name = prefix.last().cloned();
            out.push(Import { path: prefix.clone(), name });
            break;
        }
        prefix.push(name.clone());
        if let Some(more) = rest.strip_prefix("::") {
            rest = more;
            continue;
        }
        let alias = rest.strip_prefix('@').map(|a| a.to_owned()).unwrap_or(name);
        out.push(Import { path: prefix.clone(), name: Some(alias) });
        break;
    }
    prefix.truncate(depth);
}

/// The members of a `use` group, split at the commas outside nested braces.
fn split_top_level(group: &str) -> Vec<&str> {
    let (mut members, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                members.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    members.push(&group[start..]);
    members.into_iter().filter(|m| !m.is_empty()).collect()
}

/// Every path in a file's code (outside `use` declarations too) that starts with one of
/// `heads`, as its segments: `crate::domain::now()` gives `crate`, `domain`, `now`.
fn paths_in(code: &str, heads: &BTreeSet<String>) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let chars: Vec<(usize, char)> = code.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        let starts_here = is_ident(c)
            && !c.is_ascii_digit()
            && (i == 0 || {
                let before = chars[i - 1].1;
                !is_ident(before) && before != ':' && before != '.'
            });
        if !starts_here {
            i += 1;
            continue;
        }
        let mut segments = Vec::new();
        let mut rest = &code[at..];
        loop {
            let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
            rest = &rest[name.len()..];
            segments.push(name);
            match rest.strip_prefix("::") {
                Some(more) if more.starts_with(|c: char| is_ident(c)) => rest = more,
                _ => break,
            }
        }
        let consumed = code.len() - at - rest.len();
        if segments.len() > 1 && heads.contains(&segments[0]) {
            found.push(segments);
        }
        while i < chars.len() && chars[i].0 < at + consumed {
            i += 1;
        }
    }
    found
}

/// A file's code cut into its scopes: the file's own module, and each inline `mod name { … }`
/// as `module::name` (so that its `super::` is the file), at any depth.
fn scopes(module: &[String], code: &str, out: &mut Vec<(ModulePath, String)>) {
    let mut outer = String::new();
    let mut rest = code;
    while let Some(at) = find_inline_mod(rest) {
        let (name, body_start) = at;
        let open = body_start;
        let mut depth = 0;
        let mut close = rest.len();
        for (i, c) in rest[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = open + i;
                        break;
                    }
                }
                _ => {}
            }
        }
        outer.push_str(&rest[..open]);
        let mut inner = module.to_vec();
        inner.push(name);
        scopes(&inner, &rest[(open + 1).min(close)..close], out);
        rest = &rest[(close + 1).min(rest.len())..];
    }
    outer.push_str(rest);
    out.push((module.to_vec(), outer));
}

/// The first `mod name {` of some code: the name and where its `{` is.
fn find_inline_mod(code: &str) -> Option<(String, usize)> {
    let mut from = 0;
    while let Some(at) = code[from..].find("mod ").map(|at| from + at) {
        from = at + 4;
        if code[..at].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        let name: String = code[from..].trim_start().chars().take_while(|&c| is_ident(c)).collect();
        let after = code[from..].trim_start()[name.len()..].trim_start();
        if !name.is_empty() && after.starts_with('{') {
            return Some((name, code.len() - after.len()));
        }
    }
    None
}

/// The crate's modules and what each one's `use` declarations bring into scope.
struct Crate {
    files: BTreeMap<ModulePath, PathBuf>,
    /// Per scope (a file's module, or an inline module in it): its code.
    code: BTreeMap<ModulePath, String>,
    /// Per module: imported name → the absolute path it stands for.
    names: BTreeMap<ModulePath, BTreeMap<String, ModulePath>>,
    /// Per module: the absolute paths of its glob imports.
    globs: BTreeMap<ModulePath, Vec<ModulePath>>,
}

impl Crate {
    fn read(src: &Path) -> Crate {
        let mut paths = Vec::new();
        rust_files(src, &mut paths);
        let files: BTreeMap<ModulePath, PathBuf> = paths
            .iter()
            .filter(|f| !f.ends_with("main.rs") || f.parent() != Some(src))
            .map(|f| (module_path(src, f), f.clone()))
            .collect();
        let mut cut = Vec::new();
        for (module, file) in &files {
            scopes(module, &code_of(&std::fs::read_to_string(file).expect("read a source file")), &mut cut);
        }
        let code: BTreeMap<ModulePath, String> = cut.into_iter().collect();
        let mut krate = Crate { files, code, names: BTreeMap::new(), globs: BTreeMap::new() };
        for module in krate.code.keys().cloned().collect::<Vec<_>>() {
            for import in imports(&krate.code[&module]) {
                let Some(path) = krate.absolute(&module, &import.path) else { continue };
                match import.name {
                    Some(name) => {
                        krate.names.entry(module.clone()).or_default().insert(name, path);
                    }
                    None => krate.globs.entry(module.clone()).or_default().push(path),
                }
            }
        }
        krate
    }

    /// A path as written in `module` made absolute, or `None` when it leaves the crate
    /// (another crate, the standard library).
    fn absolute(&self, module: &[String], written: &[String]) -> Option<ModulePath> {
        let (first, rest) = written.split_first()?;
        let mut base: ModulePath = match first.as_str() {
            "crate" => Vec::new(),
            "self" => module.to_vec(),
            "super" => module[..module.len().checked_sub(1)?].to_vec(),
            name => {
                let mut child = module.to_vec();
                child.push(name.to_owned());
                if self.files.contains_key(&child) {
                    child
                } else if let Some(imported) = self.names.get(module).and_then(|names| names.get(name)) {
                    imported.clone()
                } else {
                    return None;
                }
            }
        };
        for segment in rest {
            if segment == "super" {
                base.pop();
            } else {
                base.push(segment.clone());
            }
        }
        Some(base)
    }

    /// The files an absolute path reaches: the module it enters, and through each `use` it
    /// passes, the module that declares the name.
    fn reached(&self, path: &[String], depth: usize, out: &mut BTreeSet<ModulePath>) {
        let Some(module_len) = (0..=path.len()).rev().find(|&n| self.files.contains_key(&path[..n])) else { return };
        let module = &path[..module_len];
        out.insert(module.to_vec());
        let Some(name) = path.get(module_len) else { return };
        if depth > 16 {
            return;
        }
        if let Some(target) = self.names.get(module).and_then(|names| names.get(name)) {
            let mut next = target.clone();
            next.extend(path[module_len + 1..].iter().cloned());
            self.reached(&next, depth + 1, out);
        } else if !self.declares(module, name) {
            for glob in self.globs.get(module).into_iter().flatten().filter(|glob| self.provides(glob, name, depth)) {
                let mut next = glob.clone();
                next.extend(path[module_len..].iter().cloned());
                self.reached(&next, depth + 1, out);
            }
        }
    }

    /// Whether a module's own code declares an item of that name.
    fn declares(&self, module: &[String], name: &str) -> bool {
        let Some(code) = self.code.get(module) else { return false };
        ["struct", "enum", "fn", "type", "trait", "const", "static", "union", "mod", "macro_rules!"].iter().any(
            |kind| {
                let declaration = format!("{kind} {name}");
                code.match_indices(&declaration).any(|(at, _)| {
                    let before = code[..at].chars().next_back();
                    let after = code[at + declaration.len()..].chars().next();
                    !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
                })
            },
        )
    }

    /// Whether a name can be named in a module: declared or imported there, or through one
    /// of its globs.
    fn provides(&self, module: &[String], name: &str, depth: usize) -> bool {
        depth <= 16
            && (self.declares(module, name)
                || self.names.get(module).is_some_and(|names| names.contains_key(name))
                || self.globs.get(module).into_iter().flatten().any(|glob| self.provides(glob, name, depth + 1)))
    }

    /// Every module a module's code reaches.
    fn dependencies(&self, module: &ModulePath) -> BTreeSet<ModulePath> {
        let code = &self.code[module];
        let mut heads: BTreeSet<String> = ["crate", "self", "super"].map(String::from).into();
        heads.extend(self.names.get(module).into_iter().flat_map(|names| names.keys().cloned()));
        heads.extend(
            self.files
                .keys()
                .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
                .map(|m| m.last().unwrap().clone()),
        );
        let mut reached = BTreeSet::new();
        let written = imports(code).into_iter().map(|import| import.path).chain(paths_in(code, &heads));
        for path in written {
            if let Some(path) = self.absolute(module, &path) {
                self.reached(&path, 0, &mut reached);
            }
        }
        reached.remove(module);
        reached
    }

    /// The member of `folder` a module belongs to (`None` for the folder's face and for
    /// modules outside it), named as a ring shows it: `signup.rs`, or `engine` for a subfolder.
    fn member(&self, folder: &[String], module: &[String]) -> Option<String> {
        if module.len() <= folder.len() || !module.starts_with(folder) {
            return None;
        }
        let top = &module[..=folder.len()];
        // A subfolder has files under it; an inline module (`mod tests { … }`) is its file's.
        let is_folder = self.files.keys().any(|m| m.len() > top.len() && m.starts_with(top));
        let name = &top[folder.len()];
        Some(if is_folder { name.clone() } else { format!("{name}.rs") })
    }
}

/// The rings of one folder's members (Tarjan's strongly connected components of size two or
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

/// Every ring of a source tree, as `folder: member member …`, with one path round it
/// (`a.rs → b → a.rs`) so that whoever breaks it knows where to start.
fn rings_of(src: &Path) -> BTreeSet<String> {
    let krate = Crate::read(src);
    let reached: Vec<(&ModulePath, BTreeSet<ModulePath>)> =
        krate.code.keys().map(|scope| (scope, krate.dependencies(scope))).collect();
    let folders: BTreeSet<ModulePath> =
        krate.files.keys().filter_map(|module| module.split_last().map(|(_, folder)| folder.to_vec())).collect();
    let mut found = BTreeSet::new();
    for folder in &folders {
        let mut nodes = BTreeSet::new();
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (scope, targets) in &reached {
            let Some(from) = krate.member(folder, scope) else { continue };
            nodes.insert(from.clone());
            for target in targets {
                if let Some(to) = krate.member(folder, target).filter(|to| *to != from) {
                    edges.entry(from.clone()).or_default().insert(to);
                }
            }
        }
        let nodes: Vec<String> = nodes.into_iter().collect();
        for ring in rings(&nodes, &edges) {
            let name = if folder.is_empty() { "src".to_owned() } else { folder.join("/") };
            found.insert(format!("{name}: {} (one way round: {})", ring.join(" "), way_round(&ring, &edges)));
        }
    }
    found
}

/// A shortest path from a ring's first member back to itself, inside the ring.
fn way_round(ring: &[String], edges: &BTreeMap<String, BTreeSet<String>>) -> String {
    let start = &ring[0];
    let mut came_from: BTreeMap<&String, &String> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for next in edges.get(node).into_iter().flatten().filter(|n| ring.contains(n)) {
            if next == start {
                let mut way = vec![start.clone()];
                let mut at = node;
                while at != start {
                    way.push(at.clone());
                    at = came_from[at];
                }
                way.push(start.clone());
                way.reverse();
                return way.join(" → ");
            }
            if !came_from.contains_key(next) {
                came_from.insert(next, node);
                queue.push_back(next);
            }
        }
    }
    String::new()
}

#[test]
fn no_import_ring_between_the_members_of_one_folder() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = rings_of(&src);
    assert!(found.is_empty(), "members of one folder that name each other round a ring:\n{found:#?}");
}

/// Writes a small source tree under the target directory and answers its rings.
fn rings_of_tree(name: &str, files: &[(&str, &str)]) -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cycles-{name}"));
    let _ = std::fs::remove_dir_all(&root);
    for (path, text) in files {
        let file = root.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
    rings_of(&root)
}

#[test]
fn a_ring_through_a_subfolder_is_found() {
    let found = rings_of_tree(
        "subfolder",
        &[
            ("lib.rs", "pub mod domain;"),
            ("domain/mod.rs", "pub mod campaign;\npub mod engine;"),
            ("domain/campaign.rs", "pub struct Campaign;\npub fn tally() { crate::domain::engine::reads::count(); }"),
            ("domain/engine/mod.rs", "pub mod reads;\npub mod signup;"),
            ("domain/engine/reads.rs", "pub fn count() {}"),
            ("domain/engine/signup.rs", "use crate::domain::campaign::Campaign; // crate::nothing\n"),
        ],
    );
    assert_eq!(
        found,
        BTreeSet::from(["domain: campaign.rs engine (one way round: campaign.rs → engine → campaign.rs)".to_owned()])
    );
}

#[test]
fn a_ring_through_a_re_export_is_found() {
    let found = rings_of_tree(
        "re-export",
        &[
            ("lib.rs", "pub mod domain;"),
            (
                "domain/mod.rs",
                "pub mod campaign;\npub mod contest;\npub mod leaderboard;\npub use campaign::Campaign;\npub use contest::{Contest, self as contests};",
            ),
            ("domain/campaign.rs", "use super::Contest;\npub struct Campaign { pub contest: Contest }"),
            ("domain/contest.rs", "pub struct Contest;\nfn board() -> super::leaderboard::Board { todo!() }"),
            ("domain/leaderboard.rs", "use crate::domain::{Campaign, contests};\npub struct Board;"),
        ],
    );
    assert_eq!(
        found,
        BTreeSet::from([
            "domain: campaign.rs contest.rs leaderboard.rs (one way round: campaign.rs → contest.rs → leaderboard.rs → campaign.rs)"
                .to_owned()
        ])
    );
}

#[test]
fn comments_tests_and_other_crates_are_not_dependencies() {
    let found = rings_of_tree(
        "no-ring",
        &[
            ("lib.rs", "pub mod http;"),
            ("http/mod.rs", "pub mod query;\npub mod openapi;"),
            ("http/query.rs", "use std::fmt; // crate::http::openapi\n/* */ pub fn refuse() {}\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use super::refuse;\n}"),
            ("http/openapi.rs", "use serde::Serialize;\nuse super::query::{self, refuse};\nfn f() { query::refuse(); }"),
        ],
    );
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn a_use_tree_is_flattened() {
    let leaves = imports("use a::{b, c::{d as e, self}, f::*};\npub(crate) use super::g;");
    let shown: Vec<String> = leaves
        .iter()
        .map(|i| format!("{} as {}", i.path.join("::"), i.name.clone().unwrap_or_else(|| "*".into())))
        .collect();
    assert_eq!(shown, ["a::b as b", "a::c::d as e", "a::c as c", "a::f as *", "super::g as g"]);
}
