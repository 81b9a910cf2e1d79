//! Entries without accounts: the TO adds a walk-in or a late entry by name
//! (missed rounds counted as the rules say: FIDE C.04.2 zero-point byes in
//! chess unless the TO grants half-point byes; in 40K the TO's choice of the
//! bye or nothing), hands the player a one-time claim code, and the player
//! takes the entry over with their account. Refusals answer 4xx with a
//! message and change nothing.

use super::browser::{open_signed_in, type_into};
use super::undo::refused;
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, Api, Backend, Event, TestApp};
use futures_util::future::join_all;
use serde_json::{json, Value};

fn entries(tid: &str) -> String {
    format!("/api/tournaments/{tid}/entries")
}

/// The standings row of `name`.
async fn row(ev: &mut Event, name: &str) -> Value {
    let st = ev.to.standings(&ev.tid).await.unwrap().ok().unwrap();
    st["players"].as_array().unwrap().iter().find(|p| s(p, "display_name") == name).cloned().unwrap_or(Value::Null)
}

#[actix_web::test]
async fn walk_ins_late_entries_and_claims_sqlite() {
    walk_ins(Backend::Sqlite).await;
}

#[actix_web::test]
async fn walk_ins_late_entries_and_claims_postgres() {
    walk_ins(Backend::Postgres).await;
}

