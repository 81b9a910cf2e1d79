//! The organiser's hand on the standings: their orders of open ties, the
//! notices left when results undo one, and the log of configuration changes.
//! Stored as JSON on the tournament.

use super::{Millis, PairingSystem};
use arbiter_engine::model::PointSystem;
use arbiter_engine::standings::crokinole::CrokinoleFormat;
use arbiter_engine::standings::{DropReason, Resolution, StandingsConfig};
use arbiter_web::ids::UserId;
use serde::{Deserialize, Serialize};

/// Who took a decision, and when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResolutionMeta {
    /// The account.
    pub by: UserId,
    /// Their display name at the time.
    pub by_name: String,
    /// When (Unix ms).
    pub at: Millis,
}

/// The TO's order of one open tie, by registration numbers (the players'
/// numbers in the standings), applied by the engine while the tie is unchanged.
pub type TieResolution = Resolution<ResolutionMeta>;

/// A TO decision dropped because results changed its tie.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TieNotice {
    /// The decision as it was stored.
    pub resolution: TieResolution,
    /// Why it no longer applies.
    pub reason: DropReason,
    /// When it was dropped (Unix ms).
    pub at: Millis,
}

/// One change of an event's standings configuration or point values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingsChange {
    /// Who changed it, and when.
    #[serde(flatten)]
    pub meta: ResolutionMeta,
    /// Rounds already paired at the time (0: before round 1, no confirmation needed).
    pub rounds_paired: u32,
    /// The configuration set.
    pub config: StandingsConfig,
    /// The point values set (chess).
    pub points: Option<PointSystem>,
}

/// The crokinole format (which tie-breaks apply) of a pairing system.
#[must_use]
pub const fn crokinole_format(system: PairingSystem) -> CrokinoleFormat {
    if system.is_round_robin() {
        CrokinoleFormat::RoundRobin
    } else {
        CrokinoleFormat::Swiss
    }
}
