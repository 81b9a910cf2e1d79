//! Services: load → check → engine → save + event → publish.
//!
//! Every state change runs in one write transaction ([`Change`]) that also
//! appends its event(s) with the next sequence numbers; the events are
//! published on the bus only after the commit, so no client ever sees an
//! event for a change that did not happen.

pub mod accounts;
pub mod byes;
pub mod clock;
pub mod exports;
pub mod pairing;
pub mod players;
pub mod playoffs;
pub mod pools;
pub mod prizes;
pub mod ratings;
pub mod results;
pub mod rounds;
pub mod scores;
pub mod standings;
pub mod tiebreaks;
pub mod ties;
pub mod tournaments;
pub mod trf;
pub mod views;

use crate::bus::{Bus, EventData, LiveEvent};
use crate::domain::{now_millis, Tournament, TournamentId, TournamentStatus, User};
use crate::error::{ApiError, ApiResult, Code};
use crate::store::{Store, Tx};
use std::sync::Arc;

/// What services work with: the database, and the bus committed events go
/// out on. Services know nothing of HTTP, sessions or live rooms.
#[derive(Clone)]
pub struct Ctx {
    /// The database.
    pub store: Store,
    /// Where committed events go (in-process, or Redis pub/sub).
    pub bus: Arc<dyn Bus>,
}

/// One state change of one tournament: a write transaction plus the events
/// it appends. Dropped without [`Change::commit`], it rolls back and
/// publishes nothing.
pub struct Change {
    tx: Tx,
    tournament: TournamentId,
    events: Vec<LiveEvent>,
}

impl Change {
    /// Opens a change on `tournament`, taking its write lock.
    ///
    /// # Errors
    /// 404 `tournament_not_found`, or 503 when the database is down.
    pub async fn begin(ctx: &Ctx, tournament: TournamentId) -> ApiResult<Change> {
        Ok(Change { tx: ctx.store.write(tournament).await?, tournament, events: Vec::new() })
    }

    /// Opens a change on a tournament this transaction has just inserted.
    #[must_use]
    pub fn on_new(tx: Tx, tournament: TournamentId) -> Change {
        Change { tx, tournament, events: Vec::new() }
    }

    /// The transaction, to read and write through.
    #[must_use]
    pub fn tx(&self) -> &Tx {
        &self.tx
    }

    /// Appends an event with the next sequence number.
    ///
    /// # Errors
    /// The database failed.
    pub async fn emit(&mut self, data: EventData) -> ApiResult<()> {
        let json = data.to_json().map_err(ApiError::internal)?;
        let e = self.tx.append_event(self.tournament, data.kind(), json, now_millis()).await?;
        self.events.push(LiveEvent::new(e.tournament_id, e.seq, e.created_at, data, &e.payload));
        Ok(())
    }

    /// Commits, then publishes the events. Returns the last sequence number.
    ///
    /// # Errors
    /// The commit failed: nothing changed and nothing is published.
    pub async fn commit(self, ctx: &Ctx) -> ApiResult<i64> {
        self.tx.commit().await?;
        let last = self.events.last().map_or(0, |e| e.seq);
        ctx.bus.publish(self.events.into_iter().map(Arc::new).collect());
        Ok(last)
    }
}

/// Loads a tournament or answers 404.
///
/// # Errors
/// 404 `tournament_not_found`; 503 when the database is down.
pub async fn load_tournament(tx: &Tx, id: TournamentId) -> ApiResult<Tournament> {
    tx.tournament(id)
        .await?
        .ok_or_else(|| ApiError::not_found(Code::TournamentNotFound, "There is no tournament with this id."))
}

/// Loads a tournament visible to `viewer` (a DRAFT only to its TO).
///
/// # Errors
/// 404 `tournament_not_found`.
pub async fn visible(tx: &Tx, id: TournamentId, viewer: Option<&User>) -> ApiResult<Tournament> {
    let t = load_tournament(tx, id).await?;
    if t.status == TournamentStatus::Draft && viewer.is_none_or(|u| u.id != t.owner_id) {
        return Err(ApiError::not_found(Code::TournamentNotFound, "There is no tournament with this id."));
    }
    Ok(t)
}

/// Checks that `user` is the tournament's TO.
///
/// # Errors
/// 403 `not_tournament_organiser`.
pub fn require_to(t: &Tournament, user: &User, action: &str) -> ApiResult<()> {
    if t.owner_id == user.id {
        Ok(())
    } else {
        Err(ApiError::forbidden(Code::NotTournamentOrganiser, format!("Only the tournament organiser can {action}.")))
    }
}

/// The words a form uses for an API field, for messages a person reads
/// ("The name must not be empty."); the field itself goes in the error's
/// `details` for programs. Unknown fields are named as they are.
#[must_use]
pub fn field_words(field: &str) -> &str {
    match field {
        "display_name" => "The name",
        "faction" => "The faction",
        "mission" => "The mission",
        "name" => "The event's name",
        "format" => "The format",
        "location" => "The venue",
        "list_text" => "The army list",
        "note" => "The note",
        "round_times" => "The start time",
        "player1_vp" => "Player 1's VP",
        "player2_vp" => "Player 2's VP",
        "player1_points" => "Player 1's points",
        "player2_points" => "Player 2's points",
        "player1_twenties" => "Player 1's 20s",
        "player2_twenties" => "Player 2's 20s",
        other => other,
    }
}

/// A 422 `invalid_field` about `field`: `rule` follows the field's words
/// ("must not be empty."), and `details` names the field.
#[must_use]
pub fn invalid_field(field: &str, rule: &str) -> ApiError {
    ApiError::invalid(Code::InvalidField, format!("{} {rule}", field_words(field)))
        .with_details(serde_json::json!({ "field": field }))
}

/// Trims `s` and checks its length is within `1..=max` characters.
///
/// # Errors
/// 422 `invalid_field` in the form's words (see [`field_words`]), naming `field` in `details`.
pub fn clean_text(field: &str, s: &str, max: usize) -> ApiResult<String> {
    let t = s.trim();
    if t.is_empty() {
        return Err(invalid_field(field, "must not be empty."));
    }
    if t.chars().count() > max {
        return Err(invalid_field(field, &format!("must be at most {max} characters.")));
    }
    if t.chars().any(char::is_control) {
        return Err(invalid_field(field, "must be a single line of text."));
    }
    Ok(t.to_string())
}
