//! An event's staff: the owner invites a co-organiser (every organiser
//! right but the staff) and a judge (results, disputes, overrides,
//! check-in) by one-time links; each role is enforced on the routes and the
//! dashboard, and a removal takes effect at the member's next request.

use super::undo::refused;
use arbiter_server::client::ApiClient;
use arbiter_tests::{s, Api, Backend, Event, TestApp};
use awc::http::Method;
use futures_util::future::join_all;
use serde_json::json;

async fn invite(ev: &mut Event, role: &str) -> String {
    let r = ev.to.post(&format!("/api/tournaments/{}/staff/invites", ev.tid), &json!({ "role": role })).await.unwrap();
    s(&r.ok().unwrap(), "code").to_string()
}

async fn join(c: &mut ApiClient, code: &str) {
    c.post_empty(&format!("/api/staff-invites/{code}")).await.unwrap().ok().unwrap();
}

/// A new account `name` on `ev`'s staff as `role` (invited by the owner):
/// its client and account id.
pub(crate) async fn member(app: &TestApp, ev: &mut Event, name: &str, role: &str) -> (ApiClient, String) {
    let code = invite(ev, role).await;
    let (mut c, id) = app.user(name).await.unwrap();
    join(&mut c, &code).await;
    (c, id)
}

#[actix_web::test]
async fn staff_roles_are_enforced_and_removal_is_immediate_sqlite() {
    staff(Backend::Sqlite).await;
}

#[actix_web::test]
async fn staff_roles_are_enforced_and_removal_is_immediate_postgres() {
    staff(Backend::Postgres).await;
}

