//! Game-score conversion and team match results (the WTC model).
//!
//! Each game of a team match is played for VP as in singles; its VP margin
//! (the absolute difference of the two players' VP) is converted to a split
//! of [`ConversionTable::total`] game points (20 by default) on a published
//! table, and a team's match score is the sum of its players' converted
//! points. The two teams' scores always add up to `20 × games`.
//!
//! # The default table
//! [`ConversionTable::wtc`] is the WTC conversion as published by gd streamer,
//! "WTC Scoring" (<https://gdstreamer.app/docs/scoring-rules/wtc-scoring>,
//! updated 2026-03-23): 0–1 → 10–10, 2–5 → 11–9, 6–10 → 12–8, 11–15 → 13–7,
//! 16–20 → 14–6, 21–25 → 15–5, 26–30 → 16–4, 31–40 → 17–3, 41–50 → 18–2,
//! 51–60 → 19–1, 61+ → 20–0. The WTC's own event pack
//! (worldteamchampionship.com) could not be read; that page is the one
//! complete, current statement of the WTC table we found. Other events
//! publish other tables (the German Tabletop Championships: 0–5 → 10–10,
//! 6–10 → 11–9, …, 51+ → 20–0), so the table is per event
//! ([`ConversionTable::new`]).
//!
//! # The match result
//! The team with more game points wins the match, equal totals draw
//! (Goonhammer, "Start Competing: Warhammer 40,000 Team Tournaments": "each
//! game is scored on some sort of differential points system, and the
//! winning team from the matchup is the one that accumulates more points").
//! Events that count a close match as a draw set a band:
//! [`MatchRule::draw_band`] is the largest difference of the two totals that
//! is still a draw (0 by default). For an 8-player match (160 points in all),
//! a band of 10 makes 85–75 a draw and 86–74 a win.

use crate::model::Outcome;
use serde::{Deserialize, Serialize};

/// One row of a conversion table: from `min_margin` VP of margin up to the
/// next row's `min_margin − 1`, the player with more VP scores `winner`
/// game points and the other `total − winner`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Band {
    /// The smallest VP margin of the band (0 for the first band).
    pub min_margin: u32,
    /// Game points to the player with more VP (at least half of the total).
    pub winner: u32,
}

/// Why a conversion table is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// A table needs at least one band.
    #[error("a conversion table needs at least one band")]
    Empty,
    /// The first band must start at a margin of 0.
    #[error("the first band starts at a margin of {0}, not 0")]
    FirstBandNotZero(u32),
    /// The bands' margins must strictly increase.
    #[error("band {index} starts at margin {min_margin}, not above the band before it")]
    MarginsNotIncreasing {
        /// The 0-based index of the offending band.
        index: usize,
        /// Its starting margin.
        min_margin: u32,
    },
    /// A larger margin must never give the winner fewer points.
    #[error("band {index} gives the winner fewer points than the band before it")]
    PointsDecreasing {
        /// The 0-based index of the offending band.
        index: usize,
    },
    /// The winner's points must lie between half the total and the total.
    #[error("band {index} gives the winner {winner} of {total} points")]
    WinnerOutOfRange {
        /// The 0-based index of the offending band.
        index: usize,
        /// The winner's points in that band.
        winner: u32,
        /// The game's total points.
        total: u32,
    },
}

/// A VP-margin → game-points table (see the module docs). Deserialising
/// checks it as [`ConversionTable::new`] does.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "UncheckedTable")]
pub struct ConversionTable {
    total: u32,
    bands: Vec<Band>,
}

/// A table as stored, before [`ConversionTable::new`] checks it.
#[derive(Deserialize)]
struct UncheckedTable {
    total: u32,
    bands: Vec<Band>,
}

impl TryFrom<UncheckedTable> for ConversionTable {
    type Error = TableError;

    fn try_from(table: UncheckedTable) -> Result<Self, TableError> {
        ConversionTable::new(table.total, table.bands)
    }
}

impl ConversionTable {
    /// The WTC table (gd streamer, "WTC Scoring"; see the module docs):
    /// 20 points a game, eleven bands from 0–1 → 10–10 to 61+ → 20–0.
    #[must_use]
    pub fn wtc() -> Self {
        const WTC: [(u32, u32); 11] =
            [(0, 10), (2, 11), (6, 12), (11, 13), (16, 14), (21, 15), (26, 16), (31, 17), (41, 18), (51, 19), (61, 20)];
        ConversionTable {
            total: 20,
            bands: WTC.iter().map(|&(min_margin, winner)| Band { min_margin, winner }).collect(),
        }
    }

