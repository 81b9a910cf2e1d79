//! What a full event day shows on its screens and paper: the crosstable
//! printed whole on A4 and Letter however many rounds it has, a late
//! entry's missed round shown as the loss it counts as, the public
//! standings without the organiser's tie markers, a 40K dashboard that asks
//! for no pools, and the small things of the TO's and the players' pages
//! (a correction starts from the report, a name entered twice is said,
//! closing the last round says what comes next, buttons that undo come
//! last, the top-cut form where it belongs, dropping out last on a phone).

use arbiter_server::client::ApiClient;
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, Api, Event, TestApp, WAIT};
use fantoccini::wd::PrintSize;
use serde_json::{json, Value};

/// Signs the browser in with `client`'s session.
async fn sign_in(b: &Browser, base: &str, client: &ApiClient) {
    b.client.goto(base).await.unwrap();
    let set =
        format!("document.cookie = 'arbiter_session={}; path=/'; return true;", client.session().unwrap_or_default());
    b.client.execute(&set, vec![]).await.unwrap();
}

/// Waits until `script` returns something other than `null`/`false`; fails with `what` otherwise.
async fn until(b: &Browser, script: &str, what: &str) -> Value {
    b.until(script, WAIT).await.unwrap_or_else(|| panic!("{what}"))
}

/// The results page at `show` once drawn.
async fn results(b: &Browser, base: &str, tid: &str, show: &str) {
    b.client.goto(&format!("{base}/t/{tid}/results?show={show}")).await.unwrap();
    until(b, "return document.body.dataset.ready === '1';", "the results page never finished drawing").await;
}

#[actix_web::test]
async fn a_crosstable_of_twelve_rounds_and_sixty_players_prints_whole_on_a4_and_letter() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("TO").await.unwrap();
    let body = json!({ "name": "Long Day GT", "event_date": "2026-05-17", "format": "2000pts", "total_rounds": 12 });
    let tid = s(&to.create_tournament(&body).await.unwrap().ok().unwrap()["tournament"], "id").to_string();
    to.advance(&tid).await.unwrap().ok().unwrap();
    to.advance(&tid).await.unwrap().ok().unwrap();
    let mut csv = String::from("name,faction\n");
    for i in 1..=60 {
        csv.push_str(&format!("Player {i:02} Featherstone,Adeptus Custodes\n"));
    }
    let path = format!("/api/tournaments/{tid}/entries.csv");
    to.send_raw(awc::http::Method::POST, &path, Some(("text/csv", csv))).await.unwrap().ok().unwrap();
    to.advance(&tid).await.unwrap().ok().unwrap();
    for n in 1..=12u64 {
        let r = to.new_round(&tid).await.unwrap().ok().unwrap();
        let rid = s(&r["round"], "id").to_string();
        let paired = to.pair_round(&rid).await.unwrap().ok().unwrap();
        for (k, p) in paired["round"]["pairings"].as_array().unwrap().iter().enumerate() {
            if p["player2"].is_null() {
                continue;
            }
            let vp = json!({ "player1_vp": 55 + (k as u64 + n) % 45, "player2_vp": 100 - (k as u64 * 7 + n) % 60 });
            to.override_result(s(p, "id"), &vp).await.unwrap().ok().unwrap();
        }
        to.close_round(&rid).await.unwrap().ok().unwrap();
    }
    let b = Browser::start().await.unwrap();
    results(&b, &app.base, &tid, "crosstable").await;
    // The printed parts, laid out at A4's printable width (210 mm less the 12 mm
    // margins on each side): no cell reaches past it, no score is cut.
    let measure =
        "const box = document.querySelector('.ct-parts'); box.style.display = 'block'; box.style.width = '186mm'; \
        const right = box.getBoundingClientRect().right; \
        const cells = [...box.querySelectorAll('th, td')]; \
        const over = cells.filter(c => c.getBoundingClientRect().right > right + 0.5).length; \
        const cut = cells.filter(c => c.cellIndex !== 1 && c.scrollWidth > c.clientWidth + 1).map(c => c.textContent); \
        const heads = [...box.querySelectorAll('thead th')].map(t => t.textContent); \
        const parts = box.querySelectorAll('.ct-part').length, rows = box.querySelectorAll('tbody tr').length; \
        box.style.display = ''; box.style.width = ''; \
        return [parts, rows, over, cut, heads];";
    let got = b.client.execute(measure, vec![]).await.unwrap();
    let heads: Vec<String> = serde_json::from_value(got[4].clone()).unwrap();
    for n in 1..=12 {
        assert!(heads.contains(&format!("R{n}")), "round {n} is in no printed part: {heads:?}");
    }
    assert_eq!((&got[0], &got[1], &got[2], &got[3]), (&json!(2), &json!(120), &json!(0), &json!([])), "{got}");
    let standings = to.standings(&tid).await.unwrap().ok().unwrap();
    let last = s(&standings["players"][59], "display_name").to_string();
    for size in [PrintSize::A4, PrintSize::US_LETTER] {
        let (pages, text) = b.print_pdf(size).await.unwrap();
        // Two parts of 6 rounds, each a page or two for 60 players, and the key.
        assert!((2..=6).contains(&pages), "{pages} pages: {text}");
        for n in 1..=12 {
            assert!(text.contains(&format!("R{n} ")) || text.contains(&format!("R{n}\n")), "R{n} not printed: {text}");
        }
        assert_eq!(text.matches(last.as_str()).count(), 2, "the last player once in each part: {text}");
    }
    b.close().await;
    app.stop().await;
}

