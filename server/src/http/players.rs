//! Player actions (register, list, check in, drop) and the TO's player
//! actions (list players, check a player in, remove a player, adjust a
//! player's score).

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::{PlayerId, TournamentId};
use crate::error::ApiResult;
use crate::service::{adjustments, players};
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
        .route("/api/players/{id}/reinstate", web::post().to(reinstate))
        .route("/api/players/{id}/adjustments", web::post().to(adjust))
        .route("/api/players/{id}/adjustments/{no}", web::delete().to(unadjust))
        .route("/api/players/{id}", web::patch().to(edit))
        .route("/api/players/{id}/history", web::get().to(history))
        .route("/api/players/{id}/profile", web::put().to(update_profile));
}

#[utoipa::path(
    post,
    path = "/api/tournaments/{id}/register",
    operation_id = "players_register",
    tag = "players",
    summary = "Register for the event (the signed-in player).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::players::Register,
    responses((status = 201, description = "The registration.", body = crate::http::schemas::bodies::PlayerBody))
)]
async fn register(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<players::Register>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Created()
        .json(json!({ "player": players::register(&state.ctx, &user, *id, body.into_inner()).await? })))
}

#[utoipa::path(
    put,
    path = "/api/tournaments/{id}/list",
    operation_id = "players_update_list",
    tag = "players",
    summary = "Replace the caller's army list (until lists are locked).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::players::UpdateList,
    responses((status = 200, description = "The registration.", body = crate::http::schemas::bodies::PlayerBody))
)]
async fn update_list(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<players::UpdateList>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(json!({ "player": players::update_list(&state.ctx, &user, *id, body.into_inner()).await? })))
}

#[utoipa::path(
    post,
    path = "/api/tournaments/{id}/check-in",
    operation_id = "players_check_in",
    tag = "players",
    summary = "Check in (the registered player, during check-in).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The registration.", body = crate::http::schemas::bodies::PlayerBody))
)]
async fn check_in(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "player": players::check_in(&state.ctx, &user, *id).await? })))
}

#[utoipa::path(
    post,
    path = "/api/tournaments/{id}/drop",
    operation_id = "players_drop_out",
    tag = "players",
    summary = "Drop out of the event (the player).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The registration, dropped.", body = crate::http::schemas::bodies::PlayerBody))
)]
async fn drop_out(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "player": players::drop_out(&state.ctx, &user, *id).await? })))
}

#[utoipa::path(
    get,
    path = "/api/tournaments/{id}/players",
    operation_id = "players_list",
    tag = "players",
    summary = "The event's players.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The players, in registration order.", body = crate::http::schemas::bodies::PlayersBody))
)]
async fn list(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "players": players::list(&state.ctx, user.0.as_ref(), *id).await? })))
}

#[utoipa::path(
    post,
    path = "/api/players/{id}/check-in",
    operation_id = "players_check_in_player",
    tag = "players",
    summary = "Check a player in (the TO).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event).")),
    responses((status = 200, description = "The registration.", body = crate::http::schemas::bodies::PlayerBody))
)]
async fn check_in_player(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "player": players::check_in_player(&state.ctx, &user, *id).await? })))
}

#[utoipa::path(
    delete,
    path = "/api/players/{id}",
    operation_id = "players_remove",
    tag = "players",
    summary = "Remove a player (the TO).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event).")),
    responses((status = 200, description = "The registration, removed.", body = crate::http::schemas::bodies::PlayerBody))
)]
async fn remove(state: web::Data<AppState>, Authed(user): Authed, id: web::Path<PlayerId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "player": players::remove(&state.ctx, &user, *id).await? })))
}

#[utoipa::path(
    patch,
    path = "/api/players/{id}",
    operation_id = "players_edit",
    tag = "players",
    summary = "Correct a player's name, faction or profile; each change is recorded (the organisers).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event).")),
    request_body = crate::service::players::EditPlayer,
    responses((status = 200, description = "The registration and what changed.", body = crate::http::schemas::bodies::PlayerEditBody))
)]
async fn edit(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
    body: web::Json<players::EditPlayer>,
) -> ApiResult<HttpResponse> {
    let (player, changes) = players::edit(&state.ctx, &user, *id, body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(json!({ "player": player, "changes": changes })))
}

#[utoipa::path(
    get,
    path = "/api/players/{id}/history",
    operation_id = "players_history",
    tag = "players",
    summary = "Every correction of a player's details, oldest first: who, when, each field before and after (the staff).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event).")),
    responses((status = 200, description = "The corrections.", body = crate::http::schemas::bodies::SettingsLogBody))
)]
async fn history(state: web::Data<AppState>, Authed(user): Authed, id: web::Path<PlayerId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "log": players::history(&state.ctx, &user, *id).await? })))
}

#[utoipa::path(
    post,
    path = "/api/players/{id}/reinstate",
    operation_id = "players_reinstate",
    tag = "players",
    summary = "Reinstate a player who dropped or was removed, before the next round is paired without them (the TO).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event).")),
    responses((status = 200, description = "The registration, back in the event.", body = crate::http::schemas::bodies::PlayerBody))
)]
async fn reinstate(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "player": players::reinstate(&state.ctx, &user, *id).await? })))
}

#[utoipa::path(
    put,
    path = "/api/players/{id}/profile",
    operation_id = "players_update_profile",
    tag = "players",
    summary = "Replace a player's profile: rating, title, federation, birth date… (the TO).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event).")),
    request_body = crate::service::players::UpdateProfile,
    responses((status = 200, description = "The registration.", body = crate::http::schemas::bodies::PlayerBody))
)]
async fn update_profile(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
    body: web::Json<players::UpdateProfile>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(json!({ "player": players::update_profile(&state.ctx, &user, *id, body.into_inner()).await? })))
}

#[utoipa::path(
    post,
    path = "/api/players/{id}/adjustments",
    operation_id = "players_adjust",
    tag = "players",
    summary = "Add a penalty or bonus (40K wins or VP; crokinole points) or a 40K painting or sportsmanship score to a player; the standings change at once (staff, while the event is in progress).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration id.")),
    request_body = crate::service::adjustments::AdjustmentInput,
    responses((status = 201, description = "The registration with its adjustments.", body = crate::http::schemas::bodies::PlayerBody))
)]
async fn adjust(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
    body: web::Json<adjustments::AdjustmentInput>,
) -> ApiResult<HttpResponse> {
    let player = adjustments::add(&state.ctx, &user, *id, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(json!({ "player": player })))
}

#[utoipa::path(
    delete,
    path = "/api/players/{id}/adjustments/{no}",
    operation_id = "players_unadjust",
    tag = "players",
    summary = "Take a player's adjustment back; the standings change at once (staff, while the event is in progress).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration id."), ("no" = u32, Path, description = "The adjustment's number (`adjustments[].no`).")),
    responses((status = 200, description = "The registration with its adjustments.", body = crate::http::schemas::bodies::PlayerBody))
)]
async fn unadjust(
    state: web::Data<AppState>,
    Authed(user): Authed,
    path: web::Path<(PlayerId, u32)>,
) -> ApiResult<HttpResponse> {
    let (id, no) = path.into_inner();
    Ok(HttpResponse::Ok().json(json!({ "player": adjustments::remove(&state.ctx, &user, id, no).await? })))
}
