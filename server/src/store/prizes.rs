//! Prize rows: a tournament's prize configuration (`prize_configs`) and its
//! allocation runs (`prize_runs`).

use super::entity::{prize_config, prize_run};
use super::{StoreError, StoreResult, Tx};
use crate::domain::{Millis, PrizeRun, PrizeRunId, StoredPrizeConfig, TournamentId};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::de::DeserializeOwned;

impl Tx {
    /// The tournament's prize configuration, if it has one.
    pub async fn prize_config(&self, tournament: TournamentId) -> StoreResult<Option<StoredPrizeConfig>> {
        let Some(m) = prize_config::Entity::find_by_id(tournament).one(self.conn()).await? else {
            return Ok(None);
        };
        Ok(Some(StoredPrizeConfig {
            tournament_id: tournament,
            config: json(&m.config, "prize_configs.config")?,
            updated_by: m.updated_by,
            updated_at: m.updated_at,
        }))
    }

    /// Saves (inserts or replaces) the tournament's prize configuration.
    pub async fn save_prize_config(&self, c: &StoredPrizeConfig) -> StoreResult<()> {
        let row = prize_config::ActiveModel {
            tournament_id: Set(c.tournament_id),
            config: Set(text(&c.config)?),
            updated_by: Set(c.updated_by),
            updated_at: Set(c.updated_at),
        };
        prize_config::Entity::insert(row)
            .on_conflict(
                OnConflict::column(prize_config::Column::TournamentId)
                    .update_columns([
                        prize_config::Column::Config,
                        prize_config::Column::UpdatedBy,
                        prize_config::Column::UpdatedAt,
                    ])
                    .to_owned(),
            )
            .exec(self.conn())
            .await?;
        Ok(())
    }

    /// Stores a new run.
    pub async fn insert_prize_run(&self, r: &PrizeRun) -> StoreResult<()> {
        prize_run::ActiveModel {
            id: Set(r.id),
            tournament_id: Set(r.tournament_id),
            run_by: Set(r.run_by),
            run_at: Set(r.run_at),
            standings_seq: Set(r.standings_seq),
            inputs: Set(text(&r.inputs)?),
            outputs: Set(text(&r.outputs)?),
            log: Set(text(&r.log)?),
            published: Set(r.published),
            published_at: Set(r.published_at),
        }
        .insert(self.conn())
        .await?;
        Ok(())
    }

    /// One run of `tournament`.
    pub async fn prize_run(&self, tournament: TournamentId, id: PrizeRunId) -> StoreResult<Option<PrizeRun>> {
        prize_run::Entity::find_by_id(id)
            .filter(prize_run::Column::TournamentId.eq(tournament))
            .one(self.conn())
            .await?
            .map(from_model)
            .transpose()
    }

    /// Every run of `tournament`, newest first.
    pub async fn prize_runs(&self, tournament: TournamentId) -> StoreResult<Vec<PrizeRun>> {
        prize_run::Entity::find()
            .filter(prize_run::Column::TournamentId.eq(tournament))
            .order_by_desc(prize_run::Column::RunAt)
            .order_by_desc(prize_run::Column::Id)
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_model)
            .collect()
    }

    /// The tournament's published run, if any.
    pub async fn published_prize_run(&self, tournament: TournamentId) -> StoreResult<Option<PrizeRun>> {
        prize_run::Entity::find()
            .filter(prize_run::Column::TournamentId.eq(tournament))
            .filter(prize_run::Column::Published.eq(true))
            .one(self.conn())
            .await?
            .map(from_model)
            .transpose()
    }

    /// Takes the tournament's published run back (no run is public after).
    /// Returns how many runs were published (0 or 1).
    pub async fn unpublish_prize_runs(&self, tournament: TournamentId) -> StoreResult<u64> {
        self.exec(
            "UPDATE prize_runs SET published = ? WHERE tournament_id = ? AND published = ?",
            vec![false.into(), tournament.into(), true.into()],
        )
        .await
    }

    /// Makes `run` the tournament's published run (published `at`); the
    /// run published before, if any, is no longer the published one.
    pub async fn publish_prize_run(&self, tournament: TournamentId, run: PrizeRunId, at: Millis) -> StoreResult<()> {
        self.exec(
            "UPDATE prize_runs SET published = ? WHERE tournament_id = ? AND published = ?",
            vec![false.into(), tournament.into(), true.into()],
        )
        .await?;
        let n = self
            .exec(
                "UPDATE prize_runs SET published = ?, published_at = ? WHERE id = ? AND tournament_id = ?",
                vec![true.into(), at.into(), run.into(), tournament.into()],
            )
            .await?;
        if n == 1 {
            Ok(())
        } else {
            Err(StoreError::Corrupt(format!("prize run {run} not found to publish")))
        }
    }
}

fn text<T: serde::Serialize>(v: &T) -> StoreResult<String> {
    serde_json::to_string(v).map_err(|e| StoreError::Corrupt(format!("serialising prize data: {e}")))
}

fn json<T: DeserializeOwned>(s: &str, what: &str) -> StoreResult<T> {
    serde_json::from_str(s).map_err(|e| StoreError::Corrupt(format!("{what}: {e}")))
}

fn from_model(m: prize_run::Model) -> StoreResult<PrizeRun> {
    Ok(PrizeRun {
        id: m.id,
        tournament_id: m.tournament_id,
        run_by: m.run_by,
        run_at: m.run_at,
        standings_seq: m.standings_seq,
        inputs: json(&m.inputs, "prize_runs.inputs")?,
        outputs: json(&m.outputs, "prize_runs.outputs")?,
        log: json(&m.log, "prize_runs.log")?,
        published: m.published,
        published_at: m.published_at,
    })
}
