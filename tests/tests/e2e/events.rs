//! Events with sections: one venue and dates holding several tournaments.
//! The event's API (create, list, read, change), its sections (created in
//! it, or an existing tournament attached), its staff shared by every
//! section, 24 sections created at once (each lands once, in one event),
//! the refusals with their codes and an unchanged database; and a
//! tournament on its own, whose answers do not change.

use super::undo::refused;
use arbiter_server::client::{ApiClient, Reply};
use arbiter_tests::{open_tournament, s, sign_up, Api, Backend, TestApp};
use futures_util::future::join_all;
use serde_json::{json, Value};

/// A chess section's creation body.
pub(crate) fn chess_section(name: &str) -> Value {
    json!({ "name": name, "event_date": "2026-10-03", "location": "Town Hall", "format": "90+30",
            "game": "chess", "pairing_system": "dutch", "total_rounds": 5 })
}

async fn patch(c: &mut ApiClient, path: &str, body: &Value) -> Reply {
    c.send(awc::http::Method::PATCH, path, Some(body)).await.unwrap()
}

async fn put(c: &mut ApiClient, path: &str, body: &Value) -> Reply {
    c.send(awc::http::Method::PUT, path, Some(body)).await.unwrap()
}

/// The names of an event's sections, in order.
fn section_names(e: &Value) -> Vec<String> {
    e["event"]["sections"].as_array().unwrap().iter().map(|t| s(t, "name").to_string()).collect()
}

#[actix_web::test]
async fn events_with_sections_sqlite() {
    events_with_sections(Backend::Sqlite).await;
}

#[actix_web::test]
async fn events_with_sections_postgres() {
    events_with_sections(Backend::Postgres).await;
}

