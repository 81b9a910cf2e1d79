//! Ratings-based tie-breaks (C.07 art. 10). Only games played over the board
//! count (art. 10.1 "opponents played over the board"; art. 15.2 keeps every
//! forfeit unplayed here, even in round robins). Averages are rounded to the
//! nearest whole number, 0.5 rounded up.

use super::prepare::{Kind, Prepared};
use crate::model::Outcome;
use crate::standings::config::Modifier;
use crate::standings::value::Exact;

/// The FIDE conversion from a fractional score to a rating difference
/// (FIDE Rating Regulations, table 8.1a), by percentage 0–100: `DP[p]` for
/// a score of `p`%. Typed from the Handbook table as reproduced in the FIDE
/// TEC's TieBreakServer (`fidetables.py`, `ScoreToDp`).
const DP: [i16; 101] = [
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309, -296, -284, -273, -262,
    -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158, -149, -141, -133, -125, -117, -110, -102, -95,
    -87, -80, -72, -65, -57, -50, -43, -36, -29, -21, -14, -7, 0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95,
    102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
    322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// The rounded mean of `sum / count`.
fn rounded_mean(sum: i64, count: usize) -> Option<i64> {
    let count = i64::try_from(count).ok().filter(|&c| c > 0)?;
    Some(Exact::ratio(sum, count).round_half_up())
}

/// ARO (art. 10.1) with `modifier`: the rounded mean rating of the opponents
/// played over the board, after cutting the lowest (and, for medians, the
/// highest) ratings. `None` when no game is left.
pub(crate) fn average_rating_of_opponents(prep: &Prepared, ratings: &[u16], modifier: Modifier) -> Vec<Option<i64>> {
    let mut buf: Vec<u16> = Vec::with_capacity(prep.rounds);
    (0..prep.n)
        .map(|i| {
            buf.clear();
            buf.extend(
                prep.row(i).iter().filter(|r| matches!(r.kind, Kind::Game { .. })).map(|r| ratings[r.opp as usize]),
            );
            buf.sort_unstable();
            let low = modifier.low().min(buf.len());
            let high = modifier.high().min(buf.len() - low);
            let kept = &buf[low..buf.len() - high];
            rounded_mean(kept.iter().map(|&r| i64::from(r)).sum(), kept.len())
        })
        .collect()
}

/// TPR (art. 10.2): ARO plus the rating difference for the fractional score
/// over the games played over the board, the percentage rounded half up
/// (rated as a win 1, a draw ½, whatever the event's points). `None`
/// without a game.
pub(crate) fn performance(prep: &Prepared, ratings: &[u16]) -> Vec<Option<i64>> {
    let aro = average_rating_of_opponents(prep, ratings, Modifier::None);
    (0..prep.n)
        .map(|i| {
            let (mut halves, mut games) = (0_i64, 0_i64);
            for r in prep.row(i) {
                if let Kind::Game { outcome, .. } = r.kind {
                    games += 1;
                    halves += match outcome {
                        Outcome::Win => 2,
                        Outcome::Draw => 1,
                        Outcome::Loss => 0,
                    };
                }
            }
            let aro = aro[i]?;
            let pct = Exact::ratio(100 * halves, 2 * games).round_half_up();
            let dp = DP.get(usize::try_from(pct).ok()?).copied()?;
            Some(aro + i64::from(dp))
        })
        .collect()
}

/// APRO (art. 10.4): the rounded mean of the opponents' TPR over the games
/// played over the board. `None` without a game.
pub(crate) fn average_performance_of_opponents(prep: &Prepared, ratings: &[u16]) -> Vec<Option<i64>> {
    let tpr = performance(prep, ratings);
    (0..prep.n)
        .map(|i| {
            let mut sum = 0_i64;
            let mut count = 0_usize;
            for r in prep.row(i) {
                if let Kind::Game { .. } = r.kind {
                    if let Some(t) = tpr[r.opp as usize] {
                        sum += t;
                        count += 1;
                    }
                }
            }
            rounded_mean(sum, count)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dp_table_is_symmetric_and_monotonic() {
        for p in 0..=100 {
            assert_eq!(DP[p], -DP[100 - p]);
        }
        assert!(DP.windows(2).all(|w| w[0] < w[1]));
        assert_eq!((DP[50], DP[63], DP[88], DP[100]), (0, 95, 336, 800));
    }
}
