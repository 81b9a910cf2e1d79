//! Prize view models: the prize list as configured, an allocation run (the
//! TO's review: winners, cash, conflicts, warnings, log) and the published
//! prizes the public list, the player's page and the CSV export show.
//! Money is shown with two decimals (`"500.00"`) beside its cents.

use serde::{Deserialize, Serialize};

/// The winner of one prize.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinnerRef {
    /// Registration id.
    pub player_id: String,
    /// Name on the boards.
    pub name: String,
    /// Final rank.
    pub rank: u32,
    /// Rating (`None`: unrated).
    pub rating: Option<u32>,
}

/// One prize of the list and what became of it in a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeLineView {
    /// Prize id.
    pub prize_id: String,
    /// Category id.
    pub category_id: String,
    /// Category name.
    pub category: String,
    /// Place in the category (1 = first).
    pub place: u32,
    /// Cash on the prize list, e.g. `"500.00"`.
    pub cash: String,
    /// The same in cents.
    pub cash_cents: u64,
    /// Carries a trophy.
    pub trophy: bool,
    /// Carries a medal.
    pub medal: bool,
    /// Who won it; `None` when unfilled.
    pub winner: Option<WinnerRef>,
    /// How the winner was separated from the next candidate: `none`,
    /// `rating`, `name`, `pairing_number`.
    pub tie_break: Option<String>,
    /// Given by a manual override.
    pub manual: bool,
    /// Why nobody won it: `no_eligible_players` or `all_won`.
    pub unfilled: Option<String>,
}

/// Money one player receives under the event's split method.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PayoutView {
    /// Registration id.
    pub player_id: String,
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
pub struct IssueView {
    /// A stable code: a conflict reason (`ineligible`, `prize_already_assigned`,
    /// `identical_rank_rating_name`…) or `consistency` for a warning.
    pub code: String,
    /// The prize concerned.
    pub prize_id: String,
    /// What happened, naming players, prizes and categories.
    pub message: String,
}

/// A run's counts (prize spec, "Metadata").
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
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
pub struct RunSummaryView {
    /// Run id.
    pub id: String,
    /// When it ran (Unix ms).
    pub run_at: i64,
    /// The account that ran it.
    pub run_by: String,
    /// The event sequence number the standings were read at.
    pub standings_seq: i64,
    /// Whether it is the published run.
    pub published: bool,
    /// When it was published (Unix ms).
    pub published_at: Option<i64>,
    /// Counts.
    pub counts: RunCounts,
    /// The cash split method: `none`, `uscf_32b3`, `place_first`, `hort`.
    pub split_method: String,
}

/// A whole run, for the TO.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunView {
    /// Id, time, counts.
    #[serde(flatten)]
    pub summary: RunSummaryView,
    /// Every prize in prize-queue order (winners first, then unfilled).
    pub prizes: Vec<PrizeLineView>,
    /// The money each player receives, in standings order.
    pub payouts: Vec<PayoutView>,
    /// All the cash of the active prizes.
    pub fund: String,
    /// All the cash paid.
    pub paid: String,
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
pub struct PublishedPrizesView {
    /// The run published.
    pub run_id: String,
    /// When it was published (Unix ms).
    pub published_at: Option<i64>,
    /// The cash split method.
    pub split_method: String,
    /// Every prize and its winner.
    pub prizes: Vec<PrizeLineView>,
    /// The money each player receives.
    pub payouts: Vec<PayoutView>,
    /// All the cash of the active prizes.
    pub fund: String,
    /// All the cash paid.
    pub paid: String,
}

impl PublishedPrizesView {
    /// What `player_id` (a registration id) won: their prizes and their money.
    #[must_use]
    pub fn of_player(&self, player_id: &str) -> (Vec<PrizeLineView>, Option<PayoutView>) {
        let prizes = self
            .prizes
            .iter()
            .filter(|p| p.winner.as_ref().is_some_and(|w| w.player_id == player_id))
            .cloned()
            .collect();
        (prizes, self.payouts.iter().find(|p| p.player_id == player_id).cloned())
    }
}

/// The prize list as configured (categories with their prizes, rules).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PrizeConfigView {
    /// Categories with their prizes, in brochure order (the engine's shape;
    /// cash in cents).
    pub categories: serde_json::Value,
    /// The rules: `allow_unrated_in_rating_category`,
    /// `multiple_eligibility_mode` (`first-win`, `allow-multiple`),
    /// `cash_split` (`none`, `uscf_32b3`, `place_first`, `hort`).
    pub rules: serde_json::Value,
    /// Number of categories.
    pub category_count: usize,
    /// Number of prizes.
    pub prize_count: usize,
    /// When it was last saved (Unix ms); `None` when never configured.
    pub updated_at: Option<i64>,
}
