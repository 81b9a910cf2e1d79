//! A team event's rules changed after creation (`teams` in the settings):
//! the step timer and the table choice until the event is complete; the
//! conversion table, the draw band, the no-faction-twice rule and the
//! reserves until round 1 is paired, and not while a registered team breaks
//! the new rule; the format and the size never. Each change is logged field
//! by field; each refusal changes nothing.

use super::teams::{account, team_event};
use super::undo::refused;
use arbiter_server::client::{ApiClient, Reply};
use arbiter_tests::{s, Api, Backend, TestApp};
use awc::http::Method;
use futures_util::future::join_all;
use serde_json::{json, Value};

async fn patch(c: &mut ApiClient, tid: &str, teams: &Value) -> Reply {
    c.send(Method::PATCH, &format!("/api/tournaments/{tid}/settings"), Some(&json!({ "teams": teams }))).await.unwrap()
}

/// A roster of five walk-ins named `prefix1`… playing `factions`.
fn roster(prefix: &str, factions: [&str; 5]) -> Vec<Value> {
    factions.iter().enumerate().map(|(i, f)| json!({ "name": format!("{prefix}{}", i + 1), "faction": f })).collect()
}

#[actix_web::test]
async fn team_rules_change_where_the_rules_allow_sqlite() {
    team_rules(Backend::Sqlite).await;
}

#[actix_web::test]
async fn team_rules_change_where_the_rules_allow_postgres() {
    team_rules(Backend::Postgres).await;
}

