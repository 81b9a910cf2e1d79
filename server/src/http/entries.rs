//! Entries without accounts: `POST /api/tournaments/{id}/entries` (the TO
//! adds a player by name, late entries included), `POST
//! /api/players/{id}/claim-code` (a one-time code for the player), and the
//! claim itself: `GET`/`POST /api/claims/{code}`, the page `/claim/{code}`
//! (sign in, then take the entry over) and its QR code `/claim/{code}/qr.svg`.

use super::pages::{code_form_user, code_shown, nav, redirect, refused_again, render, Page, TokenForm};
use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::{PlayerId, TournamentId};
use crate::error::{ApiError, ApiResult, Code};
use crate::http::schemas::bodies::{sorted, EntriesBody, PlayerBody};
use crate::service::people::entries;
use actix_web::{get, post};
use actix_web::{web, HttpRequest, HttpResponse};
use arbiter_web::pages::ClaimPage;
use serde::Deserialize;

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(add)
        .service(list)
        .service(roster)
        .service(claim_code)
        .service(info)
        .service(claim)
        .route("/claim/{code}", web::get().to(claim_page))
        .route("/claim/{code}", web::post().to(claim_form))
        .route("/claim/{code}/qr.svg", web::get().to(claim_qr));
}

refusals!(add: [BodyTooLarge, CrossSiteRequest, InvalidField, InvalidJson, LateEntryClosed, NotEligible, NotFound, NotSignedIn, NotTournamentOrganiser, TeamsOnly, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "entries_add",
    tag = "players",
    summary = "Add a player by name: a walk-in or a late entry, without an account until claimed (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    request_body = crate::service::people::entries::NewEntry,
    responses((status = 200, description = "The entry, and the rounds it missed.", body = crate::service::people::entries::AddedEntry))
)]
#[post("/api/tournaments/{id}/entries")]
async fn add(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    body: web::Json<entries::NewEntry>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(entries::add(&state.ctx, &user, *id, body.into_inner()).await?))
}

/// `?preview=true`: read the roster and report, add nothing.
#[derive(Deserialize, utoipa::IntoParams)]
struct RosterQuery {
    /// Read and report only.
    #[serde(default)]
    preview: bool,
    /// Registration numbers: `file` (the rows' order, default) or
    /// `shuffle` (a random draw, its seed reported).
    #[serde(default)]
    order: Option<String>,
    /// The shuffle's seed (0 to 2147483647); drawn by the server when absent.
    #[serde(default)]
    seed: Option<u32>,
    /// Add rows the section's eligibility rules keep out (each recorded in the action log).
    #[serde(default)]
    override_eligibility: bool,
}

refusals!(roster: [BodyTooLarge, CrossSiteRequest, InvalidCsv, InvalidQuery, LateEntryClosed, NotEligible, NotFound, NotSignedIn, NotTournamentOrganiser, RegistrationClosed, TeamsOnly, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "entries_roster",
    tag = "players",
    summary = "A starting roster from CSV (header row; columns name, faction, rating, title, federation, fide_id, club, birth_date, sex, city, state; a team event adds team, email, captain, reserve): a preview with problems by row and column, or every row added at once (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), RosterQuery),
    request_body(content = String, content_type = "text/csv"),
    responses((status = 200, description = "The rows, their problems, the entries added.", body = crate::service::people::entries::RosterReport))
)]
#[post("/api/tournaments/{id}/entries.csv")]
async fn roster(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
    q: web::Query<RosterQuery>,
    body: web::Bytes,
) -> ApiResult<HttpResponse> {
    let text =
        std::str::from_utf8(&body).map_err(|_| ApiError::invalid(Code::InvalidCsv, "").text("refusal-csv-utf8", []))?;
    let shuffle = match q.order.as_deref().map(str::trim) {
        None | Some("" | "file") if q.seed.is_none() => None,
        None | Some("" | "file") => {
            return Err(ApiError::invalid(Code::InvalidField, "seed: a seed is for a shuffled roster (order=shuffle)."))
        }
        Some("shuffle") => match q.seed {
            Some(s) if s > 0x7fff_ffff => {
                return Err(ApiError::invalid(Code::InvalidField, "seed: from 0 to 2147483647."))
            }
            Some(s) => Some(s),
            None => Some(crate::domain::random_seed()),
        },
        Some(other) => {
            return Err(ApiError::invalid(
                Code::InvalidField,
                format!("order: \"{other}\" is not file (the rows' order is the registration order) or shuffle."),
            ))
        }
    };
    let max = state.settings.import_max_players;
    // A team event's roster names each member's team.
    if let Some(report) =
        crate::service::teams::roster::import(&state.ctx, &user, *id, text, q.preview, shuffle, max).await?
    {
        return Ok(HttpResponse::Ok().json(report));
    }
    let how = entries::RosterImport {
        preview: q.preview,
        shuffle,
        max_players: max,
        override_eligibility: q.override_eligibility,
    };
    Ok(HttpResponse::Ok().json(entries::roster(&state.ctx, &user, *id, text, how).await?))
}

