//! The tournament events: what every committed change records, in one typed
//! model from the service that emits it to the frame a client reads.
//!
//! An event is stored as its `kind` and its `data` (JSON text, in the
//! `events` table, with the tournament's next sequence number) and travels as
//! a [`LiveEvent`]: the typed [`EventData`] for rooms to match on, and its
//! `event` frame, serialised once and shared by every client of the raw event
//! stream.
//!
//! Wire format, version 1 (`"v":1`): the frame
//! `{"v":1,"type":"event","tournament":ID,"seq":N,"kind":K,"at":MS,"data":{…}}`,
//! where `kind` and `data` are [`EventData`]'s tag and content (`kind` in
//! snake_case). New kinds may be added within version 1 (clients ignore
//! kinds they do not know); a change to an existing kind's `data` is a new
//! protocol version.

use super::payloads::{PrizesNotice, SettingsChange, StandingsCause, StepExpiry};
use crate::domain::{PairingId, PlayerId, PrizeRunId, TournamentId};
use crate::store::StoredEvent;
use arbiter_web::views::playoffs::BracketView;
use arbiter_web::views::ratings::RatingsChangedView;
use arbiter_web::views::{
    AdjustmentView, ByeView, ClockView, Imported, NoticeView, PairingView, PlayerView, Published, ResolutionView,
    RoundView, TiebreaksChange, TournamentView,
};
use bytestring::ByteString;
use serde::{Deserialize, Serialize};

/// The protocol version of frames and stored event data.
pub const VERSION: u32 = 1;

