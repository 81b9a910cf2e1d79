//! The standings every game system produces: ordered rows with the
//! configured tie-break columns, shared ranks, and the status of every tie,
//! so pages can show the columns, the ⚠ marks and the organiser's buttons.

use super::column::{ColumnKey, ColumnModifier};
use super::value::Cell;
use crate::model::PlayerNo;
use serde::{Deserialize, Serialize};

/// A standings table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    /// The tie-break columns, in the configured order; `rows[i].values[j]`
    /// is column `j`.
    pub columns: Vec<Column>,
    /// The players, first place first.
    pub rows: Vec<StandingRow>,
    /// The ties the organiser may settle by hand (see [`super::resolve`]):
    /// every group left tied after the last criterion, and every group whose
    /// order only a provisional criterion (crokinole total 20s) decided.
    pub open_ties: Vec<OpenTie>,
    /// Configured columns that could not be applied, and why.
    pub skipped: Vec<Skipped>,
}

/// A tie-break column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    /// The short code shown in the header, e.g. `"BH-C1"`, `"SB"`, `"20s"`.
    pub code: String,
    /// The full name, e.g. `"Buchholz Cut-1"`.
    pub name: String,
    /// What the column holds, by key, e.g. [`ColumnKey::Buchholz`].
    pub key: ColumnKey,
    /// Its C.07 art. 14 modifier, e.g. Cut-1; `None` without one.
    pub modifier: Option<ColumnModifier>,
}

/// One player's line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingRow {
    /// The player (pairing number, or the number the server gave the entry).
    pub player: PlayerNo,
    /// 1-based place in the list; distinct for every row.
    pub position: u32,
    /// The place the player holds: equal to `position`, except inside a
    /// group left tied, where every member holds the group's first position
    /// (a shared place, shown as "3–5" or "3=").
    pub rank: u32,
    /// The primary score (points, wins, game points…).
    pub score: Cell,
    /// One value per [`Standings::columns`] entry.
    pub values: Vec<Cell>,
    /// How the player's place among those level on the primary score was
    /// settled; `None` when nobody else has that score.
    pub tie: Option<TieInfo>,
}

/// A player's part in a tie on the primary score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TieInfo {
    /// The position of the first player level on the primary score.
    pub group: u32,
    /// How many players are level on the primary score (pages mark groups of
    /// three or more).
    pub group_size: u32,
    /// What settled this player's place.
    pub status: TieStatus,
    /// Crokinole's `tie_reason`; `None` for other games.
    pub reason: Option<TieReason>,
}

impl TieInfo {
    /// Whether pages show ⚠ and the organiser's buttons: the tie is unresolved
    /// or was settled only by a provisional criterion.
    #[must_use]
    pub fn needs_attention(&self) -> bool {
        matches!(self.status, TieStatus::Unresolved | TieStatus::Provisional { .. })
    }
}

/// What placed a tied player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum TieStatus {
    /// Separated by the tie-break in column `by`.
    Decided {
        /// The index in [`Standings::columns`].
        by: u32,
    },
    /// Separated by the column `by`, a criterion the organiser is asked to
    /// confirm (crokinole total 20s).
    Provisional {
        /// The index in [`Standings::columns`].
        by: u32,
    },
    /// Every criterion equal: the rules leave the order open. The row is
    /// placed by ascending player number, a neutral order, and shares its
    /// rank with the rest of its group.
    Unresolved,
    /// Ordered by the organiser (see [`super::resolve`]).
    Manual,
}

/// Crokinole's `tie_reason` (crokinole tie-breaker specification, "Tie
/// Reasons": `head-to-head`, `twenties`, `unresolved`; plus `mini-league`,
/// which the specification's mini-league needs and its table lacks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieReason {
    /// Resolved by the head-to-head result: the game(s) between two tied
    /// players, or among 3+ tied Swiss players who all met.
    HeadToHead,
    /// Resolved by the round-robin mini-league of 3+ tied players: its
    /// points (2/1/0 in the games among them), then its 20s. A player placed
    /// higher may have lost the game against one placed lower.
    MiniLeague,
    /// Resolved by total 20s: the tied players were level on everything
    /// before it.
    Twenties,
    /// All criteria equal.
    Unresolved,
}

/// A group the organiser may order by hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenTie {
    /// Why the group is open.
    pub kind: OpenTieKind,
    /// The position of the group's first member.
    pub first_position: u32,
    /// The members in the order the engine placed them.
    pub members: Vec<PlayerNo>,
}

/// Why a group is open to the organiser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum OpenTieKind {
    /// All criteria equal.
    Unresolved,
    /// Ordered only by the provisional column `by`.
    Provisional {
        /// The index in [`Standings::columns`].
        by: u32,
    },
}

/// A configured column that was not applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skipped {
    /// The index in [`Standings::columns`].
    pub column: u32,
    /// Why.
    pub reason: SkipReason,
}

/// Why a column was not applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SkipReason {
    /// A ratings-based tie-break with unrated players present and no rating
    /// set for them: C.07 art. 10 drops it from the list.
    UnratedPlayers,
}

/// One line of a tied group's mini-league: only the games among the group's
/// members count (chess direct encounter, C.07 art. 6; crokinole
/// mini-league).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MiniLeagueRow {
    /// The player.
    pub player: PlayerNo,
    /// Games played against other members.
    pub played: u32,
    /// Of which won.
    pub won: u32,
    /// Of which drawn (tied).
    pub drawn: u32,
    /// Of which lost.
    pub lost: u32,
    /// Points from those games (chess: averaged per opponent when two met
    /// more than once, C.07 art. 6.1.2; crokinole: 2/1/0).
    pub points: Cell,
    /// 20s scored in those games (crokinole only).
    pub twenties: Option<u32>,
}
