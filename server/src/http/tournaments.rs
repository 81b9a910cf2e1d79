//! `/api/tournaments/*`: create, get, list open, list mine, advance, delete,
//! lock and unlock lists, settings (and their log), the action log,
//! standings, snapshot and event replay.

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::bus::event::frame_of;
use crate::domain::{TournamentId, TournamentStatus};
use crate::error::{ApiError, ApiResult, Code, Fill};
use crate::http::schemas::bodies::{
    sorted, ActionLogBody, SettingsBody, SettingsLogBody, StandingsBody, TournamentBody, TournamentsBody,
};
use crate::live::snapshot;
use crate::service::{lifecycle::constraints, lifecycle::settings, lifecycle::tournaments, log};
use actix_web::{delete, get, patch, post, put};
use actix_web::{web, HttpResponse};
use serde::Deserialize;

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(create)
        .service(list_open)
        .service(list_mine)
        .service(get)
        .service(delete)
        .service(advance)
        .service(lock_lists)
        .service(unlock_lists)
        .service(change_settings)
        .service(get_constraints)
        .service(set_constraints)
        .service(settings_log)
        .service(action_log)
        .service(get_standings)
        .service(get_snapshot)
        .service(events);
}

refusals!(create: [BodyTooLarge, CrossSiteRequest, InvalidField, InvalidJson, InvalidPoints, NotSignedIn, RoundsRequired]);
#[utoipa::path(
    operation_id = "tournaments_create",
    tag = "tournaments",
    summary = "Create a tournament (the caller becomes its organiser, the TO).",
    request_body = crate::service::lifecycle::tournaments::CreateTournament,
    responses((status = 201, description = "The new event, in `DRAFT`.", body = crate::http::schemas::bodies::TournamentBody))
)]
#[post("/api/tournaments")]
async fn create(
    state: web::Data<AppState>,
    Authed(user): Authed,
    body: web::Json<tournaments::CreateTournament>,
) -> ApiResult<HttpResponse> {
    let t = tournaments::create(&state.ctx, &user, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(sorted(&TournamentBody { tournament: t })?))
}

refusals!(list_open: []);
#[utoipa::path(
    operation_id = "tournaments_list_open",
    tag = "tournaments",
    summary = "Events open for registration or check-in.",
    responses((status = 200, description = "The events.", body = crate::http::schemas::bodies::TournamentsBody))
)]
#[get("/api/tournaments")]
async fn list_open(state: web::Data<AppState>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&TournamentsBody { tournaments: tournaments::list_open(&state.ctx).await? })?))
}

refusals!(list_mine: [NotSignedIn]);
#[utoipa::path(
    operation_id = "tournaments_list_mine",
    tag = "tournaments",
    summary = "The caller's events: those they organise or play in.",
    responses((status = 200, description = "The events.", body = crate::http::schemas::bodies::TournamentsBody))
)]
#[get("/api/tournaments/mine")]
async fn list_mine(state: web::Data<AppState>, Authed(user): Authed) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&TournamentsBody { tournaments: tournaments::list_mine(&state.ctx, &user).await? })?))
}

refusals!(get: [NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "tournaments_get",
    tag = "tournaments",
    summary = "One event (a draft only for its TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The event.", body = crate::http::schemas::bodies::TournamentBody))
)]
#[get("/api/tournaments/{id}")]
async fn get(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&TournamentBody { tournament: tournaments::get(&state.ctx, *id, user.0.as_ref()).await? })?))
}

