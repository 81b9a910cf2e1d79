//! Type B tie-breaks: the participant's own record (C.07 art. 7).
//!
//! Forfeits never count as games here: art. 7.2–7.4 count games "over the
//! board", and art. 15.2 keeps forfeit losses unplayed even in round robins.

use super::prepare::{Kind, Prepared, NO_OPP};
use crate::model::{Colour, Outcome};
use crate::standings::value::Exact;

/// Counts, for every player, the rounds `pred` accepts.
fn count(prep: &Prepared, pred: impl Fn(&super::prepare::Rec) -> bool) -> Vec<Exact> {
    (0..prep.n)
        .map(|i| Exact::integer(i64::try_from(prep.row(i).iter().filter(|r| pred(r)).count()).unwrap_or(0)))
        .collect()
}

/// WIN (art. 7.1): rounds in which the player obtained, with or without
/// playing, as many points as a win is worth.
pub(crate) fn wins(prep: &Prepared) -> Vec<Exact> {
    count(prep, |r| r.pts == prep.win)
}

/// WON (art. 7.2): games won over the board.
pub(crate) fn games_won(prep: &Prepared) -> Vec<Exact> {
    count(prep, |r| matches!(r.kind, Kind::Game { outcome: Outcome::Win, .. }))
}

/// BPG (art. 7.3): games played over the board with Black.
pub(crate) fn games_with_black(prep: &Prepared) -> Vec<Exact> {
    count(prep, |r| matches!(r.kind, Kind::Game { colour: Colour::Black, .. }))
}

/// BWG (art. 7.4): games won over the board with Black.
pub(crate) fn games_won_with_black(prep: &Prepared) -> Vec<Exact> {
    count(prep, |r| matches!(r.kind, Kind::Game { colour: Colour::Black, outcome: Outcome::Win }))
}

/// REP (art. 7.6; "GE" in the 2024 text): the rounds minus the half-point
/// byes, zero-point byes (every round after a withdrawal is one, art.
/// 16.1.1) and forfeit losses.
pub(crate) fn rounds_elected_to_play(prep: &Prepared) -> Vec<Exact> {
    count(prep, |r| !r.kind.is_vur())
}

/// PS (art. 7.5): the sum of the player's score after each round, without
/// the first `cut` of them (art. 14.1.2 c: PS Cut-1 excludes the score
/// after the first round). Tenths.
pub(crate) fn progressive(prep: &Prepared, cut: u8) -> Vec<Exact> {
    (0..prep.n)
        .map(|i| {
            let mut running = 0_i64;
            let mut sum = 0_i64;
            for (r, rec) in prep.row(i).iter().enumerate() {
                running += i64::from(rec.pts);
                if r >= usize::from(cut) {
                    sum += running;
                }
            }
            Exact::ratio(sum, 10)
        })
        .collect()
}

/// STD (art. 7.7, 2026): per round 1 for scoring more than the scheduled
/// opponent (unpaired: more than a draw's points), ½ for scoring the same,
/// 0 otherwise. Forfeits are compared with the scheduled opponent as written.
pub(crate) fn standard_points(prep: &Prepared) -> Vec<Exact> {
    (0..prep.n)
        .map(|i| {
            let halves: i64 = prep
                .row(i)
                .iter()
                .enumerate()
                .map(|(r, rec)| {
                    let other =
                        if rec.opp == NO_OPP { prep.draw } else { prep.recs[rec.opp as usize * prep.rounds + r].pts };
                    match rec.pts.cmp(&other) {
                        std::cmp::Ordering::Greater => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Less => 0,
                    }
                })
                .sum();
            Exact::ratio(halves, 2)
        })
        .collect()
}
