//! `/api/tournaments/*`: create, get, list open, list mine, advance, delete,
//! lock lists, standings, snapshot and event replay.

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::bus::event::frame_of;
use crate::domain::{TournamentId, TournamentStatus};
use crate::error::{ApiError, ApiResult, Code};
use crate::live::snapshot;
use crate::service::{standings, tournaments};
use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::json;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/tournaments", web::post().to(create))
        .route("/api/tournaments", web::get().to(list_open))
        .route("/api/tournaments/mine", web::get().to(list_mine))
        .route("/api/tournaments/{id}", web::get().to(get))
        .route("/api/tournaments/{id}", web::delete().to(delete))
        .route("/api/tournaments/{id}/advance", web::post().to(advance))
        .route("/api/tournaments/{id}/lock-lists", web::post().to(lock_lists))
        .route("/api/tournaments/{id}/standings", web::get().to(get_standings))
        .route("/api/tournaments/{id}/snapshot", web::get().to(get_snapshot))
        .route("/api/tournaments/{id}/events", web::get().to(events));
}

async fn create(
    state: web::Data<AppState>,
    Authed(user): Authed,
    body: web::Json<tournaments::CreateTournament>,
) -> ApiResult<HttpResponse> {
    let t = tournaments::create(&state.ctx, &user, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(json!({ "tournament": t })))
}

async fn list_open(state: web::Data<AppState>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "tournaments": tournaments::list_open(&state.ctx).await? })))
}

async fn list_mine(state: web::Data<AppState>, Authed(user): Authed) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "tournaments": tournaments::list_mine(&state.ctx, &user).await? })))
}

async fn get(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "tournament": tournaments::get(&state.ctx, *id, user.0.as_ref()).await? })))
}

async fn delete(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    tournaments::delete(&state.ctx, &user, *id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The optional body of an advance: `{"from": "REGISTRATION"}`, the stage
/// the TO saw (the move happens only if the event is still there).
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct AdvanceInput {
    from: Option<String>,
}

async fn advance(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Bytes,
) -> ApiResult<HttpResponse> {
    let input: AdvanceInput = super::optional_json(&body)?;
    let from = match input.from.as_deref() {
        None => None,
        Some(s) => Some(TournamentStatus::parse(&s.trim().to_ascii_uppercase()).ok_or_else(|| {
            ApiError::invalid(
                Code::InvalidField,
                format!("from must be one of DRAFT, REGISTRATION, CHECK_IN, IN_PROGRESS, COMPLETE; got {s:?}."),
            )
        })?),
    };
    Ok(HttpResponse::Ok().json(json!({ "tournament": tournaments::advance(&state.ctx, &user, *id, from).await? })))
}

async fn lock_lists(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(json!({ "tournament": tournaments::lock_lists(&state.ctx, &user, *id).await? })))
}

/// `?after_round=N`: the standings as they stood after round `N`.
#[derive(serde::Deserialize)]
struct StandingsQuery {
    after_round: Option<u32>,
}

async fn get_standings(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
    q: web::Query<StandingsQuery>,
) -> ApiResult<HttpResponse> {
    let (played, rows, meta) = standings::read(&state.ctx, *id, user.0.as_ref(), q.after_round).await?;
    let mut body = serde_json::to_value(&meta).map_err(ApiError::internal)?;
    body["round"] = json!(played);
    body["players"] = serde_json::to_value(&rows).map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok().json(body))
}

async fn get_snapshot(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(snapshot::snapshot(&state.ctx.store, *id, user.0.as_ref()).await?))
}

/// The most events one replay request returns.
const MAX_EVENTS: u64 = 5000;

#[derive(Deserialize)]
struct Since {
    #[serde(default)]
    since: i64,
    #[serde(default)]
    limit: Option<u64>,
}

/// The event log after `since`, as the frames a WebSocket client would have received.
async fn events(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
    q: web::Query<Since>,
) -> ApiResult<HttpResponse> {
    if q.since < 0 {
        return Err(ApiError::bad_request(Code::InvalidQuery, "since must be 0 or more."));
    }
    let limit = q.limit.unwrap_or(1000);
    if limit == 0 || limit > MAX_EVENTS {
        return Err(ApiError::bad_request(
            Code::InvalidQuery,
            format!("limit must be from 1 to {MAX_EVENTS}; got {limit}."),
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
