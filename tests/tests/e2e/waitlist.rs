//! The registration cap and its waitlist, and the entry fee's payments, over
//! HTTP and the live socket: 30 registrations at once against a cap of 20
//! (exactly 20 in, 10 waiting in a gap-free order), every way an entry is
//! made (account, walk-in, roster CSV, claim code), the automatic promotion
//! when a place frees (announced live to the player's phone and the TO's
//! dashboard), the TO's promotion and order by hand, what a waiting player
//! cannot do; paid / owed / waived with the treasurer's totals, the filter,
//! the export, the action log; and the refusals (a player cannot mark their
//! own fee) with their messages in every language.

use super::undo::refused;
use arbiter_server::client::ApiClient;
use arbiter_tests::{open_tournament, s, sign_up, Api, Backend, TestApp, WsClient};
use futures_util::future::join_all;
use serde_json::{json, Value};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(10);

fn settings(tid: &str) -> String {
    format!("/api/tournaments/{tid}/settings")
}

fn waitlist(tid: &str) -> String {
    format!("/api/tournaments/{tid}/waitlist")
}

async fn patch(c: &mut ApiClient, path: &str, body: &Value) -> arbiter_server::client::Reply {
    c.send(awc::http::Method::PATCH, path, Some(body)).await.unwrap()
}

async fn put(c: &mut ApiClient, path: &str, body: &Value) -> arbiter_server::client::Reply {
    c.send(awc::http::Method::PUT, path, Some(body)).await.unwrap()
}

/// The waitlist's names and places, first first.
fn places(w: &Value) -> Vec<(String, u64)> {
    w["waitlist"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (s(p, "display_name").to_string(), p["waitlist"].as_u64().unwrap_or(0)))
        .collect()
}

/// Places 1..=n, the gap-free numbering the waitlist keeps.
fn numbered(w: &Value) -> bool {
    places(w).iter().enumerate().all(|(i, (_, place))| *place == i as u64 + 1)
}

fn ws_url(app: &TestApp, tid: &str, q: &str) -> String {
    format!("{}/ws/tournaments/{tid}?{q}", app.base.replacen("http", "ws", 1))
}

#[actix_web::test]
async fn cap_waitlist_and_promotions_sqlite() {
    cap_and_waitlist(Backend::Sqlite).await;
}

#[actix_web::test]
async fn cap_waitlist_and_promotions_postgres() {
    cap_and_waitlist(Backend::Postgres).await;
}

