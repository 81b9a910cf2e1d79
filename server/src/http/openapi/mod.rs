//! The API described: an OpenAPI 3.1 document generated from the handlers'
//! `#[utoipa::path]` attributes and the request and response types' schemas,
//! served at `GET /api/openapi.json`, and a page that renders it at
//! `GET /api/docs` (server-side, no script).
//!
//! The document covers every JSON route (`/api/…`), the live socket
//! (`/ws/…`, its frames under the operation's `x-websocket`) and the
//! operations routes (`/healthz`, `/readyz`, `/metrics`); the HTML pages
//! (`/`, `/login`, `/t/{id}/…`, `/static/…`…) are not API and are left out
//! ([`documented`] says which paths must be in it). The operations are those
//! of the route table ([`super::register`]), each with the error codes its
//! handler declares ([`super::api::Refusals`]) under their [`Code::status`].

use super::schemas::live;
use crate::app::AppState;
use crate::auth::session::MaybeUser;
use crate::error::Code;
use actix_web::get;
use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::sync::OnceLock;
use utoipa::OpenApi;

/// Where the document is served.
pub const DOCUMENT_PATH: &str = "/api/openapi.json";
/// Where the browsable page is served.
pub const PAGE_PATH: &str = "/api/docs";

/// Whether a route of the route table must be in the document: every path
/// under `/api/` and `/ws/`, and the operations routes. The HTML pages are not.
#[must_use]
pub fn documented(path: &str) -> bool {
    path.starts_with("/api/") || path.starts_with("/ws/") || matches!(path, "/healthz" | "/readyz" | "/metrics")
}

/// The `OpenApi` derive: the document's head, its tags and the schemas no
/// operation names directly (the socket's frames); the operations come from
/// the route table.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Arbiter API",
        description = "Arbiter's HTTP API: JSON in and out, signed in with the `arbiter_session` cookie that \
                       `POST /api/auth/signup` and `POST /api/auth/login` set, or with a personal access token sent as \
                       `Authorization: Bearer` (`components.securitySchemes`; each operation's `security`). Changing requests from another site are \
                       refused (403 `cross_site_request`). Errors are `{\"error\": code, \"message\": …}` plus \
                       `details` where a list helps (the `ApiError` schema; each operation lists the codes it can \
                       answer under each status, and `x-error-codes`); 429 and 503 carry `Retry-After`. A path no \
                       route takes is 404 `no_such_endpoint`, a method a route does not take 405 \
                       `method_not_allowed`. The live socket, `GET /ws/tournaments/{id}`, is described with its \
                       operation (views, frames, `v`, close codes: `x-websocket`). This document covers every route \
                       under `/api/` and `/ws/` and `/healthz`, `/readyz`, `/metrics`; the HTML pages (`/`, \
                       `/login`, `/t/{id}/…`, `/ratings`, `/static/…`) are not API and are not in it.",
        license(name = "AGPL-3.0-or-later", identifier = "AGPL-3.0-or-later"),
    ),
    components(schemas(
        live::PingFrame,
        live::ResumeFrame,
        live::SubscribeFrame,
        live::SnapshotFrame,
        live::EventFrame,
        live::UpdateFrame,
        live::ResyncFrame,
        live::PongFrame,
        live::ErrorFrame,
    )),
    tags(
        (name = "accounts", description = "Sign up, sign in, sign out."),
        (name = "tournaments", description = "Events: create, list, advance through their stages, standings."),
        (name = "events", description = "Events with sections: one venue and dates holding several tournaments."),
        (name = "players", description = "Registration, check-in, dropping out; the TO's player actions; entries without accounts and their claim codes."),
        (name = "rounds", description = "Rounds: open, pair (at once, or as a draft changed by hand and published), close; withdraw pairings, delete, reopen."),
        (name = "staff", description = "An event's co-organisers and judges: invitations, the list, removal."),
        (name = "clock", description = "A round's clock."),
        (name = "results", description = "Reporting, confirming, disputing and overriding a table's result."),
        (name = "teams", description = "Team events: teams, lineups, and the captains' pairing process of 40K team matches."),
        (name = "standings", description = "Tie-breaks, ties and tied groups."),
        (name = "playoffs", description = "The top cut: a single-elimination bracket after the Swiss."),
        (name = "chess", description = "Byes and FIDE TRF files."),
        (name = "prizes", description = "Prize lists, runs and publication."),
        (name = "exports", description = "Players, rounds, standings and ratings as CSV or JSON files."),
        (name = "ratings", description = "Rating leaderboards and an account's ratings."),
        (name = "live", description = "The live socket and its snapshot and event replay."),
        (name = "operations", description = "Health, readiness and metrics."),
        (name = "docs", description = "This document and its page."),
    )
)]
pub struct ApiDoc;

