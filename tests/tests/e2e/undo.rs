//! Nothing irreversible by accident, over HTTP: a player corrects or
//! withdraws their own report until the opponent confirms it, withdraws a
//! dispute until the TO decides; a confirmation names the score it confirms;
//! the TO unlocks lists and reinstates a player who dropped (before the next
//! round is paired without them). Every refusal answers 4xx with a message
//! and leaves the database as it was.

use super::browser::{open_signed_in, type_into};
use arbiter_server::client::{ApiClient, Reply};
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, Api, Backend, Event, TestApp};
use futures_util::future::join_all;
use serde_json::{json, Value};
use std::time::Duration;

/// Asserts `r` is the refusal `status` `code` with a message, and that the
/// database still has `before`'s fingerprint.
pub(crate) async fn refused(app: &TestApp, before: &str, r: &Reply, status: u16, code: &str) {
    assert_eq!((r.status.as_u16(), r.code()), (status, code), "{}", r.body);
    assert!(!s(&r.body, "message").is_empty(), "a refusal says why: {}", r.body);
    assert_eq!(app.fingerprint().await.unwrap(), before, "a refused {code} changed nothing");
}

fn path(pairing: &str, what: &str) -> String {
    format!("/api/pairings/{pairing}/{what}")
}

pub(crate) async fn delete(c: &mut ApiClient, path: &str) -> Reply {
    c.send(awc::http::Method::DELETE, path, None).await.unwrap()
}

pub(crate) async fn put(c: &mut ApiClient, path: &str, body: &Value) -> Reply {
    c.send(awc::http::Method::PUT, path, Some(body)).await.unwrap()
}

fn vp(a: u32, b: u32) -> Value {
    json!({ "player1_vp": a, "player2_vp": b })
}

#[actix_web::test]
async fn players_correct_withdraw_and_take_back_disputes_sqlite() {
    own_mistakes(Backend::Sqlite).await;
}

#[actix_web::test]
async fn players_correct_withdraw_and_take_back_disputes_postgres() {
    own_mistakes(Backend::Postgres).await;
}

