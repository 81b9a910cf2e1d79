//! An event's staff: `GET /api/tournaments/{id}/staff`, invitations
//! (`POST …/staff/invites`, accepted at `/staff/{code}` or `POST
//! /api/staff-invites/{code}`), and removal (`DELETE …/staff/{user}`).

use super::pages::{code_form_user, code_shown, nav, redirect, refused_again, render, Page, TokenForm};
use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::{TournamentId, UserId};
use crate::error::ApiResult;
use crate::http::schemas::bodies::{sorted, StaffBody, StaffMemberBody};
use crate::service::people::staff;
use actix_web::{delete, get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use arbiter_web::pages::StaffInvitePage;

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(list)
        .service(invite)
        .service(remove)
        .service(info)
        .service(accept)
        .route("/staff/{code}", web::get().to(invite_page))
        .route("/staff/{code}", web::post().to(invite_form));
}

refusals!(list: [NotFound, NotSignedIn, NotTournamentStaff, TournamentNotFound]);
#[utoipa::path(
    operation_id = "staff_list",
    tag = "staff",
    summary = "The event's staff: the owner, co-organisers and judges (any member).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The members, the owner first.", body = crate::http::schemas::bodies::StaffBody))
)]
#[get("/api/tournaments/{id}/staff")]
async fn list(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&StaffBody { staff: staff::list(&state.ctx, &user, *id).await? })?))
}

refusals!(invite: [BodyTooLarge, CrossSiteRequest, InvalidJson, NotFound, NotOwner, NotSignedIn, TournamentNotFound]);
#[utoipa::path(
    operation_id = "staff_invite",
    tag = "staff",
    summary = "Invite a co-organiser or a judge: a one-time link (the owner).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::people::staff::InviteInput,
    responses((status = 200, description = "The invitation.", body = crate::service::people::staff::InviteView))
)]
#[post("/api/tournaments/{id}/staff/invites")]
async fn invite(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<staff::InviteInput>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(staff::invite(&state.ctx, &user, *id, body.into_inner()).await?))
}

refusals!(remove: [CrossSiteRequest, NotFound, NotOwner, NotSignedIn, StaffNotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "staff_remove",
    tag = "staff",
    summary = "Remove a member of the staff; their rights end at their next request (the owner).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), ("user" = arbiter_web::ids::UserId, Path, description = "The member's account id.")),
    responses((status = 204, description = "Removed."))
)]
#[delete("/api/tournaments/{id}/staff/{user}")]
async fn remove(
    state: web::Data<AppState>,
    Authed(user): Authed,
    path: web::Path<(TournamentId, UserId)>,
) -> ApiResult<HttpResponse> {
    let (id, member) = path.into_inner();
    staff::remove(&state.ctx, &user, id, member).await?;
    Ok(HttpResponse::NoContent().finish())
}

refusals!(info: [InviteNotFound, NotFound, TooManyAttempts, TournamentNotFound]);
#[utoipa::path(
    operation_id = "staff_invite_info",
    tag = "staff",
    summary = "What a staff invitation offers.",
    params(("code" = String, Path, description = "The invitation's code, e.g. `ABCD-EFGH`.")),
    responses((status = 200, description = "The event and the role.", body = crate::service::people::staff::InviteInfo))
)]
#[get("/api/staff-invites/{code}")]
async fn info(state: web::Data<AppState>, code: web::Path<String>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(staff::invite_info(&state.ctx, &code).await?))
}

refusals!(accept: [AlreadyStaff, CrossSiteRequest, InviteNotFound, NotFound, NotSignedIn, TooManyAttempts, TournamentNotFound]);
#[utoipa::path(
    operation_id = "staff_accept",
    tag = "staff",
    summary = "Accept a staff invitation with the signed-in account.",
    params(("code" = String, Path, description = "The invitation's code, e.g. `ABCD-EFGH`.")),
    responses((status = 200, description = "The caller, on the staff.", body = crate::http::schemas::bodies::StaffMemberBody))
)]
#[post("/api/staff-invites/{code}")]
async fn accept(state: web::Data<AppState>, Authed(user): Authed, code: web::Path<String>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&StaffMemberBody { member: staff::accept(&state.ctx, &user, &code).await? })?))
}

async fn invite_page(state: web::Data<AppState>, req: HttpRequest, user: MaybeUser, code: web::Path<String>) -> Page {
    let found = staff::invite_info(&state.ctx, &code).await?;
    show(&state, &req, user.0.as_ref(), &code, found, None)
}

fn show(
    state: &AppState,
    req: &HttpRequest,
    user: Option<&crate::domain::User>,
    code: &str,
    found: staff::InviteInfo,
    error: Option<String>,
) -> Page {
    let (nav, fresh) = nav(req, user);
    let page = StaffInvitePage {
        nav,
        code: code_shown(code),
        role: found.role,
        tournament_id: found.tournament_id.to_string(),
        tournament_name: found.tournament_name,
        signed_in: user.is_some(),
        error,
    };
    render(req, state, &page, fresh.as_deref())
}

async fn invite_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    code: web::Path<String>,
    form: web::Form<TokenForm>,
) -> Page {
    let u = match code_form_user(&req, user.0, "staff", &code, &form)? {
        Ok(u) => u,
        Err(sign_in) => return Ok(sign_in),
    };
    let found = staff::invite_info(&state.ctx, &code).await?;
    let t = found.tournament_id;
    match staff::accept(&state.ctx, &u, &code).await {
        Ok(_) => Ok(redirect(&format!("/t/{t}/dashboard"))),
        Err(e) => {
            let message = e.message_in(super::locale::lang_of(&req));
            refused_again(show(&state, &req, Some(&u), &code, found, Some(message)), &e)
        }
    }
}
