//! Reading ratings: a game system's leaderboard, and an account's ratings
//! with their history.

use super::known_game;
use crate::domain::UserId;
use crate::error::{ApiError, ApiResult, Code, Fill};
use crate::service::Ctx;
use arbiter_engine::rating::elo::Rating;
use arbiter_web::views::ratings::{
    GameRatingView, LeaderboardEntry, LeaderboardView, RatingHistoryEntry, UserRatingsView, UserRef,
};
use std::collections::{BTreeMap, HashSet};

/// The most leaderboard lines one request returns.
pub const MAX_PAGE: u64 = 500;

/// The largest leaderboard offset accepted (far beyond any real leaderboard).
pub const MAX_OFFSET: u64 = 10_000_000;

/// `GET /api/ratings/{game}`: a page of the game system's leaderboard,
/// highest rating first; equal ratings share a place (1, 2, 2, 4).
///
/// # Errors
/// 404 `unknown_game`; 400 `invalid_query` for a limit of 0 or above
/// [`MAX_PAGE`], or an offset above [`MAX_OFFSET`].
pub async fn leaderboard(ctx: &Ctx, game: &str, offset: u64, limit: u64) -> ApiResult<LeaderboardView> {
    let typed = known_game(game)?;
    let game = typed.as_str();
    if limit == 0 || limit > MAX_PAGE {
        return Err(ApiError::bad_request(Code::InvalidQuery, "")
            .text("refusal-query-limit", [("max", Fill::from(&MAX_PAGE)), ("value", Fill::from(&limit.to_string()))]));
    }
    if offset > MAX_OFFSET {
        return Err(ApiError::bad_request(Code::InvalidQuery, "").text(
            "refusal-query-offset",
            [("max", Fill::from(&MAX_OFFSET)), ("value", Fill::from(&offset.to_string()))],
        ));
    }
    let tx = ctx.store.read().await?;
    let total = tx.rated_players(game, None).await?;
    let rows = tx.leaderboard(game, offset, limit).await?;
    let names = tx.user_names(&rows.iter().map(|r| r.user_id).collect::<Vec<_>>()).await?;
    let mut players: Vec<LeaderboardEntry> = Vec::with_capacity(rows.len());
    let mut rank = match rows.first() {
        Some(r) => tx.rated_players(game, Some(r.rating.rating)).await? + 1,
        None => 0,
    };
    for (i, r) in rows.iter().enumerate() {
        if players.last().is_some_and(|prev| prev.rating != r.rating.rating) {
            rank = offset + i as u64 + 1;
        }
        players.push(entry(rank, r.user_id, names.get(&r.user_id).cloned().unwrap_or_default(), r.rating));
    }
    Ok(LeaderboardView { game: typed, total, offset, players })
}

/// The game systems with ratings, by name.
///
/// # Errors
/// 503 when the database is down.
pub async fn game_systems(ctx: &Ctx) -> ApiResult<Vec<crate::domain::Game>> {
    Ok(ctx.store.read().await?.rating_games().await?.iter().filter_map(|g| crate::domain::Game::parse(g)).collect())
}

fn entry(rank: u64, user: UserId, display_name: String, r: Rating) -> LeaderboardEntry {
    LeaderboardEntry {
        rank,
        user_id: user,
        display_name,
        rating: r.rating,
        games_played: r.games,
        established: r.k() == arbiter_engine::rating::elo::K_ESTABLISHED,
    }
}

/// The distinct ids `f` picks from `history`.
fn distinct<T: Copy + Eq + std::hash::Hash>(
    history: &[crate::store::EloEntry],
    f: impl Fn(&crate::store::EloEntry) -> T,
) -> Vec<T> {
    history.iter().map(f).collect::<HashSet<_>>().into_iter().collect()
}

/// `GET /api/users/{id}/ratings`: an account's rating in every game system
/// it has played, with its place and every rated game (oldest first).
///
/// # Errors
/// 404 `user_not_found`.
pub async fn user_ratings(ctx: &Ctx, user: UserId) -> ApiResult<UserRatingsView> {
    let tx = ctx.store.read().await?;
    let u = tx
        .user(user)
        .await?
        .ok_or_else(|| ApiError::not_found(Code::UserNotFound, "There is no account with this id."))?;
    let elos = tx.player_elos_of_user(user).await?;
    let history = tx.elo_history_of_user(user).await?;
    let opponents = tx.user_names(&distinct(&history, |e| e.opponent_id)).await?;
    let tournaments = tx.tournament_names(&distinct(&history, |e| e.tournament_id)).await?;
    let rounds = tx.round_numbers(&distinct(&history, |e| e.round_id)).await?;
    let mut by_game: BTreeMap<&str, Vec<RatingHistoryEntry>> = BTreeMap::new();
    for e in &history {
        by_game.entry(e.game.as_str()).or_default().push(RatingHistoryEntry {
            tournament_id: e.tournament_id,
            tournament_name: tournaments.get(&e.tournament_id).cloned().unwrap_or_default(),
            round_id: e.round_id,
            round_number: rounds.get(&e.round_id).copied().unwrap_or_default(),
            pairing_id: e.pairing_id,
            opponent_id: e.opponent_id,
            opponent_name: opponents.get(&e.opponent_id).cloned().unwrap_or_default(),
            result: rated_result(e.outcome),
            rating_before: e.rating_before,
            rating_after: e.rating_after,
            delta: e.delta,
            k: e.k,
            recorded_at: e.recorded_at,
        });
    }
    let mut ratings = Vec::with_capacity(elos.len());
    for elo in elos {
        // A rating kept for a game this server no longer offers is not shown.
        let Some(game) = crate::domain::Game::parse(&elo.game) else { continue };
        ratings.push(GameRatingView {
            rank: tx.rated_players(&elo.game, Some(elo.rating.rating)).await? + 1,
            rated_players: tx.rated_players(&elo.game, None).await?,
            rating: elo.rating.rating,
            games_played: elo.rating.games,
            k: elo.rating.k(),
            history: by_game.remove(elo.game.as_str()).unwrap_or_default(),
            game,
        });
    }
    Ok(UserRatingsView { user: UserRef { id: u.id, display_name: u.display_name }, ratings })
}

/// A rated game's result for the account, as the pages name it.
const fn rated_result(o: arbiter_engine::model::Outcome) -> arbiter_web::views::sets::RatedResult {
    use arbiter_web::views::sets::RatedResult;
    match o {
        arbiter_engine::model::Outcome::Win => RatedResult::Win,
        arbiter_engine::model::Outcome::Draw => RatedResult::Draw,
        arbiter_engine::model::Outcome::Loss => RatedResult::Loss,
    }
}
