//! An 11-team × 4-board chess team Swiss over five rounds, worked by hand
//! from the FIDE Olympiad Pairing Rules 2022 (ranking, bye, groups, floaters,
//! colours, published order) and FIDE C.07 (standings). Eleven teams, so that
//! every round has a bye. Each expected value is derived in the comments.
//!
//! Notation: "x-y" is a match with x White on board 1; MP match points,
//! GP game points; colours are board 1's.

use super::board_prizes::{board_prizes, board_results, performance};
use super::boards::{BoardResult, MatchScoring, TeamMatch, TeamRound};
use super::olympiad::{initial_ranking, pair_round, PairingRequest, RankingConfig};
use super::standings::{default_tie_breaks, team_standings, TieValue};
use super::{Team, TeamNo, TeamPlayer};
use crate::model::{Colour, Points};
use BoardResult::{Draw as D, FirstWins as F, SecondForfeitWin as SF, SecondWins as S};

fn team(name: &str, ratings: &[Option<u32>]) -> Team {
    let member =
        |i: usize, r: &Option<u32>| TeamPlayer { name: format!("{name} {}", i + 1), rating: *r, fide_id: None };
    let all: Vec<TeamPlayer> = ratings.iter().enumerate().map(|(i, r)| member(i, r)).collect();
    let (players, reserves) = all.split_at(ratings.len().min(4));
    Team { name: name.to_string(), players: players.to_vec(), reserves: reserves.to_vec() }
}

/// The registration list, deliberately not in ranking order.
fn registered() -> Vec<Team> {
    let r = |v: u32| Some(v);
    vec![
        team("Tromso", &[r(1900), r(1900), None, None]),
        team("Bodo", &[r(2300), r(2300), r(2300), r(2300), r(2000)]),
        team("Oslo", &[r(2600), r(2550), r(2500), r(2450), r(2400)]),
        team("Drammen", &[r(2400), r(2400), r(2400), r(2400), r(2100)]),
        team("Hamar", &[r(2200), r(2200), r(2200), None, r(2150)]),
        team("Bergen", &[r(2500), r(2500), r(2500), r(2500), r(2300)]),
        team("Narvik", &[r(2000), r(2000), r(2000), r(2000)]),
        team("Alta", &[r(2300), r(2300), r(2300), r(2300), r(2000)]),
        team("Stavanger", &[r(2400), r(2400), r(2400), r(2400), r(2300)]),
        team("Molde", &[r(2150), r(2150), r(2150), r(2150)]),
        team("Trondheim", &[r(2450), r(2450), r(2450), r(2450), r(2200)]),
    ]
}

#[test]
fn initial_ranking_follows_article_three_one() {
    // art. 3.1.1, averages of the four highest ratings (sums shown):
    //   Oslo 10100, Bergen 10000, Trondheim 9800, Stavanger 9600, Drammen
    //   9600, Alta 9200, Bodo 9200, Hamar 2200·3 + 2150 (the reserve is among
    //   the four highest; the unrated member counts 1400) = 8750, Molde 8600,
    //   Narvik 8000, Tromso 1900·2 + 1400·2 (unrated at the floor) = 6600.
    // art. 3.1.2: Stavanger's fifth (2300) beats Drammen's (2100).
    // art. 3.1.3: Alta before Bodo, equal on both.
    let teams = registered();
    let names: Vec<&str> =
        initial_ranking(&teams, &RankingConfig::default()).into_iter().map(|i| teams[i].name.as_str()).collect();
    assert_eq!(
        names,
        vec![
            "Oslo",
            "Bergen",
            "Trondheim",
            "Stavanger",
            "Drammen",
            "Alta",
            "Bodo",
            "Hamar",
            "Molde",
            "Narvik",
            "Tromso"
        ]
    );
}

