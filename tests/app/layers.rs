//! The app's layers, read from its imports: every `crate::…` and `super::…` path and every
//! `mod` line of every file under `src/`. The match layer (`src/headless/`) never imports
//! the view (`table`, `screens`, `smoke`, `third_party`), and neither the top-level folders
//! of `src/` nor the folders inside `src/headless/`, `src/screens/`, `src/table/` and
//! `src/smoke/` import each other in a circle. A file is a
//! node of its own where it stands outside a folder (`lib.rs`, `headless/screen.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One file's module path (`src/headless/flow/menu.rs` → `headless::flow::menu`; a
/// `mod.rs` is its folder's module) and the module paths it refers to.
struct File {
    path: PathBuf,
    module: Vec<String>,
    refers_to: BTreeSet<Vec<String>>,
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

fn module_of(path: &Path) -> Vec<String> {
    let relative = path.strip_prefix(src()).expect("a file under src/");
    let mut parts: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The text with comments and string literals blanked out, so neither a doc line nor a
/// message that names a path counts as an import.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let next = chars.get(i + 1).copied();
        if chars[i] == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if chars[i] == '/' && next == Some('*') {
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if chars[i] == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if chars[i] == '\'' && next.is_some() && chars.get(i + 2) == Some(&'\'') {
            // A char literal such as '{', which would unbalance the braces of a use tree.
            i += 3;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

fn ident_at(chars: &[char], mut i: usize) -> (String, usize) {
    let start = i;
    while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
        i += 1;
    }
    (chars[start..i].iter().collect(), i)
}

fn skip_space(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    i
}

/// Reads a path (`a::b::{c, d::e}`) starting at `i`, after `prefix`; pushes every full path.
fn read_tree(chars: &[char], i: usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let mut i = skip_space(chars, i);
    let mut path = prefix;
    loop {
        if chars.get(i) == Some(&'{') {
            i += 1;
            loop {
                i = skip_space(chars, i);
                if chars.get(i) == Some(&'}') {
                    return i + 1;
                }
                i = read_tree(chars, i, path.clone(), out);
                i = skip_space(chars, i);
                match chars.get(i) {
                    Some(',') => i += 1,
                    Some('}') => return i + 1,
                    _ => return i,
                }
            }
        }
        let (name, after) = ident_at(chars, i);
        if name.is_empty() {
            out.push(path);
            return i;
        }
        path.push(name);
        i = after;
        if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
            i = skip_space(chars, i + 2);
        } else {
            out.push(path);
            return i;
        }
    }
}

/// Every module path a file refers to, resolved from the crate root.
fn references(module: &[String], text: &str) -> BTreeSet<Vec<String>> {
    let code = code_only(text);
    // An inline test module (last in a file) sits one level below the file's module.
    let tests_at = code.find("mod tests").unwrap_or(code.len());
    let chars: Vec<char> = code.chars().collect();
    let tests_char = code[..tests_at].chars().count();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let word_start = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        let rest: String = chars[i..chars.len().min(i + 7)].iter().collect();
        if word_start && rest == "crate::" {
            i = read_tree(&chars, i + 7, Vec::new(), &mut found);
        } else if word_start && rest.starts_with("super::") {
            let mut base: Vec<String> = module.to_vec();
            if i >= tests_char {
                base.push("tests".into());
            }
            let mut j = i;
            while chars[j..].iter().take(7).collect::<String>() == "super::" {
                base.pop();
                j += 7;
            }
            i = read_tree(&chars, j, base, &mut found);
        } else if word_start && rest.starts_with("mod ") && i < tests_char {
            let (name, after) = ident_at(&chars, skip_space(&chars, i + 4));
            if chars.get(skip_space(&chars, after)) == Some(&';') {
                let mut child = module.to_vec();
                child.push(name);
                found.push(child);
            }
            i = after;
        } else {
            i += 1;
        }
    }
    found.into_iter().collect()
}

fn files() -> Vec<File> {
    let mut paths = Vec::new();
    rust_files(&src(), &mut paths);
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a readable source file");
            let module = module_of(&path);
            let refers_to = references(&module, &text);
            File {
                path,
                module,
                refers_to,
            }
        })
        .collect()
}

