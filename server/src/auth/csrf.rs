//! Cross-site request forgery protection.
//!
//! 1. **Origin check** (middleware, every unsafe method): a request whose
//!    `Origin` (or, failing that, `Referer`) names another host than the one
//!    it was sent to is refused with 403 `cross_site_request`. Browsers always
//!    send `Origin` on cross-site POSTs; non-browser clients send none and pass.
//! 2. **Form token** (double-submit): HTML forms carry a hidden `csrf_token`
//!    equal to the `arbiter_csrf` cookie the page set; [`check_form_token`]
//!    refuses a form post without a matching pair. JSON requests cannot be sent
//!    cross-site without a CORS preflight (which Arbiter never grants), and
//!    session cookies are SameSite=Lax, so the API needs no token.

use crate::error::ApiError;
use actix_web::body::EitherBody;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::{forward_ready, Service, ServiceRequest, ServiceResponse, Transform};
use actix_web::http::Method;
use actix_web::{HttpRequest, ResponseError};
use futures_util::future::{ready, LocalBoxFuture, Ready};

/// The form-token cookie's name.
pub const COOKIE: &str = "arbiter_csrf";
/// The form field carrying the token.
pub const FIELD: &str = "csrf_token";

/// The request's form token: the existing cookie's value, or a new one the
/// page must set with [`token_cookie`].
#[must_use]
pub fn form_token(req: &HttpRequest) -> (String, bool) {
    match req.cookie(COOKIE) {
        Some(c) if c.value().len() >= 32 => (c.value().to_string(), false),
        _ => (super::session::new_token(), true),
    }
}

/// The cookie holding a form token (readable by forms only through the page).
#[must_use]
pub fn token_cookie(token: &str, secure: bool) -> Cookie<'static> {
    Cookie::build(COOKIE, token.to_string())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(secure)
        .finish()
}

/// Checks a posted form's token against the cookie.
///
/// # Errors
/// 403 `csrf_token_invalid` when either is missing or they differ.
pub fn check_form_token(req: &HttpRequest, posted: &str) -> Result<(), ApiError> {
    match req.cookie(COOKIE) {
        Some(c) if !posted.is_empty() && constant_time_eq(c.value().as_bytes(), posted.as_bytes()) => Ok(()),
        _ => Err(ApiError::forbidden(
            "csrf_token_invalid",
            "This form has expired or did not come from this site. Reload the page and try again.",
        )),
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Whether an unsafe request comes from another site, judged by `Origin`/`Referer` against `Host`.
fn is_cross_site(req: &ServiceRequest) -> bool {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return false;
    }
    let headers = req.headers();
    let source = headers.get("origin").or_else(|| headers.get("referer")).and_then(|v| v.to_str().ok());
    let Some(source) = source else { return false };
    if source == "null" {
        return true;
    }
    let host = req.connection_info().host().to_string();
    let source_host = source.split("://").nth(1).unwrap_or(source).split('/').next().unwrap_or_default();
    !source_host.eq_ignore_ascii_case(&host)
}

/// Middleware applying the Origin check to every route.
#[derive(Clone, Copy, Debug, Default)]
pub struct OriginCheck;

impl<S, B> Transform<S, ServiceRequest> for OriginCheck
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: 'static,
{
    type Response = ServiceResponse<EitherBody<B>>;
    type Error = actix_web::Error;
    type Transform = OriginCheckMiddleware<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, Self::InitError>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(OriginCheckMiddleware { service }))
    }
}

/// The service [`OriginCheck`] wraps.
pub struct OriginCheckMiddleware<S> {
    service: S,
}

impl<S, B> Service<ServiceRequest> for OriginCheckMiddleware<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: 'static,
{
    type Response = ServiceResponse<EitherBody<B>>;
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self::Response, Self::Error>>;

    forward_ready!(service);

    fn call(&self, req: ServiceRequest) -> Self::Future {
        if is_cross_site(&req) {
            let err = ApiError::forbidden(
                "cross_site_request",
                "This request came from another site and was refused. Use Arbiter's own pages.",
            );
            let res = req.into_response(err.error_response()).map_into_right_body();
            return Box::pin(async move { Ok(res) });
        }
        let fut = self.service.call(req);
        Box::pin(async move { Ok(fut.await?.map_into_left_body()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn origin_must_match_host() {
        let same =
            TestRequest::post().insert_header(("host", "a.test:3005")).insert_header(("origin", "http://a.test:3005"));
        assert!(!is_cross_site(&same.to_srv_request()));
        let other =
            TestRequest::post().insert_header(("host", "a.test:3005")).insert_header(("origin", "http://evil.test"));
        assert!(is_cross_site(&other.to_srv_request()));
        let none = TestRequest::post().insert_header(("host", "a.test"));
        assert!(!is_cross_site(&none.to_srv_request()));
        let get = TestRequest::get().insert_header(("host", "a.test")).insert_header(("origin", "http://evil.test"));
        assert!(!is_cross_site(&get.to_srv_request()));
    }

    #[test]
    fn form_tokens_compare_exactly() {
        let req = TestRequest::post().cookie(Cookie::new(COOKIE, "t".repeat(43))).to_http_request();
        assert!(check_form_token(&req, &"t".repeat(43)).is_ok());
        assert!(check_form_token(&req, "other").is_err());
        assert!(check_form_token(&TestRequest::post().to_http_request(), "").is_err());
    }
}
