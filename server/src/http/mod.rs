//! HTTP: thin handlers by resource (extract → service → respond), the
//! route table, and how malformed requests are answered.

#[macro_use]
pub mod api;
mod account_pages;
mod accounts;
pub mod body_limit;
mod captains;
pub mod catch_panic;
mod chess;
mod chess_teams;
mod clock;
pub mod code_limit;
mod eligibility;
pub mod embed;
mod embed_pages;
mod entries;
mod event_pages;
mod events;
mod exports;
mod health;
pub mod locale;
pub mod metrics;
pub mod openapi;
pub mod pages;
pub mod peer;
mod players;
mod playoffs;
mod prizes;
mod qr;
/// The SVG QR code of an address (the venue board's and the event page's).
pub use qr::svg_of;
mod ratings;
mod results;
mod room_pages;
mod rounds;
pub mod schemas;
mod staff;
mod standings;
mod teams;
mod tokens;
mod tournaments;
pub mod translate;
mod waitlist;
mod ws;

use crate::error::{ApiError, Code};
use actix_web::{error, web, HttpRequest, HttpResponse};
use serde::de::DeserializeOwned;

/// Security headers on every response (unless a handler set its own):
/// a Content-Security-Policy allowing only this site's scripts, styles and
/// connections (no inline script, no framing), `X-Frame-Options: DENY`,
/// `X-Content-Type-Options: nosniff` and `Referrer-Policy: same-origin`
/// (OWASP Secure Headers Project). With `--embed-origins`, [`embed`]
/// lets those origins frame the public screens.
#[must_use]
pub fn security_headers() -> actix_web::middleware::DefaultHeaders {
    actix_web::middleware::DefaultHeaders::new()
        .add(("Content-Security-Policy", embed::content_security_policy("'none'")))
        .add(("X-Frame-Options", "DENY"))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("Referrer-Policy", "same-origin"))
}

/// Registers every route: the extractors' limits and error answers, the
/// described routes ([`register`]) and the fallback for a path no route takes.
pub fn routes(cfg: &mut web::ServiceConfig) {
    // Each route's own cap is applied by `body_limit::cap`; the extractors allow the largest.
    cfg.app_data(web::JsonConfig::default().limit(body_limit::MAX_BODY).error_handler(json_error))
        .app_data(web::PayloadConfig::new(body_limit::MAX_BODY))
        .app_data(web::PathConfig::default().error_handler(path_error))
        .app_data(web::QueryConfig::default().error_handler(query_error))
        .app_data(web::FormConfig::default().limit(body_limit::MAX_BODY).error_handler(form_error));
    register(&mut api::Api::new(cfg));
    cfg.default_service(web::to(not_found));
}

/// The route table, in matching order: each resource's API routes (mounted
/// and described) and pages, then the document and the site's pages.
pub fn register(api: &mut api::Api<'_>) {
    api.configure(health::routes)
        .configure(accounts::routes)
        .configure(tokens::routes)
        .configure_pages(account_pages::routes)
        .configure(tournaments::routes)
        .configure(events::routes)
        .configure(players::routes)
        .configure(entries::routes)
        .configure(waitlist::routes)
        .configure(eligibility::routes)
        .configure(staff::routes)
        .configure(chess::routes)
        .configure(rounds::routes)
        .configure(chess_teams::routes)
        .configure(clock::routes)
        .configure(results::routes)
        .configure(captains::routes)
        .configure_pages(room_pages::routes)
        .configure_pages(event_pages::routes)
        .configure(exports::routes)
        .configure(ratings::routes)
        .configure(prizes::routes)
        .configure(standings::routes)
        .configure(playoffs::routes)
        .configure(teams::routes)
        .configure(ws::routes)
        .configure_pages(qr::routes)
        .configure_pages(embed_pages::routes)
        .configure(openapi::routes)
        .configure_pages(pages::routes);
}

async fn not_found(req: HttpRequest) -> HttpResponse {
    if req.path().starts_with("/api/") || req.path().starts_with("/ws/") {
        error::ResponseError::error_response(&ApiError::not_found(
            Code::NoSuchEndpoint,
            format!("There is no endpoint {} {}.", req.method(), req.path()),
        ))
    } else {
        pages::not_found_page(&req)
    }
}

fn json_error(err: error::JsonPayloadError, req: &HttpRequest) -> actix_web::Error {
    if let error::JsonPayloadError::Overflow { .. }
    | error::JsonPayloadError::OverflowKnownLength { .. }
    | error::JsonPayloadError::Payload(error::PayloadError::Overflow) = &err
    {
        return body_limit::too_large(body_limit::limit_for(req.method(), req.match_pattern().as_deref())).into();
    }
    let message = match &err {
        error::JsonPayloadError::ContentType => {
            "Send the body as JSON with Content-Type: application/json.".to_string()
        }
        error::JsonPayloadError::Deserialize(e) if e.is_data() => {
            format!("The JSON has a wrong or missing field: {e}.")
        }
        error::JsonPayloadError::Deserialize(e) => format!("The body is not valid JSON: {e}."),
        other => format!("The body could not be read: {other}."),
    };
    ApiError::bad_request(Code::InvalidJson, message).into()
}

fn path_error(err: error::PathError, req: &HttpRequest) -> actix_web::Error {
    ApiError::not_found(Code::NotFound, format!("{} is not a valid id ({err}).", req.path())).into()
}

fn query_error(err: error::QueryPayloadError, _: &HttpRequest) -> actix_web::Error {
    ApiError::bad_request(Code::InvalidQuery, format!("The query string is invalid: {err}.")).into()
}

fn form_error(err: error::UrlencodedError, _: &HttpRequest) -> actix_web::Error {
    ApiError::bad_request(Code::InvalidForm, format!("The form could not be read: {err}.")).into()
}

/// Parses an optional JSON body: empty means `T::default()`.
///
/// # Errors
/// 400 `invalid_json`.
pub fn optional_json<T: DeserializeOwned + Default>(body: &[u8]) -> Result<T, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(body)
        .map_err(|e| ApiError::bad_request(Code::InvalidJson, format!("The body is not valid JSON: {e}.")))
}
