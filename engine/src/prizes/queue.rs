//! The prize queue: every active prize, most important first (prize spec,
//! step 1).

use super::event::{Checked, PrizeAt};
use super::Prize;
use std::cmp::Reverse;

/// A prize's value tier (prize spec, "Value Tier Hierarchy"): 5 cash and
/// trophy, 4 cash and medal, 3 cash only, 2 trophy only, 1 medal only, 0
/// nothing. A prize with cash, trophy and medal is tier 5; trophy and medal
/// without cash is tier 2.
#[must_use]
pub fn value_tier(prize: &Prize) -> u8 {
    let cash = prize.cash.0 > 0;
    match (cash, prize.trophy, prize.medal) {
        (true, true, _) => 5,
        (true, false, true) => 4,
        (true, false, false) => 3,
        (false, true, _) => 2,
        (false, false, true) => 1,
        (false, false, false) => 0,
    }
}

/// The active prizes of active categories, in queue order: brochure order
/// ascending, value tier descending, cash descending, main-category prizes
/// first, place ascending, prize id ascending.
///
/// The spec's key lists the value tier without a direction but states that
/// the first prize of the queue is the most important and that cash and
/// trophy outranks medal alone; so the tier sorts descending, like cash.
pub(crate) fn prize_queue(checked: &Checked<'_>) -> Vec<PrizeAt> {
    let mut queue: Vec<PrizeAt> = checked
        .prize_at
        .values()
        .copied()
        .filter(|&at| {
            let (cat, prize) = checked.prize(at);
            cat.active && prize.active
        })
        .collect();
    queue.sort_by_cached_key(|&at| {
        let (cat, prize) = checked.prize(at);
        (
            cat.brochure_order,
            Reverse(value_tier(prize)),
            Reverse(prize.cash),
            !prize.main_category,
            prize.place,
            &prize.id,
        )
    });
    queue
}
