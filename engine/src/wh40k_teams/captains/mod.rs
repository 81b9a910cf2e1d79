//! The captains' pairing process of one 40K team match, as a pure state
//! machine: [`State::apply`] takes an [`Action`] and returns the next
//! [`State`] or a [`Refusal`]; [`State::view`] is what one viewer may see.
//!
//! # The procedure
//! As the WTC-style team rules of Hegemonalia write it
//! (<https://hegemonalia.com/the-rules>, "Pairing system & terrain"), for one
//! round of the process:
//! 1. **Defenders**: "Team A and Team B secretly choose their first defender
//!    and reveal them simultaneously."
//! 2. **Attackers**: "Team A and Team B secretly choose their two attackers
//!    for the given defender and reveal them simultaneously."
//! 3. **Choices**: "Team A takes the two attackers given by team B, and
//!    secretly chooses which one is refused. Team B does the same with the
//!    two attackers selected by Team A. The refused Attackers are revealed
//!    simultaneously. The refused attackers return to the pool of players of
//!    each team." Two games are set: each defender against the attacker it
//!    kept.
//!
//! Rounds repeat while each team has at least four players left, and the
//! last players are paired without a choice ("the players/armies that were
//! not selected by the 'champion' will now be paired against the last
//! remaining player/army in each team's pool", tacticalwargames.net, team
//! pairing rules, viewtopic.php?p=633291):
//! - **Eight players**: rounds at 8, 6 and 4 players left; after the round at
//!   4 each team has its refused attacker and one player who was neither
//!   defender nor attacker (the "champion"): each team's refused attacker
//!   plays the other team's champion. 2 + 2 + 2 + 2 = 8 games.
//! - **Five players** (the ATC's format is "much like ETC's format, except
//!   with 5 players instead of 8", nightsatthegametable.com, "Pick Your
//!   Poison: A Guide to Pairings in Team Tournaments"): rounds at 5 and 3
//!   players left; at 3 the two players beside the defender are the
//!   attackers without a choice (the step is filled in at the defenders'
//!   reveal), and after the choices the two refused attackers play each
//!   other. 2 + 2 + 1 = 5 games.
//!
//! **Table choice** (optional, [`TableChoice`]): before the first defenders
//! the captains roll off (the TO records the winner, [`Action::RollOff`]);
//! the roll-off winner takes the "table choice" token (Hegemonalia: "Captains
//! roll off to determine which team will get to choose its table first. That
//! team gains the 'table choice' token"; likewise the ATC guide above: the
//! team that "wins a roll off … get\[s\] to choose the table first"), or,
//! where the event pack says so, the loser does. The process's [`Outcome`] names the team with the token.
//!
//! # Sealed choices
//! A captain's locked choice is stored in the state but is *pending*: it is
//! not part of any other viewer's [`View`] until both captains of the step
//! have locked, at which moment both are revealed together (applied to the
//! state). A [`View`] for captain B carries whether A has locked, never what.
//! The TO's view holds both pending choices (the TO can override any step and
//! run the process for a team without a phone).
//!
//! # The TO
//! [`Action::Override`] sets both choices of the current step and reveals
//! them; [`Action::Expire`] is the step timer running out with the TO's
//! decision for every captain who has not locked; [`Action::Undo`] returns to
//! the state before the last reveal (or roll-off), dropping the locks of the
//! step in progress.

#[cfg(test)]
mod proptests;
mod refusal;
mod step;
#[cfg(test)]
mod tests;
mod view;

pub use refusal::{Refusal, RosterError};
pub use view::{View, Viewer};

use super::TeamSize;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt;
use std::hash::Hash;

/// One of the two teams of the match (A: the first team of the team pairing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Team A.
    A,
    /// Team B.
    B,
}

impl Side {
    /// The other team.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    const fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }
}

