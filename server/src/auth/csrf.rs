//! Cross-site request forgery protection.
//!
//! 1. **Origin check** (middleware, every unsafe method; and the WebSocket
//!    upgrade): a request whose `Origin` (or, failing that, `Referer`) is not
//!    this server's origin — scheme, host and port — is refused with 403
//!    `cross_site_request`. The server's origin is `--public-url`'s, or else
//!    `http://` + the request's `Host` (`X-Forwarded-Proto`/`-Host` count only
//!    from a trusted proxy). Browsers always send `Origin` on cross-site POSTs
//!    and WebSocket handshakes; non-browser clients send none and pass (they
//!    cannot carry a victim's cookies).
//! 2. **Form token** (double-submit): HTML forms carry a hidden `csrf_token`
//!    equal to the `arbiter_csrf` cookie the page set; [`check_form_token`]
//!    refuses a form post without a matching pair. JSON requests cannot be sent
//!    cross-site without a CORS preflight (which Arbiter never grants), and
//!    session cookies are SameSite=Lax, so the API needs no token.

use crate::app::AppState;
use crate::config::Settings;
use crate::error::ApiError;
use actix_web::body::EitherBody;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::{forward_ready, Service, ServiceRequest, ServiceResponse, Transform};
use actix_web::http::Method;
use actix_web::{web, HttpRequest, ResponseError};
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

/// This server's origin as the client sees it (see the module doc).
#[must_use]
pub fn server_origin(req: &HttpRequest, settings: &Settings) -> Option<url::Origin> {
    if let Some(public) = &settings.public_url {
        return Some(public.origin());
    }
    let headers = req.headers();
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim);
    let from_proxy = req.peer_addr().is_some_and(|p| settings.trusted_proxies.contains(&p.ip()));
    let forwarded = |name: &str| if from_proxy { header(name).and_then(|v| v.split(',').next()) } else { None };
    let scheme = forwarded("x-forwarded-proto").unwrap_or("http");
    let host = forwarded("x-forwarded-host").or_else(|| header("host")).or(req.uri().host())?;
    url::Url::parse(&format!("{scheme}://{host}")).ok().map(|u| u.origin())
}

/// Whether the browser says this request came from a page of another origin
/// than this server's: `Origin`, or failing that `Referer`, compared by
/// scheme, host and port. No header (a non-browser client) is not cross-site;
/// `Origin: null` (a sandboxed or file page) is.
#[must_use]
pub fn from_other_origin(req: &HttpRequest, settings: &Settings) -> bool {
    let headers = req.headers();
    let Some(source) = headers.get("origin").or_else(|| headers.get("referer")) else { return false };
    let source = source.to_str().ok().and_then(|s| url::Url::parse(s).ok()).map(|u| u.origin());
    match (source, server_origin(req, settings)) {
        (Some(source), Some(ours)) => !source.is_tuple() || source != ours,
        _ => true,
    }
}

/// Whether an unsafe request comes from another site.
fn is_cross_site(req: &ServiceRequest) -> bool {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return false;
    }
    match req.app_data::<web::Data<AppState>>() {
        Some(state) => from_other_origin(req.request(), &state.settings),
        None => from_other_origin(req.request(), &Settings::new("", "", None)),
    }
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

    fn settings(public: Option<&str>, proxies: &[&str]) -> Settings {
        let mut s = Settings::new("127.0.0.1:0", "sqlite::memory:", None);
        s.public_url = public.and_then(|p| url::Url::parse(p).ok());
        s.trusted_proxies = proxies.iter().filter_map(|p| p.parse().ok()).collect();
        s
    }

    #[test]
    fn the_scheme_counts_and_forwarded_headers_only_from_trusted_proxies() {
        let plain = settings(None, &[]);
        // Same host, other scheme: another origin.
        let req = TestRequest::post()
            .insert_header(("host", "a.test"))
            .insert_header(("origin", "https://a.test"))
            .to_http_request();
        assert!(from_other_origin(&req, &plain));
        // Anyone's X-Forwarded-Host is ignored...
        let spoof = || {
            TestRequest::post()
                .peer_addr("198.51.100.7:5000".parse().unwrap())
                .insert_header(("host", "a.test"))
                .insert_header(("x-forwarded-host", "evil.test"))
                .insert_header(("origin", "http://evil.test"))
        };
        assert!(from_other_origin(&spoof().to_http_request(), &plain));
        // ...but believed from a trusted proxy, with its scheme.
        let proxied = TestRequest::post()
            .peer_addr("10.0.0.2:5000".parse().unwrap())
            .insert_header(("host", "backend:3005"))
            .insert_header(("x-forwarded-host", "arbiter.example.org"))
            .insert_header(("x-forwarded-proto", "https"))
            .insert_header(("origin", "https://arbiter.example.org"))
            .to_http_request();
        assert!(!from_other_origin(&proxied, &settings(None, &["10.0.0.2"])));
        // A configured public URL decides alone.
        let public = settings(Some("https://arbiter.example.org"), &[]);
        assert!(!from_other_origin(&proxied, &public));
        assert!(from_other_origin(&spoof().to_http_request(), &public));
        let null = TestRequest::post().insert_header(("host", "a.test")).insert_header(("origin", "null"));
        assert!(from_other_origin(&null.to_http_request(), &plain));
    }

    #[test]
    fn form_tokens_compare_exactly() {
        let req = TestRequest::post().cookie(Cookie::new(COOKIE, "t".repeat(43))).to_http_request();
        assert!(check_form_token(&req, &"t".repeat(43)).is_ok());
        assert!(check_form_token(&req, "other").is_err());
        assert!(check_form_token(&TestRequest::post().to_http_request(), "").is_err());
    }
}
