//! Regression tests for a security report, one per finding: a live client
//! that stops reading, private fields in the TRF export, query numbers that
//! could panic a worker, actions by a removed player, concurrent advances,
//! CSV formula injection and unbounded CLI input.

use super::games::Event as GameEvent;
use arbiter_engine::trf::Trf;
use arbiter_server::client::ApiClient;
use arbiter_server::config::Settings;
use arbiter_tests::process::arbiter_binary;
use arbiter_tests::{register, s, Api, Backend, Event, TestApp};
use awc::http::Method;
use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::json;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// A number from the `/metrics` page.
async fn metric(app: &TestApp, name: &str) -> anyhow::Result<f64> {
    let (_, text) = app.client().get_text("/metrics").await?;
    let line = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name))
        .ok_or_else(|| anyhow::anyhow!("no metric {name}"))?;
    Ok(line.split_whitespace().nth(1).unwrap_or_default().parse()?)
}

/// A raw client of tournament `tid`'s event stream (`?since=0`) with a
/// 4 KiB receive buffer, so the server's buffers fill soon.
async fn small_buffered_event_stream(
    app: &TestApp,
    tid: &str,
) -> anyhow::Result<tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>> {
    let addr = app.base.trim_start_matches("http://").to_string();
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.set_recv_buffer_size(4096)?;
    let tcp = socket.connect(addr.parse()?).await?;
    let url = format!("ws://{addr}/ws/tournaments/{tid}?since=0");
    Ok(tokio_tungstenite::client_async(url, tcp).await?.0)
}

