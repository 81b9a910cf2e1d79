//! Events with sections (`venue_events`) and which tournaments are their
//! sections (`tournaments.event_id`).

use super::entity::{tournament, venue_event};
use super::tournaments::{from_json, from_model, json};
use super::{StoreError, StoreResult, Tx};
use crate::domain::{EventId, Tournament, TournamentId, VenueEvent};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set};

impl Tx {
    /// Inserts a new event.
    pub async fn insert_venue_event(&self, e: &VenueEvent) -> StoreResult<()> {
        to_active(e).insert(self.conn()).await?;
        Ok(())
    }

    /// Loads an event.
    pub async fn venue_event(&self, id: EventId) -> StoreResult<Option<VenueEvent>> {
        venue_event::Entity::find_by_id(id).one(self.conn()).await?.map(from_row).transpose()
    }

    /// Reads an event under a write lock, so changes to its sections are
    /// made one at a time: on PostgreSQL `SELECT … FOR UPDATE`; on SQLite
    /// the write transaction already holds the database's write lock.
    pub async fn lock_venue_event(&self, id: EventId) -> StoreResult<Option<VenueEvent>> {
        use sea_orm::QuerySelect as _;
        let query = venue_event::Entity::find_by_id(id);
        let row = match self.backend {
            sea_orm::DatabaseBackend::Postgres => query.lock_exclusive().one(self.conn()).await?,
            _ => query.one(self.conn()).await?,
        };
        row.map(from_row).transpose()
    }

    /// Every event, the soonest first.
    pub async fn venue_events(&self) -> StoreResult<Vec<VenueEvent>> {
        venue_event::Entity::find()
            .order_by_asc(venue_event::Column::StartsOn)
            .order_by_asc(venue_event::Column::CreatedAt)
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_row)
            .collect()
    }

    /// Saves an event's mutable fields (name, dates, venue, staff).
    pub async fn update_venue_event(&self, e: &VenueEvent) -> StoreResult<()> {
        let mut m = venue_event::Entity::find_by_id(e.id)
            .one(self.conn())
            .await?
            .ok_or_else(|| StoreError::Corrupt(format!("event {} vanished", e.id)))?
            .into_active_model();
        let new = to_active(e);
        m.name = new.name;
        m.starts_on = new.starts_on;
        m.ends_on = new.ends_on;
        m.location = new.location;
        m.staff = new.staff;
        m.update(self.conn()).await?;
        Ok(())
    }

    /// The sections of an event, in the order they were added (each with
    /// the staff it inherits from `e`).
    pub async fn sections_of(&self, e: &VenueEvent) -> StoreResult<Vec<Tournament>> {
        let inherited = e.section_staff();
        tournament::Entity::find()
            .filter(tournament::Column::EventId.eq(e.id))
            .order_by_asc(tournament::Column::CreatedAt)
            .order_by_asc(tournament::Column::Id)
            .all(self.conn())
            .await?
            .into_iter()
            .map(|m| {
                from_model(m).map(|mut t| {
                    t.event_staff.clone_from(&inherited);
                    t
                })
            })
            .collect()
    }

    /// The ids of the tournaments that are sections of some event (the home
    /// page lists them under their event, not on their own).
    pub async fn sectioned_tournaments(&self) -> StoreResult<Vec<(TournamentId, EventId)>> {
        use sea_orm::QuerySelect as _;
        Ok(tournament::Entity::find()
            .select_only()
            .column(tournament::Column::Id)
            .column(tournament::Column::EventId)
            .filter(tournament::Column::EventId.is_not_null())
            .into_tuple::<(TournamentId, Option<EventId>)>()
            .all(self.conn())
            .await?
            .into_iter()
            .filter_map(|(t, e)| e.map(|e| (t, e)))
            .collect())
    }

    /// Fills in the staff a section inherits from its event (nothing for a
    /// tournament on its own).
    pub(super) async fn with_event_staff(&self, mut t: Tournament) -> StoreResult<Tournament> {
        if let Some(id) = t.event_id {
            if let Some(e) = self.venue_event(id).await? {
                t.event_staff = e.section_staff();
            }
        }
        Ok(t)
    }
}

fn to_active(e: &VenueEvent) -> venue_event::ActiveModel {
    venue_event::ActiveModel {
        id: Set(e.id),
        owner_id: Set(e.owner_id),
        name: Set(e.name.clone()),
        starts_on: Set(e.starts_on.format("%Y-%m-%d").to_string()),
        ends_on: Set(e.ends_on.format("%Y-%m-%d").to_string()),
        location: Set(e.location.clone()),
        staff: Set(json(&e.staff)),
        created_at: Set(e.created_at),
    }
}

fn from_row(m: venue_event::Model) -> StoreResult<VenueEvent> {
    let corrupt = |what: &str| StoreError::Corrupt(format!("event {}: bad {what}", m.id));
    let day = |s: &str, what: &str| chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").map_err(|_| corrupt(what));
    Ok(VenueEvent {
        id: m.id,
        owner_id: m.owner_id,
        starts_on: day(&m.starts_on, "starts_on")?,
        ends_on: day(&m.ends_on, "ends_on")?,
        staff: from_json(m.staff.as_deref(), || corrupt("staff"))?,
        name: m.name,
        location: m.location,
        created_at: m.created_at,
    })
}
