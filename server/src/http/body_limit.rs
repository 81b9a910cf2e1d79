//! Request body caps per route, and JSON for every API error.
//!
//! [`cap`] gives each route the body size it needs ([`limit_for`]): a
//! sign-in is a few hundred bytes, an army list up to 50,000 characters, a
//! TRF import megabytes. A declared `Content-Length` over the cap is refused
//! before anything is read; a chunked body is cut off when it passes it. Both
//! answer 413 `body_too_large`, saying the cap. A GET's payload is left alone:
//! on a WebSocket upgrade it is the live stream.
//!
//! [`json_errors`] turns the plain-text errors actix itself answers with
//! (a body over the cap read as bytes, a wrong method, a malformed header)
//! into the API's JSON error format on `/api/` routes.

use crate::error::{ApiError, Code, Fill};
use actix_web::body::{BoxBody, EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::{header, Method, StatusCode};
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers, Next};
use actix_web::web::Bytes;
use actix_web::{HttpMessage as _, ResponseError};
use futures_util::{Stream, StreamExt as _};

/// The largest body any route takes (a TRF import): the extractors' own limit.
pub const MAX_BODY: usize = 4 * 1024 * 1024;

/// The body cap of a route, by method and route pattern: 8 KiB for sign-in
/// and sign-up, 256 KiB where an army list, a profile, a prize
/// configuration, a round's draft layout or the pairing constraints are
/// sent, 1 MiB for a prize list or roster CSV, [`MAX_BODY`] for a TRF
/// import, 16 KiB for everything else (a report, a new event, a tie-break list).
#[must_use]
pub fn limit_for(method: &Method, pattern: Option<&str>) -> usize {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS | Method::DELETE) {
        return 8 * 1024;
    }
    match pattern.unwrap_or_default() {
        "/api/auth/signup" | "/api/auth/login" | "/api/auth/logout" | "/login" | "/signup" | "/logout" => 8 * 1024,
        "/api/tournaments/{id}/trf" => MAX_BODY,
        "/api/tournaments/{id}/prizes/import"
        | "/t/{id}/prizes/manage/import"
        | "/api/tournaments/{id}/entries.csv" => 1024 * 1024,
        "/api/tournaments/{id}/register"
        | "/api/tournaments/{id}/list"
        | "/api/players/{id}/profile"
        | "/api/players/{id}"
        | "/api/tournaments/{id}/prizes/config"
        | "/api/rounds/{id}/draft"
        | "/api/tournaments/{id}/constraints"
        | "/t/{id}/prizes/manage/rules" => 256 * 1024,
        _ => 16 * 1024,
    }
}

/// 413 `body_too_large`, naming the cap ("8 KB", "256 KB", "4 MB").
#[must_use]
pub fn too_large(limit: usize) -> ApiError {
    let (id, size) = if limit >= 1024 * 1024 {
        ("refusal-body-too-large-mb", limit / (1024 * 1024))
    } else {
        ("refusal-body-too-large-kb", limit / 1024)
    };
    ApiError::too_large(Code::BodyTooLarge, "").text(id, [("size", Fill::from(&size))])
}

/// A payload stream that fails with [`PayloadError::Overflow`] past `limit` bytes.
fn capped(
    inner: impl Stream<Item = Result<Bytes, PayloadError>> + 'static,
    limit: usize,
) -> impl Stream<Item = Result<Bytes, PayloadError>> {
    inner.scan(0usize, move |seen, chunk| {
        let item = match chunk {
            Ok(bytes) => {
                *seen += bytes.len();
                if *seen > limit {
                    Err(PayloadError::Overflow)
                } else {
                    Ok(bytes)
                }
            }
            Err(e) => Err(e),
        };
        futures_util::future::ready(Some(item))
    })
}

/// Middleware (`actix_web::middleware::from_fn(cap)`): the route's body cap.
///
/// # Errors
/// Only what the wrapped service returns; an oversized body is answered 413.
pub async fn cap(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let limit = limit_for(req.method(), req.match_pattern().as_deref());
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        let res = too_large(limit).error_response();
        return Ok(req.into_response(res).map_into_right_body());
    }
    // A GET has no body to cap, and on a WebSocket upgrade the payload is the
    // live stream (its frames are capped by the socket's own frame limit).
    if matches!(*req.method(), Method::GET | Method::HEAD) {
        return Ok(next.call(req).await?.map_into_left_body());
    }
    let payload = req.take_payload();
    let stream: std::pin::Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>> = Box::pin(capped(payload, limit));
    req.set_payload(Payload::from(stream));
    Ok(next.call(req).await?.map_into_left_body())
}

/// The JSON error for a status actix answered by itself.
fn api_error_for(status: StatusCode, limit: usize) -> ApiError {
    match status {
        StatusCode::PAYLOAD_TOO_LARGE => too_large(limit),
        StatusCode::METHOD_NOT_ALLOWED => {
            ApiError::new(status, Code::MethodNotAllowed, "This endpoint does not take this HTTP method.")
        }
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::new(
            status,
            Code::UnsupportedMediaType,
            "Send the body as JSON with Content-Type: application/json.",
        ),
        s if s.is_server_error() => ApiError::internal(format!("plain {s} answered by the framework")),
        s => ApiError::new(
            s,
            Code::BadRequest,
            "The request could not be read (a malformed header, body or encoding). Check it and try again.",
        ),
    }
}

/// Middleware: any error response on an `/api/` route that is not already
/// JSON (actix's own answers) is replaced by the JSON error for its status.
#[must_use]
pub fn json_errors<B: MessageBody + 'static>() -> ErrorHandlers<B> {
    ErrorHandlers::new().default_handler(|res: ServiceResponse<B>| {
        let is_json = res
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/json"));
        let api = res.request().path().starts_with("/api/");
        if is_json || !api {
            return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
        }
        let limit = limit_for(res.request().method(), res.request().match_pattern().as_deref());
        let (req, old) = res.into_parts();
        let mut fresh = api_error_for(old.status(), limit).error_response();
        if let Some(allow) = old.headers().get(header::ALLOW) {
            fresh.headers_mut().insert(header::ALLOW, allow.clone());
        }
        let fresh: actix_web::HttpResponse<BoxBody> = fresh;
        Ok(ErrorHandlerResponse::Response(ServiceResponse::new(req, fresh).map_into_right_body()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_get_the_caps_they_need() {
        assert_eq!(limit_for(&Method::POST, Some("/api/auth/login")), 8 * 1024);
        assert_eq!(limit_for(&Method::POST, Some("/api/tournaments/{id}/register")), 256 * 1024);
        assert_eq!(limit_for(&Method::POST, Some("/api/tournaments/{id}/trf")), MAX_BODY);
        assert_eq!(limit_for(&Method::POST, Some("/api/pairings/{id}/report")), 16 * 1024);
        assert_eq!(limit_for(&Method::POST, None), 16 * 1024);
        assert!(too_large(16 * 1024).message().contains("at most 16 KB"));
        assert!(too_large(MAX_BODY).message().contains("at most 4 MB"));
    }

    #[actix_web::test]
    async fn a_chunked_body_is_cut_off_past_the_cap() {
        let chunks = futures_util::stream::iter((0..5).map(|_| Ok::<_, PayloadError>(Bytes::from(vec![b'x'; 1000]))));
        let got: Vec<_> = capped(chunks, 2500).collect().await;
        assert_eq!(got.iter().filter(|c| c.is_ok()).count(), 2);
        assert!(matches!(got[2], Err(PayloadError::Overflow)));
    }
}
