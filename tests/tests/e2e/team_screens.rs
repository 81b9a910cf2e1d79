//! A team event's pages in headless Chromium, as people use them (issue 25,
//! point 5): the venue board at 1920×1080 with 8 matches × 5 boards and 10
//! matches × 4 boards, every match and game on one screen in type read from
//! across the room (nothing cut, nothing overflowing), a result arriving
//! live; the team standings (and board results); a team's page; a player's
//! phone at 390×844 showing their team's match and their own game, with a
//! dispute being typed while a live update arrives.
//!
//! `ARBITER_SCREENSHOTS=DIR` saves `team-board.png`, `team-standings.png`
//! and `team-phone.png` (the ones in `docs/` were made so).

use crate::browser::open_signed_in;
use crate::team_views::{chess_teams, ChessTeams};
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, Api, TestApp};
use serde_json::{json, Value};
use std::time::Duration;

const WAIT: Duration = arbiter_tests::WAIT;

/// Sizes the window so the page itself gets `width`×`height` CSS pixels.
async fn viewport(b: &Browser, width: u32, height: u32) {
    b.client.set_window_size(width, height).await.unwrap();
    let inner = b.client.execute("return [window.innerWidth, window.innerHeight];", vec![]).await.unwrap();
    let extra = |i: usize, want: u32| want - inner[i].as_u64().map_or(want, |v| v as u32).min(want);
    b.client.set_window_size(width + extra(0, width), height + extra(1, height)).await.unwrap();
}

/// How the team board is laid out: cards and rows shown, the smallest type
/// of a name and of a table number, and anything cut or overflowing.
const LAYOUT: &str = r#"
const cards = [...document.querySelectorAll('#board-body .match-card')];
const shown = cards.filter(c => !c.hidden);
const rows = shown.flatMap(c => [...c.querySelectorAll('tr')]);
const names = shown.flatMap(c => [...c.querySelectorAll('.pname')]);
const px = n => parseFloat(getComputedStyle(n).fontSize);
if (!cards.length) return null;
return {
  cards: cards.length, shown: shown.length, rows: rows.length,
  games: shown.flatMap(c => [...c.querySelectorAll('tr.game-row')]).length,
  name_px: Math.min(...names.map(px)),
  table_px: Math.min(...shown.map(c => c.querySelector('td.table-no')).filter(Boolean).map(px)),
  off_screen: shown.filter(c => { const r = c.getBoundingClientRect(); return r.bottom > innerHeight + 1 || r.right > innerWidth + 1 || r.left < -1; }).length,
  overflowing: shown.filter(c => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1).length,
  wrapped: names.filter(n => n.getClientRects().length !== 1 || n.scrollHeight > n.clientHeight + 1).map(n => n.textContent),
  cut_without_title: names.filter(n => n.scrollWidth > n.clientWidth && !n.title.startsWith([...n.childNodes].find(c => c.nodeType === 3).textContent)).map(n => n.title),
  colours: shown.flatMap(c => [...c.querySelectorAll('tr.game-row .colour')]).length,
  page_scrolls: document.documentElement.scrollHeight > innerHeight + 1,
  page: document.getElementById('board-page').textContent,
};
"#;

/// Checks the board of `ev` at 1920×1080 shows `matches` matches × `boards`
/// games on one screen, readably; returns the layout read.
async fn board_is_readable(b: &Browser, base: &str, ev: &ChessTeams, matches: u64, boards: u64) -> Value {
    viewport(b, 1920, 1080).await;
    b.client.goto(&format!("{base}/t/{}/board", ev.tid)).await.unwrap();
    let ready = format!(
        "const c = document.querySelectorAll('#board-body .match-card tr.game-row'); return c.length === {} ? true : null;",
        matches * boards
    );
    assert!(b.until(&ready, WAIT).await.is_some(), "the board does not show {matches} × {boards} games");
    let l = b.until(LAYOUT, WAIT).await.unwrap();
    assert_eq!(
        (l["cards"].as_u64(), l["shown"].as_u64()),
        (Some(matches), Some(matches)),
        "every match on one screen: {l}"
    );
    assert_eq!(l["games"].as_u64(), Some(matches * boards), "{l}");
    assert_eq!(l["rows"].as_u64(), Some(matches * (boards + 1)), "a match's row then its games: {l}");
    assert_eq!(l["page"], "", "one page: {l}");
    // Read from 5 m: names at least 22 px (the singles board's rows are larger, but hold 12 tables a page).
    assert!(l["name_px"].as_f64().unwrap() >= 22.0, "names too small: {l}");
    assert!(l["table_px"].as_f64().unwrap() >= 22.0, "table numbers too small: {l}");
    assert_eq!(l["colours"].as_u64(), Some(2 * matches * boards), "each player's colour: {l}");
    assert_eq!(l["off_screen"], 0, "a match off the screen: {l}");
    assert_eq!(l["overflowing"], 0, "a match overflowing its card: {l}");
    assert_eq!(l["page_scrolls"], false, "the screen cannot scroll: {l}");
    assert!(l["wrapped"].as_array().unwrap().is_empty(), "names wrap: {l}");
    assert!(l["cut_without_title"].as_array().unwrap().is_empty(), "a cut name without its title: {l}");
    l
}

