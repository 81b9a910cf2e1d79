//! Several instances on one PostgreSQL and one Redis: events cross
//! instances, survive a Redis restart and an instance's SIGKILL; PostgreSQL
//! restarts answer 503 and recover; SIGTERM closes sockets with a hint.

use arbiter_tests::process::{PgProcess, RedisProcess, ServerProcess};
use arbiter_tests::{Api, Backend, Event, TestApp, WsClient};
use serde_json::Value;
use std::time::Duration;

const WAIT: Duration = arbiter_tests::WAIT;

fn system_redis() -> String {
    std::env::var("ARBITER_TEST_REDIS").unwrap_or_else(|_| "redis://127.0.0.1:6379".into())
}

/// Reads frames until `last` is reached; returns the event sequence numbers seen (snapshots excluded).
async fn seqs_until(ws: &mut WsClient, last: i64) -> Vec<i64> {
    let (frames, reached) = ws.until(WAIT, |f| f["seq"].as_i64() == Some(last)).await;
    assert!(
        reached,
        "never reached seq {last}; got {:?}",
        frames.iter().map(|f| (f["type"].clone(), f["seq"].clone())).collect::<Vec<_>>()
    );
    frames.iter().filter(|f| f["type"] == "event").filter_map(|f| f["seq"].as_i64()).collect()
}

fn last_seq(log: &[Value]) -> i64 {
    log.last().and_then(|e| e["seq"].as_i64()).unwrap_or(0)
}

#[actix_web::test]
async fn a_result_confirmed_on_one_instance_reaches_clients_of_another() {
    let (url, _) = Backend::Postgres.fresh().await.unwrap();
    let a = TestApp::start(url.clone(), None, Some(system_redis())).await.unwrap();
    let b = TestApp::start(url, None, Some(system_redis())).await.unwrap();
    let mut ev = Event::start(&a.base, "X", 4, 2).await.unwrap();
    let mut on_b = b.ws(&ev.tid, None).await.unwrap();
    let snap = on_b.next_json(WAIT).await.unwrap();
    assert_eq!(snap["type"], "snapshot");
    let (_, tables) = ev.pair_next().await.unwrap();
    ev.play(&tables[0], 70, 40).await.unwrap();
    let (mut frames, seen) = on_b.until(WAIT, |f| f["kind"] == "result_confirmed").await;
    assert!(seen, "instance B's client never saw the confirm made on A: {frames:?}");
    // Sessions work on any instance: the TO's cookie from A acts on B.
    let mut to_on_b = ev.to.clone_to(&b.base);
    let st = to_on_b.standings(&ev.tid).await.unwrap().ok().unwrap();
    assert_eq!(st["players"][0]["wins"], 1);
    let log = ev.log().await.unwrap();
    let last = last_seq(&log);
    if frames.last().and_then(|f| f["seq"].as_i64()) != Some(last) {
        frames.extend(on_b.until(WAIT, |f| f["seq"].as_i64() == Some(last)).await.0);
    }
    let seqs: Vec<i64> = frames.iter().filter_map(|f| f["seq"].as_i64()).collect();
    let expected: Vec<i64> = (snap["seq"].as_i64().unwrap() + 1..=last).collect();
    assert_eq!(seqs, expected, "in order, exactly once");
    a.stop().await;
    b.stop().await;
}

/// Events the bus never carries (two instances on one database with no
/// Redis between them: every event of A is, for B, lost at the end of a
/// burst with nothing after it to show the gap) still reach B's viewers,
/// in order and once, from the instance's check of the rooms' last events.
#[actix_web::test]
async fn events_the_bus_lost_at_the_end_of_a_burst_reach_viewers_from_the_database() {
    let (url, _) = Backend::Postgres.fresh().await.unwrap();
    let a = TestApp::start(url.clone(), None, None).await.unwrap();
    let b = TestApp::start(url, None, None).await.unwrap();
    let mut ev = Event::start(&a.base, "Lost", 4, 2).await.unwrap();
    let mut on_b = b.ws(&ev.tid, Some(0)).await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    ev.play(&tables[0], 60, 50).await.unwrap();
    let log = ev.log().await.unwrap();
    let seqs = seqs_until(&mut on_b, last_seq(&log)).await;
    assert_eq!(seqs, (1..=last_seq(&log)).collect::<Vec<_>>(), "every event once, in order");
    a.stop().await;
    b.stop().await;
}

