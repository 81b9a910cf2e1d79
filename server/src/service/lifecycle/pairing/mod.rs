//! Who plays whom next round: one match arm per pairing system, each
//! returning the same [`Paired`] for [`crate::service::lifecycle::rounds::generate`] to publish.
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
//! - FIDE Dutch ([`dutch`]): C.04.3 through the engine. Pairing numbers
//!   follow the initial ranking (C.04.2 art. 2: rating, then FIDE title,
//!   then name) and are kept from round to round; a late entry renumbers the
//!   field. Players who withdrew or are not checked in are absent; players
//!   with a bye arranged for the round are left out and get that bye. The
//!   initial colour (C.04.3 art. 5.1, drawn by lot) comes from the event's
//!   random id, so it is fixed for the event and different between events.

use crate::domain::{
    Acceleration, ByeKind, ChessResult, Game, PairingSystem, Player, PlayerId, Round, RoundOne, Sheet,
};
use crate::error::{ApiError, ApiResult, Code, Fill};
use crate::service::views::Roster;
use arbiter_engine::model::{PlayerNo, PointSystem, Points, RoundRecord, Unplayed};
use arbiter_engine::pairing::dutch::{self, PairingError, PlayerInput, RoundInput, RoundStatus};
use arbiter_engine::pairing::initial::Entrant;
use arbiter_engine::pairing::round_robin::{berger_schedule, Cycles};
use arbiter_engine::pairing::swiss_record::{self, PairingWarning, SwissProcedure};
use arbiter_engine::standings::StandingsConfig;
use std::collections::{HashMap, HashSet};

/// A table to publish.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PairedTable {
    /// Table number, from 1.
    pub number: u32,
    /// The higher seed (Swiss) or White (round robin).
    pub player1: PlayerId,
    /// The opponent.
    pub player2: PlayerId,
    /// Whether they met before (a rematch no pairing avoids).
    pub rematch: bool,
    /// A result known when pairing: a withdrawn player's chess forfeit.
    pub forfeit: Option<ChessResult>,
}

/// A paired round, whatever the system (stored as JSON while it is a draft).
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Paired {
    /// The tables, table 1 first.
    pub tables: Vec<PairedTable>,
    /// The player with the bye.
    pub bye: Option<PlayerId>,
    /// What the TO should know, in words.
    pub warnings: Vec<String>,
    /// Round-robin pairing numbers given now (round 1).
    pub numbers: Vec<(PlayerId, u32)>,
    /// The round robin's number of rounds, set when round 1 is paired.
    pub total_rounds: Option<u32>,
    /// Players left out with the bye arranged for them (Swiss chess).
    pub byes: Vec<(PlayerId, ByeKind)>,
    /// Round-robin pools: the byes of the odd pools (`bye` stays empty).
    pub pool_byes: Vec<PlayerId>,
    /// Why the engine paired as it did, in the terms of the rules (asked for
    /// a draft: the Dutch explanation per bracket; the records of a
    /// record-based Swiss's tables; the Berger table's round).
    #[serde(default)]
    pub explanation: Option<String>,
}

/// Pairs round `number` of the sheet's tournament from its Swiss stage (and,
/// in Dutch, its bye requests). Runs the engine synchronously: call it off
/// the async runtime.
///
/// # Errors
/// 409 `cannot_pair` when the engine refuses the field, and 409
/// `no_legal_pairing` when no Dutch pairing meets the absolute criteria.
pub fn pair(sheet: &Sheet, number: u32, explain: bool) -> ApiResult<Paired> {
    let mut paired = match sheet.tournament.pairing_system {
        PairingSystem::SwissRecord => swiss(sheet, explain)?,
        PairingSystem::RoundRobin => round_robin(sheet, number, Cycles::Single)?,
        PairingSystem::DoubleRoundRobin => round_robin(sheet, number, Cycles::Double)?,
        PairingSystem::Dutch => dutch(sheet, number, explain)?,
    };
    if explain && paired.explanation.is_none() {
        paired.explanation = Some(format!(
            "Round {number} of the Berger table (FIDE C.05 Annex 1) for the players' pairing numbers: \
             the table decides every pairing and colour."
        ));
    }
    Ok(paired)
}

