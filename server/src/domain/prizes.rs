//! A tournament's prizes as stored: the organiser's prize list and rules,
//! and each allocation run with what it read, what it decided and its log.
//! The prize rules themselves are the engine's ([`arbiter_engine::prizes`]).

use super::Millis;
use arbiter_engine::model::PlayerNo;
use arbiter_engine::prizes::{Allocation, CashSplit, Category, LogEntry, PrizeEvent, RuleConfig};
use arbiter_web::ids::{PlayerId, PrizeRunId, TournamentId, UserId};
use serde::{Deserialize, Serialize};

/// The prize list (categories, each with its prizes) and the prize rules
/// (eligibility mode, unrated players in rating categories, cash split).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeConfig {
    /// The categories in any order (`brochure_order` orders them).
    #[serde(default)]
    pub categories: Vec<Category>,
    /// The rules.
    #[serde(default)]
    pub rules: RuleConfig,
}

impl PrizeConfig {
    /// The number of prizes on the list (inactive ones included).
    #[must_use]
    pub fn prize_count(&self) -> usize {
        self.categories.iter().map(|c| c.prizes.len()).sum()
    }
}

/// The stored prize configuration of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPrizeConfig {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The list and rules.
    pub config: PrizeConfig,
    /// Who saved it last (the TO's account).
    pub updated_by: UserId,
    /// When.
    pub updated_at: Millis,
}

/// An entrant of a run: the engine's player number (the registration
/// number) and the registration it stands for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// The number the engine knows the player by.
    pub no: PlayerNo,
    /// The registration.
    pub player_id: PlayerId,
    /// The player's account.
    pub user_id: UserId,
    /// The score as the standings show it (`4.5`, `3-0-0`).
    pub score: String,
}

/// What a run read: the engine's whole input and who each player number is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunInputs {
    /// Standings, prize list, rules and overrides, as the engine took them.
    pub event: PrizeEvent,
    /// The registrations behind the player numbers, in standings order.
    pub entrants: Vec<Entrant>,
}

/// What a run decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunOutputs {
    /// Who wins which prize (its log is stored apart: [`PrizeRun::log`]).
    pub allocation: Allocation,
    /// How the cash is shared by the event's split method.
    pub cash: CashSplit,
}

/// One allocation run, as stored. Runs are never changed, except that
/// publishing one marks it (and unmarks the one published before).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrizeRun {
    /// Run id.
    pub id: PrizeRunId,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The TO's account that ran it.
    pub run_by: UserId,
    /// When.
    pub run_at: Millis,
    /// The tournament's event sequence number the standings were read at.
    pub standings_seq: i64,
    /// Inputs.
    pub inputs: RunInputs,
    /// Outputs.
    pub outputs: RunOutputs,
    /// The allocation log, in order.
    pub log: Vec<LogEntry>,
    /// Whether this is the tournament's published run.
    pub published: bool,
    /// When it was (last) published.
    pub published_at: Option<Millis>,
}
