//! Tie-breaks on the opponents' results: Buchholz (C.07 art. 8.1), Fore
//! Buchholz (8.3), Average of Opponents' Buchholz (8.2), Sonneborn-Berger
//! (9.1) and Koya (9.2), with the modifiers of art. 14 and the unplayed-round
//! rules of art. 15–16.

use super::prepare::{Kind, Prepared, NO_OPP};
use crate::standings::config::Modifier;
use crate::standings::value::Exact;
use crate::standings::version::RulesVersion;

/// One value of a Buchholz or Sonneborn-Berger sum: a round against an
/// opponent (or a dummy).
#[derive(Clone, Copy, Debug)]
struct Elem {
    /// The opponent's (adjusted) score, or the dummy's, tenths.
    score: i32,
    /// The points scored against them, tenths.
    pts: i32,
    /// A voluntary unplayed round (art. 16.1.2), Swiss only.
    vur: bool,
}

impl Elem {
    /// The Sonneborn-Berger contribution, hundredths.
    fn product(self) -> i64 {
        i64::from(self.score) * i64::from(self.pts)
    }
}

/// Player `i`'s elements.
///
/// Swiss (art. 16): games count the opponent's adjusted score (16.3); every
/// unplayed round counts as a game against a dummy ([`Prepared::dummy`],
/// 16.4) with the points awarded; under the pre-2023 rules, against the
/// virtual opponent ([`Prepared::virtual_opponent`]), no round being a VUR.
/// Predetermined pairings (art. 15.2): a forfeit counts as a game against
/// the scheduled opponent, and a round without an opponent (the free round
/// of an odd round robin) is not an element at all.
fn elements(prep: &Prepared, i: usize, out: &mut Vec<Elem>) {
    out.clear();
    let virtual_opponent = prep.version == RulesVersion::FidePre2023;
    for (round, rec) in prep.row(i).iter().enumerate() {
        let e = match rec.kind {
            Kind::Game { .. } => Elem { score: prep.adjusted[rec.opp as usize], pts: rec.pts, vur: false },
            _ if !prep.swiss => {
                if rec.opp == NO_OPP {
                    continue;
                }
                Elem { score: prep.adjusted[rec.opp as usize], pts: rec.pts, vur: false }
            }
            _ if virtual_opponent => Elem { score: prep.virtual_opponent(i, round), pts: rec.pts, vur: false },
            kind => Elem { score: prep.dummy(i, rec), pts: rec.pts, vur: kind.is_vur() },
        };
        out.push(e);
    }
}

/// Which notion of "least significant value" a cut uses (art. 14.1.2).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Notion {
    /// Buchholz: the lowest opponent's score.
    Buchholz,
    /// Sonneborn-Berger: the contribution of the opponent with the lowest
    /// score, the lowest such contribution if several (14.1.2 d).
    SonnebornBerger,
}

/// Applies `modifier` to `elems` (art. 14 with the Cut-1 exception of 16.5).
///
/// Low cuts first, one at a time (16.5.2: "Rule 16.5.1 applies again to the
/// remaining elements"). For each: when VURs remain, the lowest contribution
/// coming from one is cut, "as long as such contribution is not lower than
/// the least significant value" (16.5.1): for Buchholz always, for
/// Sonneborn-Berger the higher of the two (16.5.2), the VUR on equality.
/// Then the high cuts of a Median, without exception: the most significant
/// value, read for Sonneborn-Berger symmetrically to 14.1.2 d (the
/// contribution of the highest-scoring opponent, the highest if several).
fn cut(elems: &mut Vec<Elem>, modifier: Modifier, notion: Notion) {
    let key = |e: &Elem| match notion {
        Notion::Buchholz => (e.score, 0),
        Notion::SonnebornBerger => (e.score, e.product()),
    };
    for _ in 0..modifier.low() {
        let Some(least) = (0..elems.len()).min_by_key(|&k| key(&elems[k])) else {
            return;
        };
        let lowest_vur = (0..elems.len()).filter(|&k| elems[k].vur).min_by_key(|&k| match notion {
            Notion::Buchholz => i64::from(elems[k].score),
            Notion::SonnebornBerger => elems[k].product(),
        });
        let victim = match (lowest_vur, notion) {
            (Some(v), Notion::Buchholz) => v,
            (Some(v), Notion::SonnebornBerger) if elems[v].product() >= elems[least].product() => v,
            _ => least,
        };
        elems.swap_remove(victim);
    }
    for _ in 0..modifier.high() {
        let Some(most) = (0..elems.len()).max_by_key(|&k| key(&elems[k])) else {
            return;
        };
        elems.swap_remove(most);
    }
}

/// Buchholz with `modifier` for every player (art. 8.1), tenths of a point.
pub(crate) fn buchholz(prep: &Prepared, modifier: Modifier) -> Vec<Exact> {
    let mut buf = Vec::with_capacity(prep.rounds);
    (0..prep.n)
        .map(|i| {
            elements(prep, i, &mut buf);
            cut(&mut buf, modifier, Notion::Buchholz);
            Exact::ratio(buf.iter().map(|e| i64::from(e.score)).sum(), 10)
        })
        .collect()
}

