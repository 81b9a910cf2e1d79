//! Services: load → check → engine → save + event → publish.
//!
//! Every state change runs in one write transaction ([`Change`]) that also
//! appends its event(s) with the next sequence numbers; the events are
//! published on the bus only after the commit, so no client ever sees an
//! event for a change that did not happen.

/// The largest CSV file taken (a roster, a prize list): 256 KB.
pub const MAX_CSV_BYTES: usize = 256 * 1024;

pub mod lifecycle;
pub mod log;
pub mod people;
pub mod prizes;
pub mod ratings;
pub mod records;
pub mod standings;
pub mod tables;
pub mod teams;
pub mod views;

use crate::bus::{Bus, EventData, LiveEvent};
use crate::domain::{now_millis, Actor, ActorRole, Game, Tournament, TournamentId, TournamentStatus, User};
use crate::error::{ApiError, ApiResult, Code, Fill};
use crate::store::{Store, StoredEvent, Tx};
use arbiter_web::i18n::Lang;
use std::sync::Arc;

/// What services work with: the database, and the bus committed events go
/// out on. Services know nothing of HTTP, sessions or live rooms.
#[derive(Clone)]
pub struct Ctx {
    /// The database.
    pub store: Store,
    /// Where committed events go (in-process, or Redis pub/sub).
    pub bus: Arc<dyn Bus>,
    /// Days a claim code stays valid after it is issued (`--claim-code-days`).
    pub claim_code_days: u32,
}

impl Ctx {
    /// Runs a change on the database runtime ([`crate::store::runtime`]):
    /// threads of their own, apart from the HTTP workers, so a transaction that holds a tournament's
    /// write lock is never queued behind the live fan-out's work on a busy
    /// worker (each of its statements waits for its task to be polled again;
    /// on a worker that is writing frames to thousands of sockets, that wait
    /// stretched every result's lock to 16 ms and capped a 10,000-viewer
    /// event at ~32 results a second). `work` gets its own copy of the
    /// context.
    ///
    /// # Errors
    /// `work`'s; 500 if it panicked.
    pub async fn run<T, F>(&self, work: impl FnOnce(Ctx) -> F) -> ApiResult<T>
    where
        F: std::future::Future<Output = ApiResult<T>> + Send + 'static,
        T: Send + 'static,
    {
        crate::store::runtime().spawn(work(self.clone())).await.map_err(ApiError::internal)?
    }
}

/// One state change of one tournament: a write transaction plus the events
/// it appends. Dropped without [`Change::commit`], it rolls back and
/// publishes nothing.
pub struct Change {
    tx: Tx,
    tournament: Tournament,
    /// Who made it; `None` for the server's own (a step timer running out).
    actor: Option<Actor>,
    events: Vec<LiveEvent>,
    /// The sequence number of the next event: the tournament's `last_seq`
    /// as read under its write lock, plus one per event emitted.
    next_seq: i64,
}

impl Change {
    /// Opens a change `by` someone on `tournament`, taking its write lock and
    /// reading the tournament under it ([`Change::tournament`]); its events
    /// record them and the part they play in the tournament now (the action
    /// log, [`log`]).
    ///
    /// # Errors
    /// 404 `tournament_not_found`, or 503 when the database is down.
    pub async fn begin(ctx: &Ctx, tournament: TournamentId, by: &User) -> ApiResult<Change> {
        let (tx, t) = ctx.store.write(tournament).await?;
        let actor = Some(Actor { user: by.id, role: t.actor_role(by.id) });
        let next_seq = t.last_seq + 1;
        Ok(Change { tx, tournament: t, actor, events: Vec::new(), next_seq })
    }

    /// Opens a change the server makes on its own on `tournament` (no one's
    /// action: a step timer running out), taking its write lock; its events
    /// record no actor, so the action log does not list them.
    ///
    /// # Errors
    /// 404 `tournament_not_found`, or 503 when the database is down.
    pub async fn by_server(ctx: &Ctx, tournament: TournamentId) -> ApiResult<Change> {
        let (tx, t) = ctx.store.write(tournament).await?;
        let next_seq = t.last_seq + 1;
        Ok(Change { tx, tournament: t, actor: None, events: Vec::new(), next_seq })
    }

