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
/// halves are shared equally by the whole group. A player alone on a score
/// keeps their prizes whole.
pub(super) fn hort(book: &Book<'_>, ledger: &mut Ledger<'_, '_>) {
    for group in &book.groups {
        let group = book.sharing(group);
        let prizes: Vec<usize> = group.iter().flat_map(|&m| book.held[m].iter().copied()).collect();
        if prizes.is_empty() {
            continue;
        }
        if let [player] = group[..] {
            pay_whole(book, ledger, player);
            continue;
        }
        let cash = |m: usize| book.held[m].iter().map(|&p| book.prizes[p].cash).sum::<Cents>();
        let kept = |m: usize| Cents(cash(m).0 / 2);
        let pot: Cents = group.iter().map(|&m| cash(m).saturating_sub(kept(m))).sum();
        let lines = shares_of(pot, &group)
            .map(|(player, part)| {
                let share = kept(player) + part;
                Line { player, prize: book.held[player].first().copied(), share, paid: share }
            })
            .collect();
        ledger.record(AwardKind::Hort, &prizes, Cents::ZERO, lines);
    }
}

/// Pays each prize `player` holds by the allocation whole to them.
fn pay_whole(book: &Book<'_>, ledger: &mut Ledger<'_, '_>, player: usize) {
    for &p in &book.held[player] {
        let cash = book.prizes[p].cash;
        let line = Line { player, prize: Some(p), share: cash, paid: cash };
        ledger.record(AwardKind::Tiebreak, &[p], Cents::ZERO, vec![line]);
    }
}
