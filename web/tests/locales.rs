//! Walks the Fluent resources: every language has every message of English
//! and no other, every message parses and uses the same variables, the
//! scripts' messages are one plain line each, and every key the templates,
//! the scripts and the Rust code use exists in English.

use arbiter_web::i18n::{message_ids, sources, Arg, Lang, MISSING};
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const FILES: [&str; 3] = ["main.ftl", "js.ftl", "errors.ftl"];

fn ids(lang: Lang, file: &str) -> Vec<String> {
    let (ids, errors) = message_ids(lang, file);
    assert!(errors.is_empty(), "{errors:?}");
    ids
}

/// Every language but English, the source the others follow.
fn translations() -> impl Iterator<Item = Lang> {
    Lang::ALL.into_iter().filter(|l| *l != Lang::En)
}

fn english() -> BTreeSet<String> {
    FILES.iter().flat_map(|f| ids(Lang::En, f)).collect()
}

/// Each message's variables (`$name`), selectors included.
fn variables(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    fn walk(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
        for el in &p.elements {
            if let ast::PatternElement::Placeable { expression } = el {
                expr(expression, out);
            }
        }
    }
    fn expr(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Select { selector, variants } => {
                inline(selector, out);
                for v in variants {
                    walk(&v.value, out);
                }
            }
            ast::Expression::Inline(i) => inline(i, out),
        }
    }
    fn inline(i: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
        match i {
            ast::InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_string());
            }
            ast::InlineExpression::Placeable { expression } => expr(expression, out),
            _ => {}
        }
    }
    let mut all = BTreeMap::new();
    for (_, src) in sources(lang) {
        let res = fluent_syntax::parser::parse(*src).unwrap_or_else(|(r, _)| r);
        for e in res.body {
            if let ast::Entry::Message(m) = e {
                let mut vars = BTreeSet::new();
                if let Some(v) = &m.value {
                    walk(v, &mut vars);
                }
                all.insert(m.id.name.to_string(), vars);
            }
        }
    }
    all
}

#[test]
fn every_language_has_every_message_and_no_other() {
    for file in FILES {
        let en: Vec<String> = ids(Lang::En, file);
        let en_set: BTreeSet<&String> = en.iter().collect();
        assert_eq!(en.len(), en_set.len(), "en/{file} defines a message twice");
        for lang in translations() {
            let other = ids(lang, file);
            let set: BTreeSet<&String> = other.iter().collect();
            assert_eq!(other.len(), set.len(), "{}/{file} defines a message twice", lang.code());
            let missing: Vec<_> = en_set.difference(&set).collect();
            let extra: Vec<_> = set.difference(&en_set).collect();
            assert!(missing.is_empty(), "{}/{file} lacks {missing:?}", lang.code());
            assert!(extra.is_empty(), "{}/{file} has messages English lacks: {extra:?}", lang.code());
        }
    }
}

#[test]
fn translations_use_the_variables_of_english() {
    let en = variables(Lang::En);
    for lang in translations() {
        for (id, vars) in variables(lang) {
            assert_eq!(Some(&vars), en.get(&id), "{}: {id} uses other variables than English", lang.code());
        }
    }
}

/// What a message keeps from English whatever the language: whether it
/// selects (a plural), the characters it places as literals (`{"{"}`;
/// spaces placed around a link follow each language's word order), its
/// code spans (backticks) and its arrows.
#[derive(Debug, Default, PartialEq)]
struct Markup {
    selects: bool,
    literals: Vec<String>,
    backticks: usize,
    arrows: usize,
}

fn markup(lang: Lang) -> BTreeMap<String, Markup> {
    fn walk(p: &ast::Pattern<&str>, out: &mut Markup) {
        for el in &p.elements {
            match el {
                ast::PatternElement::TextElement { value } => {
                    out.backticks += value.matches('`').count();
                    out.arrows += value.matches('→').count();
                }
                ast::PatternElement::Placeable { expression } => expr(expression, out),
            }
        }
    }
    fn expr(e: &ast::Expression<&str>, out: &mut Markup) {
        match e {
            ast::Expression::Select { variants, .. } => {
                out.selects = true;
                // Each language has its own plural categories: compare the default only.
                if let Some(v) = variants.iter().find(|v| v.default) {
                    walk(&v.value, out);
                }
            }
            ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }) if !value.trim().is_empty() => {
                out.literals.push((*value).to_string());
            }
            ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => expr(expression, out),
            ast::Expression::Inline(_) => {}
        }
    }
    let mut all = BTreeMap::new();
    for (_, src) in sources(lang) {
        let res = fluent_syntax::parser::parse(*src).unwrap_or_else(|(r, _)| r);
        for e in res.body {
            if let ast::Entry::Message(m) = e {
                let mut found = Markup::default();
                if let Some(v) = &m.value {
                    walk(v, &mut found);
                }
                all.insert(m.id.name.to_string(), found);
            }
        }
    }
    all
}

#[test]
fn translations_keep_the_markup_of_english() {
    let en = markup(Lang::En);
    for lang in translations() {
        for (id, found) in markup(lang) {
            assert_eq!(Some(&found), en.get(&id), "{}: {id} changes the markup of English", lang.code());
        }
    }
}

