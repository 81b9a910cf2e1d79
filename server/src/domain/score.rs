//! A table's score in each game, and the result derived from it.
//!
//! The score is what the players report and the TO overrides; the result
//! (win, draw, loss, forfeit) is always derived from it, never chosen.

use super::MatchResult;
use arbiter_engine::playoffs::matches::Score;
use serde::{Deserialize, Serialize};

pub use arbiter_engine::model::ChessResult;

/// A table's score. Serialised as the API's result payload for the game
/// (untagged: the fields tell the games apart):
/// `{"player1_vp":72,"player2_vp":45}`, `{"result":"1-0"}`,
/// `{"player1_points":6,"player2_points":2,"player1_twenties":3,"player2_twenties":1}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum GameScore {
    /// Warhammer 40K: victory points.
    Wh40k {
        /// Player 1's VP.
        player1_vp: u32,
        /// Player 2's VP.
        player2_vp: u32,
    },
    /// Chess: the result, White (player 1) first.
    Chess {
        /// The result.
        result: ChessResult,
    },
    /// Crokinole: each player's game points and 20s.
    Crokinole {
        /// Player 1's game points (the higher side wins the game).
        player1_points: u32,
        /// Player 2's game points.
        player2_points: u32,
        /// 20s shot by player 1.
        player1_twenties: u32,
        /// 20s shot by player 2.
        player2_twenties: u32,
    },
}

impl GameScore {
    /// The result derived from the score: more VP or points wins, equal is a
    /// draw; chess as written.
    #[must_use]
    pub fn result(&self) -> MatchResult {
        match *self {
            GameScore::Wh40k { player1_vp, player2_vp } => MatchResult::from_vp(player1_vp, player2_vp),
            GameScore::Chess { result } => MatchResult::from(result),
            GameScore::Crokinole { player1_points, player2_points, .. } => {
                MatchResult::from_vp(player1_points, player2_points)
            }
        }
    }

    /// One seat's part as a board shows it: `72` (VP), `½` (chess), `6 (3)`
    /// (crokinole points, 20s in brackets).
    #[must_use]
    pub fn seat(&self, seat: u8) -> String {
        let pick = |a: u32, b: u32| if seat == 1 { a } else { b };
        match *self {
            GameScore::Wh40k { player1_vp, player2_vp } => pick(player1_vp, player2_vp).to_string(),
            GameScore::Chess { result } => result.seat(seat).to_string(),
            GameScore::Crokinole { player1_points, player2_points, player1_twenties, player2_twenties } => {
                format!("{} ({})", pick(player1_points, player2_points), pick(player1_twenties, player2_twenties))
            }
        }
    }

    /// The whole score in words, player 1 first: `72 – 45`, `1–0`,
    /// `6 – 2 (20s: 3 – 1)`.
    #[must_use]
    pub fn text(&self) -> String {
        match *self {
            GameScore::Wh40k { player1_vp, player2_vp } => format!("{player1_vp} – {player2_vp}"),
            GameScore::Chess { result } => result.as_str().replace('-', "–"),
            GameScore::Crokinole { player1_points, player2_points, player1_twenties, player2_twenties } => {
                format!("{player1_points} – {player2_points} (20s: {player1_twenties} – {player2_twenties})")
            }
        }
    }

    /// The VP of a 40K score.
    #[must_use]
    pub const fn vp(&self) -> Option<(u32, u32)> {
        match *self {
            GameScore::Wh40k { player1_vp, player2_vp } => Some((player1_vp, player2_vp)),
            _ => None,
        }
    }
}

impl From<GameScore> for Score {
    fn from(s: GameScore) -> Score {
        match s {
            GameScore::Wh40k { player1_vp, player2_vp } => Score::Vp { player1: player1_vp, player2: player2_vp },
            GameScore::Chess { result } => Score::Chess(result),
            GameScore::Crokinole { player1_points, player2_points, player1_twenties, player2_twenties } => {
                Score::Crokinole { player1_points, player2_points, player1_twenties, player2_twenties }
            }
        }
    }
}

impl From<Score> for GameScore {
    fn from(s: Score) -> GameScore {
        match s {
            Score::Vp { player1, player2 } => GameScore::Wh40k { player1_vp: player1, player2_vp: player2 },
            Score::Chess(result) => GameScore::Chess { result },
            Score::Crokinole { player1_points, player2_points, player1_twenties, player2_twenties } => {
                GameScore::Crokinole { player1_points, player2_points, player1_twenties, player2_twenties }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_follow_the_score() {
        assert_eq!(GameScore::Chess { result: ChessResult::BlackWinsByForfeit }.result(), MatchResult::P2WinForfeit);
        assert_eq!(ChessResult::Draw.seat(2), "½");
        assert_eq!(ChessResult::WhiteWinsByForfeit.seat(1), "1F");
        let c = GameScore::Crokinole { player1_points: 4, player2_points: 4, player1_twenties: 5, player2_twenties: 3 };
        assert_eq!(c.result(), MatchResult::Draw);
        assert_eq!(c.seat(1), "4 (5)");
        assert_eq!(GameScore::Wh40k { player1_vp: 72, player2_vp: 45 }.text(), "72 – 45");
    }

    #[test]
    fn scores_serialise_as_the_api_payload_and_read_back() {
        for (score, json) in [
            (GameScore::Wh40k { player1_vp: 72, player2_vp: 45 }, r#"{"player1_vp":72,"player2_vp":45}"#),
            (GameScore::Chess { result: ChessResult::Draw }, r#"{"result":"½-½"}"#),
            (
                GameScore::Crokinole { player1_points: 6, player2_points: 2, player1_twenties: 3, player2_twenties: 1 },
                r#"{"player1_points":6,"player2_points":2,"player1_twenties":3,"player2_twenties":1}"#,
            ),
        ] {
            assert_eq!(serde_json::to_string(&score).ok().as_deref(), Some(json));
            assert_eq!(serde_json::from_str::<GameScore>(json).ok(), Some(score));
        }
    }
}
