//! `/api/auth/*`: sign up, sign in, sign out, who am I.

use crate::app::AppState;
use crate::auth::session::{self, Authed};
use crate::error::ApiResult;
use crate::http::peer::client_address;
use crate::http::schemas::bodies::{sorted, UserBody};
use crate::service::people::accounts::{self, SignIn, SignUp};
use actix_web::{get, post};
use actix_web::{web, HttpRequest, HttpResponse};

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(sign_up).service(sign_in).service(sign_out).service(me);
}

refusals!(sign_up: [BodyTooLarge, CrossSiteRequest, EmailTaken, InvalidEmail, InvalidField, InvalidJson, TooManyAttempts, WeakPassword]);
#[utoipa::path(
    operation_id = "accounts_sign_up",
    tag = "accounts",
    summary = "Create an account and sign in (sets the session cookie).",
    request_body = crate::service::people::accounts::SignUp,
    responses((status = 201, description = "The new account; the `arbiter_session` cookie is set.", body = crate::http::schemas::bodies::UserBody))
)]
#[post("/api/auth/signup")]
async fn sign_up(state: web::Data<AppState>, req: HttpRequest, body: web::Json<SignUp>) -> ApiResult<HttpResponse> {
    let from = client_address(&req, &state.settings.trusted_proxies);
    let (user, token) = accounts::sign_up(&state.ctx, &state.passwords, &state.limits, from, body.into_inner()).await?;
    Ok(HttpResponse::Created()
        .cookie(session::cookie(&token, state.settings.secure_cookies))
        .json(sorted(&UserBody { user })?))
}

refusals!(sign_in: [BodyTooLarge, CrossSiteRequest, InvalidCredentials, InvalidJson, TooManyAttempts]);
#[utoipa::path(
    operation_id = "accounts_sign_in",
    tag = "accounts",
    summary = "Sign in (sets the session cookie).",
    request_body = crate::service::people::accounts::SignIn,
    responses((status = 200, description = "The account; the `arbiter_session` cookie is set.", body = crate::http::schemas::bodies::UserBody))
)]
#[post("/api/auth/login")]
async fn sign_in(state: web::Data<AppState>, req: HttpRequest, body: web::Json<SignIn>) -> ApiResult<HttpResponse> {
    let from = client_address(&req, &state.settings.trusted_proxies);
    let (user, token) = accounts::sign_in(&state.ctx, &state.passwords, &state.limits, from, body.into_inner()).await?;
    Ok(HttpResponse::Ok()
        .cookie(session::cookie(&token, state.settings.secure_cookies))
        .json(sorted(&UserBody { user })?))
}

refusals!(sign_out: [CrossSiteRequest]);
#[utoipa::path(
    operation_id = "accounts_sign_out",
    tag = "accounts",
    summary = "Sign out: ends the session and clears its cookie (open live sockets of the session are closed with 4001).",
    responses((status = 204, description = "Signed out (also when no session was sent)."))
)]
#[post("/api/auth/logout")]
async fn sign_out(state: web::Data<AppState>, req: HttpRequest) -> ApiResult<HttpResponse> {
    if let Some(c) = req.cookie(session::COOKIE) {
        accounts::sign_out(&state.ctx, c.value()).await?;
    }
    Ok(HttpResponse::NoContent().cookie(session::removal_cookie(state.settings.secure_cookies)).finish())
}

refusals!(me: [NotSignedIn]);
#[utoipa::path(
    operation_id = "accounts_me",
    tag = "accounts",
    summary = "The signed-in account.",
    responses((status = 200, description = "The account.", body = crate::http::schemas::bodies::UserBody))
)]
#[get("/api/auth/me")]
async fn me(Authed(user): Authed) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&UserBody { user })?))
}
