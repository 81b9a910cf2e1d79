//! Who may enter a section, over HTTP on SQLite and PostgreSQL: a rating
//! band on the FIDE rating (1600–1799, "U1800"), an age rule (under 16 on
//! 1 January 2027) and invitation only, checked at every way in (the
//! player's registration, the organiser's walk-in, a roster CSV, a claim
//! code on a band of the server's own rating), each refusal 403
//! `not_eligible` naming the rule and the player's value with the database
//! unchanged; the organiser's override (logged); the invitation list
//! (private: organisers only); the registration page's sentence; and 24
//! registrations at once, exactly the eligible ones admitted.

use super::undo::refused;
use arbiter_server::client::ApiClient;
use arbiter_tests::{s, sign_up, Api, Backend, TestApp};
use futures_util::future::join_all;
use serde_json::{json, Value};

fn settings(tid: &str) -> String {
    format!("/api/tournaments/{tid}/settings")
}

fn invitations(tid: &str) -> String {
    format!("/api/tournaments/{tid}/invitations")
}

async fn patch(c: &mut ApiClient, path: &str, body: &Value) -> arbiter_server::client::Reply {
    c.send(awc::http::Method::PATCH, path, Some(body)).await.unwrap()
}

async fn put(c: &mut ApiClient, path: &str, body: &Value) -> arbiter_server::client::Reply {
    c.send(awc::http::Method::PUT, path, Some(body)).await.unwrap()
}

/// A chess Swiss open for registration; its id.
async fn chess_event(to: &mut ApiClient, name: &str) -> String {
    let body = json!({ "name": name, "event_date": "2026-05-17", "format": "Classical", "game": "chess", "pairing_system": "dutch", "total_rounds": 5 });
    let t = to.create_tournament(&body).await.unwrap().ok().unwrap();
    let id = s(&t["tournament"], "id").to_string();
    to.advance(&id).await.unwrap().ok().unwrap();
    id
}

fn entry(name: &str, rating: Option<u32>, born: Option<&str>) -> Value {
    let mut profile = json!({});
    if let Some(r) = rating {
        profile["rating"] = json!(r);
    }
    if let Some(b) = born {
        profile["birth_date"] = json!(b);
    }
    json!({ "display_name": name, "faction": "Club", "profile": profile })
}

/// A signed-up player with a known e-mail address.
async fn player(app: &TestApp, email: &str, name: &str) -> ApiClient {
    let mut c = ApiClient::new(&app.base);
    c.sign_up(email, "a long password", name).await.unwrap();
    c
}

#[actix_web::test]
async fn eligibility_at_every_way_in_sqlite() {
    every_way_in(Backend::Sqlite).await;
}

#[actix_web::test]
async fn eligibility_at_every_way_in_postgres() {
    every_way_in(Backend::Postgres).await;
}