async fn cap_and_waitlist(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut to, _) = sign_up(&app.base, "Organiser").await.unwrap();
    let tid = open_tournament(&mut to, "Capped GT", 3).await.unwrap();

    // The cap is a setting: 1..100000 or null.
    let before = app.fingerprint().await.unwrap();
    let r = patch(&mut to, &settings(&tid), &json!({ "cap": 0 })).await;
    refused(&app, &before, &r, 422, "invalid_field").await;
    let set = patch(&mut to, &settings(&tid), &json!({ "cap": 20 })).await.ok().unwrap();
    assert_eq!(set["tournament"]["cap"], 20);

    // 30 registrations in flight at once against a cap of 20.
    let mut players = Vec::new();
    for i in 1..=30 {
        players.push(sign_up(&app.base, &format!("R{i:02}")).await.unwrap().0);
    }
    let answers = join_all(players.iter_mut().enumerate().map(|(i, c)| {
        let tid = tid.clone();
        async move {
            let body = json!({ "display_name": format!("R{:02}", i + 1), "faction": "Orks" });
            c.register_with(&tid, &body).await.unwrap().ok().unwrap()["player"].clone()
        }
    }))
    .await;
    let entered: Vec<&Value> = answers.iter().filter(|p| p["waitlist"].is_null()).collect();
    let mut waiting: Vec<&Value> = answers.iter().filter(|p| !p["waitlist"].is_null()).collect();
    assert_eq!((entered.len(), waiting.len()), (20, 10), "exactly 20 in, 10 waiting");
    waiting.sort_by_key(|p| p["waitlist"].as_u64());
    let got: Vec<u64> = waiting.iter().map(|p| p["waitlist"].as_u64().unwrap()).collect();
    assert_eq!(got, (1..=10).collect::<Vec<u64>>(), "gap-free places");
    // Arrival order: the waitlist's order is the registrations' order, all after every entrant.
    let nos: Vec<u64> = waiting.iter().map(|p| p["registration_no"].as_u64().unwrap()).collect();
    assert!(nos.windows(2).all(|w| w[0] < w[1]), "{nos:?}");
    let mut all: Vec<u64> = answers.iter().map(|p| p["registration_no"].as_u64().unwrap()).collect();
    all.sort_unstable();
    assert_eq!(all, (1..=30).collect::<Vec<u64>>(), "nobody lost, nobody twice");
    assert!(entered.iter().all(|p| p["registration_no"].as_u64().unwrap() <= 20));

    let w = app.client().get(&waitlist(&tid)).await.unwrap().ok().unwrap();
    assert_eq!((w["cap"].as_u64(), w["entered"].as_u64(), w["open"].as_bool()), (Some(20), Some(20), Some(true)));
    assert!(numbered(&w), "{w}");
    let listed = app.client().players(&tid).await.unwrap().ok().unwrap();
    assert_eq!(listed["players"].as_array().unwrap().len(), 20, "the waitlist is not among the players");
    let t = app.client().tournament(&tid).await.unwrap().ok().unwrap();
    assert_eq!(t["tournament"]["player_count"], 20);

    let name_at = |w: &Value, i: usize| places(w)[i].0.clone();
    let index = |name: &str| name[1..].parse::<usize>().unwrap() - 1;
    let first = name_at(&w, 0);
    let first_id = s(&answers[index(&first)], "id").to_string();

    // The first waiting player's phone shows their place, and hears of their promotion.
    let phone_session = players[index(&first)].session().map(String::from);
    let mut phone = WsClient::connect_as(&ws_url(&app, &tid, "view=player"), phone_session.as_deref()).await.unwrap();
    let snap = phone.next_json(WAIT).await.unwrap();
    assert_eq!(snap["data"]["me"]["waitlist"], 1, "{snap}");
    let to_session = to.session().map(String::from);
    let mut desk = WsClient::connect_as(&ws_url(&app, &tid, "view=queue"), to_session.as_deref()).await.unwrap();
    desk.next_json(WAIT).await.unwrap();

    // An entrant withdraws: the first waiting player enters at once, announced live.
    let leaver = entered[0]["display_name"].as_str().unwrap().to_string();
    players[index(&leaver)].post_empty(&format!("/api/tournaments/{tid}/drop")).await.unwrap().ok().unwrap();
    let (frames, found) = phone.until(WAIT, |f| f["kind"] == "waitlist_promoted").await;
    assert!(found, "the phone hears of the promotion: {frames:?}");
    let promoted = frames.last().unwrap();
    assert_eq!(
        (s(&promoted["data"]["player"], "id"), &promoted["data"]["automatic"]),
        (first_id.as_str(), &json!(true))
    );
    let (frames, found) = desk.until(WAIT, |f| f["kind"] == "waitlist_promoted").await;
    assert!(found, "the TO's dashboard hears of it: {frames:?}");
    let w = app.client().get(&waitlist(&tid)).await.unwrap().ok().unwrap();
    assert_eq!((w["entered"].as_u64(), places(&w).len()), (Some(20), 9));
    assert!(numbered(&w) && !places(&w).iter().any(|(n, _)| *n == first), "{w}");
    let listed = app.client().players(&tid).await.unwrap().ok().unwrap();
    assert!(listed["players"].as_array().unwrap().iter().any(|p| s(p, "id") == first_id));

    // The TO lets the fifth in by hand, over the cap; the places behind move up.
    let fifth = name_at(&w, 4);
    let fifth_id = s(&answers[index(&fifth)], "id").to_string();
    let before = app.fingerprint().await.unwrap();
    let r = players[0].post_empty(&format!("/api/players/{fifth_id}/promote")).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = to.post_empty(&format!("/api/players/{first_id}/promote")).await.unwrap();
    refused(&app, &before, &r, 409, "not_waitlisted").await;
    let p = to.post_empty(&format!("/api/players/{fifth_id}/promote")).await.unwrap().ok().unwrap();
    assert!(p["player"]["waitlist"].is_null());
    let (frames, found) = desk.until(WAIT, |f| f["kind"] == "waitlist_promoted").await;
    assert!(found && frames.last().unwrap()["data"]["automatic"] == json!(false), "{frames:?}");
    let w = app.client().get(&waitlist(&tid)).await.unwrap().ok().unwrap();
    assert_eq!((w["entered"].as_u64(), places(&w).len()), (Some(21), 8));
    assert!(numbered(&w));

    // The TO reorders: the last first.
    let ids: Vec<String> = w["waitlist"].as_array().unwrap().iter().map(|p| s(p, "id").to_string()).collect();
    let before = app.fingerprint().await.unwrap();
    let r = put(&mut to, &waitlist(&tid), &json!({ "order": ids[1..] })).await;
    refused(&app, &before, &r, 422, "invalid_field").await;
    let r = put(&mut players[0], &waitlist(&tid), &json!({ "order": ids })).await;
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let mut order = ids.clone();
    order.rotate_right(1);
    let w = put(&mut to, &waitlist(&tid), &json!({ "order": order })).await.ok().unwrap();
    let now: Vec<String> = w["waitlist"].as_array().unwrap().iter().map(|p| s(p, "id").to_string()).collect();
    assert_eq!(now, order);
    assert!(numbered(&w));

    // A waiting player leaves the waitlist: their registration goes, the places close up.
    let leaving = name_at(&w, 2);
    let r = players[index(&leaving)].post_empty(&format!("/api/tournaments/{tid}/drop")).await.unwrap().ok().unwrap();
    assert_eq!(r["player"]["dropped"], true);
    let w = app.client().get(&waitlist(&tid)).await.unwrap().ok().unwrap();
    assert_eq!(places(&w).len(), 7);
    assert!(numbered(&w) && !places(&w).iter().any(|(n, _)| *n == leaving));

    // Raising the cap lets the first two in at once.
    let head: Vec<String> = places(&w).iter().take(2).map(|(n, _)| n.clone()).collect();
    patch(&mut to, &settings(&tid), &json!({ "cap": 23 })).await.ok().unwrap();
    let w = app.client().get(&waitlist(&tid)).await.unwrap().ok().unwrap();
    assert_eq!((w["entered"].as_u64(), places(&w).len()), (Some(23), 5));
    assert!(numbered(&w) && !places(&w).iter().any(|(n, _)| head.contains(n)));

    // The TO's walk-in and a roster import beyond the cap wait too, in order.
    let walk = to.post(&format!("/api/tournaments/{tid}/entries"), &json!({ "display_name": "Walker" })).await;
    let walk = walk.unwrap().ok().unwrap();
    assert_eq!(walk["player"]["waitlist"], 6);
    let csv = "name,faction\nRoster A,Necrons\nRoster B,Necrons\n";
    let roster = to
        .send_raw(
            awc::http::Method::POST,
            &format!("/api/tournaments/{tid}/entries.csv"),
            Some(("text/csv", csv.to_string())),
        )
        .await
        .unwrap()
        .ok()
        .unwrap();
    let added: Vec<u64> = roster["added"].as_array().unwrap().iter().map(|p| p["waitlist"].as_u64().unwrap()).collect();
    assert_eq!(added, [7, 8]);
    // A claim code hands a waiting walk-in over with its place.
    let code = to.post_empty(&format!("/api/players/{}/claim-code", s(&walk["player"], "id"))).await.unwrap();
    let code = s(&code.ok().unwrap(), "code").to_string();
    let (mut claimer, _) = sign_up(&app.base, "Claimer").await.unwrap();
    let claimed = claimer.post_empty(&format!("/api/claims/{code}")).await.unwrap().ok().unwrap();
    assert_eq!(claimed["player"]["waitlist"], 6);

    // A waiting player is not checked in, paired or ranked.
    to.advance(&tid).await.unwrap().ok().unwrap();
    let waiting_name = name_at(&w, 0);
    let before = app.fingerprint().await.unwrap();
    let r = players[index(&waiting_name)].check_in(&tid).await.unwrap();
    refused(&app, &before, &r, 409, "waitlisted").await;
    let r = to.post_empty(&format!("/api/players/{}/check-in", s(&answers[index(&waiting_name)], "id"))).await.unwrap();
    refused(&app, &before, &r, 409, "waitlisted").await;
    let entrants = app.client().players(&tid).await.unwrap().ok().unwrap();
    for p in entrants["players"].as_array().unwrap() {
        if !p["dropped"].as_bool().unwrap() && !p["checked_in"].as_bool().unwrap() {
            to.post_empty(&format!("/api/players/{}/check-in", s(p, "id"))).await.unwrap().ok().unwrap();
        }
    }
    to.advance(&tid).await.unwrap().ok().unwrap();
    let r = to.new_round(&tid).await.unwrap().ok().unwrap();
    let round = to.pair_round(s(&r["round"], "id")).await.unwrap().ok().unwrap();
    let seated: Vec<&str> = round["round"]["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| [s(&p["player1"], "name"), p["player2"]["name"].as_str().unwrap_or_default()])
        .collect();
    assert_eq!(seated.iter().filter(|n| !n.is_empty()).count(), 23, "the 23 entrants still in are paired");
    let w = app.client().get(&waitlist(&tid)).await.unwrap().ok().unwrap();
    for (name, _) in places(&w) {
        assert!(!seated.contains(&name.as_str()), "{name} waits and is not paired");
    }
    let st = to.standings(&tid).await.unwrap().ok().unwrap();
    let ranked: Vec<&str> = st["players"].as_array().unwrap().iter().map(|p| s(p, "display_name")).collect();
    assert!(places(&w).iter().all(|(n, _)| !ranked.contains(&n.as_str())), "nobody waiting is ranked");
    // Round 1 is paired: the waitlist is closed.
    assert_eq!(w["open"], false);
    let waiting_id = s(&w["waitlist"][0], "id").to_string();
    let before = app.fingerprint().await.unwrap();
    let r = to.post_empty(&format!("/api/players/{waiting_id}/promote")).await.unwrap();
    refused(&app, &before, &r, 409, "waitlist_closed").await;
    app.stop().await;
}