#[actix_web::test]
async fn redis_restart_loses_nothing_for_a_connected_client() {
    let mut redis = RedisProcess::spawn().await.unwrap();
    let (url, _) = Backend::Postgres.fresh().await.unwrap();
    let a = TestApp::start(url.clone(), None, Some(redis.url())).await.unwrap();
    let b = TestApp::start(url, None, Some(redis.url())).await.unwrap();
    let mut ev = Event::start(&a.base, "R", 8, 2).await.unwrap();
    let mut on_b = b.ws(&ev.tid, Some(0)).await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    ev.play(&tables[0], 60, 50).await.unwrap();
    redis.stop();
    // Instances keep serving while Redis is down.
    ev.play(&tables[1], 55, 45).await.unwrap();
    ev.play(&tables[2], 35, 80).await.unwrap();
    redis.start().await.unwrap();
    ev.play(&tables[3], 40, 40).await.unwrap();
    let log = ev.log().await.unwrap();
    let seqs = seqs_until(&mut on_b, last_seq(&log)).await;
    assert_eq!(seqs, (1..=last_seq(&log)).collect::<Vec<_>>(), "every event once, in order, across the outage");
    a.stop().await;
    b.stop().await;
}

#[actix_web::test]
async fn an_instance_killed_mid_round_loses_no_result_and_its_client_resyncs_elsewhere() {
    let (url, _) = Backend::Postgres.fresh().await.unwrap();
    let redis = system_redis();
    let mut a = ServerProcess::spawn(&url, Some(&redis)).await.unwrap();
    let b = ServerProcess::spawn(&url, Some(&redis)).await.unwrap();
    let mut ev = Event::start(&a.base, "K", 6, 2).await.unwrap();
    let mut on_a = WsClient::connect(&format!("{}/ws/tournaments/{}?since=0", a.ws_base(), ev.tid)).await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    ev.play(&tables[0], 61, 20).await.unwrap();
    // The last confirm is answered by A, then A dies before anything else.
    let confirmed = ev.play(&tables[1], 44, 43).await.unwrap();
    assert_eq!(confirmed["pairing"]["state"], "CONFIRMED");
    a.kill9();
    // Collect what A's client got before the socket died.
    let mut last = 0;
    while let Some(f) = on_a.next_json(Duration::from_secs(3)).await {
        last = f["seq"].as_i64().unwrap_or(last);
    }
    // Meanwhile the event goes on through B.
    ev.to = ev.to.clone_to(&b.base);
    for p in &mut ev.players {
        *p = p.clone_to(&b.base);
    }
    ev.play(&tables[2], 10, 90).await.unwrap();
    // The client reconnects to B from where it was.
    let mut on_b = WsClient::connect(&format!("{}/ws/tournaments/{}?since={last}", b.ws_base(), ev.tid)).await.unwrap();
    let log = ev.log().await.unwrap();
    let seqs = seqs_until(&mut on_b, last_seq(&log)).await;
    assert_eq!(seqs, (last + 1..=last_seq(&log)).collect::<Vec<_>>(), "resynced with nothing missing");
    // Both results confirmed through A are there.
    let round = ev.to.rounds(&ev.tid).await.unwrap().ok().unwrap();
    let states: Vec<&str> =
        round["rounds"][0]["pairings"].as_array().unwrap().iter().map(|p| p["state"].as_str().unwrap_or("?")).collect();
    assert_eq!(states, ["CONFIRMED", "CONFIRMED", "CONFIRMED"]);
}

