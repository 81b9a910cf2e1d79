//! Warhammer 40K standings: wins, VP margin, strength of schedule (SOS), total
//! VP, registration order.
//!
//! The result of a game is always derived from the victory points (VP) reported
//! for it, never chosen: more VP wins, equal VP is a draw. A bye is a win for
//! its player with 0 VP for and 0 VP against. Standings are computed fresh from
//! the games that count (confirmed results); nothing is stored between calls.
//!
//! Ranking order (seed `wh40k-tournament-manager.md`, "Standings
//! Tiebreakers"; the same order drives pairing in
//! [`crate::pairing::swiss_record`]):
//! 1. wins, descending (a bye is a win);
//! 2. VP margin (VP scored − VP conceded), descending;
//! 3. SOS, descending (see [`Standing::sos`]);
//! 4. total VP scored, descending;
//! 5. registration order, ascending: the earlier entrant ranks higher, so every
//!    rank is distinct.
//!
//! The seed's pairing sort lists wins → margin → SOS → registration order, and
//! its standings list adds total VP as the last resort; we apply total VP before
//! registration order in both places, so pairing and standings never disagree.

mod procedure;
mod tally;
#[cfg(test)]
mod tests;

pub use procedure::SwissProcedure;
pub(crate) use tally::{tally, Tally};

use super::adjustment::{total, Adjustment, AdjustmentKind};
use super::value::Exact;
use crate::model::Outcome;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;

/// One game that counts: a confirmed result, or a bye.
///
/// `player2 == None` is a bye for `player1`: a win with 0 VP for and against
/// (`vp1` and `vp2` are ignored for a bye).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Game<Id> {
    /// The round number (1-based).
    pub round: u32,
    /// The first player (the higher seed when paired by Arbiter), or the bye player.
    pub player1: Id,
    /// The second player; `None` for a bye.
    pub player2: Option<Id>,
    /// VP scored by `player1`.
    pub vp1: u32,
    /// VP scored by `player2`.
    pub vp2: u32,
}

/// The result of a [`Game`], derived from its VP (seed: `deriveResult`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// `player1` scored more VP.
    Player1Win,
    /// `player2` scored more VP.
    Player2Win,
    /// Both scored the same VP.
    Draw,
    /// A bye: a win for `player1`, 0 VP each side.
    Bye,
}

impl<Id: Copy + Eq> Game<Id> {
    /// The result, derived from VP: more VP wins, equal VP draws; a bye is [`GameResult::Bye`].
    #[must_use]
    pub fn result(&self) -> GameResult {
        match self.player2 {
            None => GameResult::Bye,
            Some(_) if self.vp1 > self.vp2 => GameResult::Player1Win,
            Some(_) if self.vp2 > self.vp1 => GameResult::Player2Win,
            Some(_) => GameResult::Draw,
        }
    }

    /// The outcome for `player1` (a bye is a win).
    pub(super) fn player1_outcome(&self) -> Outcome {
        match self.result() {
            GameResult::Player1Win | GameResult::Bye => Outcome::Win,
            GameResult::Player2Win => Outcome::Loss,
            GameResult::Draw => Outcome::Draw,
        }
    }

    /// Whether this game is a bye.
    #[must_use]
    pub fn is_bye(&self) -> bool {
        self.player2.is_none()
    }

    /// The outcome for `player` (a bye is a win), or `None` if `player` is not in this game.
    #[must_use]
    pub fn outcome_for(&self, player: Id) -> Option<Outcome> {
        let p1 = self.player1_outcome();
        if player == self.player1 {
            Some(p1)
        } else if self.player2 == Some(player) {
            Some(p1.reversed())
        } else {
            None
        }
    }
}

/// A win-loss-draw record (a bye counts as a win), shown `W-L-D`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Record {
    /// Games won, byes included.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Record {
    /// Adds one outcome to the record.
    pub fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Win => self.wins += 1,
            Outcome::Loss => self.losses += 1,
            Outcome::Draw => self.draws += 1,
        }
    }
}

