//! `elo_history` rows: how each rated game moved each player's rating.

use super::entity::elo_history;
use super::ratings::{count, IN_CHUNK};
use super::{StoreError, StoreResult, Tx};
use crate::domain::{EloEntryId, Millis, PairingId, RoundId, TournamentId, UserId};
use arbiter_engine::model::Outcome;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

/// One `elo_history` row: how one rated game moved one player's rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EloEntry {
    /// The player.
    pub user_id: UserId,
    /// The game system.
    pub game: String,
    /// The tournament of the game.
    pub tournament_id: TournamentId,
    /// The round (rating period).
    pub round_id: RoundId,
    /// The table.
    pub pairing_id: PairingId,
    /// The opponent's account.
    pub opponent_id: UserId,
    /// The result from this player's side.
    pub outcome: Outcome,
    /// Rating before the round.
    pub rating_before: i32,
    /// Rating after the game.
    pub rating_after: i32,
    /// `rating_after − rating_before`.
    pub delta: i32,
    /// The K-factor applied (32 or 16).
    pub k: u32,
    /// Rated games before this one.
    pub games_before: u32,
    /// The round's close time (Unix ms).
    pub recorded_at: Millis,
}

impl Tx {
    /// `game`'s history rows recorded at or after `since`, with their ids.
    pub async fn elo_history_since(&self, game: &str, since: Millis) -> StoreResult<Vec<(EloEntryId, EloEntry)>> {
        elo_history::Entity::find()
            .filter(elo_history::Column::Game.eq(game))
            .filter(elo_history::Column::RecordedAt.gte(since))
            .all(self.conn())
            .await?
            .into_iter()
            .map(|m| Ok((m.id, entry_from_model(m)?)))
            .collect()
    }

    /// A user's history rows in every game system, oldest first.
    pub async fn elo_history_of_user(&self, user: UserId) -> StoreResult<Vec<EloEntry>> {
        elo_history::Entity::find()
            .filter(elo_history::Column::UserId.eq(user))
            .order_by_asc(elo_history::Column::RecordedAt)
            .order_by_asc(elo_history::Column::RoundId)
            .all(self.conn())
            .await?
            .into_iter()
            .map(entry_from_model)
            .collect()
    }

    /// Inserts history rows.
    pub async fn insert_elo_entries(&self, rows: &[(EloEntryId, EloEntry)]) -> StoreResult<()> {
        for chunk in rows.chunks(IN_CHUNK / 16) {
            elo_history::Entity::insert_many(chunk.iter().map(|(id, e)| entry_to_active(*id, e)))
                .exec(self.conn())
                .await?;
        }
        Ok(())
    }

    /// Rewrites a history row.
    pub async fn update_elo_entry(&self, id: EloEntryId, e: &EloEntry) -> StoreResult<()> {
        entry_to_active(id, e).update(self.conn()).await?;
        Ok(())
    }

    /// Deletes history rows.
    pub async fn delete_elo_entries(&self, ids: &[EloEntryId]) -> StoreResult<()> {
        for chunk in ids.chunks(IN_CHUNK) {
            elo_history::Entity::delete_many()
                .filter(elo_history::Column::Id.is_in(chunk.iter().copied()))
                .exec(self.conn())
                .await?;
        }
        Ok(())
    }
}

/// The stored (and shown) name of an outcome: `win`, `draw`, `loss`.
#[must_use]
pub const fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
    }
}

fn entry_to_active(id: EloEntryId, e: &EloEntry) -> elo_history::ActiveModel {
    elo_history::ActiveModel {
        id: Set(id),
        user_id: Set(e.user_id),
        game: Set(e.game.clone()),
        tournament_id: Set(e.tournament_id),
        round_id: Set(e.round_id),
        pairing_id: Set(e.pairing_id),
        opponent_id: Set(e.opponent_id),
        result: Set(outcome_name(e.outcome).to_string()),
        rating_before: Set(e.rating_before),
        rating_after: Set(e.rating_after),
        delta: Set(e.delta),
        k_factor: Set(i32::try_from(e.k).unwrap_or(i32::MAX)),
        games_before: Set(i32::try_from(e.games_before).unwrap_or(i32::MAX)),
        recorded_at: Set(e.recorded_at),
    }
}

fn entry_from_model(m: elo_history::Model) -> StoreResult<EloEntry> {
    let at = format!("elo_history {}", m.id);
    let outcome = match m.result.as_str() {
        "win" => Outcome::Win,
        "draw" => Outcome::Draw,
        "loss" => Outcome::Loss,
        _ => return Err(StoreError::Corrupt(format!("{at}: bad result"))),
    };
    Ok(EloEntry {
        user_id: m.user_id,
        game: m.game,
        tournament_id: m.tournament_id,
        round_id: m.round_id,
        pairing_id: m.pairing_id,
        opponent_id: m.opponent_id,
        outcome,
        rating_before: m.rating_before,
        rating_after: m.rating_after,
        delta: m.delta,
        k: count(m.k_factor, "k_factor", &at)?,
        games_before: count(m.games_before, "games_before", &at)?,
        recorded_at: m.recorded_at,
    })
}
