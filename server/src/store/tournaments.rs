//! Tournament rows.

use super::entity::{player, tournament};
use super::{StoreError, StoreResult, Tx};
use crate::domain::{Acceleration, Game, PairingSystem, RoundOne, Tournament, TournamentId, TournamentStatus, UserId};
use arbiter_engine::model::Colour;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, ExprTrait as _, IntoActiveModel, QueryFilter, QueryOrder, Set,
};

impl Tx {
    /// Takes the write lock on a tournament and reads it under the lock (see
    /// [`super::Store::write`]): on PostgreSQL one `SELECT … FOR UPDATE`;
    /// on SQLite the transaction holds the database's write lock from its
    /// first statement, and the row is read.
    pub(super) async fn lock_tournament(&self, id: TournamentId) -> StoreResult<Tournament> {
        use sea_orm::QuerySelect as _;
        let query = tournament::Entity::find_by_id(id);
        let row = match self.backend {
            sea_orm::DatabaseBackend::Postgres => query.lock_exclusive().one(self.conn()).await?,
            _ => query.one(self.conn()).await?,
        };
        let t = row.map(from_model).transpose()?.ok_or(StoreError::TournamentNotFound)?;
        self.with_event_staff(t).await
    }

    /// Inserts a new tournament.
    pub async fn insert_tournament(&self, t: &Tournament) -> StoreResult<()> {
        to_active(t).insert(self.conn()).await?;
        Ok(())
    }

    /// Loads a tournament.
    /// A section also carries the staff it inherits from its event.
    pub async fn tournament(&self, id: TournamentId) -> StoreResult<Option<Tournament>> {
        match tournament::Entity::find_by_id(id).one(self.conn()).await?.map(from_model).transpose()? {
            Some(t) => Ok(Some(self.with_event_staff(t).await?)),
            None => Ok(None),
        }
    }

    /// Tournaments in any of these states, newest event first.
    pub async fn tournaments_with_status(&self, statuses: &[TournamentStatus]) -> StoreResult<Vec<Tournament>> {
        tournament::Entity::find()
            .filter(tournament::Column::Status.is_in(statuses.iter().map(|s| s.as_str())))
            .order_by_asc(tournament::Column::EventDate)
            .order_by_asc(tournament::Column::CreatedAt)
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_model)
            .collect()
    }

    /// Finished tournaments, the latest event first, at most `limit`; with
    /// `search`, only those whose name or venue contains it (any case).
    pub async fn finished_tournaments(&self, search: Option<&str>, limit: u64) -> StoreResult<Vec<Tournament>> {
        use sea_orm::sea_query::{Expr, Func};
        use sea_orm::QuerySelect as _;
        let mut q =
            tournament::Entity::find().filter(tournament::Column::Status.eq(TournamentStatus::Complete.as_str()));
        if let Some(s) = search.map(str::trim).filter(|s| !s.is_empty()) {
            let escaped: String = s
                .to_lowercase()
                .chars()
                .flat_map(|c| match c {
                    '%' | '_' | '\\' => vec!['\\', c],
                    c => vec![c],
                })
                .collect();
            let pattern = format!("%{escaped}%");
            let like = |col: tournament::Column| {
                Expr::expr(Func::lower(Expr::col(col)))
                    .like(sea_orm::sea_query::LikeExpr::new(pattern.clone()).escape('\\'))
            };
            q = q.filter(like(tournament::Column::Name).or(like(tournament::Column::Location)));
        }
        q.order_by_desc(tournament::Column::EventDate)
            .order_by_desc(tournament::Column::CreatedAt)
            .limit(limit)
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_model)
            .collect()
    }

    /// Tournaments `user` owns or is registered in (not removed from).
    pub async fn tournaments_of_user(&self, user: UserId) -> StoreResult<Vec<Tournament>> {
        let registered: Vec<TournamentId> = player::Entity::find()
            .filter(player::Column::UserId.eq(user))
            .filter(player::Column::Removed.eq(false))
            .all(self.conn())
            .await?
            .into_iter()
            .map(|p| p.tournament_id)
            .collect();
        tournament::Entity::find()
            .filter(tournament::Column::OwnerId.eq(user).or(tournament::Column::Id.is_in(registered)))
            .order_by_desc(tournament::Column::EventDate)
            .order_by_desc(tournament::Column::CreatedAt)
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_model)
            .collect()
    }

    /// Saves a tournament's mutable fields (status, lock, planned rounds,
    /// event date and initial colour (a TRF import sets them), name, venue,
    /// format, missions and round times (settings), standings
    /// configuration, point values, tie decisions, notices, log, staff,
    /// team rules).
    pub async fn update_tournament(&self, t: &Tournament) -> StoreResult<()> {
        let mut m = tournament::Entity::find_by_id(t.id)
            .one(self.conn())
            .await?
            .ok_or(StoreError::TournamentNotFound)?
            .into_active_model();
        let new = to_active(t);
        m.status = new.status;
        m.lists_locked = new.lists_locked;
        m.total_rounds = new.total_rounds;
        m.event_date = new.event_date;
        m.name = new.name;
        m.location = new.location;
        m.format = new.format;
        m.missions = new.missions;
        m.round_times = new.round_times;
        m.initial_colour = new.initial_colour;
        m.standings_config = new.standings_config;
        m.point_system = new.point_system;
        m.tie_resolutions = new.tie_resolutions;
        m.tie_notices = new.tie_notices;
        m.standings_log = new.standings_log;
        m.staff = new.staff;
        m.teams = new.teams;
        m.constraints = new.constraints;
        m.acceleration = new.acceleration;
        m.round_one = new.round_one;
        m.cap = new.cap;
        m.fee_amount = new.fee_amount;
        m.fee_currency = new.fee_currency;
        m.eligibility = new.eligibility;
        m.event_id = new.event_id;
        m.update(self.conn()).await?;
        Ok(())
    }

    /// Deletes a tournament and everything in it.
    pub async fn delete_tournament(&self, id: TournamentId) -> StoreResult<()> {
        tournament::Entity::delete_by_id(id).exec(self.conn()).await?;
        Ok(())
    }
}