refusals!(delete: [CrossSiteRequest, NotDraft, NotFound, NotSignedIn, NotTournamentOrganiser, TournamentNotFound]);
#[utoipa::path(
    operation_id = "tournaments_delete",
    tag = "tournaments",
    summary = "Delete a draft event (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 204, description = "Deleted."))
)]
#[delete("/api/tournaments/{id}")]
async fn delete(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    tournaments::delete(&state.ctx, &user, *id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The body of an advance: `{"from": "REGISTRATION"}`, the stage the TO saw
/// (the move happens only if the event is still there, so two clicks, or two
/// organisers, never skip a stage).
#[derive(Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
struct AdvanceInput {
    /// The stage the TO saw: `DRAFT`, `REGISTRATION`, `CHECK_IN`, `IN_PROGRESS` or `COMPLETE`
    /// (any case); the event moves only if it is still there, else 409 `state_changed`.
    /// Required (422 `invalid_field` without it).
    #[schema(required = true)]
    from: Option<String>,
}

refusals!(advance: [BodyTooLarge, CrossSiteRequest, InvalidField, InvalidJson, NotEnoughPlayers, NotFound, NotSignedIn, NotTournamentOrganiser, PlayoffsUnfinished, RoundOpen, StateChanged, TournamentComplete, TournamentNotFound]);
#[utoipa::path(
    operation_id = "tournaments_advance",
    tag = "tournaments",
    summary = "Move the event to its next stage: DRAFT → REGISTRATION → CHECK_IN → IN_PROGRESS → COMPLETE (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body(content = AdvanceInput, description = "The stage the event is leaving."),
    responses((status = 200, description = "The event at its new stage.", body = crate::http::schemas::bodies::TournamentBody))
)]
#[post("/api/tournaments/{id}/advance")]
async fn advance(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Bytes,
) -> ApiResult<HttpResponse> {
    let input: AdvanceInput = super::optional_json(&body)?;
    let Some(from) = input.from else {
        return Err(ApiError::invalid(Code::InvalidField, "").text("refusal-advance-from-missing", []));
    };
    let from = TournamentStatus::parse(&from.trim().to_ascii_uppercase()).ok_or_else(|| {
        ApiError::invalid(Code::InvalidField, "")
            .text("refusal-advance-from", [("value", Fill::from(&format!("{from:?}")))])
    })?;
    Ok(HttpResponse::Ok()
        .json(sorted(&TournamentBody { tournament: tournaments::advance(&state.ctx, &user, *id, from).await? })?))
}

refusals!(change_settings: [BodyTooLarge, CrossSiteRequest, InvalidField, InvalidJson, NotFound, NotSignedIn, NotTournamentOrganiser, SettingLocked, TournamentNotFound]);
#[utoipa::path(
    operation_id = "tournaments_change_settings",
    tag = "tournaments",
    summary = "Change the event's name, date, venue, format, rounds, missions or round times where the rules allow; each change is recorded (the organisers).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::lifecycle::settings::SettingsInput,
    responses((status = 200, description = "The event and what changed.", body = crate::http::schemas::bodies::SettingsBody))
)]
#[patch("/api/tournaments/{id}/settings")]
async fn change_settings(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<settings::SettingsInput>,
) -> ApiResult<HttpResponse> {
    let (tournament, changes) = settings::change(&state.ctx, &user, *id, body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(sorted(&SettingsBody { tournament, changes })?))
}

refusals!(get_constraints: [NotFound, NotSignedIn, NotTournamentStaff, TournamentNotFound]);
#[utoipa::path(
    operation_id = "tournaments_get_constraints",
    tag = "tournaments",
    summary = "The pairing constraints: pairs to keep apart, fixed tables, no table twice (the staff).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The constraints.", body = crate::domain::Constraints))
)]
#[get("/api/tournaments/{id}/constraints")]
async fn get_constraints(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(constraints::get(&state.ctx, &user, *id).await?))
}

refusals!(set_constraints: [BodyTooLarge, CrossSiteRequest, InvalidConstraints, InvalidJson, NotFound, NotSignedIn, NotTournamentOrganiser, TournamentNotFound]);
#[utoipa::path(
    operation_id = "tournaments_set_constraints",
    tag = "tournaments",
    summary = "Replace the pairing constraints; they apply from the next round paired (the organisers).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::domain::Constraints,
    responses((status = 200, description = "The constraints as stored.", body = crate::domain::Constraints))
)]
#[put("/api/tournaments/{id}/constraints")]
async fn set_constraints(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<crate::domain::Constraints>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(constraints::set(&state.ctx, &user, *id, body.into_inner()).await?))
}

refusals!(settings_log: [NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "tournaments_settings_log",
    tag = "tournaments",
    summary = "Every change of the event's settings, oldest first: who, when, each field before and after.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The changes, oldest first.", body = crate::http::schemas::bodies::SettingsLogBody))
)]
#[get("/api/tournaments/{id}/settings/log")]
async fn settings_log(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&SettingsLogBody { log: settings::log(&state.ctx, user.0.as_ref(), *id).await? })?))
}

refusals!(action_log: [InvalidQuery, NotFound, NotSignedIn, NotTournamentOrganiser, TournamentNotFound]);
#[utoipa::path(
    operation_id = "tournaments_log",
    tag = "tournaments",
    summary = "The action log, newest first: who (and as owner, co-organiser, judge or player), when, what, and each field before and after (the organisers).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), log::LogQuery),
    responses((status = 200, description = "The actions, newest first.", body = crate::http::schemas::bodies::ActionLogBody))
)]
#[get("/api/tournaments/{id}/log")]
async fn action_log(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    q: web::Query<log::LogQuery>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&ActionLogBody { entries: log::list(&state.ctx, &user, *id, &q).await? })?))
}

