//! What the Dutch system needs to pair one round, in neutral terms: the server
//! builds it from its database, [`crate::trf`] builds it from a TRF file.

use crate::model::{Colour, PlayerNo, PointSystem, Points, RoundRecord, Unplayed};
use serde::{Deserialize, Serialize};

/// Everything needed to pair round [`RoundInput::round`] of a Swiss tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundInput {
    /// The round to pair, 1-based.
    pub round: u32,
    /// The number of rounds of the tournament (C.04.1 art. 1); needed because
    /// the last round relaxes the colour rules for topscorers (C.04.3 art. 1.8).
    pub total_rounds: u32,
    /// The colour the player with the lowest TPN gets in round 1 when colour
    /// rule C.04.3 art. 5.2.5 decides (the initial colour drawn by lot, art. 5.1).
    pub initial_colour: Colour,
    /// Points for each kind of round (C.04.1 art. 3: the PAB's value).
    pub points: PointSystem,
    /// Every player registered, in any order.
    pub players: Vec<PlayerInput>,
    /// Pairs of players who must not meet (e.g. team-mates), besides those who
    /// have already played each other (C.04.1 art. 2).
    pub forbidden: Vec<(PlayerNo, PlayerNo)>,
}

/// One player as the pairing sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInput {
    /// The pairing number (C.04.2 art. 2.3 TPN, or starting rank).
    pub id: PlayerNo,
    /// The rating, for display and explanations (the order is the TPN order).
    pub rating: u32,
    /// What happened in each completed round, round 1 first; exactly
    /// `round - 1` entries. A round the player was not in (late entry,
    /// withdrawn) is `RoundRecord::Unpaired(Unplayed::Absent)`.
    pub history: Vec<RoundRecord>,
    /// Virtual points of an accelerated system (C.04.7) by round, round 1
    /// first; rounds past the end of the list have none.
    pub virtual_points: Vec<Points>,
    /// Whether the player is to be paired in this round.
    pub status: RoundStatus,
}

/// A player's participation in the round being paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "reason")]
pub enum RoundStatus {
    /// To be paired (or given the pairing-allocated bye).
    Pair,
    /// Not paired this round: a requested bye, or absent or withdrawn
    /// (C.04.2 art. 3.2-3.3).
    Out(Unplayed),
}

impl PlayerInput {
    /// The points scored so far (without virtual points).
    #[must_use]
    pub fn score(&self, points: &PointSystem) -> Points {
        self.history.iter().map(|r| r.points(points)).sum()
    }

    /// The virtual points (C.04.7) for pairing round `round` (1-based).
    #[must_use]
    pub fn virtual_points_in(&self, round: u32) -> Points {
        round.checked_sub(1).and_then(|i| self.virtual_points.get(i as usize)).copied().unwrap_or(Points::ZERO)
    }
}
