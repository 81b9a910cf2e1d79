//! The team Swiss: the seeded first round, standings worked by hand, and a
//! whole seeded event checked for rematches and byes.

use super::*;
use crate::simulate::seeded_rng;
use rand::Rng as _;
use std::collections::HashSet;

fn played(round: u32, a: u32, b: u32, points_a: u32, points_b: u32) -> TeamMatch<u32> {
    let outcome = crate::wh40k_teams::scoring::MatchRule::default().outcome(points_a, points_b);
    TeamMatch { round, team_a: a, team_b: Some(b), points_a, points_b, outcome }
}

fn teams_of(pairing: &RoundPairing<u32>) -> Vec<u32> {
    let mut teams: Vec<u32> = pairing.tables.iter().flat_map(|t| [t.player1, t.player2]).chain(pairing.bye).collect();
    teams.sort_unstable();
    teams
}

#[test]
fn first_round_is_reproducible_from_its_seed() {
    let teams: Vec<u32> = (1..=9).collect();
    let r1 = pair_first_round(&teams, 2026).expect("pairs");
    assert_eq!(pair_first_round(&teams, 2026).expect("pairs"), r1, "same seed, same draw");
    assert_eq!(teams_of(&r1), teams, "every team once");
    assert!(r1.bye.is_some() && r1.tables.len() == 4);
    assert_eq!(r1.tables.iter().map(|t| t.number).collect::<Vec<_>>(), vec![1, 2, 3, 4]);
    let differs = (0..20).any(|seed| pair_first_round(&teams, seed).expect("pairs") != r1);
    assert!(differs, "the draw depends on the seed");
    let even = pair_first_round(&teams[..8], 7).expect("pairs");
    assert_eq!(even.bye, None);
    assert_eq!(pair_first_round(&[1], 0), Err(SwissError::TooFewPlayers { active: 1 }));
    assert_eq!(pair_first_round(&[1, 2, 1], 0), Err(SwissError::DuplicatePlayer(1)));
}

/// Four teams of five after two rounds, ranked by hand:
/// R1: 1 beat 2 60–40, 3 beat 4 52–48. R2: 1 beat 3 55–45, 4 beat 2 70–30.
/// Wins: 1 → 2, 3 → 1, 4 → 1, 2 → 0. Game points: 3 = 97, 4 = 118, so 4
/// ranks above 3 on game points before any tie-break.
#[test]
fn standings_by_wins_then_game_points() {
    let matches = [played(1, 1, 2, 60, 40), played(1, 3, 4, 52, 48), played(2, 1, 3, 55, 45), played(2, 4, 2, 70, 30)];
    let standings = team_standings(&[1, 2, 3, 4], &matches, &[TeamTieBreak::StrengthOfSchedule]);
    let order: Vec<u32> = standings.iter().map(|s| s.team).collect();
    assert_eq!(order, vec![1, 4, 3, 2]);
    let four = standings.get(1).expect("line");
    assert_eq!((four.record.wins, four.record.losses, four.game_points, four.game_points_against), (1, 1, 118, 82));
    // 4's opponents: 3 (1 win) and 2 (0 wins).
    assert_eq!(four.strength_of_schedule, 1);
}

/// Level on wins and game points: the tie-break list decides, then
/// registration. R1: 1 beat 3 60–40, 2 beat 4 60–40; R2: 1 and 2 drew
/// 50–50, 3 beat 4 60–40. Teams 1 and 2 both have 1 win and 110 points;
/// 1's opponents (3 and 2) have 2 wins, 2's opponents (4 and 1) have 1.
#[test]
fn tie_breaks_then_registration() {
    let matches = [played(1, 1, 3, 60, 40), played(1, 2, 4, 60, 40), played(2, 1, 2, 50, 50), played(2, 3, 4, 60, 40)];
    let sos = team_standings(&[2, 1, 3, 4], &matches, &[TeamTieBreak::StrengthOfSchedule]);
    assert_eq!(sos.iter().map(|s| s.team).take(2).collect::<Vec<_>>(), vec![1, 2]);
    let none = team_standings(&[2, 1, 3, 4], &matches, &[]);
    assert_eq!(none.iter().map(|s| s.team).take(2).collect::<Vec<_>>(), vec![2, 1], "registration order");
}

