//! The Baku Acceleration Method, FIDE C.04.7 (2026) art. 1.

use crate::model::{PlayerNo, PointSystem, Points};
use std::collections::HashMap;

/// Virtual points of the Baku method by player and round (round 1 first), for
/// the players `ids` in TPN order, in a tournament of `total_rounds` rounds,
/// with no late entries: [`baku_virtual_points_with_late_entries`] with none.
#[must_use]
pub fn baku_virtual_points(
    ids: &[PlayerNo],
    total_rounds: u32,
    points: &PointSystem,
) -> HashMap<PlayerNo, Vec<Points>> {
    baku_virtual_points_with_late_entries(ids, |_| false, total_rounds, points)
}

/// Virtual points of the Baku method by player and round (round 1 first), for
/// the players `ids` in TPN order (late entries placed by the initial order,
/// C.04.2), `late` telling the players who entered after round 1, in a
/// tournament of `total_rounds` rounds.
///
/// - Group A is fixed before round 1: "The first group (GA) shall contain
///   the first half of the players, rounded up to the nearest even number"
///   (2·⌈N/4⌉ over the players who were there, art. 1.2). With late
///   entries, "The last GA-player shall be the same as in the previous
///   round" (art. 1.3): GA is every player up to that same player in the
///   present order, so a late entry ranked above them joins GA and nobody
///   is pushed out of it ("After the first round, GA may contain an odd
///   number of players"); a late entry ranked below them is in GB.
/// - The accelerated rounds are the first ⌈R/2⌉ (art. 1.4); in the first
///   ⌈accelerated/2⌉ of them group A gets the points of a win, in the others
///   half of that.
///
/// The method presumes that a win is worth two draws and a loss nothing
/// (art. 1.1); the points are computed from `points.win` regardless.
#[must_use]
pub fn baku_virtual_points_with_late_entries(
    ids: &[PlayerNo],
    late: impl Fn(PlayerNo) -> bool,
    total_rounds: u32,
    points: &PointSystem,
) -> HashMap<PlayerNo, Vec<Points>> {
    let first: Vec<usize> = (0..ids.len()).filter(|&i| !late(ids[i])).collect();
    let size = 2 * first.len().div_ceil(4);
    // The last GA player's place in the present list; GA is everyone up to it.
    let group_a = match size.checked_sub(1).and_then(|k| first.get(k)) {
        Some(&last) => last + 1,
        None => 0,
    };
    let accelerated = total_rounds.div_ceil(2) as usize;
    let full = accelerated.div_ceil(2);
    let half = Points::from_tenths(points.win.tenths() / 2);
    let rounds: Vec<Points> = (0..accelerated).map(|r| if r < full { points.win } else { half }).collect();
    ids.iter().take(group_a).map(|&id| (id, rounds.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_rounds_give_three_full_and_two_half_rounds() {
        let ids: Vec<PlayerNo> = (1..=161).map(PlayerNo).collect();
        let v = baku_virtual_points(&ids, 9, &PointSystem::default());
        assert_eq!(v.len(), 82, "GA for N = 161 is 82 (art. 1.2 example)");
        let p1 = v.get(&PlayerNo(1)).cloned().unwrap_or_default();
        assert_eq!(p1, vec![Points::ONE, Points::ONE, Points::ONE, Points::HALF, Points::HALF]);
        assert!(!v.contains_key(&PlayerNo(83)));
    }

    /// Art. 1.3 worked for 20 players and a late entry: before round 1 GA
    /// is 2·⌈20/4⌉ = 10 players, the last GA player the 10th. A late entry
    /// ranked first makes the list 21 long; 2·⌈21/4⌉ = 12 would be the
    /// pairing numbers 1–12, but "The last GA-player shall be the same": GA
    /// is the present numbers 1–11 (the late entry and the first 10), odd
    /// as Note 2 allows. A late entry ranked 15th (below the last GA
    /// player) stays in GB: GA is still the first 10.
    #[test]
    fn a_late_entry_above_the_last_ga_player_joins_ga_without_pushing_it_down() {
        let ids: Vec<PlayerNo> = (1..=21).map(PlayerNo).collect();
        let v = baku_virtual_points_with_late_entries(&ids, |p| p == PlayerNo(1), 5, &PointSystem::default());
        let mut ga: Vec<u32> = v.keys().map(|p| p.0).collect();
        ga.sort_unstable();
        assert_eq!(ga, (1..=11).collect::<Vec<_>>());
        let v = baku_virtual_points_with_late_entries(&ids, |p| p == PlayerNo(15), 5, &PointSystem::default());
        let mut ga: Vec<u32> = v.keys().map(|p| p.0).collect();
        ga.sort_unstable();
        assert_eq!(ga, (1..=10).collect::<Vec<_>>());
        // Without late entries, 21 players make GA 1–12 (round 1 of such a field).
        assert_eq!(baku_virtual_points(&ids, 5, &PointSystem::default()).len(), 12);
    }
}
