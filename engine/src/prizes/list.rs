//! The prize list as published: one source for "who won what, and how much
//! is paid". Every active prize of an active category appears in exactly one
//! entry; an entry's money is one [`Award`] of the cash split, so the amounts
//! an entry shows beside a player are exactly what that award pays them, and
//! a player's payout is the sum over the entries that name them. Trophies and
//! medals follow the allocation; money nobody receives is listed with why.

use super::split::{Award, AwardKind, AwardShare, CashSplit, UnawardedReason};
use super::{Allocation, Category, CategoryId, Cents, Prize, PrizeEvent, PrizeId, TieBreak, UnfilledReason};
use crate::model::{PlayerNo, Points};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// What an entry of the prize list is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum EntryKind {
    /// Cash paid by one step of the split (one prize by tie-break order or
    /// override, or several shared by tied players).
    Paid(AwardKind),
    /// A prize without cash (trophy, medal, title) given by the allocation.
    Items,
    /// Cash on the prize list that nobody receives.
    Unawarded(UnawardedReason),
    /// A prize without cash that found no winner.
    Unfilled(UnfilledReason),
}

/// One prize of an entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListPrize {
    /// The prize.
    pub prize_id: PrizeId,
    /// Its category.
    pub category_id: CategoryId,
    /// Who takes its trophy or medal: the allocation's winner; `None` when
    /// the prize carries neither, or found no winner.
    pub items_to: Option<PlayerNo>,
    /// How the allocation's winner was separated from the next candidate.
    pub tie_break: Option<TieBreak>,
    /// Given by a manual override.
    pub manual: bool,
}

/// One entry of the published prize list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListEntry {
    /// What it is.
    #[serde(flatten)]
    pub kind: EntryKind,
    /// The score of the tied players who share it (awards only).
    pub score: Option<Points>,
    /// The category whose money it is, when that is not told by its prizes:
    /// class money handed down (place-first), paid or unawarded.
    pub category_id: Option<CategoryId>,
    /// Its prizes, in brochure order; empty for class money handed down.
    pub prizes: Vec<ListPrize>,
    /// Money handed down into it (place-first).
    pub carried_in: Cents,
    /// Its money: the prizes' cash plus `carried_in` (for an unawarded
    /// entry, the amount nobody receives).
    pub total: Cents,
    /// What its players did not need, handed down (place-first).
    pub carried_out: Cents,
    /// Who receives what from it, in tie-break order: `paid` is what this
    /// entry pays the player; `share` their equal share before what they
    /// already had (place-first) is taken off.
    pub shares: Vec<AwardShare>,
}

