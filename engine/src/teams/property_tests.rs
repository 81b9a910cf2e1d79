//! Properties of whole random chess team Swiss events: every round the
//! Olympiad pairing produces must respect the absolute rules whatever the
//! results, and the standings must add up.

use super::boards::{totals, BoardResult, MatchScoring, TeamMatch, TeamRound};
use super::olympiad::{pair_round, OlympiadError, PairingRequest};
use super::standings::{default_tie_breaks, team_standings};
use super::TeamNo;
use crate::model::{Colour, Points};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

const BOARDS: usize = 4;

fn random_result(rng: &mut ChaCha8Rng) -> BoardResult {
    match rng.gen_range(0..20) {
        0 => BoardResult::FirstForfeitWin,
        1 => BoardResult::SecondForfeitWin,
        2..=7 => BoardResult::FirstWins,
        8..=13 => BoardResult::SecondWins,
        _ => BoardResult::Draw,
    }
}

/// Whether some round avoids every rematch of a played match and gives the
/// bye (when the number is odd) to a team that neither had it nor won by
/// default: a plain search, independent of the pairing code.
fn any_legal_round(teams: &[TeamNo], played: &[TeamRound], scoring: &MatchScoring) -> bool {
    let mut met = HashSet::new();
    let mut barred = HashSet::new();
    for r in played {
        barred.extend(r.bye);
        for m in &r.matches {
            if m.played() {
                met.insert((m.first, m.second));
                met.insert((m.second, m.first));
            }
            barred.extend(m.won_by_default(scoring));
        }
    }
    fn pairable(left: &[TeamNo], met: &HashSet<(TeamNo, TeamNo)>) -> bool {
        let Some((&a, rest)) = left.split_first() else { return true };
        rest.iter().enumerate().any(|(i, &b)| {
            !met.contains(&(a, b)) && {
                let mut others = rest.to_vec();
                others.remove(i);
                pairable(&others, met)
            }
        })
    }
    if teams.len().is_multiple_of(2) {
        return pairable(teams, &met);
    }
    teams
        .iter()
        .any(|b| !barred.contains(b) && pairable(&teams.iter().copied().filter(|t| t != b).collect::<Vec<_>>(), &met))
}

/// Plays `rounds` rounds of `n` teams; returns the recorded rounds (stopping
/// early only when no legal pairing exists).
fn play(n: u32, rounds: usize, seed: u64) -> Vec<TeamRound> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let scoring = MatchScoring::olympiad(BOARDS);
    let teams: Vec<TeamNo> = (1..=n).map(TeamNo).collect();
    let mut played: Vec<TeamRound> = Vec::new();
    for _ in 0..rounds {
        let request = PairingRequest {
            teams: &teams,
            rounds: &played,
            scoring: &scoring,
            initial_colour: if seed.is_multiple_of(2) { Colour::White } else { Colour::Black },
            late_entries: &[],
        };
        let pairing = match pair_round(&request) {
            Ok(p) => p,
            Err(OlympiadError::NoPairing(_)) => {
                assert!(!any_legal_round(&teams, &played, &scoring), "a legal round exists but none was paired");
                break;
            }
            Err(e) => panic!("{e}"),
        };
        let matches = pairing
            .matches
            .iter()
            .map(|m| {
                // Now and then a whole team does not come (a match lost by default).
                let boards = if rng.gen_range(0..30) == 0 {
                    vec![BoardResult::SecondForfeitWin; BOARDS]
                } else {
                    (0..BOARDS).map(|_| random_result(&mut rng)).collect()
                };
                TeamMatch::new(m.first, m.second, boards)
            })
            .collect();
        played.push(TeamRound { matches, bye: pairing.bye });
    }
    played
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn rounds_obey_the_absolute_rules(n in 4u32..=17, rounds in 3usize..=7, seed in any::<u64>()) {
        let scoring = MatchScoring::olympiad(BOARDS);
        let played = play(n, rounds, seed);
        // Round 1 can always be paired.
        prop_assert!(!played.is_empty());
        let mut met: HashSet<(TeamNo, TeamNo)> = HashSet::new();
        let mut byes: HashSet<TeamNo> = HashSet::new();
        let mut won_by_default: HashSet<TeamNo> = HashSet::new();
        for (r, round) in played.iter().enumerate() {
            // Every team exactly once: in one match or on the bye.
            let mut seen: Vec<TeamNo> = round.matches.iter().flat_map(|m| [m.first, m.second]).collect();
            seen.extend(round.bye);
            seen.sort();
            prop_assert_eq!(seen, (1..=n).map(TeamNo).collect::<Vec<_>>(), "round {}", r + 1);
            // A bye exactly when the number is odd; never twice, never to a
            // team that won by default (art. 4.2).
            prop_assert_eq!(round.bye.is_some(), n % 2 == 1);
            if let Some(b) = round.bye {
                prop_assert!(byes.insert(b), "team {} had the bye twice", b);
                prop_assert!(!won_by_default.contains(&b), "team {} won by default, then had the bye", b);
            }
            for m in &round.matches {
                // No rematch of a played match (art. 6.1).
                let key = (m.first.min(m.second), m.first.max(m.second));
                prop_assert!(!met.contains(&key), "round {}: {} and {} meet again", r + 1, key.0, key.1);
                // Colours alternate by board, board 1 the team's colour.
                for b in 1..=BOARDS {
                    let (x, y) = (m.colour_on_board(m.first, b), m.colour_on_board(m.second, b));
                    prop_assert_eq!(x.map(Colour::opposite), y);
                    let expected = if b % 2 == 1 { Colour::White } else { Colour::Black };
                    prop_assert_eq!(x, Some(expected));
                }
            }
            for m in &round.matches {
                if m.played() {
                    met.insert((m.first.min(m.second), m.first.max(m.second)));
                }
                won_by_default.extend(m.won_by_default(&scoring));
            }
        }
    }

    #[test]
    fn standings_add_up(n in 4u32..=15, rounds in 2usize..=6, seed in any::<u64>()) {
        let scoring = MatchScoring::olympiad(BOARDS);
        let played = play(n, rounds, seed);
        let teams: Vec<TeamNo> = (1..=n).map(TeamNo).collect();
        let table = team_standings(&teams, &played, &scoring, &default_tie_breaks());
        // Each match hands out 2 match points and 4 game points (no double
        // forfeits here); each bye 1 and 2.
        let matches: i32 = played.iter().map(|r| r.matches.len()).sum::<usize>().try_into().unwrap_or(i32::MAX);
        let byes: i32 = played.iter().filter(|r| r.bye.is_some()).count().try_into().unwrap_or(i32::MAX);
        let mp: Points = table.iter().map(|l| l.match_points).sum();
        let gp: Points = table.iter().map(|l| l.game_points).sum();
        prop_assert_eq!(mp, Points::whole(2) * matches + Points::ONE * byes);
        prop_assert_eq!(gp, Points::whole(4) * matches + Points::whole(2) * byes);
        // Every team once, ranked by match points, ranks from 1 and never
        // decreasing; a line's totals are the team's own.
        prop_assert_eq!(table.len(), teams.len());
        prop_assert_eq!(table[0].rank, 1);
        for w in table.windows(2) {
            prop_assert!(w[0].match_points >= w[1].match_points);
            prop_assert!(w[0].rank <= w[1].rank);
        }
        for line in &table {
            prop_assert_eq!((line.match_points, line.game_points), totals(line.team, &played, &scoring));
        }
    }
}