async fn own_mistakes(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut ev = Event::start(&app.base, "M", 4, 3).await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    let (t, other) = (tables[0].clone(), tables[1].clone());
    let since = ev.to.snapshot(&ev.tid).await.unwrap().ok().unwrap()["seq"].as_i64().unwrap();
    let (me, opp) = (t.p1, t.p2);

    // Nothing reported yet: nothing to correct or withdraw.
    let before = app.fingerprint().await.unwrap();
    let r = put(&mut ev.players[me], &path(&t.id, "report"), &vp(60, 50)).await;
    refused(&app, &before, &r, 409, "not_reported").await;
    let r = delete(&mut ev.players[me], &path(&t.id, "report")).await;
    refused(&app, &before, &r, 409, "not_reported").await;

    // The reporter corrects a typo; the opponent cannot correct it for them.
    ev.players[me].report_vp(&t.id, 70, 50).await.unwrap().ok().unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = put(&mut ev.players[opp], &path(&t.id, "report"), &vp(40, 50)).await;
    refused(&app, &before, &r, 403, "not_your_report").await;
    let r = delete(&mut ev.players[opp], &path(&t.id, "report")).await;
    refused(&app, &before, &r, 403, "not_your_report").await;
    let stranger = other.p1;
    let r = put(&mut ev.players[stranger], &path(&t.id, "report"), &vp(40, 50)).await;
    refused(&app, &before, &r, 403, "not_your_table").await;
    let r = put(&mut ev.to, &path(&t.id, "report"), &vp(40, 50)).await;
    refused(&app, &before, &r, 403, "not_your_table").await;
    let r = put(&mut ev.players[me], &path(&t.id, "report"), &vp(70, 500)).await;
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_vp"), "{}", r.body);
    assert_eq!(app.fingerprint().await.unwrap(), before);
    let fixed = put(&mut ev.players[me], &path(&t.id, "report"), &vp(60, 50)).await.ok().unwrap();
    assert_eq!(
        (s(&fixed["pairing"], "state"), &fixed["pairing"]["player1_vp"], &fixed["pairing"]["player2_vp"]),
        ("REPORTED", &json!(60), &json!(50))
    );

    // The opponent read 70–50 before the correction: confirming that is refused.
    let before = app.fingerprint().await.unwrap();
    let r = ev.players[opp].post(&path(&t.id, "confirm"), &json!({ "score": vp(70, 50) })).await.unwrap();
    refused(&app, &before, &r, 409, "report_changed").await;
    assert!(s(&r.body, "message").contains("60 – 50"), "the message gives the report as it now reads: {}", r.body);

    // Withdrawn: the table is unreported again, and reported anew.
    let back = delete(&mut ev.players[me], &path(&t.id, "report")).await.ok().unwrap();
    assert_eq!((s(&back["pairing"], "state"), &back["pairing"]["score"]), ("UNREPORTED", &Value::Null));
    let r = ev.players[opp].confirm(&t.id).await.unwrap();
    assert_eq!(r.code(), "not_reported", "{}", r.body);
    ev.players[me].report_vp(&t.id, 65, 40).await.unwrap().ok().unwrap();

    // A dispute with the score the opponent saw and a reason; only they may take it back.
    let disputed =
        ev.players[opp].dispute(&t.id, &json!({ "player1_vp": 40, "player2_vp": 65, "note": "VP swapped" })).await;
    let disputed = disputed.unwrap().ok().unwrap();
    assert_eq!(disputed["pairing"]["dispute"]["note"], "VP swapped");
    let before = app.fingerprint().await.unwrap();
    let r = delete(&mut ev.players[me], &path(&t.id, "dispute")).await;
    refused(&app, &before, &r, 403, "not_your_dispute").await;
    let r = put(&mut ev.players[me], &path(&t.id, "report"), &vp(66, 40)).await;
    refused(&app, &before, &r, 409, "result_disputed").await;
    let r = delete(&mut ev.players[stranger], &path(&t.id, "dispute")).await;
    refused(&app, &before, &r, 403, "not_your_table").await;
    let r = delete(&mut ev.players[opp], &path(&other.id, "dispute")).await;
    refused(&app, &before, &r, 403, "not_your_table").await;
    let undone = delete(&mut ev.players[opp], &path(&t.id, "dispute")).await.ok().unwrap();
    assert_eq!((s(&undone["pairing"], "state"), &undone["pairing"]["dispute"]), ("REPORTED", &Value::Null));
    let before = app.fingerprint().await.unwrap();
    let r = delete(&mut ev.players[opp], &path(&t.id, "dispute")).await;
    refused(&app, &before, &r, 409, "not_disputed").await;

    // Confirmed as read: final; neither correction nor withdrawal is possible now.
    let seen = undone["pairing"]["score"].clone();
    let done = ev.players[opp].post(&path(&t.id, "confirm"), &json!({ "score": seen })).await.unwrap().ok().unwrap();
    assert_eq!((s(&done["pairing"], "state"), &done["pairing"]["player1_vp"]), ("CONFIRMED", &json!(65)));
    let before = app.fingerprint().await.unwrap();
    let r = put(&mut ev.players[me], &path(&t.id, "report"), &vp(66, 40)).await;
    refused(&app, &before, &r, 409, "already_confirmed").await;
    let r = delete(&mut ev.players[me], &path(&t.id, "report")).await;
    refused(&app, &before, &r, 409, "already_confirmed").await;
    let r = ev.players[opp].post(&path(&t.id, "confirm"), &json!({ "score": "sixty" , "extra": 1 })).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (400, "invalid_json"), "{}", r.body);

    // The log tells the story in order, and the standings count 65–40.
    let kinds: Vec<String> = ev.to.events(&ev.tid, &format!("?since={since}")).await.unwrap().ok().unwrap()["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| s(e, "kind").to_string())
        .filter(|k| k != "standings_changed")
        .collect();
    assert_eq!(
        kinds,
        [
            "result_reported",
            "report_corrected",
            "report_withdrawn",
            "result_reported",
            "result_disputed",
            "dispute_withdrawn",
            "result_confirmed"
        ]
    );
    let standings = ev.to.standings(&ev.tid).await.unwrap().ok().unwrap();
    let row = standings["players"].as_array().unwrap().iter().find(|r| s(r, "display_name") == ev.names[me]).cloned();
    assert_eq!(row.map(|r| (r["wins"].clone(), r["vp_for"].clone())), Some((json!(1), json!(65))));

    // Many corrections in flight while the opponent confirms what they read:
    // whatever the order, a confirmed result is exactly the score confirmed.
    ev.players[other.p1].report_vp(&other.id, 50, 50).await.unwrap().ok().unwrap();
    let seen = vp(50, 50);
    let reporter = ev.players[other.p1].clone_to(&app.base);
    let confirmer = ev.players[other.p2].clone_to(&app.base);
    let mut corrections = Vec::new();
    for k in 0..8u32 {
        let mut c = reporter.clone_to(&app.base);
        let p = path(&other.id, "report");
        corrections.push(async move { put(&mut c, &p, &vp(51 + k, 50)).await });
    }
    let mut c = confirmer;
    let p = path(&other.id, "confirm");
    let confirm = async move { c.post(&p, &json!({ "score": seen })).await.unwrap() };
    let (answers, confirmed) = futures_util::join!(join_all(corrections), confirm);
    let table = ev.to.round(s(&fixed["pairing"], "round_id")).await.unwrap().ok().unwrap()["round"]["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| s(p, "id") == other.id)
        .cloned()
        .unwrap();
    for a in &answers {
        assert!(a.status.is_success() || a.code() == "already_confirmed", "{}", a.body);
    }
    if confirmed.status.is_success() {
        assert_eq!((s(&table, "state"), &table["score"]), ("CONFIRMED", &vp(50, 50)));
    } else {
        assert_eq!(confirmed.code(), "report_changed", "{}", confirmed.body);
        assert_eq!(s(&table, "state"), "REPORTED");
        assert!(answers.iter().any(|a| a.status.is_success()));
    }
    app.stop().await;
}

#[actix_web::test]
async fn the_organiser_unlocks_lists_and_reinstates_players_sqlite() {
    organiser_undoes(Backend::Sqlite).await;
}

#[actix_web::test]
async fn the_organiser_unlocks_lists_and_reinstates_players_postgres() {
    organiser_undoes(Backend::Postgres).await;
}

async fn organiser_undoes(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut ev = Event::start(&app.base, "U", 5, 3).await.unwrap();
    let tid = ev.tid.clone();
    let unlock = format!("/api/tournaments/{tid}/unlock-lists");

    // Lists: unlocking what is not locked, or as a player, is refused.
    let before = app.fingerprint().await.unwrap();
    let r = ev.to.post_empty(&unlock).await.unwrap();
    refused(&app, &before, &r, 409, "lists_not_locked").await;
    ev.to.lock_lists(&tid).await.unwrap().ok().unwrap();
    let list = json!({ "list_text": "Warboss\nBoyz" });
    let before = app.fingerprint().await.unwrap();
    let r = put(&mut ev.players[0], &format!("/api/tournaments/{tid}/list"), &list).await;
    refused(&app, &before, &r, 409, "lists_locked").await;
    let r = ev.players[0].post_empty(&unlock).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let t = ev.to.post_empty(&unlock).await.unwrap().ok().unwrap();
    assert_eq!(t["tournament"]["lists_locked"], false);
    put(&mut ev.players[0], &format!("/api/tournaments/{tid}/list"), &list).await.ok().unwrap();

    // A player dropped before round 1: reinstated, they are paired in it.
    let player = |ev: &Event, k: usize| format!("/api/players/{}/reinstate", ev.registrations[k]);
    ev.players[4].drop_out(&tid).await.unwrap().ok().unwrap();
    let before = app.fingerprint().await.unwrap();
    let own = player(&ev, 4);
    let r = ev.players[4].post_empty(&own).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let back = ev.to.post_empty(&player(&ev, 4)).await.unwrap().ok().unwrap();
    assert_eq!(back["player"]["dropped"], false);
    let before = app.fingerprint().await.unwrap();
    let r = ev.to.post_empty(&player(&ev, 4)).await.unwrap();
    refused(&app, &before, &r, 409, "not_dropped").await;
    let r = ev.to.post_empty(&format!("/api/players/{}/reinstate", uuid::Uuid::new_v4())).await.unwrap();
    refused(&app, &before, &r, 404, "player_not_found").await;
    let (r1, tables) = ev.pair_next().await.unwrap();
    let seated = |tables: &[arbiter_tests::Table], k: usize| tables.iter().any(|t| t.p1 == k || t.p2 == k);
    let bye = |ev: &Event, round: &Value| {
        round["round"]["pairings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["player2"].is_null() && s(&p["player1"], "name") == ev.names[4])
    };
    let round1 = ev.to.round(&r1).await.unwrap().ok().unwrap();
    assert!(seated(&tables, 4) || bye(&ev, &round1), "the reinstated player is in round 1");

    // Dropped during round 1 (they are in it): reinstated before round 2 is paired.
    ev.players[4].drop_out(&tid).await.unwrap().ok().unwrap();
    ev.to.post_empty(&player(&ev, 4)).await.unwrap().ok().unwrap();
    // Removed by the TO: reinstated too.
    ev.to
        .send(awc::http::Method::DELETE, &format!("/api/players/{}", ev.registrations[3]), None)
        .await
        .unwrap()
        .ok()
        .unwrap();
    let back = ev.to.post_empty(&player(&ev, 3)).await.unwrap().ok().unwrap();
    assert_eq!((back["player"]["dropped"].clone(), back["player"]["removed"].clone()), (json!(false), json!(false)));

    // Dropped, then round 2 paired without them: too late.
    ev.players[4].drop_out(&tid).await.unwrap().ok().unwrap();
    for t in &tables {
        ev.play(t, 60, 40).await.unwrap();
    }
    ev.to.close_round(&r1).await.unwrap().ok().unwrap();
    let (_, tables2) = ev.pair_next().await.unwrap();
    assert!(!seated(&tables2, 4));
    let before = app.fingerprint().await.unwrap();
    let r = ev.to.post_empty(&player(&ev, 4)).await.unwrap();
    refused(&app, &before, &r, 409, "round_paired_since_drop").await;
    assert!(s(&r.body, "message").starts_with("Round 2 was paired after U5 dropped"), "{}", r.body);

    // Many reinstatements at once: one succeeds, the others find nothing to do.
    // U3 is at a table of round 2, so they may come back before round 3.
    ev.players[2].drop_out(&tid).await.unwrap().ok().unwrap();
    let answers = join_all((0..8).map(|_| {
        let mut c = ev.to.clone_to(&app.base);
        let p = player(&ev, 2);
        async move { c.post_empty(&p).await.unwrap() }
    }))
    .await;
    let ok = answers.iter().filter(|a| a.status.is_success()).count();
    assert_eq!(ok, 1, "{:?}", answers.iter().map(|a| a.body.clone()).collect::<Vec<_>>());
    assert!(answers.iter().filter(|a| !a.status.is_success()).all(|a| a.code() == "not_dropped"));
    let log = ev.log().await.unwrap();
    let kinds: Vec<&str> =
        log.iter().map(|e| s(e, "kind")).filter(|k| *k == "player_reinstated" || *k == "lists_unlocked").collect();
    assert_eq!(
        kinds,
        ["lists_unlocked", "player_reinstated", "player_reinstated", "player_reinstated", "player_reinstated"]
    );
    app.stop().await;
}

/// The TO ends an event with rounds left from the dashboard: a dialog says
/// how many rounds will not be played; Cancel leaves the event running; the
/// dialog's own button ends it, and the override forms go away.
#[actix_web::test]
async fn ending_the_event_from_the_dashboard_asks_first() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "E", 4, 3).await.unwrap();
    let (round, tables) = ev.pair_next().await.unwrap();
    for t in &tables {
        ev.play(t, 55, 45).await.unwrap();
    }
    ev.to.close_round(&round).await.unwrap().ok().unwrap();
    let b = Browser::start().await.unwrap();
    let session = ev.to.session().unwrap_or_default().to_string();
    open_signed_in(&b, &app.base, &session, &format!("/t/{}/dashboard", ev.tid)).await;
    let wait = arbiter_tests::WAIT;
    let end = "const b = document.querySelector('[data-action=advance]'); if (!b || !document.getElementById('live-status').classList.contains('on')) return null; b.click(); return true;";
    let asked = "const d = document.querySelector('dialog.ask[open]'); return d ? d.textContent : null;";
    assert!(b.until(end, wait).await.is_some(), "no button to end the event");
    let text = b.until(asked, wait).await.unwrap_or_default();
    let text = text.as_str().unwrap_or_default();
    assert!(text.contains("End the event?"), "{text}");
    assert!(text.contains("Only 1 of 3 rounds have been played: 2 round(s) will not be played."), "{text}");
    assert!(text.contains("results can no longer be changed"), "{text}");
    // Cancel: nothing happens.
    b.client
        .execute("document.querySelector('dialog.ask button[value=cancel]').click(); return true;", vec![])
        .await
        .unwrap();
    let gone = "return document.querySelector('dialog.ask') ? null : true;";
    assert!(b.until(gone, wait).await.is_some(), "the dialog stayed");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let status = |v: Value| s(&v["tournament"], "status").to_string();
    assert_eq!(status(ev.to.tournament(&ev.tid).await.unwrap().ok().unwrap()), "IN_PROGRESS");
    assert!(
        b.client.execute("return document.querySelectorAll('form.override').length;", vec![]).await.unwrap()
            != json!(0)
    );
    // Asked again and confirmed: the event ends; the dashboard offers no overrides.
    assert!(b.until(end, wait).await.is_some());
    assert!(b.until(asked, wait).await.is_some());
    b.client.execute("document.querySelector('dialog.ask [data-ask-ok]').click(); return true;", vec![]).await.unwrap();
    let ended = "return document.getElementById('status-label').textContent === 'Complete' && !document.querySelector('form.override') ? true : null;";
    assert!(b.until(ended, wait).await.is_some(), "the dashboard did not show the event complete without overrides");
    assert_eq!(status(ev.to.tournament(&ev.tid).await.unwrap().ok().unwrap()), "COMPLETE");
    b.close().await;
    app.stop().await;
}

