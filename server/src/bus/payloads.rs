//! What some events carry beside ids and views: why the standings changed,
//! a settings change field by field, a notice on published prizes.

use crate::domain::{PairingId, PrizeRunId};
use serde::{Deserialize, Serialize};

/// Why the standings changed (`standings_changed`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct StandingsCause {
    /// What made them change.
    pub cause: Cause,
    /// The round whose result or byes now count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// The table whose result now counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairing_id: Option<PairingId>,
}

/// What made the standings change.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// Pairings gave points at once (a bye, a forfeit a withdrawal left).
    PairingsPublished,
    /// The opponent confirmed a result.
    ResultConfirmed,
    /// The TO set a result.
    ResultOverridden,
    /// The TO imported played rounds.
    TrfImported,
    /// The TO ordered a tie, or dismissed the notices of dropped orders.
    TieResolved,
    /// The TO changed the tie-breaks or point values.
    StandingsConfigChanged,
    /// The TO withdrew a round's pairings, and the byes they gave.
    PairingsWithdrawn,
    /// A late entry's missed rounds count (byes).
    LateEntry,
    /// Staff adjusted a player's score (a penalty, bonus, painting or sportsmanship score).
    Adjusted,
    /// A cause this build does not know.
    #[serde(other)]
    Other,
}

impl StandingsCause {
    /// A cause with no round or table.
    #[must_use]
    pub const fn of(cause: Cause) -> StandingsCause {
        StandingsCause { cause, round: None, pairing_id: None }
    }
}

/// One field changed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FieldChange {
    /// The field, as the API names it.
    pub field: String,
    /// Its value before (JSON).
    pub before: serde_json::Value,
    /// Its value after (JSON).
    pub after: serde_json::Value,
}

impl FieldChange {
    /// The fields of `(name, before, after)` whose value changed, in order.
    #[must_use]
    pub fn changed(
        fields: impl IntoIterator<Item = (&'static str, serde_json::Value, serde_json::Value)>,
    ) -> Vec<FieldChange> {
        fields
            .into_iter()
            .filter(|(_, before, after)| before != after)
            .map(|(field, before, after)| FieldChange { field: field.into(), before, after })
            .collect()
    }
}

/// A change of settings (or of a player's details), as recorded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SettingsChange {
    /// Who changed them (their name).
    pub by: String,
    /// When (Unix ms).
    pub at: i64,
    /// What changed.
    pub changes: Vec<FieldChange>,
}

impl SettingsChange {
    /// A correction of a player's details as a judge (or the public event
    /// stream) sees it: the profile's private fields (birth date, sex,
    /// disability) left out of its before and after, and the profile not
    /// listed when nothing else in it changed.
    #[must_use]
    pub fn without_private(mut self) -> SettingsChange {
        for f in &mut self.changes {
            if f.field == "profile" {
                crate::domain::drop_private(&mut f.before);
                crate::domain::drop_private(&mut f.after);
            }
        }
        self.changes.retain(|f| f.before != f.after);
        self
    }
}

/// A published prize allocation, as announced (`prizes_published`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct PrizesNotice {
    /// The allocation run published.
    pub run_id: PrizeRunId,
    /// When (Unix ms).
    pub published_at: i64,
    /// How many prizes it awards.
    pub prize_count: usize,
}

/// A step of a 40K team match's captains' pairing process whose timer ran
/// out (`step_timer_expired`): announced once per step, for the organisers'
/// queue, with what they can do about it. It names only what every viewer
/// of the match may see (which team has not locked, and that team's
/// choices, all drawn from what is revealed); never a sealed choice.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct StepExpiry {
    /// The team match.
    pub match_id: PairingId,
    /// The tournament round.
    pub round: u32,
    /// The match's table.
    pub table: u32,
    /// Team A's name (the match's player 1).
    pub team_a: String,
    /// Team B's name.
    pub team_b: String,
    /// The step whose timer ran out: `defenders`, `attackers` or `choices`.
    pub phase: String,
    /// The number of actions the process had recorded.
    pub step: u32,
    /// When the timer ran out, Unix ms (server time).
    pub deadline: i64,
    /// The teams that have not locked (`a`, `b`).
    pub waiting: Vec<String>,
    /// The choices the organisers may decide for team A (empty when A has
    /// locked), each as a captain locks it (`{"kind":"defender","player":ID}`…).
    #[schema(value_type = Vec<Object>)]
    pub options_a: Vec<arbiter_engine::wh40k_teams::captains::Choice<crate::domain::PlayerId>>,
    /// The choices the organisers may decide for team B (empty when B has locked).
    #[schema(value_type = Vec<Object>)]
    pub options_b: Vec<arbiter_engine::wh40k_teams::captains::Choice<crate::domain::PlayerId>>,
    /// What the organisers can do now, each a route of the API.
    pub actions: Vec<TimerAction>,
}

/// One thing the organisers can do about a step whose timer ran out.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct TimerAction {
    /// `expire` (decide for the teams that have not locked: `{"a": choice,
    /// "b": choice}`, one for each waiting team), `override` (set both
    /// choices) or `undo` (back to the step before the last reveal).
    pub action: String,
    /// The HTTP method (`POST`).
    pub method: String,
    /// The route.
    pub path: String,
}