/// The prize list of a run: `event` and the `allocation` and `cash` split
/// computed from it. Entries are in brochure order of their first prize
/// (category brochure order, then place); class money handed down comes
/// after its category's prizes.
#[must_use]
pub fn prize_list(event: &PrizeEvent, allocation: &Allocation, cash: &CashSplit) -> Vec<ListEntry> {
    let mut order: Vec<&Category> = event.categories.iter().filter(|c| c.active).collect();
    order.sort_by(|a, b| (a.brochure_order, &a.id).cmp(&(b.brochure_order, &b.id)));
    let mut place: HashMap<&PrizeId, (usize, u32, &Prize, &Category)> = HashMap::new();
    for (c, cat) in order.iter().enumerate() {
        for prize in cat.prizes.iter().filter(|p| p.active) {
            place.insert(&prize.id, (c, prize.place, prize, cat));
        }
    }
    let category_at: HashMap<&CategoryId, usize> = order.iter().enumerate().map(|(i, c)| (&c.id, i)).collect();
    let winner: HashMap<&PrizeId, _> = allocation.winners.iter().map(|w| (&w.prize_id, w)).collect();
    let list_prize = |id: &PrizeId| {
        let (_, _, prize, cat) = place[id];
        let w = winner.get(id);
        ListPrize {
            prize_id: id.clone(),
            category_id: cat.id.clone(),
            items_to: w.filter(|_| prize.trophy || prize.medal).map(|w| w.player_id),
            tie_break: w.map(|w| w.tie_break),
            manual: w.is_some_and(|w| w.manual),
        }
    };
    let prizes_of = |ids: &[PrizeId]| {
        let mut ids: Vec<&PrizeId> = ids.iter().filter(|id| place.contains_key(id)).collect();
        ids.sort_by_key(|id| (place[id].0, place[id].1, *id));
        ids.into_iter().map(&list_prize).collect::<Vec<_>>()
    };

    // (category position, place, sequence) → entry.
    let mut keyed: Vec<((usize, u32, usize), ListEntry)> = Vec::new();
    let key_of = |prizes: &[ListPrize], category: Option<&CategoryId>, seq: usize| match prizes.first() {
        Some(p) => (place[&p.prize_id].0, place[&p.prize_id].1, seq),
        None => (category.and_then(|c| category_at.get(c).copied()).unwrap_or(usize::MAX), u32::MAX, seq),
    };
    let mut covered: HashSet<&PrizeId> = HashSet::new();
    for (seq, a) in cash.awards.iter().enumerate() {
        covered.extend(a.prize_ids.iter());
        let entry = award_entry(a, prizes_of(&a.prize_ids));
        keyed.push((key_of(&entry.prizes, entry.category_id.as_ref(), seq), entry));
    }
    let base = cash.awards.len();
    for (k, u) in cash.unawarded.iter().enumerate() {
        let prizes = u.prize_id.as_ref().map(|id| prizes_of(std::slice::from_ref(id))).unwrap_or_default();
        covered.extend(u.prize_id.iter());
        let entry = ListEntry {
            kind: EntryKind::Unawarded(u.reason),
            score: None,
            category_id: u.prize_id.is_none().then(|| u.category_id.clone()),
            carried_in: if u.prize_id.is_none() { u.amount } else { Cents::ZERO },
            total: u.amount,
            carried_out: Cents::ZERO,
            shares: Vec::new(),
            prizes,
        };
        keyed.push((key_of(&entry.prizes, entry.category_id.as_ref(), base + k), entry));
    }
    // Prizes the cash split did not cover: those without cash.
    let base = base + cash.unawarded.len();
    let mut rest: Vec<&PrizeId> = place.keys().copied().filter(|id| !covered.contains(id)).collect();
    rest.sort_by_key(|id| (place[id].0, place[id].1, *id));
    for (k, id) in rest.into_iter().enumerate() {
        let prizes = vec![list_prize(id)];
        let entry = match winner.get(id) {
            Some(w) => ListEntry {
                kind: EntryKind::Items,
                shares: vec![AwardShare {
                    player_id: w.player_id,
                    prize_id: Some(id.clone()),
                    share: Cents::ZERO,
                    paid: Cents::ZERO,
                }],
                ..empty(prizes)
            },
            None => {
                let reason =
                    allocation.unfilled.iter().find(|u| u.prize_id == *id).map_or(UnfilledReason::AllWon, |u| u.reason);
                ListEntry { kind: EntryKind::Unfilled(reason), ..empty(prizes) }
            }
        };
        keyed.push((key_of(&entry.prizes, None, base + k), entry));
    }
    keyed.sort_by_key(|(k, _)| *k);
    keyed.into_iter().map(|(_, e)| e).collect()
}

/// An entry of `prizes` with no money and nobody.
fn empty(prizes: Vec<ListPrize>) -> ListEntry {
    ListEntry {
        kind: EntryKind::Items,
        score: None,
        category_id: None,
        prizes,
        carried_in: Cents::ZERO,
        total: Cents::ZERO,
        carried_out: Cents::ZERO,
        shares: Vec::new(),
    }
}

fn award_entry(a: &Award, prizes: Vec<ListPrize>) -> ListEntry {
    let tied = a.shares.len() > 1 || matches!(a.kind, AwardKind::Category { .. });
    let category_id = match &a.kind {
        AwardKind::Category { category_id } if prizes.is_empty() => Some(category_id.clone()),
        _ => None,
    };
    ListEntry {
        kind: EntryKind::Paid(a.kind.clone()),
        score: tied.then_some(a.score),
        category_id,
        prizes,
        carried_in: a.carried_in,
        total: a.total,
        carried_out: a.carried_out,
        shares: a.shares.clone(),
    }
}

/// What each player is paid according to `list`: the sum of `paid` over the
/// entries naming them, in order of first appearance. Equal to
/// [`CashSplit::payouts`] for the list of that split.
#[must_use]
pub fn paid_by_list(list: &[ListEntry]) -> Vec<(PlayerNo, Cents)> {
    let mut out: Vec<(PlayerNo, Cents)> = Vec::new();
    for s in list.iter().flat_map(|e| &e.shares) {
        match out.iter_mut().find(|(p, _)| *p == s.player_id) {
            Some((_, c)) => *c += s.paid,
            None => out.push((s.player_id, s.paid)),
        }
    }
    out
}
