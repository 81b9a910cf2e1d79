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

/// A team as a venue board or a phone names it: its name and its players
/// (regular players in board order, then the reserves; removed ones left out).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TeamLine {
    /// The team's registration id (the entrant seated in its matches).
    pub id: PlayerId,
    /// The team's name.
    pub name: String,
    /// The captain's account (who checks the team in, withdraws it and runs
    /// its side of the captains' process); `null` when the organisers keep the team.
    #[serde(default)]
    pub captain_id: Option<UserId>,
    /// The team is checked in.
    #[serde(default)]
    pub checked_in: bool,
    /// The team was withdrawn (not paired again).
    #[serde(default)]
    pub dropped: bool,
    /// The players, board order first.
    pub members: Vec<TeamLineMember>,
}

/// One player of a [`TeamLine`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TeamLineMember {
    /// The member's registration id (the id their games seat).
    pub id: PlayerId,
    /// Name on the boards.
    pub name: String,
    /// Faction (40K); may be empty.
    pub faction: String,
    /// Registered as a reserve.
    pub reserve: bool,
}

/// One round of a team as its team page shows it: its match (opponent,
/// table, score so far, result) and each of its players' games, seen from
/// the team's side.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TeamRoundLine {
    /// The round's number.
    pub number: u32,
    /// The match's table; 0 for the bye.
    pub table: u32,
    /// The other team's name; empty for the bye.
    pub opponent: String,
    /// The team's score so far as shown (40K: converted points; chess:
    /// game points of the confirmed boards); empty before any counts.
    pub ours: String,
    /// The other team's.
    pub theirs: String,
    /// `W`, `D`, `L` once the match is decided, `BYE` for the bye, else empty.
    pub result: super::sets::TeamMatchResult,
    /// The games, board 1 first.
    pub games: Vec<TeamGameLine>,
}

/// One game of a [`TeamRoundLine`], the team's player first.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TeamGameLine {
    /// Board in the match, from 1.
    pub board: u32,
    /// The game's table.
    pub table: u32,
    /// The team's player.
    pub player: String,
    /// Their faction (40K) or colour (chess: `White`/`Black`, as the page's language names it later); may be empty.
    pub side: String,
    /// The opponent; empty when the other team fielded nobody.
    pub opponent: String,
    /// The opponent's faction; may be empty.
    pub opponent_side: String,
    /// The team player's part of the score (`72`, `1`, `½`); empty until reported.
    pub ours: String,
    /// The opponent's part.
    pub theirs: String,
    /// `UNREPORTED`, `REPORTED`, `DISPUTED` or `CONFIRMED`.
    pub state: super::sets::PairingState,
}
