//! Scores beside the games: staff penalise or reward a player (40K wins or
//! VP, crokinole points) with a reason, enter 40K painting and sportsmanship
//! scores, and take any of them back; the standings move at once, show
//! what counted and why, and the player sees it.

use super::browser::{open_signed_in, type_into};
use super::staff::member;
use super::undo::refused;
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, Api, Backend, Event, TestApp};
use awc::http::Method;
use futures_util::future::join_all;
use serde_json::{json, Value};

#[actix_web::test]
async fn penalties_and_painting_scores_move_the_standings_sqlite() {
    adjustments(Backend::Sqlite).await;
}

#[actix_web::test]
async fn penalties_and_painting_scores_move_the_standings_postgres() {
    adjustments(Backend::Postgres).await;
}

fn adjust_path(player: &str) -> String {
    format!("/api/players/{player}/adjustments")
}

/// The standings' names, in order, and the rows by name.
async fn standings(ev: &mut Event) -> (Vec<String>, Vec<Value>) {
    let s = ev.to.standings(&ev.tid).await.unwrap().ok().unwrap();
    let rows = s["players"].as_array().unwrap().clone();
    (rows.iter().map(|r| r["display_name"].as_str().unwrap().to_string()).collect(), rows)
}

async fn adjustments(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut ev = Event::start(&app.base, "A", 4, 3).await.unwrap();
    let tid = ev.tid.clone();
    let (_, tables) = ev.pair_next().await.unwrap();
    // Table 1: 60–40; table 2: 55–50. Two winners on 1-0-0 (margins +20, +5).
    ev.play(&tables[0], 60, 40).await.unwrap();
    ev.play(&tables[1], 55, 50).await.unwrap();
    let (first, second) = (ev.names[tables[0].p1].clone(), ev.names[tables[1].p1].clone());
    let (order, _) = standings(&mut ev).await;
    assert_eq!(order[..2], [first.clone(), second.clone()]);
    let (mut judge, _) = member(&app, &mut ev, "Judge Judy", "JUDGE").await;

    // The judge takes a win from the leader for slow play: they drop below
    // the other winner and their record shows it.
    let leader = ev.registrations[tables[0].p1].clone();
    let penalty = json!({ "kind": "wins", "amount": -1, "reason": "Slow play", "round": 1 });
    let r = judge.post(&adjust_path(&leader), &penalty).await.unwrap();
    assert_eq!(r.status.as_u16(), 201, "{}", r.body);
    let shown = &r.body["player"]["adjustments"][0];
    assert_eq!((shown["no"].as_u64(), s(shown, "kind"), shown["amount"].as_i64()), (Some(1), "wins", Some(-1)));
    assert_eq!((s(shown, "reason"), s(shown, "by"), shown["round"].as_u64()), ("Slow play", "Judge Judy", Some(1)));
    let (order, rows) = standings(&mut ev).await;
    assert_eq!(order[0], second, "the other winner leads: {order:?}");
    let row = rows.iter().find(|r| r["display_name"] == first.as_str()).unwrap();
    assert_eq!((s(row, "score"), row["wins"].as_u64()), ("0-0-0", Some(0)), "{row}");
    assert_eq!(s(&row["adjustments"][0], "reason"), "Slow play");
    // The player reads it with their registration.
    let players = ev.players[tables[0].p1].get(&format!("/api/tournaments/{tid}/players")).await.unwrap().ok().unwrap();
    let me = players["players"].as_array().unwrap().iter().find(|p| p["id"] == leader.as_str()).unwrap();
    assert_eq!(s(&me["adjustments"][0], "reason"), "Slow play");

    // Painting scores, a column once the organiser lists it.
    let painter = ev.registrations[tables[1].p2].clone();
    for amount in [12, 3] {
        let body = json!({ "kind": "painting", "amount": amount });
        judge.post(&adjust_path(&painter), &body).await.unwrap().ok().unwrap();
    }
    let config = json!({ "config": { "game": "wh40k", "tiebreaks": ["vp_margin", "strength_of_schedule", "total_vp", "painting"] }, "confirm": true });
    ev.to.set_tiebreaks(&tid, &config).await.unwrap().ok().unwrap();
    let s_ = ev.to.standings(&tid).await.unwrap().ok().unwrap();
    let codes: Vec<&str> = s_["columns"].as_array().unwrap().iter().map(|c| s(c, "code")).collect();
    assert_eq!(codes.last(), Some(&"PNT"), "{codes:?}");
    let row = s_["players"].as_array().unwrap().iter().find(|r| r["display_name"] == ev.names[tables[1].p2].as_str());
    assert_eq!(row.unwrap()["values"].as_array().unwrap().last(), Some(&json!("15")));

    // Taken back: the leader leads again.
    ev.to.send(Method::DELETE, &format!("{}/1", adjust_path(&leader)), None).await.unwrap().ok().unwrap();
    let (order, _) = standings(&mut ev).await;
    assert_eq!(order[0], first);

    // Refused, with the database unchanged.
    let before = app.fingerprint().await.unwrap();
    let cases = [
        (json!({ "kind": "points", "amount": 2, "reason": "x" }), 422, "invalid_adjustment"),
        (json!({ "kind": "battle_points", "amount": 2, "reason": "x" }), 422, "invalid_adjustment"),
        (json!({ "kind": "wins", "amount": 0, "reason": "x" }), 422, "invalid_adjustment"),
        (json!({ "kind": "wins", "amount": -31, "reason": "x" }), 422, "invalid_adjustment"),
        (json!({ "kind": "vp", "amount": -10 }), 422, "invalid_adjustment"),
        (json!({ "kind": "vp", "amount": -10, "reason": "  " }), 422, "invalid_adjustment"),
        (json!({ "kind": "vp", "amount": -10, "reason": "x".repeat(201) }), 422, "invalid_field"),
        (json!({ "kind": "vp", "amount": -10, "reason": "Late", "round": 3 }), 422, "invalid_adjustment"),
        (json!({ "kind": "painting", "amount": -1 }), 422, "invalid_adjustment"),
        (json!({ "kind": "vp", "amount": "ten", "reason": "x" }), 400, "invalid_json"),
        (json!({ "kind": "vp", "amount": 5, "reason": "x", "extra": 1 }), 400, "invalid_json"),
    ];
    for (body, status, code) in cases {
        let r = judge.post(&adjust_path(&leader), &body).await.unwrap();
        refused(&app, &before, &r, status, code).await;
    }
    let r = judge.post(&adjust_path(&leader), &json!({ "kind": "vp", "amount": -10 })).await.unwrap();
    assert!(s(&r.body, "message").contains("reason"), "{}", r.body);
    let r = ev.players[1].post(&adjust_path(&leader), &json!({ "kind": "vp", "amount": 10, "reason": "Mine" })).await;
    refused(&app, &before, &r.unwrap(), 403, "not_tournament_staff").await;
    let r = ev.to.send(Method::DELETE, &format!("{}/1", adjust_path(&leader)), None).await.unwrap();
    refused(&app, &before, &r, 404, "adjustment_not_found").await;
    let r = ev.to.post(&adjust_path("00000000-0000-4000-8000-000000000000"), &penalty).await.unwrap();
    refused(&app, &before, &r, 404, "player_not_found").await;

    // Sixteen sportsmanship votes at once, from the judge and the organiser:
    // every one counts, each with its own number.
    let voter = ev.registrations[tables[0].p2].clone();
    let clients: Vec<_> = (0..16_usize)
        .map(|k| if k.is_multiple_of(2) { ev.to.clone_to(&app.base) } else { judge.clone_to(&app.base) })
        .collect();
    let answers = join_all(clients.into_iter().map(|mut c| {
        let path = adjust_path(&voter);
        async move { c.post(&path, &json!({ "kind": "sportsmanship", "amount": 1 })).await.unwrap() }
    }))
    .await;
    assert!(
        answers.iter().all(|a| a.status.as_u16() == 201),
        "{:?}",
        answers.iter().map(|a| &a.body).collect::<Vec<_>>()
    );
    let players = ev.to.get(&format!("/api/tournaments/{tid}/players")).await.unwrap().ok().unwrap();
    let p = players["players"].as_array().unwrap().iter().find(|p| p["id"] == voter.as_str()).unwrap();
    let mut nos: Vec<u64> = p["adjustments"].as_array().unwrap().iter().map(|a| a["no"].as_u64().unwrap()).collect();
    nos.sort_unstable();
    assert_eq!(nos, (1..=16).collect::<Vec<u64>>());
    // Sixteen attempts at once to take vote 1 back: one succeeds, the rest find it gone.
    let clients: Vec<_> = (0..16).map(|_| ev.to.clone_to(&app.base)).collect();
    let answers = join_all(clients.into_iter().map(|mut c| {
        let path = format!("{}/1", adjust_path(&voter));
        async move { c.send(Method::DELETE, &path, None).await.unwrap() }
    }))
    .await;
    assert_eq!(answers.iter().filter(|a| a.status.is_success()).count(), 1);
    assert!(answers.iter().filter(|a| !a.status.is_success()).all(|a| a.code() == "adjustment_not_found"));
    // The live log tells each change, and the standings change after each.
    let log = ev.log().await.unwrap();
    let adjusted = log.iter().filter(|e| e["kind"] == "player_adjusted").count();
    assert_eq!(adjusted, 1 + 2 + 1 + 16 + 1, "added, painted, taken back, votes, one vote taken back");

    // Once the event is over, nothing moves.
    let r1 = ev.to.rounds(&tid).await.unwrap().ok().unwrap()["rounds"][0]["id"].as_str().unwrap().to_string();
    ev.to.close_round(&r1).await.unwrap().ok().unwrap();
    ev.to.advance(&tid).await.unwrap().ok().unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = judge.post(&adjust_path(&leader), &penalty).await.unwrap();
    refused(&app, &before, &r, 409, "wrong_status").await;

    // Chess has none (FIDE standings count games only); crokinole adjusts points.
    let body = json!({ "name": "C", "event_date": "2026-05-17", "format": "Open", "game": "chess", "pairing_system": "dutch", "total_rounds": 1 });
    let mut chess = Event::build(&app.base).tournament(body).numbered("C", 2).faction("Club").start().await.unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = chess
        .to
        .post(&adjust_path(&chess.registrations[0]), &json!({ "kind": "points", "amount": -1, "reason": "Phone rang" }))
        .await
        .unwrap();
    refused(&app, &before, &r, 422, "invalid_adjustment").await;
    assert!(s(&r.body, "message").contains("override"), "{}", r.body);
    let body = json!({ "name": "K", "event_date": "2026-05-17", "format": "Open", "game": "crokinole", "pairing_system": "swiss_record", "total_rounds": 1 });
    let mut k = Event::build(&app.base).tournament(body).numbered("K", 2).faction("Club").start().await.unwrap();
    let (_, tables) = k.pair_next().await.unwrap();
    let game = json!({ "player1_points": 6, "player2_points": 2, "player1_twenties": 1, "player2_twenties": 0 });
    k.to.override_result(&tables[0].id, &game).await.unwrap().ok().unwrap();
    let winner = k.registrations[tables[0].p1].clone();
    let points = json!({ "kind": "points", "amount": -3, "reason": "Unsporting conduct" });
    k.to.post(&adjust_path(&winner), &points).await.unwrap().ok().unwrap();
    let (order, rows) = standings(&mut k).await;
    assert_eq!(order[0], k.names[tables[0].p2], "{rows:?}");
    assert_eq!(s(&rows[1], "score"), "-1", "2 game points − 3");
    // A late entry whose missed round counts as lost: a loss in the record, no points.
    let late = json!({ "display_name": "Late K", "missed": "loss" });
    k.to.post(&format!("/api/tournaments/{}/entries", k.tid), &late).await.unwrap().ok().unwrap();
    let (_, rows) = standings(&mut k).await;
    let row = rows.iter().find(|r| r["display_name"] == "Late K").unwrap();
    assert_eq!((s(row, "score"), row["losses"].as_u64(), row["byes"].as_u64()), ("0", Some(1), Some(0)), "{row}");
    app.stop().await;
}