#[actix_web::test]
async fn entry_fees_paid_owed_waived_sqlite() {
    fees(Backend::Sqlite).await;
}

#[actix_web::test]
async fn entry_fees_paid_owed_waived_postgres() {
    fees(Backend::Postgres).await;
}

async fn fees(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut to, _) = sign_up(&app.base, "Organiser").await.unwrap();
    let tid = open_tournament(&mut to, "Fee GT", 3).await.unwrap();
    let mut players = Vec::new();
    let mut ids = Vec::new();
    for name in ["Ann", "Bea", "Cal", "Dee"] {
        let (mut c, _) = sign_up(&app.base, name).await.unwrap();
        ids.push(arbiter_tests::register(&mut c, &tid, name, "Orks").await.unwrap());
        players.push(c);
    }
    let before = app.fingerprint().await.unwrap();
    let r = patch(&mut to, &settings(&tid), &json!({ "fee": { "amount": 2500, "currency": "euro" } })).await;
    refused(&app, &before, &r, 422, "invalid_field").await;
    let t = patch(&mut to, &settings(&tid), &json!({ "fee": { "amount": 2500, "currency": "EUR" } })).await;
    assert_eq!(t.ok().unwrap()["tournament"]["fee"], json!({ "amount": 2500, "currency": "EUR" }));

    let pay = |id: &str| format!("/api/players/{id}/payment");
    // A player cannot mark their own fee, nor read the desk's; a refusal changes nothing.
    let before = app.fingerprint().await.unwrap();
    let r = put(&mut players[0], &pay(&ids[0]), &json!({ "state": "paid" })).await;
    refused(&app, &before, &r, 403, "not_tournament_staff").await;
    let r = players[0].get(&format!("/api/tournaments/{tid}/payments")).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (403, "not_tournament_staff"), "{}", r.body);
    let r = put(&mut to, &pay(&ids[1]), &json!({ "state": "waived", "amount": 5 })).await;
    refused(&app, &before, &r, 422, "invalid_field").await;
    let r = put(&mut to, &pay(&ids[1]), &json!({ "state": "lost" })).await;
    assert_eq!(r.status.as_u16(), 400, "{}", r.body);

    // Ann pays the fee, Bea part of it, Cal is let off; Dee owes.
    let a = put(&mut to, &pay(&ids[0]), &json!({ "state": "paid" })).await.ok().unwrap();
    assert_eq!((s(&a, "state"), a["amount"].as_u64(), s(&a, "by")), ("paid", Some(2500), "Organiser"));
    assert!(a["at"].as_i64().unwrap() > 0);
    put(&mut to, &pay(&ids[1]), &json!({ "state": "paid", "amount": 1000 })).await.ok().unwrap();
    put(&mut to, &pay(&ids[2]), &json!({ "state": "waived" })).await.ok().unwrap();
    let desk = to.get(&format!("/api/tournaments/{tid}/payments")).await.unwrap().ok().unwrap();
    assert_eq!(
        desk["totals"],
        json!({
            "paid": { "count": 2, "amount": 3500 },
            "owed": { "count": 1, "amount": 2500 },
            "waived": { "count": 1, "amount": 2500 }
        })
    );
    let paid = to.get(&format!("/api/tournaments/{tid}/payments?state=paid")).await.unwrap().ok().unwrap();
    let names: Vec<&str> = paid["players"].as_array().unwrap().iter().map(|p| s(p, "display_name")).collect();
    assert_eq!(names, ["Ann", "Bea"]);
    assert_eq!(paid["totals"], desk["totals"], "the totals are over everyone, whatever the filter");
    let owed = to.get(&format!("/api/tournaments/{tid}/payments?state=owed")).await.unwrap().ok().unwrap();
    assert_eq!(owed["players"].as_array().unwrap().len(), 1);
    // The player sees their own state; another player does not.
    let mine = players[1].players(&tid).await.unwrap().ok().unwrap();
    let list = mine["players"].as_array().unwrap();
    let own = list.iter().find(|p| s(p, "id") == ids[1]).unwrap();
    assert_eq!((s(&own["payment"], "state"), own["payment"]["amount"].as_u64()), ("paid", Some(1000)));
    assert!(list.iter().find(|p| s(p, "id") == ids[0]).unwrap()["payment"].is_null());

    // The treasurer's export.
    let (status, csv) = to.get_text(&format!("/api/tournaments/{tid}/export/payments.csv")).await.unwrap();
    assert!(status.is_success(), "{csv}");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "no,player_id,name,payment,amount_paid,currency,marked_by,marked_at");
    assert!(lines[1].contains(",Ann,paid,2500,EUR,Organiser,"), "{csv}");
    assert!(lines[4].contains(",Dee,owed,0,EUR,,"), "{csv}");
    let r = players[0].get(&format!("/api/tournaments/{tid}/export/payments.csv")).await.unwrap();
    assert_eq!(r.code(), "not_tournament_staff");

    // Each mark is in the action log, with who and what changed.
    let log = to.get(&format!("/api/tournaments/{tid}/log?limit=50")).await.unwrap().ok().unwrap();
    let marks: Vec<&Value> =
        log["entries"].as_array().unwrap().iter().filter(|e| e["kind"] == "payment_marked").collect();
    assert_eq!(marks.len(), 3, "{log}");

    // The refusal in every language: each its own words.
    let session = players[0].session_cookie().unwrap_or_default();
    let mut said = Vec::new();
    for lang in ["en", "fr", "de", "es", "it", "nl"] {
        let mut res = awc::Client::new()
            .put(format!("{}{}", app.base, pay(&ids[0])))
            .insert_header(("Cookie", format!("{session}; lang={lang}")))
            .insert_header(("Origin", app.base.clone()))
            .send_json(&json!({ "state": "paid" }))
            .await
            .unwrap();
        let v: Value = res.json().await.unwrap_or_default();
        assert_eq!((res.status().as_u16(), s(&v, "error")), (403, "not_tournament_staff"), "{lang}: {v}");
        assert!(s(&v, "message").len() > 20, "{lang}: {v}");
        said.push(s(&v, "message").to_string());
    }
    said.sort();
    said.dedup();
    assert_eq!(said.len(), 6, "six languages, six messages: {said:?}");
    // A waiting player's refusal too.
    patch(&mut to, &settings(&tid), &json!({ "cap": 4 })).await.ok().unwrap();
    let (mut late, _) = sign_up(&app.base, "Late").await.unwrap();
    let p = late.register_with(&tid, &json!({ "display_name": "Late", "faction": "Orks" })).await;
    assert_eq!(p.unwrap().ok().unwrap()["player"]["waitlist"], 1);
    to.advance(&tid).await.unwrap().ok().unwrap();
    let late_session = late.session_cookie().unwrap_or_default();
    let mut said = Vec::new();
    for lang in ["en", "fr", "de", "es", "it", "nl"] {
        let mut res = awc::Client::new()
            .post(format!("{}/api/tournaments/{tid}/check-in", app.base))
            .insert_header(("Cookie", format!("{late_session}; lang={lang}")))
            .insert_header(("Origin", app.base.clone()))
            .send()
            .await
            .unwrap();
        let v: Value = res.json().await.unwrap_or_default();
        assert_eq!((res.status().as_u16(), s(&v, "error")), (409, "waitlisted"), "{lang}: {v}");
        said.push(s(&v, "message").to_string());
    }
    said.dedup();
    assert_eq!(said.len(), 6, "{said:?}");
    app.stop().await;
}

