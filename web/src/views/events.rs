//! Events with sections: the event (one venue and dates) and a summary of
//! each tournament it holds.

use super::{Game, PairingSystem, TournamentStatus};
use crate::ids::{EventId, TournamentId, UserId};
use serde::{Deserialize, Serialize};

/// An event with sections.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EventView {
    /// Id.
    pub id: EventId,
    /// Name, e.g. "Autumn Open 2026".
    pub name: String,
    /// The first day, `YYYY-MM-DD`.
    pub starts_on: String,
    /// The last day, `YYYY-MM-DD` (the first for a one-day event).
    pub ends_on: String,
    /// Venue or city.
    pub location: Option<String>,
    /// The organiser who created it.
    pub owner_id: UserId,
    /// Its staff besides its owner, shared by every section.
    pub staff: Vec<EventStaffView>,
    /// Its sections the caller may see (a draft only to its staff), in the
    /// order they were added.
    pub sections: Vec<SectionView>,
}

/// One member of an event's staff.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EventStaffView {
    /// Their account.
    pub user_id: UserId,
    /// `CO_ORGANISER` or `JUDGE`, in every section.
    pub role: String,
    /// Their name.
    pub name: String,
}

/// One section of an event: a tournament, summed up.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SectionView {
    /// The tournament's id (`/api/tournaments/{id}`, page `/t/{id}`).
    pub id: TournamentId,
    /// Its name, e.g. "U1800".
    pub name: String,
    /// Game played.
    pub game: Game,
    /// How rounds are paired.
    pub pairing_system: PairingSystem,
    /// Format, e.g. "90+30".
    pub format: String,
    /// Lifecycle stage.
    pub status: TournamentStatus,
    /// The latest round paired (0 before round 1).
    pub round: u32,
    /// Rounds planned.
    pub total_rounds: u32,
    /// Registered players (removed ones excluded).
    pub player_count: usize,
}
