//! Events with sections: one venue and dates holding one or more
//! tournaments (its sections), each with its own game, format, rounds and
//! rules. A tournament outside any event works as it always has.
//!
//! The event's owner and co-organisers organise every section and its
//! judges judge every section (each section reads the event's staff with
//! itself, [`crate::domain::Tournament::event_staff`]); a section may add
//! staff of its own. Sections are added one at a time under the event's
//! write lock, so many added at once all land, each once.

use crate::bus::EventData;
use crate::bus::{FieldChange, SettingsChange};
use crate::domain::{now_millis, EventId, Tournament, TournamentId, TournamentStatus, User, VenueEvent};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::lifecycle::tournaments::{self, CreateTournament};
use crate::service::views::{self, TournamentView};
use crate::service::{clean_text, require_to, Change, Ctx};
use crate::store::Tx;
use arbiter_web::views::events::{EventStaffView, EventView, SectionView};
use serde::Deserialize;

/// The longest an event may run, in days (first to last day inclusive).
pub const MAX_DAYS: i64 = 31;

/// A request to create an event.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateEvent {
    /// Name, 1–120 characters.
    pub name: String,
    /// The first day, `YYYY-MM-DD`.
    pub starts_on: String,
    /// The last day, `YYYY-MM-DD`, on or after the first and at most 31 days
    /// on; absent: a one-day event.
    #[serde(default)]
    pub ends_on: Option<String>,
    /// Venue or city.
    #[serde(default)]
    pub location: Option<String>,
}

/// A change of an event: only the fields given change.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateEvent {
    /// Name, 1–120 characters.
    #[serde(default)]
    pub name: Option<String>,
    /// The first day, `YYYY-MM-DD`.
    #[serde(default)]
    pub starts_on: Option<String>,
    /// The last day, `YYYY-MM-DD`.
    #[serde(default)]
    pub ends_on: Option<String>,
    /// Venue or city; `""` clears it.
    #[serde(default)]
    pub location: Option<String>,
}

fn day(field: &str, s: &str) -> ApiResult<chrono::NaiveDate> {
    chrono::NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d").map_err(|_| {
        ApiError::invalid(Code::InvalidField, "")
            .text("refusal-date", [])
            .with_details(serde_json::json!({ "field": field }))
    })
}

fn location(s: Option<&str>) -> ApiResult<Option<String>> {
    match s.map(str::trim) {
        None | Some("") => Ok(None),
        Some(l) => Ok(Some(clean_text("location", l, 120)?)),
    }
}

/// Checks the last day is not before the first, nor more than
/// [`MAX_DAYS`] days on.
fn check_days(starts: chrono::NaiveDate, ends: chrono::NaiveDate) -> ApiResult<()> {
    let days = (ends - starts).num_days();
    if !(0..MAX_DAYS).contains(&days) {
        return Err(ApiError::invalid(
            Code::InvalidField,
            format!("ends_on: on or after starts_on, and at most {MAX_DAYS} days from it."),
        )
        .with_details(serde_json::json!({ "field": "ends_on" })));
    }
    Ok(())
}

fn not_found() -> ApiError {
    ApiError::not_found(Code::EventNotFound, "There is no event with this id.")
}

fn require_organiser(e: &VenueEvent, user: &User, action: &str) -> ApiResult<()> {
    if e.organised_by(user.id) {
        Ok(())
    } else {
        Err(ApiError::forbidden(Code::NotEventOrganiser, format!("Only the event's organisers can {action}.")))
    }
}

/// Loads an event or answers 404.
///
/// # Errors
/// 404 `event_not_found`.
pub async fn load(tx: &Tx, id: EventId) -> ApiResult<VenueEvent> {
    tx.venue_event(id).await?.ok_or_else(not_found)
}

/// Whether `viewer` sees section `t` in its event: a draft only its staff.
fn shown(t: &Tournament, viewer: Option<&User>) -> bool {
    t.status != TournamentStatus::Draft || viewer.is_some_and(|u| t.staffed_by(u.id))
}

/// The sections of `e` that `viewer` sees, in the order they were added.
///
/// # Errors
/// 503 when the database is down.
pub async fn sections(tx: &Tx, e: &VenueEvent, viewer: Option<&User>) -> ApiResult<Vec<Tournament>> {
    Ok(tx.sections_of(e).await?.into_iter().filter(|t| shown(t, viewer)).collect())
}

/// The view of `e` with the sections `viewer` sees.
///
/// # Errors
/// 503 when the database is down.
pub async fn view(tx: &Tx, e: &VenueEvent, viewer: Option<&User>) -> ApiResult<EventView> {
    let mut out = Vec::new();
    for t in sections(tx, e, viewer).await? {
        out.push(section_view(tx, &t).await?);
    }
    Ok(EventView {
        id: e.id,
        name: e.name.clone(),
        starts_on: e.starts_on.format("%Y-%m-%d").to_string(),
        ends_on: e.ends_on.format("%Y-%m-%d").to_string(),
        location: e.location.clone(),
        owner_id: e.owner_id,
        staff: e
            .staff
            .iter()
            .map(|s| EventStaffView { user_id: s.user_id, role: s.role.as_str().to_string(), name: s.name.clone() })
            .collect(),
        sections: out,
    })
}

