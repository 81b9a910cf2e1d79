//! The request's language: the `?lang=` switch (remembered in a `lang`
//! cookie for a year, by [`super::translate`]), else the `lang` cookie, else
//! `Accept-Language`, else English.

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpMessage, HttpRequest};
use arbiter_web::i18n::Lang;
use std::future::{ready, Ready};

/// The cookie that remembers the switch.
pub const COOKIE: &str = "lang";

/// The language asked for with `?lang=` in `query`, if translated.
pub(super) fn from_query(query: &str) -> Option<Lang> {
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

/// The language a request asks for (what [`lang_of`] answers before the middleware has chosen).
pub(super) fn choose(req: &HttpRequest) -> Lang {
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
