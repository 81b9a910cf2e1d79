//! The place-first method (Bill Smythe, US Chess forum thread on rule 32B3;
//! see [`super::SplitMethod::PlaceFirst`]):
//!
//! - A. "First award the place prizes, without regard to the class or
//!   'under' prizes";
//! - B. "Next, award the class or 'under' prizes to the players in those
//!   classes. If some players already receiving a prize in step A would now
//!   have their prize increased, get the increase from the class prizes …
//!   Observe the limit-one-prize-per-player rule, awarding any leftover
//!   amount to other player(s) in the class";
//! - C. "award prizes in the more inclusive categories before those in the
//!   less inclusive categories".
//!
//! Each category in turn (most inclusive first, so the open is step A and
//! nobody has money before it): its eligible players are taken by score; a
//! tie group of k takes the k largest of the category's prizes still open
//! plus all the money handed down so far, and shares it equally (ties share
//! the places they cover, US Chess 32B2). A member is entitled to the larger
//! of what they already have and their share, and the category pays the
//! difference; the rest of the group's money (what members did not need) is
//! handed down to the category's next players, as the post hands the $804
//! to the five under-2400 players on 3.5.
//!
//! **One prize per player.** A member who already has at least their share
//! (their place prize is worth more than the class would give them) is not
//! a class winner: "If some players already receiving a prize in step A
//! would now have their prize increased, get the increase from the class
//! prizes" — their prize would not be increased, so they take no class
//! place, and the group's places are shared by the others alone (recounted
//! until every member left needs their share). The class's places then go
//! to its next players, as the allocation gives a prize to the next
//! eligible player when the first holds a better one (prize spec: a player
//! "can win only one prize"). So a class player below a class player paid
//! more by a place prize takes the class 1st, not the 2nd plus the unused
//! 1st; a class place nobody is left to take stays unawarded.
//!
//! **Monotonicity.** Handing the excess down in full can pay a class player
//! more than a class player with a better score (one under-2400 player left
//! on 3.5 would take all $804, more than the $715 of the three on 4.0), the
//! anti-monotonicity the post sets out to remove. With
//! [`ClassExcess::Capped`] (the default) nobody is entitled to more than the
//! smallest amount any class player with a better score received; what the
//! cap holds back goes further down the class, and what no class player can
//! take is reported unawarded ([`UnawardedReason::Capped`]) for the
//! organiser, who may choose [`ClassExcess::ToClass`] to pay it anyway.

use super::book::{Book, Ledger, Line};
use super::{shares_of, AwardKind, UnawardedReason};
use crate::prizes::{Cents, ClassExcess};

/// Settles each category in turn, most inclusive first.
pub(super) fn split(book: &Book<'_>, ledger: &mut Ledger<'_, '_>, excess: ClassExcess) {
    for category in 0..book.categories.len() {
        let mut open = book.by_value(ledger.open().filter(|&p| book.prizes[p].category == category));
        let mut handed_down = Cents::ZERO;
        let mut held_back = Cents::ZERO;
        // The least any class player with a better score received.
        let mut cap: Option<Cents> = None;
        for group in &book.groups {
            let members: Vec<usize> = book.sharing(group).into_iter().filter(|&m| book.eligible[category][m]).collect();
            if members.is_empty() {
                continue;
            }
            if open.is_empty() && handed_down == Cents::ZERO {
                break;
            }
            let takers = takers(book, ledger, &members, &open, handed_down);
            if takers.is_empty() {
                // Nobody here needs the class: its places and money go on
                // down; these players still bound what lower scores get.
                let least = members.iter().map(|&m| ledger.paid(m)).min();
                cap = cap.into_iter().chain(least).min();
                continue;
            }
            let prizes: Vec<usize> = open.drain(..takers.len().min(open.len())).collect();
            let carried_in = handed_down;
            let total = prizes.iter().map(|&p| book.prizes[p].cash).sum::<Cents>() + carried_in;
            let limit = if excess == ClassExcess::Capped { cap } else { None };
            let mut lines = Vec::with_capacity(takers.len());
            for (player, share) in shares_of(total, &takers) {
                let had = ledger.paid(player);
                let capped = limit.map_or(share, |c| share.min(c));
                let paid = capped.saturating_sub(had);
                held_back += share.saturating_sub(had).saturating_sub(paid);
                lines.push(Line { player, prize: None, share, paid });
            }
            handed_down = total.saturating_sub(lines.iter().map(|l| l.paid).sum());
            let kind = AwardKind::Category { category_id: book.categories[category].id.clone() };
            ledger.record(kind, &prizes, carried_in, lines);
            let least = members.iter().map(|&m| ledger.paid(m)).min();
            cap = cap.into_iter().chain(least).min();
        }
        let capped = handed_down.min(held_back);
        ledger.leftover(category, capped, UnawardedReason::Capped);
        ledger.leftover(category, handed_down.saturating_sub(capped), UnawardedReason::NoClassPlayerLeft);
    }
}

/// The members of a tie group who take class places: those whose share of
/// the places they cover (the `open` prizes, largest first) and of the
/// money `handed_down` is more than they already have. A member with at
/// least their share keeps what they have and takes no place; the shares
/// are recounted among the others until every member left needs theirs
/// (each recount has fewer members, so it ends).
fn takers(
    book: &Book<'_>,
    ledger: &Ledger<'_, '_>,
    members: &[usize],
    open: &[usize],
    handed_down: Cents,
) -> Vec<usize> {
    let mut takers = members.to_vec();
    loop {
        let covered = &open[..takers.len().min(open.len())];
        let total = covered.iter().map(|&p| book.prizes[p].cash).sum::<Cents>() + handed_down;
        let needing: Vec<usize> =
            shares_of(total, &takers).filter(|&(m, share)| ledger.paid(m) < share).map(|(m, _)| m).collect();
        if needing.len() == takers.len() {
            return takers;
        }
        takers = needing;
    }
}
