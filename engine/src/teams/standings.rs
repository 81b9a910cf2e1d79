//! Team standings: match points first, then the team tie-breaks of FIDE
//! C.07 (Tie-Break Regulations; the 2024 text's team tie-breaks, art. 13, and
//! Buchholz, art. 8.1, computed on a team score).
//!
//! Unplayed rounds (C.07 art. 16, 2024 text): a team's own bye, absence, or
//! match decided by forfeits on every board counts, in its own Buchholz and
//! Sonneborn-Berger, as a match against a dummy opponent whose score is the
//! team's own final score; the team scores what it was awarded. An opponent's
//! score is its final total (the points it was awarded in every round). With
//! Cut-1, a round the team chose not to play (an absence) is cut first, then
//! the lowest value (C.07 art. 14 and 16.5).

use super::boards::{history, MatchScoring, TeamRound, TeamRoundView};
use super::TeamNo;
use crate::model::Points;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Which team score a tie-break reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamScore {
    /// Match points (2/1/0 by default).
    Match,
    /// Game points (the sum of the board results).
    Game,
}

/// The Extended Sonneborn-Berger family for teams (C.07 art. 13.2): the sum,
/// over opponents, of the opponent's final score in one team score times the
/// score the team made against that opponent in the other (or the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Esb {
    /// EMMSB: opponent's match points × match points scored.
    Emmsb,
    /// EMGSB: opponent's match points × game points scored (the Olympiad's
    /// Sonneborn-Berger).
    Emgsb,
    /// EGMSB: opponent's game points × match points scored.
    Egmsb,
    /// EGGSB: opponent's game points × game points scored.
    Eggsb,
}

impl Esb {
    /// (the opponent's score, the team's own scored score).
    #[must_use]
    pub const fn scores(self) -> (TeamScore, TeamScore) {
        match self {
            Esb::Emmsb => (TeamScore::Match, TeamScore::Match),
            Esb::Emgsb => (TeamScore::Match, TeamScore::Game),
            Esb::Egmsb => (TeamScore::Game, TeamScore::Match),
            Esb::Eggsb => (TeamScore::Game, TeamScore::Game),
        }
    }
}

/// One tie-break of a team event (after match points, the primary score).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum TeamTieBreak {
    /// Game points, the secondary score when match points decide (C.07 art.
    /// 13.1, "MPvGP").
    GamePoints,
    /// Extended Sonneborn-Berger (C.07 art. 13.2), with or without Cut-1
    /// (art. 14).
    SonnebornBerger {
        /// The variant.
        variant: Esb,
        /// Leave out the opponent with the lowest score in the opponent's
        /// factor (C.07 art. 14, Cut-1).
        cut_lowest: bool,
    },
    /// Buchholz (C.07 art. 8.1) on a team score: the sum of the opponents'
    /// final scores.
    Buchholz {
        /// Which score is summed.
        score: TeamScore,
        /// Leave out the lowest value (Cut-1, C.07 art. 14).
        cut_lowest: bool,
    },
}

/// The default list: game points, EMGSB, Buchholz of match points. C.07 art.
/// 4.1 leaves the list to the organiser; this is the order the Olympiad's
/// own tie-breaks take (Sonneborn-Berger on match × game points, game points,
/// opponents' match points), with game points first as most team Swiss opens
/// publish.
#[must_use]
pub fn default_tie_breaks() -> Vec<TeamTieBreak> {
    vec![
        TeamTieBreak::GamePoints,
        TeamTieBreak::SonnebornBerger { variant: Esb::Emgsb, cut_lowest: false },
        TeamTieBreak::Buchholz { score: TeamScore::Match, cut_lowest: false },
    ]
}

/// A tie-break value in hundredths of a point (products of two scores in
/// tenths need hundredths to be exact): 2 × 2.5 = 5 is `TieValue(500)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TieValue(pub i64);

impl TieValue {
    /// The value of a plain score.
    #[must_use]
    pub fn of(points: Points) -> TieValue {
        TieValue(i64::from(points.tenths()) * 10)
    }

    /// The product of two scores (Sonneborn-Berger).
    #[must_use]
    pub fn product(a: Points, b: Points) -> TieValue {
        TieValue(i64::from(a.tenths()) * i64::from(b.tenths()))
    }

    /// As a float, for display only.
    #[must_use]
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 100.0
    }
}

/// One line of the team standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamStanding {
    /// The team.
    pub team: TeamNo,
    /// 1-based rank; teams equal on match points and every tie-break share it.
    pub rank: u32,
    /// Match points (the primary score).
    pub match_points: Points,
    /// Game points.
    pub game_points: Points,
    /// The tie-break values, in the order asked for.
    pub tie_breaks: Vec<TieValue>,
}