async fn staff(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let mut ev = Event::start(&app.base, "S", 4, 3).await.unwrap();
    let tid = ev.tid.clone();
    let (r1, tables) = ev.pair_next().await.unwrap();
    let (mut judge, judge_id) = app.user("Judge Judy").await.unwrap();
    let (mut co, _) = app.user("Co Org").await.unwrap();
    let (mut stranger, _) = app.user("Stranger").await.unwrap();

    // Invitations: only the owner makes them; each is used once.
    let before = app.fingerprint().await.unwrap();
    let r = stranger.post(&format!("/api/tournaments/{tid}/staff/invites"), &json!({ "role": "JUDGE" })).await.unwrap();
    refused(&app, &before, &r, 403, "not_owner").await;
    let r = ev.to.post(&format!("/api/tournaments/{tid}/staff/invites"), &json!({ "role": "KING" })).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (400, "invalid_json"), "{}", r.body);
    let code = invite(&mut ev, "JUDGE").await;
    let info = app.client().get(&format!("/api/staff-invites/{code}")).await.unwrap().ok().unwrap();
    assert_eq!((s(&info, "role"), s(&info, "tournament_name")), ("JUDGE", "S Open"));
    let (status, page) = app.client().get_text(&format!("/staff/{code}")).await.unwrap();
    assert!(status.is_success() && page.contains("S Open"), "{page}");
    let before = app.fingerprint().await.unwrap();
    let r = ev.to.post_empty(&format!("/api/staff-invites/{code}")).await.unwrap();
    refused(&app, &before, &r, 409, "already_staff").await;
    join(&mut judge, &code).await;
    let before = app.fingerprint().await.unwrap();
    let r = stranger.post_empty(&format!("/api/staff-invites/{code}")).await.unwrap();
    refused(&app, &before, &r, 404, "invite_not_found").await;
    let code = invite(&mut ev, "CO_ORGANISER").await;
    join(&mut co, &code).await;
    let list = judge.get(&format!("/api/tournaments/{tid}/staff")).await.unwrap().ok().unwrap();
    let roles: Vec<(&str, &str)> =
        list["staff"].as_array().unwrap().iter().map(|m| (s(m, "name"), s(m, "role"))).collect();
    assert_eq!(roles, [("Organiser", "OWNER"), ("Judge Judy", "JUDGE"), ("Co Org", "CO_ORGANISER")]);
    let r = stranger.get(&format!("/api/tournaments/{tid}/staff")).await.unwrap();
    assert_eq!(r.code(), "not_tournament_staff");

    // The judge: results and overrides, yes; settings, pairing, prizes, staff, no.
    let t = &tables[0];
    let set = judge.override_result(&t.id, &json!({ "player1_vp": 60, "player2_vp": 40 })).await.unwrap().ok().unwrap();
    assert_eq!(s(&set["pairing"], "state"), "CONFIRMED");
    let before = app.fingerprint().await.unwrap();
    let r = judge.post(&format!("/api/tournaments/{tid}/advance"), &json!({ "from": "IN_PROGRESS" })).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    assert!(s(&r.body, "message").starts_with("A judge cannot"), "{}", r.body);
    let r = judge
        .send(Method::PUT, &format!("/api/tournaments/{tid}/tiebreaks"), Some(&json!({ "config": null })))
        .await
        .unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = judge.post_empty(&format!("/api/tournaments/{tid}/lock-lists")).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = judge.post_empty(&format!("/api/rounds/{r1}/close")).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = judge.post(&format!("/api/tournaments/{tid}/entries"), &json!({ "display_name": "Friend" })).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = judge
        .send(Method::PUT, &format!("/api/tournaments/{tid}/prizes/config"), Some(&json!({ "categories": [] })))
        .await
        .unwrap();
    refused(&app, &before, &r, 403, "not_tournament_organiser").await;
    let r = judge.post(&format!("/api/tournaments/{tid}/staff/invites"), &json!({ "role": "JUDGE" })).await.unwrap();
    refused(&app, &before, &r, 403, "not_owner").await;
    let (status, html) = judge.get_text(&format!("/t/{tid}/dashboard")).await.unwrap();
    assert!(
        status.is_success() && html.contains("data-role=\"JUDGE\"") && !html.contains("/prizes/manage"),
        "{status}"
    );
    // A stranger: nothing.
    let r = stranger.override_result(&tables[1].id, &json!({ "player1_vp": 1, "player2_vp": 2 })).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_staff").await;
    let (status, _) = stranger.get_text(&format!("/t/{tid}/dashboard")).await.unwrap();
    assert_eq!(status.as_u16(), 403);

    // The co-organiser runs the event; the staff stays the owner's.
    for t in &tables[1..] {
        co.override_result(&t.id, &json!({ "player1_vp": 55, "player2_vp": 45 })).await.unwrap().ok().unwrap();
    }
    co.close_round(&r1).await.unwrap().ok().unwrap();
    co.post_empty(&format!("/api/tournaments/{tid}/lock-lists")).await.unwrap().ok().unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = co.send(Method::DELETE, &format!("/api/tournaments/{tid}/staff/{judge_id}"), None).await.unwrap();
    refused(&app, &before, &r, 403, "not_owner").await;
    let (status, html) = co.get_text(&format!("/t/{tid}/dashboard")).await.unwrap();
    assert!(status.is_success() && html.contains("data-role=\"CO_ORGANISER\""));

    // Removed: the judge's very next request is refused.
    ev.to.send(Method::DELETE, &format!("/api/tournaments/{tid}/staff/{judge_id}"), None).await.unwrap().ok().unwrap();
    let before = app.fingerprint().await.unwrap();
    let r = judge.override_result(&tables[0].id, &json!({ "player1_vp": 10, "player2_vp": 90 })).await.unwrap();
    refused(&app, &before, &r, 403, "not_tournament_staff").await;
    let (status, _) = judge.get_text(&format!("/t/{tid}/dashboard")).await.unwrap();
    assert_eq!(status.as_u16(), 403);
    let r = ev.to.send(Method::DELETE, &format!("/api/tournaments/{tid}/staff/{judge_id}"), None).await.unwrap();
    refused(&app, &before, &r, 404, "staff_not_found").await;

    // Several people accept invitations at once; two race for the same one.
    let codes = [invite(&mut ev, "JUDGE").await, invite(&mut ev, "JUDGE").await, invite(&mut ev, "JUDGE").await];
    let mut people = Vec::new();
    for k in 0..4 {
        people.push(app.user(&format!("Helper {k}")).await.unwrap().0);
    }
    let answers = join_all(people.into_iter().enumerate().map(|(k, mut c)| {
        let code = codes[k.min(2)].clone();
        async move { c.post_empty(&format!("/api/staff-invites/{code}")).await.unwrap() }
    }))
    .await;
    assert_eq!(answers.iter().filter(|a| a.status.is_success()).count(), 3);
    assert!(answers.iter().filter(|a| !a.status.is_success()).all(|a| a.code() == "invite_not_found"));
    let list = ev.to.get(&format!("/api/tournaments/{tid}/staff")).await.unwrap().ok().unwrap();
    assert_eq!(list["staff"].as_array().map(Vec::len), Some(5), "the owner, the co-organiser and three judges");
    app.stop().await;
}