#[actix_web::test]
async fn a_late_entrys_missed_round_counted_as_a_loss_is_shown_as_a_loss() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "E", 4, 2).await.unwrap();
    let (round, tables) = ev.pair_next().await.unwrap();
    let entries = format!("/api/tournaments/{}/entries", ev.tid);
    let lost = json!({ "display_name": "Late Loss", "faction": "Orks", "missed": "loss" });
    ev.to.post(&entries, &lost).await.unwrap().ok().unwrap();
    let bye = json!({ "display_name": "Late Bye", "faction": "Orks", "missed": "bye" });
    ev.to.post(&entries, &bye).await.unwrap().ok().unwrap();
    for t in &tables {
        ev.play(t, 60, 40).await.unwrap();
    }
    ev.to.close_round(&round).await.unwrap().ok().unwrap();
    let b = Browser::start().await.unwrap();
    results(&b, &app.base, &ev.tid, "crosstable").await;
    let row = |name: &str| {
        format!("const r = [...document.querySelectorAll('.crosstable tbody tr')].find(r => r.cells[1].textContent === '{name}'); return r && [r.cells[2].textContent, r.cells[2].title];")
    };
    let lost = b.client.execute(&row("Late Loss"), vec![]).await.unwrap();
    assert_eq!(lost[0], "-0", "an unplayed loss, as crosstables write it: {lost}");
    assert!(lost[1].as_str().unwrap().contains("late entry"), "{lost}");
    let bye = b.client.execute(&row("Late Bye"), vec![]).await.unwrap();
    assert!(bye[0].as_str().unwrap().starts_with("bye"), "the bye chosen is still a bye: {bye}");
    let key = b.client.execute("return document.querySelector('#results p.muted').textContent;", vec![]).await.unwrap();
    assert!(key.as_str().unwrap().contains("-0: a round lost without a game"), "{key}");
    b.close().await;
    app.stop().await;
}