#[actix_web::test]
async fn postgres_restart_answers_503_then_recovers_without_restarting() {
    let mut pg = PgProcess::spawn().await.unwrap();
    let app = TestApp::start(pg.url(), None, None).await.unwrap();
    let mut ev = Event::start(&app.base, "D", 4, 1).await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    ev.play(&tables[0], 50, 30).await.unwrap();
    pg.stop();
    let down = ev.to.standings(&ev.tid).await.unwrap();
    assert_eq!((down.status.as_u16(), down.code()), (503, "database_unavailable"), "{}", down.body);
    let ready = app.client().get("/readyz").await.unwrap();
    assert_eq!(ready.status.as_u16(), 503);
    // A browser opening a page is shown an error page, not JSON (the session
    // lookup fails before the page's handler runs).
    let page = awc::Client::default()
        .get(format!("{}/t/{}/dashboard", app.base, ev.tid))
        .insert_header(("Accept", "text/html,application/xhtml+xml,*/*;q=0.8"))
        .insert_header(("Cookie", ev.to.session_cookie().unwrap_or_default()))
        .send()
        .await;
    let mut page = page.unwrap();
    let kind = page.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let body = String::from_utf8_lossy(&page.body().await.unwrap()).to_string();
    assert_eq!(page.status().as_u16(), 503);
    assert!(
        kind.starts_with("text/html") && body.contains("<html") && body.contains("database_unavailable"),
        "{kind} {body}"
    );
    pg.start().await.unwrap();
    let mut ok = None;
    for _ in 0..50 {
        let r = ev.to.standings(&ev.tid).await.unwrap();
        if r.status.is_success() {
            ok = Some(r.body);
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let st = ok.expect("never recovered");
    assert_eq!(st["players"][0]["wins"], 1, "the confirmed result survived the restart");
    ev.play(&tables[1], 45, 46).await.unwrap();
    app.stop().await;
}

/// A graceful stop closes every live socket with 1012 and tells each when
/// to come back: a moment spread over 10 s, so twenty screens do not all
/// reconnect at once.
#[actix_web::test]
async fn sigterm_closes_sockets_with_a_reconnect_hint_spread_over_ten_seconds() {
    use futures_util::StreamExt as _;
    let (url, _) = Backend::Sqlite.fresh().await.unwrap();
    let mut server = ServerProcess::spawn(&url, None).await.unwrap();
    let mut ev = Event::start(&server.base, "T", 2, 1).await.unwrap();
    let ws_url = format!("{}/ws/tournaments/{}", server.ws_base(), ev.tid);
    let mut sockets = Vec::new();
    for _ in 0..20 {
        let (_, mut socket) = awc::Client::new().ws(ws_url.as_str()).connect().await.unwrap();
        let first = socket.next().await;
        assert!(matches!(first, Some(Ok(awc::ws::Frame::Text(_)))));
        sockets.push(socket);
    }
    server.send_term().unwrap();
    let mut delays = Vec::new();
    for socket in &mut sockets {
        let mut close = None;
        while let Some(Ok(f)) = socket.next().await {
            if let awc::ws::Frame::Close(reason) = f {
                close = reason;
                break;
            }
        }
        let close = close.expect("no close frame");
        assert_eq!(close.code, awc::ws::CloseCode::Restart);
        let said = close.description.unwrap_or_default();
        let ms: u64 = said
            .split_once(" in ")
            .and_then(|(_, rest)| rest.strip_suffix(" ms"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no reconnect delay in {said:?}"));
        assert!(said.contains("reconnect") && ms < 10_000, "{said}");
        delays.push(ms);
    }
    let (min, max) = (delays.iter().min().copied().unwrap_or(0), delays.iter().max().copied().unwrap_or(0));
    assert!(max - min >= 2_000, "twenty reconnects spread over only {} ms: {delays:?}", max - min);
    drop(sockets);
    let status = server.terminate().unwrap();
    assert!(status.success(), "graceful exit, got {status:?}");
    let _ = ev.log().await;
}

/// The value of the metric line that starts with `line` (name and labels)
/// on the instance at `base`; 0 when it is not there.
async fn metric(base: &str, line: &str) -> f64 {
    let raw = awc::Client::new().get(format!("{base}/metrics")).send().await.unwrap().body().await.unwrap();
    String::from_utf8_lossy(&raw)
        .lines()
        .find(|l| l.starts_with(line))
        .and_then(|l| l.split_whitespace().last())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0)
}

/// An instance hears from Redis only the tournaments its viewers watch: B,
/// with a viewer of Y and none of X, receives Y's events and none of X's
/// (before per-tournament channels, every instance received every event and
/// dropped those no one there watched: `arbiter_live_bus_ignored_total`).
#[actix_web::test]
async fn an_instance_hears_only_the_tournaments_its_viewers_watch() {
    let (url, _) = Backend::Postgres.fresh().await.unwrap();
    let a = TestApp::start(url.clone(), None, Some(system_redis())).await.unwrap();
    let b = TestApp::start(url, None, Some(system_redis())).await.unwrap();
    let mut x = Event::start(&a.base, "X", 4, 2).await.unwrap();
    let mut y = Event::start(&a.base, "Y", 4, 2).await.unwrap();
    let mut on_b = b.ws(&y.tid, None).await.unwrap();
    assert_eq!(on_b.next_json(WAIT).await.unwrap()["type"], "snapshot");
    let (received, ignored) = (
        metric(&b.base, "arbiter_live_bus_received_total ").await,
        metric(&b.base, "arbiter_live_bus_ignored_total ").await,
    );
    // X's events first: Redis delivers one publisher's messages in order, so
    // by the time B's viewer has Y's last event, any of X's would be there.
    let (_, tables) = x.pair_next().await.unwrap();
    x.play(&tables[0], 70, 40).await.unwrap();
    let x_events = last_seq(&x.log().await.unwrap());
    let (_, tables) = y.pair_next().await.unwrap();
    y.play(&tables[0], 60, 50).await.unwrap();
    let last = last_seq(&y.log().await.unwrap());
    let (frames, reached) = on_b.until(WAIT, |f| f["seq"].as_i64() == Some(last)).await;
    assert!(reached, "B's viewer of Y never got Y's last event: {frames:?}");
    let y_events = frames.iter().filter(|f| f["type"] == "event").count();
    let received = metric(&b.base, "arbiter_live_bus_received_total ").await - received;
    let ignored = metric(&b.base, "arbiter_live_bus_ignored_total ").await - ignored;
    println!("B received {received} events ({ignored} ignored); Y had {y_events} there, X {x_events} on A");
    assert!(x_events >= 5, "X had events to hear: {x_events}");
    assert_eq!(ignored, 0.0, "B received events of X, which no one there watches");
    assert!(received >= 1.0 && received <= y_events as f64, "B received {received}, Y had {y_events}");
    a.stop().await;
    b.stop().await;
}

/// Standings are computed once per change across instances: with a
/// standings viewer on A and one on B, one instance computes them (at the
/// first snapshot, and after a result) and the other takes what it shared.
#[actix_web::test]
async fn standings_are_computed_once_per_change_across_instances() {
    let (url, _) = Backend::Postgres.fresh().await.unwrap();
    let a = TestApp::start(url.clone(), None, Some(system_redis())).await.unwrap();
    let b = TestApp::start(url, None, Some(system_redis())).await.unwrap();
    let mut ev = Event::start(&a.base, "S", 4, 2).await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    let view = |base: &str| format!("{}/ws/tournaments/{}?view=standings", base.replacen("http", "ws", 1), ev.tid);
    let mut on_a = WsClient::connect(&view(&a.base)).await.unwrap();
    assert_eq!(on_a.next_json(WAIT).await.unwrap()["type"], "snapshot");
    let mut on_b = WsClient::connect(&view(&b.base)).await.unwrap();
    assert_eq!(on_b.next_json(WAIT).await.unwrap()["type"], "snapshot");
    let counts = || async {
        let mut c = [0.0; 3];
        for base in [&a.base, &b.base] {
            c[0] += metric(base, "arbiter_live_standings_computed_total ").await;
            c[1] += metric(base, "arbiter_live_standings_shared_total ").await;
            c[2] += metric(base, "arbiter_live_standings_recomputes_total ").await;
        }
        c
    };
    let [computed, shared, _] = counts().await;
    assert_eq!((computed, shared), (1.0, 1.0), "the first snapshot's standings: computed on A, taken on B");
    ev.play(&tables[0], 70, 40).await.unwrap();
    for ws in [&mut on_a, &mut on_b] {
        let (frames, seen) = ws.until(WAIT, |f| f["kind"] == "standings").await;
        assert!(seen, "no recomputed standings: {frames:?}");
    }
    let [computed_now, shared_now, recomputes] = counts().await;
    let (computed, shared) = (computed_now - computed, shared_now - shared);
    println!("after the result: standings computed {computed}, shared {shared} on A and B ({recomputes} in all)");
    // One recomputation per instance per change (two if the report and the
    // confirm came more than a second apart): each computed once in all.
    assert!(computed >= 1.0, "no recomputation after the result");
    assert_eq!(computed, shared, "each change's standings computed on one instance and taken by the other");
    assert_eq!(recomputes, computed_now + shared_now);
    a.stop().await;
    b.stop().await;
}
