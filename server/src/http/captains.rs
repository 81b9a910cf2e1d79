//! `/api/matches/{id}/process*`: the captains' pairing process of a 40K team
//! match (see [`crate::service::teams::captains`]): each caller's view, the
//! captains' locks, and the staff's roll-off, override, timer expiry and undo.

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::PairingId;
use crate::error::ApiResult;
use crate::service::teams::captains::{self, Act, ExpireInput, LockInput, OverrideInput, RollOffInput};
use actix_web::{get, post};
use actix_web::{web, HttpResponse};

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(get).service(lock).service(roll_off).service(override_step).service(expire).service(undo);
}

/// Runs `act` on the database runtime and answers the caller's view.
async fn run(state: &AppState, user: crate::domain::User, id: PairingId, act: Act) -> ApiResult<HttpResponse> {
    let view = state.ctx.run(move |ctx| async move { captains::act(&ctx, &user, id, act).await }).await?;
    Ok(HttpResponse::Ok().json(view))
}

refusals!(get: [NotFound, ProcessNotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "captains_get",
    tag = "teams",
    summary = "A team match's captains' pairing process as the caller may see it (a captain sees only their own sealed choice; staff both; anyone else none), with the step timer.",
    params(("id" = arbiter_web::ids::PairingId, Path, description = "The team match's (pairing's) id.")),
    responses((status = 200, description = "The caller's view of the process.", body = crate::service::teams::captains::ProcessView))
)]
#[get("/api/matches/{id}/process")]
async fn get(state: web::Data<AppState>, user: MaybeUser, id: web::Path<PairingId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(captains::get(&state.ctx, user.0.as_ref(), *id).await?))
}

refusals!(lock: [BodyTooLarge, ChoiceLocked, CrossSiteRequest, InvalidChoice, InvalidJson, NotCaptain, NotFound, NotSignedIn, ProcessNotFound, ProcessStep, TournamentNotFound]);
#[utoipa::path(
    operation_id = "captains_lock",
    tag = "teams",
    summary = "Lock a team's sealed choice for the current step (its captain, or staff naming the side); revealed when both teams have locked.",
    params(("id" = arbiter_web::ids::PairingId, Path, description = "The team match's (pairing's) id.")),
    request_body = crate::service::teams::captains::LockInput,
    responses((status = 200, description = "The caller's view of the process.", body = crate::service::teams::captains::ProcessView))
)]
#[post("/api/matches/{id}/process/lock")]
async fn lock(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PairingId>,
    body: web::Json<LockInput>,
) -> ApiResult<HttpResponse> {
    run(&state, user, *id, Act::Lock(body.into_inner())).await
}

refusals!(roll_off: [BodyTooLarge, CrossSiteRequest, InvalidJson, NotFound, NotSignedIn, NotTournamentStaff, ProcessNotFound, ProcessStep, TournamentNotFound]);
#[utoipa::path(
    operation_id = "captains_roll_off",
    tag = "teams",
    summary = "Record the captains' roll-off winner (staff).",
    params(("id" = arbiter_web::ids::PairingId, Path, description = "The team match's (pairing's) id.")),
    request_body = crate::service::teams::captains::RollOffInput,
    responses((status = 200, description = "The caller's view of the process.", body = crate::service::teams::captains::ProcessView))
)]
#[post("/api/matches/{id}/process/roll-off")]
async fn roll_off(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PairingId>,
    body: web::Json<RollOffInput>,
) -> ApiResult<HttpResponse> {
    run(&state, user, *id, Act::RollOff(body.into_inner())).await
}

refusals!(override_step: [BodyTooLarge, CrossSiteRequest, InvalidChoice, InvalidJson, NotFound, NotSignedIn, NotTournamentStaff, ProcessNotFound, ProcessStep, TournamentNotFound]);
#[utoipa::path(
    operation_id = "captains_override",
    tag = "teams",
    summary = "Set both teams' choices of the current step, replacing any lock, and reveal them (staff).",
    params(("id" = arbiter_web::ids::PairingId, Path, description = "The team match's (pairing's) id.")),
    request_body = crate::service::teams::captains::OverrideInput,
    responses((status = 200, description = "The caller's view of the process.", body = crate::service::teams::captains::ProcessView))
)]
#[post("/api/matches/{id}/process/override")]
async fn override_step(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PairingId>,
    body: web::Json<OverrideInput>,
) -> ApiResult<HttpResponse> {
    run(&state, user, *id, Act::Override(body.into_inner())).await
}

refusals!(expire: [BodyTooLarge, ChoiceLocked, CrossSiteRequest, InvalidChoice, InvalidJson, NotFound, NotSignedIn, NotTournamentStaff, ProcessNotFound, ProcessStep, TournamentNotFound]);
#[utoipa::path(
    operation_id = "captains_expire",
    tag = "teams",
    summary = "The step's timer ran out: the TO's decision for each team that has not locked, then the step is revealed (staff).",
    params(("id" = arbiter_web::ids::PairingId, Path, description = "The team match's (pairing's) id.")),
    request_body = crate::service::teams::captains::ExpireInput,
    responses((status = 200, description = "The caller's view of the process.", body = crate::service::teams::captains::ProcessView))
)]
#[post("/api/matches/{id}/process/expire")]
async fn expire(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PairingId>,
    body: web::Bytes,
) -> ApiResult<HttpResponse> {
    let input: ExpireInput = super::optional_json(&body)?;
    run(&state, user, *id, Act::Expire(input)).await
}

refusals!(undo: [CrossSiteRequest, NotFound, NotSignedIn, NotTournamentStaff, ProcessNotFound, ProcessStep, TournamentNotFound]);
#[utoipa::path(
    operation_id = "captains_undo",
    tag = "teams",
    summary = "Undo the last reveal (or the roll-off) of the captains' process, before its games are set (staff only).",
    params(("id" = arbiter_web::ids::PairingId, Path, description = "The team match's (pairing's) id.")),
    responses((status = 200, description = "The caller's view of the process.", body = crate::service::teams::captains::ProcessView))
)]
#[post("/api/matches/{id}/process/undo")]
async fn undo(state: web::Data<AppState>, Authed(user): Authed, id: web::Path<PairingId>) -> ApiResult<HttpResponse> {
    run(&state, user, *id, Act::Undo).await
}