/// What changed: one variant per kind of event, serialised as
/// `{"kind": "snake_case_name", "data": {…}}`.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", content = "data", rename_all = "snake_case")]
pub enum EventData {
    /// The tournament was created (seq 1).
    TournamentCreated {
        /// The tournament.
        tournament: TournamentView,
    },
    /// The tournament moved to its next lifecycle stage.
    StatusAdvanced {
        /// The tournament in its new stage.
        tournament: TournamentView,
    },
    /// A player registered.
    PlayerRegistered {
        /// The registration (without its list).
        player: PlayerView,
    },
    /// A player edited their list (the text itself is not in the event).
    ListUpdated {
        /// The registration.
        player: PlayerView,
    },
    /// The TO edited a player's profile (rating, title, club…).
    PlayerUpdated {
        /// The registration.
        player: PlayerView,
    },
    /// A player checked in.
    PlayerCheckedIn {
        /// The registration.
        player: PlayerView,
    },
    /// A player withdrew.
    PlayerDropped {
        /// The registration.
        player: PlayerView,
    },
    /// The TO removed a player.
    PlayerRemoved {
        /// The registration.
        player: PlayerView,
    },
    /// Lists locked: now readable by everyone.
    ListsLocked {
        /// The tournament.
        tournament: TournamentView,
    },
    /// The TO unlocked the lists: players edit them again, and only the TO reads them.
    ListsUnlocked {
        /// The tournament.
        tournament: TournamentView,
    },
    /// The organisers corrected a player's details (name, faction, profile).
    PlayerEdited {
        /// The registration as it now is.
        player: PlayerView,
        /// Who, when, and each field before and after.
        change: SettingsChange,
    },
    /// Staff added a penalty, bonus, painting or sportsmanship score to a
    /// player, or took one back (`removed`); `standings_changed` follows.
    PlayerAdjusted {
        /// The registration as it now is, with its adjustments.
        player: PlayerView,
        /// The adjustment added or taken back.
        adjustment: AdjustmentView,
        /// Whether it was taken back.
        removed: bool,
    },
    /// The TO reinstated a player who had dropped (or been removed): they
    /// are paired again from the next round.
    PlayerReinstated {
        /// The registration.
        player: PlayerView,
    },
    /// A registration joined the waitlist: the cap is reached (its
    /// `waitlist` is its place).
    PlayerWaitlisted {
        /// The registration, with its place.
        player: PlayerView,
    },
    /// A waiting player got a place: one freed (`automatic`), or the
    /// organiser let them in by hand.
    WaitlistPromoted {
        /// The registration, now an entrant.
        player: PlayerView,
        /// Whether a freed place promoted them (not the organiser's hand).
        automatic: bool,
    },
    /// The waitlist changed (a promotion, a departure, the organiser's new
    /// order): every waiting registration with its place, first first.
    WaitlistChanged {
        /// The waiting registrations.
        waitlist: Vec<PlayerView>,
    },
    /// A round was created (no pairings yet).
    RoundCreated {
        /// The round.
        round: RoundView,
    },
    /// Pairings generated and published.
    PairingsPublished(Published),
    /// A player reported a result.
    ResultReported {
        /// The table.
        pairing: PairingView,
    },
    /// The opponent confirmed the reported result.
    ResultConfirmed {
        /// The table.
        pairing: PairingView,
    },
    /// The opponent disputed the reported result.
    ResultDisputed {
        /// The table.
        pairing: PairingView,
    },
    /// The TO set the result.
    ResultOverridden {
        /// The table.
        pairing: PairingView,
    },
    /// The reporter corrected their report before the opponent confirmed it.
    ReportCorrected {
        /// The table, with the corrected score.
        pairing: PairingView,
    },
    /// The reporter withdrew their report: the table is unreported again.
    ReportWithdrawn {
        /// The table.
        pairing: PairingView,
    },
    /// The player who disputed withdrew the dispute: the report waits for
    /// their confirmation again.
    DisputeWithdrawn {
        /// The table.
        pairing: PairingView,
    },
    /// The TO closed the round.
    RoundClosed {
        /// The round.
        round: RoundView,
    },
    /// The TO withdrew a round's pairings before any result: it is PENDING again.
    PairingsWithdrawn {
        /// The round, without pairings.
        round: RoundView,
    },
    /// The TO deleted the latest round (it had no pairings). Live pages
    /// take a fresh snapshot: the latest round is the one before.
    RoundDeleted {
        /// The round deleted.
        deleted: RoundView,
    },
    /// The TO reopened the latest round after closing it: ACTIVE again.
    RoundReopened {
        /// The round, with its pairings.
        round: RoundView,
    },
    /// The standings changed. The table itself is not in the event (it can be
    /// thousands of rows): read it from `GET …/standings`, or follow the
    /// `standings` live view, which the rooms recompute.
    StandingsChanged(StandingsCause),
    /// Elo ratings moved (a round closed, or a result in a closed round was overridden).
    RatingsChanged {
        /// Every account whose rating changed.
        ratings: RatingsChangedView,
    },
    /// The organisers changed the event's settings (name, date, venue,
    /// format, rounds, missions, round times).
    SettingsChanged {
        /// The tournament as it now is.
        tournament: TournamentView,
        /// Who, when, and each field before and after.
        change: SettingsChange,
    },
    /// The TO changed the tie-breaks or point values.
    StandingsConfigChanged {
        /// The tournament with its new configuration.
        tournament: TournamentView,
        /// Who, when, and whether round 1 was already paired.
        change: TiebreaksChange,
    },
    /// The TO ordered an open tie (= or ↓).
    TieResolved {
        /// The decision.
        resolution: ResolutionView,
        /// `confirm` (=), `swap` (↓) or `draw_lots` (C.07 art. 4.2).
        action: String,
        /// The player the TO acted on.
        player_id: PlayerId,
    },
    /// TO tie orders dropped because results changed their tie.
    TieResolutionsDropped {
        /// What was dropped, and why.
        notices: Vec<NoticeView>,
    },
    /// The TO dismissed the notices of dropped tie orders.
    TieNoticesDismissed {
        /// How many notices there were.
        count: usize,
    },
    /// A bye was arranged for a round not yet paired.
    ByeRequested {
        /// The registration.
        player: PlayerView,
        /// The bye.
        bye: ByeView,
    },
    /// A bye arranged for a round not yet paired was cancelled.
    ByeCancelled {
        /// The registration.
        player: PlayerView,
        /// The round, 1-based.
        round: u32,
    },
    /// The TO imported a starting roster (CSV): `imported` entries at once;
    /// read the players afresh.
    RosterImported {
        /// The tournament, with its new number of players.
        tournament: TournamentView,
        /// How many entries the roster added.
        imported: usize,
        /// The seed of the draw that gave the registration numbers, when
        /// the roster's rows were shuffled instead of taken in file order.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        shuffle_seed: Option<u32>,
    },
    /// The TO imported players and played rounds from a TRF.
    TrfImported {
        /// The tournament.
        tournament: TournamentView,
        /// What was created.
        imported: Imported,
    },
    /// The TO published a prize allocation; read it from `GET …/prizes`.
    PrizesPublished {
        /// Which run, when, and how many prizes.
        prizes: PrizesNotice,
    },
    /// The TO took the published prizes back: no prize list is public until
    /// a run is published again.
    PrizesUnpublished {
        /// The run that was public.
        run_id: PrizeRunId,
    },
    /// The TO started, paused, resumed, extended or ended a round's clock.
    ClockChanged {
        /// The clock as it now is.
        clock: ClockView,
    },
    /// The top cut changed: the TO set or removed the playoff stage, a playoff
    /// round was paired, or a playoff result now counts.
    BracketChanged {
        /// The bracket as it now is; `None` when the TO removed the playoff stage.
        bracket: Option<BracketView>,
    },
    /// A step of a 40K team match's captains' pairing process changed (a
    /// lock, a reveal, the roll-off, or the TO's override, expiry or undo).
    /// It carries no choice: each viewer reads its own view of the process
    /// (`GET /api/matches/{id}/process`, or the pairing room's frame).
    ProcessChanged {
        /// The team match.
        match_id: PairingId,
        /// The number of actions the process has recorded (1 after the first).
        step: u32,
    },
    /// The timer of a step of a team match's captains' pairing process ran
    /// out with a team still to lock: announced once per step by the server
    /// itself (no actor), for the organisers' queue, with their options.
    StepTimerExpired {
        /// The match, the step, the teams waited for and what can be done.
        expiry: StepExpiry,
    },
    /// A team match's captains' pairing process finished: its games are
    /// set, at their tables.
    MatchGamesPaired {
        /// The team match.
        match_id: PairingId,
        /// The games, board 1 first.
        games: Vec<PairingView>,
    },
    /// A game of a team match counted (confirmed or set by the TO): the
    /// match's score is the sum of its games' converted scores, and its
    /// result is set once every game counts.
    TeamMatchScored {
        /// The team match, with its score so far.
        pairing: PairingView,
    },
    /// A team was registered, or its roster, check-in or standing changed
    /// (lists are not in the event).
    TeamChanged {
        /// The team as it now is.
        team: arbiter_web::views::teams::TeamView,
    },
    /// A team's captain (or the organisers) set who plays a round; the
    /// latest one for a team and round is its lineup.
    LineupSet {
        /// The team.
        team: PlayerId,
        /// The round number.
        round: u32,
        /// The members who play, in board order (board 1 first).
        players: Vec<PlayerId>,
    },
    /// A kind this build does not know (written by a newer instance): passed
    /// on to raw event streams as stored, shown by no view.
    #[serde(other)]
    Unknown,
}

