//! 40K standings through the configurable list. Values worked by hand:
//!
//! Round 1: A–B 60–40, C–D 55–50. Round 2: A–C 50–50, B–D 70–30.
//! Records: A 1-0-1, B 1-1-0, C 1-0-1, D 0-2-0. Margins: A +20, B +20,
//! C +5, D −45. Win rates: A ¾, B ½, C ¾, D 0. SOS: A (½ + ¾)/2 = 62.5%,
//! B (¾ + 0)/2 = 37.5%.

#![allow(clippy::unwrap_used)]

use arbiter_engine::standings::wh40k::Game;
use arbiter_engine::standings::{
    compute_wh40k, Adjustment, AdjustmentKind, BattlePoints, OpenTieKind, StandingsError, TieStatus, Wh40kConfig,
    Wh40kPrimary, Wh40kTiebreak,
};

const ENTRANTS: [&str; 4] = ["A", "B", "C", "D"];

fn games() -> Vec<Game<&'static str>> {
    let g = |round, p1, p2, vp1, vp2| Game { round, player1: p1, player2: Some(p2), vp1, vp2 };
    vec![g(1, "A", "B", 60, 40), g(1, "C", "D", 55, 50), g(2, "A", "C", 50, 50), g(2, "B", "D", 70, 30)]
}

#[test]
fn the_default_list_ranks_by_wins_margin_sos_vp() {
    let s = compute_wh40k(&ENTRANTS, &games(), &[], &[], &Wh40kConfig::default()).unwrap();
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
    let s = compute_wh40k(&ENTRANTS, &games(), &[], &[], &config).unwrap();
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
    let s = compute_wh40k(&ENTRANTS, &games(), &points, &[], &config).unwrap();
    let names: Vec<&str> = s.rows.iter().map(|r| ENTRANTS[r.player.0 as usize - 1]).collect();
    assert_eq!(names, ["B", "C", "A", "D"]);
    assert_eq!(s.rows[0].score.display, "15");
    let stray = [bp("Z", 1)];
    assert!(matches!(compute_wh40k(&ENTRANTS, &games(), &stray, &[], &config), Err(StandingsError::Wh40k(_))));
}

fn adj(player: &'static str, kind: AdjustmentKind, amount: i64) -> Adjustment<&'static str> {
    Adjustment { player, kind, amount }
}

fn order(s: &arbiter_engine::standings::Standings) -> Vec<&'static str> {
    s.rows.iter().map(|r| ENTRANTS[r.player.0 as usize - 1]).collect()
}

#[test]
fn a_win_taken_away_moves_the_player_down_and_leaves_the_opponents_sos() {
    // A loses a win (a penalty): 0 wins, +20. B (1 win, +20), C (1 win, +5)
    // pass A; D stays last on −45. B's SOS still reads A's win rate from the
    // games (¾): (¾ + 0)/2 = 37.5%.
    let s = compute_wh40k(&ENTRANTS, &games(), &[], &[adj("A", AdjustmentKind::Wins, -1)], &Wh40kConfig::default())
        .unwrap();
    assert_eq!(order(&s), ["B", "C", "A", "D"]);
    assert_eq!(s.rows[2].score.display, "0-0-1");
    assert_eq!(s.rows[0].values[1].display, "37.5%");
    // Never below 0 wins: D loses two.
    let s = compute_wh40k(&ENTRANTS, &games(), &[], &[adj("D", AdjustmentKind::Wins, -2)], &Wh40kConfig::default())
        .unwrap();
    assert_eq!(s.rows[3].score.display, "0-2-0");
}

#[test]
fn vp_taken_away_lower_total_vp_and_margin() {
    // B −20 VP: 90 VP, margin 0. A (1, +20), C (1, +5), B (1, 0), D.
    let s =
        compute_wh40k(&ENTRANTS, &games(), &[], &[adj("B", AdjustmentKind::Vp, -20)], &Wh40kConfig::default()).unwrap();
    assert_eq!(order(&s), ["A", "C", "B", "D"]);
    let b: Vec<&str> = s.rows[2].values.iter().map(|c| c.display.as_str()).collect();
    assert_eq!(b, ["+0", "37.5%", "90"]);
}

