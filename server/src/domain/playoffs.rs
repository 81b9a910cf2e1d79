//! The top cut: the TO's settings for an event's playoff stage and, once the
//! first playoff round is paired, its seeds.

use super::{Millis, PlayerId, TournamentId};
use arbiter_engine::playoffs::PlayoffConfig;
use serde::{Deserialize, Serialize};

/// The TO's playoff settings (stored as JSON in `playoffs.settings`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayoffSettings {
    /// How many players make the cut: 2 to 64 (the top seeds get byes when it is not a power of two).
    pub cut: u32,
    /// Whether each round after the first pairs the highest remaining seed with the lowest.
    pub reseed: bool,
    /// Whether the semifinal losers play for third place.
    pub third_place: bool,
    /// What decides a level game, in the TO's words (40K: the tiebreaker after
    /// VP; chess: the tie-break games and their colours; crokinole: the
    /// tiebreak round after 20s). Shown when a level result is refused.
    pub tiebreak: Option<String>,
}

impl PlayoffSettings {
    /// The engine's part of the settings.
    #[must_use]
    pub const fn engine(&self) -> PlayoffConfig {
        PlayoffConfig { cut: self.cut, reseed: self.reseed, third_place: self.third_place }
    }
}

/// An event's playoff stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playoff {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The TO's settings.
    pub settings: PlayoffSettings,
    /// The seeded players, seed 1 first; `None` until the first playoff round is paired.
    pub seeds: Option<Vec<PlayerId>>,
    /// When the settings or seeds last changed (Unix ms).
    pub updated_at: Millis,
}