/// A round as expected: matches in published order (first team White on
/// board 1), the bye, and the results to record (by match, first team's view).
struct Expected {
    matches: [(u32, u32); 5],
    bye: u32,
    results: [[BoardResult; 4]; 5],
}

fn rounds_expected() -> [Expected; 5] {
    [
        // Round 1. All on 0 MP: one group, which is the median group. art. 4.1:
        // the bye to the lowest ranked, 11. art. 9.3 on 1..10: 1 tries N/2+1 =
        // 6; then 2 the 5th of 2,3,4,5,7,8,9,10 = 7; then 3-8, 4-9, 5-10.
        // art. 7.2 (White drawn): the higher-ranked team has White when its
        // number is odd: 1, 3, 5 White; 7 and 9 White against 2 and 4.
        // art. 11.1: equal MP, by the higher-ranked team's number.
        Expected {
            matches: [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)],
            bye: 11,
            // 1 beats 6 3-1; 2 beats 7 2½-1½; 3-8 2-2; 9 beats 4 2½-1½; 5 beats 10 4-0.
            results: [[F, F, D, D], [S, D, D, D], [D, D, D, D], [F, D, D, D], [F, F, F, F]],
        },
        // Round 2. MP: 1, 2, 5, 9 on 2; 3, 8, 11 on 1 (11 the bye); 4, 6, 7, 10
        // on 0. art. 3.2 order: 1 2 5 9 3 8 11 4 6 7 10. Bye (art. 4.1): 10.
        // The ten left: the median team is the 6th, 8, so the 1-MP group is
        // the median group. Top group 1 2 5 9 (art. 9.3): 1-5, 2-9.
        // Bottom group 4 6 7 (below the median) floats its highest-ranked team
        // up (art. 8.2): 4, which can meet the median group; 6-7 paired.
        // Median group 3 8 11 with upfloater 4: 4 takes the lowest-ranked team
        // it may meet (art. 8.2.1): 11 would leave 3-8, a rematch, so 8; then
        // 3-11.
        // Colours: 1-5 both had W, equal differences, never different: the
        // higher (1) alternates to B, so 5-1. 2 (B) vs 9 (W): 9 has the
        // larger difference and gets B (art. 7.5.1): 2-9. 6 (B) vs 7 (W):
        // 6-7. 8 (B, higher: 1 MP) vs 4 (B): 8 alternates to W: 8-4. 3 (W) vs
        // 11 (no colour, bye): 3 has the larger difference: 11-3.
        // art. 11.1: 1-5 (2 MP, sum 4), 2-9 (2, 4), 3-11 (1, 2), 8-4 (1, 1),
        // 6-7 (0).
        Expected {
            matches: [(5, 1), (2, 9), (11, 3), (8, 4), (6, 7)],
            bye: 10,
            // 1 beats 5 2½-1½; 2 beats 9 3-1; 3 beats 11 3½-½; 8-4 2-2; 6 does not
            // come: 7 wins by default, every board forfeited.
            results: [[S, D, D, D], [F, F, D, D], [S, S, S, D], [F, S, D, D], [SF, SF, SF, SF]],
        },
        // Round 3. MP: 1, 2 on 4; 3 on 3; 5, 7, 8, 9 on 2; 4, 10, 11 on 1; 6 on 0.
        // Order 1 2 3 5 7 8 9 4 10 11 6. Bye: 6 (lowest, eligible: it lost by
        // default, which does not bar the bye). Median team (6th of ten): 8,
        // the 2-MP group. 1-2. 3 alone floats down. Bottom group 4 10 11: 4
        // floats up (highest ranked), 10-11. Median group 5 7 8 9 with 3 from
        // above and 4 from below: 3 takes the highest-ranked team it has not
        // met, 5; 4 takes the lowest it has not met: not 9, not 8 (met), so
        // 7; 8-9. (6-7 of round 2 was not played, so 7 had no colour then.)
        // Colours: 1 (W B) vs 2 (B W): latest differing round, 2: 1 gets W.
        // 3 (W B) vs 5 (W W): Black for 3 would give 5 a third White (art.
        // 7.3): 3-5. 7 (W -; higher, 2 MP) vs 4 (B B): White for 7 would give 4
        // a third Black: 4-7. 8 (B W) vs 9 (W B): latest differing round 2, 8
        // had W: 9-8. 10 (B -) vs 11 (- W): 11 has the larger difference: 10-11.
        // art. 11.1: 1-2 (4), 3-5 (3), 9-8 (2, sum 4), 4-7 (2, sum 3), 10-11.
        Expected {
            matches: [(1, 2), (3, 5), (9, 8), (4, 7), (10, 11)],
            bye: 6,
            // 1-2 2-2; 3 beats 5 2½-1½; 8 beats 9 3-1; 4 beats 7 2½-1½; 11 beats 10 3-1.
            results: [[F, S, D, D], [F, D, D, D], [S, S, D, D], [F, D, D, D], [S, S, D, D]],
        },
        // Round 4. MP: 1, 2, 3 on 5; 8 on 4; 4, 11 on 3; 5, 7, 9 on 2; 6, 10 on 1.
        // Order 1 2 3 8 4 11 5 7 9 6 10. Bye: 10 and 6 had it (art. 4.2.1), so
        // 9. Median team (6th of ten): 11, the 3-MP group 4 11.
        // Top group 1 2 3 (1-2 met): odd, floats one, the lowest ranked first
        // but preferring a team that can play in the group below (art. 8.3.3):
        // 3 has met 8, so 2 floats; 1-3. Group 8 with 2 from above: 2-8.
        // From the bottom: 6-10, then 5-7, then the median group 4-11.
        // Colours: 1 (W B W) vs 3 (W B W): identical, 1 alternates to B: 3-1.
        // 2 (B W B) vs 8 (B W B): 2 alternates to W: 2-8. 6 (B - -) vs 10 (B -
        // W): 10 has the larger difference: 6-10. 5 (W W B) vs 7 (W - B): 5 has
        // the larger difference: 7-5. 4 (B B W) vs 11 (- W B): 11 larger: 4-11.
        // art. 11.1: 3-1 (5, sum 10), 2-8 (5, sum 9), 4-11 (3), 7-5 (2), 6-10 (1).
        Expected {
            matches: [(3, 1), (2, 8), (4, 11), (7, 5), (6, 10)],
            bye: 9,
            // 1 beats 3 2½-1½; 2 beats 8 3-1; 4-11 2-2; 5 beats 7 3-1; 10 beats 6 2½-1½.
            results: [[D, D, D, S], [F, F, S, F], [D, D, D, D], [S, S, D, D], [D, D, D, S]],
        },
        // Round 5. MP: 1, 2 on 7; 3 on 5; 4, 5, 8, 11 on 4; 9, 10 on 3; 7 on 2; 6 on 1.
        // Order 1 2 3 4 5 8 11 9 10 7 6. Bye: 6, 10, 9, 11 had it (art. 4.2.1)
        // and 7 won by default (art. 4.2.2): 8. Median team (6th of ten): 11,
        // the 4-MP group 4 5 11.
        // Top group 1 2 (met in round 3): both float, 2 first (1 has met 3).
        // Group 3 with 1 and 2 from above: 1 has met 3 and 2, floats on; 2-3.
        // From the bottom: 6 floats up to 7 and plays it (6-7 was never
        // played); 9-10. Median group 4 5 11 with 1 from above: 1 takes the
        // highest-ranked team it may meet: 4, but then 5-11 is left, and 5 (W W
        // B B) and 11 (- W B B) cannot meet within art. 7.3 (5 can only take
        // White, 11 can only take White); the limits cost the group nothing
        // with 1-11, 4-5, so they hold (art. 7.4) and 1 plays 11.
        // Colours: 2 (B W B W) vs 3 (W B W W): 3 cannot take a third White:
        // 2-3. 1 (W B W B) vs 11: 11 cannot take a third Black: 11-1. 4 (B B W
        // W) vs 5 (W W B B): 4 cannot take a third White: 5-4. 9 (W B W -) vs
        // 10 (B - W B): 9 has the larger difference: 10-9. 7 (W - B W; higher,
        // 2 MP) vs 6 (B - - W): 7 larger: 6-7.
        // art. 11.1: 2-3 (7, sum 12), 11-1 (7, sum 11), 5-4 (4), 10-9 (3), 6-7 (2).
        Expected {
            matches: [(2, 3), (11, 1), (5, 4), (10, 9), (6, 7)],
            bye: 8,
            // 2 beats 3 2½-1½; 11-1 2-2; 5 beats 4 3-1; 9 beats 10 3-1; 7 beats 6 2½-1½.
            results: [[F, D, D, D], [D, D, D, D], [F, F, D, D], [S, S, D, D], [S, D, D, D]],
        },
    ]
}

