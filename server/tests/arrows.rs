//! Dependencies between each crate's modules point one way.
//!
//! For each crate of the workspace that holds rules, pages or the server
//! (`engine/src`, `web/src`, `server/src`), reads every file, resolves the module paths its code
//! names (`crate::a::b`, `super::x`, `self::x`, grouped `use` lists), and for
//! every pair of sibling modules (the top-level modules of the crate, the
//! files of `live/`, of `service/`, …) records an arrow when code in one
//! names the other. Comments are skipped: a documentation link is not a
//! dependency. The arrows must form no cycle at any level.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path from the crate root, e.g. `["live", "hub"]`.
type ModPath = Vec<String>;

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module a source file defines: `live/hub.rs` → `live::hub`,
/// `live/mod.rs` → `live`, `lib.rs` → the root; `None` for binaries' roots.
fn module_of(src: &Path, file: &Path) -> Option<ModPath> {
    let rel = file.strip_prefix(src).ok()?;
    let mut parts: Vec<String> = rel.iter().map(|s| s.to_string_lossy().trim_end_matches(".rs").to_string()).collect();
    match parts.last().map(String::as_str) {
        Some("main") if parts.len() == 1 => return None,
        Some("lib" | "mod") => {
            parts.pop();
        }
        _ => {}
    }
    Some(parts)
}

/// Every module path the code of a file names, resolved against `me`.
fn references(code: &str, me: &ModPath) -> Vec<ModPath> {
    let code: String = code
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .map(|l| l.split(" // ").next().unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n");
    let bytes = code.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !code.is_char_boundary(i) {
            i += 1;
            continue;
        }
        let starts_word = i == 0 || !ident(bytes[i - 1]);
        let rest = &code[i..];
        let base: Option<(ModPath, usize)> = if !starts_word {
            None
        } else if rest.starts_with("crate::") {
            Some((Vec::new(), "crate::".len()))
        } else if rest.starts_with("self::") {
            Some((me.clone(), "self::".len()))
        } else if rest.starts_with("super::") {
            let mut base = me.clone();
            let mut n = 0;
            while code[i + n..].starts_with("super::") {
                base.pop();
                n += "super::".len();
            }
            Some((base, n))
        } else {
            None
        };
        let Some((base, skip)) = base else {
            i += 1;
            continue;
        };
        i += skip;
        out.extend(paths_at(&code[i..], &base));
    }
    out
}

/// The paths written at the start of `s` under `base`: `a::b::C`, or a
/// grouped list `{a::b, c::{d, e}, self}`.
fn paths_at(s: &str, base: &ModPath) -> Vec<ModPath> {
    let s = s.trim_start();
    if let Some(inner) = s.strip_prefix('{') {
        let mut depth = 0;
        let mut end = inner.len();
        for (k, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    end = k;
                    break;
                }
                '}' => depth -= 1,
                _ => {}
            }
        }
        let list = &inner[..end];
        let mut items = Vec::new();
        let (mut depth, mut start) = (0, 0);
        for (k, c) in list.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    items.push(&list[start..k]);
                    start = k + 1;
                }
                _ => {}
            }
        }
        items.push(&list[start..]);
        return items.into_iter().filter(|x| !x.trim().is_empty()).flat_map(|x| paths_at(x, base)).collect();
    }
    let mut path = base.clone();
    let mut rest = s;
    loop {
        let n = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
        if n == 0 {
            break;
        }
        let seg = &rest[..n];
        if seg != "self" {
            path.push(seg.to_string());
        }
        rest = &rest[n..];
        match rest.strip_prefix("::") {
            Some(r) if r.starts_with('{') => return paths_at(r, &path),
            Some(r) => rest = r,
            None => break,
        }
    }
    vec![path]
}

