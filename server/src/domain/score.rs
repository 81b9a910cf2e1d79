//! A table's score in each game, and the result derived from it.
//!
//! The score is what the players report and the TO overrides; the result
//! (win, draw, loss, forfeit) is always derived from it, never chosen.

use super::MatchResult;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A chess game's result, from White's side (player 1 of a table is White).
///
/// Written as on a scoresheet and in FIDE results: `1-0`, `½-½`, `0-1`, and
/// for games not played `1F-0F`, `0F-1F`, `0F-0F` (TRF `+`, `-`; C.07 art.
/// 16.2: a forfeit is an unplayed round, worth a win's or a loss's points).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChessResult {
    /// `1-0`: White won.
    WhiteWins,
    /// `½-½`: drawn.
    Draw,
    /// `0-1`: Black won.
    BlackWins,
    /// `1F-0F`: Black did not play; White wins by forfeit.
    WhiteWinsByForfeit,
    /// `0F-1F`: White did not play; Black wins by forfeit.
    BlackWinsByForfeit,
    /// `0F-0F`: neither played; a forfeit loss for both.
    DoubleForfeit,
}

impl ChessResult {
    /// Every result, in the order forms offer them.
    pub const ALL: [ChessResult; 6] = [
        ChessResult::WhiteWins,
        ChessResult::Draw,
        ChessResult::BlackWins,
        ChessResult::WhiteWinsByForfeit,
        ChessResult::BlackWinsByForfeit,
        ChessResult::DoubleForfeit,
    ];

    /// The canonical notation: `1-0`, `½-½`, `0-1`, `1F-0F`, `0F-1F`, `0F-0F`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ChessResult::WhiteWins => "1-0",
            ChessResult::Draw => "½-½",
            ChessResult::BlackWins => "0-1",
            ChessResult::WhiteWinsByForfeit => "1F-0F",
            ChessResult::BlackWinsByForfeit => "0F-1F",
            ChessResult::DoubleForfeit => "0F-0F",
        }
    }

    /// Parses the canonical notation, and the usual ASCII spellings of a
    /// draw (`1/2-1/2`, `0.5-0.5`) and of forfeits (`+-`, `-+`, `--`, TRF
    /// style); case and spaces are ignored.
    #[must_use]
    pub fn parse(s: &str) -> Option<ChessResult> {
        let t: String = s.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_uppercase();
        let t = t.replace(['–', '—', ':'], "-");
        Some(match t.as_str() {
            "1-0" => ChessResult::WhiteWins,
            "½-½" | "1/2-1/2" | "0.5-0.5" | "=-=" => ChessResult::Draw,
            "0-1" => ChessResult::BlackWins,
            "1F-0F" | "+-" => ChessResult::WhiteWinsByForfeit,
            "0F-1F" | "-+" => ChessResult::BlackWinsByForfeit,
            "0F-0F" | "--" => ChessResult::DoubleForfeit,
            _ => return None,
        })
    }

    /// What `seat` (1 = White, 2 = Black) scored, as shown on a board: `1`, `½`, `0`, `1F`, `0F`.
    #[must_use]
    pub fn seat(self, seat: u8) -> &'static str {
        let (white, black) = self.as_str().split_once('-').unwrap_or(("", ""));
        if seat == 1 {
            white
        } else {
            black
        }
    }

    /// The table's result.
    #[must_use]
    pub const fn result(self) -> MatchResult {
        match self {
            ChessResult::WhiteWins => MatchResult::P1Win,
            ChessResult::Draw => MatchResult::Draw,
            ChessResult::BlackWins => MatchResult::P2Win,
            ChessResult::WhiteWinsByForfeit => MatchResult::P1WinForfeit,
            ChessResult::BlackWinsByForfeit => MatchResult::P2WinForfeit,
            ChessResult::DoubleForfeit => MatchResult::DoubleForfeit,
        }
    }

    /// Whether the game was actually played over the board.
    #[must_use]
    pub const fn is_played(self) -> bool {
        matches!(self, ChessResult::WhiteWins | ChessResult::Draw | ChessResult::BlackWins)
    }
}

impl fmt::Display for ChessResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ChessResult {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ChessResult {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ChessResult, D::Error> {
        let s = String::deserialize(d)?;
        ChessResult::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("{s:?} is not a chess result")))
    }
}

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
    pub const fn result(&self) -> MatchResult {
        match *self {
            GameScore::Wh40k { player1_vp, player2_vp } => MatchResult::from_vp(player1_vp, player2_vp),
            GameScore::Chess { result } => result.result(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_results_parse_in_every_usual_spelling() {
        for (s, r) in [
            ("1-0", ChessResult::WhiteWins),
            ("½-½", ChessResult::Draw),
            ("1/2-1/2", ChessResult::Draw),
            (" 0.5 - 0.5 ", ChessResult::Draw),
            ("0-1", ChessResult::BlackWins),
            ("1f-0f", ChessResult::WhiteWinsByForfeit),
            ("+-", ChessResult::WhiteWinsByForfeit),
            ("0F-1F", ChessResult::BlackWinsByForfeit),
            ("--", ChessResult::DoubleForfeit),
        ] {
            assert_eq!(ChessResult::parse(s), Some(r), "{s}");
        }
        for bad in ["", "1", "2-0", "1-1", "½-0", "1F-0", "w"] {
            assert_eq!(ChessResult::parse(bad), None, "{bad}");
        }
        for r in ChessResult::ALL {
            assert_eq!(ChessResult::parse(r.as_str()), Some(r));
        }
    }

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
