//! `/api/tournaments/{id}/playoffs`, `/pools` and `/ranking`: the top cut's
//! settings, its bracket and the pairing of its rounds, the round-robin pools
//! before it, and the event's final ranking.

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::TournamentId;
use crate::error::ApiResult;
use crate::service::{playoffs, pools};
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/tournaments/{id}/playoffs", web::get().to(get))
        .route("/api/tournaments/{id}/playoffs", web::put().to(configure))
        .route("/api/tournaments/{id}/playoffs", web::delete().to(remove))
        .route("/api/tournaments/{id}/playoffs/rounds", web::post().to(pair_next))
        .route("/api/tournaments/{id}/pools", web::get().to(get_pools))
        .route("/api/tournaments/{id}/pools", web::put().to(set_pools))
        .route("/api/tournaments/{id}/pools", web::delete().to(remove_pools))
        .route("/api/tournaments/{id}/ranking", web::get().to(ranking));
}

async fn get(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "bracket": playoffs::get(&state.ctx, user.0.as_ref(), *id).await? })))
}

async fn configure(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<playoffs::PlayoffInput>,
) -> ApiResult<HttpResponse> {
    let bracket = playoffs::configure(&state.ctx, &user, *id, body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(json!({ "bracket": bracket })))
}

async fn remove(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    playoffs::remove(&state.ctx, &user, *id).await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn pair_next(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Created().json(playoffs::pair_next(&state.ctx, &user, *id).await?))
}

async fn ranking(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "ranking": playoffs::ranking(&state.ctx, user.0.as_ref(), *id).await? })))
}

async fn get_pools(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(pools::get(&state.ctx, user.0.as_ref(), *id).await?))
}

async fn set_pools(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<pools::PoolsInput>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(pools::set(&state.ctx, &user, *id, body.into_inner()).await?))
}

async fn remove_pools(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    pools::remove(&state.ctx, &user, *id).await?;
    Ok(HttpResponse::NoContent().finish())
}
