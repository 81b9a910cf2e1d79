//! The FIDE Olympiad Pairing Rules (approved by Council 27/10/2021, effective
//! 1 January 2022): a Swiss system for teams paired by match points.
//!
//! - [`ranking`]: the initial ranking (art. 3.1) and the ranking for later
//!   rounds (art. 3.2).
//! - [`colours`]: the team's (board 1's) colour (art. 7).
//! - [`pair_round`]: one round: the bye (art. 4), the order of the groups
//!   (art. 6.4), floaters (art. 8), the pairing inside a group (art. 9) and
//!   the published order of the matches (art. 11.1).
//!
//! Readings where the text leaves a choice (each is documented where it is
//! applied):
//! - a match counts as a meeting, and gives a colour, only if at least one
//!   board was played over the board (art. 6.1, 7.7);
//! - the bye goes to the lowest-ranked eligible team whose bye still lets the
//!   others be paired (art. 4.1 says "eligible"; a bye that makes the round
//!   unpairable cannot be meant);
//! - the median team is the lower of the two middle teams of the ranking
//!   (position n/2 + 1 of the n teams paired), and floaters stop in its group;
//! - a group keeps as many pairings inside itself as any completion of the
//!   round allows, so a floater is chosen only when the group cannot pair it,
//!   and no choice made in one group can leave a later group unpairable
//!   (art. 8.4 made exact by a maximum-weight matching);
//! - art. 7.4 disregards the colour limits of art. 7.3 for a group whenever
//!   keeping them would make the group keep fewer pairings.

pub mod colours;
mod procedure;
pub mod ranking;

pub use procedure::pair_round;
pub use ranking::{initial_ranking, strength, RankingConfig, Strength};

use crate::model::Colour;
use crate::teams::boards::{MatchScoring, TeamRound};
use crate::teams::TeamNo;
use serde::{Deserialize, Serialize};

/// What a round's pairing needs.
#[derive(Clone, Copy, Debug)]
pub struct PairingRequest<'a> {
    /// The teams to pair this round (present teams), in any order. Every team
    /// that appears in `rounds` but not here is absent this round.
    pub teams: &'a [TeamNo],
    /// The recorded rounds, round 1 first.
    pub rounds: &'a [TeamRound],
    /// Points of the event (match points decide the ranking of art. 3.2).
    pub scoring: &'a MatchScoring,
    /// The colour drawn by lot before round 1 (art. 7.2).
    pub initial_colour: Colour,
    /// Teams that joined after round 1: ineligible for the bye (art. 4.2.3).
    pub late_entries: &'a [TeamNo],
}

/// One match of a new round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairedMatch {
    /// The team with White on board 1 (and on every odd board).
    pub first: TeamNo,
    /// The team with Black on board 1 (and White on every even board).
    pub second: TeamNo,
}

/// A new round: its matches in the published order of art. 11.1, and the bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OlympiadPairing {
    /// The matches, match 1 first.
    pub matches: Vec<PairedMatch>,
    /// The team given the pairing-allocated bye (art. 4), if the number of
    /// teams is odd.
    pub bye: Option<TeamNo>,
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OlympiadError {
    /// A team is listed twice in the request.
    #[error("team {0} is listed twice")]
    DuplicateTeam(TeamNo),
    /// Fewer than two teams to pair.
    #[error("a round needs at least two teams; {0} given")]
    TooFewTeams(usize),
    /// No pairing respects the rematch ban and the bye rules (art. 4.2, 6.1).
    #[error("no pairing of these {0} teams avoids a rematch and gives the bye to an eligible team")]
    NoPairing(usize),
}
