//! Cash prizes shared among tied players.
//!
//! Players on equal scores are tied for money; their order inside the tie is
//! the standings order ([`super::Player::standings_cmp`]). Every method works in
//! whole cents with one rounding rule ([`split_evenly`]), so the money paid
//! plus the money left unawarded is always exactly the cash on the prize
//! list. Only cash is split: trophies and medals follow [`super::allocate()`].
//! Every cent paid is paid by one [`Award`], and a player's payout is the sum
//! of what their awards pay them: the prize list ([`super::prize_list`]) is
//! built from the awards, so what it shows a player won is what they are paid.

mod book;
mod place_first;
mod tiebreak;
mod uscf;

use super::event::Checked;
use super::{split_evenly, Allocation, CategoryId, Cents, PrizeError, PrizeEvent, PrizeId};
use crate::model::{PlayerNo, Points};
use book::{Book, Ledger, Line};
use serde::{Deserialize, Serialize};

/// How tied players share cash prizes, chosen per event.
///
/// Under every method a prize the organiser gave by manual override is paid
/// whole to its player, who takes no part in any sharing; trophies and
/// medals always follow the allocation ([`super::allocate()`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SplitMethod {
    /// No split (prize spec: "one player gets one prize"): each prize's cash
    /// goes whole to the player the allocation gave it, so the prize list
    /// and the money paid are the same thing.
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
    /// class pays only the difference, and the money a player did not need
    /// goes to the class's next players (see [`super::ClassExcess`]). One
    /// prize per player: a class player whose place money is already at
    /// least their class share takes no class place, so the class's prizes
    /// go to its next players.
    PlaceFirst,
    /// The Hort system: each player's prizes are those the allocation gave
    /// them; each player tied on score with others keeps half of their
    /// prizes' cash and the other halves are shared equally by the tied
    /// players eligible for them: an open prize's by the whole tie, a
    /// restricted category's only by the tied players in that category
    /// (class money never reaches a player outside the class). The kept half
    /// is rounded down to the cent; the odd cent goes to the shared half.
    Hort,
}

impl SplitMethod {
    /// The method's rule in one paragraph, for the pages that show its result.
    #[must_use]
    pub const fn rule(self) -> &'static str {
        match self {
            SplitMethod::None => {
                "No split: each prize is paid whole to the player it was allocated to (brochure order, one \
                 prize per player unless the event allows more; players on the same rank are separated by \
                 rating, then name)."
            }
            SplitMethod::Uscf32B3 => {
                "US Chess rule 32B3: players tied on score add up the cash prizes their places cover, at most \
                 one prize per player, and share the sum equally; players eligible for a class prize take \
                 that class's prizes alone, or shared only with the others in the class, when that pays \
                 them more. Prizes the tie does not use pass to the next score. Trophies and medals go by \
                 tie-break order."
            }
            SplitMethod::PlaceFirst => {
                "Place first (US Chess forum, on rule 32B3): players tied on score share the place prizes \
                 their places cover as if there were no class prizes; then each class's prizes go to the \
                 class's players by score, each keeping the larger of their place money and their class \
                 share (the class pays only the difference), and the money a class player did not need \
                 goes to the class's next players. One prize per player: a class player whose place money \
                 is at least their class share takes no class place, and the class's prizes go to its next \
                 players. Trophies and medals go by tie-break order."
            }
            SplitMethod::Hort => {
                "Hort system: prizes are given by tie-break order; a player tied on score with others keeps \
                 half of their prize, and the other halves of the tied players' prizes are shared equally \
                 among the tied players eligible for them: a class prize's half only among the tied players \
                 in that class."
            }
        }
    }
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
    /// A prize the organiser gave by manual override, paid whole.
    Manual,
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
    /// The prize, or `None` for money a place-first class handed down.
    pub prize_id: Option<PrizeId>,
    /// The amount.
    pub amount: Cents,
    /// Why nobody receives it.
    #[serde(default)]
    pub reason: UnawardedReason,
}

/// Why money on the prize list is not paid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnawardedReason {
    /// The prize found no player: nobody eligible, or every eligible player
    /// already holds a prize.
    #[default]
    NoWinner,
    /// Place-first: class money handed down with no class player left below.
    NoClassPlayerLeft,
    /// Place-first with [`super::ClassExcess::Capped`]: class money held back
    /// because paying it would give a class player more than a class player
    /// with a better score received. The organiser may pay it with
    /// [`super::ClassExcess::ToClass`].
    Capped,
}

impl UnawardedReason {
    /// `no_winner`, `no_class_player_left` or `capped`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            UnawardedReason::NoWinner => "no_winner",
            UnawardedReason::NoClassPlayerLeft => "no_class_player_left",
            UnawardedReason::Capped => "capped",
        }
    }
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

/// Shares the event's cash prizes by `event.rules.cash_split`, given the
/// event's `allocation` (from [`super::allocate()`] on the same event).
///
/// Reads the players' scores (ties), their standings order (order inside a
/// tie), each active category's active cash prizes, with eligibility as in
/// allocation ([`super::eligibility()`]), and the allocation: which prizes
/// each player holds, and which the organiser gave by override. Categories
/// are taken most inclusive first (most eligible players, then brochure
/// order, then id); a category's prizes by place.
///
/// First, every cash prize given by override is paid whole to its player
/// ([`AwardKind::Manual`]); such a player takes no part in any sharing.
/// Then `none` pays each allocated prize whole to its holder and `hort`
/// shares the allocated prizes within each tie; `uscf_32b3` and
/// `place_first` decide the cash by score under their own one-cash-prize
/// rule (US Chess 32B1), whatever the eligibility mode.
///
/// # Errors
/// [`PrizeError`] for duplicate ids, an out-of-range cash amount, a
/// player ranked ahead of another with a lower score, or a category ranked
/// by a score with cash under a method other than `none`.
pub fn split_cash(event: &PrizeEvent, allocation: &Allocation) -> Result<CashSplit, PrizeError> {
    let checked = Checked::new(event)?;
    if event.rules.cash_split != SplitMethod::None {
        let with_cash = |c: &&super::Category| c.ranked_by.is_some() && c.prizes.iter().any(|p| p.cash > Cents::ZERO);
        if let Some(c) = event.categories.iter().find(with_cash) {
            return Err(PrizeError::ScoreCategoryCashSplit(c.id.clone()));
        }
    }
    let book = Book::new(&checked, allocation)?;
    let method = event.rules.cash_split;
    let mut ledger = Ledger::new(&book);
    for (player, prize) in book.manual() {
        let cash = book.prizes[prize].cash;
        ledger.record(
            AwardKind::Manual,
            &[prize],
            Cents::ZERO,
            vec![Line { player, prize: Some(prize), share: cash, paid: cash }],
        );
    }
    match method {
        SplitMethod::None => tiebreak::no_split(&book, &mut ledger),
        SplitMethod::Uscf32B3 => uscf::split(&book, &mut ledger),
        SplitMethod::PlaceFirst => place_first::split(&book, &mut ledger, event.rules.class_excess),
        SplitMethod::Hort => tiebreak::hort(&book, &mut ledger),
    }
    Ok(ledger.finish(method))
}

/// Players of `group` (standings indices, in order) paired with equal
/// shares of `total` under the rounding rule.
fn shares_of(total: Cents, group: &[usize]) -> impl Iterator<Item = (usize, Cents)> + '_ {
    group.iter().copied().zip(split_evenly(total, group.len()))
}
