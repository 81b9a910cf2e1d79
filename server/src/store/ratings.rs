//! Rating rows: `player_elo` (current ratings), `rated_rounds` (the rating
//! periods, in close order), `rating_clock` (the lock every rating write
//! takes first), and the names rating views show. History rows are in
//! `elo_history.rs`.

use super::entity::{elo_history, event, player_elo, rated_round, rating_clock, round, tournament, user};
use super::{StoreError, StoreResult, Tx};
use crate::domain::{Millis, RoundId, RoundStatus, TournamentId, UserId};
use arbiter_engine::rating::elo::Rating;
use sea_orm::sea_query::{OnConflict, Query};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use std::collections::{BTreeSet, HashMap};

/// Ids per `IN (…)` list (SQLite allows 32,766 placeholders; stay far below).
pub(super) const IN_CHUNK: usize = 500;

/// A closed round as a rating period: its games are rated together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedRound {
    /// The round.
    pub round_id: RoundId,
    /// Its tournament.
    pub tournament_id: TournamentId,
    /// The game system (`wh40k`, …): the rating list it counts for.
    pub game: String,
    /// When it was rated (Unix ms); periods are ordered by `(closed_at, round_id)`.
    pub closed_at: Millis,
}

/// An account's current rating in one game system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerElo {
    /// The account.
    pub user_id: UserId,
    /// The game system.
    pub game: String,
    /// Rating and rated games.
    pub rating: Rating,
    /// When it last changed (Unix ms).
    pub updated_at: Millis,
}

impl Tx {
    /// Takes the rating lock (a no-op update of the `rating_clock` row): rating
    /// writes run one at a time across tournaments, so no two transactions
    /// read and update the same player's rating at once.
    pub async fn lock_ratings(&self) -> StoreResult<()> {
        self.exec("UPDATE rating_clock SET last_closed_at = last_closed_at WHERE id = 1", vec![]).await?;
        Ok(())
    }

    /// Takes the rating lock and returns the close time of a round closing
    /// `now`: `now`, or one ms after the last close if the clock has not
    /// moved past it, so close times are strictly increasing.
    pub async fn tick_rating_clock(&self, now: Millis) -> StoreResult<Millis> {
        self.exec(
            "UPDATE rating_clock SET last_closed_at = CASE WHEN last_closed_at < ? THEN ? ELSE last_closed_at + 1 END WHERE id = 1",
            vec![now.into(), now.into()],
        )
        .await?;
        rating_clock::Entity::find_by_id(1)
            .one(self.conn())
            .await?
            .map(|m| m.last_closed_at)
            .ok_or_else(|| StoreError::Corrupt("rating_clock row missing".into()))
    }

    /// Records a round as rated.
    pub async fn insert_rated_round(&self, r: &RatedRound) -> StoreResult<()> {
        rated_round::ActiveModel {
            round_id: Set(r.round_id),
            tournament_id: Set(r.tournament_id),
            game: Set(r.game.clone()),
            closed_at: Set(r.closed_at),
        }
        .insert(self.conn())
        .await?;
        Ok(())
    }

    /// Forgets that a round was rated (it was reopened): it is no longer a rating period.
    pub async fn delete_rated_round(&self, round: RoundId) -> StoreResult<()> {
        self.exec("DELETE FROM rated_rounds WHERE round_id = ?", vec![round.into()]).await?;
        Ok(())
    }

    /// The rating period of a round, if it was rated.
    pub async fn rated_round(&self, round: RoundId) -> StoreResult<Option<RatedRound>> {
        rated_round::Entity::find_by_id(round).one(self.conn()).await?.map(rated_from_model).transpose()
    }

    /// The rating periods of `game` closed at or after `since`, in rating
    /// order `(closed_at, round_id)`.
    pub async fn rated_rounds(&self, game: &str, since: Millis) -> StoreResult<Vec<RatedRound>> {
        rated_round::Entity::find()
            .filter(rated_round::Column::Game.eq(game))
            .filter(rated_round::Column::ClosedAt.gte(since))
            .order_by_asc(rated_round::Column::ClosedAt)
            .order_by_asc(rated_round::Column::RoundId)
            .all(self.conn())
            .await?
            .into_iter()
            .map(rated_from_model)
            .collect()
    }

