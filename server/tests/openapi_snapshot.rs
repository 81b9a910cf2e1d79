//! The OpenAPI document (`GET /api/openapi.json`) against its committed
//! snapshot, `server/tests/snapshots/openapi.json` (the same value,
//! pretty-printed): a change to a route, a body's schema or an error list
//! shows here as a line diff. Run with `UPDATE_SNAPSHOTS=1` to rewrite the
//! snapshot after a change meant to alter the document, and commit it.

use arbiter_server::http::openapi::document;
use std::path::{Path, PathBuf};

/// Where the snapshot is kept.
fn snapshot_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/openapi.json")
}

/// The document as the snapshot holds it: pretty-printed, ending in a newline.
fn rendered() -> String {
    let mut text = serde_json::to_string_pretty(document()).unwrap_or_else(|e| panic!("the document: {e}"));
    text.push('\n');
    text
}

/// A line diff of `old` and `new` (a longest common subsequence): the lines
/// only in `old` as `-`, only in `new` as `+`, each run with up to two lines
/// of context before and after and its line numbers; empty when they are equal.
fn diff(old: &str, new: &str) -> String {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    // Trim the common head and tail so the table stays small.
    let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let tail = a[head..].iter().rev().zip(b[head..].iter().rev()).take_while(|(x, y)| x == y).count();
    let (ma, mb) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    if ma.is_empty() && mb.is_empty() {
        return String::new();
    }
    // lcs[i][j]: the longest common subsequence of ma[i..] and mb[j..].
    let mut lcs = vec![vec![0usize; mb.len() + 1]; ma.len() + 1];
    for i in (0..ma.len()).rev() {
        for j in (0..mb.len()).rev() {
            lcs[i][j] = if ma[i] == mb[j] { lcs[i + 1][j + 1] + 1 } else { lcs[i + 1][j].max(lcs[i][j + 1]) };
        }
    }
    // (tag, line in old, line in new, text), 1-based line numbers.
    let mut ops: Vec<(char, usize, usize, &str)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < ma.len() || j < mb.len() {
        if i < ma.len() && j < mb.len() && ma[i] == mb[j] {
            ops.push((' ', head + i + 1, head + j + 1, ma[i]));
            i += 1;
            j += 1;
        } else if i < ma.len() && (j == mb.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            ops.push(('-', head + i + 1, head + j + 1, ma[i]));
            i += 1;
        } else {
            ops.push(('+', head + i + 1, head + j + 1, mb[j]));
            j += 1;
        }
    }
    let mut out = String::new();
    let mut last_shown: Option<usize> = None;
    for (k, (tag, la, lb, text)) in ops.iter().enumerate() {
        let near_change = ops[k.saturating_sub(2)..(k + 3).min(ops.len())].iter().any(|o| o.0 != ' ');
        if *tag == ' ' && !near_change {
            continue;
        }
        if last_shown.is_none_or(|l| l + 1 != k) {
            out.push_str(&format!("@@ snapshot line {la}, document line {lb} @@\n"));
            if last_shown.is_none() && k == 0 {
                for line in &a[head.saturating_sub(2)..head] {
                    out.push_str(&format!("  {line}\n"));
                }
            }
        }
        out.push_str(&format!("{tag} {text}\n"));
        last_shown = Some(k);
    }
    if last_shown == Some(ops.len() - 1) {
        for line in a.iter().skip(a.len() - tail).take(2) {
            out.push_str(&format!("  {line}\n"));
        }
    }
    out
}

#[test]
fn the_document_is_its_snapshot() {
    let path = snapshot_path();
    let now = rendered();
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap_or(Path::new("."))).unwrap();
        std::fs::write(&path, &now).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
        return;
    }
    let kept = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e} (run with UPDATE_SNAPSHOTS=1 to write it)", path.display()));
    let changes = diff(&kept, &now);
    assert!(
        changes.is_empty(),
        "the OpenAPI document differs from {} (- snapshot, + document); if the change is meant, run with \
         UPDATE_SNAPSHOTS=1 and commit the file:\n{changes}",
        path.display()
    );
}

#[test]
fn the_diff_shows_what_was_removed_added_and_changed() {
    let old = "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3,\n  \"d\": 4\n}\n";
    assert_eq!(diff(old, old), "");
    let new = "{\n  \"a\": 1,\n  \"b\": 5,\n  \"c\": 3,\n  \"d\": 4,\n  \"e\": 6\n}\n";
    let shown = diff(old, new);
    assert!(shown.contains("-   \"b\": 2,\n+   \"b\": 5,\n"), "{shown}");
    assert!(shown.contains("-   \"d\": 4\n+   \"d\": 4,\n+   \"e\": 6\n"), "{shown}");
    assert!(shown.contains("    \"a\": 1,\n"), "context before the change: {shown}");
    assert!(!diff(old, "{\n}\n").is_empty());
}
