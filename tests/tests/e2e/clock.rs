//! The round clock over HTTP and the live views: the TO starts, pauses,
//! extends, resumes and ends it; boards and phones get each change with the
//! time on the server's clock; every refusal is a 4xx with a sentence and
//! leaves the database as it was; sixteen pauses at once pause it once;
//! in Chromium, the board and a phone whose clock is wrong show the same time.

use arbiter_server::client::ApiClient;
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, Api, Backend, Event, TestApp, WsClient};
use futures_util::future::join_all;
use serde_json::{json, Value};
use std::time::Duration;

const WAIT: Duration = arbiter_tests::WAIT;
const MINUTE: i64 = 60_000;

fn now() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

async fn clock(c: &mut ApiClient, round: &str, body: Value) -> Value {
    c.post(&format!("/api/rounds/{round}/clock"), &body).await.unwrap().ok().unwrap()["clock"].clone()
}

/// The next `clock_changed` update a live view receives.
async fn next_clock(ws: &mut WsClient) -> Value {
    let (frames, found) = ws.until(WAIT, |f| f["kind"] == "clock_changed").await;
    assert!(found, "no clock_changed among {frames:?}");
    frames.last().map(|f| f["data"]["clock"].clone()).unwrap_or_default()
}

#[actix_web::test]
async fn the_to_runs_the_round_clock_and_every_screen_follows() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "K", 4, 3).await.unwrap();
    let (round, tables) = ev.pair_next().await.unwrap();
    let ws = |q: &str| format!("{}/ws/tournaments/{}?{q}", app.base.replacen("http", "ws", 1), ev.tid);
    let mut board = WsClient::connect(&ws("view=board")).await.unwrap();
    let snap = board.next_json(WAIT).await.unwrap();
    assert_eq!((snap["type"].as_str(), &snap["data"]["clock"]), (Some("snapshot"), &Value::Null));
    let phone_session = ev.players[tables[0].p1].session().map(String::from);
    let mut phone = WsClient::connect_as(&ws("view=player"), phone_session.as_deref()).await.unwrap();
    phone.next_json(WAIT).await.unwrap();
    let mut standings = WsClient::connect(&ws("view=standings")).await.unwrap();
    standings.next_json(WAIT).await.unwrap();

    // The pong carries the server's time.
    board.send_text(r#"{"v":1,"type":"ping"}"#).unwrap();
    let (frames, _) = board.until(WAIT, |f| f["type"] == "pong").await;
    let server_now = frames.last().and_then(|f| f["now"].as_i64()).unwrap_or(0);
    assert!((server_now - now()).abs() < 2_000, "pong now {server_now}");

    // Start: 150 minutes from now, on the server's clock.
    let before = now();
    let started = clock(&mut ev.to, &round, json!({ "action": "start", "minutes": 150 })).await;
    let ends_at = started["ends_at"].as_i64().unwrap();
    assert!((before + 150 * MINUTE..=now() + 150 * MINUTE).contains(&ends_at), "{started}");
    assert_eq!((s(&started, "state"), started["duration_ms"].as_i64()), ("running", Some(150 * MINUTE)));
    assert_eq!(next_clock(&mut board).await, started);
    assert_eq!(next_clock(&mut phone).await, started);

    // Paused: the time left is kept; +5 minutes adds exactly five.
    let paused = clock(&mut ev.to, &round, json!({ "action": "pause" })).await;
    let left = paused["remaining_ms"].as_i64().unwrap();
    assert!((150 * MINUTE - 5_000..=150 * MINUTE).contains(&left), "{paused}");
    assert_eq!((s(&paused, "state"), &paused["ends_at"]), ("paused", &Value::Null));
    let extended = clock(&mut ev.to, &round, json!({ "action": "extend", "minutes": 5 })).await;
    assert_eq!(extended["remaining_ms"].as_i64(), Some(left + 5 * MINUTE));
    assert_eq!(extended["duration_ms"].as_i64(), Some(155 * MINUTE));
    // Resumed: it ends the time left from now.
    let before = now();
    let resumed = clock(&mut ev.to, &round, json!({ "action": "resume" })).await;
    let ends_at = resumed["ends_at"].as_i64().unwrap();
    assert!((before + left + 5 * MINUTE..=now() + left + 5 * MINUTE).contains(&ends_at), "{resumed}");
    for _ in 0..2 {
        next_clock(&mut board).await;
    }
    assert_eq!(next_clock(&mut board).await, resumed);
    let read = ev.to.get(&format!("/api/rounds/{round}/clock")).await.unwrap().ok().unwrap();
    assert_eq!(read["clock"], resumed);
    // Anyone may read it (the round is published).
    let public = app.client().get(&format!("/api/rounds/{round}/clock")).await.unwrap().ok().unwrap();
    assert_eq!(public["clock"], resumed);

    // A screen that connects now starts with the clock in its snapshot.
    let mut late = WsClient::connect(&ws("view=board")).await.unwrap();
    assert_eq!(late.next_json(WAIT).await.unwrap()["data"]["clock"], resumed);

    let ended = clock(&mut ev.to, &round, json!({ "action": "end" })).await;
    assert_eq!((s(&ended, "state"), &ended["ends_at"], &ended["remaining_ms"]), ("ended", &Value::Null, &Value::Null));

    // A standings window is not sent the clock.
    let frames = standings.collect(Duration::from_millis(300)).await;
    assert!(frames.iter().all(|f| f["kind"] != "clock_changed"), "{frames:?}");

    // Refusals: each a 4xx with a sentence, the database unchanged.
    let before = app.fingerprint().await.unwrap();
    let path = format!("/api/rounds/{round}/clock");
    let player = &mut ev.players[0];
    let r = player.post(&path, &json!({ "action": "start", "minutes": 10 })).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (403, "not_tournament_organiser"));
    let refusals = [
        (json!({ "action": "start" }), 422, "invalid_field", "the round's length, 1 to 600 minutes"),
        (json!({ "action": "start", "minutes": 0 }), 422, "invalid_field", "1 to 600 minutes"),
        (json!({ "action": "start", "minutes": 601 }), 422, "invalid_field", "1 to 600 minutes"),
        (json!({ "action": "extend", "minutes": 0 }), 422, "invalid_field", "the minutes to add"),
        (json!({ "action": "extend", "minutes": 500 }), 422, "invalid_field", "the minutes to add"),
        (json!({ "action": "explode" }), 422, "invalid_field", "choose start, pause, resume, extend or end"),
        (json!({ "action": "pause" }), 409, "clock_state", "not running"),
        (json!({ "action": "extend", "minutes": 5 }), 409, "clock_state", "start it instead"),
        (json!({ "action": "end" }), 409, "clock_state", "already ended"),
        (json!({ "action": "pause", "when": "now" }), 400, "invalid_json", ""),
    ];
    for (body, status, code, words) in refusals {
        let r = ev.to.post(&path, &body).await.unwrap();
        assert_eq!((r.status.as_u16(), r.code()), (status, code), "{body}: {}", r.body);
        assert!(s(&r.body, "message").contains(words), "{body}: {}", r.body);
    }
    let r = ev.to.post(&format!("/api/rounds/{}/clock", uuid::Uuid::new_v4()), &json!({ "action": "pause" })).await;
    assert_eq!(r.unwrap().status.as_u16(), 404);
    assert_eq!(app.fingerprint().await.unwrap(), before);

    // A closed round's clock no longer changes.
    for t in &tables {
        ev.play(t, 60, 40).await.unwrap();
    }
    ev.to.post_empty(&format!("/api/rounds/{round}/close")).await.unwrap().ok().unwrap();
    let r = ev.to.post(&path, &json!({ "action": "start", "minutes": 10 })).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (409, "round_closed"));
    app.stop().await;
}

