//! The middleware that puts a request in its language: it chooses the
//! language once ([`locale`]), hides the `?lang=` switch from the handlers
//! and remembers it in a cookie, and writes error messages (API bodies and
//! error pages) in that language. A browser opening a page gets every
//! refusal as an HTML page, even one raised before the page's handler ran
//! (the session lookup during a database outage, a rate limit).

use super::locale::{self, Locale, COOKIE};
use crate::error::ApiError;
use crate::http::pages::PageError;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::cookie::{time::Duration, Cookie, SameSite};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::HttpMessage;
use arbiter_web::i18n::Lang;

/// Middleware: remembers `?lang=` in a cookie, and answers an [`ApiError`]
/// (JSON, or HTML to a browser opening a page) or a [`PageError`] (HTML)
/// in the request's language.
///
/// # Errors
/// Those of the inner service.
pub async fn middleware(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let switched = locale::from_query(req.query_string());
    let lang = locale::choose(req.request());
    let browser_page = opens_a_page(&req);
    let mut page = req.path().to_string();
    req.extensions_mut().insert(Locale(lang));
    if switched.is_some() {
        // Handlers never see `lang` (some refuse unknown parameters).
        let kept: Vec<&str> =
            req.query_string().split('&').filter(|p| !p.starts_with("lang=") && !p.is_empty()).collect();
        let pq = if kept.is_empty() { req.path().to_string() } else { format!("{}?{}", req.path(), kept.join("&")) };
        if let Ok(uri) = pq.parse::<actix_web::http::Uri>() {
            req.head_mut().uri = uri;
        }
    }
    if let Some(pq) = req.uri().path_and_query() {
        page = pq.to_string();
    }
    let res = next.call(req).await?.map_into_boxed_body();
    // Error pages always (their switch links back to this page); API errors when not English.
    let translated = res.response().error().and_then(|e| match e.as_error::<PageError>() {
        Some(p) => Some(p.response_in(lang, &page)),
        None => e.as_error::<ApiError>().and_then(|api| {
            if browser_page {
                Some(crate::http::pages::error_page(api, lang, &page))
            } else {
                (lang != Lang::En).then(|| api.error_response_in(lang))
            }
        }),
    });
    let mut res = match translated {
        Some(mut body) => {
            body.headers_mut().insert(header::CONTENT_LANGUAGE, header::HeaderValue::from_static(lang.code()));
            let (req, old) = res.into_parts();
            // Keep what the other middleware added (security headers, ids).
            for (k, v) in old.headers() {
                if !body.headers().contains_key(k) {
                    body.headers_mut().append(k.clone(), v.clone());
                }
            }
            ServiceResponse::new(req, body)
        }
        None => res,
    };
    if let Some(l) = switched {
        let cookie = Cookie::build(COOKIE, l.code())
            .path("/")
            .max_age(Duration::days(365))
            .same_site(SameSite::Lax)
            .http_only(true)
            .finish();
        let _ = res.response_mut().add_cookie(&cookie);
    }
    Ok(res)
}

/// Whether a browser is opening a page: it asks for HTML, at an address
/// that is not the API's, a live socket's or a static file's.
fn opens_a_page(req: &ServiceRequest) -> bool {
    let path = req.path();
    let html = req
        .headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.split(',').any(|t| t.trim().starts_with("text/html")));
    html && !["/api/", "/ws/", "/static/"].iter().any(|p| path.starts_with(p))
}