/// On the phone: the reporter corrects their report; the opponent opens the
/// dispute form and cancels it (nothing is filed), then disputes with a
/// score and a reason, then withdraws the dispute.
#[actix_web::test]
async fn a_player_corrects_a_report_and_cancels_disputes_and_withdraws_one_on_the_phone() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "F", 4, 3).await.unwrap();
    let (_, tables) = ev.pair_next().await.unwrap();
    let t = tables[0].clone();
    let state = |ev: &mut Event| {
        let tid = ev.tid.clone();
        let id = t.id.clone();
        let mut c = ev.to.clone_to(&app.base);
        async move {
            let snap = c.snapshot(&tid).await.unwrap().ok().unwrap();
            snap["round"]["pairings"].as_array().unwrap().iter().find(|p| s(p, "id") == id).cloned().unwrap()
        }
    };
    let b = Browser::start().await.unwrap();
    b.client.set_window_size(390, 844).await.unwrap();
    let wait = arbiter_tests::WAIT;
    let reporter = ev.players[t.p1].session().unwrap_or_default().to_string();
    open_signed_in(&b, &app.base, &reporter, &format!("/t/{}/me", ev.tid)).await;
    type_into(&b, "#report-form input[name=mine]", "61").await;
    type_into(&b, "#report-form input[name=theirs]", "48").await;
    b.client
        .execute("document.querySelector('#report-form button[type=submit]').click(); return true;", vec![])
        .await
        .unwrap();
    let click = |action: &str| {
        format!("const b = document.querySelector('[data-action=\"{action}\"]'); if (!b) return null; b.click(); return true;")
    };
    assert!(b.until(&click("correct"), wait).await.is_some(), "no Correct button after reporting");
    let form = "const f = document.querySelector('#report-form[data-correct]'); if (!f) return null; f.mine.value = '60'; f.theirs.value = '48'; f.querySelector('button[type=submit]').click(); return true;";
    assert!(b.until(form, wait).await.is_some(), "no correction form");
    assert!(
        b.until("return document.querySelector('#report-form') ? null : true;", wait).await.is_some(),
        "the form stayed open"
    );
    let p = state(&mut ev).await;
    assert_eq!((s(&p, "state"), &p["player1_vp"], &p["player2_vp"]), ("REPORTED", &json!(60), &json!(48)));

    // The opponent: Dispute, then Cancel: nothing is filed.
    let opponent = ev.players[t.p2].session().unwrap_or_default().to_string();
    open_signed_in(&b, &app.base, &opponent, &format!("/t/{}/me", ev.tid)).await;
    assert!(b.until(&click("dispute"), wait).await.is_some(), "no Dispute button");
    assert!(b.until(&click("cancel-form"), wait).await.is_some(), "no Cancel in the dispute form");
    assert!(b.until("return document.querySelector('[data-action=dispute]') && !document.querySelector('#dispute-form') ? true : null;", wait).await.is_some());
    assert_eq!(s(&state(&mut ev).await, "state"), "REPORTED", "a cancelled dispute files nothing");
    // Dispute with a score and a reason.
    assert!(b.until(&click("dispute"), wait).await.is_some());
    let send = "const f = document.querySelector('#dispute-form'); if (!f) return null; f.mine.value = '55'; f.theirs.value = '50'; f.note.value = 'Objective 3 was mine'; f.querySelector('button[type=submit]').click(); return true;";
    assert!(b.until(send, wait).await.is_some(), "no dispute form");
    assert!(b.until(&click("withdraw-dispute"), wait).await.is_some(), "no way to withdraw the dispute");
    let back = "return document.querySelector('[data-action=confirm]') ? true : null;";
    assert!(b.until(back, wait).await.is_some(), "the report did not come back to confirm");
    let p = state(&mut ev).await;
    assert_eq!((s(&p, "state"), &p["dispute"]), ("REPORTED", &Value::Null));
    let log = ev.log().await.unwrap();
    let kinds: Vec<&str> =
        log.iter().map(|e| s(e, "kind")).filter(|k| k.contains("report") || k.contains("dispute")).collect();
    assert_eq!(kinds, ["result_reported", "report_corrected", "result_disputed", "dispute_withdrawn"]);
    let disputed = log.iter().find(|e| s(e, "kind") == "result_disputed").unwrap();
    assert_eq!(disputed["data"]["pairing"]["dispute"]["note"], "Objective 3 was mine");
    // The opponent (seat 2) claimed 50–55 from seat 1's side.
    assert_eq!(
        (&disputed["data"]["pairing"]["dispute"]["player1_vp"], &disputed["data"]["pairing"]["dispute"]["player2_vp"]),
        (&json!(50), &json!(55))
    );
    b.close().await;
    app.stop().await;
}

