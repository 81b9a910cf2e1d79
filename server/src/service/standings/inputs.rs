//! The engine's inputs, built from the stored rounds and tables: 40K games,
//! a chess event (one record per player per round), a crokinole event.
//!
//! Only confirmed results count (a bye counts as soon as it is published).
//! In chess and crokinole a player's number in the standings is their
//! registration number: stable, so the TO's tie decisions survive any
//! recomputation; round-robin pairing numbers follow registration order (see
//! [`crate::service::lifecycle::pairing`]), so ascending numbers mean the same order.

use crate::domain::{
    ChessResult, GameScore, MatchResult, Pairing, PairingState, Player, PlayerId, Round, RoundId, RoundStatus,
    Tournament,
};
use arbiter_engine::model::{Colour, Outcome, PlayerNo, RoundRecord, Unplayed};
use arbiter_engine::standings::crokinole::{CrokinoleGame, CrokinoleSide};
use arbiter_engine::standings::wh40k::Game;
use arbiter_engine::standings::{
    Adjustment, AdjustmentKind, CalendarDate, ChessEvent, ChessPlayer, CrokinoleEvent, PairingKind,
};
use chrono::Datelike as _;
use std::collections::HashMap;

/// The games that count: confirmed results and byes, as the engine reads them.
#[must_use]
pub fn games(rounds: &[Round], pairings: &[Pairing]) -> Vec<Game<PlayerId>> {
    as_games(rounds, pairings.iter().filter(|p| p.state == PairingState::Confirmed))
}

/// Every pairing, confirmed or not, as a "who met whom" history for pairing
/// (a reported but unconfirmed game still means the players met).
#[must_use]
pub fn history(rounds: &[Round], pairings: &[Pairing]) -> Vec<Game<PlayerId>> {
    as_games(rounds, pairings.iter())
}

