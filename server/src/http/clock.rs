//! `/api/rounds/{id}/clock`: the round's clock (read by anyone who may see the
//! round; run by the TO).

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::RoundId;
use crate::error::ApiResult;
use crate::http::schemas::bodies::{sorted, ClockBody};
use crate::service::lifecycle::clock;
use actix_web::{get, post};
use actix_web::{web, HttpResponse};

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(get).service(act);
}

refusals!(get: [NotFound, RoundNotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "clock_get",
    tag = "clock",
    summary = "The round's clock, and the server's time.",
    params(("id" = arbiter_web::ids::RoundId, Path, description = "The round's id.")),
    responses((status = 200, description = "The clock (`null` before it starts) and `now`.", body = crate::http::schemas::bodies::ClockBody))
)]
#[get("/api/rounds/{id}/clock")]
async fn get(state: web::Data<AppState>, user: MaybeUser, id: web::Path<RoundId>) -> ApiResult<HttpResponse> {
    let clock = clock::get(&state.ctx, user.0.as_ref(), *id).await?;
    Ok(HttpResponse::Ok().json(sorted(&ClockBody { clock, now: crate::domain::now_millis() })?))
}

refusals!(act: [BodyTooLarge, ClockState, CrossSiteRequest, InvalidField, InvalidJson, NotFound, NotSignedIn, NotTournamentOrganiser, RoundClosed, RoundNotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "clock_act",
    tag = "clock",
    summary = "Start, pause, resume, extend or end the round's clock (the TO).",
    params(("id" = arbiter_web::ids::RoundId, Path, description = "The round's id.")),
    request_body = crate::service::lifecycle::clock::ClockInput,
    responses((status = 200, description = "The clock and `now`.", body = crate::http::schemas::bodies::ClockBody))
)]
#[post("/api/rounds/{id}/clock")]
async fn act(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<RoundId>,
    body: web::Json<clock::ClockInput>,
) -> ApiResult<HttpResponse> {
    let clock = clock::act(&state.ctx, &user, *id, &body).await?;
    Ok(HttpResponse::Ok().json(sorted(&ClockBody { clock: Some(clock), now: crate::domain::now_millis() })?))
}
