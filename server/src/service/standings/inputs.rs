//! The engine's inputs, built from the stored rounds and tables: 40K games,
//! a chess event (one record per player per round), a crokinole event.
//!
//! Only confirmed results count (a bye counts as soon as it is published).
//! In chess and crokinole a player's number in the standings is their
//! registration number: stable, so the TO's tie decisions survive any
//! recomputation; round-robin pairing numbers follow registration order (see
//! [`crate::service::pairing`]), so ascending numbers mean the same order.

use crate::domain::{ChessResult, GameScore, Pairing, PairingState, Player, Round, RoundStatus, Tournament};
use arbiter_engine::model::{Colour, Outcome, PlayerNo, RoundRecord, Unplayed};
use arbiter_engine::standings::crokinole::{CrokinoleGame, CrokinoleSide};
use arbiter_engine::standings::wh40k::Game;
use arbiter_engine::standings::{CalendarDate, ChessEvent, ChessPlayer, CrokinoleEvent, PairingKind};
use chrono::Datelike as _;
use std::collections::HashMap;
use uuid::Uuid;

/// The games that count: confirmed results and byes, as the engine reads them.
#[must_use]
pub fn games(rounds: &[Round], pairings: &[Pairing]) -> Vec<Game<Uuid>> {
    as_games(rounds, pairings.iter().filter(|p| p.state == PairingState::Confirmed))
}

/// Every pairing, confirmed or not, as a "who met whom" history for pairing
/// (a reported but unconfirmed game still means the players met).
#[must_use]
pub fn history(rounds: &[Round], pairings: &[Pairing]) -> Vec<Game<Uuid>> {
    as_games(rounds, pairings.iter())
}

/// Tables as the record-based Swiss reads them: 40K VP, or crokinole game
/// points (more points wins the game, as more VP does).
fn as_games<'a>(rounds: &[Round], pairings: impl Iterator<Item = &'a Pairing>) -> Vec<Game<Uuid>> {
    let number: HashMap<Uuid, u32> = rounds.iter().map(|r| (r.id, r.number)).collect();
    pairings
        .filter_map(|p| {
            let (vp1, vp2) = match p.score {
                Some(GameScore::Wh40k { player1_vp, player2_vp }) => (player1_vp, player2_vp),
                Some(GameScore::Crokinole { player1_points, player2_points, .. }) => (player1_points, player2_points),
                Some(GameScore::Chess { .. }) | None => (0, 0),
            };
            Some(Game { round: *number.get(&p.round_id)?, player1: p.player1_id, player2: p.player2_id, vp1, vp2 })
        })
        .collect()
}

/// The entrants standings are computed over, in registration order: every
/// registration except players the TO removed before a result of theirs
/// counted; in a round robin already drawn, the players in its table.
#[must_use]
pub fn entrants<'a>(t: &Tournament, players: &'a [Player], pairings: &[Pairing]) -> Vec<&'a Player> {
    let drawn = t.pairing_system.is_round_robin() && players.iter().any(|p| p.pairing_no.is_some());
    players
        .iter()
        .filter(|p| {
            if drawn {
                p.pairing_no.is_some()
            } else {
                !p.removed || pairings.iter().any(|g| g.state == PairingState::Confirmed && g.has_player(p.id))
            }
        })
        .collect()
}

/// The player's number in chess and crokinole standings.
#[must_use]
pub fn number(p: &Player) -> PlayerNo {
    PlayerNo(p.registration_no)
}

/// The rounds whose tables count: every round paired so far, in order.
fn played_rounds(rounds: &[Round]) -> Vec<&Round> {
    rounds.iter().filter(|r| r.status != RoundStatus::Pending).collect()
}

/// A chess event: each entrant's record round by round. A game not yet
/// confirmed is a round without a game (no points) until it is.
#[must_use]
pub fn chess_event(t: &Tournament, entrants: &[&Player], rounds: &[Round], pairings: &[Pairing]) -> ChessEvent {
    let no: HashMap<Uuid, PlayerNo> = entrants.iter().map(|p| (p.id, number(p))).collect();
    let rounds = played_rounds(rounds);
    let mut by_round: HashMap<(Uuid, Uuid), &Pairing> = HashMap::new();
    for p in pairings {
        by_round.insert((p.round_id, p.player1_id), p);
        if let Some(p2) = p.player2_id {
            by_round.insert((p.round_id, p2), p);
        }
    }
    let record = |player: Uuid, round: &Round| -> RoundRecord {
        let absent = RoundRecord::Unpaired(Unplayed::Absent);
        let Some(p) = by_round.get(&(round.id, player)) else { return absent };
        let Some(opp) = p.player2_id else { return RoundRecord::Unpaired(Unplayed::PairingBye) };
        let white = p.player1_id == player;
        let (Some(&opponent), Some(GameScore::Chess { result }), PairingState::Confirmed) =
            (no.get(if white { &opp } else { &p.player1_id }), p.score, p.state)
        else {
            return absent;
        };
        let colour = if white { Colour::White } else { Colour::Black };
        let played = |white_outcome: Outcome| RoundRecord::Played {
            opponent,
            colour,
            outcome: if white { white_outcome } else { white_outcome.reversed() },
            rated: true,
        };
        let forfeit = |white_won: Option<bool>| RoundRecord::Forfeit {
            opponent,
            colour: Some(colour),
            won: white_won.is_some_and(|w| w == white),
        };
        match result {
            ChessResult::WhiteWins => played(Outcome::Win),
            ChessResult::Draw => played(Outcome::Draw),
            ChessResult::BlackWins => played(Outcome::Loss),
            ChessResult::WhiteWinsByForfeit => forfeit(Some(true)),
            ChessResult::BlackWinsByForfeit => forfeit(Some(false)),
            ChessResult::DoubleForfeit => forfeit(None),
        }
    };
    let d = t.event_date;
    ChessEvent {
        players: entrants
            .iter()
            .map(|p| ChessPlayer { no: number(p), rating: None, rounds: rounds.iter().map(|r| record(p.id, r)).collect() })
            .collect(),
        points: t.points.unwrap_or_default(),
        pairing: if t.pairing_system.is_round_robin() { PairingKind::RoundRobin } else { PairingKind::Swiss },
        start_date: Some(CalendarDate {
            year: u16::try_from(d.year()).unwrap_or(0),
            month: u8::try_from(d.month()).unwrap_or(1),
            day: u8::try_from(d.day()).unwrap_or(1),
        }),
        total_rounds: Some(t.total_rounds),
    }
}

/// A crokinole event: every confirmed game and every bye.
#[must_use]
pub fn crokinole_event(entrants: &[&Player], pairings: &[Pairing]) -> CrokinoleEvent {
    let no: HashMap<Uuid, PlayerNo> = entrants.iter().map(|p| (p.id, number(p))).collect();
    let mut event = CrokinoleEvent { players: no.values().copied().collect(), games: Vec::new(), byes: Vec::new() };
    for p in pairings.iter().filter(|p| p.state == PairingState::Confirmed) {
        let Some(&a) = no.get(&p.player1_id) else { continue };
        match (p.player2_id.and_then(|id| no.get(&id)), p.score) {
            (None, _) if p.is_bye() => event.byes.push(a),
            (Some(&b), Some(GameScore::Crokinole { player1_points, player2_points, player1_twenties, player2_twenties })) => {
                event.games.push(CrokinoleGame {
                    a: CrokinoleSide { player: a, points: player1_points, twenties: player1_twenties },
                    b: CrokinoleSide { player: b, points: player2_points, twenties: player2_twenties },
                });
            }
            _ => {}
        }
    }
    event
}
