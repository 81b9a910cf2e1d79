//! A chess team match: boards 1..N, each with its game result, and the match
//! and game points they give (FIDE Olympiad Pairing Rules 2022; match points
//! 2/1/0 by default, configurable), plus the per-team view of past rounds that
//! pairing and standings read.

use super::TeamNo;
use crate::model::{Colour, Points};
use serde::{Deserialize, Serialize};

/// The result of one board, seen from the team that has White on board 1
/// (the match's "first" team; on even boards that team has Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardResult {
    /// The first team's player won over the board.
    FirstWins,
    /// A draw over the board.
    Draw,
    /// The second team's player won over the board.
    SecondWins,
    /// The first team's player won by forfeit (game not played).
    FirstForfeitWin,
    /// The second team's player won by forfeit (game not played).
    SecondForfeitWin,
    /// Neither player appeared: both lose by forfeit.
    DoubleForfeit,
}

impl BoardResult {
    /// Whether the game was played over the board.
    #[must_use]
    pub const fn played(self) -> bool {
        matches!(self, BoardResult::FirstWins | BoardResult::Draw | BoardResult::SecondWins)
    }

    /// Game points of (first team's player, second team's player), with
    /// `win`/`draw` the points of a won and a drawn game.
    #[must_use]
    pub fn game_points(self, scoring: &MatchScoring) -> (Points, Points) {
        let (w, d, z) = (scoring.game_win, scoring.game_draw, Points::ZERO);
        match self {
            BoardResult::FirstWins | BoardResult::FirstForfeitWin => (w, z),
            BoardResult::Draw => (d, d),
            BoardResult::SecondWins | BoardResult::SecondForfeitWin => (z, w),
            BoardResult::DoubleForfeit => (z, z),
        }
    }
}

/// The points of a team event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchScoring {
    /// Match points for a won match (default 2).
    pub match_win: Points,
    /// Match points for a drawn match (default 1).
    pub match_draw: Points,
    /// Match points for a lost match (default 0).
    pub match_loss: Points,
    /// Game points for a won game (default 1).
    pub game_win: Points,
    /// Game points for a drawn game (default ½).
    pub game_draw: Points,
    /// Match points for the pairing-allocated bye (default 1: a drawn match).
    pub bye_match_points: Points,
    /// Game points for the pairing-allocated bye (default 2: half of four
    /// boards, a drawn match).
    pub bye_game_points: Points,
}

impl MatchScoring {
    /// The Olympiad's points for `boards` boards: matches 2/1/0, games 1/½/0,
    /// and the bye scored as a drawn match (1 match point, `boards`/2 game
    /// points), as the Olympiad Pairing Rules 2022 give it (art. 4).
    #[must_use]
    pub fn olympiad(boards: usize) -> MatchScoring {
        let boards = i32::try_from(boards).unwrap_or(i32::MAX / 10);
        MatchScoring {
            match_win: Points::whole(2),
            match_draw: Points::ONE,
            match_loss: Points::ZERO,
            game_win: Points::ONE,
            game_draw: Points::HALF,
            bye_match_points: Points::ONE,
            bye_game_points: Points::HALF * boards,
        }
    }
}

impl Default for MatchScoring {
    /// [`MatchScoring::olympiad`] for four boards.
    fn default() -> Self {
        MatchScoring::olympiad(4)
    }
}

/// A team-vs-team match of one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatch {
    /// The team with White on board 1 (and on every odd board).
    pub first: TeamNo,
    /// The team with Black on board 1 (and White on every even board).
    pub second: TeamNo,
    /// Board results, board 1 first; empty while the match is unplayed.
    pub boards: Vec<BoardResult>,
    /// Roster indices (see [`Team`](super::Team)) of the first team's players
    /// by board; empty means board `i` is roster member `i`.
    pub first_lineup: Vec<usize>,
    /// As `first_lineup`, for the second team.
    pub second_lineup: Vec<usize>,
}

