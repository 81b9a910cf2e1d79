//! Every standings column the engine knows — each FIDE C.07 tie-break, the
//! 40K and crokinole criteria, the primary scores — and every C.07 art. 14
//! modifier has a name in every language: pages name columns by key
//! (`js-tbn-<key>`, `js-tbm-<kind>`), so a key without a message would show
//! a missing text.

use arbiter_engine::standings::{ColumnKey, ColumnModifier};
use arbiter_web::i18n::{message_ids, Lang};
use arbiter_web::views::{TiebreakKey, TiebreakModifier};
use std::collections::BTreeSet;

/// The scripts' messages of `lang`.
fn script_messages(lang: Lang) -> BTreeSet<String> {
    let (ids, errors) = message_ids(lang, "js.ftl");
    assert!(errors.is_empty(), "{lang:?}: {errors:?}");
    ids.into_iter().collect()
}

/// The message the scripts name a column by (`games.js`, `G.tbName`).
fn name_message(key: TiebreakKey) -> String {
    format!("js-tbn-{}", key.as_str().replace('_', "-"))
}

#[test]
fn every_column_the_engine_knows_is_named_in_every_language() {
    assert!(ColumnKey::ALL.len() > 30, "the engine's keys were listed");
    for lang in Lang::ALL {
        let messages = script_messages(lang);
        let missing: Vec<String> = ColumnKey::ALL
            .iter()
            .map(|&k| name_message(TiebreakKey::from(k)))
            .filter(|m| !messages.contains(m))
            .collect();
        assert!(missing.is_empty(), "{lang:?} lacks {missing:?}");
        for m in [ColumnModifier::Cut(1), ColumnModifier::Median(1)] {
            let id = format!("js-tbm-{}", TiebreakModifier::from(m).kind());
            assert!(messages.contains(&id), "{lang:?} lacks {id}");
        }
    }
}

#[test]
fn every_key_the_views_carry_comes_from_the_engine() {
    let engine: BTreeSet<&str> = ColumnKey::ALL.iter().map(|k| k.as_str()).collect();
    let views: BTreeSet<&str> = TiebreakKey::ALL.iter().map(|k| k.as_str()).collect();
    assert_eq!(engine, views);
}

#[test]
fn the_scripts_name_columns_by_key_only() {
    let games = include_str!("../static/games.js");
    assert!(games.contains("L(\"tbn-\" + c.key"), "games.js names columns by key");
    for english in ["Buchholz", "Sonneborn-Berger", "Number of Wins", "Direct Encounter", "Total 20s"] {
        assert!(!games.contains(english), "games.js matches the English name {english}");
    }
}
