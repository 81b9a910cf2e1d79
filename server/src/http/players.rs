//! Player actions (register, list, check in, drop) and the TO's player
//! actions (list players, check a player in, remove a player, adjust a
//! player's score).

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::{PlayerId, TournamentId};
use crate::error::ApiResult;
use crate::http::schemas::bodies::{sorted, PlayerBody, PlayerEditBody, PlayersBody, SettingsLogBody};
use crate::service::{people::adjustments, people::players};
use actix_web::{delete, get, patch, post, put};
use actix_web::{web, HttpResponse};

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(register)
        .service(update_list)
        .service(check_in)
        .service(drop_out)
        .service(list)
        .service(check_in_player)
        .service(remove)
        .service(reinstate)
        .service(adjust)
        .service(unadjust)
        .service(edit)
        .service(history)
        .service(update_profile);
}

refusals!(register: [AlreadyRegistered, BodyTooLarge, CrossSiteRequest, InvalidField, InvalidJson, InvalidProfile, ListsLocked, NotEligible, NotFound, NotSignedIn, RegistrationClosed, TeamsOnly, TournamentNotFound]);
#[utoipa::path(
    operation_id = "players_register",
    tag = "players",
    summary = "Register for the event (the signed-in player).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::people::players::Register,
    responses((status = 201, description = "The registration.", body = crate::http::schemas::bodies::PlayerBody))
)]
#[post("/api/tournaments/{id}/register")]
async fn register(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<players::Register>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Created()
        .json(sorted(&PlayerBody { player: players::register(&state.ctx, &user, *id, body.into_inner()).await? })?))
}

refusals!(update_list: [BodyTooLarge, CrossSiteRequest, InvalidField, InvalidJson, ListsLocked, NotFound, NotRegistered, NotSignedIn, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "players_update_list",
    tag = "players",
    summary = "Replace the caller's army list (until lists are locked).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::people::players::UpdateList,
    responses((status = 200, description = "The registration.", body = crate::http::schemas::bodies::PlayerBody))
)]
#[put("/api/tournaments/{id}/list")]
async fn update_list(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<players::UpdateList>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&PlayerBody { player: players::update_list(&state.ctx, &user, *id, body.into_inner()).await? })?))
}

refusals!(check_in: [AlreadyCheckedIn, CheckInClosed, CrossSiteRequest, NotFound, NotRegistered, NotSignedIn, PlayerDropped, TournamentNotFound]);
#[utoipa::path(
    operation_id = "players_check_in",
    tag = "players",
    summary = "Check in (the registered player, during check-in).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The registration.", body = crate::http::schemas::bodies::PlayerBody))
)]
#[post("/api/tournaments/{id}/check-in")]
async fn check_in(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&PlayerBody { player: players::check_in(&state.ctx, &user, *id).await? })?))
}

refusals!(drop_out: [AlreadyDropped, CrossSiteRequest, NotFound, NotRegistered, NotSignedIn, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "players_drop_out",
    tag = "players",
    summary = "Drop out of the event (the player).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The registration, dropped.", body = crate::http::schemas::bodies::PlayerBody))
)]
#[post("/api/tournaments/{id}/drop")]
async fn drop_out(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&PlayerBody { player: players::drop_out(&state.ctx, &user, *id).await? })?))
}

refusals!(list: [NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "players_list",
    tag = "players",
    summary = "The event's players.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The players, in registration order.", body = crate::http::schemas::bodies::PlayersBody))
)]
#[get("/api/tournaments/{id}/players")]
async fn list(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&PlayersBody { players: players::list(&state.ctx, user.0.as_ref(), *id).await? })?))
}

refusals!(check_in_player: [AlreadyCheckedIn, CheckInClosed, CrossSiteRequest, NotFound, NotSignedIn, NotTournamentStaff, PlayerDropped, PlayerNotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "players_check_in_player",
    tag = "players",
    summary = "Check a player in (the TO).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event).")),
    responses((status = 200, description = "The registration.", body = crate::http::schemas::bodies::PlayerBody))
)]
#[post("/api/players/{id}/check-in")]
async fn check_in_player(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&PlayerBody { player: players::check_in_player(&state.ctx, &user, *id).await? })?))
}

refusals!(remove: [AlreadyRemoved, CrossSiteRequest, NotFound, NotSignedIn, NotTournamentOrganiser, PlayerNotFound, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "players_remove",
    tag = "players",
    summary = "Remove a player (the TO).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event).")),
    responses((status = 200, description = "The registration, removed.", body = crate::http::schemas::bodies::PlayerBody))
)]
#[delete("/api/players/{id}")]
async fn remove(state: web::Data<AppState>, Authed(user): Authed, id: web::Path<PlayerId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&PlayerBody { player: players::remove(&state.ctx, &user, *id).await? })?))
}

