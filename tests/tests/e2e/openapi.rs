//! The API described: `GET /api/openapi.json` lists every route of the route
//! table that is API (every path under `/api/` and `/ws/`, and `/healthz`,
//! `/readyz`, `/metrics`: [`arbiter_server::http::openapi::documented`]) and
//! nothing else, each operation with its responses and error codes; `GET
//! /api/docs` shows every one.
//!
//! The route table is read from the source, `server/src/http/**/*.rs`: every
//! handler's route attribute (`#[get("path")]`, `#[post(…)]`…, mounted with
//! `.service(handler)`) and every `.route("path", web::method()…)` call (the
//! pages), outside `#[cfg(test)]` code, however spread over lines. A route the
//! reader cannot read (a path that is not a string literal), or a
//! `web::resource`/`web::scope` (which it does not follow), fails the test, so
//! a route cannot hide from it: one mounted without its description (a
//! `.route(` to an API path) is missing from the document.

use arbiter_server::http::openapi::documented;
use arbiter_tests::{Event, TestApp, WsClient};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// A route: (method in upper case, path template).
type Route = (String, String);

/// The Rust files under `dir`, recursively, in name order.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            out.extend(rust_files(&p));
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
    out
}

/// The routes one source file registers, or what could not be read.
///
/// Comment lines and everything from the first `#[cfg(test)]` on are skipped.
fn routes_in(name: &str, source: &str) -> Result<Vec<Route>, Vec<String>> {
    let code: String = source
        .split("#[cfg(test)]")
        .next()
        .unwrap_or_default()
        .lines()
        .map(|l| if l.trim_start().starts_with("//") { "" } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    let mut routes = Vec::new();
    let mut errors = Vec::new();
    let line_of = |at: usize| code[..at].lines().count().max(1);
    for unsupported in ["web::resource(", "web::scope("] {
        if let Some(at) = code.find(unsupported) {
            errors.push(format!("{name}:{}: `{unsupported}` is not read by this test; extend it", line_of(at)));
        }
    }
    for (at, _) in code.match_indices(".route(") {
        match parse_route(&code[at + ".route(".len()..]) {
            Some(r) => routes.push(r),
            None => errors.push(format!("{name}:{}: a .route( call this test cannot read", line_of(at))),
        }
    }
    for method in ["get", "post", "put", "delete", "patch", "head"] {
        let attribute = format!("#[{method}(");
        for (at, _) in code.match_indices(&attribute) {
            match literal(&code[at + attribute.len()..]) {
                Some((path, _)) => routes.push((method.to_ascii_uppercase(), path.to_string())),
                None => errors.push(format!("{name}:{}: a #[{method}( attribute this test cannot read", line_of(at))),
            }
        }
    }
    if errors.is_empty() {
        Ok(routes)
    } else {
        Err(errors)
    }
}

/// Reads a string literal at the start of `s` (after whitespace): its text and what follows.
fn literal(s: &str) -> Option<(&str, &str)> {
    let s = s.trim_start().strip_prefix('"')?;
    let end = s.find('"')?;
    Some((&s[..end], &s[end + 1..]))
}

/// Reads `"path", web::method()` at the start of `s` (any whitespace between).
fn parse_route(s: &str) -> Option<Route> {
    let (path, s) = literal(s)?;
    let s = s.trim_start().strip_prefix(',')?.trim_start().strip_prefix("web::")?;
    let method: String = s.chars().take_while(char::is_ascii_alphabetic).collect();
    let rest = s[method.len()..].trim_start();
    rest.starts_with("()").then(|| (method.to_ascii_uppercase(), path.to_string()))
}

/// Every route registered under `server/src/http`.
fn route_table() -> BTreeSet<Route> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../server/src/http");
    let mut routes = BTreeSet::new();
    let mut errors = Vec::new();
    for file in rust_files(&dir) {
        let name = file.strip_prefix(&dir).unwrap_or(&file).display().to_string();
        match routes_in(&name, &std::fs::read_to_string(&file).unwrap()) {
            Ok(r) => routes.extend(r),
            Err(e) => errors.extend(e),
        }
    }
    assert!(errors.is_empty(), "the route table could not be read:\n{}", errors.join("\n"));
    routes
}

/// The operations a document lists.
fn operations(doc: &Value) -> BTreeSet<Route> {
    let mut out = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().into_iter().flatten() {
        for method in item.as_object().into_iter().flatten().map(|(m, _)| m) {
            if ["get", "put", "post", "delete", "patch", "head", "options", "trace"].contains(&method.as_str()) {
                out.insert((method.to_ascii_uppercase(), path.clone()));
            }
        }
    }
    out
}

