//! One error type for the HTTP API: a stable snake_case code, a message a
//! person can act on, and one HTTP status mapping.
//!
//! Body: `{"error": "code", "message": "…"}` plus `"details"` where a list
//! helps (e.g. the results still missing when a round cannot close). Every
//! code is a [`Code`], listed with when it is answered in [`code`].

pub mod code;
mod refusals;

pub use code::Code;

use crate::store::StoreError;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use arbiter_web::i18n::{Arg, Lang, ToArg};
use serde::Serialize;
use std::fmt;

/// An error answered to an API client.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: Code,
    message: String,
    details: Option<serde_json::Value>,
    /// Seconds to send as `Retry-After` (429 and 503).
    retry_after: Option<u64>,
    /// The message's Fluent id and arguments, when it has its own words in
    /// every language (see [`ApiError::text`]).
    text: Option<Box<Text>>,
    /// The game of a playoff match the refusal is about (see [`ApiError::in_game`]).
    game: Option<u32>,
}

/// A Fluent message id and its arguments.
type Text = (&'static str, Vec<(&'static str, Fill)>);

/// What fills a variable of a refusal's own message (see [`ApiError::text`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Fill {
    /// A value, the same in every language: a number, a name someone typed.
    Arg(Arg),
    /// Another message, rendered in the same language: a field's label
    /// (`field-name`). An id no resource has is shown as it is.
    Message(String),
    /// Other messages, rendered in the same language and joined by spaces
    /// (hints, each a sentence).
    Messages(Vec<String>),
}

impl<T: ToArg + ?Sized> From<&T> for Fill {
    fn from(v: &T) -> Fill {
        Fill::Arg(v.to_arg())
    }
}

impl Fill {
    fn render(&self, lang: Lang) -> Arg {
        match self {
            Fill::Arg(a) => a.clone(),
            Fill::Message(id) if lang.has(id) => Arg::Text(lang.t(id)),
            Fill::Message(id) => Arg::Text(id.clone()),
            Fill::Messages(ids) => Arg::Text(ids.iter().map(|id| lang.t(id)).collect::<Vec<_>>().join(" ")),
        }
    }
}

/// Shorthand for API results.
pub type ApiResult<T> = Result<T, ApiError>;

#[derive(Serialize)]
struct Body<'a> {
    error: Code,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    details: Option<&'a serde_json::Value>,
}

impl ApiError {
    pub(crate) fn new(status: StatusCode, code: Code, message: impl Into<String>) -> ApiError {
        debug_assert!(
            code.status().is_none_or(|s| s == status),
            "{code} is answered {:?}, not {status}",
            code.status()
        );
        ApiError { status, code, message: message.into(), details: None, retry_after: None, text: None, game: None }
    }

