//! 40K standings through the configurable list. Values worked by hand:
//!
//! Round 1: A–B 60–40, C–D 55–50. Round 2: A–C 50–50, B–D 70–30.
//! Records: A 1-0-1, B 1-1-0, C 1-0-1, D 0-2-0. Margins: A +20, B +20,
//! C +5, D −45. Win rates: A ¾, B ½, C ¾, D 0. SOS: A (½ + ¾)/2 = 62.5%,
//! B (¾ + 0)/2 = 37.5%.

#![allow(clippy::unwrap_used)]

use arbiter_engine::standings::wh40k::Game;
use arbiter_engine::standings::{
    compute_wh40k, BattlePoints, OpenTieKind, StandingsError, TieStatus, Wh40kConfig, Wh40kPrimary, Wh40kTiebreak,
};

const ENTRANTS: [&str; 4] = ["A", "B", "C", "D"];

fn games() -> Vec<Game<&'static str>> {
    let g = |round, p1, p2, vp1, vp2| Game { round, player1: p1, player2: Some(p2), vp1, vp2 };
    vec![g(1, "A", "B", 60, 40), g(1, "C", "D", 55, 50), g(2, "A", "C", 50, 50), g(2, "B", "D", 70, 30)]
}

#[test]
fn the_default_list_ranks_by_wins_margin_sos_vp() {
    let s = compute_wh40k(&ENTRANTS, &games(), &[], &Wh40kConfig::default()).unwrap();
    let names: Vec<&str> = s.rows.iter().map(|r| ENTRANTS[r.player.0 as usize - 1]).collect();
    assert_eq!(names, ["A", "B", "C", "D"]);
    let a = &s.rows[0];
    assert_eq!(a.score.display, "1-0-1");
    let shown: Vec<&str> = a.values.iter().map(|c| c.display.as_str()).collect();
    assert_eq!(shown, ["+20", "62.5%", "110"]);
    assert_eq!(s.rows[1].values[1].display, "37.5%");
    // A and B are level on wins and margin: SOS (column 1) places them.
    assert_eq!(a.tie.as_ref().unwrap().status, TieStatus::Decided { by: 1 });
    // C, on one win too, is placed by margin.
    assert_eq!(s.rows[2].tie.as_ref().unwrap().status, TieStatus::Decided { by: 0 });
    assert_eq!(s.rows[3].values[0].display, "-45");
    assert!(s.open_ties.is_empty());
}

#[test]
fn a_tie_the_list_leaves_open_is_not_broken_by_registration_order() {
    let config =
        Wh40kConfig { primary: Wh40kPrimary::Wins, tiebreaks: vec![Wh40kTiebreak::VpMargin], ..Wh40kConfig::default() };
    let s = compute_wh40k(&ENTRANTS, &games(), &[], &config).unwrap();
    assert_eq!(s.rows.iter().map(|r| r.rank).collect::<Vec<_>>(), [1, 1, 3, 4]);
    assert_eq!(s.rows[0].tie.as_ref().unwrap().status, TieStatus::Unresolved);
    assert_eq!(s.open_ties.len(), 1);
    assert_eq!(s.open_ties[0].kind, OpenTieKind::Unresolved);
}

#[test]
fn battle_points_as_the_primary_score() {
    let bp = |player, points| BattlePoints { round: 1, player, points };
    let points = [bp("A", 10), bp("B", 15), bp("C", 12), bp("D", 0)];
    let config = Wh40kConfig {
        primary: Wh40kPrimary::BattlePoints,
        tiebreaks: vec![Wh40kTiebreak::Wins],
        ..Wh40kConfig::default()
    };
    let s = compute_wh40k(&ENTRANTS, &games(), &points, &config).unwrap();
    let names: Vec<&str> = s.rows.iter().map(|r| ENTRANTS[r.player.0 as usize - 1]).collect();
    assert_eq!(names, ["B", "C", "A", "D"]);
    assert_eq!(s.rows[0].score.display, "15");
    let stray = [bp("Z", 1)];
    assert!(matches!(compute_wh40k(&ENTRANTS, &games(), &stray, &config), Err(StandingsError::Wh40k(_))));
}