async fn events_with_sections(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut to, _) = sign_up(&app.base, "Organiser").await.unwrap();
    let (mut other, other_id) = sign_up(&app.base, "Other TO").await.unwrap();
    let (mut judge, judge_id) = sign_up(&app.base, "Judge").await.unwrap();

    // A bare tournament, made before any event: its answer has no event.
    let bare = open_tournament(&mut to, "Club Swiss", 3).await.unwrap();
    let before_any = to.tournament(&bare).await.unwrap().ok().unwrap();
    assert!(before_any["tournament"].get("event_id").is_none(), "{before_any}");

    // Refusals of a new event: no name, a last day before the first, signed out.
    let before = app.fingerprint().await.unwrap();
    let r = to.create_event(&json!({ "name": " ", "starts_on": "2026-10-03" })).await.unwrap();
    refused(&app, &before, &r, 422, "invalid_field").await;
    let r = to
        .create_event(&json!({ "name": "Autumn Open", "starts_on": "2026-10-03", "ends_on": "2026-10-02" }))
        .await
        .unwrap();
    refused(&app, &before, &r, 422, "invalid_field").await;
    let r = to.create_event(&json!({ "name": "Autumn Open", "starts_on": "3 October" })).await.unwrap();
    refused(&app, &before, &r, 422, "invalid_field").await;
    let r = ApiClient::new(&app.base).create_event(&json!({ "name": "X", "starts_on": "2026-10-03" })).await.unwrap();
    refused(&app, &before, &r, 401, "not_signed_in").await;

    // The event: a one-day event unless its last day is given.
    let e = to
        .create_event(&json!({ "name": "Autumn Open", "starts_on": "2026-10-03", "ends_on": "2026-10-04",
                               "location": "Town Hall" }))
        .await
        .unwrap();
    assert_eq!(e.status.as_u16(), 201, "{}", e.body);
    let ev = s(&e.body["event"], "id").to_string();
    assert_eq!(e.body["event"]["name"], "Autumn Open");
    assert_eq!(e.body["event"]["starts_on"], "2026-10-03");
    assert_eq!(e.body["event"]["ends_on"], "2026-10-04");
    assert_eq!(e.body["event"]["location"], "Town Hall");
    assert_eq!(e.body["event"]["sections"], json!([]));

    // Sections: the body of a tournament, made in the event.
    for name in ["Open", "U1800"] {
        let t = to.create_section(&ev, &chess_section(name)).await.unwrap();
        assert_eq!(t.status.as_u16(), 201, "{}", t.body);
        assert_eq!(t.body["tournament"]["event_id"], ev.as_str());
        assert_eq!(t.body["tournament"]["status"], "DRAFT");
    }
    let got = to.event(&ev).await.unwrap().ok().unwrap();
    assert_eq!(section_names(&got), ["Open", "U1800"]);
    let open = got["event"]["sections"][0].clone();
    assert_eq!((open["game"].as_str(), open["format"].as_str()), (Some("chess"), Some("90+30")));
    assert_eq!((open["status"].as_str(), open["round"].as_u64()), (Some("DRAFT"), Some(0)));
    let open_id = s(&open, "id").to_string();

    // A draft section is its staff's: the public sees no section yet.
    let public = ApiClient::new(&app.base).event(&ev).await.unwrap().ok().unwrap();
    assert_eq!(section_names(&public), Vec::<String>::new());
    to.advance(&open_id).await.unwrap().ok().unwrap();
    let public = ApiClient::new(&app.base).event(&ev).await.unwrap().ok().unwrap();
    assert_eq!(section_names(&public), ["Open"]);
    assert_eq!(public["event"]["sections"][0]["status"], "REGISTRATION");
    let listed = ApiClient::new(&app.base).get("/api/events").await.unwrap().ok().unwrap();
    assert!(listed["events"].as_array().unwrap().iter().any(|x| x["id"] == ev.as_str()), "{listed}");

    // Refusals of sections: someone else's event, an unknown one, a bad body.
    let before = app.fingerprint().await.unwrap();
    let r = other.create_section(&ev, &chess_section("Juniors")).await.unwrap();
    refused(&app, &before, &r, 403, "not_event_organiser").await;
    let nowhere = uuid::Uuid::new_v4().to_string();
    let r = to.create_section(&nowhere, &chess_section("Juniors")).await.unwrap();
    refused(&app, &before, &r, 404, "event_not_found").await;
    let r = to.event(&nowhere).await.unwrap();
    refused(&app, &before, &r, 404, "event_not_found").await;
    let mut bad = chess_section("Juniors");
    bad["total_rounds"] = json!(0);
    let r = to.create_section(&ev, &bad).await.unwrap();
    refused(&app, &before, &r, 422, "invalid_field").await;
    let r = patch(&mut other, &format!("/api/events/{ev}"), &json!({ "name": "Mine now" })).await;
    refused(&app, &before, &r, 403, "not_event_organiser").await;

    // Attach the bare tournament: its id and URLs stay; again changes nothing.
    let a = to.attach_section(&ev, &bare).await.unwrap().ok().unwrap();
    assert_eq!(a["tournament"]["id"], bare.as_str());
    assert_eq!(a["tournament"]["event_id"], ev.as_str());
    let before = app.fingerprint().await.unwrap();
    let again = to.attach_section(&ev, &bare).await.unwrap();
    assert_eq!(again.status.as_u16(), 200, "{}", again.body);
    assert_eq!(app.fingerprint().await.unwrap(), before, "attaching again changes nothing");
    assert_eq!(section_names(&to.event(&ev).await.unwrap().ok().unwrap()), ["Club Swiss", "Open", "U1800"]);
    // Its settings log says when it joined.
    let log = to.get(&format!("/api/tournaments/{bare}/settings/log")).await.unwrap().ok().unwrap();
    assert!(log.to_string().contains("event_id"), "{log}");

    // One event at most per tournament; someone else's tournament is theirs.
    let e2 = to.create_event(&json!({ "name": "Winter Open", "starts_on": "2026-12-05" })).await.unwrap().ok().unwrap();
    let ev2 = s(&e2["event"], "id").to_string();
    let theirs = open_tournament(&mut other, "Their Swiss", 3).await.unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = to.attach_section(&ev2, &bare).await.unwrap();
    refused(&app, &before, &r, 409, "in_other_event").await;
    let r = to.attach_section(&ev, &theirs).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = other.attach_section(&ev, &theirs).await.unwrap();
    refused(&app, &before, &r, 403, "not_event_organiser").await;

    // The event's staff: only the owner manages it; a co-organiser of the
    // event organises every section, a judge judges every section.
    let r = put(&mut other, &format!("/api/events/{ev}/staff/{judge_id}"), &json!({ "role": "JUDGE" })).await;
    refused(&app, &before, &r, 403, "not_owner").await;
    let r = put(&mut to, &format!("/api/events/{ev}/staff/{nowhere}"), &json!({ "role": "JUDGE" })).await;
    refused(&app, &before, &r, 404, "user_not_found").await;
    let r = judge.advance(&open_id).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    put(&mut to, &format!("/api/events/{ev}/staff/{other_id}"), &json!({ "role": "CO_ORGANISER" })).await.ok().unwrap();
    let staffed =
        put(&mut to, &format!("/api/events/{ev}/staff/{judge_id}"), &json!({ "role": "JUDGE" })).await.ok().unwrap();
    assert_eq!(staffed["event"]["staff"].as_array().unwrap().len(), 2, "{staffed}");
    // The co-organiser now attaches their own tournament and moves the
    // owner's section on; the judge may judge but not organise.
    other.attach_section(&ev, &theirs).await.unwrap().ok().unwrap();
    other.advance(&open_id).await.unwrap().ok().unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = judge.advance(&open_id).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let payments = judge.get(&format!("/api/tournaments/{theirs}/payments")).await.unwrap();
    assert_eq!(payments.status.as_u16(), 200, "a judge of the event is a judge of each section: {}", payments.body);
    // The owner of the attached section keeps managing its own staff.
    let r = to.get(&format!("/api/tournaments/{theirs}/staff")).await.unwrap();
    assert_eq!(r.status.as_u16(), 200, "{}", r.body);
    // Off the event's staff, the rights go at the next request.
    to.send(awc::http::Method::DELETE, &format!("/api/events/{ev}/staff/{other_id}"), None)
        .await
        .unwrap()
        .ok()
        .unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = other.advance(&open_id).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;

    // Changing the event: name, dates, venue ("" clears it).
    let changed = patch(&mut to, &format!("/api/events/{ev}"), &json!({ "name": "Autumn Open 2026", "location": "" }))
        .await
        .ok()
        .unwrap();
    assert_eq!(changed["event"]["name"], "Autumn Open 2026");
    assert!(changed["event"]["location"].is_null(), "{changed}");
    let before = app.fingerprint().await.unwrap();
    let r = patch(&mut to, &format!("/api/events/{ev}"), &json!({ "ends_on": "2026-09-01" })).await;
    refused(&app, &before, &r, 422, "invalid_field").await;
}

