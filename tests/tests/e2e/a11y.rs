//! Every page checked with axe-core (the npm package `scripts/services`
//! installs under `tests/.axe`) in Chromium, as each kind of visitor sees it,
//! during a round: no critical, serious or moderate violation, and no table
//! header without a name; the dashboard also on a phone, and the bracket of a
//! top cut.

use arbiter_tests::browser::Browser;
use arbiter_tests::{Api, Event, TestApp};
use serde_json::{json, Value};
use std::time::Duration;

/// axe-core's script (`ARBITER_AXE`, or what `scripts/services` installed).
pub(crate) fn axe_source() -> String {
    let path = std::env::var("ARBITER_AXE")
        .unwrap_or_else(|_| format!("{}/.axe/node_modules/axe-core/axe.min.js", env!("CARGO_MANIFEST_DIR")));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("axe-core at {path} (run scripts/services): {e}"))
}

/// The violations axe-core finds in the page at `path` that this test
/// refuses: every critical, serious or moderate one, and `empty-table-header`.
pub(crate) async fn violations(b: &Browser, base: &str, path: &str, axe: &str) -> Vec<Value> {
    b.client.goto(&format!("{base}{path}")).await.unwrap();
    // Let the page's scripts draw it (live pages render from their snapshot, results from the API).
    tokio::time::sleep(Duration::from_millis(400)).await;
    b.client.execute(axe, vec![]).await.unwrap();
    let run = "const done = arguments[arguments.length - 1];
        axe.run(document, { resultTypes: ['violations'] }).then(r => done(r.violations
          .filter(v => v.impact === 'critical' || v.impact === 'serious' || v.impact === 'moderate' || v.id === 'empty-table-header')
          .map(v => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')) }))));";
    let found = b.client.execute_async(run, vec![]).await.unwrap();
    found.as_array().cloned().unwrap_or_default()
}

#[actix_web::test]
async fn every_page_has_no_critical_serious_or_moderate_accessibility_violation() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "A", 6, 3).await.unwrap();
    // A finished top cut of 4 in another event, for its bracket page.
    let mut cut = Event::start(&app.base, "K", 4, 1).await.unwrap();
    let (r1, t1) = cut.pair_next().await.unwrap();
    for t in &t1 {
        cut.play(t, 60, 40).await.unwrap();
    }
    cut.to.close_round(&r1).await.unwrap().ok().unwrap();
    cut.to.set_playoffs(&cut.tid, &json!({ "cut": 4, "third_place": true })).await.unwrap().ok().unwrap();
    let sf = cut.to.pair_playoff_round(&cut.tid).await.unwrap().ok().unwrap();
    let first = sf["round"]["pairings"][0]["id"].as_str().unwrap_or_default().to_string();
    let p1 = sf["round"]["pairings"][0]["player1"]["name"].as_str().unwrap_or_default().to_string();
    let p2 = sf["round"]["pairings"][0]["player2"]["name"].as_str().unwrap_or_default().to_string();
    let (i1, i2) = (cut.index_of(&p1).unwrap(), cut.index_of(&p2).unwrap());
    cut.play(&arbiter_tests::Table { id: first, p1: i1, p2: i2 }, 70, 20).await.unwrap();
    let (round, tables) = ev.pair_next().await.unwrap();
    ev.play(&tables[0], 70, 30).await.unwrap();
    ev.players[tables[1].p1].report_vp(&tables[1].id, 55, 50).await.unwrap().ok().unwrap();
    ev.to
        .post(&format!("/api/rounds/{round}/clock"), &json!({ "action": "start", "minutes": 90 }))
        .await
        .unwrap()
        .ok()
        .unwrap();
    let axe = axe_source();
    let tid = ev.tid.clone();
    let b = Browser::start().await.unwrap();
    let mut found = Vec::new();

    let public = [
        "/".to_string(),
        "/login".into(),
        "/signup".into(),
        format!("/t/{tid}"),
        format!("/t/{tid}/board"),
        format!("/t/{tid}/board?mode=names"),
        format!("/t/{tid}/board?mode=clock"),
        format!("/t/{tid}/standings"),
        format!("/t/{tid}/results"),
        format!("/t/{tid}/results?show=round&n=1"),
        format!("/t/{tid}/results?show=standings&after=1"),
        format!("/t/{tid}/results?show=players"),
        format!("/t/{tid}/results?show=slips&n=1"),
        format!("/t/{tid}/prizes"),
        "/ratings/wh40k".into(),
        format!("/t/{}/bracket", cut.tid),
    ];
    for path in &public {
        for v in violations(&b, &app.base, path, &axe).await {
            found.push(json!({ "page": path, "as": "visitor", "violation": v }));
        }
    }
    let signed_in = |session: &str| format!("document.cookie = 'arbiter_session={session}; path=/'; return true;");
    let player = ev.players[tables[2].p1].session().unwrap_or_default().to_string();
    b.client.execute(&signed_in(&player), vec![]).await.unwrap();
    let listed = ev.to.get(&format!("/api/tournaments/{tid}/players")).await.unwrap().ok().unwrap();
    let user = listed["players"][0]["user_id"].as_str().unwrap_or_default().to_string();
    for path in [format!("/t/{tid}/me"), format!("/users/{user}"), format!("/t/{tid}")] {
        for v in violations(&b, &app.base, &path, &axe).await {
            found.push(json!({ "page": path, "as": "player", "violation": v }));
        }
    }
    let to = ev.to.session().unwrap_or_default().to_string();
    b.client.execute(&signed_in(&to), vec![]).await.unwrap();
    for path in [
        format!("/t/{tid}/dashboard"),
        format!("/t/{tid}/prizes/manage"),
        "/tournaments/new".into(),
        format!("/t/{tid}/standings"),
    ] {
        for v in violations(&b, &app.base, &path, &axe).await {
            found.push(json!({ "page": path, "as": "organiser", "violation": v }));
        }
    }
    // The organiser's phone: the dashboard (its wide tables scroll sideways) and the bracket.
    b.client.set_window_size(390, 844).await.unwrap();
    for path in [format!("/t/{tid}/dashboard"), format!("/t/{tid}/standings"), format!("/t/{}/bracket", cut.tid)] {
        for v in violations(&b, &app.base, &path, &axe).await {
            found.push(json!({ "page": path, "as": "organiser on a phone", "violation": v }));
        }
    }
    b.client.set_window_size(1920, 1080).await.unwrap();
    let path = format!("/t/{}/bracket", cut.tid);
    for v in violations(&b, &app.base, &path, &axe).await {
        found.push(json!({ "page": path, "as": "venue screen", "violation": v }));
    }
    // The checker itself: an unlabelled field put into a page is reported.
    b.client.goto(&format!("{}/t/{tid}", app.base)).await.unwrap();
    b.client.execute(&axe, vec![]).await.unwrap();
    b.client.execute("document.querySelector('main').insertAdjacentHTML('beforeend', '<select id=\"probe\"><option>x</option></select>'); return true;", vec![]).await.unwrap();
    let probe = b
        .client
        .execute_async("const done = arguments[arguments.length - 1]; axe.run(document).then(r => done(r.violations.map(v => v.id)));", vec![])
        .await
        .unwrap();
    assert!(probe.as_array().is_some_and(|v| v.contains(&json!("select-name"))), "axe-core did not run: {probe}");
    b.close().await;
    app.stop().await;
    assert!(found.is_empty(), "{}", serde_json::to_string_pretty(&found).unwrap_or_default());
}
