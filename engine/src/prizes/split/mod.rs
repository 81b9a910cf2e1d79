//! Cash prizes shared among tied players.
//!
//! Players on equal scores are tied for money; their order inside the tie is
//! the standings order ([`super::Player::standings_cmp`]). Every method works in
//! whole cents with one rounding rule ([`split_evenly`]), so the money paid
//! plus the money left unawarded is always exactly the cash on the prize
//! list. Only cash is split: trophies and medals follow [`super::allocate()`].

mod book;
mod place_first;
mod tiebreak;
mod uscf;

use super::event::Checked;
use super::{split_evenly, CategoryId, Cents, PrizeError, PrizeEvent, PrizeId};
use crate::model::{PlayerNo, Points};
use book::{Book, Ledger};
use serde::{Deserialize, Serialize};

/// How tied players share cash prizes, chosen per event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SplitMethod {
    /// No split: tie-break order decides. Each player in standings order
    /// takes the largest cash prize still open to them (US Chess 32B1: one
    /// cash prize per player, the largest); an equal-valued prize of a more
    /// inclusive category is taken first, so class money stays for the class.
    #[default]
    None,
    /// US Chess rule 32B3 (7th ed.), as TD software applies it: a tie group
    /// of k players pools the k largest remaining prizes that can each go to
    /// a different member it is open to, and shares the pool equally; but
    /// when the members eligible for a category would get more by sharing
    /// only that category's prizes (one each at most) among themselves, they
    /// take that instead and the others re-pool. Prizes not pooled pass down.
    #[serde(rename = "uscf_32b3")]
    Uscf32B3,
    /// The place-first method (Bill Smythe, US Chess forum, on rule 32B3):
    /// place prizes are settled as if there were no class prizes; then each
    /// class, most inclusive first, is shared among its players by score,
    /// each keeping the larger of what they have and their class share — the
    /// class pays only the difference, and the share a player did not need
    /// stays in the class as one more prize for the next class players.
    PlaceFirst,
    /// The Hort system: the prizes are first given in tie-break order (as
    /// `None`); then each tied player keeps half of their prize and the other
    /// halves of the whole tie are shared equally. The kept half is rounded
    /// down to the cent; the odd cent goes to the shared half.
    Hort,
}

/// What an [`Award`] is.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AwardKind {
    /// One player takes one prize by tie-break order.
    Tiebreak,
    /// 32B3: a tie group shares a pool of prizes equally.
    Pooled,
    /// 32B3 exception: the tied players eligible for a category share only
    /// its prizes, because that pays them more than the pool.
    ClassAlone {
        /// The category.
        category_id: CategoryId,
    },
    /// Place-first: a tie group's share of one category's money; each member
    /// is paid only what their share exceeds what they already have.
    Category {
        /// The category.
        category_id: CategoryId,
    },
    /// Hort: a tie group keeps half of its tie-break prizes and shares the
    /// other halves.
    Hort,
}

/// One player's part of an [`Award`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AwardShare {
    /// The player.
    pub player_id: PlayerNo,
    /// The prize the player holds by tie-break order (tie-break and Hort
    /// awards).
    pub prize_id: Option<PrizeId>,
    /// The player's share of the award's money.
    pub share: Cents,
    /// What the award pays the player: the share, except in a place-first
    /// award, where it is what the share exceeds the player's earlier money.
    pub paid: Cents,
}

/// One step of a split: who shared which money, to check the arithmetic by.
/// `total` is the sum of the prizes plus `carried_in`; the shares add up to
/// `total`; the amounts paid plus `carried_out` add up to `total`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Award {
    /// What kind of step.
    #[serde(flatten)]
    pub kind: AwardKind,
    /// The score of the tied players.
    pub score: Points,
    /// The prizes whose cash is shared.
    pub prize_ids: Vec<PrizeId>,
    /// Place-first: money handed down in the category by better-placed players
    /// who did not need their share.
    pub carried_in: Cents,
    /// The money shared.
    pub total: Cents,
    /// Place-first: the money these players did not need, handed down.
    pub carried_out: Cents,
    /// The players, in tie-break order.
    pub shares: Vec<AwardShare>,
}

/// The money one player receives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payout {
    /// The player.
    pub player_id: PlayerNo,
    /// The total paid.
    pub amount: Cents,
}

/// Money on the prize list that nobody receives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unawarded {
    /// The category it belongs to.
    pub category_id: CategoryId,
    /// The prize, or `None` for money a place-first class handed down that
    /// found no class player to take it.
    pub prize_id: Option<PrizeId>,
    /// The amount.
    pub amount: Cents,
}

/// The result of a cash split.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CashSplit {
    /// The method used.
    pub method: SplitMethod,
    /// The steps, in the order settled.
    pub awards: Vec<Award>,
    /// The players paid anything, in standings order.
    pub payouts: Vec<Payout>,
    /// Money nobody receives.
    pub unawarded: Vec<Unawarded>,
    /// All the cash of the active prizes of active categories.
    pub fund: Cents,
    /// All the cash paid: `fund` minus the unawarded amounts, to the cent.
    pub paid: Cents,
}

/// Shares the event's cash prizes by `event.rules.cash_split`.
///
/// Reads the players' scores (ties), their standings order (order inside a
/// tie) and each active category's active cash prizes, with eligibility as
/// in allocation ([`super::eligibility()`]). Categories are taken most
/// inclusive first (most eligible players, then brochure order, then id);
/// a category's prizes by place. Overrides and the eligibility mode are not
/// read: cash follows the one-cash-prize rule (US Chess 32B1) under every
/// method.
///
/// # Errors
/// [`PrizeError`] for duplicate ids, an out-of-range cash amount, or a
/// player ranked ahead of another with a lower score.
pub fn split_cash(event: &PrizeEvent) -> Result<CashSplit, PrizeError> {
    let checked = Checked::new(event)?;
    let book = Book::new(&checked)?;
    let method = event.rules.cash_split;
    let mut ledger = Ledger::new(&book);
    match method {
        SplitMethod::None => tiebreak::no_split(&book, &mut ledger),
        SplitMethod::Uscf32B3 => uscf::split(&book, &mut ledger),
        SplitMethod::PlaceFirst => place_first::split(&book, &mut ledger),
        SplitMethod::Hort => tiebreak::hort(&book, &mut ledger),
    }
    Ok(ledger.finish(method))
}

/// Players of `group` (standings indices, in order) paired with equal
/// shares of `total` under the rounding rule.
fn shares_of(total: Cents, group: &[usize]) -> impl Iterator<Item = (usize, Cents)> + '_ {
    group.iter().copied().zip(split_evenly(total, group.len()))
}