#[actix_web::test]
async fn public_standings_show_ranks_without_the_organisers_tie_markers() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "T", 6, 3).await.unwrap();
    let (round, tables) = ev.pair_next().await.unwrap();
    // Every game a 50–50 draw: all six level on their record, one group of six.
    for t in &tables {
        ev.play(t, 50, 50).await.unwrap();
    }
    ev.to.close_round(&round).await.unwrap().ok().unwrap();
    let st = ev.to.standings(&ev.tid).await.unwrap().ok().unwrap();
    let rows = st["players"].as_array().unwrap();
    assert!(rows.iter().all(|r| r["tie"]["group_size"] == 6), "{st}");
    // The ranks as the field writes them: "=5" where a rank is shared, else "5".
    let ranks: Vec<String> = rows
        .iter()
        .map(|r| {
            let shared = rows.iter().filter(|o| o["rank"] == r["rank"]).count() > 1;
            format!("{}{}", if shared { "=" } else { "" }, r["rank"])
        })
        .collect();
    let attention = rows.iter().filter(|r| r["tie"]["attention"] == true).count();
    let b = Browser::start().await.unwrap();
    let shown = "const r = [...document.querySelectorAll('#standings-body tr')]; if (r.length < 6) return null; \
        return [r.map(x => x.cells[0].textContent.trim()), document.querySelectorAll('#standings-body .tie-warn').length, \
        document.querySelectorAll('#standings-body tr.tie-group').length, document.getElementById('standings-body').textContent.includes('tie of')];";
    b.client.goto(&format!("{}/t/{}/standings", app.base, ev.tid)).await.unwrap();
    let public = until(&b, shown, "the public standings were not drawn").await;
    assert_eq!(public, json!([ranks, 0, 0, false]), "the public sees the ranks only");
    sign_in(&b, &app.base, &ev.players[0]).await;
    b.client.goto(&format!("{}/t/{}/standings", app.base, ev.tid)).await.unwrap();
    let player = until(&b, shown, "the player's standings were not drawn").await;
    assert_eq!(player, public, "a player sees what the public sees");
    sign_in(&b, &app.base, &ev.to).await;
    b.client.goto(&format!("{}/t/{}/standings", app.base, ev.tid)).await.unwrap();
    let organiser = until(&b, shown, "the organiser's standings were not drawn").await;
    assert_eq!(
        (&organiser[1], &organiser[2], &organiser[3]),
        (&json!(attention), &json!(6), &json!(true)),
        "the TO sees the tied group and ⚠ where they decide: {organiser}"
    );
    b.close().await;
    app.stop().await;
}

#[actix_web::test]
async fn a_40k_dashboard_asks_for_no_pools_and_meets_no_404() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "N", 4, 3).await.unwrap();
    ev.pair_next().await.unwrap();
    let b = Browser::start().await.unwrap();
    sign_in(&b, &app.base, &ev.to).await;
    b.client.goto(&format!("{}/t/{}/dashboard", app.base, ev.tid)).await.unwrap();
    // Once the dashboard has read its top cut (none yet) and drawn the round.
    until(&b, "return document.querySelector('[data-action=\"close-round\"]') !== null && document.getElementById('players-body').children.length === 4;", "the dashboard was not drawn").await;
    tokio::time::sleep(std::time::Duration::from_millis(800)).await;
    // Every request the page made: none for pools, none refused (a 404 is a console error in Chromium).
    let asked = "return performance.getEntriesByType('resource').filter(e => e.name.includes('/pools') || e.responseStatus >= 400).map(e => e.name + ' ' + e.responseStatus);";
    assert_eq!(b.client.execute(asked, vec![]).await.unwrap(), json!([]), "requests for pools, or failed requests");
    b.close().await;
    app.stop().await;
}

#[actix_web::test]
async fn correcting_a_report_starts_from_what_was_sent() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "C", 2, 1).await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    let t = tables[0].clone();
    ev.players[t.p2].report_vp(&t.id, 40, 61).await.unwrap().ok().unwrap();
    let b = Browser::start().await.unwrap();
    sign_in(&b, &app.base, &ev.players[t.p2]).await;
    b.client.goto(&format!("{}/t/{}/me", app.base, ev.tid)).await.unwrap();
    until(
        &b,
        "const c = document.querySelector('[data-action=\"correct\"]'); if (!c) return null; c.click(); return true;",
        "no Correct button",
    )
    .await;
    // The reporter is player 2: their 61 VP first, the opponent's 40.
    let form = until(
        &b,
        "const f = document.querySelector('#report-form[data-correct]'); return f && [f.mine.value, f.theirs.value];",
        "no correction form",
    )
    .await;
    assert_eq!(form, json!(["61", "40"]));
    b.close().await;
    app.stop().await;
}

