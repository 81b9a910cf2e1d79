//! The place-first method (Bill Smythe, US Chess forum thread on rule 32B3;
//! see [`super::SplitMethod::PlaceFirst`]):
//!
//! - A. award the place prizes as if there were no class prizes;
//! - B. award each class's prizes to the players in the class; a player
//!   already paid keeps the larger amount, the class paying the increase
//!   only, and what the class did not pay goes to the next class players;
//! - C. settle more inclusive classes before less inclusive ones.
//!
//! Each category is a list of "slots", largest first: its prizes, and the
//! money its players handed down. The eligible players take them by score:
//! a tie group of k takes the k largest slots and shares them equally
//! (ties share the places they cover, US Chess 32B2). A member whose share
//! does not exceed what they already have is paid nothing from it; one whose
//! share exceeds it is paid the difference. What a member did not need
//! becomes one new slot (one player's share, so "one prize per player" holds
//! for whoever takes it). The most inclusive category, the open, has nobody
//! paid before it: it is step A.

use super::book::{Book, Ledger, Line};
use super::{shares_of, AwardKind};
use crate::prizes::Cents;
use std::cmp::Reverse;

/// One sum of a category's money waiting for players.
struct Slot {
    cash: Cents,
    /// The prize, or `None` for money handed down.
    prize: Option<usize>,
    /// Creation order: prizes (largest first), then hand-downs as they come.
    seq: usize,
}

/// Settles each category in turn, most inclusive first.
pub(super) fn split(book: &Book<'_>, ledger: &mut Ledger<'_, '_>) {
    for category in 0..book.categories.len() {
        let own = book.by_value(ledger.open().filter(|&p| book.prizes[p].category == category));
        let mut slots: Vec<Slot> = own
            .into_iter()
            .enumerate()
            .map(|(seq, p)| Slot { cash: book.prizes[p].cash, prize: Some(p), seq })
            .collect();
        let mut seq = slots.len();
        for group in &book.groups {
            let members: Vec<usize> = group.iter().copied().filter(|&m| book.eligible[category][m]).collect();
            if members.is_empty() {
                continue;
            }
            if slots.is_empty() {
                break;
            }
            slots.sort_by_key(|s| (Reverse(s.cash), s.seq));
            let rest = slots.split_off(members.len().min(slots.len()));
            let taken = std::mem::replace(&mut slots, rest);
            let prizes: Vec<usize> = taken.iter().filter_map(|s| s.prize).collect();
            let carried_in: Cents = taken.iter().filter(|s| s.prize.is_none()).map(|s| s.cash).sum();
            let total: Cents = taken.iter().map(|s| s.cash).sum();
            let mut lines = Vec::with_capacity(members.len());
            for (player, share) in shares_of(total, &members) {
                let paid = share.saturating_sub(ledger.paid(player));
                let unneeded = share.saturating_sub(paid);
                if unneeded > Cents::ZERO {
                    slots.push(Slot { cash: unneeded, prize: None, seq });
                    seq += 1;
                }
                lines.push(Line { player, prize: None, share, paid });
            }
            let kind = AwardKind::Category { category_id: book.categories[category].id.clone() };
            ledger.record(kind, &prizes, carried_in, lines);
        }
        for slot in slots.into_iter().filter(|s| s.prize.is_none()) {
            ledger.leftover(category, slot.cash);
        }
    }
}
