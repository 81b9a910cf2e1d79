//! Splits that start from tie-break order: no split at all, and the Hort
//! system (see [`super::SplitMethod::None`] and [`super::SplitMethod::Hort`]).

use super::book::{Book, Ledger, Line};
use super::{shares_of, AwardKind};
use crate::prizes::Cents;

/// The prize each player takes in tie-break order (indexed by player): the
/// largest prize still open to them.
fn by_tiebreak(book: &Book<'_>) -> Vec<Option<usize>> {
    let mut open = vec![true; book.prizes.len()];
    (0..book.players.len())
        .map(|player| {
            let best = book.by_value((0..book.prizes.len()).filter(|&p| open[p] && book.may_take(player, p)));
            let prize = best.first().copied();
            if let Some(p) = prize {
                open[p] = false;
            }
            prize
        })
        .collect()
}

/// Records one tie-break award per prize taken.
pub(super) fn no_split(book: &Book<'_>, ledger: &mut Ledger<'_, '_>) {
    for (player, prize) in by_tiebreak(book).into_iter().enumerate() {
        if let Some(p) = prize {
            let cash = book.prizes[p].cash;
            ledger.record(
                AwardKind::Tiebreak,
                &[p],
                Cents::ZERO,
                vec![Line { player, prize, share: cash, paid: cash }],
            );
        }
    }
}

/// Hort: in each tie group, every member keeps half of the prize taken in
/// tie-break order (rounded down to the cent) and the other halves are
/// shared equally by the whole group. A player alone on a score keeps the
/// whole prize.
pub(super) fn hort(book: &Book<'_>, ledger: &mut Ledger<'_, '_>) {
    let held = by_tiebreak(book);
    for group in &book.groups {
        let prizes: Vec<usize> = group.iter().filter_map(|&m| held[m]).collect();
        if prizes.is_empty() {
            continue;
        }
        let cash = |m: usize| held[m].map_or(Cents::ZERO, |p| book.prizes[p].cash);
        let alone = group.len() == 1;
        let kept = |m: usize| if alone { cash(m) } else { Cents(cash(m).0 / 2) };
        let kind = if alone { AwardKind::Tiebreak } else { AwardKind::Hort };
        let pot: Cents = group.iter().map(|&m| cash(m).saturating_sub(kept(m))).sum();
        let lines = shares_of(pot, group)
            .map(|(player, part)| {
                let share = kept(player) + part;
                Line { player, prize: held[player], share, paid: share }
            })
            .collect();
        ledger.record(kind, &prizes, Cents::ZERO, lines);
    }
}
