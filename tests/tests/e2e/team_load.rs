//! Many requests in flight on a team event (issue 25), on SQLite and
//! PostgreSQL: lineups, members' lists, team and member check-in, the
//! staff's roll-off, override, expiry and undo of a captains' step, and a
//! captain reporting a board at the same moment as its player. No answer is
//! a 5xx, exactly one wins where only one can, and what is stored reads
//! back whole afterwards.

use super::captains::{defender, pair_next, post, roster, teams_with, view};
use super::teams::{account, team_event};
use super::undo::put;
use arbiter_server::client::{ApiClient, Reply};
use arbiter_tests::{s, Api, Backend, TestApp};
use futures_util::future::join_all;
use serde_json::{json, Value};

/// `n` copies of `c`'s session on `base`.
fn copies(c: &ApiClient, base: &str, n: usize) -> Vec<ApiClient> {
    (0..n).map(|_| c.clone_to(base)).collect()
}

/// Every reply answered, none a server error; the successes counted.
fn successes(replies: &[Reply], what: &str) -> usize {
    for r in replies {
        assert!(r.status.as_u16() < 500, "{what}: a server error: {} {}", r.status, r.text);
    }
    replies.iter().filter(|r| r.status.is_success()).count()
}

/// The codes of the refused replies.
fn codes(replies: &[Reply]) -> Vec<String> {
    let mut c: Vec<String> = replies.iter().filter(|r| !r.status.is_success()).map(|r| r.code().to_string()).collect();
    c.sort();
    c.dedup();
    c
}

async fn registration_storm(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut to, _, _) = account(&app, "Organiser").await;
    let (mut captain, _, _) = account(&app, "Captain").await;
    let tid = team_event(&mut to, "wh40k", "swiss_record", 2, json!({ "format": "wh40k", "size": 5 })).await;
    let players: Vec<Value> = ["Orks", "Necrons", "Aeldari", "Tau Empire", "Space Marines"]
        .iter()
        .enumerate()
        .map(|(i, f)| json!({ "name": format!("P{}", i + 1), "faction": f }))
        .collect();
    let team = captain
        .post(&format!("/api/tournaments/{tid}/teams"), &json!({ "name": "Storm", "players": players }))
        .await
        .unwrap()
        .ok()
        .unwrap()["team"]
        .clone();
    let team_id = s(&team, "id").to_string();
    let members: Vec<String> =
        team["members"].as_array().unwrap().iter().map(|m| s(m, "player_id").to_string()).collect();

    // 16 list changes at once, two for each member by the captain and the organiser: all taken, one after the other.
    let mut clients = copies(&captain, &app.base, 8);
    clients.extend(copies(&to, &app.base, 8));
    let replies = join_all(clients.iter_mut().enumerate().map(|(i, c)| {
        let path = format!("/api/teams/{team_id}/members/{}/list", members[i % 5]);
        let body = json!({ "list_text": format!("list {i}") });
        async move { put(c, &path, &body).await }
    }))
    .await;
    assert_eq!(successes(&replies, "lists"), 16);
    let read = to.get(&format!("/api/teams/{team_id}")).await.unwrap().ok().unwrap();
    for (k, m) in read["team"]["members"].as_array().unwrap().iter().enumerate() {
        let text = s(m, "list_text");
        let sent: Vec<String> = (0..16).filter(|i| i % 5 == k).map(|i| format!("list {i}")).collect();
        assert!(sent.iter().any(|t| t == text), "member {k}'s list is one that was sent: {text}");
    }

    // Lineups for round 1: 16 at once, sent in different orders; each taken, the lineup stands whole
    // (regular players keep their board order).
    let mut clients = copies(&captain, &app.base, 8);
    clients.extend(copies(&to, &app.base, 8));
    let orders: Vec<Vec<String>> = (0..16).map(|i| (0..5).map(|k| members[(k + i) % 5].clone()).collect()).collect();
    let replies = join_all(clients.iter_mut().zip(&orders).map(|(c, order)| {
        let path = format!("/api/teams/{team_id}/lineup");
        let body = json!({ "round": 1, "players": order });
        async move { put(c, &path, &body).await }
    }))
    .await;
    assert_eq!(successes(&replies, "lineups"), 16);
    let lineup = to.get(&format!("/api/teams/{team_id}/lineup?round=1")).await.unwrap().ok().unwrap();
    let boards: Vec<String> =
        lineup["lineup"]["boards"].as_array().unwrap().iter().map(|b| s(b, "player_id").to_string()).collect();
    assert_eq!(boards, members, "the lineup is whole, in board order");

    // Check-in: 16 at once (the captain and the organiser): exactly one checks the team in.
    to.advance(&tid).await.unwrap().ok().unwrap();
    let mut clients = copies(&captain, &app.base, 8);
    clients.extend(copies(&to, &app.base, 8));
    let path = format!("/api/teams/{team_id}/check-in");
    let replies = join_all(clients.iter_mut().map(|c| {
        let path = path.clone();
        async move { c.post_empty(&path).await.unwrap() }
    }))
    .await;
    assert_eq!(successes(&replies, "team check-in"), 1);
    assert_eq!(codes(&replies), ["already_checked_in"]);
    // Members' own check-in rows at once: never a server error, each answered the same way.
    let mut clients = copies(&to, &app.base, 10);
    let replies = join_all(clients.iter_mut().enumerate().map(|(i, c)| {
        let path = format!("/api/players/{}/check-in", members[i % 5]);
        async move { c.post_empty(&path).await.unwrap() }
    }))
    .await;
    successes(&replies, "member check-in");
    let read = to.get(&format!("/api/teams/{team_id}")).await.unwrap().ok().unwrap();
    assert_eq!(read["team"]["checked_in"], true);
    assert_eq!(read["team"]["members"].as_array().unwrap().len(), 5);
    app.stop().await;
}

