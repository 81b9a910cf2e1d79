//! Bad input answers 4xx with a message a person can act on, and changes nothing.

use arbiter_server::client::ApiClient;
use arbiter_tests::{s, Api, Event, TestApp};
use awc::http::Method;
use serde_json::{json, Value};

/// An event in progress: TO, four players, round 1 paired, table 1 reported by its player 1.
struct Fixture {
    app: TestApp,
    to: ApiClient,
    players: Vec<ApiClient>,
    tid: String,
    rid: String,
    /// (pairing id, player1 index, player2 index) per table.
    tables: Vec<(String, usize, usize)>,
}

/// A 40K event of four players (Q1–Q4) in round 1, table 1 reported 70–50.
async fn fixture() -> Fixture {
    let app = TestApp::spawn().await.unwrap();
    let mut e = Event::build(&app.base).name("Bad Input Open").rounds(3).numbered("Q", 4).start().await.unwrap();
    let (rid, tables) = e.pair_next().await.unwrap();
    let tables: Vec<(String, usize, usize)> = tables.into_iter().map(|t| (t.id, t.p1, t.p2)).collect();
    let (pid, p1, _) = tables[0].clone();
    e.players[p1].report_vp(&pid, 70, 50).await.unwrap().ok().unwrap();
    Fixture { app, to: e.to, players: e.players, tid: e.tid, rid, tables }
}

/// Sends the request and checks: the status, an `error` code and a message, and an unchanged database.
async fn refused(
    app: &TestApp,
    who: &mut ApiClient,
    method: Method,
    path: &str,
    body: Option<(&str, String)>,
    status: u16,
    code: &str,
) {
    let before = app.fingerprint().await.unwrap();
    let r = who.send_raw(method.clone(), path, body).await.unwrap();
    assert_eq!(r.status.as_u16(), status, "{method} {path}: {}", r.body);
    assert_eq!(r.code(), code, "{method} {path}: {}", r.body);
    assert!(s(&r.body, "message").len() > 10, "{method} {path}: no message a person can act on: {}", r.body);
    assert_eq!(app.fingerprint().await.unwrap(), before, "{method} {path} changed the database");
}

fn json_body(v: Value) -> Option<(&'static str, String)> {
    Some(("application/json", v.to_string()))
}

