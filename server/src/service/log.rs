//! The action log: every change someone made to a tournament — who, in what
//! part (owner, co-organiser, judge, player), when, what, and each field
//! before and after — for its organisers.
//!
//! Two sources, merged by time:
//! - the event log: each event records who made the change ([`Change::begin`]);
//!   the fields before are those of the same table, player, round or
//!   tournament in the latest earlier event that carried it, so a result
//!   overridden shows the score and state it had;
//! - organisers' changes that are no public event (an invitation, the
//!   constraints, prize settings, a draft, a claim code), noted with
//!   [`Change::note`].
//!
//! Events that follow from another in the same change (standings, ratings,
//! dropped tie orders) are not listed apart.

use super::{require_to, Change, Ctx};
use crate::bus::FieldChange;
use crate::domain::{now_millis, Actor, ActorRole, TournamentId, User, UserId};
use crate::error::{ApiError, ApiResult, Code, Fill};
use crate::store::{StaffAction, StoredEvent};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::hash_map::Entry;
use std::collections::HashMap;

/// Kinds that follow from the change before them and say nothing new of who did what.
const DERIVED: [&str; 3] = ["standings_changed", "ratings_changed", "tie_resolutions_dropped"];

/// Fields left out of before/after: whole lists of tables and the seats'
/// own records (listed under their own subject), and a running clock's time left.
const NOT_COMPARED: [&str; 4] = ["pairings", "player1", "player2", "remaining_ms"];

/// The most entries one answer holds.
pub const MAX_ENTRIES: u32 = 1000;

/// What an entry is about, for a page to put in words: a round, a table, the
/// people concerned.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Subject {
    /// The round's number, when it concerns a round or one of its tables.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// The table's number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<u32>,
    /// The players (or staff member) concerned, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
}

impl Subject {
    /// About one person, by name.
    #[must_use]
    pub fn named(name: &str) -> Subject {
        Subject { names: vec![name.to_string()], ..Subject::default() }
    }

    /// About a round, by number.
    #[must_use]
    pub fn round(number: u32) -> Subject {
        Subject { round: Some(number), ..Subject::default() }
    }
}

/// One action, as the dashboard lists it.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct LogEntry {
    /// When (Unix ms).
    pub at: i64,
    /// The event's sequence number; absent for a change that is no public event.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seq: Option<i64>,
    /// What was done: the event's kind (`result_overridden`, `round_closed`…)
    /// or the staff action's (`staff_invited`, `constraints_set`, `draft_edited`…).
    pub kind: String,
    /// Who did it.
    pub by: UserId,
    /// Their name now.
    pub by_name: String,
    /// Their part in the tournament then: `OWNER`, `CO_ORGANISER`, `JUDGE` or `PLAYER`.
    pub role: String,
    /// What it was about.
    pub subject: Subject,
    /// Each field that changed, before and after.
    pub changes: Vec<FieldChange>,
}

/// `GET /api/tournaments/{id}/log`: which entries.
#[derive(Clone, Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
pub struct LogQuery {
    /// Also players' own actions (registering, reporting, confirming); by
    /// default only the staff's.
    #[serde(default)]
    pub everyone: bool,
    /// At most this many entries, newest first: 1–1000, 200 by default.
    #[serde(default)]
    pub limit: Option<u32>,
}

/// `tournament.log`: the newest actions first (see the module).
///
/// # Errors
/// 400 `invalid_query` for a limit outside 1–1000; 403 for anyone but the
/// organisers; 404 for an unknown tournament.
pub async fn list(ctx: &Ctx, user: &User, id: TournamentId, q: &LogQuery) -> ApiResult<Vec<LogEntry>> {
    let limit = q.limit.unwrap_or(200);
    if !(1..=MAX_ENTRIES).contains(&limit) {
        return Err(ApiError::bad_request(Code::InvalidQuery, "").text(
            "refusal-query-limit",
            [("max", Fill::from(&MAX_ENTRIES)), ("value", Fill::from(&limit.to_string()))],
        ));
    }
    let tx = ctx.store.read().await?;
    let t = super::load_tournament(&tx, id).await?;
    require_to(&t, user, "read the action log")?;
    let shown = |role: ActorRole| q.everyone || role != ActorRole::Player;
    let entry = |at, seq, kind, actor: Actor, subject, changes| LogEntry {
        at,
        seq,
        kind,
        by: actor.user,
        by_name: String::new(),
        role: actor.role.as_str().to_string(),
        subject,
        changes,
    };
    let mut entries = Vec::new();
    let mut seen = Seen::default();
    let mut since = 0;
    loop {
        let batch = tx.events_since(id, since, 5000).await?;
        let Some(last) = batch.last() else { break };
        since = last.seq;
        for e in &batch {
            let followed = seen.follow(e);
            if let (Some((subject, changes)), Some(actor)) = (followed, e.actor.filter(|a| shown(a.role))) {
                entries.push(entry(e.created_at, Some(e.seq), e.kind.clone(), actor, subject, changes));
            }
        }
    }
    for a in tx.staff_actions(id).await? {
        let subject = serde_json::from_str(&a.subject).unwrap_or_default();
        let changes = serde_json::from_str(&a.changes).unwrap_or_default();
        entries.push(entry(a.at, None, a.kind, a.actor, subject, changes));
    }
    // Newest first; at equal times events before private actions, later events first.
    entries.sort_by(|a, b| b.at.cmp(&a.at).then(b.seq.cmp(&a.seq)));
    entries.truncate(limit as usize);
    let mut names: HashMap<UserId, String> = HashMap::new();
    for entry in &mut entries {
        if let Entry::Vacant(slot) = names.entry(entry.by) {
            slot.insert(tx.user(entry.by).await?.map(|u| u.display_name).unwrap_or_default());
        }
        entry.by_name.clone_from(&names[&entry.by]);
    }
    Ok(entries)
}

