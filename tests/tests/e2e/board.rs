//! The venue board on a 1920×1080 screen, read as a player reads it from
//! across the room: a 52-player 40K event with realistic names (some long),
//! at least 12 tables a page, names on one line, states in words, the
//! alphabetical "find your name" list, "pairings coming" between rounds, the
//! QR code, and the banner when the connection is lost.
//!
//! `ARBITER_SCREENSHOTS=DIR` saves the screens it checks as PNGs (the ones
//! in `docs/` were made so).

use arbiter_tests::browser::Browser;
use arbiter_tests::{open_tournament, register, s, sign_up, Api, TestApp};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const FIRST: [&str; 13] = [
    "Alexandra",
    "Bartholomew",
    "Chidinma",
    "Dmitri",
    "Eleanor",
    "Fitzwilliam",
    "Guðrún",
    "Hiroshi",
    "Ingrid",
    "Jean-Baptiste",
    "Kwame",
    "Lucía",
    "Maximilian",
];
const LAST: [&str; 4] = ["Oberhauser-Lindqvist", "Nakamura", "Papadopoulou", "Venkataraghavan"];
const FACTIONS: [&str; 6] =
    ["Adeptus Mechanicus", "Orks", "Genestealer Cults", "Leagues of Votann", "Aeldari", "Chaos Space Marines"];

/// Polls `script` until it returns something truthy or 5 s pass.
async fn until(b: &Browser, script: &str) -> Option<Value> {
    b.until(script, Duration::from_secs(5)).await
}

/// Sizes the window so the page itself gets `width`×`height` CSS pixels.
async fn viewport(b: &Browser, width: u32, height: u32) {
    b.client.set_window_size(width, height).await.unwrap();
    let inner = b.client.execute("return [window.innerWidth, window.innerHeight];", vec![]).await.unwrap();
    let extra = |i: usize, want: u32| want - inner[i].as_u64().map_or(want, |v| v as u32).min(want);
    b.client.set_window_size(width + extra(0, width), height + extra(1, height)).await.unwrap();
}

/// What the visible rows of the board show, and how they are laid out.
const VISIBLE_ROWS: &str = r#"
const rows = [...document.querySelectorAll('#board-body tbody tr')].filter(r => !r.hidden);
const names = [...document.querySelectorAll('#board-body tbody tr:not([hidden]) .pname')];
const style = n => parseFloat(getComputedStyle(n).fontSize);
return {
  rows: rows.length,
  heights: [...new Set(rows.map(r => r.offsetHeight))],
  wrapped: names.filter(n => n.getClientRects().length !== 1 || n.scrollHeight > n.clientHeight + 1).map(n => n.textContent),
  cut_without_title: names.filter(n => n.scrollWidth > n.clientWidth && !n.title.startsWith(n.firstChild.textContent)).map(n => n.title),
  name_px: Math.min(...names.map(style)),
  table_px: Math.min(...[...document.querySelectorAll('#board-body tbody tr:not([hidden]) td.table-no')].map(style)),
  page: document.getElementById('board-page').textContent,
  width: window.innerWidth, height: window.innerHeight,
};
"#;

