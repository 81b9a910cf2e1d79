//! A small JSON client for Arbiter's HTTP API (awc), keeping the session
//! cookie like a browser. Used by `arbiter demo` and the end-to-end tests.

use awc::http::{header, Method, StatusCode};
use serde_json::Value;
use std::time::Duration;

/// An API response: status and JSON body (`null` when empty or not JSON).
#[derive(Clone, Debug)]
pub struct Reply {
    /// HTTP status.
    pub status: StatusCode,
    /// Parsed body.
    pub body: Value,
    /// The body as text (a TRF or CSV download), lossily decoded.
    pub text: String,
}

impl Reply {
    /// The body if the status is 2xx.
    ///
    /// # Errors
    /// The error code and message otherwise.
    pub fn ok(self) -> anyhow::Result<Value> {
        if self.status.is_success() {
            Ok(self.body)
        } else {
            anyhow::bail!("HTTP {}: {} — {}", self.status.as_u16(), self.body["error"], self.body["message"])
        }
    }

    /// The `error` code of an error reply.
    #[must_use]
    pub fn code(&self) -> &str {
        self.body["error"].as_str().unwrap_or_default()
    }
}

/// One API user (a cookie jar of one session, or a personal access token).
pub struct ApiClient {
    base: String,
    http: awc::Client,
    session: Option<String>,
    bearer: Option<String>,
}

impl ApiClient {
    /// A client for the server at `base` (e.g. `http://127.0.0.1:3005`).
    #[must_use]
    pub fn new(base: &str) -> ApiClient {
        let http = awc::Client::builder().timeout(Duration::from_secs(30)).finish();
        ApiClient { base: base.trim_end_matches('/').to_string(), http, session: None, bearer: None }
    }

    /// A client that sends a personal access token (`Authorization: Bearer`)
    /// with every request instead of a session cookie.
    #[must_use]
    pub fn with_token(base: &str, secret: &str) -> ApiClient {
        let mut c = ApiClient::new(base);
        c.bearer = Some(secret.to_string());
        c
    }

    /// This client's session cookie (`name=value`), for opening pages as its user.
    #[must_use]
    pub fn session_cookie(&self) -> Option<String> {
        self.session.as_ref().map(|s| format!("{}={s}", crate::auth::session::COOKIE))
    }

    /// The same session against another server (an instance of the same deployment).
    #[must_use]
    pub fn clone_to(&self, base: &str) -> ApiClient {
        let mut c = ApiClient::new(base);
        c.session.clone_from(&self.session);
        c.bearer.clone_from(&self.bearer);
        c
    }

    /// The server's base URL.
    #[must_use]
    pub fn base(&self) -> &str {
        &self.base
    }

    /// The session token, once signed in.
    #[must_use]
    pub fn session(&self) -> Option<&str> {
        self.session.as_deref()
    }

    /// Sends `method path` with an optional JSON body.
    ///
    /// # Errors
    /// The request could not be sent or the connection failed.
    pub async fn send(&mut self, method: Method, path: &str, body: Option<&Value>) -> anyhow::Result<Reply> {
        self.send_raw(method, path, body.map(|b| ("application/json", b.to_string()))).await
    }

    /// Sends `method path` with a raw body of the given content type.
    ///
    /// # Errors
    /// The request could not be sent or the connection failed.
    pub async fn send_raw(
        &mut self,
        method: Method,
        path: &str,
        body: Option<(&str, String)>,
    ) -> anyhow::Result<Reply> {
        // A connection that could not be made sent nothing: it is tried again
        // (up to three times), any other failure is the caller's to see.
        let mut attempt = 0;
        let mut res = loop {
            attempt += 1;
            let mut req = self.http.request(method.clone(), format!("{}{}", self.base, path));
            if let Some(s) = &self.session {
                req = req.insert_header((header::COOKIE, format!("{}={s}", crate::auth::session::COOKIE)));
            }
            if let Some(t) = &self.bearer {
                req = req.insert_header((header::AUTHORIZATION, format!("Bearer {t}")));
            }
            let res = match &body {
                Some((ty, b)) => req.insert_header((header::CONTENT_TYPE, *ty)).send_body(b.clone()).await,
                None => req.send().await,
            };
            match res {
                Err(awc::error::SendRequestError::Connect(_)) if attempt < 3 => {
                    tokio::time::sleep(std::time::Duration::from_millis(50 * attempt)).await;
                }
                res => break res.map_err(|e| anyhow::anyhow!("request to {path} failed: {e}"))?,
            }
        };
        for v in res.headers().get_all(header::SET_COOKIE) {
            let parsed = v.to_str().ok().and_then(|v| actix_web::cookie::Cookie::parse(v.to_string()).ok());
            if let Some(c) = parsed.filter(|c| c.name() == crate::auth::session::COOKIE) {
                self.session = (!c.value().is_empty()).then(|| c.value().to_string());
            }
        }
        let bytes = res.body().limit(16 * 1024 * 1024).await.map_err(|e| anyhow::anyhow!("reading {path}: {e}"))?;
        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Ok(Reply { status: res.status(), body, text: String::from_utf8_lossy(&bytes).into_owned() })
    }

    /// `GET path`.
    ///
    /// # Errors
    /// As [`ApiClient::send`].
    pub async fn get(&mut self, path: &str) -> anyhow::Result<Reply> {
        self.send(Method::GET, path, None).await
    }

    /// `GET path` as text: a page or a CSV export, with its status.
    ///
    /// # Errors
    /// The request could not be sent or the body read.
    pub async fn get_text(&mut self, path: &str) -> anyhow::Result<(StatusCode, String)> {
        let reply = self.get(path).await?;
        Ok((reply.status, reply.text))
    }

    /// `POST path` with a JSON body.
    ///
    /// # Errors
    /// As [`ApiClient::send`].
    pub async fn post(&mut self, path: &str, body: &Value) -> anyhow::Result<Reply> {
        self.send(Method::POST, path, Some(body)).await
    }

    /// `POST path` without a body.
    ///
    /// # Errors
    /// As [`ApiClient::send`].
    pub async fn post_empty(&mut self, path: &str) -> anyhow::Result<Reply> {
        self.send(Method::POST, path, None).await
    }

    /// Signs up (and so signs in) a new account.
    ///
    /// # Errors
    /// The request failed or was refused.
    pub async fn sign_up(&mut self, email: &str, password: &str, name: &str) -> anyhow::Result<Value> {
        let body = serde_json::json!({ "email": email, "password": password, "display_name": name });
        self.post("/api/auth/signup", &body).await?.ok()
    }

    /// Signs in with an existing account; returns `{"user": …}`.
    ///
    /// # Errors
    /// The request failed or was refused.
    pub async fn sign_in(&mut self, email: &str, password: &str) -> anyhow::Result<Value> {
        let body = serde_json::json!({ "email": email, "password": password });
        self.post("/api/auth/login", &body).await?.ok()
    }

    /// Signs in when the account exists already (with this password), or
    /// else signs up; returns `{"user": …}`. (Signing in first: sign-ups
    /// meeting existing accounts are rationed per address.)
    ///
    /// # Errors
    /// Neither worked.
    pub async fn sign_up_or_in(&mut self, email: &str, password: &str, name: &str) -> anyhow::Result<Value> {
        let login = serde_json::json!({ "email": email, "password": password });
        let reply = self.post("/api/auth/login", &login).await?;
        if reply.code() != "invalid_credentials" {
            return reply.ok();
        }
        let body = serde_json::json!({ "email": email, "password": password, "display_name": name });
        self.post("/api/auth/signup", &body).await?.ok()
    }
}
