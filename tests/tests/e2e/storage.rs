//! The same application on PostgreSQL with Redis pub/sub (one instance), and
//! SQLite persistence across a restart.

use arbiter_tests::{open_tournament, register, s, Api, Backend, TestApp};
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
