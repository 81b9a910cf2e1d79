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

/// Opens `path` on a 390-pixel-wide phone signed in as `c`, and waits for its socket.
async fn phone(app: &TestApp, c: &arbiter_server::client::ApiClient, path: &str) -> Browser {
    let b = Browser::start().await.unwrap();
    b.client.set_window_size(390, 844).await.unwrap();
    super::browser::open_signed_in(&b, &app.base, c.session().unwrap_or_default(), path).await;
    wait(&b, "return document.getElementById('live-status').classList.contains('on')", "the phone is live").await;
    b
}

/// Whether the page has an element matching `css`.
async fn has(b: &Browser, css: &str) -> bool {
    js(b, &format!("return !!document.querySelector({css:?})")).await == json!(true)
}

#[actix_web::test]
async fn a_forty_k_team_players_phone_shows_their_team_and_the_captain_checks_it_in() {
    use super::teams::{account, team_event};
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _, _) = account(&app, "Organiser").await;
    let tid = team_event(&mut to, "wh40k", "swiss_record", 2, json!({ "format": "wh40k", "size": 5 })).await;
    let factions = ["Orks", "Necrons", "Aeldari", "Tau Empire", "Space Marines"];
    // The captain plays board 1 (registered with their own e-mail); board 2 has an account too.
    let (mut captain, _, cap_email) = account(&app, "Captain Anna").await;
    let (member, _, email) = account(&app, "Bram Member").await;
    let mut players = vec![
        json!({ "name": "Captain Anna", "email": cap_email, "faction": factions[0] }),
        json!({ "name": "Bram Member", "email": email, "faction": factions[1] }),
    ];
    players.extend((2..5).map(|j| json!({ "name": format!("Walk-in {j}"), "faction": factions[j] })));
    let body = json!({ "name": "Iron Wolves", "players": players });
    let team =
        captain.post(&format!("/api/tournaments/{tid}/teams"), &body).await.unwrap().ok().unwrap()["team"].clone();
    let (team_id, bram) = (s(&team, "id").to_string(), s(&team["members"][1], "player_id").to_string());
    to.advance(&tid).await.unwrap().ok().unwrap(); // check-in

    let cap = phone(&app, &captain, &format!("/t/{tid}/me")).await;
    let mem = phone(&app, &member, &format!("/t/{tid}/me")).await;
    for b in [&cap, &mem] {
        let line = js(b, "const e = document.getElementById('my-team'); return e && e.textContent;").await;
        assert!(line.as_str().unwrap_or_default().contains("Iron Wolves"), "their team: {line}");
        assert!(!has(b, "[data-action=check-in]").await, "no singles check-in for a team's player");
        assert!(!has(b, "[data-action=drop]").await, "a team's player does not drop alone");
        assert!(has(b, "#list-form").await, "a 40K team's player keeps a list");
    }
    assert!(has(&cap, "#my-team .captain").await && !has(&mem, "#my-team .captain").await);
    assert!(has(&cap, "[data-action=team-check-in]").await, "the captain checks the team in");
    assert!(has(&cap, "[data-action=team-withdraw]").await, "the captain may withdraw the team");
    assert!(!has(&mem, "[data-action=team-check-in]").await && !has(&mem, "[data-action=team-withdraw]").await);

    // The captain checks the team in from their phone: both phones say so (the member's live).
    js(&cap, "document.querySelector('[data-action=team-check-in]').click(); return true;").await;
    for b in [&cap, &mem] {
        wait(
            b,
            "const e = document.getElementById('my-status'); return !!e && e.textContent.includes('Your team is checked in');",
            "the team is checked in on the phone",
        )
        .await;
    }
    let t = to.get(&format!("/api/teams/{team_id}")).await.unwrap().ok().unwrap();
    assert_eq!(t["team"]["checked_in"], true);

    // The member saves their list from their phone: it is kept on the team's roster.
    js(&mem, "const f = document.getElementById('list-form'); f.list_text.value = '++ Necrons 2000 pts ++'; f.requestSubmit(); return true;").await;
    wait(&mem, "return document.querySelector('#list-form button').textContent.includes('✓')", "the list is saved")
        .await;
    let t = to.get(&format!("/api/teams/{team_id}")).await.unwrap().ok().unwrap();
    let row = t["team"]["members"].as_array().unwrap().iter().find(|m| m["player_id"] == json!(bram)).cloned();
    assert_eq!(row.unwrap()["has_list"], true, "{t}");
    for b in [cap, mem] {
        b.close().await;
    }
    app.stop().await;
}

