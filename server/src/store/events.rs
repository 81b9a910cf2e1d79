//! The event log: one row per tournament state change, numbered by a
//! gap-free per-tournament sequence.

use super::entity::{event, tournament};
use super::{StoreError, StoreResult, Tx};
use crate::domain::TournamentId;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

/// An event as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEvent {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// Its sequence number within the tournament (1, 2, …, no gaps).
    pub seq: i64,
    /// The kind, e.g. `result_confirmed`.
    pub kind: String,
    /// The JSON payload, as text.
    pub payload: String,
    /// When it was written (Unix ms).
    pub created_at: i64,
}

impl Tx {
    /// Appends an event to `tournament`'s log with the next sequence number.
    /// Must run inside the write transaction of the change it records (after
    /// [`super::Store::write`] locked the tournament, or after inserting it).
    pub async fn append_event(
        &self,
        tournament: TournamentId,
        kind: &str,
        payload: String,
        at: i64,
    ) -> StoreResult<StoredEvent> {
        self.exec("UPDATE tournaments SET last_seq = last_seq + 1 WHERE id = ?", vec![tournament.into()]).await?;
        let seq = self.last_seq(tournament).await?;
        let row = event::ActiveModel {
            tournament_id: Set(tournament),
            seq: Set(seq),
            kind: Set(kind.to_string()),
            payload: Set(payload.clone()),
            created_at: Set(at),
        };
        row.insert(self.conn()).await?;
        Ok(StoredEvent { tournament_id: tournament, seq, kind: kind.to_string(), payload, created_at: at })
    }

    /// The sequence number of `tournament`'s last event.
    pub async fn last_seq(&self, tournament: TournamentId) -> StoreResult<i64> {
        let seq: Option<i64> = tournament::Entity::find_by_id(tournament)
            .select_only()
            .column(tournament::Column::LastSeq)
            .into_tuple()
            .one(self.conn())
            .await?;
        seq.ok_or(StoreError::TournamentNotFound)
    }

    /// The sequence number of the tournament's latest event of one of
    /// `kinds` (0 when there is none).
    pub async fn last_seq_of(&self, tournament: TournamentId, kinds: &[&str]) -> StoreResult<i64> {
        let seq: Option<i64> = event::Entity::find()
            .filter(event::Column::TournamentId.eq(tournament))
            .filter(event::Column::Kind.is_in(kinds.iter().copied()))
            .select_only()
            .column_as(event::Column::Seq.max(), "seq")
            .into_tuple::<Option<i64>>()
            .one(self.conn())
            .await?
            .flatten();
        Ok(seq.unwrap_or(0))
    }

    /// The tournament's events of one kind, oldest first (at most [`super::SQL_MAX`]).
    pub async fn events_of_kind(&self, tournament: TournamentId, kind: &str) -> StoreResult<Vec<StoredEvent>> {
        Ok(event::Entity::find()
            .filter(event::Column::TournamentId.eq(tournament))
            .filter(event::Column::Kind.eq(kind))
            .order_by_asc(event::Column::Seq)
            .limit(super::SQL_MAX)
            .all(self.conn())
            .await?
            .into_iter()
            .map(stored)
            .collect())
    }

    /// Events with `seq > since`, oldest first, at most `limit`.
    pub async fn events_since(
        &self,
        tournament: TournamentId,
        since: i64,
        limit: u64,
    ) -> StoreResult<Vec<StoredEvent>> {
        event::Entity::find()
            .filter(event::Column::TournamentId.eq(tournament))
            .filter(event::Column::Seq.gt(since))
            .order_by_asc(event::Column::Seq)
            .limit(limit.min(super::SQL_MAX))
            .all(self.conn())
            .await?
            .into_iter()
            .map(|m| Ok(stored(m)))
            .collect()
    }
}

fn stored(m: event::Model) -> StoredEvent {
    StoredEvent {
        tournament_id: m.tournament_id,
        seq: m.seq,
        kind: m.kind,
        payload: m.payload,
        created_at: m.created_at,
    }
}