refusals!(lock_lists: [CrossSiteRequest, ListsAlreadyLocked, NotFound, NotSignedIn, NotTournamentOrganiser, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "tournaments_lock_lists",
    tag = "tournaments",
    summary = "Lock army lists: no more changes, and everyone may read them (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The event.", body = crate::http::schemas::bodies::TournamentBody))
)]
#[post("/api/tournaments/{id}/lock-lists")]
async fn lock_lists(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&TournamentBody { tournament: tournaments::lock_lists(&state.ctx, &user, *id).await? })?))
}

refusals!(unlock_lists: [CrossSiteRequest, ListsNotLocked, NotFound, NotSignedIn, NotTournamentOrganiser, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "tournaments_unlock_lists",
    tag = "tournaments",
    summary = "Unlock army lists: players may change them again, and only the TO reads them (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The event.", body = crate::http::schemas::bodies::TournamentBody))
)]
#[post("/api/tournaments/{id}/unlock-lists")]
async fn unlock_lists(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&TournamentBody { tournament: tournaments::unlock_lists(&state.ctx, &user, *id).await? })?))
}

/// `?after_round=N`: the standings as they stood after round `N`.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct StandingsQuery {
    /// The standings as they stood after this round (from 1); now when left out.
    after_round: Option<u32>,
}

refusals!(get_standings: [InvalidQuery, NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "tournaments_get_standings",
    tag = "tournaments",
    summary = "The standings, now or after a given round.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), StandingsQuery),
    responses((status = 200, description = "The standings: the event's columns and one row per player.", body = crate::http::schemas::bodies::StandingsBody))
)]
#[get("/api/tournaments/{id}/standings")]
async fn get_standings(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
    q: web::Query<StandingsQuery>,
) -> ApiResult<HttpResponse> {
    let (played, rows, meta) = crate::service::standings_of(&state.ctx, *id, user.0.as_ref(), q.after_round).await?;
    Ok(HttpResponse::Ok().json(sorted(&StandingsBody { meta, round: played, players: rows })?))
}

refusals!(get_snapshot: [NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "tournaments_get_snapshot",
    tag = "live",
    summary = "The whole live state of the event as of its last event (`seq`).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The snapshot.", body = arbiter_web::views::Snapshot))
)]
#[get("/api/tournaments/{id}/snapshot")]
async fn get_snapshot(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(snapshot::snapshot(&state.ctx.store, *id, user.0.as_ref()).await?))
}

/// The most events one replay request returns.
const MAX_EVENTS: u64 = 5000;

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct Since {
    /// The last event the client has: the answer starts after it (0, the default, from the first).
    #[serde(default)]
    since: i64,
    /// The most events to answer: 1 to 5,000 (default 1,000).
    #[serde(default)]
    limit: Option<u64>,
}

refusals!(events: [InvalidQuery, NotFound, TournamentNotFound]);
/// The event log after `since`, as the frames a WebSocket client would have received.
#[utoipa::path(
    operation_id = "tournaments_events",
    tag = "live",
    summary = "The event log after `since`, as the frames a WebSocket client of the `events` view receives.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), Since),
    responses((status = 200, description = "Up to `limit` events, in order.", body = crate::http::schemas::bodies::EventsBody))
)]
#[get("/api/tournaments/{id}/events")]
async fn events(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
    q: web::Query<Since>,
) -> ApiResult<HttpResponse> {
    if q.since < 0 {
        return Err(ApiError::bad_request(Code::InvalidQuery, "").text("refusal-query-since", []));
    }
    let limit = q.limit.unwrap_or(1000);
    if limit == 0 || limit > MAX_EVENTS {
        return Err(ApiError::bad_request(Code::InvalidQuery, "").text(
            "refusal-query-limit",
            [("max", Fill::from(&MAX_EVENTS)), ("value", Fill::from(&limit.to_string()))],
        ));
    }
    let tx = state.ctx.store.read().await?;
    crate::service::visible(&tx, *id, user.0.as_ref()).await?;
    // Each event's frame as it is sent live, written in place.
    let frames: Vec<String> =
        tx.events_since(*id, q.since, limit).await?.iter().map(|e| frame_of(e).to_string()).collect();
    let body = format!(r#"{{"events":[{}]}}"#, frames.join(","));
    Ok(HttpResponse::Ok().content_type(actix_web::http::header::ContentType::json()).body(body))
}
