//! A team event's pages in headless Chromium: the team page follows the
//! event live (a board's result reported and confirmed through the API
//! appears on the open page without a reload; another match's result does
//! not make it read itself again); a team player's phone shows their team,
//! match and game, and the captain's actions; team standings name their
//! column "Team" in every language; a crokinole doubles board and an 8-team
//! top-cut bracket read at 1920×1080.

use super::team_views::chess_teams;
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, Api, TestApp};
use serde_json::{json, Value};
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(10);

/// How many times the page has read itself again (fetches of its own address).
const REREADS: &str = "return performance.getEntriesByType('resource')
  .filter(e => e.initiatorType === 'fetch' && new URL(e.name).pathname === location.pathname).length;";

async fn js(b: &Browser, script: &str) -> Value {
    b.client.execute(script, vec![]).await.unwrap()
}

async fn wait(b: &Browser, script: &str, what: &str) {
    assert!(b.until(script, LIMIT).await.is_some(), "{what}");
}

/// The text of board `board`'s row (1-based) of round 1 on the team page.
fn board_row(board: u64) -> String {
    format!(
        "const r = [...document.querySelectorAll('.team-round[data-round=\"1\"] .team-games tbody tr')]
           .find(tr => tr.cells[0].textContent.trim() === '{board}');
         return r ? r.textContent.replace(/\\s+/g, ' ').trim() : null;"
    )
}

#[actix_web::test]
async fn a_result_reported_through_the_api_appears_on_the_open_team_page() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = chess_teams(&app, 4, 4).await;
    let matches = ev.matches().await;
    let m0 = matches[0].clone();
    let bd = m0["boards"][0].clone();
    let white = ev.team_of(s(&bd["white"], "id"));
    let team = ev.teams[white].clone();

    let b = Browser::start().await.unwrap();
    b.client.goto(&format!("{}/t/{}/teams/{team}", app.base, ev.tid)).await.unwrap();
    wait(&b, "return document.getElementById('live-status').classList.contains('on')", "the team page is live").await;
    let before = js(&b, &board_row(1)).await;
    let before = before.as_str().unwrap_or_default().to_string();
    assert!(before.contains("Playing"), "board 1 is being played: {before}");
    // A result in the other match (not this team's) reaches the page's socket
    // but does not make it read the page again.
    let m1 = matches[1].clone();
    let seq = js(&b, "return window.Arbiter.seq").await.as_i64().unwrap();
    ev.play(&m1, 0, "0-1").await;
    wait(&b, &format!("return window.Arbiter.seq >= {} + 2", seq), "the other match's result reaches the page").await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(js(&b, REREADS).await, json!(0), "another match's result re-reads nothing");

    // White's board-1 player reports 1-0; Black's confirms: through the API.
    let pid = s(&bd, "pairing_id").to_string();
    ev.first_boards[white].report(&pid, &json!({ "result": "1-0" })).await.unwrap().ok().unwrap();
    wait(
        &b,
        &format!("const t = (() => {{ {} }})(); return !!t && t.includes('Reported');", board_row(1)),
        "the report appears",
    )
    .await;
    let black = ev.team_of(s(&bd["black"], "id"));
    ev.first_boards[black].confirm(&pid).await.unwrap().ok().unwrap();
    let row = b
        .until(
            &format!("const t = (() => {{ {} }})(); return !!t && t.includes('Confirmed') && t;", board_row(1)),
            LIMIT,
        )
        .await
        .unwrap_or_else(|| panic!("the confirmed result never appeared; before: {before}"));
    let row = row.as_str().unwrap_or_default().to_string();
    assert!(row.contains("1 – 0"), "the team's score on board 1 is shown from its side: {row}");
    // The round's heading carries the match score so far (1 – 0 after one board).
    let head =
        js(&b, "const h = document.querySelector('.team-round[data-round=\"1\"] h3'); return h && h.textContent;")
            .await;
    assert!(head.as_str().unwrap_or_default().contains("1 – 0"), "the match score so far: {head}");
    // No reload: the page was patched in place, after reading itself again.
    assert_eq!(js(&b, "return performance.getEntriesByType('navigation').length").await, json!(1));
    assert!(js(&b, REREADS).await.as_u64().unwrap() >= 1);
    b.close().await;
    app.stop().await;
}