#[test]
fn every_language_is_compiled_in() {
    assert_eq!(Lang::ALL.len(), arbiter_web::i18n::SOURCES.len());
    for lang in Lang::ALL {
        let files: Vec<&str> = sources(lang).iter().map(|(f, _)| *f).collect();
        assert_eq!(files, FILES, "{}", lang.code());
        assert_eq!(Lang::from_code(lang.code()), Some(lang));
    }
    let names: BTreeSet<&str> = Lang::ALL.iter().map(|l| l.name()).collect();
    let codes: BTreeSet<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
    assert_eq!((names.len(), codes.len()), (Lang::ALL.len(), Lang::ALL.len()));
}

#[test]
fn every_message_renders_in_every_language() {
    let vars = variables(Lang::En);
    for lang in Lang::ALL {
        for id in english() {
            let args: Vec<(&str, Arg)> =
                vars.get(&id).into_iter().flatten().map(|v| (v.as_str(), Arg::Num(2.0))).collect();
            let text = lang.t_args(&id, &args);
            assert!(!text.contains(MISSING) && !text.is_empty() || id.ends_with("-before"), "{}: {id}", lang.code());
            assert!(lang.has(&id), "{}: {id}", lang.code());
        }
        assert!(!lang.has("no-such-message"));
    }
}

#[test]
fn script_messages_are_plain_single_lines() {
    for lang in Lang::ALL {
        let (_, src) = sources(lang).iter().find(|(f, _)| *f == "js.ftl").copied().unwrap_or_default();
        let lines = src.lines().filter(|l| l.starts_with("js-")).count();
        assert_eq!(lines, ids(lang, "js.ftl").len(), "{}/js.ftl: a message spans lines", lang.code());
        for l in src.lines().filter(|l| l.starts_with("js-")) {
            assert!(l.contains(" = ") && !l.contains("->") && !l.contains("{ -"), "{}: {l}", lang.code());
        }
        let json: serde_json::Value = serde_json::from_str(&lang.js_strings()).unwrap_or_default();
        assert_eq!(json.as_object().map(serde_json::Map::len), Some(lines), "{}", lang.code());
    }
}

/// The first arguments of `prefix("…"` in `text`.
fn calls<'a>(text: &'a str, prefix: &str) -> Vec<&'a str> {
    text.match_indices(prefix)
        .filter(|(i, _)| {
            // `t("` must not be the end of another name (`split("`).
            let before = text[..*i].chars().next_back();
            !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        })
        .filter_map(|(i, m)| {
            let rest = &text[i + m.len()..];
            rest.find('"').map(|end| &rest[..end])
        })
        .collect()
}

fn read_dir(dir: &Path, ext: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(read_dir(&path, ext));
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push((path.display().to_string(), std::fs::read_to_string(&path).unwrap_or_default()));
        }
    }
    out
}

#[test]
fn every_key_the_templates_use_exists() {
    let en = english();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut used = 0;
    for (path, text) in read_dir(&root.join("templates"), "html") {
        for prefix in ["nav.t(\"", "nav.t1(\"", "nav.t2(\"", "nav.t3(\""] {
            for key in calls(&text, prefix) {
                used += 1;
                assert!(en.contains(key), "{path} uses {key}, which en lacks");
            }
        }
    }
    assert!(used > 200, "only {used} keys found in the templates");
}

#[test]
fn every_key_the_rust_code_uses_exists() {
    let en = english();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let prefixes: BTreeSet<&str> = en.iter().filter_map(|k| k.split('-').next()).collect();
    let mut files = read_dir(&root.join("src/pages"), "rs");
    // The refusals' own words (`ApiError::text`).
    files.extend(read_dir(&root.join("../server/src/service"), "rs"));
    for file in [
        "src/views/mod.rs",
        "src/i18n.rs",
        "../server/src/http/pages.rs",
        "../server/src/http/tournaments.rs",
        "../server/src/auth/password.rs",
        "../server/src/http/body_limit.rs",
        "../server/src/http/prizes.rs",
        "../server/src/error/mod.rs",
    ] {
        files.push((
            file.to_string(),
            std::fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}")),
        ));
    }
    let mut used = 0;
    for (path, text) in files {
        // Every string literal shaped like a key of a known family (`status-draft`, `error-title-404`).
        for lit in text.split('"').skip(1).step_by(2) {
            let family = lit.split('-').next().unwrap_or_default();
            let shaped = lit.contains('-')
                && !lit.ends_with('-')
                && lit.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            if shaped && prefixes.contains(family) && !["first-win", "allow-multiple"].contains(&lit) {
                used += 1;
                assert!(en.contains(lit), "{path} uses {lit}, which en lacks");
            }
        }
    }
    assert!(used > 20, "only {used} keys found in the Rust code");
}

#[test]
fn every_key_the_scripts_use_exists_and_every_script_message_is_used() {
    let en = english();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scripts = read_dir(&root.join("static"), "js");
    let all: String = scripts.iter().map(|(_, t)| t.as_str()).collect();
    let mut dynamic = Vec::new();
    for (path, text) in &scripts {
        for prefix in ["t(\"", "L(\""] {
            for key in calls(text, prefix) {
                if key.ends_with('-') {
                    // A family chosen at run time (`"live-clock-" + state`).
                    assert!(en.iter().any(|k| k.starts_with(&format!("js-{key}"))), "{path}: no js-{key}*");
                    dynamic.push(key.to_string());
                } else {
                    assert!(en.contains(&format!("js-{key}")), "{path} uses {key}, which en/js.ftl lacks");
                }
            }
        }
    }
    for id in ids(Lang::En, "js.ftl") {
        let key = id.trim_start_matches("js-");
        let named = all.contains(&format!("\"{key}\""));
        assert!(named || dynamic.iter().any(|d| key.starts_with(d.as_str())), "{id} is used by no script");
    }
}
