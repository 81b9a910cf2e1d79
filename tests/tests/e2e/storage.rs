//! The same application on PostgreSQL with Redis pub/sub (one instance), and
//! SQLite persistence across a restart.

use arbiter_server::domain::{Player, PlayerId, PlayerKind, TournamentId};
use arbiter_server::store::Store;
use arbiter_tests::{open_tournament, register, s, Api, Backend, Event, TestApp};
use serde_json::json;
use std::time::Duration;

fn redis_url() -> String {
    std::env::var("ARBITER_TEST_REDIS").unwrap_or_else(|_| "redis://127.0.0.1:6379".into())
}

/// Runs a 4-player round end to end and checks the live feed saw the confirm.
async fn play_one_round(app: &TestApp) {
    let (mut to, _) = app.user("Organiser").await.unwrap();
    let tid = open_tournament(&mut to, "Backend Cup", 1).await.unwrap();
    let mut players = Vec::new();
    for n in 1..=4 {
        let (mut c, _) = app.user(&format!("B{n}")).await.unwrap();
        register(&mut c, &tid, &format!("B{n}"), "Necrons").await.unwrap();
        players.push(c);
    }
    to.advance(&tid).await.unwrap().ok().unwrap();
    for c in &mut players {
        c.check_in(&tid).await.unwrap().ok().unwrap();
    }
    to.advance(&tid).await.unwrap().ok().unwrap();
    let mut ws = app.ws(&tid, None).await.unwrap();
    let snap = ws.next_json(Duration::from_secs(5)).await.unwrap();
    assert_eq!(snap["type"], "snapshot");
    let r = to.new_round(&tid).await.unwrap().ok().unwrap();
    let rid = s(&r["round"], "id").to_string();
    let p = to.pair_round(&rid).await.unwrap().ok().unwrap();
    for t in p["round"]["pairings"].as_array().unwrap() {
        let pid = s(t, "id");
        let who = |seat: &str| s(&t[seat], "name")[1..].parse::<usize>().unwrap() - 1;
        players[who("player1")].report_vp(pid, 60, 40).await.unwrap().ok().unwrap();
        players[who("player2")].confirm(pid).await.unwrap().ok().unwrap();
    }
    let mut confirmed = 0;
    let (frames, seen) = ws
        .until(Duration::from_secs(5), |f| {
            confirmed += usize::from(f["kind"] == "result_confirmed");
            confirmed == 2
        })
        .await;
    assert!(seen, "live feed missed the confirmations: {frames:?}");
    to.close_round(&rid).await.unwrap().ok().unwrap();
    let st = to.standings(&tid).await.unwrap().ok().unwrap();
    assert_eq!(st["players"][0]["wins"], 1);
    assert_eq!(st["players"][0]["margin"], 20);
    assert_eq!(st["players"][3]["losses"], 1);
}

#[actix_web::test]
async fn postgres_and_redis_run_a_round() {
    let app = TestApp::spawn_with(Backend::Postgres, Some(redis_url())).await.unwrap();
    let ready = app.client().get("/readyz").await.unwrap();
    assert_eq!(ready.status.as_u16(), 200, "{}", ready.body);
    assert_eq!((&ready.body["database"]["backend"], &ready.body["bus"]["kind"]), (&json!("postgres"), &json!("redis")));
    play_one_round(&app).await;
    app.stop().await;
}

#[actix_web::test]
async fn sqlite_keeps_confirmed_results_across_a_restart() {
    let (url, dir) = Backend::Sqlite.fresh().await.unwrap();
    let app = TestApp::start(url.clone(), None, None).await.unwrap();
    play_one_round(&app).await;
    let before = app.fingerprint().await.unwrap();
    app.stop().await;
    let again = TestApp::start(url, dir, None).await.unwrap();
    assert_eq!(again.fingerprint().await.unwrap(), before);
    let ready = again.client().get("/readyz").await.unwrap();
    assert_eq!(ready.body["database"]["backend"], "sqlite");
    again.stop().await;
}