    /// 400: the request itself is malformed (bad JSON, wrong types).
    pub fn bad_request(code: Code, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message)
    }
    /// 401: not signed in, or bad credentials.
    pub fn unauthorized(code: Code, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, code, message)
    }
    /// 403: signed in, but not allowed to do this.
    pub fn forbidden(code: Code, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, code, message)
    }
    /// 404: no such thing (or not visible to the caller).
    pub fn not_found(code: Code, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, code, message)
    }
    /// 409: not possible in the current state (wrong status, done twice).
    pub fn conflict(code: Code, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }
    /// 422: well-formed but invalid values (negative VP, empty name).
    pub fn invalid(code: Code, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }
    /// 413: the body is larger than this route takes; say the limit in `message`.
    pub fn too_large(code: Code, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, code, message)
    }
    /// 429: too many attempts; the client may try again after `retry_after_secs`
    /// (sent as `Retry-After`).
    pub fn too_many(code: Code, message: impl Into<String>, retry_after_secs: u64) -> ApiError {
        ApiError {
            retry_after: Some(retry_after_secs.max(1)),
            ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, code, message)
        }
    }
    /// 503: a dependency is down; try again shortly.
    pub fn unavailable(code: Code, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, code, message)
    }
    /// 500 with an opaque message; the cause is logged, not sent.
    pub fn internal(cause: impl fmt::Display) -> ApiError {
        tracing::error!(error = %cause, "internal error");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            Code::Internal,
            "Something went wrong on the server; it has been logged.",
        )
    }

    /// Gives the refusal its own words in every language: the Fluent message
    /// `id` (in `web/locales/*/errors.ftl`) with `args`. The English message
    /// becomes that message rendered in English (the resource is its one
    /// source), and [`ApiError::message_in`] renders it in the language asked
    /// for instead of the code's message and an English detail.
    ///
    /// `ApiError::invalid(Code::InvalidField, "").text("refusal-missions-max", [("max", Fill::from(&30))])`
    #[must_use]
    pub fn text(mut self, id: &'static str, args: impl IntoIterator<Item = (&'static str, Fill)>) -> ApiError {
        let args: Vec<_> = args.into_iter().collect();
        self.message = render(Lang::En, id, &args);
        self.text = Some(Box::new((id, args)));
        self
    }

    /// Adds machine-readable details.
    #[must_use]
    pub fn with_details(mut self, details: serde_json::Value) -> ApiError {
        self.details = Some(details);
        self
    }

    /// The same error about game `n` (from 1) of a playoff match: "Game 2: …"
    /// (`refusal-in-game`), in every language.
    #[must_use]
    pub fn in_game(mut self, n: u32) -> ApiError {
        self.message = in_game(Lang::En, n, self.message);
        self.game = Some(n);
        self
    }

    /// The stable code, as sent on the wire.
    #[must_use]
    pub fn code(&self) -> &'static str {
        self.code.as_str()
    }

    /// The message.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The message in `lang`: as built in English; else its own words in
    /// `lang` (see [`ApiError::text`]); else the code's message in `lang`
    /// (`err-` and the code, in `web/locales/*/errors.ftl`), followed by the
    /// English message as a detail for the codes whose message says exactly
    /// what is wrong.
    #[must_use]
    pub fn message_in(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.message.clone();
        }
        match self.game {
            Some(n) if self.text.is_some() || !DETAILED.contains(&self.code) => {
                in_game(lang, n, self.own_message_in(lang))
            }
            _ => self.own_message_in(lang),
        }
    }

    /// [`ApiError::message_in`] for a language other than English, without
    /// the game a refusal with its own words is about.
    fn own_message_in(&self, lang: Lang) -> String {
        if let Some(text) = &self.text {
            return render(lang, text.0, &text.1);
        }
        let key = message_key(self.code);
        if !lang.has(&key) {
            return self.message.clone();
        }
        let message = lang.t(&key);
        if DETAILED.contains(&self.code) {
            lang.t_args(
                "err-with-detail",
                &[("message", Arg::Text(message)), ("detail", Arg::Text(self.message.clone()))],
            )
        } else {
            message
        }
    }

    /// The response, its message in `lang` (the same status, code, details
    /// and headers as [`ResponseError::error_response`]).
    #[must_use]
    pub fn error_response_in(&self, lang: Lang) -> HttpResponse {
        self.respond(&self.message_in(lang))
    }

    fn respond(&self, message: &str) -> HttpResponse {
        let mut res = HttpResponse::build(self.status);
        match self.retry_after {
            Some(secs) => {
                res.insert_header(("Retry-After", secs.to_string()));
            }
            None if self.status == StatusCode::SERVICE_UNAVAILABLE => {
                res.insert_header(("Retry-After", "2"));
            }
            None => {}
        }
        res.json(Body { error: self.code, message, details: self.details.as_ref() })
    }
}

/// Codes whose English message says what exactly is wrong (which field,
/// which row, why): other languages give the code's message, then that detail.
const DETAILED: &[Code] = &[
    Code::InvalidField,
    Code::InvalidCsv,
    Code::InvalidJson,
    Code::InvalidQuery,
    Code::InvalidForm,
    Code::InvalidPrizes,
    Code::InvalidProfile,
    Code::InvalidStandings,
    Code::InvalidTrf,
    Code::TrfUnsupported,
    Code::CannotPair,
    Code::WeakPassword,
    Code::WinnerNeeded,
    Code::BodyTooLarge,
    Code::InvalidMatch,
    Code::InvalidPools,
];

