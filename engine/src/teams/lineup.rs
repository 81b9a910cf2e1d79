//! Who plays which board of a chess team match.
//!
//! Board order never changes (issue 25; the Olympiad's rule that a team's
//! players keep the board order registered before the event, FIDE Olympiad
//! Regulations, and its reserves play only below them): the regular players
//! who play keep their relative order from board 1, the reserves who play
//! take the boards below them in their registered order, and a team that
//! fields fewer players than boards leaves its bottom boards empty (those
//! games are lost by forfeit).

/// One roster member available for a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Available<T> {
    /// The caller's id of the member.
    pub id: T,
    /// Roster position, 0-based: regular players first in board order, then
    /// the reserves in their registered order.
    pub seat: u32,
    /// Registered as a reserve.
    pub reserve: bool,
}

/// The players of boards 1..=`boards`, board 1 first: the available regular
/// players by seat, then the available reserves by seat; `None` for a bottom
/// board nobody is left to play. When more members are available than
/// boards, the last ones (by the same order) sit out.
#[must_use]
pub fn board_order<T: Copy>(available: &[Available<T>], boards: usize) -> Vec<Option<T>> {
    let mut order: Vec<&Available<T>> = available.iter().collect();
    order.sort_by_key(|a| (a.reserve, a.seat));
    (0..boards).map(|b| order.get(b).map(|a| a.id)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(id: u32, seat: u32, reserve: bool) -> Available<u32> {
        Available { id, seat, reserve }
    }

    #[test]
    fn full_team_plays_in_registered_order() {
        // Given in any order, the four regulars play boards 1-4 by seat.
        let a = [member(13, 2, false), member(11, 0, false), member(14, 3, false), member(12, 1, false)];
        assert_eq!(board_order(&a, 4), vec![Some(11), Some(12), Some(13), Some(14)]);
    }

    #[test]
    fn a_reserve_takes_the_bottom_board_and_the_others_move_up() {
        // Board 2's regular (seat 1) is out; reserve seat 4 plays. The
        // regulars keep their order (seats 0, 2, 3 on boards 1, 2, 3) and the
        // reserve plays board 4, never board 2.
        let a = [member(11, 0, false), member(13, 2, false), member(14, 3, false), member(15, 4, true)];
        assert_eq!(board_order(&a, 4), vec![Some(11), Some(13), Some(14), Some(15)]);
    }

    #[test]
    fn two_reserves_keep_their_registered_order_below_the_regulars() {
        // Seats 0 and 3 play; reserves seats 5 then 4 are given out of order:
        // reserve seat 4 plays board 3, seat 5 board 4.
        let a = [member(16, 5, true), member(11, 0, false), member(15, 4, true), member(14, 3, false)];
        assert_eq!(board_order(&a, 4), vec![Some(11), Some(14), Some(15), Some(16)]);
    }

    #[test]
    fn a_short_team_leaves_its_bottom_boards_empty() {
        let a = [member(12, 1, false), member(11, 0, false), member(13, 2, false)];
        assert_eq!(board_order(&a, 4), vec![Some(11), Some(12), Some(13), None]);
    }

    #[test]
    fn with_every_regular_present_the_reserve_sits_out() {
        let a = [
            member(15, 4, true),
            member(11, 0, false),
            member(12, 1, false),
            member(13, 2, false),
            member(14, 3, false),
        ];
        assert_eq!(board_order(&a, 4), vec![Some(11), Some(12), Some(13), Some(14)]);
    }
}
