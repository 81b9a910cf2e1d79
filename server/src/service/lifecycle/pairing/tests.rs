//! Pairing each system's rounds from the service's values.

fn table(number: u32, a: PlayerId, b: PlayerId) -> PairedTable {
    PairedTable { number, player1: a, player2: b, rematch: false, forfeit: None }
}

// Hand-worked: three tables; players a–f sat at 1–3 last round.
#[test]
fn tables_are_numbered_for_fixed_tables_and_no_table_twice() {
    let ids: Vec<PlayerId> = (0..6).map(|_| PlayerId::random()).collect();
    let (a, b, c, d, e, f) = (ids[0], ids[1], ids[2], ids[3], ids[4], ids[5]);
    let played: HashMap<PlayerId, Vec<u32>> =
        [(a, vec![1]), (b, vec![2]), (c, vec![1]), (d, vec![3]), (e, vec![2]), (f, vec![3])].into_iter().collect();
    let mut paired = Paired { tables: vec![table(1, a, b), table(2, c, d), table(3, e, f)], ..Paired::default() };
    let no_repeat = crate::domain::Constraints { no_repeat_table: true, ..Default::default() };
    number_tables(&mut paired, &no_repeat, &played, &Roster::new());
    // a+b used 1, 2 → 3; c+d used 1, 3 → 2; e+f used 2, 3 → 1.
    let seats: Vec<(u32, PlayerId)> = paired.tables.iter().map(|t| (t.number, t.player1)).collect();
    assert_eq!(seats, [(1, e), (2, c), (3, a)]);
    // d has table 1 fixed: c+d take 1, the others the rest in order.
    let fixed = crate::domain::Constraints {
        fixed_tables: vec![crate::domain::FixedTable { player: d, table: 1 }],
        ..Default::default()
    };
    let mut paired = Paired { tables: vec![table(1, a, b), table(2, c, d), table(3, e, f)], ..Paired::default() };
    number_tables(&mut paired, &fixed, &played, &Roster::new());
    let seats: Vec<(u32, PlayerId)> = paired.tables.iter().map(|t| (t.number, t.player1)).collect();
    assert_eq!(seats, [(1, c), (2, a), (3, e)]);
}

use super::*;
use crate::domain::{ByeRequest, Tournament};
use crate::service::standings::scores::tests::{event, player};
use uuid::Uuid;

fn players(n: u32) -> Vec<Player> {
    (1..=n).map(player).collect()
}

/// The sheet of `t` before round 1: `ps` registered, no round yet.
fn sheet(t: &Tournament, ps: &[Player]) -> Sheet {
    Sheet::new(t.clone(), ps.to_vec(), Vec::new(), Vec::new())
}

fn id(no: u128) -> PlayerId {
    Uuid::from_u128(no).into()
}

#[test]
fn round_one_numbers_the_checked_in_players_in_registration_order() {
    let mut t = event(Game::Chess, PairingSystem::RoundRobin);
    t.total_rounds = 7;
    let mut ps = players(6);
    ps[2].checked_in = false;
    let p = pair(&sheet(&t, &ps), 1, false).unwrap_or_default();
    // Five players: P1, P2, P4, P5, P6 get 1..5; C.05 Annex 1 "5 or 6 players", Rd 1: 1-6 (bye), 2-5, 3-4.
    assert_eq!(p.numbers, [(id(1), 1), (id(2), 2), (id(4), 3), (id(5), 4), (id(6), 5)]);
    assert_eq!(p.total_rounds, Some(5));
    assert_eq!(p.bye, Some(id(1)));
    let tables: Vec<(PlayerId, PlayerId)> = p.tables.iter().map(|t| (t.player1, t.player2)).collect();
    assert_eq!(tables, [(id(2), id(6)), (id(4), id(5))]);
    assert!(p.warnings.iter().any(|w| w.contains("has 5 rounds, not the 7 planned")), "{:?}", p.warnings);
}

