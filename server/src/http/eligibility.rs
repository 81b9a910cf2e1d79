//! Who may enter a section: the invitation list (`GET`/`PUT
//! /api/tournaments/{id}/invitations`, the organisers'). The rating band,
//! the age rule and invitation only are settings (`PATCH
//! /api/tournaments/{id}/settings`, `eligibility`).

use crate::app::AppState;
use crate::auth::session::Authed;
use crate::domain::TournamentId;
use crate::error::ApiResult;
use crate::http::schemas::bodies::sorted;
use crate::service::people::eligibility;
use actix_web::{get, put};
use actix_web::{web, HttpResponse};

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(get_invitations).service(put_invitations);
}

refusals!(get_invitations: [NotFound, NotSignedIn, NotTournamentOrganiser, TournamentNotFound]);
#[utoipa::path(
    operation_id = "invitations_get",
    tag = "players",
    summary = "The invitation list: the e-mail addresses that may register where entry is by invitation only (the organisers).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The invitation list.", body = crate::service::people::eligibility::Invitations))
)]
#[get("/api/tournaments/{id}/invitations")]
async fn get_invitations(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&eligibility::invitations(&state.ctx, &user, *id).await?)?))
}

refusals!(put_invitations: [BodyTooLarge, CrossSiteRequest, InvalidField, InvalidJson, NotFound, NotSignedIn, NotTournamentOrganiser, TournamentNotFound]);
#[utoipa::path(
    operation_id = "invitations_put",
    tag = "players",
    summary = "Replace the invitation list (e-mail addresses, case ignored; the organisers).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::people::eligibility::Invitations,
    responses((status = 200, description = "The invitation list as kept.", body = crate::service::people::eligibility::Invitations))
)]
#[put("/api/tournaments/{id}/invitations")]
async fn put_invitations(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<eligibility::Invitations>,
) -> ApiResult<HttpResponse> {
    let kept = eligibility::set_invitations(&state.ctx, &user, *id, body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(sorted(&kept)?))
}