fn to_active(t: &Tournament) -> tournament::ActiveModel {
    tournament::ActiveModel {
        id: Set(t.id),
        owner_id: Set(t.owner_id),
        name: Set(t.name.clone()),
        game: Set(t.game.as_str().to_string()),
        event_date: Set(t.event_date.format("%Y-%m-%d").to_string()),
        location: Set(t.location.clone()),
        format: Set(t.format.clone()),
        total_rounds: Set(i32::try_from(t.total_rounds).unwrap_or(i32::MAX)),
        max_vp: Set(i32::try_from(t.max_vp).unwrap_or(i32::MAX)),
        missions: Set(serde_json::to_string(&t.missions).unwrap_or_else(|_| "[]".into())),
        round_times: Set(serde_json::to_string(&t.round_times).unwrap_or_else(|_| "[]".into())),
        status: Set(t.status.as_str().to_string()),
        lists_locked: Set(t.lists_locked),
        pairing_system: Set(t.pairing_system.as_str().to_string()),
        standings_config: Set(json(&t.standings)),
        point_system: Set(t.points.as_ref().and_then(json)),
        tie_resolutions: Set(json(&t.resolutions)),
        tie_notices: Set(json(&t.tie_notices)),
        staff: Set(json(&t.staff)),
        constraints: Set(json(&t.constraints)),
        acceleration: Set((t.acceleration != Acceleration::None).then(|| json(&t.acceleration)).flatten()),
        round_one: Set((t.round_one != RoundOne::default()).then(|| json(&t.round_one)).flatten()),
        standings_log: Set(json(&t.standings_log)),
        initial_colour: Set(t.initial_colour.map(|c| if c == Colour::White { "W" } else { "B" }.to_string())),
        teams: Set(t.teams.as_ref().and_then(json)),
        cap: Set(t.cap.map(|c| i32::try_from(c).unwrap_or(i32::MAX))),
        fee_amount: Set(t.fee.as_ref().map(|f| i64::try_from(f.amount).unwrap_or(i64::MAX))),
        fee_currency: Set(t.fee.as_ref().map(|f| f.currency.clone())),
        eligibility: Set((t.eligibility != crate::domain::Eligibility::default())
            .then(|| json(&t.eligibility))
            .flatten()),
        event_id: Set(t.event_id),
        last_seq: Set(t.last_seq),
        created_at: Set(t.created_at),
    }
}