#[test]
fn bye_scores_the_seeds_win_and_a_drawn_game_per_player() {
    let table = crate::wh40k_teams::scoring::ConversionTable::wtc();
    assert_eq!(ByeScore::seed_default(TeamSize::Five, &table), ByeScore { outcome: Outcome::Win, points: 50 });
    assert_eq!(ByeScore::seed_default(TeamSize::Eight, &table), ByeScore { outcome: Outcome::Win, points: 80 });
}

/// A whole event: `teams` teams, `rounds` rounds, random match scores from a
/// seed; returns every match and bye.
fn run_event(teams: u32, rounds: u32, seed: u64, config: &TeamSwissConfig) -> Vec<TeamMatch<u32>> {
    let ids: Vec<u32> = (1..=teams).collect();
    let bye_score = ByeScore::seed_default(TeamSize::Five, &crate::wh40k_teams::scoring::ConversionTable::wtc());
    let mut rng = seeded_rng(seed);
    let mut matches = Vec::new();
    for round in 1..=rounds {
        let pairing = if round == 1 {
            pair_first_round(&ids, seed).expect("pairs")
        } else {
            pair_next_round(&ids, |_| true, &matches, config, round).expect("pairs")
        };
        assert_eq!(teams_of(&pairing), ids, "round {round}: every team once");
        for t in &pairing.tables {
            let a = rng.gen_range(0..=100);
            matches.push(played(round, t.player1, t.player2, a, 100 - a));
        }
        if let Some(bye) = pairing.bye {
            matches.push(TeamMatch::bye(round, bye, bye_score));
        }
    }
    matches
}

/// Nine teams, six rounds (fewer rounds than teams): no rematch, at most one
/// bye per team, and the same seed gives the same event.
#[test]
fn seeded_events_have_no_rematch_and_one_bye_at_most() {
    for config in [
        TeamSwissConfig::default(),
        TeamSwissConfig { bye: ByeRecipient::RandomWorstRecord { seed: 9 }, ..TeamSwissConfig::default() },
        TeamSwissConfig { procedure: SwissProcedure::Matching, ..TeamSwissConfig::default() },
    ] {
        for seed in 0..25 {
            let matches = run_event(9, 6, seed, &config);
            let mut met = HashSet::new();
            for m in &matches {
                if let Some(b) = m.team_b {
                    assert!(met.insert((m.team_a.min(b), m.team_a.max(b))), "seed {seed}: rematch {m:?}");
                }
            }
            let byes: Vec<u32> = matches.iter().filter(|m| m.team_b.is_none()).map(|m| m.team_a).collect();
            assert_eq!(byes.len(), 6);
            assert_eq!(byes.iter().collect::<HashSet<_>>().len(), 6, "seed {seed}: a team had two byes");
            assert_eq!(run_event(9, 6, seed, &config), matches, "seed {seed}: not reproducible");
        }
    }
}

/// The default bye goes to the lowest-ranked team without one; the random
/// rule draws among the worst record only.
#[test]
fn who_has_the_bye() {
    // After round 1 (3 teams + a bye for 3): 1 beat 2 60–40; 3 had the bye.
    let bye = TeamMatch::bye(1, 3, ByeScore { outcome: Outcome::Win, points: 50 });
    let matches = [played(1, 1, 2, 60, 40), bye];
    let default = pair_next_round(&[1, 2, 3], |_| true, &matches, &TeamSwissConfig::default(), 2).expect("pairs");
    assert_eq!(default.bye, Some(2), "2 is the lowest-ranked and has had no bye");
    // Five teams: 1 beat 2, 3 beat 4, 5 had the bye; worst record without a bye: 2 and 4.
    let matches = [
        played(1, 1, 2, 60, 40),
        played(1, 3, 4, 55, 45),
        TeamMatch::bye(1, 5, ByeScore { outcome: Outcome::Win, points: 50 }),
    ];
    let mut drawn = HashSet::new();
    for seed in 0..40 {
        let config = TeamSwissConfig { bye: ByeRecipient::RandomWorstRecord { seed }, ..TeamSwissConfig::default() };
        let pairing = pair_next_round(&[1, 2, 3, 4, 5], |_| true, &matches, &config, 2).expect("pairs");
        drawn.insert(pairing.bye.expect("odd field"));
    }
    assert_eq!(drawn, HashSet::from([2, 4]));
}
