//! What an event's standings are ranked by, stored by the server as JSON:
//! the game system and its ordered tie-break list.
//!
//! ```json
//! {"game": "chess", "tiebreaks": [{"code": "BH", "modifier": "cut1"}, {"code": "BH"}, {"code": "SB"}]}
//! ```

use super::column::{ColumnKey, ColumnModifier};
use super::crokinole::CrokinoleConfig;
use super::error::StandingsError;
use super::version::RulesVersion;
use super::wh40k_table::Wh40kConfig;
use serde::{Deserialize, Serialize};

/// An event's standings configuration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum StandingsConfig {
    /// Chess: FIDE C.07 tie-breaks.
    Chess(ChessConfig),
    /// Crokinole: the crokinole tie-breaker rules.
    Crokinole(CrokinoleConfig),
    /// Warhammer 40K: wins (or battle points), then a tie-break list.
    Wh40k(Wh40kConfig),
}

/// Chess standings: points, then an ordered list of FIDE C.07 tie-breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChessConfig {
    /// The tie-breaks, applied in order to the players still tied (C.07 art. 4.2).
    pub tiebreaks: Vec<ChessTiebreak>,
    /// The C.07 version to apply; `None` chooses by the event's start date
    /// ([`RulesVersion::in_force_on`]).
    #[serde(default)]
    pub rules: Option<RulesVersion>,
    /// The rating used for unrated players in the ratings-based tie-breaks.
    /// Without it those tie-breaks are dropped when unrated players are
    /// present (C.07 art. 10).
    #[serde(default)]
    pub unrated_rating: Option<u16>,
}

impl ChessConfig {
    /// The default for a Swiss event: BH-C1, BH, SB, DE, WIN.
    ///
    /// C.07 (2024 and 2026) publishes no default list: the organiser chooses
    /// (art. 4.1) and the chief arbiter completes it (art. 4.1.1). This is the
    /// list most Swiss regulations use, editable by the organiser.
    #[must_use]
    pub fn swiss_default() -> ChessConfig {
        ChessConfig::with(vec![
            ChessTiebreak::Buchholz { modifier: Modifier::Cut1 },
            ChessTiebreak::Buchholz { modifier: Modifier::None },
            ChessTiebreak::SonnebornBerger { modifier: Modifier::None },
            ChessTiebreak::DirectEncounter { forfeits: false },
            ChessTiebreak::Wins,
        ])
    }

    /// The default for a round robin: DE, SB, WIN, KS (no Buchholz, C.07
    /// art. 8; Koya is meant for round robins, art. 9.2). An editable
    /// default, as for [`ChessConfig::swiss_default`].
    #[must_use]
    pub fn round_robin_default() -> ChessConfig {
        ChessConfig::with(vec![
            ChessTiebreak::DirectEncounter { forfeits: false },
            ChessTiebreak::SonnebornBerger { modifier: Modifier::None },
            ChessTiebreak::Wins,
            ChessTiebreak::Koya { limit: 0 },
        ])
    }

    /// A configuration with these tie-breaks, rules by start date, no rating
    /// for unrated players.
    #[must_use]
    pub fn with(tiebreaks: Vec<ChessTiebreak>) -> ChessConfig {
        ChessConfig { tiebreaks, rules: None, unrated_rating: None }
    }

    /// Checks the list suits the pairing system.
    ///
    /// # Errors
    /// [`StandingsError::NotForRoundRobin`] for Buchholz, Fore Buchholz or
    /// AOB in a round robin (C.07 art. 8).
    pub fn validate(&self, pairing: PairingKind) -> Result<(), StandingsError> {
        if pairing == PairingKind::RoundRobin {
            if let Some(t) = self.tiebreaks.iter().find(|t| t.is_buchholz_family()) {
                return Err(StandingsError::NotForRoundRobin { code: t.code() });
            }
        }
        Ok(())
    }
}

/// How the pairings were made, which decides how unplayed rounds count
/// (C.07 art. 15-16) and which tie-breaks suit the event (art. 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PairingKind {
    /// Swiss: unplayed rounds by C.07 art. 16.
    Swiss,
    /// Pairings fixed in advance (round robin): forfeits are games (art. 15.2).
    RoundRobin,
}