async fn every_way_in(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut to, _) = sign_up(&app.base, "Organiser").await.unwrap();
    let tid = chess_event(&mut to, "Spring Open U1800").await;

    // Bad rules are refused, naming the field.
    let before = app.fingerprint().await.unwrap();
    for bad in [
        json!({ "rating": { "source": "fide", "min": 1800, "max": 1600 } }),
        json!({ "rating": { "source": "fide" } }),
        json!({ "rating": { "source": "elo", "max": 1799 } }),
        json!({ "age": { "cutoff": "2027-01-01", "max": 200 } }),
    ] {
        let r = patch(&mut to, &settings(&tid), &json!({ "eligibility": bad })).await;
        assert!(matches!(r.status.as_u16(), 400 | 422), "{bad}: {}", r.body);
        assert_eq!(app.fingerprint().await.unwrap(), before, "{bad} changed the database");
    }

    // The band: FIDE 1600–1799, unrated players kept out.
    let rules = json!({ "rating": { "source": "fide", "min": 1600, "max": 1799 } });
    let set = patch(&mut to, &settings(&tid), &json!({ "eligibility": rules })).await.ok().unwrap();
    assert_eq!(set["tournament"]["eligibility"]["rating"]["max"], 1799, "{set}");
    // Everyone reads the rule on the registration page.
    let page = app.client().get_text(&format!("/t/{tid}")).await.unwrap().1;
    assert!(page.contains("Open to players rated 1600–1799 (FIDE)."), "the page states the band");

    let mut ann = player(&app, "ann@club.example", "Ann").await;
    let before = app.fingerprint().await.unwrap();
    let r = ann.register_with(&tid, &entry("Ann", Some(1850), None)).await.unwrap();
    refused(&app, &before, &r, 403, "not_eligible").await;
    assert_eq!(
        s(&r.body, "message"),
        "Ann is rated 1850 (FIDE): this section is open to players rated 1600–1799 (FIDE)."
    );
    let r = ann.register_with(&tid, &entry("Ann", None, None)).await.unwrap();
    refused(&app, &before, &r, 403, "not_eligible").await;
    assert!(s(&r.body, "message").starts_with("Ann has no FIDE rating"), "{}", r.body);
    // The band's ends are in it.
    let p = ann.register_with(&tid, &entry("Ann", Some(1799), None)).await.unwrap().ok().unwrap();
    assert_eq!(p["player"]["profile"]["rating"], 1799);

    // The organiser's walk-in: refused with the override named, then let in by it (and logged).
    let before = app.fingerprint().await.unwrap();
    let walk = json!({ "display_name": "Walker", "profile": { "rating": 1550 } });
    let r = to.post(&format!("/api/tournaments/{tid}/entries"), &walk).await.unwrap();
    refused(&app, &before, &r, 403, "not_eligible").await;
    assert!(s(&r.body, "message").contains("Walker is rated 1550 (FIDE)"), "{}", r.body);
    assert!(s(&r.body, "message").contains("override_eligibility"), "the refusal says how to override: {}", r.body);
    let mut forced = walk.clone();
    forced["override_eligibility"] = json!(true);
    let added = to.post(&format!("/api/tournaments/{tid}/entries"), &forced).await.unwrap().ok().unwrap();
    assert_eq!(added["player"]["display_name"], "Walker");
    let log = to.get(&format!("/api/tournaments/{tid}/log?limit=50")).await.unwrap().ok().unwrap();
    let noted = log["entries"].as_array().unwrap().iter().any(|e| e["kind"] == "eligibility_overridden");
    assert!(noted, "the override is in the action log: {log}");
    let ok = json!({ "display_name": "In Band", "profile": { "rating": 1700 } });
    to.post(&format!("/api/tournaments/{tid}/entries"), &ok).await.unwrap().ok().unwrap();

    // A roster: one row out of the band refuses the whole file (every row named), nothing added.
    let csv = "name,rating\nRow Ok,1650\nRow High,1900\nRow None,\n";
    let path = format!("/api/tournaments/{tid}/entries.csv");
    let before = app.fingerprint().await.unwrap();
    let r = to.send_raw(awc::http::Method::POST, &path, Some(("text/csv", csv.into()))).await.unwrap();
    refused(&app, &before, &r, 403, "not_eligible").await;
    assert!(s(&r.body, "message").starts_with("Row High (row 3) is rated 1900 (FIDE)"), "{}", r.body);
    let rows: Vec<u64> = r.body["details"].as_array().unwrap().iter().map(|d| d["row"].as_u64().unwrap()).collect();
    assert_eq!(rows, [3, 4], "every ineligible row: {}", r.body);
    let path = format!("{path}?override_eligibility=true");
    let added = to.send_raw(awc::http::Method::POST, &path, Some(("text/csv", csv.into()))).await.unwrap();
    assert_eq!(added.ok().unwrap()["added"].as_array().unwrap().len(), 3);

    // Age: under 16 on 1 January 2027 (max 15), the birth date from the profile.
    let rules = json!({ "age": { "cutoff": "2027-01-01", "max": 15 } });
    patch(&mut to, &settings(&tid), &json!({ "eligibility": rules })).await.ok().unwrap();
    let page = app.client().get_text(&format!("/t/{tid}")).await.unwrap().1;
    assert!(page.contains("Open to players under 16 on"), "the page states the age rule");
    let mut ben = player(&app, "ben@club.example", "Ben").await;
    let before = app.fingerprint().await.unwrap();
    let r = ben.register_with(&tid, &entry("Ben", None, Some("2011-01-01"))).await.unwrap();
    refused(&app, &before, &r, 403, "not_eligible").await;
    assert_eq!(s(&r.body, "message"), "Ben is 16 on 2027-01-01: this section is open to players under 16 on that day.");
    let r = ben.register_with(&tid, &entry("Ben", None, None)).await.unwrap();
    refused(&app, &before, &r, 403, "not_eligible").await;
    assert!(s(&r.body, "message").contains("no birth date"), "{}", r.body);
    ben.register_with(&tid, &entry("Ben", None, Some("2011-01-02"))).await.unwrap().ok().unwrap();
    // The same refusal in the four languages, each its own words.
    let mut cara = player(&app, "cara@club.example", "Cara").await;
    let session = cara.session_cookie().unwrap_or_default();
    let before = app.fingerprint().await.unwrap();
    let mut said = Vec::new();
    for lang in ["en", "fr", "de", "es"] {
        let mut res = awc::Client::new()
            .post(format!("{}/api/tournaments/{tid}/register", app.base))
            .insert_header(("Cookie", format!("{session}; lang={lang}")))
            .insert_header(("Origin", app.base.clone()))
            .send_json(&entry("Cara", None, Some("2005-06-01")))
            .await
            .unwrap();
        let v: Value = res.json().await.unwrap_or_default();
        assert_eq!((res.status().as_u16(), s(&v, "error")), (403, "not_eligible"), "{lang}: {v}");
        assert!(s(&v, "message").contains("21"), "{lang}: the player's age is named: {v}");
        said.push(s(&v, "message").to_string());
    }
    said.sort();
    said.dedup();
    assert_eq!(said.len(), 4, "{said:?}");
    assert_eq!(app.fingerprint().await.unwrap(), before);

    // Invitation only: the organisers' list of e-mail addresses, private to them.
    let list = json!({ "invited": [" Cara@Club.example ", "dan@club.example", "cara@club.example"] });
    let kept = put(&mut to, &invitations(&tid), &list).await.ok().unwrap();
    assert_eq!(kept["invited"], json!(["cara@club.example", "dan@club.example"]));
    let before = app.fingerprint().await.unwrap();
    let r = put(&mut cara, &invitations(&tid), &json!({ "invited": [] })).await;
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = put(&mut to, &invitations(&tid), &json!({ "invited": ["not an address"] })).await;
    refused(&app, &before, &r, 422, "invalid_field").await;
    patch(&mut to, &settings(&tid), &json!({ "eligibility": { "invitation_only": true } })).await.ok().unwrap();
    let t = app.client().tournament(&tid).await.unwrap().ok().unwrap();
    assert_eq!(t["tournament"]["eligibility"]["invitation_only"], true);
    assert!(!t.to_string().contains("dan@club.example"), "the list is not public: {t}");
    let mut eve = player(&app, "eve@club.example", "Eve").await;
    let before = app.fingerprint().await.unwrap();
    let r = eve.register_with(&tid, &entry("Eve", None, None)).await.unwrap();
    refused(&app, &before, &r, 403, "not_eligible").await;
    assert!(s(&r.body, "message").contains("invitation only"), "{}", r.body);
    cara.register_with(&tid, &entry("Cara", None, None)).await.unwrap().ok().unwrap();
    // The organiser's own entry is their invitation.
    to.post(&format!("/api/tournaments/{tid}/entries"), &json!({ "display_name": "Guest" }))
        .await
        .unwrap()
        .ok()
        .unwrap();

    // A claim code with a band on the server's own rating: the claiming account's rating counts.
    let rules = json!({ "rating": { "source": "arbiter", "min": 1000, "max": 1400 } });
    patch(&mut to, &settings(&tid), &json!({ "eligibility": rules })).await.ok().unwrap();
    let body = json!({ "display_name": "Placeholder", "override_eligibility": true });
    let walk = to.post(&format!("/api/tournaments/{tid}/entries"), &body).await.unwrap().ok().unwrap();
    let code = to.post_empty(&format!("/api/players/{}/claim-code", s(&walk["player"], "id"))).await.unwrap();
    let code = s(&code.ok().unwrap(), "code").to_string();
    let mut fay = player(&app, "fay@club.example", "Fay").await;
    let before = app.fingerprint().await.unwrap();
    let r = fay.post_empty(&format!("/api/claims/{code}")).await.unwrap();
    refused(&app, &before, &r, 403, "not_eligible").await;
    assert!(s(&r.body, "message").starts_with("Placeholder has no Arbiter rating"), "{}", r.body);
    // Lifted rules let the claim through.
    patch(&mut to, &settings(&tid), &json!({ "eligibility": null })).await.ok().unwrap();
    let claimed = fay.post_empty(&format!("/api/claims/{code}")).await.unwrap().ok().unwrap();
    assert_eq!(claimed["player"]["display_name"], "Placeholder");
    let t = app.client().tournament(&tid).await.unwrap().ok().unwrap();
    assert!(t["tournament"]["eligibility"].is_null(), "{t}");
    app.stop().await;
}