#[actix_web::test]
async fn a_chess_team_board_of_10_matches_by_4_fits_a_1920x1080_screen() {
    let app = TestApp::spawn().await.unwrap();
    let ev = chess_teams(&app, 20, 4).await;
    let b = Browser::start().await.unwrap();
    board_is_readable(&b, &app.base, &ev, 10, 4).await;
    b.close().await;
    app.stop().await;
}

#[actix_web::test]
async fn team_board_standings_team_page_and_phone_in_chromium() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = chess_teams(&app, 16, 5).await;
    let tid = ev.tid.clone();
    let matches = ev.matches().await;
    assert_eq!(matches.len(), 8);
    // Match 1 decided, match 2 half played, a report waiting on match 3.
    // The first team (White on odd boards) wins 1, 2 and 3, draws 4, loses 5: 3½–1½.
    for (k, r) in [(0, "1-0"), (1, "0-1"), (2, "1-0"), (3, "½-½"), (4, "0-1")] {
        ev.play(&matches[0], k, r).await;
    }
    for (k, r) in [(1, "1-0"), (3, "0-1")] {
        ev.play(&matches[1], k, r).await;
    }
    let m3 = &matches[2]["boards"][2];
    let w3 = ev.team_of(s(&m3["white"], "id"));
    ev.captains[w3].report(s(m3, "pairing_id"), &json!({ "result": "1-0" })).await.unwrap().ok().unwrap();

    // The board: 8 matches × 5 boards on one 1920×1080 screen.
    let b = Browser::start().await.unwrap();
    board_is_readable(&b, &app.base, &ev, 8, 5).await;
    let first = format!(
        "const c = document.querySelector('.match-card[data-pairing=\"{}\"] .match-row'); return c ? c.textContent : null;",
        s(&matches[0], "id")
    );
    let row = b.until(&first, WAIT).await.unwrap();
    let row = row.as_str().unwrap();
    assert!(row.contains(s(&matches[0]["first"], "name")) && row.contains("3.5") && row.contains("1.5"), "{row}");
    // A result arrives live: board 1 of match 4 goes from playing to reported.
    let m4 = matches[3]["boards"][0].clone();
    let state = format!(
        "const r = document.querySelector('tr[data-pairing=\"{}\"]'); return r ? r.className : null;",
        s(&m4, "pairing_id")
    );
    assert_eq!(b.until(&state, WAIT).await.unwrap(), "game-row state-unreported");
    let w4 = ev.team_of(s(&m4["white"], "id"));
    ev.first_boards[w4].report(s(&m4, "pairing_id"), &json!({ "result": "0-1" })).await.unwrap().ok().unwrap();
    let reported = format!(
        "const r = document.querySelector('tr[data-pairing=\"{}\"]'); return r && r.className.includes('state-reported') ? r.textContent : null;",
        s(&m4, "pairing_id")
    );
    assert!(b.until(&reported, WAIT).await.is_some(), "the report does not reach the board");
    b.save_screenshot("team-board.png").await;

    // Find your name: every player, with their team, table and board.
    b.client.goto(&format!("{}/t/{tid}/board?mode=names", app.base)).await.unwrap();
    let names =
        "const r = document.querySelectorAll('#board-body .names-table tbody tr'); return r.length ? r.length : null;";
    assert_eq!(b.until(names, WAIT).await.unwrap(), json!(80), "16 teams × 5 players");

    // The standings: the team rows as the API ranks them, and the board results.
    viewport(&b, 1280, 900).await;
    b.client.goto(&format!("{}/t/{tid}/standings", app.base)).await.unwrap();
    let api = ev.to.standings(&tid).await.unwrap().ok().unwrap();
    let leader = s(&api["players"][0], "display_name").to_string();
    let rows = format!(
        "const r = [...document.querySelectorAll('#standings-body tr')]; return r.length === 16 && r[0].textContent.includes({leader:?}) && document.querySelector('#board-results table') ? r.length : null;"
    );
    assert!(b.until(&rows, WAIT).await.is_some(), "the team standings or board results are missing");
    let boards = "return document.querySelectorAll('#board-results table.board-results').length;";
    assert_eq!(b.client.execute(boards, vec![]).await.unwrap(), json!(5), "one table a board");
    b.save_screenshot("team-standings.png").await;

    // The team page: its players in board order and round 1's games.
    let team = &ev.teams[ev.team_of(s(&matches[0]["boards"][0]["white"], "id"))];
    b.client.goto(&format!("{}/t/{tid}/teams/{team}", app.base)).await.unwrap();
    let page = "const r = document.querySelectorAll('.team-players tbody tr'); const g = document.querySelectorAll('.team-round[data-round=\"1\"] .team-games tbody tr'); return r.length && g.length ? [r.length, g.length, document.querySelector('.team-round h3').textContent] : null;";
    let got = b.until(page, WAIT).await.unwrap();
    assert_eq!((got[0].as_u64(), got[1].as_u64()), (Some(5), Some(5)), "{got}");
    assert!(got[2].as_str().unwrap().contains("3.5 – 1.5"), "{got}");
    b.close().await;

    // A player's phone: board 1 of match 8 (not started).
    let m8 = matches[7].clone();
    let bd = m8["boards"][0].clone();
    let (w, bl) = (ev.team_of(s(&bd["white"], "id")), ev.team_of(s(&bd["black"], "id")));
    let phone = Browser::start().await.unwrap();
    viewport(&phone, 390, 844).await;
    let session = ev.first_boards[w].session().unwrap_or_default().to_string();
    open_signed_in(&phone, &app.base, &session, &format!("/t/{tid}/me")).await;
    let opponent = s(&m8["second"], "name").to_string();
    let shows = format!(
        "const m = document.getElementById('my-team-match'); const p = document.getElementById('my-pairing'); return m && m.textContent.includes({opponent:?}) && p.querySelector('#report-form') && document.getElementById('live-status').classList.contains('on') ? p.textContent : null;"
    );
    let mine = phone.until(&shows, WAIT).await.unwrap();
    assert!(mine.as_str().unwrap().contains(s(&bd["black"], "name")), "the own game's opponent: {mine}");
    // The opponent reports; the player disputes, and types while an update arrives.
    ev.first_boards[bl].report(s(&bd, "pairing_id"), &json!({ "result": "0-1" })).await.unwrap().ok().unwrap();
    let dispute =
        "const b = document.querySelector('[data-action=\"dispute\"]'); if (!b) return null; b.click(); return true;";
    assert!(phone.until(dispute, WAIT).await.is_some(), "no Dispute button after the report");
    let note = "const t = document.querySelector('#dispute-form textarea[name=note]'); if (!t) return null; t.focus(); t.value = 'I won on time'; return true;";
    assert!(phone.until(note, WAIT).await.is_some());
    ev.to
        .post(&format!("/api/rounds/{}/clock", ev.rid), &json!({ "action": "start", "minutes": 150 }))
        .await
        .unwrap()
        .ok()
        .unwrap();
    let clock = "const c = document.querySelector('[data-clock]'); return c && !c.hidden && c.textContent.trim() ? c.textContent : null;";
    assert!(phone.until(clock, WAIT).await.is_some(), "the clock does not reach the phone");
    let kept = "const t = document.querySelector('#dispute-form textarea[name=note]'); return t ? [t.value, document.activeElement === t, !!document.getElementById('my-team-match')] : null;";
    let kept = phone.client.execute(kept, vec![]).await.unwrap();
    assert_eq!(kept, json!(["I won on time", true, true]), "the typed dispute survives the update");
    let wide = "return document.documentElement.scrollWidth;";
    assert!(
        phone.client.execute(wide, vec![]).await.unwrap().as_u64().unwrap() <= 390,
        "the phone page scrolls sideways"
    );
    phone.client.execute("window.scrollTo(0, 0); return true;", vec![]).await.unwrap();
    phone.save_screenshot("team-phone.png").await;
    phone.close().await;
    app.stop().await;
}
