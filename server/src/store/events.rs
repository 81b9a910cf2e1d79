//! The event log: one row per tournament state change, numbered by a
//! gap-free per-tournament sequence.

use super::entity::{event, staff_action, tournament};
use super::{StoreError, StoreResult, Tx};
use crate::domain::{Actor, ActorRole, TournamentId};
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
    /// Who made the change, and as what (`None`: no one did, or it was
    /// written before actors were recorded).
    pub actor: Option<Actor>,
}

impl Tx {
    /// Appends `e` to its tournament's log. Its sequence number is the
    /// caller's to give: the next after the tournament's `last_seq`, read
    /// under the tournament's write lock (see `crate::service::Change`),
    /// which [`Tx::set_last_seq`] moves on before the commit.
    pub async fn insert_event(&self, e: &StoredEvent) -> StoreResult<()> {
        let row = event::ActiveModel {
            tournament_id: Set(e.tournament_id),
            seq: Set(e.seq),
            kind: Set(e.kind.clone()),
            payload: Set(e.payload.clone()),
            created_at: Set(e.created_at),
            actor_id: Set(e.actor.map(|a| a.user)),
            actor_role: Set(e.actor.map(|a| a.role.as_str().to_string())),
        };
        event::Entity::insert(row).exec_without_returning(self.conn()).await?;
        Ok(())
    }

    /// Records `seq` as the tournament's last event (after [`Tx::insert_event`]).
    pub async fn set_last_seq(&self, tournament: TournamentId, seq: i64) -> StoreResult<()> {
        self.exec("UPDATE tournaments SET last_seq = ? WHERE id = ?", vec![seq.into(), tournament.into()]).await?;
        Ok(())
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

    /// The last event's sequence number of each of `tournaments` that exists
    /// (one statement: the live rooms' check that the bus lost nothing).
    pub async fn last_seqs(&self, tournaments: &[TournamentId]) -> StoreResult<Vec<(TournamentId, i64)>> {
        Ok(tournament::Entity::find()
            .filter(tournament::Column::Id.is_in(tournaments.iter().copied()))
            .select_only()
            .column(tournament::Column::Id)
            .column(tournament::Column::LastSeq)
            .into_tuple()
            .all(self.conn())
            .await?)
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
        actor: m
            .actor_id
            .zip(m.actor_role.as_deref().and_then(ActorRole::parse))
            .map(|(user, role)| Actor { user, role }),
    }
}

/// An organiser's change that is no public event (an invitation, the
/// constraints, the prize settings, a draft, a claim code), as logged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaffAction {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// When (Unix ms).
    pub at: i64,
    /// Who, and as what.
    pub actor: Actor,
    /// What they did, e.g. `staff_invited` (snake_case).
    pub kind: String,
    /// What it was about, in words (a player's name, a role, a round).
    pub subject: String,
    /// Each field before and after, as JSON text (`[]` for none).
    pub changes: String,
}

impl Tx {
    /// Logs an organiser's change that is no public event, in the change's
    /// transaction.
    pub async fn insert_staff_action(&self, a: &StaffAction) -> StoreResult<()> {
        staff_action::ActiveModel {
            tournament_id: Set(a.tournament_id),
            at: Set(a.at),
            actor_id: Set(a.actor.user),
            actor_role: Set(a.actor.role.as_str().to_string()),
            kind: Set(a.kind.clone()),
            subject: Set(a.subject.clone()),
            changes: Set(a.changes.clone()),
            ..Default::default()
        }
        .insert(self.conn())
        .await?;
        Ok(())
    }

    /// The tournament's logged staff actions, oldest first (at most [`super::SQL_MAX`]).
    pub async fn staff_actions(&self, tournament: TournamentId) -> StoreResult<Vec<StaffAction>> {
        Ok(staff_action::Entity::find()
            .filter(staff_action::Column::TournamentId.eq(tournament))
            .order_by_asc(staff_action::Column::Id)
            .limit(super::SQL_MAX)
            .all(self.conn())
            .await?
            .into_iter()
            .filter_map(|m| {
                let role = ActorRole::parse(&m.actor_role)?;
                Some(StaffAction {
                    tournament_id: m.tournament_id,
                    at: m.at,
                    actor: Actor { user: m.actor_id, role },
                    kind: m.kind,
                    subject: m.subject,
                    changes: m.changes,
                })
            })
            .collect())
    }
}