/// The message `id` in `lang`, its arguments rendered in `lang` too.
fn render(lang: Lang, id: &str, args: &[(&'static str, Fill)]) -> String {
    let args: Vec<(&str, Arg)> = args.iter().map(|(k, v)| (*k, v.render(lang))).collect();
    lang.t_args(id, &args)
}

/// `message` about game `n` of a playoff match, in `lang`.
fn in_game(lang: Lang, n: u32, message: String) -> String {
    lang.t_args("refusal-in-game", &[("n", n.to_arg()), ("message", Arg::Text(message))])
}

/// The Fluent id of a code's message: `err-` and the code, `_` as `-`.
#[must_use]
pub fn message_key(code: Code) -> String {
    format!("err-{}", code.as_str().replace('_', "-"))
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}): {}", self.code, self.status.as_u16(), self.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        self.respond(&self.message)
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::Unavailable(cause) => {
                tracing::warn!(%cause, "database unavailable");
                ApiError::unavailable(
                    Code::DatabaseUnavailable,
                    "The database is not answering right now; nothing was changed. Try again in a few seconds.",
                )
            }
            StoreError::TournamentNotFound => {
                ApiError::not_found(Code::TournamentNotFound, "There is no tournament with this id.")
            }
            other => ApiError::internal(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::to_bytes;

    #[actix_web::test]
    async fn error_body_shape_is_pinned() {
        let e = ApiError::conflict(Code::RoundIncomplete, "2 results missing").with_details(serde_json::json!([1, 2]));
        let res = e.error_response();
        assert_eq!(res.status(), StatusCode::CONFLICT);
        let body = to_bytes(res.into_body()).await.unwrap_or_default();
        let v: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
        assert_eq!(
            v,
            serde_json::json!({"error": "round_incomplete", "message": "2 results missing", "details": [1, 2]})
        );
    }

    #[test]
    fn every_code_has_its_message_in_every_language() {
        for lang in Lang::ALL {
            let (ids, errors) = arbiter_web::i18n::message_ids(lang, "errors.ftl");
            assert!(errors.is_empty(), "{errors:?}");
            for code in Code::ALL {
                assert!(ids.contains(&message_key(*code)), "{}/errors.ftl lacks {}", lang.code(), message_key(*code));
            }
            let err = ids.iter().filter(|id| id.starts_with("err-")).count();
            assert_eq!(err, Code::ALL.len() + 1, "{}/errors.ftl: a message for no code", lang.code());
        }
    }

    #[actix_web::test]
    async fn messages_are_answered_in_the_language_asked_for() {
        let e = ApiError::not_found(Code::TournamentNotFound, "There is no tournament with this id.");
        assert_eq!(e.message_in(Lang::En), "There is no tournament with this id.");
        assert_eq!(e.message_in(Lang::Fr), "Aucun tournoi ne porte cet identifiant.");
        assert_eq!(e.message_in(Lang::De), "Es gibt kein Turnier mit dieser Kennung.");
        let detailed = ApiError::invalid(Code::InvalidField, "name: at most 120 characters.");
        assert_eq!(
            detailed.message_in(Lang::Es),
            "Un campo está vacío, es demasiado largo o está fuera de rango. Detalle (en inglés): name: at most 120 characters."
        );
        let res = ApiError::too_many(Code::TooManyAttempts, "Slow down.", 30).error_response_in(Lang::Fr);
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(res.headers().get("Retry-After").map(|v| v.as_bytes()), Some(&b"30"[..]));
        let body = to_bytes(res.into_body()).await.unwrap_or_default();
        let v: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
        assert_eq!(
            v,
            serde_json::json!({"error": "too_many_attempts", "message": "Trop de tentatives ; patientez un instant puis réessayez."})
        );
    }

    /// A refusal about one game of a playoff match names the game in every
    /// language; where the English detail is given, it already names it.
    #[test]
    fn a_refusal_about_a_game_names_it_in_every_language() {
        let own = ApiError::invalid(Code::InvalidProfile, "").text("refusal-profile-rating", []).in_game(2);
        assert_eq!(own.message(), format!("Game 2: {}", Lang::En.t("refusal-profile-rating")));
        assert_eq!(own.message_in(Lang::Fr), format!("Partie 2 : {}", Lang::Fr.t("refusal-profile-rating")));
        let coded = ApiError::conflict(Code::AlreadyConfirmed, "Already confirmed.").in_game(3);
        assert_eq!(coded.message(), "Game 3: Already confirmed.");
        assert_eq!(coded.message_in(Lang::De), format!("Partie 3: {}", Lang::De.t("err-already-confirmed")));
        let detailed = ApiError::invalid(Code::InvalidField, "VP must be a whole number.").in_game(1);
        let es = detailed.message_in(Lang::Es);
        assert!(es.contains("Game 1: VP must be a whole number.") && !es.starts_with("Partida"), "{es}");
    }

    #[actix_web::test]
    async fn unavailable_database_is_503_with_retry_after() {
        let res = ApiError::from(StoreError::Unavailable("down".into())).error_response();
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(res.headers().get("Retry-After").map(|v| v.as_bytes()), Some(&b"2"[..]));
    }
}
