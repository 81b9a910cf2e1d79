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
pub(crate) const DP: [i16; 101] = [
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309, -296, -284, -273, -262,
    -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158, -149, -141, -133, -125, -117, -110, -102, -95,
    -87, -80, -72, -65, -57, -50, -43, -36, -29, -21, -14, -7, 0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95,
    102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
    322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// The FIDE conversion from a rating difference to an expected score (FIDE
/// Rating Regulations, table 8.1b): `(d, pd)` means a difference up to `d`
/// points gives the higher-rated player an expected score of `pd`
/// hundredths; above the last bound, 1.00. (The transcription in
/// TieBreakServer's `fidetables.py` has 0.99 at a difference of 610, where
/// the Handbook's band 560–619 reads 0.98.)
const PD: [(u16, u8); 50] = [
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
];

/// The expected score, in hundredths, of a player rated `diff` points above
/// the opponent (negative: below), by table 8.1b, with no 400-point limit.
fn expected(diff: i64) -> i64 {
    let d = diff.unsigned_abs();
    let high = PD.iter().find(|&&(bound, _)| d <= u64::from(bound)).map_or(100, |&(_, pd)| i64::from(pd));
    if diff >= 0 {
        high
    } else {
        100 - high
    }
}

/// The opponents' ratings and the score in half points over player `i`'s
/// games played over the board.
fn played(prep: &Prepared, i: usize, ratings: &[u16]) -> (Vec<i64>, i64) {
    let mut opponents = Vec::new();
    let mut halves = 0;
    for r in prep.row(i) {
        if let Kind::Game { outcome, .. } = r.kind {
            opponents.push(i64::from(ratings[r.opp as usize]));
            halves += match outcome {
                Outcome::Win => 2,
                Outcome::Draw => 1,
                Outcome::Loss => 0,
            };
        }
    }
    (opponents, halves)
}

/// PTP (art. 10.3): the lowest rating for which the sum of the expected
/// scores (table 8.1b) against the opponents played over the board is at
/// least the score made against them (a win 1, a draw ½); with no point
/// scored, the lowest-rated opponent's rating minus 800. `None` without a game.
pub(crate) fn perfect_performance(prep: &Prepared, ratings: &[u16]) -> Vec<Option<i64>> {
    (0..prep.n)
        .map(|i| {
            let (opponents, halves) = played(prep, i, ratings);
            let (lowest, highest) = (*opponents.iter().min()?, *opponents.iter().max()?);
            if halves == 0 {
                return Some(lowest - 800);
            }
            // Σ expected(R − r) is non-decreasing in R and reaches every
            // score at R = highest + 736: search [lowest − 800, highest + 736].
            let enough = |rating: i64| opponents.iter().map(|&r| expected(rating - r)).sum::<i64>() >= 50 * halves;
            let (mut low, mut high) = (lowest - 800, highest + 736);
            while low < high {
                let mid = low + (high - low) / 2;
                if enough(mid) {
                    high = mid;
                } else {
                    low = mid + 1;
                }
            }
            Some(low)
        })
        .collect()
}

/// APPO (art. 10.5): the rounded mean of the opponents' PTP over the games
/// played over the board. `None` without a game.
pub(crate) fn average_perfect_performance_of_opponents(prep: &Prepared, ratings: &[u16]) -> Vec<Option<i64>> {
    opponents_mean(prep, &perfect_performance(prep, ratings))
}

/// The rounded mean of `values` over each player's opponents played over the
/// board (those with a value). `None` when there is none.
fn opponents_mean(prep: &Prepared, values: &[Option<i64>]) -> Vec<Option<i64>> {
    (0..prep.n)
        .map(|i| {
            let mut sum = 0_i64;
            let mut count = 0_usize;
            for r in prep.row(i) {
                if let Kind::Game { .. } = r.kind {
                    if let Some(v) = values[r.opp as usize] {
                        sum += v;
                        count += 1;
                    }
                }
            }
            rounded_mean(sum, count)
        })
        .collect()
}

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
            let (opponents, halves) = played(prep, i, ratings);
            let games = i64::try_from(opponents.len()).ok()?;
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
    opponents_mean(prep, &performance(prep, ratings))
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

    #[test]
    fn the_pd_table_is_read_by_band() {
        // Table 8.1b: 0–3 → .50, 4–10 → .51, 560–619 → .98, 620–735 → .99, more → 1.00.
        let got: Vec<i64> =
            [0, 3, 4, 10, 11, 559, 560, 610, 619, 620, 735, 736, 2000].into_iter().map(expected).collect();
        assert_eq!(got, [50, 50, 51, 51, 52, 97, 98, 98, 98, 99, 99, 100, 100]);
        assert_eq!((expected(-4), expected(-736)), (49, 0));
        assert!(PD.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 + 1 == w[1].1));
    }
}