/// Headless Chromium: a waiting player's page shows their place and, live,
/// their promotion; the TO's players page (the dashboard) shows the
/// waitlist, lets one in, and filters the entrants by payment state.
#[actix_web::test]
async fn the_players_page_shows_the_waitlist_and_filters_payments() {
    use super::browser::open_signed_in;
    use arbiter_tests::browser::Browser;
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = sign_up(&app.base, "Organiser").await.unwrap();
    let tid = open_tournament(&mut to, "Desk GT", 3).await.unwrap();
    let body = json!({ "cap": 2, "fee": { "amount": 2500, "currency": "EUR" } });
    patch(&mut to, &settings(&tid), &body).await.ok().unwrap();
    let (mut players, mut ids) = (Vec::new(), Vec::new());
    for name in ["Ann", "Bea", "Cal", "Dee"] {
        let (mut c, _) = sign_up(&app.base, name).await.unwrap();
        ids.push(arbiter_tests::register(&mut c, &tid, name, "Orks").await.unwrap());
        players.push(c);
    }
    let wait = Duration::from_secs(5);

    // Cal waits first: their page says so, and says it live when a place frees.
    let b = Browser::start().await.unwrap();
    open_signed_in(&b, &app.base, players[2].session().unwrap_or_default(), &format!("/t/{tid}/me")).await;
    let place = "const p = document.getElementById('my-waitlist'); return !!p && /\\b1\\b/.test(p.textContent)";
    assert!(b.until(place, wait).await.is_some(), "no waitlist place on the player's page");
    let live = "return document.getElementById('live-status').classList.contains('on')";
    assert!(b.until(live, wait).await.is_some());
    players[0].post_empty(&format!("/api/tournaments/{tid}/drop")).await.unwrap().ok().unwrap();
    let promoted = "return !!document.getElementById('my-promotion') && !document.getElementById('my-waitlist')";
    assert!(b.until(promoted, wait).await.is_some(), "the promotion did not reach the player's page");

    // The desk: Bea paid; Dee waits.
    put(&mut to, &format!("/api/players/{}/payment", ids[1]), &json!({ "state": "paid" })).await.ok().unwrap();
    open_signed_in(&b, &app.base, to.session().unwrap_or_default(), &format!("/t/{tid}/dashboard")).await;
    let waiting = "const rows = [...document.querySelectorAll('#waitlist-table tbody tr')]; \
                   return rows.length === 1 && rows[0].textContent.includes('Dee')";
    assert!(b.until(waiting, wait).await.is_some(), "the waitlist is not on the players page");
    let totals = "return document.getElementById('pay-totals').textContent.includes('1 paid (')";
    assert!(b.until(totals, wait).await.is_some(), "no treasurer's totals");
    let rows = "return [...document.querySelectorAll('#payments-table tbody tr[data-payment]')].map(r => r.dataset.state + ':' + r.children[1].textContent).join(',')";
    let all = b.until(&format!("{rows} || null"), wait).await.unwrap();
    assert_eq!(all, json!("owed:Ann,paid:Bea,owed:Cal"), "every entrant (Ann withdrew, Dee waits)");
    let pick = |state: &str| {
        format!(
            "const f = document.getElementById('pay-filter'); f.value = '{state}'; \
             f.dispatchEvent(new Event('change')); return true;"
        )
    };
    b.client.execute(&pick("paid"), vec![]).await.unwrap();
    let only = |want: &str| format!("const got = (() => {{ {} }})(); return got === '{want}';", rows);
    assert!(b.until(&only("paid:Bea"), wait).await.is_some(), "the paid filter");
    b.client.execute(&pick("owed"), vec![]).await.unwrap();
    assert!(b.until(&only("owed:Ann,owed:Cal"), wait).await.is_some(), "the owed filter");

    // The TO lets Dee in from the waitlist: the panel empties and says so.
    let click = "const b = [...document.querySelectorAll('#waitlist-table button')].find(x => x.dataset.wl.startsWith('promote:')); b.click(); return true;";
    b.client.execute(click, vec![]).await.unwrap();
    let done = "const n = document.getElementById('waitlist-news'); \
                return !document.getElementById('waitlist-table') && !n.hidden && n.textContent.includes('Dee')";
    assert!(b.until(done, wait).await.is_some(), "the promotion is not on the players page");
    let w = app.client().get(&waitlist(&tid)).await.unwrap().ok().unwrap();
    assert_eq!(w["waitlist"].as_array().map(Vec::len), Some(0));
    b.close().await;
    app.stop().await;
}