/// What is wrong between the route table and the document: each route that
/// must be documented and is not, and each documented operation no route takes.
fn compare(table: &BTreeSet<Route>, document: &BTreeSet<Route>) -> Vec<String> {
    let mut problems = Vec::new();
    for (method, path) in table.iter().filter(|(_, p)| documented(p)) {
        if !document.contains(&(method.clone(), path.clone())) {
            problems.push(format!("missing from the document: {method} {path}"));
        }
    }
    for (method, path) in document {
        if !table.contains(&(method.clone(), path.clone())) {
            problems.push(format!("documented but not in the route table: {method} {path}"));
        }
    }
    problems
}

#[test]
fn the_comparison_names_a_missing_route_and_a_phantom_one() {
    let route = |m: &str, p: &str| (m.to_string(), p.to_string());
    let table: BTreeSet<Route> = [
        route("GET", "/api/tournaments"),
        route("POST", "/api/tournaments"),
        route("GET", "/ws/tournaments/{id}"),
        route("GET", "/t/{id}"),
        route("GET", "/healthz"),
    ]
    .into();
    let mut doc: BTreeSet<Route> =
        [route("GET", "/api/tournaments"), route("GET", "/ws/tournaments/{id}"), route("GET", "/healthz")].into();
    assert_eq!(compare(&table, &doc), ["missing from the document: POST /api/tournaments"]);
    doc.insert(route("POST", "/api/tournaments"));
    assert!(compare(&table, &doc).is_empty(), "a page (/t/{{id}}) need not be documented");
    doc.insert(route("DELETE", "/api/tournaments"));
    assert_eq!(compare(&table, &doc), ["documented but not in the route table: DELETE /api/tournaments"]);
}

#[test]
fn the_route_reader_follows_calls_over_lines_and_refuses_what_it_cannot_read() {
    let src = "pub fn routes(cfg: &mut web::ServiceConfig) {\n    cfg.route(\"/api/a\", web::get().to(a))\n        \
               .route(\n            \"/api/b/{id}\",\n            web::delete()\n                .to(b),\n        );\n}\n\
               // .route(\"/api/commented\", web::get().to(c))\n#[cfg(test)]\nmod tests { fn t() { x.route(\"/t\", web::get()); } }\n";
    let routes = routes_in("a.rs", src).unwrap();
    assert_eq!(routes, [("GET".to_string(), "/api/a".to_string()), ("DELETE".to_string(), "/api/b/{id}".to_string())]);
    let errors = routes_in("b.rs", "fn r(cfg: &mut X) { cfg.route(PATH, web::get().to(h)); }").unwrap_err();
    assert_eq!(errors, ["b.rs:1: a .route( call this test cannot read"]);
    assert!(routes_in("c.rs", "fn r(cfg: &mut X) { cfg.service(web::scope(\"/api\")); }").is_err());
    // A handler's own route attribute, over lines; one whose path is not a literal is refused.
    let src = "#[utoipa::path(tag = \"x\")]\n#[put(\n    \"/api/c/{id}\"\n)]\nasync fn c() {}\n#[get(\"/d\")]\nasync fn d() {}\n";
    let routes = routes_in("d.rs", src).unwrap();
    assert_eq!(routes, [("GET".to_string(), "/d".to_string()), ("PUT".to_string(), "/api/c/{id}".to_string())]);
    assert_eq!(
        routes_in("e.rs", "#[post(PATH)]\nasync fn e() {}").unwrap_err(),
        ["e.rs:1: a #[post( attribute this test cannot read"]
    );
}

#[test]
fn the_route_table_is_read_whole() {
    let table = route_table();
    // Pages, the operations routes and the API are all there.
    for (m, p) in [
        ("GET", "/"),
        ("GET", "/t/{id}"),
        ("GET", "/healthz"),
        ("POST", "/api/tournaments"),
        ("GET", "/ws/tournaments/{id}"),
        ("GET", "/api/openapi.json"),
    ] {
        assert!(table.contains(&(m.to_string(), p.to_string())), "{m} {p} not read from the source");
    }
    assert!(table.len() > 90, "{} routes", table.len());
}