refusals!(list: [NotFound, NotSignedIn, NotTournamentOrganiser, TournamentNotFound]);
#[utoipa::path(
    operation_id = "entries_list",
    tag = "players",
    summary = "The entries no player has claimed yet (the TO).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id.")),
    responses((status = 200, description = "The entries, registration order.", body = crate::http::schemas::bodies::EntriesBody))
)]
#[get("/api/tournaments/{id}/entries")]
async fn list(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<TournamentId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .json(sorted(&EntriesBody { entries: entries::unclaimed_entries(&state.ctx, &user, *id).await? })?))
}

refusals!(claim_code: [AlreadyClaimed, CrossSiteRequest, InvalidTeam, NotFound, NotSignedIn, NotTournamentOrganiser, PlayerNotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "entries_claim_code",
    tag = "players",
    summary = "Issue a one-time claim code for an entry the TO added; a new code replaces the last (the TO).",
    params(("id" = arbiter_web::ids::PlayerId, Path, description = "The registration's id.")),
    responses((status = 200, description = "The code and the page that claims it.", body = crate::service::people::entries::ClaimCodeView))
)]
#[post("/api/players/{id}/claim-code")]
async fn claim_code(
    state: web::Data<AppState>,
    Authed(user): Authed,
    id: web::Path<PlayerId>,
) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(entries::claim_code(&state.ctx, &user, *id).await?))
}

refusals!(info: [ClaimNotFound, NotFound, TooManyAttempts, TournamentNotFound]);
#[utoipa::path(
    operation_id = "entries_claim_info",
    tag = "players",
    summary = "What a claim code hands over.",
    params(("code" = String, Path, description = "The claim code, e.g. `ABCD-EFGH`.")),
    responses((status = 200, description = "The entry and its event.", body = crate::service::people::entries::ClaimInfo))
)]
#[get("/api/claims/{code}")]
async fn info(state: web::Data<AppState>, code: web::Path<String>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(entries::info(&state.ctx, &code).await?))
}

refusals!(claim: [AlreadyRegistered, ClaimNotFound, CrossSiteRequest, NotEligible, NotFound, NotSignedIn, PlayerNotFound, TooManyAttempts, TournamentNotFound]);
#[utoipa::path(
    operation_id = "entries_claim",
    tag = "players",
    summary = "Take the entry over with the signed-in account: from now on the player reports from their phone.",
    params(("code" = String, Path, description = "The claim code, e.g. `ABCD-EFGH`.")),
    responses((status = 200, description = "The registration, now the caller's.", body = crate::http::schemas::bodies::PlayerBody))
)]
#[post("/api/claims/{code}")]
async fn claim(state: web::Data<AppState>, Authed(user): Authed, code: web::Path<String>) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok().json(sorted(&PlayerBody { player: entries::claim(&state.ctx, &user, &code).await? })?))
}

async fn claim_page(state: web::Data<AppState>, req: HttpRequest, user: MaybeUser, code: web::Path<String>) -> Page {
    let found = entries::info(&state.ctx, &code).await?;
    show(&state, &req, user.0.as_ref(), &code, found, None)
}

fn show(
    state: &AppState,
    req: &HttpRequest,
    user: Option<&crate::domain::User>,
    code: &str,
    found: entries::ClaimInfo,
    error: Option<String>,
) -> Page {
    let (nav, fresh) = nav(req, user);
    let page = ClaimPage {
        nav,
        code: code_shown(code),
        player_name: found.player.display_name,
        tournament_id: found.tournament_id.to_string(),
        tournament_name: found.tournament_name,
        signed_in: user.is_some(),
        error,
    };
    render(req, state, &page, fresh.as_deref())
}

async fn claim_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    user: MaybeUser,
    code: web::Path<String>,
    form: web::Form<TokenForm>,
) -> Page {
    let u = match code_form_user(&req, user.0, "claim", &code, &form)? {
        Ok(u) => u,
        Err(sign_in) => return Ok(sign_in),
    };
    let found = entries::info(&state.ctx, &code).await?;
    let t = found.tournament_id;
    match entries::claim(&state.ctx, &u, &code).await {
        Ok(_) => Ok(redirect(&format!("/t/{t}/me"))),
        Err(e) => {
            let message = e.message_in(super::locale::lang_of(&req));
            refused_again(show(&state, &req, Some(&u), &code, found, Some(message)), &e)
        }
    }
}

/// The claim page's address as a QR code, for the player's phone to scan
/// from the organiser's screen or a printed slip.
async fn claim_qr(
    state: web::Data<AppState>,
    req: HttpRequest,
    code: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    entries::info(&state.ctx, &code).await?;
    super::qr::of_path(&req, &state.settings, &format!("/claim/{}", code_shown(&code)), "no-store")
}