#[actix_web::test]
async fn a_chess_team_players_phone_shows_their_match_and_game_and_confirms_it() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = chess_teams(&app, 4, 4).await;
    let matches = ev.matches().await;
    let bd = matches[0]["boards"][0].clone();
    let (w, bl) = (ev.team_of(s(&bd["white"], "id")), ev.team_of(s(&bd["black"], "id")));
    let b = phone(&app, &ev.first_boards[bl], &format!("/t/{}/me", ev.tid)).await;
    // Their team, their team's match, their own game with its report form; no list, no drop.
    assert!(has(&b, "#my-team").await && has(&b, "#my-team-match").await);
    assert!(has(&b, "#report-form").await, "their own game can be reported");
    let pid = js(&b, "return document.getElementById('pairing-id').value").await;
    assert_eq!(pid, bd["pairing_id"], "the phone's game is their board");
    assert_eq!(js(&b, "return document.getElementById('my-list-panel').hidden").await, json!(true));
    assert!(!has(&b, "[data-action=drop]").await && !has(&b, "[data-action=check-in]").await);
    // The opponent reports 1-0: the phone offers confirm and dispute; confirming settles the board.
    ev.first_boards[w].report(s(&bd, "pairing_id"), &json!({ "result": "1-0" })).await.unwrap().ok().unwrap();
    wait(
        &b,
        "return !!document.querySelector('[data-action=confirm]') && !!document.querySelector('[data-action=dispute]')",
        "confirm and dispute are offered",
    )
    .await;
    js(&b, "document.querySelector('[data-action=confirm]').click(); return true;").await;
    let mut state = Value::Null;
    for _ in 0..100 {
        let m = ev.to.get(&format!("/api/rounds/{}/matches", ev.rid)).await.unwrap().ok().unwrap();
        state = m["matches"][0]["boards"][0]["state"].clone();
        if state == "CONFIRMED" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(state, "CONFIRMED");
    b.close().await;
    app.stop().await;
}

/// The text of the second header cell (the entrants' column) of the first
/// table matching `table` once the page has drawn it.
async fn entrant_header(b: &Browser, table: &str) -> String {
    let script = format!(
        "const th = document.querySelector('{table} thead th:nth-child(2)'); return th && th.textContent.trim();"
    );
    let v = b.until(&script, LIMIT).await.unwrap_or_else(|| panic!("no header in {table}"));
    v.as_str().unwrap_or_default().to_string()
}

#[actix_web::test]
async fn team_standings_and_printouts_name_the_column_team_in_every_language() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = chess_teams(&app, 4, 4).await;
    for m in ev.matches().await {
        for (k, r) in ["1-0", "½-½", "0-1", "1-0"].iter().enumerate() {
            ev.play(&m, k, r).await;
        }
    }
    let b = Browser::start().await.unwrap();
    let tid = ev.tid.clone();
    for (lang, team) in
        [("en", "Team"), ("de", "Team"), ("es", "Equipo"), ("fr", "Équipe"), ("it", "Squadra"), ("nl", "Team")]
    {
        b.client.goto(&format!("{}/t/{tid}/standings?lang={lang}", app.base)).await.unwrap();
        assert_eq!(entrant_header(&b, ".standings-table").await, team, "standings page, {lang}");
        b.client.goto(&format!("{}/t/{tid}/results?show=standings&after=1&lang={lang}", app.base)).await.unwrap();
        assert_eq!(entrant_header(&b, ".standings-table").await, team, "standings printout, {lang}");
        b.client.goto(&format!("{}/t/{tid}/results?lang={lang}", app.base)).await.unwrap();
        assert_eq!(entrant_header(&b, "#results table").await, team, "crosstable printout, {lang}");
    }
    // A singles event keeps "Player".
    let e = arbiter_tests::Event::start(&app.base, "Solo", 4, 3).await.unwrap();
    b.client.goto(&format!("{}/t/{}/standings?lang=en", app.base, e.tid)).await.unwrap();
    assert_eq!(entrant_header(&b, ".standings-table").await, "Player");
    b.close().await;
    app.stop().await;
}

/// Sizes the window so the page itself gets `width`×`height` CSS pixels.
async fn viewport(b: &Browser, width: u32, height: u32) {
    b.client.set_window_size(width, height).await.unwrap();
    let inner = js(b, "return [window.innerWidth, window.innerHeight];").await;
    let extra = |i: usize, want: u32| want - inner[i].as_u64().map_or(want, |v| v as u32).min(want);
    b.client.set_window_size(width + extra(0, width), height + extra(1, height)).await.unwrap();
}

/// How the elements matching `sel` are shown: their texts, the smallest font
/// size (px), those cut (text wider or taller than the box, or the box out
/// of the window) and the page's own overflow.
fn layout(sel: &str) -> String {
    format!(
        r"const els = [...document.querySelectorAll('{sel}')];
        const W = window.innerWidth, H = window.innerHeight;
        const cut = e => {{ const r = e.getBoundingClientRect();
          return e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1
            || r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1 || r.width < 1; }};
        return {{
          texts: els.map(e => e.textContent.trim()),
          min_px: Math.min(...els.map(e => parseFloat(getComputedStyle(e).fontSize))),
          cut: els.filter(cut).map(e => e.textContent.trim()),
          page_overflow: document.documentElement.scrollWidth > W + 1,
          width: W, height: H,
        }};"
    )
}

