//! Splits that start from the allocation: no split at all, and the Hort
//! system (see [`super::SplitMethod::None`] and [`super::SplitMethod::Hort`]).

use super::book::{Book, Ledger, Line};
use super::{shares_of, AwardKind};
use crate::prizes::Cents;

/// Pays every prize the allocation gave (automatically) whole to its holder.
pub(super) fn no_split(book: &Book<'_>, ledger: &mut Ledger<'_, '_>) {
    for player in 0..book.players.len() {
        pay_whole(book, ledger, player);
    }
}

/// Hort: in each tie group (players on one score, apart from those holding
/// a prize given by override), every member keeps half of the cash of the
/// prizes the allocation gave them (rounded down to the cent) and the other
/// halves are shared equally by the members eligible for them. A player
/// alone on a score keeps their prizes whole.
///
/// The shared halves are shared category by category: the other half of a
/// restricted category's prize goes only to the tied players eligible for
/// that category ("class money goes only to class players"), so a player
/// outside a class never receives a cent of it. An open prize's other half
/// is shared by the whole tie, as in the published system. When the holder
/// is the only tied player eligible for a category, they keep its prizes
/// whole. (A player holding prizes of two categories keeps half of each,
/// each rounded down to the cent.)
pub(super) fn hort(book: &Book<'_>, ledger: &mut Ledger<'_, '_>) {
    for group in &book.groups {
        let group = book.sharing(group);
        if let [player] = group[..] {
            pay_whole(book, ledger, player);
            continue;
        }
        for category in 0..book.categories.len() {
            let in_category =
                |m: usize| book.held[m].iter().copied().filter(move |&p| book.prizes[p].category == category);
            let prizes: Vec<usize> = group.iter().flat_map(|&m| in_category(m)).collect();
            if prizes.is_empty() {
                continue;
            }
            let sharers: Vec<usize> = group.iter().copied().filter(|&m| book.eligible[category][m]).collect();
            if let [player] = sharers[..] {
                for p in prizes {
                    pay_one(book, ledger, player, p);
                }
                continue;
            }
            let cash = |m: usize| in_category(m).map(|p| book.prizes[p].cash).sum::<Cents>();
            let kept = |m: usize| Cents(cash(m).0 / 2);
            let pot: Cents = group.iter().map(|&m| cash(m).saturating_sub(kept(m))).sum();
            let lines = shares_of(pot, &sharers)
                .map(|(player, part)| {
                    let share = kept(player) + part;
                    Line { player, prize: in_category(player).next(), share, paid: share }
                })
                .collect();
            ledger.record(AwardKind::Hort, &prizes, Cents::ZERO, lines);
        }
    }
}

/// Pays each prize `player` holds by the allocation whole to them.
fn pay_whole(book: &Book<'_>, ledger: &mut Ledger<'_, '_>, player: usize) {
    for &p in &book.held[player] {
        pay_one(book, ledger, player, p);
    }
}

/// Pays `prize` whole to `player`.
fn pay_one(book: &Book<'_>, ledger: &mut Ledger<'_, '_>, player: usize, prize: usize) {
    let cash = book.prizes[prize].cash;
    let line = Line { player, prize: Some(prize), share: cash, paid: cash };
    ledger.record(AwardKind::Tiebreak, &[prize], Cents::ZERO, vec![line]);
}
