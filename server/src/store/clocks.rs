//! Round-clock rows.

use super::entity::round_clock;
use super::{StoreError, StoreResult, Tx};
use crate::domain::clock::{ClockState, RoundClock};
use crate::domain::RoundId;
use sea_orm::sea_query::OnConflict;
use sea_orm::{EntityTrait, Set};

impl Tx {
    /// The clock of `round`, if it was ever started.
    pub async fn round_clock(&self, round: RoundId) -> StoreResult<Option<RoundClock>> {
        round_clock::Entity::find_by_id(round).one(self.conn()).await?.map(from_model).transpose()
    }

    /// Stores a round's clock, replacing the one it had.
    pub async fn put_round_clock(&self, c: &RoundClock) -> StoreResult<()> {
        let (ends_at, remaining) = match c.state {
            ClockState::Running { ends_at } => (Some(ends_at), None),
            ClockState::Paused { remaining } => (None, Some(remaining)),
            ClockState::Ended => (None, None),
        };
        let row = round_clock::ActiveModel {
            round_id: Set(c.round_id),
            tournament_id: Set(c.tournament_id),
            state: Set(c.state.as_str().to_string()),
            duration_ms: Set(c.duration),
            ends_at: Set(ends_at),
            remaining_ms: Set(remaining),
            updated_at: Set(c.updated_at),
        };
        let update = [
            round_clock::Column::State,
            round_clock::Column::DurationMs,
            round_clock::Column::EndsAt,
            round_clock::Column::RemainingMs,
            round_clock::Column::UpdatedAt,
        ];
        round_clock::Entity::insert(row)
            .on_conflict(OnConflict::column(round_clock::Column::RoundId).update_columns(update).to_owned())
            .exec(self.conn())
            .await?;
        Ok(())
    }
}

fn from_model(m: round_clock::Model) -> StoreResult<RoundClock> {
    let corrupt = || StoreError::Corrupt(format!("round clock {} in state {:?}", m.round_id, m.state));
    let state = match (m.state.as_str(), m.ends_at, m.remaining_ms) {
        ("running", Some(ends_at), _) => ClockState::Running { ends_at },
        ("paused", _, Some(remaining)) => ClockState::Paused { remaining },
        ("ended", _, _) => ClockState::Ended,
        _ => return Err(corrupt()),
    };
    Ok(RoundClock {
        round_id: m.round_id,
        tournament_id: m.tournament_id,
        state,
        duration: m.duration_ms,
        updated_at: m.updated_at,
    })
}
