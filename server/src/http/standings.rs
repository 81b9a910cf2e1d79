//! `/api/tournaments/{id}/tiebreaks`, `/ties` and `/standings/groups/*`:
//! how standings are ranked, the TO's hand on open ties, a tied group's
//! mini-league table.

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::TournamentId;
use crate::error::ApiResult;
use crate::http::schemas::bodies::{sorted, DismissedBody, GroupBody, ResolutionBody, TiebreaksBody};
use crate::service::{standings::tiebreaks, standings::ties};
use actix_web::{delete, get, post, put};
use actix_web::{web, HttpResponse};

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(get_tiebreaks).service(set_tiebreaks).service(act).service(dismiss).service(group);
}

refusals!(get_tiebreaks: [NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "standings_get_tiebreaks",
    tag = "standings",
    summary = "The standings configuration: tie-breaks, point values, the options and the changes made.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The configuration.", body = crate::http::schemas::bodies::TiebreaksBody))
)]
#[get("/api/tournaments/{id}/tiebreaks")]
async fn get_tiebreaks(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&TiebreaksBody { tiebreaks: tiebreaks::get(&state.ctx, user.0.as_ref(), *id).await? })?))
}

refusals!(set_tiebreaks: [BodyTooLarge, ConfirmationRequired, CrossSiteRequest, InvalidField, InvalidJson, InvalidPoints, InvalidStandings, NotFound, NotSignedIn, NotTournamentOrganiser, TournamentComplete, TournamentNotFound]);
#[utoipa::path(
    operation_id = "standings_set_tiebreaks",
    tag = "standings",
    summary = "Change the tie-breaks and point values (the TO; `confirm` once round 1 is paired).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::standings::tiebreaks::SetTiebreaks,
    responses((status = 200, description = "The configuration.", body = crate::http::schemas::bodies::TiebreaksBody))
)]
#[put("/api/tournaments/{id}/tiebreaks")]
async fn set_tiebreaks(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<tiebreaks::SetTiebreaks>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&TiebreaksBody { tiebreaks: tiebreaks::set(&state.ctx, &user, *id, body.into_inner()).await? })?))
}

refusals!(act: [AlreadyDrawn, BodyTooLarge, CrossSiteRequest, InvalidJson, NobodyBelow, NotFound, NotSignedIn, NotTied, NotTournamentOrganiser, NotUnresolved, PairingNotFound, PlayerNotFound, RoundNotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "standings_act",
    tag = "standings",
    summary = "Confirm, reorder (`swap`) or draw lots for an open tie (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::standings::ties::TieAction,
    responses((status = 200, description = "The tie's resolution.", body = crate::http::schemas::bodies::ResolutionBody))
)]
#[post("/api/tournaments/{id}/ties")]
async fn act(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<ties::TieAction>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&ResolutionBody { resolution: ties::act(&state.ctx, &user, *id, body.into_inner()).await? })?))
}

refusals!(dismiss: [CrossSiteRequest, NotFound, NotSignedIn, NotTournamentOrganiser, TournamentNotFound]);
#[utoipa::path(
    operation_id = "standings_dismiss",
    tag = "standings",
    summary = "Dismiss the TO's tie notices.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "How many notices were dismissed.", body = crate::http::schemas::bodies::DismissedBody))
)]
#[delete("/api/tournaments/{id}/ties/notices")]
async fn dismiss(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&DismissedBody { dismissed: ties::dismiss_notices(&state.ctx, &user, *id).await? })?))
}

refusals!(group: [GroupNotFound, NoGroupTable, NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "standings_group",
    tag = "standings",
    summary = "A tied group's mini-league.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), ("group" = u32, Path, description = "The tied group's number, as the standings show it.")),
    responses((status = 200, description = "The mini-league.", body = crate::http::schemas::bodies::GroupBody))
)]
#[get("/api/tournaments/{id}/standings/groups/{group}")]
async fn group(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<(TournamentId, u32)>,
) -> ApiResult<HttpResponse> {
    let (id, g) = path.into_inner();
    Ok(HttpResponse::Ok().json(sorted(&GroupBody { group: ties::group(&state.ctx, user.0.as_ref(), id, g).await? })?))
}