fn cannot_pair(e: impl std::fmt::Display) -> ApiError {
    ApiError::conflict(Code::CannotPair, format!("The round cannot be paired: {e}"))
}

/// Record-based Swiss over the active players: 40K by the event's
/// procedure and its pairing order (the seed's fold by default, by wins,
/// margin, SOS, registration); crokinole by the fold, in standings order.
fn swiss(sheet: &Sheet, explain: bool) -> ApiResult<Paired> {
    let Sheet { tournament: t, entrants: players, rounds, pairings, .. } = sheet;
    let active = |id: PlayerId| players.iter().any(|p| p.id == id && p.is_active());
    let procedure = match &t.standings {
        StandingsConfig::Wh40k(c) => c.pairing,
        _ => SwissProcedure::Fold,
    };
    // Each active player's record as the pairing reads it (40K: W-L-D; crokinole: points).
    let mut records: HashMap<PlayerId, String> = HashMap::new();
    // 40K groups by the standings' records, adjustments included (a win a
    // penalty took away, a late entry's missed rounds counted as losses).
    let mut adjusted: Option<Vec<swiss_record::Record>> = None;
    let ranked: Vec<PlayerId> = if t.game == Game::Wh40k {
        let standings = crate::service::standings::compute(sheet)?;
        let mut by_id: HashMap<PlayerId, swiss_record::Record> = HashMap::new();
        for s in &standings {
            records.insert(s.id, format!("{}-{}-{}", s.wins, s.losses, s.draws));
            by_id.insert(s.id, swiss_record::Record { wins: s.wins, losses: s.losses, draws: s.draws });
        }
        let mut ranked: Vec<PlayerId> = procedure.order(&standings).into_iter().filter(|&id| active(id)).collect();
        if pairings.is_empty() {
            first_round_order(t.round_one, players, &mut ranked);
        }
        adjusted = Some(ranked.iter().map(|id| by_id.get(id).copied().unwrap_or_default()).collect());
        ranked
    } else {
        let c = crate::service::standings::compute_all(sheet)?;
        for r in &c.resolved.rows {
            if let Some(p) = c.by_no.get(&r.player) {
                records.insert(p.id, format!("{} pts", r.score.display));
            }
        }
        c.resolved.rows.iter().filter_map(|r| c.by_no.get(&r.player)).map(|p| p.id).filter(|&id| active(id)).collect()
    };
    // Pairs the organiser keeps apart weigh as if they had met ("round 0").
    let mut history = crate::service::standings::history(rounds, pairings);
    let avoided = t.constraints.pairs_to_avoid(players);
    history.extend(avoided.iter().map(|&(a, b)| arbiter_engine::standings::wh40k::Game {
        round: 0,
        player1: a,
        player2: Some(b),
        vp1: 0,
        vp2: 0,
    }));
    let paired = match &adjusted {
        Some(records) => swiss_record::pair_round_by_records(&ranked, records, &history, procedure),
        None => swiss_record::pair_round(&ranked, &history, procedure),
    }
    .map_err(cannot_pair)?;
    let rematch: Vec<(PlayerId, PlayerId)> = paired
        .warnings
        .iter()
        .filter_map(|w| match w {
            PairingWarning::Rematch { player1, player2, .. } => Some((*player1, *player2)),
            _ => None,
        })
        .collect();
    let names = crate::service::views::roster(players);
    let tables: Vec<PairedTable> = paired
        .tables
        .iter()
        .map(|tb| PairedTable {
            number: tb.number,
            player1: tb.player1,
            player2: tb.player2,
            rematch: rematch.contains(&(tb.player1, tb.player2)) || rematch.contains(&(tb.player2, tb.player1)),
            forfeit: None,
        })
        .collect();
    let explanation = explain.then(|| {
        let first = match t.round_one {
            _ if t.game != Game::Wh40k || !pairings.is_empty() => String::new(),
            RoundOne::Registration => String::new(),
            RoundOne::Random { seed } => {
                format!("Round 1 order: a random draw, seed {seed} (the same seed gives the same draw).\n")
            }
            RoundOne::Rating => "Round 1 order: by rating, highest first, the unrated after the rated.\n".to_string(),
        };
        first + &swiss_explanation(procedure, &ranked, &tables, paired.bye, &records, &names)
    });
    Ok(Paired {
        tables,
        bye: paired.bye,
        warnings: describe(&paired.warnings, &names),
        explanation,
        ..Paired::default()
    })
}

