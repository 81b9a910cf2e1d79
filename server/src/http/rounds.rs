//! `/api/tournaments/{id}/rounds` and `/api/rounds/*`: create, pair, get,
//! close; and the TO's undo: withdraw pairings, delete, reopen.

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::{RoundId, TournamentId};
use crate::error::ApiResult;
use crate::http::schemas::bodies::{sorted, RoundBody, RoundsBody};
use crate::service::{lifecycle::drafts, lifecycle::rounds};
use actix_web::{delete, get, post, put};
use actix_web::{web, HttpResponse};

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(create)
        .service(list)
        .service(get)
        .service(generate)
        .service(unpair)
        .service(delete)
        .service(close)
        .service(reopen)
        .service(make_draft)
        .service(get_draft)
        .service(edit_draft)
        .service(discard_draft)
        .service(publish_draft);
}

refusals!(create: [AllRoundsPlayed, BodyTooLarge, CrossSiteRequest, InvalidField, InvalidJson, NotFound, NotSignedIn, NotTournamentOrganiser, RoundOpen, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "rounds_create",
    tag = "rounds",
    summary = "Open the next round (PENDING, not paired yet) (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body(content = Option<crate::service::lifecycle::rounds::CreateRound>, description = "Optional: an empty body is the same as `{}`."),
    responses((status = 201, description = "The new round.", body = crate::http::schemas::bodies::RoundBody))
)]
#[post("/api/tournaments/{id}/rounds")]
async fn create(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Bytes,
) -> ApiResult<HttpResponse> {
    let input: rounds::CreateRound = super::optional_json(&body)?;
    Ok(HttpResponse::Created()
        .json(sorted(&RoundBody { round: rounds::create(&state.ctx, &user, *id, input).await? })?))
}

refusals!(list: [NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "rounds_list",
    tag = "rounds",
    summary = "The event's rounds.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The rounds, in order.", body = crate::http::schemas::bodies::RoundsBody))
)]
#[get("/api/tournaments/{id}/rounds")]
async fn list(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&RoundsBody { rounds: rounds::list(&state.ctx, user.0.as_ref(), *id).await? })?))
}

refusals!(get: [NotFound, RoundNotFound, RoundNotPublished, TournamentNotFound]);
#[utoipa::path(
    operation_id = "rounds_get",
    tag = "rounds",
    summary = "One round with its tables.",
    params(("id" = arbiter_web::ids::RoundId, Path, description = "The round's id.")),
    responses((status = 200, description = "The round.", body = crate::http::schemas::bodies::RoundBody))
)]
#[get("/api/rounds/{id}")]
async fn get(state: web::Data<AppState>, user: MaybeUser, id: web::Path<RoundId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&RoundBody { round: rounds::get(&state.ctx, user.0.as_ref(), *id).await? })?))
}

refusals!(generate: [AllRoundsPlayed, AlreadyRemoved, Busy, CrossSiteRequest, NoLegalPairing, NotEnoughPlayers, NotFound, NotSignedIn, NotTournamentOrganiser, PlayoffsStarted, PoolsStale, RoundNotFound, RoundNotPending, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "rounds_generate",
    tag = "rounds",
    summary = "Pair the round and publish its tables (the TO).",
    params(("id" = arbiter_web::ids::RoundId, Path, description = "The round's id.")),
    responses((status = 200, description = "The paired round and any pairing warnings.", body = arbiter_web::views::Published))
)]
#[post("/api/rounds/{id}/pairings")]
async fn generate(state: web::Data<AppState>, Authed(user): Authed, id: web::Path<RoundId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(rounds::generate(&state.ctx, &user, *id).await?))
}

refusals!(close: [CrossSiteRequest, NotFound, NotSignedIn, NotTournamentOrganiser, RoundClosed, RoundIncomplete, RoundNotFound, RoundNotPaired, TournamentNotFound]);
#[utoipa::path(
    operation_id = "rounds_close",
    tag = "rounds",
    summary = "Close the round once every table has a confirmed result (the TO).",
    params(("id" = arbiter_web::ids::RoundId, Path, description = "The round's id.")),
    responses((status = 200, description = "The closed round.", body = crate::http::schemas::bodies::RoundBody))
)]
#[post("/api/rounds/{id}/close")]
async fn close(state: web::Data<AppState>, Authed(user): Authed, id: web::Path<RoundId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&RoundBody { round: rounds::close(&state.ctx, &user, *id).await? })?))
}

refusals!(unpair: [CrossSiteRequest, NotFound, NotLatestRound, NotSignedIn, NotTournamentOrganiser, RoundHasResults, RoundNotFound, RoundNotPaired, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "rounds_unpair",
    tag = "rounds",
    summary = "Withdraw the latest round's pairings before any result is reported: it is PENDING again (the TO).",
    params(("id" = arbiter_web::ids::RoundId, Path, description = "The round's id.")),
    responses((status = 200, description = "The round, without pairings.", body = crate::http::schemas::bodies::RoundBody))
)]
#[delete("/api/rounds/{id}/pairings")]
async fn unpair(state: web::Data<AppState>, Authed(user): Authed, id: web::Path<RoundId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&RoundBody { round: rounds::unpair(&state.ctx, &user, *id).await? })?))
}

