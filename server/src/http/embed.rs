//! Embeds and overlays, opt-in per server (`--embed-origins`): the pages of
//! the origins listed may
//!
//! - read the public `GET` routes of the API from the browser (CORS, Fetch
//!   standard §3.2: `Access-Control-Allow-Origin` naming the origin, never
//!   `*`, and never with credentials, so a cookie is never honoured
//!   cross-site; a preflight may ask for `Authorization`, for a `read`
//!   token);
//! - frame the public board, standings, bracket and overlay pages (CSP
//!   Level 3 `frame-ancestors 'self'` and the origins; `X-Frame-Options`,
//!   which cannot name an origin, is then left out: CSP §6.4.2 has
//!   `frame-ancestors` take its place);
//! - open the live socket of a public view (board, standings, bracket), as
//!   nobody (`http::ws`).
//!
//! Every other origin, route and view is refused as before; without the
//! flag nothing changes.

use crate::config::Settings;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{web, HttpRequest, HttpResponse};
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// The pages another site may frame, as registered.
pub const FRAMED_PAGES: [&str; 4] = ["/t/{id}/board", "/t/{id}/standings", "/t/{id}/bracket", "/t/{id}/overlay"];
/// The live views another site's page may open.
pub const PUBLIC_VIEWS: [&str; 3] = ["board", "standings", "bracket"];
/// Public `GET` routes that are not API (files).
const PUBLIC_FILES: [&str; 1] = ["/t/{id}/schedule.ics"];
/// How long a browser may keep a preflight's answer (seconds).
const PREFLIGHT_MAX_AGE: &str = "600";

/// The request's `Origin` when it is one of `--embed-origins`.
#[must_use]
pub fn listed_origin(req: &HttpRequest, settings: &Settings) -> Option<String> {
    if settings.embed_origins.is_empty() {
        return None;
    }
    let origin = req.headers().get(header::ORIGIN)?.to_str().ok()?;
    let origin = url::Url::parse(origin).ok()?.origin().ascii_serialization();
    settings.embed_origins.contains(&origin).then_some(origin)
}

/// The public `GET` routes: every `GET` of the API that needs no account
/// (its refusals do not include `not_signed_in`), and the schedule file.
fn public_routes() -> &'static BTreeSet<String> {
    static ROUTES: OnceLock<BTreeSet<String>> = OnceLock::new();
    ROUTES.get_or_init(|| {
        let described = super::api::describe(super::register);
        let mut out: BTreeSet<String> = described
            .refusals
            .iter()
            .filter(|((method, path), codes)| {
                method == "GET" && path.starts_with("/api/") && !codes.contains(&crate::error::Code::NotSignedIn)
            })
            .map(|((_, path), _)| path.clone())
            .collect();
        out.extend(PUBLIC_FILES.iter().map(|p| (*p).to_string()));
        out
    })
}

/// Whether the registered route `pattern` is a public `GET` route.
#[must_use]
pub fn is_public_get(pattern: &str) -> bool {
    public_routes().contains(pattern)
}

/// The Content-Security-Policy with `frame-ancestors` set to `ancestors`.
#[must_use]
pub fn content_security_policy(ancestors: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; \
         object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors {ancestors}"
    )
}

/// Middleware (`actix_web::middleware::from_fn(embed)`), outside the
/// security headers: see the module doc.
///
/// # Errors
/// Only what the wrapped service returns.
pub async fn embed(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let Some(settings) = req.app_data::<web::Data<Settings>>().filter(|s| !s.embed_origins.is_empty()).cloned() else {
        return Ok(next.call(req).await?.map_into_left_body());
    };
    let pattern = req.match_pattern().unwrap_or_default();
    let origin = listed_origin(req.request(), &settings).filter(|_| is_public_get(&pattern));
    if let (Some(origin), true) = (&origin, req.method() == Method::OPTIONS) {
        let asks_get = req
            .headers()
            .get(header::ACCESS_CONTROL_REQUEST_METHOD)
            .is_some_and(|m| matches!(m.as_bytes(), b"GET" | b"HEAD"));
        if asks_get {
            let res = preflight(origin, req.headers().get(header::ACCESS_CONTROL_REQUEST_HEADERS));
            return Ok(req.into_response(res).map_into_right_body());
        }
    }
    let safe = matches!(*req.method(), Method::GET | Method::HEAD);
    let framed = FRAMED_PAGES.contains(&pattern.as_str());
    let mut res = next.call(req).await?;
    let headers = res.headers_mut();
    if let (Some(origin), true) = (origin, safe) {
        if let Ok(v) = HeaderValue::from_str(&origin) {
            headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, v);
            headers.append(header::VARY, HeaderValue::from_static("Origin"));
        }
    }
    if framed {
        let ancestors = std::iter::once("'self'".to_string()).chain(settings.embed_origins.iter().cloned());
        let csp = content_security_policy(&ancestors.collect::<Vec<_>>().join(" "));
        if let Ok(v) = HeaderValue::from_str(&csp) {
            headers.insert(header::CONTENT_SECURITY_POLICY, v);
            headers.remove(header::X_FRAME_OPTIONS);
        }
    }
    Ok(res.map_into_left_body())
}

/// The answer to a CORS preflight for a public `GET` from a listed origin:
/// `GET`/`HEAD`, and of the headers asked for only `Authorization` (a
/// token) and `Content-Type`.
fn preflight(origin: &str, asked: Option<&HeaderValue>) -> HttpResponse {
    let allowed: Vec<&str> = asked
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(',').map(str::trim).filter(|h| h.eq_ignore_ascii_case("authorization")).collect())
        .unwrap_or_default();
    let mut res = HttpResponse::NoContent();
    res.insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, origin))
        .insert_header((header::ACCESS_CONTROL_ALLOW_METHODS, "GET, HEAD"))
        .insert_header((header::ACCESS_CONTROL_MAX_AGE, PREFLIGHT_MAX_AGE))
        .insert_header((header::VARY, "Origin"));
    if !allowed.is_empty() {
        res.insert_header((header::ACCESS_CONTROL_ALLOW_HEADERS, allowed.join(", ")));
    }
    res.finish()
}