#[actix_web::test]
async fn bad_input_is_refused_and_changes_nothing() {
    let mut f = fixture().await;
    let (tid, rid) = (f.tid.clone(), f.rid.clone());
    let (reported, r1, r2) = f.tables[0].clone();
    let (other, o1, _) = f.tables[1].clone();
    let mut anon = f.app.client();
    let mut p = std::mem::take(&mut f.players);

    // Malformed JSON, wrong content type, wrong field types, unknown fields.
    refused(
        &f.app,
        &mut p[o1],
        Method::POST,
        &format!("/api/pairings/{other}/report"),
        Some(("application/json", "{\"player1_vp\": 70,".into())),
        400,
        "invalid_json",
    )
    .await;
    refused(
        &f.app,
        &mut p[o1],
        Method::POST,
        &format!("/api/pairings/{other}/report"),
        Some(("text/plain", "70-50".into())),
        400,
        "invalid_json",
    )
    .await;
    refused(
        &f.app,
        &mut p[o1],
        Method::POST,
        &format!("/api/pairings/{other}/report"),
        json_body(json!({"player1_vp": "seventy", "player2_vp": 50})),
        400,
        "invalid_json",
    )
    .await;
    refused(
        &f.app,
        &mut p[o1],
        Method::POST,
        &format!("/api/pairings/{other}/report"),
        json_body(json!({"player1_vp": 70, "player2_vp": 50, "loser": 2})),
        400,
        "invalid_json",
    )
    .await;
    // A Swiss table's result follows from its score: naming a winner (a playoff tiebreaker's) is refused.
    refused(
        &f.app,
        &mut p[o1],
        Method::POST,
        &format!("/api/pairings/{other}/report"),
        json_body(json!({"player1_vp": 70, "player2_vp": 50, "winner": 1})),
        422,
        "invalid_winner",
    )
    .await;

    // Negative, fractional and absurd VP.
    for (a, b) in [
        (json!(-1), json!(50)),
        (json!(70), json!(-20)),
        (json!(72.5), json!(50)),
        (json!(101), json!(0)),
        (json!(1_000_000_000u64), json!(3)),
    ] {
        refused(
            &f.app,
            &mut p[o1],
            Method::POST,
            &format!("/api/pairings/{other}/report"),
            json_body(json!({"player1_vp": a, "player2_vp": b})),
            422,
            "invalid_vp",
        )
        .await;
    }
    refused(
        &f.app,
        &mut f.to,
        Method::POST,
        &format!("/api/pairings/{other}/override"),
        json_body(json!({"player1_vp": 70, "player2_vp": 250})),
        422,
        "invalid_vp",
    )
    .await;

    // Unknown ids and malformed ids.
    let ghost = uuid::Uuid::new_v4();
    refused(
        &f.app,
        &mut p[o1],
        Method::POST,
        &format!("/api/pairings/{ghost}/report"),
        json_body(json!({"player1_vp": 1, "player2_vp": 0})),
        404,
        "pairing_not_found",
    )
    .await;
    refused(&f.app, &mut f.to, Method::POST, &format!("/api/rounds/{ghost}/close"), None, 404, "round_not_found").await;
    refused(
        &f.app,
        &mut f.to,
        Method::POST,
        &format!("/api/tournaments/{ghost}/advance"),
        json_body(json!({"from": "DRAFT"})),
        404,
        "tournament_not_found",
    )
    .await;
    refused(&f.app, &mut f.to, Method::POST, "/api/rounds/not-a-uuid/close", None, 404, "not_found").await;
    refused(&f.app, &mut f.to, Method::DELETE, &format!("/api/players/{ghost}"), None, 404, "player_not_found").await;

    // Another player's pairing: report, confirm, dispute at a table you are not at.
    refused(
        &f.app,
        &mut p[o1],
        Method::POST,
        &format!("/api/pairings/{reported}/confirm"),
        None,
        403,
        "not_your_table",
    )
    .await;
    refused(
        &f.app,
        &mut p[o1],
        Method::POST,
        &format!("/api/pairings/{reported}/dispute"),
        None,
        403,
        "not_your_table",
    )
    .await;
    refused(
        &f.app,
        &mut p[r1],
        Method::POST,
        &format!("/api/pairings/{other}/report"),
        json_body(json!({"player1_vp": 1, "player2_vp": 0})),
        403,
        "not_your_table",
    )
    .await;

    // Done twice / wrong order: the reporter confirms or re-reports their own report.
    refused(&f.app, &mut p[r1], Method::POST, &format!("/api/pairings/{reported}/confirm"), None, 403, "own_report")
        .await;
    refused(
        &f.app,
        &mut p[r1],
        Method::POST,
        &format!("/api/pairings/{reported}/report"),
        json_body(json!({"player1_vp": 1, "player2_vp": 0})),
        409,
        "already_reported",
    )
    .await;
    refused(
        &f.app,
        &mut p[r2],
        Method::POST,
        &format!("/api/pairings/{reported}/report"),
        json_body(json!({"player1_vp": 1, "player2_vp": 0})),
        409,
        "already_reported",
    )
    .await;
    refused(&f.app, &mut p[o1], Method::POST, &format!("/api/pairings/{other}/confirm"), None, 409, "not_reported")
        .await;
    refused(
        &f.app,
        &mut p[o1],
        Method::POST,
        &format!("/api/tournaments/{tid}/check-in"),
        None,
        409,
        "already_checked_in",
    )
    .await;
    refused(
        &f.app,
        &mut p[o1],
        Method::POST,
        &format!("/api/tournaments/{tid}/register"),
        json_body(json!({"display_name": "Again", "faction": "Orks"})),
        409,
        "registration_closed",
    )
    .await;
    refused(&f.app, &mut f.to, Method::POST, &format!("/api/tournaments/{tid}/rounds"), None, 409, "round_open").await;
    refused(&f.app, &mut f.to, Method::POST, &format!("/api/rounds/{rid}/pairings"), None, 409, "round_not_pending")
        .await;
    refused(&f.app, &mut f.to, Method::POST, &format!("/api/rounds/{rid}/close"), None, 409, "round_incomplete").await;
    refused(&f.app, &mut f.to, Method::DELETE, &format!("/api/tournaments/{tid}"), None, 409, "not_draft").await;

    // A player calling TO actions.
    for (method, path, body) in [
        (Method::POST, format!("/api/tournaments/{tid}/advance"), json_body(json!({"from": "IN_PROGRESS"}))),
        (Method::POST, format!("/api/tournaments/{tid}/lock-lists"), None),
        (Method::POST, format!("/api/tournaments/{tid}/rounds"), None),
        (Method::POST, format!("/api/rounds/{rid}/pairings"), None),
        (Method::POST, format!("/api/rounds/{rid}/close"), None),
        (Method::DELETE, format!("/api/tournaments/{tid}"), None),
    ] {
        refused(&f.app, &mut p[r2], method, &path, body, 403, "not_tournament_organiser").await;
    }
    // Overrides are the judges' too: a player is not on the staff.
    let path = format!("/api/pairings/{reported}/override");
    let body = json_body(json!({"player1_vp": 10, "player2_vp": 0}));
    refused(&f.app, &mut p[r2], Method::POST, &path, body, 403, "not_tournament_staff").await;
    let players = p[r2].players(&tid).await.unwrap().ok().unwrap();
    let victim = s(&players["players"][0], "id").to_string();
    refused(
        &f.app,
        &mut p[r2],
        Method::DELETE,
        &format!("/api/players/{victim}"),
        None,
        403,
        "not_tournament_organiser",
    )
    .await;
    refused(
        &f.app,
        &mut p[r2],
        Method::POST,
        &format!("/api/players/{victim}/check-in"),
        None,
        403,
        "not_tournament_staff",
    )
    .await;

    // No session at all.
    refused(
        &f.app,
        &mut anon,
        Method::POST,
        &format!("/api/pairings/{other}/report"),
        json_body(json!({"player1_vp": 1, "player2_vp": 0})),
        401,
        "not_signed_in",
    )
    .await;
    refused(&f.app, &mut anon, Method::POST, "/api/tournaments", json_body(json!({"name": "x"})), 401, "not_signed_in")
        .await;

    // Invalid values at creation and sign-up.
    refused(
        &f.app,
        &mut f.to,
        Method::POST,
        "/api/tournaments",
        json_body(json!({"name": "", "event_date": "2026-01-01", "format": "f", "total_rounds": 3})),
        422,
        "invalid_field",
    )
    .await;
    refused(
        &f.app,
        &mut f.to,
        Method::POST,
        "/api/tournaments",
        json_body(json!({"name": "X", "event_date": "17/05/2026", "format": "f", "total_rounds": 3})),
        422,
        "invalid_field",
    )
    .await;
    refused(
        &f.app,
        &mut f.to,
        Method::POST,
        "/api/tournaments",
        json_body(json!({"name": "X", "event_date": "2026-01-01", "format": "f", "total_rounds": 0})),
        422,
        "invalid_field",
    )
    .await;
    refused(
        &f.app,
        &mut anon,
        Method::POST,
        "/api/auth/signup",
        json_body(json!({"email": "nope", "password": "a long password", "display_name": "N"})),
        422,
        "invalid_email",
    )
    .await;
    refused(
        &f.app,
        &mut anon,
        Method::POST,
        "/api/auth/signup",
        json_body(json!({"email": "n@x.org", "password": "short", "display_name": "N"})),
        422,
        "weak_password",
    )
    .await;
    refused(
        &f.app,
        &mut anon,
        Method::POST,
        "/api/auth/login",
        json_body(json!({"email": "n@x.org", "password": "a long password"})),
        401,
        "invalid_credentials",
    )
    .await;

    // A cross-site form post is refused even with a valid session.
    let before = f.app.fingerprint().await.unwrap();
    let r = awc::Client::new()
        .post(format!("{}/api/pairings/{reported}/confirm", f.app.base))
        .insert_header(("Origin", "https://evil.example"))
        .insert_header(("Cookie", format!("arbiter_session={}", p[r2].session().unwrap_or_default())))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 403);
    assert_eq!(f.app.fingerprint().await.unwrap(), before);

    // And the legitimate action still works afterwards.
    let ok = p[r2].confirm(&reported).await.unwrap().ok().unwrap();
    assert_eq!(ok["pairing"]["state"], "CONFIRMED");
    f.app.stop().await;
}

