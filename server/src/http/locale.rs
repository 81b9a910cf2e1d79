//! The request's language: the `?lang=` switch (remembered in a `lang`
//! cookie for a year), else the `lang` cookie, else `Accept-Language`, else
//! English; and the middleware that writes error messages (API bodies and
//! error pages) in that language.

use crate::error::ApiError;
use crate::http::pages::PageError;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::cookie::{time::Duration, Cookie, SameSite};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest};
use arbiter_web::i18n::Lang;
use std::future::{ready, Ready};

/// The cookie that remembers the switch.
pub const COOKIE: &str = "lang";

/// The language asked for with `?lang=` in `query`, if translated.
fn from_query(query: &str) -> Option<Lang> {
    query.split('&').find_map(|p| p.strip_prefix("lang=")).and_then(Lang::from_code)
}

/// The language of a request: `?lang=`, the `lang` cookie, `Accept-Language`, English.
#[must_use]
pub fn lang_of(req: &HttpRequest) -> Lang {
    if let Some(Locale(l)) = req.extensions().get::<Locale>() {
        return *l;
    }
    choose(req)
}

fn choose(req: &HttpRequest) -> Lang {
    from_query(req.query_string())
        .or_else(|| req.cookie(COOKIE).and_then(|c| Lang::from_code(c.value())))
        .or_else(|| {
            req.headers()
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(Lang::from_accept_language)
        })
        .unwrap_or_default()
}

/// An extractor for a handler's language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Locale(pub Lang);

impl FromRequest for Locale {
    type Error = std::convert::Infallible;
    type Future = Ready<Result<Locale, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Locale(lang_of(req))))
    }
}

/// Middleware: remembers `?lang=` in a cookie, and answers an [`ApiError`]
/// (JSON) or a [`PageError`] (HTML) in the request's language.
///
/// # Errors
/// Those of the inner service.
pub async fn middleware(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let switched = from_query(req.query_string());
    let lang = choose(req.request());
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
        None => e.as_error::<ApiError>().filter(|_| lang != Lang::En).map(|api| api.error_response_in(lang)),
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
