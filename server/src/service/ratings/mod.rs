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
mod views;

pub use replay::{
    diff, outcome, rated_games, ratings_before, replay, HistoryDiff, Period, PeriodGame,
    ReplayError, Replayed,
};
pub use views::{game_systems, leaderboard, user_ratings, MAX_PAGE};

use super::{Change, EventKind};
use crate::domain::{now_millis, Game, Pairing, Round, Tournament};
use crate::error::{ApiError, ApiResult};
use crate::store::{EloEntry, RatedRound, Store, Tx};
use arbiter_engine::rating::elo::Rating;
use arbiter_web::views::ratings::{RatingDeltaView, RatingsChangedView};
use serde_json::json;
use std::collections::{HashMap, HashSet};
use uuid::Uuid;

/// How one re-rating moved one account's current rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Delta {
    /// The account.
    pub user: Uuid,
    /// Before (1200, 0 games if unrated).
    pub before: Rating,
    /// After.
    pub after: Rating,
}

/// What a re-rating did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rerated {
    /// Rating periods computed.
    pub rounds: usize,
    /// History rows inserted, rewritten or removed.
    pub rows_changed: usize,
    /// Every account whose current rating or game count changed.
    pub deltas: Vec<Delta>,
}

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
    let seq = change.tx().last_seq(t.id).await?;
    let event_at = change
        .tx()
        .events_since(t.id, seq - 1, 1)
        .await?
        .first()
        .map_or_else(now_millis, |e| e.created_at);
    let closed_at = change.tx().tick_rating_clock(event_at).await?;
    let game = t.game.as_str();
    let period = RatedRound {
        round_id: round.id,
        tournament_id: t.id,
        game: game.to_string(),
        closed_at,
    };
    change.tx().insert_rated_round(&period).await?;
    let rerated = rerate(change.tx(), game, Some(round.id)).await?;
    if !rerated.deltas.is_empty() {
        let view = changed_view(change.tx(), t, round.id, "round_closed", &rerated).await?;
        change
            .emit(EventKind::RatingsChanged, &json!({ "ratings": view }))
            .await?;
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
    let view = changed_view(
        change.tx(),
        t,
        period.round_id,
        "result_overridden",
        &rerated,
    )
    .await?;
    if !view.changes.is_empty() {
        change
            .emit(EventKind::RatingsChanged, &json!({ "ratings": view }))
            .await?;
    }
    Ok(Some(view))
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
        let names = tx
            .user_names(&rerated.deltas.iter().map(|d| d.user).collect::<Vec<_>>())
            .await?;
        let changes = delta_views(&rerated.deltas, &names);
        let adopted = adopted.get(&game).copied().unwrap_or(0);
        out.push(GameRebuild {
            adopted,
            rounds: rerated.rounds,
            rows_changed: rerated.rows_changed,
            changes,
            game,
        });
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
        let closed = tx
            .round_closed_events(tournament_id)
            .await?
            .into_iter()
            .find(|(_, payload, _)| {
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
        tx.insert_rated_round(&RatedRound {
            round_id,
            tournament_id,
            game: game.clone(),
            closed_at,
        })
        .await?;
        *adopted.entry(game).or_default() += 1;
    }
    Ok(adopted)
}

/// Recomputes `game`'s ratings from the period of round `from` on (from
/// the first period, with everyone at 1200, when `None`), and writes what
/// differs: history rows, and current ratings. The caller holds the rating lock.
async fn rerate(tx: &Tx, game: &str, from: Option<Uuid>) -> ApiResult<Rerated> {
    let ledger = tx.rated_rounds(game).await?;
    let first = match from {
        None => 0,
        Some(r) => ledger
            .iter()
            .position(|p| p.round_id == r)
            .ok_or_else(|| ApiError::internal(format!("round {r} is not rated")))?,
    };
    let ledger = &ledger[first..];
    let order: HashMap<Uuid, usize> = ledger
        .iter()
        .enumerate()
        .map(|(i, p)| (p.round_id, i))
        .collect();
    let periods = load_periods(tx, ledger).await?;
    let (stored, current, start) = match from {
        // Everything is recomputed: every stored row and rating is compared.
        None => (
            tx.elo_history_since(game, i64::MIN).await?,
            tx.player_elos_of_game(game).await?,
            HashMap::new(),
        ),
        Some(_) => {
            let since = ledger.first().map_or(i64::MAX, |p| p.closed_at);
            let stored: Vec<(Uuid, EloEntry)> = tx
                .elo_history_since(game, since)
                .await?
                .into_iter()
                .filter(|(_, e)| order.contains_key(&e.round_id))
                .collect();
            let mut users: HashSet<Uuid> = stored.iter().map(|(_, e)| e.user_id).collect();
            users.extend(
                periods
                    .iter()
                    .flat_map(|p| p.games.iter().flat_map(|g| [g.game.a, g.game.b])),
            );
            let current = tx
                .player_elos(game, &users.into_iter().collect::<Vec<_>>())
                .await?;
            let mut start = current.clone();
            start.extend(ratings_before(&stored, &order));
            (stored, current, start)
        }
    };
    let replayed = replay(start, &periods).map_err(ApiError::internal)?;
    let history = diff(stored, replayed.entries);
    let rows_changed = history.len();
    tx.insert_elo_entries(
        &history
            .insert
            .into_iter()
            .map(|e| (Uuid::new_v4(), e))
            .collect::<Vec<_>>(),
    )
    .await?;
    for (id, e) in &history.update {
        tx.update_elo_entry(*id, e).await?;
    }
    tx.delete_elo_entries(&history.delete).await?;

    let mut after = replayed.ratings;
    for user in current.keys() {
        after.entry(*user).or_default();
    }
    let now = now_millis();
    let mut deltas = Vec::new();
    for (user, rating) in after {
        let was = current.get(&user).copied();
        if was == (rating.games > 0).then_some(rating) {
            continue;
        }
        if rating.games == 0 {
            tx.delete_player_elo(user, game).await?;
        } else {
            tx.save_player_elo(user, game, rating, now).await?;
        }
        deltas.push(Delta {
            user,
            before: was.unwrap_or_default(),
            after: rating,
        });
    }
    deltas.sort_by_key(|d| d.user);
    Ok(Rerated {
        rounds: periods.len(),
        rows_changed,
        deltas,
    })
}

/// The periods of `ledger` with their rated games, reading each tournament once.
async fn load_periods(tx: &Tx, ledger: &[RatedRound]) -> ApiResult<Vec<Period>> {
    let mut by_tournament: HashMap<Uuid, (HashMap<Uuid, Uuid>, Vec<Pairing>)> = HashMap::new();
    for t in ledger
        .iter()
        .map(|r| r.tournament_id)
        .collect::<HashSet<_>>()
    {
        let user_of = tx
            .players(t)
            .await?
            .into_iter()
            .map(|p| (p.id, p.user_id))
            .collect();
        by_tournament.insert(t, (user_of, tx.pairings_of_tournament(t).await?));
    }
    let mut periods = Vec::with_capacity(ledger.len());
    for round in ledger {
        let (user_of, pairings) = &by_tournament[&round.tournament_id];
        let mut tables: Vec<Pairing> = pairings
            .iter()
            .filter(|p| p.round_id == round.round_id)
            .cloned()
            .collect();
        tables.sort_by_key(|p| p.table_number);
        let games = rated_games(&tables, user_of).map_err(ApiError::internal)?;
        periods.push(Period {
            round: round.clone(),
            games,
        });
    }
    Ok(periods)
}

/// The event view of a re-rating: names as on `t`'s board where registered there.
async fn changed_view(
    tx: &Tx,
    t: &Tournament,
    round: Uuid,
    cause: &str,
    rerated: &Rerated,
) -> ApiResult<RatingsChangedView> {
    let ids: Vec<Uuid> = rerated.deltas.iter().map(|d| d.user).collect();
    let mut names = tx.user_names(&ids).await?;
    for p in tx.players(t.id).await? {
        if let Some(name) = names.get_mut(&p.user_id) {
            *name = p.display_name;
        }
    }
    Ok(RatingsChangedView {
        game: t.game.as_str().to_string(),
        cause: cause.to_string(),
        round_id: round.to_string(),
        rounds_rated: rerated.rounds,
        changes: delta_views(&rerated.deltas, &names),
    })
}

/// Deltas as views, by name.
fn delta_views(deltas: &[Delta], names: &HashMap<Uuid, String>) -> Vec<RatingDeltaView> {
    let mut out: Vec<RatingDeltaView> = deltas
        .iter()
        .map(|d| RatingDeltaView {
            user_id: d.user.to_string(),
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
    Game::parse(game).ok_or_else(|| {
        ApiError::not_found(
            "unknown_game",
            format!("Arbiter has no game system called {game:?}."),
        )
    })
}
