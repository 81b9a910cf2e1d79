//! Fixtures worked by hand from the articles of the Olympiad Pairing Rules
//! 2022; each comment derives the expected pairing from the text.

use super::*;

/// A team with pairing number `no`, `mp` match points, board-1 colours
/// `colours` (`W`, `B`, `-` for a round without a played match) and the
/// teams it has met.
fn team(no: u32, mp: i32, colours: &str, met: &[u32]) -> State {
    State {
        no: TeamNo(no),
        match_points: Points::whole(mp),
        colours: colours
            .chars()
            .map(|c| match c {
                'W' => Some(Colour::White),
                'B' => Some(Colour::Black),
                _ => None,
            })
            .collect(),
        met: met.iter().map(|&m| TeamNo(m)).collect(),
        no_bye: false,
    }
}

fn pair(mut teams: Vec<State>) -> OlympiadPairing {
    teams.sort_by(|a, b| compare_for_pairing((a.no, a.match_points), (b.no, b.match_points)));
    match pair_states(teams, Colour::White) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    }
}

/// The pairs as "a-b" with a < b, sorted.
fn pairs(p: &OlympiadPairing) -> Vec<String> {
    let mut v: Vec<String> = p
        .matches
        .iter()
        .map(|m| {
            let (a, b) = if m.first < m.second { (m.first, m.second) } else { (m.second, m.first) };
            format!("{a}-{b}")
        })
        .collect();
    v.sort();
    v
}