/// A FIDE C.07 tie-break with its modifiers. Serialised with its C.07
/// acronym: `{"code": "SB", "modifier": "cut1"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "code")]
pub enum ChessTiebreak {
    /// DE, Direct Encounter (art. 6). `forfeits`: forfeits count as games
    /// (art. 6.1.1, "unless the specific regulations … state otherwise");
    /// in round robins they always do (art. 15.2).
    #[serde(rename = "DE")]
    DirectEncounter {
        /// Whether forfeit wins and losses count as games.
        #[serde(default)]
        forfeits: bool,
    },
    /// WIN, Number of Wins (art. 7.1): rounds with a win's points, played or not.
    #[serde(rename = "WIN")]
    Wins,
    /// WON, Number of Games Won over the board (art. 7.2).
    #[serde(rename = "WON")]
    GamesWon,
    /// BPG, Number of Games Played with Black (art. 7.3).
    #[serde(rename = "BPG")]
    GamesWithBlack,
    /// BWG, Number of Games Won with Black (art. 7.4).
    #[serde(rename = "BWG")]
    GamesWonWithBlack,
    /// PS, (Sum of) Progressive Scores (art. 7.5); `cut` drops the scores
    /// after the first `cut` rounds (art. 14.1.2 c).
    #[serde(rename = "PS")]
    ProgressiveScore {
        /// Rounds cut from the start.
        #[serde(default)]
        cut: u8,
    },
    /// REP, Rounds one Elected to Play (art. 7.6; GE before 2026).
    #[serde(rename = "REP")]
    RoundsElectedToPlay,
    /// STD, Standard Points (art. 7.7, 2026).
    #[serde(rename = "STD")]
    StandardPoints,
    /// TPN, Tournament Pairing Number (art. 7.8, 2026): ascending, or
    /// descending when `reverse`.
    #[serde(rename = "TPN")]
    PairingNumber {
        /// Descending order.
        #[serde(default)]
        reverse: bool,
    },
    /// BH, Buchholz (art. 8.1), with Cut/Median modifiers (art. 14).
    #[serde(rename = "BH")]
    Buchholz {
        /// The modifier.
        #[serde(default)]
        modifier: Modifier,
    },
    /// AOB, Average of Opponents' Buchholz (art. 8.2); `fore` averages their
    /// Fore Buchholz instead.
    #[serde(rename = "AOB")]
    AverageOfOpponentsBuchholz {
        /// Average the opponents' Fore Buchholz.
        #[serde(default)]
        fore: bool,
    },
    /// FB, Fore Buchholz (art. 8.3).
    #[serde(rename = "FB")]
    ForeBuchholz {
        /// The modifier.
        #[serde(default)]
        modifier: Modifier,
    },
    /// SB, Sonneborn-Berger (art. 9.1), with Cut/Median modifiers.
    #[serde(rename = "SB")]
    SonnebornBerger {
        /// The modifier.
        #[serde(default)]
        modifier: Modifier,
    },
    /// KS, Koya System (art. 9.2); `limit` moves the 50% threshold by that
    /// many half points (art. 14.5).
    #[serde(rename = "KS")]
    Koya {
        /// Half points added to the threshold (negative lowers it).
        #[serde(default)]
        limit: i8,
    },
    /// ARO, Average Rating of Opponents (art. 10.1), with Cut/Median modifiers.
    #[serde(rename = "ARO")]
    AverageRatingOfOpponents {
        /// The modifier.
        #[serde(default)]
        modifier: Modifier,
    },
    /// TPR, Tournament Performance Rating (art. 10.2).
    #[serde(rename = "TPR")]
    PerformanceRating,
    /// PTP, Perfect Tournament Performance (art. 10.3): the lowest rating
    /// whose expected score (table 8.1b) against the opponents is at least
    /// the score made.
    #[serde(rename = "PTP")]
    PerfectPerformance,
    /// APRO, Average Performance Rating of Opponents (art. 10.4).
    #[serde(rename = "APRO")]
    AveragePerformanceOfOpponents,
    /// APPO, Average Perfect [Tournament] Performance of Opponents (art. 10.5).
    #[serde(rename = "APPO")]
    AveragePerfectPerformanceOfOpponents,
    /// RTNG, Rating (art. 10.6, 2026): highest first, or lowest first when `reverse`.
    #[serde(rename = "RTNG")]
    Rating {
        /// Lowest rating first.
        #[serde(default)]
        reverse: bool,
    },
}

