//! What an allocation run returns: winners, conflicts, unfilled prizes,
//! warnings, counts and the log (prize spec, "Outputs").

use super::{CategoryId, ConsistencyWarning, Ineligible, LogEntry, Player, PrizeId};
use crate::model::PlayerNo;
use serde::{Deserialize, Serialize};

/// Which criterion separated the winner from the next available eligible
/// player (prize spec, "Tie-Break Reasons").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// No tie: a better rank, or the only available player. Also used for
    /// manual overrides, where no tie-break applies.
    None,
    /// Same rank; the winner had the higher rating.
    Rating,
    /// Same rank and rating; the winner's name comes first.
    Name,
    /// Same rank, rating and name: the prize went provisionally to the lower
    /// pairing number and the run reports a conflict for the organiser.
    PairingNumber,
}

impl TieBreak {
    /// The code written in logs: `none`, `rating`, `name`, `pairing_number`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            TieBreak::None => "none",
            TieBreak::Rating => "rating",
            TieBreak::Name => "name",
            TieBreak::PairingNumber => "pairing_number",
        }
    }

    /// How `winner` beat `next`, the next available eligible player.
    pub(crate) fn between(winner: &Player, next: Option<&Player>) -> TieBreak {
        match next {
            None => TieBreak::None,
            Some(n) if n.rank != winner.rank => TieBreak::None,
            Some(n) if n.rated() != winner.rated() => TieBreak::Rating,
            Some(n) if n.name != winner.name => TieBreak::Name,
            Some(_) => TieBreak::PairingNumber,
        }
    }
}

/// One prize given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Winner {
    /// The prize.
    pub prize_id: PrizeId,
    /// Who won it.
    pub player_id: PlayerNo,
    /// The prize's category.
    pub category_id: CategoryId,
    /// The winner's final rank.
    pub rank: u32,
    /// The winner's rating (`None`: unrated).
    pub rating: Option<u32>,
    /// How the winner was separated from the next candidate.
    pub tie_break: TieBreak,
    /// Whether a manual override gave the prize.
    pub manual: bool,
}

/// Why a run reports a conflict.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum ConflictReason {
    /// An override names a prize the event does not have.
    UnknownPrize,
    /// An override names a player not in the standings.
    UnknownPlayer,
    /// An override names an inactive prize, or a prize of an inactive category.
    InactivePrize,
    /// An override gives a prize to a player not eligible for its category.
    Ineligible {
        /// The eligibility reason.
        because: Ineligible,
    },
    /// An earlier override already gave this prize (to `conflicted_with`).
    PrizeAlreadyAssigned,
    /// The player already holds `prize_id` from an earlier override, and the
    /// rules allow no second prize (first-win: any other prize;
    /// allow-multiple: another prize of the same category).
    PlayerAlreadyWon {
        /// The prize already held.
        prize_id: PrizeId,
    },
    /// Automatic allocation: players of identical rank, rating and name. The
    /// prize went provisionally to the lowest pairing number.
    IdenticalRankRatingName,
}

impl ConflictReason {
    /// The reason code: `unknown_prize`, `ineligible`, …
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            ConflictReason::UnknownPrize => "unknown_prize",
            ConflictReason::UnknownPlayer => "unknown_player",
            ConflictReason::InactivePrize => "inactive_prize",
            ConflictReason::Ineligible { .. } => "ineligible",
            ConflictReason::PrizeAlreadyAssigned => "prize_already_assigned",
            ConflictReason::PlayerAlreadyWon { .. } => "player_already_won",
            ConflictReason::IdenticalRankRatingName => "identical_rank_rating_name",
        }
    }
}

/// Something the organiser must resolve (an invalid override, or a tie no
/// criterion breaks). Conflicts are results, not errors.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conflict {
    /// The prize concerned (as given, for an unknown prize).
    pub prize_id: PrizeId,
    /// The player concerned: the override's player, or the provisional winner.
    pub player_id: PlayerNo,
    /// Why.
    pub reason: ConflictReason,
    /// The other players involved: the holder of an already assigned prize,
    /// or the players identical to the provisional winner.
    pub conflicted_with: Vec<PlayerNo>,
}

/// Why a prize found no winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnfilledReason {
    /// No player is eligible for the category.
    NoEligiblePlayers,
    /// Every eligible player had already won (and the rules allow no more).
    AllWon,
}

impl UnfilledReason {
    /// `no_eligible_players` or `all_won`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            UnfilledReason::NoEligiblePlayers => "no_eligible_players",
            UnfilledReason::AllWon => "all_won",
        }
    }
}

/// A prize left without a winner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unfilled {
    /// The prize.
    pub prize_id: PrizeId,
    /// Its category.
    pub category_id: CategoryId,
    /// Why.
    pub reason: UnfilledReason,
}

/// The run's counts (prize spec, "Metadata"). The run's timestamp is the
/// caller's to record: the engine has no clock, and a re-run must give an
/// identical result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Metadata {
    /// Prizes given, overrides included.
    pub allocated_count: usize,
    /// Conflicts reported.
    pub conflict_count: usize,
    /// Prizes left unfilled.
    pub unfilled_count: usize,
    /// Overrides applied (invalid ones are counted as conflicts instead).
    pub manual_override_count: usize,
    /// Consistency warnings.
    pub warning_count: usize,
}

/// The result of one allocation run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Allocation {
    /// Prizes given, in prize-queue order.
    pub winners: Vec<Winner>,
    /// Invalid overrides (in the order given), then unbreakable ties.
    pub conflicts: Vec<Conflict>,
    /// Prizes without a winner, in queue order.
    pub unfilled: Vec<Unfilled>,
    /// The consistency audit's warnings (non-blocking).
    pub warnings: Vec<ConsistencyWarning>,
    /// Counts.
    pub metadata: Metadata,
    /// The log, in the order things happened.
    pub log: Vec<LogEntry>,
}
