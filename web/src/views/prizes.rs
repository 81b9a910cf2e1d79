//! Prize view models: the prize list as configured, an allocation run (the
//! TO's review: winners, cash, conflicts, warnings, log) and the published
//! prizes the public list, the player's page and the CSV export show.
//! Money is shown with two decimals (`"500.00"`) beside its cents.

use crate::ids::{PlayerId, PrizeRunId, UserId};
use serde::{Deserialize, Serialize};

/// The winner of one prize.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct WinnerRef {
    /// Registration id.
    pub player_id: PlayerId,
    /// Name on the boards.
    pub name: String,
    /// Final rank.
    pub rank: u32,
    /// Rating (`None`: unrated).
    pub rating: Option<u32>,
}

/// One prize of a prize-list entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PrizeLineView {
    /// Prize id.
    pub prize_id: String,
    /// Category id.
    pub category_id: String,
    /// Category name.
    pub category: String,
    /// Place in the category (1 = first).
    pub place: u32,
    /// The prize in words: `"Under 2400 1st"`.
    pub label: String,
    /// Cash on the prize list, e.g. `"500.00"`.
    pub cash: String,
    /// The same in cents.
    pub cash_cents: u64,
    /// Carries a trophy.
    pub trophy: bool,
    /// Carries a medal.
    pub medal: bool,
    /// Who takes its trophy or medal: the allocation's winner; `None` when it
    /// carries neither or found no winner.
    pub items_to: Option<WinnerRef>,
    /// How the allocation's winner was separated from the next candidate:
    /// `none`, `rating`, `name`, `pairing_number`.
    pub tie_break: Option<super::sets::PrizeTieBreak>,
    /// Given by a manual override.
    pub manual: bool,
}

/// What one player receives from a prize-list entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RecipientView {
    /// The player.
    #[serde(flatten)]
    pub player: WinnerRef,
    /// Score as the standings show it.
    pub score: String,
    /// What this entry pays the player, e.g. `"746.75"`.
    pub paid: String,
    /// The same in cents.
    pub paid_cents: u64,
    /// The player's equal share of the entry's money; more than `paid` when
    /// the player already had money (place-first pays only the difference).
    pub share: String,
    /// The same in cents.
    pub share_cents: u64,
}

/// One entry of the prize list: prizes and who receives what from them.
/// The money shown beside a player is what they are paid, and the sum over
/// the entries naming a player is their line in the payouts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PrizeEntryView {
    /// `tiebreak` (paid whole to its winner), `manual` (an override),
    /// `pooled` (32B3), `class_alone` (32B3), `category` (place-first),
    /// `hort`, `items` (no cash), `unawarded` (cash nobody receives) or
    /// `unfilled` (no cash, no winner).
    pub kind: super::sets::PrizeEntryKind,
    /// For `unawarded`: `no_winner`, `no_class_player_left` or `capped`; for
    /// `unfilled`: `no_eligible_players` or `all_won`.
    pub reason: Option<super::sets::PrizeEntryReason>,
    /// How the entry was decided, in words.
    pub how: String,
    /// The tied players' score, when players on one score share it.
    pub score: Option<String>,
    /// The prizes, in brochure order; empty for class money handed down.
    pub prizes: Vec<PrizeLineView>,
    /// The entry's money (prizes plus money handed into it), e.g. `"2987.00"`.
    pub total: String,
    /// The same in cents.
    pub total_cents: u64,
    /// Money handed into it by better-placed class players (place-first).
    pub carried_in: String,
    /// Money its players did not need, handed down (place-first).
    pub carried_out: String,
    /// Who receives what, in tie-break order.
    pub recipients: Vec<RecipientView>,
}

/// Money one player receives under the event's split method: the sum of
/// what the prize list's entries pay them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PayoutView {
    /// Registration id.
    pub player_id: PlayerId,
    /// Name.
    pub name: String,
    /// Final rank.
    pub rank: u32,
    /// Score as the standings show it.
    pub score: String,
    /// Amount, e.g. `"166.67"`.
    pub amount: String,
    /// The same in cents.
    pub amount_cents: u64,
}

/// Something the organiser must resolve, in words and as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct IssueView {
    /// A stable code: a conflict reason (`ineligible`, `prize_already_assigned`,
    /// `identical_rank_rating_name`…) or `consistency` for a warning.
    pub code: super::sets::PrizeIssueCode,
    /// The prize concerned.
    pub prize_id: String,
    /// What happened, naming players, prizes and categories.
    pub message: String,
}

/// A run's counts (prize spec, "Metadata").
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RunCounts {
    /// Prizes given, overrides included.
    pub allocated: usize,
    /// Conflicts.
    pub conflicts: usize,
    /// Prizes without a winner.
    pub unfilled: usize,
    /// Overrides applied.
    pub manual_overrides: usize,
    /// Consistency warnings.
    pub warnings: usize,
}

