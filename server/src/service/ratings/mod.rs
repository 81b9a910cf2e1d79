//! Elo ratings across events (seed `wh40k-tournament-manager.md`, "ELO
//! Rating System"): one rating per account and game system, 1200 to start, K
//! 32 then 16 after 30 rated games, with the engine's formula
//! ([`arbiter_engine::rating::elo`]).
//!
//! - A round is a rating period: when the TO closes it, every rated game of
//!   the round is rated from the ratings before the round, in the close's
//!   transaction ([`round_closed`]), and `ratings_changed` is emitted.
//! - Periods are ordered by close time (`rated_rounds`; the `rating_clock`
//!   row makes close times strictly increasing and serialises rating writes
//!   across tournaments).
//! - Overriding a result in a closed round re-rates that round and every later
//!   period of the game system, across events ([`result_overridden`]).
//! - [`rebuild`] recomputes everything from the closed rounds; it must find
//!   nothing to change.
//!
//! Reading: the history rows of a re-rated period keep the period's close
//! time as their `recorded_at` (the time the rating belongs to), so a rebuild
//! writes the very same rows.

mod replay;
mod rerate;
mod views;

pub use views::{game_systems, leaderboard, user_ratings, MAX_OFFSET, MAX_PAGE};

use super::Change;
use crate::bus::EventData;
use crate::domain::{now_millis, Game, Pairing, Round, RoundId, Tournament, UserId};
use crate::error::{ApiError, ApiResult, Code};
use crate::store::{RatedRound, Store, Tx};
use arbiter_web::views::ratings::{RatingDeltaView, RatingsChangedView};
use arbiter_web::views::sets::RatingCause;
use rerate::{rerate, Delta, Rerated};
use std::collections::HashMap;

/// Rates a round the TO is closing, in the close's transaction, right after
/// its `round_closed` event: records it as the latest rating period, rates
/// its games, and emits `ratings_changed` (`{ratings: RatingsChangedView}`)
/// when it has rated games. The close time is the `round_closed` event's time
/// (1 ms after the previous close if that is not later), which is also how
/// [`rebuild`] dates rounds it finds without a period.
///
/// # Errors
/// 500 on corrupt rows (or if the round was already rated); 503 when the database is down.
pub async fn round_closed(change: &mut Change, t: &Tournament, round: &Round) -> ApiResult<()> {
    let event_at = change.last_emitted().map_or_else(now_millis, |(_, at)| at);
    let closed_at = change.tx().tick_rating_clock(event_at).await?;
    let game = t.game.as_str();
    let period = RatedRound { round_id: round.id, tournament_id: t.id, game: game.to_string(), closed_at };
    change.tx().insert_rated_round(&period).await?;
    let rerated = rerate(change.tx(), game, Some(round.id)).await?;
    if !rerated.deltas.is_empty() {
        let view = changed_view(change.tx(), t, round.id, RatingCause::RoundClosed, &rerated).await?;
        change.emit(EventData::RatingsChanged { ratings: view.clone() }).await?;
    }
    Ok(())
}

/// Re-rates after the TO overrode `pairing`'s result, in the override's
/// transaction: if its round was rated, that round and every later period
/// of the game system (every event) are computed again, and
/// `ratings_changed` is emitted when a rating moved. `None` when the round
/// is not rated yet (it will be at its close).
///
/// # Errors
/// 500 on corrupt rows; 503 when the database is down.
pub async fn result_overridden(
    change: &mut Change,
    t: &Tournament,
    pairing: &Pairing,
) -> ApiResult<Option<RatingsChangedView>> {
    change.tx().lock_ratings().await?;
    let Some(period) = change.tx().rated_round(pairing.round_id).await? else {
        return Ok(None);
    };
    let rerated = rerate(change.tx(), &period.game, Some(period.round_id)).await?;
    let view = changed_view(change.tx(), t, period.round_id, RatingCause::ResultOverridden, &rerated).await?;
    if !view.changes.is_empty() {
        change.emit(EventData::RatingsChanged { ratings: view.clone() }).await?;
    }
    Ok(Some(view))
}

/// Un-rates a round the TO is reopening, in the reopen's transaction: it is
/// no longer a rating period, and the game system's ratings are replayed
/// from its first period without it (every event's later periods are
/// re-rated too); `ratings_changed` is emitted when a rating moved. The
/// round is rated again, as the latest period, when it closes again.
///
/// # Errors
/// 500 on corrupt rows; 503 when the database is down.
pub async fn round_reopened(change: &mut Change, t: &Tournament, round: &Round) -> ApiResult<()> {
    change.tx().lock_ratings().await?;
    if change.tx().rated_round(round.id).await?.is_none() {
        return Ok(());
    }
    change.tx().delete_rated_round(round.id).await?;
    let rerated = rerate(change.tx(), t.game.as_str(), None).await?;
    if !rerated.deltas.is_empty() {
        let view = changed_view(change.tx(), t, round.id, RatingCause::RoundReopened, &rerated).await?;
        change.emit(EventData::RatingsChanged { ratings: view }).await?;
    }
    Ok(())
}

