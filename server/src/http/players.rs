//! Player actions (register, list, check in, drop) and the TO's player
//! actions (list players, check a player in, remove a player).

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::{PlayerId, TournamentId};
use crate::error::ApiResult;
use crate::service::players;
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/tournaments/{id}/register", web::post().to(register))
        .route("/api/tournaments/{id}/list", web::put().to(update_list))
        .route("/api/tournaments/{id}/check-in", web::post().to(check_in))
        .route("/api/tournaments/{id}/drop", web::post().to(drop_out))
        .route("/api/tournaments/{id}/players", web::get().to(list))
        .route("/api/players/{id}/check-in", web::post().to(check_in_player))
        .route("/api/players/{id}", web::delete().to(remove))
        .route("/api/players/{id}/profile", web::put().to(update_profile));
}

async fn register(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<players::Register>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Created()
        .json(json!({ "player": players::register(&state.ctx, &user, *id, body.into_inner()).await? })))
}

async fn update_list(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<players::UpdateList>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(json!({ "player": players::update_list(&state.ctx, &user, *id, body.into_inner()).await? })))
}

async fn check_in(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "player": players::check_in(&state.ctx, &user, *id).await? })))
}

async fn drop_out(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "player": players::drop_out(&state.ctx, &user, *id).await? })))
}

async fn list(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "players": players::list(&state.ctx, user.0.as_ref(), *id).await? })))
}

async fn check_in_player(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "player": players::check_in_player(&state.ctx, &user, *id).await? })))
}

async fn remove(state: web::Data<AppState>, Authed(user): Authed, id: web::Path<PlayerId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "player": players::remove(&state.ctx, &user, *id).await? })))
}

async fn update_profile(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
    body: web::Json<players::UpdateProfile>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(json!({ "player": players::update_profile(&state.ctx, &user, *id, body.into_inner()).await? })))
}
