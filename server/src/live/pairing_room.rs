//! The captains' pairing rooms, live (issue 25, point 5): the `process`
//! view (one team match's process as its viewer may see it) and the `rooms`
//! view (every match of the round, as the public sees it).
//!
//! A stored [`EventData::ProcessChanged`] carries no choice, only the match
//! and the step number: what each viewer sees is read from the process when
//! the event reaches the room. A `process` view names its kind of viewer
//! ([`Viewer`]: team A's captain, team B's, the staff or the public, worked
//! out when the socket opens or subscribes, see [`resolve`], and checked
//! again by the socket's session before each frame it forwards: a viewer
//! whose role changed gets a snapshot as its new kind instead), so the room
//! reads the process once per kind with viewers, not once per socket, and
//! hands each kind's frame to its viewers only: a sealed choice is in the
//! frames of its own captain and of the staff, never in the other
//! captain's, a public one or the `rooms` view (built from the public view).
//!
//! Frames (`update`, see [`super::protocol`]):
//! - `process` view: kind `process`, data the process as the viewer sees it
//!   (`null` when the match has none), after every `process_changed`,
//!   `match_games_paired` and `team_match_scored` of its match;
//! - `rooms` view: kind `room`, data one match's public view, after the same
//!   events of any match; kind `rooms`, data every match of the round
//!   ([`rooms::RoomsView`]), after `pairings_published` and `round_deleted`.

use super::protocol::{ServerMsg, Update};
use super::view::View;
use crate::bus::{EventData, LiveEvent};
use crate::domain::{PairingId, TournamentId, User};
use crate::error::ApiResult;
use crate::service::teams::captains::ProcessView;
use crate::service::teams::rooms;
use crate::service::views::ViewState;
use crate::store::Store;
use arbiter_engine::wh40k_teams::captains::Viewer;
use std::collections::HashMap;

/// The view with its kind of viewer worked out: a `process` view parsed
/// from a query string or a `subscribe` frame is the public's until then.
///
/// # Errors
/// 400 `bad_view` when the match is not a team match of `tournament` with a
/// captains' process; 503 when the database is down.
pub async fn resolve(store: &Store, tournament: TournamentId, user: Option<&User>, view: View) -> ApiResult<View> {
    match view {
        View::Process { match_id, .. } => {
            let seat = rooms::viewer_of(store, tournament, user, match_id).await?;
            Ok(View::Process { match_id, seat })
        }
        other => Ok(other),
    }
}

/// The team match an event changes for the pairing rooms, if any.
fn match_of(e: &EventData) -> Option<PairingId> {
    match e {
        EventData::ProcessChanged { match_id, .. } | EventData::MatchGamesPaired { match_id, .. } => Some(*match_id),
        EventData::TeamMatchScored { pairing } => Some(pairing.id),
        _ => None,
    }
}

/// Whether an event changes the round the `rooms` view shows.
fn round_changed(e: &EventData) -> bool {
    matches!(e, EventData::PairingsPublished(_) | EventData::RoundDeleted { .. })
}

/// The pairing-room views among `views` that `e` changes: their frames are
/// read from the database (see [`frames`]), not cut from the event.
pub fn affected<'a>(views: impl Iterator<Item = &'a View>, e: &EventData) -> Vec<View> {
    let (changed, round) = (match_of(e), round_changed(e));
    if changed.is_none() && !round {
        return Vec::new();
    }
    views
        .filter(|v| match v {
            View::Process { match_id, .. } => changed == Some(*match_id),
            View::Rooms => true,
            _ => false,
        })
        .cloned()
        .collect()
}

/// Each of `views`' frame text for event `e`: the process read once per
/// kind of viewer. Views whose frame cannot be read (the database is down)
/// get none; their viewers catch up with the next change or on reconnect.
pub async fn frames(
    store: &Store,
    tournament: TournamentId,
    e: &LiveEvent,
    views: Vec<View>,
) -> Vec<(View, bytestring::ByteString)> {
    let mut read: HashMap<(PairingId, Viewer), Option<ProcessView>> = HashMap::new();
    let mut out = Vec::with_capacity(views.len());
    for view in views {
        let built = match (&view, match_of(&e.data)) {
            (View::Rooms, _) if round_changed(&e.data) => {
                rooms::rooms(store, tournament).await.map(|r| prepared(&view, e, "rooms", &r))
            }
            (View::Process { match_id, seat }, _) => {
                process(store, tournament, &mut read, *match_id, *seat).await.map(|p| prepared(&view, e, "process", &p))
            }
            (View::Rooms, Some(m)) => match process(store, tournament, &mut read, m, Viewer::Public).await {
                Ok(Some(p)) => Ok(prepared(&view, e, "room", &p)),
                Ok(None) => continue,
                Err(err) => Err(err),
            },
            _ => continue,
        };
        match built {
            Ok(Some(text)) => out.push((view, text)),
            Ok(None) => {}
            Err(err) => tracing::warn!(tournament = %tournament, error = %err, "cannot read a pairing room's frame"),
        }
    }
    out
}

/// The process of `match_id` as `seat` sees it, read once per call of [`frames`].
async fn process(
    store: &Store,
    tournament: TournamentId,
    read: &mut HashMap<(PairingId, Viewer), Option<ProcessView>>,
    match_id: PairingId,
    seat: Viewer,
) -> ApiResult<Option<ProcessView>> {
    if let Some(p) = read.get(&(match_id, seat)) {
        return Ok(p.clone());
    }
    let p = rooms::view_as(store, tournament, match_id, seat).await?;
    read.insert((match_id, seat), p.clone());
    Ok(p)
}

/// An `update` frame of `view` with prepared `data`.
fn prepared<T: serde::Serialize>(view: &View, e: &LiveEvent, kind: &str, data: &T) -> Option<bytestring::ByteString> {
    let raw = serde_json::value::to_raw_value(data).ok()?;
    Some(
        ServerMsg::Update { view: view.name(), seq: e.seq, at: e.at, body: Update::Prepared { kind, data: &raw } }
            .text(),
    )
}

/// The snapshot of a pairing-room view (`None` for any other view): the
/// tournament's last sequence number, read before the state, and the state.
///
/// # Errors
/// 404 for a tournament `viewer` may not see; 503 when the database is down.
pub async fn snapshot(
    store: &Store,
    tournament: TournamentId,
    viewer: Option<&User>,
    view: &View,
) -> ApiResult<Option<(i64, ViewState)>> {
    if !matches!(view, View::Process { .. } | View::Rooms) {
        return Ok(None);
    }
    let seq = {
        let tx = store.read().await?;
        crate::service::visible(&tx, tournament, viewer).await?.last_seq
    };
    let data = match view {
        View::Process { match_id, seat } => json(&rooms::view_as(store, tournament, *match_id, *seat).await?),
        _ => json(&rooms::rooms(store, tournament).await?),
    };
    Ok(Some((seq, ViewState::Prepared(data))))
}

fn json<T: serde::Serialize>(v: &T) -> serde_json::Value {
    serde_json::to_value(v).unwrap_or(serde_json::Value::Null)
}
