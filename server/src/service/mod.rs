//! Services: load → check → engine → save + event → publish.
//!
//! Every state change runs in one write transaction ([`Change`]) that also
//! appends its event(s) with the next sequence numbers; the events are
//! published on the bus only after the commit, so no client ever sees an
//! event for a change that did not happen.

pub mod accounts;
pub mod byes;
pub mod pairing;
pub mod players;
pub mod prizes;
pub mod ratings;
pub mod results;
pub mod rounds;
pub mod scores;
pub mod snapshot;
pub mod standings;
pub mod tiebreaks;
pub mod ties;
pub mod tournaments;
pub mod trf;
pub mod views;

use crate::app::AppState;
use crate::domain::{now_millis, Tournament, User};
use crate::error::{ApiError, ApiResult};
use crate::live::LiveEvent;
use crate::store::{StoredEvent, Tx};
use serde::Serialize;
use std::sync::Arc;
use uuid::Uuid;

/// The kinds of tournament events (the `kind` of a live event).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// `{tournament}`: created (seq 1).
    TournamentCreated,
    /// `{tournament}`: moved to the next lifecycle stage.
    StatusAdvanced,
    /// `{player}`: a player registered.
    PlayerRegistered,
    /// `{player}`: a player edited their list (the text itself is not in the event).
    ListUpdated,
    /// `{player}`: the TO edited a player's profile (rating, title, club…).
    PlayerUpdated,
    /// `{player}`: checked in.
    PlayerCheckedIn,
    /// `{player}`: withdrew.
    PlayerDropped,
    /// `{player}`: removed by the TO.
    PlayerRemoved,
    /// `{tournament}`: lists locked, now readable by everyone.
    ListsLocked,
    /// `{round}`: a round was created (no pairings yet).
    RoundCreated,
    /// `{round, warnings}`: pairings generated and published.
    PairingsPublished,
    /// `{pairing}`: a player reported a result.
    ResultReported,
    /// `{pairing}`: the opponent confirmed it.
    ResultConfirmed,
    /// `{pairing}`: the opponent disputed it.
    ResultDisputed,
    /// `{pairing}`: the TO set the result.
    ResultOverridden,
    /// `{round}`: the TO closed the round.
    RoundClosed,
    /// `{cause, …}`: the standings changed — a result or a bye now counts
    /// (`round`, `pairing_id` or `player_id`), or the TO changed how they are
    /// ranked or ordered a tie. The table itself is not in the event (it can
    /// be thousands of rows): read it from `GET …/standings`, or follow the
    /// `standings` live view, which the rooms recompute.
    StandingsChanged,
    /// `{ratings}`: Elo ratings moved (a round closed, or a result in a closed round was overridden).
    RatingsChanged,
    /// `{tournament, change}`: the TO changed the tie-breaks or point values.
    StandingsConfigChanged,
    /// `{resolution, action, player_id}`: the TO ordered an open tie (= or ↓).
    TieResolved,
    /// `{notices}`: TO tie orders dropped because results changed their tie.
    TieResolutionsDropped,
    /// `{count}`: the TO dismissed the notices of dropped tie orders.
    TieNoticesDismissed,
    /// `{player, bye}`: a bye was arranged for a round not yet paired.
    ByeRequested,
    /// `{player, round}`: a bye arranged for a round not yet paired was cancelled.
    ByeCancelled,
    /// `{tournament, imported}`: the TO imported players and played rounds from a TRF.
    TrfImported,
    /// `{prizes: {run_id, published_at, prize_count}}`: the TO published a
    /// prize allocation; read it from `GET …/prizes`.
    PrizesPublished,
}