#[actix_web::test]
async fn many_registrations_at_once_against_a_band_sqlite() {
    many_at_once(Backend::Sqlite).await;
}

#[actix_web::test]
async fn many_registrations_at_once_against_a_band_postgres() {
    many_at_once(Backend::Postgres).await;
}

/// 24 registrations in flight at once, ratings 1500–1960 in steps of 20:
/// exactly the ten rated 1600–1799 are in, the rest refused, nobody twice.
async fn many_at_once(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut to, _) = sign_up(&app.base, "Organiser").await.unwrap();
    let tid = chess_event(&mut to, "Band Rush").await;
    let rules = json!({ "rating": { "source": "fide", "min": 1600, "max": 1799 } });
    patch(&mut to, &settings(&tid), &json!({ "eligibility": rules })).await.ok().unwrap();
    let mut players = Vec::new();
    for i in 0..24 {
        players.push(sign_up(&app.base, &format!("P{i:02}")).await.unwrap().0);
    }
    let answers =
        join_all(
            players.iter_mut().enumerate().map(|(i, c)| {
                let tid = tid.clone();
                let rating = 1500 + 20 * u32::try_from(i).unwrap();
                async move {
                    (rating, c.register_with(&tid, &entry(&format!("P{i:02}"), Some(rating), None)).await.unwrap())
                }
            }),
        )
        .await;
    let mut admitted = Vec::new();
    for (rating, r) in &answers {
        if (1600..=1799).contains(rating) {
            assert_eq!(r.status.as_u16(), 201, "{rating}: {}", r.body);
            admitted.push(*rating);
        } else {
            assert_eq!((r.status.as_u16(), r.code()), (403, "not_eligible"), "{rating}: {}", r.body);
            assert!(s(&r.body, "message").contains(&format!("rated {rating} (FIDE)")), "{}", r.body);
        }
    }
    assert_eq!(admitted.len(), 10);
    let listed = app.client().players(&tid).await.unwrap().ok().unwrap();
    let mut ratings: Vec<u64> =
        listed["players"].as_array().unwrap().iter().map(|p| p["profile"]["rating"].as_u64().unwrap()).collect();
    ratings.sort_unstable();
    assert_eq!(ratings, (0..10).map(|k| 1600 + 20 * k).collect::<Vec<u64>>(), "exactly the band's players");
    app.stop().await;
}