#[actix_web::test]
async fn sections_created_at_once_sqlite() {
    sections_at_once(Backend::Sqlite).await;
}

#[actix_web::test]
async fn sections_created_at_once_postgres() {
    sections_at_once(Backend::Postgres).await;
}

/// 24 sections created at once by the event's owner and a co-organiser:
/// each is created once, all in the event, none lost.
async fn sections_at_once(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut to, _) = sign_up(&app.base, "Organiser").await.unwrap();
    let (co, co_id) = sign_up(&app.base, "Co").await.unwrap();
    let e = to.create_event(&json!({ "name": "Big Weekend", "starts_on": "2026-10-03" })).await.unwrap().ok().unwrap();
    let ev = s(&e["event"], "id").to_string();
    put(&mut to, &format!("/api/events/{ev}/staff/{co_id}"), &json!({ "role": "CO_ORGANISER" })).await.ok().unwrap();
    const N: usize = 24;
    let mut clients = Vec::new();
    for i in 0..N {
        let mut c = if i % 2 == 0 { to.clone_to(&app.base) } else { co.clone_to(&app.base) };
        let ev = ev.clone();
        clients.push(async move { c.create_section(&ev, &chess_section(&format!("Section {i:02}"))).await.unwrap() });
    }
    let replies = join_all(clients).await;
    for r in &replies {
        assert_eq!(r.status.as_u16(), 201, "{}", r.body);
    }
    let got = to.event(&ev).await.unwrap().ok().unwrap();
    let mut names = section_names(&got);
    names.sort();
    let expected: Vec<String> = (0..N).map(|i| format!("Section {i:02}")).collect();
    assert_eq!(names, expected, "every section once");
    let mine = to.get("/api/tournaments/mine").await.unwrap().ok().unwrap();
    let in_event = mine["tournaments"].as_array().unwrap().iter().filter(|t| t["event_id"] == ev.as_str()).count();
    assert_eq!(in_event, N / 2, "each section belongs to whoever created it");
}