async fn walk_ins(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let body = json!({ "name": "Walk-in Open", "event_date": "2026-05-17", "format": "Open", "game": "chess", "pairing_system": "dutch", "total_rounds": 3 });
    let mut ev = Event::build(&app.base).tournament(body).numbered("C", 4).faction("Club").start().await.unwrap();
    let tid = ev.tid.clone();

    // Refusals: a player cannot add entries; a name is needed; chess has no "bye" choice.
    let before = app.fingerprint().await.unwrap();
    let r = ev.players[0].post(&entries(&tid), &json!({ "display_name": "Sneaky" })).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = ev.to.post(&entries(&tid), &json!({ "display_name": "  " })).await.unwrap();
    refused(&app, &before, &r, 422, "invalid_field").await;
    let r = ev.to.post(&entries(&tid), &json!({ "display_name": "X", "surprise": 1 })).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (400, "invalid_json"), "{}", r.body);

    // A walk-in before round 1: checked in, paired like anyone.
    let added = ev
        .to
        .post(&entries(&tid), &json!({ "display_name": "Walker", "profile": { "rating": 1500 } }))
        .await
        .unwrap()
        .ok()
        .unwrap();
    let walker = s(&added["player"], "id").to_string();
    assert_eq!((added["player"]["checked_in"].clone(), added["missed_rounds"].clone()), (json!(true), json!([])));
    let listed = ev.to.get(&entries(&tid)).await.unwrap().ok().unwrap();
    assert_eq!(
        listed["entries"].as_array().map(|e| e.iter().map(|p| s(p, "display_name").to_string()).collect::<Vec<_>>()),
        Some(vec!["Walker".to_string()])
    );
    let r = ev.players[0].get(&entries(&tid)).await.unwrap();
    assert_eq!(r.code(), "not_tournament_organiser");
    let r1 = s(&ev.to.new_round(&tid).await.unwrap().ok().unwrap()["round"], "id").to_string();
    let round = ev.to.pair_round(&r1).await.unwrap().ok().unwrap()["round"].clone();
    let pairings = round["pairings"].as_array().unwrap().clone();
    assert!(
        pairings.iter().any(|p| s(&p["player1"], "id") == walker || p["player2"]["id"] == walker.as_str()),
        "the walk-in is paired"
    );
    // The TO enters results at the walk-in's table (they have no account yet).
    for p in pairings.iter().filter(|p| !p["player2"].is_null()) {
        ev.to.override_result(s(p, "id"), &json!({ "result": "1-0" })).await.unwrap().ok().unwrap();
    }
    ev.to.close_round(&r1).await.unwrap().ok().unwrap();

    // Late entries after round 1: a zero-point bye by default (C.04.2), a half-point bye if granted.
    let late = ev.to.post(&entries(&tid), &json!({ "display_name": "Late" })).await.unwrap().ok().unwrap();
    assert_eq!((late["missed_rounds"].clone(), late["missed"].clone()), (json!([1]), json!("zero")));
    let half =
        ev.to.post(&entries(&tid), &json!({ "display_name": "Later", "missed": "half" })).await.unwrap().ok().unwrap();
    assert_eq!(half["missed"], "half");
    let before = app.fingerprint().await.unwrap();
    let r = ev.to.post(&entries(&tid), &json!({ "display_name": "Wrong", "missed": "bye" })).await.unwrap();
    refused(&app, &before, &r, 422, "invalid_field").await;
    assert_eq!((s(&row(&mut ev, "Late").await, "score"), s(&row(&mut ev, "Later").await, "score")), ("0.0", "0.5"));
    let round1 = ev.to.round(&r1).await.unwrap().ok().unwrap()["round"].clone();
    let results: Vec<(&str, &str)> = round1["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["player2"].is_null())
        .map(|p| (s(&p["player1"], "name"), s(p, "result")))
        .collect();
    assert!(results.contains(&("Late", "ZERO_BYE")) && results.contains(&("Later", "HALF_BYE")), "{results:?}");

    // The claim: a one-time code; a registered player has none to claim.
    let before = app.fingerprint().await.unwrap();
    let r = ev.to.post_empty(&format!("/api/players/{}/claim-code", ev.registrations[0])).await.unwrap();
    refused(&app, &before, &r, 409, "already_claimed").await;
    let r = ev.players[0].post_empty(&format!("/api/players/{walker}/claim-code")).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let first = ev.to.post_empty(&format!("/api/players/{walker}/claim-code")).await.unwrap().ok().unwrap();
    let code = ev.to.post_empty(&format!("/api/players/{walker}/claim-code")).await.unwrap().ok().unwrap();
    let code = s(&code, "code").to_string();
    assert!(code.len() == 9 && code.as_bytes()[4] == b'-', "{code}");
    let r = app.client().get(&format!("/api/claims/{}", s(&first, "code"))).await.unwrap();
    assert_eq!(r.code(), "claim_not_found", "a new code replaces the old one");
    let info = app.client().get(&format!("/api/claims/{}", code.to_lowercase())).await.unwrap().ok().unwrap();
    assert_eq!((s(&info["player"], "display_name"), s(&info, "tournament_name")), ("Walker", "Walk-in Open"));
    let (status, page) = app.client().get_text(&format!("/claim/{code}")).await.unwrap();
    assert!(status.is_success() && page.contains("Walker") && page.contains("Walk-in Open"), "{page}");
    let (status, svg) = app.client().get_text(&format!("/claim/{code}/qr.svg")).await.unwrap();
    assert!(status.is_success() && svg.contains("<svg"), "{status}");
    // A registered player cannot take a second entry in the same event.
    let before = app.fingerprint().await.unwrap();
    let r = ev.players[0].post_empty(&format!("/api/claims/{code}")).await.unwrap();
    refused(&app, &before, &r, 409, "already_registered").await;
    let r = app.client().post_empty(&format!("/api/claims/{code}")).await.unwrap();
    refused(&app, &before, &r, 401, "not_signed_in").await;
    // Two accounts claim at once: one gets the entry.
    let (a, _) = app.user("Walker Real").await.unwrap();
    let (b, _) = app.user("Impostor").await.unwrap();
    let answers = join_all([a, b].into_iter().map(|mut c| {
        let p = format!("/api/claims/{code}");
        async move { (c.post_empty(&p).await.unwrap(), c) }
    }))
    .await;
    assert_eq!(answers.iter().filter(|(r, _)| r.status.is_success()).count(), 1);
    assert!(answers.iter().filter(|(r, _)| !r.status.is_success()).all(|(r, _)| r.code() == "claim_not_found"));
    let (_, mut owner) = answers.into_iter().find(|(r, _)| r.status.is_success()).unwrap();
    let me = owner.get("/api/auth/me").await.unwrap().ok().unwrap();
    let players = ev.to.players(&tid).await.unwrap().ok().unwrap();
    let entry = players["players"].as_array().unwrap().iter().find(|p| s(p, "id") == walker).cloned().unwrap();
    assert_eq!(entry["user_id"], me["user"]["id"]);
    let listed = ev.to.get(&entries(&tid)).await.unwrap().ok().unwrap();
    assert!(
        listed["entries"].as_array().unwrap().iter().all(|p| s(p, "id") != walker),
        "a claimed entry is no longer listed"
    );
    // Its rated game of round 1 counts for the claimer's account.
    let uid = s(&me["user"], "id").to_string();
    let ratings = ev.to.user_ratings(&uid).await.unwrap().ok().unwrap();
    let chess = ratings["ratings"].as_array().unwrap().iter().find(|x| s(x, "game") == "chess").cloned();
    assert_eq!(chess.map(|c| c["games_played"].clone()), Some(json!(1)), "{ratings}");
    // From now on the player reports from their phone.
    let r2 = s(&ev.to.new_round(&tid).await.unwrap().ok().unwrap()["round"], "id").to_string();
    let round2 = ev.to.pair_round(&r2).await.unwrap().ok().unwrap()["round"].clone();
    let mine = round2["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| {
            !p["player2"].is_null() && (s(&p["player1"], "id") == walker || p["player2"]["id"] == walker.as_str())
        })
        .cloned()
        .unwrap();
    let reported = owner.report(s(&mine, "id"), &json!({ "result": "½-½" })).await.unwrap().ok().unwrap();
    assert_eq!(s(&reported["pairing"], "state"), "REPORTED");
    app.stop().await;
}

