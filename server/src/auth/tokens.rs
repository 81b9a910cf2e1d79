//! Personal access tokens on requests: `Authorization: Bearer <token>`
//! (RFC 6750 §2.1) instead of the session cookie, for scripts, bots and
//! stream overlays.
//!
//! A token is `arb_` and 256 random bits (base64url): guessing one is
//! hopeless, so a single fast SHA-256 of it is what the database keeps and
//! looks up (no password hash per request: that is for low-entropy secrets).
//! A request carrying a bearer token is that token's alone: the session
//! cookie, if any, is not read, which is why such requests need no CSRF
//! protection (a page of another site cannot add the header without a CORS
//! preflight, and has no token to add).

use crate::domain::{now_millis, ApiToken, Millis, TokenId, User};
use crate::store::Store;
use actix_web::{web, HttpRequest};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// What every token starts with (so a leaked one is recognisable).
pub const PREFIX: &str = "arb_";
/// How stale a token's `last_used_at` may be before a request updates it.
pub const TOUCH_EVERY_MS: Millis = 60_000;

/// A new secret: [`PREFIX`] and 256 random bits (base64url), 47 characters.
#[must_use]
pub fn new_secret() -> String {
    use base64::Engine as _;
    use rand::RngCore as _;
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    format!("{PREFIX}{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))
}

/// The SHA-256 of a secret, lower-case hex: the token's key in the database.
#[must_use]
pub fn secret_hash(secret: &str) -> String {
    use sha2::{Digest, Sha256};
    use std::fmt::Write as _;
    Sha256::digest(secret.as_bytes()).iter().fold(String::with_capacity(64), |mut hex, b| {
        let _ = write!(hex, "{b:02x}");
        hex
    })
}

/// The bearer token of the request's `Authorization` header, if it has one
/// (the scheme is case-insensitive, RFC 9110 §11.1); `Some("")` for a
/// `Bearer` header with nothing after it.
#[must_use]
pub fn bearer(req: &HttpRequest) -> Option<&str> {
    let value = req.headers().get(actix_web::http::header::AUTHORIZATION)?.to_str().ok()?.trim();
    let (scheme, token) = value.split_once(' ').unwrap_or((value, ""));
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

/// The token whose secret this is, with its account; `None` for an unknown
/// (or revoked) one. Marks it used (at most once a minute per token).
///
/// # Errors
/// The database could not be read.
pub async fn lookup(req: &HttpRequest, secret: &str) -> Result<Option<(User, ApiToken)>, crate::error::ApiError> {
    if !secret.starts_with(PREFIX) {
        return Ok(None);
    }
    let store =
        req.app_data::<web::Data<Store>>().ok_or_else(|| crate::error::ApiError::internal("store missing"))?.clone();
    let found = store.read().await?.token_by_hash(&secret_hash(secret)).await?;
    if let Some((_, token)) = &found {
        touch(store, token);
    }
    Ok(found)
}

/// When this instance last wrote each token's `last_used_at`.
fn touched() -> &'static Mutex<HashMap<TokenId, Millis>> {
    static TOUCHED: OnceLock<Mutex<HashMap<TokenId, Millis>>> = OnceLock::new();
    TOUCHED.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Writes the token's `last_used_at` in the background when it is older
/// than [`TOUCH_EVERY_MS`], once per instance per minute: a script sending
/// a hundred requests at once costs one write, and the request waits for none.
fn touch(store: web::Data<Store>, token: &ApiToken) {
    let now = now_millis();
    if token.last_used_at.is_some_and(|at| at > now - TOUCH_EVERY_MS) {
        return;
    }
    {
        let Ok(mut seen) = touched().lock() else { return };
        if seen.get(&token.id).is_some_and(|at| *at > now - TOUCH_EVERY_MS) {
            return;
        }
        if seen.len() > 10_000 {
            seen.clear();
        }
        seen.insert(token.id, now);
    }
    let id = token.id;
    actix_web::rt::spawn(async move {
        let done = async {
            let tx = store.begin().await?;
            tx.touch_token(id, now, now - TOUCH_EVERY_MS).await?;
            tx.commit().await
        };
        if let Err(e) = done.await {
            tracing::warn!(error = %e, "cannot record when a token was used");
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn secrets_are_prefixed_random_and_read_from_the_header() {
        let (a, b) = (new_secret(), new_secret());
        assert!(a.starts_with(PREFIX) && a.len() == 47);
        assert_ne!(a, b);
        let req = TestRequest::get().insert_header(("authorization", format!("bearer {a}"))).to_http_request();
        assert_eq!(bearer(&req), Some(a.as_str()));
        let basic = TestRequest::get().insert_header(("authorization", "Basic eDp5")).to_http_request();
        assert_eq!(bearer(&basic), None);
        assert_eq!(secret_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        let empty = TestRequest::get().insert_header(("authorization", "Bearer")).to_http_request();
        assert_eq!(bearer(&empty), Some(""));
        assert_eq!(bearer(&TestRequest::get().to_http_request()), None);
    }
}