impl Change {
    /// Logs an organiser's change that is no public event (see the module),
    /// in this change's transaction: `kind` in snake_case, what it was about
    /// and each field before and after.
    ///
    /// # Errors
    /// The database failed.
    pub async fn note(&self, kind: &str, subject: Subject, changes: &[FieldChange]) -> ApiResult<()> {
        let a = StaffAction {
            tournament_id: self.tournament.id,
            at: now_millis(),
            actor: self.actor.ok_or_else(|| ApiError::internal("a staff action without its actor"))?,
            kind: kind.to_string(),
            subject: serde_json::to_string(&subject).map_err(ApiError::internal)?,
            changes: serde_json::to_string(changes).map_err(ApiError::internal)?,
        };
        Ok(self.tx.insert_staff_action(&a).await?)
    }
}

/// What the log has read so far: the last version of each table, player,
/// round and the tournament, and each round's number.
#[derive(Default)]
struct Seen {
    last: HashMap<String, Value>,
    round_numbers: HashMap<String, u32>,
}

impl Seen {
    /// Reads one event: what it was about and the fields it changed since the
    /// subject's last version (`None` for one that follows from another).
    fn follow(&mut self, e: &StoredEvent) -> Option<(Subject, Vec<FieldChange>)> {
        let data: Value = serde_json::from_str(&e.payload).ok()?;
        // The event's subject: the first of these it carries.
        let mut primary: Option<(String, Value, Option<Value>)> = None;
        for name in ["pairing", "player", "round", "deleted", "clock", "bye", "tournament"] {
            let Some(v) = data.get(name).filter(|v| v.is_object()) else { continue };
            let key = match (name, v.get("id").or_else(|| v.get("round_id"))) {
                ("tournament", _) => "tournament".to_string(),
                ("round" | "deleted", Some(id)) => {
                    if let Some(n) = v.get("number").and_then(Value::as_u64) {
                        self.round_numbers.insert(id.to_string(), u32::try_from(n).unwrap_or(0));
                    }
                    format!("round:{id}")
                }
                (_, Some(id)) => format!("{name}:{id}"),
                _ => continue,
            };
            // A round's tables are their own subjects: remember each.
            for p in v.get("pairings").and_then(Value::as_array).into_iter().flatten() {
                if let Some(id) = p.get("id") {
                    self.last.insert(format!("pairing:{id}"), p.clone());
                }
            }
            let before = self.last.insert(key.clone(), v.clone());
            if primary.is_none() {
                primary = Some((key, v.clone(), before));
            }
        }
        if DERIVED.contains(&e.kind.as_str()) {
            return None;
        }
        let Some((key, after, before)) = primary else { return Some((Subject::default(), Vec::new())) };
        let changes = match data.get("change").and_then(|c| c.get("changes")) {
            Some(listed) => serde_json::from_value(listed.clone()).unwrap_or_default(),
            None => before.map(|b| compare(&b, &after)).unwrap_or_default(),
        };
        Some((self.subject(&key, &after), changes))
    }

    /// The words of a subject: a table's round, number and players; a
    /// player's name; a round's number.
    fn subject(&self, key: &str, v: &Value) -> Subject {
        let name = |seat: Option<&Value>| seat.and_then(|s| s.get("name")).and_then(Value::as_str).map(str::to_string);
        let number = |field: &str| v.get(field).and_then(Value::as_u64).and_then(|n| u32::try_from(n).ok());
        match key.split(':').next() {
            Some("pairing") => Subject {
                round: v.get("round_id").and_then(|r| self.round_numbers.get(&r.to_string()).copied()),
                table: number("table"),
                names: [name(v.get("player1")), name(v.get("player2"))].into_iter().flatten().collect(),
            },
            Some("player") => Subject {
                names: v.get("display_name").and_then(Value::as_str).map(str::to_string).into_iter().collect(),
                ..Subject::default()
            },
            Some("round" | "deleted") => Subject { round: number("number"), ..Subject::default() },
            Some("clock") => Subject { round: number("round"), ..Subject::default() },
            _ => Subject::default(),
        }
    }
}

/// The top-level fields of `before` and `after` (JSON objects) whose values
/// differ, in the order of their names (see [`NOT_COMPARED`]).
#[must_use]
pub fn compare(before: &Value, after: &Value) -> Vec<FieldChange> {
    let (Some(b), Some(a)) = (before.as_object(), after.as_object()) else { return Vec::new() };
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|k| !NOT_COMPARED.contains(&k.as_str()))
        .filter_map(|k| {
            let (was, now) = (b.get(k).cloned().unwrap_or(Value::Null), a.get(k).cloned().unwrap_or(Value::Null));
            (was != now).then(|| FieldChange { field: k.clone(), before: was, after: now })
        })
        .collect()
}
