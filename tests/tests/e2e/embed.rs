//! Embeds and overlays (`--embed-origins`), on SQLite and PostgreSQL: CORS on
//! public `GET` routes for a listed origin only (not another origin, not a
//! route that needs an account, not a write; a preflight for a token's
//! `Authorization`), the public board, standings, bracket and overlay
//! framable by that origin (other pages still refuse framing), the live
//! socket from that origin on a public view (a private view refused), the
//! iCalendar schedule read back, and nothing of it without the flag. The
//! overlay page in Chromium: transparent, live.

use arbiter_server::config::Settings;
use arbiter_tests::browser::Browser;
use arbiter_tests::{s, Api, Backend, Event, TestApp};
use serde_json::{json, Value};
use std::time::Duration;

const CLUB: &str = "https://club.example.org";
const OTHER: &str = "https://elsewhere.example.net";

async fn embedding(backend: Backend) -> TestApp {
    let (url, dir) = backend.fresh().await.unwrap();
    let mut settings = Settings::new("127.0.0.1:0", url, None);
    settings.embed_origins = vec![CLUB.to_string()];
    TestApp::start_with(settings, dir).await.unwrap()
}

async fn event(app: &TestApp) -> Event {
    Event::build(&app.base)
        .rounds(2)
        .players(&["Ann", "Bea", "Cal", "Dee"])
        .with(json!({ "round_times": ["09:30", "12:45"], "location": "Hall 2, Lyon" }))
        .start()
        .await
        .unwrap()
}

/// An answer: its status, headers and body.
struct Answer {
    status: u16,
    headers: awc::http::header::HeaderMap,
    body: String,
}

impl Answer {
    fn status(&self) -> awc::http::StatusCode {
        awc::http::StatusCode::from_u16(self.status).unwrap()
    }
}

/// `method path` with an `Origin` (and `extra` headers).
async fn from(app: &TestApp, method: &str, path: &str, origin: &str, extra: &[(&str, &str)]) -> Answer {
    let http = awc::Client::default();
    let mut req = http
        .request(awc::http::Method::from_bytes(method.as_bytes()).unwrap(), format!("{}{path}", app.base))
        .insert_header(("origin", origin));
    for (k, v) in extra {
        req = req.insert_header((*k, *v));
    }
    let mut res = req.send().await.unwrap();
    let body = String::from_utf8_lossy(&res.body().limit(4 << 20).await.unwrap()).into_owned();
    Answer { status: res.status().as_u16(), headers: res.headers().clone(), body }
}

fn header(res: &Answer, name: &str) -> Option<String> {
    res.headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_string)
}

#[actix_web::test]
async fn embeds_cors_framing_socket_schedule_sqlite() {
    embeds(Backend::Sqlite).await;
}

#[actix_web::test]
async fn embeds_cors_framing_socket_schedule_postgres() {
    embeds(Backend::Postgres).await;
}

