//! Why a TRF file could not be read: the line and the field at fault.

use std::fmt;

/// A TRF file that cannot be read or does not make sense, with the 1-based
/// line number of the offending line (0 when the problem concerns the file as
/// a whole, e.g. a missing `XXR` line).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", Located(self))]
pub struct TrfError {
    /// The 1-based line number; 0 for problems of the whole file.
    pub line: usize,
    /// What is wrong, naming the field.
    pub kind: TrfErrorKind,
}

struct Located<'a>(&'a TrfError);

impl fmt::Display for Located<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.line == 0 {
            write!(f, "TRF: {}", self.0.kind)
        } else {
            write!(f, "TRF line {}: {}", self.0.line, self.0.kind)
        }
    }
}

impl TrfError {
    /// An error on line `line` (1-based).
    #[must_use]
    pub const fn at(line: usize, kind: TrfErrorKind) -> TrfError {
        TrfError { line, kind }
    }

    /// An error about the file as a whole.
    #[must_use]
    pub const fn file(kind: TrfErrorKind) -> TrfError {
        TrfError { line: 0, kind }
    }
}

/// The ways a TRF file can be wrong. Each names the field (TRF column range or
/// tag) it concerns.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfErrorKind {
    /// A field that must hold a number does not.
    #[error("field `{field}`: `{value}` is not a valid number")]
    BadNumber {
        /// The field, e.g. `starting rank (cols 5-8)`.
        field: &'static str,
        /// The text found.
        value: String,
    },
    /// A field that must hold a score (like `4.5`) does not.
    #[error("field `{field}`: `{value}` is not a score (expected e.g. 4.5)")]
    BadPoints {
        /// The field, e.g. `points (cols 81-84)`.
        field: &'static str,
        /// The text found.
        value: String,
    },
    /// A line is shorter than its mandatory fields.
    #[error("field `{field}`: the line is too short")]
    TooShort {
        /// The first missing field.
        field: &'static str,
    },
    /// A round's colour column holds something other than `w`, `b`, `-` or blank.
    #[error("round {round}, colour (col {column}): `{value}` is not w, b, - or blank")]
    BadColour {
        /// The 1-based round.
        round: usize,
        /// The 1-based column.
        column: usize,
        /// The character found.
        value: char,
    },
    /// A round's result column holds an unknown code.
    #[error("round {round}, result (col {column}): `{value}` is not a TRF result code")]
    BadResult {
        /// The 1-based round.
        round: usize,
        /// The 1-based column.
        column: usize,
        /// The character found.
        value: char,
    },
    /// A round entry combines fields that cannot go together (e.g. an
    /// opponent with a bye code, or a played game without a colour).
    #[error("round {round}: `{entry}` is not a valid round entry ({why})")]
    BadRoundEntry {
        /// The 1-based round.
        round: usize,
        /// The entry text.
        entry: String,
        /// What is inconsistent.
        why: &'static str,
    },
    /// Text after the last round entry that is not a round entry.
    #[error("round {round}: unexpected text `{text}` after the round entries")]
    TrailingText {
        /// The 1-based round where it starts.
        round: usize,
        /// The text found.
        text: String,
    },
    /// A tag line (`XXC`, `XXS`, `240`, `260`, …) holds an unknown value.
    #[error("field `{field}`: `{value}` is not understood")]
    BadValue {
        /// The tag and field, e.g. `XXC`.
        field: &'static str,
        /// The text found.
        value: String,
    },
    /// Two `001` lines have the same starting rank.
    #[error("starting rank {0} appears on two player lines")]
    DuplicatePlayer(u32),
    /// A round entry names an opponent that has no `001` line.
    #[error("round {round}: opponent {opponent} has no player line")]
    UnknownOpponent {
        /// The 1-based round.
        round: usize,
        /// The opponent's starting rank.
        opponent: u32,
    },
    /// Two players' entries for the same round disagree (opponent, colour or result).
    #[error("round {round}: the entry for player {player} contradicts the entry of player {opponent}")]
    InconsistentPairing {
        /// The 1-based round.
        round: usize,
        /// The player whose line holds the entry.
        player: u32,
        /// The opponent named.
        opponent: u32,
    },
    /// The points column does not equal the points of the player's rounds.
    #[error("field `points (cols 81-84)`: {found} does not match the results, which give {computed}")]
    PointsMismatch {
        /// The points in the file.
        found: String,
        /// The points computed from the round entries and the point system.
        computed: String,
    },
    /// The number of rounds is needed but no `XXR` or `142` line gives it.
    #[error("the total number of rounds is missing (add an `XXR n` or `142 n` line)")]
    MissingTotalRounds,
    /// More rounds were played than the total number of rounds.
    #[error("{played} rounds are recorded but the tournament has only {total}")]
    TooManyRounds {
        /// Rounds found.
        played: usize,
        /// The `XXR`/`142` total.
        total: u32,
    },
    /// The file has no player lines.
    #[error("the file has no player (`001`) lines")]
    NoPlayers,
    /// A point system that the pairing cannot use (e.g. different values for
    /// wins with White and with Black).
    #[error("unsupported point system: {0}")]
    UnsupportedPointSystem(&'static str),
}