fn play_event() -> Vec<TeamRound> {
    let scoring = MatchScoring::olympiad(4);
    let teams: Vec<TeamNo> = (1..=11).map(TeamNo).collect();
    let mut rounds: Vec<TeamRound> = Vec::new();
    for (r, expected) in rounds_expected().into_iter().enumerate() {
        let request = PairingRequest {
            teams: &teams,
            rounds: &rounds,
            scoring: &scoring,
            initial_colour: Colour::White,
            late_entries: &[],
        };
        let pairing = match pair_round(&request) {
            Ok(p) => p,
            Err(e) => panic!("round {}: {e}", r + 1),
        };
        let got: Vec<(u32, u32)> = pairing.matches.iter().map(|m| (m.first.0, m.second.0)).collect();
        assert_eq!(got, expected.matches.to_vec(), "round {} pairings", r + 1);
        assert_eq!(pairing.bye, Some(TeamNo(expected.bye)), "round {} bye", r + 1);
        let matches = expected
            .matches
            .iter()
            .zip(expected.results)
            .map(|(&(a, b), res)| TeamMatch::new(TeamNo(a), TeamNo(b), res.to_vec()))
            .collect();
        rounds.push(TeamRound { matches, bye: Some(TeamNo(expected.bye)) });
    }
    rounds
}

