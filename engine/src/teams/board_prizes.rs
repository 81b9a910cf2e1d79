//! Individual results by board and board prizes in a team event.
//!
//! A player's results count on the board they played: a reserve who played
//! board 4 scores on board 4. Only games played over the board count as games
//! and points here (a forfeit is not a game played, FIDE C.04.1 and C.07 art.
//! 16); forfeit wins are counted apart.

use super::boards::{MatchScoring, TeamMatch, TeamRound};
use super::TeamNo;
use crate::model::Points;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One player's results on one board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardLine {
    /// The board (1-based).
    pub board: usize,
    /// The player's team.
    pub team: TeamNo,
    /// The player's roster index in the team (see [`Team`](super::Team)).
    pub member: usize,
    /// Games played over the board on this board.
    pub games: u32,
    /// Points from those games.
    pub points: Points,
    /// Games won by forfeit on this board (not in `games` or `points`).
    pub forfeit_wins: u32,
    /// The opponents met over the board: (team, roster index).
    pub opponents: Vec<(TeamNo, usize)>,
}

impl BoardLine {
    /// The score as a fraction of the games, for display (0 when no game).
    #[must_use]
    pub fn percentage(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            100.0 * self.points.as_f64() / f64::from(self.games)
        }
    }
}

/// The performance rating of `line` (FIDE C.07 art. 10.3, TPR): the average
/// rating of the opponents met over the board (rounded, half up), plus the
/// FIDE rating difference for the percentage scored (FIDE Rating Regulations
/// table 8.1a, the percentage rounded half up). `rating(team, member)` gives
/// each opponent's rating (the caller decides what an unrated opponent
/// counts as). `None` without a game.
#[must_use]
pub fn performance(line: &BoardLine, rating: impl Fn(TeamNo, usize) -> u32) -> Option<i64> {
    let games = i64::try_from(line.opponents.len()).ok().filter(|&g| g > 0)?;
    let sum: i64 = line.opponents.iter().map(|&(t, m)| i64::from(rating(t, m))).sum();
    let aro = (2 * sum + games) / (2 * games);
    // Points are in tenths: the percentage is 10 · tenths / games, rounded
    // half up.
    let pct = (20 * i64::from(line.points.tenths()) + games) / (2 * games);
    let dp = crate::standings::fide::DP.get(usize::try_from(pct).ok()?).copied()?;
    Some(aro + i64::from(dp))
}

fn lineup(explicit: &[usize], board: usize) -> usize {
    explicit.get(board).copied().unwrap_or(board)
}

fn add(lines: &mut BTreeMap<(usize, TeamNo, usize), BoardLine>, key: (usize, TeamNo, usize)) -> &mut BoardLine {
    lines.entry(key).or_insert_with(|| BoardLine {
        board: key.0,
        team: key.1,
        member: key.2,
        games: 0,
        points: Points::ZERO,
        forfeit_wins: 0,
        opponents: Vec::new(),
    })
}

fn record(lines: &mut BTreeMap<(usize, TeamNo, usize), BoardLine>, m: &TeamMatch, scoring: &MatchScoring) {
    for (i, result) in m.boards.iter().enumerate() {
        let board = i + 1;
        let a = (board, m.first, lineup(&m.first_lineup, i));
        let b = (board, m.second, lineup(&m.second_lineup, i));
        let (pa, pb) = result.game_points(scoring);
        if result.played() {
            let la = add(lines, a);
            la.games += 1;
            la.points += pa;
            la.opponents.push((b.1, b.2));
            let lb = add(lines, b);
            lb.games += 1;
            lb.points += pb;
            lb.opponents.push((a.1, a.2));
        } else {
            if pa > Points::ZERO {
                add(lines, a).forfeit_wins += 1;
            }
            if pb > Points::ZERO {
                add(lines, b).forfeit_wins += 1;
            }
        }
    }
}

/// Every player's results by board, ordered by board, then team, then member.
#[must_use]
pub fn board_results(rounds: &[TeamRound], scoring: &MatchScoring) -> Vec<BoardLine> {
    let mut lines = BTreeMap::new();
    for round in rounds {
        for m in &round.matches {
            record(&mut lines, m, scoring);
        }
    }
    lines.into_values().collect()
}

/// The board prizes: for each board that has an eligible player, the best
/// score among players with at least `min_games` games on that board, as a
/// share of their games (then more games). Players equal on both share the
/// prize and are all listed. Returned as (board, winners), board 1 first.
#[must_use]
pub fn board_prizes(lines: &[BoardLine], min_games: u32) -> Vec<(usize, Vec<BoardLine>)> {
    let mut by_board: BTreeMap<usize, Vec<&BoardLine>> = BTreeMap::new();
    for l in lines.iter().filter(|l| l.games >= min_games.max(1)) {
        by_board.entry(l.board).or_default().push(l);
    }
    // a/g against b/h without division: a·h against b·g.
    let better = |x: &BoardLine, y: &BoardLine| {
        let lhs = i64::from(x.points.tenths()) * i64::from(y.games);
        let rhs = i64::from(y.points.tenths()) * i64::from(x.games);
        lhs.cmp(&rhs).then(x.games.cmp(&y.games))
    };
    by_board
        .into_iter()
        .filter_map(|(board, players)| {
            let best = players.iter().copied().max_by(|x, y| better(x, y))?;
            let winners =
                players.into_iter().filter(|p| better(p, best) == std::cmp::Ordering::Equal).cloned().collect();
            Some((board, winners))
        })
        .collect()
}
