//! `/api/events/*`: events with sections. Create, list, read and change an
//! event; add a section to it, new (`POST …/sections`, the body of
//! `POST /api/tournaments`) or an existing tournament (`PUT
//! …/sections/{tournament}`); its staff, shared by every section (`PUT` and
//! `DELETE …/staff/{user}`); every section's players in one file.

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::{EventId, TournamentId, UserId};
use crate::error::ApiResult;
use crate::http::schemas::bodies::{sorted, EventWithSectionsBody, EventsWithSectionsBody, TournamentBody};
use crate::service::lifecycle::{events, tournaments};
use actix_web::{delete, get, patch, post, put};
use actix_web::{web, HttpResponse};

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(create)
        .service(list)
        .service(get)
        .service(update)
        .service(create_section)
        .service(attach)
        .service(put_staff)
        .service(remove_staff)
        .service(players_csv);
}

refusals!(create: [BodyTooLarge, CrossSiteRequest, InvalidField, InvalidJson, NotSignedIn]);
#[utoipa::path(
    operation_id = "events_create",
    tag = "events",
    summary = "Create an event with sections (the caller becomes its organiser); sections are added after.",
    request_body = crate::service::lifecycle::events::CreateEvent,
    responses((status = 201, description = "The new event, without sections.", body = crate::http::schemas::bodies::EventWithSectionsBody))
)]
#[post("/api/events")]
async fn create(
    state: web::Data<AppState>,
    Authed(user): Authed,
    body: web::Json<events::CreateEvent>,
) -> ApiResult<HttpResponse> {
    let event = events::create(&state.ctx, &user, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(sorted(&EventWithSectionsBody { event })?))
}

refusals!(list: []);
#[utoipa::path(
    operation_id = "events_list",
    tag = "events",
    summary = "Every event, the soonest first, with the sections the caller may see.",
    responses((status = 200, description = "The events.", body = crate::http::schemas::bodies::EventsWithSectionsBody))
)]
#[get("/api/events")]
async fn list(state: web::Data<AppState>, user: MaybeUser) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&EventsWithSectionsBody { events: events::list(&state.ctx, user.0.as_ref()).await? })?))
}

refusals!(get: [EventNotFound, NotFound]);
#[utoipa::path(
    operation_id = "events_get",
    tag = "events",
    summary = "One event and its sections (game, format, stage, latest round); a draft section only for its staff.",
    params(("id" = arbiter_web::ids::EventId, Path, description = "The event's id.")),
    responses((status = 200, description = "The event.", body = crate::http::schemas::bodies::EventWithSectionsBody))
)]
#[get("/api/events/{id}")]
async fn get(state: web::Data<AppState>, user: MaybeUser, id: web::Path<EventId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&EventWithSectionsBody { event: events::get(&state.ctx, *id, user.0.as_ref()).await? })?))
}

refusals!(update: [BodyTooLarge, CrossSiteRequest, EventNotFound, InvalidField, InvalidJson, NotEventOrganiser, NotFound, NotSignedIn]);
#[utoipa::path(
    operation_id = "events_update",
    tag = "events",
    summary = "Change an event's name, dates or venue (its organisers).",
    params(("id" = arbiter_web::ids::EventId, Path, description = "The event's id.")),
    request_body = crate::service::lifecycle::events::UpdateEvent,
    responses((status = 200, description = "The event as it now is.", body = crate::http::schemas::bodies::EventWithSectionsBody))
)]
#[patch("/api/events/{id}")]
async fn update(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<EventId>,
    body: web::Json<events::UpdateEvent>,
) -> ApiResult<HttpResponse> {
    let event = events::update(&state.ctx, &user, *id, body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(sorted(&EventWithSectionsBody { event })?))
}

refusals!(create_section: [BodyTooLarge, CrossSiteRequest, EventNotFound, InvalidField, InvalidJson, InvalidPoints, NotEventOrganiser, NotFound, NotSignedIn, RoundsRequired]);
#[utoipa::path(
    operation_id = "events_create_section",
    tag = "events",
    summary = "Create a tournament as a section of the event (its organisers; the body of creating a tournament).",
    params(("id" = arbiter_web::ids::EventId, Path, description = "The event's id.")),
    request_body = crate::service::lifecycle::tournaments::CreateTournament,
    responses((status = 201, description = "The new section, in `DRAFT`.", body = crate::http::schemas::bodies::TournamentBody))
)]
#[post("/api/events/{id}/sections")]
async fn create_section(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<EventId>,
    body: web::Json<tournaments::CreateTournament>,
) -> ApiResult<HttpResponse> {
    let t = events::create_section(&state.ctx, &user, *id, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(sorted(&TournamentBody { tournament: t })?))
}