impl ChessTiebreak {
    /// The header code, C.07 style: `"BH-C1"`, `"SB"`, `"PS-C1"`, `"KS/L+1"`.
    #[must_use]
    pub fn code(&self) -> String {
        let with = |base: &str, m: &Modifier| format!("{base}{}", m.suffix());
        match self {
            ChessTiebreak::DirectEncounter { forfeits: false } => "DE".into(),
            ChessTiebreak::DirectEncounter { forfeits: true } => "DE/P".into(),
            ChessTiebreak::Wins => "WIN".into(),
            ChessTiebreak::GamesWon => "WON".into(),
            ChessTiebreak::GamesWithBlack => "BPG".into(),
            ChessTiebreak::GamesWonWithBlack => "BWG".into(),
            ChessTiebreak::ProgressiveScore { cut: 0 } => "PS".into(),
            ChessTiebreak::ProgressiveScore { cut } => format!("PS-C{cut}"),
            ChessTiebreak::RoundsElectedToPlay => "REP".into(),
            ChessTiebreak::StandardPoints => "STD".into(),
            ChessTiebreak::PairingNumber { reverse } => if *reverse { "TPN/R" } else { "TPN" }.into(),
            ChessTiebreak::Buchholz { modifier } => with("BH", modifier),
            ChessTiebreak::AverageOfOpponentsBuchholz { fore } => if *fore { "AOB/F" } else { "AOB" }.into(),
            ChessTiebreak::ForeBuchholz { modifier } => with("FB", modifier),
            ChessTiebreak::SonnebornBerger { modifier } => with("SB", modifier),
            ChessTiebreak::Koya { limit: 0 } => "KS".into(),
            ChessTiebreak::Koya { limit } => format!("KS/L{limit:+}"),
            ChessTiebreak::AverageRatingOfOpponents { modifier } => with("ARO", modifier),
            ChessTiebreak::PerformanceRating => "TPR".into(),
            ChessTiebreak::PerfectPerformance => "PTP".into(),
            ChessTiebreak::AveragePerformanceOfOpponents => "APRO".into(),
            ChessTiebreak::AveragePerfectPerformanceOfOpponents => "APPO".into(),
            ChessTiebreak::Rating { reverse } => if *reverse { "RTNG/R" } else { "RTNG" }.into(),
        }
    }

    /// The full name, e.g. `"Buchholz Cut-1"`.
    #[must_use]
    pub fn name(&self) -> String {
        let with = |base: &str, m: &Modifier| match m.name() {
            "" => base.to_string(),
            n => format!("{base} {n}"),
        };
        match self {
            ChessTiebreak::DirectEncounter { .. } => "Direct Encounter".into(),
            ChessTiebreak::Wins => "Number of Wins".into(),
            ChessTiebreak::GamesWon => "Number of Games Won".into(),
            ChessTiebreak::GamesWithBlack => "Number of Games Played with Black".into(),
            ChessTiebreak::GamesWonWithBlack => "Number of Games Won with Black".into(),
            ChessTiebreak::ProgressiveScore { cut: 0 } => "Progressive Score".into(),
            ChessTiebreak::ProgressiveScore { cut } => format!("Progressive Score Cut-{cut}"),
            ChessTiebreak::RoundsElectedToPlay => "Rounds one Elected to Play".into(),
            ChessTiebreak::StandardPoints => "Standard Points".into(),
            ChessTiebreak::PairingNumber { .. } => "Tournament Pairing Number".into(),
            ChessTiebreak::Buchholz { modifier } => with("Buchholz", modifier),
            ChessTiebreak::AverageOfOpponentsBuchholz { .. } => "Average of Opponents' Buchholz".into(),
            ChessTiebreak::ForeBuchholz { modifier } => with("Fore Buchholz", modifier),
            ChessTiebreak::SonnebornBerger { modifier } => with("Sonneborn-Berger", modifier),
            ChessTiebreak::Koya { .. } => "Koya System".into(),
            ChessTiebreak::AverageRatingOfOpponents { modifier } => with("Average Rating of Opponents", modifier),
            ChessTiebreak::PerformanceRating => "Tournament Performance Rating".into(),
            ChessTiebreak::PerfectPerformance => "Perfect Tournament Performance".into(),
            ChessTiebreak::AveragePerformanceOfOpponents => "Average Performance Rating of Opponents".into(),
            ChessTiebreak::AveragePerfectPerformanceOfOpponents => "Average Perfect Performance of Opponents".into(),
            ChessTiebreak::Rating { .. } => "Rating".into(),
        }
    }

