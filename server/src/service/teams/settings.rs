//! A team event's rules changed after creation (`teams` in
//! `PATCH /api/tournaments/{id}/settings`), where the rules allow:
//!
//! - The step timer of the captains' process and who takes the table choice:
//!   until the event is complete (a step already running keeps its start; its
//!   deadline follows the new length; a process already open keeps its table
//!   choice).
//! - The 40K conversion table and the match's draw band, the no-faction-twice
//!   rule, the number of reserves and the chess ranking boards: until round 1
//!   is paired (the event's matches are all scored, and its teams all ranked,
//!   under one rule).
//! - The format and the team size: never (teams are registered at that size).
//!
//! Each value is checked as at creation ([`super::check_rules`]); turning the
//! no-faction-twice rule on, or lowering the reserves, is refused while a
//! registered team breaks the new rule (naming the team).

use super::registration::check_factions;
use crate::domain::{PlayerKind, TeamFormat, TeamRules, Tournament};
use crate::error::{ApiError, ApiResult, Code};
use crate::store::Tx;
use arbiter_engine::wh40k_teams::captains::TableChoice;
use arbiter_engine::wh40k_teams::scoring::{ConversionTable, MatchRule};
use serde::Deserialize;

/// `teams` in `PATCH /api/tournaments/{id}/settings`: the team rules to
/// change, with the names the event was created with; absent ones stay.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamRulesPatch {
    /// Fixed at creation: accepted only when unchanged.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub format: Option<TeamFormat>,
    /// Fixed at creation: accepted only when unchanged.
    #[serde(default)]
    pub size: Option<u32>,
    /// The most reserves a team may register (until round 1 is paired; not
    /// below a registered team's reserves).
    #[serde(default)]
    pub reserves: Option<u32>,
    /// 40K: no faction twice in a team (until round 1 is paired).
    #[serde(default)]
    pub unique_factions: Option<bool>,
    /// 40K: seconds per step of the captains' process, 10–3600 (until the
    /// event is complete).
    #[serde(default)]
    pub step_seconds: Option<u32>,
    /// 40K: `off`, `roll_off_winner` or `roll_off_loser` (until the
    /// event is complete; open processes keep theirs).
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub table_choice: Option<TableChoice>,
    /// 40K: the VP-margin conversion table `{"total":20,"bands":[…]}`
    /// (until round 1 is paired).
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub conversion: Option<ConversionTable>,
    /// 40K: `{"draw_band": N}` (until round 1 is paired).
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub match_rule: Option<MatchRule>,
    /// Chess: the top ratings averaged for the initial ranking (Olympiad
    /// Pairing Rules 2022 art. 3.1.1; until round 1 is paired).
    #[serde(default)]
    pub ranking_boards: Option<u32>,
}

fn locked(message: String) -> ApiError {
    ApiError::conflict(Code::SettingLocked, message)
}

fn invalid(field: &str, message: String) -> ApiError {
    ApiError::invalid(Code::InvalidField, format!("{field}: {message}"))
        .with_details(serde_json::json!({ "field": field }))
}

/// `t`'s team rules with `patch` applied, checked against the event's state:
/// `paired` (round 1 is paired) and `complete`.
///
/// # Errors
/// 409 `not_team_event` for a singles event; 422 `invalid_field` naming the
/// field (a value [`super::check_rules`] refuses, a 40K-only rule on another
/// format); 409 `setting_locked` for the format, the size, a rule fixed once
/// round 1 is paired or the event complete, and for a rule a registered team
/// breaks.
pub async fn patched(
    tx: &Tx,
    t: &Tournament,
    patch: &TeamRulesPatch,
    paired: bool,
    complete: bool,
) -> ApiResult<TeamRules> {
    let old = super::rules_of(t)?;
    let mut new = old.clone();
    if patch.format.is_some_and(|f| f != old.format) {
        return Err(locked("teams.format: an event's kind of team is fixed when it is created.".into()));
    }
    if patch.size.is_some_and(|s| s != old.size) {
        return Err(locked(format!(
            "teams.size: teams are registered with {} players; the size is fixed when the event is created.",
            old.size
        )));
    }
    let wh40k_only = [
        ("teams.unique_factions", patch.unique_factions.is_some()),
        ("teams.step_seconds", patch.step_seconds.is_some()),
        ("teams.table_choice", patch.table_choice.is_some()),
        ("teams.conversion", patch.conversion.is_some()),
        ("teams.match_rule", patch.match_rule.is_some()),
    ];
    if old.format != TeamFormat::Wh40k {
        if let Some((field, _)) = wh40k_only.iter().find(|(_, given)| *given) {
            return Err(invalid(field, "only a 40K team event has this rule.".into()));
        }
    }
    let change = |field: &str, differs: bool, until_round_one: bool| -> ApiResult<bool> {
        if !differs {
            return Ok(false);
        }
        if complete {
            return Err(locked(format!("{field}: the event is complete.")));
        }
        if until_round_one && paired {
            return Err(locked(format!(
                "{field}: the event's matches are scored and its teams ranked under one rule; it is fixed once round 1 is paired."
            )));
        }
        Ok(true)
    };
    if let Some(v) = patch.step_seconds {
        if change("teams.step_seconds", v != old.step_seconds, false)? {
            new.step_seconds = v;
        }
    }
    if let Some(v) = patch.table_choice {
        if change("teams.table_choice", v != old.table_choice, false)? {
            new.table_choice = v;
        }
    }
    if let Some(v) = &patch.conversion {
        if change("teams.conversion", *v != old.conversion, true)? {
            new.conversion = v.clone();
        }
    }
    if let Some(v) = patch.match_rule {
        if change("teams.match_rule", v != old.match_rule, true)? {
            new.match_rule = v;
        }
    }
    if let Some(v) = patch.unique_factions {
        if change("teams.unique_factions", v != old.unique_factions, true)? {
            new.unique_factions = v;
        }
    }
    if let Some(v) = patch.reserves {
        if change("teams.reserves", v != old.reserves, true)? {
            new.reserves = v;
        }
    }
    if let Some(v) = patch.ranking_boards {
        if change("teams.ranking_boards", Some(v) != old.ranking_boards, true)? {
            new.ranking_boards = Some(v);
        }
    }
    let new = super::check_rules(t.game, new)?;
    if new.reserves < old.reserves || (new.unique_factions && !old.unique_factions) {
        registered_teams_keep(tx, t, &new).await?;
    }
    Ok(new)
}

/// Refuses `rules` while a registered team breaks them: more reserves than
/// `rules.reserves`, or (with `unique_factions`) a faction twice.
async fn registered_teams_keep(tx: &Tx, t: &Tournament, rules: &TeamRules) -> ApiResult<()> {
    let members = tx.members(t.id).await?;
    for team in tx.players(t.id).await?.iter().filter(|p| matches!(p.kind, PlayerKind::Team { .. })) {
        let roster: Vec<_> = members.iter().filter(|m| m.kind.team() == Some(team.id) && !m.dropped).collect();
        let reserves = roster.iter().filter(|m| matches!(m.kind, PlayerKind::Member { reserve: true, .. })).count();
        if reserves > rules.reserves as usize {
            return Err(locked(format!(
                "teams.reserves: {} has {reserves} reserves registered; remove reserves before allowing {}.",
                team.display_name, rules.reserves
            )));
        }
        check_factions(rules, &team.display_name, roster.iter().map(|m| (m.display_name.as_str(), m.faction.as_str())))
            .map_err(|e| locked(format!("teams.unique_factions: {}", e.message())))?;
    }
    Ok(())
}
