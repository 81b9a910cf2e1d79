//! Re-rating: recompute a game system's ratings from one rating period on
//! (or from the first, for a rebuild) and write only what differs.

use super::replay::{diff, rated_games, ratings_before, replay, HistoryDiff, Period};
use crate::domain::{now_millis, EloEntryId, Pairing, PlayerId, RoundId, TournamentId, UserId};
use crate::error::{ApiError, ApiResult};
use crate::store::{EloEntry, RatedRound, Tx};
use arbiter_engine::rating::elo::Rating;
use std::collections::{HashMap, HashSet};

/// How one re-rating moved one account's current rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Delta {
    /// The account.
    pub user: UserId,
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
    /// Every account whose current rating or game count changed, by account id.
    pub deltas: Vec<Delta>,
}

/// What the stored state says before the periods being recomputed.
struct Before {
    /// The stored history rows of those periods (every row of the game for a rebuild).
    stored: Vec<(EloEntryId, EloEntry)>,
    /// The stored current ratings of everyone concerned.
    current: HashMap<UserId, Rating>,
    /// The ratings to replay from.
    start: HashMap<UserId, Rating>,
}

/// Recomputes `game`'s ratings from the period of round `from` on (from the
/// first period, with everyone at 1200, when `None`), and writes what
/// differs: history rows, then current ratings. The caller holds the rating lock.
///
/// # Errors
/// 500 when `from` is not a rating period or rows are corrupt; 503 when the database is down.
pub async fn rerate(tx: &Tx, game: &str, from: Option<RoundId>) -> ApiResult<Rerated> {
    let ledger = periods_from(tx, game, from).await?;
    let periods = load_periods(tx, &ledger).await?;
    let before = match from {
        None => Before {
            stored: tx.elo_history_since(game, i64::MIN).await?,
            current: tx.player_elos_of_game(game).await?,
            start: HashMap::new(),
        },
        Some(_) => stored_before(tx, game, &periods).await?,
    };
    let replayed = replay(before.start, &periods).map_err(ApiError::internal)?;
    let rows_changed = write_history(tx, diff(before.stored, replayed.entries)).await?;
    let deltas = write_ratings(tx, game, &before.current, replayed.ratings).await?;
    Ok(Rerated { rounds: periods.len(), rows_changed, deltas })
}

/// The rating periods of `game` from round `from` on, in rating order.
async fn periods_from(tx: &Tx, game: &str, from: Option<RoundId>) -> ApiResult<Vec<RatedRound>> {
    let not_rated = |r: RoundId| ApiError::internal(format!("round {r} is not rated"));
    let Some(r) = from else {
        return Ok(tx.rated_rounds(game, i64::MIN).await?);
    };
    let since = tx.rated_round(r).await?.ok_or_else(|| not_rated(r))?.closed_at;
    let mut ledger = tx.rated_rounds(game, since).await?;
    let first = ledger.iter().position(|p| p.round_id == r).ok_or_else(|| not_rated(r))?;
    ledger.drain(..first);
    Ok(ledger)
}

/// The periods of `ledger` with their rated games, reading each tournament once.
async fn load_periods(tx: &Tx, ledger: &[RatedRound]) -> ApiResult<Vec<Period>> {
    let mut by_tournament: HashMap<TournamentId, (HashMap<PlayerId, UserId>, Vec<Pairing>)> = HashMap::new();
    for t in ledger.iter().map(|r| r.tournament_id).collect::<HashSet<_>>() {
        let user_of = tx.players(t).await?.into_iter().map(|p| (p.id, p.user_id)).collect();
        by_tournament.insert(t, (user_of, tx.all_pairings_of_tournament(t).await?));
    }
    let mut periods = Vec::with_capacity(ledger.len());
    for round in ledger {
        let (user_of, pairings) = &by_tournament[&round.tournament_id];
        let mut tables: Vec<Pairing> = pairings.iter().filter(|p| p.round_id == round.round_id).cloned().collect();
        tables.sort_by_key(|p| p.table_number);
        let games = rated_games(&tables, user_of).map_err(ApiError::internal)?;
        periods.push(Period { round: round.clone(), games });
    }
    Ok(periods)
}

/// The stored rows of `periods`, and everyone's ratings just before the
/// first: from their first stored row there, else their current rating
/// (they have not played since).
async fn stored_before(tx: &Tx, game: &str, periods: &[Period]) -> ApiResult<Before> {
    let order: HashMap<RoundId, usize> = periods.iter().enumerate().map(|(i, p)| (p.round.round_id, i)).collect();
    let since = periods.first().map_or(i64::MAX, |p| p.round.closed_at);
    let stored: Vec<(EloEntryId, EloEntry)> =
        tx.elo_history_since(game, since).await?.into_iter().filter(|(_, e)| order.contains_key(&e.round_id)).collect();
    let mut users: HashSet<UserId> = stored.iter().map(|(_, e)| e.user_id).collect();
    users.extend(periods.iter().flat_map(|p| p.games.iter().flat_map(|g| [g.game.a, g.game.b])));
    let current = tx.player_elos(game, &users.into_iter().collect::<Vec<_>>()).await?;
    let mut start = current.clone();
    start.extend(ratings_before(&stored, &order));
    Ok(Before { stored, current, start })
}

/// Applies a history diff; returns the number of rows touched.
async fn write_history(tx: &Tx, history: HistoryDiff) -> ApiResult<usize> {
    let touched = history.rows();
    let inserts: Vec<(EloEntryId, EloEntry)> = history.insert.into_iter().map(|e| (EloEntryId::random(), e)).collect();
    tx.insert_elo_entries(&inserts).await?;
    for (id, e) in &history.update {
        tx.update_elo_entry(*id, e).await?;
    }
    tx.delete_elo_entries(&history.delete).await?;
    Ok(touched)
}

/// Saves every rating in `after` that differs from `current`; a rating
/// in `current` but not in `after` (no rated game left) is removed.
async fn write_ratings(
    tx: &Tx,
    game: &str,
    current: &HashMap<UserId, Rating>,
    mut after: HashMap<UserId, Rating>,
) -> ApiResult<Vec<Delta>> {
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
        deltas.push(Delta { user, before: was.unwrap_or_default(), after: rating });
    }
    deltas.sort_by_key(|d| d.user);
    Ok(deltas)
}