#[actix_web::test]
async fn one_players_file_for_the_event_sqlite() {
    players_file(Backend::Sqlite).await;
}

#[actix_web::test]
async fn one_players_file_for_the_event_postgres() {
    players_file(Backend::Postgres).await;
}

/// `GET /api/events/{id}/players.csv`: every section's players in one file,
/// section by section, with pairing number, rating, status and payment; the
/// event's staff only.
async fn players_file(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut to, _) = sign_up(&app.base, "Organiser").await.unwrap();
    let (mut stranger, _) = sign_up(&app.base, "Stranger").await.unwrap();
    let e = to.create_event(&json!({ "name": "Spring Open", "starts_on": "2026-04-11" })).await.unwrap().ok().unwrap();
    let ev = s(&e["event"], "id").to_string();
    let mut ids = Vec::new();
    for name in ["Open", "U1600"] {
        let t = to.create_section(&ev, &chess_section(name)).await.unwrap().ok().unwrap();
        let tid = s(&t["tournament"], "id").to_string();
        to.advance(&tid).await.unwrap().ok().unwrap();
        ids.push(tid);
    }
    // The Open: a fee of 25.00 and a cap of 2, three entries (the third waits), one paid.
    let (open, u1600) = (&ids[0], &ids[1]);
    patch(
        &mut to,
        &format!("/api/tournaments/{open}/settings"),
        &json!({ "cap": 2, "fee": { "amount": 2500, "currency": "EUR" } }),
    )
    .await
    .ok()
    .unwrap();
    let entry = |tid: String, name: &'static str, rating: u32| {
        let mut c = to.clone_to(&app.base);
        async move {
            let body = json!({ "display_name": name, "profile": { "rating": rating } });
            let p = c.post(&format!("/api/tournaments/{tid}/entries"), &body).await.unwrap().ok().unwrap();
            s(&p["player"], "id").to_string()
        }
    };
    let magnus = entry(open.clone(), "Magnus Berg", 2210).await;
    entry(open.clone(), "Hikaru Sato", 2150).await;
    entry(open.clone(), "Judit Varga", 2190).await;
    entry(u1600.clone(), "Anna Lind", 1420).await;
    put(&mut to, &format!("/api/players/{magnus}/payment"), &json!({ "state": "paid" })).await.ok().unwrap();

    let before = app.fingerprint().await.unwrap();
    let r = stranger.get(&format!("/api/events/{ev}/players.csv")).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_staff").await;
    let r = ApiClient::new(&app.base).get(&format!("/api/events/{ev}/players.csv")).await.unwrap();
    refused(&app, &before, &r, 401, "not_signed_in").await;

    let csv = to.get(&format!("/api/events/{ev}/players.csv")).await.unwrap();
    assert_eq!(csv.status.as_u16(), 200, "{}", csv.text);
    let lines: Vec<Vec<String>> =
        csv.text.lines().map(|l| l.split(',').map(str::to_string).collect::<Vec<_>>()).collect();
    assert_eq!(lines[0][..6], ["section", "pairing_no", "name", "rating", "status", "payment"]);
    let rows: Vec<[&str; 6]> = lines[1..]
        .iter()
        .map(|l| [l[0].as_str(), l[1].as_str(), l[2].as_str(), l[3].as_str(), l[4].as_str(), l[5].as_str()])
        .collect();
    // No pairing numbers before round 1: registration order; the U1600 has no fee.
    assert_eq!(
        rows[..2],
        [
            ["Open", "", "Magnus Berg", "2210", "entered", "paid"],
            ["Open", "", "Hikaru Sato", "2150", "entered", "owed"]
        ]
    );
    assert_eq!(rows[2][..5], ["Open", "", "Judit Varga", "2190", "waitlisted"]);
    assert_eq!(rows[3], ["U1600", "", "Anna Lind", "1420", "entered", ""]);
    assert_eq!(rows.len(), 4, "{}", csv.text);
}