/// Round 1 of a 40K event, where every record is equal: `ranked` (in
/// registration order, the seed's procedure) reordered by the event's
/// choice: a random draw from its seed (the same seed and field give the
/// same order), or rating, highest first, the unrated after the rated.
fn first_round_order(how: RoundOne, players: &[Player], ranked: &mut [PlayerId]) {
    let of = |id: &PlayerId| players.iter().find(|p| p.id == *id);
    let registration = |id: &PlayerId| of(id).map_or(u32::MAX, |p| p.registration_no);
    match how {
        RoundOne::Registration => {}
        RoundOne::Random { seed } => {
            ranked.sort_by_key(registration);
            crate::domain::seeded_shuffle(ranked, seed);
        }
        RoundOne::Rating => {
            ranked.sort_by_key(|id| (std::cmp::Reverse(of(id).and_then(|p| p.profile.rating)), registration(id)));
        }
    }
}

/// Why a record-based Swiss paired as it did: the pairing order (the
/// event's procedure over the standings), then each table with both
/// players' place and record; a table across records (a floater) and a
/// rematch are named.
fn swiss_explanation(
    procedure: SwissProcedure,
    ranked: &[PlayerId],
    tables: &[PairedTable],
    bye: Option<PlayerId>,
    records: &HashMap<PlayerId, String>,
    names: &Roster,
) -> String {
    let name = |id: &PlayerId| names.get(id).map_or_else(|| id.to_string(), |s| s.name.clone());
    let place = |id: &PlayerId| ranked.iter().position(|x| x == id).map_or(0, |k| k + 1);
    let record = |id: &PlayerId| records.get(id).cloned().unwrap_or_default();
    let mut out = format!(
        "Pairing order ({procedure:?}): the players ranked by the standings, then paired from the top, \
         each with the highest-placed player they have not met.\n"
    );
    for tb in tables {
        let (a, b) = (&tb.player1, &tb.player2);
        out.push_str(&format!(
            "Table {}: {}. {} ({}) v {}. {} ({})",
            tb.number,
            place(a),
            name(a),
            record(a),
            place(b),
            name(b),
            record(b)
        ));
        if record(a) != record(b) {
            out.push_str(&format!(" — {} floats down to a lower record", name(a)));
        }
        if tb.rematch {
            out.push_str(" — a rematch no pairing of the field avoids");
        }
        out.push('\n');
    }
    if let Some(b) = bye {
        out.push_str(&format!("Bye: {} ({}), the lowest-placed player without a bye yet.\n", name(&b), record(&b)));
    }
    out
}

/// Round `number` of the Berger table of the event's field.
fn round_robin(sheet: &Sheet, number: u32, cycles: Cycles) -> ApiResult<Paired> {
    let Sheet { tournament: t, entrants: players, .. } = sheet;
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
        ApiError::conflict(
            Code::AllRoundsPlayed,
            format!("The round robin of {n} players has {total} rounds; all are paired."),
        )
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
            return Err(ApiError::internal(format!(
                "round robin table names pairing number {} or {} with no player",
                board.white, board.black
            )));
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
        byes: Vec::new(),
        pool_byes: Vec::new(),
        explanation: None,
    })
}