refusals!(delete: [CrossSiteRequest, NotFound, NotLatestRound, NotSignedIn, NotTournamentOrganiser, RoundNotFound, RoundNotPending, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "rounds_delete",
    tag = "rounds",
    summary = "Delete the latest round while it has no pairings (the TO).",
    params(("id" = arbiter_web::ids::RoundId, Path, description = "The round's id.")),
    responses((status = 200, description = "The round deleted.", body = crate::http::schemas::bodies::RoundBody))
)]
#[delete("/api/rounds/{id}")]
async fn delete(state: web::Data<AppState>, Authed(user): Authed, id: web::Path<RoundId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&RoundBody { round: rounds::delete(&state.ctx, &user, *id).await? })?))
}

refusals!(reopen: [CrossSiteRequest, NotFound, NotLatestRound, NotSignedIn, NotTournamentOrganiser, RoundNotClosed, RoundNotFound, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "rounds_reopen",
    tag = "rounds",
    summary = "Reopen the latest round after closing it; its ratings are undone until it closes again (the TO).",
    params(("id" = arbiter_web::ids::RoundId, Path, description = "The round's id.")),
    responses((status = 200, description = "The round, open again.", body = crate::http::schemas::bodies::RoundBody))
)]
#[post("/api/rounds/{id}/reopen")]
async fn reopen(state: web::Data<AppState>, Authed(user): Authed, id: web::Path<RoundId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&RoundBody { round: rounds::reopen(&state.ctx, &user, *id).await? })?))
}

refusals!(make_draft: [AllRoundsPlayed, AlreadyRemoved, Busy, CannotPair, CrossSiteRequest, NoLegalPairing, NotEnoughPlayers, NotFound, NotSignedIn, NotTournamentOrganiser, PlayoffsStarted, PoolsStale, RoundNotFound, RoundNotPending, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "rounds_make_draft",
    tag = "rounds",
    summary = "Pair a PENDING round as a draft only the TO sees, with the engine's reasons and the rules each table breaks (the TO).",
    params(("id" = arbiter_web::ids::RoundId, Path, description = "The round's id.")),
    responses((status = 200, description = "The draft.", body = crate::service::lifecycle::drafts::DraftView))
)]
#[post("/api/rounds/{id}/draft")]
async fn make_draft(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<RoundId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(drafts::make(&state.ctx, &user, *id).await?))
}

refusals!(get_draft: [NoDraft, NotFound, NotSignedIn, NotTournamentOrganiser, RoundNotFound, RoundNotPending, TournamentNotFound]);
#[utoipa::path(
    operation_id = "rounds_get_draft",
    tag = "rounds",
    summary = "The round's draft pairings with their checks (the TO).",
    params(("id" = arbiter_web::ids::RoundId, Path, description = "The round's id.")),
    responses((status = 200, description = "The draft.", body = crate::service::lifecycle::drafts::DraftView))
)]
#[get("/api/rounds/{id}/draft")]
async fn get_draft(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<RoundId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(drafts::get(&state.ctx, &user, *id).await?))
}

refusals!(edit_draft: [BodyTooLarge, ConfirmationRequired, CrossSiteRequest, InvalidDraft, InvalidJson, NoDraft, NotFound, NotSignedIn, NotTournamentOrganiser, RoundNotFound, RoundNotPending, TournamentNotFound]);
#[utoipa::path(
    operation_id = "rounds_edit_draft",
    tag = "rounds",
    summary = "Change the draft by hand: its whole layout (swap, move a table, pair, unpair); answered with what it breaks (the TO).",
    params(("id" = arbiter_web::ids::RoundId, Path, description = "The round's id.")),
    request_body = crate::service::lifecycle::drafts::DraftInput,
    responses((status = 200, description = "The draft as changed.", body = crate::service::lifecycle::drafts::DraftView))
)]
#[put("/api/rounds/{id}/draft")]
async fn edit_draft(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<RoundId>,
    body: web::Json<drafts::DraftInput>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(drafts::edit(&state.ctx, &user, *id, body.into_inner()).await?))
}

refusals!(discard_draft: [CrossSiteRequest, NoDraft, NotFound, NotSignedIn, NotTournamentOrganiser, RoundNotFound, RoundNotPending, TournamentNotFound]);
#[utoipa::path(
    operation_id = "rounds_discard_draft",
    tag = "rounds",
    summary = "Discard the draft; the round stays PENDING (the TO).",
    params(("id" = arbiter_web::ids::RoundId, Path, description = "The round's id.")),
    responses((status = 204, description = "Discarded."))
)]
#[delete("/api/rounds/{id}/draft")]
async fn discard_draft(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<RoundId>,
) -> ApiResult<HttpResponse> {
    drafts::discard(&state.ctx, &user, *id).await?;
    Ok(HttpResponse::NoContent().finish())
}

refusals!(publish_draft: [CrossSiteRequest, DraftStale, NoDraft, NotFound, NotSignedIn, NotTournamentOrganiser, RoundNotFound, RoundNotPending, TournamentNotFound]);
#[utoipa::path(
    operation_id = "rounds_publish_draft",
    tag = "rounds",
    summary = "Publish the draft: boards and phones get the round now (the TO).",
    params(("id" = arbiter_web::ids::RoundId, Path, description = "The round's id.")),
    responses((status = 200, description = "The published round and warnings.", body = arbiter_web::views::Published))
)]
#[post("/api/rounds/{id}/draft/publish")]
async fn publish_draft(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<RoundId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(drafts::publish(&state.ctx, &user, *id).await?))
}
