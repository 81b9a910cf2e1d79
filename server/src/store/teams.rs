//! Team-event rows beside the registrations and pairings: the captains'
//! pairing processes of 40K team matches.

use super::entity::team_process;
use super::{StoreError, StoreResult, Tx};
use crate::domain::{PairingId, TeamProcess, TournamentId};
use arbiter_engine::wh40k_teams::captains::TableChoice;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

impl Tx {
    /// The captains' process of a team match, if it has one.
    pub async fn team_process(&self, team_match: PairingId) -> StoreResult<Option<TeamProcess>> {
        team_process::Entity::find_by_id(team_match).one(self.conn()).await?.map(from_model).transpose()
    }

    /// Every captains' process of a tournament (any round).
    pub async fn team_processes(&self, tournament: TournamentId) -> StoreResult<Vec<TeamProcess>> {
        team_process::Entity::find()
            .filter(team_process::Column::TournamentId.eq(tournament))
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_model)
            .collect()
    }

    /// The processes whose step timer ran out by `now` (Unix ms) and whose
    /// expiry is not announced yet, as (team match, tournament), the longest
    /// overdue first, at most `limit`.
    pub async fn expired_processes(&self, now: i64, limit: u64) -> StoreResult<Vec<(PairingId, TournamentId)>> {
        Ok(team_process::Entity::find()
            .filter(team_process::Column::ExpiresAt.lte(now))
            .order_by_asc(team_process::Column::ExpiresAt)
            .limit(limit)
            .all(self.conn())
            .await?
            .into_iter()
            .map(|m| (m.match_id, m.tournament_id))
            .collect())
    }

    /// Stores a process, replacing the match's previous one.
    pub async fn put_team_process(&self, p: &TeamProcess) -> StoreResult<()> {
        let row = team_process::ActiveModel {
            match_id: Set(p.match_id),
            tournament_id: Set(p.tournament_id),
            rosters: Set(text(&p.rosters)?),
            table_choice: Set(choice_text(p.table_choice)?),
            actions: Set(text(&p.actions)?),
            step_started_at: Set(p.step_started_at),
            updated_at: Set(p.updated_at),
            expires_at: Set(p.expires_at),
        };
        let update = [
            team_process::Column::Rosters,
            team_process::Column::TableChoice,
            team_process::Column::Actions,
            team_process::Column::StepStartedAt,
            team_process::Column::UpdatedAt,
            team_process::Column::ExpiresAt,
        ];
        team_process::Entity::insert(row)
            .on_conflict(OnConflict::column(team_process::Column::MatchId).update_columns(update).to_owned())
            .exec(self.conn())
            .await?;
        Ok(())
    }
}

/// A column's JSON text.
fn text<T: serde::Serialize>(v: &T) -> StoreResult<String> {
    serde_json::to_string(v).map_err(|e| StoreError::Corrupt(format!("team process: {e}")))
}

/// The table-choice column: the rule's bare name (`off`, `roll_off_winner`,
/// `roll_off_loser`), which fits the column's 16 characters (its JSON string,
/// quoted, would not: PostgreSQL refuses `"roll_off_winner"`).
fn choice_text(c: TableChoice) -> StoreResult<String> {
    match serde_json::to_value(c) {
        Ok(serde_json::Value::String(s)) => Ok(s),
        _ => Err(StoreError::Corrupt("team process: table choice".into())),
    }
}

/// Reads the table-choice column: the bare name, or a quoted JSON string.
fn choice_from(s: &str) -> Option<TableChoice> {
    serde_json::from_value(serde_json::Value::String(s.trim_matches('"').to_string())).ok()
}

fn from_model(m: team_process::Model) -> StoreResult<TeamProcess> {
    let corrupt = |what: &str| StoreError::Corrupt(format!("team process {}: bad {what}", m.match_id));
    Ok(TeamProcess {
        match_id: m.match_id,
        tournament_id: m.tournament_id,
        rosters: serde_json::from_str(&m.rosters).map_err(|_| corrupt("rosters"))?,
        table_choice: choice_from(&m.table_choice).ok_or_else(|| corrupt("table_choice"))?,
        actions: serde_json::from_str(&m.actions).map_err(|_| corrupt("actions"))?,
        step_started_at: m.step_started_at,
        updated_at: m.updated_at,
        expires_at: m.expires_at,
    })
}
