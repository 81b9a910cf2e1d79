//! What some changes answer with, and their live events carry: pairings
//! published, a bye arranged, a TRF imported.

use super::{RoundView, TournamentView};
use crate::ids::{PlayerId, UserId};
use serde::{Deserialize, Serialize};

/// Pairings published, with what the TO should know (`pairings_published`).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Published {
    /// The round and its tables.
    pub round: RoundView,
    /// Rematches the pairing could not avoid, repeated byes, round-robin
    /// notes (rounds planned, withdrawn players' games), in words.
    #[serde(default)]
    pub warnings: Vec<String>,
    /// The tournament, when pairing changed it (a round robin's number of rounds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TournamentView>,
}

/// A bye arranged for a round not yet paired (chess; FIDE C.04.2 byes on request).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ByeView {
    /// The registration.
    pub player_id: PlayerId,
    /// Their name.
    pub player_name: String,
    /// The round, 1-based.
    pub round: u32,
    /// `half`, `zero` or `full`.
    pub kind: super::sets::ByeKind,
    /// `player` or `to`.
    pub requested_by: super::sets::ByeRequester,
}

/// What a TRF import created.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Imported {
    /// Players created.
    pub players: usize,
    /// Rounds created (closed, results confirmed).
    pub rounds: u32,
    /// Byes arranged for rounds not yet paired.
    pub byes: usize,
    /// The event's number of rounds now.
    pub total_rounds: u32,
}

/// Who changed how the standings are ranked, and when (`standings_config_changed`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TiebreaksChange {
    /// The TO's account.
    pub by: UserId,
    /// The TO's name.
    pub by_name: String,
    /// When (Unix ms).
    pub at: i64,
    /// Rounds already paired then (0: before round 1).
    pub rounds_paired: u32,
    /// Whether the TO confirmed a change after round 1 was paired.
    pub confirmed: bool,
}
