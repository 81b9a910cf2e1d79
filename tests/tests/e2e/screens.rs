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

