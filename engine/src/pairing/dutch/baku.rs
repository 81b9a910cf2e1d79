//! The Baku Acceleration Method, FIDE C.04.7 (2026) art. 1.

use crate::model::{PlayerNo, PointSystem, Points};
use std::collections::HashMap;

/// Virtual points of the Baku method by player and round (round 1 first), for
/// the players `ids` in TPN order, in a tournament of `total_rounds` rounds.
///
/// - Group A is the first half of the list rounded up to an even number
///   (2·⌈N/4⌉, art. 1.2); group B gets no virtual points.
/// - The accelerated rounds are the first ⌈R/2⌉ (art. 1.4); in the first
///   ⌈accelerated/2⌉ of them group A gets the points of a win, in the others
///   half of that.
///
/// The method presumes that a win is worth two draws and a loss nothing
/// (art. 1.1); the points are computed from `points.win` regardless.
#[must_use]
pub fn baku_virtual_points(
    ids: &[PlayerNo],
    total_rounds: u32,
    points: &PointSystem,
) -> HashMap<PlayerNo, Vec<Points>> {
    let group_a = 2 * ids.len().div_ceil(4);
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
}