    /// An event's own table: `total` game points a game, `bands` in order of
    /// margin. Errors when the bands are empty, do not start at 0, do not
    /// strictly increase in margin, give the winner fewer points for a larger
    /// margin, or give the winner less than half or more than `total`.
    pub fn new(total: u32, bands: Vec<Band>) -> Result<Self, TableError> {
        let first = bands.first().ok_or(TableError::Empty)?;
        if first.min_margin != 0 {
            return Err(TableError::FirstBandNotZero(first.min_margin));
        }
        for (index, band) in bands.iter().enumerate() {
            if band.winner > total || band.winner * 2 < total {
                return Err(TableError::WinnerOutOfRange { index, winner: band.winner, total });
            }
            if let Some(before) = index.checked_sub(1).and_then(|i| bands.get(i)) {
                if band.min_margin <= before.min_margin {
                    return Err(TableError::MarginsNotIncreasing { index, min_margin: band.min_margin });
                }
                if band.winner < before.winner {
                    return Err(TableError::PointsDecreasing { index });
                }
            }
        }
        Ok(ConversionTable { total, bands })
    }

    /// The game points of one game (20 for the WTC).
    #[must_use]
    pub const fn total(&self) -> u32 {
        self.total
    }

    /// The bands, in order of margin.
    #[must_use]
    pub fn bands(&self) -> &[Band] {
        &self.bands
    }

    /// The game points of a game where the players scored `vp1` and `vp2`
    /// VP: `(points of player 1, points of player 2)`, summing to
    /// [`ConversionTable::total`]. The band is the last one whose
    /// `min_margin` is at most `|vp1 − vp2|`.
    #[must_use]
    pub fn convert(&self, vp1: u32, vp2: u32) -> (u32, u32) {
        let margin = vp1.abs_diff(vp2);
        let winner =
            self.bands.iter().take_while(|b| b.min_margin <= margin).last().map_or(self.total / 2, |b| b.winner);
        let loser = self.total.saturating_sub(winner);
        if vp1 >= vp2 {
            (winner, loser)
        } else {
            (loser, winner)
        }
    }
}

impl Default for ConversionTable {
    /// [`ConversionTable::wtc`].
    fn default() -> Self {
        ConversionTable::wtc()
    }
}

/// How the two teams' totals decide a match (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchRule {
    /// The largest difference between the teams' totals that is a draw; 0
    /// (the default): only equal totals draw.
    pub draw_band: u32,
}

/// A team match's score from team A's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchScore {
    /// Team A's game points (the sum of its players' converted points).
    pub points_a: u32,
    /// Team B's game points.
    pub points_b: u32,
    /// The result for team A ([`Outcome::reversed`] for team B).
    pub outcome: Outcome,
}

impl MatchRule {
    /// The result for the team with `points` against `opponent`: a win when
    /// it leads by more than [`MatchRule::draw_band`], a loss when it trails
    /// by more, a draw otherwise.
    #[must_use]
    pub fn outcome(self, points: u32, opponent: u32) -> Outcome {
        if points.abs_diff(opponent) <= self.draw_band {
            Outcome::Draw
        } else if points > opponent {
            Outcome::Win
        } else {
            Outcome::Loss
        }
    }