impl TeamMatch {
    /// A match with default line-ups (board `i` played by roster member `i`).
    #[must_use]
    pub fn new(first: TeamNo, second: TeamNo, boards: Vec<BoardResult>) -> TeamMatch {
        TeamMatch { first, second, boards, first_lineup: Vec::new(), second_lineup: Vec::new() }
    }

    /// Whether the match counts as played: at least one board was played over
    /// the board. A match decided entirely by forfeits is not a meeting, gives
    /// no colour and does not bar a rematch (the reading of Olympiad art. 6.1
    /// and 7.7 this engine takes).
    #[must_use]
    pub fn played(&self) -> bool {
        self.boards.iter().any(|b| b.played())
    }

    /// Game points of (first, second).
    #[must_use]
    pub fn game_points(&self, scoring: &MatchScoring) -> (Points, Points) {
        self.boards.iter().fold((Points::ZERO, Points::ZERO), |(a, b), r| {
            let (x, y) = r.game_points(scoring);
            (a + x, b + y)
        })
    }

    /// Match points of (first, second): the team with more game points wins
    /// the match; equal game points draw it.
    #[must_use]
    pub fn match_points(&self, scoring: &MatchScoring) -> (Points, Points) {
        let (a, b) = self.game_points(scoring);
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => (scoring.match_win, scoring.match_loss),
            std::cmp::Ordering::Less => (scoring.match_loss, scoring.match_win),
            std::cmp::Ordering::Equal => (scoring.match_draw, scoring.match_draw),
        }
    }

    /// The team that won this match by default (every board forfeited by the
    /// other team), if any: such a team may no longer receive the bye (Olympiad
    /// Pairing Rules 2022 art. 4.2.2).
    #[must_use]
    pub fn won_by_default(&self, scoring: &MatchScoring) -> Option<TeamNo> {
        if self.played() || self.boards.is_empty() {
            return None;
        }
        let (a, b) = self.game_points(scoring);
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(self.first),
            std::cmp::Ordering::Less => Some(self.second),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The colour `team` has on board `board` (1-based): board 1 gets the
    /// team's colour, board 2 the other, and so on alternately. `None` if the
    /// team is not in this match.
    #[must_use]
    pub fn colour_on_board(&self, team: TeamNo, board: usize) -> Option<Colour> {
        let first = if team == self.first {
            Colour::White
        } else if team == self.second {
            Colour::Black
        } else {
            return None;
        };
        Some(board_colour(first, board))
    }
}

/// The colour on board `board` (1-based) of a team whose board-1 colour is
/// `team_colour`: odd boards the team's colour, even boards the other.
#[must_use]
pub const fn board_colour(team_colour: Colour, board: usize) -> Colour {
    if board % 2 == 1 {
        team_colour
    } else {
        team_colour.opposite()
    }
}

/// One round of a team event as recorded.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TeamRound {
    /// The matches of the round.
    pub matches: Vec<TeamMatch>,
    /// The team given the pairing-allocated bye, if any.
    pub bye: Option<TeamNo>,
}

/// What one team did in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamRoundView {
    /// The team was paired against `opponent` with `colour` on board 1.
    Match {
        /// The opponent.
        opponent: TeamNo,
        /// The team's colour on board 1.
        colour: Colour,
        /// At least one board was played over the board.
        played: bool,
        /// Game points scored.
        game_points: Points,
        /// Match points scored.
        match_points: Points,
        /// The team won the match by default (every opposing board forfeited).
        won_by_default: bool,
    },
    /// The pairing-allocated bye.
    Bye,
    /// Not paired (absent, or not yet entered).
    Absent,
}

/// `team`'s view of every recorded round, round 1 first.
#[must_use]
pub fn history(team: TeamNo, rounds: &[TeamRound], scoring: &MatchScoring) -> Vec<TeamRoundView> {
    rounds.iter().map(|r| round_view(team, r, scoring)).collect()
}