#[test]
fn painting_and_sportsmanship_are_columns_and_tie_breaks() {
    // A and B are level on wins and margin (+20); painting decides: B 15
    // (10 + 5, two entries summed) over A 12.
    let config = Wh40kConfig {
        tiebreaks: vec![Wh40kTiebreak::VpMargin, Wh40kTiebreak::Painting, Wh40kTiebreak::Sportsmanship],
        ..Wh40kConfig::default()
    };
    let scores = [
        adj("A", AdjustmentKind::Painting, 12),
        adj("B", AdjustmentKind::Painting, 10),
        adj("B", AdjustmentKind::Painting, 5),
        adj("C", AdjustmentKind::Sportsmanship, 3),
    ];
    let s = compute_wh40k(&ENTRANTS, &games(), &[], &scores, &config).unwrap();
    assert_eq!(order(&s), ["B", "A", "C", "D"]);
    assert_eq!(s.rows[0].tie.as_ref().unwrap().status, TieStatus::Decided { by: 1 });
    let codes: Vec<&str> = s.columns.iter().map(|c| c.code.as_str()).collect();
    assert_eq!(codes, ["+/-", "PNT", "SPT"]);
    let c: Vec<&str> = s.rows[2].values.iter().map(|c| c.display.as_str()).collect();
    assert_eq!(c, ["+5", "0", "3"]);
}

#[test]
fn battle_point_adjustments_add_to_the_awarded_points() {
    let bp = |player, points| BattlePoints { round: 1, player, points };
    let points = [bp("A", 10), bp("B", 15), bp("C", 12), bp("D", 0)];
    let config = Wh40kConfig {
        primary: Wh40kPrimary::BattlePoints,
        tiebreaks: vec![Wh40kTiebreak::Wins],
        ..Wh40kConfig::default()
    };
    let s =
        compute_wh40k(&ENTRANTS, &games(), &points, &[adj("B", AdjustmentKind::BattlePoints, -6)], &config).unwrap();
    assert_eq!(order(&s), ["C", "A", "B", "D"]);
    assert_eq!(s.rows[2].score.display, "9");
}

#[test]
fn missed_rounds_counted_as_losses_enter_the_record_and_the_opponents_sos() {
    // E enters late: rounds 1 and 2 missed, counted as losses; in round 3
    // E beats D 50–40. E: 1-2-0, win rate (2·1)/(2·3) = ⅓. D met C (¾),
    // B (½) and E (⅓): SOS (¾ + ½ + ⅓)/3 = 19/36 = 52.8% (75.0% if E's
    // missed rounds were not counted).
    let entrants = ["A", "B", "C", "D", "E"];
    let mut all = games();
    all.push(Game { round: 3, player1: "E", player2: Some("D"), vp1: 50, vp2: 40 });
    let missed = [adj("E", AdjustmentKind::Losses, 2)];
    let config = Wh40kConfig { tiebreaks: vec![Wh40kTiebreak::StrengthOfSchedule], ..Wh40kConfig::default() };
    let s = compute_wh40k(&entrants, &all, &[], &missed, &config).unwrap();
    let row = |name: &str| s.rows.iter().find(|r| entrants[r.player.0 as usize - 1] == name).unwrap();
    assert_eq!(row("E").score.display, "1-2-0");
    assert_eq!(row("D").values[0].display, "52.8%");
    let s = compute_wh40k(&entrants, &all, &[], &[], &config).unwrap();
    let row = |name: &str| s.rows.iter().find(|r| entrants[r.player.0 as usize - 1] == name).unwrap();
    assert_eq!(row("D").values[0].display, "75.0%");
}