/// Who gets the table/terrain choice (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableChoice {
    /// No roll-off; tables are assigned by the TO.
    Off,
    /// The roll-off winner takes the table choice (Hegemonalia).
    #[default]
    RollOffWinner,
    /// The roll-off loser takes the table choice.
    RollOffLoser,
}

/// The step the process waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The TO records the roll-off winner ([`Action::RollOff`]).
    RollOff,
    /// Each captain locks a [`Choice::Defender`].
    Defenders,
    /// Each captain locks a [`Choice::Attackers`] against the other's defender.
    Attackers,
    /// Each captain locks a [`Choice::Keep`]: the attacker their defender plays.
    Choices,
    /// Every game is set.
    Done,
}

/// A captain's sealed choice for one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Choice<P> {
    /// The defender: a player from the captain's own pool.
    Defender {
        /// The player.
        player: P,
    },
    /// Two different players from the captain's own pool, offered against
    /// the other team's defender.
    Attackers {
        /// The first attacker.
        first: P,
        /// The second attacker.
        second: P,
    },
    /// Which of the two attackers offered by the other team the captain's
    /// defender plays; the other is refused and returns to its pool.
    Keep {
        /// The attacker kept.
        player: P,
    },
}

/// Something done to the process.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Action<P> {
    /// A captain (or the TO on their behalf) locks the captain's choice.
    Lock {
        /// The captain's team.
        side: Side,
        /// The choice.
        choice: Choice<P>,
    },
    /// The TO records the roll-off winner.
    RollOff {
        /// The team that won the roll-off.
        winner: Side,
    },
    /// The TO sets both choices of the current step, replacing any locks, and
    /// reveals them.
    Override {
        /// Team A's choice.
        a: Choice<P>,
        /// Team B's choice.
        b: Choice<P>,
    },
    /// The step's timer ran out: the TO's decision for each captain who has
    /// not locked (and nothing for one who has); then the step is revealed.
    Expire {
        /// The choice for team A, if A has not locked.
        a: Option<Choice<P>>,
        /// The choice for team B, if B has not locked.
        b: Option<Choice<P>>,
    },
    /// The TO undoes the last reveal (or roll-off).
    Undo,
}

/// How a game of the match was set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum GameKind {
    /// `side`'s defender against the attacker it kept, in process round `round`.
    Defender {
        /// The process round (1-based).
        round: u8,
        /// The team whose defender it is.
        side: Side,
    },
    /// `side`'s refused attacker against the other team's champion (the
    /// player left over after the last round, eight-player teams).
    Champion {
        /// The team whose attacker was refused.
        side: Side,
    },
    /// The two last refused attackers against each other (five-player teams).
    Refused,
}

/// One game: a player of team A against a player of team B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pairing<P> {
    /// Team A's player.
    pub player_a: P,
    /// Team B's player.
    pub player_b: P,
    /// How it was set.
    pub kind: GameKind,
}

/// The result of a finished process.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome<P> {
    /// The games, in the order they were set.
    pub games: Vec<Pairing<P>>,
    /// The team with the table/terrain choice (`None` when [`TableChoice::Off`]).
    pub table_choice: Option<Side>,
}

/// Everything that an undo restores.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Core<P> {
    phase: Phase,
    round: u8,
    /// The players of each team not yet in a game, in roster order.
    pool: [Vec<P>; 2],
    /// Each team's revealed defender of this round.
    defender: [Option<P>; 2],
    /// The revealed attackers each team offered this round.
    attackers: [Option<(P, P)>; 2],
    /// Locked, unrevealed choices.
    pending: [Option<Choice<P>>; 2],
    games: Vec<Pairing<P>>,
    roll_off_winner: Option<Side>,
}

/// The state of one match's pairing process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State<P> {
    size: TeamSize,
    table_choice: TableChoice,
    core: Core<P>,
    undo: Vec<Core<P>>,
}

