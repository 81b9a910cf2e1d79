//! The organiser's hand on open ties: confirm the engine's order (=), swap
//! a player with the one below (↓), or, for a tie every criterion leaves
//! open, draw lots (FIDE C.07 art. 4.2: "When the tie-break list is
//! exhausted, any remaining tie should be broken by drawing of lots"), for a
//! group left unresolved or ordered only by a provisional criterion
//! (crokinole total 20s).
//!
//! A choice is stored as a [`Resolution`] naming the group exactly as the
//! engine computed it. [`apply_resolutions`] applies it to fresh standings
//! only while the same players are still open-tied, in the same order, at the
//! same places; when results have changed the tie it is dropped and returned
//! with the reason, so the organiser can be told to decide again.

use super::table::{OpenTie, Standings, TieStatus};
use crate::model::PlayerNo;
use serde::{Deserialize, Serialize};

/// The organiser's order for one open tie. `M` is opaque metadata the server
/// fills (who decided, when); the engine never reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution<M> {
    /// The tie's members in the order the engine placed them.
    pub members: Vec<PlayerNo>,
    /// The position of the tie's first member.
    pub first_position: u32,
    /// The chosen order: a permutation of `members`, first place first.
    pub order: Vec<PlayerNo>,
    /// The drawing of lots that gave `order`, if it was drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lot: Option<Lot>,
    /// Who and when, filled by the server.
    pub meta: M,
}

/// A drawing of lots as recorded: anyone can redo it from the tie's members
/// and the seed ([`Lot::order`]) and get the same order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Lot {
    /// The draw's seed, chosen at random when the organiser draws.
    pub seed: u64,
}

impl Lot {
    /// The order this draw gives `members` (the tie as the engine placed
    /// it): a Fisher–Yates shuffle from the last place up, the `k`-th
    /// number of SplitMix64 started at `seed` choosing, modulo the places
    /// left, which member takes the place.
    #[must_use]
    pub fn order(self, members: &[PlayerNo]) -> Vec<PlayerNo> {
        let mut state = self.seed;
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut order = members.to_vec();
        for i in (1..order.len()).rev() {
            let j = usize::try_from(next() % (i as u64 + 1)).unwrap_or(0);
            order.swap(i, j);
        }
        order
    }
}

impl<M> Resolution<M> {
    /// Confirms the engine's order of `tie` (the = button).
    #[must_use]
    pub fn confirm(tie: &OpenTie, meta: M) -> Resolution<M> {
        Resolution {
            members: tie.members.clone(),
            first_position: tie.first_position,
            order: tie.members.clone(),
            lot: None,
            meta,
        }
    }

    /// Orders `tie` by drawing lots with `seed` (C.07 art. 4.2): the order
    /// is [`Lot::order`] of the members, and the draw is recorded with it.
    #[must_use]
    pub fn draw_lots(tie: &OpenTie, seed: u64, meta: M) -> Resolution<M> {
        let lot = Lot { seed };
        Resolution {
            members: tie.members.clone(),
            first_position: tie.first_position,
            order: lot.order(&tie.members),
            lot: Some(lot),
            meta,
        }
    }

    /// Swaps `player` with the player below them in the chosen order (the ↓
    /// button); unchanged when `player` is last or not in the tie. An order
    /// changed by hand is no longer the draw's.
    #[must_use]
    pub fn swap_below(mut self, player: PlayerNo) -> Resolution<M> {
        if let Some(i) = self.order.iter().position(|&p| p == player) {
            if i + 1 < self.order.len() {
                self.order.swap(i, i + 1);
                self.lot = None;
            }
        }
        self
    }
}

/// A stored resolution that no longer applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DroppedResolution<M> {
    /// The resolution as stored.
    pub resolution: Resolution<M>,
    /// Why it was dropped.
    pub reason: DropReason,
}

/// Why a resolution was dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DropReason {
    /// These players are no longer an open tie (results changed it).
    NotTied,
    /// They are still an open tie, but at other places.
    Moved,
    /// Same players and places, but the engine now orders them differently
    /// (the provisional criterion changed).
    Reordered,
    /// `order` is not a permutation of `members`.
    NotAPermutation,
    /// An earlier resolution in the list already settled this tie.
    Duplicate,
}

/// Applies `resolutions` to `standings`: each matching open tie is reordered
/// as chosen, its rows get distinct ranks and [`TieStatus::Manual`], and it
/// leaves [`Standings::open_ties`]. Resolutions that do not match are
/// returned with the reason.
#[must_use]
pub fn apply_resolutions<M: Clone>(
    mut standings: Standings,
    resolutions: &[Resolution<M>],
) -> (Standings, Vec<DroppedResolution<M>>) {
    let mut dropped = Vec::new();
    let mut settled: Vec<u32> = Vec::new();
    for res in resolutions {
        let drop = |reason| DroppedResolution { resolution: res.clone(), reason };
        let mut sorted_order = res.order.clone();
        let mut sorted_members = res.members.clone();
        sorted_order.sort_unstable();
        sorted_members.sort_unstable();
        if sorted_order != sorted_members || sorted_order.windows(2).any(|w| w[0] == w[1]) {
            dropped.push(drop(DropReason::NotAPermutation));
            continue;
        }
        if settled.contains(&res.first_position) {
            dropped.push(drop(DropReason::Duplicate));
            continue;
        }
        let same_set = |t: &OpenTie| {
            let mut m = t.members.clone();
            m.sort_unstable();
            m == sorted_members
        };
        let Some(at) = standings.open_ties.iter().position(|t| t.first_position == res.first_position && same_set(t))
        else {
            let moved = standings.open_ties.iter().any(same_set);
            dropped.push(drop(if moved { DropReason::Moved } else { DropReason::NotTied }));
            continue;
        };
        if standings.open_ties[at].members != res.members {
            dropped.push(drop(DropReason::Reordered));
            continue;
        }
        let tie = standings.open_ties.remove(at);
        reorder(&mut standings, &tie, &res.order);
        settled.push(tie.first_position);
    }
    (standings, dropped)
}

/// Puts the rows of `tie` in `order`, keeping the positions they occupy.
fn reorder(standings: &mut Standings, tie: &OpenTie, order: &[PlayerNo]) {
    let len = standings.rows.len();
    let start = (tie.first_position.saturating_sub(1) as usize).min(len);
    let end = (start + tie.members.len()).min(len);
    let slice = &mut standings.rows[start..end];
    slice.sort_by_key(|row| order.iter().position(|&p| p == row.player));
    for (k, row) in slice.iter_mut().enumerate() {
        row.position = tie.first_position + u32::try_from(k).unwrap_or(u32::MAX);
        row.rank = row.position;
        if let Some(t) = &mut row.tie {
            t.status = TieStatus::Manual;
        }
    }
}
