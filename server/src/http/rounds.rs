//! `/api/tournaments/{id}/rounds` and `/api/rounds/*`: create, pair, get, close.

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::{RoundId, TournamentId};
use crate::error::ApiResult;
use crate::service::rounds;
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/tournaments/{id}/rounds", web::post().to(create))
        .route("/api/tournaments/{id}/rounds", web::get().to(list))
        .route("/api/rounds/{id}", web::get().to(get))
        .route("/api/rounds/{id}/pairings", web::post().to(generate))
        .route("/api/rounds/{id}/close", web::post().to(close));
}

async fn create(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Bytes,
) -> ApiResult<HttpResponse> {
    let input: rounds::CreateRound = super::optional_json(&body)?;
    Ok(HttpResponse::Created().json(json!({ "round": rounds::create(&state.ctx, &user, *id, input).await? })))
}

async fn list(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "rounds": rounds::list(&state.ctx, user.0.as_ref(), *id).await? })))
}

async fn get(state: web::Data<AppState>, user: MaybeUser, id: web::Path<RoundId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "round": rounds::get(&state.ctx, user.0.as_ref(), *id).await? })))
}

async fn generate(state: web::Data<AppState>, Authed(user): Authed, id: web::Path<RoundId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(rounds::generate(&state.ctx, &user, *id).await?))
}

async fn close(state: web::Data<AppState>, Authed(user): Authed, id: web::Path<RoundId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "round": rounds::close(&state.ctx, &user, *id).await? })))
}
