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
//! 2. **Form token**: HTML forms carry a hidden `csrf_token`, which
//!    [`check_form_token`] compares (in constant time) with what this request
//!    should carry:
//!    - with a session cookie, the token is derived from the session: an
//!      HMAC-SHA256 keyed with the session's secret token ([`session_form_token`]).
//!      It needs no storage and works on every instance, and a token seen in
//!      one session (or a planted `arbiter_csrf` cookie) is worth nothing in
//!      another (OWASP's HMAC-based token pattern);
//!    - without one (the sign-in and sign-up forms), it is the double-submit
//!      pair: the field must equal the `arbiter_csrf` cookie the page set.
//!
//!    JSON requests cannot be sent cross-site without a CORS preflight (which
//!    Arbiter never grants to a changing method), and session cookies are
//!    SameSite=Lax, so the API needs no token.
//! 3. **Bearer tokens** (`Authorization: Bearer`, [`super::tokens`]) are
//!    not checked at all: such a request is authenticated by its token,
//!    never by a cookie, so there is nothing for another site to borrow.

use crate::config::Settings;
use crate::error::{ApiError, Code};
use actix_web::body::EitherBody;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::{forward_ready, Service, ServiceRequest, ServiceResponse, Transform};
use actix_web::http::Method;
use actix_web::{web, HttpRequest, ResponseError};
use futures_util::future::{ready, LocalBoxFuture, Ready};
use hmac::{Hmac, KeyInit as _, Mac as _};
use sha2::Sha256;

/// The form-token cookie's name.
pub const COOKIE: &str = "arbiter_csrf";
/// The form field carrying the token.
pub const FIELD: &str = "csrf_token";

/// What the form tokens of one session are derived from (changing it
/// invalidates every open form).
const PURPOSE: &[u8] = b"arbiter form token v1";

/// The form token of the session whose cookie holds `session_token`:
/// base64url of HMAC-SHA256(key = the session token, message = a fixed
/// purpose string), 43 characters. Only the holder of the session cookie can
/// compute it; it differs between sessions and from the session's database
/// key (a plain SHA-256 of the token).
#[must_use]
pub fn session_form_token(session_token: &str) -> String {
    use base64::Engine as _;
    // HMAC takes keys of any length: this cannot fail. Should it, the empty
    // token matches no posted token (see `check_form_token`).
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(session_token.as_bytes()) else { return String::new() };
    mac.update(PURPOSE);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
}

/// The session token in the request's session cookie, if any (valid or not:
/// a form's token follows the cookie the browser will send with it).
fn session_token(req: &HttpRequest) -> Option<String> {
    req.cookie(super::session::COOKIE).map(|c| c.value().to_string()).filter(|t| !t.is_empty())
}

/// The request's form token and whether it is new: with a session cookie the
/// session's [`session_form_token`] (never new); otherwise the existing
/// `arbiter_csrf` cookie's value, or a new one the page must set with
/// [`token_cookie`].
#[must_use]
pub fn form_token(req: &HttpRequest) -> (String, bool) {
    if let Some(session) = session_token(req) {
        return (session_form_token(&session), false);
    }
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

/// Checks a posted form's token: with a session cookie against the
/// session's token, else against the `arbiter_csrf` cookie (see the module doc).
///
/// # Errors
/// 403 `csrf_token_invalid` when the token is missing or not this session's
/// (or, signed out, not the cookie's).
pub fn check_form_token(req: &HttpRequest, posted: &str) -> Result<(), ApiError> {
    let expected = match session_token(req) {
        Some(session) => Some(session_form_token(&session)),
        None => req.cookie(COOKIE).map(|c| c.value().to_string()),
    };
    match expected {
        Some(e) if !posted.is_empty() && constant_time_eq(e.as_bytes(), posted.as_bytes()) => Ok(()),
        _ => Err(ApiError::forbidden(
            Code::CsrfTokenInvalid,
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

/// Whether an unsafe request comes from another site. A request with a
/// bearer token is not checked: it is authenticated by the token alone,
/// never by the cookie (`super::tokens`), and a page of another site can
/// neither read a token nor add the header without a CORS preflight.
fn is_cross_site(req: &ServiceRequest) -> bool {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return false;
    }
    if super::tokens::bearer(req.request()).is_some() {
        return false;
    }
    match req.app_data::<web::Data<Settings>>() {
        Some(settings) => from_other_origin(req.request(), settings),
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
                Code::CrossSiteRequest,
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
        let bearer = TestRequest::post()
            .insert_header(("host", "a.test"))
            .insert_header(("origin", "http://evil.test"))
            .insert_header(("authorization", "Bearer arb_x"));
        assert!(!is_cross_site(&bearer.to_srv_request()));
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

    #[test]
    fn with_a_session_the_form_token_is_the_sessions_and_the_cookie_does_not_count() {
        let (a, b) = ("a".repeat(43), "b".repeat(43));
        let (ta, tb) = (session_form_token(&a), session_form_token(&b));
        assert_eq!(ta.len(), 43);
        assert_ne!(ta, tb);
        assert_ne!(ta, crate::auth::session::token_hash(&a));
        let signed_in = |session: &str, planted: &str| {
            TestRequest::post()
                .cookie(Cookie::new(crate::auth::session::COOKIE, session.to_string()))
                .cookie(Cookie::new(COOKIE, planted.to_string()))
                .to_http_request()
        };
        assert_eq!(form_token(&signed_in(&a, "")), (ta.clone(), false));
        assert!(check_form_token(&signed_in(&a, ""), &ta).is_ok());
        // Another session's token, even with a matching planted cookie, fails.
        assert!(check_form_token(&signed_in(&b, &ta), &ta).is_err());
        assert!(check_form_token(&signed_in(&b, &"t".repeat(43)), &"t".repeat(43)).is_err());
    }
}