impl<P> State<P>
where
    P: Copy + Eq + Hash + fmt::Debug,
{
    /// A new process for a match of two teams of `size` (`roster_a` and
    /// `roster_b`, the players who play this round). Errors when a roster
    /// does not have `size` players or a player appears twice (in a team or
    /// in both).
    pub fn new(
        size: TeamSize,
        roster_a: Vec<P>,
        roster_b: Vec<P>,
        table_choice: TableChoice,
    ) -> Result<Self, RosterError<P>> {
        for (side, roster) in [(Side::A, &roster_a), (Side::B, &roster_b)] {
            if roster.len() != size.players() {
                return Err(RosterError::WrongSize { side, expected: size.players(), found: roster.len() });
            }
        }
        let mut seen = HashSet::new();
        if let Some(&p) = roster_a.iter().chain(&roster_b).find(|&&p| !seen.insert(p)) {
            return Err(RosterError::Duplicate(p));
        }
        let phase = if table_choice == TableChoice::Off { Phase::Defenders } else { Phase::RollOff };
        Ok(State {
            size,
            table_choice,
            core: Core {
                phase,
                round: 1,
                pool: [roster_a, roster_b],
                defender: [None; 2],
                attackers: [None; 2],
                pending: [None; 2],
                games: Vec::new(),
                roll_off_winner: None,
            },
            undo: Vec::new(),
        })
    }

    /// The state after `actions`, applied in order to `initial`: how the
    /// server rebuilds a process from its stored action log. [`State`] is
    /// deliberately not serialisable: it holds the sealed choices, so only
    /// the actions (server-side) and [`State::view`] (to viewers) leave it.
    /// Errors with the index of the first refused action and its refusal.
    pub fn replay(initial: &State<P>, actions: &[Action<P>]) -> Result<State<P>, (usize, Refusal<P>)> {
        actions
            .iter()
            .enumerate()
            .try_fold(initial.clone(), |state, (i, &action)| state.apply(action).map_err(|r| (i, r)))
    }

    /// The team size.
    #[must_use]
    pub const fn size(&self) -> TeamSize {
        self.size
    }

    /// The step the process waits for.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.core.phase
    }

    /// The process round (1-based: 1–3 for eight players, 1–2 for five).
    #[must_use]
    pub const fn round(&self) -> u8 {
        self.core.round
    }

    /// Whether `side` has locked a choice for the current step.
    #[must_use]
    pub fn is_locked(&self, side: Side) -> bool {
        self.pending(side).is_some()
    }

    /// Whether [`Action::Undo`] has something to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// The games set so far.
    #[must_use]
    pub fn games(&self) -> &[Pairing<P>] {
        &self.core.games
    }

    /// The finished process, or `None` while it runs.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome<P>> {
        (self.core.phase == Phase::Done)
            .then(|| Outcome { games: self.core.games.clone(), table_choice: self.table_choice_side() })
    }

    /// The team with the table choice, once the roll-off is recorded.
    #[must_use]
    pub fn table_choice_side(&self) -> Option<Side> {
        let winner = self.core.roll_off_winner?;
        match self.table_choice {
            TableChoice::Off => None,
            TableChoice::RollOffWinner => Some(winner),
            TableChoice::RollOffLoser => Some(winner.other()),
        }
    }

    /// Every choice `side` may lock now (empty when the step takes no
    /// captain's choice, or `side` has locked): for the server's option lists
    /// and for tests.
    #[must_use]
    pub fn options(&self, side: Side) -> Vec<Choice<P>> {
        if self.is_locked(side) {
            return Vec::new();
        }
        let pool = self.pool(side);
        match self.core.phase {
            Phase::Defenders => pool.iter().map(|&player| Choice::Defender { player }).collect(),
            Phase::Attackers => pool
                .iter()
                .enumerate()
                .flat_map(|(i, &first)| pool.iter().skip(i + 1).map(move |&second| Choice::Attackers { first, second }))
                .collect(),
            Phase::Choices => match self.attackers(side.other()) {
                Some((first, second)) => vec![Choice::Keep { player: first }, Choice::Keep { player: second }],
                None => Vec::new(),
            },
            Phase::RollOff | Phase::Done => Vec::new(),
        }
    }

    /// Applies `action`: the next state, or why it is refused (the state is
    /// never changed by a refusal).
    pub fn apply(&self, action: Action<P>) -> Result<State<P>, Refusal<P>> {
        let mut next = self.clone();
        match action {
            Action::Lock { side, choice } => {
                next.check_step_takes_choices()?;
                if next.is_locked(side) {
                    return Err(Refusal::AlreadyLocked(side));
                }
                next.check_choice(side, choice)?;
                next.core.pending[side.index()] = Some(choice);
                if next.is_locked(side.other()) {
                    next.reveal();
                }
            }
            Action::RollOff { winner } => {
                if next.core.phase != Phase::RollOff {
                    return Err(Refusal::NoRollOff);
                }
                next.undo.push(next.core.clone());
                next.core.roll_off_winner = Some(winner);
                next.core.phase = Phase::Defenders;
            }
            Action::Override { a, b } => {
                next.check_step_takes_choices()?;
                next.check_choice(Side::A, a)?;
                next.check_choice(Side::B, b)?;
                next.core.pending = [Some(a), Some(b)];
                next.reveal();
            }
            Action::Expire { a, b } => {
                next.check_step_takes_choices()?;
                for (side, decision) in [(Side::A, a), (Side::B, b)] {
                    match (next.pending(side), decision) {
                        (Some(_), Some(_)) => return Err(Refusal::AlreadyLocked(side)),
                        (None, None) => return Err(Refusal::MissingDecision(side)),
                        (None, Some(choice)) => next.check_choice(side, choice)?,
                        (Some(_), None) => {}
                    }
                }
                for (side, decision) in [(Side::A, a), (Side::B, b)] {
                    if let Some(choice) = decision {
                        next.core.pending[side.index()] = Some(choice);
                    }
                }
                next.reveal();
            }
            Action::Undo => {
                let previous = next.undo.pop().ok_or(Refusal::NothingToUndo)?;
                next.core = previous;
            }
        }
        Ok(next)
    }

    fn pending(&self, side: Side) -> Option<Choice<P>> {
        self.core.pending.get(side.index()).copied().flatten()
    }

    fn pool(&self, side: Side) -> &[P] {
        self.core.pool.get(side.index()).map_or(&[], Vec::as_slice)
    }

    fn defender(&self, side: Side) -> Option<P> {
        self.core.defender.get(side.index()).copied().flatten()
    }

    fn attackers(&self, side: Side) -> Option<(P, P)> {
        self.core.attackers.get(side.index()).copied().flatten()
    }

    fn check_step_takes_choices(&self) -> Result<(), Refusal<P>> {
        match self.core.phase {
            Phase::Done => Err(Refusal::Finished),
            Phase::RollOff => Err(Refusal::NotYourTurn(Phase::RollOff)),
            Phase::Defenders | Phase::Attackers | Phase::Choices => Ok(()),
        }
    }

    /// Whether `choice` is a valid choice of `side` for the current step.
    fn check_choice(&self, side: Side, choice: Choice<P>) -> Result<(), Refusal<P>> {
        let in_pool = |player: P| {
            if self.pool(side).contains(&player) {
                Ok(())
            } else {
                Err(Refusal::NotInPool { side, player })
            }
        };
        match (self.core.phase, choice) {
            (Phase::Defenders, Choice::Defender { player }) => in_pool(player),
            (Phase::Attackers, Choice::Attackers { first, second }) => {
                if first == second {
                    return Err(Refusal::SameAttackerTwice(first));
                }
                in_pool(first)?;
                in_pool(second)
            }
            (Phase::Choices, Choice::Keep { player }) => match self.attackers(side.other()) {
                Some((first, second)) if player == first || player == second => Ok(()),
                _ => Err(Refusal::NotOffered { side, player }),
            },
            (phase, _) => Err(Refusal::WrongStep { expected: phase }),
        }
    }
}