/// The document as JSON: the derive's output with each operation's error
/// responses, the `ApiError` and `ErrorCode` schemas and the socket's
/// `x-websocket` added. Built once.
#[must_use]
pub fn document() -> &'static Value {
    static DOC: OnceLock<Value> = OnceLock::new();
    DOC.get_or_init(build)
}

fn build() -> Value {
    let described = super::api::describe(super::register);
    let mut api = ApiDoc::openapi();
    api.paths.merge(described.paths);
    api.components.get_or_insert_with(utoipa::openapi::Components::new).schemas.extend(described.schemas);
    let mut doc = serde_json::to_value(api).unwrap_or_else(|_| Value::Object(Map::new()));
    let schemas = &mut doc["components"]["schemas"];
    let meanings: Map<String, Value> = Code::ALL
        .iter()
        .map(|c| {
            let status = c.status().map_or_else(|| "chosen".to_string(), |s| s.as_u16().to_string());
            let doc = c.doc().split_whitespace().collect::<Vec<_>>().join(" ");
            (c.as_str().to_string(), object([("status", status.into()), ("description", doc.into())]))
        })
        .collect();
    schemas["ErrorCode"] = object([
        ("type", "string".into()),
        (
            "description",
            "Every error code the API answers; `x-codes` gives each one's HTTP status and when it is answered.".into(),
        ),
        ("enum", Code::ALL.iter().map(|c| c.as_str()).collect::<Vec<_>>().into()),
        ("x-codes", meanings.into()),
    ]);
    schemas["ApiError"] = object([
        ("type", "object".into()),
        (
            "description",
            "An error: a stable snake_case code, a message a person can act on, and details where a list helps.".into(),
        ),
        ("required", vec!["error", "message"].into()),
        (
            "properties",
            object([
                ("error", reference("ErrorCode")),
                (
                    "message",
                    object([
                        ("type", "string".into()),
                        ("description", "What went wrong and what to do, in words.".into()),
                    ]),
                ),
                (
                    "details",
                    object([(
                        "description",
                        "Machine-readable details (e.g. the tables still missing a result).".into(),
                    )]),
                ),
            ]),
        ),
    ]);
    doc["components"]["securitySchemes"] = security_schemes();
    if let Some(paths) = doc["paths"].as_object_mut() {
        for (path, item) in paths.iter_mut() {
            let Some(item) = item.as_object_mut() else { continue };
            for (method, op) in item.iter_mut() {
                let method = method.to_ascii_uppercase();
                let mut codes: Vec<Code> =
                    described.refusals.get(&(method.clone(), path.clone())).map(|c| c.to_vec()).unwrap_or_default();
                let signed_in = codes.contains(&Code::NotSignedIn);
                let writes = !matches!(method.as_str(), "GET" | "HEAD" | "OPTIONS");
                if signed_in {
                    codes.push(Code::TokenInvalid);
                    if writes {
                        codes.push(Code::TokenReadOnly);
                    }
                }
                let reads_caller = match path.as_str() {
                    "/healthz" | "/readyz" | DOCUMENT_PATH | PAGE_PATH => false,
                    "/metrics" => {
                        codes.push(Code::Internal);
                        false
                    }
                    _ => {
                        codes.extend([Code::Internal, Code::DatabaseUnavailable]);
                        true
                    }
                };
                add_errors(op, &codes);
                op["security"] = security(signed_in, writes, reads_caller);
                if path.starts_with("/ws/") {
                    op["description"] = live::DESCRIPTION.into();
                    op["x-websocket"] = websocket();
                }
            }
        }
    }
    doc
}

/// Adds one response per status of `codes`, each the `ApiError` body with
/// `error` narrowed to that status's codes.
fn add_errors(op: &mut Value, codes: &[Code]) {
    let mut by_status: BTreeMap<u16, Vec<&'static str>> = BTreeMap::new();
    for code in codes {
        // `bad_request` has no status of its own; on these routes it is 400.
        let status = code.status().or((*code == Code::BadRequest).then_some(actix_web::http::StatusCode::BAD_REQUEST));
        if let Some(status) = status {
            let list = by_status.entry(status.as_u16()).or_default();
            if !list.contains(&code.as_str()) {
                list.push(code.as_str());
            }
        }
    }
    let Some(responses) = op["responses"].as_object_mut() else { return };
    for (status, mut list) in by_status {
        list.sort_unstable();
        let described: Vec<String> = list.iter().map(|c| format!("`{c}`")).collect();
        let reason =
            actix_web::http::StatusCode::from_u16(status).ok().and_then(|s| s.canonical_reason()).unwrap_or("Error");
        let entry = responses.entry(status.to_string()).or_insert_with(|| Value::Object(Map::new()));
        if entry.get("content").is_some() {
            // The handler answers this status with its own body (readiness).
            continue;
        }
        let narrowed = object([
            ("type", "object".into()),
            ("properties", object([("error", object([("type", "string".into()), ("enum", list.clone().into())]))])),
        ]);
        let schema = object([("allOf", vec![reference("ApiError"), narrowed].into())]);
        *entry = object([
            ("description", format!("{reason}: {}.", described.join(", ")).into()),
            ("content", object([("application/json", object([("schema", schema)]))])),
            ("x-error-codes", list.into()),
        ]);
    }
}