/// A value as JSON text (`None` only if it cannot be serialised, which the
/// plain data stored here never fails).
pub(super) fn json<T: serde::Serialize>(v: &T) -> Option<String> {
    serde_json::to_string(v).ok()
}

/// Reads a JSON column; `NULL` is the default value.
pub(super) fn from_json<T: serde::de::DeserializeOwned + Default>(
    v: Option<&str>,
    corrupt: impl Fn() -> StoreError,
) -> StoreResult<T> {
    v.map_or_else(|| Ok(T::default()), |s| serde_json::from_str(s).map_err(|_| corrupt()))
}

pub(super) fn from_model(m: tournament::Model) -> StoreResult<Tournament> {
    let corrupt = |what: &str| StoreError::Corrupt(format!("tournament {}: bad {what}", m.id));
    let game = Game::parse(&m.game).ok_or_else(|| corrupt("game"))?;
    let pairing_system = PairingSystem::parse(&m.pairing_system).ok_or_else(|| corrupt("pairing_system"))?;
    Ok(Tournament {
        id: m.id,
        owner_id: m.owner_id,
        game,
        pairing_system,
        standings: match m.standings_config.as_deref() {
            Some(s) => serde_json::from_str(s).map_err(|_| corrupt("standings_config"))?,
            None => crate::game::system(game).default_standings(pairing_system),
        },
        points: from_json(m.point_system.as_deref(), || corrupt("point_system"))?,
        resolutions: from_json(m.tie_resolutions.as_deref(), || corrupt("tie_resolutions"))?,
        tie_notices: from_json(m.tie_notices.as_deref(), || corrupt("tie_notices"))?,
        staff: from_json(m.staff.as_deref(), || corrupt("staff"))?,
        constraints: from_json(m.constraints.as_deref(), || corrupt("constraints"))?,
        acceleration: from_json(m.acceleration.as_deref(), || corrupt("acceleration"))?,
        round_one: from_json(m.round_one.as_deref(), || corrupt("round_one"))?,
        teams: from_json(m.teams.as_deref(), || corrupt("teams"))?,
        standings_log: from_json(m.standings_log.as_deref(), || corrupt("standings_log"))?,
        eligibility: from_json(m.eligibility.as_deref(), || corrupt("eligibility"))?,
        initial_colour: match m.initial_colour.as_deref() {
            None => None,
            Some("W") => Some(Colour::White),
            Some("B") => Some(Colour::Black),
            Some(_) => return Err(corrupt("initial_colour")),
        },
        event_date: chrono::NaiveDate::parse_from_str(&m.event_date, "%Y-%m-%d").map_err(|_| corrupt("event_date"))?,
        total_rounds: u32::try_from(m.total_rounds).map_err(|_| corrupt("total_rounds"))?,
        max_vp: u32::try_from(m.max_vp).map_err(|_| corrupt("max_vp"))?,
        missions: serde_json::from_str(&m.missions).map_err(|_| corrupt("missions"))?,
        round_times: serde_json::from_str(&m.round_times).map_err(|_| corrupt("round_times"))?,
        status: TournamentStatus::parse(&m.status).ok_or_else(|| corrupt("status"))?,
        name: m.name,
        location: m.location,
        format: m.format,
        lists_locked: m.lists_locked,
        cap: m.cap.map(|c| u32::try_from(c).map_err(|_| corrupt("cap"))).transpose()?,
        fee: match (m.fee_amount, m.fee_currency) {
            (Some(a), Some(currency)) => {
                Some(crate::domain::Fee { amount: u64::try_from(a).map_err(|_| corrupt("fee_amount"))?, currency })
            }
            _ => None,
        },
        event_id: m.event_id,
        event_staff: Vec::new(),
        last_seq: m.last_seq,
        created_at: m.created_at,
    })
}
