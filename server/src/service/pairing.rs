//! Who plays whom next round: one match arm per pairing system, each
//! returning the same [`Paired`] for [`super::rounds::generate`] to publish.
//!
//! - Record-based Swiss ([`swiss_record`]): 40K ranks by the seed's order
//!   (wins, margin, SOS, VP, registration); crokinole by its standings.
//! - Round robin ([`berger_schedule`]): FIDE Berger tables, C.05 Annex 1.
//!   When round 1 is paired the checked-in players get pairing numbers 1..n
//!   in registration order and the event's round count follows from n
//!   (n − 1 rounds, or n for an odd field, twice for a double round robin).
//!   Player 1 of each table is White (in crokinole: shoots first). In an odd
//!   field the player drawn against the dummy has a bye (the event's bye
//!   points, none by default). A withdrawn player's games stay in the table:
//!   in chess they are forfeits (1F-0F for the opponent, 0F-0F if both
//!   withdrew), published as results; in crokinole the TO sets them.
//! - FIDE Dutch: not available yet (501 `pairing_system_unavailable`).

use super::views::Roster;
use crate::domain::{ChessResult, Game, Pairing, PairingSystem, Player, Round, Tournament};
use crate::error::{ApiError, ApiResult};
use arbiter_engine::pairing::round_robin::{berger_schedule, Cycles};
use arbiter_engine::pairing::swiss_record::{self, PairingWarning};
use std::collections::HashMap;
use uuid::Uuid;

/// A table to publish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairedTable {
    /// Table number, from 1.
    pub number: u32,
    /// The higher seed (Swiss) or White (round robin).
    pub player1: Uuid,
    /// The opponent.
    pub player2: Uuid,
    /// Whether they met before (a rematch no pairing avoids).
    pub rematch: bool,
    /// A result known when pairing: a withdrawn player's chess forfeit.
    pub forfeit: Option<ChessResult>,
}

/// A paired round, whatever the system.
#[derive(Clone, Debug, Default)]
pub struct Paired {
    /// The tables, table 1 first.
    pub tables: Vec<PairedTable>,
    /// The player with the bye.
    pub bye: Option<Uuid>,
    /// What the TO should know, in words.
    pub warnings: Vec<String>,
    /// Round-robin pairing numbers given now (round 1).
    pub numbers: Vec<(Uuid, u32)>,
    /// The round robin's number of rounds, set when round 1 is paired.
    pub total_rounds: Option<u32>,
}

/// Pairs round `number` of `t`. Runs the engine synchronously: call it off
/// the async runtime.
///
/// # Errors
/// 409 `cannot_pair` when the engine refuses the field; 501
/// `pairing_system_unavailable` for FIDE Dutch.
pub fn pair(t: &Tournament, players: &[Player], rounds: &[Round], pairings: &[Pairing], number: u32) -> ApiResult<Paired> {
    match t.pairing_system {
        PairingSystem::SwissRecord => swiss(t, players, rounds, pairings),
        PairingSystem::RoundRobin => round_robin(t, players, number, Cycles::Single),
        PairingSystem::DoubleRoundRobin => round_robin(t, players, number, Cycles::Double),
        PairingSystem::Dutch => Err(ApiError::not_implemented(
            "pairing_system_unavailable",
            "FIDE Dutch pairing is not available on this server yet. The event keeps its settings; pair it once Dutch pairing is installed.",
        )),
    }
}

fn cannot_pair(e: impl std::fmt::Display) -> ApiError {
    ApiError::conflict("cannot_pair", format!("The round cannot be paired: {e}"))
}