/// A 5-player 40K event with one Swiss round (two tables and the bye) and a
/// top cut of 2 (its final paired), and a team's player slipped in beside the
/// entrants: the sheet read back from the database holds the five entrants
/// in registration order (not the team's player), the Swiss round's three
/// rows apart from the final's one, the same Swiss rows as the table list
/// the store gave before the sheet, and the final between the players the
/// published round names.
async fn the_sheet_holds_the_whole_event(app: &TestApp) {
    let mut ev = Event::start(&app.base, "S", 5, 1).await.unwrap();
    let (round, tables) = ev.pair_next().await.unwrap();
    assert_eq!(tables.len(), 2);
    for t in &tables {
        ev.play(t, 60, 40).await.unwrap();
    }
    ev.to.close_round(&round).await.unwrap().ok().unwrap();
    ev.to.set_playoffs(&ev.tid, &json!({ "cut": 2 })).await.unwrap().ok().unwrap();
    let fin = ev.to.pair_playoff_round(&ev.tid).await.unwrap().ok().unwrap();
    let finalists: Vec<String> =
        ["player1", "player2"].iter().map(|seat| s(&fin["round"]["pairings"][0][*seat], "name").to_string()).collect();

    let (_, account) = app.user("Member").await.unwrap();
    let store = Store::connect(&app.database_url).await.unwrap();
    let id: TournamentId = ev.tid.parse().unwrap();
    let tx = store.begin().await.unwrap();
    let first = tx.players(id).await.unwrap().remove(0);
    let member = Player {
        id: PlayerId::random(),
        user_id: account.parse().unwrap(),
        registration_no: 1,
        display_name: "A team's player".into(),
        kind: PlayerKind::Member { team: first.id, seat: 0, reserve: false },
        ..first
    };
    tx.insert_player(&member).await.unwrap();
    tx.commit().await.unwrap();

    let tx = store.read().await.unwrap();
    let t = tx.tournament(id).await.unwrap().unwrap();
    let sheet = tx.sheet(&t).await.unwrap();
    let names: Vec<&str> = sheet.entrants.iter().map(|p| p.display_name.as_str()).collect();
    assert_eq!(names, ["S1", "S2", "S3", "S4", "S5"]);
    assert!(sheet.player(member.id).is_none());
    assert_eq!(sheet.rounds.iter().map(|r| (r.number, r.playoff)).collect::<Vec<_>>(), [(1, false)]);
    assert_eq!(sheet.pairings.len(), 3);
    assert_eq!(sheet.pairings_of_round(1).filter(|p| p.is_bye()).count(), 1);
    let mut before = tx.pairings_of_tournament(id).await.unwrap();
    let mut swiss = sheet.pairings.clone();
    before.sort_by_key(|p| p.id);
    swiss.sort_by_key(|p| p.id);
    assert_eq!(swiss, before);
    assert!(sheet.started());
    let games = sheet.playoff_games();
    assert_eq!(games.len(), 1);
    let (final_round, final_tables) = &games[0];
    assert_eq!((final_round.number, final_round.playoff, final_tables.len()), (2, true, 1));
    let seated: Vec<&str> = [Some(final_tables[0].player1_id), final_tables[0].player2_id]
        .into_iter()
        .map(|p| sheet.player(p.unwrap()).unwrap().display_name.as_str())
        .collect();
    assert_eq!(seated, finalists);
    assert!(sheet.clone().after_round(0).pairings.is_empty());
}

#[actix_web::test]
async fn the_sheet_holds_the_whole_event_on_sqlite() {
    the_sheet_holds_the_whole_event(&TestApp::spawn().await.unwrap()).await;
}

#[actix_web::test]
async fn the_sheet_holds_the_whole_event_on_postgres() {
    the_sheet_holds_the_whole_event(&TestApp::spawn_with(Backend::Postgres, None).await.unwrap()).await;
}