/// Tables as the record-based Swiss reads them: 40K VP, or crokinole game
/// points (more points wins the game, as more VP does). A missed round
/// counted as lost is no game (see [`adjustments`]).
fn as_games<'a>(rounds: &[Round], pairings: impl Iterator<Item = &'a Pairing>) -> Vec<Game<PlayerId>> {
    let number: HashMap<RoundId, u32> = rounds.iter().map(|r| (r.id, r.number)).collect();
    pairings
        .filter(|p| !p.is_missed_round())
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
    let no: HashMap<PlayerId, PlayerNo> = entrants.iter().map(|p| (p.id, number(p))).collect();
    let rounds = played_rounds(rounds);
    let mut by_round: HashMap<(RoundId, PlayerId), &Pairing> = HashMap::new();
    for p in pairings {
        by_round.insert((p.round_id, p.player1_id), p);
        if let Some(p2) = p.player2_id {
            by_round.insert((p.round_id, p2), p);
        }
    }
    let record = |player: PlayerId, round: &Round| -> RoundRecord {
        let absent = RoundRecord::Unpaired(Unplayed::Absent);
        let Some(p) = by_round.get(&(round.id, player)) else { return absent };
        let Some(opp) = p.player2_id else {
            return RoundRecord::Unpaired(match p.result {
                Some(MatchResult::HalfPointBye) => Unplayed::HalfPointBye,
                Some(MatchResult::ZeroPointBye) => Unplayed::ZeroPointBye,
                Some(MatchResult::FullPointBye) => Unplayed::FullPointBye,
                _ => Unplayed::PairingBye,
            });
        };
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
            .map(|p| ChessPlayer {
                no: number(p),
                rating: p.profile.rating.and_then(|r| u16::try_from(r).ok()),
                rounds: rounds.iter().map(|r| record(p.id, r)).collect(),
            })
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

/// A player's adjustments, as the engine takes them (naming the player `id`).
pub fn adjustments<Id: Copy>(p: &Player, id: Id) -> Vec<Adjustment<Id>> {
    p.adjustments.iter().map(|a| Adjustment { player: id, kind: a.kind, amount: a.amount }).collect()
}

/// The rounds each player missed and lost (a late entry's, `missed: "loss"`),
/// as the engine takes them: one [`AdjustmentKind::Losses`] per round.
pub fn missed_losses(pairings: &[Pairing]) -> Vec<Adjustment<PlayerId>> {
    pairings
        .iter()
        .filter(|p| p.state == PairingState::Confirmed && p.is_missed_round())
        .map(|p| Adjustment { player: p.player1_id, kind: AdjustmentKind::Losses, amount: 1 })
        .collect()
}

/// A crokinole event: every confirmed game, every bye and every points adjustment.
#[must_use]
pub fn crokinole_event(entrants: &[&Player], pairings: &[Pairing]) -> CrokinoleEvent {
    let no: HashMap<PlayerId, PlayerNo> = entrants.iter().map(|p| (p.id, number(p))).collect();
    let adjustments = entrants.iter().flat_map(|p| adjustments(p, number(p))).collect();
    let mut event =
        CrokinoleEvent { players: no.values().copied().collect(), games: Vec::new(), byes: Vec::new(), adjustments };
    for p in pairings.iter().filter(|p| p.state == PairingState::Confirmed) {
        let Some(&a) = no.get(&p.player1_id) else { continue };
        match (p.player2_id.and_then(|id| no.get(&id)), p.score) {
            (None, _) if p.is_missed_round() => {}
            (None, _) if p.is_bye() => event.byes.push(a),
            (
                Some(&b),
                Some(GameScore::Crokinole { player1_points, player2_points, player1_twenties, player2_twenties }),
            ) => {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::PairingId;
    use crate::domain::{Game, MatchResult, PairingSystem, RoundStatus};
    use crate::service::standings::scores::tests::event;
    use uuid::Uuid;

    fn player(no: u32) -> Player {
        Player { pairing_no: Some(no), ..crate::service::standings::scores::tests::player(no) }
    }

    fn table(
        round: &Round,
        p1: &Player,
        p2: Option<&Player>,
        score: Option<GameScore>,
        state: PairingState,
    ) -> Pairing {
        Pairing {
            id: PairingId::random(),
            round_id: round.id,
            tournament_id: Uuid::nil().into(),
            table_number: u32::from(p2.is_some()),
            player1_id: p1.id,
            player2_id: p2.map(|p| p.id),
            score,
            result: score.map(|s| s.result()).or(p2.is_none().then_some(MatchResult::Bye)),
            state,
            reported_by: None,
            reported_at: None,
            dispute: None,
            to_override: false,
            override_note: None,
            rematch: false,
            created_at: 0,
            in_match: None,
        }
    }

    #[test]
    fn chess_tables_become_records_white_first() {
        let t = event(Game::Chess, PairingSystem::RoundRobin);
        let ps: Vec<Player> = (1..=5).map(player).collect();
        let round = |n: u32| Round {
            id: Uuid::from_u128(50 + u128::from(n)).into(),
            tournament_id: Uuid::nil().into(),
            number: n,
            status: RoundStatus::Active,
            mission: String::new(),
            created_at: 0,
            playoff: false,
        };
        let rounds = [round(1), round(2)];
        let chess = |result| Some(GameScore::Chess { result });
        let pairings = [
            table(&rounds[0], &ps[1], Some(&ps[4]), chess(ChessResult::BlackWinsByForfeit), PairingState::Confirmed),
            table(&rounds[0], &ps[2], Some(&ps[3]), chess(ChessResult::Draw), PairingState::Reported),
            table(&rounds[0], &ps[0], None, None, PairingState::Confirmed),
            table(&rounds[1], &ps[3], Some(&ps[0]), chess(ChessResult::DoubleForfeit), PairingState::Confirmed),
        ];
        let entrants: Vec<&Player> = ps.iter().collect();
        let e = chess_event(&t, &entrants, &rounds, &pairings);
        let rec = |no: usize| e.players[no - 1].rounds.clone();
        let forfeit =
            |opp: u32, colour, won| RoundRecord::Forfeit { opponent: PlayerNo(opp), colour: Some(colour), won };
        assert_eq!(rec(2)[0], forfeit(5, Colour::White, false));
        assert_eq!(rec(5)[0], forfeit(2, Colour::Black, true));
        // Reported but not confirmed: no game yet.
        assert_eq!(rec(3)[0], RoundRecord::Unpaired(Unplayed::Absent));
        assert_eq!(rec(1), [RoundRecord::Unpaired(Unplayed::PairingBye), forfeit(4, Colour::Black, false)]);
        assert_eq!(rec(4)[1], forfeit(1, Colour::White, false));
        assert_eq!(e.pairing, PairingKind::RoundRobin);
        assert_eq!(e.points.pairing_bye, arbiter_engine::model::Points::ZERO);
        assert_eq!(e.start_date.map(|d| d.to_string()).as_deref(), Some("2026-05-17"));
    }

    #[test]
    fn crokinole_counts_confirmed_games_and_byes() {
        let ps: Vec<Player> = (1..=3).map(player).collect();
        let r = Round {
            id: Uuid::from_u128(9).into(),
            tournament_id: Uuid::nil().into(),
            number: 1,
            status: RoundStatus::Active,
            mission: String::new(),
            created_at: 0,
            playoff: false,
        };
        let score =
            GameScore::Crokinole { player1_points: 6, player2_points: 2, player1_twenties: 3, player2_twenties: 1 };
        let pairings = [
            table(&r, &ps[1], Some(&ps[2]), Some(score), PairingState::Confirmed),
            table(&r, &ps[0], None, None, PairingState::Confirmed),
            table(&r, &ps[2], Some(&ps[0]), Some(score), PairingState::Disputed),
        ];
        let entrants: Vec<&Player> = ps.iter().collect();
        let e = crokinole_event(&entrants, &pairings);
        assert_eq!(e.byes, [PlayerNo(1)]);
        assert_eq!(e.games.len(), 1);
        assert_eq!(
            (e.games[0].a.player, e.games[0].a.twenties, e.games[0].b.player, e.games[0].b.points),
            (PlayerNo(2), 3, PlayerNo(3), 2)
        );
    }
}