/// Record-based Swiss over the active players, in standings order.
fn swiss(t: &Tournament, players: &[Player], rounds: &[Round], pairings: &[Pairing]) -> ApiResult<Paired> {
    let active = |id: Uuid| players.iter().any(|p| p.id == id && p.is_active());
    let ranked: Vec<Uuid> = if t.game == Game::Wh40k {
        super::standings::compute(t, players, rounds, pairings)?.iter().map(|s| s.id).filter(|&id| active(id)).collect()
    } else {
        let c = super::standings::compute_all(t, players, rounds, pairings)?;
        c.resolved.rows.iter().filter_map(|r| c.by_no.get(&r.player)).map(|p| p.id).filter(|&id| active(id)).collect()
    };
    let history = super::standings::history(rounds, pairings);
    let paired = swiss_record::pair_round(&ranked, &history).map_err(cannot_pair)?;
    let rematch: Vec<(Uuid, Uuid)> = paired
        .warnings
        .iter()
        .filter_map(|w| match w {
            PairingWarning::Rematch { player1, player2, .. } => Some((*player1, *player2)),
            PairingWarning::RepeatBye { .. } => None,
        })
        .collect();
    let names = super::views::roster(players);
    Ok(Paired {
        tables: paired
            .tables
            .iter()
            .map(|tb| PairedTable {
                number: tb.number,
                player1: tb.player1,
                player2: tb.player2,
                rematch: rematch.contains(&(tb.player1, tb.player2)) || rematch.contains(&(tb.player2, tb.player1)),
                forfeit: None,
            })
            .collect(),
        bye: paired.bye,
        warnings: describe(&paired.warnings, &names),
        ..Paired::default()
    })
}

/// Round `number` of the Berger table of the event's field.
fn round_robin(t: &Tournament, players: &[Player], number: u32, cycles: Cycles) -> ApiResult<Paired> {
    let drawn = players.iter().any(|p| p.pairing_no.is_some());
    let mut numbers = Vec::new();
    let field: HashMap<u32, &Player> = if drawn {
        players.iter().filter_map(|p| p.pairing_no.map(|n| (n, p))).collect()
    } else {
        let active: Vec<&Player> = players.iter().filter(|p| p.is_active()).collect();
        numbers = active.iter().zip(1..).map(|(p, n)| (p.id, n)).collect();
        active.into_iter().zip(1..).map(|(p, n)| (n, p)).collect()
    };
    let n = u32::try_from(field.len()).unwrap_or(u32::MAX);
    let schedule = berger_schedule(n, cycles).map_err(cannot_pair)?;
    let total = u32::try_from(schedule.len()).unwrap_or(u32::MAX);
    let round = schedule.get(number.saturating_sub(1) as usize).ok_or_else(|| {
        ApiError::conflict("all_rounds_played", format!("The round robin of {n} players has {total} rounds; all are paired."))
    })?;
    let mut warnings = Vec::new();
    if !drawn && t.total_rounds != 0 && t.total_rounds != total {
        warnings.push(format!(
            "A {} of {n} players has {total} rounds, not the {} planned: the event now plans {total}.",
            t.pairing_system.label().to_lowercase(),
            t.total_rounds
        ));
    }
    let seat = |no: u32| field.get(&no).copied();
    let gone = |p: &Player| p.dropped || p.removed;
    let mut tables = Vec::with_capacity(round.boards.len());
    for (board, k) in round.boards.iter().zip(1..) {
        let (Some(white), Some(black)) = (seat(board.white.0), seat(board.black.0)) else {
            return Err(ApiError::internal(format!("round robin table names pairing number {} or {} with no player", board.white, board.black)));
        };
        let forfeit = match (t.game, gone(white), gone(black)) {
            (Game::Chess, true, true) => Some(ChessResult::DoubleForfeit),
            (Game::Chess, true, false) => Some(ChessResult::BlackWinsByForfeit),
            (Game::Chess, false, true) => Some(ChessResult::WhiteWinsByForfeit),
            _ => None,
        };
        for p in [white, black].into_iter().filter(|p| gone(p)) {
            warnings.push(match forfeit {
                Some(r) => format!("Table {k}: {} has withdrawn; the game is recorded {r}.", p.display_name),
                None => format!("Table {k}: {} has withdrawn; set this table's result as organiser.", p.display_name),
            });
        }
        tables.push(PairedTable { number: k, player1: white.id, player2: black.id, rematch: false, forfeit });
    }
    Ok(Paired {
        tables,
        bye: round.bye.and_then(|b| seat(b.0)).map(|p| p.id),
        warnings,
        numbers,
        total_rounds: (!drawn).then_some(total),
    })
}