    /// Closed rounds that are not rating periods (closed before ratings
    /// existed): `(round, tournament, round created_at)`.
    pub async fn unrated_closed_rounds(&self) -> StoreResult<Vec<(RoundId, TournamentId, Millis)>> {
        let rated = Query::select().column(rated_round::Column::RoundId).from(rated_round::Entity).to_owned();
        round::Entity::find()
            .filter(round::Column::Status.eq(RoundStatus::Complete.as_str()))
            .filter(round::Column::Id.not_in_subquery(rated))
            .all(self.conn())
            .await?
            .into_iter()
            .map(|m| Ok((m.id, m.tournament_id, m.created_at)))
            .collect()
    }

    /// The `round_closed` events of a tournament: `(seq, payload, created_at)`.
    pub async fn round_closed_events(&self, tournament: TournamentId) -> StoreResult<Vec<(i64, String, Millis)>> {
        Ok(event::Entity::find()
            .filter(event::Column::TournamentId.eq(tournament))
            .filter(event::Column::Kind.eq("round_closed"))
            .all(self.conn())
            .await?
            .into_iter()
            .map(|m| (m.seq, m.payload, m.created_at))
            .collect())
    }

    /// Every game system that has a rating period, a rating or a history row.
    pub async fn rating_games(&self) -> StoreResult<BTreeSet<String>> {
        let mut games = BTreeSet::new();
        games.extend(distinct_games(rated_round::Entity::find(), rated_round::Column::Game, self).await?);
        games.extend(distinct_games(player_elo::Entity::find(), player_elo::Column::Game, self).await?);
        games.extend(distinct_games(elo_history::Entity::find(), elo_history::Column::Game, self).await?);
        Ok(games)
    }

    /// The current ratings in `game` of these users (unrated ones absent).
    pub async fn player_elos(&self, game: &str, users: &[UserId]) -> StoreResult<HashMap<UserId, Rating>> {
        let mut out = HashMap::with_capacity(users.len());
        for chunk in users.chunks(IN_CHUNK) {
            let rows = player_elo::Entity::find()
                .filter(player_elo::Column::Game.eq(game))
                .filter(player_elo::Column::UserId.is_in(chunk.iter().copied()))
                .all(self.conn())
                .await?;
            for m in rows {
                let e = elo_from_model(m)?;
                out.insert(e.user_id, e.rating);
            }
        }
        Ok(out)
    }

    /// Every current rating in `game`.
    pub async fn player_elos_of_game(&self, game: &str) -> StoreResult<HashMap<UserId, Rating>> {
        player_elo::Entity::find()
            .filter(player_elo::Column::Game.eq(game))
            .all(self.conn())
            .await?
            .into_iter()
            .map(|m| elo_from_model(m).map(|e| (e.user_id, e.rating)))
            .collect()
    }

    /// Sets `user`'s rating in `game` (insert or update).
    pub async fn save_player_elo(&self, user: UserId, game: &str, rating: Rating, at: Millis) -> StoreResult<()> {
        let row = player_elo::ActiveModel {
            user_id: Set(user),
            game: Set(game.to_string()),
            rating: Set(rating.rating),
            games_played: Set(i32::try_from(rating.games).unwrap_or(i32::MAX)),
            updated_at: Set(at),
        };
        player_elo::Entity::insert(row)
            .on_conflict(
                OnConflict::columns([player_elo::Column::UserId, player_elo::Column::Game])
                    .update_columns([
                        player_elo::Column::Rating,
                        player_elo::Column::GamesPlayed,
                        player_elo::Column::UpdatedAt,
                    ])
                    .to_owned(),
            )
            .exec(self.conn())
            .await?;
        Ok(())
    }

    /// Removes `user`'s rating in `game` (they have no rated game left).
    pub async fn delete_player_elo(&self, user: UserId, game: &str) -> StoreResult<()> {
        player_elo::Entity::delete_by_id((user, game.to_string())).exec(self.conn()).await?;
        Ok(())
    }

