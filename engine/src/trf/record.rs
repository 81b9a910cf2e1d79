//! The lines of a TRF file as values.
//!
//! Sources: FIDE TRF16 (C.04 Annex 2) and TRF-2026 (approved 12/05/2025), and the
//! TRF(x) extensions used by pairing engines: JaVaFo's `XXR`, `XXC`, `XXA`,
//! `XXP`, `XXS` and bbpPairings' `BBW`, `BBD`, `BBL`, `BBZ`, `BBF`, `BBU`.

use crate::model::{Colour, PlayerNo, Points, RoundRecord};

/// One line of a TRF file, in file order. Lines the engine does not interpret
/// (tournament data such as `012` or `102`, comments, unknown tags) are kept
/// verbatim in [`Line::Other`] so that a file survives a read-write round trip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A `001` player line.
    Player(PlayerLine),
    /// The total number of rounds: `XXR n` (TRF(x)) or `142 n` (TRF-2026).
    TotalRounds {
        /// Which tag carried it.
        tag: RoundsTag,
        /// The number of rounds.
        rounds: u32,
    },
    /// JaVaFo's configuration line `XXC [rank] [white1|black1]`: the colour of
    /// the player with starting rank 1 in round 1 (the initial colour of
    /// C.04.3 art. 5.1), and whether to pair by rank rather than starting rank.
    Configuration {
        /// `white1` or `black1`, if given.
        initial_colour: Option<Colour>,
        /// `rank` was given.
        rank: bool,
    },
    /// TRF-2026 `152 W|B`: the initial colour.
    InitialColour(Colour),
    /// bbpPairings' point values: `BBW`, `BBD`, `BBL`, `BBZ`, `BBF`, `BBU`.
    PointValue {
        /// Which value.
        tag: PointTag,
        /// The points.
        points: Points,
    },
    /// TRF-2026 `162`: result codes (`W`, `D`, `L`, `A`, `P`) with their points.
    PointSystem(Vec<(char, Points)>),
    /// JaVaFo's `XXS CODE=VALUE …` scoring system (codes `WW`, `BW`, `WD`, `BD`,
    /// `WL`, `BL`, `ZPB`, `HPB`, `FPB`, `PAB`, `FW`, `FL`, `W`, `D`).
    Scoring(Vec<(String, Points)>),
    /// `XXA id p1 p2 …`: the acceleration (virtual points) of one player in each
    /// round, from round 1 (FIDE C.04.7).
    Acceleration {
        /// The player.
        player: PlayerNo,
        /// Virtual points by round, round 1 first.
        rounds: Vec<Points>,
    },
    /// TRF-2026 `250`: virtual points for a range of rounds and players.
    AccelerationRange(AccelerationRange),
    /// `XXP id id …`: players who must not be paired with each other.
    Forbidden(Vec<PlayerNo>),
    /// TRF-2026 `260`: players who must not meet in a range of rounds.
    ForbiddenRange {
        /// The first round (1-based).
        first_round: u32,
        /// The last round (1-based, inclusive).
        last_round: u32,
        /// The players.
        players: Vec<PlayerNo>,
    },
    /// TRF-2026 `240 T RRR id id …`: byes (`F`, `H`, `Z`) given in a round.
    Byes {
        /// `F` (full point), `H` (half point) or `Z` (zero point).
        kind: char,
        /// The round (1-based).
        round: u32,
        /// The players.
        players: Vec<PlayerNo>,
    },
    /// Any other line, kept as it was (without its line end).
    Other(String),
}

/// The tag that gave the number of rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundsTag {
    /// `XXR` (TRF(x)).
    Xxr,
    /// `142` (TRF-2026).
    T142,
}

/// bbpPairings' point-value tags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointTag {
    /// `BBW`: a win (also forfeit win and full-point bye).
    Win,
    /// `BBD`: a draw (also half-point bye).
    Draw,
    /// `BBL`: a loss over the board.
    Loss,
    /// `BBZ`: a zero-point bye (and an absence).
    ZeroPointBye,
    /// `BBF`: a forfeit loss.
    ForfeitLoss,
    /// `BBU`: the pairing-allocated bye.
    PairingBye,
}

impl PointTag {
    /// The three-letter tag.
    #[must_use]
    pub const fn tag(self) -> &'static str {
        match self {
            PointTag::Win => "BBW",
            PointTag::Draw => "BBD",
            PointTag::Loss => "BBL",
            PointTag::ZeroPointBye => "BBZ",
            PointTag::ForfeitLoss => "BBF",
            PointTag::PairingBye => "BBU",
        }
    }

    /// The tag for a three-letter code, if it is one.
    #[must_use]
    pub fn from_tag(tag: &str) -> Option<PointTag> {
        [
            PointTag::Win,
            PointTag::Draw,
            PointTag::Loss,
            PointTag::ZeroPointBye,
            PointTag::ForfeitLoss,
            PointTag::PairingBye,
        ]
        .into_iter()
        .find(|t| t.tag() == tag)
    }
}

/// A TRF-2026 `250` line: `virtual_points` for every player from
/// `first_player` to `last_player` in every round from `first_round` to
/// `last_round` (all inclusive).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccelerationRange {
    /// Fictitious match points (team events; `None` when the field is blank).
    pub match_points: Option<Points>,
    /// Fictitious (game) points.
    pub points: Points,
    /// The first round (1-based).
    pub first_round: u32,
    /// The last round (1-based).
    pub last_round: u32,
    /// The first player's starting rank.
    pub first_player: PlayerNo,
    /// The last player's starting rank.
    pub last_player: PlayerNo,
}

/// A `001` player line. Text fields are kept as written (trimmed) so a file
/// can be written back; [`PlayerLine::rounds`] holds the round entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerLine {
    /// Starting rank, cols 5-8: the player's pairing number (TPN).
    pub number: PlayerNo,
    /// Sex, col 10 (`m`, `w` or blank).
    pub sex: String,
    /// Title, cols 11-13 (`GM`, `IM`, …).
    pub title: String,
    /// Name, cols 15-47.
    pub name: String,
    /// FIDE rating, cols 49-52 (`None` when blank).
    pub rating: Option<u32>,
    /// Federation, cols 54-56.
    pub federation: String,
    /// FIDE number, cols 58-68.
    pub fide_id: String,
    /// Birth date, cols 70-79.
    pub birth_date: String,
    /// Points, cols 81-84, as written in the file.
    pub points: Points,
    /// Rank, cols 86-89 (`None` when blank).
    pub rank: Option<u32>,
    /// Round entries from round 1 (cols 92-99, 102-109, …). `None` is an
    /// entry left blank (the player was not in the round); trailing blank
    /// entries are not stored.
    pub rounds: Vec<Option<RoundRecord>>,
}