/// Round `number` of an event played in pools ([`crate::service::lifecycle::pools`]), from the
/// sheet's entrants: every pool's Berger round of that number at once, tables numbered across the
/// pools (pool A's first), the byes of odd pools together. When round 1 is
/// paired the pools' players get pairing numbers pool by pool (pool A's
/// 1..a, then pool B's…), and the event's round count is the longest pool's.
///
/// # Errors
/// 409 `pools_stale` when, at round 1, a pool holds a player no longer
/// checked in or a checked-in player is in no pool; 409 `all_rounds_played`
/// past the longest pool's last round.
pub fn pools_round(sheet: &Sheet, pools: &[Vec<PlayerId>], number: u32, cycles: Cycles) -> ApiResult<Paired> {
    let Sheet { tournament: t, entrants: players, .. } = sheet;
    let drawn = players.iter().any(|p| p.pairing_no.is_some());
    let by_id: HashMap<PlayerId, &Player> = players.iter().map(|p| (p.id, p)).collect();
    let mut numbers = Vec::new();
    if !drawn {
        let stale = |m: String| {
            ApiError::conflict(Code::PoolsStale, format!("{m} since the pools were set: set the pools again."))
        };
        for id in pools.iter().flatten() {
            match by_id.get(id) {
                Some(p) if p.is_active() => {}
                Some(p) => return Err(stale(format!("{} is no longer checked in or has withdrawn", p.display_name))),
                None => return Err(stale("A pool's player has been removed".into())),
            }
        }
        if let Some(p) = players.iter().find(|p| p.is_active() && !pools.iter().flatten().any(|id| *id == p.id)) {
            return Err(stale(format!("{} has checked in", p.display_name)));
        }
        numbers = pools.iter().flatten().copied().zip(1..).collect();
    }
    let mut paired = Paired { numbers, ..Paired::default() };
    let mut total = 0u32;
    let mut k = 0u32;
    let gone = |p: &Player| p.dropped || p.removed;
    for pool in pools {
        let n = u32::try_from(pool.len()).unwrap_or(u32::MAX);
        let schedule = berger_schedule(n, cycles).map_err(cannot_pair)?;
        total = total.max(u32::try_from(schedule.len()).unwrap_or(u32::MAX));
        let Some(round) = schedule.get(number.saturating_sub(1) as usize) else { continue };
        let seat = |no: u32| pool.get(no.saturating_sub(1) as usize).and_then(|id| by_id.get(id).copied());
        for board in &round.boards {
            let (Some(first), Some(second)) = (seat(board.white.0), seat(board.black.0)) else {
                return Err(ApiError::internal(format!(
                    "pool table names pairing number {} or {} with no player",
                    board.white, board.black
                )));
            };
            k += 1;
            for p in [first, second].into_iter().filter(|p| gone(p)) {
                paired.warnings.push(format!(
                    "Table {k}: {} has withdrawn; set this table's result as organiser.",
                    p.display_name
                ));
            }
            paired.tables.push(PairedTable {
                number: k,
                player1: first.id,
                player2: second.id,
                rematch: false,
                forfeit: None,
            });
        }
        paired.pool_byes.extend(round.bye.and_then(|b| seat(b.0)).map(|p| p.id));
    }
    if number > total {
        return Err(ApiError::conflict(
            Code::AllRoundsPlayed,
            format!("The pools' round robins have {total} rounds; all are paired."),
        ));
    }
    if !drawn && t.total_rounds != 0 && t.total_rounds != total {
        paired.warnings.push(format!(
            "The pools play {total} rounds, not the {} planned: the event now plans {total}.",
            t.total_rounds
        ));
    }
    paired.total_rounds = (!drawn).then_some(total);
    Ok(paired)
}

/// The initial ranking of the field (C.04.2 art. 2.2, see
/// [`arbiter_engine::pairing::initial`]): rating (unrated last), FIDE title,
/// name, then registration.
#[must_use]
fn initial_ranking<'a>(players: impl IntoIterator<Item = &'a Player>) -> Vec<&'a Player> {
    let field: Vec<&Player> = players.into_iter().collect();
    let entrants: Vec<Entrant<'_>> = field
        .iter()
        .map(|p| Entrant {
            rating: p.profile.rating,
            title: p.profile.title.as_deref(),
            name: &p.display_name,
            registration: p.registration_no,
        })
        .collect();
    arbiter_engine::pairing::initial::initial_ranking(&entrants)
        .into_iter()
        .filter_map(|i| field.get(i).copied())
        .collect()
}

/// The Swiss field's pairing numbers: the players not removed before
/// playing, numbered by the initial ranking; kept from round to round unless
/// someone in the field has none yet (a late entry), then renumbered.
#[must_use]
fn dutch_numbers(sheet: &Sheet) -> Vec<(&Player, u32)> {
    let field = crate::service::standings::entrants(&sheet.tournament, &sheet.entrants, &sheet.pairings);
    if field.iter().all(|p| p.pairing_no.is_some()) {
        let mut kept: Vec<(&Player, u32)> = field.iter().filter_map(|p| p.pairing_no.map(|n| (*p, n))).collect();
        kept.sort_by_key(|&(_, n)| n);
        return kept;
    }
    initial_ranking(field).into_iter().zip(1..).collect()
}