impl EventKind {
    /// The wire name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EventKind::TournamentCreated => "tournament_created",
            EventKind::StatusAdvanced => "status_advanced",
            EventKind::PlayerRegistered => "player_registered",
            EventKind::ListUpdated => "list_updated",
            EventKind::PlayerUpdated => "player_updated",
            EventKind::PlayerCheckedIn => "player_checked_in",
            EventKind::PlayerDropped => "player_dropped",
            EventKind::PlayerRemoved => "player_removed",
            EventKind::ListsLocked => "lists_locked",
            EventKind::RoundCreated => "round_created",
            EventKind::PairingsPublished => "pairings_published",
            EventKind::ResultReported => "result_reported",
            EventKind::ResultConfirmed => "result_confirmed",
            EventKind::ResultDisputed => "result_disputed",
            EventKind::ResultOverridden => "result_overridden",
            EventKind::RoundClosed => "round_closed",
            EventKind::StandingsChanged => "standings_changed",
            EventKind::RatingsChanged => "ratings_changed",
            EventKind::StandingsConfigChanged => "standings_config_changed",
            EventKind::TieResolved => "tie_resolved",
            EventKind::TieResolutionsDropped => "tie_resolutions_dropped",
            EventKind::TieNoticesDismissed => "tie_notices_dismissed",
            EventKind::ByeRequested => "bye_requested",
            EventKind::ByeCancelled => "bye_cancelled",
            EventKind::TrfImported => "trf_imported",
            EventKind::PrizesPublished => "prizes_published",
        }
    }
}

/// One state change of one tournament: a write transaction plus the events
/// it appends. Dropped without [`Change::commit`], it rolls back and
/// publishes nothing.
pub struct Change {
    tx: Tx,
    tournament: Uuid,
    events: Vec<StoredEvent>,
}

impl Change {
    /// Opens a change on `tournament`, taking its write lock.
    ///
    /// # Errors
    /// 404 `tournament_not_found`, or 503 when the database is down.
    pub async fn begin(state: &AppState, tournament: Uuid) -> ApiResult<Change> {
        Ok(Change { tx: state.store.write(tournament).await?, tournament, events: Vec::new() })
    }

    /// Opens a change on a tournament this transaction has just inserted.
    #[must_use]
    pub fn on_new(tx: Tx, tournament: Uuid) -> Change {
        Change { tx, tournament, events: Vec::new() }
    }

    /// The transaction, to read and write through.
    #[must_use]
    pub fn tx(&self) -> &Tx {
        &self.tx
    }

    /// Appends an event (`{key: data}` as its payload) with the next sequence number.
    ///
    /// # Errors
    /// The database failed.
    pub async fn emit(&mut self, kind: EventKind, data: &impl Serialize) -> ApiResult<()> {
        let payload = serde_json::to_string(data).map_err(ApiError::internal)?;
        let e = self.tx.append_event(self.tournament, kind.as_str(), payload, now_millis()).await?;
        self.events.push(e);
        Ok(())
    }

    /// Commits, then publishes the events. Returns the last sequence number.
    ///
    /// # Errors
    /// The commit failed: nothing changed and nothing is published.
    pub async fn commit(self, state: &AppState) -> ApiResult<i64> {
        self.tx.commit().await?;
        let last = self.events.last().map_or(0, |e| e.seq);
        state.bus.publish(self.events.iter().map(|e| Arc::new(LiveEvent::from_stored(e))).collect());
        Ok(last)
    }
}

/// Loads a tournament or answers 404.
///
/// # Errors
/// 404 `tournament_not_found`; 503 when the database is down.
pub async fn load_tournament(tx: &Tx, id: Uuid) -> ApiResult<Tournament> {
    tx.tournament(id)
        .await?
        .ok_or_else(|| ApiError::not_found("tournament_not_found", "There is no tournament with this id."))
}

/// Checks that `user` is the tournament's TO.
///
/// # Errors
/// 403 `not_tournament_organiser`.
pub fn require_to(t: &Tournament, user: &User, action: &str) -> ApiResult<()> {
    if t.owner_id == user.id {
        Ok(())
    } else {
        Err(ApiError::forbidden("not_tournament_organiser", format!("Only the tournament organiser can {action}.")))
    }
}

/// Trims `s` and checks its length is within `1..=max` characters.
///
/// # Errors
/// 422 `invalid_field` naming `field`.
pub fn clean_text(field: &str, s: &str, max: usize) -> ApiResult<String> {
    let t = s.trim();
    if t.is_empty() {
        return Err(ApiError::invalid("invalid_field", format!("{field} must not be empty.")));
    }
    if t.chars().count() > max {
        return Err(ApiError::invalid("invalid_field", format!("{field} must be at most {max} characters.")));
    }
    if t.chars().any(char::is_control) {
        return Err(ApiError::invalid("invalid_field", format!("{field} must be a single line of text.")));
    }
    Ok(t.to_string())
}
