//! A round's lineup: which roster members play, and on which board.
//!
//! Board order never changes (issue 25; FIDE Olympiad practice, where the
//! board order is fixed at registration): the regular players who play keep
//! their relative order, and reserves who play take the bottom boards, in
//! their registered order. A roster is indexed as [`Team::roster`](super::Team::roster)
//! is: regular players in board order, then the reserves, so the boards are
//! the chosen roster indices in ascending order.

use std::collections::BTreeSet;
use std::fmt;

/// Why a lineup cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineupError {
    /// The lineup names `given` members; a match is played by `size`.
    WrongSize {
        /// Members named.
        given: usize,
        /// Members a match needs (the team size).
        size: usize,
    },
    /// A roster index beyond the roster (`roster` members).
    NotInRoster {
        /// The index named.
        index: usize,
        /// The roster's length.
        roster: usize,
    },
    /// A member named twice.
    Twice {
        /// The roster index named twice.
        index: usize,
    },
}

impl fmt::Display for LineupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineupError::WrongSize { given, size } => {
                write!(f, "a lineup names {size} players (one per board); {given} given")
            }
            LineupError::NotInRoster { index, roster } => {
                write!(f, "roster index {index} is beyond the roster of {roster}")
            }
            LineupError::Twice { index } => write!(f, "roster index {index} is named twice"),
        }
    }
}

impl std::error::Error for LineupError {}

/// The boards of a lineup: `chosen` roster indices (any order) of a roster
/// of `roster` members, for a team of `size` boards. Returns the roster
/// indices in board order (board 1 first): the regular players chosen in
/// their board order, then the reserves chosen in their registered order.
///
/// # Errors
/// [`LineupError`]: not exactly `size` members, an index outside the
/// roster, or a member named twice.
pub fn boards(roster: usize, size: usize, chosen: &[usize]) -> Result<Vec<usize>, LineupError> {
    if chosen.len() != size {
        return Err(LineupError::WrongSize { given: chosen.len(), size });
    }
    let mut set = BTreeSet::new();
    for &index in chosen {
        if index >= roster {
            return Err(LineupError::NotInRoster { index, roster });
        }
        if !set.insert(index) {
            return Err(LineupError::Twice { index });
        }
    }
    Ok(set.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regulars_keep_their_order_and_reserves_take_the_bottom_boards() {
        // Roster of 4 regulars (0..=3) and 2 reserves (4, 5): board 2's
        // player sits out, reserve 5 plays: boards are 1, 3, 4 then reserve 5.
        assert_eq!(boards(6, 4, &[5, 3, 0, 2]), Ok(vec![0, 2, 3, 5]));
        // Two reserves play: in their registered order on boards 3 and 4.
        assert_eq!(boards(6, 4, &[5, 4, 1, 0]), Ok(vec![0, 1, 4, 5]));
        // The regulars as registered.
        assert_eq!(boards(6, 4, &[0, 1, 2, 3]), Ok(vec![0, 1, 2, 3]));
    }

    #[test]
    fn a_lineup_names_one_member_per_board() {
        assert_eq!(boards(6, 4, &[0, 1, 2]), Err(LineupError::WrongSize { given: 3, size: 4 }));
        assert_eq!(boards(6, 4, &[0, 1, 2, 6]), Err(LineupError::NotInRoster { index: 6, roster: 6 }));
        assert_eq!(boards(6, 4, &[0, 1, 1, 2]), Err(LineupError::Twice { index: 1 }));
    }
}