/// A Swiss chess field as the Dutch engine sees it.
pub struct DutchField<'a> {
    /// The engine's input: every numbered player's record in the rounds
    /// before the one paired, by pairing number.
    pub input: RoundInput,
    /// The registration of each of `input.players`, in the same order.
    pub players: Vec<&'a Player>,
    /// Players left out of the round with the bye arranged for them.
    pub byes: Vec<(PlayerId, ByeKind)>,
}

/// The field of a Swiss chess event for pairing round `number`, from the
/// sheet's Swiss stage and bye requests.
#[must_use]
pub fn dutch_input(sheet: &Sheet, number: u32) -> DutchField<'_> {
    let Sheet { tournament: t, rounds, pairings, byes, .. } = sheet;
    let numbered = dutch_numbers(sheet);
    let field: Vec<&Player> = numbered.iter().map(|&(p, _)| p).collect();
    let tpn: HashMap<PlayerNo, PlayerNo> =
        numbered.iter().map(|&(p, n)| (crate::service::standings::number(p), PlayerNo(n))).collect();
    let earlier: Vec<Round> = rounds.iter().filter(|r| r.number < number).cloned().collect();
    let event = crate::service::standings::chess_event(t, &field, &earlier, pairings);
    let renumber = |r: RoundRecord| match r {
        RoundRecord::Played { opponent, colour, outcome, rated } => {
            RoundRecord::Played { opponent: tpn.get(&opponent).copied().unwrap_or(opponent), colour, outcome, rated }
        }
        RoundRecord::Forfeit { opponent, colour, won } => {
            RoundRecord::Forfeit { opponent: tpn.get(&opponent).copied().unwrap_or(opponent), colour, won }
        }
        other => other,
    };
    let mut arranged = Vec::new();
    let points = t.points.unwrap_or_default();
    let virtual_points = acceleration(sheet, &numbered, &points);
    let players = numbered
        .iter()
        .zip(event.players)
        .map(|(&(p, n), record)| {
            let bye = byes.iter().find(|b| b.player_id == p.id && b.round == number);
            let status = match bye {
                _ if p.dropped || p.removed => RoundStatus::Out(Unplayed::Absent),
                Some(b) => {
                    arranged.push((p.id, b.kind));
                    RoundStatus::Out(unplayed(b.kind))
                }
                None if !p.checked_in => RoundStatus::Out(Unplayed::Absent),
                None => RoundStatus::Pair,
            };
            PlayerInput {
                id: PlayerNo(n),
                rating: p.profile.rating.unwrap_or(0),
                history: record.rounds.into_iter().map(renumber).collect(),
                virtual_points: virtual_points.get(&p.id).cloned().unwrap_or_default(),
                status,
            }
        })
        .collect();
    let input = RoundInput {
        round: number,
        total_rounds: t.total_rounds,
        initial_colour: t.initial_colour_drawn(),
        points,
        players,
        forbidden: Vec::new(),
    };
    DutchField { input, players: field, byes: arranged }
}

/// Each player's virtual points by round under the event's acceleration
/// (FIDE C.04.7): the Baku method over the pairing numbers, or the points
/// given (TRF `XXA`); none when the event is not accelerated.
///
/// Baku's group A is fixed before round 1 ("The last GA-player shall be the
/// same as in the previous round"): the players who registered after round 1
/// was paired are late entries, left out when the last GA player is found,
/// and in GA only when ranked above that player.
fn acceleration(sheet: &Sheet, numbered: &[(&Player, u32)], points: &PointSystem) -> HashMap<PlayerId, Vec<Points>> {
    let Sheet { tournament: t, rounds, pairings, .. } = sheet;
    match &t.acceleration {
        Acceleration::None => HashMap::new(),
        Acceleration::Baku => {
            let ids: Vec<PlayerNo> = numbered.iter().map(|&(_, n)| PlayerNo(n)).collect();
            let round_1 = rounds.iter().find(|r| r.number == 1 && !r.playoff).map(|r| r.id);
            let paired_at = pairings.iter().filter(|g| Some(g.round_id) == round_1).map(|g| g.created_at).min();
            let late: HashSet<PlayerNo> = numbered
                .iter()
                .filter(|&&(p, _)| paired_at.is_some_and(|at| p.registered_at > at))
                .map(|&(_, n)| PlayerNo(n))
                .collect();
            let by_no =
                dutch::baku_virtual_points_with_late_entries(&ids, |p| late.contains(&p), t.total_rounds, points);
            numbered.iter().filter_map(|&(p, n)| Some((p.id, by_no.get(&PlayerNo(n))?.clone()))).collect()
        }
        Acceleration::Given { players } => players.iter().cloned().collect(),
    }
}