    /// Opens a change on `tournament` in `tx`, a write transaction that has
    /// read and checked what the change needs under a narrower lock first (a
    /// step of a team match's captains' process, under the match's lock:
    /// [`crate::store::Tx::lock_team_match`]): takes the tournament's write
    /// lock now, for the writes, the events and the commit only. `by` is who
    /// makes it (`None`: the server, as [`Change::by_server`]).
    ///
    /// The events are numbered as every change's: the tournament's
    /// `last_seq` read under its lock, moved on in this transaction, so a
    /// change that rolls back leaves no gap and the sequence follows the
    /// commits.
    ///
    /// # Errors
    /// 404 `tournament_not_found`, or 503 when the database is down.
    pub async fn within(ctx: &Ctx, mut tx: Tx, tournament: TournamentId, by: Option<&User>) -> ApiResult<Change> {
        let t = ctx.store.lock_in(&mut tx, tournament).await?;
        let actor = by.map(|u| Actor { user: u.id, role: t.actor_role(u.id) });
        let next_seq = t.last_seq + 1;
        Ok(Change { tx, tournament: t, actor, events: Vec::new(), next_seq })
    }

    /// Opens a change on tournament `t`, which this transaction has just
    /// inserted (by its owner).
    #[must_use]
    pub fn on_new(tx: Tx, t: Tournament, owner: &User) -> Change {
        let actor = Some(Actor { user: owner.id, role: ActorRole::Owner });
        let next_seq = t.last_seq + 1;
        Change { tx, tournament: t, actor, events: Vec::new(), next_seq }
    }

    /// The transaction, to read and write through.
    #[must_use]
    pub fn tx(&self) -> &Tx {
        &self.tx
    }

    /// The tournament as read when the change began (under its write lock,
    /// so no other change has moved it since); a service changes its own copy
    /// and saves it through [`Change::tx`].
    #[must_use]
    pub fn tournament(&self) -> &Tournament {
        &self.tournament
    }

    /// Appends an event with the next sequence number.
    ///
    /// # Errors
    /// The database failed.
    pub async fn emit(&mut self, data: EventData) -> ApiResult<()> {
        let payload = data.to_json().map_err(ApiError::internal)?;
        let e = StoredEvent {
            tournament_id: self.tournament.id,
            seq: self.next_seq,
            kind: data.kind().to_string(),
            payload,
            created_at: now_millis(),
            actor: self.actor,
        };
        self.tx.insert_event(&e).await?;
        self.next_seq += 1;
        self.events.push(LiveEvent::new(e.tournament_id, e.seq, e.created_at, data, &e.payload));
        Ok(())
    }

    /// The last event this change emitted: its sequence number and time (Unix ms).
    #[must_use]
    pub fn last_emitted(&self) -> Option<(i64, i64)> {
        self.events.last().map(|e| (e.seq, e.at))
    }

    /// Commits, then publishes the events. Returns the last sequence number.
    /// A team match's change whose commit did not wait for the disk
    /// ([`crate::store::Tx::lock_team_match`]) is made durable first
    /// ([`crate::store::Store::settle`], after the tournament's lock is
    /// released): nothing is published, nor answered, before it is.
    ///
    /// # Errors
    /// The commit failed: nothing changed and nothing is published. Or the
    /// settle failed (the database went away): committed, not published
    /// (the live rooms' check of the last events finds it).
    pub async fn commit(self, ctx: &Ctx) -> ApiResult<i64> {
        if let Some(last) = self.events.last() {
            self.tx.set_last_seq(self.tournament.id, last.seq).await?;
        }
        let unsettled = self.tx.unsettled();
        self.tx.commit().await?;
        if let Some(m) = unsettled {
            ctx.store.settle(m).await?;
        }
        let last = self.events.last().map_or(0, |e| e.seq);
        let published_us = crate::bus::now_micros();
        ctx.bus.publish(
            self.events
                .into_iter()
                .map(|mut e| {
                    e.stamps.published_us = published_us;
                    Arc::new(e)
                })
                .collect(),
        );
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
    if t.status == TournamentStatus::Draft && viewer.is_none_or(|u| !t.staffed_by(u.id)) {
        return Err(ApiError::not_found(Code::TournamentNotFound, "There is no tournament with this id."));
    }
    Ok(t)
}

/// Checks that `user` has the organiser's rights on the tournament: its
/// owner or a co-organiser.
///
/// # Errors
/// 403 `not_tournament_organiser`.
pub fn require_to(t: &Tournament, user: &User, action: &str) -> ApiResult<()> {
    if t.organised_by(user.id) {
        Ok(())
    } else if t.staff_role(user.id).is_some() {
        Err(ApiError::forbidden(
            Code::NotTournamentOrganiser,
            format!("A judge cannot {action}: only the tournament's organisers can."),
        ))
    } else {
        Err(ApiError::forbidden(Code::NotTournamentOrganiser, format!("Only the tournament organiser can {action}.")))
    }
}

/// Checks `user` may act as a judge of `t`: results, disputes, overrides,
/// check-in (the owner, a co-organiser or a judge).
///
/// # Errors
/// 403 `not_tournament_staff`.
pub fn require_judge(t: &Tournament, user: &User, action: &str) -> ApiResult<()> {
    if t.staffed_by(user.id) {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            Code::NotTournamentStaff,
            format!("Only the tournament's organisers and judges can {action}."),
        ))
    }
}