impl EventData {
    /// The wire name of the kind (`result_confirmed`).
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            EventData::TournamentCreated { .. } => "tournament_created",
            EventData::StatusAdvanced { .. } => "status_advanced",
            EventData::PlayerRegistered { .. } => "player_registered",
            EventData::ListUpdated { .. } => "list_updated",
            EventData::PlayerUpdated { .. } => "player_updated",
            EventData::PlayerCheckedIn { .. } => "player_checked_in",
            EventData::PlayerDropped { .. } => "player_dropped",
            EventData::PlayerRemoved { .. } => "player_removed",
            EventData::ListsLocked { .. } => "lists_locked",
            EventData::ListsUnlocked { .. } => "lists_unlocked",
            EventData::PlayerReinstated { .. } => "player_reinstated",
            EventData::PlayerAdjusted { .. } => "player_adjusted",
            EventData::PlayerEdited { .. } => "player_edited",
            EventData::PlayerWaitlisted { .. } => "player_waitlisted",
            EventData::WaitlistPromoted { .. } => "waitlist_promoted",
            EventData::WaitlistChanged { .. } => "waitlist_changed",
            EventData::RoundCreated { .. } => "round_created",
            EventData::PairingsPublished(_) => "pairings_published",
            EventData::ResultReported { .. } => "result_reported",
            EventData::ResultConfirmed { .. } => "result_confirmed",
            EventData::ResultDisputed { .. } => "result_disputed",
            EventData::ResultOverridden { .. } => "result_overridden",
            EventData::ReportCorrected { .. } => "report_corrected",
            EventData::ReportWithdrawn { .. } => "report_withdrawn",
            EventData::DisputeWithdrawn { .. } => "dispute_withdrawn",
            EventData::RoundClosed { .. } => "round_closed",
            EventData::PairingsWithdrawn { .. } => "pairings_withdrawn",
            EventData::RoundDeleted { .. } => "round_deleted",
            EventData::RoundReopened { .. } => "round_reopened",
            EventData::StandingsChanged(_) => "standings_changed",
            EventData::RatingsChanged { .. } => "ratings_changed",
            EventData::StandingsConfigChanged { .. } => "standings_config_changed",
            EventData::SettingsChanged { .. } => "settings_changed",
            EventData::TieResolved { .. } => "tie_resolved",
            EventData::TieResolutionsDropped { .. } => "tie_resolutions_dropped",
            EventData::TieNoticesDismissed { .. } => "tie_notices_dismissed",
            EventData::ByeRequested { .. } => "bye_requested",
            EventData::ByeCancelled { .. } => "bye_cancelled",
            EventData::TrfImported { .. } => "trf_imported",
            EventData::RosterImported { .. } => "roster_imported",
            EventData::PrizesPublished { .. } => "prizes_published",
            EventData::PrizesUnpublished { .. } => "prizes_unpublished",
            EventData::ClockChanged { .. } => "clock_changed",
            EventData::BracketChanged { .. } => "bracket_changed",
            EventData::ProcessChanged { .. } => "process_changed",
            EventData::StepTimerExpired { .. } => "step_timer_expired",
            EventData::MatchGamesPaired { .. } => "match_games_paired",
            EventData::TeamMatchScored { .. } => "team_match_scored",
            EventData::TeamChanged { .. } => "team_changed",
            EventData::LineupSet { .. } => "lineup_set",
            EventData::Unknown => "unknown",
        }
    }

    /// The data as stored and sent (the JSON of the variant's content).
    ///
    /// # Errors
    /// Serialisation failed (never for these types).
    pub fn to_json(&self) -> serde_json::Result<String> {
        #[derive(Deserialize)]
        struct Content<'a> {
            #[serde(borrow)]
            data: Option<&'a serde_json::value::RawValue>,
        }
        let tagged = serde_json::to_string(self)?;
        let content: Content<'_> = serde_json::from_str(&tagged)?;
        Ok(content.data.map_or_else(|| "null".to_string(), |d| d.get().to_string()))
    }

    /// Reads an event's data as stored: its `kind` and the JSON of its `data`.
    /// A kind this build does not know reads as [`EventData::Unknown`].
    ///
    /// # Errors
    /// The data does not fit the kind.
    pub fn from_json(kind: &str, data: &str) -> serde_json::Result<EventData> {
        #[derive(Serialize)]
        struct Tagged<'a> {
            kind: &'a str,
            #[serde(skip_serializing_if = "Option::is_none")]
            data: Option<&'a serde_json::value::RawValue>,
        }
        let raw: &serde_json::value::RawValue = serde_json::from_str(data)?;
        let read = |data| serde_json::to_string(&Tagged { kind, data }).and_then(|t| serde_json::from_str(&t));
        read(Some(raw)).or_else(|err| match read(None) {
            // Only an unknown kind reads without its data.
            Ok(EventData::Unknown) => Ok(EventData::Unknown),
            _ => Err(err),
        })
    }

    /// The round the event carries (created, published or closed).
    #[must_use]
    pub const fn round(&self) -> Option<&RoundView> {
        match self {
            EventData::RoundCreated { round }
            | EventData::RoundClosed { round }
            | EventData::PairingsWithdrawn { round }
            | EventData::RoundReopened { round } => Some(round),
            EventData::PairingsPublished(p) => Some(&p.round),
            _ => None,
        }
    }

    /// The same event carrying `round` instead (a view's cut of its tables).
    /// Events without a round are returned unchanged.
    #[must_use]
    pub fn with_round(&self, round: RoundView) -> EventData {
        match self {
            EventData::RoundCreated { .. } => EventData::RoundCreated { round },
            EventData::RoundClosed { .. } => EventData::RoundClosed { round },
            EventData::PairingsWithdrawn { .. } => EventData::PairingsWithdrawn { round },
            EventData::RoundReopened { .. } => EventData::RoundReopened { round },
            EventData::PairingsPublished(p) => EventData::PairingsPublished(Published {
                round,
                warnings: p.warnings.clone(),
                tournament: p.tournament.clone(),
            }),
            other => other.clone(),
        }
    }

    /// The table whose result the event records.
    #[must_use]
    pub const fn pairing(&self) -> Option<&PairingView> {
        match self {
            EventData::ResultReported { pairing }
            | EventData::ResultConfirmed { pairing }
            | EventData::ResultDisputed { pairing }
            | EventData::ResultOverridden { pairing }
            | EventData::ReportCorrected { pairing }
            | EventData::ReportWithdrawn { pairing }
            | EventData::DisputeWithdrawn { pairing } => Some(pairing),
            _ => None,
        }
    }

    /// The registration the event is about.
    #[must_use]
    pub const fn player(&self) -> Option<&PlayerView> {
        match self {
            EventData::PlayerRegistered { player }
            | EventData::ListUpdated { player }
            | EventData::PlayerUpdated { player }
            | EventData::PlayerCheckedIn { player }
            | EventData::PlayerDropped { player }
            | EventData::PlayerRemoved { player }
            | EventData::PlayerReinstated { player }
            | EventData::PlayerWaitlisted { player }
            | EventData::WaitlistPromoted { player, .. }
            | EventData::PlayerEdited { player, .. }
            | EventData::PlayerAdjusted { player, .. }
            | EventData::ByeRequested { player, .. }
            | EventData::ByeCancelled { player, .. } => Some(player),
            _ => None,
        }
    }

    /// Whether the event changes who is ranked or how (the standings views recompute).
    #[must_use]
    pub const fn moves_standings(&self) -> bool {
        matches!(
            self,
            EventData::StandingsChanged(_)
                | EventData::PlayerRegistered { .. }
                | EventData::RosterImported { .. }
                | EventData::PlayerDropped { .. }
                | EventData::PlayerRemoved { .. }
                | EventData::PlayerReinstated { .. }
                | EventData::WaitlistPromoted { .. }
                | EventData::PlayerEdited { .. }
        )
    }
}