fn sorted(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

#[test]
fn the_table_of_nine_three_tries_the_next_opponent_after_a_rematch() {
    // art. 9.3: six teams of one group; 1 tries 4 first (N/2 + 1), but has met
    // it, so 1 x 5; the subgroup 2, 3, 4, 6 is paired the same way: 2 tries its
    // N/2 + 1, which is 4, then 3 x 6.
    let teams = vec![
        team(1, 0, "W", &[4]),
        team(2, 0, "B", &[]),
        team(3, 0, "W", &[]),
        team(4, 0, "B", &[1]),
        team(5, 0, "W", &[]),
        team(6, 0, "B", &[]),
    ];
    assert_eq!(pairs(&pair(teams)), sorted("1-5 2-4 3-6"));
}

#[test]
fn round_one_pairs_top_half_against_bottom_half_with_alternating_colours() {
    // art. 9.3 on one group of eight: 1-5, 2-6, 3-7, 4-8. art. 7.2 with White
    // drawn: the higher-ranked team gets White when its number is odd, so
    // 1 and 3 have White, 6 and 8 have White against 2 and 4. art. 11.1: all
    // match points equal, so by the higher-ranked team's number.
    let teams = (1..=8).map(|n| team(n, 0, "", &[])).collect();
    let p = pair(teams);
    let got: Vec<(u32, u32)> = p.matches.iter().map(|m| (m.first.0, m.second.0)).collect();
    assert_eq!(got, vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
    assert_eq!(p.bye, None);
}

#[test]
fn an_upfloater_plays_the_lowest_ranked_team_it_has_not_met() {
    // Eight teams: 1-4 on 4, 5-7 on 2, 8 on 0; 7 and 8 have met.
    // art. 6.4: the median team is the 5th (lower of the two middle teams), so
    // the 2-point group is the median group. Top group 1-4 pairs 1-3, 2-4
    // (art. 9.3). The 0-point group is below the median: 8 floats up (art.
    // 8.2) and plays the lowest-ranked team it has not met (art. 8.2.1): not 7,
    // so 6. 5-7 is left.
    let teams = vec![
        team(1, 4, "W", &[]),
        team(2, 4, "B", &[]),
        team(3, 4, "W", &[]),
        team(4, 4, "B", &[]),
        team(5, 2, "W", &[]),
        team(6, 2, "B", &[]),
        team(7, 2, "W", &[8]),
        team(8, 0, "B", &[7]),
    ];
    assert_eq!(pairs(&pair(teams)), sorted("1-3 2-4 6-8 5-7"));
}

#[test]
fn the_next_highest_team_floats_when_floating_the_first_leaves_a_rematch() {
    // Twelve teams: 1-5 on 6, 6-7 on 4, 8-10 on 2 (9 and 10 have met), 11-12
    // on 0. The median team is the 7th, so the 4-point group is the median
    // group. Above it, the odd 6-point group floats its lowest-ranked team, 5
    // (art. 8.3), and pairs 1-3, 2-4. Below it, 11-12 pair; the odd 2-point
    // group would float its highest-ranked team, 8 (art. 8.2), but 9-10 is a
    // rematch, so 9 floats and 8-10 pair (art. 8.2.2). In the median group the
    // downfloater 5 takes the highest-ranked team, 6, and the upfloater 9 the
    // lowest-ranked, 7.
    let teams = vec![
        team(1, 6, "W", &[]),
        team(2, 6, "B", &[]),
        team(3, 6, "W", &[]),
        team(4, 6, "B", &[]),
        team(5, 6, "W", &[]),
        team(6, 4, "B", &[]),
        team(7, 4, "W", &[]),
        team(8, 2, "B", &[]),
        team(9, 2, "W", &[10]),
        team(10, 2, "B", &[9]),
        team(11, 0, "W", &[]),
        team(12, 0, "B", &[]),
    ];
    assert_eq!(pairs(&pair(teams)), sorted("1-3 2-4 5-6 11-12 8-10 7-9"));
}

#[test]
fn a_downfloater_plays_the_highest_ranked_team_it_has_not_met() {
    // Eight teams: 1-3 on 6 (3 has met 4), 4-7 on 4, 8 on 0. The median team
    // is the 5th: the 4-point group. The odd 6-point group floats its
    // lowest-ranked team, 3 (art. 8.3), and pairs 1-2. 8 floats up. In the
    // median group the downfloater 3 takes the highest-ranked team it has not
    // met (art. 8.3.1): 5, as it met 4; the upfloater 8 takes the lowest, 7;
    // 4-6 is left.
    let teams = vec![
        team(1, 6, "W", &[]),
        team(2, 6, "B", &[]),
        team(3, 6, "W", &[4]),
        team(4, 4, "B", &[3]),
        team(5, 4, "W", &[]),
        team(6, 4, "B", &[]),
        team(7, 4, "W", &[]),
        team(8, 0, "B", &[]),
    ];
    assert_eq!(pairs(&pair(teams)), sorted("1-2 3-5 7-8 4-6"));
}

#[test]
fn a_team_that_has_played_its_whole_group_floats() {
    // Eight teams: 1-4 on 6, 1 has met 2, 3 and 4; 5-8 on 4. The median group
    // is the 4-point group. In the 6-point group 1 can meet nobody (art. 9.4),
    // so one pairing (2-3) is all the group can keep: two teams float. The
    // lowest-ranked first, 4, keeps 2-3 possible; then 3 and 2 would each
    // break 2-3, so 1 floats. The downfloaters, highest ranked first, take the
    // highest-ranked teams of the median group: 1-5, 4-6; then 7-8.
    let teams = vec![
        team(1, 6, "WBW", &[2, 3, 4]),
        team(2, 6, "BWB", &[1]),
        team(3, 6, "WBW", &[1]),
        team(4, 6, "BWB", &[1]),
        team(5, 4, "W", &[]),
        team(6, 4, "B", &[]),
        team(7, 4, "W", &[]),
        team(8, 4, "B", &[]),
    ];
    assert_eq!(pairs(&pair(teams)), sorted("2-3 1-5 4-6 7-8"));
}

#[test]
fn the_bye_goes_to_the_lowest_ranked_eligible_team() {
    // art. 3.2: nine teams ranked 8, 9 (4 points), then 1-7 (2 points). The
    // two lowest ranked, 7 and 6, are ineligible (art. 4.2.1: had the bye;
    // art. 4.2.2: won by default), so the bye goes to 5 (art. 4.1).
    let mut teams: Vec<State> = (1..=5).map(|n| team(n, 2, "W", &[])).collect();
    let mut six = team(6, 2, "W", &[]);
    six.no_bye = true;
    let mut seven = team(7, 2, "-", &[]);
    seven.no_bye = true;
    teams.extend([six, seven, team(8, 4, "B", &[]), team(9, 4, "B", &[])]);
    assert_eq!(pair(teams).bye, Some(TeamNo(5)));
}

#[test]
fn colour_limits_are_dropped_when_they_would_float_teams() {
    // art. 7.3, 7.4: 1 and 2 both had White twice running, so they cannot
    // meet within the limits; keeping them would float both out of the
    // 4-point group, so the limits are disregarded and 1-2, 3-4 are paired.
    let teams = vec![team(1, 4, "WW", &[]), team(2, 4, "WW", &[]), team(3, 2, "BW", &[]), team(4, 2, "WB", &[])];
    assert_eq!(pairs(&pair(teams)), sorted("1-2 3-4"));
}

#[test]
fn matches_are_published_by_match_points_then_their_sum() {
    // Six teams: 1-3 on 4, 4-6 on 2. The median team is the 4th, so the
    // 2-point group is the median group; the odd 4-point group pairs 1-2 and
    // floats 3, which takes the highest-ranked team below, 4; then 5-6.
    // art. 11.1: 1-2 (higher team on 4, sum 8) before 3-4 (4, sum 6) before
    // 5-6 (2, sum 4).
    let teams = vec![
        team(1, 4, "W", &[]),
        team(2, 4, "B", &[]),
        team(3, 4, "W", &[]),
        team(4, 2, "B", &[]),
        team(5, 2, "W", &[]),
        team(6, 2, "B", &[]),
    ];
    let p = pair(teams);
    let got: Vec<String> = p
        .matches
        .iter()
        .map(|m| {
            let (a, b) = if m.first < m.second { (m.first, m.second) } else { (m.second, m.first) };
            format!("{a}-{b}")
        })
        .collect();
    assert_eq!(got, vec!["1-2", "3-4", "5-6"]);
}