#[actix_web::test]
async fn late_entries_in_40k_and_round_robins() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "K", 4, 3).await.unwrap();
    let tid = ev.tid.clone();
    let (r1, tables) = ev.pair_next().await.unwrap();
    for t in &tables {
        ev.play(t, 70, 30).await.unwrap();
    }
    ev.to.close_round(&r1).await.unwrap().ok().unwrap();
    // In 40K the TO must say how the missed round counts.
    let before = app.fingerprint().await.unwrap();
    let r = ev.to.post(&entries(&tid), &json!({ "display_name": "Late Orks", "faction": "Orks" })).await.unwrap();
    refused(&app, &before, &r, 422, "invalid_field").await;
    assert!(s(&r.body, "message").contains("\"bye\" or \"absent\""), "{}", r.body);
    let r = ev.to.post(&entries(&tid), &json!({ "display_name": "Late Orks", "missed": "zero" })).await.unwrap();
    refused(&app, &before, &r, 422, "invalid_field").await;
    ev.to
        .post(&entries(&tid), &json!({ "display_name": "Bye Orks", "faction": "Orks", "missed": "bye" }))
        .await
        .unwrap()
        .ok()
        .unwrap();
    ev.to
        .post(&entries(&tid), &json!({ "display_name": "Absent Orks", "faction": "Orks", "missed": "absent" }))
        .await
        .unwrap()
        .ok()
        .unwrap();
    ev.to
        .post(&entries(&tid), &json!({ "display_name": "Loss Orks", "faction": "Orks", "missed": "loss" }))
        .await
        .unwrap()
        .ok()
        .unwrap();
    let (bye, absent) = (row(&mut ev, "Bye Orks").await, row(&mut ev, "Absent Orks").await);
    assert_eq!((bye["wins"].clone(), bye["byes"].clone(), bye["vp_for"].clone()), (json!(1), json!(1), json!(0)));
    assert_eq!((absent["wins"].clone(), absent["losses"].clone()), (json!(0), json!(0)));
    // A missed round counted as lost: in the record, no bye, 0 VP, below the entry who missed nothing.
    let lost = row(&mut ev, "Loss Orks").await;
    let record = |r: &Value| (r["wins"].clone(), r["losses"].clone(), r["byes"].clone(), r["score"].clone());
    assert_eq!(record(&lost), (json!(0), json!(1), json!(0), json!("0-1-0")), "{lost}");
    assert!(lost["position"].as_u64() > absent["position"].as_u64(), "{lost} {absent}");
    let r2 = s(&ev.to.new_round(&tid).await.unwrap().ok().unwrap()["round"], "id").to_string();
    let next = ev.to.pair_round(&r2).await.unwrap().ok().unwrap();
    let seated: Vec<&str> = next["round"]["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| [s(&p["player1"], "name"), p["player2"]["name"].as_str().unwrap_or_default()])
        .collect();
    assert!(
        ["Bye Orks", "Absent Orks", "Loss Orks"].iter().all(|n| seated.contains(n)),
        "the late entries are paired: {seated:?}"
    );
    // Round 2 is paired too: one choice per missed round (a bye, then a loss), or refused.
    let before = app.fingerprint().await.unwrap();
    let two = json!({ "display_name": "Two Orks", "missed": ["bye", "loss", "bye"] });
    let r = ev.to.post(&entries(&tid), &two).await.unwrap();
    refused(&app, &before, &r, 422, "invalid_field").await;
    assert!(s(&r.body, "message").contains("3 choice(s) for 2 round(s)"), "{}", r.body);
    let r =
        ev.to.post(&entries(&tid), &json!({ "display_name": "Two Orks", "missed": ["bye", "zero"] })).await.unwrap();
    refused(&app, &before, &r, 422, "invalid_field").await;
    let two = json!({ "display_name": "Two Orks", "missed": ["bye", "loss"] });
    let added = ev.to.post(&entries(&tid), &two).await.unwrap().ok().unwrap();
    assert_eq!((added["missed_rounds"].clone(), added["missed"].clone()), (json!([1, 2]), json!(["bye", "loss"])));
    let both = row(&mut ev, "Two Orks").await;
    assert_eq!(record(&both), (json!(1), json!(1), json!(1), json!("1-1-0")), "{both}");

    // A round robin's table, once drawn, takes nobody.
    let body = json!({ "name": "RR", "event_date": "2026-05-17", "format": "Open", "game": "crokinole", "pairing_system": "round_robin" });
    let mut rr = Event::build(&app.base).tournament(body).numbered("R", 4).faction("Club").start().await.unwrap();
    let before = app.fingerprint().await.unwrap();
    rr.pair_next().await.unwrap();
    let before2 = app.fingerprint().await.unwrap();
    assert_ne!(before, before2);
    let r = rr.to.post(&entries(&rr.tid), &json!({ "display_name": "Too Late", "missed": "bye" })).await.unwrap();
    refused(&app, &before2, &r, 409, "late_entry_closed").await;
    app.stop().await;
}

