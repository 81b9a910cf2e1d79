//! Record-based Swiss pairing for Warhammer 40K (and crokinole Swiss), as the
//! seed `wh40k-tournament-manager.md` writes it ("Swiss Pairing Algorithm"),
//! with today's matching-based variant kept as a named option.
//!
//! # The seed's procedure ([`SwissProcedure::Fold`], the default)
//! 1. **Order** ("Sort: wins DESC → margin DESC → SOS DESC → registration
//!    order"): the caller passes the active players (checked in, not dropped)
//!    in that order ([`SwissProcedure::order`]). A player's rank is their
//!    position in that list.
//! 2. **Bye** (odd number of active players): "lowest-ranked unpaired player
//!    gets a bye (counts as WIN, 0 VP for both sides)". Folding top-down
//!    always leaves the lowest-ranked player over, so the bye is chosen
//!    first: the lowest-ranked player; one who already had a bye is passed
//!    over for the next lowest (the seed is silent on repeat byes, and a
//!    second free win is what no TO wants), and when everyone has had one,
//!    the lowest-ranked has it again with a [`PairingWarning::RepeatBye`].
//! 3. **Groups** by W-L-D record (a bye counts as a win), from the top: most
//!    wins, then most draws, then fewest losses; within a group, by rank.
//! 4. **Fold** each group: 1st v (n/2+1)th, 2nd v (n/2+2)th, …; an odd
//!    group "drop\[s\] bottom player to next group", where it is placed at the top.
//! 5. **Rematch**: "swap with the adjacent pair in the group (recurse if
//!    needed)" (see `fold.rs` for the exact reading).
//! 6. **Fallback**: only when the procedure leaves a rematch, the round is
//!    paired again by the matching search below; if that pairing has fewer
//!    rematches it is used, with a [`PairingWarning::Searched`] for the TO;
//!    otherwise the procedure's pairing stands. Every rematch made is a
//!    [`PairingWarning::Rematch`] ("Rematches unavoidable in small events
//!    (allow with TO warning)").
//! 7. **Tables** are numbered 1, 2, … by the rank of the pair's higher seed
//!    (table 1 has the top-ranked player); `player1` is the higher seed. The
//!    bye has no table.
//!
//! # The matching variant ([`SwissProcedure::Matching`])
//! Pairs in the standings' own order (wins → margin → SOS → total VP →
//! registration, [`crate::standings::wh40k`]), so the pairing order is the
//! order the standings screen shows, and avoids rematches inside each score
//! bracket by changing partners under an exact feasibility check, floating
//! as few players as the field allows. It never needs a fallback: if any
//! rematch-free pairing of the field exists, it finds one closest to the
//! fold; when none exists it makes the fewest rematches. For TOs whose
//! events are small relative to their rounds (rematch pressure), or who want
//! the pairing order to be the standings order.
//!
//! Bye, groups, fold and tables are as above; rematches are avoided by
//! changing partners inside the bracket. Each player's candidates, in order:
//! the bottom-half players from the first one still free (so the fold partner
//! comes first, and when it is a rematch the player takes the next one and
//! the displaced player goes to the pair below), then the bracket's
//! would-be floater, then the top-half players below it, lowest first. When
//! no candidate works, the player floats down instead. No choice is made that
//! would leave the rest of the field without a rematch-free pairing (checked
//! exactly with maximum matching); a forced rematch is pushed down: the
//! player floats toward the lower brackets, where it is made only when
//! nothing else remains, except for a player who has already met everyone
//! still unpaired, who has it at once within their own group. Within that
//! guarantee, each bracket floats as few players as its own rematch
//! constraints allow.
//!
//! ## How the search is computed
//! Players are taken one at a time from the top of each bracket, and each
//! takes the first of these choices that is possible:
//! 1. a candidate not met before that passes the **field check** and the
//!    **bracket check**;
//! 2. for a player who has met everyone still unpaired: the first candidate
//!    that passes the field check counting the rematch;
//! 3. floating down, if the bracket check allows one more floater;
//! 4. a candidate not met before that passes the field check;
//! 5. floating down (not from the last bracket);
//! 6. in the last bracket: the first rematch the field check allows.
//!
//! The **field check**: the players still unpaired can be paired with no more
//! rematches than the minimum still needed. That minimum is `u/2 − ν` for `u`
//! unpaired players, `ν` being the size of a maximum matching in the graph
//! joining players who have not met; it is computed once for the round and
//! only falls when a rematch is made. The **bracket check**: the bracket's
//! remaining players still need no more floaters than the bracket's own
//! minimum (the same matching, within the bracket).
//!
//! Both checks first try Dirac's theorem (nobody has met half the others or
//! more → a perfect matching exists), which settles them in `O(rounds)` for all
//! but the last few small brackets; otherwise they run Edmonds' blossom
//! algorithm, kept up to date incrementally. No choice is ever undone, so a
//! round takes polynomial time in the worst case and about a millisecond for
//! 1000 players (see the `swiss_record` bench).