/// Sixteen pauses of a running clock at once (a TO's double taps on several
/// devices): one pauses it, the others answer 409 `clock_state`, the log
/// holds one `clock_changed` for them.
async fn pauses_at_once(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut ev = Event::start(&app.base, "Q", 4, 3).await.unwrap();
    let (round, _) = ev.pair_next().await.unwrap();
    clock(&mut ev.to, &round, json!({ "action": "start", "minutes": 90 })).await;
    let mut clients: Vec<ApiClient> = (0..16).map(|_| ev.to.clone_to(&app.base)).collect();
    let path = format!("/api/rounds/{round}/clock");
    let replies = join_all(clients.iter_mut().map(|c| {
        let path = path.clone();
        async move { c.post(&path, &json!({ "action": "pause" })).await.unwrap() }
    }))
    .await;
    let codes: Vec<(u16, &str)> = replies.iter().map(|r| (r.status.as_u16(), r.code())).collect();
    assert_eq!(codes.iter().filter(|(st, _)| *st == 200).count(), 1, "{codes:?}");
    assert!(codes.iter().all(|c| c.0 == 200 || *c == (409, "clock_state")), "{codes:?}");
    let log = ev.log().await.unwrap();
    assert_eq!(log.iter().filter(|e| e["kind"] == "clock_changed").count(), 2);
    app.stop().await;
}