#[actix_web::test]
async fn the_document_lists_every_route_and_the_page_shows_them() {
    let app = TestApp::spawn().await.unwrap();
    let mut client = app.client();
    let r = client.get("/api/openapi.json").await.unwrap();
    assert_eq!(r.status.as_u16(), 200, "{}", r.body);
    let doc = r.body;
    assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.1")), "openapi: {}", doc["openapi"]);

    let table = route_table();
    let listed = operations(&doc);
    let problems = compare(&table, &listed);
    assert!(problems.is_empty(), "the document and the route table differ:\n{}", problems.join("\n"));
    let api = table.iter().filter(|(_, p)| documented(p)).count();
    assert_eq!(listed.len(), api);

    // Every operation answers something; every error answer is the error body.
    for (path, item) in doc["paths"].as_object().into_iter().flatten() {
        for (method, op) in item.as_object().into_iter().flatten() {
            let responses = op["responses"].as_object().unwrap_or_else(|| panic!("{method} {path}: no responses"));
            assert!(!responses.is_empty(), "{method} {path}: no responses");
            for (status, res) in responses {
                if status.starts_with('4') || (status.starts_with('5') && path != "/readyz") {
                    let schema = &res["content"]["application/json"]["schema"];
                    assert_eq!(
                        schema["allOf"][0]["$ref"], "#/components/schemas/ApiError",
                        "{method} {path} {status}: not the error body"
                    );
                }
            }
        }
    }
    assert!(doc["components"]["schemas"]["ApiError"].is_object());
    assert!(doc["paths"]["/ws/tournaments/{id}"]["get"]["x-websocket"]["server_frames"].is_array());

    // The page shows every operation, without script.
    let (status, html) = client.get_text("/api/docs").await.unwrap();
    assert_eq!(status.as_u16(), 200);
    // The only script element is the page's texts as data (every page carries them).
    let executable = html.matches("<script").count() - html.matches(r#"<script type="application/json""#).count();
    assert_eq!(executable, 0, "the page needs no script");
    for (method, path) in &listed {
        assert!(html.contains(&format!("{method} {path}")), "the page does not show {method} {path}");
    }
    assert!(html.contains("Live socket protocol"));
}

/// `path` with its parameters filled: ids with `id`, round numbers 1, formats `csv`, the game `wh40k`.
fn filled(path: &str, id: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let end = rest[start..].find('}').map_or(rest.len(), |e| start + e);
        out.push_str(match &rest[start + 1..end] {
            "round" | "n" | "group" => "1",
            "format" => "csv",
            "game" => "wh40k",
            _ => id,
        });
        rest = &rest[(end + 1).min(rest.len())..];
    }
    out.push_str(rest);
    out
}

/// What in `value` does not fit `schema`: a required property missing, an
/// object or array where the schema has another type, followed through
/// `$ref`, `allOf`, `oneOf` (the first variant that fits), properties and items.
fn misfits(doc: &Value, schema: &Value, value: &Value, at: &str) -> Vec<String> {
    if let Some(r) = schema["$ref"].as_str() {
        let name = r.rsplit('/').next().unwrap_or_default();
        return misfits(doc, &doc["components"]["schemas"][name], value, at);
    }
    let mut out = Vec::new();
    for part in schema["allOf"].as_array().into_iter().flatten() {
        out.extend(misfits(doc, part, value, at));
    }
    if let Some(variants) = schema["oneOf"].as_array() {
        let fits = variants.iter().any(|v| misfits(doc, v, value, at).is_empty());
        if !fits {
            out.push(format!("{at}: fits none of its oneOf variants"));
        }
        return out;
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let is = |t: &str| types.is_empty() || types.contains(&t);
    match value {
        Value::Null if !is("null") => out.push(format!("{at}: null")),
        Value::Object(map) if is("object") => {
            for key in schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str) {
                if !map.contains_key(key) {
                    out.push(format!("{at}: no `{key}`"));
                }
            }
            for (key, sub) in schema["properties"].as_object().into_iter().flatten() {
                if let Some(v) = map.get(key) {
                    out.extend(misfits(doc, sub, v, &format!("{at}.{key}")));
                }
            }
        }
        Value::Array(items) if is("array") => {
            for (i, v) in items.iter().enumerate() {
                out.extend(misfits(doc, &schema["items"], v, &format!("{at}[{i}]")));
            }
        }
        Value::Object(_) | Value::Array(_) => {
            out.push(format!("{at}: {} where the schema says {types:?}", kind(value)))
        }
        Value::String(_) if !is("string") => out.push(format!("{at}: a string where the schema says {types:?}")),
        Value::Bool(_) if !is("boolean") => out.push(format!("{at}: a boolean where the schema says {types:?}")),
        Value::Number(_) if !is("number") && !is("integer") => {
            out.push(format!("{at}: a number where the schema says {types:?}"));
        }
        _ => {}
    }
    out
}

