//! Swiss chess: byes arranged ahead (player and TO), and the event as a FIDE
//! Tournament Report File (export; import of players and played rounds).

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::{PlayerId, TournamentId};
use crate::error::ApiResult;
use crate::http::schemas::bodies::{sorted, ByeBody, ByesBody};
use crate::service::{records::trf, tables::byes};
use actix_web::{delete, get, post};
use actix_web::{web, HttpResponse};

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(list).service(request).service(cancel).service(grant).service(revoke).service(export).service(import);
}

refusals!(list: [NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "chess_list",
    tag = "chess",
    summary = "Byes requested or granted for rounds not yet paired.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The byes.", body = crate::http::schemas::bodies::ByesBody))
)]
#[get("/api/tournaments/{id}/byes")]
async fn list(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&ByesBody { byes: byes::list(&state.ctx, user.0.as_ref(), *id).await? })?))
}

refusals!(request: [BodyTooLarge, ByesNotOffered, CrossSiteRequest, FullByeByOrganiser, InvalidByeKind, InvalidJson, InvalidRound, NotFound, NotRegistered, NotSignedIn, PlayerWithdrawn, RoundAlreadyPaired, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "chess_request",
    tag = "chess",
    summary = "Ask for a bye in a round not yet paired (the player: `half` or `zero`).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::tables::byes::ByeInput,
    responses((status = 201, description = "The bye.", body = crate::http::schemas::bodies::ByeBody))
)]
#[post("/api/tournaments/{id}/byes")]
async fn request(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<byes::ByeInput>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Created()
        .json(sorted(&ByeBody { bye: byes::request(&state.ctx, &user, *id, body.into_inner()).await? })?))
}

refusals!(cancel: [ByeNotFound, ByesNotOffered, CrossSiteRequest, InvalidRound, NotFound, NotRegistered, NotSignedIn, PlayerWithdrawn, RoundAlreadyPaired, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "chess_cancel",
    tag = "chess",
    summary = "Withdraw one's own bye request.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), ("round" = u32, Path, description = "The round number, from 1.")),
    responses((status = 204, description = "Withdrawn."))
)]
#[delete("/api/tournaments/{id}/byes/{round}")]
async fn cancel(
    state: web::Data<AppState>,
    Authed(user): Authed,
    path: web::Path<(TournamentId, u32)>,
) -> ApiResult<HttpResponse> {
    let (id, round) = path.into_inner();
    byes::cancel(&state.ctx, &user, id, round).await?;
    Ok(HttpResponse::NoContent().finish())
}

refusals!(grant: [BodyTooLarge, ByesNotOffered, CrossSiteRequest, FullByeByOrganiser, InvalidByeKind, InvalidJson, InvalidRound, NotFound, NotSignedIn, NotTournamentOrganiser, PlayerNotFound, PlayerWithdrawn, RoundAlreadyPaired, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "chess_grant",
    tag = "chess",
    summary = "Give a player a bye (the TO: `half`, `zero` or `full`).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event).")),
    request_body = crate::service::tables::byes::ByeInput,
    responses((status = 201, description = "The bye.", body = crate::http::schemas::bodies::ByeBody))
)]
#[post("/api/players/{id}/byes")]
async fn grant(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
    body: web::Json<byes::ByeInput>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Created()
        .json(sorted(&ByeBody { bye: byes::grant(&state.ctx, &user, *id, body.into_inner()).await? })?))
}

refusals!(revoke: [ByeNotFound, ByesNotOffered, CrossSiteRequest, InvalidRound, NotFound, NotSignedIn, NotTournamentOrganiser, PlayerNotFound, PlayerWithdrawn, RoundAlreadyPaired, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "chess_revoke",
    tag = "chess",
    summary = "Take back a player's bye (the TO).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event)."), ("round" = u32, Path, description = "The round number, from 1.")),
    responses((status = 204, description = "Taken back."))
)]
#[delete("/api/players/{id}/byes/{round}")]
async fn revoke(
    state: web::Data<AppState>,
    Authed(user): Authed,
    path: web::Path<(PlayerId, u32)>,
) -> ApiResult<HttpResponse> {
    let (id, round) = path.into_inner();
    byes::revoke(&state.ctx, &user, id, round).await?;
    Ok(HttpResponse::NoContent().finish())
}

refusals!(export: [NotFound, TournamentNotFound, TrfChessOnly]);
#[utoipa::path(
    operation_id = "chess_export",
    tag = "chess",
    summary = "The event as a FIDE TRF file (closed rounds, next round's byes).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The TRF text, as an attachment.", body = String, content_type = "text/plain"))
)]
#[get("/api/tournaments/{id}/trf")]
async fn export(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    let (name, text) = trf::export(&state.ctx, user.0.as_ref(), *id).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header(("Content-Disposition", format!("attachment; filename=\"{name}.trf\"")))
        .body(text))
}

refusals!(import: [CrossSiteRequest, InvalidTrf, NotFound, NotSignedIn, NotTournamentOrganiser, TournamentNotFound, TrfImportNeedsEmptyEvent, TrfUnsupported, WrongStatus]);
#[utoipa::path(
    operation_id = "chess_import",
    tag = "chess",
    summary = "Import a FIDE TRF (players, played rounds, byes) into an empty FIDE Dutch event (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body(content = String, content_type = "text/plain"),
    responses((status = 200, description = "What was imported.", body = arbiter_web::views::Imported))
)]
#[post("/api/tournaments/{id}/trf")]
async fn import(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: String,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(trf::import(&state.ctx, &user, *id, &body).await?))
}