refusals!(attach: [CrossSiteRequest, EventNotFound, InOtherEvent, NotEventOrganiser, NotFound, NotSignedIn, NotTournamentOrganiser, TournamentNotFound]);
#[utoipa::path(
    operation_id = "events_attach_section",
    tag = "events",
    summary = "Make an existing tournament a section of the event (an organiser of both); its URLs stay.",
    params(
        ("id" = arbiter_web::ids::EventId, Path, description = "The event's id."),
        ("tournament" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."),
    ),
    responses((status = 200, description = "The tournament, now a section.", body = crate::http::schemas::bodies::TournamentBody))
)]
#[put("/api/events/{id}/sections/{tournament}")]
async fn attach(
    state: web::Data<AppState>,
    Authed(user): Authed,
    path: web::Path<(EventId, TournamentId)>,
) -> ApiResult<HttpResponse> {
    let (id, tournament) = path.into_inner();
    let t = events::attach(&state.ctx, &user, id, tournament).await?;
    Ok(HttpResponse::Ok().json(sorted(&TournamentBody { tournament: t })?))
}

refusals!(put_staff: [BodyTooLarge, CrossSiteRequest, EventNotFound, InvalidField, InvalidJson, NotFound, NotOwner, NotSignedIn, UserNotFound]);
#[utoipa::path(
    operation_id = "events_put_staff",
    tag = "events",
    summary = "Put an account on the event's staff, or change its role: co-organiser or judge of every section (the owner).",
    params(
        ("id" = arbiter_web::ids::EventId, Path, description = "The event's id."),
        ("user" = arbiter_web::ids::UserId, Path, description = "The account's id."),
    ),
    request_body = crate::service::lifecycle::events::StaffInput,
    responses((status = 200, description = "The event with its staff.", body = crate::http::schemas::bodies::EventWithSectionsBody))
)]
#[put("/api/events/{id}/staff/{user}")]
async fn put_staff(
    state: web::Data<AppState>,
    Authed(user): Authed,
    path: web::Path<(EventId, UserId)>,
    body: web::Json<events::StaffInput>,
) -> ApiResult<HttpResponse> {
    let (id, member) = path.into_inner();
    let event = events::put_staff(&state.ctx, &user, id, member, body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(sorted(&EventWithSectionsBody { event })?))
}

refusals!(remove_staff: [CrossSiteRequest, EventNotFound, NotFound, NotOwner, NotSignedIn]);
#[utoipa::path(
    operation_id = "events_remove_staff",
    tag = "events",
    summary = "Take an account off the event's staff (the owner); roles it holds in a section itself stay.",
    params(
        ("id" = arbiter_web::ids::EventId, Path, description = "The event's id."),
        ("user" = arbiter_web::ids::UserId, Path, description = "The account's id."),
    ),
    responses((status = 200, description = "The event with its staff.", body = crate::http::schemas::bodies::EventWithSectionsBody))
)]
#[delete("/api/events/{id}/staff/{user}")]
async fn remove_staff(
    state: web::Data<AppState>,
    Authed(user): Authed,
    path: web::Path<(EventId, UserId)>,
) -> ApiResult<HttpResponse> {
    let (id, member) = path.into_inner();
    let event = events::remove_staff(&state.ctx, &user, id, member).await?;
    Ok(HttpResponse::Ok().json(sorted(&EventWithSectionsBody { event })?))
}

refusals!(players_csv: [EventNotFound, NotFound, NotSignedIn, NotTournamentStaff]);
#[utoipa::path(
    operation_id = "events_players_csv",
    tag = "events",
    summary = "Every section's players in one CSV: section, pairing number, name, rating, status, payment (the event's staff).",
    params(("id" = arbiter_web::ids::EventId, Path, description = "The event's id.")),
    responses((status = 200, description = "The table (section, pairing_no, name, rating, status, payment, player_id), as an attachment.", content_type = "text/csv", body = String))
)]
#[get("/api/events/{id}/players.csv")]
async fn players_csv(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<EventId>,
) -> ApiResult<HttpResponse> {
    let table = crate::service::records::exports::event_players(&state.ctx, &user, *id).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{}.csv\"", table.name),
        ))
        .body(table.csv()?))
}