/// Every route has a body cap fit for it: over it, 413 in the JSON error
/// format naming the cap, whether the size is declared or the body is sent
/// in chunks; under it (an army list of 50,000 characters) is accepted.
#[actix_web::test]
async fn bodies_over_a_routes_cap_answer_413_json_naming_the_cap() {
    let mut f = fixture().await;
    let big_login = json!({ "email": "x@y.org", "password": "p".repeat(20_000) }).to_string();
    let r = f.to.send_raw(Method::POST, "/api/auth/login", Some(("application/json", big_login))).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (413, "body_too_large"), "{}", r.text);
    assert!(r.body["message"].as_str().unwrap_or_default().contains("at most 8 KB"), "{}", r.body);

    // A long army list fits its route's cap...
    let list = json!({ "list_text": "Boyz ".repeat(9_000) });
    let ok = f.players[0].send(Method::PUT, &format!("/api/tournaments/{}/list", f.tid), Some(&list)).await.unwrap();
    assert_ne!(ok.status.as_u16(), 413, "{}", ok.text);
    // ...but the same body is too large for a report.
    let (pid, p1, _) = f.tables[1].clone();
    let r = f.players[p1].send(Method::POST, &format!("/api/pairings/{pid}/report"), Some(&list)).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (413, "body_too_large"), "{}", r.text);
    assert!(r.body["message"].as_str().unwrap_or_default().contains("at most 16 KB"), "{}", r.body);

    // Chunked (no Content-Length): cut off at the cap, still JSON.
    // 160 KB is within the TRF import's cap: refused for what it says, not its size.
    let (status, body) =
        post_chunked(&f.app.base, &format!("/api/tournaments/{}/trf", f.tid), "text/plain", None).await;
    assert_ne!(status, 413);
    assert!(body["error"].is_string(), "{body}");
    let session = f.players[p1].session().map(str::to_string);
    let report = format!("/api/pairings/{pid}/report");
    let (status, body) = post_chunked(&f.app.base, &report, "application/json", session.as_deref()).await;
    assert_eq!(status, 413);
    assert_eq!(body["error"], "body_too_large", "{body}");
    f.app.stop().await;
}

