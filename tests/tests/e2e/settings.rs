//! An event's settings changed after creation where the rules allow, each
//! change recorded with who, when, and every field before and after.

use super::undo::refused;
use arbiter_server::client::{ApiClient, Reply};
use arbiter_tests::{s, Api, Backend, Event, TestApp};
use awc::http::Method;
use futures_util::future::join_all;
use serde_json::{json, Value};

async fn patch(c: &mut ApiClient, tid: &str, body: &Value) -> Reply {
    c.send(Method::PATCH, &format!("/api/tournaments/{tid}/settings"), Some(body)).await.unwrap()
}

async fn log(c: &mut ApiClient, tid: &str) -> Vec<Value> {
    c.get(&format!("/api/tournaments/{tid}/settings/log")).await.unwrap().ok().unwrap()["log"]
        .as_array()
        .unwrap()
        .clone()
}

#[actix_web::test]
async fn settings_change_where_the_rules_allow_and_are_logged_sqlite() {
    settings(Backend::Sqlite).await;
}

#[actix_web::test]
async fn settings_change_where_the_rules_allow_and_are_logged_postgres() {
    settings(Backend::Postgres).await;
}

async fn settings(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut ev = Event::start(&app.base, "P", 4, 3).await.unwrap();
    let tid = ev.tid.clone();

    let r = patch(
        &mut ev.to,
        &tid,
        &json!({ "name": "Renamed GT", "location": "", "total_rounds": 4, "round_times": ["09:30", "12:00"] }),
    )
    .await;
    let done = r.ok().unwrap();
    assert_eq!(
        (s(&done["tournament"], "name"), &done["tournament"]["location"], &done["tournament"]["total_rounds"]),
        ("Renamed GT", &Value::Null, &json!(4))
    );
    let fields: Vec<&str> = done["changes"].as_array().unwrap().iter().map(|c| s(c, "field")).collect();
    assert_eq!(fields, ["name", "location", "total_rounds", "round_times"]);
    assert_eq!(done["changes"][0], json!({ "field": "name", "before": "P Open", "after": "Renamed GT" }));
    let entries = log(&mut app.client(), &tid).await;
    assert_eq!((entries.len(), s(&entries[0], "by")), (1, "Organiser"));
    assert_eq!(entries[0]["changes"], done["changes"]);
    // Nothing changed: nothing recorded.
    let same = patch(&mut ev.to, &tid, &json!({ "name": "Renamed GT" })).await.ok().unwrap();
    assert_eq!(same["changes"], json!([]));
    assert_eq!(log(&mut ev.to, &tid).await.len(), 1);

    // Refusals, each leaving the database as it was.
    let before = app.fingerprint().await.unwrap();
    let r = patch(&mut ev.players[0], &tid, &json!({ "name": "Mine now" })).await;
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = patch(&mut ev.to, &tid, &json!({ "name": "" })).await;
    refused(&app, &before, &r, 422, "invalid_field").await;
    let r = patch(&mut ev.to, &tid, &json!({ "total_rounds": 0 })).await;
    refused(&app, &before, &r, 422, "invalid_field").await;
    let r = patch(&mut ev.to, &tid, &json!({ "event_date": "2026-02-30" })).await;
    refused(&app, &before, &r, 422, "invalid_field").await;
    let r = patch(&mut ev.to, &tid, &json!({ "round_times": ["25:00"] })).await;
    refused(&app, &before, &r, 422, "invalid_field").await;
    let r = patch(&mut ev.to, &tid, &json!({ "owner_id": "x" })).await;
    assert_eq!((r.status.as_u16(), r.code()), (400, "invalid_json"), "{}", r.body);

    // Rounds already created bound the number of rounds.
    let (r1, tables) = ev.pair_next().await.unwrap();
    for t in &tables {
        ev.play(t, 60, 40).await.unwrap();
    }
    ev.to.close_round(&r1).await.unwrap().ok().unwrap();
    ev.to.new_round(&tid).await.unwrap().ok().unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = patch(&mut ev.to, &tid, &json!({ "total_rounds": 1 })).await;
    refused(&app, &before, &r, 409, "setting_locked").await;
    assert_eq!(s(&r.body, "message"), "total_rounds: round 2 exists already; the event has at least 2.");
    patch(&mut ev.to, &tid, &json!({ "total_rounds": 2, "event_date": "2026-05-18" })).await.ok().unwrap();

    // Many organisers' changes at once: each is recorded.
    let answers = join_all((0..6).map(|k| {
        let mut c = ev.to.clone_to(&app.base);
        let t = tid.clone();
        async move { patch(&mut c, &t, &json!({ "format": format!("Format {k}") })).await }
    }))
    .await;
    assert!(
        answers.iter().all(|a| a.status.is_success()),
        "{:?}",
        answers.iter().map(|a| a.body.clone()).collect::<Vec<_>>()
    );
    let entries = log(&mut ev.to, &tid).await;
    assert_eq!(entries.len(), 2 + 6);
    let now = ev.to.tournament(&tid).await.unwrap().ok().unwrap();
    assert_eq!(
        entries.last().unwrap()["changes"][0]["after"],
        now["tournament"]["format"],
        "the last change recorded is the setting now"
    );

    // A chess event's date is fixed once round 1 is paired; a complete event keeps its rounds.
    let body = json!({ "name": "Chess Date", "event_date": "2026-05-17", "format": "Open", "game": "chess", "pairing_system": "dutch", "total_rounds": 1 });
    let mut chess = Event::build(&app.base).tournament(body).numbered("D", 2).faction("Club").start().await.unwrap();
    let r1 = s(&chess.to.new_round(&chess.tid).await.unwrap().ok().unwrap()["round"], "id").to_string();
    let paired = chess.to.pair_round(&r1).await.unwrap().ok().unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = patch(&mut chess.to, &chess.tid, &json!({ "event_date": "2026-05-20" })).await;
    refused(&app, &before, &r, 409, "setting_locked").await;
    assert!(s(&r.body, "message").contains("C.07"), "{}", r.body);
    let pid = s(&paired["round"]["pairings"][0], "id").to_string();
    chess.to.override_result(&pid, &json!({ "result": "1-0" })).await.unwrap().ok().unwrap();
    chess.to.close_round(&r1).await.unwrap().ok().unwrap();
    chess.to.advance(&chess.tid).await.unwrap().ok().unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = patch(&mut chess.to, &chess.tid, &json!({ "total_rounds": 2 })).await;
    refused(&app, &before, &r, 409, "setting_locked").await;
    let fixed = patch(&mut chess.to, &chess.tid, &json!({ "name": "Chess Date 2026" })).await.ok().unwrap();
    assert_eq!(s(&fixed["tournament"], "name"), "Chess Date 2026", "a name is corrected after the event");
    app.stop().await;
}