impl fmt::Display for Record {
    /// `W-L-D`, e.g. `2-1-0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.wins, self.losses, self.draws)
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing<Id> {
    /// The place, 1-based; distinct for every player (ties fall back to registration order).
    pub rank: u32,
    /// The player.
    pub id: Id,
    /// The player's index in the entrant list (0-based registration order).
    pub registration: usize,
    /// Wins, byes included.
    pub wins: u32,
    /// Losses.
    pub losses: u32,
    /// Draws.
    pub draws: u32,
    /// Byes received (each also counted in `wins`).
    pub byes: u32,
    /// Games played over the board (byes excluded): `wins + losses + draws - byes`.
    pub played: u32,
    /// Total VP scored (byes score 0).
    pub vp_for: u64,
    /// Total VP conceded (byes concede 0).
    pub vp_against: u64,
    /// VP margin: `vp_for - vp_against`.
    pub margin: i64,
    /// Strength of schedule: the average, over the player's games played over
    /// the board (an opponent met twice counts twice; a bye is not an
    /// opponent), of the opponent's [`Standing::win_rate`]. 0 for a player
    /// without an opponent.
    ///
    /// Sources: seed "Standings Tiebreakers" ("average win percentage of all
    /// opponents faced") and its pairing rules (a bye "counts as WIN"): an
    /// opponent's bye counts in their win % as a game won; the bye itself is
    /// not an opponent faced.
    pub sos: Exact,
    /// Win %: `(wins + ½·draws) / rounds`, a bye counted as a game won; 0
    /// before any round. This is what opponents' SOS averages.
    pub win_rate: Exact,
    /// The opponents met over the board, in round order.
    pub opponents: Vec<Id>,
}

impl<Id> Standing<Id> {
    /// The `W-L-D` record (a bye counts as a win).
    #[must_use]
    pub fn record(&self) -> Record {
        Record { wins: self.wins, losses: self.losses, draws: self.draws }
    }
}

/// Why standings (or a pairing history) could not be computed: the input is inconsistent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError<Id: fmt::Debug> {
    /// The same player appears twice in the entrant list.
    #[error("player {0:?} is registered twice")]
    DuplicateEntrant(Id),
    /// A game names a player who is not an entrant.
    #[error("round {round}: player {player:?} is not an entrant of this event")]
    UnknownPlayer {
        /// The round of the game.
        round: u32,
        /// The unknown player.
        player: Id,
    },
    /// A game has the same player on both sides.
    #[error("round {round}: player {player:?} is paired against themself")]
    SelfPairing {
        /// The round of the game.
        round: u32,
        /// The player.
        player: Id,
    },
    /// A player is in more than one game (or bye) of the same round.
    #[error("round {round}: player {player:?} has more than one game or bye")]
    TwiceInRound {
        /// The round.
        round: u32,
        /// The player.
        player: Id,
    },
    /// The exact SOS fraction does not fit in 64 bits (only possible with
    /// dozens of rounds of very different lengths).
    #[error("the strength of schedule of {player:?} is too large to represent exactly")]
    SosOverflow {
        /// The player.
        player: Id,
    },
}

/// Computes the standings of `entrants` (every registered player, in
/// registration order, dropped players included) from the `games` that count.
///
/// Returns one [`Standing`] per entrant, in rank order (see the module docs for
/// the order). Errors: a duplicate entrant, a game naming a non-entrant, a
/// player paired with themself, a player with two games or byes in one round,
/// or an SOS that cannot be represented exactly.
pub fn standings<Id>(entrants: &[Id], games: &[Game<Id>]) -> Result<Vec<Standing<Id>>, StandingsError<Id>>
where
    Id: Copy + Eq + Hash + Ord + fmt::Debug,
{
    let mut registration = HashMap::with_capacity(entrants.len());
    for (index, &id) in entrants.iter().enumerate() {
        if registration.insert(id, index).is_some() {
            return Err(StandingsError::DuplicateEntrant(id));
        }
    }
    for game in games {
        for player in std::iter::once(game.player1).chain(game.player2) {
            if !registration.contains_key(&player) {
                return Err(StandingsError::UnknownPlayer { round: game.round, player });
            }
        }
    }
    let tallies = tally(games)?;
    let empty = Tally::default();
    let tally_of = |id: &Id| tallies.get(id).unwrap_or(&empty);

    let mut lines = Vec::with_capacity(entrants.len());
    for (index, &id) in entrants.iter().enumerate() {
        let t = tally_of(&id);
        let sos = strength_of_schedule(t.opponents.iter().map(|&(_, o)| tally_of(&o)))
            .ok_or(StandingsError::SosOverflow { player: id })?;
        lines.push(Standing {
            rank: 0,
            id,
            registration: index,
            wins: t.record.wins,
            losses: t.record.losses,
            draws: t.record.draws,
            byes: t.bye_rounds.len() as u32,
            played: t.played(),
            vp_for: t.vp_for,
            vp_against: t.vp_against,
            margin: t.margin(),
            sos,
            win_rate: t.win_rate(),
            opponents: t.opponents.iter().map(|&(_, o)| o).collect(),
        });
    }
    rank_lines(&mut lines);
    Ok(lines)
}