async fn embeds(backend: Backend) {
    let app = embedding(backend).await;
    let mut ev = event(&app).await;
    let tid = ev.tid.clone();
    ev.pair_next().await.unwrap();

    // CORS: the listed origin reads public GET routes; nobody else, nothing else.
    let res = from(&app, "GET", &format!("/api/tournaments/{tid}/standings"), CLUB, &[]).await;
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(header(&res, "access-control-allow-origin").as_deref(), Some(CLUB));
    assert!(header(&res, "vary").is_some_and(|v| v.contains("Origin")));
    assert!(header(&res, "access-control-allow-credentials").is_none(), "cookies are never honoured cross-site");
    let res = from(&app, "GET", &format!("/api/tournaments/{tid}/standings"), OTHER, &[]).await;
    assert_eq!((res.status().as_u16(), header(&res, "access-control-allow-origin")), (200, None));
    let res = from(&app, "GET", "/api/account/tokens", CLUB, &[]).await;
    assert_eq!((res.status().as_u16(), header(&res, "access-control-allow-origin")), (401, None));
    let res = from(&app, "POST", &format!("/api/tournaments/{tid}/advance"), CLUB, &[]).await;
    assert_eq!((res.status().as_u16(), header(&res, "access-control-allow-origin")), (403, None));
    // A preflight for a read token's header on a public GET; none for a write.
    let asks = [("access-control-request-method", "GET"), ("access-control-request-headers", "authorization")];
    let res = from(&app, "OPTIONS", &format!("/api/tournaments/{tid}"), CLUB, &asks).await;
    assert_eq!(res.status().as_u16(), 204);
    assert_eq!(header(&res, "access-control-allow-origin").as_deref(), Some(CLUB));
    assert_eq!(header(&res, "access-control-allow-headers").as_deref(), Some("authorization"));
    assert_eq!(header(&res, "access-control-allow-methods").as_deref(), Some("GET, HEAD"));
    let res =
        from(&app, "OPTIONS", &format!("/api/tournaments/{tid}"), CLUB, &[("access-control-request-method", "DELETE")])
            .await;
    assert!(header(&res, "access-control-allow-origin").is_none());
    let res = from(&app, "OPTIONS", &format!("/api/tournaments/{tid}"), OTHER, &asks).await;
    assert!(header(&res, "access-control-allow-origin").is_none());

    // Framing: the public screens by the listed origin; the others by nobody.
    for page in ["board", "standings", "bracket", "overlay?view=standings"] {
        let res = from(&app, "GET", &format!("/t/{tid}/{page}"), CLUB, &[]).await;
        assert_eq!(res.status().as_u16(), 200, "{page}");
        let csp = header(&res, "content-security-policy").unwrap();
        assert!(csp.contains(&format!("frame-ancestors 'self' {CLUB}")), "{page}: {csp}");
        assert!(header(&res, "x-frame-options").is_none(), "{page}");
    }
    for page in [format!("/t/{tid}"), format!("/t/{tid}/dashboard"), format!("/t/{tid}/me"), "/login".to_string()] {
        let res = from(&app, "GET", &page, CLUB, &[]).await;
        let csp = header(&res, "content-security-policy").unwrap_or_default();
        assert!(csp.contains("frame-ancestors 'none'"), "{page}: {csp}");
        assert_eq!(header(&res, "x-frame-options").as_deref(), Some("DENY"), "{page}");
    }

    // The live socket from the listed origin: public views only.
    let ws = |q: &str| format!("{}/ws/tournaments/{tid}?{q}", app.base.replacen("http", "ws", 1));
    let (res, mut socket) =
        awc::Client::new().ws(ws("view=board")).origin(CLUB).connect().await.expect("a public view from the club");
    assert_eq!(res.status().as_u16(), 101);
    let first = tokio::time::timeout(Duration::from_secs(30), futures_util::StreamExt::next(&mut socket)).await;
    let Ok(Some(Ok(awc::ws::Frame::Text(b)))) = first else { panic!("no snapshot: {first:?}") };
    let snap: Value = serde_json::from_slice(&b).unwrap();
    assert_eq!(snap["type"], "snapshot");
    assert_eq!(snap["data"]["round"]["pairings"].as_array().map(Vec::len), Some(2));
    for (q, origin) in [("view=player", CLUB), ("view=queue", CLUB), ("view=board", OTHER)] {
        let refused = awc::Client::new().ws(ws(q)).origin(origin).connect().await;
        match refused {
            Err(awc::error::WsClientError::InvalidResponseStatus(st)) => assert_eq!(st.as_u16(), 403, "{q} {origin}"),
            other => panic!("{q} from {origin} was not refused: {:?}", other.map(|(r, _)| r.status())),
        }
    }

    // The schedule, read back: the day, and each round at its time, floating local time.
    let res = from(&app, "GET", &format!("/t/{tid}/schedule.ics"), CLUB, &[]).await;
    assert_eq!(header(&res, "access-control-allow-origin").as_deref(), Some(CLUB));
    assert!(header(&res, "content-type").is_some_and(|t| t.starts_with("text/calendar")));
    let text = res.body;
    let events = parse_ics(&text);
    assert_eq!(events.len(), 3, "{text}");
    assert_eq!(events[0]["DTSTART;VALUE=DATE"], "20260517");
    assert_eq!(events[1]["DTSTART"], "20260517T093000");
    assert_eq!(events[1]["DTEND"], "20260517T124500", "round 1 ends when round 2 starts");
    assert_eq!(events[2]["DTSTART"], "20260517T124500");
    assert!(!events[2].contains_key("DTEND"));
    assert_eq!(events[1]["LOCATION"], "Hall 2\\, Lyon");
    assert!(events[1]["SUMMARY"].ends_with("round 1"), "{:?}", events[1]);
    assert_ne!(events[1]["UID"], events[2]["UID"]);
    let r = ev.to.tournament(&tid).await.unwrap().ok().unwrap();
    assert!(events[0]["SUMMARY"].starts_with(s(&r["tournament"], "name")));
}

