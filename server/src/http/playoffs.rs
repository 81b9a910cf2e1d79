//! `/api/tournaments/{id}/playoffs`, `/pools` and `/ranking`: the top cut's
//! settings, its bracket and the pairing of its rounds, the round-robin pools
//! before it, and the event's final ranking.

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::TournamentId;
use crate::error::ApiResult;
use crate::http::schemas::bodies::{sorted, BracketBody, RankingBody};
use crate::service::{lifecycle::playoffs, lifecycle::pools};
use actix_web::{delete, get, post, put};
use actix_web::{web, HttpResponse};

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(get)
        .service(configure)
        .service(remove)
        .service(pair_next)
        .service(get_pools)
        .service(set_pools)
        .service(remove_pools)
        .service(ranking);
}

refusals!(get: [NoPlayoffs, NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "playoffs_get",
    tag = "playoffs",
    summary = "The playoff bracket.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The bracket.", body = crate::http::schemas::bodies::BracketBody))
)]
#[get("/api/tournaments/{id}/playoffs")]
async fn get(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&BracketBody { bracket: playoffs::get(&state.ctx, user.0.as_ref(), *id).await? })?))
}

refusals!(configure: [BodyTooLarge, CrossSiteRequest, CutTooLarge, InvalidCut, InvalidField, InvalidJson, InvalidMatch, InvalidPools, NotFound, NotSignedIn, NotTournamentOrganiser, PlayoffsStarted, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "playoffs_configure",
    tag = "playoffs",
    summary = "Add the playoff stage or change its settings (the TO, until the first playoff round).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::lifecycle::playoffs::PlayoffInput,
    responses((status = 200, description = "The bracket.", body = crate::http::schemas::bodies::BracketBody))
)]
#[put("/api/tournaments/{id}/playoffs")]
async fn configure(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<playoffs::PlayoffInput>,
) -> ApiResult<HttpResponse> {
    let bracket = playoffs::configure(&state.ctx, &user, *id, body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(sorted(&BracketBody { bracket })?))
}

refusals!(remove: [CrossSiteRequest, NoPlayoffs, NotFound, NotSignedIn, NotTournamentOrganiser, PlayoffsStarted, TournamentNotFound]);
#[utoipa::path(
    operation_id = "playoffs_remove",
    tag = "playoffs",
    summary = "Remove the playoff stage (the TO, until the first playoff round).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 204, description = "Removed."))
)]
#[delete("/api/tournaments/{id}/playoffs")]
async fn remove(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    playoffs::remove(&state.ctx, &user, *id).await?;
    Ok(HttpResponse::NoContent().finish())
}

refusals!(pair_next: [BracketFinished, CrossSiteRequest, CutTooLarge, NoPlayoffs, NotFound, NotSignedIn, NotTournamentOrganiser, PoolsUnfinished, RoundOpen, SwissUnfinished, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "playoffs_pair_next",
    tag = "playoffs",
    summary = "Pair the next playoff round (the first seeds the cut from the final standings) (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 201, description = "The paired round.", body = arbiter_web::views::Published))
)]
#[post("/api/tournaments/{id}/playoffs/rounds")]
async fn pair_next(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Created().json(playoffs::pair_next(&state.ctx, &user, *id).await?))
}

refusals!(ranking: [NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "playoffs_ranking",
    tag = "playoffs",
    summary = "The final ranking: playoff places, then the Swiss standings.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The ranking.", body = crate::http::schemas::bodies::RankingBody))
)]
#[get("/api/tournaments/{id}/ranking")]
async fn ranking(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&RankingBody { ranking: playoffs::ranking(&state.ctx, user.0.as_ref(), *id).await? })?))
}

refusals!(get_pools: [NoPools, NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "pools_get",
    tag = "playoffs",
    summary = "The event's round-robin pools, each with its players and its own standings.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The pools.", body = arbiter_web::views::playoffs::PoolsView))
)]
#[get("/api/tournaments/{id}/pools")]
async fn get_pools(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(pools::get(&state.ctx, user.0.as_ref(), *id).await?))
}

refusals!(set_pools: [BodyTooLarge, CrossSiteRequest, CutTooLarge, InvalidJson, InvalidPools, NotFound, NotSignedIn, NotTournamentOrganiser, PoolsLocked, PoolsNotOffered, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "pools_set",
    tag = "playoffs",
    summary = "Set the round-robin pools (the TO, crokinole round robin, before round 1 is paired): exactly one of `count`, `size` or `pools` (by hand).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::lifecycle::pools::PoolsInput,
    responses((status = 200, description = "The pools.", body = arbiter_web::views::playoffs::PoolsView))
)]
#[put("/api/tournaments/{id}/pools")]
async fn set_pools(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<pools::PoolsInput>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(pools::set(&state.ctx, &user, *id, body.into_inner()).await?))
}

refusals!(remove_pools: [CrossSiteRequest, NoPools, NotFound, NotSignedIn, NotTournamentOrganiser, PoolsLocked, TournamentNotFound]);
#[utoipa::path(
    operation_id = "pools_remove",
    tag = "playoffs",
    summary = "Remove the round-robin pools (the TO, before round 1 is paired).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 204, description = "Removed."))
)]
#[delete("/api/tournaments/{id}/pools")]
async fn remove_pools(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    pools::remove(&state.ctx, &user, *id).await?;
    Ok(HttpResponse::NoContent().finish())
}
