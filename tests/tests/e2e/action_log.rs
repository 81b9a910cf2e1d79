//! The action log: every staff action — who, in what part, when, what,
//! each field before and after — listed for the organisers, kept after a
//! member leaves the staff, and whole when many act at once.

use super::browser::open_signed_in;
use super::staff::member;
use super::undo::refused;
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, Api, Backend, Event, TestApp};
use awc::http::Method;
use futures_util::future::join_all;
use serde_json::{json, Value};

#[actix_web::test]
async fn staff_actions_are_logged_with_who_when_and_before_after_sqlite() {
    action_log(Backend::Sqlite).await;
}

#[actix_web::test]
async fn staff_actions_are_logged_with_who_when_and_before_after_postgres() {
    action_log(Backend::Postgres).await;
}

/// The entries of `kind`, newest first.
fn of_kind<'a>(log: &'a Value, kind: &str) -> Vec<&'a Value> {
    log["entries"].as_array().unwrap().iter().filter(|e| e["kind"] == kind).collect()
}

/// The change of `field` in an entry: `(before, after)`.
fn change<'a>(entry: &'a Value, field: &str) -> (&'a Value, &'a Value) {
    let c = entry["changes"].as_array().unwrap().iter().find(|c| c["field"] == field);
    let c = c.unwrap_or_else(|| panic!("no change of {field} in {entry}"));
    (&c["before"], &c["after"])
}