    /// A page of `game`'s leaderboard: highest rating first, then most games,
    /// then account id (a stable order).
    pub async fn leaderboard(&self, game: &str, offset: u64, limit: u64) -> StoreResult<Vec<PlayerElo>> {
        player_elo::Entity::find()
            .filter(player_elo::Column::Game.eq(game))
            .order_by_desc(player_elo::Column::Rating)
            .order_by_desc(player_elo::Column::GamesPlayed)
            .order_by_asc(player_elo::Column::UserId)
            .offset(offset.min(super::SQL_MAX))
            .limit(limit.min(super::SQL_MAX))
            .all(self.conn())
            .await?
            .into_iter()
            .map(elo_from_model)
            .collect()
    }

    /// How many accounts are rated in `game` (with `above`: only those rated higher).
    pub async fn rated_players(&self, game: &str, above: Option<i32>) -> StoreResult<u64> {
        let mut q = player_elo::Entity::find().filter(player_elo::Column::Game.eq(game));
        if let Some(r) = above {
            q = q.filter(player_elo::Column::Rating.gt(r));
        }
        Ok(q.count(self.conn()).await?)
    }

    /// A user's ratings in every game system.
    pub async fn player_elos_of_user(&self, user: UserId) -> StoreResult<Vec<PlayerElo>> {
        player_elo::Entity::find()
            .filter(player_elo::Column::UserId.eq(user))
            .order_by_asc(player_elo::Column::Game)
            .all(self.conn())
            .await?
            .into_iter()
            .map(elo_from_model)
            .collect()
    }

    /// Account display names by id.
    pub async fn user_names(&self, ids: &[UserId]) -> StoreResult<HashMap<UserId, String>> {
        let mut out = HashMap::with_capacity(ids.len());
        for chunk in ids.chunks(IN_CHUNK) {
            let rows =
                user::Entity::find().filter(user::Column::Id.is_in(chunk.iter().copied())).all(self.conn()).await?;
            for m in rows {
                out.insert(m.id, m.display_name);
            }
        }
        Ok(out)
    }

    /// Tournament names by id.
    pub async fn tournament_names(&self, ids: &[TournamentId]) -> StoreResult<HashMap<TournamentId, String>> {
        let mut out = HashMap::with_capacity(ids.len());
        for chunk in ids.chunks(IN_CHUNK) {
            let rows = tournament::Entity::find()
                .filter(tournament::Column::Id.is_in(chunk.iter().copied()))
                .all(self.conn())
                .await?;
            for m in rows {
                out.insert(m.id, m.name);
            }
        }
        Ok(out)
    }

    /// Round numbers by round id.
    pub async fn round_numbers(&self, ids: &[RoundId]) -> StoreResult<HashMap<RoundId, u32>> {
        let mut out = HashMap::with_capacity(ids.len());
        for chunk in ids.chunks(IN_CHUNK) {
            let rows =
                round::Entity::find().filter(round::Column::Id.is_in(chunk.iter().copied())).all(self.conn()).await?;
            for m in rows {
                let n = u32::try_from(m.round_number)
                    .map_err(|_| StoreError::Corrupt(format!("round {}: round_number", m.id)))?;
                out.insert(m.id, n);
            }
        }
        Ok(out)
    }
}

/// The distinct values of a table's `game` column.
async fn distinct_games<E: EntityTrait>(q: sea_orm::Select<E>, column: E::Column, tx: &Tx) -> StoreResult<Vec<String>> {
    Ok(q.select_only().column(column).distinct().into_tuple::<String>().all(tx.conn()).await?)
}

/// A stored count as `u32`.
pub(super) fn count(v: i32, what: &str, id: &str) -> StoreResult<u32> {
    u32::try_from(v).map_err(|_| StoreError::Corrupt(format!("{id}: bad {what}")))
}

fn rated_from_model(m: rated_round::Model) -> StoreResult<RatedRound> {
    Ok(RatedRound { round_id: m.round_id, tournament_id: m.tournament_id, game: m.game, closed_at: m.closed_at })
}

fn elo_from_model(m: player_elo::Model) -> StoreResult<PlayerElo> {
    let games = count(m.games_played, "games_played", &format!("player_elo {}", m.user_id))?;
    Ok(PlayerElo {
        user_id: m.user_id,
        game: m.game,
        rating: Rating { rating: m.rating, games },
        updated_at: m.updated_at,
    })
}
