//! What the pairing of one bracket works on and gives (C.04.3 art. 1-4): the
//! round-wide data, the bracket's players and those below it, and the
//! bracket's outcome. Held apart from [`super::bracket`] and
//! [`super::stages`], which both read them.

use super::feasibility::Compatibility;
use super::state::Player;
use crate::model::Points;

/// The round-wide data the brackets share.
pub struct Round<'a> {
    /// The players to pair, sorted (art. 1.2).
    pub players: &'a [Player],
    /// Who may meet whom.
    pub compat: &'a Compatibility,
    /// The PAB assignee's score ([C5]) when the number of players is odd.
    pub bye_score: Option<Points>,
    /// [C9]: rank of each player's played games among those with the PAB score.
    pub bye_games: Vec<i64>,
}

impl Round<'_> {
    /// Whether player `v` may receive the PAB ([C2], [C5]).
    pub fn bye_candidate(&self, v: usize) -> bool {
        let p = &self.players[v];
        p.bye_eligible && self.bye_score.is_some_and(|s| p.score <= s)
    }
}

/// The players of a bracket and those below it (sorted indices).
pub struct Bracket<'a> {
    /// Moved-down players, in order.
    pub mdps: &'a [usize],
    /// Resident players, in order.
    pub residents: &'a [usize],
    /// The next scoregroup.
    pub next: &'a [usize],
    /// The players below the next scoregroup.
    pub lower: &'a [usize],
    /// Whether [C9] applies (the bracket downfloats exactly the PAB assignee).
    pub bye_games: bool,
}

/// What the pairing of a bracket did, for the next bracket and explanations.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// Pairs `(higher, lower)` made in the bracket.
    pub pairs: Vec<(usize, usize)>,
    /// Players left unpaired, moved down to the next bracket (art. 1.4.1).
    pub downfloaters: Vec<usize>,
    /// Whether [C9] applies to the next bracket.
    pub next_bye_games: bool,
    /// The moved-down players that were paired (S1 of the bracket, art. 3.2.2).
    pub paired_mdps: Vec<usize>,
    /// The remainder's S1 and S2 before exchanges (art. 3.2.1).
    pub s1: Vec<usize>,
    /// See `s1`.
    pub s2: Vec<usize>,
    /// Remainder players moved from S1 to S2 by the exchange (art. 4.3).
    pub exchanged_out: Vec<usize>,
    /// Remainder players moved from S2 to S1 by the exchange.
    pub exchanged_in: Vec<usize>,
    /// Why the bracket had to be paired with the players below in the graph,
    /// if it had to.
    pub lookahead: Option<Lookahead>,
}

/// Why the best pairing of a bracket alone was not kept: a criterion that
/// looks below the bracket failed for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookahead {
    /// [C4] (with [C2]/[C5]): the rest of the round could not be completed.
    Completion,
    /// [C8]: the following bracket could not pair all the downfloaters with
    /// at most one of its own players left over.
    NextBracket,
}