/// The engine's name for a bye kind.
#[must_use]
pub const fn unplayed(kind: ByeKind) -> Unplayed {
    match kind {
        ByeKind::Half => Unplayed::HalfPointBye,
        ByeKind::Zero => Unplayed::ZeroPointBye,
        ByeKind::Full => Unplayed::FullPointBye,
    }
}

/// FIDE Dutch over the Swiss field.
fn dutch(sheet: &Sheet, number: u32, explain: bool) -> ApiResult<Paired> {
    let Sheet { tournament: t, entrants: players, .. } = sheet;
    let mut field = dutch_input(sheet, number);
    // The organiser's pairs to keep apart are forbidden pairs ([C1], TRF XXP).
    let no: HashMap<PlayerId, PlayerNo> =
        field.players.iter().zip(&field.input.players).map(|(p, pi)| (p.id, pi.id)).collect();
    for (a, b) in t.constraints.pairs_to_avoid(players) {
        if let (Some(&x), Some(&y)) = (no.get(&a), no.get(&b)) {
            field.input.forbidden.push((x, y));
        }
    }
    let engine = if explain {
        dutch::explain(&field.input).map(|(p, e)| (p, Some(e.to_string())))
    } else {
        dutch::pair(&field.input).map(|p| (p, None))
    };
    let (pairing, explanation) = engine.map_err(|e| match e {
        PairingError::NoLegalPairing => ApiError::conflict(
            Code::NoLegalPairing,
            format!("No pairing of round {number} meets the FIDE absolute criteria (no rematches, at most one PAB per player, colour limits); as Chief Arbiter, change the field (byes, withdrawals) and pair again."),
        ),
        PairingError::TooLarge { bits } => ApiError::conflict(Code::CannotPair, "")
            .text("refusal-cannot-pair-too-large", [("bits", Fill::from(&bits))]),
        other => cannot_pair(other),
    })?;
    let numbered: Vec<(&Player, u32)> =
        field.players.iter().zip(&field.input.players).map(|(&p, pi)| (p, pi.id.0)).collect();
    let by_no: HashMap<u32, &Player> = numbered.iter().map(|&(p, n)| (n, p)).collect();
    let seat = |no: PlayerNo| {
        by_no
            .get(&no.0)
            .map(|p| p.id)
            .ok_or_else(|| ApiError::internal(format!("Dutch pairing names pairing number {no} with no player")))
    };
    let mut tables = Vec::with_capacity(pairing.boards.len());
    for (board, k) in pairing.boards.iter().zip(1..) {
        tables.push(PairedTable {
            number: k,
            player1: seat(board.white)?,
            player2: seat(board.black)?,
            rematch: false,
            forfeit: None,
        });
    }
    let kept = numbered.iter().all(|&(p, n)| p.pairing_no == Some(n));
    Ok(Paired {
        tables,
        bye: pairing.bye.map(seat).transpose()?,
        numbers: if kept { Vec::new() } else { numbered.iter().map(|&(p, n)| (p.id, n)).collect() },
        byes: field.byes,
        explanation,
        ..Paired::default()
    })
}