refusals!(edit: [BodyTooLarge, CrossSiteRequest, InvalidField, InvalidJson, InvalidProfile, NotFound, NotSignedIn, NotTournamentOrganiser, PlayerNotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "players_edit",
    tag = "players",
    summary = "Correct a player's name, faction or profile; each change is recorded (the organisers).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event).")),
    request_body = crate::service::people::players::EditPlayer,
    responses((status = 200, description = "The registration and what changed.", body = crate::http::schemas::bodies::PlayerEditBody))
)]
#[patch("/api/players/{id}")]
async fn edit(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
    body: web::Json<players::EditPlayer>,
) -> ApiResult<HttpResponse> {
    let (player, changes) = players::edit(&state.ctx, &user, *id, body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(sorted(&PlayerEditBody { player, changes })?))
}

refusals!(history: [NotFound, NotSignedIn, NotTournamentStaff, PlayerNotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "players_history",
    tag = "players",
    summary = "Every correction of a player's details, oldest first: who, when, each field before and after (the staff).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event).")),
    responses((status = 200, description = "The corrections.", body = crate::http::schemas::bodies::SettingsLogBody))
)]
#[get("/api/players/{id}/history")]
async fn history(state: web::Data<AppState>, Authed(user): Authed, id: web::Path<PlayerId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&SettingsLogBody { log: players::history(&state.ctx, &user, *id).await? })?))
}

refusals!(reinstate: [CrossSiteRequest, NotDropped, NotFound, NotSignedIn, NotTournamentOrganiser, PlayerNotFound, RoundPairedSinceDrop, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "players_reinstate",
    tag = "players",
    summary = "Reinstate a player who dropped or was removed, before the next round is paired without them (the TO).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event).")),
    responses((status = 200, description = "The registration, back in the event.", body = crate::http::schemas::bodies::PlayerBody))
)]
#[post("/api/players/{id}/reinstate")]
async fn reinstate(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&PlayerBody { player: players::reinstate(&state.ctx, &user, *id).await? })?))
}

refusals!(update_profile: [BodyTooLarge, CrossSiteRequest, InvalidJson, InvalidProfile, NotFound, NotSignedIn, NotTournamentOrganiser, PlayerNotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "players_update_profile",
    tag = "players",
    summary = "Replace a player's profile: rating, title, federation, birth date… (the TO).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event).")),
    request_body = crate::service::people::players::UpdateProfile,
    responses((status = 200, description = "The registration.", body = crate::http::schemas::bodies::PlayerBody))
)]
#[put("/api/players/{id}/profile")]
async fn update_profile(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
    body: web::Json<players::UpdateProfile>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&PlayerBody {
        player: players::update_profile(&state.ctx, &user, *id, body.into_inner()).await?,
    })?))
}

refusals!(adjust: [BodyTooLarge, CrossSiteRequest, InvalidAdjustment, InvalidField, InvalidJson, NotFound, NotSignedIn, NotTournamentStaff, OwnGame, PlayerNotFound, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "players_adjust",
    tag = "players",
    summary = "Add a penalty or bonus (40K wins or VP; crokinole points) or a 40K painting or sportsmanship score to a player; the standings change at once (staff, while the event is in progress).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration id.")),
    request_body = crate::service::people::adjustments::AdjustmentInput,
    responses((status = 201, description = "The registration with its adjustments.", body = crate::http::schemas::bodies::PlayerBody))
)]
#[post("/api/players/{id}/adjustments")]
async fn adjust(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
    body: web::Json<adjustments::AdjustmentInput>,
) -> ApiResult<HttpResponse> {
    let player = adjustments::add(&state.ctx, &user, *id, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(sorted(&PlayerBody { player })?))
}

refusals!(unadjust: [AdjustmentNotFound, CrossSiteRequest, NotFound, NotSignedIn, NotTournamentStaff, OwnGame, PlayerNotFound, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "players_unadjust",
    tag = "players",
    summary = "Take a player's adjustment back; the standings change at once (staff, while the event is in progress).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration id."), ("no" = u32, Path, description = "The adjustment's number (`adjustments[].no`).")),
    responses((status = 200, description = "The registration with its adjustments.", body = crate::http::schemas::bodies::PlayerBody))
)]
#[delete("/api/players/{id}/adjustments/{no}")]
async fn unadjust(
    state: web::Data<AppState>,
    Authed(user): Authed,
    path: web::Path<(PlayerId, u32)>,
) -> ApiResult<HttpResponse> {
    let (id, no) = path.into_inner();
    Ok(HttpResponse::Ok().json(sorted(&PlayerBody { player: adjustments::remove(&state.ctx, &user, id, no).await? })?))
}