#[actix_web::test]
async fn the_board_at_1920x1080_shows_a_52_player_round_readably() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = sign_up(&app.base, "Organiser").await.unwrap();
    let tid = open_tournament(&mut to, "Autumn Grand Tournament", 3).await.unwrap();
    let mut players = Vec::new();
    for i in 0..52 {
        let name = format!("{} {}", FIRST[i % FIRST.len()], LAST[i % LAST.len()]);
        let (mut c, _) = sign_up(&app.base, &name).await.unwrap();
        register(&mut c, &tid, &name, FACTIONS[i % FACTIONS.len()]).await.unwrap();
        players.push((name, c));
    }
    to.advance(&tid).await.unwrap().ok().unwrap();
    for (_, c) in &mut players {
        c.post_empty(&format!("/api/tournaments/{tid}/check-in")).await.unwrap().ok().unwrap();
    }
    to.advance(&tid).await.unwrap().ok().unwrap();

    let b = Browser::start().await.unwrap();
    viewport(&b, 1920, 1080).await;
    b.client.goto(&format!("{}/t/{tid}/board?secs=600", app.base)).await.unwrap();
    // Before the first round: the screen says what comes, not a stale page.
    let waiting = until(&b, "const w = document.querySelector('.board-wait'); return w && w.textContent;").await;
    assert_eq!(waiting, Some(json!("Round 1 pairings coming")));
    until(&b, "return document.getElementById('live-status').classList.contains('on');").await.expect("socket live");

    // Round 1 is paired while the screen watches.
    let r = to.post_empty(&format!("/api/tournaments/{tid}/rounds")).await.unwrap().ok().unwrap();
    let rid = s(&r["round"], "id").to_string();
    let paired = to.post_empty(&format!("/api/rounds/{rid}/pairings")).await.unwrap().ok().unwrap();
    let tables: Vec<Value> = paired["round"]["pairings"].as_array().cloned().unwrap_or_default();
    assert_eq!(tables.len(), 26);
    until(&b, "return document.querySelectorAll('#board-body tbody tr').length === 26;")
        .await
        .expect("26 tables shown");

    let shown = b.client.execute(VISIBLE_ROWS, vec![]).await.unwrap();
    assert_eq!((shown["width"].as_u64(), shown["height"].as_u64()), (Some(1920), Some(1080)), "{shown}");
    assert!(shown["rows"].as_u64().unwrap_or(0) >= 12, "at least 12 tables a page: {shown}");
    assert_eq!(shown["heights"].as_array().map(Vec::len), Some(1), "every row one line high: {shown}");
    assert_eq!(shown["wrapped"], json!([]), "{shown}");
    assert_eq!(shown["cut_without_title"], json!([]), "a cut name keeps the whole name in its title: {shown}");
    // Readable from 5 m: names at least 30 px, table numbers larger still.
    assert!(shown["name_px"].as_f64().unwrap_or(0.0) >= 30.0, "{shown}");
    assert!(shown["table_px"].as_f64().unwrap_or(0.0) >= shown["name_px"].as_f64().unwrap_or(0.0), "{shown}");
    let pages = 26_u64.div_ceil(shown["rows"].as_u64().unwrap_or(1));
    // The mode bar says "By table" already: the header adds only the page.
    assert_eq!(shown["page"], json!(format!("page 1/{pages}")), "{shown}");

    // Results change a table's state in words (with an icon), not colour alone.
    let names: Vec<String> = players.iter().map(|(n, _)| n.clone()).collect();
    let seat = |t: &Value, k: &str| names.iter().position(|n| n == s(&t[k], "name")).unwrap();
    let (reported, confirmed) = (&tables[0], &tables[1]);
    players[seat(reported, "player1")].1.report_vp(s(reported, "id"), 72, 45).await.unwrap().ok().unwrap();
    let cid = s(confirmed, "id");
    players[seat(confirmed, "player1")].1.report_vp(cid, 72, 45).await.unwrap().ok().unwrap();
    players[seat(confirmed, "player2")].1.confirm(cid).await.unwrap().ok().unwrap();
    let state =
        |id: &str| format!("return document.querySelector('tr[data-pairing=\"{id}\"] .state').textContent.trim();");
    let becomes = |id: &str, want: &str| {
        format!("return document.querySelector('tr[data-pairing=\"{id}\"] .state').textContent.trim() === '{want}';")
    };
    assert_eq!(until(&b, &becomes(s(reported, "id"), "✎ Reported")).await, Some(json!(true)));
    assert_eq!(until(&b, &becomes(cid, "✓ Confirmed")).await, Some(json!(true)));
    assert_eq!(b.client.execute(&state(s(&tables[2], "id")), vec![]).await.unwrap(), json!("▶ Playing"));
    let score = format!(
        "return [...document.querySelectorAll('tr[data-pairing=\"{cid}\"] td.score')].map(c => c.textContent);"
    );
    assert_eq!(b.client.execute(&score, vec![]).await.unwrap(), json!(["72", "45"]));
    b.save_screenshot("board-tables.png").await;

    // The QR code to the event is drawn on the screen.
    assert_eq!(
        until(&b, "const i = document.querySelector('.board-qr img'); return i.complete && i.naturalWidth > 0;").await,
        Some(json!(true))
    );

    // "Find your name": everyone A–Z with their table, opponent and side.
    b.client.goto(&format!("{}/t/{tid}/board?mode=names&secs=600", app.base)).await.unwrap();
    until(&b, "return document.querySelectorAll('#board-body tbody tr').length === 52;").await.expect("52 names");
    let listed = b
        .client
        .execute(
            "return [...document.querySelectorAll('#board-body tbody tr')].map(r => [r.querySelector('.pname').title, r.querySelector('td.table-no').textContent, r.querySelector('.vs .pname').title]);",
            vec![],
        )
        .await
        .unwrap();
    let listed: Vec<(String, String, String)> = serde_json::from_value(listed).unwrap();
    let mut sorted = listed.clone();
    sorted.sort_by_key(|(n, _, _)| n.to_lowercase());
    assert_eq!(listed.iter().map(|x| &x.0).collect::<Vec<_>>(), sorted.iter().map(|x| &x.0).collect::<Vec<_>>());
    for t in &tables {
        let (p1, p2) = (s(&t["player1"], "name"), s(&t["player2"], "name"));
        let table = t["table"].to_string();
        let faction = |k: &str| s(&t[k], "faction").to_string();
        assert!(listed.contains(&(format!("{p1} ({})", faction("player1")), table.clone(), p2.to_string())), "{p1}");
        assert!(listed.contains(&(format!("{p2} ({})", faction("player2")), table.clone(), p1.to_string())), "{p2}");
    }
    let shown = b.client.execute(VISIBLE_ROWS, vec![]).await.unwrap();
    assert!(shown["rows"].as_u64().unwrap_or(0) >= 12 && shown["wrapped"] == json!([]), "{shown}");
    b.save_screenshot("board-names.png").await;

    // The server goes away: a full-width banner says so.
    app.stop().await;
    let banner =
        until(&b, "const x = document.getElementById('live-banner'); return x && !x.hidden && x.textContent;").await;
    assert!(banner.as_ref().and_then(Value::as_str).is_some_and(|t| t.starts_with("Connection lost")), "{banner:?}");
    let wide = b.client.execute("return document.getElementById('live-banner').offsetWidth;", vec![]).await.unwrap();
    assert_eq!(wide, json!(1920));
    b.close().await;
}

/// A screen in rotation shows the tables, then everyone A–Z, then the
/// standings screen, which comes back to the tables.
#[actix_web::test]
async fn a_rotating_screen_shows_tables_names_and_standings_in_turn() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = arbiter_tests::Event::start(&app.base, "R", 4, 3).await.unwrap();
    ev.pair_next().await.unwrap();
    let b = Browser::start().await.unwrap();
    viewport(&b, 1920, 1080).await;
    b.client.goto(&format!("{}/t/{}/board?mode=rotate&secs=3", app.base, ev.tid)).await.unwrap();
    let what = "return location.pathname.endsWith('/standings') ? 'standings' : document.querySelector('#board-body .names-table') ? 'names' : document.querySelector('#board-body .board-table') ? 'tables' : null;";
    let mut seen: Vec<Value> = Vec::new();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(20) && seen.len() < 4 {
        if let Ok(v) = b.client.execute(what, vec![]).await {
            if !v.is_null() && seen.last() != Some(&v) {
                seen.push(v);
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(seen, [json!("tables"), json!("names"), json!("standings"), json!("tables")]);
    b.close().await;
    app.stop().await;
}