/// A JSON value's kind, in words.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Object(_) => "an object",
        Value::Array(_) => "an array",
        _ => "a value",
    }
}

/// Every operation, asked by a stranger and by a signed-in account with ids
/// that are not ids, ids of nothing and bodies that are empty or not JSON,
/// answers a status the document lists for it, each error with a code the
/// document lists under that status, and each JSON success fitting its
/// schema (see [`misfits`]).
#[actix_web::test]
async fn the_errors_answered_are_the_errors_documented() {
    use awc::http::Method;
    let app = TestApp::spawn().await.unwrap();
    let mut anon = app.client();
    let doc = anon.get("/api/openapi.json").await.unwrap().body;
    let mut member = app.client();
    member.sign_up("probe@example.com", "correct horse battery staple", "Probe").await.unwrap();
    let unknown = uuid::Uuid::new_v4().to_string();
    // The member's own event, a draft: its routes go past "no such event".
    let mine = member
        .post(
            "/api/tournaments",
            &serde_json::json!({"name": "Probe Open", "event_date": "2026-05-17", "format": "2000pts", "total_rounds": 3}),
        )
        .await
        .unwrap();
    let mine = mine.body["tournament"]["id"].as_str().unwrap_or_else(|| panic!("{}", mine.text)).to_string();
    let mut wrong = Vec::new();
    let mut asked = 0;
    for (path, item) in doc["paths"].as_object().into_iter().flatten() {
        if path == "/api/auth/logout" {
            continue; // signing out would end the member's session for the later requests
        }
        for (method, op) in item.as_object().into_iter().flatten() {
            let m = Method::from_bytes(method.to_ascii_uppercase().as_bytes()).unwrap();
            for id in ["not-an-id", unknown.as_str(), mine.as_str()] {
                for body in
                    [None, Some(("application/json", "{}".to_string())), Some(("application/json", "{".to_string()))]
                {
                    if m == Method::GET && body.is_some() {
                        continue;
                    }
                    for who in [&mut anon, &mut member] {
                        if m == Method::DELETE && path == "/api/tournaments/{id}" && id == mine {
                            continue; // deleting the member's event would leave nothing past "no such event"
                        }
                        let url = filled(path, id);
                        let r = who.send_raw(m.clone(), &url, body.clone()).await.unwrap();
                        asked += 1;
                        let status = r.status.as_u16().to_string();
                        let Some(documented) = op["responses"].get(&status) else {
                            wrong.push(format!("{method} {url}: {status} is not documented ({})", r.text));
                            continue;
                        };
                        if r.status.is_success() {
                            let schema = &documented["content"]["application/json"]["schema"];
                            // A body that is not JSON (a CSV or TRF download) is not checked here.
                            if !schema.is_null() && !r.body.is_null() {
                                for m in misfits(&doc, schema, &r.body, "body") {
                                    wrong.push(format!("{method} {path}: {status} {m}"));
                                }
                            }
                        }
                        if r.status.is_client_error() || r.status.is_server_error() {
                            let codes = documented["x-error-codes"].as_array().cloned().unwrap_or_default();
                            if !codes.iter().any(|c| c.as_str() == Some(r.code())) {
                                wrong.push(format!("{method} {path}: {status} `{}` is not documented", r.code()));
                            }
                        }
                    }
                }
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(asked > 300, "{asked} requests");
    assert!(wrong.is_empty(), "{} answers the document does not list:\n{}", wrong.len(), wrong.join("\n"));
}

/// Every `GET` of a played event (two Swiss rounds, a top cut of two paired)
/// answers the TO, a player and a stranger with bodies that fit the
/// document's schemas: the event, its players, rounds, tables, standings,
/// bracket, ranking, snapshot and every event of its log; and every frame its
/// live socket sends in each view fits the schema of the frame's `type`.
#[actix_web::test]
async fn the_answers_of_a_played_event_fit_their_schemas() {
    use arbiter_tests::Api;
    let app = TestApp::spawn().await.unwrap();
    let mut ev = Event::build(&app.base).rounds(2).players(&["Ann", "Bea", "Cal", "Dee"]).start().await.unwrap();
    let mut last = (String::new(), String::new());
    for _ in 0..2 {
        let (rid, tables) = ev.pair_next().await.unwrap();
        for t in &tables {
            ev.play(t, 60, 40).await.unwrap();
        }
        ev.to.close_round(&rid).await.unwrap().ok().unwrap();
        last = (rid, tables[0].id.clone());
    }
    let tid = ev.tid.clone();
    let cut = serde_json::json!({"cut": 2, "third_place": false});
    let r = ev.to.send(awc::http::Method::PUT, &format!("/api/tournaments/{tid}/playoffs"), Some(&cut)).await.unwrap();
    assert_eq!(r.status.as_u16(), 200, "{}", r.text);
    let r = ev.to.post_empty(&format!("/api/tournaments/{tid}/playoffs/rounds")).await.unwrap();
    assert_eq!(r.status.as_u16(), 201, "{}", r.text);
    let me = ev.to.get("/api/auth/me").await.unwrap().body["user"]["id"].as_str().unwrap().to_string();
    let (rid, pairing) = last;
    let player = ev.registrations[0].clone();

    let mut anon = app.client();
    let doc = anon.get("/api/openapi.json").await.unwrap().body;
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().into_iter().flatten() {
        let Some(op) = item.get("get") else { continue };
        let id = match path.split('/').nth(2) {
            Some("tournaments") => tid.as_str(),
            Some("rounds") => rid.as_str(),
            Some("pairings") => pairing.as_str(),
            Some("players") => player.as_str(),
            Some("users") => me.as_str(),
            _ => tid.as_str(),
        };
        if path.starts_with("/ws/") {
            continue; // a socket, not a body
        }
        // JSON exports, so their bodies are checked too (the prize list is CSV only).
        let url = filled(path, id).replace(".csv", ".json");
        let url = if url.ends_with("prizes.json") { url.replace("prizes.json", "prizes.csv") } else { url };
        for who in [&mut ev.to, &mut ev.players[0], &mut anon] {
            let r = who.get(&url).await.unwrap();
            let status = r.status.as_u16().to_string();
            if !r.status.is_success() || r.body.is_null() {
                continue;
            }
            let schema = &op["responses"][&status]["content"]["application/json"]["schema"];
            if schema.is_null() {
                continue;
            }
            checked += 1;
            for m in misfits(&doc, schema, &r.body, "body") {
                wrong.push(format!("GET {url}: {m}"));
            }
        }
    }
    assert!(checked > 60, "{checked} bodies checked");

    // The socket: every view's frames, a replay, a pong, an error frame and
    // the updates of a change fit the frame schemas their `type` names.
    let frame_schema = |frame: &Value| {
        let name = match frame["type"].as_str().unwrap_or_default() {
            "snapshot" => "SnapshotFrame",
            "event" => "EventFrame",
            "update" => "UpdateFrame",
            "resync" => "ResyncFrame",
            "pong" => "PongFrame",
            "error" => "ErrorFrame",
            _ => "",
        };
        serde_json::json!({ "$ref": format!("#/components/schemas/{name}") })
    };
    let ws = |query: &str| format!("{}/ws/tournaments/{tid}?{query}", app.base.replacen("http", "ws", 1));
    let session = ev.players[0].session().map(str::to_string);
    let mut sockets = Vec::new();
    for query in ["since=0", "view=queue", "view=board", "view=standings", "view=bracket", "view=player"] {
        let socket = WsClient::connect_as(&ws(query), session.as_deref()).await.unwrap();
        sockets.push((query, socket));
    }
    for (_, socket) in &sockets {
        socket.send_text(r#"{"v":1,"type":"ping"}"#).unwrap();
        socket.send_text(r#"{"v":1,"type":"sing"}"#).unwrap();
    }
    let r = ev.to.override_result(&pairing, &serde_json::json!({"player1_vp": 20, "player2_vp": 70})).await.unwrap();
    assert_eq!(r.status.as_u16(), 200, "{}", r.text);
    let mut types = BTreeSet::new();
    for (query, socket) in &mut sockets {
        let frames = socket.collect(std::time::Duration::from_millis(1500)).await;
        assert!(!frames.is_empty(), "{query}: no frames");
        for frame in frames {
            let kind = frame["type"].as_str().unwrap_or_default().to_string();
            assert_eq!(frame["v"], 1, "{query}: {frame}");
            for m in misfits(&doc, &frame_schema(&frame), &frame, &format!("{query} {kind}")) {
                wrong.push(m);
            }
            types.insert(kind);
        }
    }
    for kind in ["snapshot", "event", "update", "pong", "error"] {
        assert!(types.contains(kind), "no {kind} frame seen: {types:?}");
    }
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "{} answers that do not fit their schema:\n{}", wrong.len(), wrong.join("\n"));
}