#[test]
fn five_rounds_pair_as_the_rules_are_worked_by_hand() {
    let rounds = play_event();
    // Colours by board (board 1 the team's colour, then alternating): round 5,
    // 11-1: 11 has White on boards 1 and 3, 1 on boards 2 and 4.
    let m = &rounds[4].matches[1];
    let eleven: Vec<Colour> = (1..=4).filter_map(|b| m.colour_on_board(TeamNo(11), b)).collect();
    let one: Vec<Colour> = (1..=4).filter_map(|b| m.colour_on_board(TeamNo(1), b)).collect();
    assert_eq!(eleven, vec![Colour::White, Colour::Black, Colour::White, Colour::Black]);
    assert_eq!(one, vec![Colour::Black, Colour::White, Colour::Black, Colour::White]);
}

#[test]
fn final_standings_with_team_tie_breaks() {
    let rounds = play_event();
    let scoring = MatchScoring::olympiad(4);
    let teams: Vec<TeamNo> = (1..=11).map(TeamNo).collect();
    let table = team_standings(&teams, &rounds, &scoring, &default_tie_breaks());
    // Final MP (R1..R5, the bye 1 MP and 2 GP): 1: 2+2+1+2+1 = 8; 2: 2+2+1+2+2
    // = 9; 3: 1+2+2+0+0 = 5; 4: 0+1+2+1+0 = 4; 5: 2+0+0+2+2 = 6; 6: 0+0+1+0+0
    // = 1; 7: 0+2+0+0+2 = 4; 8: 1+1+2+0+1 = 5; 9: 2+0+0+1+2 = 5; 10: 0+1+0+2+0
    // = 3; 11: 1+0+2+1+1 = 5. Sum 55 = 5 rounds × (5 matches × 2 + bye 1).
    // GP: 1: 3+2½+2+2½+2 = 12; 2: 2½+3+2+3+2½ = 13; 3: 2+3½+2½+1½+1½ = 11;
    // 4: 1½+2+2½+2+1 = 9; 5: 4+1½+1½+3+3 = 13; 6: 1+0+2+1½+1½ = 6; 7: 1½+4+1½
    // +1+2½ = 10½; 8: 2+2+3+1+2 = 10; 9: 2½+1+1+2+3 = 9½; 10: 0+2+1+2½+1 = 6½;
    // 11: 2+½+3+2+2 = 9½. Sum 110 = 5 × (20 + 2).
    // EMGSB (C.07 13.2: opponent's MP × GP scored; a bye or a match won or
    // lost by default is a dummy opponent with the team's own MP, C.07 16):
    // 1: 1·3 + 6·2½ + 9·2 + 5·2½ + 5·2 = 58½
    // 2: 4·2½ + 5·3 + 8·2 + 5·3 + 5·2½ = 68½
    // 3: 5·2 + 5·3½ + 6·2½ + 8·1½ + 9·1½ = 68
    // 4: 5·1½ + 5·2 + 4·2½ + 5·2 + 6·1 = 43½
    // 5: 3·4 + 8·1½ + 5·1½ + 4·3 + 4·3 = 55½
    // 6: 8·1 + 1·0 (default) + 1·2 (bye) + 3·1½ + 4·1½ = 20½
    // 7: 9·1½ + 4·4 (default) + 4·1½ + 6·1 + 1·2½ = 44
    // 8: 5·2 + 4·2 + 5·3 + 9·1 + 5·2 (bye) = 52
    // 9: 4·2½ + 9·1 + 5·1 + 5·2 (bye) + 3·3 = 43
    // 10: 6·0 + 3·2 (bye) + 5·1 + 1·2½ + 5·1 = 18½
    // 11: 5·2 (bye) + 5·½ + 3·3 + 4·2 + 8·2 = 45½
    // BH of MP (C.07 8.1; the dummy scores the team's own MP):
    // 1: 1+6+9+5+5 = 26; 2: 4+5+8+5+5 = 27; 3: 5+5+6+8+9 = 33; 4: 5+5+4+5+6 =
    // 25; 5: 3+8+5+4+4 = 24; 6: 8+1+1+3+4 = 17; 7: 9+4+4+6+1 = 24; 8: 5+4+5+9
    // +5 = 28; 9: 4+9+5+5+3 = 26; 10: 6+3+5+1+5 = 20; 11: 5+5+3+4+8 = 25.
    // Order: MP, then GP, then EMGSB: 2 (9), 1 (8), 5 (6), then on 5 MP 3 (GP
    // 11), 8 (10), 11 and 9 (9½ each; EMGSB 45½ > 43), then on 4 MP 7 (GP
    // 10½), 4 (9), then 10, 6.
    let h = |x: f64| TieValue((x * 100.0).round() as i64);
    let expected: [(u32, i32, i32, f64, f64); 11] = [
        (2, 90, 130, 68.5, 27.0),
        (1, 80, 120, 58.5, 26.0),
        (5, 60, 130, 55.5, 24.0),
        (3, 50, 110, 68.0, 33.0),
        (8, 50, 100, 52.0, 28.0),
        (11, 50, 95, 45.5, 25.0),
        (9, 50, 95, 43.0, 26.0),
        (7, 40, 105, 44.0, 24.0),
        (4, 40, 90, 43.5, 25.0),
        (10, 30, 65, 18.5, 20.0),
        (6, 10, 60, 20.5, 17.0),
    ];
    assert_eq!(table.len(), 11);
    for (i, (line, e)) in table.iter().zip(expected).enumerate() {
        assert_eq!(line.team, TeamNo(e.0), "place {}", i + 1);
        assert_eq!(line.rank, u32::try_from(i + 1).unwrap_or(0));
        assert_eq!(line.match_points, Points::from_tenths(e.1), "MP of {}", e.0);
        assert_eq!(line.game_points, Points::from_tenths(e.2), "GP of {}", e.0);
        assert_eq!(line.tie_breaks, vec![TieValue::of(Points::from_tenths(e.2)), h(e.3), h(e.4)], "team {}", e.0);
    }
}

