//! The rating decisions the server makes around the engine's formula, as pure
//! functions: which games of a closed round are rated, replaying rating
//! periods in close order, where a re-rating starts from, and what differs
//! from the stored history.

use crate::domain::{EloEntryId, MatchResult, Pairing, PairingId, PairingState, PlayerId, RoundId, UserId};
use crate::store::{EloEntry, RatedRound};
use arbiter_engine::model::Outcome;
use arbiter_engine::rating::elo::{rate_round, EloError, RatedGame, Rating};
use std::collections::HashMap;

/// Why stored rounds cannot be rated (a bug or a hand-edited row).
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// A pairing names a registration that is not in its tournament.
    #[error("pairing {pairing} names registration {player}, which is not in the tournament")]
    UnknownPlayer {
        /// The pairing.
        pairing: PairingId,
        /// The missing registration.
        player: PlayerId,
    },
    /// The engine refused the round (an account twice in one round).
    #[error("round {round}: {source}")]
    Round {
        /// The round.
        round: RoundId,
        /// The engine's reason.
        source: EloError<UserId>,
    },
}

/// One rated game of a round, between two accounts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodGame {
    /// The table.
    pub pairing: PairingId,
    /// The accounts and the result for `a` (player 1).
    pub game: RatedGame<UserId>,
}

/// A rating period: one closed round and its rated games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// The round, its game system and close time.
    pub round: RatedRound,
    /// Its rated games.
    pub games: Vec<PeriodGame>,
}

/// The result of a table from player 1's side, if the table is a rated game.
///
/// Rated: a confirmed game between two players, won, lost or drawn (the
/// result is derived from VP). Not rated: the bye (no opponent: seed "Byes,
/// forfeits and unplayed games are not rated"; the engine calls it
/// [`arbiter_engine::model::Unplayed::PairingBye`]) and any table without a
/// confirmed result, and forfeits (chess `1F-0F`, `0F-1F`, `0F-0F`: no game
/// was played). A result kind added later must be placed here explicitly
/// (the match is exhaustive).
#[must_use]
pub fn outcome(p: &Pairing) -> Option<Outcome> {
    if p.state != PairingState::Confirmed || p.player2_id.is_none() {
        return None;
    }
    match p.result? {
        MatchResult::P1Win => Some(Outcome::Win),
        MatchResult::P2Win => Some(Outcome::Loss),
        MatchResult::Draw => Some(Outcome::Draw),
        MatchResult::Bye
        | MatchResult::HalfPointBye
        | MatchResult::ZeroPointBye
        | MatchResult::FullPointBye
        | MatchResult::P1WinForfeit
        | MatchResult::P2WinForfeit
        | MatchResult::DoubleForfeit => None,
    }
}

/// The rated games of a closed round's `pairings`, with registrations
/// mapped to accounts by `user_of`. A player's games before they dropped are
/// rated like any other (they are paired no more afterwards, so later rounds
/// have nothing of theirs to rate).
///
/// # Errors
/// [`ReplayError::UnknownPlayer`] when a registration is not in `user_of`.
pub fn rated_games(pairings: &[Pairing], user_of: &HashMap<PlayerId, UserId>) -> Result<Vec<PeriodGame>, ReplayError> {
    let user = |pairing: &Pairing, player: PlayerId| {
        user_of.get(&player).copied().ok_or(ReplayError::UnknownPlayer { pairing: pairing.id, player })
    };
    let mut games = Vec::new();
    for p in pairings {
        let (Some(score_a), Some(p2)) = (outcome(p), p.player2_id) else {
            continue;
        };
        games.push(PeriodGame {
            pairing: p.id,
            game: RatedGame { a: user(p, p.player1_id)?, b: user(p, p2)?, score_a },
        });
    }
    Ok(games)
}

/// Every player's history rows and their ratings after a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// Two rows per rated game, period by period.
    pub entries: Vec<EloEntry>,
    /// Final rating of every player in `start` or in a period.
    pub ratings: HashMap<UserId, Rating>,
}

