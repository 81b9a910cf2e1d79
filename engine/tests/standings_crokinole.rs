//! Crokinole standings against the worked example of the crokinole
//! tie-breaker specification ("Tiebreaker Algorithm", Example): four players
//! tied on 8 points in a round robin,
//!
//! | Player  | Mini-League PTS | Mini-League 20s | Total 20s |
//! |---------|-----------------|-----------------|-----------|
//! | Player2 | 4               | 15              | 38        |
//! | Isis    | 4               | 9               | 21        |
//! | Player6 | 2               | 14              | 32        |
//! | Player7 | 2               | 14              | 28        |
//!
//! resolved Player2 > Isis (more mini-league 20s) and Player6 > Player7 (by
//! total 20s, marked `twenties` with ⚠). The games below are built to produce
//! exactly that table in a 7-player round robin; the games between Player6
//! and Player7 and between Player2 and Isis are tied, so no reading of the
//! sub-ties could separate them otherwise.

#![allow(clippy::unwrap_used, clippy::type_complexity)]

use arbiter_engine::model::PlayerNo;
use arbiter_engine::standings::crokinole::{CrokinoleFormat, CrokinoleGame, CrokinoleScoring, CrokinoleSide};
use arbiter_engine::standings::{
    compute_crokinole, mini_league, Adjustment, AdjustmentKind, CrokinoleConfig, CrokinoleEvent, OpenTieKind,
    StandingsError, TieReason, TieStatus,
};

const P1: u32 = 1;
const P2: u32 = 2;
const P3: u32 = 3;
const ISIS: u32 = 4;
const P5: u32 = 5;
const P6: u32 = 6;
const P7: u32 = 7;

/// (player, game points, 20s) against (player, game points, 20s).
fn game(a: (u32, u32, u32), b: (u32, u32, u32)) -> CrokinoleGame {
    let side = |(p, points, twenties): (u32, u32, u32)| CrokinoleSide { player: PlayerNo(p), points, twenties };
    CrokinoleGame { a: side(a), b: side(b) }
}

fn example_games() -> Vec<CrokinoleGame> {
    vec![
        // The mini-league of the four tied players.
        game((P2, 4, 5), (ISIS, 4, 3)),
        game((P2, 4, 4), (P6, 4, 6)),
        game((P2, 6, 6), (P7, 2, 2)),
        game((ISIS, 6, 4), (P6, 2, 3)),
        game((ISIS, 4, 2), (P7, 4, 7)),
        game((P6, 4, 5), (P7, 4, 5)),
        // Their games against the others.
        game((P2, 2, 5), (P1, 6, 1)),
        game((P2, 8, 9), (P3, 0, 0)),
        game((P2, 6, 9), (P5, 2, 2)),
        game((ISIS, 6, 4), (P1, 2, 2)),
        game((ISIS, 2, 3), (P3, 6, 4)),
        game((ISIS, 6, 5), (P5, 2, 1)),
        game((P6, 6, 6), (P1, 2, 0)),
        game((P6, 8, 6), (P3, 0, 1)),
        game((P6, 6, 6), (P5, 2, 3)),
        game((P7, 6, 4), (P1, 2, 2)),
        game((P7, 6, 5), (P3, 2, 2)),
        game((P7, 8, 5), (P5, 0, 0)),
        // The others among themselves.
        game((P1, 6, 3), (P3, 2, 1)),
        game((P1, 6, 2), (P5, 2, 2)),
        game((P3, 6, 3), (P5, 2, 0)),
    ]
}

fn example() -> CrokinoleEvent {
    CrokinoleEvent {
        players: (1..=7).map(PlayerNo).collect(),
        games: example_games(),
        byes: vec![],
        adjustments: vec![],
    }
}

const RR_WINS: CrokinoleConfig =
    CrokinoleConfig { scoring: CrokinoleScoring::Wins, format: CrokinoleFormat::RoundRobin, bye_points: None };

