//! `/api/tournaments/{id}/tiebreaks`, `/ties` and `/standings/groups/*`:
//! how standings are ranked, the TO's hand on open ties, a tied group's
//! mini-league table.

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::TournamentId;
use crate::error::ApiResult;
use crate::service::{tiebreaks, ties};
use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/tournaments/{id}/tiebreaks", web::get().to(get_tiebreaks))
        .route("/api/tournaments/{id}/tiebreaks", web::put().to(set_tiebreaks))
        .route("/api/tournaments/{id}/ties", web::post().to(act))
        .route("/api/tournaments/{id}/ties/notices", web::delete().to(dismiss))
        .route("/api/tournaments/{id}/standings/groups/{group}", web::get().to(group));
}

#[utoipa::path(
    get,
    path = "/api/tournaments/{id}/tiebreaks",
    operation_id = "standings_get_tiebreaks",
    tag = "standings",
    summary = "The standings configuration: tie-breaks, point values, the options and the changes made.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The configuration.", body = crate::http::schemas::bodies::TiebreaksBody))
)]
async fn get_tiebreaks(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "tiebreaks": tiebreaks::get(&state.ctx, user.0.as_ref(), *id).await? })))
}

#[utoipa::path(
    put,
    path = "/api/tournaments/{id}/tiebreaks",
    operation_id = "standings_set_tiebreaks",
    tag = "standings",
    summary = "Change the tie-breaks and point values (the TO; `confirm` once round 1 is paired).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::tiebreaks::SetTiebreaks,
    responses((status = 200, description = "The configuration.", body = crate::http::schemas::bodies::TiebreaksBody))
)]
async fn set_tiebreaks(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<tiebreaks::SetTiebreaks>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(json!({ "tiebreaks": tiebreaks::set(&state.ctx, &user, *id, body.into_inner()).await? })))
}

#[utoipa::path(
    post,
    path = "/api/tournaments/{id}/ties",
    operation_id = "standings_act",
    tag = "standings",
    summary = "Confirm, reorder (`swap`) or draw lots for an open tie (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::ties::TieAction,
    responses((status = 200, description = "The tie's resolution.", body = crate::http::schemas::bodies::ResolutionBody))
)]
async fn act(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<ties::TieAction>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "resolution": ties::act(&state.ctx, &user, *id, body.into_inner()).await? })))
}

#[utoipa::path(
    delete,
    path = "/api/tournaments/{id}/ties/notices",
    operation_id = "standings_dismiss",
    tag = "standings",
    summary = "Dismiss the TO's tie notices.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "How many notices were dismissed.", body = crate::http::schemas::bodies::DismissedBody))
)]
async fn dismiss(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "dismissed": ties::dismiss_notices(&state.ctx, &user, *id).await? })))
}

#[utoipa::path(
    get,
    path = "/api/tournaments/{id}/standings/groups/{group}",
    operation_id = "standings_group",
    tag = "standings",
    summary = "A tied group's mini-league.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), ("group" = u32, Path, description = "The tied group's number, as the standings show it.")),
    responses((status = 200, description = "The mini-league.", body = crate::http::schemas::bodies::GroupBody))
)]
async fn group(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<(TournamentId, u32)>,
) -> ApiResult<HttpResponse> {
    let (id, g) = path.into_inner();
    Ok(HttpResponse::Ok().json(json!({ "group": ties::group(&state.ctx, user.0.as_ref(), id, g).await? })))
}