#[test]
fn pools_pair_every_pools_berger_round_at_once() {
    let t = event(Game::Crokinole, PairingSystem::RoundRobin);
    let mut ps = players(7);
    let pools = vec![vec![id(1), id(2), id(3)], vec![id(4), id(5), id(6), id(7)]];
    let tables = |p: &Paired| p.tables.iter().map(|t| (t.number, t.player1, t.player2)).collect::<Vec<_>>();
    // C.05 Annex 1, 3 or 4 players: Rd 1: 1-4, 2-3; Rd 2: 4-3, 1-2; Rd 3: 2-4, 3-1 (4 is the bye in a pool of 3).
    let r1 = pools_round(&sheet(&t, &ps), &pools, 1, Cycles::Single).unwrap_or_default();
    assert_eq!(tables(&r1), [(1, id(2), id(3)), (2, id(4), id(7)), (3, id(5), id(6))]);
    assert_eq!((r1.bye, r1.pool_byes.clone()), (None, vec![id(1)]));
    assert_eq!(r1.numbers, (1..=7).map(|n| (id(n), u32::try_from(n).unwrap_or(0))).collect::<Vec<_>>());
    assert_eq!(r1.total_rounds, Some(3));
    for (p, n) in ps.iter_mut().zip(1..) {
        p.pairing_no = Some(n);
    }
    let r2 = pools_round(&sheet(&t, &ps), &pools, 2, Cycles::Single).unwrap_or_default();
    assert_eq!(tables(&r2), [(1, id(1), id(2)), (2, id(7), id(6)), (3, id(4), id(5))]);
    assert_eq!(r2.pool_byes, [id(3)]);
    assert!(r2.numbers.is_empty() && r2.total_rounds.is_none());
    let r3 = pools_round(&sheet(&t, &ps), &pools, 3, Cycles::Single).unwrap_or_default();
    assert_eq!(tables(&r3), [(1, id(3), id(1)), (2, id(5), id(7)), (3, id(6), id(4))]);
    assert_eq!(r3.pool_byes, [id(2)]);
    let code = |r: ApiResult<Paired>| r.err().map(|e| e.code().to_string()).unwrap_or_default();
    assert_eq!(code(pools_round(&sheet(&t, &ps), &pools, 4, Cycles::Single)), "all_rounds_played");
    // Double round robin: 6 rounds, colours reversed in the second cycle.
    let r6 = pools_round(&sheet(&t, &ps), &pools, 6, Cycles::Double);
    assert!(r6.as_ref().is_ok_and(|p| p.tables.len() == 3), "{:?}", r6.as_ref().err());
    // Before the draw: a pool player no longer checked in, or a checked-in player in no pool.
    let mut fresh = players(8);
    assert_eq!(code(pools_round(&sheet(&t, &fresh), &pools, 1, Cycles::Single)), "pools_stale");
    fresh.truncate(7);
    fresh[6].checked_in = false;
    assert_eq!(code(pools_round(&sheet(&t, &fresh), &pools, 1, Cycles::Single)), "pools_stale");
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
    let p = pair(&sheet(&t, &ps), 2, false).unwrap_or_default();
    let got: Vec<(PlayerId, PlayerId, Option<ChessResult>)> =
        p.tables.iter().map(|t| (t.player1, t.player2, t.forfeit)).collect();
    assert_eq!(
        got,
        [(id(4), id(3), Some(ChessResult::BlackWinsByForfeit)), (id(1), id(2), Some(ChessResult::WhiteWinsByForfeit))]
    );
    assert_eq!((p.numbers.len(), p.total_rounds, p.warnings.len()), (0, None, 2));
    // Crokinole leaves them to the TO.
    let c = pair(&sheet(&event(Game::Crokinole, PairingSystem::RoundRobin), &ps), 2, false).unwrap_or_default();
    assert!(c.tables.iter().all(|t| t.forfeit.is_none()) && c.warnings.len() == 2);
}

#[test]
fn dutch_round_one_pairs_top_half_against_bottom_half_by_rating() {
    let mut t = event(Game::Chess, PairingSystem::Dutch);
    t.id = Uuid::from_u128(2).into(); // initial colour: White for pairing number 1
    t.total_rounds = 5;
    let mut ps = players(4);
    // Registration order P1..P4, ratings make the initial ranking P3, P1, P4, P2.
    for (p, r) in ps.iter_mut().zip([2100, 1700, 2200, 1900]) {
        p.profile.rating = Some(r);
    }
    let p = pair(&sheet(&t, &ps), 1, false).unwrap_or_default();
    assert_eq!(p.numbers, [(id(3), 1), (id(1), 2), (id(4), 3), (id(2), 4)]);
    // C.04.3: S1 = {1, 2} against S2 = {3, 4}; 1 gets the initial colour, colours alternate down the boards.
    let tables: Vec<(PlayerId, PlayerId)> = p.tables.iter().map(|t| (t.player1, t.player2)).collect();
    assert_eq!(tables, [(id(3), id(4)), (id(2), id(1))]);
    assert_eq!(p.bye, None);
}

#[test]
fn a_requested_bye_leaves_the_player_out_and_the_odd_player_gets_the_pab() {
    let mut t = event(Game::Chess, PairingSystem::Dutch);
    t.id = Uuid::from_u128(2).into();
    t.total_rounds = 5;
    let mut ps = players(4);
    for (p, r) in ps.iter_mut().zip([2000, 1900, 1800, 1700]) {
        p.profile.rating = Some(r);
    }
    let bye = ByeRequest {
        id: Uuid::nil().into(),
        tournament_id: t.id,
        player_id: id(3),
        round: 1,
        kind: ByeKind::Half,
        requested_by: Uuid::nil().into(),
        created_at: 0,
    };
    let p = pair(&Sheet { byes: vec![bye], ..sheet(&t, &ps) }, 1, false).unwrap_or_default();
    // Three to pair: 1-2 play, 4 (the lowest ranked) gets the pairing-allocated bye (C.04.3 C2/C5).
    let tables: Vec<(PlayerId, PlayerId)> = p.tables.iter().map(|t| (t.player1, t.player2)).collect();
    assert_eq!(tables, [(id(1), id(2))]);
    assert_eq!(p.bye, Some(id(4)));
    assert_eq!(p.byes, [(id(3), ByeKind::Half)]);
}