mod bracket;
mod fold;
mod graph;
#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

pub use crate::standings::wh40k::{Game, Record, SwissProcedure};

use crate::standings::wh40k::{Standing, StandingsError};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;

/// One table of the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Table<Id> {
    /// The table number, 1-based, in order of the higher seed's rank.
    pub number: u32,
    /// The higher-ranked player.
    pub player1: Id,
    /// The lower-ranked player.
    pub player2: Id,
}

/// Something the TO should know about a pairing.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum PairingWarning<Id> {
    /// Two players meet again: no pairing of the field avoids it.
    Rematch {
        /// The higher-ranked player.
        player1: Id,
        /// The lower-ranked player.
        player2: Id,
        /// The rounds in which they already met.
        previous_rounds: Vec<u32>,
    },
    /// A player gets a second (or later) bye: every active player has had one.
    RepeatBye {
        /// The player.
        player: Id,
        /// The rounds of their previous byes.
        previous_rounds: Vec<u32>,
    },
    /// The seed's fold-and-swap left `rematches` rematches; the round was
    /// paired by the matching search instead, which makes fewer.
    Searched {
        /// The rematches the fold-and-swap procedure would have made.
        rematches: u32,
    },
}

/// The pairing of one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPairing<Id> {
    /// The tables, numbered 1.. in order.
    pub tables: Vec<Table<Id>>,
    /// The player with the bye, when the number of active players is odd.
    pub bye: Option<Id>,
    /// Rematches and repeated byes, for the TO.
    pub warnings: Vec<PairingWarning<Id>>,
}

/// Why a round cannot be paired: the input itself is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SwissError<Id: fmt::Debug> {
    /// Fewer than two active players (an empty field included).
    #[error("a round needs at least 2 active players, found {active}")]
    TooFewPlayers {
        /// The number of active players given.
        active: usize,
    },
    /// A player is listed twice among the active players.
    #[error("player {0:?} is listed twice among the active players")]
    DuplicatePlayer(Id),
    /// The previous games are inconsistent.
    #[error("the previous games are inconsistent: {0}")]
    History(#[from] StandingsError<Id>),
}

/// Pairs the next round by `procedure`.
///
/// `ranked_active`: the players to pair (checked in, not dropped), highest
/// first, in the procedure's pairing order ([`SwissProcedure::order`]).
/// `history`: every game of the previous rounds, byes included; games of
/// dropped players may be included (they count for nobody's record here but
/// still mark who met whom).
///
/// Returns the tables, the bye and the warnings (see the module docs for the
/// rules). Errors on fewer than 2 active players, a duplicate active player, or
/// an inconsistent history (a player paired with themself, or twice in one round).
pub fn pair_round<Id>(
    ranked_active: &[Id],
    history: &[Game<Id>],
    procedure: SwissProcedure,
) -> Result<RoundPairing<Id>, SwissError<Id>>
where
    Id: Copy + Eq + Hash + Ord + fmt::Debug,
{
    bracket::pair_round(ranked_active, None, history, procedure)
}

/// Pairs the next round by `procedure`, grouping the players by the
/// W-L-D `records` given (one per player of `ranked_active`, in the same
/// order) instead of the records `history` makes: the standings' records,
/// with the organiser's adjustments (a win taken away by a penalty, a late
/// entry's missed rounds counted as losses), so the group a player is
/// paired in is the record the standings show ("Group players by W-L-D
/// record"). `history` still says who met whom and who had a bye. Errors
/// as [`pair_round`].
pub fn pair_round_by_records<Id>(
    ranked_active: &[Id],
    records: &[Record],
    history: &[Game<Id>],
    procedure: SwissProcedure,
) -> Result<RoundPairing<Id>, SwissError<Id>>
where
    Id: Copy + Eq + Hash + Ord + fmt::Debug,
{
    bracket::pair_round(ranked_active, Some(records), history, procedure)
}

/// Pairs the next round from the output of
/// [`crate::standings::wh40k::standings`] (adjusted or not): the players
/// for whom `is_active` holds, in `procedure`'s pairing order, grouped by
/// the standings' W-L-D records ([`pair_round_by_records`]), against
/// `history` (the same games the standings were computed from). Errors as
/// [`pair_round`].
pub fn pair_standings<Id>(
    standings: &[Standing<Id>],
    is_active: impl Fn(Id) -> bool,
    history: &[Game<Id>],
    procedure: SwissProcedure,
) -> Result<RoundPairing<Id>, SwissError<Id>>
where
    Id: Copy + Eq + Hash + Ord + fmt::Debug,
{
    let ranked: Vec<Id> = procedure.order(standings).into_iter().filter(|&id| is_active(id)).collect();
    let record_of: HashMap<Id, Record> =
        standings.iter().map(|s| (s.id, Record { wins: s.wins, losses: s.losses, draws: s.draws })).collect();
    let records: Vec<Record> = ranked.iter().map(|id| record_of.get(id).copied().unwrap_or_default()).collect();
    pair_round_by_records(&ranked, &records, history, procedure)
}