/// Re-rates after a player claimed an entry of `t`, in the claim's
/// transaction: the entry's rated games now count for the claimer's
/// account, so when any round of `t` was rated the game system is replayed
/// from its first period; `ratings_changed` is emitted when a rating moved.
///
/// # Errors
/// 500 on corrupt rows; 503 when the database is down.
pub async fn entry_claimed(change: &mut Change, t: &Tournament) -> ApiResult<()> {
    change.tx().lock_ratings().await?;
    let periods = change.tx().rated_rounds(t.game.as_str(), i64::MIN).await?;
    let Some(first) = periods.iter().find(|p| p.tournament_id == t.id) else { return Ok(()) };
    let rerated = rerate(change.tx(), t.game.as_str(), None).await?;
    if !rerated.deltas.is_empty() {
        let view = changed_view(change.tx(), t, first.round_id, RatingCause::EntryClaimed, &rerated).await?;
        change.emit(EventData::RatingsChanged { ratings: view }).await?;
    }
    Ok(())
}

/// What [`rebuild`] did to one game system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRebuild {
    /// The game system.
    pub game: String,
    /// Rating periods computed.
    pub rounds: usize,
    /// Closed rounds found without a rating period (closed before ratings
    /// existed) and rated now, placed by their `round_closed` event time.
    pub adopted: usize,
    /// History rows inserted, rewritten or removed.
    pub rows_changed: usize,
    /// Accounts whose rating changed, with account names.
    pub changes: Vec<RatingDeltaView>,
}

/// `arbiter ratings rebuild`: recomputes every rating of every game system
/// from the closed rounds, in close order, from 1200 for everyone, and
/// writes only what differs. On a consistent database it changes nothing.
///
/// # Errors
/// The database is unavailable, or rows are corrupt.
pub async fn rebuild(store: &Store) -> ApiResult<Vec<GameRebuild>> {
    let tx = store.begin().await?;
    tx.lock_ratings().await?;
    let adopted = adopt_closed_rounds(&tx).await?;
    let mut out = Vec::new();
    for game in tx.rating_games().await? {
        let rerated = rerate(&tx, &game, None).await?;
        let names = tx.user_names(&rerated.deltas.iter().map(|d| d.user).collect::<Vec<_>>()).await?;
        let changes = delta_views(&rerated.deltas, &names);
        let adopted = adopted.get(&game).copied().unwrap_or(0);
        out.push(GameRebuild { adopted, rounds: rerated.rounds, rows_changed: rerated.rows_changed, changes, game });
    }
    tx.commit().await?;
    Ok(out)
}

/// Makes every closed round without a rating period one (rounds closed
/// before ratings existed), dated by its `round_closed` event (or, lacking
/// one, its creation), in the order of those times and then of the events'
/// sequence; equal times are spread 1 ms apart so the order is kept.
/// Returns the count per game.
async fn adopt_closed_rounds(tx: &Tx) -> ApiResult<HashMap<String, usize>> {
    let mut found = Vec::new();
    for (round_id, tournament_id, created_at) in tx.unrated_closed_rounds().await? {
        let Some(t) = tx.tournament(tournament_id).await? else {
            continue;
        };
        let closed = tx.round_closed_events(tournament_id).await?.into_iter().find(|(_, payload, _)| {
            serde_json::from_str::<serde_json::Value>(payload)
                .is_ok_and(|v| v["round"]["id"].as_str() == Some(round_id.to_string().as_str()))
        });
        let (seq, at) = closed.map_or((0, created_at), |(seq, _, at)| (seq, at));
        found.push((at, tournament_id, seq, round_id, t.game));
    }
    found.sort_by_key(|&(at, tournament, seq, round, _)| (at, tournament, seq, round));
    let mut adopted: HashMap<String, usize> = HashMap::new();
    let mut last = i64::MIN;
    for (at, tournament_id, _, round_id, game) in found {
        let closed_at = at.max(last.saturating_add(1));
        last = closed_at;
        let game = game.as_str().to_string();
        tx.insert_rated_round(&RatedRound { round_id, tournament_id, game: game.clone(), closed_at }).await?;
        *adopted.entry(game).or_default() += 1;
    }
    Ok(adopted)
}

/// The event view of a re-rating: names as on `t`'s board where registered there.
async fn changed_view(
    tx: &Tx,
    t: &Tournament,
    round: RoundId,
    cause: RatingCause,
    rerated: &Rerated,
) -> ApiResult<RatingsChangedView> {
    let ids: Vec<UserId> = rerated.deltas.iter().map(|d| d.user).collect();
    let mut names = tx.user_names(&ids).await?;
    for p in tx.players(t.id).await? {
        if let Some(name) = names.get_mut(&p.user_id) {
            *name = p.display_name;
        }
    }
    Ok(RatingsChangedView {
        game: t.game,
        cause,
        round_id: round,
        rounds_rated: rerated.rounds,
        changes: delta_views(&rerated.deltas, &names),
    })
}

/// Deltas as views, by name.
fn delta_views(deltas: &[Delta], names: &HashMap<UserId, String>) -> Vec<RatingDeltaView> {
    let mut out: Vec<RatingDeltaView> = deltas
        .iter()
        .map(|d| RatingDeltaView {
            user_id: d.user,
            name: names.get(&d.user).cloned().unwrap_or_default(),
            rating_before: d.before.rating,
            rating_after: d.after.rating,
            delta: d.after.rating - d.before.rating,
            games_played: d.after.games,
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.user_id.cmp(&b.user_id)));
    out
}

/// Checks `game` names a game system Arbiter runs.
///
/// # Errors
/// 404 `unknown_game`.
pub fn known_game(game: &str) -> ApiResult<Game> {
    Game::parse(game)
        .ok_or_else(|| ApiError::not_found(Code::UnknownGame, format!("Arbiter has no game system called {game:?}.")))
}
