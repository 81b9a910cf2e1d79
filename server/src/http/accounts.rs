//! `/api/auth/*`: sign up, sign in, sign out, who am I.

use crate::app::AppState;
use crate::auth::session::{self, MaybeUser};
use crate::error::ApiResult;
use crate::http::peer::client_address;
use crate::service::accounts::{self, SignIn, SignUp};
use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/auth/signup", web::post().to(sign_up))
        .route("/api/auth/login", web::post().to(sign_in))
        .route("/api/auth/logout", web::post().to(sign_out))
        .route("/api/auth/me", web::get().to(me));
}

async fn sign_up(state: web::Data<AppState>, req: HttpRequest, body: web::Json<SignUp>) -> ApiResult<HttpResponse> {
    let from = client_address(&req, &state.settings.trusted_proxies);
    let (user, token) = accounts::sign_up(&state.ctx, &state.passwords, &state.limits, from, body.into_inner()).await?;
    Ok(HttpResponse::Created()
        .cookie(session::cookie(&token, state.settings.secure_cookies))
        .json(json!({ "user": user })))
}

async fn sign_in(state: web::Data<AppState>, req: HttpRequest, body: web::Json<SignIn>) -> ApiResult<HttpResponse> {
    let from = client_address(&req, &state.settings.trusted_proxies);
    let (user, token) = accounts::sign_in(&state.ctx, &state.passwords, &state.limits, from, body.into_inner()).await?;
    Ok(HttpResponse::Ok().cookie(session::cookie(&token, state.settings.secure_cookies)).json(json!({ "user": user })))
}

async fn sign_out(state: web::Data<AppState>, req: HttpRequest) -> ApiResult<HttpResponse> {
    if let Some(c) = req.cookie(session::COOKIE) {
        accounts::sign_out(&state.ctx, c.value()).await?;
    }
    Ok(HttpResponse::NoContent().cookie(session::removal_cookie(state.settings.secure_cookies)).finish())
}

async fn me(user: MaybeUser) -> ApiResult<HttpResponse> {
    match user.0 {
        Some(u) => Ok(HttpResponse::Ok().json(json!({ "user": u }))),
        None => Err(crate::error::ApiError::unauthorized(crate::error::Code::NotSignedIn, "You are not signed in.")),
    }
}