#[test]
fn the_specification_example() {
    let s = compute_crokinole(&example(), &RR_WINS).unwrap();
    assert_eq!(s.columns.iter().map(|c| c.code.as_str()).collect::<Vec<_>>(), ["ML PTS", "ML 20s", "20s"]);
    let top: Vec<(u32, &str, &str, &str, &str, Option<TieReason>)> = s.rows[..4]
        .iter()
        .map(|r| {
            (
                r.player.0,
                r.score.display.as_str(),
                r.values[0].display.as_str(),
                r.values[1].display.as_str(),
                r.values[2].display.as_str(),
                r.tie.as_ref().and_then(|t| t.reason),
            )
        })
        .collect();
    assert_eq!(
        top,
        vec![
            (P2, "8", "4", "15", "38", Some(TieReason::MiniLeague)),
            (ISIS, "8", "4", "9", "21", Some(TieReason::MiniLeague)),
            (P6, "8", "2", "14", "32", Some(TieReason::Twenties)),
            (P7, "8", "2", "14", "28", Some(TieReason::Twenties)),
        ]
    );
    // The 3+ group (orange background), ⚠ only on the pair settled by 20s.
    for row in &s.rows[..4] {
        assert_eq!(row.tie.as_ref().unwrap().group_size, 4);
    }
    let attention: Vec<bool> = s.rows[..4].iter().map(|r| r.tie.as_ref().unwrap().needs_attention()).collect();
    assert_eq!(attention, [false, false, true, true]);
    assert_eq!(s.rows[2].tie.as_ref().unwrap().status, TieStatus::Provisional { by: 2 });
    // Distinct places: a decided order, even a provisional one.
    assert_eq!(s.rows.iter().map(|r| r.rank).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(s.open_ties.len(), 1);
    assert_eq!(s.open_ties[0].kind, OpenTieKind::Provisional { by: 2 });
    assert_eq!(s.open_ties[0].first_position, 3);
    assert_eq!(s.open_ties[0].members, vec![PlayerNo(P6), PlayerNo(P7)]);
    // The rest: Player1 6, Player3 4, Player5 0, nobody tied.
    let rest: Vec<(u32, &str)> = s.rows[4..].iter().map(|r| (r.player.0, r.score.display.as_str())).collect();
    assert_eq!(rest, vec![(P1, "6"), (P3, "4"), (P5, "0")]);
    assert!(s.rows[4..].iter().all(|r| r.tie.is_none() && r.values[0].display.is_empty()));
}

#[test]
fn the_mini_league_table_of_the_tied_group() {
    let group = [P2, ISIS, P6, P7].map(PlayerNo);
    let rows = mini_league(&example(), &group).unwrap();
    let got: Vec<(u32, u32, u32, u32, &str, Option<u32>)> =
        rows.iter().map(|r| (r.player.0, r.won, r.drawn, r.lost, r.points.display.as_str(), r.twenties)).collect();
    assert_eq!(
        got,
        vec![
            (P2, 1, 2, 0, "4", Some(15)),
            (ISIS, 1, 2, 0, "4", Some(9)),
            (P6, 0, 2, 1, "2", Some(14)),
            (P7, 0, 2, 1, "2", Some(14)),
        ]
    );
    assert_eq!(mini_league(&example(), &[PlayerNo(9)]), Err(StandingsError::NotInEvent { player: PlayerNo(9) }));
}

/// "For Round Robin tournaments with 3+ players tied, a 'mini-league'
/// approach is used" — so when it places them, the reason is the
/// mini-league, not head-to-head: here B is placed above A by mini-league
/// 20s although A beat B.
#[test]
fn a_mini_league_decision_is_named_mini_league() {
    // A beats B (B scores more 20s), B beats C, C beats A: 2 points each,
    // mini-league points 2 each; mini-league 20s B 8, C 4, A 3.
    let games = vec![game((1, 6, 1), (2, 2, 5)), game((2, 6, 3), (3, 2, 1)), game((3, 6, 3), (1, 2, 2))];
    let event = CrokinoleEvent { players: (1..=3).map(PlayerNo).collect(), games, byes: vec![], adjustments: vec![] };
    let s = compute_crokinole(&event, &RR_WINS).unwrap();
    let ml = Some(TieReason::MiniLeague);
    assert_eq!(summary(&s), vec![(2, "2".into(), ml, 1), (3, "2".into(), ml, 2), (1, "2".into(), ml, 3)]);
    assert!(s.rows.iter().all(|r| r.tie.as_ref().unwrap().status == TieStatus::Decided { by: 1 }));
    // Two players tied in a round robin: their game is the head-to-head
    // (1 beat 2 and 4 beat 3).
    let games = vec![
        game((1, 6, 0), (2, 2, 0)),
        game((1, 6, 0), (4, 2, 0)),
        game((3, 6, 0), (1, 2, 0)),
        game((2, 6, 0), (3, 2, 0)),
        game((2, 6, 0), (4, 2, 0)),
        game((4, 6, 0), (3, 2, 0)),
    ];
    let event = CrokinoleEvent { players: (1..=4).map(PlayerNo).collect(), games, byes: vec![], adjustments: vec![] };
    let s = compute_crokinole(&event, &RR_WINS).unwrap();
    let hh = Some(TieReason::HeadToHead);
    assert_eq!(
        summary(&s),
        vec![(1, "4".into(), hh, 1), (2, "4".into(), hh, 2), (4, "2".into(), hh, 3), (3, "2".into(), hh, 4)]
    );
}

fn swiss(scoring: CrokinoleScoring) -> CrokinoleConfig {
    CrokinoleConfig { scoring, format: CrokinoleFormat::Swiss, bye_points: None }
}

/// (player, score, tie_reason, rank) per row.
fn summary(s: &arbiter_engine::standings::Standings) -> Vec<(u32, String, Option<TieReason>, u32)> {
    s.rows
        .iter()
        .map(|r| (r.player.0, r.score.display.clone(), r.tie.as_ref().and_then(|t| t.reason), r.rank))
        .collect()
}

fn swiss_event(players: u32, games: Vec<CrokinoleGame>) -> CrokinoleEvent {
    CrokinoleEvent { players: (1..=players).map(PlayerNo).collect(), games, byes: vec![], adjustments: vec![] }
}

#[test]
fn swiss_head_to_head_decides_a_pair_that_met() {
    // Round 1: 1 beats 2, 3 beats 4; round 2: 3 beats 1, 2 beats 4. Players 1
    // and 2 finish on 2 points; 1 beat 2 (and has fewer 20s).
    let games = vec![
        game((1, 6, 1), (2, 2, 3)),
        game((3, 6, 2), (4, 2, 2)),
        game((1, 2, 0), (3, 6, 1)),
        game((2, 6, 4), (4, 2, 0)),
    ];
    let s = compute_crokinole(&swiss_event(4, games), &swiss(CrokinoleScoring::Wins)).unwrap();
    let hh = Some(TieReason::HeadToHead);
    assert_eq!(
        summary(&s),
        vec![(3, "4".into(), None, 1), (1, "2".into(), hh, 2), (2, "2".into(), hh, 3), (4, "0".into(), None, 4)]
    );
    assert_eq!((s.rows[1].values[0].display.as_str(), s.rows[2].values[0].display.as_str()), ("2", "0"));
    assert!(s.open_ties.is_empty());
}

#[test]
fn swiss_players_who_never_met_go_to_twenties() {
    let games = vec![game((1, 6, 3), (2, 2, 1)), game((3, 6, 5), (4, 2, 0))];
    let s = compute_crokinole(&swiss_event(4, games), &swiss(CrokinoleScoring::Wins)).unwrap();
    let tw = Some(TieReason::Twenties);
    assert_eq!(
        summary(&s),
        vec![(3, "2".into(), tw, 1), (1, "2".into(), tw, 2), (2, "0".into(), tw, 3), (4, "0".into(), tw, 4)]
    );
    assert_eq!(s.open_ties.len(), 2);
    assert!(s.open_ties.iter().all(|t| t.kind == OpenTieKind::Provisional { by: 1 }));
    assert!(s.rows.iter().all(|r| r.values[0].display.is_empty()));
}

#[test]
fn swiss_a_cycle_goes_to_twenties_and_equal_twenties_stay_unresolved() {
    // 1 beats 2, 2 beats 3, 3 beats 1: level on head-to-head. 20s: 1 and 3
    // have 4, 2 has 6.
    let games = vec![game((1, 6, 2), (2, 2, 3)), game((2, 6, 3), (3, 2, 2)), game((3, 6, 2), (1, 2, 2))];
    let s = compute_crokinole(&swiss_event(3, games), &swiss(CrokinoleScoring::Wins)).unwrap();
    let (tw, un) = (Some(TieReason::Twenties), Some(TieReason::Unresolved));
    assert_eq!(summary(&s), vec![(2, "2".into(), tw, 1), (1, "2".into(), un, 2), (3, "2".into(), un, 2)]);
    assert!(s.rows.iter().all(|r| r.values[0].display == "2"));
    // One open tie: the whole group ordered by 20s, the pair inside it unresolved.
    assert_eq!(s.open_ties.len(), 1);
    assert_eq!(s.open_ties[0].members, [2, 1, 3].map(PlayerNo).to_vec());
    // A tied game with equal 20s: unresolved, shared place, no fallback.
    let s =
        compute_crokinole(&swiss_event(2, vec![game((1, 4, 3), (2, 4, 3))]), &swiss(CrokinoleScoring::Wins)).unwrap();
    assert_eq!(summary(&s), vec![(1, "1".into(), un, 1), (2, "1".into(), un, 1)]);
    assert_eq!(s.open_ties[0].kind, OpenTieKind::Unresolved);
}

#[test]
fn points_mode_and_byes() {
    // Points mode ranks by crokinole points; a bye is worth 0 there unless
    // the event says otherwise, and a win's 2 in wins mode.
    let games = vec![game((1, 6, 3), (2, 2, 1)), game((2, 8, 2), (3, 0, 0))];
    let event = CrokinoleEvent {
        players: (1..=3).map(PlayerNo).collect(),
        games,
        byes: vec![PlayerNo(3)],
        adjustments: vec![],
    };
    let s = compute_crokinole(&event, &swiss(CrokinoleScoring::Points)).unwrap();
    let got: Vec<(u32, &str)> = s.rows.iter().map(|r| (r.player.0, r.score.display.as_str())).collect();
    assert_eq!(got, vec![(2, "10"), (1, "6"), (3, "0")]);
    let s = compute_crokinole(&event, &swiss(CrokinoleScoring::Wins)).unwrap();
    let got: Vec<(u32, &str)> = s.rows.iter().map(|r| (r.player.0, r.score.display.as_str())).collect();
    assert_eq!(got, vec![(1, "2"), (2, "2"), (3, "2")]);
    let mut config = swiss(CrokinoleScoring::Points);
    config.bye_points = Some(5);
    let s = compute_crokinole(&event, &config).unwrap();
    assert_eq!(s.rows[2].score.display, "5");
}

#[test]
fn bad_games_are_reported() {
    let event = CrokinoleEvent {
        players: vec![PlayerNo(1)],
        games: vec![game((1, 4, 0), (2, 4, 0))],
        byes: vec![],
        adjustments: vec![],
    };
    assert_eq!(
        compute_crokinole(&event, &RR_WINS),
        Err(StandingsError::UnknownPlayer { game: 0, player: PlayerNo(2) })
    );
    let event = CrokinoleEvent {
        players: vec![PlayerNo(1)],
        games: vec![game((1, 4, 0), (1, 4, 0))],
        byes: vec![],
        adjustments: vec![],
    };
    assert_eq!(compute_crokinole(&event, &RR_WINS), Err(StandingsError::SelfGame { game: 0, player: PlayerNo(1) }));
}

#[test]
fn a_points_penalty_moves_the_primary_value() {
    // Round 1: 1 beats 2, 3 beats 4; round 2: 3 beats 1, 2 beats 4: 3 on 4,
    // 1 and 2 on 2, 4 on 0. Player 3 loses 3 points for slow play: 1 point,
    // behind 1 and 2 (2 each), ahead of 4.
    let games = vec![
        game((1, 6, 1), (2, 2, 3)),
        game((3, 6, 2), (4, 2, 2)),
        game((1, 2, 0), (3, 6, 1)),
        game((2, 6, 4), (4, 2, 0)),
    ];
    let mut event = swiss_event(4, games);
    event.adjustments = vec![Adjustment { player: PlayerNo(3), kind: AdjustmentKind::Points, amount: -3 }];
    let s = compute_crokinole(&event, &swiss(CrokinoleScoring::Wins)).unwrap();
    let rows: Vec<(u32, &str)> = s.rows.iter().map(|r| (r.player.0, r.score.display.as_str())).collect();
    assert_eq!(rows, [(1, "2"), (2, "2"), (3, "1"), (4, "0")]);
    // A wins or VP adjustment is not crokinole's: ignored.
    event.adjustments = vec![Adjustment { player: PlayerNo(4), kind: AdjustmentKind::Wins, amount: 5 }];
    let s = compute_crokinole(&event, &swiss(CrokinoleScoring::Wins)).unwrap();
    assert_eq!(s.rows[3].player, PlayerNo(4));
}
