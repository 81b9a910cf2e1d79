//! A tournament's sheet: the whole event as one plain value, read in one
//! store call ([`crate::store::Tx::sheet`]) and handed to pairing, standings,
//! the playoffs and the prizes, so that each reads the same snapshot.

use super::{ByeRequest, Pairing, PairingState, Player, PlayerId, Round, RoundId, Tournament};
use std::collections::HashSet;

/// Everything a tournament's results are worked out from: the tournament,
/// its entrants, its rounds with their tables, and the byes asked for.
///
/// The Swiss (or round-robin) stage and the top cut are kept apart: what
/// pairing and standings read is [`Sheet::rounds`] and [`Sheet::pairings`];
/// the playoff rounds and their tables are [`Sheet::playoff_rounds`] and
/// [`Sheet::playoff_pairings`]. In a team event the entrants are the teams
/// and the tables the team matches: the teams' players and the games inside
/// a match are not on the sheet (see [`super::teams`]).
///
/// A sheet is a snapshot: changing it changes nothing stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The tournament (its `last_seq` is the snapshot's).
    pub tournament: Tournament,
    /// Every entrant (singles or teams) in registration order, removed ones included.
    pub entrants: Vec<Player>,
    /// The Swiss (or round-robin) rounds, by number.
    pub rounds: Vec<Round>,
    /// The tables and byes of [`Sheet::rounds`], in the order the store gives them.
    pub pairings: Vec<Pairing>,
    /// The top cut's rounds, by number.
    pub playoff_rounds: Vec<Round>,
    /// The tables of [`Sheet::playoff_rounds`], each round's by table number (a bye last).
    pub playoff_pairings: Vec<Pairing>,
    /// Every bye request, by round then request time.
    pub byes: Vec<ByeRequest>,
}

impl Sheet {
    /// A sheet of `tournament` with no playoff stage and no bye requests:
    /// the Swiss (or round-robin) stage as given.
    #[must_use]
    pub fn new(tournament: Tournament, entrants: Vec<Player>, rounds: Vec<Round>, pairings: Vec<Pairing>) -> Sheet {
        Sheet {
            tournament,
            entrants,
            rounds,
            pairings,
            playoff_rounds: Vec::new(),
            playoff_pairings: Vec::new(),
            byes: Vec::new(),
        }
    }

    /// The entrant with id `id`, if registered (removed ones included).
    #[must_use]
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.entrants.iter().find(|p| p.id == id)
    }

    /// The Swiss (or round-robin) round numbered `number`, if created.
    #[must_use]
    pub fn round(&self, number: u32) -> Option<&Round> {
        self.rounds.iter().find(|r| r.number == number)
    }

    /// The tables and byes of the Swiss (or round-robin) round numbered
    /// `number`, in sheet order; none for a round not created.
    pub fn pairings_of_round(&self, number: u32) -> impl Iterator<Item = &Pairing> {
        let id = self.round(number).map(|r| r.id);
        self.pairings.iter().filter(move |p| Some(p.round_id) == id)
    }

    /// Each playoff round with its tables (by table number, a bye last), in round order.
    #[must_use]
    pub fn playoff_games(&self) -> Vec<(Round, Vec<Pairing>)> {
        self.playoff_rounds
            .iter()
            .map(|r| (r.clone(), self.playoff_pairings.iter().filter(|p| p.round_id == r.id).cloned().collect()))
            .collect()
    }

    /// Whether any Swiss (or round-robin) game counts: a confirmed table that is not a bye.
    #[must_use]
    pub fn started(&self) -> bool {
        self.pairings.iter().any(|p| p.state == PairingState::Confirmed && !p.is_bye())
    }

    /// The sheet as it stood after round `number`: the Swiss rounds numbered
    /// up to `number` and their tables (the playoff stage and byes as they are).
    #[must_use]
    pub fn after_round(mut self, number: u32) -> Sheet {
        self.rounds.retain(|r| r.number <= number);
        let kept: HashSet<RoundId> = self.rounds.iter().map(|r| r.id).collect();
        self.pairings.retain(|p| kept.contains(&p.round_id));
        self
    }

    /// The part of the sheet among `members` (a round-robin pool): those
    /// entrants, and the tables whose first player is one of them (a pool's
    /// tables stay within it); the rounds, playoff stage and byes as they are.
    #[must_use]
    pub fn among(&self, members: &[PlayerId]) -> Sheet {
        Sheet {
            entrants: self.entrants.iter().filter(|p| members.contains(&p.id)).cloned().collect(),
            pairings: self.pairings.iter().filter(|g| members.contains(&g.player1_id)).cloned().collect(),
            ..self.clone()
        }
    }
}
