//! The team's colour, which is the colour of its board-1 player (FIDE Olympiad
//! Pairing Rules 2022 art. 7); the other boards alternate from it (see
//! [`board_colour`](crate::teams::boards::board_colour)).
//!
//! A team's colour history is one entry per recorded round: `Some(colour)`
//! for a played match, `None` for a bye, an absence or a match decided by
//! forfeits on every board (art. 7.7: only played matches give a colour).

use crate::model::Colour;

/// White matches minus Black matches over the played matches (art. 7.5.1).
#[must_use]
pub fn colour_difference(history: &[Option<Colour>]) -> i32 {
    history.iter().flatten().map(|c| if *c == Colour::White { 1 } else { -1 }).sum()
}

/// The last colour the team played with, if any.
#[must_use]
pub fn last_colour(history: &[Option<Colour>]) -> Option<Colour> {
    history.iter().rev().flatten().next().copied()
}

/// Whether giving the team `colour` would break the limits of art. 7.3: a
/// colour difference beyond +2 or -2, or the same colour in three played
/// matches running.
#[must_use]
pub fn breaks_limits(history: &[Option<Colour>], colour: Colour) -> bool {
    let step = if colour == Colour::White { 1 } else { -1 };
    if (colour_difference(history) + step).abs() > 2 {
        return true;
    }
    let played: Vec<Colour> = history.iter().flatten().copied().collect();
    played.len() >= 2 && played[played.len() - 2..].iter().all(|c| *c == colour)
}

/// Whether two teams can meet within the limits of art. 7.3: some allocation
/// of board 1 breaks neither team's limits.
#[must_use]
pub fn within_limits(a: &[Option<Colour>], b: &[Option<Colour>]) -> bool {
    let fits = |ca: Colour| !breaks_limits(a, ca) && !breaks_limits(b, ca.opposite());
    fits(Colour::White) || fits(Colour::Black)
}

/// The colour of the higher-ranked team `higher` against `lower` (art. 7),
/// trying in order:
/// 1. a colour that breaks art. 7.3 for either team is not given when the
///    other colour breaks it for neither;
/// 2. equalisation (art. 7.5.1): when the colour differences differ, the team
///    with the larger one gets Black;
/// 3. alternation (art. 7.5.2, 7.6): at the latest round both played with
///    different colours, each gets the colour the other had then;
/// 4. if they never had different colours, the higher-ranked team alternates
///    from its last colour (or the lower-ranked one from its own, if only it
///    has played);
/// 5. with no colours at all (art. 7.2), the higher-ranked team gets the colour
///    drawn by lot, `initial`, when its pairing number `higher_no` is odd and
///    the other colour when it is even. In round 1 this gives the odd teams
///    of the top half the colour drawn by lot.
#[must_use]
pub fn allocate(higher: &[Option<Colour>], lower: &[Option<Colour>], higher_no: u32, initial: Colour) -> Colour {
    let ok = |c: Colour| !breaks_limits(higher, c) && !breaks_limits(lower, c.opposite());
    match (ok(Colour::White), ok(Colour::Black)) {
        (true, false) => return Colour::White,
        (false, true) => return Colour::Black,
        _ => {}
    }
    let (dh, dl) = (colour_difference(higher), colour_difference(lower));
    if dh != dl {
        return if dh > dl { Colour::Black } else { Colour::White };
    }
    let rounds = higher.len().min(lower.len());
    for r in (0..rounds).rev() {
        if let (Some(h), Some(l)) = (higher[r], lower[r]) {
            if h != l {
                return l;
            }
        }
    }
    if let Some(h) = last_colour(higher) {
        return h.opposite();
    }
    if let Some(l) = last_colour(lower) {
        return l;
    }
    if higher_no % 2 == 1 {
        initial
    } else {
        initial.opposite()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    #[test]
    fn limits_are_a_difference_beyond_two_or_three_in_a_row() {
        // art. 7.3
        assert!(breaks_limits(&[Some(W), Some(W)], W));
        assert!(!breaks_limits(&[Some(W), Some(W)], B));
        assert!(breaks_limits(&[Some(W), Some(B), Some(W), Some(W)], W)); // diff would be +3
                                                                          // Played W B W: one more White makes the difference +2 and a run of two.
        assert!(!breaks_limits(&[Some(W), None, Some(B), Some(W)], W));
        // An unplayed round does not interrupt a run of colours.
        assert!(breaks_limits(&[Some(B), None, Some(B)], B));
    }

    #[test]
    fn equalisation_comes_before_alternation() {
        // art. 7.5.1: 1 has W W - B (difference +1, last Black), 2 has B W B W
        // (difference 0). Alternation would give 1 White; equalisation gives the
        // larger difference Black.
        let one = [Some(W), Some(W), None, Some(B)];
        let two = [Some(B), Some(W), Some(B), Some(W)];
        assert_eq!(allocate(&one, &two, 1, W), B);
    }

    #[test]
    fn alternation_uses_the_latest_round_with_different_colours() {
        // art. 7.6: 1 had W B W B, 2 had B W W B; the latest round where they
        // differ is round 2 (1 Black, 2 White), so 1 gets White.
        let one = [Some(W), Some(B), Some(W), Some(B)];
        let two = [Some(B), Some(W), Some(W), Some(B)];
        assert_eq!(allocate(&one, &two, 1, W), W);
    }

    #[test]
    fn identical_histories_alternate_the_higher_ranked_team() {
        // art. 7.6, second sentence: both had B W; the higher-ranked team had
        // White last and gets Black.
        assert_eq!(allocate(&[Some(B), Some(W)], &[Some(B), Some(W)], 1, W), B);
    }

    #[test]
    fn round_one_gives_the_lot_colour_to_odd_higher_ranked_teams() {
        // art. 7.2 with White drawn: 1-5 gives 1 White, 2-6 gives 2 Black.
        assert_eq!(allocate(&[], &[], 1, W), W);
        assert_eq!(allocate(&[], &[], 2, W), B);
        assert_eq!(allocate(&[], &[], 3, B), B);
    }

    #[test]
    fn a_colour_breaking_the_limits_is_avoided_first() {
        // Higher W B, lower B B. White for the higher team would give the
        // lower team a third Black running (art. 7.3), Black breaks nothing:
        // Black, although equalisation would have given the lower team (the
        // smaller difference) White anyway.
        assert_eq!(allocate(&[Some(W), Some(B)], &[Some(B), Some(B)], 1, W), B);
        // Higher W W: White would be a third White running.
        assert_eq!(allocate(&[Some(W), Some(W)], &[Some(B), Some(W)], 1, W), B);
        // Two teams that both had White twice running cannot meet within the
        // limits; W W against B B can (the first gets Black).
        assert!(!within_limits(&[Some(W), Some(W)], &[Some(W), Some(W)]));
        assert!(within_limits(&[Some(W), Some(W)], &[Some(B), Some(B)]));
    }
}
