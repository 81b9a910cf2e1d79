//! Personal access tokens over HTTP, on SQLite and PostgreSQL: made on the
//! API (the secret shown once, never listed), accepted as `Authorization:
//! Bearer` where the session cookie is (a `read` token reads and is refused
//! every write with 403 `token_read_only`; an `organiser` token writes, from
//! any origin, with no CSRF check), last use recorded, revoked (then 401
//! `token_invalid`, and nobody on public routes), one account unable to
//! touch another's, and many token requests in flight at once; and the
//! `/account` page in Chromium on a phone, making and revoking one.

use super::undo::{delete, refused};
use arbiter_server::client::ApiClient;
use arbiter_tests::{open_tournament, s, sign_up, Api, Backend, TestApp};
use futures_util::future::join_all;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const TOKENS: &str = "/api/account/tokens";

fn event(name: &str) -> Value {
    json!({ "name": name, "event_date": "2026-05-17", "location": "Test Hall", "format": "2000pts Matched Play", "total_rounds": 3 })
}

/// Makes a token with `scope` on `owner`'s session; returns (id, secret).
async fn make(owner: &mut ApiClient, name: &str, scope: &str) -> (String, String) {
    let made = owner.post(TOKENS, &json!({ "name": name, "scope": scope })).await.unwrap();
    assert_eq!(made.status.as_u16(), 201, "{}", made.body);
    (s(&made.body["token"], "id").to_string(), s(&made.body, "secret").to_string())
}