#[actix_web::test]
async fn a_crokinole_doubles_board_shows_both_players_of_every_team_at_1920x1080() {
    use super::teams::{account, team_event};
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _, _) = account(&app, "Organiser").await;
    let tid = team_event(&mut to, "crokinole", "swiss_record", 3, json!({ "format": "doubles", "size": 2 })).await;
    // Sixteen pairs with real, long names (the World Championship's doubles have 80–120).
    const FIRST: [&str; 8] =
        ["Alexandra", "Bartholomew", "Chidinma", "Jean-Baptiste", "Guðrún", "Hiroshi", "Maximilian", "Lucía"];
    const LAST: [&str; 4] = ["Oberhauser-Lindqvist", "Venkataraghavan", "Papadopoulou", "Nakamura"];
    let mut members = Vec::new();
    let mut captains = Vec::new();
    for i in 0..16 {
        let (mut captain, _, _) = account(&app, &format!("Captain {i}")).await;
        let a = format!("{} {}", FIRST[i % 8], LAST[i % 4]);
        let b = format!("{} {}", FIRST[(i + 3) % 8], LAST[(i + 1) % 4]);
        let name = format!("{} & {} {}", LAST[i % 4], LAST[(i + 1) % 4], i + 1);
        let team = json!({ "name": name, "players": [{ "name": a }, { "name": b }] });
        let r = captain.post(&format!("/api/tournaments/{tid}/teams"), &team).await.unwrap();
        let id = s(&r.ok().unwrap()["team"], "id").to_string();
        members.push([a, b]);
        captains.push((captain, id));
    }
    to.advance(&tid).await.unwrap().ok().unwrap();
    for (c, id) in &mut captains {
        c.post_empty(&format!("/api/teams/{id}/check-in")).await.unwrap().ok().unwrap();
    }
    to.advance(&tid).await.unwrap().ok().unwrap();
    let r = to.post_empty(&format!("/api/tournaments/{tid}/rounds")).await.unwrap().ok().unwrap();
    to.post_empty(&format!("/api/rounds/{}/pairings", s(&r["round"], "id"))).await.unwrap().ok().unwrap();

    let b = Browser::start().await.unwrap();
    viewport(&b, 1920, 1080).await;
    b.client.goto(&format!("{}/t/{tid}/board?secs=600", app.base)).await.unwrap();
    wait(&b, "return document.querySelectorAll('#board-body tbody tr').length === 8", "8 tables shown").await;
    let shown = js(&b, &layout("#board-body tbody tr:not([hidden]) .pname .members")).await;
    assert_eq!((shown["width"].as_u64(), shown["height"].as_u64()), (Some(1920), Some(1080)), "{shown}");
    let texts: Vec<&str> = shown["texts"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert_eq!(texts.len(), 16, "both teams of the 8 tables on one page: {shown}");
    // Every team's two players are on the screen, in full, readable from afar.
    for pair in &members {
        assert!(texts.iter().any(|t| t.contains(&pair[0]) && t.contains(&pair[1])), "{pair:?} on the board: {shown}");
    }
    assert_eq!(shown["cut"], json!([]), "no player's name cut: {shown}");
    assert_eq!(shown["page_overflow"], json!(false), "{shown}");
    assert!(shown["min_px"].as_f64().unwrap_or(0.0) >= 22.0, "the players' names at least 22 px: {shown}");
    b.save_screenshot("board-doubles.png").await;
    b.close().await;
    app.stop().await;
}

#[actix_web::test]
async fn an_eight_team_top_cut_bracket_reads_at_1920x1080() {
    use super::team_views::chess_teams_over;
    let app = TestApp::spawn().await.unwrap();
    let mut ev = chess_teams_over(&app, 8, 4, 1).await;
    for m in ev.matches().await {
        for (k, r) in ["1-0", "½-½", "0-1", "1-0"].iter().enumerate() {
            ev.play(&m, k, r).await;
        }
    }
    let (tid, rid) = (ev.tid.clone(), ev.rid.clone());
    ev.to.close_round(&rid).await.unwrap().ok().unwrap();
    ev.to.set_playoffs(&tid, &json!({ "cut": 8, "tiebreak": "an Armageddon game" })).await.unwrap().ok().unwrap();
    ev.to.pair_playoff_round(&tid).await.unwrap().ok().unwrap();

    let b = Browser::start().await.unwrap();
    viewport(&b, 1920, 1080).await;
    b.client.goto(&format!("{}/t/{tid}/bracket", app.base)).await.unwrap();
    wait(&b, "return document.querySelectorAll('#bracket .bk-round').length === 3", "three rounds drawn").await;
    let shown = js(&b, &layout("#bracket .bk-name")).await;
    let texts: Vec<&str> = shown["texts"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    // The quarterfinals name all 8 teams (the later rounds wait for their winners).
    for club in &super::team_views::CLUBS[..8] {
        assert!(texts.contains(club), "{club} in the bracket: {shown}");
    }
    assert!(shown["min_px"].as_f64().unwrap_or(0.0) >= 22.0, "names at least 22 px: {shown}");
    assert_eq!(shown["cut"], json!([]), "no name cut: {shown}");
    assert_eq!(shown["page_overflow"], json!(false), "{shown}");
    b.save_screenshot("bracket-teams.png").await;
    b.close().await;
    app.stop().await;
}
