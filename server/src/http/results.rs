//! `/api/pairings/{id}/*`: report (correct, withdraw), confirm, dispute
//! (withdraw), override.

use crate::app::AppState;
use crate::auth::session::Authed;
use crate::domain::PairingId;
use crate::error::ApiResult;
use crate::http::schemas::bodies::{sorted, PairingBody};
use crate::service::tables::results;
use actix_web::{delete, post, put};
use actix_web::{web, HttpResponse};

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(report)
        .service(correct)
        .service(withdraw)
        .service(confirm)
        .service(dispute)
        .service(withdraw_dispute)
        .service(override_result);
}

refusals!(report: [AlreadyConfirmed, AlreadyReported, BodyTooLarge, Bye, CrossSiteRequest, InvalidJson, InvalidMatch, InvalidPoints, InvalidResult, InvalidScore, InvalidTwenties, InvalidVp, InvalidWinner, NotFound, NotSignedIn, NotYourTable, PairingNotFound, ResultDisputed, RoundClosed, WinnerNeeded]);
#[utoipa::path(
    operation_id = "results_report",
    tag = "results",
    summary = "Report a table's result (a player of the table, or the TO).",
    params(("id" = arbiter_web::ids::PairingId, Path, description = "The table's (pairing's) id.")),
    request_body = crate::service::standings::scores::Score,
    responses((status = 200, description = "The table, reported.", body = crate::http::schemas::bodies::PairingBody))
)]
#[post("/api/pairings/{id}/report")]
async fn report(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PairingId>,
    body: web::Json<results::Score>,
) -> ApiResult<HttpResponse> {
    let (id, body) = (*id, body.into_inner());
    let pairing = state.ctx.run(move |ctx| async move { results::report(&ctx, &user, id, body).await }).await?;
    Ok(HttpResponse::Ok().json(sorted(&PairingBody { pairing })?))
}

refusals!(correct: [AlreadyConfirmed, BodyTooLarge, Bye, CrossSiteRequest, InvalidJson, InvalidMatch, InvalidPoints, InvalidResult, InvalidScore, InvalidTwenties, InvalidVp, InvalidWinner, NotFound, NotReported, NotSignedIn, NotYourReport, NotYourTable, PairingNotFound, PlayerRemoved, ResultDisputed, RoundClosed, WinnerNeeded]);
#[utoipa::path(
    operation_id = "results_correct",
    tag = "results",
    summary = "Correct one's own report before the opponent confirms or disputes it (the reporter).",
    params(("id" = arbiter_web::ids::PairingId, Path, description = "The table's (pairing's) id.")),
    request_body = crate::service::standings::scores::Score,
    responses((status = 200, description = "The table, with the corrected report.", body = crate::http::schemas::bodies::PairingBody))
)]
#[put("/api/pairings/{id}/report")]
async fn correct(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PairingId>,
    body: web::Json<results::Score>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&PairingBody { pairing: results::correct(&state.ctx, &user, *id, body.into_inner()).await? })?))
}

refusals!(withdraw: [AlreadyConfirmed, Bye, CrossSiteRequest, NotFound, NotReported, NotSignedIn, NotYourReport, NotYourTable, PairingNotFound, PlayerRemoved, ResultDisputed, RoundClosed]);
#[utoipa::path(
    operation_id = "results_withdraw",
    tag = "results",
    summary = "Withdraw one's own report before the opponent confirms or disputes it (the reporter).",
    params(("id" = arbiter_web::ids::PairingId, Path, description = "The table's (pairing's) id.")),
    responses((status = 200, description = "The table, unreported again.", body = crate::http::schemas::bodies::PairingBody))
)]
#[delete("/api/pairings/{id}/report")]
async fn withdraw(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PairingId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&PairingBody { pairing: results::withdraw(&state.ctx, &user, *id).await? })?))
}

