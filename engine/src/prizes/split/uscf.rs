//! US Chess rule 32B3 (Official Rules, 7th ed.): "if winners of different
//! prizes tie with each other, all the cash prizes involved shall be summed
//! and divided equally among the tied winners", at most one prize per tied
//! winner, unless a player would get more by taking a prize alone or sharing
//! it only with the others eligible for it. The procedure is the one TD
//! software (WinTD, SwisSys) applies; see [`super::SplitMethod::Uscf32B3`].

use super::book::{Book, Ledger, Line};
use super::{shares_of, AwardKind};
use crate::prizes::Cents;

/// Settles each tie group in turn, best score first.
pub(super) fn split(book: &Book<'_>, ledger: &mut Ledger<'_, '_>) {
    for group in &book.groups {
        let mut members = book.sharing(group);
        while !members.is_empty() {
            let pool = pool(book, ledger, &members);
            let pool_total: Cents = pool.iter().map(|&p| book.prizes[p].cash).sum();
            match better_alone(book, ledger, &members, pool_total) {
                Some(alone) => {
                    let kind = AwardKind::ClassAlone { category_id: book.categories[alone.category].id.clone() };
                    ledger.record(kind, &alone.prizes, Cents::ZERO, equal_lines(alone.total, &alone.members));
                    members.retain(|m| !alone.members.contains(m));
                }
                None => {
                    if !pool.is_empty() {
                        ledger.record(AwardKind::Pooled, &pool, Cents::ZERO, equal_lines(pool_total, &members));
                    }
                    break;
                }
            }
        }
    }
}

fn equal_lines(total: Cents, members: &[usize]) -> Vec<Line> {
    shares_of(total, members).map(|(player, share)| Line { player, prize: None, share, paid: share }).collect()
}

/// The most valuable set of at most `members.len()` open prizes that can go
/// one to each member (each prize to a member eligible for it). Adding
/// prizes largest first while such an assignment exists is optimal: the
/// assignable sets form a transversal matroid, on which the greedy choice
/// gives the maximum weight.
fn pool(book: &Book<'_>, ledger: &Ledger<'_, '_>, members: &[usize]) -> Vec<usize> {
    let candidates = book.by_value(ledger.open().filter(|&p| members.iter().any(|&m| book.may_take(m, p))));
    let mut assigned: Vec<Option<usize>> = vec![None; members.len()];
    let mut pool = Vec::new();
    for prize in candidates {
        if pool.len() == members.len() {
            break;
        }
        let mut seen = vec![false; members.len()];
        if augment(book, members, prize, &mut assigned, &mut seen) {
            pool.push(prize);
        }
    }
    pool
}

/// Kuhn's augmenting path: tries to give `prize` to an eligible member,
/// moving already assigned prizes to other members if needed. Leaves
/// `assigned` unchanged when it fails.
fn augment(
    book: &Book<'_>,
    members: &[usize],
    prize: usize,
    assigned: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for (slot, &m) in members.iter().enumerate() {
        if seen[slot] || !book.may_take(m, prize) {
            continue;
        }
        seen[slot] = true;
        let free = match assigned[slot] {
            None => true,
            Some(other) => augment(book, members, other, assigned, seen),
        };
        if free {
            assigned[slot] = Some(prize);
            return true;
        }
    }
    false
}

/// A category's prizes shared among the members eligible for it.
struct Alone {
    category: usize,
    members: Vec<usize>,
    prizes: Vec<usize>,
    total: Cents,
}

/// The 32B3 exception: the category whose eligible members would each get
/// the most by sharing only its largest open prizes (one per member), if
/// that beats their equal share of the pool. Ties go to the more inclusive
/// category.
fn better_alone(book: &Book<'_>, ledger: &Ledger<'_, '_>, members: &[usize], pool_total: Cents) -> Option<Alone> {
    let mut best: Option<Alone> = None;
    for category in 0..book.categories.len() {
        let eligible: Vec<usize> = members.iter().copied().filter(|&m| book.eligible[category][m]).collect();
        if eligible.is_empty() {
            continue;
        }
        let mut prizes = book.by_value(ledger.open().filter(|&p| book.prizes[p].category == category));
        prizes.truncate(eligible.len());
        let total: Cents = prizes.iter().map(|&p| book.prizes[p].cash).sum();
        // total / |eligible| > pool_total / |members|, in exact integers.
        let beats = |total: Cents, n: usize, other: Cents, m: usize| {
            u128::from(total.0) * m as u128 > u128::from(other.0) * n as u128
        };
        let better_than_best = best.as_ref().is_none_or(|b| beats(total, eligible.len(), b.total, b.members.len()));
        if beats(total, eligible.len(), pool_total, members.len()) && better_than_best {
            best = Some(Alone { category, members: eligible, prizes, total });
        }
    }
    best
}
