//! Team events: what a registration row is (a singles entrant, a team, or a
//! team's player), where a game sits inside a team match, and an event's
//! team rules.
//!
//! A team event keeps the singles shapes: a team is a registration row (the
//! entrant that is paired, scored and ranked), its players are registration
//! rows of kind [`PlayerKind::Member`] (each with an account or a placeholder,
//! a claim code and a list, exactly as a singles entry), a team match is the
//! pairing of two team rows, and each game inside it is a pairing of two
//! members with [`Pairing::in_match`](super::Pairing::in_match) set. The
//! store's entrant and table lists leave members and games out; they are
//! read with their own calls.

use super::{PairingId, PlayerId, UserId};
use arbiter_engine::wh40k_teams::captains::TableChoice;
use arbiter_engine::wh40k_teams::scoring::{ConversionTable, MatchRule};
use serde::{Deserialize, Serialize};

/// What a registration row is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum PlayerKind {
    /// A singles entrant (every row of a singles event).
    #[default]
    Single,
    /// A team entrant: the row is the team (its name is the display name; its
    /// account a placeholder that cannot sign in).
    Team {
        /// The captain's account (who registered the team and runs its side
        /// of the captains' process); `None` when the TO keeps the team.
        captain: Option<UserId>,
    },
    /// One of a team's players.
    Member {
        /// The team's row.
        team: PlayerId,
        /// Roster position, 0-based: regular players first in board order
        /// (seat 0 = board 1), then the reserves.
        seat: u32,
        /// Registered as a reserve.
        reserve: bool,
    },
}

impl PlayerKind {
    /// The column value: `single`, `team` or `member`.
    #[must_use]
    pub const fn as_str(&self) -> &'static str {
        match self {
            PlayerKind::Single => "single",
            PlayerKind::Team { .. } => "team",
            PlayerKind::Member { .. } => "member",
        }
    }

    /// The captain's account, when the row is a team that has one.
    #[must_use]
    pub const fn captain(&self) -> Option<UserId> {
        match self {
            PlayerKind::Team { captain } => *captain,
            _ => None,
        }
    }

    /// The team this row plays for, when it is a member.
    #[must_use]
    pub const fn team(&self) -> Option<PlayerId> {
        match self {
            PlayerKind::Member { team, .. } => Some(*team),
            _ => None,
        }
    }
}

/// Where a game sits inside a team match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchBoard {
    /// The team match: the pairing of the two team rows.
    pub match_id: PairingId,
    /// Board number, 1-based (chess: board order; 40K: the order the
    /// captains' process set the game).
    pub board: u32,
}

/// The kind of team event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamFormat {
    /// Warhammer 40K teams: captains pair the games, WTC scoring.
    Wh40k,
    /// Chess team Swiss (FIDE Olympiad Pairing Rules 2022): boards in a fixed order.
    Chess,
    /// Crokinole doubles: a team of two plays, scores and ranks as one entrant.
    Doubles,
}

/// An event's team rules (`tournaments.teams`; `None` on a singles event).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRules {
    /// The kind of team event.
    pub format: TeamFormat,
    /// Players per team in each match: 5 or 8 (40K), the number of boards
    /// (chess, usually 4), 2 (doubles).
    pub size: u32,
    /// The most reserves a team may register.
    #[serde(default)]
    pub reserves: u32,
    /// 40K: a faction appears at most once in a team (issue 25; the WTC and
    /// UKTC packs' rule). On by default.
    #[serde(default = "yes")]
    pub unique_factions: bool,
    /// 40K: seconds each step of the captains' process may take (default 180).
    #[serde(default = "step_seconds")]
    pub step_seconds: u32,
    /// 40K: who takes the table choice.
    #[serde(default)]
    pub table_choice: TableChoice,
    /// 40K: the VP-margin conversion table (default: the WTC's,
    /// [`ConversionTable::wtc`]).
    #[serde(default = "ConversionTable::wtc")]
    pub conversion: ConversionTable,
    /// 40K: the match's win/draw threshold.
    #[serde(default)]
    pub match_rule: MatchRule,
    /// Chess: the number of top ratings averaged for the initial ranking
    /// (Olympiad Pairing Rules 2022 art. 3.1.1; default: the team size).
    #[serde(default)]
    pub ranking_boards: Option<u32>,
}

const fn yes() -> bool {
    true
}

const fn step_seconds() -> u32 {
    180
}

impl TeamRules {
    /// The defaults of a `format` event with teams of `size`.
    #[must_use]
    pub fn new(format: TeamFormat, size: u32) -> TeamRules {
        TeamRules {
            format,
            size,
            reserves: 0,
            unique_factions: true,
            step_seconds: step_seconds(),
            table_choice: TableChoice::default(),
            conversion: ConversionTable::wtc(),
            match_rule: MatchRule::default(),
            ranking_boards: None,
        }
    }
}

/// One action of a captains' process, as logged: what, by whom, when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedAction {
    /// The engine's action (members by registration id).
    pub action: arbiter_engine::wh40k_teams::captains::Action<PlayerId>,
    /// The account that did it (a captain, or staff on a team's behalf).
    pub by: UserId,
    /// When, Unix ms.
    pub at: super::Millis,
}

/// The captains' pairing process of one 40K team match, as stored: the
/// engine's [`captains::State`](arbiter_engine::wh40k_teams::captains::State)
/// is rebuilt by replaying `actions` on the rosters (it is never stored, so
/// a sealed choice leaves the server only through a viewer's view).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamProcess {
    /// The team match (the pairing of the two team rows).
    pub match_id: PairingId,
    /// The tournament.
    pub tournament_id: super::TournamentId,
    /// The members who play this round: team A's (the match's player 1),
    /// then team B's, each in roster order.
    pub rosters: [Vec<PlayerId>; 2],
    /// Who takes the table choice.
    pub table_choice: TableChoice,
    /// Every action so far, oldest first.
    pub actions: Vec<LoggedAction>,
    /// When the current step started (the step timer), Unix ms.
    pub step_started_at: super::Millis,
    /// When the process last changed, Unix ms.
    pub updated_at: super::Millis,
    /// When the current step's timer runs out (Unix ms) while its expiry is
    /// still to be announced to the organisers; `None` when the step takes no
    /// captain's choice (the roll-off, the end) or once it was announced.
    pub expires_at: Option<super::Millis>,
}