fn describe(warnings: &[PairingWarning<Uuid>], names: &Roster) -> Vec<String> {
    let name = |id: &Uuid| names.get(id).map_or_else(|| id.to_string(), |s| s.name.clone());
    let rounds = |r: &[u32]| r.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
    warnings
        .iter()
        .map(|w| match w {
            PairingWarning::Rematch { player1, player2, previous_rounds } => format!(
                "Rematch: {} and {} already met in round {}; no pairing of the field avoids it.",
                name(player1),
                name(player2),
                rounds(previous_rounds)
            ),
            PairingWarning::RepeatBye { player, previous_rounds } => format!(
                "{} gets a second bye (had one in round {}): every active player has had one.",
                name(player),
                rounds(previous_rounds)
            ),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::scores::tests::event;

    fn players(n: u32) -> Vec<Player> {
        (1..=n)
            .map(|no| Player {
                id: Uuid::from_u128(u128::from(no)),
                tournament_id: Uuid::nil(),
                user_id: Uuid::nil(),
                registration_no: no,
                pairing_no: None,
                display_name: format!("P{no}"),
                faction: String::new(),
                list_text: None,
                checked_in: true,
                dropped: false,
                removed: false,
                registered_at: 0,
                profile: crate::domain::PlayerProfile::default(),
            })
            .collect()
    }

    fn id(no: u128) -> Uuid {
        Uuid::from_u128(no)
    }

    #[test]
    fn round_one_numbers_the_checked_in_players_in_registration_order() {
        let mut t = event(Game::Chess, PairingSystem::RoundRobin);
        t.total_rounds = 7;
        let mut ps = players(6);
        ps[2].checked_in = false;
        let p = pair(&t, &ps, &[], &[], 1).unwrap_or_default();
        // Five players: P1, P2, P4, P5, P6 get 1..5; C.05 Annex 1 "5 or 6 players", Rd 1: 1-6 (bye), 2-5, 3-4.
        assert_eq!(p.numbers, [(id(1), 1), (id(2), 2), (id(4), 3), (id(5), 4), (id(6), 5)]);
        assert_eq!(p.total_rounds, Some(5));
        assert_eq!(p.bye, Some(id(1)));
        let tables: Vec<(Uuid, Uuid)> = p.tables.iter().map(|t| (t.player1, t.player2)).collect();
        assert_eq!(tables, [(id(2), id(6)), (id(4), id(5))]);
        assert!(p.warnings.iter().any(|w| w.contains("has 5 rounds, not the 7 planned")), "{:?}", p.warnings);
    }

    #[test]
    fn a_withdrawn_players_chess_games_are_forfeits() {
        let t = event(Game::Chess, PairingSystem::RoundRobin);
        let mut ps = players(4);
        for p in &mut ps {
            p.pairing_no = Some(p.registration_no);
        }
        ps[3].dropped = true;
        ps[1].removed = true;
        // C.05 Annex 1 "3 or 4 players", Rd 2: 4-3, 1-2.
        let p = pair(&t, &ps, &[], &[], 2).unwrap_or_default();
        let got: Vec<(Uuid, Uuid, Option<ChessResult>)> = p.tables.iter().map(|t| (t.player1, t.player2, t.forfeit)).collect();
        assert_eq!(got, [(id(4), id(3), Some(ChessResult::BlackWinsByForfeit)), (id(1), id(2), Some(ChessResult::WhiteWinsByForfeit))]);
        assert_eq!((p.numbers.len(), p.total_rounds, p.warnings.len()), (0, None, 2));
        // Crokinole leaves them to the TO.
        let c = pair(&event(Game::Crokinole, PairingSystem::RoundRobin), &ps, &[], &[], 2).unwrap_or_default();
        assert!(c.tables.iter().all(|t| t.forfeit.is_none()) && c.warnings.len() == 2);
    }

    #[test]
    fn dutch_waits_for_its_engine() {
        let t = event(Game::Chess, PairingSystem::Dutch);
        let e = pair(&t, &players(4), &[], &[], 1).err();
        assert_eq!(e.map(|e| e.code()), Some("pairing_system_unavailable"));
    }
}