/// Waits (30 s at most) until `owner`'s token `id` has a last use.
async fn until_used(owner: &mut ApiClient, id: &str) -> i64 {
    let start = Instant::now();
    loop {
        let list = owner.get(TOKENS).await.unwrap().ok().unwrap();
        let t = list["tokens"].as_array().unwrap().iter().find(|t| t["id"] == id).cloned().unwrap();
        if let Some(at) = t["last_used_at"].as_i64() {
            return at;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "the token's use was never recorded");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[actix_web::test]
async fn tokens_read_write_revoke_sqlite() {
    tokens(Backend::Sqlite).await;
}

#[actix_web::test]
async fn tokens_read_write_revoke_postgres() {
    tokens(Backend::Postgres).await;
}

async fn tokens(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (mut owner, _) = sign_up(&app.base, "Organiser").await.unwrap();
    let me = owner.get("/api/auth/me").await.unwrap().ok().unwrap();

    // Made: the secret is in the answer once, 256 bits behind a prefix.
    let made = owner.post(TOKENS, &json!({ "name": "Discord bot", "scope": "read" })).await.unwrap();
    assert_eq!(made.status.as_u16(), 201, "{}", made.body);
    let read_secret = s(&made.body, "secret").to_string();
    let read_id = s(&made.body["token"], "id").to_string();
    assert!(read_secret.starts_with("arb_") && read_secret.len() == 47, "{read_secret}");
    assert_eq!(made.body["token"]["scope"], "read");
    assert_eq!(made.body["token"]["name"], "Discord bot");
    assert!(made.body["token"]["last_used_at"].is_null());
    let (org_id, org_secret) = make(&mut owner, "Pairing script", "organiser").await;

    // Listed, oldest first, without secrets; the database keeps only their hashes.
    let list = owner.get(TOKENS).await.unwrap();
    let listed: Vec<&str> = list.body["tokens"].as_array().unwrap().iter().map(|t| s(t, "id")).collect();
    assert_eq!(listed, [read_id.as_str(), org_id.as_str()]);
    assert!(!list.text.contains(&read_secret[4..]) && !list.text.contains(&org_secret[4..]));
    let stored = app.fingerprint().await.unwrap();
    assert!(!stored.contains(&read_secret[4..]) && !stored.contains(&org_secret[4..]), "a secret was stored");

    // Bad names and scopes are refused, and change nothing.
    let before = app.fingerprint().await.unwrap();
    let r = owner.post(TOKENS, &json!({ "name": " ", "scope": "read" })).await.unwrap();
    refused(&app, &before, &r, 422, "invalid_field").await;
    let r = owner.post(TOKENS, &json!({ "name": "x", "scope": "admin" })).await.unwrap();
    refused(&app, &before, &r, 400, "invalid_json").await;
    let r = app.client().get(TOKENS).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (401, "not_signed_in"));

    // A read token is its account on reads...
    let mut reader = ApiClient::with_token(&app.base, &read_secret);
    let who = reader.get("/api/auth/me").await.unwrap().ok().unwrap();
    assert_eq!(who["user"], me["user"]);
    assert_eq!(reader.get(TOKENS).await.unwrap().ok().unwrap()["tokens"].as_array().unwrap().len(), 2);
    let used = until_used(&mut owner, &read_id).await;
    assert!(used >= made.body["token"]["created_at"].as_i64().unwrap());
    // ...and refused every write, changing nothing.
    let before = app.fingerprint().await.unwrap();
    let r = reader.create_tournament(&event("Read only GT")).await.unwrap();
    refused(&app, &before, &r, 403, "token_read_only").await;
    let r = reader.post(TOKENS, &json!({ "name": "more", "scope": "organiser" })).await.unwrap();
    refused(&app, &before, &r, 403, "token_read_only").await;
    let r = delete(&mut reader, &format!("{TOKENS}/{org_id}")).await;
    refused(&app, &before, &r, 403, "token_read_only").await;

    // An organiser token writes as its account: the event is the account's.
    let mut script = ApiClient::with_token(&app.base, &org_secret);
    let tid = open_tournament(&mut script, "Scripted GT", 3).await.unwrap();
    let t = owner.tournament(&tid).await.unwrap().ok().unwrap();
    assert_eq!(t["tournament"]["owner_id"], me["user"]["id"], "{t}");
    // No CSRF check with a token, from any origin; the cookie from another site is refused.
    let http = awc::Client::default();
    let foreign = |req: awc::ClientRequest| req.insert_header(("origin", "https://bot.example.net"));
    let res = foreign(http.post(format!("{}/api/tournaments", app.base)))
        .insert_header(("authorization", format!("Bearer {org_secret}")))
        .send_json(&event("From afar"))
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 201);
    let cookie = owner.session_cookie().unwrap();
    let mut res = foreign(http.post(format!("{}/api/tournaments", app.base)))
        .insert_header(("cookie", cookie))
        .send_json(&event("Forged"))
        .await
        .unwrap();
    let body: Value = res.json().await.unwrap();
    assert_eq!((res.status().as_u16(), body["error"].as_str()), (403, Some("cross_site_request")));
    // With a token the cookie is not read: a bad token with a good cookie is refused.
    let mut res = http
        .get(format!("{}{TOKENS}", app.base))
        .insert_header(("cookie", owner.session_cookie().unwrap()))
        .insert_header(("authorization", "Bearer arb_not-a-token"))
        .send()
        .await
        .unwrap();
    let body: Value = res.json().await.unwrap();
    assert_eq!((res.status().as_u16(), body["error"].as_str()), (401, Some("token_invalid")));

    // Another account cannot see or revoke the tokens.
    let (mut other, _) = sign_up(&app.base, "Someone else").await.unwrap();
    assert_eq!(other.get(TOKENS).await.unwrap().ok().unwrap()["tokens"], json!([]));
    let before = app.fingerprint().await.unwrap();
    let r = delete(&mut other, &format!("{TOKENS}/{read_id}")).await;
    refused(&app, &before, &r, 404, "token_not_found").await;

    // Revoked: refused where an account is needed, nobody where none is.
    let r = delete(&mut owner, &format!("{TOKENS}/{read_id}")).await;
    assert_eq!(r.status.as_u16(), 204, "{}", r.body);
    let r = reader.get("/api/auth/me").await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (401, "token_invalid"));
    let r = reader.get(TOKENS).await.unwrap();
    assert_eq!((r.status.as_u16(), r.code()), (401, "token_invalid"));
    assert_eq!(reader.tournament(&tid).await.unwrap().ok().unwrap()["tournament"]["id"], tid.as_str());
    let before = app.fingerprint().await.unwrap();
    let r = delete(&mut owner, &format!("{TOKENS}/{read_id}")).await;
    refused(&app, &before, &r, 404, "token_not_found").await;
    let listed = owner.get(TOKENS).await.unwrap().ok().unwrap();
    assert_eq!(listed["tokens"].as_array().unwrap().len(), 1);
    assert_eq!(listed["tokens"][0]["id"], org_id.as_str());
}