async fn team_rules(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut to, _, _) = account(&app, "Organiser").await;
    let rules = json!({ "format": "wh40k", "size": 5, "reserves": 1, "unique_factions": false });
    let tid = team_event(&mut to, "wh40k", "swiss_record", 3, rules).await;
    let teams = format!("/api/tournaments/{tid}/teams");
    let factions = ["Orks", "Necrons", "Aeldari", "Tau Empire", "Space Marines"];
    let alpha = json!({ "name": "Alpha", "captain": null, "players": roster("A", factions),
        "reserves": [{ "name": "A6", "faction": "Votann" }] });
    to.post(&teams, &alpha).await.unwrap().ok().unwrap();
    let beta = json!({ "name": "Beta", "captain": null, "players": roster("B", ["Orks", "Orks", "Aeldari", "Necrons", "Drukhari"]) });
    to.post(&teams, &beta).await.unwrap().ok().unwrap();

    // Registered teams keep the rules: Beta plays Orks twice, Alpha has a reserve.
    let before = app.fingerprint().await.unwrap();
    let r = patch(&mut to, &tid, &json!({ "unique_factions": true })).await;
    refused(&app, &before, &r, 409, "setting_locked").await;
    assert!(s(&r.body, "message").contains("Orks appears twice in Beta"), "{}", r.body);
    let r = patch(&mut to, &tid, &json!({ "reserves": 0 })).await;
    refused(&app, &before, &r, 409, "setting_locked").await;
    assert!(s(&r.body, "message").contains("Alpha has 1 reserves"), "{}", r.body);
    // Bad values and fixed rules.
    let r = patch(&mut to, &tid, &json!({ "step_seconds": 5 })).await;
    refused(&app, &before, &r, 422, "invalid_field").await;
    assert_eq!(r.body["details"]["field"], json!("teams.step_seconds"), "{}", r.body);
    let r = patch(&mut to, &tid, &json!({ "size": 8 })).await;
    refused(&app, &before, &r, 409, "setting_locked").await;
    assert!(s(&r.body, "message").contains("fixed when the event is created"), "{}", r.body);
    let r = patch(&mut to, &tid, &json!({ "format": "chess" })).await;
    refused(&app, &before, &r, 409, "setting_locked").await;
    let bad_table = json!({ "conversion": { "total": 20, "bands": [{ "min_margin": 3, "winner": 10 }] } });
    let r = patch(&mut to, &tid, &bad_table).await;
    assert_eq!(r.status.as_u16(), 400, "{}", r.body);
    assert!(s(&r.body, "message").contains("starts at a margin of 3"), "{}", r.body);
    // The same size and format are accepted (a form sends every field).
    let same = patch(&mut to, &tid, &json!({ "format": "wh40k", "size": 5 })).await.ok().unwrap();
    assert_eq!(same["changes"], json!([]));

    // Before round 1: every rule but the format and size.
    let table = json!({ "total": 20, "bands": [{ "min_margin": 0, "winner": 10 }, { "min_margin": 6, "winner": 15 },
        { "min_margin": 21, "winner": 20 }] });
    let body = json!({ "step_seconds": 240, "conversion": table, "match_rule": { "draw_band": 5 },
        "table_choice": "roll_off_loser", "size": 5 });
    let done = patch(&mut to, &tid, &body).await.ok().unwrap();
    let fields: Vec<&str> = done["changes"].as_array().unwrap().iter().map(|c| s(c, "field")).collect();
    assert_eq!(fields, ["teams.step_seconds", "teams.table_choice", "teams.conversion", "teams.match_rule"]);
    assert_eq!(done["changes"][0], json!({ "field": "teams.step_seconds", "before": 180, "after": 240 }));
    let t = to.get(&format!("/api/tournaments/{tid}")).await.unwrap().ok().unwrap();
    assert_eq!(
        (&t["tournament"]["teams"]["step_seconds"], &t["tournament"]["teams"]["conversion"]),
        (&json!(240), &table)
    );
    let log = to.get(&format!("/api/tournaments/{tid}/settings/log")).await.unwrap().ok().unwrap();
    assert_eq!(log["log"][0]["changes"], done["changes"]);

    // Round 1 paired: the scoring rules are fixed, the timer still changes.
    to.advance(&tid).await.unwrap().ok().unwrap();
    let listed = to.get(&teams).await.unwrap().ok().unwrap();
    for team in listed["teams"].as_array().unwrap() {
        to.post_empty(&format!("/api/teams/{}/check-in", s(team, "id"))).await.unwrap().ok().unwrap();
    }
    to.advance(&tid).await.unwrap().ok().unwrap();
    let round = to.new_round(&tid).await.unwrap().ok().unwrap();
    let paired = to.pair_round(s(&round["round"], "id")).await.unwrap().ok().unwrap();
    let mid = s(&paired["round"]["pairings"][0], "id").to_string();
    let before = app.fingerprint().await.unwrap();
    for fixed in [json!({ "match_rule": { "draw_band": 0 } }), json!({ "unique_factions": true })] {
        let r = patch(&mut to, &tid, &fixed).await;
        refused(&app, &before, &r, 409, "setting_locked").await;
        assert!(s(&r.body, "message").contains("fixed once round 1 is paired"), "{}", r.body);
    }
    patch(&mut to, &tid, &json!({ "step_seconds": 300 })).await.ok().unwrap();
    let view = to.get(&format!("/api/matches/{mid}/process")).await.unwrap().ok().unwrap();
    assert_eq!(view["step_seconds"], json!(300));
    let started = view["step_started_at"].as_i64().unwrap();
    assert_eq!(view["deadline"].as_i64().unwrap(), started + 300_000, "the running step follows the new length");

    // Eight timer changes at once: each taken in turn, each logged from the one before.
    let replies = join_all((0..8).map(|i| {
        let mut c = to.clone_to(&app.base);
        let tid = tid.clone();
        async move { patch(&mut c, &tid, &json!({ "step_seconds": 400 + i })).await }
    }))
    .await;
    assert!(
        replies.iter().all(|r| r.status.as_u16() == 200),
        "{:?}",
        replies.iter().map(|r| &r.body).collect::<Vec<_>>()
    );
    let log = to.get(&format!("/api/tournaments/{tid}/settings/log")).await.unwrap().ok().unwrap();
    let steps: Vec<(Value, Value)> = log["log"].as_array().unwrap()[2..]
        .iter()
        .map(|e| (e["changes"][0]["before"].clone(), e["changes"][0]["after"].clone()))
        .collect();
    assert_eq!(steps.len(), 8, "{log}");
    assert_eq!(steps[0].0, json!(300));
    assert!(steps.windows(2).all(|w| w[0].1 == w[1].0), "each change starts where the last ended: {steps:?}");
    let t = to.get(&format!("/api/tournaments/{tid}")).await.unwrap().ok().unwrap();
    assert_eq!(t["tournament"]["teams"]["step_seconds"], steps[7].1);

    // A chess team event has no captains' process; a singles event no team rules.
    let chess = team_event(&mut to, "chess", "dutch", 5, json!({ "format": "chess", "size": 4 })).await;
    let r = patch(&mut to, &chess, &json!({ "step_seconds": 240 })).await;
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_field"), "{}", r.body);
    assert!(s(&r.body, "message").contains("only a 40K team event"), "{}", r.body);
    patch(&mut to, &chess, &json!({ "ranking_boards": 3 })).await.ok().unwrap();
    let singles = to
        .create_tournament(&json!({ "name": "Singles", "event_date": "2026-05-17", "format": "GT", "game": "wh40k",
            "pairing_system": "swiss_record", "total_rounds": 3 }))
        .await
        .unwrap()
        .ok()
        .unwrap();
    let r = patch(&mut to, s(&singles["tournament"], "id"), &json!({ "step_seconds": 240 })).await;
    assert_eq!((r.status.as_u16(), r.code()), (409, "not_team_event"), "{}", r.body);
}