/// Checks a judge does not decide their own game: `own` says whether the
/// thing decided (a table's result, a registration's score) is `user`'s. An
/// organiser (owner or co-organiser) may; a judge who also plays may not, so
/// the opponent's word is not overruled by the other side of the board.
///
/// # Errors
/// 403 `own_game`.
pub fn require_not_own_game(t: &Tournament, user: &User, own: bool, what: &str) -> ApiResult<()> {
    if own && !t.organised_by(user.id) {
        Err(ApiError::forbidden(
            Code::OwnGame,
            format!("You play in this game: as a judge you cannot {what}; an organiser decides it."),
        ))
    } else {
        Ok(())
    }
}

/// Checks `user` owns `t` (managing its staff is the owner's alone).
///
/// # Errors
/// 403 `not_owner`.
pub fn require_owner(t: &Tournament, user: &User, action: &str) -> ApiResult<()> {
    if t.owner_id == user.id {
        Ok(())
    } else {
        Err(ApiError::forbidden(Code::NotOwner, format!("Only the tournament's owner can {action}.")))
    }
}

/// The words a form uses for an API field, for messages a person reads
/// ("The name must not be empty."): its label `field-` and the field (`_` as
/// `-`) in `web/locales/*/errors.ftl`, rendered in each language; the field
/// itself goes in the error's `details` for programs. A field with no label is
/// named as it is.
#[must_use]
pub fn field_label(field: &str) -> Fill {
    let id = format!("field-{}", field.replace('_', "-"));
    Fill::Message(if Lang::En.has(&id) { id } else { field.to_string() })
}

/// A game's name (`game-` and the game in `main.ftl`), rendered in each language.
#[must_use]
pub fn game_label(game: Game) -> Fill {
    Fill::Message(format!("game-{}", game.as_str()))
}

/// [`field_label`] in English.
#[must_use]
pub fn field_words(field: &str) -> String {
    match field_label(field) {
        Fill::Message(id) if Lang::En.has(&id) => Lang::En.t(&id),
        Fill::Message(s) => s,
        _ => field.to_string(),
    }
}

/// A 422 `invalid_field` about `field`: the message `id` of `errors.ftl`,
/// given the field's label as `$field` (see [`field_label`]) besides `args`;
/// `details` names the field.
#[must_use]
pub fn invalid_field(field: &str, id: &'static str, args: impl IntoIterator<Item = (&'static str, Fill)>) -> ApiError {
    ApiError::invalid(Code::InvalidField, "")
        .text(id, std::iter::once(("field", field_label(field))).chain(args))
        .with_details(serde_json::json!({ "field": field }))
}

/// Trims `s` and checks its length is within `1..=max` characters.
///
/// # Errors
/// 422 `invalid_field` in the form's words (see [`field_words`]), naming `field` in `details`.
pub fn clean_text(field: &str, s: &str, max: usize) -> ApiResult<String> {
    let t = s.trim();
    if t.is_empty() {
        return Err(invalid_field(field, "refusal-field-empty", []));
    }
    if t.chars().count() > max {
        return Err(invalid_field(field, "refusal-field-too-long", [("max", Fill::from(&max))]));
    }
    if t.chars().any(char::is_control) {
        return Err(invalid_field(field, "refusal-field-one-line", []));
    }
    Ok(t.to_string())
}

/// Checks `t` takes entrants one by one (a singles event): in a team event
/// players join with a team.
///
/// # Errors
/// 409 `teams_only`.
pub fn require_singles(t: &Tournament) -> ApiResult<()> {
    if t.teams.is_some() {
        return Err(ApiError::conflict(
            Code::TeamsOnly,
            "This is a team event: players join with a team (its captain registers it), not alone.",
        ));
    }
    Ok(())
}

/// 404 `round_not_found`.
pub(crate) fn round_not_found() -> ApiError {
    ApiError::not_found(Code::RoundNotFound, "There is no round with this id.")
}

/// The standings as `GET …/standings` answers them, for any event: a chess
/// team event's team standings ([`teams::chess_results::read_standings`]),
/// otherwise [`standings::read`] (singles, doubles, and 40K teams ranked by
/// the team standings).
///
/// # Errors
/// As [`standings::read`].
pub async fn standings_of(
    ctx: &Ctx,
    id: TournamentId,
    viewer: Option<&User>,
    after_round: Option<u32>,
) -> ApiResult<(usize, Vec<arbiter_web::views::StandingView>, arbiter_web::views::StandingsMeta)> {
    let t = visible(&ctx.store.read().await?, id, viewer).await?;
    if teams::chess_event::is_chess_teams(&t) {
        return teams::chess_results::read_standings(ctx, t, after_round).await;
    }
    standings::read(ctx, id, viewer, after_round).await
}