/// A committed tournament event as it travels: over the bus, through rooms,
/// to sockets.
#[derive(Clone, Debug)]
pub struct LiveEvent {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// Its per-tournament sequence number.
    pub seq: i64,
    /// When it was committed (Unix ms; written just before the commit).
    pub at: i64,
    /// What changed.
    pub data: EventData,
    /// The `event` frame, serialised once and shared by every client of the
    /// raw event stream (see the module documentation for its shape).
    pub frame: ByteString,
    /// When it travelled, for the live stages' timings (not part of any frame).
    pub stamps: Stamps,
}

/// When an event was written and published, in wall-clock microseconds
/// since the Unix epoch (0: unknown, e.g. an event read back from the
/// database). Carried over Redis so that every instance times the stages
/// from commit to socket (`arbiter_live_stage_seconds`, see
/// `crate::live::stats`); instances on one network share a clock closely
/// enough for millisecond stages (NTP), on one machine exactly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stamps {
    /// Appended to the change's transaction (just before the commit; the
    /// frame's `at` is the same moment in milliseconds).
    pub emitted_us: i64,
    /// Handed to the bus, after the commit.
    pub published_us: i64,
}

/// Wall-clock microseconds since the Unix epoch.
#[must_use]
pub fn now_micros() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX))
}

