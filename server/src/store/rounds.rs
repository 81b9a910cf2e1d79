//! Round rows.

use super::entity::round;
use super::{StoreError, StoreResult, Tx};
use crate::domain::{Round, RoundId, RoundStatus, TournamentId};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

impl Tx {
    /// Inserts a round.
    pub async fn insert_round(&self, r: &Round) -> StoreResult<()> {
        to_active(r).insert(self.conn()).await?;
        Ok(())
    }

    /// Saves a round's status.
    pub async fn update_round(&self, r: &Round) -> StoreResult<()> {
        to_active(r).update(self.conn()).await?;
        Ok(())
    }

    /// Deletes a round's pairings (tables and byes, with any match games):
    /// the round has no pairings after. Returns how many were deleted.
    pub async fn delete_pairings_of_round(&self, round: RoundId) -> StoreResult<u64> {
        self.exec(
            "DELETE FROM match_games WHERE pairing_id IN (SELECT id FROM pairings WHERE round_id = ?)",
            vec![round.into()],
        )
        .await?;
        self.exec("DELETE FROM pairings WHERE round_id = ?", vec![round.into()]).await
    }

    /// Deletes a round that has no pairings.
    pub async fn delete_round(&self, round: RoundId) -> StoreResult<()> {
        self.exec("DELETE FROM rounds WHERE id = ?", vec![round.into()]).await?;
        Ok(())
    }

    /// Loads a round.
    pub async fn round(&self, id: RoundId) -> StoreResult<Option<Round>> {
        round::Entity::find_by_id(id).one(self.conn()).await?.map(from_model).transpose()
    }

    /// A tournament's latest round, if any.
    pub async fn latest_round(&self, tournament: TournamentId) -> StoreResult<Option<Round>> {
        round::Entity::find()
            .filter(round::Column::TournamentId.eq(tournament))
            .order_by_desc(round::Column::RoundNumber)
            .one(self.conn())
            .await?
            .map(from_model)
            .transpose()
    }

    /// A tournament's Swiss (or round-robin) rounds, in order: what standings,
    /// pairing and tie-breaks read. Playoff rounds are left out (see [`Tx::all_rounds`]).
    pub async fn rounds(&self, tournament: TournamentId) -> StoreResult<Vec<Round>> {
        self.rounds_of(tournament, false).await
    }

    /// Every round of a tournament, playoff rounds included, in order.
    pub async fn all_rounds(&self, tournament: TournamentId) -> StoreResult<Vec<Round>> {
        self.rounds_of(tournament, true).await
    }

    async fn rounds_of(&self, tournament: TournamentId, with_playoffs: bool) -> StoreResult<Vec<Round>> {
        let mut rounds = round::Entity::find().filter(round::Column::TournamentId.eq(tournament));
        if !with_playoffs {
            rounds = rounds.filter(round::Column::Playoff.eq(false));
        }
        rounds.order_by_asc(round::Column::RoundNumber).all(self.conn()).await?.into_iter().map(from_model).collect()
    }
}

fn to_active(r: &Round) -> round::ActiveModel {
    round::ActiveModel {
        id: Set(r.id),
        tournament_id: Set(r.tournament_id),
        round_number: Set(i32::try_from(r.number).unwrap_or(i32::MAX)),
        status: Set(r.status.as_str().to_string()),
        mission: Set(r.mission.clone()),
        created_at: Set(r.created_at),
        playoff: Set(r.playoff),
    }
}

fn from_model(m: round::Model) -> StoreResult<Round> {
    let corrupt = |what: &str| StoreError::Corrupt(format!("round {}: bad {what}", m.id));
    Ok(Round {
        id: m.id,
        tournament_id: m.tournament_id,
        number: u32::try_from(m.round_number).map_err(|_| corrupt("round_number"))?,
        status: RoundStatus::parse(&m.status).ok_or_else(|| corrupt("status"))?,
        mission: m.mission,
        created_at: m.created_at,
        playoff: m.playoff,
    })
}