#[actix_web::test]
async fn tokens_many_at_once_sqlite() {
    many_at_once(Backend::Sqlite).await;
}

#[actix_web::test]
async fn tokens_many_at_once_postgres() {
    many_at_once(Backend::Postgres).await;
}

/// 20 tokens made at once, then 60 requests in flight at once on one
/// organiser token (reads and event creations) and 20 on a read token's
/// writes: every read answered, every write landed once, every refused
/// write changed nothing, and the token's last use written.
async fn many_at_once(backend: Backend) {
    let app = TestApp::spawn_with(backend, None).await.unwrap();
    let (owner, _) = sign_up(&app.base, "Busy organiser").await.unwrap();
    let makers: Vec<ApiClient> = (0..20).map(|_| owner.clone_to(&app.base)).collect();
    let made = join_all(makers.into_iter().enumerate().map(|(i, mut c)| async move {
        let scope = if i == 0 { "organiser" } else { "read" };
        make(&mut c, &format!("token {i}"), scope).await
    }))
    .await;
    let secrets: std::collections::BTreeSet<&str> = made.iter().map(|(_, s)| s.as_str()).collect();
    assert_eq!(secrets.len(), 20, "every secret differs");
    let mut owner = owner;
    assert_eq!(owner.get(TOKENS).await.unwrap().ok().unwrap()["tokens"].as_array().unwrap().len(), 20);

    let (org_id, org) = made[0].clone();
    let read = made[1].1.clone();
    let before_events = owner.get("/api/tournaments/mine").await.unwrap().ok().unwrap();
    let n0 = before_events["tournaments"].as_array().unwrap().len();
    let reads = (0..40).map(|_| {
        let org = org.clone();
        let base = app.base.clone();
        async move {
            let mut c = ApiClient::with_token(&base, &org);
            c.get("/api/auth/me").await.unwrap().ok().unwrap()["user"]["display_name"].clone()
        }
    });
    let writes = (0..20).map(|i| {
        let org = org.clone();
        let base = app.base.clone();
        async move {
            let mut c = ApiClient::with_token(&base, &org);
            let r = c.create_tournament(&event(&format!("Burst {i:02}"))).await.unwrap();
            assert_eq!(r.status.as_u16(), 201, "{}", r.body);
            s(&r.body["tournament"], "id").to_string()
        }
    });
    let refused_writes = (0..20).map(|i| {
        let read = read.clone();
        let base = app.base.clone();
        async move {
            let mut c = ApiClient::with_token(&base, &read);
            let r = c.create_tournament(&event(&format!("Refused {i:02}"))).await.unwrap();
            (r.status.as_u16(), r.code().to_string())
        }
    });
    let (names, ids, refusals) = futures_util::join!(join_all(reads), join_all(writes), join_all(refused_writes));
    assert!(names.iter().all(|n| n == "Busy organiser"), "{names:?}");
    let unique: std::collections::BTreeSet<&String> = ids.iter().collect();
    assert_eq!(unique.len(), 20);
    assert!(refusals.iter().all(|(st, c)| *st == 403 && c == "token_read_only"), "{refusals:?}");
    let after = owner.get("/api/tournaments/mine").await.unwrap().ok().unwrap();
    let names: Vec<&str> = after["tournaments"].as_array().unwrap().iter().map(|t| s(t, "name")).collect();
    assert_eq!(after["tournaments"].as_array().unwrap().len(), n0 + 20, "{names:?}");
    assert_eq!(names.iter().filter(|n| n.starts_with("Burst")).count(), 20);
    assert!(!names.iter().any(|n| n.starts_with("Refused")));
    until_used(&mut owner, &org_id).await;
}