/// The fields of an `event` frame.
#[derive(Deserialize)]
struct FrameFields<'a> {
    tournament: TournamentId,
    seq: i64,
    at: i64,
    kind: &'a str,
    #[serde(borrow)]
    data: &'a serde_json::value::RawValue,
}

impl LiveEvent {
    /// A just-stored event: its typed `data` and the JSON text stored for it.
    #[must_use]
    pub fn new(tournament_id: TournamentId, seq: i64, at: i64, data: EventData, json: &str) -> LiveEvent {
        let frame = event_frame(tournament_id, seq, at, data.kind(), json);
        let stamps = Stamps { emitted_us: now_micros(), published_us: 0 };
        LiveEvent { tournament_id, seq, at, data, frame, stamps }
    }

    /// An event read back from the database. Data that does not fit its kind
    /// (written by another build) is logged and read as [`EventData::Unknown`]:
    /// raw event streams still get it as stored, views skip it.
    #[must_use]
    pub fn from_stored(e: &StoredEvent) -> LiveEvent {
        let data = EventData::from_json(&e.kind, &e.payload).unwrap_or_else(|err| {
            tracing::error!(tournament = %e.tournament_id, seq = e.seq, kind = %e.kind, error = %err, "event data does not fit its kind");
            EventData::Unknown
        });
        let (tournament_id, seq, at) = (e.tournament_id, e.seq, e.created_at);
        LiveEvent { tournament_id, seq, at, data, frame: frame_of(e), stamps: Stamps::default() }
    }