#[actix_web::test]
async fn team_lists_lineups_and_check_ins_at_once_sqlite() {
    registration_storm(Backend::Sqlite).await;
}

#[actix_web::test]
async fn team_lists_lineups_and_check_ins_at_once_postgres() {
    registration_storm(Backend::Postgres).await;
}

async fn staff_storm(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut e = teams_with(&app, 2, json!({ "format": "wh40k", "size": 5 })).await;
    let (_, m, _) = pair_next(&mut e).await;
    let mid = s(&m[0], "id").to_string();

    // Eight roll-offs at once: one is recorded.
    let mut clients = copies(&e.to, &app.base, 8);
    let replies = join_all(clients.iter_mut().enumerate().map(|(i, c)| {
        let mid = mid.clone();
        let winner = if i % 2 == 0 { "a" } else { "b" };
        async move { post(c, &mid, "roll-off", &json!({ "winner": winner })).await }
    }))
    .await;
    assert_eq!(successes(&replies, "roll-off"), 1);
    assert_eq!(codes(&replies), ["process_step"]);
    let v = view(&mut e.to, &mid).await;
    let (a, b) = (roster(&v, "team_a"), roster(&v, "team_b"));

    // Overrides, expiries and undos of the defenders' step at once, by the organiser.
    let mut clients = copies(&e.to, &app.base, 12);
    let replies = join_all(clients.iter_mut().enumerate().map(|(i, c)| {
        let (mid, a, b) = (mid.clone(), a.clone(), b.clone());
        async move {
            let both = json!({ "a": defender(&a[i % 5]), "b": defender(&b[i % 5]) });
            match i % 3 {
                0 => post(c, &mid, "override", &both).await,
                1 => post(c, &mid, "expire", &both).await,
                _ => c.post_empty(&format!("/api/matches/{mid}/process/undo")).await.unwrap(),
            }
        }
    }))
    .await;
    let taken = successes(&replies, "staff steps");
    assert!(taken >= 1, "at least the first override or expiry is taken");
    for c in codes(&replies) {
        assert!(["process_step", "invalid_choice", "choice_locked"].contains(&c.as_str()), "{c}");
    }
    // The log replays whole: one action per success, after the roll-off.
    let v = view(&mut e.to, &mid).await;
    assert_eq!(v["step"].as_u64().unwrap(), 1 + u64::try_from(taken).unwrap(), "{v}");

    // Run the rest by overrides; then a captain and the board's player report board 1 at once.
    let mut v = v;
    while v["state"]["phase"] != "done" {
        let phase = v["state"]["phase"].as_str().unwrap().to_string();
        if phase == "roll_off" {
            // An undo may have taken the roll-off back.
            v = post(&mut e.to, &mid, "roll-off", &json!({ "winner": "a" })).await.ok().unwrap();
            continue;
        }
        let pick = |side: &str| -> Value {
            let pool: Vec<String> = v["state"][format!("pool_{side}")]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap().to_string())
                .collect();
            match phase.as_str() {
                "defenders" => defender(&pool[0]),
                "attackers" => json!({ "kind": "attackers", "first": pool[0], "second": pool[1] }),
                _ => {
                    let other = if side == "a" { "b" } else { "a" };
                    json!({ "kind": "keep", "player": v["state"][format!("attackers_{other}")][0] })
                }
            }
        };
        let body = json!({ "a": pick("a"), "b": pick("b") });
        v = post(&mut e.to, &mid, "override", &body).await.ok().unwrap_or_else(|r| panic!("override {body}: {r:?}"));
    }
    let v = view(&mut e.to, &mid).await;
    let game = v["games"][0].clone();
    let gid = s(&game, "id").to_string();
    let player = s(&game["player1"], "id").to_string();
    let team_a = s(&v["team_a"], "id").to_string();
    let path = format!("/api/pairings/{gid}/report");
    let mut by_captain = copies(e.captain_of(&team_a), &app.base, 4);
    let mut by_player = copies(e.member(&player), &app.base, 4);
    let replies = join_all(by_captain.iter_mut().chain(by_player.iter_mut()).enumerate().map(|(i, c)| {
        let path = path.clone();
        let body = json!({ "player1_vp": 60 + i, "player2_vp": 40 });
        async move { c.post(&path, &body).await.unwrap() }
    }))
    .await;
    assert_eq!(successes(&replies, "board reports"), 1, "{:?}", replies.iter().map(|r| &r.text).collect::<Vec<_>>());
    assert_eq!(codes(&replies), ["already_reported"]);
    let stored = view(&mut e.to, &mid).await["games"][0].clone();
    assert_eq!(stored["id"], game["id"]);
    assert_eq!(stored["state"], "REPORTED");
    let won = replies.iter().position(|r| r.status.is_success()).unwrap();
    assert_eq!(
        stored["player1_vp"].as_u64().unwrap(),
        60 + u64::try_from(won).unwrap(),
        "the winner's report is stored"
    );
    app.stop().await;
}

#[actix_web::test]
async fn staff_steps_and_board_reports_at_once_sqlite() {
    staff_storm(Backend::Sqlite).await;
}

#[actix_web::test]
async fn staff_steps_and_board_reports_at_once_postgres() {
    staff_storm(Backend::Postgres).await;
}
