//! The error code registry (`server/src/error/code.rs`) against README's
//! error table and the sources: every code is documented in the table with
//! its status and meaning, every row is a code, and every code is answered
//! somewhere (a code no refusal uses fails here, as a dead one).

use arbiter_server::error::Code;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The header of README's error table.
const HEADER: &str = "| code | HTTP status | when it is answered |";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// README's error table: wire code → (status cell, meaning cell).
fn readme_table() -> Vec<(String, String, String)> {
    let readme = read(&root().join("../README.md"));
    let mut lines = readme.lines().skip_while(|l| l.trim() != HEADER);
    assert!(lines.next().is_some(), "README has no error table headed {HEADER:?}");
    lines
        .skip(1)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l.trim().trim_matches('|').split(" | ").map(str::trim).collect();
            assert_eq!(cells.len(), 3, "a row of README's error table has three cells: {l}");
            let code = cells[0].trim_matches('`');
            (code.to_string(), cells[1].to_string(), cells[2].to_string())
        })
        .collect()
}

/// A code's documentation as one line, as the table repeats it.
fn meaning(code: Code) -> String {
    code.doc().split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The row README should have for `code` (printed when it has not).
fn row(code: Code) -> String {
    let status = code.status().map_or_else(|| "…".to_string(), |s| s.as_u16().to_string());
    format!("| `{}` | {status} | {} |", code.as_str(), meaning(code))
}

#[test]
fn every_code_is_in_the_readme_table_and_every_row_is_a_code() {
    let rows = readme_table();
    let mut table = BTreeMap::new();
    for (code, status, meaning) in &rows {
        assert!(table.insert(code.as_str(), (status.as_str(), meaning.as_str())).is_none(), "{code} has two rows");
    }
    let known: BTreeSet<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
    let stale: Vec<&&str> = table.keys().filter(|c| !known.contains(**c)).collect();
    assert!(stale.is_empty(), "README's error table lists codes the server does not have: {stale:?}");
    for &code in Code::ALL {
        let Some((status, text)) = table.get(code.as_str()) else {
            panic!("README's error table has no row for {code}; add\n{}", row(code));
        };
        match code.status() {
            Some(s) => assert_eq!(*status, s.as_u16().to_string(), "{code}'s status in README"),
            None => assert!(
                !status.is_empty() && status.parse::<u16>().is_err(),
                "{code} has no one status: README says which (and when), not {status:?}"
            ),
        }
        assert_eq!(*text, meaning(code), "{code}'s meaning in README differs from its doc comment; use\n{}", row(code));
    }
    let order: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    let mut sorted = order.clone();
    sorted.sort_unstable();
    assert_eq!(order, sorted, "README's error table is in alphabetical order");
}

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The server's code outside the registry and outside tests: each file up to
/// its `#[cfg(test)]`, without comment lines; test files left out.
fn server_code() -> Vec<(PathBuf, String)> {
    let src = root().join("src");
    let mut paths = Vec::new();
    files(&src, &mut paths);
    paths
        .into_iter()
        .filter(|p| !p.ends_with("error/code.rs") && !p.ends_with("tests.rs"))
        .map(|p| {
            let text = read(&p);
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            let code = code.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
            (p, code)
        })
        .collect()
}

/// The variant names written as `Code::Name` in `code` (not `StatusCode::…`).
fn variants_named(code: &str) -> Vec<(usize, String)> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    code.match_indices("Code::")
        .filter(|(i, _)| !code[..*i].ends_with(ident))
        .map(|(i, m)| (i, code[i + m.len()..].chars().take_while(|c| ident(*c)).collect()))
        .collect()
}

#[test]
fn every_code_is_answered_somewhere() {
    let used: BTreeSet<String> = server_code().iter().flat_map(|(_, c)| variants_named(c)).map(|(_, v)| v).collect();
    let dead: Vec<String> = Code::ALL.iter().map(|c| format!("{c:?}")).filter(|v| !used.contains(v)).collect();
    assert!(dead.is_empty(), "codes no code in server/src answers (remove them, with their README rows): {dead:?}");
    let unknown: Vec<&String> =
        used.iter().filter(|v| !Code::ALL.iter().any(|c| format!("{c:?}") == **v) && *v != "ALL").collect();
    assert!(unknown.is_empty(), "{unknown:?}");
}

#[test]
fn constructors_answer_the_status_of_their_code() {
    let statuses = [
        ("bad_request", 400),
        ("unauthorized", 401),
        ("forbidden", 403),
        ("not_found", 404),
        ("conflict", 409),
        ("too_large", 413),
        ("invalid", 422),
        ("too_many", 429),
        ("unavailable", 503),
    ];
    let mut checked = 0;
    for (path, code) in server_code() {
        for (ctor, status) in statuses {
            let call = format!("ApiError::{ctor}(");
            for (at, _) in code.match_indices(&call) {
                let arg = code[at + call.len()..].trim_start();
                let Some(name) = arg.strip_prefix("Code::") else { continue };
                let name: String = name.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
                let Some(c) = Code::ALL.iter().find(|c| format!("{c:?}") == name) else { panic!("{name}") };
                if let Some(s) = c.status() {
                    assert_eq!(s.as_u16(), status, "{} answers {c} with ApiError::{ctor}", path.display());
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} constructor calls found: has the call style changed?");
}
