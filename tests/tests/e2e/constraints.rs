//! Pairing constraints: pairs to keep apart (set by hand, or every two
//! players of one club), fixed tables; honoured by the record-based Swiss
//! and the FIDE Dutch system (as forbidden pairs, [C1]), shown in drafts.

use super::undo::{put, refused};
use arbiter_server::client::ApiClient;
use arbiter_tests::{s, Api, Backend, Event, TestApp};
use futures_util::future::join_all;
use serde_json::{json, Value};

/// The (player1, player2) registration ids of a draft's tables.
fn pairs(d: &Value) -> Vec<(String, String)> {
    d["round"]["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| !p["player2"].is_null())
        .map(|p| (s(&p["player1"], "id").to_string(), s(&p["player2"], "id").to_string()))
        .collect()
}

fn met(pairs: &[(String, String)], a: &str, b: &str) -> bool {
    pairs.iter().any(|(x, y)| (x == a && y == b) || (x == b && y == a))
}

async fn draft(to: &mut ApiClient, round: &str) -> Value {
    to.post_empty(&format!("/api/rounds/{round}/draft")).await.unwrap().ok().unwrap()
}

#[actix_web::test]
async fn pairs_are_kept_apart_and_tables_fixed_sqlite() {
    constrained(Backend::Sqlite, "wh40k").await;
}

#[actix_web::test]
async fn pairs_are_kept_apart_and_tables_fixed_postgres() {
    constrained(Backend::Postgres, "wh40k").await;
}

#[actix_web::test]
async fn dutch_pairs_are_kept_apart_as_forbidden_pairs() {
    constrained(Backend::Sqlite, "chess").await;
}

async fn constrained(backend: Backend, game: &str) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let body = if game == "chess" {
        json!({ "name": "Kept Apart", "event_date": "2026-05-17", "format": "Open", "game": "chess", "pairing_system": "dutch", "total_rounds": 3 })
    } else {
        json!({ "name": "Kept Apart", "event_date": "2026-05-17", "format": "GT", "total_rounds": 3 })
    };
    let mut ev = Event::build(&app.base).tournament(body).numbered("A", 6).faction("Orks").start().await.unwrap();
    let tid = ev.tid.clone();
    let url = format!("/api/tournaments/{tid}/constraints");
    let round = s(&ev.to.new_round(&tid).await.unwrap().ok().unwrap()["round"], "id").to_string();

    // Refusals first: only the staff reads them, only organisers set them, and they must make sense.
    let before = app.fingerprint().await.unwrap();
    let r = ev.players[0].get(&url).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (403, "not_tournament_staff"));
    let (p0, p1) = (ev.registrations[0].clone(), ev.registrations[1].clone());
    let r = put(&mut ev.players[0], &url, &json!({ "avoid": [[p0, p1]] })).await;
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    for bad in [
        json!({ "avoid": [[p0, p0]] }),
        json!({ "avoid": [[p0, uuid::Uuid::new_v4()]] }),
        json!({ "fixed_tables": [{ "player": p0, "table": 0 }] }),
        json!({ "fixed_tables": [{ "player": p0, "table": 3 }, { "player": p1, "table": 3 }] }),
    ] {
        let r = put(&mut ev.to, &url, &bad).await;
        refused(&app, &before, &r, 422, "invalid_constraints").await;
    }
    let r = put(&mut ev.to, &url, &json!({ "avoid": [], "nonsense": true })).await;
    assert_eq!((r.status.as_u16(), r.code()), (400, "invalid_json"), "{}", r.body);

    // The engine's pairing, then the same with its first pair kept apart: they no longer meet.
    let free = pairs(&draft(&mut ev.to, &round).await);
    let (a, b) = free[0].clone();
    let set = put(&mut ev.to, &url, &json!({ "avoid": [[a, b], [b, a]] })).await.ok().unwrap();
    assert_eq!(set["avoid"].as_array().map(Vec::len), Some(1), "a pair given twice is kept once");
    let kept = pairs(&draft(&mut ev.to, &round).await);
    assert!(!met(&kept, &a, &b), "{a} and {b} still meet: {kept:?}");
    assert_eq!(kept.len(), 3);
    // Swapped back by hand (b takes the seat of a's opponent), the draft says what it breaks.
    let a_at = kept.iter().position(|(p, q)| *p == a || *q == a).unwrap();
    let opp = if kept[a_at].0 == a { kept[a_at].1.clone() } else { kept[a_at].0.clone() };
    let layout: Vec<Value> = kept
        .iter()
        .enumerate()
        .map(|(k, (x, y))| {
            let swap = |p: &String| {
                if *p == b {
                    opp.clone()
                } else if *p == opp {
                    b.clone()
                } else {
                    p.clone()
                }
            };
            json!({ "table": k + 1, "player1": swap(x), "player2": swap(y) })
        })
        .collect();
    let path = format!("/api/rounds/{round}/draft");
    let before = app.fingerprint().await.unwrap();
    let r = put(&mut ev.to, &path, &json!({ "tables": layout })).await;
    super::undo::refused(&app, &before, &r, 409, "confirmation_required").await;
    let d = put(&mut ev.to, &path, &json!({ "tables": layout, "confirm": true })).await.ok().unwrap();
    let avoid: Vec<&Value> = d["checks"].as_array().unwrap().iter().filter(|c| c["kind"] == "avoid").collect();
    assert_eq!(avoid.len(), 1, "{}", d["checks"]);
    assert!(s(avoid[0], "message").ends_with("are a pair to keep apart."));

    // Fixed table: a player pinned to table 3 sits there.
    let pinned = kept[0].0.clone();
    put(&mut ev.to, &url, &json!({ "avoid": [[a, b]], "fixed_tables": [{ "player": pinned, "table": 3 }] }))
        .await
        .ok()
        .unwrap();
    let d = draft(&mut ev.to, &round).await;
    let at = d["round"]["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| s(&p["player1"], "id") == pinned || p["player2"]["id"] == pinned.as_str())
        .unwrap();
    assert_eq!(at["table"], 3, "{d}");
    // Published, the round keeps both.
    let published = ev.to.post_empty(&format!("/api/rounds/{round}/draft/publish")).await.unwrap().ok().unwrap();
    let tables: Vec<(String, String)> = pairs(&published);
    assert!(!met(&tables, &a, &b));
    let got = ev.to.get(&url).await.unwrap().ok().unwrap();
    assert_eq!(got["fixed_tables"][0]["table"], 3);

    // Organisers setting constraints at once: the last write stands, whole.
    let answers = join_all((0..4).map(|k| {
        let mut c = ev.to.clone_to(&app.base);
        let (u, body) = (
            url.clone(),
            json!({ "fixed_tables": [{ "player": ev.registrations[k], "table": 1 + u32::try_from(k).unwrap() }] }),
        );
        async move { put(&mut c, &u, &body).await }
    }))
    .await;
    assert!(answers.iter().all(|a| a.status.is_success()));
    let got = ev.to.get(&url).await.unwrap().ok().unwrap();
    assert_eq!(got["fixed_tables"].as_array().map(Vec::len), Some(1));
    app.stop().await;
}

/// Every two players of one club are kept apart when the organiser asks.
#[actix_web::test]
async fn players_of_one_club_are_kept_apart() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "C", 4, 3).await.unwrap();
    let tid = ev.tid.clone();
    let round = s(&ev.to.new_round(&tid).await.unwrap().ok().unwrap()["round"], "id").to_string();
    let free = pairs(&draft(&mut ev.to, &round).await);
    // The engine's first table: both players join the same club.
    for id in [&free[0].0, &free[0].1] {
        ev.to.put_profile(id, &json!({ "profile": { "club": "Waaagh! Club" } })).await.unwrap().ok().unwrap();
    }
    put(&mut ev.to, &format!("/api/tournaments/{tid}/constraints"), &json!({ "avoid_same_club": true }))
        .await
        .ok()
        .unwrap();
    let kept = pairs(&draft(&mut ev.to, &round).await);
    assert!(!met(&kept, &free[0].0, &free[0].1), "club mates meet: {kept:?}");
    app.stop().await;
}