/// How a caller signs in: the session cookie, or a personal access token
/// (`Authorization: Bearer`, RFC 6750) with its scope.
fn security_schemes() -> Value {
    object([
        (
            COOKIE_SCHEME,
            object([
                ("type", "apiKey".into()),
                ("in", "cookie".into()),
                ("name", crate::auth::session::COOKIE.into()),
                (
                    "description",
                    "The session `POST /api/auth/signup` and `POST /api/auth/login` set (HttpOnly, SameSite=Lax). \
                     Changing requests from pages of another site are refused (403 `cross_site_request`)."
                        .into(),
                ),
            ]),
        ),
        (
            BEARER_SCHEME,
            object([
                ("type", "http".into()),
                ("scheme", "bearer".into()),
                ("bearerFormat", "arb_ and 43 base64url characters".into()),
                (
                    "description",
                    "A personal access token (`POST /api/account/tokens`, or the account page), sent as \
                     `Authorization: Bearer <token>`; the cookie is then not read, and no Origin check applies. \
                     Scopes: `read` reads whatever the account may see (any other method is 403 \
                     `token_read_only`), `organiser` does whatever the account may do. A revoked or unknown token \
                     is 401 `token_invalid` where an account is needed, and counts as nobody where none is. Each \
                     operation's `security` names the scope it needs (OpenAPI 3.1 lets a non-OAuth scheme list \
                     roles)."
                        .into(),
                ),
            ]),
        ),
    ])
}

/// The cookie scheme's name in `components.securitySchemes`.
const COOKIE_SCHEME: &str = "cookie";
/// The bearer scheme's name in `components.securitySchemes`.
const BEARER_SCHEME: &str = "bearer";

/// An operation's `security`: one of the schemes (the token with the scope
/// the method needs) when it needs an account; when it only reads who is
/// asking (public routes, whose answer may show the caller more), the
/// schemes or nothing (`{}`); nothing for routes that never look.
fn security(signed_in: bool, writes: bool, reads_caller: bool) -> Value {
    let scope = if writes { "organiser" } else { "read" };
    let cookie = Value::Object([(COOKIE_SCHEME.to_string(), Value::Array(vec![]))].into_iter().collect());
    let bearer = Value::Object([(BEARER_SCHEME.to_string(), vec![scope].into())].into_iter().collect());
    let anyone = Value::Object(Map::new());
    if signed_in {
        vec![cookie, bearer].into()
    } else if reads_caller {
        vec![anyone, cookie, bearer].into()
    } else {
        vec![anyone].into()
    }
}

/// The socket's protocol, machine-readable: version, views, frames, close codes.
fn websocket() -> Value {
    let refs = |names: &[&str]| -> Value { names.iter().copied().map(reference).collect::<Vec<_>>().into() };
    let close: Map<String, Value> = live::CLOSE_CODES.iter().map(|(c, m)| (c.to_string(), (*m).into())).collect();
    object([
        ("version", crate::bus::event::VERSION.into()),
        ("views", vec!["events", "queue", "board", "standings", "bracket", "player"].into()),
        ("client_frames", refs(live::CLIENT_FRAMES)),
        ("server_frames", refs(live::SERVER_FRAMES)),
        ("max_client_frame_bytes", crate::live::session::MAX_FRAME.into()),
        ("close_codes", close.into()),
    ])
}

/// A JSON object of `fields`.
fn object<const N: usize>(fields: [(&str, Value); N]) -> Value {
    Value::Object(fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

/// A `$ref` to the schema `name` of this document.
fn reference(name: &str) -> Value {
    object([("$ref", format!("#/components/schemas/{name}").into())])
}

/// Registers `GET /api/openapi.json` and `GET /api/docs`.
pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(document_json).service(docs_page);
}

refusals!(document_json: []);
/// The document.
#[utoipa::path(
    operation_id = "docs_openapi",
    tag = "docs",
    summary = "This document: OpenAPI 3.1, JSON.",
    responses((status = 200, description = "The document.", body = Object))
)]
#[get("/api/openapi.json")]
async fn document_json() -> HttpResponse {
    HttpResponse::Ok().json(document())
}

