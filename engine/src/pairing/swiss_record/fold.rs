//! The seed's procedure, step by step (`wh40k-tournament-manager.md`, "Swiss
//! Pairing Algorithm"):
//!
//! > 3. Within each group: pair 1st vs (n/2+1)th, 2nd vs (n/2+2)th, etc.
//! >    If odd count in group, drop bottom player to next group
//! >
//! > 4. Rematch check: if a proposed pair has already played, swap with
//! >    the adjacent pair in the group (recurse if needed)
//!
//! The bottom player dropped from a group joins the next group at its top.
//! A swap with an adjacent pair exchanges the two pairs' lower players: pairs
//! `(a, b)` and `(c, d)` become `(a, d)` and `(c, b)`. Going down the
//! group's pairs, a rematch is swapped with the pair below when that makes it
//! new (the pair below is then checked in its turn: the recursion); the last
//! pair, or one the pair below cannot help, is swapped with the pair above
//! when that makes it new, and when that leaves the pair above a rematch,
//! that pair swaps with the one above it in turn (the same recursion,
//! upward), as far as the group's first pair. So the odd group's bottom
//! player is always the one dropped, and a rematch on the group's last
//! board is undone by swaps inside the group. A rematch no swap removes is
//! left in place: the procedure could not avoid it, and the caller falls
//! back to a search.

use super::graph::Met;

/// The pairs of `groups` (each in rank order, by index) by the seed's fold
/// and swap, and how many of them are rematches.
pub(super) fn pair_groups(groups: &[Vec<usize>], met: &Met) -> (Vec<(usize, usize)>, usize) {
    let mut pairs = Vec::new();
    let mut dropped: Option<usize> = None;
    for group in groups {
        let mut bracket: Vec<usize> = dropped.take().into_iter().collect();
        bracket.extend_from_slice(group);
        if bracket.len() % 2 == 1 {
            dropped = bracket.pop();
        }
        pairs.extend(fold(&bracket, met));
    }
    // A player left over after the last group cannot happen: the field is
    // even once the bye is out. Should it happen, it stays unpaired.
    let rematches = pairs.iter().filter(|&&(a, b)| met.have_met(a, b)).count();
    (pairs, rematches)
}

/// Folds an even bracket and removes rematches by adjacent swaps.
fn fold(bracket: &[usize], met: &Met) -> Vec<(usize, usize)> {
    let half = bracket.len() / 2;
    let mut pairs: Vec<(usize, usize)> = (0..half).map(|i| (bracket[i], bracket[half + i])).collect();
    let fresh = |(a, b): (usize, usize)| !met.have_met(a, b);
    for k in 0..pairs.len() {
        if fresh(pairs[k]) {
            continue;
        }
        if k + 1 < pairs.len() && fresh((pairs[k].0, pairs[k + 1].1)) {
            swap(&mut pairs, k, k + 1);
        } else if let Some(swapped) = swap_up(&pairs, k, &fresh) {
            pairs = swapped;
        }
    }
    pairs
}

/// The recursion upward: pair `k` (a rematch) swaps with the pair above
/// when that makes it new; if the pair above is left a rematch, it swaps
/// with the pair above it in turn, and so on up the group. `None` (nothing
/// changed) when the top is reached with a rematch still left.
fn swap_up(pairs: &[(usize, usize)], k: usize, fresh: &impl Fn((usize, usize)) -> bool) -> Option<Vec<(usize, usize)>> {
    let mut trial = pairs.to_vec();
    let mut j = k;
    while j > 0 {
        if !fresh((trial[j].0, trial[j - 1].1)) {
            return None;
        }
        swap(&mut trial, j - 1, j);
        if fresh(trial[j - 1]) {
            return Some(trial);
        }
        j -= 1;
    }
    None
}

/// Exchanges the lower players of pairs `i` and `j`.
fn swap(pairs: &mut [(usize, usize)], i: usize, j: usize) {
    let b = pairs[i].1;
    pairs[i].1 = pairs[j].1;
    pairs[j].1 = b;
}