#[actix_web::test]
async fn pauses_at_once_sqlite() {
    pauses_at_once(Backend::Sqlite).await;
}

#[actix_web::test]
async fn pauses_at_once_postgres() {
    pauses_at_once(Backend::Postgres).await;
}

/// What the page's clock shows: `[text, ms left, state]`, once it shows one.
async fn shown(b: &Browser) -> Value {
    let script = "const c = document.querySelector('[data-clock]'); return c && !c.hidden && c.dataset.left !== undefined && [c.textContent, Number(c.dataset.left), c.dataset.state];";
    for _ in 0..200 {
        let v = b.client.execute(script, vec![]).await.unwrap();
        if v.is_array() {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("no clock shown")
}

/// The two pages' clocks read at the same moment, ms left each.
async fn both(board: &Browser, phone: &Browser) -> (i64, i64, Value, Value) {
    let (a, b) = tokio::join!(shown(board), shown(phone));
    (a[1].as_i64().unwrap_or(-1), b[1].as_i64().unwrap_or(-1), a, b)
}

/// Waits until both pages show the clock in `state`.
async fn until_state(board: &Browser, phone: &Browser, state: &str) {
    for _ in 0..200 {
        let (_, _, a, b) = both(board, phone).await;
        if a[2] == state && b[2] == state {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the pages never showed the clock {state}");
}

/// The venue board and a player's phone show the same time left (within a
/// second), also when the phone's own clock is seven minutes wrong, after a
/// pause and an extension, and after the phone reloads.
#[actix_web::test]
async fn the_board_and_a_phone_show_the_same_time() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "W", 4, 3).await.unwrap();
    let (round, tables) = ev.pair_next().await.unwrap();
    let board = Browser::start().await.unwrap();
    board.client.goto(&format!("{}/t/{}/board", app.base, ev.tid)).await.unwrap();
    let phone = Browser::start().await.unwrap();
    let session = ev.players[tables[0].p1].session().unwrap_or_default().to_string();
    phone.client.goto(&format!("{}/", app.base)).await.unwrap();
    let cookie = format!("document.cookie = 'arbiter_session={session}; path=/'; return true;");
    phone.client.execute(&cookie, vec![]).await.unwrap();
    phone.client.goto(&format!("{}/t/{}/me", app.base, ev.tid)).await.unwrap();
    for b in [&board, &phone] {
        let live = "return document.getElementById('live-status').classList.contains('on');";
        let mut on = false;
        for _ in 0..200 {
            if b.client.execute(live, vec![]).await.unwrap() == json!(true) {
                on = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        assert!(on, "socket not live");
    }

    // The phone's clock runs seven minutes fast.
    let skew =
        "const real = Date.now; Date.now = function () { return real() + 7 * 60000; }; Arbiter.sync(); return true;";
    phone.client.execute(skew, vec![]).await.unwrap();
    clock(&mut ev.to, &round, json!({ "action": "start", "minutes": 45 })).await;
    until_state(&board, &phone, "running").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (a, b, sa, sb) = both(&board, &phone).await;
    assert!((a - b).abs() < 1_000, "board {sa} vs phone {sb}");
    assert!((44 * MINUTE..=45 * MINUTE).contains(&a), "{sa}");
    assert!(sa[0].as_str().is_some_and(|t| t.starts_with("44:") || t == "45:00"), "{sa}");

    // Paused, then five more minutes: both show the same time, not moving.
    clock(&mut ev.to, &round, json!({ "action": "pause" })).await;
    until_state(&board, &phone, "paused").await;
    let (paused, b, sa, sb) = both(&board, &phone).await;
    assert_eq!(paused, b, "board {sa} vs phone {sb}");
    assert!(sa[0].as_str().is_some_and(|t| t == "⏸ Paused 45:00" || t.starts_with("⏸ Paused 44:")), "{sa}");
    clock(&mut ev.to, &round, json!({ "action": "extend", "minutes": 5 })).await;
    let mut extended = (0, 0);
    for _ in 0..200 {
        let (a, b, _, _) = both(&board, &phone).await;
        extended = (a, b);
        if a == paused + 5 * MINUTE && b == a {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(extended, (paused + 5 * MINUTE, paused + 5 * MINUTE));

    // Resumed; the phone reloads (and is still seven minutes fast).
    clock(&mut ev.to, &round, json!({ "action": "resume" })).await;
    until_state(&board, &phone, "running").await;
    phone.client.refresh().await.unwrap();
    phone.client.execute(skew, vec![]).await.unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (a, b, sa, sb) = both(&board, &phone).await;
    assert!((a - b).abs() < 1_000, "board {sa} vs phone {sb}");
    assert!(a <= paused + 5 * MINUTE && a > paused + 4 * MINUTE, "{sa}");

    phone.client.set_window_size(390, 844).await.unwrap();
    phone.save_screenshot("phone.png").await;
    // The board alone, full screen.
    board.client.goto(&format!("{}/t/{}/board?mode=clock", app.base, ev.tid)).await.unwrap();
    let (_, _, sa, _) = both(&board, &phone).await;
    let big = board
        .client
        .execute("return [parseFloat(getComputedStyle(document.querySelector('.board-clock')).fontSize), getComputedStyle(document.getElementById('board-body')).display];", vec![])
        .await
        .unwrap();
    assert!(big[0].as_f64().unwrap_or(0.0) >= 200.0 && big[1] == "none", "{big} {sa}");
    board.close().await;
    phone.close().await;
    app.stop().await;
}

/// The planned start of each round: given when the event is created, shown
/// on the event page and on the board while a round's pairings are coming;
/// a time that is not one is refused in the form's words, nothing stored.
#[actix_web::test]
async fn the_schedule_shows_on_the_event_page_and_the_board() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("Scheduler").await.unwrap();
    let event = |times: Value| json!({ "name": "Spring GT", "event_date": "2026-05-17", "format": "Strike Force", "game": "wh40k", "total_rounds": 3, "round_times": times });
    let before = app.fingerprint().await.unwrap();
    for bad in [json!(["09:30", "25:00"]), json!(["9h30"]), json!(["2026-02-30 09:00"])] {
        let r = to.post("/api/tournaments", &event(bad.clone())).await.unwrap();
        assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_field"), "{bad}");
        assert!(s(&r.body, "message").starts_with("The start time for round "), "{}", r.body);
        assert_eq!(r.body["details"]["field"], "round_times");
    }
    assert_eq!(app.fingerprint().await.unwrap(), before);

    let times = json!(["09:30", "13:00", "2026-05-18 09:00", ""]);
    let t = to.post("/api/tournaments", &event(times)).await.unwrap().ok().unwrap();
    assert_eq!(t["tournament"]["round_times"], json!(["09:30", "13:00", "2026-05-18 09:00"]));
    let tid = s(&t["tournament"], "id").to_string();
    to.advance(&tid).await.unwrap().ok().unwrap();
    let (_, page) = app.client().get_text(&format!("/t/{tid}")).await.unwrap();
    for line in ["Round 1 · starts 09:30", "Round 2 · starts 13:00", "Round 3 · starts 2026-05-18 09:00"] {
        assert!(page.contains(line), "{line} not on the event page");
    }
    let b = Browser::start().await.unwrap();
    b.client.goto(&format!("{}/t/{tid}/board", app.base)).await.unwrap();
    let mut waiting = Value::Null;
    for _ in 0..200 {
        waiting = b
            .client
            .execute("const w = document.querySelector('.board-wait'); return w && w.textContent;", vec![])
            .await
            .unwrap();
        if waiting.is_string() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(waiting, json!("Round 1 pairings comingRound 1 starts 09:30"));
    b.close().await;
    app.stop().await;
}