/// At the desk: the TO adds a walk-in on the dashboard, then pairs round 1
/// with them; the published round seats the walk-in.
#[actix_web::test]
async fn a_walk_in_is_added_on_the_dashboard_and_paired() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "V", 3, 3).await.unwrap();
    let tid = ev.tid.clone();
    ev.to.new_round(&tid).await.unwrap().ok().unwrap();
    let b = Browser::start().await.unwrap();
    open_signed_in(&b, &app.base, ev.to.session().unwrap_or_default(), &format!("/t/{tid}/dashboard")).await;
    let wait = arbiter_tests::WAIT;
    type_into(&b, "#add-entry input[name=display_name]", "Walk In").await;
    type_into(&b, "#add-entry input[name=faction]", "Necrons").await;
    b.client
        .execute("document.querySelector('#add-entry button[type=submit]').click(); return true;", vec![])
        .await
        .unwrap();
    let listed = "return document.getElementById('players-body').textContent.includes('Walk In') ? true : null;";
    assert!(b.until(listed, wait).await.is_some(), "the walk-in is not in the registrations");
    let cleared = "return document.querySelector('#add-entry input[name=display_name]').value === '' ? true : null;";
    assert!(b.until(cleared, wait).await.is_some(), "the form kept the name after adding");
    // A claim code for them, with its QR code.
    let claim =
        "const b = document.querySelector('[data-action^=\"claim:\"]'); if (!b) return null; b.click(); return true;";
    assert!(b.until(claim, wait).await.is_some(), "no claim-code button for the walk-in");
    let shown = "const c = document.querySelector('#claim-box .code'); return c && !document.getElementById('claim-box').hidden ? c.textContent : null;";
    let Some(code) = b.until(shown, wait).await else {
        let page = b.client.execute("return [document.getElementById('action-error').textContent, document.getElementById('claim-box').outerHTML, document.getElementById('players-body').innerHTML];", vec![]).await;
        panic!("no claim code shown: {page:?}");
    };
    let code = code.as_str().unwrap_or_default().to_string();
    let info = app.client().get(&format!("/api/claims/{code}")).await.unwrap().ok().unwrap();
    assert_eq!(s(&info["player"], "display_name"), "Walk In");
    // The player claims it on their phone: the page fits a 390-px screen, and its button hands the entry over.
    let phone = Browser::start().await.unwrap();
    phone.client.set_window_size(390, 844).await.unwrap();
    let (walker, _) = app.user("Walk In Real").await.unwrap();
    open_signed_in(&phone, &app.base, walker.session().unwrap_or_default(), &format!("/claim/{code}")).await;
    let fits = "return document.documentElement.scrollWidth <= window.innerWidth && document.body.textContent.includes('Walk In') ? true : null;";
    assert!(phone.until(fits, wait).await.is_some(), "the claim page does not fit a phone");
    phone
        .client
        .execute(
            "document.querySelector('form[action^=\"/claim/\"] button[type=submit]').click(); return true;",
            vec![],
        )
        .await
        .unwrap();
    let landed = format!("return location.pathname === '/t/{tid}/me' ? true : null;");
    assert!(phone.until(&landed, wait).await.is_some(), "the claim did not lead to the player's page");
    phone.close().await;
    let left = ev.to.get(&format!("/api/tournaments/{tid}/entries")).await.unwrap().ok().unwrap();
    assert_eq!(left["entries"], json!([]), "the claimed entry is the player's now");
    // Pair round 1: a draft with the walk-in, published.
    let click =
        |sel: &str| format!("const b = document.querySelector('{sel}'); if (!b) return null; b.click(); return true;");
    assert!(b.until(&click("[data-action=draft]"), wait).await.is_some());
    let seated = "const t = document.querySelector('#draft'); return t && !t.hidden && t.textContent.includes('Walk In') ? true : null;";
    assert!(b.until(seated, wait).await.is_some(), "the draft does not seat the walk-in");
    assert!(b.until(&click("[data-action=draft-publish]"), wait).await.is_some());
    assert!(b.until(&click("dialog.ask [data-ask-ok]"), wait).await.is_some());
    let published = "return document.querySelector('#round-queues table.queue') && document.getElementById('round-queues').textContent.includes('Walk In') ? true : null;";
    let _ = b.until(published, wait).await;
    let snap = ev.to.snapshot(&tid).await.unwrap().ok().unwrap();
    let names: Vec<&str> = snap["round"]["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| [s(&p["player1"], "name"), p["player2"]["name"].as_str().unwrap_or_default()])
        .collect();
    assert!(names.contains(&"Walk In"), "{names:?}");
    assert_eq!(s(&snap["round"], "status"), "ACTIVE");
    b.close().await;
    app.stop().await;
}

