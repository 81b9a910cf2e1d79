//! What a standings column holds, named by key rather than by its English
//! name, so that pages translate it and a renamed column cannot go
//! untranslated: the FIDE C.07 tie-breaks, the 40K and crokinole criteria,
//! and the primary scores.

use serde::{Deserialize, Serialize};

macro_rules! column_keys {
    ($($(#[$vm:meta])* $v:ident = $s:literal),+ $(,)?) => {
        /// A standings column's key: the same in every language
        /// (`buchholz`, `total_20s`); pages translate it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum ColumnKey { $($(#[$vm])* #[serde(rename = $s)] $v),+ }

        impl ColumnKey {
            /// Every key, in declaration order.
            pub const ALL: &'static [ColumnKey] = &[$(ColumnKey::$v),+];

            /// The key as serialised, e.g. `"buchholz"`.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self { $(ColumnKey::$v => $s),+ }
            }
        }
    };
}

column_keys! {
    /// DE, Direct Encounter (C.07 art. 6).
    DirectEncounter = "direct_encounter",
    /// WIN, Number of Wins (C.07 art. 7.1).
    NumberOfWins = "number_of_wins",
    /// WON, Number of Games Won (C.07 art. 7.2).
    GamesWon = "games_won",
    /// BPG, Number of Games Played with Black (C.07 art. 7.3).
    GamesWithBlack = "games_with_black",
    /// BWG, Number of Games Won with Black (C.07 art. 7.4).
    GamesWonWithBlack = "games_won_with_black",
    /// PS, Progressive Score (C.07 art. 7.5).
    ProgressiveScore = "progressive_score",
    /// REP, Rounds one Elected to Play (C.07 art. 7.6).
    RoundsElectedToPlay = "rounds_elected_to_play",
    /// STD, Standard Points (C.07 art. 7.7).
    StandardPoints = "standard_points",
    /// TPN, Tournament Pairing Number (C.07 art. 7.8).
    PairingNumber = "pairing_number",
    /// BH, Buchholz (C.07 art. 8.1).
    Buchholz = "buchholz",
    /// AOB, Average of Opponents' Buchholz (C.07 art. 8.2).
    AverageOfOpponentsBuchholz = "average_of_opponents_buchholz",
    /// FB, Fore Buchholz (C.07 art. 8.3).
    ForeBuchholz = "fore_buchholz",
    /// SB, Sonneborn-Berger (C.07 art. 9.1).
    SonnebornBerger = "sonneborn_berger",
    /// KS, Koya System (C.07 art. 9.2).
    Koya = "koya",
    /// ARO, Average Rating of Opponents (C.07 art. 10.1).
    AverageRatingOfOpponents = "average_rating_of_opponents",
    /// TPR, Tournament Performance Rating (C.07 art. 10.2).
    PerformanceRating = "performance_rating",
    /// PTP, Perfect Tournament Performance (C.07 art. 10.3).
    PerfectPerformance = "perfect_performance",
    /// APRO, Average Performance Rating of Opponents (C.07 art. 10.4).
    AveragePerformanceOfOpponents = "average_performance_of_opponents",
    /// APPO, Average Perfect Performance of Opponents (C.07 art. 10.5).
    AveragePerfectPerformanceOfOpponents = "average_perfect_performance_of_opponents",
    /// RTNG, Rating (C.07 art. 10.6).
    Rating = "rating",
    /// 40K: games won.
    Wins = "wins",
    /// 40K: VP scored minus VP conceded.
    VpMargin = "vp_margin",
    /// 40K: strength of schedule (opponents' wins).
    StrengthOfSchedule = "strength_of_schedule",
    /// 40K: VP scored.
    TotalVp = "total_vp",
    /// 40K: battle points (20 a win, 10 a draw).
    BattlePoints = "battle_points",
    /// 40K: painting scores.
    Painting = "painting",
    /// 40K: sportsmanship scores.
    Sportsmanship = "sportsmanship",
    /// 40K primary score: the win-loss-draw record.
    Record = "record",
    /// Chess primary score: points.
    Points = "points",
    /// Crokinole primary score: points scored.
    CrokinolePoints = "crokinole_points",
    /// Crokinole primary score: game points (2 a win, 1 a tie, 0 a loss).
    GamePoints = "game_points",
    /// Crokinole: points of the tied group's mini-league.
    MiniLeaguePoints = "mini_league_points",
    /// Crokinole: 20s of the tied group's mini-league.
    MiniLeague20s = "mini_league_20s",
    /// Crokinole: 20s over the event.
    Total20s = "total_20s",
    /// Crokinole: head-to-head.
    HeadToHead = "head_to_head",
}

/// A C.07 art. 14 modifier of a column: Cut-n cuts the n least significant
/// values, Median-n the n least and the n most significant (art. 14.1-14.4;
/// a Progressive Score's cut drops its first rounds, art. 14.1.2 c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColumnModifier {
    /// Cut-n.
    Cut(u8),
    /// Median-n.
    Median(u8),
}