/// Numbers the tables of `paired` for the organiser's constraints: a
/// player with a fixed table sits at it (the first such player of a table
/// decides; a table number fixed twice goes to the higher table, the other
/// is warned of); with `no_repeat_table` (40K) each other table takes the
/// lowest free number neither player has played at, where one is left;
/// the rest keep their order on the lowest free numbers. `played` is each
/// player's earlier table numbers.
pub fn number_tables(
    paired: &mut Paired,
    constraints: &crate::domain::Constraints,
    played: &HashMap<PlayerId, Vec<u32>>,
    names: &Roster,
) {
    if constraints.fixed_tables.is_empty() && !constraints.no_repeat_table {
        return;
    }
    let name = |id: &PlayerId| names.get(id).map_or_else(|| id.to_string(), |s| s.name.clone());
    let fixed = |id: PlayerId| constraints.fixed_tables.iter().find(|f| f.player == id).map(|f| f.table);
    let mut taken: std::collections::HashSet<u32> = std::collections::HashSet::new();
    let mut numbers: Vec<Option<u32>> = vec![None; paired.tables.len()];
    for (k, tb) in paired.tables.iter().enumerate() {
        let wanted = fixed(tb.player1).map(|n| (tb.player1, n)).or_else(|| fixed(tb.player2).map(|n| (tb.player2, n)));
        if let Some((who, n)) = wanted {
            if taken.insert(n) {
                numbers[k] = Some(n);
            } else {
                paired.warnings.push(format!(
                    "{} has table {n} fixed, but another player fixed there sits at it this round.",
                    name(&who)
                ));
            }
        }
    }
    for (k, tb) in paired.tables.iter().enumerate() {
        if numbers[k].is_some() {
            continue;
        }
        let free = (1..).filter(|n| !taken.contains(n));
        let fresh = |n: &u32| [tb.player1, tb.player2].iter().all(|p| !played.get(p).is_some_and(|t| t.contains(n)));
        // The venue's tables: as many as the round has, or up to the highest fixed one.
        let highest = constraints.fixed_tables.iter().map(|f| f.table).max().unwrap_or(0);
        let limit = u32::try_from(paired.tables.len()).unwrap_or(u32::MAX).max(highest);
        let n = if constraints.no_repeat_table {
            free.clone().take_while(|&n| n <= limit).find(fresh).unwrap_or_else(|| free.clone().next().unwrap_or(1))
        } else {
            free.clone().next().unwrap_or(1)
        };
        taken.insert(n);
        numbers[k] = Some(n);
    }
    for (tb, n) in paired.tables.iter_mut().zip(numbers) {
        tb.number = n.unwrap_or(tb.number);
    }
    paired.tables.sort_by_key(|t| t.number);
}

/// The rematches a pairing makes.
fn paired_rematches(warnings: &[PairingWarning<PlayerId>]) -> usize {
    warnings.iter().filter(|w| matches!(w, PairingWarning::Rematch { .. })).count()
}

/// The pairing warnings in words, naming the players (or teams) from `names`.
pub(crate) fn describe(warnings: &[PairingWarning<PlayerId>], names: &Roster) -> Vec<String> {
    let name = |id: &PlayerId| names.get(id).map_or_else(|| id.to_string(), |s| s.name.clone());
    let rounds = |r: &[u32]| r.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
    warnings
        .iter()
        .map(|w| match w {
            PairingWarning::Rematch { player1, player2, previous_rounds }
                if previous_rounds.iter().all(|&r| r == 0) =>
            {
                format!(
                    "{} and {} are a pair to keep apart; no pairing of the field keeps them apart.",
                    name(player1),
                    name(player2)
                )
            }
            PairingWarning::Rematch { player1, player2, previous_rounds } => format!(
                "Rematch: {} and {} already met in round {}; no pairing of the field avoids it.",
                name(player1),
                name(player2),
                rounds(&previous_rounds.iter().copied().filter(|&r| r > 0).collect::<Vec<_>>())
            ),
            PairingWarning::RepeatBye { player, previous_rounds } => format!(
                "{} gets a second bye (had one in round {}): every active player has had one.",
                name(player),
                rounds(previous_rounds)
            ),
            PairingWarning::Searched { rematches } => format!(
                "Folding each record group and swapping with the adjacent pair would repeat {rematches} game(s); \
                 this round was paired by a search of the whole field instead, which avoids {}.",
                if paired_rematches(warnings) == 0 { "them all".to_string() } else { "as many as it can".to_string() }
            ),
        })
        .collect()
}

pub mod team_swiss;
#[cfg(test)]
mod tests;
