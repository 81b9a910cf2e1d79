//! Warhammer 40K team events (issue 25, point 2): teams of 5 or 8 players
//! whose captains pair the games of each team match, scored on the WTC
//! differential scale.
//!
//! - [`scoring`]: a game's VP margin converted to a 20–0 … 10–10 split, and
//!   the team match result from the sum of the converted games.
//! - [`swiss`]: the team Swiss: round 1 drawn from a recorded seed, later
//!   rounds by team record with the record-based Swiss of
//!   [`crate::pairing::swiss_record`], teams as entrants.
//! - [`captains`]: the captains' defender/attacker pairing process inside one
//!   team match, as a pure state machine with sealed choices.
//!
//! Everything here is pure: the server drives the state machine, stores the
//! actions and sends each viewer only [`captains::State::view`].

pub mod captains;
pub mod scoring;
pub mod swiss;

use serde::{Deserialize, Serialize};

/// The number of players who play for a team in each round.
///
/// The WTC fields teams of eight (Goonhammer, "Start Competing: Warhammer
/// 40,000 Team Tournaments": "Each team at the WTC consists of eight
/// players"); UKTC's International Teams Tournaments field teams of five
/// (uktc.events, "Teams Tournaments Explained": "building five lists").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamSize {
    /// Five players (UKTC ITT, most national "5-man" events).
    Five,
    /// Eight players (WTC, ETC "8-man" events).
    Eight,
}

impl TeamSize {
    /// The number of players: 5 or 8.
    #[must_use]
    pub const fn players(self) -> usize {
        match self {
            TeamSize::Five => 5,
            TeamSize::Eight => 8,
        }
    }
}