/// One round of a team as the tie-breaks read it.
struct Entry {
    /// The opponent, `None` for an unplayed round (dummy opponent).
    opponent: Option<TeamNo>,
    /// Match and game points scored this round.
    scored: (Points, Points),
    /// The team chose not to play (absent): cut first.
    voluntary: bool,
}

fn score(t: (Points, Points), s: TeamScore) -> Points {
    match s {
        TeamScore::Match => t.0,
        TeamScore::Game => t.1,
    }
}

/// Sums `values` (value, is-voluntarily-unplayed, cut key), leaving out one
/// value if `cut`: a voluntarily unplayed round first, else the lowest key.
fn sum_with_cut(mut values: Vec<(TieValue, bool, TieValue)>, cut: bool) -> TieValue {
    if cut && !values.is_empty() {
        values.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)).then(a.0.cmp(&b.0)));
        values.remove(0);
    }
    TieValue(values.iter().map(|v| v.0 .0).sum())
}

/// The team standings after `rounds`, for the teams `teams`: match points,
/// then `tie_breaks` in order, all highest first; teams still equal share a
/// rank and are listed by pairing number.
#[must_use]
pub fn team_standings(
    teams: &[TeamNo],
    rounds: &[TeamRound],
    scoring: &MatchScoring,
    tie_breaks: &[TeamTieBreak],
) -> Vec<TeamStanding> {
    let mut entries: HashMap<TeamNo, Vec<Entry>> = HashMap::new();
    let mut totals: HashMap<TeamNo, (Points, Points)> = HashMap::new();
    for &t in teams {
        let mut list = Vec::new();
        let mut total = (Points::ZERO, Points::ZERO);
        for view in history(t, rounds, scoring) {
            let entry = match view {
                TeamRoundView::Match { opponent, played, match_points, game_points, .. } => Entry {
                    opponent: played.then_some(opponent),
                    scored: (match_points, game_points),
                    voluntary: false,
                },
                TeamRoundView::Bye => Entry {
                    opponent: None,
                    scored: (scoring.bye_match_points, scoring.bye_game_points),
                    voluntary: false,
                },
                TeamRoundView::Absent => {
                    Entry { opponent: None, scored: (Points::ZERO, Points::ZERO), voluntary: true }
                }
            };
            total = (total.0 + entry.scored.0, total.1 + entry.scored.1);
            list.push(entry);
        }
        entries.insert(t, list);
        totals.insert(t, total);
    }
    let total_of = |t: TeamNo| totals.get(&t).copied().unwrap_or((Points::ZERO, Points::ZERO));

    let mut lines: Vec<TeamStanding> = teams
        .iter()
        .map(|&t| {
            let own = total_of(t);
            let list = entries.get(&t).map(Vec::as_slice).unwrap_or(&[]);
            let values = tie_breaks
                .iter()
                .map(|tb| match *tb {
                    TeamTieBreak::GamePoints => TieValue::of(own.1),
                    TeamTieBreak::SonnebornBerger { variant, cut_lowest } => {
                        let (theirs, ours) = variant.scores();
                        let values = list
                            .iter()
                            .map(|e| {
                                let opp = score(e.opponent.map_or(own, total_of), theirs);
                                (TieValue::product(opp, score(e.scored, ours)), e.voluntary, TieValue::of(opp))
                            })
                            .collect();
                        sum_with_cut(values, cut_lowest)
                    }
                    TeamTieBreak::Buchholz { score: s, cut_lowest } => {
                        let values = list
                            .iter()
                            .map(|e| {
                                let v = TieValue::of(score(e.opponent.map_or(own, total_of), s));
                                (v, e.voluntary, v)
                            })
                            .collect();
                        sum_with_cut(values, cut_lowest)
                    }
                })
                .collect();
            TeamStanding { team: t, rank: 0, match_points: own.0, game_points: own.1, tie_breaks: values }
        })
        .collect();
    lines.sort_by(|a, b| {
        b.match_points.cmp(&a.match_points).then_with(|| b.tie_breaks.cmp(&a.tie_breaks)).then(a.team.cmp(&b.team))
    });
    for i in 0..lines.len() {
        let shared = i > 0
            && lines[i].match_points == lines[i - 1].match_points
            && lines[i].tie_breaks == lines[i - 1].tie_breaks;
        lines[i].rank = if shared { lines[i - 1].rank } else { u32::try_from(i + 1).unwrap_or(u32::MAX) };
    }
    lines
}
