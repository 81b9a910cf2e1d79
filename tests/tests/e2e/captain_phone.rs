//! A team's captain on their phone (issue 25, points 2 and 5), on SQLite and
//! PostgreSQL. The 40K team captains of [`super::captains::teams`] do not
//! play: each registered a team of five other accounts.
//!
//! - The player page (`/t/{id}/me`) opens for a captain who does not play
//!   (it sent them away before): it links their pairing room, and its
//!   snapshot and the `player` socket's show their team and its match.
//! - Once the process is done, the captain's socket carries every game of
//!   the match (board 1 first, as the process answers them): the issue has
//!   a team match's games "reported by each board's players or by the
//!   captain". The captain reports board 3 for their player, the other
//!   captain confirms it, and both captains' sockets get both steps; a
//!   player of the match (not a captain) is sent their own game only.
//! - In Chromium at 390×844 (SQLite): the captain's phone lists the five
//!   boards, and confirms a board the other captain reported with one tap.

use crate::captains::{pair_next, run_process, teams};
use crate::team_views::view;
use arbiter_tests::{s, Api, Backend, TestApp, WsClient};
use serde_json::Value;
use std::time::Duration;

const WAIT: Duration = arbiter_tests::WAIT;

/// The live snapshot embedded in a page (`<script id="snapshot">`): its data.
fn page_snapshot(html: &str) -> Value {
    let start = html.find(r#"id="snapshot">"#).expect("the page has no snapshot") + r#"id="snapshot">"#.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str::<Value>(&html[start..end]).unwrap()["data"].clone()
}

/// The first frame of `kind` that `pred` accepts (which must come).
async fn until_kind(ws: &mut WsClient, kind: &str, pred: impl Fn(&Value) -> bool) -> Value {
    let (seen, found) = ws.until(WAIT, |f| f["kind"] == kind && pred(&f["data"])).await;
    assert!(found, "no {kind} frame: {seen:?}");
    seen.last().cloned().unwrap()
}

/// The first frame of `kind` about pairing `id`.
async fn until_game(ws: &mut WsClient, kind: &str, id: &str) -> Value {
    until_kind(ws, kind, |d| d["pairing"]["id"] == id).await
}

async fn captain_phone(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut e = teams(&app, 2).await;
    let tid = e.tid.clone();
    let (_, matches, _) = pair_next(&mut e).await;
    let m = matches[0].clone();
    let mid = s(&m, "id").to_string();
    let (ta, tb) = (s(&m["player1"], "id").to_string(), s(&m["player2"], "id").to_string());
    let (a, b) = (e.ids.iter().position(|t| *t == ta).unwrap(), e.ids.iter().position(|t| *t == tb).unwrap());

    // The page: no longer sent away; their room linked, their team's match shown.
    let (status, html) = e.captains[a].get_text(&format!("/t/{tid}/me")).await.unwrap();
    assert_eq!(status.as_u16(), 200, "the captain's player page: {status}");
    assert!(html.contains(&format!("/t/{tid}/matches/{mid}")), "the page links the captain's pairing room");
    let snap = page_snapshot(&html);
    assert_eq!(s(&snap["team"], "id"), ta, "the captain's team");
    assert_eq!(s(&snap["team_match"], "id"), mid, "the team's match");
    assert_eq!(snap["team"]["captain_id"], snap["me"]["user_id"], "the page knows them as the captain");
    assert!(snap["team_games"].is_null(), "no games before the process ends: {snap}");

    let (mut cap_a, live) = view(&app, &tid, "view=player", e.captains[a].session()).await;
    assert_eq!(s(&live["team_match"], "id"), mid);
    let (mut cap_b, _) = view(&app, &tid, "view=player", e.captains[b].session()).await;

    // The process: the games are paired; the captain's socket gets them all.
    let done = run_process(&mut e, &m).await;
    let ids: Vec<String> = done["games"].as_array().unwrap().iter().map(|g| s(g, "id").to_string()).collect();
    assert_eq!(ids.len(), 5);
    let paired = until_kind(&mut cap_a, "match_games_paired", |_| true).await;
    let sent: Vec<&str> = paired["data"]["games"].as_array().unwrap().iter().map(|g| s(g, "id")).collect();
    assert_eq!(sent, ids, "every game of the match, board 1 first");
    let (_, again) = view(&app, &tid, "view=player", e.captains[a].session()).await;
    let games: Vec<&str> = again["team_games"].as_array().unwrap().iter().map(|g| s(g, "id")).collect();
    assert_eq!(games, ids, "the snapshot's games");
    assert!(again["pairing"].is_null(), "a captain who does not play has no game of their own");

    // A player of board 1 of team A: their own game only, in the snapshot and live.
    let first = s(&done["games"][0]["player1"], "id").to_string();
    let (mut player, own) = view(&app, &tid, "view=player", e.member(&first).session()).await;
    assert!(own["team_games"].is_null(), "a player is sent no other game: {own}");
    assert_eq!(s(&own["pairing"], "id"), ids[0]);

    // Board 3: the captain of team A reports for their player, B's confirms.
    let reported = e.captains[a].report_vp(&ids[2], 65, 60).await.unwrap().ok().unwrap();
    assert_eq!(reported["pairing"]["state"], "REPORTED", "{reported}");
    for ws in [&mut cap_a, &mut cap_b] {
        let f = until_game(ws, "result_reported", &ids[2]).await;
        assert_eq!(f["data"]["pairing"]["match_id"], Value::String(mid.clone()));
    }
    let confirmed = e.captains[b].confirm(&ids[2]).await.unwrap().ok().unwrap();
    assert_eq!(confirmed["pairing"]["state"], "CONFIRMED", "{confirmed}");
    for ws in [&mut cap_a, &mut cap_b] {
        until_game(ws, "result_confirmed", &ids[2]).await;
    }
    let heard = player.collect(Duration::from_millis(300)).await;
    assert!(heard.iter().all(|f| f["data"]["pairing"]["id"] != Value::String(ids[2].clone())), "{heard:?}");
    app.stop().await;
}

#[actix_web::test]
async fn a_captain_who_does_not_play_reports_a_board_from_their_phone_sqlite() {
    captain_phone(Backend::Sqlite).await;
}

#[actix_web::test]
async fn a_captain_who_does_not_play_reports_a_board_from_their_phone_postgres() {
    captain_phone(Backend::Postgres).await;
}

/// The captain's phone in Chromium at 390×844: once the process is done it
/// lists the five boards of the match with a Report button each, without
/// sideways scrolling; a board the other captain reports turns, live, into a
/// Confirm button, and tapping it confirms the game in the database.
#[actix_web::test]
async fn a_captains_phone_lists_every_board_and_confirms_one_at_390x844() {
    use arbiter_tests::browser::Browser;
    let app = TestApp::spawn_with(Backend::Sqlite, None).await.unwrap();
    let mut e = teams(&app, 2).await;
    let tid = e.tid.clone();
    let (_, matches, _) = pair_next(&mut e).await;
    let m = matches[0].clone();
    let ta = s(&m["player1"], "id").to_string();
    let tb = s(&m["player2"], "id").to_string();
    let (a, b) = (e.ids.iter().position(|t| *t == ta).unwrap(), e.ids.iter().position(|t| *t == tb).unwrap());
    let done = run_process(&mut e, &m).await;
    let ids: Vec<String> = done["games"].as_array().unwrap().iter().map(|g| s(g, "id").to_string()).collect();

    let phone = Browser::start().await.unwrap();
    phone.client.set_window_size(390, 844).await.unwrap();
    let session = e.captains[a].session().unwrap_or_default().to_string();
    crate::browser::open_signed_in(&phone, &app.base, &session, &format!("/t/{tid}/me")).await;
    let live = "return document.getElementById('live-status').classList.contains('on')";
    assert!(phone.until(live, WAIT).await.is_some(), "the phone is live");
    let boards = "const l = document.querySelectorAll('#my-team-boards li.board-game');
                  const r = document.querySelectorAll('#my-team-boards [data-action=\"board-report\"]');
                  return l.length === 5 && r.length === 5 ? l.length : null;";
    assert!(phone.until(boards, WAIT).await.is_some(), "five boards, a Report button each");
    let wide = phone.client.execute("return document.documentElement.scrollWidth", vec![]).await.unwrap();
    assert!(wide.as_u64().unwrap() <= 390, "no sideways scrolling: {wide}");

    // Board 3 reported by the other captain: a Confirm button appears, live.
    e.captains[b].report_vp(&ids[2], 60, 65).await.unwrap().ok().unwrap();
    let confirm = format!(
        "const c = document.querySelector('#my-team-boards button[data-action=\"board-confirm\"][data-pairing=\"{}\"]');
         if (c) c.click();
         return !!c;",
        ids[2]
    );
    assert!(phone.until(&confirm, WAIT).await.is_some(), "a Confirm button for board 3");
    let state = format!(
        "const l = document.querySelector('#my-team-boards li[data-pairing=\"{}\"]');
         return l && l.dataset.state === 'CONFIRMED';",
        ids[2]
    );
    assert!(phone.until(&state, WAIT).await.is_some(), "board 3 shown confirmed");
    let (_, live_view) = view(&app, &tid, "view=player", e.captains[a].session()).await;
    let game = live_view["team_games"].as_array().unwrap().iter().find(|g| s(g, "id") == ids[2]).cloned().unwrap();
    assert_eq!(game["state"], "CONFIRMED", "the database holds the confirmation: {game}");
    phone.close().await;
    app.stop().await;
}
