//! Prize allocation and prize-money splitting.
//!
//! Two questions a tournament organiser answers at the end of an event, both
//! from the same [`PrizeEvent`] (standings, prize list, rules):
//!
//! - **Who wins which prize?** [`allocate()`] implements the prize allocation
//!   specification v1.1 and its v1.2 features: the prize queue
//!   ([`value_tier`]), eligibility ([`eligibility()`]), manual overrides, the
//!   greedy allocation with rank → rating → name tie-breaks, conflicts,
//!   unfilled prizes, `first-win` and `allow-multiple` modes, the
//!   consistency audit, and the run's log as data ([`LogEntry`]).
//! - **How is the cash shared among tied players?** [`split_cash`] with the
//!   event's [`SplitMethod`]: US Chess rule 32B3, the place-first method,
//!   the Hort system, or no split (the allocation paid as it stands). Money
//!   is whole [`Cents`], divided by one rule ([`split_evenly`]) that never
//!   creates or loses a cent.
//! - **What does the published list say?** [`prize_list`] joins the two:
//!   every prize once, with who receives its money (the split's result) and
//!   its trophy or medal (the allocation's), so what the list shows a player
//!   won is what they are paid.
//!
//! Everything is serde-serialisable and deterministic: the same input gives
//! the same output, whatever the order of players, categories and prizes.

mod allocate;
mod audit;
mod date;
mod eligibility;
mod event;
mod list;
mod log;
mod money;
mod outcome;
mod queue;
mod split;

pub use allocate::allocate;
pub use audit::ConsistencyWarning;
pub use date::{Date, DateError};
pub use eligibility::{eligibility, Ineligible};
pub use event::{
    Category, CategoryId, ClassExcess, EligibilityMode, Entrant, ManualOverride, Player, Prize, PrizeError, PrizeEvent,
    PrizeId, RankedBy, RuleConfig,
};
pub use list::{paid_by_list, prize_list, EntryKind, ListEntry, ListPrize};
pub use log::{LogEntry, LogEvent, LogField, LogLevel, LogValue};
pub use money::{split_evenly, Cents};
pub use outcome::{Allocation, Conflict, ConflictReason, Metadata, TieBreak, Unfilled, UnfilledReason, Winner};
pub use queue::value_tier;
pub use split::{split_cash, Award, AwardKind, AwardShare, CashSplit, Payout, SplitMethod, Unawarded, UnawardedReason};
