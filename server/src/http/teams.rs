//! Team events: register a team, read the teams, a member's list, check-in,
//! withdrawal and removal of a team, and a round's lineup.

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::{PlayerId, TournamentId};
use crate::error::ApiResult;
use crate::http::schemas::bodies::sorted;
use crate::service::teams::lineup::LineupView;
use crate::service::teams::{lineup, registration, TeamView};
use actix_web::{delete, get, post, put};
use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(register)
        .service(list)
        .service(get_team)
        .service(check_in)
        .service(withdraw)
        .service(remove)
        .service(member_list)
        .service(get_lineup)
        .service(set_lineup);
}

/// `{"team": …}`: one team with its roster.
#[derive(Serialize, ToSchema)]
pub struct TeamBody {
    /// The team.
    pub team: TeamView,
}

/// `{"teams": […]}`: the event's teams, in registration order.
#[derive(Serialize, ToSchema)]
pub struct TeamsBody {
    /// The teams.
    pub teams: Vec<TeamView>,
}

/// `{"lineup": …}`: a round's lineup.
#[derive(Serialize, ToSchema)]
pub struct LineupBody {
    /// The lineup, board 1 first.
    pub lineup: LineupView,
}

refusals!(register: [AlreadyRegistered, BodyTooLarge, CrossSiteRequest, FactionTaken, InvalidField, InvalidJson, InvalidProfile, InvalidTeam, ListsLocked, NotFound, NotSignedIn, NotTeamEvent, NotTournamentStaff, RegistrationClosed, TeamNameTaken, TournamentNotFound]);
#[utoipa::path(
    operation_id = "teams_register",
    tag = "teams",
    summary = "Register a team: its players in order, its reserves (the caller is its captain; the organisers may name another or none).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::teams::registration::NewTeam,
    responses((status = 201, description = "The team with its roster.", body = TeamBody))
)]
#[post("/api/tournaments/{id}/teams")]
async fn register(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<registration::NewTeam>,
) -> ApiResult<HttpResponse> {
    let team = registration::register(&state.ctx, &user, *id, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(sorted(&TeamBody { team })?))
}

refusals!(list: [NotFound, NotTeamEvent, TournamentNotFound]);
#[utoipa::path(
    operation_id = "teams_list",
    tag = "teams",
    summary = "The event's teams with their rosters, in registration order.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The teams.", body = TeamsBody))
)]
#[get("/api/tournaments/{id}/teams")]
async fn list(state: web::Data<AppState>, user: MaybeUser, id: web::Path<TournamentId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&TeamsBody { teams: registration::list(&state.ctx, user.0.as_ref(), *id).await? })?))
}

refusals!(get_team: [NotFound, TeamNotFound]);
#[utoipa::path(
    operation_id = "teams_get",
    tag = "teams",
    summary = "One team with its roster.",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The team's id (its registration row).")),
    responses((status = 200, description = "The team.", body = TeamBody))
)]
#[get("/api/teams/{id}")]
async fn get_team(state: web::Data<AppState>, user: MaybeUser, id: web::Path<PlayerId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&TeamBody { team: registration::get(&state.ctx, user.0.as_ref(), *id).await? })?))
}

refusals!(check_in: [AlreadyCheckedIn, CheckInClosed, CrossSiteRequest, NotFound, NotSignedIn, NotTeamCaptain, PlayerDropped, PlayerRemoved, TeamNotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "teams_check_in",
    tag = "teams",
    summary = "Check the team in (its captain or the staff, during check-in).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The team's id.")),
    responses((status = 200, description = "The team.", body = TeamBody))
)]
#[post("/api/teams/{id}/check-in")]
async fn check_in(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&TeamBody { team: registration::check_in(&state.ctx, &user, *id).await? })?))
}

