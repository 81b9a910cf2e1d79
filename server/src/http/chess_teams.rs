//! A chess team Swiss (FIDE Olympiad Pairing Rules 2022): each round's team
//! matches with their boards, and the results by board with the board
//! prizes. Pairing, results, standings and the TRF go through the routes
//! every event uses (`/api/rounds/{id}/pairings`, `/api/pairings/{id}/…`,
//! `/api/tournaments/{id}/standings`, `/api/tournaments/{id}/trf`).

use crate::app::AppState;
use crate::auth::session::MaybeUser;
use crate::domain::{RoundId, TournamentId};
use crate::error::ApiResult;
use crate::http::schemas::bodies::sorted;
use crate::service::teams::chess_results;
use crate::service::teams::chess_views::{BoardView, TeamMatchView};
use actix_web::get;
use actix_web::{web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

pub fn routes(cfg: &mut crate::http::api::Api<'_>) {
    cfg.service(matches).service(boards);
}

/// `{"matches": […]}`: a round's team matches.
#[derive(ToSchema, Serialize)]
pub struct MatchesBody {
    /// The matches in published order (art. 11.1), the bye last.
    pub matches: Vec<TeamMatchView>,
}

/// `{"min_games": N, "boards": […]}`: results by board and the board prizes.
#[derive(ToSchema, Serialize)]
pub struct BoardsBody {
    /// The games a player needs on a board to be eligible for its prize.
    pub min_games: u32,
    /// Board 1 first.
    pub boards: Vec<BoardView>,
}

refusals!(matches: [NotFound, RoundNotFound, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "teams_matches",
    tag = "rounds",
    summary = "A chess team round's matches: the teams, each board's players, colours and results, game and match points.",
    params(("id" = arbiter_web::ids::RoundId, Path, description = "The round's id.")),
    responses((status = 200, description = "The matches.", body = MatchesBody))
)]
#[get("/api/rounds/{id}/matches")]
async fn matches(state: web::Data<AppState>, user: MaybeUser, id: web::Path<RoundId>) -> ApiResult<HttpResponse> {
    let matches = chess_results::matches(&state.ctx, user.0.as_ref(), *id).await?;
    Ok(HttpResponse::Ok().json(sorted(&MatchesBody { matches })?))
}

/// `?min_games=N`: the games a board prize needs.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct BoardsQuery {
    /// The fewest games on a board for its prize; by default two thirds of the rounds played, rounded up.
    min_games: Option<u32>,
}

refusals!(boards: [InvalidQuery, NotFound, TournamentNotFound, WrongStatus]);
#[utoipa::path(
    operation_id = "teams_boards",
    tag = "standings",
    summary = "A chess team event's results by board and its board prizes.",
    params(("id" = arbiter_web::ids::TournamentId, Path, description = "The tournament's id."), BoardsQuery),
    responses((status = 200, description = "The boards.", body = BoardsBody))
)]
#[get("/api/tournaments/{id}/boards")]
async fn boards(
    state: web::Data<AppState>,
    user: MaybeUser,
    id: web::Path<TournamentId>,
    q: web::Query<BoardsQuery>,
) -> ApiResult<HttpResponse> {
    let (min_games, boards) = chess_results::boards(&state.ctx, user.0.as_ref(), *id, q.min_games).await?;
    Ok(HttpResponse::Ok().json(sorted(&BoardsBody { min_games, boards })?))
}