    /// The event read back from its frame (as another instance published it).
    ///
    /// # Errors
    /// The frame is not an event frame.
    pub fn from_frame(frame: ByteString) -> serde_json::Result<LiveEvent> {
        let f: FrameFields<'_> = serde_json::from_str(&frame)?;
        let data = EventData::from_json(f.kind, f.data.get())?;
        let (tournament_id, seq, at) = (f.tournament, f.seq, f.at);
        Ok(LiveEvent { tournament_id, seq, at, data, frame, stamps: Stamps::default() })
    }

    /// The event's kind (`result_confirmed`).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        self.data.kind()
    }
}

/// The `event` frame of a stored event, for raw event streams (a replay, a
/// gap filled): its data is already JSON, written in place, not parsed.
#[must_use]
pub fn frame_of(e: &StoredEvent) -> ByteString {
    event_frame(e.tournament_id, e.seq, e.created_at, &e.kind, &e.payload)
}

/// An `event` frame around data that is already JSON. Frames are public
/// (any viewer of the event's stream, `GET …/events`): a correction of a
/// player's details is sent without the profile's private fields, which
/// stay in the stored event for the organisers' history.
fn event_frame(tournament: TournamentId, seq: i64, at: i64, kind: &str, data: &str) -> ByteString {
    let public;
    let data = if kind == "player_edited" {
        public = public_player_edit(data);
        public.as_deref().unwrap_or(data)
    } else {
        data
    };
    let kind = serde_json::to_string(kind).unwrap_or_else(|_| "\"unknown\"".into());
    ByteString::from(format!(
        r#"{{"v":{VERSION},"type":"event","tournament":"{tournament}","seq":{seq},"kind":{kind},"at":{at},"data":{data}}}"#
    ))
}