    /// Scores a team match from its games' VP, each `(VP of team A's player,
    /// VP of team B's player)`: each game converted by `table`, summed per
    /// team, the result by [`MatchRule::outcome`].
    #[must_use]
    pub fn score(self, table: &ConversionTable, games: &[(u32, u32)]) -> MatchScore {
        let (points_a, points_b) = games.iter().fold((0, 0), |(a, b), &(vp_a, vp_b)| {
            let (pa, pb) = table.convert(vp_a, vp_b);
            (a + pa, b + pb)
        });
        MatchScore { points_a, points_b, outcome: self.outcome(points_a, points_b) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every boundary of the published WTC table (gd streamer, "WTC
    /// Scoring"), from the winner's side and from the loser's.
    #[test]
    fn wtc_table_at_each_boundary() {
        let table = ConversionTable::wtc();
        let published: [(u32, u32, u32); 22] = [
            (0, 10, 10),
            (1, 10, 10),
            (2, 11, 9),
            (5, 11, 9),
            (6, 12, 8),
            (10, 12, 8),
            (11, 13, 7),
            (15, 13, 7),
            (16, 14, 6),
            (20, 14, 6),
            (21, 15, 5),
            (25, 15, 5),
            (26, 16, 4),
            (30, 16, 4),
            (31, 17, 3),
            (40, 17, 3),
            (41, 18, 2),
            (50, 18, 2),
            (51, 19, 1),
            (60, 19, 1),
            (61, 20, 0),
            (100, 20, 0),
        ];
        for (margin, winner, loser) in published {
            assert_eq!(table.convert(20 + margin, 20), (winner, loser), "margin {margin}");
            assert_eq!(table.convert(20, 20 + margin), (loser, winner), "margin {margin} reversed");
        }
    }

    /// An event's own table: the three bands of the German Tabletop
    /// Championships' table that research/rules.md §4.2 quotes (0–5 → 10–10,
    /// 6–10 → 11–9, 51+ → 20–0; the bands between are not quoted, so this
    /// table jumps from 11–9 to 20–0), checked at their boundaries.
    #[test]
    fn an_events_own_table() {
        let bands =
            [(0, 10), (6, 11), (51, 20)].iter().map(|&(min_margin, winner)| Band { min_margin, winner }).collect();
        let table = ConversionTable::new(20, bands).expect("valid table");
        assert_eq!(table.convert(55, 50), (10, 10));
        assert_eq!(table.convert(56, 50), (11, 9));
        assert_eq!(table.convert(60, 50), (11, 9));
        assert_eq!(table.convert(0, 50), (9, 11));
        assert_eq!(table.convert(0, 51), (0, 20));
    }

    #[test]
    fn a_stored_table_is_checked_when_read() {
        let json = serde_json::to_string(&ConversionTable::wtc()).expect("serialises");
        let back: ConversionTable = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, ConversionTable::wtc());
        let bad = r#"{"total":20,"bands":[{"min_margin":0,"winner":25}]}"#;
        assert!(serde_json::from_str::<ConversionTable>(bad).is_err(), "25 of 20 points is refused");
    }

    #[test]
    fn malformed_tables_are_refused() {
        let band = |min_margin, winner| Band { min_margin, winner };
        assert_eq!(ConversionTable::new(20, vec![]), Err(TableError::Empty));
        assert_eq!(ConversionTable::new(20, vec![band(1, 10)]), Err(TableError::FirstBandNotZero(1)));
        assert_eq!(
            ConversionTable::new(20, vec![band(0, 10), band(0, 11)]),
            Err(TableError::MarginsNotIncreasing { index: 1, min_margin: 0 })
        );
        assert_eq!(
            ConversionTable::new(20, vec![band(0, 12), band(5, 11)]),
            Err(TableError::PointsDecreasing { index: 1 })
        );
        assert_eq!(
            ConversionTable::new(20, vec![band(0, 9)]),
            Err(TableError::WinnerOutOfRange { index: 0, winner: 9, total: 20 })
        );
        assert_eq!(
            ConversionTable::new(20, vec![band(0, 10), band(5, 21)]),
            Err(TableError::WinnerOutOfRange { index: 1, winner: 21, total: 20 })
        );
    }

    /// A 5-player match worked by hand on the WTC table: margins +61 (20–0),
    /// −3 (9–11), 0 (10–10), +12 (13–7), −45 (2–18) → 54–46, a win for A.
    #[test]
    fn five_player_match_by_hand() {
        let games = [(80, 19), (50, 53), (40, 40), (72, 60), (30, 75)];
        let score = MatchRule::default().score(&ConversionTable::wtc(), &games);
        assert_eq!(score, MatchScore { points_a: 54, points_b: 46, outcome: Outcome::Win });
        let banded = MatchRule { draw_band: 8 }.score(&ConversionTable::wtc(), &games);
        assert_eq!(banded.outcome, Outcome::Draw, "a lead of 8 is inside a band of 8");
        let banded = MatchRule { draw_band: 7 }.score(&ConversionTable::wtc(), &games);
        assert_eq!(banded.outcome, Outcome::Win, "a lead of 8 is outside a band of 7");
    }

    /// An 8-player match, 160 points in all, at the edges of a band of 10:
    /// 85–75 draws, 86–74 wins, 74–86 loses; equal totals draw by default.
    #[test]
    fn eight_player_band_edges() {
        let rule = MatchRule { draw_band: 10 };
        assert_eq!(rule.outcome(85, 75), Outcome::Draw);
        assert_eq!(rule.outcome(86, 74), Outcome::Win);
        assert_eq!(rule.outcome(74, 86), Outcome::Loss);
        assert_eq!(MatchRule::default().outcome(80, 80), Outcome::Draw);
        assert_eq!(MatchRule::default().outcome(81, 79), Outcome::Win);
    }
}
