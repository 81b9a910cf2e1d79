//! What one viewer may see of the process: the sealed-choice guarantee.

use super::{Choice, Pairing, Phase, Side, State};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::hash::Hash;

/// Who is looking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "side")]
pub enum Viewer {
    /// A team's captain: sees their own locked choice, not the other's.
    Captain(Side),
    /// The TO: sees both locked choices.
    Organiser,
    /// Anyone else (players, the venue screen): sees no locked choice.
    Public,
}

/// The process as one [`Viewer`] may see it. Everything revealed is in it;
/// of a locked, unrevealed choice only the fact that it is locked, except
/// for the captain who locked it and for the TO.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View<P> {
    /// The viewer this view was made for.
    pub viewer: Viewer,
    /// The step the process waits for.
    pub phase: Phase,
    /// The process round (1-based).
    pub round: u8,
    /// Team A's players not yet in a game.
    pub pool_a: Vec<P>,
    /// Team B's players not yet in a game.
    pub pool_b: Vec<P>,
    /// Team A's revealed defender of this round.
    pub defender_a: Option<P>,
    /// Team B's revealed defender of this round.
    pub defender_b: Option<P>,
    /// The revealed attackers team A offered this round.
    pub attackers_a: Option<(P, P)>,
    /// The revealed attackers team B offered this round.
    pub attackers_b: Option<(P, P)>,
    /// Whether team A has locked its choice for this step.
    pub locked_a: bool,
    /// Whether team B has locked its choice for this step.
    pub locked_b: bool,
    /// Team A's locked choice: only for captain A and the TO.
    pub sealed_a: Option<Choice<P>>,
    /// Team B's locked choice: only for captain B and the TO.
    pub sealed_b: Option<Choice<P>>,
    /// The games set so far.
    pub games: Vec<Pairing<P>>,
    /// The recorded roll-off winner.
    pub roll_off_winner: Option<Side>,
    /// The team with the table choice.
    pub table_choice: Option<Side>,
}

impl<P> State<P>
where
    P: Copy + Eq + Hash + fmt::Debug,
{
    /// The state as `viewer` may see it (see [`View`]).
    #[must_use]
    pub fn view(&self, viewer: Viewer) -> View<P> {
        let sees = |side: Side| match viewer {
            Viewer::Captain(own) => own == side,
            Viewer::Organiser => true,
            Viewer::Public => false,
        };
        View {
            viewer,
            phase: self.core.phase,
            round: self.core.round,
            pool_a: self.pool(Side::A).to_vec(),
            pool_b: self.pool(Side::B).to_vec(),
            defender_a: self.defender(Side::A),
            defender_b: self.defender(Side::B),
            attackers_a: self.attackers(Side::A),
            attackers_b: self.attackers(Side::B),
            locked_a: self.is_locked(Side::A),
            locked_b: self.is_locked(Side::B),
            sealed_a: self.pending(Side::A).filter(|_| sees(Side::A)),
            sealed_b: self.pending(Side::B).filter(|_| sees(Side::B)),
            games: self.core.games.clone(),
            roll_off_winner: self.core.roll_off_winner,
            table_choice: self.table_choice_side(),
        }
    }
}