#[test]
fn board_one_prize_is_shared_by_two_four_out_of_five() {
    let rounds = play_event();
    let scoring = MatchScoring::olympiad(4);
    let lines = board_results(&rounds, &scoring);
    // Board 1 over the five rounds (first team's board 1 plays White):
    // team 1: W W W D D = 4 of 5; team 2: W W L W W = 4 of 5; team 3: D W W D
    // L = 3; team 5: W L L W W = 3. Team 7's board 1: L, a forfeit win (not a
    // game), L, L, W = 1 of 4 games.
    let one = |t: u32| lines.iter().find(|l| l.board == 1 && l.team == TeamNo(t));
    let seven = one(7).map(|l| (l.games, l.points, l.forfeit_wins));
    assert_eq!(seven, Some((4, Points::ONE, 1)));
    let prizes = board_prizes(&lines, 4);
    let board_one: Vec<(u32, u32, Points)> = prizes[0].1.iter().map(|l| (l.team.0, l.games, l.points)).collect();
    assert_eq!(prizes[0].0, 1);
    assert_eq!(board_one, vec![(1, 5, Points::whole(4)), (2, 5, Points::whole(4))]);

    // Performance of team 1's board 1 (C.07 art. 10.3): its opponents were the
    // board-1 players of 6 (Alta, 2300), 5 (Drammen, 2400), 2 (Bergen, 2500),
    // 3 (Trondheim, 2450) and 11 (Tromso, 1900): average 11550 / 5 = 2310;
    // 4 of 5 is 80 %, worth +240 in FIDE table 8.1a: 2550.
    let teams = registered();
    let order = initial_ranking(&teams, &RankingConfig::default());
    let rating = |t: TeamNo, m: usize| {
        let team = usize::try_from(t.0).ok().and_then(|i| order.get(i - 1)).map(|&i| &teams[i]);
        team.and_then(|team| team.member(m)).and_then(|p| p.rating).unwrap_or(1400)
    };
    assert_eq!(one(1).and_then(|l| performance(l, rating)), Some(2550));
}

#[test]
fn a_late_entry_and_a_team_that_had_the_bye_do_not_get_it() {
    // Round 2 of the event above, with team 10 (the lowest ranked, which
    // would get the bye, art. 4.1) entered late (art. 4.2.3): 11 had the bye
    // in round 1 (art. 4.2.1), so the bye passes to the next lowest ranked,
    // 7 (order 1 2 5 9 3 8 11 4 6 7 10).
    let scoring = MatchScoring::olympiad(4);
    let teams: Vec<TeamNo> = (1..=11).map(TeamNo).collect();
    let first = &rounds_expected()[0];
    let matches = first
        .matches
        .iter()
        .zip(first.results)
        .map(|(&(a, b), res)| TeamMatch::new(TeamNo(a), TeamNo(b), res.to_vec()))
        .collect();
    let played = vec![TeamRound { matches, bye: Some(TeamNo(11)) }];
    let request = PairingRequest {
        teams: &teams,
        rounds: &played,
        scoring: &scoring,
        initial_colour: Colour::White,
        late_entries: &[TeamNo(10)],
    };
    assert_eq!(pair_round(&request).map(|p| p.bye), Ok(Some(TeamNo(7))));
}