/// Rates `periods` in order, each from the ratings after the previous one
/// (every game of a period from the ratings before it: the seed's "all
/// results in that round are … committed together"), starting from `start`
/// (a player missing from it is new: 1200, 0 games).
///
/// # Errors
/// [`ReplayError::Round`] when an account has two games in one period.
pub fn replay(start: HashMap<UserId, Rating>, periods: &[Period]) -> Result<Replayed, ReplayError> {
    let mut ratings = start;
    let mut entries = Vec::new();
    for period in periods {
        let games: Vec<RatedGame<UserId>> = period.games.iter().map(|g| g.game).collect();
        let round = period.round.round_id;
        let rated = rate_round(&ratings, &games).map_err(|source| ReplayError::Round { round, source })?;
        let change_of: HashMap<UserId, _> = rated.changes.iter().map(|c| (c.player, c)).collect();
        for g in &period.games {
            for (player, outcome) in [(g.game.a, g.game.score_a), (g.game.b, g.game.score_a.reversed())] {
                let Some(c) = change_of.get(&player) else {
                    continue;
                };
                entries.push(EloEntry {
                    user_id: player,
                    game: period.round.game.clone(),
                    tournament_id: period.round.tournament_id,
                    round_id: round,
                    pairing_id: g.pairing,
                    opponent_id: c.opponent,
                    outcome,
                    rating_before: c.before,
                    rating_after: c.after,
                    delta: c.delta,
                    k: c.k,
                    games_before: ratings.get(&player).map_or(0, |r| r.games),
                    recorded_at: period.round.closed_at,
                });
            }
        }
        ratings.extend(rated.ratings);
    }
    Ok(Replayed { entries, ratings })
}

/// The ratings just before the first of some periods, read from the stored
/// rows of those periods: a player's first row (in period order, `order`
/// giving each round's index) holds their rating and game count before it.
/// Players without a row there are absent (their current rating applies).
#[must_use]
pub fn ratings_before(stored: &[(EloEntryId, EloEntry)], order: &HashMap<RoundId, usize>) -> HashMap<UserId, Rating> {
    let mut first: HashMap<UserId, (usize, Rating)> = HashMap::new();
    for (_, e) in stored {
        let Some(&i) = order.get(&e.round_id) else {
            continue;
        };
        let here = Rating { rating: e.rating_before, games: e.games_before };
        first
            .entry(e.user_id)
            .and_modify(|f| {
                if i < f.0 {
                    *f = (i, here)
                }
            })
            .or_insert((i, here));
    }
    first.into_iter().map(|(u, (_, r))| (u, r)).collect()
}

/// The writes that turn the stored history rows into the expected ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HistoryDiff {
    /// Rows to add.
    pub insert: Vec<EloEntry>,
    /// Rows to rewrite, by id.
    pub update: Vec<(EloEntryId, EloEntry)>,
    /// Rows to remove, by id.
    pub delete: Vec<EloEntryId>,
}

impl HistoryDiff {
    /// Rows touched.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.insert.len() + self.update.len() + self.delete.len()
    }
}

/// Compares rows by (table, player): equal rows are left alone.
#[must_use]
pub fn diff(stored: Vec<(EloEntryId, EloEntry)>, expected: Vec<EloEntry>) -> HistoryDiff {
    let mut old: HashMap<(PairingId, UserId), (EloEntryId, EloEntry)> =
        stored.into_iter().map(|(id, e)| ((e.pairing_id, e.user_id), (id, e))).collect();
    let mut out = HistoryDiff::default();
    for e in expected {
        match old.remove(&(e.pairing_id, e.user_id)) {
            Some((_, was)) if was == e => {}
            Some((id, _)) => out.update.push((id, e)),
            None => out.insert.push(e),
        }
    }
    out.delete = old.into_values().map(|(id, _)| id).collect();
    out.delete.sort_unstable();
    out
}

#[cfg(test)]
#[path = "replay_tests.rs"]
mod tests;
