//! Piece colour in chess (and first player / second player elsewhere).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The colour a player has in a game (FIDE C.04.1: White or Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// White, the first to move; `w` in TRF.
    White,
    /// Black; `b` in TRF.
    Black,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub const fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// The TRF letter: `w` or `b`.
    #[must_use]
    pub const fn trf_char(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::White => "White",
            Colour::Black => "Black",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_is_an_involution() {
        assert_eq!(Colour::White.opposite(), Colour::Black);
        assert_eq!(Colour::Black.opposite().opposite(), Colour::Black);
        assert_eq!(Colour::White.trf_char(), 'w');
    }
}