#[actix_web::test]
async fn a_walk_in_named_like_a_player_already_in_the_event_is_asked_about() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "W", 2, 3).await.unwrap();
    let b = Browser::start().await.unwrap();
    sign_in(&b, &app.base, &ev.to).await;
    b.client.goto(&format!("{}/t/{}/dashboard", app.base, ev.tid)).await.unwrap();
    let add = "const f = document.getElementById('add-entry'); if (!f) return null; f.display_name.value = ' w1 '; f.querySelector('button[type=submit]').click(); return true;";
    until(&b, add, "no walk-in form").await;
    let asked = until(
        &b,
        "const d = document.querySelector('dialog.ask[open]'); return d && d.textContent;",
        "no warning for a name already in the event",
    )
    .await;
    assert!(asked.as_str().unwrap().contains("W1 is already in this event"), "{asked}");
    b.client
        .execute("document.querySelector('dialog.ask button[value=cancel]').click(); return true;", vec![])
        .await
        .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let count = |v: Value| v["players"].as_array().map(Vec::len);
    assert_eq!(count(ev.to.players(&ev.tid).await.unwrap().ok().unwrap()), Some(2), "cancelled: nobody added");
    until(&b, add, "no walk-in form").await;
    until(&b, "const b = document.querySelector('dialog.ask[open] [data-ask-ok]'); if (!b) return null; b.click(); return true;", "no warning the second time").await;
    let mut added = None;
    for _ in 0..50 {
        added = count(ev.to.players(&ev.tid).await.unwrap().ok().unwrap());
        if added == Some(3) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(added, Some(3), "confirmed: the second entry is added");
    b.close().await;
    app.stop().await;
}

#[actix_web::test]
async fn closing_the_last_round_says_the_event_can_be_completed_or_cut() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "L", 4, 2).await.unwrap();
    let b = Browser::start().await.unwrap();
    sign_in(&b, &app.base, &ev.to).await;
    let mut said = Vec::new();
    for _ in 0..2 {
        let (round, tables) = ev.pair_next().await.unwrap();
        for t in &tables {
            ev.play(t, 60, 40).await.unwrap();
        }
        b.client.goto(&format!("{}/t/{}/dashboard", app.base, ev.tid)).await.unwrap();
        until(&b, "const c = document.querySelector('[data-action=\"close-round\"]'); if (!c) return null; c.click(); return true;", "no Close button").await;
        let text = until(
            &b,
            "const d = document.querySelector('dialog.ask[open]'); return d && d.textContent;",
            "closing asked nothing",
        )
        .await;
        said.push(text.as_str().unwrap().to_string());
        b.client
            .execute("document.querySelector('dialog.ask button[value=cancel]').click(); return true;", vec![])
            .await
            .unwrap();
        ev.to.close_round(&round).await.unwrap().ok().unwrap();
    }
    assert!(said[0].contains("the next round can be paired"), "{}", said[0]);
    assert!(said[1].contains("the event can be completed, or a top cut added"), "{}", said[1]);
    assert!(!said[1].contains("next round"), "{}", said[1]);
    b.close().await;
    app.stop().await;
}

/// The buttons of the round panel, by action, in page order.
const PANEL_BUTTONS: &str = "const p = document.getElementById('round-actions').closest('section'); return [...p.querySelectorAll('button[data-action]')].map(b => b.dataset.action);";

