//! Running a 40K team event's rounds (issue 25, point 2): a round published
//! from a draft opens every match's captains' process as a round paired at
//! once does, and a step whose timer runs out reaches the organisers' queue
//! once, by itself, with their options — on one instance, on two, and
//! across a restart.

use super::captains::{attackers, defender, post, roster, run_process, teams_with, view, Teams};
use arbiter_server::client::ApiClient;
use arbiter_tests::{s, Api, Backend, TestApp, WsClient};
use serde_json::{json, Value};
use std::time::Duration;

/// The event's step timer in these tests: the shortest the rules allow.
const STEP_SECONDS: u64 = 10;

fn rules() -> Value {
    json!({ "format": "wh40k", "size": 5, "step_seconds": STEP_SECONDS })
}

async fn drafted_round_opens_processes(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut e = teams_with(&app, 4, rules()).await;
    let r = e.to.new_round(&e.tid).await.unwrap().ok().unwrap();
    let rid = s(&r["round"], "id").to_string();
    let draft = e.to.post_empty(&format!("/api/rounds/{rid}/draft")).await.unwrap().ok().unwrap();
    assert_eq!(draft["round"]["pairings"].as_array().unwrap().len(), 2, "two team matches drafted: {draft}");
    let published = e.to.post_empty(&format!("/api/rounds/{rid}/draft/publish")).await.unwrap().ok().unwrap();
    let matches: Vec<Value> = published["round"]["pairings"].as_array().unwrap().clone();
    assert_eq!(matches.len(), 2);
    for m in &matches {
        let mid = s(m, "id").to_string();
        let v = view(&mut e.to, &mid).await;
        assert_eq!(v["state"]["phase"], "roll_off", "{v}");
        assert_eq!(v["step"], 0);
        // Each side's roster is its team's five players in seat order.
        for (side, team) in [("team_a", &m["player1"]), ("team_b", &m["player2"])] {
            let k = e.ids.iter().position(|t| t == s(team, "id")).unwrap();
            let seats: Vec<String> = e.members[k].iter().map(|(_, id)| id.clone()).collect();
            assert_eq!(roster(&v, side), seats, "{side} of {mid}");
        }
    }
    // The processes run to their games exactly as after a direct pairing.
    for m in &matches {
        let done = run_process(&mut e, m).await;
        assert_eq!(done["games"].as_array().unwrap().len(), 5);
    }
    app.stop().await;
}

#[actix_web::test]
async fn a_drafted_team_round_opens_the_captains_processes_sqlite() {
    drafted_round_opens_processes(Backend::Sqlite).await;
}

#[actix_web::test]
async fn a_drafted_team_round_opens_the_captains_processes_postgres() {
    drafted_round_opens_processes(Backend::Postgres).await;
}

/// The organiser's queue view on `base`'s live feed of `tid`.
async fn queue(base: &str, tid: &str, to: &ApiClient) -> WsClient {
    let url = format!("{}/ws/tournaments/{tid}?view=queue", base.replacen("http", "ws", 1));
    let mut ws = WsClient::connect_as(&url, to.session()).await.unwrap();
    let snap = ws.next_json(arbiter_tests::WAIT).await.unwrap();
    assert_eq!(snap["type"], "snapshot", "{snap}");
    ws
}

/// Waits (up to the step timer and 8 s more) for the queue's `step_timer_expired` frame.
async fn expiry_frame(ws: &mut WsClient) -> Value {
    let (frames, got) = ws.until(Duration::from_secs(STEP_SECONDS + 8), |f| f["kind"] == "step_timer_expired").await;
    assert!(got, "the queue hears the timer ran out: {frames:?}");
    frames.last().unwrap().clone()
}

/// The stored `step_timer_expired` events of `tid`.
async fn expiries(to: &mut ApiClient, tid: &str) -> Vec<Value> {
    let events = to.events(tid, "?since=0").await.unwrap().ok().unwrap();
    events["events"].as_array().unwrap().iter().filter(|f| f["kind"] == "step_timer_expired").cloned().collect()
}

/// The first match of a freshly paired round 1, its roll-off recorded (the timer starts).
/// Returns (match, team A's row, A's roster, B's roster).
async fn first_match(e: &mut Teams) -> (String, String, Vec<String>, Vec<String>) {
    let (_, m, _) = super::captains::pair_next(e).await;
    let mid = s(&m[0], "id").to_string();
    post(&mut e.to, &mid, "roll-off", &json!({ "winner": "a" })).await.ok().unwrap();
    let v = view(&mut e.to, &mid).await;
    assert_eq!(v["deadline"].as_i64().unwrap() - v["step_started_at"].as_i64().unwrap(), 10_000);
    (mid, s(&v["team_a"], "id").to_string(), roster(&v, "team_a"), roster(&v, "team_b"))
}

