//! Registration rows.

use super::entity::player;
use super::{StoreError, StoreResult, Tx};
use crate::domain::{Player, PlayerId, PlayerProfile, TournamentId, UserId};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

impl Tx {
    /// Inserts a registration.
    pub async fn insert_player(&self, p: &Player) -> StoreResult<()> {
        to_active(p).insert(self.conn()).await?;
        Ok(())
    }

    /// Inserts registrations, a couple of hundred rows per statement.
    pub async fn insert_players(&self, players: &[Player]) -> StoreResult<()> {
        for chunk in players.chunks(200) {
            player::Entity::insert_many(chunk.iter().map(to_active)).exec_without_returning(self.conn()).await?;
        }
        Ok(())
    }

    /// Saves a registration's mutable fields.
    pub async fn update_player(&self, p: &Player) -> StoreResult<()> {
        to_active(p).update(self.conn()).await?;
        Ok(())
    }

    /// Loads a registration.
    pub async fn player(&self, id: PlayerId) -> StoreResult<Option<Player>> {
        player::Entity::find_by_id(id).one(self.conn()).await?.map(from_model).transpose()
    }

    /// The registrations with these ids (in any order; unknown ids are left out), in one query.
    pub async fn players_in(&self, ids: &[PlayerId]) -> StoreResult<Vec<Player>> {
        player::Entity::find()
            .filter(player::Column::Id.is_in(ids.iter().copied()))
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_model)
            .collect()
    }

    /// `user`'s registration in `tournament`, if any (removed ones included).
    pub async fn player_of_user(&self, tournament: TournamentId, user: UserId) -> StoreResult<Option<Player>> {
        player::Entity::find()
            .filter(player::Column::TournamentId.eq(tournament))
            .filter(player::Column::UserId.eq(user))
            .one(self.conn())
            .await?
            .map(from_model)
            .transpose()
    }

    /// Every registration of a tournament in registration order (removed ones included).
    pub async fn players(&self, tournament: TournamentId) -> StoreResult<Vec<Player>> {
        player::Entity::find()
            .filter(player::Column::TournamentId.eq(tournament))
            .order_by_asc(player::Column::RegistrationNo)
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_model)
            .collect()
    }

    /// The number of registrations not removed by the TO.
    pub async fn player_count(&self, tournament: TournamentId) -> StoreResult<usize> {
        use sea_orm::PaginatorTrait as _;
        let n = player::Entity::find()
            .filter(player::Column::TournamentId.eq(tournament))
            .filter(player::Column::Removed.eq(false))
            .count(self.conn())
            .await?;
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// The registration number the next player gets.
    pub async fn next_registration_no(&self, tournament: TournamentId) -> StoreResult<u32> {
        let max: Option<Option<i32>> = player::Entity::find()
            .select_only()
            .column_as(player::Column::RegistrationNo.max(), "max")
            .filter(player::Column::TournamentId.eq(tournament))
            .into_tuple()
            .one(self.conn())
            .await?;
        let max = max.flatten().unwrap_or(0);
        u32::try_from(max + 1).map_err(|_| StoreError::Corrupt("registration numbers".into()))
    }
}

fn to_active(p: &Player) -> player::ActiveModel {
    player::ActiveModel {
        id: Set(p.id),
        tournament_id: Set(p.tournament_id),
        user_id: Set(p.user_id),
        registration_no: Set(i32::try_from(p.registration_no).unwrap_or(i32::MAX)),
        display_name: Set(p.display_name.clone()),
        faction: Set(p.faction.clone()),
        list_text: Set(p.list_text.clone()),
        checked_in: Set(p.checked_in),
        dropped: Set(p.dropped),
        removed: Set(p.removed),
        registered_at: Set(p.registered_at),
        pairing_no: Set(p.pairing_no.map(|n| i32::try_from(n).unwrap_or(i32::MAX))),
        profile: Set(
            (p.profile != PlayerProfile::default()).then(|| serde_json::to_string(&p.profile).unwrap_or_default())
        ),
        adjustments: Set((!p.adjustments.is_empty()).then(|| serde_json::to_string(&p.adjustments).unwrap_or_default())),
    }
}

fn from_model(m: player::Model) -> StoreResult<Player> {
    Ok(Player {
        id: m.id,
        tournament_id: m.tournament_id,
        user_id: m.user_id,
        registration_no: u32::try_from(m.registration_no)
            .map_err(|_| StoreError::Corrupt(format!("player {}: registration_no", m.id)))?,
        display_name: m.display_name,
        faction: m.faction,
        list_text: m.list_text,
        checked_in: m.checked_in,
        dropped: m.dropped,
        removed: m.removed,
        registered_at: m.registered_at,
        pairing_no: m
            .pairing_no
            .map(|n| u32::try_from(n).map_err(|_| StoreError::Corrupt(format!("player {}: pairing_no", m.id))))
            .transpose()?,
        profile: match m.profile.as_deref() {
            None | Some("") => PlayerProfile::default(),
            Some(j) => serde_json::from_str(j).map_err(|_| StoreError::Corrupt(format!("player {}: profile", m.id)))?,
        },
        adjustments: match m.adjustments.as_deref() {
            None | Some("") => Vec::new(),
            Some(j) => {
                serde_json::from_str(j).map_err(|_| StoreError::Corrupt(format!("player {}: adjustments", m.id)))?
            }
        },
    })
}