/// One line of the list of runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RunSummaryView {
    /// Run id.
    pub id: PrizeRunId,
    /// When it ran (Unix ms).
    pub run_at: i64,
    /// The account that ran it.
    pub run_by: UserId,
    /// The event sequence number the standings were read at.
    pub standings_seq: i64,
    /// Whether it is the published run.
    pub published: bool,
    /// The results changed since it ran (a result confirmed or overridden,
    /// a round reopened after its standings were read): run it again.
    pub stale: bool,
    /// When it was published (Unix ms).
    pub published_at: Option<i64>,
    /// Counts.
    pub counts: RunCounts,
    /// The cash split method: `none`, `uscf_32b3`, `place_first`, `hort`.
    pub split_method: super::sets::SplitMethod,
}

/// A whole run, for the TO.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RunView {
    /// Id, time, counts.
    #[serde(flatten)]
    pub summary: RunSummaryView,
    /// The cash split method's rule in words.
    pub split_rule: String,
    /// The prize list: every prize once, with who receives what.
    pub entries: Vec<PrizeEntryView>,
    /// The money each player receives, in standings order.
    pub payouts: Vec<PayoutView>,
    /// All the cash of the active prizes.
    pub fund: String,
    /// All the cash paid.
    pub paid: String,
    /// All the cash nobody receives (listed in `entries` with its reason).
    pub unawarded: String,
    /// Conflicts, in words.
    pub conflicts: Vec<IssueView>,
    /// Consistency warnings, in words.
    pub warnings: Vec<IssueView>,
    /// The log as the spec writes it (`[alloc.win] prize=… player=…`).
    pub log_lines: Vec<String>,
    /// The engine's input as stored (standings, prize list, rules, overrides).
    pub inputs: serde_json::Value,
    /// The engine's allocation as stored (winners, conflicts, unfilled, warnings, metadata).
    pub allocation: serde_json::Value,
    /// The engine's cash split as stored (awards, payouts, unawarded).
    pub cash_split: serde_json::Value,
    /// The log entries as data.
    pub log: serde_json::Value,
}

/// The published prizes of an event: what everyone sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PublishedPrizesView {
    /// The run published.
    pub run_id: PrizeRunId,
    /// When it was published (Unix ms).
    pub published_at: Option<i64>,
    /// The cash split method.
    pub split_method: super::sets::SplitMethod,
    /// The method's rule in words.
    pub split_rule: String,
    /// The prize list: every prize once, with who receives what.
    pub entries: Vec<PrizeEntryView>,
    /// The money each player receives: the entries summed per player.
    pub payouts: Vec<PayoutView>,
    /// All the cash of the active prizes.
    pub fund: String,
    /// All the cash paid.
    pub paid: String,
    /// All the cash nobody receives.
    pub unawarded: String,
}

impl PrizeEntryView {
    /// Whether `player_id` receives money or a trophy or medal from this entry.
    #[must_use]
    pub fn names(&self, player_id: PlayerId) -> bool {
        self.recipients.iter().any(|r| r.player.player_id == player_id && r.paid_cents > 0)
            || self.prizes.iter().any(|p| p.items_to.as_ref().is_some_and(|w| w.player_id == player_id))
    }
}

impl PublishedPrizesView {
    /// What `player_id` won: the entries naming them and their money.
    #[must_use]
    pub fn of_player(&self, player_id: PlayerId) -> (Vec<PrizeEntryView>, Option<PayoutView>) {
        let entries = self.entries.iter().filter(|e| e.names(player_id)).cloned().collect();
        (entries, self.payouts.iter().find(|p| p.player_id == player_id).cloned())
    }

    /// The number of prizes on the list.
    #[must_use]
    pub fn prize_count(&self) -> usize {
        self.entries.iter().map(|e| e.prizes.len()).sum()
    }
}

/// The prize list as configured (categories with their prizes, rules).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PrizeConfigView {
    /// Categories with their prizes, in brochure order (the engine's shape;
    /// cash in cents).
    pub categories: serde_json::Value,
    /// The rules: `allow_unrated_in_rating_category`,
    /// `multiple_eligibility_mode` (`first-win`, `allow-multiple`),
    /// `cash_split` (`none`, `uscf_32b3`, `place_first`, `hort`),
    /// `class_excess` (`capped`, `to_class`).
    pub rules: serde_json::Value,
    /// Number of categories.
    pub category_count: usize,
    /// Number of prizes.
    pub prize_count: usize,
    /// When it was last saved (Unix ms); `None` when never configured.
    pub updated_at: Option<i64>,
}