/// Sorts `lines` in ranking order (see the module docs) and numbers their ranks.
fn rank_lines<Id>(lines: &mut [Standing<Id>]) {
    lines.sort_by(|a, b| {
        b.wins
            .cmp(&a.wins)
            .then(b.margin.cmp(&a.margin))
            .then(b.sos.cmp(&a.sos))
            .then(b.vp_for.cmp(&a.vp_for))
            .then(a.registration.cmp(&b.registration))
    });
    for (place, line) in lines.iter_mut().enumerate() {
        line.rank = u32::try_from(place + 1).unwrap_or(u32::MAX);
    }
}

/// Applies the organisers' adjustments ([`Adjustment`]) to the lines of
/// [`standings`] and ranks them again in the same order, so pairing and
/// standings keep agreeing.
///
/// - Wins and VP: wins never go below 0, total VP neither; a VP adjustment
///   moves the margin by what it moved the VP. A penalty or bonus is no
///   game: win rates stay those of the games.
/// - Losses (rounds missed, counted as lost): the record's L grows, and so
///   do the rounds of the player's win rate (`(2·wins + draws) / (2·rounds)`
///   over the games plus the missed rounds); every SOS is then averaged
///   again over the opponents' win rates.
///
/// Other kinds are [`crate::standings::wh40k_table`]'s.
pub fn adjust<Id: Copy + Eq + Hash>(lines: &mut [Standing<Id>], adjustments: &[Adjustment<Id>]) {
    if adjustments.is_empty() {
        return;
    }
    let mut missed_any = false;
    for line in lines.iter_mut() {
        let missed = u32::try_from(total(adjustments, &line.id, AdjustmentKind::Losses).max(0)).unwrap_or(0);
        if missed > 0 {
            missed_any = true;
            let rounds = line.wins + line.losses + line.draws + missed;
            let points = 2 * i64::from(line.wins) + i64::from(line.draws);
            line.win_rate = Exact::new(points, 2 * i64::from(rounds)).unwrap_or(Exact::ZERO);
            line.losses += missed;
        }
    }
    if missed_any {
        let rates: HashMap<Id, Exact> = lines.iter().map(|l| (l.id, l.win_rate)).collect();
        for line in lines.iter_mut() {
            if let Some(sos) = Exact::mean(line.opponents.iter().filter_map(|o| rates.get(o).copied())) {
                line.sos = sos;
            }
        }
    }
    for line in lines.iter_mut() {
        let wins = total(adjustments, &line.id, AdjustmentKind::Wins);
        line.wins = u32::try_from((i64::from(line.wins) + wins).max(0)).unwrap_or(u32::MAX);
        let vp = total(adjustments, &line.id, AdjustmentKind::Vp);
        let was = line.vp_for;
        line.vp_for = u64::try_from((i64::try_from(was).unwrap_or(i64::MAX) + vp).max(0)).unwrap_or(u64::MAX);
        line.margin += i64::try_from(line.vp_for).unwrap_or(i64::MAX) - i64::try_from(was).unwrap_or(i64::MAX);
    }
    rank_lines(lines);
}

/// The exact average of the opponents' over-the-board win rates; `Some(0)`
/// with no opponent, `None` if the exact fraction does not fit in 64 bits.
fn strength_of_schedule<'a, Id: 'a>(opponents: impl Iterator<Item = &'a Tally<Id>>) -> Option<Exact> {
    Exact::mean(opponents.map(Tally::win_rate))
}