async fn timer_expiry(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut e = teams_with(&app, 2, rules()).await;
    let mut ws = queue(&app.base, &e.tid, &e.to).await;
    let (mid, ta, a, b) = first_match(&mut e).await;
    // Team A's captain locks its defender; B's does not, and the timer runs out.
    post(e.captain_of(&ta), &mid, "lock", &json!({ "choice": defender(&a[2]) })).await.ok().unwrap();
    let f = expiry_frame(&mut ws).await;
    let x = &f["data"]["expiry"];
    assert_eq!((s(x, "match_id"), s(x, "phase")), (mid.as_str(), "defenders"), "{f}");
    assert_eq!(x["waiting"], json!(["b"]));
    assert_eq!(x["options_a"], json!([]));
    let offered: Vec<Value> = b.iter().map(|p| defender(p)).collect();
    assert_eq!(x["options_b"], json!(offered), "the TO may decide any of B's defenders");
    let routes: Vec<(&str, &str)> =
        x["actions"].as_array().unwrap().iter().map(|a| (s(a, "action"), s(a, "path"))).collect();
    assert!(routes.contains(&("expire", format!("/api/matches/{mid}/process/expire").as_str())), "{routes:?}");
    assert!(!f.to_string().contains(&a[2]), "the frame never names A's sealed defender: {f}");
    assert!(x["deadline"].as_i64().unwrap() <= f["at"].as_i64().unwrap());
    // Once: nothing more while the TO has not decided.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(expiries(&mut e.to, &e.tid).await.len(), 1, "the expiry is announced once");
    // A lock by B now does not announce it again; the reveal starts the next step's timer.
    let decided = post(&mut e.to, &mid, "expire", &json!({ "b": defender(&b[0]) })).await.ok().unwrap();
    assert_eq!(decided["state"]["phase"], "attackers");
    let f = expiry_frame(&mut ws).await;
    assert_eq!(f["data"]["expiry"]["waiting"], json!(["a", "b"]));
    assert_eq!(f["data"]["expiry"]["phase"], "attackers");
    assert_eq!(expiries(&mut e.to, &e.tid).await.len(), 2);
    // Both lock in time for the next step: no announcement.
    post(&mut e.to, &mid, "override", &json!({ "a": attackers(&a[0], &a[1]), "b": attackers(&b[1], &b[2]) }))
        .await
        .ok()
        .unwrap();
    let v = view(&mut e.to, &mid).await;
    assert_eq!(v["state"]["phase"], "choices");
    let c = v["state"]["attackers_b"].as_array().unwrap()[0].as_str().unwrap().to_string();
    let d = v["state"]["attackers_a"].as_array().unwrap()[0].as_str().unwrap().to_string();
    post(&mut e.to, &mid, "lock", &json!({ "choice": { "kind": "keep", "player": c }, "side": "a" }))
        .await
        .ok()
        .unwrap();
    post(&mut e.to, &mid, "lock", &json!({ "choice": { "kind": "keep", "player": d }, "side": "b" }))
        .await
        .ok()
        .unwrap();
    assert_eq!(expiries(&mut e.to, &e.tid).await.len(), 2, "a step revealed in time is not announced");
    app.stop().await;
}

#[actix_web::test]
async fn a_step_timer_running_out_reaches_the_queue_once_sqlite() {
    timer_expiry(Backend::Sqlite).await;
}

#[actix_web::test]
async fn a_step_timer_running_out_reaches_the_queue_once_postgres() {
    timer_expiry(Backend::Postgres).await;
}

/// Two instances (PostgreSQL, Redis) announce a step's expiry once; a timer
/// that runs out while no instance runs is announced once at the next start.
#[actix_web::test]
async fn two_instances_and_a_restart_announce_each_expiry_once() {
    let redis = std::env::var("ARBITER_TEST_REDIS").unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
    let (url, _) = Backend::Postgres.fresh().await.unwrap();
    let one = TestApp::start(url.clone(), None, Some(redis.clone())).await.unwrap();
    let two = TestApp::start(url.clone(), None, Some(redis.clone())).await.unwrap();
    let mut e = teams_with(&one, 2, rules()).await;
    let mut ws_two = queue(&two.base, &e.tid, &e.to).await;
    let (mid, _, a, b) = first_match(&mut e).await;
    let f = expiry_frame(&mut ws_two).await;
    assert_eq!(f["data"]["expiry"]["waiting"], json!(["a", "b"]));
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(expiries(&mut e.to, &e.tid).await.len(), 1, "two instances announce it once");

    // The TO decides both defenders (the next step's timer starts), then every instance stops.
    post(&mut e.to, &mid, "expire", &json!({ "a": defender(&a[0]), "b": defender(&b[0]) })).await.ok().unwrap();
    one.stop().await;
    two.stop().await;
    tokio::time::sleep(Duration::from_secs(STEP_SECONDS + 1)).await;
    let three = TestApp::start(url, None, Some(redis)).await.unwrap();
    let mut to = e.to.clone_to(&three.base);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(8);
    while expiries(&mut to, &e.tid).await.len() < 2 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let all = expiries(&mut to, &e.tid).await;
    assert_eq!(all.len(), 2, "the restarted server announces the step that ran out while down");
    assert_eq!(all[1]["data"]["expiry"]["phase"], "attackers");
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(expiries(&mut to, &e.tid).await.len(), 2, "and only once");
    three.stop().await;
}
