//! Sign-in sessions: a random 256-bit token in the `arbiter_session` cookie
//! (HttpOnly, SameSite=Lax, Path=/), stored server-side only as its SHA-256,
//! so a database leak does not leak live sessions. Sessions last 30 days and
//! work on every instance (they live in the database). The extractors also
//! take a personal access token instead (`Authorization: Bearer`, see
//! [`super::tokens`]).

use crate::domain::{now_millis, User};
use crate::error::{ApiError, Code};
use crate::store::Store;
use actix_web::cookie::{time::Duration as CookieDuration, Cookie, SameSite};
use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use base64::Engine as _;
use futures_util::future::LocalBoxFuture;
use rand::RngCore as _;
use sha2::{Digest, Sha256};

/// The session cookie's name.
pub const COOKIE: &str = "arbiter_session";
/// How long a session lasts.
pub const LIFETIME_DAYS: i64 = 30;

/// A new random session token (base64url, 43 characters).
#[must_use]
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// The SHA-256 of a token, lower-case hex: the session's key in the database.
#[must_use]
pub fn token_hash(token: &str) -> String {
    use std::fmt::Write as _;
    Sha256::digest(token.as_bytes()).iter().fold(String::with_capacity(64), |mut hex, b| {
        let _ = write!(hex, "{b:02x}");
        hex
    })
}

/// The `Set-Cookie` for a new session.
#[must_use]
pub fn cookie(token: &str, secure: bool) -> Cookie<'static> {
    Cookie::build(COOKIE, token.to_string())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(CookieDuration::days(LIFETIME_DAYS))
        .finish()
}

/// The `Set-Cookie` that ends a session in the browser.
#[must_use]
pub fn removal_cookie(secure: bool) -> Cookie<'static> {
    let mut c = cookie("", secure);
    c.make_removal();
    c
}

/// Who sent a request: a session cookie's account, a bearer token's, or nobody.
enum Caller {
    /// Neither a bearer token nor a live session.
    Nobody,
    /// A live session's account.
    Session(User),
    /// A token's account, and whether its scope covers the request's method.
    Token(User, bool),
    /// A bearer token that is unknown or revoked.
    BadToken,
}

async fn identify(req: &HttpRequest) -> Result<Caller, ApiError> {
    // A bearer token speaks alone: the cookie is not read (see `auth::tokens`).
    if let Some(secret) = super::tokens::bearer(req) {
        return Ok(match super::tokens::lookup(req, secret).await? {
            Some((user, token)) => Caller::Token(user, token.scope.allows(req.method().as_str())),
            None => Caller::BadToken,
        });
    }
    let Some(token) = req.cookie(COOKIE).map(|c| c.value().to_string()) else {
        return Ok(Caller::Nobody);
    };
    let store = req.app_data::<web::Data<Store>>().ok_or_else(|| ApiError::internal("store missing"))?.clone();
    let tx = store.read().await?;
    Ok(tx.session_user(&token_hash(&token), now_millis()).await?.map_or(Caller::Nobody, Caller::Session))
}

/// The signed-in account (by session cookie, or by a personal access token
/// sent as `Authorization: Bearer`); answers 401 `not_signed_in` when there
/// is none, 401 `token_invalid` for an unknown or revoked token, and 403
/// `token_read_only` for a `read` token on a method that writes.
#[derive(Clone, Debug)]
pub struct Authed(pub User);

impl FromRequest for Authed {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Authed, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            match identify(&req).await? {
                Caller::Session(user) | Caller::Token(user, true) => Ok(Authed(user)),
                Caller::Token(_, false) => Err(ApiError::forbidden(
                    Code::TokenReadOnly,
                    "This token may only read; make an organiser token to change things.",
                )),
                Caller::BadToken => Err(ApiError::unauthorized(
                    Code::TokenInvalid,
                    "This token is not valid: it was revoked or mistyped. Make a new one on your account page.",
                )),
                Caller::Nobody => {
                    Err(ApiError::unauthorized(Code::NotSignedIn, "Sign in first: this needs an account."))
                }
            }
        })
    }
}

/// The signed-in account, if any (for pages and public endpoints). A bearer
/// token that is unknown, revoked, or a `read` token on a method that writes
/// counts as nobody here: public routes answer as they do to anyone.
#[derive(Clone, Debug)]
pub struct MaybeUser(pub Option<User>);

impl FromRequest for MaybeUser {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<MaybeUser, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            Ok(MaybeUser(match identify(&req).await? {
                Caller::Session(user) | Caller::Token(user, true) => Some(user),
                Caller::Token(_, false) | Caller::BadToken | Caller::Nobody => None,
            }))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_hashed() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 43);
        assert_ne!(a, b);
        assert_eq!(token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        let c = cookie(&a, false);
        assert_eq!(c.http_only(), Some(true));
        assert_eq!(c.same_site(), Some(SameSite::Lax));
    }
}