    /// What the column holds, by key: the tie-break without its modifier.
    #[must_use]
    pub const fn key(&self) -> ColumnKey {
        match self {
            ChessTiebreak::DirectEncounter { .. } => ColumnKey::DirectEncounter,
            ChessTiebreak::Wins => ColumnKey::NumberOfWins,
            ChessTiebreak::GamesWon => ColumnKey::GamesWon,
            ChessTiebreak::GamesWithBlack => ColumnKey::GamesWithBlack,
            ChessTiebreak::GamesWonWithBlack => ColumnKey::GamesWonWithBlack,
            ChessTiebreak::ProgressiveScore { .. } => ColumnKey::ProgressiveScore,
            ChessTiebreak::RoundsElectedToPlay => ColumnKey::RoundsElectedToPlay,
            ChessTiebreak::StandardPoints => ColumnKey::StandardPoints,
            ChessTiebreak::PairingNumber { .. } => ColumnKey::PairingNumber,
            ChessTiebreak::Buchholz { .. } => ColumnKey::Buchholz,
            ChessTiebreak::AverageOfOpponentsBuchholz { .. } => ColumnKey::AverageOfOpponentsBuchholz,
            ChessTiebreak::ForeBuchholz { .. } => ColumnKey::ForeBuchholz,
            ChessTiebreak::SonnebornBerger { .. } => ColumnKey::SonnebornBerger,
            ChessTiebreak::Koya { .. } => ColumnKey::Koya,
            ChessTiebreak::AverageRatingOfOpponents { .. } => ColumnKey::AverageRatingOfOpponents,
            ChessTiebreak::PerformanceRating => ColumnKey::PerformanceRating,
            ChessTiebreak::PerfectPerformance => ColumnKey::PerfectPerformance,
            ChessTiebreak::AveragePerformanceOfOpponents => ColumnKey::AveragePerformanceOfOpponents,
            ChessTiebreak::AveragePerfectPerformanceOfOpponents => ColumnKey::AveragePerfectPerformanceOfOpponents,
            ChessTiebreak::Rating { .. } => ColumnKey::Rating,
        }
    }

    /// The modifier its name carries (C.07 art. 14): Cut-n or Median-n, or a
    /// Progressive Score's cut (art. 14.1.2 c); `None` without one.
    #[must_use]
    pub const fn modifier(&self) -> Option<ColumnModifier> {
        match self {
            ChessTiebreak::ProgressiveScore { cut: 0 } => None,
            ChessTiebreak::ProgressiveScore { cut } => Some(ColumnModifier::Cut(*cut)),
            ChessTiebreak::Buchholz { modifier }
            | ChessTiebreak::ForeBuchholz { modifier }
            | ChessTiebreak::SonnebornBerger { modifier }
            | ChessTiebreak::AverageRatingOfOpponents { modifier } => modifier.column(),
            _ => None,
        }
    }

    /// Buchholz and the tie-breaks built on it (art. 8), barred from round robins.
    #[must_use]
    pub fn is_buchholz_family(&self) -> bool {
        matches!(
            self,
            ChessTiebreak::Buchholz { .. }
                | ChessTiebreak::ForeBuchholz { .. }
                | ChessTiebreak::AverageOfOpponentsBuchholz { .. }
        )
    }
}

/// C.07 art. 14 modifiers for tie-breaks that sum values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Modifier {
    /// Every value counts.
    #[default]
    None,
    /// Cut-1: cut the least significant value (art. 14.1).
    Cut1,
    /// Cut-2: cut the two least significant values (art. 14.2).
    Cut2,
    /// Median-1: cut the least and the most significant values (art. 14.3).
    Median1,
    /// Median-2: cut the two least and the two most significant values (art. 14.4).
    Median2,
}

impl Modifier {
    /// How many least significant values are cut.
    #[must_use]
    pub const fn low(self) -> usize {
        match self {
            Modifier::None => 0,
            Modifier::Cut1 | Modifier::Median1 => 1,
            Modifier::Cut2 | Modifier::Median2 => 2,
        }
    }

    /// How many most significant values are cut.
    #[must_use]
    pub const fn high(self) -> usize {
        match self {
            Modifier::None | Modifier::Cut1 | Modifier::Cut2 => 0,
            Modifier::Median1 => 1,
            Modifier::Median2 => 2,
        }
    }

    /// The modifier as a column shows it; `None` for [`Modifier::None`].
    #[must_use]
    pub const fn column(self) -> Option<ColumnModifier> {
        match self {
            Modifier::None => None,
            Modifier::Cut1 => Some(ColumnModifier::Cut(1)),
            Modifier::Cut2 => Some(ColumnModifier::Cut(2)),
            Modifier::Median1 => Some(ColumnModifier::Median(1)),
            Modifier::Median2 => Some(ColumnModifier::Median(2)),
        }
    }

    const fn suffix(self) -> &'static str {
        match self {
            Modifier::None => "",
            Modifier::Cut1 => "-C1",
            Modifier::Cut2 => "-C2",
            Modifier::Median1 => "-M1",
            Modifier::Median2 => "-M2",
        }
    }

    const fn name(self) -> &'static str {
        match self {
            Modifier::None => "",
            Modifier::Cut1 => "Cut-1",
            Modifier::Cut2 => "Cut-2",
            Modifier::Median1 => "Median-1",
            Modifier::Median2 => "Median-2",
        }
    }
}