refusals!(docs_page: []);
/// The document as a page.
#[utoipa::path(
    operation_id = "docs_page",
    tag = "docs",
    summary = "This document as a page: every operation by tag, the error codes, the live protocol and the schemas.",
    responses((status = 200, description = "The page.", body = String, content_type = "text/html"))
)]
#[get("/api/docs")]
async fn docs_page(state: web::Data<AppState>, req: HttpRequest, user: MaybeUser) -> super::pages::Page {
    let (nav, fresh) = super::pages::nav(&req, user.0.as_ref());
    let page = page::of(document(), nav);
    super::pages::render(&req, &state, &page, fresh.as_deref())
}

mod page;

#[cfg(test)]
mod tests {
    use super::*;
    use askama::Template;
    use std::collections::BTreeSet;

    fn operations(doc: &Value) -> Vec<(String, String, &Value)> {
        let mut out = Vec::new();
        for (path, item) in doc["paths"].as_object().into_iter().flatten() {
            for (method, op) in item.as_object().into_iter().flatten() {
                out.push((method.to_ascii_uppercase(), path.clone(), op));
            }
        }
        out
    }

    #[test]
    fn the_document_is_openapi_3_1_and_every_operation_answers_something() {
        let doc = document();
        assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.1")), "{}", doc["openapi"]);
        let ops = operations(doc);
        assert!(ops.len() > 70, "{} operations", ops.len());
        let mut ids = BTreeSet::new();
        for (method, path, op) in &ops {
            assert!(op["responses"].as_object().is_some_and(|r| !r.is_empty()), "{method} {path} has no response");
            assert!(op["summary"].as_str().is_some_and(|s| !s.is_empty()), "{method} {path} has no summary");
            assert!(ids.insert(op["operationId"].to_string()), "{method} {path}: operationId used twice");
        }
    }

    #[test]
    fn every_error_response_is_the_error_body_with_its_codes() {
        for (method, path, op) in operations(document()) {
            for (status, r) in op["responses"].as_object().into_iter().flatten() {
                let code: u16 = status.parse().unwrap_or(0);
                if code < 400 || (path == "/readyz" && code == 503) {
                    continue;
                }
                let schema = &r["content"]["application/json"]["schema"];
                assert_eq!(
                    schema["allOf"][0]["$ref"], "#/components/schemas/ApiError",
                    "{method} {path} {status} does not answer the error body"
                );
                let codes = r["x-error-codes"].as_array().cloned().unwrap_or_default();
                assert!(!codes.is_empty(), "{method} {path} {status} names no code");
                for c in codes {
                    let c = Code::ALL.iter().find(|k| k.as_str() == c.as_str().unwrap_or_default());
                    let answered = c.and_then(|c| c.status()).map_or(400, |s| s.as_u16());
                    assert_eq!(answered, code, "{method} {path} {status}");
                }
            }
        }
        let listed = document()["components"]["schemas"]["ErrorCode"]["enum"].as_array().map(Vec::len);
        assert_eq!(listed, Some(Code::ALL.len()));
    }

    #[test]
    fn the_socket_is_described_with_its_frames() {
        let op = &document()["paths"]["/ws/tournaments/{id}"]["get"];
        assert_eq!(op["x-websocket"]["version"], 1);
        let params: Vec<&str> =
            op["parameters"].as_array().into_iter().flatten().filter_map(|p| p["name"].as_str()).collect();
        for p in ["id", "view", "from", "to", "offset", "limit", "since"] {
            assert!(params.contains(&p), "no {p} in {params:?}");
        }
        for f in live::CLIENT_FRAMES.iter().chain(live::SERVER_FRAMES) {
            assert!(document()["components"]["schemas"][*f].is_object(), "no schema {f}");
        }
        assert!(document()["components"]["schemas"]["EventData"].is_object());
    }

    #[test]
    fn the_page_lists_every_operation() {
        let html = page::of(document(), arbiter_web::pages::Nav::default()).render().unwrap_or_default();
        for (method, path, _) in operations(document()) {
            let shown = format!("{method} {path}").replace('&', "&amp;");
            assert!(html.contains(&shown), "the page does not show {shown}");
        }
        assert!(html.contains("Live socket protocol") && html.contains("PongFrame"));
        for code in Code::ALL {
            assert!(html.contains(&format!("id=\"code-{code}\"")), "the page does not list {code}");
        }
    }
}