#[actix_web::test]
async fn buttons_that_undo_a_round_come_last_in_its_panel() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "D", 4, 3).await.unwrap();
    ev.to.new_round(&ev.tid).await.unwrap().ok().unwrap();
    let b = Browser::start().await.unwrap();
    sign_in(&b, &app.base, &ev.to).await;
    b.client.goto(&format!("{}/t/{}/dashboard", app.base, ev.tid)).await.unwrap();
    // A draft is made: its buttons join the panel.
    until(
        &b,
        "const d = document.querySelector('[data-action=\"draft\"]'); if (!d) return null; d.click(); return true;",
        "no Generate button",
    )
    .await;
    let wait = PANEL_BUTTONS.replace("return [", "const a = [") + " return a.includes('draft-publish') && a;";
    let pending = until(&b, &wait, "no draft").await;
    let pending: Vec<String> = serde_json::from_value(pending).unwrap();
    assert_eq!(pending.last().map(String::as_str), Some("delete-round"), "{pending:?}");
    assert_ne!(pending[0], "delete-round");
    // Paired: withdrawing the pairings comes after closing and the clock.
    until(&b, "const d = document.querySelector('[data-action=\"draft-publish\"]'); if (!d) return null; d.click(); return true;", "no Publish button").await;
    until(&b, "const o = document.querySelector('dialog.ask[open] [data-ask-ok]'); if (!o) return null; o.click(); return true;", "publishing asked nothing").await;
    let wait = PANEL_BUTTONS.replace("return [", "const a = [") + " return a.includes('unpair') && a;";
    let active: Vec<String> = serde_json::from_value(until(&b, &wait, "not paired").await).unwrap();
    assert_eq!(active[0], "close-round", "{active:?}");
    let unpair = active.iter().position(|a| a == "unpair").unwrap();
    assert!(active[..unpair].iter().any(|a| a == "clock-start"), "{active:?}");
    b.close().await;
    app.stop().await;
}

/// Whether the dashboard offers the top-cut form.
async fn cut_offered(b: &Browser, base: &str, tid: &str) -> Value {
    b.client.goto(&format!("{base}/t/{tid}/dashboard")).await.unwrap();
    until(b, "return document.getElementById('round-actions').children.length > 0 && document.getElementById('players-body').children.length > 0;", "dashboard not drawn").await;
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    b.client.execute("return document.getElementById('po-cut') !== null;", vec![]).await.unwrap()
}

#[actix_web::test]
async fn the_top_cut_form_is_offered_before_round_one_and_after_the_swiss_only() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "K", 4, 2).await.unwrap();
    let b = Browser::start().await.unwrap();
    sign_in(&b, &app.base, &ev.to).await;
    assert_eq!(cut_offered(&b, &app.base, &ev.tid).await, json!(true), "before round 1");
    let mut seen = Vec::new();
    for _ in 0..2 {
        let (round, tables) = ev.pair_next().await.unwrap();
        seen.push(cut_offered(&b, &app.base, &ev.tid).await);
        for t in &tables {
            ev.play(t, 60, 40).await.unwrap();
        }
        ev.to.close_round(&round).await.unwrap().ok().unwrap();
        seen.push(cut_offered(&b, &app.base, &ev.tid).await);
    }
    assert_eq!(
        seen,
        [json!(false), json!(false), json!(false), json!(true)],
        "round 1 playing, closed; round 2 playing, closed"
    );
    b.close().await;
    app.stop().await;
}

#[actix_web::test]
async fn dropping_out_is_the_last_button_on_a_players_phone() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "P", 2, 3).await.unwrap();
    ev.pair_next().await.unwrap();
    let b = Browser::start().await.unwrap();
    b.client.set_window_size(390, 844).await.unwrap();
    sign_in(&b, &app.base, &ev.players[0]).await;
    b.client.goto(&format!("{}/t/{}/me", app.base, ev.tid)).await.unwrap();
    let buttons = "if (!document.getElementById('report-form')) return null; return [...document.querySelectorAll('main button')].filter(b => b.offsetParent !== null).map(b => b.dataset.action || b.type);";
    let shown: Vec<String> = serde_json::from_value(until(&b, buttons, "no report form").await).unwrap();
    assert_eq!(shown.last().map(String::as_str), Some("drop"), "{shown:?}");
    assert_eq!(shown[0], "submit", "reporting the result comes first: {shown:?}");
    let below = "const d = document.querySelector('[data-action=drop]').getBoundingClientRect().top; return [...document.querySelectorAll('main section')].every(s => s.getBoundingClientRect().top < d);";
    assert_eq!(b.client.execute(below, vec![]).await.unwrap(), json!(true), "below every section");
    b.close().await;
    app.stop().await;
}
