//! Why an action or a roster is refused.

use super::{Phase, Side};
use std::fmt;

/// Why [`super::State::apply`] refuses an action. A refused action changes
/// nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal<P: fmt::Debug> {
    /// The step in progress is not one where captains choose (the TO's
    /// roll-off).
    #[error("not the captains' turn: the process waits for {0:?}")]
    NotYourTurn(Phase),
    /// The choice is not the kind the current step takes (a defender during
    /// the attackers step, …).
    #[error("the current step takes a choice for {expected:?}")]
    WrongStep {
        /// The step in progress.
        expected: Phase,
    },
    /// The captain has already locked a choice for this step.
    #[error("team {0:?} has already locked its choice for this step")]
    AlreadyLocked(Side),
    /// The player is not in the team's pool (already paired, the defender,
    /// or not a player of the team).
    #[error("player {player:?} is not in team {side:?}'s pool")]
    NotInPool {
        /// The team.
        side: Side,
        /// The player.
        player: P,
    },
    /// The two attackers must be two different players.
    #[error("player {0:?} is offered twice as attacker")]
    SameAttackerTwice(P),
    /// The defender can only keep one of the two attackers offered to it.
    #[error("player {player:?} is not one of the attackers offered to team {side:?}'s defender")]
    NotOffered {
        /// The team whose defender chooses.
        side: Side,
        /// The player named.
        player: P,
    },
    /// The roll-off is recorded only at the start, when a table choice is
    /// configured.
    #[error("no roll-off is expected now")]
    NoRollOff,
    /// A timer expiry must decide for every captain who has not locked.
    #[error("the TO's decision for team {0:?} is missing")]
    MissingDecision(Side),
    /// Nothing has been revealed yet.
    #[error("nothing to undo")]
    NothingToUndo,
    /// Every game is set.
    #[error("the pairing process is finished")]
    Finished,
}

/// Why [`super::State::new`] refuses the rosters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RosterError<P: fmt::Debug> {
    /// A team does not field exactly the team size.
    #[error("team {side:?} fields {found} players, the team size is {expected}")]
    WrongSize {
        /// The team.
        side: Side,
        /// The team size.
        expected: usize,
        /// The players given.
        found: usize,
    },
    /// A player is listed twice (in one team or in both).
    #[error("player {0:?} is listed twice")]
    Duplicate(P),
}
