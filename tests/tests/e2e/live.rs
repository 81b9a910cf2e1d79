//! The live protocol: resume after a disconnect, snapshot when too far
//! behind, typed errors for bad frames.

use arbiter_server::live::session::REPLAY_MAX;
use arbiter_tests::{open_tournament, register, Api, TestApp};
use serde_json::{json, Value};
use std::time::Duration;

const WAIT: Duration = arbiter_tests::WAIT;

fn seq(v: &Value) -> i64 {
    v["seq"].as_i64().unwrap_or(-1)
}

#[actix_web::test]
async fn reconnecting_with_since_replays_exactly_what_was_missed() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("Organiser").await.unwrap();
    let tid = open_tournament(&mut to, "Resume Cup", 3).await.unwrap();

    let mut ws = app.ws(&tid, None).await.unwrap();
    let snap = ws.next_json(WAIT).await.unwrap();
    assert_eq!(snap["type"], "snapshot");
    assert_eq!(seq(&snap), 2, "created + registration opened");
    let (mut a, _) = app.user("Ann").await.unwrap();
    register(&mut a, &tid, "Ann", "Orks").await.unwrap();
    let e = ws.next_json(WAIT).await.unwrap();
    assert_eq!((e["type"].as_str(), e["kind"].as_str(), seq(&e)), (Some("event"), Some("player_registered"), 3));
    drop(ws);

    // Missed while away: a registration, a list edit, the lock.
    let (mut b, _) = app.user("Ben").await.unwrap();
    register(&mut b, &tid, "Ben", "Necrons").await.unwrap();
    a.send(awc::http::Method::PUT, &format!("/api/tournaments/{tid}/list"), Some(&json!({"list_text": "new list"})))
        .await
        .unwrap()
        .ok()
        .unwrap();
    to.lock_lists(&tid).await.unwrap().ok().unwrap();

    let mut ws = app.ws(&tid, Some(3)).await.unwrap();
    let mut got = Vec::new();
    for _ in 0..3 {
        got.push(ws.next_json(WAIT).await.unwrap());
    }
    let kinds: Vec<(&str, i64)> = got.iter().map(|f| (f["kind"].as_str().unwrap_or("?"), seq(f))).collect();
    assert_eq!(kinds, [("player_registered", 4), ("list_updated", 5), ("lists_locked", 6)]);
    assert!(got.iter().all(|f| f["type"] == "event"));
    // The list text itself is private before the lock and never travels in events.
    assert!(got[1]["data"]["player"]["list_text"].is_null());
    // Then live again, nothing repeated.
    to.advance(&tid).await.unwrap().ok().unwrap();
    let next = ws.next_json(WAIT).await.unwrap();
    assert_eq!((next["kind"].as_str(), seq(&next)), (Some("status_advanced"), 7));
    assert!(ws.next_json(Duration::from_millis(300)).await.is_none(), "no duplicate frames");
    app.stop().await;
}

#[actix_web::test]
async fn too_far_behind_or_ahead_gets_a_snapshot() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("Organiser").await.unwrap();
    let tid = open_tournament(&mut to, "Snapshot Cup", 3).await.unwrap();
    let (mut a, _) = app.user("Ann").await.unwrap();
    register(&mut a, &tid, "Ann", "Orks").await.unwrap();
    // More events than a replay covers: list edits are one event each.
    for i in 0..=REPLAY_MAX {
        a.send(
            awc::http::Method::PUT,
            &format!("/api/tournaments/{tid}/list"),
            Some(&json!({"list_text": format!("list v{i}")})),
        )
        .await
        .unwrap()
        .ok()
        .unwrap();
    }
    let last = 3 + REPLAY_MAX + 1;
    let mut ws = app.ws(&tid, Some(1)).await.unwrap();
    let f = ws.next_json(WAIT).await.unwrap();
    assert_eq!((f["type"].as_str(), seq(&f)), (Some("snapshot"), last));
    assert_eq!(f["data"]["players"][0]["display_name"], "Ann");
    let mut ahead = app.ws(&tid, Some(last + 50)).await.unwrap();
    let f = ahead.next_json(WAIT).await.unwrap();
    assert_eq!((f["type"].as_str(), seq(&f)), (Some("snapshot"), last));
    // Within reach, a replay.
    let mut near = app.ws(&tid, Some(last - 2)).await.unwrap();
    let f = near.next_json(WAIT).await.unwrap();
    assert_eq!((f["type"].as_str(), seq(&f)), (Some("event"), last - 1));
    app.stop().await;
}

