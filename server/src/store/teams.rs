//! Team-event rows beside the registrations and pairings: the captains'
//! pairing processes of 40K team matches.

use super::entity::team_process;
use super::{Store, StoreError, StoreResult, Tx};
use crate::domain::{PairingId, TeamProcess, TournamentId};
use arbiter_engine::wh40k_teams::captains::TableChoice;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

impl Tx {
    /// Takes team match `m`'s own write lock for the rest of this write
    /// transaction ([`Store::begin`]): a step of its captains' process is
    /// read, checked and decided under it, and only then takes the
    /// tournament's ([`Store::lock_in`]), for the writes and the commit.
    ///
    /// - PostgreSQL: a transaction-scoped advisory lock keyed by the match
    ///   (two steps of one match run one after the other, steps of different
    ///   matches at once), and the commit does not wait for the disk's flush
    ///   (`synchronous_commit = off` for this transaction alone): the
    ///   tournament's lock is released as soon as the commit record is
    ///   written, not tens of milliseconds later. The change is durable, and
    ///   may be published and answered, once [`Store::settle`] has run
    ///   (`crate::service::Change::commit` does it).
    /// - SQLite: nothing; the transaction holds the database's write lock
    ///   already, which is the match's and the tournament's.
    pub async fn lock_team_match(&mut self, m: PairingId) -> StoreResult<()> {
        if self.backend != sea_orm::DatabaseBackend::Postgres {
            return Ok(());
        }
        self.exec(
            "SELECT pg_advisory_xact_lock(?), set_config('synchronous_commit', 'off', true)",
            vec![advisory_key(m).into()],
        )
        .await?;
        self.unsettled = Some(m);
        Ok(())
    }

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

impl Store {
    /// Waits until a transaction of team match `m` committed without waiting
    /// for the disk ([`Tx::lock_team_match`]) is durable: a transaction that
    /// rewrites the match's process row as it is and commits, waiting for the
    /// flush of the log up to its own commit record, which comes after the
    /// earlier one. Many matches' settles share one flush (PostgreSQL's group
    /// commit); none holds the tournament's lock. Nothing to do on SQLite.
    ///
    /// # Errors
    /// The database is unavailable: the change is committed (and seen by the
    /// live rooms' check of the last events) but may not survive a crash.
    pub async fn settle(&self, m: PairingId) -> StoreResult<()> {
        if self.db.get_database_backend() != sea_orm::DatabaseBackend::Postgres {
            return Ok(());
        }
        let tx = self.begin().await?;
        tx.exec("UPDATE team_processes SET updated_at = updated_at WHERE match_id = ?", vec![m.into()]).await?;
        tx.commit().await
    }
}

/// The advisory lock key of team match `m`: the first 8 bytes of its id.
/// Two matches sharing a key (1 in 2⁶⁴) only wait for each other.
fn advisory_key(m: PairingId) -> i64 {
    let bytes = m.uuid().into_bytes();
    i64::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7]])
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