/// A section summed up: its game, format, stage and latest round.
///
/// # Errors
/// 503 when the database is down.
pub async fn section_view(tx: &Tx, t: &Tournament) -> ApiResult<SectionView> {
    Ok(SectionView {
        id: t.id,
        name: t.name.clone(),
        game: t.game,
        pairing_system: t.pairing_system,
        format: t.format.clone(),
        status: t.status,
        round: tx.latest_round(t.id).await?.map_or(0, |r| r.number),
        total_rounds: t.total_rounds,
        player_count: tx.player_count(t.id).await?,
    })
}

/// `POST /api/events`: a new event, organised by `user`, with no sections yet.
///
/// # Errors
/// 422 `invalid_field` for a bad name, date or venue.
pub async fn create(ctx: &Ctx, user: &User, input: CreateEvent) -> ApiResult<EventView> {
    let name = clean_text("name", &input.name, 120)?;
    let starts_on = day("starts_on", &input.starts_on)?;
    let ends_on = match input.ends_on.as_deref() {
        Some(s) => day("ends_on", s)?,
        None => starts_on,
    };
    check_days(starts_on, ends_on)?;
    let e = VenueEvent {
        id: EventId::random(),
        owner_id: user.id,
        name,
        starts_on,
        ends_on,
        location: location(input.location.as_deref())?,
        staff: Vec::new(),
        created_at: now_millis(),
    };
    let tx = ctx.store.begin().await?;
    tx.insert_venue_event(&e).await?;
    let v = view(&tx, &e, Some(user)).await?;
    tx.commit().await?;
    Ok(v)
}

/// `GET /api/events`: every event, the soonest first, each with the
/// sections `viewer` sees.
///
/// # Errors
/// 503 when the database is down.
pub async fn list(ctx: &Ctx, viewer: Option<&User>) -> ApiResult<Vec<EventView>> {
    let tx = ctx.store.read().await?;
    let mut out = Vec::new();
    for e in tx.venue_events().await? {
        out.push(view(&tx, &e, viewer).await?);
    }
    Ok(out)
}

/// `GET /api/events/{id}`.
///
/// # Errors
/// 404 `event_not_found`.
pub async fn get(ctx: &Ctx, id: EventId, viewer: Option<&User>) -> ApiResult<EventView> {
    let tx = ctx.store.read().await?;
    let e = load(&tx, id).await?;
    view(&tx, &e, viewer).await
}

/// `PATCH /api/events/{id}`: an organiser changes the name, dates or venue.
///
/// # Errors
/// 404 `event_not_found`; 403 `not_event_organiser`; 422 `invalid_field`.
pub async fn update(ctx: &Ctx, user: &User, id: EventId, input: UpdateEvent) -> ApiResult<EventView> {
    let tx = ctx.store.begin().await?;
    let mut e = tx.lock_venue_event(id).await?.ok_or_else(not_found)?;
    require_organiser(&e, user, "change the event")?;
    if let Some(n) = &input.name {
        e.name = clean_text("name", n, 120)?;
    }
    if let Some(s) = &input.starts_on {
        let starts = day("starts_on", s)?;
        // A one-day event moved keeps being one day unless its end is given too.
        if input.ends_on.is_none() && e.ends_on == e.starts_on {
            e.ends_on = starts;
        }
        e.starts_on = starts;
    }
    if let Some(s) = &input.ends_on {
        e.ends_on = day("ends_on", s)?;
    }
    check_days(e.starts_on, e.ends_on)?;
    if input.location.is_some() {
        e.location = location(input.location.as_deref())?;
    }
    tx.update_venue_event(&e).await?;
    let v = view(&tx, &e, Some(user)).await?;
    tx.commit().await?;
    Ok(v)
}

/// `POST /api/events/{id}/sections`: an organiser of the event creates a
/// new tournament in it, as `POST /api/tournaments` does (the caller owns
/// it, in DRAFT), made one at a time under the event's lock.
///
/// # Errors
/// 404 `event_not_found`; 403 `not_event_organiser`; the tournament's own
/// refusals (422).
pub async fn create_section(ctx: &Ctx, user: &User, id: EventId, input: CreateTournament) -> ApiResult<TournamentView> {
    let mut t = tournaments::validate(input, user.id)?;
    let tx = ctx.store.begin().await?;
    let e = tx.lock_venue_event(id).await?.ok_or_else(not_found)?;
    require_organiser(&e, user, "add a section")?;
    t.event_id = Some(e.id);
    tx.insert_tournament(&t).await?;
    t.event_staff = e.section_staff();
    let v = views::tournament(&t, 0);
    let mut change = Change::on_new(tx, t, user);
    change.emit(EventData::TournamentCreated { tournament: v.clone() }).await?;
    change.commit(ctx).await?;
    Ok(v)
}