/// A starting roster from a spreadsheet: previewed with its problems by row
/// and column, refused whole while any remains, imported at once when clean.
#[actix_web::test]
async fn a_roster_is_previewed_then_imported_whole() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("TO").await.unwrap();
    let body = json!({ "name": "Club Open", "event_date": "2026-05-17", "format": "Open", "game": "chess", "pairing_system": "dutch", "total_rounds": 3 });
    let tid = s(&to.create_tournament(&body).await.unwrap().ok().unwrap()["tournament"], "id").to_string();
    to.advance(&tid).await.unwrap().ok().unwrap();
    let url =
        |preview: bool| format!("/api/tournaments/{tid}/entries.csv{}", if preview { "?preview=true" } else { "" });
    let send = |to: &mut arbiter_server::client::ApiClient, path: String, csv: &str| {
        let (csv, mut c) = (csv.to_string(), to.clone_to(&app.base));
        async move { c.send_raw(awc::http::Method::POST, &path, Some(("text/csv", csv))).await.unwrap() }
    };
    let bad = "name,rating,federation,birth_date\nAda Lovelace,2100,GBR,1995-12-10\n,1500,FRA,\nBob,lots,FRA,2001-02-30\nAda Lovelace,1800,XX,\n";
    let preview = send(&mut to, url(true), bad).await.ok().unwrap();
    assert_eq!(preview["rows"].as_array().map(Vec::len), Some(4));
    let problems: Vec<(u64, &str)> =
        preview["problems"].as_array().unwrap().iter().map(|p| (p["row"].as_u64().unwrap(), s(p, "column"))).collect();
    assert_eq!(problems, [(3, "name"), (4, "rating"), (4, "birth_date"), (5, "name"), (5, "federation")]);
    assert_eq!(preview["added"], json!([]));
    // Importing it is refused whole, naming the first problem; nothing is added.
    let (mut player, _) = app.user("Nosy").await.unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = send(&mut to, url(false), bad).await;
    refused(&app, &before, &r, 422, "invalid_csv").await;
    assert!(s(&r.body, "message").starts_with("Row 3, column name:"), "{}", r.body);
    assert_eq!(r.body["details"].as_array().map(Vec::len), Some(5));
    let r = send(&mut to, url(true), "nom,faction\nX,Y\n").await;
    assert_eq!((r.status.as_u16(), r.code()), (422, "invalid_csv"));
    let r = send(&mut player, url(true), "name\nX\n").await;
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    // Clean: imported at once, every row an entry with its profile.
    let good = "Name,Rating,Federation,Club\nAda Lovelace,2100,gbr,Analytical CC\nCharles Babbage,1950,GBR,Analytical CC\nGrace Hopper,2200,USA,\n";
    let done = send(&mut to, url(false), good).await.ok().unwrap();
    assert_eq!(done["added"].as_array().map(Vec::len), Some(3));
    let players = to.players(&tid).await.unwrap().ok().unwrap();
    let listed: Vec<(String, Value, Value)> = players["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (s(p, "display_name").to_string(), p["profile"]["rating"].clone(), p["profile"]["federation"].clone()))
        .collect();
    assert_eq!(
        listed,
        [
            ("Ada Lovelace".to_string(), json!(2100), json!("GBR")),
            ("Charles Babbage".to_string(), json!(1950), json!("GBR")),
            ("Grace Hopper".to_string(), json!(2200), json!("USA")),
        ]
    );
    let unclaimed = to.get(&entries(&tid)).await.unwrap().ok().unwrap();
    assert_eq!(unclaimed["entries"].as_array().map(Vec::len), Some(3));
    app.stop().await;
}