/// At the venue: a judge adjusts a score on the dashboard while the
/// standings screen and the player's phone are open; the standings reorder
/// and say why, the phone lists it, and taking it back restores both.
#[actix_web::test]
async fn a_penalty_from_the_dashboard_reaches_the_standings_and_the_phone() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "P", 4, 3).await.unwrap();
    let tid = ev.tid.clone();
    let (_, tables) = ev.pair_next().await.unwrap();
    ev.play(&tables[0], 60, 40).await.unwrap();
    ev.play(&tables[1], 55, 50).await.unwrap();
    let (leader, name) = (tables[0].p1, ev.names[tables[0].p1].clone());
    let wait = arbiter_tests::WAIT;
    let live = "return document.getElementById('live-status').classList.contains('on') ? true : null;";

    let board = Browser::start().await.unwrap();
    board.client.goto(&format!("{}/t/{tid}/standings", app.base)).await.unwrap();
    assert!(board.until(live, wait).await.is_some(), "standings not live");
    let phone = Browser::start().await.unwrap();
    phone.client.set_window_size(390, 844).await.unwrap();
    open_signed_in(&phone, &app.base, ev.players[leader].session().unwrap_or_default(), &format!("/t/{tid}/me")).await;
    assert!(phone.until(live, wait).await.is_some(), "phone not live");
    let dash = Browser::start().await.unwrap();
    open_signed_in(&dash, &app.base, ev.to.session().unwrap_or_default(), &format!("/t/{tid}/dashboard")).await;
    assert!(dash.until(live, wait).await.is_some(), "dashboard not live");

    let id = &ev.registrations[leader];
    let open = format!("const b = document.querySelector('[data-action=\"adjust:{id}\"]'); if (!b) return null; b.click(); return true;");
    assert!(dash.until(&open, wait).await.is_some(), "no Adjust button");
    type_into(&dash, "#adjust-form input[name=amount]", "-1").await;
    type_into(&dash, "#adjust-form input[name=reason]", "Slow play").await;
    dash.client
        .execute("document.querySelector('#adjust-form button[type=submit]').click(); return true;", vec![])
        .await
        .unwrap();
    let listed = "const l = document.querySelector('#edit-box ul.adjustments'); return l && l.textContent.includes('Slow play') ? l.textContent : null;";
    assert!(dash.until(listed, wait).await.is_some(), "the dashboard does not list the penalty");

    // The standings: the leader is no longer first, and the row says why.
    let first = "const r = document.querySelector('#standings-body tr'); return r ? r.textContent : null;";
    let moved = format!("const r = document.querySelector('#standings-body tr'); return r && !r.textContent.includes('{name}') ? true : null;");
    assert!(
        board.until(&moved, wait).await.is_some(),
        "the standings did not move: {:?}",
        board.client.execute(first, vec![]).await
    );
    let why = format!("const r = Array.from(document.querySelectorAll('#standings-body tr')).find(r => r.textContent.includes('{name}')); const b = r && r.querySelector('.adjusted'); return b ? b.title : null;");
    let title = board.until(&why, wait).await.expect("no mark on the row");
    assert!(title.as_str().unwrap().contains("-1") && title.as_str().unwrap().contains("Slow play"), "{title}");
    // The phone lists it.
    let mine = "const l = document.querySelector('#my-status ul.adjustments'); return l ? l.textContent : null;";
    let text = phone.until(mine, wait).await.expect("the phone does not list the penalty");
    assert!(text.as_str().unwrap().contains("Slow play"), "{text}");
    // What the pages say is what the API holds.
    let s = ev.to.standings(&tid).await.unwrap().ok().unwrap();
    assert_ne!(s["players"][0]["display_name"], json!(name));

    // Taken back from the dashboard: the phone's list goes, the leader leads again.
    let remove = "const b = document.querySelector('#edit-box [data-action^=\"unadjust:\"]'); if (!b) return null; b.click(); return true;";
    assert!(dash.until(remove, wait).await.is_some(), "no Remove button");
    let back = format!("const r = document.querySelector('#standings-body tr'); return r && r.textContent.includes('{name}') && !r.querySelector('.adjusted') ? true : null;");
    assert!(board.until(&back, wait).await.is_some(), "the standings did not come back");
    let gone = "return document.querySelector('#my-status ul.adjustments') ? null : true;";
    assert!(phone.until(gone, wait).await.is_some(), "the phone still lists the penalty");
    for b in [board, phone, dash] {
        b.close().await;
    }
    app.stop().await;
}
