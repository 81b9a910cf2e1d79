//! The FIDE Tournament Report File, in and out: TRF16 and TRF-2026 (FIDE
//! C.04 Annex 2) with the TRF(x) extensions pairing engines exchange
//! (JaVaFo: `XXR`, `XXC`, `XXA`, `XXP`, `XXS`; bbpPairings: `BBW`, `BBD`, `BBL`,
//! `BBZ`, `BBF`, `BBU`; TRF-2026: `142`, `152`, `162`, `192`, `240`, `250`, `260`).
//!
//! - [`Trf::parse`] reads text with LF, CRLF or CR line ends; every line the
//!   engine does not interpret is kept, so [`Trf::to_text`] writes it back.
//! - Errors are [`TrfError`]s naming the 1-based line and the field.
//! - [`Trf::team_lines`] reads the TRF16 `013` team records ([`TeamLine`]).
//! - [`Trf::round_input`] / [`Trf::next_round_input`] turn a file into the
//!   neutral [`RoundInput`](crate::pairing::dutch::RoundInput) the Dutch system pairs;
//!   [`Trf::recorded_round`] gives the pairing a file records for a round.

mod error;
mod parse;
mod record;
mod team;
mod tournament;
mod write;

pub use error::{TrfError, TrfErrorKind};
pub use record::{AccelerationRange, Line, PlayerLine, PointTag, RoundsTag};
pub use team::TeamLine;
pub use tournament::{RecordedBoard, RecordedRound};

use crate::model::{Colour, PlayerNo};
use std::collections::HashMap;

/// A TRF file: its lines in order (line `i` of the file is `lines[i - 1]`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Trf {
    /// Every line of the file, blank lines and unknown lines included.
    pub lines: Vec<Line>,
}

/// The line end to write (TRF-2026 remark 1 asks for CR).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LineEnding {
    /// `\r`, as TRF-2026 specifies.
    #[default]
    Cr,
    /// `\n`.
    Lf,
    /// `\r\n`.
    CrLf,
}

impl LineEnding {
    const fn as_str(self) -> &'static str {
        match self {
            LineEnding::Cr => "\r",
            LineEnding::Lf => "\n",
            LineEnding::CrLf => "\r\n",
        }
    }
}

impl Trf {
    /// Reads a TRF file.
    ///
    /// # Errors
    /// A [`TrfError`] naming the line and field of the first malformed line,
    /// or of a starting rank used twice.
    pub fn parse(text: &str) -> Result<Trf, TrfError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = Vec::new();
        let mut seen: HashMap<u32, usize> = HashMap::new();
        for (i, raw) in parse::split_lines(text).into_iter().enumerate() {
            let line = parse::parse_line(raw, i + 1)?;
            if let Line::Player(p) = &line {
                if seen.insert(p.number.0, i + 1).is_some() {
                    return Err(TrfError::at(i + 1, TrfErrorKind::DuplicatePlayer(p.number.0)));
                }
            }
            lines.push(line);
        }
        Ok(Trf { lines })
    }

    /// Writes the file, every line ended by `ending`.
    #[must_use]
    pub fn to_text(&self, ending: LineEnding) -> String {
        let mut out = String::new();
        for line in &self.lines {
            out.push_str(&write::render_line(line));
            out.push_str(ending.as_str());
        }
        out
    }

    /// The player lines, in file order.
    pub fn players(&self) -> impl Iterator<Item = &PlayerLine> {
        self.lines.iter().filter_map(|l| match l {
            Line::Player(p) => Some(p),
            _ => None,
        })
    }

    /// The player line of `id`, with its 1-based line number.
    #[must_use]
    pub fn player(&self, id: PlayerNo) -> Option<(usize, &PlayerLine)> {
        self.lines.iter().enumerate().find_map(|(i, l)| match l {
            Line::Player(p) if p.number == id => Some((i + 1, p)),
            _ => None,
        })
    }

    /// The total number of rounds (`XXR` or `142`), if given.
    #[must_use]
    pub fn total_rounds(&self) -> Option<u32> {
        self.lines.iter().find_map(|l| match l {
            Line::TotalRounds { rounds, .. } => Some(*rounds),
            _ => None,
        })
    }

    /// The initial colour given by `XXC white1|black1` or `152 W|B`.
    #[must_use]
    pub fn declared_initial_colour(&self) -> Option<Colour> {
        self.lines.iter().find_map(|l| match l {
            Line::Configuration { initial_colour, .. } => *initial_colour,
            Line::InitialColour(c) => Some(*c),
            _ => None,
        })
    }

    /// The date of start (`042`, `YYYY/MM/DD`; `-` or `.` also read as
    /// separators), if given and valid.
    #[must_use]
    pub fn start_date(&self) -> Option<crate::standings::CalendarDate> {
        self.lines.iter().find_map(|l| match l {
            Line::Other(text) if text.starts_with("042") => text[3..].trim().replace(['/', '.'], "-").parse().ok(),
            _ => None,
        })
    }

    /// The TRF-2026 `192` tournament type code (e.g. `FIDE_DUTCH_2026_BAKU`).
    #[must_use]
    pub fn tournament_type(&self) -> Option<&str> {
        self.lines.iter().find_map(|l| match l {
            Line::Other(text) if text.starts_with("192") => Some(text[3..].trim()),
            _ => None,
        })
    }

    /// The TRF16 `013` team lines, in file order, each with its 1-based line
    /// number.
    ///
    /// # Errors
    /// A [`TrfError`] naming the line of the first malformed `013` line.
    pub fn team_lines(&self) -> Result<Vec<(usize, TeamLine)>, TrfError> {
        self.lines
            .iter()
            .enumerate()
            .filter_map(|(i, l)| match l {
                Line::Other(text) if text.starts_with("013") => {
                    Some(TeamLine::parse(text).map(|t| (i + 1, t)).map_err(|e| TrfError::at(i + 1, e)))
                }
                _ => None,
            })
            .collect()
    }

    /// Appends `team` as a `013` line (after the player lines, where TRF16
    /// places team records).
    pub fn push_team_line(&mut self, team: &TeamLine) {
        self.lines.push(Line::Other(team.render()));
    }

    /// Adds or replaces the `XXR` total-rounds line.
    pub fn set_total_rounds(&mut self, rounds: u32) {
        let new = Line::TotalRounds { tag: RoundsTag::Xxr, rounds };
        match self.lines.iter_mut().find(|l| matches!(l, Line::TotalRounds { .. })) {
            Some(line) => *line = new,
            None => self.lines.insert(self.header_end(), new),
        }
    }

    /// The index just after the leading tournament-data lines, where
    /// configuration lines go.
    fn header_end(&self) -> usize {
        self.lines.iter().position(|l| matches!(l, Line::Player(_))).unwrap_or(self.lines.len())
    }
}

#[cfg(test)]
mod fuzz;
#[cfg(test)]
mod tests;