/// A client that stops reading while the server has much to send is cut
/// off within the write deadline: its session ends (it is no longer a
/// viewer) and its socket is closed, instead of the session waiting on the
/// socket forever with its heartbeat never running.
#[actix_web::test]
async fn a_live_client_that_stops_reading_is_closed_within_the_write_deadline() -> anyhow::Result<()> {
    let (database_url, dir) = Backend::Sqlite.fresh().await?;
    let mut settings = Settings::new("127.0.0.1:0", database_url, None);
    settings.ws_heartbeat_secs = 1;
    settings.ws_timeout_secs = 2;
    let app = TestApp::start_with(settings, dir).await?;
    let mut ev = Event::start(&app.base, "S", 12, 3).await?;

    let (mut out, mut incoming) = small_buffered_event_stream(&app, &ev.tid).await?.split();
    // It asks for the whole log again and again, and never reads the answers…
    let resume = Message::text(r#"{"v":1,"type":"resume","since":0}"#);
    for _ in 0..1500 {
        if tokio::time::timeout(Duration::from_secs(2), out.send(resume.clone())).await.is_err() {
            break;
        }
    }
    // …while events flow.
    let stopped = Instant::now();
    let (_, tables) = ev.pair_next().await?;
    for t in &tables {
        ev.play(t, 60, 40).await?;
    }

    // The server gives up on it within the deadline (2 s) plus a heartbeat or two.
    let mut closed_after = None;
    while stopped.elapsed() < Duration::from_secs(20) {
        // The session leaves its room, then counts itself as stalled: wait for both.
        if metric(&app, "arbiter_live_viewers").await? == 0.0
            && metric(&app, "arbiter_live_stalled_closed_total").await? == 1.0
        {
            closed_after = Some(stopped.elapsed());
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    eprintln!(
        "after the stall: viewers {}, stalled {}",
        metric(&app, "arbiter_live_viewers").await?,
        metric(&app, "arbiter_live_stalled_closed_total").await?
    );
    let closed_after =
        closed_after.ok_or_else(|| anyhow::anyhow!("the stalled client is still a viewer after 20 s"))?;
    eprintln!("stalled client cut off {closed_after:?} after it stopped reading");
    assert!(closed_after < Duration::from_secs(8), "cut off only after {closed_after:?}");
    assert_eq!(metric(&app, "arbiter_live_stalled_closed_total").await?, 1.0);

    // Its socket is closed too: what the server had queued for it (megabytes)
    // is dropped with the connection. Reading again, the client finds only
    // what its own small buffer held, then the end.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (mut frames, mut bytes) = (0usize, 0usize);
    let ended = tokio::time::timeout(Duration::from_secs(15), async {
        loop {
            match incoming.next().await {
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(m)) => {
                    frames += 1;
                    bytes += m.len();
                }
            }
        }
    })
    .await;
    eprintln!("after the cut-off the client read {frames} frames, {bytes} bytes, then the end");
    assert!(ended.is_ok(), "the socket was not closed: {frames} frames read and still open");
    assert!(bytes < 256 * 1024, "the connection lived on with {bytes} bytes for the client");
    Ok(())
}

/// A client that reads, but too slowly for what it is sent, falls behind:
/// its queue overflows and the room cuts it off. Its connection is dropped
/// at once — not left to drain megabytes behind a `resync` it would read
/// minutes later — and the kernel holds little for it (the send buffer is
/// bounded): the client finds the end of the stream within seconds. It
/// reconnects with `?since=N` (see `live::cut`).
#[actix_web::test]
async fn a_live_client_that_falls_behind_is_dropped_at_once() -> anyhow::Result<()> {
    let (database_url, dir) = Backend::Sqlite.fresh().await?;
    let app = TestApp::start_with(Settings::new("127.0.0.1:0", database_url, None), dir).await?;
    let mut ev = Event::start(&app.base, "B", 8, 3).await?;
    let (mut out, mut incoming) = small_buffered_event_stream(&app, &ev.tid).await?.split();
    // It keeps asking for the whole log, so its session is always writing…
    let resume = Message::text(r#"{"v":1,"type":"resume","since":0}"#);
    for _ in 0..200 {
        out.send(resume.clone()).await?;
    }
    // …and reads a frame now and then (four a second), far slower than it is
    // sent events — until it has been cut off; then it reads all it can, to
    // find the end of the stream.
    let cut_seen = Arc::new(AtomicBool::new(false));
    let hurry = cut_seen.clone();
    let started = Instant::now();
    let read = tokio::spawn(async move {
        let (mut bytes, mut at_end) = (0usize, None);
        loop {
            match tokio::time::timeout(Duration::from_secs(60), incoming.next()).await {
                Ok(Some(Ok(m))) => bytes += m.len(),
                _ => {
                    at_end.get_or_insert(started.elapsed());
                    break;
                }
            }
            if !hurry.load(Ordering::Acquire) {
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        }
        (bytes, at_end)
    });
    // Meanwhile the event changes far more often than the client reads: more
    // than its queue holds (512 frames).
    let settings = format!("/api/tournaments/{}/settings", ev.tid);
    let mut cut_at = None;
    for i in 0..4000 {
        ev.to.send(Method::PATCH, &settings, Some(&json!({ "name": format!("B Open {i}") }))).await?.ok()?;
        if i % 20 == 0
            && metric(&app, "arbiter_live_fell_behind_closed_total").await?
                + metric(&app, "arbiter_live_stalled_closed_total").await?
                > 0.0
        {
            cut_at = Some(started.elapsed());
            break;
        }
    }
    let cut_at = cut_at.ok_or_else(|| anyhow::anyhow!("the slow client was never cut off"))?;
    cut_seen.store(true, Ordering::Release);
    eprintln!(
        "slow client cut off after {cut_at:?}: fell behind {}, stalled {}",
        metric(&app, "arbiter_live_fell_behind_closed_total").await?,
        metric(&app, "arbiter_live_stalled_closed_total").await?
    );
    assert_eq!(metric(&app, "arbiter_live_viewers").await?, 0.0, "the session ended");
    // The connection is gone: the reader reaches the end of the stream soon,
    // after reading at most what the kernel buffers held.
    let (bytes, at_end) = tokio::time::timeout(Duration::from_secs(30), read).await??;
    let at_end = at_end.ok_or_else(|| anyhow::anyhow!("the stream did not end"))?;
    eprintln!(
        "the client read {bytes} bytes in all and found the end {:?} after the cut",
        at_end.saturating_sub(cut_at)
    );
    assert!(at_end < cut_at + Duration::from_secs(10), "the connection lingered until {at_end:?}");
    Ok(())
}

/// The public TRF export leaves birth dates and sex blank; the TO's has them.
#[actix_web::test]
async fn the_trf_export_shows_birth_dates_and_sex_only_to_the_organiser() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut e = GameEvent::start(&app, "chess", "dutch", &["Anna", "Boris"], json!({ "total_rounds": 3 })).await?;
    for (name, sex, birth) in [("Anna", "w", "1990-11-30"), ("Boris", "m", "2001-02-03")] {
        let pid = e.id_of(name);
        e.to.put_profile(&pid, &json!({ "profile": { "sex": sex, "birth_date": birth } })).await?.ok()?;
    }
    let path = format!("/api/tournaments/{}/trf", e.id);
    let private = |trf: &Trf| -> Vec<(String, String)> {
        trf.players().map(|p| (p.sex.trim().to_string(), p.birth_date.trim().to_string())).collect()
    };
    let to = Trf::parse(&e.to.get(&path).await?.text)?;
    assert_eq!(
        private(&to),
        [("w".to_string(), "1990/11/30".to_string()), ("m".to_string(), "2001/02/03".to_string())]
    );
    let (mut stranger, _) = app.user("Stranger").await?;
    let player = &mut e.players[0].0;
    for (who, text) in [
        ("anonymous", app.client().get(&path).await?.text),
        ("another account", stranger.get(&path).await?.text),
        ("a player", player.get(&path).await?.text),
    ] {
        assert!(!text.contains("1990/11/30") && !text.contains("2001/02/03"), "{who}: {text}");
        let trf = Trf::parse(&text)?;
        assert_eq!(private(&trf), [(String::new(), String::new()), (String::new(), String::new())], "{who}");
        assert_eq!(trf.players().count(), 2, "{who}: the rest of the file is there");
    }
    Ok(())
}

/// Offsets and limits out of range are refused with 400 `invalid_query`
/// (the largest used to panic the query binder), and the server keeps serving.
#[actix_web::test]
async fn out_of_range_offsets_and_limits_are_refused_not_panicked_on() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let ev = Event::start(&app.base, "Q", 2, 1).await?;
    let mut c = app.client();
    for path in [
        "/api/ratings/wh40k?offset=9223372036854775808".to_string(),
        "/api/ratings/wh40k?offset=18446744073709551615".to_string(),
        "/api/ratings/wh40k?offset=10000001".to_string(),
        "/api/ratings/wh40k?limit=0".to_string(),
        "/api/ratings/wh40k?limit=501".to_string(),
        "/api/ratings/wh40k?offset=-1".to_string(),
        "/api/ratings/wh40k?offset=99999999999999999999999".to_string(),
        format!("/api/tournaments/{}/events?limit=0", ev.tid),
        format!("/api/tournaments/{}/events?limit=18446744073709551615", ev.tid),
        format!("/api/tournaments/{}/events?since=-1", ev.tid),
    ] {
        let r = c.get(&path).await?;
        assert_eq!((r.status.as_u16(), r.code()), (400, "invalid_query"), "{path}: {}", r.body);
        assert!(!r.body["message"].as_str().unwrap_or_default().is_empty(), "{path}");
    }
    let (status, _) = c.get_text("/ratings/wh40k?offset=9223372036854775808").await?;
    assert_eq!(status.as_u16(), 400, "the ratings page");
    let r = c.get("/api/ratings/wh40k?offset=10000000&limit=500").await?;
    assert_eq!(r.status.as_u16(), 200, "the largest accepted page: {}", r.body);
    assert_eq!(c.get("/healthz").await?.status.as_u16(), 200);
    Ok(())
}

/// A registration's id by display name.
async fn player_id(c: &mut ApiClient, tid: &str, name: &str) -> anyhow::Result<String> {
    let v = c.players(tid).await?.ok()?;
    v["players"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| s(p, "display_name") == name)
        .map(|p| s(p, "id").to_string())
        .ok_or_else(|| anyhow::anyhow!("no player {name}"))
}

/// Once the TO removes a player, that player cannot report, confirm or
/// dispute, and a report they made can no longer be confirmed or disputed.
#[actix_web::test]
async fn a_removed_player_cannot_report_and_their_report_cannot_be_confirmed() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut ev = Event::start(&app.base, "R", 4, 3).await?;
    let (_, tables) = ev.pair_next().await?;
    let (a, b) = (tables[0].clone(), tables[1].clone());
    let score = json!({ "player1_vp": 70, "player2_vp": 50 });
    // Table b: player 1 reports, then is removed.
    ev.players[b.p1].report(&b.id, &score).await?.ok()?;
    let tid = ev.tid.clone();
    for i in [a.p1, b.p1] {
        let pid = player_id(&mut ev.to, &tid, &format!("R{}", i + 1)).await?;
        let r = ev.to.send(Method::DELETE, &format!("/api/players/{pid}"), None).await?;
        assert!(r.status.is_success(), "{}", r.body);
    }
    let before = app.fingerprint().await?;

    // Table a: the removed player 1 can neither report nor act on the opponent's report.
    let r = ev.players[a.p1].report(&a.id, &score).await?;
    assert_eq!((r.status.as_u16(), r.code()), (403, "player_removed"), "{}", r.body);
    assert!(r.body["message"].as_str().unwrap_or_default().contains("removed"));
    // Table b: the opponent can neither confirm nor dispute the removed player's report.
    let r = ev.players[b.p2].confirm(&b.id).await?;
    assert_eq!((r.status.as_u16(), r.code()), (409, "player_removed"), "{}", r.body);
    let r = ev.players[b.p2].dispute(&b.id, &json!({})).await?;
    assert_eq!((r.status.as_u16(), r.code()), (409, "player_removed"), "{}", r.body);
    // Nor can the removed player act on their own registration.
    for path in ["check-in", "drop"] {
        let r = ev.players[a.p1].post_empty(&format!("/api/tournaments/{tid}/{path}")).await?;
        assert_eq!((r.status.as_u16(), r.code()), (403, "player_removed"), "{path}: {}", r.body);
    }
    assert_eq!(app.fingerprint().await?, before, "nothing changed");

    // The organiser still settles both tables.
    for t in [&a, &b] {
        ev.to.override_result(&t.id, &score).await?.ok()?;
    }
    Ok(())
}

/// Five advances at once from DRAFT, each saying so: one moves the event to
/// REGISTRATION, the others get 409 `state_changed`; nothing is skipped.
async fn parallel_advances(backend: Backend) -> anyhow::Result<()> {
    let app = TestApp::spawn_with(backend, None).await?;
    let (mut to, _) = app.user("Organiser").await?;
    let t = to
        .create_tournament(&json!({ "name": "Race", "event_date": "2026-05-17", "format": "Open", "total_rounds": 3 }))
        .await?
        .ok()?;
    let tid = s(&t["tournament"], "id").to_string();
    let path = format!("/api/tournaments/{tid}/advance");
    let replies = futures_util::future::join_all((0..5).map(|_| {
        let mut c = to.clone_to(&app.base);
        let path = path.clone();
        async move { c.post(&path, &json!({ "from": "DRAFT" })).await }
    }))
    .await;
    let mut outcomes: Vec<(u16, String)> = Vec::new();
    for r in replies {
        let r = r?;
        outcomes.push((r.status.as_u16(), r.code().to_string()));
    }
    outcomes.sort();
    let conflict = (409, "state_changed".to_string());
    assert_eq!(outcomes, [(200, String::new()), conflict.clone(), conflict.clone(), conflict.clone(), conflict]);
    let t = to.tournament(&tid).await?.ok()?;
    assert_eq!(t["tournament"]["status"], "REGISTRATION");
    let events = to.events(&tid, "").await?.ok()?;
    let advanced = events["events"].as_array().into_iter().flatten().filter(|e| e["kind"] == "status_advanced").count();
    assert_eq!(advanced, 1, "one status change");

    // The stage the TO saw must be a stage; the next advance names REGISTRATION.
    let r = to.post(&path, &json!({ "from": "LATER" })).await?;
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_field"));
    let r = to.post(&path, &json!({ "from": "DRAFT" })).await?;
    assert_eq!((r.status.as_u16(), r.code()), (409, "state_changed"));
    assert!(r.body["message"].as_str().unwrap_or_default().contains("REGISTRATION"), "{}", r.body);
    // Without `from`, five parallel advances would each move the event one
    // stage: it is required, and nothing moves without it.
    let before = app.fingerprint().await?;
    let replies = futures_util::future::join_all((0..5).map(|i| {
        let mut c = to.clone_to(&app.base);
        let path = path.clone();
        async move {
            if i % 2 == 0 {
                c.post_empty(&path).await
            } else {
                c.post(&path, &json!({})).await
            }
        }
    }))
    .await;
    for r in replies {
        let r = r?;
        assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_field"), "{}", r.body);
        assert!(r.body["message"].as_str().unwrap_or_default().contains("from"), "{}", r.body);
    }
    assert_eq!(app.fingerprint().await?, before, "no advance without the stage it leaves");
    to.post(&path, &json!({ "from": "REGISTRATION" })).await?.ok()?;
    Ok(())
}

#[actix_web::test]
async fn parallel_advances_move_the_event_once_sqlite() -> anyhow::Result<()> {
    parallel_advances(Backend::Sqlite).await
}

#[actix_web::test]
async fn parallel_advances_move_the_event_once_postgres() -> anyhow::Result<()> {
    parallel_advances(Backend::Postgres).await
}

/// Names and category names a spreadsheet would run as formulas are
/// exported as text in `prizes.csv`.
#[actix_web::test]
async fn prize_csv_cells_are_not_formulas() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let (mut to, _) = app.user("Organiser").await?;
    let t = to
        .create_tournament(&json!({ "name": "CSV", "event_date": "2026-05-17", "format": "Open", "game": "chess", "pairing_system": "round_robin" }))
        .await?
        .ok()?;
    let tid = s(&t["tournament"], "id").to_string();
    to.advance(&tid).await?.ok()?;
    let names = [r#"=HYPERLINK("http://evil.example/?x","Click")"#, "+SUM(1+1)"];
    let mut players = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let (mut c, _) = app.user(&format!("Player{i}")).await?;
        register(&mut c, &tid, name, "Club").await?;
        players.push(c);
    }
    to.advance(&tid).await?.ok()?;
    for c in &mut players {
        c.check_in(&tid).await?.ok()?;
    }
    to.advance(&tid).await?.ok()?;
    let r = to.new_round(&tid).await?.ok()?;
    let rid = s(&r["round"], "id").to_string();
    let round = to.pair_round(&rid).await?.ok()?;
    let pairing = round["round"]["pairings"][0].clone();
    let first = names.iter().position(|n| *n == s(&pairing["player1"], "name")).unwrap_or(0);
    let pid = s(&pairing, "id");
    players[first].report(pid, &json!({ "result": "1-0" })).await?.ok()?;
    players[1 - first].confirm(pid).await?.ok()?;
    to.close_round(&rid).await?.ok()?;
    let prizes = json!({ "categories": [
        { "id": "open", "name": "@Open", "brochure_order": 1, "prizes": [
            { "id": "o1", "place": 1, "cash": 10000 }, { "id": "o2", "place": 2, "cash": 5000 }
        ] },
        { "id": "jr", "name": "-Juniors", "brochure_order": 2, "prizes": [{ "id": "j1", "place": 1, "cash": 100 }] }
    ] });
    to.send(Method::PUT, &format!("/api/tournaments/{tid}/prizes/config"), Some(&prizes)).await?.ok()?;
    let run = to.post(&format!("/api/tournaments/{tid}/prizes/runs"), &json!({})).await?.ok()?;
    let run_id = s(&run["run"], "id").to_string();
    for table in ["prizes", "payouts"] {
        let (status, csv) =
            to.get_text(&format!("/api/tournaments/{tid}/prizes.csv?table={table}&run={run_id}")).await?;
        assert_eq!(status.as_u16(), 200, "{csv}");
        for line in csv.lines().skip(1) {
            for cell in line.split(',') {
                let cell = cell.trim_start_matches('"');
                assert!(!cell.starts_with(['=', '+', '@']), "{table}: a formula cell in {line:?}");
                assert!(!cell.starts_with('-') || cell.parse::<f64>().is_ok(), "{table}: a formula cell in {line:?}");
            }
        }
        assert!(csv.contains(r#""'=HYPERLINK(""http://evil.example/?x"",""Click"")""#), "{table}: {csv}");
        assert!(csv.contains("'+SUM(1+1)"), "{table}: {csv}");
        if table == "prizes" {
            assert!(csv.contains("'@Open") && csv.contains("'-Juniors"), "{csv}");
        }
    }
    Ok(())
}

/// Runs the binary with a time limit (killed after it).
fn arbiter_within(args: &[&str], limit: Duration) -> anyhow::Result<(Option<i32>, String, Duration)> {
    let bin = arbiter_binary()?;
    let started = Instant::now();
    let mut child = std::process::Command::new(bin)
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()?;
    loop {
        if let Some(status) = child.try_wait()? {
            let mut err = String::new();
            if let Some(mut e) = child.stderr.take() {
                std::io::Read::read_to_string(&mut e, &mut err)?;
            }
            return Ok((status.code(), err, started.elapsed()));
        }
        if started.elapsed() > limit {
            child.kill()?;
            child.wait()?;
            anyhow::bail!("arbiter {args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `arbiter pair` reads only regular files of at most 64 MiB, and says so.
#[test]
fn the_cli_refuses_devices_directories_and_oversized_files() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let big = dir.path().join("big.trf");
    std::fs::File::create(&big)?.set_len(65 * 1024 * 1024)?;
    let limit = Duration::from_secs(10);
    let (code, err, took) = arbiter_within(&["pair", "--dutch", big.to_str().unwrap_or_default(), "-p"], limit)?;
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("64 MiB"), "{err}");
    eprintln!("a 65 MiB file refused in {took:?}");
    for path in ["/dev/zero", dir.path().to_str().unwrap_or_default()] {
        let (code, err, took) = arbiter_within(&["pair", "--dutch", path, "-p"], limit)?;
        assert_eq!(code, Some(5), "{path}: {err}");
        assert!(err.contains("not a regular file"), "{path}: {err}");
        eprintln!("{path} refused in {took:?}");
    }
    let (code, err, _) = arbiter_within(&["check", "--dutch", "/dev/zero"], limit)?;
    assert_eq!(code, Some(5), "check: {err}");
    Ok(())
}

/// A raw WebSocket client (tokio-tungstenite), with a session cookie if given.
type RawWs = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn raw_ws(base: &str, path: &str, session: Option<&str>) -> anyhow::Result<RawWs> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
    let mut req = format!("{}{path}", base.replacen("http", "ws", 1)).into_client_request()?;
    if let Some(token) = session {
        req.headers_mut().insert("cookie", format!("arbiter_session={token}").parse()?);
    }
    let (ws, _) = tokio_tungstenite::connect_async(req).await?;
    Ok(ws)
}

/// The next text frame as JSON (pings are skipped; tungstenite answers them).
async fn next_text(ws: &mut RawWs, within: Duration) -> anyhow::Result<serde_json::Value> {
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return Ok(serde_json::from_str(&t)?),
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => {}
            Ok(other) => anyhow::bail!("expected a text frame, got {other:?}"),
            Err(_) => anyhow::bail!("no text frame within {within:?}"),
        }
    }
}

/// Waits for the server's close frame; returns its code and reason and how
/// long it took, and fails on any text frame before it.
async fn closed_with(ws: &mut RawWs, within: Duration) -> anyhow::Result<(u16, String, Duration)> {
    let start = Instant::now();
    loop {
        let left = within.saturating_sub(start.elapsed());
        match tokio::time::timeout(left, ws.next()).await {
            Ok(Some(Ok(Message::Close(Some(f))))) => return Ok((f.code.into(), f.reason.to_string(), start.elapsed())),
            Ok(Some(Ok(Message::Text(t)))) => anyhow::bail!("a frame before the close: {t}"),
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => {}
            Ok(other) => anyhow::bail!("expected a close frame, got {other:?}"),
            Err(_) => anyhow::bail!("the socket is still open after {within:?}"),
        }
    }
}

/// After its close frame, a socket yields nothing more (at most the end of the stream).
async fn nothing_more(ws: &mut RawWs) -> anyhow::Result<()> {
    let end = tokio::time::timeout(Duration::from_secs(2), async {
        loop {
            match ws.next().await {
                Some(Ok(Message::Text(t))) => return Err(anyhow::anyhow!("a frame after the close: {t}")),
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return Ok(()),
            }
        }
    })
    .await;
    end.unwrap_or(Ok(()))
}

/// The `csrf_token` of the page at `path` as `session` sees it, and the
/// form-token cookie the page set, if any.
async fn page_form_token(base: &str, path: &str, session: Option<&str>) -> anyhow::Result<(String, Option<String>)> {
    let mut req = awc::Client::new().get(format!("{base}{path}"));
    if let Some(token) = session {
        req = req.insert_header(("cookie", format!("arbiter_session={token}")));
    }
    let mut res = req.send().await.map_err(|e| anyhow::anyhow!("GET {path}: {e}"))?;
    let cookie = res.headers().get_all("set-cookie").filter_map(|v| v.to_str().ok()).find_map(|v| {
        let (pair, _) = v.split_once(';').unwrap_or((v, ""));
        pair.strip_prefix("arbiter_csrf=").map(str::to_string)
    });
    let html = String::from_utf8(res.body().await?.to_vec())?;
    let token = html
        .split(r#"name="csrf_token" value=""#)
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .ok_or_else(|| anyhow::anyhow!("no form token on {path}"))?;
    Ok((token.to_string(), cookie))
}

/// Posts a page form with these cookies; returns the status and the body.
async fn post_form(
    base: &str,
    path: &str,
    cookies: &[(&str, &str)],
    form: &[(&str, &str)],
) -> anyhow::Result<(u16, String)> {
    let cookie = cookies.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ");
    let mut res = awc::Client::builder()
        .disable_redirects()
        .finish()
        .post(format!("{base}{path}"))
        .insert_header(("cookie", cookie))
        .send_form(&form)
        .await
        .map_err(|e| anyhow::anyhow!("POST {path}: {e}"))?;
    let body = String::from_utf8_lossy(&res.body().await?).into_owned();
    Ok((res.status().as_u16(), body))
}

/// Signing out (here with the page's form) closes the player's live socket
/// opened with that session, with 4001 "signed out", within a few seconds;
/// no private update reaches it afterwards. Another player's socket stays.
#[actix_web::test]
async fn signing_out_closes_the_live_sockets_of_that_session() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let mut ev = Event::start(&app.base, "L", 4, 3).await?;
    let (_, tables) = ev.pair_next().await?;
    let t = tables[0].clone();
    let path = format!("/ws/tournaments/{}?view=player", ev.tid);
    let token = ev.players[t.p1].session().unwrap_or_default().to_string();
    let mut phone = raw_ws(&app.base, &path, Some(&token)).await?;
    assert_eq!(next_text(&mut phone, Duration::from_secs(5)).await?["view"], "player");
    let other = ev.players[t.p2].session().unwrap_or_default().to_string();
    let mut opponent = raw_ws(&app.base, &path, Some(&other)).await?;
    assert_eq!(next_text(&mut opponent, Duration::from_secs(5)).await?["type"], "snapshot");

    let (csrf, csrf_cookie) = page_form_token(&app.base, &format!("/t/{}/me", ev.tid), Some(&token)).await?;
    let mut cookies = vec![("arbiter_session", token.as_str())];
    if let Some(c) = csrf_cookie.as_deref() {
        cookies.push(("arbiter_csrf", c));
    }
    let (status, body) = post_form(&app.base, "/logout", &cookies, &[("csrf_token", &csrf)]).await?;
    assert_eq!(status, 303, "{body}");

    let (code, reason, after) = closed_with(&mut phone, Duration::from_secs(5)).await?;
    eprintln!("signed-out socket closed {after:?} after the sign-out");
    assert_eq!((code, reason.as_str()), (4001, "signed out"));
    // A result on the player's table: the opponent's socket gets it, the signed-out one nothing.
    let id = &t.id;
    ev.players[t.p2].report_vp(id, 55, 40).await?.ok()?;
    assert_eq!(next_text(&mut opponent, Duration::from_secs(5)).await?["type"], "update");
    nothing_more(&mut phone).await?;
    assert_eq!(metric(&app, "arbiter_live_signed_out_closed_total").await?, 1.0);
    Ok(())
}

/// Signing out on one instance closes the session's socket on another
/// (PostgreSQL, Redis between the instances).
#[actix_web::test]
async fn signing_out_on_one_instance_closes_the_sessions_sockets_on_another() -> anyhow::Result<()> {
    let redis = std::env::var("ARBITER_TEST_REDIS").unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
    let a = TestApp::spawn_with(Backend::Postgres, Some(redis.clone())).await?;
    let b = TestApp::start(a.database_url.clone(), None, Some(redis)).await?;
    let mut ev = Event::start(&a.base, "R", 4, 3).await?;
    let (_, tables) = ev.pair_next().await?;
    let t = tables[0].clone();
    let token = ev.players[t.p1].session().unwrap_or_default().to_string();
    let mut phone = raw_ws(&b.base, &format!("/ws/tournaments/{}?view=player", ev.tid), Some(&token)).await?;
    assert_eq!(next_text(&mut phone, Duration::from_secs(5)).await?["view"], "player");

    let out = ev.players[t.p1].post_empty("/api/auth/logout").await?;
    assert_eq!(out.status.as_u16(), 204);
    let (code, reason, after) = closed_with(&mut phone, Duration::from_secs(5)).await?;
    eprintln!("socket on the other instance closed {after:?} after the sign-out");
    assert_eq!((code, reason.as_str()), (4001, "signed out"));
    let id = &t.id;
    ev.players[t.p2].report_vp(id, 55, 40).await?.ok()?;
    nothing_more(&mut phone).await?;
    // The signed-out cookie opens only an anonymous socket now: no player view.
    let again = raw_ws(&b.base, &format!("/ws/tournaments/{}?view=player", ev.tid), Some(&token)).await;
    assert!(again.is_err(), "a player view was opened with a signed-out session");
    Ok(())
}

/// A client frame over the 16 KiB limit closes the socket with 1009
/// (message too big) and a reason, not 1000.
#[actix_web::test]
async fn an_oversized_client_frame_closes_with_message_too_big() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let ev = Event::start(&app.base, "F", 2, 1).await?;
    let mut ws = raw_ws(&app.base, &format!("/ws/tournaments/{}", ev.tid), None).await?;
    assert_eq!(next_text(&mut ws, Duration::from_secs(5)).await?["type"], "snapshot");
    let big = format!(r#"{{"v":1,"type":"ping","pad":"{}"}}"#, "x".repeat(64 * 1024));
    ws.send(Message::text(big)).await?;
    let (code, reason, _) = closed_with(&mut ws, Duration::from_secs(5)).await?;
    assert_eq!(code, 1009, "{reason}");
    assert!(reason.contains("16384 bytes"), "{reason}");
    // A frame within the limit is still answered on a new socket.
    let mut ws = raw_ws(&app.base, &format!("/ws/tournaments/{}", ev.tid), None).await?;
    assert_eq!(next_text(&mut ws, Duration::from_secs(5)).await?["type"], "snapshot");
    ws.send(Message::text(format!(r#"{{"v":1,"type":"ping","pad":"{}"}}"#, "x".repeat(8 * 1024)))).await?;
    assert_eq!(
        next_text(&mut ws, Duration::from_secs(5)).await?["type"],
        "pong",
        "fields a version does not know are ignored"
    );
    Ok(())
}

/// A page form's token belongs to its session: posted by another session
/// (with the token as a planted `arbiter_csrf` cookie too) it is refused 403
/// `csrf_token_invalid` and changes nothing; the session's own token works;
/// the signed-out sign-in form keeps its double-submit cookie.
#[actix_web::test]
async fn a_form_token_from_another_session_is_refused() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let (a, _) = app.user("Alice").await?;
    let (mut b, _) = app.user("Bob").await?;
    let (a_session, b_session) = (a.session().unwrap_or_default(), b.session().unwrap_or_default().to_string());
    let (stolen, _) = page_form_token(&app.base, "/", Some(a_session)).await?;
    let before = app.fingerprint().await?;
    let event = [("name", "Forged Open"), ("event_date", "2026-05-17"), ("format", "Open"), ("total_rounds", "3")];
    for path in ["/tournaments/new", "/logout"] {
        let cookies = [("arbiter_session", b_session.as_str()), ("arbiter_csrf", stolen.as_str())];
        let mut form = vec![("csrf_token", stolen.as_str())];
        form.extend(event);
        let (status, body) = post_form(&app.base, path, &cookies, &form).await?;
        assert_eq!(status, 403, "{path}: {body}");
        assert!(body.contains("csrf_token_invalid"), "{path}: {body}");
    }
    assert_eq!(app.fingerprint().await?, before, "a refused form changed something");
    assert_eq!(b.get("/api/auth/me").await?.status.as_u16(), 200, "Bob is still signed in");

    // Bob's own token, from his own page, without any form-token cookie: accepted.
    let (own, cookie) = page_form_token(&app.base, "/tournaments/new", Some(&b_session)).await?;
    assert_eq!(cookie, None, "a signed-in page needs no form-token cookie");
    let mut form = vec![("csrf_token", own.as_str())];
    form.extend(event);
    let (status, body) = post_form(&app.base, "/tournaments/new", &[("arbiter_session", &b_session)], &form).await?;
    assert_eq!(status, 303, "{body}");

    // Signed out: the double-submit pair, and only the pair.
    let (token, cookie) = page_form_token(&app.base, "/login", None).await?;
    let cookie = cookie.ok_or_else(|| anyhow::anyhow!("the sign-in page set no form-token cookie"))?;
    let login = [("csrf_token", token.as_str()), ("email", "nobody@test.arbiter"), ("password", "not the password")];
    let (status, _) = post_form(&app.base, "/login", &[("arbiter_csrf", &cookie)], &login).await?;
    assert_eq!(status, 422, "past the token check, refused for the password");
    let (status, body) = post_form(&app.base, "/login", &[], &login).await?;
    assert_eq!(status, 403, "{body}");
    Ok(())
}

/// The value of the sample `series` (name and labels, exactly as served) on a metrics page.
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines().find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.split_whitespace().next()?.parse().ok())
}

async fn http_and_database_metrics(backend: Backend) -> anyhow::Result<()> {
    let app = TestApp::spawn_with(backend, None).await?;
    let (mut to, _) = app.user("Organiser").await?;
    let tid = arbiter_tests::open_tournament(&mut to, "Metrics Open", 3).await?;
    for _ in 0..3 {
        to.tournament(&tid).await?.ok()?;
    }
    assert_eq!(to.get(&format!("/api/no/such/{tid}")).await?.status.as_u16(), 404);
    assert_eq!(to.create_tournament(&json!({ "name": 1 })).await?.status.as_u16(), 400);

    let (status, text) = app.client().get_text("/metrics").await?;
    assert_eq!(status.as_u16(), 200);
    let get = |series: &str| sample(&text, series).ok_or_else(|| anyhow::anyhow!("no {series} in\n{text}"));
    let by_route = r#"route="/api/tournaments/{id}",method="GET""#;
    // Three reads, and the one opening the event made to name the stage it leaves.
    assert_eq!(get(&format!(r#"arbiter_http_requests_total{{{by_route},status="2xx"}}"#))?, 4.0);
    assert_eq!(get(&format!("arbiter_http_request_duration_seconds_count{{{by_route}}}"))?, 4.0);
    assert!(get(&format!("arbiter_http_request_duration_seconds_sum{{{by_route}}}"))? > 0.0);
    assert_eq!(get(r#"arbiter_http_requests_total{route="/api/tournaments",method="POST",status="4xx"}"#)?, 1.0);
    assert_eq!(get(r#"arbiter_http_requests_total{route="/api/auth/signup",method="POST",status="2xx"}"#)?, 1.0);
    assert_eq!(get(r#"arbiter_http_requests_total{route="unmatched",method="GET",status="4xx"}"#)?, 1.0);
    assert!(!text.contains("/api/no/such"), "an unknown path became a label");

    assert!(get(r#"arbiter_db_begin_seconds_count{access="read"}"#)? >= 3.0);
    assert!(get(r#"arbiter_db_begin_seconds_count{access="write"}"#)? >= 2.0);
    let idle = get(r#"arbiter_db_connections{state="idle"}"#)?;
    let in_use = get(r#"arbiter_db_connections{state="in_use"}"#)?;
    assert!(idle + in_use >= 1.0, "the pool holds a connection");
    let writer_waits = get("arbiter_db_write_wait_seconds_count")?;
    match backend {
        // Every write queued for SQLite's writer slot (sign-up, session, tournament, advance).
        Backend::Sqlite => assert!(writer_waits >= 4.0, "{writer_waits}"),
        Backend::Postgres => assert_eq!(writer_waits, 0.0),
    }
    Ok(())
}

/// `/metrics` counts HTTP requests by route pattern (unknown paths as
/// `unmatched`), method and status class with their latency, and shows the
/// database's transaction begin times, writer-slot waits and pool.
#[actix_web::test]
async fn http_and_database_metrics_are_served_sqlite() -> anyhow::Result<()> {
    http_and_database_metrics(Backend::Sqlite).await
}

#[actix_web::test]
async fn http_and_database_metrics_are_served_postgres() -> anyhow::Result<()> {
    http_and_database_metrics(Backend::Postgres).await
}