#[actix_web::test]
async fn the_document_declares_cookie_and_bearer() {
    let app = TestApp::spawn().await.unwrap();
    let doc = app.client().get("/api/openapi.json").await.unwrap().ok().unwrap();
    let schemes = &doc["components"]["securitySchemes"];
    assert_eq!(schemes["cookie"]["type"], "apiKey");
    assert_eq!(schemes["cookie"]["in"], "cookie");
    assert_eq!(schemes["cookie"]["name"], "arbiter_session");
    assert_eq!(
        (schemes["bearer"]["type"].as_str(), schemes["bearer"]["scheme"].as_str()),
        (Some("http"), Some("bearer"))
    );
    let op = |method: &str, path: &str| doc["paths"][path][method].clone();
    // Writes need an account, a token with the organiser scope.
    let create = op("post", "/api/tournaments");
    assert_eq!(create["security"], json!([{ "cookie": [] }, { "bearer": ["organiser"] }]));
    assert!(create["responses"]["403"]["x-error-codes"].as_array().unwrap().contains(&json!("token_read_only")));
    assert!(create["responses"]["401"]["x-error-codes"].as_array().unwrap().contains(&json!("token_invalid")));
    // Signed-in reads take a read token; public reads take anyone.
    assert_eq!(op("get", "/api/account/tokens")["security"], json!([{ "cookie": [] }, { "bearer": ["read"] }]));
    assert_eq!(op("get", "/api/tournaments/{id}")["security"], json!([{}, { "cookie": [] }, { "bearer": ["read"] }]));
    assert_eq!(op("get", "/healthz")["security"], json!([{}]));
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            assert!(op["security"].is_array(), "{method} {path} states no requirement");
        }
    }
}

/// The account page in Chromium on a 390-pixel phone: a token made with the
/// form is shown once and works as `Authorization: Bearer`; revoked with its
/// button, it is listed no more and is refused.
#[actix_web::test]
async fn the_account_page_makes_and_revokes_a_token() {
    use arbiter_tests::browser::Browser;
    let app = TestApp::spawn().await.unwrap();
    let (owner, _) = sign_up(&app.base, "Organiser").await.unwrap();
    let b = Browser::start().await.unwrap();
    b.client.set_window_size(390, 844).await.unwrap();
    crate::browser::open_signed_in(&b, &app.base, owner.session().unwrap_or_default(), "/account").await;
    let limit = arbiter_tests::WAIT;
    assert!(b.until("return !!document.getElementById('tokens-none')", limit).await.is_some(), "no tokens yet");
    let fill = "const f = document.getElementById('token-form');
                f.querySelector('[name=name]').value = 'Stream overlay';
                f.querySelector('[name=scope]').value = 'organiser';
                f.querySelector('button[type=submit]').click();
                return true;";
    b.client.execute(fill, vec![]).await.unwrap();
    let secret =
        b.until("const c = document.getElementById('token-secret'); return c && c.textContent.trim();", limit).await;
    let secret = secret.and_then(|v| v.as_str().map(str::to_string)).expect("the secret is shown once");
    assert!(secret.starts_with("arb_"), "{secret}");
    let row =
        "const r = document.querySelector('#tokens-list tbody tr'); return r && r.textContent.replace(/\\s+/g, ' ');";
    let listed = b.until(row, limit).await.unwrap();
    assert!(listed.as_str().unwrap().contains("Stream overlay"), "{listed}");
    let wide = b.client.execute("return document.documentElement.scrollWidth", vec![]).await.unwrap();
    assert!(wide.as_u64().unwrap() <= 390, "no sideways scrolling: {wide}");

    let mut bot = ApiClient::with_token(&app.base, &secret);
    let me = bot.get("/api/auth/me").await.unwrap();
    assert_eq!(me.status.as_u16(), 200, "{}", me.body);
    assert_eq!(s(&me.body["user"], "display_name"), "Organiser", "{}", me.body);

    b.client
        .execute("document.querySelector('#tokens-list button.danger').click(); return true;", vec![])
        .await
        .unwrap();
    assert!(b.until("return !!document.getElementById('tokens-none')", limit).await.is_some(), "revoked: none listed");
    let page = b.client.source().await.unwrap();
    assert!(!page.contains(&secret), "the secret is not shown again");
    let me = bot.get("/api/auth/me").await.unwrap();
    assert_eq!((me.status.as_u16(), me.code()), (401, "token_invalid"), "{}", me.body);
    b.close().await;
    app.stop().await;
}