refusals!(withdraw_dispute: [Bye, CrossSiteRequest, NotDisputed, NotFound, NotSignedIn, NotYourDispute, NotYourTable, PairingNotFound, PlayerRemoved, RoundClosed]);
#[utoipa::path(
    operation_id = "results_withdraw_dispute",
    tag = "results",
    summary = "Withdraw one's dispute before the TO decides; the report waits for confirmation again (the disputing player).",
    params(("id" = arbiter_web::ids::PairingId, Path, description = "The table's (pairing's) id.")),
    responses((status = 200, description = "The table, reported again.", body = crate::http::schemas::bodies::PairingBody))
)]
#[delete("/api/pairings/{id}/dispute")]
async fn withdraw_dispute(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PairingId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&PairingBody { pairing: results::withdraw_dispute(&state.ctx, &user, *id).await? })?))
}

refusals!(confirm: [AlreadyConfirmed, BodyTooLarge, Bye, CrossSiteRequest, InvalidJson, NotFound, NotReported, NotSignedIn, NotYourTable, OwnReport, PairingNotFound, ReportChanged, ResultDisputed, RoundClosed]);
#[utoipa::path(
    operation_id = "results_confirm",
    tag = "results",
    summary = "Confirm the opponent's report (the other player).",
    params(("id" = arbiter_web::ids::PairingId, Path, description = "The table's (pairing's) id.")),
    request_body(content = Option<crate::service::tables::results::ConfirmInput>, description = "Optional: the score the player read; an empty body confirms the report as it stands."),
    responses((status = 200, description = "The table, confirmed.", body = crate::http::schemas::bodies::PairingBody))
)]
#[post("/api/pairings/{id}/confirm")]
async fn confirm(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PairingId>,
    body: web::Bytes,
) -> ApiResult<HttpResponse> {
    let seen: results::ConfirmInput = super::optional_json(&body)?;
    let id = *id;
    let pairing = state.ctx.run(move |ctx| async move { results::confirm(&ctx, &user, id, seen).await }).await?;
    Ok(HttpResponse::Ok().json(sorted(&PairingBody { pairing })?))
}

refusals!(dispute: [AlreadyConfirmed, BodyTooLarge, Bye, CrossSiteRequest, InvalidField, InvalidJson, InvalidPoints, InvalidResult, InvalidScore, InvalidTwenties, InvalidVp, NotFound, NotReported, NotSignedIn, NotYourTable, OwnReport, PairingNotFound, ResultDisputed, RoundClosed]);
#[utoipa::path(
    operation_id = "results_dispute",
    tag = "results",
    summary = "Dispute the opponent's report, optionally with a note and one's own score.",
    params(("id" = arbiter_web::ids::PairingId, Path, description = "The table's (pairing's) id.")),
    request_body(content = Option<crate::service::standings::scores::Score>, description = "Optional: an empty body is the same as `{}`."),
    responses((status = 200, description = "The table, disputed.", body = crate::http::schemas::bodies::PairingBody))
)]
#[post("/api/pairings/{id}/dispute")]
async fn dispute(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PairingId>,
    body: web::Bytes,
) -> ApiResult<HttpResponse> {
    let input: results::DisputeInput = super::optional_json(&body)?;
    Ok(HttpResponse::Ok()
        .json(sorted(&PairingBody { pairing: results::dispute(&state.ctx, &user, *id, input).await? })?))
}

refusals!(override_result: [BodyTooLarge, BracketMovedOn, Bye, CrossSiteRequest, InvalidField, InvalidJson, InvalidMatch, InvalidPoints, InvalidResult, InvalidScore, InvalidTwenties, InvalidVp, InvalidWinner, NotFound, NotSignedIn, NotTournamentStaff, OwnGame, PairingNotFound, WinnerNeeded, WrongStatus]);
#[utoipa::path(
    operation_id = "results_override_result",
    tag = "results",
    summary = "Set a table's result in any state or round (the TO); a closed round is re-rated.",
    params(("id" = arbiter_web::ids::PairingId, Path, description = "The table's (pairing's) id.")),
    request_body = crate::service::standings::scores::Score,
    responses((status = 200, description = "The table and any re-rating.", body = crate::service::tables::results::Overridden))
)]
#[post("/api/pairings/{id}/override")]
async fn override_result(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PairingId>,
    body: web::Json<results::Score>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(results::override_result(&state.ctx, &user, *id, body.into_inner()).await?))
}