/// The events of an iCalendar text: lines unfolded (RFC 5545 §3.1), each
/// `VEVENT`'s properties by name (with parameters).
fn parse_ics(text: &str) -> Vec<std::collections::BTreeMap<String, String>> {
    assert!(text.starts_with("BEGIN:VCALENDAR\r\n") && text.ends_with("END:VCALENDAR\r\n"), "{text}");
    assert!(text.split("\r\n").all(|l| l.len() <= 75), "a line over 75 octets");
    let unfolded = text.replace("\r\n ", "");
    let mut events = Vec::new();
    let mut current: Option<std::collections::BTreeMap<String, String>> = None;
    for line in unfolded.split("\r\n").filter(|l| !l.is_empty()) {
        match line {
            "BEGIN:VEVENT" => current = Some(Default::default()),
            "END:VEVENT" => events.extend(current.take()),
            _ => {
                if let (Some(ev), Some((k, v))) = (current.as_mut(), line.split_once(':')) {
                    ev.insert(k.to_string(), v.to_string());
                }
            }
        }
    }
    events
}

#[actix_web::test]
async fn without_the_flag_nothing_is_embeddable() {
    let app = TestApp::spawn().await.unwrap();
    let ev = event(&app).await;
    let tid = ev.tid.clone();
    let res = from(&app, "GET", &format!("/api/tournaments/{tid}"), CLUB, &[]).await;
    assert_eq!((res.status().as_u16(), header(&res, "access-control-allow-origin")), (200, None));
    let res = from(&app, "GET", &format!("/t/{tid}/board"), CLUB, &[]).await;
    assert_eq!(header(&res, "x-frame-options").as_deref(), Some("DENY"));
    let ws = format!("{}/ws/tournaments/{tid}?view=board", app.base.replacen("http", "ws", 1));
    assert!(awc::Client::new().ws(ws).origin(CLUB).connect().await.is_err());
    // The schedule and the link previews are there for everyone.
    let res = from(&app, "GET", &format!("/t/{tid}/schedule.ics"), CLUB, &[]).await;
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(parse_ics(&res.body).len(), 3);
    let (_, page) = ev.to.clone_to(&app.base).get_text(&format!("/t/{tid}")).await.unwrap();
    assert!(page.contains("<meta property=\"og:title\""), "no link preview");
    assert!(page.contains("<meta property=\"og:description\""));
}

/// A stream overlay in Chromium: a transparent page showing the standings'
/// top rows, and one table that follows its result live.
#[actix_web::test]
async fn the_overlay_is_transparent_and_live() {
    let app = embedding(Backend::Sqlite).await;
    let mut ev = event(&app).await;
    let tid = ev.tid.clone();
    let (rid, tables) = ev.pair_next().await.unwrap();
    let round = ev.to.round(&rid).await.unwrap().ok().unwrap();
    let b = Browser::start().await.unwrap();
    b.client.goto(&format!("{}/t/{tid}/overlay?view=standings", app.base)).await.unwrap();
    let rows = b.until("return document.querySelectorAll('#overlay li').length;", Duration::from_secs(30)).await;
    assert_eq!(rows, Some(json!(4)));
    let bg = b
        .client
        .execute(
            "return [getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.body).backgroundColor];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(bg, json!(["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]), "the overlay is transparent");
    let t = &tables[0];
    let pairings = round["round"]["pairings"].as_array().unwrap();
    let table_no = pairings.iter().find(|p| p["id"] == t.id.as_str()).unwrap()["table"].as_u64().unwrap();
    b.client.goto(&format!("{}/t/{tid}/overlay?view=pairing&table={table_no}", app.base)).await.unwrap();
    let shown = b
        .until(&format!("const t = document.querySelectorAll('#overlay .ov-table'); return t.length === 1 && t[0].dataset.table === '{table_no}';"), Duration::from_secs(30))
        .await;
    assert!(shown.is_some(), "one table shown");
    ev.play(t, 71, 29).await.unwrap();
    let live = b
        .until("const s = document.querySelectorAll('#overlay .ov-score'); return s.length === 2 && [s[0].textContent, s[1].textContent];", Duration::from_secs(30))
        .await;
    assert_eq!(live, Some(json!(["71", "29"])), "the overlay follows the result");
    b.close().await;
}
