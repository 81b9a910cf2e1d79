//! Registration rows.

use super::entity::player;
use super::{StoreError, StoreResult, Tx};
use crate::domain::{Player, PlayerId, PlayerKind, PlayerProfile, TournamentId, UserId};
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

    /// `user`'s registration in `tournament`, if any (removed ones included;
    /// a team's player is not an entrant: [`Tx::member_of_user`]).
    pub async fn player_of_user(&self, tournament: TournamentId, user: UserId) -> StoreResult<Option<Player>> {
        player::Entity::find()
            .filter(player::Column::TournamentId.eq(tournament))
            .filter(player::Column::UserId.eq(user))
            .filter(player::Column::Kind.ne(MEMBER))
            .one(self.conn())
            .await?
            .map(from_model)
            .transpose()
    }

    /// Every entrant of a tournament (singles or teams, not the teams'
    /// players) in registration order (removed ones included; registrations
    /// on the waitlist left out: [`Tx::waitlist`]).
    pub async fn players(&self, tournament: TournamentId) -> StoreResult<Vec<Player>> {
        player::Entity::find()
            .filter(player::Column::TournamentId.eq(tournament))
            .filter(player::Column::Kind.ne(MEMBER))
            .filter(player::Column::Waitlist.is_null())
            .order_by_asc(player::Column::RegistrationNo)
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_model)
            .collect()
    }

    /// The number of entrants not removed by the TO (the waitlist not counted).
    pub async fn player_count(&self, tournament: TournamentId) -> StoreResult<usize> {
        use sea_orm::PaginatorTrait as _;
        let n = player::Entity::find()
            .filter(player::Column::TournamentId.eq(tournament))
            .filter(player::Column::Kind.ne(MEMBER))
            .filter(player::Column::Removed.eq(false))
            .filter(player::Column::Waitlist.is_null())
            .count(self.conn())
            .await?;
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// The registrations waiting for a place, first on the waitlist first.
    pub async fn waitlist(&self, tournament: TournamentId) -> StoreResult<Vec<Player>> {
        player::Entity::find()
            .filter(player::Column::TournamentId.eq(tournament))
            .filter(player::Column::Waitlist.is_not_null())
            .order_by_asc(player::Column::Waitlist)
            .order_by_asc(player::Column::RegistrationNo)
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_model)
            .collect()
    }

    /// Deletes a registration that never entered (one leaving the
    /// waitlist: it has no games, byes or ratings), with its claim code.
    pub async fn delete_waiting_player(&self, id: PlayerId) -> StoreResult<()> {
        use super::entity::claim_code;
        claim_code::Entity::delete_many().filter(claim_code::Column::PlayerId.eq(id)).exec(self.conn()).await?;
        player::Entity::delete_many()
            .filter(player::Column::Id.eq(id))
            .filter(player::Column::Waitlist.is_not_null())
            .exec(self.conn())
            .await?;
        Ok(())
    }

    /// The registration number the next entrant gets.
    pub async fn next_registration_no(&self, tournament: TournamentId) -> StoreResult<u32> {
        self.next_no(tournament, false).await
    }

    /// The registration number the next team player gets (members are
    /// numbered 1, 2, … among themselves, apart from the entrants).
    pub async fn next_member_no(&self, tournament: TournamentId) -> StoreResult<u32> {
        self.next_no(tournament, true).await
    }

    /// Every team player of a tournament, by team then seat (removed ones included).
    pub async fn members(&self, tournament: TournamentId) -> StoreResult<Vec<Player>> {
        member_rows(player::Entity::find().filter(player::Column::TournamentId.eq(tournament)), self).await
    }

    /// One team's players by seat (removed ones included).
    pub async fn members_of_team(&self, team: PlayerId) -> StoreResult<Vec<Player>> {
        member_rows(player::Entity::find().filter(player::Column::TeamId.eq(team)), self).await
    }

    /// `user`'s seat in a team of `tournament`, if any.
    pub async fn member_of_user(&self, tournament: TournamentId, user: UserId) -> StoreResult<Option<Player>> {
        Ok(member_rows(
            player::Entity::find()
                .filter(player::Column::TournamentId.eq(tournament))
                .filter(player::Column::UserId.eq(user)),
            self,
        )
        .await?
        .pop())
    }

    async fn next_no(&self, tournament: TournamentId, members: bool) -> StoreResult<u32> {
        let kind = if members { player::Column::Kind.eq(MEMBER) } else { player::Column::Kind.ne(MEMBER) };
        let max: Option<Option<i32>> = player::Entity::find()
            .select_only()
            .column_as(player::Column::RegistrationNo.max(), "max")
            .filter(player::Column::TournamentId.eq(tournament))
            .filter(kind)
            .into_tuple()
            .one(self.conn())
            .await?;
        let max = max.flatten().unwrap_or(0);
        u32::try_from(max + 1).map_err(|_| StoreError::Corrupt("registration numbers".into()))
    }
}

/// The `kind` of a team's player's row.
const MEMBER: &str = "member";

/// The team players that `q` selects, by team then seat.
async fn member_rows(q: sea_orm::Select<player::Entity>, tx: &Tx) -> StoreResult<Vec<Player>> {
    q.filter(player::Column::Kind.eq(MEMBER))
        .order_by_asc(player::Column::TeamId)
        .order_by_asc(player::Column::Seat)
        .all(tx.conn())
        .await?
        .into_iter()
        .map(from_model)
        .collect()
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
        kind: Set(p.kind.as_str().to_string()),
        team_id: Set(p.kind.team()),
        seat: Set(match p.kind {
            PlayerKind::Member { seat, .. } => Some(i32::try_from(seat).unwrap_or(i32::MAX)),
            _ => None,
        }),
        reserve: Set(matches!(p.kind, PlayerKind::Member { reserve: true, .. })),
        captain_id: Set(match p.kind {
            PlayerKind::Team { captain } => captain,
            _ => None,
        }),
        waitlist: Set(p.waitlist.map(|w| i32::try_from(w).unwrap_or(i32::MAX))),
        payment: Set(p.payment.as_ref().and_then(|x| serde_json::to_string(x).ok())),
    }
}

fn from_model(m: player::Model) -> StoreResult<Player> {
    let corrupt = |what: &str| StoreError::Corrupt(format!("player {}: {what}", m.id));
    let kind = match (m.kind.as_str(), m.team_id, m.seat) {
        ("single", None, None) => PlayerKind::Single,
        ("team", None, None) => PlayerKind::Team { captain: m.captain_id },
        ("member", Some(team), Some(seat)) => {
            PlayerKind::Member { team, seat: u32::try_from(seat).map_err(|_| corrupt("seat"))?, reserve: m.reserve }
        }
        _ => return Err(corrupt("kind")),
    };
    Ok(Player {
        kind,
        id: m.id,
        tournament_id: m.tournament_id,
        user_id: m.user_id,
        registration_no: u32::try_from(m.registration_no)
            .map_err(|_| StoreError::Corrupt(format!("player {}: registration_no", m.id)))?,
        display_name: m.display_name,
        faction: m.faction,
        list_text: m.list_text,
        payment: match m.payment.as_deref() {
            None | Some("") => None,
            Some(j) => {
                Some(serde_json::from_str(j).map_err(|_| StoreError::Corrupt(format!("player {}: payment", m.id)))?)
            }
        },
        waitlist: m
            .waitlist
            .map(|w| u32::try_from(w).map_err(|_| StoreError::Corrupt(format!("player {}: waitlist", m.id))))
            .transpose()?,
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