/// `team`'s view of one round.
#[must_use]
pub fn round_view(team: TeamNo, round: &TeamRound, scoring: &MatchScoring) -> TeamRoundView {
    if round.bye == Some(team) {
        return TeamRoundView::Bye;
    }
    for m in &round.matches {
        let (gp, mp) = (m.game_points(scoring), m.match_points(scoring));
        let default = m.won_by_default(scoring) == Some(team);
        if m.first == team {
            return TeamRoundView::Match {
                opponent: m.second,
                colour: Colour::White,
                played: m.played(),
                game_points: gp.0,
                match_points: mp.0,
                won_by_default: default,
            };
        }
        if m.second == team {
            return TeamRoundView::Match {
                opponent: m.first,
                colour: Colour::Black,
                played: m.played(),
                game_points: gp.1,
                match_points: mp.1,
                won_by_default: default,
            };
        }
    }
    TeamRoundView::Absent
}

/// A team's totals over recorded rounds: (match points, game points),
/// the bye counted at `scoring`'s bye values.
#[must_use]
pub fn totals(team: TeamNo, rounds: &[TeamRound], scoring: &MatchScoring) -> (Points, Points) {
    history(team, rounds, scoring).iter().fold((Points::ZERO, Points::ZERO), |(mp, gp), v| match v {
        TeamRoundView::Match { match_points, game_points, .. } => (mp + *match_points, gp + *game_points),
        TeamRoundView::Bye => (mp + scoring.bye_match_points, gp + scoring.bye_game_points),
        TeamRoundView::Absent => (mp, gp),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use BoardResult::*;

    #[test]
    fn a_two_and_a_half_to_one_and_a_half_win_gives_two_match_points() {
        let m = TeamMatch::new(TeamNo(1), TeamNo(2), vec![FirstWins, Draw, SecondWins, FirstWins]);
        let s = MatchScoring::default();
        assert_eq!(m.game_points(&s), (Points::from_tenths(25), Points::from_tenths(15)));
        assert_eq!(m.match_points(&s), (Points::whole(2), Points::ZERO));
    }

    #[test]
    fn a_two_all_match_is_drawn() {
        let m = TeamMatch::new(TeamNo(1), TeamNo(2), vec![Draw, Draw, FirstWins, SecondWins]);
        let s = MatchScoring::default();
        assert_eq!(m.match_points(&s), (Points::ONE, Points::ONE));
    }

    #[test]
    fn boards_alternate_colours_from_board_one() {
        let m = TeamMatch::new(TeamNo(3), TeamNo(7), vec![]);
        let first: Vec<_> = (1..=4).filter_map(|b| m.colour_on_board(TeamNo(3), b)).collect();
        let second: Vec<_> = (1..=4).filter_map(|b| m.colour_on_board(TeamNo(7), b)).collect();
        assert_eq!(first, vec![Colour::White, Colour::Black, Colour::White, Colour::Black]);
        assert_eq!(second, vec![Colour::Black, Colour::White, Colour::Black, Colour::White]);
        assert_eq!(m.colour_on_board(TeamNo(1), 1), None);
    }

    #[test]
    fn a_match_forfeited_on_every_board_is_won_by_default_and_not_played() {
        let s = MatchScoring::default();
        let m = TeamMatch::new(TeamNo(1), TeamNo(2), vec![SecondForfeitWin; 4]);
        assert!(!m.played());
        assert_eq!(m.won_by_default(&s), Some(TeamNo(2)));
        let partly = TeamMatch::new(TeamNo(1), TeamNo(2), vec![SecondForfeitWin, Draw, Draw, Draw]);
        assert!(partly.played());
        assert_eq!(partly.won_by_default(&s), None);
    }

    #[test]
    fn totals_count_the_bye_as_a_drawn_match() {
        let s = MatchScoring::default();
        let rounds = vec![
            TeamRound { matches: vec![], bye: Some(TeamNo(1)) },
            TeamRound { matches: vec![TeamMatch::new(TeamNo(2), TeamNo(1), vec![SecondWins; 4])], bye: None },
        ];
        assert_eq!(totals(TeamNo(1), &rounds, &s), (Points::whole(3), Points::whole(6)));
        assert_eq!(totals(TeamNo(2), &rounds, &s), (Points::ZERO, Points::ZERO));
    }
}