/// A cycle in `arrows`, if any (depth-first search).
fn cycle(arrows: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        arrows: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for m in arrows.get(n).into_iter().flatten() {
            match state.get(m.as_str()) {
                Some(1) => {
                    let from = stack.iter().position(|x| x == m).unwrap_or(0);
                    let mut c = stack[from..].to_vec();
                    c.push(m.clone());
                    return Some(c);
                }
                Some(_) => {}
                None => {
                    if let Some(c) = visit(m, arrows, state, stack) {
                        return Some(c);
                    }
                }
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in arrows.keys() {
        if !state.contains_key(n.as_str()) {
            if let Some(c) = visit(n, arrows, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

/// Every module of the crate whose sources are under `src`, with its code.
fn sources(src: &Path) -> Vec<(ModPath, String)> {
    let mut all = Vec::new();
    files(src, &mut all);
    all.iter().filter_map(|f| Some((module_of(src, f)?, std::fs::read_to_string(f).ok()?))).collect()
}

/// Arrows between sibling modules, by the module that holds them (`""` for
/// the crate root), for the crate whose sources are under `src`.
fn arrows(src: &Path) -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    arrows_of(&sources(src))
}

/// Arrows between sibling modules of the modules in `sources` (each module
/// path with its code), by the module that holds them.
fn arrows_of(sources: &[(ModPath, String)]) -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let modules: BTreeSet<ModPath> = sources.iter().map(|(m, _)| m.clone()).collect();
    let mut levels: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (me, code) in sources {
        for target in references(code, me) {
            let common = me.iter().zip(&target).take_while(|(a, b)| a == b).count();
            let (Some(from), Some(to)) = (me.get(common), target.get(common)) else { continue };
            // Only arrows to a sibling module, not to an item of the parent.
            if !modules.contains(&target[..=common]) {
                continue;
            }
            levels.entry(me[..common].join("::")).or_default().entry(from.clone()).or_default().insert(to.clone());
        }
    }
    levels
}

/// Every cycle among sibling modules, one line each, named by the level
/// that holds it.
fn cycles(levels: &BTreeMap<String, BTreeMap<String, BTreeSet<String>>>) -> Vec<String> {
    levels
        .iter()
        .filter_map(|(at, arrows)| cycle(arrows).map(|c| format!("in `crate::{at}`: {}", c.join(" → "))))
        .collect()
}

/// The sources of the workspace's crate `name` (`engine`, `web`, `server`).
fn src_of(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(name).join("src")
}

/// The crate `name` of the workspace has no cycle.
fn crate_has_no_cycle(name: &str) {
    let levels = arrows(&src_of(name));
    assert!(levels.get("").is_some_and(|top| top.len() > 2), "the modules of `{name}` were read: {levels:?}");
    let cycles = cycles(&levels);
    assert!(cycles.is_empty(), "modules of `{name}` that depend on each other:\n{}", cycles.join("\n"));
}

#[test]
fn module_dependencies_form_no_cycle() {
    crate_has_no_cycle("server");
}

#[test]
fn engine_modules_form_no_cycle() {
    crate_has_no_cycle("engine");
}

#[test]
fn web_modules_form_no_cycle() {
    crate_has_no_cycle("web");
}

/// Plants, in crate `name`, the reverse of one of its top-level arrows
/// (`a → b`: `b` now names `crate::a`) and returns the cycles then found.
fn cycles_with_a_planted_edge(name: &str) -> (String, String, Vec<String>) {
    let mut sources = sources(&src_of(name));
    let levels = arrows_of(&sources);
    let (a, b) = levels
        .get("")
        .and_then(|top| top.iter().find_map(|(a, to)| Some((a.clone(), to.iter().find(|b| *b != a)?.clone()))))
        .unwrap_or_else(|| panic!("`{name}` has top-level arrows: {levels:?}"));
    let file = sources
        .iter_mut()
        .find(|(m, _)| m.as_slice() == [b.clone()])
        .unwrap_or_else(|| panic!("`{name}` has a module `{b}`"));
    file.1.push_str(&format!("\nuse crate::{a};\n"));
    (a, b, cycles(&arrows_of(&sources)))
}

#[test]
fn a_planted_cycle_is_found_in_each_crate() {
    for name in ["engine", "web", "server"] {
        let (a, b, cycles) = cycles_with_a_planted_edge(name);
        assert!(
            cycles.iter().any(|c| c.contains(&format!("{a} → {b}")) || c.contains(&format!("{b} → {a}"))),
            "`{name}`: the planted arrow {b} → {a} closes a cycle, found {cycles:?}"
        );
    }
}

#[test]
fn the_reader_resolves_paths_as_rust_does() {
    let me: ModPath = vec!["live".into(), "hub".into()];
    let refs = references("use super::{room::{self, RoomMsg}, view::View};\nuse crate::bus::Bus; // crate::x\n", &me);
    let names: Vec<String> = refs.iter().map(|p| p.join("::")).collect();
    assert_eq!(names, ["live::room", "live::room::RoomMsg", "live::view::View", "bus::Bus"]);
    let mut arrows = BTreeMap::new();
    arrows.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    arrows.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(cycle(&arrows), Some(vec!["a".to_string(), "b".to_string(), "a".to_string()]));
}

/// The folders under `dir` that have a `<name>.rs` beside them.
fn files_beside_folders(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.with_extension("rs").is_file() {
                out.push(p.with_extension("rs"));
            }
            files_beside_folders(&p, out);
        }
    }
}

#[test]
fn a_module_with_submodules_is_a_folder_with_its_mod_rs() {
    for name in ["engine", "web", "server", "tests"] {
        let mut beside = Vec::new();
        files_beside_folders(&src_of(name), &mut beside);
        assert!(beside.is_empty(), "`{name}`: move each to its folder's mod.rs: {beside:?}");
    }
}