async fn action_log(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut ev = Event::start(&app.base, "L", 4, 3).await.unwrap();
    let tid = ev.tid.clone();
    let log_path = format!("/api/tournaments/{tid}/log");
    let (r1, tables) = ev.pair_next().await.unwrap();
    let (mut judge, judge_id) = member(&app, &mut ev, "Judge Judy", "JUDGE").await;

    // A player reports 50–30; the judge sets 60–40 instead.
    let t = &tables[0];
    ev.players[t.p1].report_vp(&t.id, 50, 30).await.unwrap().ok().unwrap();
    judge.override_result(&t.id, &json!({ "player1_vp": 60, "player2_vp": 40 })).await.unwrap().ok().unwrap();
    // The organiser renames the event and keeps the first two players apart.
    ev.to
        .send(Method::PATCH, &format!("/api/tournaments/{tid}/settings"), Some(&json!({ "name": "L Masters" })))
        .await
        .unwrap()
        .ok()
        .unwrap();
    let (a, b) = (ev.registrations[0].clone(), ev.registrations[1].clone());
    ev.to
        .send(Method::PUT, &format!("/api/tournaments/{tid}/constraints"), Some(&json!({ "avoid": [[a, b]] })))
        .await
        .unwrap()
        .ok()
        .unwrap();
    // Then removes the judge: what the judge did stays in the log, as a judge's.
    ev.to.send(Method::DELETE, &format!("/api/tournaments/{tid}/staff/{judge_id}"), None).await.unwrap().ok().unwrap();

    let log = ev.to.get(&log_path).await.unwrap().ok().unwrap();
    let kinds: Vec<&str> = log["entries"].as_array().unwrap().iter().map(|e| s(e, "kind")).collect();
    // Newest first; only the staff's actions (the player's report is not there).
    assert_eq!(
        kinds[..5],
        ["staff_removed", "constraints_set", "settings_changed", "result_overridden", "staff_joined"],
        "{log}"
    );
    assert!(!kinds.contains(&"result_reported"), "{kinds:?}");
    let ats: Vec<i64> = log["entries"].as_array().unwrap().iter().map(|e| e["at"].as_i64().unwrap()).collect();
    assert!(ats.windows(2).all(|w| w[0] >= w[1]), "newest first: {ats:?}");

    let set = of_kind(&log, "result_overridden")[0];
    assert_eq!((s(set, "by_name"), s(set, "role")), ("Judge Judy", "JUDGE"), "{set}");
    assert_eq!((set["subject"]["round"].as_u64(), set["subject"]["table"].as_u64()), (Some(1), Some(1)), "{set}");
    let names: Vec<&str> = set["subject"]["names"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
    assert_eq!(names, [ev.names[t.p1].as_str(), ev.names[t.p2].as_str()]);
    assert_eq!(change(set, "player1_vp"), (&json!(50), &json!(60)));
    assert_eq!(change(set, "player2_vp"), (&json!(30), &json!(40)));
    assert_eq!(change(set, "state"), (&json!("REPORTED"), &json!("CONFIRMED")));

    let renamed = of_kind(&log, "settings_changed")[0];
    assert_eq!((s(renamed, "by_name"), s(renamed, "role")), ("Organiser", "OWNER"));
    assert_eq!(change(renamed, "name"), (&json!("L Open"), &json!("L Masters")));
    let kept = of_kind(&log, "constraints_set")[0];
    assert!(kept["seq"].is_null(), "a private action is no public event: {kept}");
    let (before, after) = change(kept, "avoid");
    assert_eq!((before, after.as_array().map(Vec::len)), (&json!([]), Some(1)), "{kept}");
    let removed = of_kind(&log, "staff_removed")[0];
    assert_eq!(removed["subject"]["names"], json!(["Judge Judy"]));
    assert_eq!(change(removed, "role"), (&json!("JUDGE"), &Value::Null));
    let joined = of_kind(&log, "staff_joined")[0];
    assert_eq!((s(joined, "by_name"), change(joined, "role")), ("Judge Judy", (&Value::Null, &json!("JUDGE"))));
    // The private actions never reach the public event stream.
    let events = app.client().get(&format!("/api/tournaments/{tid}/events?since=0")).await.unwrap().ok().unwrap();
    assert!(!events.to_string().contains("constraints_set"), "{events}");

    // With players' own actions: the report, as a player's.
    let all = ev.to.get(&format!("{log_path}?everyone=true")).await.unwrap().ok().unwrap();
    let reported = of_kind(&all, "result_reported")[0];
    assert_eq!((s(reported, "by_name"), s(reported, "role")), (ev.names[t.p1].as_str(), "PLAYER"));

    // Refused: a judge, a player, a stranger, a bad limit — nothing written.
    let (mut judge2, _) = member(&app, &mut ev, "Judge Two", "JUDGE").await;
    let before = app.fingerprint().await.unwrap();
    let r = judge2.get(&log_path).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = ev.players[0].get(&log_path).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = app.client().get(&log_path).await.unwrap();
    refused(&app, &before, &r, 401, "not_signed_in").await;
    let r = ev.to.get(&format!("{log_path}?limit=0")).await.unwrap();
    refused(&app, &before, &r, 400, "invalid_query").await;
    let r = ev.to.get(&format!("{log_path}?limit=5000")).await.unwrap();
    refused(&app, &before, &r, 400, "invalid_query").await;
    let r = ev.to.get("/api/tournaments/00000000-0000-4000-8000-000000000000/log").await.unwrap();
    refused(&app, &before, &r, 404, "tournament_not_found").await;

    // The owner and a co-organiser act at once: every change is logged once, by its author.
    let (mut co, _) = member(&app, &mut ev, "Co Org", "CO_ORGANISER").await;
    let mut clients = Vec::new();
    for k in 0..16_usize {
        clients.push(if k.is_multiple_of(2) { ev.to.clone_to(&app.base) } else { co.clone_to(&app.base) });
    }
    let answers = join_all(clients.into_iter().enumerate().map(|(k, mut c)| {
        let path = format!("/api/tournaments/{tid}/settings");
        async move { c.send(Method::PATCH, &path, Some(&json!({ "format": format!("Format {k}") }))).await.unwrap() }
    }))
    .await;
    assert!(answers.iter().all(|a| a.status.is_success()), "{:?}", answers.iter().map(|a| &a.body).collect::<Vec<_>>());
    let log = ev.to.get(&format!("{log_path}?limit=1000")).await.unwrap().ok().unwrap();
    let formats: Vec<&Value> =
        of_kind(&log, "settings_changed").into_iter().filter(|e| e["changes"][0]["field"] == "format").collect();
    assert_eq!(formats.len(), 16, "{log}");
    for e in &formats {
        let (_, after) = change(e, "format");
        let k: usize = after.as_str().unwrap().trim_start_matches("Format ").parse().unwrap();
        let (who, role) = if k.is_multiple_of(2) { ("Organiser", "OWNER") } else { ("Co Org", "CO_ORGANISER") };
        assert_eq!((s(e, "by_name"), s(e, "role")), (who, role), "{e}");
    }
    // Each change's "before" is the one before it: the formats chain without a gap.
    let mut chain: Vec<(&Value, &Value)> = formats.iter().map(|e| change(e, "format")).collect();
    chain.reverse();
    assert!(chain.windows(2).all(|w| w[0].1 == w[1].0), "{chain:?}");

    // The first round's close is logged as the co-organiser's.
    for t in &tables {
        co.override_result(&t.id, &json!({ "player1_vp": 55, "player2_vp": 45 })).await.unwrap().ok().unwrap();
    }
    co.close_round(&r1).await.unwrap().ok().unwrap();
    let log = ev.to.get(&format!("{log_path}?limit=3")).await.unwrap().ok().unwrap();
    assert_eq!(log["entries"].as_array().unwrap().len(), 3);
    let closed = &log["entries"][0];
    assert_eq!((s(closed, "kind"), s(closed, "by_name")), ("round_closed", "Co Org"), "{log}");
    assert_eq!(change(closed, "status"), (&json!("ACTIVE"), &json!("COMPLETE")));
}

/// On the dashboard: the organiser opens the action log, ticks "players'
/// actions too", and sees a judge's override appear while it is open, with
/// who, the table and the score before and after — the box stays ticked.
#[actix_web::test]
async fn the_dashboard_lists_actions_as_they_happen() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "D", 4, 3).await.unwrap();
    let tid = ev.tid.clone();
    let (_, tables) = ev.pair_next().await.unwrap();
    let (mut judge, _) = member(&app, &mut ev, "Judge Judy", "JUDGE").await;
    let t = &tables[0];
    ev.players[t.p1].report_vp(&t.id, 50, 30).await.unwrap().ok().unwrap();

    let wait = arbiter_tests::WAIT;
    let dash = Browser::start().await.unwrap();
    open_signed_in(&dash, &app.base, ev.to.session().unwrap_or_default(), &format!("/t/{tid}/dashboard")).await;
    let live = "return document.getElementById('live-status').classList.contains('on') ? true : null;";
    assert!(dash.until(live, wait).await.is_some(), "dashboard not live");
    let open = "const d = document.getElementById('log-panel'); if (!d) return null; d.querySelector('summary').click(); return true;";
    assert!(dash.until(open, wait).await.is_some(), "no action log panel");
    let joined = "const r = document.querySelector('#log-rows table.action-log tbody tr'); return r && r.textContent.includes('Judge Judy') ? r.textContent : null;";
    assert!(dash.until(joined, wait).await.is_some(), "the judge's joining is not listed");
    let tick = "const c = document.getElementById('log-everyone'); c.click(); return c.checked;";
    assert_eq!(dash.client.execute(tick, vec![]).await.unwrap(), json!(true));
    let reported = format!(
        "const t = document.getElementById('log-rows').textContent; return t.includes('{}') && t.includes('Reported a result') ? true : null;",
        ev.names[t.p1]
    );
    assert!(dash.until(&reported, wait).await.is_some(), "the player's report is not listed once ticked");

    // The judge sets the result while the panel is open.
    judge.override_result(&t.id, &json!({ "player1_vp": 60, "player2_vp": 40 })).await.unwrap().ok().unwrap();
    let row = "const r = document.querySelector('#log-rows tbody tr'); return r && r.textContent.includes('Set a result') ? r.textContent : null;";
    let text = dash.until(row, wait).await.expect("the override did not appear");
    let text = text.as_str().unwrap();
    for want in ["Judge Judy", "judge", "Round 1, table 1", "player1_vp: 50 → 60", "state: REPORTED → CONFIRMED"] {
        assert!(text.contains(want), "{want:?} not in {text:?}");
    }
    let ticked = "return document.getElementById('log-everyone').checked;";
    assert_eq!(dash.client.execute(ticked, vec![]).await.unwrap(), json!(true), "a live update reset the box");
    // What the page lists is what the API holds.
    let log = ev.to.get(&format!("/api/tournaments/{tid}/log?everyone=true")).await.unwrap().ok().unwrap();
    let rows = "return document.querySelectorAll('#log-rows tbody tr').length;";
    let shown = dash.client.execute(rows, vec![]).await.unwrap();
    assert_eq!(shown.as_u64(), Some(log["entries"].as_array().unwrap().len() as u64));
    dash.close().await;
    app.stop().await;
}
