//! The web-facing protections, each as an attacker would try it: a foreign
//! page opening a player's live socket with their cookie, a forged `Origin`
//! behind a spoofed `X-Forwarded-Host`, an off-site `next=`, weak
//! passwords, missing security headers, metrics for anyone, and a Redis
//! blip taking every instance out of the load balancer. (Who may read
//! `/metrics` is unit-tested in `http/health.rs`: a test here could only
//! come from loopback.)

use arbiter_tests::process::RedisProcess;
use arbiter_tests::{Backend, Event, TestApp};
use serde_json::json;
use std::time::Duration;

/// Opens a live socket with these headers; the handshake's HTTP status.
async fn handshake(url: &str, headers: &[(&str, String)]) -> u16 {
    let mut req = awc::Client::new().ws(url);
    for (k, v) in headers {
        req = req.set_header(*k, v.clone());
    }
    match req.connect().await {
        Ok((res, _)) => res.status().as_u16(),
        Err(awc::error::WsClientError::InvalidResponseStatus(s)) => s.as_u16(),
        Err(e) => panic!("handshake failed to run: {e}"),
    }
}

#[actix_web::test]
async fn a_foreign_page_cannot_open_a_players_live_socket() {
    let app = TestApp::spawn().await.unwrap();
    let ev = Event::start(&app.base, "W", 4, 2).await.unwrap();
    let url = format!("{}/ws/tournaments/{}?view=player", app.base.replacen("http", "ws", 1), ev.tid);
    let cookie = format!("arbiter_session={}", ev.players[0].session().unwrap_or_default());
    let host = app.base.trim_start_matches("http://").to_string();
    // The site's own page: accepted.
    let own = handshake(&url, &[("Cookie", cookie.clone()), ("Origin", format!("http://{host}"))]).await;
    assert_eq!(own, 101);
    // Another site, the same cookie: refused.
    let foreign = handshake(&url, &[("Cookie", cookie.clone()), ("Origin", "http://evil.example".into())]).await;
    assert_eq!(foreign, 403);
    // Same host over another scheme is another origin.
    let scheme = handshake(&url, &[("Cookie", cookie.clone()), ("Origin", format!("https://{host}"))]).await;
    assert_eq!(scheme, 403);
    // A spoofed X-Forwarded-Host from a client that is no trusted proxy changes nothing.
    let spoofed = handshake(
        &url,
        &[("Cookie", cookie), ("Origin", "http://evil.example".into()), ("X-Forwarded-Host", "evil.example".into())],
    )
    .await;
    assert_eq!(spoofed, 403);
    app.stop().await;
}

#[actix_web::test]
async fn cross_site_posts_are_refused_by_scheme_and_forwarded_headers_are_not_believed() {
    let app = TestApp::spawn().await.unwrap();
    let (to, _) = app.user("Organiser").await.unwrap();
    let host = app.base.trim_start_matches("http://").to_string();
    let post = |origin: String, forwarded: Option<&'static str>| {
        let mut req = awc::Client::new()
            .post(format!("{}/api/tournaments", app.base))
            .insert_header(("Cookie", format!("arbiter_session={}", to.session().unwrap_or_default())))
            .insert_header(("Origin", origin));
        if let Some(f) = forwarded {
            req = req.insert_header(("X-Forwarded-Host", f));
        }
        req
    };
    let body = json!({ "name": "X", "event_date": "2026-05-17", "location": "L", "format": "F", "total_rounds": 3 });
    let r = post(format!("https://{host}"), None).send_json(&body).await.unwrap();
    assert_eq!(r.status().as_u16(), 403, "another scheme is another origin");
    let r = post("http://evil.example".into(), Some("evil.example")).send_json(&body).await.unwrap();
    assert_eq!(r.status().as_u16(), 403, "X-Forwarded-Host from anyone is ignored");
    let r = post(format!("http://{host}"), None).send_json(&body).await.unwrap();
    assert_eq!(r.status().as_u16(), 201, "the site's own origin");
    app.stop().await;
}

#[actix_web::test]
async fn next_after_sign_in_never_leaves_the_site() {
    let app = TestApp::spawn().await.unwrap();
    let mut c = app.client();
    for evil in ["/%09/evil.example", "//evil.example", "/%5Cevil.example", "https://evil.example", "/%0a/evil.example"]
    {
        let (status, html) = c.get_text(&format!("/login?next={evil}")).await.unwrap();
        assert_eq!(status.as_u16(), 200);
        assert!(html.contains(r#"name="next" value="/""#), "{evil} kept: {}", &html[..html.len().min(2000)]);
    }
    let (_, html) = c.get_text("/login?next=/t/abc/me").await.unwrap();
    assert!(html.contains(r#"name="next" value="/t/abc/me""#));
    app.stop().await;
}

#[actix_web::test]
async fn weak_passwords_are_refused_with_a_reason() {
    let app = TestApp::spawn().await.unwrap();
    for weak in ["password", "12345678", "        ", "qwertyuiop", "carlsen1990"] {
        let r = app
            .client()
            .post(
                "/api/auth/signup",
                &json!({ "email": "new@club.example", "password": weak, "display_name": "Magnus Carlsen" }),
            )
            .await
            .unwrap();
        assert_eq!((r.status.as_u16(), r.code()), (422, "weak_password"), "{weak:?}: {}", r.body);
        assert!(r.body["message"].as_str().unwrap_or_default().contains("too easy to guess") || weak.len() < 8);
    }
    let ok = app
        .client()
        .post(
            "/api/auth/signup",
            &json!({ "email": "new@club.example", "password": "rook lift on h-file", "display_name": "Magnus" }),
        )
        .await
        .unwrap();
    assert_eq!(ok.status.as_u16(), 201, "{}", ok.body);
    app.stop().await;
}

#[actix_web::test]
async fn every_response_carries_the_security_headers() {
    let app = TestApp::spawn().await.unwrap();
    for path in ["/", "/login", "/api/tournaments", "/static/app.css", "/no/such/page"] {
        let res = awc::Client::new().get(format!("{}{path}", app.base)).send().await.unwrap();
        let h = |name: &str| res.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
        let csp = h("content-security-policy");
        assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(h("x-frame-options"), "DENY", "{path}");
        assert_eq!(h("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(h("referrer-policy"), "same-origin", "{path}");
    }
    // No page has an inline script the policy would block.
    let (mut to, _) = app.user("Organiser").await.unwrap();
    let (_, html) = to.get_text("/tournaments/new").await.unwrap();
    assert!(!html.contains("<script>"), "an inline script on the new-event page");
    app.stop().await;
}

#[actix_web::test]
async fn a_redis_blip_degrades_readiness_without_failing_it() {
    let mut redis = RedisProcess::spawn().await.unwrap();
    let app = TestApp::spawn_with(Backend::Sqlite, Some(redis.url())).await.unwrap();
    let r = app.client().get("/readyz").await.unwrap();
    assert_eq!((r.status.as_u16(), r.body["status"].as_str()), (200, Some("ready")));
    redis.stop();
    let mut degraded = None;
    for _ in 0..50 {
        let r = app.client().get("/readyz").await.unwrap();
        if r.body["status"] == "degraded" {
            degraded = Some(r);
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let r = degraded.expect("readiness never reported the bus as down");
    assert_eq!(r.status.as_u16(), 200, "still serving: a load balancer keeps it");
    assert_eq!(r.body["bus"]["ok"], false);
    redis.start().await.unwrap();
    app.stop().await;
}