/// The organisers correct a player's details; each correction is kept with
/// who, when, and each field before and after, and the boards show the new name.
#[actix_web::test]
async fn player_details_are_corrected_with_their_history() {
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::start(&app.base, "H", 4, 3).await.unwrap();
    let tid = ev.tid.clone();
    let id = ev.registrations[0].clone();
    let url = format!("/api/players/{id}");
    let patch = |c: &mut arbiter_server::client::ApiClient, body: Value| {
        let (u, mut c) = (url.clone(), c.clone_to(&app.base));
        async move { c.send(awc::http::Method::PATCH, &u, Some(&body)).await.unwrap() }
    };
    let before = app.fingerprint().await.unwrap();
    let r = patch(&mut ev.players[1], json!({ "display_name": "Mine" })).await;
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = patch(&mut ev.to, json!({ "display_name": " " })).await;
    refused(&app, &before, &r, 422, "invalid_field").await;
    let r = patch(&mut ev.to, json!({ "profile": { "rating": 9999 } })).await;
    refused(&app, &before, &r, 422, "invalid_profile").await;
    let (mut stranger, _) = app.user("Stranger").await.unwrap();
    let r = stranger.get(&format!("{url}/history")).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (403, "not_tournament_staff"));

    let done = patch(&mut ev.to, json!({ "display_name": "Renamed", "faction": "Necrons" })).await.ok().unwrap();
    let fields: Vec<&str> = done["changes"].as_array().unwrap().iter().map(|c| s(c, "field")).collect();
    assert_eq!(fields, ["display_name", "faction"]);
    assert_eq!(done["changes"][0], json!({ "field": "display_name", "before": "H1", "after": "Renamed" }));
    let same = patch(&mut ev.to, json!({ "faction": "Necrons" })).await.ok().unwrap();
    assert_eq!(same["changes"], json!([]));
    let history = ev.to.get(&format!("{url}/history")).await.unwrap().ok().unwrap();
    assert_eq!((history["log"].as_array().map(Vec::len), s(&history["log"][0], "by")), (Some(1), "Organiser"));
    // Several corrections at once: each is kept.
    let answers =
        join_all((0..4).map(|k| patch(&mut ev.to, json!({ "profile": { "club": format!("Club {k}") } })))).await;
    assert!(answers.iter().all(|a| a.status.is_success()));
    let history = ev.to.get(&format!("{url}/history")).await.unwrap().ok().unwrap();
    assert_eq!(history["log"].as_array().map(Vec::len), Some(5));
    // The board names the player as corrected.
    let r = s(&ev.to.new_round(&tid).await.unwrap().ok().unwrap()["round"], "id").to_string();
    let round = ev.to.pair_round(&r).await.unwrap().ok().unwrap();
    assert!(round["round"].to_string().contains("\"Renamed\""), "{round}");
    app.stop().await;
}
