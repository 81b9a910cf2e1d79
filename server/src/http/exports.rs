//! `/api/tournaments/{id}/export/…` and `/api/ratings/{game}/export.…`:
//! players, each round's pairings and results, standings after any round,
//! and ratings, as CSV or JSON files (the extension picks which).

use crate::app::AppState;
use crate::auth::session::{Authed, MaybeUser};
use crate::domain::TournamentId;
use crate::error::{ApiError, ApiResult, Code};
use crate::service::records::exports::{self, Table};
use actix_web::get;
use actix_web::http::header;
use actix_web::{web, HttpResponse};
use serde::Deserialize;

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(players).service(payments_file).service(round).service(standings).service(ratings);
}

/// The file format asked for by the path's extension.
#[derive(Clone, Copy)]
enum Format {
    Csv,
    Json,
}

impl Format {
    fn parse(ext: &str) -> ApiResult<Format> {
        match ext {
            "csv" => Ok(Format::Csv),
            "json" => Ok(Format::Json),
            other => Err(ApiError::not_found(
                Code::NoSuchEndpoint,
                format!("There is no .{other} export: exports are .csv (spreadsheets) or .json."),
            )),
        }
    }
}

/// The table as a file to download.
fn file(table: &Table, format: Format) -> ApiResult<HttpResponse> {
    let (body, kind, ext) = match format {
        Format::Csv => (table.csv()?, "text/csv; charset=utf-8", "csv"),
        Format::Json => (table.json().to_string(), "application/json", "json"),
    };
    Ok(HttpResponse::Ok()
        .content_type(kind)
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}.{ext}\"", table.name)))
        .body(body))
}

refusals!(players: [NoSuchEndpoint, NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "exports_players",
    tag = "exports",
    summary = "The players as a file: `csv` or `json`.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), ("format" = String, Path, description = "`csv` or `json`; another extension is 404 `no_such_endpoint`.")),
    responses((status = 200, description = "The table, as an attachment: CSV with a header row, or JSON, an array of one object per row.", content((String = "text/csv"), ([Object] = "application/json"))))
)]
#[get("/api/tournaments/{id}/export/players.{format}")]
async fn players(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<(TournamentId, String)>,
) -> ApiResult<HttpResponse> {
    let (id, ext) = path.into_inner();
    let format = Format::parse(&ext)?;
    file(&exports::players(&state.ctx, user.0.as_ref(), id).await?, format)
}

refusals!(payments_file: [NoSuchEndpoint, NotFound, NotSignedIn, NotTournamentStaff, TournamentNotFound]);
#[utoipa::path(
    operation_id = "exports_payments",
    tag = "exports",
    summary = "The entrants' entry-fee payments as a file: `csv` or `json` (staff).",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), ("format" = String, Path, description = "`csv` or `json`; another extension is 404 `no_such_endpoint`.")),
    responses((status = 200, description = "The table (no, player_id, name, payment, amount_paid, currency, marked_by, marked_at), as an attachment.", content((String = "text/csv"), ([Object] = "application/json"))))
)]
#[get("/api/tournaments/{id}/export/payments.{format}")]
async fn payments_file(
    state: web::Data<AppState>,
    Authed(user): Authed,
    path: web::Path<(TournamentId, String)>,
) -> ApiResult<HttpResponse> {
    let (id, ext) = path.into_inner();
    let format = Format::parse(&ext)?;
    file(&exports::payments(&state.ctx, &user, id).await?, format)
}

refusals!(round: [NoSuchEndpoint, NotFound, RoundNotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "exports_round",
    tag = "exports",
    summary = "Round `n`'s tables as a file: `csv` or `json`.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), ("n" = u32, Path, description = "The round number, from 1."), ("format" = String, Path, description = "`csv` or `json`; another extension is 404 `no_such_endpoint`.")),
    responses((status = 200, description = "The table, as an attachment: CSV with a header row, or JSON, an array of one object per row.", content((String = "text/csv"), ([Object] = "application/json"))))
)]
#[get("/api/tournaments/{id}/export/rounds/{n}.{format}")]
async fn round(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<(TournamentId, String, String)>,
) -> ApiResult<HttpResponse> {
    let (id, n, ext) = path.into_inner();
    let format = Format::parse(&ext)?;
    let n: u32 = n.parse().ok().filter(|n| *n > 0).ok_or_else(|| {
        ApiError::not_found(Code::RoundNotFound, format!("{n:?} is not a round number: rounds count from 1."))
    })?;
    file(&exports::round(&state.ctx, user.0.as_ref(), id, n).await?, format)
}

/// `?after_round=N`.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct StandingsQuery {
    /// The standings as they stood after this round (from 1); now when left out.
    after_round: Option<u32>,
}

refusals!(standings: [InvalidQuery, NoSuchEndpoint, NotFound, TournamentNotFound]);
#[utoipa::path(
    operation_id = "exports_standings",
    tag = "exports",
    summary = "The standings as a file: `csv` or `json`.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), ("format" = String, Path, description = "`csv` or `json`; another extension is 404 `no_such_endpoint`."), StandingsQuery),
    responses((status = 200, description = "The table, as an attachment: CSV with a header row, or JSON, an array of one object per row.", content((String = "text/csv"), ([Object] = "application/json"))))
)]
#[get("/api/tournaments/{id}/export/standings.{format}")]
async fn standings(
    state: web::Data<AppState>,
    user: MaybeUser,
    path: web::Path<(TournamentId, String)>,
    q: web::Query<StandingsQuery>,
) -> ApiResult<HttpResponse> {
    let (id, ext) = path.into_inner();
    let format = Format::parse(&ext)?;
    file(&exports::standings(&state.ctx, user.0.as_ref(), id, q.after_round).await?, format)
}

refusals!(ratings: [NoSuchEndpoint, NotFound, UnknownGame]);
#[utoipa::path(
    operation_id = "exports_ratings",
    tag = "exports",
    summary = "A game's whole rating leaderboard as a file: `csv` or `json`.",
    params(("game" = String, Path, description = "The game: `wh40k`, `chess` or `crokinole`."), ("format" = String, Path, description = "`csv` or `json`; another extension is 404 `no_such_endpoint`.")),
    responses((status = 200, description = "The table, as an attachment: CSV with a header row, or JSON, an array of one object per row.", content((String = "text/csv"), ([Object] = "application/json"))))
)]
#[get("/api/ratings/{game}/export.{format}")]
async fn ratings(state: web::Data<AppState>, path: web::Path<(String, String)>) -> ApiResult<HttpResponse> {
    let (game, ext) = path.into_inner();
    let format = Format::parse(&ext)?;
    file(&exports::ratings(&state.ctx, &game).await?, format)
}