/// Sonneborn-Berger with `modifier` for every player (art. 9.1): the sum of
/// each opponent's score times the points scored against them.
pub(crate) fn sonneborn_berger(prep: &Prepared, modifier: Modifier) -> Vec<Exact> {
    let mut buf = Vec::with_capacity(prep.rounds);
    (0..prep.n)
        .map(|i| {
            elements(prep, i, &mut buf);
            cut(&mut buf, modifier, Notion::SonnebornBerger);
            Exact::ratio(buf.iter().map(|e| e.product()).sum(), 100)
        })
        .collect()
}

/// Average of Opponents' Buchholz (art. 8.2): the mean of `bh` (the plain
/// Buchholz, or the Fore Buchholz) over the opponents played over the board
/// in `played` (the event as played). `None` without a game.
pub(crate) fn average_of_opponents(played: &Prepared, bh: &[Exact]) -> Vec<Option<Exact>> {
    (0..played.n)
        .map(|i| {
            let (sum, count) = played
                .row(i)
                .iter()
                .filter(|rec| matches!(rec.kind, Kind::Game { .. }))
                .fold((Exact::ZERO, 0_i64), |(sum, count), rec| (sum + bh[rec.opp as usize], count + 1));
            (count > 0).then(|| Exact::ratio(sum.num(), sum.den() * count))
        })
        .collect()
}

/// Koya System (art. 9.2): the points scored against the participants who
/// scored at least 50% of their maximum possible score, the threshold moved
/// by `limit` half points (art. 14.5).
///
/// A participant's maximum is a win's points for every round they could be
/// paired in: every round in a Swiss event (a pairing-allocated bye scores),
/// every round but the free rounds of an odd round robin. Points count in
/// every round with a scheduled opponent, forfeits included ("achieved
/// against" them).
pub(crate) fn koya(prep: &Prepared, limit: i8) -> Vec<Exact> {
    let qualifies: Vec<bool> = (0..prep.n)
        .map(|j| {
            let free = if prep.swiss { 0 } else { prep.row(j).iter().filter(|r| r.opp == NO_OPP).count() };
            let max = i64::from(prep.win) * i64::try_from(prep.rounds - free).unwrap_or(0);
            2 * i64::from(prep.score[j]) >= max + i64::from(limit) * 10
        })
        .collect();
    (0..prep.n)
        .map(|i| {
            let sum: i64 = prep
                .row(i)
                .iter()
                .filter(|r| r.opp != NO_OPP && qualifies[r.opp as usize])
                .map(|r| i64::from(r.pts))
                .sum();
            Exact::ratio(sum, 10)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(score: i32, pts: i32, vur: bool) -> Elem {
        Elem { score, pts, vur }
    }

    fn total(v: &[Elem], notion: Notion) -> i64 {
        v.iter().map(|x| if notion == Notion::Buchholz { i64::from(x.score) } else { x.product() }).sum()
    }

    #[test]
    fn buchholz_cuts_a_vur_before_a_weaker_opponent() {
        // rules.md §1.6 player C: opponents 0.5 and 3.5, 1.0; own half-point
        // bye against a 3.0 dummy; BH-C1 cuts the bye.
        let mut v = vec![e(5, 10, false), e(30, 5, true), e(35, 5, false), e(10, 10, false)];
        cut(&mut v, Modifier::Cut1, Notion::Buchholz);
        assert_eq!(total(&v, Notion::Buchholz), 50);
    }

    #[test]
    fn sonneborn_berger_cuts_the_higher_of_the_vur_and_the_least_significant_value() {
        // The TieBreakServer 2026 case "two_requested_absences": contributions
        // r1 0.5×1, r2 dummy 2.0×½ (VUR), r3 dummy 2.5×0 (VUR), r4 1.5×1.
        let base = vec![e(5, 10, false), e(20, 5, true), e(25, 0, true), e(15, 10, false)];
        let mut v = base.clone();
        cut(&mut v, Modifier::Cut1, Notion::SonnebornBerger);
        assert_eq!(total(&v, Notion::SonnebornBerger), 250);
        let mut v = base;
        cut(&mut v, Modifier::Cut2, Notion::SonnebornBerger);
        assert_eq!(total(&v, Notion::SonnebornBerger), 100);
    }

    #[test]
    fn a_median_cuts_least_then_most_and_stops_when_nothing_is_left() {
        let mut v = vec![e(10, 10, false), e(30, 10, false), e(20, 10, false)];
        cut(&mut v, Modifier::Median1, Notion::Buchholz);
        assert_eq!(total(&v, Notion::Buchholz), 20);
        let mut v = vec![e(10, 10, false)];
        cut(&mut v, Modifier::Median2, Notion::Buchholz);
        assert!(v.is_empty());
    }
}