#[actix_web::test]
async fn bad_frames_get_typed_errors_and_the_socket_stays_open() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("Organiser").await.unwrap();
    let tid = open_tournament(&mut to, "Frames Cup", 3).await.unwrap();
    let mut ws = app.ws(&tid, None).await.unwrap();
    assert_eq!(ws.next_json(WAIT).await.unwrap()["type"], "snapshot");
    for bad in ["hello", r#"{"type":"dance"}"#, r#"{"v":9,"type":"ping"}"#] {
        ws.send_text(bad).unwrap();
        let e = ws.next_json(WAIT).await.unwrap();
        assert_eq!((e["type"].as_str(), e["code"].as_str()), (Some("error"), Some("bad_message")), "{bad}");
        assert!(e["message"].as_str().is_some_and(|m| m.len() > 10));
    }
    ws.send_text(r#"{"v":1,"type":"ping"}"#).unwrap();
    assert_eq!(ws.next_json(WAIT).await.unwrap()["type"], "pong");
    ws.send_text(r#"{"v":1,"type":"resume","since":1}"#).unwrap();
    let replay = ws.next_json(WAIT).await.unwrap();
    assert_eq!((replay["kind"].as_str(), seq(&replay)), (Some("status_advanced"), 2));
    // A tournament that does not exist (or is not published) has no live feed.
    let missing = app.ws(&uuid::Uuid::new_v4().to_string(), None).await;
    assert!(missing.is_err());
    app.stop().await;
}

#[actix_web::test]
async fn metrics_count_viewers_and_events() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("Organiser").await.unwrap();
    let tid = open_tournament(&mut to, "Metrics Cup", 3).await.unwrap();
    let mut ws = app.ws(&tid, None).await.unwrap();
    assert_eq!(ws.next_json(WAIT).await.unwrap()["type"], "snapshot");
    let (mut a, _) = app.user("Ann").await.unwrap();
    register(&mut a, &tid, "Ann", "Orks").await.unwrap();
    assert_eq!(ws.next_json(WAIT).await.unwrap()["kind"], "player_registered");
    let raw = awc::Client::new().get(format!("{}/metrics", app.base)).send().await.unwrap().body().await.unwrap();
    let text = String::from_utf8_lossy(&raw);
    let value = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().last())
            .and_then(|v| v.parse::<f64>().ok())
    };
    assert_eq!(value("arbiter_live_viewers "), Some(1.0), "{text}");
    assert!(value("arbiter_live_events_total ").is_some_and(|n| n >= 1.0), "{text}");
    assert!(value("arbiter_live_fanout_latency_seconds_count ").is_some_and(|n| n >= 1.0), "{text}");
    assert_eq!(value("arbiter_live_queue_drops_total "), Some(0.0));
    // Every event came over the bus; the ones before the socket opened found no room to go to.
    let (received, ignored) = (value("arbiter_live_bus_received_total "), value("arbiter_live_bus_ignored_total "));
    assert!(received.is_some_and(|n| n >= 2.0) && ignored.is_some_and(|n| n >= 1.0), "{text}");
    assert!(received > ignored, "{text}");
    assert!(value("arbiter_db_queries_total{kind=\"select\"} ").is_some_and(|n| n > 0.0), "{text}");
    app.stop().await;
}

#[actix_web::test]
async fn a_dead_socket_is_closed_by_the_heartbeat() {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let (url, dir) = arbiter_tests::Backend::Sqlite.fresh().await.unwrap();
    let mut settings = arbiter_server::config::Settings::new("127.0.0.1:0", url, None);
    settings.ws_heartbeat_secs = 1;
    settings.ws_timeout_secs = 2;
    let app = TestApp::start_with(settings, dir).await.unwrap();
    let (mut to, _) = app.user("Organiser").await.unwrap();
    let tid = open_tournament(&mut to, "Heartbeat Cup", 3).await.unwrap();
    // A client that completes the handshake, then never answers a ping.
    let addr = app.base.trim_start_matches("http://").to_string();
    let mut tcp = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let handshake = format!(
        "GET /ws/tournaments/{tid} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    tcp.write_all(handshake.as_bytes()).await.unwrap();
    let started = std::time::Instant::now();
    let mut buf = vec![0u8; 64 * 1024];
    let mut head = Vec::new();
    loop {
        match tokio::time::timeout(Duration::from_secs(10), tcp.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => head.extend_from_slice(&buf[..n]),
            Err(_) => panic!("the server kept a dead socket open for 10 s"),
        }
    }
    assert!(String::from_utf8_lossy(&head).starts_with("HTTP/1.1 101"), "upgraded first");
    let took = started.elapsed();
    assert!(
        took >= Duration::from_secs(2) && took < Duration::from_secs(6),
        "closed after the 2 s timeout, took {took:?}"
    );
    app.stop().await;
}

/// Database statements run so far (`arbiter_db_queries_total`, every kind).
async fn db_queries(app: &TestApp) -> f64 {
    let raw = awc::Client::new().get(format!("{}/metrics", app.base)).send().await.unwrap().body().await.unwrap();
    String::from_utf8_lossy(&raw)
        .lines()
        .filter(|l| l.starts_with("arbiter_db_queries_total{"))
        .filter_map(|l| l.split_whitespace().last().and_then(|v| v.parse::<f64>().ok()))
        .sum()
}

/// Statements run in `secs` seconds with nothing happening.
async fn idle_queries(app: &TestApp, secs: u64) -> f64 {
    tokio::time::sleep(Duration::from_secs(3)).await;
    let before = db_queries(app).await;
    tokio::time::sleep(Duration::from_secs(secs)).await;
    db_queries(app).await - before
}

/// An idle room costs no database query of its own: the check that the bus
/// lost nothing is one statement per instance, however many events are
/// watched. 300 events with one idle viewer each for 20 s run no more
/// statements than 10 (each room used to read its events every 2 s).
#[actix_web::test]
async fn idle_rooms_cost_no_queries_of_their_own() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("Organiser").await.unwrap();
    let mut ids = Vec::new();
    for i in 0..300 {
        ids.push(open_tournament(&mut to, &format!("Idle {i}"), 3).await.unwrap());
    }
    let mut sockets = Vec::new();
    let mut counts = Vec::new();
    for window in [&ids[..10], &ids[10..]] {
        for t in window {
            let mut ws = app.ws(t, None).await.unwrap();
            assert_eq!(ws.next_json(WAIT).await.unwrap()["type"], "snapshot");
            sockets.push(ws);
        }
        counts.push(idle_queries(&app, 20).await);
    }
    let (ten, three_hundred) = (counts[0], counts[1]);
    println!("database statements in 20 s with an idle viewer on each of 10 events: {ten}; of 300: {three_hundred}");
    assert!(three_hundred <= ten, "300 idle events ran {three_hundred} statements in 20 s, 10 ran {ten}");
    assert_eq!(sockets.len(), 300);
    app.stop().await;
}
