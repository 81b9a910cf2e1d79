//! Team events' API shapes (issue 25): a team and its roster.

use super::ProfileView;
use crate::ids::{PlayerId, TournamentId, UserId};
use serde::{Deserialize, Serialize};

/// A team as shown: the team row and its roster.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TeamView {
    /// The team's id: its registration row's id (the entrant paired and ranked).
    pub id: PlayerId,
    /// The event.
    pub tournament_id: TournamentId,
    /// The team's name.
    pub name: String,
    /// Registration order among the event's entrants, from 1.
    pub registration_no: u32,
    /// The captain's account; `null` when the organisers keep the team.
    pub captain_id: Option<UserId>,
    /// Checked in.
    pub checked_in: bool,
    /// Withdrawn (not paired again).
    pub dropped: bool,
    /// Removed by the organisers.
    pub removed: bool,
    /// The roster: regular players in board order (seat 0 = board 1), then the reserves.
    pub members: Vec<MemberView>,
}

/// One of a team's players as shown.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MemberView {
    /// The member's registration row (the id results, lists and claim codes use).
    pub player_id: PlayerId,
    /// Name on the boards.
    pub name: String,
    /// Roster position, 0-based: regular players first in board order, then the reserves.
    pub seat: u32,
    /// Registered as a reserve.
    pub reserve: bool,
    /// Faction (40K); may be empty.
    pub faction: String,
    /// The player's own account; `null` until a walk-in placeholder is claimed.
    pub user_id: Option<UserId>,
    /// Whether the player has their own account on the entry (registered by
    /// e-mail, or claimed with a claim code).
    pub claimed: bool,
    /// Whether a list was submitted.
    pub has_list: bool,
    /// The list, where the viewer may read it (as a singles entrant's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list_text: Option<String>,
    /// Rating, FIDE id… (the public part).
    pub profile: ProfileView,
    /// Removed with its team.
    pub removed: bool,
}
