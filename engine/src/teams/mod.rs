//! Team events: the entrant is a team, a round is a set of team-vs-team
//! matches, and each match is a set of board games.
//!
//! This module holds the shared, format-neutral vocabulary ([`Team`],
//! [`TeamNo`], [`TeamPlayer`]); each game's rules live in their own modules:
//!
//! - [`boards`]: a chess team match (boards, board results, match and game
//!   points) and a team's history of rounds.
//! - [`olympiad`]: the FIDE Olympiad Pairing Rules (effective 1 January 2022):
//!   initial ranking, bye, score groups, floaters, colours by board.
//! - [`standings`]: team standings with the FIDE C.07 team tie-breaks.
//! - [`board_prizes`]: individual results per board and board prizes.
//! - [`lineup`]: who plays which board (regulars in board order, reserves below).
//! - [`knockout`]: a team match that must have a winner (a top cut): game
//!   points, then the Berlin tie-break.
//!
//! Pairing numbers: every module identifies a team by its [`TeamNo`], the
//! 1-based initial pairing number of Olympiad art. 3.1 (see
//! [`olympiad::initial_ranking`]). The caller keeps the map between its own
//! ids and these numbers.

pub mod board_prizes;
pub mod boards;
pub mod knockout;
pub mod lineup;
pub mod olympiad;
pub mod standings;

use serde::{Deserialize, Serialize};
use std::fmt;

#[cfg(test)]
mod event_tests;
#[cfg(test)]
mod property_tests;

/// A team's pairing number: 1-based, assigned once by the initial ranking
/// (FIDE Olympiad Pairing Rules 2022 art. 3.1) and never changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TeamNo(pub u32);

impl fmt::Display for TeamNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// One member of a team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamPlayer {
    /// The player's name as entered.
    pub name: String,
    /// The player's rating (FIDE Elo for chess); `None` when unrated.
    pub rating: Option<u32>,
    /// The player's FIDE id, when known.
    pub fide_id: Option<String>,
}

/// A team as registered: a name, the players in board order, and reserves.
///
/// Board order never changes (issue 25): when a reserve plays, the regular
/// players keep their relative order and the reserve takes a bottom board.
/// A team's roster is `players` followed by `reserves`; rosters are indexed
/// in that order (roster index 0 is board 1's regular player).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// The team's name (the last key of the initial ranking, art. 3.1.3).
    pub name: String,
    /// Regular players, board 1 first.
    pub players: Vec<TeamPlayer>,
    /// Reserves, in their registered order.
    pub reserves: Vec<TeamPlayer>,
}

impl Team {
    /// The whole roster: regular players in board order, then the reserves.
    pub fn roster(&self) -> impl Iterator<Item = &TeamPlayer> {
        self.players.iter().chain(self.reserves.iter())
    }

    /// The roster member at `index` (players first, then reserves).
    #[must_use]
    pub fn member(&self, index: usize) -> Option<&TeamPlayer> {
        self.roster().nth(index)
    }
}
