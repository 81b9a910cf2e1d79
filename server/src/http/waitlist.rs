//! The front desk: the registration cap's waitlist (`GET`/`PUT
//! /api/tournaments/{id}/waitlist`: who waits, in order, and the
//! organiser's new order; `POST /api/players/{id}/promote`: the organiser
//! lets a waiting player in) and the entry fee's payments (`GET
//! /api/tournaments/{id}/payments`, `PUT /api/players/{id}/payment`). The
//! cap and the fee are settings (`PATCH /api/tournaments/{id}/settings`).

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::{PlayerId, TournamentId};
use crate::error::ApiResult;
use crate::http::schemas::bodies::{sorted, PlayerBody};
use crate::service::people::{payments, waitlist};
use actix_web::{get, post, put};
use actix_web::{web, HttpResponse};

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(get_waitlist).service(reorder).service(promote).service(list_payments).service(mark_payment);
}

refusals!(get_waitlist: [NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "waitlist_get",
    tag = "players",
    summary = "The cap, the entrants counted against it, and the waitlist, first first.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The waitlist.", body = crate::service::people::waitlist::WaitlistView))
)]
#[get("/api/tournaments/{id}/waitlist")]
async fn get_waitlist(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&waitlist::get(&state.ctx, user.0.as_ref(), *id).await?)?))
}

refusals!(reorder: [BodyTooLarge, CrossSiteRequest, InvalidField, InvalidJson, NotFound, NotSignedIn, NotTournamentOrganiser, TournamentNotFound, WaitlistClosed]);
#[utoipa::path(
    operation_id = "waitlist_reorder",
    tag = "players",
    summary = "Put the waitlist in a new order: every waiting registration once (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::people::waitlist::ReorderWaitlist,
    responses((status = 200, description = "The waitlist in its new order.", body = crate::service::people::waitlist::WaitlistView))
)]
#[put("/api/tournaments/{id}/waitlist")]
async fn reorder(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<waitlist::ReorderWaitlist>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&waitlist::reorder(&state.ctx, &user, *id, body.into_inner()).await?)?))
}

refusals!(promote: [CrossSiteRequest, NotFound, NotSignedIn, NotTournamentOrganiser, NotWaitlisted, PlayerNotFound, TournamentNotFound, WaitlistClosed]);
#[utoipa::path(
    operation_id = "waitlist_promote",
    tag = "players",
    summary = "Let a waiting player in by hand, over the cap if it is full (the TO).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event).")),
    responses((status = 200, description = "The registration, now an entrant.", body = crate::http::schemas::bodies::PlayerBody))
)]
#[post("/api/players/{id}/promote")]
async fn promote(state: web::Data<AppState>, Authed(user): Authed, id: web::Path<PlayerId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&PlayerBody { player: waitlist::promote(&state.ctx, &user, *id).await? })?))
}

/// `?state=`: only the entrants in this payment state.
#[derive(serde::Deserialize, utoipa::IntoParams)]
struct PaymentsQuery {
    /// `paid`, `owed` or `waived`; absent: everyone.
    #[serde(default)]
    state: Option<crate::domain::PaymentState>,
}

refusals!(list_payments: [InvalidQuery, NotFound, NotSignedIn, NotTournamentStaff, TournamentNotFound]);
#[utoipa::path(
    operation_id = "payments_list",
    tag = "players",
    summary = "The entry fee, the treasurer's totals (paid, owed, waived: counts and sums) and each entrant's payment (staff).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), PaymentsQuery),
    responses((status = 200, description = "The fee, the totals over every entrant, and the lines asked for.", body = crate::service::people::payments::PaymentsView))
)]
#[get("/api/tournaments/{id}/payments")]
async fn list_payments(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    q: web::Query<PaymentsQuery>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&payments::list(&state.ctx, &user, *id, q.state).await?)?))
}

refusals!(mark_payment: [BodyTooLarge, CrossSiteRequest, InvalidField, InvalidJson, NotFound, NotSignedIn, NotTournamentStaff, PlayerNotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "payments_mark",
    tag = "players",
    summary = "Mark an entrant's fee paid (with the amount taken; the fee by default), owed or waived (staff; logged).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id (a player in one event).")),
    request_body = crate::service::people::payments::MarkPayment,
    responses((status = 200, description = "The entrant's payment line.", body = crate::service::people::payments::PaymentLine))
)]
#[put("/api/players/{id}/payment")]
async fn mark_payment(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
    body: web::Json<payments::MarkPayment>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&payments::mark(&state.ctx, &user, *id, body.into_inner()).await?)?))
}
