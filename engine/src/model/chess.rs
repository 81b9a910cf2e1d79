//! A chess game's result as FIDE writes it (C.07 art. 16.2 for forfeits,
//! TRF-16 for the ASCII forms).

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
    fn a_seat_reads_its_half_of_the_result() {
        assert_eq!(ChessResult::Draw.seat(2), "½");
        assert_eq!(ChessResult::WhiteWinsByForfeit.seat(1), "1F");
        assert_eq!(ChessResult::BlackWins.seat(1), "0");
    }
}