/// `PUT /api/events/{id}/sections/{tournament}`: an organiser of both the
/// event and the tournament makes the tournament a section of the event
/// (again: nothing changes). Its URLs, players and rounds stay as they are.
///
/// # Errors
/// 404 `event_not_found` or `tournament_not_found`; 403
/// `not_event_organiser` or `not_tournament_organiser`; 409 `in_other_event`.
pub async fn attach(ctx: &Ctx, user: &User, id: EventId, tournament: TournamentId) -> ApiResult<TournamentView> {
    let mut change = Change::begin(ctx, tournament, user).await?;
    let mut t = change.tournament().clone();
    crate::service::visible(change.tx(), t.id, Some(user)).await?;
    let e = change.tx().lock_venue_event(id).await?.ok_or_else(not_found)?;
    require_organiser(&e, user, "add a section")?;
    require_to(&t, user, "make the tournament a section of an event")?;
    match t.event_id {
        Some(current) if current == e.id => return tournaments::view(change.tx(), &t).await,
        Some(_) => {
            return Err(ApiError::conflict(
                Code::InOtherEvent,
                "This tournament is already a section of another event.",
            ))
        }
        None => {}
    }
    t.event_id = Some(e.id);
    t.event_staff = e.section_staff();
    change.tx().update_tournament(&t).await?;
    let v = tournaments::view(change.tx(), &t).await?;
    let record = SettingsChange {
        by: user.display_name.clone(),
        at: now_millis(),
        changes: FieldChange::changed([("event_id", serde_json::Value::Null, serde_json::json!(e.id))]),
    };
    change.emit(EventData::SettingsChanged { tournament: v.clone(), change: record }).await?;
    change.commit(ctx).await?;
    Ok(v)
}

/// `PUT /api/events/{id}/staff/{user}`: the role an account takes on the
/// event's staff, in every section.
#[derive(Clone, Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StaffInput {
    /// `CO_ORGANISER` (every organiser right in every section) or `JUDGE`.
    #[schema(value_type = String)]
    pub role: crate::domain::StaffRole,
}

fn require_owner(e: &VenueEvent, user: &User) -> ApiResult<()> {
    if e.owner_id == user.id {
        Ok(())
    } else {
        Err(ApiError::forbidden(Code::NotOwner, "Only the event's owner manages its staff."))
    }
}

/// `PUT /api/events/{id}/staff/{member}`: the event's owner puts an account
/// on the event's staff (or changes its role); it holds that role in every
/// section from the next request on.
///
/// # Errors
/// 404 `event_not_found` or `user_not_found`; 403 `not_owner`; 422
/// `invalid_field` for the owner themself.
pub async fn put_staff(
    ctx: &Ctx,
    user: &User,
    id: EventId,
    member: crate::domain::UserId,
    input: StaffInput,
) -> ApiResult<EventView> {
    let tx = ctx.store.begin().await?;
    let mut e = tx.lock_venue_event(id).await?.ok_or_else(not_found)?;
    require_owner(&e, user)?;
    if member == e.owner_id {
        return Err(ApiError::invalid(Code::InvalidField, "user: the event's owner is not on its staff: they own it."));
    }
    let account = tx
        .user(member)
        .await?
        .ok_or_else(|| ApiError::not_found(Code::UserNotFound, "There is no account with this id."))?;
    match e.staff.iter_mut().find(|s| s.user_id == member) {
        Some(s) => s.role = input.role,
        None => e.staff.push(crate::domain::Staff {
            user_id: member,
            role: input.role,
            name: account.display_name,
            added_at: now_millis(),
        }),
    }
    tx.update_venue_event(&e).await?;
    let v = view(&tx, &e, Some(user)).await?;
    tx.commit().await?;
    Ok(v)
}

/// `DELETE /api/events/{id}/staff/{member}`: the event's owner takes an
/// account off the event's staff (its own roles in sections stay).
///
/// # Errors
/// 404 `event_not_found`; 403 `not_owner`.
pub async fn remove_staff(ctx: &Ctx, user: &User, id: EventId, member: crate::domain::UserId) -> ApiResult<EventView> {
    let tx = ctx.store.begin().await?;
    let mut e = tx.lock_venue_event(id).await?.ok_or_else(not_found)?;
    require_owner(&e, user)?;
    e.staff.retain(|s| s.user_id != member);
    tx.update_venue_event(&e).await?;
    let v = view(&tx, &e, Some(user)).await?;
    tx.commit().await?;
    Ok(v)
}