/// The node a module belongs to right under `within`: the folder or file it sits in, or
/// `(root)` for the folder's own `mod.rs` (or `lib.rs`) and the items it defines.
fn node(module: &[String], within: &[&str]) -> String {
    let Some(name) = module.get(within.len()) else {
        return "(root)".to_owned();
    };
    let folder = within.iter().fold(src(), |p, s| p.join(s));
    if folder.join(name).is_dir() {
        format!("{name}/")
    } else if folder.join(format!("{name}.rs")).is_file() {
        name.clone()
    } else {
        "(root)".to_owned()
    }
}

/// The import graph between the nodes right under `within` (files outside it ignored).
fn graph(within: &[&str]) -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let root = src();
    let inside =
        |m: &[String]| m.len() >= within.len() && m.iter().zip(within).all(|(a, b)| a == b);
    let mut edges: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for file in files().iter().filter(|f| inside(&f.module)) {
        let from = node(&file.module, within);
        for target in file.refers_to.iter().filter(|t| inside(t)) {
            let to = node(target, within);
            if to != from {
                let shown = file.path.strip_prefix(&root).unwrap_or(&file.path);
                edges
                    .entry(from.clone())
                    .or_default()
                    .entry(to)
                    .or_default()
                    .insert(format!("{} -> {}", shown.display(), target.join("::")));
            }
        }
    }
    edges
}

/// A circle of the graph, as its nodes and the imports that close it, if there is one.
fn circle(edges: &BTreeMap<String, BTreeMap<String, BTreeSet<String>>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut nodes = stack[at..].to_vec();
            nodes.push(node.to_owned());
            let why = nodes
                .windows(2)
                .map(|w| {
                    let imports = &edges[&w[0]][&w[1]];
                    format!("{} -> {}: {:?}", w[0], w[1], imports)
                })
                .collect();
            return Some(why);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_owned());
        for next in edges.get(node).into_iter().flat_map(|e| e.keys()) {
            if let Some(found) = visit(next, edges, stack, done) {
                return Some(found);
            }
        }
        stack.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|n| visit(n, edges, &mut Vec::new(), &mut done))
}

#[test]
fn the_match_layer_imports_nothing_of_the_view() {
    let mut arrows = Vec::new();
    for file in files()
        .iter()
        .filter(|f| f.module.first().is_some_and(|m| m == "headless"))
    {
        for target in &file.refers_to {
            // Anything outside `headless` is the view or the wiring in `lib.rs`.
            if target.first().is_none_or(|t| t != "headless") {
                arrows.push(format!("{} -> {}", file.path.display(), target.join("::")));
            }
        }
    }
    assert!(
        arrows.is_empty(),
        "the match layer imports the view: {arrows:#?}"
    );
}

#[test]
fn the_top_level_folders_of_src_import_each_other_in_no_circle() {
    let edges = graph(&[]);
    assert!(
        edges
            .get("table/")
            .is_some_and(|e| e.contains_key("headless/")),
        "the graph reads src/: the table reads the match layer"
    );
    if let Some(found) = circle(&edges) {
        panic!("a circle of imports between the folders of src/: {found:#?}");
    }
}

#[test]
fn the_folders_of_the_match_layer_import_each_other_in_no_circle() {
    let edges = graph(&["headless"]);
    assert!(
        edges.get("flow/").is_some_and(|e| e.contains_key("game/")),
        "the graph reads src/headless/: the flow plays the game"
    );
    if let Some(found) = circle(&edges) {
        panic!("a circle of imports between the folders of src/headless/: {found:#?}");
    }
}

#[test]
fn the_folders_of_the_view_import_each_other_in_no_circle() {
    let screens = graph(&["screens"]);
    assert!(
        screens
            .get("battle/")
            .is_some_and(|e| e.contains_key("deployment/")),
        "the graph reads src/screens/: the battle's left panel shows the deployment"
    );
    for folder in ["screens", "table", "smoke"] {
        if let Some(found) = circle(&graph(&[folder])) {
            panic!("a circle of imports between the folders of src/{folder}/: {found:#?}");
        }
    }
}

#[test]
fn the_reader_resolves_nested_use_trees_and_super_paths() {
    let found = references(
        &["headless".into(), "flow".into(), "menu".into()],
        "use crate::headless::{content::Content, game::{describe, meta::MatchMeta}};\n\
         use super::battle::begin_match; // crate::table::ignored\n\
         mod quick;\nlet s = \"crate::smoke\";",
    );
    let paths: Vec<String> = found.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        paths,
        vec![
            "headless::content::Content",
            "headless::flow::battle::begin_match",
            "headless::flow::menu::quick",
            "headless::game::describe",
            "headless::game::meta::MatchMeta",
        ]
    );
}