/// Posts 160 KB of spaces in 40 chunks without a Content-Length; the status and JSON body.
async fn post_chunked(base: &str, path: &str, content_type: &str, session: Option<&str>) -> (u16, Value) {
    let chunks = futures_util::stream::iter(
        (0..40).map(|_| Ok::<_, std::io::Error>(actix_web::web::Bytes::from(vec![b' '; 4096]))),
    );
    let mut req = awc::Client::new().post(format!("{base}{path}")).insert_header(("Content-Type", content_type));
    if let Some(s) = session {
        req = req.insert_header(("Cookie", format!("arbiter_session={s}")));
    }
    let mut res = req.send_stream(chunks).await.unwrap();
    let body = serde_json::from_slice(&res.body().await.unwrap()).unwrap_or(Value::Null);
    (res.status().as_u16(), body)
}

/// A Swiss event without a number of rounds is refused in words a TO
/// understands (on the form and through the API alike).
#[actix_web::test]
async fn a_swiss_without_rounds_is_refused_with_a_plain_reason() {
    let app = TestApp::spawn().await.unwrap();
    let (mut to, _) = app.user("Organiser").await.unwrap();
    let r = to
        .create_tournament(
            &json!({ "name": "No Rounds", "event_date": "2026-05-17", "location": "Hall", "format": "F" }),
        )
        .await
        .unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (422, "rounds_required"), "{}", r.body);
    assert!(r.body["message"].as_str().unwrap_or_default().starts_with("Say how many rounds"), "{}", r.body);
    app.stop().await;
}