/// A `player_edited` event's data without the private profile fields (its
/// player is already a public view); `None` when it does not parse.
fn public_player_edit(data: &str) -> Option<String> {
    match EventData::from_json("player_edited", data).ok()? {
        EventData::PlayerEdited { player, change } => {
            EventData::PlayerEdited { player, change: change.without_private() }.to_json().ok()
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bus::Cause;
    use crate::domain::RoundId;
    use uuid::Uuid;

    fn round() -> RoundView {
        RoundView {
            id: RoundId::random(),
            number: 2,
            status: arbiter_web::views::sets::RoundStatus::Active,
            mission: "m".into(),
            pairings: Vec::new(),
            tables_total: 0,
            playoff: false,
            stage: None,
        }
    }

    fn stored(seq: i64, kind: &str, payload: &str) -> StoredEvent {
        let at = if seq == 1 { 1 } else { 1000 };
        StoredEvent {
            tournament_id: TournamentId::from_uuid(Uuid::nil()),
            seq,
            kind: kind.into(),
            payload: payload.into(),
            created_at: at,
            actor: None,
        }
    }

    #[test]
    fn stored_data_reads_back_as_the_same_event_and_frame() {
        let e = EventData::StandingsChanged(StandingsCause {
            cause: Cause::ResultConfirmed,
            round: Some(3),
            pairing_id: Some(PairingId::from_uuid(Uuid::nil())),
        });
        let data = e.to_json().unwrap();
        assert_eq!(
            data,
            r#"{"cause":"result_confirmed","round":3,"pairing_id":"00000000-0000-0000-0000-000000000000"}"#
        );
        let live = LiveEvent::from_stored(&stored(7, e.kind(), &data));
        let frame: serde_json::Value = serde_json::from_str(&live.frame).unwrap();
        assert_eq!(frame["v"], 1);
        assert_eq!(frame["type"], "event");
        assert_eq!(frame["seq"], 7);
        assert_eq!(frame["kind"], "standings_changed");
        assert_eq!(frame["data"]["round"], 3);
        let back = LiveEvent::from_frame(live.frame.clone()).unwrap();
        assert_eq!(
            (back.tournament_id.uuid(), back.seq, back.at, back.kind()),
            (Uuid::nil(), 7, 1000, "standings_changed")
        );
        assert!(matches!(back.data, EventData::StandingsChanged(c) if c.cause == Cause::ResultConfirmed));
    }

    #[test]
    fn the_kind_is_the_serialised_tag() {
        let events = [
            EventData::RoundCreated { round: round() },
            EventData::PairingsPublished(Published { round: round(), warnings: vec![], tournament: None }),
            EventData::StandingsChanged(StandingsCause::of(Cause::TieResolved)),
            EventData::TieNoticesDismissed { count: 2 },
            EventData::PrizesPublished {
                prizes: PrizesNotice { run_id: PrizeRunId::random(), published_at: 1, prize_count: 3 },
            },
        ];
        for e in events {
            let v = serde_json::to_value(&e).unwrap();
            assert_eq!(v["kind"], e.kind());
        }
    }

    #[test]
    fn unknown_kinds_and_causes_are_read_not_refused() {
        let e = EventData::from_json("medal_ceremony", r#"{"x":1}"#).unwrap();
        assert!(matches!(e, EventData::Unknown));
        let live = LiveEvent::from_stored(&stored(1, "medal_ceremony", r#"{"x":1}"#));
        assert!(live.frame.contains(r#""kind":"medal_ceremony","at":1,"data":{"x":1}"#), "{}", live.frame);
        let c = EventData::from_json("standings_changed", r#"{"cause":"bye","player_id":"p"}"#).unwrap();
        assert!(matches!(c, EventData::StandingsChanged(StandingsCause { cause: Cause::Other, .. })));
        assert!(EventData::from_json("result_confirmed", r#"{"pairing":7}"#).is_err());
        let misfit = LiveEvent::from_stored(&stored(2, "result_confirmed", r#"{"pairing":7}"#));
        assert!(matches!(misfit.data, EventData::Unknown), "a misfit is passed on raw, shown by no view");
        assert!(misfit.frame.contains(r#""data":{"pairing":7}"#));
    }
}