#[actix_web::test]
async fn rounds_are_withdrawn_deleted_and_reopened_sqlite() {
    rounds_undone(Backend::Sqlite).await;
}

#[actix_web::test]
async fn rounds_are_withdrawn_deleted_and_reopened_postgres() {
    rounds_undone(Backend::Postgres).await;
}

/// The rating (and rated games) of each player of `ev`, by name.
async fn ratings_of(ev: &mut Event) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    for k in 0..ev.players.len() {
        let me = ev.players[k].get("/api/auth/me").await.unwrap().ok().unwrap();
        let uid = s(&me["user"], "id").to_string();
        let r = ev.to.user_ratings(&uid).await.unwrap().ok().unwrap();
        let wh = r["ratings"].as_array().unwrap().iter().find(|x| s(x, "game") == "wh40k").cloned();
        out.push((ev.names[k].clone(), wh.map_or(Value::Null, |x| json!([x["rating"], x["games_played"]]))));
    }
    out
}

async fn rounds_undone(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut ev = Event::start(&app.base, "R", 5, 3).await.unwrap();
    let tid = ev.tid.clone();
    let (r1, tables) = ev.pair_next().await.unwrap();
    let round = |r: &str| format!("/api/rounds/{r}");
    let bye_wins =
        |st: &Value| st["players"].as_array().unwrap().iter().map(|p| p["wins"].as_i64().unwrap()).sum::<i64>();
    assert_eq!(bye_wins(&ev.to.standings(&tid).await.unwrap().ok().unwrap()), 1, "the bye counts a win at once");

    // A result reported: the pairings stay. Only the TO acts.
    ev.players[tables[0].p1].report_vp(&tables[0].id, 60, 40).await.unwrap().ok().unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = delete(&mut ev.to, &format!("{}/pairings", round(&r1))).await;
    refused(&app, &before, &r, 409, "round_has_results").await;
    assert_eq!(r.body["details"]["tables"], json!([1]));
    let r = delete(&mut ev.players[0], &format!("{}/pairings", round(&r1))).await;
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = delete(&mut ev.to, &round(&r1)).await;
    refused(&app, &before, &r, 409, "round_not_pending").await;
    let r = ev.to.post_empty(&format!("{}/reopen", round(&r1))).await.unwrap();
    refused(&app, &before, &r, 409, "round_not_closed").await;

    // Withdrawn once the report is: PENDING again, no tables, the bye's win taken back.
    delete(&mut ev.players[tables[0].p1], &path(&tables[0].id, "report")).await.ok().unwrap();
    let since = ev.to.snapshot(&tid).await.unwrap().ok().unwrap()["seq"].as_i64().unwrap();
    let v = delete(&mut ev.to, &format!("{}/pairings", round(&r1))).await.ok().unwrap();
    assert_eq!((s(&v["round"], "status"), v["round"]["pairings"].as_array().map(Vec::len)), ("PENDING", Some(0)));
    assert_eq!(bye_wins(&ev.to.standings(&tid).await.unwrap().ok().unwrap()), 0);
    let snap = ev.to.snapshot(&tid).await.unwrap().ok().unwrap();
    assert_eq!(snap["round"]["pairings"].as_array().map(Vec::len), Some(0), "boards lose the tables");
    let before = app.fingerprint().await.unwrap();
    let r = delete(&mut ev.to, &format!("{}/pairings", round(&r1))).await;
    refused(&app, &before, &r, 409, "round_not_paired").await;
    let r = ev.players[tables[0].p1].report_vp(&tables[0].id, 60, 40).await.unwrap();
    refused(&app, &before, &r, 404, "pairing_not_found").await;

    // Deleted while pending; created and paired again as round 1.
    let gone = delete(&mut ev.to, &round(&r1)).await.ok().unwrap();
    assert_eq!(gone["round"]["number"], 1);
    let r = ev.to.round(&r1).await.unwrap();
    assert_eq!(r.status.as_u16(), 404);
    let kinds: Vec<String> = ev.to.events(&tid, &format!("?since={since}")).await.unwrap().ok().unwrap()["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| s(e, "kind").to_string())
        .collect();
    assert_eq!(kinds, ["pairings_withdrawn", "standings_changed", "round_deleted"]);
    let (r1, tables) = ev.pair_next().await.unwrap();
    assert_eq!(ev.to.round(&r1).await.unwrap().ok().unwrap()["round"]["number"], 1);
    for t in &tables {
        ev.play(t, 70, 30).await.unwrap();
    }
    ev.to.close_round(&r1).await.unwrap().ok().unwrap();
    let rated = ratings_of(&mut ev).await;
    assert!(rated.iter().filter(|(_, r)| r[1] == 1).count() == 4, "four players rated once: {rated:?}");

    // A prize run made now; then the round is reopened: ratings undone, the run out of date.
    let prizes = json!({ "categories": [{ "id": "open", "name": "@Open", "brochure_order": 1, "prizes": [{ "id": "o1", "place": 1, "cash": 100 }] }] });
    ev.to
        .send(awc::http::Method::PUT, &format!("/api/tournaments/{tid}/prizes/config"), Some(&prizes))
        .await
        .unwrap()
        .ok()
        .unwrap();
    ev.to.post(&format!("/api/tournaments/{tid}/prizes/runs"), &json!({})).await.unwrap().ok().unwrap();
    let stale = |v: Value| v["runs"].as_array().unwrap().iter().map(|r| r["stale"].clone()).collect::<Vec<_>>();
    assert_eq!(
        stale(ev.to.get(&format!("/api/tournaments/{tid}/prizes/runs")).await.unwrap().ok().unwrap()),
        [json!(false)]
    );
    let r = ev.players[0].post_empty(&format!("{}/reopen", round(&r1))).await.unwrap();
    let before = app.fingerprint().await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let open = ev.to.post_empty(&format!("{}/reopen", round(&r1))).await.unwrap().ok().unwrap();
    assert_eq!(s(&open["round"], "status"), "ACTIVE");
    let unrated = ratings_of(&mut ev).await;
    assert!(unrated.iter().all(|(_, r)| r.is_null() || r[1] == 0), "the round's ratings are undone: {unrated:?}");
    assert_eq!(
        stale(ev.to.get(&format!("/api/tournaments/{tid}/prizes/runs")).await.unwrap().ok().unwrap()),
        [json!(true)]
    );
    // Players correct in the reopened round; closed again, it is rated again.
    let t = &tables[0];
    ev.to.override_result(&t.id, &vp(30, 70)).await.unwrap().ok().unwrap();
    ev.to.close_round(&r1).await.unwrap().ok().unwrap();
    let again = ratings_of(&mut ev).await;
    assert!(again.iter().filter(|(_, r)| r[1] == 1).count() == 4, "{again:?}");
    assert_ne!(again, rated, "the corrected result is rated");

    // A later round exists: the earlier one stays closed until it is deleted.
    let r2 = s(&ev.to.new_round(&tid).await.unwrap().ok().unwrap()["round"], "id").to_string();
    let before = app.fingerprint().await.unwrap();
    let r = ev.to.post_empty(&format!("{}/reopen", round(&r1))).await.unwrap();
    refused(&app, &before, &r, 409, "not_latest_round").await;
    assert!(s(&r.body, "message").starts_with("Round 2 exists already"), "{}", r.body);
    delete(&mut ev.to, &round(&r2)).await.ok().unwrap();
    ev.to.post_empty(&format!("{}/reopen", round(&r1))).await.unwrap().ok().unwrap();

    // Many reopen requests at once: one reopens, the others are told it is open.
    ev.to.close_round(&r1).await.unwrap().ok().unwrap();
    let answers = join_all((0..6).map(|_| {
        let mut c = ev.to.clone_to(&app.base);
        let p = format!("{}/reopen", round(&r1));
        async move { c.post_empty(&p).await.unwrap() }
    }))
    .await;
    assert_eq!(answers.iter().filter(|a| a.status.is_success()).count(), 1);
    assert!(answers.iter().filter(|a| !a.status.is_success()).all(|a| a.code() == "round_not_closed"));
    let unrated = ratings_of(&mut ev).await;
    assert!(unrated.iter().all(|(_, r)| r.is_null() || r[1] == 0), "{unrated:?}");
    app.stop().await;
}