refusals!(withdraw: [AlreadyDropped, CrossSiteRequest, NotFound, NotSignedIn, NotTeamCaptain, TeamNotFound, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "teams_withdraw",
    tag = "teams",
    summary = "Withdraw the team: it is not paired again (its captain or the organisers).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The team's id.")),
    responses((status = 200, description = "The team, withdrawn.", body = TeamBody))
)]
#[post("/api/teams/{id}/withdraw")]
async fn withdraw(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&TeamBody { team: registration::withdraw(&state.ctx, &user, *id).await? })?))
}

refusals!(remove: [AlreadyRemoved, CrossSiteRequest, NotFound, NotSignedIn, NotTournamentOrganiser, TeamNotFound, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "teams_remove",
    tag = "teams",
    summary = "Remove a team and its players from the event (the organisers).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The team's id.")),
    responses((status = 200, description = "The team, removed.", body = TeamBody))
)]
#[delete("/api/teams/{id}")]
async fn remove(state: web::Data<AppState>, Authed(user): Authed, id: web::Path<PlayerId>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&TeamBody { team: registration::remove(&state.ctx, &user, *id).await? })?))
}

refusals!(member_list: [BodyTooLarge, CrossSiteRequest, FactionTaken, InvalidField, InvalidJson, ListsLocked, NotFound, NotSignedIn, NotTeamCaptain, NotTeamEvent, PlayerNotFound, TeamNotFound, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "teams_member_list",
    tag = "teams",
    summary = "Replace a member's army list and faction (the member, the team's captain or the organisers; until lists are locked).",
    params(
        ("id" = arbiter_web::ids::PlayerId, Path, description = "The team's id."),
        ("player" = arbiter_web::ids::PlayerId, Path, description = "The member's registration id."),
    ),
    request_body = crate::service::teams::registration::MemberList,
    responses((status = 200, description = "The team.", body = TeamBody))
)]
#[put("/api/teams/{id}/members/{player}/list")]
async fn member_list(
    state: web::Data<AppState>,
    Authed(user): Authed,
    path: web::Path<(PlayerId, PlayerId)>,
    body: web::Json<registration::MemberList>,
) -> ApiResult<HttpResponse> {
    let (team, member) = path.into_inner();
    let team = registration::member_list(&state.ctx, &user, team, member, body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(sorted(&TeamBody { team })?))
}

/// `?round=N`: the round.
#[derive(Deserialize, utoipa::IntoParams)]
struct RoundQuery {
    /// The round number (1-based).
    round: u32,
}

refusals!(get_lineup: [InvalidQuery, NotFound, TeamNotFound]);
#[utoipa::path(
    operation_id = "teams_get_lineup",
    tag = "teams",
    summary = "Who plays a round, board 1 first (the lineup set, or the regular players).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The team's id."), RoundQuery),
    responses((status = 200, description = "The lineup.", body = LineupBody))
)]
#[get("/api/teams/{id}/lineup")]
async fn get_lineup(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<PlayerId>,
    q: web::Query<RoundQuery>,
) -> ApiResult<HttpResponse> {
    let lineup = lineup::get(&state.ctx, user.0.as_ref(), *id, q.round).await?;
    Ok(HttpResponse::Ok().json(sorted(&LineupBody { lineup })?))
}

refusals!(set_lineup: [BodyTooLarge, CrossSiteRequest, InvalidJson, InvalidRound, InvalidTeam, NotFound, NotSignedIn, NotTeamCaptain, NotTeamEvent, PlayerDropped, RoundAlreadyPaired, TeamNotFound, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "teams_set_lineup",
    tag = "teams",
    summary = "Set who plays a round, before it is paired (the captain or the organisers): regular players keep their board order, reserves take the bottom boards.",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The team's id.")),
    request_body = crate::service::teams::lineup::SetLineup,
    responses((status = 200, description = "The lineup.", body = LineupBody))
)]
#[put("/api/teams/{id}/lineup")]
async fn set_lineup(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
    body: web::Json<lineup::SetLineup>,
) -> ApiResult<HttpResponse> {
    let lineup = lineup::set(&state.ctx, &user, *id, body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(sorted(&LineupBody { lineup })?))
}
