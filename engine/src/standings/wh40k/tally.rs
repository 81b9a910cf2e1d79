//! One pass over the games: each player's record, VP, byes and opponents.
//! Shared by the standings and by the record-based Swiss pairing.

use super::{Game, Record, StandingsError};
use crate::model::Outcome;
use crate::standings::value::Exact;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::Hash;

/// What the games say about one player.
#[derive(Clone, Debug)]
pub(crate) struct Tally<Id> {
    /// The record, a bye counted as a win.
    pub record: Record,
    /// The record over the board (byes excluded).
    pub board: Record,
    /// The rounds in which the player had a bye.
    pub bye_rounds: Vec<u32>,
    /// VP scored.
    pub vp_for: u64,
    /// VP conceded.
    pub vp_against: u64,
    /// `(round, opponent)` for each game played over the board, by round.
    pub opponents: Vec<(u32, Id)>,
}

impl<Id> Default for Tally<Id> {
    fn default() -> Tally<Id> {
        Tally {
            record: Record::default(),
            board: Record::default(),
            bye_rounds: Vec::new(),
            vp_for: 0,
            vp_against: 0,
            opponents: Vec::new(),
        }
    }
}

impl<Id> Tally<Id> {
    /// Games played over the board.
    pub fn played(&self) -> u32 {
        self.board.wins + self.board.losses + self.board.draws
    }

    /// VP scored minus VP conceded.
    pub fn margin(&self) -> i64 {
        self.vp_for as i64 - self.vp_against as i64
    }

    /// `(wins + ½·draws) / rounds`, a bye counted as a game won (seed: a
    /// bye "counts as WIN"), as the exact fraction `(2·wins + draws) /
    /// (2·rounds)`; 0 before any round.
    pub fn win_rate(&self) -> Exact {
        let r = &self.record;
        let rounds = i64::from(r.wins + r.losses + r.draws);
        let points = 2 * i64::from(r.wins) + i64::from(r.draws);
        Exact::new(points, 2 * rounds).unwrap_or(Exact::ZERO)
    }
}

/// Tallies every player named in `games`. Errors on a player paired with
/// themself or appearing twice in one round.
pub(crate) fn tally<Id>(games: &[Game<Id>]) -> Result<HashMap<Id, Tally<Id>>, StandingsError<Id>>
where
    Id: Copy + Eq + Hash + fmt::Debug,
{
    let mut seen = HashSet::with_capacity(games.len() * 2);
    let mut tallies: HashMap<Id, Tally<Id>> = HashMap::new();
    for game in games {
        let round = game.round;
        if game.player2 == Some(game.player1) {
            return Err(StandingsError::SelfPairing { round, player: game.player1 });
        }
        for player in std::iter::once(game.player1).chain(game.player2) {
            if !seen.insert((round, player)) {
                return Err(StandingsError::TwiceInRound { round, player });
            }
        }
        let Some(p2) = game.player2 else {
            let t = tallies.entry(game.player1).or_default();
            t.record.add(Outcome::Win);
            t.bye_rounds.push(round);
            continue;
        };
        let first = game.player1_outcome();
        let sides =
            [(game.player1, p2, game.vp1, game.vp2, first), (p2, game.player1, game.vp2, game.vp1, first.reversed())];
        for (player, opponent, vp_for, vp_against, outcome) in sides {
            let t = tallies.entry(player).or_default();
            t.record.add(outcome);
            t.board.add(outcome);
            t.vp_for += u64::from(vp_for);
            t.vp_against += u64::from(vp_against);
            t.opponents.push((round, opponent));
        }
    }
    for t in tallies.values_mut() {
        t.opponents.sort_by_key(|&(round, _)| round);
        t.bye_rounds.sort_unstable();
    }
    Ok(tallies)
}
