//! A chess team match that must have a winner (a top-cut match after the
//! team Swiss): decided by game points, then by the Berlin tie-break.
//!
//! The FIDE Olympiad Pairing Rules (2022) pair a Swiss and have no knockout,
//! so they give no rule for a drawn match that must produce a winner. This
//! module follows the rule German team cups use for exactly that case, the
//! "Berliner Wertung" (Berlin tie-break; described in the German Wikipedia
//! article "Feinwertung" and by clubs running knockout team cups, e.g.
//! Schachklub Baunatal's "Berliner Wertung" page and the Berlin team cup
//! BPMM's announcement): a win on the last of `n` boards is worth 1, on the
//! board above it 2, …, on board 1 `n`; a draw gives each team half the
//! board's worth. The team with more Berlin points wins a match level on
//! game points. Its worked example: a 4-board match ½–½, 1–0, 0–1, ½–½ is
//! 2–2 in game points and 5½–4½ in Berlin points, so the first team wins.
//!
//! Level after both (e.g. 4 boards where each team won the boards worth 4+1
//! and 3+2) the match is undecided here: the organiser's decider (blitz
//! games, Armageddon, the lot, as the event's rules say) decides it and the
//! organiser records its winner, as for any level playoff game
//! ([`crate::playoffs::matches::decide`]).

use super::boards::BoardResult;
use serde::{Deserialize, Serialize};

/// Who won a team knockout match, and by which rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KnockoutDecision {
    /// The first team had more game points.
    FirstOnGamePoints,
    /// The second team had more game points.
    SecondOnGamePoints,
    /// Level on game points; the first team had more Berlin points.
    FirstOnBerlin,
    /// Level on game points; the second team had more Berlin points.
    SecondOnBerlin,
    /// Level on both: the organiser's decider decides.
    Level,
}

impl KnockoutDecision {
    /// `Some(true)` when the first team won, `Some(false)` when the second did, `None` when level.
    #[must_use]
    pub const fn first_won(self) -> Option<bool> {
        match self {
            KnockoutDecision::FirstOnGamePoints | KnockoutDecision::FirstOnBerlin => Some(true),
            KnockoutDecision::SecondOnGamePoints | KnockoutDecision::SecondOnBerlin => Some(false),
            KnockoutDecision::Level => None,
        }
    }
}

/// Each team's points of a board result in half-units of `worth`: (first, second).
const fn halves(result: BoardResult, worth: u32) -> (u32, u32) {
    match result {
        BoardResult::FirstWins | BoardResult::FirstForfeitWin => (2 * worth, 0),
        BoardResult::SecondWins | BoardResult::SecondForfeitWin => (0, 2 * worth),
        BoardResult::Draw => (worth, worth),
        BoardResult::DoubleForfeit => (0, 0),
    }
}

/// The Berlin points of (first team, second team), in half-points, of a
/// match of `boards` boards from each board's result (`(board, result)`,
/// board 1-based; a board above `boards` counts nothing).
#[must_use]
pub fn berlin_halves(boards: usize, results: &[(usize, BoardResult)]) -> (u32, u32) {
    results.iter().fold((0, 0), |(a, b), &(board, r)| {
        let worth = u32::try_from((boards + 1).saturating_sub(board)).unwrap_or(0);
        let (x, y) = halves(r, if board == 0 { 0 } else { worth });
        (a + x, b + y)
    })
}

/// Decides a knockout team match of `boards` boards from every board's
/// result: game points (a win 1, a draw ½, a forfeit win 1), then the
/// Berlin tie-break (see the module docs).
#[must_use]
pub fn decide(boards: usize, results: &[(usize, BoardResult)]) -> KnockoutDecision {
    let (a, b) = results.iter().fold((0u32, 0u32), |(a, b), &(_, r)| {
        let (x, y) = halves(r, 1);
        (a + x, b + y)
    });
    if a != b {
        return if a > b { KnockoutDecision::FirstOnGamePoints } else { KnockoutDecision::SecondOnGamePoints };
    }
    let (x, y) = berlin_halves(boards, results);
    match x.cmp(&y) {
        std::cmp::Ordering::Greater => KnockoutDecision::FirstOnBerlin,
        std::cmp::Ordering::Less => KnockoutDecision::SecondOnBerlin,
        std::cmp::Ordering::Equal => KnockoutDecision::Level,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use BoardResult::{Draw as D, FirstWins as W, SecondWins as L};

    #[test]
    fn the_worked_example_goes_to_the_first_team_on_berlin_points() {
        // ½–½, 1–0, 0–1, ½–½: 2–2; Berlin 2+3+0+½ = 5½ against 2+0+2+½ = 4½.
        let r = [(1, D), (2, W), (3, L), (4, D)];
        assert_eq!(berlin_halves(4, &r), (11, 9));
        assert_eq!(decide(4, &r), KnockoutDecision::FirstOnBerlin);
        assert_eq!(decide(4, &r).first_won(), Some(true));
    }

    #[test]
    fn game_points_come_first_and_a_true_tie_is_level() {
        assert_eq!(decide(4, &[(1, L), (2, W), (3, W), (4, D)]), KnockoutDecision::FirstOnGamePoints);
        assert_eq!(decide(4, &[(1, W), (2, L), (3, L), (4, W)]), KnockoutDecision::Level);
        assert_eq!(decide(4, &[(1, L), (2, W), (3, W), (4, L)]), KnockoutDecision::Level);
        assert_eq!(decide(4, &[(1, L), (2, D), (3, W), (4, D)]), KnockoutDecision::SecondOnBerlin);
        // A forfeit win counts as a win on its board.
        let f = [(1, BoardResult::SecondForfeitWin), (2, W), (3, D), (4, D)];
        assert_eq!(decide(4, &f), KnockoutDecision::SecondOnBerlin);
    }
}
