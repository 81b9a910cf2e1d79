//! The initial ranking of teams (FIDE Olympiad Pairing Rules 2022 art. 3.1)
//! and the ranking before each later round (art. 3.2).

use crate::model::Points;
use crate::teams::{Team, TeamNo};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// How team strength is measured for the initial ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankingConfig {
    /// How many of the highest ratings are averaged: 4 in the Olympiad
    /// (art. 3.1.1, "its four highest-rated players"); configurable for
    /// events with another number of boards. At least 1.
    pub top: usize,
    /// The rating given to a player without one, and to a missing player
    /// when a team has fewer than `top` members. The Olympiad rules assign
    /// unrated members "the FIDE rating floor (minimum FIDE rating)"
    /// (D.II.02, 2012 text, art. 7); the floor has been 1400 since 1 March
    /// 2024, so that is the default.
    pub unrated: u32,
}

impl Default for RankingConfig {
    fn default() -> Self {
        RankingConfig { top: 4, unrated: 1400 }
    }
}

/// A team's strength as art. 3.1 compares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strength {
    /// The sum of the `top` highest ratings (their average times `top`; every
    /// team is compared on the same `top`, so sums order like averages).
    pub top_sum: u64,
    /// The rating of the next player (the fifth in the Olympiad), `None`
    /// when the team has no further member.
    pub next: Option<u32>,
}

impl Strength {
    /// The average of the `top` highest ratings, for display.
    #[must_use]
    pub fn average(&self, config: &RankingConfig) -> f64 {
        self.top_sum as f64 / config.top.max(1) as f64
    }
}

/// The strength of `team` (art. 3.1.1 and 3.1.2): its members' ratings
/// (players and reserves, unrated at `config.unrated`) sorted highest first;
/// the first `config.top` are summed (missing members at `config.unrated`),
/// the next one is the tie-break of art. 3.1.2.
#[must_use]
pub fn strength(team: &Team, config: &RankingConfig) -> Strength {
    let mut ratings: Vec<u32> = team.roster().map(|p| p.rating.unwrap_or(config.unrated)).collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let top = config.top.max(1);
    let top_sum = (0..top).map(|i| u64::from(ratings.get(i).copied().unwrap_or(config.unrated))).sum();
    Strength { top_sum, next: ratings.get(top).copied() }
}

/// The initial ranking (FIDE Olympiad Pairing Rules 2022 art. 3.1): indices
/// into `teams`, the team to receive pairing number 1 first. Ordered by
/// - art. 3.1.1: the average rating of the `config.top` highest-rated players,
///   highest first;
/// - art. 3.1.2: the rating of the next ("fifth") player, highest first; a
///   team without one ranks below a team with one;
/// - art. 3.1.3: alphabetically by name (case-insensitive, then exact).
///
/// The pairing number of `teams[result[i]]` is `TeamNo(i + 1)`.
#[must_use]
pub fn initial_ranking(teams: &[Team], config: &RankingConfig) -> Vec<usize> {
    let strengths: Vec<Strength> = teams.iter().map(|t| strength(t, config)).collect();
    let mut order: Vec<usize> = (0..teams.len()).collect();
    order.sort_by(|&a, &b| {
        strengths[b]
            .top_sum
            .cmp(&strengths[a].top_sum)
            .then_with(|| strengths[b].next.cmp(&strengths[a].next))
            .then_with(|| teams[a].name.to_lowercase().cmp(&teams[b].name.to_lowercase()))
            .then_with(|| teams[a].name.cmp(&teams[b].name))
    });
    order
}

/// The ranking before a later round (art. 3.2): match points, highest first
/// (art. 3.2.1), then the initial pairing number (art. 3.2.2). Game points
/// play no part.
#[must_use]
pub fn compare_for_pairing(a: (TeamNo, Points), b: (TeamNo, Points)) -> Ordering {
    b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teams::TeamPlayer;

    fn team(name: &str, ratings: &[Option<u32>]) -> Team {
        Team {
            name: name.to_string(),
            players: ratings
                .iter()
                .enumerate()
                .map(|(i, r)| TeamPlayer { name: format!("{name} {i}"), rating: *r, fide_id: None })
                .collect(),
            reserves: Vec::new(),
        }
    }

    #[test]
    fn ranks_by_average_of_four_then_fifth_then_name() {
        // art. 3.1.1: A averages (2500+2400+2300+2200)/4 = 2350, B 2300: A first.
        // art. 3.1.2: C and D both average 2000; C's fifth is 1900, D's 1800.
        // art. 3.1.3: E and F are equal on both, E before F alphabetically.
        let teams = vec![
            team("F", &[Some(1500); 5]),
            team("D", &[Some(2000), Some(2000), Some(2000), Some(2000), Some(1800)]),
            team("B", &[Some(2300); 4]),
            team("E", &[Some(1500); 5]),
            team("A", &[Some(2500), Some(2400), Some(2300), Some(2200)]),
            team("C", &[Some(2000), Some(2000), Some(2000), Some(2000), Some(1900)]),
        ];
        let order: Vec<&str> =
            initial_ranking(&teams, &RankingConfig::default()).into_iter().map(|i| teams[i].name.as_str()).collect();
        assert_eq!(order, vec!["A", "B", "C", "D", "E", "F"]);
    }

    #[test]
    fn unrated_players_count_at_the_floor_and_only_the_top_four_count() {
        // X: 2000 + 2000 + 2000 + unrated at the floor 1400 = 7400, no fifth.
        // Y: sorted 2100, 1900, 1900, 1900 | 1900: the top four sum 7800 (the
        // 2100 listed fifth still counts), the next rating is 1900. Y first.
        let x = team("X", &[Some(2000), Some(2000), Some(2000), None]);
        let y = team("Y", &[Some(1900), Some(1900), Some(1900), Some(1900), Some(2100)]);
        let cfg = RankingConfig::default();
        assert_eq!(strength(&x, &cfg), Strength { top_sum: 7400, next: None });
        assert_eq!(strength(&y, &cfg), Strength { top_sum: 7800, next: Some(1900) });
        assert_eq!(initial_ranking(&[x, y], &cfg), vec![1, 0]);
    }

    #[test]
    fn later_rounds_rank_by_match_points_then_pairing_number() {
        let a = (TeamNo(5), Points::whole(4));
        let b = (TeamNo(1), Points::whole(2));
        let c = (TeamNo(3), Points::whole(4));
        let mut v = vec![a, b, c];
        v.sort_by(|x, y| compare_for_pairing(*x, *y));
        assert_eq!(v, vec![c, a, b]);
    }
}
